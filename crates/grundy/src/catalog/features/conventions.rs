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

use crate::catalog::kit::summands::{heap_change, Alone, EveryForm, Layout, Summands, Tame};
use crate::catalog::{in_part, Analysis, Convention, Game, Move, PartRef, SumPart};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::games::nim::{misere_is_p, misere_moves};
use crate::json::{Int, Ints, Polled};
use crate::limits::{CONVENTION_BUDGET, GENUS_BUDGET, MISERE_SEQUENCE_LIMIT};
use crate::solve::genus::{genera, genera_within, Genus, Profile};
use crate::solve::remoteness::Unsolved;
use crate::solve::summands::{every_sg, sj_hypothesis, MisereSearch, SummandGraph};

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

/// The [`Arena`] of `parts`, their rules built within `budget` positions and
/// options in all.
fn arena(parts: &[Summands<'_>], budget: u64) -> Result<Arena> {
    let mut arena = Arena {
        graph: SummandGraph::default(),
        owners: Vec::new(),
        nodes: Vec::new(),
        labels: Vec::new(),
    };
    for (p, part) in parts.iter().enumerate() {
        let left = budget.saturating_sub(arena.graph.len() as u64);
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
    let arena = arena(parts, CONVENTION_BUDGET)?;
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

/// The genus of the sum of `parts` and whether it is tame (see [`genera`]):
/// from the Nim heaps the summands play as when all are tame (their sum is
/// tame and plays as misère Nim), else by the rules within
/// [`GENUS_BUDGET`]; `None` beyond, or when the rules are not a graph (a
/// closed form alone answers).
fn profile_of(parts: &[Summands<'_>]) -> Option<Profile> {
    let tames: Option<Vec<&Tame<'_>>> = parts.iter().map(|p| p.tame.as_ref()).collect();
    if let Some(tames) = tames {
        let values: Vec<&UBig> = tames.iter().flat_map(|t| t.values.iter()).collect();
        let sum = values.iter().fold(UBig::ZERO, |acc, &v| acc ^ v);
        let large = values.iter().any(|&v| *v > UBig::ONE);
        return u64::try_from(&sum).ok().map(|g| Profile {
            genus: Genus::of_nim(g, large),
            tame: true,
        });
    }
    let arena = arena(parts, GENUS_BUDGET).ok()?;
    let mut found = genera(&arena.graph, &[arena.nodes], GENUS_BUDGET).ok()?;
    found.pop()
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
    let arena = match arena(parts, CONVENTION_BUDGET) {
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
        analysis.profile = profile_of(std::slice::from_ref(&summands));
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
    /// Misère play: the sum's genus and whether it is tame, where the
    /// theory or the search within its budget finds them.
    pub profile: Option<Profile>,
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
        profile: (play == Convention::Misere)
            .then(|| profile_of(&summands))
            .flatten(),
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
        if let Some(profile) = &self.profile {
            map.serialize_entry("genus", &profile.genus.to_string())?;
            map.serialize_entry("tame", &profile.tame)?;
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

/// The answer of `sequence --misere`: the misère Grundy value and the genus
/// of each heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereSequence {
    /// The canonical spec.
    pub game: String,
    /// `G-(0), G-(1), ...`: the misère Grundy values (a heap is a misère
    /// P-position exactly when its value is 0).
    pub values: Vec<UBig>,
    /// The genus of each heap (its first exponent is the value) and whether
    /// the heap is tame, where the budget allows them.
    pub profiles: Option<Vec<Profile>>,
    /// How they were found.
    pub method: String,
}

/// The misère Grundy values `G-(0..count)` of single heaps of a heap game
/// and their genera: from the tame closed form (the Nim-heap equivalent `v`:
/// genus `0^120`, `1^031` or `v^(v, v xor 2)`), else from the rules within
/// [`CONVENTION_BUDGET`] ([`genera`]; the values alone, without the genus,
/// when only they fit and no move splits a heap).
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
    let Some(tame) = &summands.tame else {
        return misere_sequence_by_rules(game, &summands);
    };
    let profiles: Vec<Profile> = tame
        .values
        .iter()
        .map(|v| {
            let v = u64::try_from(v).expect("a heap below the count plays as a small Nim heap");
            Profile {
                genus: Genus::of_nim(v, v > 1),
                tame: true,
            }
        })
        .collect();
    Ok(MisereSequence {
        game: game.spec(),
        values: profiles
            .iter()
            .map(|p| UBig::from(p.genus.misere_value()))
            .collect(),
        profiles: Some(profiles),
        method: format!(
            "closed form: the Nim heap v each heap plays as ({}), with 0 and 1 swapped",
            tame.rule
        ),
    })
}

/// [`misere_sequence`] of a game without a closed form, by its rules.
fn misere_sequence_by_rules(game: &dyn Game, summands: &Summands<'_>) -> Result<MisereSequence> {
    let count = summands.position.len();
    let built = (summands.build)(CONVENTION_BUDGET)?
        .ok_or_else(|| unknown("building the rules of the heaps; lower --count"))?;
    let heaps: Vec<Vec<u32>> = built.nodes.iter().map(|&n| vec![n]).collect();
    let (values, profiles, method) = match genera_within(&built.graph, &heaps, CONVENTION_BUDGET) {
        Ok(profiles) if profiles.len() == count => (
            profiles.iter().map(|p| p.genus.misere_value()).collect(),
            Some(profiles),
            GENUS_METHOD.to_string(),
        ),
        Err(Unsolved::Cycle(c)) => return Err(Error::BadPosition(c.to_string())),
        short => {
            let fit = short.map_or(0, |profiles| profiles.len());
            let values = built
                .graph
                .misere_values()
                .map_err(|e| Error::BadPosition(e.to_string()))?
                .ok_or_else(|| unknown(&genus_beyond(count, fit)))?;
            let method = format!(
                "from the rules: 1 without a move, else the mex of the options' values (the \
                 genus of the heaps is beyond the search's {CONVENTION_BUDGET} positions and \
                 options; lower --count for it)"
            );
            (values, None, method)
        }
    };
    Ok(MisereSequence {
        game: game.spec(),
        values: values.into_iter().map(UBig::from).collect(),
        profiles,
        method,
    })
}

/// What was beyond the budget when the genus of heaps `0..count` of a game
/// whose moves split heaps was not found: the sums of the first `fit`
/// heaps were within it.
fn genus_beyond(count: usize, fit: usize) -> String {
    let what = format!(
        "the genus of heaps 0..{}, whose moves split heaps",
        count - 1
    );
    match fit {
        0 => format!("{what}; lower --count"),
        _ => format!(
            "{what}; the sums of heaps 0..{} fit: --count {fit}",
            fit - 1
        ),
    }
}

/// The method line of genera found by the rules.
const GENUS_METHOD: &str = "from the rules: each heap's genus g^(γ0 γ1 ...), γk being the \
    misère Grundy value (1 without a move, else the mex of the options') of the heap plus k Nim \
    heaps of 2, computed over every sum the heaps reach until a whole layer of values repeats \
    the one two before it, which proves that the last two exponents alternate forever";

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
        if let Some(profiles) = &self.profiles {
            let written: Vec<String> = profiles.iter().map(|p| p.genus.to_string()).collect();
            map.serialize_entry("genus", &Polled(&written))?;
            let tame: Vec<bool> = profiles.iter().map(|p| p.tame).collect();
            map.serialize_entry("tame", &Polled(&tame))?;
        }
        map.serialize_entry("method", &self.method)?;
        map.end()
    }
}

#[cfg(test)]
mod tests;
