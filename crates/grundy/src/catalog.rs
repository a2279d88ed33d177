//! The catalogue: game specs such as `bash:3` parsed into one type-erased API.
//!
//! Every face of grundy (the command line, later the web page and the player)
//! calls [`parse`] and then the verbs of [`Game`]; the answers are plain data
//! that serialise to the JSON of the command-line contract. The catalogue
//! holds no theory of its own: each entry maps a spec and position arguments to
//! a game module and wraps its answer.

use std::cmp::Ordering;

use dashu_int::UBig;
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

use crate::analysis::periodicity::Periodic;
use crate::error::Error;
use crate::game::{HeapMove, Outcome};
use crate::games::bash::Bash;
use crate::games::nim::Nim;
use crate::games::staircase::Staircase;
use crate::games::subtraction::Subtraction;
use crate::json::{Int, Ints};
use crate::nimber::Nimber;
use crate::solve::heap_sequence;

/// The specs the catalogue accepts, for error messages and help.
pub const KNOWN_GAMES: &str = "nim, bash:M, subtraction:S1,S2,..., staircase";

/// The most values `sequence` computes in one call.
pub const MAX_COUNT: u64 = 100_000_000;

/// How many values a period search computes unless told otherwise.
pub const DEFAULT_PERIOD_SEARCH: u64 = 10_000_000;

/// The largest amount a subtraction set may hold: the period search keeps a
/// window of that many values.
pub const MAX_SUBTRACTION: u64 = 10_000_000;

/// A game of the catalogue, behind one interface for every family.
pub trait Game {
    /// The canonical spec, e.g. `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// Outcome, Grundy value and every winning move of the position given by
    /// `position` (the command line's position arguments).
    fn analyze(&self, position: &[String]) -> Result<Analysis, Error>;

    /// The first `count` values of the game's sequence.
    fn sequence(&self, count: u64) -> Result<Sequence, Error> {
        let _ = count;
        Err(self.unsupported("sequence", "it has no sequence of single heaps"))
    }

    /// The certified period of the game's Grundy sequence, computing at most
    /// `max_terms` values.
    fn period(&self, max_terms: u64) -> Result<PeriodReport, Error> {
        let _ = max_terms;
        Err(self.unsupported("period", "it has no sequence of single heaps"))
    }

    /// The error for a verb this game does not answer.
    fn unsupported(&self, verb: &'static str, reason: &str) -> Error {
        Error::Unsupported {
            verb,
            game: self.spec(),
            reason: reason.to_string(),
        }
    }
}

/// A move of an analysed position, as the coordinates it replaces.
///
/// Each change replaces one coordinate of the position by zero or more values:
/// a take-away move puts the smaller heap in place of the heap, a move of a
/// take-and-break game may put two heaps there. The position reached is never
/// built until it is printed, so a sum of a million heaps with many winning
/// moves costs no copy per move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// `(index, replacement)`, ascending by index, for each coordinate the move changes.
    pub changes: Vec<(usize, Vec<UBig>)>,
    /// What the move does, for people.
    pub description: String,
}

impl Move {
    /// A move that changes one coordinate to one new value.
    pub fn single(index: usize, value: UBig, description: String) -> Move {
        Move {
            changes: vec![(index, vec![value])],
            description,
        }
    }

    /// The position after the move.
    pub fn apply(&self, position: &[UBig]) -> Vec<UBig> {
        self.reached(position, 0).cloned().collect()
    }

    /// The values of the position reached, from coordinate `from` of the old one on.
    fn reached<'a>(&'a self, position: &'a [UBig], from: usize) -> impl Iterator<Item = &'a UBig> {
        (from..position.len()).flat_map(move |i| {
            let part = match self.changes.iter().find(|(j, _)| *j == i) {
                Some((_, replacement)) => replacement.as_slice(),
                None => std::slice::from_ref(&position[i]),
            };
            part.iter()
        })
    }

    /// Compares the positions two moves reach without building them: before the
    /// first coordinate either move changes, both are the old position.
    fn cmp_reached(&self, other: &Move, position: &[UBig]) -> Ordering {
        let first = self
            .changes
            .iter()
            .chain(&other.changes)
            .map(|(i, _)| *i)
            .min()
            .unwrap_or(position.len());
        self.reached(position, first)
            .cmp(other.reached(position, first))
    }
}

/// The answer of `analyze`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The canonical spec of the game.
    pub game: String,
    /// The position analysed.
    pub position: Vec<UBig>,
    /// Who wins.
    pub outcome: Outcome,
    /// The Sprague-Grundy value, where it is computed.
    pub grundy: Option<UBig>,
    /// Every move to a P-position, ascending by the position it leads to.
    pub winning_moves: Vec<Move>,
    /// How the answer was found.
    pub method: String,
}

impl Analysis {
    fn new(
        game: &dyn Game,
        position: Vec<UBig>,
        grundy: UBig,
        moves: Vec<Move>,
        method: &str,
    ) -> Self {
        let mut analysis = Analysis {
            game: game.spec(),
            outcome: Outcome::from_p(grundy == UBig::ZERO),
            grundy: Some(grundy),
            position,
            winning_moves: moves,
            method: method.to_string(),
        };
        analysis.sort_moves();
        analysis
    }

    fn sort_moves(&mut self) {
        let position = &self.position;
        self.winning_moves
            .sort_by(|a, b| a.cmp_reached(b, position));
    }

    /// Keeps only the first winning move (the command line's `--moves one`).
    pub fn keep_first_move(&mut self) {
        self.winning_moves.truncate(1);
    }
}

impl Serialize for Analysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Analysis", 6)?;
        s.serialize_field("game", &self.game)?;
        s.serialize_field("position", &Ints(&self.position))?;
        s.serialize_field("outcome", self.outcome.letter())?;
        s.serialize_field("grundy", &self.grundy.as_ref().map(Int))?;
        s.serialize_field("winning_moves", &MovesJson(self))?;
        s.serialize_field("method", &self.method)?;
        s.end()
    }
}

/// The winning moves as `{"to": [...], "move": "..."}` objects.
struct MovesJson<'a>(&'a Analysis);

impl Serialize for MovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.winning_moves.len()))?;
        for m in &self.0.winning_moves {
            seq.serialize_element(&MoveJson {
                to: m.apply(&self.0.position),
                description: &m.description,
            })?;
        }
        seq.end()
    }
}

struct MoveJson<'a> {
    to: Vec<UBig>,
    description: &'a str,
}

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("to", &Ints(&self.to))?;
        map.serialize_entry("move", self.description)?;
        map.end()
    }
}

/// The answer of `sequence` for a heap game: `G(0), ..., G(count - 1)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sequence {
    /// The canonical spec of the game.
    pub game: String,
    /// The Grundy values of heaps `0, 1, 2, ...`.
    pub values: Vec<Nimber>,
}

/// The answer of `period`: `G(n + period) = G(n) + saltus` for all `n >= preperiod`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// The canonical spec of the game.
    pub game: String,
    /// The least `n0` from which the relation holds (for the least period).
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// What a period adds to the values.
    pub saltus: u64,
    /// Whether a theorem proves the relation for every `n`.
    pub certified: bool,
    /// How many values were computed (0 when a closed form answers alone).
    pub checked_to: u64,
    /// How it was established.
    pub method: String,
}

impl PeriodReport {
    fn from_periodic(game: &dyn Game, p: &Periodic, method: &str) -> Self {
        PeriodReport {
            game: game.spec(),
            preperiod: p.preperiod,
            period: p.period,
            saltus: 0,
            certified: true,
            checked_to: p.checked_to,
            method: method.to_string(),
        }
    }
}

/// Parses a game spec (`name` or `name:params`, case-insensitive).
pub fn parse(spec: &str) -> Result<Box<dyn Game>, Error> {
    let lower = spec.to_ascii_lowercase();
    let (name, params) = match lower.split_once(':') {
        Some((name, params)) => (name, Some(params)),
        None => (lower.as_str(), None),
    };
    match (name, params) {
        ("nim", None) => Ok(Box::new(NimEntry)),
        ("staircase", None) => Ok(Box::new(StaircaseEntry)),
        ("bash", Some(m)) => parse_bash(spec, m),
        ("subtraction", Some(set)) => parse_subtraction(spec, set),
        ("nim" | "staircase", Some(_)) => {
            Err(Error::spec(spec, format!("{name} takes no parameters")))
        }
        ("bash", None) => Err(Error::spec(
            spec,
            "write bash:M, M >= 1 the most one move takes",
        )),
        ("subtraction", None) => Err(Error::spec(
            spec,
            "write subtraction:S1,S2,... with positive amounts",
        )),
        _ => Err(Error::UnknownGame(spec.to_string())),
    }
}

fn parse_bash(spec: &str, m: &str) -> Result<Box<dyn Game>, Error> {
    let max = parse_u64(m).and_then(Bash::new).ok_or_else(|| {
        Error::spec(
            spec,
            format!("M must be an integer from 1 to {}, not '{m}'", u64::MAX),
        )
    })?;
    Ok(Box::new(BashEntry(max)))
}

fn parse_subtraction(spec: &str, set: &str) -> Result<Box<dyn Game>, Error> {
    let amounts = set
        .split(',')
        .map(|s| {
            parse_u64(s)
                .filter(|&a| (1..=MAX_SUBTRACTION).contains(&a))
                .ok_or_else(|| {
                    Error::spec(
                        spec,
                        format!("'{s}' is not an amount; amounts are integers from 1 to {MAX_SUBTRACTION}, separated by commas"),
                    )
                })
        })
        .collect::<Result<Vec<u64>, Error>>()?;
    let game = Subtraction::new(&amounts).expect("amounts are positive and there is one");
    Ok(Box::new(SubtractionEntry(game)))
}

/// A decimal `u64` with digits only (no sign, no spaces).
fn parse_u64(s: &str) -> Option<u64> {
    is_decimal(s).then(|| s.parse().ok()).flatten()
}

fn is_decimal(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Parses position arguments as non-negative integers of any size; `what` names
/// one of them in messages ("heap size", "coins on a stair").
pub fn parse_naturals(args: &[String], what: &str) -> Result<Vec<UBig>, Error> {
    if args.is_empty() {
        return Err(Error::BadPosition(format!("give at least one {what}")));
    }
    args.iter()
        .map(|a| {
            if a.starts_with('-') && is_decimal(&a[1..]) {
                Err(Error::BadPosition(format!(
                    "{what} '{a}' is negative; a {what} is a non-negative integer"
                )))
            } else if is_decimal(a) {
                Ok(a.parse().expect("checked: decimal digits"))
            } else {
                Err(Error::BadPosition(format!(
                    "'{a}' is not a {what}: write a non-negative decimal integer"
                )))
            }
        })
        .collect()
}

/// The catalogue's wrapping of a heap game's answer: heap moves as [`Move`]s.
fn heap_analysis(
    game: &dyn Game,
    heaps: Vec<UBig>,
    (value, moves): (UBig, Vec<HeapMove>),
    method: &str,
) -> Analysis {
    let moves = moves
        .into_iter()
        .map(|m| {
            let description = format!(
                "heap {}: {} -> {} (take {})",
                m.heap + 1,
                heaps[m.heap],
                m.to,
                &heaps[m.heap] - &m.to
            );
            Move::single(m.heap, m.to, description)
        })
        .collect();
    Analysis::new(game, heaps, value, moves, method)
}

/// Checks a sequence length against [`MAX_COUNT`].
fn check_count(count: u64) -> Result<usize, Error> {
    if count > MAX_COUNT {
        return Err(Error::Limit(format!(
            "--count {count} is more than the {MAX_COUNT} values one call computes"
        )));
    }
    Ok(count as usize)
}

struct NimEntry;

impl Game for NimEntry {
    fn spec(&self) -> String {
        "nim".into()
    }

    fn analyze(&self, position: &[String]) -> Result<Analysis, Error> {
        let heaps = parse_naturals(position, "heap size")?;
        let answer = Nim.analyse(&heaps);
        Ok(heap_analysis(
            self,
            heaps,
            answer,
            "closed form (Bouton): the nim-sum of the heap sizes",
        ))
    }

    fn sequence(&self, count: u64) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            values: (0..count as u64).map(Nimber).collect(),
        })
    }

    fn period(&self, _max_terms: u64) -> Result<PeriodReport, Error> {
        Ok(PeriodReport {
            game: self.spec(),
            preperiod: 0,
            period: 1,
            saltus: 1,
            certified: true,
            checked_to: 0,
            method: "closed form: G(n) = n".into(),
        })
    }
}

struct BashEntry(Bash);

impl Game for BashEntry {
    fn spec(&self) -> String {
        format!("bash:{}", self.0.max())
    }

    fn analyze(&self, position: &[String]) -> Result<Analysis, Error> {
        let heaps = parse_naturals(position, "heap size")?;
        let answer = self.0.analyse(&heaps);
        Ok(heap_analysis(
            self,
            heaps,
            answer,
            "closed form: G(n) = n mod (M+1)",
        ))
    }

    fn sequence(&self, count: u64) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        let values = (0..count as u64)
            .map(|n| Nimber(u64::try_from(self.0.grundy(&UBig::from(n))).expect("below n")))
            .collect();
        Ok(Sequence {
            game: self.spec(),
            values,
        })
    }

    fn period(&self, _max_terms: u64) -> Result<PeriodReport, Error> {
        let period = u64::try_from(self.0.period()).map_err(|_| {
            self.unsupported("period", "its period M+1 = 2^64 does not fit the report")
        })?;
        Ok(PeriodReport {
            game: self.spec(),
            preperiod: 0,
            period,
            saltus: 0,
            certified: true,
            checked_to: 0,
            method: "closed form: G(n) = n mod (M+1)".into(),
        })
    }
}

struct SubtractionEntry(Subtraction);

impl SubtractionEntry {
    fn periodic(&self, max_terms: u64) -> Result<Periodic, Error> {
        self.0.periodic(max_terms).ok_or_else(|| {
            Error::Limit(format!(
                "no repeated window of {} values within the first {max_terms} values of {}; raise --max",
                self.0.largest(),
                self.spec()
            ))
        })
    }
}

impl Game for SubtractionEntry {
    fn spec(&self) -> String {
        let amounts: Vec<String> = self.0.set().iter().map(u64::to_string).collect();
        format!("subtraction:{}", amounts.join(","))
    }

    fn analyze(&self, position: &[String]) -> Result<Analysis, Error> {
        let heaps = parse_naturals(position, "heap size")?;
        let periodic = self.periodic(DEFAULT_PERIOD_SEARCH)?;
        let answer = self.0.analyse(&periodic, &heaps);
        let method = format!(
            "certified period {} from {} (a repeated window of {} values), then the nim-sum",
            periodic.period,
            periodic.preperiod,
            self.0.largest()
        );
        Ok(heap_analysis(self, heaps, answer, &method))
    }

    fn sequence(&self, count: u64) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            values: heap_sequence(&self.0, count),
        })
    }

    fn period(&self, max_terms: u64) -> Result<PeriodReport, Error> {
        let periodic = self.periodic(max_terms)?;
        let method = format!(
            "first repeated window of max S = {} consecutive values, which determine all later ones",
            self.0.largest()
        );
        Ok(PeriodReport::from_periodic(self, &periodic, &method))
    }
}

struct StaircaseEntry;

impl Game for StaircaseEntry {
    fn spec(&self) -> String {
        "staircase".into()
    }

    fn analyze(&self, position: &[String]) -> Result<Analysis, Error> {
        let stairs = parse_naturals(position, "number of coins")?;
        let value = Staircase.grundy(&stairs);
        let moves = Staircase
            .winning_moves(&stairs)
            .into_iter()
            .map(|m| {
                let after = m.apply(&stairs);
                let (from, to) = (m.stair - 1, m.stair.checked_sub(2));
                let description = match to {
                    Some(below) => format!(
                        "move {} from stair {} to stair {}",
                        m.coins,
                        m.stair,
                        below + 1
                    ),
                    None => format!("move {} from stair 1 to the ground", m.coins),
                };
                let mut changes: Vec<(usize, Vec<UBig>)> = std::iter::once(from)
                    .chain(to)
                    .map(|i| (i, vec![after[i].clone()]))
                    .collect();
                changes.sort_by_key(|(i, _)| *i);
                Move {
                    changes,
                    description,
                }
            })
            .collect();
        Ok(Analysis::new(
            self,
            stairs,
            value,
            moves,
            "closed form: the nim-sum of the odd-numbered stairs",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn specs_are_case_insensitive_and_canonical() {
        assert_eq!(parse("NIM").unwrap().spec(), "nim");
        assert_eq!(
            parse("Subtraction:4,1,3,1").unwrap().spec(),
            "subtraction:1,3,4"
        );
        assert_eq!(parse("bash:3").unwrap().spec(), "bash:3");
    }

    #[test]
    fn bad_specs_say_what_is_accepted() {
        for bad in [
            "chess",
            "bash",
            "bash:0",
            "bash:x",
            "bash:-1",
            "subtraction:",
            "subtraction:1,,2",
            "subtraction:0",
            "nim:3",
            "subtraction:99999999999",
        ] {
            let message = parse(bad).err().unwrap().to_string();
            assert!(
                message.contains(bad) || message.contains("subtraction"),
                "{bad}: {message}"
            );
        }
        assert!(matches!(parse("chess"), Err(Error::UnknownGame(_))));
    }

    #[test]
    fn bad_positions_are_refused() {
        let nim = parse("nim").unwrap();
        for bad in [&["-3"][..], &["3", "x"], &["1.5"], &[], &["+4"], &[""]] {
            assert!(
                matches!(nim.analyze(&args(bad)), Err(Error::BadPosition(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn moves_are_sorted_by_the_position_they_reach() {
        // Nim 1 2 3 4 5 6 7 8: nim-sum 8; heaps holding bit 3 is only 8 -> 0.
        // Nim 7 7 1: nim-sum 1; moves 7->6 (heap 1 or 2), 1->0.
        let a = parse("nim")
            .unwrap()
            .analyze(&args(&["7", "7", "1"]))
            .unwrap();
        let reached: Vec<Vec<UBig>> = a
            .winning_moves
            .iter()
            .map(|m| m.apply(&a.position))
            .collect();
        let mut sorted = reached.clone();
        sorted.sort();
        assert_eq!(reached, sorted);
        assert_eq!(reached.len(), 3);
    }

    fn small(values: &[u8]) -> Vec<UBig> {
        values.iter().map(|&v| UBig::from(v)).collect()
    }

    proptest::proptest! {
        #[test]
        fn comparing_moves_lazily_agrees_with_comparing_positions(
            position in proptest::collection::vec(0u8..4, 1..5),
            a in proptest::collection::vec((0usize..5, proptest::collection::vec(0u8..4, 0..3)), 1..3),
            b in proptest::collection::vec((0usize..5, proptest::collection::vec(0u8..4, 0..3)), 1..3),
        ) {
            let position = small(&position);
            let as_move = |changes: &[(usize, Vec<u8>)]| {
                let mut changes: Vec<(usize, Vec<UBig>)> = changes
                    .iter()
                    .map(|(i, r)| (i % position.len(), small(r)))
                    .collect();
                changes.sort_by_key(|(i, _)| *i);
                changes.dedup_by_key(|(i, _)| *i);
                Move { changes, description: String::new() }
            };
            let (a, b) = (as_move(&a), as_move(&b));
            proptest::prop_assert_eq!(
                a.cmp_reached(&b, &position),
                a.apply(&position).cmp(&b.apply(&position))
            );
        }
    }

    #[test]
    fn staircase_moves_change_two_stairs() {
        let a = parse("staircase")
            .unwrap()
            .analyze(&args(&["3", "1", "4", "1", "5"]))
            .unwrap();
        assert_eq!(a.grundy, Some(UBig::from(3u8 ^ 4 ^ 5)));
        for m in &a.winning_moves {
            let after = m.apply(&a.position);
            assert_eq!(Staircase.grundy(&after), UBig::ZERO, "{}", m.description);
        }
        assert_eq!(
            a.winning_moves.len(),
            Staircase.winning_moves(&a.position).len()
        );
    }
}
