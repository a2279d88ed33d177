//! `twopile:DX,DY[:T]+...`: a two-pile game given by its move families, over the
//! [two-pile adapter](super::piles),
//! answered from its rules alone (see [`crate::games::twopile`]).

use crate::catalog::entry::{Build, Entry, Verb};
use crate::catalog::{Board, Form, Position};
use crate::limits::MAX_TABLE_SIDE;
use dashu_int::UBig;

use super::piles::{
    options_of_value, parse_piles, pile_component, pile_conjecture, pile_defence, pile_move,
    pile_options, pile_summands, rules_table, RowReading, Shapes,
};
use crate::catalog::kit::options::PlayMove;
use crate::catalog::kit::table::{
    check_side, progress_of, rectangle_rows, sieve_rows, table_error, value_out_of_budget, Table,
};
use crate::catalog::{Analysis, Component, ConjectureReport, Game, Monitor, Summands};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::games::twopile::TwoPile;
use crate::solve::table::RectRules;

/// The registry's entry of `twopile`.
pub(crate) const ENTRY: Entry = Entry {
    name: "twopile",
    forms: &["twopile:DX,DY[:T]+..."],
    form_note: "take t*(DX,DY), 1 <= t [<= T]; e.g. twopile:1,0+0,1+1,1 is Wythoff",
    aliases: &[],
    summary: "two piles; a move takes `t*(DX,DY)` for one listed family",
    position: "piles X Y",
    theory: "from the rules (ray tables and sieves); explored by `table` and `conjecture`",
    verbs: &[Verb::Analyze, Verb::Table, Verb::Conjecture],
    example_spec: "twopile:1,0+0,1+1,2+2,1",
    example_position: "3 5",
    example_stdin: "",
    build: Build::Required {
        build: two_pile,
        missing: "write twopile:DX,DY+DX,DY+..., e.g. twopile:1,0+0,1+1,1",
    },
};

/// `twopile:...`.
pub(crate) fn two_pile(spec: &str, families: &str) -> Result<Box<dyn Game>> {
    let game = TwoPile::parse(families).map_err(|reason| Error::spec(spec, reason))?;
    let transposed = game.transposed();
    Ok(Box::new(TwoPileEntry(game, transposed)))
}

/// The game, and the game with its piles swapped (for positions read from a
/// certified column).
struct TwoPileEntry(TwoPile, TwoPile);

impl TwoPileEntry {
    fn shapes(&self) -> Shapes<'_> {
        (&self.0, &self.1)
    }

    /// `analyze` of a position beyond the table's budget (`why`): from a
    /// certified row, or why not.
    fn analyze_by_rows(&self, x: UBig, y: UBig, why: String) -> Result<Analysis> {
        let reading = RowReading::of(self.shapes(), &x, &y).map_err(|row_why| {
            Error::Limit(format!(
                "twopile games are solved from their rules, and this position is too large: {why}, \
                 and {row_why}"
            ))
        })?;
        let grundy = reading.value();
        let moves = reading
            .targets(&UBig::ZERO)
            .into_iter()
            .map(|(tx, ty)| pile_move(&x, &y, tx, ty))
            .collect();
        let outcome = Outcome::from_p(grundy == UBig::ZERO);
        let method = reading.method();
        Ok(Analysis::new(self, vec![x, y], outcome, Some(grundy), moves, &method).sorted())
    }
}

impl Game for TwoPileEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("pile size").drawn(Board::Piles)
    }

    fn spec(&self) -> String {
        format!("twopile:{}", self.0)
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        pile_options(self, &self.0, at)
    }

    /// The table of the `(x + 1) x (y + 1)` positions up to `(x, y)` decides
    /// it, its options and its value; its cost (checked first against the
    /// value budget) is bounded by the position, whatever caps the spec writes.
    fn analyze(&self, at: &Position, _: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let (x, y) = parse_piles(at)?;
        let fits = |v: &UBig| {
            u64::try_from(v)
                .ok()
                .and_then(|v| usize::try_from(v).ok()?.checked_add(1))
        };
        let size = fits(&x).zip(fits(&y));
        let cost = size.map_or(u128::MAX, |(r, w)| self.0.rect_cost(r, w));
        let (rows, width) = size.map_or((u128::MAX, u128::MAX), |(r, w)| (r as u128, w as u128));
        if let Some(why) = value_out_of_budget(rows, width, cost) {
            return self.analyze_by_rows(x, y, why);
        }
        let (rows, width) = (rows as usize, width as usize);
        let table = self
            .0
            .rect_table(rows, width, &mut progress_of(monitor))
            .map_err(table_error)?;
        let (sx, sy) = (rows as u64 - 1, width as u64 - 1);
        let value = |(a, b): (u64, u64)| {
            table
                .get(a as usize, b as usize)
                .expect("below the position")
        };
        let moves = options_of_value(&self.0, value, (sx, sy), 0)
            .into_iter()
            .map(|(ox, oy)| pile_move(&x, &y, UBig::from(ox), UBig::from(oy)))
            .collect();
        let grundy = UBig::from(value((sx, sy)));
        let outcome = Outcome::from_p(grundy == UBig::ZERO);
        let method = format!("Grundy table of every position up to ({sx}, {sy}) from the rules");
        Ok(
            Analysis::new(self, vec![x, y], outcome, Some(grundy), moves, &method)
                .sorted()
                .defended(|p| pile_defence(&self.0, p)),
        )
    }

    /// Misère play and Every-SG by the rules.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let (x, y) = parse_piles(at)?;
        pile_summands(self.0.clone(), &x, &y)
    }

    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        pile_component(self, &self.0, at, false, Some(self.shapes()), monitor)
    }

    fn table(&self, size: u64, values: bool, monitor: &mut dyn Monitor) -> Result<Table> {
        let table = rules_table(self, &self.0, check_side(size, MAX_TABLE_SIDE)?, monitor)?;
        Ok(if values { table } else { table.outcomes() })
    }

    /// Exact rows when a family takes any amount from the second pile alone
    /// (each earlier P-position attacks at most one cell per family), else a
    /// rectangle whose rows are known below its width only.
    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        let rows = match self.0.p_rows(
            sieve_rows(self.0.families().len()),
            &mut progress_of(monitor),
        ) {
            Some(rows) => rows,
            None => rectangle_rows(|width| self.0.rays(width)),
        };
        pile_conjecture(self, &self.0, Some(&self.0), &rows, monitor)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catalog::{parse, ByWords, Quiet};
    use crate::game::Impartial;
    use crate::games::oracle::{check_claim, Claim};
    use crate::solve::table::grundy_table_of;
    use crate::solve::Memo;

    /// `analyze` against the rules ([`check_claim`]) on every position of a
    /// square: the value, and every winning move exactly once, in order.
    pub(crate) fn check_analyze<G>(spec: &str, rules: G, size: usize)
    where
        G: Impartial<Position = (u64, u64)>,
    {
        let game = parse(spec).unwrap();
        let mut memo = Memo::new(rules);
        for x in 0..size as u64 {
            for y in 0..size as u64 {
                check_position(spec, &*game, &mut memo, (x, y));
            }
        }
    }

    /// `analyze` of `game` (`spec`) at `(x, y)` against the rules.
    fn check_position<G>(spec: &str, game: &dyn Game, memo: &mut Memo<G>, (x, y): (u64, u64))
    where
        G: Impartial<Position = (u64, u64)>,
    {
        let a = game
            .analyze_words(&[x.to_string(), y.to_string()], false, &mut Quiet)
            .unwrap();
        let reached: Vec<(u64, u64)> = a
            .winning_moves
            .iter()
            .map(|m| {
                let to = m.apply(&a.position);
                (
                    u64::try_from(&to[0]).unwrap(),
                    u64::try_from(&to[1]).unwrap(),
                )
            })
            .collect();
        assert!(reached.is_sorted(), "{spec} ({x}, {y})");
        let claim = Claim {
            outcome: Some(a.outcome),
            value: a.grundy,
            reached,
        };
        check_claim(memo, &(x, y), claim, &(spec, x, y));
    }

    #[test]
    fn overlapping_families_give_each_winning_move_once() {
        // The spec and size that listed (14, 0) three times from (24, 10).
        let spec = "2,2+0,3:2+1,1+2,2:5";
        check_analyze(
            &format!("twopile:{spec}"),
            TwoPile::parse(spec).unwrap(),
            25,
        );
        check_analyze(
            "twopile:1,0+0,1+1,2:3+2,1",
            TwoPile::parse("1,0+0,1+1,2:3+2,1").unwrap(),
            20,
        );
    }

    fn arb_game() -> impl proptest::strategy::Strategy<Value = TwoPile> {
        use proptest::prelude::*;
        let family = (0u64..4, 0u64..4, proptest::option::of(1u64..4))
            .prop_filter("takes something", |&(dx, dy, _)| (dx, dy) != (0, 0))
            .prop_map(|(dx, dy, most)| crate::games::twopile::Family { dx, dy, most });
        proptest::collection::vec(family, 1..5).prop_map(|f| TwoPile::new(f).unwrap())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn listed_moves_are_exactly_the_winning_ones(game in arb_game(), x in 0u64..30, y in 0u64..30) {
            let spec = format!("twopile:{game}");
            let answers = parse(&spec).unwrap();
            check_position(&spec, &*answers, &mut Memo::new(game), (x, y));
        }
    }

    /// `G(x, y)` of `rules` for a huge `y` in a certified row: `y` brought
    /// below 3000 by whole periods, then read in the rules' table.
    fn huge_value(rules: &TwoPile, x: u64, y: &UBig) -> UBig {
        use crate::games::rows::{certify_rows, RowBudget};
        use crate::limits::{ROW_COLUMNS, ROW_WORK};
        let budget = RowBudget {
            work: ROW_WORK,
            columns: ROW_COLUMNS,
        };
        let p = certify_rows(rules, x, budget).unwrap()[x as usize].period;
        let small = match u64::try_from(y) {
            Ok(v) if v < 3000 => v,
            _ => 2000 + (y - 2000u64) % p,
        };
        let table = rules
            .rect_table(x as usize + 1, 3000, &mut |_, _| {})
            .unwrap();
        UBig::from(table.get(x as usize, small as usize).unwrap()) + (y - small)
    }

    #[test]
    fn huge_piles_are_read_from_certified_rows_or_refused_with_the_reason() {
        let huge: UBig = UBig::from(10u8).pow(40) + UBig::from(17u8);
        // Row 3 of a game with the family 0,1 uncapped.
        let spec = "0,1+1,0+2,1";
        let game = parse(&format!("twopile:{spec}")).unwrap();
        let rules = TwoPile::parse(spec).unwrap();
        let a = game
            .analyze_words(&["3".into(), huge.to_string()], false, &mut Quiet)
            .unwrap();
        assert_eq!(a.grundy, Some(huge_value(&rules, 3, &huge)));
        assert!(
            a.method.contains("row 3 of the Grundy table"),
            "{}",
            a.method
        );
        // The piles swapped: row 3 of the transposed game 1,0+0,1+1,2.
        let a = game
            .analyze_words(&[huge.to_string(), "3".into()], false, &mut Quiet)
            .unwrap();
        assert_eq!(a.grundy, Some(huge_value(&rules.transposed(), 3, &huge)));
        assert!(a.method.contains("piles swapped"), "{}", a.method);
        for m in &a.winning_moves {
            let to = m.apply(&a.position);
            let column = u64::try_from(&to[1]).unwrap();
            assert_eq!(huge_value(&rules.transposed(), column, &to[0]), UBig::ZERO);
        }
        // No uncapped 0,1 (and no uncapped 1,0): refused, saying why.
        let capped = parse("twopile:1,0:3+0,1:3+1,1").unwrap();
        let refused = capped
            .analyze_words(&["2".into(), huge.to_string()], false, &mut Quiet)
            .unwrap_err()
            .to_string();
        assert!(refused.contains("no uncapped family 0,1"), "{refused}");
    }

    #[test]
    fn a_cap_no_move_reaches_costs_nothing() {
        // `twopile:1,0:4095` at (4095, 4095) enumerated 4095 options a cell.
        let capped = TwoPile::parse("1,0:4095+0,1").unwrap();
        let plain = TwoPile::parse("1,0+0,1").unwrap();
        assert_eq!(capped.rays(4096), plain.rays(4096));
        assert_eq!(capped.rect_cost(4096, 4096), plain.rect_cost(4096, 4096));
        // A cap below the position still counts, and the rules agree.
        let tight = TwoPile::parse("1,0:3+0,1").unwrap();
        assert_ne!(tight.rays(50), plain.rays(50));
        assert_eq!(
            tight
                .rect_table(50, 50, &mut |_, _| {})
                .unwrap()
                .row(49)
                .unwrap(),
            grundy_table_of(&tight, 50).unwrap().row(49).unwrap()
        );
    }
}
