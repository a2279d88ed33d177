//! Graph games: Green Hackenbush and undirected vertex geography.

use crate::arith::decimal;
use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Board, Form, GraphInput, Numbers, Position, Tokens};
use dashu_int::UBig;

use crate::catalog::kit::options::{graph_of_play, PlayMove};
use crate::catalog::{Analysis, Component, Game, Monitor, Move, Summands};
use crate::error::{Error, Result};
use crate::game::{Impartial, Outcome};
use crate::games::geography::{Geography, GeographyPosition};
use crate::games::hackenbush::Hackenbush;
use crate::graph::parse::{parse_edges, parse_grid};
use crate::graph::{EdgeId, Graph, Vertex};
use crate::nimber::Nimber;

/// The registry's entry of `hackenbush`.
pub(crate) const HACKENBUSH: Entry = Entry {
    name: "hackenbush",
    forms: &["hackenbush", "hackenbush:ground=V"],
    form_note: "",
    aliases: &[],
    summary: "Green Hackenbush on a rooted multigraph (file or stdin)",
    position: "a graph file of edges `U V`, vertex 0 the ground (V with `ground=V`; - for stdin)",
    theory: "colon and fusion principles",
    verbs: ANALYZE_ONLY,
    example_spec: "hackenbush",
    example_position: "-",
    example_stdin: "0 1\n1 2\n2 0\n",
    build: Build::Optional(hackenbush),
};

/// `hackenbush` (grounded at vertex 0) or `hackenbush:ground=V`.
pub(crate) fn hackenbush(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    let ground = match params {
        None => Hackenbush::GROUND,
        Some(p) => p
            .strip_prefix("ground=")
            .and_then(decimal::<u64>)
            .ok_or_else(|| {
                Error::spec(
                    spec,
                    "write hackenbush (ground at vertex 0) or hackenbush:ground=V with V \
                     the label of the ground vertex, 0 <= V < 2^64",
                )
            })?,
    };
    Ok(Box::new(HackenbushEntry { ground }))
}

/// `geography`.
pub(crate) fn geography() -> Box<dyn Game> {
    Box::new(GeographyEntry)
}

fn graph_of(input: GraphInput) -> Result<Graph> {
    match input {
        GraphInput::Edges(text) => Ok(parse_edges(&text)?),
        GraphInput::Grid(text) => Ok(parse_grid(&text)?.graph),
    }
}

fn label(graph: &Graph, v: Vertex) -> UBig {
    UBig::from(graph.label(v))
}

/// Green Hackenbush grounded at the vertex labelled `ground`.
struct HackenbushEntry {
    ground: u64,
}

impl HackenbushEntry {
    /// The game of a hackenbush graph file, which takes no other argument.
    fn game(&self, input: GraphInput, position: &[UBig]) -> Result<Hackenbush> {
        if !position.is_empty() {
            return Err(Error::BadPosition(
                "hackenbush takes only the graph file".into(),
            ));
        }
        if matches!(input, GraphInput::Grid(_)) {
            return Err(Error::BadArgument(format!(
                "--grid is for geography; hackenbush reads a graph file whose vertex {} is the ground",
                self.ground
            )));
        }
        Ok(Hackenbush::rooted(graph_of(input)?, self.ground))
    }
}

impl Game for HackenbushEntry {
    fn spec(&self) -> String {
        match self.ground {
            Hackenbush::GROUND => "hackenbush".into(),
            v => format!("hackenbush:ground={v}"),
        }
    }

    fn form(&self) -> Form<'_> {
        let usage = match self.ground {
            Hackenbush::GROUND => {
                "it is played on a graph: grundy analyze hackenbush FILE (or - for stdin)"
            }
            _ => {
                "it is played on a graph: grundy analyze hackenbush:ground=V FILE (or - for stdin)"
            }
        };
        Form::graph(
            usage,
            Numbers::Refused("hackenbush takes only the graph file"),
        )
        .drawn(Board::graph("-", Tokens::Ground(self.ground)))
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let input = at.graph()?;
        let game = self.game(input, &at.numbers)?;
        let moves = cuts(&game, game.winning_moves());
        let value = UBig::from(game.grundy().0);
        Ok(Analysis::valued(
            self,
            Vec::new(),
            value,
            moves,
            &hackenbush_method(&game),
        ))
    }

    /// Misère play and Every-SG by the rules: the graph is one summand,
    /// every edge set reachable by cuts searched within the budget.
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let input = at.graph()?;
        let game = self.game(input, &at.numbers)?;
        let start = game.start();
        let names = start
            .iter()
            .map(|&e| cuts(&game, vec![e]).remove(0))
            .collect();
        Ok(Summands::whole(game, start, Vec::new(), |_: &Vec<EdgeId>| Vec::new()).named(names))
    }

    /// The graph file alone; moves to a value cut an edge (the theory's
    /// [`Hackenbush::moves_to`]), each edge listed once.
    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let input = at.graph()?;
        let game = self.game(input, &at.numbers)?;
        let value = UBig::from(game.grundy().0);
        let method = hackenbush_method(&game);
        let moves_to = move |target: &UBig| {
            let Ok(target) = u64::try_from(target) else {
                return Ok(Vec::new());
            };
            Ok(cuts(&game, game.moves_to(Nimber(target))))
        };
        Ok(Component::new(Vec::new(), value, method, moves_to))
    }

    /// Cut an edge joined to the ground (parallel edges are one option);
    /// what no longer touches the ground falls and is left out. The graph
    /// left names the ground on a line of its own, so that it stays a
    /// vertex when no edge is left.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let input = at.graph.clone().unwrap_or(GraphInput::Edges(String::new()));
        let game = self.game(input, &at.numbers)?;
        let start = game.start();
        graph_of_play(self, at, start.len(), start.len())?;
        let graph = game.graph();
        let options = game.options(&start).into_iter().zip(&start);
        Ok(options
            .map(|(rest, &cut)| {
                let mut text = format!("{}\n", game.ground());
                for &e in &rest {
                    let [u, v] = graph.edge_labels(e);
                    text.push_str(&format!("{u} {v}\n"));
                }
                let to = Position {
                    game: None,
                    graph: Some(GraphInput::Edges(text)),
                    numbers: Vec::new(),
                };
                let step = cuts(&game, vec![cut]).remove(0);
                PlayMove { step, to }
            })
            .collect())
    }
}

/// The cuts of `edges` (ascending by their labels) as moves, parallel edges
/// once: they are the same move for the player.
fn cuts(game: &Hackenbush, edges: Vec<EdgeId>) -> Vec<Move> {
    let graph = game.graph();
    let mut moves: Vec<Move> = Vec::new();
    for e in edges {
        let [u, v] = graph.edge_labels(e);
        let to = vec![UBig::from(u), UBig::from(v)];
        if moves.last().and_then(|m| m.target.as_ref()) != Some(&to) {
            moves.push(Move::to_target(to, format!("cut the edge {u} {v}")));
        }
    }
    moves
}

/// How a hackenbush graph is valued; a ground other than vertex 0 is named.
fn hackenbush_method(game: &Hackenbush) -> String {
    let mut method =
        "fusion principle (cycles fused into loops at one vertex) and colon principle".to_string();
    if game.ground() != Hackenbush::GROUND {
        method.push_str(&format!("; the ground is vertex {}", game.ground()));
    }
    if game.ignored_edges() > 0 {
        method.push_str(&format!(
            "; {} edges not connected to the ground are ignored",
            game.ignored_edges()
        ));
    }
    method
}

struct GeographyEntry;

impl Game for GeographyEntry {
    fn spec(&self) -> String {
        "geography".into()
    }

    fn form(&self) -> Form<'_> {
        Form::graph(
            "it is played on a graph: grundy analyze geography FILE [V], or --grid FILE [V]",
            Numbers::Optional("start vertex"),
        )
        .drawn(Board::graph("-", Tokens::One))
    }

    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        self.moves(at)
    }

    /// Misère play and Every-SG from a start vertex by the rules (the
    /// start-choosing game is refused: its first move is no move of the
    /// rules).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let input = at.graph()?;
        if at.numbers.len() != 1 {
            return Err(crate::catalog::unsupported(
                self.spec(),
                "--misere or --every",
                "give the start vertex V: the start-choosing game is answered in normal play only",
            ));
        }
        let graph = graph_of(input)?;
        let game = Geography::new(graph.clone());
        token_summands(game, &graph, &at.numbers, Geography::start)
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let input = at.graph()?;
        let game = Geography::new(graph_of(input)?);
        let method = "maximum matchings: the player to move from v wins iff every maximum matching covers v \
                      (Hopcroft-Karp for bipartite graphs, Edmonds' blossoms otherwise)";
        match at.numbers.as_slice() {
            [] => Ok(self.start_choosing(&game, method)),
            [_] => {
                let (start, vertex) = start_vertex(game.graph(), &at.numbers)?;
                let moves = game
                    .winning_moves(vertex)
                    .into_iter()
                    .map(|w| {
                        let to = label(game.graph(), w);
                        Move::to_target(vec![to.clone()], format!("move the token to {to}"))
                    })
                    .collect();
                Ok(
                    Analysis::new(self, vec![start], game.outcome(vertex), None, moves, method)
                        .sorted(),
                )
            }
            _ => Err(Error::BadPosition(
                "geography takes one start vertex V, or none for the start-choosing game".into(),
            )),
        }
    }
}

/// The start vertex of `position` (one argument), as given and in `graph`.
pub(crate) fn start_vertex(graph: &Graph, position: &[UBig]) -> Result<(UBig, Vertex)> {
    let start = position[0].clone();
    let vertex = u64::try_from(&start)
        .ok()
        .and_then(|s| graph.vertex(s))
        .ok_or_else(|| Error::BadPosition(format!("vertex {start} is not in the graph")))?;
    Ok((start, vertex))
}

/// The moves of the token from `start` (the options of `game`'s rules, in
/// their order), as `analyze` writes them.
fn token_moves<G>(game: &G, graph: &Graph, start: &GeographyPosition) -> Vec<Move>
where
    G: Impartial<Position = GeographyPosition>,
{
    game.options(start)
        .iter()
        .map(|o| {
            let to = label(graph, o.at);
            Move::to_target(vec![to.clone()], format!("move the token to {to}"))
        })
        .collect()
}

/// The summands of the geography game `game` from the start vertex of
/// `position`: the whole game, searched from the rules.
pub(crate) fn token_summands<'a, G>(
    game: G,
    graph: &Graph,
    position: &[UBig],
    start: impl Fn(&G, Vertex) -> GeographyPosition,
) -> Result<Summands<'a>>
where
    G: Impartial<Position = GeographyPosition> + 'a,
{
    let (label, vertex) = start_vertex(graph, position)?;
    let start = start(&game, vertex);
    let names = token_moves(&game, graph, &start);
    // The moves are named, so no position is written as coordinates.
    let summands = Summands::whole(game, start, vec![label], |_: &GeographyPosition| Vec::new());
    Ok(summands.named(names))
}

impl GeographyEntry {
    /// The moves of geography: with no token yet, place it anywhere (the
    /// opponent moves first); else move it to a neighbour, leaving its
    /// vertex out of the graph (a blocked cell of a grid).
    fn moves(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let input = at.graph.clone().unwrap_or(GraphInput::Edges(String::new()));
        let graph = graph_of(input.clone())?;
        let lines = graph.vertex_count() + graph.edge_count();
        graph_of_play(self, at, graph.vertex_count(), lines)?;
        let place = |v: u64, graph: GraphInput, description: String| PlayMove {
            step: Move::to_target(vec![UBig::from(v)], description),
            to: Position {
                game: None,
                graph: Some(graph),
                numbers: vec![UBig::from(v)],
            },
        };
        let from = match at.numbers.as_slice() {
            [] => {
                let starts = (0..graph.vertex_count() as Vertex).map(|v| graph.label(v));
                let placed = |v| format!("place the token on {v}; the opponent moves first");
                return Ok(starts.map(|v| place(v, input.clone(), placed(v))).collect());
            }
            [v] => u64::try_from(v)
                .ok()
                .and_then(|v| graph.vertex(v))
                .ok_or_else(|| Error::BadPosition(format!("vertex {v} is not in the graph")))?,
            _ => {
                return Err(Error::BadPosition(
                    "geography takes one start vertex V".into(),
                ))
            }
        };
        let left = without_vertex(&input, &graph, from)?;
        let mut next: Vec<u64> = graph
            .adjacency()
            .incident(from)
            .iter()
            .map(|&(w, _)| graph.label(w))
            .collect();
        next.sort_unstable();
        next.dedup();
        let moved = |w| format!("move the token to {w}");
        Ok(next
            .into_iter()
            .map(|w| place(w, left.clone(), moved(w)))
            .collect())
    }

    /// The start-choosing game: one player places the token, the other moves
    /// first; placing it on a vertex missed by some maximum matching wins.
    fn start_choosing(&self, game: &Geography, method: &str) -> Analysis {
        let moves: Vec<Move> = game
            .winning_starts()
            .into_iter()
            .map(|v| {
                let at = label(game.graph(), v);
                Move::to_target(
                    vec![at.clone()],
                    format!("place the token on {at}; the opponent moves first"),
                )
            })
            .collect();
        let outcome = Outcome::from_p(moves.is_empty());
        let method = format!("start-choosing game: winning starts are the vertices some maximum matching misses; {method}");
        Analysis::new(self, Vec::new(), outcome, None, moves, &method).sorted()
    }
}

/// The graph file of `graph` without the vertices `gone` picks and their
/// edges (every other vertex kept, alone on a line if need be; arcs keep
/// their direction).
pub(crate) fn without_vertices(graph: &Graph, gone: impl Fn(Vertex) -> bool) -> GraphInput {
    let mut text = String::new();
    for v in (0..graph.vertex_count() as Vertex).filter(|&v| !gone(v)) {
        text.push_str(&format!("{}\n", graph.label(v)));
    }
    for &[u, v] in graph.edges() {
        if !gone(u) && !gone(v) {
            text.push_str(&format!("{} {}\n", graph.label(u), graph.label(v)));
        }
    }
    GraphInput::Edges(text)
}

/// The graph of `input` without vertex `gone`: a graph file without its
/// edges (every other vertex kept, alone on a line if need be), a grid with
/// its cell blocked.
pub(crate) fn without_vertex(
    input: &GraphInput,
    graph: &Graph,
    gone: Vertex,
) -> Result<GraphInput> {
    let label = graph.label(gone);
    match input {
        GraphInput::Edges(_) => Ok(without_vertices(graph, |v| v == gone)),
        GraphInput::Grid(text) => {
            let (row, column) = parse_grid(text)?.cell(label);
            let lines: Vec<String> = text
                .lines()
                .enumerate()
                .map(|(r, line)| match r == row {
                    true => line
                        .chars()
                        .enumerate()
                        .map(|(c, ch)| if c == column { '#' } else { ch })
                        .collect(),
                    false => line.to_string(),
                })
                .collect();
            Ok(GraphInput::Grid(lines.join("\n") + "\n"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::features::play::PlayRules;
    use crate::catalog::{analyze_convention, parse, ByWords, Convention, Quiet};
    use crate::error::ErrorKind;
    use crate::games::hackenbush::tests::CutGame;
    use crate::graph::parse::{GridError, ParseError};
    use crate::solve::Memo;
    use std::collections::BTreeSet;

    /// Every graph on `0..4` (its edge mask, each vertex named) and a few
    /// multigraphs with loops and parallel edges, as graph files.
    fn graph_files() -> Vec<String> {
        let mut files = crate::games::oracle::small_graph_files();
        files.push("1 1\n1 2\n1 2\n2 3\n3 1\n0 3\n3 4\n".into());
        files.push("1 2\n1 3\n3 4\n1 0\n4 4\n2 5\n5 2\n".into());
        files
    }

    fn edges_of(text: &str) -> Vec<[u64; 2]> {
        let graph = parse_edges(text).unwrap();
        (0..graph.edge_count() as EdgeId)
            .map(|e| graph.endpoints(e).map(|v| graph.label(v)))
            .collect()
    }

    /// The cuts of `a`, as their edges' labels.
    fn cut_edges(a: &Analysis) -> BTreeSet<[u64; 2]> {
        a.winning_moves
            .iter()
            .map(|m| {
                let to = m.target.as_ref().expect("a graph move");
                [0, 1].map(|i| u64::try_from(&to[i]).unwrap())
            })
            .collect()
    }

    /// `hackenbush:ground=V` against the rules searched from scratch (value,
    /// winning cuts, misère outcome, the tree of play's moves) and against
    /// `hackenbush` on the graph relabelled so that V is 0.
    #[test]
    fn a_ground_elsewhere_answers_as_its_rules_and_as_the_graph_relabelled() {
        for text in graph_files() {
            let edges = edges_of(&text);
            for ground in 0..=5u64 {
                let spec = format!("hackenbush:ground={ground}");
                let game = parse(&spec).unwrap();
                let what = format!("{spec} on {text:?}");
                let input = GraphInput::Edges(text.clone());
                let at = Position::of(game.as_ref(), &[], Some(input.clone())).unwrap();
                let a = game.analyze(&at, false, &mut Quiet).unwrap();

                let mut rules = CutGame::new(&edges, ground);
                let start = rules.start();
                let (value, misere_wins) = rules.solve(start);
                assert_eq!(a.grundy, Some(UBig::from(value)), "{what}");
                let winning: BTreeSet<[u64; 2]> = rules
                    .options(start)
                    .into_iter()
                    .filter(|&(_, o)| rules.solve(o).0 == 0)
                    .map(|(i, _)| {
                        let [u, v] = edges[i];
                        [u.min(v), u.max(v)]
                    })
                    .collect();
                assert_eq!(cut_edges(&a), winning, "{what}");
                let ignored = edges.len() - start.count_ones() as usize;
                assert_eq!(a.method.contains("are ignored"), ignored > 0, "{what}");
                assert_eq!(
                    a.method.contains(&format!("the ground is vertex {ground}")),
                    ground != 0,
                    "{what}: {}",
                    a.method
                );

                let misere = analyze_convention(game.as_ref(), &at, Convention::Misere).unwrap();
                assert_eq!(
                    misere.outcome,
                    Outcome::from_p(!misere_wins),
                    "misère {what}"
                );
                let every = analyze_convention(game.as_ref(), &at, Convention::Every).unwrap();
                assert_eq!(every.outcome, Outcome::from_p(value == 0), "every {what}");

                // Play: the tree of the listed moves is the game's.
                let mut play = Memo::new(PlayRules::new(game.as_ref()));
                assert_eq!(play.grundy(&at).unwrap(), Nimber(value), "play {what}");

                // The same graph with the labels V and 0 swapped, grounded at 0.
                let swap = |l: u64| match l {
                    l if l == ground => 0,
                    0 => ground,
                    l => l,
                };
                let mut relabelled = String::new();
                for line in text.lines() {
                    let words: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
                    let words: Vec<String> = words.iter().map(|&w| swap(w).to_string()).collect();
                    relabelled.push_str(&(words.join(" ") + "\n"));
                }
                let plain = parse("hackenbush").unwrap();
                let at_zero =
                    Position::of(plain.as_ref(), &[], Some(GraphInput::Edges(relabelled))).unwrap();
                let b = plain.analyze(&at_zero, false, &mut Quiet).unwrap();
                assert_eq!(b.grundy, a.grundy, "{what} relabelled");
                let swapped: BTreeSet<[u64; 2]> = cut_edges(&b)
                    .into_iter()
                    .map(|e| {
                        let [u, v] = e.map(swap);
                        [u.min(v), u.max(v)]
                    })
                    .collect();
                assert_eq!(swapped, cut_edges(&a), "{what} relabelled");
            }
        }
    }

    /// The moves of play keep the ground in the graph they leave, so that
    /// the last cut leaves a graph grounded where play began.
    #[test]
    fn play_keeps_the_ground_named() {
        let game = parse("hackenbush:ground=1").unwrap();
        let at = Position::of(
            game.as_ref(),
            &[],
            Some(GraphInput::Edges("1 2\n2 3\n0 5\n".into())),
        )
        .unwrap();
        let moves = crate::catalog::play::options(game.as_ref(), &at).unwrap();
        let texts: Vec<String> = moves
            .into_iter()
            .map(|m| match m.to.graph {
                Some(GraphInput::Edges(text)) => text,
                other => panic!("{other:?}"),
            })
            .collect();
        // The edge 0 5 is off the ground and falls at once; cutting 1 2
        // drops 2 3 too, leaving the ground alone.
        assert_eq!(texts, ["1\n", "1\n1 2\n"]);
    }

    #[test]
    fn ground_specs_are_canonical_and_bad_ones_refused_in_one_line() {
        assert_eq!(parse("hackenbush").unwrap().spec(), "hackenbush");
        assert_eq!(parse("hackenbush:ground=0").unwrap().spec(), "hackenbush");
        assert_eq!(
            parse("HACKENBUSH:Ground=1").unwrap().spec(),
            "hackenbush:ground=1"
        );
        for bad in [
            "hackenbush:ground=x",
            "hackenbush:ground=",
            "hackenbush:ground=-1",
            "hackenbush:1",
            "hackenbush:",
            "hackenbush:ground=18446744073709551616",
        ] {
            let e = parse(bad).err().unwrap();
            assert_eq!(e.kind(), ErrorKind::BadSpec, "{bad}");
            let message = e.to_string();
            assert!(message.contains(bad), "{bad}: {message}");
            assert!(message.contains("hackenbush:ground=V"), "{bad}: {message}");
            assert!(!message.contains('\n'), "{bad}: {message}");
        }
        let grid = refusal("hackenbush:ground=2", GraphInput::Grid("..\n".into()));
        assert!(
            grid.to_string().contains("vertex 2 is the ground"),
            "{grid}"
        );
    }

    fn refusal(spec: &str, input: GraphInput) -> Error {
        let game = parse(spec).unwrap();
        match game.analyze_graph_words(input, &[]) {
            Err(e) => e,
            Ok(_) => panic!("{spec}: a bad graph was accepted"),
        }
    }

    /// A bad graph file is a bad position whose source is the parser's
    /// error, with its line; the message is the one the CLI always printed.
    #[test]
    fn graph_errors_keep_their_line() {
        let e = refusal("hackenbush", GraphInput::Edges("0 1\nx y\n".into()));
        assert_eq!(e.kind(), ErrorKind::BadPosition);
        assert_eq!(
            e.to_string(),
            "bad position: graph file line 2: expected an edge 'U V' or a vertex 'V' (non-negative integers), found 'x y'"
        );
        let source = std::error::Error::source(&e).expect("the parse error");
        assert!(matches!(
            source.downcast_ref::<ParseError>(),
            Some(ParseError::Malformed { line: 2, .. })
        ));
        let e = refusal("geography", GraphInput::Grid("..\n.x\n".into()));
        assert_eq!(e.kind(), ErrorKind::BadPosition);
        assert!(
            e.to_string()
                .starts_with("bad position: grid line 2, column 2:"),
            "{e}"
        );
        let source = std::error::Error::source(&e).expect("the grid error");
        assert!(matches!(
            source.downcast_ref::<GridError>(),
            Some(GridError::BadCell {
                line: 2,
                column: 2,
                found: 'x'
            })
        ));
    }
}
