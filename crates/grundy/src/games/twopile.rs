//! Two-pile games given by move families: `twopile:1,0+0,1+1,1` is Wythoff's
//! game.
//!
//! A family `DX,DY` lets a move take `t*DX` from the first pile and `t*DY` from
//! the second, for any `t >= 1`; `DX,DY:T` allows only `1 <= t <= T`. A game is
//! one or more families joined by `+`: `1,0+0,1` is two-heap Nim, `1,0+0,1+1,1`
//! Wythoff's game, `1,0:3+0,1:3` two heaps of Bash with M = 3,
//! `1,0+0,1+1,2+2,1` adds the knight-like moves `(t, 2t)` and `(2t, t)`. There is
//! no general theory: the rules ([`Impartial`]) are the oracle, and
//! [`TwoPile::grundy_table`] computes values by one value set per line of each
//! unbounded family ([`crate::solve::lines`]).

use crate::arith::decimal;
use crate::limits::MAX_FAMILIES;
use std::fmt;

use crate::game::Impartial;
use crate::games::rows::RowShape;
use crate::solve::lines::{one_per_row, ray_attacks, ray_rect, ray_table, row_sieve, PRows, Ray};
use crate::solve::table::{GrundyTable, RectRules, RectTable, TableError};

/// One move family: take `t*(dx, dy)` for `1 <= t <= most` (any `t` if `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Family {
    /// Taken from the first pile per step.
    pub dx: u64,
    /// Taken from the second pile per step.
    pub dy: u64,
    /// The most steps one move takes.
    pub most: Option<u64>,
}

/// A two-pile game given by its move families.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoPile {
    families: Vec<Family>,
}

impl TwoPile {
    /// The game of `families` (sorted, repeats removed); `None` if there are
    /// none, more than [`MAX_FAMILIES`], or one takes nothing (`(0, 0)` or `T = 0`).
    pub fn new(mut families: Vec<Family>) -> Option<TwoPile> {
        families.sort();
        families.dedup();
        let valid = |f: &Family| (f.dx, f.dy) != (0, 0) && f.most != Some(0);
        (!families.is_empty() && families.len() <= MAX_FAMILIES && families.iter().all(valid))
            .then_some(TwoPile { families })
    }

    /// Reads `DX,DY[:T]+DX,DY[:T]+...`; the error says what is accepted.
    pub fn parse(text: &str) -> Result<TwoPile, String> {
        let accepted = "write families DX,DY (take t*DX and t*DY, any t >= 1) or DX,DY:T \
             (1 <= t <= T) joined by '+', e.g. 1,0+0,1+1,1 for Wythoff; DX, DY >= 0 not both 0, T >= 1";
        let family = |part: &str| -> Option<Family> {
            let (pair, most) = match part.split_once(':') {
                Some((pair, t)) => (pair, Some(decimal(t)?)),
                None => (part, None),
            };
            let (dx, dy) = pair.split_once(',')?;
            Some(Family {
                dx: decimal(dx)?,
                dy: decimal(dy)?,
                most,
            })
        };
        let families = text
            .split('+')
            .map(|p| family(p).ok_or_else(|| format!("cannot read the family '{p}': {accepted}")))
            .collect::<Result<Vec<_>, _>>()?;
        TwoPile::new(families).ok_or_else(|| {
            format!("a family takes nothing or there are more than {MAX_FAMILIES}: {accepted}")
        })
    }

    /// The families, sorted.
    pub fn families(&self) -> &[Family] {
        &self.families
    }

    /// The moves as rays within a table of side `size` (families that cannot
    /// move there are left out). A cap `T` that a move within the table cannot
    /// reach is no cap: the family is unbounded there, so the cost of a table
    /// does not depend on how large a cap the spec happens to write.
    pub fn rays(&self, size: usize) -> Vec<Ray> {
        let fits = |v: u64| usize::try_from(v).ok().filter(|&v| v < size.max(1));
        self.families
            .iter()
            .filter_map(|f| {
                let (dx, dy) = (fits(f.dx)?, fits(f.dy)?);
                let reach = size.saturating_sub(1) / dx.max(dy);
                let most = f
                    .most
                    .map(|m| usize::try_from(m).unwrap_or(usize::MAX))
                    .filter(|&m| m < reach);
                Some(Ray::family(dx, dy, most))
            })
            .collect()
    }

    /// The P-positions of the rows `x < rows`: exact, row by row
    /// ([`row_sieve`]), when a family takes any amount from the second pile
    /// alone; else `None`.
    pub fn p_rows(&self, rows: usize, progress: &mut dyn FnMut(u64, u64)) -> Option<PRows> {
        let rays = self.rays(usize::MAX);
        one_per_row(&rays)
            .then(|| row_sieve(rows, |s, y, out| ray_attacks(&rays, s, y, out), progress))
    }

    /// The Grundy values of the positions below `size`.
    pub fn grundy_table(&self, size: usize) -> Result<GrundyTable, TableError> {
        ray_table(size, &self.rays(size))
    }
}

impl RectRules for TwoPile {
    /// The Grundy values of the rectangle `x < rows`, `y < width`.
    fn rect_table(
        &self,
        rows: usize,
        width: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<RectTable, TableError> {
        ray_rect(rows, width, &self.rays(rows.max(width)), progress)
    }

    /// About how many option look-ups [`RectRules::rect_table`] makes: one per
    /// unbounded family and cell, and every step of a bounded one.
    fn rect_cost(&self, rows: usize, width: usize) -> u128 {
        let per_cell: u128 = self
            .rays(rows.max(width))
            .iter()
            .map(|r| r.most.map_or(1, |m| m as u128 + 1))
            .sum();
        rows as u128 * width as u128 * (1 + per_cell)
    }
}

impl fmt::Display for TwoPile {
    /// The canonical spec parameters, e.g. `0,1+1,0+1,1:3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .families
            .iter()
            .map(|fam| match fam.most {
                Some(t) => format!("{},{}:{t}", fam.dx, fam.dy),
                None => format!("{},{}", fam.dx, fam.dy),
            })
            .collect();
        f.write_str(&parts.join("+"))
    }
}

impl TwoPile {
    /// The same game with the piles swapped: its rows are this game's columns.
    pub fn transposed(&self) -> TwoPile {
        let families = self
            .families
            .iter()
            .map(|f| Family {
                dx: f.dy,
                dy: f.dx,
                most: f.most,
            })
            .collect();
        TwoPile::new(families).expect("the same families, swapped")
    }

    /// The families that leave the row: `DX >= 1`.
    fn leaving_row(&self) -> impl Iterator<Item = &Family> {
        self.families.iter().filter(|f| f.dx >= 1)
    }
}

/// Row shape (see [`crate::games::rows`]) when the family `0,1` is uncapped:
/// then every family `DX,DY[:T]` with `DX >= 1` reaches `(x - t*DX, y - t*DY)`
/// for `1 <= t <= min(T, x/DX)`, and the families `0,DY` stay in the row.
impl RowShape for TwoPile {
    fn row_rule(&self) -> Result<(), String> {
        let whole_row = Family {
            dx: 0,
            dy: 1,
            most: None,
        };
        match self.families.contains(&whole_row) {
            true => Ok(()),
            false => Err(format!(
                "twopile:{self} has no uncapped family 0,1, so a move need not reach every \
                 smaller second pile and the values of a row need not be distinct"
            )),
        }
    }

    fn lower_option_count(&self, x: u64) -> u128 {
        // A reach beyond u64 counts as too many: the columns are u64.
        self.leaving_row()
            .map(|f| {
                let most = f.most.map_or(x / f.dx, |m| m.min(x / f.dx));
                f.dy.checked_mul(most)
                    .map_or(u128::MAX, |_| u128::from(most))
            })
            .fold(0u128, u128::saturating_add)
    }

    fn lower_options(&self, x: u64) -> Vec<(u64, u64)> {
        let mut pairs: Vec<(u64, u64)> = self
            .leaving_row()
            .flat_map(|f| {
                let most = f.most.map_or(x / f.dx, |m| m.min(x / f.dx));
                (1..=most).map(move |t| (x - t * f.dx, f.dy * t))
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }
}

/// The rules: every option, for small positions.
impl Impartial for TwoPile {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut options = Vec::new();
        for f in &self.families {
            let mut t = 1u64;
            while f.most.map_or(true, |m| t <= m) {
                let (Some(ox), Some(oy)) = (
                    f.dx.checked_mul(t).and_then(|d| x.checked_sub(d)),
                    f.dy.checked_mul(t).and_then(|d| y.checked_sub(d)),
                ) else {
                    break;
                };
                options.push((ox, oy));
                t += 1;
            }
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::table::{grundy_table_of, queen_table};

    #[test]
    fn specs_parse_and_print_canonically() {
        let game = TwoPile::parse("1,1+1,0+0,1+1,1").unwrap();
        assert_eq!(game.to_string(), "0,1+1,0+1,1");
        assert_eq!(TwoPile::parse("2,1:3").unwrap().to_string(), "2,1:3");
        for bad in [
            "", "1", "1,", "0,0", "1,1:0", "a,b", "1,1:", "-1,0", "1,0+", "1,2,3",
        ] {
            assert!(TwoPile::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tables_are_the_rules_tables() {
        for spec in [
            "1,0+0,1+1,1",
            "1,0+0,1",
            "1,1",
            "1,0:3+0,1:2+2,1",
            "1,0+0,1+1,2+2,1",
            "3,0+0,5:2",
        ] {
            let game = TwoPile::parse(spec).unwrap();
            assert_eq!(
                game.grundy_table(45).unwrap(),
                grundy_table_of(&game, 45).unwrap(),
                "{spec}"
            );
        }
        let wythoff = TwoPile::parse("1,0+0,1+1,1").unwrap();
        assert_eq!(
            wythoff.grundy_table(200).unwrap(),
            queen_table(200).unwrap()
        );
        let far = TwoPile::parse("1,0+100,100").unwrap();
        assert_eq!(
            far.grundy_table(20).unwrap(),
            grundy_table_of(&far, 20).unwrap()
        );
    }
}
