//! What every test of the built binary needs: run it, and read its JSON.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs the binary with `args`.
pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs the binary with `args` and `input` on its stdin.
pub fn grundy_with_stdin(args: &[impl AsRef<OsStr>], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("the input is written");
    child.wait_with_output().expect("the binary ends")
}

/// The text a successful run writes, with nothing on stderr.
pub fn text_of(args: &[&str]) -> String {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "{args:?} wrote to stderr");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Runs a verb with `--json`, checks that it succeeded without a word on
/// stderr, and parses the one document it must print.
pub fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = grundy(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "{args:?} wrote to stderr");
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON document")
}

/// The one `error:` line of a run refused as bad input (exit status 2).
pub fn refusal(args: &[&str]) -> String {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: ") && err.trim_end().lines().count() == 1,
        "{args:?}: {err}"
    );
    err.trim_end().to_string()
}

/// The plain C program `NAME.c` of the benchmarks' baselines
/// (`crates/grundy/benches/baselines/`), compiled with `cc -O2` into a
/// temporary file, which the caller removes.
pub fn compiled_baseline(name: &str) -> std::path::PathBuf {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../grundy/benches/baselines/{name}.c"));
    let binary = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let compiled = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .expect("a C compiler (cc) runs");
    assert!(compiled.success(), "{name}.c compiles");
    binary
}

/// Says on the test run's own stderr that part of a test was skipped and
/// why: the harness shows what `eprintln!` prints only for a failing test,
/// and a skip must not pass silently.
pub fn skipped(why: &str) {
    let _ = writeln!(std::io::stderr(), "skipped: {why}");
}
