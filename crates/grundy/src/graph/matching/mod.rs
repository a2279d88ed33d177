//! Maximum matchings and the Gallai-Edmonds set D: the vertices that some
//! maximum matching leaves exposed.
//!
//! A matching is a set of edges no two of which share a vertex; loops and
//! repeated edges make no difference to matchings and are ignored.
//!
//! [`MaximumMatching::of`] starts from Hopcroft-Karp when the graph is
//! bipartite (O(E sqrt V)) and from a greedy matching otherwise, then finishes
//! with Edmonds' blossom algorithm, which also yields the set D:
//! each search grows alternating trees from all exposed vertices at once and
//! either finds an augmenting path (O(E α(V)) per search, so O(V E α(V)) in
//! all) or proves the matching maximum, and then the outer (even) vertices of
//! its final forest are exactly D (the Gallai-Edmonds structure theorem; see
//! Lovász and Plummer, *Matching Theory*, 1986, section 3.2).

mod blossom;
mod hopcroft_karp;

use super::{Adjacency, Vertex, NONE};

/// A matching, as each vertex's partner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    mate: Vec<Vertex>,
}

impl Matching {
    /// The empty matching on `vertex_count` vertices.
    pub fn empty(vertex_count: usize) -> Matching {
        Matching {
            mate: vec![NONE; vertex_count],
        }
    }

    /// A maximal (not necessarily maximum) matching: each vertex in turn is
    /// matched to its first unmatched neighbour.
    pub fn greedy(adjacency: &Adjacency) -> Matching {
        let mut matching = Matching::empty(adjacency.vertex_count());
        for v in 0..adjacency.vertex_count() as Vertex {
            if matching.is_exposed(v) {
                let free = adjacency
                    .incident(v)
                    .iter()
                    .find(|&&(w, _)| w != v && matching.is_exposed(w));
                if let Some(&(w, _)) = free {
                    matching.pair(v, w);
                }
            }
        }
        matching
    }

    /// The partner of `v`, if `v` is matched.
    pub fn mate(&self, v: Vertex) -> Option<Vertex> {
        Some(self.mate[v as usize]).filter(|&w| w != NONE)
    }

    /// Whether `v` is unmatched.
    pub fn is_exposed(&self, v: Vertex) -> bool {
        self.mate[v as usize] == NONE
    }

    /// The number of edges in the matching.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&w| w != NONE).count() / 2
    }

    /// Matches `u` and `v` to each other (their old partners are not updated).
    fn pair(&mut self, u: Vertex, v: Vertex) {
        self.mate[u as usize] = v;
        self.mate[v as usize] = u;
    }

    /// Takes `v` and its partner, if any, out of the matching.
    fn unmatch(&mut self, v: Vertex) {
        if let Some(w) = self.mate(v) {
            self.mate[w as usize] = NONE;
            self.mate[v as usize] = NONE;
        }
    }

    /// Replaces the matching along an augmenting path `p0 p1 ... p(2k+1)`
    /// (from an exposed vertex to another, alternating unmatched and matched
    /// edges): afterwards `p0 p1`, `p2 p3`, ... are matched, one edge more.
    fn augment(&mut self, path: &[Vertex]) {
        for pair in path.chunks_exact(2) {
            self.pair(pair[0], pair[1]);
        }
    }
}

/// A maximum matching of a graph, possibly with one vertex removed, and the
/// Gallai-Edmonds set D of that graph.
#[derive(Clone, Debug)]
pub struct MaximumMatching {
    matching: Matching,
    missable: Vec<bool>,
}

impl MaximumMatching {
    /// A maximum matching of the graph and its set D.
    pub fn of(adjacency: &Adjacency) -> MaximumMatching {
        let start = match bipartition(adjacency) {
            Some(left) => hopcroft_karp::maximum(adjacency, &left),
            None => Matching::greedy(adjacency),
        };
        MaximumMatching::complete(adjacency, start, None)
    }

    /// A maximum matching of the graph without vertex `removed` and its set D,
    /// from this maximum matching of the whole graph: dropping `removed`'s
    /// edge leaves a matching at most one short of maximum, so at most one
    /// augmentation is needed. `removed` itself counts as not in D.
    pub fn without(&self, adjacency: &Adjacency, removed: Vertex) -> MaximumMatching {
        let mut start = self.matching.clone();
        start.unmatch(removed);
        MaximumMatching::complete(adjacency, start, Some(removed))
    }

    /// Augments `matching` with Edmonds' algorithm until it is maximum.
    fn complete(
        adjacency: &Adjacency,
        mut matching: Matching,
        removed: Option<Vertex>,
    ) -> MaximumMatching {
        loop {
            match blossom::search(adjacency, &matching, removed) {
                blossom::Found::AugmentingPath(path) => matching.augment(&path),
                blossom::Found::Maximum { outer } => {
                    return MaximumMatching {
                        matching,
                        missable: outer,
                    }
                }
            }
        }
    }

    /// The matching.
    pub fn matching(&self) -> &Matching {
        &self.matching
    }

    /// Whether some maximum matching leaves `v` exposed (`v` is in D).
    pub fn is_missable(&self, v: Vertex) -> bool {
        self.missable[v as usize]
    }
}

/// A 2-colouring of the graph's vertices with no edge inside a colour (loops
/// aside), as `true` for one side, if there is one. Found by breadth-first search.
pub fn bipartition(adjacency: &Adjacency) -> Option<Vec<bool>> {
    let n = adjacency.vertex_count();
    let mut colour: Vec<Option<bool>> = vec![None; n];
    let mut queue = Vec::new();
    for source in 0..n {
        if colour[source].is_some() {
            continue;
        }
        colour[source] = Some(true);
        queue.clear();
        queue.push(source as Vertex);
        while let Some(v) = queue.pop() {
            let side = colour[v as usize];
            for &(w, _) in adjacency.incident(v) {
                match colour[w as usize] {
                    None => {
                        colour[w as usize] = side.map(|s| !s);
                        queue.push(w);
                    }
                    Some(c) if Some(c) == side && w != v => return None,
                    Some(_) => {}
                }
            }
        }
    }
    Some(colour.into_iter().map(|c| c == Some(true)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use proptest::prelude::*;

    /// The size of a maximum matching by trying every subset of the edges.
    fn brute_force_size(graph: &Graph) -> usize {
        let edges: Vec<[Vertex; 2]> = graph
            .edges()
            .iter()
            .copied()
            .filter(|[u, v]| u != v)
            .collect();
        (0u32..1 << edges.len())
            .filter(|&subset| {
                let mut used = 0u64;
                (0..edges.len()).filter(|i| subset >> i & 1 == 1).all(|i| {
                    let bits = 1u64 << edges[i][0] | 1u64 << edges[i][1];
                    let free = used & bits == 0;
                    used |= bits;
                    free
                })
            })
            .map(|subset| subset.count_ones() as usize)
            .max()
            .unwrap_or(0)
    }

    /// Whether `matching` is a matching of `graph` (partners are adjacent and mutual).
    fn is_valid(graph: &Graph, adjacency: &Adjacency, matching: &Matching) -> bool {
        (0..graph.vertex_count() as Vertex).all(|v| match matching.mate(v) {
            None => true,
            Some(w) => {
                matching.mate(w) == Some(v)
                    && w != v
                    && adjacency.incident(v).iter().any(|&(x, _)| x == w)
            }
        })
    }

    /// D by definition: `v` is in D when removing it keeps the maximum size.
    fn brute_force_missable(graph: &Graph) -> Vec<bool> {
        let nu = brute_force_size(graph);
        (0..graph.vertex_count() as Vertex)
            .map(|v| {
                let edges: Vec<[u64; 2]> = graph
                    .edges()
                    .iter()
                    .filter(|e| !e.contains(&v))
                    .map(|e| e.map(u64::from))
                    .collect();
                brute_force_size(&Graph::new(0..graph.vertex_count() as u64, &edges).unwrap()) == nu
            })
            .collect()
    }

    fn check(graph: &Graph) {
        let adjacency = graph.adjacency();
        let maximum = MaximumMatching::of(&adjacency);
        assert!(is_valid(graph, &adjacency, maximum.matching()));
        assert_eq!(
            maximum.matching().size(),
            brute_force_size(graph),
            "{graph:?}"
        );
        let missable: Vec<bool> = (0..graph.vertex_count() as Vertex)
            .map(|v| maximum.is_missable(v))
            .collect();
        assert_eq!(missable, brute_force_missable(graph), "{graph:?}");
        for v in 0..graph.vertex_count() as Vertex {
            let without = maximum.without(&adjacency, v);
            assert!(without.matching().is_exposed(v));
            assert!(is_valid(graph, &adjacency, without.matching()));
            let expected = maximum.matching().size() - usize::from(!maximum.is_missable(v));
            assert_eq!(without.matching().size(), expected);
        }
    }

    #[test]
    fn the_petersen_graph_has_a_perfect_matching() {
        let outer = (0..5).map(|i| [i, (i + 1) % 5]);
        let spokes = (0..5).map(|i| [i, i + 5]);
        let inner = (0..5).map(|i| [i + 5, (i + 2) % 5 + 5]);
        let edges: Vec<[u64; 2]> = outer.chain(spokes).chain(inner).collect();
        let graph = Graph::from_edges(&edges).unwrap();
        assert!(bipartition(&graph.adjacency()).is_none());
        check(&graph);
        assert_eq!(MaximumMatching::of(&graph.adjacency()).matching().size(), 5);
    }

    #[test]
    fn nested_blossoms() {
        // Two triangles joined through a path, and a flower whose stem is long.
        let edges = [
            [0, 1],
            [1, 2],
            [2, 0],
            [2, 3],
            [3, 4],
            [4, 5],
            [5, 6],
            [6, 4],
            [6, 7],
            [7, 8],
            [8, 9],
            [9, 10],
            [10, 8],
            [1, 11],
            [11, 12],
            [12, 13],
            [13, 11],
        ];
        check(&Graph::from_edges(&edges).unwrap());
    }

    #[test]
    fn a_long_odd_cycle_does_not_overflow_the_stack() {
        let n = 1_000_001u64;
        let mut edges: Vec<[u64; 2]> = (0..n).map(|i| [i, (i + 1) % n]).collect();
        edges.push([0, n]); // a pendant vertex: the cycle's blossom must be expanded
        let graph = Graph::from_edges(&edges).unwrap();
        let maximum = MaximumMatching::of(&graph.adjacency());
        assert_eq!(maximum.matching().size(), (n as usize).div_ceil(2));
        let path: Vec<[u64; 2]> = (0..n).map(|i| [i, i + 1]).collect();
        let graph = Graph::from_edges(&path).unwrap();
        assert_eq!(
            MaximumMatching::of(&graph.adjacency()).matching().size(),
            (n as usize).div_ceil(2)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn agrees_with_brute_force_on_random_multigraphs(
            edges in proptest::collection::vec((0u64..9, 0u64..9), 0..14)
        ) {
            let edges: Vec<[u64; 2]> = edges.into_iter().map(|(u, v)| [u, v]).collect();
            check(&Graph::from_edges(&edges).unwrap());
        }

        #[test]
        fn agrees_with_brute_force_on_random_bipartite_graphs(
            edges in proptest::collection::vec((0u64..5, 5u64..10), 0..14)
        ) {
            let edges: Vec<[u64; 2]> = edges.into_iter().map(|(u, v)| [u, v]).collect();
            check(&Graph::from_edges(&edges).unwrap());
        }
    }
}
