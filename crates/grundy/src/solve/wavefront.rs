//! Wythoff's Grundy table on every core: blocks along the anti-diagonals.
//!
//! The value of `(x, y)` is the mex of the earlier cells of its row, column and
//! diagonal (see [`queen_table`](super::table::queen_table)). Cut the table into
//! `B x B` blocks: every option of a cell of block `(i, j)` lies in a block
//! `(i', j')` with `i' <= i` and `j' <= j`, so the blocks with the same `i + j`
//! depend only on earlier anti-diagonals of blocks, and they touch disjoint rows,
//! columns and diagonals (block `(i, j)` meets the diagonals `y - x` strictly
//! between `(j - i - 1)B` and `(j - i + 1)B`). One anti-diagonal of blocks is
//! computed in parallel, each block row by row with its own value sets, which
//! stay in cache; only the half `x <= y` is searched (the table is
//! symmetric). Values are stored as `u16` up to a side of 21845 (a mex is
//! at most the number of options, `x + y + min(x, y) < 3 * side`), else `u32`.
//!
//! [`k_wythoff_table`] is k-Wythoff's table (a move takes from one pile, or
//! `a, b >= 1` from both with `|a - b| <= k`) with value sets too, on every
//! core along a skewed wavefront (the blocks with the same `2i + j`): the
//! options from both piles lie on the `2k + 1` diagonals around the cell's,
//! each a prefix that ends `e` rows early on the diagonal `e` to the right
//! (see the function).

use rayon::prelude::*;

use super::table::{shared_cells, Cell, Table, TableError};
use crate::limits::{MAX_TABLE_SIZE, MAX_WYTHOFF_SIDE, RULES_BUDGET};
use crate::stop::{self, Stop};

/// The side of a block.
const BLOCK: usize = 128;

/// Wythoff's table in `u16` (the name from before tables were generic).
pub type U16Table = Table<u16>;

/// The value sets of some lines (rows, columns or diagonals), one bit a
/// value, `stride` words a line, flat: a line's words are contiguous and
/// no set grows. For each line, the first word not full: every value below
/// it is in the set, so a mex never looks there.
struct Lines {
    words: Vec<u64>,
    first: Vec<u32>,
    stride: usize,
}

/// Some consecutive lines of a [`Lines`], lent to one block.
struct LinesMut<'a> {
    words: &'a mut [u64],
    first: &'a mut [u32],
    stride: usize,
}

impl Lines {
    /// `count` empty lines of values below `64 * stride`.
    fn new(count: usize, stride: usize) -> Lines {
        Lines {
            words: written_zeros(count * stride),
            first: written_zeros(count),
            stride,
        }
    }

    /// The lines from `skip` on, lent by `per` lines a chunk.
    fn chunks(&mut self, skip: usize, per: usize) -> Vec<Option<LinesMut<'_>>> {
        let stride = self.stride;
        self.words[skip * stride..]
            .chunks_mut(per * stride)
            .zip(self.first[skip..].chunks_mut(per))
            .map(|(words, first)| {
                Some(LinesMut {
                    words,
                    first,
                    stride,
                })
            })
            .collect()
    }
}

impl Lines {
    /// The lines in each of `spans` (`low..high` indices, ascending and
    /// apart), lent one chunk a span.
    fn disjoint(&mut self, spans: impl Iterator<Item = (usize, usize)>) -> Vec<LinesMut<'_>> {
        let stride = self.stride;
        let (mut words, mut first) = (&mut self.words[..], &mut self.first[..]);
        let mut at = 0;
        spans
            .map(|(low, high)| {
                let (_, rest) = std::mem::take(&mut words).split_at_mut((low - at) * stride);
                let (chunk, rest) = rest.split_at_mut((high - low) * stride);
                words = rest;
                let (_, rest) = std::mem::take(&mut first).split_at_mut(low - at);
                let (firsts, rest) = rest.split_at_mut(high - low);
                first = rest;
                at = high;
                LinesMut {
                    words: chunk,
                    first: firsts,
                    stride,
                }
            })
            .collect()
    }
}

impl LinesMut<'_> {
    /// Line `i`: its words and its first word not full.
    #[inline(always)]
    fn line(&mut self, i: usize) -> (&mut [u64], &mut u32) {
        let stride = self.stride;
        (
            &mut self.words[i * stride..(i + 1) * stride],
            &mut self.first[i],
        )
    }

    /// Line `i`, to read.
    #[inline(always)]
    fn get(&self, i: usize) -> (&[u64], u32) {
        (
            &self.words[i * self.stride..(i + 1) * self.stride],
            self.first[i],
        )
    }
}

/// `len` zeros written by this thread. A mex reads a set's words before it
/// first writes them: memory zeroed by the allocator would map each page to
/// the shared zero page on that read and copy it on the write, a second fault
/// that stops every core to flush its address cache (5% of a table's time).
fn written_zeros<T: Copy + Default>(len: usize) -> Vec<T> {
    let mut zeros = Vec::with_capacity(len);
    // Opaque to the compiler, so that the writes are not folded back into
    // zeroed memory.
    std::hint::black_box(&mut zeros).resize(len, T::default());
    zeros
}

/// Adds `value` to a line's set, keeping its first word not full.
#[inline(always)]
fn insert(line: &mut [u64], first: &mut u32, value: usize) {
    line[value / 64] |= 1 << (value % 64);
    while line[*first as usize] == u64::MAX {
        *first += 1;
    }
}

/// The least value in none of the three sets, looked for from word `from`
/// (every value below is in one of them). A set of `stride` words always
/// has an absent value: its last word is never full.
#[inline(always)]
fn first_absent_of_three(a: &[u64], b: &[u64], c: &[u64], from: usize) -> usize {
    let (a, b, c) = (&a[from..], &b[from..], &c[from..]);
    // Four words at a time while the union is full (it often is for dozens
    // of words): the compiler tests them as vectors (compiled for AVX2,
    // the loop was only 3% faster).
    let mut w = 0;
    for ((a, b), c) in a
        .chunks_exact(4)
        .zip(b.chunks_exact(4))
        .zip(c.chunks_exact(4))
    {
        let full = (0..4).fold(u64::MAX, |full, i| full & (a[i] | b[i] | c[i]));
        if full != u64::MAX {
            break;
        }
        w += 4;
    }
    let words = a[w..].iter().zip(&b[w..]).zip(&c[w..]);
    for (i, ((a, b), c)) in words.enumerate() {
        let union = a | b | c;
        if union != u64::MAX {
            return (from + w + i) * 64 + union.trailing_ones() as usize;
        }
    }
    unreachable!("the last word of a line is never full")
}

/// One block of the upper half (`x <= y`) and the value sets and table
/// rows that only it touches now.
struct Block<'a, V> {
    /// The first row and column of the block.
    origin: (usize, usize),
    size: usize,
    /// Diagonal `y - x` has index `y - x + BLOCK` in the whole array, and
    /// `diagonals` starts at this index.
    chunk_start: usize,
    /// The lines of the block's rows ...
    rows: LinesMut<'a>,
    /// ... and of its columns, when they are other lines (off the main
    /// diagonal of blocks).
    columns: Option<LinesMut<'a>>,
    diagonals: LinesMut<'a>,
    /// Table rows `origin.0 ..`, whole ...
    values: &'a mut [V],
    /// ... and rows `origin.1 ..`, where the mirror images go, when they
    /// are other rows.
    mirror: Option<&'a mut [V]>,
}

impl<V: Cell> Block<'_, V> {
    /// Values the block row by row, polling `signal` at each row.
    fn fill(mut self, signal: &Stop) {
        let (x0, y0) = self.origin;
        let rows = self.rows.first.len();
        let columns = match &self.columns {
            Some(columns) => columns.first.len(),
            None => rows,
        };
        for dx in 0..rows {
            signal.poll();
            let x = x0 + dx;
            for dy in x.saturating_sub(y0)..columns {
                let y = y0 + dy;
                let d = y - x + BLOCK - self.chunk_start;
                let value = self.mex(dx, dy, d);
                let cell = V::of_mex(value);
                self.values[dx * self.size + y] = cell;
                let (row, row_first) = self.rows.line(dx);
                insert(row, row_first, value);
                if y != x {
                    let (column, column_first) = match &mut self.columns {
                        Some(columns) => columns.line(dy),
                        None => self.rows.line(dy),
                    };
                    insert(column, column_first, value);
                    match &mut self.mirror {
                        Some(mirror) => mirror[dy * self.size + x] = cell,
                        None => self.values[dy * self.size + x] = cell,
                    }
                }
                let (diagonal, diagonal_first) = self.diagonals.line(d);
                insert(diagonal, diagonal_first, value);
            }
        }
    }

    /// The least value in none of the sets of line `dx` (row), line `dy`
    /// (column) and diagonal `d` of the block.
    #[inline(always)]
    fn mex(&self, dx: usize, dy: usize, d: usize) -> usize {
        let (row, row_first) = self.rows.get(dx);
        let (column, column_first) = match &self.columns {
            Some(columns) => columns.get(dy),
            None => self.rows.get(dy),
        };
        let (diagonal, diagonal_first) = self.diagonals.get(d);
        let from = row_first.max(column_first).max(diagonal_first) as usize;
        first_absent_of_three(row, column, diagonal, from)
    }
}

/// Runs the steps `0..steps` of a parallel table in order, each after a
/// look at the stop signal and a word to `progress`; `step` gets the step
/// and the caller's signal, which its blocks poll row by row on the pool's
/// threads (rayon carries the unwinding back).
pub(super) fn in_steps(
    steps: usize,
    progress: &mut dyn FnMut(u64, u64),
    mut step: impl FnMut(usize, &Stop),
) {
    let signal = stop::current();
    for s in 0..steps {
        stop::poll();
        progress(s as u64, steps as u64);
        step(s, &signal);
    }
    progress(steps as u64, steps as u64);
}

/// Takes the `index`-th chunk of `chunks`; each is handed out once.
fn take<T>(chunks: &mut [Option<T>], index: usize) -> T {
    chunks[index]
        .take()
        .expect("blocks of one anti-diagonal share no chunk")
}

/// The Grundy values of Wythoff's game below `size` (at most
/// [`MAX_WYTHOFF_SIDE`]), computed in parallel and stored as `V` (`u16`
/// holds them while `3 * size <= 2^16`: a mex is at most the number of
/// options, `x + y + min(x, y) < 3 * size`); the same values as
/// [`queen_table`](super::table::queen_table). `progress` hears of the
/// anti-diagonals of blocks done.
///
/// The table is symmetric (`(x, y)` and `(y, x)` are the same game), so
/// only the cells `x <= y` are searched, and one value set serves line `k`
/// both as row `k` and as column `k`: at `(x, y)`, `x <= y`, row `x`'s
/// earlier cells are the mirror images of column `x`'s, all valued (rows
/// `< x`), then `(x, x..y)`; column `y`'s are `(0..x, y)`, and row `y` has
/// had no cell of its own yet. So the set of line `k` holds the values of
/// column `k` until row `k` starts, then those of row `k`, always exactly
/// what the cell being valued needs. Diagonals `y - x >= 0` only.
pub fn wythoff_table<V: Cell>(
    size: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Table<V>, TableError> {
    if size > MAX_WYTHOFF_SIDE {
        return Err(TableError::TooLarge {
            size,
            most: MAX_WYTHOFF_SIDE,
        });
    }
    let blocks = size.div_ceil(BLOCK);
    let mut values = vec![V::default(); size * size];
    // Values below 3 * size, and one word more, never full.
    let stride = (3 * size) / 64 + 2;
    let mut lines = Lines::new(size, stride);
    // Diagonal y - x at index y - x + BLOCK.
    let mut diagonals = Lines::new((blocks + 1) * BLOCK, stride);
    let steps = (2 * blocks).saturating_sub(1);
    in_steps(steps, progress, |s, signal| {
        // Block (i, j), i + j = s, i <= j, meets the diagonals y - x
        // strictly between (j - i - 1)B and (j - i + 1)B: it owns the 2B
        // diagonal indices from (s - 2i)B, chunks of 2B after a shift of
        // B when s is odd. Its rows and columns are the lines of blocks i
        // and j, which no other block of the anti-diagonal touches (i' = j
        // would need j' = i < i').
        let parity = s % 2;
        let mut line_chunks = lines.chunks(0, BLOCK);
        let mut diagonal_chunks = diagonals.chunks(parity * BLOCK, 2 * BLOCK);
        let mut value_chunks: Vec<_> = values.chunks_mut(BLOCK * size).map(Some).collect();
        let first = s.saturating_sub(blocks - 1);
        let tasks: Vec<Block<V>> = (first..=s / 2)
            .map(|i| {
                let j = s - i;
                Block {
                    origin: (i * BLOCK, j * BLOCK),
                    size,
                    chunk_start: (s - 2 * i) * BLOCK,
                    rows: take(&mut line_chunks, i),
                    columns: (j != i).then(|| take(&mut line_chunks, j)),
                    diagonals: take(&mut diagonal_chunks, (s - 2 * i - parity) / 2),
                    values: take(&mut value_chunks, i),
                    mirror: (j != i).then(|| take(&mut value_chunks, j)),
                }
            })
            .collect();
        tasks.into_par_iter().for_each(|block| block.fill(signal));
    });
    Ok(Table::from_values(size, values))
}

/// k-Wythoff's Grundy values below `size` (`k >= 1`), stored as `V`: a mex
/// is at most the number of options, `x + y + (2k + 1) min(x, y) <
/// (2k + 3) size`. `None` when the value sets would hold more than
/// [`K_WYTHOFF_SET_WORDS`] words or the work exceed [`RULES_BUDGET`] (a
/// large `k`): the rules' table, with its budget, is then the way.
///
/// The options of `(x, y)` taken from both piles, `(x - a, y - b)` with
/// `a, b >= 1` and `|a - b| <= k`, lie on the diagonals `y - x + e`,
/// `|e| <= k`: on diagonal `e <= 0` every cell of an earlier row, on
/// diagonal `e > 0` every cell up to row `x - 1 - e`. The cells are valued
/// block by block (for the caches), each row by row, as if the blocks were
/// valued block row by block row (they are valued on every core, in an
/// order that gives each cell the same sets, see `KBlock`): a diagonal's
/// set then holds its options, maybe `(x, y + e)` (an option by the row
/// anyway) and the cells valued that are not options, "extras": on
/// diagonal `e > 0` the cells `(x - i, y + e - i)`, `1 <= i < e`, valued
/// already (`i = e` is in column `y`, an option anyway), on diagonal
/// `e < 0` the cells `(x + t, y + e + t)`, `1 <= t < -e`, of the blocks
/// before in the block row (`KBlock::extras`; for `k = 1` there are none).
/// So the mex `m` of the sets' union is too large exactly when the value
/// `v` of an extra lies below `m` and is in no set but as an extra, and
/// then the mex is the least such `v`. A value is an extra of its diagonal
/// at most once: the cells of a diagonal are options of one another
/// (`a = b`), so its values differ.
///
/// `progress` hears of the steps of blocks done.
pub fn k_wythoff_table<V: Cell>(
    size: usize,
    k: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Option<Table<V>>, TableError> {
    if size > MAX_TABLE_SIZE {
        return Err(TableError::too_large(size));
    }
    // Moves of more than `size` from a pile leave the table.
    let k = k.min(size);
    let stride = ((2 * k + 3) * size) / 64 + 2;
    // Each cell reads 2k + 3 sets and looks at k^2 extras at most, each
    // against the k extras of 2k + 1 diagonals at most: beyond a small k,
    // the rules cost less.
    let work = (size * size).saturating_mul(2 * k + 3 + k * k);
    let words = (4 * size + 2 * k).saturating_mul(stride);
    if k > K_WYTHOFF_MOST || words > K_WYTHOFF_SET_WORDS || work as u128 > RULES_BUDGET {
        return Ok(None);
    }
    let cells = shared_cells::<V>(size * size);
    let mut rows = Lines::new(size, stride);
    let mut columns = Lines::new(size, stride);
    // Diagonal y - x at index y - x + size + k: the 2k + 1 diagonals
    // around any cell's are lines, those beyond the table empty ones.
    let mut diagonals = Lines::new(2 * (size + k), stride);
    // Block (i, j) after (i, j - 1), (i - 1, j) and (i - 1, j + 1): the
    // blocks with the same 2i + j are valued at once (see `KBlock`).
    let blocks = size.div_ceil(BLOCK);
    let steps = (3 * blocks).saturating_sub(2);
    in_steps(steps, progress, |s, signal| {
        let first = s.saturating_sub(blocks - 1).div_ceil(2);
        let mut row_chunks = rows.chunks(0, BLOCK);
        let mut column_chunks = columns.chunks(0, BLOCK);
        // Ascending diagonals: i descending.
        let places: Vec<_> = (first..=(s / 2).min(blocks - 1))
            .rev()
            .map(|i| {
                let (x0, y0) = (i * BLOCK, (s - 2 * i) * BLOCK);
                // Its cells' diagonals, 2k + 1 around each, as indices.
                let low = (y0 + size + 1).saturating_sub(x0 + BLOCK);
                let high = (y0 + BLOCK + size + 2 * k).saturating_sub(x0);
                (i, low, high.min(diagonals.first.len()))
            })
            .collect();
        let spans = places.iter().map(|&(_, low, high)| (low, high));
        let diagonal_chunks = diagonals.disjoint(spans);
        let tasks: Vec<KBlock<V>> = places
            .iter()
            .zip(diagonal_chunks)
            .map(|(&(i, low, _), diagonals)| {
                let j = s - 2 * i;
                let (x0, y0) = (i * BLOCK, j * BLOCK);
                KBlock {
                    origin: (x0, y0),
                    valued: Valued {
                        rows: x0,
                        rows_to: (x0 + BLOCK).min(size),
                        columns: y0,
                        columns_to: (y0 + BLOCK).min(size),
                    },
                    size,
                    k,
                    rows: take(&mut row_chunks, i),
                    columns: take(&mut column_chunks, j),
                    diagonals,
                    diagonal0: low,
                    cells: &cells,
                }
            })
            .collect();
        tasks
            .into_par_iter()
            .for_each_init(Vec::new, |extras, block| block.fill(signal, extras));
    });
    let values = cells.into_iter().map(V::unshared).collect();
    Ok(Some(Table::from_values(size, values)))
}

/// One block of [`k_wythoff_table`], with the value sets only it touches
/// now.
///
/// Block `(i, j)` is valued after `(i, j - 1)`, `(i - 1, j)` and
/// `(i - 1, j + 1)`, so the blocks with the same `2i + j` at once, and
/// each cell sees the same sets and the same valued cells as in a plain
/// block-row-by-block-row order: the cells it reads (its row and column,
/// the diagonals `|y - x - d| <= k` with `d` its own, the extras to the
/// right of its band in the rows above, which lie in blocks `(i - 1, j)`
/// and `(i - 1, j + 1)` at most, since `k < BLOCK`) are written only by
/// blocks with a smaller `2i + j` or by its own block. Blocks valued at
/// once have their own rows and columns, and their diagonals, `k` either
/// side included, are apart (`2k <= BLOCK`), so each is lent its lines.
struct KBlock<'a, V: Cell> {
    /// The first row and column of the block.
    origin: (usize, usize),
    valued: Valued,
    size: usize,
    k: usize,
    /// The lines of the block's rows, its columns, and the diagonals its
    /// cells read, from index `diagonal0` (see [`k_wythoff_table`]).
    rows: LinesMut<'a>,
    columns: LinesMut<'a>,
    diagonals: LinesMut<'a>,
    diagonal0: usize,
    /// The whole table, which blocks valued at once read (extras) and
    /// write in different cells.
    cells: &'a [V::Shared],
}

impl<V: Cell> KBlock<'_, V> {
    /// Values the block row by row, polling `signal` at each row; `extras`
    /// is room for a cell's extras.
    fn fill(mut self, signal: &Stop, extras: &mut Vec<(usize, usize)>) {
        let (x0, y0) = self.origin;
        let Valued {
            rows_to,
            columns_to,
            ..
        } = self.valued;
        for x in x0..rows_to {
            signal.poll();
            for y in y0..columns_to {
                // The diagonal with e = -k, as an index into the block's.
                let d0 = y + self.size - x - self.diagonal0;
                let mex = self.mex_of_sets(x - x0, y - y0, d0);
                self.extras(x, y, extras);
                let value = self.without_extras(extras, x - x0, y - y0, d0, mex);
                V::store_mex(&self.cells[x * self.size + y], value);
                let (row, first) = self.rows.line(x - x0);
                insert(row, first, value);
                let (column, first) = self.columns.line(y - y0);
                insert(column, first, value);
                let (diagonal, first) = self.diagonals.line(d0 + self.k);
                insert(diagonal, first, value);
            }
        }
    }

    /// The least value in none of the sets of row `dx`, column `dy` and the
    /// `2k + 1` diagonals from `d0` of the block.
    #[inline(always)]
    fn mex_of_sets(&self, dx: usize, dy: usize, d0: usize) -> usize {
        let (row, row_first) = self.rows.get(dx);
        let (column, column_first) = self.columns.get(dy);
        let band = d0..d0 + 2 * self.k + 1;
        let stride = self.diagonals.stride;
        let diagonals = &self.diagonals.words[band.start * stride..band.end * stride];
        let firsts = self.diagonals.first[band].iter().copied();
        let from = firsts.chain([row_first, column_first]).max().unwrap_or(0);
        first_absent_of_lines(row, column, diagonals, stride, from as usize)
    }

    /// The extras of `(x, y)` (see [`k_wythoff_table`]), into `extras`: the
    /// index of the diagonal each lies on among the cell's `2k + 1`, and its
    /// value, diagonal by diagonal.
    fn extras(&self, x: usize, y: usize, extras: &mut Vec<(usize, usize)>) {
        extras.clear();
        let (size, k, valued) = (self.size, self.k, self.valued);
        let value = |ex: usize, ey: usize| V::load(&self.cells[ex * size + ey]).into() as usize;
        // e = i - k < 0: cells (x + t, y + t - down) of the blocks before
        // in the band.
        for i in 0..k {
            let down = k - i;
            for t in 1..down {
                let (ex, Some(ey)) = (x + t, (y + t).checked_sub(down)) else {
                    continue;
                };
                if ex < valued.rows_to && ey < valued.columns {
                    extras.push((i, value(ex, ey)));
                }
            }
        }
        // e = i - k > 0: cells (x - t, y + e - t), t < e, valued already.
        for e in 1..=k {
            for t in 1..e.min(x + 1) {
                let (ex, ey) = (x - t, y + e - t);
                if ey < size && (ex < valued.rows || ey < valued.columns_to) {
                    extras.push((k + e, value(ex, ey)));
                }
            }
        }
    }

    /// The mex of the options of cell `(dx, dy)` of the block, from `mex`,
    /// that of its sets: the least value of an extra below it in no set but
    /// as an extra, if any.
    fn without_extras(
        &self,
        extras: &[(usize, usize)],
        dx: usize,
        dy: usize,
        d0: usize,
        mex: usize,
    ) -> usize {
        if extras.is_empty() {
            return mex;
        }
        let contains = |(words, _): (&[u64], u32), v: usize| words[v / 64] >> (v % 64) & 1 == 1;
        // The extras of diagonal i, found by a binary search: they come
        // diagonal by diagonal.
        let of_diagonal = |i: usize| {
            let from = extras.partition_point(|&(j, _)| j < i);
            let to = extras.partition_point(|&(j, _)| j <= i);
            &extras[from..to]
        };
        let genuine = |v: usize| {
            contains(self.rows.get(dx), v)
                || contains(self.columns.get(dy), v)
                || (0..=2 * self.k).any(|i| {
                    contains(self.diagonals.get(d0 + i), v) && !of_diagonal(i).contains(&(i, v))
                })
        };
        let lower = extras.iter().map(|&(_, v)| v);
        lower
            .filter(|&v| v < mex && !genuine(v))
            .min()
            .unwrap_or(mex)
    }
}

/// Words `w..w + 4` of the union of `row`, `column` and the `count` lines
/// of `stride` words in `lines`.
#[inline(always)]
fn union_of_four(
    row: &[u64],
    column: &[u64],
    (lines, count, stride): (&[u64], usize, usize),
    w: usize,
) -> [u64; 4] {
    let mut union = [0; 4];
    for (u, (r, c)) in union
        .iter_mut()
        .zip(row[w..w + 4].iter().zip(&column[w..w + 4]))
    {
        *u = r | c;
    }
    for i in 0..count {
        let line = &lines[i * stride + w..][..4];
        for (u, l) in union.iter_mut().zip(line) {
            *u |= l;
        }
    }
    union
}

/// The least value in none of the sets `row`, `column` and the lines of
/// `stride` words in `lines`, looked for from word `from` (every value
/// below is in one of them). A set of `stride` words always has an absent
/// value: its last word is never full.
#[inline(always)]
fn first_absent_of_lines(
    row: &[u64],
    column: &[u64],
    lines: &[u64],
    stride: usize,
    from: usize,
) -> usize {
    // The number of lines a constant where it is small (k = 1 and 2): the
    // compiler unrolls the union (a fifth of the time of k = 1).
    match lines.len() / stride {
        3 => scan_union(row, column, (lines, 3, stride), from),
        5 => scan_union(row, column, (lines, 5, stride), from),
        count => scan_union(row, column, (lines, count, stride), from),
    }
}

/// [`first_absent_of_lines`] of the `count` lines of `lines`.
#[inline(always)]
fn scan_union(row: &[u64], column: &[u64], lines: (&[u64], usize, usize), from: usize) -> usize {
    let (words, count, stride) = lines;
    // Four words at a time while the union is full, as the compiler tests
    // them as vectors.
    let mut w = from;
    while w + 4 <= stride {
        let union = union_of_four(row, column, lines, w);
        if union.iter().fold(u64::MAX, |all, u| all & u) != u64::MAX {
            let t = union.iter().position(|&u| u != u64::MAX).unwrap_or(0);
            return (w + t) * 64 + union[t].trailing_ones() as usize;
        }
        w += 4;
    }
    for w in w..stride {
        let word = (0..count).fold(row[w] | column[w], |union, i| union | words[i * stride + w]);
        if word != u64::MAX {
            return w * 64 + word.trailing_ones() as usize;
        }
    }
    unreachable!("the last word of a line is never full")
}

/// The cells [`k_wythoff_table`] has valued, beside those before `(x, y)` in
/// its block: the rows before `rows`, and the blocks before `columns` in the
/// block row of rows `rows..rows_to`, its block ending at `columns_to`.
#[derive(Clone, Copy)]
struct Valued {
    rows: usize,
    rows_to: usize,
    columns: usize,
    columns_to: usize,
}

/// The largest `k` whose table [`k_wythoff_table`] computes from value sets.
pub const K_WYTHOFF_MOST: usize = 32;

/// The most words the value sets of [`k_wythoff_table`] may hold (2 GiB).
pub const K_WYTHOFF_SET_WORDS: usize = 1 << 28;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::table::{grundy_table, queen_table};

    #[test]
    fn equals_the_queen_table_at_block_edges() {
        for size in [0, 1, 2, 5, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 7, 700] {
            let fast = wythoff_table::<u16>(size, &mut |_, _| {}).unwrap();
            let plain = queen_table(size).unwrap();
            for x in 0..size {
                let row: Vec<u32> = fast.row(x).unwrap().iter().map(|&v| v.into()).collect();
                assert_eq!(row, plain.row(x).unwrap(), "size {size}, row {x}");
            }
        }
        assert_eq!(
            wythoff_table::<u16>(MAX_WYTHOFF_SIDE + 1, &mut |_, _| {}),
            Err(TableError::TooLarge {
                size: MAX_WYTHOFF_SIDE + 1,
                most: MAX_WYTHOFF_SIDE
            })
        );
    }

    #[test]
    fn wide_cells_hold_the_same_values() {
        // Sides with 3 * side > 2^16 are valued in u32: the same code.
        let size = 3 * BLOCK + 5;
        let narrow = wythoff_table::<u16>(size, &mut |_, _| {}).unwrap();
        let wide = wythoff_table::<u32>(size, &mut |_, _| {}).unwrap();
        assert_eq!(narrow.widened::<u32>(), wide);
    }

    #[test]
    fn equals_the_rules_table() {
        let size = 2 * BLOCK + 30;
        let rules = grundy_table(size, |x, y, buffer| {
            buffer.extend((0..x).map(|ox| (ox, y)));
            buffer.extend((0..y).map(|oy| (x, oy)));
            buffer.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
        })
        .unwrap();
        let fast = wythoff_table::<u16>(size, &mut |_, _| {}).unwrap();
        for x in 0..size {
            for y in 0..size {
                assert_eq!(fast.value(x, y), rules.value(x, y));
            }
        }
    }

    #[test]
    fn k_wythoff_equals_the_rules_table() {
        use crate::games::wythoff::Wythoff;
        use crate::solve::table::grundy_table_of;
        // Past two blocks, so that diagonals e < 0 have extras.
        for (k, size) in [(1, 260), (3, 260), (9, 140), (K_WYTHOFF_MOST as u64, 140)] {
            let rules = grundy_table_of(&Wythoff::new(k), size).unwrap();
            let fast = k_wythoff_table::<u32>(size, k as usize, &mut |_, _| {})
                .unwrap()
                .unwrap();
            for x in 0..size {
                assert_eq!(fast.row(x), rules.row(x), "k = {k}, row {x}");
            }
        }
        // Work beyond the bound and a large k are left to the rules; a k
        // beyond the table is the table's side.
        let none = |size, k| k_wythoff_table::<u32>(size, k, &mut |_, _| {}).unwrap();
        assert_eq!(none(16000, 10), None);
        assert_eq!(none(200, K_WYTHOFF_MOST + 1), None);
        let beyond = none(20, usize::MAX);
        assert!(beyond.is_some());
        assert_eq!(beyond, none(20, 20));
    }
}
