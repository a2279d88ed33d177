//! Answers written for people.

use std::fmt::{self, Display};
use std::io::{self, Write};

use dashu_int::UBig;
use grundy::catalog::{
    Analysis, BeattyReport, ConjectureReport, PairList, Param, PeriodReport, Sequence, Table,
    Terms, ValueStats,
};
use grundy::Outcome;

fn joined(values: &[UBig]) -> String {
    values
        .iter()
        .map(UBig::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `analyze`: outcome, value, moves, method.
pub fn analysis(out: &mut dyn Write, a: &Analysis) -> io::Result<()> {
    if a.position.is_empty() {
        writeln!(out, "{}", a.game)?;
    } else {
        writeln!(out, "{} {}", a.game, joined(&a.position))?;
    }
    let who = match a.outcome {
        Outcome::N => "N (the player to move wins)",
        Outcome::P => "P (the player to move loses)",
    };
    writeln!(out, "outcome: {who}")?;
    if let Some(g) = &a.grundy {
        writeln!(out, "grundy:  {g}")?;
    }
    if a.outcome == Outcome::P {
        writeln!(out, "winning moves: none; every move loses")?;
    } else if !a.winning_moves.is_empty() {
        // Each description names what its move changes; the whole position
        // reached is added only for short positions whose positions are
        // lists of numbers (a graph game's description already names its
        // target), so that the text stays linear in the input.
        if a.winning_moves.iter().all(|m| m.target.is_some()) {
            writeln!(out, "winning moves:")?;
            for m in &a.winning_moves {
                writeln!(out, "  {}", m.description)?;
            }
        } else if a.shows_positions_reached() {
            writeln!(out, "winning moves:")?;
            for m in &a.winning_moves {
                writeln!(
                    out,
                    "  {}  =>  {}",
                    m.description,
                    joined(&m.apply(&a.position))
                )?;
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
    }
    move_families(out, a)?;
    writeln!(out, "method:  {}", a.method)
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

/// `sequence`: values ten a line, or P-positions one a line.
pub fn sequence(out: &mut dyn Write, s: &Sequence) -> io::Result<()> {
    match &s.terms {
        Terms::Values(values) => heap_values(out, &s.game, values.iter().map(|g| g.0))?,
        Terms::Small(values) => heap_values(out, &s.game, values.iter())?,
        Terms::Pairs(list) => pairs(out, &s.game, list)?,
    }
    if let Some(stats) = &s.stats {
        value_stats(out, stats)?;
    }
    Ok(())
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

fn value_stats(out: &mut dyn Write, stats: &ValueStats) -> io::Result<()> {
    writeln!(
        out,
        "values: largest {}; {} rare and {} common heaps (rare: bits {:#b} of even parity{})",
        stats.max_value,
        stats.rare,
        stats.common,
        stats.sparse_mask,
        if stats.flip_odd_heaps {
            ", flipped on odd heaps"
        } else {
            ""
        }
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
    let width = (len + first).to_string().len();
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
pub fn period(out: &mut dyn Write, p: &PeriodReport) -> io::Result<()> {
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
            p.game, p.preperiod, p.checked_to, p.checked_to
        )?;
        writeln!(
            out,
            "apparent preperiod {}, period {}, saltus {}",
            p.preperiod, p.period, p.saltus
        )?;
        return writeln!(out, "method: {}", p.method);
    }
    writeln!(out, "{}: {relation} for all n >= {}", p.game, p.preperiod)?;
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
pub fn table(out: &mut dyn Write, t: &Table) -> io::Result<()> {
    let what = if t.has_values() {
        "Grundy values"
    } else {
        "outcomes (P, and . for N)"
    };
    writeln!(
        out,
        "{}: {what} of (x, y), 0 <= x, y < {}; line x lists y = 0, 1, ...",
        t.game, t.size
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
pub fn wrote(out: &mut dyn Write, t: &Table, paths: &[std::path::PathBuf]) -> io::Result<()> {
    if paths.is_empty() {
        return Ok(());
    }
    let p = cells(t).filter(|&(x, y)| t.is_p(x, y)).count();
    let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    writeln!(
        out,
        "{}: wrote the {} x {} table to {} ({p} P-positions)",
        t.game,
        t.size,
        t.size,
        paths.join(", ")
    )
}

/// `conjecture`: one statement a line, with how far it was checked.
pub fn conjectures(out: &mut dyn Write, r: &ConjectureReport) -> io::Result<()> {
    writeln!(out, "{}:", r.game)?;
    for c in &r.conjectures {
        // A certified statement says itself how it was proved and from how
        // many values; "checked to 0" would misread a closed form as unchecked.
        if c.param("certified") == Some(&Param::Flag(true)) {
            writeln!(out, "- [{}] {}", c.kind, c.statement)?;
        } else {
            writeln!(
                out,
                "- [{}] {} (checked to {})",
                c.kind, c.statement, c.verified_up_to
            )?;
        }
    }
    Ok(())
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
