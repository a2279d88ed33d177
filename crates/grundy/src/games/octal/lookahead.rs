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

use std::sync::atomic::{fence, AtomicBool, AtomicU16, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread::Thread;
use std::time::Duration;

use super::marks::{
    is_class_zero, largest_smaller_part, mark_rare_splits, mark_splits, span_for, Marks, RareHeap,
    Value, VALUES,
};

/// Slots in the ring of marked heaps: the helper works at most this many heaps
/// ahead of the main thread. A deep ring lets either thread be descheduled for
/// a while (the machine may be shared) without stalling the other.
pub(super) const SLOTS: usize = 256;

/// The helper values heap `n` from the values of heaps below `n - LAG` only.
/// Heap `n - SLOTS` must be done before its slot is reused, hence `SLOTS - 1`.
pub(super) const LAG: usize = SLOTS - 1;

/// Words of a slot: two of header, the marks (eight a word), and padding to a
/// cache line.
const SLOT_WORDS: usize = VALUES / 8 + 16;

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
/// Memory ordering: each side writes its data with relaxed stores, then bumps
/// its counter (`known` or `ready`) with `Release`; the other side reads the
/// counter with `Acquire` before reading the data below it. Each datum is
/// written once per use (slots are reused only after the main thread has
/// published the heap that consumed them, see [`LAG`]).
pub(super) struct Channel {
    /// The first heap of the run.
    start: usize,
    /// Values of heaps `start..end`, written by the main thread.
    values: Vec<AtomicU16>,
    /// Heaps below this have their value in `values` (or were known at the start).
    known: Padded<AtomicUsize>,
    /// Heaps below this have their slot filled by the helper.
    ready: Padded<AtomicUsize>,
    /// The largest smaller part `a` the helper sweeps, steered by the main thread.
    limit: Padded<AtomicUsize>,
    /// `SLOTS` slots of `SLOT_WORDS` words for the helper's marks of heap `n`
    /// in slot `n % SLOTS`: how many bytes of marks follow, the `limit` the
    /// helper used, then the marks. Only the words in use are ever touched. Slots are far apart, so the helper fills
    /// one while the main thread reads another without sharing a cache line.
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
    /// A channel for heaps `start..end`, with `limit` as the first sweep limit,
    /// made on the main thread.
    pub(super) fn new(start: usize, end: usize, limit: usize) -> Channel {
        let channel = Channel {
            start,
            values: (start..end).map(|_| AtomicU16::new(0)).collect(),
            known: Padded(AtomicUsize::new(start)),
            ready: Padded(AtomicUsize::new(start)),
            limit: Padded(AtomicUsize::new(limit)),
            slots: (0..SLOTS * SLOT_WORDS).map(|_| AtomicU64::new(0)).collect(),
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
        let slot = &self.slots[n % SLOTS * SLOT_WORDS..][..SLOT_WORDS];
        let span = slot[0].load(Ordering::Relaxed) as usize;
        for (bytes, word) in seen[..span].chunks_exact_mut(8).zip(&slot[2..]) {
            bytes.copy_from_slice(&word.load(Ordering::Relaxed).to_le_bytes());
        }
        seen[span..].fill(0);
        (slot[1].load(Ordering::Relaxed) as usize, ahead)
    }

    /// Main thread: `value` is the value of heap `n`.
    pub(super) fn publish(&self, n: usize, value: Value) {
        self.values[n - self.start].store(value, Ordering::Relaxed);
        if (n + 1) % PUBLISH_EVERY == 0 {
            self.known.0.store(n + 1, Ordering::Release);
            self.helper.wake(n + 1);
        }
    }

    /// Main thread: the helper should sweep smaller parts up to `limit`.
    pub(super) fn steer(&self, limit: usize) {
        self.limit.0.store(limit, Ordering::Relaxed);
    }

    /// Main thread: no more values will come.
    pub(super) fn give_up(&self) {
        self.quit.0.store(true, Ordering::Release);
        self.helper.wake(usize::MAX);
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

/// What the helper owns: its own copy of the values and rare heaps, extended
/// from the channel as the main thread publishes.
pub(super) struct Helper {
    /// Values known so far.
    pub values: Vec<Value>,
    /// Rare heaps among them, ascending.
    pub rare: Vec<RareHeap>,
    /// Amounts that may leave two heaps.
    pub two: Vec<usize>,
    /// Whether the two heaps may be equal.
    pub equal_splits: bool,
    /// The class mask, fixed for the run.
    pub mask: Value,
    /// The class flip on odd heaps, fixed for the run.
    pub flip: bool,
}

impl Helper {
    /// Fills the slots of heaps `channel.start..end`, in order, as the values
    /// they need arrive; returns early if the main thread gives up.
    pub(super) fn run(mut self, channel: &Channel) {
        let _quit = QuitOnDrop(channel);
        channel.helper.thread.get_or_init(std::thread::current);
        let end = channel.start + channel.values.len();
        let mut max = self.values.iter().copied().max().unwrap_or(0);
        let mut seen: Box<Marks> = Box::new([0; VALUES]);
        for n in channel.start..end {
            let need = n - LAG;
            if self.values.len() < need {
                let known = channel.helper.wait(&channel.known.0, need, &channel.quit.0);
                if known < need {
                    return;
                }
                for heap in self.values.len()..known {
                    let v = channel.values[heap - channel.start].load(Ordering::Relaxed);
                    self.values.push(v);
                    max = max.max(v);
                    if is_class_zero(v, heap, self.mask, self.flip) {
                        self.rare.push((heap as u32, v));
                    }
                }
            }
            let span = span_for(max);
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
                mark_rare_splits(&self.values, rare, rest, self.equal_splits, &mut seen);
                // `a <= rest / 2 < need` for the heaps a run starts at (see
                // `worth_helping`), and `rest - a < need` as `a > LAG`.
                let to = limit.min(largest_smaller_part(rest, self.equal_splits));
                if to > LAG {
                    mark_splits(&self.values, rest, LAG + 1, to, &mut seen);
                }
            }
            let slot = &channel.slots[n % SLOTS * SLOT_WORDS..][..SLOT_WORDS];
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

/// Whether a run over heaps `start..end` is worth a thread, when each heap has
/// `rare_splits` splits with a rare part and the solver asks for at least
/// `min_rare_splits`: the run must be long enough to pay for starting the
/// thread, and far enough out that `LAG` leaves the helper work.
pub(super) fn worth_helping(
    start: usize,
    end: usize,
    rare_splits: usize,
    min_rare_splits: usize,
) -> bool {
    start >= 8 * SLOTS && end - start >= 256 && rare_splits >= min_rare_splits
}
