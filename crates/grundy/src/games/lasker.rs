//! Lasker's Nim: take any positive number of counters from one heap, or split
//! a heap into two non-empty heaps (equal ones allowed).
//!
//! Closed form (Winning Ways, ch. 4): `G(0) = 0` and, for `k >= 0`,
//! `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`.
//! `G` is an involution of the naturals, so a heap of value `v` has one size,
//! [`size_of_value`].
//!
//! Winning moves of a heap of any size: a take leaves the one heap of the
//! target value, when it is smaller; a split `(a, b)` has value `G(a) ^ G(b)`.
//! Write `G(x) = 4*h(x) + l(x)`: by the residue `r = x mod 4`, `l` is
//! `3, 1, 2, 0` and `h(x) = (x - r)/4 + d(r)` with `d = -1, 0, 0, +1`. For each
//! pair of residues `(ra, rb)` with `ra + rb = n mod 4` and `l(ra) ^ l(rb)` the
//! target's low two bits, the high parts `X = h(a)`, `Y = h(b)` satisfy
//! `X + Y = S` (known) and `X ^ Y = T` (the target's high bits); as
//! `X + Y = (X ^ Y) + 2 (X & Y)`, that is `X & Y = D = (S - T)/2`, with
//! `D & T = 0`, and the solutions are `X = D + s` for every `s` whose bits are
//! among those of `T`. The splits of a heap towards a value are therefore a
//! few *families* `a = first + 4 s`, `s` any sub-mask of a mask, however
//! large the heap: see [`SplitFamily`].

use dashu_int::ops::BitTest;
use dashu_int::{IBig, UBig};

use crate::game::HeapGame;

/// Lasker's Nim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lasker;

impl HeapGame for Lasker {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        if n > 0 {
            visit(&[]);
        }
        for left in 1..n {
            visit(&[left]);
        }
        for a in 1..=n / 2 {
            visit(&[a, n - a]);
        }
    }
}

/// The Grundy value of a heap of `n`.
pub fn value(n: &UBig) -> UBig {
    match residue(n) {
        3 => n + UBig::ONE,
        0 if *n != UBig::ZERO => n - UBig::ONE,
        _ => n.clone(),
    }
}

/// The size of the one heap of value `v` (`G` is its own inverse).
pub fn size_of_value(v: &UBig) -> UBig {
    value(v)
}

/// `n mod 4`.
fn residue(n: &UBig) -> u8 {
    u8::from(n.bit(0)) | u8::from(n.bit(1)) << 1
}

/// The low two bits of `G(x)` for `x = r mod 4` (x >= 1).
const LOW: [u8; 4] = [3, 1, 2, 0];
/// `h(x) - (x - r)/4` for `x = r mod 4` (x >= 1).
const SHIFT: [i8; 4] = [-1, 0, 0, 1];

/// The splits of a heap of `n` into `a` and `n - a` for every
/// `a = first + 4 s`, `s` running over the sub-masks of `mask` (every `s`
/// whose bits are among those of `mask`): `2^popcount(mask)` moves, with
/// `1 <= a <= n - a`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitFamily {
    /// The least `a`.
    pub first: UBig,
    /// The bits `s` may hold.
    pub mask: UBig,
}

impl SplitFamily {
    /// How many splits the family holds.
    pub fn count(&self) -> UBig {
        UBig::ONE << self.mask.count_ones()
    }

    /// The largest `a`.
    pub fn last(&self) -> UBig {
        &self.first + (&self.mask << 2)
    }

    /// The `k`-th smallest `a` of the family (`k < count`): the bits of `k`
    /// deposited into the positions of the mask's bits.
    pub fn member(&self, k: &UBig) -> UBig {
        let mut s = UBig::ZERO;
        let mut next = 0;
        for position in 0..self.mask.bit_len() {
            if self.mask.bit(position) {
                if k.bit(next) {
                    s.set_bit(position);
                }
                next += 1;
            }
        }
        &self.first + (s << 2)
    }
}

/// Every move of a heap of `n` to a heap (or two) of value `target`: the size
/// a take leaves (if any), and the families of splits.
pub fn moves_to(n: &UBig, target: &UBig) -> (Option<UBig>, Vec<SplitFamily>) {
    let left = size_of_value(target);
    let take = (left < *n).then_some(left);
    (take, split_families(n, target))
}

/// The splits `(a, n - a)`, `1 <= a <= n - a`, with `G(a) ^ G(n - a) = target`.
pub fn split_families(n: &UBig, target: &UBig) -> Vec<SplitFamily> {
    let mut families = Vec::new();
    let high_target = target >> 2;
    let low_target = residue(target);
    let half = IBig::from(n >> 1);
    for ra in 0..4u8 {
        for rb in 0..4u8 {
            if (ra + rb) % 4 != residue(n) || LOW[ra as usize] ^ LOW[rb as usize] != low_target {
                continue;
            }
            let rest = IBig::from(n.clone()) - IBig::from(ra + rb);
            if rest < IBig::ZERO {
                continue;
            }
            // X + Y = S, X ^ Y = T: X & Y = D = (S - T)/2, disjoint from T.
            let (da, db) = (SHIFT[ra as usize], SHIFT[rb as usize]);
            let sum = (rest >> 2) + IBig::from(da + db);
            let Ok(difference) = UBig::try_from(sum - IBig::from(high_target.clone())) else {
                continue;
            };
            if difference.bit(0) {
                continue;
            }
            let d = difference >> 1;
            if &d & &high_target != UBig::ZERO {
                continue;
            }
            // a = 4 (X - da) + ra with X = D + s.
            let base = (IBig::from(d.clone()) - IBig::from(da)) * 4 + IBig::from(ra);
            let Ok(room) = UBig::try_from(&half - &base) else {
                continue; // no a <= n/2
            };
            let most = room >> 2;
            // a >= 1: for ra = 3 and D = 0, s = 0 gives a = -1 (for ra = 0, a >= 3).
            let least_nonzero = ra == 3 && d == UBig::ZERO;
            for (prefix, mask) in submasks_at_most(&high_target, &most, least_nonzero) {
                let first = UBig::try_from(&base + IBig::from(prefix << 2)).expect("a >= 1");
                families.push(SplitFamily { first, mask });
            }
        }
    }
    families.sort_by(|x, y| x.first.cmp(&y.first));
    families
}

/// The sub-masks `s` of `mask` with `s <= most` (and `s != 0` when
/// `nonzero`), as disjoint families `(prefix, low)`: every `prefix + t`, `t` a
/// sub-mask of `low`, whose bits all lie below those of `prefix`'s last step.
fn submasks_at_most(mask: &UBig, most: &UBig, nonzero: bool) -> Vec<(UBig, UBig)> {
    let below = |i: usize| mask & ((UBig::ONE << i) - UBig::ONE);
    let mut families = Vec::new();
    let mut prefix = UBig::ZERO;
    let mut exact = true;
    for i in (0..mask.bit_len().max(most.bit_len())).rev() {
        match (most.bit(i), mask.bit(i)) {
            // s has 0 here where `most` has 1: every lower choice is below `most`.
            (true, true) => {
                families.push((prefix.clone(), below(i)));
                prefix.set_bit(i);
            }
            (true, false) => {
                families.push((prefix.clone(), below(i)));
                exact = false;
                break;
            }
            // `most` has 0: s must too.
            (false, _) => {}
        }
    }
    if exact {
        families.push((prefix, UBig::ZERO)); // s = most itself
    }
    if nonzero {
        // Only the family of prefix 0 holds s = 0: split it by its top bit.
        if let Some(i) = families.iter().position(|(p, _)| *p == UBig::ZERO) {
            let (_, low) = families.remove(i);
            for bit in (0..low.bit_len()).filter(|&b| low.bit(b)) {
                families.push((UBig::ONE << bit, below(bit) & &low));
            }
        }
    }
    families
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oracle::check_heap_positions;
    use crate::solve::heap_sequence;
    use proptest::prelude::*;

    fn all_members(family: &SplitFamily) -> Vec<UBig> {
        let count = usize::try_from(&family.count()).unwrap();
        (0..count).map(|k| family.member(&UBig::from(k))).collect()
    }

    /// The winning moves of a sum, as the positions reached.
    fn winning(heaps: &[u64]) -> (UBig, Vec<Vec<u64>>) {
        let big: Vec<UBig> = heaps.iter().map(|&h| UBig::from(h)).collect();
        let total = big.iter().fold(UBig::ZERO, |acc, h| acc ^ value(h));
        let mut reached = Vec::new();
        if total != UBig::ZERO {
            for (i, n) in big.iter().enumerate() {
                let (take, families) = moves_to(n, &(value(n) ^ &total));
                let rest = |left: &[u64]| {
                    let mut after = heaps.to_vec();
                    after.remove(i);
                    after.extend_from_slice(left);
                    after
                };
                if let Some(m) = take {
                    reached.push(rest(&[u64::try_from(&m).unwrap()]));
                }
                for a in families.iter().flat_map(all_members) {
                    let a = u64::try_from(&a).unwrap();
                    reached.push(rest(&[a, heaps[i] - a]));
                }
            }
        }
        (total, reached)
    }

    #[test]
    fn the_closed_form_is_the_sequence_of_the_rules() {
        let values = heap_sequence(&Lasker, 400);
        for (n, g) in values.iter().enumerate() {
            assert_eq!(value(&UBig::from(n)), UBig::from(g.0), "G({n})");
        }
    }

    #[test]
    fn winning_moves_match_the_rules_on_all_small_sums() {
        check_heap_positions(Lasker, winning, 3, 12);
        check_heap_positions(Lasker, winning, 2, 16);
    }

    #[test]
    fn split_families_are_every_split_to_every_value() {
        for n in 0..130u64 {
            for target in 0..140u64 {
                let mut expected = Vec::new();
                for a in 1..=n / 2 {
                    if value(&UBig::from(a)) ^ value(&UBig::from(n - a)) == UBig::from(target) {
                        expected.push(UBig::from(a));
                    }
                }
                let families = split_families(&UBig::from(n), &UBig::from(target));
                let mut found: Vec<UBig> = families.iter().flat_map(all_members).collect();
                for f in &families {
                    assert_eq!(all_members(f).last(), Some(&f.last()));
                }
                found.sort();
                assert_eq!(found, expected, "n = {n}, target {target}");
            }
        }
    }

    proptest! {
        #[test]
        fn splits_of_huge_heaps_have_the_target_value(
            n in "[1-9][0-9]{0,60}", target in "[0-9]{1,60}", k in any::<u64>()
        ) {
            let (n, target): (UBig, UBig) = (n.parse().unwrap(), target.parse().unwrap());
            for family in split_families(&n, &target) {
                let k = UBig::from(k) % family.count();
                let a = family.member(&k);
                prop_assert!(a >= UBig::ONE && &a + &a <= n);
                prop_assert_eq!(value(&a) ^ value(&(&n - &a)), target.clone());
            }
        }

        #[test]
        fn the_values_are_an_involution(n in "[0-9]{1,60}") {
            let n: UBig = n.parse().unwrap();
            prop_assert_eq!(size_of_value(&value(&n)), n);
        }
    }
}
