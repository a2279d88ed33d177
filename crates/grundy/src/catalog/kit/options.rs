//! What a game's adapter lists for play ([`Game::options`], [`Game::parts`]):
//! its legal moves with the positions they reach, collected within
//! [`PLAY_OPTIONS`], and the components of a sum of heaps. Playing itself
//! (replies, hints, sessions) is the `play` feature, above the adapters.

use dashu_int::UBig;

use crate::catalog::{Game, GraphInput, Move, Position};
use crate::error::{Error, Result};
use crate::game::{HeapGame, Impartial};
use crate::limits::PLAY_OPTIONS;

/// The refusal of a position with more options than play lists.
pub(crate) fn too_many(game: &dyn Game) -> Error {
    Error::Limit(format!(
        "play enumerates every move of a position, at most {PLAY_OPTIONS}; this position of {} \
         has more (start from a smaller one)",
        game.spec()
    ))
}

/// A legal move and the position it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayMove {
    /// The move as `analyze` writes it (its description for people).
    pub step: Move,
    /// The position reached.
    pub to: Position,
}

/// Collects the options of a position, refusing more than [`PLAY_OPTIONS`].
pub(crate) struct Options<'a> {
    game: &'a dyn Game,
    moves: Vec<PlayMove>,
    over: bool,
}

impl<'a> Options<'a> {
    /// An empty list for `game`.
    pub(crate) fn new(game: &'a dyn Game) -> Self {
        Options {
            game,
            moves: Vec::new(),
            over: false,
        }
    }

    /// Adds a move (kept only while within the limit).
    pub(crate) fn push(&mut self, step: Move, to: Position) {
        if self.moves.len() >= PLAY_OPTIONS {
            self.over = true;
        } else {
            self.moves.push(PlayMove { step, to });
        }
    }

    /// The moves, or the refusal when there were too many.
    pub(crate) fn done(self) -> Result<Vec<PlayMove>> {
        match self.over {
            true => Err(too_many(self.game)),
            false => Ok(self.moves),
        }
    }
}

/// The options of a sum of heaps of a [`HeapGame`], one heap replaced by the
/// heaps it leaves (a heap taken whole leaves a 0, as `analyze` writes it);
/// `describe(i, left)` writes the move in heap `i`.
pub(crate) fn heap_options<G: HeapGame>(
    game: &dyn Game,
    rules: &G,
    at: &Position,
    describe: impl Fn(usize, &[UBig]) -> Move,
) -> Result<Vec<PlayMove>> {
    let heaps = at.small_numbers(game)?;
    let mut options = Options::new(game);
    for (i, &h) in heaps.iter().enumerate() {
        rules.for_each_move(h, |left| {
            let left: Vec<UBig> = match left {
                [] => vec![UBig::ZERO],
                _ => left.iter().map(|&n| UBig::from(n)).collect(),
            };
            let mut numbers = at.numbers[..i].to_vec();
            numbers.extend_from_slice(&left);
            numbers.extend_from_slice(&at.numbers[i + 1..]);
            options.push(describe(i, &left), Position::of_numbers(numbers));
        });
    }
    options.done()
}

/// The options of a game whose rules are an [`Impartial`] game on the
/// position's numbers: `rules_position` reads them, `numbers` writes an
/// option back and `describe` says what the move to it does.
pub(crate) fn rules_options<G: Impartial>(
    game: &dyn Game,
    rules: &G,
    position: &G::Position,
    numbers: impl Fn(&G::Position) -> Vec<UBig>,
    describe: impl Fn(&[UBig]) -> Move,
) -> Result<Vec<PlayMove>> {
    let mut options = Options::new(game);
    for option in rules.options(position) {
        let to = numbers(&option);
        options.push(describe(&to), Position::of_numbers(to));
    }
    options.done()
}

/// Each move with the position it reaches from `at` (games of numbers).
pub(crate) fn applied(at: &Position, moves: Vec<Move>) -> Vec<PlayMove> {
    moves
        .into_iter()
        .map(|step| {
            let to = Position::of_numbers(step.apply(&at.numbers));
            PlayMove { step, to }
        })
        .collect()
}

/// Each heap of a sum of heaps as a component: `heap 1`, `heap 2`, ...
pub(crate) fn heap_parts(at: &Position) -> Vec<(String, Position)> {
    at.numbers
        .iter()
        .enumerate()
        .map(|(i, h)| {
            (
                format!("heap {}", i + 1),
                Position::of_numbers(vec![h.clone()]),
            )
        })
        .collect()
}

/// The graph of a graph game's position, refusing one whose moves would
/// write more than [`PLAY_OPTIONS`] times 64 lines in all (`moves` options
/// of `lines` lines each).
pub(crate) fn graph_of_play(
    game: &dyn Game,
    at: &Position,
    moves: usize,
    lines: usize,
) -> Result<GraphInput> {
    if moves.saturating_mul(lines) > PLAY_OPTIONS * 64 {
        return Err(too_many(game));
    }
    graph_args(game, at)?
        .cloned()
        .ok_or_else(|| Error::BadArgument(format!("{} takes no graph file", game.spec())))
}

/// Whether the game's position is read from a graph.
pub(crate) fn graph_args<'p>(game: &dyn Game, at: &'p Position) -> Result<Option<&'p GraphInput>> {
    match (game.form().graph.is_some(), &at.graph) {
        (true, Some(graph)) => Ok(Some(graph)),
        (false, None) => Ok(None),
        (true, None) => Err(Error::BadArgument(format!(
            "{} is played on a graph: give the graph file",
            game.spec()
        ))),
        (false, Some(_)) => Err(Error::BadArgument(format!(
            "{} takes no graph file",
            game.spec()
        ))),
    }
}
