//! What the adapters build their answers with, beneath them and above the
//! interface (the [`Game`](super::Game) trait, positions, answers, entries):
//! the options a game lists for play (`options`), its offer to the play
//! conventions (`summands`), its answer as a component of a sum
//! (`component`), and the tables and conjectures of the explorer (`table`).
//! The features that use these answers across games (sums, conventions,
//! play, surveys) sit above the adapters, so that no adapter imports a
//! feature.

pub(crate) mod component;
pub(crate) mod options;
pub(crate) mod summands;
pub(crate) mod table;
