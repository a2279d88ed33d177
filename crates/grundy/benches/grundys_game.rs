//! Grundy's game: its values by the sparse-space engine beside the naive
//! `O(n^2)` rules (`heap_sequence`), in the same process.
//!
//! Run with `cargo bench -p grundy-benches --bench grundys_game -- --quick`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::games::grundys_game::{naive_values, values};

fn sequences(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundys_game_values");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for count in [1usize << 12, 1 << 14] {
        let engine = values(count).expect("values fit");
        assert_eq!(engine.values(), &naive_values(count)[..]);
        group.bench_function(BenchmarkId::new("sparse", count), |b| {
            b.iter(|| values(black_box(count)).expect("values fit"))
        });
        group.bench_function(BenchmarkId::new("naive", count), |b| {
            b.iter(|| naive_values(black_box(count)))
        });
    }
    group.bench_function(BenchmarkId::new("sparse", 1 << 18), |b| {
        b.iter(|| values(black_box(1 << 18)).expect("values fit"))
    });
    group.finish();
}

criterion_group!(benches, sequences);
criterion_main!(benches);
