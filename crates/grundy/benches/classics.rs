//! Benchmarks of node Kayles and directed geography: each exact search beside
//! plain search over the rules (every order of moves, no memory) on the same
//! graph in the same process, so that the ratio means something on a noisy
//! machine; the graphs are small enough for the plain search to finish:
//!
//! - node Kayles on a random sparse graph of 16 vertices (24 edges), a random
//!   tree of 15 vertices, a path of 16 and a caterpillar of 16 (a spine of 8,
//!   a leaf on each): plain search visits 1.3 10^7, 1.5 10^7, 1.4 10^6 and
//!   4.5 10^6 positions on them (22 vertices and 33 edges, the size first
//!   chosen, is 7.6 10^10: the bench never got past its first check);
//! - directed geography on random digraphs of 16 vertices (each arc with
//!   probability 1/5) and 25 (1/8).
//!
//! Larger graphs, where plain search does not finish, are timed end to end
//! with the command line (README, issue 14). The random graphs come from
//! `common::Random` with the seeds written below. Before timing, each exact
//! value is checked against the plain one. Run with
//! `cargo bench -p grundy-benches --bench classics -- --quick` (one group:
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
        ("sparse 16", sparse(16, 24, &mut random)),
        ("tree 15", tree(15, &mut random)),
        ("path 16", path(16)),
        ("caterpillar 16", caterpillar(8)),
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
    group.finish();
}

fn geography(c: &mut Criterion) {
    let mut random = Random(12);
    let mut group = c.benchmark_group("geography:directed");
    group.sample_size(10);
    for (name, graph) in [
        ("16 vertices", digraph(16, 5, &mut random)),
        ("25 vertices", digraph(25, 8, &mut random)),
    ] {
        let game = DirectedGeography::new(graph);
        let exact = || value_of(&game.search(0).unwrap().start_options().unwrap());
        let plain = || directed_geography::plain_value(&game, &game.start(0));
        assert_eq!(plain(), exact());
        group.bench_function(format!("{name}: exact"), |b| b.iter(|| black_box(exact())));
        group.bench_function(format!("{name}: plain"), |b| b.iter(|| black_box(plain())));
    }
    group.finish();
}

criterion_group!(benches, node_kayles, geography);
criterion_main!(benches);
