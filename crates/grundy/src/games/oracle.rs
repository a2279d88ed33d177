//! Test support: the rules as the oracle for heap games' theory.

use std::collections::BTreeSet;

use dashu_int::UBig;

use crate::game::{HeapGame, HeapMove, Heaps, Impartial};
use crate::solve::Memo;

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

/// Holds a heap game's theory (`analyse` returns the value of a sum of heaps and
/// its winning moves) against memoised search over the rules, on every tuple of
/// up to `count` heaps of size at most `max`: the value of the sum itself, not
/// just of single heaps, so the Sprague-Grundy sum rule is tested too.
pub(crate) fn check_heap_theory<G: HeapGame>(
    game: G,
    analyse: impl Fn(&[UBig]) -> (UBig, Vec<HeapMove>),
    count: usize,
    max: u64,
) {
    check_heap_positions(
        game,
        |tuple| {
            let big: Vec<UBig> = tuple.iter().map(|&h| UBig::from(h)).collect();
            let (value, moves) = analyse(&big);
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
    analyse: impl Fn(&[u64]) -> (UBig, Vec<Vec<u64>>),
    count: usize,
    max: u64,
) {
    let mut memo = Memo::new(Heaps(game));
    for tuple in heap_tuples(count, max) {
        let position = Heaps::<G>::position(&tuple);
        let (value, reached) = analyse(&tuple);
        let expected = memo.grundy(&position).expect("heap games are short");
        assert_eq!(value, UBig::from(expected.0), "value of {tuple:?}");
        let found: BTreeSet<Vec<u64>> = reached.iter().map(|r| Heaps::<G>::position(r)).collect();
        let options = memo.game().options(&position);
        let winning: BTreeSet<Vec<u64>> = options
            .into_iter()
            .filter(|o| memo.grundy(o).expect("short").is_zero())
            .collect();
        assert_eq!(found, winning, "winning moves of {tuple:?}");
    }
}
