//! The command line: verbs, their arguments, and usage errors in one line.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};

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
}

impl Verb {
    /// Whether the answer is wanted as JSON.
    pub fn json(&self) -> bool {
        match self {
            Verb::Analyze(a) => a.output.json,
            Verb::Sequence(s) => s.output.json,
            Verb::Period(p) => p.output.json,
            Verb::Beatty(b) => b.output.json,
            Verb::Table(t) => t.output.json,
            Verb::Conjecture(c) => c.output.json,
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
    #[command(flatten)]
    pub output: Output,
}

/// `grundy sequence GAME --count N`
#[derive(Debug, Args)]
pub struct Sequence {
    /// The game spec.
    pub game: String,
    /// How many values, from G(0) (a number, or a power such as 2^20 or 10^7).
    #[arg(long, default_value = "32", value_parser = parse_count)]
    pub count: u64,
    /// Resume from this checkpoint file if it exists, and keep it up to date
    /// (octal games).
    #[arg(long)]
    pub checkpoint: Option<std::path::PathBuf>,
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
    /// subtraction games.
    #[arg(long, value_parser = parse_count)]
    pub max: Option<u64>,
    /// Resume from this checkpoint file if it exists, and keep it up to date
    /// (octal games).
    #[arg(long)]
    pub checkpoint: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: Output,
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
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "'{text}' is not a count: write digits, or a power such as 2^20"
            ));
        }
        s.parse()
            .map_err(|_| format!("'{text}' is larger than {}", u64::MAX))
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
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,
    /// Draw the table as an SVG picture in this file (the same picture).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
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

/// Prints help and version as clap does; any other usage error as one `error:`
/// line (clap's own spans several), with exit status 2.
pub fn report_usage_error(e: clap::Error) -> ExitCode {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // The help goes to stdout, so that stderr holds the one error line.
        let _ = write!(io::stdout(), "{}", e.render());
        super::print_error("no verb given; see 'grundy --help'");
        return ExitCode::from(super::BAD_INPUT);
    }
    super::print_error(&format!(
        "{}; see 'grundy --help'",
        one_line(&e.to_string())
    ));
    ExitCode::from(super::BAD_INPUT)
}

/// clap's message without its tips and usage block, on one line.
fn one_line(rendered: &str) -> String {
    let message = rendered.split("\n\n").next().unwrap_or(rendered);
    let message = message.trim().trim_start_matches("error:").trim();
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}
