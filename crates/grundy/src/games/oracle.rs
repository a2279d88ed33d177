//! Test support: the rules as the oracle for every game's theory.
//!
//! [`check_claim`] is the one comparison: what a theory (or a catalogue
//! answer) says of a position against memoised search over the game's moves.
//! The heap helpers below and the tests of each game call it.

use std::collections::BTreeSet;
use std::fmt::Debug;

use dashu_int::UBig;

use crate::game::{HeapGame, HeapMove, Heaps, Impartial, Outcome};
use crate::solve::Memo;

/// What a theory says of one position.
pub(crate) struct Claim<P> {
    /// Who wins, when the theory says it apart from its moves.
    pub outcome: Option<Outcome>,
    /// The Grundy value, when the theory gives one.
    pub value: Option<UBig>,
    /// The positions its winning moves reach, in the order it lists them.
    pub reached: Vec<P>,
}

/// Holds `claim` about `position` (named `label` in failures) against the
/// rules: the outcome and the value when claimed, and the winning moves, each
/// listed once and exactly those to a P-position (so none when `position`
/// is a P-position).
pub(crate) fn check_claim<G: Impartial>(
    memo: &mut Memo<G>,
    position: &G::Position,
    claim: Claim<G::Position>,
    label: &impl Debug,
) where
    G::Position: Ord,
{
    let expected = memo.grundy(position).expect("the game is short");
    if let Some(outcome) = claim.outcome {
        assert_eq!(outcome, Outcome::of(expected), "outcome of {label:?}");
    }
    if let Some(value) = claim.value {
        assert_eq!(value, UBig::from(expected.0), "value of {label:?}");
    }
    let found: BTreeSet<G::Position> = claim.reached.iter().cloned().collect();
    assert_eq!(
        found.len(),
        claim.reached.len(),
        "a winning move listed twice in {label:?}"
    );
    let options = memo.game().options(position);
    let winning: BTreeSet<G::Position> = options
        .into_iter()
        .filter(|o| memo.grundy(o).expect("short").is_zero())
        .collect();
    assert_eq!(found, winning, "winning moves of {label:?}");
}

/// Every tuple of 1 to `count` heaps, each of size at most `max`.
pub(crate) fn heap_tuples(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..count {
        layer = layer
            .iter()
            .flat_map(|t| {
                (0..=max).map(move |h| {
                    let mut t = t.clone();
                    t.push(h);
                    t
                })
            })
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// Holds a heap game's theory (`analyze` returns the value of a sum of heaps and
/// its winning moves) against memoised search over the rules, on every tuple of
/// up to `count` heaps of size at most `max`: the value of the sum itself, not
/// just of single heaps, so the Sprague-Grundy sum rule is tested too.
pub(crate) fn check_heap_theory<G: HeapGame>(
    game: G,
    analyze: impl Fn(&[UBig]) -> (UBig, Vec<HeapMove>),
    count: usize,
    max: u64,
) {
    check_heap_positions(
        game,
        |tuple| {
            let big: Vec<UBig> = tuple.iter().map(|&h| UBig::from(h)).collect();
            let (value, moves) = analyze(&big);
            let distinct: BTreeSet<(usize, &UBig)> =
                moves.iter().map(|m| (m.heap, &m.to)).collect();
            assert_eq!(
                distinct.len(),
                moves.len(),
                "a move listed twice in {tuple:?}"
            );
            let reached = moves
                .iter()
                .map(|m| {
                    let mut after = tuple.to_vec();
                    after[m.heap] = u64::try_from(&m.to).expect("small");
                    after
                })
                .collect();
            (value, reached)
        },
        count,
        max,
    );
}

/// The same, for a theory that gives the positions its winning moves reach
/// (heaps in any order, zeros allowed).
pub(crate) fn check_heap_positions<G: HeapGame>(
    game: G,
    analyze: impl Fn(&[u64]) -> (UBig, Vec<Vec<u64>>),
    count: usize,
    max: u64,
) {
    let mut memo = Memo::new(Heaps(game));
    for tuple in heap_tuples(count, max) {
        let (value, reached) = analyze(&tuple);
        // Moves on equal heaps reach the same sum: one position for them all.
        let reached: BTreeSet<Vec<u64>> = reached.iter().map(|r| Heaps::<G>::position(r)).collect();
        let claim = Claim {
            outcome: None,
            value: Some(value),
            reached: reached.into_iter().collect(),
        };
        check_claim(&mut memo, &Heaps::<G>::position(&tuple), claim, &tuple);
    }
}

/// Holds a heap game's misère theory (`misere` says whether a sum of heaps is
/// a misère P-position and gives its winning moves) against memoised search
/// of the misère tree of the rules ([`Misere`](crate::solve::misere::Misere)),
/// on every tuple of up to `count` heaps of size at most `max` but the empty
/// sum (whose "move" is the extra one that ends misère play).
pub(crate) fn check_misere_heap_theory<G: HeapGame>(
    game: G,
    misere: impl Fn(&[UBig]) -> (bool, Vec<HeapMove>),
    count: usize,
    max: u64,
) {
    use crate::solve::misere::Misere;
    let mut memo = Memo::new(Misere(Heaps(game)));
    for tuple in heap_tuples(count, max) {
        if tuple.iter().all(|&h| h == 0) {
            continue;
        }
        let big: Vec<UBig> = tuple.iter().map(|&h| UBig::from(h)).collect();
        let (is_p, moves) = misere(&big);
        let reached: BTreeSet<Option<Vec<u64>>> = moves
            .iter()
            .map(|m| {
                let mut after = tuple.clone();
                after[m.heap] = u64::try_from(&m.to).expect("small");
                Some(Heaps::<G>::position(&after))
            })
            .collect();
        let claim = Claim {
            outcome: Some(Outcome::from_p(is_p)),
            value: None,
            reached: reached.into_iter().collect(),
        };
        check_claim(
            &mut memo,
            &Some(Heaps::<G>::position(&tuple)),
            claim,
            &tuple,
        );
    }
}

/// Every graph on the vertices `0..4` (one for each of the 64 edge masks of
/// the simple graph; each vertex named, so that none is left out), as graph
/// files: the small graphs every graph game is checked on.
pub(crate) fn small_graph_files() -> Vec<String> {
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    (0u32..64)
        .map(|mask| {
            let mut text = "0\n1\n2\n3\n".to_string();
            for (i, (u, v)) in pairs.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    text.push_str(&format!("{u} {v}\n"));
                }
            }
            text
        })
        .collect()
}
