//! Answers written for people.

use std::fmt::{self, Display};
use std::io::{self, Write};

use dashu_int::UBig;
use grundy::catalog::{
    Analysis, BeattyReport, Board, ConjectureReport, Convention, ConventionSum, MisereSequence,
    Move, PairList, Param, PeriodReport, Sequence, SumAnalysis, Table, Terms, ValueStats,
};
use grundy::solve::genus::Profile;
use grundy::Outcome;

/// How the text names a game: the canonical spec, or the spec the user typed
/// with the canonical one beside it when they differ in more than case
/// (`kayles (octal:0.77)`).
pub fn game_name(typed: &str, canonical: &str) -> String {
    if typed.eq_ignore_ascii_case(canonical) {
        canonical.to_string()
    } else {
        format!("{typed} ({canonical})")
    }
}

/// The cells of a `--grid` file: a vertex is `row * width + column`, counted
/// from 0, and is written `(row, column)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridCells {
    /// The number of rows: the number of lines.
    pub height: u64,
    /// The number of columns: the length of the longest line.
    pub width: u64,
}

impl GridCells {
    /// The vertex of the cell in row `row` and column `column` (decimal
    /// numbers from 0), as a position argument; `None` outside the grid.
    pub fn vertex(&self, row: &str, column: &str) -> Option<String> {
        let row = row
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|&r| r < self.height)?;
        let column = column
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|&c| c < self.width)?;
        Some((row * self.width + column).to_string())
    }

    /// The cell `(row, column)` of vertex `v`.
    pub fn cell(&self, v: &UBig) -> String {
        let width = UBig::from(self.width.max(1));
        format!("({}, {})", v / &width, v % &width)
    }
}

fn joined(values: &[UBig]) -> String {
    values
        .iter()
        .map(UBig::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `analyze`: outcome, value, moves, method. `name` is the game as
/// [`game_name`] writes it; `grid` is set when the graph came from `--grid`,
/// whose vertices are then written as cells.
pub fn analysis(
    out: &mut dyn Write,
    a: &Analysis,
    name: &str,
    grid: Option<GridCells>,
) -> io::Result<()> {
    let name = match a.play {
        Convention::Normal => name.to_string(),
        play => format!("{name} ({})", play.words()),
    };
    match (a.position.is_empty(), grid) {
        (true, _) => writeln!(out, "{name}")?,
        (false, Some(cells)) => {
            let start: Vec<String> = a.position.iter().map(|v| cells.cell(v)).collect();
            writeln!(out, "{name} {}", start.join(" "))?;
        }
        (false, None) => writeln!(out, "{name} {}", joined(&a.position))?,
    }
    writeln!(out, "outcome: {}", outcome_in_words(a.outcome))?;
    if let Some(steps) = &a.steps {
        writeln!(out, "steps:   {steps}")?;
    }
    if let Some(profile) = &a.profile {
        genus_lines(out, profile)?;
    }
    if let Some(g) = &a.loopy {
        writeln!(out, "grundy:  {g}")?;
    } else if let Some(g) = &a.grundy {
        writeln!(out, "grundy:  {g}")?;
    }
    if a.outcome == Outcome::D {
        writeln!(out, "winning moves: none; no move wins")?;
    } else if a.outcome == Outcome::P {
        writeln!(out, "winning moves: none; every move loses")?;
        longest_defence(out, a)?;
    } else if !a.winning_moves.is_empty() {
        winning_moves(out, a, grid)?;
    }
    if let (Outcome::N, Some(r)) = (a.outcome, &a.remoteness) {
        let moves = if *r == UBig::ONE { "move" } else { "moves" };
        writeln!(
            out,
            "remoteness: {r}  (the winner ends the game in {r} {moves}, the loser delaying)"
        )?;
    }
    move_families(out, a)?;
    writeln!(out, "method:  {}", a.method)
}

/// A sum of games: one line per component (its game, position and value),
/// the outcome and value of the sum, then each winning move prefixed with
/// its component and followed by the component's position after it.
pub fn sum(out: &mut dyn Write, a: &SumAnalysis) -> io::Result<()> {
    writeln!(out, "sum of {} games", a.components.len())?;
    for (i, c) in a.components.iter().enumerate() {
        let position = match c.position.is_empty() {
            true => String::new(),
            false => format!(" {}", joined(&c.position)),
        };
        writeln!(
            out,
            "  component {i}: {}{position}, grundy {}",
            c.game, c.grundy
        )?;
    }
    writeln!(out, "outcome: {}", outcome_in_words(a.outcome))?;
    writeln!(out, "grundy:  {}", a.grundy)?;
    if a.outcome == Outcome::P {
        writeln!(out, "winning moves: none; every move loses")?;
    } else if a.outcome == Outcome::D {
        writeln!(out, "winning moves: none; no move wins")?;
    } else {
        writeln!(out, "winning moves:")?;
        for m in &a.winning_moves {
            let reached = match a.components[m.component].position.is_empty() {
                true => String::new(),
                false => format!("  =>  {}", joined(&m.to)),
            };
            writeln!(
                out,
                "  component {}: {}{reached}",
                m.component, m.description
            )?;
        }
    }
    writeln!(out, "method:  {}", a.method)
}

/// A sum under misère play or Every-SG: its components, outcome, steps
/// (Every-SG) and winning moves, as [`sum`] writes a sum under normal play.
pub fn convention_sum(out: &mut dyn Write, a: &ConventionSum) -> io::Result<()> {
    writeln!(
        out,
        "sum of {} games ({})",
        a.components.len(),
        a.play.words()
    )?;
    for (i, (game, position)) in a.components.iter().enumerate() {
        writeln!(out, "  component {i}: {game} {}", joined(position))?;
    }
    writeln!(out, "outcome: {}", outcome_in_words(a.outcome))?;
    if let Some(steps) = &a.steps {
        writeln!(out, "steps:   {steps}")?;
    }
    if let Some(profile) = &a.profile {
        genus_lines(out, profile)?;
    }
    if a.outcome == Outcome::P {
        writeln!(out, "winning moves: none; every move loses")?;
    } else {
        match a.play {
            Convention::Every => {
                writeln!(out, "winning moves (one in every summand that has a move):")?
            }
            _ => writeln!(out, "winning moves:")?,
        }
        for m in &a.winning_moves {
            writeln!(
                out,
                "  component {}: {}  =>  {}",
                m.component,
                m.description,
                joined(&m.to)
            )?;
        }
    }
    writeln!(out, "method:  {}", a.method)
}

/// The winning moves, one a line. Each description names what its move
/// changes; the position reached is added only for short positions that are
/// lists of numbers (a graph game's description names its edge or vertex, and
/// the graph itself is not echoed), so that the text stays linear in the input.
fn winning_moves(out: &mut dyn Write, a: &Analysis, grid: Option<GridCells>) -> io::Result<()> {
    if a.winning_moves.iter().all(|m| m.target.is_some()) {
        writeln!(out, "winning moves:")?;
        for m in &a.winning_moves {
            match (grid, m.target.as_deref()) {
                (Some(cells), Some([vertex])) => {
                    writeln!(out, "  {}", grid_move(a, &cells.cell(vertex)))?
                }
                _ => writeln!(out, "  {}", m.description)?,
            }
        }
    } else if a.shows_positions_reached() {
        writeln!(out, "winning moves:")?;
        let board = board_of(a);
        for m in &a.winning_moves {
            writeln!(out, "  {}", with_position_reached(a, board, m))?;
        }
    } else {
        writeln!(
            out,
            "winning moves ({} numbers in the position: each move names what it changes):",
            a.position.len()
        )?;
        for m in &a.winning_moves {
            writeln!(out, "  {}", m.description)?;
        }
    }
    Ok(())
}

/// The move of a P-position that makes the game last longest, where known,
/// and how many moves then remain with best play on both sides.
fn longest_defence(out: &mut dyn Write, a: &Analysis) -> io::Result<()> {
    let Some(defence) = &a.longest_defence else {
        return Ok(());
    };
    let m = &defence.longest_move;
    let shown = if a.shows_position_reached(m) && m.target.is_none() {
        with_position_reached(a, board_of(a), m)
    } else {
        m.description.clone()
    };
    let left = &defence.remoteness - UBig::ONE;
    let moves = if left == UBig::ONE { "move" } else { "moves" };
    writeln!(
        out,
        "longest defence: {shown}  (the game then lasts {left} more {moves} with best play)"
    )
}

/// A geography move on a `--grid` file, to the cell `cell`: the token moves
/// there, or in the start-choosing game (no start given) is placed there.
fn grid_move(a: &Analysis, cell: &str) -> String {
    if a.position.is_empty() {
        format!("place the token on {cell}; the opponent moves first")
    } else {
        format!("move the token to {cell}")
    }
}

/// How the catalogue draws the analyzed game's positions.
fn board_of(a: &Analysis) -> Option<Board> {
    grundy::catalog::parse(&a.game)
        .ok()
        .map(|game| game.form().board)
}

/// A move's description with the position it reaches: `=>  3 3` for heaps
/// and piles, and for dynsub (whose position is the pile and the limit the
/// next player may take) `, leaving 8 with limit 4`.
fn with_position_reached(a: &Analysis, board: Option<Board>, m: &Move) -> String {
    let reached = m.apply(&a.position);
    match reached.as_slice() {
        [pile, limit] if board == Some(Board::PileAndLimit) => {
            format!("{}, leaving {pile} with limit {limit}", m.description)
        }
        _ => format!("{}  =>  {}", m.description, joined(&reached)),
    }
}

/// `analyze`, when the winning moves are too many to list: how many there
/// are, how many are listed, and all of them as families.
fn move_families(out: &mut dyn Write, a: &Analysis) -> io::Result<()> {
    let Some(count) = &a.winning_move_count else {
        return Ok(());
    };
    writeln!(
        out,
        "the list is cut: {count} winning moves in all, the first {} listed",
        a.winning_moves.len()
    )?;
    if a.winning_move_families.is_empty() {
        return writeln!(out, "(too many families to list them)");
    }
    writeln!(
        out,
        "every winning move, in {} families:",
        a.winning_move_families.len()
    )?;
    for f in &a.winning_move_families {
        if f.count == UBig::ONE {
            writeln!(out, "  {}", f.description)?;
        } else {
            writeln!(out, "  {}  ({} moves)", f.description, f.count)?;
        }
    }
    Ok(())
}

/// `sequence`: values ten a line, or P-positions one a line. With `verbose`,
/// also how the octal engine split the values (see [`value_stats`]).
pub fn sequence(out: &mut dyn Write, s: &Sequence, name: &str, verbose: bool) -> io::Result<()> {
    match &s.terms {
        Terms::Values(values) => heap_values(out, name, values.iter().map(|g| g.0))?,
        Terms::Small(values) => heap_values(out, name, values.iter())?,
        Terms::Pairs(list) => pairs(out, name, list)?,
        Terms::Vertices { vertices, values } => {
            writeln!(
                out,
                "{name}: the value of each of {} vertices",
                vertices.len()
            )?;
            for (v, value) in vertices.iter().zip(values.iter()) {
                writeln!(out, "{v}: {value}")?;
            }
        }
    }
    if let Some(stats) = &s.stats {
        value_stats(out, stats, verbose)?;
    }
    Ok(())
}

/// `sequence --misere`: the misère values ten a line, then the misère
/// P-positions among them, the genera ten a line, and the method.
pub fn misere_sequence(out: &mut dyn Write, s: &MisereSequence) -> io::Result<()> {
    writeln!(
        out,
        "{} (misère play): the misère Grundy values G-(n) for n = 0..{}",
        s.game,
        s.values.len().saturating_sub(1)
    )?;
    rows_of_ten(out, s.values.iter(), 0)?;
    let p: Vec<String> = (0..s.values.len())
        .filter(|&n| s.values[n] == UBig::ZERO)
        .map(|n| n.to_string())
        .collect();
    writeln!(out, "misère P-positions: {}", p.join(" "))?;
    if let Some(profiles) = &s.profiles {
        writeln!(
            out,
            "genus g^γ0γ1... of each heap (γk: the misère value with k Nim heaps of 2 added; the \
             last two exponents alternate forever):"
        )?;
        rows_of_ten(out, profiles.iter().map(|p| &p.genus), 0)?;
        let wild = not_tame(profiles.iter().map(|p| p.tame));
        writeln!(out, "heaps not tame: {wild}")?;
    }
    writeln!(out, "method: {}", s.method)
}

/// The heaps whose flag in `tame` (heap 0 first) is false, by number, or
/// `none`.
pub(crate) fn not_tame(tame: impl IntoIterator<Item = bool>) -> String {
    let wild: Vec<String> = tame
        .into_iter()
        .enumerate()
        .filter(|&(_, tame)| !tame)
        .map(|(n, _)| n.to_string())
        .collect();
    if wild.is_empty() {
        "none".to_string()
    } else {
        wild.join(" ")
    }
}

/// The `genus:` and `tame:` lines of a position under misère play.
fn genus_lines(out: &mut dyn Write, profile: &Profile) -> io::Result<()> {
    writeln!(out, "genus:   {}", profile.genus)?;
    let tame = if profile.tame { "yes" } else { "no" };
    writeln!(out, "tame:    {tame}")
}

fn heap_values<T: Display>(
    out: &mut dyn Write,
    game: &str,
    values: impl ExactSizeIterator<Item = T>,
) -> io::Result<()> {
    match values.len() {
        0 => writeln!(out, "{game}: no values (--count 0)")?,
        1 => writeln!(out, "{game}: the first value, G(0)")?,
        len => writeln!(
            out,
            "{game}: the first {len} values, G(n) for n = 0..{}",
            len - 1
        )?,
    }
    rows_of_ten(out, values, 0)
}

/// The largest value; with `verbose`, also the sparse-space split of the
/// heaps `n >= 1` that the octal engine works with, in plain words.
fn value_stats(out: &mut dyn Write, stats: &ValueStats, verbose: bool) -> io::Result<()> {
    writeln!(out, "largest value: {}", stats.max_value)?;
    if !verbose {
        return Ok(());
    }
    let parity = match (stats.flip_odd_heaps, stats.flip_even_heaps) {
        (true, _) => "even for even n and odd for odd n",
        (_, true) => "odd for even n and even for odd n",
        _ => "even",
    };
    writeln!(
        out,
        "sparse space: {} heaps n >= 1 have a rare value and {} a common one; the value \
         v of heap n is rare when the number of 1 bits of v AND {:#b} is {parity}",
        stats.rare, stats.common, stats.sparse_mask
    )
}

fn pairs(out: &mut dyn Write, game: &str, list: &PairList) -> io::Result<()> {
    writeln!(
        out,
        "{game}: the first {} P-positions (a, b), a <= b",
        list.pairs.len()
    )?;
    let width = list.pairs.len().saturating_sub(1).to_string().len();
    for (i, (a, b)) in list.pairs.iter().enumerate() {
        writeln!(out, "{i:>width$}: ({a}, {b})")?;
    }
    if let Some(bound) = list.searched_below {
        writeln!(
            out,
            "every row x < {bound} is settled: its P-position found, or proved absent"
        )?;
        let rows: Vec<String> = list.rows_without_p.iter().map(u64::to_string).collect();
        writeln!(
            out,
            "rows x < {bound} proved to hold no P-position: {}",
            rows.join(" ")
        )?;
        if !list.rows_unsettled.is_empty() {
            let rows: Vec<String> = list.rows_unsettled.iter().map(u64::to_string).collect();
            writeln!(out, "rows x < {bound} unsettled: {}", rows.join(" "))?;
        }
    }
    Ok(())
}

/// Ten values a line, each line headed by the index of its first value; the
/// first value has index `first`. Written as they come: nothing is collected.
fn rows_of_ten<T: Display>(
    out: &mut dyn Write,
    values: impl ExactSizeIterator<Item = T>,
    first: u64,
) -> io::Result<()> {
    let len = values.len() as u64;
    // The widest head is the last line's, the index of its first value.
    let last_head = first + len.saturating_sub(1) / 10 * 10;
    let width = last_head.to_string().len();
    for (k, value) in (0..).zip(values) {
        match k % 10 {
            0 => write!(out, "{:>width$}: {value}", first + k)?,
            _ => write!(out, " {value}")?,
        }
        if k % 10 == 9 || k + 1 == len {
            writeln!(out)?;
        }
    }
    Ok(())
}

/// `period`: the relation, and how it was established. A period that is not
/// certified says so first, with how far it was checked and the option that
/// looks further, so that it cannot be read as the answer.
pub fn period(out: &mut dyn Write, p: &PeriodReport, name: &str) -> io::Result<()> {
    let relation = if p.saltus == 0 {
        format!("G(n + {}) = G(n)", p.period)
    } else {
        format!("G(n + {}) = G(n) + {}", p.period, p.saltus)
    };
    if !p.certified {
        writeln!(
            out,
            "not certified: {} only appears to have {relation} for n >= {}, as seen on \
             G(0..{}); raise --max (now {} values) to look for a proof",
            name, p.preperiod, p.checked_to, p.checked_to
        )?;
        writeln!(
            out,
            "apparent preperiod {}, period {}, saltus {}",
            p.preperiod, p.period, p.saltus
        )?;
        return writeln!(out, "method: {}", p.method);
    }
    writeln!(out, "{name}: {relation} for all n >= {}", p.preperiod)?;
    writeln!(
        out,
        "preperiod {}, period {}, saltus {}",
        p.preperiod, p.period, p.saltus
    )?;
    if p.checked_to == 0 {
        writeln!(out, "certified: {}", p.method)
    } else {
        writeln!(
            out,
            "certified: {} ({} values computed)",
            p.method, p.checked_to
        )
    }
}

/// `beatty`: the sequence and its complement, each term written as it is
/// computed.
pub fn beatty(out: &mut dyn Write, b: &BeattyReport) -> io::Result<()> {
    let mut report = Some(b);
    while let Some(r) = report {
        writeln!(out, "floor(n*{}) for n = 1..{}:", r.alpha, r.count)?;
        rows_of_ten(out, r.values().map(Decimal), 1)?;
        report = r.complement.as_deref();
    }
    Ok(())
}

/// An integer printed by the machine-word formatter when it fits one.
struct Decimal(UBig);

impl Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match u64::try_from(&self.0) {
            Ok(small) => small.fmt(f),
            Err(_) => self.0.fmt(f),
        }
    }
}

/// `table`: one line per x, the cells (x, 0) .. (x, N-1): `P`/`.` or values.
pub fn table(out: &mut dyn Write, t: &Table, name: &str) -> io::Result<()> {
    let what = if t.has_values() {
        "Grundy values"
    } else {
        "outcomes (P, and . for N)"
    };
    writeln!(
        out,
        "{name}: {what} of (x, y), 0 <= x, y < {}; line x lists y = 0, 1, ...",
        t.size
    )?;
    let width = cells(t)
        .filter_map(|(x, y)| t.value(x, y))
        .max()
        .map_or(1, |m| m.to_string().len());
    for x in 0..t.size {
        for y in 0..t.size {
            if y > 0 {
                write!(out, " ")?;
            }
            match t.value(x, y) {
                Some(v) => write!(out, "{v:>width$}")?,
                None if t.is_p(x, y) => write!(out, "P")?,
                None => write!(out, ".")?,
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Every cell `(x, y)` of the table, line by line.
fn cells(t: &Table) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..t.size).flat_map(move |x| (0..t.size).map(move |y| (x, y)))
}

/// `table` with files: what was written where (nothing when no file was).
pub fn wrote(
    out: &mut dyn Write,
    t: &Table,
    paths: &[std::path::PathBuf],
    name: &str,
) -> io::Result<()> {
    if paths.is_empty() {
        return Ok(());
    }
    let p = cells(t).filter(|&(x, y)| t.is_p(x, y)).count();
    let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    writeln!(
        out,
        "{name}: wrote the {} x {} table to {} ({p} P-positions)",
        t.size,
        t.size,
        paths.join(", ")
    )
}

/// `sequence` with plots: what was written where, of `values` plotted from
/// `n = from` on.
pub fn plotted(
    out: &mut dyn Write,
    (values, from): (&[u64], u64),
    paths: &[std::path::PathBuf],
    name: &str,
) -> io::Result<()> {
    let shown =
        &values[usize::try_from(from).map_or(values.len(), |from| from.min(values.len()))..];
    let p = shown.iter().filter(|&&v| v == 0).count();
    let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let range = match from {
        0 => format!("n < {}", values.len()),
        from => format!("{from} <= n < {}", values.len()),
    };
    writeln!(
        out,
        "{name}: wrote the plot of G(n) for {range} to {} ({p} P-positions)",
        paths.join(", ")
    )
}

/// `man --dir`: the pages written, one path a line.
pub fn manual_pages(out: &mut dyn Write, written: &crate::ManualPages) -> io::Result<()> {
    written
        .pages
        .iter()
        .try_for_each(|path| writeln!(out, "{path}"))
}

/// `conjecture`: one statement a line, headed by its kind in words, with how
/// far it was checked.
pub fn conjectures(out: &mut dyn Write, r: &ConjectureReport, name: &str) -> io::Result<()> {
    writeln!(out, "{name}:")?;
    for c in &r.conjectures {
        let kind = kind_in_words(c.kind);
        // A certified statement says itself how it was proved and from how
        // many values; "checked to 0" would misread a closed form as unchecked.
        if c.param("certified") == Some(&Param::Flag(true)) {
            writeln!(out, "- {kind}: {}", c.statement)?;
        } else {
            writeln!(
                out,
                "- {kind}: {} (checked to {})",
                c.statement, c.verified_up_to
            )?;
        }
    }
    Ok(())
}

/// A conjecture's kind (`one_p_per_row`) as words (`one P per row`).
fn kind_in_words(kind: &str) -> String {
    kind.split('_')
        .map(|word| match word {
            "p" => "P",
            "beatty" => "Beatty",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `games`: every game of the registry, its forms and aliases, what it is,
/// its position, its theory, the verbs that answer it and an example.
pub fn games(out: &mut dyn Write, list: &grundy::catalog::GameList) -> io::Result<()> {
    use grundy::catalog::plain;
    for (i, entry) in list.games.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let mut specs: Vec<String> = entry.forms.iter().map(|s| s.to_string()).collect();
        specs.extend(
            entry
                .aliases
                .iter()
                .map(|a| format!("{} (= {})", a.name, entry.spec_of(a))),
        );
        writeln!(out, "{}", specs.join(", "))?;
        writeln!(out, "  game:     {}", plain(entry.summary))?;
        writeln!(out, "  position: {}", plain(entry.position))?;
        writeln!(out, "  theory:   {}", plain(entry.theory))?;
        let verbs: Vec<&str> = entry.verbs.iter().map(|v| v.name()).collect();
        writeln!(out, "  verbs:    {}", verbs.join(", "))?;
        writeln!(out, "  example:  {}", entry.example())?;
    }
    Ok(())
}

/// An outcome, with what it means for the player to move.
fn outcome_in_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::D => "D (a draw: with best play the game never ends)",
        Outcome::N => "N (the player to move wins)",
        Outcome::P => "P (the player to move loses)",
    }
}
