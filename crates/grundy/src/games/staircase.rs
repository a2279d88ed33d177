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

use dashu_int::UBig;

use crate::game::Impartial;

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
        let mut moves = Vec::new();
        for (i, coins) in stairs.iter().enumerate() {
            let stair = i + 1;
            if stair % 2 == 1 {
                let target = coins ^ &total;
                if &target < coins {
                    moves.push(StairMove {
                        stair,
                        coins: coins - target,
                    });
                }
            } else {
                let below = &stairs[i - 1];
                let target = below ^ &total;
                if &target > below && &(&target - below) <= coins {
                    moves.push(StairMove {
                        stair,
                        coins: target - below,
                    });
                }
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oracle::heap_tuples;
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

    proptest! {
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
