//! The fast path against Rhai: every answer the fast path gives must be the
//! one Rhai gives for the same call, on the example scripts and on random
//! programs built from the part of the language the fast path compiles.

use super::compiled::Program;
use super::Ask;
use super::Script;
use crate::games::user::{Positions, UserError, UserPosition};
use proptest::prelude::*;

const EXAMPLES: [(&str, &str); 4] = [
    (
        "subtraction-134",
        include_str!("../../../../../examples/subtraction-134.rhai"),
    ),
    (
        "lasker",
        include_str!("../../../../../examples/lasker.rhai"),
    ),
    (
        "twopile-t2t",
        include_str!("../../../../../examples/twopile-t2t.rhai"),
    ),
    (
        "divisors",
        include_str!("../../../../../examples/divisors.rhai"),
    ),
];

/// The script compiled twice over: on Rhai alone, and its fast path.
fn engines(source: &str) -> (Script, Option<std::sync::Arc<Program>>) {
    let mut script = Script::compile("test.rhai", source).expect("compiles");
    let fast = script.fast.take().map(|(program, _)| program);
    (script, fast)
}

/// What Rhai answers for `function(position)`.
fn on_rhai(script: &Script, function: &str, position: &[u64]) -> Result<Vec<UserPosition>, String> {
    let (ask, at) = match function {
        "moves" => (Ask::Moves, script.moves_at),
        _ => (
            Ask::Components,
            script.components_at.expect("components defined"),
        ),
    };
    let mut answer = Positions::default();
    script
        .positions(ask, at, position, &mut answer)
        .map_err(|e: UserError| e.to_string())?;
    Ok(answer.to_vecs())
}

/// Whether the fast path answered `function(position)`, and then as Rhai did.
/// The fast path runs under a call's clock, as a script's calls do: a
/// random program may loop 2^63 times, each turn inserting at the front of
/// an array the size limit lets grow to half a million rows (seed 2621 of
/// `random_program` ran for hours without it).
fn agrees(
    script: &Script,
    fast: &Program,
    function: &str,
    position: &[u64],
) -> Result<bool, String> {
    let started = std::time::Instant::now();
    let call = std::time::Duration::from_millis(crate::limits::SCRIPT_CALL_MILLIS);
    let Ok(answer) = fast.positions(function, position, &|| started.elapsed() > call) else {
        return Ok(false);
    };
    let rhai = on_rhai(script, function, position);
    if rhai.as_ref() != Ok(&answer) {
        return Err(format!(
            "{function}({position:?}): fast path {answer:?}, Rhai {rhai:?}"
        ));
    }
    Ok(true)
}

#[test]
fn the_examples_run_on_the_fast_path_and_answer_as_rhai_does() {
    for (name, source) in EXAMPLES {
        let (script, fast) = engines(source);
        let fast = fast.unwrap_or_else(|| panic!("{name} is not compiled"));
        let mut positions: Vec<Vec<u64>> = (0..40).map(|n| vec![n]).collect();
        positions.extend((0..12).flat_map(|x| (0..12).map(move |y| vec![x, y])));
        positions.extend([vec![3, 0, 5, 1], vec![7, 7, 2], vec![]]);
        for position in &positions {
            for function in ["moves", "components"] {
                let defined = script.ast.iter_functions().any(|f| f.name == function);
                if defined {
                    let answered = agrees(&script, &fast, function, position).unwrap();
                    // The examples take positions of integers >= 0 of any
                    // length: nothing there is an edge case.
                    let length = match name {
                        "lasker" => position.len(),
                        "twopile-t2t" => 2,
                        _ => 1,
                    };
                    assert!(
                        answered || position.len() != length,
                        "{name}: {function}({position:?})"
                    );
                }
            }
        }
    }
}

#[test]
fn closures_strings_and_mixed_types_are_left_to_rhai() {
    for source in [
        "fn moves(p) { p.filter(|r| r > 0).map(|r| [r]) }",
        "fn moves(p) { let s = \"ab\"; [] }",
        "fn moves(p) { let m = #{a: 1}; [] }",
        "fn moves(p) { switch p[0] { 0 => [], _ => [[0]] } }",
        // A value that is no list of positions.
        "fn moves(p) { [1] }",
        "fn moves(p) { [[true]] }",
        "fn moves(p) { if p[0] > 0 { [[0]] } }",
        // Types mixed.
        "fn moves(p) { if p[0] == true { [[1]] } else { [[2]] } }",
        "fn moves(p) { let a = [1]; a += 2; [a] }",
        "fn moves(p) { let a = 1; a = [1]; [a] }",
        "fn f(x) { x } fn moves(p) { [[f(1)], f([2])] }",
        // Arrays nested three deep.
        "fn moves(p) { let a = [[[1]]]; [[1]] }",
    ] {
        assert!(engines(source).1.is_none(), "{source}");
    }
    // A helper that nothing calls keeps no script from the fast path.
    let source = "fn unused(x) { x == true || x.len() > 0 } fn moves(p) { [[1]] }";
    assert!(engines(source).1.is_some());
}

#[test]
fn edge_cases_fall_back_to_rhai_which_answers_or_refuses_as_it_always_did() {
    for body in [
        // Overflow, division by zero, shifts out of range.
        "[[9223372036854775807 + p[0]]]",
        "[[1 / (p[0] - p[0])]]",
        "[[1 << (p[0] + 61)]]",
        // An index out of bounds.
        "[[p[5]]]",
        "[[p[-2]]]",
        // A value that is no position.
        "[[-1]]",
        // Rhai sorts no array of arrays of two or more.
        "let r = [[2], [1]]; r.sort(); r",
        // `pop` of an empty array is `()`.
        "let a = []; [[a.pop()]]",
    ] {
        let source = format!("fn moves(p) {{ {body} }}");
        let (script, fast) = engines(&source);
        let fast = fast.unwrap_or_else(|| panic!("{body} is not compiled"));
        let answered = agrees(&script, &fast, "moves", &[3]).unwrap();
        assert!(!answered, "{body}: the fast path answered an edge case");
    }
}

#[test]
fn limits_fall_back_to_rhai() {
    let endless = "fn moves(p) { loop { } }";
    let deep = "fn f(n) { f(n + 1) } fn moves(p) { f(0) }";
    let huge = "fn moves(p) { let a = [0]; loop { a += a; } }";
    for source in [endless, deep, huge] {
        let (_, fast) = engines(source);
        let fast = fast.unwrap_or_else(|| panic!("{source} is not compiled"));
        assert!(
            fast.positions("moves", &[1], &|| false).is_err(),
            "{source}"
        );
    }
    let (_, fast) = engines("fn moves(p) { let i = 0; while i < 10 { i += 1; } [[i]] }");
    let fast = fast.expect("compiled");
    assert_eq!(fast.positions("moves", &[1], &|| false), Ok(vec![vec![10]]));
    assert!(
        fast.positions("moves", &[1], &|| true).is_ok(),
        "polled every 4096 turns only"
    );
    let (_, fast) = engines("fn moves(p) { let i = 0; while i < 100000 { i += 1; } [[i]] }");
    let fast = fast.expect("compiled");
    assert!(
        fast.positions("moves", &[1], &|| true).is_err(),
        "the clock ran out"
    );
}

/// Random programs of the fast path's language, from the choices `pick`
/// makes (`pick(n)` is below `n`).
struct Generator<'a> {
    pick: &'a mut dyn FnMut(u32) -> u32,
    depth: u32,
    /// How many loops enclose the code: `break` may be written.
    loops: u32,
    /// How many `for` loops: `i` may be read.
    fors: u32,
}

impl Generator<'_> {
    fn one<'s>(&mut self, choices: &[&'s str]) -> &'s str {
        choices[(self.pick)(choices.len() as u32) as usize]
    }

    fn int(&mut self) -> String {
        self.depth += 1;
        let atom = self.depth > 3 || (self.pick)(3) == 0;
        let e = if atom {
            // Edge cases (a negative number, the largest integer) now and then.
            let mut atoms = vec!["0", "1", "2", "3", "7", "p[0]", "p.len()", "a", "b"];
            if self.fors > 0 {
                atoms.push("i");
            }
            if (self.pick)(12) == 0 {
                atoms = vec!["-1", "9223372036854775807"];
            }
            self.one(&atoms).to_string()
        } else {
            match (self.pick)(7) {
                0..=2 => {
                    let op =
                        self.one(&["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "+", "-"]);
                    format!("({} {op} {})", self.int(), self.int())
                }
                3 if (self.pick)(4) == 0 => format!("-({})", self.int()),
                3 => format!("({} + {})", self.int(), self.int()),
                4 => format!("{}.abs()", self.int()),
                5 => format!(
                    "{}({}, {})",
                    self.one(&["max", "min"]),
                    self.int(),
                    self.int()
                ),
                _ => format!("helper({})", self.int()),
            }
        };
        self.depth -= 1;
        e
    }

    fn condition(&mut self) -> String {
        self.depth += 1;
        let choices = if self.depth > 3 { 1 } else { 5 };
        let c = match (self.pick)(choices) {
            4 => format!("{} in [1, 3, 4]", self.int()),
            1 => format!("r.contains([{}])", self.int()),
            2 => format!("({} && {})", self.condition(), self.condition()),
            3 => format!("!({} || {})", self.condition(), self.condition()),
            _ => {
                let op = self.one(&["<", "<=", ">", ">=", "==", "!="]);
                format!("{} {op} {}", self.int(), self.int())
            }
        };
        self.depth -= 1;
        c
    }

    fn statements(&mut self, count: u32) -> String {
        (0..count)
            .map(|_| self.statement())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn statement(&mut self) -> String {
        self.depth += 1;
        let nested = self.depth < 3;
        let s = match (self.pick)(if nested { 16 } else { 11 }) {
            0 => format!("let a = {};", self.int()),
            1 => format!("b = {};", self.int()),
            2 => format!("a {} {};", self.one(&["+=", "-=", "*=", "^="]), self.int()),
            3 => format!("r.push([{}]);", self.int()),
            4 => format!("r.push([{}, {}]);", self.int(), self.int()),
            5 => self
                .one(&["r.pop();", "r.reverse();", "r.sort();", "r.clear();"])
                .to_string(),
            6 => format!("r.remove({});", self.int()),
            7 => format!("r.insert({}, [{}]);", self.int(), self.int()),
            8 => format!("r[{}] = [{}];", self.int(), self.int()),
            9 => format!(
                "let t = [a, b, {}]; t.sort(); a = t[0]; b = t[t.len() - 1];",
                self.int()
            ),
            10 if self.loops > 0 => self
                .one(&["break;", "continue;", "if a > b { break; }"])
                .to_string(),
            10 => "r += [[1], [2]];".to_string(),
            11 => format!(
                "if {} {{ {} }} else {{ {} }}",
                self.condition(),
                self.statements(2),
                self.statements(1)
            ),
            12 | 13 => {
                let range = format!(
                    "{}..{}",
                    self.int(),
                    self.one(&["min(a, 5)", "4", "p[0]", "min(p[0], 6)"])
                );
                let range = if (self.pick)(2) == 0 {
                    range
                } else {
                    "[2, 0, 1]".to_string()
                };
                (self.loops, self.fors) = (self.loops + 1, self.fors + 1);
                let body = self.statements(2);
                (self.loops, self.fors) = (self.loops - 1, self.fors - 1);
                format!("for i in {range} {{ {body} }}")
            }
            14 => {
                self.loops += 1;
                let body = self.statements(2);
                self.loops -= 1;
                format!(
                    "let w = 0; while w < min({}, 4) {{ w += 1; {body} }}",
                    self.int()
                )
            }
            _ => format!("if {} {{ return r; }}", self.condition()),
        };
        self.depth -= 1;
        s
    }

    fn program(&mut self) -> String {
        let helper = self.int().replace("helper(", "(");
        let body = self.statements(5);
        format!(
            "fn helper(x) {{ let p = [x]; let a = x; let b = 2; {helper} }}\n\
             fn moves(p) {{ let r = []; let a = p[0]; let b = p.len(); {body} r }}"
        )
    }
}

/// A random program from `seed` (xorshift).
fn random_program(seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut pick = move |n: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(n)) as u32
    };
    Generator {
        pick: &mut pick,
        depth: 0,
        loops: 0,
        fors: 0,
    }
    .program()
}

/// How many of the calls of `program` on small positions the fast path
/// answered (each as Rhai did).
fn answered(program: &str) -> Result<usize, String> {
    if let Err(e) = Script::compile("random.rhai", program) {
        return Err(format!("{e}\n{program}"));
    }
    let (script, fast) = engines(program);
    let fast = fast.ok_or_else(|| format!("not compiled:\n{program}"))?;
    let mut count = 0;
    for position in [vec![0], vec![1], vec![3], vec![6], vec![2, 5]] {
        count += usize::from(
            agrees(&script, &fast, "moves", &position).map_err(|e| format!("{e}\n{program}"))?,
        );
    }
    Ok(count)
}

#[test]
fn a_program_that_would_run_for_hours_is_cut_by_the_clock() {
    // The loop runs from about -2^63 to 4, inserting a row at the front.
    let program = random_program(2621);
    assert!(
        program.contains("(a - 9223372036854775807)..4"),
        "{program}"
    );
    let started = std::time::Instant::now();
    answered(&program).unwrap();
    // Five calls, each stopped at the first poll of the clock after its time.
    let limit = 5 * 3 * crate::limits::SCRIPT_CALL_MILLIS;
    assert!(
        started.elapsed().as_millis() < u128::from(limit),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn random_programs_answer_as_on_rhai_and_most_are_answered() {
    let mut calls = 0;
    for seed in 0..400 {
        calls += answered(&random_program(seed)).unwrap();
    }
    // Of 2000 calls, most are within the fast path (the rest are edge cases:
    // overflows, indices out of range): the comparison is not vacuous.
    assert!(calls > 800, "only {calls} of 2000 calls answered");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_random_program_answers_as_on_rhai(seed in any::<u64>()) {
        prop_assert!(answered(&random_program(seed)).is_ok(), "{:?}", answered(&random_program(seed)));
    }
}
