//! Memoised search, without recursion.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use crate::game::{Impartial, Outcome};
use crate::nimber::{mex, Nimber};
use crate::stop;

/// The game is not short: a position was reached again from itself.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("the game has a cycle: position {position} can be reached from itself, so it has no Grundy value")]
pub struct Cycle {
    /// The repeated position, formatted with `Debug`.
    pub position: String,
}

/// Grundy values of an [`Impartial`] game by memoised depth-first search.
///
/// The search keeps its own stack of positions under evaluation, so depth is
/// limited by memory, not by the thread's stack. Values are kept between calls:
/// asking for many positions of one game reuses all earlier work.
pub struct Memo<G: Impartial> {
    game: G,
    values: HashMap<G::Position, Nimber>,
}

/// A position under evaluation: its options and how many are already valued.
struct Frame<P> {
    position: P,
    options: Vec<P>,
    next: usize,
}

impl<G: Impartial> Memo<G> {
    /// A solver for `game` with nothing computed yet.
    pub fn new(game: G) -> Self {
        Memo {
            game,
            values: HashMap::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions have been valued so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing has been valued yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The outcome of `position`.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome, Cycle> {
        self.grundy(position).map(Outcome::of)
    }

    /// The Grundy value of `position`: the mex of the values of its options.
    pub fn grundy(&mut self, position: &G::Position) -> Result<Nimber, Cycle> {
        if let Some(&v) = self.values.get(position) {
            return Ok(v);
        }
        let mut on_path = HashSet::new();
        let mut stack = vec![self.frame(position.clone())];
        on_path.insert(position.clone());
        while let Some(top) = stack.last_mut() {
            while top.next < top.options.len() && self.values.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if top.next == top.options.len() {
                let value = mex(top.options.iter().map(|o| self.values[o]));
                let done = stack.pop().expect("the loop runs on a non-empty stack");
                on_path.remove(&done.position);
                self.values.insert(done.position, value);
            } else {
                let child = top.options[top.next].clone();
                if !on_path.insert(child.clone()) {
                    return Err(Cycle {
                        position: format!("{child:?}"),
                    });
                }
                let frame = self.frame(child);
                stack.push(frame);
            }
        }
        Ok(self.values[position])
    }

    /// The winning moves of `position`: its options that are P-positions
    /// (Grundy value 0), in the order [`Impartial::options`] gives them. Empty
    /// exactly when `position` is itself a P-position.
    ///
    /// ```
    /// use grundy::solve::Memo;
    /// use grundy::Impartial;
    ///
    /// /// Take 1 or 2 from one heap: the P-positions are the multiples of 3.
    /// struct TakeOneOrTwo;
    /// impl Impartial for TakeOneOrTwo {
    ///     type Position = u64;
    ///     fn options(&self, &n: &u64) -> Vec<u64> {
    ///         [1, 2].iter().filter(|&&s| s <= n).map(|s| n - s).collect()
    ///     }
    /// }
    ///
    /// let mut memo = Memo::new(TakeOneOrTwo);
    /// assert_eq!(memo.winning_moves(&7).unwrap(), [6]); // take 1, leave 6
    /// assert_eq!(memo.winning_moves(&6).unwrap(), []); // every move loses
    /// ```
    pub fn winning_moves(&mut self, position: &G::Position) -> Result<Vec<G::Position>, Cycle> {
        // Valuing the position values every option (or reports a cycle).
        self.grundy(position)?;
        let options = self.game.options(position);
        Ok(options
            .into_iter()
            .filter(|o| self.values[o].is_zero())
            .collect())
    }

    fn frame(&self, position: G::Position) -> Frame<G::Position> {
        stop::poll();
        let options = self.game.options(&position);
        Frame {
            position,
            options,
            next: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A heap from which one may take 1 or 2: values 0, 1, 2, 0, 1, 2, ...
    struct TakeOneOrTwo;
    impl Impartial for TakeOneOrTwo {
        type Position = u64;
        fn options(&self, &n: &u64) -> Vec<u64> {
            [1, 2].iter().filter(|&&s| s <= n).map(|s| n - s).collect()
        }
    }

    /// A game with a cycle: 2 -> 1 -> 2.
    struct Loopy;
    impl Impartial for Loopy {
        type Position = u8;
        fn options(&self, &p: &u8) -> Vec<u8> {
            match p {
                2 => vec![1, 0],
                1 => vec![2],
                _ => vec![],
            }
        }
    }

    #[test]
    fn values_follow_the_mex_rule() {
        let mut memo = Memo::new(TakeOneOrTwo);
        let values: Vec<u64> = (0..9).map(|n| memo.grundy(&n).unwrap().0).collect();
        assert_eq!(values, [0, 1, 2, 0, 1, 2, 0, 1, 2]);
        assert_eq!(memo.outcome(&9).unwrap(), Outcome::P);
    }

    #[test]
    fn a_path_of_two_million_positions_does_not_overflow_the_stack() {
        let mut memo = Memo::new(TakeOneOrTwo);
        assert_eq!(memo.grundy(&2_000_000).unwrap(), Nimber(2_000_000 % 3));
        assert_eq!(memo.len(), 2_000_001);
    }

    #[test]
    fn a_cycle_is_reported() {
        let err = Memo::new(Loopy).grundy(&2).unwrap_err();
        assert_eq!(err.position, "2");
        let err = Memo::new(Loopy).winning_moves(&2).unwrap_err();
        assert_eq!(err.position, "2");
    }

    /// A game on the positions `0..n`: position `p` moves to the listed
    /// positions, all below `p` (repeats allowed, in any order).
    #[derive(Debug)]
    struct Dag(Vec<Vec<usize>>);
    impl Impartial for Dag {
        type Position = usize;
        fn options(&self, &p: &usize) -> Vec<usize> {
            self.0[p].clone()
        }
    }

    /// The Grundy value by the definition: the least value no option has.
    fn grundy_by_definition(dag: &Dag, p: usize) -> u64 {
        let values: Vec<u64> = dag.0[p]
            .iter()
            .map(|&o| grundy_by_definition(dag, o))
            .collect();
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    /// Random acyclic games of up to 12 positions.
    fn dags() -> impl Strategy<Value = Dag> {
        proptest::collection::vec(
            proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
            1..12,
        )
        .prop_map(|rows| {
            let moves = rows
                .iter()
                .enumerate()
                .map(|(p, picks)| {
                    if p == 0 {
                        return vec![];
                    }
                    picks.iter().map(|i| i.index(p)).collect()
                })
                .collect();
            Dag(moves)
        })
    }

    proptest! {
        #[test]
        fn winning_moves_are_the_options_of_value_zero(dag in dags(), pick: prop::sample::Index) {
            let position = pick.index(dag.0.len());
            let expected: Vec<usize> = dag.0[position]
                .iter()
                .copied()
                .filter(|&o| grundy_by_definition(&dag, o) == 0)
                .collect();
            let mut memo = Memo::new(dag);
            let found = memo.winning_moves(&position).unwrap();
            prop_assert_eq!(found.is_empty(), memo.outcome(&position).unwrap() == Outcome::P);
            prop_assert_eq!(found, expected);
        }
    }
}
