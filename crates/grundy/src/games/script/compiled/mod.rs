//! The fast path of a script: its functions compiled once, from Rhai's syntax
//! tree, into native closures over native values of inferred types.
//!
//! Rhai walks its syntax tree and boxes every value as a `Dynamic`; a move
//! generator of a few lines then costs far more per option than the same
//! lines of Python. Most rules use a small part of the language: integers,
//! booleans, arrays of integers (positions) and arrays of those (lists of
//! positions), `let`, `if`, `for` over ranges and arrays, `while`, `loop`,
//! `break`, `continue`, `return`, calls of the script's own functions and a
//! few array methods (`len`, `push`, `pop`, `remove`, `insert`, `sort`,
//! `contains`, ...). A script whose functions use only that part, each
//! variable and function with one type, is compiled here
//! ([`Program::compile`]): read into a tree of its own with the types
//! inferred ([`lower`], [`types`]), then into closures that hold an integer
//! as an `i64` and a position as a `Vec<i64>` ([`generate`], [`run`]). Any
//! other script runs on Rhai alone.
//!
//! The fast path never decides an edge case: an overflow, a division by
//! zero, an index out of bounds, an array or a call deeper than the
//! sandbox's limits, a clock that ran out, or a result that is not a list of
//! positions (a negative integer) ends the call with [`Fallback`], and the
//! caller runs the same call again on Rhai, which gives the answer or the
//! error it always gave. Calls are pure (arguments are copied, nothing
//! outlives a call), so running one again is safe.
//!
//! Operations are counted in the fast path's own unit, loop turns and calls,
//! against [`SCRIPT_OPERATIONS`](crate::limits::SCRIPT_OPERATIONS); a call
//! beyond it goes to Rhai, which counts its own way. The elements a call
//! builds are bounded by [`BUILT_LIMIT`].

mod generate;
mod lower;
mod run;
mod types;

use rhai::AST;

use crate::games::user::Positions;
#[cfg(test)]
use crate::games::user::UserPosition;
use crate::limits::SCRIPT_ARRAY_SIZE;

pub(crate) use run::Machine;
use run::{Func, Rows, Run};

/// A call that the fast path leaves to Rhai: the same call must run there.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Fallback;

/// A script uses a part of the language that the fast path does not compile.
#[derive(Debug, PartialEq, Eq)]
struct Unsupported;

/// The elements a call may build in all (copies included) before it is left
/// to Rhai: a bound on memory that Rhai's own limit, on the size of each
/// value, also gives.
pub(super) const BUILT_LIMIT: u64 = 16 * SCRIPT_ARRAY_SIZE as u64;

/// How many operations run between two looks at the clock and the stop
/// signal.
const POLL_INTERVAL: u64 = 1 << 12;

/// The names of the functions the search calls: each takes a position and
/// gives a list of positions.
const ROOTS: [&str; 2] = ["moves", "components"];

/// A script's functions, compiled.
pub(super) struct Program {
    functions: Vec<Func>,
}

impl Program {
    /// The script's functions compiled, or `None` when one of those that
    /// `fn moves` and `fn components` reach uses a part of the language the
    /// fast path leaves to Rhai.
    pub(super) fn compile(ast: &AST) -> Option<Program> {
        let tree = lower::Tree::read(ast, &ROOTS).ok()?;
        let functions = generate::functions(&tree).ok()?;
        Some(Program { functions })
    }

    /// The index of the one-parameter function `name`, if compiled.
    pub(super) fn function(&self, name: &str) -> Option<usize> {
        self.functions
            .iter()
            .position(|f| f.name == name && f.arity == 1 && ROOTS.contains(&name))
    }

    /// Calls function `index` (one of [`ROOTS`]) on `position` and appends
    /// the positions it gives to `out`; `over_time` says whether the clock
    /// ran out. [`Fallback`], and `out` as it was, when the call must run on
    /// Rhai.
    pub(super) fn call(
        &self,
        index: usize,
        position: &[u64],
        machine: &mut Machine,
        out: &mut Positions,
        over_time: &dyn Fn() -> bool,
    ) -> Result<(), Fallback> {
        let mut run = Run::new(machine, &self.functions, over_time);
        run.push_position(position).ok_or(Fallback)?;
        run.call(index).map_err(|_| Fallback)?;
        write_positions(<Rows as run::Value>::returned(run.m), out)
    }

    /// [`Program::call`] of the function `name`, its positions in a list
    /// of their own.
    #[cfg(test)]
    pub(super) fn positions(
        &self,
        name: &str,
        position: &[u64],
        over_time: &dyn Fn() -> bool,
    ) -> Result<Vec<UserPosition>, Fallback> {
        let index = self.function(name).ok_or(Fallback)?;
        let mut out = Positions::default();
        self.call(
            index,
            position,
            &mut Machine::default(),
            &mut out,
            over_time,
        )?;
        Ok(out.to_vecs())
    }
}

/// Appends `rows`, a function's result, to `out` as positions, if it is a
/// list of positions within Rhai's size limit; anything else is left to
/// Rhai, which names what is wrong.
fn write_positions(rows: &Rows, out: &mut Positions) -> Result<(), Fallback> {
    if rows.weight() > SCRIPT_ARRAY_SIZE || rows.integers().iter().any(|&n| n < 0) {
        return Err(Fallback);
    }
    // Each integer is >= 0.
    out.append_flat(rows.integers().iter().map(|&n| n as u64), rows.ends());
    Ok(())
}
