//! `period GAME --misere` as text: a misère quotient for people.

use std::io::{self, Write};

use grundy::catalog::QuotientReport;

use crate::text::not_tame;

/// The quotient: what it is of, its order and P-portion, its presentation,
/// the element of each heap, how it grew, and what is proved.
pub fn quotient(out: &mut dyn Write, q: &QuotientReport, name: &str) -> io::Result<()> {
    writeln!(
        out,
        "{name}, misère play: the quotient of the sums of heaps up to {}",
        q.max_heap
    )?;
    writeln!(
        out,
        "order {}, P-portion {{{}}} ({} of them)",
        q.order,
        q.p_portion.join(", "),
        q.p_portion.len()
    )?;
    let generators: Vec<String> = q
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    writeln!(out, "generators: {}", none_if_empty(&generators))?;
    let relations: Vec<String> = q
        .relations
        .iter()
        .map(|r| format!("{} = {}", r.word, r.equals))
        .collect();
    writeln!(out, "relations: {}", none_if_empty(&relations))?;
    let heaps: Vec<String> = q
        .heaps
        .iter()
        .enumerate()
        .map(|(n, x)| format!("{n}:{x}"))
        .collect();
    writeln!(out, "heaps: {}", heaps.join(" "))?;
    heaps_not_tame(out, &q.tame, q.max_heap)?;
    if let Some(table) = &q.table {
        multiplication_table(out, &q.elements, table)?;
    }
    let orders: Vec<String> = q
        .history
        .iter()
        .map(|s| format!("{}:{}", s.max_heap, s.order))
        .collect();
    writeln!(
        out,
        "order of the quotient of heaps up to n: {}",
        orders.join(" ")
    )?;
    writeln!(
        out,
        "unchanged from heaps up to {} to heaps up to {}",
        q.stable_since, q.max_heap
    )?;
    writeln!(out, "proved: {}", q.proved)?;
    writeln!(out, "method: {}", q.method)
}

/// The heaps Winning Ways' test finds not tame, and how far it went when
/// the sums of the larger heaps passed the budget.
fn heaps_not_tame(out: &mut dyn Write, tame: &[bool], max_heap: u64) -> io::Result<()> {
    let wild = not_tame(tame.iter().copied());
    match tame.len() as u64 > max_heap {
        true => writeln!(out, "heaps not tame: {wild}"),
        false => writeln!(
            out,
            "heaps not tame: {wild} among heaps below {}; the sums of larger heaps pass \
             GENUS_BUDGET",
            tame.len()
        ),
    }
}

fn none_if_empty(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The products of the elements, one row per element, columns aligned.
fn multiplication_table(
    out: &mut dyn Write,
    elements: &[String],
    table: &[Vec<usize>],
) -> io::Result<()> {
    let width = elements.iter().map(String::len).max().unwrap_or(1);
    writeln!(out, "multiplication table:")?;
    write!(out, "  {:>width$} |", "")?;
    for e in elements {
        write!(out, " {e:>width$}")?;
    }
    writeln!(out)?;
    for (e, row) in elements.iter().zip(table) {
        write!(out, "  {e:>width$} |")?;
        for &product in row {
            write!(out, " {:>width$}", elements[product])?;
        }
        writeln!(out)?;
    }
    Ok(())
}
