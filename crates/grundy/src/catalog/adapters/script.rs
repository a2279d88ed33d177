//! `script:FILE`: a game whose rules are a Rhai script (see
//! [`crate::games::script`]). The library reads no file: [`parse`](crate::catalog::parse)
//! gives a game that only names its file ([`Game::script_file`]); the front
//! end reads it and calls [`script`] with its text; the game it gives
//! answers through the adapter of every user's game ([`super::user`]).

use super::user::{library_error, UserGame};
use crate::catalog::entry::{Build, Entry, Verb};
use crate::catalog::{
    Analysis, ConjectureReport, Form, Game, Monitor, PeriodReport, Position, Sequence, SequenceOf,
    Table,
};
use crate::error::{Error, Result};
use crate::games::script::Script;

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
    Ok(Box::new(UserGame::new(spec, compiled)))
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
