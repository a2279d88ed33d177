//! Answers written out: as text for people, or with `--json` as one JSON
//! document of the contract; a table's pictures and CSV besides.

use std::io::{self, Write};

use grundy::catalog::Terms;
use serde::Serialize;

use crate::dispatch::Answer;
use crate::{bulk_json, quotient, render, text};

/// How the text of an answer names what was asked.
pub struct View<'a> {
    /// The spec as the user typed it (`kayles`), named beside the canonical
    /// one when they differ.
    pub typed: &'a str,
    /// `sequence --verbose`: also say how the octal engine split the values.
    pub verbose: bool,
}

/// Writes `answer` as JSON or as text; a table also to the files of
/// `outputs`.
pub fn answer<W: Write>(
    out: &mut W,
    json: bool,
    answer: &Answer,
    view: &View<'_>,
    outputs: Option<&render::Outputs>,
) -> io::Result<()> {
    let name = |game: &str| text::game_name(view.typed, game);
    match answer {
        Answer::Analysis(a, grid) => emit(out, json, a, |out, a| {
            text::analysis(out, a, &name(&a.game), *grid)
        }),
        Answer::Sum(sum) => emit(out, json, sum, text::sum),
        Answer::ConventionSum(sum) => emit(out, json, sum, text::convention_sum),
        Answer::Sequence(s) => sequence(out, json, s, &name(&s.game), view, outputs),
        Answer::MisereSequence(s) => emit(out, json, s, text::misere_sequence),
        Answer::Quotient(q) => emit(out, json, q, |out, q| {
            quotient::quotient(out, q, &name(&q.game))
        }),
        Answer::Period(p) => emit(out, json, p, |out, p| text::period(out, p, &name(&p.game))),
        Answer::Table(t) => table(out, json, t, &name(&t.game), outputs),
        Answer::Conjectures(c) => emit(out, json, c, |out, c| {
            text::conjectures(out, c, &name(&c.game))
        }),
        Answer::Games(list) => emit(out, json, list, text::games),
    }
}

/// A sequence: its plots written (a heap game's), then the answer, or (files
/// only, without `--json`) what was written.
fn sequence<W: Write>(
    out: &mut W,
    json: bool,
    s: &grundy::catalog::Sequence,
    name: &str,
    view: &View<'_>,
    outputs: Option<&render::Outputs>,
) -> io::Result<()> {
    if let Some(outputs) = outputs {
        let values = heap_values(s)
            .ok_or_else(|| io::Error::other("only heap games' values are plotted"))?;
        let paths = outputs.write_plot((name, &s.game), &values, None)?;
        if !json {
            return text::plotted(out, (&values, outputs.from()), &paths, name);
        }
    }
    if json {
        bulk_json::sequence(out, s)?;
        return writeln!(out);
    }
    text::sequence(out, s, name, view.verbose)
}

/// The values of a heap game's sequence, for a plot; `None` for other
/// sequences (pairs, vertices).
pub fn heap_values(s: &grundy::catalog::Sequence) -> Option<Vec<u64>> {
    match &s.terms {
        Terms::Values(values) => Some(values.iter().map(|v| v.0).collect()),
        Terms::Small(values) => Some(values.iter().map(|&v| v.into()).collect()),
        _ => None,
    }
}

/// A table: its files written, then the answer, or (files only, without
/// `--json`) what was written; with `--csv -` the CSV is the answer on
/// stdout and what was written goes to stderr.
fn table<W: Write>(
    out: &mut W,
    json: bool,
    table: &grundy::catalog::Table,
    name: &str,
    outputs: Option<&render::Outputs>,
) -> io::Result<()> {
    let answer = |out: &mut W| {
        if !json {
            return text::table(out, table, name);
        }
        bulk_json::table(out, table)?;
        writeln!(out)
    };
    let Some(outputs) = outputs else {
        return answer(out);
    };
    let paths = outputs.write_files(table)?;
    if outputs.csv_to_stdout() {
        render::write_csv(out, table)?;
        text::wrote(&mut io::stderr().lock(), table, &paths, name)
    } else if json || paths.is_empty() {
        answer(out)
    } else {
        text::wrote(out, table, &paths, name)
    }
}

/// Writes `answer` as one JSON document, or as text for people. The writer is
/// generic, not `dyn`: JSON is written in many small pieces, and a virtual
/// call for each made a sequence of 10^7 values 1.3 times slower.
pub fn emit<W: Write, T: Serialize + ?Sized>(
    out: &mut W,
    json: bool,
    answer: &T,
    as_text: impl FnOnce(&mut dyn Write, &T) -> io::Result<()>,
) -> io::Result<()> {
    if json {
        serde_json::to_writer(&mut *out, answer).map_err(io::Error::from)?;
        writeln!(out)
    } else {
        as_text(out, answer)
    }
}

/// A text generated from the command line itself (a completion script, the
/// manual page): written as is, or with `--json` as `{"KEY": "the text"}`.
pub fn generated<W: Write>(out: &mut W, json: bool, key: &str, bytes: &[u8]) -> io::Result<()> {
    let text = String::from_utf8_lossy(bytes);
    if json {
        let mut map = serde_json::Map::new();
        map.insert(key.into(), serde_json::Value::String(text.into_owned()));
        emit(out, true, &map, |_, _| Ok(()))
    } else {
        out.write_all(text.as_bytes())
    }
}
