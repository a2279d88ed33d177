//! `twopile:DX,DY[:T]+...`: a two-pile game given by its move families,
//! answered from its rules alone (see [`crate::games::twopile`]).

use dashu_int::UBig;

use super::explore::{check_side, pile_report, pile_sieve, table_error, Table, CONJECTURE_ROWS};
use super::two_pile::{parse_piles, pile_move};
use super::{Analysis, ConjectureReport, Game, Monitor};
use crate::error::Error;
use crate::game::{Impartial, Outcome};
use crate::games::twopile::TwoPile;

/// The largest pile `analyze` accepts: it computes the table below it.
const ANALYZE_LIMIT: u64 = 4096;

/// Side of the Grundy table whose rows `conjecture` reports.
const ROW_TABLE: usize = 1024;

/// `twopile:...`.
pub(super) fn two_pile(spec: &str, families: &str) -> Result<Box<dyn Game>, Error> {
    let game = TwoPile::parse(families).map_err(|reason| Error::spec(spec, reason))?;
    Ok(Box::new(TwoPileEntry(game)))
}

struct TwoPileEntry(TwoPile);

impl Game for TwoPileEntry {
    fn spec(&self) -> String {
        format!("twopile:{}", self.0)
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let (x, y) = parse_piles(position)?;
        let small = |v: &UBig| u64::try_from(v).ok().filter(|&v| v < ANALYZE_LIMIT);
        let (Some(sx), Some(sy)) = (small(&x), small(&y)) else {
            return Err(Error::Limit(format!(
                "twopile games are solved from their rules: both piles must be below {ANALYZE_LIMIT}"
            )));
        };
        let table = self
            .0
            .grundy_table(sx.max(sy) as usize + 1)
            .map_err(table_error)?;
        let value = |(a, b): (u64, u64)| {
            table
                .value(a as usize, b as usize)
                .expect("below the position")
                .0
        };
        let moves = self
            .0
            .options(&(sx, sy))
            .into_iter()
            .filter(|&o| value(o) == 0)
            .map(|(ox, oy)| {
                pile_move(
                    &UBig::from(sx),
                    &UBig::from(sy),
                    UBig::from(ox),
                    UBig::from(oy),
                )
            })
            .collect();
        let grundy = UBig::from(value((sx, sy)));
        let outcome = Outcome::from_p(grundy == UBig::ZERO);
        let method = format!(
            "Grundy table of every position below ({}, {}) from the rules",
            sx + 1,
            sy + 1
        );
        Ok(Analysis::new(self, vec![x, y], outcome, Some(grundy), moves, &method).sorted())
    }

    fn table(&self, size: u64, values: bool, _monitor: &mut dyn Monitor) -> Result<Table, Error> {
        let table = self
            .0
            .grundy_table(check_side(size)?)
            .map_err(table_error)?;
        let table = Table::of_values(self, &table);
        Ok(if values { table } else { table.outcomes() })
    }

    fn conjecture(&self, _monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        let sieve = pile_sieve(|width| self.0.rays(width), CONJECTURE_ROWS);
        let table = self.0.grundy_table(ROW_TABLE).map_err(table_error)?;
        Ok(pile_report(self, &sieve, &table))
    }
}
