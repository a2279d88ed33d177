//! Analysis of computed sequences: the patterns behind a game.
//!
//! [`periodicity`] finds and certifies the eventual period of a sequence whose
//! next term is determined by a bounded window of earlier terms; [`cfrac`]
//! reads an exact quadratic irrational off floors; [`conjecture`] states what
//! the explorer finds; [`misere_quotient`] computes the misère quotient of
//! the sums of small heaps of a heap game.

pub mod cfrac;
pub mod conjecture;
pub mod misere_quotient;
pub mod periodicity;
