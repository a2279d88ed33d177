//! Bottom-up 2-D tables: the Grundy value of every position `(x, y)`,
//! `0 <= x, y < N`, of a two-pile game.
//!
//! It relies on the Sprague-Grundy theorem (Sprague 1935, Grundy 1939): the value
//! of a position is the mex of the values of its options. When every option of
//! `(x, y)` is some `(x', y') != (x, y)` with `x' <= x` and `y' <= y`, every option
//! comes before its position in row-major order, so one pass in that order
//! computes the whole table. [`queen_table`] is the same computation specialised
//! to Wythoff's game, whose options are whole half-lines (Wythoff 1907).

use crate::limits::{MAX_RECT_CELLS, MAX_TABLE_SIZE};
use thiserror::Error;

use crate::game::Impartial;
use crate::nimber::{MexSet, Nimber};

/// Why a table could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The requested side is above [`MAX_TABLE_SIZE`].
    #[error("a table of side {size} is too large: the side must be at most {MAX_TABLE_SIZE}")]
    TooLarge {
        /// The requested side.
        size: usize,
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

/// The Grundy values of the positions `(x, y)`, `0 <= x, y < size`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrundyTable {
    size: usize,
    values: Vec<u32>,
}

impl GrundyTable {
    /// The side of the table.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The value of `(x, y)`, or `None` outside the table.
    pub fn value(&self, x: usize, y: usize) -> Option<Nimber> {
        self.row(x)?.get(y).map(|&v| Nimber(v.into()))
    }

    /// Whether `(x, y)` is a P-position (value 0); `false` outside the table.
    pub fn is_p(&self, x: usize, y: usize) -> bool {
        self.value(x, y) == Some(Nimber::ZERO)
    }

    /// The values `(x, 0), ..., (x, size - 1)` of row `x`, or `None` outside.
    pub fn row(&self, x: usize) -> Option<&[u32]> {
        (x < self.size).then(|| &self.values[x * self.size..(x + 1) * self.size])
    }

    /// Every P-position of the table, in row-major order.
    pub fn p_positions(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let size = self.size;
        self.values
            .iter()
            .enumerate()
            .filter(|(_, &v)| v == 0)
            .map(move |(i, _)| (i / size, i % size))
    }

    /// The table of side `size` holding `values` in row-major order.
    pub(crate) fn from_values(size: usize, values: Vec<u32>) -> GrundyTable {
        debug_assert_eq!(values.len(), size * size);
        GrundyTable { size, values }
    }

    /// An all-zero table of side `size`, after checking the limit.
    fn zeroed(size: usize) -> Result<GrundyTable, TableError> {
        if size > MAX_TABLE_SIZE {
            return Err(TableError::TooLarge { size });
        }
        Ok(GrundyTable {
            size,
            values: vec![0; size * size],
        })
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
            table.values[x * size + y] = mex_as_u32(&seen);
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
        for (y, column) in columns.iter_mut().enumerate() {
            let diagonal = &mut diagonals[size + y - x];
            let value = BitSet::first_absent(&[row, column, diagonal]);
            table.values[x * size + y] = value;
            row.insert(value);
            column.insert(value);
            diagonal.insert(value);
        }
    }
    Ok(table)
}

/// The Grundy values of the positions `(x, y)`, `x < rows`, `y < width`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RectTable {
    rows: usize,
    width: usize,
    values: Vec<u32>,
}

impl RectTable {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The value of `(x, y)`, or `None` outside the rectangle.
    pub fn value(&self, x: usize, y: usize) -> Option<u32> {
        self.row(x)?.get(y).copied()
    }

    /// The values `(x, 0), ..., (x, width - 1)` of row `x`, or `None` outside.
    pub fn row(&self, x: usize) -> Option<&[u32]> {
        (x < self.rows).then(|| &self.values[x * self.width..(x + 1) * self.width])
    }

    /// The rectangle holding `values` row by row.
    pub(crate) fn from_values(rows: usize, width: usize, values: Vec<u32>) -> RectTable {
        debug_assert_eq!(values.len(), rows * width);
        RectTable {
            rows,
            width,
            values,
        }
    }
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
    use super::lines::LineSet;
    if rows.checked_mul(width).map_or(true, |c| c > MAX_RECT_CELLS) {
        return Err(TableError::TooLarge {
            size: rows.max(width),
        });
    }
    let mut values = vec![0u32; rows * width];
    let mut columns = vec![LineSet::default(); if lines.column { width } else { 0 }];
    let mut diagonals = vec![LineSet::default(); if lines.diagonal { rows + width } else { 0 }];
    let (mut buffer, mut extra, mut row_set) = (Vec::new(), LineSet::default(), LineSet::default());
    for x in 0..rows {
        row_set.clear();
        for y in 0..width {
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
            let value = LineSet::mex(&sets);
            values[x * width + y] =
                u32::try_from(value).expect("a mex is at most the number of options");
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
    Ok(RectTable {
        rows,
        width,
        values,
    })
}

/// The mex of `seen` as a stored value. A mex is at most the number of options,
/// and no table within [`MAX_TABLE_SIZE`] has 2^32 options at one position.
fn mex_as_u32(seen: &MexSet) -> u32 {
    u32::try_from(seen.mex()).expect("a mex is at most the number of options")
}

/// A growable set of small values, one bit each.
#[derive(Clone, Debug, Default)]
struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// Adds `value`.
    fn insert(&mut self, value: u32) {
        let word = value as usize / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
    }

    /// The least value in none of `sets`: the mex of their union.
    fn first_absent(sets: &[&BitSet]) -> u32 {
        let longest = sets.iter().map(|s| s.words.len()).max().unwrap_or(0);
        let union_word = |i: usize| {
            sets.iter()
                .fold(0, |acc, s| acc | s.words.get(i).copied().unwrap_or(0))
        };
        let word = (0..longest)
            .find(|&i| union_word(i) != u64::MAX)
            .unwrap_or(longest);
        word as u32 * 64 + (!union_word(word)).trailing_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
            Err(TableError::TooLarge { size: too_large })
        );
        assert!(TableError::TooLarge { size: too_large }
            .to_string()
            .contains("at most 16384"));
    }

    proptest! {
        #[test]
        fn first_absent_is_the_mex_of_the_union(
            a in proptest::collection::vec(0u32..300, 0..80),
            b in proptest::collection::vec(0u32..300, 0..80),
        ) {
            let set = |values: &[u32]| {
                let mut s = BitSet::default();
                values.iter().for_each(|&v| s.insert(v));
                s
            };
            let expected = (0..).find(|v| !a.contains(v) && !b.contains(v)).unwrap();
            prop_assert_eq!(BitSet::first_absent(&[&set(&a), &set(&b)]), expected);
        }
    }
}
