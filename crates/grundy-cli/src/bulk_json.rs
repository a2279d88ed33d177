//! The long answers' JSON on every core: tables and heap sequences written
//! as the same document `serde_json` makes of the answer's own
//! `Serialize`, byte for byte (tests), their long lists formatted by hand a
//! batch at a time in parallel. A table of 32768 x 32768 values is about
//! 6.5 GB of JSON, and a sequence of 10^8 values 0.5 GB: `serde_json`, an
//! element at a time on one core, wrote them several times more slowly
//! than they were computed (or filled from a period).

use std::io::{self, Write};

use rayon::prelude::*;

use grundy::catalog::{Cells, Sequence, Table, Terms};

/// About how many numbers a batch holds: a few megabytes of text.
const CELLS_A_BATCH: usize = 1 << 18;

/// About how many numbers one task formats.
const CELLS_A_TASK: usize = 1 << 14;

/// Writes `table` as one line of JSON, without the newline.
pub fn table<W: Write>(out: &mut W, table: &Table) -> io::Result<()> {
    out.write_all(b"{\"game\":")?;
    serde_json::to_writer(&mut *out, &table.game)?;
    write!(out, ",\"size\":{}", table.size)?;
    match &table.cells {
        Cells::Outcomes(cells) => rows(out, "outcomes", cells, table.size, outcome)?,
        Cells::Values(cells) => rows(out, "values", cells, table.size, number)?,
        Cells::SmallValues(cells) => rows(out, "values", cells, table.size, number)?,
    }
    out.write_all(b"}")
}

/// `,"KEY":[[C,...],...]`: the cells, `width` a row, each written by `cell`.
fn rows<W: Write, T: Sync>(
    out: &mut W,
    key: &str,
    cells: &[T],
    width: usize,
    cell: fn(&T, &mut Vec<u8>),
) -> io::Result<()> {
    write!(out, ",\"{key}\":")?;
    let rows: Vec<&[T]> = cells.chunks(width.max(1)).collect();
    list(out, &rows, width, |row, text| list_of(row, text, cell))
}

/// Writes `sequence` as one line of JSON, without the newline: by hand when
/// its terms are heaps' values, else by `serde_json`.
pub fn sequence<W: Write>(out: &mut W, sequence: &Sequence) -> io::Result<()> {
    match &sequence.terms {
        Terms::Values(values) => heap_values(out, sequence, |out| {
            list(out, values, 1, |v, text| number(&v.0, text))
        }),
        Terms::Small(values) => heap_values(out, sequence, |out| list(out, values, 1, number)),
        _ => Ok(serde_json::to_writer(out, sequence)?),
    }
}

/// The document of a sequence of heaps' values, the list written by
/// `values`.
fn heap_values<W: Write>(
    out: &mut W,
    sequence: &Sequence,
    values: impl FnOnce(&mut W) -> io::Result<()>,
) -> io::Result<()> {
    out.write_all(b"{\"game\":")?;
    serde_json::to_writer(&mut *out, &sequence.game)?;
    out.write_all(b",\"values\":")?;
    values(out)?;
    if let Some(stats) = &sequence.stats {
        out.write_all(b",\"stats\":")?;
        serde_json::to_writer(&mut *out, stats)?;
    }
    out.write_all(b"}")
}

/// `[ITEM,ITEM,...]`, each item of `weight` numbers written by `item`, a
/// batch at a time, the tasks of a batch in parallel. Between batches the
/// stop signal is checked.
fn list<W: Write, I: Sync>(
    out: &mut W,
    items: &[I],
    weight: usize,
    item: impl Fn(&I, &mut Vec<u8>) + Sync,
) -> io::Result<()> {
    out.write_all(b"[")?;
    let per_task = (CELLS_A_TASK / weight.max(1)).max(1);
    let tasks = CELLS_A_BATCH / CELLS_A_TASK;
    // The tasks' texts are kept from batch to batch: buffers of megabytes
    // freed and taken again each batch cost the kernel more than the text.
    let mut texts = vec![Vec::new(); tasks];
    for (b, batch) in items.chunks(per_task * tasks).enumerate() {
        grundy::stop::poll();
        let used = batch.len().div_ceil(per_task);
        batch
            .par_chunks(per_task)
            .zip(texts.par_iter_mut())
            .enumerate()
            .for_each(|(t, (task, text))| {
                text.clear();
                for (i, it) in task.iter().enumerate() {
                    if b + t + i > 0 {
                        text.push(b',');
                    }
                    item(it, text);
                }
            });
        for text in &texts[..used] {
            out.write_all(text)?;
        }
    }
    out.write_all(b"]")
}

/// `[C,C,...]`, each cell written by `cell`.
fn list_of<T>(cells: &[T], text: &mut Vec<u8>, cell: fn(&T, &mut Vec<u8>)) {
    text.push(b'[');
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            text.push(b',');
        }
        cell(c, text);
    }
    text.push(b']');
}

/// The two decimal digits of each number below 100.
const PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0; 2]; 100];
    let mut n = 0;
    while n < 100 {
        pairs[n] = [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8];
        n += 1;
    }
    pairs
};

/// A number in decimal. The values of sequences and tables are almost all
/// below 10^4: their digits come two at a time from a table, in one copy of
/// four bytes at most (a general conversion cost a fifth of a table's time).
fn number<T: Into<u64> + Copy>(value: &T, text: &mut Vec<u8>) {
    let v: u64 = (*value).into();
    if v >= 10_000 {
        text.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        return;
    }
    let (high, low) = ((v / 100) as usize, (v % 100) as usize);
    let [h0, h1] = PAIRS[high];
    let [l0, l1] = PAIRS[low];
    let leading = match v {
        0..=9 => 3,
        10..=99 => 2,
        100..=999 => 1,
        _ => 0,
    };
    // The digits moved to the front, four bytes written (one store, where
    // a copy of a variable length was a call of memmove), the rest cut.
    let digits = u32::from_be_bytes([h0, h1, l0, l1]) << (8 * leading);
    text.extend_from_slice(&digits.to_be_bytes());
    text.truncate(text.len() - leading);
}

/// `"P"` or `"N"` (`true` for P).
fn outcome(p: &bool, text: &mut Vec<u8>) {
    text.extend_from_slice(if *p { b"\"P\"" } else { b"\"N\"" });
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::catalog::{parse, Quiet, SequenceOf};

    /// Whether `write` gives serde_json's document of `answer`.
    fn same_as_serde<T: serde::Serialize>(
        answer: &T,
        write: fn(&mut Vec<u8>, &T) -> io::Result<()>,
        what: &str,
    ) {
        let mut fast = Vec::new();
        write(&mut fast, answer).unwrap();
        let serde = serde_json::to_string(answer).unwrap();
        assert_eq!(String::from_utf8(fast).unwrap(), serde, "{what}");
    }

    #[test]
    fn tables_are_serde_jsons() {
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
            let game = parse(spec).unwrap();
            let answer = game.table(size, values, &mut Quiet).unwrap();
            same_as_serde(&answer, table, &format!("{spec} {size} {values}"));
        }
    }

    #[test]
    fn sequences_are_serde_jsons() {
        for (spec, count) in [
            ("kayles", 0),
            ("kayles", 1),
            ("kayles", 300_000),
            ("nim", 70_000),
            ("lasker", 5),
            ("subtraction:1,3,4", 1 << 17),
            ("wythoff", 40),
        ] {
            let game = parse(spec).unwrap();
            let answer = game.sequence(SequenceOf::Heaps(count), &mut Quiet).unwrap();
            same_as_serde(&answer, sequence, &format!("{spec} {count}"));
        }
    }
}
