//! The winning moves of octal heaps of any size, as exact families.
//!
//! A move takes `take` counters from a heap of `n` and leaves the heaps `a`
//! and `n - take - a`, where a heap of 0 is no heap: `a = 0` is a move leaving
//! one heap (or none). With a period `p` certified from `n0`, the value of a
//! split `(a, rest - a)` with both parts at least `n0` depends only on
//! `a mod p`: the winning splits of a heap are finitely many exceptions
//! (`a < max(n0, 1)`) plus, for each winning residue, every `a` of one
//! arithmetic progression up to `rest / 2`. A heap of 10^39 is then answered
//! with `O(n0 + p)` lookups per amount taken.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use dashu_int::UBig;

use super::marks::Value;
use super::{Leaves, Octal, OctalMove};

/// Grundy values of heaps of any size: a table `G(0..len)`, continued by a
/// certified period where there is one.
#[derive(Clone, Copy, Debug)]
pub struct HeapValues<'a> {
    table: &'a [Value],
    /// `(n0, p)` with `G(n + p) = G(n)` for all `n >= n0`.
    period: Option<(u64, u64)>,
}

impl<'a> HeapValues<'a> {
    /// The values of `table`, continued by `period` = `(n0, p)` (the table
    /// then holds at least `n0 + p` values). `None` when the period needs
    /// more of the table than it holds.
    pub fn new(table: &'a [Value], period: Option<(u64, u64)>) -> Option<Self> {
        let enough = match period {
            None => true,
            Some((n0, p)) => {
                p >= 1
                    && n0
                        .checked_add(p)
                        .is_some_and(|end| end <= table.len() as u64)
            }
        };
        enough.then_some(HeapValues { table, period })
    }

    /// `(n0, p)`, the certified period continuing the table, if any.
    pub fn period(&self) -> Option<(u64, u64)> {
        self.period
    }

    /// Whether the value of every heap up to `n` is known.
    pub fn covers(&self, n: &UBig) -> bool {
        self.period.is_some() || usize::try_from(n).is_ok_and(|n| n < self.table.len())
    }

    /// `G(n)`, for a heap the values cover.
    pub fn value(&self, n: &UBig) -> u64 {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.table.get(i)) {
            return u64::from(*v);
        }
        let (n0, p) = self
            .period
            .expect("a heap beyond the table needs the period");
        let offset = u64::try_from((n - UBig::from(n0)) % UBig::from(p)).expect("below p");
        self.at(n0 + offset)
    }

    fn at(&self, i: u64) -> u64 {
        u64::from(self.table[i as usize])
    }
}

/// The moves from one heap "take `take`, leave `a` and `n - take - a`" for
/// `a = first, first + step, ..., last`: `count` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalFamily {
    /// Index of the heap moved in.
    pub heap: usize,
    /// How many counters are taken.
    pub take: u64,
    /// The least `a`.
    pub first: UBig,
    /// The difference between successive `a`.
    pub step: u64,
    /// The largest `a`.
    pub last: UBig,
    /// How many moves the family holds.
    pub count: UBig,
}

impl OctalFamily {
    /// The single move leaving `a` (and the rest).
    fn single(heap: usize, take: u64, a: UBig) -> Self {
        OctalFamily {
            heap,
            take,
            first: a.clone(),
            step: 1,
            last: a,
            count: UBig::ONE,
        }
    }

    /// Its `k`-th move (from 0) in a heap of `n`.
    pub fn member(&self, n: &UBig, k: &UBig) -> OctalMove {
        let a = &self.first + k * UBig::from(self.step);
        let rest = n - UBig::from(self.take);
        let leaves = if a == UBig::ZERO {
            vec![rest]
        } else {
            let b = &rest - &a;
            vec![a, b]
        };
        OctalMove {
            heap: self.heap,
            take: self.take,
            leaves,
        }
    }
}

impl Octal {
    /// Every move from heap number `heap`, of `n` counters, to heaps of value
    /// `target`, as families that do not overlap: the progressions of a
    /// certified period, and each other move alone. `values` must cover `n`.
    pub fn winning_families(
        &self,
        heap: usize,
        n: &UBig,
        target: u64,
        values: &HeapValues,
    ) -> Vec<OctalFamily> {
        let mut families = Vec::new();
        for (take, leaves) in self.kinds() {
            let take_big = UBig::from(take);
            if *n < take_big {
                continue;
            }
            let rest = n - take_big;
            match leaves {
                Leaves::Nothing if rest == UBig::ZERO && target == 0 => {
                    families.push(OctalFamily::single(heap, take, UBig::ZERO));
                }
                Leaves::One if rest > UBig::ZERO && values.value(&rest) == target => {
                    families.push(OctalFamily::single(heap, take, UBig::ZERO));
                }
                Leaves::Two => {
                    split_families(heap, take, &rest, target, values, &mut families);
                }
                _ => {}
            }
        }
        families
    }
}

/// The winning splits `(a, rest - a)`, `1 <= a <= rest / 2`, of one amount taken.
fn split_families(
    heap: usize,
    take: u64,
    rest: &UBig,
    target: u64,
    values: &HeapValues,
    families: &mut Vec<OctalFamily>,
) {
    let half = rest >> 1;
    let Some((n0, p)) = values.period else {
        // Within the table: every split, one by one.
        let rest = usize::try_from(rest).expect("within the table");
        let table = values.table;
        families.extend(
            (1..=rest / 2)
                .filter(|&a| u64::from(table[a] ^ table[rest - a]) == target)
                .map(|a| OctalFamily::single(heap, take, UBig::from(a))),
        );
        return;
    };
    // Splits with both parts at least `lo` repeat with the period.
    let lo = n0.max(1);
    if half < UBig::from(lo) {
        let half = u64::try_from(&half).expect("below n0");
        families.extend(
            (1..=half)
                .map(UBig::from)
                .filter(|a| values.value(a) ^ values.value(&(rest - a)) == target)
                .map(|a| OctalFamily::single(heap, take, a)),
        );
        return;
    }
    // For `x = rest - a >= n0`: G(x) = table[n0 + (r - a) mod p], r = (rest - n0) mod p.
    let r = u64::try_from((rest - UBig::from(n0)) % UBig::from(p)).expect("below p");
    let value_of_rest = |a: u64| values.at(n0 + (r + p - a % p) % p);
    families.extend(
        (1..lo)
            .filter(|&a| values.value(&UBig::from(a)) ^ value_of_rest(a) == target)
            .map(|a| OctalFamily::single(heap, take, UBig::from(a))),
    );
    for first in lo..lo + p {
        let first_big = UBig::from(first);
        if first_big > half || values.at(n0 + (first - n0) % p) ^ value_of_rest(first) != target {
            continue;
        }
        let steps = (&half - &first_big) / UBig::from(p);
        families.push(OctalFamily {
            heap,
            take,
            last: &first_big + &steps * UBig::from(p),
            first: first_big,
            step: p,
            count: steps + UBig::ONE,
        });
    }
}

/// How many moves `families` hold.
pub fn family_total(families: &[OctalFamily]) -> UBig {
    families.iter().map(|f| &f.count).sum()
}

/// The first `limit` moves of `families` (all of one heap of `n`), ascending
/// by the heaps they leave, compared as lists: the contract's order for heaps
/// larger than twice the most a move takes (for smaller ones every move is
/// kept, and the caller sorts them).
pub fn first_moves(families: &[OctalFamily], n: &UBig, limit: usize) -> Vec<OctalMove> {
    let mut next: BinaryHeap<Reverse<(Vec<UBig>, usize, UBig)>> = families
        .iter()
        .enumerate()
        .map(|(i, f)| Reverse((f.member(n, &UBig::ZERO).leaves, i, UBig::ZERO)))
        .collect();
    let mut moves = Vec::new();
    while moves.len() < limit {
        let Some(Reverse((_, i, k))) = next.pop() else {
            break;
        };
        let family = &families[i];
        moves.push(family.member(n, &k));
        let k = k + UBig::ONE;
        if k < family.count {
            next.push(Reverse((family.member(n, &k).leaves, i, k)));
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::HeapGame;
    use crate::games::octal::sparse::SparseSolver;
    use proptest::prelude::*;

    /// The values of `code` to `count`, and its certified period.
    fn solved(code: &str, count: usize) -> (Octal, Vec<Value>, Option<(u64, u64)>) {
        let game: Octal = code.parse().unwrap();
        let mut solver = SparseSolver::new(&game);
        solver.extend_to(count).unwrap();
        let period = solver.period();
        (game, solver.values().to_vec(), period)
    }

    /// Every move of heap `n` reaching value `target`, by the rules, as the
    /// heaps left.
    fn by_the_rules(game: &Octal, table: &[Value], n: u64, target: u64) -> Vec<Vec<u64>> {
        let mut found = Vec::new();
        game.for_each_move(n, |left| {
            let value = left
                .iter()
                .fold(0, |acc, &h| acc ^ u64::from(table[h as usize]));
            if value == target {
                found.push(left.to_vec());
            }
        });
        found
    }

    fn expanded(families: &[OctalFamily], n: &UBig) -> Vec<Vec<u64>> {
        let count = usize::try_from(&family_total(families)).unwrap();
        first_moves(families, n, count)
            .into_iter()
            .map(|m| {
                m.leaves
                    .iter()
                    .map(|h| u64::try_from(h).unwrap())
                    .filter(|&h| h > 0)
                    .collect()
            })
            .collect()
    }

    #[test]
    fn families_from_the_period_match_the_rules() {
        for code in ["0.77", "0.07", "0.137", "0.51", "4.07", "0.4"] {
            let (game, table, period) = solved(code, 3000);
            let period = period.expect("certified within 3000");
            let short = &table[..(period.0 + period.1) as usize];
            let by_period = HeapValues::new(short, Some(period)).unwrap();
            for n in (0..600).chain([1001, 1777, 2999]) {
                for target in 0..8 {
                    let families = game.winning_families(0, &UBig::from(n), target, &by_period);
                    let mut got = expanded(&families, &UBig::from(n));
                    let mut want = by_the_rules(&game, &table, n, target);
                    got.sort();
                    want.sort();
                    assert_eq!(got, want, "{code} n={n} target={target}");
                }
            }
        }
    }

    #[test]
    fn a_progression_holds_every_a_of_its_residue() {
        let (game, table, period) = solved("0.77", 400);
        let values = HeapValues::new(&table, period).unwrap();
        let n = UBig::from(10u8).pow(39);
        let families = game.winning_families(0, &n, 0, &values);
        assert!(families.iter().any(|f| f.count > UBig::ONE));
        for f in &families {
            assert_eq!(
                &f.first + (&f.count - UBig::ONE) * UBig::from(f.step),
                f.last
            );
            for k in [UBig::ZERO, &f.count >> 1, &f.count - UBig::ONE] {
                let m = f.member(&n, &k);
                let reached = m.leaves.iter().fold(0, |acc, h| acc ^ values.value(h));
                assert_eq!(reached, 0);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// On random codes with a certified period, the families from the
        /// period hold exactly the moves found split by split in the table.
        #[test]
        fn period_and_table_families_agree(
            digits in proptest::collection::vec(0u8..8, 1..4),
            split_first in any::<bool>(),
            n in 0u64..2500,
            target in 0u64..8,
        ) {
            let code = format!("{}.{}", if split_first { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
            let (game, table, period) = solved(&code, 5000);
            prop_assume!(period.is_some());
            let (n0, p) = period.unwrap();
            let by_period = HeapValues::new(&table[..(n0 + p) as usize], period).unwrap();
            let by_table = HeapValues::new(&table, None).unwrap();
            let n = UBig::from(n);
            let mut from_period = expanded(&game.winning_families(0, &n, target, &by_period), &n);
            let mut from_table = expanded(&game.winning_families(0, &n, target, &by_table), &n);
            from_period.sort();
            from_table.sort();
            prop_assert_eq!(from_period, from_table);
        }
    }

    proptest! {
        #[test]
        fn the_first_moves_come_in_order(code in prop::sample::select(vec!["0.77", "0.07", "0.137", "0.16"]), n in 200u64..3000, limit in 1usize..50) {
            let (game, table, _) = solved(code, 3000);
            let values = HeapValues::new(&table, None).unwrap();
            let target = u64::from(table[n as usize]) ^ 1;
            let families = game.winning_families(0, &UBig::from(n), target, &values);
            let all = expanded(&families, &UBig::from(n));
            let mut sorted = all.clone();
            sorted.sort();
            prop_assert_eq!(&all, &sorted);
            let first = first_moves(&families, &UBig::from(n), limit);
            prop_assert_eq!(first.len(), limit.min(all.len()));
        }
    }
}
