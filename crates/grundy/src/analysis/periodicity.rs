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

use std::collections::HashMap;

use dashu_int::UBig;

use crate::nimber::Nimber;

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
        if let Ok(small) = usize::try_from(n) {
            if small < self.prefix.len() {
                return self.prefix[small];
            }
        }
        let offset = (n - UBig::from(self.preperiod)) % UBig::from(self.period);
        let offset = u64::try_from(offset).expect("a remainder is less than the period");
        self.prefix[(self.preperiod + offset) as usize]
    }
}

/// Extends a sequence term by term until a window of `memory` terms repeats.
///
/// `next` gets the terms so far and returns the next one; for every
/// `n >= memory` it must depend only on the last `memory` terms (the
/// certificate above relies on it). Returns `None` when `max_terms` are computed
/// without a repeat.
pub fn certify_by_repeat(
    memory: usize,
    max_terms: u64,
    mut next: impl FnMut(&[Nimber]) -> Nimber,
) -> Option<Periodic> {
    assert!(memory > 0, "a window holds at least one term");
    let mut terms: Vec<Nimber> = Vec::new();
    let mut hash = WindowHash::new(memory);
    // Start index of each window seen, by its hash; collisions are resolved by
    // comparing the windows themselves.
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    while (terms.len() as u64) < max_terms {
        let term = next(&terms);
        terms.push(term);
        let leaving = terms.len().checked_sub(memory + 1).map(|i| terms[i]);
        hash.push(term, leaving);
        let Some(start) = terms.len().checked_sub(memory) else {
            continue;
        };
        let window = &terms[start..];
        let earlier = seen.entry(hash.value()).or_default();
        if let Some(&a) = earlier.iter().find(|&&a| &terms[a..a + memory] == window) {
            terms.truncate(start);
            return Some(Periodic {
                preperiod: a as u64,
                period: (start - a) as u64,
                checked_to: (start + memory) as u64,
                prefix: terms,
            });
        }
        earlier.push(start);
    }
    None
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

    #[test]
    fn gives_up_at_the_limit() {
        assert!(certify_by_repeat(1, 100, |t| Nimber(t.len() as u64)).is_none());
    }
}
