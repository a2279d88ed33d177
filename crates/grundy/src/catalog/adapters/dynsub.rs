//! k-multiple dynamic subtraction (`dynsub:k=K`, `fibonacci-nim`).

use crate::arith::decimal;
use crate::catalog::entry::{Alias, Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Board, Form, Position};
use crate::limits::GRUNDY_PILE_LIMIT;
use dashu_int::UBig;

use crate::catalog::kit::options::{applied, PlayMove};
use crate::catalog::{Analysis, Component, Game, Monitor, Move, Summands};
use crate::error::{Error, Result};
use crate::games::dynsub::{Amount, DynSub, DynSubError};

/// The registry's entry of `dynsub`.
pub(crate) const ENTRY: Entry = Entry {
    name: "dynsub",
    forms: &["dynsub:k=K"],
    form_note: "",
    aliases: &[Alias {
        name: "fibonacci-nim",
        params: "k=2",
    }],
    summary: "take 1..L; the next limit is K times the amount taken",
    position: "pile N and limit L",
    theory: "Schwenk's greedy decomposition; every winning amount",
    verbs: ANALYZE_ONLY,
    example_spec: "fibonacci-nim",
    example_position: "20 19",
    example_stdin: "",
    build: Build::Optional(dynsub),
};

/// `dynsub:k=K` (and `fibonacci-nim`, which passes `k=2`).
pub(crate) fn dynsub(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    let k = params
        .and_then(|p| p.strip_prefix("k="))
        .and_then(decimal::<u64>)
        .ok_or_else(|| Error::spec(spec, "write dynsub:k=K with K a positive integer"))?;
    let game = DynSub::new(k).map_err(|e| Error::spec(spec, e.to_string()))?;
    Ok(Box::new(DynSubEntry(game)))
}

struct DynSubEntry(DynSub);

impl DynSubEntry {
    /// The outcome and the winning amounts, on machine words where they fit.
    fn solve(&self, n: &UBig, limit: &UBig) -> Result<(bool, Vec<UBig>), DynSubError> {
        match (u64::try_from(n), u64::try_from(limit)) {
            (Ok(n), Ok(limit)) => self.solve_as(&n, &limit),
            _ => self.solve_as(n, limit),
        }
    }

    fn solve_as<A: Amount + Into<UBig>>(
        &self,
        n: &A,
        limit: &A,
    ) -> Result<(bool, Vec<UBig>), DynSubError> {
        let moves = self.0.winning_moves(n, limit)?;
        Ok((
            moves.is_empty(),
            moves.into_iter().map(Into::into).collect(),
        ))
    }
}

/// The pile and the current limit, `N L`.
fn parse_pile_and_limit(at: &Position) -> Result<[UBig; 2]> {
    <[UBig; 2]>::try_from(at.numbers.clone()).map_err(|p| {
        Error::BadPosition(format!(
            "dynsub takes the pile and the current limit, N L, not {} numbers",
            p.len()
        ))
    })
}

impl DynSubEntry {
    /// The moves taking each of `amounts` from a pile of `n`, in that order.
    fn amount_moves(&self, n: &UBig, amounts: Vec<UBig>) -> Vec<Move> {
        let k = UBig::from(self.0.k());
        amounts
            .into_iter()
            .map(|t| Move {
                description: format!("take {t}"),
                changes: vec![(0, vec![n - &t]), (1, vec![&k * &t])],
                target: None,
            })
            .collect()
    }
}

impl Game for DynSubEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("number").drawn(Board::PileAndLimit)
    }

    /// Misère play and Every-SG by the rules, from `(N, min(L, N))` (a
    /// limit of at least the pile allows every move).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let [n, limit] = parse_pile_and_limit(at)?;
        let budget = crate::limits::CONVENTION_BUDGET;
        let pile = u64::try_from(&n)
            .ok()
            .filter(|&p| p <= budget)
            .ok_or_else(|| {
                Error::Limit(format!(
                    "unknown: a pile of {n} is beyond the search budget of {budget} positions of \
                 misère play and Every-SG"
                ))
            })?;
        let capped = u64::try_from(&limit).map_or(pile, |l| l.min(pile));
        let names = self.amount_moves(&n, (1..=capped).map(UBig::from).collect());
        let coordinates = |&(a, b): &(u64, u64)| vec![UBig::from(a), UBig::from(b)];
        let start = (pile, capped);
        let summands = Summands::whole(self.0, start, vec![n, limit], coordinates);
        Ok(summands.named(names))
    }

    /// Values and moves from the rules' table, for piles up to
    /// [`GRUNDY_PILE_LIMIT`] (Schwenk's theorem gives outcomes only).
    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let [n, limit] = parse_pile_and_limit(at)?;
        let beyond = || {
            Error::Limit(format!(
                "the Grundy value of dynsub (no closed form known) is computed from the rules for \
                 piles up to {GRUNDY_PILE_LIMIT} only"
            ))
        };
        let (small_n, small_limit) = u64::try_from(&n)
            .ok()
            .zip(u64::try_from(&limit).ok())
            .filter(|&(n, _)| n <= GRUNDY_PILE_LIMIT)
            .ok_or_else(beyond)?;
        let value = self
            .0
            .grundy_by_rules(small_n, small_limit)
            .ok_or_else(beyond)?;
        let method =
            "the Grundy value from the rules (a table of every pile up to N and every limit)";
        let moves_to = move |target: &UBig| {
            let Ok(target) = u64::try_from(target) else {
                return Ok(Vec::new());
            };
            let amounts = self
                .0
                .amounts_to_value(small_n, small_limit, target)
                .ok_or_else(beyond)?;
            Ok(self.amount_moves(
                &UBig::from(small_n),
                amounts.into_iter().map(UBig::from).collect(),
            ))
        };
        Ok(Component::new(
            vec![n.clone(), limit.clone()],
            UBig::from(value.0),
            method,
            moves_to,
        ))
    }

    fn spec(&self) -> String {
        format!("dynsub:k={}", self.0.k())
    }

    /// Take `1..=min(L, N)`; the next limit is written `K * t` as `analyze`
    /// writes it (a limit above the pile allows the same moves as the pile).
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let [n, limit] = parse_pile_and_limit(at)?;
        let most = at.small_numbers(self)?.into_iter().min().unwrap_or(0);
        debug_assert_eq!(UBig::from(most), (&n).min(&limit).clone());
        let amounts = (1..=most).map(UBig::from).collect();
        Ok(applied(at, self.amount_moves(&n, amounts)))
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let [n, limit] = parse_pile_and_limit(at)?;
        let (is_p, amounts) = self
            .solve(&n, &limit)
            .map_err(|e| Error::Limit(e.to_string()))?;
        let moves = self.amount_moves(&n, amounts);
        let grundy = match (u64::try_from(&n), u64::try_from(&limit)) {
            (Ok(n), Ok(limit)) => self.0.grundy_by_rules(n, limit),
            _ => None,
        };
        let value_note = match grundy {
            Some(_) => {
                "; the Grundy value from the rules (a table of every pile up to N and every limit)"
                    .to_string()
            }
            None => format!(
                "; the Grundy value (no closed form known) is computed from the rules for piles \
                 up to {GRUNDY_PILE_LIMIT} only"
            ),
        };
        let method = format!(
            "Schwenk's theorem: take the smallest term of the greedy decomposition \
             of N into the base sequence, if it is at most L; winning amounts are \
             its suffix sums{value_note}"
        );
        Ok(Analysis::new(
            self,
            vec![n, limit],
            crate::game::Outcome::from_p(is_p),
            grundy.map(|g| UBig::from(g.0)),
            moves,
            &method,
        ))
    }
}
