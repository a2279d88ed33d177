//! The play conventions other than normal play, for one game and for sums:
//! misère play (`--misere`: the player who makes the last move loses) and
//! Every-SG (`--every`: the player to move moves in every summand that still
//! has a move).
//!
//! Each game offers its [`Summands`] ([`Game::summands`]): the summands of a
//! position (each heap of a heap game, or the whole position), a closed form
//! where its theory has one, and its rules as a [`SummandGraph`] built within
//! [`CONVENTION_BUDGET`]. Misère play is answered by the first rule whose hypotheses
//! hold, each named in the method line:
//!
//! 1. every summand is tame with a known Nim-heap equivalent (Nim heaps, Bash
//!    heaps): Bouton's misère rule on the equivalents (Conway, On Numbers and
//!    Games ch. 12; Winning Ways ch. 13);
//! 2. no summand position that the sum can reach splits, and each of Grundy
//!    value 0 is terminal: the SJ theorem (anti-SG; Jia Zhihao 2009), which is Bouton's
//!    misère rule on the Grundy values;
//! 3. otherwise exhaustive misère search of the sum, memoised on canonical
//!    forms, within [`CONVENTION_BUDGET`];
//! 4. a sum of heaps of one heap game that the search does not settle: the
//!    misère quotient (Plambeck and Siegel) of the sums of heaps up to its
//!    largest heap ([`MisereQuotient`], built and verified within
//!    [`quotient_limits`]), which answers a sum of any number of heaps: its
//!    outcome from the P-portion, and each move's sum looked up in the same
//!    quotient. The search goes first because a quotient can cost far more
//!    than the sum (one Kayles heap of 30 is searched at once, while the
//!    quotient of heaps up to 30 is beyond the limits here); the quotient
//!    is computed afresh by each process, nothing is kept. Beyond both, the
//!    answer is "unknown", an error, never a verdict.
//!
//! Every-SG is answered by Smith's theorem on the summands' suspense: for
//! one summand with a closed form (Nim, Bash and subtraction heaps, Wythoff)
//! by that form, for any position size; otherwise from the rules
//! ([`every_sg`]) within [`CONVENTION_BUDGET`]; and for a sum beyond that
//! search whose summands all have closed forms, by the largest of their
//! suspenses, with one winning move listed of possibly many.

use crate::catalog::Position;
use dashu_int::UBig;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

use crate::analysis::misere_quotient::{MisereQuotient, QuotientError, QuotientLimits};
use crate::catalog::{in_part, Analysis, Game, Move, PartRef, SumPart};
use crate::error::{Error, Result};
use crate::game::{HeapGame, Outcome};
use crate::games::nim::{misere_is_p, misere_moves};
use crate::json::{Int, Ints, Polled};
use crate::limits::{
    CONVENTION_BUDGET, CONVENTION_QUOTIENT_CHECKS, CONVENTION_QUOTIENT_SEARCH,
    MISERE_SEQUENCE_LIMIT, QUOTIENT_HEAPS, QUOTIENT_ORDER,
};
use crate::solve::remoteness::Unsolved;
use crate::solve::summands::{every_sg, sj_hypothesis, MisereSearch, SummandGraph};

/// A play convention: who wins when no move is left (normal, misère) or
/// how a sum is played (Every-SG). Not to be confused with [`play`](super::play),
/// playing a game against the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Convention {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
    /// Every-SG: the player to move moves in every summand that has a move;
    /// the last move wins.
    Every,
}

impl Convention {
    /// The JSON's `play`: `"normal"`, `"misere"` or `"every"`.
    pub fn key(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
            Convention::Every => "every",
        }
    }

    /// For people: "normal play", "misère play", "Every-SG".
    pub fn words(self) -> &'static str {
        match self {
            Convention::Normal => "normal play",
            Convention::Misere => "misère play",
            Convention::Every => "Every-SG",
        }
    }
}

/// How a game's position splits into summands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Each coordinate is a heap, a summand of its own.
    Heaps,
    /// The position is one summand.
    Whole,
}

/// The rules of a summand as an explicit graph, and where the position's
/// summands are in it.
pub struct Built {
    /// The positions of the summands and their options.
    pub graph: SummandGraph,
    /// The node of each summand of the position.
    pub nodes: Vec<u32>,
    /// The coordinates of each node (a heap: its size).
    pub labels: Vec<Vec<UBig>>,
}

/// What summand `i` becomes to play as a given Nim heap, when one move does it.
type MoveTo<'a> = Box<dyn Fn(usize, &UBig) -> Option<UBig> + 'a>;

/// A closed form of misère play: each summand plays as a Nim heap.
pub struct Tame<'a> {
    /// The size of the Nim heap each summand plays as.
    pub values: Vec<UBig>,
    /// The theory, for the method line.
    pub rule: String,
    /// The coordinate summand `i` changes to for a Nim-heap equivalent of
    /// `t`, when one move does it.
    pub move_to: MoveTo<'a>,
}

/// A closed form of misère play of one game's position played alone (not
/// in a sum with other games).
pub struct Alone {
    /// Who wins.
    pub outcome: Outcome,
    /// Every winning move.
    pub moves: Vec<Move>,
    /// The theory, for the method line.
    pub rule: String,
}

/// Every-SG of a position in closed form: the steps, the moves (one per
/// summand) of one winning move, and the theory for the method line.
pub struct EveryForm {
    /// How many moves the game lasts (its largest suspense).
    pub steps: UBig,
    /// Every move of each summand that belongs to a winning move (a winning
    /// move plays one in every summand that has a move), or, for a game
    /// whose heaps have too many moves to list (Bash), one winning move.
    pub moves: Vec<Move>,
    /// The theory, for the method line.
    pub rule: String,
    /// For each summand that has a move, one move to an option that lasts
    /// one move less (its suspense minus one), whatever the parity: in a sum
    /// whose largest suspense is odd, these moves together are a winning
    /// move (each summand then lasts at most one less than the largest, and
    /// those that lasted longest an even number).
    pub lasting: Vec<Move>,
}

/// Misère play of a position alone through a misère quotient, computed when
/// asked: the verdict, or why the quotient was not found.
type ByQuotient<'a> = Box<dyn Fn() -> Result<Alone, String> + 'a>;

/// What a game offers the play conventions for one position.
pub struct Summands<'a> {
    /// The position.
    pub position: Vec<UBig>,
    /// How it splits into summands.
    pub layout: Layout,
    /// Misère play in closed form, where the theory gives it.
    pub tame: Option<Tame<'a>>,
    /// Misère play of the position alone in closed form, where the theory
    /// gives it (the sum with other games is searched).
    pub alone: Option<Alone>,
    /// Every-SG in closed form, where the theory gives it.
    pub every: Option<EveryForm>,
    /// Misère play of the position alone through the misère quotient of its
    /// heaps (heap games), for sums the search does not settle.
    pub quotient: Option<ByQuotient<'a>>,
    /// For a position that is one summand: its moves in the order of its
    /// options by the rules, as `analyze` writes them (graph games, whose
    /// moves are an edge cut or a vertex moved to); `None` writes a move as
    /// the coordinates it reaches.
    pub names: Option<Vec<Move>>,
    /// The rules as a graph holding at most `budget` positions and options
    /// (`None` beyond); an error when the rules themselves fail (a script).
    pub build: Box<dyn Fn(u64) -> Result<Option<Built>> + 'a>,
}

impl<'a> Summands<'a> {
    /// The summands of a heap game's position: the heaps, whose graph is
    /// every heap up to the largest.
    pub(crate) fn heaps<G: HeapGame + Clone>(game: &'a G, heaps: Vec<UBig>) -> Self {
        let by_quotient = {
            let heaps = heaps.clone();
            move || misere_by_quotient(game, &heaps, &quotient_limits())
        };
        let sizes: Option<Vec<u64>> = heaps.iter().map(|h| u64::try_from(h).ok()).collect();
        let build = move |budget: u64| {
            let Some(sizes) = sizes.clone() else {
                return Ok(None);
            };
            let largest = sizes.iter().copied().max().unwrap_or(0);
            let graph = SummandGraph::of_heaps(game, largest, budget);
            Ok(graph.map(|graph| Built {
                labels: (0..=largest).map(|h| vec![UBig::from(h)]).collect(),
                nodes: sizes.iter().map(|&h| h as u32).collect(),
                graph,
            }))
        };
        Summands {
            position: heaps,
            layout: Layout::Heaps,
            tame: None,
            alone: None,
            every: None,
            quotient: Some(Box::new(by_quotient)),
            names: None,
            build: Box::new(build),
        }
    }

    /// The summand of a game whose position is one summand, by its rules:
    /// every position reachable from it, coordinates written by `coordinates`.
    pub(crate) fn whole<G: crate::game::Impartial + 'a>(
        game: G,
        start: G::Position,
        position: Vec<UBig>,
        coordinates: impl Fn(&G::Position) -> Vec<UBig> + 'a,
    ) -> Self {
        Self::whole_checked(game, start, position, coordinates, |_| Ok(()))
    }

    /// Like [`Summands::whole`], for rules that can fail (a script):
    /// `check` says, after the rules were explored, whether they failed.
    pub(crate) fn whole_checked<G: crate::game::Impartial + 'a>(
        game: G,
        start: G::Position,
        position: Vec<UBig>,
        coordinates: impl Fn(&G::Position) -> Vec<UBig> + 'a,
        check: impl Fn(&G) -> Result<()> + 'a,
    ) -> Self {
        let build = move |budget: u64| {
            let explored = SummandGraph::explore(&game, std::slice::from_ref(&start), budget);
            check(&game)?;
            Ok(explored.map(|(graph, labels)| Built {
                graph,
                nodes: vec![0],
                labels: labels.iter().map(&coordinates).collect(),
            }))
        };
        Summands {
            build: Box::new(build),
            ..Summands::closed_only(position)
        }
    }

    /// A position answered only by its closed forms ([`Summands::alone`],
    /// [`Summands::every`]): its rules are beyond the budget, so a sum
    /// holding it is "unknown".
    pub(crate) fn closed_only(position: Vec<UBig>) -> Self {
        Summands {
            position,
            layout: Layout::Whole,
            tame: None,
            alone: None,
            every: None,
            quotient: None,
            names: None,
            build: Box::new(|_| Ok(None)),
        }
    }

    /// The same, whose moves are written as `names` (the moves of the
    /// start, in the order of its options by the rules).
    pub(crate) fn named(mut self, names: Vec<Move>) -> Self {
        self.names = Some(names);
        self
    }

    /// The move of summand `i` by its `k`-th option, which leaves `parts`.
    fn describe(&self, i: usize, k: usize, labels: &[Vec<UBig>], parts: &[u32]) -> Move {
        if let (Layout::Whole, Some(names)) = (self.layout, &self.names) {
            return names[k].clone();
        }
        let left: Vec<UBig> = parts
            .iter()
            .flat_map(|&p| labels[p as usize].iter().cloned())
            .collect();
        match self.layout {
            Layout::Heaps => heap_change(&self.position, i, left),
            Layout::Whole => {
                let changes = left.iter().enumerate().map(|(k, v)| (k, vec![v.clone()]));
                Move {
                    changes: changes.collect(),
                    description: format!("to {}", coordinates(&left)),
                    target: None,
                }
            }
        }
    }

    /// How many summands the position has.
    fn count(&self) -> usize {
        match self.layout {
            Layout::Heaps => self.position.len(),
            Layout::Whole => 1,
        }
    }

    /// Which of these summands move `m` plays in: the heap it changes, or
    /// the whole position.
    fn summand_of(&self, m: &Move) -> usize {
        match self.layout {
            Layout::Heaps => m.changes.first().map_or(0, |c| c.0),
            Layout::Whole => 0,
        }
    }
}

/// `(x, y, ...)`.
fn coordinates(values: &[UBig]) -> String {
    let parts: Vec<String> = values.iter().map(UBig::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The move that leaves the heaps `left` in place of heap `i`.
pub(crate) fn heap_change(heaps: &[UBig], i: usize, left: Vec<UBig>) -> Move {
    // Closed forms make one per heap of a position, which may hold millions.
    crate::stop::poll();
    let left = if left.is_empty() {
        vec![UBig::ZERO] // an empty heap stays in the position, as in normal play
    } else {
        left
    };
    let description = match left.as_slice() {
        [one] => format!(
            "heap {}: {} -> {} (take {})",
            i + 1,
            heaps[i],
            one,
            &heaps[i] - one
        ),
        many => {
            let parts: Vec<String> = many.iter().map(UBig::to_string).collect();
            format!("heap {}: {} -> {}", i + 1, heaps[i], parts.join(" + "))
        }
    };
    Move {
        changes: vec![(i, left)],
        description,
        target: None,
    }
}

/// A position of a sum under a play convention, found by some rule.
struct Verdict {
    outcome: Outcome,
    steps: Option<UBig>,
    /// By summand (`summand` of the flattened sum): its moves that win.
    moves: Vec<(usize, Move)>,
    method: String,
}

/// The message of a search cut by its budget.
fn unknown(what: &str) -> Error {
    Error::Limit(format!(
        "unknown: the search budget of {CONVENTION_BUDGET} positions and options (CONVENTION_BUDGET; \
         a position counts once per 64 bytes it holds) was exhausted ({what}); no verdict"
    ))
}

/// All the summands of `parts` as one graph, with the node of each summand
/// and, for each node, the part it belongs to and its coordinates.
struct Arena {
    graph: SummandGraph,
    /// For each summand of the sum: its part and its index in the part.
    owners: Vec<(usize, usize)>,
    nodes: Vec<u32>,
    labels: Vec<Vec<UBig>>,
}

fn arena(parts: &[Summands<'_>]) -> Result<Arena> {
    let mut arena = Arena {
        graph: SummandGraph::default(),
        owners: Vec::new(),
        nodes: Vec::new(),
        labels: Vec::new(),
    };
    for (p, part) in parts.iter().enumerate() {
        let left = CONVENTION_BUDGET.saturating_sub(arena.graph.len() as u64);
        let built = (part.build)(left)?.ok_or_else(|| unknown("building the summands' rules"))?;
        let offset = arena.graph.append(built.graph);
        arena.labels.extend(built.labels);
        for (i, node) in built.nodes.into_iter().enumerate() {
            arena.owners.push((p, i));
            arena.nodes.push(node + offset);
        }
    }
    Ok(arena)
}

/// Misère play of the sum of `parts` (see [the module](self)).
fn misere(parts: &[Summands<'_>]) -> Result<Verdict> {
    if let [Summands {
        alone: Some(alone), ..
    }] = parts
    {
        return Ok(alone_verdict(alone));
    }
    if parts.iter().all(|p| p.tame.is_some()) {
        return Ok(misere_tame(parts));
    }
    let arena = arena(parts)?;
    let values = arena
        .graph
        .grundy_values()
        .map_err(|e| Error::BadPosition(e.to_string()))?;
    if sj_hypothesis(&arena.graph, &values, &arena.nodes) {
        let value_list = |nodes: &[u32]| -> Vec<UBig> {
            nodes
                .iter()
                .map(|&n| UBig::from(values[n as usize]))
                .collect()
        };
        let is_p = |nodes: &[u32]| Ok::<_, Unsolved>(misere_is_p(&value_list(nodes)));
        return verdict_by(parts, &arena, is_p, SJ_METHOD.into()).map_err(search_error);
    }
    let over_budget = match searched(parts, &arena) {
        Err(Unsolved::OverBudget(_)) => unknown("the misère search of the sum"),
        settled => return settled.map_err(search_error),
    };
    match parts {
        [Summands {
            quotient: Some(by_quotient),
            ..
        }] => by_quotient()
            .map(|alone| alone_verdict(&alone))
            .map_err(|why| unknown(&format!("the misère search of the sum; and {why}"))),
        _ => Err(over_budget),
    }
}

/// The verdict of a closed form of one position alone.
fn alone_verdict(alone: &Alone) -> Verdict {
    Verdict {
        outcome: alone.outcome,
        steps: None,
        moves: alone.moves.iter().map(|m| (0, m.clone())).collect(),
        method: alone.rule.clone(),
    }
}

/// The method line of the SJ theorem.
const SJ_METHOD: &str = "the SJ theorem (anti-SG, Jia Zhihao 2009), whose hypothesis holds: no \
    summand position the sum can reach splits, and each of Grundy value 0 has no move; so \
    Bouton's misère rule on the Grundy values: P exactly when (a summand has value 2 or more \
    and the nim-sum is 0) or (none has and the nim-sum is 1)";

/// An error of the misère search that is not its budget, or the budget's
/// "unknown".
fn search_error(e: Unsolved) -> Error {
    match e {
        Unsolved::OverBudget(_) => unknown("the misère search of the sum"),
        Unsolved::Cycle(c) => Error::BadPosition(c.to_string()),
    }
}

/// Misère play of the sum by exhaustive search of its own tree.
fn searched(parts: &[Summands<'_>], arena: &Arena) -> Result<Verdict, Unsolved> {
    let mut search = MisereSearch::new(&arena.graph, CONVENTION_BUDGET);
    let is_p = |nodes: &[u32]| search.outcome(nodes).map(|o| o == Outcome::P);
    let method = format!(
        "exhaustive misère search of the sum's own tree, memoised on sorted summands, within \
         {CONVENTION_BUDGET} positions and options (no misère theory applies: a summand is not tame with a \
         known Nim-heap equivalent, and the SJ theorem does not apply: a summand position of \
         Grundy value 0 with a move, or a split, can be reached)"
    );
    verdict_by(parts, arena, is_p, method)
}

/// The outcome of the sum of `arena`'s summands and every winning move, by
/// `is_p`, which tells whether a sum of its nodes is a misère P-position.
fn verdict_by<E>(
    parts: &[Summands<'_>],
    arena: &Arena,
    mut is_p: impl FnMut(&[u32]) -> Result<bool, E>,
    method: String,
) -> Result<Verdict, E> {
    let outcome = Outcome::from_p(is_p(&arena.nodes)?);
    let mut moves = Vec::new();
    if outcome == Outcome::N {
        for (s, &node) in arena.nodes.iter().enumerate() {
            for (k, parts_left) in arena.graph.options(node).iter().enumerate() {
                let mut after = arena.nodes.clone();
                after.remove(s);
                after.extend_from_slice(parts_left);
                if is_p(&after)? {
                    let (p, i) = arena.owners[s];
                    moves.push((s, parts[p].describe(i, k, &arena.labels, parts_left)));
                }
            }
        }
    }
    Ok(Verdict {
        outcome,
        steps: None,
        moves,
        method,
    })
}

/// The limits of a misère quotient computed for `analyze`: tighter than
/// those of `period --misere`, whose checks of sums can take gigabytes.
pub(crate) fn quotient_limits() -> QuotientLimits {
    QuotientLimits {
        order: QUOTIENT_ORDER,
        search: CONVENTION_QUOTIENT_SEARCH,
        checks: CONVENTION_QUOTIENT_CHECKS,
    }
}

/// Misère play of the sum of `heaps` of one heap game through the misère
/// quotient of the sums of heaps up to its largest (Plambeck and Siegel),
/// built and verified within `limits`: the outcome from the P-portion,
/// and every winning move, each move's sum looked up in the same quotient.
/// `Err` says why the quotient was not found.
pub(crate) fn misere_by_quotient<G: HeapGame + Clone>(
    game: &G,
    heaps: &[UBig],
    limits: &QuotientLimits,
) -> Result<Alone, String> {
    let beyond = || format!("misère quotients are computed for heaps up to {QUOTIENT_HEAPS}");
    let sizes: Vec<u64> = heaps
        .iter()
        .map(|h| u64::try_from(h).ok().filter(|&h| h <= QUOTIENT_HEAPS))
        .collect::<Option<_>>()
        .ok_or_else(beyond)?;
    let largest = sizes.iter().copied().max().unwrap_or(0);
    let mut reached = 0;
    let quotient = MisereQuotient::compute_within(game, largest, limits, &mut |n| reached = n)
        .map_err(|e| match e {
            QuotientError::Limit(_) => format!(
                "the misère quotient of heaps up to {largest} is beyond the limits analyze \
                 gives it (learning stopped at heaps up to {reached}; period --misere has larger \
                 ones)"
            ),
            other => other.to_string(),
        })?;
    let outcome = quotient.outcome(&sizes).map_err(|e| e.to_string())?;
    let moves = if outcome == Outcome::P {
        Vec::new()
    } else {
        let found = quotient
            .winning_moves(game, &sizes)
            .map_err(|e| e.to_string())?;
        found
            .into_iter()
            .map(|(i, left)| heap_change(heaps, i, left.into_iter().map(UBig::from).collect()))
            .collect()
    };
    Ok(Alone {
        outcome,
        moves,
        rule: format!(
            "misère quotient of heaps up to {largest} (Plambeck-Siegel), verified: order {}, \
             P-portion of {}, {}; P exactly when the sum's element is in the P-portion, each \
             move's sum looked up in the same quotient (the misère search of the sum within \
             {CONVENTION_BUDGET} positions and options did not settle it)",
            quotient.order(),
            quotient.p_portion().len(),
            quotient.method()
        ),
    })
}

/// Bouton's misère rule on the Nim-heap equivalents of tame summands.
fn misere_tame(parts: &[Summands<'_>]) -> Verdict {
    let tames: Vec<&Tame<'_>> = parts.iter().filter_map(|p| p.tame.as_ref()).collect();
    let mut owners = Vec::new();
    for (p, tame) in tames.iter().enumerate() {
        owners.extend((0..tame.values.len()).map(|i| (p, i)));
    }
    let values: Vec<UBig> = tames
        .iter()
        .flat_map(|t| t.values.iter().cloned())
        .collect();
    let (is_p, heap_moves) = misere_moves(&values, |s, target| {
        let (p, i) = owners[s];
        (tames[p].move_to)(i, target)
    });
    let moves = heap_moves
        .into_iter()
        .map(|m| {
            let (p, i) = owners[m.heap];
            (m.heap, heap_change(&parts[p].position, i, vec![m.to]))
        })
        .collect();
    let mut rules: Vec<&str> = tames.iter().map(|t| t.rule.as_str()).collect();
    rules.dedup();
    Verdict {
        outcome: Outcome::from_p(is_p),
        steps: None,
        moves,
        method: format!(
            "Bouton's misère rule on the Nim heaps the summands play as (sums of tame games play \
             as misère Nim: Conway, On Numbers and Games ch. 12): P exactly when (a heap has 2 or \
             more and the nim-sum is 0) or (every heap has at most 1 and the nim-sum is 1); {}",
            rules.join("; ")
        ),
    }
}

/// Every-SG of the sum of `parts`: Smith's theorem on the summands' suspense.
fn every(parts: &[Summands<'_>]) -> Result<Verdict> {
    if let [only] = parts {
        if let Some(form) = &only.every {
            return Ok(Verdict {
                outcome: Outcome::from_p(&form.steps % 2u8 == 0),
                steps: Some(form.steps.clone()),
                moves: form
                    .moves
                    .iter()
                    .map(|m| (only.summand_of(m), m.clone()))
                    .collect(),
                method: form.rule.clone(),
            });
        }
    }
    let arena = match arena(parts) {
        Ok(arena) => arena,
        Err(beyond) => return every_by_closed_forms(parts).ok_or(beyond),
    };
    let steps = arena
        .graph
        .every_steps()
        .map_err(|e| Error::BadPosition(e.to_string()))?;
    let answer = every_sg(&arena.graph, &steps, &arena.nodes);
    let mut moves = Vec::new();
    for (s, winning) in answer.winning.iter().enumerate() {
        let (p, i) = arena.owners[s];
        let options = arena.graph.options(arena.nodes[s]);
        for &k in winning {
            moves.push((s, parts[p].describe(i, k, &arena.labels, &options[k])));
        }
    }
    Ok(Verdict {
        outcome: answer.outcome,
        steps: Some(UBig::from(answer.steps)),
        moves,
        method: format!(
            "Every-SG by Smith's theorem (Winning Ways ch. 9): the sum lasts as long as its \
             longest summand, each played by its suspense (the winner of a summand makes it last, \
             the loser ends it), computed from the rules within {CONVENTION_BUDGET} positions and \
             options; the player to move wins when the largest is odd; a winning move plays one \
             listed move in every summand that has a move, so that the largest suspense left is \
             even"
        ),
    })
}

/// Every-SG of a sum the search cannot build, when every part has a closed
/// form: the largest of their steps, and one winning move (each summand
/// moved by its [`lasting`](EveryForm::lasting) move), said to be one of
/// possibly many.
fn every_by_closed_forms(parts: &[Summands<'_>]) -> Option<Verdict> {
    let forms: Vec<&EveryForm> = parts
        .iter()
        .map(|p| p.every.as_ref())
        .collect::<Option<_>>()?;
    let steps = forms
        .iter()
        .map(|f| f.steps.clone())
        .max()
        .unwrap_or(UBig::ZERO);
    let mut moves = Vec::new();
    if &steps % 2u8 == 1 {
        let mut first = 0;
        for (part, form) in parts.iter().zip(&forms) {
            for m in &form.lasting {
                moves.push((first + part.summand_of(m), m.clone()));
            }
            first += part.count();
        }
    }
    Some(Verdict {
        outcome: Outcome::from_p(&steps % 2u8 == 0),
        steps: Some(steps),
        moves,
        method: format!(
            "Every-SG by Smith's theorem (Winning Ways ch. 9) on the summands' suspense, each \
             from its game's closed form (as analyze of that component alone with --every states \
             it; the sum is beyond the search's {CONVENTION_BUDGET} positions and options): the \
             sum lasts as long as its longest summand, and the player to move wins when that is \
             odd; ONE winning move is listed, of possibly many: every summand that has a move \
             moved to an option that lasts one move less"
        ),
    })
}

/// The analysis of one game's position under `play` (misère or Every-SG).
pub fn analyze_convention(game: &dyn Game, at: &Position, play: Convention) -> Result<Analysis> {
    convention_analysis(game, game.summands(at)?, play)
}

/// The analysis of the position `summands` of `game` under `play`.
fn convention_analysis(
    game: &dyn Game,
    summands: Summands<'_>,
    play: Convention,
) -> Result<Analysis> {
    let verdict = match play {
        Convention::Misere => misere(std::slice::from_ref(&summands))?,
        Convention::Every => every(std::slice::from_ref(&summands))?,
        Convention::Normal => unreachable!("normal play is analyze itself"),
    };
    let moves = verdict.moves.into_iter().map(|(_, m)| m).collect();
    let mut analysis = Analysis::new(
        game,
        summands.position.clone(),
        verdict.outcome,
        None,
        moves,
        &verdict.method,
    );
    if play == Convention::Misere {
        analysis = analysis.sorted();
    }
    // Parallel edges, or two move families of a two-pile game, can give
    // distinct options that are one move.
    let mut seen = Vec::new();
    analysis.winning_moves.retain(|m| {
        let new = !seen.contains(m);
        if new {
            seen.push(m.clone());
        }
        new
    });
    analysis.play = play;
    analysis.steps = verdict.steps;
    Ok(analysis)
}

/// The answer of `analyze` on a sum under misère play or Every-SG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConventionSum {
    /// The convention.
    pub play: Convention,
    /// Each component: its game and position.
    pub components: Vec<(String, Vec<UBig>)>,
    /// Who wins.
    pub outcome: Outcome,
    /// Every-SG: how many moves the sum lasts (the largest suspense).
    pub steps: Option<UBig>,
    /// Misère: every winning move; Every-SG: for each summand, the moves
    /// that belong to a winning move. Each is a component and that
    /// component's position after the move.
    pub winning_moves: Vec<crate::catalog::SumMove>,
    /// How the answer was found.
    pub method: String,
}

/// Misère play or Every-SG of the sum of `parts`.
pub fn analyze_convention_sum(parts: &[SumPart], play: Convention) -> Result<ConventionSum> {
    let parts: Vec<PartRef<'_>> = parts.iter().map(SumPart::as_ref).collect();
    convention_sum_of(&parts, play)
}

/// [`analyze_convention_sum`] of borrowed parts.
pub(crate) fn convention_sum_of(parts: &[PartRef<'_>], play: Convention) -> Result<ConventionSum> {
    let mut summands = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let summand = part.game.summands(part.at);
        summands.push(summand.map_err(|e| in_part(i, part.words, e))?);
    }
    let verdict = match play {
        Convention::Misere => misere(&summands)?,
        Convention::Every => every(&summands)?,
        Convention::Normal => unreachable!("normal play is analyze_sum itself"),
    };
    let owners: Vec<usize> = summands
        .iter()
        .enumerate()
        .flat_map(|(p, s)| std::iter::repeat(p).take(s.count()))
        .collect();
    let mut winning_moves: Vec<crate::catalog::SumMove> = verdict
        .moves
        .into_iter()
        .map(|(s, m)| {
            let c = owners[s];
            crate::catalog::SumMove {
                component: c,
                to: m.apply(&summands[c].position),
                description: m.description,
            }
        })
        .collect();
    winning_moves.sort_by(|a, b| (a.component, &a.to).cmp(&(b.component, &b.to)));
    Ok(ConventionSum {
        play,
        components: parts
            .iter()
            .zip(&summands)
            .map(|(part, s)| (part.game.spec(), s.position.clone()))
            .collect(),
        outcome: verdict.outcome,
        steps: verdict.steps,
        winning_moves,
        method: verdict.method,
    })
}

impl Serialize for ConventionSum {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("game", "sum")?;
        map.serialize_entry("play", self.play.key())?;
        map.serialize_entry("components", &PlayComponents(&self.components))?;
        map.serialize_entry("outcome", self.outcome.letter())?;
        if let Some(steps) = &self.steps {
            map.serialize_entry("steps", &Int(steps))?;
        }
        map.serialize_entry("grundy", &None::<u8>)?;
        map.serialize_entry(
            "winning_moves",
            &super::sum::SumMovesJson(&self.winning_moves),
        )?;
        map.serialize_entry("method", &self.method)?;
        map.end()
    }
}

struct PlayComponents<'a>(&'a [(String, Vec<UBig>)]);

impl Serialize for PlayComponents<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for (game, position) in self.0 {
            seq.serialize_element(&PlayComponent(game, position))?;
        }
        seq.end()
    }
}

struct PlayComponent<'a>(&'a str, &'a [UBig]);

impl Serialize for PlayComponent<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("game", self.0)?;
        map.serialize_entry("position", &Ints(self.1))?;
        map.end()
    }
}

/// The answer of `sequence --misere`: the misère Grundy value of each heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereSequence {
    /// The canonical spec.
    pub game: String,
    /// `G-(0), G-(1), ...`: the misère Grundy values (a heap is a misère
    /// P-position exactly when its value is 0).
    pub values: Vec<UBig>,
    /// How they were found.
    pub method: String,
}

/// The misère Grundy values `G-(0..count)` of single heaps of a heap game:
/// from the tame closed form (the Nim-heap equivalent `v`, with 0 and 1
/// swapped: the genera `0^120` and `1^031` have `γ0` 1 and 0, and `a^a` has
/// `a`), else from the rules within [`CONVENTION_BUDGET`].
pub fn misere_sequence(game: &dyn Game, count: u64) -> Result<MisereSequence> {
    if count == 0 || count > MISERE_SEQUENCE_LIMIT {
        return Err(Error::Limit(format!(
            "--count {count}: sequence --misere computes 1 to {MISERE_SEQUENCE_LIMIT} values in one \
             call"
        )));
    }
    let summands = game.summands(&Position::heaps(0..count.max(1)))?;
    if summands.layout != Layout::Heaps {
        return Err(crate::catalog::unsupported(
            game.spec(),
            "sequence --misere",
            "it is not played on heaps",
        ));
    }
    let (values, method) = match &summands.tame {
        Some(tame) => {
            let swap = |v: &UBig| {
                if *v <= UBig::ONE {
                    v ^ UBig::ONE
                } else {
                    v.clone()
                }
            };
            (
                tame.values.iter().map(swap).collect(),
                format!(
                    "closed form: the Nim heap v each heap plays as ({}), with 0 and 1 swapped",
                    tame.rule
                ),
            )
        }
        None => {
            let built = (summands.build)(CONVENTION_BUDGET)?
                .ok_or_else(|| unknown("building the rules of the heaps; lower --count"))?;
            let values = built
                .graph
                .misere_values()
                .map_err(|e| Error::BadPosition(e.to_string()))?
                .ok_or_else(|| {
                    crate::catalog::unsupported(
                        game.spec(),
                        "sequence --misere",
                        "a move splits a heap, and the misère value of a sum is not a function \
                         of its parts' values",
                    )
                })?;
            (
                values.into_iter().map(UBig::from).collect(),
                "from the rules: 1 without a move, else the mex of the options' values".into(),
            )
        }
    };
    let mut values: Vec<UBig> = values;
    values.truncate(count as usize);
    Ok(MisereSequence {
        game: game.spec(),
        values,
        method,
    })
}

impl Serialize for MisereSequence {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("play", Convention::Misere.key())?;
        map.serialize_entry("values", &Ints(&self.values))?;
        let outcomes: Vec<&str> = self
            .values
            .iter()
            .map(|v| Outcome::from_p(*v == UBig::ZERO).letter())
            .collect();
        map.serialize_entry("outcomes", &Polled(&outcomes))?;
        map.serialize_entry("method", &self.method)?;
        map.end()
    }
}

#[cfg(test)]
mod tests;
