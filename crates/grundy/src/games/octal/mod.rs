//! Take-and-break games in octal notation: Kayles, Dawson's Kayles, 0.16, ...
//!
//! The code `d0.d1 d2 d3 ...` says, for each `k`, how a move may take `k`
//! counters from one heap: digit `d_k` is a sum of 1 (the heap may be exactly `k`,
//! removed whole), 2 (it may leave one non-empty heap), 4 (it may leave two
//! non-empty heaps). `d0` is 0, or 4 for games that may split a heap without
//! taking any. Kayles is `0.77`, Dawson's Kayles `0.07`.
//!
//! `G(n)` is the mex over the moves of the nim-sum of the heaps left. Two facts
//! carry the theory:
//! - Guy and Smith (1956): if `G(n + p) = G(n)` for all `n0 <= n < 2*n0 + p + t`,
//!   where `t` is the index of the last non-zero digit, then for all `n >= n0`
//!   ([`crate::analysis::periodicity::certify_octal`]);
//! - the sparse-space phenomenon (Flammenkamp; Gangolli and Plambeck 1989): in
//!   many games the values split into *rare* and *common* ones by the parity of
//!   some of their bits, and the rare ones are few, which the [`sparse`] engine
//!   uses to compute long sequences in nearly linear time.

pub mod checkpoint;
mod lookahead;
mod marks;
pub mod moves;
pub mod search;
pub mod sparse;
pub mod store;

use crate::limits::MAX_DIGITS;
use std::fmt;
use std::str::FromStr;

use dashu_int::UBig;
use thiserror::Error;

use crate::game::HeapGame;

/// What is wrong with an octal code.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("'{code}' is not an octal game code: {reason}; write d0.d1d2... with octal digits 0-7 after the point and 0 or 4 before it, e.g. 0.77, .07, 4.07")]
pub struct OctalError {
    /// The code as given.
    pub code: String,
    /// What is wrong.
    pub reason: String,
}

/// An octal game, by its digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Octal {
    /// `digits[k]` governs taking `k`; the last one is non-zero (unless no move exists at all).
    digits: Vec<u8>,
}

impl FromStr for Octal {
    type Err = OctalError;

    fn from_str(code: &str) -> Result<Octal, OctalError> {
        let digits = code_digits(code, 8, &["0", "4"]).map_err(|reason| OctalError {
            code: code.to_string(),
            reason,
        })?;
        Ok(Octal { digits })
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_code(f, &self.digits)
    }
}

/// The digits `d0, d1, ...` of a take-and-break code `d0.d1d2...` written
/// in base `radix` (8 or 16, either case), trailing zero digits dropped, or
/// why the code is refused; `d0` must be one of `first` (empty: 0).
pub(crate) fn code_digits(code: &str, radix: u32, first: &[&str]) -> Result<Vec<u8>, String> {
    let (before, after) = code.split_once('.').ok_or("there is no point")?;
    let before = if before.is_empty() { "0" } else { before };
    if !first.iter().any(|d| d.eq_ignore_ascii_case(before)) {
        let (last, others) = first.split_last().expect("an allowed digit");
        let others = others.join(", ");
        let allowed = if others.is_empty() {
            last.to_string()
        } else {
            format!("{others} or {last}")
        };
        return Err(format!("the digit before the point must be {allowed}"));
    }
    if after.len() > MAX_DIGITS {
        return Err(format!("more than {MAX_DIGITS} digits"));
    }
    let name = if radix == 8 {
        "an octal"
    } else {
        "a hexadecimal"
    };
    let mut digits = vec![u8::from_str_radix(before, radix).expect("an allowed digit")];
    for c in after.chars() {
        let d = c
            .to_digit(radix)
            .ok_or_else(|| format!("'{c}' is not {name} digit"))?;
        digits.push(d as u8);
    }
    drop_trailing_zeros(&mut digits);
    Ok(digits)
}

/// Drops the zero digits at the end of a code (taking that many is no move),
/// keeping `d0`.
fn drop_trailing_zeros(digits: &mut Vec<u8>) {
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
}

/// Writes the code of `digits` (`d0.d1d2...`, lower-case hexadecimal digits
/// where they pass 7; `0.0` for a game without moves).
pub(crate) fn write_code(f: &mut fmt::Formatter<'_>, digits: &[u8]) -> fmt::Result {
    write!(f, "{:x}.", digits[0])?;
    match &digits[1..] {
        [] => write!(f, "0"),
        rest => rest.iter().try_for_each(|d| write!(f, "{d:x}")),
    }
}

/// One way to move in a heap: take `take` and leave some non-empty heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaves {
    /// The heap is exactly `take` and goes.
    Nothing,
    /// One heap of the rest.
    One,
    /// Two non-empty heaps that share the rest.
    Two,
}

impl Octal {
    /// The octal game of `digits` (`digits[k]` governs taking `k`: each below
    /// 8, `d0` 0 or 4), trailing zero digits dropped as the parser drops them.
    pub(crate) fn from_digits(mut digits: Vec<u8>) -> Octal {
        debug_assert!(digits.iter().all(|&d| d < 8) && digits.first().is_some_and(|&d| d & 3 == 0));
        drop_trailing_zeros(&mut digits);
        Octal { digits }
    }

    /// The index `t` of the last non-zero digit: the most one move takes.
    pub fn last_digit(&self) -> usize {
        self.digits.len() - 1
    }

    /// The digit governing taking `k` (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// Every `(take, leaves)` the code allows, by increasing `take`.
    pub(crate) fn kinds(&self) -> impl Iterator<Item = (u64, Leaves)> + '_ {
        self.digits.iter().enumerate().flat_map(|(k, &d)| {
            [(1, Leaves::Nothing), (2, Leaves::One), (4, Leaves::Two)]
                .into_iter()
                .filter(move |&(bit, _)| d & bit != 0 && (k > 0 || bit == 4))
                .map(move |(_, leaves)| (k as u64, leaves))
        })
    }
}

/// A move in a sum of heaps: take `take` from heap `heap`, leaving `leaves`
/// (no heap, one, or two; with no heap, a 0 stands in the heap's place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// How many counters are taken.
    pub take: u64,
    /// The heaps left in its place, smaller first.
    pub leaves: Vec<UBig>,
}

impl HeapGame for Octal {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        for (take, leaves) in self.kinds() {
            let Some(rest) = n.checked_sub(take) else {
                continue;
            };
            match leaves {
                Leaves::Nothing if rest == 0 => visit(&[]),
                Leaves::One if rest > 0 => visit(&[rest]),
                Leaves::Two => {
                    for a in 1..=rest / 2 {
                        visit(&[a, rest - a]);
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::heap_sequence;
    use sparse::Value;

    fn values(code: &str, count: usize) -> Vec<u64> {
        let game: Octal = code.parse().unwrap();
        heap_sequence(&game, count).iter().map(|g| g.0).collect()
    }

    #[test]
    fn codes_parse_and_print_canonically() {
        for (given, canonical) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("4.070", "4.07"),
            ("0.0", "0.0"),
            ("0.", "0.0"),
        ] {
            assert_eq!(given.parse::<Octal>().unwrap().to_string(), canonical);
        }
        for bad in ["077", "0.8", "1.7", "0.7a", "", "0.7.7"] {
            assert!(bad.parse::<Octal>().is_err(), "{bad}");
        }
    }

    #[test]
    fn codes_of_up_to_max_digits_are_accepted() {
        let longest = format!("0.{}7", "0".repeat(MAX_DIGITS - 1));
        let game: Octal = longest.parse().unwrap();
        assert_eq!(game.last_digit(), MAX_DIGITS);
        assert_eq!(game.to_string(), longest);
        let too_long = format!("0.{}7", "0".repeat(MAX_DIGITS));
        let refused = too_long.parse::<Octal>().unwrap_err();
        assert!(refused.reason.contains("more than"), "{}", refused.reason);
    }

    #[test]
    fn kayles_and_dawson_start_as_in_winning_ways() {
        // Winning Ways, ch. 4: Kayles 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 ...
        assert_eq!(
            values("0.77", 16),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]
        );
        // Dawson's Kayles 0.07: 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 ...
        assert_eq!(
            values("0.07", 16),
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0]
        );
    }

    /// The winning moves of a sum of heaps, from the families of each heap.
    fn winning_moves(game: &Octal, heaps: &[u64], table: &[Value]) -> (u64, Vec<OctalMove>) {
        let values = moves::HeapValues::new(table, None).unwrap();
        let value = |h: u64| u64::from(table[h as usize]);
        let total = heaps.iter().fold(0, |acc, &h| acc ^ value(h));
        let mut found = Vec::new();
        if total != 0 {
            for (i, &h) in heaps.iter().enumerate() {
                let h = UBig::from(h);
                let families = game.winning_families(i, &h, values.value(&h) ^ total, &values);
                let count = usize::try_from(&moves::family_total(&families)).unwrap();
                found.extend(moves::first_moves(&families, &h, count));
            }
        }
        (total, found)
    }

    #[test]
    fn winning_moves_match_the_rules_on_all_small_sums() {
        for code in [
            "0.77", "0.07", "4.07", "0.16", "0.6", "0.137", "0.3", "4.406", "0.0472",
        ] {
            let game: Octal = code.parse().unwrap();
            let table = sparse::naive_values(&game, 40);
            crate::games::oracle::check_heap_positions(
                game.clone(),
                |tuple| {
                    let (total, moves) = winning_moves(&game, tuple, &table);
                    let reached = moves
                        .iter()
                        .map(|m| {
                            let mut after = tuple.to_vec();
                            after.remove(m.heap);
                            after.extend(m.leaves.iter().map(|h| u64::try_from(h).unwrap()));
                            after
                        })
                        .collect();
                    (UBig::from(total), reached)
                },
                3,
                9,
            );
        }
    }
}
