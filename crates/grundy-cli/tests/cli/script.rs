//! Games you write (`script:FILE`): every verb on the example scripts, against
//! the built-in games; bad scripts get one `error:` line.

use crate::common;

use std::path::PathBuf;

use serde_json::Value;

use common::{json_of, refusal};

/// `script:PATH` for the example script `name`.
fn example(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    format!("script:{path}{name}")
}

/// `script:PATH` for a script holding `source`, written to a fresh file.
fn script_file(name: &str, source: &str) -> String {
    let dir: PathBuf = std::env::temp_dir().join(format!("grundy-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    format!("script:{}", path.display())
}

fn values(answer: &Value) -> Vec<u64> {
    answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// Kayles: knock down one pin or two adjacent ones; a position is a list of rows.
const KAYLES: &str = r#"
fn canonical(rows) { rows.sort(); while rows.len() > 0 && rows[0] == 0 { rows.remove(0); } rows }
fn moves(p) {
    let result = [];
    for i in 0..p.len() {
        let rest = p;
        rest.remove(i);
        for take in [1, 2] {
            if p[i] >= take {
                let left = p[i] - take;
                for a in 0..=left / 2 {
                    let next = rest;
                    next.push(a);
                    next.push(left - a);
                    result.push(canonical(next));
                }
            }
        }
    }
    result
}
fn components(p) { let parts = []; for r in p { if r > 0 { parts.push([r]); } } parts }
"#;

#[test]
fn a_script_of_kayles_gives_kayles_values_and_period() {
    let kayles = script_file("kayles.rhai", KAYLES);
    let scripted = json_of(&["sequence", &kayles, "--count", "200"]);
    let built_in = json_of(&["sequence", "kayles", "--count", "200"]);
    assert_eq!(values(&scripted), values(&built_in));
    let period = json_of(&["period", &kayles, "--max", "300"]);
    assert_eq!(
        (period["preperiod"].as_u64(), period["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert_eq!(period["certified"], false);
    assert_eq!(period["status"], "apparent");
    assert_eq!(period["checked_to"], 300);
}

#[test]
fn subtraction_134_gives_the_built_in_sequence_and_an_apparent_period() {
    let script = example("subtraction-134.rhai");
    let scripted = json_of(&["sequence", &script, "--count", "100"]);
    let built_in = json_of(&["sequence", "subtraction:1,3,4", "--count", "100"]);
    assert_eq!(values(&scripted), values(&built_in));
    let period = json_of(&["period", &script]);
    assert_eq!(
        (period["preperiod"].as_u64(), period["period"].as_u64()),
        (Some(0), Some(7))
    );
    assert_eq!(period["status"], "apparent");
    assert_eq!(period["checked_to"], 1000);
}

#[test]
fn lasker_sums_and_winning_moves() {
    let lasker = example("lasker.rhai");
    let answer = json_of(&["analyze", &lasker, "3", "5", "7"]);
    // G(3) = 4, G(5) = 5, G(7) = 8.
    assert_eq!(answer["grundy"], 4 ^ 5 ^ 8);
    assert_eq!(answer["outcome"], "N");
    let moves = answer["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect();
        let mut args = vec!["analyze", lasker.as_str()];
        args.extend(to.iter().map(String::as_str));
        assert_eq!(json_of(&args)["outcome"], "P", "{m}");
    }
}

#[test]
fn the_two_pile_script_gives_the_table_of_the_same_twopile_game() {
    let table =
        |game: &str| json_of(&["table", game, "--size", "24", "--values"])["values"].clone();
    let script = example("twopile-t2t.rhai");
    assert_eq!(table(&script), table("twopile:1,0+0,1+1,2+2,1"));
    let report = json_of(&["conjecture", &script]);
    assert!(report["conjectures"]
        .as_array()
        .is_some_and(|c| !c.is_empty()));
}

#[test]
fn the_divisor_game_loses_exactly_on_zero_and_odd_numbers() {
    let answer = json_of(&["sequence", &example("divisors.rhai"), "--count", "64"]);
    for (n, g) in values(&answer).into_iter().enumerate() {
        assert_eq!(g == 0, n == 0 || n % 2 == 1, "n = {n}");
    }
}

#[test]
fn bad_scripts_get_one_error_line() {
    let cases = [
        (
            "syntax.rhai",
            "fn moves(p) {\n  let r = [;\n}",
            "line 2, column",
        ),
        (
            "nomoves.rhai",
            "fn move(p) { [] }",
            "defines no fn moves(p)",
        ),
        (
            "type.rhai",
            "fn moves(p) { 5 }",
            "returned a value of type i64",
        ),
        (
            "negative.rhai",
            "fn moves(p) { [[-1]] }",
            "negative number -1",
        ),
        ("loop.rhai", "fn moves(p) { loop { } }", "SCRIPT_OPERATIONS"),
        ("cycle.rhai", "fn moves(p) { [p] }", "cycle"),
        (
            "huge.rhai",
            "fn moves(p) { let a = [[1]]; loop { a += a; } }",
            "(SCRIPT_ARRAY_SIZE)",
        ),
        (
            "long.rhai",
            "fn moves(p) {\n  let s = \"\";\n  loop { s += \"xx\"; }\n}",
            "65536 bytes (SCRIPT_STRING_SIZE)",
        ),
        (
            "sleep.rhai",
            "fn moves(p) { sleep(2); [] }",
            "Function not found: sleep",
        ),
        (
            // On Rhai (a string keeps a script off the fast path), where
            // each push recounts the array.
            "push.rhai",
            "fn moves(p) { let on_rhai = \"\"; let a = []; for i in 0..100000 { a.push(i) } [] }",
            "(SCRIPT_CALL_MILLIS)",
        ),
    ];
    for (name, source, expected) in cases {
        let spec = script_file(name, source);
        let started = std::time::Instant::now();
        let message = refusal(&["sequence", &spec, "--count", "3"]);
        assert!(message.contains(expected), "{name}: {message}");
        // No script waits, and none outlasts its time bound by much.
        let took = started.elapsed();
        assert!(took < std::time::Duration::from_secs(3), "{name}: {took:?}");
    }
    let message = refusal(&["analyze", "script:/no/such/file.rhai", "1"]);
    assert!(
        message.contains("cannot read /no/such/file.rhai"),
        "{message}"
    );
    let message = refusal(&["analyze", "script:", "1"]);
    assert!(message.contains("write script:FILE"), "{message}");
}

#[test]
fn a_scripted_game_is_a_component_of_a_sum_like_the_built_in_game() {
    let script = example("subtraction-134.rhai");
    for (a, b) in [("2", "7"), ("3", "10"), ("0", "0"), ("5", "6")] {
        let scripted = json_of(&["analyze", "nim", a, "+", &script, b]);
        let built_in = json_of(&["analyze", "nim", a, "+", "subtraction:1,3,4", b]);
        assert_eq!(scripted["grundy"], built_in["grundy"], "{a} + {b}");
        assert_eq!(scripted["outcome"], built_in["outcome"], "{a} + {b}");
        let reached = |answer: &Value| {
            let mut moves: Vec<String> = answer["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| format!("{} {}", m["component"], m["to"]))
                .collect();
            moves.sort();
            moves
        };
        assert_eq!(reached(&scripted), reached(&built_in), "{a} + {b}");
    }
    // A script and a graph may not both read stdin.
    let message = refusal(&["analyze", "script:-", "1", "+", "hackenbush", "-"]);
    assert!(
        message.contains("only one component of a sum may"),
        "{message}"
    );
}
