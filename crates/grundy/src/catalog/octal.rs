//! Take-and-break games (`octal:CODE`, `kayles`, `dawson`) and coins in a circle.

use dashu_int::UBig;

use super::explore::{certified, single_report};
use super::{parse_naturals, parse_u64, Analysis, Game, Monitor, Move, PeriodReport};
use super::{ConjectureReport, Sequence, Terms, ValueStats};
use crate::analysis::conjecture::heap_period;
use crate::analysis::periodicity::{apparent_period, certify_octal, Periodic};
use crate::error::Error;
use crate::game::Outcome;
use crate::games::circle::Circle;
use crate::games::octal::sparse::{SparseSolver, Value};
use crate::games::octal::{checkpoint, Octal, OctalMove};
use crate::nimber::Nimber;

/// Heaps up to this size are answered from the values themselves; beyond, a
/// certified period is needed.
const DIRECT_LIMIT: u64 = 1 << 20;

/// How many values `analyze` computes while looking for a period.
const ANALYZE_SEARCH: u64 = 1 << 22;

/// The most moves `analyze` enumerates to list every winning move.
const MOVE_LIST_LIMIT: u64 = 10_000_000;

/// The most values of an octal game one run computes: 2^31 values take 4 GiB.
pub const MAX_OCTAL_COUNT: u64 = 1 << 31;

/// How many values `conjecture` computes while looking for a certified period.
const CONJECTURE_SEARCH: u64 = 1 << 20;

/// Values are computed in chunks of this many between progress reports.
const CHUNK: usize = 1 << 16;

/// `octal:CODE` (and the aliases, which pass their code).
pub(super) fn octal(spec: &str, code: &str) -> Result<Box<dyn Game>, Error> {
    let game: Octal = code
        .parse()
        .map_err(|e: crate::games::octal::OctalError| Error::spec(spec, e.to_string()))?;
    Ok(Box::new(OctalEntry(game)))
}

/// `circle:K`.
pub(super) fn circle(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>, Error> {
    let game = params
        .and_then(parse_u64)
        .and_then(Circle::new)
        .ok_or_else(|| {
            Error::spec(
                spec,
                "write circle:K with K >= 1 the most adjacent coins one move takes",
            )
        })?;
    Ok(Box::new(CircleEntry(game)))
}

struct OctalEntry(Octal);

/// Grundy values of heaps of any size: a table, or a certified period.
enum Values {
    Table(Vec<Value>),
    Periodic(Periodic),
}

impl Values {
    fn of(&self, heap: &UBig) -> u64 {
        match self {
            Values::Table(table) => {
                u64::from(table[usize::try_from(heap).expect("within the table")])
            }
            Values::Periodic(p) => p.value(heap).0,
        }
    }
}

impl OctalEntry {
    /// A solver resumed from the monitor's snapshot, or a fresh one.
    fn solver(&self, monitor: &mut dyn Monitor) -> Result<SparseSolver, Error> {
        match monitor.resume() {
            Some(bytes) => {
                let values = checkpoint::decode(&self.0, &bytes)
                    .map_err(|e| Error::BadArgument(e.to_string()))?;
                Ok(SparseSolver::resume(&self.0, values))
            }
            None => Ok(SparseSolver::new(&self.0)),
        }
    }

    /// Extends `solver` to `count` values, reporting progress and snapshots.
    fn run_to(
        &self,
        solver: &mut SparseSolver,
        count: usize,
        total: u64,
        monitor: &mut dyn Monitor,
    ) -> Result<(), Error> {
        while solver.values().len() < count {
            let next = (solver.values().len() + CHUNK).min(count);
            solver.extend_to(next).map_err(|o| {
                Error::Limit(format!(
                    "the value of heap {} exceeds {}, the largest value stored",
                    o.heap,
                    Value::MAX
                ))
            })?;
            if monitor.progress(next as u64, total) {
                monitor.snapshot(&checkpoint::encode(&self.0, solver.values()));
            }
        }
        Ok(())
    }

    /// Computes until the Guy-Smith theorem certifies a period, or `max` values.
    fn search_period(
        &self,
        solver: &mut SparseSolver,
        max: u64,
        monitor: &mut dyn Monitor,
    ) -> Result<Option<(u64, u64)>, Error> {
        let max = usize::try_from(max.min(MAX_OCTAL_COUNT)).expect("within memory");
        let mut len = solver.values().len().max(64).min(max);
        loop {
            self.run_to(solver, len, max as u64, monitor)?;
            if let Some(found) = certify_octal(solver.values(), self.0.last_digit()) {
                return Ok(Some(found));
            }
            if len >= max {
                return Ok(None);
            }
            len = (len + len / 4).min(max);
        }
    }

    fn stats(solver: &SparseSolver) -> ValueStats {
        let split = solver.split();
        ValueStats {
            rare: split.rare,
            common: split.common,
            max_value: u64::from(split.max_value),
            sparse_mask: u64::from(split.mask),
            flip_odd_heaps: split.flip,
        }
    }

    /// Values for every heap of `heaps`, and how far splits must be scanned.
    fn values_for(&self, heaps: &[UBig]) -> Result<(Values, Option<u64>), Error> {
        let largest = heaps.iter().max().cloned().unwrap_or(UBig::ZERO);
        let mut solver = SparseSolver::new(&self.0);
        if largest <= UBig::from(DIRECT_LIMIT) {
            let count = usize::try_from(&largest).expect("small") + 1;
            self.run_to(&mut solver, count, count as u64, &mut super::Quiet)?;
            return Ok((Values::Table(solver.values().to_vec()), None));
        }
        let Some((n0, p)) = self.search_period(&mut solver, ANALYZE_SEARCH, &mut super::Quiet)?
        else {
            return Err(Error::Limit(format!(
                "a heap of {largest} needs a certified period, and none was found in the first {ANALYZE_SEARCH} values of octal:{}",
                self.0
            )));
        };
        let prefix = solver.values()[..(n0 + p) as usize]
            .iter()
            .map(|&v| Nimber(u64::from(v)))
            .collect();
        let periodic = Periodic {
            preperiod: n0,
            period: p,
            checked_to: solver.values().len() as u64,
            prefix,
        };
        Ok((Values::Periodic(periodic), Some(n0 + p)))
    }

    fn describe(&self, heaps: &[UBig], m: &OctalMove) -> Move {
        let leaves: Vec<String> = m
            .leaves
            .iter()
            .filter(|h| **h != UBig::ZERO)
            .map(UBig::to_string)
            .collect();
        let left = match leaves.as_slice() {
            [] => "nothing".to_string(),
            [one] => one.clone(),
            [a, b] => format!("{a} and {b}"),
            _ => leaves.join(", "),
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
}

impl Game for OctalEntry {
    fn spec(&self) -> String {
        format!("octal:{}", self.0)
    }

    fn analyze(
        &self,
        position: &[String],
        first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let heaps = parse_naturals(position, "heap size")?;
        if !first_only {
            let moves: UBig = heaps.iter().map(|h| self.0.move_count(h)).sum();
            if moves > UBig::from(MOVE_LIST_LIMIT) {
                return Err(Error::Limit(format!(
                    "this position has {moves} moves, more than the {MOVE_LIST_LIMIT} enumerated to list every winning move; ask for one with --moves one"
                )));
            }
        }
        let (values, split_scan) = self.values_for(&heaps)?;
        let (total, moves) = self
            .0
            .winning_moves(&heaps, |h| values.of(h), first_only, split_scan);
        let moves = moves.iter().map(|m| self.describe(&heaps, m)).collect();
        let method = match &values {
            Values::Table(table) => format!("Grundy values of heaps 0..{} by the sparse-space engine, then the nim-sum", table.len()),
            Values::Periodic(p) => format!(
                "period {} from {} certified by the Guy-Smith theorem ({} values computed), then the nim-sum",
                p.period, p.preperiod, p.checked_to
            ),
        };
        Ok(Analysis::valued(
            self,
            heaps,
            UBig::from(total),
            moves,
            &method,
        ))
    }

    fn sequence(&self, count: u64, monitor: &mut dyn Monitor) -> Result<Sequence, Error> {
        if count > MAX_OCTAL_COUNT {
            return Err(Error::Limit(format!(
                "--count {count} is more than the {MAX_OCTAL_COUNT} values of an octal game one run computes"
            )));
        }
        let count = count as usize;
        let mut solver = self.solver(monitor)?;
        self.run_to(&mut solver, count, count as u64, monitor)?;
        monitor.snapshot(&checkpoint::encode(&self.0, solver.values()));
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Small(solver.values()[..count].to_vec()),
            stats: Some(Self::stats(&solver)),
        })
    }

    fn period(&self, max_terms: u64, monitor: &mut dyn Monitor) -> Result<PeriodReport, Error> {
        let mut solver = self.solver(monitor)?;
        let certified = self.search_period(&mut solver, max_terms, monitor)?;
        monitor.snapshot(&checkpoint::encode(&self.0, solver.values()));
        let checked_to = solver.values().len() as u64;
        let (found, method) = match certified {
            Some(found) => (
                found,
                "certified by the Guy-Smith periodicity theorem".to_string(),
            ),
            None => (
                apparent_period(solver.values()).ok_or_else(|| {
                    Error::Limit(format!(
                        "no period in the first {checked_to} values; raise --max"
                    ))
                })?,
                format!("apparent only: not certified within {checked_to} values; raise --max"),
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
            stats: Some(Self::stats(&solver)),
        })
    }

    /// The period certified by the Guy-Smith theorem, else the values' own.
    fn conjecture(&self, _monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        let mut solver = SparseSolver::new(&self.0);
        let found = self.search_period(&mut solver, CONJECTURE_SEARCH, &mut super::Quiet)?;
        let checked_to = solver.values().len() as u64;
        Ok(match found {
            Some((n0, p)) => single_report(self, certified(n0, p, checked_to)),
            None => {
                let values: Vec<u64> = solver.values().iter().map(|&v| u64::from(v)).collect();
                single_report(self, heap_period(&values))
            }
        })
    }
}

struct CircleEntry(Circle);

impl CircleEntry {
    /// The Grundy value of a small circle: the mex over the rows left.
    fn grundy(&self, n: u64) -> Result<Option<UBig>, Error> {
        let Some(rows) = self.0.row_game().filter(|_| n <= DIRECT_LIMIT) else {
            return Ok(None);
        };
        let mut solver = SparseSolver::new(&rows);
        self.run_row(&mut solver, n)?;
        let options =
            (1..=self.0.k().min(n)).map(|j| Nimber(u64::from(solver.values()[(n - j) as usize])));
        Ok(Some(UBig::from(crate::nimber::mex(options).0)))
    }

    fn run_row(&self, solver: &mut SparseSolver, n: u64) -> Result<(), Error> {
        solver.extend_to(n as usize + 1).map_err(|o| {
            Error::Limit(format!(
                "a row value of heap {} exceeds {}",
                o.heap,
                Value::MAX
            ))
        })
    }
}

impl Game for CircleEntry {
    fn spec(&self) -> String {
        format!("circle:{}", self.0.k())
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let [n] =
            <[UBig; 1]>::try_from(parse_naturals(position, "number of coins")?).map_err(|p| {
                Error::BadPosition(format!(
                    "circle takes one number N of coins, not {}",
                    p.len()
                ))
            })?;
        // Beyond u64 coins every K fits below N, and the second player wins (K >= 2)
        // or parity decides (K = 1).
        let small = u64::try_from(&n).ok();
        let outcome = match small {
            Some(n) => self.0.outcome(n),
            None => Outcome::from_p(self.0.k() >= 2 || n.clone() % UBig::from(2u8) == UBig::ZERO),
        };
        let takes: Vec<UBig> = match small {
            Some(n) => self
                .0
                .winning_moves(n)
                .into_iter()
                .map(UBig::from)
                .collect(),
            None if outcome == Outcome::N => vec![UBig::ONE],
            None => Vec::new(),
        };
        let moves = takes
            .into_iter()
            .map(|j| Move {
                description: format!("take {j} adjacent coins, leaving a row of {}", &n - &j),
                changes: vec![(0, vec![&n - &j])],
                target: None,
            })
            .collect();
        let grundy = match (outcome, small) {
            (Outcome::P, _) => Some(UBig::ZERO),
            (Outcome::N, Some(n)) => self.grundy(n)?,
            (Outcome::N, None) => None,
        };
        let method = "symmetry: N <= K, take all; K = 1, parity; N > K >= 2, the second player splits the row into two equal rows and copies";
        Ok(Analysis::new(self, vec![n], outcome, grundy, moves, method))
    }
}
