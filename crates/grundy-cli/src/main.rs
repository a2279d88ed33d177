//! `grundy`: solve impartial games from the shell.
//!
//! A thin shell over [`grundy::catalog`]: it parses the command line, calls the
//! catalogue, and prints the answer as text or, with `--json`, as the JSON of
//! the command-line contract. It holds no game logic of its own.

mod args;
mod dispatch;
mod files;
mod lock;
mod monitor;
mod nimber;
mod play;
mod quotient;
mod render;
mod serve;
mod survey;
mod text;
mod values_file;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use serde::Serialize;

use args::{Cli, Verb};
use dispatch::{Answer, Inputs};
use monitor::{Checkpoint, ShellMonitor};
use values_file::ValuesFile;

/// Exit status for bad input, as the contract says.
const BAD_INPUT: u8 = 2;
/// Exit status for every other failure.
const FAILURE: u8 = 1;

fn main() -> ExitCode {
    install_panic_hook();
    monitor::watch_interrupts();
    let cli = match args::parse() {
        Ok(cli) => cli,
        Err(e) => return args::report_usage_error(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BadInput(e)) => {
            print_error(&e.to_string());
            ExitCode::from(BAD_INPUT)
        }
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            print_error(&format!("cannot write the answer: {e}"));
            ExitCode::from(FAILURE)
        }
        Err(Failure::Checkpoint(e)) => {
            print_error(&format!(
                "the answer is complete, but the checkpoint could not be written: {e}"
            ));
            ExitCode::from(FAILURE)
        }
    }
}

/// Prints `error: MESSAGE` on stderr: the one place every error line goes
/// through. The message stays one line whatever it quotes (control characters,
/// such as a newline in an argument, are escaped), and an unwritable stderr
/// (a closed pipe, a full disk) is ignored rather than a crash.
pub fn print_error(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {}", escape_controls(message));
}

/// `text` with control characters, line separators and the marks that reorder
/// text (bidirectional overrides) written as Rust escapes (`\n`, `\u{1b}`,
/// `\u{202e}`), so that it prints on one line, reads as it is, and cannot drive
/// a terminal.
pub(crate) fn escape_controls(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        let reorders = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || reorders {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// Why a run failed.
pub(crate) enum Failure {
    /// The user's input was wrong (exit status 2).
    BadInput(grundy::Error),
    /// The answer could not be written (exit status 1).
    Output(io::Error),
    /// The answer was written, but a checkpoint could not be (exit status 1).
    Checkpoint(io::Error),
}

impl From<grundy::Error> for Failure {
    fn from(e: grundy::Error) -> Self {
        Failure::BadInput(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let json = cli.verb.json();
    // The player draws on stdout until it is left: stdout is not locked for
    // it, so that an interrupt can give the terminal back meanwhile.
    let verb = match cli.verb {
        Verb::Play(p) => {
            let record = play::run(p)?;
            let mut out = io::stdout().lock();
            emit(&mut out, json, &record, play::Record::write)?;
            out.flush()?;
            return Ok(());
        }
        verb => verb,
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match &verb {
        Verb::Analyze(a) => {
            let inputs = Inputs::command_line(a.grid.as_deref())?;
            let mut monitor = ShellMonitor::new("analyze", None);
            let answer = dispatch::answer(&verb, &inputs, &mut monitor);
            monitor.finish();
            match answer.expect("analyze is answered")? {
                Answer::Sum(sum) => emit(&mut out, json, &sum, text::sum)?,
                Answer::ConventionSum(sum) => emit(&mut out, json, &sum, text::convention_sum)?,
                Answer::Analysis(analysis, grid) => {
                    let name = text::game_name(&a.game, &analysis.game);
                    emit(&mut out, json, &analysis, |out, analysis| {
                        text::analysis(out, analysis, &name, grid)
                    })?
                }
                _ => unreachable!("analyze answers an analysis"),
            }
        }
        Verb::Sequence(s) if s.misere => {
            let mut monitor = ShellMonitor::new("sequence", None);
            let Answer::MisereSequence(sequence) = answer_of(&verb, &mut monitor)? else {
                unreachable!("sequence --misere answers a misère sequence")
            };
            emit(&mut out, json, &sequence, text::misere_sequence)?;
        }
        Verb::Sequence(s) => {
            let mut monitor =
                checkpointing("sequence", s.checkpoint.clone(), s.values_file.clone())?;
            let sequence = answer_of(&verb, &mut monitor);
            let Answer::Sequence(sequence) = sequence? else {
                unreachable!("sequence answers a sequence")
            };
            let name = text::game_name(&s.game, &sequence.game);
            emit(&mut out, json, &sequence, |out, sequence| {
                text::sequence(out, sequence, &name, s.verbose)
            })?;
            out.flush()?;
            checkpoint_saved(&monitor)?;
        }
        Verb::Period(p) if p.misere => {
            let mut monitor = ShellMonitor::new("period", None);
            let Answer::Quotient(report) = answer_of(&verb, &mut monitor)? else {
                unreachable!("period --misere answers a misère quotient")
            };
            let name = text::game_name(&p.game, &report.game);
            emit(&mut out, json, &report, |out, report| {
                quotient::quotient(out, report, &name)
            })?;
        }
        Verb::Period(p) => {
            let mut monitor = checkpointing("period", p.checkpoint.clone(), p.values_file.clone())?;
            let Answer::Period(report) = answer_of(&verb, &mut monitor)? else {
                unreachable!("period answers a period")
            };
            let name = text::game_name(&p.game, &report.game);
            emit(&mut out, json, &report, |out, report| {
                text::period(out, report, &name)
            })?;
            out.flush()?;
            checkpoint_saved(&monitor)?;
        }
        Verb::Beatty(b) => {
            let report = grundy::catalog::beatty(&b.alpha, b.count)?;
            emit(&mut out, json, &report, text::beatty)?;
        }
        Verb::Table(t) => {
            let outputs =
                render::Outputs::choose(t.png.clone(), t.svg.clone(), t.csv.clone(), json)?;
            let mut monitor = ShellMonitor::new("table", None);
            let Answer::Table(table) = answer_of(&verb, &mut monitor)? else {
                unreachable!("table answers a table")
            };
            let name = text::game_name(&t.game, &table.game);
            let paths = outputs.write_files(&table)?;
            if outputs.csv_to_stdout() {
                // stdout holds the data: what was written goes to stderr.
                render::write_csv(&mut out, &table)?;
                text::wrote(&mut io::stderr().lock(), &table, &paths, &name)?;
            } else if json || paths.is_empty() {
                emit(&mut out, json, &table, |out, table| {
                    text::table(out, table, &name)
                })?;
            } else {
                text::wrote(&mut out, &table, &paths, &name)?;
            }
        }
        Verb::Conjecture(c) => {
            let mut monitor = ShellMonitor::new("conjecture", None);
            let Answer::Conjectures(report) = answer_of(&verb, &mut monitor)? else {
                unreachable!("conjecture answers conjectures")
            };
            let name = text::game_name(&c.game, &report.game);
            emit(&mut out, json, &report, |out, report| {
                text::conjectures(out, report, &name)
            })?;
        }
        Verb::Play(_) => unreachable!("played above"),
        Verb::Games(_) => {
            let Answer::Games(list) = answer_of(&verb, &mut ShellMonitor::new("games", None))?
            else {
                unreachable!("games answers the games")
            };
            emit(&mut out, json, &list, text::games)?;
        }
        Verb::Serve(s) => serve::run(s).map_err(Failure::BadInput)?,
        Verb::Nimber(n) => nimber::run(&mut out, json, n)?,
        Verb::Survey(s) => survey::run(&mut out, json, s)?,
        Verb::Completions(c) => {
            let script = Generated::new("script", args::completion_script(c.shell));
            emit(&mut out, json, &script, Generated::write)?;
        }
        Verb::Man(m) => {
            let page = args::manual_page(m.verb.as_deref()).ok_or_else(|| {
                bad_argument(format!(
                    "'{}' is not a verb; see 'grundy --help'",
                    m.verb.as_deref().unwrap_or_default()
                ))
            })?;
            let page = Generated::new("roff", page);
            emit(&mut out, json, &page, Generated::write)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The answer of a verb that takes no `--grid`, from the command line's files;
/// the monitor is finished (its bar cleared) whatever the answer.
fn answer_of(verb: &Verb, monitor: &mut ShellMonitor) -> Result<Answer, Failure> {
    let answer = dispatch::answer(verb, &Inputs::command_line(None)?, monitor);
    monitor.finish();
    answer.expect("a verb that answers data")
}

pub(crate) fn bad_argument(message: String) -> Failure {
    Failure::BadInput(grundy::Error::BadArgument(message))
}

/// A monitor for a long run, its bar labelled `label`. Its checkpoint, if any, is locked and checked
/// writable before the work starts; one that exists but cannot be read is
/// refused.
fn checkpointing(
    label: &'static str,
    path: Option<std::path::PathBuf>,
    values_file: Option<std::path::PathBuf>,
) -> Result<ShellMonitor, Failure> {
    let checkpoint = path.map(usable_checkpoint).transpose()?;
    let values_file = values_file
        .map(ValuesFile::check)
        .transpose()
        .map_err(bad_argument)?;
    Ok(ShellMonitor::keeping(label, checkpoint, values_file))
}

/// The checkpoint at `path`, locked for this run and checked writable, and
/// readable if it exists, before the work starts.
pub(crate) fn usable_checkpoint(path: std::path::PathBuf) -> Result<Checkpoint, Failure> {
    let checkpoint = Checkpoint::open(path).map_err(|e| bad_argument(e.0))?;
    checkpoint.check_readable().map_err(|e| {
        bad_argument(format!(
            "cannot read the checkpoint {}: {e}",
            checkpoint.path().display()
        ))
    })?;
    Ok(checkpoint)
}

/// Fails if a checkpoint could not be written during the run. The answer is
/// printed first: it is complete, and a full disk must not throw it away.
pub(crate) fn checkpoint_saved(monitor: &ShellMonitor) -> Result<(), Failure> {
    match &monitor.save_error {
        Some(e) => Err(Failure::Checkpoint(io::Error::new(e.kind(), e.to_string()))),
        None => Ok(()),
    }
}

/// Writes `answer` as one JSON document, or as text for people.
fn emit<T: Serialize>(
    out: &mut impl Write,
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
/// manual page): printed as is, or with `--json` as `{"KEY": "the text"}`.
struct Generated {
    key: &'static str,
    text: String,
}

impl Generated {
    fn new(key: &'static str, bytes: Vec<u8>) -> Self {
        Generated {
            key,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    fn write(out: &mut dyn Write, generated: &Generated) -> io::Result<()> {
        out.write_all(generated.text.as_bytes())
    }
}

impl Serialize for Generated {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(self.key, &self.text)?;
        map.end()
    }
}

/// A panic is a bug in grundy: say so in one line, without a backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        play::restore_terminal();
        print_error(&format!("internal error, please report it: {info}"));
        std::process::exit(FAILURE.into());
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape_controls("'3\n' héllo"), "'3\\n' héllo");
        assert_eq!(
            escape_controls("a\tb\u{1b}[31mc\rd\u{2028}\u{85}"),
            "a\\tb\\u{1b}[31mc\\rd\\u{2028}\\u{85}"
        );
        assert_eq!(
            escape_controls("nim\u{202e}321 \u{2066}x\u{2069}"),
            "nim\\u{202e}321 \\u{2066}x\\u{2069}"
        );
    }
}
