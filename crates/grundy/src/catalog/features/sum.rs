//! Sums of different games: `GAME POS... + GAME POS... [+ ...]`.
//!
//! By the Sprague-Grundy theorem a sum is worth the nim-sum `X` of its
//! components' values, and a move in component `i`, of value `g_i`, wins
//! exactly when it reaches a position of value `g_i ^ X` (which may be larger
//! than `g_i`). Each game answers for itself through [`Game::component`]:
//! its value, and its moves to a position of any given value.
//!
//! A component played on a game graph with cycles (`digraph`) may have an
//! infinite value `inf(K)` of the generalised Sprague-Grundy function (Smith
//! 1966; Fraenkel and Yesha 1986; see [`crate::games::digraph`]), `K` the
//! finite values of its options. The sum rule of loopy games: finite values
//! add by nim-sum; one infinite component `inf(K)` and finite part `a` give
//! `inf(K xor a)`, which wins (N) exactly when `a` is in `K`, by a move of
//! that component to an option of value `a`, and is otherwise drawn (D); two
//! or more infinite components give `inf{}`, a draw with no winning move.

use crate::catalog::Position;
use dashu_int::UBig;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::catalog::{Component, Game, GraphInput, Monitor, SumValue};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::json::Ints;

/// One component of a sum as given: the game and its position.
pub struct SumPart {
    /// The game (a scripted game already given its script by the front end).
    pub game: Box<dyn Game>,
    /// The position (with its graph, for graph games).
    pub at: Position,
    /// The component's words as typed, for messages.
    pub words: String,
}

impl SumPart {
    /// The part of `game` at `at`, named in messages by the game's spec and
    /// the position's numbers.
    pub fn new(game: Box<dyn Game>, at: Position) -> SumPart {
        let words = std::iter::once(game.spec())
            .chain(at.args())
            .collect::<Vec<_>>()
            .join(" ");
        SumPart { game, at, words }
    }

    /// The part of the game of `spec` at the position `words` (on `graph`,
    /// for a graph game), parsed as the command line parses them.
    pub fn parse(spec: &str, words: &[String], graph: Option<GraphInput>) -> Result<SumPart> {
        let game = crate::catalog::parse(spec)?;
        let at = Position::of(game.as_ref(), words, graph)?;
        Ok(SumPart::new(game, at))
    }

    /// The part, borrowed.
    pub fn as_ref(&self) -> PartRef<'_> {
        PartRef {
            game: self.game.as_ref(),
            at: &self.at,
            words: &self.words,
        }
    }
}

/// One component of a sum, borrowed: what [`analyze_sum_of`] reads (play
/// keeps its games and analyzes the sum at each position it reaches).
#[derive(Clone, Copy)]
pub struct PartRef<'a> {
    /// The game.
    pub game: &'a dyn Game,
    /// The position.
    pub at: &'a Position,
    /// The component's words, for messages.
    pub words: &'a str,
}

/// Splits `words` (a spec and its position, then `+`, another spec and its
/// position, ...) at every lone `+`: `None` when there is no `+` (one game,
/// not a sum); an error for an empty component.
pub fn split_sum(words: &[String]) -> Option<Result<Vec<Vec<String>>>> {
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
    /// Who wins, or D for a draw.
    pub outcome: Outcome,
    /// The nim-sum of the components' values (by the loopy sum rule when
    /// one is infinite).
    pub grundy: SumValue,
    /// Every winning move, by component, then in that game's order.
    pub winning_moves: Vec<SumMove>,
    /// How the answer was found.
    pub method: String,
}

/// A component of an analyzed sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumComponent {
    /// The game's canonical spec.
    pub game: String,
    /// Its position (empty for graph games).
    pub position: Vec<UBig>,
    /// Its value.
    pub grundy: SumValue,
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
/// An error of component `index`, whose words are `words`.
pub(crate) fn in_part(index: usize, words: &str, error: Error) -> Error {
    Error::Component {
        index,
        words: words.to_string(),
        source: Box::new(error),
    }
}

/// What `method` adds when a component is infinite.
const LOOPY_RULE: &str = " (loopy sum rule, Smith; Fraenkel and Yesha: one infinite component \
                          inf(K) and finite part a give inf(K xor a), won only by moving that \
                          component to an option of value a; two or more infinite components \
                          are a draw)";

/// The nim-sum of the finite values among `components`.
fn finite_part(components: &[Component<'_>]) -> UBig {
    components
        .iter()
        .filter_map(|c| c.grundy.finite())
        .fold(UBig::ZERO, |acc, g| acc ^ g)
}

/// The value of the sum of `components`, and the components a winning move
/// may be in: all when every value is finite, the infinite one when one is,
/// none when two or more are.
fn sum_value(components: &[Component<'_>]) -> (SumValue, Vec<usize>) {
    let finite = finite_part(components);
    let mut infinite = (0..components.len()).filter(|&i| components[i].grundy.finite().is_none());
    match (infinite.next(), infinite.next()) {
        (None, _) => (SumValue::Finite(finite), (0..components.len()).collect()),
        (Some(i), None) => {
            let SumValue::Infinite(set) = &components[i].grundy else {
                unreachable!("component {i} is infinite")
            };
            let mut set: Vec<UBig> = set.iter().map(|k| k ^ &finite).collect();
            set.sort();
            (SumValue::Infinite(set), vec![i])
        }
        (Some(_), Some(_)) => (SumValue::Infinite(Vec::new()), Vec::new()),
    }
}

/// Outcome, value and every winning move of the sum of `parts` (with
/// `first_only`, the first only).
pub fn analyze_sum(
    parts: &[SumPart],
    first_only: bool,
    monitor: &mut dyn Monitor,
) -> Result<SumAnalysis> {
    let parts: Vec<PartRef<'_>> = parts.iter().map(SumPart::as_ref).collect();
    analyze_sum_of(&parts, first_only, monitor)
}

/// [`analyze_sum`] of borrowed parts.
pub fn analyze_sum_of(
    parts: &[PartRef<'_>],
    first_only: bool,
    monitor: &mut dyn Monitor,
) -> Result<SumAnalysis> {
    let mut components = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let game = part.game;
        let component = game.component(part.at, monitor);
        components.push(component.map_err(|e| in_part(i, part.words, e))?);
    }
    let (grundy, movers) = sum_value(&components);
    let mut winning_moves = Vec::new();
    if grundy.outcome() == Outcome::N {
        // The finite part of the others, and so the target of each mover.
        let finite = finite_part(&components);
        for i in movers {
            let (component, part) = (&components[i], &parts[i]);
            let target = component
                .grundy
                .finite()
                .map_or(finite.clone(), |g| g ^ &finite);
            let moves = match first_only {
                true => component.first_move_to(&target).map(Vec::from_iter),
                false => component.moves_to(&target),
            }
            .map_err(|e| in_part(i, part.words, e))?;
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
        "Sprague-Grundy: the nim-sum X of the components' values; a winning move takes component i \
         to value g_i XOR X{}; {}",
        match components.iter().any(|c| c.grundy.finite().is_none()) {
            true => LOOPY_RULE,
            false => "",
        },
        methods.join("; ")
    );
    Ok(SumAnalysis {
        components: parts
            .iter()
            .zip(&components)
            .map(|(part, c)| SumComponent {
                game: part.game.spec(),
                position: c.position.clone(),
                grundy: c.grundy.clone(),
            })
            .collect(),
        outcome: grundy.outcome(),
        grundy,
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
        map.serialize_entry("grundy", &self.grundy)?;
        map.serialize_entry("winning_moves", &SumMovesJson(&self.winning_moves))?;
        map.serialize_entry("method", &self.method)?;
        map.end()
    }
}

struct ComponentsJson<'a>(&'a [SumComponent]);

impl Serialize for ComponentsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(ComponentJson))
    }
}

struct ComponentJson<'a>(&'a SumComponent);

impl Serialize for ComponentJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("game", &self.0.game)?;
        map.serialize_entry("position", &Ints(&self.0.position))?;
        map.serialize_entry("grundy", &self.0.grundy)?;
        map.end()
    }
}

/// The winning moves of a sum as the contract writes them.
pub(crate) struct SumMovesJson<'a>(pub(super) &'a [SumMove]);

impl Serialize for SumMovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(SumMoveJson))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Quiet;
    use crate::game::{HeapGame, Heaps, Impartial};
    use crate::games::bash::Bash;
    use crate::games::circle::{Circle, CirclePosition};
    use crate::games::dynsub::DynSub;
    use crate::games::nim::Nim;
    use crate::games::octal::Octal;
    use crate::games::staircase::Staircase;
    use crate::games::subtraction::Subtraction;
    use crate::games::wythoff::Wythoff;
    use crate::nimber::Nimber;
    use crate::solve::Memo;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// The words of `text`, split at spaces.
    fn split(text: &str) -> Vec<String> {
        text.split(' ').map(String::from).collect()
    }

    /// The rules of one component, for the sum's own game tree.
    #[derive(Clone, Debug)]
    pub(crate) enum Rules {
        Nim,
        Bash(Bash),
        Subtraction(Subtraction),
        Octal(Octal),
        Staircase,
        Wythoff(Box<Wythoff>),
        DynSub(DynSub),
        Circle(Circle),
    }

    /// A component's position in the tree: numbers, or a circle (which a
    /// first move opens into rows of another game).
    #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub(crate) enum Pos {
        Numbers(Vec<u64>),
        Circle(Vec<u64>, bool),
    }

    impl Pos {
        fn of_circle(p: CirclePosition) -> Pos {
            match p {
                CirclePosition::Circle(n) => Pos::Circle(vec![n], true),
                CirclePosition::Rows(rows) => Pos::Circle(rows, false),
            }
        }
    }

    /// The options of a sum of heaps, each heap replaced where it stands.
    fn heap_options(game: &impl HeapGame, heaps: &[u64]) -> Vec<Pos> {
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            game.for_each_move(h, |left| {
                let mut next = heaps[..i].to_vec();
                next.extend_from_slice(left);
                next.extend_from_slice(&heaps[i + 1..]);
                options.push(Pos::Numbers(next));
            });
        }
        options
    }

    impl Rules {
        pub(crate) fn spec(&self) -> String {
            match self {
                Rules::Nim => "nim".into(),
                Rules::Bash(b) => format!("bash:{}", b.max()),
                Rules::Subtraction(s) => {
                    let set: Vec<String> = s.set().iter().map(u64::to_string).collect();
                    format!("subtraction:{}", set.join(","))
                }
                Rules::Octal(o) => format!("octal:{o}"),
                Rules::Staircase => "staircase".into(),
                Rules::Wythoff(w) => format!("wythoff:k={}", w.k()),
                Rules::DynSub(d) => format!("dynsub:k={}", d.k()),
                Rules::Circle(c) => format!("circle:{}", c.k()),
            }
        }

        pub(crate) fn options(&self, p: &Pos) -> Vec<Pos> {
            let options = match (self, p) {
                (Rules::Nim, Pos::Numbers(h)) => heap_options(&Nim, h),
                (Rules::Bash(g), Pos::Numbers(h)) => heap_options(g, h),
                (Rules::Subtraction(g), Pos::Numbers(h)) => heap_options(g, h),
                (Rules::Octal(g), Pos::Numbers(h)) => heap_options(g, h),
                (Rules::Staircase, Pos::Numbers(s)) => {
                    Staircase.options(s).into_iter().map(Pos::Numbers).collect()
                }
                (Rules::Wythoff(w), Pos::Numbers(p)) => w
                    .options(&(p[0], p[1]))
                    .into_iter()
                    .map(|(x, y)| Pos::Numbers(vec![x, y]))
                    .collect(),
                (Rules::DynSub(d), Pos::Numbers(p)) => d
                    .options(&(p[0], p[1]))
                    .into_iter()
                    .map(|(n, l)| Pos::Numbers(vec![n, l]))
                    .collect(),
                (Rules::Circle(c), Pos::Circle(p, whole)) => {
                    let p = match whole {
                        true => CirclePosition::Circle(p[0]),
                        false => CirclePosition::Rows(p.clone()),
                    };
                    c.options(&p).into_iter().map(Pos::of_circle).collect()
                }
                _ => unreachable!("a position of another game"),
            };
            options.into_iter().map(|o| self.canonical(o)).collect()
        }

        /// The same game written one way: heaps sorted without zeros, the
        /// dynsub limit capped at the pile (it allows every move then).
        fn canonical(&self, p: Pos) -> Pos {
            match (self, p) {
                (
                    Rules::Nim | Rules::Bash(_) | Rules::Subtraction(_) | Rules::Octal(_),
                    Pos::Numbers(h),
                ) => Pos::Numbers(Heaps::<Nim>::position(&h)),
                (Rules::DynSub(_), Pos::Numbers(p)) => Pos::Numbers(vec![p[0], p[1].min(p[0])]),
                (Rules::Circle(_), Pos::Circle(rows, false)) => {
                    Pos::Circle(Heaps::<Nim>::position(&rows), false)
                }
                (_, p) => p,
            }
        }

        /// A component's position as the catalogue writes it (a circle's
        /// move leaves one row).
        pub(crate) fn of_catalogue(&self, to: &[UBig], whole: bool) -> Pos {
            let numbers: Vec<u64> = to.iter().map(|v| u64::try_from(v).unwrap()).collect();
            let p = match self {
                Rules::Circle(_) => Pos::Circle(numbers, whole),
                _ => Pos::Numbers(numbers),
            };
            self.canonical(p)
        }
    }

    /// A sum of components of different games, by its rules.
    pub(crate) struct SumRules(pub(super) Vec<Rules>);

    impl Impartial for SumRules {
        type Position = Vec<Pos>;

        fn options(&self, position: &Vec<Pos>) -> Vec<Vec<Pos>> {
            let mut result = Vec::new();
            for (i, (rules, p)) in self.0.iter().zip(position).enumerate() {
                for option in rules.options(p) {
                    let mut next = position.clone();
                    next[i] = option;
                    result.push(next);
                }
            }
            result
        }
    }

    /// `analyze_sum` against exhaustive search of the sum's own tree: value,
    /// outcome, and the winning moves exactly the moves to P-positions (each
    /// move once; equal heaps give equal positions by different moves).
    fn check(components: &[(Rules, Vec<u64>)]) {
        let parts: Vec<SumPart> = components
            .iter()
            .map(|(rules, p)| {
                let position: Vec<String> = p.iter().map(u64::to_string).collect();
                SumPart::parse(&rules.spec(), &position, None).unwrap()
            })
            .collect();
        let answer = analyze_sum(&parts, false, &mut Quiet).unwrap();
        let first = analyze_sum(&parts, true, &mut Quiet).unwrap();
        assert_eq!(
            first.winning_moves,
            answer.winning_moves[..answer.winning_moves.len().min(1)]
        );
        let rules = SumRules(components.iter().map(|(r, _)| r.clone()).collect());
        let start: Vec<Pos> = components
            .iter()
            .map(|(r, p)| {
                r.of_catalogue(&p.iter().map(|&v| UBig::from(v)).collect::<Vec<_>>(), true)
            })
            .collect();
        let mut memo = Memo::new(rules);
        let value = memo.grundy(&start).unwrap();
        let label = format!("{components:?}");
        assert_eq!(
            answer.grundy,
            SumValue::Finite(UBig::from(value.0)),
            "{label}"
        );
        assert_eq!(answer.outcome, Outcome::of(value), "{label}");
        for (c, (r, p)) in answer.components.iter().zip(components) {
            let alone = Memo::new(SumRules(vec![r.clone()]))
                .grundy(&vec![r.of_catalogue(&c.position, true)])
                .unwrap();
            assert_eq!(
                c.grundy,
                SumValue::Finite(UBig::from(alone.0)),
                "{label}: {p:?}"
            );
        }
        let mut expected = BTreeSet::new();
        for option in memo.game().options(&start) {
            if memo.grundy(&option).unwrap() == Nimber::ZERO {
                let i = (0..start.len()).find(|&i| option[i] != start[i]).unwrap();
                expected.insert((i, option[i].clone()));
            }
        }
        let raw: BTreeSet<(usize, Vec<UBig>)> = answer
            .winning_moves
            .iter()
            .map(|m| (m.component, m.to.clone()))
            .collect();
        assert_eq!(
            raw.len(),
            answer.winning_moves.len(),
            "a move twice: {label}"
        );
        let found: BTreeSet<(usize, Pos)> = answer
            .winning_moves
            .iter()
            .map(|m| {
                (
                    m.component,
                    components[m.component].0.of_catalogue(&m.to, false),
                )
            })
            .collect();
        assert_eq!(found, expected, "{label}");
        let order: Vec<usize> = answer.winning_moves.iter().map(|m| m.component).collect();
        assert!(order.windows(2).all(|w| w[0] <= w[1]), "{label}");
    }

    fn kinds() -> Vec<Rules> {
        vec![
            Rules::Nim,
            Rules::Bash(Bash::new(2).unwrap()),
            Rules::Subtraction(Subtraction::new(&[1, 3, 4]).unwrap()),
            Rules::Octal("0.77".parse().unwrap()),
            Rules::Staircase,
            Rules::Wythoff(Box::new(Wythoff::classic())),
            Rules::Wythoff(Box::new(Wythoff::new(1))),
            Rules::DynSub(DynSub::new(2).unwrap()),
            Rules::Circle(Circle::new(2).unwrap()),
        ]
    }

    /// Every small position of a kind: one or two heaps or stairs, or the
    /// two numbers of a pile pair or of a dynsub position, or a circle.
    fn small_positions(rules: &Rules, max: u64) -> Vec<Vec<u64>> {
        let pairs = || (0..=max).flat_map(move |a| (0..=max).map(move |b| vec![a, b]));
        match rules {
            Rules::Wythoff(_) | Rules::DynSub(_) => pairs().collect(),
            Rules::Circle(_) => (0..=2 * max).map(|n| vec![n]).collect(),
            _ => (0..=max).map(|n| vec![n]).chain(pairs()).collect(),
        }
    }

    #[test]
    fn every_small_sum_of_two_games_agrees_with_its_own_tree() {
        let kinds = kinds();
        for a in &kinds {
            for b in &kinds {
                for pa in small_positions(a, 3) {
                    for pb in small_positions(b, 2) {
                        check(&[(a.clone(), pa.clone()), (b.clone(), pb)]);
                    }
                }
            }
        }
    }

    fn component() -> impl Strategy<Value = (Rules, Vec<u64>)> {
        (
            0..kinds().len(),
            proptest::collection::vec(0u64..5, 1..3),
            0u64..5,
        )
            .prop_map(|(kind, heaps, other)| {
                let rules = kinds().swap_remove(kind);
                let position = match rules {
                    Rules::Wythoff(_) | Rules::DynSub(_) => vec![heaps[0], other],
                    Rules::Circle(_) => vec![heaps[0] + other],
                    _ => heaps,
                };
                (rules, position)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_small_sums_agree_with_their_own_tree(
            components in proptest::collection::vec(component(), 1..4)
        ) {
            check(&components);
        }
    }

    /// A digraph on `0..n` with `arcs`, as a graph file's text.
    fn graph_file(n: u64, arcs: &[(u64, u64)]) -> String {
        let mut text: String = (0..n).map(|v| format!("{v}\n")).collect();
        text.extend(arcs.iter().map(|(u, v)| format!("{u} {v}\n")));
        text
    }

    /// A state of `nim heaps + digraph tokens`: heaps sorted without zeros.
    type Mixed = (Vec<u64>, Vec<u64>);

    /// The options of a mixed state by the rules of both games.
    fn mixed_options(arcs: &[(u64, u64)], (heaps, tokens): &Mixed) -> Vec<Mixed> {
        let mut options: Vec<Mixed> = heap_options(&Nim, heaps)
            .into_iter()
            .map(|p| match p {
                Pos::Numbers(h) => (Heaps::<Nim>::position(&h), tokens.clone()),
                Pos::Circle(..) => unreachable!("nim heaps"),
            })
            .collect();
        for (i, &t) in tokens.iter().enumerate() {
            for &(_, v) in arcs.iter().filter(|&&(u, _)| u == t) {
                let mut next = tokens.clone();
                next[i] = v;
                options.push((heaps.clone(), next));
            }
        }
        options
    }

    /// Win, loss or draw of every state reachable from `start`, by retrograde
    /// analysis of the sum's own graph: a state with a P option is N, one whose
    /// options are all N is P, until nothing changes; the rest are drawn.
    fn retrograde(arcs: &[(u64, u64)], start: &Mixed) -> std::collections::HashMap<Mixed, Outcome> {
        let mut seen = std::collections::HashMap::new();
        let mut stack = vec![start.clone()];
        while let Some(state) = stack.pop() {
            if seen.contains_key(&state) {
                continue;
            }
            let options = mixed_options(arcs, &state);
            stack.extend(options.iter().cloned());
            seen.insert(state, options);
        }
        let mut outcome: std::collections::HashMap<Mixed, Outcome> = Default::default();
        let mut changed = true;
        while changed {
            changed = false;
            for (state, options) in &seen {
                if outcome.contains_key(state) {
                    continue;
                }
                let of = |o: &Mixed| outcome.get(o).copied();
                let found = if options.iter().any(|o| of(o) == Some(Outcome::P)) {
                    Outcome::N
                } else if options.iter().all(|o| of(o) == Some(Outcome::N)) {
                    Outcome::P
                } else {
                    continue;
                };
                outcome.insert(state.clone(), found);
                changed = true;
            }
        }
        seen.into_keys()
            .map(|s| {
                let o = outcome.get(&s).copied().unwrap_or(Outcome::D);
                (s, o)
            })
            .collect()
    }

    /// `analyze_sum` of `nim heaps + digraph tokens` against the retrograde
    /// analysis of the sum's graph: the outcome, and the winning moves exactly
    /// the moves to P-positions.
    fn check_mixed(n: u64, arcs: &[(u64, u64)], heaps: &[u64], tokens: &[u64]) {
        let words = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>();
        let parts = vec![
            SumPart::parse("nim", &words(heaps), None).unwrap(),
            SumPart::parse(
                "digraph",
                &words(tokens),
                Some(GraphInput::Edges(graph_file(n, arcs))),
            )
            .unwrap(),
        ];
        let answer = analyze_sum(&parts, false, &mut Quiet).unwrap();
        let start: Mixed = (Heaps::<Nim>::position(heaps), tokens.to_vec());
        let oracle = retrograde(arcs, &start);
        let label = format!("{arcs:?} nim {heaps:?} tokens {tokens:?}: {answer:?}");
        assert_eq!(answer.outcome, oracle[&start], "{label}");
        let expected: BTreeSet<(usize, Mixed)> = mixed_options(arcs, &start)
            .into_iter()
            .filter(|o| oracle[o] == Outcome::P)
            .map(|o| (usize::from(o.1 != start.1), o))
            .collect();
        let found: BTreeSet<(usize, Mixed)> = answer
            .winning_moves
            .iter()
            .map(|m| {
                let to: Vec<u64> = m.to.iter().map(|v| u64::try_from(v).unwrap()).collect();
                let state = match m.component {
                    0 => (Heaps::<Nim>::position(&to), start.1.clone()),
                    _ => (start.0.clone(), to),
                };
                (m.component, state)
            })
            .collect();
        assert_eq!(found, expected, "{label}");
        if answer.outcome == Outcome::D {
            assert!(answer.grundy.finite().is_none(), "{label}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn nim_plus_digraph_tokens_agree_with_retrograde_analysis(
            n in 1u64..=5,
            arcs in proptest::collection::vec((0u64..5, 0u64..5), 0..10),
        ) {
            let arcs: Vec<(u64, u64)> = arcs.into_iter().map(|(u, v)| (u % n, v % n)).collect();
            for heaps in [vec![0], vec![1], vec![2], vec![3], vec![1, 2], vec![3, 3]] {
                for a in 0..n {
                    check_mixed(n, &arcs, &heaps, &[a]);
                    for b in 0..n {
                        check_mixed(n, &arcs, &heaps, &[a, b]);
                    }
                }
            }
        }
    }

    #[test]
    fn the_loopy_sum_rule_on_a_two_cycle() {
        // 0 <-> 1 is drawn (inf{}); 2 is an end (0); 3 moves to 0 or 2: its
        // option 0 is infinite and has no option of value 1, so 3 is inf{0}.
        let arcs = [(0, 1), (1, 0), (3, 0), (3, 2)];
        check_mixed(4, &arcs, &[0], &[3]);
        check_mixed(4, &arcs, &[1], &[3]);
        check_mixed(4, &arcs, &[2], &[0, 3]);
        let parts = |heaps: &str, tokens: &str| {
            vec![
                SumPart::parse("nim", &split(heaps), None).unwrap(),
                SumPart::parse(
                    "digraph",
                    &split(tokens),
                    Some(GraphInput::Edges(graph_file(4, &arcs))),
                )
                .unwrap(),
            ]
        };
        // nim 0 + token on 3: inf{0}, N, the one winning move 3 -> 2.
        let a = analyze_sum(&parts("0", "3"), false, &mut Quiet).unwrap();
        assert_eq!(a.grundy, SumValue::Infinite(vec![UBig::ZERO]));
        assert_eq!(a.grundy.to_string(), "inf{0}");
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, [UBig::from(2u8)]);
        // nim 1 + token on 3: inf{1}, a draw; two infinite tokens: inf{}.
        let a = analyze_sum(&parts("1", "3"), false, &mut Quiet).unwrap();
        assert_eq!(
            (a.outcome, a.grundy.to_string()),
            (Outcome::D, "inf{1}".into())
        );
        assert!(a.winning_moves.is_empty());
        let a = analyze_sum(&parts("1", "3 0"), false, &mut Quiet).unwrap();
        assert_eq!(
            (a.outcome, a.grundy.to_string()),
            (Outcome::D, "inf{}".into())
        );
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["grundy"], "inf{}");
        assert_eq!(json["outcome"], "D");
        assert_eq!(json["components"][1]["grundy"], "inf{}");
    }

    #[test]
    fn a_component_without_values_names_itself() {
        let part = |spec: &str, position: &[&str]| {
            SumPart::parse(spec, &split(&position.join(" ")), None).unwrap()
        };
        let refused = analyze_sum(
            &[
                part("nim", &["3"]),
                part("wythoff:ratios", &["5000", "6000"]),
            ],
            false,
            &mut Quiet,
        )
        .unwrap_err();
        assert_eq!(refused.kind(), crate::error::ErrorKind::Limit);
        let message = refused.to_string();
        assert!(
            message.starts_with("component 1 of the sum ('wythoff:ratios 5000 6000'"),
            "{message}"
        );
    }

    #[test]
    fn split_sum_refuses_empty_components() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert!(split_sum(&words("nim 3 4")).is_none());
        assert_eq!(
            split_sum(&words("nim 3 + kayles 4")).unwrap().unwrap(),
            vec![words("nim 3"), words("kayles 4")]
        );
        for bad in ["nim 3 +", "+ nim 3", "nim 3 + + nim 4", "+"] {
            assert!(split_sum(&words(bad)).unwrap().is_err(), "{bad}");
        }
    }
}

/// Misère play and Every-SG of sums ([`super::conventions`]) against exhaustive
/// search of each sum's own tree under that convention.
#[cfg(test)]
mod convention_tests {
    use super::tests::{Pos, Rules, SumRules};
    use super::*;
    use crate::catalog::{analyze_convention_sum, parse, Convention};
    use crate::game::Impartial;
    use crate::games::bash::Bash;
    use crate::games::subtraction::Subtraction;
    use crate::solve::misere::Misere;
    use crate::solve::summands::suspense;
    use crate::solve::Memo;
    use std::collections::{BTreeSet, HashMap};

    fn kinds() -> Vec<Rules> {
        vec![
            Rules::Nim,
            Rules::Bash(Bash::new(2).unwrap()),
            Rules::Bash(Bash::new(3).unwrap()),
            Rules::Subtraction(Subtraction::new(&[1, 3, 4]).unwrap()),
            Rules::Subtraction(Subtraction::new(&[2, 3]).unwrap()),
            Rules::Staircase,
        ]
    }

    fn parts(components: &[(Rules, Vec<u64>)]) -> Vec<SumPart> {
        components
            .iter()
            .map(|(rules, p)| {
                let position: Vec<String> = p.iter().map(u64::to_string).collect();
                SumPart::parse(&rules.spec(), &position, None).unwrap()
            })
            .collect()
    }

    fn start(components: &[(Rules, Vec<u64>)]) -> Vec<Pos> {
        components
            .iter()
            .map(|(r, p)| {
                r.of_catalogue(&p.iter().map(|&v| UBig::from(v)).collect::<Vec<_>>(), true)
            })
            .collect()
    }

    /// The component moved and its position reached, of each listed move.
    fn moved(components: &[(Rules, Vec<u64>)], moves: &[SumMove]) -> BTreeSet<(usize, Pos)> {
        moves
            .iter()
            .map(|m| {
                (
                    m.component,
                    components[m.component].0.of_catalogue(&m.to, false),
                )
            })
            .collect()
    }

    /// The misère answer against the misère tree of the sum; returns the method.
    fn check_misere(components: &[(Rules, Vec<u64>)]) -> String {
        let answer = analyze_convention_sum(&parts(components), Convention::Misere).unwrap();
        let label = format!("{components:?}");
        let rules = SumRules(components.iter().map(|(r, _)| r.clone()).collect());
        let start = start(components);
        let mut memo = Memo::new(Misere(rules));
        let outcome = memo.outcome(&Some(start.clone())).unwrap();
        assert_eq!(answer.outcome, outcome, "{label}: {}", answer.method);
        let mut expected = BTreeSet::new();
        for option in memo.game().0.options(&start) {
            if memo.outcome(&Some(option.clone())).unwrap() == Outcome::P {
                let i = (0..start.len()).find(|&i| option[i] != start[i]).unwrap();
                expected.insert((i, option[i].clone()));
            }
        }
        assert_eq!(
            moved(components, &answer.winning_moves),
            expected,
            "{label}"
        );
        answer.method
    }

    /// Every-SG of a sum of components: a move moves in each that can.
    struct EveryRules(Vec<Rules>);

    impl Impartial for EveryRules {
        type Position = Vec<Pos>;

        fn options(&self, position: &Vec<Pos>) -> Vec<Vec<Pos>> {
            let lists: Vec<Vec<Pos>> = self
                .0
                .iter()
                .zip(position)
                .map(|(r, p)| match r.options(p) {
                    none if none.is_empty() => vec![p.clone()],
                    some => some,
                })
                .collect();
            if lists
                .iter()
                .zip(position)
                .all(|(l, p)| l == &vec![p.clone()])
            {
                return Vec::new();
            }
            lists.iter().fold(vec![Vec::new()], |acc, list| {
                acc.into_iter()
                    .flat_map(|prefix| {
                        list.iter().map(move |o| {
                            let mut next = prefix.clone();
                            next.push(o.clone());
                            next
                        })
                    })
                    .collect()
            })
        }
    }

    fn tree_steps(game: &EveryRules, p: &Vec<Pos>, known: &mut HashMap<Vec<Pos>, u64>) -> u64 {
        if let Some(&s) = known.get(p) {
            return s;
        }
        let options: Vec<u64> = game
            .options(p)
            .iter()
            .map(|o| tree_steps(game, o, known))
            .collect();
        let s = suspense(options.into_iter());
        known.insert(p.clone(), s);
        s
    }

    /// Every-SG against the sum's own tree (each component one summand):
    /// outcome, steps, and the moves of each component that some winning
    /// move of the sum uses.
    fn check_every(components: &[(Rules, Vec<u64>)]) {
        let answer = analyze_convention_sum(&parts(components), Convention::Every).unwrap();
        let label = format!("{components:?}");
        let game = EveryRules(components.iter().map(|(r, _)| r.clone()).collect());
        let start = start(components);
        let mut memo = Memo::new(EveryRules(game.0.clone()));
        assert_eq!(answer.outcome, memo.outcome(&start).unwrap(), "{label}");
        let steps = tree_steps(&game, &start, &mut HashMap::new());
        assert_eq!(answer.steps, Some(UBig::from(steps)), "{label}");
        let mut expected = BTreeSet::new();
        for option in game.options(&start) {
            if memo.outcome(&option).unwrap() == Outcome::P {
                for i in 0..start.len() {
                    if option[i] != start[i] {
                        expected.insert((i, option[i].clone()));
                    }
                }
            }
        }
        assert_eq!(
            moved(components, &answer.winning_moves),
            expected,
            "{label}"
        );
    }

    fn small(rules: &Rules, max: u64) -> Vec<Vec<u64>> {
        match rules {
            Rules::Staircase => (0..=max)
                .flat_map(|a| (0..=max).map(move |b| vec![a, b]))
                .collect(),
            _ => (0..=max).map(|n| vec![n]).collect(),
        }
    }

    #[test]
    fn misere_sums_of_two_games_agree_with_their_own_trees() {
        let kinds = kinds();
        for a in &kinds {
            for b in &kinds {
                for pa in small(a, 7) {
                    for pb in small(b, 4) {
                        check_misere(&[(a.clone(), pa.clone()), (b.clone(), pb)]);
                    }
                }
            }
        }
    }

    #[test]
    fn misere_sums_of_heaps_of_one_game_agree_with_their_own_trees() {
        for rules in kinds() {
            for heaps in crate::games::oracle::heap_tuples(3, 6) {
                if matches!(rules, Rules::Staircase) {
                    continue;
                }
                check_misere(&[(rules.clone(), heaps)]);
            }
        }
    }

    #[test]
    fn every_sg_sums_agree_with_their_own_trees() {
        let kinds = kinds();
        for a in &kinds {
            for b in &kinds {
                for pa in small(a, 6) {
                    for pb in small(b, 3) {
                        check_every(&[(a.clone(), pa.clone()), (b.clone(), pb.clone())]);
                        check_every(&[
                            (a.clone(), pa.clone()),
                            (b.clone(), pb),
                            (Rules::Nim, vec![2]),
                        ]);
                    }
                }
            }
        }
    }

    /// Each rule is used where its hypotheses hold, and only there.
    #[test]
    fn each_rule_is_used_within_its_hypotheses() {
        let nim = |n| (Rules::Nim, vec![n]);
        let bash = |n| (Rules::Bash(Bash::new(2).unwrap()), vec![n]);
        let sub = |set: &[u64], n| (Rules::Subtraction(Subtraction::new(set).unwrap()), vec![n]);
        assert!(check_misere(&[nim(3), bash(7)]).starts_with("Bouton's misère rule"));
        // subtraction:2,3 up to heap 4: value 0 only at heaps 0 and 1, which
        // have no move.
        assert!(check_misere(&[nim(3), sub(&[2, 3], 4)]).starts_with("the SJ theorem"));
        // Heap 5 has value 0 and a move: search.
        assert!(check_misere(&[nim(3), sub(&[2, 3], 5)]).starts_with("exhaustive misère search"));
    }

    /// Where the SJ hypothesis fails, its rule would be wrong: Kayles (heap
    /// 4 has value 0 and moves) shows it, and the catalogue answers by search
    /// instead, right.
    #[test]
    fn a_game_where_the_sj_rule_fails_is_searched() {
        let kayles: crate::games::octal::Octal = "0.77".parse().unwrap();
        let values = crate::solve::heap_sequence(&kayles, 9);
        let mut wrong = Vec::new();
        for a in 0..9u64 {
            for b in 0..4u64 {
                let components = [
                    (Rules::Octal(kayles.clone()), vec![a]),
                    (Rules::Nim, vec![b]),
                ];
                let by_rule = crate::games::nim::misere_is_p(&[
                    UBig::from(values[a as usize].0),
                    UBig::from(b),
                ]);
                let method = check_misere(&components);
                let answer =
                    analyze_convention_sum(&parts(&components), Convention::Misere).unwrap();
                if by_rule != (answer.outcome == Outcome::P) {
                    assert!(method.starts_with("exhaustive misère search"), "{method}");
                    wrong.push((a, b));
                }
            }
        }
        // Kayles 8 + Nim 0: the rule says P (value 1), the tree says N.
        assert!(wrong.contains(&(8, 0)), "{wrong:?}");
    }

    #[test]
    fn misere_sums_with_kayles_agree_with_their_own_trees() {
        let kayles = Rules::Octal("0.77".parse().unwrap());
        for other in kinds() {
            for a in 0..9 {
                for b in small(&other, 4) {
                    check_misere(&[(kayles.clone(), vec![a]), (other.clone(), b)]);
                }
            }
        }
        for heaps in crate::games::oracle::heap_tuples(3, 6) {
            check_misere(&[(kayles.clone(), heaps)]);
        }
    }

    /// Every game of the registry answers its example under misère play and
    /// Every-SG, or refuses in one line.
    #[test]
    fn every_game_answers_the_play_conventions_or_says_why() {
        for entry in crate::catalog::GAMES {
            let game = parse(entry.example_spec).unwrap();
            let position: Vec<String> = entry
                .example_position
                .split_whitespace()
                .map(String::from)
                .collect();
            // A graph game's example reads its graph (`-`) from stdin.
            let at = match game.form().graph {
                Some(_) => {
                    let graph = GraphInput::Edges(entry.example_stdin.into());
                    Position::of(game.as_ref(), &position[1..], Some(graph))
                }
                None => Position::of(game.as_ref(), &position, None),
            }
            .unwrap();
            for play in [Convention::Misere, Convention::Every] {
                match crate::catalog::analyze_convention(game.as_ref(), &at, play) {
                    Ok(answer) => assert_eq!(answer.play, play),
                    Err(e) => assert!(!e.to_string().contains('\n'), "{}: {e}", entry.name),
                }
            }
        }
    }

    /// The closed forms of `sequence --misere` (Nim, Bash) against the
    /// misère values computed from the rules.
    #[test]
    fn misere_sequences_in_closed_form_agree_with_the_rules() {
        use crate::solve::summands::SummandGraph;
        let check = |spec: &str, rules: Option<SummandGraph>| {
            let game = parse(spec).unwrap();
            let closed = crate::catalog::misere_sequence(game.as_ref(), 60).unwrap();
            assert!(closed.method.starts_with("closed form"), "{spec}");
            let values = rules.unwrap().misere_values().unwrap().unwrap();
            let expected: Vec<UBig> = values.into_iter().map(UBig::from).collect();
            assert_eq!(closed.values, expected, "{spec}");
        };
        check(
            "nim",
            SummandGraph::of_heaps(&crate::games::nim::Nim, 59, u64::MAX),
        );
        for m in 1..6 {
            let bash = Bash::new(m).unwrap();
            check(
                &format!("bash:{m}"),
                SummandGraph::of_heaps(&bash, 59, u64::MAX),
            );
        }
    }
}
