//! Bottom-up 2-D tables: the Grundy value of every position `(x, y)`,
//! `0 <= x, y < N`, of a two-pile game.
//!
//! It relies on the Sprague-Grundy theorem (Sprague 1935, Grundy 1939): the value
//! of a position is the mex of the values of its options. When every option of
//! `(x, y)` is some `(x', y') != (x, y)` with `x' <= x` and `y' <= y`, every option
//! comes before its position in row-major order, so one pass in that order
//! computes the whole table. [`queen_table`] is the same computation specialised
//! to Wythoff's game, whose options are whole half-lines (Wythoff 1907).
//!
//! Every table of the crate is one type, [`Table<V>`](Table), generic over the
//! width of a stored value ([`Cell`]): `u32` for the tables here and in
//! [`lines`](super::lines), `u16` for Wythoff's parallel table
//! ([`wavefront`](super::wavefront)).

use std::fmt;

use crate::limits::{MAX_RECT_CELLS, MAX_TABLE_SIZE};
use thiserror::Error;

use crate::bits::BitSet;
use crate::game::Impartial;
use crate::nimber::{MexSet, Nimber};
use crate::stop;

/// Why a table could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The requested side is above the largest the solver takes
    /// ([`MAX_TABLE_SIZE`] for most).
    #[error("a table of side {size} is too large: the side must be at most {most}")]
    TooLarge {
        /// The requested side.
        size: usize,
        /// The largest side.
        most: usize,
    },
    /// The rules gave an option that is not below its position.
    #[error(
        "the option {to:?} of {from:?} is not smaller: a two-pile table needs options \
         (x', y') != (x, y) with x' <= x and y' <= y"
    )]
    NotSmaller {
        /// The position.
        from: (usize, usize),
        /// Its offending option.
        to: (usize, usize),
    },
}

/// A value a [`Table`] stores: an unsigned integer, as narrow as the values
/// allow, to save memory (`u16` for Wythoff's parallel table, `u32` otherwise).
pub trait Cell:
    Copy + Default + Eq + fmt::Debug + Into<u64> + TryFrom<usize> + Send + Sync + 'static
{
    /// `value` as a cell. Every caller stores a mex, which is at most the
    /// number of options of its position; each table's width is chosen so
    /// that this bound fits.
    fn of_mex(value: usize) -> Self {
        Self::try_from(value).unwrap_or_else(|_| {
            panic!("a mex is at most the number of options, which the cell width holds")
        })
    }

    /// The cell as the threads of a parallel table share it (its atomic,
    /// of the same size, so that a table of them becomes one of cells in
    /// place; a parallel table makes them zeroed with `shared_cells`).
    type Shared: Send + Sync + bytemuck::Zeroable;

    /// Stores `value` (a mex) in a shared cell; no other thread reads or
    /// writes it meanwhile, so relaxed order suffices.
    fn store_mex(cell: &Self::Shared, value: usize);

    /// The value of a shared cell.
    fn load(cell: &Self::Shared) -> Self;

    /// The value of a shared cell no thread holds any more.
    fn unshared(cell: Self::Shared) -> Self;
}

macro_rules! cell {
    ($t:ty, $atomic:ty) => {
        impl Cell for $t {
            type Shared = $atomic;
            fn store_mex(cell: &$atomic, value: usize) {
                cell.store(<$t>::of_mex(value), std::sync::atomic::Ordering::Relaxed)
            }
            fn load(cell: &$atomic) -> $t {
                cell.load(std::sync::atomic::Ordering::Relaxed)
            }
            fn unshared(cell: $atomic) -> $t {
                cell.into_inner()
            }
        }
    };
}

cell!(u8, std::sync::atomic::AtomicU8);
cell!(u16, std::sync::atomic::AtomicU16);
cell!(u32, std::sync::atomic::AtomicU32);
cell!(u64, std::sync::atomic::AtomicU64);

/// `count` shared cells holding zero, from the allocator's zeroed memory (no
/// loop writes them: a stop signal is heard at once, pages never written are
/// never touched).
pub(crate) fn shared_cells<V: Cell>(count: usize) -> Vec<V::Shared> {
    bytemuck::zeroed_vec(count)
}

/// The Grundy values of the positions `(x, y)`, `x < rows`, `y < width`,
/// row-major, each stored as a `V`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table<V: Cell = u32> {
    rows: usize,
    width: usize,
    values: Vec<V>,
}

/// A square table of `u32` values (the name from before tables were generic).
pub type GrundyTable = Table<u32>;

/// A rectangle of `u32` values (the name from before tables were generic).
pub type RectTable = Table<u32>;

impl<V: Cell> Table<V> {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The width: the number of values in a row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The side of a square table: its number of rows.
    pub fn size(&self) -> usize {
        self.rows
    }

    /// The value of `(x, y)`, or `None` outside the table.
    pub fn value(&self, x: usize, y: usize) -> Option<Nimber> {
        self.get(x, y).map(|v| Nimber(v.into()))
    }

    /// The stored value of `(x, y)`, or `None` outside the table.
    pub fn get(&self, x: usize, y: usize) -> Option<V> {
        self.row(x)?.get(y).copied()
    }

    /// Whether `(x, y)` is a P-position (value 0); `false` outside the table.
    pub fn is_p(&self, x: usize, y: usize) -> bool {
        self.value(x, y) == Some(Nimber::ZERO)
    }

    /// The values `(x, 0), ..., (x, width - 1)` of row `x`, or `None` outside.
    pub fn row(&self, x: usize) -> Option<&[V]> {
        (x < self.rows).then(|| &self.values[x * self.width..(x + 1) * self.width])
    }

    /// All values, row by row.
    pub fn values(&self) -> &[V] {
        &self.values
    }

    /// Every P-position of the table, in row-major order.
    pub fn p_positions(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let width = self.width;
        self.values
            .iter()
            .enumerate()
            .filter(|(_, &v)| v == V::default())
            .map(move |(i, _)| (i / width, i % width))
    }

    /// The values, row by row, given up without a copy.
    pub fn into_values(self) -> Vec<V> {
        self.values
    }

    /// The same table with every value stored as a `W` (wider, so exact).
    pub fn widened<W: Cell + From<V>>(&self) -> Table<W> {
        Table::rect(
            self.rows,
            self.width,
            self.values.iter().map(|&v| W::from(v)).collect(),
        )
    }

    /// The square table of side `size` holding `values` row by row.
    pub(crate) fn from_values(size: usize, values: Vec<V>) -> Table<V> {
        Table::rect(size, size, values)
    }

    /// The rectangle holding `values` row by row.
    pub(crate) fn rect(rows: usize, width: usize, values: Vec<V>) -> Table<V> {
        debug_assert_eq!(Some(values.len()), rows.checked_mul(width));
        Table {
            rows,
            width,
            values,
        }
    }

    /// An all-zero square table of side `size`, after checking the limit.
    fn zeroed(size: usize) -> Result<Table<V>, TableError> {
        if size > MAX_TABLE_SIZE {
            return Err(TableError::too_large(size));
        }
        Ok(Table::from_values(size, vec![V::default(); size * size]))
    }
}

impl TableError {
    /// A side above [`MAX_TABLE_SIZE`].
    pub(crate) fn too_large(size: usize) -> TableError {
        TableError::TooLarge {
            size,
            most: MAX_TABLE_SIZE,
        }
    }
}

/// The table of a game whose rules are given by `options`, which pushes every
/// option of `(x, y)` onto the vector it is given (emptied before each call).
///
/// Options must be below their position (see [`TableError::NotSmaller`]); options
/// with a coordinate outside the table cannot occur, since they are below it.
pub fn grundy_table<F>(size: usize, mut options: F) -> Result<GrundyTable, TableError>
where
    F: FnMut(usize, usize, &mut Vec<(usize, usize)>),
{
    let mut table = GrundyTable::zeroed(size)?;
    let mut buffer = Vec::new();
    let mut seen = MexSet::default();
    for x in 0..size {
        for y in 0..size {
            stop::poll();
            buffer.clear();
            options(x, y, &mut buffer);
            seen.clear();
            for &(ox, oy) in &buffer {
                if ox > x || oy > y || (ox, oy) == (x, y) {
                    return Err(TableError::NotSmaller {
                        from: (x, y),
                        to: (ox, oy),
                    });
                }
                seen.insert(table.values[ox * size + oy].into());
            }
            let mex = usize::try_from(seen.mex()).expect("a mex is at most the number of options");
            table.values[x * size + y] = u32::of_mex(mex);
        }
    }
    Ok(table)
}

/// The table of a two-pile [`Impartial`] game, from its rules.
pub fn grundy_table_of<G>(game: &G, size: usize) -> Result<GrundyTable, TableError>
where
    G: Impartial<Position = (u64, u64)>,
{
    grundy_table(size, |x, y, buffer| {
        let options = game.options(&(x as u64, y as u64));
        buffer.extend(
            options
                .into_iter()
                .map(|(ox, oy)| (ox as usize, oy as usize)),
        );
    })
}

/// The table of Wythoff's game ("corner the queen"): a move goes any distance
/// along the row, the column or the diagonal towards `(0, 0)`.
///
/// The options of `(x, y)` in one line are all the earlier cells of that line, so
/// one bit set of values per row, column and diagonal replaces the enumeration of
/// options: each cell costs a scan of three bit sets, not `x + y + min(x, y)`
/// option look-ups.
pub fn queen_table(size: usize) -> Result<GrundyTable, TableError> {
    let mut table = GrundyTable::zeroed(size)?;
    let mut rows = vec![BitSet::default(); size];
    let mut columns = vec![BitSet::default(); size];
    let mut diagonals = vec![BitSet::default(); 2 * size];
    for (x, row) in rows.iter_mut().enumerate() {
        stop::poll();
        for (y, column) in columns.iter_mut().enumerate() {
            let diagonal = &mut diagonals[size + y - x];
            let value = BitSet::first_absent_of_union(&[row, column, diagonal]);
            table.values[x * size + y] = u32::of_mex(value);
            row.insert(value);
            column.insert(value);
            diagonal.insert(value);
        }
    }
    Ok(table)
}

/// Which whole lines of earlier cells are options of every position: "take
/// any amount from the second pile" (its row), "from the first pile" (its
/// column), "the same amount from both" (its diagonal). Each is served by one
/// value set per line instead of listing its options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WholeLines {
    /// Every `(x, y')`, `y' < y`.
    pub row: bool,
    /// Every `(x', y)`, `x' < x`.
    pub column: bool,
    /// Every `(x - t, y - t)`, `t >= 1`.
    pub diagonal: bool,
}

/// The Grundy values of the rectangle `rows x width`, row by row: the mex of
/// the values of the whole `lines` and of the other options, which `options`
/// pushes (emptied before each call; they must be below their position).
/// `progress(done, total)` is called after each row.
pub fn grundy_rect<F>(
    rows: usize,
    width: usize,
    lines: WholeLines,
    mut options: F,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<RectTable, TableError>
where
    F: FnMut(usize, usize, &mut Vec<(usize, usize)>),
{
    if rows.checked_mul(width).map_or(true, |c| c > MAX_RECT_CELLS) {
        return Err(TableError::too_large(rows.max(width)));
    }
    let mut values = vec![0u32; rows * width];
    let mut columns = vec![BitSet::default(); if lines.column { width } else { 0 }];
    let mut diagonals = vec![BitSet::default(); if lines.diagonal { rows + width } else { 0 }];
    let (mut buffer, mut extra, mut row_set) = (Vec::new(), BitSet::default(), BitSet::default());
    for x in 0..rows {
        row_set.clear();
        for y in 0..width {
            stop::poll();
            buffer.clear();
            options(x, y, &mut buffer);
            extra.clear();
            for &(ox, oy) in &buffer {
                if ox > x || oy > y || (ox, oy) == (x, y) {
                    return Err(TableError::NotSmaller {
                        from: (x, y),
                        to: (ox, oy),
                    });
                }
                extra.insert(values[ox * width + oy] as usize);
            }
            let mut sets = vec![&extra];
            if lines.row {
                sets.push(&row_set);
            }
            if lines.column {
                sets.push(&columns[y]);
            }
            if lines.diagonal {
                sets.push(&diagonals[rows + y - x]);
            }
            let value = BitSet::first_absent_of_union(&sets);
            values[x * width + y] = u32::of_mex(value);
            if lines.row {
                row_set.insert(value);
            }
            if lines.column {
                columns[y].insert(value);
            }
            if lines.diagonal {
                diagonals[rows + y - x].insert(value);
            }
        }
        progress(x as u64 + 1, rows as u64);
    }
    Ok(RectTable::rect(rows, width, values))
}

/// The rules of a two-pile game as a rectangle of Grundy values: what the
/// catalogue's two-pile adapter and the explorer ask of Wythoff's game, the
/// ratio game and the `twopile:` families.
pub trait RectRules {
    /// The Grundy values of the positions `(x, y)`, `x < rows`, `y < width`,
    /// from the rules; `progress` hears of the rows done.
    fn rect_table(
        &self,
        rows: usize,
        width: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<RectTable, TableError>;

    /// About how many option look-ups [`RectRules::rect_table`] makes for
    /// `rows` rows of `width` positions: the cost a budget is checked against.
    fn rect_cost(&self, rows: usize, width: usize) -> u128;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wythoff's rules, written out for the generic solver.
    fn wythoff_options(x: usize, y: usize, buffer: &mut Vec<(usize, usize)>) {
        buffer.extend((0..x).map(|ox| (ox, y)));
        buffer.extend((0..y).map(|oy| (x, oy)));
        buffer.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
    }

    #[test]
    fn nim_with_two_heaps_is_the_nim_sum() {
        let table = grundy_table(40, |x, y, buffer| {
            buffer.extend((0..x).map(|ox| (ox, y)));
            buffer.extend((0..y).map(|oy| (x, oy)));
        })
        .unwrap();
        for x in 0..40 {
            for y in 0..40 {
                assert_eq!(table.value(x, y), Some(Nimber((x ^ y) as u64)));
            }
        }
        assert_eq!(table.value(40, 0), None);
        assert_eq!(table.p_positions().count(), 40);
    }

    #[test]
    fn queen_table_equals_the_generic_solver() {
        let generic = grundy_table(150, wythoff_options).unwrap();
        assert_eq!(queen_table(150).unwrap(), generic);
        let row_one: Vec<u32> = (0..8)
            .map(|y| generic.value(1, y).unwrap().0 as u32)
            .collect();
        assert_eq!(row_one, [1, 2, 0, 4, 5, 3, 7, 8]); // worked out by hand from the rules
    }

    #[test]
    fn whole_lines_are_their_options() {
        let queen = queen_table(120).unwrap();
        let all = WholeLines {
            row: true,
            column: true,
            diagonal: true,
        };
        let rect = grundy_rect(40, 120, all, |_, _, _| {}, &mut |_, _| {}).unwrap();
        let listed = grundy_rect(
            40,
            120,
            WholeLines::default(),
            wythoff_options,
            &mut |_, _| {},
        )
        .unwrap();
        for x in 0..40 {
            assert_eq!(rect.row(x).unwrap(), queen.row(x).unwrap());
            assert_eq!(listed.row(x).unwrap(), queen.row(x).unwrap());
        }
        assert!(grundy_rect(MAX_RECT_CELLS, 2, all, |_, _, _| {}, &mut |_, _| {}).is_err());
    }

    #[test]
    fn wythoff_p_positions_in_the_table() {
        let table = queen_table(25).unwrap();
        let lower: Vec<(usize, usize)> = table.p_positions().filter(|(x, y)| x <= y).collect();
        assert_eq!(
            lower,
            [
                (0, 0),
                (1, 2),
                (3, 5),
                (4, 7),
                (6, 10),
                (8, 13),
                (9, 15),
                (11, 18),
                (12, 20),
                (14, 23)
            ]
        );
    }

    #[test]
    fn bad_rules_and_sizes_are_reported() {
        let error = grundy_table(5, |x, y, buffer| buffer.push((x, y))).unwrap_err();
        assert_eq!(
            error,
            TableError::NotSmaller {
                from: (0, 0),
                to: (0, 0)
            }
        );
        let error =
            grundy_table(5, |x, y, buffer| buffer.push((x + 1, y.saturating_sub(1)))).unwrap_err();
        assert_eq!(
            error,
            TableError::NotSmaller {
                from: (0, 0),
                to: (1, 0)
            }
        );
        let too_large = MAX_TABLE_SIZE + 1;
        assert_eq!(
            queen_table(too_large),
            Err(TableError::too_large(too_large))
        );
        assert!(TableError::too_large(too_large)
            .to_string()
            .contains("at most 16384"));
    }
}
