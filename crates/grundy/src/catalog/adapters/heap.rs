//! Heap games: one adapter, [`HeapEntry`], for every game of the
//! [`HeapTheory`] shape (Nim, Bash, subtraction games), and staircase Nim.

use crate::arith::decimal;
use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY, HEAP_VERBS};
use crate::catalog::{Board, Form, Position, SequenceOf};
use crate::limits::{
    DEFAULT_PERIOD_SEARCH, MAX_SUBTRACTION, PLAY_OPTIONS, REACHABLE_HEAPS, REMOTENESS_BUDGET,
    SUBTRACTION_WORK,
};
use dashu_int::UBig;

use crate::analysis::conjecture::{certified_heap_period, heap_period, Conjecture};
use crate::analysis::periodicity::{ArithmeticPeriod, Periodic};
use crate::catalog::answer::{sort_moves, Defence};
use crate::catalog::kit::options::{applied, heap_options, heap_parts, PlayMove};
use crate::catalog::kit::table::single_report;
use crate::catalog::{
    check_count, Alone, Analysis, Component, EveryForm, Game, Move, PeriodReport, Sequence,
    Summands, Tame, Terms,
};
use crate::catalog::{ConjectureReport, Monitor};
use crate::error::{Error, Result};
use crate::game::{EveryHeaps, HeapGame, HeapMove, Heaps, Outcome};
use crate::games::bash::Bash;
use crate::games::nim::Nim;
use crate::games::staircase::{StairMove, Staircase};
use crate::games::subtraction::Subtraction;
use crate::nimber::Nimber;
use crate::solve::remoteness::{HeapRemoteness, Remoteness};
use crate::stop;

/// The registry's entry of `nim`.
pub(crate) const NIM: Entry = Entry {
    name: "nim",
    forms: &["nim"],
    form_note: "",
    aliases: &[],
    summary: "take any number from one heap",
    position: "heap sizes",
    theory: "nim-sum (Bouton)",
    verbs: HEAP_VERBS,
    example_spec: "nim",
    example_position: "3 4 5",
    example_stdin: "",
    build: Build::Plain(nim),
};

/// The registry's entry of `bash`.
pub(crate) const BASH: Entry = Entry {
    name: "bash",
    forms: &["bash:M", "bash:M,overshoot"],
    form_note: "",
    aliases: &[],
    summary: "take 1..M from one heap (`overshoot`: a take past the heap empties it)",
    position: "heap sizes",
    theory: "`G(n) = n mod (M+1)`",
    verbs: HEAP_VERBS,
    example_spec: "bash:3",
    example_position: "10",
    example_stdin: "",
    build: Build::Required {
        build: bash,
        missing: "write bash:M (or bash:M,overshoot), M >= 1 the most one move takes",
    },
};

/// The registry's entry of `subtraction`.
pub(crate) const SUBTRACTION: Entry = Entry {
    name: "subtraction",
    forms: &["subtraction:S1,S2,..."],
    form_note: "",
    aliases: &[],
    summary: "take one of the listed amounts",
    position: "heap sizes",
    theory: "certified period, then any heap size",
    verbs: HEAP_VERBS,
    example_spec: "subtraction:1,3,4",
    example_position: "10 20",
    example_stdin: "",
    build: Build::Required {
        build: subtraction,
        missing: "write subtraction:S1,S2,... with positive amounts",
    },
};

/// The registry's entry of `staircase`.
pub(crate) const STAIRCASE: Entry = Entry {
    name: "staircase",
    forms: &["staircase"],
    form_note: "",
    aliases: &[],
    summary: "move coins from a stair to the one below",
    position: "coins on stairs 1, 2, ...",
    theory: "nim-sum of the odd stairs",
    verbs: ANALYZE_ONLY,
    example_spec: "staircase",
    example_position: "3 1 4 1 5",
    example_stdin: "",
    build: Build::Plain(staircase),
};

/// `nim`.
pub(crate) fn nim() -> Box<dyn Game> {
    Box::new(HeapEntry(Nim))
}

/// `staircase`.
pub(crate) fn staircase() -> Box<dyn Game> {
    Box::new(StaircaseEntry)
}

/// `bash:M` or `bash:M,overshoot`.
pub(crate) fn bash(spec: &str, params: &str) -> Result<Box<dyn Game>> {
    let (m, overshoot) = match params.split_once(',') {
        Some((m, "overshoot")) => (m, true),
        Some((_, other)) => {
            return Err(Error::spec(
                spec,
                format!("'{other}' is not an option of bash; write bash:M or bash:M,overshoot"),
            ))
        }
        None => (params, false),
    };
    let game = decimal::<u64>(m).and_then(Bash::new).ok_or_else(|| {
        Error::spec(
            spec,
            format!("M must be an integer from 1 to {}, not '{m}'", u64::MAX),
        )
    })?;
    Ok(Box::new(HeapEntry(match overshoot {
        true => game.overshooting(),
        false => game,
    })))
}

/// `subtraction:S1,S2,...`.
pub(crate) fn subtraction(spec: &str, set: &str) -> Result<Box<dyn Game>> {
    let amounts = set
        .split(',')
        .map(|s| {
            decimal::<u64>(s)
                .filter(|&a| (1..=MAX_SUBTRACTION).contains(&a))
                .ok_or_else(|| {
                    Error::spec(
                        spec,
                        format!("'{s}' is not an amount; amounts are integers from 1 to {MAX_SUBTRACTION}, separated by commas"),
                    )
                })
        })
        .collect::<Result<Vec<u64>>>()?;
    let game = Subtraction::new(&amounts).expect("amounts are positive and there is one");
    Ok(Box::new(HeapEntry(game)))
}
/// Heap moves of `game` as [`Move`]s, for people and as coordinate changes
/// (closed forms make one per heap of a position, which may hold millions:
/// the loop polls the stop signal).
fn heap_moves(game: &impl HeapTheory, heaps: &[UBig], moves: Vec<HeapMove>) -> Vec<Move> {
    stop::polling(moves.into_iter())
        .map(|m| heap_move(game, heaps, m.heap, m.to))
        .collect()
}

/// Every-SG in closed form, its heap moves written as `analyze` writes them.
fn every_form(
    game: &impl HeapTheory,
    heaps: &[UBig],
    every: EveryHeaps,
    rule: String,
) -> EveryForm {
    EveryForm {
        steps: every.steps,
        moves: heap_moves(game, heaps, every.moves),
        lasting: heap_moves(game, heaps, every.lasting),
        rule,
    }
}

/// The move of `game` that leaves `to` in heap number `heap` (from 0) of
/// `heaps`.
fn heap_move(game: &impl HeapTheory, heaps: &[UBig], heap: usize, to: UBig) -> Move {
    let description = format!(
        "heap {}: {} -> {} ({})",
        heap + 1,
        heaps[heap],
        to,
        game.takes(&heaps[heap], &to)
    );
    Move::single(heap, to, description)
}

/// The remoteness of `heaps` of a take-away game (Nim, Bash, subtraction)
/// and its optimal move (a P-position's longest defence, an N-position's
/// fastest win): from the game's closed form for a single heap, else by the
/// search (see [`searched_heap_defence`]).
fn heap_defence<G: HeapTheory + HeapGame + Clone>(game: &G, heaps: &[UBig]) -> Option<Defence> {
    let nonzero: Vec<usize> = (0..heaps.len())
        .filter(|&i| heaps[i] != UBig::ZERO)
        .collect();
    if let [only] = nonzero[..] {
        if let Some(closed) = game.heap_remoteness(&heaps[only]) {
            return Some(Defence {
                remoteness: closed.remoteness,
                longest_move: heap_move(game, heaps, only, closed.best_left?),
            });
        }
    }
    searched_heap_defence(game, heaps, |i, left| match left {
        [] => Some(heap_move(game, heaps, i, UBig::ZERO)),
        [to] => Some(heap_move(game, heaps, i, UBig::from(*to))),
        _ => None, // a split: not a take-away game
    })
}

/// The remoteness of `heaps` of any [`HeapGame`] and its optimal move (a
/// P-position's longest defence, an N-position's fastest win: the first
/// move, in the order of moves, to an option of remoteness one less), by
/// the remoteness search over its rules within [`REMOTENESS_BUDGET`]
/// divided by the number of heaps; `describe`
/// turns the move in heap `i` leaving the heaps `left` into a [`Move`]. `None`
/// beyond the budget, or when there is no move.
pub(crate) fn searched_heap_defence<G: HeapGame + Clone>(
    game: &G,
    heaps: &[UBig],
    describe: impl Fn(usize, &[u64]) -> Option<Move>,
) -> Option<Defence> {
    let sizes: Vec<u64> = heaps
        .iter()
        .map(|h| u64::try_from(h).ok())
        .collect::<Option<_>>()?;
    // A position of k heaps costs k words to build, hash and keep: the
    // budget counts positions and options, so it is shared out over the heaps.
    let budget = REMOTENESS_BUDGET / (sizes.len() as u64).max(1);
    // The first option list is built before the budget counts it: bound the
    // counters (what the count below iterates over), then the moves.
    let counters = sizes.iter().try_fold(0u64, |acc, &h| acc.checked_add(h))?;
    if counters > REMOTENESS_BUDGET {
        return None;
    }
    let mut moves = 0u64;
    for &h in &sizes {
        game.for_each_move(h, |_| moves += 1);
    }
    if moves > budget {
        return None;
    }
    let mut search = Remoteness::new(Heaps(game.clone()), budget);
    let remoteness = search.remoteness(&Heaps::<G>::position(&sizes)).ok()?;
    let mut longest = Vec::new();
    for (i, &h) in sizes.iter().enumerate() {
        let mut lefts = Vec::new();
        game.for_each_move(h, |left| lefts.push(left.to_vec()));
        for left in lefts {
            let mut next = sizes.clone();
            next.remove(i);
            next.extend_from_slice(&left);
            if search.remoteness(&Heaps::<G>::position(&next)).ok()? + 1 == remoteness {
                longest.push(describe(i, &left)?);
            }
        }
    }
    sort_moves(&mut longest, heaps);
    Some(Defence {
        remoteness: UBig::from(remoteness),
        longest_move: longest.into_iter().next()?,
    })
}

/// What the catalogue needs of a game played on a sum of heaps whose values
/// have a period (Nim, Bash, subtraction games): the one shape that
/// [`HeapEntry`] turns into a [`Game`].
pub(crate) trait HeapTheory {
    /// The canonical spec.
    fn spec(&self) -> String;

    /// What a move from a heap of `from` to `to` takes, for people:
    /// `take 3`.
    fn takes(&self, from: &UBig, to: &UBig) -> String {
        format!("take {}", from - to)
    }

    /// The value of the sum of `heaps` and its moves to a sum of value
    /// `target` (0: its winning moves), with the method that found them.
    fn analyze(&self, heaps: &[UBig], target: &UBig) -> Result<(String, (UBig, Vec<HeapMove>))>;

    /// `G(0), ..., G(count - 1)`.
    fn values(&self, count: usize) -> Vec<Nimber>;

    /// The remoteness of a single heap and its optimal move, where the theory
    /// gives them in closed form (otherwise the search answers).
    fn heap_remoteness(&self, _heap: &UBig) -> Option<HeapRemoteness> {
        None
    }

    /// The certified period, searched over at most `max_terms` values (or the
    /// game's own budget); `verb` is the verb asking, for a refusal.
    fn period(&self, max_terms: Option<u64>, verb: &'static str) -> Result<HeapPeriod>;

    /// Misère play in closed form: the Nim heap each heap plays as, where the
    /// theory says the heaps are tame (otherwise the rules answer).
    fn tame(&self, heaps: &[UBig]) -> Option<Tame<'_>> {
        let _ = heaps;
        None
    }

    /// Every-SG in closed form, where the theory gives it: the steps and the
    /// one winning move, a move per heap that has one.
    fn every(&self, heaps: &[UBig]) -> Option<EveryForm> {
        let _ = heaps;
        None
    }

    /// Misère play of the position alone in closed form, where the theory
    /// gives it (sums with other games, and the rest, are searched).
    fn alone(&self, heaps: &[UBig]) -> Option<Alone> {
        let _ = heaps;
        None
    }

    /// What `conjecture` states: the very claim of `period`, so that the two
    /// verbs agree on what is certified.
    fn conjecture(&self) -> Result<Conjecture> {
        Ok(self.period(None, "conjecture")?.conjecture())
    }
}

/// A certified period of a heap game and how it was established.
pub(crate) struct HeapPeriod {
    period: ArithmeticPeriod,
    /// How many values were computed (0 for a closed form).
    checked_to: u64,
    method: String,
}

impl HeapPeriod {
    /// A period proved by a closed form.
    fn closed_form(period: u64, saltus: u64, method: &str) -> HeapPeriod {
        HeapPeriod {
            period: ArithmeticPeriod {
                preperiod: 0,
                period,
                saltus,
            },
            checked_to: 0,
            method: method.into(),
        }
    }

    /// A period certified from computed values.
    fn of_periodic(periodic: &Periodic, method: String) -> HeapPeriod {
        HeapPeriod {
            period: ArithmeticPeriod {
                preperiod: periodic.preperiod,
                period: periodic.period,
                saltus: 0,
            },
            checked_to: periodic.checked_to,
            method,
        }
    }

    fn conjecture(&self) -> Conjecture {
        certified_heap_period(&self.period, self.checked_to, &self.method)
    }

    fn report(self, game: String) -> PeriodReport {
        PeriodReport {
            game,
            preperiod: self.period.preperiod,
            period: self.period.period,
            saltus: self.period.saltus,
            certified: true,
            checked_to: self.checked_to,
            method: self.method,
            stats: None,
        }
    }
}

/// The catalogue's entry of any [`HeapTheory`]: positions are heap sizes.
struct HeapEntry<G>(G);

impl<G: HeapTheory + HeapGame + Clone> Game for HeapEntry<G> {
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let heaps = at.numbers.clone();
        let (method, answer) = self.0.analyze(&heaps, &UBig::ZERO)?;
        let (value, moves) = answer;
        let moves = heap_moves(&self.0, &heaps, moves);
        Ok(Analysis::valued(self, heaps, value, moves, &method)
            .defended(|h| heap_defence(&self.0, h)))
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        heap_options(self, &self.0, at, |i, left| {
            heap_move(&self.0, &at.numbers, i, left[0].clone())
        })
    }

    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        heap_parts(at)
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let heaps = at.numbers.clone();
        let (method, (value, _)) = self.0.analyze(&heaps, &UBig::ZERO)?;
        let position = heaps.clone();
        let moves_to = move |target: &UBig| {
            let (_, (_, moves)) = self.0.analyze(&heaps, target)?;
            let mut moves = heap_moves(&self.0, &heaps, moves);
            sort_moves(&mut moves, &heaps);
            Ok(moves)
        };
        Ok(Component::new(position, value, method, moves_to))
    }

    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let heaps = at.numbers.clone();
        let tame = self.0.tame(&heaps);
        let every = self.0.every(&heaps);
        let alone = self.0.alone(&heaps);
        let mut summands = Summands::heaps(&self.0, heaps);
        summands.tame = tame;
        summands.every = every;
        summands.alone = alone;
        Ok(summands)
    }

    fn sequence(&self, of: SequenceOf, _: &mut dyn Monitor) -> Result<Sequence> {
        let count = of.count(self)?;
        let count = check_count(count)?;
        Ok(Sequence {
            game: self.spec(),
            terms: Terms::Values(self.0.values(count)),
            stats: None,
        })
    }

    fn period(&self, max_terms: Option<u64>, _: &mut dyn Monitor) -> Result<PeriodReport> {
        Ok(self.0.period(max_terms, "period")?.report(self.spec()))
    }

    fn conjecture(&self, _monitor: &mut dyn Monitor) -> Result<ConjectureReport> {
        Ok(single_report(self, self.0.conjecture()?))
    }
}

impl HeapTheory for Nim {
    fn spec(&self) -> String {
        "nim".into()
    }

    fn analyze(&self, heaps: &[UBig], target: &UBig) -> Result<(String, (UBig, Vec<HeapMove>))> {
        let method = "closed form (Bouton): the nim-sum of the heap sizes";
        Ok((method.into(), Nim::moves_to(self, heaps, target)))
    }

    fn values(&self, count: usize) -> Vec<Nimber> {
        stop::polling(0..count as u64).map(Nimber).collect()
    }

    fn heap_remoteness(&self, heap: &UBig) -> Option<HeapRemoteness> {
        Some(self.remoteness(heap))
    }

    fn period(&self, _max_terms: Option<u64>, _verb: &'static str) -> Result<HeapPeriod> {
        Ok(HeapPeriod::closed_form(1, 1, "closed form: G(n) = n"))
    }

    fn tame(&self, heaps: &[UBig]) -> Option<Tame<'_>> {
        let sizes = heaps.to_vec();
        Some(Tame {
            values: heaps.to_vec(),
            rule: "a Nim heap is itself".into(),
            move_to: Box::new(move |i, t| (*t < sizes[i]).then(|| t.clone())),
        })
    }

    /// Every-SG by [`Nim::every_sg`].
    fn every(&self, heaps: &[UBig]) -> Option<EveryForm> {
        let rule = "closed form: a Nim heap lasts one move (its suspense is 1), so the player to \
                    move wins by emptying every heap at once";
        Some(every_form(self, heaps, self.every_sg(heaps), rule.into()))
    }
}

impl HeapTheory for Bash {
    fn spec(&self) -> String {
        match self.overshoot() {
            true => format!("bash:{},overshoot", self.max()),
            false => format!("bash:{}", self.max()),
        }
    }

    /// `take 4`, or when overshooting to 0 `take 4 to 10` (every take from
    /// the heap's size to M empties it).
    fn takes(&self, from: &UBig, to: &UBig) -> String {
        let takes = Bash::takes(self, from, to);
        match takes.start() == takes.end() {
            true => format!("take {}", takes.start()),
            false => format!(
                "take {} to {}: a take past the heap empties it",
                takes.start(),
                takes.end()
            ),
        }
    }

    fn analyze(&self, heaps: &[UBig], target: &UBig) -> Result<(String, (UBig, Vec<HeapMove>))> {
        let method = "closed form: G(n) = n mod (M+1)";
        Ok((method.into(), Bash::moves_to(self, heaps, target)))
    }

    fn values(&self, count: usize) -> Vec<Nimber> {
        stop::polling(0..count as u64)
            .map(|n| Nimber(self.grundy_of(n)))
            .collect()
    }

    fn heap_remoteness(&self, heap: &UBig) -> Option<HeapRemoteness> {
        Some(self.remoteness(heap))
    }

    fn tame(&self, heaps: &[UBig]) -> Option<Tame<'_>> {
        let sizes = heaps.to_vec();
        Some(Tame {
            values: heaps.iter().map(|h| self.grundy(h)).collect(),
            rule: format!(
                "a heap of {} plays as the Nim heap n mod {}",
                HeapTheory::spec(self),
                Bash::period(self)
            ),
            move_to: Box::new(move |i, t| self.reduce_to(&sizes[i], t)),
        })
    }

    /// Every-SG by [`Bash::every_sg`].
    fn every(&self, heaps: &[UBig]) -> Option<EveryForm> {
        let rule = format!(
            "closed form: a heap n of {} lasts 2q + [r > 0] moves in Every-SG (its \
             suspense, n = q(M+1) + r), so the player to move wins when the largest is odd, \
             by taking r from every heap that lasts longest and 1 from every other heap",
            HeapTheory::spec(self)
        );
        Some(every_form(self, heaps, self.every_sg(heaps), rule))
    }

    /// The period `M + 1`, which the report holds in 64 bits.
    fn period(&self, _max_terms: Option<u64>, verb: &'static str) -> Result<HeapPeriod> {
        let period = u64::try_from(Bash::period(self)).map_err(|_| Error::Unsupported {
            verb,
            game: HeapTheory::spec(self),
            reason: "its period M+1 = 2^64 does not fit the report (G(n) = n mod 2^64)".into(),
        })?;
        Ok(HeapPeriod::closed_form(
            period,
            0,
            "closed form: G(n) = n mod (M+1)",
        ))
    }
}

impl HeapTheory for Subtraction {
    fn spec(&self) -> String {
        let amounts: Vec<String> = self.set().iter().map(u64::to_string).collect();
        format!("subtraction:{}", amounts.join(","))
    }

    /// From the certified period when it is found within
    /// [`search_budget`](subtraction_search_budget) values, else from the values `G(0..=h)` of the
    /// largest heap `h` by the rules when they are within it. A window can only
    /// repeat after `max S` values, so heaps up to `max S` are computed
    /// directly, without a period search (a heap below `min S` has value 0).
    fn analyze(&self, heaps: &[UBig], target: &UBig) -> Result<(String, (UBig, Vec<HeapMove>))> {
        let largest_heap = heaps.iter().max().cloned().unwrap_or(UBig::ZERO);
        let search = match u64::try_from(&largest_heap) {
            Ok(h) if h < self.largest() => h + 1,
            _ => subtraction_search_budget(self),
        };
        match self.periodic(search) {
            Ok(periodic) => Ok((
                subtraction_periodic_method(self, &periodic),
                Subtraction::analyze(self, &periodic, heaps, target),
            )),
            Err(values) => {
                let method = format!(
                    "Grundy values G(0..={largest_heap}) from the rules (each the mex over the \
                     amounts), then the nim-sum"
                );
                if let Some(answer) = self.analyze_reachable(heaps, REACHABLE_HEAPS, target) {
                    let method = format!(
                        "Grundy values of the heaps the position can reach, from the rules (each \
                         the mex over the amounts), then the nim-sum; the period is not known \
                         within {search} values"
                    );
                    return Ok((method, answer));
                }
                let answer = self.analyze_small(&values, heaps, target).ok_or_else(|| {
                    Error::Limit(format!(
                        "heap {largest_heap} of {} is beyond what analyze answers: no window of \
                         max S = {} values repeats within the first {search} values, so the period \
                         is not known, and heaps are computed from the rules below {search} only",
                        HeapTheory::spec(self),
                        self.largest()
                    ))
                })?;
                Ok((method, answer))
            }
        }
    }

    fn values(&self, count: usize) -> Vec<Nimber> {
        Subtraction::values(self, count, subtraction_search_budget(self))
    }

    /// From the remoteness certified arithmetic periodic within
    /// [`search_budget`](subtraction_search_budget) heaps, for a heap of at
    /// least `max S` (as `analyze` does, smaller heaps are left to the search:
    /// the period of a large set costs far more than they do).
    fn heap_remoteness(&self, heap: &UBig) -> Option<HeapRemoteness> {
        if *heap < UBig::from(self.largest()) {
            return None;
        }
        let lengths = self
            .remoteness_periodic(subtraction_search_budget(self))
            .ok()?;
        Some(HeapRemoteness {
            remoteness: lengths.value(heap),
            best_left: self.length_move(&lengths, heap),
        })
    }

    /// By [`Subtraction::every_sg`] within
    /// [`search_budget`](subtraction_search_budget) heaps, else the search
    /// answers (as it does when every heap is below a large `max S`, whose
    /// window is costly to certify).
    fn every(&self, heaps: &[UBig]) -> Option<EveryForm> {
        let largest = UBig::from(self.largest());
        if self.largest() > CHEAP_WINDOW && heaps.iter().all(|h| *h < largest) {
            return None;
        }
        let (every, lengths) = self.every_sg(heaps, subtraction_search_budget(self))?;
        let rule = format!(
            "Every-SG by Smith's theorem (Winning Ways ch. 9) on the heaps' suspense, certified \
             arithmetic periodic: x(n + {}) = x(n) + {} from heap {} (a window of max S = {} \
             suspenses repeated up to an even shift, which determines all later ones); the \
             player to move wins when the largest is odd; a winning move plays one listed move \
             in every heap that has a move, so that the largest suspense left is even",
            lengths.period,
            lengths.saltus,
            lengths.preperiod,
            self.largest()
        );
        Some(every_form(self, heaps, every, rule))
    }

    /// By [`Subtraction::misere_alone`] within
    /// [`search_budget`](subtraction_search_budget) heaps.
    fn alone(&self, heaps: &[UBig]) -> Option<Alone> {
        let (lost, moves, values) = self.misere_alone(heaps, subtraction_search_budget(self))?;
        Some(Alone {
            outcome: Outcome::from_p(lost),
            moves: heap_moves(self, heaps, moves),
            rule: format!(
                "a single heap by its misère Grundy value G-(n) (1 without a move, else the mex \
                 of its options' values; P exactly when 0), certified periodic: period {} from \
                 {} (a repeated window of max S = {} values, which determines all later ones)",
                values.period,
                values.preperiod,
                self.largest()
            ),
        })
    }

    /// The certified period, searched over at most `max_terms` values (the
    /// `period` verb's `--max`).
    fn period(&self, max_terms: Option<u64>, _verb: &'static str) -> Result<HeapPeriod> {
        let max_terms = max_terms.unwrap_or_else(|| subtraction_search_budget(self));
        let periodic = self.periodic(max_terms).map_err(|_| {
            Error::Limit(format!(
                "no repeated window of max S = {} values within the first {max_terms} values of {} \
                 (a repeat needs more than {} values); raise --max",
                self.largest(),
                HeapTheory::spec(self),
                self.largest()
            ))
        })?;
        Ok(HeapPeriod::of_periodic(
            &periodic,
            subtraction_window_method(self),
        ))
    }

    /// The period `period` certifies, or when none is found within
    /// [`search_budget`](subtraction_search_budget) values, what all those values show (said to
    /// be apparent): fewer values could suggest a period that the first heap
    /// beyond them breaks (`subtraction:9999999` is 0 up to 9999998).
    fn conjecture(&self) -> Result<Conjecture> {
        Ok(match self.periodic(subtraction_search_budget(self)) {
            Ok(periodic) => {
                HeapPeriod::of_periodic(&periodic, subtraction_window_method(self)).conjecture()
            }
            Err(values) => {
                let values: Vec<u64> = values.iter().map(|v| v.0).collect();
                heap_period(&values)
            }
        })
    }
}

/// How many values the period search of `analyze`, `sequence` and
/// `conjecture` computes: [`DEFAULT_PERIOD_SEARCH`], or fewer for a large
/// set, since a value costs one look-up per amount and the whole search at
/// most [`SUBTRACTION_WORK`] look-ups. (`period` computes what `--max` says.)
fn subtraction_search_budget(game: &Subtraction) -> u64 {
    let amounts = game.set().len() as u64;
    DEFAULT_PERIOD_SEARCH.min(SUBTRACTION_WORK / amounts)
}

/// The largest `max S` whose lengths of play are certified even for heaps
/// the search could answer (so that a sum with a game beyond the search still
/// has them): a window this small repeats after few heaps.
const CHEAP_WINDOW: u64 = 1024;

/// How `period` certifies a subtraction game.
fn subtraction_window_method(game: &Subtraction) -> String {
    format!(
        "first repeated window of max S = {} consecutive values, which determine all later ones",
        game.largest()
    )
}

/// The method of an answer read from the certified period.
fn subtraction_periodic_method(game: &Subtraction, periodic: &Periodic) -> String {
    format!(
        "certified period {} from {} (a repeated window of {} values), then the nim-sum",
        periodic.period,
        periodic.preperiod,
        game.largest()
    )
}

struct StaircaseEntry;

impl Game for StaircaseEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("number of coins").drawn(Board::Counters("stair"))
    }

    fn spec(&self) -> String {
        "staircase".into()
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let stairs = at.numbers.clone();
        let value = Staircase.grundy(&stairs);
        let moves = stair_moves(&stairs, Staircase.winning_moves(&stairs));
        Ok(Analysis::valued(
            self,
            stairs,
            value,
            moves,
            STAIRCASE_METHOD,
        ))
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let stairs = at.numbers.clone();
        let value = Staircase.grundy(&stairs);
        let position = stairs.clone();
        let moves_to = move |target: &UBig| {
            let mut moves = stair_moves(&stairs, Staircase.moves_to(&stairs, target));
            sort_moves(&mut moves, &stairs);
            Ok(moves)
        };
        Ok(Component::new(position, value, STAIRCASE_METHOD, moves_to))
    }

    /// Every amount from every stair, within [`PLAY_OPTIONS`] coins in all.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let stairs = at.small_numbers(self)?;
        if stairs.iter().sum::<u64>() > PLAY_OPTIONS as u64 {
            return Err(Error::Limit(format!(
                "play enumerates every move, at most {PLAY_OPTIONS}: a staircase of more coins has more"
            )));
        }
        let moves = stairs
            .iter()
            .enumerate()
            .flat_map(|(i, &coins)| {
                (1..=coins).map(move |c| StairMove {
                    stair: i + 1,
                    coins: UBig::from(c),
                })
            })
            .collect();
        Ok(applied(at, stair_moves(&at.numbers, moves)))
    }

    /// Each stair alone (an even stair is worth 0).
    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        (0..at.numbers.len())
            .map(|i| {
                let mut alone = vec![UBig::ZERO; at.numbers.len()];
                alone[i] = at.numbers[i].clone();
                (format!("stair {}", i + 1), Position::of_numbers(alone))
            })
            .collect()
    }

    /// The staircase is one summand, played by its rules; alone under misère
    /// play, by misère Nim on its odd stairs at any size ([`Staircase::misere`]).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let stairs = at.numbers.clone();
        let (is_p, moves) = Staircase.misere(&stairs);
        let alone = Alone {
            outcome: Outcome::from_p(is_p),
            moves: stair_moves(&stairs, moves),
            rule: "closed form: misère Nim on the odd-numbered stairs (a move from an even \
                   stair is undone by moving the same coins on, which never ends the game): P \
                   exactly when (an odd stair has 2 or more and their nim-sum is 0) or (every \
                   odd stair has at most 1 and their nim-sum is 1)"
                .into(),
        };
        let small: Option<Vec<u64>> = stairs.iter().map(|c| u64::try_from(c).ok()).collect();
        let mut summands = match small {
            Some(small) => Summands::whole(Staircase, small, stairs, |s: &Vec<u64>| {
                s.iter().map(|&c| UBig::from(c)).collect()
            }),
            // Alone, the closed form answers at any size.
            None => Summands::closed_only(stairs),
        };
        summands.alone = Some(alone);
        Ok(summands)
    }
}

/// A number beyond what the misère and Every-SG searches could reach.
pub(crate) fn beyond_convention_budget(n: &UBig) -> Error {
    Error::Limit(format!(
        "unknown: {n} is beyond the search budget of {} positions of misère play and Every-SG",
        crate::limits::CONVENTION_BUDGET
    ))
}

const STAIRCASE_METHOD: &str = "closed form: the nim-sum of the odd-numbered stairs";

/// Staircase moves as [`Move`]s.
fn stair_moves(stairs: &[UBig], moves: Vec<StairMove>) -> Vec<Move> {
    moves
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
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::catalog::{parse, ByWords, Quiet};

    /// Whether the bidder to move wins the auction of HDU 2149 at `price`:
    /// bids raise it by 1 to `most`, the first to reach `goal` wins. Searched
    /// over the bids themselves, prices below the goal first.
    fn bidder_wins(most: u64, goal: u64) -> Vec<bool> {
        let mut wins = vec![false; goal as usize];
        for price in (0..goal).rev() {
            wins[price as usize] =
                (1..=most).any(|bid| price + bid >= goal || !wins[(price + bid) as usize]);
        }
        wins
    }

    /// The bids a move description names: `take 4`, or `take 4 to 10: ...`.
    fn bids(description: &str) -> Vec<u64> {
        let takes = description.split("(take ").nth(1).unwrap();
        let number = |s: &str| s.trim_end_matches(')').parse::<u64>().unwrap();
        match takes.split_once(" to ") {
            Some((low, rest)) => (number(low)..=number(rest.split(':').next().unwrap())).collect(),
            None => vec![number(takes)],
        }
    }

    #[test]
    fn overshooting_bash_names_every_winning_bid_of_the_auction() {
        for most in 1..8u64 {
            let game = parse(&format!("bash:{most},overshoot")).unwrap();
            assert_eq!(game.spec(), format!("bash:{most},overshoot"));
            for goal in 1..25u64 {
                let wins = bidder_wins(most, goal);
                let expected: Vec<u64> = (1..=most)
                    .filter(|&bid| bid >= goal || !wins[bid as usize])
                    .collect();
                let a = game
                    .analyze_words(&[goal.to_string()], false, &mut Quiet)
                    .unwrap();
                let named: Vec<u64> = a
                    .winning_moves
                    .iter()
                    .flat_map(|m| bids(&m.description))
                    .collect();
                assert_eq!(named, expected, "N = {most}, M = {goal}");
                assert_eq!(
                    a.outcome == crate::game::Outcome::N,
                    wins[0],
                    "N = {most}, M = {goal}"
                );
            }
        }
    }

    #[test]
    fn bash_options_other_than_overshoot_are_refused() {
        for spec in [
            "bash:3,over",
            "bash:3,overshoot,overshoot",
            "bash:x,overshoot",
            "bash:0,overshoot",
        ] {
            let e = parse(spec).err().unwrap().to_string();
            assert!(e.starts_with(&format!("bad game spec '{spec}'")), "{e}");
        }
    }
}
