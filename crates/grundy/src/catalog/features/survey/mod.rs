//! Surveys of many octal games: which games, which shard computes which, and
//! what is recorded of each (`grundy survey octal`, `grundy survey merge`);
//! hexadecimal games in [`hex`] (`grundy survey hex`), dealt into shards and
//! merged the same way.
//!
//! # Which games
//!
//! `--digits D` means every code `0.d1 d2 ... dk` with `1 <= k <= D` and a
//! last digit `dk` that is not 0, in increasing order of the code read as an
//! octal fraction (0.001, 0.002, ..., 0.007, 0.01, 0.011, ...): `8^D - 1`
//! games, each once. Two equivalences are applied, both exact:
//!
//! - *trailing zero digits*: `0.160` and `0.16` allow the same moves (a zero
//!   digit allows none), so the code is written without them
//!   ([`Octal`]'s canonical form);
//! - the *digit before the point* is 0: codes `4.d1 d2 ...` (a heap may also
//!   be split without taking any) are a family of their own in Flammenkamp's
//!   tables ("0.???" and "4.???"), given with `--codes` when wanted.
//!
//! No other two codes are identified, because no other two allow the same
//! moves: the bit 1 of `dk` is the only rule that empties a heap of exactly
//! `k`, the bit 2 the only one that leaves the single heap `1` from the heap
//! `k + 1`, the bit 4 the only one that leaves the heaps `1, 1` from `k + 2`.
//! So every listed game is a different rule set. (Flammenkamp and the tables
//! of Winning Ways also group games whose *values* agree, often shifted by a
//! heap, such as 0.07 and 0.4; those are theorems about values, not rules,
//! and the survey computes each game rather than assume them. Games whose
//! values turn out equal can be found afterwards by their checksum.)
//!
//! # Shards
//!
//! Shard `I/K` (`1 <= I <= K`, counted from 1 so that `seq 1 K` and
//! `sbatch --array=1-K` name them directly) holds the games at positions
//! `I - 1, I - 1 + K, I - 1 + 2K, ...` of the list: round robin, so that the
//! shards differ by at most one game and neighbouring codes, often of
//! similar cost, are spread over the shards.
//!
//! # What is recorded
//!
//! A [`SurveyRecord`] per game: the code, the heaps computed (`G(0)` to
//! `G(count - 1)`), the preperiod and period when the Guy-Smith theorem
//! certifies them within those heaps (the certificate of `grundy period`),
//! the largest value, the engine's split of the values into rare and common
//! ones, an FNV-1a checksum of the values (see [`checksum`]) and the time the
//! computation took.
//!
//! # A game stopped part way
//!
//! A game can take days (the dense open games to 2^24), longer than a
//! cluster's job may run, so its computation is resumable too:
//! [`survey_game`] gives its monitor snapshots, [`encode_partial`]'s bytes,
//! which the front end keeps beside the results (`DIR/CODE.partial`) and
//! hands back on the next run. A snapshot holds the values so far, as an octal
//! checkpoint does ([`checkpoint`]), and the time spent on them, so that the
//! record's time is that of the whole computation.

pub mod hex;

use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::catalog::{Monitor, ValueStats};
use crate::error::{Error, Result};
use crate::games::octal::checkpoint::{self, hash_values, sealed, unsealed, HASH_START};
use crate::games::octal::search::{self, Progress};
use crate::games::octal::sparse::{SparseSolver, Value};
use crate::games::octal::Octal;
use crate::limits::MAX_OCTAL_COUNT;

/// The most code digits `--digits` enumerates: `8^7 - 1` games (about two
/// million) is already more than any survey run so far.
pub const MAX_SURVEY_DIGITS: u32 = 7;

/// Every octal code `0.d1 ... dk` with `1 <= k <= digits` and `dk != 0`, in
/// increasing order of the code as an octal fraction (see the module's
/// documentation for why these are all different games).
pub fn octal_codes(digits: u32) -> Result<Vec<Octal>> {
    if !(1..=MAX_SURVEY_DIGITS).contains(&digits) {
        return Err(Error::Limit(format!(
            "--digits {digits}: give 1 to {MAX_SURVEY_DIGITS} code digits"
        )));
    }
    let width = digits as usize;
    Ok((1..8u64.pow(digits))
        .map(|n| {
            let code = format!("0.{n:0width$o}");
            code.parse().expect("octal digits make a code")
        })
        .collect())
}

/// The codes of a list given by the user (`--codes` or a file): each parsed
/// and written canonically, a code given twice kept once (where it first
/// appears). An empty list is refused.
pub fn listed_codes<'a>(codes: impl IntoIterator<Item = &'a str>) -> Result<Vec<Octal>> {
    let mut games: Vec<Octal> = Vec::new();
    for code in codes {
        let game: Octal = code
            .parse()
            .map_err(|e: crate::games::octal::OctalError| Error::BadArgument(e.to_string()))?;
        if !games.contains(&game) {
            games.push(game);
        }
    }
    if games.is_empty() {
        return Err(Error::BadArgument(
            "no octal code given; list codes such as 0.161,0.167".to_string(),
        ));
    }
    Ok(games)
}

/// One shard of a survey: the `index`-th of `count`, counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, `1..=count`.
    pub index: u64,
    /// How many shards the games are dealt into.
    pub count: u64,
}

impl Shard {
    /// The whole survey as one shard.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Parses `I/K` with `1 <= I <= K`.
    pub fn parse(text: &str) -> Result<Shard> {
        let bad = || {
            Error::BadArgument(format!(
                "--shard '{text}' is not a shard: write I/K with 1 <= I <= K, e.g. 1/4 (shards count from 1)"
            ))
        };
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let number = |s: &str| crate::arith::decimal::<u64>(s).ok_or_else(bad);
        let shard = Shard {
            index: number(index)?,
            count: number(count)?,
        };
        if shard.index == 0 || shard.index > shard.count {
            return Err(bad());
        }
        Ok(shard)
    }

    /// The games of this shard: those at positions `index - 1` modulo `count`.
    pub fn select<T: Clone>(&self, games: &[T]) -> Vec<T> {
        let first = usize::try_from(self.index - 1).unwrap_or(usize::MAX);
        let step = usize::try_from(self.count).unwrap_or(usize::MAX);
        games.iter().skip(first).step_by(step).cloned().collect()
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What a survey records of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurveyRecord {
    /// The code, canonical (`0.167`).
    pub code: String,
    /// The heaps computed: `G(0)` to `G(count - 1)`.
    pub count: u64,
    /// The preperiod, when a period is certified.
    pub preperiod: Option<u64>,
    /// The least period, when certified by the Guy-Smith theorem within the
    /// heaps computed.
    pub period: Option<u64>,
    /// Whether the period is certified (then it holds for every heap).
    pub certified: bool,
    /// The largest of the values computed.
    pub max_value: u64,
    /// Heaps `1 <= n < count` with a rare value (the engine's split).
    pub rare: u64,
    /// Heaps `1 <= n < count` with a common value.
    pub common: u64,
    /// Heaps `1 <= n < count / 2` with a rare value, in the same split: the
    /// rare set's growth. Near `rare / 2` the rare values keep coming (a
    /// dense game, quadratic to compute); near `rare` they have stopped, the
    /// mark of a sparse game however many rare values it has (0.146: 5,816).
    /// Absent from records written before 2026-12-07.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rare_first_half: Option<u64>,
    /// The bits whose parity sorts values into rare and common.
    pub sparse_mask: u64,
    /// Whether that parity is flipped on odd heaps.
    pub flip_odd_heaps: bool,
    /// Whether it is flipped on even heaps instead; written only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub flip_even_heaps: bool,
    /// The FNV-1a checksum of the values ([`checksum`]), 16 hexadecimal digits.
    pub checksum: String,
    /// How long the computation took, in milliseconds.
    pub millis: u64,
}

/// What a survey records of one game, whatever its family: what running a
/// shard and merging need of it.
pub trait Record: Clone {
    /// The game's name, canonical: `0.167`, `hex:0.8`.
    fn code(&self) -> &str;
    /// The heaps computed.
    fn count(&self) -> u64;
    /// How long the computation took, in milliseconds.
    fn millis(&self) -> u64;
    /// Whether `other` records the same results (the time taken aside).
    fn same_results(&self, other: &Self) -> bool;
    /// Checks a record read back from a file; `origin` names the file in
    /// the message.
    fn validate(&self, origin: &str) -> Result<()>;
}

impl Record for SurveyRecord {
    fn code(&self) -> &str {
        &self.code
    }

    fn count(&self) -> u64 {
        self.count
    }

    fn millis(&self) -> u64 {
        self.millis
    }

    /// Whether `other` records the same results: everything but the time
    /// taken, which differs from run to run, and the rare set's growth when
    /// one of the two records is older than it.
    fn same_results(&self, other: &SurveyRecord) -> bool {
        // An older record, without the rare set's growth, agrees on the rest.
        let growth_agrees = match (self.rare_first_half, other.rare_first_half) {
            (Some(ours), Some(theirs)) => ours == theirs,
            _ => true,
        };
        growth_agrees
            && SurveyRecord {
                millis: other.millis,
                rare_first_half: other.rare_first_half,
                ..self.clone()
            } == *other
    }

    /// Checks a record read back from a file: a canonical code, a count the
    /// engine computes, a period and preperiod that are both present exactly
    /// when certified and fit within the count, and a well-formed checksum.
    /// `origin` names the file in the message.
    fn validate(&self, origin: &str) -> Result<()> {
        let bad = |what: &str| Error::BadArgument(format!("{origin}: {what}"));
        let game: Octal = self
            .code
            .parse()
            .map_err(|e: crate::games::octal::OctalError| bad(&e.to_string()))?;
        if game.to_string() != self.code {
            return Err(bad(&format!(
                "the code '{}' is not canonical (write {game})",
                self.code
            )));
        }
        check_count_and_checksum(self.count, MAX_OCTAL_COUNT, &self.checksum, bad)?;
        match (self.certified, self.preperiod, self.period) {
            (false, None, None) => {}
            (true, Some(n0), Some(p))
                if p >= 1 && n0.checked_add(p).is_some_and(|end| end <= self.count) => {}
            _ => {
                return Err(bad(
                    "preperiod and period must both be given exactly when certified",
                ))
            }
        }
        let split = self.rare.checked_add(self.common);
        if split != Some(self.count - 1) {
            return Err(bad("rare + common must be count - 1"));
        }
        if self.rare_first_half.is_some_and(|half| half > self.rare) {
            return Err(bad("rare_first_half must be at most rare"));
        }
        Ok(())
    }
}

/// The checks of a record read back that every family shares: a count of
/// 1 to `max` heaps, and a checksum of 16 hexadecimal digits.
fn check_count_and_checksum(
    count: u64,
    max: u64,
    checksum: &str,
    bad: impl Fn(&str) -> Error,
) -> Result<()> {
    if count == 0 || count > max {
        return Err(bad(&format!("count {count} is not between 1 and {max}")));
    }
    if checksum.len() != 16 || !checksum.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(bad("the checksum must be 16 hexadecimal digits"));
    }
    Ok(())
}

/// The FNV-1a (64-bit) hash of the values, each written as two bytes, little
/// endian (the engine's values are `u16`): offset basis `0xcbf29ce484222325`,
/// prime `0x100000001b3`. It is the same for the same values whatever
/// machine, shard or run computed them.
pub fn checksum(values: &[Value]) -> u64 {
    hash_values(HASH_START, values)
}

/// The first line of a snapshot of a game in progress.
const PARTIAL_MAGIC: &[u8] = b"grundy-survey-partial 1\n";

/// The bytes of a snapshot of `game` in progress: the line
/// `grundy-survey-partial 1`, the milliseconds spent so far (u64, little
/// endian), the octal checkpoint of the values so far
/// ([`checkpoint::encode`]), and the FNV-1a hash of all that, so that a
/// damaged file is refused.
pub fn encode_partial(game: &Octal, values: &[Value], millis: u64) -> Vec<u8> {
    let mut bytes = PARTIAL_MAGIC.to_vec();
    bytes.extend_from_slice(&millis.to_le_bytes());
    bytes.extend_from_slice(&checkpoint::encode(game, values));
    sealed(bytes)
}

/// The values and milliseconds of a snapshot of `game` made by
/// [`encode_partial`]; a damaged snapshot, or one of another game, is refused.
pub fn decode_partial(game: &Octal, bytes: &[u8]) -> Result<(Vec<Value>, u64)> {
    let damaged =
        || Error::BadArgument("the game's saved progress is damaged or not a survey's".into());
    let body = unsealed(bytes).ok_or_else(damaged)?;
    let rest = body.strip_prefix(PARTIAL_MAGIC).ok_or_else(damaged)?;
    let (millis, inner) = rest.split_at_checked(8).ok_or_else(damaged)?;
    let millis = u64::from_le_bytes(millis.try_into().expect("eight bytes"));
    let values = checkpoint::decode(game, inner).map_err(|e| Error::BadArgument(e.to_string()))?;
    Ok((values, millis))
}

/// The engine's progress, passed on to a monitor, with snapshots of the game
/// in progress when the monitor keeps them.
struct Forward<'a> {
    monitor: &'a mut dyn Monitor,
    game: &'a Octal,
    /// Milliseconds spent by earlier runs, and when this one started.
    before: u64,
    started: Instant,
}

impl Forward<'_> {
    /// Milliseconds spent on the game, in this run and earlier ones.
    fn millis(&self) -> u64 {
        let now = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.before.saturating_add(now)
    }
}

impl Progress for Forward<'_> {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        self.monitor.progress(done, total) && self.monitor.keeps_snapshots()
    }

    fn snapshot(&mut self, solver: &SparseSolver) {
        let bytes = encode_partial(self.game, solver.values(), self.millis());
        self.monitor.snapshot(&bytes);
    }
}

/// Checks a survey's heaps per game: 1 to [`MAX_OCTAL_COUNT`].
pub fn check_count(count: u64) -> Result<()> {
    if count == 0 || count > MAX_OCTAL_COUNT {
        return Err(Error::Limit(format!(
            "--count {count}: give 1 to {MAX_OCTAL_COUNT} heaps per game"
        )));
    }
    Ok(())
}

/// Computes `G(0)` to `G(count - 1)` of `game`, certifying a period by the
/// Guy-Smith theorem if the values computed hold one, and records the game;
/// progress (heaps done of `count`) goes to `monitor`, and snapshots of the
/// game in progress ([`encode_partial`]) if it keeps them. A snapshot the
/// monitor holds is resumed from (whatever count it was made for: the values
/// of a game do not depend on it).
pub fn survey_game(game: &Octal, count: u64, monitor: &mut dyn Monitor) -> Result<SurveyRecord> {
    check_count(count)?;
    let (mut values, before) = match monitor.resume() {
        Some(bytes) => decode_partial(game, &bytes)?,
        None => (Vec::new(), 0),
    };
    let count_usize = usize::try_from(count).expect("within MAX_OCTAL_COUNT");
    values.truncate(count_usize);
    let mut solver = SparseSolver::resume(game, values);
    let mut progress = Forward {
        monitor,
        game,
        before,
        started: Instant::now(),
    };
    let overflow = |e| Error::OctalSearch(search::SearchError::Overflow(e));
    // The period search stops once a period is certified; the rest of the
    // values are then copied from it, so every game has its `count` values.
    let period = search::search_period(&mut solver, count, &mut progress).map_err(overflow)?;
    search::run_to(&mut solver, count_usize, count, &mut progress).map_err(overflow)?;
    let stats = ValueStats::from(solver.split());
    Ok(SurveyRecord {
        code: game.to_string(),
        count,
        preperiod: period.map(|(n0, _)| n0),
        period: period.map(|(_, p)| p),
        certified: period.is_some(),
        max_value: stats.max_value,
        rare: stats.rare,
        common: stats.common,
        rare_first_half: Some(solver.split_of(count_usize / 2).rare),
        sparse_mask: stats.sparse_mask,
        flip_odd_heaps: stats.flip_odd_heaps,
        flip_even_heaps: stats.flip_even_heaps,
        checksum: format!("{:016x}", checksum(solver.values())),
        millis: progress.millis(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Quiet;
    use crate::games::octal::sparse::naive_values;

    #[test]
    fn codes_of_up_to_d_digits_are_each_listed_once_in_order() {
        let one = octal_codes(1).unwrap();
        let names: Vec<String> = one.iter().map(Octal::to_string).collect();
        assert_eq!(names, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
        let three = octal_codes(3).unwrap();
        assert_eq!(three.len(), 511);
        let names: Vec<String> = three.iter().map(Octal::to_string).collect();
        assert_eq!(
            &names[..9],
            ["0.001", "0.002", "0.003", "0.004", "0.005", "0.006", "0.007", "0.01", "0.011"]
        );
        assert_eq!(names.last().unwrap(), "0.777");
        let mut distinct = names.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), names.len());
        // Every code of at most 3 digits, typed with trailing zeros or not, is listed.
        for name in ["0.16", "0.160", "0.7", "0.07", "0.007", "0.77"] {
            let game: Octal = name.parse().unwrap();
            assert!(three.contains(&game), "{name}");
        }
        for bad in [0, MAX_SURVEY_DIGITS + 1] {
            assert!(matches!(octal_codes(bad), Err(Error::Limit(_))));
        }
    }

    /// The proof that listed codes differ, checked on the rules: two codes
    /// of at most 2 digits have different options at some heap `<= 4`.
    #[test]
    fn listed_codes_have_different_moves() {
        use crate::game::HeapGame;
        let options = |game: &Octal| -> Vec<Vec<Vec<u64>>> {
            (0..=4)
                .map(|n| {
                    let mut found = Vec::new();
                    game.for_each_move(n, |heaps| found.push(heaps.to_vec()));
                    found.sort();
                    found
                })
                .collect()
        };
        let games = octal_codes(2).unwrap();
        let mut all: Vec<_> = games.iter().map(options).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), games.len());
    }

    #[test]
    fn listed_codes_are_canonical_and_kept_once() {
        let games = listed_codes(["0.160", ".16", "4.07", "0.77"]).unwrap();
        let names: Vec<String> = games.iter().map(Octal::to_string).collect();
        assert_eq!(names, ["0.16", "4.07", "0.77"]);
        assert!(listed_codes(["0.8"]).is_err());
        assert!(listed_codes([]).is_err());
    }

    #[test]
    fn shards_count_from_one_and_deal_the_games_round_robin() {
        let games: Vec<u32> = (0..10).collect();
        let shards: Vec<Vec<u32>> = (1..=4)
            .map(|i| Shard { index: i, count: 4 }.select(&games))
            .collect();
        assert_eq!(shards[0], [0, 4, 8]);
        assert_eq!(shards[3], [3, 7]);
        let mut union: Vec<u32> = shards.concat();
        union.sort();
        assert_eq!(union, games);
        assert_eq!(Shard::parse("2/4").unwrap(), Shard { index: 2, count: 4 });
        assert_eq!(Shard::parse("2/4").unwrap().to_string(), "2/4");
        for bad in ["0/4", "5/4", "1", "a/2", "1/0", "-1/2", "1/2/3", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        // More shards than games: the last ones are empty, none fails.
        assert!(Shard {
            index: 11,
            count: 11
        }
        .select(&games)
        .is_empty());
    }

    #[test]
    fn fnv1a_checksum_matches_its_published_test_vectors() {
        // FNV-1a 64 of the empty input is the offset basis; of "a" (0x61)
        // it is af63dc4c8601ec8c (the reference test suite). The value
        // 0x6261 is the bytes "ab" little endian: 089c4407b545986a.
        assert_eq!(checksum(&[]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(checksum(&[0x6261]), 0x089c_4407_b545_986a);
    }

    #[test]
    fn a_survey_record_agrees_with_the_rules() {
        for (code, count) in [("0.77", 200), ("0.16", 300), ("0.137", 150), ("4.07", 100)] {
            let game: Octal = code.parse().unwrap();
            let record = survey_game(&game, count, &mut Quiet).unwrap();
            let values = naive_values(&game, count as usize);
            assert_eq!(
                record.checksum,
                format!("{:016x}", checksum(&values)),
                "{code}"
            );
            assert_eq!(record.max_value, u64::from(*values.iter().max().unwrap()));
            assert_eq!(record.count, count);
            assert_eq!(record.rare + record.common, count - 1);
            record.validate(code).unwrap();
            if let (Some(n0), Some(p)) = (record.preperiod, record.period) {
                let (n0, p) = (n0 as usize, p as usize);
                assert!((n0..count as usize - p).all(|n| values[n + p] == values[n]));
            }
        }
        let kayles = survey_game(&"0.77".parse().unwrap(), 200, &mut Quiet).unwrap();
        assert_eq!((kayles.preperiod, kayles.period), (Some(71), Some(12)));
        // Too few heaps for the certificate (2 * 71 + 12 + 2): not certified.
        let short = survey_game(&"0.77".parse().unwrap(), 150, &mut Quiet).unwrap();
        assert!(!short.certified && short.period.is_none());
        assert!(survey_game(&"0.77".parse().unwrap(), 0, &mut Quiet).is_err());
    }

    #[test]
    fn the_rare_sets_growth_is_the_rare_count_of_the_first_half() {
        // 0.56's 45 rare heaps are all below 3,000; 0.004's keep coming.
        for (code, stopped) in [("0.56", true), ("0.004", false)] {
            let game: Octal = code.parse().unwrap();
            let whole = survey_game(&game, 6000, &mut Quiet).unwrap();
            let half = survey_game(&game, 3000, &mut Quiet).unwrap();
            assert_eq!(
                (
                    whole.sparse_mask,
                    whole.flip_odd_heaps,
                    whole.flip_even_heaps
                ),
                (half.sparse_mask, half.flip_odd_heaps, half.flip_even_heaps),
                "{code}: the same split at both counts"
            );
            assert_eq!(whole.rare_first_half, Some(half.rare), "{code}");
            assert_eq!(whole.rare == half.rare, stopped, "{code}");
        }
    }

    #[test]
    fn records_read_back_are_checked() {
        let good = survey_game(&"0.77".parse().unwrap(), 200, &mut Quiet).unwrap();
        let changed = |f: &dyn Fn(&mut SurveyRecord)| {
            let mut r = good.clone();
            f(&mut r);
            r.validate("x").is_err()
        };
        assert!(changed(&|r| r.code = "0.770".into()));
        assert!(changed(&|r| r.code = "0.9".into()));
        assert!(changed(&|r| r.count = 0));
        assert!(changed(&|r| r.period = None));
        assert!(changed(&|r| r.certified = false));
        assert!(changed(&|r| r.period = Some(0)));
        assert!(changed(&|r| r.period = Some(500)));
        assert!(changed(&|r| r.rare += 1));
        assert!(changed(&|r| r.rare_first_half = Some(r.rare + 1)));
        assert!(changed(&|r| r.checksum = "xyz".into()));
        let mut later = good.clone();
        later.millis += 1000;
        assert!(good.same_results(&later));
        let older = SurveyRecord {
            rare_first_half: None,
            ..good.clone()
        };
        assert!(good.same_results(&older) && older.same_results(&good));
        later.rare_first_half = later.rare_first_half.map(|h| h + 1);
        assert!(!good.same_results(&later) && !later.same_results(&good));
        later.rare_first_half = good.rare_first_half;
        later.max_value += 1;
        assert!(!good.same_results(&later));
    }

    /// A monitor that asks for a snapshot at every report, keeps the last,
    /// and resumes from `resume`.
    struct Snapshots {
        resume: Option<Vec<u8>>,
        last: Option<Vec<u8>>,
    }

    impl Monitor for Snapshots {
        fn progress(&mut self, _: u64, _: u64) -> bool {
            true
        }
        fn snapshot(&mut self, bytes: &[u8]) {
            self.last = Some(bytes.to_vec());
        }
        fn keeps_snapshots(&self) -> bool {
            true
        }
        fn resume(&mut self) -> Option<Vec<u8>> {
            self.resume.take()
        }
    }

    #[test]
    fn a_game_resumed_from_its_snapshot_has_the_record_of_one_run() {
        for (code, count) in [("0.6", 100_000u64), ("0.77", 5_000), ("0.167", 70_000)] {
            let game: Octal = code.parse().unwrap();
            let whole = survey_game(&game, count, &mut Quiet).unwrap();
            // Snapshots of a shorter run stand for those of a run killed midway.
            for part in [1, 20_000, count - 1, count + 5_000] {
                let mut first = Snapshots {
                    resume: None,
                    last: None,
                };
                survey_game(&game, part, &mut first).unwrap();
                let bytes = first.last.expect("a snapshot at every report");
                let (values, millis) = decode_partial(&game, &bytes).unwrap();
                assert_eq!(
                    &values[..],
                    &unsnapshotted(&game, values.len())[..],
                    "{code}"
                );
                let mut resumed = Snapshots {
                    resume: Some(bytes),
                    last: None,
                };
                let record = survey_game(&game, count, &mut resumed).unwrap();
                assert!(
                    record.same_results(&whole),
                    "{code} from {part}: {record:?}"
                );
                assert!(record.millis >= millis, "the earlier run's time counts");
            }
        }
    }

    /// The first `count` values of `game` from a run with no snapshot.
    fn unsnapshotted(game: &Octal, count: usize) -> Vec<Value> {
        let mut solver = SparseSolver::new(game);
        solver.extend_to(count).unwrap();
        solver.values()[..count].to_vec()
    }

    #[test]
    fn a_damaged_snapshot_or_one_of_another_game_is_refused() {
        let game: Octal = "0.6".parse().unwrap();
        let bytes = encode_partial(&game, &[0, 1, 0, 1], 1234);
        assert_eq!(
            decode_partial(&game, &bytes).unwrap(),
            (vec![0, 1, 0, 1], 1234)
        );
        for cut in [0, 5, bytes.len() - 1] {
            assert!(
                decode_partial(&game, &bytes[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        for at in [0, 30, bytes.len() - 3] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 4;
            assert!(decode_partial(&game, &flipped).is_err(), "byte {at}");
        }
        let other = decode_partial(&"0.7".parse().unwrap(), &bytes).unwrap_err();
        assert!(other.to_string().contains("0.6"), "{other}");
        let plain = checkpoint::encode(&game, &[0, 1]);
        assert!(
            decode_partial(&game, &plain).is_err(),
            "an octal checkpoint is not a partial"
        );
    }
}
