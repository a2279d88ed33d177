//! Two-pile games whose moves are *rays*: from `(x, y)` a move goes to
//! `(x, y) - base - t*dir` for `t = 0, 1, ...` (at most `most`, when bounded).
//!
//! Wythoff's game is three rays (`base = dir`: take `t*(1,0)`, `t*(0,1)` or
//! `t*(1,1)`, `t >= 1`), k-Wythoff is `2k + 3` of them, and any game of the
//! `twopile:` catalogue entry is a list of them. Rays give two fast paths:
//!
//! - [`ray_table`]: the Grundy table when every unbounded ray has `base = dir`.
//!   The options of `(x, y)` along such a ray are *all* the earlier cells of one
//!   line, so a set of the values on each line (a `BitSet`) replaces the enumeration
//!   of options (this is [`queen_table`](super::table::queen_table) generalised).
//!   [`ray_rect`] is the same on a rectangle (the positions up to one position).
//! - [`ray_sieve`]: the P-positions of a rectangle. A cell is P when no option
//!   is P; along an unbounded ray that means the line through `(x, y) - base`
//!   holds no P-position at or before that point, one look-up per ray.
//! - [`row_sieve`]: when a move takes any amount from the second pile alone, a
//!   row holds at most one P-position, the first cell no earlier P-position
//!   attacks; each attacks finitely many cells of a later row (one per ray), so
//!   every row holds exactly one, found exactly, however far out ([`PRows`]).

use std::sync::atomic::{AtomicU32, AtomicU64};

use rayon::prelude::*;

use super::shared_sets::{first_absent_of_union, SharedSets};
use super::table::{shared_cells, Cell, GrundyTable, RectTable, TableError};
use super::wavefront::in_steps;
use crate::bits::{first_absent_from, BitSet};
use crate::limits::{MAX_RECT_CELLS, MAX_TABLE_SIZE};
use crate::stop;

/// Moves `(x, y) -> (x, y) - base - t*dir`, `0 <= t <= most` (unbounded when
/// `most` is `None`). Coordinates are non-negative and `dir != (0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ray {
    /// The shortest move of the ray.
    pub base: (usize, usize),
    /// The step between consecutive moves.
    pub dir: (usize, usize),
    /// The largest `t`, or `None` for every `t >= 0`.
    pub most: Option<usize>,
}

impl Ray {
    /// The family "take `t*(dx, dy)`, `1 <= t <= most`": `base = dir`.
    pub fn family(dx: usize, dy: usize, most: Option<usize>) -> Ray {
        Ray {
            base: (dx, dy),
            dir: (dx, dy),
            most: most.map(|m| m.saturating_sub(1)),
        }
    }

    /// Calls `visit` with every option of `(x, y)` along the ray.
    pub fn for_each_option(&self, (x, y): (usize, usize), mut visit: impl FnMut(usize, usize)) {
        let (Some(mut ox), Some(mut oy)) = (x.checked_sub(self.base.0), y.checked_sub(self.base.1))
        else {
            return;
        };
        let mut t = 0;
        loop {
            visit(ox, oy);
            t += 1;
            match (ox.checked_sub(self.dir.0), oy.checked_sub(self.dir.1)) {
                (Some(nx), Some(ny)) if self.most.map_or(true, |m| t <= m) => (ox, oy) = (nx, ny),
                _ => return,
            }
        }
    }
}

/// The lines of one direction in a `rows x width` rectangle, numbered by the
/// cell where each starts (a cell with `x < dx` or `y < dy`).
struct Lines {
    dir: (usize, usize),
    width: usize,
}

impl Lines {
    /// The most cells a line holds in a table of `rows` rows.
    fn longest(&self, rows: usize) -> usize {
        let (dx, dy) = self.dir;
        let along =
            |cells: usize, step: usize| cells.checked_div(step).map_or(usize::MAX, |n| n + 1);
        along(rows, dx).min(along(self.width, dy))
    }

    fn count(&self, rows: usize) -> usize {
        let (dx, dy) = self.dir;
        dx.min(rows) * self.width + rows.saturating_sub(dx) * dy
    }

    /// The line through `(x, y)` and the position of `(x, y)` along it.
    fn locate(&self, x: usize, y: usize) -> (usize, usize) {
        let (dx, dy) = self.dir;
        let steps = match (dx, dy) {
            (0, _) => y / dy,
            (_, 0) => x / dx,
            _ => (x / dx).min(y / dy),
        };
        let (sx, sy) = (x - steps * dx, y - steps * dy);
        let line = if sx < dx {
            sx * self.width + sy
        } else {
            dx * self.width + (sx - dx) * dy + sy
        };
        (line, steps)
    }
}

/// The Grundy table of the positions below `size` of the game whose moves are
/// `rays` (see [`ray_rect`]).
pub fn ray_table(size: usize, rays: &[Ray]) -> Result<GrundyTable, TableError> {
    if size > MAX_TABLE_SIZE {
        return Err(TableError::too_large(size));
    }
    ray_rect(size, size, rays, &mut |_, _| {})
}

/// The Grundy values of the rectangle `x < rows`, `y < width` of the game whose
/// moves are `rays`. Unbounded rays must have `base = dir` ([`Ray::family`]):
/// their options are all the earlier cells of one line, served by one value set
/// per line; bounded ones are enumerated. On every core (`ray_blocks`) when
/// the value sets fit [`FLAT_SET_WORDS`], else row by row on one.
/// `progress` hears of the work done.
pub fn ray_rect(
    rows: usize,
    width: usize,
    rays: &[Ray],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<RectTable, TableError> {
    if rows.checked_mul(width).map_or(true, |c| c > MAX_RECT_CELLS) {
        return Err(TableError::too_large(rows.max(width)));
    }
    let (lines, bounded) = lines_and_bounded(rays, width);
    Ok(match FlatSets::new(&lines, &bounded, rows) {
        Some(sets) => ray_blocks(rows, width, &lines, &bounded, sets, progress),
        None => ray_rows(rows, width, &lines, &bounded, progress),
    })
}

/// The lines of the unbounded rays (families) in a table `width` wide, whose
/// value sets give their options, and the bounded rays, enumerated.
fn lines_and_bounded(rays: &[Ray], width: usize) -> (Vec<Lines>, Vec<Ray>) {
    let (unbounded, bounded): (Vec<Ray>, Vec<Ray>) = rays.iter().partition(|r| r.most.is_none());
    assert!(
        unbounded.iter().all(|r| r.base == r.dir && r.dir != (0, 0)),
        "an unbounded ray of a table is a family"
    );
    let lines = unbounded
        .iter()
        .map(|r| Lines { dir: r.dir, width })
        .collect();
    (lines, bounded)
}

/// [`ray_rect`] row by row on one core, each line's value set as large as
/// its values.
fn ray_rows(
    rows: usize,
    width: usize,
    lines: &[Lines],
    bounded: &[Ray],
    progress: &mut dyn FnMut(u64, u64),
) -> RectTable {
    let mut sets: Vec<Vec<BitSet>> = lines
        .iter()
        .map(|l| vec![BitSet::default(); l.count(rows)])
        .collect();
    let mut values = vec![0u32; rows * width];
    let mut extra = BitSet::default();
    let mut indices = vec![0; lines.len()];
    for x in 0..rows {
        stop::poll();
        for y in 0..width {
            extra.clear();
            for ray in bounded {
                ray.for_each_option((x, y), |ox, oy| {
                    extra.insert(values[ox * width + oy] as usize)
                });
            }
            for (index, l) in indices.iter_mut().zip(lines) {
                *index = l.locate(x, y).0;
            }
            let value = first_absent_of_lines(&sets, &indices, &extra);
            values[x * width + y] = u32::of_mex(value);
            for (s, &i) in sets.iter_mut().zip(&indices) {
                s[i].insert(value);
            }
        }
        progress(x as u64 + 1, rows as u64);
    }
    RectTable::rect(rows, width, values)
}

/// The most words the flat value sets of `ray_rect` on every core may hold (2 GiB).
pub const FLAT_SET_WORDS: usize = 1 << 28;

/// The side of a block of [`ray_blocks`].
const RAY_BLOCK: usize = 64;

/// The value sets of every line of every unbounded family, each with room
/// for every value a mex can take.
struct FlatSets {
    sets: SharedSets,
    /// Where the lines of each family start, among all.
    family_start: Vec<usize>,
}

impl FlatSets {
    /// Empty sets for `lines` in a table of `rows` rows, or `None` when they
    /// would hold more than [`FLAT_SET_WORDS`] words.
    fn new(lines: &[Lines], bounded: &[Ray], rows: usize) -> Option<FlatSets> {
        // A mex is at most the number of options: at most the cells of a
        // line of each family, `most + 1` a bounded ray.
        let options = lines.iter().map(|l| l.longest(rows)).sum::<usize>()
            + bounded
                .iter()
                .map(|r| r.most.map_or(0, |m| m + 1))
                .sum::<usize>();
        let stride = options / 64 + 2;
        let mut family_start = Vec::with_capacity(lines.len());
        let mut count = 0usize;
        for l in lines {
            family_start.push(count);
            count = count.checked_add(l.count(rows))?;
        }
        count.checked_mul(stride).filter(|&w| w <= FLAT_SET_WORDS)?;
        Some(FlatSets {
            sets: SharedSets::new(count, stride),
            family_start,
        })
    }
}

/// [`ray_rect`] on every core: `RAY_BLOCK x RAY_BLOCK` blocks along the
/// anti-diagonals of blocks. An option lies up and to the left, so block
/// `(i, j)` needs only blocks `(i', j') <= (i, j)`; and two blocks with the
/// same `i + j` share no line: moving along a line of direction `(a, b)`,
/// `a, b >= 0`, changes `x + y` by `a + b > 0` a step and can only reach
/// blocks with `i' >= i` and `j' >= j`, so within one anti-diagonal its own.
/// The blocks of one anti-diagonal are valued at once, each row by row.
fn ray_blocks(
    rows: usize,
    width: usize,
    lines: &[Lines],
    bounded: &[Ray],
    sets: FlatSets,
    progress: &mut dyn FnMut(u64, u64),
) -> RectTable {
    let values: Vec<AtomicU32> = shared_cells::<u32>(rows * width);
    let (row_blocks, column_blocks) = (rows.div_ceil(RAY_BLOCK), width.div_ceil(RAY_BLOCK));
    let steps = (row_blocks + column_blocks).saturating_sub(1);
    in_steps(steps, progress, |s, signal| {
        let first = s.saturating_sub(column_blocks - 1);
        (first..=s.min(row_blocks - 1))
            .into_par_iter()
            .for_each_init(Scratch::default, |scratch, i| {
                let (x0, y0) = (i * RAY_BLOCK, (s - i) * RAY_BLOCK);
                for x in x0..(x0 + RAY_BLOCK).min(rows) {
                    signal.poll();
                    for y in y0..(y0 + RAY_BLOCK).min(width) {
                        let cell = Square { x, y, width };
                        let value = cell.value(lines, bounded, &sets, &values, scratch);
                        u32::store_mex(&values[x * width + y], value);
                    }
                }
            });
    });
    let values = values.into_iter().map(u32::unshared).collect();
    RectTable::rect(rows, width, values)
}

/// What valuing a cell of [`ray_blocks`] reuses from cell to cell.
#[derive(Default)]
struct Scratch<'s> {
    /// The values along the bounded rays.
    extra: BitSet,
    /// The line through the cell of each family, among all ...
    at: Vec<usize>,
    /// ... and its set's words.
    words: Vec<&'s [AtomicU64]>,
}

/// A cell of a table `width` wide.
struct Square {
    x: usize,
    y: usize,
    width: usize,
}

impl Square {
    /// The value of the cell (every option valued), added to the sets of its
    /// lines.
    #[inline(always)]
    fn value<'s>(
        &self,
        lines: &[Lines],
        bounded: &[Ray],
        sets: &'s FlatSets,
        values: &[AtomicU32],
        scratch: &mut Scratch<'s>,
    ) -> usize {
        let Scratch { extra, at, words } = scratch;
        extra.clear();
        for ray in bounded {
            ray.for_each_option((self.x, self.y), |ox, oy| {
                extra.insert(u32::load(&values[ox * self.width + oy]) as usize)
            });
        }
        at.clear();
        for (l, start) in lines.iter().zip(&sets.family_start) {
            at.push(start + l.locate(self.x, self.y).0);
        }
        let from = at
            .iter()
            .map(|&line| sets.sets.first(line))
            .fold(extra.full_words(), usize::max);
        words.clear();
        words.extend(at.iter().map(|&line| sets.sets.line(line)));
        let value = first_absent_of_union(from, words, |w| extra.word(w));
        for &line in at.iter() {
            sets.sets.insert(line, value);
        }
        value
    }
}

/// The least value in none of the sets `sets[r][indices[r]]` nor in `extra`
/// (a mex), scanned a word at a time from the first word not full in any.
fn first_absent_of_lines(sets: &[Vec<BitSet>], indices: &[usize], extra: &BitSet) -> usize {
    let chosen = || sets.iter().zip(indices).map(|(s, &i)| &s[i]);
    let from = chosen().map(BitSet::full_words).max().unwrap_or(0);
    let from = from.max(extra.full_words());
    first_absent_from(from, |w| {
        chosen().fold(extra.word(w), |union, s| union | s.word(w))
    })
}

/// The P-positions of a `rows x width` rectangle of a game whose moves are `rays`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PSieve {
    /// Rows searched: `0 <= x < rows`.
    pub rows: usize,
    /// Columns searched: `0 <= y < width`.
    pub width: usize,
    /// The P-positions `(x, y)` of each row, ascending.
    pub p_of_row: Vec<Vec<usize>>,
}

/// Decides every position of the rectangle `x < rows`, `y < width` from the
/// rules given as `rays`, in row-major order (every option of a cell comes
/// before it). When a ray takes any amount from the second pile alone, a row
/// holds at most one P-position and its scan stops there.
pub fn ray_sieve(rows: usize, width: usize, rays: &[Ray]) -> PSieve {
    let one_per_row = one_per_row(rays);
    let (unbounded, bounded): (Vec<Ray>, Vec<Ray>) = rays.iter().partition(|r| r.most.is_none());
    let lines: Vec<Lines> = unbounded
        .iter()
        .map(|r| Lines { dir: r.dir, width })
        .collect();
    // The earliest position along each line holding a P-position.
    let mut first_p: Vec<Vec<usize>> = lines
        .iter()
        .map(|l| vec![usize::MAX; l.count(rows)])
        .collect();
    let mut is_p = BitSet::with_capacity(rows * width);
    let mut p_of_row = vec![Vec::new(); rows];
    for (x, row_p) in p_of_row.iter_mut().enumerate() {
        for y in 0..width {
            stop::poll();
            let along = |ray: &Ray, l: &Lines, first: &[usize]| {
                let (bx, by) = ray.base;
                (x >= bx && y >= by)
                    .then(|| l.locate(x - bx, y - by))
                    .is_some_and(|(line, at)| first[line] <= at)
            };
            let attacked = unbounded
                .iter()
                .zip(&lines)
                .zip(&first_p)
                .any(|((r, l), f)| along(r, l, f))
                || bounded.iter().any(|r| {
                    let mut hit = false;
                    r.for_each_option((x, y), |ox, oy| hit |= is_p.contains(ox * width + oy));
                    hit
                });
            if attacked {
                continue;
            }
            is_p.mark(x * width + y);
            row_p.push(y);
            for (l, first) in lines.iter().zip(&mut first_p) {
                let (line, at) = l.locate(x, y);
                first[line] = first[line].min(at);
            }
            if one_per_row {
                break;
            }
        }
    }
    PSieve {
        rows,
        width,
        p_of_row,
    }
}

/// What a search knows about the P-positions `(x, y)` of one row `x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowP {
    /// Exactly these P-positions, ascending: the list is proved complete
    /// (empty: the row holds none at all).
    Exactly(Vec<u128>),
    /// These P-positions, ascending, are all those with `y < below`; beyond
    /// `below` nothing is known.
    Below {
        /// The P-positions found.
        found: Vec<u128>,
        /// Every cell `(x, y)` with `y` below this was decided.
        below: u128,
    },
}

impl RowP {
    /// The P-positions known.
    pub fn found(&self) -> &[u128] {
        match self {
            RowP::Exactly(found) | RowP::Below { found, .. } => found,
        }
    }

    /// The one P-position of the row, when it is proved to hold exactly one.
    pub fn single(&self) -> Option<u128> {
        match self {
            RowP::Exactly(found) if found.len() == 1 => Some(found[0]),
            _ => None,
        }
    }
}

/// The P-positions of the rows `0 <= x < rows.len()` of a two-pile game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PRows {
    /// What is known of each row.
    pub rows: Vec<RowP>,
}

impl PRows {
    /// The rows of a rectangle sieve: every row is known below `width` only.
    pub fn of_sieve(sieve: &PSieve) -> PRows {
        let rows = sieve
            .p_of_row
            .iter()
            .map(|ys| RowP::Below {
                found: ys.iter().map(|&y| y as u128).collect(),
                below: sieve.width as u128,
            })
            .collect();
        PRows { rows }
    }

    /// The number of leading rows whose P-positions are all known.
    pub fn settled_prefix(&self) -> usize {
        self.rows
            .iter()
            .take_while(|r| matches!(r, RowP::Exactly(_)))
            .count()
    }
}

/// The rows of a game in which a move may take any amount from the second
/// pile alone, so that a row holds at most one P-position: the first cell of
/// the row that no move leads from to an earlier P-position.
///
/// `attacks(s, y', out)` pushes the cells `y` of row `x' + s` (`s >= 1`) from
/// which a move that changes the first pile reaches `(x', y')`, as inclusive
/// intervals `(lo, hi)`. When every earlier P-position attacks finitely many
/// cells of a row (true for rays: one cell per ray with `dx > 0`), the row
/// surely has a free cell: every row holds exactly one P-position, found
/// exactly. `progress(done, total)` is called after each block of rows.
pub fn row_sieve(
    rows: usize,
    attacks: impl Fn(u128, u128, &mut Vec<(u128, u128)>),
    progress: &mut dyn FnMut(u64, u64),
) -> PRows {
    let mut p_of_row: Vec<u128> = Vec::with_capacity(rows);
    let mut intervals = Vec::new();
    for x in 0..rows {
        stop::poll();
        intervals.clear();
        for (earlier, &y) in p_of_row.iter().enumerate() {
            attacks((x - earlier) as u128, y, &mut intervals);
        }
        p_of_row.push(first_free(&mut intervals));
        if x % 256 == 255 {
            progress(x as u64 + 1, rows as u64);
        }
    }
    PRows {
        rows: p_of_row
            .into_iter()
            .map(|y| RowP::Exactly(vec![y]))
            .collect(),
    }
}

/// The least `y >= 0` in none of the inclusive `intervals` (which it reorders).
fn first_free(intervals: &mut [(u128, u128)]) -> u128 {
    let cells: u128 = intervals
        .iter()
        .map(|&(lo, hi)| hi.saturating_sub(lo).saturating_add(1))
        .fold(0, u128::saturating_add);
    // Few attacked cells: one bit each, no sort.
    if cells <= 4 * intervals.len() as u128 + 64 {
        let size = cells as usize + 1;
        let mut hit = vec![false; size];
        for &(lo, hi) in intervals.iter() {
            for y in lo..=hi.min(size as u128 - 1) {
                hit[y as usize] = true;
            }
        }
        return hit
            .iter()
            .position(|&h| !h)
            .expect("more cells than attacks") as u128;
    }
    intervals.sort_unstable();
    let mut free = 0u128;
    for &(lo, hi) in intervals.iter() {
        if lo > free {
            break;
        }
        free = free.max(hi.saturating_add(1));
    }
    free
}

/// The cells of row `x' + s` from which a ray leads to `(x', y')`, as
/// [`row_sieve`] wants them (rays with `dx = 0` stay within a row and are left out).
pub fn ray_attacks(rays: &[Ray], s: u128, y: u128, out: &mut Vec<(u128, u128)>) {
    for r in rays.iter().filter(|r| r.dir.0 > 0) {
        let (bx, dx) = (r.base.0 as u128, r.dir.0 as u128);
        let Some(along) = s.checked_sub(bx) else {
            continue;
        };
        let t = along / dx;
        if along % dx == 0 && r.most.map_or(true, |m| t <= m as u128) {
            let cell = y + r.base.1 as u128 + t * r.dir.1 as u128;
            out.push((cell, cell));
        }
    }
}

/// Whether the rays let a move take any amount from the second pile alone.
pub fn one_per_row(rays: &[Ray]) -> bool {
    rays.iter()
        .any(|r| r.base == (0, 1) && r.dir == (0, 1) && r.most.is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::table::{grundy_table, queen_table};

    fn by_rules(size: usize, rays: &[Ray]) -> GrundyTable {
        grundy_table(size, |x, y, buffer| {
            for r in rays {
                r.for_each_option((x, y), |ox, oy| buffer.push((ox, oy)));
            }
        })
        .unwrap()
    }

    fn samples() -> Vec<Vec<Ray>> {
        let f = Ray::family;
        vec![
            vec![f(1, 0, None), f(0, 1, None), f(1, 1, None)],
            vec![f(1, 0, None), f(0, 1, None)],
            vec![f(1, 1, None)],
            vec![f(1, 0, None), f(0, 1, None), f(1, 2, None), f(2, 1, None)],
            vec![f(1, 0, Some(3)), f(0, 1, None), f(1, 1, Some(2))],
            vec![f(2, 0, None), f(0, 3, Some(4)), f(1, 1, None)],
        ]
    }

    #[test]
    fn ray_table_is_the_rules_table() {
        for rays in samples() {
            for size in [0, 1, 7, 60] {
                assert_eq!(
                    ray_table(size, &rays).unwrap(),
                    by_rules(size, &rays),
                    "{rays:?}"
                );
            }
        }
        let queen = samples().remove(0);
        assert_eq!(ray_table(300, &queen).unwrap(), queen_table(300).unwrap());
    }

    /// Both ways of [`ray_rect`]: on every core and row by row.
    fn both_ways(rows: usize, width: usize, rays: &[Ray]) -> [RectTable; 2] {
        let (lines, bounded) = lines_and_bounded(rays, width);
        let sets = FlatSets::new(&lines, &bounded, rows).expect("small sets");
        [
            ray_blocks(rows, width, &lines, &bounded, sets, &mut |_, _| {}),
            ray_rows(rows, width, &lines, &bounded, &mut |_, _| {}),
        ]
    }

    #[test]
    fn both_ways_are_the_rules_across_blocks() {
        let rules: Vec<GrundyTable> = samples().iter().map(|r| by_rules(200, r)).collect();
        for (rays, rules) in samples().iter().zip(&rules) {
            for (rows, width) in [(200, 200), (3 * RAY_BLOCK + 1, 130), (1, 200), (200, 1)] {
                for table in both_ways(rows, width, rays) {
                    for x in 0..rows {
                        let row = &rules.row(x).unwrap()[..width];
                        assert_eq!(
                            table.row(x).unwrap(),
                            row,
                            "{rays:?} {rows}x{width} row {x}"
                        );
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// Any families (directions and caps), on a rectangle past a block.
        #[test]
        fn blocks_are_the_rules(
            families in proptest::collection::vec((0usize..4, 0usize..4, proptest::option::of(0usize..5)), 1..5),
            rows in 1usize..150,
            width in 1usize..150,
        ) {
            let rays: Vec<Ray> = families
                .into_iter()
                .filter(|&(dx, dy, _)| (dx, dy) != (0, 0))
                .map(|(dx, dy, most)| Ray::family(dx, dy, most.map(|m| m + 1)))
                .collect();
            let rules = by_rules(rows.max(width), &rays);
            let [blocks, _] = both_ways(rows, width, &rays);
            for x in 0..rows {
                proptest::prop_assert_eq!(blocks.row(x).unwrap(), &rules.row(x).unwrap()[..width]);
            }
        }
    }

    #[test]
    fn rectangles_and_row_sieves_are_the_rules() {
        for rays in samples() {
            let rules = by_rules(90, &rays);
            let rect = ray_rect(23, 90, &rays, &mut |_, _| {}).unwrap();
            for x in 0..23 {
                assert_eq!(rect.row(x).unwrap(), rules.row(x).unwrap(), "{rays:?}");
            }
            if !one_per_row(&rays) {
                continue;
            }
            let rows = row_sieve(
                40,
                |s, y, out| ray_attacks(&rays, s, y, out),
                &mut |_, _| {},
            );
            for (x, row) in rows.rows.iter().enumerate() {
                let zeros: Vec<u128> = (0..90)
                    .filter(|&y| rules.is_p(x, y))
                    .map(|y| y as u128)
                    .collect();
                let y = row.single().expect("one P-position a row");
                assert_eq!(
                    zeros,
                    if y < 90 { vec![y] } else { vec![] },
                    "{rays:?} row {x}"
                );
            }
        }
    }

    #[test]
    fn sieve_finds_the_zeros_of_the_rules_table() {
        let mut all = samples();
        // k-Wythoff with k = 2 as rays with bases off the direction.
        let mut k2 = vec![Ray::family(1, 0, None), Ray::family(0, 1, None)];
        k2.extend((-2i64..=2).map(|e| Ray {
            base: ((1 - e).max(1) as usize, (1 + e).max(1) as usize),
            dir: (1, 1),
            most: None,
        }));
        all.push(k2);
        for rays in all {
            let (rows, width) = (37, 53);
            let table = by_rules(width, &rays);
            let sieve = ray_sieve(rows, width, &rays);
            for x in 0..rows {
                let zeros: Vec<usize> = (0..width).filter(|&y| table.is_p(x, y)).collect();
                assert_eq!(sieve.p_of_row[x], zeros, "{rays:?} row {x}");
            }
        }
    }
}
