//! Playing against the program: the legal moves of a position, a user's move
//! checked and applied, the program's reply and hints, for every game of the
//! catalogue. The faces (`grundy play`, the web page) only draw and read keys.
//!
//! A position to play from is a [`Position`]: the numbers a game's position
//! arguments give (heaps, piles, a start vertex, tokens) and, for graph games,
//! the graph, which moves change (a cut edge is gone, a visited vertex is left
//! out). Each game lists its options by its rules ([`Game::options`]); the
//! answers (outcome, value, winning moves, longest defence) are those of
//! `analyze` on the position reached, so that playing and analysing agree.
//!
//! The program's reply: from an N-position the first winning move in the
//! contract's order; from a P-position the move that delays the loss longest
//! (Smith's remoteness): the longest defence `analyze` gives, else the
//! remoteness search over the options within [`REMOTENESS_BUDGET`], else (a
//! game too large for the budget, or a loopy one) the move to the option with
//! the largest remaining game ([`Reply::reason`] says which).

use std::cell::{Cell, OnceCell};

use dashu_int::UBig;

use super::two_pile::pile_move;
use super::{parse, parse_naturals, Analysis, Game, GraphInput, Move, Quiet};
use crate::error::Error;
use crate::game::{HeapGame, Impartial, Outcome};
use crate::limits::{PLAY_OPTIONS, REMOTENESS_BUDGET};
use crate::solve::remoteness::Remoteness;

/// A position of a game being played.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The spec of the game this position belongs to, when a move changed the
    /// game (a circle's first move opens it into a row, an octal game);
    /// `None`: the game play started with.
    pub game: Option<String>,
    /// The graph of a graph game, as the moves so far left it.
    pub graph: Option<GraphInput>,
    /// The position's numbers: heaps, piles, stairs, the vertex the token is
    /// on, the tokens of a digraph.
    pub numbers: Vec<UBig>,
}

impl Position {
    /// The position given by `args` (the command line's position arguments
    /// after the graph, for graph games).
    pub fn new(graph: Option<GraphInput>, args: &[String]) -> Result<Position, Error> {
        let numbers = match (&graph, args.is_empty()) {
            (Some(_), true) => Vec::new(),
            _ => parse_naturals(args, "number")?,
        };
        Ok(Position {
            game: None,
            graph,
            numbers,
        })
    }

    /// A position of numbers only.
    pub fn of_numbers(numbers: Vec<UBig>) -> Position {
        Position {
            game: None,
            graph: None,
            numbers,
        }
    }

    /// The numbers as position arguments.
    pub fn args(&self) -> Vec<String> {
        self.numbers.iter().map(UBig::to_string).collect()
    }

    /// The numbers, each at most [`PLAY_OPTIONS`] (so that listing the
    /// options of a coordinate stays within the limit), as machine words.
    pub(crate) fn small_numbers(&self, game: &dyn Game) -> Result<Vec<u64>, Error> {
        self.numbers
            .iter()
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|&n| n <= PLAY_OPTIONS as u64)
                    .ok_or_else(|| too_many(game))
            })
            .collect()
    }

    /// How much game is left, for the fallback reply: the sum of the numbers
    /// (counters), plus the lines of the graph (its edges).
    fn size(&self) -> UBig {
        let lines = match &self.graph {
            Some(GraphInput::Edges(text)) => text.lines().count(),
            Some(GraphInput::Grid(text)) => text.matches('.').count(),
            None => 0,
        };
        self.numbers.iter().fold(UBig::from(lines), |a, n| a + n)
    }
}

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
    pub(crate) fn done(self) -> Result<Vec<PlayMove>, Error> {
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
) -> Result<Vec<PlayMove>, Error> {
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
) -> Result<Vec<PlayMove>, Error> {
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

/// The options of a two-pile game by its rules, described as `analyze`
/// describes pile moves; refused when the rectangle below the piles (which
/// bounds the options) exceeds [`PLAY_OPTIONS`] squared.
pub(crate) fn pile_options<G: Impartial<Position = (u64, u64)>>(
    game: &dyn Game,
    rules: &G,
    at: &Position,
) -> Result<Vec<PlayMove>, Error> {
    let [x, y] = at.small_numbers(game)?[..] else {
        return Err(Error::BadPosition(format!(
            "a two-pile game takes two pile sizes X Y, not {}",
            at.numbers.len()
        )));
    };
    if (x + 1) * (y + 1) > (PLAY_OPTIONS as u64) * 16 {
        return Err(too_many(game));
    }
    let (px, py) = (&at.numbers[0], &at.numbers[1]);
    rules_options(
        game,
        rules,
        &(x, y),
        |&(a, b)| vec![UBig::from(a), UBig::from(b)],
        |to| pile_move(px, py, to[0].clone(), to[1].clone()),
    )
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
) -> Result<GraphInput, Error> {
    if moves.saturating_mul(lines) > PLAY_OPTIONS * 64 {
        return Err(too_many(game));
    }
    graph_args(game, at)?
        .cloned()
        .ok_or_else(|| Error::BadArgument(format!("{} takes no graph file", game.spec())))
}

/// Whether the game's position is read from a graph.
fn graph_args<'p>(game: &dyn Game, at: &'p Position) -> Result<Option<&'p GraphInput>, Error> {
    match (game.reads_graph(), &at.graph) {
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

/// What `analyze` answers at `at` (every winning move).
pub fn analyze_at(game: &dyn Game, at: &Position) -> Result<Analysis, Error> {
    match graph_args(game, at)? {
        Some(graph) => game.analyze_graph(graph.clone(), &at.args(), false, &mut Quiet),
        None => game.analyze(&at.args(), false, &mut Quiet),
    }
}

/// Every legal move of `at`, ascending by the position reached (moves that
/// reach the same position are one option, listed once); a position reached
/// in another game (a circle opened into a row) carries that game's spec.
pub fn options(game: &dyn Game, at: &Position) -> Result<Vec<PlayMove>, Error> {
    graph_args(game, at)?;
    let mut moves = game.options(at)?;
    for m in &mut moves {
        if m.to.game.is_none() {
            m.to.game.clone_from(&at.game);
        }
    }
    moves.sort_by(|a, b| a.to.cmp(&b.to));
    moves.dedup_by(|a, b| a.to == b.to);
    Ok(moves)
}

/// The legal moves of a position, the first [`MoveList::moves`] of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList {
    /// The first moves, ascending by the position reached.
    pub moves: Vec<PlayMove>,
    /// How many legal moves there are in all (exact).
    pub count: usize,
}

impl MoveList {
    /// Whether every legal move is listed.
    pub fn is_complete(&self) -> bool {
        self.moves.len() == self.count
    }

    /// What the list leaves out, for people: `None` when it is complete.
    pub fn more(&self) -> Option<String> {
        (!self.is_complete()).then(|| {
            format!(
                "{} more moves not listed ({} in all): type the position reached",
                self.count - self.moves.len(),
                self.count
            )
        })
    }
}

/// The legal moves of `at`, at most `limit` of them listed (the count is of all).
pub fn list_moves(game: &dyn Game, at: &Position, limit: usize) -> Result<MoveList, Error> {
    let mut moves = options(game, at)?;
    let count = moves.len();
    moves.truncate(limit);
    Ok(MoveList { moves, count })
}

/// A user's move: the index of a listed move (from 0), or the position reached.
#[derive(Clone, Copy, Debug)]
pub enum Choice<'a> {
    /// The `i`-th move of [`options`] (from 0).
    Index(usize),
    /// The numbers of the position reached (for graph games: the vertex the
    /// token moves to, or the edge `U V` cut).
    Reached(&'a [String]),
}

/// The move a user chose, if it is legal; otherwise an error that says why.
pub fn choose(game: &dyn Game, at: &Position, choice: Choice<'_>) -> Result<PlayMove, Error> {
    let mut moves = options(game, at)?;
    if moves.is_empty() {
        return Err(Error::BadArgument(
            "the game is over: there is no legal move".into(),
        ));
    }
    match choice {
        Choice::Index(i) => {
            let count = moves.len();
            if i >= count {
                return Err(Error::BadArgument(format!(
                    "there is no move {}: choose 1 to {count}",
                    i + 1
                )));
            }
            Ok(moves.swap_remove(i))
        }
        Choice::Reached(words) => {
            let typed = parse_naturals(words, "number")?;
            moves
                .into_iter()
                .find(|m| reaches(m, at, &typed))
                .ok_or_else(|| {
                    Error::BadArgument(format!(
                        "{} is not a position one legal move reaches",
                        words.join(" ")
                    ))
                })
        }
    }
}

/// Whether move `m` from `at` reaches the position typed as `typed`: the
/// numbers of the position reached (heaps in any order for heap games), or a
/// graph move's target (the vertex moved to, the edge cut).
fn reaches(m: &PlayMove, at: &Position, typed: &[UBig]) -> bool {
    same_move(&m.step, at, typed) || m.to.numbers == typed
}

/// Whether `step` reaches `numbers`: the same numbers, or the same heaps in
/// another order (a split may list its two heaps either way).
fn same_move(step: &Move, at: &Position, numbers: &[UBig]) -> bool {
    let reached = step.apply(&at.numbers);
    if reached == numbers {
        return true;
    }
    let (mut a, mut b) = (reached, numbers.to_vec());
    a.sort();
    b.sort();
    step.target.is_none() && a == b
}

/// The listed option that `step` (a move as `analyze` writes it) makes.
fn option_of<'m>(moves: &'m [PlayMove], at: &Position, step: &Move) -> Option<&'m PlayMove> {
    let target = step.apply(&at.numbers);
    moves
        .iter()
        .find(|m| m.step.apply(&at.numbers) == target)
        .or_else(|| moves.iter().find(|m| same_move(&m.step, at, &target)))
}

/// The program's move and why it was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move.
    pub step: PlayMove,
    /// Why this move, for people.
    pub reason: String,
}

/// The program's move at `at`; `None` when there is no legal move (the
/// player to move has lost).
pub fn reply(game: &dyn Game, at: &Position) -> Result<Option<Reply>, Error> {
    let moves = options(game, at)?;
    if moves.is_empty() {
        return Ok(None);
    }
    let analysis = analyze_at(game, at)?;
    let chosen = |m: &PlayMove, reason: String| Reply {
        step: m.clone(),
        reason,
    };
    match analysis.outcome {
        Outcome::N => {
            if let Some(m) = analysis
                .winning_moves
                .first()
                .and_then(|w| option_of(&moves, at, w))
            {
                return Ok(Some(chosen(m, "a winning move: to a P-position".into())));
            }
        }
        Outcome::P => {
            if let Some(m) = analysis
                .longest_defence
                .as_ref()
                .and_then(|d| option_of(&moves, at, &d.longest_move))
            {
                let r = &analysis
                    .longest_defence
                    .as_ref()
                    .expect("matched")
                    .remoteness;
                return Ok(Some(chosen(
                    m,
                    format!("every move loses; this one delays the end most (remoteness {r})"),
                )));
            }
            if let Some((m, r)) = searched_defence(game, at, &moves) {
                return Ok(Some(chosen(
                    m,
                    format!("every move loses; this one delays the end most (remoteness {r})"),
                )));
            }
        }
        Outcome::D => {
            if let Some(m) = moves
                .iter()
                .find(|m| outcome_at(game, &m.to) == Some(Outcome::D))
            {
                return Ok(Some(chosen(m, "a move that keeps the game drawn".into())));
            }
        }
    }
    let largest = largest_option(&moves);
    let reason = match analysis.outcome {
        Outcome::N => "a winning move could not be matched; the move to the largest remaining game",
        _ => {
            "every move loses; the remoteness search is beyond its budget, so the move to the \
              option with the largest remaining game (most counters, or edges)"
        }
    };
    Ok(Some(chosen(largest, reason.into())))
}

/// The option with the most game left (the first of those).
fn largest_option(moves: &[PlayMove]) -> &PlayMove {
    let mut best = &moves[0];
    let mut size = best.to.size();
    for m in &moves[1..] {
        let s = m.to.size();
        if s > size {
            (best, size) = (m, s);
        }
    }
    best
}

/// The outcome at a position reached, if `analyze` answers it.
fn outcome_at(game: &dyn Game, at: &Position) -> Option<Outcome> {
    let game = Games::new(game);
    let played = game.of(at).ok()?;
    analyze_at(played, at).ok().map(|a| a.outcome)
}

/// The longest defence of the P-position `at` by the remoteness search over
/// the options, within [`REMOTENESS_BUDGET`]: the first option of largest
/// remoteness, and the remoteness of `at`.
fn searched_defence<'m>(
    game: &dyn Game,
    at: &Position,
    moves: &'m [PlayMove],
) -> Option<(&'m PlayMove, u64)> {
    let mut search = Remoteness::new(PlayRules::new(game), REMOTENESS_BUDGET);
    let r = search.remoteness(at).ok()?;
    if search.game().failed.get() || r % 2 != 0 {
        return None;
    }
    for m in moves {
        if search.remoteness(&m.to).ok()? + 1 == r {
            return (!search.game().failed.get()).then_some((m, r));
        }
    }
    None
}

/// The games positions belong to: the one play started with, and the one a
/// move changed to (a circle opens into its row game), parsed once.
struct Games<'g> {
    root: &'g dyn Game,
    other: OnceCell<(String, Box<dyn Game>)>,
}

impl<'g> Games<'g> {
    fn new(root: &'g dyn Game) -> Self {
        Games {
            root,
            other: OnceCell::new(),
        }
    }

    /// The game of `at`.
    fn of(&self, at: &Position) -> Result<&dyn Game, Error> {
        let Some(spec) = &at.game else {
            return Ok(self.root);
        };
        if self.other.get().is_none() {
            let _ = self.other.set((spec.clone(), parse(spec)?));
        }
        match self.other.get() {
            Some((known, game)) if known == spec => Ok(game.as_ref()),
            _ => Err(Error::BadArgument(format!(
                "play follows one change of game, not a second one to {spec}"
            ))),
        }
    }
}

/// The game as its options, for the generic solvers (the tests' oracle and
/// the remoteness search); a failure to list options is kept in `failed`,
/// which invalidates the search.
pub(crate) struct PlayRules<'g> {
    games: Games<'g>,
    failed: Cell<bool>,
}

impl<'g> PlayRules<'g> {
    /// The rules of `game`.
    pub(crate) fn new(game: &'g dyn Game) -> Self {
        PlayRules {
            games: Games::new(game),
            failed: Cell::new(false),
        }
    }
}

impl Impartial for PlayRules<'_> {
    type Position = Position;

    fn options(&self, at: &Position) -> Vec<Position> {
        let listed = self.games.of(at).and_then(|game| options(game, at));
        match listed {
            Ok(moves) => moves.into_iter().map(|m| m.to).collect(),
            Err(_) => {
                self.failed.set(true);
                Vec::new()
            }
        }
    }
}

/// What a hint says of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// `analyze`'s answer: outcome, value (or the loopy value), method.
    pub analysis: Analysis,
    /// Every winning move `analyze` lists, as legal moves.
    pub winning: Vec<PlayMove>,
    /// Why: the components' values and their nim-sum, or the value and how it
    /// was found.
    pub why: String,
}

/// The hint at `at`: outcome, Grundy value, every winning move, and why.
pub fn hint(game: &dyn Game, at: &Position) -> Result<Hint, Error> {
    let analysis = analyze_at(game, at)?;
    let moves = options(game, at)?;
    let winning = analysis
        .winning_moves
        .iter()
        .filter_map(|w| option_of(&moves, at, w).cloned())
        .collect();
    let why = explain(game, at, &analysis);
    Ok(Hint {
        analysis,
        winning,
        why,
    })
}

/// The reason of a hint: with several components, their values and nim-sum
/// (a winning move takes one of value `g` to `g xor X`); else the value and
/// the method that found it.
fn explain(game: &dyn Game, at: &Position, analysis: &Analysis) -> String {
    let value = match (&analysis.loopy, &analysis.grundy) {
        (Some(loopy), _) => loopy.to_string(),
        (None, Some(g)) => g.to_string(),
        (None, None) => "not computed".to_string(),
    };
    let parts = game.parts(at);
    let values: Option<Vec<(String, UBig)>> = parts
        .iter()
        .map(|(label, part)| {
            let a = analyze_at(game, part).ok()?;
            Some((label.clone(), a.grundy?))
        })
        .collect();
    match values {
        Some(values) if values.len() > 1 => {
            let total = values.iter().fold(UBig::ZERO, |x, (_, g)| x ^ g);
            let terms: Vec<String> = values
                .iter()
                .map(|(label, g)| format!("{g} ({label})"))
                .collect();
            let rule = match total == UBig::ZERO {
                true => "0: every move changes one component and so makes it non-zero".to_string(),
                false => {
                    format!("{total}: a winning move takes a component of value g to g xor {total}")
                }
            };
            format!(
                "the value is the nim-sum of the components' values: {} = {rule}",
                terms.join(" xor ")
            )
        }
        _ => format!("value {value}: {}", analysis.method),
    }
}

/// A game being played: the positions so far (for undo and restart) and the
/// games they belong to. Whose turn it is, and who is who, is the face's.
pub struct Session {
    game: Box<dyn Game>,
    /// The game a move changed to, with its spec (a circle's row game).
    other: Option<(String, Box<dyn Game>)>,
    /// The start position, then the position after each move.
    history: Vec<Position>,
}

impl Session {
    /// Play of `game` from `start`, refused with `analyze`'s error when the
    /// position is not one of the game, or when it has too many moves.
    pub fn new(game: Box<dyn Game>, start: Position) -> Result<Session, Error> {
        analyze_at(game.as_ref(), &start)?;
        options(game.as_ref(), &start)?;
        Ok(Session {
            game,
            other: None,
            history: vec![start],
        })
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.history.last().expect("the start is never removed")
    }

    /// The game the position now belongs to.
    pub fn game(&self) -> &dyn Game {
        match (&self.position().game, &self.other) {
            (Some(spec), Some((known, game))) if spec == known => game.as_ref(),
            _ => self.game.as_ref(),
        }
    }

    /// The game play started with.
    pub fn start_game(&self) -> &dyn Game {
        self.game.as_ref()
    }

    /// How many moves have been made.
    pub fn moves_made(&self) -> usize {
        self.history.len() - 1
    }

    /// The legal moves now, at most `limit` listed.
    pub fn list_moves(&self, limit: usize) -> Result<MoveList, Error> {
        list_moves(self.game(), self.position(), limit)
    }

    /// Whether the player to move has no move (and so has lost).
    pub fn is_over(&self) -> Result<bool, Error> {
        Ok(options(self.game(), self.position())?.is_empty())
    }

    /// Makes the move a user chose, if it is legal.
    pub fn play(&mut self, choice: Choice<'_>) -> Result<PlayMove, Error> {
        let m = choose(self.game(), self.position(), choice)?;
        self.advance(&m)?;
        Ok(m)
    }

    /// Makes the program's move; `None` when there is none (it has lost).
    pub fn reply(&mut self) -> Result<Option<Reply>, Error> {
        let r = reply(self.game(), self.position())?;
        if let Some(r) = &r {
            self.advance(&r.step)?;
        }
        Ok(r)
    }

    /// The hint now.
    pub fn hint(&self) -> Result<Hint, Error> {
        hint(self.game(), self.position())
    }

    /// Takes back the last `plies` moves (as many as were made); returns how
    /// many were taken back.
    pub fn undo(&mut self, plies: usize) -> usize {
        let taken = plies.min(self.moves_made());
        self.history.truncate(self.history.len() - taken);
        taken
    }

    /// Back to the start position.
    pub fn restart(&mut self) {
        self.history.truncate(1);
    }

    /// Switches misère play (the last player to move loses) on or off.
    ///
    /// The hook for misère play: no game of the catalogue offers it to play
    /// yet, so switching it on is refused with the reason the face shows;
    /// when [`Game`] gains misère answers, they are asked here.
    pub fn set_misere(&mut self, on: bool) -> Result<(), Error> {
        match on {
            false => Ok(()),
            true => Err(self
                .game()
                .unsupported("play", "misère play is not available for this game yet")),
        }
    }

    /// Moves to the position `m` reaches, parsing its game if a move changed it.
    fn advance(&mut self, m: &PlayMove) -> Result<(), Error> {
        if let Some(spec) = &m.to.game {
            if self.other.as_ref().map(|(known, _)| known) != Some(spec) {
                self.other = Some((spec.clone(), parse(spec)?));
            }
        }
        self.history.push(m.to.clone());
        Ok(())
    }
}

#[cfg(test)]
mod tests;
