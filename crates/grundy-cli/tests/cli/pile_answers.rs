//! Two-pile answers (issue 9): complete lists, true statements, values given.

use crate::common;

use serde_json::Value;

use common::{compiled_baseline, grundy, json_of};
use std::process::Command;

/// The cells of `table GAME --size N [--values] --json`.
fn table(game: &str, size: u64, values: bool) -> Vec<Vec<Value>> {
    let size = size.to_string();
    let mut args = vec!["table", game, "--size", &size];
    if values {
        args.push("--values");
    }
    let t = json_of(&args);
    let key = if values { "values" } else { "outcomes" };
    t[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().clone())
        .collect()
}

fn pair(v: &Value) -> (u64, u64) {
    (v[0].as_u64().unwrap(), v[1].as_u64().unwrap())
}

#[test]
fn ratio_pairs_are_the_first_by_a_with_none_missing() {
    // --count 16 omitted (44, 75) and --count 50 omitted (115, 246).
    let outcomes = table("wythoff:ratios", 400, false);
    for (count, needed) in [(16usize, (44, 75)), (50, (115, 246))] {
        let answer = json_of(&["sequence", "wythoff:ratios", "--count", &count.to_string()]);
        let pairs: Vec<(u64, u64)> = answer["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .map(pair)
            .collect();
        assert_eq!(pairs.len(), count);
        assert!(pairs.contains(&needed), "--count {count}: {pairs:?}");
        assert!(pairs.windows(2).all(|w| w[0].0 < w[1].0));
        // Every P-position (a, b), a <= b, of the rules table with a up to the
        // last listed a is listed (b < 400 here covers them all).
        let last = pairs.last().unwrap().0;
        for a in 0..=last {
            for b in a..400 {
                if outcomes[a as usize][b as usize] == "P" {
                    assert!(pairs.contains(&(a, b)), "--count {count} misses ({a}, {b})");
                }
            }
        }
        let without: Vec<u64> = answer["rows_without_p"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert!(
            without.contains(&1),
            "row 1 is proved empty: (1, y) -> (0, 0)"
        );
        for x in without {
            assert!(outcomes[x as usize].iter().all(|c| c == "N"), "row {x}");
        }
        assert_eq!(answer["rows_unsettled"], serde_json::json!([]));
    }
}

#[test]
fn overlapping_families_list_each_move_once() {
    let game = "twopile:2,2+0,3:2+1,1+2,2:5";
    let answer = json_of(&["analyze", game, "24", "10"]);
    let moves: Vec<(u64, u64)> = answer["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| pair(&m["to"]))
        .collect();
    let mut unique = moves.clone();
    unique.dedup();
    assert_eq!(moves, unique);
    assert!(!moves.is_empty());
    let outcomes = table(game, 25, false);
    for (x, y) in moves {
        assert_eq!(outcomes[x as usize][y as usize], "P");
    }
}

#[test]
fn grundy_values_that_fit_the_budget_are_given() {
    // `analyze wythoff 1000 3000` said null while `table --values` gives 2607.
    assert_eq!(
        json_of(&["analyze", "wythoff", "1000", "3000"])["grundy"],
        2607
    );
    for (game, x, y) in [
        ("wythoff:ratios", 9, 9),
        ("wythoff:k=2", 30, 47),
        ("wythoff:k=7", 0, 59),
        ("twopile:1,0+0,1+1,2:3", 41, 17),
    ] {
        let values = table(game, 60, true);
        let answer = json_of(&["analyze", game, &x.to_string(), &y.to_string()]);
        assert_eq!(answer["grundy"], values[x][y], "{game} {x} {y}");
    }
    // Beyond the budget the value is null and the method says why.
    let huge = json_of(&["analyze", "wythoff:k=5", "100000", "100001"]);
    assert!(huge["grundy"].is_null());
    assert!(
        huge["method"].as_str().unwrap().contains("not computed"),
        "{huge}"
    );
}

#[test]
fn a_cap_beyond_the_position_is_no_cap() {
    let capped = json_of(&["analyze", "twopile:1,0:4095", "300", "200"]);
    let plain = json_of(&["analyze", "twopile:1,0", "300", "200"]);
    assert_eq!(capped["winning_moves"], plain["winning_moves"]);
    assert_eq!(capped["grundy"], plain["grundy"]);
}

#[test]
fn huge_k_answers_without_panic() {
    let out = grundy(&[
        "table",
        "wythoff:k=18446744073709551615",
        "--size",
        "0",
        "--values",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json_of(&["conjecture", "wythoff:k=18446744073709551615"]);
    let pairs = &report["conjectures"][1];
    assert_eq!(pairs["kind"], "p_pairs");
    assert!(pairs["statement"]
        .as_str()
        .unwrap()
        .contains("18446744073709551617"));
}

#[test]
fn k_11_has_its_irrational_slope() {
    let report = json_of(&["conjecture", "wythoff:k=11"]);
    let conjectures = report["conjectures"].as_array().unwrap();
    assert!(conjectures.iter().all(|c| c["kind"] != "rational_slope"));
    let beatty = conjectures.iter().find(|c| c["kind"] == "beatty").unwrap();
    assert_eq!(beatty["alpha"], "(-5+1*sqrt(37))/1");
}

/// Wythoff's Grundy table is the plain C program's (the baseline of
/// README's timings, `crates/grundy/benches/baselines/wythoff_table.c`),
/// byte for byte, on sides around the engine's block size.
#[test]
fn the_wythoff_table_is_the_plain_c_programs() {
    let binary = compiled_baseline("wythoff_table");
    for size in [1, 2, 127, 128, 129, 300, 1000] {
        let plain = Command::new(&binary)
            .arg(size.to_string())
            .output()
            .expect("the baseline runs");
        let ours = grundy(&[
            "table",
            "wythoff",
            "--size",
            &size.to_string(),
            "--values",
            "--json",
        ]);
        assert!(ours.status.success());
        assert!(plain.stdout == ours.stdout, "side {size}");
    }
    let _ = std::fs::remove_file(&binary);
}

/// k-Wythoff's Grundy table is the plain C program's (the baseline of
/// README's timings, `crates/grundy/benches/baselines/k_wythoff_table.c`,
/// row by row with late diagonals), byte for byte, across blocks and for a
/// k beyond the side.
#[test]
fn the_k_wythoff_table_is_the_plain_c_programs() {
    let binary = compiled_baseline("k_wythoff_table");
    for (size, k) in [
        (1, 1),
        (129, 1),
        (300, 1),
        (300, 2),
        (260, 5),
        (200, 32),
        (40, 90),
    ] {
        let plain = Command::new(&binary)
            .args([size.to_string(), k.to_string()])
            .output()
            .expect("the baseline runs");
        let game = format!("wythoff:k={k}");
        let side = size.to_string();
        let ours = grundy(&["table", &game, "--size", &side, "--values", "--json"]);
        assert!(ours.status.success());
        assert!(plain.stdout == ours.stdout, "side {size}, k = {k}");
    }
    let _ = std::fs::remove_file(&binary);
}
