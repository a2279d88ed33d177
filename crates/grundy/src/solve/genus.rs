//! Conway's genus of sums of summands, by the rules.
//!
//! The genus of a game `G` (Conway, On Numbers and Games ch. 12; Winning
//! Ways ch. 13) is `g^(γ0 γ1 γ2 ...)`: `g` its Grundy value under normal play
//! and `γk` the misère Grundy value of `G` plus `k` Nim heaps of size 2. The
//! misère Grundy value is 1 at a position without a move, else the mex of
//! its options' values; a sum is a misère P-position exactly when it is 0.
//! The exponents end alternating two values forever, and the genus is written
//! with as few as show that: the last two written repeat (`0^120` is
//! `γ = 1, 2, 0, 2, 0, ...`).
//!
//! [`genera`] finds them exactly, with a proof that the alternation has been
//! reached rather than a guess. Write `L_k(X, c)` for the misère Grundy value
//! of `X + k·*2 + c·*1` (`c` in {0, 1}), over every position `X` of the
//! closure of the sums asked (all sums reachable from them). Two facts:
//!
//! 1. `X + *1 + *1` has the misère Grundy value of `X`, for every `X`. First
//!    the outcomes agree, by induction on `X`: a P-position `X` has a move, so
//!    `X + *1 + *1` answers `X' + *1 + *1` (an N-position by induction) by
//!    the winning move there and `X + *1` by taking the other `*1`; an
//!    N-position with a move to a P-position `X'` moves to `X' + *1 + *1`;
//!    and `*1 + *1` is an N-position as `0` is. Then the values agree, since
//!    `v` is the misère Grundy value of `Y` exactly when `Y + *v` is a misère
//!    P-position (induction on `Y + *v`), and `Y + *v + *1 + *1` has the
//!    outcome of `Y + *v`. So one `*1` at most need be kept.
//! 2. For `k >= 1` no position of layer `k` is without a move, and the
//!    options of `X + k·*2 + c·*1` are `X' + k·*2 + c·*1` (same layer),
//!    `X + k·*2` when `c = 1` (same layer), and `X + (k-1)·*2 + c·*1`,
//!    `X + (k-1)·*2 + (1-c)·*1` (a 2 taken whole, or to 1; by fact 1 a
//!    second `*1` cancels the first). So layer `k` is one fixed function of
//!    layer `k - 1` for every `k >= 1`: once `L_k = L_{k-2}` (the whole
//!    layer, both values of `c`), `L_{k+1} = L_{k-1}` and so on forever.
//!
//! So the layers are computed until one equals the layer two before it; from
//! there every `γk` alternates, which is the genus's tail. The values are
//! finite (each layer is a mex over a finite set), so the layers do become
//! periodic; [`GENUS_LAYERS`] bounds how many are computed.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::remoteness::Unsolved;
use super::summands::{SummandGraph, SummandSum};
use super::Cycle;
use crate::game::{options_cost, Impartial};
use crate::limits::GENUS_LAYERS;
use crate::nimber::{mex, Nimber};
use crate::stop;

/// The genus `g^(γ0 γ1 ...)` of a position (see [the module](self)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The Grundy value under normal play.
    pub grundy: u64,
    /// `γ0, γ1, ...`, as few as show the tail: the last two alternate
    /// forever (at least two are kept).
    pub misere: Vec<u64>,
}

impl Genus {
    /// The genus of Grundy value `grundy` and exponents `gammas`, whose last
    /// two alternate from there on: cut to the fewest that show it.
    pub fn new(grundy: u64, mut gammas: Vec<u64>) -> Genus {
        while gammas.len() > 2 && gammas[gammas.len() - 1] == gammas[gammas.len() - 3] {
            gammas.pop();
        }
        Genus {
            grundy,
            misere: gammas,
        }
    }

    /// The genus of a tame position that plays as Nim heaps of nim-sum
    /// `grundy`, `large` telling whether one of them is 2 or more: `0^120` or
    /// `1^031` when none is, else `g^(g, g xor 2)` (misère Nim, Bouton: with a
    /// heap of 2 or more, the misère value is the nim-sum).
    pub fn of_nim(grundy: u64, large: bool) -> Genus {
        let gammas = if large || grundy > 1 {
            vec![grundy, grundy ^ 2]
        } else {
            vec![grundy ^ 1, grundy ^ 2, grundy]
        };
        Genus::new(grundy, gammas)
    }

    /// `γ0`: the misère Grundy value (0 exactly at a misère P-position).
    pub fn misere_value(&self) -> u64 {
        self.misere[0]
    }
}

impl fmt::Display for Genus {
    /// Winning Ways' writing, `2^1420`; when an exponent has two digits or
    /// more they are separated by commas in brackets, `12^[12,14]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.grundy)?;
        if self.misere.iter().all(|&v| v < 10) {
            self.misere.iter().try_for_each(|v| write!(f, "{v}"))
        } else {
            let parts: Vec<String> = self.misere.iter().map(u64::to_string).collect();
            write!(f, "[{}]", parts.join(","))
        }
    }
}

/// The closure of some sums: every sum reachable, each with its options.
struct Closure {
    /// The options of each sum, by index, every option before the sums
    /// that reach it (a post-order).
    options: Vec<Vec<usize>>,
}

impl Closure {
    /// The sums reachable from `starts` (their indexes returned too), in
    /// post-order, within `budget` positions and options: those of the
    /// longest run of starts that fits (every sum kept is there with all
    /// it reaches).
    fn of(
        graph: &SummandGraph,
        starts: &[Vec<u32>],
        budget: u64,
    ) -> Result<(Closure, Vec<usize>), Unsolved> {
        let single = |start: &Vec<u32>| graph.canonical(start).len() <= 1;
        if !graph.splits() && starts.iter().all(single) {
            Closure::of_nodes(graph, starts).map_err(Unsolved::Cycle)
        } else {
            Closure::of_sums(graph, starts, budget)
        }
    }

    /// [`Closure::of`] single summands of a graph whose moves never split
    /// one: a summand stays one (or none), so the nodes themselves are the
    /// closure, the empty sum first.
    fn of_nodes(graph: &SummandGraph, starts: &[Vec<u32>]) -> Result<(Closure, Vec<usize>), Cycle> {
        let mut at = vec![0usize; graph.len()];
        let mut options = vec![Vec::new()];
        for node in graph.post_order()? {
            let to = |parts: &Vec<u32>| parts.first().map_or(0, |&p| at[p as usize]);
            options.push(graph.options(node).iter().map(to).collect());
            at[node as usize] = options.len() - 1;
        }
        let root = |start: &Vec<u32>| match graph.canonical(start)[..] {
            [] => 0,
            [node] => at[node as usize],
            _ => unreachable!("Closure::of gives sums of two or more to of_sums"),
        };
        Ok((Closure { options }, starts.iter().map(root).collect()))
    }

    /// [`Closure::of`] by depth-first search of the sums themselves. A sum is
    /// numbered only once all it reaches is, so when the budget stops the
    /// search the sums numbered are still a closure.
    fn of_sums(
        graph: &SummandGraph,
        starts: &[Vec<u32>],
        budget: u64,
    ) -> Result<(Closure, Vec<usize>), Unsolved> {
        let game = SummandSum(graph);
        let mut index: HashMap<Vec<u32>, usize> = HashMap::new();
        let mut options: Vec<Vec<usize>> = Vec::new();
        let mut spent = 0u64;
        let mut roots = Vec::with_capacity(starts.len());
        'starts: for start in starts {
            let start = graph.canonical(start);
            if let Some(&i) = index.get(&start) {
                roots.push(i);
                continue;
            }
            // Depth-first, each sum numbered after its options; meeting a
            // sum still under way again is a cycle.
            let mut under_way: HashSet<Vec<u32>> = HashSet::new();
            let mut stack: Vec<(Vec<u32>, Vec<Vec<u32>>, usize)> = Vec::new();
            let first = game.options(&start);
            spent = spent.saturating_add(options_cost(&first));
            under_way.insert(start.clone());
            stack.push((start, first, 0));
            while let Some((_, children, next)) = stack.last_mut() {
                stop::poll();
                if spent > budget {
                    break 'starts;
                }
                if let Some(child) = children.get(*next).cloned() {
                    *next += 1;
                    if index.contains_key(&child) {
                        continue;
                    }
                    if under_way.contains(&child) {
                        return Err(Unsolved::Cycle(Cycle {
                            position: format!("{child:?}"),
                        }));
                    }
                    let grandchildren = game.options(&child);
                    spent = spent.saturating_add(options_cost(&grandchildren));
                    under_way.insert(child.clone());
                    stack.push((child, grandchildren, 0));
                } else {
                    let (sum, children, _) =
                        stack.pop().expect("the loop runs on a non-empty stack");
                    under_way.remove(&sum);
                    options.push(children.iter().map(|c| index[c]).collect());
                    index.insert(sum, options.len() - 1);
                }
            }
            roots.push(options.len() - 1);
        }
        Ok((Closure { options }, roots))
    }

    fn len(&self) -> usize {
        self.options.len()
    }

    /// The Grundy value of every sum under normal play.
    fn grundy_values(&self) -> Vec<u64> {
        let mut values = Vec::with_capacity(self.len());
        for options in &self.options {
            let v = mex(options.iter().map(|&o| Nimber(values[o]))).0;
            values.push(v);
        }
        values
    }

    /// Layer 0: `L_0(X, 0)` (1 without a move) and `L_0(X, 1)`.
    fn first_layer(&self) -> Layer {
        let mut layer = Layer::with_len(self.len());
        for (x, options) in self.options.iter().enumerate() {
            layer.alone[x] = if options.is_empty() {
                1
            } else {
                mex(options.iter().map(|&o| Nimber(layer.alone[o]))).0
            };
            let with_one = options.iter().map(|&o| layer.with_one[o]);
            layer.with_one[x] = mex(with_one.chain([layer.alone[x]]).map(Nimber)).0;
        }
        layer
    }

    /// Layer `k >= 1` from layer `k - 1` (see [the module](self), fact 2).
    fn next_layer(&self, before: &Layer) -> Layer {
        let mut layer = Layer::with_len(self.len());
        for (x, options) in self.options.iter().enumerate() {
            let alone = options.iter().map(|&o| layer.alone[o]);
            let from_twos = [before.alone[x], before.with_one[x]];
            layer.alone[x] = mex(alone.chain(from_twos).map(Nimber)).0;
            let with_one = options.iter().map(|&o| layer.with_one[o]);
            let extra = [layer.alone[x], before.alone[x], before.with_one[x]];
            layer.with_one[x] = mex(with_one.chain(extra).map(Nimber)).0;
        }
        layer
    }
}

/// The misère Grundy values of one layer: `X + k·*2` and `X + k·*2 + *1`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layer {
    alone: Vec<u64>,
    with_one: Vec<u64>,
}

impl Layer {
    fn with_len(len: usize) -> Layer {
        Layer {
            alone: vec![0; len],
            with_one: vec![0; len],
        }
    }
}

/// The genus of each sum of nodes of `graph` in `sums` (see [the
/// module](self)): `OverBudget` when the sums they reach hold more than
/// `budget` positions and options, or when [`GENUS_LAYERS`] layers do not
/// show the alternation.
pub fn genera(
    graph: &SummandGraph,
    sums: &[Vec<u32>],
    budget: u64,
) -> Result<Vec<Genus>, Unsolved> {
    let found = genera_within(graph, sums, budget)?;
    if found.len() < sums.len() {
        return Err(Unsolved::OverBudget(budget));
    }
    Ok(found)
}

/// The genera of the longest run of `sums` from the first whose closure
/// holds at most `budget` positions and options ([`genera`] of them);
/// `OverBudget` only when [`GENUS_LAYERS`] layers do not show the
/// alternation.
pub fn genera_within(
    graph: &SummandGraph,
    sums: &[Vec<u32>],
    budget: u64,
) -> Result<Vec<Genus>, Unsolved> {
    let (closure, roots) = Closure::of(graph, sums, budget)?;
    let grundy = closure.grundy_values();
    let mut gammas: Vec<Vec<u64>> = vec![Vec::new(); roots.len()];
    let (mut two_before, mut before): (Option<Layer>, Option<Layer>) = (None, None);
    let mut layer = closure.first_layer();
    for layers in 1.. {
        for (gamma, &root) in gammas.iter_mut().zip(&roots) {
            gamma.push(layer.alone[root]);
        }
        if two_before.as_ref() == Some(&layer) {
            break;
        }
        if layers == GENUS_LAYERS {
            return Err(Unsolved::OverBudget(budget));
        }
        stop::poll();
        let next = closure.next_layer(&layer);
        two_before = before.replace(std::mem::replace(&mut layer, next));
    }
    Ok(gammas
        .into_iter()
        .zip(&roots)
        .map(|(gamma, &root)| Genus::new(grundy[root], gamma))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{HeapGame, Heaps};
    use crate::games::nim::Nim;
    use crate::games::octal::Octal;
    use crate::games::subtraction::Subtraction;
    use crate::solve::misere::Misere;
    use crate::solve::Memo;
    use proptest::prelude::*;

    /// A sum of heaps of a heap game and Nim heaps, every Nim heap kept (no
    /// `*1 + *1` cancelled): the oracle, the genus's definition read
    /// literally.
    struct PlusNim<G>(Heaps<G>);

    impl<G: HeapGame> Impartial for PlusNim<G> {
        type Position = (Vec<u64>, Vec<u64>);

        fn options(&self, (heaps, nim): &Self::Position) -> Vec<Self::Position> {
            let mut result: Vec<Self::Position> = self
                .0
                .options(heaps)
                .into_iter()
                .map(|h| (h, nim.clone()))
                .collect();
            for (i, &n) in nim.iter().enumerate() {
                for left in 0..n {
                    let mut next = nim.clone();
                    next[i] = left;
                    result.push((heaps.clone(), Heaps::<Nim>::position(&next)));
                }
            }
            result
        }
    }

    /// `γk` of the sum of `heaps` by the oracle.
    fn gamma<G: HeapGame>(oracle: &mut Memo<Misere<PlusNim<G>>>, heaps: &[u64], k: usize) -> u64 {
        let position = (Heaps::<G>::position(heaps), vec![2; k]);
        oracle.grundy(&Some(position)).unwrap().0
    }

    /// Checks the genus of each sum against the oracle: `γk` for `k` up to
    /// four past the exponents written, the tail alternating.
    fn check<G: HeapGame + Clone>(game: G, largest: u64, sums: &[Vec<u64>]) {
        let graph = SummandGraph::of_heaps(&game, largest, u64::MAX).unwrap();
        let nodes: Vec<Vec<u32>> = sums
            .iter()
            .map(|s| s.iter().map(|&h| h as u32).collect())
            .collect();
        let found = genera(&graph, &nodes, u64::MAX).unwrap();
        let mut oracle = Memo::new(Misere(PlusNim(Heaps(game.clone()))));
        let mut normal = Memo::new(Heaps(game));
        for (sum, genus) in sums.iter().zip(&found) {
            let written = genus.misere.len();
            assert!(written >= 2, "{sum:?}: {genus}");
            for k in 0..written + 4 {
                let expected = if k < written {
                    genus.misere[k]
                } else {
                    genus.misere[written - 2 + (k - written) % 2]
                };
                assert_eq!(
                    gamma(&mut oracle, sum, k),
                    expected,
                    "{sum:?} γ{k}: {genus}"
                );
            }
            let g = normal.grundy(&Heaps::<G>::position(sum)).unwrap().0;
            assert_eq!(genus.grundy, g, "{sum:?}");
        }
    }

    fn sums(largest: u64) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for a in 1..=largest {
            all.push(vec![a]);
            for b in a..=largest.min(5) {
                all.push(vec![a, b]);
            }
        }
        all
    }

    #[test]
    fn nim_heaps_have_the_tame_genera() {
        let graph = SummandGraph::of_heaps(&Nim, 5, u64::MAX).unwrap();
        let heaps: Vec<Vec<u32>> = (0..6).map(|h| vec![h]).collect();
        let found: Vec<String> = genera(&graph, &heaps, u64::MAX)
            .unwrap()
            .iter()
            .map(Genus::to_string)
            .collect();
        assert_eq!(found, ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"]);
        for (h, genus) in genera(&graph, &heaps, u64::MAX).unwrap().iter().enumerate() {
            assert_eq!(*genus, Genus::of_nim(h as u64, h > 1));
        }
        check(Nim, 5, &sums(5));
    }

    #[test]
    fn genera_agree_with_the_rules() {
        check("0.77".parse::<Octal>().unwrap(), 9, &sums(9));
        check("0.07".parse::<Octal>().unwrap(), 10, &sums(10));
        check("0.137".parse::<Octal>().unwrap(), 10, &sums(10));
        check("0.312".parse::<Octal>().unwrap(), 9, &sums(9));
        check(Subtraction::new(&[1, 3, 4]).unwrap(), 12, &sums(12));
    }

    /// The genera of 0.312's heaps 1 to 6 and of two heaps of 4, as the
    /// misère-games literature gives them (the 0.312 page of Plambeck's
    /// misère games site, as issue 34 quotes it). It writes the sum as
    /// `0^1202`, one exponent more than needed: `γ = 1, 2, 0, 2, 0, 2, ...`,
    /// which is `0^120`.
    #[test]
    fn the_genera_of_0_312() {
        let game: Octal = "0.312".parse().unwrap();
        let graph = SummandGraph::of_heaps(&game, 6, u64::MAX).unwrap();
        let mut sums: Vec<Vec<u32>> = (1..=6).map(|h| vec![h]).collect();
        sums.push(vec![4, 4]);
        let found = genera(&graph, &sums, u64::MAX).unwrap();
        let written: Vec<String> = found.iter().map(Genus::to_string).collect();
        assert_eq!(
            written[..6],
            ["1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"]
        );
        assert_eq!(found[6], Genus::new(0, vec![1, 2, 0, 2]));
        assert_eq!(written[6], "0^120");
    }

    /// Dawson's Chess (0.137) with `n` pawns is Dawson's Kayles (0.07) with
    /// `n + 1` pins (Winning Ways ch. 4): one game tree, so one genus.
    #[test]
    fn dawsons_chess_is_dawsons_kayles_one_heap_further() {
        let heaps = |largest: u32| -> Vec<Vec<u32>> { (0..=largest).map(|h| vec![h]).collect() };
        let of = |code: &str, largest: u32| {
            let game: Octal = code.parse().unwrap();
            let graph = SummandGraph::of_heaps(&game, u64::from(largest), u64::MAX).unwrap();
            genera(&graph, &heaps(largest), u64::MAX).unwrap()
        };
        let (chess, kayles) = (of("0.137", 28), of("0.07", 29));
        assert_eq!(chess[..], kayles[1..]);
    }

    #[test]
    fn the_budget_bounds_the_search() {
        let game: Octal = "0.77".parse().unwrap();
        let graph = SummandGraph::of_heaps(&game, 30, u64::MAX).unwrap();
        assert_eq!(
            genera(&graph, &[vec![30]], 1000),
            Err(Unsolved::OverBudget(1000))
        );
        // Within it, the heaps from 0 whose sums fit, each as when all fit.
        let heaps: Vec<Vec<u32>> = (0..=30).map(|h| vec![h]).collect();
        let all = genera(&graph, &heaps, u64::MAX).unwrap();
        let some = genera_within(&graph, &heaps, 5000).unwrap();
        assert!(
            some.len() > 10 && some.len() < heaps.len(),
            "{}",
            some.len()
        );
        assert_eq!(some[..], all[..some.len()]);
    }

    #[test]
    fn writing_cuts_the_tail_and_brackets_long_exponents() {
        assert_eq!(Genus::new(0, vec![1, 2, 0, 2, 0, 2]).to_string(), "0^120");
        assert_eq!(Genus::new(2, vec![2, 0, 2]).to_string(), "2^20");
        assert_eq!(Genus::new(12, vec![12, 14]).to_string(), "12^[12,14]");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Random octal games of two digits: every heap up to 8 and sums of
        /// two, against the oracle.
        #[test]
        fn random_octal_genera_agree_with_the_rules(d1 in 0u8..8, d2 in 0u8..8) {
            prop_assume!(d1 != 0 || d2 != 0);
            let code = format!("0.{d1}{d2}");
            let game: Octal = code.parse().unwrap();
            check(game, 8, &sums(8));
        }
    }
}
