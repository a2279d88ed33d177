//! `geography:directed`: vertex geography on a directed graph, by memoised
//! search (see [`crate::games::directed_geography`]); `geography` alone is
//! the undirected game of [`super::graphs`].

use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Form, Numbers};
use dashu_int::UBig;

use super::graphs::{geography, start_vertex, token_summands, without_vertex};
use crate::catalog::kit::options::graph_of_play;
use crate::catalog::GraphInput;
use crate::catalog::{Analysis, Component, Game, Monitor, Move, PlayMove, Position, Summands};
use crate::error::{Error, Result};
use crate::game::Impartial;
use crate::games::directed_geography::{value_of, DirectedGeography, DirectedGeographyError};
use crate::graph::parse::parse_edges;
use crate::graph::Vertex;

/// The registry's entry of `geography`.
pub(crate) const GEOGRAPHY: Entry = Entry {
    name: "geography",
    forms: &["geography", "geography:directed"],
    form_note: "",
    aliases: &[],
    summary: "move a token to an unvisited neighbour (file, or `--grid`); \
              `directed`: along an arc `U V` of the file, from U to V",
    position: "a graph file (- for stdin) or --grid FILE, and a start vertex V \
               (none: the start-choosing game; `directed`: V is needed)",
    theory: "maximum matchings (Hopcroft-Karp, Edmonds); `directed`: memoised search \
             over (vertex, vertices still reachable), at most 32 of them",
    verbs: ANALYZE_ONLY,
    example_spec: "geography",
    example_position: "- 0",
    example_stdin: "0 1\n1 2\n2 3\n",
    build: Build::Optional(geography_of),
};

/// `geography` or `geography:directed`.
pub(crate) fn geography_of(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    match params {
        None => Ok(geography()),
        Some("directed") => Ok(Box::new(DirectedEntry)),
        Some(_) => Err(Error::spec(
            spec,
            "write geography (undirected) or geography:directed (each line U V an arc from U to V)",
        )),
    }
}

struct DirectedEntry;

/// A solved start: the game, the start as given, the value of every move
/// from it (vertex moved to, value left) and how it was found.
type Solved = (DirectedGeography, UBig, Vec<(Vertex, u32)>, String);

/// How the answers are found.
const METHOD: &str = "memoised search over (vertex, unvisited vertices still reachable from it)";

impl DirectedEntry {
    /// The game, the start vertex and the value of every move from it
    /// (vertex moved to, value left), ascending by vertex.
    fn solve(&self, input: GraphInput, position: &[UBig]) -> Result<Solved> {
        let (game, start, vertex) = self.game_of(input, position)?;
        let mut search = game.search(vertex).map_err(search_error)?;
        let options = search.start_options().map_err(search_error)?;
        let method = format!("{METHOD}: {} states", search.states());
        Ok((game, start, options, method))
    }

    /// The game of the file and the start vertex, as given and in the graph.
    fn game_of(
        &self,
        input: GraphInput,
        position: &[UBig],
    ) -> Result<(DirectedGeography, UBig, Vertex)> {
        let GraphInput::Edges(text) = input else {
            return Err(Error::BadArgument(
                "--grid is for undirected geography; geography:directed reads a file of arcs 'U V'"
                    .into(),
            ));
        };
        let game = DirectedGeography::new(parse_edges(&text)?);
        if position.len() != 1 {
            return Err(Error::BadPosition(
                "geography:directed takes the graph file and one start vertex V".into(),
            ));
        }
        let (start, vertex) = start_vertex(game.graph(), position)?;
        Ok((game, start, vertex))
    }
}

/// The library's refusal as a limit.
fn search_error(e: DirectedGeographyError) -> Error {
    Error::Limit(e.to_string())
}

/// The move of the token to the vertex labelled `to`, as `analyze` writes it.
fn move_to(to: u64) -> Move {
    Move::to_target(vec![UBig::from(to)], format!("move the token to {to}"))
}

/// The moves to the successors whose value is `target`, ascending.
fn moves_to(game: &DirectedGeography, options: &[(Vertex, u32)], target: &UBig) -> Vec<Move> {
    options
        .iter()
        .filter(|&&(_, value)| UBig::from(value) == *target)
        .map(|&(w, _)| move_to(game.graph().label(w)))
        .collect()
}

impl Game for DirectedEntry {
    fn spec(&self) -> String {
        "geography:directed".into()
    }

    fn form(&self) -> Form<'_> {
        Form::graph(
            "it is played on a graph: grundy analyze geography:directed FILE V",
            Numbers::Optional("start vertex"),
        )
    }

    /// Misère play and Every-SG by the rules, from the start vertex.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let input = at.graph()?;
        let (game, _, _) = self.game_of(input, &at.numbers)?;
        let graph = game.graph().clone();
        token_summands(game, &graph, &at.numbers, DirectedGeography::start)
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let input = at.graph()?;
        let (game, start, options, method) = self.solve(input, &at.numbers)?;
        let moves = moves_to(&game, &options, &UBig::ZERO);
        let value = UBig::from(value_of(&options));
        Ok(Analysis::valued(self, vec![start], value, moves, &method))
    }

    /// The token moved along an arc out of its vertex, which leaves the
    /// graph (visited); loops and visited vertices are gone from the file.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let input = at.graph.clone().unwrap_or(GraphInput::Edges(String::new()));
        let GraphInput::Edges(text) = &input else {
            return Err(Error::BadArgument(
                "--grid is for undirected geography; geography:directed reads a file of arcs 'U V'"
                    .into(),
            ));
        };
        let graph = parse_edges(text)?;
        let game = DirectedGeography::new(graph.clone());
        let [start] = at.numbers.as_slice() else {
            return Err(Error::BadPosition(
                "geography:directed takes the graph file and one start vertex V".into(),
            ));
        };
        let from = u64::try_from(start)
            .ok()
            .and_then(|s| graph.vertex(s))
            .ok_or_else(|| Error::BadPosition(format!("vertex {start} is not in the graph")))?;
        let lines = graph.vertex_count() + graph.edge_count();
        graph_of_play(self, at, graph.vertex_count(), lines)?;
        let left = without_vertex(&input, &graph, from)?;
        // The file holds only unvisited vertices: the rules' moves from a fresh start.
        let heads = game.options(&game.start(from)).into_iter();
        let heads = heads.map(|p| graph.label(p.at));
        Ok(heads
            .map(|w| PlayMove {
                step: move_to(w),
                to: Position {
                    game: None,
                    graph: Some(left.clone()),
                    numbers: vec![UBig::from(w)],
                },
            })
            .collect())
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let input = at.graph()?;
        let (game, start, options, method) = self.solve(input, &at.numbers)?;
        let value = UBig::from(value_of(&options));
        let moves = move |target: &UBig| Ok(moves_to(&game, &options, target));
        Ok(Component::new(vec![start], value, method, moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{parse, ByWords};
    use crate::error::ErrorKind;
    use crate::game::Outcome;

    fn analyze(text: &str, start: &str) -> Result<Analysis> {
        parse("geography:directed")
            .unwrap()
            .analyze_graph_words(GraphInput::Edges(text.into()), &[start.to_string()])
    }

    #[test]
    fn arcs_are_directed_and_moves_are_listed() {
        // 0 -> 1 -> 2 and 0 -> 2: moving to 2 ends the game.
        let a = analyze("0 1\n1 2\n0 2\n", "0").unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.grundy, Some(UBig::from(2u8)));
        let to: Vec<_> = a.winning_moves.iter().map(|m| m.target.clone()).collect();
        assert_eq!(to, [Some(vec![UBig::from(2u8)])]);
        // From 2 no arc leaves: the undirected game would move to 0 or 1.
        assert_eq!(analyze("0 1\n1 2\n0 2\n", "2").unwrap().outcome, Outcome::P);
    }

    #[test]
    fn bad_input_says_why() {
        assert_eq!(
            analyze("0 1\n", "5").unwrap_err().kind(),
            ErrorKind::BadPosition
        );
        assert_eq!(
            analyze("0 x\n", "0").unwrap_err().kind(),
            ErrorKind::BadPosition
        );
        assert!(matches!(parse("geography:up"), Err(Error::BadSpec { .. })));
        let long: String = (0..40).map(|i| format!("{i} {}\n", i + 1)).collect();
        let e = analyze(&long, "0").unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(e.to_string().contains("DIRECTED_GEOGRAPHY_VERTICES"), "{e}");
        assert_eq!(analyze(&long, "20").unwrap().outcome, Outcome::P);
    }
}
