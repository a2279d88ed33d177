//! Surveys of hexadecimal games (`grundy survey hex`): which games, and what
//! is recorded of each. Shards, result files and merging are those of the
//! octal surveys ([`super`]).
//!
//! # Which games
//!
//! `--digits D` means every code `0.d1 d2 ... dk` with `1 <= k <= D`, a last
//! digit `dk` that is not 0 and at least one digit of 8 or more (a move may
//! leave three heaps), in increasing order of the code read as a hexadecimal
//! fraction: `16^D - 8^D` games (8 of one digit, 192 of up to two, 3584 of up
//! to three). The codes whose digits are all below 8 are the octal games of
//! `survey octal`, and are refused here. As there, trailing zero digits are
//! dropped (they allow no move) and codes with a digit before the point (4,
//! 8, c: a heap may also be split without taking) are given with `--codes`.
//! No two listed codes allow the same moves: the bits 1, 2 and 4 of `dk` are
//! told apart as for octal codes, and the bit 8 is the only rule that leaves
//! the heaps `1, 1, 1` from `k + 3`.
//!
//! # What is recorded
//!
//! A [`HexSurveyRecord`] per game: the code as grundy names the game
//! (`hex:0.8`), the values computed (`G(0)` to `G(count - 1)`), the period
//! certified by the periodicity theorem for moves that leave up to three
//! heaps (what `grundy period hex:CODE` certifies), or else the apparent
//! period the values show, arithmetic or not (`G(n + p) = G(n) + s`), marked
//! not certified; the largest value, a checksum of the values and the time
//! taken. A game is computed in one piece: [`MAX_HEX_COUNT`] values take
//! about two minutes, so a stopped survey resumes game by game, without the
//! partial files of the octal games.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::{check_count_and_checksum, Record};
use crate::analysis::periodicity::apparent_arithmetic_period;
use crate::catalog::adapters::hexadecimal::values_with_progress;
use crate::catalog::Monitor;
use crate::error::{Error, Result};
use crate::games::hexadecimal::Hexadecimal;
use crate::games::octal::checkpoint::{fnv1a_from, HASH_START};
use crate::limits::MAX_HEX_COUNT;

/// The most code digits `survey hex --digits` enumerates: `16^4 - 8^4`
/// games (61,440).
pub const MAX_HEX_SURVEY_DIGITS: u32 = 4;

/// The prefix of a hexadecimal game's name: `hex:0.8`.
const PREFIX: &str = "hex:";

/// Every hexadecimal code `0.d1 ... dk` with `1 <= k <= digits`, `dk != 0`
/// and a digit of 8 or more, in increasing order of the code as a
/// hexadecimal fraction (see the module's documentation).
pub fn hex_codes(digits: u32) -> Result<Vec<Hexadecimal>> {
    if !(1..=MAX_HEX_SURVEY_DIGITS).contains(&digits) {
        return Err(Error::Limit(format!(
            "--digits {digits}: give 1 to {MAX_HEX_SURVEY_DIGITS} code digits"
        )));
    }
    let width = digits as usize;
    Ok((1..16u64.pow(digits))
        .map(|n| {
            let code = format!("0.{n:0width$x}");
            code.parse::<Hexadecimal>()
                .expect("hexadecimal digits make a code")
        })
        .filter(Hexadecimal::splits_in_three)
        .collect())
}

/// The codes of a list given by the user (`--codes` or a file), with or
/// without `hex:`: each parsed and written canonically, a code given twice
/// kept once. A code whose moves never leave three heaps (an octal game) is
/// refused, and so is an empty list.
pub fn listed_hex_codes<'a>(codes: impl IntoIterator<Item = &'a str>) -> Result<Vec<Hexadecimal>> {
    let mut games: Vec<Hexadecimal> = Vec::new();
    for code in codes {
        let game = code
            .strip_prefix(PREFIX)
            .unwrap_or(code)
            .parse::<Hexadecimal>()
            .map_err(|e| Error::BadArgument(e.to_string()))?;
        if !game.splits_in_three() {
            return Err(Error::BadArgument(format!(
                "{code}: no move leaves three heaps, so it is the octal game octal:{game}: \
                 survey it with survey octal"
            )));
        }
        if !games.contains(&game) {
            games.push(game);
        }
    }
    if games.is_empty() {
        return Err(Error::BadArgument(
            "no hexadecimal code given; list codes such as 0.8,0.f7".to_string(),
        ));
    }
    Ok(games)
}

/// Whether a record's `code` names a hexadecimal game (`hex:0.8`), whose
/// record is a [`HexSurveyRecord`]; an octal game's is a
/// [`SurveyRecord`](super::SurveyRecord).
pub fn is_hex_name(code: &str) -> bool {
    code.starts_with(PREFIX)
}

/// The name of `game` in a record and its file: `hex:0.8`.
pub fn hex_name(game: &Hexadecimal) -> String {
    format!("{PREFIX}{game}")
}

/// What a survey records of one hexadecimal game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexSurveyRecord {
    /// The game as grundy names it, canonical: `hex:0.8`.
    pub code: String,
    /// The values computed: `G(0)` to `G(count - 1)`.
    pub count: u64,
    /// The preperiod of the period, certified or apparent; `None` when the
    /// values show none.
    pub preperiod: Option<u64>,
    /// The least period (certified, or the values' own).
    pub period: Option<u64>,
    /// The saltus `s` of `G(n + p) = G(n) + s`: 0 for a plain period.
    pub saltus: Option<u64>,
    /// Whether the period is certified (then it holds for every heap; its
    /// saltus is 0); else it is what the values computed show, no more.
    pub certified: bool,
    /// The largest of the values computed.
    pub max_value: u64,
    /// The FNV-1a checksum of the values ([`hex_checksum`]), 16
    /// hexadecimal digits.
    pub checksum: String,
    /// How long the computation took, in milliseconds.
    pub millis: u64,
}

impl Record for HexSurveyRecord {
    fn code(&self) -> &str {
        &self.code
    }

    fn count(&self) -> u64 {
        self.count
    }

    fn millis(&self) -> u64 {
        self.millis
    }

    /// Whether `other` records the same results: everything but the time.
    fn same_results(&self, other: &HexSurveyRecord) -> bool {
        HexSurveyRecord {
            millis: other.millis,
            ..self.clone()
        } == *other
    }

    /// Checks a record read back from a file: a canonical code of a game
    /// that splits in three, a count one run computes, a period that is
    /// present with its preperiod and saltus, fits in the count and has
    /// saltus 0 when certified, and a well-formed checksum. `origin` names
    /// the file in the message.
    fn validate(&self, origin: &str) -> Result<()> {
        let bad = |what: &str| Error::BadArgument(format!("{origin}: {what}"));
        let game = self
            .code
            .strip_prefix(PREFIX)
            .ok_or_else(|| bad(&format!("'{}' does not start with {PREFIX}", self.code)))
            .and_then(|code| code.parse::<Hexadecimal>().map_err(|e| bad(&e.to_string())))?;
        if hex_name(&game) != self.code || !game.splits_in_three() {
            return Err(bad(&format!(
                "'{}' is not a canonical code of a game that splits in three",
                self.code
            )));
        }
        check_count_and_checksum(self.count, MAX_HEX_COUNT, &self.checksum, bad)?;
        match (self.preperiod, self.period, self.saltus) {
            (None, None, None) if !self.certified => {}
            (Some(n0), Some(p), Some(s))
                if p >= 1
                    && n0.checked_add(p).is_some_and(|end| end <= self.count)
                    && (s == 0 || !self.certified) => {}
            _ => {
                return Err(bad(
                    "preperiod, period and saltus must be given together, with saltus 0 when \
                     certified",
                ))
            }
        }
        Ok(())
    }
}

/// The FNV-1a (64-bit) hash of the values, each written as eight bytes,
/// little endian (offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`): the same for the same values on any machine.
pub fn hex_checksum(values: &[u64]) -> u64 {
    values
        .iter()
        .fold(HASH_START, |hash, v| fnv1a_from(hash, &v.to_le_bytes()))
}

/// Checks a survey's heaps per hexadecimal game: 1 to [`MAX_HEX_COUNT`].
pub fn check_hex_count(count: u64) -> Result<()> {
    if count == 0 || count > MAX_HEX_COUNT {
        return Err(Error::Limit(format!(
            "--count {count}: give 1 to {MAX_HEX_COUNT} heaps per hexadecimal game (their cost \
             grows with the cube of the count)"
        )));
    }
    Ok(())
}

/// Computes `G(0)` to `G(count - 1)` of `game` and records it (see the
/// module's documentation); progress (heaps done of `count`) goes to
/// `monitor`.
pub fn survey_hex_game(
    game: &Hexadecimal,
    count: u64,
    monitor: &mut dyn Monitor,
) -> Result<HexSurveyRecord> {
    check_hex_count(count)?;
    let started = Instant::now();
    let values = values_with_progress(game, count, monitor);
    let certified = game.certify(&values);
    let (preperiod, period, saltus) = match certified {
        Some((n0, p)) => (Some(n0), Some(p), Some(0)),
        None => match apparent_arithmetic_period(&values) {
            Some(found) => (
                Some(found.preperiod),
                Some(found.period),
                Some(found.saltus),
            ),
            None => (None, None, None),
        },
    };
    Ok(HexSurveyRecord {
        code: hex_name(game),
        count,
        preperiod,
        period,
        saltus,
        certified: certified.is_some(),
        max_value: values.iter().copied().max().unwrap_or(0),
        checksum: format!("{:016x}", hex_checksum(&values)),
        millis: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Quiet;
    use crate::game::HeapGame;
    use crate::solve::heap_sequence;

    #[test]
    fn codes_with_a_digit_of_8_or_more_are_each_listed_once_in_order() {
        let one: Vec<String> = hex_codes(1)
            .unwrap()
            .iter()
            .map(|g| g.to_string())
            .collect();
        assert_eq!(
            one,
            ["0.8", "0.9", "0.a", "0.b", "0.c", "0.d", "0.e", "0.f"]
        );
        let two = hex_codes(2).unwrap();
        assert_eq!(two.len(), 16 * 16 - 8 * 8);
        let names: Vec<String> = two.iter().map(|g| g.to_string()).collect();
        assert_eq!(&names[..3], ["0.08", "0.09", "0.0a"]);
        assert_eq!(names.last().unwrap(), "0.ff");
        let mut distinct = names.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), names.len());
        assert_eq!(hex_codes(3).unwrap().len(), 4096 - 512);
        for bad in [0, MAX_HEX_SURVEY_DIGITS + 1] {
            assert!(matches!(hex_codes(bad), Err(Error::Limit(_))));
        }
    }

    /// The module's claim that listed codes differ, checked on the rules:
    /// two codes of at most 2 digits have different options at some heap
    /// `<= 5`.
    #[test]
    fn listed_codes_have_different_moves() {
        let options = |game: &Hexadecimal| -> Vec<Vec<Vec<u64>>> {
            (0..=5)
                .map(|n| {
                    let mut moves = Vec::new();
                    game.for_each_move(n, |left| {
                        let mut left: Vec<u64> = left.iter().copied().filter(|&h| h > 0).collect();
                        left.sort_unstable();
                        moves.push(left);
                    });
                    moves.sort();
                    moves.dedup();
                    moves
                })
                .collect()
        };
        let mut seen: Vec<Vec<Vec<Vec<u64>>>> = hex_codes(2).unwrap().iter().map(options).collect();
        let all = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), all);
    }

    #[test]
    fn listed_codes_are_canonical_kept_once_and_split_in_three() {
        let games = listed_hex_codes(["0.80", "hex:0.8", "4.8", "0.f7"]).unwrap();
        let names: Vec<String> = games.iter().map(hex_name).collect();
        assert_eq!(names, ["hex:0.8", "hex:4.8", "hex:0.f7"]);
        assert!(
            matches!(listed_hex_codes(["0.77"]), Err(Error::BadArgument(m)) if m.contains("survey octal"))
        );
        assert!(matches!(
            listed_hex_codes(["0.g"]),
            Err(Error::BadArgument(_))
        ));
        assert!(matches!(listed_hex_codes([]), Err(Error::BadArgument(_))));
    }

    /// The record's values are those of the plain mex over the rules, and
    /// its period is what `grundy period` says of the game.
    #[test]
    fn a_survey_record_agrees_with_the_rules_and_with_period() {
        for (code, certified) in [
            ("0.8", false),
            ("0.b1", true),
            ("0.f3", true),
            ("0.3f", false),
        ] {
            let game: Hexadecimal = code.parse().unwrap();
            let record = survey_hex_game(&game, 400, &mut Quiet).unwrap();
            record.validate("test").unwrap();
            let plain: Vec<u64> = heap_sequence(&game, 400).iter().map(|v| v.0).collect();
            assert_eq!(
                record.checksum,
                format!("{:016x}", hex_checksum(&plain)),
                "{code}"
            );
            assert_eq!(record.max_value, *plain.iter().max().unwrap());
            assert_eq!(record.certified, certified, "{code}");
            let entry = crate::catalog::registry::parse(&format!("hex:{code}")).unwrap();
            match entry.period(Some(400), &mut Quiet) {
                Ok(report) => {
                    assert_eq!(record.preperiod, Some(report.preperiod), "{code}");
                    assert_eq!(record.period, Some(report.period), "{code}");
                    assert_eq!(record.saltus, Some(report.saltus), "{code}");
                }
                Err(_) => assert_eq!(record.period, None, "{code}"),
            }
        }
    }

    #[test]
    fn records_read_back_are_checked() {
        let game: Hexadecimal = "0.8".parse().unwrap();
        let good = survey_hex_game(&game, 64, &mut Quiet).unwrap();
        good.validate("f").unwrap();
        let with = |change: &dyn Fn(&mut HexSurveyRecord)| {
            let mut r = good.clone();
            change(&mut r);
            r.validate("f")
        };
        assert!(with(&|r| r.code = "0.8".into()).is_err());
        assert!(with(&|r| r.code = "hex:0.80".into()).is_err());
        assert!(with(&|r| r.code = "hex:0.7".into()).is_err());
        assert!(with(&|r| r.count = MAX_HEX_COUNT + 1).is_err());
        assert!(with(&|r| r.saltus = None).is_err());
        assert!(with(&|r| r.certified = true).is_err());
        assert!(with(&|r| r.checksum = "xyz".into()).is_err());
        assert!(good.same_results(&HexSurveyRecord {
            millis: good.millis + 5,
            ..good.clone()
        }));
        assert!(!good.same_results(&HexSurveyRecord {
            max_value: good.max_value + 1,
            ..good.clone()
        }));
        assert!(matches!(
            survey_hex_game(&game, 0, &mut Quiet),
            Err(Error::Limit(_))
        ));
    }
}
