//! Every game a user brings (a script, or rules written in Rust) as a game
//! of the catalogue: one adapter over [`UserRules`], answering every verb by
//! the memoised search of [`UserMemo`]. Values are kept between the verbs
//! asked of one game. [`native`] makes a game of Rust's rules; `script:FILE`
//! ([`super::script`]) one of a script's.

use std::cell::RefCell;

use dashu_int::UBig;

use crate::analysis::periodicity::apparent_arithmetic_period;
use crate::catalog::kit::options::{Options, PlayMove};
use crate::catalog::kit::table::{check_side, pile_report, Table, ROWS_REPORTED};
use crate::catalog::{
    check_count, Analysis, Component, ConjectureReport, Form, Game, Monitor, Move, PeriodReport,
    Position, Sequence, SequenceOf, Summands, Terms,
};
use crate::error::{Error, Result};
use crate::game::{Impartial, Outcome};
use crate::games::user::{Native, NativeGame, UserError, UserMemo, UserPosition, UserRules};
use crate::limits::{MAX_TABLE_SIDE, SCRIPT_CONJECTURE_SIDE, SCRIPT_PERIOD_SEARCH};
use crate::nimber::Nimber;
use crate::solve::lines::{PRows, RowP};
use crate::solve::table::RectTable;

/// The game of `game`, a [`NativeGame`] written in Rust, under the spec
/// `name`: every verb answers it by memoised search over its options, sums
/// by nim-sum of its components. A [`Build`](crate::catalog::Build) of an
/// [`Entry`](crate::catalog::Entry) given to [`register`](crate::catalog::register)
/// calls it.
pub fn native<G: NativeGame + 'static>(name: &str, game: G) -> Box<dyn Game> {
    user_game(name, Native::new(name, game))
}

/// The game of `rules` under the spec `spec`, for rules that are neither a
/// script nor plain Rust (a Python game's, which calls back into Python and
/// may fail): every verb answers it as it answers [`native`]'s games, with
/// the same limits and consistency checks.
pub fn user_game<R: UserRules + 'static>(spec: &str, rules: R) -> Box<dyn Game> {
    Box::new(UserGame::new(spec.to_string(), rules))
}

/// The library error for a failure of a user's game, in the game `spec`: an
/// exceeded budget is a [`Limit`](Error::Limit), anything else a bad spec.
pub(crate) fn library_error(e: UserError, spec: &str) -> Error {
    match e {
        UserError::Budget { .. } => Error::Limit(e.to_string()),
        UserError::Position(why) => Error::BadPosition(why),
        other => Error::spec(spec, other.to_string()),
    }
}

/// A user's game (a script, or Rust's rules) and every value found so far.
pub(crate) struct UserGame<R> {
    spec: String,
    memo: RefCell<UserMemo<R>>,
}

impl<R: UserRules> UserGame<R> {
    /// The game of `rules`, named `spec`, with nothing valued yet.
    pub(crate) fn new(spec: String, rules: R) -> UserGame<R> {
        UserGame {
            spec,
            memo: RefCell::new(UserMemo::new(rules)),
        }
    }

    /// The library error for a failure of the rules.
    fn error(&self, e: UserError) -> Error {
        library_error(e, &self.spec)
    }

    /// How the values were found, with how many positions `memo` has valued.
    fn method(memo: &UserMemo<R>) -> String {
        let owner = R::OWNER;
        format!(
            "memoised search over the {owner}'s moves ({} positions valued{})",
            memo.len(),
            if memo.rules().has_components() {
                format!("; sums by nim-sum of the {owner}'s components")
            } else {
                String::new()
            }
        )
    }

    /// The position the numbers `position` stand for, by the rules.
    fn position(&self, position: &[UBig]) -> Result<UserPosition> {
        let numbers = integers::<R>(position)?;
        let read = self.memo.borrow().read(&numbers);
        read.map_err(|e| self.error(e))
    }

    /// The values of `[0], ..., [count - 1]`.
    fn heap_values(&self, count: u64) -> Result<Vec<Nimber>> {
        self.memo
            .borrow_mut()
            .heap_values(count)
            .map_err(|e| self.error(e))
    }

    /// The values of `[x, y]`, `x < rows`, `y < width`, row by row, as the
    /// explorer stores them.
    fn pile_values(&self, rows: usize, width: usize) -> Result<Vec<u32>> {
        let values = self
            .memo
            .borrow_mut()
            .pile_values(rows as u64, width as u64)
            .map_err(|e| self.error(e))?;
        values
            .into_iter()
            .map(|v| {
                u32::try_from(v.0).map_err(|_| {
                    Error::Limit(format!(
                        "{}: a Grundy value {} does not fit a table cell",
                        self.spec, v.0
                    ))
                })
            })
            .collect()
    }
}

/// A position's integers as the rules of `R` take them.
fn integers<R: UserRules>(position: &[UBig]) -> Result<Vec<u64>> {
    position
        .iter()
        .map(|n| {
            u64::try_from(n).map_err(|_| {
                Error::BadPosition(format!(
                    "{n} is larger than a {}'s integers (at most {})",
                    R::OWNER,
                    R::LARGEST
                ))
            })
        })
        .collect()
}

/// `[a, b, ...]` as the contract's numbers.
fn big(position: &[u64]) -> Vec<UBig> {
    position.iter().map(|&n| UBig::from(n)).collect()
}

/// The move to the position `to`.
fn move_to(to: &Vec<u64>) -> Move {
    Move::to_target(big(to), format!("move to {to:?}"))
}

/// The rules as an [`Impartial`] game for the play conventions' solvers:
/// each call borrows them (a failure is kept in them, for
/// [`UserRules::take_failure`]).
struct RulesOf<'a, R>(&'a RefCell<UserMemo<R>>);

impl<R: UserRules> Impartial for RulesOf<'_, R> {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        self.0.borrow().rules().options(position)
    }
}

impl<R: UserRules> Game for UserGame<R> {
    fn form(&self) -> Form<'_> {
        Form::numbers("position number")
    }

    /// Misère play and Every-SG by the rules' moves (components are not
    /// used: the whole position is one summand); a failure of the rules is
    /// the answer's error.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let given = at.numbers.clone();
        let p = self.position(&given)?;
        // A failure left by an earlier call is not this search's.
        self.memo.borrow().rules().take_failure();
        let names = self
            .memo
            .borrow()
            .moves_of(&p)
            .map_err(|e| self.error(e))?
            .iter()
            .map(move_to)
            .collect();
        let check = |rules: &RulesOf<'_, R>| match rules.0.borrow().rules().take_failure() {
            Some(e) => Err(self.error(e)),
            None => Ok(()),
        };
        let summands =
            Summands::whole_checked(RulesOf(&self.memo), p, given, |q: &Vec<u64>| big(q), check);
        Ok(summands.named(names))
    }

    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// The rules' moves.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let p = self.position(&at.numbers)?;
        let moves = self.memo.borrow().moves_of(&p);
        let mut options = Options::new(self);
        for to in moves.map_err(|e| self.error(e))? {
            options.push(move_to(&to), Position::of_numbers(big(&to)));
        }
        options.done()
    }

    /// The components the rules give, when they are several.
    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        let Ok(p) = self.position(&at.numbers) else {
            return Vec::new();
        };
        let parts = self.memo.borrow().components_of(&p);
        let parts = parts
            .ok()
            .filter(|parts| parts.len() > 1)
            .unwrap_or_default();
        let part = |c: Vec<u64>| (format!("component {c:?}"), Position::of_numbers(big(&c)));
        parts.into_iter().map(part).collect()
    }

    /// The value by memoised search over the rules' moves; the winning
    /// moves are the moves to positions of value 0.
    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let given = at.numbers.clone();
        let p = self.position(&given)?;
        let mut memo = self.memo.borrow_mut();
        let value = memo.value(&p).map_err(|e| self.error(e))?;
        let winning = memo
            .moves_to_value(&p, Nimber::ZERO)
            .map_err(|e| self.error(e))?;
        let moves = winning.iter().map(move_to).collect();
        let method = Self::method(&memo);
        drop(memo);
        Ok(Analysis::new(
            self,
            given,
            Outcome::of(value),
            Some(UBig::from(value.0)),
            moves,
            &method,
        ))
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let given = at.numbers.clone();
        let p = self.position(&given)?;
        let mut memo = self.memo.borrow_mut();
        let value = memo.value(&p).map_err(|e| self.error(e))?;
        let method = Self::method(&memo);
        drop(memo);
        let moves_to = move |target: &UBig| {
            let Ok(target) = u64::try_from(target) else {
                return Ok(Vec::new());
            };
            let reached = self
                .memo
                .borrow_mut()
                .moves_to_value(&p, Nimber(target))
                .map_err(|e| self.error(e))?;
            Ok(reached.iter().map(move_to).collect())
        };
        Ok(Component::new(given, UBig::from(value.0), method, moves_to))
    }

    fn sequence(&self, of: SequenceOf, _monitor: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Values(self.heap_values(count)?),
            stats: None,
        })
    }

    /// No theorem applies to a user's rules: the period is the one the
    /// values computed show, reported as apparent.
    fn period(&self, max_terms: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport> {
        let count = max_terms.unwrap_or(SCRIPT_PERIOD_SEARCH);
        check_count(count)?;
        let values: Vec<u64> = self.heap_values(count)?.iter().map(|v| v.0).collect();
        let found = apparent_arithmetic_period(&values).ok_or_else(|| {
            Error::Limit(format!(
                "no period shows in the first {count} values (unknown beyond them); raise --max"
            ))
        })?;
        Ok(PeriodReport::apparent(
            self.spec(),
            found,
            count,
            format!(
                "apparent period only, not certified: no theorem applies to a {}'s rules; \
                 the {count} values computed (--max) show it, and nothing is known beyond them",
                R::OWNER
            ),
        ))
    }

    fn table(&self, size: u64, values: bool, _monitor: &mut dyn Monitor) -> Result<Table> {
        let side = check_side(size, MAX_TABLE_SIDE)?;
        let rect = RectTable::from_values(side, self.pile_values(side, side)?);
        let table = Table::of_rect(self, rect);
        Ok(if values { table } else { table.outcomes() })
    }

    /// The P-positions of the square of side [`SCRIPT_CONJECTURE_SIDE`] (each
    /// row known below that side only) and the periods of its first rows.
    fn conjecture(&self, _monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        let side = SCRIPT_CONJECTURE_SIDE;
        let values = self.pile_values(side, side)?;
        let rows = PRows {
            rows: values
                .chunks(side)
                .map(|row| RowP::Below {
                    found: (0..side as u128)
                        .filter(|&y| row[y as usize] == 0)
                        .collect(),
                    below: side as u128,
                })
                .collect(),
        };
        let first = ROWS_REPORTED.min(side);
        let table = RectTable::rect(first, side, values[..first * side].to_vec());
        Ok(pile_report(self, &rows, Some(&table), None))
    }
}
