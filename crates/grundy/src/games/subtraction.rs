//! Subtraction games: take one of the amounts in a finite set `S` from one heap.
//!
//! `G(n) = mex { G(n - s) : s in S, s <= n }`. With `m = max S`, each value is a
//! function of the `m` values before it, so the sequence is eventually periodic
//! (there are finitely many windows of `m` values) and the first repeated
//! window proves the period: see [`crate::analysis::periodicity`]. Once the
//! period is known, heaps of any size are answered by reducing into it.
//!
//! The lengths of play of a heap — its remoteness (normal play: the winner
//! hurries, the loser delays) and its suspense (Every-SG: the winner of a
//! component makes it last, the loser ends it) — are also functions of the
//! `m` lengths before them, and adding an even constant to those adds it to
//! the next (both rules read only parities, minima and maxima). So a window
//! of `m` lengths that repeats up to an even shift proves them arithmetic
//! periodic, `x(n + p) = x(n) + s`, and heaps of any size are answered too:
//! see [`certify_by_shifted_repeat`].

use std::collections::{BTreeMap, BTreeSet};

use dashu_int::UBig;

use crate::analysis::periodicity::{
    certify_by_repeat, certify_by_shifted_repeat, Periodic, ShiftedPeriodic,
};
use crate::game::{heap_sum_moves_to, EveryHeaps, HeapGame, HeapMove};
use crate::nimber::{MexSet, Nimber};
use crate::solve::remoteness::remoteness_from;
use crate::solve::summands::{suspense, winning_options};
use crate::stop::{self, Ticker};

/// The subtraction game with subtraction set `S`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    /// The amounts, ascending, without repeats.
    set: Vec<u64>,
}

impl Subtraction {
    /// The game with the given amounts (in any order, repeats ignored); `None`
    /// when the set is empty or holds 0.
    pub fn new(amounts: &[u64]) -> Option<Subtraction> {
        let mut set = amounts.to_vec();
        set.sort_unstable();
        set.dedup();
        (!set.is_empty() && set[0] > 0).then_some(Subtraction { set })
    }

    /// The amounts, ascending.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The largest amount: how many earlier values each value depends on.
    pub fn largest(&self) -> u64 {
        *self.set.last().expect("the set is not empty")
    }

    /// The Grundy value of the next heap, `G(values.len())`, from the values below it.
    fn next_value(&self, values: &[Nimber], seen: &mut MexSet) -> Nimber {
        let n = values.len() as u64;
        seen.clear();
        for &s in self.set.iter().take_while(|&&s| s <= n) {
            seen.insert(values[(n - s) as usize].0);
        }
        Nimber(seen.mex())
    }

    /// The misère Grundy values `G-(n)` (Conway's `γ0`: 1 without a move,
    /// else the mex of the options' values; 0 exactly at a heap the player
    /// to move loses under misère play), certified periodic as the normal
    /// values are, within `max_terms` heaps; `Err` holds the values computed
    /// otherwise.
    pub fn misere_periodic(&self, max_terms: u64) -> Result<Periodic, Vec<Nimber>> {
        let mut seen = MexSet::default();
        let Ok(memory) = usize::try_from(self.largest()) else {
            return Err(Vec::new());
        };
        let least = self.set[0] as usize;
        certify_by_repeat(memory, max_terms, |values| match values.len() < least {
            true => Nimber(1),
            false => self.next_value(values, &mut seen),
        })
    }

    /// The certified period of the Grundy sequence, computing at most `max_terms`
    /// values; when no window of `max S` values repeats within them, `Err`
    /// holds the values computed, `G(0..max_terms)`.
    pub fn periodic(&self, max_terms: u64) -> Result<Periodic, Vec<Nimber>> {
        let mut seen = MexSet::default();
        let Ok(memory) = usize::try_from(self.largest()) else {
            return Err(Vec::new());
        };
        certify_by_repeat(memory, max_terms, |values| {
            self.next_value(values, &mut seen)
        })
    }

    /// The remoteness of every heap, certified arithmetic periodic within
    /// `max_terms` heaps; `Err` holds the remotenesses computed otherwise.
    pub fn remoteness_periodic(&self, max_terms: u64) -> Result<ShiftedPeriodic, Vec<u64>> {
        self.lengths(max_terms, |options| remoteness_from(options))
    }

    /// The suspense (Every-SG) of every heap, certified arithmetic periodic
    /// within `max_terms` heaps; `Err` holds the suspenses computed otherwise.
    pub fn suspense_periodic(&self, max_terms: u64) -> Result<ShiftedPeriodic, Vec<u64>> {
        self.lengths(max_terms, |options| suspense(options))
    }

    /// A length of play of every heap, from the lengths of its options by
    /// `rule`, certified as the module says.
    fn lengths(
        &self,
        max_terms: u64,
        rule: impl Fn(&mut dyn Iterator<Item = u64>) -> u64,
    ) -> Result<ShiftedPeriodic, Vec<u64>> {
        let Ok(memory) = usize::try_from(self.largest()) else {
            return Err(Vec::new());
        };
        certify_by_shifted_repeat(memory, max_terms, |lengths| {
            let n = lengths.len();
            let mut options = self
                .set
                .iter()
                .take_while(|&&s| s as usize <= n)
                .map(|&s| lengths[n - s as usize]);
            rule(&mut options)
        })
    }

    /// The heaps the moves from a heap of `n` leave, in the order of
    /// [`HeapGame::for_each_move`] (amounts ascending).
    pub fn options_of(&self, n: &UBig) -> Vec<UBig> {
        self.set
            .iter()
            .map(|&s| UBig::from(s))
            .take_while(|s| s <= n)
            .map(|s| n - s)
            .collect()
    }

    /// The heap that the move keeping the length of play `lengths` leaves
    /// from `n` (the option whose length is one less; ties to the least heap
    /// left), or `None` without a move. With remoteness it is the fastest win
    /// or the longest defence; with suspense, the move that makes the
    /// component last as long as it can, which in Every-SG is the winner's.
    pub fn length_move(&self, lengths: &ShiftedPeriodic, n: &UBig) -> Option<UBig> {
        let length = lengths.value(n);
        if length == UBig::ZERO {
            return None;
        }
        let target = length - UBig::ONE;
        self.options_of(n)
            .into_iter()
            .rev()
            .find(|left| lengths.value(left) == target)
    }

    /// Every-SG of a sum of heaps, from the suspenses certified arithmetic
    /// periodic within `max_terms` heaps (with them, for the method line):
    /// Smith's theorem on the heaps' suspense, and every move of a heap that
    /// belongs to a winning move, as the search lists them; `None` when no
    /// window repeats within `max_terms`.
    pub fn every_sg(
        &self,
        heaps: &[UBig],
        max_terms: u64,
    ) -> Option<(EveryHeaps, ShiftedPeriodic)> {
        let lengths = self.suspense_periodic(max_terms).ok()?;
        let steps = stop::polling(heaps.iter())
            .map(|h| lengths.value(h))
            .max()
            .unwrap_or(UBig::ZERO);
        let mut moves = Vec::new();
        if &steps % 2u8 == 1 {
            let lefts: Vec<Vec<UBig>> = stop::polling(heaps.iter())
                .map(|h| self.options_of(h))
                .collect();
            let option_steps: Vec<Vec<UBig>> = stop::polling(lefts.iter())
                .map(|options| options.iter().map(|left| lengths.value(left)).collect())
                .collect();
            let winning = winning_options(&option_steps, |r| r % 2u8 == 0);
            for (heap, ks) in winning.iter().enumerate() {
                for &k in ks {
                    let to = lefts[heap][k].clone();
                    moves.push(HeapMove { heap, to });
                }
            }
        }
        let lasting = (0..heaps.len())
            .filter_map(|heap| {
                let to = self.length_move(&lengths, &heaps[heap])?;
                Some(HeapMove { heap, to })
            })
            .collect();
        let every = EveryHeaps {
            steps,
            moves,
            lasting,
        };
        Some((every, lengths))
    }

    /// Misère play of one heap of at least `max S` (the others empty) by its
    /// misère Grundy value `G-(n)`, certified periodic within `max_terms`
    /// heaps: P exactly when it is 0, the winning moves those to a heap of
    /// misère value 0. Whether it is P, the winning moves, and the values;
    /// `None` for other positions. (Sums of several heaps are left to the
    /// search and the misère quotient: a subtraction game need not be tame.)
    pub fn misere_alone(
        &self,
        heaps: &[UBig],
        max_terms: u64,
    ) -> Option<(bool, Vec<HeapMove>, Periodic)> {
        let nonempty: Vec<usize> = (0..heaps.len())
            .filter(|&i| heaps[i] != UBig::ZERO)
            .collect();
        let [heap] = nonempty[..] else {
            return None;
        };
        if heaps[heap] < UBig::from(self.largest()) {
            return None;
        }
        let values = self.misere_periodic(max_terms).ok()?;
        let lost = |h: &UBig| values.value(h) == Nimber(0);
        let moves = self
            .options_of(&heaps[heap])
            .into_iter()
            .filter(|left| lost(left))
            .map(|to| HeapMove { heap, to })
            .collect();
        Some((lost(&heaps[heap]), moves, values))
    }

    /// `G(0..count)`: values beyond the certified period (if a window repeats
    /// within the first `search` values) are read from it, which costs one
    /// look-up a value instead of `|S|` rules; the rest come from the rules.
    pub fn values(&self, count: usize, search: u64) -> Vec<Nimber> {
        match self.periodic(search.min(count as u64)) {
            Ok(periodic) => (0..count as u64).map(|n| periodic.value_at(n)).collect(),
            Err(mut values) => {
                let mut seen = MexSet::default();
                values.reserve(count.saturating_sub(values.len()));
                let mut ticker = Ticker::<10>::new();
                while values.len() < count {
                    ticker.tick();
                    let next = self.next_value(&values, &mut seen);
                    values.push(next);
                }
                values
            }
        }
    }

    /// The Grundy value of a sum of heaps of any size, and every move in it to
    /// a sum of value `target` (0: the winning moves), given the game's
    /// [`periodic`](Self::periodic) sequence.
    pub fn analyze(
        &self,
        periodic: &Periodic,
        heaps: &[UBig],
        target: &UBig,
    ) -> (UBig, Vec<HeapMove>) {
        self.analyze_by(|h| periodic.value(h), heaps, target)
    }

    /// The same from the values `G(0..=h)` of the largest heap `h` given (for
    /// heaps too small for the period search to pay, or whose period is not
    /// known); `None` when `values` does not reach the largest heap.
    pub fn analyze_small(
        &self,
        values: &[Nimber],
        heaps: &[UBig],
        target: &UBig,
    ) -> Option<(UBig, Vec<HeapMove>)> {
        let known = |h: &UBig| usize::try_from(h).is_ok_and(|h| h < values.len());
        if !heaps.iter().all(known) {
            return None;
        }
        // Every heap a move leaves is smaller than a heap given, so known too.
        let value = |h: &UBig| values[usize::try_from(h).expect("below a heap given")];
        Some(self.analyze_by(value, heaps, target))
    }

    /// The same from the values of only the heaps the given ones can reach
    /// (`h - s1 - s2 - ...`), for heaps whose period is not known but which
    /// reach few heaps (a heap of 10^7 in `{9999999}` reaches only 1); `None`
    /// when they reach more than `budget` heaps.
    pub fn analyze_reachable(
        &self,
        heaps: &[UBig],
        budget: usize,
        target: &UBig,
    ) -> Option<(UBig, Vec<HeapMove>)> {
        let reachable = self.reachable(heaps, budget)?;
        let mut values: BTreeMap<&UBig, Nimber> = BTreeMap::new();
        let mut options = MexSet::default();
        // Ascending, so every option's value is known when a heap needs it.
        for h in &reachable {
            options.clear();
            for s in self.set.iter().map(|&s| UBig::from(s)) {
                if s <= *h {
                    options.insert(values[&(h - s)].0);
                }
            }
            values.insert(h, Nimber(options.mex()));
        }
        Some(self.analyze_by(|h| values[h], heaps, target))
    }

    /// Every heap reachable from `heaps` (themselves included), or `None` when
    /// there are more than `budget`.
    fn reachable(&self, heaps: &[UBig], budget: usize) -> Option<BTreeSet<UBig>> {
        let mut seen: BTreeSet<UBig> = heaps.iter().cloned().collect();
        let mut todo: Vec<UBig> = seen.iter().cloned().collect();
        while let Some(h) = todo.pop() {
            stop::poll();
            // The amounts ascend: once one exceeds the heap, all do.
            for s in self.set.iter().map(|&s| UBig::from(s)) {
                if s > h {
                    break;
                }
                let smaller = &h - s;
                if seen.insert(smaller.clone()) {
                    if seen.len() > budget {
                        return None;
                    }
                    todo.push(smaller);
                }
            }
        }
        Some(seen)
    }

    fn analyze_by(
        &self,
        value: impl Fn(&UBig) -> Nimber,
        heaps: &[UBig],
        target: &UBig,
    ) -> (UBig, Vec<HeapMove>) {
        let value = |h: &UBig| UBig::from(value(h).0);
        heap_sum_moves_to(heaps, target, value, |h, target| {
            self.options_of(h)
                .into_iter()
                .filter(|left| &value(left) == target)
                .collect()
        })
    }
}

impl HeapGame for Subtraction {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        for &s in self.set.iter().take_while(|&&s| s <= n) {
            match n - s {
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

    fn game(set: &[u64]) -> Subtraction {
        Subtraction::new(set).unwrap()
    }

    #[test]
    fn known_periods() {
        // {1, 3, 4}: 0 1 0 1 2 3 2, period 7 from the start (Berlekamp, Conway, Guy).
        let p = game(&[1, 3, 4]).periodic(1000).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        assert_eq!(p.prefix, [0, 1, 0, 1, 2, 3, 2].map(Nimber));
        // {2, 5, 7}: 0 0 1 1 0 2 1 3 2 2 0 3 ..., period 22 from the start (by hand).
        let p = game(&[2, 5, 7]).periodic(1000).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 22));
        // {1..M} is Bash: period M + 1.
        let p = game(&[1, 2, 3]).periodic(1000).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 4));
    }

    #[test]
    fn values_of_reachable_heaps_match_the_rules_on_all_small_sums() {
        for set in [&[1, 3, 4][..], &[2, 5, 7], &[3], &[2, 3], &[9999999]] {
            let g = game(set);
            check_heap_theory(
                g.clone(),
                |h| {
                    g.analyze_reachable(h, 1 << 12, &UBig::ZERO)
                        .expect("few heaps")
                },
                3,
                9,
            );
        }
        // A heap of 10^7 in {9999999} reaches only 1 (the defect: it was refused).
        let big = [UBig::from(10_000_000u32)];
        let (value, moves) = game(&[9999999])
            .analyze_reachable(&big, 8, &UBig::ZERO)
            .unwrap();
        assert_eq!((value, moves.len()), (UBig::ONE, 1));
        assert!(game(&[1, 2])
            .analyze_reachable(&big, 1000, &UBig::ZERO)
            .is_none());
    }

    #[test]
    fn theory_matches_the_rules_on_all_small_sums() {
        for set in [&[1, 3, 4][..], &[2, 5, 7], &[3], &[2, 3], &[1, 4, 5, 9]] {
            let g = game(set);
            let p = g.periodic(10_000).unwrap();
            check_heap_theory(g.clone(), |h| g.analyze(&p, h, &UBig::ZERO), 3, 9);
        }
    }

    #[test]
    fn small_heaps_are_answered_from_the_rules_without_the_period() {
        // Issue 9: `analyze subtraction:9999999 5` was refused; a heap below
        // min S has no move. The period of {s} needs 3s values, so smaller
        // sets stand in for the sizes of the test, against exhaustive search.
        for set in [&[9_999_999][..], &[7], &[3, 5], &[2, 5, 7], &[4, 9, 10]] {
            let g = game(set);
            let values = g.values(40, 40);
            assert_eq!(values, heap_sequence(&g, 40), "{set:?}");
            if g.largest() >= 40 {
                assert!(g.periodic(40).is_err());
            }
            check_heap_theory(
                g.clone(),
                |h| g.analyze_small(&values, h, &UBig::ZERO).unwrap(),
                3,
                12,
            );
        }
        let big = game(&[9_999_999]);
        let (value, moves) = big
            .analyze_small(&big.values(6, 6), &[UBig::from(5u8)], &UBig::ZERO)
            .unwrap();
        assert_eq!((value, moves), (UBig::ZERO, Vec::new()));
        assert_eq!(
            big.analyze_small(&big.values(6, 6), &[UBig::from(6u8)], &UBig::ZERO),
            None
        );
    }

    #[test]
    fn values_read_from_the_period_match_the_rules() {
        for set in [&[1, 3, 4][..], &[2, 5, 7], &[3], &[1, 4, 5, 9]] {
            let g = game(set);
            for search in [0, 10, 1000] {
                assert_eq!(g.values(500, search), heap_sequence(&g, 500), "{set:?}");
            }
        }
    }

    #[test]
    fn bad_sets_are_refused() {
        assert_eq!(Subtraction::new(&[]), None);
        assert_eq!(Subtraction::new(&[0, 2]), None);
        assert_eq!(game(&[3, 1, 3]).set(), [1, 3]);
    }

    /// The remoteness and suspense of heaps `0..count` by search over the
    /// rules: the remoteness search, and Smith's suspense over the summand
    /// graph of the heaps.
    fn searched_lengths(g: &Subtraction, count: u64) -> (Vec<u64>, Vec<u64>) {
        use crate::game::Heaps;
        use crate::solve::remoteness::Remoteness;
        use crate::solve::summands::SummandGraph;
        let mut search = Remoteness::new(Heaps(g.clone()), u64::MAX);
        let remoteness = (0..count)
            .map(|n| search.remoteness(&Heaps::<Subtraction>::position(&[n])))
            .collect::<Result<_, _>>()
            .unwrap();
        let graph = SummandGraph::of_heaps(g, count - 1, u64::MAX).unwrap();
        (remoteness, graph.every_steps().unwrap())
    }

    /// The least heap left by a move of `n` to a length one less, read from
    /// the searched lengths.
    fn searched_length_move(g: &Subtraction, lengths: &[u64], n: u64) -> Option<UBig> {
        let mut lefts = Vec::new();
        g.for_each_move(n, |left| lefts.push(left.first().copied().unwrap_or(0)));
        lefts
            .into_iter()
            .filter(|&left| lengths[left as usize] + 1 == lengths[n as usize])
            .min()
            .map(UBig::from)
    }

    /// Remoteness and suspense certified arithmetic periodic against the
    /// search over the rules, for every set within `1..=6` and a few larger
    /// ones, on every heap up to three whole periods past the certificate:
    /// the lengths and the move that keeps them.
    #[test]
    fn certified_lengths_are_those_of_the_rules() {
        let small_sets =
            (1u32..64).map(|bits| (1..=6).filter(|s| bits >> (s - 1) & 1 == 1).collect());
        let larger: Vec<Vec<u64>> = vec![
            vec![2, 5, 7],
            vec![3, 4, 9],
            vec![1, 4, 5, 9],
            vec![7],
            vec![5, 11],
        ];
        for set in small_sets.chain(larger) {
            let g = game(&set);
            let remoteness = g.remoteness_periodic(1 << 20).unwrap();
            let suspense = g.suspense_periodic(1 << 20).unwrap();
            let count = [&remoteness, &suspense]
                .iter()
                .map(|p| p.checked_to + 3 * p.period + 20)
                .max()
                .unwrap();
            let (searched_r, searched_s) = searched_lengths(&g, count);
            for (lengths, searched) in [(&remoteness, &searched_r), (&suspense, &searched_s)] {
                for n in 0..count {
                    let big = UBig::from(n);
                    assert_eq!(
                        lengths.value(&big),
                        UBig::from(searched[n as usize]),
                        "{set:?} {n}"
                    );
                    assert_eq!(
                        g.length_move(lengths, &big),
                        searched_length_move(&g, searched, n),
                        "{set:?} {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn known_length_periods() {
        // {2, 5, 7}: the remoteness grows by 6 every 22 heaps (its Grundy
        // period), the suspense by 4, from heap 12.
        let g = game(&[2, 5, 7]);
        let r = g.remoteness_periodic(1000).unwrap();
        assert_eq!((r.period, r.saltus), (22, 6));
        let s = g.suspense_periodic(1000).unwrap();
        assert_eq!((s.preperiod, s.period, s.saltus), (12, 22, 4));
        // A window of max S that cannot repeat within the budget: no claim.
        assert!(game(&[9999]).remoteness_periodic(100).is_err());
    }

    /// Misère values certified periodic against the misère search of single
    /// heaps over the rules, for every set within `1..=6` and a few larger
    /// ones, up to three whole periods past the certificate.
    #[test]
    fn certified_misere_values_give_the_searched_outcomes() {
        use crate::game::Heaps;
        use crate::solve::misere::Misere;
        use crate::solve::Memo;
        let small_sets =
            (1u32..64).map(|bits| (1..=6).filter(|s| bits >> (s - 1) & 1 == 1).collect());
        let larger: Vec<Vec<u64>> = vec![vec![2, 5, 7], vec![3, 4, 9], vec![7], vec![5, 11]];
        for set in small_sets.chain(larger) {
            let g = game(&set);
            let p = g.misere_periodic(1 << 20).unwrap();
            let mut search = Memo::new(Misere(Heaps(g.clone())));
            for n in 0..p.checked_to + 3 * p.period + 20 {
                let at = Some(Heaps::<Subtraction>::position(&[n]));
                let lost = search.outcome(&at).unwrap() == crate::game::Outcome::P;
                assert_eq!(p.value(&UBig::from(n)).0 == 0, lost, "{set:?} {n}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_period_holds_far_beyond_the_certificate(
            set in proptest::collection::btree_set(1u64..12, 1..5)
        ) {
            let set: Vec<u64> = set.into_iter().collect();
            let g = game(&set);
            let p = g.periodic(1_000_000).unwrap();
            let len = (p.checked_to + 5 * p.period + 100) as usize;
            let table = heap_sequence(&g, len);
            for (n, &v) in table.iter().enumerate() {
                prop_assert_eq!(p.value(&UBig::from(n)), v, "n = {}", n);
            }
            // The least period and preperiod: no smaller pair fits the table.
            let fits = |n0: usize, per: usize| (n0..len - per).all(|n| table[n + per] == table[n]);
            for per in 1..p.period as usize {
                prop_assert!(!(0..=p.checked_to as usize).any(|n0| fits(n0, per)), "period {} fits", per);
            }
            if p.preperiod > 0 {
                prop_assert!(!fits(p.preperiod as usize - 1, p.period as usize));
            }
        }

        #[test]
        fn certified_lengths_step_by_the_saltus_at_any_size(
            set in proptest::collection::btree_set(1u64..10, 1..4),
            digits in "[1-9][0-9]{20,40}",
        ) {
            let set: Vec<u64> = set.into_iter().collect();
            let g = game(&set);
            let n: UBig = digits.parse().unwrap();
            for lengths in [g.remoteness_periodic(1 << 20).unwrap(), g.suspense_periodic(1 << 20).unwrap()] {
                let next = &n + lengths.period;
                prop_assert_eq!(lengths.value(&next), lengths.value(&n) + lengths.saltus);
                let left = g.length_move(&lengths, &n).expect("a huge heap has a move");
                prop_assert_eq!(lengths.value(&left) + UBig::ONE, lengths.value(&n));
            }
        }
    }
}
