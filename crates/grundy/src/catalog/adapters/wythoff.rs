//! Wythoff's game, k-Wythoff (`wythoff`, `wythoff:k=K`) and Wythoff with
//! ratios (`wythoff:ratios`), over the [two-pile adapter](super::piles).

use crate::arith::decimal;
use crate::catalog::entry::{Build, Entry, PILE_VERBS};
use crate::catalog::{Board, Form, Position, SequenceOf};
use crate::limits::{
    MAX_TABLE_SIDE, MAX_WYTHOFF_SIDE, RATIOS_MAX_PILE, RATIOS_MAX_ROWS, RATIOS_ROWS, RATIOS_ROW_CAP,
};
use dashu_int::UBig;

use super::piles::{
    parse_piles, pile_component, pile_conjecture, pile_defence, pile_move, pile_options,
    pile_summands, rules_table, small, value_and_note, value_from_rules,
};
use crate::analysis::conjecture::certain_pairs;
use crate::catalog::answer::Defence;
use crate::catalog::kit::options::PlayMove;
use crate::catalog::kit::table::{check_side, progress_of, sieve_rows, table_error, Table};
use crate::catalog::{
    check_count, Alone, Analysis, Component, EveryForm, Game, PairList, Sequence,
};
use crate::catalog::{ConjectureReport, Monitor};
use crate::catalog::{Summands, Terms};
use crate::error::{Error, Result};
use crate::game::{Impartial, Outcome};
use crate::games::wythoff::{Wythoff, WythoffRatios};
use crate::solve::lines::{PRows, RowP};
use crate::solve::wavefront::{k_wythoff_table, wythoff_table};

/// The registry's entry of `wythoff`.
pub(crate) const ENTRY: Entry = Entry {
    name: "wythoff",
    forms: &["wythoff", "wythoff:k=K", "wythoff:ratios"],
    form_note: "",
    aliases: &[],
    summary: "one pile, or both with amounts differing by at most K \
              (`ratios`: `(p*t, t)` / `(t, p*t)` from both)",
    position: "piles X Y",
    theory: "Beatty pairs `(floor(i*r), floor(i*r) + (K+1)i)`, exact at any size, \
             K up to 2^64-1; `ratios`: no closed form, a sieve that says which rows \
             have no P-position",
    verbs: PILE_VERBS,
    example_spec: "wythoff",
    example_position: "3 5",
    example_stdin: "",
    build: Build::Optional(wythoff),
};

/// The remoteness of `(x, y)` in closed form ([`Wythoff::remoteness`]),
/// with the longest defence at a P-position and the fastest win (to the
/// P-position of least index, the first in `(x', y')` order) at an N-position;
/// `None` at `(0, 0)`.
fn closed_defence(game: &Wythoff, x: &UBig, y: &UBig) -> Option<Defence> {
    let (tx, ty) = game
        .longest_defence(x, y)
        .or_else(|| game.fastest_win(x, y))?;
    Some(Defence {
        remoteness: game.remoteness(x, y),
        longest_move: pile_move(x, y, tx, ty),
    })
}

/// `wythoff`, `wythoff:k=K` or `wythoff:ratios`.
pub(crate) fn wythoff(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    let accepted = "write wythoff, wythoff:k=K with 0 <= K < 2^64, or wythoff:ratios";
    match params {
        None => Ok(Box::new(WythoffEntry(Wythoff::classic()))),
        Some("ratios") => Ok(Box::new(RatiosEntry)),
        Some(p) => {
            let k = p
                .strip_prefix("k=")
                .and_then(decimal::<u64>)
                .ok_or_else(|| Error::spec(spec, accepted))?;
            Ok(Box::new(WythoffEntry(Wythoff::new(k))))
        }
    }
}

struct WythoffEntry(Wythoff);

impl Game for WythoffEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("pile size").drawn(Board::Piles)
    }

    fn spec(&self) -> String {
        match self.0.k() {
            0 => "wythoff".into(),
            k => format!("wythoff:k={k}"),
        }
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        pile_options(self, &self.0, at)
    }

    fn analyze(&self, at: &Position, _: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let (x, y) = parse_piles(at)?;
        let is_p = self.0.is_p(&x, &y);
        let moves = self
            .0
            .winning_moves(&x, &y)
            .into_iter()
            .map(|(tx, ty)| pile_move(&x, &y, tx, ty))
            .collect();
        let (grundy, note) = value_and_note(is_p, || {
            value_from_rules(&x, &y, true, &self.0, Some((&self.0, &self.0)), monitor)
        })?;
        let method = format!("{}{note}", closed_form(&self.0));
        Ok(Analysis::new(
            self,
            vec![x, y],
            Outcome::from_p(is_p),
            grundy,
            moves,
            &method,
        )
        .sorted()
        .defended(|p| closed_defence(&self.0, &p[0], &p[1])))
    }

    /// Misère play alone in closed form for Wythoff's game (see
    /// [`Wythoff::misere_is_p`]) and Every-SG alone for every `k` (see
    /// [`Wythoff::suspense`]), else by the rules.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let (x, y) = parse_piles(at)?;
        let alone = self.0.misere_is_p(&x, &y).map(|is_p| Alone {
            outcome: Outcome::from_p(is_p),
            moves: (self.0.misere_winning_moves(&x, &y).unwrap_or_default())
                .into_iter()
                .map(|(tx, ty)| pile_move(&x, &y, tx, ty))
                .collect(),
            rule: "closed form: the misère P-positions of Wythoff's game are the normal ones \
                   with (0, 0), (1, 2) and (2, 1) replaced by (0, 1), (1, 0) and (2, 2)"
                .into(),
        });
        let steps = self.0.suspense(&x, &y);
        let lasting = self.0.suspense_moves(&x, &y);
        // Only the player to move at an odd suspense has winning moves.
        let winning = match steps % 2 {
            1 => lasting.clone(),
            _ => Vec::new(),
        };
        let every = EveryForm {
            steps: UBig::from(steps),
            lasting: (lasting.into_iter().take(1))
                .map(|(tx, ty)| pile_move(&x, &y, tx, ty))
                .collect(),
            moves: (winning.into_iter())
                .map(|(tx, ty)| pile_move(&x, &y, tx, ty))
                .collect(),
            rule: "closed form: a position of Wythoff's game lasts 0 moves at (0, 0), 2 at the \
                   other P-positions, 3 at an N-position reaching a P-position other than (0, 0), \
                   1 at the others (its suspense, Every-SG); the player to move wins when it is \
                   odd, by moving to a P-position that lasts longest"
                .into(),
        };
        let mut summands = match pile_summands(self.0.clone(), &x, &y) {
            Ok(summands) => summands,
            // Alone, the closed forms answer at any size.
            Err(_) => Summands::closed_only(vec![x, y]),
        };
        summands.alone = alone;
        summands.every = Some(every);
        Ok(summands)
    }

    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        pile_component(self, &self.0, at, true, Some((&self.0, &self.0)), monitor)
    }

    fn sequence(&self, of: SequenceOf, _: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        let count = check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Pairs(PairList {
                pairs: self.0.p_positions(count),
                searched_below: None,
                rows_without_p: Vec::new(),
                rows_unsettled: Vec::new(),
            }),
            stats: None,
        })
    }

    fn table(&self, size: u64, values: bool, monitor: &mut dyn Monitor) -> Result<Table> {
        self.draw(size, values, monitor)
    }

    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        self.explore(monitor)
    }
}

impl WythoffEntry {
    /// Grundy values: the parallel table for Wythoff's game, the rules for k > 0.
    fn values(&self, size: usize, monitor: &mut dyn Monitor) -> Result<Table> {
        let k = usize::try_from(self.0.k()).unwrap_or(usize::MAX);
        // A mex is below (2k + 3) size: u16 cells hold it up to 2^16.
        let small = k
            .checked_mul(2)
            .and_then(|k2| k2.checked_add(3)?.checked_mul(size))
            .is_some_and(|bound| bound <= 1 << 16);
        let mut progress = progress_of(monitor);
        if k == 0 {
            return Ok(match small {
                true => Table::of_small_values(
                    self,
                    wythoff_table::<u16>(size, &mut progress).map_err(table_error)?,
                ),
                false => Table::of_values(
                    self,
                    wythoff_table::<u32>(size, &mut progress).map_err(table_error)?,
                ),
            });
        }
        let table = match small {
            true => k_wythoff_table::<u16>(size, k, &mut progress)
                .map(|t| t.map(|t| Table::of_small_values(self, t))),
            false => k_wythoff_table::<u32>(size, k, &mut progress)
                .map(|t| t.map(|t| Table::of_values(self, t))),
        };
        drop(progress);
        match table.map_err(table_error)? {
            Some(table) => Ok(table),
            None => rules_table(self, &self.0, size, monitor),
        }
    }

    /// The table verb: P-positions from the closed form, values as above;
    /// Wythoff's game itself up to a side of [`MAX_WYTHOFF_SIDE`].
    fn draw(&self, size: u64, values: bool, monitor: &mut dyn Monitor) -> Result<Table> {
        let size = match self.0.k() {
            0 => check_side(size, MAX_WYTHOFF_SIDE as u64)?,
            _ => check_side(size, MAX_TABLE_SIDE)?,
        };
        if values {
            return self.values(size, monitor);
        }
        let p = (0..size).filter_map(|x| {
            let y = small(&self.0.partner(&UBig::from(x)))?;
            Some((x, usize::try_from(y).ok()?))
        });
        Ok(Table::of_p_positions(self, size, p))
    }

    /// The conjecture verb: P-positions by the rules, row by row (each earlier
    /// P-position attacks two intervals of a row), and rows of values.
    fn explore(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        let rows = self.0.p_rows(sieve_rows(2), &mut progress_of(monitor));
        pile_conjecture(self, &self.0, Some(&self.0), &rows, monitor)
    }
}

struct RatiosEntry;

impl RatiosEntry {
    fn draw(&self, size: u64, values: bool, monitor: &mut dyn Monitor) -> Result<Table> {
        let size = check_side(size, MAX_TABLE_SIDE)?;
        if values {
            return rules_table(self, &WythoffRatios, size, monitor);
        }
        let sieve = WythoffRatios.sieve(size).map_err(table_error)?;
        let p = sieve
            .pairs
            .iter()
            .flat_map(|&(a, b)| [(a as usize, b as usize), (b as usize, a as usize)]);
        Ok(Table::of_p_positions(self, size, p))
    }

    fn explore(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        let rows = WythoffRatios.rows(RATIOS_ROWS, RATIOS_ROW_CAP, &mut progress_of(monitor));
        pile_conjecture(self, &WythoffRatios, None, &rows, monitor)
    }

    /// The rows `x < rows` of the ratio game, each searched below `cap`, after
    /// checking [`RATIOS_MAX_ROWS`].
    fn rows(rows: usize, cap: u128, monitor: &mut dyn Monitor) -> Result<PRows> {
        if rows > RATIOS_MAX_ROWS {
            return Err(Error::Limit(format!(
                "wythoff:ratios has no closed form: the answer needs {rows} rows of P-positions, more than \
                 the {RATIOS_MAX_ROWS} one call computes"
            )));
        }
        Ok(WythoffRatios.rows(rows, cap, &mut progress_of(monitor)))
    }
}

impl Game for RatiosEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("pile size").drawn(Board::Piles)
    }

    fn spec(&self) -> String {
        "wythoff:ratios".into()
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        pile_options(self, &WythoffRatios, at)
    }

    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        pile_component(self, &WythoffRatios, at, true, None, monitor)
    }

    fn analyze(&self, at: &Position, _: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let (x, y) = parse_piles(at)?;
        let too_big = || {
            Error::Limit(format!(
                "wythoff:ratios has no closed form; positions are decided from the rules, with both piles at \
                 most {RATIOS_MAX_PILE} and the smaller below {RATIOS_MAX_ROWS}"
            ))
        };
        let (sx, sy) = small(&x)
            .zip(small(&y))
            .filter(|&(a, b)| a.max(b) <= RATIOS_MAX_PILE)
            .ok_or_else(too_big)?;
        let (low, high) = (sx.min(sy), sx.max(sy));
        // Every option is below the position, so rows up to the smaller pile,
        // searched below the larger, decide it and all its options (the game is
        // symmetric: (a, b) is P when the row of min(a, b) has its P at max(a, b)).
        let rows = Self::rows(low as usize + 1, u128::from(high) + 1, monitor)?;
        let is_p = |(a, b): (u64, u64)| {
            rows.rows[a.min(b) as usize]
                .found()
                .contains(&u128::from(a.max(b)))
        };
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
        let (grundy, note) = value_and_note(p, || {
            value_from_rules(&x, &y, true, &WythoffRatios, None, monitor)
        })?;
        Ok(Analysis::new(
            self,
            vec![x, y],
            Outcome::from_p(p),
            grundy,
            moves,
            &format!(
                "P-positions of the rows below {} from the rules (no closed form is known){note}",
                low + 1
            ),
        )
        .sorted()
        .defended(|p| pile_defence(&WythoffRatios, p)))
    }

    /// Misère play and Every-SG by the rules.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let (x, y) = parse_piles(at)?;
        pile_summands(WythoffRatios, &x, &y)
    }

    /// The first `count` P-pairs by `a`. A row holds at most one P-position;
    /// the pairs with `a < A` are certain once every row below `A` is settled:
    /// its P-position found (every option of a cell below the search bound is
    /// below it, so the first free cell found is exact), or the row proved to
    /// hold none. Rows are added until `count` pairs are certain.
    fn sequence(&self, of: SequenceOf, monitor: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        let count = check_count(count)?;
        // About 0.45 P-pairs per row.
        let mut rows = (64 + count.saturating_mul(9) / 4).min(RATIOS_MAX_ROWS);
        loop {
            let found = Self::rows(rows, RATIOS_ROW_CAP, monitor)?;
            let (pairs, limit) = certain_pairs(&found);
            if pairs.len() >= count {
                let end = pairs.get(count).map_or(limit, |&(a, _)| a);
                let proven_empty = |x: &usize| found.rows[*x] == RowP::Exactly(Vec::new());
                return Ok(Sequence {
                    game: self.spec(),
                    terms: Terms::Pairs(PairList {
                        pairs: pairs
                            .into_iter()
                            .take(count)
                            .map(|(a, b)| (UBig::from(a), UBig::from(b)))
                            .collect(),
                        searched_below: Some(end),
                        rows_without_p: (0..end as usize)
                            .filter(proven_empty)
                            .map(|x| x as u64)
                            .collect(),
                        rows_unsettled: Vec::new(),
                    }),
                    stats: None,
                });
            }
            if (limit as usize) < rows {
                return Err(Error::Limit(format!(
                    "only the first {} P-positions of wythoff:ratios are certain: row {limit} holds none below \
                     {RATIOS_ROW_CAP} and none was proved absent; ask for --count {} or fewer",
                    pairs.len(),
                    pairs.len()
                )));
            }
            if rows == RATIOS_MAX_ROWS {
                return Err(Error::Limit(format!(
                    "wythoff:ratios has no closed form: the {RATIOS_MAX_ROWS} rows one call examines hold {} \
                     P-pairs; ask for --count {} or fewer",
                    pairs.len(),
                    pairs.len()
                )));
            }
            rows = (2 * rows).min(RATIOS_MAX_ROWS);
        }
    }

    fn table(&self, size: u64, values: bool, monitor: &mut dyn Monitor) -> Result<Table> {
        self.draw(size, values, monitor)
    }

    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        self.explore(monitor)
    }
}

/// The method line of the P-positions' closed form: Wythoff's own Beatty
/// pair (Wythoff 1907), or k-Wythoff's (Fraenkel 1982) with its `k + 1` and
/// its ratio as a person writes them.
fn closed_form(game: &Wythoff) -> String {
    match game.k() {
        0 => "closed form (Wythoff 1907): P-positions (floor(i*phi), floor(i*phi^2)), \
              phi = (1+sqrt(5))/2"
            .to_string(),
        k => format!(
            "closed form (Fraenkel 1982): P-positions (a_i, a_i + {}*i), a_i = floor(i*r), r = {}",
            u128::from(k) + 1,
            game.ratio().written()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::twopile::tests::check_analyze;
    use crate::catalog::{analyze_sum, parse, Quiet, SumPart, SumValue};
    use crate::games::rows::{certify_rows, RowBudget};
    use crate::games::wythoff::{Wythoff, WythoffRatios};
    use crate::limits::{ROW_COLUMNS, ROW_WORK};
    use crate::solve::table::{RectRules, RectTable};
    use dashu_int::UBig;
    use proptest::prelude::*;

    #[test]
    fn the_method_names_the_closed_form_as_written() {
        assert_eq!(
            super::closed_form(&Wythoff::classic()),
            "closed form (Wythoff 1907): P-positions (floor(i*phi), floor(i*phi^2)), \
             phi = (1+sqrt(5))/2"
        );
        assert_eq!(
            super::closed_form(&Wythoff::new(2)),
            "closed form (Fraenkel 1982): P-positions (a_i, a_i + 3*i), a_i = floor(i*r), \
             r = (-1+sqrt(13))/2"
        );
    }

    /// Columns of the rules table the huge columns are brought down into.
    const WIDTH: u64 = 3000;

    /// `G(x, y)` for a row `x < 9` and any `y`, independently of the row
    /// reading: `y` is brought below [`WIDTH`] by whole periods of the row
    /// (the certified statement) and read in the table of the rules.
    fn value_by_rules(table: &RectTable, periods: &[u64], x: u64, y: &UBig) -> UBig {
        let p = periods[x as usize];
        let small = match u64::try_from(y) {
            Ok(v) if v < WIDTH => v,
            _ => WIDTH - p + (y - (WIDTH - p)) % p,
        };
        let shift = y - small;
        UBig::from(table.get(x as usize, small as usize).unwrap()) + shift
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn winning_moves_of_huge_rows_reach_zero_sums(
            x in 0u64..9,
            high in 1u64..u64::MAX,
            low in 0u64..u64::MAX,
            heap in 0u64..3000,
        ) {
            let rows = certify_rows(
                &Wythoff::classic(),
                8,
                RowBudget { work: ROW_WORK, columns: ROW_COLUMNS },
            )
            .unwrap();
            let periods: Vec<u64> = rows.iter().map(|r| r.period).collect();
            let table = Wythoff::classic().rect_table(9, WIDTH as usize, &mut |_, _| {}).unwrap();
            let y = (UBig::from(high) << 64) + UBig::from(low);
            let value = value_by_rules(&table, &periods, x, &y);
            let parts = vec![
                SumPart::new(parse("wythoff").unwrap(), crate::catalog::Position::heaps([UBig::from(x), y.clone()])),
                SumPart::new(parse("nim").unwrap(), crate::catalog::Position::heaps([heap])),
            ];
            let sum = analyze_sum(&parts, false, &mut Quiet).unwrap();
            prop_assert_eq!(&sum.components[0].grundy, &SumValue::Finite(value.clone()));
            let total = &value ^ UBig::from(heap);
            prop_assert_eq!(&sum.grundy, &SumValue::Finite(total.clone()));
            // Every listed move reaches a sum of value 0, by the rules' table.
            for m in &sum.winning_moves {
                let after = match m.component {
                    0 => {
                        let a = u64::try_from(&m.to[0]).unwrap();
                        value_by_rules(&table, &periods, a, &m.to[1]) ^ UBig::from(heap)
                    }
                    _ => value.clone() ^ &m.to[0],
                };
                prop_assert_eq!(after, UBig::ZERO, "{:?}", m);
            }
            // The moves to lower rows are finitely many: each of value g ^ X
            // is listed.
            let target = &value ^ &total;
            let listed: Vec<&Vec<UBig>> = sum.winning_moves.iter().filter(|m| m.component == 0).map(|m| &m.to).collect();
            let mut lower: Vec<(u64, UBig)> = (0..x).map(|a| (a, y.clone())).collect();
            lower.extend((1..=x).map(|s| (x - s, &y - UBig::from(s))));
            for (a, b) in lower {
                if value_by_rules(&table, &periods, a, &b) == target {
                    prop_assert!(listed.contains(&&vec![UBig::from(a), b.clone()]), "({}, {}) missing", a, b);
                }
            }
        }
    }

    #[test]
    fn values_and_moves_are_those_of_the_rules() {
        // `analyze wythoff:ratios 9 9` gave no value.
        check_analyze("wythoff:ratios", WythoffRatios, 30);
        check_analyze("wythoff", Wythoff::classic(), 30);
        check_analyze("wythoff:k=3", Wythoff::new(3), 30);
    }
}
