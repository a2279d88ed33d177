//! Take-and-break games (`octal:CODE`, `kayles`, `dawson`).

use crate::catalog::entry::{Alias, Build, Entry, HEAP_VERBS};
use crate::catalog::{Position, SequenceOf};
use crate::limits::{
    FULL_POSITION_LIMIT, GENUS_BUDGET, MAX_OCTAL_COUNT, MOVE_LIST_BITS, MOVE_LIST_LIMIT,
    OCTAL_PERIOD_SEARCH, QUOTIENT_DEFAULT_HEAPS, QUOTIENT_HEAPS, QUOTIENT_TABLE,
};
use serde::Serialize;
use std::rc::Rc;

use dashu_int::ops::BitTest;
use dashu_int::UBig;

use super::heap::searched_heap_defence;
use crate::analysis::conjecture::heap_period;
use crate::analysis::misere_quotient::{
    generator_name, word_text, MisereQuotient, QuotientError, QuotientLimits,
};
use crate::analysis::periodicity::apparent_period;
use crate::catalog::answer::{keep_first_moves, sort_moves, Defence};
use crate::catalog::kit::options::{heap_options, heap_parts, PlayMove};
use crate::catalog::kit::table::{certified, single_report};
use crate::catalog::{Analysis, Component, Game, Monitor, Move, MoveFamily, PeriodReport};
use crate::catalog::{ConjectureReport, Sequence, Summands, Terms, ValueStats};
use crate::error::{Error, Result};
use crate::games::octal::moves::{family_total, first_moves, HeapValues, OctalFamily};
use crate::games::octal::search::{self, Progress, SearchError};
use crate::games::octal::sparse::{SparseSolver, Value};
use crate::games::octal::store::ValueStore;
use crate::games::octal::{checkpoint, Octal, OctalMove};
use crate::solve::genus::heap_tameness;
use crate::stop;

/// The registry's entry of `octal`.
pub(crate) const ENTRY: Entry = Entry {
    name: "octal",
    forms: &["octal:CODE"],
    form_note: "",
    aliases: &[
        Alias {
            name: "kayles",
            params: "0.77",
        },
        Alias {
            name: "dawson",
            params: "0.07",
        },
    ],
    summary: "take-and-break games",
    position: "heap sizes",
    theory: "sparse-space engine; periods certified by the Guy-Smith theorem; \
             huge heaps from the period",
    verbs: HEAP_VERBS,
    example_spec: "kayles",
    example_position: "10 20 30",
    example_stdin: "",
    build: Build::Required {
        build: octal,
        missing: "write octal:CODE, e.g. octal:0.77",
    },
};

/// `octal:CODE` (and the aliases, which pass their code).
pub(crate) fn octal(spec: &str, code: &str) -> Result<Box<dyn Game>> {
    let game: Octal = code
        .parse()
        .map_err(|e: crate::games::octal::OctalError| Error::spec(spec, e.to_string()))?;
    Ok(Box::new(OctalEntry(game)))
}

pub(crate) struct OctalEntry(pub(super) Octal);

/// The winning moves of a sum found so far: the first ones (sorted when they
/// grow long), how many there are, and their families.
struct Found {
    moves: Vec<Move>,
    count: UBig,
    families: Vec<OctalFamily>,
}

impl OctalEntry {
    /// The values stored in the monitor's snapshot, if there is one.
    fn resumed(&self, monitor: &mut dyn Monitor) -> Result<Option<Vec<Value>>> {
        monitor
            .resume()
            .map(|bytes| {
                checkpoint::decode(&self.0, &bytes).map_err(|e| Error::BadArgument(e.to_string()))
            })
            .transpose()
    }

    /// A solver for at most `capacity` values: in the memory the monitor
    /// lends (resumed from what it holds), else resumed from the monitor's
    /// snapshot, else fresh.
    fn solver(&self, capacity: usize, monitor: &mut dyn Monitor) -> Result<SparseSolver> {
        if let Some(lent) = self.lent(capacity, monitor)? {
            return Ok(SparseSolver::resume_in(&self.0, lent));
        }
        Ok(match self.resumed(monitor)? {
            Some(values) => SparseSolver::resume(&self.0, values),
            None => SparseSolver::new(&self.0),
        })
    }

    /// The memory the monitor lends for `capacity` values, if it does, with
    /// the values it holds.
    fn lent(&self, capacity: usize, monitor: &mut dyn Monitor) -> Result<Option<ValueStore>> {
        let lent = monitor
            .lend_values(&self.spec(), capacity as u64)
            .map_err(Error::BadArgument)?;
        Ok(lent.map(|lent| {
            let held = usize::try_from(lent.held).unwrap_or(usize::MAX);
            ValueStore::lent(lent.slots, held)
        }))
    }

    /// Extends `solver` to `count` values, reporting progress and snapshots.
    fn run_to(
        &self,
        solver: &mut SparseSolver,
        count: usize,
        total: u64,
        monitor: &mut dyn Monitor,
    ) -> Result<()> {
        search::run_to(solver, count, total, &mut self.reporting(monitor)).map_err(limit)
    }

    /// Computes until the Guy-Smith theorem certifies a period, or `max`
    /// values ([`search::search_period`]).
    fn search_period(
        &self,
        solver: &mut SparseSolver,
        max: u64,
        monitor: &mut dyn Monitor,
    ) -> Result<Option<(u64, u64)>> {
        search::search_period(solver, max, &mut self.reporting(monitor)).map_err(limit)
    }

    /// A solver holding the value of every heap of `heaps`
    /// ([`search::values_for`]: the policy of `analyze`).
    pub(crate) fn values_for(
        &self,
        heaps: &[UBig],
        monitor: &mut dyn Monitor,
    ) -> Result<SparseSolver> {
        search::values_for(&self.0, heaps, &mut self.reporting(monitor)).map_err(limit)
    }

    /// The engine's progress, reported to `monitor`.
    fn reporting<'a>(&'a self, monitor: &'a mut dyn Monitor) -> Reporting<'a> {
        Reporting {
            game: &self.0,
            monitor,
        }
    }

    fn stats(solver: &SparseSolver, count: usize) -> ValueStats {
        ValueStats::from(solver.split_of(count))
    }

    /// The longest defence of a P-position, by the search over the rules
    /// within the budget (see [`searched_heap_defence`]).
    fn defence(&self, heaps: &[UBig]) -> Option<Defence> {
        searched_heap_defence(&self.0, heaps, |heap, left| {
            Some(move_leaving(heaps, heap, left))
        })
    }

    /// The winning moves of `heaps` (of nim-sum `total`): with `first`,
    /// at least the first in the contract's order (every heap's moves reach
    /// positions below those of the heaps after it, so the first heap with a
    /// winning move holds it, among its families' first moves).
    fn winning(
        &self,
        heaps: &[UBig],
        values: &HeapValues,
        total: u64,
        first: bool,
        limit: usize,
    ) -> Found {
        let mut found = Found {
            moves: Vec::new(),
            count: UBig::ZERO,
            families: Vec::new(),
        };
        if total == 0 {
            return found;
        }
        for (i, n) in heaps.iter().enumerate() {
            let target = values.value(n) ^ total;
            let families = self.0.winning_families(i, n, target, values);
            if first && !families.is_empty() {
                let firsts = families.iter().map(|f| f.member(n, &UBig::ZERO));
                found.moves = firsts.map(|m| describe(heaps, &m)).collect();
                return found;
            }
            found.count += family_total(&families);
            let first = first_moves(&families, n, limit);
            found.moves.extend(first.iter().map(|m| describe(heaps, m)));
            keep_first_moves(&mut found.moves, heaps, limit);
            if found.families.len() <= MOVE_LIST_LIMIT {
                found.families.extend(families);
            }
        }
        found
    }
}

/// The engine's progress reported to a monitor, whose snapshots are
/// checkpoints of the values computed.
struct Reporting<'a> {
    game: &'a Octal,
    monitor: &'a mut dyn Monitor,
}

impl Progress for Reporting<'_> {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        self.monitor.progress(done, total)
    }

    fn snapshot(&mut self, solver: &SparseSolver) {
        save(self.game, solver, self.monitor);
    }
}

/// A family of winning moves of `heaps`, for the answer.
pub(super) fn family_move(heaps: &[UBig], f: &OctalFamily) -> MoveFamily {
    let n = &heaps[f.heap];
    let description = if f.count == UBig::ONE {
        describe(heaps, &f.member(n, &UBig::ZERO)).description
    } else {
        let step = UBig::from(f.step);
        format!(
            "heap {}: take {} of {n}, leaving a and {} - a for every a = {} mod {step} from {} to {}",
            f.heap + 1,
            f.take,
            n - UBig::from(f.take),
            &f.first % &step,
            f.first,
            f.last
        )
    };
    MoveFamily {
        heap: f.heap,
        take: UBig::from(f.take),
        first: f.first.clone(),
        step: UBig::from(f.step),
        last: f.last.clone(),
        count: f.count.clone(),
        bits: None,
        then_b: None,
        description,
    }
}

/// The move of a take-and-break game that takes `m.take` from heap `m.heap`
/// of `heaps` and leaves `m.leaves` (a 0 when nothing is left), in words:
/// `heap 2: take 1 of 7, leaving 2 and 4`.
fn describe(heaps: &[UBig], m: &OctalMove) -> Move {
    let leaves: Vec<String> = m
        .leaves
        .iter()
        .filter(|h| **h != UBig::ZERO)
        .map(UBig::to_string)
        .collect();
    let left = match leaves.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    };
    let description = format!(
        "heap {}: take {} of {}, leaving {left}",
        m.heap + 1,
        m.take,
        heaps[m.heap]
    );
    Move {
        changes: vec![(m.heap, m.leaves.clone())],
        description,
        target: None,
    }
}

/// The move in heap `heap` of `heaps` that leaves the heaps `left` (none:
/// the heap is taken whole), as the rules list it
/// ([`HeapGame::for_each_move`](crate::game::HeapGame::for_each_move)).
pub(super) fn move_leaving(heaps: &[UBig], heap: usize, left: &[u64]) -> Move {
    let leaves: Vec<UBig> = match left {
        [] => vec![UBig::ZERO],
        _ => left.iter().map(|&h| UBig::from(h)).collect(),
    };
    option_move(heaps, heap, &leaves)
}

/// The move in heap `heap` of `heaps` that leaves `leaves` (a 0 when nothing
/// is left), as play lists the options.
pub(super) fn option_move(heaps: &[UBig], heap: usize, leaves: &[UBig]) -> Move {
    let kept = leaves.iter().fold(UBig::ZERO, |a, h| a + h);
    let take = u64::try_from(&heaps[heap] - kept).expect("a move takes at most the code's length");
    let leaves = leaves.to_vec();
    describe(heaps, &OctalMove { heap, take, leaves })
}

/// A search that stopped short, as the limit it hit (the search's error kept
/// as the source).
fn limit(e: impl Into<SearchError>) -> Error {
    Error::OctalSearch(e.into())
}

/// Hands the monitor a point to resume from: the values in the memory it
/// lent, or a checkpoint of them when it keeps one (encoding copies every
/// value).
fn save(game: &Octal, solver: &SparseSolver, monitor: &mut dyn Monitor) {
    if solver.store().is_lent() {
        monitor.values_kept(solver.values());
    } else if monitor.keeps_snapshots() {
        monitor.snapshot(&checkpoint::encode(game, solver.values()));
    }
}

/// `count` as an index, when one run computes that many values (the
/// `option` that asked for it is named otherwise).
fn run_length(count: u64, option: &str) -> Result<usize> {
    usize::try_from(count)
        .ok()
        .filter(|_| count <= MAX_OCTAL_COUNT)
        .ok_or_else(|| {
            Error::Limit(format!(
                "{option} {count} is more than the {MAX_OCTAL_COUNT} values of an octal game one run computes"
            ))
        })
}

/// How many winning moves of `heaps` `analyze` lists: [`MOVE_LIST_LIMIT`], or
/// fewer when the heaps are so large that the listed moves would hold more
/// than [`MOVE_LIST_BITS`] bits of heap sizes (each move writes the heaps it
/// leaves, its description and, for short positions, the whole position).
pub(super) fn listed_moves_limit(heaps: &[UBig]) -> usize {
    let bits = heaps.iter().map(BitTest::bit_len).max().unwrap_or(0).max(1);
    let numbers_per_move = heaps.len().min(FULL_POSITION_LIMIT) + 3;
    let per_move = bits.saturating_mul(numbers_per_move);
    MOVE_LIST_LIMIT.min(MOVE_LIST_BITS / per_move).max(1)
}

impl Game for OctalEntry {
    fn spec(&self) -> String {
        format!("octal:{}", self.0)
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        heap_options(self, &self.0, at, |heap, leaves| {
            option_move(&at.numbers, heap, leaves)
        })
    }

    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        heap_parts(at)
    }

    fn analyze(&self, at: &Position, first: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let heaps = at.numbers.clone();
        let solver = self.values_for(&heaps, monitor)?;
        let period = solver.period();
        let values = HeapValues::new(solver.values(), period).expect("a certified period");
        let total = heaps.iter().fold(0, |acc, n| acc ^ values.value(n));
        let limit = listed_moves_limit(&heaps);
        let found = self.winning(&heaps, &values, total, first, limit);
        let method = match period {
            Some((n0, p)) => format!(
                "period {p} from {n0} certified by the Guy-Smith theorem ({} values computed), then the nim-sum",
                solver.values().len()
            ),
            None => format!(
                "Grundy values of heaps 0..{} by the sparse-space engine, then the nim-sum",
                solver.values().len()
            ),
        };
        let families = if found.families.len() <= MOVE_LIST_LIMIT {
            let describe = |f: &OctalFamily| family_move(&heaps, f);
            found.families.iter().map(describe).collect()
        } else {
            Vec::new()
        };
        let mut analysis = Analysis::valued(self, heaps, UBig::from(total), found.moves, &method)
            .defended(|h| self.defence(h));
        if first {
            analysis.keep_first_move();
            return Ok(analysis);
        }
        Ok(analysis.listing_at_most(limit, found.count, families))
    }

    /// The values of `analyze` (the same engine and budget); the moves to a
    /// value are its winning families towards that value, all listed, or an
    /// error when there are more than `analyze` lists.
    /// Misère play and Every-SG by the rules (see `catalog::conventions`).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let heaps = at.numbers.clone();
        Ok(Summands::heaps(&self.0, heaps))
    }

    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        let heaps = at.numbers.clone();
        let solver = self.values_for(&heaps, monitor)?;
        let period = solver.period();
        let values = HeapValues::new(solver.values(), period).expect("a certified period");
        let total = heaps.iter().fold(0, |acc, n| acc ^ values.value(n));
        let method = match period {
            Some((n0, p)) => format!("period {p} from {n0} certified by the Guy-Smith theorem"),
            None => format!(
                "Grundy values of heaps 0..{} by the sparse-space engine",
                solver.values().len()
            ),
        };
        let position = heaps.clone();
        // Both closures read the values and the heaps.
        let (solver, heaps) = (Rc::new(solver), Rc::new(heaps));
        let (first_solver, first_heaps) = (Rc::clone(&solver), Rc::clone(&heaps));
        let moves_to = move |target: &UBig| {
            let values = HeapValues::new(solver.values(), period).expect("a certified period");
            let limit = listed_moves_limit(&heaps);
            // Targets beyond u64 are worth no heap: no move reaches them.
            let Ok(target) = u64::try_from(target) else {
                return Ok(Vec::new());
            };
            let mut found = self.winning(&heaps, &values, total ^ target, false, limit);
            if found.count > UBig::from(found.moves.len()) {
                return Err(Error::Limit(format!(
                    "its heaps have {} moves to value {target}, more than the {limit} a sum lists \
                     (--moves one gives the first)",
                    found.count
                )));
            }
            sort_moves(&mut found.moves, &heaps);
            Ok(found.moves)
        };
        let first = move |target: &UBig| {
            let values =
                HeapValues::new(first_solver.values(), period).expect("a certified period");
            let Ok(target) = u64::try_from(target) else {
                return Ok(None);
            };
            let mut found = self.winning(&first_heaps, &values, total ^ target, true, 1);
            sort_moves(&mut found.moves, &first_heaps);
            Ok(found.moves.into_iter().next())
        };
        Ok(Component::new(position, UBig::from(total), method, moves_to).with_first(first))
    }

    fn sequence(&self, of: SequenceOf, monitor: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        let count = run_length(count, "--count")?;
        let solver = match self.lent(count, monitor)? {
            // A values file holding them all is answered from, not rewritten,
            // as a run of `count` values would answer.
            Some(mut lent) if lent.len() >= count => {
                lent.truncate(count);
                SparseSolver::resume_in(&self.0, lent)
            }
            Some(lent) => {
                let mut solver = SparseSolver::resume_in(&self.0, lent);
                self.run_to(&mut solver, count, count as u64, monitor)?;
                save(&self.0, &solver, monitor);
                solver
            }
            None => match self.resumed(monitor)? {
                // The checkpoint holds them all: it is answered from, not rewritten.
                Some(mut values) if values.len() >= count => {
                    values.truncate(count);
                    values.shrink_to_fit();
                    SparseSolver::resume(&self.0, values)
                }
                resumed => {
                    let mut solver = match resumed {
                        Some(values) => SparseSolver::resume(&self.0, values),
                        None => SparseSolver::new(&self.0),
                    };
                    solver.reserve(count).map_err(|_| {
                        Error::Limit(format!(
                            "{count} values need {} bytes of memory, which the system refused; \
                             --values-file FILE keeps them in a file instead",
                            2 * count as u128
                        ))
                    })?;
                    self.run_to(&mut solver, count, count as u64, monitor)?;
                    save(&self.0, &solver, monitor);
                    solver
                }
            },
        };
        let stats = Self::stats(&solver, count);
        let mut values = solver.into_store();
        values.truncate(count);
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Small(values),
            stats: Some(stats),
        })
    }

    fn period(&self, max_terms: Option<u64>, monitor: &mut dyn Monitor) -> Result<PeriodReport> {
        let max_terms = max_terms.unwrap_or(OCTAL_PERIOD_SEARCH);
        let capacity = run_length(max_terms, "--max")?;
        let mut solver = self.solver(capacity, monitor)?;
        let certified = self.search_period(&mut solver, max_terms, monitor)?;
        save(&self.0, &solver, monitor);
        let checked_to = solver.values().len() as u64;
        let (found, method) = match certified {
            Some(found) => (
                found,
                "the Guy-Smith periodicity theorem".to_string(),
            ),
            None => (
                apparent_period(solver.values()).ok_or_else(|| {
                    Error::Limit(format!(
                        "no period in the first {checked_to} values (unknown beyond them); raise --max"
                    ))
                })?,
                format!("apparent period only, not certified: the {checked_to} values computed (--max) show it, and nothing is known beyond them; raise --max"),
            ),
        };
        Ok(PeriodReport {
            game: self.spec(),
            preperiod: found.0,
            period: found.1,
            saltus: 0,
            certified: certified.is_some(),
            checked_to,
            method,
            stats: Some(Self::stats(&solver, solver.values().len())),
        })
    }

    /// The period certified by the Guy-Smith theorem, else the values' own.
    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        let mut solver = SparseSolver::new(&self.0);
        let found = self.search_period(&mut solver, OCTAL_PERIOD_SEARCH, monitor)?;
        let checked_to = solver.values().len() as u64;
        Ok(match found {
            Some((n0, p)) => single_report(self, certified(n0, p, checked_to)),
            None => {
                let values: Vec<u64> = stop::polling(solver.values().iter())
                    .map(|&v| u64::from(v))
                    .collect();
                single_report(self, heap_period(&values))
            }
        })
    }
}

/// `period GAME --misere`: the misère quotient (Plambeck and Siegel) of the
/// sums of heaps of size at most `max_heap` of `game`, an octal game, as
/// [`MisereQuotient::compute`] finds and verifies it; `monitor` hears of
/// each bound as its quotient is learned.
pub fn misere_quotient(
    game: &dyn Game,
    max_heap: Option<u64>,
    monitor: &mut dyn Monitor,
) -> Result<QuotientReport> {
    let canonical = game.spec();
    let code = canonical
        .strip_prefix("octal:")
        .ok_or_else(|| Error::Unsupported {
            verb: "period --misere",
            game: canonical.clone(),
            reason: "misère quotients are computed for octal games (octal:CODE, kayles, dawson)"
                .to_string(),
        })?;
    let octal: Octal = code
        .parse()
        .map_err(|e: crate::games::octal::OctalError| Error::spec(&canonical, e.to_string()))?;
    let max_heap = max_heap.unwrap_or(QUOTIENT_DEFAULT_HEAPS);
    if max_heap > QUOTIENT_HEAPS {
        return Err(Error::Limit(format!(
            "--max {max_heap} is more than the {QUOTIENT_HEAPS} heaps a misère quotient is computed for (QUOTIENT_HEAPS)"
        )));
    }
    let mut learning = |n: u64| {
        monitor.progress(n.saturating_sub(1), max_heap);
    };
    let quotient =
        MisereQuotient::compute_within(&octal, max_heap, &QuotientLimits::default(), &mut learning)
            .map_err(|e| match e {
                QuotientError::Limit(message) => Error::Limit(message),
                QuotientError::HeapTooLarge { .. } => Error::BadPosition(e.to_string()),
            })?;
    let tame = heap_tameness(&octal, max_heap, GENUS_BUDGET);
    Ok(QuotientReport::of(canonical, &quotient, tame))
}

/// The answer of `period --misere`: the quotient as data for people and JSON.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The game's canonical spec.
    pub game: String,
    /// Always `"misere"`.
    pub convention: &'static str,
    /// The bound `N`: the quotient is that of the sums of heaps `<= N`.
    pub max_heap: u64,
    /// The number of elements.
    pub order: usize,
    /// The elements by their normal forms; an element's index in this list
    /// is its number in `table`.
    pub elements: Vec<String>,
    /// The elements of the P-portion (the classes of misère P-positions).
    pub p_portion: Vec<String>,
    /// Each generator and the heap it is.
    pub generators: Vec<QuotientGenerator>,
    /// The relations that present the quotient.
    pub relations: Vec<QuotientRelation>,
    /// The element of each heap `0..=max_heap`.
    pub heaps: Vec<String>,
    /// Whether each heap is tame ([`Profile::tame`](crate::solve::genus::Profile::tame)),
    /// from heap 0 as far as the sums the heaps reach fit [`GENUS_BUDGET`].
    pub tame: Vec<bool>,
    /// The multiplication table by element number, when the order is at most
    /// [`QUOTIENT_TABLE`]; else `None`.
    pub table: Option<Vec<Vec<usize>>>,
    /// The order and P-portion size of the quotient of heaps up to each `n`.
    pub history: Vec<QuotientStep>,
    /// The least `n0` from which the quotient of heaps up to `n` is the same
    /// for every `n0 <= n <= max_heap`.
    pub stable_since: u64,
    /// What is proved.
    pub proved: String,
    /// How it was computed.
    pub method: String,
}

/// A generator of a quotient: its name and the heap it is the element of.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientGenerator {
    /// `a`, `b`, ...
    pub name: String,
    /// The least heap whose element it is.
    pub heap: u64,
}

/// A relation `word = element` of a presentation.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientRelation {
    /// A word over the generators, e.g. `a^2`.
    pub word: String,
    /// The normal form it equals, e.g. `1`.
    pub equals: String,
}

/// The quotient of heaps up to `max_heap`: its order and P-portion size.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientStep {
    /// The bound on heap sizes.
    pub max_heap: u64,
    /// The order of the quotient.
    pub order: usize,
    /// The size of its P-portion.
    pub p_count: usize,
}

impl QuotientReport {
    fn of(game: String, q: &MisereQuotient, tame: Vec<bool>) -> Self {
        let names: Vec<String> = (0..q.order()).map(|x| q.name(x)).collect();
        let presentation = &q.presentation;
        QuotientReport {
            game,
            convention: "misere",
            max_heap: q.max_heap,
            order: q.order(),
            elements: names.clone(),
            p_portion: q.p_portion().iter().map(|&x| names[x].clone()).collect(),
            generators: presentation
                .generator_heaps
                .iter()
                .enumerate()
                .map(|(i, &heap)| QuotientGenerator {
                    name: generator_name(i),
                    heap,
                })
                .collect(),
            relations: presentation
                .relations
                .iter()
                .map(|(word, x)| QuotientRelation {
                    word: word_text(word),
                    equals: names[*x].clone(),
                })
                .collect(),
            heaps: q.heap_element.iter().map(|&x| names[x].clone()).collect(),
            tame,
            table: (q.order() <= QUOTIENT_TABLE).then(|| q.table.clone()),
            history: q
                .history
                .iter()
                .map(|&(max_heap, order, p_count)| QuotientStep {
                    max_heap,
                    order,
                    p_count,
                })
                .collect(),
            stable_since: q.stable_since(),
            proved: format!(
                "the misère quotient of all sums of heaps of size at most {}: every such sum is a misère P-position exactly when its element is in the P-portion; nothing is claimed for larger heaps",
                q.max_heap
            ),
            method: q.method(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::Quiet;
    use crate::game::{HeapGame, Heaps};
    use crate::games::octal::sparse::naive_values;
    use crate::solve::Memo;
    use proptest::prelude::*;

    fn analyze(code: &str, heaps: &[u64], first: bool) -> Analysis {
        let entry = OctalEntry(code.parse().unwrap());
        let position: Vec<String> = heaps.iter().map(u64::to_string).collect();
        entry.analyze_words(&position, first, &mut Quiet).unwrap()
    }

    fn small(position: &[UBig]) -> Vec<u64> {
        position.iter().map(|h| u64::try_from(h).unwrap()).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Every listed move reaches a P-position, and every unlisted one does
        /// not, against exhaustive search over the rules.
        #[test]
        fn the_winning_moves_are_those_of_the_rules(
            digits in proptest::collection::vec(0u8..8, 1..4),
            split_first in any::<bool>(),
            heaps in proptest::collection::vec(0u64..14, 1..4),
        ) {
            let code = format!("{}.{}", if split_first { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
            let game: Octal = code.parse().unwrap();
            let answer = analyze(&code, &heaps, false);
            let mut memo = Memo::new(Heaps(game.clone()));
            let position = Heaps::<Octal>::position(&heaps);
            prop_assert_eq!(answer.grundy.clone(), Some(UBig::from(memo.grundy(&position).unwrap().0)));
            let listed: Vec<Vec<u64>> = answer.winning_moves.iter().map(|m| small(&m.apply(&answer.position))).collect();
            let mut sorted = listed.clone();
            sorted.sort();
            prop_assert_eq!(&listed, &sorted, "ascending by the position reached");
            let mut from_rules = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                game.for_each_move(h, |left| {
                    let mut after = heaps.clone();
                    let left = if left.is_empty() { vec![0] } else { left.to_vec() };
                    after.splice(i..=i, left);
                    if memo.grundy(&Heaps::<Octal>::position(&after)).unwrap().is_zero() {
                        from_rules.push(after);
                    }
                });
            }
            from_rules.sort();
            prop_assert_eq!(&listed, &from_rules);
            let first = analyze(&code, &heaps, true);
            prop_assert_eq!(first.winning_moves.first(), answer.winning_moves.first());
            prop_assert!(answer.winning_move_count.is_none());
        }
    }

    #[test]
    fn every_winning_move_of_a_kayles_heap_above_2_to_the_20() {
        // Before, 14 of the 87,382 were listed. Counted here from the plain
        // values, by every split.
        let n = (1u64 << 20) + 1;
        let game: Octal = "0.77".parse().unwrap();
        let mut solver = SparseSolver::new(&game);
        solver.extend_to(n as usize + 1).unwrap();
        assert_eq!(&solver.values()[..300], &naive_values(&game, 300)[..]);
        let table = solver.values();
        let mut expected: Vec<Vec<u64>> = Vec::new();
        game.for_each_move(n, |left| {
            if left.iter().fold(0, |acc, &h| acc ^ table[h as usize]) == 0 {
                expected.push(left.to_vec());
            }
        });
        expected.sort();
        assert_eq!(expected.len(), 87_382);
        let answer = analyze("0.77", &[n], false);
        let listed: Vec<Vec<u64>> = answer
            .winning_moves
            .iter()
            .map(|m| small(&m.apply(&answer.position)))
            .collect();
        assert_eq!(listed, expected);
    }

    #[test]
    fn a_cut_list_is_the_first_of_all_its_families() {
        // Kayles 10^6 + 3 and 5 with small `limit`s: the merge of the families
        // gives the same first moves as the whole list.
        let answer = analyze("0.77", &[1_000_003, 5], false);
        let all: Vec<Vec<u64>> = answer
            .winning_moves
            .iter()
            .map(|m| small(&m.apply(&answer.position)))
            .collect();
        let values = naive_values(&"0.77".parse().unwrap(), 200);
        let period = HeapValues::new(&values, Some((71, 12))).unwrap();
        let game: Octal = "0.77".parse().unwrap();
        let heaps = [UBig::from(1_000_003u64), UBig::from(5u8)];
        let total = heaps.iter().fold(0, |acc, h| acc ^ period.value(h));
        for limit in [1, 7, 100, 5000] {
            let mut first = Vec::new();
            for (i, n) in heaps.iter().enumerate() {
                let families = game.winning_families(i, n, period.value(n) ^ total, &period);
                for m in first_moves(&families, n, limit) {
                    let mut after = heaps.to_vec();
                    after.splice(i..=i, m.leaves);
                    first.push(small(&after));
                }
            }
            first.sort();
            first.truncate(limit);
            assert_eq!(first, all[..limit.min(all.len())], "limit {limit}");
        }
    }
}
