//! Undirected vertex geography: a token stands on a vertex; a move takes it
//! along an edge to a vertex it has not visited (the start counts as
//! visited); the player who cannot move loses.
//!
//! Theory (Fraenkel, Scheinerman and Ullman, "Undirected edge geography",
//! Theoretical Computer Science 112, 1993, which also treats the vertex
//! version): the player to move from `v` wins exactly when every maximum
//! matching of the graph covers `v`, that is, when `v` is not in the
//! Gallai-Edmonds set D of vertices that some maximum matching misses.
//! (If `v` is covered by every maximum matching `M`, moving to `v`'s mate
//! answers every reply with a matched edge; if some `M` misses `v`, every move
//! `v w` lands on a vertex covered by `M` and the opponent plays that strategy.)
//!
//! A move to `w` leaves the game from `w` in the graph without `v`, so the
//! winning moves are the neighbours `w` that are in D of `G - v`: one
//! matching search finds them all. Repeated edges and loops change nothing.

use crate::bits::BitSet;
use crate::game::{Impartial, Outcome};
use crate::graph::matching::MaximumMatching;
use crate::graph::{Adjacency, Graph, Vertex};

/// Vertex geography on an undirected graph, with a maximum matching of it
/// computed once by [`Geography::new`].
#[derive(Clone, Debug)]
pub struct Geography {
    graph: Graph,
    adjacency: Adjacency,
    maximum: MaximumMatching,
}

/// A position of the rules: where the token is, and the vertices visited.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeographyPosition {
    /// The vertex the token is on.
    pub at: Vertex,
    /// The visited vertices.
    pub visited: BitSet,
}

impl GeographyPosition {
    /// Whether vertex `v` has been visited.
    pub fn has_visited(&self, v: Vertex) -> bool {
        self.visited.contains(v as usize)
    }

    /// The position after moving the token to `w`.
    pub fn moved_to(&self, w: Vertex) -> GeographyPosition {
        let mut visited = self.visited.clone();
        visited.insert(w as usize);
        GeographyPosition { at: w, visited }
    }
}

impl Geography {
    /// The game on `graph`; finds a maximum matching (Hopcroft-Karp if the
    /// graph is bipartite, else Edmonds) and its set D.
    pub fn new(graph: Graph) -> Geography {
        let adjacency = graph.adjacency();
        let maximum = MaximumMatching::of(&adjacency);
        Geography {
            graph,
            adjacency,
            maximum,
        }
    }

    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Who wins with the token on `start` and nothing else visited: the
    /// player to move (N) exactly when every maximum matching covers `start`.
    pub fn outcome(&self, start: Vertex) -> Outcome {
        Outcome::from_p(self.maximum.is_missable(start))
    }

    /// Every winning move from `start` (nothing else visited): the
    /// neighbours to move the token to, ascending, each once. They are the
    /// neighbours in D of the graph without `start`, found by one search from
    /// this game's matching with `start` taken out: O(E α(V)).
    pub fn winning_moves(&self, start: Vertex) -> Vec<Vertex> {
        if self.outcome(start) == Outcome::P {
            return Vec::new();
        }
        let rest = self.maximum.without(&self.adjacency, start);
        let mut moves: Vec<Vertex> = self
            .adjacency
            .incident(start)
            .iter()
            .map(|&(w, _)| w)
            .filter(|&w| w != start && rest.is_missable(w))
            .collect();
        moves.sort_unstable();
        moves.dedup();
        moves
    }

    /// The vertices in D, ascending: where the player who places the token
    /// should put it, since the player who moves first from there loses.
    /// Empty exactly when the graph has a perfect matching.
    pub fn winning_starts(&self) -> Vec<Vertex> {
        (0..self.graph.vertex_count() as Vertex)
            .filter(|&v| self.maximum.is_missable(v))
            .collect()
    }

    /// The position of the rules with the token on `start`, only it visited.
    pub fn start(&self, start: Vertex) -> GeographyPosition {
        let empty = GeographyPosition {
            at: start,
            visited: BitSet::with_capacity(self.graph.vertex_count()),
        };
        empty.moved_to(start)
    }
}

impl Impartial for Geography {
    type Position = GeographyPosition;

    fn options(&self, position: &GeographyPosition) -> Vec<GeographyPosition> {
        self.adjacency
            .incident(position.at)
            .iter()
            .filter(|&&(w, _)| !position.has_visited(w))
            .map(|&(w, _)| position.moved_to(w))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::simple_graph;
    use crate::solve::Memo;
    use proptest::prelude::*;

    /// Holds outcomes, winning moves and winning starts against memoised
    /// search over the rules, from every start vertex.
    fn check(graph: Graph) {
        let geography = Geography::new(graph);
        let mut memo = Memo::new(geography.clone());
        let mut losing_starts = Vec::new();
        for v in 0..geography.graph().vertex_count() as Vertex {
            let start = geography.start(v);
            let value = memo.grundy(&start).expect("geography is short");
            assert_eq!(
                geography.outcome(v),
                Outcome::of(value),
                "{:?} from {v}",
                geography.graph()
            );
            let mut expected: Vec<Vertex> = geography
                .options(&start)
                .into_iter()
                .filter(|o| memo.grundy(o).unwrap().is_zero())
                .map(|o| o.at)
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(
                geography.winning_moves(v),
                expected,
                "{:?} from {v}",
                geography.graph()
            );
            if value.is_zero() {
                losing_starts.push(v);
            }
        }
        assert_eq!(geography.winning_starts(), losing_starts);
    }

    #[test]
    fn theory_matches_the_rules_on_every_graph_up_to_six_vertices() {
        for n in 1..=6 {
            for mask in 0..1u32 << (n * (n - 1) / 2) {
                check(simple_graph(n, mask));
            }
        }
    }

    #[test]
    fn a_path_and_a_star() {
        let path = Geography::new(Graph::from_edges(&[[0, 1], [1, 2]]).unwrap());
        assert_eq!(path.winning_starts(), [0, 2]);
        assert_eq!(path.winning_moves(1), [0, 2]);
        let star = Geography::new(Graph::from_edges(&[[0, 1], [0, 2], [0, 3], [0, 0]]).unwrap());
        assert_eq!(star.outcome(0), Outcome::N);
        assert_eq!(star.winning_moves(0), [1, 2, 3]);
        assert_eq!(star.outcome(1), Outcome::P);
    }

    #[test]
    fn a_path_of_a_million_edges_does_not_overflow_the_stack() {
        let n = 1_000_000u64;
        let path: Vec<[u64; 2]> = (0..n).map(|i| [i, i + 1]).collect();
        let geography = Geography::new(Graph::from_edges(&path).unwrap());
        // An odd number of vertices: some maximum matching misses each even one.
        assert_eq!(geography.outcome(0), Outcome::P);
        assert_eq!(geography.outcome(1), Outcome::N);
        assert_eq!(geography.winning_moves(1), [0, 2]);
        assert_eq!(geography.winning_starts().len(), n as usize / 2 + 1);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn theory_matches_the_rules_on_random_multigraphs(
            edges in proptest::collection::vec((0u64..9, 0u64..9), 0..=10)
        ) {
            let edges: Vec<[u64; 2]> = edges.into_iter().map(|(u, v)| [u, v]).collect();
            check(Graph::from_edges(&edges).unwrap());
        }

        #[test]
        fn theory_matches_the_rules_on_random_bipartite_multigraphs(
            edges in proptest::collection::vec((0u64..5, 5u64..10), 0..=10)
        ) {
            let edges: Vec<[u64; 2]> = edges.into_iter().map(|(u, v)| [u, v]).collect();
            check(Graph::from_edges(&edges).unwrap());
        }
    }
}
