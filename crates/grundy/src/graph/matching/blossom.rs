//! One search of Edmonds' blossom algorithm ("Paths, trees, and flowers",
//! 1965) with Gabow's labels ("An efficient implementation of Edmonds'
//! algorithm for maximum matching on graphs", J. ACM 23, 1976), which let an
//! augmenting path be read off without expanding blossoms.
//!
//! Alternating trees grow from every exposed vertex at once. Roots and mates of
//! inner vertices are *outer*. An edge between outer vertices of two trees
//! closes an augmenting path; within one tree it closes an odd cycle, a
//! *blossom*, whose inner vertices become outer; blossoms are kept as disjoint
//! sets (union-find) named by their *base*, the vertex nearest the root.
//!
//! Labels of outer vertices say how to walk from them to their root:
//! - `Root`: the vertex is the root;
//! - `Via(p)`: its mate is inner and was reached from outer `p`: the walk goes
//!   `v, mate(v)`, then on from `p`;
//! - `Bridge(x, y)`: it was inner and became outer when edge `x y` closed a
//!   blossom, `x` on its side: the walk goes `v`, back down from `mate(v)` to
//!   `x` (the reverse of the walk from `x` to `mate(v)`), then on from `y`.

use super::Matching;
use crate::graph::{Adjacency, UnionFind, Vertex, NONE};
use crate::stop::Ticker;

/// What a search found.
pub(super) enum Found {
    /// An augmenting path, from an exposed vertex to another.
    AugmentingPath(Vec<Vertex>),
    /// No augmenting path: the matching is maximum, and `outer[v]` says
    /// whether `v` is outer in the final forest, that is, in D.
    Maximum {
        /// The outer vertices of the final forest.
        outer: Vec<bool>,
    },
}

/// One search for an augmenting path from all exposed vertices, in the graph
/// without vertex `removed` (which must be exposed).
pub(super) fn search(adjacency: &Adjacency, matching: &Matching, removed: Option<Vertex>) -> Found {
    Forest::new(adjacency, matching, removed.unwrap_or(NONE)).grow()
}

/// A vertex's place in the forest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    /// Not in the forest yet.
    Unreached,
    /// Inner: at odd distance from its root.
    Inner,
    /// Outer, a root.
    Root,
    /// Outer, the mate of an inner vertex reached from the given outer vertex.
    Via(Vertex),
    /// Outer, formerly inner, made outer by the blossom closed by this edge.
    Bridge(Vertex, Vertex),
}

/// A piece of the walk being written out by [`Forest::walk`].
enum Step {
    /// This vertex.
    Vertex(Vertex),
    /// The walk from the first vertex up to the second.
    Up(Vertex, Vertex),
    /// The same walk, reversed.
    Down(Vertex, Vertex),
}

/// The alternating forest of one search.
struct Forest<'a> {
    adjacency: &'a Adjacency,
    matching: &'a Matching,
    removed: Vertex,
    label: Vec<Label>,
    /// The root of each vertex's tree.
    root: Vec<Vertex>,
    blossoms: UnionFind,
    /// The base of each blossom, stored at its union-find root.
    base: Vec<Vertex>,
    /// Outer vertices not yet scanned.
    queue: Vec<Vertex>,
    /// Marks for finding where two walks to the root meet, one stamp per walk.
    mark: Vec<u32>,
    stamp: u32,
}

impl<'a> Forest<'a> {
    fn new(adjacency: &'a Adjacency, matching: &'a Matching, removed: Vertex) -> Forest<'a> {
        let n = adjacency.vertex_count();
        let mut forest = Forest {
            adjacency,
            matching,
            removed,
            label: vec![Label::Unreached; n],
            root: vec![NONE; n],
            blossoms: UnionFind::new(n),
            base: (0..n as Vertex).collect(),
            queue: Vec::new(),
            mark: vec![0; n],
            stamp: 0,
        };
        for v in 0..n as Vertex {
            if v != removed && matching.is_exposed(v) {
                forest.label[v as usize] = Label::Root;
                forest.root[v as usize] = v;
                forest.queue.push(v);
            }
        }
        forest
    }

    fn is_outer(&self, v: Vertex) -> bool {
        !matches!(self.label[v as usize], Label::Unreached | Label::Inner)
    }

    /// The base of the blossom holding `v`.
    fn base(&mut self, v: Vertex) -> Vertex {
        let set = self.blossoms.find(v);
        self.base[set as usize]
    }

    /// Scans outer vertices until an augmenting path turns up or none is left.
    fn grow(mut self) -> Found {
        let adjacency = self.adjacency;
        let mut ticker = Ticker::<12>::new();
        let mut head = 0;
        while let Some(&x) = self.queue.get(head) {
            head += 1;
            let incident = adjacency.incident(x);
            ticker.advance(u32::try_from(incident.len()).unwrap_or(u32::MAX));
            for &(y, _) in incident {
                if y == x || y == self.removed {
                    continue;
                }
                let label = self.label[y as usize];
                match label {
                    Label::Unreached => self.extend(x, y),
                    Label::Inner => {}
                    _ if self.root[x as usize] != self.root[y as usize] => {
                        return Found::AugmentingPath(self.augmenting_path(x, y));
                    }
                    _ if self.base(x) != self.base(y) => self.contract(x, y),
                    _ => {}
                }
            }
        }
        let outer = (0..self.label.len() as Vertex)
            .map(|v| self.is_outer(v))
            .collect();
        Found::Maximum { outer }
    }

    /// Outer `x` reaches `y`, not yet in the forest and so matched (exposed
    /// vertices are roots): `y` becomes inner and its mate outer.
    fn extend(&mut self, x: Vertex, y: Vertex) {
        let z = self.matching.mate[y as usize];
        let tree = self.root[x as usize];
        self.label[y as usize] = Label::Inner;
        self.label[z as usize] = Label::Via(x);
        self.root[y as usize] = tree;
        self.root[z as usize] = tree;
        self.queue.push(z);
    }

    /// Outer `x` and `y` of one tree, in different blossoms: the blossom
    /// closed by edge `x y` swallows every blossom on the two walks up to
    /// where they meet.
    fn contract(&mut self, x: Vertex, y: Vertex) {
        let meet = self.meeting_base(x, y);
        self.absorb_walk(x, y, meet);
        self.absorb_walk(y, x, meet);
    }

    /// The base where the walks from `x` and `y` to their common root first
    /// meet, found by stepping the two walks in turn, blossom by blossom.
    fn meeting_base(&mut self, x: Vertex, y: Vertex) -> Vertex {
        self.stamp += 1;
        let (mut a, mut b) = (self.base(x), self.base(y));
        loop {
            if a != NONE {
                if self.mark[a as usize] == self.stamp {
                    return a;
                }
                self.mark[a as usize] = self.stamp;
                a = self.base_above(a);
            }
            std::mem::swap(&mut a, &mut b);
        }
    }

    /// The base of the next blossom up from base `b` (`NONE` at the root). A
    /// base is never a former inner vertex, so it is a root or labelled `Via`.
    fn base_above(&mut self, b: Vertex) -> Vertex {
        match self.label[b as usize] {
            Label::Via(p) => self.base(p),
            _ => NONE,
        }
    }

    /// Merges into the blossom based at `meet` every blossom on the walk from
    /// `x` up to it, making their inner vertices outer with label `Bridge(x, y)`.
    fn absorb_walk(&mut self, x: Vertex, y: Vertex, meet: Vertex) {
        let mut b = self.base(x);
        while b != meet {
            let inner = self.matching.mate[b as usize];
            let above = self.base_above(b);
            self.label[inner as usize] = Label::Bridge(x, y);
            self.queue.push(inner);
            self.blossoms.union(b, meet);
            let set = self.blossoms.union(inner, meet);
            self.base[set as usize] = meet;
            b = above;
        }
    }

    /// The augmenting path through edge `x y` between two trees: the walk
    /// from `x` to its root reversed, then the walk from `y` to its root.
    fn augmenting_path(&self, x: Vertex, y: Vertex) -> Vec<Vertex> {
        let (rx, ry) = (self.root[x as usize], self.root[y as usize]);
        self.walk(vec![Step::Up(y, ry), Step::Down(x, rx)])
    }

    /// Writes out `steps` (the last one first), expanding walks by the labels.
    fn walk(&self, mut steps: Vec<Step>) -> Vec<Vertex> {
        let mut path = Vec::new();
        while let Some(step) = steps.pop() {
            match step {
                Step::Vertex(v) => path.push(v),
                Step::Up(v, w) if v == w => path.push(v),
                Step::Down(v, w) if v == w => path.push(v),
                Step::Up(v, w) => {
                    let mate = self.matching.mate[v as usize];
                    match self.label[v as usize] {
                        Label::Via(p) => steps.extend([Step::Up(p, w), Step::Vertex(mate)]),
                        Label::Bridge(x, y) => steps.extend([Step::Up(y, w), Step::Down(x, mate)]),
                        _ => unreachable!("a walk up from {v} ends at {w}, above it"),
                    }
                    path.push(v);
                }
                Step::Down(v, w) => {
                    let mate = self.matching.mate[v as usize];
                    steps.push(Step::Vertex(v));
                    match self.label[v as usize] {
                        Label::Via(p) => steps.extend([Step::Vertex(mate), Step::Down(p, w)]),
                        Label::Bridge(x, y) => steps.extend([Step::Up(x, mate), Step::Down(y, w)]),
                        _ => unreachable!("a walk up from {v} ends at {w}, above it"),
                    }
                }
            }
        }
        path
    }
}
