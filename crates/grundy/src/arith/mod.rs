//! Exact arithmetic for Beatty sequences: integer square roots, quadratic
//! irrationals `(P + Q*sqrt(D))/S`, and the Beatty sequences `floor(n*alpha)`
//! they define; the crate's one reader of decimal naturals ([`decimal`]); and
//! nim-multiplication, the field of nimbers below 2^64 ([`nim_product`]).
//!
//! Everything rests on one fact: for an integer `n >= 1` and a non-square
//! `D > 1`, `sqrt(n^2 Q^2 D)` is irrational, so it lies strictly between its
//! integer square root `t` and `t + 1`, and no multiple of `S` can fall strictly
//! inside the unit interval `(nP + t, nP + t + 1)`. Hence `floor(n*alpha)` is
//! `floor((nP + t)/S)` for `Q > 0` (and `floor((nP - t - 1)/S)` for `Q < 0`):
//! one integer square root and one division, exact at any size. The Beatty
//! sequence of an irrational `alpha > 1` and that of `alpha/(alpha - 1)` partition
//! the positive integers (Rayleigh 1894, Beatty 1926), which gives membership,
//! index and complement in O(1) big-integer operations.

mod beatty;
mod isqrt;
mod nim_product;
mod parse;
mod quadratic;

pub use beatty::{BeattySequence, FloorMultiples};
pub use isqrt::isqrt_u128;
pub use nim_product::{nim_product, nim_product_recursive, NimTables};
pub use parse::{decimal, is_decimal};
pub use quadratic::{QuadraticError, QuadraticIrrational};
