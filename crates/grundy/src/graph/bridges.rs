//! Bridges and 2-edge-connected components of the part of a graph reached
//! from a root, by one iterative depth-first search with lowlinks
//! (Tarjan, "A note on finding the bridges of a graph", 1974).
//!
//! An edge is a bridge when removing it disconnects its endpoints; the
//! 2-edge-connected components are what is left joined after removing every
//! bridge. In the depth-first tree, the tree edge above `v` is a bridge exactly
//! when no edge leaves the subtree of `v` for a vertex discovered before `v`,
//! and each component is a subtree, cut below at bridges, whose top vertex (its
//! *head*) is the root or a vertex hanging from a bridge.

use super::{Adjacency, EdgeId, Vertex, NONE};

/// The depth-first tree from a root and the 2-edge-connected components of
/// the part of the graph it reaches.
#[derive(Clone, Debug)]
pub(crate) struct EdgeComponents {
    /// The vertices reached, in depth-first preorder; the root first.
    pub(crate) order: Vec<Vertex>,
    /// The depth-first parent of each vertex (`NONE` at the root and unreached ones).
    pub(crate) parent: Vec<Vertex>,
    /// The tree edge from each vertex to its parent (`NONE` likewise).
    pub(crate) parent_edge: Vec<EdgeId>,
    /// The head of each reached vertex's component (`NONE` if unreached).
    pub(crate) head: Vec<Vertex>,
}

impl EdgeComponents {
    /// The components of the part reached from `root` (nothing if `None`),
    /// ignoring edge `skip` if given.
    pub(crate) fn new(
        adjacency: &Adjacency,
        root: Option<Vertex>,
        skip: Option<EdgeId>,
    ) -> EdgeComponents {
        let n = adjacency.vertex_count();
        let mut search = EdgeComponents {
            order: Vec::new(),
            parent: vec![NONE; n],
            parent_edge: vec![NONE; n],
            head: vec![NONE; n],
        };
        if let Some(root) = root {
            let low = search.depth_first(adjacency, root, skip.unwrap_or(NONE));
            search.assign_heads(&low);
        }
        search
    }

    /// Whether `v` was reached from the root.
    pub(crate) fn is_reached(&self, v: Vertex) -> bool {
        self.head[v as usize] != NONE
    }

    /// Whether `v` is the head of its component.
    pub(crate) fn is_head(&self, v: Vertex) -> bool {
        self.head[v as usize] == v
    }

    /// If edge `e` (with endpoints `ends`) is a bridge, the head of the
    /// component below it.
    pub(crate) fn bridge_below(&self, e: EdgeId, ends: [Vertex; 2]) -> Option<Vertex> {
        ends.into_iter()
            .find(|&v| self.is_head(v) && self.parent_edge[v as usize] == e)
    }

    /// Fills `order`, `parent` and `parent_edge`; returns each vertex's lowlink
    /// as a preorder number: the earliest vertex reached by a non-tree edge
    /// from its subtree (or its own number).
    fn depth_first(&mut self, adjacency: &Adjacency, root: Vertex, skip: EdgeId) -> Vec<u32> {
        let n = adjacency.vertex_count();
        let mut number = vec![NONE; n];
        let mut low = vec![NONE; n];
        self.discover(root, &mut number, &mut low);
        // Each frame: a vertex and how many of its incidences are done.
        let mut stack: Vec<(Vertex, usize)> = vec![(root, 0)];
        while let Some((v, next)) = stack.last_mut() {
            let v = *v;
            let Some(&(w, e)) = adjacency.incident(v).get(*next) else {
                stack.pop();
                let p = self.parent[v as usize];
                if p != NONE {
                    low[p as usize] = low[p as usize].min(low[v as usize]);
                }
                continue;
            };
            *next += 1;
            if e == skip || e == self.parent_edge[v as usize] {
                continue;
            }
            if number[w as usize] == NONE {
                self.parent[w as usize] = v;
                self.parent_edge[w as usize] = e;
                self.discover(w, &mut number, &mut low);
                stack.push((w, 0));
            } else {
                low[v as usize] = low[v as usize].min(number[w as usize]);
            }
        }
        low
    }

    /// Gives `v` the next preorder number, which is also its first lowlink.
    fn discover(&mut self, v: Vertex, number: &mut [u32], low: &mut [u32]) {
        number[v as usize] = self.order.len() as u32;
        low[v as usize] = number[v as usize];
        self.order.push(v);
    }

    /// A vertex heads a component if it is the root or nothing below it
    /// reaches above it; any other vertex shares its parent's component.
    fn assign_heads(&mut self, low: &[u32]) {
        for (preorder, &v) in self.order.iter().enumerate() {
            let p = self.parent[v as usize];
            self.head[v as usize] = if p == NONE || low[v as usize] == preorder as u32 {
                v
            } else {
                self.head[p as usize]
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;

    fn components(edges: &[[u64; 2]], root: u64) -> (Graph, EdgeComponents) {
        let graph = Graph::from_edges(edges).unwrap();
        let found = EdgeComponents::new(&graph.adjacency(), graph.vertex(root), None);
        (graph, found)
    }

    fn bridges(graph: &Graph, found: &EdgeComponents) -> Vec<EdgeId> {
        (0..graph.edge_count() as EdgeId)
            .filter(|&e| found.bridge_below(e, graph.endpoints(e)).is_some())
            .collect()
    }

    #[test]
    fn a_triangle_with_a_tail_and_a_double_edge() {
        // 0-1-2-0 triangle, 2-3 bridge, 3=4 double edge, 4-4 loop, 5-6 apart.
        let edges = [
            [0, 1],
            [1, 2],
            [2, 0],
            [2, 3],
            [3, 4],
            [4, 3],
            [4, 4],
            [5, 6],
        ];
        let (graph, found) = components(&edges, 0);
        assert_eq!(bridges(&graph, &found), [3]);
        assert_eq!(found.head[..5], [0, 0, 0, 3, 3]);
        assert!(!found.is_reached(5) && !found.is_reached(6));
    }

    #[test]
    fn skipping_an_edge_of_a_cycle_makes_a_path_of_bridges() {
        let graph = Graph::from_edges(&[[0, 1], [1, 2], [2, 0]]).unwrap();
        let found = EdgeComponents::new(&graph.adjacency(), Some(0), Some(1));
        assert_eq!(bridges(&graph, &found), [0, 2]);
    }

    #[test]
    fn a_path_of_a_million_edges_does_not_overflow_the_stack() {
        let edges: Vec<[u64; 2]> = (0..1_000_000).map(|i| [i, i + 1]).collect();
        let (graph, found) = components(&edges, 0);
        assert_eq!(found.order.len(), 1_000_001);
        assert_eq!(bridges(&graph, &found).len(), 1_000_000);
    }
}
