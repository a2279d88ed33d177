//! What a game's adapter offers the play conventions ([`Game::summands`](crate::catalog::Game::summands)):
//! the summands of a position, the closed forms of misère play and Every-SG
//! its theory gives, and its rules as a graph to search. The conventions
//! themselves (which rule answers, sums of games) are the `conventions`
//! feature, above the adapters.

use dashu_int::UBig;

use crate::analysis::misere_quotient::{MisereQuotient, QuotientError, QuotientLimits};
use crate::catalog::Move;
use crate::error::Result;
use crate::game::{HeapGame, Outcome};
use crate::limits::{
    CONVENTION_BUDGET, CONVENTION_QUOTIENT_CHECKS, CONVENTION_QUOTIENT_SEARCH, QUOTIENT_HEAPS,
};
use crate::solve::summands::SummandGraph;

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
    pub(crate) fn describe(&self, i: usize, k: usize, labels: &[Vec<UBig>], parts: &[u32]) -> Move {
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
    pub(crate) fn count(&self) -> usize {
        match self.layout {
            Layout::Heaps => self.position.len(),
            Layout::Whole => 1,
        }
    }

    /// Which of these summands move `m` plays in: the heap it changes, or
    /// the whole position.
    pub(crate) fn summand_of(&self, m: &Move) -> usize {
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

/// The limits of a misère quotient computed for `analyze`: tighter than
/// those of `period --misere`, whose checks of sums can take gigabytes.
pub(crate) fn quotient_limits() -> QuotientLimits {
    QuotientLimits {
        search: CONVENTION_QUOTIENT_SEARCH,
        checks: CONVENTION_QUOTIENT_CHECKS,
        ..QuotientLimits::default()
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
