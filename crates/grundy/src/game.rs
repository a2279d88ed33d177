//! Impartial games: positions, options, outcomes and sums.
//!
//! A game is described by its rules alone: [`Impartial::options`] lists the
//! positions reachable in one move. Everything else (values, outcomes, winning
//! moves) is derived, either by the generic solvers in [`crate::solve`] or by a
//! game module's own theory, which its tests hold against those solvers.

use std::fmt::Debug;
use std::hash::{Hash, Hasher};

use dashu_int::UBig;
use serde::{Deserialize, Serialize};

use crate::nimber::Nimber;

/// The rules of an impartial game under normal play: both players have the same
/// moves, and the player who cannot move loses.
///
/// The game must be short: no position may be reached from itself. The generic
/// solvers detect a cycle and report it instead of looping.
pub trait Impartial {
    /// A position of the game.
    type Position: Clone + Eq + Hash + Debug;

    /// Every position reachable from `position` in one move (in any order,
    /// repetitions allowed).
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The options of `position` if, with it, they cost at most `most` (see
    /// [`options_cost`]), else `None`: how a search within a budget asks.
    /// A game whose options can hold far more than the position (each a
    /// copy of most of it: a graph without one edge) overrides it to stop
    /// making them once past `most`, so that the budget bounds their making
    /// too.
    fn options_within(&self, position: &Self::Position, most: u64) -> Option<Vec<Self::Position>> {
        let options = self.options(position);
        (options_cost(&options) <= most).then_some(options)
    }
}

/// What a position costs a search that keeps it (a hash map's key, a
/// clone): the 64-byte lines of its hash input, at least one. Budgets of
/// positions and options count each at this cost, so that they bound the
/// work and the memory of the search whatever the size of a position (a
/// Hackenbush position is a set of edges: counted as one, a path of 3,000
/// edges cost 45 s within a budget of "4 million positions").
pub fn position_cost<P: Hash + ?Sized>(position: &P) -> u64 {
    /// Counts the bytes a hash is given, and hashes nothing.
    struct Bytes(u64);
    impl Hasher for Bytes {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            self.0 += bytes.len() as u64;
        }
    }
    let mut bytes = Bytes(0);
    position.hash(&mut bytes);
    bytes.0.div_ceil(64).max(1)
}

/// The cost of a position and its options: one, and [`position_cost`] of
/// each option.
pub fn options_cost<P: Hash>(options: &[P]) -> u64 {
    options
        .iter()
        .fold(1, |cost, o| cost.saturating_add(position_cost(o)))
}

/// Who wins a position with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither player can force a win: with best play the game never ends.
    /// Only games whose positions can repeat (a game graph with cycles) have
    /// draws.
    D,
}

impl Outcome {
    /// The outcome of a position with Grundy value `value`.
    pub fn of(value: Nimber) -> Outcome {
        if value.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The outcome of a position from whether it is a P-position.
    pub fn from_p(is_p: bool) -> Outcome {
        if is_p {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// `"P"`, `"N"` or `"D"`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }
}

/// A game played on heaps: a move picks one heap and replaces it by zero or more
/// smaller heaps (take-away games leave at most one, take-and-break games more).
///
/// This is the shape shared by Nim, Bash, subtraction and octal games. The
/// bottom-up solver [`crate::solve::heap_sequence`] computes `G(0..N)` from it,
/// and [`Heaps`] turns it into an [`Impartial`] game on sums of heaps.
pub trait HeapGame {
    /// Calls `visit` once for each move from a single heap of `n`, with the
    /// non-empty heaps that the move leaves (an empty slice: the heap is gone).
    fn for_each_move(&self, n: u64, visit: impl FnMut(&[u64]));
}

/// A sum of heaps of one [`HeapGame`], as an [`Impartial`] game whose options are
/// enumerated from the rules, without the Sprague-Grundy theorem.
///
/// A position is the sorted list of its non-empty heaps, so equal sums are equal
/// positions. This is the oracle the heap games' theory is tested against.
#[derive(Clone, Debug)]
pub struct Heaps<G>(pub G);

impl<G> Heaps<G> {
    /// The canonical position of a sum of heaps: sorted, zeros dropped.
    pub fn position(heaps: &[u64]) -> Vec<u64> {
        let mut p: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        p.sort_unstable();
        p
    }
}

impl<G: HeapGame> Impartial for Heaps<G> {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut result = Vec::new();
        for (i, &heap) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == heap {
                continue; // moves in equal heaps give equal positions
            }
            self.0.for_each_move(heap, |left| {
                let mut next = position.clone();
                next.remove(i);
                next.extend_from_slice(left);
                result.push(Self::position(&next));
            });
        }
        result
    }
}

/// A sum of positions of one game: a move is a move in exactly one component.
#[derive(Clone, Debug)]
pub struct Sum<G>(pub G);

impl<G: Impartial> Impartial for Sum<G> {
    type Position = Vec<G::Position>;

    fn options(&self, position: &Self::Position) -> Vec<Self::Position> {
        let mut result = Vec::new();
        for (i, component) in position.iter().enumerate() {
            for option in self.0.options(component) {
                let mut next = position.clone();
                next[i] = option;
                result.push(next);
            }
        }
        result
    }
}

/// The sum of two games as one game, for the tests' oracles: a move moves in
/// one of them.
#[cfg(test)]
#[derive(Clone)]
pub(crate) struct Pair<A, B>(pub A, pub B);

#[cfg(test)]
impl<A: Impartial, B: Impartial> Impartial for Pair<A, B> {
    type Position = (A::Position, B::Position);

    fn options(&self, (a, b): &Self::Position) -> Vec<Self::Position> {
        let mut options: Vec<Self::Position> = self
            .0
            .options(a)
            .into_iter()
            .map(|o| (o, b.clone()))
            .collect();
        options.extend(self.1.options(b).into_iter().map(|o| (a.clone(), o)));
        options
    }
}

/// A winning move in a sum: which component to change, and to what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove<P> {
    /// Index of the component moved in.
    pub component: usize,
    /// The component's new position.
    pub to: P,
}

/// Every winning move of a sum of `components`, given a way to value a position
/// of one component.
///
/// By the Sprague-Grundy theorem a move wins exactly when it changes component
/// `i`, of value `g_i`, to a position of value `g_i ^ X`, where `X` is the
/// nim-sum of all components. That value may be larger than `g_i` (an option
/// can be worth more than its position); only where it is smaller is such a
/// move sure to exist.
pub fn sum_winning_moves<G: Impartial>(
    game: &G,
    components: &[G::Position],
    mut value: impl FnMut(&G::Position) -> Nimber,
) -> Vec<SumMove<G::Position>> {
    let values: Vec<Nimber> = components.iter().map(&mut value).collect();
    let total = crate::nimber::nim_sum(values.iter().copied());
    let mut moves = Vec::new();
    for (i, (component, &g)) in components.iter().zip(&values).enumerate() {
        if total.is_zero() {
            break;
        }
        let target = g ^ total;
        for option in game.options(component) {
            if value(&option) == target {
                moves.push(SumMove {
                    component: i,
                    to: option,
                });
            }
        }
    }
    moves
}

/// A move in a sum of heaps: heap number `heap` (from 0) is reduced to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// Its size after the move.
    pub to: UBig,
}

/// Every-SG of a sum of heaps in closed form, as a heap game's theory gives
/// it: by Smith's theorem (Winning Ways ch. 9) the sum lasts as long as its
/// longest summand (the largest suspense), and the player to move wins when
/// that is odd, by a move in every summand that has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveryHeaps {
    /// How many moves the sum lasts: the largest suspense of its heaps.
    pub steps: UBig,
    /// Every heap move that belongs to a winning move (empty when the
    /// largest suspense is even), or for a game whose heaps have too many
    /// moves to list, one winning move.
    pub moves: Vec<HeapMove>,
    /// For each heap that has a move, one move to an option that lasts one
    /// move less: in a sum whose largest suspense is odd, these moves together
    /// are a winning move.
    pub lasting: Vec<HeapMove>,
}

/// The move of each non-empty heap of `heaps` to what `left` leaves of it.
pub fn each_nonempty(heaps: &[UBig], left: impl Fn(&UBig) -> UBig) -> Vec<HeapMove> {
    crate::stop::polling(heaps.iter().enumerate())
        .filter(|(_, h)| **h != UBig::ZERO)
        .map(|(heap, h)| HeapMove { heap, to: left(h) })
        .collect()
}

/// The nim-sum of a sum of heaps and every move of it to a sum of value
/// `target` (0: every winning move), for a take-away game (a move leaves at
/// most one heap) whose theory gives `value(h)` for a heap of any size and
/// `reductions(h, v)`: the sizes of value `v` that one move from `h` reaches
/// (`v` may exceed the value of `h`; see [`sum_winning_moves`]).
///
/// A move in heap `i`, of value `g_i`, reaches value `target` exactly when it
/// leaves a heap of value `g_i ^ X ^ target`, `X` the nim-sum: the winning
/// moves of [`sum_winning_moves`], found from the theory instead of by
/// enumerating every option. None when `X` is `target`: no option has its
/// position's value.
pub fn heap_sum_moves_to(
    heaps: &[UBig],
    target: &UBig,
    value: impl Fn(&UBig) -> UBig,
    reductions: impl Fn(&UBig, &UBig) -> Vec<UBig>,
) -> (UBig, Vec<HeapMove>) {
    let values: Vec<UBig> = heaps.iter().map(value).collect();
    let total = values.iter().fold(UBig::ZERO, |acc, v| acc ^ v);
    let mut moves = Vec::new();
    let change = &total ^ target;
    if change != UBig::ZERO {
        for (heap, (size, g)) in heaps.iter().zip(&values).enumerate() {
            let heap_target = g ^ &change;
            moves.extend(
                reductions(size, &heap_target)
                    .into_iter()
                    .map(|to| HeapMove { heap, to }),
            );
        }
    }
    (total, moves)
}
