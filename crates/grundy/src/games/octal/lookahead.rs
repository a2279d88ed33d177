//! The helper thread of the sparse-space engine: it marks, a few heaps ahead of
//! the main thread, the options of future heaps whose parts are already known.
//!
//! For a future heap `n`, every split `(a, rest - a)` whose parts are both below
//! `n - LAG` can be valued before the main thread reaches `n`. The helper takes
//! the splits with a rare part `r` in `LAG < r < n - LAG`, and every split with
//! the smaller part in `LAG < a <= limit`, where `limit` is steered by the main
//! thread so that both threads stay busy. The main thread finishes the rest
//! (rare parts at either end, the chase outside the helper's range). Marks are
//! only ever real option values, so sharing the work cannot change a value; it
//! only matters that the two threads together cover every split they claim.
//!
//! Whether the helper works at all is decided by a [`Pacer`] from the speed
//! measured as the values grow: a second thread that only competes with other
//! processes for a core, or whose share is too small to pay for handing heaps
//! over, is switched off.

use std::sync::atomic::{fence, AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread::Thread;
use std::time::Duration;

use super::marks::{
    is_rare, largest_smaller_part, mark_rare_splits, mark_splits, span_for, Flip, Marks, RareHeap,
    Value, VALUES,
};
use super::store::SharedPrefix;

/// Slots in the ring of marked heaps: the helper works at most this many heaps
/// ahead of the main thread. A deep ring lets either thread be descheduled for
/// a while (the machine may be shared) without stalling the other.
pub(super) const SLOTS: usize = 256;

/// The helper values heap `n` from the values of heaps below `n - LAG` only.
/// Heap `n - SLOTS` must be done before its slot is reused, hence `SLOTS - 1`.
pub(super) const LAG: usize = SLOTS - 1;

/// Words of a slot for marks of `span` bytes: two of header, the marks (eight
/// a word), and padding, so that slots in use by the two threads never share
/// a cache line (two lines, against the prefetcher pairing them).
fn slot_words(span: usize) -> usize {
    (2 + span / 8).next_multiple_of(16) + 16
}

/// How often (in heaps) the main thread publishes its values when not waiting:
/// fewer stores to the shared counter, at the price of a little slack.
const PUBLISH_EVERY: usize = 8;

/// A thread that has to wait sleeps until the other is this many heaps past
/// what it needs, so that the two do not wake each other on every heap.
const BATCH: usize = SLOTS / 8;

/// A value on a cache line of its own, so that one thread's writes do not
/// evict what the other thread reads.
#[repr(align(128))]
struct Padded<T>(T);

/// How to wake a thread that sleeps until a counter reaches `wake_at`.
struct Sleeper {
    /// `usize::MAX` when awake.
    wake_at: Padded<AtomicUsize>,
    thread: OnceLock<Thread>,
}

impl Sleeper {
    fn new() -> Sleeper {
        Sleeper {
            wake_at: Padded(AtomicUsize::new(usize::MAX)),
            thread: OnceLock::new(),
        }
    }

    /// Wakes the thread if it waits for a counter now at `count`. The `SeqCst`
    /// fences here and in [`Sleeper::wait`] order "publish, then check for a
    /// sleeper" against "announce sleep, then check the counter": one of the
    /// two sides sees the other. A missed wake would only cost the timeout.
    fn wake(&self, count: usize) {
        fence(Ordering::SeqCst);
        if count >= self.wake_at.0.load(Ordering::Relaxed) {
            if let Some(thread) = self.thread.get() {
                thread.unpark();
            }
        }
    }

    /// Waits until `counter` is at least `need` (or `quit` is set), on the
    /// calling thread (the one registered); returns the counter.
    fn wait(&self, counter: &AtomicUsize, need: usize, quit: &AtomicBool) -> usize {
        for _ in 0..1024 {
            let count = counter.load(Ordering::Acquire);
            if count >= need {
                return count;
            }
            std::hint::spin_loop();
        }
        loop {
            self.wake_at.0.store(need + BATCH, Ordering::Relaxed);
            fence(Ordering::SeqCst);
            let count = counter.load(Ordering::Acquire);
            if count < need + BATCH && !quit.load(Ordering::Acquire) {
                std::thread::park_timeout(Duration::from_millis(1));
            }
            self.wake_at.0.store(usize::MAX, Ordering::Relaxed);
            let count = counter.load(Ordering::Acquire);
            if count >= need || quit.load(Ordering::Acquire) {
                return count;
            }
        }
    }
}

/// What the threads share while computing heaps `start..end`.
///
/// Memory ordering: each side writes its data (the main thread its values in
/// its own store, the helper its slots) and then bumps its counter (`known`
/// or `ready`) with `Release`; the other side reads the counter with
/// `Acquire` before reading the data below it. Each datum is written once per
/// use (slots are reused only after the main thread has published the heap
/// that consumed them, see [`LAG`]; values are never rewritten).
pub(super) struct Channel {
    /// The first heap of the run.
    start: usize,
    /// The heap after the run's last.
    end: usize,
    /// The main thread's values, read by the helper below `known` (the
    /// main thread appends heaps `start..end` to them as it goes).
    values: SharedPrefix,
    /// Heaps below this have their value in `values`.
    known: Padded<AtomicUsize>,
    /// Heaps below this have their slot filled by the helper.
    ready: Padded<AtomicUsize>,
    /// The largest smaller part `a` the helper sweeps, steered by the main thread.
    limit: Padded<AtomicUsize>,
    /// Bytes of marks a slot holds: the span of the values when the run
    /// started. The main thread ends the run before the span outgrows it.
    span: usize,
    /// `SLOTS` slots of `slot_words(span)` words for the helper's marks of
    /// heap `n` in slot `n % SLOTS`: how many bytes of marks follow, the
    /// `limit` the helper used, then the marks. Sized by the span rather than
    /// for every possible value, so that a run allocates and zeroes little.
    slots: Vec<AtomicU64>,
    /// Set by the main thread when it gives up (a value overflowed), and by the
    /// helper when it ends: neither waits for the other after that.
    quit: Padded<AtomicBool>,
    /// The main thread, when it waits for `ready`.
    main: Sleeper,
    /// The helper, when it waits for `known`.
    helper: Sleeper,
}

impl Channel {
    /// A channel for heaps `start..end` whose marks fit `span` bytes, with
    /// `limit` as the first sweep limit, made on the main thread, which holds
    /// the first `start` values in the store `values` is a window on and
    /// appends the others to it, publishing them here.
    pub(super) fn new(
        start: usize,
        end: usize,
        values: SharedPrefix,
        span: usize,
        limit: usize,
    ) -> Channel {
        let channel = Channel {
            start,
            end,
            values,
            known: Padded(AtomicUsize::new(start)),
            ready: Padded(AtomicUsize::new(start)),
            limit: Padded(AtomicUsize::new(limit)),
            span,
            slots: (0..SLOTS * slot_words(span))
                .map(|_| AtomicU64::new(0))
                .collect(),
            quit: Padded(AtomicBool::new(false)),
            main: Sleeper::new(),
            helper: Sleeper::new(),
        };
        channel.main.thread.get_or_init(std::thread::current);
        channel
    }

    /// Main thread: waits for the helper's marks of heap `n`, copies them into
    /// `seen` (clearing the rest of it), and returns the helper's sweep limit
    /// and, every few heaps, how many heaps ahead the helper is. `ready` caches
    /// the helper's counter, so that it is read only now and then.
    pub(super) fn take(
        &self,
        n: usize,
        seen: &mut [u8],
        ready: &mut usize,
    ) -> (usize, Option<usize>) {
        let mut ahead = None;
        if *ready <= n || n % PUBLISH_EVERY == 0 {
            *ready = self.ready.0.load(Ordering::Acquire);
            if *ready <= n {
                // The helper may be waiting for values the main thread holds back.
                self.known.0.store(n, Ordering::Release);
                self.helper.wake(n);
                *ready = self.main.wait(&self.ready.0, n + 1, &self.quit.0);
                assert!(*ready > n, "the lookahead thread stopped early");
            }
            ahead = Some(*ready - n - 1);
        }
        let words = slot_words(self.span);
        let slot = &self.slots[n % SLOTS * words..][..words];
        let span = slot[0].load(Ordering::Relaxed) as usize;
        for (bytes, word) in seen[..span].chunks_exact_mut(8).zip(&slot[2..]) {
            bytes.copy_from_slice(&word.load(Ordering::Relaxed).to_le_bytes());
        }
        seen[span..].fill(0);
        (slot[1].load(Ordering::Relaxed) as usize, ahead)
    }

    /// Main thread: the value of heap `n` is in its store.
    pub(super) fn publish(&self, n: usize) {
        if (n + 1) % PUBLISH_EVERY == 0 {
            self.known.0.store(n + 1, Ordering::Release);
            self.helper.wake(n + 1);
        }
    }

    /// Main thread: the helper should sweep smaller parts up to `limit`.
    pub(super) fn steer(&self, limit: usize) {
        self.limit.0.store(limit, Ordering::Relaxed);
    }

    /// Bytes of marks the slots hold: the run must end before the values' span
    /// outgrows it.
    pub(super) fn span(&self) -> usize {
        self.span
    }

    /// Main thread: no more values will come.
    pub(super) fn give_up(&self) {
        self.quit.0.store(true, Ordering::Release);
        self.helper.wake(usize::MAX);
    }

    /// Gives up when dropped: the main thread's guard, so that a run it
    /// leaves by unwinding (a stop) does not leave the helper waiting.
    pub(super) fn give_up_on_drop(&self) -> GiveUpOnDrop<'_> {
        GiveUpOnDrop(self)
    }
}

/// See [`Channel::give_up_on_drop`].
pub(super) struct GiveUpOnDrop<'a>(&'a Channel);

impl Drop for GiveUpOnDrop<'_> {
    fn drop(&mut self) {
        self.0.give_up();
    }
}

/// Sets `quit` when the helper ends, even by a panic, so the main thread does
/// not wait for it forever.
struct QuitOnDrop<'a>(&'a Channel);

impl Drop for QuitOnDrop<'_> {
    fn drop(&mut self) {
        self.0.quit.0.store(true, Ordering::Release);
        self.0.main.wake(usize::MAX);
    }
}

/// What the helper owns: its own list of the rare heaps, extended as the main
/// thread publishes values.
pub(super) struct Helper {
    /// Rare heaps among the values published, ascending.
    pub rare: Vec<RareHeap>,
    /// The largest of the values the run starts with.
    pub max: Value,
    /// Amounts that may leave two heaps.
    pub two: Vec<usize>,
    /// Whether the two heaps may be equal.
    pub equal_splits: bool,
    /// The class mask, fixed for the run.
    pub mask: Value,
    /// The heaps whose parity is flipped, fixed for the run.
    pub flip: Flip,
}

impl Helper {
    /// Fills the slots of heaps `channel.start..channel.end`, in order, as
    /// the values they need arrive; returns early if the main thread gives up.
    pub(super) fn run(mut self, channel: &Channel) {
        let _quit = QuitOnDrop(channel);
        channel.helper.thread.get_or_init(std::thread::current);
        // SAFETY (here and below): the main thread holds the first `known`
        // values (`start` at first, then as read from `channel.known` with
        // `Acquire`) and only appends to its store while the run lasts.
        let mut known = channel.start;
        let mut values = unsafe { channel.values.first(known) };
        let mut max = self.max;
        let mut seen: Box<Marks> = Box::new([0; VALUES]);
        for n in channel.start..channel.end {
            let need = n - LAG;
            if known < need {
                let now = channel.helper.wait(&channel.known.0, need, &channel.quit.0);
                if now < need {
                    return;
                }
                values = unsafe { channel.values.first(now) };
                for (heap, &v) in values.iter().enumerate().skip(known) {
                    max = max.max(v);
                    if is_rare(v, heap, self.mask, self.flip) {
                        self.rare.push((heap as u32, v));
                    }
                }
                known = now;
            }
            // The main thread ends the run before the span outgrows the slots.
            let span = span_for(max).min(channel.span);
            seen[..span].fill(0);
            let limit = channel.limit.0.load(Ordering::Relaxed);
            let first = self.rare.partition_point(|&(r, _)| r as usize <= LAG);
            for &take in &self.two {
                let Some(rest) = n.checked_sub(take) else {
                    continue;
                };
                // `r > LAG` keeps `rest - r` below `need`; `r < need` keeps `r` known.
                let known = self.rare.partition_point(|&(r, _)| (r as usize) < need);
                let rare = &self.rare[first..known];
                mark_rare_splits(values, rare, rest, self.equal_splits, &mut seen);
                // `a <= rest / 2 < need` for the heaps a run starts at (see
                // `worth_helping`), and `rest - a < need` as `a > LAG`.
                let to = limit.min(largest_smaller_part(rest, self.equal_splits));
                if to > LAG {
                    mark_splits(values, rest, LAG + 1, to, &mut seen);
                }
            }
            let words = slot_words(channel.span);
            let slot = &channel.slots[n % SLOTS * words..][..words];
            slot[0].store(span as u64, Ordering::Relaxed);
            slot[1].store(limit as u64, Ordering::Relaxed);
            for (word, bytes) in slot[2..].iter().zip(seen[..span].chunks_exact(8)) {
                let bytes = bytes.try_into().expect("chunks of 8");
                word.store(u64::from_le_bytes(bytes), Ordering::Relaxed);
            }
            channel.ready.0.store(n + 1, Ordering::Release);
            channel.main.wake(n + 1);
        }
    }
}

/// Whether a run over heaps `start..end` can use a thread at all: it must be
/// long enough to pay for starting one, and far enough out that `LAG` leaves
/// the helper work. Whether it pays is measured (see [`Pacer`]).
pub(super) fn can_help(start: usize, end: usize) -> bool {
    start >= 8 * SLOTS && end - start >= MIN_RUN
}

/// The shortest run the helper takes.
const MIN_RUN: usize = 256;

/// The fewest heaps one side of a comparison is timed over: enough for a few
/// milliseconds, so that starting the thread and the clock's resolution are
/// noise.
const MIN_PROBE: usize = 1 << 14;

/// A comparison decides for this many times the heaps it was timed over.
const KEEP: usize = 24;

/// The helper is kept only when it saves at least this fraction of the time
/// (numerator, denominator): a tenth.
const MARGIN: (u128, u128) = (1, 10);

/// Which way the heaps are being computed, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Timing heaps computed by the main thread alone.
    TimeAlone,
    /// Timing heaps computed with the helper, after `alone` was timed.
    TimeHelped,
    /// Keeping the faster way until heap `until`.
    Keep { helped: bool, until: usize },
}

/// Decides, from the wall-clock time per heap measured during the run,
/// whether the helper thread works: heaps are timed alone, then helped, over
/// a stretch of `max(MIN_PROBE, n / 64)` heaps each, and the faster way is
/// kept for `KEEP` times that many (the helper only if it saved a `MARGIN`);
/// then both are timed again, as the costs change with `n` and the machine's
/// load changes. Wall-clock time is what counts: a helper that only takes a
/// core from another process, or whose share does not pay for handing heaps
/// over, loses the comparison, so two threads are never kept when they are
/// measured slower than one. The choice never changes a value, only the time.
#[derive(Clone, Debug)]
pub(super) struct Pacer {
    phase: Phase,
    /// Heaps of the current timing stretch, and their total time.
    timed: (usize, Duration),
    /// Heaps to time in each way this round.
    probe: usize,
    /// The time per heap alone this round, as `(heaps, time)`.
    alone: (usize, Duration),
}

impl Pacer {
    /// A pacer that starts by timing heaps computed alone.
    pub(super) fn new() -> Pacer {
        Pacer {
            phase: Phase::TimeAlone,
            timed: (0, Duration::ZERO),
            probe: MIN_PROBE,
            alone: (0, Duration::ZERO),
        }
    }

    /// Whether the heaps from `start` on are to be computed with the helper,
    /// and the heap at which to ask again.
    pub(super) fn plan(&mut self, start: usize) -> (bool, usize) {
        if let Phase::Keep { until, .. } = self.phase {
            if start >= until {
                self.phase = Phase::TimeAlone;
                self.timed = (0, Duration::ZERO);
                self.probe = MIN_PROBE.max(start / 64);
            }
        }
        // A timing stretch is never cut below a run the helper can take.
        let timed_until = start + (self.probe - self.timed.0).max(MIN_RUN);
        match self.phase {
            Phase::TimeAlone => (false, timed_until),
            Phase::TimeHelped => (true, timed_until),
            Phase::Keep { helped, until } => (helped, until),
        }
    }

    /// `heaps` heaps, up to heap `end`, were computed in `time`, with the
    /// helper or not.
    pub(super) fn record(&mut self, helped: bool, heaps: usize, time: Duration, end: usize) {
        let timing = match self.phase {
            Phase::TimeAlone => !helped,
            Phase::TimeHelped => helped,
            Phase::Keep { .. } => false,
        };
        if !timing {
            return;
        }
        self.timed = (self.timed.0 + heaps, self.timed.1 + time);
        if self.timed.0 < self.probe {
            return;
        }
        let (heaps, time) = std::mem::replace(&mut self.timed, (0, Duration::ZERO));
        self.phase = match self.phase {
            Phase::TimeAlone => {
                self.alone = (heaps, time);
                Phase::TimeHelped
            }
            _ => {
                // Helped wins when it spent a `MARGIN` less time per heap:
                // `time / heaps < (1 - MARGIN) * alone.time / alone.heaps`,
                // cross-multiplied. The margin keeps timing noise on a loaded
                // machine from choosing two threads that are no faster.
                let (num, den) = MARGIN;
                let helped = time.as_nanos() * (self.alone.0 as u128) * den
                    < self.alone.1.as_nanos() * (heaps as u128) * (den - num);
                Phase::Keep {
                    helped,
                    until: end.saturating_add(KEEP * self.probe),
                }
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    /// Times one probe alone and one helped, `alone` and `helped` long, from
    /// heap `start`; returns the plan after.
    fn compare(
        pacer: &mut Pacer,
        start: usize,
        alone: Duration,
        helped: Duration,
    ) -> (bool, usize) {
        let (help, until) = pacer.plan(start);
        assert!(!help, "each round times the heaps alone first");
        pacer.record(false, until - start, alone, until);
        let (help, end) = pacer.plan(until);
        assert!(help, "then helped");
        pacer.record(true, end - until, helped, end);
        pacer.plan(end)
    }

    #[test]
    fn the_faster_way_is_kept_and_timed_again_later() {
        let mut pacer = Pacer::new();
        let (helped, until) = compare(&mut pacer, 2048, 10 * MS, 11 * MS);
        let end = 2048 + 2 * MIN_PROBE;
        assert_eq!(
            (helped, until),
            (false, end + KEEP * MIN_PROBE),
            "slower helped"
        );
        // Nothing is timed while a choice is kept.
        pacer.record(true, 1000, MS, end + 1000);
        assert_eq!(pacer.plan(end + 1000), (false, until));
        // Then both are timed again, over a 64th of the heaps (or more).
        let start = until;
        let (helped, again) = compare(&mut pacer, start, 10 * MS, 8 * MS);
        let probe = (start / 64).max(MIN_PROBE);
        assert_eq!((helped, again), (true, start + 2 * probe + KEEP * probe));
        let far = 1 << 26;
        compare(&mut pacer, far, 10 * MS, 8 * MS);
        assert_eq!(pacer.probe, far / 64);
    }

    #[test]
    fn only_the_way_being_timed_counts() {
        let mut pacer = Pacer::new();
        let (_, until) = pacer.plan(5000);
        // A helped run while timing alone (none happens, but it must not count).
        pacer.record(true, MIN_PROBE, MS, 5000 + MIN_PROBE);
        assert_eq!(pacer.plan(5000), (false, until));
        // Timing adds up over runs cut short (by progress reports, say).
        pacer.record(false, MIN_PROBE / 2, MS, 5000 + MIN_PROBE / 2);
        assert_eq!(pacer.plan(5000 + MIN_PROBE / 2), (false, until));
        pacer.record(false, MIN_PROBE / 2, MS, until);
        assert!(pacer.plan(until).0, "alone timed, helped next");
    }

    #[test]
    fn a_timing_stretch_leaves_room_for_a_helped_run() {
        let mut pacer = Pacer::new();
        pacer.plan(3000);
        pacer.record(false, MIN_PROBE, MS, 3000 + MIN_PROBE);
        pacer.record(true, MIN_PROBE - 10, MS, 3000 + 2 * MIN_PROBE - 10);
        let start = 3000 + 2 * MIN_PROBE - 10;
        assert_eq!(pacer.plan(start), (true, start + MIN_RUN));
        assert!(can_help(start, start + MIN_RUN));
    }

    #[test]
    fn the_helper_must_save_a_tenth_of_the_time() {
        for (helped, kept) in [(100, false), (91, false), (90, false), (89, true)] {
            let mut pacer = Pacer::new();
            let helped_time = Duration::from_micros(helped);
            let plan = compare(&mut pacer, 4096, Duration::from_micros(100), helped_time);
            assert_eq!(plan.0, kept, "{helped}");
        }
    }
}
