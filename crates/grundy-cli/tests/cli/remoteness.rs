//! The longest defence of a P-position (issue 10: "a P-position says every
//! move loses and shows the move that lasts longest where known"): its text
//! and its JSON (`remoteness`, `longest_move`) against a brute force over the
//! rules written here, and absent where the search would exceed its budget.

use crate::common;

use std::collections::HashMap;

use common::{grundy, json_of};
use serde_json::Value;

/// The moves of a game from a position, in the coordinates of `analyze`.
type Rules = fn(&[u64]) -> Vec<Vec<u64>>;

/// Each heap reduced by one of `amounts` (`None`: any amount).
fn take_away(position: &[u64], amounts: Option<&[u64]>) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for (i, &h) in position.iter().enumerate() {
        for take in 1..=h {
            let allowed = match amounts {
                None => true,
                Some(a) => a.contains(&take),
            };
            if allowed {
                let mut next = position.to_vec();
                next[i] = h - take;
                options.push(next);
            }
        }
    }
    options
}

fn nim(p: &[u64]) -> Vec<Vec<u64>> {
    take_away(p, None)
}

fn bash3(p: &[u64]) -> Vec<Vec<u64>> {
    take_away(p, Some(&[1, 2, 3]))
}

fn subtraction134(p: &[u64]) -> Vec<Vec<u64>> {
    take_away(p, Some(&[1, 3, 4]))
}

/// Kayles (octal 0.77): take 1 or 2 from a heap, leaving no heap (written
/// 0), one, or two (smaller first) in its place.
fn kayles(p: &[u64]) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for (i, &h) in p.iter().enumerate() {
        for rest in (1..=2).filter_map(|t| h.checked_sub(t)) {
            let mut leaves = vec![vec![rest]];
            leaves.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
            for left in leaves {
                let mut next = p[..i].to_vec();
                next.extend(left);
                next.extend(&p[i + 1..]);
                options.push(next);
            }
        }
    }
    options
}

/// Wythoff's game: any amount from one pile, or the same from both.
fn wythoff(p: &[u64]) -> Vec<Vec<u64>> {
    let mut options = take_away(p, None);
    options.extend((1..=p[0].min(p[1])).map(|t| vec![p[0] - t, p[1] - t]));
    options
}

/// Smith's remoteness by its definition: 0 without a move; else one more
/// than the least remoteness of an option that is lost for the player to
/// move there (even), or when there is none, than the largest.
fn remoteness(rules: Rules, p: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&r) = memo.get(p) {
        return r;
    }
    let rs: Vec<u64> = rules(p)
        .iter()
        .map(|o| remoteness(rules, o, memo))
        .collect();
    let fastest_win = rs.iter().filter(|r| *r % 2 == 0).min();
    let r = fastest_win.or(rs.iter().max()).map_or(0, |r| r + 1);
    memo.insert(p.to_vec(), r);
    r
}

fn args_of(game: &str, position: &[u64]) -> Vec<String> {
    let mut args = vec!["analyze".to_string(), game.to_string()];
    args.extend(position.iter().map(u64::to_string));
    args
}

/// Checks `analyze GAME POSITION` (a P-position with a move) in JSON and
/// text against the brute force: the remoteness, and the longest move as the
/// least position reached among the options that keep it.
fn check_defence(game: &str, rules: Rules, position: &[u64]) {
    let mut memo = HashMap::new();
    let r = remoteness(rules, position, &mut memo);
    assert_eq!(r % 2, 0, "{game} {position:?} is not a P-position");
    let expected = rules(position)
        .into_iter()
        .filter(|o| remoteness(rules, o, &mut memo) + 1 == r)
        .min()
        .expect("a P-position with a move");
    let args = args_of(game, position);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let json = json_of(&args);
    assert_eq!(json["outcome"], "P", "{game} {position:?}");
    assert_eq!(json["remoteness"], r, "{game} {position:?}");
    let to: Vec<u64> = serde_json::from_value(json["longest_move"]["to"].clone()).unwrap();
    assert_eq!(to, expected, "{game} {position:?}");
    let description = json["longest_move"]["move"].as_str().unwrap();

    let out = grundy(&args);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let reached: Vec<String> = expected.iter().map(u64::to_string).collect();
    let more = if r - 1 == 1 { "move" } else { "moves" };
    let line = format!(
        "longest defence: {description}  =>  {}  (the game then lasts {} more {more} with best play)",
        reached.join(" "),
        r - 1
    );
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == "winning moves: none; every move loses")
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(lines[at + 1], line, "{text}");
}

#[test]
fn heap_games_show_the_longest_defence_of_the_brute_force() {
    for position in [
        &[1, 1][..],
        &[1, 2, 3],
        &[2, 2],
        &[1, 4, 5],
        &[3, 5, 6],
        &[0, 4, 4],
    ] {
        check_defence("nim", nim, position);
    }
    for position in [&[4][..], &[8], &[12], &[0, 8], &[1, 5], &[3, 7, 4]] {
        check_defence("bash:3", bash3, position);
    }
    for position in [&[1, 2, 3][..], &[4, 1], &[3, 3], &[4, 8], &[7, 7]] {
        check_defence("kayles", kayles, position);
    }
    // G = 0 1 0 1 2 3 2, period 7.
    for position in [&[2][..], &[7], &[1, 1], &[2, 7], &[4, 11]] {
        check_defence("subtraction:1,3,4", subtraction134, position);
    }
}

#[test]
fn two_pile_games_show_the_longest_defence_of_the_brute_force() {
    for position in [[1, 2], [2, 1], [3, 5], [4, 7], [10, 6], [8, 13]] {
        check_defence("wythoff", wythoff, &position);
        check_defence("twopile:1,0+0,1+1,1", wythoff, &position);
    }
}

/// At N-positions the remoteness is offered too (issue 13: the winner
/// hurries, the loser delays): odd, against the brute force, in JSON and
/// text, with no `longest_move` (the winning moves are listed).
#[test]
fn n_positions_give_the_remoteness_of_the_brute_force() {
    let cases: [(&str, Rules, &[&[u64]]); 5] = [
        ("nim", nim, &[&[3, 4, 5], &[1], &[7], &[2, 3], &[1, 1, 1]]),
        ("bash:3", bash3, &[&[5], &[10], &[3, 9], &[1, 2, 6]]),
        (
            "subtraction:1,3,4",
            subtraction134,
            &[&[1], &[6], &[3, 4], &[5]],
        ),
        ("kayles", kayles, &[&[3], &[1, 2], &[5, 6], &[9]]),
        ("wythoff", wythoff, &[&[0, 4], &[3, 4], &[6, 9], &[10, 3]]),
    ];
    for (game, rules, positions) in cases {
        for &position in positions {
            let r = remoteness(rules, position, &mut HashMap::new());
            assert_eq!(r % 2, 1, "{game} {position:?} is not an N-position");
            let args = args_of(game, position);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let json = json_of(&args);
            assert_eq!(json["outcome"], "N", "{game} {position:?}");
            assert_eq!(json["remoteness"], r, "{game} {position:?}");
            assert!(json.get("longest_move").is_none());
            let text = String::from_utf8(grundy(&args).stdout).unwrap();
            let moves = if r == 1 { "move" } else { "moves" };
            let line = format!(
                "remoteness: {r}  (the winner ends the game in {r} {moves}, the loser delaying)"
            );
            assert!(text.lines().any(|l| l == line), "{text}");
        }
    }
}

fn keys(json: &Value) -> Vec<&str> {
    json.as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn the_defence_is_absent_when_unknown_or_when_the_player_to_move_wins() {
    // An N-position, a P-position without a move, positions beyond the
    // search's budget (one refused before it starts, one cut by it).
    for (args, outcome) in [
        (&["nim", "0", "0"][..], "P"),
        (&["nim", "2000000", "2000000"], "P"),
        (&["nim", "600", "600"], "P"),
        (&["twopile:1,0+0,1+1,1", "999", "1617"], "P"),
    ] {
        let json = json_of(&[&["analyze"], args].concat());
        assert_eq!(json["outcome"], outcome, "{args:?}");
        assert!(json.get("remoteness").is_none(), "{args:?}: {json}");
        assert!(json.get("longest_move").is_none(), "{args:?}: {json}");
        assert!(!keys(&json).is_empty());
        let out = grundy(&[&["analyze"], args].concat());
        assert!(!String::from_utf8(out.stdout)
            .unwrap()
            .contains("longest defence"));
    }
}

#[test]
fn a_long_position_writes_its_longest_move_as_its_changes() {
    // 66 heaps of 1: the loser takes one, and so on, 66 moves in all.
    let mut args = vec!["analyze", "nim"];
    args.extend(["1"; 66]);
    let json = json_of(&args);
    assert_eq!(json["remoteness"], 66);
    assert_eq!(
        json["longest_move"],
        serde_json::json!({"changes": [{"index": 0, "to": [0]}], "move": "heap 1: 1 -> 0 (take 1)"})
    );
    let out = grundy(&args);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(
        "\nlongest defence: heap 1: 1 -> 0 (take 1)  (the game then lasts 65 more moves with best play)\n"
    ), "{text}");
}

#[test]
fn a_huge_bash_heap_is_answered_by_the_closed_form() {
    // 4 * 10^30: the loser takes 3, the winner 1, and so on: 2 * 10^30 moves.
    let json = json_of(&["analyze", "bash:3", "4000000000000000000000000000000"]);
    assert_eq!(json["remoteness"], "2000000000000000000000000000000");
    assert_eq!(
        json["longest_move"]["to"][0],
        "3999999999999999999999999999997"
    );
}

/// A subtraction game's heap far beyond any search, by its remoteness
/// certified arithmetic periodic: in `{2, 5, 7}` it grows by 6 every 22
/// heaps, so heap `1000 + 22 * 10^28` lasts `6 * 10^28` moves longer than
/// heap 1000 (272 by the search, longest defence taking 7), and defends the
/// same way.
#[test]
fn a_huge_subtraction_heap_is_answered_by_its_certified_period() {
    let small = json_of(&["analyze", "subtraction:2,5,7", "1000"]);
    assert_eq!(small["remoteness"], 272);
    assert_eq!(small["longest_move"]["to"][0], 993);
    let json = json_of(&[
        "analyze",
        "subtraction:2,5,7",
        "220000000000000000000000001000",
    ]);
    assert_eq!(json["outcome"], "P");
    assert_eq!(json["remoteness"], "60000000000000000000000000272");
    assert_eq!(
        json["longest_move"]["to"][0],
        "220000000000000000000000000993"
    );
}

/// Wythoff's game by its closed form, far beyond any search: the P-position
/// of index `i = y - x` lasts `2i` moves, and its longest defence goes to
/// `(a_{i-1}, b_{i-1} + 1)`, one move down the diagonal here.
#[test]
fn wythoff_far_out_has_its_closed_form_remoteness() {
    let json = json_of(&["analyze", "wythoff", "1618033", "2618033"]);
    assert_eq!(json["outcome"], "P");
    assert_eq!(json["remoteness"], 2 * (2618033 - 1618033));
    assert_eq!(
        json["longest_move"]["to"],
        serde_json::json!([1618032, 2618032])
    );
}
