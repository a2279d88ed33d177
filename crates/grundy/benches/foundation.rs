//! Benchmarks of the foundation, each beside a naive baseline run in the same
//! process so that the ratio means something on a noisy machine.
//!
//! - Grundy sequence of `subtraction:2,5,7` to 10^7: the bottom-up solver beside
//!   the generic memoised search over the rules, and the values read from the
//!   certified period.
//! - `mex` of values with one huge among them, beside the naive definition.
//! - Nim analysis of 10^6 heaps: the library's closed form and the catalogue
//!   call (decimal parsing included), beside a naive analysis that recomputes
//!   the nim-sum of the other heaps for every heap.
//!
//! - The JSON of `analyze nim 1 2 ... 20000`: its size, linear in the heaps.
//!
//! Run with `cargo bench -p grundy-benches --bench foundation`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dashu_int::UBig;
use grundy::catalog;
use grundy::game::Heaps;
use grundy::games::nim::Nim;
use grundy::games::subtraction::Subtraction;
use grundy::nimber::{mex, Nimber};
use grundy::solve::{heap_sequence, Memo};

const SEQUENCE_LEN: u64 = 10_000_000;

fn subtraction_sequence(c: &mut Criterion) {
    let game = Subtraction::new(&[2, 5, 7]).expect("a valid set");
    let mut group = c.benchmark_group("subtraction_2_5_7_sequence");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function(BenchmarkId::new("bottom_up", SEQUENCE_LEN), |b| {
        b.iter(|| heap_sequence(&game, black_box(SEQUENCE_LEN as usize)))
    });
    assert_eq!(
        game.values(SEQUENCE_LEN as usize, 1_000_000),
        heap_sequence(&game, SEQUENCE_LEN as usize),
        "the period answers the same"
    );
    group.bench_function(BenchmarkId::new("from_period", SEQUENCE_LEN), |b| {
        b.iter(|| game.values(black_box(SEQUENCE_LEN as usize), 1_000_000))
    });
    group.bench_function(BenchmarkId::new("memoised_search", SEQUENCE_LEN), |b| {
        b.iter(|| {
            let mut memo = Memo::new(Heaps(game.clone()));
            memo.grundy(&vec![black_box(SEQUENCE_LEN - 1)])
                .expect("subtraction games are short")
        })
    });
    group.finish();
}

/// Pseudo-random heap sizes below 2^64, reproducible without a dependency.
fn heaps(count: usize) -> Vec<UBig> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            UBig::from(state)
        })
        .collect()
}

/// The naive way: for each heap, the nim-sum of all the others, from scratch.
fn naive_nim_moves(heaps: &[UBig]) -> Vec<(usize, UBig)> {
    let mut moves = Vec::new();
    for (i, h) in heaps.iter().enumerate() {
        let others = heaps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(UBig::ZERO, |acc, (_, g)| acc ^ g);
        if &others < h {
            moves.push((i, others));
        }
    }
    moves
}

fn nim_analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim_analysis");
    group.sample_size(10);
    for count in [10_000, 1_000_000] {
        let position = heaps(count);
        group.bench_function(BenchmarkId::new("closed_form", count), |b| {
            b.iter(|| Nim.analyze(black_box(&position)))
        });
        let args: Vec<String> = position.iter().map(UBig::to_string).collect();
        let nim = catalog::parse("nim").expect("nim is in the catalogue");
        group.bench_function(BenchmarkId::new("catalogue_from_decimal", count), |b| {
            b.iter(|| {
                let at = catalog::Position::of(nim.as_ref(), black_box(&args), None)
                    .expect("valid heaps");
                nim.analyze(&at, false, &mut grundy::catalog::Quiet)
                    .expect("valid heaps")
            })
        });
    }
    let small = heaps(10_000);
    let fast: Vec<(usize, UBig)> = Nim
        .analyze(&small)
        .1
        .into_iter()
        .map(|m| (m.heap, m.to))
        .collect();
    assert_eq!(
        fast,
        naive_nim_moves(&small),
        "the baseline answers the same"
    );
    group.bench_function(BenchmarkId::new("naive_per_heap", 10_000), |b| {
        b.iter(|| naive_nim_moves(black_box(&small)))
    });
    group.finish();
}

/// The least value not in `values`, straight from the definition.
fn naive_mex(values: &[Nimber]) -> Nimber {
    (0..)
        .map(Nimber)
        .find(|n| !values.contains(n))
        .expect("a finite set misses a value")
}

fn mex_with_a_huge_value(c: &mut Criterion) {
    let mut group = c.benchmark_group("mex_1000_values_one_huge");
    let mut values: Vec<Nimber> = (0..999).map(Nimber).collect();
    values.push(Nimber(3_000_000_000));
    assert_eq!(mex(values.iter().copied()), naive_mex(&values));
    group.bench_function("mex", |b| {
        b.iter(|| mex(black_box(&values).iter().copied()))
    });
    group.bench_function("naive", |b| b.iter(|| naive_mex(black_box(&values))));
    group.finish();
}

/// The JSON of a 20,000-heap Nim analysis: each move names only the heap it
/// changes, so the size is linear in the heaps (it was quadratic: 394 MB).
fn nim_analysis_json(c: &mut Criterion) {
    let heaps = catalog::Position::heaps(1..=20_000u64);
    let nim = catalog::parse("nim").expect("nim is in the catalogue");
    let answer = nim
        .analyze(&heaps, false, &mut grundy::catalog::Quiet)
        .expect("valid heaps");
    let bytes = serde_json::to_vec(&answer).expect("serialisable").len();
    assert!(bytes < 40 * heaps.numbers.len(), "{bytes} bytes");
    let mut group = c.benchmark_group("nim_analysis_json");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("heaps_1_to", heaps.numbers.len()), |b| {
        b.iter(|| serde_json::to_vec(black_box(&answer)).expect("serialisable"))
    });
    group.finish();
}

criterion_group!(
    benches,
    subtraction_sequence,
    nim_analysis,
    mex_with_a_huge_value,
    nim_analysis_json
);
criterion_main!(benches);
