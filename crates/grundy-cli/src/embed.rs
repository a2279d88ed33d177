//! The command as a library for the faces that embed it (the Python
//! package): a verb answered in-process from the arguments the command line
//! takes, through the same dispatcher, so that the JSON of an answer is the
//! command's byte for byte. The answer stays typed, so that a face can take
//! a sequence's values or a table's cells without going through JSON, and
//! draw a table as the command draws it. Long work reports to the caller's
//! [`Monitor`] and stops with the caller's [`grundy::stop`] signal.

use grundy::catalog::{Monitor, Table, Terms};
use grundy::error::ErrorKind;

use crate::args::{self, Verb};
use crate::dispatch::{self, Answer, Inputs};
use crate::failure::Failure;
use crate::{nimber, render};

/// A verb's answer.
pub struct Reply(Kind);

enum Kind {
    /// The verbs that answer data (analyze, sequence, period, table,
    /// conjecture, games).
    Data(Box<Answer>),
    /// `beatty` and `nimber`: their JSON.
    Json(String),
}

/// Why a verb gave no answer: the command's one line, and its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The message the command prints after `error: `.
    pub message: String,
    /// What kind of refusal it is.
    pub kind: RefusalKind,
}

/// The kinds of [`Refusal`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalKind {
    /// Bad input (exit status 2): arguments, specs, positions.
    BadInput,
    /// A limit of the contract was reached (exit status 2 too).
    Limit,
    /// Anything else (exit status 1).
    Failed,
}

/// The picture formats a table is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// A PNG image, one pixel a cell (scaled up for small tables).
    Png,
    /// An SVG image.
    Svg,
}

/// Answers `arguments` (a command line without the program's name, such as
/// `["analyze", "nim", "3", "4"]`) as `grundy ARGUMENTS --json` would;
/// `--json` is implied. The verbs that act on the terminal, the network or
/// files of their own (`play`, `serve`, `survey`, `completions`, `man`) are
/// refused.
pub fn answer(arguments: &[String], monitor: &mut dyn Monitor) -> Result<Reply, Refusal> {
    let command_line = std::iter::once("grundy".to_string()).chain(arguments.iter().cloned());
    let cli = args::parse_from(command_line).map_err(|e| Refusal {
        message: args::one_line(&e),
        kind: RefusalKind::BadInput,
    })?;
    let grid = match &cli.verb {
        Verb::Analyze(a) => a.grid.as_deref(),
        _ => None,
    };
    let inputs = Inputs::command_line(grid).map_err(refusal)?;
    if let Some(answer) = dispatch::answer(&cli.verb, &inputs, monitor) {
        return answer
            .map(|a| Reply(Kind::Data(Box::new(a))))
            .map_err(refusal);
    }
    let json = match &cli.verb {
        Verb::Beatty(b) => {
            let report = grundy::catalog::beatty(&b.alpha, b.count).map_err(Failure::from);
            report.map(|r| serde_json::to_string(&r).expect("answers serialise"))
        }
        Verb::Nimber(n) => {
            let mut out = Vec::new();
            nimber::run(&mut out, true, n).map(|()| String::from_utf8_lossy(&out).into_owned())
        }
        verb => {
            return Err(Refusal {
                message: format!("'{}' is a verb of the command line only", verb.name()),
                kind: RefusalKind::BadInput,
            })
        }
    };
    let json = json.map_err(refusal)?;
    Ok(Reply(Kind::Json(json.trim_end().to_string())))
}

fn refusal(failure: Failure) -> Refusal {
    match failure {
        Failure::BadInput(e) => Refusal {
            message: e.to_string(),
            kind: match e.kind() {
                ErrorKind::Limit => RefusalKind::Limit,
                _ => RefusalKind::BadInput,
            },
        },
        Failure::Output(e) | Failure::Checkpoint(e) => Refusal {
            message: e.to_string(),
            kind: RefusalKind::Failed,
        },
    }
}

impl Reply {
    /// The answer's JSON, as `grundy ... --json` prints it (without the
    /// newline).
    pub fn json(&self) -> String {
        match &self.0 {
            Kind::Data(answer) => serde_json::to_string(answer).expect("answers serialise"),
            Kind::Json(json) => json.clone(),
        }
    }

    /// The verb's typed answer, for the verbs that answer data.
    fn data(&self) -> Option<&Answer> {
        match &self.0 {
            Kind::Data(answer) => Some(answer),
            Kind::Json(_) => None,
        }
    }

    /// A heap game's `sequence`: how many values, and the values `G(0),
    /// G(1), ...` (read from where the engine keeps them, not copied).
    pub fn heap_values(&self) -> Option<(usize, Box<dyn Iterator<Item = u64> + '_>)> {
        let Some(Answer::Sequence(sequence)) = self.data() else {
            return None;
        };
        match &sequence.terms {
            Terms::Values(values) => Some((values.len(), Box::new(values.iter().map(|v| v.0)))),
            Terms::Small(values) => Some((
                values[..].len(),
                Box::new(values[..].iter().map(|&v| u64::from(v))),
            )),
            Terms::Pairs(_) | Terms::Vertices { .. } => None,
        }
    }

    /// A `table`'s answer: its side and cells.
    pub fn table(&self) -> Option<&Table> {
        match self.data() {
            Some(Answer::Table(table)) => Some(table),
            _ => None,
        }
    }

    /// A `table` drawn as `grundy table --png`/`--svg` draws it.
    pub fn picture(&self, format: Picture) -> Option<Vec<u8>> {
        let table = self.table()?;
        Some(match format {
            Picture::Png => render::png_bytes(table),
            Picture::Svg => render::svg_bytes(table),
        })
    }
}
