//! Generic solvers: Grundy values of any game from its rules alone.
//!
//! - [`Memo`]: memoised search over an [`Impartial`](crate::game::Impartial)
//!   game, iterative so that a path of millions of positions cannot overflow the
//!   stack, and reporting a cycle instead of looping.
//! - [`heap_sequence`]: the bottom-up table `G(0), G(1), ..., G(N-1)` of a
//!   [`HeapGame`](crate::game::HeapGame), the fast path for one-parameter families.
//! - [`table`]: Grundy values of every position `(x, y)` of a two-pile game
//!   below a bound, and the fast row/column/diagonal routine for Wythoff's game.
//! - [`lines`]: games whose moves are rays `t*(dx, dy)`: Grundy tables by one
//!   value set per line, and P-positions of a rectangle by a sieve.
//! - [`wavefront`]: Wythoff's Grundy table on every core, in `u16`.
//! - [`remoteness`]: how many moves a position lasts, the winner hurrying and
//!   the loser delaying (Smith's remoteness), and the moves that do so.
//! - [`misere`]: misère play as normal play with one extra move at the end.
//! - [`genus`]: Conway's genus of sums of summands, exactly, by the rules.
//! - [`summands`]: sums whose summands are nodes of an explicit graph, under
//!   misère play (search within a budget) and Every-SG (Smith's steps).

pub mod genus;
pub mod lines;
mod memo;
pub mod misere;
pub mod remoteness;
mod sequence;
mod shared_sets;
pub mod summands;
pub mod table;
pub mod wavefront;

pub use memo::{Cycle, Memo};
pub use sequence::heap_sequence;
