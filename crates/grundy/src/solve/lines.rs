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

use super::table::{Cell, GrundyTable, RectTable, TableError};
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
/// per line; bounded ones are enumerated. `progress` is called after each row.
pub fn ray_rect(
    rows: usize,
    width: usize,
    rays: &[Ray],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<RectTable, TableError> {
    if rows.checked_mul(width).map_or(true, |c| c > MAX_RECT_CELLS) {
        return Err(TableError::too_large(rows.max(width)));
    }
    let (unbounded, bounded): (Vec<Ray>, Vec<Ray>) = rays.iter().partition(|r| r.most.is_none());
    assert!(
        unbounded.iter().all(|r| r.base == r.dir && r.dir != (0, 0)),
        "an unbounded ray of a table is a family"
    );
    let lines: Vec<Lines> = unbounded
        .iter()
        .map(|r| Lines { dir: r.dir, width })
        .collect();
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
            for ray in &bounded {
                ray.for_each_option((x, y), |ox, oy| {
                    extra.insert(values[ox * width + oy] as usize)
                });
            }
            for (index, l) in indices.iter_mut().zip(&lines) {
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
    Ok(RectTable::rect(rows, width, values))
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
