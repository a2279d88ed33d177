//! Benchmarks of node Kayles and directed geography, each exact search beside
//! plain search over the rules (every order of moves, no memory) in the same
//! process, on graphs small enough for the plain search to finish:
//!
//! - node Kayles on a random sparse graph of 22 vertices (33 edges) and a random
//!   tree of 20 vertices, each beside plain search; then the exact search
//!   alone on a path of 1000 vertices, a caterpillar of 1000 (a spine of 500,
//!   a leaf on each), and random sparse graphs of 40 and 50 vertices (average
//!   degree 2.5: 50 and 62 edges), where plain search does not finish;
//! - directed geography on random digraphs of 16 vertices (each arc with
//!   probability 1/5) and 25 (1/8), each beside plain search, then the exact
//!   search alone on 30 vertices (1/8).
//!
//! The random graphs come from `common::Random` with the seeds written below.
//! Run with `cargo bench --bench classics -- --quick` (one group:
//! `-- node-kayles --quick`).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::directed_geography::{self, value_of, DirectedGeography};
use grundy::games::node_kayles::{self, NodeKayles};
use grundy::graph::Graph;

mod common;

use common::Random;

/// A random simple graph on `n` vertices with `m` edges.
fn sparse(n: u64, m: usize, random: &mut Random) -> Graph {
    let mut edges: Vec<[u64; 2]> = Vec::new();
    while edges.len() < m {
        let (u, v) = (random.below(n), random.below(n));
        let e = [u.min(v), u.max(v)];
        if u != v && !edges.contains(&e) {
            edges.push(e);
        }
    }
    Graph::new(0..n, &edges).unwrap()
}

/// A random tree: vertex `i` hangs from a random earlier vertex.
fn tree(n: u64, random: &mut Random) -> Graph {
    let edges: Vec<[u64; 2]> = (1..n).map(|i| [random.below(i), i]).collect();
    Graph::from_edges(&edges).unwrap()
}

/// A random digraph on `n` vertices, each arc with probability 1/`one_in`.
fn digraph(n: u64, one_in: u64, random: &mut Random) -> Graph {
    let arcs: Vec<[u64; 2]> = (0..n)
        .flat_map(|u| (0..n).map(move |v| [u, v]))
        .filter(|&[u, v]| u != v)
        .filter(|_| random.below(one_in) == 0)
        .collect();
    Graph::new(0..n, &arcs).unwrap()
}

/// A path of `n` vertices.
fn path(n: u64) -> Graph {
    let edges: Vec<[u64; 2]> = (1..n).map(|i| [i - 1, i]).collect();
    Graph::from_edges(&edges).unwrap()
}

/// A caterpillar: a spine of `n` vertices, a leaf hanging from each.
fn caterpillar(n: u64) -> Graph {
    let edges: Vec<[u64; 2]> = (1..n)
        .map(|i| [i - 1, i])
        .chain((0..n).map(|i| [i, n + i]))
        .collect();
    Graph::from_edges(&edges).unwrap()
}

fn node_kayles(c: &mut Criterion) {
    let mut random = Random(11);
    let mut group = c.benchmark_group("node-kayles");
    group.sample_size(10);
    for (name, graph) in [
        ("sparse 22", sparse(22, 33, &mut random)),
        ("tree 20", tree(20, &mut random)),
    ] {
        let game = NodeKayles::new(graph);
        let all = u64::MAX >> (64 - game.graph().vertex_count());
        let value = game.solve().unwrap().value;
        assert_eq!(node_kayles::plain_value(&game, all), value);
        group.bench_function(format!("{name}: exact"), |b| {
            b.iter(|| black_box(game.solve().unwrap().value))
        });
        group.bench_function(format!("{name}: plain"), |b| {
            b.iter(|| black_box(node_kayles::plain_value(&game, all)))
        });
    }
    let mut random = Random(40);
    for (name, graph) in [
        ("path 1000", path(1000)),
        ("caterpillar 1000", caterpillar(500)),
        ("sparse 40", sparse(40, 50, &mut random)),
        ("sparse 50", sparse(50, 62, &mut random)),
    ] {
        let game = NodeKayles::new(graph);
        group.bench_function(format!("{name}: exact"), |b| {
            b.iter(|| black_box(game.solve().unwrap().value))
        });
    }
    group.finish();
}

fn geography(c: &mut Criterion) {
    let mut random = Random(12);
    let mut group = c.benchmark_group("geography:directed");
    group.sample_size(10);
    let game = DirectedGeography::new(digraph(16, 5, &mut random));
    let exact = || value_of(&game.search(0).unwrap().start_options().unwrap());
    assert_eq!(
        directed_geography::plain_value(&game, &game.start(0)),
        exact()
    );
    group.bench_function("16 vertices: exact", |b| b.iter(|| black_box(exact())));
    group.bench_function("16 vertices: plain", |b| {
        b.iter(|| black_box(directed_geography::plain_value(&game, &game.start(0))))
    });
    let game = DirectedGeography::new(digraph(25, 8, &mut random));
    group.bench_function("25 vertices: exact", |b| {
        b.iter(|| black_box(value_of(&game.search(0).unwrap().start_options().unwrap())))
    });
    group.bench_function("25 vertices: plain", |b| {
        b.iter(|| black_box(directed_geography::plain_value(&game, &game.start(0))))
    });
    let game = DirectedGeography::new(digraph(30, 8, &mut random));
    group.bench_function("30 vertices: exact", |b| {
        b.iter(|| black_box(value_of(&game.search(0).unwrap().start_options().unwrap())))
    });
    group.finish();
}

criterion_group!(benches, node_kayles, geography);
criterion_main!(benches);
