//! Disjoint sets of vertices (union by size, path halving; Tarjan 1975).

use super::Vertex;

/// A partition of `0..n` into sets, each named by one of its members, its root.
#[derive(Clone, Debug)]
pub(crate) struct UnionFind {
    parent: Vec<Vertex>,
    size: Vec<u32>,
}

impl UnionFind {
    /// Every element alone in its set.
    pub(crate) fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as Vertex).collect(),
            size: vec![1; n],
        }
    }

    /// The root of the set holding `v`.
    pub(crate) fn find(&mut self, mut v: Vertex) -> Vertex {
        while self.parent[v as usize] != v {
            let grandparent = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = grandparent;
            v = grandparent;
        }
        v
    }

    /// Merges the sets of `a` and `b`; returns the root of the merged set.
    pub(crate) fn union(&mut self, a: Vertex, b: Vertex) -> Vertex {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return a;
        }
        if self.size[a as usize] < self.size[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b as usize] = a;
        self.size[a as usize] += self.size[b as usize];
        a
    }
}
