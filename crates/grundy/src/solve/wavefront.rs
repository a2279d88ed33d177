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
use crate::bits::BitSet;
use crate::limits::MAX_TABLE_SIZE;
use crate::stop;

/// The side of a block.
const BLOCK: usize = 128;

/// Wythoff's table in `u16` (the name from before tables were generic).
pub type U16Table = Table<u16>;

/// One block and the value sets and table rows that only it touches now.
struct Block<'a> {
    /// The first row and column of the block.
    origin: (usize, usize),
    size: usize,
    /// Diagonal `y - x` has index `y - x + pad` in the whole array ...
    pad: usize,
    /// ... and `diagonals` starts at this index.
    chunk_start: usize,
    rows: &'a mut [BitSet],
    columns: &'a mut [BitSet],
    diagonals: &'a mut [BitSet],
    /// Table rows `origin.0 ..`, whole.
    values: &'a mut [u16],
}

impl Block<'_> {
    fn fill(self) {
        let (x0, y0) = self.origin;
        for (dx, row) in self.rows.iter_mut().enumerate() {
            let x = x0 + dx;
            for (dy, column) in self.columns.iter_mut().enumerate() {
                let y = y0 + dy;
                let diagonal = &mut self.diagonals[y + self.pad - x - self.chunk_start];
                let value = BitSet::first_absent_of_union(&[row, column, diagonal]);
                self.values[dx * self.size + y] = u16::of_mex(value);
                row.insert(value);
                column.insert(value);
                diagonal.insert(value);
            }
        }
    }
}

/// Takes the `index`-th chunk of `chunks`; each is handed out once.
fn take<'a, T>(chunks: &mut [Option<&'a mut [T]>], index: usize) -> &'a mut [T] {
    chunks[index]
        .take()
        .expect("blocks of one anti-diagonal share no chunk")
}

/// The Grundy values of Wythoff's game below `size`, computed in parallel; the
/// same values as [`queen_table`](super::table::queen_table).
pub fn wythoff_table(size: usize) -> Result<Table<u16>, TableError> {
    if size > MAX_TABLE_SIZE {
        return Err(TableError::TooLarge { size });
    }
    let blocks = size.div_ceil(BLOCK);
    let pad = blocks * BLOCK;
    let mut values = vec![0u16; size * size];
    let mut rows = vec![BitSet::default(); size];
    let mut columns = vec![BitSet::default(); size];
    // Diagonal y - x at index y - x + pad.
    let mut diagonals = vec![BitSet::default(); 2 * pad + 2 * BLOCK];
    for s in 0..(2 * blocks).saturating_sub(1) {
        // One anti-diagonal of blocks is a few milliseconds of work.
        stop::poll();
        // Block (i, j), i + j = s, owns the 2B diagonal indices from
        // (blocks + s - 2i - 1)B: chunks of 2B after a shift of B when
        // blocks + s - 1 is odd.
        let parity = (blocks + s - 1) % 2;
        let mut row_chunks: Vec<_> = rows.chunks_mut(BLOCK).map(Some).collect();
        let mut column_chunks: Vec<_> = columns.chunks_mut(BLOCK).map(Some).collect();
        let mut diagonal_chunks: Vec<_> = diagonals[parity * BLOCK..]
            .chunks_mut(2 * BLOCK)
            .map(Some)
            .collect();
        let mut value_chunks: Vec<_> = values.chunks_mut(BLOCK * size).map(Some).collect();
        let first = s.saturating_sub(blocks - 1);
        let tasks: Vec<Block> = (first..=s.min(blocks - 1))
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
            let fast = wythoff_table(size).unwrap();
            let plain = queen_table(size).unwrap();
            for x in 0..size {
                let row: Vec<u32> = fast.row(x).unwrap().iter().map(|&v| v.into()).collect();
                assert_eq!(row, plain.row(x).unwrap(), "size {size}, row {x}");
            }
        }
        assert_eq!(
            wythoff_table(MAX_TABLE_SIZE + 1),
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
        let fast = wythoff_table(size).unwrap();
        for x in 0..size {
            for y in 0..size {
                assert_eq!(fast.value(x, y), rules.value(x, y));
            }
        }
    }
}
