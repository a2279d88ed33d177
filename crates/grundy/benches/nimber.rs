//! Nim-multiplication of 64-bit integers: the table product
//! (`NimTables::product`) beside the plain recursion on halves
//! (`nim_product_recursive`), on the same 10^4 random pairs.
//!
//! Run with `cargo bench -p grundy-benches --bench nimber -- --quick`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::arith::{nim_product_recursive, NimTables};

mod common;
use common::Random;

const PAIRS: usize = 10_000;

fn products(c: &mut Criterion) {
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let pairs: Vec<(u64, u64)> = (0..PAIRS)
        .map(|_| (random.below(u64::MAX), random.below(u64::MAX)))
        .collect();
    let tables = NimTables::get();
    for &(a, b) in &pairs[..100] {
        assert_eq!(tables.product(a, b), nim_product_recursive(a, b));
    }
    let mut group = c.benchmark_group("nim_product_64");
    group.bench_function(BenchmarkId::new("tables", PAIRS), |bench| {
        bench.iter(|| {
            pairs
                .iter()
                .fold(0, |acc, &(a, b)| acc ^ tables.product(black_box(a), b))
        })
    });
    group.bench_function(BenchmarkId::new("recursive", PAIRS), |bench| {
        bench.iter(|| {
            pairs.iter().fold(0, |acc, &(a, b)| {
                acc ^ nim_product_recursive(black_box(a), b)
            })
        })
    });
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);
