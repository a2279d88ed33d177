//! Wythoff's Grundy table: the parallel block wavefront in `u16`
//! (`wythoff_table`) beside the plain bit-set mex (`queen_table`: one bit set
//! per row, column and diagonal, scanned from the first word), in one process.
//!
//!     cargo bench -p grundy --bench table
//!
//! Sizes 4096, 8192 and 16384, ten samples each.

use criterion::{BenchmarkId, Criterion};
use grundy::solve::table::queen_table;
use grundy::solve::wavefront::wythoff_table;

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff_table");
    group.sample_size(10);
    for size in [4096, 8192, 16384] {
        group.bench_with_input(BenchmarkId::new("plain_bitset", size), &size, |b, &size| {
            b.iter(|| queen_table(size).unwrap())
        });
        group.bench_with_input(
            BenchmarkId::new("wavefront_u16", size),
            &size,
            |b, &size| b.iter(|| wythoff_table::<u16>(size, &mut |_, _| {}).unwrap()),
        );
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    tables(&mut criterion);
    criterion.final_summary();
}
