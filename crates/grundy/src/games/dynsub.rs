//! k-multiple dynamic subtraction; Fibonacci Nim is the case `k = 2`.
//!
//! # The game
//!
//! One pile of `N` counters and a limit `L`. The player to move takes `t`
//! counters with `1 <= t <= min(L, N)`, which leaves the pile `N - t` and the
//! limit `K * t` for the opponent. A player facing an empty pile loses. A
//! position is the pair `(N, L)`; the game proper starts from `(N, N - 1)` (the
//! first player may not take the whole pile), as in UVA 1567 for `K = 2`.
//!
//! # The theory (Schwenk 1970, "Take-away games", Fibonacci Quarterly 8)
//!
//! The *base sequence* `H` is `H_0 = 1` and `H_{j+1} = H_j + H_m`, where `m` is
//! the smallest index with `K * H_m >= H_j`. For `K = 1` it is the powers of two,
//! for `K = 2` the Fibonacci numbers `1, 2, 3, 5, 8, ...`, and for any `K` it
//! begins `1, 2, ..., K + 1, K + 3, ...`.
//!
//! Every `N >= 1` is, in exactly one way, a sum `h_1 > h_2 > ... > h_r` of terms
//! of `H` with the spacing `K * h_{i+1} < h_i`; the greedy choice (the largest
//! term that fits, repeatedly) finds it. For `K = 2` this is Zeckendorf's
//! theorem. Schwenk's theorem: the player to move wins `(N, L)` exactly when
//! the smallest term `h_r` is at most `L`, and taking `h_r` wins. For `K = 2`
//! this is Whinihan's solution of Fibonacci Nim (Whinihan 1963, "Fibonacci
//! Nim", Fibonacci Quarterly 1): the first player loses exactly when `N` is a
//! Fibonacci number.
//!
//! # Every winning move
//!
//! Write `s_j = h_j + ... + h_r` for the suffix sums of the decomposition. Taking
//! `t` wins exactly when `t <= L` and `t = s_j` for some `j` with `j = 1` (take
//! the whole pile) or `K * s_j < h_{j-1}`.
//!
//! *Proof.* If `t = s_j` with `K * s_j < h_{j-1}`, the pile left is
//! `h_1 + ... + h_{j-1}`, which is its own decomposition; its smallest term
//! exceeds the new limit `K * t`, so the opponent loses. Conversely, let the
//! opponent lose at `(N - t, K * t)` with `N - t = g_1 + ... + g_q`, so
//! `g_q > K * t`. The largest term of the decomposition of `t` is at most `t`,
//! so joining the two decompositions keeps the spacing and gives a decomposition
//! of `N`; by uniqueness it is `h_1 + ... + h_r`, and `t` is the suffix sum that
//! follows `g_q = h_{j-1}`. So there are at most `r` winning moves (`r` is
//! `O(log N)`) and the smallest is `h_r`.
//!
//! The tests hold all of this (the base sequence, the uniqueness of the
//! decomposition, the outcome and the full list of winning moves) against an
//! exhaustive search over the rules on every position with `N <= 300` and every
//! limit, for `K = 1..=7, 10, 100, 10^9`, and against Whinihan's and the
//! binary (`K = 1`) criteria on random piles up to `2^64`.
//!
//! # Computing it
//!
//! For large `K` the base sequence has about `K * ln N` terms, but it is a
//! chain of arithmetic runs: while the same `H_m` is added, the terms step by
//! `H_m`. The theory stores one run per term of `H` up to about `N / K`, so
//! `N <= K + 1` costs two runs and Fibonacci Nim on a 1000-digit pile about
//! 4800. A query that would store more than [`MEMORY_WORDS_LIMIT`] machine
//! words fails with [`DynSubError::PileTooLarge`]. Measured: every `u64` pile
//! fits for `K <= 10^4`; the limit is near `N = 9 * 10^12` for `K = 10^6` and
//! near `N = 2.8 * 10^15` for `K = 10^9`. Piles are any [`Amount`]: `u64` and
//! `u128` with checked arithmetic, or [`UBig`] for any size.

use crate::limits::{GRUNDY_PILE_LIMIT, MAX_K, MEMORY_WORDS_LIMIT};
use dashu_int::ops::BitTest;
use dashu_int::UBig;
use thiserror::Error;

use crate::game::{Impartial, Outcome};
use crate::nimber::Nimber;
use crate::stop;

/// Why a dynamic subtraction game or query was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DynSubError {
    /// The multiplier is outside `1..=MAX_K`.
    #[error("dynsub: k must be an integer from 1 to {MAX_K}, got {k}")]
    KOutOfRange {
        /// The multiplier given.
        k: u64,
    },
    /// The base sequence up to the pile would not fit in [`MEMORY_WORDS_LIMIT`].
    #[error(
        "dynsub:k={k}: a pile of {pile_bits} bits is too large for this k: the base \
         sequence up to it needs more than {runs} runs ({MEMORY_WORDS_LIMIT} machine \
         words); the cost grows like k times the number of digits, so use a smaller \
         pile or a smaller k"
    )]
    PileTooLarge {
        /// The multiplier of the game.
        k: u64,
        /// The number of bits of the pile asked about.
        pile_bits: usize,
        /// The number of runs the limit allows for a pile of this size.
        runs: usize,
    },
}

/// k-multiple dynamic subtraction: take `1..=L` from one pile; the opponent's
/// limit is `K` times the amount taken. `K = 2` is Fibonacci Nim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynSub {
    k: u64,
}

impl DynSub {
    /// The game with multiplier `k`, which must be in `1..=MAX_K`.
    pub fn new(k: u64) -> Result<DynSub, DynSubError> {
        if (1..=MAX_K).contains(&k) {
            Ok(DynSub { k })
        } else {
            Err(DynSubError::KOutOfRange { k })
        }
    }

    /// Fibonacci Nim: the game with `k = 2`.
    pub fn fibonacci_nim() -> DynSub {
        DynSub { k: 2 }
    }

    /// The multiplier `K`.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The Grundy value of `(n, limit)` from the rules, for piles up to
    /// [`GRUNDY_PILE_LIMIT`]; `None` above it.
    ///
    /// Schwenk's theorem gives the outcome, not the value, so the value comes
    /// from the table of `G(m, l)` for every pile `m <= n` and limit `l <= m`
    /// (a larger limit acts as the pile). `G(m, l)` is the mex of `G(m, l - 1)`'s
    /// options and one more, `(m - l, K*l)`, so a row is one pass with a
    /// growing set and the table costs `O(n^2)` steps.
    pub fn grundy_by_rules(&self, n: u64, limit: u64) -> Option<Nimber> {
        let table = self.grundy_table(n)?;
        let row = table.last().expect("the table holds row n");
        Some(Nimber(u64::from(row[limit.min(n) as usize])))
    }

    /// The amounts `t` (ascending) whose move from `(n, limit)` reaches a
    /// position of Grundy value `target`, from the same table as
    /// [`grundy_by_rules`](Self::grundy_by_rules); `None` above
    /// [`GRUNDY_PILE_LIMIT`].
    pub fn amounts_to_value(&self, n: u64, limit: u64, target: u64) -> Option<Vec<u64>> {
        let table = self.grundy_table(n)?;
        let reaches = |t: &u64| {
            let rest = n - t;
            let next_limit = self.k.saturating_mul(*t).min(rest);
            u64::from(table[rest as usize][next_limit as usize]) == target
        };
        Some((1..=limit.min(n)).filter(reaches).collect())
    }

    /// `table[m][l] = G(m, l)` for `l <= m <= n`; `None` above
    /// [`GRUNDY_PILE_LIMIT`].
    fn grundy_table(&self, n: u64) -> Option<Vec<Vec<u16>>> {
        if n > GRUNDY_PILE_LIMIT {
            return None;
        }
        let mut table: Vec<Vec<u16>> = Vec::with_capacity(n as usize + 1);
        for m in 0..=n as usize {
            stop::poll();
            // A value is at most the number of options, so `m + 1` marks do.
            let mut seen = vec![false; m + 1];
            let mut mex = 0;
            let mut row = Vec::with_capacity(m + 1);
            row.push(0);
            for taken in 1..=m {
                let rest = m - taken;
                let next_limit = self.k.saturating_mul(taken as u64).min(rest as u64);
                seen[usize::from(table[rest][next_limit as usize])] = true;
                while seen[mex] {
                    mex += 1;
                }
                row.push(u16::try_from(mex).expect("a value is at most the pile"));
            }
            table.push(row);
        }
        Some(table)
    }

    /// The decomposition of `n` into terms of the base sequence, largest first,
    /// with `K * next < previous` (empty for `n = 0`).
    pub fn decomposition<A: Amount>(&self, n: &A) -> Result<Vec<A>, DynSubError> {
        let base = BaseRuns::up_to(self.k, n)?;
        let zero = A::from(0);
        let mut rest = n.clone();
        let mut terms = Vec::new();
        while rest > zero {
            let term = base.largest_term_at_most(&rest);
            rest = rest.minus(&term);
            terms.push(term);
        }
        Ok(terms)
    }

    /// Who wins `(n, limit)`: the player to move wins exactly when the smallest
    /// term of the decomposition of `n` is at most `limit` (Schwenk).
    ///
    /// A limit above `n` acts as `n`; a limit of 0 allows no move.
    pub fn outcome<A: Amount>(&self, n: &A, limit: &A) -> Result<Outcome, DynSubError> {
        Ok(match self.decomposition(n)?.pop() {
            Some(smallest) if smallest <= *limit => Outcome::N,
            _ => Outcome::P,
        })
    }

    /// Every amount `t` with `1 <= t <= min(limit, n)` whose move to
    /// `(n - t, K * t)` leaves a P-position, in ascending order: the suffix sums
    /// `s_j` of the decomposition with `j = 1` or `K * s_j < h_{j-1}` (see the
    /// module documentation for the proof).
    pub fn winning_moves<A: Amount>(&self, n: &A, limit: &A) -> Result<Vec<A>, DynSubError> {
        let terms = self.decomposition(n)?;
        let k = A::from(self.k);
        let mut moves = Vec::new();
        let mut suffix = A::from(0);
        for (j, term) in terms.iter().enumerate().rev() {
            suffix = suffix.plus(term);
            if suffix > *limit {
                break;
            }
            if j == 0 || leaves_opponent_below(&terms[j - 1], &k, &suffix) {
                moves.push(suffix.clone());
            }
        }
        Ok(moves)
    }
}

/// Whether the term `above` exceeds `k * taken`, the limit the opponent gets.
fn leaves_opponent_below<A: Amount>(above: &A, k: &A, taken: &A) -> bool {
    k.checked_times(taken).is_some_and(|limit| limit < *above)
}

impl Impartial for DynSub {
    /// `(N, L)`: the pile and the current limit.
    type Position = (u64, u64);

    /// The moves `(N - t, K * t)` for `1 <= t <= min(L, N)`, with the new limit
    /// capped at the new pile. A limit of at least the pile allows every move, so
    /// capping changes no outcome; it makes equal games equal positions (a memo
    /// stores each once) and keeps `K * t` from overflowing.
    fn options(&self, &(n, limit): &(u64, u64)) -> Vec<(u64, u64)> {
        (1..=limit.min(n))
            .map(|t| (n - t, self.k.saturating_mul(t).min(n - t)))
            .collect()
    }
}

mod sealed {
    /// Keeps [`super::Amount`] implemented only for the types this module tests.
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
    impl Sealed for dashu_int::UBig {}
}

/// A pile size or an amount taken: `u64` and `u128` (checked, fast) or [`UBig`]
/// (any size). Only products with `K` and the sums that build the base
/// sequence past the pile can overflow; they are checked, and every other value
/// stays at most the pile.
pub trait Amount: Clone + Ord + std::fmt::Debug + From<u64> + sealed::Sealed {
    /// `self + other`, or `None` when it does not fit the type.
    fn checked_plus(&self, other: &Self) -> Option<Self>;
    /// `self * other`, or `None` when it does not fit the type.
    fn checked_times(&self, other: &Self) -> Option<Self>;
    /// `self - other`; the caller ensures `other <= self`.
    fn minus(&self, other: &Self) -> Self;
    /// `self / other` rounded down; the caller ensures `other > 0`.
    fn over(&self, other: &Self) -> Self;
    /// The number of machine words the value occupies.
    fn words(&self) -> usize;
    /// The number of bits of the value.
    fn bits(&self) -> usize;

    /// `self + other` for sums known to be at most a pile.
    fn plus(&self, other: &Self) -> Self {
        self.checked_plus(other)
            .expect("a sum bounded by a pile fits the pile's type")
    }
}

macro_rules! machine_amount {
    ($t:ty) => {
        impl Amount for $t {
            fn checked_plus(&self, other: &Self) -> Option<Self> {
                self.checked_add(*other)
            }
            fn checked_times(&self, other: &Self) -> Option<Self> {
                self.checked_mul(*other)
            }
            fn minus(&self, other: &Self) -> Self {
                self - other
            }
            fn over(&self, other: &Self) -> Self {
                self / other
            }
            fn words(&self) -> usize {
                std::mem::size_of::<$t>() / std::mem::size_of::<u64>()
            }
            fn bits(&self) -> usize {
                (<$t>::BITS - self.leading_zeros()) as usize
            }
        }
    };
}

machine_amount!(u64);
machine_amount!(u128);

impl Amount for UBig {
    fn checked_plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn checked_times(&self, other: &Self) -> Option<Self> {
        Some(self * other)
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn over(&self, other: &Self) -> Self {
        self / other
    }
    fn words(&self) -> usize {
        self.as_words().len().max(1)
    }
    fn bits(&self) -> usize {
        self.bit_len()
    }
}

/// The terms `first, first + step, ..., first + (count - 1) * step` of `H`.
#[derive(Clone, Debug)]
struct Run<A> {
    first: A,
    step: A,
    count: A,
}

impl<A: Amount> Run<A> {
    /// The largest term of the run that is at most `n` (given `first <= n`).
    fn largest_term_at_most(&self, n: &A) -> A {
        let last_index = self.count.minus(&A::from(1));
        let index = n.minus(&self.first).over(&self.step).min(last_index);
        self.first.plus(
            &index
                .checked_times(&self.step)
                .expect("a term at most n fits the type"),
        )
    }
}

/// A position in the stored runs: the run, the index in it, and the term there.
struct Cursor<A> {
    run: usize,
    index: A,
    term: A,
}

impl<A: Amount> Cursor<A> {
    /// Moves to the next term of `H`, which must already be stored.
    fn advance(&mut self, runs: &[Run<A>]) {
        let one = A::from(1);
        self.index = self.index.plus(&one);
        if self.index < runs[self.run].count {
            self.term = self.term.plus(&runs[self.run].step);
        } else {
            self.run += 1;
            self.index = A::from(0);
            self.term = runs[self.run].first.clone();
        }
    }
}

/// The base sequence `H` of one `K`, as runs, up to past a bound.
struct BaseRuns<A> {
    runs: Vec<Run<A>>,
}

impl<A: Amount> BaseRuns<A> {
    /// The runs of `H` through the first term above `n` (or above the type's
    /// maximum), or an error when they would exceed [`MEMORY_WORDS_LIMIT`].
    ///
    /// From the last term `y`, the step `H_m` (the smallest term with
    /// `K * H_m >= y`, found by a cursor that only moves forward) is added while
    /// the term it is added to stays at most `K * H_m`: that is
    /// `K + 1 - ceil(y / H_m)` times.
    fn up_to(k: u64, n: &A) -> Result<BaseRuns<A>, DynSubError> {
        // A run holds three numbers, none much larger than the pile.
        let max_runs = MEMORY_WORDS_LIMIT / (3 * n.words());
        let (one, k_amount) = (A::from(1), A::from(k));
        let k_plus_one = k_amount.plus(&one);
        let mut runs = vec![Run {
            first: one.clone(),
            step: one.clone(),
            count: one.clone(),
        }];
        let mut cursor = Cursor {
            run: 0,
            index: A::from(0),
            term: one.clone(),
        };
        let mut last = one;
        while last <= *n {
            while !reaches(&k_amount, &cursor.term, &last) {
                cursor.advance(&runs);
            }
            let step = cursor.term.clone();
            let count = k_plus_one.minus(&ceil_quotient(&last, &step));
            let Some(first) = last.checked_plus(&step) else {
                break;
            };
            let end = count
                .checked_times(&step)
                .and_then(|s| last.checked_plus(&s));
            runs.push(Run { first, step, count });
            if runs.len() > max_runs {
                return Err(DynSubError::PileTooLarge {
                    k,
                    pile_bits: n.bits(),
                    runs: max_runs,
                });
            }
            match end {
                Some(end) => last = end,
                None => break,
            }
        }
        Ok(BaseRuns { runs })
    }

    /// The largest term of `H` that is at most `n` (given `1 <= n` and that the
    /// runs reach past `n`).
    fn largest_term_at_most(&self, n: &A) -> A {
        let after = self.runs.partition_point(|run| run.first <= *n);
        self.runs[after - 1].largest_term_at_most(n)
    }
}

/// Whether `k * step >= last`: then `step` is added to `last` (a product too
/// large for the type exceeds `last`).
fn reaches<A: Amount>(k: &A, step: &A, last: &A) -> bool {
    k.checked_times(step).map_or(true, |reach| reach >= *last)
}

/// `ceil(a / b)` for `a >= 1`, `b >= 1`.
fn ceil_quotient<A: Amount>(a: &A, b: &A) -> A {
    let one = A::from(1);
    a.minus(&one).over(b).plus(&one)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every pile `N <= SMALL` with every limit is checked against the rules.
    const SMALL: u64 = 300;
    /// The multipliers checked exhaustively: small ones and very large ones.
    const KS: [u64; 10] = [1, 2, 3, 4, 5, 6, 7, 10, 100, 1_000_000_000];

    fn game(k: u64) -> DynSub {
        DynSub::new(k).unwrap()
    }

    /// Exhaustive search over the rules: `table[n][l]` lists, ascending, every
    /// amount whose move from `(n, l)` (for `l <= n <= max`) reaches a
    /// P-position. Every option has a smaller pile, so filling the table in
    /// order of `n` is a complete memoised search.
    fn solve_by_rules(game: &DynSub, max: u64) -> Vec<Vec<Vec<u64>>> {
        let mut table: Vec<Vec<Vec<u64>>> = Vec::new();
        for n in 0..=max {
            let row = (0..=n)
                .map(|l| {
                    let mut moves: Vec<u64> = game
                        .options(&(n, l))
                        .into_iter()
                        .filter(|&(m, lm)| table[m as usize][lm as usize].is_empty())
                        .map(|(m, _)| n - m)
                        .collect();
                    moves.sort_unstable();
                    moves
                })
                .collect();
            table.push(row);
        }
        table
    }

    /// The base sequence straight from its definition, through the first term
    /// above `bound`.
    fn naive_base_sequence(k: u64, bound: u64) -> Vec<u64> {
        let mut terms = vec![1u64];
        let mut m = 0;
        while let Some(&last) = terms.last().filter(|&&last| last <= bound) {
            while u128::from(k) * u128::from(terms[m]) < u128::from(last) {
                m += 1;
            }
            terms.push(last + terms[m]);
        }
        terms
    }

    /// The greedy decomposition over an explicit list of terms.
    fn naive_greedy(terms: &[u64], mut n: u64) -> Vec<u64> {
        let mut parts = Vec::new();
        while n > 0 {
            let term = *terms.iter().rev().find(|&&t| t <= n).unwrap();
            parts.push(term);
            n -= term;
        }
        parts
    }

    /// The number of ways to write `rest` as terms below `below` (and at most
    /// `rest`), each more than `k` times the next.
    fn count_spaced_sums(terms: &[u64], k: u64, rest: u64, below: u64) -> usize {
        if rest == 0 {
            return 1;
        }
        terms
            .iter()
            .filter(|&&t| t <= rest && t < below)
            .map(|&t| count_spaced_sums(terms, k, rest - t, t.div_ceil(k)))
            .sum()
    }

    fn is_base_term(game: &DynSub, n: u64) -> bool {
        game.decomposition(&n).unwrap() == [n]
    }

    #[test]
    fn winning_moves_match_exhaustive_search() {
        for k in KS {
            let game = game(k);
            let table = solve_by_rules(&game, SMALL);
            for n in 0..=SMALL {
                for l in 0..=n {
                    let expected = &table[n as usize][l as usize];
                    assert_eq!(
                        &game.winning_moves(&n, &l).unwrap(),
                        expected,
                        "k={k} ({n}, {l})"
                    );
                    let outcome = Outcome::from_p(expected.is_empty());
                    assert_eq!(game.outcome(&n, &l).unwrap(), outcome, "k={k} ({n}, {l})");
                }
            }
        }
    }

    #[test]
    fn grundy_values_match_exhaustive_search() {
        for k in [1, 2, 3, 5, 10, 1_000_000_000] {
            let game = game(k);
            let mut memo = crate::solve::Memo::new(game);
            let table = game.grundy_table(80).unwrap();
            for n in 0..=80u64 {
                for l in 0..=n + 2 {
                    let capped = (n, l.min(n));
                    assert_eq!(
                        Nimber(u64::from(table[n as usize][capped.1 as usize])),
                        memo.grundy(&capped).unwrap(),
                        "k={k} ({n}, {l})"
                    );
                }
            }
            assert_eq!(
                game.grundy_by_rules(80, 1000),
                Some(memo.grundy(&(80, 80)).unwrap())
            );
        }
    }

    #[test]
    fn grundy_values_agree_with_the_outcome_up_to_the_limit() {
        // Issue 9: the value was null although the rules give it.
        let game = game(2);
        let table = game.grundy_table(GRUNDY_PILE_LIMIT).unwrap();
        for n in (0..=GRUNDY_PILE_LIMIT)
            .step_by(97)
            .chain([GRUNDY_PILE_LIMIT])
        {
            for l in (0..=n).step_by(13) {
                let is_p = table[n as usize][l as usize] == 0;
                assert_eq!(
                    game.outcome(&n, &l).unwrap(),
                    Outcome::from_p(is_p),
                    "({n}, {l})"
                );
            }
        }
        assert_eq!(game.grundy_by_rules(GRUNDY_PILE_LIMIT + 1, 1), None);
    }

    #[test]
    fn base_terms_are_the_piles_only_won_by_taking_all() {
        for k in KS {
            let game = game(k);
            let table = solve_by_rules(&game, SMALL);
            let base = naive_base_sequence(k, SMALL);
            for n in 1..=SMALL {
                let only_take_all = table[n as usize][n as usize] == [n];
                assert_eq!(base.contains(&n), only_take_all, "k={k} n={n}");
                assert_eq!(is_base_term(&game, n), only_take_all, "k={k} n={n}");
            }
        }
    }

    #[test]
    fn decompositions_are_unique_under_the_spacing() {
        for k in KS {
            let base = naive_base_sequence(k, SMALL);
            for n in 1..=SMALL {
                assert_eq!(count_spaced_sums(&base, k, n, u64::MAX), 1, "k={k} n={n}");
            }
        }
    }

    #[test]
    fn known_base_sequences() {
        let terms = |k: u64, bound: u64| -> Vec<u64> {
            (1..=bound).filter(|&n| is_base_term(&game(k), n)).collect()
        };
        assert_eq!(terms(1, 200), [1, 2, 4, 8, 16, 32, 64, 128]);
        assert_eq!(terms(2, 150), [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144]);
        assert_eq!(terms(3, 60), [1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40, 55]);
        let k = 1_000_000_000;
        let large = game(k);
        assert!((1..=1000).all(|n| is_base_term(&large, n)));
        assert!(is_base_term(&large, k + 1));
        assert_eq!(large.decomposition(&(k + 2)).unwrap(), [k + 1, 1]);
        assert!(is_base_term(&large, k + 3));
    }

    #[test]
    fn limits_above_the_pile_act_as_the_pile() {
        let game = game(3);
        for n in 0..50u64 {
            for l in [n + 1, 10 * n + 7, u64::MAX] {
                assert_eq!(game.options(&(n, l)), game.options(&(n, n)));
                assert_eq!(game.winning_moves(&n, &l), game.winning_moves(&n, &n));
            }
        }
    }

    #[test]
    fn options_follow_the_rules() {
        assert_eq!(game(2).options(&(10, 3)), [(9, 2), (8, 4), (7, 6)]);
        assert_eq!(game(3).options(&(4, 9)), [(3, 3), (2, 2), (1, 1), (0, 0)]);
        assert_eq!(game(5).options(&(7, 0)), []);
        assert_eq!(game(5).options(&(0, 4)), []);
        let big = u64::MAX;
        assert_eq!(game(MAX_K).options(&(big, 1)), [(big - 1, MAX_K)]);
    }

    #[test]
    fn fibonacci_nim_is_k_2() {
        assert_eq!(DynSub::fibonacci_nim(), game(2));
        assert_eq!(DynSub::fibonacci_nim().k(), 2);
    }

    #[test]
    fn multiplier_is_validated() {
        let zero = DynSub::new(0).unwrap_err();
        assert_eq!(zero, DynSubError::KOutOfRange { k: 0 });
        assert!(zero.to_string().contains("k must be an integer from 1 to"));
        assert!(DynSub::new(MAX_K + 1).is_err());
        assert_eq!(DynSub::new(MAX_K).unwrap().k(), MAX_K);
        assert_eq!(DynSub::new(1_000_000_000).unwrap().k(), 1_000_000_000);
    }

    #[test]
    fn piles_too_large_for_k_are_refused_with_a_message() {
        let game = game(1_000_000_000);
        let n = 1_000_000_000_000_000_000u64;
        let error = game.winning_moves(&n, &(n - 1)).unwrap_err();
        assert!(matches!(
            error,
            DynSubError::PileTooLarge {
                k: 1_000_000_000,
                pile_bits: 60,
                ..
            }
        ));
        assert!(error
            .to_string()
            .starts_with("dynsub:k=1000000000: a pile of 60 bits"));
        assert_eq!(game.outcome(&n, &n), Err(error));
        let within = 1_000_000_000_000_000u64;
        assert!(game.winning_moves(&within, &(within - 1)).is_ok());
    }

    #[test]
    fn extreme_machine_piles() {
        let binary = game(1);
        let all_bits =
            |bits: u32| -> Vec<UBig> { (0..bits).rev().map(|b| UBig::ONE << b as usize).collect() };
        let to_big = |v: Vec<u64>| -> Vec<UBig> { v.into_iter().map(UBig::from).collect() };
        assert_eq!(
            to_big(binary.decomposition(&u64::MAX).unwrap()),
            all_bits(64)
        );
        let wide: Vec<UBig> = binary
            .decomposition(&u128::MAX)
            .unwrap()
            .into_iter()
            .map(UBig::from)
            .collect();
        assert_eq!(wide, all_bits(128));
        for k in [2, 10_000, MAX_K] {
            let game = game(k);
            let n = u64::MAX;
            let machine = to_big(game.winning_moves(&n, &(n - 1)).unwrap());
            let big = game
                .winning_moves(&UBig::from(n), &UBig::from(n - 1))
                .unwrap();
            assert_eq!(machine, big, "k={k}");
        }
    }

    /// The Fibonacci numbers `1, 2, 3, 5, ...` up to `u64::MAX`.
    fn fibonacci() -> Vec<u64> {
        let mut f = vec![1u64, 2];
        while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
            f.push(next);
        }
        f
    }

    /// A random `UBig` of up to `64 * words.len()` bits.
    fn big_from_words(words: &[u64]) -> UBig {
        words
            .iter()
            .fold(UBig::ZERO, |acc, &w| (acc << 64) + UBig::from(w))
    }

    proptest! {
        /// Whinihan: the first player loses Fibonacci Nim exactly on Fibonacci
        /// numbers, and otherwise wins by taking the smallest Zeckendorf term.
        #[test]
        fn whinihan_fibonacci_nim(n in 2u64..) {
            let fib = fibonacci();
            let moves = DynSub::fibonacci_nim().winning_moves(&n, &(n - 1)).unwrap();
            let smallest_zeckendorf = *naive_greedy(&fib, n).last().unwrap();
            if fib.contains(&n) {
                prop_assert!(moves.is_empty());
            } else {
                prop_assert_eq!(moves[0], smallest_zeckendorf);
            }
        }

        /// For k = 1 the terms are the bits of n, and every suffix of bits that
        /// fits under the limit wins.
        #[test]
        fn binary_for_k_1(n in 1u64.., l in any::<u64>()) {
            let moves = game(1).winning_moves(&n, &l).unwrap();
            let expected: Vec<u64> = (0..64)
                .filter(|b| n >> b & 1 == 1)
                .map(|b| n & (u64::MAX >> (63 - b)))
                .filter(|&t| t <= l)
                .collect();
            prop_assert_eq!(moves, expected);
        }

        /// The decomposition sums to n, keeps the spacing and uses base terms.
        #[test]
        fn decomposition_has_the_spacing(k in 1u64..500, n in any::<u64>()) {
            let game = game(k);
            let terms = game.decomposition(&n).unwrap();
            prop_assert_eq!(terms.iter().map(|&t| u128::from(t)).sum::<u128>(), u128::from(n));
            for pair in terms.windows(2) {
                prop_assert!(u128::from(k) * u128::from(pair[1]) < u128::from(pair[0]));
            }
            for &t in &terms {
                prop_assert!(is_base_term(&game, t));
            }
        }

        /// The runs agree with the term-by-term definition for large k.
        #[test]
        fn runs_match_the_definition_for_large_k(k in 50u64..3000, n in 1u64..300_000) {
            let terms = naive_base_sequence(k, n);
            prop_assert_eq!(game(k).decomposition(&n).unwrap(), naive_greedy(&terms, n));
        }

        /// u64, u128 and UBig give the same answers.
        #[test]
        fn amount_types_agree(k in 1u64..100, n in any::<u64>(), l in any::<u64>()) {
            let game = game(k);
            let machine: Vec<UBig> = game.winning_moves(&n, &l).unwrap().into_iter().map(UBig::from).collect();
            let wide: Vec<UBig> = game.winning_moves(&u128::from(n), &u128::from(l)).unwrap().into_iter().map(UBig::from).collect();
            let big = game.winning_moves(&UBig::from(n), &UBig::from(l)).unwrap();
            prop_assert_eq!(&machine, &big);
            prop_assert_eq!(&wide, &big);
        }

        /// u128 piles beyond u64 agree with UBig.
        #[test]
        fn wide_piles_agree_with_big(k in 1u64..100, n in any::<u128>(), l in any::<u128>()) {
            let game = game(k);
            let wide: Vec<UBig> = game.winning_moves(&n, &l).unwrap().into_iter().map(UBig::from).collect();
            prop_assert_eq!(wide, game.winning_moves(&UBig::from(n), &UBig::from(l)).unwrap());
        }

    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// On huge piles, every listed move leaves a P-position, every other
        /// suffix sum under the limit leaves an N-position, and the position is
        /// won exactly when a move is listed.
        #[test]
        fn listed_moves_are_exactly_the_winning_suffix_sums(
            k in 1u64..8,
            words in proptest::collection::vec(any::<u64>(), 1..5),
            cut in any::<u64>(),
        ) {
            let game = game(k);
            let n = big_from_words(&words) + UBig::ONE;
            let l = &n >> (cut % 64) as usize;
            let moves = game.winning_moves(&n, &l).unwrap();
            let won = Outcome::from_p(moves.is_empty());
            prop_assert_eq!(game.outcome(&n, &l).unwrap(), won);
            let terms = game.decomposition(&n).unwrap();
            let mut suffix = UBig::ZERO;
            for term in terms.iter().rev() {
                suffix += term;
                if suffix > l {
                    break;
                }
                let after = game.outcome(&(&n - &suffix), &(&suffix * UBig::from(k))).unwrap();
                prop_assert_eq!(after == Outcome::P, moves.contains(&suffix));
            }
        }
    }
}
