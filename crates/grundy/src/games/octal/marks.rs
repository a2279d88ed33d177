//! What the sparse engine and its helper thread share: the value type, the
//! byte marks of option values, and the routines that mark splits. Both
//! [`sparse`](super::sparse) and the private `lookahead` module import this
//! one, and it imports neither, so the dependency points one way.

/// Values are stored as `u16`: octal-game values stay far below 2^16 in every
/// game computed so far; a larger one is reported, never wrapped.
pub type Value = u16;

/// A rare heap and its value: the value beside the heap spares the rare pass
/// a dependent load.
pub(super) type RareHeap = (u32, Value);

/// How many values a [`Value`] can hold.
pub(super) const VALUES: usize = 1 << Value::BITS;

/// A byte per value: 1 for values met.
pub(super) type Marks = [u8; VALUES];

/// Whether a heap `n` of value `v` is of class 0; for the value `v` of a split
/// of `n`, whether exactly one part is of class 0 is the negation of this.
pub(super) fn is_class_zero(v: Value, n: usize, mask: Value, flip: bool) -> bool {
    !(((v & mask).count_ones() % 2 == 1) ^ (flip && n % 2 == 1))
}

/// Which heaps have the parity of the rare values flipped: a rare value has
/// an even number of 1 bits in the mask, except on the heaps flipped, where
/// it has an odd number. The order is that of preference between splits
/// with equally many rare heaps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Flip {
    /// No heap: rare values have even parity everywhere.
    #[default]
    None,
    /// Odd heaps (P. Beling's `ogs`).
    OddHeaps,
    /// Even heaps: Flammenkamp's domain-type sparse space of a game whose
    /// split digit is at an odd place `t`, where a heap is rare when
    /// `parity(v & mask) = (n - t) & 1`.
    EvenHeaps,
}

impl Flip {
    /// Every flip, in order of preference.
    pub(super) const ALL: [Flip; 3] = [Flip::None, Flip::OddHeaps, Flip::EvenHeaps];

    /// Whether the parity depends on the heap's at all. This is all a split's
    /// type asks ([`is_class_zero`] at the split's size): the flips of its
    /// two parts cancel but for the parity of their sum, whichever heaps are
    /// flipped.
    pub(super) fn by_heap(self) -> bool {
        self != Flip::None
    }

    /// Whether rare values have odd parity on heaps of parity `heap_parity`
    /// (0 even, 1 odd).
    pub(super) fn rare_odd_on(self, heap_parity: usize) -> bool {
        match self {
            Flip::None => false,
            Flip::OddHeaps => heap_parity == 1,
            Flip::EvenHeaps => heap_parity == 0,
        }
    }
}

/// Whether heap `n` of value `v` is rare under `mask` and `flip`.
pub(super) fn is_rare(v: Value, n: usize, mask: Value, flip: Flip) -> bool {
    ((v & mask).count_ones() % 2 == 1) == flip.rare_odd_on(n % 2)
}

/// Bytes of the marks in use when no value exceeds `max`: XORs of values
/// below `2^b` stay below it, and the mex can be `2^b` itself; a multiple of 8,
/// so that marks travel between threads as words.
pub(super) fn span_for(max: Value) -> usize {
    let bits = Value::BITS - max.leading_zeros();
    (2usize << bits).clamp(64, VALUES)
}

/// Adds `v` to `seen`.
#[inline(always)]
pub(super) fn mark(seen: &mut Marks, v: Value) {
    seen[usize::from(v)] = 1;
}

/// Splits valued at a time by [`mark_splits`]: their values are computed as
/// one vector (the XOR of a block of small parts with the reversed block of
/// large parts), then marked by independent stores, which the processor
/// overlaps where a loop of single splits would chain them.
pub(super) const BLOCK: usize = 16;

/// The values of the block of splits `(a + j, rest - a - j)` for `j <
/// BLOCK`: the smaller parts' in order, and the larger parts' in ascending
/// heap order, so that `low[j]` pairs with `high[BLOCK - 1 - j]`.
#[inline(always)]
pub(super) fn split_block(
    values: &[Value],
    rest: usize,
    a: usize,
) -> (&[Value; BLOCK], &[Value; BLOCK]) {
    let low = values[a..a + BLOCK].try_into().expect("a block");
    let high = values[rest + 1 - a - BLOCK..=rest - a]
        .try_into()
        .expect("a block");
    (low, high)
}

/// Values a 64-bit word holds.
const PER_WORD: usize = (u64::BITS / Value::BITS) as usize;

/// Marks the values of the splits `(a, rest - a)` for `from <= a <= to`.
pub(super) fn mark_splits(values: &[Value], rest: usize, from: usize, to: usize, seen: &mut Marks) {
    let low = &values[from..=to];
    let high = &values[rest - to..=rest - from];
    let len = low.len();
    let blocks = len / BLOCK;
    for k in 0..blocks {
        let l: &[Value; BLOCK] = low[k * BLOCK..][..BLOCK].try_into().expect("a block");
        let h: &[Value; BLOCK] = high[len - (k + 1) * BLOCK..][..BLOCK]
            .try_into()
            .expect("a block");
        let xors: [Value; BLOCK] = std::array::from_fn(|j| l[j] ^ h[BLOCK - 1 - j]);
        for v in xors {
            mark(seen, v);
        }
    }
    let done = blocks * BLOCK;
    for (&x, &y) in low[done..].iter().zip(high[..len - done].iter().rev()) {
        mark(seen, x ^ y);
    }
}

/// Marks the values of the splits `(a, rest - a)` from `a = from` on, a block
/// at a time, until a block has the value `target` (not marked before) or
/// `a` passes `to`; returns the last `a` marked if `target` was met. The
/// whole block where it is met is marked: it is in a register already.
pub(super) fn mark_splits_until(
    values: &[Value],
    rest: usize,
    from: usize,
    to: usize,
    target: Value,
    seen: &mut Marks,
) -> Option<usize> {
    let mut a = from;
    while a + BLOCK <= to + 1 {
        let (low, high) = split_block(values, rest, a);
        for j in 0..BLOCK {
            mark(seen, low[j] ^ high[BLOCK - 1 - j]);
        }
        if seen[usize::from(target)] != 0 {
            return Some(a + BLOCK - 1);
        }
        a += BLOCK;
    }
    while a <= to {
        mark(seen, values[a] ^ values[rest - a]);
        if seen[usize::from(target)] != 0 {
            return Some(a);
        }
        a += 1;
    }
    None
}

/// The largest smaller part `a` of a split `(a, rest - a)`: `rest / 2`, or
/// one less for an even `rest` when the two heaps must differ (Grundy's game).
pub(super) fn largest_smaller_part(rest: usize, equal_splits: bool) -> usize {
    if equal_splits {
        rest / 2
    } else {
        rest.saturating_sub(1) / 2
    }
}

/// Marks the values of the splits `(r, rest - r)` for the rare heaps `r` in
/// `rare` (ascending) below `rest`, but the split into two equal heaps
/// unless `equal_splits`.
pub(super) fn mark_rare_splits(
    values: &[Value],
    rare: &[RareHeap],
    rest: usize,
    equal_splits: bool,
    seen: &mut Marks,
) {
    for_rare_splits(values, rare, rest, equal_splits, |v| mark(seen, v));
}

/// Calls `found` with the value of each split `(r, rest - r)` for the rare
/// heaps `r` in `rare` (ascending) below `rest`, but the split into two equal
/// heaps unless `equal_splits`. Usually every rare heap is below `rest`, and
/// equal splits are allowed (in every octal game): the loop then tests nothing.
#[inline(always)]
pub(super) fn for_rare_splits(
    values: &[Value],
    rare: &[RareHeap],
    rest: usize,
    equal_splits: bool,
    mut found: impl FnMut(Value),
) {
    let below = match rare.last() {
        Some(&(r, _)) if (r as usize) < rest => rare,
        _ => &rare[..rare.partition_point(|&(r, _)| (r as usize) < rest)],
    };
    if equal_splits {
        // Four at a time, with one bounds check: the first (smallest) heap's
        // partner is the largest, and clamping the others' to it, a no-op,
        // shows the compiler that they are in bounds too.
        let mut fours = below.chunks_exact(4);
        for four in &mut fours {
            let top = rest - four[0].0 as usize;
            let partners = &values[..=top];
            for &(r, value) in four {
                found(value ^ partners[(rest - r as usize).min(top)]);
            }
        }
        for &(r, value) in fours.remainder() {
            found(value ^ values[rest - r as usize]);
        }
    } else {
        for &(r, value) in below {
            if 2 * r as usize != rest {
                found(value ^ values[rest - r as usize]);
            }
        }
    }
}

/// Remainders whose rare passes are done together: the larger parts
/// `first + lane - r` of their splits with a rare part `r` are side by side,
/// so that each rare heap is read once for all the lanes, and its partners in
/// one load. Sixteen rather than eight: 0.161 to 2^22 on one core, 5-6% less
/// time (32 was no faster, and its byte marks would fill the L1 cache).
pub(super) const LANES: usize = 16;

/// The values of the larger parts `first + lane - r` of the splits of the
/// lanes `first..first + LANES` with the rare heap `r >= LANES` (which keeps
/// the last lane's below `first`), side by side.
#[inline(always)]
pub(super) fn lane_partners(values: &[Value], r: u32, first: usize) -> &[Value; LANES] {
    let base = first - r as usize;
    values[base..base + LANES]
        .try_into()
        .expect("a partner a lane")
}

/// The rare heaps a batch of the remainders `first..first + LANES` takes
/// together, as a range of `rare` (ascending): those with `LANES <= r <
/// first`, whose partners in every lane are known heaps below `first`.
pub(super) fn lane_range(rare: &[RareHeap], first: usize) -> (usize, usize) {
    let from = rare.partition_point(|&(r, _)| (r as usize) < LANES);
    let to = rare
        .partition_point(|&(r, _)| (r as usize) < first)
        .max(from);
    (from, to)
}

/// Calls `found(lane, v)` with the value `v` of the split `(r, first + lane -
/// r)` for every rare heap `r` of `rare` (a [`lane_range`] of the rare heaps)
/// and every lane.
#[inline(always)]
pub(super) fn for_lane_splits(
    values: &[Value],
    rare: &[RareHeap],
    first: usize,
    mut found: impl FnMut(usize, Value),
) {
    for &(r, value) in rare {
        let partners = lane_partners(values, r, first);
        // Four splits valued by one XOR of words: a compiler's vector of
        // them would be spilled to memory and read back a value at a time,
        // which stalls on the store (0.167: a tenth of the time).
        let spread = u64::from(value) * 0x0001_0001_0001_0001;
        for w in 0..LANES / PER_WORD {
            let four: &[Value; PER_WORD] = partners[w * PER_WORD..][..PER_WORD]
                .try_into()
                .expect("a word");
            let xors = four
                .iter()
                .rev()
                .fold(0u64, |word, &p| word << Value::BITS | u64::from(p))
                ^ spread;
            for k in 0..PER_WORD {
                found(
                    w * PER_WORD + k,
                    (xors >> (k as u32 * Value::BITS)) as Value,
                );
            }
        }
    }
}
