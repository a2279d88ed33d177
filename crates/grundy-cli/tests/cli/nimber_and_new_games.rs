//! `nimber` and the games of issue 14 from the command line: answers as the
//! contract writes them, stdin pairs, and one `error:` line for bad input.
//! The arithmetic and the theories are tested against their definitions and
//! the rules in the library.

use crate::common;

use common::{grundy_with_stdin, json_of, refusal, text_of};
use serde_json::json;

#[test]
fn nimber_multiplies_and_adds() {
    assert_eq!(text_of(&["nimber", "mul", "2", "2"]), "3\n");
    assert_eq!(
        text_of(&["nimber", "mul", "4294967296", "4294967296"]),
        "6442450944\n"
    );
    assert_eq!(text_of(&["nimber", "add", "5", "3"]), "6\n");
    assert_eq!(
        json_of(&["nimber", "mul", "16", "16"]),
        json!({"operation": "mul", "a": 16, "b": 16, "value": 24})
    );
}

#[test]
fn nimber_reads_pairs_from_stdin_with_or_without_a_count() {
    for input in [
        "2 2\n3 3\n\n18446744073709551615 1\n",
        "3\n2 2\n3 3\n18446744073709551615 1",
    ] {
        let out = grundy_with_stdin(&["nimber", "mul", "-"], input);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "3\n2\n18446744073709551615\n"
        );
    }
    let out = grundy_with_stdin(&["nimber", "add", "-", "--json"], "1 2\n");
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer, json!({"operation": "add", "values": [3]}));
}

#[test]
fn bad_operands_and_lines_are_one_error_line() {
    assert!(refusal(&["nimber", "mul", "2", "18446744073709551616"]).contains("not an operand"));
    assert!(refusal(&["nimber", "mul", "-2", "3"]).starts_with("error:"));
    assert!(refusal(&["nimber", "pow", "2", "3"]).starts_with("error:"));
    assert!(refusal(&["nimber", "mul", "2"]).contains("two integers"));
    for (input, says) in [
        ("1 2\n3 x\n", "stdin line 2"),
        ("1 2 3\n", "stdin line 1"),
        ("5\n1 2\n", "announces 5 pairs"),
        ("1 2\n7\n", "stdin line 2"),
    ] {
        let out = grundy_with_stdin(&["nimber", "mul", "-"], input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{input:?}: {err}"
        );
    }
}

#[test]
fn the_new_games_answer_as_the_contract_writes() {
    let lasker = json_of(&["analyze", "lasker", "3", "7", "12"]);
    assert_eq!(lasker["grundy"], 7);
    assert_eq!(lasker["winning_moves"][0]["to"], json!([1, 2, 7, 12]));
    assert_eq!(
        json_of(&["period", "lasker"])["period"],
        4,
        "G(n + 4) = G(n) + 4"
    );
    let grundys = json_of(&["sequence", "grundys-game", "--count", "8"]);
    assert_eq!(grundys["values"], json!([0, 0, 0, 1, 0, 2, 1, 0]));
    let moore = json_of(&["analyze", "moore:k=2", "3", "5", "6"]);
    assert_eq!(moore["grundy"], json!(null));
    assert_eq!(
        moore["winning_moves"],
        json!([{"to": [3, 3, 3], "move": "heap 2: 5 -> 3, heap 3: 6 -> 3"}])
    );
    assert!(refusal(&["analyze", "moore:k=0", "1"]).contains("moore:k=K"));
    let out = grundy_with_stdin(
        &["analyze", "staircase-tree", "-", "--json"],
        "0 1\n1 2\ncoins 1 3\ncoins 2 1\n",
    );
    let tree: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(tree["grundy"], 3);
    assert_eq!(tree["winning_moves"][0]["to"], json!([1, 3]));
    let out = grundy_with_stdin(&["analyze", "staircase-tree", "-"], "0 1\n1 0\n");
    assert_eq!(out.status.code(), Some(2));
}
