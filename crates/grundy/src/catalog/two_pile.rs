//! Two-pile games: Wythoff's game, k-Wythoff, and Wythoff with ratios.

use dashu_int::UBig;

use super::explore::{
    check_side, pile_report, pile_sieve, rules_table, sieve_of_pairs, table_error, Table,
    CONJECTURE_ROWS,
};
use super::{
    check_count, parse_naturals, parse_u64, Analysis, Game, Move, PairList, Sequence, Terms,
};
use super::{ConjectureReport, Monitor};
use crate::error::Error;
use crate::game::{Impartial, Outcome};
use crate::games::wythoff::{Wythoff, WythoffRatios};
use crate::solve::table::{GrundyTable, MAX_TABLE_SIZE};
use crate::solve::wavefront::wythoff_table;

/// Below this size the Grundy value of a classic Wythoff position is read from
/// the table of all smaller positions (a few tenths of a second at most).
const WYTHOFF_TABLE_LIMIT: u64 = 2048;

/// Below this size the Grundy value of a k-Wythoff position (k > 0) is computed
/// from the rules, which list every option of every cell.
const RULES_TABLE_LIMIT: u64 = 128;

/// `wythoff`, `wythoff:k=K` or `wythoff:ratios`.
pub(super) fn wythoff(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>, Error> {
    let accepted = "write wythoff, wythoff:k=K with 0 <= K < 2^64, or wythoff:ratios";
    match params {
        None => Ok(Box::new(WythoffEntry(Wythoff::classic()))),
        Some("ratios") => Ok(Box::new(RatiosEntry)),
        Some(p) => {
            let k = p
                .strip_prefix("k=")
                .and_then(parse_u64)
                .ok_or_else(|| Error::spec(spec, accepted))?;
            Ok(Box::new(WythoffEntry(Wythoff::new(k))))
        }
    }
}

/// The two piles of a position.
pub(super) fn parse_piles(position: &[String]) -> Result<(UBig, UBig), Error> {
    match parse_naturals(position, "pile size")?.as_slice() {
        [x, y] => Ok((x.clone(), y.clone())),
        other => Err(Error::BadPosition(format!(
            "a two-pile game takes two pile sizes X Y, not {}",
            other.len()
        ))),
    }
}

/// The move from `(x, y)` to `(tx, ty)`, for people and as coordinate changes.
pub(super) fn pile_move(x: &UBig, y: &UBig, tx: UBig, ty: UBig) -> Move {
    let description = match (&tx == x, &ty == y) {
        (true, _) => format!("take {} from pile 2", y - &ty),
        (_, true) => format!("take {} from pile 1", x - &tx),
        _ => format!("take {} from pile 1 and {} from pile 2", x - &tx, y - &ty),
    };
    let changes = [(0, tx, x), (1, ty, y)]
        .into_iter()
        .filter(|(_, new, old)| new != *old)
        .map(|(i, new, _)| (i, vec![new]))
        .collect();
    Move {
        changes,
        description,
        target: None,
    }
}

fn small(v: &UBig) -> Option<u64> {
    u64::try_from(v).ok()
}

struct WythoffEntry(Wythoff);

impl WythoffEntry {
    /// The Grundy value where a table of all smaller positions is cheap enough.
    fn grundy(&self, x: &UBig, y: &UBig, is_p: bool) -> Result<Option<UBig>, Error> {
        if is_p {
            return Ok(Some(UBig::ZERO));
        }
        let limit = if self.0.k() == 0 {
            WYTHOFF_TABLE_LIMIT
        } else {
            RULES_TABLE_LIMIT
        };
        let (Some(sx), Some(sy)) = (small(x), small(y)) else {
            return Ok(None);
        };
        if sx.max(sy) >= limit {
            return Ok(None);
        }
        let table = self
            .0
            .grundy_table(sx.max(sy) as usize + 1)
            .map_err(table_error)?;
        Ok(table
            .value(sx as usize, sy as usize)
            .map(|g| UBig::from(g.0)))
    }
}

impl Game for WythoffEntry {
    fn spec(&self) -> String {
        match self.0.k() {
            0 => "wythoff".into(),
            k => format!("wythoff:k={k}"),
        }
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let (x, y) = parse_piles(position)?;
        let is_p = self.0.is_p(&x, &y);
        let moves = self
            .0
            .winning_moves(&x, &y)
            .into_iter()
            .map(|(tx, ty)| pile_move(&x, &y, tx, ty))
            .collect();
        let grundy = self.grundy(&x, &y, is_p)?;
        let mut method = format!(
            "closed form (Fraenkel 1982): P-positions (a_i, a_i + (k+1)*i), a_i = floor(i*r), r = {}",
            self.0.ratio()
        );
        if grundy.is_some() && !is_p {
            method.push_str("; Grundy value from the table of all smaller positions");
        }
        Ok(Analysis::new(
            self,
            vec![x, y],
            Outcome::from_p(is_p),
            grundy,
            moves,
            &method,
        )
        .sorted())
    }

    fn sequence(&self, count: u64, _: &mut dyn Monitor) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Pairs(PairList {
                pairs: self.0.p_positions(count),
                searched_below: None,
                rows_without_p: Vec::new(),
            }),
            stats: None,
        })
    }

    fn table(&self, size: u64, values: bool, _monitor: &mut dyn Monitor) -> Result<Table, Error> {
        self.draw(size, values)
    }

    fn conjecture(&self, _monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        self.explore()
    }
}

impl WythoffEntry {
    /// Side of the Grundy table whose rows `conjecture` reports.
    fn row_table_side(&self) -> usize {
        if self.0.k() == 0 {
            1024
        } else {
            128
        }
    }

    /// Grundy values: the parallel table for Wythoff's game, the rules for k > 0.
    fn values(&self, size: usize) -> Result<crate::solve::table::GrundyTable, Error> {
        if self.0.k() == 0 {
            let fast = wythoff_table(size).map_err(table_error)?;
            let values = fast.values().iter().map(|&v| u32::from(v)).collect();
            return Ok(crate::solve::table::GrundyTable::from_values(size, values));
        }
        let diagonals = self.0.k().min(size as u64) * 2 + 1;
        rules_table(&self.0, &self.spec(), size, (2 + diagonals) * size as u64)
    }

    /// The table verb: P-positions from the closed form, values as above.
    fn draw(&self, size: u64, values: bool) -> Result<Table, Error> {
        let size = check_side(size)?;
        if values {
            return Ok(Table::of_values(self, &self.values(size)?));
        }
        let p = (0..size).filter_map(|x| {
            let y = small(&self.0.partner(&UBig::from(x)))?;
            Some((x, usize::try_from(y).ok()?))
        });
        Ok(Table::of_p_positions(self, size, p))
    }

    /// The conjecture verb: P-positions by the rules (as rays), rows of values.
    fn explore(&self) -> Result<ConjectureReport, Error> {
        let sieve = pile_sieve(|width| self.0.rays(width), CONJECTURE_ROWS);
        Ok(pile_report(
            self,
            &sieve,
            &self.values(self.row_table_side())?,
        ))
    }
}

struct RatiosEntry;

/// Side of the ratio sieve `conjecture` searches.
const RATIOS_SIEVE: usize = 4096;

/// Side of the ratio game's Grundy table whose rows `conjecture` reports.
const RATIOS_ROW_TABLE: usize = 128;

impl RatiosEntry {
    /// About how many options a position of a table of side `size` has.
    fn options_estimate(size: usize) -> u64 {
        let logarithm = u64::from(usize::BITS - size.leading_zeros());
        2 * size as u64 * (1 + logarithm)
    }

    /// The Grundy table of side `size`, from the rules.
    fn values(&self, size: usize) -> Result<GrundyTable, Error> {
        rules_table(
            &WythoffRatios,
            &self.spec(),
            size,
            Self::options_estimate(size),
        )
    }

    fn draw(&self, size: u64, values: bool) -> Result<Table, Error> {
        let size = check_side(size)?;
        if values {
            return Ok(Table::of_values(self, &self.values(size)?));
        }
        let sieve = WythoffRatios.sieve(size).map_err(table_error)?;
        let p = sieve
            .pairs
            .iter()
            .flat_map(|&(a, b)| [(a as usize, b as usize), (b as usize, a as usize)]);
        Ok(Table::of_p_positions(self, size, p))
    }

    fn explore(&self) -> Result<ConjectureReport, Error> {
        let ratios = WythoffRatios.sieve(RATIOS_SIEVE).map_err(table_error)?;
        let sieve = sieve_of_pairs(&ratios.pairs, RATIOS_SIEVE, RATIOS_SIEVE);
        Ok(pile_report(self, &sieve, &self.values(RATIOS_ROW_TABLE)?))
    }
}

impl Game for RatiosEntry {
    fn spec(&self) -> String {
        "wythoff:ratios".into()
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let (x, y) = parse_piles(position)?;
        let too_big = || {
            Error::Limit(format!(
                "wythoff:ratios has no closed form; positions are decided by a sieve of piles below {MAX_TABLE_SIZE}"
            ))
        };
        let (sx, sy) = small(&x).zip(small(&y)).ok_or_else(too_big)?;
        let size = usize::try_from(sx.max(sy) + 1).map_err(|_| too_big())?;
        let sieve = WythoffRatios.sieve(size).map_err(table_error)?;
        let is_p = |(a, b): (u64, u64)| sieve.pairs.contains(&(a.min(b), a.max(b)));
        let mut targets: Vec<(u64, u64)> = WythoffRatios
            .options(&(sx, sy))
            .into_iter()
            .filter(|&t| is_p(t))
            .collect();
        targets.sort_unstable();
        targets.dedup();
        let moves = targets
            .into_iter()
            .map(|(tx, ty)| pile_move(&x, &y, UBig::from(tx), UBig::from(ty)))
            .collect();
        let p = is_p((sx, sy));
        Ok(Analysis::new(
            self,
            vec![x, y],
            Outcome::from_p(p),
            p.then_some(UBig::ZERO),
            moves,
            &format!("sieve of all positions below {size} (no closed form is known)"),
        )
        .sorted())
    }

    fn sequence(&self, count: u64, _: &mut dyn Monitor) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        // Grow the sieve until it holds `count` pairs (or reaches its limit).
        let mut size = 64.max(2 * count).min(MAX_TABLE_SIZE);
        let sieve = loop {
            let sieve = WythoffRatios.sieve(size).map_err(table_error)?;
            if sieve.pairs.len() >= count || size == MAX_TABLE_SIZE {
                break sieve;
            }
            size = (2 * size).min(MAX_TABLE_SIZE);
        };
        if sieve.pairs.len() < count {
            return Err(Error::Limit(format!(
                "only {} P-positions of wythoff:ratios have both piles below {MAX_TABLE_SIZE}",
                sieve.pairs.len()
            )));
        }
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Pairs(PairList {
                pairs: sieve
                    .pairs
                    .iter()
                    .take(count)
                    .map(|&(a, b)| (UBig::from(a), UBig::from(b)))
                    .collect(),
                searched_below: Some(size as u64),
                rows_without_p: sieve.rows_without_p,
            }),
            stats: None,
        })
    }

    fn table(&self, size: u64, values: bool, _monitor: &mut dyn Monitor) -> Result<Table, Error> {
        self.draw(size, values)
    }

    fn conjecture(&self, _monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        self.explore()
    }
}
