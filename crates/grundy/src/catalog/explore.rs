//! The explorer's verbs: `table` (the outcome or Grundy value of every
//! position of a two-pile game below a bound) and `conjecture` (patterns found
//! from the rules, see [`crate::analysis::conjecture`]).

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::Game;
use crate::analysis::conjecture::{
    certified_period, heap_period, pile_conjectures, row_periods, Conjecture, ConjectureReport,
};
use crate::error::Error;
use crate::game::HeapGame;
use crate::solve::heap_sequence;
use super::Monitor;
use crate::analysis::conjecture::Param;
use crate::solve::lines::{ray_sieve, PRows, Ray};
use crate::solve::table::{GrundyTable, RectTable, TableError};

/// The largest side the `table` verb draws.
pub const MAX_TABLE_SIDE: u64 = 8192;

/// Rows of the P-position search of `conjecture`.
pub const CONJECTURE_ROWS: usize = 2000;

/// Heap values `conjecture` computes.
pub const CONJECTURE_HEAPS: usize = 4096;

/// Rows of a Grundy table whose additive periods `conjecture` reports.
pub(crate) const ROWS_REPORTED: usize = 8;

/// What each cell of a [`Table`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Whether each position is a P-position, row-major.
    Outcomes(Vec<bool>),
    /// The Grundy value of each position, row-major.
    Values(Vec<u32>),
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
            Cells::Values(v) => v[cell] == 0,
        }
    }

    /// The Grundy value of `(x, y)`, for a table of values (`None` outside).
    pub fn value(&self, x: usize, y: usize) -> Option<u32> {
        match &self.cells {
            Cells::Outcomes(_) => None,
            Cells::Values(v) => Some(v[self.cell(x, y)?]),
        }
    }

    /// Whether the cells hold Grundy values (not only outcomes).
    pub fn has_values(&self) -> bool {
        matches!(self.cells, Cells::Values(_))
    }

    /// The index of `(x, y)`, if it is in the table.
    fn cell(&self, x: usize, y: usize) -> Option<usize> {
        (x < self.size && y < self.size).then_some(x * self.size + y)
    }

    /// The table of values of a square [`RectTable`].
    pub fn of_rect(game: &dyn Game, table: &RectTable) -> Table {
        let values = (0..table.rows())
            .flat_map(|x| table.row(x).expect("in the table").to_vec())
            .collect();
        Table {
            game: game.spec(),
            size: table.rows(),
            cells: Cells::Values(values),
        }
    }

    /// The table of values of a [`GrundyTable`].
    pub fn of_values(game: &dyn Game, table: &GrundyTable) -> Table {
        let values = (0..table.size())
            .flat_map(|x| table.row(x).expect("in the table").to_vec())
            .collect();
        Table {
            game: game.spec(),
            size: table.size(),
            cells: Cells::Values(values),
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
                let rows: Vec<Vec<&str>> = p
                    .chunks(self.size.max(1))
                    .map(|row| row.iter().map(|&p| if p { "P" } else { "N" }).collect())
                    .collect();
                map.serialize_entry("outcomes", &rows)?;
            }
            Cells::Values(v) => {
                let rows: Vec<&[u32]> = v.chunks(self.size.max(1)).collect();
                map.serialize_entry("values", &rows)?;
            }
        }
        map.end()
    }
}

/// Checks the side of a table against [`MAX_TABLE_SIDE`].
pub(crate) fn check_side(size: u64) -> Result<usize, Error> {
    if size > MAX_TABLE_SIDE {
        return Err(Error::Limit(format!(
            "--size {size} is more than the largest table side, {MAX_TABLE_SIDE}"
        )));
    }
    Ok(size as usize)
}

/// A table too large for the solvers, as the catalogue's limit error.
pub(crate) fn table_error(e: TableError) -> Error {
    Error::Limit(e.to_string())
}

/// The most option look-ups a Grundy table from the rules may cost (`table`,
/// and the rows `conjecture` reports).
pub const RULES_BUDGET: u128 = 2_000_000_000;

/// The most option look-ups `analyze` spends on the Grundy value of a
/// position of a two-pile game without a closed form for values.
pub const VALUE_BUDGET: u128 = 1 << 30;

/// The most cells of the table of smaller positions `analyze` keeps for one
/// Grundy value (4 bytes each).
pub const VALUE_CELLS: u128 = 1 << 25;

/// The most cells (times rays) the rectangle sieve of `conjecture` visits,
/// for games whose rows may hold several P-positions.
const SIEVE_BUDGET: u128 = 1 << 31;

/// The most attacks (earlier P-position times rays) the row sieve of
/// `conjecture` examines.
const ROW_SIEVE_BUDGET: u128 = 1 << 32;

/// The widest rows whose additive periods `conjecture` reports.
const ROW_WIDTH: usize = 2048;

/// The narrowest: below this no period is worth reading.
const MIN_ROW_WIDTH: usize = 64;

/// Checks the cost of a Grundy table from the rules against [`RULES_BUDGET`].
pub(crate) fn check_rules_cost(spec: &str, size: usize, cost: u128) -> Result<(), Error> {
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
            "the Grundy value is not computed: it needs the table of the {rows} x {width} smaller positions \
             ({cells} cells, about {cost} option look-ups), more than the {VALUE_CELLS} cells and \
             {VALUE_BUDGET} look-ups allowed"
        )
    })
}

/// The number of rows the row sieve examines when each earlier P-position
/// attacks `attacks` intervals of a row: [`CONJECTURE_ROWS`] within
/// [`ROW_SIEVE_BUDGET`].
pub(crate) fn sieve_rows(attacks: usize) -> usize {
    let mut rows = CONJECTURE_ROWS;
    while rows > MIN_ROW_WIDTH && (rows as u128).pow(2) * attacks.max(1) as u128 / 2 > ROW_SIEVE_BUDGET {
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
pub(crate) fn pile_report(
    game: &dyn Game,
    rows: &PRows,
    table: Option<&RectTable>,
) -> ConjectureReport {
    let mut conjectures = pile_conjectures(rows);
    match table {
        Some(table) => {
            let rows: Vec<Vec<u64>> = (0..table.rows())
                .map(|x| table.row(x).expect("in the table").iter().map(|&v| v.into()).collect())
                .collect();
            conjectures.extend(row_periods(&rows));
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

/// A monitor as the progress callback of the solvers.
pub(crate) fn progress_of(monitor: &mut dyn Monitor) -> impl FnMut(u64, u64) + '_ {
    move |done, total| {
        monitor.progress(done, total);
    }
}

/// The report for a heap game, from its values computed by the rules.
pub(crate) fn heap_report<H: HeapGame>(game: &dyn Game, heaps: &H) -> ConjectureReport {
    let values: Vec<u64> = heap_sequence(heaps, CONJECTURE_HEAPS)
        .iter()
        .map(|g| g.0)
        .collect();
    ConjectureReport {
        game: game.spec(),
        conjectures: vec![heap_period(&values)],
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
    use crate::games::wythoff::Wythoff;

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

    #[test]
    fn rediscovers_the_golden_ratio_and_fraenkels_ratios() {
        for k in 0..=10u64 {
            let spec = if k == 0 {
                "wythoff".to_string()
            } else {
                format!("wythoff:k={k}")
            };
            let r = report(&spec);
            assert_eq!(
                find(&r, "one_p_per_row").param("holds"),
                Some(&Param::Flag(true)),
                "{spec}"
            );
            assert_eq!(
                find(&r, "linear_difference").param("c"),
                Some(&Param::Int(k + 1)),
                "{spec}"
            );
            assert_eq!(
                find(&r, "complementary").param("holds"),
                Some(&Param::Flag(true)),
                "{spec}"
            );
            let beatty = find(&r, "beatty");
            assert_eq!(
                text(beatty, "alpha"),
                Wythoff::new(k).ratio().to_string(),
                "{spec}"
            );
            assert!(beatty.verified_up_to > 150, "{spec}: {beatty:?}");
        }
        assert_eq!(
            text(find(&report("wythoff"), "beatty"), "alpha"),
            "(1+1*sqrt(5))/2"
        );
    }

    #[test]
    fn wythoff_rows_are_additively_periodic() {
        let r = report("wythoff");
        let row_one = r
            .conjectures
            .iter()
            .find(|c| c.kind == "row_period" && c.param("row") == Some(&Param::Int(1)))
            .unwrap();
        assert_eq!(row_one.param("period"), Some(&Param::Int(3)));
        assert_eq!(row_one.param("saltus"), Some(&Param::Int(3)));
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

    #[test]
    fn ratios_are_reported_honestly() {
        let r = report("wythoff:ratios");
        let rows = find(&r, "one_p_per_row");
        assert_eq!(rows.param("holds"), Some(&Param::Flag(false)));
        match rows.param("rows_without_p") {
            Some(Param::Ints(rows)) => assert!(rows.contains(&1)),
            other => panic!("{other:?}"),
        }
        assert!(r.conjectures.iter().all(|c| c.kind != "beatty"), "{r:?}");
    }

    #[test]
    fn two_pile_families() {
        let r = report("twopile:1,0+0,1+1,1");
        assert_eq!(text(find(&r, "beatty"), "alpha"), "(1+1*sqrt(5))/2");
        let nim = report("twopile:1,0+0,1");
        assert_eq!(text(find(&nim, "rational_slope"), "slope"), "1/1");
        assert_eq!(
            find(&nim, "complementary").param("holds"),
            Some(&Param::Flag(false))
        );
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
        let fast = parse("wythoff")
            .unwrap()
            .table(300, true, &mut Quiet)
            .unwrap();
        let rules = grundy_table_of(&Wythoff::classic(), 300).unwrap();
        assert_eq!(
            fast,
            Table {
                game: "wythoff".into(),
                ..Table::of_values(&*parse("wythoff").unwrap(), &rules)
            }
        );
        assert!(matches!(
            parse("wythoff")
                .unwrap()
                .table(MAX_TABLE_SIDE + 1, false, &mut Quiet),
            Err(Error::Limit(_))
        ));
        assert!(matches!(
            parse("wythoff:k=3").unwrap().table(4000, true, &mut Quiet),
            Err(Error::Limit(_))
        ));
        assert!(matches!(
            parse("nim").unwrap().table(10, false, &mut Quiet),
            Err(Error::Unsupported { .. })
        ));
    }
}
