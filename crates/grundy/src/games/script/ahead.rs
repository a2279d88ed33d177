//! A script's calls of `fn moves` on the fast path, made by the helpers of
//! [`games::ahead`](crate::games::ahead) on every thread of the pool but the
//! search's. A call the fast path leaves to Rhai is left to the search.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::compiled::{Machine, Program};
use crate::games::ahead::Calls;
use crate::games::user::Positions;
use crate::limits::SCRIPT_CALL_MILLIS;
use crate::stop::Stop;

/// `fn moves` of a compiled script.
pub(super) struct ScriptCalls {
    pub(super) program: Arc<Program>,
    /// The index of `fn moves` in `program`.
    pub(super) moves: usize,
}

impl Calls for ScriptCalls {
    type Worker = Machine;
    const SEARCH_HELPS: bool = true;
    const BATCH: usize = 1;

    fn helpers(&self) -> usize {
        rayon::current_num_threads().saturating_sub(1)
    }

    /// Each call bounded as on the search's thread: by `stop`, `deadline`
    /// and [`SCRIPT_CALL_MILLIS`].
    fn moves(
        &self,
        machine: &mut Machine,
        positions: &[Vec<u64>],
        stop: &Stop,
        deadline: Instant,
    ) -> Vec<Option<Positions>> {
        let one = |position: &Vec<u64>| {
            let started = Instant::now();
            let over_time = || {
                let now = Instant::now();
                stop.is_stopped()
                    || now > deadline
                    || now - started > Duration::from_millis(SCRIPT_CALL_MILLIS)
            };
            let mut moves = Positions::default();
            let called = self
                .program
                .call(self.moves, position, machine, &mut moves, &over_time);
            called.ok().map(|()| moves)
        };
        positions.iter().map(one).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ahead::Ahead;
    use crate::games::script::Script;

    #[test]
    fn moves_worked_out_by_helpers_are_those_of_the_fast_path() {
        let source = include_str!("../../../../../examples/lasker.rhai");
        let script = Script::compile("lasker.rhai", source).expect("compiles");
        let (program, [Some(moves), _]) = script.fast.clone().expect("compiled") else {
            panic!("fn moves is compiled");
        };
        // Two threads, so that there is a helper whatever the machine.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool");
        let mut ahead = Ahead::new(ScriptCalls {
            program: program.clone(),
            moves,
        });
        let positions: Vec<Vec<u64>> = (0..40).map(|n| vec![n, 2]).collect();
        let told: Vec<&[u64]> = positions.iter().map(Vec::as_slice).collect();
        let deadline = Instant::now() + Duration::from_secs(60);
        pool.install(|| ahead.tell(&told, &Stop::new(), deadline));
        // On a busy machine the helper may start late.
        assert!(ahead.all_done_within(Duration::from_secs(20)));
        // The search skips a position (valued meanwhile): it is dropped.
        for position in positions.iter().filter(|p| p[0] != 3) {
            let mut direct = Positions::default();
            let call = program.call(
                moves,
                position,
                &mut Machine::default(),
                &mut direct,
                &|| false,
            );
            assert_eq!(call, Ok(()));
            match ahead.take(position) {
                Some(worked_out) => assert_eq!(worked_out, direct, "{position:?}"),
                None => panic!("{position:?} was not worked out"),
            }
        }
        assert_eq!(ahead.taken(), 39);
        // A position not told is the search's to call.
        assert_eq!(ahead.take(&[100, 1]), None);
    }
}
