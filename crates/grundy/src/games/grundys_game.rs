//! Grundy's game: a move splits one heap into two non-empty heaps of
//! different sizes. Heaps of 1 and 2 are dead.
//!
//! No closed form or period is known; the values are computed by the octal
//! engine ([`SparseSolver::grundys_game`]), whose sparse-space method applies
//! (most values fall in one class, the rare ones are few), with the equal
//! split left out. The Guy-Smith theorem does not carry over (a period would
//! not map the equal split of `n + p` to one of `n`), so no period is claimed.

use crate::game::HeapGame;
use crate::games::octal::sparse::{naive_rule_values, SparseSolver, Value, ValueOverflow};

/// Grundy's game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrundysGame;

impl HeapGame for GrundysGame {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        for a in 1..n.div_ceil(2) {
            visit(&[a, n - a]);
        }
    }
}

/// `G(0), ..., G(count - 1)` by the sparse-space engine.
pub fn values(count: usize) -> Result<SparseSolver, ValueOverflow> {
    let mut solver = SparseSolver::grundys_game();
    solver.extend_to(count)?;
    Ok(solver)
}

/// The same by the rules alone, in `O(count^2)`: the baseline.
pub fn naive_values(count: usize) -> Vec<Value> {
    naive_rule_values(&GrundysGame, count)
}

/// The smaller parts `a` of the splits `(a, n - a)` of a heap of `n` whose
/// value is `target`, ascending; `values` holds `G(0..n)` at least.
pub fn splits_to(values: &[Value], n: usize, target: u64) -> Vec<usize> {
    (1..n.div_ceil(2))
        .filter(|&a| u64::from(values[a] ^ values[n - a]) == target)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oracle::check_heap_positions;
    use dashu_int::UBig;

    #[test]
    fn the_sequence_starts_as_in_winning_ways() {
        // OEIS A002188.
        let start = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2,
            1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4,
        ];
        assert_eq!(naive_values(start.len()), start);
    }

    #[test]
    fn the_engine_equals_the_rules() {
        let engine = values(6000).unwrap();
        assert_eq!(engine.values(), &naive_values(6000)[..]);
    }

    #[test]
    fn the_p_positions_are_the_known_42() {
        // OEIS A002187: 42 P-positions up to 1222, none beyond it below 2^35
        // (Flammenkamp); here below 200,000.
        let engine = values(200_000).unwrap();
        let zeros: Vec<usize> = (0..200_000).filter(|&n| engine.values()[n] == 0).collect();
        assert_eq!(
            zeros,
            [
                0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337,
                340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682,
                685, 923, 926, 929, 932, 1222
            ]
        );
        assert!(engine.period().is_none());
    }

    #[test]
    fn winning_splits_match_the_rules_on_all_small_sums() {
        let table = naive_values(40);
        check_heap_positions(
            GrundysGame,
            |heaps| {
                let total = heaps.iter().fold(0, |acc, &h| acc ^ table[h as usize]);
                let mut reached = Vec::new();
                if total != 0 {
                    for (i, &h) in heaps.iter().enumerate() {
                        let target = u64::from(table[h as usize] ^ total);
                        for a in splits_to(&table, h as usize, target) {
                            let mut after = heaps.to_vec();
                            after[i] = a as u64;
                            after.push(h - a as u64);
                            reached.push(after);
                        }
                    }
                }
                (UBig::from(total), reached)
            },
            3,
            14,
        );
    }
}
