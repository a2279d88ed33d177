//! Games whose rules are a script in the [Rhai](https://rhai.rs) language
//! (`script:FILE`).
//!
//! The script defines `fn moves(p)`: `p` is a position, an array of integers,
//! and the result is the array of the positions one move reaches, each an array
//! of integers `>= 0`. It may define `fn components(p)`: the positions whose sum
//! `p` is, so that the value of `p` is the nim-sum of theirs (the Sprague-Grundy
//! theorem) instead of a search of the sum's game tree; a value so added is
//! checked against the position's own moves ([`UserMemo`](crate::games::user::UserMemo), the search of every
//! game a user brings). Example, the
//! subtraction game {1, 3, 4}:
//!
//! ```
//! use grundy::games::script::Script;
//! use grundy::games::user::{UserError, UserMemo};
//!
//! let source = "fn moves(p) {
//!     let r = [];
//!     for s in [1, 3, 4] { if p[0] >= s { r.push([p[0] - s]); } }
//!     r
//! }";
//! let mut memo = UserMemo::new(Script::compile("sub.rhai", source)?);
//! let values: Vec<u64> = (0..8).map(|n| memo.value(&[n]).map(|v| v.0)).collect::<Result<_, _>>()?;
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]);
//! # Ok::<(), UserError>(())
//! ```
//!
//! The library does no I/O: the caller reads the file and passes its text, with
//! the name to use in messages.
//!
//! **Sandbox.** A script is pure computation: it can read its argument and
//! return positions, nothing else. Its engine holds only the packages of
//! pure functions (arithmetic and logic, bit fields, integer maths, strings,
//! arrays, blobs, object maps, ranges and iterators, function pointers:
//! `call`, `curry`); the language core's other functions (`sleep`, `exit`,
//! tags, reflection) are not registered, nor timestamps; module loading
//! (`import`) is compiled out, `eval` is disabled, `print` and `debug` write
//! nothing. Each call of a script's function is bounded in operations, time,
//! call depth, expression depth and the size of its strings, arrays and
//! maps, all calls together in time, and a search in the positions it
//! values: see the `SCRIPT_*`
//! constants of [`crate::limits`]. (Rhai recounts the size of an array after
//! every call that changes it, so growing one by `push` is quadratic: the
//! time bound is what keeps that in bounds.) A call also polls the stop
//! signal ([`crate::stop`]) as it runs. Every error is one line naming the
//! script's line and column.
//!
//! **Fast path.** A script whose functions use only integers, booleans,
//! arrays, loops, conditions, its own functions and the array methods is
//! also compiled into native closures (`compiled`), which answer its calls
//! without Rhai; there an operation is a loop turn or a call, and `push`
//! is not quadratic. Whatever the fast path meets that it does not answer
//! exactly as Rhai would (an overflow, a bad index, a limit, a result that
//! is no position) makes it leave that call to Rhai, which runs it again
//! from the start: answers and errors are Rhai's. Many calls left so make
//! it give up for the script. When a `sequence` or `table` asks for many
//! positions, and the calls timed so far say that sharing pays, the fast
//! path answers them on several threads ahead of the search
//! ([`UserRules::ask_ahead`]).
//!
//! **Termination.** A script whose moves lead from a position back to itself
//! (a cycle) does not describe a short game: the search reports the cycle and
//! the position, instead of looping.

mod ahead;
mod compiled;
#[cfg(test)]
mod fast_tests;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::Impartial;
use crate::games::ahead::{Ahead, CallTimes};
use crate::games::user::{options_or_failure, show, Positions, UserError, UserPosition, UserRules};
use crate::limits::{
    SCRIPT_ARRAY_SIZE, SCRIPT_CALL_DEPTH, SCRIPT_CALL_MILLIS, SCRIPT_EXPR_DEPTH, SCRIPT_OPERATIONS,
    SCRIPT_STRING_SIZE, SCRIPT_TOTAL_SECONDS,
};
use crate::stop;
use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicBlobPackage, BasicFnPackage, BasicIteratorPackage,
    BasicMapPackage, BasicMathPackage, BasicStringPackage, BitFieldPackage, LogicPackage,
    MoreStringPackage, Package,
};
use rhai::{Array, CallFnOptions, Dynamic, Engine, EvalAltResult, Position, Scope, AST, INT};

/// The rules of a game, compiled from a script.
pub struct Script {
    name: String,
    engine: Engine,
    /// The time its calls take, against the time limits.
    clock: Rc<Clock>,
    ast: AST,
    /// Where `fn moves` is defined: named when what it returns is wrong.
    moves_at: Position,
    /// Where `fn components` is defined, when it is.
    components_at: Option<Position>,
    /// The first failure of a call made through [`Impartial::options`], which
    /// cannot return it.
    failure: RefCell<Option<UserError>>,
    /// The script's functions compiled to native code, when they use only
    /// the part of the language that [`compiled`] knows, with the indices
    /// there of `fn moves` and `fn components`.
    fast: Option<(Arc<compiled::Program>, [Option<usize>; 2])>,
    /// What the fast path's calls on this thread keep between them.
    machine: RefCell<compiled::Machine>,
    /// The calls of the fast path, and those of them left to Rhai.
    fast_calls: Cell<(u64, u64)>,
    /// The time the calls of `fn moves` the fast path answered on this
    /// thread take: whether working calls out on other threads pays.
    moves_times: CallTimes,
    /// The calls of `fn moves` worked out on other threads ahead of the
    /// search ([`UserRules::ask_ahead`]), once the fast path has them.
    ahead: RefCell<Option<Ahead<ahead::ScriptCalls>>>,
}

impl std::fmt::Debug for Script {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Script").field("name", &self.name).finish()
    }
}

/// How many operations a call runs between two looks at the clock and the
/// stop signal.
const PROGRESS_INTERVAL: u64 = 1 << 12;

/// A function of the script that the search calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    Moves,
    Components,
}

/// The script's function that answers `ask`.
fn function_name(ask: Ask) -> &'static str {
    match ask {
        Ask::Moves => "moves",
        Ask::Components => "components",
    }
}

/// How many calls may fall back from the fast path to Rhai, beyond one in
/// eight, before the fast path is given up for the script.
const FAST_FALLBACKS_ALLOWED: u64 = 64;

/// The time a script's calls take: of the one running, against
/// [`SCRIPT_CALL_MILLIS`], and of all of them, against [`SCRIPT_TOTAL_SECONDS`].
///
/// Rhai's calls are timed from end to end. The fast path's calls are timed
/// from the first look at the clock, after [`PROGRESS_INTERVAL`]
/// operations: a call shorter than that (most are) costs less than reading
/// the clock, and is bounded by its operations.
struct Clock {
    /// When the call running now began.
    call_started: Cell<Instant>,
    /// The time of the calls before it.
    before: Cell<Duration>,
    /// The most time of all the calls: [`SCRIPT_TOTAL_SECONDS`] but in tests.
    total: Cell<Duration>,
}

impl Clock {
    fn new() -> Clock {
        Clock {
            call_started: Cell::new(Instant::now()),
            before: Cell::new(Duration::ZERO),
            total: Cell::new(Duration::from_secs(SCRIPT_TOTAL_SECONDS)),
        }
    }

    /// Whether the calls before ran past their time in all.
    fn spent(&self) -> bool {
        self.before.get() > self.total.get()
    }

    /// A call begins now; whether the calls ran past their time in all.
    fn start_call(&self) -> bool {
        self.call_started.set(Instant::now());
        self.spent()
    }

    /// Whether the call running now ran past its time.
    fn call_over(&self) -> bool {
        self.call_started.get().elapsed() > Duration::from_millis(SCRIPT_CALL_MILLIS)
    }

    /// Whether all the calls, the one running now included, ran past theirs.
    fn total_over(&self) -> bool {
        self.before.get() + self.call_started.get().elapsed() > self.total.get()
    }

    /// The call running now ended; the time it took.
    fn end_call(&self) -> Duration {
        let took = self.call_started.get().elapsed();
        self.before.set(self.before.get() + took);
        took
    }

    /// The time left to all the calls.
    fn left(&self) -> Duration {
        self.total.get().saturating_sub(self.before.get())
    }
}

/// The clock of one call of the fast path, read from its first look on.
struct FastCallClock<'c> {
    clock: &'c Clock,
    first_look: Cell<Option<Instant>>,
}

impl FastCallClock<'_> {
    /// Whether the call ran past its time, or all calls past theirs.
    fn over(&self) -> bool {
        let now = Instant::now();
        let first = self.first_look.get().unwrap_or(now);
        self.first_look.set(Some(first));
        let took = now - first;
        took > Duration::from_millis(SCRIPT_CALL_MILLIS)
            || self.clock.before.get() + took > self.clock.total.get()
    }

    /// The call ended: its time, if it was read, counts.
    fn end(self) {
        if let Some(first) = self.first_look.get() {
            self.clock
                .before
                .set(self.clock.before.get() + first.elapsed());
        }
    }
}

/// The engine every script runs in: the packages of pure functions, and the
/// limits of the sandbox, timed by `clock`.
fn sandboxed_engine(clock: Rc<Clock>) -> Engine {
    let mut engine = Engine::new_raw();
    let packages = [
        ArithmeticPackage::new().as_shared_module(),
        LogicPackage::new().as_shared_module(),
        BitFieldPackage::new().as_shared_module(),
        BasicMathPackage::new().as_shared_module(),
        BasicStringPackage::new().as_shared_module(),
        MoreStringPackage::new().as_shared_module(),
        BasicArrayPackage::new().as_shared_module(),
        BasicBlobPackage::new().as_shared_module(),
        BasicMapPackage::new().as_shared_module(),
        BasicIteratorPackage::new().as_shared_module(),
        BasicFnPackage::new().as_shared_module(),
    ];
    for package in packages {
        engine.register_global_module(package);
    }
    engine
        .set_max_operations(SCRIPT_OPERATIONS)
        .set_max_call_levels(SCRIPT_CALL_DEPTH)
        .set_max_expr_depths(SCRIPT_EXPR_DEPTH, SCRIPT_EXPR_DEPTH / 2)
        .set_max_string_size(SCRIPT_STRING_SIZE)
        .set_max_array_size(SCRIPT_ARRAY_SIZE)
        .set_max_map_size(SCRIPT_ARRAY_SIZE)
        .set_strict_variables(true)
        .disable_symbol("eval");
    // Output would mix with the answer; a script has no other channel out.
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.on_progress(move |operations| {
        if operations % PROGRESS_INTERVAL != 0 {
            return None;
        }
        stop::poll();
        (clock.call_over() || clock.total_over()).then_some(Dynamic::UNIT)
    });
    engine
}

/// `line L, column C: ` for a known position, nothing otherwise.
fn at(position: Position) -> String {
    match (position.line(), position.position()) {
        (Some(line), Some(column)) => format!("line {line}, column {column}: "),
        (Some(line), None) => format!("line {line}: "),
        _ => String::new(),
    }
}

/// Rhai's text for an error, on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where `fn NAME(` is defined in `source`, outside line comments.
fn definition(source: &str, name: &str) -> Position {
    for (index, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut from = 0;
        while let Some(found) = code[from..].find("fn") {
            let start = from + found;
            let rest = code[start + 2..].trim_start();
            let before_ok = code[..start]
                .chars()
                .next_back()
                .map_or(true, |c| !c.is_alphanumeric() && c != '_');
            if before_ok
                && rest
                    .strip_prefix(name)
                    .is_some_and(|r| r.trim_start().starts_with('('))
            {
                let column = code[..start].chars().count() + 1;
                return Position::new(
                    u16::try_from(index + 1).unwrap_or(u16::MAX),
                    u16::try_from(column).unwrap_or(u16::MAX),
                );
            }
            from = start + 2;
        }
    }
    Position::NONE
}

/// A position as Rhai's array of integers.
fn to_array(position: &[u64]) -> Result<Array, String> {
    position
        .iter()
        .map(|&n| {
            INT::try_from(n).map(Dynamic::from_int).map_err(|_| {
                format!(
                    "{n} is larger than {}, the largest integer of a script",
                    INT::MAX
                )
            })
        })
        .collect()
}

impl Script {
    /// Compiles `source`; `name` (the file's path) is used in messages.
    pub fn compile(name: &str, source: &str) -> Result<Script, UserError> {
        let clock = Rc::new(Clock::new());
        let engine = sandboxed_engine(clock.clone());
        let ast = engine.compile(source).map_err(|e| {
            let position = e.position();
            let message = one_line(&e.0.to_string());
            UserError::Invalid(format!("script {name}: {}{message}", at(position)))
        })?;
        let defines = |wanted: &str| {
            ast.iter_functions()
                .any(|f| f.name == wanted && f.params.len() == 1)
        };
        if !defines("moves") {
            return Err(UserError::Invalid(format!(
                "script {name}: it defines no fn moves(p) (one parameter, the position), which gives the positions one move reaches"
            )));
        }
        let components_at = defines("components").then(|| definition(source, "components"));
        let fast = compiled::Program::compile(&ast).map(|program| {
            let functions =
                [Ask::Moves, Ask::Components].map(|ask| program.function(function_name(ask)));
            (Arc::new(program), functions)
        });
        let ahead = match &fast {
            Some((program, [Some(moves), _])) => Some(Ahead::new(ahead::ScriptCalls {
                program: program.clone(),
                moves: *moves,
            })),
            _ => None,
        };
        Ok(Script {
            name: name.to_string(),
            moves_at: definition(source, "moves"),
            components_at,
            fast,
            machine: RefCell::default(),
            fast_calls: Cell::new((0, 0)),
            moves_times: CallTimes::default(),
            ahead: RefCell::new(ahead),
            engine,
            clock,
            ast,
            failure: RefCell::new(None),
        })
    }

    /// The name given to [`Script::compile`].
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Calls the script's function that `ask` names (defined at
    /// `defined_at`) on `position`, and appends the positions it gives to
    /// `into`: an answer worked out ahead, else the fast path's, else Rhai's.
    fn positions(
        &self,
        ask: Ask,
        defined_at: Position,
        position: &[u64],
        into: &mut Positions,
    ) -> Result<(), UserError> {
        if ask == Ask::Moves && self.answered_ahead(position, into) {
            return Ok(());
        }
        let function = function_name(ask);
        // Messages are made only on failure: this runs once per position.
        let call = || format!("{function}({})", show(position));
        if self.clock.spent() {
            return Err(self.out_of_time(&call(), defined_at));
        }
        if self.fast_call(ask, position, into) {
            return Ok(());
        }
        let argument = to_array(position).map_err(|why| {
            UserError::Invalid(format!("script {}: {}: {why}", self.name, call()))
        })?;
        self.clock.start_call();
        // The top level is not run again for each call: only the functions count.
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let result = self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut Scope::new(),
            &self.ast,
            function,
            (argument,),
        );
        self.clock.end_call();
        let result = result.map_err(|e| self.runtime_error(&call(), defined_at, *e))?;
        read_positions(result, into).map_err(|why| {
            UserError::Invalid(format!(
                "script {}: {}{} returned {why}",
                self.name,
                at(defined_at),
                call()
            ))
        })
    }

    /// Takes the answer of `fn moves` on `position` worked out ahead into
    /// `into`, if there is one.
    fn answered_ahead(&self, position: &[u64], into: &mut Positions) -> bool {
        let mut ahead = self.ahead.borrow_mut();
        ahead.as_mut().is_some_and(|a| a.answer(position, into))
    }

    /// Appends to `into` what the fast path answers for the function `ask`
    /// names on `position`; whether it answered. It does not when the
    /// script is not compiled, this call fell back, or so many calls fell
    /// back that the fast path is given up (then a script costs at most a
    /// little more than on Rhai).
    fn fast_call(&self, ask: Ask, position: &[u64], into: &mut Positions) -> bool {
        let Some((program, Some(index))) = self.fast_program().map(|(p, f)| (p, f[ask as usize]))
        else {
            return false;
        };
        let clock = FastCallClock {
            clock: &self.clock,
            first_look: Cell::new(None),
        };
        let mut call = || {
            let mut machine = self.machine.borrow_mut();
            program
                .call(index, position, &mut machine, into, &|| clock.over())
                .is_ok()
        };
        let answered = match ask {
            Ask::Moves => self.moves_times.time(call),
            Ask::Components => call(),
        };
        clock.end();
        let (calls, fallen) = self.fast_calls.get();
        self.fast_calls
            .set((calls + 1, fallen + u64::from(!answered)));
        answered
    }

    /// The fast path and the indices of its functions, unless the script has
    /// none or it was given up.
    fn fast_program(&self) -> Option<&(Arc<compiled::Program>, [Option<usize>; 2])> {
        let (calls, fallen) = self.fast_calls.get();
        let given_up = fallen > FAST_FALLBACKS_ALLOWED + calls / 8;
        self.fast.as_ref().filter(|_| !given_up)
    }

    /// The refusal of `call` (of the function defined at `defined_at`) once
    /// the calls ran past their time in all.
    fn out_of_time(&self, call: &str, defined_at: Position) -> UserError {
        UserError::Invalid(format!(
            "script {}: {}in {call}: {}",
            self.name,
            at(defined_at),
            total_time_message()
        ))
    }

    /// The one-line message for an error raised while running `call` of the
    /// function defined at `defined_at`: at the error's line and column, or
    /// where Rhai keeps none (the operation limit), at the innermost call that
    /// it keeps, else at the definition.
    fn runtime_error(&self, call: &str, defined_at: Position, error: EvalAltResult) -> UserError {
        let (mut inner, call_site) = innermost(error, defined_at);
        let position = match inner.take_position() {
            at if at.is_none() => call_site,
            at => at,
        };
        let message = match inner {
            EvalAltResult::ErrorTooManyOperations(_) => format!(
                "more than {SCRIPT_OPERATIONS} operations (SCRIPT_OPERATIONS): does a loop never end?"
            ),
            EvalAltResult::ErrorStackOverflow(_) => format!(
                "calls nested more than {SCRIPT_CALL_DEPTH} deep (SCRIPT_CALL_DEPTH): does a recursion never end?"
            ),
            EvalAltResult::ErrorTerminated(..) if self.clock.total_over() => total_time_message(),
            EvalAltResult::ErrorTerminated(..) => format!(
                "the call ran longer than {SCRIPT_CALL_MILLIS} ms (SCRIPT_CALL_MILLIS): does a loop never end, \
                 or grow an array one push at a time (each push recounts the whole array)?"
            ),
            EvalAltResult::ErrorDataTooLarge(what, _) => data_too_large(&what),
            other => one_line(&other.to_string()),
        };
        UserError::Invalid(format!(
            "script {}: {}in {call}: {message}",
            self.name,
            at(position)
        ))
    }
}

/// Why a call is refused once the script's calls ran past their time in all.
fn total_time_message() -> String {
    format!(
        "the script's functions ran more than {SCRIPT_TOTAL_SECONDS} s in all (SCRIPT_TOTAL_SECONDS): \
         ask for a smaller position or fewer values"
    )
}

/// What a script's value beyond a size limit gets: the limit, by name.
fn data_too_large(what: &str) -> String {
    let (limit, name, unit) = match what {
        "Length of string" => (SCRIPT_STRING_SIZE, "SCRIPT_STRING_SIZE", "bytes"),
        _ => (SCRIPT_ARRAY_SIZE, "SCRIPT_ARRAY_SIZE", "elements"),
    };
    let what = what.to_lowercase();
    format!("a value beyond the size a script may build: {what} over {limit} {unit} ({name})")
}

/// The error that a chain of function calls started from, and the place of
/// the innermost call in that chain (or `outer`, when there is none).
fn innermost(error: EvalAltResult, outer: Position) -> (EvalAltResult, Position) {
    match error {
        EvalAltResult::ErrorInFunctionCall(_, _, inner, at) => innermost(*inner, at),
        other => (other, outer),
    }
}

/// Appends a script's result to `into` as a list of positions, or says
/// what it is instead.
fn read_positions(result: Dynamic, into: &mut Positions) -> Result<(), String> {
    let type_name = result.type_name();
    let list = result
        .try_cast::<Array>()
        .ok_or_else(|| format!("a value of type {type_name}, not an array of positions"))?;
    for item in list {
        into.push(&read_position(item)?);
    }
    Ok(())
}

/// One position of a script's result.
fn read_position(item: Dynamic) -> Result<UserPosition, String> {
    if !item.is_array() {
        return Err(format!(
            "{item} (of type {}) among its positions, which must be arrays of integers",
            item.type_name()
        ));
    }
    let entries = item.into_array().unwrap_or_default();
    let mut position = Vec::with_capacity(entries.len());
    for entry in &entries {
        let bad = match entry.as_int() {
            Ok(n) => match u64::try_from(n) {
                Ok(n) => {
                    position.push(n);
                    continue;
                }
                Err(_) => format!("the negative number {n}"),
            },
            Err(type_name) => format!("a {type_name}"),
        };
        return Err(format!(
            "a position {} holding {bad}: positions hold integers >= 0",
            Dynamic::from_array(entries)
        ));
    }
    Ok(position)
}

/// The script's functions as the rules [`UserMemo`](crate::games::user::UserMemo) asks: `fn moves`, and
/// `fn components` when it defines one. A call on Rhai costs far more than a
/// look-up, so then the values of sums are kept.
impl UserRules for Script {
    const FUNCTIONS: (&'static str, &'static str) = ("fn components", "fn moves");
    const OWNER: &'static str = "script";
    const LARGEST: &'static str = "2^63 - 1";

    fn game(&self) -> String {
        format!("script {}", self.name)
    }

    fn moves(&self, position: &[u64], into: &mut Positions) -> Result<(), UserError> {
        self.positions(Ask::Moves, self.moves_at, position, into)
    }

    /// The script's `components` (an empty list: the sum of none); the
    /// position itself when it defines none.
    fn components(&self, position: &[u64], into: &mut Positions) -> Result<bool, UserError> {
        let Some(at) = self.components_at else {
            return Ok(false);
        };
        self.positions(Ask::Components, at, position, into)?;
        Ok(true)
    }

    /// Whether the script defines `fn components`.
    fn has_components(&self) -> bool {
        self.components_at.is_some()
    }

    fn may_split(&self) -> bool {
        self.has_components()
    }

    /// Whether its calls run on Rhai: those of the fast path cost about as
    /// much as a look-up. (A compiled script has both its functions on the
    /// fast path: they are the roots its compilation reads.)
    fn calls_are_costly(&self) -> bool {
        self.fast_program().is_none()
    }

    fn take_failure(&self) -> Option<UserError> {
        self.failure.borrow_mut().take()
    }

    /// Has `fn moves` on the fast path worked out on other threads, ahead
    /// of the search, when there are threads and its calls are costly enough
    /// (the helpers of [`crate::games::ahead`]); a call the fast path leaves to Rhai is made when it is
    /// asked. Each call is bounded in time as on the search's thread, all of
    /// them by what is left of the total, and they stop with the stop
    /// signal.
    fn ask_ahead(&self, positions: &[&[u64]]) -> usize {
        let mut ahead = self.ahead.borrow_mut();
        if let Some(ahead) = ahead.as_mut().filter(|a| a.has_helpers()) {
            if self.fast_program().is_some()
                && self.moves_times.worth_working_ahead()
                && !self.clock.spent()
            {
                ahead.tell(
                    positions,
                    &stop::current(),
                    Instant::now() + self.clock.left(),
                );
            }
        }
        positions.len()
    }
}

/// The rules as an [`Impartial`] game, for the generic solvers.
///
/// `options` cannot fail: a failing call of the script gives no options, and
/// the failure is kept for [`UserRules::take_failure`]. Components are not used.
/// [`UserMemo`](crate::games::user::UserMemo) is the solver that reports failures as they happen, adds
/// components by nim-sum, and bounds its search.
impl Impartial for Script {
    type Position = UserPosition;

    fn options(&self, position: &UserPosition) -> Vec<UserPosition> {
        options_or_failure(self, position, &self.failure)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::Octal;
    use crate::games::subtraction::Subtraction;
    use crate::games::user::UserMemo;
    use crate::nimber::Nimber;
    use crate::solve::table::grundy_table;
    use crate::solve::{heap_sequence, Memo};
    use proptest::prelude::*;

    const SUBTRACTION_134: &str = include_str!("../../../../../examples/subtraction-134.rhai");
    const LASKER: &str = include_str!("../../../../../examples/lasker.rhai");
    const TWOPILE_T2T: &str = include_str!("../../../../../examples/twopile-t2t.rhai");
    const DIVISORS: &str = include_str!("../../../../../examples/divisors.rhai");

    /// Kayles: knock down one pin or two adjacent ones from a row, which may
    /// leave two rows. A position is a list of rows.
    const KAYLES: &str = r#"
        fn canonical(rows) { let kept = rows.filter(|r| r > 0); kept.sort(); kept }
        fn moves(p) {
            let result = [];
            for i in 0..p.len() {
                let rest = p;
                rest.remove(i);
                for take in [1, 2] {
                    if p[i] >= take {
                        let left = p[i] - take;
                        for a in 0..=left / 2 {
                            let next = rest;
                            next.push(a);
                            next.push(left - a);
                            result.push(canonical(next));
                        }
                    }
                }
            }
            result
        }
        fn components(p) { p.filter(|r| r > 0).map(|r| [r]) }
    "#;

    fn memo(source: &str) -> UserMemo<Script> {
        UserMemo::new(Script::compile("test.rhai", source).unwrap())
    }

    fn heap_values(memo: &mut UserMemo<Script>, count: u64) -> Vec<u64> {
        memo.heap_values(count)
            .unwrap()
            .iter()
            .map(|g| g.0)
            .collect()
    }

    /// The message of a script that fails on `value([n])`.
    fn failure(source: &str, n: u64) -> String {
        let error = match Script::compile("bad.rhai", source) {
            Ok(script) => UserMemo::new(script).value(&[n]).unwrap_err(),
            Err(e) => e,
        };
        let message = error.to_string();
        assert!(!message.contains('\n'), "not one line: {message}");
        assert!(message.starts_with("script bad.rhai: "), "{message}");
        message
    }

    #[test]
    fn subtraction_134_gives_the_built_in_values() {
        let built_in = Subtraction::new(&[1, 3, 4]).unwrap();
        let expected: Vec<u64> = heap_sequence(&built_in, 300).iter().map(|g| g.0).collect();
        assert_eq!(heap_values(&mut memo(SUBTRACTION_134), 300), expected);
    }

    #[test]
    fn kayles_gives_the_built_in_values_below_200_and_sums_are_nim_sums() {
        let kayles: Octal = "0.77".parse().unwrap();
        let expected: Vec<u64> = heap_sequence(&kayles, 200).iter().map(|g| g.0).collect();
        let mut memo = memo(KAYLES);
        assert_eq!(heap_values(&mut memo, 200), expected);
        assert_eq!(
            memo.value(&[3, 4, 9]).unwrap().0,
            expected[3] ^ expected[4] ^ expected[9]
        );
        // Kayles' period 12 from 71 on, seen in the script's values.
        assert!((71..188).all(|n| expected[n] == expected[n + 12]));
    }

    /// Lasker's Nim's value of a heap of `n` (Winning Ways).
    fn lasker_value(n: u64) -> u64 {
        match n % 4 {
            0 => n.saturating_sub(1),
            1 | 2 => n,
            _ => n + 1,
        }
    }

    #[test]
    fn lasker_follows_its_known_values() {
        let mut memo = memo(LASKER);
        let values = heap_values(&mut memo, 120);
        let expected: Vec<u64> = (0..120).map(lasker_value).collect();
        assert_eq!(values, expected);
    }

    #[test]
    fn calls_shared_among_threads_answer_as_on_one_thread() {
        // Busy work makes each call cost enough that sharing pays.
        let busy = "fn moves(p) { let busy = 0; for i in 0..20000 { busy += i; } moves_of(p) }";
        let source = LASKER.replace("fn moves(p)", "fn moves_of(p)") + busy;
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        // A script stays on the thread it was made on. How many calls the
        // helper answers depends on the machine's load (the search works
        // out those it reaches first): the answers must not.
        let values = threads.install(|| heap_values(&mut memo(&source), 300));
        let expected: Vec<u64> = (0..300).map(lasker_value).collect();
        assert_eq!(values, expected);
    }

    #[test]
    fn components_agree_with_the_search_of_the_sum_itself() {
        // The generic solver, through `Impartial`, ignores components and
        // searches each sum's own game tree.
        let mut with = memo(LASKER);
        let mut without = Memo::new(Script::compile("lasker.rhai", LASKER).unwrap());
        for a in 0..7u64 {
            for b in a..7 {
                for c in b..7 {
                    let sum = vec![a, b, c];
                    let searched = without.grundy(&sum).unwrap();
                    assert_eq!(with.value(&sum).unwrap(), searched, "{sum:?}");
                }
            }
        }
        assert_eq!(without.game().take_failure(), None);
    }

    /// Heaps of the subtraction game {1, 2, 3}, with components `COMPONENTS`.
    fn subtraction_123_sum(components: &str) -> String {
        format!(
            "fn moves(p) {{ let r = []; for i in 0..p.len() {{ for s in [1, 2, 3] {{ \
             if p[i] >= s {{ let q = p; q[i] -= s; r.push(q); }} }} }} r }}\n\
             fn components(p) {{ {components} }}"
        )
    }

    #[test]
    fn components_that_contradict_the_moves_are_refused() {
        // Every heap a component: values are n mod 4, nim-added.
        let mut right = memo(&subtraction_123_sum("p.map(|h| [h])"));
        for sum in [vec![3, 5, 7], vec![1, 2], vec![4, 4, 9]] {
            let expected = sum.iter().fold(0, |acc, h| acc ^ (h % 4));
            assert_eq!(right.value(&sum).unwrap(), Nimber(expected), "{sum:?}");
        }
        // Forgetting the last heap (a one-heap position then has no
        // component, and is valued 0): the values disagree at the position.
        let forget = "let parts = []; for i in 0..p.len() - 1 { parts.push([p[i]]); } parts";
        let mut wrong = memo(&subtraction_123_sum(forget));
        match wrong.value(&[3, 5, 7]) {
            Err(UserError::Inconsistent {
                position,
                by_components,
                by_moves,
                ..
            }) => {
                assert_eq!(position, "[3, 5, 7]");
                assert_ne!(by_components, by_moves);
            }
            other => panic!("{other:?}"),
        }
        // The answer the issue met: a P-position (a heap of 4) said to be
        // worth a heap of 1, so N with no winning move; refused.
        let mut one = memo(&subtraction_123_sum("if p == [4] { [[1]] } else { [p] }"));
        let refused = one.value(&[4]).unwrap_err().to_string();
        assert!(
            refused.contains("nim-add to 1, but the values of its moves give 0"),
            "{refused}"
        );
        assert!(refused.contains("disagree at [4]"), "{refused}");
    }

    #[test]
    fn two_pile_t2t_gives_the_table_of_its_rules() {
        let table = grundy_table(24, |x, y, out| {
            out.extend((1..=x).map(|t| (x - t, y)));
            out.extend((1..=y).map(|t| (x, y - t)));
            out.extend((1..=x.min(y / 2)).map(|t| (x - t, y - 2 * t)));
            out.extend((1..=y.min(x / 2)).map(|t| (x - 2 * t, y - t)));
        })
        .unwrap();
        let values = memo(TWOPILE_T2T).pile_values(24, 24).unwrap();
        for x in 0..24 {
            for y in 0..24 {
                assert_eq!(Some(values[x * 24 + y]), table.value(x, y), "({x}, {y})");
            }
        }
    }

    #[test]
    fn divisor_game_p_positions_are_zero_and_the_odd_numbers() {
        let mut memo = memo(DIVISORS);
        for n in 0..300u64 {
            let is_p = memo.value(&[n]).unwrap().is_zero();
            assert_eq!(is_p, n == 0 || n % 2 == 1, "n = {n}");
        }
    }

    #[test]
    fn winning_moves_are_the_moves_to_value_zero() {
        let mut memo = memo(SUBTRACTION_134);
        // G(5) = 3: the moves to 4 (value 2), 2 (value 0), 1 (value 1).
        assert_eq!(memo.moves_to_value(&[5], Nimber::ZERO).unwrap(), [vec![2]]);
        assert_eq!(memo.moves_to_value(&[5], Nimber(2)).unwrap(), [vec![4]]);
    }

    #[test]
    fn a_path_of_300000_positions_does_not_overflow_the_stack() {
        let mut memo = memo("fn moves(p) { if p[0] > 0 { [[p[0] - 1]] } else { [] } }");
        assert_eq!(memo.value(&[300_000]).unwrap(), Nimber(0));
        assert_eq!(memo.len(), 300_001);
    }

    #[test]
    fn a_syntax_error_names_its_line_and_column() {
        let message = failure("fn moves(p) {\n  let r = [;\n  r\n}", 0);
        assert!(message.contains("line 2, column"), "{message}");
    }

    #[test]
    fn a_script_without_moves_is_refused() {
        let message = failure("fn move(p) { [] }", 0);
        assert!(message.contains("defines no fn moves(p)"), "{message}");
        assert!(failure("fn moves() { [] }", 0).contains("defines no fn moves(p)"));
    }

    #[test]
    fn results_that_are_not_positions_are_refused_at_the_definition_of_moves() {
        let cases = [
            ("fn moves(p) { 5 }", "a value of type i64"),
            ("fn moves(p) { [5] }", "5 (of type i64) among its positions"),
            ("fn moves(p) { [[\"a\"]] }", "holding a string"),
            (
                "fn moves(p) { [[1, -1]] }",
                "a position [1, -1] holding the negative number -1",
            ),
            ("fn moves(p) { [[-1]] }", "the negative number -1"),
            ("fn moves(p) { () }", "a value of type ()"),
        ];
        for (source, expected) in cases {
            let message = failure(source, 3);
            assert!(message.contains(expected), "{source}: {message}");
            assert!(
                message.contains("line 1, column 1: moves([3]) returned"),
                "{message}"
            );
        }
        let message = failure("// rules\n\nfn helper() { 1 }\n  fn moves(p) { 1 }", 0);
        assert!(
            message.contains("line 4, column 3: moves([0])"),
            "{message}"
        );
    }

    #[test]
    fn components_that_are_not_positions_are_refused() {
        let message = failure("fn moves(p) { [] }\nfn components(p) { [p[0]] }", 2);
        assert!(
            message.contains("line 2, column 1: components([2]) returned 2 (of type i64)"),
            "{message}"
        );
    }

    #[test]
    fn runtime_errors_name_the_innermost_line_and_column() {
        let message = failure(
            "fn helper(n) {\n  n / 0\n}\nfn moves(p) { helper(p[0]); [] }",
            4,
        );
        assert!(message.contains("line 2, column"), "{message}");
        assert!(message.contains("in moves([4])"), "{message}");
        let message = failure("fn moves(p) { [[p[7]]] }", 4);
        assert!(message.contains("line 1, column"), "{message}");
    }

    #[test]
    fn an_endless_loop_stops_at_the_operation_limit() {
        let message = failure("fn moves(p) {\n  loop { }\n}", 1);
        assert!(message.contains("SCRIPT_OPERATIONS"), "{message}");
        // Rhai keeps no place for this error: the function's definition is named.
        assert!(message.contains("line 1, column 1"), "{message}");
        let message = failure("fn spin() {\n  loop { }\n}\nfn moves(p) {\n  spin()\n}", 1);
        assert!(
            message.contains("line 4, column 1: in moves([1])"),
            "{message}"
        );
    }

    #[test]
    fn an_endless_recursion_stops_at_the_call_depth() {
        let message = failure(
            "fn deeper(n) { deeper(n + 1) }\nfn moves(p) { deeper(0) }",
            1,
        );
        assert!(message.contains("SCRIPT_CALL_DEPTH"), "{message}");
    }

    #[test]
    fn huge_data_is_refused() {
        let message = failure("fn moves(p) { let a = []; a.pad(100000000, 0); [a] }", 1);
        assert!(message.contains("size of array"), "{message}");
        assert!(
            message.contains("1048576 elements (SCRIPT_ARRAY_SIZE)"),
            "{message}"
        );
        let message = failure("fn moves(p) { let a = [[1]]; loop { a += a; } }", 1);
        assert!(message.contains("(SCRIPT_ARRAY_SIZE)"), "{message}");
        let message = failure("fn moves(p) { let s = \"x\"; loop { s += s; } }", 1);
        assert!(
            message.contains("length of string over 65536 bytes (SCRIPT_STRING_SIZE)"),
            "{message}"
        );
    }

    #[test]
    fn a_call_that_runs_past_its_time_is_stopped() {
        // On Rhai each push recounts the array: 200,000 of them took 52 s
        // (the fast path takes a millisecond).
        let mut script = Script::compile(
            "bad.rhai",
            "fn moves(p) { let a = []; for i in 0..200000 { a.push(i) } [] }",
        )
        .unwrap();
        script.fast = None;
        let started = Instant::now();
        let message = UserMemo::new(script).value(&[1]).unwrap_err().to_string();
        let took = started.elapsed();
        assert!(
            message.contains("longer than 1000 ms (SCRIPT_CALL_MILLIS)"),
            "{message}"
        );
        assert!(
            took < Duration::from_millis(SCRIPT_CALL_MILLIS * 3),
            "{took:?}"
        );
    }

    #[test]
    fn the_calls_together_are_bounded_in_time() {
        let script = Script::compile(
            "slow.rhai",
            "fn moves(p) { let s = 0; for i in 0..20000 { s += i; } if p[0] > 0 { [[p[0] - 1]] } else { [] } }",
        )
        .unwrap();
        script.clock.total.set(Duration::from_millis(200));
        let message = UserMemo::new(script)
            .value(&[1_000_000])
            .unwrap_err()
            .to_string();
        assert!(message.contains("SCRIPT_TOTAL_SECONDS"), "{message}");
    }

    #[test]
    fn only_pure_functions_are_there_to_call() {
        for impure in [
            "sleep(1)",
            "exit()",
            "timestamp()",
            "tag(p)",
            "get_fn_metadata_list()",
        ] {
            let message = failure(&format!("fn moves(p) {{ {impure}; [] }}"), 1);
            assert!(
                message.contains("Function not found"),
                "{impure}: {message}"
            );
        }
        let pure = "fn moves(p) { let a = [3, 1, 2]; a.sort(); let s = `${a}`.len() + \
                    \"ab\".len() + max(1, 2) + (5 & 3) + [1, 2].map(|x| x * 2).reduce(|s, x| s + x, 0) + \
                    #{a: 1}.len() + Fn(\"abs\").call(-1); for i in 0..3 { s += i; } if s > 0 { [] } else { [[0]] } }";
        assert_eq!(memo(pure).value(&[1]).unwrap(), Nimber::ZERO);
    }

    #[test]
    fn each_position_is_asked_of_the_script_once() {
        let calls = Rc::new(Cell::new(0u64));
        let mut script = Script::compile(
            "count.rhai",
            "fn moves(p) { tick(); if p[0] > 0 { [[p[0] - 1]] } else { [] } }",
        )
        .unwrap();
        let counter = calls.clone();
        script
            .engine
            .register_fn("tick", move || counter.set(counter.get() + 1));
        let mut memo = UserMemo::new(script);
        assert_eq!(memo.value(&[3]).unwrap(), Nimber(1));
        assert_eq!(memo.moves_to_value(&[3], Nimber::ZERO).unwrap(), [vec![2]]);
        assert_eq!(calls.get(), 4, "[3], [2], [1], [0] once each");
    }

    #[test]
    fn a_cycle_of_positions_is_reported_with_a_position_on_it() {
        let source = "fn moves(p) { if p[0] == 0 { [] } else if p[0] == 3 { [[1]] } else { [[p[0] + 1], [0]] } }";
        let message = failure(source, 1);
        assert!(message.contains("cycle"), "{message}");
        assert!(message.contains("position [1]"), "{message}");
        assert!(failure("fn moves(p) { [p] }", 5).contains("position [5]"));
    }

    #[test]
    fn eval_import_and_outside_variables_are_not_available() {
        for source in [
            "fn moves(p) { eval(\"[]\") }",
            "import \"std\" as s;\nfn moves(p) { [] }",
            "let outside = [];\nfn moves(p) { outside }",
        ] {
            failure(source, 1);
        }
        // Printing is allowed and writes nothing.
        let mut memo = memo("fn moves(p) { print(\"hello\"); debug(p); [] }");
        assert_eq!(memo.value(&[1]).unwrap(), Nimber::ZERO);
    }

    #[test]
    fn positions_beyond_the_scripts_integers_are_refused() {
        let message = failure("fn moves(p) { [] }", u64::MAX);
        assert!(message.contains("largest integer of a script"), "{message}");
    }

    #[test]
    fn the_position_budget_stops_the_search() {
        let mut memo = memo("fn moves(p) { if p[0] > 0 { [[p[0] - 1]] } else { [] } }");
        memo.set_budget(1000);
        let error = memo.value(&[5000]).unwrap_err();
        assert!(matches!(error, UserError::Budget { .. }), "{error}");
        assert!(error.to_string().contains("SCRIPT_POSITIONS"));
        // What was valued before stays valid and usable.
        assert_eq!(memo.value(&[500]).unwrap(), Nimber(0));
    }

    #[test]
    fn a_failure_through_the_generic_solver_is_kept() {
        let script = Script::compile("bad.rhai", "fn moves(p) { [[p[0] - 1]] }").unwrap();
        let mut solver = Memo::new(script);
        let _meaningless = solver.grundy(&vec![2]);
        let failure = solver.game().take_failure().unwrap();
        assert!(
            failure.to_string().contains("negative number -1"),
            "{failure}"
        );
    }

    /// Fragments of Rhai, valid and not, for random scripts.
    fn fragment() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "fn moves(p) {",
            "fn components(p) {",
            "fn f(x) {",
            "}",
            "{",
            "[",
            "]",
            "(",
            ")",
            ";",
            ",",
            "p",
            "p[0]",
            "p[1]",
            "x",
            "0",
            "1",
            "-1",
            "9223372036854775807",
            "+",
            "-",
            "*",
            "/",
            "%",
            "==",
            "<",
            "let r = [];",
            "r.push(",
            "r",
            "return",
            "if",
            "else",
            "for i in 0..",
            "while",
            "loop",
            "break",
            "f(",
            "moves(",
            "\"s\"",
            "#{",
            "a: 1",
            "=",
            ".len()",
            ".map(|v| v - 1)",
            "[[0]]",
            "[p]",
            "[[p[0] - 1]]",
            "throw",
            "eval",
            "import",
            "//",
            "\n",
            "..",
            "..=",
            "switch",
            "=>",
            "this",
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn random_scripts_never_panic(parts in prop::collection::vec(fragment(), 0..40), n in 0u64..6) {
            let source = parts.join(" ");
            if let Ok(script) = Script::compile("random.rhai", &source) {
                let mut memo = UserMemo::new(script);
                if let Err(e) = memo.value(&[n, n]) {
                    prop_assert!(!e.to_string().contains('\n'));
                }
            }
        }
    }
}
