//! `POST /api/play`: playing against the program, one request a turn. The
//! server keeps no game: each request carries the position (and, for graph
//! games, the graph as the moves so far left it), and the answer carries the
//! positions each move reaches, for the page to send back. The moves, the
//! program's reply and the hints are the library's (`catalog::play`).

use grundy::catalog::play::{self, PlayMove, Position};
use grundy::catalog::{Analysis, Game, GraphInput};
use grundy::json::Ints;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dispatch::Inputs;
use crate::Failure;

/// The most moves an answer lists (the count is of all of them).
pub const LISTED_MOVES: usize = 500;

/// A request: a position, and whether the program moves first from it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    game: String,
    #[serde(default)]
    position: Vec<Value>,
    graph: Option<String>,
    grid: Option<String>,
    script: Option<String>,
    #[serde(default)]
    reply: bool,
}

/// A position as the page sends it back: the game's spec, the numbers, and
/// the graph (edges or grid) of a graph game.
#[derive(Serialize)]
struct State<'a> {
    game: &'a str,
    position: Ints<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    graph: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grid: Option<&'a str>,
}

impl<'a> State<'a> {
    fn of(spec: &'a str, at: &'a Position) -> Self {
        let (graph, grid) = match &at.graph {
            Some(GraphInput::Edges(text)) => (Some(text.as_str()), None),
            Some(GraphInput::Grid(text)) => (None, Some(text.as_str())),
            None => (None, None),
        };
        State {
            game: at.game.as_deref().unwrap_or(spec),
            position: Ints(&at.numbers),
            graph,
            grid,
        }
    }
}

/// A legal move: what it does and where it leads.
#[derive(Serialize)]
struct Listed<'a> {
    #[serde(rename = "move")]
    description: &'a str,
    to: State<'a>,
}

impl<'a> Listed<'a> {
    fn of(spec: &'a str, m: &'a PlayMove) -> Self {
        Listed {
            description: &m.step.description,
            to: State::of(spec, &m.to),
        }
    }
}

/// The answer.
#[derive(Serialize)]
struct Answer<'a> {
    /// The program's move, when it was asked for one and had one.
    reply: Option<Reply<'a>>,
    /// The position now (after the reply).
    at: State<'a>,
    /// Whether the player to move now has no move, and so has lost.
    over: bool,
    /// The first [`LISTED_MOVES`] legal moves, ascending by the position reached.
    moves: Vec<Listed<'a>>,
    /// How many legal moves there are in all.
    move_count: usize,
    /// The hint: `analyze`'s answer here, the listed moves that win (their
    /// indices in `moves`), and why.
    hint: Hint<'a>,
}

#[derive(Serialize)]
struct Reply<'a> {
    #[serde(rename = "move")]
    description: &'a str,
    reason: &'a str,
}

#[derive(Serialize)]
struct Hint<'a> {
    analysis: &'a Analysis,
    winning: Vec<usize>,
    why: &'a str,
}

/// The answer to `request`, as JSON.
pub fn answer(request: Request) -> Result<Vec<u8>, Failure> {
    let graph = match (request.graph, request.grid) {
        (Some(_), Some(_)) => return Err(bad("give \"graph\" or \"grid\", not both")),
        (Some(edges), None) => Some((GraphInput::Edges(edges), "\"graph\"")),
        (None, Some(grid)) => Some((GraphInput::Grid(grid), "\"grid\"")),
        (None, None) => None,
    };
    let inputs = Inputs {
        read_files: false,
        graph,
        script: request.script,
    };
    let mut game = inputs.game(&request.game)?;
    if inputs.graph.is_some() && !game.reads_graph() {
        return Err(bad(&format!(
            "{} is not played on a graph: send no \"graph\" or \"grid\"",
            game.spec()
        )));
    }
    let words = super::request::position(&Value::Array(request.position)).map_err(|e| bad(&e))?;
    let mut at = Position::new(inputs.graph.map(|(graph, _)| graph), &words)?;
    play::analyze_at(game.as_ref(), &at)?;
    let mut spec = game.spec();
    let reply = match request.reply {
        true => play::reply(game.as_ref(), &at)?,
        false => None,
    };
    if let Some(r) = &reply {
        at = r.step.to.clone();
        if let Some(changed) = at.game.take() {
            game = grundy::catalog::parse(&changed)?;
            spec = changed;
        }
    }
    respond(game.as_ref(), &spec, &at, reply.as_ref())
}

fn respond(
    game: &dyn Game,
    spec: &str,
    at: &Position,
    reply: Option<&play::Reply>,
) -> Result<Vec<u8>, Failure> {
    let list = play::list_moves(game, at, LISTED_MOVES)?;
    let hint = play::hint(game, at)?;
    let winning = hint
        .winning
        .iter()
        .filter_map(|w| list.moves.iter().position(|m| m.to == w.to))
        .collect();
    let answer = Answer {
        reply: reply.map(|r| Reply {
            description: &r.step.step.description,
            reason: &r.reason,
        }),
        at: State::of(spec, at),
        over: list.count == 0,
        moves: list.moves.iter().map(|m| Listed::of(spec, m)).collect(),
        move_count: list.count,
        hint: Hint {
            analysis: &hint.analysis,
            winning,
            why: &hint.why,
        },
    };
    serde_json::to_vec(&answer).map_err(|e| Failure::Output(e.into()))
}

fn bad(message: &str) -> Failure {
    crate::bad_argument(message.to_string())
}
