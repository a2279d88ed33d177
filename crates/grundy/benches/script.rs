//! A user's games beside the same games built in, in positions per second:
//! the subtraction game {1, 3, 4} and Lasker's Nim, each as the example script
//! (memoised search over the script's moves, values by nim-sum of
//! components), as a game written in Rust (the same search over
//! [`NativeGame`] rules), and built in (memoised search over the built-in
//! rules, and the bottom-up heap solver).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grundy::game::{HeapGame, Heaps, Impartial};
use grundy::games::script::Script;
use grundy::games::subtraction::Subtraction;
use grundy::games::user::{Native, NativeGame, UserMemo, UserRules};
use grundy::solve::{heap_sequence, Memo};

const SUBTRACTION_134: &str = include_str!("../../../examples/subtraction-134.rhai");
const LASKER: &str = include_str!("../../../examples/lasker.rhai");

/// Lasker's Nim built in: take any number from a heap, or split it in two.
struct Lasker;

impl HeapGame for Lasker {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        for left in 0..n {
            visit(if left == 0 {
                &[]
            } else {
                std::slice::from_ref(&left)
            });
        }
        for a in 1..=n / 2 {
            visit(&[a, n - a]);
        }
    }
}

/// A game written in Rust from the rules of a [`HeapGame`], as a user would
/// write it: a position is a list of heaps, each a component.
struct Written<G>(Heaps<G>);

impl<G: HeapGame> Impartial for Written<G> {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        self.0.options(position)
    }
}

impl<G: HeapGame> NativeGame for Written<G> {
    fn components(&self, position: &[u64], heap: &mut dyn FnMut(&[u64])) {
        position.chunks(1).for_each(heap);
    }
}

/// The values of heaps `0..count` of a user's game, from a fresh solver, as
/// `sequence` asks them (calls shared among threads where that pays).
fn user_values(rules: impl UserRules, count: u64) -> u64 {
    let mut memo = UserMemo::new(rules);
    let values = memo
        .heap_values(count)
        .expect("the example is a short game");
    values.iter().fold(0, |acc, g| acc ^ g.0)
}

/// The values of heaps `0..count` of a script.
fn script_values(source: &str, count: u64) -> u64 {
    let script = Script::compile("bench.rhai", source).expect("the example compiles");
    user_values(script, count)
}

/// The values of heaps `0..count` of the heap game `game` written in Rust.
fn native_values<G: HeapGame>(game: G, count: u64) -> u64 {
    user_values(Native::new("bench", Written(Heaps(game))), count)
}

fn bench_subtraction(c: &mut Criterion) {
    let count = 20_000u64;
    let game = Subtraction::new(&[1, 3, 4]).expect("a valid set");
    let mut group = c.benchmark_group("subtraction {1,3,4}");
    group.throughput(Throughput::Elements(count));
    group.bench_function(BenchmarkId::new("script", count), |b| {
        b.iter(|| script_values(black_box(SUBTRACTION_134), count))
    });
    group.bench_function(BenchmarkId::new("written in Rust", count), |b| {
        b.iter(|| native_values(game.clone(), black_box(count)))
    });
    group.bench_function(BenchmarkId::new("built-in Memo", count), |b| {
        b.iter(|| {
            let mut memo = Memo::new(Heaps(game.clone()));
            memo.grundy(&vec![black_box(count - 1)]).expect("short")
        })
    });
    group.bench_function(BenchmarkId::new("built-in heap_sequence", count), |b| {
        b.iter(|| heap_sequence(&game, black_box(count as usize)))
    });
    group.finish();
}

fn bench_lasker(c: &mut Criterion) {
    let count = 300u64;
    let mut group = c.benchmark_group("lasker");
    group.throughput(Throughput::Elements(count));
    group.bench_function(BenchmarkId::new("script", count), |b| {
        b.iter(|| script_values(black_box(LASKER), count))
    });
    group.bench_function(BenchmarkId::new("written in Rust", count), |b| {
        b.iter(|| native_values(Lasker, black_box(count)))
    });
    group.bench_function(BenchmarkId::new("built-in heap_sequence", count), |b| {
        b.iter(|| heap_sequence(&Lasker, black_box(count as usize)))
    });
    group.finish();
}

criterion_group!(benches, bench_subtraction, bench_lasker);
criterion_main!(benches);
