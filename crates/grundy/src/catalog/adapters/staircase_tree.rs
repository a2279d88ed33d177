//! Staircase Nim on a rooted tree in the catalogue: the tree file in, the
//! value and every winning move out.

use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Form, Numbers, Position};
use dashu_int::UBig;

use super::heap::beyond_convention_budget as beyond_budget;
use crate::catalog::kit::options::{graph_of_play, too_many, PlayMove};
use crate::catalog::{Analysis, Component, Game, GraphInput, Monitor, Move, Summands};
use crate::error::{Error, Result};
use crate::games::staircase_tree::{StaircaseTree, TreeError, TreeMove};
use crate::limits::MAX_TREE_VERTICES;
use crate::limits::PLAY_OPTIONS;

/// The registry's entry of `staircase-tree`.
pub(crate) const ENTRY: Entry = Entry {
    name: "staircase-tree",
    forms: &["staircase-tree"],
    form_note: "",
    aliases: &[],
    summary: "move coins from a vertex of a rooted tree to its parent (file or stdin)",
    position: "a file of edges `U V` (vertex 0 the root) and `coins V N` lines (- for stdin)",
    theory: "nim-sum of the coins at odd depth; trees of 10^6 vertices",
    verbs: ANALYZE_ONLY,
    example_spec: "staircase-tree",
    example_position: "-",
    example_stdin: "0 1\n1 2\n0 3\ncoins 1 3\ncoins 2 4\ncoins 3 5\n",
    build: Build::Plain(staircase_tree),
};

/// `staircase-tree`.
pub(crate) fn staircase_tree() -> Box<dyn Game> {
    Box::new(StaircaseTreeEntry)
}

struct StaircaseTreeEntry;

const METHOD: &str = "closed form: the nim-sum of the coins at odd depth (breadth-first from 0)";

/// The tree of the file, which takes no other argument.
fn tree_of(input: GraphInput, position: &[UBig]) -> Result<StaircaseTree> {
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
    StaircaseTree::parse(&text, MAX_TREE_VERTICES).map_err(|e| match e {
        TreeError::Line(e) => Error::GraphFile(e),
        TreeError::TooLarge { .. } => Error::Limit(e.to_string()),
        other => Error::BadPosition(other.to_string()),
    })
}

/// Moves as their contract `to`: `[V, N]`, N coins from V to its parent.
fn tree_moves(tree: &StaircaseTree, moves: Vec<TreeMove>) -> Vec<Move> {
    moves.into_iter().map(|m| tree_move(tree, m)).collect()
}

/// One move as its contract `to`: `[V, N]`, N coins from V to its parent.
fn tree_move(tree: &StaircaseTree, m: TreeMove) -> Move {
    let (v, p) = (tree.label(m.vertex), tree.label(tree.parent(m.vertex)));
    let description = format!("move {} coins from vertex {v} to its parent {p}", m.coins);
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
        "staircase-tree".into()
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
    /// options move `1..=coins` from each vertex but the root, in order.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let input = at.graph()?;
        let tree = tree_of(input, &at.numbers)?;
        let coins: Vec<u64> = (0..tree.vertex_count())
            .map(|v| u64::try_from(tree.coins(v)).map_err(|_| beyond_budget(tree.coins(v))))
            .collect::<Result<_, _>>()?;
        // One option per coin: more coins than the budget cannot be searched.
        let total = coins.iter().fold(0u64, |a, &c| a.saturating_add(c));
        if total > crate::limits::CONVENTION_BUDGET {
            return Err(beyond_budget(&UBig::from(total)));
        }
        let mut names = Vec::new();
        for (vertex, &c) in coins.iter().enumerate().skip(1) {
            for moved in 1..=c {
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
        let tree = tree_of(input, &at.numbers)?;
        let moves = tree_moves(&tree, tree.winning_moves());
        Ok(Analysis::valued(
            self,
            Vec::new(),
            tree.grundy(),
            moves,
            METHOD,
        ))
    }

    /// Every number of coins from every vertex but the root to its parent,
    /// refused when the coins off the root are more than [`PLAY_OPTIONS`].
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let input = at.graph.clone().unwrap_or(GraphInput::Edges(String::new()));
        let tree = tree_of(input, &at.numbers)?;
        let coins: Vec<UBig> = (0..tree.vertex_count())
            .map(|v| tree.coins(v).clone())
            .collect();
        let movable = coins[1..].iter().fold(UBig::ZERO, |a, c| a + c);
        let count = usize::try_from(&movable)
            .ok()
            .filter(|&c| c <= PLAY_OPTIONS)
            .ok_or_else(|| too_many(self))?;
        graph_of_play(self, at, count, 2 * tree.vertex_count())?;
        let mut options = Vec::with_capacity(count);
        for v in 1..tree.vertex_count() {
            let c = u64::try_from(&coins[v]).expect("at most PLAY_OPTIONS");
            for moved in (1..=c).map(UBig::from) {
                let mut after = coins.clone();
                after[v] -= &moved;
                after[tree.parent(v)] += &moved;
                let step = tree_moves(
                    &tree,
                    vec![TreeMove {
                        vertex: v,
                        coins: moved,
                    }],
                );
                options.push(PlayMove {
                    step: step.into_iter().next().expect("one move"),
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
        let tree = tree_of(input, &at.numbers)?;
        let value = tree.grundy();
        let moves_to = move |target: &UBig| {
            let mut moves = tree_moves(&tree, tree.moves_to(target));
            crate::catalog::answer::sort_moves(&mut moves, &[]);
            Ok(moves)
        };
        Ok(Component::new(Vec::new(), value, METHOD, moves_to))
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

    #[test]
    fn bad_files_are_one_line_errors() {
        for text in ["0 1\n1 0\n", "0 1\ncoins x 1\n", "0 1 2\n"] {
            let e = analyze(text).unwrap_err().to_string();
            assert!(!e.contains('\n') && e.starts_with("bad position"), "{e}");
        }
    }
}
