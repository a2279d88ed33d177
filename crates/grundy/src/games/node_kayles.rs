//! Node Kayles: a move chooses a vertex of a graph; it and its neighbours
//! leave the graph; the player who cannot move (the graph is empty) loses.
//!
//! On a path of `n` vertices it is Dawson's Chess, the octal game 0.137 at
//! heap `n` (an end vertex takes two, an inner one three and splits the
//! path, a lone vertex takes one), which is Dawson's Kayles (0.07) at `n + 1`
//! (Winning Ways' names); on a cycle of `n` the first move
//! leaves a path of `n - 3`. In general it is PSPACE-complete (Schaefer,
//! 1978), so the theory is exact search, made small by three facts:
//!
//! - a graph is the sum of its connected components, so its value is the
//!   nim-sum of theirs (Sprague-Grundy), and each component is searched alone;
//! - a component's value depends only on its isomorphism class: trees are
//!   memoised on their rooted canonical forms (AHU), built once per tree and
//!   reused for every move (`node_kayles/trees.rs`);
//! - vertices an automorphism exchanges leave equal values: a cycle is valued
//!   by one move, a tree by one move per class of twin subtrees.
//!
//! Other components of at most 64 vertices are searched over sets of
//! vertices held in one machine word, memoised on the set (`node_kayles/masks.rs`):
//! isomorphic copies of such a part are searched apart, but a lookup costs a
//! hash of one word instead of a canonical form. Larger ones are searched
//! over their parts, memoised on their sets of vertices, until the parts are
//! trees or small; that search keeps a stack of its own (a move can leave a
//! part almost as large, so its depth grows with the graph).
//!
//! The memory of the search is bounded ([`NODE_KAYLES_WORDS`]); a search that
//! reaches the bound says so instead of answering.

use thiserror::Error;

use masks::Small;
use trees::Trees;

use crate::bits::BitSet;
use crate::game::Impartial;
use crate::graph::Graph;
use crate::limits::NODE_KAYLES_WORDS;
use crate::nimber::MexSet;
use crate::stop;
use crate::word_hash::WordTable;

mod masks;
mod trees;

/// The most vertices of a part searched as a set in one machine word.
const SMALL: usize = 64;

/// Node Kayles on a simple graph (loops and repeated edges of the file change
/// nothing: a vertex's neighbours leave with it).
#[derive(Clone, Debug)]
pub struct NodeKayles {
    graph: Graph,
    /// The neighbours of each vertex, ascending, each once, itself left out.
    neighbours: Vec<Vec<u32>>,
}

/// The search reached its memory bound.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error(
    "unknown: the search of node-kayles stored {NODE_KAYLES_WORDS} words of subgraphs \
     without settling the graph (NODE_KAYLES_WORDS)"
)]
pub struct NodeKaylesBudget;

impl NodeKayles {
    /// The game on `graph`.
    pub fn new(graph: Graph) -> NodeKayles {
        let mut neighbours = vec![Vec::new(); graph.vertex_count()];
        for &[u, v] in graph.edges() {
            if u != v {
                neighbours[u as usize].push(v);
                neighbours[v as usize].push(u);
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        NodeKayles { graph, neighbours }
    }

    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The whole graph as a position of the rules.
    pub fn everything(&self) -> BitSet {
        let mut all = BitSet::with_capacity(self.graph.vertex_count());
        for v in 0..self.graph.vertex_count() {
            all.insert(v);
        }
        all
    }

    /// The value of the whole graph, and the value of the graph left by
    /// choosing each vertex, by vertex.
    pub fn solve(&self) -> Result<Solution, NodeKaylesBudget> {
        self.solve_with(SMALL)
    }

    /// [`NodeKayles::solve`], searching parts of at most `small` vertices
    /// (at most 64) as sets in a word (the tests make it small, to test the
    /// search of larger parts on small graphs).
    fn solve_with(&self, small: usize) -> Result<Solution, NodeKaylesBudget> {
        // One solver per graph: parts keyed by their vertices name this graph's.
        let mut solver = Solver::new(small);
        let all: Vec<u32> = (0..self.graph.vertex_count() as u32).collect();
        let whole = Part::induced(&self.neighbours, &all);
        let components = whole.components(&vec![false; all.len()]);
        let options = components
            .iter()
            .map(|c| solver.option_values(c))
            .collect::<Result<Vec<Vec<u32>>, _>>()?;
        let values: Vec<u32> = options.iter().map(|o| mex(o)).collect();
        let value = values.iter().fold(0, |x, v| x ^ v);
        let mut after = vec![0; all.len()];
        for ((component, &own), options) in components.iter().zip(&values).zip(options) {
            for (local, option) in options.into_iter().enumerate() {
                after[component.global[local] as usize] = value ^ own ^ option;
            }
        }
        Ok(Solution {
            value,
            after,
            components: components.len(),
            trees: solver.trees.len(),
            sets: solver.sets,
        })
    }
}

/// The values [`NodeKayles::solve`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The Grundy value of the graph.
    pub value: u32,
    /// The value of the graph left by choosing each vertex, by vertex.
    pub after: Vec<u32>,
    /// How many connected components the graph has.
    pub components: usize,
    /// How many rooted trees the search met (each up to isomorphism).
    pub trees: usize,
    /// How many connected sets of vertices of graphs that are not trees it
    /// searched.
    pub sets: usize,
}

impl Impartial for NodeKayles {
    type Position = BitSet;

    /// Choosing a vertex removes it and its neighbours.
    fn options(&self, left: &BitSet) -> Vec<BitSet> {
        (0..self.graph.vertex_count())
            .filter(|&v| left.contains(v))
            .map(|v| {
                let mut next = BitSet::with_capacity(self.graph.vertex_count());
                let gone = |w: usize| w == v || self.neighbours[v].contains(&(w as u32));
                for w in (0..self.graph.vertex_count()).filter(|&w| left.contains(w) && !gone(w)) {
                    next.insert(w);
                }
                next
            })
            .collect()
    }
}

/// A connected part of the graph: its vertices (numbers of the whole graph,
/// ascending) and their adjacency in local numbers.
#[derive(Clone, Debug)]
struct Part {
    global: Vec<u32>,
    adjacency: Vec<Vec<u32>>,
}

impl Part {
    /// The subgraph of `adjacency` induced by `vertices` (ascending).
    fn induced(adjacency: &[Vec<u32>], vertices: &[u32]) -> Part {
        // The local number of each vertex of `adjacency`, or none.
        let mut local = vec![u32::MAX; adjacency.len()];
        for (i, &v) in vertices.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        let adjacency = vertices
            .iter()
            .map(|&v| {
                adjacency[v as usize]
                    .iter()
                    .map(|&w| local[w as usize])
                    .filter(|&w| w != u32::MAX)
                    .collect()
            })
            .collect();
        Part {
            global: vertices.to_vec(),
            adjacency,
        }
    }

    fn len(&self) -> usize {
        self.global.len()
    }

    fn edge_count(&self) -> usize {
        self.adjacency.iter().map(Vec::len).sum::<usize>() / 2
    }

    fn is_tree(&self) -> bool {
        self.edge_count() + 1 == self.len()
    }

    /// The words (4 bytes) it holds: its vertices, its adjacency lists and
    /// their headers (six words each).
    fn words(&self) -> usize {
        7 * self.len() + 2 * self.edge_count()
    }

    fn is_cycle(&self) -> bool {
        self.edge_count() == self.len() && self.adjacency.iter().all(|a| a.len() == 2)
    }

    /// The connected components of the part without the `removed` vertices.
    fn components(&self, removed: &[bool]) -> Vec<Part> {
        let n = self.len();
        let mut seen = removed.to_vec();
        let mut parts = Vec::new();
        for root in 0..n {
            if seen[root] {
                continue;
            }
            seen[root] = true;
            let mut members = vec![root as u32];
            let mut next = 0;
            while next < members.len() {
                for &w in &self.adjacency[members[next] as usize] {
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        members.push(w);
                    }
                }
                next += 1;
            }
            members.sort_unstable();
            let mut part = Part::induced(&self.adjacency, &members);
            part.global = members.iter().map(|&m| self.global[m as usize]).collect();
            parts.push(part);
        }
        parts
    }

    /// The components left when local vertex `v` and its neighbours leave.
    fn after_choosing(&self, v: usize) -> Vec<Part> {
        let mut removed = vec![false; self.len()];
        removed[v] = true;
        for &w in &self.adjacency[v] {
            removed[w as usize] = true;
        }
        self.components(&removed)
    }
}

/// The words one search has stored, against [`NODE_KAYLES_WORDS`].
#[derive(Debug, Default)]
struct Budget {
    words: usize,
}

impl Budget {
    /// Counts `words` more held; every search stores as it goes, so this is
    /// also where it checks for a stop.
    fn store(&mut self, words: usize) -> Result<(), NodeKaylesBudget> {
        stop::poll();
        self.words += words;
        if self.words > NODE_KAYLES_WORDS {
            return Err(NodeKaylesBudget);
        }
        Ok(())
    }

    /// Words no longer held (a finished frame of a search's stack).
    fn release(&mut self, words: usize) {
        self.words -= words;
    }
}

/// The search on one graph: each connected part goes to the engine for its
/// kind (trees, graphs of at most 64 vertices, larger graphs).
struct Solver {
    /// The most vertices of a part searched as a set in one word.
    small: usize,
    trees: Trees,
    /// The values of parts of more than 64 vertices that are not trees, by
    /// their vertices (numbers of the whole graph).
    large: Table<Vec<u32>, u32>,
    budget: Budget,
    /// How many connected sets of vertices (not trees) were searched.
    sets: usize,
}

impl Solver {
    fn new(small: usize) -> Solver {
        Solver {
            small,
            trees: Trees::new(),
            large: Table::default(),
            budget: Budget::default(),
            sets: 0,
        }
    }

    /// The value of what choosing each vertex of a connected part leaves of it.
    fn option_values(&mut self, part: &Part) -> Result<Vec<u32>, NodeKaylesBudget> {
        if part.is_tree() {
            return Ok(self.trees.solve(&part.adjacency, &mut self.budget)?.1);
        }
        if part.len() <= self.small {
            let mut small = Small::new(&part.adjacency, &mut self.trees, &mut self.budget);
            let all = small.everything();
            let values = (0..part.len()).map(|v| small.after(all, v)).collect();
            self.sets += small.searched();
            return values;
        }
        self.search_large(part.clone())
    }

    /// The value of a connected part, when the engine for its kind gives it
    /// at once: a tree, a part of at most `small` vertices, or a larger part
    /// valued before. None for a larger part not yet valued.
    fn settled_value(&mut self, part: &Part) -> Result<Option<u32>, NodeKaylesBudget> {
        if part.is_tree() {
            return self
                .trees
                .value_of(&part.adjacency, &mut self.budget)
                .map(Some);
        }
        if part.len() <= self.small {
            let mut small = Small::new(&part.adjacency, &mut self.trees, &mut self.budget);
            let all = small.everything();
            let value = small.value(all);
            self.sets += small.searched();
            return value.map(Some);
        }
        Ok(self.large.get(&part.global).copied())
    }

    /// The values after each move of a part of more than `small` vertices
    /// (not a tree). The parts its moves leave are searched depth first with
    /// a stack of its own, not by recursion: a move can leave a part almost as
    /// large, so the depth grows with the graph (up to half its vertices: a
    /// move in a connected part takes at least two).
    /// Each frame on the stack is counted against the budget while it is there.
    fn search_large(&mut self, part: Part) -> Result<Vec<u32>, NodeKaylesBudget> {
        let mut stack = vec![self.open(part)?];
        loop {
            let top = stack
                .last_mut()
                .expect("the stack ends with its first frame");
            if let Some(piece) = top.pending.pop() {
                match self.settled_value(&piece)? {
                    Some(value) => top.sum ^= value,
                    None => stack.push(self.open(piece)?),
                }
                continue;
            }
            top.values.push(top.sum);
            if top.values.len() < top.choices {
                top.sum = 0;
                top.pending = top.part.after_choosing(top.values.len());
                continue;
            }
            let done = stack.pop().expect("the top frame");
            self.budget.release(done.words);
            let Some(parent) = stack.last_mut() else {
                let mut values = done.values;
                values.resize(done.part.len(), values[0]);
                return Ok(values);
            };
            let value = mex(&done.values);
            parent.sum ^= value;
            self.budget.store(done.part.len() + 10)?;
            self.sets += 1;
            self.large.insert(done.part.global, value);
        }
    }

    /// A frame for a part of more than `small` vertices, its first move
    /// started, its words counted against the budget.
    fn open(&mut self, part: Part) -> Result<Large, NodeKaylesBudget> {
        // The part, the pieces of one move (at most as many words) and the
        // values of its moves.
        let words = 2 * part.words() + part.len() + 16;
        self.budget.store(words)?;
        let choices = if part.is_cycle() {
            // An automorphism takes any vertex of a cycle to any other.
            1
        } else {
            part.len()
        };
        Ok(Large {
            pending: part.after_choosing(0),
            part,
            choices,
            values: Vec::with_capacity(choices),
            sum: 0,
            words,
        })
    }
}

/// A part of more than `small` vertices (not a tree) being searched: the
/// values after the moves tried, and the pieces of the current move not yet
/// valued.
struct Large {
    part: Part,
    /// How many moves to try: every vertex, or one for a cycle.
    choices: usize,
    /// The value after each move tried, in the order of the vertices.
    values: Vec<u32>,
    /// The nim-sum of the pieces of the current move valued so far.
    sum: u32,
    /// The pieces of the current move not yet valued.
    pending: Vec<Part>,
    /// The words it holds against the budget.
    words: usize,
}

/// The hash tables of the search, keyed by words (sets of vertices, lists
/// of tree ids).
type Table<K, V> = WordTable<K, V>;

/// The least value not among `values`.
fn mex(values: &[u32]) -> u32 {
    let mut seen = MexSet::default();
    for &v in values {
        seen.insert(v.into());
    }
    seen.mex() as u32
}

/// The value of the graph `left` (a set of at most 64 vertices of `game`) by
/// plain search over the rules: every order of moves, no memory, no split
/// into components (the baseline of the benchmarks; exponential).
pub fn plain_value(game: &NodeKayles, left: u64) -> u32 {
    let mut seen = 0u128;
    let mut rest = left;
    while rest != 0 {
        let v = rest.trailing_zeros();
        rest &= rest - 1;
        let closed = game.neighbours[v as usize]
            .iter()
            .fold(1u64 << v, |m, &w| m | 1 << w);
        seen |= 1 << plain_value(game, left & !closed);
    }
    seen.trailing_ones()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::sparse::naive_values;
    use crate::games::octal::Octal;
    use crate::graph::simple_graph;
    use crate::solve::Memo;
    use proptest::prelude::*;

    /// The value of the whole graph and after every choice against memoised
    /// search over the rules, with parts of more than 64 vertices and of
    /// more than 3 searched alike (by their parts).
    fn check(graph: Graph) {
        let game = NodeKayles::new(graph);
        let mut memo = Memo::new(game.clone());
        let all = game.everything();
        let options = game.options(&all);
        for small in [SMALL, 3] {
            let Solution { value, after, .. } = game.solve_with(small).unwrap();
            assert_eq!(
                u64::from(value),
                memo.grundy(&all).unwrap().0,
                "{:?}",
                game.graph()
            );
            for (v, option) in options.iter().enumerate() {
                assert_eq!(u64::from(after[v]), memo.grundy(option).unwrap().0);
            }
        }
    }

    /// The vertices of `game` (at most 64) as a word.
    fn everything(game: &NodeKayles) -> u64 {
        u64::MAX >> (64 - game.graph().vertex_count())
    }

    /// The value and the values after every choice against plain search
    /// (graphs of at most 64 vertices).
    fn check_plainly(game: &NodeKayles, small: usize) {
        let all = everything(game);
        let Solution { value, after, .. } = game.solve_with(small).unwrap();
        assert_eq!(value, plain_value(game, all), "{:?}", game.graph());
        for (v, &after) in after.iter().enumerate() {
            let closed = game.neighbours[v]
                .iter()
                .fold(1u64 << v, |m, &w| m | 1 << w);
            assert_eq!(
                after,
                plain_value(game, all & !closed),
                "{v}: {:?}",
                game.graph()
            );
        }
    }

    #[test]
    fn every_graph_up_to_six_vertices_agrees_with_the_rules() {
        for n in 1..=6 {
            for mask in 0..1u32 << (n * (n - 1) / 2) {
                check(simple_graph(n, mask));
            }
        }
    }

    #[test]
    fn every_graph_on_seven_vertices_agrees_with_plain_search() {
        for mask in 0..1u32 << 21 {
            let game = NodeKayles::new(simple_graph(7, mask));
            let Solution { value, .. } = game.solve().unwrap();
            assert_eq!(value, plain_value(&game, 127), "{mask}");
        }
    }

    /// Every tree of at most nine vertices is numbered parents first, each
    /// vertex hanging from an earlier one: all such numberings cover them.
    #[test]
    fn every_tree_up_to_nine_vertices_agrees_with_plain_search() {
        for n in 1..=9u64 {
            let mut parents = vec![0u64; n as usize];
            loop {
                let edges: Vec<[u64; 2]> = (1..n).map(|i| [parents[i as usize], i]).collect();
                check_plainly(&NodeKayles::new(Graph::new(0..n, &edges).unwrap()), SMALL);
                // The next parent array, as an odometer with digit i below i.
                let Some(i) = (1..n as usize).rev().find(|&i| parents[i] + 1 < i as u64) else {
                    break;
                };
                parents[i] += 1;
                parents[i + 1..].fill(0);
            }
        }
    }

    /// The reduction the tree search makes, on any graph: a vertex with
    /// `k >= 3` pendant leaves has the value it has with `k - 2`.
    #[test]
    fn three_leaves_on_one_vertex_count_as_one() {
        for n in 1..=5u64 {
            for mask in 0..1u32 << (n * (n - 1) / 2) {
                let base: Vec<[u64; 2]> = simple_graph(n, mask)
                    .edges()
                    .iter()
                    .map(|&[u, v]| [u64::from(u), u64::from(v)])
                    .collect();
                let with_leaves = |k: u64| {
                    let mut edges = base.clone();
                    edges.extend((n..n + k).map(|leaf| [0, leaf]));
                    let game = NodeKayles::new(Graph::new(0..n + k, &edges).unwrap());
                    plain_value(&game, everything(&game))
                };
                for k in 3..=6 {
                    assert_eq!(with_leaves(k), with_leaves(k - 2), "{mask} with {k} leaves");
                }
            }
        }
    }

    fn path(n: u64) -> Vec<[u64; 2]> {
        (0..n - 1).map(|i| [i, i + 1]).collect()
    }

    /// Paths are Dawson's Chess, the octal game 0.137, at n vertices
    /// (choosing vertex i leaves paths of i - 1 and n - i - 2); cycles of n
    /// leave a path of n - 3. Up to 130 and at 1000 (the size that took
    /// minutes when each piece was built to be keyed).
    #[test]
    fn paths_are_0_137_and_cycles_follow() {
        let octal: Octal = "0.137".parse().unwrap();
        let g = naive_values(&octal, 1001);
        let g = |n: u64| u32::from(g[n as usize]);
        for n in (1..=130u64).chain([1000]) {
            let game = NodeKayles::new(Graph::new(0..n, &path(n)).unwrap());
            let Solution { value, after, .. } = game.solve().unwrap();
            assert_eq!(value, g(n), "path {n}");
            for (i, &after) in after.iter().enumerate() {
                let i = i as u64;
                assert_eq!(
                    after,
                    g(i.saturating_sub(1)) ^ g((n - i).saturating_sub(2)),
                    "path {n} at {i}"
                );
            }
            if n >= 3 {
                let mut cycle = path(n);
                cycle.push([n - 1, 0]);
                let game = NodeKayles::new(Graph::new(0..n, &cycle).unwrap());
                let Solution { value, after, .. } = game.solve().unwrap();
                assert_eq!(value, u32::from(g(n - 3) == 0), "cycle {n}");
                assert!(after.iter().all(|&a| a == g(n - 3)), "cycle {n}");
            }
        }
    }

    /// A ladder (two paths of `n`, rungs between them) of `2n` vertices.
    fn ladder(n: u64) -> Graph {
        let edges: Vec<[u64; 2]> = (0..n)
            .flat_map(|i| [[2 * i, 2 * i + 1]])
            .chain((1..n).flat_map(|i| [[2 * i - 2, 2 * i], [2 * i - 1, 2 * i + 1]]))
            .collect();
        Graph::from_edges(&edges).unwrap()
    }

    /// A ladder of 20,000 vertices is a part of more than 64 vertices whose
    /// first move leaves one part almost as large, and so on: the search of
    /// such parts, once recursive, overflowed the stack (a test thread's 2 MB)
    /// on it. Searched with a stack of its own, it stops at the budget.
    #[test]
    fn a_long_ladder_reaches_the_budget_instead_of_overflowing() {
        let game = NodeKayles::new(ladder(10_000));
        assert_eq!(game.solve(), Err(NodeKaylesBudget));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn random_graphs_agree_with_the_rules(
            edges in proptest::collection::vec((0u64..11, 0u64..11), 0..=14)
        ) {
            let edges: Vec<[u64; 2]> = edges.into_iter().map(|(u, v)| [u, v]).collect();
            check(Graph::from_edges(&edges).unwrap());
        }

        /// Random trees, some vertices given bunches of leaves (the
        /// reduction the tree search makes).
        #[test]
        fn random_trees_agree_with_plain_search(
            parents in proptest::collection::vec(any::<u32>(), 1..=13),
            bunches in proptest::collection::vec((any::<u32>(), 0u64..5), 0..=3),
        ) {
            let mut edges: Vec<[u64; 2]> = parents
                .iter()
                .enumerate()
                .map(|(i, &p)| [u64::from(p) % (i as u64 + 1), i as u64 + 1])
                .collect();
            for (at, leaves) in bunches {
                let at = u64::from(at) % (parents.len() as u64 + 1);
                for _ in 0..leaves {
                    edges.push([at, edges.len() as u64 + 1]);
                }
            }
            // Memoised search over the rules: plain search would try every
            // order of the lone leaves a move leaves.
            check(Graph::from_edges(&edges).unwrap());
        }

        /// Random sparse graphs of up to 16 vertices (unicyclic and more),
        /// searched as sets in a word and by their parts.
        #[test]
        fn random_sparse_graphs_agree_with_plain_search(
            n in 2u64..=16,
            extra in proptest::collection::vec((any::<u64>(), any::<u64>()), 0..=6),
            parents in proptest::collection::vec(any::<u64>(), 15),
        ) {
            let mut edges: Vec<[u64; 2]> = (1..n).map(|i| [parents[i as usize - 1] % i, i]).collect();
            edges.extend(extra.iter().map(|&(u, v)| [u % n, v % n]));
            let game = NodeKayles::new(Graph::new(0..n, &edges).unwrap());
            for small in [SMALL, 4] {
                check_plainly(&game, small);
            }
        }
    }
}
