//! Positions as every verb takes them: parsed once, at the edge.
//!
//! A face reads a game's position arguments (and its graph, for a game played
//! on one) and calls [`Position::of`], which checks them against the game's
//! [`Form`]; from there on every verb of [`Game`] takes the typed
//! [`Position`], and no game parses text again.

use dashu_int::UBig;

use super::Game;
use crate::arith::{decimal, is_decimal};
use crate::error::{Error, Result};
use crate::limits::PLAY_OPTIONS;

/// The graph a graph game is played on, as text the front end has read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GraphInput {
    /// A graph file: one edge `U V` per line.
    Edges(String),
    /// A grid of `.` free and `#` blocked cells; a cell's vertex is
    /// `row * width + column`, counted from 0.
    Grid(String),
}

/// A position of a game: its numbers (heaps, piles, stairs, the vertex a
/// token is on, the tokens of a digraph) and, for a game played on a graph,
/// the graph as the moves so far left it.
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

/// How a game's positions are written: what a face needs to read one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form<'g> {
    /// What the position arguments are.
    pub numbers: Numbers,
    /// For a game played on a graph: how to call `analyze` with the graph
    /// (the refusal of a call without one).
    pub graph: Option<&'static str>,
    /// For a game given by a script file (`script:FILE`): the file, which the
    /// front end reads and passes to [`script`](super::script) to get the
    /// game itself.
    pub script: Option<&'g str>,
    /// How a face draws a position.
    pub board: Board,
}

impl Form<'_> {
    /// A game whose positions are numbers, each a `noun` in messages
    /// ("position number"), at least one of them, drawn as rows of counters.
    pub const fn numbers(noun: &'static str) -> Form<'static> {
        Form {
            numbers: Numbers::Required(noun),
            graph: None,
            script: None,
            board: Board::Counters("number"),
        }
    }

    /// A game played on heaps where an empty heap plays no part (a sum of
    /// heaps, or Moore's Nim): [`Board::Heaps`].
    pub const fn heaps() -> Form<'static> {
        Form::numbers("heap size").drawn(Board::Heaps)
    }

    /// The same form, drawn as `board`.
    pub const fn drawn(self, board: Board) -> Self {
        Form { board, ..self }
    }

    /// A game played on a graph, with `usage` saying how to give it, whose
    /// other arguments are `numbers`.
    pub const fn graph(usage: &'static str, numbers: Numbers) -> Form<'static> {
        Form {
            numbers,
            graph: Some(usage),
            script: None,
            board: Board::graph("-", Tokens::Many),
        }
    }
}

/// How a face draws a position of a game: the catalogue's description, so
/// that the player and the web page hold no knowledge of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// A row of counters per heap, where an empty heap plays no part: play
    /// drops a heap that a move empties (the position keeps one number), so
    /// that the board shows the heaps left.
    Heaps,
    /// A row of counters per number, each labelled (`stair 1`, `column 1`),
    /// every number kept where it is (its place matters).
    Counters(&'static str),
    /// A pile and the most the next move may take.
    PileAndLimit,
    /// A circle of coins.
    Circle,
    /// Two piles, and for small ones the queen on the board whose corner
    /// `(0, 0)` ends the game.
    Piles,
    /// A graph: its edges (`arrow` joins the ends: `->` for arcs) and what
    /// the numbers are (a grid is drawn as the grid).
    Graph {
        /// What joins the two ends of an edge.
        arrow: &'static str,
        /// What the numbers of the position are on the graph.
        tokens: Tokens,
    },
}

impl Board {
    /// A graph drawn with `arrow` between the ends of an edge, its numbers
    /// being `tokens`.
    pub const fn graph(arrow: &'static str, tokens: Tokens) -> Board {
        Board::Graph { arrow, tokens }
    }
}

/// What the numbers of a graph game's position are, for its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tokens {
    /// Tokens on vertices (none: the whole graph is the position).
    Many,
    /// One token whose visited vertices are gone, or none yet.
    One,
    /// No token: edges hang from the ground, the vertex of this label (0
    /// unless the game says another, `hackenbush:ground=V`).
    Ground(u64),
}

/// What the position arguments of a game are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbers {
    /// At least one number, each a `noun` in messages.
    Required(&'static str),
    /// Numbers, each a `noun`, or none (a position of its own: Chomp's full
    /// bar, the start-choosing game of geography).
    Optional(&'static str),
    /// None: the graph is the whole position; any argument is refused with
    /// the message given.
    Refused(&'static str),
}

impl Position {
    /// The position of `game` given by `args` (the position arguments after
    /// the graph, for games played on a graph) and `graph`, checked against
    /// the game's [`Form`].
    pub fn of(
        game: &(impl Game + ?Sized),
        args: &[String],
        graph: Option<GraphInput>,
    ) -> Result<Self> {
        let form = game.form();
        match (form.graph, &graph) {
            (Some(usage), None) => return Err(super::unsupported(game.spec(), "analyze", usage)),
            (None, Some(_)) => {
                return Err(Error::BadArgument(format!(
                    "{} takes no graph file",
                    game.spec()
                )))
            }
            _ => {}
        }
        let numbers = match form.numbers {
            Numbers::Refused(message) if !args.is_empty() => {
                return Err(Error::BadPosition(message.into()))
            }
            Numbers::Refused(_) => Vec::new(),
            Numbers::Optional(_) if args.is_empty() => Vec::new(),
            Numbers::Required(noun) | Numbers::Optional(noun) => parse_naturals(args, noun)?,
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

    /// A position of numbers only, from anything that converts to a big
    /// integer: `Position::heaps([3u64, 4, 5])`.
    pub fn heaps<N: Into<UBig>>(numbers: impl IntoIterator<Item = N>) -> Position {
        Position::of_numbers(numbers.into_iter().map(Into::into).collect())
    }

    /// A position on `graph`, with the numbers given (a start vertex, tokens).
    pub fn on_graph<N: Into<UBig>>(
        graph: GraphInput,
        numbers: impl IntoIterator<Item = N>,
    ) -> Position {
        Position {
            graph: Some(graph),
            ..Position::heaps(numbers)
        }
    }

    /// The numbers as they are written, for messages.
    pub fn args(&self) -> Vec<String> {
        self.numbers.iter().map(UBig::to_string).collect()
    }

    /// The numbers, each at most [`PLAY_OPTIONS`] (so that listing the
    /// options of a coordinate stays within the limit), as machine words.
    pub(crate) fn small_numbers(&self, game: &dyn Game) -> Result<Vec<u64>> {
        self.numbers
            .iter()
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|&n| n <= PLAY_OPTIONS as u64)
                    .ok_or_else(|| super::kit::options::too_many(game))
            })
            .collect()
    }

    /// How much game is left, for the fallback reply: the sum of the numbers
    /// (counters), plus the lines of the graph (its edges).
    pub(crate) fn size(&self) -> UBig {
        let lines = match &self.graph {
            Some(GraphInput::Edges(text)) => text.lines().count(),
            Some(GraphInput::Grid(text)) => text.matches('.').count(),
            None => 0,
        };
        self.numbers.iter().fold(UBig::from(lines), |a, n| a + n)
    }

    /// The graph of a position of a graph game ([`Position::of`] checked
    /// that there is one).
    pub(crate) fn graph(&self) -> Result<GraphInput> {
        self.graph
            .clone()
            .ok_or_else(|| Error::BadArgument("the position holds no graph".into()))
    }
}

/// Parses position arguments as non-negative integers of any size; `what` names
/// one of them in messages ("heap size", "coins on a stair").
pub fn parse_naturals(args: &[String], what: &str) -> Result<Vec<UBig>> {
    if args.is_empty() {
        return Err(Error::BadPosition(format!("give at least one {what}")));
    }
    crate::stop::polling(args.iter())
        .map(|a| {
            if a.starts_with('-') && is_decimal(&a[1..]) {
                Err(Error::BadPosition(format!(
                    "{what} '{a}' is negative; a {what} is a non-negative integer"
                )))
            } else if let Some(n) = decimal::<UBig>(a) {
                Ok(n)
            } else {
                Err(Error::BadPosition(format!(
                    "'{a}' is not a {what}: write a non-negative decimal integer"
                )))
            }
        })
        .collect()
}
