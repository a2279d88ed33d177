//! The sparse-space engine: Grundy sequences of octal games in nearly linear time.
//!
//! Heaps are sorted into two classes by the parity of the bits of their value
//! selected by a mask, optionally flipped on odd heaps: `class(a) =
//! parity(G(a) & mask) ^ (flip & a)`. The class of a split `(a, m - a)` is the
//! XOR of its parts' classes, and equals `parity(v & mask) ^ (flip & m)` for its
//! value `v`: so the value alone says whether the split had exactly one heap of
//! class 0 (*common-type* value for that `m`) or not (*rare-type*). In many octal
//! games (0.16, 0.6, 0.007, ...) one class is rare, so:
//!
//! 1. every split with a rare heap is enumerated, from the short list of rare
//!    heaps: this finds every common-type option value;
//! 2. the candidate `x`, the mex of the values found, is the answer unless `x` is
//!    rare-type for some split size and one of those splits has value `x`; the
//!    splits are then swept, every value seen is added, and the candidate moves
//!    up, until it is common-type everywhere or the sweep is exhausted.
//!
//! Only step 2 can be long, and only when a rare value really is missing, which
//! happens at the rare heaps. The mask and flip only change the speed, never a
//! value: they are chosen from the values so far to make rare heaps fewest.
//! (The sparse-space phenomenon: Gangolli and Plambeck 1989, and Flammenkamp's
//! octal-game tables; the flip on odd heaps as in P. Beling's `ogs`.)

use super::{Leaves, Octal};

/// Values are stored as `u16`: octal-game values stay far below 2^16 in every
/// game computed so far; a larger one is reported, never wrapped.
pub type Value = u16;

/// A value would not fit in [`Value`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueOverflow {
    /// The heap whose value is too large.
    pub heap: u64,
}

/// Counts of heaps with rare and common values, and the largest value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// The mask whose bit parity sorts heaps into rare and common.
    pub mask: Value,
    /// Whether the parity is flipped on odd heaps.
    pub flip: bool,
    /// Heaps `n >= 1` with a rare value.
    pub rare: u64,
    /// Heaps `n >= 1` with a common value.
    pub common: u64,
    /// The largest value seen.
    pub max_value: Value,
}

/// The Grundy sequence of one octal game, extended on demand.
pub struct SparseSolver {
    /// Amounts that may remove a heap whole.
    whole: Vec<usize>,
    /// Amounts that may leave one heap.
    one: Vec<usize>,
    /// Amounts that may leave two heaps.
    two: Vec<usize>,
    values: Vec<Value>,
    mask: Value,
    /// Whether the class of odd heaps is flipped.
    flip: bool,
    /// Heaps `n >= 1` of class 0 (rare), ascending.
    rare_heaps: Vec<u32>,
    /// The options' values of the heap being computed.
    seen: Vec<u64>,
    /// For each split move, the next `a` of its sweep over `(a, rest - a)`.
    cursors: Vec<usize>,
    /// For each value, the last splits found to make it, as `(move << 32) | a`:
    /// in near-periodic stretches the same split makes it again a few heaps on.
    witnesses: Vec<[u64; WITNESSES]>,
    max_value: Value,
    /// Heap count at which the mask is chosen again.
    next_review: usize,
}

/// Words of a bit set over every value below 2^16.
const VALUE_WORDS: usize = 1 << 10;

/// How many recent witnesses are kept for each value.
const WITNESSES: usize = 4;

impl SparseSolver {
    /// A solver for `game` with nothing computed.
    pub fn new(game: &Octal) -> Self {
        Self::resume(game, Vec::new())
    }

    /// A solver that continues from `values`, the first values of `game`
    /// (as from a checkpoint); the caller vouches for them.
    pub fn resume(game: &Octal, values: Vec<Value>) -> Self {
        let mut solver = SparseSolver {
            whole: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            values,
            mask: 0,
            flip: false,
            rare_heaps: Vec::new(),
            seen: vec![0; VALUE_WORDS],
            cursors: Vec::new(),
            witnesses: vec![[0; WITNESSES]; VALUE_WORDS * 64],
            max_value: 0,
            next_review: 64,
        };
        for (take, leaves) in game.kinds() {
            let take = take as usize;
            match leaves {
                Leaves::Nothing => solver.whole.push(take),
                Leaves::One => solver.one.push(take),
                Leaves::Two => solver.two.push(take),
            }
        }
        solver.cursors = vec![0; solver.two.len()];
        solver.max_value = solver.values.iter().copied().max().unwrap_or(0);
        solver.choose_mask();
        solver
    }

    /// The values computed so far, `G(0), G(1), ...`.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// How the values computed so far split into rare and common.
    pub fn split(&self) -> Split {
        let rare = self.rare_heaps.len() as u64;
        Split {
            mask: self.mask,
            flip: self.flip,
            rare,
            common: (self.values.len() as u64).saturating_sub(1 + rare),
            max_value: self.max_value,
        }
    }

    /// Computes values until there are `count` of them.
    pub fn extend_to(&mut self, count: usize) -> Result<(), ValueOverflow> {
        while self.values.len() < count {
            let value = self.next_value()?;
            self.push(value);
        }
        Ok(())
    }

    fn push(&mut self, value: Value) {
        let n = self.values.len();
        self.values.push(value);
        self.max_value = self.max_value.max(value);
        if n > 0 && self.is_rare_heap(n) {
            self.rare_heaps.push(n as u32);
        }
        if self.values.len() >= self.next_review {
            self.choose_mask();
        }
    }

    /// Whether heap `a` is of class 0.
    fn is_rare_heap(&self, a: usize) -> bool {
        !self.parity(self.values[a], a)
    }

    /// `parity(v & mask) ^ (flip & m)`: for a heap its class, for the value of a
    /// split of `m` whether exactly one part is rare.
    fn parity(&self, v: Value, m: usize) -> bool {
        ((v & self.mask).count_ones() % 2 == 1) ^ (self.flip && m % 2 == 1)
    }

    /// Words of the value bit sets in use: XORs of values below `2^b` stay below
    /// it, and the mex can be `2^b` itself, so `2^(b+1)` bits are enough.
    fn words(&self) -> usize {
        let bits = Value::BITS - self.max_value.leading_zeros();
        ((1usize << (bits + 1)) / 64 + 1).min(VALUE_WORDS)
    }

    /// Picks the mask and flip with the fewest rare heaps so far, and rebuilds
    /// the list of rare heaps.
    fn choose_mask(&mut self) {
        let bits = Value::BITS - self.max_value.leading_zeros();
        // Masks are searched exhaustively while that is cheap (2^2b steps);
        // beyond, the last choice stays, which is still exact, only slower.
        if bits <= 11 {
            let mut histogram = vec![[0u64; 2]; 1 << bits];
            for (n, &v) in self.values.iter().enumerate().skip(1) {
                histogram[v as usize][n % 2] += 1;
            }
            let class0 = |mask: usize, flip: bool| -> u64 {
                histogram
                    .iter()
                    .enumerate()
                    .map(|(v, counts)| {
                        let odd_value = (v & mask).count_ones() % 2 == 1;
                        (0..2)
                            .filter(|&parity_of_n| !(odd_value ^ (flip && parity_of_n == 1)))
                            .map(|parity_of_n| counts[parity_of_n])
                            .sum::<u64>()
                    })
                    .sum()
            };
            let (mask, flip) = (0..histogram.len())
                .flat_map(|mask| [(mask, false), (mask, true)])
                .min_by_key(|&(mask, flip)| (class0(mask, flip), flip, mask))
                .unwrap_or((0, false));
            self.mask = mask as Value;
            self.flip = flip;
        }
        self.rare_heaps = (1..self.values.len())
            .filter(|&n| self.is_rare_heap(n))
            .map(|n| n as u32)
            .collect();
        self.next_review = 2 * self.values.len().max(32);
    }

    /// `G(n)` for the next heap `n`, from all the values below it.
    fn next_value(&mut self) -> Result<Value, ValueOverflow> {
        let n = self.values.len();
        let words = self.words();
        self.seen[..words].iter_mut().for_each(|w| *w = 0);
        self.mark_single_heap_moves(n);
        self.mark_rare_pairs(n);
        self.cursors.iter_mut().for_each(|c| *c = 1);
        let value = loop {
            let candidate = first_zero(&self.seen[..words]);
            if self.has_witness(n, candidate) {
                self.mark(candidate as Value);
            } else if !self.sweep_for(n, candidate) {
                break candidate;
            }
        };
        Value::try_from(value).map_err(|_| ValueOverflow { heap: n as u64 })
    }

    fn mark(&mut self, v: Value) {
        self.seen[v as usize / 64] |= 1 << (v % 64);
    }

    fn mark_single_heap_moves(&mut self, n: usize) {
        if self.whole.contains(&n) {
            self.mark(0);
        }
        for i in 0..self.one.len() {
            let take = self.one[i];
            if n > take {
                self.mark(self.values[n - take]);
            }
        }
    }

    /// Every split with a rare heap in it: all the common-type option values,
    /// and the rare-type ones made of two rare heaps.
    fn mark_rare_pairs(&mut self, n: usize) {
        for &take in &self.two {
            let Some(rest) = n.checked_sub(take) else {
                continue;
            };
            for &r in &self.rare_heaps {
                let r = r as usize;
                if r >= rest {
                    break;
                }
                let v = self.values[r] ^ self.values[rest - r];
                self.seen[v as usize / 64] |= 1 << (v % 64);
            }
        }
    }

    /// Whether a recent witness of `candidate` is a split of `n` making it.
    fn has_witness(&self, n: usize, candidate: usize) -> bool {
        let Some(recent) = self.witnesses.get(candidate) else {
            return false;
        };
        recent.iter().any(|&w| {
            let (i, a) = ((w >> 32) as usize, (w & u64::from(u32::MAX)) as usize);
            a > 0
                && n.checked_sub(self.two[i]).is_some_and(|rest| {
                    a <= rest / 2
                        && usize::from(self.values[a] ^ self.values[rest - a]) == candidate
                })
        })
    }

    fn remember_witness(&mut self, value: Value, i: usize, a: usize) {
        let recent = &mut self.witnesses[usize::from(value)];
        recent.rotate_right(1);
        recent[0] = (i as u64) << 32 | a as u64;
    }

    /// Sweeps the splits for which `candidate` is a rare-type value (the only
    /// ones that can still hold it), marking every value met, until `candidate`
    /// is met; returns whether it was.
    fn sweep_for(&mut self, n: usize, candidate: usize) -> bool {
        let target = candidate as Value;
        for i in 0..self.two.len() {
            let Some(rest) = n.checked_sub(self.two[i]) else {
                continue;
            };
            if candidate > Value::MAX as usize || self.parity(target, rest) {
                continue; // common-type here: every split making it is already marked
            }
            let mut a = self.cursors[i];
            while a <= rest / 2 {
                let v = self.values[a] ^ self.values[rest - a];
                self.seen[v as usize / 64] |= 1 << (v % 64);
                a += 1;
                if v == target {
                    self.cursors[i] = a;
                    self.remember_witness(target, i, a - 1);
                    return true;
                }
            }
            self.cursors[i] = a;
        }
        false
    }
}

/// The first bit clear.
fn first_zero(words: &[u64]) -> usize {
    words
        .iter()
        .enumerate()
        .find(|(_, w)| **w != u64::MAX)
        .map_or(words.len() * 64, |(i, w)| {
            i * 64 + (!w).trailing_zeros() as usize
        })
}

/// The naive O(n^2) sequence of an octal game, straight from its rules: the
/// baseline the engine is tested and benchmarked against.
pub fn naive_values(game: &Octal, count: usize) -> Vec<Value> {
    crate::solve::heap_sequence(game, count)
        .into_iter()
        .map(|g| Value::try_from(g.0).expect("naive runs are short"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sparse(code: &str, count: usize) -> Vec<Value> {
        let mut solver = SparseSolver::new(&code.parse().unwrap());
        solver.extend_to(count).unwrap();
        solver.values().to_vec()
    }

    #[test]
    fn equals_the_rules_on_classic_games() {
        for code in [
            "0.77", "0.07", "0.16", "0.6", "0.007", "4.07", "0.137", "0.51", "0.4", "0.04", "0.1",
            "0.3", "0.777",
        ] {
            let game: Octal = code.parse().unwrap();
            assert_eq!(sparse(code, 3000), naive_values(&game, 3000), "{code}");
        }
    }

    #[test]
    fn resuming_gives_the_same_values() {
        let game: Octal = "0.16".parse().unwrap();
        let whole = sparse("0.16", 5000);
        let mut resumed = SparseSolver::resume(&game, whole[..1234].to_vec());
        resumed.extend_to(5000).unwrap();
        assert_eq!(resumed.values(), &whole[..]);
    }

    #[test]
    fn the_split_counts_every_heap_once() {
        let mut solver = SparseSolver::new(&"0.16".parse().unwrap());
        solver.extend_to(20_000).unwrap();
        let split = solver.split();
        assert_eq!(split.rare + split.common, 19_999);
        assert!(split.rare < 200, "0.16 has few rare heaps: {split:?}");
        assert_eq!(split.max_value, *solver.values().iter().max().unwrap());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn equals_the_rules_on_random_codes(digits in proptest::collection::vec(0u8..8, 1..5), split_first in any::<bool>()) {
            let code = format!("{}.{}", if split_first { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
            let game: Octal = code.parse().unwrap();
            prop_assert_eq!(sparse(&code, 600), naive_values(&game, 600), "{}", code);
        }
    }
}
