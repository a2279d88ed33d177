//! Node Kayles on a connected graph of at most 64 vertices: a position is a
//! word, the set of vertices left, and the search is memoised on it.
//!
//! A move is two word operations (the vertices left without the chosen one's
//! closed neighbourhood), the pieces it leaves are found by growing words,
//! and a position is looked up by its word: no graph is built. Pieces that
//! are trees go to the tree search (shared between isomorphic trees), and a
//! cycle is valued by one move (all of its vertices are alike).

use super::trees::Trees;
use super::{Budget, NodeKaylesBudget, Table};
use crate::nimber::MexSet;

/// The memoised search on one graph of at most 64 vertices.
pub(super) struct Small<'a> {
    /// Each vertex's neighbours (itself not among them).
    adjacent: Vec<u64>,
    /// The values of the connected sets of vertices searched.
    memo: Table<u64, u32>,
    trees: &'a mut Trees,
    budget: &'a mut Budget,
}

impl<'a> Small<'a> {
    /// The search on the graph of `adjacency` (at most 64 vertices).
    pub(super) fn new(
        adjacency: &[Vec<u32>],
        trees: &'a mut Trees,
        budget: &'a mut Budget,
    ) -> Small<'a> {
        debug_assert!(adjacency.len() <= 64);
        let adjacent = adjacency
            .iter()
            .map(|ns| ns.iter().fold(0, |m, &w| m | 1 << w))
            .collect();
        Small {
            adjacent,
            memo: Table::default(),
            trees,
            budget,
        }
    }

    /// Every vertex.
    pub(super) fn everything(&self) -> u64 {
        u64::MAX >> (64 - self.adjacent.len())
    }

    /// How many connected sets it has valued.
    pub(super) fn searched(&self) -> usize {
        self.memo.len()
    }

    /// The value of what choosing `v` leaves of `left`.
    pub(super) fn after(&mut self, left: u64, v: usize) -> Result<u32, NodeKaylesBudget> {
        let mut rest = left & !(self.adjacent[v] | 1 << v);
        let mut value = 0;
        while rest != 0 {
            let piece = self.piece(rest);
            rest &= !piece;
            value ^= self.value(piece)?;
        }
        Ok(value)
    }

    /// The connected piece of `left` holding its lowest vertex.
    fn piece(&self, left: u64) -> u64 {
        let mut piece = left & left.wrapping_neg();
        let mut frontier = piece;
        while frontier != 0 {
            let mut reached = 0;
            for v in bits(frontier) {
                reached |= self.adjacent[v];
            }
            frontier = reached & left & !piece;
            piece |= frontier;
        }
        piece
    }

    /// The value of the connected set `left`.
    pub(super) fn value(&mut self, left: u64) -> Result<u32, NodeKaylesBudget> {
        if let Some(&value) = self.memo.get(&left) {
            return Ok(value);
        }
        let n = left.count_ones() as usize;
        let degrees: Vec<u32> = bits(left)
            .map(|v| (self.adjacent[v] & left).count_ones())
            .collect();
        let edges = degrees.iter().sum::<u32>() as usize / 2;
        let value = if edges + 1 == n {
            let adjacency = self.induced(left);
            self.trees.value_of(&adjacency, self.budget)?
        } else if edges == n && degrees.iter().all(|&d| d == 2) {
            // A cycle: every choice leaves the same path.
            u32::from(self.after(left, left.trailing_zeros() as usize)? == 0)
        } else {
            let mut seen = MexSet::default();
            for v in bits(left) {
                seen.insert(self.after(left, v)?.into());
            }
            seen.mex() as u32
        };
        // A word and a value in the table, with its spare room.
        self.budget.store(5)?;
        self.memo.insert(left, value);
        Ok(value)
    }

    /// The adjacency lists of the graph induced by `left`, renumbered.
    fn induced(&self, left: u64) -> Vec<Vec<u32>> {
        bits(left)
            .map(|v| {
                let below = |w: usize| (left & ((1u64 << w) - 1)).count_ones();
                bits(self.adjacent[v] & left).map(below).collect()
            })
            .collect()
    }
}

/// The members of a set of at most 64 vertices, ascending.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}
