//! Misère quotients of octal games beside brute-force misère search, in the
//! same process so that the ratio means something on a noisy machine.
//!
//! For each game and bound `N`, both answer the misère outcome of every sum
//! of at most four heaps of sizes `1..=N`: the quotient by computing itself
//! (learning and verification included) and then one table look-up per heap;
//! the baseline by exhaustive memoised search over sorted heaps, starting
//! empty. The quotient also answers every larger sum of those heaps, which
//! the search could not.
//!
//! A second group sets the quotient's construction (no search) beside the
//! same quotient learned from search at every bound
//! (`MisereQuotient::learned_within`), on Kayles and Dawson's Kayles up to
//! 14, where sums hold several copies of the largest heap.
//!
//! Run with `cargo bench -p grundy-benches --bench misere_quotient` (add `-- --quick` for a
//! short run).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::analysis::misere_quotient::QuotientLimits;
use grundy::analysis::misere_quotient::{MisereQuotient, MisereSearch};
use grundy::games::octal::Octal;
use grundy::limits::QUOTIENT_SEARCH;

/// Every sorted sum of one to four heaps of sizes `1..=max`.
fn sums(max: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for sum in &layer {
            for h in sum.last().copied().unwrap_or(1)..=max {
                next.push([&sum[..], &[h]].concat());
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

/// How many of `sums` are misère P-positions, by the quotient.
fn by_quotient(game: &Octal, max: u64, sums: &[Vec<u64>]) -> usize {
    let q = MisereQuotient::compute(game, max).expect("within the limits");
    sums.iter()
        .filter(|s| q.outcome(s).expect("heaps within the bound") == grundy::game::Outcome::P)
        .count()
}

/// How many of `sums` are misère P-positions, by exhaustive search.
fn by_search(game: &Octal, sums: &[Vec<u64>]) -> usize {
    let mut search = MisereSearch::new(game.clone(), QUOTIENT_SEARCH);
    sums.iter()
        .filter(|s| search.is_p(s).expect("within the budget"))
        .count()
}

fn quotient_beside_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere_quotient");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (code, max) in [("0.75", 12), ("0.77", 10), ("0.07", 10)] {
        let game: Octal = code.parse().expect("a valid code");
        let all = sums(max);
        assert_eq!(by_quotient(&game, max, &all), by_search(&game, &all));
        group.bench_function(format!("quotient_{code}_n{max}"), |b| {
            b.iter(|| by_quotient(black_box(&game), max, &all))
        });
        group.bench_function(format!("search_{code}_n{max}"), |b| {
            b.iter(|| by_search(black_box(&game), &all))
        });
    }
    group.finish();
}

/// The quotient constructed, or learned from search at every bound.
fn quotient(game: &Octal, max: u64, learned: bool) -> MisereQuotient {
    let limits = QuotientLimits::default();
    let build = if learned {
        MisereQuotient::learned_within
    } else {
        MisereQuotient::compute_within
    };
    build(game, max, &limits, &mut |_| {}).expect("within the limits")
}

fn construction_beside_learning(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere_quotient_construction");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (code, max) in [("0.77", 14), ("0.07", 14)] {
        let game: Octal = code.parse().expect("a valid code");
        assert_eq!(
            quotient(&game, max, false).table,
            quotient(&game, max, true).table
        );
        for (name, learned) in [("constructed", false), ("learned", true)] {
            group.bench_function(format!("{name}_{code}_n{max}"), |b| {
                b.iter(|| quotient(black_box(&game), max, learned).order())
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    quotient_beside_search,
    construction_beside_learning
);
criterion_main!(benches);
