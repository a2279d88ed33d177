//! The play conventions of the games searched from their rules, against
//! exhaustive search of their own trees: misère outcomes and every winning
//! move, Every-SG steps and outcomes, on all small positions; mixed sums.

use crate::catalog::ByWords;
use std::collections::{HashMap, HashSet};

use super::*;
use crate::catalog::kit::summands::{misere_by_quotient, quotient_limits};
use crate::catalog::{parse, GraphInput, Position, SumPart};
use crate::game::{HeapGame, Heaps, Impartial, Pair};
use crate::games::circle::{Circle, CirclePosition};
use crate::games::dynsub::DynSub;
use crate::games::octal::Octal;
use crate::games::wythoff::{Wythoff, WythoffRatios};
use crate::solve::misere::Misere;
use crate::solve::summands::suspense;
use crate::solve::Memo;

/// The misère outcome of `p` by the tree of `game`.
fn misere_outcome<G: Impartial + Clone>(game: &G, p: &G::Position) -> Outcome {
    Memo::new(Misere(game.clone()))
        .outcome(&Some(p.clone()))
        .unwrap()
}

/// The suspense of `p` by the tree of `game` (Every-SG of one summand).
fn tree_suspense<G: Impartial>(
    game: &G,
    p: &G::Position,
    known: &mut HashMap<G::Position, u64>,
) -> u64 {
    if let Some(&s) = known.get(p) {
        return s;
    }
    let options: Vec<u64> = game
        .options(p)
        .iter()
        .map(|o| tree_suspense(game, o, known))
        .collect();
    let s = suspense(options.into_iter());
    known.insert(p.clone(), s);
    s
}

/// One game's position under both conventions against its tree: the
/// misère outcome, the positions its winning moves reach (`reached` reads a
/// move as a position of the rules), and the Every-SG steps.
fn check<G: Impartial + Clone>(
    spec: &str,
    args: &[String],
    game: &G,
    p: &G::Position,
    reached: impl Fn(&Move) -> G::Position,
) {
    let entry = parse(spec).unwrap();
    let label = format!("{spec} {args:?}");
    let answer =
        analyze_convention(entry.as_ref(), &entry.at_words(args), Convention::Misere).unwrap();
    let mut memo = Memo::new(Misere(game.clone()));
    assert_eq!(
        answer.outcome,
        memo.outcome(&Some(p.clone())).unwrap(),
        "{label}"
    );
    let expected: HashSet<G::Position> = game
        .options(p)
        .into_iter()
        .filter(|o| memo.outcome(&Some(o.clone())).unwrap() == Outcome::P)
        .collect();
    let found: Vec<G::Position> = answer.winning_moves.iter().map(&reached).collect();
    assert_eq!(
        found.len(),
        expected.len(),
        "{label}: each winning move once"
    );
    assert_eq!(
        found.into_iter().collect::<HashSet<_>>(),
        expected,
        "{label}"
    );
    let every =
        analyze_convention(entry.as_ref(), &entry.at_words(args), Convention::Every).unwrap();
    let steps = tree_suspense(game, p, &mut HashMap::new());
    assert_eq!(every.steps, Some(UBig::from(steps)), "{label}");
    assert_eq!(every.outcome, Outcome::from_p(steps % 2 == 0), "{label}");
}

fn words(numbers: &[u64]) -> Vec<String> {
    numbers.iter().map(u64::to_string).collect()
}

fn pile(m: &Move, position: &[u64]) -> (u64, u64) {
    let big: Vec<UBig> = position.iter().map(|&v| UBig::from(v)).collect();
    let to = m.apply(&big);
    (
        u64::try_from(&to[0]).unwrap(),
        u64::try_from(&to[1]).unwrap(),
    )
}

/// A check of one two-pile game at `(x, y)`.
type PileCheck = Box<dyn Fn(u64, u64)>;

#[test]
fn two_pile_games_agree_with_their_trees() {
    let cases: Vec<(&str, PileCheck)> = vec![
        (
            "wythoff",
            Box::new(|x, y| {
                check(
                    "wythoff",
                    &words(&[x, y]),
                    &Wythoff::classic(),
                    &(x, y),
                    |m| pile(m, &[x, y]),
                )
            }),
        ),
        (
            "wythoff:k=1",
            Box::new(|x, y| {
                check(
                    "wythoff:k=1",
                    &words(&[x, y]),
                    &Wythoff::new(1),
                    &(x, y),
                    |m| pile(m, &[x, y]),
                )
            }),
        ),
        (
            "wythoff:ratios",
            Box::new(|x, y| {
                check(
                    "wythoff:ratios",
                    &words(&[x, y]),
                    &WythoffRatios,
                    &(x, y),
                    |m| pile(m, &[x, y]),
                )
            }),
        ),
    ];
    for (_, case) in &cases {
        for x in 0..9 {
            for y in 0..9 {
                case(x, y);
            }
        }
    }
    let twopile = crate::games::twopile::TwoPile::parse("1,0:2+0,1+1,2").unwrap();
    for x in 0..9 {
        for y in 0..9 {
            check(
                "twopile:1,0:2+0,1+1,2",
                &words(&[x, y]),
                &twopile,
                &(x, y),
                |m| pile(m, &[x, y]),
            );
        }
    }
}

/// Misère Wythoff is answered in closed form alone, at any size, and by
/// search in a sum (where no closed form is claimed).
#[test]
fn misere_wythoff_alone_is_closed_and_in_a_sum_searched() {
    let game = parse("wythoff").unwrap();
    let big = "1".repeat(40);
    let answer = analyze_convention(
        game.as_ref(),
        &game.at_words(&[big.clone(), big]),
        Convention::Misere,
    )
    .unwrap();
    assert!(
        answer.method.starts_with("closed form"),
        "{}",
        answer.method
    );
    assert_eq!(answer.outcome, Outcome::N);
    let parts = sum_parts(&[("wythoff", &[2, 2]), ("nim", &[1])]);
    let sum = analyze_convention_sum(&parts, Convention::Misere).unwrap();
    assert!(
        sum.method.starts_with("exhaustive misère search"),
        "{}",
        sum.method
    );
}

#[test]
fn circle_and_dynsub_agree_with_their_trees() {
    for k in 1..4 {
        let circle = Circle::new(k).unwrap();
        for n in 0..12u64 {
            let spec = format!("circle:{k}");
            check(
                &spec,
                &words(&[n]),
                &circle,
                &CirclePosition::Circle(n),
                |m| {
                    let left = u64::try_from(&m.changes[0].1[0]).unwrap();
                    CirclePosition::Rows(Heaps::<Octal>::position(&[left]))
                },
            );
        }
    }
    for k in 1..4 {
        let game = DynSub::new(k).unwrap();
        for n in 0..14u64 {
            for limit in 0..=n + 1 {
                let spec = format!("dynsub:k={k}");
                let capped = limit.min(n);
                // A move takes t: the pile left and the next limit, capped.
                check(&spec, &words(&[n, limit]), &game, &(n, capped), |m| {
                    let left = u64::try_from(&m.changes[0].1[0]).unwrap();
                    (left, (k * (n - left)).min(left))
                });
            }
        }
    }
}

fn sum_parts(components: &[(&str, &[u64])]) -> Vec<SumPart> {
    components
        .iter()
        .map(|(spec, p)| {
            let game = parse(spec).unwrap();
            let at = game.at_words(&words(p));
            SumPart {
                game,
                at,
                words: spec.to_string(),
            }
        })
        .collect()
}

/// Mixed sums of games searched from their rules: outcomes and the number
/// of winning moves against the sum's own misère tree.
#[test]
fn mixed_sums_agree_with_their_own_trees() {
    let wythoff = Wythoff::classic();
    let circle = Circle::new(2).unwrap();
    let dynsub = DynSub::new(2).unwrap();
    for (x, y) in [(0, 1), (1, 1), (2, 3), (3, 5), (2, 2), (4, 4)] {
        for n in 0..8u64 {
            let pair = Pair(wythoff.clone(), circle.clone());
            let start = ((x, y), CirclePosition::Circle(n));
            let parts = sum_parts(&[("wythoff", &[x, y]), ("circle:2", &[n])]);
            let sum = analyze_convention_sum(&parts, Convention::Misere).unwrap();
            let mut memo = Memo::new(Misere(pair.clone()));
            assert_eq!(
                sum.outcome,
                memo.outcome(&Some(start.clone())).unwrap(),
                "{x} {y} + {n}"
            );
            let winning = pair
                .options(&start)
                .into_iter()
                .filter(|o| memo.outcome(&Some(o.clone())).unwrap() == Outcome::P)
                .count();
            assert_eq!(sum.winning_moves.len(), winning, "{x} {y} + {n}");
            let pair = Pair(wythoff.clone(), dynsub);
            let start = ((x, y), (n, n));
            let parts = sum_parts(&[("wythoff", &[x, y]), ("dynsub:k=2", &[n, n])]);
            let sum = analyze_convention_sum(&parts, Convention::Misere).unwrap();
            assert_eq!(
                sum.outcome,
                misere_outcome(&pair, &start),
                "{x} {y} + dynsub {n}"
            );
        }
    }
}

/// A graph game's answer under `play`.
fn graph_answer(spec: &str, text: &str, args: &[&str], play: Convention) -> Result<Analysis> {
    let game = parse(spec).unwrap();
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let at = Position::of(game.as_ref(), &args, Some(GraphInput::Edges(text.into())))?;
    analyze_convention(game.as_ref(), &at, play)
}

/// The graph games against the misère trees and suspense of their rules,
/// on every graph of 4 vertices (and a parallel edge for Hackenbush).
#[test]
fn graph_games_agree_with_their_trees() {
    use crate::games::directed_geography::DirectedGeography;
    use crate::games::geography::Geography;
    use crate::games::hackenbush::Hackenbush;
    use crate::games::node_kayles::NodeKayles;
    use crate::graph::parse::parse_edges;
    let mut graphs = crate::games::oracle::small_graph_files();
    graphs.push("0 1\n0 1\n1 2\n".into());
    for text in &graphs {
        let graph = parse_edges(text).unwrap();
        let checks: Vec<(&str, Vec<&str>, Outcome, usize, u64)> = {
            let mut list = Vec::new();
            let h = Hackenbush::new(graph.clone());
            let start = h.start();
            let (o, w, s) = tree_numbers(&h, &start, |opts, memo| {
                // Parallel edges: one move, one listed.
                let mut cut: Vec<_> = start
                    .iter()
                    .zip(opts)
                    .filter(|(_, o)| memo(o))
                    .map(|(&e, _)| h.graph().edge_labels(e))
                    .collect();
                cut.dedup();
                cut.len()
            });
            list.push(("hackenbush", vec![], o, w, s));
            let n = NodeKayles::new(graph.clone());
            let (o, w, s) = tree_numbers(&n, &n.everything(), |opts, memo| {
                opts.iter().filter(|o| memo(o)).count()
            });
            list.push(("node-kayles", vec![], o, w, s));
            list
        };
        for (spec, args, outcome, winning, steps) in checks {
            let misere = graph_answer(spec, text, &args, Convention::Misere).unwrap();
            assert_eq!(
                (misere.outcome, misere.winning_moves.len()),
                (outcome, winning),
                "{spec} {text}"
            );
            let every = graph_answer(spec, text, &args, Convention::Every).unwrap();
            assert_eq!(every.steps, Some(UBig::from(steps)), "{spec} {text}");
        }
        for vertex in 0..graph.vertex_count() as crate::graph::Vertex {
            let v = graph.label(vertex);
            let label = v.to_string();
            let g = Geography::new(graph.clone());
            let start = g.start(vertex);
            let (o, w, s) = tree_numbers(&g, &start, |opts, memo| {
                let mut to: Vec<_> = opts.iter().filter(|o| memo(o)).map(|o| o.at).collect();
                to.dedup();
                to.len()
            });
            let misere = graph_answer("geography", text, &[&label], Convention::Misere).unwrap();
            assert_eq!(
                (misere.outcome, misere.winning_moves.len()),
                (o, w),
                "geography {v} {text}"
            );
            let every = graph_answer("geography", text, &[&label], Convention::Every).unwrap();
            assert_eq!(every.steps, Some(UBig::from(s)));
            let d = DirectedGeography::new(graph.clone());
            let start = d.start(vertex);
            let (o, w, _) = tree_numbers(&d, &start, |opts, memo| {
                opts.iter().filter(|o| memo(o)).count()
            });
            let misere =
                graph_answer("geography:directed", text, &[&label], Convention::Misere).unwrap();
            assert_eq!(
                (misere.outcome, misere.winning_moves.len()),
                (o, w),
                "directed {v} {text}"
            );
        }
    }
}

/// The misère outcome, the number of winning moves (`count` reads it from
/// the options and a misère-P test) and the suspense of `start`.
fn tree_numbers<G: Impartial + Clone>(
    game: &G,
    start: &G::Position,
    count: impl Fn(&[G::Position], &mut dyn FnMut(&G::Position) -> bool) -> usize,
) -> (Outcome, usize, u64) {
    let mut memo = Memo::new(Misere(game.clone()));
    let outcome = memo.outcome(&Some(start.clone())).unwrap();
    let options = game.options(start);
    let winning = count(&options, &mut |o| {
        memo.outcome(&Some(o.clone())).unwrap() == Outcome::P
    });
    (
        outcome,
        winning,
        tree_suspense(game, start, &mut HashMap::new()),
    )
}

/// Staircase Nim on a tree, by its rules; digraph refuses with its reason;
/// the start-choosing geography game refuses.
#[test]
fn staircase_trees_are_searched_and_loopy_graphs_refused() {
    use crate::games::staircase_tree::StaircaseTree;
    for coins in 0..4u64 {
        for more in 0..3u64 {
            let text = format!("0 1\n1 2\n0 3\ncoins 1 {coins}\ncoins 2 {more}\ncoins 3 1\n");
            let tree = StaircaseTree::parse(&text, 16).unwrap();
            let start: Vec<u64> = (0..tree.vertex_count())
                .map(|v| u64::try_from(tree.coins(v)).unwrap())
                .collect();
            let (o, w, s) = tree_numbers(&tree, &start, |opts, memo| {
                opts.iter().filter(|o| memo(o)).count()
            });
            let misere = graph_answer("staircase-tree", &text, &[], Convention::Misere).unwrap();
            assert_eq!(
                (misere.outcome, misere.winning_moves.len()),
                (o, w),
                "{text}"
            );
            let every = graph_answer("staircase-tree", &text, &[], Convention::Every).unwrap();
            assert_eq!(every.steps, Some(UBig::from(s)), "{text}");
        }
    }
    let refused = graph_answer("digraph", "0 1\n1 0\n", &["0"], Convention::Misere).unwrap_err();
    assert!(refused.to_string().contains("cycles"), "{refused}");
    let refused = graph_answer("geography", "0 1\n", &[], Convention::Misere).unwrap_err();
    assert!(refused.to_string().contains("start vertex"), "{refused}");
}

/// Scripts are searched from their moves, and a failing script is an error,
/// not an answer from a partial tree.
#[test]
fn scripts_are_searched_and_their_failures_reported() {
    let source =
        "fn moves(p) { let r = []; for s in [1, 3, 4] { if p[0] >= s { r.push([p[0] - s]); } } r }";
    let game = crate::catalog::script("s.rhai", source).unwrap();
    let sub = parse("subtraction:1,3,4").unwrap();
    for n in 0..20u64 {
        for play in [Convention::Misere, Convention::Every] {
            let a = analyze_convention(game.as_ref(), &game.at_words(&words(&[n])), play).unwrap();
            let b = analyze_convention(sub.as_ref(), &sub.at_words(&words(&[n])), play).unwrap();
            assert_eq!((a.outcome, &a.steps), (b.outcome, &b.steps), "{n}");
            let to = |x: &Analysis| -> Vec<Vec<UBig>> {
                x.winning_moves
                    .iter()
                    .map(|m| m.apply(&x.position))
                    .collect()
            };
            assert_eq!(to(&a), to(&b), "{n}");
        }
    }
    let failing =
        "fn moves(p) { if p[0] == 3 { throw \"no\"; } if p[0] > 0 { [[p[0] - 1]] } else { [] } }";
    let game = crate::catalog::script("f.rhai", failing).unwrap();
    assert!(analyze_convention(
        game.as_ref(),
        &game.at_words(&words(&[5])),
        Convention::Misere
    )
    .is_err());
}

/// The Every-SG closed forms of Bash and of subtraction games (suspense
/// certified arithmetic periodic) against Smith's theorem over the rules, on
/// sums of up to three heaps: steps, outcome, and the moves they list. Bash
/// lists one winning move (a move of the rules in every heap that has one,
/// leaving the largest suspense even); subtraction games list every move of
/// each heap that belongs to a winning move, as Smith's theorem over the
/// rules does.
#[test]
fn heap_every_sg_closed_forms_agree_with_the_rules() {
    use crate::games::bash::Bash;
    use crate::games::subtraction::Subtraction;
    for m in 1..5u64 {
        check_every_closed_form(
            &format!("bash:{m}"),
            &Bash::new(m).unwrap(),
            ("closed form", 0),
            false,
        );
    }
    for set in [&[2, 5, 7][..], &[1, 3, 4], &[3, 4, 9], &[2, 3], &[5]] {
        let words: Vec<String> = set.iter().map(u64::to_string).collect();
        let spec = format!("subtraction:{}", words.join(","));
        let game = Subtraction::new(set).unwrap();
        let method =
            "Every-SG by Smith's theorem (Winning Ways ch. 9) on the heaps' suspense, certified";
        check_every_closed_form(&spec, &game, (method, game.largest()), true);
    }
}

/// One game of [`heap_every_sg_closed_forms_agree_with_the_rules`]; `method`
/// starts the method line of its closed form, which answers the sums with a
/// heap of at least `from` (the search the others) and lists `all` winning
/// moves or one.
fn check_every_closed_form<G: HeapGame>(
    spec: &str,
    rules: &G,
    (method, from): (&str, u64),
    all: bool,
) {
    use crate::solve::summands::{every_sg, SummandGraph};
    const LARGEST: u64 = 30;
    let game = parse(spec).unwrap();
    let graph = SummandGraph::of_heaps(rules, LARGEST, u64::MAX).unwrap();
    let steps = graph.every_steps().unwrap();
    let sums = crate::games::oracle::heap_tuples(2, LARGEST)
        .into_iter()
        .chain(crate::games::oracle::heap_tuples(3, 12));
    for heaps in sums {
        let answer = analyze_convention(
            game.as_ref(),
            &game.at_words(&words(&heaps)),
            Convention::Every,
        )
        .unwrap();
        if heaps.iter().any(|&h| h >= from) {
            assert!(
                answer.method.starts_with(method),
                "{spec}: {}",
                answer.method
            );
        }
        let top = heaps.iter().map(|&h| steps[h as usize]).max().unwrap_or(0);
        assert_eq!(answer.steps, Some(UBig::from(top)), "{spec} {heaps:?}");
        if top % 2 == 0 {
            assert!(answer.winning_moves.is_empty());
            continue;
        }
        if all {
            let nodes: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
            let mut expected = Vec::new();
            for (i, ks) in every_sg(&graph, &steps, &nodes).winning.iter().enumerate() {
                let options = graph.options(nodes[i]);
                expected.extend(
                    ks.iter()
                        .map(|&k| (i, u64::from(options[k].first().copied().unwrap_or(0)))),
                );
            }
            let listed: Vec<(usize, u64)> = answer
                .winning_moves
                .iter()
                .map(|m| (m.changes[0].0, u64::try_from(&m.changes[0].1[0]).unwrap()))
                .collect();
            assert_eq!(listed, expected, "{spec} {heaps:?}");
            continue;
        }
        let mut after = heaps.clone();
        for mv in &answer.winning_moves {
            let (i, left) = &mv.changes[0];
            after[*i] = u64::try_from(&left[0]).unwrap();
            let mut lefts = Vec::new();
            rules.for_each_move(heaps[*i], |l| lefts.push(l.first().copied().unwrap_or(0)));
            assert!(lefts.contains(&after[*i]), "{spec} {heaps:?}: not a move");
        }
        let movable = heaps.iter().filter(|&&h| steps[h as usize] > 0).count();
        assert_eq!(answer.winning_moves.len(), movable, "{spec} {heaps:?}");
        let left = after.iter().map(|&h| steps[h as usize]).max().unwrap_or(0);
        assert_eq!(left % 2, 0, "{spec} {heaps:?}");
    }
}

/// A subtraction game's heap alone (beside empty heaps), under misère play
/// (its misère value certified periodic) and Every-SG (its suspense certified
/// arithmetic periodic), against the tree of the rules, at every size up to
/// 40: below `max S` the search answers, from it the closed forms.
#[test]
fn subtraction_heaps_alone_agree_with_their_trees() {
    use crate::games::subtraction::Subtraction;
    for set in [
        &[2, 5, 7][..],
        &[1, 3, 4],
        &[3, 4, 9],
        &[2, 3],
        &[5],
        &[1, 2, 6],
    ] {
        let amounts: Vec<String> = set.iter().map(u64::to_string).collect();
        let spec = format!("subtraction:{}", amounts.join(","));
        let game = Heaps(Subtraction::new(set).unwrap());
        for n in 0..=40u64 {
            for heaps in [vec![n], vec![0, n, 0]] {
                let p = Heaps::<Subtraction>::position(&heaps);
                check(&spec, &words(&heaps), &game, &p, |m| {
                    let after: Vec<u64> = m
                        .apply(&heaps.iter().map(|&h| UBig::from(h)).collect::<Vec<_>>())
                        .iter()
                        .map(|h| u64::try_from(h).unwrap())
                        .collect();
                    Heaps::<Subtraction>::position(&after)
                });
            }
        }
        let game = parse(&spec).unwrap();
        let huge = analyze_convention(
            game.as_ref(),
            &game.at_words(&[String::from("1000000000000000000000000000000")]),
            Convention::Misere,
        )
        .unwrap();
        assert!(huge
            .method
            .starts_with("a single heap by its misère Grundy value"));
    }
}

/// Sums of closed-form games answered without the search (as sums beyond it
/// are) against the search of the same small sums: the same steps and
/// outcome, and the one winning move listed (a move in every summand that
/// has one) among the moves the search lists, each summand's lasting move
/// one suspense less than the summand by the search.
#[test]
fn closed_form_sums_agree_with_the_search() {
    let games = [
        "nim",
        "bash:3",
        "subtraction:2,5,7",
        "subtraction:1,3,4",
        "wythoff",
        "wythoff:k=1",
    ];
    let position = |game: &str, n: u64| -> Vec<u64> {
        match game.starts_with("wythoff") {
            true => vec![n % 5, n / 2],
            false => vec![n, n / 3],
        }
    };
    for (i, a) in games.iter().enumerate() {
        for b in &games[i..] {
            for n in [0u64, 3, 7, 8, 12, 19, 26] {
                let (pa, pb) = (position(a, n), position(b, n + 2));
                let parts = sum_parts(&[(a, &pa), (b, &pb)]);
                let summands: Vec<Summands<'_>> = parts
                    .iter()
                    .map(|p| p.game.summands(&p.at).unwrap())
                    .collect();
                let label = format!("{a} {pa:?} + {b} {pb:?}");
                let closed = every_by_closed_forms(&summands).expect("closed forms");
                let searched = every(&summands).unwrap();
                assert!(
                    searched.method.contains("computed from the rules"),
                    "{label}"
                );
                assert_eq!(
                    (closed.outcome, &closed.steps),
                    (searched.outcome, &searched.steps),
                    "{label}"
                );
                for (s, m) in &closed.moves {
                    let listed = searched
                        .moves
                        .iter()
                        .any(|(t, n)| t == s && n.changes == m.changes);
                    assert!(listed, "{label}: {}", m.description);
                }
                if closed.outcome == Outcome::N {
                    let moving = summands
                        .iter()
                        .map(|p| p.every.as_ref().unwrap().lasting.len())
                        .sum::<usize>();
                    assert_eq!(closed.moves.len(), moving, "{label}");
                }
            }
        }
    }
}

/// Every sorted sum of `count` heaps of sizes `1..=max`.
fn sorted_sums(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut layer = vec![Vec::new()];
    for _ in 0..count {
        layer = layer
            .iter()
            .flat_map(|sum: &Vec<u64>| {
                let from = sum.last().copied().unwrap_or(1);
                (from..=max).map(move |h| [&sum[..], &[h]].concat())
            })
            .collect();
    }
    layer
}

/// The winning moves of a sum of heaps as (heap moved, canonical sum
/// reached), each move once.
fn heap_moves_reached(heaps: &[u64], moves: &[Move]) -> Vec<(usize, Vec<u64>)> {
    let big: Vec<UBig> = heaps.iter().map(|&h| UBig::from(h)).collect();
    let mut found: Vec<(usize, Vec<u64>)> = moves
        .iter()
        .map(|m| {
            let reached: Vec<u64> = m
                .apply(&big)
                .iter()
                .map(|h| u64::try_from(h).unwrap())
                .collect();
            (m.changes[0].0, Heaps::<Octal>::position(&reached))
        })
        .collect();
    found.sort();
    found
}

/// The same, by exhaustive misère search of the sum's own tree: every move
/// of every heap whose sum is a misère P-position.
fn searched_moves(
    game: &Octal,
    heaps: &[u64],
    memo: &mut Memo<Misere<Heaps<Octal>>>,
) -> Vec<(usize, Vec<u64>)> {
    let mut expected = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let mut lefts = Vec::new();
        game.for_each_move(h, |left| lefts.push(left.to_vec()));
        for left in lefts {
            let mut next: Vec<u64> = [&heaps[..i], &heaps[i + 1..]].concat();
            next.extend(left);
            let next = Heaps::<Octal>::position(&next);
            if memo.outcome(&Some(next.clone())).unwrap() == Outcome::P {
                expected.push((i, next));
            }
        }
    }
    expected.sort();
    expected
}

/// The misère quotient's answers (outcome and every winning move) against
/// exhaustive misère search of the sum's own tree, on every sum of one to
/// three heaps up to 7 and of four heaps up to 4, of five octal games.
#[test]
fn misere_quotient_answers_agree_with_the_sums_own_trees() {
    for code in ["0.77", "0.07", "0.137", "0.75", "0.31"] {
        let game: Octal = code.parse().unwrap();
        let mut memo = Memo::new(Misere(Heaps(game.clone())));
        let mut sums: Vec<Vec<u64>> = (1..=3).flat_map(|k| sorted_sums(k, 7)).collect();
        sums.extend(sorted_sums(4, 4));
        let mut p_count = 0;
        for heaps in &sums {
            let big: Vec<UBig> = heaps.iter().map(|&h| UBig::from(h)).collect();
            let answer = misere_by_quotient(&game, &big, &quotient_limits()).unwrap();
            let searched = memo
                .outcome(&Some(Heaps::<Octal>::position(heaps)))
                .unwrap();
            assert_eq!(answer.outcome, searched, "{code} {heaps:?}");
            p_count += usize::from(searched == Outcome::P);
            assert_eq!(
                heap_moves_reached(heaps, &answer.moves),
                searched_moves(&game, heaps, &mut memo),
                "{code} {heaps:?}"
            );
        }
        assert!(
            p_count > 10,
            "{code}: {p_count} P-positions among {} sums",
            sums.len()
        );
    }
}

/// A sum of Kayles heaps that the search does not settle is answered
/// through the quotient of heaps up to its largest: every option of the sum
/// is a winning move exactly when the quotient puts it in P, and the quotient
/// itself agrees with exhaustive search on pseudo-random smaller sums.
#[test]
fn a_sum_beyond_the_search_is_answered_by_the_quotient() {
    use crate::analysis::misere_quotient::MisereQuotient;
    use crate::game::HeapGame;
    let kayles: Octal = "0.77".parse().unwrap();
    let heaps: Vec<u64> = (0..30).map(|i| 1 + (i * 7) % 10).collect();
    let entry = parse("kayles").unwrap();
    let answer = analyze_convention(
        entry.as_ref(),
        &entry.at_words(&words(&heaps)),
        Convention::Misere,
    )
    .unwrap();
    assert!(
        answer
            .method
            .starts_with("misère quotient of heaps up to 10 (Plambeck-Siegel), verified"),
        "{}",
        answer.method
    );
    let q = MisereQuotient::compute(&kayles, 10).unwrap();
    assert_eq!(answer.outcome, q.outcome(&heaps).unwrap());
    let mut expected = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        kayles.for_each_move(h, |left| {
            let mut next: Vec<u64> = [&heaps[..i], &heaps[i + 1..]].concat();
            next.extend_from_slice(left);
            if q.outcome(&next).unwrap() == Outcome::P {
                expected.push((i, Heaps::<Octal>::position(&next)));
            }
        });
    }
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(heap_moves_reached(&heaps, &answer.winning_moves), expected);
    // The quotient against search, on sums of up to six heaps up to 10.
    let mut memo = Memo::new(Misere(Heaps(kayles)));
    let mut seed = 12345u64;
    for _ in 0..300 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let count = 1 + (seed >> 60) as usize % 6;
        let sum: Vec<u64> = (0..count).map(|k| 1 + (seed >> (8 * k)) % 10).collect();
        let searched = memo.outcome(&Some(Heaps::<Octal>::position(&sum))).unwrap();
        assert_eq!(q.outcome(&sum).unwrap(), searched, "{sum:?}");
    }
}

/// Where both the search and the quotient are beyond their limits, the
/// answer is "unknown", never a verdict (0.354's quotient grows past the
/// limits at heap 5); a quotient cut by its limits says so.
#[test]
fn a_sum_beyond_the_search_and_the_quotient_is_unknown() {
    let entry = parse("octal:0.354").unwrap();
    let heaps = [6u64; 24];
    let e = analyze_convention(
        entry.as_ref(),
        &entry.at_words(&words(&heaps)),
        Convention::Misere,
    )
    .unwrap_err();
    let message = e.to_string();
    assert!(message.contains("unknown: the search budget"), "{message}");
    assert!(
        message.contains("quotient of heaps up to 6 is beyond"),
        "{message}"
    );
    assert!(message.contains("no verdict"), "{message}");
    let tiny = crate::analysis::misere_quotient::QuotientLimits {
        order: 2,
        search: 1 << 10,
        checks: 1 << 10,
        ..Default::default()
    };
    let kayles: Octal = "0.77".parse().unwrap();
    let big: Vec<UBig> = [5u64, 5].iter().map(|&h| UBig::from(h)).collect();
    let why = misere_by_quotient(&kayles, &big, &tiny).err().unwrap();
    assert!(why.contains("heaps up to 5 is beyond the limits"), "{why}");
    let huge = vec![UBig::from(crate::limits::QUOTIENT_HEAPS + 1)];
    assert!(misere_by_quotient(&kayles, &huge, &quotient_limits()).is_err());
}
