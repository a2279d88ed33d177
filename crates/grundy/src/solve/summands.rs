//! Sums whose summands are nodes of an explicit graph: the play conventions
//! other than normal play.
//!
//! A [`SummandGraph`] lists, for each position of a summand, its options, each
//! the summands that replace it (none: it vanishes; two: a heap split). The
//! graph is built once from the rules (all heaps up to the largest, or every
//! position reachable from the start), within a budget, and then serves:
//!
//! - misère play of a sum ([`MisereSearch`]): exhaustive search of the sum's
//!   own tree, memoised on canonical forms (summands sorted, finished summands
//!   dropped: a summand without a move is the game 0, the identity of sums
//!   under every convention), within a budget;
//! - the hypothesis of the SJ theorem ([`sj_hypothesis`]) and the Grundy
//!   values it needs;
//! - Every-SG ([`every_sg`]): the player to move moves in every summand that
//!   has a move. Smith's theorem (Winning Ways ch. 9, "steps"): the sum lasts
//!   as long as its longest summand, each played by its remoteness, so the
//!   player to move wins exactly when the largest remoteness is odd.

use std::collections::{HashMap, VecDeque};

use super::remoteness::{Remoteness, Unsolved};
use super::Cycle;
use crate::game::{options_cost, HeapGame, Impartial, Outcome};
use crate::nimber::mex;
use crate::stop::{self, Ticker};

use super::misere::Misere;

/// The positions of some summands and their options (see [the module](self)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SummandGraph {
    /// For each node, its options: each the sorted nodes that replace it.
    options: Vec<Vec<Vec<u32>>>,
}

/// A node's options, with how many positions and options they cost.
fn cost(options: &[Vec<u32>]) -> u64 {
    1 + options.len() as u64
}

impl SummandGraph {
    /// The heaps `0..=largest` of a heap game, node `h` being the heap `h`
    /// (heaps left empty vanish); `None` when they hold more than `budget`
    /// positions and options in all.
    pub fn of_heaps<G: HeapGame>(game: &G, largest: u64, budget: u64) -> Option<SummandGraph> {
        if largest >= budget || largest >= u64::from(u32::MAX) {
            return None;
        }
        let mut graph = SummandGraph::default();
        let mut spent = 0u64;
        for h in 0..=largest {
            stop::poll();
            let mut options = Vec::new();
            game.for_each_move(h, |left| {
                let mut parts: Vec<u32> =
                    left.iter().filter(|&&l| l > 0).map(|&l| l as u32).collect();
                parts.sort_unstable();
                options.push(parts);
            });
            spent = spent.saturating_add(cost(&options));
            if spent > budget {
                return None;
            }
            graph.options.push(options);
        }
        Some(graph)
    }

    /// Every position of `game` reachable from `starts`, node `i` being
    /// `labels[i]` and node `k` the `k`-th start; `None` when they hold more
    /// than `budget` positions and options in all.
    pub fn explore<G: Impartial>(
        game: &G,
        starts: &[G::Position],
        budget: u64,
    ) -> Option<(SummandGraph, Vec<G::Position>)> {
        let mut ids: HashMap<G::Position, u32> = HashMap::new();
        let mut labels = Vec::new();
        let mut queue = VecDeque::new();
        let mut id_of =
            |p: &G::Position, labels: &mut Vec<G::Position>, queue: &mut VecDeque<u32>| {
                *ids.entry(p.clone()).or_insert_with(|| {
                    labels.push(p.clone());
                    queue.push_back(labels.len() as u32 - 1);
                    labels.len() as u32 - 1
                })
            };
        for s in starts {
            id_of(s, &mut labels, &mut queue);
        }
        let mut graph = SummandGraph::default();
        let mut spent = 0u64;
        while let Some(node) = queue.pop_front() {
            stop::poll();
            let options = game.options_within(&labels[node as usize], budget - spent)?;
            spent += options_cost(&options);
            if labels.len() >= u32::MAX as usize {
                return None;
            }
            let options = options
                .iter()
                .map(|o| vec![id_of(o, &mut labels, &mut queue)])
                .collect();
            graph.options.push(options);
        }
        Some((graph, labels))
    }

    /// Adds the nodes of `other` after these; returns the number of the first.
    pub fn append(&mut self, other: SummandGraph) -> u32 {
        let offset = self.options.len() as u32;
        self.options
            .extend(other.options.into_iter().map(|options| {
                options
                    .into_iter()
                    .map(|parts| parts.into_iter().map(|p| p + offset).collect())
                    .collect()
            }));
        offset
    }

    /// How many nodes the graph holds.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether the graph has no node.
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// The options of `node`.
    pub fn options(&self, node: u32) -> &[Vec<u32>] {
        &self.options[node as usize]
    }

    /// Every node, each after the nodes of its options (iterative, so a long
    /// path cannot overflow the stack); a cycle is an error.
    pub(crate) fn post_order(&self) -> Result<Vec<u32>, Cycle> {
        // 0: not seen, 1: on the path, 2: done.
        let mut state = vec![0u8; self.len()];
        let mut order = Vec::with_capacity(self.len());
        let mut ticker = Ticker::<12>::new();
        for root in 0..self.len() as u32 {
            if state[root as usize] != 0 {
                continue;
            }
            let mut stack = vec![(root, 0usize, 0usize)];
            state[root as usize] = 1;
            while let Some(&mut (node, ref mut option, ref mut part)) = stack.last_mut() {
                ticker.tick();
                let options = &self.options[node as usize];
                if *option == options.len() {
                    state[node as usize] = 2;
                    order.push(node);
                    stack.pop();
                    continue;
                }
                let parts = &options[*option];
                if *part == parts.len() {
                    *option += 1;
                    *part = 0;
                    continue;
                }
                let child = parts[*part];
                *part += 1;
                match state[child as usize] {
                    0 => {
                        state[child as usize] = 1;
                        stack.push((child, 0, 0));
                    }
                    1 => {
                        return Err(Cycle {
                            position: format!("node {child}"),
                        })
                    }
                    _ => {}
                }
            }
        }
        Ok(order)
    }

    /// `f(node, values of its options' parts)` for every node, options first.
    fn bottom_up(&self, f: impl Fn(&[Vec<u32>], &[u64]) -> u64) -> Result<Vec<u64>, Cycle> {
        let mut values = vec![0u64; self.len()];
        let mut ticker = Ticker::<12>::new();
        for node in self.post_order()? {
            ticker.tick();
            values[node as usize] = f(&self.options[node as usize], &values);
        }
        Ok(values)
    }

    /// The Grundy value of every node (an option's value is the nim-sum of
    /// its parts).
    pub fn grundy_values(&self) -> Result<Vec<u64>, Cycle> {
        self.bottom_up(|options, values| {
            let option_values = options
                .iter()
                .map(|parts| parts.iter().fold(0, |x, &p| x ^ values[p as usize]));
            mex(option_values.map(crate::nimber::Nimber)).0
        })
    }

    /// The Every-SG steps of every node: its suspense (see [the
    /// module](self)), an option that leaves several summands lasting as long
    /// as the longest of them (0 when it leaves none).
    pub fn every_steps(&self) -> Result<Vec<u64>, Cycle> {
        self.bottom_up(|options, steps| {
            suspense(options.iter().map(|parts| option_steps(parts, steps)))
        })
    }

    /// The misère Grundy value `G-` of every node (Conway, On Numbers and
    /// Games ch. 12: the first number `γ0` of its genus): 1 without a move,
    /// else the mex over its options, an option leaving nothing counting as
    /// the empty game (1). A node is a misère P-position exactly when its
    /// value is 0. `None` when a move splits a summand: the value of a sum is
    /// not a function of its parts' values under misère play.
    pub fn misere_values(&self) -> Result<Option<Vec<u64>>, Cycle> {
        if self.splits() {
            return Ok(None);
        }
        self.bottom_up(|options, values| {
            if options.is_empty() {
                return 1;
            }
            let of = |parts: &Vec<u32>| parts.first().map_or(1, |&p| values[p as usize]);
            mex(options.iter().map(of).map(crate::nimber::Nimber)).0
        })
        .map(Some)
    }

    /// Whether some move replaces a summand by two or more.
    pub fn splits(&self) -> bool {
        self.options.iter().flatten().any(|parts| parts.len() > 1)
    }

    /// Which nodes can be reached from `starts` (the starts included).
    pub fn reachable(&self, starts: &[u32]) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack: Vec<u32> = starts.to_vec();
        let mut ticker = Ticker::<12>::new();
        while let Some(node) = stack.pop() {
            ticker.tick();
            if std::mem::replace(&mut seen[node as usize], true) {
                continue;
            }
            for parts in &self.options[node as usize] {
                stack.extend(parts.iter().copied().filter(|&p| !seen[p as usize]));
            }
        }
        seen
    }

    /// The canonical form of a sum of nodes: sorted, nodes without a move
    /// dropped.
    pub fn canonical(&self, nodes: &[u32]) -> Vec<u32> {
        let mut sum: Vec<u32> = nodes
            .iter()
            .copied()
            .filter(|&n| !self.options[n as usize].is_empty())
            .collect();
        sum.sort_unstable();
        sum
    }

    /// The sum `nodes` after summand `index` is replaced by `parts`, in
    /// canonical form.
    pub fn after(&self, nodes: &[u32], index: usize, parts: &[u32]) -> Vec<u32> {
        let mut next: Vec<u32> = nodes[..index].to_vec();
        next.extend_from_slice(&nodes[index + 1..]);
        next.extend_from_slice(parts);
        self.canonical(&next)
    }
}

/// The suspense of a position whose options have suspense `options`: the
/// winner (an even option exists) takes the longest win, the loser the
/// shortest loss; 0 without a move.
pub fn suspense(options: impl Iterator<Item = u64>) -> u64 {
    let (mut slowest_win, mut shortest) = (None::<u64>, None::<u64>);
    for r in options {
        if r % 2 == 0 {
            slowest_win = Some(slowest_win.map_or(r, |w| w.max(r)));
        }
        shortest = Some(shortest.map_or(r, |l| l.min(r)));
    }
    slowest_win.or(shortest).map_or(0, |r| r + 1)
}

/// The steps of an option leaving `parts`: the longest of them.
fn option_steps(parts: &[u32], steps: &[u64]) -> u64 {
    parts.iter().map(|&p| steps[p as usize]).max().unwrap_or(0)
}

/// The SJ theorem's hypothesis, on every node reachable from `starts`: its
/// moves leave at most one summand (no split: the theorem is about sums of
/// single games that stay single), and when its Grundy value (in `values`)
/// is 0 it has no move. (Kayles, whose splits leave two summands of values
/// 2 and 2 from a position of value 0, shows why the first part is needed:
/// the tests hold the rule against search there.)
pub fn sj_hypothesis(graph: &SummandGraph, values: &[u64], starts: &[u32]) -> bool {
    graph
        .reachable(starts)
        .iter()
        .enumerate()
        .all(|(node, &seen)| {
            let options = &graph.options[node];
            !seen
                || (options.iter().all(|parts| parts.len() <= 1)
                    && (values[node] != 0 || options.is_empty()))
        })
}

/// A sum of nodes as a game: a move replaces one summand by the parts of one
/// of its options. Positions are canonical (see [`SummandGraph::canonical`]).
#[derive(Clone, Copy, Debug)]
pub struct SummandSum<'a>(pub &'a SummandGraph);

impl Impartial for SummandSum<'_> {
    type Position = Vec<u32>;

    fn options(&self, position: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut result = Vec::new();
        for (i, &node) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == node {
                continue; // equal summands give equal sums
            }
            for parts in self.0.options(node) {
                result.push(self.0.after(position, i, parts));
            }
        }
        result
    }
}

/// Misère outcomes of sums of nodes by exhaustive search of the sum's own
/// tree, memoised on canonical forms, within a budget of positions and
/// options examined in all.
pub struct MisereSearch<'a> {
    search: Remoteness<Misere<SummandSum<'a>>>,
}

impl<'a> MisereSearch<'a> {
    /// A search over sums of nodes of `graph` examining at most `budget`
    /// positions and options.
    pub fn new(graph: &'a SummandGraph, budget: u64) -> Self {
        MisereSearch {
            search: Remoteness::new(Misere(SummandSum(graph)), budget),
        }
    }

    /// The misère outcome of the sum of `nodes` (any order).
    pub fn outcome(&mut self, nodes: &[u32]) -> Result<Outcome, Unsolved> {
        let canonical = self.search.game().0 .0.canonical(nodes);
        self.search.outcome(&Some(canonical))
    }
}

/// The Every-SG answer of a sum of nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveryAnswer {
    /// How many moves the sum lasts with the winner hurrying and the loser
    /// delaying: the largest remoteness of a summand.
    pub steps: u64,
    /// Who wins: the player to move exactly when `steps` is odd.
    pub outcome: Outcome,
    /// For each summand, the indexes of its options that belong to some
    /// winning move of the sum (empty at a P-position).
    pub winning: Vec<Vec<usize>>,
}

/// Every-SG of the sum of `nodes`, given every node's steps
/// ([`SummandGraph::every_steps`]).
///
/// A move of the sum picks one option in every summand that has one; it wins
/// exactly when the largest steps left is even. So an option of steps `r`
/// belongs to a winning move when some even `E >= r` can be the largest:
/// every summand with a move has an option of at most `E`, and `r = E` or
/// another summand has an option of exactly `E`.
pub fn every_sg(graph: &SummandGraph, steps: &[u64], nodes: &[u32]) -> EveryAnswer {
    let steps_of = |n: u32| steps[n as usize];
    let top = nodes.iter().map(|&n| steps_of(n)).max().unwrap_or(0);
    let outcome = Outcome::from_p(top % 2 == 0);
    let option_steps: Vec<Vec<u64>> = nodes
        .iter()
        .map(|&n| {
            graph
                .options(n)
                .iter()
                .map(|parts| option_steps(parts, steps))
                .collect()
        })
        .collect();
    let winning = if outcome == Outcome::N {
        winning_options(&option_steps, |r| r % 2 == 0)
    } else {
        vec![Vec::new(); nodes.len()]
    };
    EveryAnswer {
        steps: top,
        outcome,
        winning,
    }
}

/// For each summand of a sum whose largest steps is odd, given the steps of
/// each summand's options (`option_steps[i]`, empty for a summand without a
/// move; `even` tells their parity), the indexes of its options that belong
/// to some winning move (see [`every_sg`]). Steps of any size: a heap game's
/// closed form gives them for heaps of hundreds of digits.
pub fn winning_options<T: Ord + Clone>(
    option_steps: &[Vec<T>],
    even: impl Fn(&T) -> bool,
) -> Vec<Vec<usize>> {
    // Every moving summand keeps within E exactly when E is at least the
    // largest of their least options: the feasible E are the evens from there.
    let Some(floor) = option_steps.iter().filter_map(|o| o.iter().min()).max() else {
        return vec![Vec::new(); option_steps.len()];
    };
    // The two summands with the largest even option (feasible), so that
    // each summand knows the largest even another summand can reach.
    let mut best: [Option<(&T, usize)>; 2] = [None, None];
    for (i, options) in stop::polling(option_steps.iter().enumerate()) {
        let Some(top) = options.iter().filter(|&r| even(r) && r >= floor).max() else {
            continue;
        };
        if best[0].map_or(true, |(b, _)| top > b) {
            best = [Some((top, i)), best[0]];
        } else if best[1].map_or(true, |(b, _)| top > b) {
            best[1] = Some((top, i));
        }
    }
    stop::polling(option_steps.iter().enumerate())
        .map(|(i, options)| {
            let other = match best {
                [Some((_, holder)), second] if holder == i => second,
                [first, _] => first,
            }
            .map(|(e, _)| e);
            (0..options.len())
                .filter(|&k| {
                    let r = &options[k];
                    (even(r) && r >= floor) || other.is_some_and(|e| e >= r)
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Heaps;
    use crate::games::bash::Bash;
    use crate::games::nim::Nim;
    use crate::games::octal::Octal;
    use crate::games::subtraction::Subtraction;
    use crate::solve::Memo;
    use std::collections::BTreeSet;

    /// Every-SG of a sum of nodes by its own tree: a move picks an option in
    /// every summand that has one.
    struct EveryTree<'a>(&'a SummandGraph);

    impl Impartial for EveryTree<'_> {
        type Position = Vec<u32>;

        fn options(&self, position: &Vec<u32>) -> Vec<Vec<u32>> {
            if position.is_empty() {
                return Vec::new();
            }
            let mut sums: Vec<Vec<u32>> = vec![Vec::new()];
            for &node in position {
                let options = self.0.options(node);
                sums = sums
                    .into_iter()
                    .flat_map(|sum| {
                        options.iter().map(move |parts| {
                            let mut next = sum.clone();
                            next.extend_from_slice(parts);
                            next
                        })
                    })
                    .collect();
            }
            sums.into_iter().map(|s| self.0.canonical(&s)).collect()
        }
    }

    fn heap_graphs() -> Vec<(String, SummandGraph)> {
        let max = 7;
        vec![
            (
                "nim".into(),
                SummandGraph::of_heaps(&Nim, max, u64::MAX).unwrap(),
            ),
            (
                "bash:2".into(),
                SummandGraph::of_heaps(&Bash::new(2).unwrap(), max, u64::MAX).unwrap(),
            ),
            (
                "subtraction:1,3,4".into(),
                SummandGraph::of_heaps(&Subtraction::new(&[1, 3, 4]).unwrap(), max, u64::MAX)
                    .unwrap(),
            ),
            (
                "subtraction:2,3".into(),
                SummandGraph::of_heaps(&Subtraction::new(&[2, 3]).unwrap(), max, u64::MAX).unwrap(),
            ),
            (
                "kayles".into(),
                SummandGraph::of_heaps(&"0.77".parse::<Octal>().unwrap(), max, u64::MAX).unwrap(),
            ),
        ]
    }

    /// Sums of one to three heaps of at most `max`, sorted.
    fn small_sums(max: u32) -> Vec<Vec<u32>> {
        let mut all = Vec::new();
        for a in 0..=max {
            all.push(vec![a]);
            for b in a..=max {
                all.push(vec![a, b]);
                for c in b..=max.min(4) {
                    all.push(vec![a, b, c]);
                }
            }
        }
        all
    }

    /// The misère search of the graph of `game` against the misère tree of
    /// the rules themselves ([`Heaps`]).
    fn check_misere<G: HeapGame + Clone>(game: G) {
        let graph = SummandGraph::of_heaps(&game, 7, u64::MAX).unwrap();
        let mut search = MisereSearch::new(&graph, u64::MAX);
        let mut oracle = Memo::new(Misere(Heaps(game)));
        for sum in small_sums(7) {
            let heaps: Vec<u64> = sum.iter().map(|&h| u64::from(h)).collect();
            let expected = oracle.outcome(&Some(Heaps::<G>::position(&heaps)));
            assert_eq!(search.outcome(&sum).unwrap(), expected.unwrap(), "{sum:?}");
        }
    }

    #[test]
    fn misere_search_agrees_with_the_rules() {
        check_misere(Nim);
        check_misere(Bash::new(2).unwrap());
        check_misere(Subtraction::new(&[1, 3, 4]).unwrap());
        check_misere("0.77".parse::<Octal>().unwrap());
    }

    #[test]
    fn misere_search_stops_at_its_budget() {
        let graph = SummandGraph::of_heaps(&Nim, 7, u64::MAX).unwrap();
        let mut search = MisereSearch::new(&graph, 50);
        assert_eq!(search.outcome(&[7, 6, 5]), Err(Unsolved::OverBudget(50)));
    }

    #[test]
    fn every_sg_agrees_with_the_sum_s_own_tree() {
        for (name, graph) in heap_graphs() {
            let steps = graph.every_steps().unwrap();
            let mut tree = Memo::new(EveryTree(&graph));
            let mut lengths = HashMap::new();
            for sum in small_sums(6) {
                let answer = every_sg(&graph, &steps, &sum);
                let position = graph.canonical(&sum);
                let label = format!("{name} {sum:?}");
                assert_eq!(answer.outcome, tree.outcome(&position).unwrap(), "{label}");
                let tree_steps = tree_suspense(&EveryTree(&graph), &position, &mut lengths);
                assert_eq!(answer.steps, tree_steps, "{label}");
                // Each summand's listed options are exactly those that some
                // move to a P-position of the tree uses.
                let mut expected: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); sum.len()];
                let choices: Vec<Vec<usize>> = sum
                    .iter()
                    .map(|&n| match graph.options(n).len() {
                        0 => vec![usize::MAX],
                        k => (0..k).collect(),
                    })
                    .collect();
                for pick in cartesian(&choices) {
                    let mut next = Vec::new();
                    for (&n, &k) in sum.iter().zip(&pick) {
                        if k != usize::MAX {
                            next.extend_from_slice(&graph.options(n)[k]);
                        }
                    }
                    if sum.iter().all(|&n| graph.options(n).is_empty()) {
                        continue;
                    }
                    let next = graph.canonical(&next);
                    if tree.outcome(&next).unwrap() == Outcome::P {
                        for (i, &k) in pick.iter().enumerate() {
                            if k != usize::MAX {
                                expected[i].insert(k);
                            }
                        }
                    }
                }
                let found: Vec<BTreeSet<usize>> = answer
                    .winning
                    .iter()
                    .map(|w| w.iter().copied().collect())
                    .collect();
                assert_eq!(found, expected, "{label}");
            }
        }
    }

    /// The suspense of a position of the sum's own tree, by its definition.
    fn tree_suspense(
        tree: &EveryTree<'_>,
        position: &Vec<u32>,
        known: &mut HashMap<Vec<u32>, u64>,
    ) -> u64 {
        if let Some(&s) = known.get(position) {
            return s;
        }
        let options: Vec<u64> = tree
            .options(position)
            .iter()
            .map(|o| tree_suspense(tree, o, known))
            .collect();
        let s = suspense(options.into_iter());
        known.insert(position.clone(), s);
        s
    }

    fn cartesian(choices: &[Vec<usize>]) -> Vec<Vec<usize>> {
        choices.iter().fold(vec![Vec::new()], |acc, list| {
            acc.into_iter()
                .flat_map(|prefix| {
                    list.iter().map(move |&c| {
                        let mut next = prefix.clone();
                        next.push(c);
                        next
                    })
                })
                .collect()
        })
    }

    #[test]
    fn grundy_values_of_the_graph_are_those_of_the_rules() {
        let kayles: Octal = "0.77".parse().unwrap();
        let graph = SummandGraph::of_heaps(&kayles, 40, u64::MAX).unwrap();
        let values = graph.grundy_values().unwrap();
        let expected = crate::solve::heap_sequence(&kayles, 41);
        assert_eq!(values, expected.iter().map(|v| v.0).collect::<Vec<_>>());
    }

    #[test]
    fn misere_values_give_the_misere_outcome_of_single_heaps() {
        for (name, graph) in heap_graphs() {
            let mut search = MisereSearch::new(&graph, u64::MAX);
            match graph.misere_values().unwrap() {
                Some(values) => {
                    for (n, &v) in values.iter().enumerate() {
                        let outcome = search.outcome(&[n as u32]).unwrap();
                        assert_eq!(outcome == Outcome::P, v == 0, "{name} heap {n}");
                    }
                }
                None => assert_eq!(name, "kayles"),
            }
        }
        // Misère Nim: 1, 0, 2, 3, ... (0 and 1 swapped).
        let nim = SummandGraph::of_heaps(&Nim, 5, u64::MAX).unwrap();
        assert_eq!(nim.misere_values().unwrap(), Some(vec![1, 0, 2, 3, 4, 5]));
    }

    #[test]
    fn the_budget_bounds_the_graph() {
        // Nim heaps 0..=3 cost 4 positions and 0 + 1 + 2 + 3 options.
        assert!(SummandGraph::of_heaps(&Nim, 3, 9).is_none());
        assert!(SummandGraph::of_heaps(&Nim, 3, 10).is_some());
    }
}
