//! `digraph` from the command line: values of every vertex, sums of tokens
//! with draws, the graph from a file or stdin, and one `error:` line for bad
//! files and positions. The theory itself is tested against retrograde
//! analysis in the library (`games::digraph`).

use crate::common;

use common::{grundy, grundy_with_stdin, json_of, refusal};
use serde_json::{json, Value};

/// The example file: cycles, a loop, a lone vertex (its comments give the values).
const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/digraph.txt");

#[test]
fn sequence_gives_the_value_of_every_vertex() {
    assert_eq!(
        json_of(&["sequence", "digraph", EXAMPLE]),
        json!({
            "game": "digraph",
            "vertices": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            "values": [0, "inf{}", "inf{}", "inf{1}", 1, "inf{}", "inf{0}", 0, 0, 1]
        })
    );
    let text = String::from_utf8(grundy(&["sequence", "digraph", EXAMPLE]).stdout).unwrap();
    assert!(text.contains("3: inf{1}\n"), "{text}");
}

#[test]
fn sums_of_tokens_win_lose_or_draw() {
    // 9 (value 1) and 4 (value 1): 1 xor 1 = 0.
    let p = json_of(&["analyze", "digraph", EXAMPLE, "9", "4"]);
    assert_eq!((&p["outcome"], &p["grundy"]), (&json!("P"), &json!(0)));
    assert_eq!(p["winning_moves"], json!([]));
    // 6 is inf{0}, 4 is 1: the sum is inf{1}, a draw.
    let d = json_of(&["analyze", "digraph", EXAMPLE, "6", "4"]);
    assert_eq!(
        (&d["outcome"], &d["grundy"]),
        (&json!("D"), &json!("inf{1}"))
    );
    assert_eq!(d["winning_moves"], json!([]));
    // 9 is 1, 3 is inf{1}: the sum is inf{0}; the infinite token moves to 4.
    let n = json_of(&["analyze", "digraph", EXAMPLE, "9", "3"]);
    assert_eq!(
        (&n["outcome"], &n["grundy"]),
        (&json!("N"), &json!("inf{0}"))
    );
    let to: Vec<&Value> = n["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["to"])
        .collect();
    assert_eq!(to, [&json!([9, 4])]);
    // Two infinite tokens: a draw whatever their sets.
    let two = json_of(&["analyze", "digraph", EXAMPLE, "6", "3"]);
    assert_eq!(
        (&two["outcome"], &two["grundy"]),
        (&json!("D"), &json!("inf{}"))
    );
    let text = String::from_utf8(grundy(&["analyze", "digraph", EXAMPLE, "6", "4"]).stdout);
    assert!(text.unwrap().contains("outcome: D"));
}

#[test]
fn winning_moves_are_ordered_by_the_position_reached() {
    // Heaps of Nim as a graph (h moves to every smaller heap), and 1 may
    // also move up to 5, an end. (1, 3, 3) has value 1: 1 moves to 0 or to
    // 5, or a 3 moves to 2. The contract orders them by the position reached,
    // so the move up to 5 comes last, not beside the other move of token 1.
    let graph = "1 0\n2 0\n2 1\n3 0\n3 1\n3 2\n1 5\n";
    let answer = with_stdin(&["analyze", "digraph", "-", "1", "3", "3", "--json"], graph);
    let to: Vec<Value> = answer["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].clone())
        .collect();
    assert_eq!(
        to,
        [
            json!([0, 3, 3]),
            json!([1, 2, 3]),
            json!([1, 3, 2]),
            json!([5, 3, 3])
        ]
    );
}

fn with_stdin(args: &[&str], stdin: &str) -> Value {
    let out = grundy_with_stdin(args, stdin);
    assert!(out.status.success(), "{args:?}");
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

#[test]
fn bad_files_and_positions_get_one_error_line() {
    let dir = std::env::temp_dir().join(format!("grundy-digraph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "0 1\n1 x\n").unwrap();
    let bad = bad.to_str().unwrap();
    assert!(refusal(&["analyze", "digraph", bad, "0"]).contains("line 2: expected a move 'U V'"));
    assert!(refusal(&["sequence", "digraph", bad]).contains("line 2"));
    assert!(
        refusal(&["analyze", "digraph", EXAMPLE, "10"]).contains("vertex 10 is not in the graph")
    );
    assert!(refusal(&["analyze", "digraph", EXAMPLE, "-1"]).contains("negative"));
    assert!(refusal(&["analyze", "digraph", EXAMPLE]).contains("give at least one"));
    assert!(refusal(&["analyze", "digraph", "/nonexistent/graph", "0"]).contains("cannot read"));
    assert!(refusal(&["sequence", "digraph"]).contains("grundy sequence digraph FILE"));
    assert!(refusal(&["sequence", "nim", EXAMPLE]).contains("only a game given by its graph"));
    // One arc more than MAX_DIGRAPH_SIZE (2^23), in a file the reader takes
    // (33 MB, under MAX_GRAPH_BYTES): refused as a limit, not a crash.
    let big = dir.join("big.txt");
    std::fs::write(&big, "0 0\n".repeat((1 << 23) + 1)).unwrap();
    let err = refusal(&["sequence", "digraph", big.to_str().unwrap()]);
    assert!(
        err.starts_with("error: limit exceeded: the game graph has more than 8388608 arcs"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
