//! Benchmarks of the graph games, each beside a naive baseline run in the same
//! process so that the ratio means something on a noisy machine.
//!
//! - Green Hackenbush on a random grounded graph of 10^6 edges (a deep random
//!   tree with short cycles: one extra edge in nine, from a vertex to an
//!   ancestor two to four levels up): value and every winning move. Beside it, on a
//!   graph of 2000 edges, the library's winning moves and a naive search that
//!   cuts each edge in turn and values what is left from scratch.
//! - Geography on a random bipartite graph of 10^5 vertices and 10^6 edges:
//!   Hopcroft-Karp with the set D, beside a simple augmenting-path matching
//!   (one depth-first search per left vertex, O(V E)).
//! - Geography on a random general graph of 10^4 vertices and 5 * 10^4 edges:
//!   Edmonds' algorithm with the set D, and winning moves from one vertex. Beside
//!   it, on 10^3 vertices, the winning starts by the Gallai-Edmonds set against
//!   a naive one maximum matching of `G - v` from scratch per vertex.
//!
//! Run with `cargo bench -p grundy-benches --bench graphs`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::games::geography::Geography;
use grundy::games::hackenbush::Hackenbush;
use grundy::graph::matching::MaximumMatching;
use grundy::graph::{Adjacency, EdgeId, Graph, Vertex};

mod common;

use common::Random;

/// About `edges` edges: vertex `i` hangs from one of the eight vertices before
/// it (a deep, thin tree), and one vertex in eight also joins an ancestor two
/// to four levels up, closing a cycle of three to five edges.
fn tree_with_short_cycles(edges: usize, random: &mut Random) -> Graph {
    let vertices = edges * 8 / 9;
    let mut parent = vec![0u64; vertices];
    let mut list = Vec::with_capacity(edges);
    for i in 1..vertices {
        parent[i] = i as u64 - 1 - random.below(i.min(8) as u64);
        list.push([i as u64, parent[i]]);
        if random.below(8) == 0 {
            let mut ancestor = parent[i];
            for _ in 0..1 + random.below(3) {
                ancestor = parent[ancestor as usize];
            }
            list.push([i as u64, ancestor]);
        }
    }
    Graph::from_edges(&list).expect("small enough")
}

/// The naive way: cut each edge joined to the ground and value the rest anew.
fn naive_winning_edges(graph: &Graph) -> Vec<EdgeId> {
    let game = Hackenbush::new(graph.clone());
    let labels: Vec<[u64; 2]> = (0..graph.edge_count() as EdgeId)
        .map(|e| graph.edge_labels(e))
        .collect();
    game.start()
        .into_iter()
        .filter(|&cut| {
            let mut rest = labels.clone();
            rest.remove(cut as usize);
            Hackenbush::new(Graph::from_edges(&rest).expect("small enough"))
                .grundy()
                .is_zero()
        })
        .collect()
}

fn hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    let mut random = Random(0x2545_F491_4F6C_DD1D);
    let big = tree_with_short_cycles(1_000_000, &mut random);
    group.bench_function(BenchmarkId::new("value_and_moves", big.edge_count()), |b| {
        b.iter(|| {
            let game = Hackenbush::new(black_box(big.clone()));
            (game.grundy(), game.winning_moves())
        })
    });
    let small = tree_with_short_cycles(2_000, &mut random);
    let mut fast = Hackenbush::new(small.clone()).winning_moves();
    fast.sort_unstable();
    assert_eq!(fast, naive_winning_edges(&small), "the baseline agrees");
    group.bench_function(
        BenchmarkId::new("value_and_moves", small.edge_count()),
        |b| b.iter(|| Hackenbush::new(black_box(small.clone())).winning_moves()),
    );
    group.bench_function(
        BenchmarkId::new("naive_per_edge", small.edge_count()),
        |b| b.iter(|| naive_winning_edges(black_box(&small))),
    );
    group.finish();
}

/// `edges` random edges between `0..left` and `left..left + right`.
fn random_bipartite(left: u64, right: u64, edges: usize, random: &mut Random) -> Graph {
    let list: Vec<[u64; 2]> = (0..edges)
        .map(|_| [random.below(left), left + random.below(right)])
        .collect();
    Graph::new(0..left + right, &list).expect("small enough")
}

/// `edges` random edges on `0..vertices`.
fn random_graph(vertices: u64, edges: usize, random: &mut Random) -> Graph {
    let list: Vec<[u64; 2]> = (0..edges)
        .map(|_| [random.below(vertices), random.below(vertices)])
        .collect();
    Graph::new(0..vertices, &list).expect("small enough")
}

/// The size of a maximum matching of a bipartite graph by the simple
/// augmenting-path method: from each left vertex in turn, one depth-first
/// search for an augmenting path (vertices marked once per search).
fn simple_bipartite_matching(adjacency: &Adjacency, left: u32) -> usize {
    const NONE: Vertex = Vertex::MAX;
    let mut mate = vec![NONE; adjacency.vertex_count()];
    let mut seen = vec![NONE; adjacency.vertex_count()];
    let mut size = 0;
    for source in 0..left {
        // Frames: a left vertex and the index of the incidence being tried.
        let mut stack: Vec<(Vertex, usize)> = vec![(source, 0)];
        while let Some(&(u, i)) = stack.last() {
            let Some(&(v, _)) = adjacency.incident(u).get(i) else {
                stack.pop();
                if let Some(top) = stack.last_mut() {
                    top.1 += 1;
                }
                continue;
            };
            if seen[v as usize] == source {
                stack.last_mut().expect("non-empty").1 += 1;
            } else if mate[v as usize] == NONE {
                for &(u, i) in &stack {
                    let (v, _) = adjacency.incident(u)[i];
                    mate[u as usize] = v;
                    mate[v as usize] = u;
                }
                size += 1;
                break;
            } else {
                seen[v as usize] = source;
                stack.push((mate[v as usize], 0));
            }
        }
    }
    size
}

fn geography_bipartite(c: &mut Criterion) {
    let mut group = c.benchmark_group("geography_bipartite");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let (left, right) = (50_000, 50_000);
    let graph = random_bipartite(left, right, 1_000_000, &mut random);
    let adjacency = graph.adjacency();
    let size = MaximumMatching::of(&adjacency).matching().size();
    assert_eq!(size, simple_bipartite_matching(&adjacency, left as u32));
    group.bench_function(BenchmarkId::new("hopcroft_karp_and_d", "1e5v_1e6e"), |b| {
        b.iter(|| Geography::new(black_box(graph.clone())).winning_starts())
    });
    group.bench_function(BenchmarkId::new("simple_augmenting", "1e5v_1e6e"), |b| {
        b.iter(|| simple_bipartite_matching(black_box(&adjacency), left as u32))
    });
    group.finish();
}

/// The naive way: `v` is a winning start when a maximum matching of `G - v`,
/// found from scratch, is as large as one of `G`.
fn naive_winning_starts(graph: &Graph) -> Vec<Vertex> {
    let size = MaximumMatching::of(&graph.adjacency()).matching().size();
    (0..graph.vertex_count() as Vertex)
        .filter(|&v| {
            let rest: Vec<[Vertex; 2]> = graph
                .edges()
                .iter()
                .copied()
                .filter(|e| !e.contains(&v))
                .collect();
            let adjacency = Adjacency::new(graph.vertex_count(), &rest);
            MaximumMatching::of(&adjacency).matching().size() == size
        })
        .collect()
}

fn geography_general(c: &mut Criterion) {
    let mut group = c.benchmark_group("geography_general");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    let mut random = Random(0xD1B5_4A32_D192_ED03);
    let graph = random_graph(10_000, 50_000, &mut random);
    group.bench_function(BenchmarkId::new("edmonds_and_d", "1e4v_5e4e"), |b| {
        b.iter(|| Geography::new(black_box(graph.clone())).winning_starts())
    });
    let geography = Geography::new(graph.clone());
    let start = (0..graph.vertex_count() as Vertex)
        .find(|&v| !geography.winning_moves(v).is_empty())
        .expect("some start has a winning move");
    group.bench_function(
        BenchmarkId::new("winning_moves_one_start", "1e4v_5e4e"),
        |b| b.iter(|| geography.winning_moves(black_box(start))),
    );
    let small = random_graph(1_000, 5_000, &mut random);
    let fast = Geography::new(small.clone()).winning_starts();
    assert_eq!(fast, naive_winning_starts(&small), "the baseline agrees");
    group.bench_function(
        BenchmarkId::new("winning_starts_gallai_edmonds", "1e3v_5e3e"),
        |b| b.iter(|| Geography::new(black_box(small.clone())).winning_starts()),
    );
    group.bench_function(BenchmarkId::new("winning_starts_naive", "1e3v_5e3e"), |b| {
        b.iter(|| naive_winning_starts(black_box(&small)))
    });
    group.finish();
}

criterion_group!(benches, hackenbush, geography_bipartite, geography_general);
criterion_main!(benches);
