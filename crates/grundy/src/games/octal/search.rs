//! How far the engine computes, and why: the search for a period certified
//! by the Guy-Smith theorem (the [`sparse`](super::sparse) engine checks its
//! condition as it goes), and the policy that decides how many values an
//! answer about given heaps needs.

use dashu_int::UBig;
use thiserror::Error;

use super::sparse::{SparseSolver, Value, ValueOverflow};
use super::Octal;
use crate::limits::{MAX_OCTAL_COUNT, OCTAL_ANALYZE_SEARCH};

/// Values are computed in chunks of this many between progress reports.
const CHUNK: usize = 1 << 14;

/// What a long computation tells its caller as it goes.
pub trait Progress {
    /// `done` of at most `total` values are computed; returns whether a
    /// snapshot is wanted now.
    fn progress(&mut self, done: u64, total: u64) -> bool;

    /// The solver at a point the computation can resume from.
    fn snapshot(&mut self, solver: &SparseSolver);
}

/// Why the values a position needs are not computed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SearchError {
    /// A value does not fit the engine's storage.
    #[error("the value of heap {} exceeds {}, the largest value stored", .0.heap, Value::MAX)]
    Overflow(ValueOverflow),
    /// A heap beyond the search needs a period, and none was certified.
    #[error(
        "a heap of {largest} needs a certified period, and none was found in the first {searched} values of octal:{game}"
    )]
    NoPeriod {
        /// The largest heap of the position.
        largest: UBig,
        /// How many values were searched.
        searched: u64,
        /// The game's code.
        game: String,
    },
}

impl From<ValueOverflow> for SearchError {
    fn from(overflow: ValueOverflow) -> Self {
        SearchError::Overflow(overflow)
    }
}

/// Extends `solver` to `count` values, reporting progress (out of `total`)
/// and snapshots.
pub fn run_to(
    solver: &mut SparseSolver,
    count: usize,
    total: u64,
    progress: &mut dyn Progress,
) -> Result<(), ValueOverflow> {
    while solver.values().len() < count {
        let next = (solver.values().len() + CHUNK).min(count);
        solver.extend_to(next)?;
        if progress.progress(next as u64, total) {
            progress.snapshot(solver);
        }
    }
    Ok(())
}

/// Computes until the Guy-Smith theorem certifies a period, or `max` values
/// (at most [`MAX_OCTAL_COUNT`]); the certified `(preperiod, period)`, if any.
pub fn search_period(
    solver: &mut SparseSolver,
    max: u64,
    progress: &mut dyn Progress,
) -> Result<Option<(u64, u64)>, ValueOverflow> {
    let max = usize::try_from(max.min(MAX_OCTAL_COUNT)).expect("within memory");
    while solver.period().is_none() && solver.values().len() < max {
        let next = (solver.values().len() + CHUNK).min(max);
        run_to(solver, next, max as u64, progress)?;
    }
    // The engine checks on its own schedule; the last values may complete
    // a certificate that no scheduled check saw.
    if solver.period().is_none() {
        solver.check_period();
    }
    Ok(solver.period())
}

/// A solver holding the value of every heap of `heaps`: the values up to the
/// largest when it is below [`OCTAL_ANALYZE_SEARCH`], else a certified period
/// (which gives the value of any heap).
pub fn values_for(
    game: &Octal,
    heaps: &[UBig],
    progress: &mut dyn Progress,
) -> Result<SparseSolver, SearchError> {
    let largest = heaps.iter().max().cloned().unwrap_or(UBig::ZERO);
    let mut solver = SparseSolver::new(game);
    match u64::try_from(&largest) {
        Ok(n) if n < OCTAL_ANALYZE_SEARCH => {
            run_to(&mut solver, n as usize + 1, n + 1, progress)?;
        }
        _ => {
            if search_period(&mut solver, OCTAL_ANALYZE_SEARCH, progress)?.is_none() {
                return Err(SearchError::NoPeriod {
                    largest,
                    searched: OCTAL_ANALYZE_SEARCH,
                    game: game.to_string(),
                });
            }
        }
    }
    Ok(solver)
}
