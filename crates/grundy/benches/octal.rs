//! The sparse-space engine on long octal-game sequences (0.16 to 10^7; 0.6,
//! 0.007 and the open games 0.161 and 0.167 to 2^20 and 2^22), beside the naive
//! O(n^2) sequence on a shorter run, in the same process so that the ratio is
//! measured under the same machine load; and
//! the certified periods of Kayles and Dawson's Kayles, end to end; and games
//! whose values are filled from their certified period.
//!
//! Run with `cargo bench -p grundy-benches --bench octal`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::catalog::{self, Quiet};
use grundy::games::octal::sparse::{naive_values, SparseSolver, Value};
use grundy::games::octal::Octal;

/// The first `count` values by the engine.
fn sparse(game: &Octal, count: usize) -> Vec<Value> {
    let mut solver = SparseSolver::new(game);
    solver.extend_to(count).expect("values fit");
    solver.values().to_vec()
}

/// The quickest of a few timed runs of `f`.
fn quickest(runs: u32, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn bench_long_runs(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal sparse");
    group.sample_size(10);
    for (code, count) in [
        ("0.16", 10_000_000),
        ("0.6", 1 << 20),
        ("0.007", 1 << 20),
        ("0.167", 1 << 22),
        ("0.161", 1 << 20),
    ] {
        let game: Octal = code.parse().expect("a code");
        group.bench_function(format!("{code} to {count}"), |b| {
            b.iter(|| sparse(black_box(&game), count))
        });
    }
    group.finish();
}

fn bench_against_naive(c: &mut Criterion) {
    const COUNT: usize = 20_000;
    let mut group = c.benchmark_group("octal sparse vs naive, 20000 heaps");
    group.sample_size(10);
    for code in ["0.16", "0.6", "0.007", "0.167", "0.161"] {
        let game: Octal = code.parse().expect("a code");
        assert_eq!(sparse(&game, COUNT), naive_values(&game, COUNT), "{code}");
        group.bench_function(format!("{code} sparse"), |b| {
            b.iter(|| sparse(black_box(&game), COUNT))
        });
        group.bench_function(format!("{code} naive"), |b| {
            b.iter(|| naive_values(black_box(&game), COUNT))
        });
        let engine = quickest(5, || drop(black_box(sparse(&game, COUNT))));
        let naive = quickest(3, || drop(black_box(naive_values(&game, COUNT))));
        // The ratio in hundredths, in integers: exact to the digits shown.
        let hundredths = naive.as_nanos() * 100 / engine.as_nanos().max(1);
        println!(
            "{code} to {COUNT}: naive {naive:?}, sparse {engine:?}, naive/sparse = {}.{:02}x",
            hundredths / 100,
            hundredths % 100
        );
    }
    group.finish();
}

/// A periodic game stops as soon as the Guy-Smith theorem certifies it: the
/// whole `period` verb (engine, certificate, report) for Kayles and Dawson's
/// Kayles.
fn bench_certified_periods(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal period, certified");
    for spec in ["kayles", "dawson"] {
        let game = catalog::parse(spec).expect("in the catalogue");
        group.bench_function(spec, |b| {
            b.iter(|| {
                game.period(black_box(Some(1 << 20)), &mut Quiet)
                    .expect("periodic")
            })
        });
    }
    group.finish();
}

/// Games with no sparse class (every heap's rare pass is as long as the heap)
/// but a certified period: the values are filled from the period once it is
/// certified, so 10^7 values of Kayles or Dawson's Kayles cost a copy; and
/// `analyze` of a heap of 10^39, whose winning moves come as families.
fn bench_periodic_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal periodic");
    group.sample_size(10);
    for code in ["0.77", "0.07"] {
        let game: Octal = code.parse().expect("a code");
        group.bench_function(format!("{code} to 10^7"), |b| {
            b.iter(|| sparse(black_box(&game), 10_000_000))
        });
    }
    let kayles = catalog::parse("kayles").expect("in the catalogue");
    let heap = catalog::Position::heaps([grundy::UBig::from(10u8).pow(39)]);
    group.bench_function("analyze kayles 10^39", |b| {
        b.iter(|| kayles.analyze(black_box(&heap), false, &mut Quiet))
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_periodic_games,
    bench_certified_periods,
    bench_against_naive,
    bench_long_runs
);
criterion_main!(benches);
