//! N coins in a circle; a move takes 1 to K adjacent coins.
//!
//! The first move opens the circle into a row, and a row is the octal game
//! `0.77...7` with K sevens (take 1..K adjacent coins from anywhere in a row,
//! which may split it in two). The outcome follows from a symmetry argument:
//! - `N <= K` (and `N >= 1`): the first player takes every coin;
//! - `K = 1`: every move takes one coin, so the first player wins iff `N` is odd;
//! - `N > K >= 2`: the second player wins. Whatever the first player takes, a
//!   row of `N - j >= 1` coins is left; the second player takes its middle coin
//!   (odd length) or middle two (even length, possible since `K >= 2`), leaving
//!   two equal rows, and from then on copies every move in the other row.

use crate::game::{Heaps, Impartial, Outcome};
use crate::games::octal::Octal;

/// The circle game with at most `k` adjacent coins taken a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circle {
    k: u64,
}

/// A position: the untouched circle, or the rows left once it is opened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CirclePosition {
    /// A whole circle of coins.
    Circle(u64),
    /// Rows of coins, as heaps of the octal game `0.77...7`.
    Rows(Vec<u64>),
}

impl Circle {
    /// The game taking up to `k >= 1` adjacent coins; `None` for `k = 0`.
    pub fn new(k: u64) -> Option<Circle> {
        (k >= 1).then_some(Circle { k })
    }

    /// The most coins one move takes.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The outcome of a circle of `n` coins, by the symmetry argument.
    pub fn outcome(&self, n: u64) -> Outcome {
        let first_wins = (1..=self.k).contains(&n) || (self.k == 1 && n % 2 == 1);
        Outcome::from_p(!first_wins)
    }

    /// Every winning first move, as the number of coins taken.
    pub fn winning_moves(&self, n: u64) -> Vec<u64> {
        if self.outcome(n) == Outcome::P {
            Vec::new()
        } else if n <= self.k {
            vec![n]
        } else {
            vec![1] // K = 1 and N odd: the only move
        }
    }

    /// The rows once opened: the octal game with `k` sevens, where `k` fits a code.
    pub fn row_game(&self) -> Option<Octal> {
        sevens(self.k)
    }

    /// An octal game equal to the rows on every row shorter than `n`: a move
    /// there takes at most `n - 1` coins, so `min(k, n - 1)` sevens do, which
    /// fit a code for any `k` when `n` is small.
    pub fn rows_below(&self, n: u64) -> Option<Octal> {
        sevens(self.k.min(n.saturating_sub(1)).max(1))
    }
}

/// The octal game `0.77...7` with `k` sevens, where `k` fits a code.
fn sevens(k: u64) -> Option<Octal> {
    let k = usize::try_from(k).ok()?;
    (k <= crate::limits::MAX_DIGITS).then(|| {
        format!("0.{}", "7".repeat(k))
            .parse()
            .expect("a valid code")
    })
}

impl Impartial for Circle {
    type Position = CirclePosition;

    fn options(&self, position: &CirclePosition) -> Vec<CirclePosition> {
        match position {
            CirclePosition::Circle(n) => (1..=self.k.min(*n))
                .map(|j| CirclePosition::Rows(Heaps::<Octal>::position(&[n - j])))
                .collect(),
            CirclePosition::Rows(rows) => {
                let rows_game = Heaps(self.row_game().expect("the rules are for small k"));
                rows_game
                    .options(rows)
                    .into_iter()
                    .map(CirclePosition::Rows)
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Memo;

    #[test]
    fn the_symmetry_theorem_holds_against_the_rules() {
        for k in 1..=5 {
            let game = Circle::new(k).unwrap();
            let mut memo = Memo::new(game.clone());
            for n in 0..=16 {
                let start = CirclePosition::Circle(n);
                let outcome = memo.outcome(&start).unwrap();
                assert_eq!(game.outcome(n), outcome, "k={k} n={n}");
                let winning: Vec<u64> = (1..=k.min(n))
                    .filter(|j| {
                        let rows = CirclePosition::Rows(Heaps::<Octal>::position(&[n - j]));
                        memo.grundy(&rows).unwrap().is_zero()
                    })
                    .collect();
                assert_eq!(game.winning_moves(n), winning, "k={k} n={n}");
            }
        }
    }

    #[test]
    fn short_rows_are_those_of_fewer_sevens() {
        use crate::games::octal::sparse::naive_values;
        let game = Circle::new(6).unwrap();
        let rows = naive_values(&game.row_game().unwrap(), 40);
        for n in 1..=8 {
            let short = naive_values(&game.rows_below(n).unwrap(), n as usize);
            assert_eq!(short, rows[..n as usize], "n={n}");
        }
        assert!(Circle::new(1000).unwrap().rows_below(50).is_some());
    }
}
