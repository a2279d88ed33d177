//! Integer square roots of machine words, for the fast path of Beatty sequences.
//!
//! Newton's iteration `x -> (x + n/x)/2` started above `sqrt(n)` decreases
//! strictly until it reaches `floor(sqrt(n))` and then stops decreasing (the
//! integer form of the AM-GM inequality), so no floating point is needed.

/// The integer square root `floor(sqrt(n))`: the `r` with `r^2 <= n < (r+1)^2`.
pub fn isqrt_u128(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    // 2^ceil(bits/2) >= sqrt(n) because n < 2^bits.
    let mut x = 1u128 << bits.div_ceil(2);
    loop {
        let next = (x + n / x) / 2;
        if next >= x {
            return x;
        }
        x = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dashu_int::{ops::SquareRoot, UBig};
    use proptest::prelude::*;

    fn is_floor_root(n: u128, r: u128) -> bool {
        let below = r.checked_mul(r).is_some_and(|sq| sq <= n);
        let above = (r + 1).checked_mul(r + 1).map_or(true, |sq| sq > n);
        below && above
    }

    #[test]
    fn roots_of_small_numbers_and_edges() {
        for n in 0..100_000u128 {
            assert!(is_floor_root(n, isqrt_u128(n)), "n = {n}");
        }
        for r in [1u128 << 32, (1 << 64) - 1, 3_037_000_499, 1 << 63] {
            for n in [r * r - 1, r * r, r * r + 1, r * r + 2 * r] {
                assert!(is_floor_root(n, isqrt_u128(n)), "n = {n}");
            }
        }
        assert_eq!(isqrt_u128(u128::MAX), u64::MAX as u128);
    }

    proptest! {
        #[test]
        fn root_matches_definition_and_dashu(n in any::<u128>()) {
            let r = isqrt_u128(n);
            prop_assert!(is_floor_root(n, r));
            prop_assert_eq!(UBig::from(r), UBig::from(n).sqrt());
        }
    }
}
