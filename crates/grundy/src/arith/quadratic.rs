//! Quadratic irrationals `alpha = (P + Q*sqrt(D))/S` and the exact value of
//! `floor(n*alpha)`.
//!
//! For `n >= 1` the number `sqrt(n^2 Q^2 D)` is irrational when `D` is not a
//! perfect square, so with `t` its integer square root,
//! `floor(n*alpha) = floor((nP + t)/S)` when `Q > 0` and `floor((nP - t - 1)/S)`
//! when `Q < 0` (`S > 0`): the numerator lies strictly inside an interval of
//! length one that starts at an integer, which contains no multiple of `S`.

use std::cmp::Ordering;
use std::fmt;

use dashu_int::ops::{DivEuclid, Gcd, SquareRoot, UnsignedAbs};
use dashu_int::{IBig, UBig};
use thiserror::Error;

use super::isqrt::isqrt_u128;

/// What the accepted forms are, for error messages.
const ACCEPTED: &str = "expected `phi`, `sqrt2`, `sqrt(D)` or `(P+Q*sqrt(D))/S` \
     (also `(P-Q*sqrt(D))/S`, `(P+sqrt(D))/S`, `Q*sqrt(D)`), with integers P, Q != 0, \
     S != 0 and D > 1 not a perfect square";

/// Trial division for square factors of `D` stops at this divisor.
///
/// What is left afterwards has no prime factor below the bound; when it is below
/// the bound cubed it has at most two prime factors, and a perfect-square test
/// finishes the reduction. Every `D < 2^48` is therefore reduced completely.
const TRIAL_DIVISION_LIMIT: u64 = 1 << 16;

/// Why a quadratic irrational could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum QuadraticError {
    /// The text is not one of the accepted forms.
    #[error("cannot read `{input}` as a quadratic irrational: {ACCEPTED}")]
    Syntax {
        /// The text that was given.
        input: String,
    },
    /// `S = 0`.
    #[error("the denominator S is 0: {ACCEPTED}")]
    ZeroDenominator,
    /// `Q = 0`: the number is rational.
    #[error("the coefficient Q of sqrt(D) is 0, so the number is rational: {ACCEPTED}")]
    Rational,
    /// `D` is 0 or 1.
    #[error("the radicand D = {0} must be greater than 1: {ACCEPTED}")]
    RadicandTooSmall(UBig),
    /// `D` is a perfect square, so the number is rational.
    #[error("the radicand D = {0} is a perfect square, so the number is rational: {ACCEPTED}")]
    PerfectSquare(UBig),
    /// The number is negative; only positive ones define Beatty sequences.
    #[error("{0} is negative: alpha must be positive")]
    NotPositive(String),
    /// A Beatty sequence with a complement needs `alpha > 1`.
    #[error("{0} is less than 1: a Beatty sequence and its complement need alpha > 1")]
    NotAboveOne(String),
}

/// A positive quadratic irrational `(P + Q*sqrt(D))/S` in canonical form: `S > 0`,
/// `gcd(P, Q, S) = 1` and `D > 1` square-free (see [`QuadraticIrrational::new`]
/// for the one limit on that).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QuadraticIrrational {
    p: IBig,
    q: IBig,
    d: UBig,
    s: UBig,
    /// `Q^2 * D`, the factor under the square root of `n*alpha`.
    q2d: UBig,
    /// The same numbers as machine words, when they fit.
    small: Option<SmallForm>,
}

/// The coefficients of a [`QuadraticIrrational`] as machine words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct SmallForm {
    p: i128,
    q_positive: bool,
    q2d: u128,
    s: i128,
}

impl QuadraticIrrational {
    /// Builds `(p + q*sqrt(d))/s`, moving square factors of `d` into `q`, making
    /// `s` positive and dividing out `gcd(p, q, s)`.
    ///
    /// Square factors are found by trial division below 2^16 and a final
    /// perfect-square test; this reduces every `d < 2^48` completely, and a larger
    /// `d` whenever what trial division leaves is below 2^48. Beyond that a square
    /// of a prime above 2^16 may stay in `d`; the value, and so every floor, is
    /// exact either way.
    pub fn new(p: IBig, q: IBig, d: UBig, s: IBig) -> Result<Self, QuadraticError> {
        if d <= UBig::ONE {
            return Err(QuadraticError::RadicandTooSmall(d));
        }
        let (root, core) = split_square(&d);
        if core.is_one() {
            return Err(QuadraticError::PerfectSquare(d));
        }
        Self::from_square_free(p, q * IBig::from(root), core, s)
    }

    /// The golden ratio `phi = (1 + sqrt(5))/2`.
    pub fn phi() -> Self {
        Self::from_small(1, 1, 5, 2)
    }

    /// `sqrt(2)`.
    pub fn sqrt2() -> Self {
        Self::from_small(0, 1, 2, 1)
    }

    /// `sqrt(d)`, for `d > 1` not a perfect square.
    pub fn sqrt(d: UBig) -> Result<Self, QuadraticError> {
        Self::new(IBig::ZERO, IBig::ONE, d, IBig::ONE)
    }

    /// The rational part `P` of the canonical form.
    pub fn p(&self) -> &IBig {
        &self.p
    }

    /// The coefficient `Q` of `sqrt(D)` in the canonical form.
    pub fn q(&self) -> &IBig {
        &self.q
    }

    /// The square-free radicand `D`.
    pub fn d(&self) -> &UBig {
        &self.d
    }

    /// The denominator `S > 0`.
    pub fn s(&self) -> &UBig {
        &self.s
    }

    /// `floor(n * alpha)`, exactly, for any `n >= 0`.
    ///
    /// Machine words are used when every intermediate value fits (checked), big
    /// integers otherwise; both give the same answer.
    pub fn floor_mul(&self, n: &UBig) -> UBig {
        let small = self.small.as_ref().zip(u128::try_from(n).ok());
        match small.and_then(|(form, n)| form.floor_mul(n)) {
            Some(value) => UBig::from(value),
            None => self.floor_mul_big(n),
        }
    }

    /// `1/alpha = S*(P - Q*sqrt(D))/(P^2 - Q^2*D)`, rationalised.
    pub fn reciprocal(&self) -> Self {
        let s = IBig::from(self.s.clone());
        let norm = &self.p * &self.p - IBig::from(self.q2d.clone());
        Self::from_square_free(&s * &self.p, -(&s * &self.q), self.d.clone(), norm)
            .expect("the reciprocal of a positive irrational is a positive irrational")
    }

    /// `alpha/(alpha - 1)`, rationalised, for `alpha > 1`: the number whose Beatty
    /// sequence is the complement of this one's.
    ///
    /// With `alpha = (P + Q*sqrt(D))/S` it is
    /// `(P(P - S) - Q^2 D - QS*sqrt(D)) / ((P - S)^2 - Q^2 D)`.
    pub fn complement(&self) -> Result<Self, QuadraticError> {
        let s = IBig::from(self.s.clone());
        let shifted = &self.p - &s;
        if surd_sign(&shifted, &self.q, &self.d) != Ordering::Greater {
            return Err(QuadraticError::NotAboveOne(self.to_string()));
        }
        let q2d = IBig::from(self.q2d.clone());
        let p = &self.p * &shifted - &q2d;
        let q = -(&self.q * &s);
        let norm = &shifted * &shifted - q2d;
        Self::from_square_free(p, q, self.d.clone(), norm)
    }

    /// Builds the number from constants known to be canonical.
    fn from_small(p: i64, q: i64, d: u64, s: i64) -> Self {
        Self::from_square_free(IBig::from(p), IBig::from(q), UBig::from(d), IBig::from(s))
            .expect("the named constants are positive irrationals")
    }

    /// Normalises sign and common factor, with `d` already free of squares.
    fn from_square_free(p: IBig, q: IBig, d: UBig, s: IBig) -> Result<Self, QuadraticError> {
        if s == IBig::ZERO {
            return Err(QuadraticError::ZeroDenominator);
        }
        if q == IBig::ZERO {
            return Err(QuadraticError::Rational);
        }
        let (p, q, s) = if s < IBig::ZERO {
            (-p, -q, -s)
        } else {
            (p, q, s)
        };
        let g = IBig::from((&p).gcd(&q).gcd(&s));
        let (p, q, s) = (p / &g, q / &g, (s / &g).unsigned_abs());
        if surd_sign(&p, &q, &d) != Ordering::Greater {
            return Err(QuadraticError::NotPositive(display(&p, &q, &d, &s)));
        }
        let q2d = (&q).unsigned_abs().sqr() * &d;
        let small = SmallForm::fit(&p, &q, &q2d, &s);
        Ok(QuadraticIrrational {
            p,
            q,
            d,
            s,
            q2d,
            small,
        })
    }

    /// `floor(n * alpha)` with big integers.
    fn floor_mul_big(&self, n: &UBig) -> UBig {
        if n.is_zero() {
            return UBig::ZERO;
        }
        let root = IBig::from((n.sqr() * &self.q2d).sqrt());
        let np = IBig::from(n.clone()) * &self.p;
        let numerator = if self.q > IBig::ZERO {
            np + root
        } else {
            np - root - IBig::ONE
        };
        let floor = numerator.div_euclid(IBig::from(self.s.clone()));
        UBig::try_from(floor).expect("n * alpha >= 0")
    }
}

impl SmallForm {
    /// The machine-word form, when every coefficient fits.
    fn fit(p: &IBig, q: &IBig, q2d: &UBig, s: &UBig) -> Option<SmallForm> {
        Some(SmallForm {
            p: i128::try_from(p).ok()?,
            q_positive: *q > IBig::ZERO,
            q2d: u128::try_from(q2d).ok()?,
            s: i128::try_from(s).ok()?,
        })
    }

    /// `floor(n * alpha)` with checked machine arithmetic; `None` on overflow.
    fn floor_mul(&self, n: u128) -> Option<u128> {
        if n == 0 {
            return Some(0);
        }
        let root = i128::try_from(isqrt_u128(n.checked_mul(n)?.checked_mul(self.q2d)?)).ok()?;
        let np = i128::try_from(n).ok()?.checked_mul(self.p)?;
        let numerator = if self.q_positive {
            np.checked_add(root)?
        } else {
            np.checked_sub(root)?.checked_sub(1)?
        };
        u128::try_from(numerator.div_euclid(self.s)).ok()
    }
}

/// The sign of `a + b*sqrt(d)` for a non-square `d` (zero only when `a = b = 0`).
pub(super) fn surd_sign(a: &IBig, b: &IBig, d: &UBig) -> Ordering {
    let a_sign = a.cmp(&IBig::ZERO);
    let b_sign = b.cmp(&IBig::ZERO);
    if a_sign == b_sign || b_sign == Ordering::Equal {
        return a_sign;
    }
    if a_sign == Ordering::Equal {
        return b_sign;
    }
    // Opposite signs: the term of larger absolute value wins.
    let a_squared = a.unsigned_abs().sqr();
    let b_squared_d = b.unsigned_abs().sqr() * d;
    if a_squared > b_squared_d {
        a_sign
    } else {
        b_sign
    }
}

/// Splits `d` into `(r, c)` with `d = r^2 * c`, removing the square factors that
/// trial division below [`TRIAL_DIVISION_LIMIT`] and a perfect-square test find.
fn split_square(d: &UBig) -> (UBig, UBig) {
    let mut rest = d.clone();
    let mut root = UBig::ONE;
    let mut core = UBig::ONE;
    let mut divisor = 2u64;
    while divisor <= TRIAL_DIVISION_LIMIT && UBig::from(divisor).pow(3) <= rest {
        let mut exponent = 0u32;
        while (&rest % divisor) == 0 {
            rest /= divisor;
            exponent += 1;
        }
        root *= UBig::from(divisor).pow(exponent as usize / 2);
        if exponent % 2 == 1 {
            core *= divisor;
        }
        divisor += if divisor == 2 { 1 } else { 2 };
    }
    let rest_root = rest.sqrt();
    if rest_root.sqr() == rest {
        (root * rest_root, core)
    } else {
        (root, core * rest)
    }
}

/// The canonical text `(P+Q*sqrt(D))/S`, with `-` for a negative `Q`.
fn display(p: &IBig, q: &IBig, d: &UBig, s: &UBig) -> String {
    let sign = if *q < IBig::ZERO { '-' } else { '+' };
    format!("({p}{sign}{}*sqrt({d}))/{s}", q.unsigned_abs())
}

impl QuadraticIrrational {
    /// The number as a person writes it, without the canonical text's `1*`,
    /// `0+` and `/1`: `(1+sqrt(5))/2`, `-5+sqrt(37)`, `sqrt(2)`,
    /// `(3-2*sqrt(2))/7`. It parses back to the same number; JSON keeps the
    /// canonical text (`Display`).
    pub fn written(&self) -> String {
        let (p, q, d, s) = (&self.p, &self.q, &self.d, &self.s);
        let magnitude = q.unsigned_abs();
        let root = if magnitude == UBig::ONE {
            format!("sqrt({d})")
        } else {
            format!("{magnitude}*sqrt({d})")
        };
        // The number is positive, so Q > 0 when P = 0.
        let (numerator, alone) = match (*p == IBig::ZERO, *q < IBig::ZERO) {
            (true, _) => (root, true),
            (false, negative) => (
                format!("{p}{}{root}", if negative { '-' } else { '+' }),
                false,
            ),
        };
        match (*s == UBig::ONE, alone) {
            (true, _) => numerator,
            (false, true) => format!("{numerator}/{s}"),
            (false, false) => format!("({numerator})/{s}"),
        }
    }
}

impl fmt::Display for QuadraticIrrational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&display(&self.p, &self.q, &self.d, &self.s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn alpha(p: i64, q: i64, d: u64, s: i64) -> QuadraticIrrational {
        QuadraticIrrational::new(p.into(), q.into(), d.into(), s.into()).unwrap()
    }

    /// A spread of numbers: both signs of P and Q, below and above 1, big S.
    fn samples() -> Vec<QuadraticIrrational> {
        vec![
            QuadraticIrrational::phi(),
            QuadraticIrrational::sqrt2(),
            alpha(0, 1, 3, 1),
            alpha(3, -1, 5, 2),
            alpha(-1, 1, 13, 2),
            alpha(7, 3, 11, 5),
            alpha(-5, 4, 7, 3),
            alpha(1_000_003, -999, 1_000_002, 7_919),
            alpha(-3, 1, 1_000_000_007, 1),
            alpha(1, 1, 5, 2_000_000_000_000_000_000),
        ]
    }

    /// Whether `lhs <= b*sqrt(d)`, decided by squaring, independently of the
    /// square roots used by `floor_mul`.
    fn at_most_surd(lhs: &IBig, b: &IBig, d: &UBig) -> bool {
        let lhs_squared = lhs.unsigned_abs().sqr();
        let b_squared_d = b.unsigned_abs().sqr() * d;
        if *b >= IBig::ZERO {
            *lhs <= IBig::ZERO || lhs_squared <= b_squared_d
        } else {
            *lhs < IBig::ZERO && lhs_squared >= b_squared_d
        }
    }

    /// Whether `m = floor(n * alpha)`: `m*S <= nP + nQ sqrt(D) < (m+1)*S`.
    fn is_floor(alpha: &QuadraticIrrational, n: &UBig, m: &UBig) -> bool {
        let n = IBig::from(n.clone());
        let s = IBig::from(alpha.s().clone());
        let np = &n * alpha.p();
        let nq = &n * alpha.q();
        let low = IBig::from(m.clone()) * &s - &np;
        let high = &low + &s;
        at_most_surd(&low, &nq, alpha.d()) && !at_most_surd(&high, &nq, alpha.d())
    }

    fn big_arguments() -> Vec<UBig> {
        let ten = UBig::from(10u8);
        let mut result = Vec::new();
        for exponent in [18usize, 19, 38, 39, 100, 1000] {
            let base = ten.pow(exponent);
            for delta in 0u32..20 {
                result.push(&base + UBig::from(delta));
                result.push(&base - UBig::from(delta + 1));
            }
        }
        result.push(UBig::from(u128::MAX));
        result.push(UBig::from(u64::MAX));
        result
    }

    #[test]
    fn floors_satisfy_their_definition() {
        for a in samples() {
            let small = (0u32..3000).map(UBig::from);
            for n in small.chain(big_arguments()) {
                let m = a.floor_mul(&n);
                assert!(is_floor(&a, &n, &m), "floor({n} * {a}) = {m}?");
            }
        }
    }

    #[test]
    fn known_values() {
        let phi = QuadraticIrrational::phi();
        let lower: Vec<UBig> = (1u8..=10).map(|n| phi.floor_mul(&n.into())).collect();
        let expected: Vec<UBig> = [1u8, 3, 4, 6, 8, 9, 11, 12, 14, 16].map(UBig::from).into();
        assert_eq!(lower, expected); // OEIS A000201
        let ten18 = UBig::from(10u8).pow(18);
        assert_eq!(
            phi.floor_mul(&ten18),
            UBig::from(1_618_033_988_749_894_848u64)
        );
        let sqrt2 = QuadraticIrrational::sqrt2();
        assert_eq!(
            sqrt2.floor_mul(&ten18),
            UBig::from(1_414_213_562_373_095_048u64)
        );
    }

    /// `F_n * phi = F_{n+1} - psi^n` with `psi = (1 - sqrt(5))/2`, so the floor is
    /// `F_{n+1} - 1` for even `n` and `F_{n+1}` for odd `n`: the closest approaches
    /// of `i * phi` to an integer, checked up to `F_3000` (627 digits).
    #[test]
    fn golden_floors_at_fibonacci_numbers() {
        let phi = QuadraticIrrational::phi();
        let (mut current, mut next) = (UBig::ONE, UBig::ONE); // F_1, F_2
        for n in 1..3000 {
            let expected = if n % 2 == 0 {
                &next - UBig::ONE
            } else {
                next.clone()
            };
            assert_eq!(phi.floor_mul(&current), expected, "n = {n}");
            (current, next) = (next.clone(), current + next);
        }
    }

    #[test]
    fn fast_and_big_paths_agree_where_the_fast_path_answers() {
        let mut fast_answers = 0;
        for a in samples() {
            let form = a.small.clone().expect("samples fit in machine words");
            let near_limits = [1u128 << 40, 1 << 60, 1 << 62, 1 << 63, 1 << 64, 1 << 100];
            let arguments = (0u128..2000).chain(near_limits.iter().flat_map(|&b| b - 50..b + 50));
            for n in arguments {
                if let Some(value) = form.floor_mul(n) {
                    fast_answers += 1;
                    assert_eq!(UBig::from(value), a.floor_mul_big(&UBig::from(n)));
                }
            }
        }
        assert!(
            fast_answers > 20_000,
            "the fast path answered {fast_answers} times"
        );
    }

    #[test]
    fn fast_path_declines_on_overflow() {
        let form = QuadraticIrrational::phi().small.unwrap();
        assert_eq!(form.floor_mul(u128::MAX), None);
        assert!(form.floor_mul(1 << 61).is_some());
    }

    #[test]
    fn written_forms_drop_the_ones_and_parse_back() {
        for ((p, q, d, s), text) in [
            ((1, 1, 5, 2), "(1+sqrt(5))/2"),
            ((-5, 1, 37, 1), "-5+sqrt(37)"),
            ((0, 1, 2, 1), "sqrt(2)"),
            ((0, 3, 2, 5), "3*sqrt(2)/5"),
            ((3, -2, 2, 7), "(3-2*sqrt(2))/7"),
            ((6, -2, 5, 4), "(3-sqrt(5))/2"),
        ] {
            assert_eq!(alpha(p, q, d, s).written(), text);
        }
        for number in samples() {
            let back: QuadraticIrrational = number.written().parse().unwrap();
            assert_eq!(back, number, "{}", number.written());
        }
    }

    #[test]
    fn canonical_form_and_display() {
        let cases = [
            ((1, 1, 5, 2), "(1+1*sqrt(5))/2"),
            ((-1, -1, 5, -2), "(1+1*sqrt(5))/2"),
            ((2, 2, 20, 4), "(1+2*sqrt(5))/2"),
            ((6, -2, 5, 4), "(3-1*sqrt(5))/2"),
            ((0, 3, 72, 1), "(0+18*sqrt(2))/1"),
            ((4, 2, 125, 6), "(2+5*sqrt(5))/3"),
        ];
        for ((p, q, d, s), text) in cases {
            assert_eq!(alpha(p, q, d, s).to_string(), text);
        }
        assert_eq!(QuadraticIrrational::phi(), alpha(2, 2, 5, 4));
    }

    #[test]
    fn radicands_become_square_free() {
        for d in 2u64..5000 {
            let Ok(a) = QuadraticIrrational::sqrt(d.into()) else {
                assert!((1..=d).any(|r| r * r == d), "{d} rejected");
                continue;
            };
            let core = u64::try_from(a.d()).unwrap();
            let q = u64::try_from(a.q()).unwrap();
            assert_eq!(q * q * core, d);
            assert!(
                (2..=core).all(|j| core % (j * j) != 0),
                "{core} not square-free"
            );
        }
    }

    #[test]
    fn large_radicands_lose_their_square_factors() {
        let p = UBig::from(1_000_000_007u64); // a prime beyond trial division
        let d = p.sqr() * UBig::from(6u8) * UBig::from(49u8);
        let a = QuadraticIrrational::sqrt(d).unwrap();
        assert_eq!(*a.d(), UBig::from(6u8));
        assert_eq!(*a.q(), IBig::from(p * UBig::from(7u8)));
        let square = UBig::from(1_000_000_007u64 * 1_000_000_009).sqr();
        assert!(matches!(
            QuadraticIrrational::sqrt(square),
            Err(QuadraticError::PerfectSquare(_))
        ));
    }

    #[test]
    fn invalid_numbers_are_rejected() {
        let new = |p: i64, q: i64, d: u64, s: i64| {
            QuadraticIrrational::new(p.into(), q.into(), d.into(), s.into())
        };
        assert_eq!(new(1, 1, 5, 0), Err(QuadraticError::ZeroDenominator));
        assert_eq!(new(1, 0, 5, 2), Err(QuadraticError::Rational));
        assert_eq!(
            new(1, 1, 1, 2),
            Err(QuadraticError::RadicandTooSmall(1u8.into()))
        );
        assert_eq!(
            new(1, 1, 0, 2),
            Err(QuadraticError::RadicandTooSmall(0u8.into()))
        );
        assert_eq!(
            new(1, 1, 36, 2),
            Err(QuadraticError::PerfectSquare(36u8.into()))
        );
        assert!(matches!(
            new(1, -1, 5, 2),
            Err(QuadraticError::NotPositive(_))
        ));
        assert!(matches!(
            new(-3, 1, 5, 1),
            Err(QuadraticError::NotPositive(_))
        ));
        let message = new(1, 1, 36, 2).unwrap_err().to_string();
        assert!(message.contains("perfect square") && message.contains("expected"));
    }

    #[test]
    fn reciprocal_and_complement_are_exact() {
        let phi = QuadraticIrrational::phi();
        assert_eq!(phi.reciprocal(), alpha(-1, 1, 5, 2));
        assert_eq!(phi.complement().unwrap(), alpha(3, 1, 5, 2));
        assert_eq!(
            QuadraticIrrational::sqrt2().complement().unwrap(),
            alpha(2, 1, 2, 1)
        );
        for a in samples() {
            assert_eq!(a.reciprocal().reciprocal(), a);
        }
        let below_one = alpha(3, -1, 5, 2);
        assert!(matches!(
            below_one.complement(),
            Err(QuadraticError::NotAboveOne(_))
        ));
    }

    fn arb_alpha() -> impl Strategy<Value = QuadraticIrrational> {
        (-50i64..50, -20i64..20, 2u64..500, 1i64..60)
            .prop_filter_map("a positive irrational", |(p, q, d, s)| {
                QuadraticIrrational::new(p.into(), q.into(), d.into(), s.into()).ok()
            })
    }

    fn arb_big() -> impl Strategy<Value = UBig> {
        proptest::collection::vec(any::<u8>(), 1..200).prop_map(|bytes| UBig::from_le_bytes(&bytes))
    }

    proptest! {
        #[test]
        fn floor_is_exact_for_random_numbers(a in arb_alpha(), n in arb_big()) {
            let m = a.floor_mul(&n);
            prop_assert!(is_floor(&a, &n, &m));
            prop_assert_eq!(m, a.floor_mul_big(&n));
        }

        #[test]
        fn display_round_trips(a in arb_alpha()) {
            prop_assert_eq!(a.to_string().parse::<QuadraticIrrational>(), Ok(a));
        }
    }
}
