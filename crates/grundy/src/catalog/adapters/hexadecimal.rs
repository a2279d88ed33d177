//! Hexadecimal take-and-break games (`hex:CODE`). A code whose digits are all
//! below 8 is the octal game of the same code, answered by the octal entry
//! (its engine, certificates and huge heaps); the others, whose moves may
//! leave three heaps, by the values of [`hexadecimal_values`], with periods
//! certified by the periodicity theorem for moves that leave up to three
//! heaps ([`Hexadecimal::certify`]). An arithmetic period (`G(n + p) = G(n) +
//! s`) is reported as apparent, with how far it was checked: no theorem
//! certifying it is implemented yet.

use dashu_int::UBig;

use super::heap::searched_heap_defence;
use super::octal::{move_leaving, option_move, OctalEntry};
use crate::analysis::conjecture::{certified_period, heap_period};
use crate::analysis::periodicity::apparent_arithmetic_period;
use crate::catalog::answer::sort_moves;
use crate::catalog::entry::{Build, Entry, Verb};
use crate::catalog::kit::options::{heap_options, heap_parts, PlayMove};
use crate::catalog::kit::table::single_report;
use crate::catalog::{
    Analysis, Component, ConjectureReport, Game, Monitor, Move, PeriodReport, Position, Sequence,
    SequenceOf, Summands, Terms,
};
use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::games::hexadecimal::{hexadecimal_values, HexError, Hexadecimal};
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
             certified by the periodicity theorem for three heaps; heaps up to 2^13",
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

/// The nim-sum of the values of `heaps`, each within `values`.
fn nim_sum(heaps: &[UBig], values: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, h| {
        acc ^ values[usize::try_from(h).expect("within the values")]
    })
}

/// What certifies a period of these games.
const THEOREM: &str = "the periodicity theorem for moves that leave up to three heaps";

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
        monitor.progress(0, count);
        let values = hexadecimal_values(&self.0, count as usize, |n| {
            // A heap of thousands costs milliseconds: every 256th is often enough.
            if n % 256 == 255 {
                monitor.progress(n as u64 + 1, count);
            }
        });
        monitor.progress(count, count);
        Ok(values)
    }

    /// The values of every heap up to the largest of `heaps`.
    fn values_for(&self, heaps: &[UBig], monitor: &mut dyn Monitor) -> Result<Vec<u64>> {
        let largest = heaps.iter().max().cloned().unwrap_or(UBig::ZERO);
        let count = u64::try_from(&largest)
            .ok()
            .filter(|&n| n <= HEX_ANALYZE_SEARCH)
            .ok_or_else(|| {
                Error::Limit(format!(
                    "heap {largest} is more than the {HEX_ANALYZE_SEARCH} whose values and moves \
                     analyze computes for {}",
                    self.spec()
                ))
            })?;
        self.values(count + 1, HEX_ANALYZE_SEARCH + 1, "heap", monitor)
    }

    /// Every move of `heaps` to a sum of value `target`, at most `limit`
    /// kept, and how many there are.
    fn moves_to(
        &self,
        heaps: &[UBig],
        values: &[u64],
        target: u64,
        limit: usize,
    ) -> (u64, Vec<Move>) {
        let total = nim_sum(heaps, values);
        let (mut count, mut moves) = (0u64, Vec::new());
        for (heap, h) in heaps.iter().enumerate() {
            let n = u64::try_from(h).expect("within the values");
            let wanted = total ^ values[n as usize] ^ target;
            self.0.for_each_move(n, |left| {
                if left.iter().fold(0, |acc, &x| acc ^ values[x as usize]) == wanted {
                    count += 1;
                    moves.push(move_leaving(heaps, heap, left));
                    // Keep the first `limit` in the contract's order, not
                    // the first found.
                    if moves.len() > 2 * limit {
                        sort_moves(&mut moves, heaps);
                        moves.truncate(limit);
                    }
                }
            });
        }
        sort_moves(&mut moves, heaps);
        moves.truncate(limit);
        (count, moves)
    }

    fn method(&self, count: usize) -> String {
        format!(
            "Grundy values of heaps 0..{count} by the sets of splits in two and three, then the \
             nim-sum"
        )
    }
}

impl Game for HexEntry {
    fn spec(&self) -> String {
        format!("hex:{}", self.0)
    }

    fn analyze(&self, at: &Position, first: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let heaps = at.numbers.clone();
        let values = self.values_for(&heaps, monitor)?;
        let total = nim_sum(&heaps, &values);
        let limit = if first { 1 } else { MOVE_LIST_LIMIT };
        let (count, moves) = self.moves_to(&heaps, &values, 0, limit);
        let analysis = Analysis::valued(
            self,
            heaps,
            UBig::from(total),
            moves,
            &self.method(values.len()),
        )
        .defended(|h| searched_heap_defence(&self.0, h, |i, left| Some(move_leaving(h, i, left))));
        if first {
            // The first move alone, as octal games give it: no count.
            return Ok(analysis);
        }
        Ok(analysis.listing_at_most(limit, UBig::from(count), Vec::new()))
    }

    /// Misère play and Every-SG by the rules (see `catalog::conventions`).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        Ok(Summands::heaps(&self.0, at.numbers.clone()))
    }

    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        let heaps = at.numbers.clone();
        let values = self.values_for(&heaps, monitor)?;
        let value = nim_sum(&heaps, &values);
        let method = self.method(values.len());
        let position = heaps.clone();
        let moves_to = move |target: &UBig| {
            let Ok(target) = u64::try_from(target) else {
                return Ok(Vec::new()); // no heap here is worth it
            };
            let (count, moves) = self.moves_to(&heaps, &values, target, MOVE_LIST_LIMIT);
            if count > MOVE_LIST_LIMIT as u64 {
                return Err(Error::Limit(format!(
                    "{count} moves of the {} component reach the value {target}, more than the \
                     {MOVE_LIST_LIMIT} a sum lists",
                    self.spec()
                )));
            }
            Ok(moves)
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
