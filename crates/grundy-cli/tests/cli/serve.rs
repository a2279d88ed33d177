//! `grundy serve` over HTTP on loopback: the API answers what the command
//! line answers, byte for byte, refuses bad input with the command line's
//! error line, and keeps its limits without falling over.

use crate::common;
use crate::serve_support;

use std::time::{Duration, Instant};

use common::{grundy, grundy_with_stdin};
use serde_json::{json, Value};
use serve_support::Server;

/// A subtraction game {1, 3, 4} as a script.
const SCRIPT: &str =
    "fn moves(p) { let r = []; for s in [1, 3, 4] { if p[0] >= s { r.push([p[0] - s]); } } r }";

/// The command line's answer: stdout of `grundy ARGS --json` (stdin: `input`).
fn command_line(args: &[&str], input: &str) -> String {
    let mut all = args.to_vec();
    all.push("--json");
    let out = grundy_with_stdin(&all, input);
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The command line's error line without `error: `.
fn command_line_error(args: &[&str]) -> String {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} is refused");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    stderr
        .trim_end()
        .strip_prefix("error: ")
        .expect("one error line")
        .to_string()
}

#[test]
fn every_verb_answers_the_json_of_the_command_line() {
    let server = Server::start(&[]);
    let graph = serde_json::to_string("0 1\n1 2\n2 0\n").unwrap();
    let script = serde_json::to_string(SCRIPT).unwrap();
    let cases: Vec<(&str, String, Vec<&str>, &str)> = vec![
        (
            "analyze",
            r#"{"game": "wythoff", "position": [3, 5]}"#.into(),
            vec!["analyze", "wythoff", "3", "5"],
            "",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [3, 4, 5], "moves": "one"}"#.into(),
            vec!["analyze", "nim", "3", "4", "5", "--moves", "one"],
            "",
        ),
        (
            "analyze",
            r#"{"game": "fibonacci-nim", "position": ["20", 19]}"#.into(),
            vec!["analyze", "fibonacci-nim", "20", "19"],
            "",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [3, "+", "wythoff", 1, 2, "+", "kayles", 7]}"#.into(),
            vec![
                "analyze", "nim", "3", "+", "wythoff", "1", "2", "+", "kayles", "7",
            ],
            "",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": ["123456789012345678901234567890", 5]}"#.into(),
            vec!["analyze", "nim", "123456789012345678901234567890", "5"],
            "",
        ),
        (
            "analyze",
            format!(r#"{{"game": "hackenbush", "graph": {graph}}}"#),
            vec!["analyze", "hackenbush", "-"],
            "0 1\n1 2\n2 0\n",
        ),
        (
            "analyze",
            format!(r#"{{"game": "script:-", "script": {script}, "position": [7]}}"#),
            vec!["analyze", "script:-", "7"],
            SCRIPT,
        ),
        (
            "sequence",
            r#"{"game": "kayles", "count": 40}"#.into(),
            vec!["sequence", "kayles", "--count", "40"],
            "",
        ),
        (
            "sequence",
            r#"{"game": "wythoff", "count": "2^4"}"#.into(),
            vec!["sequence", "wythoff", "--count", "16"],
            "",
        ),
        (
            "sequence",
            format!(r#"{{"game": "digraph", "graph": {graph}}}"#),
            vec!["sequence", "digraph", "-"],
            "0 1\n1 2\n2 0\n",
        ),
        (
            "period",
            r#"{"game": "kayles"}"#.into(),
            vec!["period", "kayles"],
            "",
        ),
        (
            "period",
            r#"{"game": "subtraction:1,3,4", "max": 1000}"#.into(),
            vec!["period", "subtraction:1,3,4", "--max", "1000"],
            "",
        ),
        (
            "table",
            r#"{"game": "wythoff", "size": 12}"#.into(),
            vec!["table", "wythoff", "--size", "12"],
            "",
        ),
        (
            "table",
            r#"{"game": "wythoff:k=2", "size": 9, "values": true}"#.into(),
            vec!["table", "wythoff:k=2", "--size", "9", "--values"],
            "",
        ),
        (
            "conjecture",
            r#"{"game": "wythoff"}"#.into(),
            vec!["conjecture", "wythoff"],
            "",
        ),
        (
            "conjecture",
            r#"{"game": "bash:3"}"#.into(),
            vec!["conjecture", "bash:3"],
            "",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [1, 1, 2], "misere": true}"#.into(),
            vec!["analyze", "nim", "1", "1", "2", "--misere"],
            "",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [2, "+", "bash:2", 3], "every": true}"#.into(),
            vec!["analyze", "nim", "2", "+", "bash:2", "3", "--every"],
            "",
        ),
        (
            "sequence",
            r#"{"game": "nim", "count": 8, "misere": true}"#.into(),
            vec!["sequence", "nim", "--count", "8", "--misere"],
            "",
        ),
        (
            "period",
            r#"{"game": "octal:0.75", "max": 6, "misere": true}"#.into(),
            vec!["period", "octal:0.75", "--max", "6", "--misere"],
            "",
        ),
        ("games", "{}".into(), vec!["games"], ""),
        ("games", String::new(), vec!["games"], ""),
    ];
    for (verb, body, args, input) in cases {
        let (status, answer) = server.api(verb, &body);
        assert_eq!(status, 200, "{body}: {answer}");
        assert_eq!(
            answer,
            command_line(&args, input).trim_end(),
            "POST /api/{verb} {body}"
        );
    }
}

#[test]
fn bad_input_gets_400_and_the_command_lines_error_line() {
    let server = Server::start(&[]);
    let cases: Vec<(&str, &str, Vec<&str>)> = vec![
        (
            "analyze",
            r#"{"game": "wythof", "position": [3, 5]}"#,
            vec!["analyze", "wythof", "3", "5"],
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [3, "x"]}"#,
            vec!["analyze", "nim", "3", "x"],
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [-3]}"#,
            vec!["analyze", "nim", "-3"],
        ),
        (
            "analyze",
            r#"{"game": "wythoff", "position": [3]}"#,
            vec!["analyze", "wythoff", "3"],
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [3], "moves": "some"}"#,
            vec!["analyze", "nim", "3", "--moves", "some"],
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [1, "+"]}"#,
            vec!["analyze", "nim", "1", "+"],
        ),
        (
            "sequence",
            r#"{"game": "nim", "count": "ten"}"#,
            vec!["sequence", "nim", "--count", "ten"],
        ),
        (
            "sequence",
            r#"{"game": "staircase"}"#,
            vec!["sequence", "staircase"],
        ),
        (
            "period",
            r#"{"game": "wythoff"}"#,
            vec!["period", "wythoff"],
        ),
        (
            "table",
            r#"{"game": "nim", "size": 4}"#,
            vec!["table", "nim", "--size", "4"],
        ),
        (
            "table",
            r#"{"game": "wythoff", "size": 100000}"#,
            vec!["table", "wythoff", "--size", "100000"],
        ),
        (
            "conjecture",
            r#"{"game": "octal:9"}"#,
            vec!["conjecture", "octal:9"],
        ),
    ];
    for (verb, body, args) in cases {
        let (status, answer) = server.api(verb, body);
        assert_eq!(status, 400, "{body}: {answer}");
        let answer: Value = serde_json::from_str(&answer).expect("JSON");
        assert_eq!(answer["error"], command_line_error(&args), "{body}");
    }
}

#[test]
fn what_the_command_line_has_no_words_for_is_refused_with_a_reason() {
    let server = Server::start(&[]);
    let refusals = [
        ("analyze", "not json", "not a JSON object"),
        ("analyze", r#"{"position": [3]}"#, "needs the game"),
        (
            "table",
            r#"{"game": "wythoff", "png": "/tmp/x.png"}"#,
            "unknown key \"png\"",
        ),
        (
            "sequence",
            r#"{"game": "kayles", "checkpoint": "x"}"#,
            "unknown key \"checkpoint\"",
        ),
        (
            "analyze",
            r#"{"game": "hackenbush", "position": ["/etc/passwd"]}"#,
            "reads no files",
        ),
        (
            "analyze",
            r#"{"game": "nim", "graph": "0 1", "position": [3]}"#,
            "\"graph\" is for a game played on a graph",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [{"a": 1}]}"#,
            "\"position\" must be",
        ),
    ];
    for (verb, body, expected) in refusals {
        let (status, answer) = server.api(verb, body);
        assert_eq!(status, 400, "{body}: {answer}");
        let error: Value = serde_json::from_str(&answer).expect("JSON");
        let error = error["error"].as_str().expect("an error line");
        assert!(
            error.contains(expected) && !error.contains('\n'),
            "{body}: {error}"
        );
    }
    let (status, answer) = server.api("serve", "{}");
    assert_eq!(status, 404, "{answer}");
    assert!(answer.contains("not a verb of the API"), "{answer}");
}

#[test]
fn a_request_past_the_time_limit_is_refused_in_time_and_stopped() {
    // One job at a time: the quick request after the long one is answered
    // only if the long computation was stopped, not merely abandoned.
    let server = Server::start(&["--time-limit", "1", "--jobs", "1"]);
    let started = Instant::now();
    let (status, answer) = server.api("period", r#"{"game": "octal:0.1337", "max": "2^30"}"#);
    let took = started.elapsed();
    assert_eq!(status, 503, "{answer}");
    assert!(answer.contains("--time-limit"), "{answer}");
    assert!(took < Duration::from_secs(5), "refused after {took:?}");
    let started = Instant::now();
    let games = server.json("analyze", r#"{"game": "nim", "position": [1, 2]}"#);
    assert_eq!(games["outcome"], "N");
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let server = Server::start(&[]);
    let (status, page) = server.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(
        page.contains("<script src=\"/app.js\">") && !page.contains("http"),
        "{page}"
    );
    for asset in ["/app.js", "/style.css"] {
        let (status, text) = server.request("GET", asset, b"");
        assert_eq!(status, 200, "{asset}");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{asset} fetches nothing from outside"
        );
    }
    let (status, _) = server.request("GET", "/nothing", b"");
    assert_eq!(status, 404);
}

#[test]
fn concurrent_clients_all_get_their_answers() {
    let server = Server::start(&[]);
    std::thread::scope(|scope| {
        for client in 0..8u64 {
            let server = &server;
            scope.spawn(move || {
                for i in 0..20u64 {
                    let body = format!(r#"{{"game": "wythoff", "position": [{client}, {i}]}}"#);
                    let answer = server.json("analyze", &body);
                    assert_eq!(answer["position"], serde_json::json!([client, i]));
                }
            });
        }
    });
}

/// Plays from `start` through `/api/play`, the user taking a winning move
/// whenever the hint has one (else the first move), the program replying;
/// returns whether the user won: under normal play when the program is left
/// without a move, under misère play when the user is.
fn play_out(server: &Server, start: Value) -> bool {
    let mut state = start;
    let mut answer = server.json("play", &state.to_string());
    let misere = answer["play"] == "misere";
    for _ in 0..200 {
        if answer["over"] == true {
            return misere;
        }
        let moves = answer["moves"].as_array().expect("moves");
        let pick = answer["hint"]["winning"][0].as_u64().unwrap_or(0) as usize;
        state = moves[pick]["to"].clone();
        state["reply"] = json!(true);
        answer = server.json("play", &state.to_string());
        assert_eq!(answer["play"] == "misere", misere, "the convention is kept");
        if answer["reply"].is_null() {
            return !misere;
        }
    }
    panic!("the game did not end");
}

#[test]
fn play_answers_the_moves_the_hint_and_the_programs_reply() {
    let server = Server::start(&[]);
    let answer = server.json("play", r#"{"game": "nim", "position": [1, 2]}"#);
    let analysis: Value =
        serde_json::from_str(&command_line(&["analyze", "nim", "1", "2"], "")).unwrap();
    assert_eq!(answer["hint"]["analysis"], analysis);
    let reached: Vec<Value> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"]["position"].clone())
        .collect();
    // An emptied heap is gone from the position reached.
    assert_eq!(reached, [json!([1]), json!([1, 1]), json!([2])]);
    assert_eq!(answer["hint"]["winning"], json!([1]));
    assert_eq!(answer["move_count"], 3);
    assert!(answer["reply"].is_null());
    assert_eq!(answer["boards"], json!([{"kind": "heaps"}]));
    let queen = server.json(
        "play",
        r#"{"game": "nim", "position": [2, "+", "wythoff", 3, 4]}"#,
    );
    assert_eq!(
        queen["boards"],
        json!([{"kind": "heaps"}, {"kind": "piles"}]),
        "one board a component"
    );
    let rooted = server.json(
        "play",
        r#"{"game": "hackenbush:ground=1", "graph": "1 2\n2 3\n"}"#,
    );
    assert_eq!(
        rooted["boards"],
        json!([{"kind": "graph", "arrow": "-", "tokens": "ground", "ground": 1}]),
        "the ground named"
    );

    // Perfect play wins from an N-position, and the program wins from a
    // P-position whatever the user does; graph games carry their graph.
    for start in [
        json!({"game": "wythoff", "position": [3, 4]}),
        json!({"game": "kayles", "position": [7, 3]}),
        json!({"game": "nim", "position": [1, 2, 4]}),
        json!({"game": "geography", "graph": "0 1\n1 2\n2 3\n3 4\n", "position": [1]}),
    ] {
        assert!(play_out(&server, start.clone()), "{start}");
    }
    for start in [
        json!({"game": "wythoff", "position": [3, 5]}),
        json!({"game": "nim", "position": [1, 2, 3]}),
        json!({"game": "kayles", "position": [7, 2]}),
        json!({"game": "geography", "graph": "0 1\n1 2\n2 3\n3 4\n", "position": [0]}),
    ] {
        assert!(!play_out(&server, start.clone()), "{start}");
    }
}

#[test]
fn play_in_misere_play_and_of_sums_of_games() {
    let server = Server::start(&[]);
    let answer = server.json(
        "play",
        r#"{"game": "nim", "position": [1, 1, 5], "misere": true}"#,
    );
    let analysis: Value = serde_json::from_str(&command_line(
        &["analyze", "nim", "1", "1", "5", "--misere"],
        "",
    ))
    .unwrap();
    assert_eq!(answer["hint"]["analysis"], analysis);
    assert_eq!(answer["play"], "misere");
    assert_eq!(
        answer["at"],
        json!({"game": "nim", "position": [1, 1, 5], "misere": true})
    );
    let winning = answer["hint"]["winning"][0].as_u64().unwrap() as usize;
    assert_eq!(answer["moves"][winning]["to"]["position"], json!([1, 1, 1]));
    assert!(answer["hint"]["why"]
        .as_str()
        .unwrap()
        .contains("Bouton's misère rule"));

    // A sum: the hint is `analyze` of the sum, each move's `to` the sum's words.
    let answer = server.json(
        "play",
        r#"{"game": "nim", "position": [3, "+", "wythoff", 3, 4]}"#,
    );
    let analysis: Value = serde_json::from_str(&command_line(
        &["analyze", "nim", "3", "+", "wythoff", "3", "4"],
        "",
    ))
    .unwrap();
    assert_eq!(answer["hint"]["analysis"], analysis);
    assert_eq!(answer["move_count"], 3 + 10);
    assert_eq!(
        answer["moves"][0]["to"],
        json!({"game": "nim", "position": [0, "+", "wythoff", 3, 4]})
    );
    assert_eq!(
        answer["moves"][0]["move"],
        "component 1 (nim): heap 1: 3 -> 0 (take 3)"
    );

    // Perfect play wins exactly from the N-positions, by either convention.
    for (start, args) in [
        (
            json!({"game": "nim", "position": [1, 1, 5], "misere": true}),
            &["nim", "1", "1", "5", "--misere"][..],
        ),
        (
            json!({"game": "nim", "position": [1, 1, 1], "misere": true}),
            &["nim", "1", "1", "1", "--misere"],
        ),
        (
            json!({"game": "kayles", "position": [4, 2], "misere": true}),
            &["kayles", "4", "2", "--misere"],
        ),
        (
            json!({"game": "nim", "position": [3, "+", "wythoff", 3, 4]}),
            &["nim", "3", "+", "wythoff", "3", "4"],
        ),
        (
            json!({"game": "nim", "position": [1, "+", "wythoff", 0, 1]}),
            &["nim", "1", "+", "wythoff", "0", "1"],
        ),
        (
            json!({"game": "nim", "position": [1, 2, "+", "kayles", 3], "misere": true}),
            &["nim", "1", "2", "+", "kayles", "3", "--misere"],
        ),
    ] {
        let mut all = vec!["analyze"];
        all.extend_from_slice(args);
        let analysis: Value = serde_json::from_str(&command_line(&all, "")).unwrap();
        let n = analysis["outcome"] == "N";
        assert_eq!(play_out(&server, start.clone()), n, "{start}");
    }

    // No misère theory: refused with `analyze --misere`'s error line.
    let expected = command_line_error(&["analyze", "lasker", "5", "--misere"]);
    let (status, answer) = server.api(
        "play",
        r#"{"game": "lasker", "position": [5], "misere": true}"#,
    );
    assert_eq!(status, 400, "{answer}");
    let error: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(error["error"], expected);
}

#[test]
fn play_refuses_bad_input_in_one_line() {
    let server = Server::start(&[]);
    for (body, expected) in [
        (
            r#"{"game": "wythof", "position": [1]}"#,
            "unknown game 'wythof'",
        ),
        (r#"{"game": "nim", "position": ["x"]}"#, "'x'"),
        (
            r#"{"game": "nim", "position": [1], "png": "x"}"#,
            "unknown field `png`",
        ),
        (r#"{"position": [1]}"#, "missing field `game`"),
        (
            r#"{"game": "nim", "graph": "0 1", "position": [1]}"#,
            "not played on a graph",
        ),
    ] {
        let (status, answer) = server.api("play", body);
        assert_eq!(status, 400, "{body}: {answer}");
        let error: Value = serde_json::from_str(&answer).unwrap();
        let error = error["error"].as_str().expect("an error line");
        assert!(
            error.contains(expected) && !error.contains('\n'),
            "{body}: {error}"
        );
    }
}

#[test]
fn odd_bodies_are_refused_and_the_server_goes_on() {
    let server = Server::start(&[]);
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let bodies = [
        deep.as_str(),
        "{\"game\": \"nim\", \"position\": [1e400]}",
        "{\"game\": \"nim\", \"position\": [-1.5]}",
        "{\"game\": \"nim\u{202e}\", \"position\": [1]}",
        "{\"game\": \"nim\\n\", \"position\": [\"1\\u0000\"]}",
        "{\"game\": null}",
        "{\"game\": \"script:x\", \"script\": \"fn moves(p) { moves(p) }\", \"position\": [1]}",
        "{\"game\": \"script:x\", \"script\": \"loop {}\", \"position\": [1]}",
        "\u{feff}{}",
        "{\"game\": \"nim\", \"game\": \"wythoff\"}",
    ];
    for verb in ["analyze", "sequence", "play"] {
        for body in bodies {
            let (status, answer) = server.api(verb, body);
            assert!(
                (400..500).contains(&status),
                "{verb} {body:.80}: {status} {answer}"
            );
            let error: Value = serde_json::from_str(&answer).expect("JSON");
            let error = error["error"].as_str().expect("an error line");
            assert!(!error.chars().any(char::is_control), "{error}");
        }
    }
    server.json("games", "");
}
