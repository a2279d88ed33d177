//! Playing against the program: the legal moves of a position, a user's move
//! checked and applied, the program's reply and hints, for every game of the
//! catalogue. The faces (`grundy play`, the web page) only draw and read keys.
//!
//! A position to play from is a [`Position`]: the numbers a game's position
//! arguments give (heaps, piles, a start vertex, tokens) and, for graph games,
//! the graph, which moves change (a cut edge is gone, a visited vertex is left
//! out). Each game lists its options by its rules ([`Game::options`]); the
//! answers (outcome, value, winning moves, longest defence) are those of
//! `analyze` on the position reached, so that playing and analyzing agree.
//!
//! The program's reply: from an N-position the first winning move in the
//! contract's order; from a P-position the move that delays the loss longest
//! (Smith's remoteness): the longest defence `analyze` gives, else the
//! remoteness search over the options within [`REMOTENESS_BUDGET`], else (a
//! game too large for the budget, or a loopy one) the move to the option with
//! the largest remaining game ([`Reply::reason`] says which).
//!
//! Misère play (the player who makes the last move loses) is played where
//! `analyze --misere` answers the game ([`analyze_convention`]): the program
//! moves to a misère P-position from a misère N-position, and from a misère
//! P-position delays the loss longest (the remoteness of the game in which a
//! position without a move gets one extra move, [`Misere`]). A sum of
//! different games (the private `sums` module) is played by the sum's theory: the nim-sum of
//! its components' values, every winning move in each component.

use crate::catalog::{Board, Position};
use std::cell::{Cell, OnceCell};

use dashu_int::UBig;

use serde::Serialize;

use crate::catalog::{
    analyze_convention, parse, parse_naturals, Analysis, Convention, ConventionSum, Game, Move,
    Quiet, SumAnalysis,
};
use crate::error::{Error, Result};
use crate::game::{Impartial, Outcome};
use crate::limits::REMOTENESS_BUDGET;
use crate::solve::misere::Misere;
use crate::solve::remoteness::Remoteness;

use crate::catalog::kit::options::graph_args;
pub use crate::catalog::kit::options::PlayMove;

mod sums;
pub use sums::{sum_choose, sum_hint, sum_reply, sum_turns};

/// What `analyze` answers at `at` (every winning move).
pub fn analyze_at(game: &dyn Game, at: &Position) -> Result<Analysis> {
    graph_args(game, at)?;
    game.analyze(at, false, &mut Quiet)
}

/// Every legal move of `at`, ascending by the position reached (moves that
/// reach the same position are one option, listed once); a position reached
/// in another game (a circle opened into a row) carries that game's spec,
/// and in a game of [`Board::Heaps`] the heaps a move empties are gone.
pub fn options(game: &dyn Game, at: &Position) -> Result<Vec<PlayMove>> {
    graph_args(game, at)?;
    let mut moves = game.options(at)?;
    let heaps = game.form().board == Board::Heaps;
    for m in &mut moves {
        if m.to.game.is_none() {
            m.to.game.clone_from(&at.game);
        }
        if heaps {
            drop_empty_heaps(&mut m.to.numbers);
        }
    }
    moves.sort_by(|a, b| a.to.cmp(&b.to));
    moves.dedup_by(|a, b| a.to == b.to);
    Ok(moves)
}

/// Removes the empty heaps of a position of [`Board::Heaps`], keeping one
/// number (`0`, the end) when every heap is empty.
fn drop_empty_heaps(heaps: &mut Vec<UBig>) {
    heaps.retain(|h| *h != UBig::ZERO);
    if heaps.is_empty() {
        heaps.push(UBig::ZERO);
    }
}

/// The legal moves of a position, the first [`MoveList::moves`] of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList<M = PlayMove> {
    /// The first moves, ascending by the position reached.
    pub moves: Vec<M>,
    /// How many legal moves there are in all (exact).
    pub count: usize,
}

impl<M> MoveList<M> {
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
pub fn list_moves(game: &dyn Game, at: &Position, limit: usize) -> Result<MoveList> {
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
pub fn choose(game: &dyn Game, at: &Position, choice: Choice<'_>) -> Result<PlayMove> {
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

/// Whether `step` reaches `numbers`: the same numbers, or for a move that
/// splits a heap, the same heaps with the two it leaves in either order
/// (positions of piles, whose order matters, are compared exactly).
fn same_move(step: &Move, at: &Position, numbers: &[UBig]) -> bool {
    let reached = step.apply(&at.numbers);
    if reached == numbers {
        return true;
    }
    let splits = step.changes.iter().any(|(_, left)| left.len() > 1);
    let (mut a, mut b) = (reached, numbers.to_vec());
    a.sort();
    b.sort();
    splits && a == b
}

/// The listed option that `step` (a move as `analyze` writes it) makes.
fn option_of<'m>(moves: &'m [PlayMove], at: &Position, step: &Move) -> Option<&'m PlayMove> {
    option_reaching(moves, at, &step.apply(&at.numbers))
}

/// The listed option that reaches `target` (a position as `analyze` writes
/// it: the numbers reached, or a graph move's target).
pub(crate) fn option_reaching<'m>(
    moves: &'m [PlayMove],
    at: &Position,
    target: &[UBig],
) -> Option<&'m PlayMove> {
    moves
        .iter()
        .find(|m| m.step.apply(&at.numbers) == target)
        .or_else(|| moves.iter().find(|m| same_move(&m.step, at, target)))
}

/// The program's move and why it was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply<M = PlayMove> {
    /// The move.
    pub step: M,
    /// Why this move, for people.
    pub reason: String,
}

/// The reason of a winning reply.
pub(crate) fn winning_reason(play: Convention) -> String {
    match play {
        Convention::Misere => "a winning move: to a P-position of misère play".into(),
        _ => "a winning move: to a P-position".into(),
    }
}

/// The reason of a longest defence of remoteness `r` (under misère play,
/// `r` counts the extra move of [`Misere`], which is no move of the game).
pub(crate) fn defence_reason(play: Convention, r: &UBig) -> String {
    match play {
        Convention::Misere => format!(
            "every move loses; this one delays the end most ({} more moves with best play)",
            r - UBig::ONE
        ),
        _ => format!("every move loses; this one delays the end most (remoteness {r})"),
    }
}

/// The reason of the fallback reply, the move to the largest remaining game.
pub(crate) fn fallback_reason(outcome: Outcome) -> String {
    match outcome {
        Outcome::N => "a winning move could not be matched; the move to the largest remaining game",
        _ => {
            "every move loses; the remoteness search is beyond its budget (or the game has \
             cycles), so the move to the option with the largest remaining game (most \
             counters, or edges)"
        }
    }
    .into()
}

/// What `analyze` (or `analyze --misere`) answers at `at`.
pub fn analysis_in(game: &dyn Game, at: &Position, play: Convention) -> Result<Analysis> {
    match play {
        Convention::Misere => {
            graph_args(game, at)?;
            analyze_convention(game, at, Convention::Misere)
        }
        _ => analyze_at(game, at),
    }
}

/// The program's move at `at` under `play` (normal or misère); `None` when
/// there is no legal move (the game is over).
pub fn reply(game: &dyn Game, at: &Position, play: Convention) -> Result<Option<Reply>> {
    let moves = options(game, at)?;
    if moves.is_empty() {
        return Ok(None);
    }
    let analysis = analysis_in(game, at, play)?;
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
                return Ok(Some(chosen(m, winning_reason(play))));
            }
        }
        Outcome::P => {
            if let Some((m, d)) = analysis
                .longest_defence
                .as_ref()
                .and_then(|d| Some((option_of(&moves, at, &d.longest_move)?, d)))
            {
                return Ok(Some(chosen(m, defence_reason(play, &d.remoteness))));
            }
            let to = moves.iter().map(|m| m.to.clone());
            let found = match play {
                Convention::Misere => {
                    longest_defence(Misere(PlayRules::new(game)), Some(at.clone()), to.map(Some))
                }
                _ => longest_defence(PlayRules::new(game), at.clone(), to),
            };
            if let Some((i, r)) = found {
                return Ok(Some(chosen(&moves[i], defence_reason(play, &r.into()))));
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
    let largest = largest_by(&moves, |m| m.to.size());
    Ok(Some(chosen(largest, fallback_reason(analysis.outcome))))
}

/// The move with the most game left (`size`; the first of those).
pub(crate) fn largest_by<M>(moves: &[M], size: impl Fn(&M) -> UBig) -> &M {
    let mut best = &moves[0];
    let mut most = size(best);
    for m in &moves[1..] {
        let s = size(m);
        if s > most {
            (best, most) = (m, s);
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

/// Rules read from the games' move lists, which can fail (too many moves, a
/// change of game play cannot follow): a search over them is void then.
pub(crate) trait Listed: Impartial {
    /// Whether listing some position's options failed.
    fn failed(&self) -> bool;
}

impl<G: Listed> Listed for Misere<G> {
    fn failed(&self) -> bool {
        self.0.failed()
    }
}

/// The longest defence of the P-position `at` by the remoteness search over
/// `rules` within [`REMOTENESS_BUDGET`]: the index of the first of `options`
/// (the options of `at`, in the list's order) of largest remoteness, and the
/// remoteness of `at`.
pub(crate) fn longest_defence<R: Listed>(
    rules: R,
    at: R::Position,
    options: impl Iterator<Item = R::Position>,
) -> Option<(usize, u64)> {
    let mut search = Remoteness::new(rules, REMOTENESS_BUDGET);
    let r = search.remoteness(&at).ok()?;
    if search.game().failed() || r % 2 != 0 {
        return None;
    }
    for (i, option) in options.enumerate() {
        if search.remoteness(&option).ok()? + 1 == r {
            return (!search.game().failed()).then_some((i, r));
        }
    }
    None
}

/// The games positions belong to: the one play started with, and the one a
/// move changed to (a circle opens into its row game), parsed once.
pub(crate) struct Games<'g> {
    root: &'g dyn Game,
    other: OnceCell<(String, Box<dyn Game>)>,
}

impl<'g> Games<'g> {
    pub(crate) fn new(root: &'g dyn Game) -> Self {
        Games {
            root,
            other: OnceCell::new(),
        }
    }

    /// The game of `at`.
    pub(crate) fn of(&self, at: &Position) -> Result<&dyn Game> {
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

impl Listed for PlayRules<'_> {
    fn failed(&self) -> bool {
        self.failed.get()
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

/// What `analyze` answers at a position of play: of one game, of a sum, or
/// of a sum under misère play; serialised as that verb's JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// One game (under normal or misère play).
    One(Box<Analysis>),
    /// A sum of different games.
    Sum(SumAnalysis),
    /// A sum under misère play.
    ConventionSum(ConventionSum),
}

impl Answer {
    /// Who wins.
    pub fn outcome(&self) -> Outcome {
        match self {
            Answer::One(a) => a.outcome,
            Answer::Sum(a) => a.outcome,
            Answer::ConventionSum(a) => a.outcome,
        }
    }

    /// The value as written (a Grundy value, or a loopy game's infinite
    /// value); `None` when not computed (misère play has none).
    pub fn value(&self) -> Option<String> {
        match self {
            Answer::One(a) => match (&a.loopy, &a.grundy) {
                (Some(loopy), _) => Some(loopy.to_string()),
                (None, g) => g.as_ref().map(UBig::to_string),
            },
            Answer::Sum(a) => Some(a.grundy.to_string()),
            Answer::ConventionSum(_) => None,
        }
    }

    /// How the answer was found (for misère play: the rule that decided).
    pub fn method(&self) -> &str {
        match self {
            Answer::One(a) => &a.method,
            Answer::Sum(a) => &a.method,
            Answer::ConventionSum(a) => &a.method,
        }
    }
}

impl Serialize for Answer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Answer::One(a) => a.serialize(serializer),
            Answer::Sum(a) => a.serialize(serializer),
            Answer::ConventionSum(a) => a.serialize(serializer),
        }
    }
}

/// What a hint says of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint<M = PlayMove> {
    /// `analyze`'s answer: outcome, value (or the loopy value), method.
    pub analysis: Answer,
    /// Every winning move `analyze` lists, as legal moves.
    pub winning: Vec<M>,
    /// Why: the components' values and their nim-sum, or the value and how it
    /// was found, or under misère play the rule that decided.
    pub why: String,
}

/// The hint at `at` under `play`: outcome, Grundy value (normal play),
/// every winning move, and why.
pub fn hint(game: &dyn Game, at: &Position, play: Convention) -> Result<Hint> {
    let analysis = analysis_in(game, at, play)?;
    let moves = options(game, at)?;
    let winning = analysis
        .winning_moves
        .iter()
        .filter_map(|w| option_of(&moves, at, w).cloned())
        .collect();
    let why = match play {
        Convention::Misere => misere_why(&analysis.method),
        _ => explain(game, at, &analysis),
    };
    Ok(Hint {
        analysis: Answer::One(Box::new(analysis)),
        winning,
        why,
    })
}

/// The reason of a misère hint: the rule that decided.
pub(crate) fn misere_why(method: &str) -> String {
    format!("misère play (the player who makes the last move loses), decided by {method}")
}

/// The reason of a hint: with several components, their values and nim-sum
/// (a winning move takes one of value `g` to `g xor X`); else the value and
/// the method that found it.
fn explain(game: &dyn Game, at: &Position, analysis: &Analysis) -> String {
    let value = Answer::One(Box::new(analysis.clone()))
        .value()
        .unwrap_or_else(|| "not computed".into());
    let parts = game.parts(at);
    let values: Option<Vec<(String, UBig)>> = parts
        .iter()
        .map(|(label, part)| {
            let a = analyze_at(game, part).ok()?;
            Some((label.clone(), a.grundy?))
        })
        .collect();
    match values {
        Some(values) if values.len() > 1 => nim_sum_why(&values),
        _ => format!("value {value}: {}", analysis.method),
    }
}

/// Why a sum has its value: `g1 (label 1) xor g2 (label 2) ... = X`, and
/// what a winning move does.
pub(crate) fn nim_sum_why(values: &[(String, UBig)]) -> String {
    let total = values.iter().fold(UBig::ZERO, |x, (_, g)| x ^ g);
    let terms: Vec<String> = values
        .iter()
        .map(|(label, g)| format!("{g} ({label})"))
        .collect();
    let rule = match total == UBig::ZERO {
        true => "0: every move changes one component and so makes it non-zero".to_string(),
        false => format!("{total}: a winning move takes a component of value g to g xor {total}"),
    };
    format!(
        "the value is the nim-sum of the components' values: {} = {rule}",
        terms.join(" xor ")
    )
}

/// A move of what is played: a legal move of one component of a sum (of the
/// one game, when a single game is played) and the positions it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The component moved in, from 0.
    pub component: usize,
    /// What the move does, for people (a sum's names the component).
    pub description: String,
    /// The position of every component after the move.
    pub to: Vec<Position>,
}

impl Turn {
    /// The move `m` of a single game.
    fn of_one(m: PlayMove) -> Turn {
        Turn {
            component: 0,
            description: m.step.description,
            to: vec![m.to],
        }
    }
}

/// A game being played, one game or a sum of several: the positions so far
/// (for undo and restart), and the play convention. Whose turn it is, and
/// who is who, is the face's.
pub struct Session {
    /// The game each component started in (a move may change it: a circle
    /// opens into its row game).
    games: Vec<Box<dyn Game>>,
    /// The start position, then the position after each move: one position
    /// per component.
    history: Vec<Vec<Position>>,
    /// Normal or misère play.
    play: Convention,
}

impl Session {
    /// Play of `game` from `start`, refused with `analyze`'s error when the
    /// position is not one of the game, or when it has too many moves.
    pub fn new(game: Box<dyn Game>, start: Position) -> Result<Session> {
        Session::sum(vec![(game, start)])
    }

    /// Play of the sum of `parts` (each a game and its start position; one
    /// part is a single game; empty heaps of [`Board::Heaps`] left out),
    /// refused with `analyze`'s error when it does
    /// not answer the sum, or when a component has too many moves.
    pub fn sum(parts: Vec<(Box<dyn Game>, Position)>) -> Result<Session> {
        if parts.is_empty() {
            return Err(Error::BadArgument("play needs a game".into()));
        }
        let (games, mut start): (Vec<_>, Vec<_>) = parts.into_iter().unzip();
        for (game, at) in games.iter().zip(&mut start) {
            if game.form().board == Board::Heaps {
                drop_empty_heaps(&mut at.numbers);
            }
        }
        let session = Session {
            games,
            history: vec![start],
            play: Convention::Normal,
        };
        session.hint()?;
        session.list_moves(0)?;
        Ok(session)
    }

    /// The games each component started in.
    fn roots(&self) -> Vec<&dyn Game> {
        self.games.iter().map(Box::as_ref).collect()
    }

    /// Whether a sum of several games is played.
    pub fn is_sum(&self) -> bool {
        self.games.len() > 1
    }

    /// The position of each component now.
    pub fn positions(&self) -> &[Position] {
        self.history.last().expect("the start is never removed")
    }

    /// The spec of each component's game now (a move may have changed it).
    pub fn specs(&self) -> Vec<String> {
        self.games
            .iter()
            .zip(self.positions())
            .map(|(game, at)| at.game.clone().unwrap_or_else(|| game.spec()))
            .collect()
    }

    /// How to draw each component's position (by its game now).
    pub fn boards(&self) -> Vec<Board> {
        self.games
            .iter()
            .zip(self.positions())
            .map(|(game, at)| match &at.game {
                Some(spec) => parse(spec).map_or(Board::Counters("number"), |g| g.form().board),
                None => game.form().board,
            })
            .collect()
    }

    /// The play convention: normal or misère.
    pub fn play_convention(&self) -> Convention {
        self.play
    }

    /// How many moves have been made.
    pub fn moves_made(&self) -> usize {
        self.history.len() - 1
    }

    /// The one game's rules at its position now (the game a move changed
    /// to, if it did).
    fn with_one<T>(&self, f: impl FnOnce(&dyn Game, &Position) -> Result<T>) -> Result<T> {
        let at = &self.positions()[0];
        let games = Games::new(self.games[0].as_ref());
        f(games.of(at)?, at)
    }

    /// The legal moves now, at most `limit` listed.
    pub fn list_moves(&self, limit: usize) -> Result<MoveList<Turn>> {
        let mut moves = match self.is_sum() {
            true => sum_turns(&self.roots(), self.positions())?,
            false => self
                .with_one(options)?
                .into_iter()
                .map(Turn::of_one)
                .collect(),
        };
        let count = moves.len();
        moves.truncate(limit);
        Ok(MoveList { moves, count })
    }

    /// Whether the player to move has no move (the game is over: under
    /// normal play they have lost, under misère play they have won).
    pub fn is_over(&self) -> Result<bool> {
        Ok(self.list_moves(0)?.count == 0)
    }

    /// Makes the move a user chose, if it is legal. For a sum, a typed
    /// position is the component's number (from 1), then its position.
    pub fn play(&mut self, choice: Choice<'_>) -> Result<Turn> {
        let turn = match self.is_sum() {
            true => sum_choose(&self.roots(), self.positions(), choice)?,
            false => Turn::of_one(self.with_one(|game, at| choose(game, at, choice))?),
        };
        self.history.push(turn.to.clone());
        Ok(turn)
    }

    /// Makes the program's move; `None` when there is none (the game is over).
    pub fn reply(&mut self) -> Result<Option<Reply<Turn>>> {
        let play = self.play;
        let r = match self.is_sum() {
            true => sum_reply(&self.roots(), self.positions(), play)?,
            false => self
                .with_one(|game, at| reply(game, at, play))?
                .map(|r| Reply {
                    step: Turn::of_one(r.step),
                    reason: r.reason,
                }),
        };
        if let Some(r) = &r {
            self.history.push(r.step.to.clone());
        }
        Ok(r)
    }

    /// The hint now.
    pub fn hint(&self) -> Result<Hint<Turn>> {
        let play = self.play;
        if self.is_sum() {
            return sum_hint(&self.roots(), self.positions(), play);
        }
        let h = self.with_one(|game, at| hint(game, at, play))?;
        Ok(Hint {
            analysis: h.analysis,
            winning: h.winning.into_iter().map(Turn::of_one).collect(),
            why: h.why,
        })
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

    /// Switches misère play (the player who makes the last move loses) on
    /// or off. Switching it on is refused, with the reason, where `analyze
    /// --misere` does not answer the position now (a game without misère
    /// theory, or a misère search beyond its budget); play goes on as before.
    pub fn set_misere(&mut self, on: bool) -> Result<()> {
        let before = self.play;
        self.play = if on {
            Convention::Misere
        } else {
            Convention::Normal
        };
        if on {
            if let Err(e) = self.hint() {
                self.play = before;
                return Err(e);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
