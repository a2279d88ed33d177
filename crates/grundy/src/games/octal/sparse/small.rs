//! The engine's path while every value is below 64 (0.167 stays below 59 to
//! 2^24 heaps): a set of option values is then one 64-bit word, held in a
//! register, and the work on the splits of a remainder is shared by every
//! move that leaves it.
//!
//! A split move taking `t` from heap `n` leaves a remainder `m = n - t` to
//! split in two; the moves taking `t` and `t + 1` leave the same remainder at
//! heaps `n` and `n + 1` (in 0.167, the take-2 move at `n` and the take-3 move at
//! `n + 1` both split `n - 2`). So the rare pass over the splits of `m`, and
//! the sweep of its splits `(a, m - a)`, are kept per remainder, as the set of
//! values found so far and how far the sweep got: a later heap that leaves
//! `m` starts from them, and the sweep of a remainder goes on from where the
//! last heap stopped it, so it is never done twice.
//!
//! Otherwise the method is the engine's (see [`super`]): the rare pass gives
//! every common-type value; the candidate, the least value not found, is the
//! answer unless it is rare-type for some remainder, whose splits are then
//! swept until it is found or the sweep is exhausted.

use super::kernels::{self, bit};
use super::{is_class_zero, largest_smaller_part, single_heap_options, SparseSolver, Value};
use crate::games::octal::marks::{for_rare_splits, lane_range, RareHeap, LANES};
use crate::stop;

/// Values below this take the path: one bit each in a `u64`. XORs of such
/// values stay below it, and the least value missing from a full set is
/// `SMALL` itself, which no option can have.
pub(super) const SMALL: Value = 64;

/// What is known of the splits of one remainder `m`.
#[derive(Clone, Copy, Debug)]
struct Remainder {
    /// The remainder (`usize::MAX` for an unused entry).
    m: usize,
    /// Bit `v` is set when some split of `m` has value `v`: it holds every
    /// split with a rare part and every `(a, m - a)` with `a < cursor`.
    found: u64,
    /// The next smaller part the sweep looks at.
    cursor: usize,
}

impl Remainder {
    const UNUSED: Remainder = Remainder {
        m: usize::MAX,
        found: 0,
        cursor: 0,
    };
}

/// The rare passes of the [`LANES`] remainders `first + lane`, over the rare
/// heaps `LANES <= r < first` (see [`kernels::lane_bits`]). (The rare pass is
/// most of the work on 0.167 once the sweeps are shared: 59 rare heaps a
/// remainder.)
#[derive(Clone, Copy, Debug)]
struct RareBatch {
    /// The first remainder (`usize::MAX` when there is none).
    first: usize,
    /// The range of the rare heaps taken, `LANES <= r < first`.
    taken: (usize, usize),
    /// The values of those splits of each remainder, as bits.
    bits: [u64; LANES],
}

impl RareBatch {
    const NONE: RareBatch = RareBatch {
        first: usize::MAX,
        taken: (0, 0),
        bits: [0; LANES],
    };

    /// The batch from remainder `first`, which is at most the heaps known.
    fn at(first: usize, values: &[Value], rare: &[RareHeap]) -> RareBatch {
        let (from, to) = lane_range(rare, first);
        let bits = kernels::lane_bits(values, &rare[from..to], first);
        RareBatch {
            first,
            taken: (from, to),
            bits,
        }
    }
}

/// The remainders the split moves leave from the heap being computed: an
/// entry for each remainder between `n - max(take)` and `n - min(take)`, at
/// `m % len` for a power of two `len` (a mask, not a division) at least their
/// number, so that the remainders in use never share one.
///
/// It also holds the classes of the values below [`SMALL`], as sets, so that
/// whether a value is rare-type for a remainder is a bit test rather than a
/// count of bits (which takes a dozen instructions without `popcnt`).
#[derive(Clone, Debug)]
pub(super) struct Remainders {
    ring: Vec<Remainder>,
    /// The rare passes of the next few remainders.
    batch: RareBatch,
    /// The values below [`SMALL`] that are rare-type for even remainders,
    /// and for odd ones.
    rare_type: [u64; 2],
}

impl Remainders {
    /// Entries for the split moves taking the amounts in `two`.
    pub(super) fn for_takes(two: &[usize]) -> Remainders {
        let len = match (two.iter().min(), two.iter().max()) {
            (Some(low), Some(high)) => (high - low + 1).next_power_of_two(),
            _ => 0,
        };
        Remainders {
            ring: vec![Remainder::UNUSED; len],
            batch: RareBatch::NONE,
            rare_type: [0; 2],
        }
    }

    /// Takes the classes of `mask` and `flip`, and forgets every remainder:
    /// their rare passes were of other classes.
    pub(super) fn reclass(&mut self, mask: Value, flip: bool) {
        self.ring.fill(Remainder::UNUSED);
        self.batch = RareBatch::NONE;
        self.rare_type = [0, 1].map(|parity| {
            (0..SMALL)
                .filter(|&v| is_class_zero(v, parity, mask, flip))
                .fold(0, |set, v| set | bit(v))
        });
    }

    /// Where the entry of remainder `m` is.
    fn slot(&self, m: usize) -> usize {
        m & (self.ring.len() - 1)
    }

    /// The values below [`SMALL`] that are rare-type for remainder `m`.
    fn rare_type(&self, m: usize) -> u64 {
        self.rare_type[m % 2]
    }
}

impl SparseSolver {
    /// Computes heaps up to `end`, or fewer if a value reaches [`SMALL`].
    pub(super) fn run_small(&mut self, end: usize) {
        while self.values.len() < end && self.max_value < SMALL {
            stop::poll();
            let value = self.next_small_value();
            self.push(value);
        }
    }

    /// `G(n)` for the next heap `n`, while all values below it are below
    /// [`SMALL`]: at most [`SMALL`].
    fn next_small_value(&mut self) -> Value {
        let n = self.values.len();
        let mut options = single_heap_options(&self.whole, &self.one, &self.values, n)
            .fold(0u64, |bits, v| bits | bit(v));
        for i in 0..self.two.len() {
            if let Some(m) = n.checked_sub(self.two[i]) {
                options |= self.remainder(m).found;
            }
        }
        loop {
            let candidate = options.trailing_ones() as Value;
            if candidate == SMALL {
                return SMALL;
            }
            let mut met = false;
            for i in 0..self.two.len() {
                let Some(m) = n.checked_sub(self.two[i]) else {
                    continue;
                };
                // Common-type for `m`: every split making it has a rare part,
                // and the rare pass has it.
                if self.remainders.rare_type(m) & bit(candidate) != 0 {
                    met = self.sweep_remainder(m, candidate);
                    options |= self.remainder(m).found;
                    if met {
                        break;
                    }
                }
            }
            if !met {
                return candidate;
            }
        }
    }

    /// The entry of remainder `m`, made (with its rare pass) if it is new.
    fn remainder(&mut self, m: usize) -> &mut Remainder {
        let slot = self.remainders.slot(m);
        if self.remainders.ring[slot].m != m {
            let found = self.rare_pass(m);
            self.remainders.ring[slot] = Remainder {
                m,
                found,
                cursor: 1,
            };
        }
        &mut self.remainders.ring[slot]
    }

    /// The values of the splits of `m` with a rare part, as bits: from a
    /// batch, made if none holds `m`, and the rare heaps it leaves out (those
    /// below `LANES`, and from its first remainder on). Grundy's game, whose
    /// equal splits are no moves, takes them one by one.
    fn rare_pass(&mut self, m: usize) -> u64 {
        let (values, rare) = (&self.values[..], &self.rare_heaps[..]);
        if !self.equal_splits {
            return rare_split_bits(values, rare, m, false);
        }
        let batch = &mut self.remainders.batch;
        if !m.checked_sub(batch.first).is_some_and(|lane| lane < LANES) {
            *batch = RareBatch::at(m, values, rare);
        }
        let (from, to) = batch.taken;
        batch.bits[m - batch.first]
            | rare_split_bits(values, &rare[..from], m, true)
            | rare_split_bits(values, &rare[to..], m, true)
    }

    /// Sweeps the splits of `m` on from its cursor until one has value
    /// `target`, adding every value met to the remainder's; returns whether
    /// one was met. Blocks of splits are valued whole, and the cursor moves
    /// past the block where `target` was met. (Witnesses, recent splits that
    /// made a value, as the general path keeps, cost more here than the
    /// sweeps they spare: callgrind on 0.167.)
    fn sweep_remainder(&mut self, m: usize, target: Value) -> bool {
        let half = largest_smaller_part(m, self.equal_splits);
        let values: &[Value] = &self.values;
        let slot = self.remainders.slot(m);
        let entry = &mut self.remainders.ring[slot];
        debug_assert_eq!(entry.m, m, "the remainder is made before it is swept");
        let wanted = bit(target);
        let (mut a, found) = kernels::sweep_blocks(values, m, entry.cursor, half, wanted);
        entry.found |= found;
        if found & wanted != 0 {
            entry.cursor = a;
            return true;
        }
        while a <= half {
            entry.found |= bit(values[a] ^ values[m - a]);
            if entry.found & wanted != 0 {
                entry.cursor = a + 1;
                return true;
            }
            a += 1;
        }
        entry.cursor = a;
        false
    }
}

/// The values of the splits `(r, m - r)` of `m` with a rare part `r`, as bits.
fn rare_split_bits(values: &[Value], rare: &[RareHeap], m: usize, equal_splits: bool) -> u64 {
    let mut bits = 0u64;
    for_rare_splits(values, rare, m, equal_splits, |v| bits |= bit(v));
    bits
}

#[cfg(test)]
mod tests {
    use super::super::tests::alone;
    use super::super::{naive_values, Helping};
    use super::*;
    use crate::games::octal::Octal;
    use proptest::prelude::*;

    #[test]
    fn every_two_digit_code_equals_the_rules() {
        for first in ["0", "4"] {
            for code in (0..64).map(|d| format!("{first}.{}{}", d / 8, d % 8)) {
                let game: Octal = code.parse().unwrap();
                assert_eq!(alone(&code, 1200), naive_values(&game, 1200), "{code}");
            }
        }
    }

    #[test]
    fn values_reaching_64_pass_to_the_general_path_unchanged() {
        // The first value of 64 or more: 0.007 at heap 1320, 0.161 at 1816,
        // 0.6 at 1945.
        for (code, heap) in [("0.007", 1320), ("0.161", 1816), ("0.6", 1945)] {
            let game: Octal = code.parse().unwrap();
            let naive = naive_values(&game, heap + 600);
            assert!(naive[..heap].iter().all(|&v| v < SMALL), "{code}");
            assert!(naive[heap] >= SMALL, "{code}");
            assert_eq!(alone(code, heap + 600), naive, "{code}");
        }
    }

    #[test]
    fn the_remainders_are_those_of_the_small_path_far_out() {
        // 0.167 stays below 64 (58 at 2^24): every value from the small path,
        // checked against the general path on one thread (the helper's run
        // takes it), across several reviews of the mask.
        let mut general = SparseSolver::new(&"0.167".parse().unwrap());
        general.helping = Helping::Always;
        general.extend_to(40_000).unwrap();
        let small = alone("0.167", 40_000);
        assert!(small.iter().all(|&v| v < SMALL));
        assert_eq!(small, general.values());
    }

    #[test]
    fn the_classes_are_those_of_the_mask() {
        let mut remainders = Remainders::for_takes(&[2, 3]);
        for (mask, flip) in [(0, false), (61, false), (5, true), (254, true)] {
            remainders.reclass(mask, flip);
            for m in [10, 11] {
                for v in 0..SMALL {
                    let rare_type = remainders.rare_type(m) & bit(v) != 0;
                    assert_eq!(
                        rare_type,
                        is_class_zero(v, m, mask, flip),
                        "{mask} {flip} {m} {v}"
                    );
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Codes of up to five digits, whose split moves may take amounts far
        /// apart (the remainders' ring is then long), against the rules.
        #[test]
        fn random_codes_equal_the_rules(
            first in prop::sample::select(vec!["0", "4"]),
            digits in prop::collection::vec(0u8..8, 1..=5),
        ) {
            let digits: String = digits.iter().map(u8::to_string).collect();
            let code = format!("{first}.{digits}");
            let game: Octal = code.parse().unwrap();
            prop_assert_eq!(alone(&code, 1000), naive_values(&game, 1000), "{}", code);
        }
    }
}
