//! The winning moves of hexadecimal heaps of any size, from a certified
//! period: how many there are, exactly, and the first in the contract's order.
//!
//! With `G(n + p) = G(n)` for `n >= n0`, write `lo = max(n0, 1)` and call the
//! class of a heap `x >= n0` its `(x - n0) mod p`. A move that takes `k` and
//! leaves one or two heaps is a move of the octal game of the same digits
//! below 8 ([`Octal::winning_families`]). A move that leaves three heaps
//! `a <= b <= c` of `a + b + c = rest` falls in exactly one of:
//!
//! - `a < lo` and `b < lo`: finitely many, each checked;
//! - `a < lo <= b`: `c >= b >= lo`, so the value depends on `a` and on `b`'s
//!   class (`c`'s follows); for each `a` and class, one progression of `b`
//!   from `max(a, lo)` to `(rest - a) / 2`;
//! - `a >= lo`: all three parts are at least `lo`, so the value depends on the
//!   classes of `a` and `b` only; for each pair of classes, every `a` of one
//!   progression up to `rest / 3`, and for each the `b` of one progression
//!   from `a` to `(rest - a) / 2`.
//!
//! So a heap's winning moves are at most `lo^2 + lo*p + p^2` families, each
//! counted in closed form: a progression by its ends, and the rows of the
//! last kind by a sum of floors of a linear function (see [`floor_sum`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use dashu_int::ops::DivEuclid;
use dashu_int::{IBig, UBig};

use super::Hexadecimal;
use crate::games::octal::moves::{family_total, first_moves, HeapValues, OctalFamily};
use crate::games::octal::Octal;

/// The moves that take `take` from a heap and leave `a <= b <= c`,
/// `a + b + c = rest`, for the `a` of `a_first, a_first + p, ..., a_last`
/// (one row when they are equal), and in each row every `b = b_class`
/// (mod `p`) from `max(a, b_low)` to `min(b_high, (rest - a) / 2)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Triples {
    /// How many counters each move takes.
    pub take: u64,
    /// What is left of the heap, in three.
    pub rest: UBig,
    /// The least `a`.
    pub a_first: UBig,
    /// The largest `a`.
    pub a_last: UBig,
    /// The period: the step of `a` (when the rows are many) and of `b`.
    pub p: u64,
    /// The residue of `b` modulo `p`.
    pub b_class: u64,
    /// The least `b` besides `a`.
    pub b_low: UBig,
    /// The largest `b`, when less than the half of `rest - a`.
    pub b_high: Option<UBig>,
}

/// The winning moves of one heap (see [`Hexadecimal::winning_moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMoves {
    /// How many there are.
    pub count: UBig,
    /// The first, by the heaps they leave (a `0` alone when none).
    pub first: Vec<Vec<UBig>>,
    /// All that leave at most two heaps, as the octal game's families.
    pub pairs: Vec<OctalFamily>,
    /// All that leave three heaps.
    pub triples: Vec<Triples>,
}

impl Triples {
    /// The first and last `b` of row `a`, when it has one.
    pub fn row(&self, a: &UBig) -> Option<(UBig, UBig)> {
        let low = a.max(&self.b_low).clone();
        let half = (&self.rest - a) >> 1;
        let high = match &self.b_high {
            Some(h) => h.min(&half).clone(),
            None => half,
        };
        let first = next_in_class(&low, self.b_class, self.p);
        (first <= high).then(|| {
            let steps = (&high - &first) / UBig::from(self.p);
            let last = &first + steps * UBig::from(self.p);
            (first, last)
        })
    }

    /// The members `(a, b)` in ascending order, from `(a, b)` on (the first
    /// when `None`).
    fn after(&self, at: Option<(&UBig, &UBig)>) -> Option<(UBig, UBig)> {
        let p = UBig::from(self.p);
        let mut a = match at {
            None => self.a_first.clone(),
            Some((a, b)) => {
                let (_, last) = self.row(a).expect("a member's row has it");
                if *b < last {
                    return Some((a.clone(), b + &p));
                }
                a + &p
            }
        };
        while a <= self.a_last {
            if let Some((first, _)) = self.row(&a) {
                return Some((a, first));
            }
            a += &p;
        }
        None
    }

    /// Whether the family is one row: a single `a`.
    pub fn one_row(&self) -> bool {
        self.a_first == self.a_last
    }

    /// How many members: each row by its ends, and the rows of `a >= lo`
    /// (where `b_low <= a` and no `b_high`) in closed form.
    pub fn count(&self) -> UBig {
        if self.one_row() || self.b_high.is_some() {
            return self.row(&self.a_first).map_or(UBig::ZERO, |(first, last)| {
                (last - first) / UBig::from(self.p) + UBig::ONE
            });
        }
        // Rows a_j = a_first + p*j, j = 0..=J, each from b = a to
        // (rest - a_j) / 2: floor((rest - a_j - 2r)/(2p)) - floor((a_j - 1 - r)/p)
        // members (r = b_class), both sums in closed form.
        let p = IBig::from(self.p);
        let r = IBig::from(self.b_class);
        let (a0, a_last, rest) = (
            IBig::from(self.a_first.clone()),
            IBig::from(self.a_last.clone()),
            IBig::from(self.rest.clone()),
        );
        let rows = (&a_last - &a0) / &p + IBig::ONE;
        let below = (&a0 - IBig::ONE - &r).div_euclid(&p);
        let lower = &rows * (&rows - IBig::ONE) / IBig::from(2u8) + &rows * below;
        // Upper ends, last row first: (rest - a_last - 2r + p*i) / (2p).
        let start = rest - &a_last - IBig::from(2u8) * &r;
        let two_p = IBig::from(2u8) * &p;
        let whole = (&start).div_euclid(&two_p);
        let offset = UBig::try_from(&start - &whole * &two_p).expect("a remainder");
        let rows_u = UBig::try_from(rows.clone()).expect("rows");
        let upper = &rows * whole
            + IBig::from(floor_sum(
                &rows_u,
                &UBig::from(2 * self.p),
                &UBig::from(self.p),
                &offset,
            ));
        UBig::try_from(upper - lower).expect("every row holds at least no member")
    }
}

/// The least `x >= low` with `x = class` (mod `p`).
fn next_in_class(low: &UBig, class: u64, p: u64) -> UBig {
    let p_big = UBig::from(p);
    let shift = (UBig::from(class) + &p_big - low % &p_big) % &p_big;
    low + shift
}

/// `sum_{i=0}^{n-1} floor((a*i + b) / m)` for `m > 0`, by the Euclid-like
/// reduction (the quotients of `a` and `b` by `m` taken out, then the sum
/// counted the other way round, with `m` and `a` exchanged).
fn floor_sum(n: &UBig, m: &UBig, a: &UBig, b: &UBig) -> UBig {
    let (mut n, mut m, mut a, mut b) = (n.clone(), m.clone(), a.clone(), b.clone());
    let mut sum = UBig::ZERO;
    loop {
        if a >= m {
            let q = &a / &m;
            if n > UBig::ZERO {
                sum += &n * (&n - UBig::ONE) / UBig::from(2u8) * &q;
            }
            a %= &m;
        }
        if b >= m {
            sum += &n * (&b / &m);
            b %= &m;
        }
        let top = &a * &n + &b;
        if top < m {
            return sum;
        }
        n = &top / &m;
        b = &top % &m;
        std::mem::swap(&mut m, &mut a);
    }
}

impl Hexadecimal {
    /// The octal game of the moves that leave at most two heaps (the digits'
    /// bits 1, 2 and 4; a game without moves when none does).
    fn within_two_heaps(&self) -> Octal {
        Octal::from_digits(self.digits.iter().map(|d| d & 7).collect())
    }

    /// Every move of heap number `heap`, of `n` counters, to heaps of nim-sum
    /// `target`: how many, and the first `limit` by the heaps they leave
    /// (compared as lists; a `0` alone when nothing is left). `values` must
    /// hold a certified period: with it, the moves that leave three heaps
    /// fall into finitely many families of the period, each counted in
    /// closed form (the cases and their proof are in this function's
    /// source module, `games/hexadecimal/moves.rs`).
    pub fn winning_moves(
        &self,
        heap: usize,
        n: &UBig,
        target: u64,
        values: &HeapValues,
        limit: usize,
    ) -> HeapMoves {
        let pairs = self
            .within_two_heaps()
            .winning_families(heap, n, target, values);
        let triples = self.triples(n, target, values);
        let count = family_total(&pairs) + triples.iter().map(Triples::count).sum::<UBig>();
        let mut first: Vec<Vec<UBig>> = first_moves(&pairs, n, limit)
            .into_iter()
            .map(|m| m.leaves)
            .collect();
        first.extend(first_triples(&triples, limit));
        first.sort();
        first.truncate(limit);
        HeapMoves {
            count,
            first,
            pairs,
            triples,
        }
    }

    /// The families of the three-heap moves of a heap of `n` to `target`,
    /// each holding at least one move.
    fn triples(&self, n: &UBig, target: u64, values: &HeapValues) -> Vec<Triples> {
        let (n0, p) = values.period().expect("a certified period");
        let lo = n0.max(1);
        let value = |x: &UBig| values.value(x);
        let class_value = |c: u64| values.value(&UBig::from(n0 + c));
        let mut families = Vec::new();
        for (take, digit) in self.moves() {
            let take_u64 = take as u64;
            let take = UBig::from(take_u64);
            if digit & 8 == 0 || *n < take {
                continue;
            }
            let rest = n - take;
            let third = &rest / UBig::from(3u8);
            let family = |a_first: UBig, a_last: UBig, b_class: u64, b_low: UBig, b_high| Triples {
                take: take_u64,
                rest: rest.clone(),
                a_first,
                a_last,
                p,
                b_class,
                b_low,
                b_high,
            };
            // a < lo: each b < lo alone, then each class of b >= lo.
            let mut a = UBig::ONE;
            while a < UBig::from(lo) && a <= third {
                let rest_b = &rest - &a;
                let mut b = a.clone();
                while b < UBig::from(lo) && b <= (&rest_b >> 1) {
                    if value(&a) ^ value(&b) ^ value(&(&rest_b - &b)) == target {
                        let class = u64::try_from(&b % UBig::from(p)).expect("below p");
                        families.push(family(
                            a.clone(),
                            a.clone(),
                            class,
                            b.clone(),
                            Some(b.clone()),
                        ));
                    }
                    b += UBig::ONE;
                }
                for class in 0..p {
                    // b = n0 + class (mod p); c - n0 = rest_b - b - n0.
                    let c_class = mod_p(&rest_b, p, 2 * n0 + class);
                    if value(&a) ^ class_value(class) ^ class_value(c_class) == target {
                        let b_class = (n0 + class) % p;
                        let low = a.clone().max(UBig::from(lo));
                        families.push(family(a.clone(), a.clone(), b_class, low, None));
                    }
                }
                a += UBig::ONE;
            }
            // a >= lo: the classes of a and b decide.
            for a_class in 0..p {
                let a_first = next_in_class(&UBig::from(lo), (n0 + a_class) % p, p);
                if a_first > third {
                    continue;
                }
                let a_last = &a_first + (&third - &a_first) / UBig::from(p) * UBig::from(p);
                for b_class in 0..p {
                    let c_class = mod_p(&rest, p, 3 * n0 + a_class + b_class);
                    if class_value(a_class) ^ class_value(b_class) ^ class_value(c_class) == target
                    {
                        let b_first_class = (n0 + b_class) % p;
                        families.push(family(
                            a_first.clone(),
                            a_last.clone(),
                            b_first_class,
                            UBig::from(lo),
                            None,
                        ));
                    }
                }
            }
        }
        // A family whose rows hold no `b` of its class holds no move.
        families.retain(|t| t.count() > UBig::ZERO);
        families
    }
}

/// `(x - minus) mod p`, for `minus` of any size.
fn mod_p(x: &UBig, p: u64, minus: u64) -> u64 {
    let x = u64::try_from(x % UBig::from(p)).expect("below p");
    (x + p - minus % p) % p
}

/// The first `limit` three-heap moves of `families` by the heaps they leave
/// (`(a, b, c)`: families of different amounts taken can share `a` and `b`).
fn first_triples(families: &[Triples], limit: usize) -> Vec<Vec<UBig>> {
    let member = |i: usize, (a, b): (UBig, UBig)| {
        let c = &families[i].rest - &a - &b;
        Reverse(([a, b, c], i))
    };
    let mut next: BinaryHeap<Reverse<([UBig; 3], usize)>> = families
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.after(None).map(|ab| member(i, ab)))
        .collect();
    let mut moves = Vec::new();
    while moves.len() < limit {
        let Some(Reverse(([a, b, c], i))) = next.pop() else {
            break;
        };
        if let Some(ab) = families[i].after(Some((&a, &b))) {
            next.push(member(i, ab));
        }
        moves.push(vec![a, b, c]);
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::HeapGame;
    use crate::games::hexadecimal::hexadecimal_values;
    use crate::games::octal::sparse::Value;
    use proptest::prelude::*;

    /// Every move of a heap of `n` to `target` by the rules, as the heaps
    /// left (a 0 alone when none), ascending.
    fn by_the_rules(
        game: &Hexadecimal,
        values: &HeapValues,
        n: u64,
        target: u64,
    ) -> Vec<Vec<UBig>> {
        let mut moves = Vec::new();
        game.for_each_move(n, |left| {
            let value = left
                .iter()
                .fold(0, |acc, &x| acc ^ values.value(&UBig::from(x)));
            if value == target {
                let leaves = match left {
                    [] => vec![UBig::ZERO],
                    _ => left.iter().map(|&x| UBig::from(x)).collect(),
                };
                moves.push(leaves);
            }
        });
        moves.sort();
        moves
    }

    fn check(game: &Hexadecimal, values: &HeapValues, n: u64, target: u64, limit: usize) {
        let expected = by_the_rules(game, values, n, target);
        let HeapMoves { count, first, .. } =
            game.winning_moves(0, &UBig::from(n), target, values, limit);
        assert_eq!(
            count,
            UBig::from(expected.len()),
            "{game} heap {n} to {target}: count"
        );
        let want = &expected[..expected.len().min(limit)];
        assert_eq!(first, want, "{game} heap {n} to {target}: first moves");
    }

    #[test]
    fn floor_sums_are_the_sums() {
        for n in 0u64..12 {
            for m in 1u64..9 {
                for a in 0u64..13 {
                    for b in 0u64..13 {
                        let plain: u64 = (0..n).map(|i| (a * i + b) / m).sum();
                        let sum = floor_sum(&n.into(), &m.into(), &a.into(), &b.into());
                        assert_eq!(sum, UBig::from(plain), "n {n} m {m} a {a} b {b}");
                    }
                }
            }
        }
    }

    /// The games' own values, periods certified: every heap to 160 and every
    /// target, against the rules.
    #[test]
    fn certified_games_move_as_their_rules_say() {
        for code in ["0.b1", "0.f1", "0.f3", "0.a2", "0.b5", "4.8", "c.b"] {
            let game: Hexadecimal = code.parse().unwrap();
            let table = hexadecimal_values(&game, 1024, |_| {});
            let Some(period) = game.certify(&table) else {
                continue;
            };
            let small: Vec<Value> = table.iter().map(|&v| v as Value).collect();
            let values = HeapValues::new(&small, Some(period)).unwrap();
            for n in 0..160 {
                for target in 0..6 {
                    check(&game, &values, n, target, 12);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// The counting does not depend on the values being a game's: any
        /// table continued by any period, any code, against the rules.
        #[test]
        fn any_periodic_values_count_as_the_rules_do(
            digits in proptest::collection::vec(0u8..16, 1..4),
            d0 in prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
            n0 in 0u64..6,
            p in 1u64..6,
            table in proptest::collection::vec(0u16..4, 12),
            n in 0u64..130,
            target in 0u64..4,
        ) {
            let code = format!(
                "{d0:x}.{}",
                digits.iter().map(|d| format!("{d:x}")).collect::<String>()
            );
            let Ok(game) = code.parse::<Hexadecimal>() else {
                return Ok(());
            };
            // The table holds the preperiod and one period: its values
            // then continue with the period.
            let table = &table[..(n0 + p) as usize];
            let values = HeapValues::new(table, Some((n0, p))).unwrap();
            check(&game, &values, n, target, 9);
        }
    }
}
