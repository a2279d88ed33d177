//! The command line under hostile conditions: arguments holding control
//! characters, an unwritable stderr or stdout, checkpoints that cannot be
//! written or that another run holds, output files that cannot be written, and
//! long answers written as they are computed.

use crate::common;

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use common::grundy;

/// Runs the binary with stderr (or stdout) going to `sink`.
fn grundy_into(args: &[&str], stdout: Stdio, stderr: Stdio) -> std::process::ExitStatus {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(stdout)
        .stderr(stderr)
        .status()
        .expect("the binary runs")
}

/// A fresh folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{test}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The one `error:` line of a run that failed with status `code`.
fn error_line(out: &Output, code: i32) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(stderr.starts_with("error: "), "{stderr:?}");
    stderr
}

#[test]
fn control_characters_in_arguments_are_escaped_into_one_line() {
    for args in [
        &["analyze", "nim", "3\n"][..],
        &["analyze", "nim\n\u{1b}[2J", "3"],
        &["analyze", "nim", "3\r\n4"],
        &["sequence", "nim", "--count", "7\n8"],
        &["analyze", "nim", "3", "--moves", "one\ntwo"],
        &["frobnicate\u{2028}", "nim"],
    ] {
        let stderr = error_line(&grundy(args), 2);
        assert!(
            !stderr.contains('\u{1b}') && !stderr.contains('\r'),
            "{stderr:?}"
        );
        assert!(!stderr.contains('\u{2028}'), "{stderr:?}");
    }
    let stderr = error_line(&grundy(&["analyze", "nim", "3\n"]), 2);
    assert!(stderr.contains(r"'3\n'"), "{stderr}");
}

#[test]
fn no_verb_is_one_error_line_and_the_help_on_stdout() {
    let out = grundy(&[]);
    error_line(&out, 2);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage"));
}

#[test]
fn an_unwritable_stderr_is_never_a_crash() {
    let full = || Stdio::from(File::options().write(true).open("/dev/full").unwrap());
    let closed_pipe = || {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        Stdio::from(writer)
    };
    for stderr in [full as fn() -> Stdio, closed_pipe] {
        // Bad input, a usage error, no verb: status 2, whatever stderr does.
        for args in [
            &["analyze", "nim", "x"][..],
            &["analyze", "nim", "3", "--bogus"],
            &[],
        ] {
            let status = grundy_into(args, Stdio::null(), stderr());
            assert_eq!(status.code(), Some(2), "{args:?}: {status:?}");
        }
        // stdout unwritable too: the answer cannot be written, status 1.
        let status = grundy_into(&["sequence", "nim", "--count", "100"], full(), stderr());
        assert_eq!(status.code(), Some(1), "{status:?}");
    }
}

#[test]
fn a_checkpoint_that_cannot_be_written_is_refused_before_the_work() {
    // Before the fix, this computed 10^6 values, then failed with status 1.
    let out = grundy(&[
        "sequence",
        "kayles",
        "--count",
        "10^6",
        "--checkpoint",
        "/nonexistent/dir/c.ckpt",
    ]);
    let stderr = error_line(&out, 2);
    assert!(
        stderr.contains("cannot write the checkpoint /nonexistent/dir/c.ckpt"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_checkpoint_held_by_another_run_is_refused() {
    let dir = scratch("locked");
    let checkpoint = dir.join("c.ckpt");
    let path = checkpoint.to_str().unwrap();
    let args = [
        "sequence",
        "kayles",
        "--count",
        "500",
        "--checkpoint",
        path,
        "--json",
    ];
    // Another run: it holds the advisory lock, as a running grundy does.
    let lock = File::create(dir.join("c.ckpt.lock")).unwrap();
    lock.try_lock().unwrap();
    let stderr = error_line(&grundy(&args), 2);
    assert!(stderr.contains("in use by another grundy run"), "{stderr}");
    assert!(!checkpoint.exists());
    // Through a symbolic link to it, the same: one file, one lock.
    let link = dir.join("link.ckpt");
    std::os::unix::fs::symlink("c.ckpt", &link).unwrap();
    let mut through_link = args;
    through_link[5] = link.to_str().unwrap();
    let stderr = error_line(&grundy(&through_link), 2);
    assert!(stderr.contains("in use by another grundy run"), "{stderr}");
    // The refused runs leave the other run's lock file as it was.
    assert!(dir.join("c.ckpt.lock").exists());
    // Once it ends, the checkpoint is free again, and no temporary file stays.
    drop(lock);
    fs::remove_file(dir.join("c.ckpt.lock")).unwrap();
    let out = grundy(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let resumed = grundy(&args);
    assert_eq!(resumed.stdout, out.stdout);
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["c.ckpt", "link.ckpt"],
        "no lock file is left behind"
    );
    // The link resumes the same checkpoint, and stays a link.
    assert_eq!(grundy(&through_link).stdout, out.stdout);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
}

#[test]
fn a_checkpoint_through_a_dangling_link_is_written_at_its_target() {
    let dir = scratch("dangling");
    let link = dir.join("link.ckpt");
    std::os::unix::fs::symlink("target.ckpt", &link).unwrap();
    let args = [
        "sequence",
        "kayles",
        "--count",
        "500",
        "--checkpoint",
        link.to_str().unwrap(),
        "--json",
    ];
    let out = grundy(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(dir.join("target.ckpt").is_file());
    assert!(!dir.join("target.ckpt.lock").exists() && !dir.join("link.ckpt.lock").exists());
}

#[test]
fn a_picture_that_cannot_be_written_is_refused_before_the_work() {
    for flag in ["--png", "--svg", "--csv"] {
        let out = grundy(&[
            "table",
            "wythoff",
            "--size",
            "64",
            flag,
            "/nonexistent/dir/t",
        ]);
        let stderr = error_line(&out, 2);
        assert!(
            stderr.contains("cannot write /nonexistent/dir/t"),
            "{stderr}"
        );
    }
}

#[test]
fn a_failed_write_keeps_the_old_file() {
    let dir = scratch("kept");
    let csv = dir.join("t.csv");
    let path = csv.to_str().unwrap();
    let out = grundy(&["table", "wythoff", "--size", "20", "--csv", path]);
    assert!(out.status.success());
    let old = fs::read(&csv).unwrap();
    // A full disk: the device takes nothing, and says so. It is not bad input
    // (the file was checked before the work), so the status is 1.
    let out = grundy(&["table", "wythoff", "--size", "20", "--csv", "/dev/full"]);
    error_line(&out, 1);
    // A folder where the file was, that no rename can replace: nothing is lost.
    let blocked = dir.join("blocked.csv");
    fs::create_dir(&blocked).unwrap();
    fs::write(blocked.join("inside"), "kept").unwrap();
    let out = grundy(&[
        "table",
        "wythoff",
        "--size",
        "20",
        "--csv",
        blocked.to_str().unwrap(),
    ]);
    error_line(&out, 2);
    assert_eq!(fs::read_to_string(blocked.join("inside")).unwrap(), "kept");
    // Rewriting replaces the file whole, and leaves no temporary file.
    let out = grundy(&["table", "wythoff", "--size", "20", "--csv", path]);
    assert!(out.status.success());
    assert_eq!(fs::read(&csv).unwrap(), old);
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// The numbers of a text answer written ten a line, `INDEX: V V ...`.
fn rows_of_ten(text: &str, first: u64) -> Vec<String> {
    let mut values = Vec::new();
    for (row, line) in text.lines().enumerate() {
        let (index, rest) = line.split_once(": ").expect("INDEX: values");
        assert_eq!(
            index.trim().parse::<u64>().unwrap(),
            first + 10 * row as u64
        );
        let row_values: Vec<String> = rest.split(' ').map(str::to_string).collect();
        assert!(row_values.len() <= 10);
        values.extend(row_values);
    }
    values
}

fn json_numbers(values: &Value) -> Vec<String> {
    values
        .as_array()
        .unwrap()
        .iter()
        .map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect()
}

#[test]
fn streamed_text_holds_the_same_terms_as_json() {
    let text = grundy(&["sequence", "kayles", "--count", "1234"]).stdout;
    let text = String::from_utf8(text).unwrap();
    let (header, rest) = text.split_once('\n').unwrap();
    assert_eq!(
        header,
        "kayles (octal:0.77): the first 1234 values, G(n) for n = 0..1233"
    );
    let body: String = rest.lines().take(124).map(|l| format!("{l}\n")).collect();
    let json: Value = serde_json::from_slice(
        &grundy(&["sequence", "kayles", "--count", "1234", "--json"]).stdout,
    )
    .unwrap();
    assert_eq!(rows_of_ten(&body, 0), json_numbers(&json["values"]));

    for alpha in ["phi", "sqrt(340282366920938463463374607431768211457)"] {
        let text = String::from_utf8(grundy(&["beatty", alpha, "--count", "101"]).stdout).unwrap();
        let json: Value =
            serde_json::from_slice(&grundy(&["beatty", alpha, "--count", "101", "--json"]).stdout)
                .unwrap();
        let mut blocks = text.split("floor(n*").skip(1);
        let mut report = Some(&json);
        while let Some(r) = report {
            let block = blocks.next().expect("one block per sequence");
            let (header, body) = block.split_once('\n').unwrap();
            assert!(header.ends_with(" for n = 1..101:"), "{header}");
            assert_eq!(rows_of_ten(body, 1), json_numbers(&r["values"]), "{alpha}");
            report = r.get("complement");
        }
        assert!(blocks.next().is_none());
    }
}

#[test]
fn a_successful_run_without_a_terminal_shows_no_progress() {
    let out = grundy(&["sequence", "octal:0.16", "--count", "2^17"]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn an_endless_graph_file_is_refused() {
    for args in [
        &["analyze", "geography", "--grid", "/dev/zero", "0"][..],
        &["analyze", "hackenbush", "/dev/zero"],
    ] {
        let stderr = error_line(&grundy(args), 2);
        assert!(
            stderr.contains("the most a graph file may hold"),
            "{stderr}"
        );
    }
}

#[test]
fn help_and_version_on_a_full_disk_fail() {
    for flag in ["--help", "--version"] {
        let full = Stdio::from(File::options().write(true).open("/dev/full").unwrap());
        let status = grundy_into(&[flag], full, Stdio::null());
        assert_eq!(status.code(), Some(1), "{flag} >/dev/full");
    }
}
