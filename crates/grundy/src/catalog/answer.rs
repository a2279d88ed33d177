//! The answers of the catalogue's verbs, as plain data whose `Serialize` is
//! the JSON of the command-line contract.

use crate::analysis::periodicity::ArithmeticPeriod;
use crate::games::digraph::{Gamma, GammaTable};
use crate::games::octal::sparse::{Flip, Split};
use crate::games::octal::store::ValueStore;
use crate::limits::FULL_POSITION_LIMIT;
use std::cmp::Ordering;

use dashu_int::UBig;
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

use super::Game;
use crate::game::Outcome;
use crate::json::{polled_seq, Int, Ints, Polled};
use crate::nimber::Nimber;
use crate::solve::genus::Profile;
use crate::stop::Ticker;

/// A move of an analyzed position, as the coordinates it replaces.
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

/// Sorts moves from `position` ascending by the position they reach.
pub(crate) fn sort_moves(moves: &mut [Move], position: &[UBig]) {
    // Lists of 2^18 moves take a while: the comparisons check for a stop.
    let mut ticker = Ticker::<12>::new();
    moves.sort_by(|a, b| {
        ticker.tick();
        a.cmp_reached(b, position)
    });
}

/// Keeps the first `limit` of `moves` in the contract's order, not the first
/// found, once they are twice that many: the moves of a position are
/// gathered heap by heap (or family by family), and a heap of millions of
/// winning moves then holds a few in memory at a time.
pub(crate) fn keep_first_moves(moves: &mut Vec<Move>, position: &[UBig], limit: usize) {
    if moves.len() > 2 * limit {
        sort_moves(moves, position);
        moves.truncate(limit);
    }
}

/// The answer of `analyze`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The canonical spec of the game.
    pub game: String,
    /// The position analyzed.
    pub position: Vec<UBig>,
    /// Who wins.
    pub outcome: Outcome,
    /// The Sprague-Grundy value, where it is computed.
    pub grundy: Option<UBig>,
    /// Every move to a P-position, ascending by the position it leads to (the
    /// first [`Analysis::winning_move_count`] of them when that is set).
    pub winning_moves: Vec<Move>,
    /// How the answer was found.
    pub method: String,
    /// Set when `winning_moves` is cut: how many winning moves there are in all.
    pub winning_move_count: Option<UBig>,
    /// When `winning_moves` is cut: every winning move, grouped into families
    /// that do not overlap (empty when the game cannot group them).
    pub winning_move_families: Vec<MoveFamily>,
    /// For games that may be drawn (`digraph`): the generalised Sprague-Grundy
    /// value, which may be infinite (`outcome` is then N or D, and `grundy`
    /// is `None`); the JSON's `grundy` is this value (a number, or a string
    /// `"inf{...}"`).
    pub loopy: Option<Gamma>,
    /// For a P-position with a move, where the search or a closed form gives
    /// it: how long the loser can make the game last (Smith's remoteness) and
    /// the move that does so. `None` when not known.
    pub longest_defence: Option<Defence>,
    /// For an N-position, where the search or a closed form gives it: how
    /// many moves the game lasts when the winner hurries and the loser
    /// delays (Smith's remoteness, odd). At a P-position it is
    /// [`Defence::remoteness`] of [`Analysis::longest_defence`].
    pub remoteness: Option<UBig>,
    /// The play convention the answer is for (normal play unless
    /// `--misere` or `--every`); the JSON's `play` when not normal.
    pub play: Convention,
    /// Every-SG: how many moves the game lasts (the largest suspense of a
    /// summand); the JSON's `steps`, beside `outcome`.
    pub steps: Option<UBig>,
    /// Misère play: the position's genus and whether it is tame, where the
    /// theory or the search within its budget finds them; the JSON's
    /// `genus` and `tame`.
    pub profile: Option<Profile>,
}

/// The longest defence of a P-position: every move loses, and this one
/// delays the end most (ties: the first in the order of winning moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence {
    /// The remoteness of the position: how many moves the game lasts when
    /// the loser delays and the winner hurries (even, at least 2).
    pub remoteness: UBig,
    /// The move that makes it last that long.
    pub longest_move: Move,
}

/// Winning moves described together: in heap `heap`, take `take` and leave
/// the heaps `a` and `size - take - a` (a heap of 0 is no heap: `a = 0` leaves
/// one heap, or none) for every `a = first, first + step, ..., last`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFamily {
    /// Index of the heap moved in (the coordinate of the position).
    pub heap: usize,
    /// How many counters each move takes.
    pub take: UBig,
    /// The least `a`.
    pub first: UBig,
    /// The difference between successive `a` (1 for a single move).
    pub step: UBig,
    /// The largest `a`.
    pub last: UBig,
    /// How many moves the family holds.
    pub count: UBig,
    /// When set, the family is no progression: `a = first + step * s` for
    /// every `s` whose binary digits are among those of `bits`
    /// (`2^popcount(bits)` moves, `last` at `s = bits`; Lasker's Nim).
    pub bits: Option<UBig>,
    /// When set, each move leaves three heaps `a`, `b` and
    /// `size - take - a - b`, for every `a` as above and, for each, every `b`
    /// of this range (hexadecimal games).
    pub then_b: Option<SecondHeaps>,
    /// The family, for people.
    pub description: String,
}

/// The second heaps `b` of a family whose moves leave three heaps: every
/// `b = class (mod step)` with `max(a, from) <= b <= min(to, (size - take -
/// a) / 2)` (no `to`: up to the half).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondHeaps {
    /// The residue of `b`.
    pub class: u64,
    /// The modulus.
    pub step: u64,
    /// The least `b` besides `a`.
    pub from: UBig,
    /// The largest `b`, when less than the half of what `a` leaves.
    pub to: Option<UBig>,
}

impl Serialize for SecondHeaps {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("class", &self.class)?;
        map.serialize_entry("step", &self.step)?;
        map.serialize_entry("from", &Int(&self.from))?;
        map.serialize_entry("to", &self.to.as_ref().map(Int))?;
        map.end()
    }
}

impl Serialize for MoveFamily {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("heap", &self.heap)?;
        map.serialize_entry("take", &Int(&self.take))?;
        map.serialize_entry("first", &Int(&self.first))?;
        map.serialize_entry("step", &Int(&self.step))?;
        map.serialize_entry("last", &Int(&self.last))?;
        map.serialize_entry("count", &Int(&self.count))?;
        if let Some(bits) = &self.bits {
            map.serialize_entry("bits", &Int(bits))?;
        }
        if let Some(b) = &self.then_b {
            map.serialize_entry("b", b)?;
        }
        map.serialize_entry("move", &self.description)?;
        map.end()
    }
}

impl Analysis {
    /// The analysis of a position whose Grundy value is known, its winning
    /// moves sorted by the position they reach.
    pub fn valued(
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
    pub fn new(
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
            winning_move_count: None,
            winning_move_families: Vec::new(),
            loopy: None,
            longest_defence: None,
            remoteness: None,
            play: Convention::Normal,
            steps: None,
            profile: None,
        }
    }

    /// The same, with the remoteness of the position when `timing` finds
    /// it (with the optimal move: at a P-position the longest defence,
    /// kept; at an N-position a fastest win, of which only the remoteness
    /// is kept, since the winning moves are listed).
    pub(crate) fn defended(mut self, timing: impl FnOnce(&[UBig]) -> Option<Defence>) -> Self {
        let found = timing(&self.position);
        match self.outcome {
            Outcome::P => self.longest_defence = found,
            Outcome::N => self.remoteness = found.map(|d| d.remoteness),
            Outcome::D => {}
        }
        self
    }

    /// The remoteness of the position, where known (see
    /// [`Analysis::remoteness`] and [`Analysis::longest_defence`]).
    pub fn known_remoteness(&self) -> Option<&UBig> {
        match &self.longest_defence {
            Some(defence) => Some(&defence.remoteness),
            None => self.remoteness.as_ref(),
        }
    }

    /// The same, for a game that may be drawn, with the position's
    /// generalised Sprague-Grundy value.
    pub(crate) fn with_loopy(mut self, value: Gamma) -> Self {
        self.loopy = Some(value);
        self
    }

    /// The same, with `winning_moves` (sorted) cut to its first `limit` moves
    /// when there are more: `count` winning moves in all, in `families`.
    pub(crate) fn listing_at_most(
        mut self,
        limit: usize,
        count: UBig,
        families: Vec<MoveFamily>,
    ) -> Self {
        if count > UBig::from(limit) {
            self.winning_moves.truncate(limit);
            self.winning_move_count = Some(count);
            self.winning_move_families = families;
        }
        self
    }

    /// The same, with the winning moves ascending by the position they reach.
    pub(crate) fn sorted(mut self) -> Self {
        sort_moves(&mut self.winning_moves, &self.position);
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
        if self.play != Convention::Normal {
            s.serialize_field("play", self.play.key())?;
        }
        s.serialize_field("position", &Ints(&self.position))?;
        s.serialize_field("outcome", self.outcome.letter())?;
        if let Some(steps) = &self.steps {
            s.serialize_field("steps", &Int(steps))?;
        }
        if let Some(profile) = &self.profile {
            s.serialize_field("genus", &profile.genus.to_string())?;
            s.serialize_field("tame", &profile.tame)?;
        }
        match &self.loopy {
            Some(value) => s.serialize_field("grundy", value)?,
            None => s.serialize_field("grundy", &self.grundy.as_ref().map(Int))?,
        }
        s.serialize_field("winning_moves", &MovesJson(self))?;
        s.serialize_field("method", &self.method)?;
        if let Some(count) = &self.winning_move_count {
            s.serialize_field("winning_moves_complete", &false)?;
            s.serialize_field("winning_move_count", &Int(count))?;
            s.serialize_field("winning_move_families", &self.winning_move_families)?;
        }
        if let Some(remoteness) = &self.remoteness {
            s.serialize_field("remoteness", &Int(remoteness))?;
        }
        if let Some(defence) = &self.longest_defence {
            s.serialize_field("remoteness", &Int(&defence.remoteness))?;
            let m = &defence.longest_move;
            s.serialize_field(
                "longest_move",
                &self.move_json(m, self.shows_position_reached(m)),
            )?;
        }
        s.end()
    }
}

impl Analysis {
    /// Whether each winning move is written with the whole position it
    /// reaches: when the position has at most `FULL_POSITION_LIMIT` (64)
    /// coordinates, or the game's moves are given by their target (graph
    /// games, whose `to` is an edge or a vertex).
    ///
    /// The JSON of a move is then `{"to": [...], "move": "..."}` as the contract
    /// writes it; otherwise it is `{"changes": [{"index": i, "to": [...]}, ...],
    /// "move": "..."}`: for each coordinate the move changes, its index in the
    /// position (from 0) and the values that replace it (one heap, two heaps
    /// after a split, none when a heap vanishes), so the answer stays linear in
    /// the size of the position. Text prints the position reached on the same
    /// rule.
    pub fn shows_positions_reached(&self) -> bool {
        self.position.len() <= FULL_POSITION_LIMIT
            || self.winning_moves.iter().all(|m| m.target.is_some())
    }
}

impl Analysis {
    /// A move of this position as its JSON writes it: the position reached,
    /// or only the changes (see [`Analysis::shows_positions_reached`]).
    /// `full` is [`Analysis::shows_positions_reached`], computed once.
    fn move_json<'a>(&'a self, m: &'a Move, full: bool) -> MoveJson<'a> {
        let reached = match (&m.target, full) {
            (Some(_), _) | (None, true) => Reached::Position(m.apply(&self.position)),
            (None, false) => Reached::Changes(&m.changes),
        };
        MoveJson {
            reached,
            description: &m.description,
        }
    }
}

impl Analysis {
    /// Whether the single move `m` (the longest defence) is written with the
    /// whole position it reaches: the rule of
    /// [`Analysis::shows_positions_reached`] for one move.
    pub fn shows_position_reached(&self, m: &Move) -> bool {
        self.position.len() <= FULL_POSITION_LIMIT || m.target.is_some()
    }
}

/// The winning moves as `{"to": [...], "move": "..."}` objects, or for long
/// positions `{"changes": [...], "move": "..."}` (see
/// [`Analysis::shows_positions_reached`]).
struct MovesJson<'a>(&'a Analysis);

impl Serialize for MovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let full = self.0.shows_positions_reached();
        let moves = &self.0.winning_moves;
        polled_seq(
            serializer,
            Some(moves.len()),
            moves.iter().map(|m| self.0.move_json(m, full)),
        )
    }
}

/// What a move's JSON says of the position it reaches.
enum Reached<'a> {
    /// The whole position: the contract's `to`.
    Position(Vec<UBig>),
    /// Only the coordinates it changes, with their new values.
    Changes(&'a [(usize, Vec<UBig>)]),
}

struct MoveJson<'a> {
    reached: Reached<'a>,
    description: &'a str,
}

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        match &self.reached {
            Reached::Position(to) => map.serialize_entry("to", &Ints(to))?,
            Reached::Changes(changes) => map.serialize_entry("changes", &ChangesJson(changes))?,
        }
        map.serialize_entry("move", self.description)?;
        map.end()
    }
}

/// A move's changes as `[{"index": i, "to": [...]}, ...]`.
struct ChangesJson<'a>(&'a [(usize, Vec<UBig>)]);

impl Serialize for ChangesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for (index, values) in self.0 {
            seq.serialize_element(&ChangeJson {
                index: *index,
                to: values,
            })?;
        }
        seq.end()
    }
}

struct ChangeJson<'a> {
    index: usize,
    to: &'a [UBig],
}

impl Serialize for ChangeJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("index", &self.index)?;
        map.serialize_entry("to", &Ints(self.to))?;
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
    /// Whether it is flipped on even heaps instead (Flammenkamp's sparse
    /// space of a game whose split digit is at an odd place); written only
    /// when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub flip_even_heaps: bool,
}

impl From<Split> for ValueStats {
    fn from(split: Split) -> ValueStats {
        ValueStats {
            rare: split.rare,
            common: split.common,
            max_value: u64::from(split.max_value),
            sparse_mask: u64::from(split.mask),
            flip_odd_heaps: split.flip == Flip::OddHeaps,
            flip_even_heaps: split.flip == Flip::EvenHeaps,
        }
    }
}

/// The terms of a [`Sequence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terms {
    /// Heap games: `G(0), G(1), ..., G(count - 1)`.
    Values(Vec<Nimber>),
    /// The same, stored compactly (octal games at research scale): the
    /// engine's own store, on the heap or in a lent file, written from there.
    Small(ValueStore),
    /// Two-pile games: the first P-positions `(a, b)`, `a <= b`, ordered by `a`.
    Pairs(PairList),
    /// Games given by their graph (`digraph`): every vertex, ascending, and
    /// its generalised Sprague-Grundy value.
    Vertices {
        /// The vertex labels, ascending.
        vertices: Vec<u64>,
        /// The value of each.
        values: GammaTable,
    },
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
            Terms::Values(values) => map.serialize_entry("values", &Polled(values))?,
            Terms::Small(values) => map.serialize_entry("values", &Polled(&values[..]))?,
            Terms::Vertices { vertices, values } => {
                map.serialize_entry("vertices", &Polled(vertices))?;
                map.serialize_entry("values", values)?;
            }
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
///
/// Its JSON is the contract's; a report that is not certified (a period only
/// apparent in `checked_to` values, by the rule of
/// [`crate::analysis::periodicity::apparent_arithmetic_period`]) also carries
/// `"status": "apparent"`, so that no consumer mistakes it for the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub stats: Option<ValueStats>,
}

impl PeriodReport {
    /// The report of a period only apparent in `checked_to` values (no
    /// theorem proves it), with `method` saying so.
    pub fn apparent(
        game: String,
        found: ArithmeticPeriod,
        checked_to: u64,
        method: String,
    ) -> PeriodReport {
        PeriodReport {
            game,
            preperiod: found.preperiod,
            period: found.period,
            saltus: found.saltus,
            certified: false,
            checked_to,
            method,
            stats: None,
        }
    }
}

impl Serialize for PeriodReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("game", &self.game)?;
        if !self.certified {
            map.serialize_entry("status", "apparent")?;
        }
        map.serialize_entry("preperiod", &self.preperiod)?;
        map.serialize_entry("period", &self.period)?;
        map.serialize_entry("saltus", &self.saltus)?;
        map.serialize_entry("certified", &self.certified)?;
        map.serialize_entry("checked_to", &self.checked_to)?;
        map.serialize_entry("method", &self.method)?;
        if let Some(stats) = &self.stats {
            map.serialize_entry("stats", stats)?;
        }
        map.end()
    }
}

/// A play convention: who wins when no move is left (normal, misère) or
/// how a sum is played (Every-SG). Not to be confused with [`play`](super::play),
/// playing a game against the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Convention {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
    /// Every-SG: the player to move moves in every summand that has a move;
    /// the last move wins.
    Every,
}

impl Convention {
    /// The JSON's `play`: `"normal"`, `"misere"` or `"every"`.
    pub fn key(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
            Convention::Every => "every",
        }
    }

    /// For people: "normal play", "misère play", "Every-SG".
    pub fn words(self) -> &'static str {
        match self {
            Convention::Normal => "normal play",
            Convention::Misere => "misère play",
            Convention::Every => "Every-SG",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;

    fn small(values: &[u8]) -> Vec<UBig> {
        values.iter().map(|&v| UBig::from(v)).collect()
    }

    /// The JSON moves of `analyze GAME heaps...`, and the analysis.
    fn json_moves(game: &str, heaps: &[u64]) -> (Analysis, Vec<serde_json::Value>) {
        let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let analysis = super::super::parse(game)
            .unwrap()
            .analyze_words(&args, false, &mut super::super::Quiet)
            .unwrap();
        let json = serde_json::to_value(&analysis).unwrap();
        let moves = json["winning_moves"].as_array().unwrap().clone();
        (analysis, moves)
    }

    #[test]
    fn long_positions_write_each_move_as_its_changes() {
        // Kayles splits a heap in two: a change then holds two values.
        for game in ["nim", "kayles", "subtraction:1,3,4"] {
            for count in [FULL_POSITION_LIMIT, FULL_POSITION_LIMIT + 1] {
                let heaps: Vec<u64> = (0..count as u64).map(|i| (i * 7 + 3) % 23).collect();
                let (analysis, moves) = json_moves(game, &heaps);
                assert_eq!(moves.len(), analysis.winning_moves.len());
                assert!(!moves.is_empty(), "{game}");
                for (json, m) in moves.iter().zip(&analysis.winning_moves) {
                    let reached = m.apply(&analysis.position);
                    if count <= FULL_POSITION_LIMIT {
                        assert_eq!(json["to"], serde_json::to_value(Ints(&reached)).unwrap());
                        assert!(json.get("changes").is_none());
                        continue;
                    }
                    assert!(json.get("to").is_none(), "{game}: {json}");
                    let mut rebuilt: Vec<Vec<UBig>> =
                        analysis.position.iter().map(|h| vec![h.clone()]).collect();
                    for change in json["changes"].as_array().unwrap() {
                        let index = change["index"].as_u64().unwrap() as usize;
                        rebuilt[index] = serde_json::from_value::<Vec<u64>>(change["to"].clone())
                            .unwrap()
                            .into_iter()
                            .map(UBig::from)
                            .collect();
                    }
                    assert_eq!(rebuilt.concat(), reached, "{game}: {json}");
                }
            }
        }
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
