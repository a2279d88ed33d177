//! Answers written for people.

use std::io::{self, Write};

use dashu_int::UBig;
use grundy::catalog::{
    Analysis, BeattyReport, ConjectureReport, PairList, PeriodReport, Sequence, Table, Terms,
    ValueStats,
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
    if !a.winning_moves.is_empty() {
        writeln!(out, "winning moves:")?;
        for m in &a.winning_moves {
            writeln!(
                out,
                "  {}  =>  {}",
                m.description,
                joined(&m.apply(&a.position))
            )?;
        }
    }
    writeln!(out, "method:  {}", a.method)
}

/// `sequence`: values ten a line, or P-positions one a line.
pub fn sequence(out: &mut dyn Write, s: &Sequence) -> io::Result<()> {
    match &s.terms {
        Terms::Values(values) => {
            let values: Vec<String> = values.iter().map(|g| g.0.to_string()).collect();
            heap_values(out, &s.game, &values)?;
        }
        Terms::Small(values) => {
            let values: Vec<String> = values.iter().map(u16::to_string).collect();
            heap_values(out, &s.game, &values)?;
        }
        Terms::Pairs(list) => pairs(out, &s.game, list)?,
    }
    if let Some(stats) = &s.stats {
        value_stats(out, stats)?;
    }
    Ok(())
}

fn heap_values(out: &mut dyn Write, game: &str, values: &[String]) -> io::Result<()> {
    writeln!(out, "{game}: G(n) for n = 0..{}", values.len())?;
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
/// first value has index `first`.
fn rows_of_ten(out: &mut dyn Write, values: &[String], first: usize) -> io::Result<()> {
    let width = (values.len() + first).to_string().len();
    for (row, chunk) in values.chunks(10).enumerate() {
        writeln!(out, "{:>width$}: {}", first + row * 10, chunk.join(" "))?;
    }
    Ok(())
}

/// `period`: the relation, and how it was established.
pub fn period(out: &mut dyn Write, p: &PeriodReport) -> io::Result<()> {
    let relation = if p.saltus == 0 {
        format!("G(n + {}) = G(n)", p.period)
    } else {
        format!("G(n + {}) = G(n) + {}", p.period, p.saltus)
    };
    writeln!(out, "{}: {relation} for all n >= {}", p.game, p.preperiod)?;
    writeln!(
        out,
        "preperiod {}, period {}, saltus {}",
        p.preperiod, p.period, p.saltus
    )?;
    let status = if p.certified {
        "certified"
    } else {
        "not certified"
    };
    writeln!(
        out,
        "{status}: {} ({} values computed)",
        p.method, p.checked_to
    )
}

/// `beatty`: the sequence and its complement.
pub fn beatty(out: &mut dyn Write, b: &BeattyReport) -> io::Result<()> {
    let mut report = Some(b);
    while let Some(r) = report {
        writeln!(out, "floor(n*{}) for n = 1..{}:", r.alpha, r.values.len())?;
        let values: Vec<String> = r.values.iter().map(UBig::to_string).collect();
        rows_of_ten(out, &values, 1)?;
        report = r.complement.as_deref();
    }
    Ok(())
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
    let width = (0..t.size)
        .flat_map(|x| (0..t.size).map(move |y| (x, y)))
        .filter_map(|(x, y)| t.value(x, y))
        .max()
        .map_or(1, |m| m.to_string().len());
    for x in 0..t.size {
        let cells: Vec<String> = (0..t.size)
            .map(|y| match t.value(x, y) {
                Some(v) => format!("{v:>width$}"),
                None if t.is_p(x, y) => "P".into(),
                None => ".".into(),
            })
            .collect();
        writeln!(out, "{}", cells.join(" "))?;
    }
    Ok(())
}

/// `table` with a file: what was written where.
pub fn wrote(out: &mut dyn Write, t: &Table, path: &std::path::Path) -> io::Result<()> {
    let p = (0..t.size)
        .flat_map(|x| (0..t.size).map(move |y| (x, y)))
        .filter(|&(x, y)| t.is_p(x, y))
        .count();
    writeln!(
        out,
        "{}: wrote the {} x {} table to {} ({p} P-positions)",
        t.game,
        t.size,
        t.size,
        path.display()
    )
}

/// `conjecture`: one statement a line, with how far it was checked.
pub fn conjectures(out: &mut dyn Write, r: &ConjectureReport) -> io::Result<()> {
    writeln!(out, "{}:", r.game)?;
    for c in &r.conjectures {
        writeln!(
            out,
            "- [{}] {} (checked to {})",
            c.kind, c.statement, c.verified_up_to
        )?;
    }
    Ok(())
}
