//! Hopcroft and Karp, "An n^{5/2} algorithm for maximum matchings in
//! bipartite graphs" (1973): each phase finds, by one breadth-first search from
//! all exposed left vertices, the length of a shortest augmenting path, then
//! augments along a maximal set of vertex-disjoint shortest paths by
//! depth-first searches that never revisit a dead end. O(sqrt V) phases of
//! O(E) each.

use super::Matching;
use crate::graph::{Adjacency, Vertex, NONE};
use crate::stop::{self, Ticker};

/// A maximum matching of a bipartite graph whose left side is `left`.
pub(super) fn maximum(adjacency: &Adjacency, left: &[bool]) -> Matching {
    let mut phase = Phase {
        adjacency,
        matching: Matching::greedy(adjacency),
        layer: vec![NONE; adjacency.vertex_count()],
        next: vec![0; adjacency.vertex_count()],
    };
    let exposed_left = |m: &Matching| -> Vec<Vertex> {
        (0..adjacency.vertex_count() as Vertex)
            .filter(|&v| left[v as usize] && m.is_exposed(v))
            .collect()
    };
    loop {
        let sources = exposed_left(&phase.matching);
        let Some(last) = phase.layer_left_vertices(&sources) else {
            return phase.matching;
        };
        phase.next.iter_mut().for_each(|n| *n = 0);
        for &source in stop::polling(sources.iter()) {
            phase.augment_from(source, last);
        }
    }
}

/// The state of one phase.
struct Phase<'a> {
    adjacency: &'a Adjacency,
    matching: Matching,
    /// The breadth-first layer of each left vertex (`NONE`: unreached or dead).
    layer: Vec<u32>,
    /// For each left vertex, how many of its incidences the depth-first
    /// searches of this phase have used up.
    next: Vec<usize>,
}

impl Phase<'_> {
    /// Layers the left vertices by alternating distance from `sources`; returns
    /// the layer from which an exposed right vertex is adjacent, if any.
    fn layer_left_vertices(&mut self, sources: &[Vertex]) -> Option<u32> {
        self.layer.iter_mut().for_each(|l| *l = NONE);
        for &s in sources {
            self.layer[s as usize] = 0;
        }
        let mut queue = sources.to_vec();
        let mut head = 0;
        let mut last = None;
        let mut ticker = Ticker::<12>::new();
        while let Some(&u) = queue.get(head) {
            head += 1;
            ticker.tick();
            let depth = self.layer[u as usize];
            if last.is_some_and(|l| depth > l) {
                break;
            }
            for &(v, _) in self.adjacency.incident(u) {
                match self.matching.mate(v) {
                    _ if v == u => {}
                    None => last = Some(depth),
                    Some(w) if self.layer[w as usize] == NONE => {
                        self.layer[w as usize] = depth + 1;
                        queue.push(w);
                    }
                    Some(_) => {}
                }
            }
        }
        last
    }

    /// Looks for a shortest augmenting path from `source` along the layers,
    /// depth first with an explicit stack, and augments along it if found.
    fn augment_from(&mut self, source: Vertex, last: u32) {
        let mut stack = vec![source];
        while let Some(&u) = stack.last() {
            let Some(&(v, _)) = self.adjacency.incident(u).get(self.next[u as usize]) else {
                self.layer[u as usize] = NONE; // a dead end for the rest of the phase
                stack.pop();
                continue;
            };
            let depth = self.layer[u as usize];
            match self.matching.mate(v) {
                None if v != u && depth == last => {
                    self.flip(&stack);
                    return;
                }
                Some(w) if self.layer[w as usize] == depth + 1 => stack.push(w),
                _ => self.next[u as usize] += 1,
            }
        }
    }

    /// Matches each left vertex on the stack to the right vertex it points at.
    fn flip(&mut self, stack: &[Vertex]) {
        for &u in stack {
            let (v, _) = self.adjacency.incident(u)[self.next[u as usize]];
            self.matching.pair(u, v);
        }
    }
}
