//! Nim: take any positive number of counters from one heap.
//!
//! Bouton (1901): a sum of heaps is a P-position exactly when the nim-sum
//! (bitwise XOR) of the heap sizes is 0, and a heap of `n` has Grundy value `n`.
//! A winning move reduces a heap `h` with `h ^ X < h` to `h ^ X`, where `X` is the
//! nim-sum; there is one such move for each heap holding the top bit of `X`.

use dashu_int::UBig;

use crate::game::{heap_sum_moves_to, HeapGame, HeapMove};
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
    /// A heap of `n >= 1` lasts one move (take it all); the empty heap none.
    pub fn remoteness(&self, n: &UBig) -> HeapRemoteness {
        let empty = *n == UBig::ZERO;
        HeapRemoteness {
            remoteness: if empty { UBig::ZERO } else { UBig::ONE },
            best_left: (!empty).then_some(UBig::ZERO),
        }
    }

    /// The Grundy value of a sum of heaps, and every winning move in it.
    pub fn analyse(&self, heaps: &[UBig]) -> (UBig, Vec<HeapMove>) {
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
        check_heap_theory(Nim, |h| Nim.analyse(h), 3, 7);
        check_heap_theory(Nim, |h| Nim.analyse(h), 4, 3);
    }

    #[test]
    fn remoteness_of_a_heap_matches_the_search() {
        crate::solve::remoteness::check_single_heap_remoteness(Nim, |n| Nim.remoteness(n), 60);
    }

    #[test]
    fn example_3_4_5() {
        let heaps = [3u8, 4, 5].map(UBig::from);
        let (value, moves) = Nim.analyse(&heaps);
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
        fn winning_moves_of_huge_heaps_reach_nim_sum_zero(
            digits in proptest::collection::vec("[1-9][0-9]{0,300}", 1..6)
        ) {
            let heaps: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            let (value, moves) = Nim.analyse(&heaps);
            prop_assert_eq!(value == UBig::ZERO, moves.is_empty());
            for m in &moves {
                prop_assert!(m.to < heaps[m.heap]);
                let mut after = heaps.clone();
                after[m.heap] = m.to.clone();
                prop_assert_eq!(Nim.analyse(&after).0, UBig::ZERO);
            }
        }
    }
}
