//! `--values-file FILE` (issue 15): the values of an octal run memory-mapped
//! in a file that a run stopped at any moment (Ctrl-C, `kill -9`) resumes
//! from, giving the values of a run never stopped; a file of another game,
//! or damaged, is refused with one line and exit status 2.
#![cfg(unix)]

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{grundy, json_of, refusal};
use serde_json::Value;

/// A game whose values are computed one by one (no period is known).
const GAME: &str = "octal:0.6";

/// Where the header ends and the values start (the library's
/// `checkpoint::VALUES_OFFSET`).
const VALUES_OFFSET: usize = 1 << 16;

/// The commit records' offsets (`checkpoint::COMMIT_SLOTS`).
const COMMIT_SLOTS: [usize; 2] = [4096, 8192];

fn scratch(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn values(answer: &Value) -> Vec<Value> {
    answer["values"].as_array().unwrap().clone()
}

/// `sequence GAME --count count` with the values file `path`, as JSON.
fn with_file(game: &str, count: u64, path: &str) -> Value {
    json_of(&[
        "sequence",
        game,
        "--count",
        &count.to_string(),
        "--values-file",
        path,
    ])
}

/// The number of values the last complete commit of a values file holds.
fn committed(file: &[u8]) -> u64 {
    let number = |at: usize| u64::from_le_bytes(file[at..at + 8].try_into().unwrap());
    let (seq, count) = COMMIT_SLOTS
        .iter()
        .map(|&at| (number(at), number(at + 8)))
        .max()
        .unwrap();
    assert!(seq >= 1);
    count
}

#[test]
fn the_file_gives_the_values_of_the_run_in_memory_and_answers_shorter_runs() {
    let file = scratch("same.vals");
    let path = file.to_str().unwrap();
    for (game, count) in [("octal:0.167", 150_000), ("kayles", 5000), (GAME, 40_000)] {
        let _ = std::fs::remove_file(&file);
        let in_memory = json_of(&["sequence", game, "--count", &count.to_string()]);
        assert_eq!(with_file(game, count, path), in_memory, "{game}");
        // A shorter run is answered from the file: its values. (The mask
        // of `stats` is the engine's, chosen from the values it started
        // from, as after a --checkpoint.)
        let short = json_of(&["sequence", game, "--count", "1000"]);
        let from_file = with_file(game, 1000, path);
        assert_eq!(values(&from_file), values(&short), "{game}");
        assert_eq!(from_file["stats"]["max_value"], short["stats"]["max_value"]);
        let bytes = std::fs::read(&file).unwrap();
        assert_eq!(committed(&bytes), count, "{game}: not rewritten");
    }
}

#[test]
fn a_run_killed_at_any_moment_resumes_to_the_values_of_a_run_never_stopped() {
    let file = scratch("killed.vals");
    let path = file.to_str().unwrap();
    let whole = values(&json_of(&["sequence", GAME, "--count", "600000"]));
    // A first run commits 100,000 values; a second, killed with SIGKILL
    // while it writes more into the mapping, commits nothing more.
    with_file(GAME, 100_000, path);
    for wait in [300, 900] {
        let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args([
                "sequence",
                GAME,
                "--count",
                "4000000",
                "--values-file",
                path,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(wait));
        let sent = Command::new("kill")
            .args(["-KILL", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let mut child = child;
        child.wait().unwrap();
        let bytes = std::fs::read(&file).unwrap();
        assert!(committed(&bytes) >= 100_000);
        let resumed = values(&with_file(GAME, 600_000, path));
        assert_eq!(resumed, whole, "killed after {wait} ms");
        // The next kill interrupts a run that resumed from 600,000.
    }
}

#[test]
fn a_torn_commit_record_leaves_the_commit_before_it() {
    let file = scratch("torn.vals");
    let path = file.to_str().unwrap();
    with_file(GAME, 30_000, path);
    with_file(GAME, 50_000, path);
    let mut bytes = std::fs::read(&file).unwrap();
    let number =
        |bytes: &[u8], at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    let newest = *COMMIT_SLOTS
        .iter()
        .max_by_key(|&&at| number(&bytes, at))
        .unwrap();
    assert_eq!(number(&bytes, newest + 8), 50_000);
    // Half the newest record written: its seal fails, the older one stands.
    bytes[newest + 12..newest + 32].fill(0xAB);
    std::fs::write(&file, &bytes).unwrap();
    let whole = json_of(&["sequence", GAME, "--count", "60000"]);
    assert_eq!(with_file(GAME, 60_000, path), whole);
}

#[test]
fn ctrl_c_commits_says_how_to_resume_and_the_run_resumes() {
    let file = scratch("interrupt.vals");
    let path = file.to_str().unwrap();
    let args = [
        "sequence",
        GAME,
        "--count",
        "4000000",
        "--values-file",
        path,
        "--json",
    ];
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty());
    let command = format!("{} {}", env!("CARGO_BIN_EXE_grundy"), args.join(" "));
    assert_eq!(
        stderr.lines().last().unwrap(),
        format!("interrupted: the values file {path} is saved; to resume, run the same command: {command}")
    );
    let saved = committed(&std::fs::read(&file).unwrap());
    assert!(saved > 0 && saved < 4_000_000, "{saved}");
    let resumed = values(&with_file(GAME, saved + 20_000, path));
    let fresh = values(&json_of(&[
        "sequence",
        GAME,
        "--count",
        &(saved + 20_000).to_string(),
    ]));
    assert_eq!(resumed, fresh);
}

#[test]
fn a_file_of_another_game_or_damaged_is_refused_with_one_line() {
    let file = scratch("refused.vals");
    let path = file.to_str().unwrap();
    with_file("kayles", 3000, path);
    let other = refusal(&["sequence", "dawson", "--count", "10", "--values-file", path]);
    assert_eq!(
        other,
        format!("error: bad argument: the values file {path}: it holds the values of octal:0.77, not of octal:0.07")
    );
    let damaged = format!(
        "error: bad argument: the values file {path} is damaged or not a grundy values file"
    );
    let good = std::fs::read(&file).unwrap();
    // A committed value changed, the file cut short, the header changed,
    // and a checkpoint of the other form.
    let mut changed = good.clone();
    changed[VALUES_OFFSET + 2 * 1234] ^= 1;
    let checkpoint = scratch("refused.ckpt");
    grundy(&[
        "sequence",
        "kayles",
        "--count",
        "10",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
    ]);
    let mut header = good.clone();
    header[3] = b'X';
    for bad in [
        changed,
        good[..VALUES_OFFSET + 100].to_vec(),
        header,
        std::fs::read(&checkpoint).unwrap(),
    ] {
        std::fs::write(&file, &bad).unwrap();
        for verb in [
            &["sequence", "kayles", "--count", "10"][..],
            &["period", "kayles"],
        ] {
            let mut args = verb.to_vec();
            args.extend(["--values-file", path]);
            assert_eq!(refusal(&args), damaged, "{verb:?}");
        }
    }
    // Refused files are left as they were.
    assert_eq!(
        std::fs::read(&file).unwrap(),
        std::fs::read(&checkpoint).unwrap()
    );
}

#[test]
fn period_keeps_its_values_in_the_file_and_a_checkpoint_beside_it_is_refused() {
    let file = scratch("period.vals");
    let path = file.to_str().unwrap();
    let in_memory = json_of(&["period", "kayles"]);
    let answer = json_of(&["period", "kayles", "--values-file", path]);
    assert_eq!(answer, in_memory);
    assert_eq!(
        json_of(&["period", "kayles", "--values-file", path]),
        in_memory
    );
    let both = refusal(&[
        "sequence",
        "kayles",
        "--checkpoint",
        "c",
        "--values-file",
        path,
    ]);
    assert!(both.contains("cannot be used with"), "{both}");
}
