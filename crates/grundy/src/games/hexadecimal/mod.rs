//! Take-and-break games in hexadecimal notation: octal games whose moves may
//! also leave three heaps.
//!
//! The code `d0.d1 d2 d3 ...` says, for each `k`, how a move may take `k`
//! counters from one heap: digit `d_k` (0-9, a-f) is a sum of 1 (the heap may
//! be exactly `k`, removed whole), 2 (it may leave one non-empty heap), 4 (two
//! non-empty heaps) and 8 (three non-empty heaps). `d0` governs moves that
//! take nothing: 0, 4 (split a heap in two), 8 (in three) or c (either). A
//! code whose digits are all below 8 is the octal game of the same code
//! ([`Hexadecimal::as_octal`]), whose values the octal engine computes.
//!
//! `G(n)` is the mex over the moves of the nim-sum of the heaps left
//! ([`hexadecimal_values`] computes it with sets of values, not by listing
//! the `n^2` three-way splits one by one).

mod moves;

pub use moves::{HeapMoves, Triples};

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::analysis::periodicity::certify_take_and_break;
use crate::game::HeapGame;
use crate::games::octal::{code_digits, write_code, Octal};

/// What is wrong with a hexadecimal code.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("'{code}' is not a hexadecimal game code: {reason}; write d0.d1d2... with hexadecimal digits 0-9, a-f after the point and 0, 4, 8 or c before it, e.g. 0.8, 0.f7, 4.8")]
pub struct HexError {
    /// The code as given.
    pub code: String,
    /// What is wrong.
    pub reason: String,
}

/// A hexadecimal game, by its digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hexadecimal {
    /// `digits[k]` governs taking `k`; the last one is non-zero (unless no
    /// move exists at all).
    digits: Vec<u8>,
}

impl FromStr for Hexadecimal {
    type Err = HexError;

    fn from_str(code: &str) -> Result<Hexadecimal, HexError> {
        let digits = code_digits(code, 16, &["0", "4", "8", "c"]).map_err(|reason| HexError {
            code: code.to_string(),
            reason,
        })?;
        Ok(Hexadecimal { digits })
    }
}

impl fmt::Display for Hexadecimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_code(f, &self.digits)
    }
}

impl Hexadecimal {
    /// The index `t` of the last non-zero digit: the most one move takes.
    pub fn last_digit(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether a move may leave three heaps.
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|d| d & 8 != 0)
    }

    /// The octal game of the same moves, when no move leaves three heaps.
    pub fn as_octal(&self) -> Option<Octal> {
        if self.splits_in_three() {
            return None;
        }
        Some(Octal::from_digits(self.digits.clone()))
    }

    /// The most heaps one move leaves: 3 when a digit allows it, else 2.
    pub fn most_parts(&self) -> usize {
        if self.splits_in_three() {
            3
        } else {
            2
        }
    }

    /// `(preperiod, period)` of the values `G(0..N)` when the periodicity
    /// theorem for take-and-break games certifies it within them
    /// ([`certify_take_and_break`]: for three heaps, `G(n + p) = G(n)` for
    /// `n0 <= n < 3*n0 + 2*p + t`, so `3*n0 + 3*p + t` values).
    pub fn certify(&self, values: &[u64]) -> Option<(u64, u64)> {
        certify_take_and_break(values, self.last_digit(), self.most_parts())
    }

    /// The digits with their `k`, for the moves that exist (`d0`'s bits 1 and
    /// 2 would take nothing and leave the heap as it was).
    fn moves(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.digits
            .iter()
            .enumerate()
            .map(|(k, &d)| (k, if k == 0 { d & 12 } else { d }))
            .filter(|&(_, d)| d != 0)
    }
}

impl HeapGame for Hexadecimal {
    fn for_each_move(&self, n: u64, mut visit: impl FnMut(&[u64])) {
        for (k, d) in self.moves() {
            let Some(rest) = n.checked_sub(k as u64) else {
                continue;
            };
            if d & 1 != 0 && rest == 0 {
                visit(&[]);
            }
            if d & 2 != 0 && rest > 0 {
                visit(&[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    visit(&[a, rest - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        visit(&[a, b, rest - a - b]);
                    }
                }
            }
        }
    }
}

/// A set of values as bits, growing as values do.
#[derive(Clone, Debug, Default)]
struct ValueSet(Vec<u64>);

impl ValueSet {
    fn insert(&mut self, v: u64) {
        let word = (v / 64) as usize;
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (v % 64);
    }

    fn union_with(&mut self, other: &ValueSet) {
        if other.0.len() > self.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (mine, theirs) in self.0.iter_mut().zip(&other.0) {
            *mine |= theirs;
        }
    }

    /// Adds `x ^ v` for every member `x` of `other`: word `i` moves to word
    /// `i ^ (v / 64)`, and its bits are permuted by `v % 64` (a swap of bit
    /// groups per set bit), so a word costs a few operations, not a bit each.
    fn union_with_translated(&mut self, other: &ValueSet, v: u64) {
        const GROUPS: [u64; 6] = [
            0x5555_5555_5555_5555,
            0x3333_3333_3333_3333,
            0x0f0f_0f0f_0f0f_0f0f,
            0x00ff_00ff_00ff_00ff,
            0x0000_ffff_0000_ffff,
            0x0000_0000_ffff_ffff,
        ];
        let high = (v / 64) as usize;
        let needed = other.0.len().max(high + 1).next_power_of_two();
        if self.0.len() < needed {
            self.0.resize(needed, 0);
        }
        for (i, &word) in other.0.iter().enumerate().filter(|(_, &w)| w != 0) {
            let mut word = word;
            for (j, &group) in GROUPS.iter().enumerate() {
                if v >> j & 1 != 0 {
                    let shift = 1 << j;
                    word = (word & group) << shift | (word >> shift) & group;
                }
            }
            self.0[i ^ high] |= word;
        }
    }

    fn mex(&self) -> u64 {
        self.0
            .iter()
            .position(|&w| w != u64::MAX)
            .map_or(self.0.len() as u64 * 64, |i| {
                i as u64 * 64 + u64::from(self.0[i].trailing_ones())
            })
    }
}

/// `G(0), ..., G(count - 1)` of `game`. The options of a heap are gathered
/// by the sets `pairs[r]` of values of the splits of `r` in two and
/// `triples[r]` in three: `triples[r]` is the union over `a` of `G(a)` nim-added
/// to `pairs[r - a]`, taken over each value `v` once (the union of the
/// `pairs[r - a]` with `G(a) = v`, then nim-added to `v` a word at a time),
/// so a heap costs about `n` unions and one pass per distinct value, not
/// `n^2` splits. `valued(n)` is called once heap `n` is valued, for progress.
pub fn hexadecimal_values(
    game: &Hexadecimal,
    count: usize,
    mut valued: impl FnMut(usize),
) -> Vec<u64> {
    let threes = game.splits_in_three();
    let twos = threes || game.moves().any(|(_, d)| d & 4 != 0);
    let mut values: Vec<u64> = Vec::with_capacity(count);
    let mut pairs: Vec<ValueSet> = Vec::new();
    let mut triples: Vec<ValueSet> = Vec::new();
    for n in 0..count {
        crate::stop::poll();
        if twos {
            pairs.push(two_way(&values, n));
        }
        if threes {
            triples.push(three_way(&values, &pairs, n));
        }
        let mut options = ValueSet::default();
        for (k, d) in game.moves() {
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            if d & 1 != 0 && rest == 0 {
                options.insert(0);
            }
            if d & 2 != 0 && rest > 0 {
                options.insert(values[rest]);
            }
            if d & 4 != 0 {
                options.union_with(&pairs[rest]);
            }
            if d & 8 != 0 {
                options.union_with(&triples[rest]);
            }
        }
        values.push(options.mex());
        valued(n);
    }
    values
}

/// The values of the splits of `r` in two non-empty heaps.
fn two_way(values: &[u64], r: usize) -> ValueSet {
    let mut set = ValueSet::default();
    for a in 1..=r / 2 {
        set.insert(values[a] ^ values[r - a]);
    }
    set
}

/// The values of the splits of `r` in three non-empty heaps: `G(a)` nim-added
/// to a split of `r - a` in two, for every `a`.
fn three_way(values: &[u64], pairs: &[ValueSet], r: usize) -> ValueSet {
    let mut by_value: Vec<ValueSet> = Vec::new();
    for a in 1..r.saturating_sub(1) {
        let v = values[a] as usize;
        if v >= by_value.len() {
            by_value.resize(v + 1, ValueSet::default());
        }
        by_value[v].union_with(&pairs[r - a]);
    }
    let mut set = ValueSet::default();
    for (v, rests) in by_value.iter().enumerate() {
        set.union_with_translated(rests, v as u64);
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::heap_sequence;

    fn plain(game: &Hexadecimal, count: usize) -> Vec<u64> {
        heap_sequence(game, count).iter().map(|g| g.0).collect()
    }

    #[test]
    fn codes_parse_and_print_canonically() {
        for (given, canonical) in [
            ("0.8", "0.8"),
            (".F7", "0.f7"),
            ("4.80", "4.8"),
            ("c.1", "c.1"),
            ("0.", "0.0"),
        ] {
            assert_eq!(given.parse::<Hexadecimal>().unwrap().to_string(), canonical);
        }
        for bad in ["08", "0.g", "1.7", "2.8", "", "0.7.7"] {
            assert!(bad.parse::<Hexadecimal>().is_err(), "{bad}");
        }
    }

    #[test]
    fn codes_below_8_are_their_octal_games() {
        let kayles: Hexadecimal = "0.77".parse().unwrap();
        assert_eq!(kayles.as_octal(), Some("0.77".parse().unwrap()));
        assert_eq!("0.78".parse::<Hexadecimal>().unwrap().as_octal(), None);
        assert_eq!("8.7".parse::<Hexadecimal>().unwrap().as_octal(), None);
        let octal = crate::games::octal::sparse::naive_values(&"4.07".parse().unwrap(), 60);
        let hex = hexadecimal_values(&"4.07".parse().unwrap(), 60, |_| {});
        assert!(octal.iter().zip(&hex).all(|(&o, &h)| u64::from(o) == h));
    }

    #[test]
    fn the_values_are_the_mex_over_the_rules() {
        for code in [
            "0.8", "0.f", "0.48", "0.08", "0.f7", "0.9", "0.a", "0.c", "8.0", "c.1", "4.8", "0.0f",
            "0.88", "0.b3", "0.d", "0.e", "0.18", "0.008",
        ] {
            let game: Hexadecimal = code.parse().unwrap();
            assert_eq!(
                hexadecimal_values(&game, 70, |_| {}),
                plain(&game, 70),
                "{code}"
            );
        }
        for code in ["0.8", "0.f", "0.b8", "c.0"] {
            let game: Hexadecimal = code.parse().unwrap();
            assert_eq!(
                hexadecimal_values(&game, 160, |_| {}),
                plain(&game, 160),
                "{code}"
            );
        }
    }

    /// Every period certified on a prefix of the values holds on all 2000
    /// computed, is the least, and starts at the least preperiod.
    #[test]
    fn certified_periods_hold_far_beyond() {
        let mut certified = 0;
        for code in [
            "0.f", "0.b", "0.d", "0.f1", "0.81", "0.85", "0.a1", "0.a2", "0.a3", "0.a6", "0.a7",
            "0.b2", "0.b5", "0.b7", "0.f2", "0.f3", "0.f5", "4.8", "0.b1", "0.e8", "0.3f",
        ] {
            let game: Hexadecimal = code.parse().unwrap();
            let values = hexadecimal_values(&game, 2000, |_| {});
            let Some((n0, p)) = (50..2000)
                .step_by(50)
                .find_map(|len| game.certify(&values[..len]))
            else {
                continue;
            };
            certified += 1;
            let (n0, p) = (n0 as usize, p as usize);
            assert!((n0..2000 - p).all(|n| values[n + p] == values[n]), "{code}");
            assert!(n0 == 0 || values[n0 - 1 + p] != values[n0 - 1], "{code}");
            for d in 1..p {
                assert!((n0..2000 - d).any(|n| values[n + d] != values[n]), "{code}");
            }
        }
        assert!(certified >= 18, "{certified} of the games certified");
    }

    #[test]
    fn three_heaps_need_the_wider_range() {
        // 0.f's period from n0 is certified only once the values up to the
        // range 3 n0 + 2 p + t, and one period past it, are in: 3 n0 + 3 p + t.
        let game: Hexadecimal = "0.f".parse().unwrap();
        let values = hexadecimal_values(&game, 400, |_| {});
        let (n0, p) = game.certify(&values).unwrap();
        let needed = (3 * n0.max(1) + 3 * p + 1) as usize;
        assert_eq!(game.certify(&values[..needed]), Some((n0, p)));
        assert_eq!(game.certify(&values[..needed - 1]), None);
    }
}
