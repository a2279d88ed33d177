//! k-Wythoff theory at every scale, beside its naive baselines.
//!
//! - `wythoff/is_p` and `wythoff/winning_moves`: one query on piles of about
//!   10^18, 10^100 and 10^10000, for k = 0 and k = 3 (O(1) big-integer operations).
//! - `wythoff/brute_force_table` and `wythoff/queen_table`: the Grundy table of
//!   every position below N, from the rules and from row/column/diagonal bit sets.
//! - `wythoff/p_rows` and `wythoff/rectangle_sieve`: the P-positions of the first
//!   2000 rows of k-Wythoff (k = 3) from the rules, row by row (each earlier
//!   P-position attacks two intervals of a row) and by the rectangle sieve wide
//!   enough to hold them (`(k + 2) * 2000` columns, one look-up per ray and cell).
//! - `beatty/f64` and `beatty/exact`: `floor(i*phi)` for 1000 consecutive `i` by
//!   the floating-point formula (fast, and wrong from some `i` on) and exactly.
//!
//! Before the benchmarks, `first_float_failure` searches for the first `i` where
//! `(i as f64 * phi).floor()` differs from `floor(i*phi)` and prints it.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use dashu_int::UBig;
use grundy::arith::QuadraticIrrational;
use grundy::games::wythoff::Wythoff;
use grundy::solve::lines::ray_sieve;
use grundy::solve::table::{grundy_table_of, queen_table};

/// Decimal exponents of the pile sizes benchmarked.
const PILE_EXPONENTS: [usize; 3] = [18, 100, 10_000];

/// An N-position with piles of about `10^exponent`: one more than a P-pair in
/// each pile, so both a diagonal and (usually) one-pile winning moves exist.
fn position_near(game: &Wythoff, exponent: usize) -> (UBig, UBig) {
    let i = UBig::from(10u8).pow(exponent) / UBig::from(3u8);
    let (a, b) = game.pair(&i);
    (a + UBig::ONE, b + UBig::ONE)
}

fn theory(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff");
    group.throughput(Throughput::Elements(1));
    for k in [0, 3] {
        let game = Wythoff::new(k);
        for exponent in PILE_EXPONENTS {
            let (x, y) = position_near(&game, exponent);
            let id = format!("k={k}/10^{exponent}");
            group.bench_with_input(BenchmarkId::new("is_p", &id), &(&x, &y), |b, (x, y)| {
                b.iter(|| game.is_p(black_box(x), black_box(y)))
            });
            group.bench_with_input(
                BenchmarkId::new("winning_moves", &id),
                &(&x, &y),
                |b, (x, y)| b.iter(|| game.winning_moves(black_box(x), black_box(y))),
            );
        }
    }
    group.finish();
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff");
    group.sample_size(10);
    for size in [100, 200] {
        group.bench_with_input(
            BenchmarkId::new("brute_force_table", size),
            &size,
            |b, &size| b.iter(|| grundy_table_of(&Wythoff::classic(), size).unwrap()),
        );
    }
    for size in [200, 1000, 3000] {
        group.bench_with_input(BenchmarkId::new("queen_table", size), &size, |b, &size| {
            b.iter(|| queen_table(size).unwrap())
        });
    }
    group.finish();
}

/// The floating-point formula for the lower Wythoff sequence, the baseline.
fn p_rows(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff");
    group.sample_size(10);
    let (k, rows) = (3u64, 2000usize);
    let game = Wythoff::new(k);
    group.bench_function(BenchmarkId::new("p_rows", rows), |b| {
        b.iter(|| game.p_rows(rows, &mut |_, _| {}))
    });
    let width = (k as usize + 2) * rows;
    let rays = game.rays(width);
    group.bench_function(BenchmarkId::new("rectangle_sieve", rows), |b| {
        b.iter(|| ray_sieve(rows, width, &rays))
    });
    group.finish();
}

fn float_floor(i: u64, phi: f64) -> u64 {
    (i as f64 * phi).floor() as u64
}

/// The textbook solution's formula, `(int)(d*(1+sqrt(5))/2)` in `double`.
fn textbook_floor(i: u64) -> u64 {
    (i as f64 * (1.0 + 5f64.sqrt()) / 2.0) as u64
}

fn float_phi() -> f64 {
    (1.0 + 5f64.sqrt()) / 2.0
}

fn beatty(c: &mut Criterion) {
    let mut group = c.benchmark_group("beatty");
    group.throughput(Throughput::Elements(1000));
    let phi = float_phi();
    group.bench_function("f64", |b| {
        b.iter(|| {
            (1u64..=1000)
                .map(|i| float_floor(black_box(i), phi))
                .sum::<u64>()
        })
    });
    let exact = QuadraticIrrational::phi();
    let arguments: Vec<UBig> = (1u64..=1000).map(UBig::from).collect();
    group.bench_function("exact", |b| {
        b.iter(|| {
            arguments
                .iter()
                .map(|i| exact.floor_mul(black_box(i)))
                .max()
        })
    });
    group.finish();
}

/// The first `i < limit` where a floating-point `formula` gives a wrong `floor(i*phi)`.
///
/// For `i < 2^32` either formula's product is within `2^-18` of `i*phi` (the
/// constant is rounded to within `2^-51`, `i` is exact, and the product is rounded
/// to within half an ulp of a number below `2^34`), so the floor can be wrong only where
/// `i*phi` is within `2^-16` of an integer. Those `i` are found by walking
/// `i * frac(phi)` modulo 1 in 128-bit fixed point (error below `i * 2^-128`);
/// each candidate is then checked exactly.
fn first_float_failure(limit: u64, formula: impl Fn(u64) -> u64) -> Option<u64> {
    assert!(limit <= 1 << 32, "the error bound holds for i < 2^32");
    let exact = QuadraticIrrational::phi();
    let one = UBig::ONE << 128;
    let step = u128::try_from(exact.floor_mul(&one) - &one).expect("frac(phi) * 2^128 < 2^128");
    let window = 1u128 << 112;
    let mut fraction = 0u128;
    for i in 1..limit {
        fraction = fraction.wrapping_add(step);
        let near_integer = fraction < window || fraction > u128::MAX - window;
        if near_integer && UBig::from(formula(i)) != exact.floor_mul(&UBig::from(i)) {
            return Some(i);
        }
    }
    None
}

fn report_float_failure(name: &str, formula: impl Fn(u64) -> u64) {
    let start = std::time::Instant::now();
    match first_float_failure(1 << 32, &formula) {
        Some(i) => println!(
            "first i with {name} != floor(i*phi): {i} (exact {}, f64 {}), found in {:?}",
            QuadraticIrrational::phi().floor_mul(&UBig::from(i)),
            formula(i),
            start.elapsed()
        ),
        None => println!("{name} is right for every i < 2^32"),
    }
}

fn main() {
    let phi = float_phi();
    report_float_failure("(i as f64 * phi).floor()", |i| float_floor(i, phi));
    report_float_failure("(int)(i*(1+sqrt(5))/2)", textbook_floor);
    let mut criterion = Criterion::default().configure_from_args();
    theory(&mut criterion);
    tables(&mut criterion);
    p_rows(&mut criterion);
    beatty(&mut criterion);
    criterion.final_summary();
}
