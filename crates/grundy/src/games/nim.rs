//! Nim: take any positive number of counters from one heap.
//!
//! Bouton (1901): a sum of heaps is a P-position exactly when the nim-sum
//! (bitwise XOR) of the heap sizes is 0, and a heap of `n` has Grundy value `n`.
//! A winning move reduces a heap `h` with `h ^ X < h` to `h ^ X`, where `X` is the
//! nim-sum; there is one such move for each heap holding the top bit of `X`.
//!
//! Misère play (Bouton 1901; Winning Ways ch. 13): a sum of heaps is a misère
//! P-position exactly when some heap has at least 2 and the nim-sum is 0, or
//! every heap has at most 1 and the nim-sum is 1 (an odd number of 1s). The
//! same rule, on other numbers than heap sizes, is Conway's for sums of tame
//! games and the SJ theorem's: see [`misere_targets`].

use dashu_int::UBig;

use crate::game::{each_nonempty, heap_sum_moves_to, EveryHeaps, HeapGame, HeapMove};
use crate::solve::remoteness::HeapRemoteness;

/// Nim. Its theory works on heaps of any size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl HeapGame for Nim {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        if n > 0 {
            visit(&[]);
        }
        for left in 1..n {
            visit(&[left]);
        }
    }
}

impl Nim {
    /// Every-SG of a sum of heaps: a non-empty heap has suspense 1 and every
    /// option of it 0 or 1, so the largest suspense left is even only when it
    /// is 0: the one winning move empties every heap.
    pub fn every_sg(&self, heaps: &[UBig]) -> EveryHeaps {
        let moves = each_nonempty(heaps, |_| UBig::ZERO);
        EveryHeaps {
            steps: UBig::from(!moves.is_empty() as u8),
            lasting: moves.clone(),
            moves,
        }
    }

    /// A heap of `n >= 1` lasts one move (take it all); the empty heap none.
    pub fn remoteness(&self, n: &UBig) -> HeapRemoteness {
        let empty = *n == UBig::ZERO;
        HeapRemoteness {
            remoteness: if empty { UBig::ZERO } else { UBig::ONE },
            best_left: (!empty).then_some(UBig::ZERO),
        }
    }

    /// The Grundy value of a sum of heaps, and every winning move in it.
    pub fn analyze(&self, heaps: &[UBig]) -> (UBig, Vec<HeapMove>) {
        self.moves_to(heaps, &UBig::ZERO)
    }

    /// The Grundy value of a sum of heaps, and every move in it to a sum of
    /// value `target`.
    pub fn moves_to(&self, heaps: &[UBig], target: &UBig) -> (UBig, Vec<HeapMove>) {
        // Options of a heap are all smaller heaps, so only a smaller target is reachable.
        heap_sum_moves_to(heaps, target, UBig::clone, |h, target| {
            (target < h).then(|| target.clone()).into_iter().collect()
        })
    }
}

/// Bouton's misère rule on the values `v_i` of summands that play as Nim
/// heaps of those sizes: for each summand, the value it must change to for
/// the sum to be a misère P-position, the others staying as they are.
///
/// The sum is a misère P-position exactly when (some value is at least 2 and
/// the nim-sum is 0) or (every value is at most 1 and the nim-sum is 1). With
/// the others' nim-sum `Y`: when one of the others is at least 2 the target is
/// `Y`; otherwise a target of 2 or more would leave a single value of at
/// least 2 and a nim-sum of at least 2, so the target is `Y ^ 1`, at most 1.
/// A move of a summand to its target, where the rules allow one, is a
/// winning move, and there is no other.
pub fn misere_targets(values: &[UBig]) -> Vec<UBig> {
    let total = values.iter().fold(UBig::ZERO, |acc, v| acc ^ v);
    let two = UBig::from(2u8);
    let big = values.iter().filter(|&v| *v >= two).count();
    values
        .iter()
        .map(|v| {
            let others = &total ^ v;
            let others_big = big - usize::from(*v >= two) > 0;
            if others_big {
                others
            } else {
                others ^ UBig::ONE
            }
        })
        .collect()
}

/// Whether the sum of summands playing as Nim heaps of `values` is a misère
/// P-position (Bouton's misère rule; see [`misere_targets`]).
pub fn misere_is_p(values: &[UBig]) -> bool {
    let total = values.iter().fold(UBig::ZERO, |acc, v| acc ^ v);
    let two = UBig::from(2u8);
    if values.iter().any(|v| *v >= two) {
        total == UBig::ZERO
    } else {
        total == UBig::ONE
    }
}

/// Bouton's misère rule on summands that play as Nim heaps of `values`:
/// whether the sum is a misère P-position, and every winning move, where
/// `move_to(i, t)` is what summand `i` becomes to play as the Nim heap `t`
/// when one move does it (see [`misere_targets`]).
pub fn misere_moves(
    values: &[UBig],
    move_to: impl Fn(usize, &UBig) -> Option<UBig>,
) -> (bool, Vec<HeapMove>) {
    let moves = misere_targets(values)
        .iter()
        .enumerate()
        .filter_map(|(heap, target)| move_to(heap, target).map(|to| HeapMove { heap, to }))
        .collect();
    (misere_is_p(values), moves)
}

impl Nim {
    /// Misère Nim: whether the sum is a misère P-position, and every winning
    /// move (Bouton's misère rule; see [`misere_targets`]).
    pub fn misere(&self, heaps: &[UBig]) -> (bool, Vec<HeapMove>) {
        misere_moves(heaps, |heap, target| {
            (*target < heaps[heap]).then(|| target.clone())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oracle::check_heap_theory;
    use crate::nimber::Nimber;
    use crate::solve::heap_sequence;
    use proptest::prelude::*;

    #[test]
    fn a_heap_is_worth_its_size() {
        let values = heap_sequence(&Nim, 50);
        assert!(values
            .iter()
            .enumerate()
            .all(|(n, &g)| g == Nimber(n as u64)));
    }

    #[test]
    fn theory_matches_the_rules_on_all_small_sums() {
        check_heap_theory(Nim, |h| Nim.analyze(h), 3, 7);
        check_heap_theory(Nim, |h| Nim.analyze(h), 4, 3);
    }

    #[test]
    fn remoteness_of_a_heap_matches_the_search() {
        crate::solve::remoteness::check_single_heap_remoteness(Nim, |n| Nim.remoteness(n), 60);
    }

    #[test]
    fn misere_theory_matches_the_rules_on_all_small_sums() {
        crate::games::oracle::check_misere_heap_theory(Nim, |h| Nim.misere(h), 3, 7);
        crate::games::oracle::check_misere_heap_theory(Nim, |h| Nim.misere(h), 5, 3);
    }

    #[test]
    fn misere_example_1_1_is_won_and_1_1_1_lost() {
        let heaps = |h: &[u8]| h.iter().map(|&v| UBig::from(v)).collect::<Vec<_>>();
        assert!(!Nim.misere(&heaps(&[1, 1])).0);
        assert!(Nim.misere(&heaps(&[1, 1, 1])).0);
        // 1 1 5: take the 5 to leave three 1s (not to 0, as in normal play).
        assert_eq!(
            Nim.misere(&heaps(&[1, 1, 5])).1,
            vec![HeapMove {
                heap: 2,
                to: UBig::ONE
            }]
        );
    }

    #[test]
    fn example_3_4_5() {
        let heaps = [3u8, 4, 5].map(UBig::from);
        let (value, moves) = Nim.analyze(&heaps);
        assert_eq!(value, UBig::from(2u8));
        assert_eq!(
            moves,
            vec![HeapMove {
                heap: 0,
                to: UBig::from(1u8)
            }]
        );
    }

    proptest! {
        #[test]
        fn misere_moves_of_huge_heaps_reach_misere_p_positions(
            digits in proptest::collection::vec("[0-9]{1,40}", 1..6)
        ) {
            let heaps: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            let (is_p, moves) = Nim.misere(&heaps);
            // The empty sum is won without a move; any other N-position has one.
            let empty = heaps.iter().all(|h| *h == UBig::ZERO);
            prop_assert_eq!(is_p || empty, moves.is_empty());
            for m in &moves {
                prop_assert!(m.to < heaps[m.heap]);
                let mut after = heaps.clone();
                after[m.heap] = m.to.clone();
                prop_assert!(Nim.misere(&after).0);
            }
        }

        #[test]
        fn winning_moves_of_huge_heaps_reach_nim_sum_zero(
            digits in proptest::collection::vec("[1-9][0-9]{0,300}", 1..6)
        ) {
            let heaps: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            let (value, moves) = Nim.analyze(&heaps);
            prop_assert_eq!(value == UBig::ZERO, moves.is_empty());
            for m in &moves {
                prop_assert!(m.to < heaps[m.heap]);
                let mut after = heaps.clone();
                after[m.heap] = m.to.clone();
                prop_assert_eq!(Nim.analyze(&after).0, UBig::ZERO);
            }
        }
    }
}
