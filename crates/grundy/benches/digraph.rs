//! Benchmarks of `digraph`, the game given by its graph, beside a baseline run
//! in the same process so that the ratio means something on a noisy machine.
//!
//! - A random digraph of 10^6 vertices and 10^6 arcs with cycles (each arc
//!   from a random vertex to a random vertex): reading the file's text into
//!   the graph, beside only splitting its lines into numbers with the
//!   standard library (`lines`, `split_whitespace`, `parse`), and the
//!   generalised Sprague-Grundy function of every vertex.
//! - A random acyclic digraph of the same size (each arc from a vertex to a
//!   smaller one, so vertex 0 has no arc out): the same function, beside plain Grundy values by mex over a
//!   topological order (Kahn's counters), which only acyclic graphs allow.
//!
//! Run with `cargo bench -p grundy-benches --bench digraph`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::digraph::{parse_digraph, Digraph};
use grundy::graph::Vertex;
use grundy::nimber::MexSet;

mod common;

use common::Random;

const SIZE: u64 = 1_000_000;

/// The text of a graph file of `SIZE` vertices (each declared) and `SIZE`
/// random arcs; `acyclic` arcs go from a vertex to a smaller one.
fn graph_file(acyclic: bool) -> String {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let mut text = String::new();
    for v in 0..SIZE {
        text.push_str(&format!("{v}\n"));
    }
    for _ in 0..SIZE {
        let (u, v) = if acyclic {
            let u = 1 + random.below(SIZE - 1);
            (u, random.below(u))
        } else {
            (random.below(SIZE), random.below(SIZE))
        };
        text.push_str(&format!("{u} {v}\n"));
    }
    text
}

/// The numbers of each line of a graph file, by the standard library's
/// splitting and parsing: the least any reader does, without building a graph
/// or checking a line.
fn split_numbers(text: &str) -> Vec<u64> {
    text.lines()
        .flat_map(str::split_whitespace)
        .map(|word| word.parse().expect("a number"))
        .collect()
}

/// Plain Grundy values of an acyclic graph: a vertex is valued once all its
/// options are, by the mex of theirs. `predecessors` are the reversed lists.
fn plain_values(graph: &Digraph, predecessors: &Reversed) -> Vec<u64> {
    let n = graph.vertex_count();
    let mut waiting: Vec<usize> = (0..n as Vertex)
        .map(|u| graph.successors(u).len())
        .collect();
    let mut ready: Vec<Vertex> = (0..n as Vertex)
        .filter(|&u| waiting[u as usize] == 0)
        .collect();
    let mut values = vec![0u64; n];
    let mut set = MexSet::default();
    while let Some(u) = ready.pop() {
        set.clear();
        for &w in graph.successors(u) {
            set.insert(values[w as usize]);
        }
        values[u as usize] = set.mex();
        for &p in predecessors.of(u) {
            waiting[p as usize] -= 1;
            if waiting[p as usize] == 0 {
                ready.push(p);
            }
        }
    }
    values
}

/// The arcs into each vertex, in one array.
struct Reversed {
    start: Vec<usize>,
    tails: Vec<Vertex>,
}

impl Reversed {
    fn new(graph: &Digraph) -> Reversed {
        let n = graph.vertex_count();
        let mut start = vec![0usize; n + 1];
        for u in 0..n as Vertex {
            for &w in graph.successors(u) {
                start[w as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut tails = vec![0; start[n]];
        for u in 0..n as Vertex {
            for &w in graph.successors(u) {
                tails[next[w as usize]] = u;
                next[w as usize] += 1;
            }
        }
        Reversed { start, tails }
    }

    fn of(&self, v: Vertex) -> &[Vertex] {
        &self.tails[self.start[v as usize]..self.start[v as usize + 1]]
    }
}

fn cyclic(c: &mut Criterion) {
    let text = graph_file(false);
    let graph = parse_digraph(&text).expect("valid");
    let mut group = c.benchmark_group("digraph_cyclic");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("parse_1e6", |b| {
        b.iter(|| parse_digraph(black_box(&text)).expect("valid"))
    });
    group.bench_function("split_numbers_1e6", |b| {
        b.iter(|| split_numbers(black_box(&text)))
    });
    group.bench_function("gamma_1e6", |b| b.iter(|| black_box(&graph).gamma()));
    group.finish();
}

fn acyclic(c: &mut Criterion) {
    let graph = parse_digraph(&graph_file(true)).expect("valid");
    let predecessors = Reversed::new(&graph);
    let gamma = graph.gamma();
    let plain = plain_values(&graph, &predecessors);
    assert!((0..graph.vertex_count() as Vertex)
        .all(|v| gamma.finite(v).map(u64::from) == Some(plain[v as usize])));
    let mut group = c.benchmark_group("digraph_acyclic");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("gamma_1e6", |b| b.iter(|| black_box(&graph).gamma()));
    group.bench_function("plain_mex_1e6", |b| {
        b.iter(|| plain_values(black_box(&graph), &predecessors))
    });
    group.finish();
}

criterion_group!(benches, cyclic, acyclic);
criterion_main!(benches);
