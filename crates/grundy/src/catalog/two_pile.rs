//! The two-pile adapter: what every two-pile game of the catalogue
//! (Wythoff's game and its variants, `twopile:` games) answers the same way,
//! over the [`RectRules`] each implements.

use dashu_int::UBig;

use super::answer::Defence;
use super::explore::{
    check_rules_cost, pile_report, progress_of, row_width, table_error, value_out_of_budget, Table,
};
use super::{parse_naturals, Component, ConjectureReport, Game, Monitor, Move};
use crate::error::Error;
use crate::game::Impartial;
use crate::limits::REMOTENESS_BUDGET;
use crate::solve::lines::PRows;
use crate::solve::remoteness::Remoteness;
use crate::solve::table::RectRules;

/// The Grundy values of every position of a `size` square from the rules,
/// after checking their cost: the `table --values` of a game without a
/// faster way.
pub(super) fn rules_table(
    game: &dyn Game,
    rules: &impl RectRules,
    size: usize,
    monitor: &mut dyn Monitor,
) -> Result<Table, Error> {
    check_rules_cost(&game.spec(), size, rules.rect_cost(size, size))?;
    let table = rules
        .rect_table(size, size, &mut progress_of(monitor))
        .map_err(table_error)?;
    Ok(Table::of_rect(game, &table))
}

/// The `conjecture` of a two-pile game: its rows of P-positions, and the
/// rows of values that fit the budget.
pub(super) fn pile_conjecture(
    game: &dyn Game,
    rules: &impl RectRules,
    rows: &PRows,
    monitor: &mut dyn Monitor,
) -> Result<ConjectureReport, Error> {
    let table = row_width(|r, w| rules.rect_cost(r, w))
        .map(|w| rules.rect_table(super::explore::ROWS_REPORTED, w, &mut progress_of(monitor)))
        .transpose()
        .map_err(table_error)?;
    Ok(pile_report(game, rows, table.as_ref()))
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

/// The longest defence of the P-position `[x, y]` of a two-pile game, by the
/// remoteness search over its rules within [`REMOTENESS_BUDGET`]; `None`
/// beyond it, or when there is no move. Ties go to the least `(x', y')`
/// reached, the order of the winning moves.
pub(super) fn pile_defence<G>(rules: &G, position: &[UBig]) -> Option<Defence>
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
    if remoteness % 2 != 0 {
        return None; // not a P-position: no defence to show
    }
    let ((tx, ty), _) = search.best_move(&(sx, sy)).ok()??;
    Some(Defence {
        remoteness: UBig::from(remoteness),
        longest_move: pile_move(x, y, UBig::from(tx), UBig::from(ty)),
    })
}

pub(super) fn small(v: &UBig) -> Option<u64> {
    u64::try_from(v).ok()
}

/// The Grundy value of `(x, y)` from the table of the smaller positions that
/// `rules` compute (checked first against the value budget), with the orientation that
/// makes the table shortest when the game is `symmetric`; or why not.
pub(super) fn value_from_rules(
    x: &UBig,
    y: &UBig,
    symmetric: bool,
    rules: &impl RectRules,
    monitor: &mut dyn Monitor,
) -> Result<Result<UBig, String>, Error> {
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
pub(super) fn value_and_note(
    is_p: bool,
    value: impl FnOnce() -> Result<Result<UBig, String>, Error>,
) -> Result<(Option<UBig>, String), Error> {
    if is_p {
        return Ok((Some(UBig::ZERO), String::new()));
    }
    Ok(match value()? {
        Ok(g) => (
            Some(g),
            "; Grundy value from the table of all smaller positions".into(),
        ),
        Err(why) => (None, format!("; the Grundy value is not computed: {why}")),
    })
}

/// The options of `at` whose value is `target`, ascending, each once
/// (families of moves may overlap: (2, 2) and (1, 1) both take (2, 2)).
pub(super) fn options_of_value(
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
pub(super) fn pile_component<'a, R>(
    game: &dyn Game,
    rules: &'a R,
    position: &[String],
    symmetric: bool,
    monitor: &mut dyn Monitor,
) -> Result<Component<'a>, Error>
where
    R: RectRules + Impartial<Position = (u64, u64)>,
{
    let (x, y) = parse_piles(position)?;
    let not_computed = |why: String| {
        Error::Limit(format!(
            "the Grundy value of {} {x} {y} is computed from the rules only, and {why}",
            game.spec()
        ))
    };
    let (sx, sy) = small(&x)
        .zip(small(&y))
        .ok_or_else(|| not_computed("a pile is beyond 2^64".into()))?;
    let swap = symmetric && sx > sy;
    let (rows, width) = if swap { (sy, sx) } else { (sx, sy) };
    let (rows, width) = (u128::from(rows) + 1, u128::from(width) + 1);
    let fits = |v: u128| usize::try_from(v).ok();
    let cost = fits(rows)
        .zip(fits(width))
        .map_or(u128::MAX, |(r, w)| rules.rect_cost(r, w));
    if let Some(why) = value_out_of_budget(rows, width, cost) {
        return Err(not_computed(why));
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
