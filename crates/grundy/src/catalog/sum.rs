//! Sums of different games: `GAME POS... + GAME POS... [+ ...]`.
//!
//! By the Sprague-Grundy theorem a sum is worth the nim-sum `X` of its
//! components' values, and a move in component `i`, of value `g_i`, wins
//! exactly when it reaches a position of value `g_i ^ X` (which may be larger
//! than `g_i`). Each game answers for itself through [`Game::component`]:
//! its value, and its moves to a position of any given value.

use dashu_int::UBig;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

use super::{parse, Game, GraphInput, Monitor, Move};
use crate::error::Error;
use crate::game::Outcome;
use crate::json::{Int, Ints};

/// A position of one game whose Grundy value is known, and its moves to a
/// position of any value: what a game answers as a component of a sum.
pub struct Component<'a> {
    /// The position (empty for graph games, whose moves are given by target).
    pub position: Vec<UBig>,
    /// Its Grundy value.
    pub grundy: UBig,
    /// How the value was found.
    pub method: String,
    moves_to: Box<dyn Fn(&UBig) -> Result<Vec<Move>, Error> + 'a>,
}

impl<'a> Component<'a> {
    /// The component of `position`, of value `grundy`, whose moves to value
    /// `t` are `moves_to(t)` in the game's own order.
    pub(crate) fn new(
        position: Vec<UBig>,
        grundy: UBig,
        method: impl Into<String>,
        moves_to: impl Fn(&UBig) -> Result<Vec<Move>, Error> + 'a,
    ) -> Self {
        Component {
            position,
            grundy,
            method: method.into(),
            moves_to: Box::new(moves_to),
        }
    }

    /// Every move to a position of Grundy value `target`, in the game's
    /// order (none when `target` is the component's own value: no option has
    /// its position's value).
    pub fn moves_to(&self, target: &UBig) -> Result<Vec<Move>, Error> {
        if *target == self.grundy {
            return Ok(Vec::new());
        }
        (self.moves_to)(target)
    }
}

/// One component of a sum as given: the game's spec, its graph (graph games)
/// and its position arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumPart {
    /// The game spec as typed.
    pub spec: String,
    /// The graph a graph game is played on.
    pub graph: Option<GraphInput>,
    /// The position arguments (after the graph, for graph games).
    pub position: Vec<String>,
    /// The component's words as typed, for messages.
    pub words: String,
}

/// Splits `words` (a spec and its position, then `+`, another spec and its
/// position, ...) at every lone `+`: `None` when there is no `+` (one game,
/// not a sum); an error for an empty component.
pub fn split_sum(words: &[String]) -> Option<Result<Vec<Vec<String>>, Error>> {
    if !words.iter().any(|w| w == "+") {
        return None;
    }
    let groups: Vec<Vec<String>> = words.split(|w| w == "+").map(<[String]>::to_vec).collect();
    let last = groups.len() - 1;
    for (i, group) in groups.iter().enumerate() {
        if group.is_empty() {
            let place = match i {
                0 => "before the first '+'".to_string(),
                i if i == last => "after the last '+'".to_string(),
                i => format!("between '+' number {i} and number {}", i + 1),
            };
            return Some(Err(Error::BadArgument(format!(
                "a sum has an empty component {place}; write GAME POS... + GAME POS..."
            ))));
        }
    }
    Some(Ok(groups))
}

/// The answer of `analyze` on a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumAnalysis {
    /// Each component: its game, position and value.
    pub components: Vec<SumComponent>,
    /// Who wins.
    pub outcome: Outcome,
    /// The nim-sum of the components' values.
    pub grundy: UBig,
    /// Every winning move, by component, then in that game's order.
    pub winning_moves: Vec<SumMove>,
    /// How the answer was found.
    pub method: String,
}

/// A component of an analysed sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumComponent {
    /// The game's canonical spec.
    pub game: String,
    /// Its position (empty for graph games).
    pub position: Vec<UBig>,
    /// Its Grundy value.
    pub grundy: UBig,
}

/// A winning move of a sum: a move of one component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// The component moved in, from 0.
    pub component: usize,
    /// The component's position after the move (for graph games, the edge
    /// cut or the vertex moved to).
    pub to: Vec<UBig>,
    /// What the move does, for people.
    pub description: String,
}

/// An error of component `index` of a sum, naming it.
fn in_component(index: usize, part: &SumPart, error: Error) -> Error {
    Error::Component {
        index,
        words: part.words.clone(),
        source: Box::new(error),
    }
}

/// Outcome, value and every winning move of the sum of `parts` (with
/// `first_only`, the first only).
pub fn analyze_sum(
    parts: &[SumPart],
    first_only: bool,
    monitor: &mut dyn Monitor,
) -> Result<SumAnalysis, Error> {
    let games = parts
        .iter()
        .enumerate()
        .map(|(i, part)| parse(&part.spec).map_err(|e| in_component(i, part, e)))
        .collect::<Result<Vec<Box<dyn Game>>, Error>>()?;
    let mut components = Vec::with_capacity(parts.len());
    for (i, (game, part)) in games.iter().zip(parts).enumerate() {
        let component = match (&part.graph, game.reads_graph()) {
            (Some(graph), true) => game.component_graph(graph.clone(), &part.position, monitor),
            (None, false) => game.component(&part.position, monitor),
            _ => Err(Error::BadArgument(format!(
                "{} {} a graph file",
                game.spec(),
                if game.reads_graph() {
                    "needs"
                } else {
                    "takes no"
                }
            ))),
        };
        components.push(component.map_err(|e| in_component(i, part, e))?);
    }
    let total = components.iter().fold(UBig::ZERO, |acc, c| acc ^ &c.grundy);
    let mut winning_moves = Vec::new();
    if total != UBig::ZERO {
        for (i, (component, part)) in components.iter().zip(parts).enumerate() {
            let moves = component
                .moves_to(&(&component.grundy ^ &total))
                .map_err(|e| in_component(i, part, e))?;
            winning_moves.extend(moves.into_iter().map(|m| SumMove {
                component: i,
                to: m.apply(&component.position),
                description: m.description,
            }));
            if first_only && !winning_moves.is_empty() {
                winning_moves.truncate(1);
                break;
            }
        }
    }
    let methods: Vec<String> = components
        .iter()
        .enumerate()
        .map(|(i, c)| format!("component {i}: {}", c.method))
        .collect();
    let method = format!(
        "Sprague-Grundy theorem: the value of a sum is the nim-sum of its components' values, and a \
         move wins when it takes component i (value g_i) to value g_i XOR the nim-sum; {}",
        methods.join("; ")
    );
    Ok(SumAnalysis {
        components: games
            .iter()
            .zip(&components)
            .map(|(game, c)| SumComponent {
                game: game.spec(),
                position: c.position.clone(),
                grundy: c.grundy.clone(),
            })
            .collect(),
        outcome: Outcome::from_p(total == UBig::ZERO),
        grundy: total,
        winning_moves,
        method,
    })
}

impl Serialize for SumAnalysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("game", "sum")?;
        map.serialize_entry("components", &ComponentsJson(&self.components))?;
        map.serialize_entry("outcome", self.outcome.letter())?;
        map.serialize_entry("grundy", &Int(&self.grundy))?;
        map.serialize_entry("winning_moves", &SumMovesJson(&self.winning_moves))?;
        map.serialize_entry("method", &self.method)?;
        map.end()
    }
}

struct ComponentsJson<'a>(&'a [SumComponent]);

impl Serialize for ComponentsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for c in self.0 {
            seq.serialize_element(&ComponentJson(c))?;
        }
        seq.end()
    }
}

struct ComponentJson<'a>(&'a SumComponent);

impl Serialize for ComponentJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("game", &self.0.game)?;
        map.serialize_entry("position", &Ints(&self.0.position))?;
        map.serialize_entry("grundy", &Int(&self.0.grundy))?;
        map.end()
    }
}

struct SumMovesJson<'a>(&'a [SumMove]);

impl Serialize for SumMovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for m in self.0 {
            seq.serialize_element(&SumMoveJson(m))?;
        }
        seq.end()
    }
}

struct SumMoveJson<'a>(&'a SumMove);

impl Serialize for SumMoveJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("component", &self.0.component)?;
        map.serialize_entry("to", &Ints(&self.0.to))?;
        map.serialize_entry("move", &self.0.description)?;
        map.end()
    }
}
