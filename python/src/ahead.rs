//! A Python game's calls of `moves` made ahead of the search, on one helper
//! thread of the pool ([`grundy::games::ahead`]): while the helper runs the
//! user's function on the positions a `sequence` or `table` will ask next,
//! the search values the positions before them, so that the search's own
//! work (look-ups, nim-sums, mex) costs no time beside Python's.
//!
//! Python runs one call at a time (the GIL): one helper, which takes
//! [`PyCalls::BATCH`] positions at once to take the GIL once for all, and a
//! search that waits for the helper rather than calling Python beside it.
//! The search still calls the positions it was not told itself; Python's
//! lock then passes between the two threads as between any two (measured:
//! making the helper give way to such calls was slower).

use std::sync::Arc;
use std::time::Instant;

use grundy::games::ahead::Calls;
use grundy::games::user::Positions;
use grundy::stop::Stop;
use pyo3::prelude::*;

use crate::rules::{call_and_read, Callables};

/// `moves` of a game written in Python.
pub struct PyCalls {
    /// The game's functions.
    pub callables: Arc<Callables>,
}

impl Calls for PyCalls {
    type Worker = ();
    const SEARCH_HELPS: bool = false;
    const BATCH: usize = 64;

    /// One, when the pool has another thread than the search's.
    fn helpers(&self) -> usize {
        usize::from(rayon::current_num_threads() > 1)
    }

    /// A call that raises is left to the search, which raises it again
    /// where the caller sees it.
    fn moves(
        &self,
        _: &mut (),
        positions: &[Vec<u64>],
        stop: &Stop,
        _: Instant,
    ) -> Vec<Option<Positions>> {
        Python::with_gil(|py| {
            let function = self.callables.moves.bind(py);
            positions
                .iter()
                .take_while(|_| !stop.is_stopped())
                .map(|position| {
                    let mut moves = Positions::default();
                    let called = call_and_read(function, position, &mut moves);
                    matches!(called, Ok(true)).then_some(moves)
                })
                .collect()
        })
    }

    /// The helper's Python thread state lives as long as the helper: one
    /// made for each call costs more than the call.
    fn around_helper(&self, help: &mut (dyn FnMut() + Send)) {
        Python::with_gil(|py| py.allow_threads(help))
    }
}
