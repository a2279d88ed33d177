//! Sums of different games (shared/CLI.md, "Sums of different games"),
//! checked on the built binary.

use crate::common;

use serde_json::{json, Value};

use common::{grundy, json_of, refusal};

const HACKENBUSH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/hackenbush.txt");

/// The args of `analyze` on `words` split at spaces.
fn analyze(words: &str) -> Vec<&str> {
    std::iter::once("analyze")
        .chain(words.split_whitespace())
        .collect()
}

/// The value of `spec` at `position` analyzed alone.
fn value_alone(spec: &str, position: &[Value]) -> u64 {
    let mut args = vec!["analyze".to_string(), spec.to_string()];
    args.extend(position.iter().map(|v| v.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    json_of(&args)["grundy"].as_u64().unwrap()
}

#[test]
fn the_contract_shape_with_a_hackenbush_file() {
    let words = format!("wythoff 3 4 + nim 5 6 + kayles 10 + hackenbush {HACKENBUSH}");
    let a = json_of(&analyze(&words));
    let keys: Vec<&str> = a.as_object().unwrap().keys().map(String::as_str).collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        [
            "components",
            "game",
            "grundy",
            "method",
            "outcome",
            "winning_moves"
        ]
    );
    assert_eq!(a["game"], "sum");
    // G(3, 4) = 2 in Wythoff's table; 5 ^ 6 = 3; Kayles G(10) = 2; the
    // example graph is worth 2 (its comment says so).
    assert_eq!(
        a["components"],
        json!([
            {"game": "wythoff", "position": [3, 4], "grundy": 2},
            {"game": "nim", "position": [5, 6], "grundy": 3},
            {"game": "octal:0.77", "position": [10], "grundy": 2},
            {"game": "hackenbush", "position": [], "grundy": 2},
        ])
    );
    assert_eq!(a["grundy"], 1);
    assert_eq!(a["outcome"], "N");
    let moves = a["winning_moves"].as_array().unwrap();
    let components: Vec<u64> = moves
        .iter()
        .map(|m| m["component"].as_u64().unwrap())
        .collect();
    assert!(components.windows(2).all(|w| w[0] <= w[1]), "{moves:?}");
    assert_eq!(components, [0, 0, 1, 2, 3, 3]);
    // Each move takes its component to value g_i ^ 1, by the game alone.
    for m in moves.iter().filter(|m| m["component"].as_u64() != Some(3)) {
        let c = &a["components"][m["component"].as_u64().unwrap() as usize];
        let to = m["to"].as_array().unwrap();
        let g = c["grundy"].as_u64().unwrap();
        assert_eq!(value_alone(c["game"].as_str().unwrap(), to), g ^ 1, "{m}");
    }
    assert_eq!(moves[4]["to"], json!([0, 2]));
    assert_eq!(moves[4]["move"], "cut the edge 0 2");
}

#[test]
fn moves_one_gives_the_first() {
    for words in [
        "nim 5 6 + kayles 10 + bash:3 7",
        "kayles 10 + nim 1",
        "dawson 20 + kayles 7 30 + nim 3",
        "wythoff 4 6 + circle:3 2",
    ] {
        let all = json_of(&analyze(words));
        let mut args = analyze(words);
        args.extend(["--moves", "one"]);
        let one = json_of(&args);
        assert!(!all["winning_moves"][0].is_null(), "{words}");
        assert_eq!(
            one["winning_moves"],
            json!([all["winning_moves"][0]]),
            "{words}"
        );
        assert_eq!(one["grundy"], all["grundy"]);
    }
}

#[test]
fn too_many_moves_in_a_huge_heap_are_refused_but_the_first_is_given() {
    // Kayles 10^30 is worth 1: with nim 0 beside it, every move to value 0
    // wins, about 10^29 of them.
    let huge = "1000000000000000000000000000000";
    let words = format!("kayles {huge} + nim 0");
    let message = refusal(&analyze(&words));
    assert!(
        message.contains("component 0 of the sum") && message.contains("--moves one"),
        "{message}"
    );
    let mut args = analyze(&words);
    args.extend(["--moves", "one"]);
    let one = json_of(&args);
    let alone = json_of(&["analyze", "kayles", huge, "--moves", "one"]);
    assert_eq!(
        one["winning_moves"][0]["to"],
        alone["winning_moves"][0]["to"]
    );
    assert_eq!(one["winning_moves"].as_array().unwrap().len(), 1);
}

#[test]
fn a_move_may_raise_a_component() {
    // nim 1 + bash:3 2: X = 1 ^ 2 = 3; bash must go from 2 to value 1 (take 1)
    // and nim from 1 to value 2, which no move reaches.
    let a = json_of(&analyze("nim 1 + bash:3 2"));
    assert_eq!(
        a["winning_moves"],
        json!([{"component": 1, "to": [1], "move": "heap 1: 2 -> 1 (take 1)"}])
    );
    let a = json_of(&analyze("staircase 0 3 + nim 1"));
    // Staircase 0 3 is worth 0; X = 1: stair 2 moves 1 coin down (to value 1), or nim 1 -> 0.
    assert_eq!(
        a["winning_moves"],
        json!([
            {"component": 0, "to": [1, 2], "move": "move 1 from stair 2 to stair 1"},
            {"component": 1, "to": [0], "move": "heap 1: 1 -> 0 (take 1)"},
        ])
    );
}

#[test]
fn a_p_sum_has_no_winning_move() {
    let a = json_of(&analyze("nim 3 + circle:2 5 + nim 3"));
    assert_eq!(a["outcome"], "P");
    assert_eq!(a["grundy"], 0);
    assert_eq!(a["winning_moves"], json!([]));
}

#[test]
fn text_shows_each_component_and_each_move_with_its_component() {
    let out = grundy(&analyze("nim 1 + bash:3 2"));
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "sum of 2 games\n  component 0: nim 1, grundy 1\n  component 1: bash:3 2, grundy 2\n"
        ),
        "{text}"
    );
    assert!(text.contains("outcome: N"), "{text}");
    assert!(text.contains("grundy:  3\n"), "{text}");
    assert!(
        text.contains("  component 1: heap 1: 2 -> 1 (take 1)  =>  1\n"),
        "{text}"
    );
}

#[test]
fn bad_sums_get_one_line_naming_what_is_wrong() {
    for (words, says) in [
        ("nim 3 +", "after the last '+'"),
        ("+ nim 3", "before the first '+'"),
        ("nim 3 + + nim 4", "empty component"),
        ("nim 3 + chess 4", "component 1 of the sum ('chess 4'"),
        ("nim 3 + nim x", "component 1 of the sum ('nim x'"),
        (
            "nim 3 + wythoff:ratios 5000 6000",
            "component 1 of the sum ('wythoff:ratios 5000 6000'",
        ),
        (
            "kayles 3 + nim 1 + dynsub:k=2 5000 10",
            "component 2 of the sum",
        ),
    ] {
        let message = refusal(&analyze(words));
        assert!(message.contains(says), "{words}: {message}");
    }
    let geography = format!("nim 3 + geography {HACKENBUSH} 0");
    let message = refusal(&analyze(&geography));
    assert!(
        message.contains("component 1 of the sum") && message.contains("geography"),
        "{message}"
    );
    assert!(refusal(&analyze("hackenbush - + hackenbush -")).contains("stdin"));
    let missing = refusal(&analyze("nim 3 + hackenbush /no/such/file"));
    assert!(missing.contains("component 1"), "{missing}");
}

const DIGRAPH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/digraph.txt");

#[test]
fn a_digraph_component_adds_by_the_loopy_sum_rule() {
    // Vertex 6 is inf{0}: with nim 2 2 (a = 0) the sum is inf{0}, won by
    // moving the token to 0; with nim 3 it is inf{3}, a draw.
    let won = json_of(&analyze(&format!("nim 2 2 + digraph {DIGRAPH} 6")));
    assert_eq!(won["outcome"], "N");
    assert_eq!(won["grundy"], "inf{0}");
    assert_eq!(
        won["components"],
        json!([
            {"game": "nim", "position": [2, 2], "grundy": 0},
            {"game": "digraph", "position": [6], "grundy": "inf{0}"},
        ])
    );
    assert_eq!(
        won["winning_moves"],
        json!([{"component": 1, "to": [0], "move": "move the token on 6 (token 1) to 0"}])
    );
    let drawn = json_of(&analyze(&format!("nim 3 + digraph {DIGRAPH} 6")));
    assert_eq!(
        (&drawn["outcome"], &drawn["grundy"], &drawn["winning_moves"]),
        (&json!("D"), &json!("inf{3}"), &json!([]))
    );
    let text =
        String::from_utf8(grundy(&analyze(&format!("nim 3 + digraph {DIGRAPH} 6"))[..]).stdout)
            .unwrap();
    assert!(text.contains("outcome: D (a draw"), "{text}");
    assert!(
        text.contains("winning moves: none; no move wins\n"),
        "{text}"
    );
    assert!(
        text.contains("component 1: digraph 6, grundy inf{0}\n"),
        "{text}"
    );
    // Finite tokens add by nim-sum: 9 is 1, 8 is 0, with nim 1 the sum is 0.
    let lost = json_of(&analyze(&format!("nim 1 + digraph {DIGRAPH} 9 8")));
    assert_eq!(
        (&lost["outcome"], &lost["grundy"]),
        (&json!("P"), &json!(0))
    );
    // Two infinite components: a draw.
    let two = json_of(&analyze(&format!(
        "digraph {DIGRAPH} 6 + digraph {DIGRAPH} 1 + nim 4"
    )));
    assert_eq!(
        (&two["outcome"], &two["grundy"]),
        (&json!("D"), &json!("inf{}"))
    );
}

#[test]
fn a_bad_digraph_component_is_one_error_line() {
    let message = refusal(&analyze(&format!("nim 3 + digraph {DIGRAPH} 12")));
    assert!(
        message.starts_with("error: component 1 of the sum"),
        "{message}"
    );
    assert!(
        message.contains("vertex 12 is not in the graph"),
        "{message}"
    );
    let message = refusal(&analyze("nim 3 + digraph /nonexistent/graph.txt 0"));
    assert!(
        message.starts_with("error: component 1 of the sum"),
        "{message}"
    );
}

#[test]
fn a_huge_wythoff_row_is_a_component() {
    let huge = format!("1{}", "0".repeat(40));
    let a = json_of(&analyze(&format!("wythoff 3 {huge} + nim 5")));
    // Row 3 has preperiod 8 and period 6, and 10^40 - 8 = 2 mod 6, so
    // G(3, 10^40) = G(3, 10) + 10^40 - 10 = 10^40 - 2 (G(3, 10) = 8).
    let g = format!("{}8", "9".repeat(39));
    assert_eq!(a["components"][0]["grundy"], json!(g));
    let method = a["method"].as_str().unwrap();
    assert!(
        method.contains("row 3 of the Grundy table is certified additively periodic, G(3, y + 6) = G(3, y) + 6 for all y >= 8"),
        "{method}"
    );
    // Too many options in lower rows: no value, and the sum says why.
    let message = refusal(&analyze(&format!(
        "wythoff:k=1000000000000 2 {huge} + nim 1"
    )));
    assert!(
        message.contains("too many for the row certification"),
        "{message}"
    );
    let alone = json_of(&["analyze", "wythoff:k=1000000000000", "2", &huge]);
    assert_eq!(alone["grundy"], Value::Null);
}
