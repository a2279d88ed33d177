//! Rows of two-pile games certified additively periodic, so that `G(x, y)` is
//! known for a small `x` and any `y`, `10^100` included.
//!
//! Every row of Wythoff's Grundy table is additively periodic: `G(x, y + p) =
//! G(x, y) + p` for `y >= y0` (Dress, Flammenkamp and Pink, "Additive
//! periodicity of the Sprague-Grundy function of certain Nim games", Adv.
//! Appl. Math. 22, 1999; Landman, "A simple FSM-based proof of the additive
//! periodicity of the Sprague-Grundy function of Wythoff's game", 2002). An
//! observed period proves nothing; this module proves each row's period by a
//! repeated state, as follows.
//!
//! **The shape.** A game has *row shape* ([`RowShape`]) when
//!
//! 1. every `(x, y')` with `y' < y` is an option of `(x, y)` (a move takes any
//!    amount from the second pile), and
//! 2. the options of `(x, y)` in lower rows are `(x', y - c)` for the pairs
//!    `(x', c)` of a finite set `C_x` (`x' < x`, `c >= 0`) that does not depend
//!    on `y`, each an option exactly when `c <= y`.
//!
//! k-Wythoff has it (`C_x` holds `(x', 0)` for `x' < x` and `(x - s, t)` for
//! `1 <= s <= x`, `max(1, s - k) <= t <= s + k`), and so has a `twopile:` game
//! with the family `0,1` uncapped (each family `DX,DY[:T]` with `DX >= 1`
//! gives `(x - t*DX, t*DY)` for `t <= min(T, x/DX)`; families `0,DY` add
//! nothing more in a row).
//!
//! **The bound.** Let `m = |C_x|`. By 1 the values of row `x` are distinct, and
//! `G(x, y)` is the mex of the `y` values `G(x, y')`, `y' < y`, and at most `m`
//! others, so `G(x, y) <= y + m`. Hence the values of row `x` below column `y`
//! lie in `[0, y + m)` and miss exactly `m` of its values: the *missing*
//! values, written as offsets relative to `y` (the set `M_y`).
//!
//! **The step.** `G(x, y)` is the least of the missing values and `y + m` that
//! no lower-row option takes (there are `m + 1` candidates and at most `m`
//! options), and then `M_{y+1} = (M_y + {m} - {G(x, y) - y}) - 1`. So
//! `G(x, y) - y` and `M_{y+1}` are functions of `M_y` and of the offsets
//! `G(x', y - c) - y`, `(x', c)` in `C_x`.
//!
//! **The induction.** Let rows `x' < x` be certified: `G(x', z + p') = G(x', z)
//! + p'` for `z >= z0'`. Then `G(x', y - c) - y` depends only on `y mod p'` once
//! `y >= z0' + c`. With `L` the lcm of those periods and `Y0` the largest
//! `z0' + c` over `C_x`, the state `(M_y, y mod L)` determines `G(x, y) - y` and
//! the next state, for every `y >= Y0`. If the states at `y1 < y2` (both at
//! least `Y0`) are equal, then by induction on `i` the states at `y1 + i` and
//! `y2 + i` are equal for every `i >= 0`, so `G(x, y + P) = G(x, y) + P` for
//! every `y >= y1`, with `P = y2 - y1`. That is the certificate, found by
//! Brent's cycle detection over the states (memory for two states only).
//! The least period `q` divides `P` (the periods of an eventually periodic
//! sequence are the multiples of the least) and is found among its divisors
//! on one whole period; the least preperiod by comparing the values before
//! `y1` one by one. Row 0 has `C_0` empty: `G(0, y) = y`, certified at once.
//!
//! Rows are certified in order `0, 1, 2, ...` within a work budget (the
//! options examined) and a column budget (the values kept per row); a row the
//! budget cuts is not certified, and nothing is claimed for it.

use crate::stop::Ticker;
use dashu_int::UBig;
use std::fmt;

/// A two-pile game whose rows can be certified (see the module doc).
pub trait RowShape {
    /// `Ok` when every `(x, y')`, `y' < y`, is an option of `(x, y)`; else the
    /// reason the rows of this game cannot be certified.
    fn row_rule(&self) -> Result<(), String>;

    /// How many pairs [`RowShape::lower_options`] lists for row `x`.
    fn lower_option_count(&self, x: u64) -> u128;

    /// The pairs `(x', c)`, `x' < x`, each once: the options of `(x, y)` outside
    /// its row are the `(x', y - c)` with `c <= y`.
    fn lower_options(&self, x: u64) -> Vec<(u64, u64)>;
}

/// One row `x` of a game, certified additively periodic:
/// `G(x, y + period) = G(x, y) + period` for every `y >= preperiod`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicRow {
    /// The row `x`.
    pub row: u64,
    /// The least preperiod `y0`.
    pub preperiod: u64,
    /// The least period `p` (the saltus is `p` too).
    pub period: u64,
    /// The certificate: the state at `repeat.0` is the state at `repeat.1`
    /// (both at least the lower rows' reach).
    pub repeat: (u64, u64),
    /// `G(x, y) - y` for `y < preperiod + period`.
    offsets: Vec<i64>,
}

impl PeriodicRow {
    /// `G(x, y) - y` for a column `y` that fits a `u64`.
    pub fn offset(&self, y: u64) -> i64 {
        self.offsets[self.index(y)]
    }

    /// The index into `offsets` of the column `y`.
    fn index(&self, y: u64) -> usize {
        if y < self.preperiod {
            return y as usize;
        }
        (self.preperiod + (y - self.preperiod) % self.period) as usize
    }

    /// `G(x, y)` for any `y`.
    pub fn value(&self, y: &UBig) -> UBig {
        let offset = match u64::try_from(y) {
            Ok(small) => self.offset(small),
            Err(_) => {
                let r: u64 = (y - self.preperiod) % self.period;
                self.offsets[(self.preperiod + r) as usize]
            }
        };
        add_offset(y, offset)
    }

    /// The column `y` with `G(x, y) = t`, if any (row values are distinct).
    ///
    /// Before the preperiod the values are compared one by one; from it on,
    /// the columns `y0 + r + j*p` hold `b_r + j*p` with `b_r = G(x, y0 + r)`, so
    /// `t` is in class `r` when `t >= b_r` and `p` divides `t - b_r`.
    pub fn column_of(&self, t: &UBig) -> Option<UBig> {
        let before = (0..self.preperiod).find(|&y| {
            let value = add_offset(&UBig::from(y), self.offsets[y as usize]);
            value == *t
        });
        if let Some(y) = before {
            return Some(UBig::from(y));
        }
        (0..self.period).find_map(|r| {
            let column = UBig::from(self.preperiod + r);
            let base = add_offset(&column, self.offset(self.preperiod + r));
            if *t < base || (t - &base) % self.period != 0 {
                return None;
            }
            Some(column + (t - &base))
        })
    }
}

/// `y + offset`, which is a Grundy value, so not negative.
fn add_offset(y: &UBig, offset: i64) -> UBig {
    if offset >= 0 {
        y + UBig::from(offset as u64)
    } else {
        y - UBig::from(offset.unsigned_abs())
    }
}

/// Why rows could not be certified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowsError {
    /// The game does not have row shape.
    NotRowShaped(String),
    /// Row `row` has more options in lower rows than the budget allows.
    TooManyOptions {
        /// The row.
        row: u64,
        /// Its options in lower rows.
        count: u128,
    },
    /// The work or column budget ran out while certifying `row`.
    Budget {
        /// The row not certified.
        row: u64,
        /// Its columns computed without a repeated state.
        columns: u64,
    },
}

impl fmt::Display for RowsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowsError::NotRowShaped(why) => write!(f, "its rows cannot be certified: {why}"),
            RowsError::TooManyOptions { row, count } => write!(
                f,
                "row {row} has {count} options in lower rows, too many for the row certification"
            ),
            RowsError::Budget { row, columns } => write!(
                f,
                "row {row} showed no repeated state within its first {columns} columns \
                 (the row certification's budget), so row {row} and the rows above it are \
                 not certified and their values for large columns are unknown"
            ),
        }
    }
}

/// Budgets of [`certify_rows`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowBudget {
    /// Option look-ups, over all rows.
    pub work: u128,
    /// Columns computed in one row, and the most options in lower rows a
    /// row may have.
    pub columns: u64,
}

/// Rows `0..=last` of `shape`, each certified additively periodic (see the
/// module doc), within `budget`; or why not.
pub fn certify_rows(
    shape: &(impl RowShape + ?Sized),
    last: u64,
    budget: RowBudget,
) -> Result<Vec<PeriodicRow>, RowsError> {
    shape.row_rule().map_err(RowsError::NotRowShaped)?;
    let mut rows: Vec<PeriodicRow> = Vec::new();
    let mut work = budget.work;
    for x in 0..=last {
        // A row with more options below than its column budget could not
        // take a step per column anyway, and the list itself must fit.
        let count = shape.lower_option_count(x);
        if count >= work || count > u128::from(budget.columns) {
            return Err(RowsError::TooManyOptions { row: x, count });
        }
        let lower = shape.lower_options(x);
        let row = certify_row(x, &lower, &rows, &mut work, budget.columns)?;
        rows.push(row);
    }
    Ok(rows)
}

/// The state of a row at column `y`: the missing values (absolute, ascending).
#[derive(Clone, Debug)]
struct State {
    y: u64,
    missing: Vec<i64>,
}

impl State {
    /// Whether `self` and `other` are the same state: the same missing offsets
    /// and the same column modulo `modulus`.
    fn same(&self, other: &State, modulus: u64) -> bool {
        let shift = self.y as i64 - other.y as i64;
        self.y % modulus == other.y % modulus
            && self.missing.len() == other.missing.len()
            && self
                .missing
                .iter()
                .zip(&other.missing)
                .all(|(a, b)| a - b == shift)
    }
}

/// Certifies row `x`, whose options below are `lower`, over the certified
/// rows `below`; spends `work`.
fn certify_row(
    x: u64,
    lower: &[(u64, u64)],
    below: &[PeriodicRow],
    work: &mut u128,
    columns: u64,
) -> Result<PeriodicRow, RowsError> {
    let m = lower.len() as i64;
    let modulus = lower
        .iter()
        .try_fold(1u64, |l, &(r, _)| lcm(l, below[r as usize].period))
        .ok_or(RowsError::TooManyOptions {
            row: x,
            count: lower.len() as u128,
        })?;
    let reach = lower
        .iter()
        .map(|&(r, c)| below[r as usize].preperiod.saturating_add(c))
        .max()
        .unwrap_or(0);
    let mut state = State {
        y: 0,
        missing: (0..m).collect(),
    };
    let mut offsets: Vec<i64> = Vec::new();
    let mut taken: Vec<i64> = Vec::with_capacity(lower.len());
    let mut saved: Option<State> = None;
    let mut power = 1u64;
    let step_cost = lower.len() as u128 + 1;
    let mut ticker = Ticker::<8>::new();
    loop {
        ticker.tick();
        let y = state.y;
        if y >= reach {
            match &saved {
                Some(s) if state.same(s, modulus) => {
                    return Ok(least_period(x, offsets, (s.y, y)));
                }
                Some(s) if y - s.y == power => {
                    saved = Some(state.clone());
                    power *= 2;
                }
                Some(_) => {}
                None => saved = Some(state.clone()),
            }
        }
        if y >= columns || *work < step_cost {
            return Err(RowsError::Budget { row: x, columns: y });
        }
        *work -= step_cost;
        taken.clear();
        taken.extend(
            lower
                .iter()
                .filter(|&&(_, c)| c <= y)
                .map(|&(r, c)| below[r as usize].offset(y - c) + (y - c) as i64),
        );
        taken.sort_unstable();
        let value = mex_of_candidates(&state.missing, y as i64 + m, &taken);
        offsets.push(value - y as i64);
        if let Ok(i) = state.missing.binary_search(&value) {
            state.missing.remove(i);
            state.missing.push(y as i64 + m);
        }
        state.y += 1;
    }
}

/// The least of `missing` (ascending) and `top` that is not in `taken`
/// (ascending): `top` if every missing value is taken.
fn mex_of_candidates(missing: &[i64], top: i64, taken: &[i64]) -> i64 {
    let mut t = 0;
    for &v in missing.iter().chain(std::iter::once(&top)) {
        while t < taken.len() && taken[t] < v {
            t += 1;
        }
        if t == taken.len() || taken[t] != v {
            return v;
        }
    }
    unreachable!("top is above every taken value or the pigeonhole fails")
}

/// The row from its offsets `0..repeat.1` and the repeated state at
/// `repeat = (y1, y2)`: the least period dividing `y2 - y1` that holds on one
/// whole period from `y1`, then the least preperiod.
fn least_period(x: u64, mut offsets: Vec<i64>, repeat: (u64, u64)) -> PeriodicRow {
    let (y1, y2) = repeat;
    let whole = y2 - y1;
    let tail = |y: u64| offsets[(y1 + (y - y1) % whole) as usize];
    let period = (1..=whole)
        .filter(|q| whole % q == 0)
        .find(|&q| (y1..y2).all(|y| tail(y) == tail(y + q)))
        .expect("the whole period holds");
    let at = |y: u64| if y < y1 { offsets[y as usize] } else { tail(y) };
    let mut preperiod = y1;
    while preperiod > 0 && at(preperiod - 1) == at(preperiod - 1 + period) {
        preperiod -= 1;
    }
    // preperiod <= y1 and period <= y2 - y1: the prefix kept was computed.
    offsets.truncate((preperiod + period) as usize);
    PeriodicRow {
        row: x,
        preperiod,
        period,
        repeat,
        offsets,
    }
}

/// The least common multiple, `None` beyond `u64`.
fn lcm(a: u64, b: u64) -> Option<u64> {
    let (mut p, mut q) = (a, b);
    while q != 0 {
        (p, q) = (q, p % q);
    }
    (a / p).checked_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twopile::TwoPile;
    use crate::games::wythoff::Wythoff;
    use crate::limits::{CERTIFIED_ROWS, ROW_COLUMNS, ROW_WORK};
    use crate::solve::table::{grundy_table_of, RectRules};
    use proptest::prelude::*;

    const BUDGET: RowBudget = RowBudget {
        work: ROW_WORK,
        columns: ROW_COLUMNS,
    };

    /// The rows of `shape` against the table of the rules on `x <= last`,
    /// `y < width`.
    fn check_against_rules(shape: &(impl RowShape + RectRules), last: u64, width: usize) {
        let rows = certify_rows(shape, last, BUDGET).unwrap();
        let table = shape
            .rect_table(last as usize + 1, width, &mut |_, _| {})
            .unwrap();
        for row in &rows {
            for y in 0..width as u64 {
                let expected = table.get(row.row as usize, y as usize).unwrap();
                assert_eq!(
                    row.value(&UBig::from(y)),
                    UBig::from(expected),
                    "row {} column {y}",
                    row.row
                );
            }
        }
    }

    #[test]
    fn certified_rows_are_the_rules_rows() {
        check_against_rules(&Wythoff::classic(), CERTIFIED_ROWS, 4000);
        check_against_rules(&Wythoff::new(1), CERTIFIED_ROWS, 3000);
        check_against_rules(&Wythoff::new(2), 8, 3000);
        for spec in [
            "0,1+1,0+1,2+2,1",
            "0,1+1,0:3+2,1",
            "0,1+1,1:2",
            "0,1+2,0+1,3:4",
        ] {
            check_against_rules(&TwoPile::parse(spec).unwrap(), 8, 2000);
        }
    }

    #[test]
    fn the_rules_table_itself_agrees_on_small_squares() {
        // The rectangle tables used above, against the plain rules.
        for shape in [Wythoff::classic(), Wythoff::new(1)] {
            let table = shape.rect_table(40, 40, &mut |_, _| {}).unwrap();
            let rules = grundy_table_of(&shape, 40).unwrap();
            for x in 0..40 {
                assert_eq!(table.row(x).unwrap(), rules.row(x).unwrap());
            }
        }
    }

    #[test]
    fn wythoff_row_periods() {
        // Preperiod and period of rows 0..=12 of Wythoff's game: the periods
        // 1, 3, 3, 6, 12, 24, 12, 24, 24, 24, 24, 48, 48.
        let rows = certify_rows(&Wythoff::classic(), 12, BUDGET).unwrap();
        let found: Vec<(u64, u64)> = rows.iter().map(|r| (r.preperiod, r.period)).collect();
        assert_eq!(
            found,
            [
                (0, 1),
                (0, 3),
                (0, 3),
                (8, 6),
                (9, 12),
                (27, 24),
                (37, 12),
                (92, 24),
                (102, 24),
                (127, 24),
                (224, 24),
                (277, 48),
                (347, 48)
            ]
        );
    }

    #[test]
    fn a_cut_budget_certifies_nothing() {
        let tight = RowBudget {
            work: 200,
            columns: ROW_COLUMNS,
        };
        assert!(matches!(
            certify_rows(&Wythoff::classic(), 6, tight),
            Err(RowsError::Budget { .. })
        ));
        let narrow = RowBudget {
            work: ROW_WORK,
            columns: 50,
        };
        assert_eq!(
            certify_rows(&Wythoff::classic(), 6, narrow),
            Err(RowsError::Budget {
                row: 5,
                columns: 50
            })
        );
        // Row 1 of k = 6*10^7 has 1.2*10^8 options below: within the work
        // budget, but a list of 2 GB; refused before listing.
        assert!(matches!(
            certify_rows(&Wythoff::new(60_000_000), 2, BUDGET),
            Err(RowsError::TooManyOptions { row: 1, .. })
        ));
        let huge_k = Wythoff::new(u64::MAX);
        assert!(matches!(
            certify_rows(&huge_k, 3, BUDGET),
            Err(RowsError::TooManyOptions { row: 1, .. })
        ));
    }

    #[test]
    fn twopile_without_the_whole_row_family_is_refused() {
        let game = TwoPile::parse("1,0+1,1+0,1:5").unwrap();
        let refused = certify_rows(&game, 2, BUDGET).unwrap_err();
        assert!(matches!(refused, RowsError::NotRowShaped(_)), "{refused}");
        // Its transpose has the family 0,1 uncapped: its columns qualify.
        let transposed = game.transposed();
        check_against_rules(&transposed, 6, 1500);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn huge_columns_follow_the_period_and_invert(
            x in 0u64..=CERTIFIED_ROWS,
            digits in proptest::collection::vec(0u64..u64::MAX, 1..4),
            m in 1u64..1000,
        ) {
            let rows = certify_rows(&Wythoff::classic(), x, BUDGET).unwrap();
            let row = &rows[x as usize];
            let y = digits.iter().fold(UBig::ZERO, |acc, &d| (acc << 64) + UBig::from(d))
                + UBig::from(row.preperiod + m * row.period);
            let shift = UBig::from(m * row.period);
            let back = &y - &shift;
            prop_assert_eq!(row.value(&y), row.value(&back) + &shift);
            prop_assert_eq!(row.column_of(&row.value(&y)), Some(y.clone()));
        }
    }
}
