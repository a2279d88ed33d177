//! Staircase Nim on a rooted tree: coins lie on the vertices; a move takes
//! any positive number of coins from a vertex other than the root to its
//! parent, or, `k` levels at a time (Codeforces 1498F), from a vertex of
//! depth at least `k` to its ancestor `k` levels up.
//!
//! Coins on a vertex of depth `d` only ever reach depths `d - k, d - 2k, ...`,
//! so what matters is the level `floor(d / k)`, and a move takes coins one
//! level down: a staircase on the levels. The Grundy value is the nim-sum of
//! the coins on the vertices of odd level (the root's level is 0), as on a
//! staircase, which is a path: a move from an odd vertex is a Nim move there
//! (its target is even and does not count); a move from an even vertex only
//! adds coins to an odd one, which the opponent can move on again, so it
//! changes the nim-sum without helping. Hence the winning moves: from an odd
//! vertex of `c` coins down to `c ^ X` when that is smaller, and from an even
//! vertex of `c` coins the `p' - p` coins that raise its odd target from `p`
//! to `p' = p ^ X` when `p' > p` and `p' - p <= c`.
//!
//! The tree is read from text (`U V` edge lines, `coins V N` lines, vertex 0
//! the root unless another is named) with the graph file's line reader, and
//! its depths and ancestors are found by an iterative depth-first search: a
//! path of 10^6 vertices is no deeper for it than a star.

use std::collections::HashMap;

use dashu_int::UBig;
use thiserror::Error;

use crate::arith::decimal;
use crate::game::Impartial;
use crate::graph::parse::{parse_line, quote, ParseError};
use crate::stop;

/// What is wrong with a staircase-tree file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TreeError {
    /// A line is neither an edge, a vertex, nor `coins V N`.
    #[error(transparent)]
    Line(#[from] ParseError),
    /// A `coins` line is not `coins V N`.
    #[error("line {line}: expected 'coins V N' (a vertex and a number of coins), found '{found}'")]
    Coins {
        /// The line number, from 1.
        line: usize,
        /// The line, trimmed (shortened if long).
        found: String,
    },
    /// The coins of one vertex are given twice.
    #[error("line {line}: the coins of vertex {vertex} are given twice")]
    CoinsTwice {
        /// The line number, from 1.
        line: usize,
        /// The vertex.
        vertex: u64,
    },
    /// The edges do not make a tree.
    #[error("the edges are not a tree rooted at vertex {root}: {why}")]
    NotATree {
        /// The root's number.
        root: u64,
        /// What is wrong.
        why: String,
    },
    /// More vertices or edges than allowed.
    #[error("more than {limit} vertices; the most a staircase tree may have")]
    TooLarge {
        /// The limit.
        limit: usize,
    },
}

/// Which vertex is the root and how far a move carries coins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Climb {
    /// The root's number in the file.
    pub root: u64,
    /// How many levels up a move carries coins (`k >= 1`).
    pub levels: u64,
}

impl Default for Climb {
    /// The classic game: rooted at vertex 0, coins go to the parent.
    fn default() -> Climb {
        Climb { root: 0, levels: 1 }
    }
}

/// A rooted tree with coins on its vertices. Vertices are numbered densely
/// (`0` is the root) in the order of their first appearance; `labels` keeps
/// the numbers of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaircaseTree {
    labels: Vec<u64>,
    /// The parent of each vertex (the root's is itself).
    parent: Vec<usize>,
    /// Where a move from each vertex carries its coins: its ancestor `k`
    /// levels up; `None` above depth `k`, whose coins never move.
    target: Vec<Option<usize>>,
    /// Whether each vertex has odd level `floor(depth / k)`.
    odd: Vec<bool>,
    coins: Vec<UBig>,
}

/// A move: `coins` coins go from `vertex` (a dense id) to its parent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove {
    /// The vertex the coins leave.
    pub vertex: usize,
    /// How many coins move.
    pub coins: UBig,
}

impl StaircaseTree {
    /// Reads a tree rooted at vertex 0 whose moves go to the parent; see
    /// [`StaircaseTree::parse_climbing`].
    pub fn parse(text: &str, max_vertices: usize) -> Result<StaircaseTree, TreeError> {
        StaircaseTree::parse_climbing(text, max_vertices, Climb::default())
    }

    /// Reads a tree: `U V` edges, `V` alone for a vertex, `coins V N` for the
    /// coins on `V` (none: 0); blank lines and `#` comments are skipped. At
    /// most `max_vertices` vertices; `climb` names the root (which the tree
    /// has even if no line names it) and how many levels a move climbs.
    pub fn parse_climbing(
        text: &str,
        max_vertices: usize,
        climb: Climb,
    ) -> Result<StaircaseTree, TreeError> {
        let mut ids: HashMap<u64, usize> = HashMap::from([(climb.root, 0)]);
        let mut labels = vec![climb.root];
        let mut id = |label: u64, labels: &mut Vec<u64>| -> Result<usize, TreeError> {
            let next = labels.len();
            let v = *ids.entry(label).or_insert(next);
            if v == next {
                if next >= max_vertices {
                    return Err(TreeError::TooLarge {
                        limit: max_vertices,
                    });
                }
                labels.push(label);
            }
            Ok(v)
        };
        let mut edges = Vec::new();
        let mut coins: Vec<(usize, usize, UBig)> = Vec::new();
        for (index, line) in stop::polling(text.lines().enumerate()) {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix("coins") {
                let bad = || TreeError::Coins {
                    line: index + 1,
                    found: quote(line),
                };
                let mut words = rest.split_whitespace();
                let (Some(v), Some(n), None) = (words.next(), words.next(), words.next()) else {
                    return Err(bad());
                };
                let (v, n) = (
                    decimal::<u64>(v).ok_or_else(bad)?,
                    decimal::<UBig>(n).ok_or_else(bad)?,
                );
                coins.push((index + 1, id(v, &mut labels)?, n));
                continue;
            }
            match parse_line(line, index + 1, "an edge 'U V'")? {
                (u, Some(v)) => edges.push([id(u, &mut labels)?, id(v, &mut labels)?]),
                (v, None) => {
                    id(v, &mut labels)?;
                }
            }
        }
        let rooted = root_tree(labels.len(), &edges, &labels)?;
        let (target, odd) = climbs(&rooted, climb.levels);
        let mut on = vec![UBig::ZERO; labels.len()];
        let mut given = vec![false; labels.len()];
        for (line, v, n) in coins {
            if std::mem::replace(&mut given[v], true) {
                return Err(TreeError::CoinsTwice {
                    line,
                    vertex: labels[v],
                });
            }
            on[v] = n;
        }
        Ok(StaircaseTree {
            labels,
            parent: rooted.parent,
            target,
            odd,
            coins: on,
        })
    }

    /// How many vertices the tree has.
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    /// The number of vertex `v` in the file.
    pub fn label(&self, v: usize) -> u64 {
        self.labels[v]
    }

    /// The parent of `v` (the root's is itself).
    pub fn parent(&self, v: usize) -> usize {
        self.parent[v]
    }

    /// Where a move from `v` carries coins: its ancestor `k` levels up, or
    /// `None` when `v` is less than `k` deep.
    pub fn target(&self, v: usize) -> Option<usize> {
        self.target[v]
    }

    /// Every vertex whose coins can move, with its target, in vertex order:
    /// the order of the moves everywhere.
    pub fn movers(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.vertex_count()).filter_map(|v| Some((v, self.target[v]?)))
    }

    /// The coins on `v`.
    pub fn coins(&self, v: usize) -> &UBig {
        &self.coins[v]
    }

    /// The Grundy value: the nim-sum of the coins at odd level.
    pub fn grundy(&self) -> UBig {
        (0..self.vertex_count())
            .filter(|&v| self.odd[v])
            .fold(UBig::ZERO, |acc, v| acc ^ &self.coins[v])
    }

    /// Every winning move, by vertex.
    pub fn winning_moves(&self) -> Vec<TreeMove> {
        self.moves_to(&UBig::ZERO)
    }

    /// Every move to a position of value `target`, by vertex: those that
    /// change the odd vertices' nim-sum by `grundy ^ target`.
    pub fn moves_to(&self, target: &UBig) -> Vec<TreeMove> {
        let change = self.grundy() ^ target;
        if change == UBig::ZERO {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for (v, target) in self.movers() {
            let c = &self.coins[v];
            let coins = if self.odd[v] {
                let left = c ^ &change;
                (&left < c).then(|| c - left)
            } else {
                let p = &self.coins[target];
                let raised = p ^ &change;
                (&raised > p && &(&raised - p) <= c).then(|| raised - p)
            };
            if let Some(coins) = coins {
                moves.push(TreeMove { vertex: v, coins });
            }
        }
        moves
    }
}

/// A tree rooted at vertex 0: each vertex's parent, and the vertices in an
/// order where a parent comes before its children, with their depths.
struct Rooted {
    parent: Vec<usize>,
    depth: Vec<u64>,
    /// Preorder of a depth-first search from 0: a vertex's ancestors are the
    /// vertices on the search's path when it is reached.
    preorder: Vec<usize>,
}

/// The tree the edges make, rooted at 0 by an iterative depth-first search,
/// after checking that they do make a tree: no loop, `n - 1` edges, every
/// vertex reached.
fn root_tree(n: usize, edges: &[[usize; 2]], labels: &[u64]) -> Result<Rooted, TreeError> {
    let not_a_tree = |why: String| TreeError::NotATree {
        root: labels[0],
        why,
    };
    if let Some([u, _]) = edges.iter().find(|[u, v]| u == v) {
        return Err(not_a_tree(format!("a loop at vertex {}", labels[*u])));
    }
    if edges.len() != n - 1 {
        return Err(not_a_tree(format!(
            "{n} vertices need {} edges, there are {}",
            n - 1,
            edges.len()
        )));
    }
    // Adjacency in one array (compressed rows), not a vector per vertex.
    let mut start = vec![0usize; n + 1];
    for &[u, v] in edges {
        start[u + 1] += 1;
        start[v + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut neighbours = vec![0usize; 2 * edges.len()];
    for &[u, v] in edges {
        neighbours[fill[u]] = v;
        fill[u] += 1;
        neighbours[fill[v]] = u;
        fill[v] += 1;
    }
    let mut parent = vec![usize::MAX; n];
    let mut depth = vec![0u64; n];
    let mut preorder = Vec::with_capacity(n);
    parent[0] = 0;
    let mut stack = vec![0usize];
    while let Some(u) = stack.pop() {
        preorder.push(u);
        for &v in &neighbours[start[u]..start[u + 1]] {
            if parent[v] == usize::MAX {
                parent[v] = u;
                depth[v] = depth[u] + 1;
                stack.push(v);
            }
        }
    }
    // n - 1 edges and every vertex reached: connected, hence a tree.
    if let Some(v) = parent.iter().position(|&p| p == usize::MAX) {
        return Err(not_a_tree(format!(
            "vertex {} is not connected to {}",
            labels[v], labels[0]
        )));
    }
    Ok(Rooted {
        parent,
        depth,
        preorder,
    })
}

/// Where a move from each vertex carries coins (its ancestor `levels` up)
/// and whether its level `floor(depth / levels)` is odd. The ancestors come
/// from the path of the depth-first search, replayed in preorder: a vertex's
/// path is its parent's path and itself.
fn climbs(tree: &Rooted, levels: u64) -> (Vec<Option<usize>>, Vec<bool>) {
    let n = tree.parent.len();
    let mut target = vec![None; n];
    let mut path: Vec<usize> = Vec::new();
    for &v in &tree.preorder {
        // The path from the root to v's parent: cut it after the parent.
        let kept = usize::try_from(tree.depth[v]).expect("a depth is below the vertex count");
        path.truncate(kept);
        path.push(v);
        target[v] = usize::try_from(levels)
            .ok()
            .filter(|&k| k < path.len())
            .map(|k| path[path.len() - 1 - k]);
    }
    let odd = tree.depth.iter().map(|d| (d / levels) % 2 == 1).collect();
    (target, odd)
}

/// The rules, for the oracle: positions are the coins of each vertex.
impl Impartial for StaircaseTree {
    type Position = Vec<u64>;

    fn options(&self, coins: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut result = Vec::new();
        for (v, target) in self.movers() {
            for moved in 1..=coins[v] {
                let mut after = coins.clone();
                after[v] -= moved;
                after[target] += moved;
                result.push(after);
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oracle::heap_tuples;
    use crate::solve::Memo;
    use std::collections::BTreeSet;

    /// Every rooted tree on `n` vertices given by parent arrays
    /// (`parent[v] < v`), as a file with the coins of `coins`.
    fn tree_file(parents: &[usize], coins: &[u64]) -> String {
        let mut text = String::new();
        for (v, p) in parents.iter().enumerate() {
            text.push_str(&format!("{p} {}\n", v + 1));
        }
        for (v, c) in coins.iter().enumerate() {
            text.push_str(&format!("coins {v} {c}\n"));
        }
        text
    }

    fn parent_arrays(n: usize) -> Vec<Vec<usize>> {
        let mut all = vec![vec![]];
        for v in 1..n {
            all = all
                .into_iter()
                .flat_map(|p: Vec<usize>| {
                    (0..v).map(move |q| {
                        let mut p = p.clone();
                        p.push(q);
                        p
                    })
                })
                .collect();
        }
        all
    }

    /// The position after `m`, by the rules' coordinates.
    fn after(tree: &StaircaseTree, coins: &[u64], m: &TreeMove) -> Vec<u64> {
        let mut after = coins.to_vec();
        let k = u64::try_from(&m.coins).unwrap();
        after[m.vertex] -= k;
        after[tree.target(m.vertex).expect("a move has a target")] += k;
        after
    }

    /// The value and the winning moves of every coin placement (at most
    /// `max` a vertex) on every tree of `n` vertices, every root and every
    /// climb of 1 to 3 levels, against the memoised search over the moves.
    fn check_all_trees(n: usize, max: u64) {
        for parents in parent_arrays(n) {
            for (root, levels) in (0..n as u64).flat_map(|r| (1..=3).map(move |k| (r, k))) {
                let climb = Climb { root, levels };
                let shape =
                    StaircaseTree::parse_climbing(&tree_file(&parents, &[]), 100, climb).unwrap();
                // Dense ids follow the file's order of first appearance,
                // which is the same with any coins: coordinates agree.
                let mut memo = Memo::new(shape.clone());
                for coins in heap_tuples(n, max).into_iter().filter(|c| c.len() == n) {
                    let mut labelled = vec![0; n];
                    for (v, &c) in coins.iter().enumerate() {
                        labelled[shape.label(v) as usize] = c;
                    }
                    let text = tree_file(&parents, &labelled);
                    let tree = StaircaseTree::parse_climbing(&text, 100, climb).unwrap();
                    let value = memo.grundy(&coins).unwrap();
                    let what = format!("{parents:?} {climb:?} {coins:?}");
                    assert_eq!(tree.grundy(), UBig::from(value.0), "{what}");
                    let found: BTreeSet<Vec<u64>> = tree
                        .winning_moves()
                        .iter()
                        .map(|m| after(&tree, &coins, m))
                        .collect();
                    let expected: BTreeSet<Vec<u64>> = memo
                        .game()
                        .options(&coins)
                        .into_iter()
                        .filter(|o| memo.grundy(o).unwrap().is_zero())
                        .collect();
                    assert_eq!(found, expected, "{what}");
                }
            }
        }
    }

    #[test]
    fn theory_matches_the_rules_on_all_small_trees() {
        for (n, max) in [(2, 4), (3, 3), (4, 2), (5, 1)] {
            check_all_trees(n, max);
        }
    }

    #[test]
    fn a_climb_of_k_levels_moves_coins_to_the_ancestor_k_up() {
        // The path 1-2-3-4-5 rooted at 1, two levels a move: 3 -> 1, 4 -> 2,
        // 5 -> 3; 1 and 2 never move. Levels 0 0 1 1 2: odd are 3 and 4.
        let text = "1 2\n2 3\n3 4\n4 5\ncoins 3 6\ncoins 4 5\ncoins 5 9\n";
        let tree = StaircaseTree::parse_climbing(text, 100, Climb { root: 1, levels: 2 }).unwrap();
        let by_label = |label: u64| (0..5).find(|&v| tree.label(v) == label).unwrap();
        let targets: Vec<Option<u64>> = (1..=5)
            .map(|l| tree.target(by_label(l)).map(|t| tree.label(t)))
            .collect();
        assert_eq!(targets, [None, None, Some(1), Some(2), Some(3)]);
        assert_eq!(tree.grundy(), UBig::from(6u8 ^ 5));
        // A root the edges never name is refused as not connected.
        let e = StaircaseTree::parse_climbing(text, 100, Climb { root: 9, levels: 1 })
            .unwrap_err()
            .to_string();
        assert!(e.contains("rooted at vertex 9"), "{e}");
    }

    #[test]
    fn a_path_of_a_million_vertices_is_rooted_without_recursion() {
        let n = 1_000_000u64;
        let mut text: String = (1..n).map(|v| format!("{} {v}\n", v - 1)).collect();
        text.push_str(&format!("coins {} 5\ncoins 1 3\n", n - 1));
        let tree = StaircaseTree::parse(&text, 1 << 21).unwrap();
        // n - 1 = 999999 is odd: both coins are at odd depth.
        assert_eq!(tree.grundy(), UBig::from(3u8 ^ 5));
        // 5 -> 5 ^ 6 = 3 at the deep end; 3 ^ 6 = 5 is no decrease.
        let moves = tree.winning_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(
            (tree.label(moves[0].vertex), &moves[0].coins),
            (n - 1, &UBig::from(2u8))
        );
    }

    #[test]
    fn files_that_are_not_trees_are_refused() {
        for (text, says) in [
            ("0 1\n1 2\n2 0\n", "edges"),
            ("0 1\n2 3\n", "edges"),
            ("0 1\n1 1\n", "loop"),
            ("0 1\n2 3\n3 4\n4 2\n", "edges"),
            ("0 1\ncoins 1\n", "coins V N"),
            ("0 1\ncoins 1 2\ncoins 1 3\n", "twice"),
            ("0 1\n5\n", "edges"),
        ] {
            let e = StaircaseTree::parse(text, 100).unwrap_err().to_string();
            assert!(e.contains(says), "{text:?}: {e}");
        }
        // Connected check: n - 1 edges but a cycle elsewhere.
        let e = StaircaseTree::parse("0 1\n2 3\n3 4\n4 2\n5\n", 100)
            .unwrap_err()
            .to_string();
        assert!(e.contains("edges") || e.contains("connected"), "{e}");
        let e = StaircaseTree::parse("1 2\n2 3\n3 1\n", 100)
            .unwrap_err()
            .to_string();
        assert!(e.contains("not connected"), "{e}");
    }
}
