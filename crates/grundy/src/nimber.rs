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

use crate::bits::BitSet;

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
/// Runs in time and memory linear in the number of values, whatever their size:
/// the mex of `k` values is at most `k`, so larger values are never marked (see
/// [`MexSet`]).
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    // Most positions have options of values below 64: one word on the stack
    // marks them, and the set (an allocation) is made only past it.
    let mut small = 0u64;
    let mut values = values.into_iter();
    while let Some(v) = values.next() {
        if v.0 < 64 {
            small |= 1 << v.0;
            continue;
        }
        let mut seen = MexSet::default();
        (0..64)
            .filter(|bit| small >> bit & 1 == 1)
            .for_each(|bit| seen.insert(bit));
        seen.insert(v.0);
        values.for_each(|v| seen.insert(v.0));
        return Nimber(seen.mex());
    }
    Nimber(u64::from((!small).trailing_zeros()))
}

/// A reusable set of integers that answers "the least one missing".
///
/// Hot loops (the bottom-up solver) call [`MexSet::clear`] between positions
/// instead of allocating, so the set costs one allocation for a whole sequence.
///
/// Memory stays linear in the number of values inserted since the last clear,
/// whatever their size: a value is marked in the bit set only while it is below
/// twice the number inserted so far (plus one word), and any larger one is put
/// aside. The mex of `k` values is at most `k`, so a value put aside matters only
/// if later inserts raise the count past it; [`MexSet::mex`] looks at those then.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    marked: BitSet,
    /// Values too large to mark when they were inserted.
    large: Vec<u64>,
    /// How many values were inserted since the last clear.
    count: u64,
}

impl MexSet {
    /// Marks `v` as present.
    pub fn insert(&mut self, v: u64) {
        self.count += 1;
        let beyond_memory = v / 64 >= self.marked.capacity_words() as u64;
        if beyond_memory && v > self.count.saturating_mul(2).saturating_add(64) {
            self.large.push(v);
            return;
        }
        // Below twice the count plus 64, or within memory already held: fits usize.
        self.marked.insert(v as usize);
    }

    /// Forgets every value, keeping the storage.
    pub fn clear(&mut self) {
        self.marked.clear();
        self.large.clear();
        self.count = 0;
    }

    /// The least value not inserted since the last clear.
    pub fn mex(&self) -> u64 {
        if self.large.is_empty() {
            return self.marked.first_absent() as u64;
        }
        // The mex is at most the count, so values put aside above it cannot
        // matter; the others are marked in a copy.
        let mut marked = self.marked.clone();
        for &v in self.large.iter().filter(|&&v| v <= self.count) {
            marked.insert(v as usize);
        }
        marked.first_absent() as u64
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
    fn a_huge_value_costs_no_memory() {
        // Issue 9: one value of 3*10^9 made `mex` allocate 368 MB.
        assert_eq!(mex([Nimber(3_000_000_000)]), Nimber(0));
        let mut set = MexSet::default();
        set.insert(3_000_000_000);
        set.insert(u64::MAX);
        assert!(
            set.marked.capacity_words() <= 1,
            "{} words",
            set.marked.capacity_words()
        );
        assert_eq!(set.mex(), 0);
    }

    #[test]
    fn values_put_aside_count_once_the_set_grows() {
        // 100 arrives first, too large to mark; then 0..100 fill the gap below it.
        let mut set = MexSet::default();
        set.insert(100);
        assert_eq!(set.marked.capacity_words(), 0);
        (0..100).for_each(|v| set.insert(v));
        assert_eq!(set.mex(), 101);
        assert!(set.marked.capacity_words() <= 4);
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
        fn mex_matches_definition_with_huge_values(
            values in proptest::collection::vec(
                prop_oneof![0u64..40, 40u64..400, Just(u64::MAX), 1u64 << 40..1 << 50],
                0..200,
            )
        ) {
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
