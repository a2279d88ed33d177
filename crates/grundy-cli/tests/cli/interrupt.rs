//! Ctrl-C on a long run (issue 10): exit status 130 and one line on stderr;
//! with `--checkpoint`, a checkpoint saved first, the line naming the command
//! that resumes, and that command giving the answer of an uninterrupted run.
#![cfg(unix)]

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A game whose values the engine computes one by one (no period is known),
/// slowly enough in the test profile to be interrupted: 4,000,000 values take
/// about 10 s (400,000 took 1.2 s, and ended before the signal came).
const SLOW_GAME: &str = "octal:0.6";
const COUNT: &str = "4000000";

/// Starts `grundy args`, sends it SIGINT once it has worked a while, and
/// waits for it to end.
fn interrupted(args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    child.wait_with_output().expect("the run ends")
}

fn scratch(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// How many values an octal checkpoint holds: the count after the magic
/// line and the game's line (see the library's `octal::checkpoint`).
fn values_in(checkpoint: &[u8]) -> u64 {
    let mut lines = checkpoint.splitn(3, |&b| b == b'\n');
    assert_eq!(lines.next(), Some(&b"grundy-octal-checkpoint 1"[..]));
    assert_eq!(lines.next(), Some(&b"0.6"[..]));
    let rest = lines.next().unwrap();
    u64::from_le_bytes(rest[..8].try_into().unwrap())
}

fn values(json: &[u8]) -> Vec<Value> {
    let answer: Value = serde_json::from_slice(json).expect("one JSON document");
    answer["values"].as_array().unwrap().clone()
}

#[test]
fn ctrl_c_saves_a_checkpoint_says_how_to_resume_and_the_run_resumes() {
    let checkpoint = scratch("interrupt.ckpt");
    let path = checkpoint.to_str().unwrap();
    let args = [
        "sequence",
        SLOW_GAME,
        "--count",
        COUNT,
        "--checkpoint",
        path,
        "--json",
    ];
    let out = interrupted(&args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty(), "no partial answer");
    let last = stderr.lines().last().unwrap();
    let command = format!("{} {}", env!("CARGO_BIN_EXE_grundy"), args.join(" "));
    assert_eq!(
        last,
        format!("interrupted: the checkpoint {path} is saved; to resume, run the same command: {command}")
    );
    let saved = values_in(&std::fs::read(&checkpoint).expect("the checkpoint is saved"));
    assert!(saved > 0 && saved < COUNT.parse().unwrap(), "{saved}");

    // The same command resumes, and agrees with a run that was never
    // interrupted, past the values the checkpoint held.
    let resumed = common::grundy(&args);
    assert!(resumed.status.success());
    let resumed = values(&resumed.stdout);
    assert_eq!(resumed.len().to_string(), COUNT);
    let fresh = (saved + 20_000).to_string();
    let fresh = common::json_of(&["sequence", SLOW_GAME, "--count", &fresh]);
    let fresh = fresh["values"].as_array().unwrap();
    assert_eq!(&resumed[..fresh.len()], &fresh[..]);
}

#[test]
fn ctrl_c_without_a_checkpoint_stops_with_one_line() {
    let out = interrupted(&["sequence", SLOW_GAME, "--count", COUNT, "--json"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(out.stdout.is_empty(), "no partial answer");
    assert_eq!(
        stderr,
        "interrupted: stopped before the answer was complete; nothing was saved\n"
    );
}

/// A survey keeps the games it finished (one file each) and the progress of
/// the game it was computing (`DIR/CODE.partial`): Ctrl-C saves that first and
/// says how to resume; the same command then finishes the game from there,
/// with the record of a run never stopped, and removes the partial file.
#[test]
fn ctrl_c_on_a_survey_saves_the_game_in_progress_and_the_survey_resumes() {
    let dir = scratch("interrupted-survey");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let args = [
        "survey", "octal", "--codes", "0.07,0.6", "--count", COUNT, "--out", dir_arg,
    ];
    let out = interrupted(&args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    let partial = dir.join("0.6.partial");
    let command = format!("{} {}", env!("CARGO_BIN_EXE_grundy"), args.join(" "));
    assert_eq!(
        stderr.lines().last().unwrap(),
        format!(
            "interrupted: the checkpoint {} is saved; to resume, run the same command: {command}",
            partial.display()
        )
    );
    assert!(dir.join("0.07.json").exists(), "{stderr}");
    assert!(!dir.join("0.6.json").exists(), "{stderr}");
    let saved = std::fs::read(&partial).expect("the game in progress is saved");
    assert!(saved.starts_with(b"grundy-survey-partial 1\n"));

    let resumed = common::json_of(&args);
    let games = resumed["games"].as_array().unwrap();
    assert_eq!(games[1]["code"], "0.6");
    assert_eq!(games[1]["computed"], true);
    assert!(
        !partial.exists(),
        "the partial file is removed once the game is done"
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "only the two records are left: {names:?}");
    let fresh_dir = scratch("uninterrupted-survey");
    let _ = std::fs::remove_dir_all(&fresh_dir);
    common::json_of(&[
        "survey",
        "octal",
        "--codes",
        "0.6",
        "--count",
        COUNT,
        "--out",
        fresh_dir.to_str().unwrap(),
    ]);
    let record = |d: &PathBuf| -> Value {
        let mut r: Value =
            serde_json::from_slice(&std::fs::read(d.join("0.6.json")).unwrap()).unwrap();
        r.as_object_mut().unwrap().remove("millis");
        r
    };
    assert_eq!(record(&dir), record(&fresh_dir));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&fresh_dir);
}

/// Runs `command` under `script`, on a pseudo-terminal 80 columns wide, and
/// returns what the terminal received; `None` where `script` is missing.
fn on_a_terminal(command: &str) -> Option<String> {
    let out = Command::new("script")
        .args(["-qfc", &format!("stty cols 80; {command}"), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn on_a_terminal_the_bar_fits_and_the_last_line_is_a_line_of_its_own() {
    let checkpoint = scratch("terminal.ckpt");
    let grundy = env!("CARGO_BIN_EXE_grundy");
    let run = format!(
        "{grundy} sequence {SLOW_GAME} --count {COUNT} --checkpoint {} --json > /dev/null",
        checkpoint.display()
    );
    // The run is in the background of a shell: Ctrl-C is sent to it alone.
    let Some(screen) = on_a_terminal(&format!(
        "sh -c '{run} & p=$!; sleep 2.5; kill -INT $p; wait $p; echo status $?'"
    )) else {
        common::skipped("the interrupt test under a terminal (no `script` command)");
        return;
    };
    // Each draw of the bar, and each line, starts at the left edge (after
    // a carriage return, a newline, or the "clear line" sequence).
    let pieces: Vec<&str> = screen
        .split(['\r', '\n'])
        .map(|piece| piece.trim_start_matches("\u{1b}[2K"))
        .filter(|piece| !piece.is_empty())
        .collect();
    let bars: Vec<&&str> = pieces
        .iter()
        .filter(|p| p.starts_with("sequence "))
        .collect();
    assert!(!bars.is_empty(), "no bar drawn: {screen:?}");
    for bar in &bars {
        assert!(bar.chars().count() <= 80, "{bar:?}");
        assert!(
            bar.contains("/4,000,000  ") && bar.contains("/s  "),
            "{bar:?}"
        );
    }
    let last = pieces
        .iter()
        .position(|p| p.starts_with("interrupted: "))
        .unwrap();
    assert!(pieces[last].contains("is saved; to resume"), "{screen:?}");
    assert!(
        !pieces[last..].iter().any(|p| p.starts_with("sequence ")),
        "{screen:?}"
    );
    assert_eq!(pieces.last(), Some(&"status 130"), "{screen:?}");
}
