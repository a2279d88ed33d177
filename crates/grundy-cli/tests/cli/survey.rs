//! `grundy survey octal` and `grundy survey merge`: shards as separate
//! processes, under GNU parallel and under the Slurm script, agree with one
//! run; a run stopped midway resumes with only the unfinished games; the
//! database holds one row per game; bad input is one line and exit 2.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::{grundy, json_of};
use serde_json::Value;

const BINARY: &str = env!("CARGO_BIN_EXE_grundy");

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-survey-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `survey merge DIRS --db DB --json`.
fn merged(dirs: &[&Path], db: &Path) -> Value {
    let mut args = vec!["survey", "merge"];
    args.extend(dirs.iter().map(|d| path(d)));
    args.extend(["--db", path(db)]);
    json_of(&args)
}

/// Runs a bad command: exit status 2 and one `error:` line naming `what`.
fn refused(args: &[&str], what: &str) {
    let out = grundy(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.lines().count() == 1,
        "{args:?}: {stderr}"
    );
    assert!(stderr.contains(what), "{args:?}: {stderr}");
}

/// The survey of every 2-digit game to 3000 heaps in one run.
fn whole_survey(dir: &Path) -> Value {
    let out = dir.join("whole");
    json_of(&[
        "survey",
        "octal",
        "--digits",
        "2",
        "--count",
        "3000",
        "--out",
        path(&out),
    ]);
    merged(&[&out], &dir.join("whole.sqlite"))
}

#[test]
fn shards_in_separate_processes_make_the_same_survey_as_one_run() {
    let dir = scratch("shards");
    let whole = whole_survey(&dir);
    let games = whole["games"].as_array().unwrap();
    assert_eq!(games.len(), 63);
    // Kayles is among them, certified as Winning Ways has it.
    let kayles = games.iter().find(|g| g["code"] == "0.77").unwrap();
    assert_eq!(
        (
            &kayles["preperiod"],
            &kayles["period"],
            &kayles["certified"]
        ),
        (&Value::from(71), &Value::from(12), &Value::from(true))
    );
    // Three shards, each its own process and directory, at the same time.
    let children: Vec<_> = (1..=3)
        .map(|i| {
            Command::new(BINARY)
                .args(["survey", "octal", "--digits", "2", "--count", "3000"])
                .args(["--shard", &format!("{i}/3"), "--json", "--out"])
                .arg(dir.join(format!("shard{i}")))
                .output()
                .unwrap()
        })
        .collect();
    let mut dealt = 0;
    for (i, out) in children.iter().enumerate() {
        assert!(out.status.success());
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["shard"], format!("{}/3", i + 1));
        dealt += report["games"].as_array().unwrap().len();
    }
    assert_eq!(dealt, 63);
    let shards: Vec<PathBuf> = (1..=3).map(|i| dir.join(format!("shard{i}"))).collect();
    let refs: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    assert_eq!(merged(&refs, &dir.join("shards.sqlite")), whole);
    // The same game in two directories with the same results is one row.
    let mut twice = refs.clone();
    twice.push(refs[0]);
    assert_eq!(merged(&twice, &dir.join("twice.sqlite")), whole);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_database_has_a_row_per_game() {
    let dir = scratch("database");
    let whole = whole_survey(&dir);
    let db = rusqlite::Connection::open(dir.join("whole.sqlite")).unwrap();
    let rows: i64 = db
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 63);
    let (n0, p, max, rare, common, checksum): (i64, i64, i64, i64, i64, String) = db
        .query_row(
            "SELECT preperiod, period, max_value, rare, common, checksum FROM games WHERE code = '0.77'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )
        .unwrap();
    assert_eq!((n0, p), (71, 12));
    assert_eq!(rare + common, 2999);
    assert_eq!(checksum.len(), 16);
    let kayles = whole["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["code"] == "0.77");
    assert_eq!(kayles.unwrap()["max_value"], max);
    let growing: i64 = db
        .query_row(
            "SELECT count(*) FROM games WHERE rare_first_half IS NULL OR rare_first_half > rare",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(growing, 0, "every new record has the rare set's growth");
    let uncertified: i64 = db
        .query_row(
            "SELECT count(*) FROM games WHERE certified = 0 AND period IS NULL AND preperiod IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let not_in_json = whole["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["certified"] == false);
    assert_eq!(uncertified as usize, not_in_json.count());
    // The text summary ends with the count of games.
    let out = grundy(&[
        "survey",
        "merge",
        path(&dir.join("whole")),
        "--db",
        path(&dir.join("t.sqlite")),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().last().unwrap().starts_with("63 games: "),
        "{text}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gnu_parallel_runs_the_shards() {
    let has_parallel = Command::new("parallel").arg("--version").output().is_ok();
    if !has_parallel {
        // .ci/run installs it; elsewhere the test says what it skipped.
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is missing on CI"
        );
        common::skipped("the test of shards under GNU parallel (not installed)");
        return;
    }
    let dir = scratch("parallel");
    let whole = whole_survey(&dir);
    let out = dir.join("results");
    let status = Command::new("parallel")
        .args([
            "--will-cite",
            BINARY,
            "survey",
            "octal",
            "--digits",
            "2",
            "--count",
            "3000",
        ])
        .args([
            "--shard",
            "{}/4",
            "--out",
            path(&out),
            ":::",
            "1",
            "2",
            "3",
            "4",
        ])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(merged(&[&out], &dir.join("parallel.sqlite")), whole);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_slurm_script_runs_each_array_task_as_a_shard() {
    let dir = scratch("slurm");
    let out = dir.join("results");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/survey.slurm");
    for task in 1..=2 {
        let status = Command::new("bash")
            .arg(&script)
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", "2")
            .env("GRUNDY", BINARY)
            .env("SURVEY_GAMES", "--codes 0.77,0.07,0.16")
            .env("SURVEY_COUNT", "1000")
            .env("SURVEY_OUT", &out)
            .status()
            .unwrap();
        assert!(status.success());
    }
    let mut files: Vec<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files, ["0.07.json", "0.16.json", "0.77.json"]);
    // Outside an array task the script says so and does nothing.
    let alone = Command::new("bash")
        .arg(&script)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    assert!(!alone.status.success());
    assert!(String::from_utf8_lossy(&alone.stderr).contains("sbatch --array"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_stopped_midway_resumes_with_the_unfinished_games_only() {
    let dir = scratch("resume");
    let out = dir.join("results");
    let args = [
        "survey",
        "octal",
        "--codes",
        "0.77,0.161",
        "--count",
        "2^20",
        "--out",
        path(&out),
    ];
    let mut child = Command::new(BINARY).args(args).spawn().unwrap();
    let done = out.join("0.77.json");
    let started = Instant::now();
    while !done.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "0.77 never finished"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !out.join("0.161.json").exists(),
        "0.161 finished before the kill"
    );
    let report = json_of(&args);
    let computed: Vec<(&str, bool)> = report["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["code"].as_str().unwrap(),
                g["computed"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(computed, [("0.77", false), ("0.161", true)]);
    // Done: a third run computes nothing.
    let again = json_of(&args);
    assert!(again["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["computed"] == false));
    // Only whole result files: no temporary is left beside them.
    assert_eq!(fs::read_dir(&out).unwrap().count(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn conflicting_results_are_refused() {
    let dir = scratch("conflict");
    let (a, b) = (dir.join("a"), dir.join("b"));
    json_of(&[
        "survey",
        "octal",
        "--codes",
        "0.77",
        "--count",
        "500",
        "--out",
        path(&a),
    ]);
    fs::create_dir_all(&b).unwrap();
    let text = fs::read_to_string(a.join("0.77.json")).unwrap();
    // Another time taken is the same result; another checksum is not.
    let slower = text.replace("\"millis\": ", "\"millis\": 9");
    fs::write(b.join("0.77.json"), &slower).unwrap();
    merged(&[&a, &b], &dir.join("ok.sqlite"));
    let record: Value = serde_json::from_str(&text).unwrap();
    let other = text.replace(record["checksum"].as_str().unwrap(), "0123456789abcdef");
    fs::write(b.join("0.77.json"), other).unwrap();
    let db = dir.join("no.sqlite");
    refused(
        &["survey", "merge", path(&a), path(&b), "--db", path(&db)],
        "conflicting results for 0.77",
    );
    assert!(!db.exists());
    // A file named for another game, and a file that is not a result.
    fs::write(b.join("0.7.json"), &text).unwrap();
    refused(
        &["survey", "merge", path(&b), "--db", path(&db)],
        "its name must be 0.77.json",
    );
    fs::write(b.join("0.7.json"), "{\"code\": ").unwrap();
    refused(
        &["survey", "merge", path(&b), "--db", path(&db)],
        "not a survey result file",
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    let dir = scratch("bad");
    let out = dir.join("r");
    let o = path(&out);
    let octal = |extra: &[&'static str]| {
        let mut args = vec!["survey", "octal", "--count", "100", "--out", o];
        args.extend_from_slice(extra);
        args
    };
    refused(
        &octal(&["--digits", "2", "--shard", "0/2"]),
        "shards count from 1",
    );
    refused(&octal(&["--digits", "2", "--shard", "3/2"]), "1 <= I <= K");
    refused(&octal(&["--digits", "2", "--shard", "x"]), "I/K");
    refused(&octal(&["--digits", "0"]), "--digits 0");
    refused(&octal(&["--digits", "8"]), "1 to 7");
    refused(
        &octal(&["--codes", "0.8"]),
        "'0.8' is not an octal game code",
    );
    refused(&octal(&["--codes", ","]), "no octal code given");
    refused(
        &octal(&["--codes-file", "/nonexistent/codes.txt"]),
        "cannot read --codes-file",
    );
    refused(&octal(&[]), "--digits");
    refused(
        &octal(&["--digits", "1", "--codes", "0.7"]),
        "cannot be used with",
    );
    refused(
        &[
            "survey", "octal", "--digits", "1", "--count", "0", "--out", o,
        ],
        "--count 0",
    );
    refused(
        &[
            "survey", "octal", "--digits", "1", "--count", "2^40", "--out", o,
        ],
        "--count",
    );
    json_of(&octal(&["--codes", "0.77"]));
    refused(
        &[
            "survey", "octal", "--codes", "0.77", "--count", "200", "--out", o,
        ],
        "holds 0.77 to 100 heaps",
    );
    // A damaged file of a game in progress is refused, not overwritten.
    let partial = out.join("0.6.partial");
    fs::write(&partial, b"not a survey's progress").unwrap();
    refused(
        &octal(&["--codes", "0.6"]),
        "0.6.partial: the game's saved progress is damaged",
    );
    assert_eq!(fs::read(&partial).unwrap(), b"not a survey's progress");
    fs::remove_file(&partial).unwrap();
    let empty = scratch("empty");
    refused(
        &[
            "survey",
            "merge",
            path(&empty),
            "--db",
            path(&dir.join("x.sqlite")),
        ],
        "no survey result files",
    );
    refused(
        &[
            "survey",
            "merge",
            "/nonexistent/dir",
            "--db",
            path(&dir.join("x.sqlite")),
        ],
        "cannot read the directory",
    );
    refused(
        &["survey", "merge", o, "--db", "/nonexistent/dir/x.sqlite"],
        "cannot write the database",
    );
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&empty).unwrap();
}

#[test]
fn a_codes_file_lists_games_with_comments() {
    let dir = scratch("file");
    let list = dir.join("codes.txt");
    fs::write(
        &list,
        "# open games\n0.161, 0.167\n4.007 0.160 # the same as 0.16\n\n",
    )
    .unwrap();
    let report = json_of(&[
        "survey",
        "octal",
        "--codes-file",
        path(&list),
        "--count",
        "300",
        "--out",
        path(&dir.join("r")),
    ]);
    let codes: Vec<&str> = report["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["0.161", "0.167", "4.007", "0.16"]);
    fs::remove_dir_all(&dir).unwrap();
}

/// `survey hex`: two shards make the survey of one run, a rerun computes
/// nothing, merge puts hexadecimal games in their own table beside octal
/// ones, each row agreeing with `grundy period`; octal codes and counts
/// past the limit are refused.
#[test]
fn hexadecimal_surveys_shard_resume_and_merge_beside_octal_ones() {
    let dir = scratch("hex");
    let shard = |i: &str, out: &str| {
        json_of(&[
            "survey",
            "hex",
            "--digits",
            "1",
            "--count",
            "600",
            "--shard",
            i,
            "--out",
            path(&dir.join(out)),
        ])
    };
    let whole = shard("1/1", "whole");
    let (first, second) = (shard("1/2", "parts"), shard("2/2", "parts"));
    assert_eq!(whole["games"].as_array().unwrap().len(), 8);
    assert!(dir.join("whole/hex-0.8.json").exists());
    let again = shard("1/1", "whole");
    assert!(again["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["computed"] == false));
    json_of(&[
        "survey",
        "octal",
        "--codes",
        "0.77",
        "--count",
        "600",
        "--out",
        path(&dir.join("octal")),
    ]);
    let merged_parts = merged(
        &[&dir.join("parts"), &dir.join("octal")],
        &dir.join("p.sqlite"),
    );
    let merged_whole = merged(
        &[&dir.join("whole"), &dir.join("octal")],
        &dir.join("w.sqlite"),
    );
    let keyed = |v: &Value| -> Vec<Value> { v["hex_games"].as_array().unwrap().to_vec() };
    assert_eq!(keyed(&merged_parts), keyed(&merged_whole));
    assert_eq!(
        first["games"].as_array().unwrap().len() + second["games"].as_array().unwrap().len(),
        8
    );
    assert_eq!(merged_whole["games"].as_array().unwrap().len(), 1);
    for game in keyed(&merged_whole) {
        let code = game["code"].as_str().unwrap();
        let period = grundy(&["period", code, "--max", "600", "--json"]);
        if period.status.success() {
            let report: Value = serde_json::from_slice(&period.stdout).unwrap();
            for key in ["preperiod", "period", "saltus", "certified"] {
                assert_eq!(game[key], report[key], "{code} {key}");
            }
        } else {
            assert_eq!(game["period"], Value::Null, "{code}");
        }
    }
    let db = rusqlite::Connection::open(dir.join("w.sqlite")).unwrap();
    let (rows, arithmetic): (i64, i64) = db
        .query_row("SELECT count(*), sum(saltus > 0) FROM hex_games", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(rows, 8);
    assert!(arithmetic >= 1, "0.8 is apparently arithmetic-periodic");
    let octal_rows: i64 = db
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(octal_rows, 1);
    refused(
        &[
            "survey",
            "hex",
            "--codes",
            "0.77",
            "--count",
            "10",
            "--out",
            path(&dir.join("x")),
        ],
        "survey octal",
    );
    refused(
        &[
            "survey",
            "hex",
            "--digits",
            "1",
            "--count",
            "2^20",
            "--out",
            path(&dir.join("x")),
        ],
        "32768",
    );
    fs::remove_dir_all(&dir).unwrap();
}
