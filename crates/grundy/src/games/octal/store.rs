//! Where the octal engine keeps its values: on the heap, or in memory lent by
//! the caller (the command line lends a memory-mapped file, so that a run of
//! 2^32 heaps needs no 8 GiB of RAM and survives being stopped).
//!
//! The library does no I/O: a lent memory is only a `[Value]` to it; mapping,
//! syncing and the file's format of commits are the front end's work.

use std::collections::TryReserveError;
use std::fmt;
use std::ops::Deref;

use super::marks::Value;

/// Memory lent to the engine for its values, of a fixed number of slots.
pub trait ValueSlots: Send {
    /// Every slot, read-only.
    fn slots(&self) -> &[Value];
    /// Every slot; the engine writes the values in order from slot 0.
    fn slots_mut(&mut self) -> &mut [Value];
}

/// The values `G(0), G(1), ...` of a run, on the heap or in lent memory.
pub struct ValueStore {
    backing: Backing,
    /// The values held: the first `len` slots.
    len: usize,
}

enum Backing {
    /// A vector whose length is the number of values.
    Heap(Vec<Value>),
    /// Lent slots, of which the first `len` hold values.
    Lent(Box<dyn ValueSlots>),
}

impl ValueStore {
    /// A store holding `values`, on the heap.
    pub fn from_vec(values: Vec<Value>) -> Self {
        ValueStore {
            len: values.len(),
            backing: Backing::Heap(values),
        }
    }

    /// A store in lent memory whose first `held` slots already hold values
    /// (at most the slots there are).
    pub fn lent(slots: Box<dyn ValueSlots>, held: usize) -> Self {
        let len = held.min(slots.slots().len());
        ValueStore {
            backing: Backing::Lent(slots),
            len,
        }
    }

    /// Whether the values live in lent memory.
    pub fn is_lent(&self) -> bool {
        matches!(self.backing, Backing::Lent(_))
    }

    /// How many values the store can hold without growing: lent memory
    /// never grows.
    pub fn capacity(&self) -> usize {
        match &self.backing {
            Backing::Heap(values) => values.capacity(),
            Backing::Lent(slots) => slots.slots().len(),
        }
    }

    /// Makes room on the heap for `count` values in all, exactly: a run
    /// that knows its length never holds twice its values while growing.
    /// Fails, leaving the store as it was, when the memory cannot be had.
    pub fn reserve_exact(&mut self, count: usize) -> Result<(), TryReserveError> {
        match &mut self.backing {
            Backing::Heap(values) => values.try_reserve_exact(count.saturating_sub(values.len())),
            Backing::Lent(_) => Ok(()),
        }
    }

    /// Makes room for `end` values in all on the heap (growing as a vector
    /// does) and returns a window through which other threads read the
    /// first values while this store appends more, up to `end`: a helper
    /// thread then needs no copy of them. `None` for lent memory (its lender
    /// writes through a whole mutable slice, which a reader must not
    /// overlap), or when the memory cannot be had.
    pub(super) fn share_until(&mut self, end: usize) -> Option<SharedPrefix> {
        let Backing::Heap(values) = &mut self.backing else {
            return None;
        };
        values.try_reserve(end.saturating_sub(values.len())).ok()?;
        Some(SharedPrefix {
            base: values.as_ptr(),
            slots: values.capacity(),
        })
    }

    /// Appends `value`.
    ///
    /// # Panics
    /// If lent memory is full: its lender sizes it for the run.
    pub fn push(&mut self, value: Value) {
        match &mut self.backing {
            Backing::Heap(values) => values.push(value),
            Backing::Lent(slots) => {
                let slot = slots
                    .slots_mut()
                    .get_mut(self.len)
                    .expect("lent memory is sized for the run by its lender");
                *slot = value;
            }
        }
        self.len += 1;
    }

    /// Keeps the first `count` values (lent slots beyond are only forgotten,
    /// not cleared).
    pub fn truncate(&mut self, count: usize) {
        self.len = self.len.min(count);
        if let Backing::Heap(values) = &mut self.backing {
            values.truncate(count);
            values.shrink_to_fit();
        }
    }

    /// The values as a vector: the heap's own, or a copy of lent ones.
    pub fn into_vec(self) -> Vec<Value> {
        match self.backing {
            Backing::Heap(values) => values,
            Backing::Lent(_) => self.to_vec(),
        }
    }
}

/// The first values of a heap store, as other threads read them while its
/// owner appends more below the capacity the window was made with (see
/// [`ValueStore::share_until`]). The window holds only an address: what makes
/// a read sound is the contract of [`SharedPrefix::first`].
#[derive(Clone, Copy, Debug)]
pub(super) struct SharedPrefix {
    /// Slot 0 of the vector's buffer, taken with `as_ptr`, which makes no
    /// reference to the buffer (so the owner's later `push` and shared
    /// reads of it leave this address valid).
    base: *const Value,
    /// The buffer's capacity: appends below it never move the buffer.
    slots: usize,
}

// SAFETY: the window is only an address; reading through it is governed by
// the contract of `first`, which makes the reads race-free on any thread.
unsafe impl Send for SharedPrefix {}
// SAFETY: as for `Send`: `first` only reads.
unsafe impl Sync for SharedPrefix {}

impl SharedPrefix {
    /// The first `count` values.
    ///
    /// # Safety
    /// The store the window came from must still exist, must not have been
    /// changed since except by appends below the window's capacity, and must
    /// hold at least `count` values whose writes happen before this call
    /// (published by a `Release` store that this thread read with
    /// `Acquire`). The owner then never writes those slots again while the
    /// returned slice lives, so the slice is an ordinary shared borrow.
    pub(super) unsafe fn first(&self, count: usize) -> &[Value] {
        assert!(count <= self.slots, "a window reads within its capacity");
        // SAFETY: `base` is the buffer's first slot and `count` slots are
        // initialised, unchanged while the slice lives (the caller's contract).
        unsafe { std::slice::from_raw_parts(self.base, count) }
    }
}

impl Deref for ValueStore {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        match &self.backing {
            Backing::Heap(values) => values,
            Backing::Lent(slots) => &slots.slots()[..self.len],
        }
    }
}

impl Default for ValueStore {
    fn default() -> Self {
        ValueStore::from_vec(Vec::new())
    }
}

impl From<Vec<Value>> for ValueStore {
    fn from(values: Vec<Value>) -> Self {
        ValueStore::from_vec(values)
    }
}

/// A copy on the heap (lent memory is not shared).
impl Clone for ValueStore {
    fn clone(&self) -> Self {
        ValueStore::from_vec(self.to_vec())
    }
}

impl PartialEq for ValueStore {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for ValueStore {}

impl fmt::Debug for ValueStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slots on the heap standing in for a mapped file.
    struct Borrowed(pub Vec<Value>);

    impl ValueSlots for Borrowed {
        fn slots(&self) -> &[Value] {
            &self.0
        }
        fn slots_mut(&mut self) -> &mut [Value] {
            &mut self.0
        }
    }

    #[test]
    fn a_shared_window_reads_the_values_in_place_as_the_store_grows() {
        let mut store = ValueStore::from_vec(vec![5, 6]);
        let window = store.share_until(1000).expect("a heap store shares");
        assert!(store.capacity() >= 1000);
        for v in 0..998 {
            store.push(v);
        }
        // SAFETY: the store holds 1000 values, written on this thread, and
        // only grew below the window's capacity.
        let seen = unsafe { window.first(1000) };
        assert_eq!(seen, &store[..]);
        let mut lent = ValueStore::lent(Box::new(Borrowed(vec![0; 8])), 0);
        assert!(lent.share_until(8).is_none(), "lent memory is not shared");
    }

    #[test]
    fn lent_and_heap_stores_hold_the_same_values() {
        let mut heap = ValueStore::default();
        let mut lent = ValueStore::lent(Box::new(Borrowed(vec![9; 5])), 0);
        for v in [3, 1, 4, 1, 5] {
            heap.push(v);
            lent.push(v);
        }
        assert_eq!(heap, lent);
        assert_eq!(&lent[..], &[3, 1, 4, 1, 5]);
        assert!(lent.is_lent() && !heap.is_lent());
        lent.truncate(2);
        assert_eq!(lent.into_vec(), vec![3, 1]);
    }

    use crate::games::octal::sparse::{naive_values, SparseSolver};
    use crate::games::octal::Octal;

    /// The values of `code` to `count` computed in lent slots, resumed from
    /// the first `held` of `earlier` (the slots after them hold `garbage`,
    /// as after a run killed before its commit).
    fn lent_run(
        code: &str,
        count: usize,
        earlier: &[Value],
        held: usize,
        garbage: Value,
    ) -> Vec<Value> {
        let mut slots = vec![garbage; count];
        slots[..held].copy_from_slice(&earlier[..held]);
        let store = ValueStore::lent(Box::new(Borrowed(slots)), held);
        let mut solver = SparseSolver::resume_in(&code.parse().unwrap(), store);
        solver.extend_to(count).unwrap();
        assert!(solver.store().is_lent());
        solver.into_values()
    }

    #[test]
    fn values_in_lent_slots_are_those_of_the_heap_and_of_the_rules() {
        for code in ["0.16", "0.167", "0.6", "0.77", "4.07", "0.137"] {
            let game: Octal = code.parse().unwrap();
            let mut heap = SparseSolver::new(&game);
            heap.extend_to(40_000).unwrap();
            let lent = lent_run(code, 40_000, &[], 0, 0);
            assert_eq!(&lent[..], heap.values(), "{code}");
            assert_eq!(&lent[..2000], &naive_values(&game, 2000)[..], "{code}");
        }
    }

    #[test]
    fn a_run_resumed_from_lent_slots_past_a_torn_end_gives_the_same_values() {
        // The slots after the last commit hold what a killed run left there,
        // or nothing written: the resumed run overwrites them.
        for code in ["0.167", "0.6", "0.07"] {
            let whole = lent_run(code, 30_000, &[], 0, 0);
            for (held, garbage) in [(1, 7), (4096, u16::MAX), (12_345, 0), (29_999, 3)] {
                let resumed = lent_run(code, 30_000, &whole, held, garbage);
                assert_eq!(resumed, whole, "{code} from {held}");
            }
        }
    }

    #[test]
    fn lent_slots_already_holding_values_are_kept() {
        let store = ValueStore::lent(Box::new(Borrowed(vec![0, 1, 2, 7])), 3);
        assert_eq!(&store[..], &[0, 1, 2]);
        assert_eq!(store.capacity(), 4);
        let over = ValueStore::lent(Box::new(Borrowed(vec![0, 1])), 10);
        assert_eq!(over.len(), 2, "never more values than slots");
    }
}
