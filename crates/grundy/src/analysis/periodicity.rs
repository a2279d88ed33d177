//! Eventual periodicity, certified by a repeated state.
//!
//! If each term `G(n + m)` of a sequence is a fixed function of the `m` terms
//! before it (a subtraction game whose largest move is `m` is such a sequence),
//! then the window `(G(n), ..., G(n + m - 1))` is a state that determines the
//! whole future. The first time a window repeats, at `a < b`, the sequence is
//! periodic from `a` with period `b - a`, and this is a proof, not a guess.
//! It is also the least period and then the least preperiod: any pair `(n0, p)`
//! with `G(n + p) = G(n)` for all `n >= n0` makes the window at `n0 + p` repeat
//! the one at `n0`, and no window can repeat before the true `n0 + p`.
//!
//! Without such a state or a theorem, a period is only *apparent*: this module
//! holds the one rule by which the project calls a period apparent
//! ([`apparent_arithmetic_period`]), and every answer built on it says "not
//! certified".

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use dashu_int::UBig;

use crate::nimber::Nimber;
use crate::stop::{self, Ticker};

/// A sequence known to satisfy `G(n + period) = G(n)` for all `n >= preperiod`,
/// with its first `preperiod + period` terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodic {
    /// The least `n0` from which the sequence repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// How many terms were computed to establish it.
    pub checked_to: u64,
    /// `G(0), ..., G(preperiod + period - 1)`: all the terms needed for any other.
    pub prefix: Vec<Nimber>,
}

impl Periodic {
    /// `G(n)` for any `n`, however large.
    pub fn value(&self, n: &UBig) -> Nimber {
        if let Ok(small) = u64::try_from(n) {
            return self.value_at(small);
        }
        let offset = (n - UBig::from(self.preperiod)) % UBig::from(self.period);
        let offset = u64::try_from(offset).expect("a remainder is less than the period");
        self.prefix[(self.preperiod + offset) as usize]
    }

    /// `G(n)` for a machine-word `n`, without big-integer arithmetic.
    pub fn value_at(&self, n: u64) -> Nimber {
        let index = if n < self.prefix.len() as u64 {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        self.prefix[index as usize]
    }
}

/// Extends a sequence term by term until a window of `memory` terms repeats.
///
/// `next` gets the terms so far and returns the next one; for every
/// `n >= memory` it must depend only on the last `memory` terms (the
/// certificate above relies on it). When `max_terms` are computed without a
/// repeat, returns them as `Err`, so that a caller can still answer from them.
pub fn certify_by_repeat(
    memory: usize,
    max_terms: u64,
    mut next: impl FnMut(&[Nimber]) -> Nimber,
) -> Result<Periodic, Vec<Nimber>> {
    assert!(memory > 0, "a window holds at least one term");
    let mut terms: Vec<Nimber> = Vec::new();
    let mut hash = WindowHash::new(memory);
    let mut seen = WindowsSeen::default();
    let mut ticker = Ticker::<10>::new();
    while (terms.len() as u64) < max_terms {
        ticker.tick();
        let term = next(&terms);
        terms.push(term);
        let leaving = terms.len().checked_sub(memory + 1).map(|i| terms[i]);
        hash.push(term, leaving);
        let Some(start) = terms.len().checked_sub(memory) else {
            continue;
        };
        if let Some(a) = seen.find_or_insert(hash.value(), start, &terms, memory) {
            terms.truncate(start);
            return Ok(Periodic {
                preperiod: a as u64,
                period: (start - a) as u64,
                checked_to: (start + memory) as u64,
                prefix: terms,
            });
        }
    }
    Err(terms)
}

/// A sequence known to satisfy `x(n + period) = x(n) + saltus` for all
/// `n >= preperiod`, with its first `preperiod + period` terms: the lengths
/// of play (remoteness, suspense) of a subtraction game's heaps are such.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShiftedPeriodic {
    /// The least `n0` from which the relation holds.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// What one period adds.
    pub saltus: u64,
    /// How many terms were computed to establish it.
    pub checked_to: u64,
    /// `x(0), ..., x(preperiod + period - 1)`.
    pub prefix: Vec<u64>,
}

impl ShiftedPeriodic {
    /// `x(n)` for any `n`, however large.
    pub fn value(&self, n: &UBig) -> UBig {
        if *n < UBig::from(self.prefix.len()) {
            return UBig::from(self.prefix[usize::try_from(n).expect("below the prefix length")]);
        }
        let beyond = n - self.preperiod;
        let (laps, offset) = (&beyond / self.period, &beyond % self.period);
        let offset = usize::try_from(offset).expect("a remainder is less than the period");
        UBig::from(self.prefix[self.preperiod as usize + offset]) + laps * self.saltus
    }
}

/// Extends a sequence of naturals term by term until a window of `memory`
/// terms repeats *up to an even shift*: the window at `b` is the one at `a`
/// plus `2c` in every term.
///
/// `next` gets the terms so far and returns the next one; for every
/// `n >= memory` it must depend only on the last `memory` terms, and adding
/// an even constant to all of them must add it to the result (a rule that
/// reads parities and takes minima and maxima, as remoteness and suspense
/// do). Then the repeat continues forever: `x(n + b - a) = x(n) + 2c` for all
/// `n >= a`. The window is compared with the saved one of Brent's cycle
/// detection, so only the terms are kept; the least period (a divisor of
/// `b - a`, checked on one whole period) and then the least preperiod are
/// read off the terms (one more whole period is computed for them). When
/// `max_terms` are computed without a repeat, returns them as `Err`.
pub fn certify_by_shifted_repeat(
    memory: usize,
    max_terms: u64,
    mut next: impl FnMut(&[u64]) -> u64,
) -> Result<ShiftedPeriodic, Vec<u64>> {
    assert!(memory > 0, "a window holds at least one term");
    let mut terms: Vec<u64> = Vec::new();
    let (mut saved, mut power) = (None::<usize>, 1usize);
    let mut ticker = Ticker::<10>::new();
    while (terms.len() as u64) < max_terms {
        ticker.tick();
        let term = next(&terms);
        terms.push(term);
        let Some(start) = terms.len().checked_sub(memory) else {
            continue;
        };
        match saved {
            Some(a) if same_up_to_even_shift(&terms, a, start, memory) => {
                let checked_to = terms.len() as u64;
                // One more whole period, to look for its least divisor.
                while terms.len() < 2 * start - a {
                    let term = next(&terms);
                    terms.push(term);
                }
                return Ok(least_shifted_period(terms, a, start, checked_to));
            }
            Some(a) if start - a == power => {
                saved = Some(start);
                power *= 2;
            }
            Some(_) => {}
            None => saved = Some(start),
        }
    }
    Err(terms)
}

/// Whether the windows of `len` terms at `a` and `b` differ by one even
/// constant.
fn same_up_to_even_shift(terms: &[u64], a: usize, b: usize, len: usize) -> bool {
    let shift = i128::from(terms[b]) - i128::from(terms[a]);
    shift % 2 == 0 && (0..len).all(|i| i128::from(terms[b + i]) - i128::from(terms[a + i]) == shift)
}

/// The least period dividing `b - a` on one whole period from `a`, then the
/// least preperiod, given a repeat of the windows at `a < b` and the terms
/// up to `2b - a` at least.
fn least_shifted_period(
    mut terms: Vec<u64>,
    a: usize,
    b: usize,
    checked_to: u64,
) -> ShiftedPeriodic {
    let whole = b - a;
    let gap = |n: usize, p: usize| i128::from(terms[n + p]) - i128::from(terms[n]);
    let period = (1..=whole)
        .filter(|p| whole % p == 0)
        .find(|&p| (a..b).all(|n| gap(n, p) == gap(a, p)))
        .expect("the whole period holds");
    let saltus = gap(a, period);
    let mut preperiod = a;
    while preperiod > 0 && gap(preperiod - 1, period) == saltus {
        preperiod -= 1;
    }
    terms.truncate(preperiod + period);
    ShiftedPeriodic {
        preperiod: preperiod as u64,
        period: period as u64,
        saltus: u64::try_from(saltus).expect("the terms grow by the repeat's even shift"),
        checked_to,
        prefix: terms,
    }
}

/// The start of every window seen, by its hash: one word a window, since a
/// collision of 64-bit hashes between different windows is rare enough to go
/// to a side list.
#[derive(Default)]
struct WindowsSeen {
    first: HashMap<u64, usize>,
    /// Later windows whose hash collided with a different earlier window.
    collided: Vec<(u64, usize)>,
}

impl WindowsSeen {
    /// The start of an earlier window equal to the one at `start`, or `None`
    /// after recording it.
    fn find_or_insert(
        &mut self,
        hash: u64,
        start: usize,
        terms: &[Nimber],
        memory: usize,
    ) -> Option<usize> {
        let window = &terms[start..start + memory];
        let same = |a: usize| terms[a..a + memory] == *window;
        // One look-up a window: the map is far larger than the caches, so
        // each look-up is a miss, and they are the cost of the search.
        let a = match self.first.entry(hash) {
            Entry::Vacant(slot) => {
                slot.insert(start);
                return None;
            }
            Entry::Occupied(slot) => *slot.get(),
        };
        if same(a) {
            return Some(a);
        }
        let earlier = self
            .collided
            .iter()
            .find(|&&(h, b)| h == hash && same(b))
            .map(|&(_, b)| b);
        if earlier.is_none() {
            self.collided.push((hash, start));
        }
        earlier
    }
}

/// A polynomial rolling hash of the last `len` terms, updated in O(1) a term.
struct WindowHash {
    value: u64,
    /// `BASE^len`, to remove the term that leaves the window.
    top: u64,
}

impl WindowHash {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;

    fn new(len: usize) -> Self {
        let top = (0..len).fold(1u64, |acc, _| acc.wrapping_mul(Self::BASE));
        WindowHash { value: 0, top }
    }

    fn push(&mut self, term: Nimber, leaving: Option<Nimber>) {
        self.value = self
            .value
            .wrapping_mul(Self::BASE)
            .wrapping_add(term.0.wrapping_add(1));
        if let Some(old) = leaving {
            self.value = self
                .value
                .wrapping_sub(old.0.wrapping_add(1).wrapping_mul(self.top));
        }
    }

    fn value(&self) -> u64 {
        self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive definition: the least period, then the least preperiod up to
    /// `max_start`, such that the relation holds on every computed term.
    fn naive_least(terms: &[Nimber], max_start: usize) -> (usize, usize) {
        for p in 1..terms.len() {
            for n0 in 0..=max_start.min(terms.len() - p) {
                if (n0..terms.len() - p).all(|n| terms[n + p] == terms[n]) {
                    return (n0, p);
                }
            }
        }
        unreachable!("p = len - 1 always fits from 0")
    }

    #[test]
    fn finds_least_period_and_preperiod_of_a_window_recurrence() {
        // x(n+3) = (x(n) + x(n+2)) mod 5 with a few starting triples.
        for start in [[0, 0, 1], [1, 2, 3], [4, 0, 0], [0, 0, 0]] {
            let p = certify_by_repeat(3, 10_000, |t| {
                let n = t.len();
                if n < 3 {
                    Nimber(start[n])
                } else {
                    Nimber((t[n - 3].0 + t[n - 1].0) % 5)
                }
            })
            .expect("a recurrence over a finite state space repeats");
            let long: Vec<Nimber> = (0..(p.checked_to as usize + 3 * p.period as usize))
                .map(|n| p.value(&UBig::from(n)))
                .collect();
            assert_eq!(
                naive_least(&long, p.checked_to as usize),
                (p.preperiod as usize, p.period as usize)
            );
        }
    }

    #[test]
    fn value_reduces_huge_indices_into_the_period() {
        let p = Periodic {
            preperiod: 2,
            period: 3,
            checked_to: 8,
            prefix: [9, 8, 0, 1, 2].map(Nimber).to_vec(),
        };
        let huge: UBig = "1000000000000000000000000000000".parse().unwrap();
        // (10^30 - 2) mod 3 = 2, so index 2 + 2 = 4.
        assert_eq!(p.value(&huge), Nimber(2));
        assert_eq!(p.value(&UBig::from(1u8)), Nimber(8));
        assert_eq!(p.value(&UBig::from(5u8)), Nimber(0));
    }

    /// Shifted repeats: the least period, then the least preperiod, against
    /// every pair that fits a long run of the terms, on recurrences that
    /// commute with even shifts (minima, maxima, parities).
    #[test]
    fn shifted_repeats_are_least() {
        let rules: [fn(&[u64]) -> u64; 3] = [
            |w| w[0].min(w[2]) + 2,
            |w| {
                if w[1] % 2 == 0 {
                    w[0] + 1
                } else {
                    w[1].max(w[2]) + 1
                }
            },
            |w| {
                if (w[0] + w[2]) % 2 == 1 {
                    w[0] + 3
                } else {
                    w[1] + 1
                }
            },
        ];
        for rule in rules {
            for start in [[0, 0, 1], [1, 2, 3], [4, 0, 0], [0, 0, 0], [7, 1, 9]] {
                let next = |t: &[u64]| match t.len() {
                    n if n < 3 => start[n],
                    n => rule(&t[n - 3..]),
                };
                let p = certify_by_shifted_repeat(3, 10_000, next).expect("a repeat");
                let len = (p.checked_to + 4 * p.period + 10) as usize;
                let mut long = Vec::new();
                while long.len() < len {
                    long.push(next(&long));
                }
                for (n, &x) in long.iter().enumerate() {
                    assert_eq!(p.value(&UBig::from(n)), UBig::from(x), "n = {n}");
                }
                let fits = |n0: usize, q: usize| {
                    (n0..len - q).all(|n| long[n + q] + long[n0] == long[n] + long[n0 + q])
                };
                let least = (1..len / 2).find_map(|q| {
                    (0..=p.checked_to as usize)
                        .find(|&n0| fits(n0, q))
                        .map(|n0| (n0, q))
                });
                assert_eq!(
                    least,
                    Some((p.preperiod as usize, p.period as usize)),
                    "{start:?}"
                );
            }
        }
    }

    #[test]
    fn gives_up_at_the_limit() {
        let terms = certify_by_repeat(1, 100, |t| Nimber(t.len() as u64)).unwrap_err();
        assert_eq!(terms, (0..100).map(Nimber).collect::<Vec<_>>());
    }
}

/// The last `n` with `values[n + p] != values[n]`, if any.
fn last_mismatch<T: Eq>(values: &[T], p: usize) -> Option<usize> {
    (0..values.len().saturating_sub(p))
        .rev()
        .find(|&n| values[n + p] != values[n])
}

/// The least preperiod of `values` for period `p`, judged on the values given.
fn preperiod_for<T: Eq>(values: &[T], p: usize) -> usize {
    last_mismatch(values, p).map_or(0, |n| n + 1)
}

/// The least period dividing `p` that holds on one whole period from `n0`;
/// with `p` a period from `n0`, such a divisor is a period from `n0` too.
fn least_divisor_period<T: Eq>(values: &[T], p: usize, n0: usize) -> usize {
    (1..=p)
        .filter(|d| p % d == 0)
        .find(|&d| (n0..n0 + p).all(|n| values[n + d] == values[n]))
        .unwrap_or(p)
}

/// An eventual period of an octal game's values `G(0..N)`, certified by the
/// Guy-Smith periodicity theorem, as `(preperiod, period)`: the least period,
/// then the least preperiod.
///
/// Theorem (Guy and Smith 1956): if the last non-zero digit of the code is at
/// index `t` and `G(n + p) = G(n)` for all `n0 <= n < 2*n0 + p + t`, then for all
/// `n >= n0`. The proof shortens the larger heap of a split by `p`, which must
/// leave a non-empty heap, so the check uses `max(n0, 1)` in place of `n0`
/// (with `n0 = 0` the shortened heap could vanish). A certified `p` is a true
/// period, so the least period divides it and is found among its divisors.
pub fn certify_octal<T: Eq>(values: &[T], last_digit: usize) -> Option<(u64, u64)> {
    certify_take_and_break(values, last_digit, 2)
}

/// The Guy-Smith certificate for take-and-break games whose moves leave at
/// most `parts` heaps (2 for octal games, 3 for hexadecimal ones), as
/// `(preperiod, period)`.
///
/// Theorem: if `G(n + p) = G(n)` for all `n0 <= n < B = parts*n0 +
/// (parts-1)*p + t` (`n0 >= 1`, `t` the most one move takes), then for all
/// `n >= n0`. Proof, by induction on `n >= B`, with `N = n + p`: a move from
/// the heap `N` takes `k <= t` and leaves at most `parts` heaps summing to
/// `N - k >= parts*(n0 + p)`, so its largest heap `x` is at least `n0 + p`;
/// the same move with `x - p` in its place is a move from `n` to a position
/// of the same value (`n0 <= x - p < n`, so `G(x - p) = G(x)`). A move from
/// `n` leaves heaps summing to `n - k >= parts*n0`, so its largest heap `y`
/// is at least `n0` (and below `n`), and `y + p` in its place is a move from
/// `N` of the same value. The two heaps have the same option values, so
/// `G(N) = G(n)`. With `parts = 2` this is Guy and Smith's range; the
/// shortened heap must not vanish, hence `n0 >= 1` (`max(n0, 1)` is checked).
pub fn certify_take_and_break<T: Eq>(
    values: &[T],
    last_digit: usize,
    parts: usize,
) -> Option<(u64, u64)> {
    let len = values.len();
    (1..=len / 2).find_map(|p| {
        stop::poll();
        let n0 = preperiod_for(values, p);
        let checked_from = n0.max(1);
        // `G(n + p)` is read for every `n < B`: `B + p` values.
        (parts * checked_from + parts * p + last_digit <= len).then(|| {
            let least = least_divisor_period(values, p, n0);
            (preperiod_for(values, least) as u64, least as u64)
        })
    })
}

/// The least period, then the least preperiod, that `values` show under the
/// one rule of apparent periods (see [`apparent_arithmetic_period`]), with
/// saltus 0, as `(preperiod, period)`: what the values suggest, not a proof.
pub fn apparent_period<T: Eq>(values: &[T]) -> Option<(u64, u64)> {
    least_apparent(values.len(), |p| Some((preperiod_for(values, p), 0)))
        .map(|a| (a.preperiod, a.period))
}

#[cfg(test)]
mod octal_tests {
    use super::*;
    use crate::games::octal::sparse::naive_values;
    use crate::games::octal::Octal;

    fn certify(code: &str, count: usize) -> Option<(u64, u64)> {
        let game: Octal = code.parse().unwrap();
        certify_octal(&naive_values(&game, count), game.last_digit())
    }

    #[test]
    fn kayles_and_dawsons_kayles() {
        // Guy and Smith 1956: Kayles (71, 12), Dawson's Kayles (53, 34).
        assert_eq!(certify("0.77", 200), Some((71, 12)));
        assert_eq!(
            certify("0.07", 175),
            None,
            "needs 2*53 + 2*34 + 2 = 176 values"
        );
        assert_eq!(certify("0.07", 176), Some((53, 34)));
    }

    #[test]
    fn the_certificate_needs_enough_values() {
        // Kayles needs 2*71 + 2*12 + 2 = 168 values.
        assert_eq!(certify("0.77", 167), None);
        assert_eq!(certify("0.77", 168), Some((71, 12)));
    }

    #[test]
    fn certified_periods_hold_far_beyond() {
        for code in [
            "0.77", "0.07", "0.137", "0.51", "0.4", "0.3", "4.07", "0.26", "0.35",
        ] {
            let game: Octal = code.parse().unwrap();
            let values = naive_values(&game, 3000);
            if let Some((n0, p)) = (200..3000)
                .step_by(100)
                .find_map(|len| certify_octal(&values[..len], game.last_digit()))
            {
                let (n0, p) = (n0 as usize, p as usize);
                assert!((n0..3000 - p).all(|n| values[n + p] == values[n]), "{code}");
                assert!(
                    n0 == 0 || values[n0 - 1 + p] != values[n0 - 1],
                    "{code}: least n0"
                );
                for d in 1..p {
                    assert!(
                        (n0..3000 - d).any(|n| values[n + d] != values[n]),
                        "{code}: least p"
                    );
                }
            }
        }
    }
}

/// An arithmetic period seen in a finite sequence: `G(n + period) = G(n) + saltus`
/// for every computed `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArithmeticPeriod {
    /// The least `n0` from which the relation holds on the values given.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// What one period adds.
    pub saltus: u64,
}

/// How many whole periods an apparent period must be seen repeating over.
pub const APPARENT_PERIODS: usize = 3;

/// The one rule of apparent periods: the least period `p` (then the least
/// preperiod `n0`) such that `G(n + p) = G(n) + s` for one constant `s >= 0` and
/// every computed `n >= n0`, where the stretch `G(n0..N)` it holds on spans at
/// least [`APPARENT_PERIODS`] (3) whole periods and at least `floor(N/2)` of the
/// `N` values (so that a short tail cannot suggest a spurious small period).
/// What the values suggest, not a proof: a certificate is a separate theorem.
pub fn apparent_arithmetic_period(values: &[u64]) -> Option<ArithmeticPeriod> {
    let len = values.len();
    least_apparent(len, |p| {
        let difference = |n: usize| values[n + p] as i128 - values[n] as i128;
        let saltus = u64::try_from(difference(len - p - 1)).ok()?;
        let n0 = (0..len - p)
            .rev()
            .find(|&n| difference(n) != i128::from(saltus))
            .map_or(0, |n| n + 1);
        Some((n0, saltus))
    })
}

/// The least `p` whose fit `(n0, saltus)` over `len` values passes the rule of
/// [`apparent_arithmetic_period`]; `fit(p)` is `None` when no saltus fits.
fn least_apparent(
    len: usize,
    fit: impl Fn(usize) -> Option<(usize, u64)>,
) -> Option<ArithmeticPeriod> {
    (1..=len / APPARENT_PERIODS).find_map(|p| {
        stop::poll();
        let (n0, saltus) = fit(p)?;
        (len - n0 >= (APPARENT_PERIODS * p).max(len / 2)).then_some(ArithmeticPeriod {
            preperiod: n0 as u64,
            period: p as u64,
            saltus,
        })
    })
}

#[cfg(test)]
mod arithmetic_tests {
    use super::*;

    #[test]
    fn finds_saltus_and_plain_periods() {
        let nim: Vec<u64> = (0..50).collect();
        let found = apparent_arithmetic_period(&nim).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (0, 1, 1));
        let mut bash: Vec<u64> = (0..60).map(|n| n % 4).collect();
        bash[0] = 9;
        let found = apparent_arithmetic_period(&bash).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (1, 4, 0));
        // Wythoff's row 1: 1 2 0 4 5 3 7 8 6 ...
        let row: Vec<u64> = (0..30)
            .map(|y| 3 * (y / 3) + [1, 2, 0][y as usize % 3])
            .collect();
        let found = apparent_arithmetic_period(&row).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (0, 3, 3));
        assert_eq!(apparent_arithmetic_period(&[5, 3, 1, 0]), None);
    }

    #[test]
    fn both_apparent_rules_are_one() {
        // Kayles: period 12 from 71 is apparent once G(71..N) is at least half
        // of G(0..N), at N = 141; `period kayles --max 140` must not show it.
        let game: crate::games::octal::Octal = "0.77".parse().unwrap();
        let kayles = crate::games::octal::sparse::naive_values(&game, 300);
        let wide: Vec<u64> = kayles.iter().map(|&v| u64::from(v)).collect();
        assert_ne!(apparent_period(&kayles[..140]), Some((71, 12)));
        for len in 141..=300 {
            assert_eq!(apparent_period(&kayles[..len]), Some((71, 12)));
            let a = apparent_arithmetic_period(&wide[..len]).unwrap();
            assert_eq!((a.preperiod, a.period, a.saltus), (71, 12, 0));
        }
    }

    #[test]
    fn an_apparent_period_needs_three_periods_and_half_the_values() {
        // 0 1 2 0 1 2 ...: period 3, needs 9 values.
        let values: Vec<u64> = (0..8).map(|n| n % 3).collect();
        assert_eq!(apparent_arithmetic_period(&values), None);
        let values: Vec<u64> = (0..9).map(|n| n % 3).collect();
        assert_eq!(apparent_period(&values), Some((0, 3)));
        // A tail of period 1 over fewer than half of the values is not a period.
        let mut values: Vec<u64> = (0..20).collect();
        values.extend([7; 18]);
        assert_eq!(apparent_period(&values), None);
        values.push(7);
        assert_eq!(apparent_period(&values), Some((20, 1)));
    }
}
