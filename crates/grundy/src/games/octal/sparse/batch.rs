//! The rare passes of the general path on one thread, done for [`LANES`]
//! remainders together (as the small path does, see its `RareBatch`), with
//! byte marks instead of bits: 0.161, whose values reach 147, spends 40% of
//! its time in rare passes over its 488 rare heaps, one split at a time, which
//! this does with one load of partners for eight.
//!
//! A batch holds the marks of the splits `(r, first + lane - r)` for the rare
//! heaps `LANES <= r < first`; the heap being computed adds the lane of each
//! remainder it leaves to its own marks, and marks the splits with the other
//! rare heaps (below `LANES`, and from `first` on) itself.

use crate::games::octal::marks::{for_lane_splits, lane_range, Marks, RareHeap, Value, LANES};

/// The largest span of marks a batch holds: values below 512, which keeps a
/// batch at 8 KiB. Beyond it the rare passes are done one by one.
pub(super) const BATCH_SPAN: usize = 1024;

/// The marks of the rare passes of the remainders `first..first + LANES`.
pub(super) struct MarkBatch {
    /// The first remainder (`usize::MAX` when there is none).
    first: usize,
    /// The span of the marks made, all of them below it (0 when none).
    span: usize,
    /// For each lane, 1 for the values of its splits with a rare heap taken.
    marks: Box<[[u8; BATCH_SPAN]; LANES]>,
}

impl MarkBatch {
    /// A batch holding nothing.
    pub(super) fn new() -> MarkBatch {
        MarkBatch {
            first: usize::MAX,
            span: 0,
            marks: Box::new([[0; BATCH_SPAN]; LANES]),
        }
    }

    /// Forgets the batch (its rare heaps are no longer the solver's).
    pub(super) fn clear(&mut self) {
        self.first = usize::MAX;
    }

    /// Adds to `seen[..span]` the values of the splits of each remainder in
    /// `remainders` (at most `LANES - 1` apart) with a rare heap `LANES <= r <
    /// first`, and returns `first`: every remainder's splits with the other
    /// rare heaps are still to mark. Makes a new batch, from the smallest
    /// remainder, when this one does not hold them all or was made for
    /// another span.
    pub(super) fn mark(
        &mut self,
        remainders: impl Iterator<Item = usize> + Clone,
        values: &[Value],
        rare: &[RareHeap],
        span: usize,
        seen: &mut Marks,
    ) -> usize {
        debug_assert!(span <= BATCH_SPAN);
        let held = |m: usize| m.checked_sub(self.first).is_some_and(|lane| lane < LANES);
        if span != self.span || !remainders.clone().all(held) {
            let first = remainders.clone().min().unwrap_or(0);
            self.make(first, values, rare, span);
        }
        for m in remainders {
            let lane = &self.marks[m - self.first][..span];
            for (seen, &marked) in seen[..span].iter_mut().zip(lane) {
                *seen |= marked;
            }
        }
        self.first
    }

    /// The batch from remainder `first`, with marks of span `span`.
    fn make(&mut self, first: usize, values: &[Value], rare: &[RareHeap], span: usize) {
        for lane in self.marks.iter_mut() {
            lane[..self.span.max(span)].fill(0);
        }
        let (from, to) = lane_range(rare, first);
        let marks = &mut self.marks;
        // The value of a split is below `span` (both parts are below half of
        // it), so the remainder by `BATCH_SPAN` changes nothing; it only
        // shows that the index is in bounds.
        for_lane_splits(values, &rare[from..to], first, |lane, v| {
            marks[lane][usize::from(v) % BATCH_SPAN] = 1;
        });
        self.first = first;
        self.span = span;
    }
}
