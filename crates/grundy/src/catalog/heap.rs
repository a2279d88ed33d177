//! Heap games: Nim, Bash, subtraction games and staircase Nim.

use crate::limits::{DEFAULT_PERIOD_SEARCH, MAX_SUBTRACTION, REACHABLE_HEAPS, SUBTRACTION_WORK};
use dashu_int::UBig;

use super::explore::single_report;
use super::{
    check_count, parse_naturals, parse_u64, Analysis, Game, Move, PeriodReport, Sequence, Terms,
};
use super::{ConjectureReport, Monitor};
use crate::analysis::conjecture::{certified_heap_period, heap_period, Conjecture};
use crate::analysis::periodicity::{ArithmeticPeriod, Periodic};
use crate::error::Error;
use crate::game::HeapMove;
use crate::games::bash::Bash;
use crate::games::nim::Nim;
use crate::games::staircase::Staircase;
use crate::games::subtraction::Subtraction;
use crate::nimber::Nimber;

/// `nim`.
pub(super) fn nim() -> Box<dyn Game> {
    Box::new(NimEntry)
}

/// `staircase`.
pub(super) fn staircase() -> Box<dyn Game> {
    Box::new(StaircaseEntry)
}

/// `bash:M`.
pub(super) fn bash(spec: &str, m: &str) -> Result<Box<dyn Game>, Error> {
    let max = parse_u64(m).and_then(Bash::new).ok_or_else(|| {
        Error::spec(
            spec,
            format!("M must be an integer from 1 to {}, not '{m}'", u64::MAX),
        )
    })?;
    Ok(Box::new(BashEntry(max)))
}

/// `subtraction:S1,S2,...`.
pub(super) fn subtraction(spec: &str, set: &str) -> Result<Box<dyn Game>, Error> {
    let amounts = set
        .split(',')
        .map(|s| {
            parse_u64(s)
                .filter(|&a| (1..=MAX_SUBTRACTION).contains(&a))
                .ok_or_else(|| {
                    Error::spec(
                        spec,
                        format!("'{s}' is not an amount; amounts are integers from 1 to {MAX_SUBTRACTION}, separated by commas"),
                    )
                })
        })
        .collect::<Result<Vec<u64>, Error>>()?;
    let game = Subtraction::new(&amounts).expect("amounts are positive and there is one");
    Ok(Box::new(SubtractionEntry(game)))
}
/// The catalogue's wrapping of a heap game's answer: heap moves as [`Move`]s.
fn heap_analysis(
    game: &dyn Game,
    heaps: Vec<UBig>,
    (value, moves): (UBig, Vec<HeapMove>),
    method: &str,
) -> Analysis {
    let moves = moves
        .into_iter()
        .map(|m| {
            let description = format!(
                "heap {}: {} -> {} (take {})",
                m.heap + 1,
                heaps[m.heap],
                m.to,
                &heaps[m.heap] - &m.to
            );
            Move::single(m.heap, m.to, description)
        })
        .collect();
    Analysis::valued(game, heaps, value, moves, method)
}

struct NimEntry;

impl Game for NimEntry {
    fn spec(&self) -> String {
        "nim".into()
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let heaps = parse_naturals(position, "heap size")?;
        let answer = Nim.analyse(&heaps);
        Ok(heap_analysis(
            self,
            heaps,
            answer,
            "closed form (Bouton): the nim-sum of the heap sizes",
        ))
    }

    fn sequence(&self, count: u64, _: &mut dyn Monitor) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Values((0..count as u64).map(Nimber).collect()),
            stats: None,
        })
    }

    fn period(&self, _max_terms: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport, Error> {
        Ok(PeriodReport {
            game: self.spec(),
            preperiod: 0,
            period: 1,
            saltus: 1,
            certified: true,
            checked_to: 0,
            method: "closed form: G(n) = n".into(),
            stats: None,
        })
    }

    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        Ok(single_report(
            self,
            proved_period(&self.period(None, monitor)?),
        ))
    }
}

struct BashEntry(Bash);

impl Game for BashEntry {
    fn spec(&self) -> String {
        format!("bash:{}", self.0.max())
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let heaps = parse_naturals(position, "heap size")?;
        let answer = self.0.analyse(&heaps);
        Ok(heap_analysis(
            self,
            heaps,
            answer,
            "closed form: G(n) = n mod (M+1)",
        ))
    }

    fn sequence(&self, count: u64, _: &mut dyn Monitor) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        let values = (0..count as u64)
            .map(|n| Nimber(self.0.grundy_of(n)))
            .collect();
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Values(values),
            stats: None,
        })
    }

    fn period(&self, _max_terms: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport, Error> {
        let period = self.period_for("period")?;
        Ok(PeriodReport {
            game: self.spec(),
            preperiod: 0,
            period,
            saltus: 0,
            certified: true,
            checked_to: 0,
            method: "closed form: G(n) = n mod (M+1)".into(),
            stats: None,
        })
    }

    fn conjecture(&self, monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        self.period_for("conjecture")?;
        Ok(single_report(
            self,
            proved_period(&self.period(None, monitor)?),
        ))
    }
}

impl BashEntry {
    /// The period `M + 1`, for `verb`'s report, which holds it in 64 bits.
    fn period_for(&self, verb: &'static str) -> Result<u64, Error> {
        u64::try_from(self.0.period()).map_err(|_| {
            self.unsupported(
                verb,
                "its period M+1 = 2^64 does not fit the report (G(n) = n mod 2^64)",
            )
        })
    }
}

/// What `conjecture` states for a heap game whose period is proved: the very
/// claim of `period`, so that the two verbs agree on what is certified.
fn proved_period(report: &PeriodReport) -> Conjecture {
    let period = ArithmeticPeriod {
        preperiod: report.preperiod,
        period: report.period,
        saltus: report.saltus,
    };
    certified_heap_period(&period, report.checked_to, &report.method)
}

struct SubtractionEntry(Subtraction);

impl SubtractionEntry {
    /// The certified period, searched over at most `max_terms` values, for the
    /// `period` verb (whose `--max` sets `max_terms`).
    fn periodic(&self, max_terms: u64) -> Result<Periodic, Error> {
        self.0.periodic(max_terms).map_err(|_| {
            Error::Limit(format!(
                "no repeated window of max S = {} values within the first {max_terms} values of {} \
                 (a repeat needs more than {} values); raise --max",
                self.0.largest(),
                self.spec(),
                self.0.largest()
            ))
        })
    }

    /// How many values the period search of `analyze`, `sequence` and
    /// `conjecture` computes: [`DEFAULT_PERIOD_SEARCH`], or fewer for a large
    /// set, since a value costs one look-up per amount and the whole search at
    /// most [`SUBTRACTION_WORK`] look-ups. (`period` computes what `--max` says.)
    fn search_budget(&self) -> u64 {
        let amounts = self.0.set().len() as u64;
        DEFAULT_PERIOD_SEARCH.min(SUBTRACTION_WORK / amounts)
    }

    /// How `period` certifies.
    fn window_method(&self) -> String {
        format!(
            "first repeated window of max S = {} consecutive values, which determine all later ones",
            self.0.largest()
        )
    }

    /// The method of an answer read from the certified period.
    fn periodic_method(&self, periodic: &Periodic) -> String {
        format!(
            "certified period {} from {} (a repeated window of {} values), then the nim-sum",
            periodic.period,
            periodic.preperiod,
            self.0.largest()
        )
    }

    /// `analyze`: from the certified period when it is found within
    /// [`search_budget`](Self::search_budget) values, else from the values `G(0..=h)` of the
    /// largest heap `h` by the rules when they are within it. A window can only
    /// repeat after `max S` values, so heaps up to `max S` are computed
    /// directly, without a period search (a heap below `min S` has value 0).
    fn analyse(&self, heaps: &[UBig]) -> Result<(String, (UBig, Vec<HeapMove>)), Error> {
        let largest_heap = heaps.iter().max().cloned().unwrap_or(UBig::ZERO);
        let search = match u64::try_from(&largest_heap) {
            Ok(h) if h < self.0.largest() => h + 1,
            _ => self.search_budget(),
        };
        match self.0.periodic(search) {
            Ok(periodic) => Ok((
                self.periodic_method(&periodic),
                self.0.analyse(&periodic, heaps),
            )),
            Err(values) => {
                let method = format!(
                    "Grundy values G(0..={largest_heap}) from the rules (each the mex over the \
                     amounts), then the nim-sum"
                );
                if let Some(answer) = self.0.analyse_reachable(heaps, REACHABLE_HEAPS) {
                    let method = format!(
                        "Grundy values of the heaps the position can reach, from the rules (each \
                         the mex over the amounts), then the nim-sum; the period is not known \
                         within {search} values"
                    );
                    return Ok((method, answer));
                }
                let answer = self.0.analyse_small(&values, heaps).ok_or_else(|| {
                    Error::Limit(format!(
                        "heap {largest_heap} of {} is beyond what analyze answers: no window of \
                         max S = {} values repeats within the first {search} values, so the period \
                         is not known, and heaps are computed from the rules below {search} only",
                        self.spec(),
                        self.0.largest()
                    ))
                })?;
                Ok((method, answer))
            }
        }
    }
}

impl Game for SubtractionEntry {
    fn spec(&self) -> String {
        let amounts: Vec<String> = self.0.set().iter().map(u64::to_string).collect();
        format!("subtraction:{}", amounts.join(","))
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let heaps = parse_naturals(position, "heap size")?;
        let (method, answer) = self.analyse(&heaps)?;
        Ok(heap_analysis(self, heaps, answer, &method))
    }

    fn sequence(&self, count: u64, _: &mut dyn Monitor) -> Result<Sequence, Error> {
        let count = check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Values(self.0.values(count, self.search_budget())),
            stats: None,
        })
    }

    fn period(&self, max_terms: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport, Error> {
        let periodic = self.periodic(max_terms.unwrap_or_else(|| self.search_budget()))?;
        Ok(PeriodReport::from_periodic(
            self,
            &periodic,
            &self.window_method(),
        ))
    }

    /// The period `period` certifies, or when none is found within
    /// [`search_budget`](Self::search_budget) values, what all those values show (said to
    /// be apparent): fewer values could suggest a period that the first heap
    /// beyond them breaks (`subtraction:9999999` is 0 up to 9999998).
    fn conjecture(&self, _monitor: &mut dyn Monitor) -> Result<ConjectureReport, Error> {
        Ok(match self.0.periodic(self.search_budget()) {
            Ok(periodic) => {
                let report = PeriodReport::from_periodic(self, &periodic, &self.window_method());
                single_report(self, proved_period(&report))
            }
            Err(values) => {
                let values: Vec<u64> = values.iter().map(|v| v.0).collect();
                single_report(self, heap_period(&values))
            }
        })
    }
}

struct StaircaseEntry;

impl Game for StaircaseEntry {
    fn spec(&self) -> String {
        "staircase".into()
    }

    fn analyze(
        &self,
        position: &[String],
        _first_only: bool,
        _monitor: &mut dyn Monitor,
    ) -> Result<Analysis, Error> {
        let stairs = parse_naturals(position, "number of coins")?;
        let value = Staircase.grundy(&stairs);
        let moves = Staircase
            .winning_moves(&stairs)
            .into_iter()
            .map(|m| {
                let (from, to) = (m.stair - 1, m.stair.checked_sub(2));
                let description = match to {
                    Some(below) => format!(
                        "move {} from stair {} to stair {}",
                        m.coins,
                        m.stair,
                        below + 1
                    ),
                    None => format!("move {} from stair 1 to the ground", m.coins),
                };
                // Only the stairs the move changes: copying the staircase
                // for each move would cost its length squared.
                let mut changes = vec![(from, vec![&stairs[from] - &m.coins])];
                if let Some(below) = to {
                    changes.insert(0, (below, vec![&stairs[below] + &m.coins]));
                }
                Move {
                    changes,
                    description,
                    target: None,
                }
            })
            .collect();
        Ok(Analysis::valued(
            self,
            stairs,
            value,
            moves,
            "closed form: the nim-sum of the odd-numbered stairs",
        ))
    }
}
