//! Wythoff's Grundy table: the parallel block wavefront in `u16`
//! (`wythoff_table`) beside the plain bit-set mex (`queen_table`: one bit set
//! per row, column and diagonal, scanned from the first word), in one process;
//! k-Wythoff's (`k_wythoff_table`, k = 1 and 2) beside the table from the
//! rules (every option looked up), at a side the rules finish in seconds.
//!
//!     cargo bench -p grundy-benches --bench table
//!
//! Sizes 4096, 8192 and 16384 (Wythoff), 512 and 4096 (k-Wythoff), ten
//! samples each.

use criterion::{BenchmarkId, Criterion};
use grundy::games::wythoff::Wythoff;
use grundy::solve::table::{grundy_table_of, queen_table};
use grundy::solve::wavefront::{k_wythoff_table, wythoff_table};

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

fn k_tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("k_wythoff_table");
    group.sample_size(10);
    for k in [1, 2] {
        let rules = Wythoff::new(k);
        group.bench_with_input(
            BenchmarkId::new(format!("rules_k{k}"), 512),
            &512,
            |b, &size| b.iter(|| grundy_table_of(&rules, size).unwrap()),
        );
        for size in [512, 4096] {
            group.bench_with_input(
                BenchmarkId::new(format!("wavefront_u16_k{k}"), size),
                &size,
                |b, &size| {
                    b.iter(|| k_wythoff_table::<u16>(size, k as usize, &mut |_, _| {}).unwrap())
                },
            );
        }
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    tables(&mut criterion);
    k_tables(&mut criterion);
    criterion.final_summary();
}
