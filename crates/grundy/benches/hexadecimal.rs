//! Hexadecimal games whose moves may leave three heaps: their values by the
//! sets of splits (`hexadecimal_values`) beside the plain mex over every move
//! of the rules (`heap_sequence`, `O(n^3)`), in the same process.
//!
//! Run with `cargo bench -p grundy-benches --bench hexadecimal -- --quick`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::games::hexadecimal::{hexadecimal_values, Hexadecimal};
use grundy::solve::heap_sequence;

fn plain(game: &Hexadecimal, count: usize) -> Vec<u64> {
    heap_sequence(game, count).iter().map(|g| g.0).collect()
}

fn sequences(c: &mut Criterion) {
    let mut group = c.benchmark_group("hexadecimal_values");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    // 0.8 grows (arithmetic-periodic), 0.f stays below 2 (periodic).
    for code in ["0.8", "0.f"] {
        let game: Hexadecimal = code.parse().expect("a code");
        let count = 400;
        assert_eq!(
            hexadecimal_values(&game, count, |_| {}),
            plain(&game, count)
        );
        group.bench_function(BenchmarkId::new(format!("{code} sets"), count), |b| {
            b.iter(|| hexadecimal_values(&game, black_box(count), |_| {}))
        });
        group.bench_function(BenchmarkId::new(format!("{code} plain"), count), |b| {
            b.iter(|| plain(&game, black_box(count)))
        });
        group.bench_function(BenchmarkId::new(format!("{code} sets"), 4096), |b| {
            b.iter(|| hexadecimal_values(&game, black_box(4096), |_| {}))
        });
    }
    group.finish();
}

criterion_group!(benches, sequences);
criterion_main!(benches);
