//! Dynamic subtraction: the theory's `winning_moves` on huge piles, beside an
//! exhaustive memoised search over the rules on a pile of 2000.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use dashu_int::UBig;
use grundy::game::Impartial;
use grundy::games::dynsub::DynSub;

/// Whether the player to move wins `position`, by memoised search over
/// `options` (stopping at the first option that loses for the opponent).
fn wins_by_search(
    game: &DynSub,
    position: (u64, u64),
    memo: &mut HashMap<(u64, u64), bool>,
) -> bool {
    if let Some(&known) = memo.get(&position) {
        return known;
    }
    let wins = game
        .options(&position)
        .into_iter()
        .any(|option| !wins_by_search(game, option, memo));
    memo.insert(position, wins);
    wins
}

/// The smallest winning first move from `(n, n - 1)` by search, as UVA 1567 asks.
fn smallest_winning_move_by_search(game: &DynSub, n: u64) -> Option<u64> {
    let mut memo = HashMap::new();
    game.options(&(n, n - 1))
        .into_iter()
        .find(|&option| !wins_by_search(game, option, &mut memo))
        .map(|(left, _)| n - left)
}

fn bench_winning_moves(c: &mut Criterion) {
    let fibonacci_nim = DynSub::fibonacci_nim();
    let n = 999_999_999_999_999_999u64;
    c.bench_function("winning_moves u64 N=10^18-1 k=2", |b| {
        b.iter(|| fibonacci_nim.winning_moves(black_box(&n), black_box(&(n - 1))))
    });
    let wide = DynSub::new(1000).unwrap();
    c.bench_function("winning_moves u64 N=10^18-1 k=1000", |b| {
        b.iter(|| wide.winning_moves(black_box(&n), black_box(&(n - 1))))
    });
    let big = UBig::from(n);
    c.bench_function("winning_moves UBig N=10^18-1 k=2", |b| {
        b.iter(|| fibonacci_nim.winning_moves(black_box(&big), black_box(&(&big - UBig::ONE))))
    });
    let huge = UBig::from(10u8).pow(1000) - UBig::from(7u8);
    let limit = &huge - UBig::ONE;
    c.bench_function("winning_moves UBig N=10^1000-7 k=2", |b| {
        b.iter(|| fibonacci_nim.winning_moves(black_box(&huge), black_box(&limit)))
    });
    c.bench_function("winning_moves UBig N=10^1000-7 k=10", |b| {
        let game = DynSub::new(10).unwrap();
        b.iter(|| game.winning_moves(black_box(&huge), black_box(&limit)))
    });
}

fn bench_search(c: &mut Criterion) {
    let fibonacci_nim = DynSub::fibonacci_nim();
    let n = 2000u64;
    assert_eq!(
        smallest_winning_move_by_search(&fibonacci_nim, n),
        fibonacci_nim
            .winning_moves(&n, &(n - 1))
            .unwrap()
            .first()
            .copied()
    );
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("memoised search N=2000 k=2", |b| {
        b.iter(|| smallest_winning_move_by_search(&fibonacci_nim, black_box(n)))
    });
    group.bench_function("winning_moves u64 N=2000 k=2", |b| {
        b.iter(|| fibonacci_nim.winning_moves(black_box(&n), black_box(&(n - 1))))
    });
    group.finish();
}

criterion_group!(benches, bench_winning_moves, bench_search);
criterion_main!(benches);
