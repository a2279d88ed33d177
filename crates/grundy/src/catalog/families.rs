//! `twopile:DX,DY[:T]+...`: a two-pile game given by its move families,
//! answered from its rules alone (see [`crate::games::twopile`]).

use dashu_int::UBig;

use super::explore::{
    check_rules_cost, check_side, pile_report, progress_of, rectangle_rows, row_width, sieve_rows,
    table_error, value_out_of_budget, Table,
};
use super::two_pile::{parse_piles, pile_move};
use super::{Analysis, ConjectureReport, Game, Monitor};
use crate::error::Error;
use crate::game::{Impartial, Outcome};
use crate::games::twopile::TwoPile;

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

    /// The table of the `(x + 1) x (y + 1)` positions up to `(x, y)` decides
    /// it, its options and its value; its cost (checked first against the
    /// value budget) is bounded by the position, whatever caps the spec writes.
    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let (x, y) = parse_piles(position)?;
        let fits = |v: &UBig| u64::try_from(v).ok().and_then(|v| usize::try_from(v).ok()?.checked_add(1));
        let size = fits(&x).zip(fits(&y));
        let cost = size.map_or(u128::MAX, |(r, w)| self.0.rect_cost(r, w));
        let (rows, width) = size.map_or((u128::MAX, u128::MAX), |(r, w)| (r as u128, w as u128));
        if let Some(why) = value_out_of_budget(rows, width, cost) {
            return Err(Error::Limit(format!(
                "twopile games are solved from their rules, and this position is too large: {why}"
            )));
        }
        let (rows, width) = (rows as usize, width as usize);
        let table = self
            .0
            .rect_table(rows, width, &mut progress_of(monitor))
            .map_err(table_error)?;
        let (sx, sy) = (rows as u64 - 1, width as u64 - 1);
        let value = |(a, b): (u64, u64)| table.value(a as usize, b as usize).expect("below the position");
        let mut targets: Vec<(u64, u64)> = self
            .0
            .options(&(sx, sy))
            .into_iter()
            .filter(|&o| value(o) == 0)
            .collect();
        // Families may overlap (2,2 and 1,1 both take (2, 2)): one move each.
        targets.sort_unstable();
        targets.dedup();
        let moves = targets
            .into_iter()
            .map(|(ox, oy)| pile_move(&x, &y, UBig::from(ox), UBig::from(oy)))
            .collect();
        let grundy = UBig::from(value((sx, sy)));
        let outcome = Outcome::from_p(grundy == UBig::ZERO);
        let method = format!(
            "Grundy table of every position up to ({sx}, {sy}) from the rules"
        );
        Ok(Analysis::new(self, vec![x, y], outcome, Some(grundy), moves, &method).sorted())
    }

    fn table(&self, size: u64, values: bool, monitor: &mut dyn Monitor) -> Result<Table, Error> {
        let size = check_side(size)?;
        check_rules_cost(&self.spec(), size, self.0.rect_cost(size, size))?;
        let table = self
            .0
            .rect_table(size, size, &mut progress_of(monitor))
            .map_err(table_error)?;
        let table = Table::of_rect(self, &table);
        Ok(if values { table } else { table.outcomes() })
    }

    /// Exact rows when a family takes any amount from the second pile alone
    /// (each earlier P-position attacks at most one cell per family), else a
    /// rectangle whose rows are known below its width only.
    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        let rows = match self
            .0
            .p_rows(sieve_rows(self.0.families().len()), &mut progress_of(monitor))
        {
            Some(rows) => rows,
            None => rectangle_rows(|width| self.0.rays(width)),
        };
        let table = row_width(|r, w| self.0.rect_cost(r, w))
            .map(|w| self.0.rect_table(super::explore::ROWS_REPORTED, w, &mut progress_of(monitor)))
            .transpose()
            .map_err(table_error)?;
        Ok(pile_report(self, &rows, table.as_ref()))
    }
}
