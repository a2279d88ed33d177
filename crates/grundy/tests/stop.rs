//! Every long computation stops soon after its signal (`grundy::stop`).
//!
//! Each case is a request heavy enough to run for seconds (most of them the
//! requests that held a server's slot for a minute or more before every loop
//! polled the signal). It runs inside `stop::run`; the signal is given after
//! [`WORK`], and the run must end within [`STOPPED_WITHIN`] of it, stopped
//! (a case that finishes first is not heavy enough to prove anything, and
//! fails). The cases are the game families of the catalogue and their verbs.

use std::time::{Duration, Instant};

use grundy::catalog::{
    analyze_convention, analyze_convention_sum, analyze_sum, beatty, misere_quotient,
    misere_sequence, parse, Convention, Game, GraphInput, Position, Quiet, SequenceOf, SumPart,
};
use grundy::stop::{self, Stop, Stopped};

/// How long each case works before it is told to stop.
const WORK: Duration = Duration::from_millis(100);

/// How soon after the signal a case must have stopped. The server's promise
/// is 100 ms; tests run in the dev profile on a busy machine, so the bound
/// here leaves room for that. `STOP_REPORT=1` prints every latency, and
/// `STOP_CASE=TEXT` runs only the cases whose name holds TEXT.
const STOPPED_WITHIN: Duration = Duration::from_millis(400);

/// A request: what it is, for messages, and the work.
struct Case {
    name: String,
    work: Work,
}

/// A request's work: its error, if it is refused.
type Work = Box<dyn FnOnce() -> Result<(), String> + Send>;

fn case(
    name: impl Into<String>,
    work: impl FnOnce() -> Result<(), String> + Send + 'static,
) -> Case {
    Case {
        name: name.into(),
        work: Box::new(work),
    }
}

/// A verb's answer written as JSON (as the server writes it, inside the
/// run: some answers are computed as they are written), or its error as text.
fn done<T: serde::Serialize>(answer: Result<T, grundy::Error>) -> Result<(), String> {
    let answer = answer.map_err(|e| e.to_string())?;
    serde_json::to_writer(std::io::sink(), &answer).map_err(|e| e.to_string())
}

/// The game of `spec`, or why not.
fn game(spec: &str) -> Result<Box<dyn grundy::catalog::Game>, String> {
    parse(spec).map_err(|e| e.to_string())
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The position of `game` written `text` (on `graph`, for a graph game), or
/// why not.
fn at(game: &dyn Game, text: &str, graph: Option<GraphInput>) -> Result<Position, String> {
    Position::of(game, &words(text), graph).map_err(|e| e.to_string())
}

/// A small deterministic generator, for the random graphs.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A path of `n` edges from vertex 0.
fn path(n: u64) -> String {
    (0..n).map(|i| format!("{i} {}\n", i + 1)).collect()
}

/// A random tree of `n` vertices: vertex `i` hangs from a uniform earlier one.
fn random_tree(n: u64, seed: u64) -> String {
    let mut random = Lcg(seed);
    (1..n)
        .map(|i| format!("{} {i}\n", random.below(i)))
        .collect()
}

/// A random graph of `n` vertices and `m` edges (loops left out).
fn random_graph(n: u64, m: u64, seed: u64) -> String {
    let mut random = Lcg(seed);
    let mut text = String::new();
    let mut made = 0;
    while made < m {
        let (u, v) = (random.below(n), random.below(n));
        if u != v {
            text.push_str(&format!("{u} {v}\n"));
            made += 1;
        }
    }
    text
}

fn analyze(spec: &'static str, position: &'static str) -> Case {
    case(format!("analyze {spec} {position}"), move || {
        let game = game(spec)?;
        done(game.analyze(&at(game.as_ref(), position, None)?, false, &mut Quiet))
    })
}

fn analyze_graph(spec: &'static str, name: &str, graph: String, position: &'static str) -> Case {
    case(format!("analyze {spec} {name} {position}"), move || {
        let game = game(spec)?;
        let at = at(game.as_ref(), position, Some(GraphInput::Edges(graph)))?;
        done(game.analyze(&at, false, &mut Quiet))
    })
}

fn convention(spec: &'static str, position: &'static str, play: Convention) -> Case {
    case(format!("analyze {spec} {position} {play:?}"), move || {
        let game = game(spec)?;
        let at = at(game.as_ref(), position, None)?;
        done(analyze_convention(game.as_ref(), &at, play))
    })
}

fn convention_graph(spec: &'static str, name: &str, graph: String, play: Convention) -> Case {
    case(format!("analyze {spec} {name} {play:?}"), move || {
        let game = game(spec)?;
        let at = at(game.as_ref(), "", Some(GraphInput::Edges(graph)))?;
        done(analyze_convention(game.as_ref(), &at, play))
    })
}

fn sequence(spec: &'static str, count: u64) -> Case {
    case(format!("sequence {spec} --count {count}"), move || {
        done(game(spec)?.sequence(SequenceOf::Heaps(count), &mut Quiet))
    })
}

fn period(spec: &'static str, max: Option<u64>) -> Case {
    case(format!("period {spec} --max {max:?}"), move || {
        done(game(spec)?.period(max, &mut Quiet))
    })
}

fn table(spec: &'static str, size: u64, values: bool) -> Case {
    case(format!("table {spec} --size {size} {values}"), move || {
        done(game(spec)?.table(size, values, &mut Quiet))
    })
}

fn conjecture(spec: &'static str) -> Case {
    case(format!("conjecture {spec}"), move || {
        done(game(spec)?.conjecture(&mut Quiet))
    })
}

fn script_case(name: &str, source: &'static str, position: &'static str) -> Case {
    case(format!("analyze script: {name}"), move || {
        let game = grundy::catalog::script("heavy.rhai", source).map_err(|e| e.to_string())?;
        done(game.analyze(&at(game.as_ref(), position, None)?, false, &mut Quiet))
    })
}

fn sum(parts: &'static [(&'static str, &'static str)], play: Option<Convention>) -> Case {
    case(format!("analyze sum {parts:?} {play:?}"), move || {
        let parts: Vec<SumPart> = parts
            .iter()
            .map(|(spec, position)| SumPart::parse(spec, &words(position), None))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        match play {
            Some(play) => done(analyze_convention_sum(&parts, play)),
            None => done(analyze_sum(&parts, false, &mut Quiet)),
        }
    })
}

/// Every case: the heaviest request of each family and verb.
fn cases() -> Vec<Case> {
    vec![
        // The requests that held a server's slot past its time limit.
        convention_graph("hackenbush", "path3000", path(3000), Convention::Every),
        analyze_graph("node-kayles", "tree1000", random_tree(1000, 3), ""),
        analyze_graph(
            "geography:directed",
            "random32",
            random_graph(32, 200, 5),
            "0",
        ),
        // Heap games.
        period("octal:0.1337", Some(1 << 30)),
        sequence("octal:0.161", 1 << 26),
        sequence("grundys-game", 1 << 24),
        sequence("hex:0.8", 1 << 15),
        analyze("hex:0.9", "8000 7999"),
        period("subtraction:1000000,999999,77777,5", None),
        case("sequence subtraction:1,3 --misere", || {
            done(misere_sequence(game("subtraction:1,3")?.as_ref(), 1 << 20))
        }),
        case("period dawson --misere --max 256", || {
            done(misere_quotient(
                parse("dawson").unwrap().as_ref(),
                Some(256),
                &mut Quiet,
            ))
        }),
        convention(
            "kayles",
            "20 21 22 23 24 25 26 27 28 29 30",
            Convention::Misere,
        ),
        conjecture("octal:0.161"),
        analyze("grundys-game", "1000000"),
        sequence("lasker", 100_000_000),
        // Two-pile games.
        table("wythoff", 8192, true),
        // Value sets (a small k) and the rules (a large one).
        table("wythoff:k=3", 8192, true),
        table("wythoff:k=1000", 150, true),
        table("twopile:1,0+0,1+1,2", 8192, true),
        conjecture("wythoff:ratios"),
        analyze("wythoff", "5000 5001"),
        // Other families.
        analyze("chomp:12x12", ""),
        analyze(
            "moore:k=3",
            "1000000 1000001 1000002 1000003 1000004 1000005",
        ),
        case("sequence digraph of 10^6 vertices, 3 10^6 arcs", || {
            let graph = GraphInput::Edges(random_graph(1_000_000, 3_000_000, 2));
            done(game("digraph")?.sequence(SequenceOf::Vertices(graph), &mut Quiet))
        }),
        sum(
            &[
                ("kayles", "10 20"),
                ("wythoff", "3000 4000"),
                ("chomp:10x10", ""),
            ],
            None,
        ),
        case("beatty phi --count 10^8", || {
            done(beatty("phi", 100_000_000))
        }),
        // The families not met above, each at its heaviest.
        sequence("nim", 100_000_000),
        sequence("bash:3", 100_000_000),
        case("analyze staircase of 10^6 steps", || {
            let steps: Vec<String> = (0..1_000_000u64).map(|i| (i % 1000).to_string()).collect();
            let game = game("staircase")?;
            let at = Position::of(game.as_ref(), &steps, None).map_err(|e| e.to_string())?;
            done(game.analyze(&at, false, &mut Quiet))
        }),
        convention("dynsub:k=2", "3000 3000", Convention::Misere),
        convention("fibonacci-nim", "3000 2999", Convention::Misere),
        convention("circle:4", "300", Convention::Misere),
        analyze_graph(
            "geography",
            "random 10^5 vertices, 10^6 edges",
            random_graph(100_000, 1_000_000, 7),
            "0",
        ),
        analyze_graph(
            "hackenbush",
            "random 2 10^5 vertices, 4 10^5 edges",
            random_graph(200_000, 400_000, 9),
            "",
        ),
        analyze_graph(
            "staircase-tree",
            "tree of 10^6",
            random_tree(1_000_000, 11),
            "",
        ),
        // A script, inside one long call and across many short ones, on
        // Rhai (a string keeps a script off the fast path) and on the fast
        // path. The fast-path cases make many long calls, so that they stay
        // heavy however fast a call becomes.
        script_case(
            "a push loop on Rhai",
            "fn moves(p) { let on_rhai = \"\"; let a = []; \
             for i in 0..200000 { a.push(i) } [] }",
            "0",
        ),
        script_case(
            "push loops",
            "fn moves(p) { let a = []; for i in 0..200000 { a.push(i) } \
             if p[0] > 0 { [[p[0] - 1]] } else { [] } }",
            "1000000",
        ),
        script_case(
            "3 million operations a call",
            "fn moves(p) { let s = 0; for i in 0..3000000 { s += i; } \
             if p[0] > 0 { [[p[0] - 1]] } else { [] } }",
            "1000000",
        ),
        script_case(
            "a path of 4 million short calls",
            "fn moves(p) { if p[0] > 0 { [[p[0] - 1]] } else { [] } }",
            "4000000",
        ),
    ]
}

#[test]
fn every_family_of_the_catalogue_has_a_heavy_case() {
    let names: Vec<String> = cases().into_iter().map(|c| c.name).collect();
    for family in grundy::catalog::game_names() {
        assert!(
            names.iter().any(|name| name.contains(family)),
            "no case of {family}"
        );
    }
}

/// How a case ended.
#[derive(Debug)]
enum Ended {
    /// Before the signal: not heavy enough (or refused, with the error).
    Early(Result<(), String>),
    /// Stopped, this long after the signal.
    Stopped(Duration),
    /// Not stopped: it ran to its answer, this long after the signal.
    Finished(Duration),
    /// Not within [`GIVE_UP`] of the signal (the thread is left running).
    Running,
}

/// How long to wait for a case that does not stop before reporting it.
const GIVE_UP: Duration = Duration::from_secs(3);

/// Runs `work` inside `stop::run` and gives the signal after [`WORK`].
fn stop_latency(work: Work) -> Ended {
    let signal = Stop::new();
    let given = signal.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let result = stop::run(&signal, work);
        let _ = tx.send((Instant::now(), result));
    });
    if let Ok((_, answer)) = rx.recv_timeout(WORK) {
        return Ended::Early(answer.unwrap_or(Ok(())));
    }
    given.stop();
    let signalled = Instant::now();
    match rx.recv_timeout(GIVE_UP) {
        Ok((ended, Err(Stopped))) => Ended::Stopped(ended.saturating_duration_since(signalled)),
        Ok((ended, Ok(_))) => Ended::Finished(ended.saturating_duration_since(signalled)),
        Err(_) => Ended::Running,
    }
}

#[test]
fn every_long_computation_stops_soon_after_its_signal() {
    let report = std::env::var_os("STOP_REPORT").is_some();
    let only = std::env::var("STOP_CASE").unwrap_or_default();
    let mut failures = Vec::new();
    for Case { name, work } in cases().into_iter().filter(|c| c.name.contains(&only)) {
        let ended = stop_latency(work);
        if report {
            eprintln!("{ended:?}  {name}");
        }
        match ended {
            Ended::Stopped(latency) if latency <= STOPPED_WITHIN => {}
            Ended::Stopped(latency) => {
                failures.push(format!("{name}: ended {latency:?} after the signal"))
            }
            Ended::Finished(latency) => failures.push(format!(
                "{name}: not stopped, answered {latency:?} after the signal"
            )),
            Ended::Early(answer) => failures.push(format!(
                "{name}: answered before the signal, not heavy enough: {answer:?}"
            )),
            Ended::Running => failures.push(format!(
                "{name}: still running {GIVE_UP:?} after the signal"
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
