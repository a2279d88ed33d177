//! Calls of `fn moves` on the fast path, worked out ahead on other threads
//! while the search goes on.
//!
//! A `sequence` or `table` tells the rules which positions it will ask next
//! ([`UserRules::ask_ahead`](crate::games::user::UserRules::ask_ahead)). Their
//! moves do not depend on any value, so helpers on the thread pool work them
//! out in that order while the search, on its own thread, values the
//! positions before them: the search's own work (components, look-ups, mex)
//! and the rules' calls overlap. A position the search reaches before a
//! helper took it is computed by the search itself; one a helper is on, it
//! waits for. Answers held and not yet taken are bounded
//! ([`HELD_MOST`]): helpers pause beyond it. A new telling replaces what is
//! left of the old one, and helpers end when the telling is done, when the
//! script is dropped, or with the stop signal.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::compiled::{Machine, Program};
use crate::games::user::Positions;
use crate::limits::SCRIPT_CALL_MILLIS;
use crate::stop::Stop;

/// How many integers the answers worked out ahead and not taken may hold
/// (8 bytes each): helpers pause beyond it.
const HELD_MOST: usize = 1 << 22;

/// How far into the positions told a position asked is looked for: the
/// search asks them in order, but skips those it valued meanwhile.
const LOOK: usize = 8;

/// What became of a position told.
enum Answer {
    Waiting,
    /// A helper is working it out.
    Running,
    /// Its moves, or `None` when the fast path left the call to Rhai.
    Done(Option<Positions>),
}

struct Job {
    position: Vec<u64>,
    answer: Answer,
}

#[derive(Default)]
struct State {
    jobs: VecDeque<Job>,
    /// The number of the job at the front of `jobs`: a job keeps its
    /// number while jobs before it are taken.
    first: u64,
    /// The integers of the answers done and not taken.
    held: usize,
    /// Whether the script was dropped: helpers end.
    closed: bool,
    /// How many helpers run.
    helping: usize,
}

/// What the helpers share with the search.
struct Shared {
    program: Arc<Program>,
    /// The index of `fn moves` in `program`.
    moves: usize,
    state: Mutex<State>,
    /// Signalled when an answer is done, taken, or the script dropped.
    changed: Condvar,
}

/// The moves worked out ahead for a script, and the helpers working them out.
pub(super) struct Ahead {
    shared: Arc<Shared>,
    /// How many helpers run at most.
    helpers: usize,
    /// How many answers the search took from helpers.
    taken: u64,
    /// What the search's thread works jobs out with while it waits.
    machine: Machine,
    /// The bounds of the calls of the last telling.
    bounds: (Stop, Instant),
}

impl Ahead {
    /// Nothing told yet, for `fn moves` (index `moves`) of `program`.
    pub(super) fn new(program: Arc<Program>, moves: usize) -> Ahead {
        Ahead {
            shared: Arc::new(Shared {
                program,
                moves,
                state: Mutex::default(),
                changed: Condvar::new(),
            }),
            helpers: rayon::current_num_threads().saturating_sub(1),
            taken: 0,
            machine: Machine::default(),
            bounds: (Stop::new(), Instant::now()),
        }
    }

    /// Whether there are other threads to work on.
    pub(super) fn has_helpers(&self) -> bool {
        self.helpers > 0
    }

    /// How many answers the search took from helpers.
    #[cfg(test)]
    fn taken(&self) -> u64 {
        self.taken
    }

    /// The search will ask the moves of `positions`, in order: helpers
    /// work them out, each call bounded as on the search's thread (`stop`,
    /// the time `left` to all calls, [`SCRIPT_CALL_MILLIS`] a call).
    pub(super) fn tell(&mut self, positions: &[&[u64]], stop: &Stop, left: Duration) {
        let more = {
            let mut state = self.shared.lock();
            // What is left of the last telling, the search skipped.
            while state.pop().is_some() {}
            let jobs = positions.iter().map(|position| Job {
                position: position.to_vec(),
                answer: Answer::Waiting,
            });
            state.jobs.extend(jobs);
            let more = self
                .helpers
                .min(positions.len())
                .saturating_sub(state.helping);
            state.helping += more;
            more
        };
        self.shared.changed.notify_all();
        let deadline = Instant::now() + left;
        self.bounds = (stop.clone(), deadline);
        for _ in 0..more {
            let (shared, stop) = (self.shared.clone(), stop.clone());
            rayon::spawn(move || {
                shared.help(&stop, deadline);
                shared.lock().helping -= 1;
            });
        }
    }

    /// The moves of `position` if a helper worked them out (or is working
    /// them out: then it waits); `None` when the search is to make the call
    /// itself.
    pub(super) fn take(&mut self, position: &[u64]) -> Option<Positions> {
        let mut state = self.shared.lock();
        let look = state.jobs.len().min(LOOK);
        let found = (0..look).find(|&i| state.jobs[i].position == position)?;
        // The jobs before it were skipped by the search.
        for _ in 0..found {
            state.pop();
        }
        // While a helper works out the one asked, the search works out one
        // after it.
        while matches!(state.jobs[0].answer, Answer::Running) {
            state = match state.first_waiting() {
                Some(at) => {
                    let (stop, deadline) = self.bounds.clone();
                    self.shared
                        .work(state, at, &mut self.machine, &stop, deadline);
                    self.shared.lock()
                }
                None => self.shared.wait(state),
            };
        }
        let moves = state.pop().and_then(|job| match job.answer {
            Answer::Done(moves) => moves,
            _ => None,
        });
        drop(state);
        self.shared.changed.notify_all();
        self.taken += u64::from(moves.is_some());
        moves
    }
}

impl State {
    /// Takes the job at the front, answered or not; the answers held count
    /// its answer no more.
    fn pop(&mut self) -> Option<Job> {
        let job = self.jobs.pop_front()?;
        self.first += 1;
        if let Answer::Done(Some(moves)) = &job.answer {
            self.held -= moves.integers_len();
        }
        Some(job)
    }

    /// The first job no one works on yet.
    fn first_waiting(&self) -> Option<usize> {
        self.jobs
            .iter()
            .position(|job| matches!(job.answer, Answer::Waiting))
    }
}

impl Drop for Ahead {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.changed.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wait<'s>(&self, state: MutexGuard<'s, State>) -> MutexGuard<'s, State> {
        self.changed
            .wait(state)
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A helper: works out the first job waiting, and the next, until none
    /// waits or the script is dropped; pauses while the answers held are
    /// many.
    fn help(&self, stop: &Stop, deadline: Instant) {
        let mut machine = Machine::default();
        loop {
            let mut state = self.lock();
            while state.held > HELD_MOST && !state.closed {
                state = self.wait(state);
            }
            if state.closed || stop.is_stopped() {
                return;
            }
            let Some(at) = state.first_waiting() else {
                return;
            };
            self.work(state, at, &mut machine, stop, deadline);
        }
    }

    /// Works out job `at`, waiting, of `state` (unlocked meanwhile).
    fn work(
        &self,
        mut state: MutexGuard<'_, State>,
        at: usize,
        machine: &mut Machine,
        stop: &Stop,
        deadline: Instant,
    ) {
        let number = state.first + at as u64;
        state.jobs[at].answer = Answer::Running;
        let position = state.jobs[at].position.clone();
        drop(state);
        // The search may be waiting for this job: whatever happens, it is
        // done (a call that unwinds is left to Rhai, on the search's thread).
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.moves(machine, &position, stop, deadline)
        }))
        .unwrap_or(None);
        let held = answer.as_ref().map_or(0, Positions::integers_len);
        let mut state = self.lock();
        // The job is gone if a new telling replaced it.
        let at = number.checked_sub(state.first).map(|i| i as usize);
        if let Some(at) = at.filter(|&at| at < state.jobs.len()) {
            state.jobs[at].answer = Answer::Done(answer);
            state.held += held;
        }
        drop(state);
        self.changed.notify_all();
    }

    /// The moves of `position` on the fast path, or `None` when the call is
    /// left to Rhai.
    fn moves(
        &self,
        machine: &mut Machine,
        position: &[u64],
        stop: &Stop,
        deadline: Instant,
    ) -> Option<Positions> {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::script::Script;

    #[test]
    fn moves_worked_out_by_helpers_are_those_of_the_fast_path() {
        let source = include_str!("../../../../../examples/lasker.rhai");
        let script = Script::compile("lasker.rhai", source).expect("compiles");
        let (program, [Some(moves), _]) = script.fast.clone().expect("compiled") else {
            panic!("fn moves is compiled");
        };
        let mut ahead = Ahead::new(program.clone(), moves);
        ahead.helpers = ahead.helpers.max(1);
        let positions: Vec<Vec<u64>> = (0..40).map(|n| vec![n, 2]).collect();
        let told: Vec<&[u64]> = positions.iter().map(Vec::as_slice).collect();
        ahead.tell(&told, &Stop::new(), Duration::from_secs(60));
        // Wait for the helpers (on a busy machine they may start late).
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(20) {
            let state = ahead.shared.lock();
            if state
                .jobs
                .iter()
                .all(|j| matches!(j.answer, Answer::Done(_)))
            {
                break;
            }
            drop(state);
            std::thread::sleep(Duration::from_millis(5));
        }
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
