//! Text answers in plain words (issue 10): the spec typed beside the canonical
//! one, dynsub's new limit, `--grid` cells as (row, column), line heads as wide
//! as the widest, the engine's jargon only with `--verbose`, and conjecture
//! kinds in words. Each text is checked against the JSON of the same run, so
//! that the words cannot drift from the answer.

use crate::common;

use std::path::PathBuf;

use common::{json_of, refusal, text_of};
use serde_json::{json, Value};

fn first_line(args: &[&str]) -> String {
    text_of(args).lines().next().unwrap_or_default().to_string()
}

/// A file holding `text` in this test binary's scratch directory.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_header_echoes_the_spec_typed_beside_the_canonical_one() {
    assert_eq!(
        first_line(&["analyze", "kayles", "10", "20", "30"]),
        "kayles (octal:0.77) 10 20 30"
    );
    assert_eq!(
        first_line(&["analyze", "fibonacci-nim", "10", "9"]),
        "fibonacci-nim (dynsub:k=2) 10 9"
    );
    assert_eq!(
        first_line(&["analyze", "twopile:1,0+0,1+1,1", "3", "5"]),
        "twopile:1,0+0,1+1,1 (twopile:0,1+1,0+1,1) 3 5"
    );
    // The same spec in other letters is not echoed twice.
    assert_eq!(first_line(&["analyze", "NIM", "1", "2"]), "nim 1 2");
    assert_eq!(first_line(&["analyze", "bash:3", "7"]), "bash:3 7");
    assert!(first_line(&["sequence", "dawson", "--count", "5"])
        .starts_with("dawson (octal:0.07): the first 5 values"));
    assert!(first_line(&["period", "kayles"]).starts_with("kayles (octal:0.77): G(n + 12)"));
    assert_eq!(
        first_line(&["conjecture", "kayles"]),
        "kayles (octal:0.77):"
    );
    assert!(
        first_line(&["table", "WYTHOFF:K=1", "--size", "3"]).starts_with("wythoff:k=1: outcomes")
    );
    assert!(first_line(&["table", "twopile:1,0+0,1", "--size", "3"])
        .starts_with("twopile:1,0+0,1 (twopile:0,1+1,0): outcomes"));
    // JSON keeps the canonical spec alone.
    assert_eq!(
        json_of(&["analyze", "kayles", "10", "20", "30"])["game"],
        "octal:0.77"
    );
}

#[test]
fn a_dynsub_move_names_the_pile_and_the_new_limit_it_leaves() {
    for (n, limit) in [("10", "9"), ("20", "19"), ("100", "7"), ("33", "32")] {
        let args = ["analyze", "fibonacci-nim", n, limit];
        let text = text_of(&args);
        let answer = json_of(&args);
        let moves = answer["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{args:?} is an N-position");
        for m in moves {
            let line = format!(
                "  {}, leaving {} with limit {}\n",
                m["move"].as_str().unwrap(),
                m["to"][0],
                m["to"][1]
            );
            assert!(text.contains(&line), "{args:?}: {line:?} in {text}");
        }
        assert!(!text.contains("=>"), "{text}");
    }
    assert!(text_of(&["analyze", "fibonacci-nim", "10", "9"])
        .contains("  take 2, leaving 8 with limit 4\n"));
}

#[test]
fn a_grid_answer_is_written_in_cells_and_a_start_may_be_a_cell() {
    // Three columns: the vertex of (row, column) is row * 3 + column.
    let maze = scratch_file("text-maze.txt", "..#\n...\n#..\n");
    let maze = maze.to_str().unwrap();
    let cell = |v: &Value| {
        let v = v.as_u64().unwrap();
        format!("({}, {})", v / 3, v % 3)
    };
    let by_vertex = json_of(&["analyze", "geography", "--grid", maze, "4"]);
    let by_cell = json_of(&["analyze", "geography", "--grid", maze, "1,1"]);
    assert_eq!(by_cell, by_vertex);
    assert_eq!(by_cell["position"], json!([4]));
    let text = text_of(&["analyze", "geography", "--grid", maze, "1,1"]);
    assert!(text.starts_with("geography (1, 1)\n"), "{text}");
    let moves = by_cell["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4, "{by_cell}");
    for m in moves {
        let line = format!("  move the token to {}\n", cell(&m["to"][0]));
        assert!(text.contains(&line), "{line:?} in {text}");
    }
    // The start-choosing game: where to place the token.
    let answer = json_of(&["analyze", "geography", "--grid", maze]);
    let text = text_of(&["analyze", "geography", "--grid", maze]);
    for m in answer["winning_moves"].as_array().unwrap() {
        let line = format!(
            "  place the token on {}; the opponent moves first\n",
            cell(&m["to"][0])
        );
        assert!(text.contains(&line), "{line:?} in {text}");
    }
    // A graph file keeps its vertex numbers.
    let graph = scratch_file("text-graph.txt", "0 1\n1 2\n2 3\n3 0\n3 4\n");
    let text = text_of(&["analyze", "geography", graph.to_str().unwrap(), "3"]);
    assert!(text.contains("  move the token to 0\n"), "{text}");
    // A cell outside the grid is refused, naming the grid's size.
    for cell in ["3,0", "0,3", "x,1", "1,"] {
        let err = refusal(&["analyze", "geography", "--grid", maze, cell]);
        assert!(
            err.contains("not a cell of the grid") && err.contains("ROW < 3"),
            "{cell}: {err}"
        );
    }
}

#[test]
fn a_p_position_says_every_move_loses_in_every_game() {
    let hackenbush = scratch_file("text-hackenbush.txt", "0 1\n0 2\n");
    let path = scratch_file("text-path.txt", "0 1\n1 2\n2 3\n3 4\n");
    // Four vertices in a row have a perfect matching: every start loses.
    let even_path = scratch_file("text-even-path.txt", "0 1\n1 2\n2 3\n");
    let (hackenbush, path) = (hackenbush.to_str().unwrap(), path.to_str().unwrap());
    let even_path = even_path.to_str().unwrap();
    for args in [
        &["analyze", "nim", "1", "2", "3"][..],
        &["analyze", "nim", "0"],
        &["analyze", "bash:3", "8"],
        &["analyze", "subtraction:1,3,4", "7"],
        &["analyze", "kayles", "4", "4"],
        &["analyze", "dawson", "9"],
        &["analyze", "octal:0.16", "2"],
        &["analyze", "staircase", "1", "0", "1"],
        &["analyze", "wythoff", "3", "5"],
        &["analyze", "wythoff:k=1", "5", "13"],
        &["analyze", "wythoff:ratios", "0", "0"],
        &["analyze", "twopile:1,0+0,1+1,1", "3", "5"],
        &["analyze", "circle:2", "7"],
        &["analyze", "fibonacci-nim", "8", "7"],
        &["analyze", "hackenbush", hackenbush],
        &["analyze", "geography", path, "0"],
        &["analyze", "geography", even_path],
    ] {
        let answer = json_of(args);
        assert_eq!(answer["outcome"], "P", "{args:?}");
        let text = text_of(args);
        assert!(text.contains("outcome: P"), "{args:?}: {text}");
        assert!(
            text.contains("\nwinning moves: none; every move loses\n"),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn line_heads_are_as_wide_as_the_widest_one() {
    let lines =
        |args: &[&str]| -> Vec<String> { text_of(args).lines().map(String::from).collect() };
    // Ten values: one line, head "0", no padding.
    assert_eq!(
        lines(&["sequence", "nim", "--count", "10"])[1],
        "0: 0 1 2 3 4 5 6 7 8 9"
    );
    let hundred = lines(&["sequence", "nim", "--count", "100"]);
    assert!(hundred[1].starts_with(" 0: 0 1"), "{hundred:?}");
    assert!(hundred[10].starts_with("90: 90 91"), "{hundred:?}");
    let more = lines(&["sequence", "nim", "--count", "101"]);
    assert!(more[1].starts_with("  0: 0 1"), "{more:?}");
    assert_eq!(more[11], "100: 100");
    // Beatty counts from 1: ten terms are one line headed "1".
    let beatty = lines(&["beatty", "phi", "--count", "10"]);
    assert_eq!(beatty[0], "floor(n*(1+1*sqrt(5))/2) for n = 1..10:");
    assert_eq!(beatty[1], "1: 1 3 4 6 8 9 11 12 14 16");
    let beatty = lines(&["beatty", "phi", "--count", "11"]);
    assert!(beatty[1].starts_with(" 1: 1 3"), "{beatty:?}");
    assert_eq!(beatty[2], "11: 17");
}

#[test]
fn the_engine_s_split_of_values_is_shown_in_words_with_verbose_only() {
    let plain = text_of(&["sequence", "dawson", "--count", "100"]);
    assert!(plain.ends_with("\nlargest value: 9\n"), "{plain}");
    for jargon in ["rare", "common", "0b", "mask", "parity"] {
        assert!(!plain.contains(jargon), "{jargon}: {plain}");
    }
    let verbose = text_of(&["sequence", "dawson", "--count", "100", "--verbose"]);
    let answer = json_of(&["sequence", "dawson", "--count", "100"]);
    let stats = &answer["stats"];
    let expected = format!(
        "sparse space: {} heaps n >= 1 have a rare value and {} a common one; the value v \
         of heap n is rare when the number of 1 bits of v AND 0b110 is even for even n and \
         odd for odd n\n",
        stats["rare"], stats["common"]
    );
    assert_eq!(stats["sparse_mask"], 6);
    assert_eq!(stats["flip_odd_heaps"], true);
    assert!(verbose.ends_with(&expected), "{verbose}");
    assert!(verbose.starts_with(&plain), "{verbose}");
    assert_eq!(stats.get("flip_even_heaps"), None, "written only when true");
    // 0.106's split flips the parity on even heaps (Flammenkamp's): said in
    // both forms, with its fifteen rare heaps.
    let args = ["sequence", "octal:0.106", "--count", "65536"];
    let stats = json_of(&args)["stats"].clone();
    assert_eq!(
        (
            &stats["rare"],
            &stats["flip_odd_heaps"],
            &stats["flip_even_heaps"]
        ),
        (&json!(15), &json!(false), &json!(true))
    );
    let verbose = text_of(&[&args[..], &["--verbose"]].concat());
    assert!(
        verbose.ends_with(&format!(
            "is rare when the number of 1 bits of v AND {:#b} is odd for even n and even for \
             odd n\n",
            stats["sparse_mask"].as_u64().unwrap()
        )),
        "{verbose}"
    );
    // --verbose changes no JSON.
    assert_eq!(
        json_of(&["sequence", "dawson", "--count", "100", "--verbose"]),
        answer
    );
}

#[test]
fn conjecture_kinds_are_words_and_a_certified_period_reads_as_one_sentence() {
    assert_eq!(
        text_of(&["conjecture", "nim"]),
        "nim:\n- arithmetic period: G(n + 1) = G(n) + 1 for all n >= 0: certified by closed form: G(n) = n\n"
    );
    let kayles = text_of(&["conjecture", "kayles"]);
    assert!(
        kayles.contains("\n- period: G(n + 12) = G(n) for all n >= 71: certified by the Guy-Smith"),
        "{kayles}"
    );
    let wythoff = text_of(&["conjecture", "wythoff"]);
    for kind in [
        "one P per row",
        "P pairs",
        "linear difference",
        "complementary",
        "Beatty",
        "row period",
    ] {
        assert!(
            wythoff.contains(&format!("\n- {kind}: ")),
            "{kind}: {wythoff}"
        );
    }
    for text in [kayles, wythoff] {
        let mut lines = text.lines();
        assert!(lines.next().unwrap().ends_with(':'), "{text}");
        for line in lines {
            let kind = line.strip_prefix("- ").unwrap().split(':').next().unwrap();
            assert!(!kind.contains(['_', '[']), "{line}");
        }
    }
}

#[test]
fn conjecture_and_period_agree_on_every_heap_game() {
    // Both certify the same relation, or both refuse the game.
    for game in ["nim", "bash:3", "subtraction:1,3,4", "kayles", "octal:0.16"] {
        let period = json_of(&["period", game]);
        let conjecture = &json_of(&["conjecture", game])["conjectures"][0];
        for key in ["preperiod", "period", "saltus", "certified"] {
            assert_eq!(conjecture[key], period[key], "{game} {key}");
        }
        assert_eq!(period["certified"], true, "{game}");
        assert!(
            text_of(&["period", game]).contains("\ncertified: "),
            "{game}"
        );
        assert!(
            text_of(&["conjecture", game]).contains(": certified by "),
            "{game}"
        );
    }
    // A budget too small to see the period: `period` certifies nothing.
    let err = refusal(&["period", "octal:0.16", "--max", "100000"]);
    assert!(
        err.contains("no period in the first 100000 values"),
        "{err}"
    );
    // Games with no sequence of single heaps: both verbs refuse them.
    for game in ["staircase", "circle:2"] {
        for verb in ["period", "conjecture"] {
            let err = refusal(&[verb, game]);
            assert!(err.contains("is not available for"), "{verb} {game}: {err}");
        }
    }
}
