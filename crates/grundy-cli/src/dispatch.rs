//! The verbs that answer data, from parsed arguments to the answer: the one
//! place both faces go through, so that `grundy VERB ... --json` and the web
//! API's `POST /api/VERB` give the same JSON.
//!
//! The faces differ only in where texts come from ([`Inputs`]: the command
//! line reads files and stdin, the server takes them from the request body)
//! and in what they do with the [`Answer`] (text, pictures or JSON).

use std::io::{self, Read};
use std::path::Path;

use grundy::catalog::{
    Analysis, ConjectureReport, Convention, ConventionSum, Game, GameList, GraphInput,
    MisereSequence, Monitor, PeriodReport, Position, QuotientReport, Sequence, SequenceOf,
    SumAnalysis, SumPart, Table,
};
use serde::{Serialize, Serializer};

use crate::args::{MovesWanted, Verb};
use crate::failure::{bad_argument, Failure};
use crate::text::GridCells;

/// Where the texts a request needs (graphs, scripts) come from.
pub struct Inputs {
    /// Whether files named in the arguments (or `-`, stdin) may be read: the
    /// command line reads them, the server never does.
    pub read_files: bool,
    /// A graph given apart from the position arguments (`--grid FILE`, or the
    /// body's `"graph"` or `"grid"`) and the name it was given by, for messages.
    pub graph: Option<(GraphInput, &'static str)>,
    /// The text of a scripted game given apart from its spec (the body's
    /// `"script"`), instead of the spec's file.
    pub script: Option<String>,
}

impl Inputs {
    /// The command line's inputs: files, stdin, and the text of `--grid FILE`.
    pub fn command_line(grid: Option<&Path>) -> Result<Inputs, Failure> {
        let graph = grid
            .map(|path| Ok::<_, Failure>((GraphInput::Grid(read_text(path)?), "--grid")))
            .transpose()?;
        Ok(Inputs {
            read_files: true,
            graph,
            script: None,
        })
    }

    /// The text of the file `name` (`-`: stdin), as a position argument names it.
    fn file(&self, name: &str) -> Result<String, Failure> {
        if !self.read_files {
            return Err(bad_argument(format!(
                "'{name}': the web API reads no files; give the graph as \"graph\": \"U V\\n...\" \
                 (or \"grid\") and the script as \"script\": SOURCE"
            )));
        }
        if name == "-" {
            read_limited(io::stdin().lock(), "stdin")
        } else {
            read_text(Path::new(name))
        }
    }

    /// The game of `spec`, a scripted game given its script.
    pub fn game(&self, spec: &str) -> Result<Box<dyn Game>, Failure> {
        let game = grundy::catalog::parse(spec)?;
        let Some(path) = game.form().script.map(str::to_string) else {
            return Ok(game);
        };
        let text = match &self.script {
            Some(text) => text.clone(),
            None => self.file(&path)?,
        };
        Ok(grundy::catalog::script(&path, &text)?)
    }

    /// The position of `game` given by `args`, parsed once: for a game played
    /// on a graph, the graph (given apart, or the first argument) and the
    /// start arguments after it, the cells of a `--grid` written as vertices;
    /// with the grid's cells, to write the answer's vertices as cells.
    pub fn position(
        &self,
        game: &dyn Game,
        args: &[String],
    ) -> Result<(Position, Option<GridCells>), Failure> {
        if game.form().graph.is_none() {
            return Ok((Position::of(game, args, None)?, None));
        }
        let (graph, rest) = self.graph(args)?;
        let grid = grid_cells(&graph);
        let rest = cell_vertices(grid, rest)?;
        Ok((Position::of(game, &rest, Some(graph))?, grid))
    }

    /// The graph of a graph game: the one given apart, or the first position
    /// argument (a graph file, or `-` for stdin); and the arguments after it.
    pub fn graph<'a>(&self, position: &'a [String]) -> Result<(GraphInput, &'a [String]), Failure> {
        if let Some((graph, _)) = &self.graph {
            return Ok((graph.clone(), position));
        }
        let (file, rest) = position.split_first().ok_or_else(|| {
            let how = if self.read_files {
                "give a graph file, or - to read it from stdin"
            } else {
                "give the graph as \"graph\": \"U V\\n...\""
            };
            bad_argument(how.into())
        })?;
        Ok((GraphInput::Edges(self.file(file)?), rest))
    }

    /// Refuses a graph given apart to `game`, which is not played on a graph.
    pub fn refuse_graph_for(&self, game: &dyn Game, verb: &str) -> Result<(), Failure> {
        match &self.graph {
            Some((_, given)) if game.form().graph.is_none() => Err(bad_argument(format!(
                "{given} is for a game played on a graph, not {} ({verb})",
                game.spec()
            ))),
            _ => Ok(()),
        }
    }
}

/// The answer of a verb, serialised exactly as its JSON.
pub enum Answer {
    /// `analyze` of one game, with the grid of a `--grid` graph to write cells.
    Analysis(Analysis, Option<GridCells>),
    /// `analyze` of a sum of games.
    Sum(SumAnalysis),
    /// `analyze --misere` or `--every` of a sum of games.
    ConventionSum(ConventionSum),
    /// `sequence`.
    Sequence(Sequence),
    /// `sequence --misere`.
    MisereSequence(MisereSequence),
    /// `period --misere`: the misère quotient of an octal game.
    Quotient(QuotientReport),
    /// `period`.
    Period(PeriodReport),
    /// `table`.
    Table(Table),
    /// `conjecture`.
    Conjectures(ConjectureReport),
    /// `games`.
    Games(GameList),
}

impl Serialize for Answer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Answer::Analysis(a, _) => a.serialize(serializer),
            Answer::Sum(s) => s.serialize(serializer),
            Answer::ConventionSum(s) => s.serialize(serializer),
            Answer::Sequence(s) => s.serialize(serializer),
            Answer::MisereSequence(s) => s.serialize(serializer),
            Answer::Quotient(q) => q.serialize(serializer),
            Answer::Period(p) => p.serialize(serializer),
            Answer::Table(t) => t.serialize(serializer),
            Answer::Conjectures(c) => c.serialize(serializer),
            Answer::Games(g) => g.serialize(serializer),
        }
    }
}

/// The answer of `verb` (one of the verbs that answer data: analyze,
/// sequence, period, table, conjecture, games); long work reports to `monitor`.
/// `None` for the other verbs.
pub fn answer(
    verb: &Verb,
    inputs: &Inputs,
    monitor: &mut dyn Monitor,
) -> Option<Result<Answer, Failure>> {
    Some(match verb {
        Verb::Analyze(a) => analyze(
            &a.game,
            &a.position,
            (a.moves, play_of(a.misere, a.every)),
            inputs,
            monitor,
        ),
        Verb::Sequence(s) if s.misere => inputs.game(&s.game).and_then(|game| {
            inputs.refuse_graph_for(game.as_ref(), "sequence")?;
            Ok(Answer::MisereSequence(grundy::catalog::misere_sequence(
                game.as_ref(),
                s.count,
            )?))
        }),
        Verb::Sequence(s) => sequence(&s.game, s.file.as_deref(), s.count, inputs, monitor),
        // The spec alone: a misère quotient reads no script file.
        Verb::Period(p) if p.misere => grundy::catalog::parse(&p.game)
            .and_then(|game| grundy::catalog::misere_quotient(game.as_ref(), p.max, monitor))
            .map(Answer::Quotient)
            .map_err(Failure::from),
        Verb::Period(p) => inputs.game(&p.game).and_then(|game| {
            inputs.refuse_graph_for(game.as_ref(), "period")?;
            Ok(Answer::Period(game.period(p.max, monitor)?))
        }),
        Verb::Table(t) => inputs.game(&t.game).and_then(|game| {
            inputs.refuse_graph_for(game.as_ref(), "table")?;
            Ok(Answer::Table(game.table(t.size, t.values, monitor)?))
        }),
        Verb::Conjecture(c) => inputs.game(&c.game).and_then(|game| {
            inputs.refuse_graph_for(game.as_ref(), "conjecture")?;
            Ok(Answer::Conjectures(game.conjecture(monitor)?))
        }),
        Verb::Games(_) => Ok(Answer::Games(grundy::catalog::games())),
        _ => return None,
    })
}

/// The play convention of `--misere` or `--every`; `None` for normal play.
fn play_of(misere: bool, every: bool) -> Option<Convention> {
    match (misere, every) {
        (true, _) => Some(Convention::Misere),
        (_, true) => Some(Convention::Every),
        _ => None,
    }
}

/// `analyze`: `how` is the moves wanted and the play convention.
fn analyze(
    spec: &str,
    position: &[String],
    how: (MovesWanted, Option<Convention>),
    inputs: &Inputs,
    monitor: &mut dyn Monitor,
) -> Result<Answer, Failure> {
    let (moves, play) = how;
    let first_only = moves == MovesWanted::One;
    let words: Vec<String> = std::iter::once(spec.to_string())
        .chain(position.iter().cloned())
        .collect();
    if let Some(groups) = grundy::catalog::split_sum(&words) {
        if let Some((_, given)) = &inputs.graph {
            return Err(bad_argument(format!(
                "{given} is for one game played on a graph, not for a sum of games"
            )));
        }
        let parts = sum_parts(groups?, inputs)?;
        if let Some(play) = play {
            let mut sum = grundy::catalog::analyze_convention_sum(&parts, play)?;
            if first_only {
                sum.winning_moves.truncate(1);
            }
            return Ok(Answer::ConventionSum(sum));
        }
        return Ok(Answer::Sum(grundy::catalog::analyze_sum(
            &parts, first_only, monitor,
        )?));
    }
    let game = inputs.game(spec)?;
    inputs.refuse_graph_for(game.as_ref(), "analyze")?;
    let (at, grid) = inputs.position(game.as_ref(), position)?;
    let mut analysis = match play {
        Some(play) => grundy::catalog::analyze_convention(game.as_ref(), &at, play)?,
        None => game.analyze(&at, first_only, monitor)?,
    };
    if first_only {
        analysis.keep_first_move();
    }
    Ok(Answer::Analysis(analysis, grid))
}

pub(crate) fn sequence(
    spec: &str,
    file: Option<&str>,
    count: u64,
    inputs: &Inputs,
    monitor: &mut dyn Monitor,
) -> Result<Answer, Failure> {
    let game = inputs.game(spec)?;
    inputs.refuse_graph_for(game.as_ref(), "sequence")?;
    let of = match (file, &inputs.graph) {
        (Some(file), _) if game.form().graph.is_some() => {
            let (graph, _) = inputs.graph(std::slice::from_ref(&file.to_string()))?;
            SequenceOf::Vertices(graph)
        }
        (Some(file), _) => {
            return Err(bad_argument(format!(
                "unexpected argument '{file}': only a game given by its graph (digraph) \
                 takes a file for sequence"
            )))
        }
        (None, Some((graph, _))) => SequenceOf::Vertices(graph.clone()),
        (None, None) => SequenceOf::Heaps(count),
    };
    Ok(Answer::Sequence(game.sequence(of, monitor)?))
}

/// The components of a sum, each a spec and its position arguments; a graph
/// game's graph file is read here (at most one component reads stdin).
pub fn sum_parts(groups: Vec<Vec<String>>, inputs: &Inputs) -> Result<Vec<SumPart>, Failure> {
    let reads_stdin = |group: &Vec<String>| {
        grundy::catalog::parse(&group[0]).is_ok_and(|g| {
            let form = g.form();
            form.script == Some("-")
                || (form.graph.is_some() && group.get(1).is_some_and(|f| f == "-"))
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
        let game = inputs.game(spec).map_err(in_component)?;
        let (at, _) = inputs
            .position(game.as_ref(), position)
            .map_err(in_component)?;
        parts.push(SumPart { game, at, words });
    }
    Ok(parts)
}

/// The cells of a `--grid` graph, to read and write its vertices as cells;
/// `None` for a graph file, or a malformed grid (the catalogue says why).
pub fn grid_cells(graph: &GraphInput) -> Option<GridCells> {
    let GraphInput::Grid(text) = graph else {
        return None;
    };
    let grid = grundy::graph::parse_grid(text).ok()?;
    Some(GridCells {
        height: grid.height as u64,
        width: grid.width as u64,
    })
}

/// The start arguments of a graph game, each `ROW,COLUMN` cell of a `--grid`
/// written as its vertex (`row * width + column`); vertex numbers are kept.
pub fn cell_vertices(grid: Option<GridCells>, position: &[String]) -> Result<Vec<String>, Failure> {
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
    check_graph_size(&text, name)?;
    Ok(text)
}

/// Refuses a text of more than [`MAX_GRAPH_BYTES`](grundy::limits::MAX_GRAPH_BYTES).
pub fn check_graph_size(text: &str, name: &str) -> Result<(), Failure> {
    if text.len() as u64 > grundy::limits::MAX_GRAPH_BYTES {
        return Err(bad_argument(format!(
            "{name} holds more than {} MiB, the most a graph file may hold",
            grundy::limits::MAX_GRAPH_BYTES >> 20
        )));
    }
    Ok(())
}
