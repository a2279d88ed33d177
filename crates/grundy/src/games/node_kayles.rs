//! Node Kayles: a move chooses a vertex of a graph; it and its neighbours
//! leave the graph; the player who cannot move (the graph is empty) loses.
//!
//! On a path of `n` vertices it is Dawson's Kayles in the form of the octal
//! game 0.137 at heap `n` (an end vertex takes two, an inner one three and
//! splits the path, a lone vertex takes one); on a cycle of `n` the first move
//! leaves a path of `n - 3`. In general it is PSPACE-complete (Schaefer,
//! 1978), so the theory is exact search, made small by two facts:
//!
//! - a graph is the sum of its connected components, so its value is the
//!   nim-sum of theirs (Sprague-Grundy), and each component is searched alone;
//! - a component's value depends only on its isomorphism class, so the values
//!   are memoised on a canonical form: trees by the AHU encoding (each rooted
//!   subtree interned as an integer, the tree rooted at its centre), cycles by
//!   their length, other graphs of at most 64 vertices by colour refinement and
//!   individualisation (the least adjacency matrix over a search tree of at most
//!   [`CANONICAL_LEAVES`] leaves). A graph whose search is larger is keyed by its
//!   set of vertices instead: exact, only without sharing between isomorphic
//!   copies.
//!
//! The memory of the search is bounded ([`NODE_KAYLES_WORDS`]); a search that
//! reaches the bound says so instead of answering.

use std::collections::HashMap;

use thiserror::Error;

use crate::bits::BitSet;
use crate::game::Impartial;
use crate::graph::Graph;
use crate::limits::NODE_KAYLES_WORDS;
use crate::nimber::MexSet;

/// The most vertices of a part whose value is also kept by its vertex set.
const CACHED_PART: usize = 64;

/// The most leaves of the individualisation search for a canonical form.
pub const CANONICAL_LEAVES: usize = 64;

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
    "unknown: the search of node-kayles stored {NODE_KAYLES_WORDS} words of canonical subgraphs \
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
        // One solver per graph: parts keyed by their vertices name this graph's.
        let mut solver = Solver::default();
        let all: Vec<u32> = (0..self.graph.vertex_count() as u32).collect();
        let whole = Part::induced(&self.neighbours, &all);
        let components = whole.components(&vec![false; all.len()]);
        let values = components
            .iter()
            .map(|c| solver.value(c))
            .collect::<Result<Vec<u32>, _>>()?;
        let value = values.iter().fold(0, |x, v| x ^ v);
        let mut after = vec![0; all.len()];
        for (component, &own) in components.iter().zip(&values) {
            for (local, option) in solver.option_values(component)?.into_iter().enumerate() {
                after[component.global[local] as usize] = value ^ own ^ option;
            }
        }
        Ok(Solution {
            value,
            after,
            components: components.len(),
            parts: solver.values.len(),
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
    /// How many canonical connected subgraphs were valued.
    pub parts: usize,
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
    /// The subgraph of `adjacency` induced by `vertices` (ascending; numbers
    /// of the graph `adjacency` describes, whose `global` names are `names`).
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

/// The canonical key of a connected part (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// A tree: the least interned id of it rooted at a centre.
    Tree(u32),
    /// A cycle of this many vertices.
    Cycle(usize),
    /// A graph of at most 64 vertices: its least adjacency rows.
    Graph(Vec<u64>),
    /// Any other: its vertices, numbers of the whole graph.
    Vertices(Vec<u32>),
}

impl Key {
    /// The words it stores.
    fn words(&self) -> usize {
        match self {
            Key::Tree(_) | Key::Cycle(_) => 1,
            Key::Graph(rows) => 2 * rows.len(),
            Key::Vertices(vertices) => vertices.len(),
        }
    }
}

/// The memoised search on one graph: values of canonical parts, and the ids
/// of rooted trees.
#[derive(Debug, Default)]
struct Solver {
    values: HashMap<Key, u32>,
    /// The values of parts of at most [`CACHED_PART`] vertices by their
    /// vertex set, looked up first: a part met again costs no canonical form
    /// (larger parts are not kept: a path of n has n^2/2 sub-paths).
    by_vertices: HashMap<Vec<u32>, u32>,
    /// Rooted trees: the sorted ids of a root's subtrees to the root's id.
    trees: HashMap<Vec<u32>, u32>,
    /// Words stored in `values` and `trees`.
    words: usize,
}

impl Solver {
    /// The value of a connected part: the mex over its vertices of the
    /// nim-sum of the parts choosing it leaves.
    fn value(&mut self, part: &Part) -> Result<u32, NodeKaylesBudget> {
        let cached = part.len() <= CACHED_PART;
        if cached {
            if let Some(&v) = self.by_vertices.get(&part.global) {
                return Ok(v);
            }
        }
        let key = self.key(part);
        let value = match self.values.get(&key) {
            Some(&v) => v,
            None => self.search(part, key)?,
        };
        if cached {
            self.store(part.len())?;
            self.by_vertices.insert(part.global.clone(), value);
        }
        Ok(value)
    }

    /// The value of a part not met before (as `key`), from its options.
    fn search(&mut self, part: &Part, key: Key) -> Result<u32, NodeKaylesBudget> {
        let mut seen = MexSet::default();
        for option in self.option_values(part)? {
            seen.insert(option.into());
        }
        let value = seen.mex() as u32;
        self.store(key.words())?;
        self.values.insert(key, value);
        Ok(value)
    }

    /// The value of what each choice of a vertex of `part` leaves of it.
    fn option_values(&mut self, part: &Part) -> Result<Vec<u32>, NodeKaylesBudget> {
        (0..part.len())
            .map(|v| {
                part.after_choosing(v)
                    .iter()
                    .try_fold(0, |x, p| Ok(x ^ self.value(p)?))
            })
            .collect()
    }

    fn store(&mut self, words: usize) -> Result<(), NodeKaylesBudget> {
        self.words += words;
        if self.words > NODE_KAYLES_WORDS {
            return Err(NodeKaylesBudget);
        }
        Ok(())
    }

    fn key(&mut self, part: &Part) -> Key {
        let (n, m) = (part.len(), part.edge_count());
        if m + 1 == n {
            return Key::Tree(self.tree_id(part));
        }
        if m == n && part.adjacency.iter().all(|a| a.len() == 2) {
            return Key::Cycle(n);
        }
        if n <= 64 {
            if let Some(rows) = canonical_rows(&part.adjacency) {
                return Key::Graph(rows);
            }
        }
        Key::Vertices(part.global.clone())
    }

    /// The least id of the tree rooted at one of its centres.
    fn tree_id(&mut self, part: &Part) -> u32 {
        centres(&part.adjacency)
            .into_iter()
            .map(|c| self.rooted_id(&part.adjacency, c))
            .min()
            .expect("a tree has a centre")
    }

    /// The interned id of the tree rooted at `root`: bottom-up, each vertex's
    /// id is that of the sorted ids of its children.
    fn rooted_id(&mut self, adjacency: &[Vec<u32>], root: u32) -> u32 {
        let n = adjacency.len();
        let mut parent = vec![u32::MAX; n];
        let mut order = vec![root];
        parent[root as usize] = root;
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            for &w in &adjacency[v as usize] {
                if parent[w as usize] == u32::MAX {
                    parent[w as usize] = v;
                    order.push(w);
                }
            }
            next += 1;
        }
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut id = vec![0u32; n];
        for &v in order.iter().rev() {
            let mut below = std::mem::take(&mut children[v as usize]);
            below.sort_unstable();
            let fresh = self.trees.len() as u32;
            let words = below.len() + 1;
            let known = *self.trees.entry(below).or_insert(fresh);
            if known == fresh {
                self.words += words;
            }
            id[v as usize] = known;
            if v != root {
                children[parent[v as usize] as usize].push(known);
            }
        }
        id[root as usize]
    }
}

/// The centre (or the two centres) of a tree: what is left after peeling
/// leaves layer by layer.
fn centres(adjacency: &[Vec<u32>]) -> Vec<u32> {
    let n = adjacency.len();
    let mut degree: Vec<usize> = adjacency.iter().map(Vec::len).collect();
    let mut layer: Vec<u32> = (0..n as u32).filter(|&v| degree[v as usize] <= 1).collect();
    let mut left = n;
    while left > 2 {
        left -= layer.len();
        let mut next = Vec::new();
        for &v in &layer {
            for &w in &adjacency[v as usize] {
                degree[w as usize] -= 1;
                if degree[w as usize] == 1 {
                    next.push(w);
                }
            }
        }
        layer = next;
    }
    layer
}

/// Colour refinement: each colour split by the multiset of its neighbours'
/// colours, until stable; colours are ranks of the (old colour, neighbour
/// colours) signatures, so they are invariant under isomorphism.
fn refine(adjacency: &[Vec<u32>], mut colours: Vec<u32>) -> Vec<u32> {
    loop {
        let signatures: Vec<(u32, Vec<u32>)> = adjacency
            .iter()
            .enumerate()
            .map(|(v, ns)| {
                let mut around: Vec<u32> = ns.iter().map(|&w| colours[w as usize]).collect();
                around.sort_unstable();
                (colours[v], around)
            })
            .collect();
        let mut distinct = signatures.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let before = colours
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        colours = signatures
            .iter()
            .map(|s| distinct.binary_search(s).expect("listed") as u32)
            .collect();
        if distinct.len() == before {
            return colours;
        }
    }
}

/// The canonical adjacency rows of a graph of at most 64 vertices: the least
/// over the leaves of the individualisation-refinement tree, or `None` when
/// the tree has more than [`CANONICAL_LEAVES`] leaves.
fn canonical_rows(adjacency: &[Vec<u32>]) -> Option<Vec<u64>> {
    let mut best = None;
    let mut leaves = 0;
    let colours = refine(adjacency, vec![0; adjacency.len()]);
    individualise(adjacency, colours, &mut best, &mut leaves).then_some(())?;
    best
}

/// Explores the tree below `colours` (refined); false when it is too large.
fn individualise(
    adjacency: &[Vec<u32>],
    colours: Vec<u32>,
    best: &mut Option<Vec<u64>>,
    leaves: &mut usize,
) -> bool {
    let n = adjacency.len();
    let mut size = vec![0usize; n];
    for &c in &colours {
        size[c as usize] += 1;
    }
    let Some(cell) = (0..n as u32).find(|&c| size[c as usize] > 1) else {
        *leaves += 1;
        let mut rows = vec![0u64; n];
        for (v, ns) in adjacency.iter().enumerate() {
            for &w in ns {
                rows[colours[v] as usize] |= 1 << colours[w as usize];
            }
        }
        if best.as_ref().map_or(true, |b| rows < *b) {
            *best = Some(rows);
        }
        return *leaves <= CANONICAL_LEAVES;
    };
    for v in (0..n).filter(|&v| colours[v] == cell) {
        // v first in its cell, the cell's others after it, every other colour kept in order.
        let split: Vec<u32> = (0..n)
            .map(|u| 2 * colours[u] + u32::from(colours[u] == cell && u != v))
            .collect();
        if !individualise(adjacency, refine(adjacency, split), best, leaves) {
            return false;
        }
    }
    true
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
    /// search over the rules.
    fn check(graph: Graph) {
        let game = NodeKayles::new(graph);
        let mut memo = Memo::new(game.clone());
        let Solution { value, after, .. } = game.solve().unwrap();
        let all = game.everything();
        assert_eq!(
            u64::from(value),
            memo.grundy(&all).unwrap().0,
            "{:?}",
            game.graph()
        );
        let options = game.options(&all);
        for (v, option) in options.iter().enumerate() {
            assert_eq!(u64::from(after[v]), memo.grundy(option).unwrap().0);
        }
        if game.graph().vertex_count() <= 64 {
            let mask = u64::MAX
                .checked_shr(64 - game.graph().vertex_count() as u32)
                .unwrap_or(0);
            assert_eq!(plain_value(&game, mask), value);
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

    fn value(edges: &[[u64; 2]]) -> u32 {
        let game = NodeKayles::new(Graph::from_edges(edges).unwrap());
        game.solve().unwrap().value
    }

    /// Paths are Dawson's Kayles as the octal game 0.137 at n vertices;
    /// cycles of n leave a path of n - 3.
    #[test]
    fn paths_are_0_137_and_cycles_follow() {
        let octal: Octal = "0.137".parse().unwrap();
        let g = naive_values(&octal, 120);
        for n in 1..120u64 {
            let path: Vec<[u64; 2]> = (0..n - 1).map(|i| [i, i + 1]).collect();
            let game = NodeKayles::new(Graph::new(0..n, &path).unwrap());
            assert_eq!(
                game.solve().unwrap().value,
                u32::from(g[n as usize]),
                "path {n}"
            );
            if n >= 3 {
                let mut cycle = path.clone();
                cycle.push([n - 1, 0]);
                let expected = u32::from(g[n as usize - 3] == 0);
                assert_eq!(value(&cycle), expected, "cycle {n}");
            }
        }
    }

    #[test]
    fn canonical_forms_are_equal_exactly_for_isomorphic_graphs() {
        // Every relabelling of every graph on five vertices keys alike.
        let perms: Vec<Vec<u32>> = permutations(5);
        let mut solver = Solver::default();
        let mut keys: HashMap<Key, Vec<u64>> = HashMap::new();
        for mask in 0..1u32 << 10 {
            let graph = simple_graph(5, mask);
            let game = NodeKayles::new(graph);
            let all: Vec<u32> = (0..5).collect();
            let part = Part::induced(&game.neighbours, &all);
            if part.components(&[false; 5]).len() != 1 {
                continue;
            }
            let key = solver.key(&part);
            for p in &perms {
                let relabelled: Vec<Vec<u32>> = (0..5)
                    .map(|v| {
                        let orig = p.iter().position(|&x| x == v).unwrap();
                        part.adjacency[orig]
                            .iter()
                            .map(|&w| p[w as usize])
                            .collect()
                    })
                    .collect();
                let other = Part {
                    global: part.global.clone(),
                    adjacency: relabelled,
                };
                if !matches!(key, Key::Vertices(_)) {
                    assert_eq!(solver.key(&other), key, "{mask}");
                }
            }
            let degrees = {
                let mut d: Vec<usize> = part.adjacency.iter().map(Vec::len).collect();
                d.sort_unstable();
                d.into_iter().map(|x| x as u64).collect::<Vec<_>>()
            };
            if matches!(key, Key::Vertices(_)) {
                continue;
            }
            if let Some(earlier) = keys.insert(key, degrees.clone()) {
                assert_eq!(
                    earlier, degrees,
                    "{mask}: one key for different degree sequences"
                );
            }
        }
    }

    fn permutations(n: u32) -> Vec<Vec<u32>> {
        if n == 0 {
            return vec![vec![]];
        }
        permutations(n - 1)
            .into_iter()
            .flat_map(|p| {
                (0..n as usize).map(move |i| {
                    let mut q = p.clone();
                    q.insert(i, n - 1);
                    q
                })
            })
            .collect()
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

        #[test]
        fn random_trees_agree_with_plain_search(parents in proptest::collection::vec(any::<u32>(), 1..=13)) {
            let edges: Vec<[u64; 2]> = parents
                .iter()
                .enumerate()
                .map(|(i, &p)| [u64::from(p) % (i as u64 + 1), i as u64 + 1])
                .collect();
            let game = NodeKayles::new(Graph::from_edges(&edges).unwrap());
            let n = game.graph().vertex_count();
            let value = game.solve().unwrap().value;
            prop_assert_eq!(value, plain_value(&game, u64::MAX >> (64 - n)));
        }
    }
}
