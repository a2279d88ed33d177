//! Value sets that the threads of a parallel table share: one bit a value,
//! a fixed number of words a line, each line's first word not full (every
//! value below it is in the set, so a mex never looks there).
//!
//! The words are atomics so that blocks valued at once can hold `&` to the
//! same sets; a parallel table values at once only blocks that touch
//! different lines (each table says why), so relaxed loads and stores,
//! plain moves on every machine grundy runs on, are all it takes. A table
//! that can lend each block its lines as `&mut` (Wythoff's and k-Wythoff's,
//! [`super::wavefront`]) keeps plain words, which the compiler vectorises.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU32, AtomicU64};

use crate::bits::first_absent_from;

/// `count` sets of values below `64 * stride`.
pub(crate) struct SharedSets {
    words: Vec<AtomicU64>,
    first: Vec<AtomicU32>,
    stride: usize,
}

impl SharedSets {
    /// `count` empty sets of `stride` words, the last of which a mex never
    /// fills (the caller's bound on values leaves one word more).
    pub(crate) fn new(count: usize, stride: usize) -> SharedSets {
        // Zeroed by the allocator: no loop over gigabytes before the work.
        SharedSets {
            words: bytemuck::zeroed_vec(count * stride),
            first: bytemuck::zeroed_vec(count),
            stride,
        }
    }

    /// The words of line `line`.
    #[inline(always)]
    pub(crate) fn line(&self, line: usize) -> &[AtomicU64] {
        &self.words[line * self.stride..(line + 1) * self.stride]
    }

    /// The first word of line `line` that is not full.
    #[inline(always)]
    pub(crate) fn first(&self, line: usize) -> usize {
        self.first[line].load(Relaxed) as usize
    }

    /// Adds `value` to line `line`, keeping its first word not full.
    #[inline(always)]
    pub(crate) fn insert(&self, line: usize, value: usize) {
        let words = self.line(line);
        let word = &words[value / 64];
        word.store(word.load(Relaxed) | 1 << (value % 64), Relaxed);
        let mut first = self.first(line);
        while words[first].load(Relaxed) == u64::MAX {
            first += 1;
        }
        self.first[line].store(first as u32, Relaxed);
    }
}

/// The least value in none of the sets whose words are `lines` (lines of
/// [`SharedSets`] of one stride) nor in `extra` (a set given by its words),
/// looked for from word `from`, below which every value is in one of them.
#[inline(always)]
pub(crate) fn first_absent_of_union(
    from: usize,
    lines: &[&[AtomicU64]],
    extra: impl Fn(usize) -> u64,
) -> usize {
    first_absent_from(from, |w| {
        lines
            .iter()
            .fold(extra(w), |union, line| union | line[w].load(Relaxed))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `value` is in line `line` of `sets`.
    fn contains(sets: &SharedSets, line: usize, value: usize) -> bool {
        sets.line(line)[value / 64].load(Relaxed) >> (value % 64) & 1 == 1
    }

    #[test]
    fn the_first_word_not_full_follows_the_inserts() {
        let sets = SharedSets::new(3, 4);
        for v in (0..130).filter(|v| v % 7 != 3 || *v < 70) {
            sets.insert(1, v);
        }
        // 0..=69 all in, then 73 is missing: word 1 is full, word 0 too.
        assert_eq!(sets.first(1), 1);
        assert!(contains(&sets, 1, 69) && !contains(&sets, 1, 73) && contains(&sets, 1, 74));
        assert_eq!((sets.first(0), sets.first(2)), (0, 0));
        assert!(!contains(&sets, 0, 5) && !contains(&sets, 2, 5));
    }
}
