//! Games written in Python: a `moves` callable (and optionally a
//! `components` one) registered under the spec `python:NAME`, answered by
//! the catalogue's memoised search of users' games
//! ([`grundy::catalog::user_game`]) with the limits and consistency checks
//! of scripts. Only the calls of the user's functions run Python; positions
//! are read into Rust's buffers as they come.
//!
//! An exception raised by the user's function fails the verb with one line,
//! as a script's error does, and is kept on the thread that called it
//! ([`take_raised`]), so that the caller raises it with its traceback.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, Once, PoisonError};
use std::time::{Duration, Instant};

use crate::ahead::PyCalls;
use grundy::catalog::{register, user_game, Build, Entry, Game, Verb};
use grundy::games::ahead::{Ahead, CallTimes};
use grundy::games::user::{options_or_failure, Positions, UserError, UserPosition, UserRules};
use grundy::Impartial;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyTuple};

/// A game's functions, as the user gave them.
pub struct Callables {
    /// `moves(position)`.
    pub moves: PyObject,
    /// How positions split.
    pub components: Components,
}

/// How a game's positions split into components.
pub enum Components {
    /// Each position is one component.
    None,
    /// A position is the sum of its integers, each a heap (a one-integer
    /// position): split without calling Python.
    Heaps,
    /// The user's function says.
    Python(PyObject),
}

/// The games defined, by name.
static GAMES: Mutex<BTreeMap<String, Arc<Callables>>> = Mutex::new(BTreeMap::new());

thread_local! {
    /// The last exception a user's function raised on this thread.
    static RAISED: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Takes the exception a user's function raised on this thread, if any.
pub fn take_raised() -> Option<PyErr> {
    RAISED.with_borrow_mut(Option::take)
}

/// The catalogue's family of Python games.
const FAMILY: Entry = Entry {
    name: "python",
    forms: &["python:NAME"],
    form_note: "NAME is a game defined in Python with grundy.define",
    aliases: &[],
    summary: "a game written in Python (grundy.define)",
    position: "the integers of a position: one for `sequence` and `period`, two for `table` and `conjecture`",
    theory: "memoised search over the game's moves; sums by nim-sum of its components; periods apparent only",
    verbs: &Verb::ALL,
    example_spec: "python:NAME",
    example_position: "",
    example_stdin: "",
    build: Build::Required {
        build,
        missing: "write python:NAME, NAME a game defined in Python with grundy.define",
    },
};

/// Adds the family to the catalogue, once per process.
pub fn register_family() -> grundy::error::Result<()> {
    static ONCE: Once = Once::new();
    let mut registered = Ok(());
    ONCE.call_once(|| registered = register(FAMILY));
    registered
}

/// Defines (or redefines) the game `name`; its spec, or why the name is
/// refused.
pub fn define(name: &str, moves: PyObject, components: Components) -> Result<String, String> {
    let fits = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
    if name.is_empty() || !name.chars().all(fits) {
        return Err(format!(
            "'{name}' cannot name a game: use lowercase letters, digits, '_' and '-'"
        ));
    }
    let callables = Arc::new(Callables { moves, components });
    games().insert(name.to_string(), callables);
    Ok(format!("python:{name}"))
}

fn games() -> std::sync::MutexGuard<'static, BTreeMap<String, Arc<Callables>>> {
    GAMES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The game of the spec `python:NAME`.
fn build(_spec: &str, name: &str) -> grundy::error::Result<Box<dyn Game>> {
    let Some(callables) = games().get(name).cloned() else {
        return Err(grundy::Error::spec(
            &format!("python:{name}"),
            format!("no game '{name}' was defined in Python (grundy.define)"),
        ));
    };
    // Components the user's function gives would be asked by the search
    // between every two answers of the helper: the two would take turns.
    let ahead = (!matches!(callables.components, Components::Python(_))).then(|| {
        Ahead::new(PyCalls {
            callables: callables.clone(),
        })
    });
    let rules = PyRules {
        name: name.to_string(),
        callables,
        moves_times: CallTimes::default(),
        ahead: RefCell::new(ahead),
        failure: RefCell::new(None),
    };
    Ok(user_game(&format!("python:{name}"), rules))
}

/// The rules of a game written in Python.
struct PyRules {
    name: String,
    callables: Arc<Callables>,
    /// The time the search's own calls of `moves` take: whether calling
    /// ahead pays.
    moves_times: CallTimes,
    /// The calls of `moves` made ahead of the search, unless the game's
    /// components are the user's function.
    ahead: RefCell<Option<Ahead<PyCalls>>>,
    /// The first failure of a call made through [`Impartial::options`].
    failure: RefCell<Option<UserError>>,
}

impl PyRules {
    /// Calls `function` (named `called` in messages) on `position` and
    /// appends the positions it returns to `into`; whether it returned any
    /// list at all (None: false).
    fn call(
        &self,
        function: &PyObject,
        called: &str,
        position: &[u64],
        into: &mut Positions,
    ) -> Result<bool, UserError> {
        Python::with_gil(|py| {
            let call = || format!("{}({position:?})", called);
            call_and_read(function.bind(py), position, into).map_err(|failed| match failed {
                Failed::Raised(e) => {
                    let message = format!("{}: {} raised {e}", self.game(), call());
                    RAISED.with_borrow_mut(|raised| *raised = Some(e));
                    UserError::Invalid(message)
                }
                Failed::Returned(why) => {
                    UserError::Invalid(format!("{}: {} returned {why}", self.game(), call()))
                }
            })
        })
    }
}

/// Why a call of a user's function gave no positions.
pub enum Failed {
    /// The function raised this.
    Raised(PyErr),
    /// It returned this, which is not a list of positions.
    Returned(String),
}

/// Calls `function` on `position` and appends the positions it returns to
/// `into`; whether it returned any list at all (None: false).
pub fn call_and_read(
    function: &Bound<'_, PyAny>,
    position: &[u64],
    into: &mut Positions,
) -> Result<bool, Failed> {
    let py = function.py();
    let argument = PyTuple::new(py, position).expect("integers convert");
    // Bound, so that the answer is released at once, not registered.
    let returned = function.call1((argument,)).map_err(Failed::Raised)?;
    if returned.is_none() {
        return Ok(false);
    }
    read_positions(&returned, into).map_err(Failed::Returned)?;
    Ok(true)
}

/// Appends the positions of `returned`, an iterable of positions (each an
/// iterable of integers `>= 0`, or one integer), to `into`; else says what
/// is wrong with it.
fn read_positions(returned: &Bound<'_, PyAny>, into: &mut Positions) -> Result<(), String> {
    if let Ok(list) = returned.downcast_exact::<PyList>() {
        if read_plain_list(list, into).is_some() {
            return Ok(());
        }
    }
    // Most positions are a few integers: read on the stack.
    let mut integers = SmallPosition::new();
    let mut read = |item: Bound<'_, PyAny>| {
        integers.clear();
        read_position(&item, &mut integers)?;
        into.push(integers.as_slice());
        Ok::<(), String>(())
    };
    if let Ok(list) = returned.downcast::<PyList>() {
        return list.iter().try_for_each(&mut read);
    }
    let items = returned
        .try_iter()
        .map_err(|_| "something that is not a list of positions".to_string())?;
    items.into_iter().try_for_each(|item| {
        let item = item.map_err(|e| format!("an iterable that raised {e}"))?;
        read(item)
    })
}

/// Appends the positions of `list` when it has the shape most moves have,
/// a list of `int`s and of tuples of `int`s from 0 to 2^64 - 1 (the exact
/// types, not subclasses), reading Python's objects directly: PyO3's
/// checked reading of each item and integer cost more than the user's
/// function that built them. `None`, and `into` as it was, for any other
/// shape: [`read_positions`] then reads it and says what is wrong.
fn read_plain_list(list: &Bound<'_, PyList>, into: &mut Positions) -> Option<()> {
    let before = into.len();
    let len = list.len();
    // Most lists hold heaps or pairs.
    into.reserve(len, 2 * len);
    let read = (0..len).try_for_each(|i| {
        // SAFETY: `i` is below the length of `list`, which this thread holds
        // with the GIL and which no Python code runs meanwhile to change;
        // the item is borrowed from the list for no longer than this turn.
        let item = unsafe { ffi::PyList_GetItem(list.as_ptr(), i as ffi::Py_ssize_t) };
        // SAFETY: `item` is a live object of the list (above).
        unsafe { read_plain_position(item, into) }
    });
    if read.is_none() {
        into.truncate(before);
    }
    read
}

/// Appends `item` when it is an `int` or a tuple of `int`s, each from 0 to
/// 2^64 - 1; `None` otherwise (the Python error cleared).
///
/// # Safety
/// The GIL is held and `item` is a live object.
unsafe fn read_plain_position(item: *mut ffi::PyObject, into: &mut Positions) -> Option<()> {
    let kind = unsafe { ffi::Py_TYPE(item) };
    if kind == &raw mut ffi::PyLong_Type {
        into.push(&[unsafe { read_plain_int(item) }?]);
        return Some(());
    }
    if kind != &raw mut ffi::PyTuple_Type {
        return None;
    }
    let mut integers = SmallPosition::new();
    for j in 0..unsafe { ffi::PyTuple_Size(item) } {
        let value = unsafe { ffi::PyTuple_GetItem(item, j) };
        if unsafe { ffi::Py_TYPE(value) } != &raw mut ffi::PyLong_Type {
            return None;
        }
        integers.push(unsafe { read_plain_int(value) }?);
    }
    into.push(integers.as_slice());
    Some(())
}

/// The value of `integer`, an `int`, if it is from 0 to 2^64 - 1 (else the
/// Python error is cleared).
///
/// # Safety
/// The GIL is held and `integer` is a live object of type `int`.
unsafe fn read_plain_int(integer: *mut ffi::PyObject) -> Option<u64> {
    let value = unsafe { ffi::PyLong_AsUnsignedLongLong(integer) };
    if value == u64::MAX && !unsafe { ffi::PyErr_Occurred() }.is_null() {
        unsafe { ffi::PyErr_Clear() };
        return None;
    }
    Some(value)
}

/// Reads one position: an integer, or an iterable of integers.
fn read_position(item: &Bound<'_, PyAny>, integers: &mut SmallPosition) -> Result<(), String> {
    let integer = |value: &Bound<'_, PyAny>| {
        value
            .extract::<u64>()
            .map_err(|_| format!("a position holding {value}, not an integer from 0 to 2^64 - 1"))
    };
    if item.downcast::<PyInt>().is_ok() {
        integers.push(integer(item)?);
        return Ok(());
    }
    let mut push = |value: Bound<'_, PyAny>| -> Result<(), String> {
        integers.push(integer(&value)?);
        Ok(())
    };
    if let Ok(tuple) = item.downcast::<PyTuple>() {
        return tuple.iter().try_for_each(&mut push);
    }
    if let Ok(list) = item.downcast::<PyList>() {
        return list.iter().try_for_each(&mut push);
    }
    let values = item
        .try_iter()
        .map_err(|_| format!("{item}, which is not a position (a list of integers)"))?;
    values
        .into_iter()
        .try_for_each(|v| push(v.map_err(|e| format!("an iterable that raised {e}"))?))
}

/// A position being read: its integers on the stack while they are few.
struct SmallPosition {
    len: usize,
    few: [u64; SmallPosition::FEW],
    many: Vec<u64>,
}

impl SmallPosition {
    const FEW: usize = 8;

    fn new() -> SmallPosition {
        SmallPosition {
            len: 0,
            few: [0; SmallPosition::FEW],
            many: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.many.clear();
    }

    fn push(&mut self, integer: u64) {
        if self.len < Self::FEW {
            self.few[self.len] = integer;
        } else {
            if self.len == Self::FEW {
                self.many.extend_from_slice(&self.few);
            }
            self.many.push(integer);
        }
        self.len += 1;
    }

    fn as_slice(&self) -> &[u64] {
        match self.len <= Self::FEW {
            true => &self.few[..self.len],
            false => &self.many,
        }
    }
}

impl Impartial for PyRules {
    type Position = UserPosition;

    fn options(&self, position: &UserPosition) -> Vec<UserPosition> {
        options_or_failure(self, position, &self.failure)
    }
}

impl UserRules for PyRules {
    const FUNCTIONS: (&'static str, &'static str) = ("components", "moves");
    const OWNER: &'static str = "game";
    const LARGEST: &'static str = "2^64 - 1";

    fn game(&self) -> String {
        format!("python game {}", self.name)
    }

    fn moves(&self, position: &[u64], into: &mut Positions) -> Result<(), UserError> {
        let mut ahead = self.ahead.borrow_mut();
        if ahead.as_mut().is_some_and(|a| a.answer(position, into)) {
            return Ok(());
        }
        drop(ahead);
        let mut called = Ok(false);
        self.moves_times.time(|| {
            called = self.call(&self.callables.moves, "moves", position, into);
            matches!(called, Ok(true))
        });
        let called = called?;
        match called {
            true => Ok(()),
            false => Err(UserError::Invalid(format!(
                "{}: moves({position:?}) returned None, not a list of positions",
                self.game()
            ))),
        }
    }

    fn components(&self, position: &[u64], into: &mut Positions) -> Result<bool, UserError> {
        match &self.callables.components {
            Components::Python(components) => self.call(components, "components", position, into),
            Components::Heaps if position.len() > 1 => {
                for heap in position.iter().filter(|&&heap| heap > 0) {
                    into.push(&[*heap]);
                }
                Ok(true)
            }
            Components::Heaps | Components::None => Ok(false),
        }
    }

    fn has_components(&self) -> bool {
        !matches!(self.callables.components, Components::None)
    }

    fn may_split(&self) -> bool {
        self.has_components()
    }

    /// A call of the user's `components` runs Python: the sums it split
    /// are then kept. Moves are asked once a position in any case.
    fn calls_are_costly(&self) -> bool {
        matches!(self.callables.components, Components::Python(_))
    }

    /// Has the helper call `moves` on `positions` ahead of the search.
    fn ask_ahead(&self, positions: &[&[u64]]) -> usize {
        if let Some(ahead) = self.ahead.borrow_mut().as_mut() {
            if ahead.has_helpers() && self.moves_times.worth_working_ahead() {
                // Python's calls cannot be cut short: no deadline.
                let deadline = Instant::now() + Duration::from_secs(u32::MAX.into());
                ahead.tell(positions, &grundy::stop::current(), deadline);
            }
        }
        positions.len()
    }

    fn take_failure(&self) -> Option<UserError> {
        self.failure.borrow_mut().take()
    }
}
