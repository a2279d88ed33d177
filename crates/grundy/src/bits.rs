//! The crate's one bit set: a growable set of small integers, one bit each.
//!
//! It serves every place that marks small numbers: the values seen among the
//! options of a position ([`MexSet`](crate::nimber::MexSet), the value sets of
//! whole lines in [`solve::table`](crate::solve::table),
//! [`solve::lines`](crate::solve::lines) and
//! [`solve::wavefront`](crate::solve::wavefront)), the cells of a sieve, and
//! the visited vertices of a geography position. It imports nothing of the
//! crate.

use std::hash::{Hash, Hasher};

/// A growable set of small integers, one bit each.
///
/// The set knows how many of its leading words are full: every value below
/// `64 * full` is in it, so [`BitSet::first_absent`] (a mex) never looks
/// below that word. Equality and hashing are those of the set, whatever
/// memory it holds.
///
/// ```
/// use grundy::bits::BitSet;
///
/// let mut row = BitSet::default();
/// let mut column = BitSet::default();
/// (0..70).for_each(|v| row.insert(v));
/// column.insert(70);
/// assert!(row.contains(69) && !row.contains(70));
/// assert_eq!(row.first_absent(), 70);
/// assert_eq!(BitSet::first_absent_of_union(&[&row, &column]), 71);
/// ```
#[derive(Clone, Debug, Default)]
pub struct BitSet {
    words: Vec<u64>,
    /// Leading words with every bit set.
    full: usize,
}

impl BitSet {
    /// An empty set with room for the values below `bits` (it still grows
    /// beyond): for a sieve whose size is known, no insert reallocates.
    pub fn with_capacity(bits: usize) -> BitSet {
        BitSet {
            words: vec![0; bits.div_ceil(64)],
            full: 0,
        }
    }

    /// Adds `value`.
    #[inline]
    pub fn insert(&mut self, value: usize) {
        let word = value / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
        // Only filling the first word that is not full moves the full prefix:
        // one comparison on every other insert (sieves insert far out).
        if word == self.full {
            while self.words.get(self.full) == Some(&u64::MAX) {
                self.full += 1;
            }
        }
    }

    /// Adds `value`, which must be below the capacity the set was made with
    /// ([`BitSet::with_capacity`]; beyond it this panics): the hot loop of a
    /// sieve of known size, with no growth and no upkeep of the full prefix.
    /// The prefix stays true (a lower bound), so a later mex is still exact.
    #[inline]
    pub fn mark(&mut self, value: usize) {
        self.words[value / 64] |= 1 << (value % 64);
    }

    /// Whether `value` is in the set.
    #[inline]
    pub fn contains(&self, value: usize) -> bool {
        self.word(value / 64) >> (value % 64) & 1 == 1
    }

    /// Empties the set, keeping its memory.
    #[inline]
    pub fn clear(&mut self) {
        // A set that holds no memory is emptied without a call of memset,
        // which cost more than a table's cell.
        if !self.words.is_empty() {
            self.words.fill(0);
        }
        self.full = 0;
    }

    /// The least value not in the set: its mex.
    pub fn first_absent(&self) -> usize {
        BitSet::first_absent_of_union(&[self])
    }

    /// The least value in none of `sets`: the mex of their union. It starts at
    /// the furthest full prefix, below which one of the sets holds everything.
    pub fn first_absent_of_union(sets: &[&BitSet]) -> usize {
        let start = sets.iter().map(|s| s.full).max().unwrap_or(0);
        first_absent_from(start, |i| sets.iter().fold(0, |acc, s| acc | s.word(i)))
    }

    /// The number of words of memory held (one per 64 values).
    pub fn capacity_words(&self) -> usize {
        self.words.len()
    }

    /// How many leading words are full: every value below `64 *` this is in
    /// the set.
    #[inline]
    pub fn full_words(&self) -> usize {
        self.full
    }

    /// Word `i` (values `64 i` to `64 i + 63`), zero beyond the memory held.
    #[inline]
    pub fn word(&self, i: usize) -> u64 {
        self.words.get(i).copied().unwrap_or(0)
    }

    /// The words up to the last non-zero one: the set, whatever memory it holds.
    fn significant_words(&self) -> &[u64] {
        let len = self
            .words
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| i + 1);
        &self.words[..len]
    }
}

/// The least value absent from a set given by its words (`union(i)`, values
/// `64 i` to `64 i + 63`, often the union of several sets' words), looked
/// for from word `from`, below which every value is present. The set must
/// miss a value: it holds finitely many.
#[inline]
pub fn first_absent_from(from: usize, union: impl Fn(usize) -> u64) -> usize {
    (from..)
        .map(|i| (i, union(i)))
        .find(|&(_, union)| union != u64::MAX)
        .map(|(i, union)| i * 64 + union.trailing_ones() as usize)
        .expect("a finite union has an absent value")
}

impl PartialEq for BitSet {
    fn eq(&self, other: &BitSet) -> bool {
        self.significant_words() == other.significant_words()
    }
}

impl Eq for BitSet {}

impl Hash for BitSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.significant_words().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;
    use std::collections::HashSet;

    fn set_of(values: &[usize]) -> BitSet {
        let mut set = BitSet::default();
        values.iter().for_each(|&v| set.insert(v));
        set
    }

    #[test]
    fn full_words_are_skipped_and_counted() {
        let mut set = BitSet::default();
        (0..128).for_each(|v| set.insert(v));
        assert_eq!(set.full, 2);
        assert_eq!(set.first_absent(), 128);
        set.insert(129);
        assert_eq!(set.first_absent(), 128);
        set.clear();
        assert_eq!((set.full, set.first_absent()), (0, 0));
        assert_eq!(set.capacity_words(), 3, "clearing keeps the memory");
    }

    #[test]
    fn marking_keeps_the_mex_exact() {
        let mut marked = BitSet::with_capacity(200);
        let mut inserted = BitSet::default();
        for v in (0..150).filter(|v| v % 7 != 6 || *v > 130) {
            marked.mark(v);
            inserted.insert(v);
        }
        assert_eq!(marked, inserted);
        assert_eq!(marked.full, 0, "marking leaves the prefix behind");
        assert_eq!(marked.first_absent(), 6);
        marked.insert(6);
        inserted.insert(6);
        assert_eq!(marked.first_absent(), inserted.first_absent());
        assert_eq!(marked.first_absent(), 13);
    }

    #[test]
    fn capacity_does_not_change_the_set() {
        let mut wide = BitSet::with_capacity(1000);
        let mut narrow = BitSet::default();
        assert_eq!(wide, narrow);
        wide.insert(3);
        narrow.insert(3);
        assert_eq!(wide, narrow);
        let hashed: HashSet<BitSet> = [wide.clone(), narrow.clone()].into_iter().collect();
        assert_eq!(hashed.len(), 1);
        narrow.insert(999);
        assert_ne!(wide, narrow);
        assert_eq!(wide.capacity_words(), 16);
    }

    proptest! {
        #[test]
        fn a_bit_set_is_a_set(values in proptest::collection::vec(0usize..400, 0..120),
                              probes in proptest::collection::vec(0usize..500, 0..50)) {
            let set = set_of(&values);
            let reference: BTreeSet<usize> = values.iter().copied().collect();
            for p in probes.iter().chain(&values) {
                prop_assert_eq!(set.contains(*p), reference.contains(p));
            }
            let mex = (0..).find(|v| !reference.contains(v)).unwrap();
            prop_assert_eq!(set.first_absent(), mex);
        }

        #[test]
        fn first_absent_of_union_is_the_mex_of_the_union(
            a in proptest::collection::vec(0usize..300, 0..200),
            b in proptest::collection::vec(0usize..300, 0..80),
            c in proptest::collection::vec(0usize..70, 0..70),
        ) {
            let expected = (0..)
                .find(|v| !a.contains(v) && !b.contains(v) && !c.contains(v))
                .unwrap();
            let (a, b, c) = (set_of(&a), set_of(&b), set_of(&c));
            prop_assert_eq!(BitSet::first_absent_of_union(&[&a, &b, &c]), expected);
        }

        #[test]
        fn equal_sets_are_equal_whatever_the_order_and_memory(
            values in proptest::collection::vec(0usize..300, 0..60),
            room in 0usize..1000,
        ) {
            let mut forward = BitSet::with_capacity(room);
            values.iter().for_each(|&v| forward.insert(v));
            let backward = set_of(&values.iter().rev().copied().collect::<Vec<_>>());
            prop_assert_eq!(forward, backward);
        }
    }
}
