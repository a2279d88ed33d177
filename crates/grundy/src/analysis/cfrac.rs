//! From a slope known only through floors to an exact quadratic irrational.
//!
//! If `a_i = floor(i*alpha)` for the indices seen, `alpha` lies in the interval
//! `[max a_i/i, min (a_i + 1)/i)`, computed with exact fractions. Every number
//! of that interval shares the continued fraction terms that its two ends
//! share, so those terms are `alpha`'s. A continued fraction that is eventually
//! periodic is a quadratic irrational (Euler, Lagrange): the purely periodic
//! tail `y = [b_1; ..., b_p, y]` solves `Q_p y^2 + (Q_{p-1} - P_p) y - P_{p-1} = 0`
//! (`P/Q` its convergents), and the preperiod is a Möbius map of `y`.

use dashu_int::IBig;

use crate::arith::QuadraticIrrational;

/// A fraction `num/den`, `den > 0`.
pub type Fraction = (u128, u128);

/// The interval `[lower, upper)` holding every `alpha` with
/// `a = floor(i*alpha)` for each `(i, a)` given (`i >= 1`); `None` without points.
pub fn slope_interval(points: &[(u64, u64)]) -> Option<(Fraction, Fraction)> {
    let less = |(a, b): Fraction, (c, d): Fraction| a * d < c * b;
    let mut lower: Option<Fraction> = None;
    let mut upper: Option<Fraction> = None;
    for &(i, a) in points.iter().filter(|(i, _)| *i >= 1) {
        let (low, high) = ((a as u128, i as u128), (a as u128 + 1, i as u128));
        lower = Some(lower.map_or(low, |l| if less(l, low) { low } else { l }));
        upper = Some(upper.map_or(high, |u| if less(high, u) { high } else { u }));
    }
    lower.zip(upper)
}

/// The continued fraction `[t_0; t_1, ...]` of `num/den`.
pub fn expansion((mut num, mut den): Fraction) -> Vec<u128> {
    let mut terms = Vec::new();
    while den != 0 {
        terms.push(num / den);
        (num, den) = (den, num % den);
    }
    terms
}

/// The terms every number of `[lower, upper)` surely shares: the common terms
/// of the two ends, less the last when one end stops there (a rational end is
/// the edge of the set of numbers with those terms).
pub fn shared_terms(lower: Fraction, upper: Fraction) -> Vec<u128> {
    let (low, high) = (expansion(lower), expansion(upper));
    let common = low.iter().zip(&high).take_while(|(a, b)| a == b).count();
    let ends_there = low.len() == common || high.len() == common;
    low[..common.saturating_sub(usize::from(ends_there))].to_vec()
}

/// An eventually periodic continued fraction `[pre; period, period, ...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicFraction {
    /// The terms before the period.
    pub preperiod: Vec<u128>,
    /// The repeating terms.
    pub period: Vec<u128>,
}

/// Every way `terms` can be read as a preperiod and a period seen at least
/// twice in full: the shortest period first, each with its shortest preperiod.
pub fn periodic_readings(terms: &[u128]) -> Vec<PeriodicFraction> {
    let len = terms.len();
    (1..=len / 2)
        .filter_map(|p| {
            let r = (0..=len - 2 * p).find(|&r| (r..len - p).all(|i| terms[i] == terms[i + p]))?;
            Some(PeriodicFraction {
                preperiod: terms[..r].to_vec(),
                period: terms[r..r + p].to_vec(),
            })
        })
        .collect()
}

/// The convergent numerators and denominators `(h_{n-1}, h_{n-2}, k_{n-1}, k_{n-2})`
/// after `terms`, starting from `(1, 0, 0, 1)`.
fn convergents(terms: &[u128]) -> [IBig; 4] {
    terms.iter().fold(
        [IBig::ONE, IBig::ZERO, IBig::ZERO, IBig::ONE],
        |[h1, h2, k1, k2], &t| {
            let t = IBig::from(t);
            [&t * &h1 + h2, h1, &t * &k1 + k2, k1]
        },
    )
}

/// The exact value of an eventually periodic continued fraction, in lowest terms.
pub fn quadratic(fraction: &PeriodicFraction) -> Option<QuadraticIrrational> {
    // y = (u + sqrt(disc))/w, the positive root for the period.
    let [p1, p2, q1, q2] = convergents(&fraction.period);
    let u = &p1 - &q2;
    let disc = &u * &u + IBig::from(4u8) * &q1 * &p2;
    let w = IBig::from(2u8) * &q1;
    // alpha = (A y + B)/(C y + E) for the preperiod; rationalise.
    let [a, b, c, e] = convergents(&fraction.preperiod);
    let m1 = &a * &u + &b * &w;
    let m2 = &c * &u + &e * &w;
    let p = &m1 * &m2 - &a * &c * &disc;
    let q = &a * &m2 - &m1 * &c;
    let s = &m2 * &m2 - &c * &c * &disc;
    let disc = dashu_int::UBig::try_from(disc).ok()?;
    QuadraticIrrational::new(p, q, disc, s).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dashu_int::UBig;

    #[test]
    fn expansions_and_shared_terms() {
        assert_eq!(expansion((415, 93)), [4, 2, 6, 7]);
        assert_eq!(expansion((3, 1)), [3]);
        assert_eq!(shared_terms((13, 8), (21, 13)), [1, 1, 1, 1]);
        assert_eq!(shared_terms((1, 1), (11, 10)), Vec::<u128>::new());
    }

    #[test]
    fn floors_pin_down_the_golden_ratio() {
        let phi = QuadraticIrrational::phi();
        let points: Vec<(u64, u64)> = (1u64..2000)
            .map(|i| (i, u64::try_from(phi.floor_mul(&UBig::from(i))).unwrap()))
            .collect();
        let (lower, upper) = slope_interval(&points).unwrap();
        let terms = shared_terms(lower, upper);
        assert!(
            terms.len() >= 12 && terms.iter().all(|&t| t == 1),
            "{terms:?}"
        );
        let reading = &periodic_readings(&terms)[0];
        assert_eq!(reading.period, [1]);
        assert_eq!(quadratic(reading), Some(phi));
    }

    #[test]
    fn known_periodic_fractions() {
        let cases: [(&[u128], &[u128], &str); 4] = [
            (&[1], &[2], "(0+1*sqrt(2))/1"),
            (&[], &[1], "(1+1*sqrt(5))/2"),
            (&[1], &[1, 2], "(0+1*sqrt(3))/1"),
            (&[4], &[1, 3, 1, 8], "(0+1*sqrt(23))/1"),
        ];
        for (pre, period, text) in cases {
            let f = PeriodicFraction {
                preperiod: pre.to_vec(),
                period: period.to_vec(),
            };
            assert_eq!(quadratic(&f).unwrap().to_string(), text);
        }
        // [2; 5, 3, 3, ...]: its floors give back its terms.
        let f = PeriodicFraction {
            preperiod: vec![2, 5],
            period: vec![3],
        };
        let value = quadratic(&f).unwrap();
        let points: Vec<(u64, u64)> = (1u64..3000)
            .map(|i| (i, u64::try_from(value.floor_mul(&UBig::from(i))).unwrap()))
            .collect();
        let (l, u) = slope_interval(&points).unwrap();
        assert_eq!(&shared_terms(l, u)[..4], [2, 5, 3, 3]);
    }

    #[test]
    fn readings_prefer_short_periods() {
        let readings = periodic_readings(&[1, 11, 11]);
        assert_eq!(
            readings[0],
            PeriodicFraction {
                preperiod: vec![1],
                period: vec![11]
            }
        );
        assert!(periodic_readings(&[1, 2, 3]).is_empty());
        assert_eq!(periodic_readings(&[3, 1, 2, 1, 2]).len(), 1);
    }
}
