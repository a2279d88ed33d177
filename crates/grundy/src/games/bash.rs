//! Bash's game: take 1 to `M` counters from one heap.
//!
//! A heap of `n` has Grundy value `n mod (M + 1)`: from `n` the moves reach the
//! `M` heaps below it, whose values are the other residues. So a single heap is
//! lost exactly when `M + 1` divides it, and in a sum of heaps the only move in
//! a heap of value `g` towards value `t` takes `(g - t) mod (M + 1)`, when the
//! heap holds that many.
//!
//! In the overshooting form (HDU 2149, an auction won by the first bid to
//! reach a price), a take of more than the heap holds empties it: the game
//! is the same (from `n <= M` every take of `n` or more reaches 0, as taking
//! `n` does), only the moves to 0 have more names.

use dashu_int::UBig;

use crate::game::{each_nonempty, heap_sum_moves_to, EveryHeaps, HeapGame, HeapMove};
use crate::solve::remoteness::HeapRemoteness;

/// Bash's game with at most `max` counters taken a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bash {
    max: u64,
    /// Whether a take may pass the heap's size (and so empty it).
    overshoot: bool,
}

impl Bash {
    /// Every-SG of a sum of heaps. A heap `n = q(M+1) + r` has suspense
    /// `2q + [r > 0]`, its remoteness (induction on `n`: at `r = 0` every
    /// option has suspense `2q - 1`; at `r > 0` the one even option is
    /// `n - r`, of suspense `2q`). So with the largest suspense `2Q + 1` odd,
    /// the winner takes `r` from every heap of suspense `2Q + 1`, leaving
    /// `2Q`, and 1 from every other heap that has a move (its options last at
    /// most its own suspense, at most `2Q`): the largest left is `2Q`, even.
    /// The move that lasts one less goes to `n - r` when `r > 0` (suspense
    /// `2q`), else to `n - 1` (`2q - 1`).
    pub fn every_sg(&self, heaps: &[UBig]) -> EveryHeaps {
        let period = self.period();
        let suspense: Vec<UBig> = crate::stop::polling(heaps.iter())
            .map(|h| self.remoteness(h).remoteness)
            .collect();
        let steps = suspense.iter().max().cloned().unwrap_or(UBig::ZERO);
        let mut moves = Vec::new();
        if &steps % 2u8 == 1 {
            for (heap, h) in heaps.iter().enumerate() {
                if *h == UBig::ZERO {
                    continue;
                }
                let to = match suspense[heap] == steps {
                    true => h - h % &period,
                    false => h - UBig::ONE,
                };
                moves.push(HeapMove { heap, to });
            }
        }
        let lasting = each_nonempty(heaps, |h| match h % &period {
            r if r == UBig::ZERO => h - UBig::ONE,
            r => h - r,
        });
        EveryHeaps {
            steps,
            moves,
            lasting,
        }
    }

    /// The game taking 1..=`max`; `None` unless `max >= 1`.
    pub fn new(max: u64) -> Option<Bash> {
        (max >= 1).then_some(Bash {
            max,
            overshoot: false,
        })
    }

    /// The same game where a take may pass the heap's size, emptying it.
    pub fn overshooting(self) -> Bash {
        Bash {
            overshoot: true,
            ..self
        }
    }

    /// The most one move may take.
    pub fn max(&self) -> u64 {
        self.max
    }

    /// Whether a take may pass the heap's size.
    pub fn overshoot(&self) -> bool {
        self.overshoot
    }

    /// The takes that move a heap of `from` to `to`: `from - to`, and when
    /// overshooting and `to` is 0, every take from `from` up to `M` as well.
    /// Empty when no take does.
    pub fn takes(&self, from: &UBig, to: &UBig) -> std::ops::RangeInclusive<UBig> {
        if to >= from {
            return UBig::ONE..=UBig::ZERO;
        }
        let (take, max) = (from - to, UBig::from(self.max));
        match self.overshoot && *to == UBig::ZERO {
            true => take..=max,
            false if take <= max => take.clone()..=take,
            false => UBig::ONE..=UBig::ZERO,
        }
    }

    /// The period `M + 1` of the Grundy sequence (with preperiod 0).
    pub fn period(&self) -> UBig {
        UBig::from(self.max) + UBig::ONE
    }

    /// The Grundy value `n mod (M + 1)` of a heap of `n`.
    pub fn grundy(&self, n: &UBig) -> UBig {
        n % self.period()
    }

    /// The Grundy value `n mod (M + 1)` of a machine-word heap, without big
    /// integers (`M + 1 = 2^64` leaves every `u64` as it is).
    pub fn grundy_of(&self, n: u64) -> u64 {
        self.max.checked_add(1).map_or(n, |period| n % period)
    }

    /// The remoteness of a heap of `n = q*(M+1) + r`: `2q` when `r = 0`, else
    /// `2q + 1`. The winner takes `r`, then answers each take of `t` by
    /// `M + 1 - t`; the loser can do no better than keep that going, and
    /// every move from a multiple of `M + 1` lasts equally long, so the
    /// delaying move (ties to the least heap left) takes `M`.
    pub fn remoteness(&self, n: &UBig) -> HeapRemoteness {
        let period = self.period();
        let (q, r) = (n / &period, n % &period);
        let moves = UBig::from(2u8) * q;
        if r != UBig::ZERO {
            HeapRemoteness {
                remoteness: moves + UBig::ONE,
                best_left: Some(n - r),
            }
        } else {
            HeapRemoteness {
                remoteness: moves,
                best_left: (*n != UBig::ZERO).then(|| n - self.max),
            }
        }
    }

    /// The Grundy value of a sum of heaps, and every winning move in it.
    pub fn analyze(&self, heaps: &[UBig]) -> (UBig, Vec<HeapMove>) {
        self.moves_to(heaps, &UBig::ZERO)
    }

    /// The Grundy value of a sum of heaps, and every move in it to a sum of
    /// value `target`.
    pub fn moves_to(&self, heaps: &[UBig], target: &UBig) -> (UBig, Vec<HeapMove>) {
        heap_sum_moves_to(
            heaps,
            target,
            |h| self.grundy(h),
            |h, target| self.reduce_to(h, target).into_iter().collect(),
        )
    }
}

impl Bash {
    /// Misère Bash: whether the sum is a misère P-position, and every winning
    /// move. A heap of `n` plays in misère sums of Bash heaps as the Nim heap
    /// `n mod (M+1)`: heaps below `M+1` are Nim heaps, and a heap of
    /// `q(M+1) + r` is tame of genus that of `*r` (Conway, On Numbers and
    /// Games ch. 12: tame games add as Nim heaps under misère play), so
    /// Bouton's misère rule applies to the residues (the tests hold it against
    /// the misère search of the sums themselves). A single heap is a misère
    /// P-position exactly when `n = 1 mod (M+1)`.
    pub fn misere(&self, heaps: &[UBig]) -> (bool, Vec<HeapMove>) {
        let residues: Vec<UBig> = heaps.iter().map(|h| self.grundy(h)).collect();
        crate::games::nim::misere_moves(&residues, |heap, target| {
            self.reduce_to(&heaps[heap], target)
        })
    }

    /// The heap one move from `heap` leaves with value `target`, if any
    /// (the value may be larger than the heap's own).
    pub fn reduce_to(&self, heap: &UBig, target: &UBig) -> Option<UBig> {
        if target >= &self.period() {
            return None; // no heap has that value
        }
        let take = (self.grundy(heap) + self.period() - target) % self.period();
        (take != UBig::ZERO && &take <= heap).then(|| heap - take)
    }
}

impl HeapGame for Bash {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        for take in 1..=self.max.min(n) {
            match n - take {
                0 => visit(&[]),
                left => visit(&[left]),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oracle::check_heap_theory;
    use crate::solve::heap_sequence;
    use proptest::prelude::*;

    #[test]
    fn single_heap_values_are_residues() {
        for max in 1..8 {
            let game = Bash::new(max).unwrap();
            for (n, g) in heap_sequence(&game, 100).into_iter().enumerate() {
                assert_eq!(
                    UBig::from(g.0),
                    game.grundy(&UBig::from(n)),
                    "M={max} n={n}"
                );
            }
        }
    }

    #[test]
    fn theory_matches_the_rules_on_all_small_sums() {
        for max in 1..5 {
            let game = Bash::new(max).unwrap();
            check_heap_theory(game, |h| game.analyze(h), 3, 8);
        }
    }

    #[test]
    fn remoteness_of_a_heap_matches_the_search() {
        for max in 1..7 {
            let game = Bash::new(max).unwrap();
            crate::solve::remoteness::check_single_heap_remoteness(
                game,
                |n| game.remoteness(n),
                120,
            );
        }
    }

    #[test]
    fn misere_theory_matches_the_rules_on_all_small_sums() {
        for max in 1..6 {
            let game = Bash::new(max).unwrap();
            crate::games::oracle::check_misere_heap_theory(game, |h| game.misere(h), 3, 13);
            crate::games::oracle::check_misere_heap_theory(game, |h| game.misere(h), 4, 7);
        }
    }

    /// The takes named for each move are those the rules allow: each take of
    /// 1..=M leaves `n - take`, or 0 when overshooting and `take >= n`.
    #[test]
    fn takes_are_the_rules_takes() {
        for max in 1..6u64 {
            for game in [
                Bash::new(max).unwrap(),
                Bash::new(max).unwrap().overshooting(),
            ] {
                for from in 0..12u64 {
                    for to in 0..12u64 {
                        let expected: Vec<u64> = (1..=max)
                            .filter(|&t| match from.checked_sub(t) {
                                Some(left) => left == to,
                                None => game.overshoot() && to == 0 && from > 0,
                            })
                            .collect();
                        let named = game.takes(&UBig::from(from), &UBig::from(to));
                        let named: Vec<u64> = (u64::try_from(named.start()).unwrap()
                            ..=u64::try_from(named.end()).unwrap())
                            .collect();
                        assert_eq!(named, expected, "{game:?} {from} -> {to}");
                    }
                }
            }
        }
    }

    #[test]
    fn zero_is_not_a_bound() {
        assert_eq!(Bash::new(0), None);
    }

    proptest! {
        #[test]
        fn machine_word_values_match_the_big_ones(
            max in prop_oneof![1u64..20, Just(u64::MAX - 1), Just(u64::MAX), any::<u64>()],
            n in any::<u64>()
        ) {
            let game = Bash::new(max.max(1)).unwrap();
            prop_assert_eq!(UBig::from(game.grundy_of(n)), game.grundy(&UBig::from(n)));
        }

        #[test]
        fn misere_moves_of_huge_heaps_take_1_to_m_to_misere_p_positions(
            max in 1u64..u64::MAX,
            digits in proptest::collection::vec("[1-9][0-9]{0,60}", 1..5)
        ) {
            let game = Bash::new(max).unwrap();
            let heaps: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            let (is_p, moves) = game.misere(&heaps);
            prop_assert_eq!(is_p, moves.is_empty());
            for m in &moves {
                let taken = &heaps[m.heap] - &m.to;
                prop_assert!(taken >= UBig::ONE && taken <= UBig::from(max));
                let mut after = heaps.clone();
                after[m.heap] = m.to.clone();
                prop_assert!(game.misere(&after).0);
            }
        }

        #[test]
        fn winning_moves_of_huge_heaps_take_1_to_m(
            max in 1u64..u64::MAX,
            digits in proptest::collection::vec("[1-9][0-9]{0,60}", 1..5)
        ) {
            let game = Bash::new(max).unwrap();
            let heaps: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            let (value, moves) = game.analyze(&heaps);
            prop_assert_eq!(value == UBig::ZERO, moves.is_empty());
            for m in &moves {
                let taken = &heaps[m.heap] - &m.to;
                prop_assert!(taken >= UBig::ONE && taken <= UBig::from(max));
                let mut after = heaps.clone();
                after[m.heap] = m.to.clone();
                prop_assert_eq!(game.analyze(&after).0, UBig::ZERO);
            }
        }
    }
}
