//! `grundy survey octal`, `grundy survey hex` and `grundy survey merge`: many
//! octal or hexadecimal games, in shards that run anywhere, gathered into one
//! SQLite database.
//!
//! A shard writes one JSON file per game, `DIR/CODE.json` (a
//! [`SurveyRecord`]; `DIR/hex-CODE.json`, a [`HexSurveyRecord`], for a
//! hexadecimal game), atomically (a temporary file renamed over it), so that
//! a killed run leaves only whole files; a run finds the files of games
//! already done and computes only the others. While an octal game is
//! computed, its progress is saved every 30 seconds (and on Ctrl-C) in
//! `DIR/CODE.partial`, locked by the run (`DIR/CODE.partial.lock`), so that a
//! game of days resumes where a killed run left it; both files are removed
//! once its record is written (a hexadecimal game takes minutes at most and
//! is computed in one piece). Which games, how shards deal them and what a
//! record holds: [`grundy::catalog::survey`].

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use grundy::catalog::survey::hex::{
    check_hex_count, hex_codes, hex_name, is_hex_name, listed_hex_codes, survey_hex_game,
    HexSurveyRecord,
};
use grundy::catalog::survey::{
    check_count, listed_codes, octal_codes, survey_game, Record, Shard, SurveyRecord,
};
use grundy::catalog::Monitor;
use grundy::error::Error;
use grundy::games::hexadecimal::Hexadecimal;
use grundy::games::octal::Octal;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::args::{Survey, SurveyAction, SurveyMerge, SurveyShard};
use crate::failure::{bad_argument, Failure};
use crate::files;
use crate::monitor::usable_checkpoint;
use crate::monitor::ShellMonitor;

/// Runs `grundy survey ...`.
pub(crate) fn run(out: &mut impl Write, json: bool, survey: &Survey) -> Result<(), Failure> {
    match &survey.action {
        SurveyAction::Octal(octal) => run_shard::<OctalGames>(out, json, octal),
        SurveyAction::Hex(hex) => run_shard::<HexGames>(out, json, hex),
        SurveyAction::Merge(merge) => run_merge(out, json, merge),
    }
}

/// A family of games a survey computes: which games it was given, how one
/// is computed and recorded, and how its record reads.
trait Family {
    /// A game of the family.
    type Game: Clone;
    /// What is recorded of a game.
    type Record: Record + Serialize + DeserializeOwned;

    /// The games of `--digits D`.
    fn enumerated(digits: u32) -> Result<Vec<Self::Game>, Error>;

    /// The games of a list of codes (`--codes`, `--codes-file`).
    fn listed<'a>(codes: impl IntoIterator<Item = &'a str>) -> Result<Vec<Self::Game>, Error>;

    /// The game's name in its record: the record's `code`.
    fn name(game: &Self::Game) -> String;

    /// Refuses a `--count` the family cannot compute, before any work.
    fn check_count(count: u64) -> Result<(), Error>;

    /// Computes `game` to `count` heaps and writes its record in `dir`.
    fn compute(
        dir: &Path,
        game: &Self::Game,
        count: u64,
        progress: &mut ShardProgress<'_>,
    ) -> Result<Self::Record, Failure>;

    /// What the record says of the values' period, for people.
    fn period_text(record: &Self::Record) -> String;

    /// The record's row in the JSON of a shard and of a merge.
    fn summary(record: &Self::Record) -> Summary<'_>;
}

/// The octal games (`survey octal`).
struct OctalGames;

impl Family for OctalGames {
    type Game = Octal;
    type Record = SurveyRecord;

    fn enumerated(digits: u32) -> Result<Vec<Octal>, Error> {
        octal_codes(digits)
    }

    fn listed<'a>(codes: impl IntoIterator<Item = &'a str>) -> Result<Vec<Octal>, Error> {
        listed_codes(codes)
    }

    fn name(game: &Octal) -> String {
        game.to_string()
    }

    fn check_count(count: u64) -> Result<(), Error> {
        check_count(count)
    }

    fn compute(
        dir: &Path,
        game: &Octal,
        count: u64,
        progress: &mut ShardProgress<'_>,
    ) -> Result<SurveyRecord, Failure> {
        compute_octal_game(dir, game, count, progress)
    }

    fn period_text(r: &SurveyRecord) -> String {
        match (r.preperiod, r.period) {
            (Some(n0), Some(p)) => format!("period {p} from {n0} (certified)"),
            _ => "no period certified".to_string(),
        }
    }

    fn summary(r: &SurveyRecord) -> Summary<'_> {
        Summary {
            code: &r.code,
            count: r.count,
            preperiod: r.preperiod,
            period: r.period,
            saltus: None,
            certified: r.certified,
            max_value: r.max_value,
        }
    }
}

/// The hexadecimal games whose moves may leave three heaps (`survey hex`).
struct HexGames;

impl Family for HexGames {
    type Game = Hexadecimal;
    type Record = HexSurveyRecord;

    fn enumerated(digits: u32) -> Result<Vec<Hexadecimal>, Error> {
        hex_codes(digits)
    }

    fn listed<'a>(codes: impl IntoIterator<Item = &'a str>) -> Result<Vec<Hexadecimal>, Error> {
        listed_hex_codes(codes)
    }

    fn name(game: &Hexadecimal) -> String {
        hex_name(game)
    }

    fn check_count(count: u64) -> Result<(), Error> {
        check_hex_count(count)
    }

    fn compute(
        dir: &Path,
        game: &Hexadecimal,
        count: u64,
        progress: &mut ShardProgress<'_>,
    ) -> Result<HexSurveyRecord, Failure> {
        let record = survey_hex_game(game, count, progress)?;
        write_record(dir, &record)?;
        Ok(record)
    }

    fn period_text(r: &HexSurveyRecord) -> String {
        match (r.preperiod, r.period, r.saltus, r.certified) {
            (Some(n0), Some(p), _, true) => format!("period {p} from {n0} (certified)"),
            (Some(n0), Some(p), Some(0), false) => format!("period {p} from {n0} (apparent)"),
            (Some(n0), Some(p), Some(s), false) => {
                format!("arithmetic period {p} from {n0}, saltus {s} (apparent)")
            }
            _ => "no period in the values".to_string(),
        }
    }

    fn summary(r: &HexSurveyRecord) -> Summary<'_> {
        Summary {
            code: &r.code,
            count: r.count,
            preperiod: r.preperiod,
            period: r.period,
            saltus: Some(r.saltus),
            certified: r.certified,
            max_value: r.max_value,
        }
    }
}

/// One game of a shard, as `survey octal --json` (or `hex`) reports it: the columns of
/// the contract's merge, and whether this run computed it (else it was done).
#[derive(Serialize)]
struct ShardGame<'a> {
    #[serde(flatten)]
    summary: Summary<'a>,
    computed: bool,
    millis: u64,
}

/// `survey octal --json` and `survey hex --json`.
#[derive(Serialize)]
struct ShardReport<'a> {
    shard: String,
    out: String,
    games: Vec<ShardGame<'a>>,
}

/// A game's row as the contract's JSON gives it; a hexadecimal game's has
/// its saltus too (null when the values show no period).
#[derive(Serialize)]
struct Summary<'a> {
    code: &'a str,
    count: u64,
    preperiod: Option<u64>,
    period: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    saltus: Option<Option<u64>>,
    certified: bool,
    max_value: u64,
}

/// The games a shard was given: `--digits`, `--codes` or `--codes-file`.
fn chosen_games<F: Family>(args: &SurveyShard) -> Result<Vec<F::Game>, Failure> {
    if let Some(digits) = args.digits {
        return Ok(F::enumerated(digits)?);
    }
    if let Some(list) = &args.codes {
        return Ok(F::listed(list.split(',').filter(|c| !c.is_empty()))?);
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
    Ok(F::listed(codes)?)
}

/// The result file of the game named `code` in `dir`: `CODE.json`, the
/// colon of `hex:CODE` written `-` (a colon is not allowed in every file
/// system).
fn result_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(format!("{}.json", code.replace(':', "-")))
}

/// The file of `code`'s progress in `dir`, while it is computed.
fn partial_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(format!("{code}.partial"))
}

/// The text of the file at `path`; `None` if there is no such file.
fn read_text(path: &Path) -> Result<Option<String>, Failure> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(bad_argument(format!("cannot read {}: {e}", path.display()))),
    }
}

/// The record `text` of the file at `path` holds, checked.
fn parse_record<R: Record + DeserializeOwned>(path: &Path, text: &str) -> Result<R, Failure> {
    let record: R = serde_json::from_str(text).map_err(|e| {
        bad_argument(format!(
            "{} is not a survey result file: {e}",
            path.display()
        ))
    })?;
    record.validate(&path.display().to_string())?;
    Ok(record)
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

/// `grundy survey octal` or `hex`: computes the shard's games not done yet.
fn run_shard<F: Family>(
    out: &mut impl Write,
    json: bool,
    args: &SurveyShard,
) -> Result<(), Failure> {
    let shard = Shard::parse(&args.shard)?;
    F::check_count(args.count)?;
    let games = shard.select(&chosen_games::<F>(args)?);
    let dir = &args.out;
    fs::create_dir_all(dir)
        .map_err(|e| bad_argument(format!("cannot create --out {}: {e}", dir.display())))?;
    let done = records_done::<F>(dir, &games, args.count)?;
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
                let mut progress = ShardProgress {
                    inner: &mut monitor,
                    before,
                    total: to_do.saturating_mul(args.count),
                };
                let record = F::compute(dir, game, args.count, &mut progress)?;
                before = before.saturating_add(args.count);
                record
            }
        };
        if !json {
            monitor.finish();
            game_line::<F>(out, &record, computed)?;
            out.flush()?;
        }
        report.push((record, computed));
    }
    monitor.finish();
    let games = report
        .iter()
        .map(|(r, computed)| ShardGame {
            summary: F::summary(r),
            computed: *computed,
            millis: r.millis(),
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
fn records_done<F: Family>(
    dir: &Path,
    games: &[F::Game],
    count: u64,
) -> Result<Vec<Option<F::Record>>, Failure> {
    let mut done = Vec::with_capacity(games.len());
    for game in games {
        let code = F::name(game);
        let path = result_path(dir, &code);
        let record: Option<F::Record> = read_text(&path)?
            .map(|text| parse_record(&path, &text))
            .transpose()?;
        if let Some(r) = &record {
            if r.count() != count {
                return Err(bad_argument(format!(
                    "{} holds {code} to {} heaps, and this run asks --count {count}; give another --out",
                    path.display(),
                    r.count(),
                )));
            }
        }
        done.push(record);
    }
    Ok(done)
}

/// Computes the octal `game` to `count` heaps, resuming from and saving its
/// progress in its partial file, and writes its record.
fn compute_octal_game(
    dir: &Path,
    game: &Octal,
    count: u64,
    progress: &mut ShardProgress<'_>,
) -> Result<SurveyRecord, Failure> {
    let code = game.to_string();
    let partial = partial_path(dir, &code);
    progress
        .inner
        .keep_checkpoint(Some(usable_checkpoint(partial.clone())?));
    // The only bad input a game meets is its partial file.
    let record = survey_game(game, count, progress).map_err(|e| match e {
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
    progress.inner.keep_checkpoint(None);
    Ok(record)
}

/// Writes `record` to its file in `dir`, atomically.
fn write_record<R: Record + Serialize>(dir: &Path, record: &R) -> Result<(), Failure> {
    let path = result_path(dir, record.code());
    files::replace(&path, |w| {
        serde_json::to_writer_pretty(&mut *w, record).map_err(io::Error::from)?;
        writeln!(w)
    })
    .map_err(|e| bad_argument(format!("cannot write {}: {e}", path.display())))
}

/// One game of a shard, as text.
fn game_line<F: Family>(out: &mut impl Write, r: &F::Record, computed: bool) -> io::Result<()> {
    let how = if computed {
        format!("{} ms", r.millis())
    } else {
        "done before".to_string()
    };
    let summary = F::summary(r);
    writeln!(
        out,
        "{}  {} heaps  {}  max {}  {how}",
        summary.code,
        summary.count,
        F::period_text(r),
        summary.max_value
    )
}

/// `grundy survey merge`: every result file of the directories into one
/// SQLite database, and a summary.
fn run_merge(out: &mut impl Write, json: bool, args: &SurveyMerge) -> Result<(), Failure> {
    let merged = gather(&args.dirs)?;
    if merged.octal.is_empty() && merged.hex.is_empty() {
        return Err(bad_argument(format!(
            "no survey result files (CODE.json) in {}",
            args.dirs
                .iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    write_database(&args.db, &merged)?;
    if json {
        #[derive(Serialize)]
        struct Merged<'a> {
            games: Vec<Summary<'a>>,
            #[serde(skip_serializing_if = "Vec::is_empty")]
            hex_games: Vec<Summary<'a>>,
        }
        let report = Merged {
            games: merged.octal.values().map(OctalGames::summary).collect(),
            hex_games: merged.hex.values().map(HexGames::summary).collect(),
        };
        serde_json::to_writer(&mut *out, &report).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        if !merged.octal.is_empty() {
            summary_table(out, &merged.octal, &args.db)?;
        }
        if !merged.hex.is_empty() {
            hex_summary_table(out, &merged.hex, &args.db)?;
        }
    }
    Ok(())
}

/// The records of a merge, by code (in the order of the codes as fractions,
/// which is their order as strings).
#[derive(Default)]
struct Merged {
    octal: BTreeMap<String, SurveyRecord>,
    hex: BTreeMap<String, HexSurveyRecord>,
}

/// The records of every `*.json` file in `dirs`: a hexadecimal game's when
/// its `code` starts with `hex:`, else an octal game's. The same game twice
/// must have the same results (its time may differ).
fn gather(dirs: &[PathBuf]) -> Result<Merged, Failure> {
    #[derive(serde::Deserialize)]
    struct Code {
        code: String,
    }
    let mut octal = BTreeMap::new();
    let mut hex = BTreeMap::new();
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
            let text = read_text(&path)?.ok_or_else(|| {
                bad_argument(format!("{} vanished while it was read", path.display()))
            })?;
            let is_hex = serde_json::from_str::<Code>(&text).is_ok_and(|c| is_hex_name(&c.code));
            if is_hex {
                keep_record(&mut hex, parse_record(&path, &text)?, path)?;
            } else {
                keep_record(&mut octal, parse_record(&path, &text)?, path)?;
            }
        }
    }
    Ok(Merged {
        octal: without_paths(octal),
        hex: without_paths(hex),
    })
}

/// The records kept, without the files they were read from.
fn without_paths<R>(kept: BTreeMap<String, (R, PathBuf)>) -> BTreeMap<String, R> {
    kept.into_iter().map(|(code, (r, _))| (code, r)).collect()
}

/// Adds `record`, read from `path`, to `kept`: its file must be named after
/// its game, and a game met before must have had the same results.
fn keep_record<R: Record>(
    kept: &mut BTreeMap<String, (R, PathBuf)>,
    record: R,
    path: PathBuf,
) -> Result<(), Failure> {
    let code = record.code().to_string();
    if path.file_name() != result_path(Path::new(""), &code).file_name() {
        return Err(bad_argument(format!(
            "{} holds the results of {code}; its name must be {}",
            path.display(),
            result_path(Path::new(""), &code).display()
        )));
    }
    match kept.get(&code) {
        Some((first, first_path)) if !first.same_results(&record) => Err(bad_argument(format!(
            "conflicting results for {code}: {} and {} differ",
            first_path.display(),
            path.display()
        ))),
        Some(_) => Ok(()),
        None => {
            kept.insert(code, (record, path));
            Ok(())
        }
    }
}

/// The database's table of octal games: a row per game.
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

/// The database's table of hexadecimal games: a row per game (empty when
/// the survey has none).
const HEX_SCHEMA: &str = "CREATE TABLE hex_games (
    code TEXT PRIMARY KEY NOT NULL,  -- the game, canonical: hex:0.f7
    count INTEGER NOT NULL,          -- heaps computed: G(0) .. G(count - 1)
    preperiod INTEGER,               -- of the period certified, else of the values' own; NULL when none
    period INTEGER,                  -- the least period, certified or apparent; NULL when none
    saltus INTEGER,                  -- G(n + period) = G(n) + saltus; 0 when certified; NULL when none
    certified INTEGER NOT NULL,      -- 1 when the period is proved for every heap, 0 when only apparent
    max_value INTEGER NOT NULL,      -- the largest value computed
    checksum TEXT NOT NULL,          -- FNV-1a 64 of the values as u64 little endian, hex
    millis INTEGER NOT NULL          -- time the computation took
)";

/// Writes the database `path` (replacing it whole: a temporary file beside
/// it, renamed over it once complete).
fn write_database(path: &Path, merged: &Merged) -> Result<(), Failure> {
    let cannot = |e: &dyn std::fmt::Display| {
        bad_argument(format!("cannot write the database {}: {e}", path.display()))
    };
    let temporary = files::temporary_beside(path);
    let written = fill_database(&temporary, merged)
        .map_err(|e| cannot(&e))
        .and_then(|()| fs::rename(&temporary, path).map_err(|e| cannot(&e)));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A new SQLite database at `path` holding the merged records.
fn fill_database(path: &Path, merged: &Merged) -> rusqlite::Result<()> {
    let mut db = rusqlite::Connection::open(path)?;
    db.execute_batch(SCHEMA)?;
    db.execute_batch(HEX_SCHEMA)?;
    let transaction = db.transaction()?;
    {
        let mut insert = transaction.prepare(
            "INSERT INTO games VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        )?;
        for r in merged.octal.values() {
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
        let mut insert = transaction
            .prepare("INSERT INTO hex_games VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")?;
        for r in merged.hex.values() {
            insert.execute(rusqlite::params![
                r.code,
                sql_integer(r.count)?,
                r.preperiod.map(sql_integer).transpose()?,
                r.period.map(sql_integer).transpose()?,
                r.saltus.map(sql_integer).transpose()?,
                r.certified,
                sql_integer(r.max_value)?,
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

/// The merged hexadecimal games as a table for people, and a count of what
/// is certified and what is only apparent.
fn hex_summary_table(
    out: &mut impl Write,
    records: &BTreeMap<String, HexSurveyRecord>,
    db: &Path,
) -> io::Result<()> {
    writeln!(
        out,
        "{:<12} {:>8} {:>10} {:>8} {:>7} {:>10} {:>6} {:>10}",
        "code", "heaps", "preperiod", "period", "saltus", "certified", "max", "ms"
    )?;
    let dash = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    for r in records.values() {
        writeln!(
            out,
            "{:<12} {:>8} {:>10} {:>8} {:>7} {:>10} {:>6} {:>10}",
            r.code,
            r.count,
            dash(r.preperiod),
            dash(r.period),
            dash(r.saltus),
            if r.certified { "yes" } else { "no" },
            r.max_value,
            r.millis
        )?;
    }
    let certified = records.values().filter(|r| r.certified).count();
    let apparent = |arithmetic: bool| {
        records
            .values()
            .filter(|r| !r.certified && r.saltus.is_some_and(|s| (s > 0) == arithmetic))
            .count()
    };
    let none = records.values().filter(|r| r.period.is_none()).count();
    writeln!(
        out,
        "{} hexadecimal games: {certified} with a certified period, {} with an apparent period \
         and {} with an apparent arithmetic period (not certified), {none} with none within \
         their heaps; database {}",
        records.len(),
        apparent(false),
        apparent(true),
        db.display()
    )
}
