//! Fuzzing the command line: hostile argument vectors, built from a grammar of
//! every verb, every game spec with odd parameters, odd flag values and garbage
//! positions, run against the real binary. Whatever the input, `grundy` ends
//! with status 0, 1 or 2 (never a signal, never a panic), an error is one
//! `error:` line, a bad input is never called an internal error, and a
//! successful `--json` run prints exactly one JSON document.
//!
//! Each run is killed after [`TIME_LIMIT`]: a slow input is not a failure, but
//! it is listed at the end (run with `--nocapture` to see the list).
//!
//! The default number of cases keeps this test near a minute in the dev
//! profile; `GRUNDY_FUZZ_CASES=5000 cargo test -p grundy-cli --test cli fuzz --
//! --nocapture` runs thousands.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::serve_support;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// How long one run may take before it is killed and recorded as slow.
const TIME_LIMIT: Duration = Duration::from_secs(3);
/// Requests sent to the server unless `GRUNDY_SERVE_FUZZ_CASES` says otherwise.
const SERVE_CASES: u32 = 200;
/// Cases run unless `GRUNDY_FUZZ_CASES` says otherwise.
const DEFAULT_CASES: u32 = 400;

/// Natural numbers, small and huge: well formed, and at the edges of every
/// machine word.
const NATURALS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "13",
    "64",
    "255",
    "1000",
    "65535",
    "65536",
    "1048577",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "1000000000000000000000000000000000000000",
    "2^20",
    "2^64",
    "10^7",
    "10^39",
    "0^0",
];

/// Texts that are not natural numbers, though some look like one.
const NOT_NUMBERS: &[&str] = &[
    "-1",
    "-0",
    "+5",
    "-18446744073709551616",
    "1e9",
    "0x10",
    "1_000",
    "3.5",
    "",
    " 5",
    "5 ",
    "3\n",
    "\u{1b}[31m7",
    "\t",
    "٣",
    "五",
    "NaN",
    "inf",
    "💥",
];

/// A number argument: mostly natural (small ones get past the parsers to the
/// work), sometimes not.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => prop::sample::select(&["0", "1", "2"][..]).prop_map(str::to_string),
        3 => (0u32..=40).prop_map(|n| n.to_string()),
        3 => prop::sample::select(NATURALS).prop_map(str::to_string),
        1 => prop::sample::select(NOT_NUMBERS).prop_map(str::to_string),
    ]
}

/// A spec, most often of a game that has the verb (`heaps`: a heap game for
/// `sequence` and `period`, else a two-pile game for `table` and `conjecture`).
fn spec_for(heaps: bool) -> impl Strategy<Value = String> {
    let fitting = if heaps {
        prop_oneof![
            Just("kayles".to_string()),
            Just("nim".to_string()),
            number().prop_map(|n| format!("bash:{n}")),
            prop::collection::vec(number(), 1..4)
                .prop_map(|v| format!("subtraction:{}", v.join(","))),
            number().prop_map(|n| format!("circle:{n}")),
            "[0-4]\\.[0-7]{1,6}".prop_map(|code| format!("octal:{code}")),
        ]
        .boxed()
    } else {
        prop_oneof![
            Just("wythoff".to_string()),
            Just("wythoff:ratios".to_string()),
            number().prop_map(|n| format!("wythoff:k={n}")),
            prop::collection::vec(two_pile_family(), 1..4)
                .prop_map(|f| format!("twopile:{}", f.join("+"))),
        ]
        .boxed()
    };
    prop_oneof![3 => fitting, 1 => spec()]
}

/// One move family of a `twopile:` spec, `DX,DY[:T]`.
fn two_pile_family() -> impl Strategy<Value = String> {
    (0u8..4, 0u8..4, prop::option::of(number())).prop_map(|(dx, dy, t)| match t {
        Some(t) => format!("{dx},{dy}:{t}"),
        None => format!("{dx},{dy}"),
    })
}

/// Names that are not the catalogue's own spelling of a game.
const ODD_NAMES: &[&str] = &["NIM", "Kayles", "chess", ""];

/// Odd parameter texts that are not numbers.
const PARAMS: &[&str] = &[
    "",
    "ratios",
    "RATIOS",
    "k=",
    "k",
    "=",
    ":",
    ",",
    ",,",
    "+",
    "0.",
    ".",
    "0.77",
    "4.406",
    "0.0472",
    "0.16",
    "0.007",
    "0.8",
    "077",
    "0.777777777777777777777777777777777",
    "0.123456701234567",
    "1,0+0,1+1,1",
    "2,2+0,3:2+1,1+2,2:5",
    "1,1+1,0",
    "1,0:4095",
    "0,0",
    "-1,0",
    "1,0:0",
    "k=1,2",
    "\n",
];

/// The verbs, and words that are not verbs.
const VERBS: &[&str] = &[
    "analyze",
    "sequence",
    "period",
    "beatty",
    "table",
    "conjecture",
    "completions",
    "man",
    "analyse",
    "ANALYZE",
    "help",
    "frobnicate",
    "--json",
    "-",
];

/// Checkpoint paths, usable and not.
const CHECKPOINTS: &[&str] = &["c.ckpt", "", ".", "/nonexistent/dir/c", "/dev/null"];

/// Beatty numbers, well and badly formed.
const ALPHAS: &[&str] = &[
    "phi",
    "sqrt2",
    "sqrt(5)",
    "sqrt(4)",
    "sqrt(0)",
    "sqrt(-3)",
    "(1+sqrt(5))/2",
    "(-1+sqrt(5))/2",
    "(1+sqrt(5))/0",
    "(0+0*sqrt(5))/1",
    "(7+3*sqrt(11))/5",
    "(1+sqrt(18446744073709551617))/2",
    "(99999999999999999999999+sqrt(2))/3",
    "sqrt(340282366920938463463374607431768211457)",
    "pi",
    "(",
    "sqrt(",
];

/// Files a position may name: graphs and grids, good and bad.
const FILES: &[(&str, &str)] = &[
    ("path.txt", "0 1\n1 2\n2 3\n"),
    ("loops.txt", "0 0\n0 1\n0 1\n# comment\n\n5\n"),
    ("huge.txt", "0 18446744073709551615\n"),
    ("bigger.txt", "0 99999999999999999999999\n"),
    ("garbage.txt", "0 x\n\u{1b}[31m\n1 2 3\n"),
    ("empty.txt", ""),
    ("grid.txt", "..#\n.#.\n...\n"),
    ("ragged.txt", ".\n...\n#\n"),
    ("binary.txt", "\u{0}\u{1}\u{ff}"),
];

/// A game spec: well formed with odd numbers, a name with odd parameters, or
/// garbage.
fn spec() -> impl Strategy<Value = String> {
    let names: Vec<&str> = grundy::catalog::game_names()
        .iter()
        .chain(ODD_NAMES)
        .copied()
        .collect();
    let name = prop::sample::select(names);
    let param = prop_oneof![
        prop::sample::select(PARAMS).prop_map(str::to_string),
        number(),
        number().prop_map(|n| format!("k={n}")),
        prop::collection::vec(number(), 1..4).prop_map(|v| v.join(",")),
        "[0-7]{0,3}\\.[0-7]{0,12}",
    ];
    prop_oneof![
        6 => well_formed_spec(),
        2 => (name, param).prop_map(|(n, p)| format!("{n}:{p}")),
        1 => ".{0,12}",
    ]
}

/// A spec of the right shape for its game, with odd numbers in it.
fn well_formed_spec() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(
            &[
                "nim",
                "staircase",
                "kayles",
                "dawson",
                "fibonacci-nim",
                "wythoff",
                "wythoff:ratios",
                "hackenbush",
                "geography",
            ][..]
        )
        .prop_map(str::to_string),
        number().prop_map(|n| format!("bash:{n}")),
        prop::collection::vec(number(), 1..4).prop_map(|v| format!("subtraction:{}", v.join(","))),
        number().prop_map(|n| format!("wythoff:k={n}")),
        number().prop_map(|n| format!("dynsub:k={n}")),
        number().prop_map(|n| format!("circle:{n}")),
        "[0-4]\\.[0-7]{1,8}".prop_map(|code| format!("octal:{code}")),
        prop::collection::vec(two_pile_family(), 1..4)
            .prop_map(|f| format!("twopile:{}", f.join("+"))),
    ]
}

/// A position argument: a number, a file, stdin, or garbage.
fn position_argument() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => number(),
        1 => prop::sample::select(FILES).prop_map(|(name, _)| name.to_string()),
        1 => Just("-".to_string()),
        1 => Just("+".to_string()),
        1 => prop::sample::select(&["missing.txt", "/dev/zero", "."][..]).prop_map(str::to_string),
        1 => "[0-9]{1,60}",
        1 => ".{0,8}",
    ]
}

/// Flags with odd values; paths are relative to the run's folder.
fn flag() -> impl Strategy<Value = Vec<String>> {
    let file = prop_oneof![
        Just("out.x".to_string()),
        Just("/nonexistent/dir/f".to_string()),
        Just("/dev/full".to_string()),
        Just("".to_string()),
        Just(".".to_string()),
    ];
    prop_oneof![
        3 => Just(vec!["--json".to_string()]),
        1 => Just(vec!["--values".to_string()]),
        1 => prop::sample::select(&["one", "all", "ONE", "", "two"][..])
            .prop_map(|m| vec!["--moves".to_string(), m.to_string()]),
        2 => (prop::sample::select(&["--count", "--max", "--size"][..]), number())
            .prop_map(|(f, n)| vec![f.to_string(), n]),
        1 => (prop::sample::select(&["--csv", "--svg", "--png", "--grid"][..]), file)
            .prop_map(|(f, p)| vec![f.to_string(), p]),
        1 => prop::sample::select(CHECKPOINTS)
            .prop_map(|p| vec!["--checkpoint".to_string(), p.to_string()]),
        1 => prop::sample::select(&["--frobnicate", "--", "-", "--json=1", "--count", "-h"][..])
            .prop_map(|f| vec![f.to_string()]),
    ]
}

/// A verb with arguments of the shapes it takes (odd values in them), so that
/// the run gets past the parser into the work.
fn verb_line() -> impl Strategy<Value = Vec<String>> {
    let json = prop::bool::weighted(0.6).prop_map(|j| j.then(|| "--json".to_string()));
    let option = |name: &'static str| {
        prop::option::weighted(0.6, number())
            .prop_map(move |n| n.map(|n| vec![name.to_string(), n]).unwrap_or_default())
    };
    let checkpoint = prop::option::weighted(0.2, prop::sample::select(CHECKPOINTS)).prop_map(|p| {
        p.map(|p| vec!["--checkpoint".to_string(), p.to_string()])
            .unwrap_or_default()
    });
    let picture = prop::option::weighted(
        0.3,
        (
            prop::sample::select(&["--csv", "--svg", "--png"][..]),
            prop::sample::select(&["out.x", "/nonexistent/dir/f", "/dev/full", "", "."][..]),
        ),
    )
    .prop_map(|f| {
        f.map(|(f, p)| vec![f.to_string(), p.to_string()])
            .unwrap_or_default()
    });
    let moves = prop::option::weighted(0.3, prop::sample::select(&["one", "all", "two"][..]))
        .prop_map(|m| {
            m.map(|m| vec!["--moves".to_string(), m.to_string()])
                .unwrap_or_default()
        });
    let positions = prop::collection::vec(position_argument(), 1..4);
    let alpha = prop_oneof![
        3 => prop::sample::select(ALPHAS).prop_map(str::to_string),
        1 => (number(), number(), number(), number())
            .prop_map(|(p, q, d, s)| format!("({p}+{q}*sqrt({d}))/{s}")),
    ];
    let lines = prop_oneof![
        (spec(), positions, moves).prop_map(|(g, p, m)| [vec!["analyze".into(), g], p, m].concat()),
        (spec_for(true), option("--count"), checkpoint.clone()).prop_map(|(g, c, k)| [
            vec!["sequence".into(), g],
            c,
            k
        ]
        .concat()),
        (spec_for(true), option("--max"), checkpoint).prop_map(|(g, c, k)| [
            vec!["period".into(), g],
            c,
            k
        ]
        .concat()),
        (alpha, option("--count")).prop_map(|(a, c)| [vec!["beatty".into(), a], c].concat()),
        (spec_for(false), option("--size"), prop::bool::ANY, picture).prop_map(|(g, n, v, f)| {
            let values = if v {
                vec!["--values".to_string()]
            } else {
                vec![]
            };
            [vec!["table".into(), g], n, values, f].concat()
        }),
        spec_for(false).prop_map(|g| vec!["conjecture".into(), g]),
    ];
    (lines, json).prop_map(|(mut line, json)| {
        line.extend(json);
        line
    })
}

/// A whole command line: mostly well shaped, sometimes shuffled.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    let verb = prop::sample::select(VERBS).prop_map(str::to_string);
    let loose = (
        verb,
        prop_oneof![4 => spec(), 1 => prop::sample::select(ALPHAS).prop_map(str::to_string)],
        prop::collection::vec(position_argument(), 0..4),
        prop::collection::vec(flag(), 0..3),
    )
        .prop_map(|(verb, spec, positions, flags)| {
            let mut args = vec![verb, spec];
            args.extend(positions);
            args.extend(flags.into_iter().flatten());
            args
        });
    let sum = (spec(), position_argument(), spec(), position_argument())
        .prop_map(|(a, x, b, y)| vec!["analyze".into(), a, x, "+".into(), b, y]);
    let jumbled = prop::collection::vec(
        prop_oneof![
            spec(),
            position_argument(),
            flag().prop_map(|f| f.join(" "))
        ],
        0..6,
    );
    prop_oneof![12 => verb_line(), 3 => loose, 1 => sum, 1 => jumbled].prop_map(|args| {
        // An argument cannot hold a NUL byte: the system's exec refuses it.
        args.into_iter().map(|a| a.replace('\0', "\u{1}")).collect()
    })
}

/// What one run did.
struct Run {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs the binary in `dir` on `args`, with a little text on stdin; `None`
/// when it had to be killed after [`TIME_LIMIT`].
fn run(dir: &Path, args: &[String]) -> Option<Run> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(b"0 1\n1 2\n");
    });
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            break Some(status);
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = out_reader.join().expect("reader");
    let stderr = err_reader.join().expect("reader");
    let _ = feeder.join();
    status.map(|status| Run {
        status,
        stdout,
        stderr,
    })
}

/// Checks the promises of the contract on one run.
fn check(args: &[String], run: &Run) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&run.stderr);
    let Some(code) = run.status.code() else {
        return Err(format!(
            "killed by a signal: {:?}; stderr: {stderr}",
            run.status
        ));
    };
    if !(0..=2).contains(&code) {
        return Err(format!("exit status {code}; stderr: {stderr}"));
    }
    if code != 0 {
        let lines: Vec<&str> = stderr.lines().collect();
        if lines.len() != 1 || !lines[0].starts_with("error: ") {
            return Err(format!("status {code} with stderr {stderr:?}"));
        }
    }
    if stderr.contains("internal error") {
        return Err(format!("a panic (an internal error): {stderr}"));
    }
    let wants_json = args.iter().any(|a| a == "--json");
    let help = args.iter().any(|a| a == "-h" || a == "help");
    if code == 0 && wants_json && !help {
        serde_json::from_slice::<serde_json::Value>(&run.stdout).map_err(|e| {
            let head = String::from_utf8_lossy(&run.stdout[..run.stdout.len().min(200)]);
            format!("--json printed no single JSON document ({e}): {head}")
        })?;
    }
    Ok(())
}

/// The folder the runs of test `name` work in, with the files positions may
/// name.
fn workspace(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    for (name, text) in FILES {
        std::fs::write(dir.join(name), text).expect("a scratch file");
    }
    dir
}

fn cases() -> u32 {
    std::env::var("GRUNDY_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// Command lines that once broke the contract, checked on every run.
const KNOWN_HOSTILE: &[&[&str]] = &[
    // Panicked: "index out of bounds" printing an empty table of values.
    &[
        "table",
        "wythoff:k=18446744073709551615",
        "--size",
        "0",
        "--values",
    ],
    &["table", "wythoff", "--size", "0"],
    &["table", "wythoff", "--size", "0", "--png", "empty.png"],
    &[
        "table",
        "wythoff",
        "--size",
        "0",
        "--svg",
        "empty.svg",
        "--values",
    ],
    &[
        "table",
        "wythoff",
        "--size",
        "0",
        "--csv",
        "empty.csv",
        "--json",
    ],
    // Printed an error over two lines.
    &["analyze", "nim", "3\n"],
    // Computed everything, then failed with status 1.
    &[
        "sequence",
        "kayles",
        "--count",
        "1000",
        "--checkpoint",
        "/nonexistent/dir/c.ckpt",
    ],
    &["sequence", "kayles", "--checkpoint", "", "--json"],
    &["period", "kayles", "--checkpoint", "/dev/null"],
    &["table", "wythoff", "--csv", "", "--json"],
    &[],
];

#[test]
fn known_hostile_command_lines_keep_the_contract() {
    let dir = workspace("hostile");
    for args in KNOWN_HOSTILE {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let outcome = run(&dir, &args).expect("each runs within the time limit");
        if let Err(e) = check(&args, &outcome) {
            panic!("{args:?}: {e}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_command_line_crashes_the_binary() {
    let dir = workspace("fuzz");
    let slow = Mutex::new(Vec::new());
    let statuses = Mutex::new([0u32; 3]);
    let config = Config {
        cases: cases(),
        max_shrink_iters: 64,
        // A failure is reported with its command line, which is all it takes
        // to reproduce it.
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&command_line(), |args| {
        match run(&dir, &args) {
            None => slow.lock().unwrap().push(args),
            Some(outcome) => {
                check(&args, &outcome)
                    .map_err(|e| TestCaseError::fail(format!("{args:?}: {e}")))?;
                let code = outcome.status.code().expect("checked: no signal");
                statuses.lock().unwrap()[code as usize] += 1;
            }
        }
        Ok(())
    });
    let slow = slow.into_inner().unwrap();
    let [ok, failed, refused] = statuses.into_inner().unwrap();
    eprintln!(
        "exit status 0: {ok} runs, 1: {failed}, 2: {refused}; stopped: {}",
        slow.len()
    );
    if !slow.is_empty() {
        eprintln!(
            "{} command lines ran past {TIME_LIMIT:?} and were stopped:",
            slow.len()
        );
        for args in &slow {
            eprintln!("  {args:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The body of the request a command line of [`verb_line`] stands for:
/// `--name value` as `"name": value`, a flag as `"name": true`, the other
/// words as the position (files included: the server reads none). Options
/// the server does not take are sent all the same, to be refused.
fn request_of(line: &[String]) -> (String, String) {
    let mut body = serde_json::Map::new();
    body.insert("game".into(), line[1].clone().into());
    let mut position = Vec::new();
    let mut words = line[2..].iter();
    while let Some(word) = words.next() {
        match word.strip_prefix("--") {
            Some("json") => {}
            Some(flag @ ("values" | "misere" | "every")) => {
                body.insert(flag.into(), true.into());
            }
            Some(option) => {
                let value = words.next().cloned().unwrap_or_default();
                body.insert(option.into(), value.into());
            }
            None => position.push(serde_json::Value::from(word.clone())),
        }
    }
    if !position.is_empty() {
        body.insert("position".into(), position.into());
    }
    (line[0].clone(), serde_json::Value::Object(body).to_string())
}

#[test]
fn every_hostile_request_is_answered_in_time_and_frees_the_server() {
    let cases = std::env::var("GRUNDY_SERVE_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(SERVE_CASES);
    let server = serve_support::Server::start(&["--time-limit", "1", "--jobs", "1"]);
    let in_time = Duration::from_millis(1100);
    let config = Config {
        cases,
        max_shrink_iters: 0,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&verb_line(), |line| {
        let (verb, body) = request_of(&line);
        let sent = Instant::now();
        let (status, answer) = server.api(&verb, &body);
        let took = sent.elapsed();
        let fail = |what: String| Err(TestCaseError::fail(format!("{verb} {body}: {what}")));
        if took > in_time {
            return fail(format!("answered {status} after {took:?}"));
        }
        if ![200, 400, 404, 503].contains(&status) {
            return fail(format!("status {status}: {answer}"));
        }
        let cheap = Instant::now();
        let (status, answer) = server.api("analyze", r#"{"game": "nim", "position": [1, 2]}"#);
        if status != 200 || cheap.elapsed() > Duration::from_secs(1) {
            return fail(format!(
                "then a cheap request got {status} after {:?}: {answer}",
                cheap.elapsed()
            ));
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
