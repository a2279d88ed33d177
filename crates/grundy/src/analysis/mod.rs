//! Analysis of computed sequences: the patterns behind a game.
//!
//! [`periodicity`] finds and certifies the eventual period of a sequence whose
//! next term is determined by a bounded window of earlier terms; [`cfrac`]
//! reads an exact quadratic irrational off floors; [`conjecture`] states what
//! the explorer finds.

pub mod cfrac;
pub mod conjecture;
pub mod periodicity;
