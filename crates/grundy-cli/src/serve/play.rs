//! `POST /api/play`: playing against the program, one request a turn. The
//! server keeps no game: each request carries the position (and, for graph
//! games, the graph as the moves so far left it), and the answer carries the
//! positions each move reaches, for the page to send back. The moves, the
//! program's reply and the hints are the library's (`catalog::play`).

use grundy::catalog::play::{self, Hint, Session, Turn};
use grundy::catalog::{Board, Convention, GraphInput, Position, Tokens};
use grundy::json::Int;
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dispatch::{self, Inputs};
use crate::failure::Failure;

/// The most moves an answer lists (the count is of all of them).
pub const LISTED_MOVES: usize = 500;

/// A request: a position (of one game, or a sum: `"+"` between components
/// in `position`, as for `analyze`), whether the program moves first from
/// it, and whether misère play is on.
#[derive(Clone, Deserialize)]
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
    #[serde(default)]
    misere: bool,
}

/// A position as the page sends it back: the game's spec, the numbers, and
/// the graph (edges or grid) of a graph game; for a sum, the first
/// component's spec and the rest of the sum's words in `position`.
#[derive(Serialize)]
struct State<'a> {
    game: &'a str,
    position: Words<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    graph: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grid: Option<&'a str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    misere: bool,
}

/// The position words of a state: one game's numbers, or a sum's numbers
/// with `"+"` and the next component's spec between components.
struct Words<'a>(Vec<(&'a str, &'a Position)>);

impl Serialize for Words<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for (i, (spec, at)) in self.0.iter().enumerate() {
            if i > 0 {
                seq.serialize_element("+")?;
                seq.serialize_element(spec)?;
            }
            for n in &at.numbers {
                seq.serialize_element(&Int(n))?;
            }
        }
        seq.end()
    }
}

impl<'a> State<'a> {
    /// The state of `positions`, `specs` the games play started in.
    fn of(specs: &'a [String], positions: &'a [Position], misere: bool) -> Self {
        let parts: Vec<(&str, &Position)> = specs
            .iter()
            .zip(positions)
            .map(|(spec, at)| (at.game.as_deref().unwrap_or(spec), at))
            .collect();
        let (graph, grid) = match &positions[0].graph {
            Some(GraphInput::Edges(text)) if positions.len() == 1 => (Some(text.as_str()), None),
            Some(GraphInput::Grid(text)) if positions.len() == 1 => (None, Some(text.as_str())),
            _ => (None, None),
        };
        State {
            game: parts[0].0,
            position: Words(parts),
            graph,
            grid,
            misere,
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

/// The answer.
#[derive(Serialize)]
struct Answer<'a> {
    /// The program's move, when it was asked for one and had one.
    reply: Option<Reply<'a>>,
    /// The position now (after the reply).
    at: State<'a>,
    /// `"normal"` or `"misere"`.
    play: &'static str,
    /// Whether the player to move now has no move: the game is over (lost
    /// under normal play, won under misère play).
    over: bool,
    /// The first [`LISTED_MOVES`] legal moves, ascending by the position
    /// reached (a sum's component by component).
    moves: Vec<Listed<'a>>,
    /// How many legal moves there are in all.
    move_count: usize,
    /// The hint: `analyze`'s answer here, the listed moves that win (their
    /// indices in `moves`), and why.
    hint: HintJson<'a>,
    /// How to draw each component of `at` (the catalogue's board).
    boards: Vec<BoardJson>,
}

/// A component's board as the page draws it: `kind` (`heaps`, `counters`,
/// `pile_and_limit`, `circle`, `piles`, `graph`), the label of a row of
/// counters, and for a graph what joins an edge's ends and what the numbers
/// are on it (`many` tokens, `one` token, the `ground`).
#[derive(Serialize)]
struct BoardJson {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arrow: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tokens: Option<&'static str>,
    /// The ground's vertex, for `"tokens": "ground"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    ground: Option<u64>,
}

impl BoardJson {
    fn of(board: Board) -> Self {
        let plain = |kind| BoardJson {
            kind,
            label: None,
            arrow: None,
            tokens: None,
            ground: None,
        };
        match board {
            Board::Heaps => plain("heaps"),
            Board::Counters(label) => BoardJson {
                label: Some(label),
                ..plain("counters")
            },
            Board::PileAndLimit => plain("pile_and_limit"),
            Board::Circle => plain("circle"),
            Board::Piles => plain("piles"),
            Board::Graph { arrow, tokens } => BoardJson {
                arrow: Some(arrow),
                tokens: Some(match tokens {
                    Tokens::Many => "many",
                    Tokens::One => "one",
                    Tokens::Ground(_) => "ground",
                }),
                ground: match tokens {
                    Tokens::Ground(v) => Some(v),
                    _ => None,
                },
                ..plain("graph")
            },
        }
    }
}

#[derive(Serialize)]
struct Reply<'a> {
    #[serde(rename = "move")]
    description: &'a str,
    reason: &'a str,
}

#[derive(Serialize)]
struct HintJson<'a> {
    analysis: &'a play::Answer,
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
    let words = super::request::position(&Value::Array(request.position)).map_err(|e| bad(&e))?;
    let (mut session, specs) = session(&request.game, &words, inputs)?;
    if request.misere {
        session.set_misere(true)?;
    }
    let reply = match request.reply {
        true => session.reply()?,
        false => None,
    };
    respond(&session, &specs, reply.as_ref())
}

/// The session of one game, or of a sum when the words hold a lone `"+"`,
/// and the spec of each component's game.
fn session(
    spec: &str,
    words: &[String],
    inputs: Inputs,
) -> Result<(Session, Vec<String>), Failure> {
    let all: Vec<String> = std::iter::once(spec.to_string())
        .chain(words.iter().cloned())
        .collect();
    if let Some(groups) = grundy::catalog::split_sum(&all) {
        if inputs.graph.is_some() {
            return Err(bad(
                "\"graph\" and \"grid\" are for one game played on a graph, not for a sum of games",
            ));
        }
        let mut parts = Vec::new();
        for part in dispatch::sum_parts(groups?, &inputs)? {
            parts.push((part.game, part.at));
        }
        let specs = parts.iter().map(|(game, _)| game.spec()).collect();
        return Ok((Session::sum(parts)?, specs));
    }
    let game = inputs.game(spec)?;
    if inputs.graph.is_some() && game.form().graph.is_none() {
        return Err(bad(&format!(
            "{} is not played on a graph: send no \"graph\" or \"grid\"",
            game.spec()
        )));
    }
    let (at, _) = inputs.position(game.as_ref(), words)?;
    let specs = vec![game.spec()];
    Ok((Session::new(game, at)?, specs))
}

fn respond(
    session: &Session,
    specs: &[String],
    reply: Option<&play::Reply<Turn>>,
) -> Result<Vec<u8>, Failure> {
    let misere = session.play_convention() == Convention::Misere;
    let list = session.list_moves(LISTED_MOVES)?;
    let hint: Hint<Turn> = session.hint()?;
    let winning = hint
        .winning
        .iter()
        .filter_map(|w| list.moves.iter().position(|m| m.to == w.to))
        .collect();
    let answer = Answer {
        reply: reply.map(|r| Reply {
            description: &r.step.description,
            reason: &r.reason,
        }),
        at: State::of(specs, session.positions(), misere),
        play: session.play_convention().key(),
        over: list.count == 0,
        moves: list
            .moves
            .iter()
            .map(|m| Listed {
                description: &m.description,
                to: State::of(specs, &m.to, misere),
            })
            .collect(),
        move_count: list.count,
        hint: HintJson {
            analysis: &hint.analysis,
            winning,
            why: &hint.why,
        },
        boards: session.boards().into_iter().map(BoardJson::of).collect(),
    };
    serde_json::to_vec(&answer).map_err(|e| Failure::Output(e.into()))
}

fn bad(message: &str) -> Failure {
    crate::failure::bad_argument(message.to_string())
}
