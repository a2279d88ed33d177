//! What a game's adapter answers as a component of a sum
//! ([`Game::component`](crate::catalog::Game::component)): the Grundy value of a position, finite or the
//! infinite value of a loopy game, and its moves to a position of any value.
//! Sums themselves are the `sum` feature, above the adapters.

use dashu_int::UBig;
use serde::ser::Serializer;
use serde::Serialize;
use std::fmt;

use crate::catalog::Move;
use crate::error::Result;
use crate::game::Outcome;
use crate::json::Int;

/// The value of a component or of a sum: a Grundy value, or the infinite
/// value `inf(K)` of a loopy game (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumValue {
    /// A finite value.
    Finite(UBig),
    /// Infinite, with the finite values `K` of the options, ascending.
    Infinite(Vec<UBig>),
}

impl SumValue {
    /// The finite value, if it is finite.
    pub fn finite(&self) -> Option<&UBig> {
        match self {
            SumValue::Finite(g) => Some(g),
            SumValue::Infinite(_) => None,
        }
    }

    /// P for 0, N for other finite values and for `inf(K)` with 0 in `K`, else D.
    pub fn outcome(&self) -> Outcome {
        match self {
            SumValue::Finite(g) => Outcome::from_p(*g == UBig::ZERO),
            SumValue::Infinite(set) if set.first() == Some(&UBig::ZERO) => Outcome::N,
            SumValue::Infinite(_) => Outcome::D,
        }
    }
}

/// `3`, or `inf{0,2}` (as a `digraph` value is written).
impl fmt::Display for SumValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumValue::Finite(g) => write!(f, "{g}"),
            SumValue::Infinite(set) => {
                let items: Vec<String> = set.iter().map(UBig::to_string).collect();
                write!(f, "inf{{{}}}", items.join(","))
            }
        }
    }
}

/// A number when finite (a decimal string beyond `u64`), else the string
/// `"inf{...}"`.
impl Serialize for SumValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            SumValue::Finite(g) => Int(g).serialize(serializer),
            SumValue::Infinite(_) => serializer.collect_str(self),
        }
    }
}

/// A component's moves to a given value, as it computes them.
type MovesTo<'a> = Box<dyn Fn(&UBig) -> Result<Vec<Move>> + 'a>;

/// A component's first move to a given value, where it finds it without
/// listing them all.
type FirstMoveTo<'a> = Box<dyn Fn(&UBig) -> Result<Option<Move>> + 'a>;

/// A position of one game whose Grundy value is known, and its moves to a
/// position of any value: what a game answers as a component of a sum.
pub struct Component<'a> {
    /// The position (empty for graph games, whose moves are given by target).
    pub position: Vec<UBig>,
    /// Its value.
    pub grundy: SumValue,
    /// How the value was found.
    pub method: String,
    moves_to: MovesTo<'a>,
    first_move_to: Option<FirstMoveTo<'a>>,
}

impl<'a> Component<'a> {
    /// The component of `position`, of value `grundy`, whose moves to value
    /// `t` are `moves_to(t)` in the game's own order.
    pub(crate) fn new(
        position: Vec<UBig>,
        grundy: UBig,
        method: impl Into<String>,
        moves_to: impl Fn(&UBig) -> Result<Vec<Move>> + 'a,
    ) -> Self {
        Component {
            position,
            grundy: SumValue::Finite(grundy),
            method: method.into(),
            moves_to: Box::new(moves_to),
            first_move_to: None,
        }
    }

    /// A component of value `grundy`, finite or infinite (a loopy game's),
    /// whose moves to finite value `t` are `moves_to(t)`.
    pub(crate) fn loopy(
        position: Vec<UBig>,
        grundy: SumValue,
        method: impl Into<String>,
        moves_to: impl Fn(&UBig) -> Result<Vec<Move>> + 'a,
    ) -> Self {
        Component {
            grundy,
            ..Component::new(position, UBig::ZERO, method, moves_to)
        }
    }

    /// The same, finding its first move to a value with `first` (for games
    /// whose moves to a value may be too many to list).
    pub(crate) fn with_first(mut self, first: impl Fn(&UBig) -> Result<Option<Move>> + 'a) -> Self {
        self.first_move_to = Some(Box::new(first));
        self
    }

    /// The first of [`Component::moves_to`].
    pub fn first_move_to(&self, target: &UBig) -> Result<Option<Move>> {
        match &self.first_move_to {
            Some(first) if self.grundy.finite() != Some(target) => first(target),
            _ => Ok(self.moves_to(target)?.into_iter().next()),
        }
    }

    /// Every move to a position of Grundy value `target`, in the game's
    /// order (none when `target` is the component's own value: no option has
    /// its position's value).
    pub fn moves_to(&self, target: &UBig) -> Result<Vec<Move>> {
        if self.grundy.finite() == Some(target) {
            return Ok(Vec::new());
        }
        (self.moves_to)(target)
    }
}
