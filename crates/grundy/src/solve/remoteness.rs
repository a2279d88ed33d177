//! Smith's remoteness: how many moves a position lasts under optimal play,
//! the winner hurrying and the loser delaying.
//!
//! `R = 0` at a position without a move; a position with an option of even
//! remoteness (a P-position) is an N-position of remoteness `1 + min` over
//! those options; any other position is a P-position of remoteness `1 + max`
//! over all its options. So the remoteness is even exactly at P-positions,
//! and one search gives both the outcome and the length of the game.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use dashu_int::UBig;

use super::Cycle;
use crate::game::{options_cost, Impartial, Outcome};
use crate::stop;

/// Why a remoteness is not known.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Unsolved {
    /// The game is not short.
    #[error(transparent)]
    Cycle(#[from] Cycle),
    /// The search would examine more positions and options than its budget.
    #[error("the search needs more than {0} positions and options")]
    OverBudget(u64),
}

/// The remoteness of a single heap given by a game's theory, and the heap its
/// optimal move leaves (the hurrying move of an N-position, the delaying move
/// of a P-position; ties to the least heap left).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapRemoteness {
    /// The number of moves the game lasts under optimal play.
    pub remoteness: UBig,
    /// The heap the optimal move leaves (0: none); `None` for the empty heap.
    pub best_left: Option<UBig>,
}

/// The remoteness of an option, by its own remoteness: the rule of
/// [the module](self) folded one option at a time.
#[derive(Clone, Copy, Debug, Default)]
struct Fold {
    /// The least remoteness of an option that is a P-position (even).
    fastest_win: Option<u64>,
    /// The largest remoteness of any option.
    longest: Option<u64>,
}

impl Fold {
    fn add(&mut self, r: u64) {
        if r % 2 == 0 {
            self.fastest_win = Some(self.fastest_win.map_or(r, |w| w.min(r)));
        }
        self.longest = Some(self.longest.map_or(r, |l| l.max(r)));
    }

    fn remoteness(self) -> u64 {
        self.fastest_win.or(self.longest).map_or(0, |r| r + 1)
    }
}

/// The remoteness of a position whose options have remoteness `options`
/// (the rule of [the module](self)): 0 without a move.
pub fn remoteness_from(options: impl Iterator<Item = u64>) -> u64 {
    options
        .fold(Fold::default(), |mut fold, r| {
            fold.add(r);
            fold
        })
        .remoteness()
}

/// Remoteness of an [`Impartial`] game by memoised depth-first search.
///
/// Like [`Memo`](super::Memo) it keeps its own stack, so depth is bounded by
/// memory, reports a cycle instead of looping, and keeps what it found
/// between calls. Every position valued and every option examined costs one
/// unit of `budget`, and a call that would spend more fails with
/// [`Unsolved::OverBudget`] instead (what was valued before stays valid).
pub struct Remoteness<G: Impartial> {
    game: G,
    known: HashMap<G::Position, u64>,
    budget: u64,
    spent: u64,
}

/// A position under evaluation: its options, how many are already valued,
/// and what they say so far.
struct Frame<P> {
    position: P,
    options: Vec<P>,
    next: usize,
    fold: Fold,
}

impl<G: Impartial> Remoteness<G> {
    /// A search of `game` that examines at most `budget` positions and options in all.
    pub fn new(game: G, budget: u64) -> Self {
        Remoteness {
            game,
            known: HashMap::new(),
            budget,
            spent: 0,
        }
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The outcome of `position`, read from the parity of its remoteness.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, Unsolved> {
        self.remoteness(position)
            .map(|r| Outcome::from_p(r % 2 == 0))
    }

    /// The remoteness of `position`.
    pub fn remoteness(&mut self, position: &G::Position) -> Result<u64, Unsolved> {
        if let Some(&r) = self.known.get(position) {
            return Ok(r);
        }
        let mut on_path = HashSet::new();
        let mut stack = vec![self.frame(position.clone())?];
        on_path.insert(position.clone());
        while let Some(top) = stack.last_mut() {
            while let Some(&r) = top.options.get(top.next).and_then(|o| self.known.get(o)) {
                top.fold.add(r);
                top.next += 1;
            }
            if top.next == top.options.len() {
                let done = stack.pop().expect("the loop runs on a non-empty stack");
                on_path.remove(&done.position);
                self.known.insert(done.position, done.fold.remoteness());
            } else {
                let child = top.options[top.next].clone();
                if !on_path.insert(child.clone()) {
                    return Err(Cycle {
                        position: format!("{child:?}"),
                    }
                    .into());
                }
                let frame = self.frame(child)?;
                stack.push(frame);
            }
        }
        Ok(self.known[position])
    }

    /// The move a player makes at `position` under optimal play, with the
    /// remoteness of the position it reaches: at an N-position the hurrying
    /// move (to a P-position of least remoteness), at a P-position the
    /// delaying move (to an option of largest remoteness). Ties go to the
    /// least position reached; `None` when there is no move.
    pub fn best_move(
        &mut self,
        position: &G::Position,
    ) -> Result<Option<(G::Position, u64)>, Unsolved>
    where
        G::Position: Ord,
    {
        let r = self.remoteness(position)?;
        let mut best: Option<(G::Position, u64)> = None;
        for option in self.game.options(position) {
            let ro = self.remoteness(&option)?;
            let least = match &best {
                None => true,
                Some((b, _)) => option < *b,
            };
            if ro + 1 == r && least {
                best = Some((option, ro));
            }
        }
        Ok(best)
    }

    /// Spends one unit per position and per option (more for a large
    /// one: [`options_cost`]), before the work.
    fn frame(&mut self, position: G::Position) -> Result<Frame<G::Position>, Unsolved> {
        stop::poll();
        let Some(options) = self
            .game
            .options_within(&position, self.budget - self.spent)
        else {
            return Err(Unsolved::OverBudget(self.budget));
        };
        self.spent += options_cost(&options);
        Ok(Frame {
            position,
            options,
            next: 0,
            fold: Fold::default(),
        })
    }
}

/// Checks a closed form of the remoteness of a single heap against the search
/// over the rules, on every heap below `count`.
#[cfg(test)]
pub(crate) fn check_single_heap_remoteness<G: crate::game::HeapGame>(
    game: G,
    closed: impl Fn(&UBig) -> HeapRemoteness,
    count: u64,
) {
    let mut search = Remoteness::new(crate::game::Heaps(game), u64::MAX);
    for n in 0..count {
        let position = crate::game::Heaps::<G>::position(&[n]);
        let expected = HeapRemoteness {
            remoteness: UBig::from(search.remoteness(&position).unwrap()),
            best_left: search
                .best_move(&position)
                .unwrap()
                .map(|(left, _)| UBig::from(left.first().copied().unwrap_or(0))),
        };
        assert_eq!(closed(&UBig::from(n)), expected, "heap {n}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Memo;
    use proptest::prelude::*;

    /// A game on `0..n` given by its option lists; every option is smaller.
    #[derive(Clone, Debug)]
    struct Table(Vec<Vec<usize>>);
    impl Impartial for Table {
        type Position = usize;
        fn options(&self, &p: &usize) -> Vec<usize> {
            self.0[p].clone()
        }
    }

    /// The definition, read literally, by recursion.
    fn direct(game: &Table, p: usize) -> u64 {
        let rs: Vec<u64> = game.0[p].iter().map(|&o| direct(game, o)).collect();
        let wins = rs.iter().filter(|r| *r % 2 == 0).min();
        match (wins, rs.iter().max()) {
            (Some(w), _) => 1 + w,
            (None, Some(m)) => 1 + m,
            (None, None) => 0,
        }
    }

    fn random_game() -> impl Strategy<Value = Table> {
        proptest::collection::vec(proptest::collection::vec(any::<usize>(), 0..4), 1..14).prop_map(
            |lists| {
                Table(
                    lists
                        .into_iter()
                        .enumerate()
                        .map(|(p, list)| {
                            if p == 0 {
                                Vec::new()
                            } else {
                                list.into_iter().map(|o| o % p).collect()
                            }
                        })
                        .collect(),
                )
            },
        )
    }

    proptest! {
        #[test]
        fn search_agrees_with_the_definition_and_parity_with_the_outcome(game in random_game()) {
            let n = game.0.len();
            let expected: Vec<u64> = (0..n).map(|p| direct(&game, p)).collect();
            let outcomes: Vec<Outcome> = {
                let mut memo = Memo::new(Table(game.0.clone()));
                (0..n).map(|p| memo.outcome(&p).unwrap()).collect()
            };
            let mut search = Remoteness::new(game, u64::MAX);
            for p in (0..n).rev() {
                let r = search.remoteness(&p).unwrap();
                prop_assert_eq!(r, expected[p]);
                prop_assert_eq!(Outcome::from_p(r % 2 == 0), outcomes[p]);
                prop_assert_eq!(search.outcome(&p).unwrap(), outcomes[p]);
            }
        }

        #[test]
        fn the_best_move_is_the_least_option_that_keeps_the_remoteness(game in random_game()) {
            let n = game.0.len();
            let mut search = Remoteness::new(Table(game.0.clone()), u64::MAX);
            for p in 0..n {
                let r = direct(&game, p);
                let best = search.best_move(&p).unwrap();
                let fits = |o: usize| {
                    let ro = direct(&game, o);
                    ro + 1 == r && (r % 2 == 1) == (ro % 2 == 0)
                };
                let expected = game.0[p].iter().copied().filter(|&o| fits(o)).min();
                prop_assert_eq!(best.map(|(o, _)| o), expected);
                if let Some((o, ro)) = best {
                    prop_assert_eq!(ro, direct(&game, o));
                }
            }
        }
    }

    /// Take 1 or 2 from a heap: P at multiples of 3.
    struct TakeOneOrTwo;
    impl Impartial for TakeOneOrTwo {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<u64> {
            [1, 2].iter().filter(|&&s| s <= n).map(|s| n - s).collect()
        }
    }

    #[test]
    fn a_deep_path_does_not_overflow_the_stack() {
        let mut search = Remoteness::new(TakeOneOrTwo, u64::MAX);
        // The loser takes 1, the winner restores a multiple of 3: 2 moves per 3.
        assert_eq!(search.remoteness(&3_000_000).unwrap(), 2_000_000);
        assert_eq!(search.remoteness(&3_000_001).unwrap(), 2_000_001);
    }

    #[test]
    fn the_budget_stops_the_search_and_says_so() {
        // Heap 10 values 11 positions and examines 19 options: 30 units.
        assert_eq!(
            Remoteness::new(TakeOneOrTwo, 29).remoteness(&10),
            Err(Unsolved::OverBudget(29))
        );
        assert_eq!(Remoteness::new(TakeOneOrTwo, 30).remoteness(&10), Ok(7));
    }

    #[test]
    fn a_cycle_is_reported() {
        struct Loopy;
        impl Impartial for Loopy {
            type Position = u8;
            fn options(&self, &p: &u8) -> Vec<u8> {
                if p == 0 {
                    Vec::new()
                } else {
                    vec![p, 0]
                }
            }
        }
        assert!(matches!(
            Remoteness::new(Loopy, u64::MAX).remoteness(&1),
            Err(Unsolved::Cycle(_))
        ));
    }
}
