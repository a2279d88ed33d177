//! Benchmarks of node Kayles and directed geography, each exact search beside
//! plain search over the rules (every order of moves, no memory) in the same
//! process, on graphs small enough for the plain search to finish:
//!
//! - node Kayles on a random sparse graph of 22 vertices (33 edges) and a random
//!   tree of 20 vertices, then the exact search alone on a random sparse graph
//!   of 40 vertices (60 edges);
//! - directed geography on a random digraph of 16 vertices (each arc with
//!   probability 1/5), then the exact search alone on 30 vertices.
//!
//! Run with `cargo bench --bench classics -- --quick`.

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
    let game = NodeKayles::new(sparse(40, 60, &mut random));
    group.bench_function("sparse 40: exact", |b| {
        b.iter(|| black_box(game.solve().unwrap().value))
    });
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
    let game = DirectedGeography::new(digraph(30, 8, &mut random));
    group.bench_function("30 vertices: exact", |b| {
        b.iter(|| black_box(value_of(&game.search(0).unwrap().start_options().unwrap())))
    });
    group.finish();
}

criterion_group!(benches, node_kayles, geography);
criterion_main!(benches);
