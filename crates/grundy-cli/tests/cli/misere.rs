//! `analyze --misere` through the binary: sums of heaps answered by the
//! misère quotient, and misère staircase Nim in closed form.

use crate::common;

use common::{grundy, json_of};
use serde_json::{json, Value};

/// The positions (sorted, empty heaps dropped) one Kayles move reaches from
/// heap `i` of `heaps`, heap by heap: take 1 or 2, leaving up to two heaps.
fn kayles_options(heaps: &[u64], i: usize) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for take in 1..=2 {
        let Some(rest) = heaps[i].checked_sub(take) else {
            continue;
        };
        for a in 0..=rest / 2 {
            let mut next: Vec<u64> = [&heaps[..i], &heaps[i + 1..], &[a, rest - a]].concat();
            next.retain(|&h| h > 0);
            next.sort_unstable();
            options.push(next);
        }
    }
    options.sort();
    options.dedup();
    options
}

/// `analyze GAME POSITION --misere` in JSON.
fn analyze_misere(game: &str, position: &[u64]) -> Value {
    let mut args: Vec<String> = vec!["analyze".into(), game.into()];
    args.extend(position.iter().map(u64::to_string));
    args.push("--misere".into());
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    json_of(&words)
}

/// The coordinates a listed move reaches.
fn reached(winning_move: &Value) -> Vec<u64> {
    serde_json::from_value(winning_move["to"].clone()).expect("a list of numbers")
}

/// The element of a sum of heaps in a quotient printed by `period --misere`.
fn element(quotient: &Value, heaps: &[u64]) -> usize {
    let names = quotient["elements"].as_array().unwrap();
    let index = |name: &Value| names.iter().position(|n| n == name).unwrap();
    heaps.iter().fold(0, |x, &h| {
        let y = index(&quotient["heaps"][h as usize]);
        quotient["table"][x][y].as_u64().unwrap() as usize
    })
}

/// Whether a sum is in the P-portion of the printed quotient.
fn in_p(quotient: &Value, heaps: &[u64]) -> bool {
    let name = &quotient["elements"][element(quotient, heaps)];
    quotient["p_portion"].as_array().unwrap().contains(name)
}

/// A sum of thirty Kayles heaps, beyond the search: answered through the
/// quotient of heaps up to 8, and every option of the sum is listed exactly
/// when the quotient that `period --misere` prints puts it in P.
#[test]
fn a_kayles_sum_beyond_the_search_is_answered_by_its_quotient() {
    let heaps: Vec<u64> = (0..30).map(|i| 1 + (i * 5) % 8).collect();
    let answer = analyze_misere("kayles", &heaps);
    let method = answer["method"].as_str().unwrap();
    assert!(
        method.starts_with("misère quotient of heaps up to 8 (Plambeck-Siegel), verified"),
        "{method}"
    );
    assert_eq!(answer["grundy"], Value::Null);
    let quotient = json_of(&["period", "kayles", "--misere", "--max", "8"]);
    let p = in_p(&quotient, &heaps);
    assert_eq!(answer["outcome"], if p { "P" } else { "N" });
    let mut expected: Vec<Vec<u64>> = (0..heaps.len())
        .flat_map(|i| kayles_options(&heaps, i))
        .filter(|next| in_p(&quotient, next))
        .collect();
    expected.sort();
    let mut found: Vec<Vec<u64>> = answer["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut to = reached(m);
            to.retain(|&h| h > 0);
            to.sort_unstable();
            to
        })
        .collect();
    found.sort();
    assert!(!found.is_empty());
    assert_eq!(found, expected);
}

/// Misère staircase Nim by exhaustive search of its tree.
fn staircase_misere_p(stairs: &[u64]) -> bool {
    misere_p_memo(stairs, &mut std::collections::HashMap::new())
}

/// [`staircase_misere_p`] remembering each staircase met (without it,
/// `3 4 5` took a minute and a half).
fn misere_p_memo(stairs: &[u64], seen: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&p) = seen.get(stairs) {
        return p;
    }
    let mut any = false;
    let mut p = true;
    'moves: for i in 0..stairs.len() {
        for c in 1..=stairs[i] {
            any = true;
            let mut next = stairs.to_vec();
            next[i] -= c;
            if i > 0 {
                next[i - 1] += c;
            }
            if misere_p_memo(&next, seen) {
                p = false;
                break 'moves;
            }
        }
    }
    // The player who cannot move has won: the empty staircase is N.
    let p = p && any;
    seen.insert(stairs.to_vec(), p);
    p
}

#[test]
fn misere_staircase_is_misere_nim_on_the_odd_stairs() {
    for stairs in [
        vec![0, 3, 0, 1],
        vec![1, 2],
        vec![3, 4, 5],
        vec![1, 1, 1],
        vec![2, 0, 2],
        vec![0, 2],
    ] {
        let answer = analyze_misere("staircase", &stairs);
        assert!(answer["method"]
            .as_str()
            .unwrap()
            .starts_with("closed form: misère Nim on the odd-numbered stairs"));
        let p = staircase_misere_p(&stairs);
        assert_eq!(answer["outcome"], if p { "P" } else { "N" }, "{stairs:?}");
        for m in answer["winning_moves"].as_array().unwrap() {
            let to = reached(m);
            assert!(staircase_misere_p(&to), "{stairs:?} -> {to:?}");
        }
    }
    // At any size: the one winning move empties stair 1 down to 7.
    let big = json_of(&[
        "analyze",
        "staircase",
        "123456789012345678901234567890",
        "5",
        "7",
        "--misere",
    ]);
    assert_eq!(big["outcome"], "N");
    assert_eq!(big["winning_moves"][0]["to"], json!([7, 5, 7]));
    assert_eq!(big["winning_moves"].as_array().unwrap().len(), 1);
    assert!(grundy(&["analyze", "staircase", "1", "x", "--misere"])
        .status
        .code()
        .is_some_and(|c| c == 2));
}
