//! Hexadecimal take-and-break games (`hex:CODE`). A code whose digits are all
//! below 8 is the octal game of the same code, answered by the octal entry
//! (its engine, certificates and huge heaps); the others, whose moves may
//! leave three heaps, by the values of [`hexadecimal_values`], with periods
//! certified by the periodicity theorem for moves that leave up to three
//! heaps ([`Hexadecimal::certify`]), which then answer heaps of any size
//! ([`Hexadecimal::winning_moves`]). An arithmetic period (`G(n + p) = G(n) +
//! s`) is reported as apparent, with how far it was checked: no theorem
//! certifying it is implemented yet.

use dashu_int::UBig;

use super::heap::searched_heap_defence;
use super::octal::{family_move, listed_moves_limit, move_leaving, option_move, OctalEntry};
use crate::analysis::conjecture::{certified_period, heap_period};
use crate::analysis::periodicity::apparent_arithmetic_period;
use crate::catalog::answer::{keep_first_moves, sort_moves};
use crate::catalog::entry::{Build, Entry, Verb};
use crate::catalog::kit::options::{heap_options, heap_parts, PlayMove};
use crate::catalog::kit::table::single_report;
use crate::catalog::{
    Analysis, Component, ConjectureReport, Game, Monitor, Move, MoveFamily, PeriodReport, Position,
    SecondHeaps, Sequence, SequenceOf, Summands, Terms,
};
use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::games::hexadecimal::{hexadecimal_values, HexError, Hexadecimal, Triples};
use crate::games::octal::moves::HeapValues;
use crate::games::octal::sparse::Value;
use crate::limits::{HEX_ANALYZE_SEARCH, HEX_PERIOD_SEARCH, MAX_HEX_COUNT, MOVE_LIST_LIMIT};
use crate::nimber::Nimber;

/// The registry's entry of `hex`.
pub(crate) const ENTRY: Entry = Entry {
    name: "hex",
    forms: &["hex:CODE"],
    form_note: "",
    aliases: &[],
    summary: "hexadecimal take-and-break games: moves may also leave three heaps",
    position: "heap sizes",
    theory: "codes below 8 as octal games; else values by sets of splits, periods \
             certified by the periodicity theorem for three heaps, then heaps of any size",
    verbs: &[
        Verb::Analyze,
        Verb::Sequence,
        Verb::Period,
        Verb::Conjecture,
    ],
    example_spec: "hex:0.f",
    example_position: "10 20 30",
    example_stdin: "",
    build: Build::Required {
        build: hex,
        missing: "write hex:CODE, e.g. hex:0.8",
    },
};

/// `hex:CODE`: the octal game when every digit is below 8.
pub(crate) fn hex(spec: &str, code: &str) -> Result<Box<dyn Game>> {
    let game: Hexadecimal = code
        .parse()
        .map_err(|e: HexError| Error::spec(spec, e.to_string()))?;
    Ok(match game.as_octal() {
        Some(octal) => Box::new(OctalEntry(octal)),
        None => Box::new(HexEntry(game)),
    })
}

/// The values `analyze` works from: every heap up to the largest, whose
/// moves are then listed by the rules; or, for a larger heap, the first
/// values continued by a certified period, whose moves are counted by
/// families ([`Hexadecimal::winning_moves`]).
enum Values {
    Table(Vec<u64>),
    Periodic {
        table: Vec<Value>,
        period: (u64, u64),
    },
}

impl Values {
    /// `G(n)`, for a heap these values cover.
    fn value(&self, n: &UBig) -> u64 {
        match self {
            Values::Table(values) => values[usize::try_from(n).expect("within the values")],
            Values::Periodic { .. } => self.periodic().value(n),
        }
    }

    /// The table and its period, as the octal moves read them.
    fn periodic(&self) -> HeapValues<'_> {
        match self {
            Values::Periodic { table, period } => {
                HeapValues::new(table, Some(*period)).expect("a table of a whole period")
            }
            Values::Table(_) => unreachable!("only periodic values are read so"),
        }
    }

    /// The nim-sum of the values of `heaps`.
    fn nim_sum(&self, heaps: &[UBig]) -> u64 {
        heaps.iter().fold(0, |acc, h| acc ^ self.value(h))
    }
}

/// The moves of a position to some value: the first kept, how many in all,
/// and (from a period) every one of them as families.
#[derive(Debug, PartialEq, Eq)]
struct Found {
    count: UBig,
    moves: Vec<Move>,
    families: Vec<MoveFamily>,
}

/// A family of moves of heap `heap` leaving three heaps, for the answer.
fn triple_family(heaps: &[UBig], heap: usize, t: &Triples) -> MoveFamily {
    let n = &heaps[heap];
    let count = t.count();
    let row_ends = t.row(&t.a_first);
    let description = match &row_ends {
        Some((b, last)) if count == UBig::ONE || (t.one_row() && b == last) => {
            let c = &t.rest - &t.a_first - b;
            option_move(heaps, heap, &[t.a_first.clone(), b.clone(), c]).description
        }
        Some((b, last)) if t.one_row() => format!(
            "heap {}: take {} of {n}, leaving {}, b and {} - b for every b = {} mod {} from {b} \
             to {last}",
            heap + 1,
            t.take,
            t.a_first,
            &t.rest - &t.a_first,
            t.b_class,
            t.p
        ),
        _ => format!(
            "heap {}: take {} of {n}, leaving a, b and {} - a - b for every a = {} mod {} from {} \
             to {} and every b = {} mod {} with a <= b <= ({} - a) / 2",
            heap + 1,
            t.take,
            t.rest,
            &t.a_first % UBig::from(t.p),
            t.p,
            t.a_first,
            t.a_last,
            t.b_class,
            t.p,
            t.rest
        ),
    };
    MoveFamily {
        heap,
        take: UBig::from(t.take),
        first: t.a_first.clone(),
        step: UBig::from(if t.one_row() { 1 } else { t.p }),
        last: t.a_last.clone(),
        count,
        bits: None,
        then_b: Some(SecondHeaps {
            class: t.b_class,
            step: t.p,
            from: t.b_low.clone(),
            to: t.b_high.clone(),
        }),
        description,
    }
}

/// What certifies a period of these games.
const THEOREM: &str = "the periodicity theorem for moves that leave up to three heaps";

/// `G(0..count)` of `game` ([`hexadecimal_values`]), the heaps valued so
/// far going to `monitor`.
pub(crate) fn values_with_progress(
    game: &Hexadecimal,
    count: u64,
    monitor: &mut dyn Monitor,
) -> Vec<u64> {
    monitor.progress(0, count);
    let values = hexadecimal_values(game, count as usize, |n| {
        // A heap of thousands costs milliseconds: every 256th is often enough.
        if n % 256 == 255 {
            monitor.progress(n as u64 + 1, count);
        }
    });
    monitor.progress(count, count);
    values
}

/// A hexadecimal game whose moves may leave three heaps.
struct HexEntry(Hexadecimal);

impl HexEntry {
    /// `G(0..count)`, or the limit `count` exceeds (`option` names it).
    fn values(
        &self,
        count: u64,
        limit: u64,
        option: &str,
        monitor: &mut dyn Monitor,
    ) -> Result<Vec<u64>> {
        if count > limit {
            return Err(Error::Limit(format!(
                "{option} {count} is more than the {limit} values of {} one run computes \
                 (their cost grows with the cube of the count)",
                self.spec()
            )));
        }
        Ok(values_with_progress(&self.0, count, monitor))
    }

    /// The values of every heap up to the largest of `heaps` when it is at
    /// most `HEX_ANALYZE_SEARCH`; else the first `HEX_PERIOD_SEARCH`, when
    /// they certify a period.
    fn values_for(&self, heaps: &[UBig], monitor: &mut dyn Monitor) -> Result<Values> {
        let largest = heaps.iter().max().cloned().unwrap_or(UBig::ZERO);
        if let Some(count) = u64::try_from(&largest)
            .ok()
            .filter(|&n| n <= HEX_ANALYZE_SEARCH)
        {
            let values = self.values(count + 1, HEX_ANALYZE_SEARCH + 1, "heap", monitor)?;
            return Ok(Values::Table(values));
        }
        let values = self.values(HEX_PERIOD_SEARCH, HEX_PERIOD_SEARCH, "heap", monitor)?;
        let beyond = || {
            Error::Limit(format!(
                "heap {largest} is more than the {HEX_ANALYZE_SEARCH} whose values and moves \
                 analyze computes for {}, and no period is certified in its first \
                 {HEX_PERIOD_SEARCH} values (unknown beyond them)",
                self.spec()
            ))
        };
        let period = self.0.certify(&values).ok_or_else(beyond)?;
        let table: Option<Vec<Value>> = values[..(period.0 + period.1) as usize]
            .iter()
            .map(|&v| Value::try_from(v).ok())
            .collect();
        let table = table.ok_or_else(beyond)?;
        Ok(Values::Periodic { table, period })
    }

    /// Every move of `heaps` to a sum of value `target`: at most `limit`
    /// kept, how many there are, and, from a period, all of them as
    /// families.
    fn moves_to(&self, heaps: &[UBig], values: &Values, target: u64, limit: usize) -> Found {
        let total = values.nim_sum(heaps);
        let mut found = Found {
            count: UBig::ZERO,
            moves: Vec::new(),
            families: Vec::new(),
        };
        for (heap, h) in heaps.iter().enumerate() {
            let wanted = total ^ values.value(h) ^ target;
            match values {
                Values::Table(table) => {
                    let n = u64::try_from(h).expect("within the values");
                    self.0.for_each_move(n, |left| {
                        if left.iter().fold(0, |acc, &x| acc ^ table[x as usize]) == wanted {
                            found.count += UBig::ONE;
                            found.moves.push(move_leaving(heaps, heap, left));
                            keep_first_moves(&mut found.moves, heaps, limit);
                        }
                    });
                }
                Values::Periodic { .. } => {
                    let of_heap = self
                        .0
                        .winning_moves(heap, h, wanted, &values.periodic(), limit);
                    found.count += &of_heap.count;
                    let first = of_heap.first.iter();
                    found
                        .moves
                        .extend(first.map(|leaves| option_move(heaps, heap, leaves)));
                    keep_first_moves(&mut found.moves, heaps, limit);
                    let pairs = of_heap.pairs.iter().map(|f| family_move(heaps, f));
                    found.families.extend(pairs);
                    let triples = of_heap.triples.iter();
                    found
                        .families
                        .extend(triples.map(|t| triple_family(heaps, heap, t)));
                }
            }
        }
        sort_moves(&mut found.moves, heaps);
        found.moves.truncate(limit);
        found
    }

    fn method(&self, values: &Values) -> String {
        match values {
            Values::Table(values) => format!(
                "Grundy values of heaps 0..{} by the sets of splits in two and three, then the \
                 nim-sum",
                values.len()
            ),
            Values::Periodic {
                period: (n0, p), ..
            } => format!(
                "period {p} from {n0} certified by {THEOREM} ({HEX_PERIOD_SEARCH} values \
                 computed), then the nim-sum; each heap's moves counted by families of the period"
            ),
        }
    }
}

impl Game for HexEntry {
    fn spec(&self) -> String {
        format!("hex:{}", self.0)
    }

    fn analyze(&self, at: &Position, first: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let heaps = at.numbers.clone();
        let values = self.values_for(&heaps, monitor)?;
        let total = values.nim_sum(&heaps);
        let limit = if first { 1 } else { listed_moves_limit(&heaps) };
        let found = self.moves_to(&heaps, &values, 0, limit);
        let method = self.method(&values);
        let analysis = Analysis::valued(self, heaps, UBig::from(total), found.moves, &method)
            .defended(|h| {
                searched_heap_defence(&self.0, h, |i, left| Some(move_leaving(h, i, left)))
            });
        if first {
            // The first move alone, as octal games give it: no count.
            return Ok(analysis);
        }
        Ok(analysis.listing_at_most(limit, found.count, found.families))
    }

    /// Misère play and Every-SG by the rules (see `catalog::conventions`).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        Ok(Summands::heaps(&self.0, at.numbers.clone()))
    }

    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        let heaps = at.numbers.clone();
        let values = self.values_for(&heaps, monitor)?;
        let value = values.nim_sum(&heaps);
        let method = self.method(&values);
        let position = heaps.clone();
        let moves_to = move |target: &UBig| {
            let Ok(target) = u64::try_from(target) else {
                return Ok(Vec::new()); // no heap here is worth it
            };
            let found = self.moves_to(&heaps, &values, target, MOVE_LIST_LIMIT);
            if found.count > UBig::from(MOVE_LIST_LIMIT) {
                return Err(Error::Limit(format!(
                    "{} moves of the {} component reach the value {target}, more than the \
                     {MOVE_LIST_LIMIT} a sum lists",
                    found.count,
                    self.spec()
                )));
            }
            Ok(found.moves)
        };
        Ok(Component::new(
            position,
            UBig::from(value),
            method,
            moves_to,
        ))
    }

    fn sequence(&self, of: SequenceOf, monitor: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        let values = self.values(count, MAX_HEX_COUNT, "--count", monitor)?;
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Values(values.into_iter().map(Nimber).collect()),
            stats: None,
        })
    }

    fn period(&self, max_terms: Option<u64>, monitor: &mut dyn Monitor) -> Result<PeriodReport> {
        let count = max_terms.unwrap_or(HEX_PERIOD_SEARCH);
        let values = self.values(count, MAX_HEX_COUNT, "--max", monitor)?;
        let checked_to = values.len() as u64;
        if let Some((preperiod, period)) = self.0.certify(&values) {
            return Ok(PeriodReport {
                game: self.spec(),
                preperiod,
                period,
                saltus: 0,
                certified: true,
                checked_to,
                method: THEOREM.to_string(),
                stats: None,
            });
        }
        let found = apparent_arithmetic_period(&values).ok_or_else(|| {
            Error::Limit(format!(
                "no period in the first {checked_to} values (unknown beyond them); raise --max"
            ))
        })?;
        let method = if found.saltus == 0 {
            format!(
                "apparent period only, not certified: the {checked_to} values computed (--max) \
                 show it, and nothing is known beyond them; raise --max"
            )
        } else {
            format!(
                "apparent arithmetic period only, not certified: the {checked_to} values \
                 computed show it, and no theorem that certifies an arithmetic period is \
                 implemented yet (Howse and Nowakowski's, 2004, is the one to add), so a larger \
                 --max checks further but proves nothing"
            )
        };
        Ok(PeriodReport::apparent(
            self.spec(),
            found,
            checked_to,
            method,
        ))
    }

    /// The certified period, else the values' own (arithmetic or not).
    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        let values = self.values(HEX_PERIOD_SEARCH, MAX_HEX_COUNT, "--max", monitor)?;
        let checked_to = values.len() as u64;
        Ok(match self.0.certify(&values) {
            Some((n0, p)) => single_report(self, certified_period(n0, p, checked_to, THEOREM)),
            None => single_report(self, heap_period(&values)),
        })
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        heap_options(self, &self.0, at, |heap, leaves| {
            option_move(&at.numbers, heap, leaves)
        })
    }

    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        heap_parts(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{ByWords, Quiet};
    use crate::games::oracle::check_heap_positions;

    #[test]
    fn the_answers_are_those_of_the_rules_on_small_sums() {
        for code in ["0.8", "0.f", "0.b8", "4.8", "0.3f"] {
            let game: Hexadecimal = code.parse().unwrap();
            let entry = HexEntry(game.clone());
            check_heap_positions(
                game,
                |heaps| {
                    let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
                    let a = entry.analyze_words(&args, false, &mut Quiet).unwrap();
                    let one = entry.analyze_words(&args, true, &mut Quiet).unwrap();
                    assert_eq!(
                        one.winning_moves,
                        a.winning_moves[..one.winning_moves.len()]
                    );
                    assert_eq!(one.winning_moves.len(), a.winning_moves.len().min(1));
                    let reached = crate::catalog::reached_heaps(&a);
                    (a.grundy.unwrap(), reached)
                },
                3,
                10,
            );
        }
    }

    /// The positions the moves of family `f` of `heaps` reach, one by one.
    fn family_members(heaps: &[UBig], f: &MoveFamily) -> Vec<Vec<UBig>> {
        let rest = &heaps[f.heap] - &f.take;
        let reached = |leaves: Vec<UBig>| {
            let mut position = heaps.to_vec();
            position.splice(
                f.heap..=f.heap,
                leaves.into_iter().filter(|h| *h > UBig::ZERO),
            );
            position
        };
        let mut found = Vec::new();
        let mut a = f.first.clone();
        while a <= f.last {
            match &f.then_b {
                None => found.push(reached(vec![a.clone(), &rest - &a])),
                Some(b_range) => {
                    let half = (&rest - &a) >> 1;
                    let high = b_range.to.clone().map_or(half.clone(), |to| to.min(half));
                    let mut b = a.clone().max(b_range.from.clone());
                    while b <= high {
                        if b.clone() % UBig::from(b_range.step) == UBig::from(b_range.class) {
                            found.push(reached(vec![a.clone(), b.clone(), &rest - &a - &b]));
                        }
                        b += UBig::ONE;
                    }
                }
            }
            a += &f.step;
        }
        assert_eq!(UBig::from(found.len()), f.count, "{}", f.description);
        assert!(!found.is_empty(), "an empty family: {}", f.description);
        found
    }

    /// Heaps past `HEX_ANALYZE_SEARCH` are answered from the period: on
    /// heaps the rules reach too, both give the same count and moves.
    #[test]
    fn the_period_answers_as_the_rules_do() {
        for code in ["0.b1", "0.f1", "0.f3", "0.a2"] {
            let game: Hexadecimal = code.parse().unwrap();
            let entry = HexEntry(game.clone());
            let all = hexadecimal_values(&game, 700, |_| {});
            let period = game.certify(&all).unwrap();
            let table = all[..(period.0 + period.1) as usize]
                .iter()
                .map(|&v| v as Value)
                .collect();
            let periodic = Values::Periodic { table, period };
            let by_rules = Values::Table(all);
            for heaps in [vec![37u64], vec![200, 13], vec![301, 4, 150]] {
                let heaps: Vec<UBig> = heaps.into_iter().map(UBig::from).collect();
                for target in 0..4 {
                    let from_period = entry.moves_to(&heaps, &periodic, target, 50);
                    let ruled = entry.moves_to(&heaps, &by_rules, target, usize::MAX >> 1);
                    assert_eq!(
                        from_period.count, ruled.count,
                        "{code} {heaps:?} to {target}"
                    );
                    let listed = &ruled.moves[..ruled.moves.len().min(50)];
                    assert_eq!(from_period.moves, listed, "{code} {heaps:?} to {target}");
                    // The families hold every move, each once.
                    let mut members: Vec<Vec<UBig>> = from_period
                        .families
                        .iter()
                        .flat_map(|f| family_members(&heaps, f))
                        .collect();
                    members.sort();
                    let mut all: Vec<Vec<UBig>> =
                        ruled.moves.iter().map(|m| m.apply(&heaps)).collect();
                    all.sort();
                    assert_eq!(members, all, "{code} {heaps:?} to {target}");
                }
            }
        }
        let huge = hex("hex:0.b1", "0.b1").unwrap();
        let a = huge
            .analyze_words(&["100000000000000000000".into()], false, &mut Quiet)
            .unwrap();
        assert_eq!(a.grundy, Some(UBig::from(2u8)));
        assert!(
            a.method.starts_with("period 2 from 2 certified"),
            "{}",
            a.method
        );
        let count = a.winning_move_count.expect("more than are listed");
        assert!(count > UBig::from(10u8).pow(38), "{count}");
    }

    #[test]
    fn a_code_below_8_is_the_octal_game() {
        let kayles = hex("hex:0.77", "0.77").unwrap();
        assert_eq!(kayles.spec(), "octal:0.77");
        let three = hex("hex:0.f7", "0.f7").unwrap();
        assert_eq!(three.spec(), "hex:0.f7");
        let e = hex("hex:0.g", "0.g").err().unwrap();
        assert!(e.to_string().contains("not a hexadecimal digit"), "{e}");
    }

    #[test]
    fn periods_are_certified_or_said_to_be_apparent() {
        let f = hex("hex:0.f", "0.f").unwrap();
        let report = f.period(None, &mut Quiet).unwrap();
        assert!(report.certified);
        assert_eq!((report.preperiod, report.period, report.saltus), (0, 2, 0));
        // 0.8: G(n) = floor((n - 1) / 3) from heap 1, seen but not proved.
        let eight = hex("hex:0.8", "0.8").unwrap();
        let report = eight.period(Some(600), &mut Quiet).unwrap();
        assert!(!report.certified);
        assert_eq!((report.preperiod, report.period, report.saltus), (1, 3, 1));
        assert_eq!(report.checked_to, 600);
        assert!(report.method.contains("not certified"), "{}", report.method);
        let e = eight
            .period(Some(MAX_HEX_COUNT + 1), &mut Quiet)
            .unwrap_err();
        assert!(matches!(e, Error::Limit(_)), "{e}");
    }
}
