//! The long answers' JSON on every core: tables and heap sequences written
//! as the same document `serde_json` makes of the answer's own
//! `Serialize`, byte for byte (tests), their long lists formatted by hand a
//! batch at a time in parallel. A table of 32768 x 32768 values is about
//! 6.5 GB of JSON, and a sequence of 10^8 values 0.5 GB: `serde_json`, an
//! element at a time on one core, wrote them several times more slowly
//! than they were computed (or filled from a period).

use std::io::{self, Write};
use std::sync::mpsc;
use std::thread;

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
/// batch at a time: a thread formats the next batch (its tasks in parallel
/// on the pool) while this one writes the last, so the kernel's copying of
/// the text overlaps the formatting. Between batches the stop signal is
/// checked.
fn list<W: Write, I: Sync>(
    out: &mut W,
    items: &[I],
    weight: usize,
    item: impl Fn(&I, &mut Vec<u8>) + Sync,
) -> io::Result<()> {
    out.write_all(b"[")?;
    let per_task = (CELLS_A_TASK / weight.max(1)).max(1);
    let tasks = CELLS_A_BATCH / CELLS_A_TASK;
    // Two sets of texts go back and forth between the threads: buffers of
    // megabytes freed and taken again each batch cost the kernel more than
    // the text.
    let (formatted, to_write) = mpsc::sync_channel::<(Vec<Vec<u8>>, usize)>(1);
    let (written, to_fill) = mpsc::channel();
    for _ in 0..2 {
        let _ = written.send(vec![Vec::new(); tasks]);
    }
    let item = &item;
    thread::scope(|scope| {
        scope.spawn(move || {
            let batches = items.chunks(per_task * tasks).enumerate();
            for (b, batch) in batches {
                // The writer hung up: it failed or was stopped.
                let Ok(mut texts) = to_fill.recv() else {
                    return;
                };
                let used = format_batch(b, batch, per_task, &mut texts, item);
                if formatted.send((texts, used)).is_err() {
                    return;
                }
            }
        });
        // Both ends this thread holds are dropped however it leaves, which
        // ends the formatter too.
        let (to_write, written) = (to_write, written);
        for (texts, used) in to_write {
            grundy::stop::poll();
            for text in &texts[..used] {
                out.write_all(text)?;
            }
            let _ = written.send(texts);
        }
        out.write_all(b"]")
    })
}

/// Formats batch `b` into `texts`, a task of `per_task` items a text, in
/// parallel; returns how many texts it filled.
fn format_batch<I: Sync>(
    b: usize,
    batch: &[I],
    per_task: usize,
    texts: &mut [Vec<u8>],
    item: &(impl Fn(&I, &mut Vec<u8>) + Sync),
) -> usize {
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
    batch.len().div_ceil(per_task)
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

/// The decimal digits of each number below 10^4, in the order written,
/// from the low byte up.
static DIGITS: [u32; 10_000] = {
    let mut digits = [0; 10_000];
    let mut n = 0;
    while n < 10_000 {
        let mut text = [0u8; 4];
        let (mut rest, mut len) = (n, 0);
        while len == 0 || rest > 0 {
            len += 1;
            rest /= 10;
        }
        let (mut rest, mut i) = (n, len);
        while i > 0 {
            i -= 1;
            text[i] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        digits[n] = u32::from_le_bytes(text);
        n += 1;
    }
    digits
};

/// A number in decimal. The values of sequences and tables are almost all
/// below 10^4: their digits come from a table, in one copy of four bytes
/// (a general conversion cost a fifth of a table's time; the digits two at
/// a time, a sixth).
fn number<T: Into<u64> + Copy>(value: &T, text: &mut Vec<u8>) {
    let v: u64 = (*value).into();
    if v >= 10_000 {
        text.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        return;
    }
    let len = 1 + usize::from(v >= 10) + usize::from(v >= 100) + usize::from(v >= 1000);
    // Four bytes written in one store (a copy of a variable length is a
    // call of memmove), the rest cut.
    text.extend_from_slice(&DIGITS[v as usize].to_le_bytes());
    text.truncate(text.len() - 4 + len);
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
    fn numbers_are_written_in_decimal() {
        let mut text = Vec::new();
        let mut expected = String::new();
        for v in (0..20_000u64).chain([65_535, 1 << 32, u64::MAX]) {
            number(&v, &mut text);
            text.push(b' ');
            expected.push_str(&format!("{v} "));
        }
        assert_eq!(String::from_utf8(text).unwrap(), expected);
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
