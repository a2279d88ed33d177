//! The command line: verbs, their arguments, and usage errors in one line.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use grundy::arith::{decimal, is_decimal};
use grundy::catalog::typing_distance;

use crate::render::Colours;
use std::path::PathBuf;

/// Solve impartial combinatorial games exactly: outcomes, Grundy values,
/// every winning move, sequences and their periods.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub verb: Verb,
}

/// The verbs.
#[derive(Debug, Subcommand)]
pub enum Verb {
    /// Outcome, Grundy value and every winning move of a position.
    #[command(alias = "analyse")]
    Analyze(Analyze),
    /// The Grundy values G(0), ..., G(N-1) of single heaps.
    Sequence(Sequence),
    /// The certified preperiod and period of a heap game's Grundy sequence.
    Period(Period),
    /// The exact Beatty sequence floor(n*alpha) and its complement.
    Beatty(Beatty),
    /// The outcome or Grundy value of every position (x, y) below N of a
    /// two-pile game, as text, JSON, CSV, PNG or SVG.
    Table(Table),
    /// Patterns found from the rules alone, each with how far it was checked.
    Conjecture(Conjecture),
    /// Every game: its specs, what it is, its position, its theory, the verbs
    /// that answer it and an example.
    Games(Games),
    /// Nim-multiplication and nim-addition of integers below 2^64 (the field
    /// of nimbers): grundy nimber mul A B, grundy nimber add A B, or
    /// grundy nimber mul - for pairs `A B` a line on stdin, one answer a line.
    Nimber(Nimber),
    /// Play a game against the program in the terminal, with hints, undo,
    /// restart and swapping sides.
    Play(Play),
    /// A local web app and its JSON API, on 127.0.0.1 only.
    ///
    /// POST /api/VERB (analyze, sequence, period, table, conjecture, games)
    /// with a JSON body answers the JSON of grundy VERB ... --json.
    Serve(Serve),
    /// Many octal games in shards that run anywhere (survey octal), gathered
    /// into one SQLite database (survey merge).
    Survey(Survey),
    /// A shell's completion script for grundy, on stdout.
    ///
    /// For example: grundy completions bash > ~/.local/share/bash-completion/completions/grundy
    Completions(Completions),
    /// The manual page, in roff, on stdout.
    ///
    /// For example: grundy man > grundy.1, or grundy man analyze > grundy-analyze.1
    /// for a verb's own page.
    Man(Man),
}

impl Verb {
    /// The verb as it is typed: the label of its progress bar.
    pub fn name(&self) -> &'static str {
        match self {
            Verb::Analyze(_) => "analyze",
            Verb::Sequence(_) => "sequence",
            Verb::Period(_) => "period",
            Verb::Beatty(_) => "beatty",
            Verb::Table(_) => "table",
            Verb::Conjecture(_) => "conjecture",
            Verb::Games(_) => "games",
            Verb::Nimber(_) => "nimber",
            Verb::Play(_) => "play",
            Verb::Serve(_) => "serve",
            Verb::Survey(_) => "survey",
            Verb::Completions(_) => "completions",
            Verb::Man(_) => "man",
        }
    }

    /// The game spec of a verb that asks about one game, as typed.
    pub fn game(&self) -> Option<&str> {
        match self {
            Verb::Analyze(a) => Some(&a.game),
            Verb::Sequence(s) => Some(&s.game),
            Verb::Period(p) => Some(&p.game),
            Verb::Table(t) => Some(&t.game),
            Verb::Conjecture(c) => Some(&c.game),
            _ => None,
        }
    }

    /// Whether the answer is wanted as JSON.
    pub fn json(&self) -> bool {
        match self {
            Verb::Analyze(a) => a.output.json,
            Verb::Sequence(s) => s.output.json,
            Verb::Period(p) => p.output.json,
            Verb::Beatty(b) => b.output.json,
            Verb::Table(t) => t.output.json,
            Verb::Conjecture(c) => c.output.json,
            Verb::Games(g) => g.output.json,
            Verb::Nimber(n) => n.output.json,
            Verb::Play(p) => p.output.json,
            Verb::Serve(s) => s.output.json,
            Verb::Survey(s) => match &s.action {
                SurveyAction::Octal(o) | SurveyAction::Hex(o) => o.output.json,
                SurveyAction::Merge(m) => m.output.json,
            },
            Verb::Completions(c) => c.output.json,
            Verb::Man(m) => m.output.json,
        }
    }
}

/// Options every verb takes.
#[derive(Debug, Args)]
pub struct Output {
    /// Print exactly one JSON document on stdout.
    #[arg(long)]
    pub json: bool,
}

/// How many winning moves to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MovesWanted {
    /// Every winning move.
    All,
    /// Only the first (smallest) one.
    One,
}

/// `grundy analyze GAME POSITION...`
#[derive(Debug, Args)]
#[command(allow_negative_numbers = true)]
pub struct Analyze {
    /// The game spec, e.g. nim, bash:3, subtraction:1,3,4, staircase, wythoff:k=2.
    pub game: String,
    /// The position: heap sizes, coins on stairs 1, 2, ..., piles X Y, N L,
    /// or for graph games a graph file (- for stdin) and a start vertex.
    pub position: Vec<String>,
    /// For geography: the graph is this grid of '.' free and '#' blocked cells
    /// (the vertex of a cell is row * width + column, from 0).
    #[arg(long, value_name = "FILE")]
    pub grid: Option<std::path::PathBuf>,
    /// List every winning move, or only the first.
    #[arg(long, value_enum, default_value = "all")]
    pub moves: MovesWanted,
    /// Misère play: the player who makes the last move loses.
    #[arg(long, conflicts_with = "every")]
    pub misere: bool,
    /// Every-SG: the player to move moves in every summand (heap, component)
    /// that still has a move; the answer gives the steps the game lasts.
    #[arg(long)]
    pub every: bool,
    #[command(flatten)]
    pub output: Output,
}

/// `grundy sequence GAME --count N`
#[derive(Debug, Args)]
pub struct Sequence {
    /// The game spec.
    pub game: String,
    /// For a game given by its graph (digraph): the graph file, or - for stdin.
    /// Its sequence is the value of every vertex (--count does not apply).
    pub file: Option<String>,
    /// How many values, from G(0) (a number, or a power such as 2^20 or 10^7).
    #[arg(long, default_value = "32", value_parser = parse_count)]
    pub count: u64,
    /// Resume from this checkpoint file if it exists, and keep it up to date
    /// (octal games).
    #[arg(long)]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Keep the values in this file, memory-mapped, and resume from it
    /// (octal games): for runs too long for memory or for rewriting a
    /// checkpoint; committed every 30 seconds, safe to stop at any time.
    #[arg(long, value_name = "FILE", conflicts_with = "checkpoint")]
    pub values_file: Option<std::path::PathBuf>,
    /// Also say how the octal engine split the values (rare and common).
    #[arg(long)]
    pub verbose: bool,
    /// Misère play: the misère Grundy value and outcome of each heap.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub plots: Plots,
    #[command(flatten)]
    pub output: Output,
}

/// `grundy period GAME`
#[derive(Debug, Args)]
pub struct Period {
    /// The game spec.
    pub game: String,
    /// The most values to compute while looking for the period (a number, or
    /// a power such as 2^30); by default 2^20 for octal games and 10^7 for
    /// subtraction games. With --misere: the largest heap (default 12).
    #[arg(long, value_parser = parse_count)]
    pub max: Option<u64>,
    /// Resume from this checkpoint file if it exists, and keep it up to date
    /// (octal games).
    #[arg(long)]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Keep the values in this file, memory-mapped, and resume from it
    /// (octal games): for runs too long for memory or for rewriting a
    /// checkpoint; committed every 30 seconds, safe to stop at any time.
    #[arg(long, value_name = "FILE", conflicts_with = "checkpoint")]
    pub values_file: Option<std::path::PathBuf>,
    /// Misère play (octal games): the misère quotient of the sums of heaps
    /// up to --max, proved for those heaps only.
    #[arg(long, conflicts_with_all = ["checkpoint", "values_file"])]
    pub misere: bool,
    #[command(flatten)]
    pub plots: Plots,
    #[command(flatten)]
    pub output: Output,
}

/// The plots `sequence` and `period` draw of a heap game's values.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("plot_file").multiple(true))]
pub struct Plots {
    /// Draw the values as a PNG plot in this file: G(n) against n, the
    /// P-positions red (heap games, up to 65536 values; for period, to the
    /// preperiod and three periods, the preperiod shaded and each period's
    /// start marked).
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "misere",
        group = "plot_file"
    )]
    pub png: Option<std::path::PathBuf>,
    /// Draw the same plot as SVG in this file.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "misere",
        group = "plot_file"
    )]
    pub svg: Option<std::path::PathBuf>,
    /// Draw the same plot as a LaTeX document of one TikZ picture (up to
    /// 4096 values).
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "misere",
        group = "plot_file"
    )]
    pub tex: Option<std::path::PathBuf>,
    /// Plot G(n) from n = N on (N below the values plotted); the answer
    /// itself is unchanged.
    #[arg(long, value_name = "N", requires = "plot_file", value_parser = parse_count)]
    pub from: Option<u64>,
    /// The plot's colour of the P-positions: red (viridis, the default),
    /// azure (cividis) or orange (grey), as for table --values.
    #[arg(long, value_name = "NAME", requires = "plot_file")]
    pub colours: Option<Colours>,
}

impl Plots {
    /// The pictures asked for, and how they are drawn.
    pub fn pictures(&self) -> crate::render::Pictures {
        crate::render::Pictures {
            png: self.png.clone(),
            svg: self.svg.clone(),
            tex: self.tex.clone(),
            style: crate::render::Style {
                colours: self.colours.unwrap_or_default(),
                from: self.from.unwrap_or(0),
            },
        }
    }
}

/// `grundy beatty ALPHA --count N`
#[derive(Debug, Args)]
pub struct Beatty {
    /// phi, sqrt2, sqrt(D) or (P+Q*sqrt(D))/S with integers P, Q, S and D not a square.
    pub alpha: String,
    /// How many terms, from n = 1.
    #[arg(long, default_value = "20", value_parser = parse_count)]
    pub count: u64,
    #[command(flatten)]
    pub output: Output,
}

/// A count: decimal digits, or `B^E` such as `2^30` or `10^7`.
fn parse_count(text: &str) -> Result<u64, String> {
    let number = |s: &str| -> Result<u64, String> {
        if !is_decimal(s) {
            return Err(format!(
                "'{text}' is not a count: write digits, or a power such as 2^20"
            ));
        }
        decimal(s).ok_or_else(|| format!("'{text}' is larger than {}", u64::MAX))
    };
    match text.split_once('^') {
        None => number(text),
        Some((base, exponent)) => {
            let exponent =
                u32::try_from(number(exponent)?).map_err(|_| format!("'{text}' is too large"))?;
            number(base)?
                .checked_pow(exponent)
                .ok_or_else(|| format!("'{text}' is larger than {}", u64::MAX))
        }
    }
}

/// `grundy table GAME --size N`
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("picture_file").multiple(true))]
pub struct Table {
    /// A two-pile game: wythoff, wythoff:k=K, wythoff:ratios, twopile:DX,DY[:T]+...
    pub game: String,
    /// The side N: positions (x, y) with 0 <= x, y < N.
    #[arg(long, default_value = "16", value_parser = parse_count)]
    pub size: u64,
    /// Grundy values instead of outcomes.
    #[arg(long)]
    pub values: bool,
    /// Draw the table as a PNG picture in this file (with a title and a legend).
    #[arg(long, value_name = "FILE", group = "picture_file")]
    pub png: Option<std::path::PathBuf>,
    /// Draw the table as an SVG picture in this file (the same picture).
    #[arg(long, value_name = "FILE", group = "picture_file")]
    pub svg: Option<std::path::PathBuf>,
    /// Draw the same picture as a LaTeX document of one TikZ picture, for a
    /// paper (sides up to 128).
    #[arg(long, value_name = "FILE", group = "picture_file")]
    pub tex: Option<std::path::PathBuf>,
    /// The pictures' colour map of the values: viridis (the default), cividis
    /// or grey, each readable with any colour vision and in grey print; the
    /// P-positions red, azure or orange.
    #[arg(long, value_name = "NAME", requires = "picture_file")]
    pub colours: Option<Colours>,
    /// Write the table as CSV to this file, or to stdout for -: line x holds
    /// (x, 0) .. (x, N-1). --png, --svg and --csv may be given together.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: Output,
}

/// `grundy conjecture GAME`
#[derive(Debug, Args)]
pub struct Conjecture {
    /// The game spec.
    pub game: String,
    #[command(flatten)]
    pub output: Output,
}

/// `grundy games`
#[derive(Debug, Args)]
pub struct Games {
    #[command(flatten)]
    pub output: Output,
}

/// `grundy play GAME POS...`
#[derive(Debug, Args)]
#[command(allow_negative_numbers = true, after_help = PLAY_HELP)]
pub struct Play {
    /// The game spec: any game of `grundy games`.
    pub game: String,
    /// The start position, as for analyze: heap sizes, piles X Y, N L, or
    /// for graph games a graph file and a start vertex (or tokens).
    pub position: Vec<String>,
    /// For geography: play on this grid of '.' free and '#' blocked cells
    /// (a start cell is ROW,COLUMN, or its vertex row * width + column).
    #[arg(long, value_name = "FILE")]
    pub grid: Option<std::path::PathBuf>,
    /// The program moves first (the key s swaps sides during play too).
    #[arg(long)]
    pub program_first: bool,
    /// When the game is left, print how it went as one JSON document.
    #[command(flatten)]
    pub output: Output,
}

/// `grundy serve`
#[derive(Debug, Args)]
pub struct Serve {
    /// The port on 127.0.0.1 (0: any free port; the first line printed says which).
    #[arg(long, default_value = "8080")]
    pub port: u16,
    /// The most seconds one request may compute before it is refused.
    #[arg(long, default_value = "10", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub time_limit: u64,
    /// The most requests computed at once (others wait, within their time limit).
    #[arg(long, default_value = "4", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
    #[command(flatten)]
    pub output: Output,
}

/// `grundy survey octal ...` and `grundy survey merge ...`
#[derive(Debug, Args)]
#[command(after_help = SURVEY_HELP)]
pub struct Survey {
    /// What to do.
    #[command(subcommand)]
    pub action: SurveyAction,
}

/// The two steps of a survey.
#[derive(Debug, Subcommand)]
pub enum SurveyAction {
    /// Compute one shard of a survey of octal games: one result file per
    /// game in --out, skipping games already there (rerun after a stop to
    /// finish).
    Octal(SurveyShard),
    /// Compute one shard of a survey of hexadecimal games whose moves may
    /// leave three heaps (a digit of 8 or more), as `survey octal` does;
    /// --count at most 2^15.
    Hex(SurveyShard),
    /// Gather the result files of the directories into one SQLite database
    /// (a row per game) and print a summary.
    Merge(SurveyMerge),
}

/// `grundy survey octal|hex (--digits D | --codes LIST | --codes-file FILE) --count N [--shard I/K] --out DIR`
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("games").required(true).args(["digits", "codes", "codes_file"])))]
pub struct SurveyShard {
    /// Every code 0.d1..dk with k <= D digits (trailing zeros dropped): 8^D - 1 octal games; for hex, the 16^D - 8^D with a digit of 8 or more.
    #[arg(long, value_parser = clap::value_parser!(u32))]
    pub digits: Option<u32>,
    /// These codes, comma-separated, e.g. 0.161,0.167,4.007 (hex: 0.8,0.f7).
    #[arg(long, value_name = "LIST")]
    pub codes: Option<String>,
    /// The codes in this file: separated by commas, spaces or lines; # starts a comment.
    #[arg(long, value_name = "FILE")]
    pub codes_file: Option<PathBuf>,
    /// Heaps per game: G(0) .. G(N-1) (a number, or a power such as 2^24).
    #[arg(long, value_parser = parse_count)]
    pub count: u64,
    /// This shard of K, I counted from 1 (1/4 .. 4/4): games I, I+K, I+2K, ... of the list.
    #[arg(long, default_value = "1/1", value_name = "I/K")]
    pub shard: String,
    /// The directory of result files, one CODE.json per game (hex-CODE.json for hex; created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    #[command(flatten)]
    pub output: Output,
}

/// `grundy survey merge DIR... --db FILE`
#[derive(Debug, Args)]
pub struct SurveyMerge {
    /// Directories of result files (the --out of the shards).
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// The SQLite database to write (replaced whole if it exists).
    #[arg(long, value_name = "FILE")]
    pub db: PathBuf,
    #[command(flatten)]
    pub output: Output,
}

/// The examples of `grundy survey --help`.
const SURVEY_HELP: &str = "Examples:
  grundy survey octal --digits 2 --count 10000 --out results
  parallel grundy survey octal --digits 3 --count 2^20 --shard {}/4 --out results ::: 1 2 3 4
  grundy survey hex --digits 2 --count 4096 --out hex-results
  grundy survey merge results --db survey.sqlite
docs/survey.md: shards on a cluster (scripts/survey.slurm), what is recorded.";

/// The keys and examples of `grundy play --help`.
const PLAY_HELP: &str = "Keys: up/down (or j/k) select a move, Enter plays it; digits then Enter \
play a move by its number; t types the position reached (numbers separated by spaces; \
for graph games the vertex moved to, or the edge U V cut); h shows or hides the hint \
(outcome, Grundy value, every winning move and why); u takes your last move back; \
r restarts; s swaps sides (the program moves); m misere play (where the game has it); \
q, Esc or Ctrl-C quits.

Every game of 'grundy games' can be played, e.g.:
  grundy play nim 3 4 5
  grundy play wythoff 4 7
  grundy play kayles 8
  grundy play hackenbush examples/hackenbush.txt
  grundy play geography --grid examples/maze.txt 0,0
  grundy play digraph examples/digraph.txt 6 9";

/// `grundy nimber mul|add A B` or `grundy nimber mul|add -`
#[derive(Debug, Args)]
pub struct Nimber {
    /// The operation.
    #[arg(value_enum)]
    pub operation: NimberOperation,
    /// Two integers below 2^64, or - to read pairs from stdin.
    #[arg(num_args = 1..=2, required = true)]
    pub operands: Vec<String>,
    #[command(flatten)]
    pub output: Output,
}

/// An operation of the field of nimbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NimberOperation {
    /// Nim-multiplication.
    Mul,
    /// Nim-addition (XOR).
    Add,
}

/// `grundy completions SHELL`
#[derive(Debug, Args)]
pub struct Completions {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
    #[command(flatten)]
    pub output: Output,
}

/// `grundy man [VERB]`
#[derive(Debug, Args)]
pub struct Man {
    /// A verb: its own page (grundy-VERB(1)) instead of grundy(1).
    pub verb: Option<String>,
    /// Write every page, grundy.1 and grundy-VERB.1 for each verb (the pages
    /// grundy(1) refers to), into this directory instead; the files written
    /// are listed.
    #[arg(long, value_name = "DIR", conflicts_with = "verb")]
    pub dir: Option<PathBuf>,
    #[command(flatten)]
    pub output: Output,
}

/// The command line of `grundy`: [`Cli`] with, in the help of each verb that
/// takes a game, the games that verb answers and an example each, from the
/// catalogue's registry.
pub fn command() -> clap::Command {
    grundy::catalog::Verb::ALL
        .into_iter()
        .fold(Cli::command(), |command, verb| {
            command.mut_subcommand(verb.name(), |sub| {
                sub.after_help(grundy::catalog::verb_help(verb))
            })
        })
}

/// The command line of this process, parsed.
pub fn parse() -> Result<Cli, clap::Error> {
    Cli::from_arg_matches(&command().try_get_matches()?)
}

/// A command line given as words, the program's name first, parsed.
pub fn parse_from(words: impl IntoIterator<Item = String>) -> Result<Cli, clap::Error> {
    Cli::from_arg_matches(&command().try_get_matches_from(words)?)
}

/// The completion script of `grundy` for `shell`: verbs, options, and the
/// game names each verb answers.
pub fn completion_script(shell: Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(
        shell,
        &mut with_game_names(command()),
        "grundy",
        &mut script,
    );
    script
}

/// `command` with the names of the games each verb answers as the possible
/// values of its GAME, for the completion scripts only: parsing keeps
/// taking any spec (`octal:0.137`, `script:FILE`). `play` plays what
/// `analyze` answers.
fn with_game_names(command: clap::Command) -> clap::Command {
    let verbs = grundy::catalog::Verb::ALL.map(|verb| (verb.name(), verb));
    let play = ("play", grundy::catalog::Verb::Analyze);
    verbs
        .into_iter()
        .chain([play])
        .fold(command, |command, (name, verb)| {
            let names = game_candidates(verb);
            command.mut_subcommand(name, |sub| {
                // `mut_arg` moves its argument last: the positionals after
                // GAME are moved after it again, in their order.
                let later: Vec<String> = sub
                    .get_positionals()
                    .map(|arg| arg.get_id().to_string())
                    .filter(|id| id != "game")
                    .collect();
                let sub = sub.mut_arg("game", |arg| {
                    arg.value_parser(clap::builder::PossibleValuesParser::new(names))
                });
                later
                    .into_iter()
                    .fold(sub, |sub, id| sub.mut_arg(id, |arg| arg))
            })
        })
}

/// What completes a game spec for `verb`: each form of each game it answers
/// up to its first parameter (`bash:`, `wythoff:k=`, `octal:`), and the
/// games' other names (`kayles`, `fibonacci-nim`).
fn game_candidates(verb: grundy::catalog::Verb) -> Vec<&'static str> {
    let mut names = Vec::new();
    for entry in grundy::catalog::entries() {
        if !entry.answers(verb) {
            continue;
        }
        let forms = entry.forms.iter().map(|form| {
            let fixed = form
                .find(|c: char| c.is_ascii_uppercase())
                .unwrap_or(form.len());
            &form[..fixed]
        });
        let aliases = entry.aliases.iter().map(|alias| alias.name);
        for name in forms.chain(aliases) {
            if !name.is_empty() && !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The manual page of `grundy`, or of one of its verbs, in roff; `None` when
/// `verb` is not a verb. clap's page, with examples: grundy(1)'s own and
/// for a verb its help's games with one example each (clap's "EXTRA"), and
/// a SEE ALSO section.
pub fn manual_page(verb: Option<&str>) -> Option<Vec<u8>> {
    let mut command = command();
    command.build();
    let command = match verb {
        None => command,
        Some(verb) => command.find_subcommand(verb)?.clone(),
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut page)
        .expect("writing to memory cannot fail");
    let page = String::from_utf8(page).expect("clap_mangen writes UTF-8");
    let (body, version) = page
        .split_once(".SH VERSION")
        .map_or((page.as_str(), String::new()), |(body, version)| {
            (body, format!(".SH VERSION{version}"))
        });
    let (body, examples) = match verb {
        None => (body.to_string(), MAIN_EXAMPLES),
        Some(_) => (body.replace(".SH EXTRA", ".SH EXAMPLES"), ""),
    };
    let see_also = match verb {
        None => SEE_ALSO_MAIN,
        Some(_) => SEE_ALSO_VERB,
    };
    Some(format!("{body}{examples}{see_also}{version}").into_bytes())
}

/// Every manual page: `(file name, roff)`, grundy.1 first, then
/// grundy-VERB.1 for each verb of grundy(1).
pub fn manual_pages() -> Vec<(String, Vec<u8>)> {
    let main = (
        "grundy.1".to_string(),
        manual_page(None).expect("grundy(1)"),
    );
    // In grundy(1)'s order, clap's own `help` included.
    let mut command = Cli::command();
    command.build();
    let verbs = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect::<Vec<_>>();
    let pages = verbs.into_iter().filter_map(|verb| {
        let page = manual_page(Some(&verb))?;
        Some((format!("grundy-{verb}.1"), page))
    });
    std::iter::once(main).chain(pages).collect()
}

/// grundy(1)'s EXAMPLES: one command of each kind, as a newcomer types them.
const MAIN_EXAMPLES: &str = r#".SH EXAMPLES
.TP
\fBgrundy analyze nim 3 4 5\fR
The outcome, the Grundy value and every winning move of Nim with heaps 3, 4, 5.
.TP
\fBgrundy analyze wythoff 1000000000000 1618033988749\fR
Wythoff's game at any size, from the Beatty pairs.
.TP
\fBgrundy period kayles\fR
Kayles' values are periodic with period 12 from heap 71, certified.
.TP
\fBgrundy analyze nim 3 + kayles 10 + wythoff 3 5\fR
A sum of different games: the nim-sum of their values and the winning moves.
.TP
\fBgrundy table wythoff \-\-size 64 \-\-values \-\-png wythoff.png\fR
Wythoff's Grundy table as a picture.
.TP
\fBgrundy conjecture wythoff:k=2\fR
The patterns of k-Wythoff's P-positions, each checked far past where it was read.
.TP
\fBgrundy analyze kayles 10 20 \-\-json\fR
Any answer as one JSON document.
"#;

/// grundy(1)'s SEE ALSO: where the verbs' pages come from.
const SEE_ALSO_MAIN: &str = r#".SH SEE ALSO
Each verb has its own page, grundy\-VERB(1), with its options and the games
it answers: \fBgrundy man VERB\fR prints it, and \fBgrundy man \-\-dir DIR\fR
writes every page into DIR (read one with \fBman \-l DIR/grundy\-analyze.1\fR,
or copy them into a man1 directory of the manual's path).
"#;

/// A verb's SEE ALSO.
const SEE_ALSO_VERB: &str = ".SH SEE ALSO
grundy(1)
";

/// Prints help and version as clap does; any other usage error as one `error:`
/// line (clap's own spans several), with exit status 2.
pub fn report_usage_error(e: clap::Error) -> ExitCode {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let mut out = io::stdout().lock();
        return match write!(out, "{}", e.render()).and_then(|()| out.flush()) {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                super::print_error(&format!("cannot write the help: {e}"));
                ExitCode::from(crate::failure::FAILURE)
            }
            _ => ExitCode::SUCCESS,
        };
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // The help goes to stdout, so that stderr holds the one error line.
        let _ = write!(io::stdout(), "{}", e.render());
        super::print_error("no verb given; see 'grundy --help'");
        return ExitCode::from(crate::failure::BAD_INPUT);
    }
    super::print_error(&one_line(&e));
    ExitCode::from(crate::failure::BAD_INPUT)
}

/// clap's message on one line, with its tips but without its usage block:
/// "did you mean 'X'?" when clap found a near name, else a pointer to the help.
pub fn one_line(e: &clap::Error) -> String {
    let rendered = e.to_string();
    let message = rendered.split("\n\n").next().unwrap_or(&rendered);
    let message = message.trim().trim_start_matches("error:").trim();
    let mut parts = vec![message.split_whitespace().collect::<Vec<_>>().join(" ")];
    let near_names = [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ]
    .into_iter()
    .filter_map(|kind| did_you_mean(typed(e), e.get(kind)?))
    .collect::<Vec<_>>();
    let has_near_name = !near_names.is_empty();
    parts.extend(near_names);
    if let Some(ContextValue::StyledStrs(tips)) = e.get(ContextKind::Suggested) {
        parts.extend(tips.iter().map(|tip| tip.to_string()));
    }
    if !has_near_name {
        parts.push("see 'grundy --help'".to_string());
    }
    parts.join("; ")
}

/// The word of the command line that clap did not know.
fn typed(e: &clap::Error) -> Option<&str> {
    [
        ContextKind::InvalidSubcommand,
        ContextKind::InvalidArg,
        ContextKind::InvalidValue,
    ]
    .into_iter()
    .find_map(|kind| match e.get(kind)? {
        ContextValue::String(word) => Some(word.as_str()),
        _ => None,
    })
}

/// "did you mean 'a'?" or "did you mean 'a' or 'b'?" for clap's near names
/// of `typed`. clap lists them least likely first, by a likeness that finds
/// 'table' near 'anlyze': they are ranked by typing slips, the nearest
/// first, and those more than one slip farther than the nearest dropped.
fn did_you_mean(typed: Option<&str>, names: &ContextValue) -> Option<String> {
    let mut names = match names {
        ContextValue::String(name) => vec![name.as_str()],
        ContextValue::Strings(names) if !names.is_empty() => {
            names.iter().map(String::as_str).collect()
        }
        _ => return None,
    };
    names.reverse();
    if let Some(typed) = typed {
        let slips = |name: &&str| typing_distance(typed, name);
        names.sort_by_key(slips);
        let nearest = names.first().map_or(0, slips);
        names.retain(|name| slips(name) <= nearest + 1);
    }
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    Some(format!("did you mean {}?", quoted.join(" or ")))
}

#[cfg(test)]
mod tests {
    /// The book's reference of every verb and option, in Markdown, drawn
    /// from the clap definitions: one row per option, with its help.
    fn options_table() -> String {
        let mut table = String::from("| verb | option | what it does |\n|---|---|---|\n");
        for verb in super::command().get_subcommands() {
            let name = verb.get_name().to_string();
            option_rows(&mut table, &name, verb);
            for sub in verb.get_subcommands() {
                option_rows(&mut table, &format!("{name} {}", sub.get_name()), sub);
            }
        }
        table
    }

    /// The rows of `command`'s arguments, named `verb`.
    fn option_rows(table: &mut String, verb: &str, command: &clap::Command) {
        for arg in command.get_arguments() {
            let name = match (arg.get_long(), arg.is_positional()) {
                (Some(long), _) => format!("`--{long}`"),
                (None, true) => format!("`{}`", arg.get_id().as_str().to_uppercase()),
                (None, false) => continue,
            };
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            let help = help.replace('|', "\\|").replace('\n', " ");
            table.push_str(&format!("| `{verb}` | {name} | {help} |\n"));
        }
    }

    /// The book's table of options is clap's: on a difference, the test
    /// prints the table to paste between the markers.
    #[test]
    fn the_books_options_are_the_command_lines() {
        let page = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/book/src/reference/options.md"
        ))
        .expect("docs/book/src/reference/options.md in the workspace");
        let begin = "<!-- options:begin -->\n";
        let start = page
            .find(begin)
            .expect("the page has <!-- options:begin -->")
            + begin.len();
        let stop = page[start..]
            .find("<!-- options:end -->")
            .expect("the page has <!-- options:end -->")
            + start;
        let expected = options_table();
        assert!(
            page[start..stop] == expected,
            "the book's table of options differs from the command line; put this between the markers:\n{expected}"
        );
    }
}
