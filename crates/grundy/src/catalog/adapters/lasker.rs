//! Lasker's Nim in the catalogue: closed-form values, and the winning moves
//! of heaps of any size as a take plus families of splits.

use crate::catalog::entry::{Build, Entry, HEAP_VERBS};
use crate::catalog::SequenceOf;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use dashu_int::UBig;

use super::heap::searched_heap_defence;
use crate::analysis::conjecture::certified_heap_period;
use crate::analysis::periodicity::ArithmeticPeriod;
use crate::catalog::answer::{keep_first_moves, sort_moves};
use crate::catalog::kit::options::{heap_options, heap_parts};
use crate::catalog::kit::table::single_report;
use crate::catalog::{
    check_count, Analysis, Component, ConjectureReport, Game, Monitor, Move, MoveFamily,
    PeriodReport, PlayMove, Position, Sequence, Terms,
};
use crate::error::{Error, Result};
use crate::games::lasker::{self, Lasker, SplitFamily};
use crate::limits::MOVE_LIST_LIMIT;
use crate::nimber::Nimber;
use crate::stop;

/// The registry's entry of `lasker`.
pub(crate) const ENTRY: Entry = Entry {
    name: "lasker",
    forms: &["lasker"],
    form_note: "",
    aliases: &[],
    summary: "Lasker's Nim: take any number from one heap, or split it into two",
    position: "heap sizes",
    theory: "closed form `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`, else `G(n) = n`; \
             winning splits of any heap as families of sub-masks",
    verbs: HEAP_VERBS,
    example_spec: "lasker",
    example_position: "3 7 12",
    example_stdin: "",
    build: Build::Plain(lasker),
};

/// `lasker`.
pub(crate) fn lasker() -> Box<dyn Game> {
    Box::new(LaskerEntry)
}

struct LaskerEntry;

const METHOD: &str = "closed form: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, \
                      G(4k+4) = 4k+3, then the nim-sum; splits by families of sub-masks";

/// `G(n + 4) = G(n) + 4` for `n >= 1`.
const PERIOD: ArithmeticPeriod = ArithmeticPeriod {
    preperiod: 1,
    period: 4,
    saltus: 4,
};

/// The moves of heap `heap` (of `heaps`) to a value: the take, if any, and
/// the splits.
struct HeapMoves {
    heap: usize,
    take: Option<UBig>,
    splits: Vec<SplitFamily>,
}

impl HeapMoves {
    fn towards(heaps: &[UBig], heap: usize, target: &UBig) -> HeapMoves {
        let (take, splits) = lasker::moves_to(&heaps[heap], target);
        HeapMoves { heap, take, splits }
    }

    fn count(&self) -> UBig {
        let splits: UBig = self.splits.iter().map(SplitFamily::count).sum();
        splits + UBig::from(u8::from(self.take.is_some()))
    }

    /// The take and the first `limit` splits by `a` (the families merged).
    fn first(&self, heaps: &[UBig], limit: usize) -> Vec<Move> {
        let mut moves: Vec<Move> = self
            .take
            .iter()
            .map(|m| take_move(heaps, self.heap, m))
            .collect();
        let mut next: BinaryHeap<Reverse<(UBig, usize, UBig)>> = self
            .splits
            .iter()
            .enumerate()
            .map(|(i, f)| Reverse((f.first.clone(), i, UBig::ZERO)))
            .collect();
        while moves.len() < limit + 1 {
            let Some(Reverse((a, i, k))) = next.pop() else {
                break;
            };
            moves.push(split_move(heaps, self.heap, &a));
            let k = k + UBig::ONE;
            if k < self.splits[i].count() {
                next.push(Reverse((self.splits[i].member(&k), i, k)));
            }
        }
        moves
    }

    /// Every move as a family, for a cut list.
    fn families(&self, heaps: &[UBig]) -> Vec<MoveFamily> {
        let n = &heaps[self.heap];
        let take = self.take.iter().map(|m| MoveFamily {
            heap: self.heap,
            take: n - m,
            first: UBig::ZERO,
            step: UBig::ONE,
            last: UBig::ZERO,
            count: UBig::ONE,
            bits: None,
            then_b: None,
            description: take_move(heaps, self.heap, m).description,
        });
        let splits = self.splits.iter().map(|f| MoveFamily {
            heap: self.heap,
            take: UBig::ZERO,
            first: f.first.clone(),
            step: UBig::from(4u8),
            last: f.last(),
            count: f.count(),
            bits: Some(f.mask.clone()),
            then_b: None,
            description: format!(
                "heap {}: split {n} into a and {n} - a for every a = {} + 4s, s any number whose \
                 binary digits are among those of {} ({} moves)",
                self.heap + 1,
                f.first,
                f.mask,
                f.count()
            ),
        });
        take.chain(splits).collect()
    }
}

fn take_move(heaps: &[UBig], heap: usize, to: &UBig) -> Move {
    let n = &heaps[heap];
    let description = format!("heap {}: {n} -> {to} (take {})", heap + 1, n - to);
    Move::single(heap, to.clone(), description)
}

fn split_move(heaps: &[UBig], heap: usize, a: &UBig) -> Move {
    let n = &heaps[heap];
    let b = n - a;
    Move {
        description: format!("heap {}: split {n} into {a} and {b}", heap + 1),
        changes: vec![(heap, vec![a.clone(), b])],
        target: None,
    }
}

/// The value of `heaps` and, for each heap, its moves to a sum of value `target`.
fn moves_to(heaps: &[UBig], target: &UBig) -> (UBig, Vec<HeapMoves>) {
    let values: Vec<UBig> = heaps.iter().map(lasker::value).collect();
    let total = values.iter().fold(UBig::ZERO, |acc, v| acc ^ v);
    let change = &total ^ target;
    let moves = if change == UBig::ZERO {
        Vec::new()
    } else {
        (0..heaps.len())
            .map(|i| HeapMoves::towards(heaps, i, &(&values[i] ^ &change)))
            .collect()
    };
    (total, moves)
}

impl LaskerEntry {
    /// The analysis of `heaps` listing at most `limit` winning moves (the
    /// first in the contract's order), with the count and the families
    /// when there are more.
    fn listing(&self, heaps: Vec<UBig>, limit: usize) -> Analysis {
        let (total, per_heap) = moves_to(&heaps, &UBig::ZERO);
        let mut count = UBig::ZERO;
        let mut moves = Vec::new();
        let mut families = Vec::new();
        for heap in &per_heap {
            count += heap.count();
            moves.extend(heap.first(&heaps, limit));
            keep_first_moves(&mut moves, &heaps, limit);
            if families.len() <= MOVE_LIST_LIMIT {
                families.extend(heap.families(&heaps));
            }
        }
        if families.len() > MOVE_LIST_LIMIT {
            families.clear(); // too many to list: the count still says how many moves
        }
        Analysis::valued(self, heaps, total, moves, METHOD)
            .defended(|h| searched_heap_defence(&Lasker, h, |i, left| describe(h, i, left)))
            .listing_at_most(limit, count, families)
    }
}

impl Game for LaskerEntry {
    fn spec(&self) -> String {
        "lasker".into()
    }

    fn analyze(&self, at: &Position, first: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let heaps = at.numbers.clone();
        let limit = if first { 1 } else { MOVE_LIST_LIMIT };
        let mut analysis = self.listing(heaps, limit);
        if first {
            analysis.keep_first_move();
            analysis.winning_move_count = None;
            analysis.winning_move_families.clear();
        }
        Ok(analysis)
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        heap_options(self, &Lasker, at, |heap, left| match left {
            [a, _] => split_move(&at.numbers, heap, a),
            _ => take_move(&at.numbers, heap, &left[0]),
        })
    }

    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        heap_parts(at)
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let heaps = at.numbers.clone();
        let (total, _) = moves_to(&heaps, &UBig::ZERO);
        let position = heaps.clone();
        let moves_to = move |target: &UBig| {
            let (_, per_heap) = moves_to(&heaps, target);
            let count: UBig = per_heap.iter().map(HeapMoves::count).sum();
            if count > UBig::from(MOVE_LIST_LIMIT) {
                return Err(Error::Limit(format!(
                    "{count} moves of the lasker component reach the value {target}, more than \
                     the {MOVE_LIST_LIMIT} a sum lists; analyze the component alone for its families"
                )));
            }
            let mut moves: Vec<Move> = per_heap
                .iter()
                .flat_map(|h| h.first(&heaps, MOVE_LIST_LIMIT))
                .collect();
            sort_moves(&mut moves, &heaps);
            Ok(moves)
        };
        Ok(Component::new(position, total, METHOD, moves_to))
    }

    fn sequence(&self, of: SequenceOf, _: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        let count = check_count(count)?;
        let values = stop::polling(0..count as u64)
            .map(|n| Nimber(u64::try_from(lasker::value(&UBig::from(n))).expect("n + 1 fits")))
            .collect();
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Values(values),
            stats: None,
        })
    }

    fn period(&self, _max: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport> {
        Ok(PeriodReport {
            game: self.spec(),
            preperiod: PERIOD.preperiod,
            period: PERIOD.period,
            saltus: PERIOD.saltus,
            certified: true,
            checked_to: 0,
            method: "closed form: G(n + 4) = G(n) + 4 for n >= 1".into(),
            stats: None,
        })
    }

    fn conjecture(&self, _: &mut dyn Monitor) -> Result<ConjectureReport> {
        let found = certified_heap_period(&PERIOD, 0, "closed form (Lasker's Nim)");
        Ok(single_report(self, found))
    }
}

/// The move of heap `heap` of `heaps` leaving `left`, for the longest defence.
fn describe(heaps: &[UBig], heap: usize, left: &[u64]) -> Option<Move> {
    Some(match left {
        [] => take_move(heaps, heap, &UBig::ZERO),
        [m] => take_move(heaps, heap, &UBig::from(*m)),
        [a, _] => split_move(heaps, heap, &UBig::from(*a)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::Quiet;
    use crate::games::oracle::check_heap_positions;

    fn analyze(heaps: &[u64]) -> Analysis {
        let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
        LaskerEntry.analyze_words(&args, false, &mut Quiet).unwrap()
    }

    #[test]
    fn the_answers_are_those_of_the_rules_on_small_sums() {
        check_heap_positions(
            Lasker,
            |heaps| {
                let a = analyze(heaps);
                assert!(a.winning_move_count.is_none(), "{heaps:?}");
                let reached = crate::catalog::reached_heaps(&a);
                (a.grundy.unwrap(), reached)
            },
            3,
            9,
        );
    }

    #[test]
    fn a_huge_sum_is_cut_with_its_count_and_families() {
        // n = 4T, T = 2^100 - 1, beside a heap of value t = 4T + 1: the splits
        // of n to t are a = 4s + 1 (residues 1 and 3, D = 0), s any sub-mask
        // of T with a <= n/2: about 2^99.
        let n = ((UBig::ONE << 100) - UBig::ONE) << 2;
        let a = LaskerEntry.listing(vec![n.clone(), n + UBig::ONE], 300);
        let count = a.winning_move_count.clone().expect("too many to list");
        assert_eq!(a.winning_moves.len(), 300);
        let in_families: UBig = a.winning_move_families.iter().map(|f| &f.count).sum();
        assert_eq!(in_families, count);
        let listed: Vec<Vec<UBig>> = a
            .winning_moves
            .iter()
            .map(|m| m.apply(&a.position))
            .collect();
        assert!(listed.windows(2).all(|w| w[0] < w[1]), "ascending");
        let longer = LaskerEntry.listing(a.position.clone(), 700);
        assert_eq!(
            longer.winning_moves[..300],
            a.winning_moves[..],
            "a prefix of the order"
        );
        for to in listed.iter().take(50) {
            let value = to.iter().fold(UBig::ZERO, |acc, h| acc ^ lasker::value(h));
            assert_eq!(value, UBig::ZERO, "{to:?}");
        }
    }
}
