//! Analysis of computed sequences: the patterns behind a game.
//!
//! [`periodicity`] finds and certifies the eventual period of a sequence whose
//! next term is determined by a bounded window of earlier terms.

pub mod periodicity;
