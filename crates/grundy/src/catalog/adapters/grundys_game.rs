//! Grundy's game in the catalogue: values by the octal engine, winning
//! splits from them.

use crate::catalog::entry::{Build, Entry, Verb};
use crate::catalog::SequenceOf;
use dashu_int::UBig;

use super::heap::searched_heap_defence;
use crate::catalog::answer::{keep_first_moves, sort_moves};
use crate::catalog::kit::options::{heap_options, heap_parts};
use crate::catalog::{
    Analysis, Component, Game, Monitor, Move, PeriodReport, PlayMove, Position, Sequence, Terms,
    ValueStats,
};
use crate::error::{Error, Result};
use crate::games::grundys_game::{self, GrundysGame};
use crate::games::octal::search::{run_to, Progress};
use crate::games::octal::sparse::{SparseSolver, Value};
use crate::limits::{MAX_OCTAL_COUNT, MOVE_LIST_LIMIT, OCTAL_ANALYZE_SEARCH};

/// The registry's entry of `grundys-game`.
pub(crate) const ENTRY: Entry = Entry {
    name: "grundys-game",
    forms: &["grundys-game"],
    form_note: "",
    aliases: &[],
    summary: "Grundy's game: split one heap into two unequal heaps",
    position: "heap sizes",
    theory: "sparse-space engine (no period known); heaps up to 2^22",
    verbs: &[Verb::Analyze, Verb::Sequence],
    example_spec: "grundys-game",
    example_position: "10 20 30",
    example_stdin: "",
    build: Build::Plain(grundys_game),
};

/// `grundys-game`.
pub(crate) fn grundys_game() -> Box<dyn Game> {
    Box::new(GrundysEntry)
}

struct GrundysEntry;

/// The values `G(0..count)`, or the limit they exceed; progress goes to
/// `monitor` (no snapshot: a run is not resumed).
fn solve(count: u64, limit: u64, option: &str, monitor: &mut dyn Monitor) -> Result<SparseSolver> {
    if count > limit {
        return Err(Error::Limit(format!(
            "{option} {count} is more than the {limit} values of Grundy's game one run computes"
        )));
    }
    let mut solver = SparseSolver::grundys_game();
    run_to(&mut solver, count as usize, count, &mut Reporting(monitor)).map_err(|e| {
        Error::Limit(format!(
            "the value of heap {} does not fit in 16 bits",
            e.heap
        ))
    })?;
    Ok(solver)
}

/// The engine's progress, passed on to a monitor.
struct Reporting<'a>(&'a mut dyn Monitor);

impl Progress for Reporting<'_> {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        self.0.progress(done, total);
        false
    }

    fn snapshot(&mut self, _: &SparseSolver) {}
}

/// The values of every heap up to the largest of `heaps`.
fn values_for(heaps: &[UBig], monitor: &mut dyn Monitor) -> Result<SparseSolver> {
    let largest = heaps.iter().max().cloned().unwrap_or(UBig::ZERO);
    let count = u64::try_from(&largest)
        .ok()
        .and_then(|n| n.checked_add(1))
        .filter(|&c| c <= OCTAL_ANALYZE_SEARCH)
        .ok_or_else(|| {
            Error::Limit(format!(
                "heap {largest} is beyond the {OCTAL_ANALYZE_SEARCH} heaps whose values analyze \
                 computes (Grundy's game has no known period to go further)"
            ))
        })?;
    solve(count, OCTAL_ANALYZE_SEARCH, "heap", monitor)
}

fn method(count: usize) -> String {
    format!("Grundy values of heaps 0..{count} by the sparse-space engine, then the nim-sum")
}

/// Every split of `heaps` to a sum of value `target`, heap by heap, at most
/// `limit` of them kept, and how many there are.
fn splits_to(heaps: &[UBig], values: &[Value], target: u64, limit: usize) -> (u64, Vec<Move>) {
    let value = |h: &UBig| u64::from(values[usize::try_from(h).expect("covered")]);
    let total = heaps.iter().fold(0, |acc, h| acc ^ value(h));
    let (mut count, mut moves) = (0u64, Vec::new());
    if total == target {
        return (0, moves);
    }
    for (i, h) in heaps.iter().enumerate() {
        let n = usize::try_from(h).expect("covered");
        let parts = grundys_game::splits_to(values, n, value(h) ^ total ^ target);
        count += parts.len() as u64;
        let kept = parts
            .into_iter()
            .take(limit)
            .map(|a| split_move(heaps, i, a));
        moves.extend(kept);
        keep_first_moves(&mut moves, heaps, limit);
    }
    (count, moves)
}

fn split_move(heaps: &[UBig], heap: usize, a: usize) -> Move {
    let n = &heaps[heap];
    let b = n - UBig::from(a);
    Move {
        description: format!("heap {}: split {n} into {a} and {b}", heap + 1),
        changes: vec![(heap, vec![UBig::from(a), b])],
        target: None,
    }
}

impl Game for GrundysEntry {
    fn spec(&self) -> String {
        "grundys-game".into()
    }

    fn analyze(&self, at: &Position, _: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let heaps = at.numbers.clone();
        let solver = values_for(&heaps, monitor)?;
        let values = solver.values();
        let total = heaps.iter().fold(0, |acc, h| {
            acc ^ u64::from(values[usize::try_from(h).expect("covered")])
        });
        let (count, moves) = splits_to(&heaps, values, 0, MOVE_LIST_LIMIT);
        // The splits are not grouped: a cut list says only how many there are.
        let analysis =
            Analysis::valued(self, heaps, UBig::from(total), moves, &method(values.len()))
                .defended(|h| {
                    searched_heap_defence(&GrundysGame, h, |i, left| match left {
                        [a, _] => Some(split_move(h, i, *a as usize)),
                        _ => None,
                    })
                });
        Ok(analysis.listing_at_most(MOVE_LIST_LIMIT, UBig::from(count), Vec::new()))
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        heap_options(self, &GrundysGame, at, |heap, left| {
            let a = usize::try_from(&left[0]).expect("a small heap");
            split_move(&at.numbers, heap, a)
        })
    }

    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        heap_parts(at)
    }

    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        let heaps = at.numbers.clone();
        let solver = values_for(&heaps, monitor)?;
        let values = solver.into_values();
        let value = heaps.iter().fold(0, |acc, h| {
            acc ^ u64::from(values[usize::try_from(h).expect("covered")])
        });
        let method = method(values.len());
        let position = heaps.clone();
        let moves_to = move |target: &UBig| {
            let Ok(target) = u64::try_from(target) else {
                return Ok(Vec::new()); // values stay below 2^16
            };
            let (count, mut moves) = splits_to(&heaps, &values, target, MOVE_LIST_LIMIT);
            if count > MOVE_LIST_LIMIT as u64 {
                return Err(Error::Limit(format!(
                    "{count} splits of the grundys-game component reach the value {target}, more \
                     than the {MOVE_LIST_LIMIT} a sum lists"
                )));
            }
            sort_moves(&mut moves, &heaps);
            Ok(moves)
        };
        Ok(Component::new(
            position,
            UBig::from(value),
            method,
            moves_to,
        ))
    }

    fn sequence(&self, of: SequenceOf, monitor: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        let solver = solve(count, MAX_OCTAL_COUNT, "--count", monitor)?;
        let stats = ValueStats::from(solver.split());
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Small(solver.into_store()),
            stats: Some(stats),
        })
    }

    fn period(&self, _: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport> {
        Err(crate::catalog::unsupported(
            self.spec(),
            "period",
            "no period is known (none below 2^35, and the Guy-Smith theorem, which would \
             certify one, does not apply to it); 'grundy sequence grundys-game --count N' gives \
             its values",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::Quiet;
    use crate::games::oracle::check_heap_positions;

    #[test]
    fn the_answers_are_those_of_the_rules_on_small_sums() {
        check_heap_positions(
            GrundysGame,
            |heaps| {
                let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
                let a = GrundysEntry
                    .analyze_words(&args, false, &mut Quiet)
                    .unwrap();
                let reached = crate::catalog::reached_heaps(&a);
                (a.grundy.unwrap(), reached)
            },
            3,
            12,
        );
    }

    #[test]
    fn heaps_beyond_the_search_are_refused_with_the_limit() {
        let e = GrundysEntry
            .analyze_words(&[(OCTAL_ANALYZE_SEARCH).to_string()], false, &mut Quiet)
            .unwrap_err();
        assert!(e.to_string().contains("no known period"), "{e}");
    }
}
