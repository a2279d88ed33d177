//! `grundy`: solve impartial games from the shell.
//!
//! A thin shell over [`grundy::catalog`]: it parses the command line, calls the
//! catalogue, and prints the answer as text or, with `--json`, as the JSON of
//! the command-line contract. It holds no game logic of its own.

mod args;
mod files;
mod monitor;
mod nimber;
mod render;
mod text;

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use grundy::catalog::GraphInput;
use serde::Serialize;

use args::{Cli, MovesWanted, Verb};
use monitor::{Checkpoint, ShellMonitor};

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
enum Failure {
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
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match cli.verb {
        Verb::Analyze(a) => {
            let words: Vec<String> = std::iter::once(a.game.clone())
                .chain(a.position.iter().cloned())
                .collect();
            if let Some(groups) = grundy::catalog::split_sum(&words) {
                if a.grid.is_some() {
                    return Err(bad_argument(
                        "--grid is for geography alone, not for a sum of games".into(),
                    ));
                }
                let parts = sum_parts(groups?)?;
                let mut monitor = ShellMonitor::new("analyze", None);
                let sum =
                    grundy::catalog::analyze_sum(&parts, a.moves == MovesWanted::One, &mut monitor);
                monitor.finish();
                emit(&mut out, json, &sum?, text::sum)?;
                out.flush()?;
                return Ok(());
            }
            let game = game_of(&a.game)?;
            let first_only = a.moves == MovesWanted::One;
            let mut monitor = ShellMonitor::new("analyze", None);
            let mut grid = None;
            let mut analysis = if game.reads_graph() {
                let (graph, position) = read_graph(a.grid.as_deref(), &a.position)?;
                grid = grid_cells(&graph);
                let position = cell_vertices(grid, position)?;
                game.analyze_graph(graph, &position, first_only, &mut monitor)?
            } else if a.grid.is_some() {
                return Err(bad_argument(format!(
                    "--grid is for geography, not {}",
                    game.spec()
                )));
            } else {
                game.analyze(&a.position, first_only, &mut monitor)?
            };
            monitor.finish();
            if first_only {
                analysis.keep_first_move();
            }
            let name = text::game_name(&a.game, &analysis.game);
            emit(&mut out, json, &analysis, |out, analysis| {
                text::analysis(out, analysis, &name, grid)
            })?;
        }
        Verb::Sequence(s) => {
            let game = game_of(&s.game)?;
            let mut monitor = checkpointing("sequence", s.checkpoint)?;
            let sequence = match &s.file {
                Some(file) if game.reads_graph() => {
                    let (graph, _) = read_graph(None, std::slice::from_ref(file))?;
                    game.sequence_graph(graph, &mut monitor)
                }
                Some(file) => {
                    return Err(bad_argument(format!(
                        "unexpected argument '{file}': only a game given by its graph (digraph) \
                         takes a file for sequence"
                    )))
                }
                None => game.sequence(s.count, &mut monitor),
            };
            monitor.finish();
            let sequence = sequence?;
            let name = text::game_name(&s.game, &sequence.game);
            emit(&mut out, json, &sequence, |out, sequence| {
                text::sequence(out, sequence, &name, s.verbose)
            })?;
            out.flush()?;
            checkpoint_saved(&monitor)?;
        }
        Verb::Period(p) => {
            let game = game_of(&p.game)?;
            let mut monitor = checkpointing("period", p.checkpoint)?;
            let report = game.period(p.max, &mut monitor);
            monitor.finish();
            let report = report?;
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
            let game = game_of(&t.game)?;
            let outputs = render::Outputs::choose(t.png, t.svg, t.csv, json)?;
            let mut monitor = ShellMonitor::new("table", None);
            let table = game.table(t.size, t.values, &mut monitor);
            monitor.finish();
            let table = table?;
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
            let report = game_of(&c.game)?.conjecture(&mut monitor);
            monitor.finish();
            let report = report?;
            let name = text::game_name(&c.game, &report.game);
            emit(&mut out, json, &report, |out, report| {
                text::conjectures(out, report, &name)
            })?;
        }
        Verb::Games(_) => {
            emit(&mut out, json, &grundy::catalog::games(), text::games)?;
        }
        Verb::Nimber(n) => nimber::run(&mut out, json, &n)?,
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

fn bad_argument(message: String) -> Failure {
    Failure::BadInput(grundy::Error::BadArgument(message))
}

/// The game of `spec`; the file of a scripted game (`-`: stdin) is read here.
fn game_of(spec: &str) -> Result<Box<dyn grundy::catalog::Game>, Failure> {
    let game = grundy::catalog::parse(spec)?;
    let Some(path) = game.script_file() else {
        return Ok(game);
    };
    let text = if path == "-" {
        read_limited(io::stdin().lock(), "stdin")?
    } else {
        read_text(Path::new(path))?
    };
    Ok(grundy::catalog::script(path, &text)?)
}

/// The graph of a graph game: the `--grid` file, or the first position
/// argument (a graph file, or `-` for stdin); and the arguments after it.
fn read_graph<'a>(
    grid: Option<&Path>,
    position: &'a [String],
) -> Result<(GraphInput, &'a [String]), Failure> {
    if let Some(path) = grid {
        return Ok((GraphInput::Grid(read_text(path)?), position));
    }
    let (file, rest) = position
        .split_first()
        .ok_or_else(|| bad_argument("give a graph file, or - to read it from stdin".into()))?;
    let text = if file == "-" {
        read_limited(io::stdin().lock(), "stdin")?
    } else {
        read_text(Path::new(file))?
    };
    Ok((GraphInput::Edges(text), rest))
}

/// The components of a sum, each a spec and its position arguments; a graph
/// game's graph file is read here (at most one component reads stdin).
fn sum_parts(groups: Vec<Vec<String>>) -> Result<Vec<grundy::catalog::SumPart>, Failure> {
    let reads_stdin = |group: &Vec<String>| {
        grundy::catalog::parse(&group[0]).is_ok_and(|g| {
            g.script_file() == Some("-")
                || (g.reads_graph() && group.get(1).is_some_and(|f| f == "-"))
        })
    };
    if let Some(second) = groups.iter().filter(|g| reads_stdin(g)).nth(1) {
        return Err(bad_argument(format!(
            "'{}' reads stdin too: only one component of a sum may",
            second.join(" ")
        )));
    }
    let mut parts = Vec::with_capacity(groups.len());
    for (index, group) in groups.into_iter().enumerate() {
        let (spec, position) = group.split_first().expect("a component is not empty");
        let words = group.join(" ");
        let in_component = |failure| match failure {
            Failure::BadInput(e) => Failure::BadInput(grundy::Error::Component {
                index,
                words: words.clone(),
                source: Box::new(e),
            }),
            other => other,
        };
        let game = game_of(spec).map_err(in_component)?;
        let (graph, position) = if game.reads_graph() {
            let (graph, rest) = read_graph(None, position).map_err(in_component)?;
            (Some(graph), rest.to_vec())
        } else {
            (None, position.to_vec())
        };
        parts.push(grundy::catalog::SumPart {
            game,
            graph,
            position,
            words,
        });
    }
    Ok(parts)
}

/// The cells of a `--grid` graph, to read and write its vertices as cells;
/// `None` for a graph file, or a malformed grid (the catalogue says why).
fn grid_cells(graph: &GraphInput) -> Option<text::GridCells> {
    let GraphInput::Grid(text) = graph else {
        return None;
    };
    let grid = grundy::graph::parse_grid(text).ok()?;
    Some(text::GridCells {
        height: grid.height as u64,
        width: grid.width as u64,
    })
}

/// The start arguments of a graph game, each `ROW,COLUMN` cell of a `--grid`
/// written as its vertex (`row * width + column`); vertex numbers are kept.
fn cell_vertices(
    grid: Option<text::GridCells>,
    position: &[String],
) -> Result<Vec<String>, Failure> {
    position
        .iter()
        .map(|arg| match (arg.split_once(','), grid) {
            (Some((row, column)), Some(cells)) => cells.vertex(row, column).ok_or_else(|| {
                bad_argument(format!(
                    "'{arg}' is not a cell of the grid: write ROW,COLUMN with \
                     0 <= ROW < {} and 0 <= COLUMN < {}",
                    cells.height, cells.width
                ))
            }),
            _ => Ok(arg.clone()),
        })
        .collect()
}

fn read_text(path: &Path) -> Result<String, Failure> {
    let file = std::fs::File::open(path)
        .map_err(|e| bad_argument(format!("cannot read {}: {e}", path.display())))?;
    read_limited(file, &path.display().to_string())
}

/// The text of `source`, refused when it is not UTF-8 or holds more than
/// [`MAX_GRAPH_BYTES`](grundy::limits::MAX_GRAPH_BYTES).
fn read_limited(source: impl Read, name: &str) -> Result<String, Failure> {
    let mut text = String::new();
    source
        .take(grundy::limits::MAX_GRAPH_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| bad_argument(format!("cannot read {name}: {e}")))?;
    if text.len() as u64 > grundy::limits::MAX_GRAPH_BYTES {
        return Err(bad_argument(format!(
            "{name} holds more than {} MiB, the most a graph file may hold",
            grundy::limits::MAX_GRAPH_BYTES >> 20
        )));
    }
    Ok(text)
}

/// A monitor for a long run, its bar labelled `label`. Its checkpoint, if any, is locked and checked
/// writable before the work starts; one that exists but cannot be read is
/// refused.
fn checkpointing(
    label: &'static str,
    path: Option<std::path::PathBuf>,
) -> Result<ShellMonitor, Failure> {
    let checkpoint = path
        .map(Checkpoint::open)
        .transpose()
        .map_err(|e| bad_argument(e.0))?;
    if let Some(c) = &checkpoint {
        c.check_readable().map_err(|e| {
            bad_argument(format!(
                "cannot read the checkpoint {}: {e}",
                c.path().display()
            ))
        })?;
    }
    Ok(ShellMonitor::new(label, checkpoint))
}

/// Fails if a checkpoint could not be written during the run. The answer is
/// printed first: it is complete, and a full disk must not throw it away.
fn checkpoint_saved(monitor: &ShellMonitor) -> Result<(), Failure> {
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
