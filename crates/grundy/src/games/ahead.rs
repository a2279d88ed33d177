//! Calls of a user's `moves` worked out ahead on other threads while the
//! search goes on.
//!
//! A `sequence` or `table` tells the rules which positions it will ask next
//! ([`UserRules::ask_ahead`](crate::games::user::UserRules::ask_ahead)). Their
//! moves do not depend on any value, so helpers on the thread pool work them
//! out in that order while the search, on its own thread, values the
//! positions before them: the search's own work (components, look-ups, mex)
//! and the rules' calls overlap. A position the search reaches before a
//! helper took it is computed by the search itself (when the calls allow
//! it, [`Calls::SEARCH_HELPS`]); one a helper is on, it waits for. Answers
//! held and not yet taken are bounded (`HELD_MOST`): helpers pause beyond
//! it. A new telling replaces what is left of the old one, and helpers end
//! when the telling is done, when the rules are dropped, or with the stop
//! signal.
//!
//! What a call is belongs to the rules ([`Calls`]): a script's compiled
//! `fn moves` on as many helpers as the pool has threads, a Python
//! function on one helper (Python runs one call at a time), which takes
//! several positions at once to hold Python's lock once for all.

use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::games::user::Positions;
use crate::stop::Stop;

/// The calls of `moves` that helpers make for [`Ahead`].
pub trait Calls: Send + Sync + 'static {
    /// What a thread keeps from one call to the next (a script's machine).
    type Worker: Default;

    /// Whether the search, waiting for the position a helper works on,
    /// works out one after it meanwhile (else it waits).
    const SEARCH_HELPS: bool;

    /// How many positions a helper takes at once.
    const BATCH: usize;

    /// How many helpers may run at once.
    fn helpers(&self) -> usize;

    /// The moves of each of `positions`, in order, each bounded by `stop`
    /// and `deadline`; `None` for one the search is to call itself. The
    /// answers may stop short: the positions after the last answered go
    /// back to waiting.
    fn moves(
        &self,
        worker: &mut Self::Worker,
        positions: &[Vec<u64>],
        stop: &Stop,
        deadline: Instant,
    ) -> Vec<Option<Positions>>;

    /// Runs `help`, a helper's whole work, on the helper's thread: what a
    /// helper sets up once goes around it.
    fn around_helper(&self, help: &mut (dyn FnMut() + Send)) {
        help()
    }
}

/// The least time a call of `moves` should take, on average, to be worked
/// out on another thread: handing it over costs about a microsecond (a
/// subtraction game's calls take less).
const AHEAD_WORTH: Duration = Duration::from_micros(5);

/// One call of `moves` in this many is timed: reading the clock costs about
/// as much as a short call.
const TIMED_EVERY: u64 = 64;

/// The time the calls of `moves` on the search's thread take, to judge
/// whether working calls out ahead pays (`AHEAD_WORTH`, 5 µs a call).
#[derive(Default)]
pub struct CallTimes {
    calls: Cell<u64>,
    /// How many calls were timed (the `TIMED_EVERY`-th, and one in
    /// [`TIMED_EVERY`] after it, if answered), and their time.
    timed: Cell<(u32, Duration)>,
}

impl CallTimes {
    /// Makes `call`, which says whether it answered, timing it if its turn
    /// comes.
    pub fn time(&self, call: impl FnOnce() -> bool) -> bool {
        let calls = self.calls.get() + 1;
        self.calls.set(calls);
        // Not the first: it is slower than the rest (caches are cold).
        if calls % TIMED_EVERY != 0 {
            return call();
        }
        let started = Instant::now();
        let answered = call();
        if answered {
            let (count, time) = self.timed.get();
            self.timed.set((
                count.saturating_add(1),
                time.saturating_add(started.elapsed()),
            ));
        }
        answered
    }

    /// Whether the calls timed cost enough, on average, to be worked out
    /// ahead.
    pub fn worth_working_ahead(&self) -> bool {
        let (measured, time) = self.timed.get();
        time.checked_div(measured)
            .is_some_and(|mean| mean >= AHEAD_WORTH)
    }
}

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
    /// Its moves, or `None` when the search is to make the call itself.
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
    /// Whether the rules were dropped: helpers end.
    closed: bool,
    /// How many helpers run.
    helping: usize,
    /// How many threads wait for a change.
    sleeping: usize,
}

/// What the helpers share with the search.
struct Shared<C: Calls> {
    calls: C,
    state: Mutex<State>,
    /// Signalled when an answer is done, taken, or the rules dropped.
    changed: Condvar,
}

/// The moves worked out ahead for some rules, and the helpers working them
/// out.
pub struct Ahead<C: Calls> {
    shared: Arc<Shared<C>>,
    /// How many answers the search took from helpers.
    taken: u64,
    /// What the search's thread works jobs out with while it waits.
    worker: C::Worker,
    /// The bounds of the calls of the last telling.
    bounds: (Stop, Instant),
}

impl<C: Calls> Ahead<C> {
    /// Nothing told yet, for `calls`.
    pub fn new(calls: C) -> Ahead<C> {
        Ahead {
            shared: Arc::new(Shared {
                calls,
                state: Mutex::default(),
                changed: Condvar::new(),
            }),
            taken: 0,
            worker: C::Worker::default(),
            bounds: (Stop::new(), Instant::now()),
        }
    }

    /// Whether there are other threads to work on.
    pub fn has_helpers(&self) -> bool {
        self.shared.calls.helpers() > 0
    }

    /// How many answers the search took from helpers.
    #[cfg(test)]
    pub(crate) fn taken(&self) -> u64 {
        self.taken
    }

    /// The search will ask the moves of `positions`, in order: helpers
    /// work them out, each call bounded by `stop` and `deadline`.
    pub fn tell(&mut self, positions: &[&[u64]], stop: &Stop, deadline: Instant) {
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
                .shared
                .calls
                .helpers()
                .min(positions.len())
                .saturating_sub(state.helping);
            state.helping += more;
            self.shared.release(state);
            more
        };
        self.bounds = (stop.clone(), deadline);
        for _ in 0..more {
            let (shared, stop) = (self.shared.clone(), stop.clone());
            rayon::spawn(move || {
                shared
                    .calls
                    .around_helper(&mut || shared.help(&stop, deadline));
                let mut state = shared.lock();
                state.helping -= 1;
                shared.release(state);
            });
        }
    }

    /// Whether every position told is worked out, waiting `most` for it.
    #[cfg(test)]
    pub(crate) fn all_done_within(&self, most: std::time::Duration) -> bool {
        let started = Instant::now();
        while started.elapsed() < most {
            let state = self.shared.lock();
            if state
                .jobs
                .iter()
                .all(|j| matches!(j.answer, Answer::Done(_)))
            {
                return true;
            }
            drop(state);
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        false
    }

    /// Appends to `into` the moves of `position` if a helper worked them
    /// out (or is working them out: then it waits); whether it did.
    pub fn answer(&mut self, position: &[u64], into: &mut Positions) -> bool {
        let Some(moves) = self.take(position) else {
            return false;
        };
        match into.is_empty() {
            true => *into = moves,
            false => into.append(&moves),
        }
        true
    }

    /// The moves of `position` if a helper worked them out (or is working
    /// them out: then it waits); `None` when the search is to make the call
    /// itself.
    pub fn take(&mut self, position: &[u64]) -> Option<Positions> {
        let mut state = self.shared.lock();
        let look = state.jobs.len().min(LOOK);
        let found = (0..look).find(|&i| state.jobs[i].position == position)?;
        // The jobs before it were skipped by the search.
        for _ in 0..found {
            state.pop();
        }
        loop {
            state = match state.jobs[0].answer {
                Answer::Done(_) => break,
                // No helper will take it: the search calls it itself.
                Answer::Waiting if state.helping == 0 || C::SEARCH_HELPS => break,
                // While a helper works out the one asked, the search works
                // out one after it.
                Answer::Running if C::SEARCH_HELPS => match state.first_waiting() {
                    Some(at) => {
                        let (stop, deadline) = self.bounds.clone();
                        self.shared
                            .work(state, at, 1, &mut self.worker, &stop, deadline);
                        self.shared.lock()
                    }
                    None => self.shared.wait(state),
                },
                _ => self.shared.wait(state),
            };
        }
        let moves = state.pop().and_then(|job| match job.answer {
            Answer::Done(moves) => moves,
            _ => None,
        });
        self.shared.release(state);
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

impl<C: Calls> Drop for Ahead<C> {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.closed = true;
        self.shared.release(state);
    }
}

impl<C: Calls> Shared<C> {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits for a change to `state`.
    fn wait<'s>(&self, mut state: MutexGuard<'s, State>) -> MutexGuard<'s, State> {
        state.sleeping += 1;
        let mut state = self
            .changed
            .wait(state)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        state.sleeping -= 1;
        state
    }

    /// Unlocks `state`, changed, and wakes the threads waiting for a
    /// change, if any: waking costs a system call, a look at the count
    /// does not.
    fn release(&self, state: MutexGuard<'_, State>) {
        let sleeping = state.sleeping > 0;
        drop(state);
        if sleeping {
            self.changed.notify_all();
        }
    }

    /// A helper: works out the first jobs waiting, and the next, until none
    /// waits or the rules are dropped; pauses while the answers held are
    /// many.
    fn help(&self, stop: &Stop, deadline: Instant) {
        let mut worker = C::Worker::default();
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
            self.work(state, at, C::BATCH, &mut worker, stop, deadline);
        }
    }

    /// Works out the jobs waiting from `at` of `state` (unlocked
    /// meanwhile), `most` of them at most.
    fn work(
        &self,
        mut state: MutexGuard<'_, State>,
        at: usize,
        most: usize,
        worker: &mut C::Worker,
        stop: &Stop,
        deadline: Instant,
    ) {
        let number = state.first + at as u64;
        let taken = state
            .jobs
            .range_mut(at..)
            .take(most)
            .take_while(|job| matches!(job.answer, Answer::Waiting))
            .map(|job| {
                job.answer = Answer::Running;
                job.position.clone()
            })
            .collect::<Vec<_>>();
        drop(state);
        // The search may be waiting for these jobs: whatever happens, they
        // are done (a call that unwinds is left to the search).
        let answers = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.calls.moves(worker, &taken, stop, deadline)
        }))
        .unwrap_or_else(|_| vec![None]);
        let mut state = self.lock();
        let mut answers = answers.into_iter();
        for number in number..number + taken.len() as u64 {
            // A job is gone if a new telling replaced it.
            let Some(at) = number.checked_sub(state.first).map(|i| i as usize) else {
                continue;
            };
            let Some(job) = state.jobs.get_mut(at) else {
                break;
            };
            let answer = match answers.next() {
                Some(answer) => Answer::Done(answer),
                None => Answer::Waiting,
            };
            let held = match &answer {
                Answer::Done(Some(moves)) => moves.integers_len(),
                _ => 0,
            };
            job.answer = answer;
            state.held += held;
        }
        self.release(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A heap `n` moves to every smaller heap; the helper answers at most
    /// `answers` of a batch, and none for a heap of 13.
    struct Heaps {
        answers: usize,
    }

    impl Calls for Heaps {
        type Worker = ();
        const SEARCH_HELPS: bool = false;
        const BATCH: usize = 8;

        fn helpers(&self) -> usize {
            1
        }

        fn moves(
            &self,
            _: &mut (),
            positions: &[Vec<u64>],
            _: &Stop,
            _: Instant,
        ) -> Vec<Option<Positions>> {
            let one = |position: &Vec<u64>| {
                (position[0] != 13).then(|| {
                    let mut moves = Positions::default();
                    (0..position[0]).for_each(|m| moves.push(&[m]));
                    moves
                })
            };
            positions.iter().take(self.answers).map(one).collect()
        }
    }

    fn smaller(n: u64) -> Positions {
        let mut moves = Positions::default();
        (0..n).for_each(|m| moves.push(&[m]));
        moves
    }

    #[test]
    fn a_search_that_does_not_help_waits_for_batches_answered_in_part() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool");
        for answers in [1, 3, 8] {
            let mut ahead = Ahead::new(Heaps { answers });
            let heaps: Vec<Vec<u64>> = (0..40).map(|n| vec![n]).collect();
            let told: Vec<&[u64]> = heaps.iter().map(Vec::as_slice).collect();
            let deadline = Instant::now() + Duration::from_secs(60);
            pool.install(|| ahead.tell(&told, &Stop::new(), deadline));
            for n in 0..40 {
                let mut into = Positions::default();
                // Heap 13 is left to the search; 20 is skipped.
                match n {
                    13 => assert!(!ahead.answer(&[n], &mut into)),
                    20 => continue,
                    _ => {
                        assert!(ahead.answer(&[n], &mut into), "heap {n}");
                        assert_eq!(into, smaller(n), "heap {n}");
                    }
                }
            }
            assert_eq!(ahead.taken(), 38);
        }
    }

    #[test]
    fn answers_are_appended_and_a_position_not_told_is_the_searchs() {
        let mut ahead = Ahead::new(Heaps { answers: 8 });
        let deadline = Instant::now() + Duration::from_secs(60);
        ahead.tell(&[&[5], &[6]], &Stop::new(), deadline);
        assert!(ahead.all_done_within(Duration::from_secs(20)));
        let mut into = smaller(2);
        assert!(ahead.answer(&[5], &mut into));
        let mut expected = smaller(2);
        expected.append(&smaller(5));
        assert_eq!(into, expected);
        assert!(!ahead.answer(&[7], &mut Positions::default()));
    }
}
