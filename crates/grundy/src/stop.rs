//! Stopping long work from outside: one signal that every solver checks.
//!
//! A front end that must be able to give up on a computation (the web
//! server at its time limit, a notebook on an interrupt) runs it inside
//! [`run`] with a [`Stop`] it keeps; setting that signal from any thread
//! ([`Stop::stop`]) ends the computation at its next check, and `run`
//! returns [`Stopped`]. Nothing else needs to be threaded through the
//! library: every loop that can run long calls [`poll`] at a bounded
//! interval of work (a position valued, a row of a table, a block of heaps),
//! so the work stops within milliseconds of the signal, whatever the game.
//!
//! How it stops: [`poll`] unwinds the stack (with a [`Stopped`] payload,
//! raised by `resume_unwind`, which runs no panic hook) back to [`run`],
//! which catches exactly that payload; everything the computation built is
//! dropped on the way. Outside `run` there is no signal and [`poll`] costs a
//! thread-local read. A stopped computation has no answer, so nothing it
//! left half-done is ever seen: the library keeps no state between calls
//! except in values the caller owns and drops with the computation.
//!
//! Threads the library starts take the signal with them: the wavefront's
//! blocks check [`current`]'s handle (a `Stopped` raised on a rayon worker
//! is carried back to the caller by rayon), and the octal engine's helper
//! thread stops when the main thread does.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A signal that stops the computations run with it; cheap to clone, and
/// every clone is the same signal.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

/// The payload of the unwinding that [`poll`] starts, and the error of a
/// computation that [`run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the computation was stopped")
    }
}

impl std::error::Error for Stopped {}

thread_local! {
    /// The signal of the computation this thread is running, if any.
    static CURRENT: RefCell<Option<Stop>> = const { RefCell::new(None) };
}

impl Stop {
    /// A signal not yet given.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Gives the signal: every computation run with it stops at its next check.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the signal was given.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Unwinds to [`run`] if the signal was given (for work on threads that
    /// [`run`] did not start: take the handle from [`current`] first).
    #[inline]
    pub fn poll(&self) {
        if self.is_stopped() {
            panic::resume_unwind(Box::new(Stopped));
        }
    }
}

/// Runs `work` on this thread with `stop` as its signal: its value, or
/// [`Stopped`] if the signal ended it. A panic that is not a stop goes on
/// unwinding. Runs nest: the inner signal holds until the inner run ends.
pub fn run<T>(stop: &Stop, work: impl FnOnce() -> T) -> Result<T, Stopped> {
    /// Puts the outer signal back however the run ends.
    struct Restore(Option<Stop>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            CURRENT.with_borrow_mut(|current| *current = outer);
        }
    }
    let outer = CURRENT.with_borrow_mut(|current| current.replace(stop.clone()));
    let restore = Restore(outer);
    let result = panic::catch_unwind(AssertUnwindSafe(work));
    drop(restore);
    match result {
        Ok(value) => Ok(value),
        Err(payload) if payload.is::<Stopped>() => Err(Stopped),
        Err(payload) => panic::resume_unwind(payload),
    }
}

/// Unwinds to [`run`] if this thread's computation was signalled to stop;
/// does nothing outside [`run`]. Call it at least every millisecond or so of
/// work in every loop that can run long.
#[inline]
pub fn poll() {
    let stopped = CURRENT.with_borrow(|current| current.as_ref().is_some_and(Stop::is_stopped));
    if stopped {
        panic::resume_unwind(Box::new(Stopped));
    }
}

/// This thread's signal, for threads the computation starts, which check it
/// with [`Stop::poll`] (or [`Stop::is_stopped`] to end by returning); a
/// signal never given outside [`run`].
pub fn current() -> Stop {
    CURRENT.with_borrow(|current| current.clone().unwrap_or_default())
}

/// Counts small steps of work and polls every `2^SHIFT` of them, for loops
/// whose single step is too cheap to poll each time.
#[derive(Debug, Default)]
pub struct Ticker<const SHIFT: u32 = 12> {
    steps: u32,
}

impl<const SHIFT: u32> Ticker<SHIFT> {
    /// A ticker that has counted nothing.
    pub fn new() -> Self {
        Ticker { steps: 0 }
    }

    /// One step done; polls every `2^SHIFT` steps.
    #[inline]
    pub fn tick(&mut self) {
        self.steps = self.steps.wrapping_add(1);
        if self.steps & ((1 << SHIFT) - 1) == 0 {
            poll();
        }
    }

    /// `steps` steps done at once; polls when they cross a multiple of `2^SHIFT`.
    #[inline]
    pub fn advance(&mut self, steps: u32) {
        let before = self.steps;
        self.steps = self.steps.wrapping_add(steps);
        if (before >> SHIFT) != (self.steps >> SHIFT) || steps >= (1 << SHIFT) {
            poll();
        }
    }
}

/// The items of `items`, checking for a stop every 4096 of them: for the
/// long loops written as iterators (values from a closed form, conversions).
pub fn polling<I: Iterator>(items: I) -> impl Iterator<Item = I::Item> {
    let mut ticker = Ticker::<12>::new();
    items.inspect(move |_| ticker.tick())
}

/// Sorts `items` (not stably), checking for a stop every 4096 comparisons:
/// sorting millions of labels or arcs takes a while.
pub fn sort_unstable_polling<T: Ord>(items: &mut [T]) {
    let mut ticker = Ticker::<12>::new();
    items.sort_unstable_by(|a, b| {
        ticker.tick();
        a.cmp(b)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_signalled_run_stops_at_its_next_poll() {
        let stop = Stop::new();
        let given = stop.clone();
        let started = Instant::now();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            given.stop();
        });
        let polls = std::cell::Cell::new(0u64);
        let result = run(&stop, || loop {
            polls.set(polls.get() + 1);
            poll();
        });
        stopper.join().unwrap();
        assert_eq!(result, Err(Stopped));
        assert!(polls.get() > 0);
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn without_a_signal_work_ends_as_it_would() {
        assert_eq!(run(&Stop::new(), || 6 * 7), Ok(42));
        // Outside a run, polling does nothing.
        poll();
        assert!(!current().is_stopped());
    }

    #[test]
    fn other_panics_go_on_unwinding_and_the_signal_is_put_back() {
        let outer = Stop::new();
        let inner = Stop::new();
        inner.stop();
        let result = run(&outer, || {
            // The inner run is stopped; the outer goes on with its own signal.
            assert_eq!(run(&inner, poll), Err(Stopped));
            assert!(!current().is_stopped());
            let panicked = panic::catch_unwind(|| run(&inner, || panic!("a bug")));
            assert!(panicked.is_err());
            assert!(!current().is_stopped());
            1
        });
        assert_eq!(result, Ok(1));
    }

    #[test]
    fn a_ticker_polls_every_power_of_two_steps() {
        let stop = Stop::new();
        stop.stop();
        let steps = std::cell::Cell::new(0u32);
        let result = run(&stop, || {
            let mut ticker = Ticker::<4>::new();
            loop {
                steps.set(steps.get() + 1);
                ticker.tick();
            }
        });
        assert_eq!(result, Err(Stopped));
        assert_eq!(steps.get(), 16);
        let mut stopped_after = 0;
        let result = run(&stop, || {
            let mut ticker = Ticker::<4>::new();
            for _ in 0..10 {
                stopped_after += 1;
                ticker.advance(5);
            }
        });
        assert_eq!(result, Err(Stopped));
        // 5, 10, 15, then 20 crosses 16.
        assert_eq!(stopped_after, 4);
    }
}
