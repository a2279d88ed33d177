//! `digraph`: a game given by its graph file; a token on each listed vertex.
//! Values by the generalised Sprague-Grundy function (see
//! [`crate::games::digraph`]), so cycles are allowed and positions may be drawn.

use crate::catalog::entry::{Build, Entry, GRAPH_VERBS};
use crate::catalog::{Board, Form, Numbers, Position, SequenceOf, Tokens};
use dashu_int::UBig;

use crate::catalog::kit::options::{graph_of_play, Options, PlayMove};
use crate::catalog::GraphInput;
use crate::catalog::{
    Analysis, Component, Game, Monitor, Move, Sequence, SumValue, Summands, Terms,
};
use crate::error::{Error, Result};
use crate::games::digraph::{
    parse_digraph_text, Digraph, DigraphError, Gamma, GammaRef, GammaTable, SumMove,
};
use crate::graph::Vertex;
use crate::json::polled_seq;
use crate::limits::MOVE_LIST_LIMIT;
use serde::{Serialize, Serializer};

/// The registry's entry of `digraph`.
pub(crate) const ENTRY: Entry = Entry {
    name: "digraph",
    forms: &["digraph"],
    form_note: "",
    aliases: &[],
    summary: "move a token along an arc of a game graph read from a file; cycles allowed (draws)",
    position:
        "a file of moves `U V` (- for stdin), then the vertices V1 V2 ... the tokens stand on",
    theory: "generalised Sprague-Grundy function of loopy games (Smith; Fraenkel and Yesha)",
    verbs: GRAPH_VERBS,
    example_spec: "digraph",
    example_position: "- 3 4",
    example_stdin: "1 2\n2 3\n3 1\n3 4\n4 0\n",
    build: Build::Plain(digraph),
};

/// `digraph`.
pub(crate) fn digraph() -> Box<dyn Game> {
    Box::new(DigraphEntry)
}

struct DigraphEntry;

/// The method line of every answer.
const METHOD: &str = "generalised Sprague-Grundy function of loopy impartial games \
                      (Smith 1966; Fraenkel and Yesha 1986), by labelling with counters; \
                      a sum with one infinite component inf(K) and finite part a is inf(K xor a)";

/// The graph of the file, or the error naming the bad line or the limit.
fn digraph_of(input: GraphInput) -> Result<Digraph> {
    let GraphInput::Edges(text) = input else {
        return Err(Error::BadArgument(
            "--grid is for geography; digraph reads a file of moves 'U V'".into(),
        ));
    };
    parse_digraph_text(text).map_err(|e| match e {
        DigraphError::TooLarge { .. } => Error::Limit(format!("{e} (MAX_DIGRAPH_SIZE)")),
        _ => Error::BadPosition(format!("graph file {e}")),
    })
}

impl Game for DigraphEntry {
    fn spec(&self) -> String {
        "digraph".into()
    }

    fn form(&self) -> Form<'_> {
        Form::graph(
            "it is played on a graph: grundy analyze digraph FILE V1 [V2 ...] (FILE - for stdin)",
            Numbers::Required("vertex (a token's position)"),
        )
        .drawn(Board::graph("->", Tokens::Many))
    }

    /// Move one token along an arc; two tokens on one vertex make the same
    /// options (listed once by play).
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let size = at.graph.as_ref().map_or(0, |g| match g {
            GraphInput::Edges(text) | GraphInput::Grid(text) => text.lines().count(),
        });
        let input = graph_of_play(self, at, at.numbers.len(), size)?;
        let graph = digraph_of(input)?;
        let mut options = Options::new(self);
        for (i, label) in at.numbers.iter().enumerate() {
            let from = u64::try_from(label)
                .ok()
                .and_then(|l| graph.vertex(l))
                .ok_or_else(|| Error::BadPosition(format!("vertex {label} is not in the graph")))?;
            for &w in graph.successors(from) {
                let to = UBig::from(graph.label(w));
                let description = format!("move the token on {label} (token {}) to {to}", i + 1);
                let mut numbers = at.numbers.clone();
                numbers[i] = to.clone();
                let reached = Position {
                    game: None,
                    graph: at.graph.clone(),
                    numbers,
                };
                options.push(Move::single(i, to, description), reached);
            }
        }
        options.done()
    }

    /// Each token alone.
    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        let token = |(i, v): (usize, &UBig)| {
            let alone = Position {
                game: None,
                graph: at.graph.clone(),
                numbers: vec![v.clone()],
            };
            (format!("token {} on {v}", i + 1), alone)
        };
        at.numbers.iter().enumerate().map(token).collect()
    }

    /// Refused: a digraph may have cycles, where a position can be a draw
    /// under misère play and Every-SG too; the solvers here need games that
    /// end.
    fn summands(&self, _: &Position) -> Result<Summands<'_>> {
        Err(crate::catalog::unsupported(
            self.spec(),
            "--misere or --every",
            "its graph may have cycles, whose positions can be draws under any ending; the \
             misère and Every-SG solvers need a game that ends (write an acyclic game as \
             script:FILE)",
        ))
    }

    fn analyze(&self, at: &Position, first: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let input = at.graph()?;
        let graph = digraph_of(input)?;
        let (labels, tokens) = tokens_of(&graph, &at.numbers)?;
        let gamma = graph.gamma();
        let value = gamma.sum_value(&tokens);
        let limit = if first { 1 } else { MOVE_LIST_LIMIT };
        let found = gamma.sum_winning_moves(&tokens, limit);
        let moves = found
            .moves
            .iter()
            .map(|m| token_move(&graph, &labels, m))
            .collect();
        let outcome = value.outcome();
        let grundy = match &value {
            Gamma::Finite(m) => Some(UBig::from(*m)),
            Gamma::Infinite(_) => None,
        };
        // The library lists the moves in the contract's order already.
        Ok(Analysis::new(self, labels, outcome, grundy, moves, METHOD)
            .listing_at_most(MOVE_LIST_LIMIT, UBig::from(found.total), Vec::new())
            .with_loopy(value))
    }

    /// The tokens as one component of a sum: the value of their sum (finite
    /// or infinite), and its moves to a finite value `t` (see
    /// [`GammaFunction::sum_moves_to`](crate::games::digraph::GammaFunction::sum_moves_to)), every one of them or an error past
    /// [`MOVE_LIST_LIMIT`].
    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let input = at.graph()?;
        let graph = digraph_of(input)?;
        let (labels, tokens) = tokens_of(&graph, &at.numbers)?;
        let value = match graph.gamma().sum_value(&tokens) {
            Gamma::Finite(m) => SumValue::Finite(UBig::from(m)),
            Gamma::Infinite(set) => SumValue::Infinite(set.into_iter().map(UBig::from).collect()),
        };
        let position = labels.clone();
        let moves_to = move |target: &UBig| {
            let Ok(target) = u32::try_from(target) else {
                return Ok(Vec::new()); // every finite value is a u32
            };
            let found = graph.gamma().sum_moves_to(&tokens, target, MOVE_LIST_LIMIT);
            if found.total > found.moves.len() as u64 {
                return Err(Error::Limit(format!(
                    "the tokens have {} moves to value {target}, more than the {MOVE_LIST_LIMIT} a sum \
                     lists (MOVE_LIST_LIMIT)",
                    found.total
                )));
            }
            Ok(found
                .moves
                .iter()
                .map(|m| token_move(&graph, &labels, m))
                .collect())
        };
        Ok(Component::loopy(position, value, METHOD, moves_to))
    }

    /// The values of the graph's vertices; without a graph, the argument is
    /// missing.
    fn sequence(&self, of: SequenceOf, _: &mut dyn Monitor) -> Result<Sequence> {
        let SequenceOf::Vertices(input) = of else {
            return Err(Error::BadArgument(
                "digraph is played on a graph: grundy sequence digraph FILE (or - for stdin)"
                    .into(),
            ));
        };
        let graph = digraph_of(input)?;
        // The values first, then the labels moved out of the graph, whose
        // arrays are freed before the answer is written.
        let values = graph.gamma().into_table();
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Vertices {
                vertices: graph.into_labels(),
                values,
            },
            stats: None,
        })
    }
}

/// The token labels of `position` and their vertices in `graph`.
fn tokens_of(graph: &Digraph, position: &[UBig]) -> Result<(Vec<UBig>, Vec<Vertex>)> {
    let labels = position.to_vec();
    let tokens = labels
        .iter()
        .map(|label| {
            u64::try_from(label)
                .ok()
                .and_then(|l| graph.vertex(l))
                .ok_or_else(|| Error::BadPosition(format!("vertex {label} is not in the graph")))
        })
        .collect::<Result<Vec<Vertex>>>()?;
    Ok((labels, tokens))
}

/// A move of a token, as a change of its coordinate.
fn token_move(graph: &Digraph, labels: &[UBig], m: &SumMove) -> Move {
    let (from, to) = (&labels[m.component], graph.label(m.to));
    let description = format!(
        "move the token on {from} (token {}) to {to}",
        m.component + 1
    );
    Move::single(m.component, UBig::from(to), description)
}

/// The JSON of a value: a number when finite, else the string of its
/// [`Display`](std::fmt::Display) form, `"inf{0,2}"`.
impl Serialize for Gamma {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_ref().serialize(serializer)
    }
}

/// As [`Gamma`]'s.
impl Serialize for GammaRef<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            GammaRef::Finite(m) => serializer.serialize_u32(*m),
            GammaRef::Infinite(_) => serializer.collect_str(self),
        }
    }
}

/// The values in order, as [`Gamma`]'s, checking for a stop as it goes.
impl Serialize for GammaTable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        polled_seq(serializer, Some(self.len()), self.iter())
    }
}
