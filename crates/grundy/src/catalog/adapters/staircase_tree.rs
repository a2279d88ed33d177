//! Staircase Nim on a rooted tree in the catalogue (`staircase-tree`,
//! `staircase-tree:k=K,root=V`): the tree file in, the value and every
//! winning move out.

use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Form, Numbers, Position};
use dashu_int::UBig;

use super::heap::beyond_convention_budget as beyond_budget;
use crate::arith::decimal;
use crate::catalog::kit::options::{graph_of_play, too_many, PlayMove};
use crate::catalog::{Analysis, Component, Game, GraphInput, Monitor, Move, Summands};
use crate::error::{Error, Result};
use crate::games::staircase_tree::{Climb, StaircaseTree, TreeError, TreeMove};
use crate::limits::MAX_TREE_VERTICES;
use crate::limits::PLAY_OPTIONS;

/// The registry's entry of `staircase-tree`.
pub(crate) const ENTRY: Entry = Entry {
    name: "staircase-tree",
    forms: &["staircase-tree", "staircase-tree:k=K,root=V"],
    form_note: "",
    aliases: &[],
    summary: "move coins from a vertex of a rooted tree to its parent, or its ancestor K up (file or stdin)",
    position: "a file of edges `U V` (vertex 0 the root, V with `root=V`) and `coins V N` lines (- for stdin)",
    theory: "nim-sum of the coins at odd level `floor(depth/K)`; trees of 10^6 vertices",
    verbs: ANALYZE_ONLY,
    example_spec: "staircase-tree",
    example_position: "-",
    example_stdin: "0 1\n1 2\n0 3\ncoins 1 3\ncoins 2 4\ncoins 3 5\n",
    build: Build::Optional(staircase_tree),
};

/// `staircase-tree`, or with `k=K` and/or `root=V` (comma-separated).
pub(crate) fn staircase_tree(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    let usage = "write staircase-tree, staircase-tree:k=K (coins climb K >= 1 levels a move), \
                 staircase-tree:root=V (V the root's label, 0 <= V < 2^64) or both, \
                 staircase-tree:k=K,root=V";
    let mut climb = Climb::default();
    let mut seen = (false, false);
    for param in params.into_iter().flat_map(|p| p.split(',')) {
        let (key, value) = param.split_once('=').unwrap_or((param, ""));
        let slot = match key {
            "k" if !seen.0 => {
                seen.0 = true;
                decimal::<u64>(value)
                    .filter(|&k| k >= 1)
                    .map(|k| climb.levels = k)
            }
            "root" if !seen.1 => {
                seen.1 = true;
                decimal::<u64>(value).map(|v| climb.root = v)
            }
            _ => None,
        };
        slot.ok_or_else(|| Error::spec(spec, usage))?;
    }
    Ok(Box::new(StaircaseTreeEntry { climb }))
}

/// Staircase Nim on a tree rooted and climbed as `climb` says.
struct StaircaseTreeEntry {
    climb: Climb,
}

impl StaircaseTreeEntry {
    /// How the value is found, naming the root (and the levels when not 1).
    fn method(&self) -> String {
        let Climb { root, levels } = self.climb;
        match levels {
            1 => format!(
                "closed form: the nim-sum of the coins at odd depth (breadth-first from {root})"
            ),
            k => format!(
                "closed form: the nim-sum of the coins at depth d with floor(d/{k}) odd \
                 (depths from {root}; a move climbs {k} levels, a staircase on the levels)"
            ),
        }
    }
}

/// The tree of the file, which takes no other argument.
fn tree_of(input: GraphInput, position: &[UBig], climb: Climb) -> Result<StaircaseTree> {
    if !position.is_empty() {
        return Err(Error::BadPosition(
            "staircase-tree takes only its file (edges 'U V' and 'coins V N' lines)".into(),
        ));
    }
    let GraphInput::Edges(text) = input else {
        return Err(Error::BadArgument(
            "--grid is for geography; staircase-tree reads a file of edges and coins".into(),
        ));
    };
    StaircaseTree::parse_climbing(&text, MAX_TREE_VERTICES, climb).map_err(|e| match e {
        TreeError::Line(e) => Error::GraphFile(e),
        TreeError::TooLarge { .. } => Error::Limit(e.to_string()),
        other => Error::BadPosition(other.to_string()),
    })
}

/// Moves as their contract `to`: `[V, N]`, N coins from V to its target.
fn tree_moves(tree: &StaircaseTree, moves: Vec<TreeMove>) -> Vec<Move> {
    moves.into_iter().map(|m| tree_move(tree, m)).collect()
}

/// One move as its contract `to`: `[V, N]`, N coins from V to its target
/// (its parent, or its ancestor `k` levels up).
fn tree_move(tree: &StaircaseTree, m: TreeMove) -> Move {
    let to = tree.target(m.vertex).expect("a move has a target");
    let (v, t) = (tree.label(m.vertex), tree.label(to));
    let description = if tree.parent(m.vertex) == to {
        format!("move {} coins from vertex {v} to its parent {t}", m.coins)
    } else {
        format!(
            "move {} coins from vertex {v} up to its ancestor {t}",
            m.coins
        )
    };
    Move::to_target(vec![UBig::from(v), m.coins], description)
}

/// The tree file of `tree` with the coins of `coins` (by vertex number):
/// each edge `parent child`, then `coins V N` for every vertex with coins.
fn tree_file(tree: &StaircaseTree, coins: &[UBig]) -> String {
    let mut text = String::new();
    for v in 1..tree.vertex_count() {
        let (p, v) = (tree.label(tree.parent(v)), tree.label(v));
        text.push_str(&format!("{p} {v}\n"));
    }
    for (v, n) in coins.iter().enumerate().filter(|(_, n)| **n != UBig::ZERO) {
        text.push_str(&format!("coins {} {n}\n", tree.label(v)));
    }
    text
}

impl Game for StaircaseTreeEntry {
    fn spec(&self) -> String {
        let Climb { root, levels } = self.climb;
        let params: Vec<String> = [
            (levels != 1, format!("k={levels}")),
            (root != 0, format!("root={root}")),
        ]
        .into_iter()
        .filter_map(|(given, param)| given.then_some(param))
        .collect();
        match params.is_empty() {
            true => "staircase-tree".into(),
            false => format!("staircase-tree:{}", params.join(",")),
        }
    }

    fn form(&self) -> Form<'_> {
        Form::graph(
            "it is played on a tree: grundy analyze staircase-tree FILE (or - for stdin)",
            Numbers::Refused(
                "staircase-tree takes only its file (edges 'U V' and 'coins V N' lines)",
            ),
        )
    }

    /// Misère play and Every-SG by the rules: the tree is one summand. Its
    /// options move `1..=coins` from each vertex that has a target, in order.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let input = at.graph()?;
        let tree = tree_of(input, &at.numbers, self.climb)?;
        let coins: Vec<u64> = (0..tree.vertex_count())
            .map(|v| u64::try_from(tree.coins(v)).map_err(|_| beyond_budget(tree.coins(v))))
            .collect::<Result<_, _>>()?;
        // One option per coin: more coins than the budget cannot be searched.
        let total = coins.iter().fold(0u64, |a, &c| a.saturating_add(c));
        if total > crate::limits::CONVENTION_BUDGET {
            return Err(beyond_budget(&UBig::from(total)));
        }
        let mut names = Vec::new();
        for (vertex, _) in tree.movers() {
            for moved in 1..=coins[vertex] {
                let m = TreeMove {
                    vertex,
                    coins: UBig::from(moved),
                };
                names.push(tree_move(&tree, m));
            }
        }
        Ok(Summands::whole(tree, coins, Vec::new(), |_: &Vec<u64>| Vec::new()).named(names))
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let input = at.graph()?;
        let tree = tree_of(input, &at.numbers, self.climb)?;
        let moves = tree_moves(&tree, tree.winning_moves());
        Ok(Analysis::valued(
            self,
            Vec::new(),
            tree.grundy(),
            moves,
            &self.method(),
        ))
    }

    /// Every number of coins from every vertex to its target, refused when
    /// the coins that can move are more than [`PLAY_OPTIONS`].
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let input = at.graph.clone().unwrap_or(GraphInput::Edges(String::new()));
        let tree = tree_of(input, &at.numbers, self.climb)?;
        let coins: Vec<UBig> = (0..tree.vertex_count())
            .map(|v| tree.coins(v).clone())
            .collect();
        let movable = tree.movers().fold(UBig::ZERO, |a, (v, _)| a + &coins[v]);
        let count = usize::try_from(&movable)
            .ok()
            .filter(|&c| c <= PLAY_OPTIONS)
            .ok_or_else(|| too_many(self))?;
        graph_of_play(self, at, count, 2 * tree.vertex_count())?;
        let mut options = Vec::with_capacity(count);
        for (v, target) in tree.movers() {
            let c = u64::try_from(&coins[v]).expect("at most PLAY_OPTIONS");
            for moved in (1..=c).map(UBig::from) {
                let mut after = coins.clone();
                after[v] -= &moved;
                after[target] += &moved;
                let step = tree_move(
                    &tree,
                    TreeMove {
                        vertex: v,
                        coins: moved,
                    },
                );
                options.push(PlayMove {
                    step,
                    to: Position {
                        game: None,
                        graph: Some(GraphInput::Edges(tree_file(&tree, &after))),
                        numbers: Vec::new(),
                    },
                });
            }
        }
        Ok(options)
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let input = at.graph()?;
        let tree = tree_of(input, &at.numbers, self.climb)?;
        let value = tree.grundy();
        let moves_to = move |target: &UBig| {
            let mut moves = tree_moves(&tree, tree.moves_to(target));
            crate::catalog::answer::sort_moves(&mut moves, &[]);
            Ok(moves)
        };
        Ok(Component::new(Vec::new(), value, self.method(), moves_to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{parse, ByWords};

    fn analyze(text: &str) -> Result<Analysis> {
        let game = parse("staircase-tree").unwrap();
        game.analyze_graph_words(GraphInput::Edges(text.into()), &[])
    }

    #[test]
    fn moves_are_vertex_and_coins_ascending() {
        // Depth 1: vertices 1 (3 coins) and 2 (5); depth 2: vertex 3 (4) under 1.
        let a = analyze("0 1\n0 2\n1 3\ncoins 1 3\ncoins 2 5\ncoins 3 4\n").unwrap();
        assert_eq!(a.grundy, Some(UBig::from(6u8)));
        let to: Vec<Vec<UBig>> = a.winning_moves.iter().map(|m| m.apply(&[])).collect();
        // 2: 5 -> 3 (move 2); 3: raise 1 from 3 to 5 (move 2); 1: 3 ^ 6 = 5 > 3, no.
        let expected: Vec<Vec<UBig>> = vec![
            vec![UBig::from(2u8), UBig::from(2u8)],
            vec![UBig::from(3u8), UBig::from(2u8)],
        ];
        assert_eq!(to, expected);
    }

    /// Codeforces 1498F's tree (root 1, presents climb 2 levels): the value
    /// is the coins at odd level, the moves go 2 levels up, and the spec
    /// keeps both parameters.
    #[test]
    fn a_climb_of_two_levels_from_root_one() {
        let text =
            "1 2\n2 3\n3 4\n4 5\n2 6\n6 7\ncoins 3 5\ncoins 4 2\ncoins 5 7\ncoins 6 1\ncoins 7 4\n";
        let game = parse("staircase-tree:root=1,k=2").unwrap();
        assert_eq!(game.spec(), "staircase-tree:k=2,root=1");
        let a = game
            .analyze_graph_words(GraphInput::Edges(text.into()), &[])
            .unwrap();
        // Depths: 3 and 6 are 2 deep (level 1), 4 and 7 are 3 (level 1), 5 is 4 (level 2).
        assert_eq!(a.grundy, Some(UBig::from(5u8 ^ 2 ^ 1 ^ 4)));
        let moves: Vec<&str> = a
            .winning_moves
            .iter()
            .map(|m| m.description.as_str())
            .collect();
        assert_eq!(
            moves,
            [
                "move 2 coins from vertex 4 up to its ancestor 2",
                "move 2 coins from vertex 5 up to its ancestor 3"
            ]
        );
        assert_eq!(
            parse("staircase-tree:k=1,root=0").unwrap().spec(),
            "staircase-tree"
        );
        for spec in [
            "staircase-tree:k=0",
            "staircase-tree:k=2,k=3",
            "staircase-tree:depth=2",
            "staircase-tree:root=-1",
        ] {
            let e = parse(spec).err().unwrap().to_string();
            assert!(e.starts_with(&format!("bad game spec '{spec}'")), "{e}");
        }
    }

    #[test]
    fn bad_files_are_one_line_errors() {
        for text in ["0 1\n1 0\n", "0 1\ncoins x 1\n", "0 1 2\n"] {
            let e = analyze(text).unwrap_err().to_string();
            assert!(!e.contains('\n') && e.starts_with("bad position"), "{e}");
        }
    }
}
