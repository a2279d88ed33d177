//! A table's JSON on every core: the same document as `serde_json` makes of
//! the table's own `Serialize`, byte for byte, its rows formatted by hand a
//! batch at a time in parallel. A table of 32768 x 32768 values is about
//! 6.5 GB of JSON, which `serde_json` on one core writes more slowly than
//! the table is computed.

use std::io::{self, Write};

use rayon::prelude::*;

use grundy::catalog::{Cells, Table};

/// About how many cells a batch holds: a few megabytes of text.
const CELLS_A_BATCH: usize = 1 << 18;

/// Writes `table` as one line of JSON, without the newline. Between batches
/// of rows the stop signal is checked.
pub fn write<W: Write>(out: &mut W, table: &Table) -> io::Result<()> {
    out.write_all(b"{\"game\":")?;
    serde_json::to_writer(&mut *out, &table.game)?;
    write!(out, ",\"size\":{}", table.size)?;
    let width = table.size;
    match &table.cells {
        Cells::Outcomes(cells) => rows(out, "outcomes", cells, width, outcome_row)?,
        Cells::Values(cells) => rows(out, "values", cells, width, value_row)?,
        Cells::SmallValues(cells) => rows(out, "values", cells, width, value_row)?,
    }
    out.write_all(b"}")
}

/// `,"KEY":[ROW,ROW,...]`, the rows of `cells` (`width` a row) each written
/// by `row`.
fn rows<W: Write, T: Sync>(
    out: &mut W,
    key: &str,
    cells: &[T],
    width: usize,
    row: fn(&[T], &mut Vec<u8>),
) -> io::Result<()> {
    write!(out, ",\"{key}\":[")?;
    let rows: Vec<&[T]> = cells.chunks(width.max(1)).collect();
    let per_batch = (CELLS_A_BATCH / width.max(1)).max(1);
    for (b, batch) in rows.chunks(per_batch).enumerate() {
        grundy::stop::poll();
        let texts: Vec<Vec<u8>> = batch
            .par_iter()
            .enumerate()
            .map(|(i, cells)| {
                let mut text = Vec::with_capacity(6 * cells.len() + 3);
                if b + i > 0 {
                    text.push(b',');
                }
                row(cells, &mut text);
                text
            })
            .collect();
        for text in &texts {
            out.write_all(text)?;
        }
    }
    out.write_all(b"]")
}

/// `[v,v,...]`.
fn value_row<T: itoa::Integer + Copy>(cells: &[T], text: &mut Vec<u8>) {
    let mut digits = itoa::Buffer::new();
    text.push(b'[');
    for (i, &value) in cells.iter().enumerate() {
        if i > 0 {
            text.push(b',');
        }
        text.extend_from_slice(digits.format(value).as_bytes());
    }
    text.push(b']');
}

/// `["P","N",...]`, `true` for P.
fn outcome_row(cells: &[bool], text: &mut Vec<u8>) {
    text.push(b'[');
    for (i, &p) in cells.iter().enumerate() {
        if i > 0 {
            text.push(b',');
        }
        text.extend_from_slice(if p { b"\"P\"" } else { b"\"N\"" });
    }
    text.push(b']');
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::catalog::{parse, Quiet};

    #[test]
    fn the_document_is_serde_jsons_of_the_table() {
        for (spec, size, values) in [
            ("wythoff", 0, true),
            ("wythoff", 0, false),
            ("wythoff", 1, true),
            ("wythoff", 700, true),
            ("wythoff", 700, false),
            ("twopile:1,0+0,1+1,2", 40, true),
            ("wythoff:k=2", 600, true),
            ("wythoff:k=2", 9, false),
        ] {
            let table = parse(spec)
                .unwrap()
                .table(size, values, &mut Quiet)
                .unwrap();
            let mut fast = Vec::new();
            write(&mut fast, &table).unwrap();
            assert_eq!(
                String::from_utf8(fast).unwrap(),
                serde_json::to_string(&table).unwrap(),
                "{spec} {size} {values}"
            );
        }
    }
}
