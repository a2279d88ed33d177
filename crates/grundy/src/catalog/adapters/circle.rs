//! Coins in a circle (`circle:K`): a first move opens the circle into a row,
//! an octal game, whose values the [octal entry](super::octal) computes.

use crate::arith::decimal;
use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Board, Form, Position};
use crate::limits::MAX_DIGITS;
use dashu_int::UBig;

use super::octal::OctalEntry;
use crate::catalog::kit::options::PlayMove;
use crate::catalog::{Analysis, Component, Game, Monitor, Move, Summands};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::games::circle::{Circle, CirclePosition};
use crate::games::octal::moves::HeapValues;
use crate::nimber::Nimber;

/// The registry's entry of `circle`.
pub(crate) const ENTRY: Entry = Entry {
    name: "circle",
    forms: &["circle:K"],
    form_note: "",
    aliases: &[],
    summary: "N coins in a circle, take 1..K adjacent",
    position: "coins N",
    theory: "the symmetry theorem, tested against the rules",
    verbs: ANALYZE_ONLY,
    example_spec: "circle:2",
    example_position: "10",
    example_stdin: "",
    build: Build::Optional(circle),
};

/// `circle:K`.
pub(crate) fn circle(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    let game = params
        .and_then(decimal::<u64>)
        .and_then(Circle::new)
        .ok_or_else(|| {
            Error::spec(
                spec,
                "write circle:K with K >= 1 the most adjacent coins one move takes",
            )
        })?;
    Ok(Box::new(CircleEntry(game)))
}

struct CircleEntry(Circle);

impl CircleEntry {
    /// The Grundy value of a circle of `n` coins that the first player wins:
    /// the mex over the rows left, whose values the engine gives for any size
    /// once a period is certified; else why it is not computed.
    fn grundy(&self, n: &UBig, monitor: &mut dyn Monitor) -> Result<UBig, String> {
        let options = self.options(n, monitor)?;
        Ok(UBig::from(
            crate::nimber::mex(options.into_iter().map(Nimber)).0,
        ))
    }

    /// The value of the row each first move leaves, by the number of coins
    /// taken (`1..=min(K, N)`, in order); or why they are not computed.
    fn options(&self, n: &UBig, monitor: &mut dyn Monitor) -> Result<Vec<u64>, String> {
        let below = u64::try_from(n).unwrap_or(u64::MAX);
        let rows = self.0.rows_below(below).ok_or(format!(
            "its rows are octal games of more than {MAX_DIGITS} digits"
        ))?;
        let rows = OctalEntry(rows);
        let takes = 1..=u64::try_from(n).map_or(self.0.k(), |n| n.min(self.0.k()));
        let left: Vec<UBig> = takes.map(|j| n - UBig::from(j)).collect();
        let solver = rows.values_for(&left, monitor).map_err(|e| e.to_string())?;
        let values = HeapValues::new(solver.values(), solver.period()).expect("a certified period");
        Ok(left.iter().map(|h| values.value(h)).collect())
    }

    /// The move taking `j` adjacent coins from a circle of `n`.
    fn take(n: &UBig, j: UBig) -> Move {
        Move {
            description: format!("take {j} adjacent coins, leaving a row of {}", n - &j),
            changes: vec![(0, vec![n - &j])],
            target: None,
        }
    }
}

impl Game for CircleEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("number of coins").drawn(Board::Circle)
    }

    fn spec(&self) -> String {
        format!("circle:{}", self.0.k())
    }

    /// Take `1..=min(K, N)` adjacent coins: the circle opens into a row,
    /// a position of the octal game of the rows.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let n = parse_coins(at)?;
        let rows = self.0.row_game().ok_or_else(|| {
            Error::Limit(format!(
                "its rows are octal games of more than {MAX_DIGITS} digits"
            ))
        })?;
        let most = u64::try_from(&n).map_or(self.0.k(), |n| n.min(self.0.k()));
        let most = at.small_numbers(self).map(|_| most)?;
        Ok((1..=most)
            .map(|j| PlayMove {
                step: Self::take(&n, UBig::from(j)),
                to: Position {
                    game: Some(format!("octal:{rows}")),
                    graph: None,
                    numbers: vec![&n - UBig::from(j)],
                },
            })
            .collect())
    }

    fn analyze(&self, at: &Position, _: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let n = parse_coins(at)?;
        // Beyond u64 coins every K fits below N, and the second player wins (K >= 2)
        // or parity decides (K = 1).
        let small = u64::try_from(&n).ok();
        let outcome = match small {
            Some(n) => self.0.outcome(n),
            None => Outcome::from_p(self.0.k() >= 2 || n.clone() % UBig::from(2u8) == UBig::ZERO),
        };
        let takes: Vec<UBig> = match small {
            Some(n) => self
                .0
                .winning_moves(n)
                .into_iter()
                .map(UBig::from)
                .collect(),
            None if outcome == Outcome::N => vec![UBig::ONE],
            None => Vec::new(),
        };
        let moves = takes.into_iter().map(|j| Self::take(&n, j)).collect();
        let grundy = if outcome == Outcome::P {
            Ok(UBig::ZERO)
        } else {
            self.grundy(&n, monitor)
        };
        let mut method = "symmetry: N <= K, take all; K = 1, parity; N > K >= 2, the second player splits the row into two equal rows and copies".to_string();
        if let Err(why) = &grundy {
            method += &format!("; the Grundy value is not computed: {why}");
        }
        let grundy = grundy.ok();
        Ok(Analysis::new(
            self,
            vec![n],
            outcome,
            grundy,
            moves,
            &method,
        ))
    }

    /// Misère play and Every-SG by the rules: the circle, then its rows
    /// (every position reachable, searched within the budget).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let n = parse_coins(at)?;
        let budget = crate::limits::CONVENTION_BUDGET;
        let small = u64::try_from(&n)
            .ok()
            .filter(|&c| c <= budget)
            .ok_or_else(|| {
                Error::Limit(format!(
                    "unknown: a circle of {n} coins is beyond the search budget of {budget} \
                 positions of misère play and Every-SG"
                ))
            })?;
        if self.0.row_game().is_none() {
            return Err(Error::Limit(format!(
                "its rows are octal games of more than {MAX_DIGITS} digits"
            )));
        }
        let names = (1..=small.min(self.0.k()))
            .map(|j| Self::take(&n, UBig::from(j)))
            .collect();
        let start = CirclePosition::Circle(small);
        let coordinates = |_: &CirclePosition| Vec::new();
        Ok(Summands::whole(self.0.clone(), start, vec![n], coordinates).named(names))
    }

    /// The mex of the rows a first move leaves, each valued as an octal
    /// game by the engine (as `analyze` values N-positions).
    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        let n = parse_coins(at)?;
        let options = self.options(&n, monitor).map_err(|why| {
            Error::Limit(format!(
                "the Grundy value of circle:{} {n} is not computed: {why}",
                self.0.k()
            ))
        })?;
        let value = crate::nimber::mex(options.iter().copied().map(Nimber)).0;
        let method =
            "the mex of the rows a first move leaves, each an octal game valued by the engine";
        let position = vec![n.clone()];
        let moves_to = move |target: &UBig| {
            let takes = (1u64..)
                .zip(&options)
                .filter(|(_, v)| UBig::from(**v) == *target);
            Ok(takes.map(|(j, _)| Self::take(&n, UBig::from(j))).collect())
        };
        Ok(Component::new(
            position,
            UBig::from(value),
            method,
            moves_to,
        ))
    }
}

/// The number of coins `N`.
fn parse_coins(at: &Position) -> Result<UBig> {
    let [n] = <[UBig; 1]>::try_from(at.numbers.clone()).map_err(|p| {
        Error::BadPosition(format!(
            "circle takes one number N of coins, not {}",
            p.len()
        ))
    })?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::Quiet;
    use crate::games::octal::sparse::naive_values;
    use crate::games::octal::Octal;

    #[test]
    fn circles_take_their_values_from_the_rows() {
        for k in 1..=4 {
            let entry = CircleEntry(Circle::new(k).unwrap());
            let rows = entry.0.row_game().unwrap();
            assert_eq!(rows, entry.0.rows_below(u64::MAX).unwrap());
            let table = naive_values(&rows, 40);
            for n in 0..30u64 {
                let a = entry
                    .analyze_words(&[n.to_string()], false, &mut Quiet)
                    .unwrap();
                let options = (1..=k.min(n)).map(|j| Nimber(u64::from(table[(n - j) as usize])));
                assert_eq!(
                    a.grundy,
                    Some(UBig::from(crate::nimber::mex(options).0)),
                    "k={k} n={n}"
                );
            }
        }
        // K beyond the digits of a code: a circle of 50 coins opens into rows
        // shorter than 50, those of 0.77...7 with 49 sevens (was null).
        let entry = CircleEntry(Circle::new(1000).unwrap());
        let a = entry
            .analyze_words(&["50".to_string()], false, &mut Quiet)
            .unwrap();
        let rows: Octal = format!("0.{}", "7".repeat(49)).parse().unwrap();
        let table = naive_values(&rows, 50);
        let options = (1..=50).map(|j| Nimber(u64::from(table[50 - j])));
        assert_eq!(a.grundy, Some(UBig::from(crate::nimber::mex(options).0)));
    }
}
