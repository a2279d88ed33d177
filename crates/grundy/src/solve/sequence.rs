//! The bottom-up solver for heap games: `G(n)` for `n = 0, 1, ..., N-1`.

use crate::game::HeapGame;
use crate::nimber::{MexSet, Nimber};
use crate::stop;

/// The Grundy values of single heaps `0..count` of a heap game.
///
/// Each value is the mex of the nim-sums of the heaps a move leaves, all smaller
/// than the heap moved in, so one pass upwards computes them all.
pub fn heap_sequence<G: HeapGame>(game: &G, count: usize) -> Vec<Nimber> {
    let mut values: Vec<Nimber> = Vec::with_capacity(count);
    let mut seen = MexSet::default();
    for n in 0..count as u64 {
        stop::poll();
        seen.clear();
        game.for_each_move(n, |left| {
            let value = left.iter().fold(0, |acc, &h| acc ^ values[h as usize].0);
            seen.insert(value);
        });
        values.push(Nimber(seen.mex()));
    }
    values
}
