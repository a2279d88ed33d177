//! Play against the rules: the listed moves are the rules' options, the
//! program never loses from an N-position (whatever the opponent replies), at
//! P-positions its move has the largest remoteness, and hints name exactly
//! the moves to P-positions.

use super::sums::SumRules;
use super::*;
use crate::catalog::{script, GraphInput};
use crate::game::{HeapGame, Heaps};
use crate::games::chomp::Chomp;
use crate::games::circle::{Circle, CirclePosition};
use crate::games::digraph::parse_digraph;
use crate::games::directed_geography::DirectedGeography;
use crate::games::geography::Geography;
use crate::games::grundys_game::GrundysGame;
use crate::games::hackenbush::Hackenbush;
use crate::games::lasker::Lasker;
use crate::games::moore::Moore;
use crate::games::node_kayles::NodeKayles;
use crate::games::octal::Octal;
use crate::games::staircase::Staircase;
use crate::games::staircase_tree::StaircaseTree;
use crate::games::twopile::TwoPile;
use crate::games::wythoff::{Wythoff, WythoffRatios};
use crate::games::{bash::Bash, dynsub::DynSub, nim::Nim, subtraction::Subtraction};
use crate::graph::parse::parse_edges;
use crate::limits::PLAY_OPTIONS;
use crate::nimber::Nimber;
use crate::solve::Memo;
use std::collections::{BTreeMap, BTreeSet, HashSet};

fn numbers(values: &[u64]) -> Vec<UBig> {
    values.iter().map(|&v| UBig::from(v)).collect()
}

fn small(p: &Position) -> Vec<u64> {
    p.numbers
        .iter()
        .map(|n| u64::try_from(n).unwrap())
        .collect()
}

fn at(values: &[u64]) -> Position {
    Position::of_numbers(numbers(values))
}

fn on_graph(text: &str, values: &[u64]) -> Position {
    Position {
        game: None,
        graph: Some(GraphInput::Edges(text.into())),
        numbers: numbers(values),
    }
}

/// The positions the listed moves of `game` reach from `p`.
fn reached(game: &dyn Game, p: &Position) -> Vec<Position> {
    options(game, p)
        .unwrap()
        .into_iter()
        .map(|m| m.to)
        .collect()
}

/// Every position of one or two heaps up to `max`.
fn heap_positions(max: u64) -> Vec<Vec<u64>> {
    let one = (0..=max).map(|a| vec![a]);
    one.chain((0..=max).flat_map(|a| (0..=max).map(move |b| vec![a, b])))
        .collect()
}

/// The listed moves of a heap game are the options of its rules (heaps as
/// a multiset), and the heaps a move empties are gone from the positions
/// reached (one `0` is left when none is left).
fn check_heap_game<G: HeapGame + Clone>(spec: &str, rules: G) {
    let game = parse(spec).unwrap();
    for heaps in heap_positions(7) {
        let reached = reached(game.as_ref(), &at(&heaps));
        for p in &reached {
            let p = small(p);
            assert_eq!(p, without_empty_heaps(p.clone()), "{spec} {heaps:?}");
        }
        let listed: BTreeSet<Vec<u64>> = reached
            .iter()
            .map(|p| Heaps::<G>::position(&small(p)))
            .collect();
        let rules_options: BTreeSet<Vec<u64>> = Heaps(rules.clone())
            .options(&Heaps::<G>::position(&heaps))
            .into_iter()
            .collect();
        assert_eq!(listed, rules_options, "{spec} {heaps:?}");
    }
}

#[test]
fn heap_games_list_the_options_of_their_rules() {
    check_heap_game("nim", Nim);
    check_heap_game("bash:2", Bash::new(2).unwrap());
    check_heap_game("subtraction:1,3,4", Subtraction::new(&[1, 3, 4]).unwrap());
    for code in ["0.77", "0.07", "0.137", "4.7", "0.6"] {
        check_heap_game(&format!("octal:{code}"), code.parse::<Octal>().unwrap());
    }
    check_heap_game("lasker", Lasker);
    check_heap_game("grundys-game", GrundysGame);
}

/// `heaps` without its empty heaps (one `0` when all are empty), as play
/// writes a position of a game where an empty heap plays no part.
fn without_empty_heaps(heaps: Vec<u64>) -> Vec<u64> {
    let left: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
    if left.is_empty() {
        vec![0]
    } else {
        left
    }
}

#[test]
fn moore_changes_one_to_k_heaps() {
    for k in 1..=3 {
        let game = parse(&format!("moore:k={k}")).unwrap();
        let rules = Moore::new(k).unwrap();
        for heaps in heap_positions(3)
            .into_iter()
            .chain([vec![1, 2, 3], vec![3, 0, 2, 1]])
        {
            let listed: Vec<Vec<u64>> = reached(game.as_ref(), &at(&heaps))
                .iter()
                .map(small)
                .collect();
            let expected: BTreeSet<Vec<u64>> = rules
                .options(&heaps)
                .into_iter()
                .map(without_empty_heaps)
                .collect();
            assert_eq!(listed.len(), expected.len(), "k={k} {heaps:?}: each once");
            assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), expected);
        }
    }
    // 300 + 3 * 100^2 = 30300 moves with K = 2, fewer positions once the
    // emptied heap is gone (emptying the first or the second of two equal
    // heaps reaches one position); 1030300 moves with K = 3.
    let two = parse("moore:k=2").unwrap();
    let distinct: BTreeSet<Vec<u64>> = Moore::new(2)
        .unwrap()
        .options(&vec![100, 100, 100])
        .into_iter()
        .map(without_empty_heaps)
        .collect();
    assert_eq!(
        options(two.as_ref(), &at(&[100, 100, 100])).unwrap().len(),
        distinct.len()
    );
    let three = parse("moore:k=3").unwrap();
    assert!(matches!(
        options(three.as_ref(), &at(&[100, 100, 100])),
        Err(Error::Limit(_))
    ));
}

/// Every position of the 3 x 4 Chomp board (column heights not increasing).
fn chomp_positions() -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for a in 1..=3 {
        for b in 0..=a {
            for c in 0..=b {
                for d in 0..=c {
                    all.push(vec![a, b, c, d]);
                }
            }
        }
    }
    all
}

#[test]
fn chomp_eats_every_square_but_the_poisoned_one() {
    let game = parse("chomp:3x4").unwrap();
    let rules = Chomp::new(3, 4).unwrap();
    for heights in chomp_positions() {
        let listed: Vec<Vec<u64>> = reached(game.as_ref(), &at(&heights))
            .iter()
            .map(small)
            .collect();
        let h32: Vec<u32> = heights.iter().map(|&h| h as u32).collect();
        let expected: BTreeSet<Vec<u64>> = rules
            .options(&h32)
            .into_iter()
            .map(|o| o.into_iter().map(u64::from).collect())
            .collect();
        assert_eq!(listed.len(), expected.len(), "{heights:?}: each once");
        assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), expected);
    }
    let full = options(game.as_ref(), &at(&[]));
    assert!(matches!(full, Err(Error::BadPosition(m)) if m.contains("4 heights of 3")));
}

const TREE: &str = "0 1\n1 2\n1 3\n0 4\ncoins 2 2\ncoins 3 1\ncoins 4 2\ncoins 1 1\n";

/// The coins of each vertex label of a staircase-tree file.
fn tree_coins(text: &str) -> BTreeMap<u64, u64> {
    let tree = StaircaseTree::parse(text, 100).unwrap();
    (0..tree.vertex_count())
        .map(|v| (tree.label(v), u64::try_from(tree.coins(v)).unwrap()))
        .collect()
}

#[test]
fn staircase_tree_moves_coins_to_the_parent() {
    let game = parse("staircase-tree").unwrap();
    let tree = StaircaseTree::parse(TREE, 100).unwrap();
    let coins: Vec<u64> = (0..tree.vertex_count())
        .map(|v| u64::try_from(tree.coins(v)).unwrap())
        .collect();
    let listed: Vec<BTreeMap<u64, u64>> = reached(game.as_ref(), &on_graph(TREE, &[]))
        .iter()
        .map(|p| match &p.graph {
            Some(GraphInput::Edges(text)) => tree_coins(text),
            _ => panic!("a tree file"),
        })
        .collect();
    let expected: BTreeSet<BTreeMap<u64, u64>> = tree
        .options(&coins)
        .into_iter()
        .map(|o| (0..o.len()).map(|v| (tree.label(v), o[v])).collect())
        .collect();
    assert_eq!(listed.len(), 6, "1 + 2 + 1 + 2 coins off the root");
    assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn node_kayles_removes_the_chosen_vertex_and_its_neighbours() {
    let game = parse("node-kayles").unwrap();
    let graph = parse_edges(GRAPH).unwrap();
    let rules = NodeKayles::new(graph.clone());
    let labels = |g: &crate::graph::Graph, left: &dyn Fn(usize) -> bool| -> BTreeSet<u64> {
        (0..g.vertex_count())
            .filter(|&v| left(v))
            .map(|v| g.label(v as u32))
            .collect()
    };
    let listed: Vec<BTreeSet<u64>> = reached(game.as_ref(), &on_graph(GRAPH, &[]))
        .iter()
        .map(|p| match &p.graph {
            Some(GraphInput::Edges(text)) => {
                let g = parse_edges(text).unwrap();
                labels(&g, &|_| true)
            }
            _ => panic!("a graph file"),
        })
        .collect();
    let expected: BTreeSet<BTreeSet<u64>> = rules
        .options(&rules.everything())
        .iter()
        .map(|o| labels(&graph, &|v| o.contains(v)))
        .collect();
    assert_eq!(listed.len(), graph.vertex_count());
    assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), expected);
    // The whole game tree agrees with the rules'.
    let mut by_play = Memo::new(PlayRules::new(game.as_ref()));
    let mut by_rules = Memo::new(rules.clone());
    assert_eq!(
        by_play.grundy(&on_graph(GRAPH, &[])).unwrap(),
        by_rules.grundy(&rules.everything()).unwrap()
    );
}

#[test]
fn directed_geography_follows_the_arcs_to_unvisited_vertices() {
    let game = parse("geography:directed").unwrap();
    let graph = parse_edges(DIGRAPH).unwrap();
    let rules = DirectedGeography::new(graph.clone());
    for v in [0u64, 1, 2, 3, 4, 5] {
        let start = on_graph(DIGRAPH, &[v]);
        let mut by_play = Memo::new(PlayRules::new(game.as_ref()));
        let mut by_rules = Memo::new(rules.clone());
        let expected = by_rules
            .grundy(&rules.start(graph.vertex(v).unwrap()))
            .unwrap();
        assert_eq!(by_play.grundy(&start).unwrap(), expected, "start {v}");
    }
    let listed: BTreeSet<Vec<u64>> = reached(game.as_ref(), &on_graph(DIGRAPH, &[1]))
        .iter()
        .map(small)
        .collect();
    assert_eq!(listed, [vec![2], vec![3]].into());
}

#[test]
fn staircase_lists_the_options_of_its_rules() {
    let game = parse("staircase").unwrap();
    for stairs in heap_positions(4).into_iter().chain([vec![1, 2, 3]]) {
        let listed: BTreeSet<Vec<u64>> = reached(game.as_ref(), &at(&stairs))
            .iter()
            .map(small)
            .collect();
        let rules: BTreeSet<Vec<u64>> = Staircase.options(&stairs).into_iter().collect();
        assert_eq!(listed, rules, "{stairs:?}");
    }
}

fn check_pile_game<G: Impartial<Position = (u64, u64)>>(spec: &str, rules: G) {
    let game = parse(spec).unwrap();
    for x in 0..8 {
        for y in 0..8 {
            let listed: Vec<(u64, u64)> = reached(game.as_ref(), &at(&[x, y]))
                .iter()
                .map(|p| (small(p)[0], small(p)[1]))
                .collect();
            let rules: BTreeSet<(u64, u64)> = rules.options(&(x, y)).into_iter().collect();
            assert_eq!(listed.len(), rules.len(), "{spec} {x} {y}: each once");
            assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), rules);
        }
    }
}

#[test]
fn two_pile_games_list_the_options_of_their_rules() {
    check_pile_game("wythoff", Wythoff::classic());
    check_pile_game("wythoff:k=2", Wythoff::new(2));
    check_pile_game("wythoff:ratios", WythoffRatios);
    let families = "1,0+0,1+1,2+2,1";
    check_pile_game(
        &format!("twopile:{families}"),
        TwoPile::parse(families).unwrap(),
    );
}

#[test]
fn dynsub_lists_the_options_of_its_rules() {
    let game = parse("dynsub:k=2").unwrap();
    let rules = DynSub::new(2).unwrap();
    for n in 0..10 {
        for limit in 0..12 {
            // The rules cap the limit at the pile; analyze writes K * t.
            let listed: BTreeSet<(u64, u64)> = reached(game.as_ref(), &at(&[n, limit]))
                .iter()
                .map(|p| (small(p)[0], small(p)[1].min(small(p)[0])))
                .collect();
            let rules: BTreeSet<(u64, u64)> = rules.options(&(n, limit)).into_iter().collect();
            assert_eq!(listed, rules, "{n} {limit}");
        }
    }
}

#[test]
fn a_circle_opens_into_a_row_of_its_octal_game() {
    for k in 1..=3 {
        let game = parse(&format!("circle:{k}")).unwrap();
        let circle = Circle::new(k).unwrap();
        for n in 0..10 {
            let listed = reached(game.as_ref(), &at(&[n]));
            let rows: BTreeSet<Vec<u64>> = listed
                .iter()
                .map(|p| Heaps::<Nim>::position(&small(p)))
                .collect();
            let rules: BTreeSet<Vec<u64>> = circle
                .options(&CirclePosition::Circle(n))
                .into_iter()
                .map(|o| match o {
                    CirclePosition::Rows(rows) => rows,
                    CirclePosition::Circle(_) => panic!("a move opens the circle"),
                })
                .collect();
            assert_eq!(rows, rules, "circle:{k} {n}");
            let row_game = format!("octal:{}", circle.row_game().unwrap());
            assert!(listed.iter().all(|p| p.game.as_deref() == Some(&row_game)));
        }
    }
}

const HACKENBUSH: &str = "0 1\n1 2\n2 0\n1 3\n0 4\n4 5\n5 5\n6 7\n";
const GRAPH: &str = "0 1\n1 2\n2 3\n3 0\n2 4\n4 5\n1 5\n5 6\n";
const GRID: &str = "...\n.#.\n..#\n";
const DIGRAPH: &str = "1 2\n2 3\n1 3\n3 4\n4 0\n2 0\n5 1\n5 4\n";

#[test]
fn hackenbush_cuts_each_grounded_edge_once() {
    let game = parse("hackenbush").unwrap();
    let start = on_graph(HACKENBUSH, &[]);
    let rules = Hackenbush::new(parse_edges(HACKENBUSH).unwrap());
    let labels = |g: &Hackenbush, edges: &[u32]| -> Vec<[u64; 2]> {
        let mut l: Vec<[u64; 2]> = edges.iter().map(|&e| g.graph().edge_labels(e)).collect();
        l.sort();
        l
    };
    let expected: BTreeSet<Vec<[u64; 2]>> = rules
        .options(&rules.start())
        .iter()
        .map(|o| labels(&rules, o))
        .collect();
    let listed: Vec<Vec<[u64; 2]>> = reached(game.as_ref(), &start)
        .iter()
        .map(|p| {
            let Some(GraphInput::Edges(text)) = &p.graph else {
                panic!("a graph")
            };
            let g = Hackenbush::new(parse_edges(text).unwrap());
            labels(&g, &g.start())
        })
        .collect();
    // The loop 5 5 and the edges 0 1, 1 2, 2 0, 1 3, 0 4, 4 5: 7 cuts, all different.
    assert_eq!(listed.len(), 7);
    assert_eq!(listed.into_iter().collect::<BTreeSet<_>>(), expected);
}

#[test]
fn geography_moves_to_unvisited_neighbours() {
    let game = parse("geography").unwrap();
    let graph = parse_edges(GRAPH).unwrap();
    let rules = Geography::new(graph.clone());
    for v in 0..7u64 {
        let start = on_graph(GRAPH, &[v]);
        // The whole game tree from the rules and from the listed moves agree.
        let mut by_rules = Memo::new(rules.clone());
        let mut by_play = Memo::new(PlayRules::new(game.as_ref()));
        let expected = by_rules
            .grundy(&rules.start(graph.vertex(v).unwrap()))
            .unwrap();
        assert_eq!(by_play.grundy(&start).unwrap(), expected, "start {v}");
    }
    let grid = parse("geography").unwrap();
    let start = Position {
        game: None,
        graph: Some(GraphInput::Grid(GRID.into())),
        numbers: numbers(&[0]),
    };
    let moved: Vec<Position> = reached(grid.as_ref(), &start);
    assert_eq!(moved.len(), 2);
    assert_eq!(
        moved[0].graph,
        Some(GraphInput::Grid("#..\n.#.\n..#\n".into()))
    );
    let placed = reached(
        grid.as_ref(),
        &Position {
            numbers: vec![],
            ..start
        },
    );
    assert_eq!(placed.len(), 7, "one start per free cell");
}

#[test]
fn digraph_moves_one_token_along_an_arc() {
    let game = parse("digraph").unwrap();
    let rules = parse_digraph(DIGRAPH).unwrap();
    let tokens = [1u64, 5, 1];
    let listed: BTreeSet<Vec<u64>> = reached(game.as_ref(), &on_graph(DIGRAPH, &tokens))
        .iter()
        .map(small)
        .collect();
    let mut expected = BTreeSet::new();
    for i in 0..tokens.len() {
        for w in rules.options(&rules.vertex(tokens[i]).unwrap()) {
            let mut next = tokens.to_vec();
            next[i] = rules.label(w);
            expected.insert(next);
        }
    }
    assert_eq!(listed, expected);
}

const SCRIPT: &str = "fn moves(p) { let r = []; for i in 0..p.len() { for s in [1, 3, 4] { if p[i] >= s { let q = p; q[i] -= s; r.push(q); } } } r }\n";

#[test]
fn a_script_lists_its_moves() {
    let game = script("-", SCRIPT).unwrap();
    let listed: BTreeSet<Vec<u64>> = reached(game.as_ref(), &at(&[4, 1]))
        .iter()
        .map(small)
        .collect();
    let expected: BTreeSet<Vec<u64>> = [vec![3, 1], vec![1, 1], vec![0, 1], vec![4, 0]].into();
    assert_eq!(listed, expected);
}

/// A game of every family with small start positions.
fn cases() -> Vec<(Box<dyn Game>, Vec<Position>)> {
    let specs_heaps = [
        "nim",
        "bash:2",
        "subtraction:1,3,4",
        "kayles",
        "dawson",
        "octal:0.137",
        "lasker",
        "grundys-game",
        "moore:k=1",
        "moore:k=2",
    ];
    let mut cases: Vec<(Box<dyn Game>, Vec<Position>)> = specs_heaps
        .iter()
        .map(|s| {
            let positions = heap_positions(5).iter().map(|h| at(h)).collect();
            (parse(s).unwrap(), positions)
        })
        .collect();
    let piles: Vec<Position> = (0..6)
        .flat_map(|x| (0..6).map(move |y| at(&[x, y])))
        .collect();
    for spec in [
        "wythoff",
        "wythoff:k=1",
        "wythoff:ratios",
        "twopile:1,0+0,1+1,2+2,1",
    ] {
        cases.push((parse(spec).unwrap(), piles.clone()));
    }
    let stairs = vec![at(&[1, 2, 3]), at(&[2, 0, 2]), at(&[0, 3]), at(&[3])];
    cases.push((parse("staircase").unwrap(), stairs));
    let dynsub = (0..9)
        .flat_map(|n| (1..4).map(move |l| at(&[n, l])))
        .collect();
    cases.push((parse("fibonacci-nim").unwrap(), dynsub));
    let circles = (0..9).map(|n| at(&[n])).collect::<Vec<_>>();
    cases.push((parse("circle:2").unwrap(), circles.clone()));
    cases.push((parse("circle:1").unwrap(), circles));
    cases.push((
        parse("hackenbush").unwrap(),
        vec![on_graph(HACKENBUSH, &[])],
    ));
    let geography = (0..7).map(|v| on_graph(GRAPH, &[v])).collect();
    cases.push((parse("geography").unwrap(), geography));
    cases.push((parse("geography").unwrap(), vec![on_graph(GRAPH, &[])]));
    let tokens = vec![on_graph(DIGRAPH, &[1, 5]), on_graph(DIGRAPH, &[5, 5, 2])];
    cases.push((parse("digraph").unwrap(), tokens));
    cases.push((script("-", SCRIPT).unwrap(), vec![at(&[4, 5]), at(&[7])]));
    let bars = chomp_positions().iter().map(|h| at(h)).collect();
    cases.push((parse("chomp:3x4").unwrap(), bars));
    cases.push((parse("staircase-tree").unwrap(), vec![on_graph(TREE, &[])]));
    cases.push((parse("node-kayles").unwrap(), vec![on_graph(GRAPH, &[])]));
    let arcs = (0..6).map(|v| on_graph(DIGRAPH, &[v])).collect();
    cases.push((parse("geography:directed").unwrap(), arcs));
    cases
}

/// Plays every game out from `p` with the program to move when
/// `program_moves`, the opponent trying every move: the program moves from
/// each N-position to a P-position (so it wins: the game is finite), and
/// from each P-position to an option of the largest remoteness.
fn play_out(
    game: &dyn Game,
    p: &Position,
    program_moves: bool,
    oracle: &mut Remoteness<PlayRules<'_>>,
    seen: &mut HashSet<(Position, bool)>,
) {
    if !seen.insert((p.clone(), program_moves)) {
        return;
    }
    let games = Games::new(game);
    let here = games.of(p).unwrap();
    let r = oracle.remoteness(p).unwrap();
    if !program_moves {
        for option in reached(here, p) {
            play_out(game, &option, true, oracle, seen);
        }
        return;
    }
    let Some(answer) = reply(here, p, Convention::Normal).unwrap() else {
        assert_eq!(
            r,
            0,
            "{}: the program has no move but {p:?} has options",
            game.spec()
        );
        return;
    };
    let after = oracle.remoteness(&answer.step.to).unwrap();
    let label = format!("{} {p:?}: {answer:?}", game.spec());
    match r % 2 {
        1 => assert_eq!(after % 2, 0, "{label}: the program left an N-position"),
        _ => assert_eq!(after + 1, r, "{label}: a shorter defence"),
    }
    play_out(game, &answer.step.to, false, oracle, seen);
}

#[test]
fn the_program_wins_from_n_positions_and_delays_the_longest_from_p() {
    for (game, starts) in cases() {
        let game = game.as_ref();
        let mut oracle = Remoteness::new(PlayRules::new(game), u64::MAX);
        let mut seen = HashSet::new();
        for start in &starts {
            play_out(game, start, true, &mut oracle, &mut seen);
        }
    }
}

#[test]
fn hints_name_every_move_to_a_p_position_and_the_value() {
    for (game, starts) in cases() {
        let game = game.as_ref();
        let mut oracle = Memo::new(PlayRules::new(game));
        for start in &starts {
            let h = hint(game, start, Convention::Normal).unwrap();
            let value = oracle.grundy(start).unwrap();
            let label = format!("{} {start:?}", game.spec());
            let Answer::One(a) = &h.analysis else {
                panic!("{label}: one game is answered as one game")
            };
            assert_eq!(a.outcome, Outcome::of(value), "{label}");
            if let Some(g) = &a.grundy {
                assert_eq!(*g, UBig::from(value.0), "{label}");
            }
            let to_p: BTreeSet<Position> = reached(game, start)
                .into_iter()
                .filter(|o| oracle.grundy(o).unwrap() == Nimber::ZERO)
                .collect();
            let named: BTreeSet<Position> = h.winning.iter().map(|m| m.to.clone()).collect();
            // Moves to equal heaps in other places are one winning move for analyze.
            assert!(named.is_subset(&to_p), "{label}");
            assert_eq!(named.is_empty(), to_p.is_empty(), "{label}");
            assert!(!h.why.is_empty());
        }
    }
}

#[test]
fn a_hint_explains_a_sum_by_the_nim_sum_of_its_heaps() {
    let game = parse("nim").unwrap();
    let h = hint(game.as_ref(), &at(&[3, 4, 5]), Convention::Normal).unwrap();
    assert_eq!(
        h.why,
        "the value is the nim-sum of the components' values: 3 (heap 1) xor 4 (heap 2) xor \
         5 (heap 3) = 2: a winning move takes a component of value g to g xor 2"
    );
    let kayles = parse("kayles").unwrap();
    let h = hint(kayles.as_ref(), &at(&[3, 3]), Convention::Normal).unwrap();
    assert!(h.why.contains("3 (heap 1) xor 3 (heap 2) = 0"), "{}", h.why);
}

#[test]
fn typed_moves_are_checked_against_the_rules() {
    let game = parse("kayles").unwrap();
    let start = at(&[5]);
    let words = |w: &str| -> Vec<String> { w.split_whitespace().map(String::from).collect() };
    // Kayles 5: take one or two, from anywhere; 1 + 3 and 3 + 1 are one move.
    let m = choose(game.as_ref(), &start, Choice::Reached(&words("3 1"))).unwrap();
    assert_eq!(small(&m.to), vec![1, 3]);
    for bad in ["5", "1 1", "0 0 0", "x"] {
        assert!(
            choose(game.as_ref(), &start, Choice::Reached(&words(bad))).is_err(),
            "{bad}"
        );
    }
    // The order of piles matters: twopile:1,0+0,1+1,2 reaches (2, 5) from
    // (3, 5) but not (5, 2).
    let piles = parse("twopile:1,0+0,1+1,2").unwrap();
    let m = choose(piles.as_ref(), &at(&[3, 5]), Choice::Reached(&words("2 3"))).unwrap();
    assert_eq!(small(&m.to), vec![2, 3]);
    assert!(choose(piles.as_ref(), &at(&[3, 5]), Choice::Reached(&words("5 2"))).is_err());
    let count = options(game.as_ref(), &start).unwrap().len();
    assert!(choose(game.as_ref(), &start, Choice::Index(count)).is_err());
    let listed = list_moves(game.as_ref(), &start, 2).unwrap();
    assert_eq!((listed.moves.len(), listed.count), (2, count));
    assert!(listed
        .more()
        .unwrap()
        .contains(&format!("({count} in all)")));
}

#[test]
fn too_many_moves_are_refused_not_cut() {
    let nim = parse("nim").unwrap();
    let huge = at(&[PLAY_OPTIONS as u64 + 1]);
    assert!(matches!(options(nim.as_ref(), &huge), Err(Error::Limit(_))));
    let big = Position::of_numbers(vec![UBig::from(10u8).pow(40)]);
    assert!(matches!(options(nim.as_ref(), &big), Err(Error::Limit(_))));
    let wythoff = parse("wythoff").unwrap();
    assert!(matches!(
        options(wythoff.as_ref(), &at(&[5000, 5000])),
        Err(Error::Limit(_))
    ));
    let tree = parse("staircase-tree").unwrap();
    let rich = on_graph("0 1\n1 2\ncoins 2 70000\n", &[]);
    assert!(matches!(
        options(tree.as_ref(), &rich),
        Err(Error::Limit(_))
    ));
    let grundys = parse("grundys-game").unwrap();
    assert!(matches!(
        options(grundys.as_ref(), &at(&[PLAY_OPTIONS as u64 + 1])),
        Err(Error::Limit(_))
    ));
    let chomp = parse("chomp:300x300").unwrap();
    let full = at(&[300; 300]);
    assert!(matches!(
        options(chomp.as_ref(), &full),
        Err(Error::Limit(_))
    ));
}

#[test]
fn a_session_plays_undoes_and_follows_a_circle_into_its_rows() {
    let mut session = Session::new(parse("circle:2").unwrap(), at(&[7])).unwrap();
    assert_eq!(session.specs()[0], "circle:2");
    session.play(Choice::Index(0)).unwrap();
    assert_eq!(session.specs()[0], "octal:0.77");
    let reply = session.reply().unwrap().unwrap();
    assert_eq!(reply.reason, "a winning move: to a P-position");
    assert_eq!(session.moves_made(), 2);
    assert_eq!(session.undo(5), 2);
    assert_eq!(session.specs()[0], "circle:2");
    session.set_misere(true).unwrap();
    assert_eq!(session.play_convention(), Convention::Misere);
    let nim = parse("nim").unwrap();
    assert!(Position::of(nim.as_ref(), &[], None).is_err());
}

#[test]
fn in_a_loopy_digraph_the_program_keeps_a_draw_and_wins_from_n() {
    let text = "8 9\n9 8\n9 0\n1 2\n2 3\n3 1\n3 4\n4 0\n5 5\n6 5\n6 0\n7\n";
    let game = parse("digraph").unwrap();
    let game = game.as_ref();
    // 1, 2 and 3 are drawn: the program stays on the cycle, never moving to 4.
    let mut p = on_graph(text, &[1]);
    for _ in 0..10 {
        let r = reply(game, &p, Convention::Normal).unwrap().unwrap();
        assert_eq!(r.reason, "a move that keeps the game drawn");
        assert_eq!(analyze_at(game, &r.step.to).unwrap().outcome, Outcome::D);
        p = r.step.to;
    }
    // From 9 (N) it moves to a P-position; from 8 (P) its only move loses.
    let r = reply(game, &on_graph(text, &[9]), Convention::Normal)
        .unwrap()
        .unwrap();
    assert_eq!(analyze_at(game, &r.step.to).unwrap().outcome, Outcome::P);
    let r = reply(game, &on_graph(text, &[8]), Convention::Normal)
        .unwrap()
        .unwrap();
    assert_eq!(small(&r.step.to), vec![9]);
    assert!(reply(game, &on_graph(text, &[7]), Convention::Normal)
        .unwrap()
        .is_none());
}

/// Plays out from `p` with the program (`program`: the position its move
/// reaches, `None` when it has no move) to move when `program_moves`, the
/// opponent trying every option of the oracle's rules: from an N-position
/// (odd remoteness) the program moves to a P-position, from a P-position to
/// an option of the largest remoteness, and it has no move only at the end.
fn play_out_against<R: Impartial>(
    oracle: &mut Remoteness<R>,
    p: R::Position,
    program_moves: bool,
    program: &dyn Fn(&R::Position) -> Option<R::Position>,
    seen: &mut HashSet<(R::Position, bool)>,
) where
    R::Position: std::fmt::Debug,
{
    if !seen.insert((p.clone(), program_moves)) {
        return;
    }
    let r = oracle.remoteness(&p).unwrap();
    if !program_moves {
        for option in oracle.game().options(&p) {
            play_out_against(oracle, option, true, program, seen);
        }
        return;
    }
    let Some(to) = program(&p) else {
        // Normal play: no move (remoteness 0); misère play: no move of the
        // game, only the extra move that ends it (remoteness 1), or the end.
        assert!(r <= 1, "the program has no move at {p:?} (remoteness {r})");
        return;
    };
    let after = oracle.remoteness(&to).unwrap();
    match r % 2 {
        1 => assert_eq!(
            after % 2,
            0,
            "{p:?} -> {to:?}: the program left an N-position"
        ),
        _ => assert_eq!(after + 1, r, "{p:?} -> {to:?}: a shorter defence"),
    }
    play_out_against(oracle, to, false, program, seen);
}

/// Games `analyze --misere` answers, each with small start positions.
fn misere_cases() -> Vec<(Box<dyn Game>, Vec<Position>)> {
    let heaps = |max: u64| -> Vec<Position> {
        heap_positions(max)
            .into_iter()
            .chain([vec![1, 1, 1], vec![1, 2, 3], vec![2, 2, 1]])
            .map(|h| at(&h))
            .collect()
    };
    let stairs = (0..=2)
        .flat_map(|a| (0..=2).flat_map(move |b| (0..=2).map(move |c| at(&[a, b, c]))))
        .collect();
    vec![
        (parse("nim").unwrap(), heaps(4)),
        (parse("bash:2").unwrap(), heaps(5)),
        (parse("subtraction:1,3,4").unwrap(), heaps(6)),
        (parse("kayles").unwrap(), heaps(5)),
        (parse("dawson").unwrap(), heaps(5)),
        (parse("octal:0.137").unwrap(), heaps(5)),
        (parse("staircase").unwrap(), stairs),
    ]
}

#[test]
fn under_misere_play_the_program_wins_from_n_and_delays_the_longest_from_p() {
    for (game, starts) in misere_cases() {
        let game = game.as_ref();
        let mut oracle = Remoteness::new(Misere(PlayRules::new(game)), u64::MAX);
        let program = |p: &Option<Position>| {
            let r = reply(game, p.as_ref()?, Convention::Misere).unwrap()?;
            Some(Some(r.step.to))
        };
        let mut seen = HashSet::new();
        for start in starts {
            play_out_against(&mut oracle, Some(start), true, &program, &mut seen);
        }
    }
}

#[test]
fn misere_hints_name_the_moves_to_misere_p_positions_and_the_rule() {
    for (game, starts) in misere_cases() {
        let game = game.as_ref();
        let mut oracle = Memo::new(Misere(PlayRules::new(game)));
        for start in &starts {
            let label = format!("{} {start:?}", game.spec());
            let h = hint(game, start, Convention::Misere).unwrap();
            let outcome = oracle.outcome(&Some(start.clone())).unwrap();
            assert_eq!(h.analysis.outcome(), outcome, "{label}");
            assert_eq!(
                h.analysis.value(),
                None,
                "{label}: misère play has no Grundy value"
            );
            let to_p: BTreeSet<Position> = reached(game, start)
                .into_iter()
                .filter(|o| oracle.outcome(&Some(o.clone())).unwrap() == Outcome::P)
                .collect();
            let named: BTreeSet<Position> = h.winning.iter().map(|m| m.to.clone()).collect();
            assert!(named.is_subset(&to_p), "{label}");
            assert_eq!(named.is_empty(), to_p.is_empty(), "{label}");
            assert!(h.why.starts_with("misère play"), "{label}: {}", h.why);
            assert!(h.why.contains(h.analysis.method()), "{label}: the rule");
        }
    }
    // Which rule decided: Bouton's misère rule for Nim, the search for Kayles.
    let nim = parse("nim").unwrap();
    let h = hint(nim.as_ref(), &at(&[1, 1, 5]), Convention::Misere).unwrap();
    assert!(h.why.contains("Bouton's misère rule"), "{}", h.why);
    assert_eq!(h.winning.len(), 1);
    assert_eq!(small(&h.winning[0].to), vec![1, 1, 1]);
    let kayles = parse("kayles").unwrap();
    let h = hint(kayles.as_ref(), &at(&[4, 1]), Convention::Misere).unwrap();
    assert!(h.why.contains("exhaustive misère search"), "{}", h.why);
}

#[test]
fn the_misere_toggle_is_refused_where_analyze_has_no_misere_answer() {
    for (spec, start) in [
        ("lasker", at(&[5])),
        ("grundys-game", at(&[7])),
        ("moore:k=2", at(&[3, 4])),
    ] {
        let mut session = Session::new(parse(spec).unwrap(), start).unwrap();
        let refused = session.set_misere(true).unwrap_err();
        assert!(
            matches!(refused, Error::Unsupported { .. }),
            "{spec}: {refused}"
        );
        assert_eq!(session.play_convention(), Convention::Normal, "{spec}");
        assert!(session.hint().is_ok(), "{spec}: normal play goes on");
    }
    let mut session = Session::new(parse("nim").unwrap(), at(&[1, 1, 5])).unwrap();
    session.set_misere(true).unwrap();
    assert_eq!(session.play_convention(), Convention::Misere);
    let r = session.reply().unwrap().unwrap();
    assert_eq!(small(&r.step.to[0]), vec![1, 1, 1]);
    assert_eq!(r.reason, "a winning move: to a P-position of misère play");
    session.set_misere(false).unwrap();
    assert_eq!(session.play_convention(), Convention::Normal);
}

/// A sum's games and its start positions (one position per component).
type SumCase = (Vec<Box<dyn Game>>, Vec<Vec<Position>>);

/// Sums of different games, each with its start positions.
fn sum_cases() -> Vec<SumCase> {
    let games = |specs: &[&str]| specs.iter().map(|s| parse(s).unwrap()).collect::<Vec<_>>();
    vec![
        (
            games(&["nim", "wythoff"]),
            vec![vec![at(&[2]), at(&[1, 2])], vec![at(&[3]), at(&[2, 2])]],
        ),
        (
            games(&["kayles", "subtraction:1,3,4"]),
            vec![vec![at(&[4]), at(&[5])], vec![at(&[2, 1]), at(&[3])]],
        ),
        (games(&["circle:2", "nim"]), vec![vec![at(&[5]), at(&[1])]]),
        (
            games(&["digraph", "nim"]),
            vec![vec![on_graph(DIGRAPH, &[5]), at(&[2])]],
        ),
        (
            games(&["hackenbush", "bash:2"]),
            vec![vec![on_graph(HACKENBUSH, &[]), at(&[3])]],
        ),
        (
            games(&["nim", "kayles", "staircase"]),
            vec![vec![at(&[1]), at(&[3]), at(&[1, 1])]],
        ),
    ]
}

/// Sums `analyze --misere` answers.
fn misere_sum_cases() -> Vec<SumCase> {
    let games = |specs: &[&str]| specs.iter().map(|s| parse(s).unwrap()).collect::<Vec<_>>();
    vec![
        (
            games(&["nim", "kayles"]),
            vec![vec![at(&[1, 2]), at(&[3])], vec![at(&[1]), at(&[4])]],
        ),
        (
            games(&["bash:2", "subtraction:1,3,4"]),
            vec![vec![at(&[3]), at(&[4])], vec![at(&[2, 2]), at(&[5])]],
        ),
        (
            games(&["staircase", "nim", "dawson"]),
            vec![vec![at(&[1, 1]), at(&[2]), at(&[3])]],
        ),
    ]
}

fn roots(games: &[Box<dyn Game>]) -> Vec<&dyn Game> {
    games.iter().map(Box::as_ref).collect()
}

#[test]
fn in_a_sum_the_program_wins_from_n_and_delays_the_longest_from_p() {
    for (games, starts) in sum_cases() {
        let roots = roots(&games);
        let mut oracle = Remoteness::new(SumRules::new(&roots), u64::MAX);
        let program = |p: &Vec<Position>| {
            let r = sum_reply(&roots, p, Convention::Normal).unwrap()?;
            Some(r.step.to)
        };
        let mut seen = HashSet::new();
        for start in starts {
            play_out_against(&mut oracle, start, true, &program, &mut seen);
        }
    }
    for (games, starts) in misere_sum_cases() {
        let roots = roots(&games);
        let mut oracle = Remoteness::new(Misere(SumRules::new(&roots)), u64::MAX);
        let program = |p: &Option<Vec<Position>>| {
            let r = sum_reply(&roots, p.as_ref()?, Convention::Misere).unwrap()?;
            Some(Some(r.step.to))
        };
        let mut seen = HashSet::new();
        for start in starts {
            play_out_against(&mut oracle, Some(start), true, &program, &mut seen);
        }
    }
}

#[test]
fn sum_hints_name_the_winning_moves_of_every_component() {
    for (games, starts) in sum_cases() {
        let roots = roots(&games);
        let mut oracle = Memo::new(SumRules::new(&roots));
        for start in &starts {
            let label = format!("{start:?}");
            let h = sum_hint(&roots, start, Convention::Normal).unwrap();
            let value = oracle.grundy(start).unwrap();
            assert_eq!(h.analysis.outcome(), Outcome::of(value), "{label}");
            assert_eq!(h.analysis.value(), Some(value.0.to_string()), "{label}");
            let options = oracle.game().options(start);
            let to_p: BTreeSet<Vec<Position>> = options
                .into_iter()
                .filter(|o| oracle.grundy(o).unwrap() == Nimber::ZERO)
                .collect();
            let named: BTreeSet<Vec<Position>> = h.winning.iter().map(|t| t.to.clone()).collect();
            assert!(named.is_subset(&to_p), "{label}");
            assert_eq!(named.is_empty(), to_p.is_empty(), "{label}");
            assert!(h.why.contains("nim-sum"), "{label}: {}", h.why);
        }
    }
    for (games, starts) in misere_sum_cases() {
        let roots = roots(&games);
        let mut oracle = Memo::new(Misere(SumRules::new(&roots)));
        for start in &starts {
            let label = format!("{start:?}");
            let h = sum_hint(&roots, start, Convention::Misere).unwrap();
            let outcome = oracle.outcome(&Some(start.clone())).unwrap();
            assert_eq!(h.analysis.outcome(), outcome, "{label}");
            let to_p: BTreeSet<Vec<Position>> = SumRules::new(&roots)
                .options(start)
                .into_iter()
                .filter(|o| oracle.outcome(&Some(o.clone())).unwrap() == Outcome::P)
                .collect();
            let named: BTreeSet<Vec<Position>> = h.winning.iter().map(|t| t.to.clone()).collect();
            assert!(named.is_subset(&to_p), "{label}");
            assert_eq!(named.is_empty(), to_p.is_empty(), "{label}");
            assert!(h.why.starts_with("misère play"), "{label}");
        }
    }
}

#[test]
fn a_sum_is_played_component_by_component() {
    let parts = vec![
        (parse("nim").unwrap(), at(&[3])),
        (parse("wythoff").unwrap(), at(&[3, 4])),
    ];
    let mut session = Session::sum(parts).unwrap();
    assert!(session.is_sum());
    assert_eq!(session.specs(), ["nim", "wythoff"]);
    // nim 3 (value 3) + wythoff (3, 4) (value 2): 3 + 10 moves, value 1.
    let moves = session.list_moves(usize::MAX).unwrap();
    assert_eq!(moves.count, 3 + 10);
    assert_eq!(
        moves.moves[0].description,
        "component 1 (nim): heap 1: 3 -> 0 (take 3)"
    );
    let h = session.hint().unwrap();
    assert_eq!(h.analysis.value().as_deref(), Some("1"));
    assert_eq!(
        h.why,
        "the value is the nim-sum of the components' values: 3 (component 1, nim 3) xor \
         2 (component 2, wythoff 3 4) = 1: a winning move takes a component of value g to g xor 1"
    );
    let words = |w: &str| -> Vec<String> { w.split_whitespace().map(String::from).collect() };
    let typed = session.play(Choice::Reached(&words("2 1 2"))).unwrap();
    assert_eq!((typed.component, small(&typed.to[1])), (1, vec![1, 2]));
    for bad in ["3 1 2", "0 1", "x", "1 4", ""] {
        assert!(session.play(Choice::Reached(&words(bad))).is_err(), "{bad}");
    }
    let r = session.reply().unwrap().unwrap();
    assert_eq!(r.reason, "a winning move: to a P-position");
    assert_eq!(session.moves_made(), 2);
    // Misère play of a sum with a Lasker component is refused, saying why.
    let mut with_lasker = Session::sum(vec![
        (parse("nim").unwrap(), at(&[3])),
        (parse("lasker").unwrap(), at(&[5])),
    ])
    .unwrap();
    let refused = with_lasker.set_misere(true).unwrap_err().to_string();
    assert!(refused.contains("lasker"), "{refused}");
    assert_eq!(with_lasker.play_convention(), Convention::Normal);
    // A component whose value is not computed makes the sum an error.
    let geography = vec![
        (parse("geography").unwrap(), on_graph(GRAPH, &[0])),
        (parse("nim").unwrap(), at(&[1])),
    ];
    let refused = Session::sum(geography).err().unwrap().to_string();
    assert!(refused.contains("geography"), "{refused}");
}
