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
//! - [`summands`]: sums whose summands are nodes of an explicit graph, under
//!   misère play (search within a budget) and Every-SG (Smith's steps).

pub mod lines;
mod memo;
pub mod misere;
pub mod remoteness;
mod sequence;
pub mod summands;
pub mod table;
pub mod wavefront;

pub use memo::{Cycle, Memo};
pub use sequence::heap_sequence;

use std::hash::{Hash, Hasher};

/// What a position costs a search that keeps it (a hash map's key, a
/// clone): the 64-byte lines of its hash input, at least one. Budgets of
/// positions and options count each at this cost, so that they bound the
/// work and the memory of the search whatever the size of a position (a
/// Hackenbush position is a set of edges: counted as one, a path of 3,000
/// edges cost 45 s within a budget of "4 million positions").
pub(crate) fn position_cost<P: Hash + ?Sized>(position: &P) -> u64 {
    /// Counts the bytes a hash is given, and hashes nothing.
    struct Bytes(u64);
    impl Hasher for Bytes {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            self.0 += bytes.len() as u64;
        }
    }
    let mut bytes = Bytes(0);
    position.hash(&mut bytes);
    bytes.0.div_ceil(64).max(1)
}

/// The cost of a position and its options (see [`position_cost`]).
pub(crate) fn options_cost<P: Hash>(options: &[P]) -> u64 {
    options
        .iter()
        .fold(1, |cost, o| cost.saturating_add(position_cost(o)))
}
