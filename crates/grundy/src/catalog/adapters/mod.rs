//! The adapters: one file per game family, each holding the family's
//! registry [`Entry`](super::Entry) (the list of them is
//! [`GAMES`](super::GAMES)) beside the [`Game`](super::Game) that maps its
//! spec and positions to a module of [`crate::games`] and wraps its answers.
//! No adapter holds theory: the closed forms and their proofs are in
//! `games/`; what cuts across games (sums, conventions, play, exploring) is
//! in the catalogue's own modules, which adapters call.
//!
//! Adding a game: its module in [`crate::games`], its adapter here (with its
//! `ENTRY`), and one line in [`GAMES`](super::GAMES).

pub(super) mod chomp;
pub(super) mod circle;
pub(super) mod digraph;
pub(super) mod directed_geography;
pub(super) mod dynsub;
pub(super) mod graphs;
pub(super) mod grundys_game;
pub(super) mod heap;
pub(super) mod hexadecimal;
pub(super) mod lasker;
pub(super) mod moore;
pub(super) mod node_kayles;
pub(super) mod octal;
pub(super) mod piles;
pub(super) mod script;
pub(super) mod staircase_tree;
pub(super) mod twopile;
pub(super) mod user;
pub(super) mod wythoff;
