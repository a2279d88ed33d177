//! Undirected multigraphs for the graph games, and the algorithms on them.
//!
//! A [`Graph`] keeps its edges in the order they were given (an edge's id is
//! its index) and allows loops and repeated edges. Vertices are named by
//! *labels*, the non-negative integers of the graph file, and numbered densely
//! inside: vertex `i` is the `i`-th smallest label. So a file naming vertices
//! 0 and 10^18 costs two vertices, not 10^18, and ascending vertex ids are
//! ascending labels.
//!
//! - [`parse`]: the graph-file and grid formats, with line-numbered errors.
//! - [`matching`]: maximum matchings and the Gallai-Edmonds set, for geography.
//! - bridges and 2-edge-connected components (crate-internal), for Hackenbush.
//!
//! Every algorithm here is iterative: a path of millions of edges cannot
//! overflow the stack.

pub(crate) mod bridges;
pub mod matching;
pub mod parse;
mod union_find;

use crate::stop;
use thiserror::Error;

pub use parse::{parse_edges, parse_grid, Grid, GridError, ParseError};
pub(crate) use union_find::UnionFind;

/// A vertex: an index into the graph's vertices, `0..vertex_count()`.
pub type Vertex = u32;

/// An edge: its index in the order the edges were given, `0..edge_count()`.
pub type EdgeId = u32;

/// The marker for "no vertex" or "no edge" in the algorithms' arrays.
pub(crate) const NONE: u32 = u32::MAX;

/// The graph is too large to be numbered with 32-bit ids.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error(
    "the graph has {count} {what}; at most {} are supported",
    Graph::MAX_SIZE
)]
pub struct TooLarge {
    /// `"vertices"` or `"edges"`.
    pub what: &'static str,
    /// How many there were.
    pub count: usize,
}

/// An undirected multigraph with labelled vertices; loops and repeated edges allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The label of each vertex, strictly ascending.
    labels: Vec<u64>,
    /// The endpoints of each edge, in the order given.
    edges: Vec<[Vertex; 2]>,
}

impl Graph {
    /// The most vertices, and the most edges, a graph may have.
    pub const MAX_SIZE: usize = NONE as usize - 1;

    /// The graph whose vertices are those named by `edges` (pairs of labels).
    pub fn from_edges(edges: &[[u64; 2]]) -> Result<Graph, TooLarge> {
        Graph::new(std::iter::empty(), edges)
    }

    /// The graph with the vertices named by `vertices` or by `edges`, so that
    /// a vertex without edges can be given too.
    pub fn new(
        vertices: impl IntoIterator<Item = u64>,
        edges: &[[u64; 2]],
    ) -> Result<Graph, TooLarge> {
        if edges.len() > Graph::MAX_SIZE {
            return Err(TooLarge {
                what: "edges",
                count: edges.len(),
            });
        }
        let mut labels: Vec<u64> = vertices.into_iter().collect();
        labels.extend(edges.iter().flatten());
        stop::sort_unstable_polling(&mut labels);
        labels.dedup();
        if labels.len() > Graph::MAX_SIZE {
            return Err(TooLarge {
                what: "vertices",
                count: labels.len(),
            });
        }
        let id = |label: &u64| labels.partition_point(|l| l < label) as Vertex;
        let edges = stop::polling(edges.iter())
            .map(|[u, v]| [id(u), id(v)])
            .collect();
        Ok(Graph { labels, edges })
    }

    /// How many vertices there are.
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    /// How many edges there are.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The endpoints of every edge, indexed by edge id, each pair as given.
    pub fn edges(&self) -> &[[Vertex; 2]] {
        &self.edges
    }

    /// The endpoints of edge `e`, as given.
    pub fn endpoints(&self, e: EdgeId) -> [Vertex; 2] {
        self.edges[e as usize]
    }

    /// The label (number in the graph file) of vertex `v`.
    pub fn label(&self, v: Vertex) -> u64 {
        self.labels[v as usize]
    }

    /// The vertex with label `label`, if the graph has one.
    pub fn vertex(&self, label: u64) -> Option<Vertex> {
        self.labels.binary_search(&label).ok().map(|i| i as Vertex)
    }

    /// The labels of the endpoints of edge `e`, smaller first: how a move that
    /// removes the edge is shown (`"to": [U, V]`), and the key that lists of
    /// edges are sorted by.
    pub fn edge_labels(&self, e: EdgeId) -> [u64; 2] {
        let [u, v] = self.endpoints(e).map(|x| self.label(x));
        [u.min(v), u.max(v)]
    }

    /// The incidence lists of the graph.
    pub fn adjacency(&self) -> Adjacency {
        Adjacency::new(self.vertex_count(), &self.edges)
    }
}

/// Incidence lists in one array: for each vertex, its `(neighbour, edge)` pairs.
///
/// An edge `u v` appears in the lists of `u` and of `v`; a loop appears once in
/// the list of its vertex. Within a list, edges are in ascending id order.
#[derive(Clone, Debug)]
pub struct Adjacency {
    /// Vertex `v`'s pairs are `entries[start[v]..start[v + 1]]`.
    start: Vec<usize>,
    entries: Vec<(Vertex, EdgeId)>,
}

impl Adjacency {
    /// The incidence lists of a graph on vertices `0..vertex_count` with the
    /// given edges, edge `i` having id `i`.
    pub fn new(vertex_count: usize, edges: &[[Vertex; 2]]) -> Adjacency {
        let mut start = vec![0usize; vertex_count + 1];
        for &[u, v] in edges {
            start[u as usize + 1] += 1;
            if u != v {
                start[v as usize + 1] += 1;
            }
        }
        for i in 0..vertex_count {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut entries = vec![(0, 0); start[vertex_count]];
        for (e, &[u, v]) in edges.iter().enumerate() {
            entries[next[u as usize]] = (v, e as EdgeId);
            next[u as usize] += 1;
            if u != v {
                entries[next[v as usize]] = (u, e as EdgeId);
                next[v as usize] += 1;
            }
        }
        Adjacency { start, entries }
    }

    /// How many vertices there are.
    pub fn vertex_count(&self) -> usize {
        self.start.len() - 1
    }

    /// The `(neighbour, edge)` pairs of vertex `v`.
    pub fn incident(&self, v: Vertex) -> &[(Vertex, EdgeId)] {
        &self.entries[self.start[v as usize]..self.start[v as usize + 1]]
    }
}

/// For tests: the simple graph on vertices `0..n` whose edges are the set
/// bits of `mask` among the pairs `u < v` in order (every graph on `n`
/// vertices is one of these).
#[cfg(test)]
pub(crate) fn simple_graph(n: u64, mask: u32) -> Graph {
    let pairs = (0..n).flat_map(|u| (u + 1..n).map(move |v| [u, v]));
    let edges: Vec<[u64; 2]> = pairs
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, e)| e)
        .collect();
    Graph::new(0..n, &edges).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_numbered_in_ascending_order() {
        let g = Graph::new([7], &[[1_000_000_000_000, 3], [3, 3]]).unwrap();
        assert_eq!(g.vertex_count(), 3);
        assert_eq!(g.vertex(3), Some(0));
        assert_eq!(g.vertex(7), Some(1));
        assert_eq!(g.vertex(4), None);
        assert_eq!(g.endpoints(0), [2, 0]);
        assert_eq!(g.edge_labels(0), [3, 1_000_000_000_000]);
        assert_eq!(g.label(1), 7);
    }

    #[test]
    fn a_loop_is_listed_once_and_repeated_edges_twice() {
        let g = Graph::from_edges(&[[0, 1], [1, 1], [1, 0]]).unwrap();
        let adjacency = g.adjacency();
        assert_eq!(adjacency.incident(0), &[(1, 0), (1, 2)]);
        assert_eq!(adjacency.incident(1), &[(0, 0), (1, 1), (0, 2)]);
    }
}
