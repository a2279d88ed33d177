//! The explorer's verbs: `table` (the outcome or Grundy value of every
//! position of a two-pile game below a bound) and `conjecture` (patterns found
//! from the rules, see [`crate::analysis::conjecture`]).

use crate::limits::{
    CONJECTURE_ROWS, ROW_COLUMNS, ROW_SIEVE_BUDGET, ROW_WIDTH, ROW_WORK, RULES_BUDGET,
    SIEVE_BUDGET, VALUE_BUDGET, VALUE_CELLS,
};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::analysis::conjecture::Param;
use crate::analysis::conjecture::{
    certified_period, pile_conjectures, row_periods, Conjecture, ConjectureReport, RowCertificate,
};
use crate::catalog::Game;
use crate::catalog::Monitor;
use crate::error::{Error, Result};
use crate::games::rows::{certify_rows, PeriodicRow, RowBudget, RowShape};
use crate::json::Polled;
use crate::solve::lines::{ray_sieve, PRows, Ray};
use crate::solve::table::{GrundyTable, RectTable, TableError};

/// Rows of a Grundy table whose additive periods `conjecture` reports.
pub(crate) const ROWS_REPORTED: usize = 8;

/// What each cell of a [`Table`] holds. Equal cells hold the same
/// outcomes or the same values, whatever their width.
#[derive(Clone, Debug, Eq)]
pub enum Cells {
    /// Whether each position is a P-position, row-major.
    Outcomes(Vec<bool>),
    /// The Grundy value of each position, row-major.
    Values(Vec<u32>),
    /// The same, for a table whose values are below 2^16 (half the memory).
    SmallValues(Vec<u16>),
}

impl PartialEq for Cells {
    fn eq(&self, other: &Cells) -> bool {
        match (self, other) {
            (Cells::Outcomes(a), Cells::Outcomes(b)) => a == b,
            (Cells::Outcomes(_), _) | (_, Cells::Outcomes(_)) => false,
            (a, b) => {
                let len = |c: &Cells| match c {
                    Cells::Values(v) => v.len(),
                    Cells::SmallValues(v) => v.len(),
                    Cells::Outcomes(p) => p.len(),
                };
                len(a) == len(b) && (0..len(a)).all(|i| a.value(i) == b.value(i))
            }
        }
    }
}

impl Cells {
    /// The value of cell `i`, for cells of values.
    fn value(&self, i: usize) -> Option<u32> {
        match self {
            Cells::Outcomes(_) => None,
            Cells::Values(v) => Some(v[i]),
            Cells::SmallValues(v) => Some(v[i].into()),
        }
    }
}

/// The answer of `table`: every position `(x, y)`, `0 <= x, y < size`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The canonical spec of the game.
    pub game: String,
    /// The side.
    pub size: usize,
    /// The cells.
    pub cells: Cells,
}

impl Table {
    /// Whether `(x, y)` is a P-position.
    /// (`false` outside the table).
    pub fn is_p(&self, x: usize, y: usize) -> bool {
        let Some(cell) = self.cell(x, y) else {
            return false;
        };
        match &self.cells {
            Cells::Outcomes(p) => p[cell],
            values => values.value(cell) == Some(0),
        }
    }

    /// The Grundy value of `(x, y)`, for a table of values (`None` outside).
    pub fn value(&self, x: usize, y: usize) -> Option<u32> {
        self.cells.value(self.cell(x, y)?)
    }

    /// Whether the cells hold Grundy values (not only outcomes).
    pub fn has_values(&self) -> bool {
        !matches!(self.cells, Cells::Outcomes(_))
    }

    /// The index of `(x, y)`, if it is in the table.
    fn cell(&self, x: usize, y: usize) -> Option<usize> {
        (x < self.size && y < self.size).then_some(x * self.size + y)
    }

    /// The table of values of a square [`RectTable`], its values moved.
    pub fn of_rect(game: &dyn Game, table: RectTable) -> Table {
        Table {
            game: game.spec(),
            size: table.rows(),
            cells: Cells::Values(table.into_values()),
        }
    }

    /// The table of values of a [`GrundyTable`], its values moved.
    pub fn of_values(game: &dyn Game, table: GrundyTable) -> Table {
        Table {
            game: game.spec(),
            size: table.size(),
            cells: Cells::Values(table.into_values()),
        }
    }

    /// The table of values of a [`Table`](crate::solve::table::Table) of
    /// `u16`, its values moved.
    pub fn of_small_values(game: &dyn Game, table: crate::solve::table::Table<u16>) -> Table {
        Table {
            game: game.spec(),
            size: table.size(),
            cells: Cells::SmallValues(table.into_values()),
        }
    }

    /// The outcome table whose P-positions are `p_positions`, symmetric or not.
    pub fn of_p_positions(
        game: &dyn Game,
        size: usize,
        p_positions: impl IntoIterator<Item = (usize, usize)>,
    ) -> Table {
        let mut cells = vec![false; size * size];
        for (x, y) in p_positions
            .into_iter()
            .filter(|&(x, y)| x < size && y < size)
        {
            cells[x * size + y] = true;
        }
        Table {
            game: game.spec(),
            size,
            cells: Cells::Outcomes(cells),
        }
    }

    /// The same table with outcomes only.
    pub fn outcomes(self) -> Table {
        let cells = match self.cells {
            Cells::Values(v) => Cells::Outcomes(v.iter().map(|&g| g == 0).collect()),
            Cells::SmallValues(v) => Cells::Outcomes(v.iter().map(|&g| g == 0).collect()),
            outcomes => outcomes,
        };
        Table { cells, ..self }
    }
}

impl Serialize for Table {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("size", &self.size)?;
        match &self.cells {
            Cells::Outcomes(p) => {
                let rows: Vec<OutcomeRow> = p.chunks(self.size.max(1)).map(OutcomeRow).collect();
                map.serialize_entry("outcomes", &Polled(&rows))?;
            }
            Cells::Values(v) => {
                let rows: Vec<&[u32]> = v.chunks(self.size.max(1)).collect();
                map.serialize_entry("values", &Polled(&rows))?;
            }
            Cells::SmallValues(v) => {
                let rows: Vec<&[u16]> = v.chunks(self.size.max(1)).collect();
                map.serialize_entry("values", &Polled(&rows))?;
            }
        }
        map.end()
    }
}

/// A row of outcomes, `true` for P, written as `["P", "N", ...]`.
struct OutcomeRow<'a>(&'a [bool]);

impl Serialize for OutcomeRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let letters = self.0.iter().map(|&p| if p { "P" } else { "N" });
        serializer.collect_seq(letters)
    }
}

/// Checks the side of a table against `most` ([`MAX_TABLE_SIDE`](crate::limits::MAX_TABLE_SIDE) but for
/// games with an engine of their own).
pub(crate) fn check_side(size: u64, most: u64) -> Result<usize> {
    if size > most {
        return Err(Error::Limit(format!(
            "--size {size} is more than the largest table side, {most}"
        )));
    }
    Ok(size as usize)
}

/// A table too large for the solvers, as the catalogue's limit error.
pub(crate) fn table_error(e: TableError) -> Error {
    Error::Limit(e.to_string())
}

/// The narrowest: below this no period is worth reading.
const MIN_ROW_WIDTH: usize = 64;

/// Checks the cost of a Grundy table from the rules against [`RULES_BUDGET`].
pub(crate) fn check_rules_cost(spec: &str, size: usize, cost: u128) -> Result<()> {
    if cost > RULES_BUDGET {
        return Err(Error::Limit(format!(
            "the Grundy values of {spec} come from its rules, about {cost} option look-ups for side {size}, \
             more than the {RULES_BUDGET} allowed; ask for a smaller --size, or drop --values"
        )));
    }
    Ok(())
}

/// Why a Grundy value was not computed, or `None` when the table of the
/// `rows x width` smaller positions fits [`VALUE_CELLS`] and `cost` fits
/// [`VALUE_BUDGET`].
pub(crate) fn value_out_of_budget(rows: u128, width: u128, cost: u128) -> Option<String> {
    let cells = rows.saturating_mul(width);
    (cells > VALUE_CELLS || cost > VALUE_BUDGET).then(|| {
        format!(
            "the table of the {rows} x {width} positions up to it needs {cells} cells and about {cost} \
             option look-ups, more than the {VALUE_CELLS} cells and {VALUE_BUDGET} look-ups allowed"
        )
    })
}

/// The number of rows the row sieve examines when each earlier P-position
/// attacks `attacks` intervals of a row: [`CONJECTURE_ROWS`] within
/// [`ROW_SIEVE_BUDGET`].
pub(crate) fn sieve_rows(attacks: usize) -> usize {
    let mut rows = CONJECTURE_ROWS;
    while rows > MIN_ROW_WIDTH
        && (rows as u128).pow(2) * attacks.max(1) as u128 / 2 > ROW_SIEVE_BUDGET
    {
        rows /= 2;
    }
    rows
}

/// The P-positions of the first rows by a rectangle sieve (width four times
/// the rows), for games whose rows may hold several P-positions: each row is
/// known below the width only. Rows are halved until the cost fits [`SIEVE_BUDGET`].
pub(crate) fn rectangle_rows(rays: impl Fn(usize) -> Vec<Ray>) -> PRows {
    let mut rows = CONJECTURE_ROWS;
    let cost = |rows: usize| (rows as u128).pow(2) * 4 * rays(4 * rows).len() as u128;
    while rows > MIN_ROW_WIDTH && cost(rows) > SIEVE_BUDGET {
        rows /= 2;
    }
    PRows::of_sieve(&ray_sieve(rows, 4 * rows, &rays(4 * rows)))
}

/// The widest row length up to [`ROW_WIDTH`] whose table of
/// [`ROWS_REPORTED`] rows costs at most [`RULES_BUDGET`] by `cost`.
pub(crate) fn row_width(cost: impl Fn(usize, usize) -> u128) -> Option<usize> {
    let mut width = ROW_WIDTH;
    while cost(ROWS_REPORTED, width) > RULES_BUDGET {
        width /= 2;
        if width < MIN_ROW_WIDTH {
            return None;
        }
    }
    Some(width)
}

/// The report for a two-pile game: its P-positions, then the additive
/// periods of the rows of `table` (`None`: beyond the budget).
///
/// With the game's row `shape`, the rows it certifies within the budgets
/// ([`ROW_WORK`], [`ROW_COLUMNS`]) are stated as certified.
pub(crate) fn pile_report(
    game: &dyn Game,
    rows: &PRows,
    table: Option<&RectTable>,
    shape: Option<&dyn RowShape>,
) -> ConjectureReport {
    let mut conjectures = pile_conjectures(rows);
    match table {
        Some(table) => {
            let rows: Vec<Vec<u64>> = (0..table.rows())
                .map(|x| table.row(x).expect("in the table").iter().map(|&v| v.into()).collect())
                .collect();
            let budget = RowBudget {
                work: ROW_WORK,
                columns: ROW_COLUMNS,
            };
            let last = (rows.len() as u64).checked_sub(1);
            let certified = shape
                .zip(last)
                .and_then(|(shape, last)| certify_rows(shape, last, budget).ok())
                .unwrap_or_default();
            let certificates: Vec<RowCertificate> = certified.iter().map(certificate).collect();
            conjectures.extend(row_periods(&rows, &certificates));
        }
        None => conjectures.push(Conjecture {
            kind: "row_period",
            statement: format!(
                "row periods not examined: {MIN_ROW_WIDTH} values of each of the first {ROWS_REPORTED} rows \
                 cost more than the {RULES_BUDGET} option look-ups allowed"
            ),
            params: vec![("found", Param::Flag(false))],
            verified_up_to: 0,
        }),
    }
    ConjectureReport {
        game: game.spec(),
        conjectures,
    }
}

/// What [`row_periods`] reads of a certified row.
fn certificate(row: &PeriodicRow) -> RowCertificate {
    RowCertificate {
        preperiod: row.preperiod,
        period: row.period,
        repeat: row.repeat,
    }
}

/// A monitor as the progress callback of the solvers.
pub(crate) fn progress_of(monitor: &mut dyn Monitor) -> impl FnMut(u64, u64) + '_ {
    move |done, total| {
        monitor.progress(done, total);
    }
}

/// The report of one conjecture.
pub(crate) fn single_report(game: &dyn Game, found: Conjecture) -> ConjectureReport {
    ConjectureReport {
        game: game.spec(),
        conjectures: vec![found],
    }
}

/// A certified period as a conjecture (with its proof).
pub(crate) fn certified(preperiod: u64, period: u64, checked_to: u64) -> Conjecture {
    certified_period(
        preperiod,
        period,
        checked_to,
        "the Guy-Smith periodicity theorem",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::conjecture::Param;
    use crate::catalog::{parse, Quiet};
    use crate::games::twopile::TwoPile;
    use crate::games::wythoff::{Wythoff, WythoffRatios};
    use crate::limits::{MAX_TABLE_SIDE, MAX_WYTHOFF_SIDE};
    use crate::solve::table::{grundy_rect, grundy_table_of, WholeLines};
    use dashu_int::UBig;

    fn report(spec: &str) -> ConjectureReport {
        parse(spec).unwrap().conjecture(&mut Quiet).unwrap()
    }

    fn find<'a>(r: &'a ConjectureReport, kind: &str) -> &'a Conjecture {
        r.conjectures
            .iter()
            .find(|c| c.kind == kind)
            .unwrap_or_else(|| panic!("{kind} in {r:?}"))
    }

    fn text(c: &Conjecture, name: &str) -> String {
        match c.param(name) {
            Some(Param::Text(t)) => t.clone(),
            other => panic!("{name}: {other:?}"),
        }
    }

    fn int(c: &Conjecture, name: &str) -> u64 {
        match c.param(name) {
            Some(Param::Int(v)) => *v,
            other => panic!("{name}: {other:?}"),
        }
    }

    fn flag(c: &Conjecture, name: &str) -> Option<bool> {
        match c.param(name) {
            Some(Param::Flag(v)) => Some(*v),
            None => None,
            other => panic!("{name}: {other:?}"),
        }
    }

    /// How far beyond its `verified_up_to` each statement is checked.
    const BEYOND: u64 = 8;

    /// The pairs `(a_i, b_i)` of k-Wythoff from the closed form (itself
    /// tested against the rules in `games::wythoff`), as `u64` while they fit.
    fn closed_pairs(game: &Wythoff, count: u64) -> Vec<(u64, u64)> {
        (0..count)
            .map(|i| game.pair(&UBig::from(i)))
            .map_while(|(a, b)| Some((u64::try_from(a).ok()?, u64::try_from(b).ok()?)))
            .collect()
    }

    /// The first rows of k-Wythoff, `width` values each, from the rules
    /// written out here: the row as a whole line, the column and the moves
    /// from both piles (`s, t >= 1`, `|s - t| <= k`) listed.
    fn rule_rows(k: u64, rows: usize, width: usize) -> Vec<Vec<u32>> {
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        let table = grundy_rect(
            rows,
            width,
            WholeLines {
                row: true,
                ..WholeLines::default()
            },
            |x, y, out| {
                out.extend((0..x).map(|ox| (ox, y)));
                for s in 1..=x {
                    let most = s.saturating_add(k).min(y);
                    out.extend((s.saturating_sub(k).max(1)..=most).map(|t| (x - s, y - t)));
                }
            },
            &mut |_, _| {},
        )
        .unwrap();
        (0..rows).map(|x| table.row(x).unwrap().to_vec()).collect()
    }

    /// Every statement of `conjecture wythoff:k=K` against the closed form
    /// (and the rules for row periods), far beyond how far it was checked.
    fn check_k_wythoff(k: u64) {
        let game = Wythoff::new(k);
        let spec = if k == 0 {
            "wythoff".to_string()
        } else {
            format!("wythoff:k={k}")
        };
        let r = report(&spec);
        let mut rows: Option<Vec<Vec<u32>>> = None;
        for c in &r.conjectures {
            let far = c.verified_up_to * BEYOND;
            match c.kind {
                "one_p_per_row" => {
                    // The closed form gives every row exactly one partner.
                    assert_eq!(flag(c, "holds"), Some(true), "{spec}: {c:?}");
                }
                "p_pairs" => {
                    let limit = int(c, "settled_below");
                    let truth: Vec<(u64, u64)> = closed_pairs(&game, limit + 1)
                        .into_iter()
                        .filter(|&(a, _)| a < limit)
                        .collect();
                    assert_eq!(int(c, "count"), truth.len() as u64, "{spec}: {c:?}");
                    let Some(Param::Pairs(first)) = c.param("first") else {
                        panic!()
                    };
                    for (&[a, b], &(ta, tb)) in first.iter().zip(&truth) {
                        assert_eq!((a, b), (ta, tb), "{spec}");
                    }
                }
                "linear_difference" => {
                    assert_eq!(flag(c, "holds"), Some(true), "{spec}: {c:?}");
                    let step = int(c, "c");
                    for (i, (a, b)) in closed_pairs(&game, far).into_iter().enumerate() {
                        assert_eq!(b - a, step * i as u64, "{spec}: i = {i}");
                    }
                }
                "complementary" => {
                    assert_eq!(flag(c, "holds"), Some(true), "{spec}: {c:?}");
                    let pairs = closed_pairs(&game, far);
                    let mut seen = vec![0u8; far as usize];
                    for &(a, b) in &pairs[1..] {
                        for v in [a, b].into_iter().filter(|&v| v < far) {
                            seen[v as usize] += 1;
                        }
                    }
                    let limit = far.min(pairs.last().unwrap().0);
                    assert!((1..limit as usize).all(|m| seen[m] == 1), "{spec}");
                }
                "beatty" => {
                    let alpha = text(c, "alpha");
                    assert_eq!(alpha, game.ratio().to_string(), "{spec}: {c:?}");
                }
                "row_period" => {
                    if flag(c, "found") != Some(true) {
                        continue;
                    }
                    let x = int(c, "row") as usize;
                    let (n0, p, saltus) = (int(c, "preperiod"), int(c, "period"), int(c, "saltus"));
                    let width = (c.verified_up_to * 4) as usize;
                    let row = &rows.get_or_insert_with(|| rule_rows(k, ROWS_REPORTED, width))[x];
                    for y in n0 as usize..width.saturating_sub(p as usize) {
                        assert_eq!(
                            row[y + p as usize],
                            row[y] + saltus as u32,
                            "{spec} row {x}: period {p} fails at y = {y}"
                        );
                    }
                }
                other => panic!("{spec} states a {other}, which no check covers: {c:?}"),
            }
        }
        for kind in ["one_p_per_row", "p_pairs"] {
            find(&r, kind);
        }
        if k <= 100 {
            for kind in ["linear_difference", "complementary", "beatty"] {
                find(&r, kind);
            }
        }
    }

    #[test]
    fn certified_row_periods_are_stated_as_certified_when_the_row_agrees() {
        use crate::games::wythoff::Wythoff;
        use crate::solve::table::queen_table;
        let budget = RowBudget {
            work: 1 << 30,
            columns: 1 << 16,
        };
        let certified: Vec<RowCertificate> = certify_rows(&Wythoff::classic(), 5, budget)
            .unwrap()
            .iter()
            .map(certificate)
            .collect();
        let table = queen_table(400).unwrap();
        let rows: Vec<Vec<u64>> = (0..6)
            .map(|x| table.row(x).unwrap().iter().map(|&v| v.into()).collect())
            .collect();
        let stated = row_periods(&rows, &certified);
        for (x, c) in stated.iter().enumerate() {
            assert_eq!(c.param("certified"), Some(&Param::Flag(true)), "{c:?}");
            assert_eq!(c.param("period"), Some(&Param::Int(certified[x].period)));
            assert!(
                c.statement.contains(": certified (the row's state"),
                "{c:?}"
            );
        }
        // A row that disagrees with its certificate is read as any other.
        let mut wrong = rows.clone();
        wrong[3][300] += 1;
        let c = &row_periods(&wrong, &certified)[3];
        assert_ne!(c.param("certified"), Some(&Param::Flag(true)), "{c:?}");
    }

    #[test]
    fn k_wythoff_conjectures_hold_far_beyond_their_checks_for_k_0_to_10() {
        (0..=10).for_each(check_k_wythoff);
    }

    #[test]
    fn k_wythoff_conjectures_hold_far_beyond_their_checks_for_k_11_to_20() {
        // K = 11: the rational slope 157/145 failed at i = 1897; K = 14 and 20:
        // row 2 periods failed at y = 133 and 250; K = 15: row 1992 holds (1992, 32008).
        (11..=20).for_each(check_k_wythoff);
    }

    #[test]
    fn k_wythoff_conjectures_hold_far_beyond_their_checks_for_k_21_to_30() {
        (21..=30).for_each(check_k_wythoff);
    }

    #[test]
    fn k_wythoff_conjectures_hold_for_huge_k() {
        for k in [100, 1000, u64::MAX] {
            check_k_wythoff(k);
        }
        let r = report("wythoff:k=18446744073709551615");
        assert!(find(&r, "p_pairs")
            .statement
            .contains("(1, 18446744073709551617)"));
    }

    #[test]
    fn the_row_of_k_15_cut_off_before_is_found() {
        let rows = Wythoff::new(15).p_rows(2000, &mut |_, _| {});
        assert_eq!(rows.rows[1992].single(), Some(32008));
    }

    #[test]
    fn ratios_are_reported_honestly() {
        let r = report("wythoff:ratios");
        let rows = find(&r, "one_p_per_row");
        assert_eq!(flag(rows, "holds"), Some(false));
        let Some(Param::Ints(empty)) = rows.param("rows_without_p") else {
            panic!()
        };
        assert!(empty.contains(&1));
        assert_eq!(rows.param("rows_unsettled"), Some(&Param::Ints(Vec::new())));
        // Each row proved empty has no P-position in the square sieve (tested
        // against the rules in `games::wythoff`), and the certain pairs are its.
        let size = 8192;
        let sieve = WythoffRatios.sieve(size).unwrap();
        for &x in empty.iter() {
            assert!(sieve.rows_without_p.contains(&x), "row {x}");
        }
        let pairs = find(&r, "p_pairs");
        let limit = int(pairs, "settled_below");
        let rows = WythoffRatios.rows(limit as usize, 1 << 20, &mut |_, _| {});
        let (certain, _) = crate::analysis::conjecture::certain_pairs(&rows);
        assert_eq!(int(pairs, "count"), certain.len() as u64);
        let truth: Vec<(u64, u64)> = sieve
            .pairs
            .iter()
            .copied()
            .filter(|&(a, _)| a < limit)
            .collect();
        let within: Vec<(u64, u64)> = certain
            .iter()
            .copied()
            .filter(|&(_, b)| b < size as u64)
            .collect();
        assert_eq!(within, truth);
        let Some(Param::Pairs(first)) = pairs.param("first") else {
            panic!()
        };
        let first: Vec<(u64, u64)> = first.iter().map(|&[a, b]| (a, b)).collect();
        assert_eq!(first, certain[..first.len()]);
        assert!(r.conjectures.iter().all(|c| c.kind != "beatty"), "{r:?}");
    }

    #[test]
    fn twopile_families_state_only_what_holds() {
        let r = report("twopile:1,0+0,1+1,1");
        assert_eq!(text(find(&r, "beatty"), "alpha"), "(1+1*sqrt(5))/2");
        let nim = report("twopile:1,0+0,1");
        assert_eq!(text(find(&nim, "rational_slope"), "slope"), "1/1");
        assert_eq!(flag(find(&nim, "complementary"), "holds"), Some(false));
        // Every a_i is 0: nothing about complementary sequences or a mex rule.
        let zero = report("twopile:1,1+1,0");
        assert!(
            zero.conjectures.iter().all(|c| c.kind != "complementary"),
            "{zero:?}"
        );
        let rows = find(&zero, "one_p_per_row");
        assert_eq!(flag(rows, "holds"), Some(false));
        assert!(rows.statement.contains("unsettled"), "{rows:?}");
        // Exact rows of a one-P-per-row family against the rules table.
        for spec in ["1,0+0,1+1,2+2,1", "0,1+1,0:3+2,1", "0,1+3,1+1,3:2"] {
            let game = TwoPile::parse(spec).unwrap();
            let rows = game.p_rows(60, &mut |_, _| {}).unwrap();
            let table = grundy_table_of(&game, 600).unwrap();
            for (x, row) in rows.rows.iter().enumerate() {
                let y = row.single().unwrap() as usize;
                assert!(y < 600 && table.is_p(x, y), "{spec} row {x}");
                assert_eq!(
                    (0..600).filter(|&y| table.is_p(x, y)).count(),
                    1,
                    "{spec} row {x}"
                );
            }
        }
    }

    #[test]
    fn heap_periods() {
        for m in [1u64, 2, 3, 7, 50] {
            let r = report(&format!("bash:{m}"));
            let c = find(&r, "period");
            assert_eq!(c.param("period"), Some(&Param::Int(m + 1)));
            assert_eq!(c.param("preperiod"), Some(&Param::Int(0)));
        }
        let nim = report("nim");
        assert_eq!(
            find(&nim, "arithmetic_period").param("saltus"),
            Some(&Param::Int(1))
        );
        let kayles = find(&report("kayles"), "period").clone();
        assert_eq!(kayles.param("preperiod"), Some(&Param::Int(71)));
        assert_eq!(kayles.param("period"), Some(&Param::Int(12)));
        assert_eq!(kayles.param("certified"), Some(&Param::Flag(true)));
        let sub = report("subtraction:1,3,4");
        assert_eq!(find(&sub, "period").param("period"), Some(&Param::Int(7)));
    }

    /// Counts the progress reports.
    #[derive(Default)]
    struct Count(u64);

    impl Monitor for Count {
        fn progress(&mut self, _: u64, _: u64) -> bool {
            self.0 += 1;
            false
        }
    }

    #[test]
    fn long_verbs_report_progress() {
        for spec in ["wythoff:k=3", "wythoff:ratios", "twopile:1,0+0,1+1,2"] {
            let game = parse(spec).unwrap();
            let mut count = Count::default();
            game.conjecture(&mut count).unwrap();
            assert!(count.0 > 0, "{spec}");
            let mut count = Count::default();
            game.table(100, true, &mut count).unwrap();
            assert!(count.0 > 0, "{spec}");
        }
    }

    #[test]
    fn tables_agree_with_the_rules() {
        for spec in [
            "wythoff",
            "wythoff:k=2",
            "wythoff:ratios",
            "twopile:1,0+0,1+2,1:2",
        ] {
            let game = parse(spec).unwrap();
            let values = game.table(40, true, &mut Quiet).unwrap();
            let outcomes = game.table(40, false, &mut Quiet).unwrap();
            assert_eq!(values.clone().outcomes(), outcomes, "{spec}");
        }
        for (spec, rules) in [
            (
                "wythoff:k=2",
                grundy_table_of(&Wythoff::new(2), 60).unwrap(),
            ),
            (
                "wythoff:ratios",
                grundy_table_of(&WythoffRatios, 60).unwrap(),
            ),
        ] {
            let table = parse(spec).unwrap().table(60, true, &mut Quiet).unwrap();
            assert_eq!(
                table,
                Table {
                    game: spec.into(),
                    ..Table::of_values(&*parse(spec).unwrap(), rules.clone())
                }
            );
        }
        let fast = parse("wythoff")
            .unwrap()
            .table(300, true, &mut Quiet)
            .unwrap();
        let rules = grundy_table_of(&Wythoff::classic(), 300).unwrap();
        assert_eq!(
            fast,
            Table {
                game: "wythoff".into(),
                ..Table::of_values(&*parse("wythoff").unwrap(), rules.clone())
            }
        );
        // Wythoff's own engine takes larger sides than the others.
        for (spec, most) in [
            ("wythoff", MAX_WYTHOFF_SIDE as u64),
            ("wythoff:k=1", MAX_TABLE_SIDE),
            ("twopile:1,0+0,1", MAX_TABLE_SIDE),
        ] {
            let game = parse(spec).unwrap();
            let refused = game.table(most + 1, true, &mut Quiet);
            assert!(matches!(refused, Err(Error::Limit(m)) if m.contains(&most.to_string())));
        }
        // k-Wythoff's value sets take a small k at any side; a large k
        // goes to the rules and their budget.
        assert!(matches!(
            parse("wythoff:k=200")
                .unwrap()
                .table(4000, true, &mut Quiet),
            Err(Error::Limit(_))
        ));
        // A k past the table's side moves as k = side; its value bound
        // (2k + 3) side once overflowed (found by the server's fuzz test).
        let huge = parse("wythoff:k=9223372036854775807").unwrap();
        let wide = parse("wythoff:k=10").unwrap();
        assert_eq!(
            huge.table(10, true, &mut Quiet).unwrap().cells,
            wide.table(10, true, &mut Quiet).unwrap().cells
        );
        assert!(matches!(
            parse("nim").unwrap().table(10, false, &mut Quiet),
            Err(Error::Unsupported { .. })
        ));
    }

    #[test]
    fn empty_tables_have_no_cells() {
        // `table wythoff:k=2^64-1 --size 0 --values` read cell (0, 0) of an empty table.
        let table = parse("wythoff:k=18446744073709551615")
            .unwrap()
            .table(0, true, &mut Quiet)
            .unwrap();
        assert!(table.has_values());
        assert_eq!((table.value(0, 0), table.is_p(0, 0)), (None, false));
    }
}
