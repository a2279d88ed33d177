//! The `grundy` command: solve impartial games from the shell.
//!
//! A thin shell over [`grundy::catalog`]: it parses the command line, calls the
//! catalogue through its dispatcher (the path the web API shares), and writes
//! the answer as text or, with `--json`, as the JSON of the command-line
//! contract (docs/CLI.md, docs/json.md). It holds no game logic of its own.
//!
//! As a library it is that whole command for a program of a user's own: a
//! `main` that registers games written in Rust
//! ([`grundy::catalog::register`], [`grundy::catalog::native`]) and then
//! calls [`main`] answers every verb of `grundy` on them, the built-in games
//! included (`examples/rust-game` in the repository is a template).

mod args;
mod bulk_json;
mod dispatch;
pub mod embed;
mod failure;
mod files;
mod lock;
mod monitor;
mod nimber;
mod output;
mod play;
mod quotient;
mod render;
mod serve;
mod survey;
mod terminal;
mod text;
mod values_file;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use args::{Cli, Man, Verb};
use dispatch::{Answer, Inputs};
use failure::{bad_argument, print_error, Failure};
use monitor::ShellMonitor;

/// Runs the `grundy` command on the process's arguments: the answer on
/// stdout, errors as one line on stderr, and the exit status of the contract
/// (0 answered, 1 failed, 2 bad input).
pub fn main() -> ExitCode {
    install_panic_hook();
    monitor::watch_interrupts();
    let cli = match args::parse() {
        Ok(cli) => cli,
        Err(e) => return args::report_usage_error(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let json = cli.verb.json();
    match &cli.verb {
        // The player draws on stdout until it is left: stdout is not locked
        // for it, so that an interrupt can give the terminal back meanwhile.
        Verb::Play(p) => {
            let record = play::run(p)?;
            to_stdout(|out| output::emit(out, json, &record, play::Record::write))
        }
        Verb::Serve(s) => serve::run(s).map_err(Failure::BadInput),
        Verb::Nimber(n) => to_stdout(|out| nimber::run(out, json, n)),
        Verb::Survey(s) => to_stdout(|out| survey::run(out, json, s)),
        Verb::Beatty(b) => {
            let report = grundy::catalog::beatty(&b.alpha, b.count)?;
            to_stdout(|out| output::emit(out, json, &report, text::beatty))
        }
        Verb::Completions(c) => {
            let script = args::completion_script(c.shell);
            to_stdout(|out| output::generated(out, json, "script", &script))
        }
        Verb::Man(Man { dir: Some(dir), .. }) => {
            let written = write_manual_pages(dir)?;
            to_stdout(|out| output::emit(out, json, &written, text::manual_pages))
        }
        Verb::Man(m) => {
            let page = args::manual_page(m.verb.as_deref()).ok_or_else(|| {
                bad_argument(format!(
                    "'{}' is not a verb; see 'grundy --help'",
                    m.verb.as_deref().unwrap_or_default()
                ))
            })?;
            to_stdout(|out| output::generated(out, json, "roff", &page))
        }
        verb => answer(verb, json),
    }
}

/// Writes every manual page into `dir` (made if missing), each file
/// replaced whole; the paths written.
fn write_manual_pages(dir: &std::path::Path) -> Result<ManualPages, Failure> {
    let cannot = |e: io::Error| bad_argument(format!("cannot write into {}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(cannot)?;
    let mut pages = Vec::new();
    for (name, page) in args::manual_pages() {
        let path = dir.join(name);
        files::replace(&path, |out| out.write_all(&page)).map_err(cannot)?;
        pages.push(path.display().to_string());
    }
    Ok(ManualPages { pages })
}

/// The manual pages `grundy man --dir` wrote.
#[derive(serde::Serialize)]
pub struct ManualPages {
    /// Their paths, grundy.1 first.
    pub pages: Vec<String>,
}

/// A verb that answers data (analyze, sequence, period, table, conjecture,
/// games): computed with a progress bar on stderr (and its checkpoint kept),
/// then written; a table's files are checked writable before the work.
fn answer(verb: &Verb, json: bool) -> Result<(), Failure> {
    let outputs = match verb {
        Verb::Table(t) => {
            let pictures = render::Pictures {
                png: t.png.clone(),
                svg: t.svg.clone(),
                tex: t.tex.clone(),
                style: render::Style {
                    colours: t.colours.unwrap_or_default(),
                    from: 0,
                },
            };
            Some(render::Outputs::choose(
                pictures,
                t.csv.clone(),
                json,
                t.size,
            )?)
        }
        Verb::Sequence(s) if s.plots.pictures().any() => {
            plotted_heaps(&s.game)?;
            Some(render::Outputs::choose_plot(
                s.plots.pictures(),
                Some(s.count),
            )?)
        }
        Verb::Period(p) if p.plots.pictures().any() => {
            plotted_heaps(&p.game)?;
            Some(render::Outputs::choose_plot(p.plots.pictures(), None)?)
        }
        _ => None,
    };
    let grid = match verb {
        Verb::Analyze(a) => a.grid.as_deref(),
        _ => None,
    };
    let inputs = Inputs::command_line(grid)?;
    let mut monitor = monitor_for(verb)?;
    let answer = dispatch::answer(verb, &inputs, &mut monitor);
    let plotted = match (verb, &answer, &outputs) {
        (Verb::Period(p), Some(Ok(Answer::Period(report))), Some(outputs)) => {
            Some(period_plot(&p.game, report, outputs, &inputs))
        }
        _ => None,
    };
    monitor.finish();
    let answer = answer.expect("a verb that answers data")?;
    let plotted = plotted.transpose()?;
    let view = output::View {
        typed: verb.game().unwrap_or_default(),
        verbose: matches!(verb, Verb::Sequence(s) if s.verbose),
    };
    to_stdout(|out| {
        output::answer(out, json, &answer, &view, outputs.as_ref())?;
        match (&plotted, &answer, json) {
            (Some((values, paths)), Answer::Period(report), false) => {
                let name = text::game_name(view.typed, &report.game);
                let from = outputs.as_ref().map_or(0, render::Outputs::from);
                text::plotted(out, (values, from), paths, &name)
            }
            _ => Ok(()),
        }
    })?;
    monitor.checkpoint_saved()
}

/// `period --png/--svg`: the values up to the preperiod and three periods
/// (at most [`render::MAX_PLOTTED`]), plotted with the period marked (from
/// `--from`, refused past them); the values and the paths written.
fn period_plot(
    spec: &str,
    report: &grundy::catalog::PeriodReport,
    outputs: &render::Outputs,
    inputs: &Inputs,
) -> Result<(Vec<u64>, Vec<std::path::PathBuf>), Failure> {
    let count = report
        .preperiod
        .saturating_add(report.period.saturating_mul(3))
        .clamp(1, render::MAX_PLOTTED);
    render::check_from(outputs.from(), count)?;
    // Quietly, and never through the period's checkpoint or values file,
    // which a shorter run must not rewrite.
    let sequence = dispatch::sequence(spec, None, count, inputs, &mut grundy::catalog::Quiet)?;
    let values = match &sequence {
        Answer::Sequence(s) => output::heap_values(s),
        _ => None,
    }
    .ok_or_else(|| bad_argument(format!("{spec} has no heap values to plot")))?;
    let marks = Some((report.preperiod, report.period));
    let name = text::game_name(spec, &report.game);
    let paths = outputs.write_plot((&name, &report.game), &values, marks)?;
    Ok((values, paths))
}

/// Refuses a plot of a game whose sequence is not one of heaps' values: a
/// two-pile game's is its P-positions (drawn by `table`), a graph's its
/// vertices' values.
fn plotted_heaps(spec: &str) -> Result<(), Failure> {
    use grundy::catalog::Board;
    match grundy::catalog::parse(spec).map(|game| game.form().board) {
        Ok(Board::Piles | Board::Graph { .. }) => Err(bad_argument(format!(
            "--png, --svg and --tex plot the values of heap games; {spec} is not one (two-pile \
             games draw their table with 'grundy table')"
        ))),
        _ => Ok(()),
    }
}

/// The monitor of a verb's long work: a progress bar labelled with the verb,
/// and for `sequence` and `period` (normal play) the checkpoint or values
/// file asked for, locked and checked before the work starts.
fn monitor_for(verb: &Verb) -> Result<ShellMonitor, Failure> {
    match verb {
        Verb::Sequence(s) if !s.misere => {
            monitor::checkpointing("sequence", s.checkpoint.clone(), s.values_file.clone())
        }
        Verb::Period(p) if !p.misere => {
            monitor::checkpointing("period", p.checkpoint.clone(), p.values_file.clone())
        }
        verb => Ok(ShellMonitor::new(verb.name(), None)),
    }
}

/// Runs `write` on stdout, buffered, and flushes it.
fn to_stdout<E: Into<Failure>>(
    write: impl FnOnce(&mut BufWriter<io::StdoutLock<'static>>) -> Result<(), E>,
) -> Result<(), Failure> {
    let mut out = BufWriter::new(io::stdout().lock());
    write(&mut out).map_err(Into::into)?;
    out.flush()?;
    Ok(())
}

/// A panic is a bug in grundy: say so in one line, without a backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        terminal::restore_terminal();
        print_error(&format!("internal error, please report it: {info}"));
        std::process::exit(failure::FAILURE.into());
    }));
}
