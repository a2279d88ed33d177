//! Beatty sequences `floor(n*alpha)`, `n >= 1`, of a quadratic irrational
//! `alpha > 1`, and their complements.
//!
//! Rayleigh's theorem (Rayleigh 1894; Beatty 1926): for irrational `alpha > 1`
//! and `beta = alpha/(alpha - 1)`, the sequences `floor(n*alpha)` and
//! `floor(n*beta)` together contain every positive integer exactly once. The
//! number of terms `floor(n*alpha) <= m` is the number of `n >= 1` with
//! `n < (m+1)/alpha`, that is `ceil((m+1)/alpha) - 1 = floor((m+1)/alpha)`
//! (the quotient is irrational), one floor of the exact reciprocal.

use dashu_int::ops::UnsignedAbs;
use dashu_int::{IBig, UBig};

use super::isqrt::isqrt_u128;
use super::quadratic::{QuadraticError, QuadraticIrrational};

/// The Beatty sequence `B_alpha = (floor(n*alpha))_{n >= 1}` of an irrational
/// `alpha > 1`: strictly increasing, so each term has one index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeattySequence {
    alpha: QuadraticIrrational,
    reciprocal: QuadraticIrrational,
}

impl BeattySequence {
    /// The sequence of `alpha`, which must exceed 1.
    pub fn new(alpha: QuadraticIrrational) -> Result<Self, QuadraticError> {
        // The complement exists exactly when alpha > 1; its check is the one needed.
        alpha.complement()?;
        let reciprocal = alpha.reciprocal();
        Ok(BeattySequence { alpha, reciprocal })
    }

    /// The irrational `alpha`.
    pub fn alpha(&self) -> &QuadraticIrrational {
        &self.alpha
    }

    /// The term `floor(n*alpha)` (`n = 0` gives 0, the term before the first).
    pub fn term(&self, n: &UBig) -> UBig {
        self.alpha.floor_mul(n)
    }

    /// How many terms are at most `m`: `floor((m+1)/alpha)`.
    pub fn count_up_to(&self, m: &UBig) -> UBig {
        self.reciprocal.floor_mul(&(m + UBig::ONE))
    }

    /// Where `m` stands: `Ok(n)` when `m = floor(n*alpha)`, else `Err(c)` with
    /// `c` the number of terms below `m`. Two floors: the count up to `m`, and the
    /// term of that index, which is `m` exactly when `m` is a term.
    pub fn locate(&self, m: &UBig) -> Result<UBig, UBig> {
        let n = self.count_up_to(m);
        if !n.is_zero() && self.term(&n) == *m {
            Ok(n)
        } else {
            Err(n)
        }
    }

    /// The index `n >= 1` with `floor(n*alpha) = m`, if `m` is a term.
    pub fn index_of(&self, m: &UBig) -> Option<UBig> {
        self.locate(m).ok()
    }

    /// Whether `m` is a term of the sequence.
    pub fn contains(&self, m: &UBig) -> bool {
        self.index_of(m).is_some()
    }

    /// The complementary sequence, of `beta = alpha/(alpha - 1)`.
    pub fn complement(&self) -> BeattySequence {
        let beta = self.alpha.complement().expect("alpha > 1 was checked");
        BeattySequence::new(beta).expect("beta > 1 when alpha > 1")
    }

    /// Checks that this sequence and `other` partition `1..=limit`: returns the
    /// first integer there that is not a term of exactly one of them, or `None`.
    /// With `other = self.complement()` this checks Rayleigh's theorem.
    pub fn partition_failure(&self, other: &BeattySequence, limit: u64) -> Option<u64> {
        let mut covered = vec![0u8; limit as usize + 1];
        for sequence in [self, other] {
            let terms = (1u64..).map(|n| sequence.term(&UBig::from(n)));
            for term in terms.map_while(|t| u64::try_from(t).ok().filter(|&t| t <= limit)) {
                covered[term as usize] = covered[term as usize].saturating_add(1);
            }
        }
        (1..=limit).find(|&m| covered[m as usize] != 1)
    }
}

/// The terms `floor(n*alpha)` for `n = 1, 2, ..., count`, computed one at a
/// time so that a long sequence is written out without ever being held.
///
/// While every number fits in machine words, the root `t_n = floor(n*sqrt(Q^2 D))`
/// of the formula in [`crate::arith`] is walked rather than recomputed: with
/// `k = floor(sqrt(Q^2 D))`, `(n+1)*sqrt(Q^2 D) = n*sqrt(Q^2 D) + sqrt(Q^2 D)` adds
/// two fractional parts in `[0, 1)`, so `t_{n+1}` is `t_n + k` or `t_n + k + 1`,
/// and one square decides which (no division, no Newton iteration). When a
/// product would overflow, the remaining terms use [`QuadraticIrrational::floor_mul`].
#[derive(Clone, Debug)]
pub struct FloorMultiples {
    alpha: QuadraticIrrational,
    /// The index of the last term produced.
    n: u64,
    count: u64,
    walk: Option<RootWalk>,
}

/// The machine-word state of [`FloorMultiples`]: `alpha = (p + q*sqrt(d))/s`
/// with `q2d = q^2 d`, and `root = floor(n*sqrt(q2d))` for the last index `n`.
#[derive(Clone, Debug)]
struct RootWalk {
    p: i128,
    q_positive: bool,
    q2d: u128,
    step: u128,
    s: i128,
    root: u128,
}

impl FloorMultiples {
    /// The first `count` terms `floor(alpha), floor(2*alpha), ...` of any
    /// positive quadratic irrational `alpha` (below 1 the terms repeat).
    pub fn new(alpha: &QuadraticIrrational, count: u64) -> Self {
        FloorMultiples {
            alpha: alpha.clone(),
            n: 0,
            count,
            walk: RootWalk::start(alpha),
        }
    }
}

impl RootWalk {
    /// The walk at `n = 0`, when the coefficients fit in machine words.
    fn start(alpha: &QuadraticIrrational) -> Option<RootWalk> {
        let q2d = u128::try_from(alpha.q().unsigned_abs().sqr() * alpha.d()).ok()?;
        Some(RootWalk {
            p: i128::try_from(alpha.p()).ok()?,
            q_positive: *alpha.q() > IBig::ZERO,
            q2d,
            step: isqrt_u128(q2d),
            s: i128::try_from(alpha.s()).ok()?,
            root: 0,
        })
    }

    /// Moves to index `m = n + 1` and returns `floor(m*alpha)`, or `None` when a
    /// number no longer fits (the walk is then abandoned).
    fn advance(&mut self, m: u64) -> Option<u128> {
        let m = u128::from(m);
        let candidate = self.root.checked_add(self.step)?;
        let target = m.checked_mul(m)?.checked_mul(self.q2d)?;
        let above = candidate.checked_add(1)?;
        self.root = if above.checked_mul(above)? <= target {
            above
        } else {
            candidate
        };
        let mp = i128::try_from(m).ok()?.checked_mul(self.p)?;
        let root = i128::try_from(self.root).ok()?;
        let numerator = if self.q_positive {
            mp.checked_add(root)?
        } else {
            mp.checked_sub(root)?.checked_sub(1)?
        };
        let floor = match (i64::try_from(numerator), i64::try_from(self.s)) {
            // The common case, in the much faster 64-bit division.
            (Ok(numerator), Ok(s)) => i128::from(numerator.div_euclid(s)),
            _ => numerator.div_euclid(self.s),
        };
        u128::try_from(floor).ok()
    }
}

impl Iterator for FloorMultiples {
    type Item = UBig;

    fn next(&mut self) -> Option<UBig> {
        if self.n >= self.count {
            return None;
        }
        self.n += 1;
        let walked = self.walk.as_mut().and_then(|walk| walk.advance(self.n));
        match walked {
            Some(term) => Some(UBig::from(term)),
            None => {
                self.walk = None;
                Some(self.alpha.floor_mul(&UBig::from(self.n)))
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.count - self.n).unwrap_or(usize::MAX);
        (left, usize::try_from(self.count - self.n).ok())
    }
}

impl ExactSizeIterator for FloorMultiples {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sequence(text: &str) -> BeattySequence {
        BeattySequence::new(text.parse().unwrap()).unwrap()
    }

    fn samples() -> Vec<BeattySequence> {
        [
            "phi",
            "sqrt2",
            "sqrt(3)",
            "(-1+sqrt(13))/2",
            "(7+3*sqrt(11))/5",
            "(1+sqrt(5))/3",
        ]
        .map(sequence)
        .into()
    }

    #[test]
    fn sequences_need_alpha_above_one() {
        for text in ["(3-sqrt(5))/2", "sqrt(5)/3"] {
            let error = BeattySequence::new(text.parse().unwrap()).unwrap_err();
            assert!(matches!(error, QuadraticError::NotAboveOne(_)), "{text}");
        }
    }

    #[test]
    fn complement_of_phi_is_phi_squared() {
        let upper = sequence("phi").complement();
        assert_eq!(upper.alpha().to_string(), "(3+1*sqrt(5))/2");
        let terms: Vec<UBig> = (1u8..=6).map(|n| upper.term(&n.into())).collect();
        assert_eq!(terms, [2u8, 5, 7, 10, 13, 15].map(UBig::from)); // OEIS A001950
        assert_eq!(upper.complement(), sequence("phi"));
    }

    #[test]
    fn counts_and_indices_match_enumeration() {
        for sequence in samples() {
            let terms: Vec<u64> = (1u64..3000)
                .map(|n| u64::try_from(sequence.term(&n.into())).unwrap())
                .collect();
            for m in 0u64..3000 {
                let count = terms.iter().filter(|&&t| t <= m).count();
                assert_eq!(sequence.count_up_to(&m.into()), UBig::from(count));
                let index = terms
                    .iter()
                    .position(|&t| t == m)
                    .map(|i| UBig::from(i + 1));
                assert_eq!(sequence.index_of(&m.into()), index.clone(), "{m}");
                let located = index.ok_or_else(|| UBig::from(count));
                assert_eq!(sequence.locate(&m.into()), located, "{m}");
            }
        }
    }

    #[test]
    fn sequence_and_complement_partition_the_integers() {
        for sequence in samples() {
            let complement = sequence.complement();
            assert_eq!(sequence.partition_failure(&complement, 20_000), None);
        }
    }

    #[test]
    fn partition_check_finds_overlaps_and_gaps() {
        let phi = sequence("phi");
        assert_eq!(phi.partition_failure(&sequence("sqrt2"), 100), Some(1));
        assert_eq!(
            phi.partition_failure(&phi.complement().complement(), 100),
            Some(1)
        );
        assert_eq!(phi.partition_failure(&sequence("sqrt(5)"), 100), Some(4));
    }

    #[test]
    fn walked_terms_match_the_formula() {
        let mut alphas: Vec<QuadraticIrrational> =
            samples().iter().map(|s| s.alpha().clone()).collect();
        for text in ["(-1+sqrt(5))/2", "(9-sqrt(7))/4", "(-3+5*sqrt(2))/7"] {
            alphas.push(text.parse().unwrap());
        }
        for alpha in alphas {
            let terms: Vec<UBig> = FloorMultiples::new(&alpha, 5000).collect();
            let expected: Vec<UBig> = (1u64..=5000).map(|n| alpha.floor_mul(&n.into())).collect();
            assert_eq!(terms, expected, "{alpha}");
        }
    }

    #[test]
    fn walk_hands_over_to_big_integers_when_words_overflow() {
        // Q^2 D near 2^100: n^2 Q^2 D leaves u128 from n = 2^14 on.
        let alpha: QuadraticIrrational = "sqrt(1267650600228229401496703205377)".parse().unwrap();
        let mut terms = FloorMultiples::new(&alpha, 20_000);
        assert_eq!(terms.len(), 20_000);
        for n in 1u64..=20_000 {
            assert_eq!(terms.next(), Some(alpha.floor_mul(&n.into())), "n = {n}");
        }
        assert_eq!(terms.next(), None);
        assert_eq!(FloorMultiples::new(&alpha, 0).next(), None);
    }

    fn arb_big() -> impl Strategy<Value = UBig> {
        proptest::collection::vec(any::<u8>(), 1..120).prop_map(|bytes| UBig::from_le_bytes(&bytes))
    }

    proptest! {
        #[test]
        fn big_terms_have_their_index(n in arb_big(), which in 0usize..6) {
            let sequence = &samples()[which];
            let n = n + UBig::ONE;
            let term = sequence.term(&n);
            prop_assert_eq!(sequence.index_of(&term), Some(n.clone()));
            let next = sequence.term(&(&n + UBig::ONE));
            let gap = &term + UBig::ONE;
            prop_assert_eq!(sequence.contains(&gap), next == gap);
            prop_assert!(sequence.complement().contains(&gap) != sequence.contains(&gap));
        }
    }
}
