//! `grundy nimber mul|add A B` and `grundy nimber mul|add -`: the arithmetic
//! is the library's ([`grundy::arith::nim_product`]); this reads the operands
//! and prints the answers.

use std::io::{self, BufRead, Write};

use grundy::arith::{decimal, NimTables};
use serde::Serialize;

use super::{bad_argument, Failure};
use crate::args::{Nimber, NimberOperation};

/// Runs the verb: one answer for `A B`, or one a line for the pairs on stdin.
pub(crate) fn run(out: &mut impl Write, json: bool, args: &Nimber) -> Result<(), Failure> {
    let apply = operation(args.operation);
    let name = match args.operation {
        NimberOperation::Mul => "mul",
        NimberOperation::Add => "add",
    };
    match args.operands.as_slice() {
        [dash] if dash == "-" => {
            let mut values = Vec::new();
            let emit = |v: u64| -> io::Result<()> {
                if json {
                    values.push(v);
                    Ok(())
                } else {
                    write_line(out, v)
                }
            };
            read_pairs(io::stdin().lock(), apply, emit)?;
            if json {
                let answer = Stream {
                    operation: name,
                    values,
                };
                serde_json::to_writer(&mut *out, &answer).map_err(io::Error::from)?;
                writeln!(out)?;
            }
        }
        [a, b] => {
            let (a, b) = (operand(a)?, operand(b)?);
            let value = apply(a, b);
            if json {
                let answer = Single {
                    operation: name,
                    a,
                    b,
                    value,
                };
                serde_json::to_writer(&mut *out, &answer).map_err(io::Error::from)?;
                writeln!(out)?;
            } else {
                writeln!(out, "{value}")?;
            }
        }
        _ => {
            return Err(bad_argument(format!(
                "nimber {name} takes two integers A B below 2^64, or - to read pairs from stdin"
            )))
        }
    }
    Ok(())
}

/// Writes `v` and a newline (by hand: a million lines through `writeln!`
/// cost more than their products).
fn write_line(out: &mut impl Write, mut v: u64) -> io::Result<()> {
    let mut digits = [0u8; 21];
    let mut start = digits.len() - 1;
    digits[start] = b'\n';
    loop {
        start -= 1;
        digits[start] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.write_all(&digits[start..])
}

/// The library's function of `operation`.
fn operation(operation: NimberOperation) -> fn(u64, u64) -> u64 {
    match operation {
        NimberOperation::Mul => |a, b| NimTables::get().product(a, b),
        NimberOperation::Add => |a, b| (grundy::Nimber(a) ^ grundy::Nimber(b)).0,
    }
}

/// An operand: an integer below 2^64.
fn operand(text: &str) -> Result<u64, Failure> {
    decimal::<u64>(text).ok_or_else(|| {
        bad_argument(format!(
            "'{text}' is not an operand: write an integer from 0 to {}",
            u64::MAX
        ))
    })
}

/// Reads the lines `A B` of `input` and hands `apply(A, B)` of each to `emit`.
/// Blank lines are skipped; a first line holding one integer `T` (Library
/// Checker's input format) is the number of pairs that follow, checked.
/// The input is read in large blocks of whole lines (a line per `read_line`
/// costs more than the product).
fn read_pairs(
    mut input: impl BufRead,
    apply: fn(u64, u64) -> u64,
    mut emit: impl FnMut(u64) -> io::Result<()>,
) -> Result<(), Failure> {
    let mut block = Vec::with_capacity(BLOCK + 128);
    let (mut number, mut pairs, mut announced) = (0u64, 0u64, None);
    loop {
        block.clear();
        let ended = fill_block(&mut input, &mut block)?;
        let text = std::str::from_utf8(&block)
            .map_err(|_| bad_argument(format!("stdin line {}: not UTF-8 text", number + 1)))?;
        for line in text.lines() {
            number += 1;
            let mut words = line.split_ascii_whitespace();
            match (words.next(), words.next(), words.next()) {
                (None, _, _) => {}
                (Some(a), Some(b), None) => {
                    let (Some(a), Some(b)) = (decimal::<u64>(a), decimal::<u64>(b)) else {
                        return Err(bad_line(number, line));
                    };
                    emit(apply(a, b))?;
                    pairs += 1;
                }
                (Some(count), None, _) if number == 1 => {
                    announced = Some(decimal::<u64>(count).ok_or_else(|| bad_line(number, line))?);
                }
                _ => return Err(bad_line(number, line)),
            }
        }
        if ended {
            break;
        }
    }
    match announced {
        Some(count) if count != pairs => Err(bad_argument(format!(
            "stdin announces {count} pairs on its first line but holds {pairs}"
        ))),
        _ => Ok(()),
    }
}

/// Bytes of stdin read at once, then completed to the end of a line.
const BLOCK: usize = 1 << 16;

/// Appends about [`BLOCK`] bytes of `input` to `block`, up to the end of a
/// line; returns whether the input ended.
fn fill_block(input: &mut impl BufRead, block: &mut Vec<u8>) -> Result<bool, Failure> {
    let cannot = |e: io::Error| bad_argument(format!("cannot read stdin: {e}"));
    while block.len() < BLOCK {
        let available = input.fill_buf().map_err(cannot)?;
        if available.is_empty() {
            return Ok(true);
        }
        let taken = available.len().min(BLOCK - block.len());
        block.extend_from_slice(&available[..taken]);
        input.consume(taken);
    }
    // The rest of the last line.
    Ok(input.read_until(b'\n', block).map_err(cannot)? == 0)
}

fn bad_line(number: u64, line: &str) -> Failure {
    bad_argument(format!(
        "stdin line {number}: '{}' is not a pair 'A B' of integers from 0 to {}",
        line.trim_end(),
        u64::MAX
    ))
}

/// The JSON of one answer.
#[derive(Serialize)]
struct Single {
    operation: &'static str,
    a: u64,
    b: u64,
    value: u64,
}

/// The JSON of the answers to the pairs of stdin, in their order.
#[derive(Serialize)]
struct Stream {
    operation: &'static str,
    values: Vec<u64>,
}
