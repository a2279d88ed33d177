//! The engine's innermost loops that turn values of splits into sets of
//! values, written once and compiled twice: for the processor the binary
//! targets, and for processors with AVX2 (found at run time), whose shifts by
//! lane (`vpsllvq`) turn four values into their bits at once. Without AVX2 a
//! shift by a variable amount is a slow instruction and no vector can do it
//! (SSE2 has no shift by lane), so the baseline looks each bit up in
//! [`BITS`] instead.
//!
//! The choice is one feature test a call (a load of a flag the standard
//! library caches): each call does a batch of splits, so it is not felt.
//! Tests hold the function chosen and the baseline's body to a plain
//! reference: on a processor with AVX2, as CI's has, both compilations.

use crate::games::octal::marks::{lane_partners, split_block, RareHeap, Value, BLOCK, LANES};

/// Values below this have a bit in a `u64`.
const WORD: Value = 64;

/// `BITS[v] = 1 << v`. A load from it is one instruction where a shift by a
/// variable amount takes several without AVX2.
static BITS: [u64; WORD as usize] = {
    let mut bits = [0; WORD as usize];
    let mut v = 0;
    while v < bits.len() {
        bits[v] = 1 << v;
        v += 1;
    }
    bits
};

/// The set `{v}` of a value below 64 (of `v % 64` for any value).
#[inline(always)]
pub(super) fn bit(v: Value) -> u64 {
    BITS[usize::from(v) % BITS.len()]
}

/// The set `{v % 64}` by a shift, which AVX2 does for four values at once.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn shifted(v: Value) -> u64 {
    1 << (v % WORD)
}

/// Whether the processor has AVX2 (cached by the standard library).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// Defines the function `name`, which calls `body` (an `#[inline(always)]`
/// function of the same arguments and the set of one value, `bit`) compiled
/// for AVX2 with [`shifted`] where the processor has AVX2, and compiled for
/// the target with [`bit`] elsewhere; `avx2` names the AVX2 copy.
macro_rules! twice {
    (
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;
        avx2: $avx2:ident, body: $body:ident
    ) => {
        $(#[$doc])*
        pub(super) fn $name($($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: the processor has AVX2, just checked.
                return unsafe { $avx2($($arg),*) };
            }
            $body($($arg,)* bit)
        }

        #[doc = concat!("[`", stringify!($name), "`] compiled for AVX2.")]
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        unsafe fn $avx2($($arg: $ty),*) -> $ret {
            $body($($arg,)* shifted)
        }
    };
}

twice! {
    /// The values of the splits `(r, first + lane - r)` for the rare heaps of
    /// `rare` (a [`lane_range`](crate::games::octal::marks::lane_range)), all
    /// below 64, as bits, for each lane.
    fn lane_bits(values: &[Value], rare: &[RareHeap], first: usize) -> [u64; LANES];
    avx2: lane_bits_avx2, body: lane_bits_with
}

/// The one body of [`lane_bits`].
#[inline(always)]
fn lane_bits_with(
    values: &[Value],
    rare: &[RareHeap],
    first: usize,
    bit: impl Fn(Value) -> u64,
) -> [u64; LANES] {
    let mut bits = [0u64; LANES];
    for &(r, value) in rare {
        for (bits, &p) in bits.iter_mut().zip(lane_partners(values, r, first)) {
            *bits |= bit(p ^ value);
        }
    }
    bits
}

twice! {
    /// Sweeps the splits `(a, m - a)` of `m`, all of values below 64, a block
    /// at a time from `a = from`, while a whole block lies within `a <= half`,
    /// until a block has a value of `wanted`: returns the first `a` not swept
    /// and the values met.
    fn sweep_blocks(values: &[Value], m: usize, from: usize, half: usize, wanted: u64) -> (usize, u64);
    avx2: sweep_blocks_avx2, body: sweep_blocks_with
}

/// The one body of [`sweep_blocks`].
#[inline(always)]
fn sweep_blocks_with(
    values: &[Value],
    m: usize,
    from: usize,
    half: usize,
    wanted: u64,
    bit: impl Fn(Value) -> u64,
) -> (usize, u64) {
    let mut found = 0;
    let mut a = from;
    while a + BLOCK <= half + 1 {
        let (low, high) = split_block(values, m, a);
        let block = (0..BLOCK).fold(0u64, |bits, j| bits | bit(low[j] ^ high[BLOCK - 1 - j]));
        found |= block;
        a += BLOCK;
        if block & wanted != 0 {
            break;
        }
    }
    (a, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Values below 64 and a list of rare heaps `LANES <= r < first`,
    /// ascending, with their values.
    fn heaps_and_rare() -> impl Strategy<Value = (Vec<Value>, Vec<RareHeap>, usize)> {
        (prop::collection::vec(0..WORD, LANES + 2..400)).prop_flat_map(|values| {
            let len = values.len();
            (LANES + 1..=len).prop_flat_map(move |first| {
                let values = values.clone();
                prop::collection::btree_set(LANES..first, 0..=first - LANES).prop_map(
                    move |heaps| {
                        let rare = heaps.into_iter().map(|r| (r as u32, values[r])).collect();
                        (values.clone(), rare, first)
                    },
                )
            })
        })
    }

    proptest! {
        /// Both compilations of the rare passes of a batch, against each
        /// split's value taken from its definition.
        #[test]
        fn lane_bits_are_the_values_of_the_lanes_splits((values, rare, first) in heaps_and_rare()) {
            let expected: [u64; LANES] = std::array::from_fn(|lane| {
                rare.iter().fold(0, |set, &(r, value)| {
                    set | 1 << (value ^ values[first + lane - r as usize])
                })
            });
            prop_assert_eq!(lane_bits(&values, &rare, first), expected);
            prop_assert_eq!(lane_bits_with(&values, &rare, first, bit), expected);
        }

        /// Both compilations of the sweep, against a sweep of one split at a
        /// time that stops at the end of the block holding a wanted value.
        #[test]
        fn sweep_blocks_stop_after_the_block_with_a_wanted_value(
            values in prop::collection::vec(0..WORD, 2..600),
            start in 1usize..40,
            wanted in any::<u64>(),
        ) {
            let m = values.len() - 1;
            let half = m / 2;
            let from = start.min(half.max(1));
            let (mut a, mut found) = (from, 0u64);
            while a + BLOCK <= half + 1 {
                let block = (a..a + BLOCK).fold(0, |set, s| set | 1 << (values[s] ^ values[m - s]));
                found |= block;
                a += BLOCK;
                if block & wanted != 0 {
                    break;
                }
            }
            prop_assert_eq!(sweep_blocks(&values, m, from, half, wanted), (a, found));
            prop_assert_eq!(sweep_blocks_with(&values, m, from, half, wanted, bit), (a, found));
        }
    }

    #[test]
    fn both_bits_of_a_value_are_its_set() {
        for v in 0..WORD {
            assert_eq!(bit(v), 1u64 << v);
            #[cfg(target_arch = "x86_64")]
            assert_eq!(shifted(v), 1u64 << v);
        }
    }
}
