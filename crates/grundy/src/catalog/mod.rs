//! The catalogue: game specs such as `bash:3` parsed into one type-erased API.
//!
//! Every face of grundy (the command line, later the web page and the player)
//! calls [`parse`] and then the verbs of [`Game`]; the answers are plain data
//! that serialise to the JSON of the command-line contract. The catalogue
//! holds no theory of its own: each entry maps a spec and position arguments to
//! a game module and wraps its answer.

mod adapters;
mod answer;
mod entry;
mod features;
mod kit;
mod position;
mod registry;

use features::{conventions, sum};
pub use features::{play, survey};

use crate::limits::MAX_COUNT;

use crate::error::{Error, Result};

pub use crate::analysis::conjecture::{Conjecture, ConjectureReport, Param};
pub use adapters::octal::{
    misere_quotient, QuotientGenerator, QuotientRelation, QuotientReport, QuotientStep,
};
pub use adapters::script::script;
pub use adapters::user::{native, user_game};
pub use answer::{
    Analysis, Convention, Defence, Move, MoveFamily, PairList, PeriodReport, SecondHeaps, Sequence,
    Terms, ValueStats,
};
pub use conventions::{
    analyze_convention, analyze_convention_sum, misere_sequence, ConventionSum, MisereSequence,
};
pub use entry::{Alias, Build, Entry, Verb};
pub use features::beatty::{beatty, BeattyReport};
pub use kit::component::{Component, SumValue};
pub use kit::options::PlayMove;
pub use kit::summands::{Alone, EveryForm, Layout, Summands, Tame};
pub use kit::table::{Cells, Table};
pub use position::{parse_naturals, Board, Form, GraphInput, Numbers, Position, Tokens};
pub use registry::{
    entries, game_names, games, known_games, markdown_table, parse, plain, register,
    typing_distance, verb_help, GameList, GAMES,
};
use sum::in_part;
pub use sum::{
    analyze_sum, analyze_sum_of, split_sum, PartRef, SumAnalysis, SumComponent, SumMove, SumPart,
};

/// A game of the catalogue, behind one interface for every family.
///
/// Every verb takes a [`Position`] parsed once by [`Position::of`] from the
/// game's [`Form`]; a verb a game does not answer says why (the defaults).
pub trait Game {
    /// The canonical spec, e.g. `subtraction:1,3,4`.
    fn spec(&self) -> String;

    /// How the game's positions are written: what its arguments are, whether
    /// it is played on a graph or given by a script. By default, heap sizes
    /// where an empty heap plays no part ([`Form::heaps`]).
    fn form(&self) -> Form<'_> {
        Form::heaps()
    }

    /// Outcome, Grundy value and the winning moves of the position `at`: all
    /// of them, or with `first_only` the first in the contract's order (games
    /// whose positions can have astronomically many winning moves refuse to
    /// list them all). Long work reports to `monitor`.
    fn analyze(
        &self,
        at: &Position,
        first_only: bool,
        monitor: &mut dyn Monitor,
    ) -> Result<Analysis> {
        let _ = (at, first_only, monitor);
        Err(unsupported(
            self.spec(),
            "analyze",
            "it has no positions to analyze",
        ))
    }

    /// As a component of a sum: the Grundy value of `at` and its moves to a
    /// position of any value (see [`Component`]); an error saying why when
    /// the game cannot value it.
    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        let _ = (at, monitor);
        Err(no_values(self.spec()))
    }

    /// The position's summands for misère play and Every-SG (see
    /// [`analyze_convention`]); an error saying why when the game offers none.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let _ = at;
        Err(no_conventions(self.spec()))
    }

    /// The values of the game's sequence: of its first single heaps, or of
    /// the vertices of a game given by its graph (`digraph`).
    fn sequence(&self, of: SequenceOf, monitor: &mut dyn Monitor) -> Result<Sequence> {
        let _ = (of, monitor);
        Err(unsupported(
            self.spec(),
            "sequence",
            "it has no sequence of single heaps",
        ))
    }

    /// The period of the game's Grundy sequence, computing at most `max_terms`
    /// values, or with `None` at most the game's own default budget (stated in
    /// [`crate::limits`]).
    fn period(&self, max_terms: Option<u64>, monitor: &mut dyn Monitor) -> Result<PeriodReport> {
        let _ = (max_terms, monitor);
        Err(unsupported(
            self.spec(),
            "period",
            "it has no sequence of single heaps",
        ))
    }

    /// The outcome of every position `(x, y)`, `0 <= x, y < size`, of a
    /// two-pile game, or with `values` its Grundy value.
    fn table(&self, size: u64, values: bool, monitor: &mut dyn Monitor) -> Result<Table> {
        let _ = (size, values, monitor);
        Err(unsupported(
            self.spec(),
            "table",
            "it is not a two-pile game",
        ))
    }

    /// Patterns found from the rules alone, each with how far it was checked.
    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        let _ = monitor;
        Err(unsupported(
            self.spec(),
            "conjecture",
            "the explorer does not know this family yet",
        ))
    }

    /// For play ([`play`]): every legal move of `at` with the position it
    /// reaches, by the game's rules; a limit error beyond
    /// [`PLAY_OPTIONS`](crate::limits::PLAY_OPTIONS) moves.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let _ = at;
        Err(unsupported(self.spec(), "play", "its moves are not listed"))
    }

    /// For play's hints: the components of `at` whose values nim-add to its
    /// value, each with a label (`heap 2`); none when it is one component.
    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        let _ = at;
        Vec::new()
    }
}

/// Which terms of a game's sequence `sequence` computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SequenceOf {
    /// The first `count` single heaps.
    Heaps(u64),
    /// Every vertex of the graph of a game given by its graph (`digraph`).
    Vertices(GraphInput),
}

impl SequenceOf {
    /// How many single heaps, for a game whose sequence is of heaps; the
    /// refusal of a graph for `game`.
    pub fn count(&self, game: &(impl Game + ?Sized)) -> Result<u64> {
        match self {
            SequenceOf::Heaps(count) => Ok(*count),
            SequenceOf::Vertices(_) => Err(unsupported(
                game.spec(),
                "sequence",
                "only a game given by its graph reads a graph file for sequence",
            )),
        }
    }
}

/// The error for a verb the game of `spec` does not answer.
pub fn unsupported(spec: String, verb: &'static str, reason: &str) -> Error {
    Error::Unsupported {
        verb,
        game: spec,
        reason: reason.to_string(),
    }
}

/// The error of a game that offers no summands to the play conventions.
pub fn no_conventions(spec: String) -> Error {
    unsupported(
        spec,
        "--misere or --every",
        "its rules are not offered to the misère and Every-SG solvers",
    )
}

/// The error of a game whose positions have no Grundy value computed.
pub fn no_values(spec: String) -> Error {
    let reason =
        format!("the Grundy value of {spec} positions is not computed, so a sum cannot add it");
    unsupported(spec, "a sum", &reason)
}

/// What a long computation reports as it goes, and where it resumes from.
///
/// The library does no I/O: a front end shows the progress, stores snapshots
/// (atomically, so that a crash cannot leave a damaged one) and hands the last
/// one back to resume. Resuming gives the same answer as computing afresh.
pub trait Monitor {
    /// `done` of at most `total` steps are finished; returns whether a snapshot
    /// is wanted now.
    fn progress(&mut self, done: u64, total: u64) -> bool {
        let _ = (done, total);
        false
    }

    /// A snapshot from which the same computation can resume.
    fn snapshot(&mut self, bytes: &[u8]) {
        let _ = bytes;
    }

    /// Whether snapshots are kept at all: a computation builds one (a copy of
    /// its state) only then.
    fn keeps_snapshots(&self) -> bool {
        false
    }

    /// The snapshot to resume from, if there is one.
    fn resume(&mut self) -> Option<Vec<u8>> {
        None
    }

    /// Memory for at least `capacity` values of the run of `game` (a
    /// canonical spec), lent by the front end (the command line's values
    /// file), with how many values it holds from an earlier run; `None`
    /// keeps the values on the heap. An error is a file that cannot be used,
    /// in one line.
    fn lend_values(&mut self, game: &str, capacity: u64) -> Result<Option<LentValues>, String> {
        let _ = (game, capacity);
        Ok(None)
    }

    /// The first values of the run, in the memory [`Monitor::lend_values`]
    /// lent: a point to resume from, to be made durable.
    fn values_kept(&mut self, values: &[u16]) {
        let _ = values;
    }
}

/// Memory lent for a run's values, and how many it already holds.
pub struct LentValues {
    /// The slots.
    pub slots: Box<dyn crate::games::octal::store::ValueSlots>,
    /// How many slots, from the first, hold values of an earlier run.
    pub held: u64,
}

/// A monitor that shows nothing and keeps nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Monitor for Quiet {}

/// Checks a sequence length against [`MAX_COUNT`].
pub(crate) fn check_count(count: u64) -> Result<usize> {
    if count > MAX_COUNT {
        return Err(Error::Limit(format!(
            "--count {count} is more than the {MAX_COUNT} values one call computes"
        )));
    }
    Ok(count as usize)
}

/// The verbs with positions written as words, as the command line gives
/// them: the tests' shorthand.
#[cfg(test)]
pub(crate) trait ByWords: Game {
    /// [`Game::analyze`] of the position `words`.
    fn analyze_words(
        &self,
        words: &[String],
        first_only: bool,
        monitor: &mut dyn Monitor,
    ) -> Result<Analysis> {
        self.analyze(&Position::of(self, words, None)?, first_only, monitor)
    }

    /// [`Game::analyze`] of the position `words` on `graph`.
    fn analyze_graph_words(&self, graph: GraphInput, words: &[String]) -> Result<Analysis> {
        self.analyze(&Position::of(self, words, Some(graph))?, false, &mut Quiet)
    }

    /// The position `words` (numbers), which must parse.
    fn at_words(&self, words: &[String]) -> Position {
        Position::of(self, words, None).expect("a position")
    }
}

#[cfg(test)]
impl<G: Game + ?Sized> ByWords for G {}

/// The heaps each winning move of `a` reaches, as machine words.
#[cfg(test)]
pub(crate) fn reached_heaps(a: &Analysis) -> Vec<Vec<u64>> {
    let heaps = |m: &Move| {
        m.apply(&a.position)
            .iter()
            .map(|h| u64::try_from(h).expect("a small heap"))
            .collect()
    };
    a.winning_moves.iter().map(heaps).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use dashu_int::UBig;

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
        assert!(matches!(parse("chess"), Err(Error::UnknownGame { .. })));
    }

    #[test]
    fn bad_positions_are_refused() {
        let nim = parse("nim").unwrap();
        for bad in [&["-3"][..], &["3", "x"], &["1.5"], &[], &["+4"], &[""]] {
            assert!(
                matches!(
                    nim.analyze_words(&args(bad), false, &mut Quiet),
                    Err(Error::BadPosition(_))
                ),
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
            .analyze_words(&args(&["7", "7", "1"]), false, &mut Quiet)
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

    #[test]
    fn staircase_moves_change_two_stairs() {
        let a = parse("staircase")
            .unwrap()
            .analyze_words(&args(&["3", "1", "4", "1", "5"]), false, &mut Quiet)
            .unwrap();
        assert_eq!(a.grundy, Some(UBig::from(3u8 ^ 4 ^ 5)));
        for m in &a.winning_moves {
            let after = m.apply(&a.position);
            assert_eq!(
                crate::games::staircase::Staircase.grundy(&after),
                UBig::ZERO,
                "{}",
                m.description
            );
        }
        assert_eq!(
            a.winning_moves.len(),
            crate::games::staircase::Staircase
                .winning_moves(&a.position)
                .len()
        );
    }
}
