//! Answers written for people.

use std::io::{self, Write};

use dashu_int::UBig;
use grundy::catalog::{Analysis, PeriodReport, Sequence};
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
    writeln!(out, "{} {}", a.game, joined(&a.position))?;
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

/// `sequence`: ten values a line, each line headed by its first index.
pub fn sequence(out: &mut dyn Write, s: &Sequence) -> io::Result<()> {
    writeln!(out, "{}: G(n) for n = 0..{}", s.game, s.values.len())?;
    let width = s.values.len().saturating_sub(1).to_string().len();
    for (row, chunk) in s.values.chunks(10).enumerate() {
        let values: Vec<String> = chunk.iter().map(|g| g.0.to_string()).collect();
        writeln!(out, "{:>width$}: {}", row * 10, values.join(" "))?;
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
