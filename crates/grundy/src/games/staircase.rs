//! Staircase Nim: coins on stairs 1..n; a move takes any positive number of
//! coins from one stair down to the stair below (from stair 1 to the ground,
//! where they leave the game).
//!
//! The Grundy value is the nim-sum of the odd-numbered stairs. Moves on odd
//! stairs are Nim moves there; a move from an even stair onto an odd one only
//! grows an odd stair, so it changes the nim-sum and the mover's opponent can
//! undo it by moving the same coins on. Every move changes some odd stair, so no
//! option keeps the value, and Nim moves on odd stairs reach every smaller value.
//! The winning moves are those Nim moves, and the moves from an even stair that
//! raise the odd stair below to `h ^ X` where that is larger and affordable.
//!
//! # Misère play
//!
//! A staircase is a misère P-position exactly when its odd stairs, as Nim
//! heaps, are a P-position of misère Nim (Bouton's misère rule: a heap of 2
//! or more and nim-sum 0, or every heap at most 1 and nim-sum 1); with no
//! coin on an odd stair it is an N-position. Proof, by the strategy of the
//! player `W` who hands the other, `L`, odd stairs in misère-Nim P (never all
//! empty, since the empty sum of Nim heaps is a misère N-position). Every
//! move lowers the sum of `coins * stair`, so the game ends; `L` never faces
//! the empty staircase, so `L` makes the last move and loses. `W` can always
//! answer:
//! - `L` moves coins from an odd stair (a Nim move down on the odd heaps):
//!   if an odd stair still holds coins, the odd heaps are in misère-Nim N and
//!   `W` makes the misère-Nim winning move, which lowers an odd stair, by
//!   moving those coins down; if none does, `W` moves one coin from an even
//!   stair to the odd one below (one heap of 1: P), or there is no coin left
//!   and `L` made the last move;
//! - `L` moves `c` coins from an even stair `2k` onto `2k - 1`: `W` moves the
//!   same `c` coins on from `2k - 1` (to `2k - 2`, or off from stair 1); the
//!   odd stairs are again those `L` faced, not all empty, so this never ends
//!   the game.
//!
//! Conversely from odd stairs in misère-Nim N the player to move reaches P:
//! the misère-Nim winning move, or with no odd coin, one coin down from an
//! even stair (or, on the empty staircase, the player to move has already
//! won). The reversal is the textbook one for staircase Nim (Berlekamp,
//! Conway and Guy, Winning Ways); the misère case needs only that it never
//! makes the last move. The winning moves are then those that bring one odd
//! heap to its misère target ([`misere_targets`]), down from that stair or up
//! from the even stair above, exactly as in normal play.

use dashu_int::UBig;

use crate::game::Impartial;
use crate::games::nim::{misere_is_p, misere_targets};

/// Staircase Nim. Positions list the coins on stairs 1, 2, ..., n.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staircase;

/// A move in staircase Nim: `coins` go down from stair `stair` (1-based) to the
/// one below it, or leave the game from stair 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StairMove {
    /// The stair the coins leave, counted from 1.
    pub stair: usize,
    /// How many coins move.
    pub coins: UBig,
}

impl StairMove {
    /// The position after the move.
    pub fn apply(&self, stairs: &[UBig]) -> Vec<UBig> {
        let mut after = stairs.to_vec();
        after[self.stair - 1] -= &self.coins;
        if self.stair > 1 {
            after[self.stair - 2] += &self.coins;
        }
        after
    }
}

impl Impartial for Staircase {
    type Position = Vec<u64>;

    fn options(&self, stairs: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut result = Vec::new();
        for (i, &coins) in stairs.iter().enumerate() {
            for moved in 1..=coins {
                let mut after = stairs.clone();
                after[i] -= moved;
                if i > 0 {
                    after[i - 1] += moved;
                }
                result.push(after);
            }
        }
        result
    }
}

impl Staircase {
    /// The Grundy value: the nim-sum of the coins on odd-numbered stairs.
    pub fn grundy(&self, stairs: &[UBig]) -> UBig {
        stairs
            .iter()
            .step_by(2)
            .fold(UBig::ZERO, |acc, coins| acc ^ coins)
    }

    /// Every winning move, from the lowest stair up.
    pub fn winning_moves(&self, stairs: &[UBig]) -> Vec<StairMove> {
        self.moves_to(stairs, &UBig::ZERO)
    }

    /// Every move to a position of value `target`, from the lowest stair up:
    /// those that change the odd stairs' nim-sum by `grundy ^ target` (as the
    /// winning moves change it by the whole nim-sum).
    pub fn moves_to(&self, stairs: &[UBig], target: &UBig) -> Vec<StairMove> {
        let total = self.grundy(stairs) ^ target;
        if total == UBig::ZERO {
            return Vec::new();
        }
        let targets: Vec<UBig> = stairs.iter().step_by(2).map(|h| h ^ &total).collect();
        odd_stairs_to(stairs, &targets)
    }

    /// Misère play (see [the module](self)): whether the staircase is a
    /// misère P-position, and every winning move, from the lowest stair up.
    pub fn misere(&self, stairs: &[UBig]) -> (bool, Vec<StairMove>) {
        let odd: Vec<UBig> = stairs.iter().step_by(2).cloned().collect();
        if misere_is_p(&odd) {
            return (true, Vec::new());
        }
        (false, odd_stairs_to(stairs, &misere_targets(&odd)))
    }
}

/// Every move that brings some odd stair `2j + 1` to `targets[j]` coins: down
/// from it when the target is smaller, or from the even stair above it when
/// the target is larger and that stair holds the difference (the moves that
/// change exactly one odd stair, that is, every move).
fn odd_stairs_to(stairs: &[UBig], targets: &[UBig]) -> Vec<StairMove> {
    let mut moves = Vec::new();
    for (i, coins) in stairs.iter().enumerate() {
        let stair = i + 1;
        if stair % 2 == 1 {
            let target = &targets[i / 2];
            if target < coins {
                moves.push(StairMove {
                    stair,
                    coins: coins - target,
                });
            }
        } else {
            let (below, target) = (&stairs[i - 1], &targets[(i - 1) / 2]);
            if target > below && &(target - below) <= coins {
                moves.push(StairMove {
                    stair,
                    coins: target - below,
                });
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::games::oracle::heap_tuples;
    use crate::solve::misere::Misere;
    use crate::solve::Memo;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn big(stairs: &[u64]) -> Vec<UBig> {
        stairs.iter().map(|&c| UBig::from(c)).collect()
    }

    #[test]
    fn theory_matches_the_rules_on_all_small_staircases() {
        let mut memo = Memo::new(Staircase);
        for (stairs, max) in [(3, 5), (4, 3), (5, 2)] {
            for position in heap_tuples(stairs, max) {
                let value = memo.grundy(&position).unwrap();
                assert_eq!(Staircase.grundy(&big(&position)), UBig::from(value.0));
                let found: BTreeSet<Vec<UBig>> = Staircase
                    .winning_moves(&big(&position))
                    .iter()
                    .map(|m| m.apply(&big(&position)))
                    .collect();
                let expected: BTreeSet<Vec<UBig>> = Staircase
                    .options(&position)
                    .into_iter()
                    .filter(|o| memo.grundy(o).unwrap().is_zero())
                    .map(|o| big(&o))
                    .collect();
                assert_eq!(found, expected, "{position:?}");
            }
        }
    }

    /// The misère theory against exhaustive misère search of the staircase's
    /// own tree: the outcome and every winning move, on all small staircases.
    #[test]
    fn misere_theory_matches_the_rules_on_all_small_staircases() {
        let mut memo = Memo::new(Misere(Staircase));
        let mut p_positions = 0;
        for (stairs, max) in [(1, 8), (2, 6), (3, 5), (4, 3), (5, 2), (6, 2)] {
            for position in heap_tuples(stairs, max) {
                let (is_p, moves) = Staircase.misere(&big(&position));
                let searched = memo.outcome(&Some(position.clone())).unwrap();
                assert_eq!(Outcome::from_p(is_p), searched, "{position:?}");
                p_positions += usize::from(is_p);
                let found: Vec<Vec<UBig>> =
                    moves.iter().map(|m| m.apply(&big(&position))).collect();
                let expected: BTreeSet<Vec<UBig>> = Staircase
                    .options(&position)
                    .into_iter()
                    .filter(|o| memo.outcome(&Some(o.clone())).unwrap() == Outcome::P)
                    .map(|o| big(&o))
                    .collect();
                assert_eq!(found.len(), expected.len(), "{position:?}: each move once");
                assert_eq!(
                    found.into_iter().collect::<BTreeSet<_>>(),
                    expected,
                    "{position:?}"
                );
            }
        }
        assert!(
            p_positions > 100,
            "{p_positions} misère P-positions checked"
        );
        // Only even stairs hold coins: misère N, unlike normal play.
        assert!(!Staircase.misere(&big(&[0, 3, 0, 1])).0);
        assert!(Staircase.grundy(&big(&[0, 3, 0, 1])).is_zero());
    }

    proptest! {
        #[test]
        fn misere_winning_moves_of_huge_staircases_reach_p(
            digits in proptest::collection::vec("[0-9]{1,40}", 1..8)
        ) {
            let stairs: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            let (is_p, moves) = Staircase.misere(&stairs);
            // The empty staircase is N without a move: its player has won.
            let coins = stairs.iter().any(|c| *c != UBig::ZERO);
            prop_assert_eq!(!is_p && coins, !moves.is_empty());
            for m in moves {
                prop_assert!(m.coins >= UBig::ONE && m.coins <= stairs[m.stair - 1]);
                prop_assert!(Staircase.misere(&m.apply(&stairs)).0);
            }
        }

        #[test]
        fn winning_moves_of_huge_staircases_reach_zero(
            digits in proptest::collection::vec("[0-9]{1,80}", 1..8)
        ) {
            let stairs: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            let moves = Staircase.winning_moves(&stairs);
            prop_assert_eq!(Staircase.grundy(&stairs) == UBig::ZERO, moves.is_empty());
            for m in moves {
                prop_assert!(m.coins >= UBig::ONE && m.coins <= stairs[m.stair - 1]);
                prop_assert_eq!(Staircase.grundy(&m.apply(&stairs)), UBig::ZERO);
            }
        }
    }
}
