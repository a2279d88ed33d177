//! `--misere` and `--every` through the binary: the contract's keys, the
//! rules named in `method`, and the refusals.

use crate::common;

use common::{grundy, json_of};
use serde_json::{json, Value};

/// The misère outcome of a Nim position by exhaustive search of its tree.
fn misere_nim_p(heaps: &mut Vec<u64>) -> bool {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    if heaps.is_empty() {
        return false; // the player to move made no last move: they win
    }
    for i in 0..heaps.len() {
        for left in 0..heaps[i] {
            let mut next = heaps.clone();
            next[i] = left;
            if misere_nim_p(&mut next) {
                return false;
            }
        }
    }
    true
}

#[test]
fn misere_nim_answers_agree_with_search_and_list_every_winning_move() {
    for heaps in [
        vec![1, 1],
        vec![1, 1, 1],
        vec![1, 1, 5],
        vec![2, 2],
        vec![3, 4, 5],
        vec![1, 2, 3],
    ] {
        let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut words = vec!["analyze", "nim"];
        words.extend(args.iter().map(String::as_str));
        words.push("--misere");
        let answer = json_of(&words);
        assert_eq!(answer["play"], "misere");
        assert_eq!(answer["grundy"], Value::Null);
        let p = misere_nim_p(&mut heaps.clone());
        assert_eq!(answer["outcome"], if p { "P" } else { "N" }, "{heaps:?}");
        let mut expected = Vec::new();
        for i in 0..heaps.len() {
            for left in 0..heaps[i] {
                let mut next = heaps.clone();
                next[i] = left;
                if misere_nim_p(&mut next.clone()) {
                    expected.push(json!(next));
                }
            }
        }
        expected.sort_by_key(|v| v.to_string());
        expected.dedup();
        let mut found: Vec<Value> = answer["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].clone())
            .collect();
        found.sort_by_key(|v| v.to_string());
        assert_eq!(found, expected, "{heaps:?}");
    }
}

#[test]
fn huge_misere_nim_and_bash_are_answered_in_closed_form() {
    let big = "1".repeat(60);
    let answer = json_of(&["analyze", "nim", &big, &big, "--misere"]);
    assert_eq!(answer["outcome"], "P");
    let answer = json_of(&["analyze", "bash:3", &big, "1", "--misere"]);
    assert!(answer["method"]
        .as_str()
        .unwrap()
        .starts_with("Bouton's misère rule"));
}

#[test]
fn every_sg_gives_steps_beside_the_outcome() {
    let answer = json_of(&["analyze", "nim", "3", "4", "--every"]);
    assert_eq!(answer["play"], "every");
    assert_eq!(answer["steps"], 1);
    assert_eq!(answer["outcome"], "N");
    let sum = json_of(&[
        "analyze",
        "nim",
        "3",
        "+",
        "subtraction:1,3,4",
        "6",
        "--every",
    ]);
    assert_eq!(sum["game"], "sum");
    assert_eq!(sum["steps"], 3);
    assert_eq!(sum["grundy"], Value::Null);
    // Subtraction {1, 3, 4}, heap 2 alone: one move to 1, then one to 0.
    let p = json_of(&["analyze", "subtraction:1,3,4", "2", "--every"]);
    assert_eq!(
        (p["outcome"].clone(), p["steps"].clone()),
        (json!("P"), json!(2))
    );
}

/// A sum beyond the search whose components all have closed forms: the
/// steps are the largest of the components' own (each asked alone), and the
/// one winning move listed moves every component, to a position that lasts
/// one move less than the component.
#[test]
fn a_huge_sum_of_closed_forms_is_answered_with_one_winning_move() {
    let components: [&[&str]; 3] = [
        &["wythoff", "1618033", "2618034"],
        &["bash:3", "1000000000000000000001"],
        &["subtraction:2,5,7", "1000000000000000000000000000000"],
    ];
    let steps_alone = |c: &[&str]| {
        let args: Vec<&str> = ["analyze"]
            .iter()
            .chain(c)
            .chain(&["--every"])
            .copied()
            .collect();
        json_of(&args)["steps"].clone()
    };
    let mut args = vec!["analyze"];
    for (i, c) in components.iter().enumerate() {
        if i > 0 {
            args.push("+");
        }
        args.extend_from_slice(c);
    }
    args.push("--every");
    let sum = json_of(&args);
    assert_eq!(sum["outcome"], "N");
    assert_eq!(sum["steps"], steps_alone(components[2]));
    assert!(sum["method"]
        .as_str()
        .unwrap()
        .contains("ONE winning move is listed"));
    let moves = sum["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["component"], i);
        let mut after: Vec<String> = vec![components[i][0].to_string()];
        after.extend(m["to"].as_array().unwrap().iter().map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }));
        let after: Vec<&str> = after.iter().map(String::as_str).collect();
        let (before, left) = (steps_alone(components[i]), steps_alone(&after));
        let number = |v: &Value| match v {
            Value::String(s) => s.parse::<u128>().unwrap(),
            other => u128::from(other.as_u64().unwrap()),
        };
        assert_eq!(number(&left) + 1, number(&before), "component {i}");
    }
}

#[test]
fn the_method_names_the_rule_that_applied() {
    let method = |args: &[&str]| json_of(args)["method"].as_str().unwrap().to_string();
    assert!(method(&[
        "analyze",
        "nim",
        "3",
        "+",
        "subtraction:2,3",
        "4",
        "--misere"
    ])
    .starts_with("the SJ theorem"));
    assert!(
        method(&["analyze", "kayles", "8", "+", "nim", "1", "--misere"])
            .starts_with("exhaustive misère search")
    );
}

#[test]
fn beyond_the_budget_the_answer_is_unknown_and_other_games_refuse_in_one_line() {
    // One heap alone is answered by its certified misère values; beside a
    // second heap it is a sum, which no theory here answers at that size.
    let alone = json_of(&["analyze", "subtraction:1,3,4", "100000000", "--misere"]);
    assert_eq!(alone["outcome"], "N");
    let out = grundy(&["analyze", "subtraction:1,3,4", "100000000", "1", "--misere"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: limit exceeded: unknown: the search budget of"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    let out = grundy(&["analyze", "moore:k=2", "3", "4", "--misere"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    let out = grundy(&["analyze", "nim", "1", "--misere", "--every"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn sequence_misere_gives_values_and_outcomes() {
    let s = json_of(&["sequence", "nim", "--misere", "--count", "4"]);
    assert_eq!(s["values"], json!([1, 0, 2, 3]));
    assert_eq!(s["outcomes"], json!(["N", "P", "N", "N"]));
    assert_eq!(s["genus"], json!(["0^120", "1^031", "2^20", "3^31"]));
}

/// The genus of every heap of a game whose moves split heaps, and of
/// positions and sums under `analyze --misere`: 0.312 as Plambeck's page
/// gives it (heaps 1 to 6: 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13},
/// two heaps of 4 0^{1202}, written there with more exponents than needed).
#[test]
fn the_genus_of_splitting_games_and_of_sums() {
    let s = json_of(&["sequence", "octal:0.312", "--misere", "--count", "7"]);
    assert_eq!(
        s["genus"],
        json!(["0^120", "1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"])
    );
    assert_eq!(s["values"], json!([1, 0, 2, 0, 1, 0, 1]));
    let a = json_of(&["analyze", "octal:0.312", "4", "4", "--misere"]);
    assert_eq!(a["genus"], "0^120");
    let text = grundy(&["analyze", "octal:0.312", "4", "--misere"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("\ngenus:   2^1420\n"), "{text}");
    // A sum of games: Nim's tame heaps beside a Kayles heap of genus 1^031.
    let sum = json_of(&[
        "analyze", "nim", "3", "4", "5", "+", "kayles", "4", "--misere",
    ]);
    assert_eq!(sum["genus"], "3^31");
    // Beyond the budget the genus is left out, the verdict still given.
    let big = json_of(&["analyze", "kayles", "34", "--misere"]);
    assert_eq!(big["outcome"], "N");
    assert!(big.get("genus").is_none());
}

/// Graph games answered normal play under --misere before (the option was
/// dropped); they are searched under the convention asked now, and a
/// digraph, which may be loopy, refuses in one line.
#[test]
fn graph_games_are_played_under_the_convention_asked() {
    use common::grundy_with_stdin;
    let out = grundy_with_stdin(
        &["analyze", "hackenbush", "-", "--misere", "--json"],
        "0 1\n1 2\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["play"], "misere");
    assert!(!answer["method"]
        .as_str()
        .unwrap()
        .starts_with("fusion principle"));
    // Cutting 1-2 leaves one edge: the opponent cuts it, makes the last
    // move and loses. Cutting 0-1 ends the game: the mover loses.
    assert_eq!(answer["outcome"], "N");
    assert_eq!(
        answer["winning_moves"],
        json!([{"to": [1, 2], "move": "cut the edge 1 2"}])
    );
    let out = grundy_with_stdin(&["analyze", "digraph", "-", "0", "--misere"], "0 1\n1 0\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("cycles") && err.lines().count() == 1, "{err}");
}

/// Every-SG of Wythoff's games: their suspense in closed form, at any size
/// and for every k, against the search of the rules where it reaches.
#[test]
fn every_sg_wythoff_is_answered_in_closed_form() {
    for (x, y) in [(3, 4), (3, 5), (5, 9), (0, 6), (6, 6), (7, 3)] {
        let (x, y) = (x.to_string(), y.to_string());
        let closed = json_of(&["analyze", "wythoff", &x, &y, "--every"]);
        assert!(closed["method"]
            .as_str()
            .unwrap()
            .starts_with("closed form"));
        // The same game written as its moves is searched.
        let searched = json_of(&["analyze", "twopile:1,0+0,1+1,1", &x, &y, "--every"]);
        for key in ["outcome", "steps", "winning_moves"] {
            assert_eq!(closed[key], searched[key], "{x} {y}: {key}");
        }
    }
    let big = "7".repeat(40);
    let answer = json_of(&["analyze", "wythoff:k=3", &big, "5", "--every"]);
    assert_eq!(answer["outcome"], "N");
    assert!(answer["steps"] == 3 || answer["steps"] == 1, "{answer}");
}

/// Misère Wythoff: closed form alone, at any size.
#[test]
fn misere_wythoff_is_answered_in_closed_form() {
    let answer = json_of(&["analyze", "wythoff", "2", "2", "--misere"]);
    assert_eq!(answer["outcome"], "P");
    let answer = json_of(&["analyze", "wythoff", "1", "2", "--misere"]);
    assert_eq!(answer["outcome"], "N");
    assert_eq!(
        answer["winning_moves"],
        json!([{"to": [0, 1], "move": "take 1 from pile 1 and 1 from pile 2"},
               {"to": [1, 0], "move": "take 2 from pile 2"}])
    );
    let big = "1".repeat(50);
    let answer = json_of(&["analyze", "wythoff", &big, &big, "--misere"]);
    assert!(answer["method"]
        .as_str()
        .unwrap()
        .starts_with("closed form"));
}
