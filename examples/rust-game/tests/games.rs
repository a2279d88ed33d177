//! The template's games through the whole command, held against their rules:
//! values computed here from the rules alone (a plain table for cutting, the
//! subtraction rule for take-134), sums with built-in games, winning moves
//! that win, and a position the game refuses.

use std::process::{Command, Output};

use serde_json::Value;

/// `my-grundy ARGS`, its output.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_my-grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// `my-grundy ARGS --json`, its answer.
fn json(args: &[&str]) -> Value {
    let out = run(&[args, &["--json"]].concat());
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// The Grundy values of cutting's single sheets below `side`, from the rules:
/// a cut leaves two sheets, worth the nim-sum of their values.
fn sheet_values(side: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; side]; side];
    for r in 0..side {
        for c in 0..side {
            let across = (1..r).map(|a| g[a][c] ^ g[r - a][c]);
            let down = (1..c).map(|b| g[r][b] ^ g[r][c - b]);
            let options: Vec<u64> = across.chain(down).collect();
            g[r][c] = (0..).find(|v| !options.contains(v)).expect("a mex");
        }
    }
    g
}

#[test]
fn the_cutting_table_is_the_table_of_its_rules() {
    let side = 24;
    let answer = json(&["table", "cutting", "--size", "24", "--values"]);
    let expected = sheet_values(side);
    let rows = answer["values"].as_array().expect("rows");
    assert_eq!(rows.len(), side);
    for (r, row) in rows.iter().enumerate() {
        let row: Vec<u64> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(row, expected[r], "row {r}");
    }
}

#[test]
fn sums_with_built_in_games_are_nim_sums_and_their_winning_moves_win() {
    let g = sheet_values(8);
    let answer = json(&["analyze", "cutting", "3", "4", "5", "5", "+", "nim", "2"]);
    assert_eq!(answer["grundy"], g[3][4] ^ g[5][5] ^ 2);
    // Every winning move of one sheet game leads to a position of value 0.
    let alone = json(&["analyze", "cutting", "6", "7", "2", "5"]);
    assert_eq!(alone["grundy"], g[6][7] ^ g[2][5]);
    let moves = alone["winning_moves"].as_array().expect("moves");
    assert_eq!(moves.is_empty(), alone["grundy"] == 0);
    for m in moves {
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.to_string())
            .collect();
        let args: Vec<&str> = ["analyze", "cutting"]
            .into_iter()
            .chain(to.iter().map(String::as_str))
            .collect();
        assert_eq!(json(&args)["grundy"], 0, "{m}");
    }
}

#[test]
fn take_134_follows_its_rule_and_its_period_shows() {
    let answer = json(&["sequence", "take-134", "--count", "2000"]);
    let values: Vec<u64> = answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let mut g = vec![0u64; 2000];
    for n in 0..2000 {
        let options: Vec<u64> = [1, 3, 4]
            .iter()
            .filter(|&&t| t <= n)
            .map(|&t| g[n - t])
            .collect();
        g[n] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    assert_eq!(values, g);
    let period = json(&["period", "take-134"]);
    assert_eq!(period["period"], 7);
    assert_eq!(period["certified"], false);
}

#[test]
fn a_position_the_game_refuses_is_one_line_and_status_2() {
    let out = run(&["analyze", "cutting", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: bad position: a position of cutting is sheets"),
        "{stderr}"
    );
}

#[test]
fn the_games_are_listed_beside_the_built_in_ones() {
    let specs: Vec<String> = json(&["games"])["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["spec"].as_str().unwrap().to_string())
        .collect();
    for name in ["nim", "wythoff", "cutting", "take-134"] {
        assert!(specs.iter().any(|s| s == name), "{name} in {specs:?}");
    }
}
