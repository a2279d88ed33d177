//! One module per family of games, all of one shape: the game and its
//! parameters, its rules as an [`Impartial`](crate::game::Impartial) or
//! [`HeapGame`](crate::game::HeapGame), its theory (closed forms, each with
//! the statement it relies on), and tests holding the theory against an
//! exhaustive search over the rules.

pub mod ahead;
pub mod bash;
pub mod chomp;
pub mod circle;
pub mod digraph;
pub mod directed_geography;
pub mod dynsub;
pub mod geography;
pub mod grundys_game;
pub mod hackenbush;
pub mod hexadecimal;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod node_kayles;
pub mod octal;
pub mod rows;
pub mod script;
pub mod staircase;
pub mod staircase_tree;
pub mod subtraction;
pub mod twopile;
pub mod user;
pub mod wythoff;

#[cfg(test)]
pub(crate) mod oracle;
