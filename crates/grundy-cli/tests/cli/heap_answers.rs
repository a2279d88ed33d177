//! Heap games answered completely and honestly (issue 9), checked on the
//! built binary: trivial positions are answered, limit messages name only
//! options the verb has, an apparent period is never mistaken for the answer,
//! `conjecture` and `period` agree, and `analyze` output is linear in the input.

use crate::common;

use serde_json::Value;

use common::{grundy, refusal};

fn stdout_of(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    serde_json::from_str(&stdout_of(&all)).expect("one JSON document")
}

fn heaps(count: u64) -> Vec<String> {
    (1..=count).map(|h| h.to_string()).collect()
}

#[test]
fn a_heap_below_every_amount_is_answered() {
    // Issue 9: refused with "raise --max", an option analyze does not have.
    let answer = json_of(&["analyze", "subtraction:9999999", "5"]);
    assert_eq!(answer["outcome"], "P");
    assert_eq!(answer["grundy"], 0);
    assert_eq!(answer["winning_moves"], serde_json::json!([]));
    // Heaps up to max S are computed from the rules: 9999999 takes all.
    let answer = json_of(&["analyze", "subtraction:9999999", "9999999", "3"]);
    assert_eq!(answer["grundy"], 1);
    let moves = answer["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], serde_json::json!([0, 3]));
}

#[test]
fn limit_messages_name_only_options_the_verb_has() {
    // The period of {9999998, 9999999} needs more than 2 * 10^7 values, beyond
    // analyze's budget, and a heap of 10^12 reaches billions of heaps.
    let heap = "1000000000000";
    let err = refusal(&["analyze", "subtraction:9999998,9999999", heap]);
    assert!(!err.contains("--"), "analyze has no option to raise: {err}");
    assert!(err.contains(heap), "{err}");
    // A heap that reaches few heaps is answered: 20000000 -> 10000001 -> 2.
    let answer = json_of(&["analyze", "subtraction:9999999", "20000000"]);
    assert_eq!(answer["grundy"], 0);
    let err = refusal(&["period", "subtraction:9999999", "--max", "1000"]);
    assert!(err.contains("raise --max"), "{err}");
}

#[test]
fn an_uncertified_period_says_so_first() {
    // Issue 9: `period` with a small --max printed an apparent period first.
    let text = stdout_of(&["period", "kayles", "--max", "150"]);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("not certified"), "{text}");
    assert!(
        first.contains("G(0..150)") && first.contains("--max"),
        "{text}"
    );
    let json = json_of(&["period", "kayles", "--max", "150"]);
    assert_eq!(json["certified"], false);
    assert_eq!(json["status"], "apparent");
    assert_eq!(json["checked_to"], 150);
    // Certified: the contract's keys alone, and the relation first.
    let json = json_of(&["period", "kayles"]);
    assert_eq!(json["certified"], true);
    assert!(json.get("status").is_none());
    let text = stdout_of(&["period", "kayles"]);
    assert!(text.starts_with("kayles (octal:0.77): G(n + 12) = G(n) for all n >= 71"));
    // Too few values for the one rule (three periods, half the values): refused.
    let err = refusal(&["period", "kayles", "--max", "140"]);
    assert!(err.contains("--max"), "{err}");
}

#[test]
fn conjecture_and_period_agree_on_heap_games() {
    // Issue 9: `conjecture nim` said "not certified", `period nim` a closed form.
    for game in ["nim", "bash:4", "subtraction:2,5,7", "subtraction:1,3,4"] {
        let period = json_of(&["period", game]);
        let conjecture = &json_of(&["conjecture", game])["conjectures"][0];
        for key in ["preperiod", "period", "saltus", "certified"] {
            assert_eq!(conjecture[key], period[key], "{game} {key}");
        }
        assert_eq!(conjecture["certified"], true, "{game}");
    }
}

#[test]
fn analyze_output_is_linear_in_the_number_of_heaps() {
    // Issue 9: 20,000 Nim heaps wrote 394 MB, each move repeating the position.
    let position = heaps(20_000);
    let mut args = vec!["analyze", "nim"];
    args.extend(position.iter().map(String::as_str));
    let text = stdout_of(&args);
    args.push("--json");
    let json = stdout_of(&args);
    for (what, size) in [("text", text.len()), ("json", json.len())] {
        assert!(size < 40 * 20_000, "{what}: {size} bytes for 20,000 heaps");
    }
    let answer: Value = serde_json::from_str(&json).unwrap();
    let moves = answer["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    // Each move names the heap it changes and its new size; nim-sum 0 after it.
    let total = (1..=20_000u64).fold(0, |acc, h| acc ^ h);
    for m in moves {
        assert!(m.get("to").is_none(), "{m}");
        let change = &m["changes"].as_array().unwrap()[..];
        assert_eq!(change.len(), 1, "{m}");
        let index = change[0]["index"].as_u64().unwrap();
        let to = change[0]["to"][0].as_u64().unwrap();
        assert!(to < index + 1);
        assert_eq!(total ^ (index + 1) ^ to, 0, "{m}");
    }
}

#[test]
fn short_positions_keep_the_whole_position_reached() {
    // 64 heaps: every move gives the contract's `to`; 65: only the changes.
    for (count, full) in [(64, true), (65, false)] {
        let position = heaps(count);
        let mut args = vec!["analyze", "nim"];
        args.extend(position.iter().map(String::as_str));
        let answer = json_of(&args);
        for m in answer["winning_moves"].as_array().unwrap() {
            assert_eq!(m.get("to").is_some(), full, "{count}: {m}");
            assert_eq!(m.get("changes").is_none(), full, "{count}: {m}");
            if full {
                assert_eq!(m["to"].as_array().unwrap().len() as u64, count);
            }
        }
        let text = stdout_of(&args);
        assert_eq!(text.contains("=>"), full, "{count}");
    }
}

#[test]
fn a_long_staircase_move_names_both_stairs() {
    // Stair 2 holds 5, stair 1 holds 1, stair 3 holds 4: moving 3 from stair
    // 2 to stair 1 makes stair 1 equal to stair 3, the other odd stairs are 0.
    let mut stairs = vec!["1", "5", "4"];
    stairs.extend(["0"; 70]);
    let mut args = vec!["analyze", "staircase"];
    args.extend(stairs.iter().copied());
    let answer = json_of(&args);
    let moves = answer["winning_moves"].as_array().unwrap();
    assert!(
        moves.contains(&serde_json::json!({
            "changes": [{"index": 0, "to": [4]}, {"index": 1, "to": [2]}],
            "move": "move 3 from stair 2 to stair 1"
        })),
        "{moves:?}"
    );
}

#[test]
fn dynsub_values_are_given_within_their_budget() {
    // Issue 9 asks for every value the project can compute: piles up to 4096.
    let answer = json_of(&["analyze", "fibonacci-nim", "20", "19"]);
    assert!(answer["grundy"].as_u64().unwrap() > 0);
    let lost = json_of(&["analyze", "fibonacci-nim", "21", "20"]);
    assert_eq!(lost["grundy"], 0);
    let big = json_of(&["analyze", "fibonacci-nim", "4097", "4096"]);
    assert!(big["grundy"].is_null());
    assert!(big["method"].as_str().unwrap().contains("4096"));
}

#[test]
fn conjecture_states_no_period_that_a_later_heap_breaks() {
    // Without a certificate, the first 4096 values of subtraction:9999999 (all
    // 0) suggested G(n + 1) = G(n); G(9999999) = 1. All values computed count.
    let c = &json_of(&["conjecture", "subtraction:9999999"])["conjectures"][0];
    assert_eq!(c["kind"], "no_period", "{c}");
    assert_eq!(c["verified_up_to"], 10_000_000);
}

#[test]
fn a_refusal_names_the_verb_asked() {
    let err = refusal(&["conjecture", "bash:18446744073709551615"]);
    assert!(
        err.contains("'conjecture'") && err.contains("2^64"),
        "{err}"
    );
}
