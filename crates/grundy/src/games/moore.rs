//! Moore's Nim_K (Moore 1910): a move takes a positive number of counters
//! from each of at least one and at most `K` heaps.
//!
//! A position is a P-position exactly when, for every binary digit, the
//! number of heaps with that digit set is a multiple of `K + 1` (`K = 1` is
//! Nim). From an N-position a winning move is built from the highest digit
//! down ([`Moore::winning_move`]): heaps are *chosen* (to be reduced) as the digits
//! demand; at a digit whose column sum is `r` modulo `K + 1` among the
//! unchosen heaps, either `r` more heaps with the digit set are chosen and
//! have it cleared (when at most `K` are then chosen), or, with `m` heaps
//! already chosen and `m + r > K`, exactly `K + 1 - r` of them get the digit
//! set (a chosen heap's lower digits are free: it is already smaller). Every
//! winning move is listed by a digit-by-digit search over each set of at
//! most `K` heaps ([`Moore::winning_moves`]), within a stated budget.

use dashu_int::ops::BitTest;
use dashu_int::UBig;

use crate::game::Impartial;
use crate::stop::{self, Ticker};

/// Moore's Nim_K.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moore {
    k: u64,
}

/// A move: the heaps it changes (ascending) and their new sizes.
pub type MooreMove = Vec<(usize, UBig)>;

/// Listing every winning move would cost more than the budget: about
/// `work` steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooMuchWork {
    /// The steps the listing would take.
    pub work: u128,
}

impl Moore {
    /// Moore's Nim_K, `K >= 1`.
    pub fn new(k: u64) -> Option<Moore> {
        (k >= 1).then_some(Moore { k })
    }

    /// The most heaps a move changes.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Whether the player to move loses: every digit column sums to a
    /// multiple of `K + 1`.
    pub fn is_p_position(&self, heaps: &[UBig]) -> bool {
        let width = heaps.iter().map(BitTest::bit_len).max().unwrap_or(0);
        (0..width).all(|bit| column(heaps, bit, |_| true) % self.modulus() == 0)
    }

    /// `K + 1`, as a count of heaps.
    fn modulus(&self) -> u128 {
        u128::from(self.k) + 1
    }

    /// One winning move (Moore's construction), or `None` at a P-position.
    pub fn winning_move(&self, heaps: &[UBig]) -> Option<MooreMove> {
        let width = heaps.iter().map(BitTest::bit_len).max().unwrap_or(0);
        let mut new: Vec<UBig> = heaps.to_vec();
        let mut chosen: Vec<usize> = Vec::new();
        let mut is_chosen = vec![false; heaps.len()];
        for bit in (0..width).rev() {
            let r = column(heaps, bit, |i| !is_chosen[i]) % self.modulus();
            let m = chosen.len() as u128;
            // Chosen heaps first get 0 here; then either more heaps are
            // chosen, or some chosen ones get a 1.
            chosen.iter().for_each(|&i| new[i].clear_bit(bit));
            if r == 0 {
                continue;
            }
            if m + r <= u128::from(self.k) {
                let set = (0..heaps.len()).filter(|&i| heaps[i].bit(bit) && !is_chosen[i]);
                let more: Vec<usize> = set.take(r as usize).collect();
                for &i in &more {
                    new[i].clear_bit(bit);
                    is_chosen[i] = true;
                }
                chosen.extend(more);
            } else {
                let wanted = (self.modulus() - r) as usize; // at most m
                chosen[..wanted].iter().for_each(|&i| new[i].set_bit(bit));
            }
        }
        chosen.sort_unstable();
        (!chosen.is_empty()).then(|| chosen.into_iter().map(|i| (i, new[i].clone())).collect())
    }

    /// The steps [`Moore::winning_moves`] takes on `heaps`: for each set of
    /// `j <= K` heaps, `4^j` per binary digit.
    pub fn listing_work(&self, heaps: &[UBig]) -> u128 {
        let width = heaps.iter().map(BitTest::bit_len).max().unwrap_or(0) as u128;
        let most = heaps
            .len()
            .min(usize::try_from(self.k).unwrap_or(usize::MAX));
        let mut subsets: u128 = 1;
        let mut work: u128 = 0;
        for j in 1..=most {
            // C(h, j) from C(h, j - 1).
            subsets = subsets.saturating_mul((heaps.len() - j + 1) as u128) / j as u128;
            let per = 4u128.checked_pow(j as u32).unwrap_or(u128::MAX);
            work = work.saturating_add(subsets.saturating_mul(per).saturating_mul(width.max(1)));
        }
        work
    }

    /// How many winning moves there are, and the first `limit` of them in the
    /// order of the sets of heaps they change, or [`TooMuchWork`] when the
    /// search would take more than `budget` steps.
    pub fn winning_moves(
        &self,
        heaps: &[UBig],
        budget: u128,
        limit: usize,
    ) -> Result<(UBig, Vec<MooreMove>), TooMuchWork> {
        if self.is_p_position(heaps) {
            return Ok((UBig::ZERO, Vec::new()));
        }
        let work = self.listing_work(heaps);
        if work > budget {
            return Err(TooMuchWork { work });
        }
        let width = heaps.iter().map(BitTest::bit_len).max().unwrap_or(0);
        // Column sums once: a set's search subtracts its own heaps.
        let columns: Vec<u128> = (0..width).map(|bit| column(heaps, bit, |_| true)).collect();
        let mut count = UBig::ZERO;
        let mut moves = Vec::new();
        let most = heaps
            .len()
            .min(usize::try_from(self.k).unwrap_or(usize::MAX));
        for j in 1..=most {
            for set in subsets(heaps.len(), j) {
                stop::poll();
                let search = SetSearch::new(self, heaps, &set, &columns);
                count += search.count();
                search.list(limit.saturating_sub(moves.len()), &mut moves);
            }
        }
        Ok((count, moves))
    }
}

/// How many of the heaps `i` with `keep(i)` have binary digit `bit` set.
fn column(heaps: &[UBig], bit: usize, keep: impl Fn(usize) -> bool) -> u128 {
    heaps
        .iter()
        .enumerate()
        .filter(|&(i, h)| keep(i) && h.bit(bit))
        .count() as u128
}

/// Every set of `j` indices below `n`, ascending.
fn subsets(n: usize, j: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut set: Vec<usize> = (0..j).collect();
    loop {
        all.push(set.clone());
        // The last index that can still move up.
        let Some(i) = (0..j).rev().find(|&i| set[i] < n - j + i) else {
            return all;
        };
        set[i] += 1;
        for l in i + 1..j {
            set[l] = set[l - 1] + 1;
        }
    }
}

/// The moves that change exactly the heaps of one set and reach a
/// P-position: new sizes chosen digit by digit from the top, each heap
/// *tight* (equal to its old size so far) or already smaller; at the end
/// every heap of the set must be smaller.
struct SetSearch<'a> {
    heaps: &'a [UBig],
    set: &'a [usize],
    /// How many heaps (of all) have each binary digit set.
    columns: &'a [u128],
    width: usize,
    modulus: u128,
    /// `ways[bit][tight]`: how many ways digits `bit - 1 .. 0` finish from
    /// the tight mask `tight` (`ways[0][0] = 1`).
    ways: Vec<Vec<UBig>>,
}

impl<'a> SetSearch<'a> {
    fn new(game: &Moore, heaps: &'a [UBig], set: &'a [usize], columns: &'a [u128]) -> Self {
        let states = 1usize << set.len();
        let width = columns.len();
        let mut search = SetSearch {
            heaps,
            set,
            columns,
            width,
            modulus: game.modulus(),
            ways: vec![vec![UBig::ZERO; states]; width + 1],
        };
        search.ways[0][0] = UBig::ONE;
        for bit in 0..width {
            for tight in 0..states {
                let total: UBig = search
                    .choices(bit, tight)
                    .map(|(_, next)| search.ways[bit][next].clone())
                    .sum();
                search.ways[bit + 1][tight] = total;
            }
        }
        search
    }

    /// How many moves change exactly this set.
    fn count(&self) -> UBig {
        self.ways[self.width][(1 << self.set.len()) - 1].clone()
    }

    /// The digits `bit` of the set's new sizes (bit `l` for heap `set[l]`)
    /// allowed from the tight mask `tight`, with the tight mask after them.
    fn choices(&self, bit: usize, tight: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let old: usize = (0..self.set.len())
            .filter(|&l| self.heaps[self.set[l]].bit(bit))
            .map(|l| 1 << l)
            .sum();
        let outside = self.columns[bit] - old.count_ones() as u128;
        (0..1usize << self.set.len()).filter_map(move |digits| {
            // A tight heap may not get a 1 where its old size has 0.
            let too_large = digits & tight & !old;
            let sums = (outside + digits.count_ones() as u128) % self.modulus == 0;
            (too_large == 0 && sums).then_some((digits, tight & !(old & !digits)))
        })
    }

    /// Appends up to `limit` of the moves to `moves`.
    fn list(&self, limit: usize, moves: &mut Vec<MooreMove>) {
        let start = vec![UBig::ZERO; self.set.len()];
        let mut stack = vec![(self.width, (1usize << self.set.len()) - 1, start)];
        let mut listed = 0;
        let mut ticker = Ticker::<8>::new();
        while let Some((bit, tight, sizes)) = stack.pop() {
            ticker.tick();
            if listed >= limit {
                return;
            }
            if bit == 0 {
                moves.push(self.set.iter().copied().zip(sizes).collect());
                listed += 1;
                continue;
            }
            let below = bit - 1;
            let next: Vec<(usize, usize)> = self
                .choices(below, tight)
                .filter(|&(_, t)| self.ways[below][t] != UBig::ZERO)
                .collect();
            // Pushed in reverse so that smaller digits come out first.
            for (digits, t) in next.into_iter().rev() {
                let mut sizes = sizes.clone();
                for (l, size) in sizes.iter_mut().enumerate() {
                    if digits >> l & 1 == 1 {
                        size.set_bit(below);
                    }
                }
                stack.push((below, t, sizes));
            }
        }
    }
}

impl Impartial for Moore {
    type Position = Vec<u64>;

    /// Every move: a non-empty set of at most `K` heaps, each made smaller.
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut result = Vec::new();
        let mut partial = vec![(heaps.clone(), 0usize, 0u64)]; // (position, next heap, changed)
        while let Some((position, next, changed)) = partial.pop() {
            if next == heaps.len() {
                if changed > 0 {
                    result.push(position);
                }
                continue;
            }
            partial.push((position.clone(), next + 1, changed));
            if changed < self.k {
                for smaller in 0..heaps[next] {
                    let mut after = position.clone();
                    after[next] = smaller;
                    partial.push((after, next + 1, changed + 1));
                }
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::games::oracle::{check_claim, heap_tuples, Claim};
    use crate::solve::Memo;
    use proptest::prelude::*;

    fn big(heaps: &[u64]) -> Vec<UBig> {
        heaps.iter().map(|&h| UBig::from(h)).collect()
    }

    fn reached(heaps: &[u64], m: &MooreMove) -> Vec<u64> {
        let mut after = heaps.to_vec();
        for (i, size) in m {
            after[*i] = u64::try_from(size).unwrap();
        }
        after
    }

    #[test]
    fn theory_matches_the_rules_on_all_small_positions() {
        for (k, count, max) in [
            (1, 3, 5),
            (2, 3, 6),
            (2, 4, 3),
            (3, 4, 3),
            (3, 5, 2),
            (4, 5, 2),
        ] {
            let game = Moore::new(k).unwrap();
            let mut memo = Memo::new(game);
            for heaps in heap_tuples(count, max) {
                let p = game.is_p_position(&big(&heaps));
                let (total, moves) = game
                    .winning_moves(&big(&heaps), u128::MAX, usize::MAX)
                    .unwrap();
                assert_eq!(total, UBig::from(moves.len()), "{heaps:?}");
                let claim = Claim {
                    outcome: Some(Outcome::from_p(p)),
                    value: None,
                    reached: moves.iter().map(|m| reached(&heaps, m)).collect(),
                };
                check_claim(&mut memo, &heaps, claim, &(k, &heaps));
                let one = game.winning_move(&big(&heaps));
                assert_eq!(one.is_none(), p, "{heaps:?}");
                if let Some(m) = one {
                    assert!(moves.contains(&m), "K = {k}, {heaps:?}: {m:?}");
                }
            }
        }
    }

    #[test]
    fn the_budget_is_checked_before_the_search() {
        let game = Moore::new(20).unwrap();
        let heaps = big(&[5; 30]);
        let heaps: Vec<UBig> = heaps
            .into_iter()
            .enumerate()
            .map(|(i, h)| h + UBig::from(i))
            .collect();
        assert!(game.winning_moves(&heaps, 1 << 30, 10).is_err());
        assert!(game.winning_move(&heaps).is_some());
    }

    /// K = 1 is Nim: the moves are Bouton's, one per heap holding the top
    /// bit of the nim-sum; 5000 heaps (each set's search once subtracted the
    /// other heaps' column by scanning them all: quadratic).
    #[test]
    fn many_heaps_of_moore_1_are_nim() {
        let heaps: Vec<UBig> = (1..=5000u64)
            .map(|h| UBig::from(h * 7919 % 10007))
            .collect();
        let game = Moore::new(1).unwrap();
        let (count, moves) = game.winning_moves(&heaps, 1 << 26, 1 << 18).unwrap();
        let x = heaps.iter().fold(UBig::ZERO, |acc, h| acc ^ h);
        let bouton: Vec<MooreMove> = (0..heaps.len())
            .filter(|&i| (&heaps[i] ^ &x) < heaps[i])
            .map(|i| vec![(i, &heaps[i] ^ &x)])
            .collect();
        assert_eq!(count, UBig::from(bouton.len()));
        assert_eq!(moves, bouton);
        assert_eq!(
            game.winning_move(&heaps).map(|m| bouton.contains(&m)),
            Some(true)
        );
    }

    proptest! {
        #[test]
        fn the_constructed_move_wins_on_huge_heaps(
            k in 1u64..6,
            digits in proptest::collection::vec("[0-9]{1,50}", 1..9)
        ) {
            let game = Moore::new(k).unwrap();
            let heaps: Vec<UBig> = digits.iter().map(|d| d.parse().unwrap()).collect();
            match game.winning_move(&heaps) {
                None => prop_assert!(game.is_p_position(&heaps)),
                Some(m) => {
                    prop_assert!(!m.is_empty() && m.len() as u64 <= k);
                    let mut after = heaps.clone();
                    for (i, size) in &m {
                        prop_assert!(size < &heaps[*i]);
                        after[*i] = size.clone();
                    }
                    prop_assert!(game.is_p_position(&after));
                }
            }
        }
    }
}
