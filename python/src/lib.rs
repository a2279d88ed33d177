//! `grundy._grundy`, the compiled half of the Python package `grundy`: every
//! verb of the command answered in-process ([`grundy_cli::embed`]), so that
//! an answer's JSON is the command's byte for byte, and games written in
//! Python (`rules.rs`) registered in the catalogue beside the built-in ones.
//!
//! The work runs on a thread of its own, with the GIL released, while the
//! calling thread wakes every `TICK` to run Python's signal handlers and
//! report progress: an interrupt (KeyboardInterrupt) stops the work through
//! [`grundy::stop`], waits the few milliseconds it takes to end, and is
//! raised; no thread outlives the call. The Python half (`grundy/__init__.py`)
//! turns replies into typed answers and numpy arrays.

mod ahead;
mod rules;

use rules::Components;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use grundy::catalog::Cells;
use grundy::catalog::Monitor;
use grundy::limits::MAX_TABLE_SIDE;
use grundy::stop::{self, Stop};
use grundy_cli::embed::{self, Picture, RefusalKind};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

create_exception!(
    _grundy,
    LimitError,
    PyException,
    "A limit of grundy was reached (the command's exit status 2 for a limit): the message names it and what was found within it."
);

/// The name of the thread that does a verb's work.
const WORKER: &str = "grundy-work";

/// How often the calling thread looks at signals and progress.
const TICK: Duration = Duration::from_millis(50);

/// A verb's answer, kept typed on the Rust side.
// Unsendable: an answer holds values the engine stores as it likes.
#[pyclass(module = "grundy._grundy", unsendable)]
struct Reply(embed::Reply);

#[pymethods]
impl Reply {
    /// The answer's JSON, exactly as `grundy ... --json` prints it.
    fn json(&self) -> String {
        self.0.json()
    }

    /// A heap game's sequence of values, as little-endian 64-bit integers;
    /// None for other answers.
    fn heap_values<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let Some((count, values)) = self.0.heap_values() else {
            return Ok(None);
        };
        le_bytes(py, count, values, 8).map(Some)
    }

    /// A table's side, `"values"` or `"outcomes"`, and its cells row by row:
    /// values as little-endian 32-bit integers, outcomes one byte each (1
    /// for P); None for other answers.
    fn table<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<(usize, &'static str, Bound<'py, PyBytes>)>> {
        let Some(table) = self.0.table() else {
            return Ok(None);
        };
        let (kind, bytes) = match &table.cells {
            Cells::Values(values) => {
                let values = values.iter().map(|&v| u64::from(v));
                ("values", le_bytes(py, values.len(), values, 4)?)
            }
            Cells::SmallValues(values) => {
                let values = values.iter().map(|&v| u64::from(v));
                ("values", le_bytes(py, values.len(), values, 4)?)
            }
            Cells::Outcomes(outcomes) => {
                let outcomes = outcomes.iter().map(|&p| u64::from(p));
                ("outcomes", le_bytes(py, outcomes.len(), outcomes, 1)?)
            }
        };
        Ok(Some((table.size, kind, bytes)))
    }

    /// A table drawn as the command draws it: `format` is `"png"` or
    /// `"svg"`; None for other answers; LimitError past the side the
    /// command draws (`MAX_TABLE_SIDE`).
    fn picture<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Option<Bound<'py, PyBytes>>> {
        if let Some(table) = self.0.table().filter(|t| t.size as u64 > MAX_TABLE_SIDE) {
            return Err(LimitError::new_err(format!(
                "pictures are drawn up to side {MAX_TABLE_SIDE} (MAX_TABLE_SIDE); this table's side is {}",
                table.size
            )));
        }
        let format = match format {
            "png" => Picture::Png,
            "svg" => Picture::Svg,
            other => {
                return Err(PyValueError::new_err(format!(
                    "'{other}' is not a picture format: png or svg"
                )))
            }
        };
        Ok(self.0.picture(format).map(|bytes| PyBytes::new(py, &bytes)))
    }
}

/// The `count` integers of `values` as a bytes object, the low `width`
/// bytes of each, little-endian, written straight into it (32 MB for 2^22
/// values of a sequence).
fn le_bytes<'py>(
    py: Python<'py>,
    count: usize,
    values: impl Iterator<Item = u64>,
    width: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, width * count, |bytes| {
        for (slot, value) in bytes.chunks_exact_mut(width).zip(values) {
            slot.copy_from_slice(&value.to_le_bytes()[..width]);
        }
        Ok(())
    })
}

/// Progress of the work, shared with the calling thread.
#[derive(Default)]
struct Progress {
    done: AtomicU64,
    total: AtomicU64,
}

/// The work thread's monitor: its progress, shared.
struct Watch(Arc<Progress>);

impl Monitor for Watch {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        self.0.done.store(done, Ordering::Relaxed);
        self.0.total.store(total, Ordering::Relaxed);
        false
    }
}

/// What the work thread ends with.
enum Outcome {
    Answered(Result<embed::Reply, embed::Refusal>),
    /// A game written in Python raised: its exception, with its traceback.
    Raised(PyErr),
    Stopped,
    Panicked(String),
}

/// Answers `arguments`, a command line without `grundy` (`--json` implied),
/// as the command would. `progress(done, total)` is called from time to time
/// while the work is long. Raises ValueError for bad input, LimitError for a
/// limit, RuntimeError otherwise, KeyboardInterrupt when interrupted, and a
/// Python game's own exception when its rules raised.
#[pyfunction]
#[pyo3(signature = (arguments, progress=None))]
fn answer(py: Python<'_>, arguments: Vec<String>, progress: Option<PyObject>) -> PyResult<Reply> {
    let stop = Stop::new();
    let shared = Arc::new(Progress::default());
    let outcome = py.allow_threads(|| {
        let (sender, receiver) = mpsc::channel();
        std::thread::scope(|scope| {
            let (signal, mut monitor) = (stop.clone(), Watch(shared.clone()));
            let worker = std::thread::Builder::new().name(WORKER.into());
            let spawned = worker.spawn_scoped(scope, move || {
                // A thread state of its own for the whole work, GIL
                // released: a Python game's calls then only take the GIL,
                // instead of making a thread state each (ten times slower).
                let outcome = Python::with_gil(|py| {
                    py.allow_threads(|| work(&arguments, &signal, &mut monitor))
                });
                let _ = sender.send(outcome);
            });
            if let Err(e) = spawned {
                return Waited::Ended(Outcome::Panicked(format!("no thread for the work: {e}")));
            }
            wait(&receiver, &stop, &shared, progress.as_ref())
        })
    });
    match outcome {
        Waited::Ended(Outcome::Answered(Ok(reply))) => Ok(Reply(reply)),
        Waited::Ended(Outcome::Answered(Err(refusal))) => Err(match refusal.kind {
            RefusalKind::BadInput => PyValueError::new_err(refusal.message),
            RefusalKind::Limit => LimitError::new_err(refusal.message),
            RefusalKind::Failed => PyRuntimeError::new_err(refusal.message),
        }),
        Waited::Ended(Outcome::Raised(error)) => Err(error),
        Waited::Ended(Outcome::Stopped) => {
            Err(PyRuntimeError::new_err("the computation was stopped"))
        }
        Waited::Ended(Outcome::Panicked(message)) => Err(PyRuntimeError::new_err(format!(
            "internal error, please report it: {message}"
        ))),
        Waited::Interrupted(error) | Waited::ProgressFailed(error) => Err(error),
    }
}

/// The work thread: the verb, within the stop signal, its panics caught.
fn work(arguments: &[String], stop: &Stop, monitor: &mut Watch) -> Outcome {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        stop::run(stop, || embed::answer(arguments, monitor))
    }));
    // A Python game's exception outranks the one line it was reported as.
    if let Some(raised) = rules::take_raised() {
        return Outcome::Raised(raised);
    }
    match result {
        Ok(Ok(answered)) => Outcome::Answered(answered),
        Ok(Err(stop::Stopped)) => Outcome::Stopped,
        Err(payload) => Outcome::Panicked(
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default(),
        ),
    }
}

/// How the calling thread's wait ended.
enum Waited {
    Ended(Outcome),
    /// A signal handler raised (KeyboardInterrupt): the work was stopped.
    Interrupted(PyErr),
    /// The progress callback raised: the work was stopped.
    ProgressFailed(PyErr),
}

/// The calling thread, GIL released: waits for the work, and every
/// [`TICK`] runs Python's signal handlers and reports progress. On an
/// exception there it stops the work and waits for it to end.
fn wait(
    receiver: &mpsc::Receiver<Outcome>,
    stop: &Stop,
    shared: &Progress,
    progress: Option<&PyObject>,
) -> Waited {
    let mut reported = (0, 0);
    loop {
        match receiver.recv_timeout(TICK) {
            Ok(outcome) => return Waited::Ended(outcome),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Waited::Ended(Outcome::Panicked("the work ended without an answer".into()))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let now = (
            shared.done.load(Ordering::Relaxed),
            shared.total.load(Ordering::Relaxed),
        );
        let failed = Python::with_gil(|py| {
            if let Err(e) = py.check_signals() {
                return Some(Waited::Interrupted(e));
            }
            let callback = progress.filter(|_| now != reported && now.1 > 0)?;
            callback.call1(py, now).err().map(Waited::ProgressFailed)
        });
        reported = now;
        if let Some(failed) = failed {
            stop.stop();
            // The work ends within milliseconds of the signal; its answer,
            // if it was already done, is dropped.
            let _ = receiver.recv();
            return failed;
        }
    }
}

/// Registers a game written in Python under the spec `python:NAME`:
/// `moves(position)` gives the positions one move reaches (each a tuple or
/// list of integers, or an integer for a one-integer position), and
/// `components(position)`, if given, the positions whose sum it is (None:
/// it is one); `components="heaps"` makes every position the sum of its
/// integers, each a heap, without a call. Defining a name again replaces
/// its rules.
#[pyfunction]
#[pyo3(signature = (name, moves, components=None))]
fn define(
    py: Python<'_>,
    name: &str,
    moves: PyObject,
    components: Option<PyObject>,
) -> PyResult<String> {
    let components = match components {
        None => Components::None,
        Some(c) if c.bind(py).extract::<String>().is_ok_and(|s| s == "heaps") => Components::Heaps,
        Some(c) if c.bind(py).is_callable() => Components::Python(c),
        Some(c) => {
            return Err(PyValueError::new_err(format!(
                "components must be a function or \"heaps\", not {}",
                c.bind(py)
            )))
        }
    };
    rules::define(name, moves, components).map_err(PyValueError::new_err)
}

/// The compiled half of the package.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    rules::register_family().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    // The engine's pool of threads, idle between verbs, named as such (made
    // by the first verb's thread, they would carry its name). It may exist
    // already, when another module of the process made it.
    let _ = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("grundy-pool-{i}"))
        .build_global();
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    m.add("LARGEST_PICTURE", MAX_TABLE_SIDE)?;
    m.add_class::<Reply>()?;
    m.add_function(wrap_pyfunction!(answer, m)?)?;
    m.add_function(wrap_pyfunction!(define, m)?)?;
    Ok(())
}
