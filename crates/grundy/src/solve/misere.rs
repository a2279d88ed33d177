//! Misère play by the normal-play solvers.
//!
//! Under misère play the player who makes the last move loses. That is normal
//! play of the same game in which every position without a move is given one
//! extra move, to a new final position: the player who would be stuck makes it
//! and wins. [`Misere`] is that game, so [`Remoteness`](super::remoteness::Remoteness)
//! and [`Memo`](super::Memo) solve misère play with their budgets and cycle checks.

use crate::game::Impartial;

/// Misère play of `G` as a normal-play game: see [the module](self).
#[derive(Clone, Debug)]
pub struct Misere<G>(pub G);

/// A position of [`Misere`]: a position of the game, or the final position
/// reached by the extra move.
pub type MiserePosition<P> = Option<P>;

impl<G: Impartial> Impartial for Misere<G> {
    type Position = MiserePosition<G::Position>;

    fn options(&self, position: &Self::Position) -> Vec<Self::Position> {
        match position {
            None => Vec::new(),
            Some(p) => {
                let options = self.0.options(p);
                if options.is_empty() {
                    vec![None]
                } else {
                    options.into_iter().map(Some).collect()
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::solve::Memo;

    /// Take 1 or 2 from a heap.
    struct TakeOneOrTwo;
    impl Impartial for TakeOneOrTwo {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<u64> {
            [1, 2].iter().filter(|&&s| s <= n).map(|s| n - s).collect()
        }
    }

    /// The definition read literally: a position without a move is won by the
    /// player to move; otherwise it is won when some option is lost.
    fn misere_p(n: u64) -> bool {
        let options = TakeOneOrTwo.options(&n);
        !options.is_empty() && options.iter().all(|&o| !misere_p(o))
    }

    #[test]
    fn the_extra_move_gives_misere_outcomes() {
        let mut memo = Memo::new(Misere(TakeOneOrTwo));
        for n in 0..30 {
            let expected = Outcome::from_p(misere_p(n));
            assert_eq!(memo.outcome(&Some(n)).unwrap(), expected, "heap {n}");
            // Misère {1, 2}: P exactly at n = 1 mod 3.
            assert_eq!(expected == Outcome::P, n % 3 == 1, "heap {n}");
        }
    }
}
