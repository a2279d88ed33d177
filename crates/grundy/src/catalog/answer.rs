//! The answers of the catalogue's verbs, as plain data whose `Serialize` is
//! the JSON of the command-line contract.

use std::cmp::Ordering;

use dashu_int::UBig;
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

use super::Game;
use crate::analysis::periodicity::Periodic;
use crate::game::Outcome;
use crate::json::{Int, Ints};
use crate::nimber::Nimber;

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
    /// For games whose position is not a list of numbers (graph games), the
    /// contract's `to` itself: the edge cut or the vertex moved to.
    pub target: Option<Vec<UBig>>,
}

impl Move {
    /// A move of a graph game, described by its contract `to`.
    pub fn to_target(target: Vec<UBig>, description: String) -> Move {
        Move {
            changes: Vec::new(),
            description,
            target: Some(target),
        }
    }

    /// A move that changes one coordinate to one new value.
    pub fn single(index: usize, value: UBig, description: String) -> Move {
        Move {
            changes: vec![(index, vec![value])],
            description,
            target: None,
        }
    }

    /// The position after the move.
    pub fn apply(&self, position: &[UBig]) -> Vec<UBig> {
        match &self.target {
            Some(target) => target.clone(),
            None => self.reached(position, 0).cloned().collect(),
        }
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
        if self.target.is_some() || other.target.is_some() {
            return self.apply(position).cmp(&other.apply(position));
        }
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
    /// The analysis of a position whose Grundy value is known.
    pub(crate) fn valued(
        game: &dyn Game,
        position: Vec<UBig>,
        grundy: UBig,
        moves: Vec<Move>,
        method: &str,
    ) -> Self {
        let outcome = Outcome::from_p(grundy == UBig::ZERO);
        Analysis::new(game, position, outcome, Some(grundy), moves, method).sorted()
    }

    /// The analysis of a position, with its winning moves in the order given.
    pub(crate) fn new(
        game: &dyn Game,
        position: Vec<UBig>,
        outcome: Outcome,
        grundy: Option<UBig>,
        moves: Vec<Move>,
        method: &str,
    ) -> Self {
        Analysis {
            game: game.spec(),
            outcome,
            grundy,
            position,
            winning_moves: moves,
            method: method.to_string(),
        }
    }

    /// The same, with the winning moves ascending by the position they reach.
    pub(crate) fn sorted(mut self) -> Self {
        let position = &self.position;
        self.winning_moves
            .sort_by(|a, b| a.cmp_reached(b, position));
        self
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

/// The answer of `sequence`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The canonical spec of the game.
    pub game: String,
    /// The terms: values of heaps, or P-positions of a two-pile game.
    pub terms: Terms,
    /// For octal games: how the values split into rare and common.
    pub stats: Option<ValueStats>,
}

/// How the values of an octal game split into rare and common ones (see
/// [`crate::games::octal::sparse`]), and the largest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ValueStats {
    /// Heaps `n >= 1` with a rare value.
    pub rare: u64,
    /// Heaps `n >= 1` with a common value.
    pub common: u64,
    /// The largest value.
    pub max_value: u64,
    /// The bits whose parity sorts values into rare (even) and common.
    pub sparse_mask: u64,
    /// Whether that parity is flipped on odd heaps.
    pub flip_odd_heaps: bool,
}

/// The terms of a [`Sequence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terms {
    /// Heap games: `G(0), G(1), ..., G(count - 1)`.
    Values(Vec<Nimber>),
    /// The same, stored compactly (octal games at research scale).
    Small(Vec<u16>),
    /// Two-pile games: the first P-positions `(a, b)`, `a <= b`, ordered by `a`.
    Pairs(PairList),
}

/// P-positions of a two-pile game, and what a search with a bound left open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairList {
    /// The pairs `(a, b)`, `a <= b`, ordered by `a`, from `(0, 0)`.
    pub pairs: Vec<(UBig, UBig)>,
    /// For games without a closed form: every row `x` below this bound was
    /// settled (its P-positions found, or proved absent).
    pub searched_below: Option<u64>,
    /// Rows `x` below the bound proved to hold no P-position at all.
    pub rows_without_p: Vec<u64>,
    /// Rows below the bound whose P-positions are not all known (none when the
    /// bound is that of settled rows; kept so that "without P" always means proved).
    pub rows_unsettled: Vec<u64>,
}

impl Serialize for Sequence {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("game", &self.game)?;
        match &self.terms {
            Terms::Values(values) => map.serialize_entry("values", values)?,
            Terms::Small(values) => map.serialize_entry("values", values)?,
            Terms::Pairs(list) => {
                let pairs: Vec<[Int; 2]> =
                    list.pairs.iter().map(|(a, b)| [Int(a), Int(b)]).collect();
                map.serialize_entry("pairs", &pairs)?;
                if let Some(bound) = list.searched_below {
                    map.serialize_entry("searched_below", &bound)?;
                    map.serialize_entry("rows_without_p", &list.rows_without_p)?;
                    map.serialize_entry("rows_unsettled", &list.rows_unsettled)?;
                }
            }
        }
        if let Some(stats) = &self.stats {
            map.serialize_entry("stats", stats)?;
        }
        map.end()
    }
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
    /// For octal games: how the values split into rare and common.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<ValueStats>,
}

impl PeriodReport {
    pub(crate) fn from_periodic(game: &dyn Game, p: &Periodic, method: &str) -> Self {
        PeriodReport {
            game: game.spec(),
            preperiod: p.preperiod,
            period: p.period,
            saltus: 0,
            certified: true,
            checked_to: p.checked_to,
            method: method.to_string(),
            stats: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                Move { changes, description: String::new(), target: None }
            };
            let (a, b) = (as_move(&a), as_move(&b));
            proptest::prop_assert_eq!(
                a.cmp_reached(&b, &position),
                a.apply(&position).cmp(&b.apply(&position))
            );
        }
    }
}
