//! # grundy
//!
//! Exact Sprague-Grundy theory for impartial games: players alternate, both
//! have the same moves, and whoever cannot move loses.
//!
//! - [`nimber`]: mex, nim-sum and the [`Nimber`] type.
//! - [`bits`]: the one bit set every solver marks values in.
//! - [`arith`]: exact arithmetic: quadratic irrationals and Beatty sequences.
//! - [`game`]: the [`Impartial`] trait (a game is its rules), outcomes, sums of
//!   games and their winning moves.
//! - [`solve`]: generic solvers from the rules alone.
//! - [`games`]: the classic games, each with its theory tested against its rules.
//! - [`graph`]: multigraphs, the graph-file format, bridges and maximum matchings.
//! - [`analysis`]: patterns in sequences, such as certified periods.
//! - [`catalog`]: game specs parsed into one API for every front end.
//! - [`stop`]: the one signal that stops a long computation from outside.
//!
//! ## Your own game
//!
//! A game is its rules: implement [`Impartial`] (the positions one move
//! reaches) and [`solve::Memo`] finds every Grundy value by search. Here,
//! *subtract a square*: take 1, 4, 9, ... counters from one heap.
//!
//! ```
//! use grundy::solve::Memo;
//! use grundy::{Impartial, Outcome};
//!
//! struct SubtractASquare;
//!
//! impl Impartial for SubtractASquare {
//!     type Position = u64;
//!
//!     fn options(&self, &n: &u64) -> Vec<u64> {
//!         (1..).map(|k| k * k).take_while(|&s| s <= n).map(|s| n - s).collect()
//!     }
//! }
//!
//! let mut memo = Memo::new(SubtractASquare);
//! let values: Vec<u64> = (0..11).map(|n| memo.grundy(&n).unwrap().0).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0]);
//! // The player to move from 10 loses: every move (to 9, 6 or 1) lets the other win.
//! assert_eq!(memo.outcome(&10).unwrap(), Outcome::P);
//! // From 11 the player to move wins by moving to any P-position: 10, 7 or 2.
//! assert_eq!(memo.winning_moves(&11).unwrap(), [10, 7, 2]);
//! ```
//!
//! ## The catalogue
//!
//! The games of the command line are one call away, by their spec: the same
//! answers as `grundy analyze kayles 3 4` and `grundy period kayles`.
//!
//! ```
//! use grundy::catalog::{parse, Position, Quiet};
//! use grundy::Outcome;
//!
//! let kayles = parse("kayles")?;
//! let analysis = kayles.analyze(&Position::heaps([3u64, 4]), false, &mut Quiet)?;
//! assert_eq!(analysis.outcome, Outcome::N);
//! assert_eq!(analysis.grundy, Some(2u32.into())); // G(3) XOR G(4) = 3 XOR 1
//! for m in &analysis.winning_moves {
//!     println!("{}", m.description); // e.g. "heap 1: take 2 of 3, leaving 1"
//! }
//!
//! // Kayles' values are periodic with period 12 from n = 71 on, proved by the
//! // Guy-Smith theorem.
//! let period = kayles.period(None, &mut Quiet)?;
//! assert_eq!((period.preperiod, period.period, period.certified), (71, 12, true));
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! ## Built-in games and solvers
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
pub mod bits;
pub mod catalog;
pub mod error;
pub mod game;
pub mod games;
pub mod graph;
pub mod json;
pub mod limits;
pub mod nimber;
pub mod solve;
pub mod stop;
pub mod word_hash;

// The crate's README (its page on crates.io) holds an example: run it as a
// doctest so that it cannot drift from the API.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
struct ReadmeExample;

/// The big integers of positions and values (heaps of any size), re-exported
/// so that a user of the library needs no other crate to write them.
pub use dashu_int::UBig;
pub use error::{Error, ErrorKind};
pub use game::{Impartial, Outcome};
pub use nimber::{mex, nim_sum, Nimber};
