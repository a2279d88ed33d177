//! The explorer's verbs: `table` (the outcome or Grundy value of every
//! position of a two-pile game below a bound) and `conjecture` (patterns found
//! from the rules, see [`crate::analysis::conjecture`]).

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::Game;
use crate::analysis::conjecture::{
    certified_period, pile_conjectures, row_periods, Conjecture, ConjectureReport,
};
use crate::error::Error;
use crate::game::Impartial;
use crate::solve::lines::{ray_sieve, PSieve, Ray};
use crate::solve::table::{grundy_table_of, GrundyTable, TableError};

/// The largest side the `table` verb draws.
pub const MAX_TABLE_SIDE: u64 = 8192;

/// The most option look-ups a Grundy table from the rules may cost.
const RULES_BUDGET: u64 = 2_000_000_000;

/// Rows of the P-position search of `conjecture`.
pub const CONJECTURE_ROWS: usize = 2000;

/// The most cells (times rays) the P-position search of `conjecture` visits.
const SIEVE_BUDGET: u64 = 1 << 31;

/// Rows of a Grundy table whose additive periods `conjecture` reports.
const ROWS_REPORTED: usize = 8;

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
    pub fn is_p(&self, x: usize, y: usize) -> bool {
        match &self.cells {
            Cells::Outcomes(p) => p[x * self.size + y],
            Cells::Values(v) => v[x * self.size + y] == 0,
        }
    }

    /// The Grundy value of `(x, y)`, for a table of values.
    pub fn value(&self, x: usize, y: usize) -> Option<u32> {
        match &self.cells {
            Cells::Outcomes(_) => None,
            Cells::Values(v) => Some(v[x * self.size + y]),
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

/// The Grundy table of a two-pile game from its rules, when `options` (an
/// estimate of the options of one position of a table of side `size`) keeps
/// the work within budget.
pub(crate) fn rules_table<G>(
    game: &G,
    spec: &str,
    size: usize,
    options: u64,
) -> Result<GrundyTable, Error>
where
    G: Impartial<Position = (u64, u64)>,
{
    let work = (size as u64).pow(2).saturating_mul(options);
    if work > RULES_BUDGET {
        return Err(Error::Limit(format!(
            "the Grundy values of {spec} come from its rules, {work} option look-ups for side {size}, \
             more than the {RULES_BUDGET} allowed; ask for a smaller --size, or drop --values"
        )));
    }
    grundy_table_of(game, size).map_err(table_error)
}

/// The P-positions of the first [`CONJECTURE_ROWS`] rows by a sieve over the
/// rays, widened (from 4 times the rows) while some row holds none and the
/// budget allows.
pub(crate) fn pile_sieve(rays: impl Fn(usize) -> Vec<Ray>, rows: usize) -> PSieve {
    let mut width = 4 * rows;
    loop {
        let sieve = ray_sieve(rows, width, &rays(width));
        let complete = sieve.p_of_row.iter().all(|r| !r.is_empty());
        let next = 4 * width;
        let cost = (rows * next * rays(next).len()) as u64;
        if complete || cost > SIEVE_BUDGET || next > 64 * rows {
            return sieve;
        }
        width = next;
    }
}

/// A sieve built from a list of P-pairs `(a, b)`, `a <= b` (both orders are P).
pub(crate) fn sieve_of_pairs(pairs: &[(u64, u64)], rows: usize, width: usize) -> PSieve {
    let mut p_of_row = vec![Vec::new(); rows];
    for &(a, b) in pairs {
        for (x, y) in [(a, b), (b, a)] {
            if (x as usize) < rows
                && (y as usize) < width
                && !p_of_row[x as usize].contains(&(y as usize))
            {
                p_of_row[x as usize].push(y as usize);
            }
        }
    }
    p_of_row.iter_mut().for_each(|r| r.sort_unstable());
    PSieve {
        rows,
        width,
        p_of_row,
    }
}

/// The report for a two-pile game: its P-positions, then the additive
/// periods of the first rows of `table`.
pub(crate) fn pile_report(
    game: &dyn Game,
    sieve: &PSieve,
    table: &GrundyTable,
) -> ConjectureReport {
    let mut conjectures = pile_conjectures(sieve);
    let rows: Vec<Vec<u64>> = (0..ROWS_REPORTED.min(table.size()))
        .map(|x| {
            table
                .row(x)
                .expect("in the table")
                .iter()
                .map(|&v| v.into())
                .collect()
        })
        .collect();
    conjectures.extend(row_periods(&rows));
    ConjectureReport {
        game: game.spec(),
        conjectures,
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
