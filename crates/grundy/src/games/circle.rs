//! N coins in a circle; a move takes 1 to K adjacent coins (`circle:K`), or
//! exactly M adjacent coins (`circle:exactly=M`).
//!
//! Coins are adjacent when they sit next to each other on the circle with no
//! gap between them: once coins are taken their place stays empty, so the
//! first move opens the circle into a row, and every later move is in a row.
//!
//! **Take 1 to K.** A row is the octal game `0.77...7` with K sevens (take
//! 1..K adjacent coins from anywhere in a row, which may split it in two).
//! The outcome follows from a symmetry argument:
//! - `N <= K` (and `N >= 1`): the first player takes every coin;
//! - `K = 1`: every move takes one coin, so the first player wins iff `N` is odd;
//! - `N > K >= 2`: the second player wins. Whatever the first player takes, a
//!   row of `N - j >= 1` coins is left; the second player takes its middle coin
//!   (odd length) or middle two (even length, possible since `K >= 2`), leaving
//!   two equal rows, and from then on copies every move in the other row.
//!
//! **Take exactly M.** With `N >= M` coins the first move takes M of them,
//! and wherever it takes them it leaves one row of `N - M` coins: the circle
//! has a single option. A row where a move takes exactly M adjacent coins
//! (from an end, leaving one row; from inside, leaving two; or the whole row
//! of exactly M, leaving none) is the octal game whose code has the digit
//! `7 = 1 + 2 + 4` (none, one or two rows left) at place M and 0 elsewhere:
//! `0.0...07` with M - 1 zeros (`0.7`, `0.07` Dawson's Kayles, `0.007`, ...).
//! So the circle is worth `mex{G(N - M)}`: 1 when the row is a P-position,
//! else 0; and 0 with `N < M` (no move). By cases:
//! - `N < M`: no move, the second player wins;
//! - `M <= N < 2M`: the row of `N - M < M` coins has no move, the first player
//!   wins;
//! - `N >= 2M` even: the second player wins by symmetry: the row of
//!   `N - M >= M` coins has `N - 2M` coins, an even number, besides its
//!   middle M, which the second player takes, leaving two equal rows, and
//!   copies every move in the other row from then on;
//! - `N >= 2M` odd: the first player wins iff `G(N - M) = 0` in the octal game,
//!   whose values the engine gives for any N once a period is certified.

use dashu_int::UBig;

use crate::game::{Heaps, Impartial, Outcome};
use crate::games::octal::Octal;

/// How many adjacent coins a move of a circle game takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Take {
    /// From 1 to `K` coins (`circle:K`).
    UpTo(u64),
    /// Exactly `M` coins (`circle:exactly=M`).
    Exactly(u64),
}

/// The circle game: N coins in a circle, each move taking adjacent coins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circle {
    take: Take,
}

/// A position: the untouched circle, or the rows left once it is opened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CirclePosition {
    /// A whole circle of coins.
    Circle(u64),
    /// Rows of coins, as heaps of the octal game of the rows
    /// ([`Circle::row_game`]).
    Rows(Vec<u64>),
}

impl Circle {
    /// The game taking up to `k >= 1` adjacent coins; `None` for `k = 0`.
    pub fn new(k: u64) -> Option<Circle> {
        (k >= 1).then_some(Circle {
            take: Take::UpTo(k),
        })
    }

    /// The game taking exactly `m >= 1` adjacent coins; `None` for `m = 0`.
    pub fn exactly(m: u64) -> Option<Circle> {
        (m >= 1).then_some(Circle {
            take: Take::Exactly(m),
        })
    }

    /// How many coins a move takes.
    pub fn take(&self) -> Take {
        self.take
    }

    /// The most coins one move takes.
    pub fn k(&self) -> u64 {
        match self.take {
            Take::UpTo(k) | Take::Exactly(k) => k,
        }
    }

    /// The fewest coins one move takes: 1, or M for exactly M.
    pub fn least(&self) -> u64 {
        match self.take {
            Take::UpTo(_) => 1,
            Take::Exactly(m) => m,
        }
    }

    /// The numbers of coins a first move may take from a circle of `n`, in
    /// order (none when `n` is below [`least`](Self::least)).
    pub fn takes(&self, n: u64) -> std::ops::RangeInclusive<u64> {
        self.least()..=self.k().min(n)
    }

    /// The outcome of a circle of `n` coins where the symmetry argument (or
    /// the lack of a move in the row left) decides it; `None` for exactly M
    /// with `n >= 2M` odd, which the value of the row of `n - M` decides.
    pub fn outcome(&self, n: &UBig) -> Option<Outcome> {
        let two = UBig::from(2u8);
        match self.take {
            Take::UpTo(k) => {
                let first_wins =
                    (*n >= UBig::ONE && *n <= UBig::from(k)) || (k == 1 && n % &two == UBig::ONE);
                Some(Outcome::from_p(!first_wins))
            }
            Take::Exactly(m) => match exactly_case(m, n) {
                ExactlyCase::NoMove | ExactlyCase::Symmetric => Some(Outcome::P),
                ExactlyCase::RowWithoutMove => Some(Outcome::N),
                ExactlyCase::RowDecides => None,
            },
        }
    }

    /// Every winning first move, as the number of coins taken, where
    /// [`outcome`](Self::outcome) decides the circle.
    pub fn winning_moves(&self, n: &UBig) -> Option<Vec<u64>> {
        Some(match self.outcome(n)? {
            Outcome::P => Vec::new(),
            // Up to K: N <= K, take them all; or K = 1 and N odd, the only move.
            // Exactly M: M <= N < 2M, the only move.
            _ => match self.take {
                Take::UpTo(k) if *n <= UBig::from(k) => {
                    vec![u64::try_from(n).expect("at most K")]
                }
                Take::UpTo(_) => vec![1],
                Take::Exactly(m) => vec![m],
            },
        })
    }

    /// The rows once opened: the octal game with `k` sevens (up to K), or
    /// with one 7 at place M (exactly M), where the code fits.
    pub fn row_game(&self) -> Option<Octal> {
        match self.take {
            Take::UpTo(k) => sevens(k),
            Take::Exactly(m) => seven_at(m),
        }
    }

    /// An octal game equal to the rows on every row shorter than `n`. Up to
    /// K: a move there takes at most `n - 1` coins, so `min(k, n - 1)` sevens
    /// do, which fit a code for any `k` when `n` is small. Exactly M: the
    /// rows' own game.
    pub fn rows_below(&self, n: u64) -> Option<Octal> {
        match self.take {
            Take::UpTo(k) => sevens(k.min(n.saturating_sub(1)).max(1)),
            Take::Exactly(m) => seven_at(m),
        }
    }
}

/// Which case of the module's argument answers a circle of `n` coins where
/// a move takes exactly `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactlyCase {
    /// `n < m`: no move.
    NoMove,
    /// `m <= n < 2m`: the row left has no move, so the first move wins.
    RowWithoutMove,
    /// `n >= 2m` even: the second player wins by symmetry.
    Symmetric,
    /// `n >= 2m` odd: the value of the row of `n - m` decides.
    RowDecides,
}

/// The case of the argument for `n` coins, a move taking exactly `m`.
pub fn exactly_case(m: u64, n: &UBig) -> ExactlyCase {
    let m = UBig::from(m);
    if *n < m {
        ExactlyCase::NoMove
    } else if *n < UBig::from(2u8) * &m {
        ExactlyCase::RowWithoutMove
    } else if n % UBig::from(2u8) == UBig::ZERO {
        ExactlyCase::Symmetric
    } else {
        ExactlyCase::RowDecides
    }
}

/// The octal game `0.77...7` with `k` sevens, where `k` fits a code.
fn sevens(k: u64) -> Option<Octal> {
    octal_code(k, |_| '7')
}

/// The octal game `0.0...07` whose only non-zero digit is a 7 at place `m`,
/// where `m` fits a code.
fn seven_at(m: u64) -> Option<Octal> {
    octal_code(m, |place| if place == m { '7' } else { '0' })
}

/// The octal game of `places` digits after the point (1 to the most a code
/// holds), the digit at each place (from 1) given by `digit`.
fn octal_code(places: u64, digit: impl Fn(u64) -> char) -> Option<Octal> {
    let fits = usize::try_from(places).is_ok_and(|p| (1..=crate::limits::MAX_DIGITS).contains(&p));
    fits.then(|| {
        let digits: String = (1..=places).map(digit).collect();
        format!("0.{digits}").parse().expect("a valid code")
    })
}

impl Impartial for Circle {
    type Position = CirclePosition;

    fn options(&self, position: &CirclePosition) -> Vec<CirclePosition> {
        match position {
            CirclePosition::Circle(n) => self
                .takes(*n)
                .map(|j| CirclePosition::Rows(Heaps::<Octal>::position(&[n - j])))
                .collect(),
            // Rows shorter than a move have none, whatever the code's size.
            CirclePosition::Rows(rows) if rows.iter().all(|&r| r < self.least()) => Vec::new(),
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
pub(crate) mod tests {
    use super::*;
    use crate::nimber::Nimber;
    use crate::solve::Memo;

    /// Coins on a circle straight from the rules, with no octal theory: the
    /// coins present as a bit mask over the `n` places of the circle, a move
    /// taking `j` (one of `takes`) coins at consecutive places, around the
    /// circle, all present. A place emptied stays empty, so coins on either
    /// side of it are not adjacent. Memoised Grundy values, by mask.
    pub(crate) struct OnACircle {
        n: u32,
        takes: std::ops::RangeInclusive<u32>,
        values: std::collections::HashMap<u32, u64>,
    }

    impl OnACircle {
        pub(crate) fn new(n: u32, takes: std::ops::RangeInclusive<u32>) -> OnACircle {
            OnACircle {
                n,
                takes,
                values: Default::default(),
            }
        }

        pub(crate) fn full(&self) -> u32 {
            ((1u64 << self.n) - 1) as u32
        }

        /// The coins at the `j` consecutive places from `start`, around the
        /// circle; `None` when `j` places would come round to `start` again.
        pub(crate) fn window(&self, start: u32, j: u32) -> Option<u32> {
            (j <= self.n).then(|| (0..j).fold(0, |w, t| w | 1 << ((start + t) % self.n)))
        }

        /// The positions one move leaves, each window once.
        fn options(&self, mask: u32) -> Vec<u32> {
            let mut options: Vec<u32> = self
                .takes
                .clone()
                .flat_map(|j| (0..self.n).map(move |i| (i, j)))
                .filter_map(|(i, j)| self.window(i, j))
                .filter(|&w| mask & w == w)
                .map(|w| mask & !w)
                .collect();
            options.sort_unstable();
            options.dedup();
            options
        }

        pub(crate) fn grundy(&mut self, mask: u32) -> u64 {
            if let Some(&g) = self.values.get(&mask) {
                return g;
            }
            let seen: Vec<u64> = self
                .options(mask)
                .into_iter()
                .map(|o| self.grundy(o))
                .collect();
            let g = (0..).find(|v| !seen.contains(v)).unwrap();
            self.values.insert(mask, g);
            g
        }
    }

    /// The circle of `n` coins of `game` against the coins searched from the
    /// rules: the value of the game's own rules (the rows as octal heaps),
    /// the outcome and winning moves where the theory decides them, and the
    /// value of the row each first move leaves.
    fn check_against_the_coins(game: &Circle, n: u64) {
        let takes = game.least() as u32..=game.k().min(32) as u32;
        let mut coins = OnACircle::new(n as u32, takes);
        let full = coins.full();
        let value = if n == 0 { 0 } else { coins.grundy(full) };
        let what = format!("{:?} n={n}", game.take());
        let mut memo = Memo::new(game.clone());
        let start = CirclePosition::Circle(n);
        assert_eq!(memo.grundy(&start).unwrap(), Nimber(value), "{what}");
        let outcome = Outcome::from_p(value == 0);
        let big = UBig::from(n);
        if let Some(theory) = game.outcome(&big) {
            assert_eq!(theory, outcome, "{what}");
        } else {
            assert!(matches!(game.take(), Take::Exactly(m) if n >= 2 * m && n % 2 == 1));
        }
        // The first moves, by coins taken: the row each leaves, valued by
        // the coins (taking the first j places) and by the octal rules.
        let winning: Vec<u64> = game
            .takes(n)
            .filter(|&j| {
                let row = full & !coins.window(0, j as u32).unwrap();
                let by_coins = if n == 0 { 0 } else { coins.grundy(row) };
                let rows = CirclePosition::Rows(Heaps::<Octal>::position(&[n - j]));
                assert_eq!(
                    memo.grundy(&rows).unwrap(),
                    Nimber(by_coins),
                    "{what} take {j}"
                );
                by_coins == 0
            })
            .collect();
        if let Some(theory) = game.winning_moves(&big) {
            assert_eq!(theory, winning, "{what}");
        }
    }

    #[test]
    fn the_symmetry_theorem_holds_against_the_rules() {
        for k in 1..=5 {
            let game = Circle::new(k).unwrap();
            // Taking one coin at a time reaches every set of coins: 2^(N-1) of them.
            for n in 0..=18 {
                check_against_the_coins(&game, n);
            }
        }
    }

    #[test]
    fn taking_exactly_m_is_the_row_game_with_a_seven_at_place_m() {
        for m in 1..=5 {
            let game = Circle::exactly(m).unwrap();
            assert_eq!(game.k(), m);
            assert_eq!(game.least(), m);
            let code = game.row_game().unwrap().to_string();
            assert_eq!(code, format!("0.{}7", "0".repeat(m as usize - 1)));
            assert_eq!(game.rows_below(3).unwrap().to_string(), code);
            // One coin a move reaches every set of coins: 2^(N-1) of them.
            let most = if m == 1 { 20 } else { 30 };
            for n in 0..=most {
                check_against_the_coins(&game, n);
            }
        }
        assert_eq!(Circle::exactly(0), None);
        assert!(Circle::exactly(1 << 20).unwrap().row_game().is_none());
    }

    /// With M beyond the digits of a code, rows shorter than M still have
    /// no move (the rules do not need the code).
    #[test]
    fn rows_shorter_than_m_need_no_code() {
        let game = Circle::exactly(1 << 20).unwrap();
        let mut memo = Memo::new(game.clone());
        let n = (1 << 20) + 5;
        assert_eq!(memo.grundy(&CirclePosition::Circle(n)).unwrap(), Nimber(1));
        assert_eq!(game.outcome(&UBig::from(n)), Some(Outcome::N));
        assert_eq!(game.winning_moves(&UBig::from(n)), Some(vec![1 << 20]));
        assert_eq!(game.outcome(&UBig::from(3u8)), Some(Outcome::P));
        // Beyond u64: even is a second-player win, odd needs the row.
        let huge = UBig::from(u64::MAX) * UBig::from(4u8);
        assert_eq!(game.outcome(&huge), Some(Outcome::P));
        assert_eq!(game.outcome(&(huge + UBig::ONE)), None);
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
