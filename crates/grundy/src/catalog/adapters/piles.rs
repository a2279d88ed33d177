//! The two-pile adapter: what every two-pile game of the catalogue
//! (Wythoff's game and its variants, `twopile:` games) answers the same way,
//! over the [`RectRules`] each implements.

use crate::catalog::Position;
use dashu_int::UBig;

use crate::catalog::answer::Defence;
use crate::catalog::kit::options::{rules_options, too_many, PlayMove};
use crate::catalog::kit::table::{
    check_rules_cost, pile_report, progress_of, row_width, table_error, value_out_of_budget, Table,
};
use crate::catalog::{Component, ConjectureReport, Game, Monitor, Move, Summands};
use crate::error::{Error, Result};
use crate::game::Impartial;
use crate::games::rows::{certify_rows, PeriodicRow, RowBudget, RowShape};
use crate::limits::{CERTIFIED_ROWS, PLAY_OPTIONS, REMOTENESS_BUDGET, ROW_COLUMNS, ROW_WORK};
use crate::solve::lines::PRows;
use crate::solve::remoteness::Remoteness;
use crate::solve::table::RectRules;

/// The Grundy values of every position of a `size` square from the rules,
/// after checking their cost: the `table --values` of a game without a
/// faster way.
pub(crate) fn rules_table(
    game: &dyn Game,
    rules: &impl RectRules,
    size: usize,
    monitor: &mut dyn Monitor,
) -> Result<Table> {
    check_rules_cost(&game.spec(), size, rules.rect_cost(size, size))?;
    let table = rules
        .rect_table(size, size, &mut progress_of(monitor))
        .map_err(table_error)?;
    Ok(Table::of_rect(game, table))
}

/// The `conjecture` of a two-pile game: its rows of P-positions, and the
/// rows of values that fit the budget, certified where its row `shape`
/// allows.
pub(crate) fn pile_conjecture(
    game: &dyn Game,
    rules: &impl RectRules,
    shape: Option<&dyn RowShape>,
    rows: &PRows,
    monitor: &mut dyn Monitor,
) -> Result<ConjectureReport> {
    let table = row_width(|r, w| rules.rect_cost(r, w))
        .map(|w| {
            rules.rect_table(
                crate::catalog::kit::table::ROWS_REPORTED,
                w,
                &mut progress_of(monitor),
            )
        })
        .transpose()
        .map_err(table_error)?;
    Ok(pile_report(game, rows, table.as_ref(), shape))
}

/// The two piles of a position.
pub(crate) fn parse_piles(at: &Position) -> Result<(UBig, UBig)> {
    match at.numbers.as_slice() {
        [x, y] => Ok((x.clone(), y.clone())),
        other => Err(Error::BadPosition(format!(
            "a two-pile game takes two pile sizes X Y, not {}",
            other.len()
        ))),
    }
}

/// The move from `(x, y)` to `(tx, ty)`, for people and as coordinate changes.
pub(crate) fn pile_move(x: &UBig, y: &UBig, tx: UBig, ty: UBig) -> Move {
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

/// The remoteness of `[x, y]` of a two-pile game and its optimal move (a
/// P-position's longest defence, an N-position's fastest win), by the
/// remoteness search over its rules within [`REMOTENESS_BUDGET`]; `None`
/// beyond it, or when there is no move. Ties go to the least `(x', y')`
/// reached, the order of the winning moves.
pub(crate) fn pile_defence<G>(rules: &G, position: &[UBig]) -> Option<Defence>
where
    G: Impartial<Position = (u64, u64)> + Clone,
{
    let [x, y] = position else {
        return None;
    };
    let (sx, sy) = (small(x)?, small(y)?);
    // Every position reached lies in the rectangle below (x, y): refusing a
    // rectangle beyond the budget bounds the first option list, built before
    // the budget counts it.
    if (u128::from(sx) + 1) * (u128::from(sy) + 1) > u128::from(REMOTENESS_BUDGET) {
        return None;
    }
    let mut search = Remoteness::new(rules.clone(), REMOTENESS_BUDGET);
    let remoteness = search.remoteness(&(sx, sy)).ok()?;
    let ((tx, ty), _) = search.best_move(&(sx, sy)).ok()??;
    Some(Defence {
        remoteness: UBig::from(remoteness),
        longest_move: pile_move(x, y, UBig::from(tx), UBig::from(ty)),
    })
}

/// The summands of the position `(x, y)` of a two-pile game for misère
/// play and Every-SG: the position is one summand, searched from `rules`
/// within [`CONVENTION_BUDGET`](crate::limits::CONVENTION_BUDGET); a
/// rectangle below it of more cells than the budget is refused at once
/// (its first option list alone could exceed it).
pub(crate) fn pile_summands<'a, G>(rules: G, x: &UBig, y: &UBig) -> Result<Summands<'a>>
where
    G: Impartial<Position = (u64, u64)> + 'a,
{
    let budget = crate::limits::CONVENTION_BUDGET;
    let (sx, sy) = match (small(x), small(y)) {
        (Some(sx), Some(sy))
            if (u128::from(sx) + 1) * (u128::from(sy) + 1) <= u128::from(budget) =>
        {
            (sx, sy)
        }
        _ => {
            return Err(Error::Limit(format!(
                "unknown: the piles ({x}, {y}) are beyond the search budget of {budget} positions \
                 of misère play and Every-SG"
            )))
        }
    };
    let names = rules
        .options(&(sx, sy))
        .into_iter()
        .map(|(tx, ty)| pile_move(x, y, UBig::from(tx), UBig::from(ty)))
        .collect();
    let coordinates = |&(a, b): &(u64, u64)| vec![UBig::from(a), UBig::from(b)];
    Ok(Summands::whole(rules, (sx, sy), vec![x.clone(), y.clone()], coordinates).named(names))
}

pub(crate) fn small(v: &UBig) -> Option<u64> {
    u64::try_from(v).ok()
}

/// The Grundy value of `(x, y)` from the table of the smaller positions that
/// `rules` compute (checked first against the value budget), with the orientation that
/// makes the table shortest when the game is `symmetric`; beyond the budget,
/// from a certified row of `shapes` (the game's row shape and its transpose)
/// where it has one; with what `method` says of it, or why there is no value.
pub(crate) fn value_from_rules(
    x: &UBig,
    y: &UBig,
    symmetric: bool,
    rules: &impl RectRules,
    shapes: Option<Shapes<'_>>,
    monitor: &mut dyn Monitor,
) -> Result<Result<(UBig, String), String>> {
    let why = match table_value(x, y, symmetric, rules, monitor)? {
        Ok(value) => {
            return Ok(Ok((
                value,
                "; Grundy value from the table of all smaller positions".into(),
            )))
        }
        Err(why) => why,
    };
    let Some(shapes) = shapes else {
        return Ok(Err(why));
    };
    Ok(match RowReading::of(shapes, x, y) {
        Ok(reading) => Ok((
            reading.value(),
            format!("; Grundy value: {}", reading.method()),
        )),
        Err(row_why) => Err(format!("{why}, and {row_why}")),
    })
}

/// The Grundy value of `(x, y)` from the table of the smaller positions,
/// or why it is beyond the value budget.
fn table_value(
    x: &UBig,
    y: &UBig,
    symmetric: bool,
    rules: &impl RectRules,
    monitor: &mut dyn Monitor,
) -> Result<Result<UBig, String>> {
    let (Some(sx), Some(sy)) = (small(x), small(y)) else {
        return Ok(Err("a pile is beyond 2^64".into()));
    };
    let (sx, sy) = if symmetric && sx > sy {
        (sy, sx)
    } else {
        (sx, sy)
    };
    let (rows, width) = (u128::from(sx) + 1, u128::from(sy) + 1);
    let fits = |v: u128| usize::try_from(v).ok();
    let cost = fits(rows)
        .zip(fits(width))
        .map_or(u128::MAX, |(r, w)| rules.rect_cost(r, w));
    if let Some(why) = value_out_of_budget(rows, width, cost) {
        return Ok(Err(why));
    }
    let table = rules
        .rect_table(rows as usize, width as usize, &mut progress_of(monitor))
        .map_err(table_error)?;
    let value = table.get(sx as usize, sy as usize).expect("in the table");
    Ok(Ok(UBig::from(value)))
}

/// The Grundy value, and what `method` says of it.
pub(crate) fn value_and_note(
    is_p: bool,
    value: impl FnOnce() -> Result<Result<(UBig, String), String>>,
) -> Result<(Option<UBig>, String)> {
    if is_p {
        return Ok((Some(UBig::ZERO), String::new()));
    }
    Ok(match value()? {
        Ok((g, note)) => (Some(g), note),
        Err(why) => (None, format!("; the Grundy value is not computed: {why}")),
    })
}

/// The options of `at` whose value is `target`, ascending, each once
/// (families of moves may overlap: (2, 2) and (1, 1) both take (2, 2)).
pub(crate) fn options_of_value(
    rules: &impl Impartial<Position = (u64, u64)>,
    value: impl Fn((u64, u64)) -> u32,
    at: (u64, u64),
    target: u32,
) -> Vec<(u64, u64)> {
    let mut targets: Vec<(u64, u64)> = rules
        .options(&at)
        .into_iter()
        .filter(|&o| value(o) == target)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    targets
}

/// A two-pile position as a component of a sum: its value and its moves to
/// any value from the table of every position up to it, within the value
/// budget (the table of `analyze`); with `symmetric`, the table is taken with
/// the smaller pile as rows.
pub(crate) fn pile_component<'a, R>(
    game: &dyn Game,
    rules: &'a R,
    at: &Position,
    symmetric: bool,
    shapes: Option<Shapes<'a>>,
    monitor: &mut dyn Monitor,
) -> Result<Component<'a>>
where
    R: RectRules + Impartial<Position = (u64, u64)>,
{
    let (x, y) = parse_piles(at)?;
    let not_computed = |why: String| {
        let from_rows = match shapes {
            Some(shapes) => match RowReading::of(shapes, &x, &y) {
                Ok(reading) => return Ok(reading.component()),
                Err(row_why) => format!(", and {row_why}"),
            },
            None => String::new(),
        };
        Err(Error::Limit(format!(
            "the Grundy value of {} {x} {y} is computed from the rules only, and {why}{from_rows}",
            game.spec()
        )))
    };
    let Some((sx, sy)) = small(&x).zip(small(&y)) else {
        return not_computed("a pile is beyond 2^64".into());
    };
    let swap = symmetric && sx > sy;
    let (rows, width) = if swap { (sy, sx) } else { (sx, sy) };
    let (rows, width) = (u128::from(rows) + 1, u128::from(width) + 1);
    let fits = |v: u128| usize::try_from(v).ok();
    let cost = fits(rows)
        .zip(fits(width))
        .map_or(u128::MAX, |(r, w)| rules.rect_cost(r, w));
    if let Some(why) = value_out_of_budget(rows, width, cost) {
        return not_computed(why);
    }
    let table = rules
        .rect_table(rows as usize, width as usize, &mut progress_of(monitor))
        .map_err(table_error)?;
    let value = move |(a, b): (u64, u64)| {
        let (a, b) = if swap { (b, a) } else { (a, b) };
        table
            .get(a as usize, b as usize)
            .expect("an option is within the table")
    };
    let grundy = UBig::from(value((sx, sy)));
    let method = format!("Grundy table of every position up to ({sx}, {sy}) from the rules");
    let moves_to = move |target: &UBig| {
        let Ok(target) = u32::try_from(target) else {
            return Ok(Vec::new());
        };
        let targets = options_of_value(rules, &value, (sx, sy), target);
        Ok(targets
            .into_iter()
            .map(|(ox, oy)| pile_move(&x, &y, UBig::from(ox), UBig::from(oy)))
            .collect())
    };
    Ok(Component::new(
        vec![UBig::from(sx), UBig::from(sy)],
        grundy,
        method,
        moves_to,
    ))
}

/// A game's row shape and the row shape of the same game with its piles
/// swapped (the same for a symmetric game), for positions read from a
/// certified row.
pub(crate) type Shapes<'a> = (&'a dyn RowShape, &'a dyn RowShape);

/// A position `(x, y)` read from a certified row (see [`crate::games::rows`]):
/// the smaller admissible pile is the row, the other the column.
pub(crate) struct RowReading {
    /// Rows `0..=row`, certified.
    rows: Vec<PeriodicRow>,
    /// The options of the row in lower rows, `(x', c)`.
    lower: Vec<(u64, u64)>,
    /// The row and the column.
    row: u64,
    column: UBig,
    /// Whether the row is the second pile (the game with its piles swapped).
    swapped: bool,
}

impl RowReading {
    /// The reading of `(x, y)`: as row `x` of the game, or row `y` of the game
    /// with its piles swapped, the smaller row first, for rows up to
    /// [`CERTIFIED_ROWS`] within [`ROW_WORK`] and [`ROW_COLUMNS`]; or why not.
    pub(crate) fn of(shapes: Shapes<'_>, x: &UBig, y: &UBig) -> Result<RowReading, String> {
        let mut ways = [(shapes.0, x, y, false), (shapes.1, y, x, true)];
        ways.sort_by(|a, b| a.1.cmp(b.1));
        let mut why = format!(
            "both piles are beyond {CERTIFIED_ROWS}, the last row whose period is certified \
             (CERTIFIED_ROWS)"
        );
        for (shape, row, column, swapped) in ways {
            let Some(row) = small(row).filter(|&r| r <= CERTIFIED_ROWS) else {
                continue;
            };
            if let Err(reason) = shape.row_rule() {
                why = format!("its rows cannot be certified: {reason}");
                continue;
            }
            let budget = RowBudget {
                work: ROW_WORK,
                columns: ROW_COLUMNS,
            };
            let rows = certify_rows(shape, row, budget)
                .map_err(|e| format!("{e} (ROW_WORK, ROW_COLUMNS)"))?;
            return Ok(RowReading {
                rows,
                lower: shape.lower_options(row),
                row,
                column: column.clone(),
                swapped,
            });
        }
        Err(why)
    }

    /// The Grundy value of the position.
    pub(crate) fn value(&self) -> UBig {
        self.rows[self.row as usize].value(&self.column)
    }

    /// The positions of value `target` one move reaches, ascending: in the
    /// row, the one column of that value (row values are distinct) if it is
    /// smaller; in lower rows, each option whose value is `target`.
    pub(crate) fn targets(&self, target: &UBig) -> Vec<(UBig, UBig)> {
        let row = &self.rows[self.row as usize];
        let in_row = row
            .column_of(target)
            .filter(|c| *c < self.column)
            .map(|c| (self.row, c));
        let below = self.lower.iter().filter_map(|&(r, c)| {
            let c = UBig::from(c);
            let column = (c <= self.column).then(|| &self.column - &c)?;
            (self.rows[r as usize].value(&column) == *target).then_some((r, column))
        });
        let mut targets: Vec<(UBig, UBig)> = in_row
            .into_iter()
            .chain(below)
            .map(|(r, c)| match self.swapped {
                false => (UBig::from(r), c),
                true => (c, UBig::from(r)),
            })
            .collect();
        targets.sort();
        targets.dedup();
        targets
    }

    /// How the value was found, for `method`.
    pub(crate) fn method(&self) -> String {
        let r = &self.rows[self.row as usize];
        let (x, p, y0) = (r.row, r.period, r.preperiod);
        let which = match self.swapped {
            false => format!("row {x}"),
            true => format!("row {x} of the game with the piles swapped (the second pile is {x})"),
        };
        format!(
            "{which} of the Grundy table is certified additively periodic, G({x}, y + {p}) = \
             G({x}, y) + {p} for all y >= {y0} (preperiod {y0}, period {p}), by a repeated state \
             (missing values, y mod the lower rows' periods) at columns {} and {}, rows 0..{x} \
             certified the same way first; moves in the row by inverting the periodic row, the {} \
             moves to lower rows one by one",
            r.repeat.0,
            r.repeat.1,
            self.lower.len()
        )
    }

    /// The position as a component of a sum.
    pub(crate) fn component<'a>(self) -> Component<'a> {
        let (x, y) = match self.swapped {
            false => (UBig::from(self.row), self.column.clone()),
            true => (self.column.clone(), UBig::from(self.row)),
        };
        let (value, method) = (self.value(), self.method());
        let (px, py) = (x.clone(), y.clone());
        let moves_to = move |target: &UBig| {
            Ok(self
                .targets(target)
                .into_iter()
                .map(|(tx, ty)| pile_move(&px, &py, tx, ty))
                .collect())
        };
        Component::new(vec![x, y], value, method, moves_to)
    }
}

/// The options of a two-pile game by its rules, described as `analyze`
/// describes pile moves; refused when the rectangle below the piles (which
/// bounds the options) exceeds [`PLAY_OPTIONS`] squared.
pub(crate) fn pile_options<G: Impartial<Position = (u64, u64)>>(
    game: &dyn Game,
    rules: &G,
    at: &Position,
) -> Result<Vec<PlayMove>> {
    let [x, y] = at.small_numbers(game)?[..] else {
        return Err(Error::BadPosition(format!(
            "a two-pile game takes two pile sizes X Y, not {}",
            at.numbers.len()
        )));
    };
    if (x + 1) * (y + 1) > (PLAY_OPTIONS as u64) * 16 {
        return Err(too_many(game));
    }
    let (px, py) = (&at.numbers[0], &at.numbers[1]);
    rules_options(
        game,
        rules,
        &(x, y),
        |&(a, b)| vec![UBig::from(a), UBig::from(b)],
        |to| pile_move(px, py, to[0].clone(), to[1].clone()),
    )
}
