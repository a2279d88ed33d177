//! `script:FILE`: a game whose rules are a Rhai script (see
//! [`crate::games::script`]). The library reads no file: [`parse`](crate::catalog::parse)
//! gives a game that only names its file ([`Game::script_file`]); the front
//! end reads it and calls [`script`] with its text. Values are kept between
//! the verbs asked of one game.

use crate::catalog::entry::{Build, Entry, Verb};
use crate::catalog::{Form, Position, SequenceOf};
use std::cell::RefCell;

use dashu_int::UBig;

use crate::analysis::periodicity::apparent_arithmetic_period;
use crate::catalog::kit::options::{Options, PlayMove};
use crate::catalog::kit::table::{check_side, pile_report, Table, ROWS_REPORTED};
use crate::catalog::{
    check_count, Analysis, Component, ConjectureReport, Game, Monitor, Move, PeriodReport,
    Sequence, Summands, Terms,
};
use crate::error::{Error, Result};
use crate::game::{Impartial, Outcome};
use crate::games::script::{Script, ScriptError, ScriptMemo};
use crate::limits::{SCRIPT_CONJECTURE_SIDE, SCRIPT_PERIOD_SEARCH};
use crate::nimber::Nimber;
use crate::solve::lines::{PRows, RowP};
use crate::solve::table::RectTable;

/// The registry's entry of `script`.
pub(crate) const ENTRY: Entry = Entry {
    name: "script",
    forms: &["script:FILE"],
    form_note: "",
    aliases: &[],
    summary: "rules you write: `fn moves(p)` in a Rhai script (a file, or - for stdin)",
    position: "the integers of a position: one for `sequence` and `period`, two for `table` and `conjecture`",
    theory: "memoised search over the script's moves, sandboxed; sums by its `fn components`; periods apparent only",
    verbs: &Verb::ALL,
    example_spec: "script:-",
    example_position: "5 7",
    example_stdin: "fn moves(p) { let r = []; for i in 0..p.len() { for s in [1, 3, 4] { if p[i] >= s { let q = p; q[i] -= s; r.push(q); } } } r }\n",
    build: Build::Required {
        build: unread,
        missing: MISSING_FILE,
    },
};

/// The game of the script `source`, read from `path` (`-`: stdin), which
/// messages name.
pub fn script(path: &str, source: &str) -> Result<Box<dyn Game>> {
    let spec = format!("script:{path}");
    let name = if path == "-" { "stdin" } else { path };
    let compiled = Script::compile(name, source).map_err(|e| library_error(e, &spec))?;
    Ok(Box::new(ScriptEntry {
        spec,
        memo: RefCell::new(ScriptMemo::new(compiled)),
    }))
}

/// The library error for a script's failure, in the game `spec`: an exceeded
/// budget is a [`Limit`](Error::Limit), anything else a bad spec.
fn library_error(e: ScriptError, spec: &str) -> Error {
    match e {
        ScriptError::Budget { .. } => Error::Limit(e.to_string()),
        other => Error::spec(spec, other.to_string()),
    }
}

/// `script:FILE` as parsed, its file not read yet. The path is taken from the
/// spec as typed (the registry lowercases the parameters it passes).
pub(crate) fn unread(spec: &str, _params: &str) -> Result<Box<dyn Game>> {
    let path = spec.split_once(':').map_or("", |(_, path)| path);
    if path.is_empty() {
        return Err(Error::spec(spec, MISSING_FILE));
    }
    Ok(Box::new(UnreadScript {
        spec: spec.to_string(),
        path: path.to_string(),
    }))
}

/// How to write the spec of a scripted game.
pub(crate) const MISSING_FILE: &str =
    "write script:FILE, the path of a Rhai script that defines fn moves(p) (script:- reads it from stdin)";

/// A scripted game whose file the front end has not read yet.
struct UnreadScript {
    spec: String,
    path: String,
}

impl UnreadScript {
    /// Every verb's answer: the file must be read first.
    fn unread<T>(&self) -> Result<T> {
        Err(Error::spec(
            &self.spec,
            format!(
                "the library reads no file: read {} and call grundy::catalog::script with its text",
                self.path
            ),
        ))
    }
}

impl Game for UnreadScript {
    fn form(&self) -> Form<'_> {
        Form {
            script: Some(&self.path),
            ..Form::numbers("position number")
        }
    }

    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn analyze(&self, _: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        self.unread()
    }

    fn sequence(&self, _: SequenceOf, _: &mut dyn Monitor) -> Result<Sequence> {
        self.unread()
    }

    fn period(&self, _: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport> {
        self.unread()
    }

    fn table(&self, _: u64, _: bool, _: &mut dyn Monitor) -> Result<Table> {
        self.unread()
    }

    fn conjecture(&self, _: &mut dyn Monitor) -> Result<ConjectureReport> {
        self.unread()
    }
}

/// A scripted game and every value found so far.
struct ScriptEntry {
    spec: String,
    memo: RefCell<ScriptMemo>,
}

impl ScriptEntry {
    /// The library error for a script's failure.
    fn error(&self, e: ScriptError) -> Error {
        library_error(e, &self.spec)
    }

    /// How the values were found, with how many positions `memo` has valued.
    fn method(memo: &ScriptMemo) -> String {
        format!(
            "memoised search over the script's moves ({} positions valued{})",
            memo.len(),
            if memo.script().has_components() {
                "; sums by nim-sum of the script's components"
            } else {
                ""
            }
        )
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

/// A position's integers as the script takes them.
fn script_position(position: &[UBig]) -> Result<Vec<u64>> {
    position
        .iter()
        .map(|n| {
            u64::try_from(n).map_err(|_| {
                Error::BadPosition(format!(
                    "{n} is larger than a script's integers (at most 2^63 - 1)"
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
fn script_move(to: &Vec<u64>) -> Move {
    Move::to_target(big(to), format!("move to {to:?}"))
}

/// The script's rules as an [`Impartial`] game for the play conventions'
/// solvers: each call borrows the script (a failure is kept in it, for
/// [`Script::take_failure`]).
struct ScriptRules<'a>(&'a RefCell<ScriptMemo>);

impl Impartial for ScriptRules<'_> {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        self.0.borrow().script().options(position)
    }
}

impl Game for ScriptEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("position number")
    }

    /// Misère play and Every-SG by the script's moves (its components are
    /// not used: the whole position is one summand); a failure of the
    /// script is the answer's error.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let given = at.numbers.clone();
        let p = script_position(&given)?;
        // A failure left by an earlier call is not this search's.
        self.memo.borrow().script().take_failure();
        let names = self
            .memo
            .borrow()
            .script()
            .moves(&p)
            .map_err(|e| self.error(e))?
            .iter()
            .map(script_move)
            .collect();
        let check = |rules: &ScriptRules<'_>| match rules.0.borrow().script().take_failure() {
            Some(e) => Err(self.error(e)),
            None => Ok(()),
        };
        let summands = Summands::whole_checked(
            ScriptRules(&self.memo),
            p,
            given,
            |q: &Vec<u64>| big(q),
            check,
        );
        Ok(summands.named(names))
    }

    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// The script's moves.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let p = script_position(&at.numbers)?;
        let moves = self.memo.borrow().script().moves(&p);
        let mut options = Options::new(self);
        for to in moves.map_err(|e| self.error(e))? {
            options.push(script_move(&to), Position::of_numbers(big(&to)));
        }
        options.done()
    }

    /// The script's components (`fn components`), when it has them.
    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        let memo = self.memo.borrow();
        let script = memo.script();
        let parts = script_position(&at.numbers)
            .ok()
            .filter(|_| script.has_components())
            .and_then(|p| script.components(&p).ok())
            .unwrap_or_default();
        let part = |c: Vec<u64>| (format!("component {c:?}"), Position::of_numbers(big(&c)));
        parts.into_iter().map(part).collect()
    }

    /// The value by memoised search over the script's moves; the winning
    /// moves are the script's moves to positions of value 0.
    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let given = at.numbers.clone();
        let p = script_position(&given)?;
        let mut memo = self.memo.borrow_mut();
        let value = memo.value(&p).map_err(|e| self.error(e))?;
        let winning = memo
            .moves_to_value(&p, Nimber::ZERO)
            .map_err(|e| self.error(e))?;
        let moves = winning.iter().map(script_move).collect();
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
        let p = script_position(&given)?;
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
            Ok(reached.iter().map(script_move).collect())
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

    /// No theorem applies to a script's rules: the period is the one the
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
        Ok(PeriodReport {
            game: self.spec(),
            preperiod: found.preperiod,
            period: found.period,
            saltus: found.saltus,
            certified: false,
            checked_to: count,
            method: format!(
                "apparent period only, not certified: no theorem applies to a script's rules; \
                 the {count} values computed (--max) show it, and nothing is known beyond them"
            ),
            stats: None,
        })
    }

    fn table(&self, size: u64, values: bool, _monitor: &mut dyn Monitor) -> Result<Table> {
        let side = check_side(size)?;
        let rect = RectTable::from_values(side, self.pile_values(side, side)?);
        let table = Table::of_rect(self, &rect);
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
        Ok(pile_report(self, &rows, Some(&table)))
    }
}
