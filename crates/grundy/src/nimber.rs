//! Nimbers: the values of impartial games.
//!
//! The Sprague-Grundy theorem says every finite impartial game is equivalent to a
//! Nim heap `*n`; `n` is its Grundy value. Two facts carry the whole theory:
//! the value of a position is the *mex* (minimum excluded value) of the values of
//! its options, and the value of a sum of games is the *nim-sum* (bitwise XOR) of
//! the values of its parts.

use std::fmt;
use std::ops::{BitXor, BitXorAssign};

use serde::{Deserialize, Serialize};

/// A nimber `*n`: the Grundy value of a position.
///
/// Solvers store values as plain `u32` words for memory; this type is the public
/// face of a value, with nim-addition as `^`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value `*0` of every P-position.
    pub const ZERO: Nimber = Nimber(0);

    /// The value as an integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether the position is a P-position (a loss for the player to move).
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

/// The nim-sum of a sequence of nimbers: the value of the sum of the games.
pub fn nim_sum<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    values.into_iter().fold(Nimber::ZERO, BitXor::bitxor)
}

/// The minimum excluded value of `values`: the least `n >= 0` not among them.
///
/// Runs in time linear in the number of values, whatever their size: a value of
/// `k` or more cannot be the mex of `k` values, so only smaller ones are marked.
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut seen = MexSet::default();
    for v in values {
        seen.insert(v.0);
    }
    Nimber(seen.mex())
}

/// A reusable set of small integers that answers "the least one missing".
///
/// Hot loops (the bottom-up solver) call [`MexSet::clear`] between positions
/// instead of allocating, so the set costs one allocation for a whole sequence.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// Values at or above this bound are not stored. The mex of a set is at most its
    /// size, and no set of 2^32 values fits in memory, so they can never be the answer.
    const LIMIT: u64 = 1 << 32;

    /// Marks `v` as present.
    pub fn insert(&mut self, v: u64) {
        if v >= Self::LIMIT {
            return;
        }
        let word = (v / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (v % 64);
    }

    /// Forgets every value, keeping the storage.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// The least value not inserted since the last clear.
    pub fn mex(&self) -> u64 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i as u64 * 64 + (!w).trailing_zeros() as u64;
            }
        }
        self.words.len() as u64 * 64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_mex(values: &[u64]) -> u64 {
        (0..).find(|n| !values.contains(n)).unwrap()
    }

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), Nimber(0));
        assert_eq!(mex([1, 2].map(Nimber)), Nimber(0));
        assert_eq!(mex([0, 1, 3].map(Nimber)), Nimber(2));
        assert_eq!(mex((0..64).map(Nimber)), Nimber(64));
        assert_eq!(mex([0, u64::MAX].map(Nimber)), Nimber(1));
    }

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(nim_sum([3, 4, 5].map(Nimber)), Nimber(2));
        assert_eq!(Nimber(6) ^ Nimber(3), Nimber(5));
        assert_eq!(Nimber(7).to_string(), "*7");
    }

    proptest! {
        #[test]
        fn mex_matches_definition(values in proptest::collection::vec(0u64..200, 0..100)) {
            prop_assert_eq!(mex(values.iter().copied().map(Nimber)).0, naive_mex(&values));
        }

        #[test]
        fn cleared_set_is_reusable(a in proptest::collection::vec(0u64..300, 0..50),
                                   b in proptest::collection::vec(0u64..300, 0..50)) {
            let mut set = MexSet::default();
            a.iter().for_each(|&v| set.insert(v));
            set.clear();
            b.iter().for_each(|&v| set.insert(v));
            prop_assert_eq!(set.mex(), naive_mex(&b));
        }
    }
}
