//! `grundy survey octal` and `grundy survey merge`: many octal games, in
//! shards that run anywhere, gathered into one SQLite database.
//!
//! A shard writes one JSON file per game, `DIR/CODE.json` (a
//! [`SurveyRecord`]), atomically (a temporary file renamed over it), so that
//! a killed run leaves only whole files; a run finds the files of games
//! already done and computes only the others. While a game is computed, its
//! progress is saved every 30 seconds (and on Ctrl-C) in `DIR/CODE.partial`,
//! locked by the run (`DIR/CODE.partial.lock`), so that a game of days
//! resumes where a killed run left it; both files are removed once its
//! record is written. Which games, how shards deal them and what a record
//! holds: [`grundy::catalog::survey`].

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use grundy::catalog::survey::{
    check_count, listed_codes, octal_codes, survey_game, Shard, SurveyRecord,
};
use grundy::catalog::Monitor;
use grundy::error::Error;
use grundy::games::octal::Octal;
use serde::Serialize;

use crate::args::{Survey, SurveyAction, SurveyMerge, SurveyOctal};
use crate::failure::{bad_argument, Failure};
use crate::files;
use crate::monitor::usable_checkpoint;
use crate::monitor::ShellMonitor;

/// Runs `grundy survey ...`.
pub(crate) fn run(out: &mut impl Write, json: bool, survey: &Survey) -> Result<(), Failure> {
    match &survey.action {
        SurveyAction::Octal(octal) => run_shard(out, json, octal),
        SurveyAction::Merge(merge) => run_merge(out, json, merge),
    }
}

/// One game of a shard, as `survey octal --json` reports it: the columns of
/// the contract's merge, and whether this run computed it (else it was done).
#[derive(Serialize)]
struct ShardGame<'a> {
    #[serde(flatten)]
    summary: Summary<'a>,
    computed: bool,
    millis: u64,
}

/// `survey octal --json`.
#[derive(Serialize)]
struct ShardReport<'a> {
    shard: String,
    out: String,
    games: Vec<ShardGame<'a>>,
}

/// A game's row as the contract's JSON gives it.
#[derive(Serialize)]
struct Summary<'a> {
    code: &'a str,
    count: u64,
    preperiod: Option<u64>,
    period: Option<u64>,
    certified: bool,
    max_value: u64,
}

impl<'a> From<&'a SurveyRecord> for Summary<'a> {
    fn from(r: &'a SurveyRecord) -> Self {
        Summary {
            code: &r.code,
            count: r.count,
            preperiod: r.preperiod,
            period: r.period,
            certified: r.certified,
            max_value: r.max_value,
        }
    }
}

/// The games `survey octal` was given: `--digits`, `--codes` or `--codes-file`.
fn chosen_games(args: &SurveyOctal) -> Result<Vec<Octal>, Failure> {
    if let Some(digits) = args.digits {
        return Ok(octal_codes(digits)?);
    }
    if let Some(list) = &args.codes {
        return Ok(listed_codes(list.split(',').filter(|c| !c.is_empty()))?);
    }
    let path = args.codes_file.as_ref().expect("clap requires one of them");
    let text = fs::read_to_string(path)
        .map_err(|e| bad_argument(format!("cannot read --codes-file {}: {e}", path.display())))?;
    // One code or more a line, separated by commas or spaces; `#` starts a comment.
    let codes = text
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(|line| line.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|word| !word.is_empty());
    Ok(listed_codes(codes)?)
}

/// The result file of `code` in `dir`.
fn result_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(format!("{code}.json"))
}

/// The file of `code`'s progress in `dir`, while it is computed.
fn partial_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(format!("{code}.partial"))
}

/// The record in `path`, checked; `None` if there is no such file.
fn read_record(path: &Path) -> Result<Option<SurveyRecord>, Failure> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(bad_argument(format!("cannot read {}: {e}", path.display()))),
    };
    let record: SurveyRecord = serde_json::from_str(&text).map_err(|e| {
        bad_argument(format!(
            "{} is not a survey result file: {e}",
            path.display()
        ))
    })?;
    record.validate(&path.display().to_string())?;
    Ok(Some(record))
}

/// A monitor that shows the progress of one game as part of the shard's:
/// `before` heaps of earlier games are done, of `total`.
struct ShardProgress<'a> {
    inner: &'a mut ShellMonitor,
    before: u64,
    total: u64,
}

impl Monitor for ShardProgress<'_> {
    fn progress(&mut self, done: u64, _: u64) -> bool {
        self.inner
            .progress(self.before.saturating_add(done), self.total)
    }

    fn snapshot(&mut self, bytes: &[u8]) {
        self.inner.snapshot(bytes);
    }

    fn keeps_snapshots(&self) -> bool {
        self.inner.keeps_snapshots()
    }

    fn resume(&mut self) -> Option<Vec<u8>> {
        self.inner.resume()
    }
}

/// `grundy survey octal`: computes the shard's games not done yet.
fn run_shard(out: &mut impl Write, json: bool, args: &SurveyOctal) -> Result<(), Failure> {
    let shard = Shard::parse(&args.shard)?;
    check_count(args.count)?;
    let games = shard.select(&chosen_games(args)?);
    let dir = &args.out;
    fs::create_dir_all(dir)
        .map_err(|e| bad_argument(format!("cannot create --out {}: {e}", dir.display())))?;
    let done = records_done(dir, &games, args.count)?;
    let to_do = done.iter().filter(|r| r.is_none()).count() as u64;
    let mut monitor = ShellMonitor::new("survey", None);
    crate::monitor::keeps_when_stopped(format!(
        "the games finished are kept in {} (the same command computes the others)",
        dir.display()
    ));
    let mut before = 0u64;
    let mut report = Vec::with_capacity(games.len());
    for (game, record) in games.iter().zip(done) {
        let computed = record.is_none();
        let record = match record {
            Some(record) => record,
            None => {
                let record = compute_game(dir, game, args.count, &mut monitor, before, to_do)?;
                before = before.saturating_add(args.count);
                record
            }
        };
        if !json {
            monitor.finish();
            game_line(out, &record, computed)?;
            out.flush()?;
        }
        report.push((record, computed));
    }
    monitor.finish();
    let games = report
        .iter()
        .map(|(r, computed)| ShardGame {
            summary: r.into(),
            computed: *computed,
            millis: r.millis,
        })
        .collect();
    let shard_report = ShardReport {
        shard: shard.to_string(),
        out: dir.display().to_string(),
        games,
    };
    if json {
        serde_json::to_writer(&mut *out, &shard_report).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        let computed = report.iter().filter(|(_, c)| *c).count();
        writeln!(
            out,
            "shard {shard}: {} games, {computed} computed now, {} done before; results in {}",
            report.len(),
            report.len() - computed,
            dir.display()
        )?;
    }
    // A game's progress that could not be saved cost nothing now, but would
    // have been lost to a stop: say so once the results are out.
    monitor.checkpoint_saved()
}

/// The record of each of `games` done before in `dir`, read first so that a
/// count that does not match is refused before any work.
fn records_done(
    dir: &Path,
    games: &[Octal],
    count: u64,
) -> Result<Vec<Option<SurveyRecord>>, Failure> {
    let mut done = Vec::with_capacity(games.len());
    for game in games {
        let code = game.to_string();
        let record = read_record(&result_path(dir, &code))?;
        if let Some(r) = &record {
            if r.count != count {
                return Err(bad_argument(format!(
                    "{} holds {code} to {} heaps, and this run asks --count {count}; give another --out",
                    result_path(dir, &code).display(),
                    r.count,
                )));
            }
        }
        done.push(record);
    }
    Ok(done)
}

/// Computes `game` to `count` heaps, resuming from and saving its progress in
/// its partial file, and writes its record; `before` heaps of the shard's
/// `to_do` games were computed before it.
fn compute_game(
    dir: &Path,
    game: &Octal,
    count: u64,
    monitor: &mut ShellMonitor,
    before: u64,
    to_do: u64,
) -> Result<SurveyRecord, Failure> {
    let code = game.to_string();
    let partial = partial_path(dir, &code);
    monitor.keep_checkpoint(Some(usable_checkpoint(partial.clone())?));
    let mut progress = ShardProgress {
        inner: monitor,
        before,
        total: to_do.saturating_mul(count),
    };
    // The only bad input a game meets is its partial file.
    let record = survey_game(game, count, &mut progress).map_err(|e| match e {
        Error::BadArgument(why) => bad_argument(format!(
            "{}: {why}; remove it to compute {code} from the start",
            partial.display()
        )),
        e => e.into(),
    })?;
    write_record(dir, &record)?;
    // The record is written first: a run killed in between finds the game
    // done. A run started on the same game meanwhile (the same shard twice)
    // computes the game again once the lock is let go, to the same record:
    // work lost, nothing wrong. Letting go removes the lock file.
    if let Err(e) = fs::remove_file(&partial) {
        if e.kind() != io::ErrorKind::NotFound {
            return Err(bad_argument(format!(
                "cannot remove {}: {e}",
                partial.display()
            )));
        }
    }
    monitor.keep_checkpoint(None);
    Ok(record)
}

/// Writes `record` to its file in `dir`, atomically.
fn write_record(dir: &Path, record: &SurveyRecord) -> Result<(), Failure> {
    let path = result_path(dir, &record.code);
    files::replace(&path, |w| {
        serde_json::to_writer_pretty(&mut *w, record).map_err(io::Error::from)?;
        writeln!(w)
    })
    .map_err(|e| bad_argument(format!("cannot write {}: {e}", path.display())))
}

/// One game of a shard, as text.
fn game_line(out: &mut impl Write, r: &SurveyRecord, computed: bool) -> io::Result<()> {
    let period = match (r.preperiod, r.period) {
        (Some(n0), Some(p)) => format!("period {p} from {n0} (certified)"),
        _ => "no period certified".to_string(),
    };
    let how = if computed {
        format!("{} ms", r.millis)
    } else {
        "done before".to_string()
    };
    writeln!(
        out,
        "{}  {} heaps  {period}  max {}  {how}",
        r.code, r.count, r.max_value
    )
}

/// `grundy survey merge`: every result file of the directories into one
/// SQLite database, and a summary.
fn run_merge(out: &mut impl Write, json: bool, args: &SurveyMerge) -> Result<(), Failure> {
    let records = gather(&args.dirs)?;
    if records.is_empty() {
        return Err(bad_argument(format!(
            "no survey result files (CODE.json) in {}",
            args.dirs
                .iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    write_database(&args.db, records.values())?;
    if json {
        #[derive(Serialize)]
        struct Merged<'a> {
            games: Vec<Summary<'a>>,
        }
        let merged = Merged {
            games: records.values().map(Summary::from).collect(),
        };
        serde_json::to_writer(&mut *out, &merged).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        summary_table(out, &records, &args.db)?;
    }
    Ok(())
}

/// The records of every `*.json` file in `dirs`, by code (in the order of the
/// codes as octal fractions, which is their order as strings). The same game
/// twice must have the same results (its time may differ).
fn gather(dirs: &[PathBuf]) -> Result<BTreeMap<String, SurveyRecord>, Failure> {
    let mut records: BTreeMap<String, (SurveyRecord, PathBuf)> = BTreeMap::new();
    for dir in dirs {
        let entries = fs::read_dir(dir).map_err(|e| {
            bad_argument(format!("cannot read the directory {}: {e}", dir.display()))
        })?;
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let record = read_record(&path)?.ok_or_else(|| {
                bad_argument(format!("{} vanished while it was read", path.display()))
            })?;
            if path.file_name() != result_path(Path::new(""), &record.code).file_name() {
                return Err(bad_argument(format!(
                    "{} holds the results of {}; its name must be {}.json",
                    path.display(),
                    record.code,
                    record.code
                )));
            }
            match records.get(&record.code) {
                Some((first, first_path)) if !first.same_results(&record) => {
                    return Err(bad_argument(format!(
                        "conflicting results for {}: {} and {} differ",
                        record.code,
                        first_path.display(),
                        path.display()
                    )))
                }
                Some(_) => {}
                None => {
                    records.insert(record.code.clone(), (record, path));
                }
            }
        }
    }
    Ok(records.into_iter().map(|(k, (r, _))| (k, r)).collect())
}

/// The database's one table: a row per game.
const SCHEMA: &str = "CREATE TABLE games (
    code TEXT PRIMARY KEY NOT NULL,  -- the octal code, canonical: 0.167
    count INTEGER NOT NULL,          -- heaps computed: G(0) .. G(count - 1)
    preperiod INTEGER,               -- when certified (Guy-Smith), else NULL
    period INTEGER,                  -- when certified, else NULL
    certified INTEGER NOT NULL,      -- 1 when the period is proved for every heap
    max_value INTEGER NOT NULL,      -- the largest value computed
    rare INTEGER NOT NULL,           -- heaps 1 <= n < count with a rare value
    common INTEGER NOT NULL,         -- heaps 1 <= n < count with a common value
    rare_first_half INTEGER,         -- heaps 1 <= n < count / 2 with a rare value (NULL in older records)
    sparse_mask INTEGER NOT NULL,    -- bits whose parity sorts rare from common
    flip_odd_heaps INTEGER NOT NULL, -- 1 when that parity is flipped on odd heaps
    flip_even_heaps INTEGER NOT NULL, -- 1 when it is flipped on even heaps instead
    checksum TEXT NOT NULL,          -- FNV-1a 64 of the values as u16 little endian, hex
    millis INTEGER NOT NULL          -- time the computation took
)";

/// Writes the database `path` (replacing it whole: a temporary file beside
/// it, renamed over it once complete).
fn write_database<'a>(
    path: &Path,
    records: impl Iterator<Item = &'a SurveyRecord>,
) -> Result<(), Failure> {
    let cannot = |e: &dyn std::fmt::Display| {
        bad_argument(format!("cannot write the database {}: {e}", path.display()))
    };
    let temporary = files::temporary_beside(path);
    let written = fill_database(&temporary, records)
        .map_err(|e| cannot(&e))
        .and_then(|()| fs::rename(&temporary, path).map_err(|e| cannot(&e)));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A new SQLite database at `path` holding `records`.
fn fill_database<'a>(
    path: &Path,
    records: impl Iterator<Item = &'a SurveyRecord>,
) -> rusqlite::Result<()> {
    let mut db = rusqlite::Connection::open(path)?;
    db.execute_batch(SCHEMA)?;
    let transaction = db.transaction()?;
    {
        let mut insert = transaction.prepare(
            "INSERT INTO games VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        )?;
        for r in records {
            let n0 = r.preperiod.map(sql_integer).transpose()?;
            let p = r.period.map(sql_integer).transpose()?;
            insert.execute(rusqlite::params![
                r.code,
                sql_integer(r.count)?,
                n0,
                p,
                r.certified,
                sql_integer(r.max_value)?,
                sql_integer(r.rare)?,
                sql_integer(r.common)?,
                r.rare_first_half.map(sql_integer).transpose()?,
                sql_integer(r.sparse_mask)?,
                r.flip_odd_heaps,
                r.flip_even_heaps,
                r.checksum,
                sql_integer(r.millis)?,
            ])?;
        }
    }
    transaction.commit()?;
    db.close().map_err(|(_, e)| e)
}

/// `n` as SQLite's integer (signed 64 bits); checked records fit (counts are
/// at most 2^31), so a larger number is refused rather than wrapped.
fn sql_integer(n: u64) -> rusqlite::Result<i64> {
    i64::try_from(n).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

/// The merged games as a table for people, and a count of what is certified.
fn summary_table(
    out: &mut impl Write,
    records: &BTreeMap<String, SurveyRecord>,
    db: &Path,
) -> io::Result<()> {
    writeln!(
        out,
        "{:<10} {:>12} {:>10} {:>10} {:>6} {:>10} {:>10}",
        "code", "heaps", "preperiod", "period", "max", "rare", "ms"
    )?;
    let dash = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    for r in records.values() {
        writeln!(
            out,
            "{:<10} {:>12} {:>10} {:>10} {:>6} {:>10} {:>10}",
            r.code,
            r.count,
            dash(r.preperiod),
            dash(r.period),
            r.max_value,
            r.rare,
            r.millis
        )?;
    }
    let certified = records.values().filter(|r| r.certified).count();
    writeln!(
        out,
        "{} games: {certified} with a certified period, {} without one within their heaps; database {}",
        records.len(),
        records.len() - certified,
        db.display()
    )
}
