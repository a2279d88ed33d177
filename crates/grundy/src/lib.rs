//! # grundy
//!
//! Exact Sprague-Grundy theory for impartial games: players alternate, both
//! have the same moves, and whoever cannot move loses.
//!
//! - [`nimber`]: mex, nim-sum and the [`Nimber`] type.
//! - [`arith`]: exact arithmetic: quadratic irrationals and Beatty sequences.
//! - [`game`]: the [`Impartial`] trait (a game is its rules), outcomes, sums of
//!   games and their winning moves.
//! - [`solve`]: generic solvers from the rules alone.
//! - [`games`]: the classic games, each with its theory tested against its rules.
//! - [`graph`]: multigraphs, the graph-file format, bridges and maximum matchings.
//! - [`analysis`]: patterns in sequences, such as certified periods.
//! - [`catalog`]: game specs parsed into one API for every front end.
//!
//! ```
//! use grundy::game::{Heaps, Impartial};
//! use grundy::games::subtraction::Subtraction;
//! use grundy::solve::{heap_sequence, Memo};
//!
//! // Take 1, 3 or 4: values 0 1 0 1 2 3 2, repeating with period 7.
//! let game = Subtraction::new(&[1, 3, 4]).unwrap();
//! let values: Vec<u64> = heap_sequence(&game, 8).iter().map(|g| g.0).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]);
//!
//! // The same values from the rules of the sum of heaps 2 and 5 by memoised search.
//! let mut memo = Memo::new(Heaps(game));
//! assert_eq!(memo.grundy(&vec![2, 5]).unwrap().0, 0 ^ 3);
//! ```

pub mod analysis;
pub mod arith;
pub mod catalog;
pub mod error;
pub mod game;
pub mod games;
pub mod graph;
pub mod json;
pub mod limits;
pub mod nimber;
pub mod solve;

pub use error::Error;
pub use game::{Impartial, Outcome};
pub use nimber::{mex, nim_sum, Nimber};
