//! A game given by its graph: positions are the vertices of a directed graph,
//! a move takes a token along an arc, and the player who cannot move loses.
//! Tokens on several vertices are a sum. Cycles are allowed, so a play may go
//! on forever: such a game is drawn.
//!
//! Theory: the generalised Sprague-Grundy function gamma of loopy impartial
//! games (C. A. B. Smith, "Graphs and composite games", J. Combinatorial
//! Theory 1, 1966; A. S. Fraenkel and Y. Yesha, "The generalized
//! Sprague-Grundy function and its invariance under certain mappings",
//! J. Combinatorial Theory A 43, 1986). Every vertex `u` has a value that is
//! either a finite `m` or infinite, `inf(K)` with `K` the set of finite values
//! of `u`'s options. `gamma(u) = m` exactly when
//!
//! 1. no option of `u` has value `m`,
//! 2. every `j < m` is the value of some option of `u`, and
//! 3. every option of `u` whose value is not below `m` (a larger finite value,
//!    or infinite) has itself an option of value `m` (it "reverses" to `m`);
//!
//! `u` is infinite when no `m` qualifies. The outcome follows: `0` is a loss
//! for the player to move (P), a finite value above `0` a win (N), and an
//! infinite value a win when `0` is in `K` (move there), else a draw (D).
//!
//! A sum of tokens has value the nim-sum `a` of its finite components when
//! they are all finite; `inf(K xor a)` when exactly one component is `inf(K)`;
//! and `inf{}` (a draw) when two or more are infinite. Its P-positions are
//! those of value `0`, so the winning moves are the moves to value `0`.
//!
//! The computation ([`Digraph::gamma`]) is Fraenkel and Yesha's labelling,
//! one round per value `m = 0, 1, 2, ...`, run with counters and a queue as
//! in the retrograde analysis of win, loss and draw (see [`GammaFunction`]).
//! It is iterative: a path or cycle of millions of vertices needs no stack.

use std::fmt;
use std::ops::Range;

use thiserror::Error;

use crate::game::{Impartial, Outcome};
use crate::graph::parse::{parse_line, ParseError};
use crate::graph::Vertex;
use crate::limits::MAX_DIGRAPH_SIZE;
use crate::stop::{self, Ticker};

/// What is wrong with a game-graph file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DigraphError {
    /// A line is not a move, a vertex, a comment or blank.
    #[error(transparent)]
    Line(#[from] ParseError),
    /// The graph has more vertices or arcs than [`MAX_DIGRAPH_SIZE`].
    #[error("the game graph has more than {limit} {what}; at most {limit} are supported")]
    TooLarge {
        /// `"vertices"` or `"arcs"`.
        what: &'static str,
        /// The limit that was exceeded.
        limit: usize,
    },
}

/// A directed multigraph with labelled vertices; loops and repeated arcs allowed.
///
/// As in [`Graph`](crate::graph::Graph), vertices are named by *labels* (the
/// file's numbers) and numbered densely inside: vertex `i` is the `i`-th
/// smallest label, so ascending vertices are ascending labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    /// The label of each vertex, strictly ascending.
    labels: Vec<u64>,
    /// The arcs out of `u` lead to `successors[out_start[u]..out_start[u + 1]]`.
    out_start: Vec<u32>,
    successors: Vec<Vertex>,
    /// The arcs into `v` come from `predecessors[in_start[v]..in_start[v + 1]]`.
    in_start: Vec<u32>,
    predecessors: Vec<Vertex>,
}

/// Parses a game-graph file: one move `U V` per line ("from position `U` a
/// move leads to position `V`"), `U` and `V` non-negative integers separated by
/// white space; a line holding one number `V` declares a vertex; blank lines
/// and lines whose first non-blank character is `#` are ignored. Loops and
/// repeated arcs are allowed. At most [`MAX_DIGRAPH_SIZE`] vertices and arcs.
pub fn parse_digraph(text: &str) -> Result<Digraph, DigraphError> {
    read_file(text, MAX_DIGRAPH_SIZE)?.into_digraph(MAX_DIGRAPH_SIZE)
}

/// [`parse_digraph`] of a text the caller no longer needs: it is freed once
/// read, before the graph is built, so that the text and the graph's arrays
/// are never all held at once (the text is the largest of them).
pub fn parse_digraph_text(text: String) -> Result<Digraph, DigraphError> {
    let read = read_file(&text, MAX_DIGRAPH_SIZE)?;
    drop(text);
    read.into_digraph(MAX_DIGRAPH_SIZE)
}

/// [`parse_digraph`] with the limit as a parameter, so tests can reach it.
#[cfg(test)]
fn parse_with_limit(text: &str, limit: usize) -> Result<Digraph, DigraphError> {
    read_file(text, limit)?.into_digraph(limit)
}

/// What a graph file names: its lone vertices and its arcs, by label.
struct Read {
    vertices: Vec<u64>,
    arcs: Arcs,
}

impl Read {
    fn into_digraph(self, limit: usize) -> Result<Digraph, DigraphError> {
        match self.arcs {
            Arcs::Narrow(arcs) => Digraph::with_limit(self.vertices, arcs, limit),
            Arcs::Wide(arcs) => Digraph::with_limit(self.vertices, arcs, limit),
        }
    }
}

/// What a line of a graph file holds: nothing (blank, a comment), a vertex
/// `(v, None)` or an arc `(u, Some(v))`.
type LineNumbers = Option<(u64, Option<u64>)>;

/// The lines of a graph file: the common ones by [`quick_line`], one pass over
/// the bytes without allocating, and any other (an error, other white space)
/// by [`general_line`], whose messages are the contract's.
fn read_file(text: &str, limit: usize) -> Result<Read, DigraphError> {
    let bytes = text.as_bytes();
    let mut vertices = Vec::new();
    let mut arcs = Arcs::Narrow(Vec::new());
    let mut ticker = Ticker::<12>::new();
    let (mut start, mut line_number) = (0, 0);
    while start < bytes.len() {
        ticker.tick();
        line_number += 1;
        let (numbers, end) = match quick_line(&bytes[start..]) {
            Some((numbers, length)) => (numbers, start + length),
            None => {
                let end = bytes[start..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |length| start + length);
                (general_line(&text[start..end], line_number)?, end)
            }
        };
        start = end + 1;
        match numbers {
            None => {}
            Some((v, None)) => vertices.push(v),
            Some((u, Some(v))) if arcs.len() < limit => arcs.push(u, v),
            Some((_, Some(_))) => return Err(too_large("arcs", limit)),
        }
    }
    Ok(Read { vertices, arcs })
}

/// The numbers of a line (`None` for a blank or comment line), by the rules
/// of [`parse_digraph`].
fn general_line(line: &str, line_number: usize) -> Result<LineNumbers, DigraphError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    Ok(Some(parse_line(line, line_number, "a move 'U V'")?))
}

/// The first line of `text` when it is made of at most two runs of digits,
/// each fitting `u64`, between spaces, tabs and carriage returns, or is a
/// comment: its numbers (`None` for none) and its length before the `'\n'`.
/// `None` for any other line, left to [`general_line`], which reads every
/// line this reads the same way.
fn quick_line(text: &[u8]) -> Option<(LineNumbers, usize)> {
    let mut numbers = [0u64; 2];
    let mut count = 0;
    let mut i = 0;
    loop {
        while i < text.len() && matches!(text[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        match text.get(i) {
            None | Some(b'\n') => break,
            Some(b'#') if count == 0 => {
                let length = text.iter().position(|&b| b == b'\n');
                return Some((None, length.unwrap_or(text.len())));
            }
            Some(b'0'..=b'9') if count < 2 => {
                let mut n = 0u64;
                while let Some(&digit @ b'0'..=b'9') = text.get(i) {
                    n = n.checked_mul(10)?.checked_add(u64::from(digit - b'0'))?;
                    i += 1;
                }
                numbers[count] = n;
                count += 1;
            }
            Some(_) => return None,
        }
    }
    let numbers = match count {
        0 => None,
        1 => Some((numbers[0], None)),
        _ => Some((numbers[0], Some(numbers[1]))),
    };
    Some((numbers, i))
}

/// The arcs of a file as read, by label: two `u32` an arc while every label
/// fits in one, which halves the list (after the text, the largest thing held
/// while reading a file), else two `u64`.
enum Arcs {
    Narrow(Vec<[u32; 2]>),
    Wide(Vec<[u64; 2]>),
}

impl Arcs {
    fn len(&self) -> usize {
        match self {
            Arcs::Narrow(arcs) => arcs.len(),
            Arcs::Wide(arcs) => arcs.len(),
        }
    }

    fn push(&mut self, u: u64, v: u64) {
        match self {
            Arcs::Narrow(arcs) => match (u32::try_from(u), u32::try_from(v)) {
                (Ok(u), Ok(v)) => arcs.push([u, v]),
                _ => {
                    let mut wide: Vec<[u64; 2]> = arcs.iter().map(|a| a.map(u64::from)).collect();
                    wide.push([u, v]);
                    *self = Arcs::Wide(wide);
                }
            },
            Arcs::Wide(arcs) => arcs.push([u, v]),
        }
    }
}

/// A label as an arc list holds it: `u32` or `u64`.
trait Label: Copy + Into<u64> + Ord {}

impl Label for u32 {}
impl Label for u64 {}

/// The error for more than `limit` of `what`.
fn too_large(what: &'static str, limit: usize) -> DigraphError {
    DigraphError::TooLarge { what, limit }
}

impl Digraph {
    /// The graph with the vertices named by `vertices` or by `arcs` (pairs of
    /// labels `[from, to]`), so that a vertex without arcs can be given too.
    pub fn new(vertices: Vec<u64>, arcs: &[[u64; 2]]) -> Result<Digraph, DigraphError> {
        Digraph::with_limit(vertices, arcs.to_vec(), MAX_DIGRAPH_SIZE)
    }

    fn with_limit<L: Label>(
        vertices: Vec<u64>,
        arcs: Vec<[L; 2]>,
        limit: usize,
    ) -> Result<Digraph, DigraphError> {
        if arcs.len() > limit {
            return Err(too_large("arcs", limit));
        }
        let (labels, arcs) = number_densely(vertices, arcs);
        if labels.len() > limit {
            return Err(too_large("vertices", limit));
        }
        let n = labels.len();
        let (in_start, predecessors) = lists(n, arcs.iter().map(|&[u, v]| (v, u)));
        drop(arcs);
        // Grouped by tail from the lists by head, read in ascending head:
        // each group comes out sorted, with no sort.
        let by_head = (0..n as Vertex).flat_map(|v| {
            let range = in_start[v as usize] as usize..in_start[v as usize + 1] as usize;
            predecessors[range].iter().map(move |&u| (u, v))
        });
        let (out_start, successors) = lists(n, by_head);
        Ok(Digraph {
            labels,
            out_start,
            successors,
            in_start,
            predecessors,
        })
    }

    /// How many vertices there are.
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    /// How many arcs there are.
    pub fn arc_count(&self) -> usize {
        self.successors.len()
    }

    /// The label (number in the file) of vertex `v`.
    pub fn label(&self, v: Vertex) -> u64 {
        self.labels[v as usize]
    }

    /// The vertex with label `label`, if the graph has one.
    pub fn vertex(&self, label: u64) -> Option<Vertex> {
        self.labels.binary_search(&label).ok().map(|i| i as Vertex)
    }

    /// The labels of the vertices, ascending; the rest of the graph is freed.
    pub fn into_labels(self) -> Vec<u64> {
        self.labels
    }

    /// The heads of the arcs out of `u`, in ascending order (repeated arcs repeated).
    pub fn successors(&self, u: Vertex) -> &[Vertex] {
        let u = u as usize;
        &self.successors[self.out_start[u] as usize..self.out_start[u + 1] as usize]
    }

    /// The tails of the arcs into `v` (repeated arcs repeated), in no
    /// particular order.
    fn predecessors(&self, v: Vertex) -> &[Vertex] {
        let v = v as usize;
        &self.predecessors[self.in_start[v] as usize..self.in_start[v + 1] as usize]
    }

    /// The generalised Sprague-Grundy function of every vertex.
    pub fn gamma(&self) -> GammaFunction<'_> {
        GammaFunction::of(self)
    }
}

/// The labels named by `vertices` or `arcs`, ascending, and the arcs with each
/// label replaced by its index among them (in place when labels are `u32`:
/// the list is not held twice).
///
/// Labels that are small beside their number (the usual `0..n`) are numbered
/// with a table indexed by label, one look-up per arc end; others by sorting
/// and a binary search per arc end, which misses the cache at every step and
/// took most of the time of reading 10^6 arcs.
fn number_densely<L: Label>(
    mut vertices: Vec<u64>,
    arcs: Vec<[L; 2]>,
) -> (Vec<u64>, Vec<[Vertex; 2]>) {
    let named = vertices.len() as u64 + 2 * arcs.len() as u64;
    let arc_labels = arcs.as_flattened();
    let max = (vertices.iter().max().copied()).max(arc_labels.iter().max().map(|&l| l.into()));
    match max {
        Some(max) if max < 4 * named + 1024 => {
            const UNNAMED: Vertex = Vertex::MAX;
            let mut table = vec![UNNAMED; max as usize + 1];
            for &label in &vertices {
                table[label as usize] = 0;
            }
            for &label in stop::polling(arc_labels.iter()) {
                table[label.into() as usize] = 0;
            }
            let mut labels = Vec::new();
            for (label, id) in table.iter_mut().enumerate() {
                if *id != UNNAMED {
                    *id = labels.len() as Vertex;
                    labels.push(label as u64);
                }
            }
            let id = |label: L| table[label.into() as usize];
            (labels, renumber(arcs, id))
        }
        _ => {
            vertices.extend(arc_labels.iter().map(|&l| l.into()));
            stop::sort_unstable_polling(&mut vertices);
            vertices.dedup();
            let id = |label: L| vertices.partition_point(|&l| l < label.into()) as Vertex;
            let arcs = renumber(arcs, id);
            (vertices, arcs)
        }
    }
}

/// `arcs` with each label replaced by its `id`; the collection reuses the
/// list's own memory (an in-place `collect`).
fn renumber<L: Label>(arcs: Vec<[L; 2]>, id: impl Fn(L) -> Vertex) -> Vec<[Vertex; 2]> {
    stop::polling(arcs.into_iter())
        .map(|[u, v]| [id(u), id(v)])
        .collect()
}

/// Adjacency lists in one array: the `(from, to)` pairs grouped by `from`, in
/// the order given within a group; `start[u]..start[u + 1]` is `u`'s group.
/// Offsets are `u32` (arcs are at most [`MAX_DIGRAPH_SIZE`]), half the memory
/// and cache of `usize`.
fn lists(
    n: usize,
    pairs: impl Iterator<Item = (Vertex, Vertex)> + Clone,
) -> (Vec<u32>, Vec<Vertex>) {
    let mut start = vec![0u32; n + 1];
    for (from, _) in stop::polling(pairs.clone()) {
        start[from as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut next = start.clone();
    let mut heads = vec![0; start[n] as usize];
    for (from, to) in stop::polling(pairs) {
        let slot = &mut next[from as usize];
        heads[*slot as usize] = to;
        *slot += 1;
    }
    (start, heads)
}

/// The rules: a position is the vertex the token is on, its options the heads
/// of its arcs. (Only acyclic graphs have plain Grundy values; a search over
/// these rules reports a cycle.)
impl Impartial for Digraph {
    type Position = Vertex;

    fn options(&self, position: &Vertex) -> Vec<Vertex> {
        self.successors(*position).to_vec()
    }
}

/// A value of the generalised Sprague-Grundy function.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A finite value: the position behaves like a Nim heap of that size.
    Finite(u32),
    /// Infinite, with the finite values of the options, ascending.
    Infinite(Vec<u32>),
}

impl Gamma {
    /// The outcome of a position of this value: `0` is P, other finite values
    /// are N, `inf(K)` is N when `0` is in `K` and D otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(set) if set.first() == Some(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::D,
        }
    }
}

impl Gamma {
    /// The value, borrowed.
    pub fn as_ref(&self) -> GammaRef<'_> {
        match self {
            Gamma::Finite(m) => GammaRef::Finite(*m),
            Gamma::Infinite(set) => GammaRef::Infinite(set),
        }
    }
}

/// `3` for a finite value; `inf{0,2}` (the set ascending, `inf{}` when empty)
/// for an infinite one.
impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_ref().fmt(f)
    }
}

/// A [`Gamma`] borrowed from where it is stored ([`GammaTable`]), so that
/// writing a million values allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GammaRef<'a> {
    /// A finite value.
    Finite(u32),
    /// Infinite, with the finite values of the options, ascending.
    Infinite(&'a [u32]),
}

impl GammaRef<'_> {
    /// The value, owned.
    pub fn to_gamma(self) -> Gamma {
        match self {
            GammaRef::Finite(m) => Gamma::Finite(m),
            GammaRef::Infinite(set) => Gamma::Infinite(set.to_vec()),
        }
    }
}

/// As [`Gamma`]'s: `3`, or `inf{0,2}`.
impl fmt::Display for GammaRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GammaRef::Finite(m) => write!(f, "{m}"),
            GammaRef::Infinite(set) => {
                f.write_str("inf{")?;
                for (i, k) in set.iter().enumerate() {
                    let comma = if i == 0 { "" } else { "," };
                    write!(f, "{comma}{k}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// The value of every vertex of a graph, kept apart from the graph (which
/// can then be freed) and compactly: a `u32` a vertex, and the sets of the
/// infinite values one after the other in one array. A `Vec<Gamma>` takes 24
/// bytes a vertex and an allocation a set, more than the graph itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GammaTable {
    /// The finite value of each vertex, or [`INFINITE`].
    values: Vec<u32>,
    /// The set of vertex `v`'s value is `sets[set_start[v]..set_start[v + 1]]`
    /// (empty when it is finite).
    set_start: Vec<u32>,
    sets: Vec<u32>,
}

impl GammaTable {
    /// How many vertices there are.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of vertex `v`.
    pub fn get(&self, v: Vertex) -> GammaRef<'_> {
        let v = v as usize;
        match self.values[v] {
            INFINITE => GammaRef::Infinite(
                &self.sets[self.set_start[v] as usize..self.set_start[v + 1] as usize],
            ),
            m => GammaRef::Finite(m),
        }
    }

    /// The value of every vertex, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = GammaRef<'_>> + '_ {
        (0..self.len() as Vertex).map(|v| self.get(v))
    }
}

/// The marker of an infinite value in [`GammaFunction`]'s table.
const INFINITE: u32 = u32::MAX;
/// The marker of a vertex not labelled yet, during the computation.
const UNLABELLED: u32 = u32::MAX - 1;

/// The generalised Sprague-Grundy function of a [`Digraph`].
///
/// Computed by rounds `m = 0, 1, 2, ...` (Fraenkel and Yesha's labelling).
/// Before round `m`, every vertex still unlabelled has an option of each value
/// below `m`. Round `m` labels `m` every unlabelled vertex `u` that has no
/// option labelled `m` and whose options are all labelled finite or *covered*
/// (have an option labelled `m`): conditions 1 to 3 of the module's
/// definition. It runs as a retrograde analysis: labelling `u` covers its
/// predecessors; covering a vertex that is not finite satisfies one arc of
/// each of its predecessors, whose counter of unsatisfied arcs falls; a
/// counter at zero on an uncovered vertex labels it. The result does not
/// depend on the order, since a labelled vertex's options are all finite
/// below `m` or covered, so none of them can be labelled `m` later. After the
/// round, an unlabelled vertex that is not covered has no option of value `m`,
/// so no finite value is left for it: it is infinite.
///
/// Work: each labelling scans the vertex's predecessors once; a vertex is
/// covered at most once per round, in the rounds of the distinct finite values
/// of its options, and then scans its predecessors. So the cost is at most
/// `sum over v of indegree(v) * (1 + distinct finite values among v's
/// options)` plus the vertices, linear for bounded out-degree.
#[derive(Clone, Debug)]
pub struct GammaFunction<'g> {
    graph: &'g Digraph,
    /// The finite value of each vertex, or [`INFINITE`].
    values: Vec<u32>,
}

impl<'g> GammaFunction<'g> {
    /// Runs the labelling on `graph`.
    fn of(graph: &'g Digraph) -> GammaFunction<'g> {
        let mut labelling = Labelling::new(graph);
        let mut round = 0;
        while !labelling.active.is_empty() {
            stop::poll();
            labelling.run_round(round);
            round += 1;
        }
        GammaFunction {
            graph,
            values: labelling.values(),
        }
    }

    /// The graph.
    pub fn graph(&self) -> &'g Digraph {
        self.graph
    }

    /// The finite value of `v`, or `None` when it is infinite.
    pub fn finite(&self, v: Vertex) -> Option<u32> {
        Some(self.values[v as usize]).filter(|&m| m != INFINITE)
    }

    /// The value of `v`.
    pub fn value(&self, v: Vertex) -> Gamma {
        match self.finite(v) {
            Some(m) => Gamma::Finite(m),
            None => Gamma::Infinite(self.option_values(v)),
        }
    }

    /// The outcome of a token on `v`.
    pub fn outcome(&self, v: Vertex) -> Outcome {
        self.value(v).outcome()
    }

    /// The value of every vertex, apart from the graph.
    pub fn into_table(self) -> GammaTable {
        let mut set_start = Vec::with_capacity(self.values.len() + 1);
        set_start.push(0);
        let mut sets = Vec::new();
        for v in stop::polling(0..self.values.len() as Vertex) {
            if self.finite(v).is_none() {
                self.push_option_values(v, &mut sets);
            }
            set_start.push(sets.len() as u32);
        }
        GammaTable {
            values: self.values,
            set_start,
            sets,
        }
    }

    /// The distinct finite values of `v`'s options, ascending.
    fn option_values(&self, v: Vertex) -> Vec<u32> {
        let mut set = Vec::new();
        self.push_option_values(v, &mut set);
        set
    }

    /// Appends to `to` the distinct finite values of `v`'s options, ascending.
    fn push_option_values(&self, v: Vertex, to: &mut Vec<u32>) {
        let first = to.len();
        let values = self.graph.successors(v).iter();
        to.extend(values.filter_map(|&w| self.finite(w)));
        to[first..].sort_unstable();
        let mut kept = first;
        for i in first..to.len() {
            if kept == first || to[i] != to[kept - 1] {
                to[kept] = to[i];
                kept += 1;
            }
        }
        to.truncate(kept);
    }

    /// The value of the sum of tokens on `tokens` (a vertex may hold several).
    pub fn sum_value(&self, tokens: &[Vertex]) -> Gamma {
        let mut infinite = tokens.iter().filter(|&&v| self.finite(v).is_none());
        let finite_part = self.finite_part(tokens);
        match (infinite.next(), infinite.next()) {
            (None, _) => Gamma::Finite(finite_part),
            (Some(&v), None) => {
                let mut set: Vec<u32> = self
                    .option_values(v)
                    .iter()
                    .map(|k| k ^ finite_part)
                    .collect();
                set.sort_unstable();
                Gamma::Infinite(set)
            }
            (Some(_), Some(_)) => Gamma::Infinite(Vec::new()),
        }
    }

    /// The nim-sum of the finite values among `tokens`.
    fn finite_part(&self, tokens: &[Vertex]) -> u32 {
        tokens
            .iter()
            .filter_map(|&v| self.finite(v))
            .fold(0, |a, b| a ^ b)
    }

    /// Every winning move of the sum of tokens on `tokens`: every move that
    /// leaves a sum of value `0` (a P-position). All components are then
    /// finite, so a move goes in component `i` to an option of value equal to
    /// the nim-sum of the other components, which all must be finite: with one
    /// infinite component only that one has winning moves, with two or more
    /// none does. At most `limit` are listed, and [`SumMoves::total`] counts
    /// them all.
    ///
    /// The order is that of the positions reached, compared as sequences of
    /// vertices (the contract's order of `to`): the moves to a smaller vertex,
    /// component by component, then the moves to a larger vertex, from the
    /// last component back; within a component, ascending by target.
    ///
    /// Components on the same vertex share their targets, so the work is one
    /// scan of the arcs of each distinct vertex, not of each token.
    pub fn sum_winning_moves(&self, tokens: &[Vertex], limit: usize) -> SumMoves {
        self.sum_moves_to(tokens, 0, limit)
    }

    /// Every move of the sum of tokens on `tokens` to a sum of finite value
    /// `target` (as [`GammaFunction::sum_winning_moves`] for the target 0, and
    /// for the same reasons: every component is finite after such a move, so
    /// with one infinite component only that one moves, with two none does).
    /// A move to the sum's own value would have to keep it, and no move does:
    /// the sum's value is not among its options' values. So none is listed
    /// when `target` is the sum's value.
    pub fn sum_moves_to(&self, tokens: &[Vertex], target: u32, limit: usize) -> SumMoves {
        if self.sum_value(tokens) == Gamma::Finite(target) {
            return SumMoves {
                moves: Vec::new(),
                total: 0,
            };
        }
        let mut infinite = (0..tokens.len()).filter(|&i| self.finite(tokens[i]).is_none());
        let movable: Vec<usize> = match (infinite.next(), infinite.next()) {
            (None, _) => (0..tokens.len()).collect(),
            (Some(i), None) => vec![i],
            (Some(_), Some(_)) => Vec::new(),
        };
        let finite_part = self.finite_part(tokens);
        let mut by_vertex: Vec<(Vertex, usize)> = movable.iter().map(|&i| (tokens[i], i)).collect();
        by_vertex.sort_unstable();
        let mut targets_of: Vec<(usize, Range<usize>)> = Vec::new();
        let mut targets = Vec::new();
        for group in by_vertex.chunk_by(|a, b| a.0 == b.0) {
            let v = group[0].0;
            let wanted = target ^ finite_part ^ self.finite(v).unwrap_or(0);
            let first = targets.len();
            targets.extend(self.moves_to_value(v, wanted));
            targets_of.extend(group.iter().map(|&(_, i)| (i, first..targets.len())));
        }
        targets_of.sort_unstable_by_key(|(i, _)| *i);
        let total = targets_of.iter().map(|(_, r)| r.len() as u64).sum();
        // A move listed never leaves its vertex: a loop keeps the sum's value,
        // which is not the target. So a move goes down (to a smaller vertex)
        // or up, and that decides its place.
        let split = |i: usize, r: &Range<usize>| {
            r.start + targets[r.clone()].partition_point(|&t| t < tokens[i])
        };
        let downward = targets_of.iter().map(|(i, r)| (*i, r.start..split(*i, r)));
        let upward = targets_of
            .iter()
            .rev()
            .map(|(i, r)| (*i, split(*i, r)..r.end));
        let moves = downward
            .chain(upward)
            .flat_map(|(component, range)| {
                targets[range]
                    .iter()
                    .map(move |&to| SumMove { component, to })
            })
            .take(limit)
            .collect();
        SumMoves { moves, total }
    }

    /// The distinct options of `v` of finite value `wanted`, ascending.
    fn moves_to_value(&self, v: Vertex, wanted: u32) -> impl Iterator<Item = Vertex> + '_ {
        let successors = self.graph.successors(v);
        successors
            .iter()
            .enumerate()
            .filter(move |&(j, &w)| j == 0 || successors[j - 1] != w)
            .map(|(_, &w)| w)
            .filter(move |&w| self.finite(w) == Some(wanted))
    }
}

/// One move of a sum of tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SumMove {
    /// The index of the token moved, in the order the tokens were given.
    pub component: usize,
    /// The vertex it moves to.
    pub to: Vertex,
}

/// The winning moves of a sum, possibly cut at a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMoves {
    /// The first winning moves, in the order of the positions they reach.
    pub moves: Vec<SumMove>,
    /// How many winning moves there are in all.
    pub total: u64,
}

/// What the labelling knows of one vertex. The four fields are read together
/// at each visit, so they are kept side by side (16 bytes, a quarter of a
/// cache line): four separate arrays cost four cache misses a visit, and the
/// visits jump across the graph.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
struct VertexState {
    /// Finite, [`INFINITE`] or [`UNLABELLED`].
    value: u32,
    /// The arcs to vertices not labelled finite (yet).
    nonfinite_arcs: u32,
    /// `round + 1` if the vertex has an option labelled `round` in this round.
    covered: u32,
    /// For an unlabelled vertex in this round: its arcs to vertices neither
    /// finite nor covered. Set from `nonfinite_arcs` when the round starts,
    /// which stays put until the vertex is covered (only the labelling of an
    /// option lowers it, and that covers the vertex).
    unsatisfied: u32,
}

/// The state of the labelling rounds of [`GammaFunction`].
struct Labelling<'g> {
    graph: &'g Digraph,
    vertices: Vec<VertexState>,
    /// The vertices still unlabelled.
    active: Vec<Vertex>,
    /// The vertices to label in this round.
    queue: Vec<Vertex>,
}

impl<'g> Labelling<'g> {
    fn new(graph: &'g Digraph) -> Labelling<'g> {
        let n = graph.vertex_count();
        let state = |u| VertexState {
            value: UNLABELLED,
            nonfinite_arcs: graph.successors(u).len() as u32,
            covered: 0,
            unsatisfied: 0,
        };
        Labelling {
            graph,
            vertices: (0..n as Vertex).map(state).collect(),
            active: (0..n as Vertex).collect(),
            queue: Vec::with_capacity(n),
        }
    }

    /// The value of every vertex, once no vertex is active.
    fn values(self) -> Vec<u32> {
        self.vertices.iter().map(|s| s.value).collect()
    }

    /// Round `m`: labels `m` where it is due, then infinite every unlabelled
    /// vertex left uncovered, and keeps the covered ones for the next round.
    fn run_round(&mut self, m: u32) {
        let stamp = m + 1;
        self.queue.clear();
        for &u in stop::polling(self.active.iter()) {
            let state = &mut self.vertices[u as usize];
            state.unsatisfied = state.nonfinite_arcs;
            if state.nonfinite_arcs == 0 {
                self.queue.push(u);
            }
        }
        let mut ticker = Ticker::<10>::new();
        while let Some(u) = self.queue.pop() {
            ticker.tick();
            let state = self.vertices[u as usize];
            if state.value == UNLABELLED && state.covered != stamp {
                self.label(u, m);
            }
        }
        let vertices = &mut self.vertices;
        self.active.retain(|&u| {
            let state = &mut vertices[u as usize];
            if state.value == UNLABELLED && state.covered != stamp {
                state.value = INFINITE;
            }
            state.value == UNLABELLED
        });
    }

    /// Labels `u` with `m` and covers its predecessors.
    fn label(&mut self, u: Vertex, m: u32) {
        let stamp = m + 1;
        self.vertices[u as usize].value = m;
        for &p in self.graph.predecessors(u) {
            let state = &mut self.vertices[p as usize];
            state.nonfinite_arcs -= 1;
            if state.covered != stamp {
                state.covered = stamp;
                if state.value >= UNLABELLED {
                    self.satisfy_arcs_into(p, stamp);
                }
            }
        }
    }

    /// `p`, not finite, was just covered: each arc into it is satisfied, and a
    /// predecessor whose last unsatisfied arc that was is due for the label.
    fn satisfy_arcs_into(&mut self, p: Vertex, stamp: u32) {
        for &q in self.graph.predecessors(p) {
            let state = &mut self.vertices[q as usize];
            if state.value != UNLABELLED || state.covered == stamp {
                continue;
            }
            state.unsatisfied -= 1;
            if state.unsatisfied == 0 {
                self.queue.push(q);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Memo;
    use proptest::prelude::*;

    fn digraph(vertices: &[u64], arcs: &[[u64; 2]]) -> Digraph {
        Digraph::new(vertices.to_vec(), arcs).unwrap()
    }

    fn values(graph: &Digraph) -> Vec<String> {
        let gamma = graph.gamma();
        (0..graph.vertex_count() as Vertex)
            .map(|v| gamma.value(v).to_string())
            .collect()
    }

    /// The outcome of every sum of `k` tokens, by retrograde analysis of the
    /// sum's own graph (a state is a `k`-tuple of vertices, numbered in base
    /// `n`): a state with an option that is P is N, a state whose options are
    /// all N (or that has none) is P, until nothing changes; the rest are D.
    fn retrograde(graph: &Digraph, k: u32) -> Vec<Outcome> {
        let n = graph.vertex_count();
        let states = n.pow(k);
        let options: Vec<Vec<usize>> = (0..states)
            .map(|s| {
                sum_options(graph, &tuple(s, n, k))
                    .map(|(_, t)| t)
                    .collect()
            })
            .collect();
        let mut outcome: Vec<Option<Outcome>> = vec![None; states];
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..states {
                if outcome[s].is_some() {
                    continue;
                }
                let of_options: Vec<_> = options[s].iter().map(|&t| outcome[t]).collect();
                let found = if of_options.contains(&Some(Outcome::P)) {
                    Outcome::N
                } else if of_options.iter().all(|&o| o == Some(Outcome::N)) {
                    Outcome::P
                } else {
                    continue;
                };
                outcome[s] = Some(found);
                changed = true;
            }
        }
        outcome
            .into_iter()
            .map(|o| o.unwrap_or(Outcome::D))
            .collect()
    }

    /// State `s` as a tuple of `k` vertices (the first the most significant).
    fn tuple(s: usize, n: usize, k: u32) -> Vec<Vertex> {
        (0..k).rev().map(|i| (s / n.pow(i) % n) as Vertex).collect()
    }

    /// Every move of the sum `tokens` by the rules: `(component, state reached)`.
    fn sum_options<'a>(
        graph: &'a Digraph,
        tokens: &'a [Vertex],
    ) -> impl Iterator<Item = (SumMove, usize)> + 'a {
        let n = graph.vertex_count();
        let k = tokens.len();
        (0..k).flat_map(move |component| {
            graph
                .options(&tokens[component])
                .into_iter()
                .map(move |to| {
                    let state = (0..k).fold(0, |s, i| {
                        s * n + if i == component { to } else { tokens[i] } as usize
                    });
                    (SumMove { component, to }, state)
                })
        })
    }

    /// Holds the outcome and the winning moves of every sum of `k` tokens
    /// against the retrograde analysis of the sum's graph.
    fn check_sums(graph: &Digraph, k: u32) {
        let gamma = graph.gamma();
        let oracle = retrograde(graph, k);
        let n = graph.vertex_count();
        for (s, &expected) in oracle.iter().enumerate() {
            let tokens = tuple(s, n, k);
            let value = gamma.sum_value(&tokens);
            assert_eq!(value.outcome(), expected, "{tokens:?} has value {value}");
            // In the order of the states reached, which is the lexicographic
            // order of the tuples of vertices reached.
            let mut winning: Vec<(usize, SumMove)> = sum_options(graph, &tokens)
                .filter(|&(_, t)| oracle[t] == Outcome::P)
                .map(|(m, t)| (t, m))
                .collect();
            winning.sort_unstable();
            winning.dedup();
            let winning: Vec<SumMove> = winning.into_iter().map(|(_, m)| m).collect();
            let listed = gamma.sum_winning_moves(&tokens, usize::MAX);
            assert_eq!(listed.moves, winning, "winning moves of {tokens:?}");
            assert_eq!(listed.total, winning.len() as u64);
            // Moves to any value: the options whose value (checked above, as
            // the outcome of the sum with a heap) is that value.
            for target in 1..4 {
                let mut to_target: Vec<(usize, SumMove)> = sum_options(graph, &tokens)
                    .filter(|&(m, _)| {
                        let mut after = tokens.clone();
                        after[m.component] = m.to;
                        gamma.sum_value(&after) == Gamma::Finite(target)
                    })
                    .map(|(m, t)| (t, m))
                    .collect();
                to_target.sort_unstable();
                to_target.dedup();
                let to_target: Vec<SumMove> = to_target.into_iter().map(|(_, m)| m).collect();
                let listed = gamma.sum_moves_to(&tokens, target, usize::MAX);
                assert_eq!(listed.moves, to_target, "moves of {tokens:?} to {target}");
            }
            assert_eq!(expected == Outcome::N, value.outcome() == Outcome::N);
        }
    }

    /// `arcs` among `0..n`, plus Nim heaps `100..100 + heaps` (heap `h` moves
    /// to every smaller heap) so that sums with a heap pin values down exactly.
    fn with_heaps(n: u64, arcs: &[[u64; 2]], heaps: u64) -> Digraph {
        let mut arcs = arcs.to_vec();
        for h in 0..heaps {
            arcs.extend((0..h).map(|j| [100 + h, 100 + j]));
        }
        let vertices: Vec<u64> = (0..n).chain((0..heaps).map(|h| 100 + h)).collect();
        digraph(&vertices, &arcs)
    }

    #[test]
    fn values_of_small_examples() {
        // 0 <-> 1 is a draw; 2 moves to the cycle or to the end 3.
        let graph = digraph(&[], &[[0, 1], [1, 0], [2, 0], [2, 3]]);
        assert_eq!(values(&graph), ["inf{}", "inf{}", "inf{0}", "0"]);
        let gamma = graph.gamma();
        let outcomes: Vec<Outcome> = (0..4).map(|v| gamma.outcome(v)).collect();
        use Outcome::{D, N, P};
        assert_eq!(outcomes, [D, D, N, P]);
        // A loop on its own is a draw; a loop beside a move to 0 is infinite
        // (its option, itself, cannot reverse), and wins by moving to 0.
        assert_eq!(values(&digraph(&[], &[[5, 5]])), ["inf{}"]);
        assert_eq!(values(&digraph(&[], &[[0, 0], [0, 1]])), ["inf{0}", "0"]);
        // 1 -> 2 -> 1 with 2 -> 0: the cycle is no draw, 1's only move lets
        // the opponent end the game, so 1 is 0 and 2 is 1.
        assert_eq!(
            values(&digraph(&[], &[[1, 2], [2, 1], [2, 0]])),
            ["0", "0", "1"]
        );
        // A cycle 1 <-> 2 with exits 1 -> 0 and 2 -> 3 -> 0: 3 is 1; 2 (options
        // 1 and 3) is 0 and 1 (options 0 and 2, both 0) is 1, finite values.
        let graph = digraph(&[], &[[1, 2], [1, 0], [2, 1], [2, 3], [3, 0]]);
        assert_eq!(values(&graph), ["0", "1", "0", "1"]);
        assert_eq!(
            graph.gamma().sum_value(&[0, 1, 3]),
            Gamma::Finite(0),
            "1 xor 1"
        );
    }

    #[test]
    fn the_example_file_has_the_values_its_comments_say() {
        let graph = parse_digraph(include_str!("../../../../examples/digraph.txt")).unwrap();
        let labels: Vec<u64> = (0..graph.vertex_count() as Vertex)
            .map(|v| graph.label(v))
            .collect();
        assert_eq!(labels, (0..10).collect::<Vec<u64>>());
        assert_eq!(
            values(&graph),
            ["0", "inf{}", "inf{}", "inf{1}", "1", "inf{}", "inf{0}", "0", "0", "1"]
        );
    }

    #[test]
    fn sums_with_infinite_components() {
        // 2 is inf{0} (see above), 4 is a heap of size 1 (to 3, an end).
        let graph = digraph(&[], &[[0, 1], [1, 0], [2, 0], [2, 3], [4, 3]]);
        let gamma = graph.gamma();
        assert_eq!(gamma.sum_value(&[2, 4]).to_string(), "inf{1}");
        assert_eq!(gamma.sum_value(&[2, 4]).outcome(), Outcome::D);
        assert_eq!(gamma.sum_value(&[2, 3]).outcome(), Outcome::N);
        assert_eq!(gamma.sum_value(&[2, 2]).to_string(), "inf{}");
        let json = serde_json::to_string(&[gamma.value(2), gamma.value(3)]).unwrap();
        assert_eq!(json, r#"["inf{0}",0]"#);
        assert_eq!(Outcome::D.letter(), "D");
        let moves = gamma.sum_winning_moves(&[3, 2, 3], 10);
        assert_eq!(
            moves.moves,
            [SumMove {
                component: 1,
                to: 3
            }]
        );
        assert_eq!(gamma.sum_winning_moves(&[2, 2], 10).total, 0);
    }

    #[test]
    fn winning_moves_are_cut_at_the_limit_and_counted() {
        // Heap 3 of Nim as a graph, twice, and tokens on heaps 3, 3, 3.
        let graph = with_heaps(0, &[], 4);
        let gamma = graph.gamma();
        // 3 ^ 3 ^ 3 = 3: each token has one winning move, to heap 0.
        let all = gamma.sum_winning_moves(&[3, 3, 3], usize::MAX);
        assert_eq!(all.total, 3);
        assert_eq!(
            all.moves.iter().map(|m| m.component).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        let cut = gamma.sum_winning_moves(&[3, 3, 3], 2);
        assert_eq!((cut.moves.as_slice(), cut.total), (&all.moves[..2], 3));
    }

    #[test]
    fn a_long_path_and_a_long_cycle_need_no_recursion() {
        let n = 100_000u64;
        let mut arcs: Vec<[u64; 2]> = (1..n).map(|i| [i, i - 1]).collect();
        arcs.extend((0..n).map(|i| [n + i, n + (i + 1) % n]));
        arcs.push([n, n - 1]);
        let graph = digraph(&[], &arcs);
        let gamma = graph.gamma();
        for v in 0..n as Vertex {
            assert_eq!(gamma.value(v), Gamma::Finite(v % 2));
        }
        // n moves to the path's end n - 1 of value (n - 1) % 2 = 1, or along
        // the cycle; the others only along the cycle. None has a finite
        // value, and only n can move to a finite one.
        assert_eq!(gamma.value(n as Vertex), Gamma::Infinite(vec![1]));
        for v in n as Vertex + 1..2 * n as Vertex {
            assert_eq!(gamma.outcome(v), Outcome::D);
        }
    }

    #[test]
    fn a_graph_file_is_read_with_comments_lone_vertices_loops_and_repeats() {
        let text = "# a game\n\n 3 1 \n3 1\n\t# indented\n7\n1 1\r\n10 3\n";
        let graph = parse_digraph(text).unwrap();
        assert_eq!(graph.vertex_count(), 4);
        assert_eq!(graph.arc_count(), 4);
        assert_eq!((graph.label(0), graph.label(3)), (1, 10));
        assert_eq!(graph.vertex(7), Some(2));
        assert_eq!(graph.vertex(2), None);
        assert_eq!(graph.successors(graph.vertex(3).unwrap()), [0, 0]);
        assert_eq!(values(&graph), ["inf{}", "inf{}", "0", "inf{}"]);
        assert_eq!(parse_digraph("").unwrap().vertex_count(), 0);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let err = parse_digraph("0 1\n\na b\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: expected a move 'U V' or a vertex 'V' (non-negative integers), found 'a b'"
        );
        for bad in ["1 2 3", "-1 2", "+1", "1 2.0", "1 2 # comment", "1 x"] {
            assert!(
                matches!(
                    parse_digraph(bad),
                    Err(DigraphError::Line(ParseError::Malformed { line: 1, .. }))
                ),
                "{bad}"
            );
        }
        let err = parse_digraph("0\n0 18446744073709551616").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: vertex number '18446744073709551616' is too large (the largest is 18446744073709551615)"
        );
        assert!(
            parse_digraph(&"9".repeat(1000))
                .unwrap_err()
                .to_string()
                .len()
                < 200
        );
    }

    #[test]
    fn the_size_limit_is_checked() {
        assert_eq!(
            parse_with_limit("0 1\n1 2\n2 0\n", 2)
                .unwrap_err()
                .to_string(),
            "the game graph has more than 2 arcs; at most 2 are supported"
        );
        assert_eq!(
            parse_with_limit("0 1\n2\n", 2).unwrap_err(),
            DigraphError::TooLarge {
                what: "vertices",
                limit: 2
            }
        );
        assert!(parse_with_limit("0 1\n1 0\n0\n", 2).is_ok());
    }

    /// The characters of the lines the quick reader is tried on: its own,
    /// and some it must leave to the general reader (other white space,
    /// signs, letters, a non-ASCII space).
    const QUICK_ALPHABET: [char; 16] = [
        '0', '1', '7', '9', '9', '9', ' ', ' ', '\t', '\r', '#', '\u{b}', '\u{a0}', '-', '+', 'x',
    ];

    /// A graph file read line by line by the general rules alone.
    fn general_parse(text: &str) -> Result<Digraph, DigraphError> {
        let mut vertices = Vec::new();
        let mut arcs = Vec::new();
        for (index, line) in text.lines().enumerate() {
            match general_line(line, index + 1)? {
                None => {}
                Some((v, None)) => vertices.push(v),
                Some((u, Some(v))) => arcs.push([u, v]),
            }
        }
        Digraph::new(vertices, &arcs)
    }

    #[test]
    fn labels_past_u32_widen_the_arcs_read() {
        let big = u64::from(u32::MAX) + 1;
        let text = format!("0 1\n1 {big}\n{big} 0\n5\n");
        let graph = parse_digraph(&text).unwrap();
        assert_eq!(
            graph,
            Digraph::new(vec![5], &[[0, 1], [1, big], [big, 0]]).unwrap()
        );
        assert_eq!(graph.label(3), big);
        assert_eq!(parse_digraph_text(text).unwrap(), graph);
        // Many digits, a number too large and one just fitting.
        let text = format!("00000000000000000000007 {}\n", u64::MAX);
        assert_eq!(parse_digraph(&text).unwrap().label(1), u64::MAX);
        assert!(matches!(
            parse_digraph("18446744073709551616 1"),
            Err(DigraphError::Line(ParseError::VertexTooLarge {
                line: 1,
                ..
            }))
        ));
    }

    /// A factor that puts labels far apart.
    const FAR: u64 = 1 << 50;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn sums_match_retrograde_analysis_on_random_digraphs(
            n in 1u64..=8,
            arcs in proptest::collection::vec((0u64..8, 0u64..8), 0..20),
        ) {
            let arcs: Vec<[u64; 2]> =
                arcs.into_iter().map(|(u, v)| [u % n, v % n]).collect();
            // Values exactly, against Nim heaps up to 7 (no value exceeds 7).
            let graph = with_heaps(n, &arcs, 8);
            check_sums(&graph, 1);
            check_sums(&graph, 2);
            check_sums(&with_heaps(n, &arcs, 0), 3);
            // Large labels are numbered another way, to the same graph.
            let far: Vec<[u64; 2]> = arcs.iter().map(|a| a.map(|x| x * FAR + 7)).collect();
            let far_vertices: Vec<u64> = (0..n).map(|x| x * FAR + 7).collect();
            let far = digraph(&far_vertices, &far);
            prop_assert_eq!(values(&far), values(&with_heaps(n, &arcs, 0)));
            prop_assert_eq!(far.label(n as Vertex - 1), (n - 1) * FAR + 7);
            // The table the answer of `sequence` holds, apart from the graph.
            let gamma = far.gamma();
            let table = gamma.clone().into_table();
            prop_assert_eq!(table.len(), far.vertex_count());
            for (v, value) in table.iter().enumerate() {
                prop_assert_eq!(value.to_gamma(), gamma.value(v as Vertex));
            }
        }

        #[test]
        fn the_quick_reader_reads_as_the_general_one(
            lines in proptest::collection::vec(
                proptest::collection::vec(
                    proptest::sample::select(&QUICK_ALPHABET[..]), 0..12,
                ),
                0..8,
            ),
            ends in proptest::collection::vec(proptest::bool::ANY, 8),
        ) {
            let lines: Vec<String> = lines.iter().map(|l| l.iter().collect()).collect();
            for line in &lines {
                if let Some((numbers, length)) = quick_line(line.as_bytes()) {
                    prop_assert_eq!(length, line.len());
                    prop_assert_eq!(Ok(numbers), general_line(line, 1), "{:?}", line);
                }
            }
            // Whole files, '\n' or "\r\n" ending each line, read as the
            // original reader did: `lines()`, each by the general rules.
            let text: String = lines
                .iter()
                .zip(&ends)
                .map(|(l, &crlf)| format!("{l}{}", if crlf { "\r\n" } else { "\n" }))
                .collect();
            prop_assert_eq!(parse_digraph(&text), general_parse(&text), "{:?}", text);
        }

        #[test]
        fn acyclic_values_are_plain_grundy_values(
            arcs in proptest::collection::vec((0u64..12, 0u64..12), 0..30),
        ) {
            let arcs: Vec<[u64; 2]> = arcs
                .into_iter()
                .filter(|(u, v)| u != v)
                .map(|(u, v)| [u.max(v), u.min(v)])
                .collect();
            let graph = digraph(&(0..12).collect::<Vec<_>>(), &arcs);
            let gamma = graph.gamma();
            let mut memo = Memo::new(graph.clone());
            for v in 0..12 {
                let plain = memo.grundy(&v).unwrap().value() as u32;
                prop_assert_eq!(gamma.value(v), Gamma::Finite(plain));
            }
        }
    }
}
