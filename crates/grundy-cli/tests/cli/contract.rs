//! The command-line contract (shared/CLI.md), checked on the built binary.

use crate::common;

use serde_json::{json, Value};

use common::{grundy, grundy_with_stdin, json_of};

/// A file in a fresh temporary folder, holding `text`.
fn temporary_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}

/// Runs `analyze` on the position a move leads to.
fn outcome_after(game: &str, to: &Value) -> String {
    let position: Vec<String> = to
        .as_array()
        .expect("positions are arrays")
        .iter()
        .map(|v| match v {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            other => panic!("not an integer: {other}"),
        })
        .collect();
    let mut args = vec!["analyze", game, "--moves", "one"];
    args.extend(position.iter().map(String::as_str));
    json_of(&args)["outcome"].as_str().unwrap().to_string()
}

#[test]
fn analyze_nim_3_4_5() {
    assert_eq!(
        json_of(&["analyze", "nim", "3", "4", "5"]),
        json!({"game": "nim", "position": [3, 4, 5], "outcome": "N", "grundy": 2,
               "winning_moves": [{"to": [1, 4, 5], "move": "heap 1: 3 -> 1 (take 2)"}],
               "method": "closed form (Bouton): the nim-sum of the heap sizes",
               "remoteness": 11})
    );
}

#[test]
fn every_listed_move_reaches_a_p_position_in_ascending_order() {
    for (game, position) in [
        ("nim", &["7", "7", "1", "12"][..]),
        ("bash:3", &["10", "4", "7"]),
        ("subtraction:1,3,4", &["7", "9", "12"]),
        ("subtraction:2,5,7", &["100", "31", "8"]),
        ("staircase", &["3", "1", "4", "1", "5"]),
        ("staircase", &["0", "6", "1", "9"]),
    ] {
        let mut args = vec!["analyze", game];
        args.extend(position);
        let answer = json_of(&args);
        assert_eq!(answer["outcome"], "N", "{game} {position:?}");
        let moves = answer["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            assert_eq!(outcome_after(game, &m["to"]), "P", "{game}: {m}");
        }
        let targets: Vec<Vec<u64>> = moves
            .iter()
            .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
            .collect();
        let mut sorted = targets.clone();
        sorted.sort();
        assert_eq!(targets, sorted, "{game}: moves in ascending order");
    }
}

#[test]
fn p_positions_have_no_winning_move() {
    let answer = json_of(&["analyze", "subtraction:1,3,4", "7", "9"]);
    assert_eq!(answer["outcome"], "P");
    assert_eq!(answer["grundy"], 0);
    assert_eq!(answer["winning_moves"], json!([]));
}

#[test]
fn moves_one_lists_only_the_first() {
    let all = json_of(&["analyze", "nim", "7", "7", "1"]);
    let one = json_of(&["analyze", "nim", "7", "7", "1", "--moves", "one"]);
    assert_eq!(all["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(one["winning_moves"], json!([all["winning_moves"][0]]));
}

#[test]
fn nim_with_thousand_digit_heaps_writes_big_values_as_strings() {
    let a = format!("1{}", "0".repeat(999));
    let b = format!("2{}", "3".repeat(999));
    let answer = json_of(&["analyze", "nim", &a, &b, "5"]);
    assert_eq!(answer["position"][0], json!(a));
    assert_eq!(answer["position"][2], json!(5));
    assert!(answer["grundy"].is_string());
    let moves = answer["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert_eq!(outcome_after("nim", &m["to"]), "P");
    }
}

#[test]
fn bash_heaps_beyond_u64() {
    let heap = "123456789012345678901234567890";
    let answer = json_of(&["analyze", "bash:3", heap]);
    // 10^k = 0 mod 4 for k >= 2, so the value is 90 mod 4 = 2.
    assert_eq!(answer["grundy"], 2);
    assert_eq!(
        answer["winning_moves"][0]["to"],
        json!(["123456789012345678901234567888"])
    );
}

#[test]
fn sequences() {
    assert_eq!(
        json_of(&["sequence", "bash:3", "--count", "10"]),
        json!({"game": "bash:3", "values": [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]})
    );
    let values = json_of(&["sequence", "subtraction:2,5,7", "--count", "100"])["values"].clone();
    let values: Vec<u64> = serde_json::from_value(values).unwrap();
    assert_eq!(values.len(), 100);
    assert_eq!(&values[..12], [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3]);
    assert!((0..78).all(|n| values[n + 22] == values[n]));
}

#[test]
fn counts_may_be_powers() {
    let values = json_of(&["sequence", "bash:3", "--count", "2^4"])["values"].clone();
    assert_eq!(values.as_array().unwrap().len(), 16);
}

#[test]
fn periods() {
    assert_eq!(
        json_of(&["period", "subtraction:2,5,7"]),
        json!({"game": "subtraction:2,5,7", "preperiod": 0, "period": 22, "saltus": 0,
               "certified": true, "checked_to": 29,
               "method": "first repeated window of max S = 7 consecutive values, which determine all later ones"})
    );
    let nim = json_of(&["period", "nim"]);
    assert_eq!(
        (nim["period"].clone(), nim["saltus"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(json_of(&["period", "bash:5"])["period"], 6);
}

#[test]
fn specs_are_case_insensitive() {
    assert_eq!(json_of(&["analyze", "NIM", "1"])["game"], "nim");
    assert_eq!(
        json_of(&["analyze", "Subtraction:4,1", "2"])["game"],
        "subtraction:1,4"
    );
}

#[test]
fn bad_input_is_one_error_line_and_exit_status_2() {
    for args in [
        &["analyze", "chess", "3"][..],
        &["analyze", "nim", "-3"],
        &["analyze", "nim", "3x"],
        &["analyze", "nim"],
        &["analyze", "bash:0", "3"],
        &["analyze", "bash:x", "3"],
        &["analyze", "subtraction:0,2", "3"],
        &["analyze", "subtraction:", "3"],
        &["sequence", "nim", "--count", "many"],
        &["sequence", "nim", "--count", "2^99"],
        &["sequence", "staircase", "--count", "5"],
        &["sequence", "nim", "--count", "1000000000000"],
        &["period", "staircase"],
        &["period", "subtraction:3,1000", "--max", "50"],
        &["frobnicate", "nim"],
        &["analyze", "nim", "3", "--json", "--bogus"],
        &["analyze", "wythoff", "3"],
        &["analyze", "wythoff:k=x", "3", "4"],
        &["analyze", "wythoff:ratios", "3", "100000000"],
        &["analyze", "dynsub:k=0", "3", "2"],
        &["analyze", "dynsub", "3", "2"],
        &["analyze", "fibonacci-nim", "3"],
        &["beatty", "sqrt(9)"],
        &["analyze", "octal:0.8", "3"],
        &["analyze", "octal:077", "3"],
        &["analyze", "kayles:2", "3"],
        &["analyze", "circle:0", "3"],
        &["analyze", "circle:2", "3", "4"],
    ] {
        let out = grundy(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    }
}

#[test]
fn text_output_names_the_winning_move() {
    let out = grundy(&["analyze", "nim", "3", "4", "5"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("outcome: N"), "{text}");
    assert!(
        text.contains("heap 1: 3 -> 1 (take 2)  =>  1 4 5"),
        "{text}"
    );
}

#[test]
fn wythoff_family() {
    let classic = json_of(&["analyze", "wythoff", "4", "9"]);
    assert_eq!(classic["outcome"], "N");
    assert_eq!(
        classic["winning_moves"],
        json!([{"to": [4, 7], "move": "take 2 from pile 2"}])
    );
    assert_eq!(
        json_of(&["analyze", "wythoff:k=1", "5", "13"])["outcome"],
        "P"
    );
    assert_eq!(
        json_of(&["sequence", "wythoff", "--count", "6"]),
        json!({"game": "wythoff", "pairs": [[0, 0], [1, 2], [3, 5], [4, 7], [6, 10], [8, 13]]})
    );
    // A position far beyond u64: every move listed reaches a P-position.
    let x = format!("7{}", "1".repeat(120));
    let answer = json_of(&["analyze", "wythoff:k=3", &x, "12345678901234567890123"]);
    for m in answer["winning_moves"].as_array().unwrap() {
        assert_eq!(outcome_after("wythoff:k=3", &m["to"]), "P", "{m}");
    }
}

#[test]
fn wythoff_ratios_says_which_rows_have_no_p_position() {
    let answer = json_of(&["sequence", "wythoff:ratios", "--count", "5"]);
    assert_eq!(answer["pairs"][0], json!([0, 0]));
    let rows = answer["rows_without_p"].as_array().unwrap();
    assert!(
        rows.contains(&json!(1)),
        "row 1 has no P-position: (1, y) -> (0, 0)"
    );
    // Every row below `searched_below` is settled, so it passes the last pair listed.
    assert!(answer["searched_below"].as_u64().unwrap() > answer["pairs"][4][0].as_u64().unwrap());
}

#[test]
fn beatty_sequences() {
    assert_eq!(
        json_of(&["beatty", "phi", "--count", "5"]),
        json!({"alpha": "(1+1*sqrt(5))/2", "values": [1, 3, 4, 6, 8],
               "complement": {"alpha": "(3+1*sqrt(5))/2", "values": [2, 5, 7, 10, 13]}})
    );
    let out = grundy(&["beatty", "pi"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn fibonacci_nim_smallest_winning_move_first() {
    // 20 = 13 + 5 + 2: the smallest term 2 wins; 20 - 2 = 18 = 13 + 5, limit 4 < 5.
    let answer = json_of(&["analyze", "fibonacci-nim", "20", "19"]);
    assert_eq!(answer["game"], "dynsub:k=2");
    assert_eq!(
        answer["winning_moves"][0],
        json!({"to": [18, 4], "move": "take 2"})
    );
    // A Fibonacci number is lost for the first player.
    assert_eq!(
        json_of(&["analyze", "fibonacci-nim", "21", "20"])["outcome"],
        "P"
    );
    let amounts: Vec<u64> = json_of(&["analyze", "dynsub:k=3", "100", "99"])["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| 100 - m["to"][0].as_u64().unwrap())
        .collect();
    let mut sorted = amounts.clone();
    sorted.sort();
    assert_eq!(amounts, sorted, "ascending by the amount taken");
}

#[test]
fn octal_periods_are_certified() {
    for (game, n0, p) in [
        ("kayles", 71, 12),
        ("dawson", 53, 34),
        ("octal:0.16", 105_351, 149_459),
    ] {
        let report = json_of(&["period", game]);
        assert_eq!(
            (report["preperiod"].as_u64(), report["period"].as_u64()),
            (Some(n0), Some(p)),
            "{game}"
        );
        assert_eq!(report["certified"], true);
        assert!(report["stats"]["max_value"].is_u64());
    }
}

#[test]
fn octal_sums_with_splits_and_huge_heaps() {
    let answer = json_of(&["analyze", "kayles", "10", "20", "30"]);
    let moves = answer["winning_moves"].as_array().unwrap();
    assert!(
        moves.iter().any(|m| m["to"].as_array().unwrap().len() == 4),
        "splits leave two heaps"
    );
    for m in moves {
        assert_eq!(outcome_after("kayles", &m["to"]), "P", "{m}");
    }
    let first = json_of(&["analyze", "kayles", "10", "20", "30", "--moves", "one"]);
    assert_eq!(first["winning_moves"][0], moves[0]);
    let huge = format!("1{}", "0".repeat(100));
    let one = json_of(&["analyze", "kayles", &huge, "7", "--moves", "one"]);
    assert_eq!(outcome_after("kayles", &one["winning_moves"][0]["to"]), "P");
    // Every winning move of a heap of 10^100 cannot be listed: they are counted
    // and described as families (tests/cli/octal_answers.rs).
    let all = json_of(&["analyze", "kayles", &huge]);
    assert_eq!(all["winning_moves_complete"], false);
}

#[test]
fn coins_in_a_circle() {
    assert_eq!(json_of(&["analyze", "circle:3", "10"])["outcome"], "P");
    assert_eq!(
        json_of(&["analyze", "circle:3", "3"])["winning_moves"][0]["to"],
        json!([0])
    );
    assert_eq!(json_of(&["analyze", "circle:1", "7"])["outcome"], "N");
}

#[test]
fn an_octal_run_resumes_from_its_checkpoint_with_the_same_result() {
    let dir = std::env::temp_dir().join(format!("grundy-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("016.ckpt");
    let path = file.to_str().unwrap();
    let fresh = json_of(&["sequence", "octal:0.16", "--count", "200000"]);
    json_of(&[
        "sequence",
        "octal:0.16",
        "--count",
        "70000",
        "--checkpoint",
        path,
    ]);
    let resumed = json_of(&[
        "sequence",
        "octal:0.16",
        "--count",
        "200000",
        "--checkpoint",
        path,
    ]);
    assert_eq!(fresh["values"], resumed["values"]);
    // A checkpoint of another game is refused.
    let out = grundy(&["sequence", "kayles", "--count", "10", "--checkpoint", path]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hackenbush_from_a_file_and_from_stdin() {
    // A triangle on a stalk (1 + 1) and a loop on another (1 + 1), and a stalk of
    // two edges (2): 2 ^ 2 ^ 2 = 2, won by cutting any one of the three from
    // the ground.
    let graph = "0 1\n1 2\n2 3\n3 1\n0 4\n# a comment\n\n4 4\n7 8\n0 5\n5 6\n";
    let file = temporary_file("h.txt", graph);
    let answer = json_of(&["analyze", "hackenbush", file.to_str().unwrap()]);
    assert_eq!(answer["grundy"], 2);
    assert!(answer["method"]
        .as_str()
        .unwrap()
        .contains("1 edges not connected"));
    let moves = answer["winning_moves"].as_array().unwrap();
    let cut: Vec<Value> = moves.iter().map(|m| m["to"].clone()).collect();
    assert_eq!(cut, [json!([0, 1]), json!([0, 4]), json!([0, 5])]);
    let out = grundy_with_stdin(&["analyze", "hackenbush", "-", "--json"], graph);
    let from_stdin: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(from_stdin, answer);
}

#[test]
fn geography_from_a_start_and_the_start_choosing_game() {
    let file = temporary_file("g.txt", "1 2\n2 3\n3 4\n4 1\n1 5\n");
    let path = file.to_str().unwrap();
    // Vertex 3 is covered by every maximum matching; 2, 4 and 5 are not.
    assert_eq!(
        json_of(&["analyze", "geography", path, "3"])["outcome"],
        "N"
    );
    assert_eq!(
        json_of(&["analyze", "geography", path, "5"])["outcome"],
        "P"
    );
    let starts = json_of(&["analyze", "geography", path]);
    assert_eq!(
        starts["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].clone())
            .collect::<Vec<_>>(),
        [json!([2]), json!([4]), json!([5])]
    );
    let grid = temporary_file("grid.txt", "..#\n...\n");
    let from_corner = json_of(&[
        "analyze",
        "geography",
        "--grid",
        grid.to_str().unwrap(),
        "0",
    ]);
    assert_eq!(
        from_corner["winning_moves"],
        json!([{"to": [1], "move": "move the token to 1"}, {"to": [3], "move": "move the token to 3"}])
    );
}

#[test]
fn malformed_graph_files_name_the_line() {
    let file = temporary_file("bad.txt", "0 1\nx y\n");
    let out = grundy(&["analyze", "hackenbush", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 2") && stderr.lines().count() == 1,
        "{stderr}"
    );
    for args in [
        &["analyze", "hackenbush", "/nonexistent/graph"][..],
        &["analyze", "hackenbush"],
        &["analyze", "geography", file.to_str().unwrap(), "1"],
    ] {
        assert_eq!(grundy(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn table_json_csv_and_pictures() {
    assert_eq!(
        json_of(&["table", "wythoff", "--size", "3", "--values"]),
        json!({"game": "wythoff", "size": 3, "values": [[0, 1, 2], [1, 2, 0], [2, 0, 1]]})
    );
    let dir = std::env::temp_dir().join(format!("grundy-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("t.csv");
    let out = grundy(&[
        "table",
        "twopile:1,0+0,1+1,1",
        "--size",
        "4",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "P,N,N,N\nN,N,P,N\nN,P,N,N\nN,N,N,N\n"
    );
    for (flag, file) in [("--png", "t.png"), ("--svg", "t.svg")] {
        let path = dir.join(file);
        let out = grundy(&[
            "table",
            "wythoff:k=1",
            "--size",
            "50",
            "--values",
            flag,
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(std::fs::metadata(&path).unwrap().len() > 1000);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn table_errors_are_one_line_with_status_2() {
    for args in [
        &[
            "table",
            "wythoff",
            "--size",
            "5",
            "--png",
            "/nonexistent/dir/x.png",
        ][..],
        &["table", "wythoff", "--size", "100000"],
        &["table", "nim", "--size", "4"],
        &["table", "twopile:0,0", "--size", "4"],
        &["conjecture", "staircase"],
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("error:") && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn conjecture_rediscovers_the_golden_ratio() {
    let report = json_of(&["conjecture", "wythoff"]);
    let beatty = report["conjectures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "beatty")
        .unwrap();
    assert_eq!(beatty["alpha"], "(1+1*sqrt(5))/2");
    assert_eq!(
        (
            beatty["p"].clone(),
            beatty["q"].clone(),
            beatty["d"].clone(),
            beatty["s"].clone()
        ),
        (json!(1), json!(1), json!(5), json!(2))
    );
    assert!(beatty["verified_up_to"].as_u64().unwrap() > 1000);
    let bash = json_of(&["conjecture", "bash:6"]);
    assert_eq!(bash["conjectures"][0]["period"], 7);
}
