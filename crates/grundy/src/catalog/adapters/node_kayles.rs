//! `node-kayles`: choose a vertex of a graph file; it and its neighbours
//! leave. Exact values by components and canonical subgraphs (see
//! [`crate::games::node_kayles`]).

use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Form, Numbers};
use dashu_int::UBig;

use super::graphs::without_vertices;
use crate::bits::BitSet;
use crate::catalog::kit::options::graph_of_play;
use crate::catalog::GraphInput;
use crate::catalog::{Analysis, Component, Game, Monitor, Move, PlayMove, Position, Summands};
use crate::error::{Error, Result};
use crate::games::node_kayles::{NodeKayles, Solution};
use crate::graph::parse::parse_edges;
use crate::graph::Vertex;

/// The registry's entry of `node-kayles`.
pub(crate) const ENTRY: Entry = Entry {
    name: "node-kayles",
    forms: &["node-kayles"],
    form_note: "",
    aliases: &[],
    summary: "choose a vertex of a graph (file or stdin); it and its neighbours leave",
    position: "a graph file of edges `U V` (- for stdin)",
    theory: "nim-sum of the connected components, each by memoised search keyed by \
             canonical form (AHU for trees); paths are Dawson's Chess (0.137)",
    verbs: ANALYZE_ONLY,
    example_spec: "node-kayles",
    example_position: "-",
    example_stdin: "0 1\n0 2\n0 3\n3 4\n",
    build: Build::Plain(node_kayles),
};

/// `node-kayles`.
pub(crate) fn node_kayles() -> Box<dyn Game> {
    Box::new(NodeKaylesEntry)
}

struct NodeKaylesEntry;

impl NodeKaylesEntry {
    /// The game of the graph file and its values, or why not.
    fn solve(
        &self,
        input: GraphInput,
        position: &[UBig],
    ) -> Result<(NodeKayles, Solution, String)> {
        let game = self.game_of(input, position)?;
        let solution = game.solve().map_err(|e| Error::Limit(e.to_string()))?;
        let method = format!(
            "the nim-sum of the {} connected components; each valued by memoised search over \
             what the moves leave: trees keyed by rooted canonical form (AHU), {} rooted trees; \
             other graphs by their sets of vertices, {} sets",
            solution.components, solution.trees, solution.sets
        );
        Ok((game, solution, method))
    }

    /// The game of the graph file, which takes no other argument.
    fn game_of(&self, input: GraphInput, position: &[UBig]) -> Result<NodeKayles> {
        if !position.is_empty() {
            return Err(Error::BadPosition(
                "node-kayles takes only the graph file (the whole graph is the position)".into(),
            ));
        }
        let GraphInput::Edges(text) = input else {
            return Err(Error::BadArgument(
                "--grid is for geography; node-kayles reads a graph file of edges 'U V'".into(),
            ));
        };
        Ok(NodeKayles::new(parse_edges(&text)?))
    }
}

/// The move choosing the vertex labelled `label`, as `analyze` writes it.
fn choose(label: u64) -> Move {
    Move::to_target(
        vec![UBig::from(label)],
        format!("choose vertex {label}: it and its neighbours leave"),
    )
}

/// The choices of the vertices whose choice leaves a graph of value `target`.
fn moves_to(game: &NodeKayles, solution: &Solution, target: &UBig) -> Vec<Move> {
    (0..solution.after.len() as u32)
        .filter(|&v| UBig::from(solution.after[v as usize]) == *target)
        .map(|v| choose(game.graph().label(v)))
        .collect()
}

impl Game for NodeKaylesEntry {
    fn spec(&self) -> String {
        "node-kayles".into()
    }

    fn form(&self) -> Form<'_> {
        Form::graph(
            "it is played on a graph: grundy analyze node-kayles FILE (or - for stdin)",
            Numbers::Refused(
                "node-kayles takes only the graph file (the whole graph is the position)",
            ),
        )
    }

    /// Misère play and Every-SG by the rules: the graph is one summand,
    /// every subgraph left by choices searched within the budget. The
    /// options of the whole graph choose its vertices in order.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let input = at.graph()?;
        let game = self.game_of(input, &at.numbers)?;
        let start = game.everything();
        let names = (0..game.graph().vertex_count() as Vertex)
            .map(|v| choose(game.graph().label(v)))
            .collect();
        Ok(Summands::whole(game, start, Vec::new(), |_: &BitSet| Vec::new()).named(names))
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let input = at.graph()?;
        let (game, solution, method) = self.solve(input, &at.numbers)?;
        let moves = moves_to(&game, &solution, &UBig::ZERO);
        let value = UBig::from(solution.value);
        Ok(Analysis::valued(self, Vec::new(), value, moves, &method))
    }

    /// Each vertex chosen: the graph without it and its neighbours.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let Some(GraphInput::Edges(text)) = &at.graph else {
            return Err(Error::BadArgument(
                "node-kayles is played on a graph file of edges 'U V'".into(),
            ));
        };
        if !at.numbers.is_empty() {
            return Err(Error::BadPosition(
                "node-kayles takes only the graph file (the whole graph is the position)".into(),
            ));
        }
        let graph = parse_edges(text)?;
        let lines = graph.vertex_count() + graph.edge_count();
        graph_of_play(self, at, graph.vertex_count(), lines)?;
        let adjacency = graph.adjacency();
        Ok((0..graph.vertex_count() as Vertex)
            .map(|v| {
                let neighbour = |w: Vertex| adjacency.incident(v).iter().any(|&(n, _)| n == w);
                let left = without_vertices(&graph, |w| w == v || neighbour(w));
                PlayMove {
                    step: choose(graph.label(v)),
                    to: Position {
                        game: None,
                        graph: Some(left),
                        numbers: Vec::new(),
                    },
                }
            })
            .collect())
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let input = at.graph()?;
        let (game, solution, method) = self.solve(input, &at.numbers)?;
        let value = UBig::from(solution.value);
        let moves = move |target: &UBig| Ok(moves_to(&game, &solution, target));
        Ok(Component::new(Vec::new(), value, method, moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{parse, ByWords};
    use crate::error::ErrorKind;
    use crate::game::Outcome;

    fn analyze(text: &str, position: &[&str]) -> Result<Analysis> {
        let position: Vec<String> = position.iter().map(|s| s.to_string()).collect();
        parse("node-kayles")
            .unwrap()
            .analyze_graph_words(GraphInput::Edges(text.into()), &position)
    }

    #[test]
    fn a_star_and_a_path() {
        // A star of three leaves: choosing the centre empties it; a leaf
        // leaves two lone vertices (1 xor 1 = 0): every choice wins.
        let a = analyze("0 1\n0 2\n0 3\n", &[]).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 4);
        // With four leaves, a leaf leaves three lone vertices (value 1).
        let b = analyze("0 1\n0 2\n0 3\n0 4\n", &[]).unwrap();
        let to: Vec<_> = b.winning_moves.iter().map(|m| m.target.clone()).collect();
        assert_eq!(to, [Some(vec![UBig::ZERO])]);
        // A path of 4: every choice leaves a path of 1 or 2 (value 1).
        let p = analyze("0 1\n1 2\n2 3\n", &[]).unwrap();
        assert_eq!(p.grundy, Some(UBig::ZERO));
        assert!(p.winning_moves.is_empty());
    }

    #[test]
    fn bad_input_says_why() {
        assert_eq!(
            analyze("0 1\n", &["0"]).unwrap_err().kind(),
            ErrorKind::BadPosition
        );
        assert_eq!(
            analyze("0 x\n", &[]).unwrap_err().kind(),
            ErrorKind::BadPosition
        );
    }
}
