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
//! stay in cache. Values are stored as `u16`: a mex is at most the number of
//! options, `x + y + min(x, y) < 3 * 2^14`.

use rayon::prelude::*;

use super::table::{Cell, Table, TableError};
use crate::limits::MAX_TABLE_SIZE;
use crate::stop;

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
            words: vec![0; count * stride],
            first: vec![0; count],
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

impl LinesMut<'_> {
    /// Line `i`: its words and its first word not full.
    #[inline(always)]
    fn line(&mut self, i: usize) -> (&mut [u64], &mut u32) {
        let words = &mut self.words[i * self.stride..(i + 1) * self.stride];
        (words, &mut self.first[i])
    }
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

/// One block and the value sets and table rows that only it touches now.
struct Block<'a, V> {
    /// The first row and column of the block.
    origin: (usize, usize),
    size: usize,
    /// Diagonal `y - x` has index `y - x + pad` in the whole array ...
    pad: usize,
    /// ... and `diagonals` starts at this index.
    chunk_start: usize,
    rows: LinesMut<'a>,
    columns: LinesMut<'a>,
    diagonals: LinesMut<'a>,
    /// Table rows `origin.0 ..`, whole.
    values: &'a mut [V],
}

impl<V: Cell> Block<'_, V> {
    fn fill(mut self) {
        let (x0, y0) = self.origin;
        let rows = self.rows.first.len();
        let columns = self.columns.first.len();
        for dx in 0..rows {
            let x = x0 + dx;
            let (row, row_first) = self.rows.line(dx);
            for dy in 0..columns {
                let y = y0 + dy;
                let (column, column_first) = self.columns.line(dy);
                let (diagonal, diagonal_first) =
                    self.diagonals.line(y + self.pad - x - self.chunk_start);
                let from = (*row_first).max(*column_first).max(*diagonal_first) as usize;
                let value = first_absent_of_three(row, column, diagonal, from);
                self.values[dx * self.size + y] = V::of_mex(value);
                insert(row, row_first, value);
                insert(column, column_first, value);
                insert(diagonal, diagonal_first, value);
            }
        }
    }
}

/// Takes the `index`-th chunk of `chunks`; each is handed out once.
fn take<T>(chunks: &mut [Option<T>], index: usize) -> T {
    chunks[index]
        .take()
        .expect("blocks of one anti-diagonal share no chunk")
}

/// The Grundy values of Wythoff's game below `size`, computed in parallel
/// and stored as `V` (`u16` holds them below a side of 2^14: a mex is at
/// most the number of options, `x + y + min(x, y) < 3 * size`); the same
/// values as [`queen_table`](super::table::queen_table).
pub fn wythoff_table<V: Cell>(size: usize) -> Result<Table<V>, TableError> {
    if size > MAX_TABLE_SIZE {
        return Err(TableError::TooLarge { size });
    }
    let blocks = size.div_ceil(BLOCK);
    let pad = blocks * BLOCK;
    let mut values = vec![V::default(); size * size];
    // Values below 3 * size, and one word more, never full.
    let stride = (3 * size) / 64 + 2;
    let mut rows = Lines::new(size, stride);
    let mut columns = Lines::new(size, stride);
    // Diagonal y - x at index y - x + pad.
    let mut diagonals = Lines::new(2 * pad + 2 * BLOCK, stride);
    for s in 0..(2 * blocks).saturating_sub(1) {
        // One anti-diagonal of blocks is a few milliseconds of work.
        stop::poll();
        // Block (i, j), i + j = s, owns the 2B diagonal indices from
        // (blocks + s - 2i - 1)B: chunks of 2B after a shift of B when
        // blocks + s - 1 is odd.
        let parity = (blocks + s - 1) % 2;
        let mut row_chunks = rows.chunks(0, BLOCK);
        let mut column_chunks = columns.chunks(0, BLOCK);
        let mut diagonal_chunks = diagonals.chunks(parity * BLOCK, 2 * BLOCK);
        let mut value_chunks: Vec<_> = values.chunks_mut(BLOCK * size).map(Some).collect();
        let first = s.saturating_sub(blocks - 1);
        let tasks: Vec<Block<V>> = (first..=s.min(blocks - 1))
            .map(|i| {
                let j = s - i;
                let chunk = (blocks + s - 1 - parity) / 2 - i;
                Block {
                    origin: (i * BLOCK, j * BLOCK),
                    size,
                    pad,
                    chunk_start: (blocks + s - 1 - 2 * i) * BLOCK,
                    rows: take(&mut row_chunks, i),
                    columns: take(&mut column_chunks, j),
                    diagonals: take(&mut diagonal_chunks, chunk),
                    values: take(&mut value_chunks, i),
                }
            })
            .collect();
        tasks.into_par_iter().for_each(Block::fill);
    }
    Ok(Table::from_values(size, values))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::table::{grundy_table, queen_table};

    #[test]
    fn equals_the_queen_table_at_block_edges() {
        for size in [0, 1, 2, 5, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 7, 700] {
            let fast = wythoff_table::<u16>(size).unwrap();
            let plain = queen_table(size).unwrap();
            for x in 0..size {
                let row: Vec<u32> = fast.row(x).unwrap().iter().map(|&v| v.into()).collect();
                assert_eq!(row, plain.row(x).unwrap(), "size {size}, row {x}");
            }
        }
        assert_eq!(
            wythoff_table::<u16>(MAX_TABLE_SIZE + 1),
            Err(TableError::TooLarge {
                size: MAX_TABLE_SIZE + 1
            })
        );
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
        let fast = wythoff_table::<u16>(size).unwrap();
        for x in 0..size {
            for y in 0..size {
                assert_eq!(fast.value(x, y), rules.value(x, y));
            }
        }
    }
}
