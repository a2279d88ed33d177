//! Directed vertex geography: a token stands on a vertex of a directed graph;
//! a move takes it along an arc to a vertex it has not visited (the start
//! counts as visited); the player who cannot move loses.
//!
//! Unlike the undirected game (see [`super::geography`], solved by maximum
//! matchings) directed vertex geography is PSPACE-complete (Lichtenstein and
//! Sipser, 1980), so the theory is exact search. Its one idea is the state it
//! memoises: what is left of the game is the token's vertex and the set of
//! unvisited vertices it can still *reach* through unvisited vertices; the
//! visited ones, and the unvisited ones it can no longer reach, cannot matter.
//! Positions that differ only there share one entry. The vertices reachable
//! from the start are numbered densely, so a state is one machine word, and
//! their number is bounded ([`DIRECTED_GEOGRAPHY_VERTICES`]); the number of
//! states searched is bounded too ([`DIRECTED_GEOGRAPHY_STATES`]), and a
//! search that reaches it says so instead of answering.

use std::collections::HashMap;

use thiserror::Error;

use crate::game::Impartial;
use crate::games::geography::GeographyPosition;
use crate::graph::{Graph, Vertex};
use crate::limits::{DIRECTED_GEOGRAPHY_STATES, DIRECTED_GEOGRAPHY_VERTICES};
use crate::nimber::{mex, Nimber};
use crate::stop;

/// Directed vertex geography on a graph whose edges `U V` are arcs from U to V.
#[derive(Clone, Debug)]
pub struct DirectedGeography {
    graph: Graph,
    /// The heads of the arcs out of each vertex, ascending, each once, loops left out.
    successors: Vec<Vec<Vertex>>,
}

/// Why a search was not done or not finished.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DirectedGeographyError {
    /// Too many vertices are reachable from the start.
    #[error(
        "{reachable} vertices are reachable from the start; exact search takes at most \
         {DIRECTED_GEOGRAPHY_VERTICES} (its states are a vertex and a set of vertices: \
         2^n of them) (DIRECTED_GEOGRAPHY_VERTICES)"
    )]
    TooManyVertices {
        /// How many there are (the start included).
        reachable: usize,
    },
    /// The search examined as many states as it may.
    #[error(
        "unknown: the search stopped after {DIRECTED_GEOGRAPHY_STATES} states (vertex, reachable set) \
         without settling the position (DIRECTED_GEOGRAPHY_STATES)"
    )]
    Budget,
}

impl DirectedGeography {
    /// The game on `graph`, each edge `[U, V]` as given an arc from U to V.
    pub fn new(graph: Graph) -> DirectedGeography {
        let mut successors = vec![Vec::new(); graph.vertex_count()];
        for &[u, v] in graph.edges() {
            if u != v {
                successors[u as usize].push(v);
            }
        }
        for heads in &mut successors {
            heads.sort_unstable();
            heads.dedup();
        }
        DirectedGeography { graph, successors }
    }

    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The position of the rules with the token on `start`, only it visited.
    pub fn start(&self, start: Vertex) -> GeographyPosition {
        let empty = GeographyPosition {
            at: start,
            visited: crate::bits::BitSet::with_capacity(self.graph.vertex_count()),
        };
        empty.moved_to(start)
    }

    /// The search from `start`: the vertices it can reach numbered densely
    /// (refused beyond [`DIRECTED_GEOGRAPHY_VERTICES`]).
    pub fn search(&self, start: Vertex) -> Result<Search, DirectedGeographyError> {
        let mut order = vec![start];
        let mut local = HashMap::from([(start, 0u32)]);
        let mut next = 0;
        while next < order.len() {
            for &w in &self.successors[order[next] as usize] {
                if let std::collections::hash_map::Entry::Vacant(slot) = local.entry(w) {
                    slot.insert(order.len() as u32);
                    order.push(w);
                }
            }
            next += 1;
            if order.len() > DIRECTED_GEOGRAPHY_VERTICES {
                return Err(DirectedGeographyError::TooManyVertices {
                    reachable: self.reachable_count(start),
                });
            }
        }
        let successors = order
            .iter()
            .map(|&v| {
                self.successors[v as usize]
                    .iter()
                    .fold(0u32, |mask, w| mask | 1 << local[w])
            })
            .collect();
        Ok(Search {
            vertices: order,
            successors,
            values: HashMap::new(),
            budget: DIRECTED_GEOGRAPHY_STATES,
        })
    }

    /// How many vertices `start` reaches (itself included), for the refusal.
    fn reachable_count(&self, start: Vertex) -> usize {
        let mut seen = vec![false; self.graph.vertex_count()];
        let mut stack = vec![start];
        seen[start as usize] = true;
        let mut count = 1;
        while let Some(v) = stack.pop() {
            for &w in &self.successors[v as usize] {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    count += 1;
                    stack.push(w);
                }
            }
        }
        count
    }
}

impl Impartial for DirectedGeography {
    type Position = GeographyPosition;

    fn options(&self, position: &GeographyPosition) -> Vec<GeographyPosition> {
        self.successors[position.at as usize]
            .iter()
            .filter(|&&w| !position.has_visited(w))
            .map(|&w| position.moved_to(w))
            .collect()
    }
}

/// The memoised search from one start vertex, over the vertices it reaches,
/// numbered from 0 (the start) in breadth-first order.
#[derive(Clone, Debug)]
pub struct Search {
    /// The graph's vertex of each local number.
    vertices: Vec<Vertex>,
    /// The arcs out of each local vertex, as a set of local numbers.
    successors: Vec<u32>,
    /// The Grundy value of each state searched, by [`state`].
    values: HashMap<u64, u8>,
    /// The most states it values ([`DIRECTED_GEOGRAPHY_STATES`]; less in tests).
    budget: usize,
}

/// The key of a state: the token's local vertex and the set it can reach.
fn state(at: u32, reach: u32) -> u64 {
    u64::from(at) << 32 | u64::from(reach)
}

impl Search {
    /// The unvisited vertices reachable from `at` through unvisited
    /// vertices (`unvisited` a set of local numbers, `at` not in it).
    fn reach(&self, at: u32, unvisited: u32) -> u32 {
        let mut reach = self.successors[at as usize] & unvisited;
        let mut frontier = reach;
        while frontier != 0 {
            let mut next = 0;
            for v in bits(frontier) {
                next |= self.successors[v as usize];
            }
            frontier = next & unvisited & !reach;
            reach |= frontier;
        }
        reach
    }

    /// The Grundy value with the token on `at` and `reach` the vertices it
    /// can still reach: the mex over the moves to each successor in it.
    fn value(&mut self, at: u32, reach: u32) -> Result<u8, DirectedGeographyError> {
        if let Some(&v) = self.values.get(&state(at, reach)) {
            return Ok(v);
        }
        if self.values.len() >= self.budget {
            return Err(DirectedGeographyError::Budget);
        }
        stop::poll();
        let mut seen = 0u64;
        for w in bits(self.successors[at as usize] & reach) {
            let rest = reach & !(1 << w);
            let v = self.value(w, self.reach(w, rest))?;
            seen |= 1 << v;
        }
        // At most 32 successors: the mex is below 33.
        let value = seen.trailing_ones() as u8;
        self.values.insert(state(at, reach), value);
        Ok(value)
    }

    /// Every move from the start: the vertex moved to and the Grundy value of
    /// the position it leaves, ascending by vertex.
    pub fn start_options(&mut self) -> Result<Vec<(Vertex, u32)>, DirectedGeographyError> {
        let all = if self.vertices.len() == 32 {
            u32::MAX
        } else {
            (1u32 << self.vertices.len()) - 1
        };
        let unvisited = all & !1;
        let mut options = Vec::new();
        for w in bits(self.successors[0] & unvisited) {
            let rest = unvisited & !(1 << w);
            let value = self.value(w, self.reach(w, rest))?;
            options.push((self.vertices[w as usize], u32::from(value)));
        }
        options.sort_unstable();
        Ok(options)
    }

    /// How many states have been valued.
    pub fn states(&self) -> usize {
        self.values.len()
    }
}

/// The Grundy value of a position from the values of its options.
pub fn value_of(options: &[(Vertex, u32)]) -> u32 {
    mex(options.iter().map(|&(_, v)| Nimber(v.into()))).0 as u32
}

/// The elements of a set of local numbers, ascending.
fn bits(mut set: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros();
            set &= set - 1;
            v
        })
    })
}

/// The Grundy value by plain search over the rules: every path, no memory
/// (the baseline of the benchmarks; exponential).
pub fn plain_value(game: &DirectedGeography, position: &GeographyPosition) -> u32 {
    let options = game.options(position);
    let values: Vec<Nimber> = options
        .iter()
        .map(|o| Nimber(plain_value(game, o).into()))
        .collect();
    mex(values).0 as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Memo;
    use proptest::prelude::*;

    /// The value of every move from every start against memoised search
    /// over the rules (so the value and the winning moves too), and against
    /// plain search.
    fn check(graph: Graph) {
        let game = DirectedGeography::new(graph);
        let mut memo = Memo::new(game.clone());
        for v in 0..game.graph().vertex_count() as Vertex {
            let options = game.search(v).unwrap().start_options().unwrap();
            let start = game.start(v);
            let mut expected: Vec<(Vertex, u32)> = game
                .options(&start)
                .into_iter()
                .map(|o| (o.at, memo.grundy(&o).unwrap().0 as u32))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(options, expected, "{:?} from {v}", game.graph());
            let value = memo.grundy(&start).unwrap().0 as u32;
            assert_eq!(value_of(&options), value);
            assert_eq!(plain_value(&game, &start), value);
        }
    }

    /// The digraph on `0..n` whose arcs are the set bits of `mask` among the
    /// ordered pairs `u != v`.
    fn digraph(n: u64, mask: u32) -> Graph {
        let pairs = (0..n).flat_map(|u| (0..n).filter(move |&v| v != u).map(move |v| [u, v]));
        let arcs: Vec<[u64; 2]> = pairs
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, e)| e)
            .collect();
        Graph::new(0..n, &arcs).unwrap()
    }

    #[test]
    fn search_matches_the_rules_on_every_digraph_up_to_four_vertices() {
        for n in 1..=4u64 {
            for mask in 0..1u32 << (n * (n - 1)) {
                check(digraph(n, mask));
            }
        }
    }

    #[test]
    fn a_directed_path_and_cycle() {
        // 0 -> 1 -> 2: from 0 two moves remain, a P-position.
        let path = DirectedGeography::new(Graph::from_edges(&[[0, 1], [1, 2]]).unwrap());
        assert_eq!(
            value_of(&path.search(0).unwrap().start_options().unwrap()),
            0
        );
        assert_eq!(
            value_of(&path.search(1).unwrap().start_options().unwrap()),
            1
        );
        // A directed cycle of n: n - 1 moves, whoever starts.
        for n in 2..=20u64 {
            let arcs: Vec<[u64; 2]> = (0..n).map(|i| [i, (i + 1) % n]).collect();
            let cycle = DirectedGeography::new(Graph::from_edges(&arcs).unwrap());
            let value = value_of(&cycle.search(0).unwrap().start_options().unwrap());
            assert_eq!(value, u32::from((n - 1) % 2 == 1), "{n}");
        }
    }

    #[test]
    fn too_many_reachable_vertices_are_refused_but_unreachable_ones_cost_nothing() {
        let n = DIRECTED_GEOGRAPHY_VERTICES as u64;
        let long: Vec<[u64; 2]> = (0..n).map(|i| [i, i + 1]).collect();
        let game = DirectedGeography::new(Graph::from_edges(&long).unwrap());
        assert_eq!(
            game.search(0).err(),
            Some(DirectedGeographyError::TooManyVertices {
                reachable: n as usize + 1
            })
        );
        // From vertex 1 only n vertices are reachable: searched.
        assert_eq!(
            value_of(&game.search(1).unwrap().start_options().unwrap()),
            1
        );
        // A complete digraph on the most vertices: the budget, not a verdict.
        let all: Vec<[u64; 2]> = (0..n)
            .flat_map(|u| (0..n).filter(move |&v| v != u).map(move |v| [u, v]))
            .collect();
        let complete = DirectedGeography::new(Graph::from_edges(&all).unwrap());
        let mut search = complete.search(0).unwrap();
        search.budget = 1 << 12;
        assert_eq!(search.start_options(), Err(DirectedGeographyError::Budget));
        assert_eq!(search.states(), 1 << 12);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn search_matches_the_rules_on_random_digraphs(
            arcs in proptest::collection::vec((0u64..8, 0u64..8), 0..=16)
        ) {
            let arcs: Vec<[u64; 2]> = arcs.into_iter().map(|(u, v)| [u, v]).collect();
            check(Graph::from_edges(&arcs).unwrap());
        }
    }
}
