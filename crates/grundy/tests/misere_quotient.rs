//! Misère quotients of octal games reproduced: what the literature publishes
//! and what Aaron Siegel's MisereSolver, the reference tool of the field,
//! computes, letter for letter.
//!
//! Sources:
//! - [P05] T. E. Plambeck, "Taming the wild in impartial combinatorial
//!   games", INTEGERS 5 (2005) #G05: the quotient R8 of 0.75.
//! - [PS08] T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial
//!   games", J. Combin. Theory Ser. A 115 (2008), arXiv:math/0609825: the tame
//!   quotients `T_n` (misère Nim), the order of every misère quotient is even.
//! - [P03] T. E. Plambeck, plambeck.org, misère octal games, quaternary games,
//!   page ".312" (solved 4 February 2003): every heap but 4 plays as a misère
//!   Nim heap, and the heap 4 `A` has `A + A = 0`.
//! - [WW] Berlekamp, Conway and Guy, *Winning Ways*, ch. 4: a Dawson's Kayles
//!   (0.07) heap of `n + 1` is a Dawson's Chess (0.137) heap of `n`.
//! - [MS] MisereSolver, from cgsuite (github.com/aaron-siegel/cgsuite, commit
//!   e909ab8b, `org.cgsuite.core.misere.solver`), run on the same game and
//!   bound: its presentation `<gens | relations>`, P-portion, the element of
//!   every heap (its "Phi") and the order after each heap, copied here in
//!   grundy's notation (`b^2` for its `b2`). MisereSolver picks generators
//!   and normal forms as grundy does (`Presentation`), so the two
//!   presentations are compared as text.
//!
//! The bounds are those the dev profile runs in seconds; larger ones, run
//! once in release, are in README ("Misère quotients").

use grundy::analysis::misere_quotient::{word_text, MisereQuotient};
use grundy::games::octal::Octal;

/// A quotient as MisereSolver printed it for `code` up to `max_heap`.
struct Expected {
    code: &'static str,
    max_heap: u64,
    order: usize,
    /// The P-portion, in MisereSolver's order.
    p_portion: &'static [&'static str],
    relations: &'static [&'static str],
    /// The element of each heap `0..=max_heap`.
    heaps: &'static str,
    /// The order of the quotient of heaps up to `n`, `n = 1..=max_heap`.
    history: &'static [usize],
}

/// [MS] on each game, at the bound given.
const MISERE_SOLVER: &[Expected] = &[
    Expected {
        code: "0.75",
        max_heap: 12,
        order: 8,
        p_portion: &["a", "b^2"],
        relations: &["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"],
        heaps: "1 a b a b c b c b ab^2 b ab^2 b",
        history: &[2, 6, 6, 6, 8, 8, 8, 8, 8, 8, 8, 8],
    },
    Expected {
        code: "0.31",
        max_heap: 16,
        order: 6,
        p_portion: &["a", "b^2"],
        relations: &["a^2 = 1", "b^3 = b"],
        heaps: "1 a b b^2 ab^2 b^2 ab^2 b^2 ab^2 b^2 ab^2 b^2 ab^2 b^2 ab^2 b^2 ab^2",
        history: &[2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
    },
    Expected {
        code: "0.33",
        max_heap: 12,
        order: 6,
        p_portion: &["a", "b^2"],
        relations: &["a^2 = 1", "b^3 = b"],
        heaps: "1 a b 1 a b 1 a b 1 a b 1",
        history: &[2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
    },
    Expected {
        code: "0.51",
        max_heap: 12,
        order: 2,
        p_portion: &["a"],
        relations: &["a^2 = 1"],
        heaps: "1 a a a a a a a a a a a a",
        history: &[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
    },
    Expected {
        code: "0.52",
        max_heap: 16,
        order: 6,
        p_portion: &["a", "b^2"],
        relations: &["a^2 = 1", "b^3 = b"],
        heaps: "1 a 1 b b a b^2 ab b ab^2 b^2 ab b ab^2 b^2 ab b",
        history: &[2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
    },
    Expected {
        code: "0.57",
        max_heap: 16,
        order: 12,
        p_portion: &["a", "b^2", "ac"],
        relations: &["a^2 = 1", "b^4 = b^2", "b^2c = b^3", "c^2 = b^2"],
        heaps: "1 a a b b a a b b abc abc b^3 b^3 abc abc c c",
        history: &[2, 2, 6, 6, 6, 6, 6, 6, 8, 8, 8, 8, 8, 8, 12, 12],
    },
    Expected {
        code: "0.54",
        max_heap: 12,
        order: 12,
        p_portion: &["a", "b^2"],
        relations: &[
            "a^2 = 1",
            "b^3 = b",
            "b^2c = c",
            "c^2 = b^2",
            "bd = ab",
            "cd = ac",
            "d^2 = b^2",
        ],
        heaps: "1 a 1 a b b b c a ab^2 d b b",
        history: &[2, 2, 2, 6, 6, 6, 10, 10, 10, 12, 12, 12],
    },
    Expected {
        code: "0.71",
        max_heap: 12,
        order: 36,
        p_portion: &["a", "b^2", "bc", "c^2", "ac^3", "ad", "b^3d", "cd", "bc^2d"],
        relations: &[
            "a^2 = 1",
            "b^4 = b^2",
            "b^2c = c",
            "c^4 = ac^3",
            "c^3d = c^3",
            "d^2 = 1",
        ],
        heaps: "1 a b a 1 c 1 a d a 1 c 1",
        history: &[2, 6, 6, 6, 14, 14, 14, 36, 36, 36, 36, 36],
    },
    Expected {
        code: "0.104",
        max_heap: 16,
        order: 10,
        p_portion: &["a", "b^2"],
        relations: &["a^2 = 1", "b^3 = b", "b^2c = c", "c^2 = b^2"],
        heaps: "1 a 1 1 1 a 1 b b a b b c a 1 c 1",
        history: &[2, 2, 2, 2, 2, 2, 6, 6, 6, 6, 6, 10, 10, 10, 10, 10],
    },
    Expected {
        code: "0.123",
        max_heap: 16,
        order: 20,
        p_portion: &["a", "b^2", "ac", "bd", "d^2"],
        relations: &[
            "a^2 = 1",
            "b^4 = b^2",
            "b^2c = b^3",
            "c^2 = 1",
            "b^2d = d",
            "cd = bd",
            "d^3 = ad^2",
        ],
        heaps: "1 a 1 b b a d^2 1 c d a d^2 1 c d a d^2",
        history: &[2, 2, 6, 6, 6, 6, 6, 12, 20, 20, 20, 20, 20, 20, 20, 20],
    },
    Expected {
        code: "0.126",
        max_heap: 12,
        order: 12,
        p_portion: &["a", "b^2", "ac"],
        relations: &["a^2 = 1", "b^3 = b", "c^2 = 1"],
        heaps: "1 a 1 1 b a ab ab b a 1 c b",
        history: &[2, 2, 2, 6, 6, 6, 6, 6, 6, 6, 12, 12],
    },
    Expected {
        code: "0.135",
        max_heap: 16,
        order: 12,
        p_portion: &["a", "b^2", "c"],
        relations: &["a^2 = 1", "b^4 = b^2", "b^2c = b^3", "c^2 = 1"],
        heaps: "1 a a b 1 a a b 1 ab a a 1 ab a c b",
        history: &[2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 12, 12],
    },
    Expected {
        code: "0.142",
        max_heap: 16,
        order: 12,
        p_portion: &["a", "b^2", "ac"],
        relations: &["a^2 = 1", "b^3 = b", "c^2 = 1"],
        heaps: "1 a 1 1 b b b a a b^2 ab ab b c ab^2 b^2 bc",
        history: &[2, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12],
    },
    Expected {
        code: "0.145",
        max_heap: 16,
        order: 12,
        p_portion: &["a", "b^2"],
        relations: &[
            "a^2 = 1",
            "b^3 = b",
            "b^2c = c",
            "c^2 = b^2",
            "bd = ab",
            "cd = ac",
            "d^2 = b^2",
        ],
        heaps: "1 a 1 a a b b b b c a a ab^2 d b b b",
        history: &[2, 2, 2, 2, 6, 6, 6, 6, 10, 10, 10, 10, 12, 12, 12, 12],
    },
    Expected {
        code: "0.154",
        max_heap: 16,
        order: 20,
        p_portion: &["a", "b^2", "c^2", "cd"],
        relations: &[
            "a^2 = 1",
            "b^3 = b",
            "bc^2 = b",
            "c^3 = c",
            "bd = ab",
            "c^2d = d",
            "d^2 = b^2",
            "be = ab",
            "ce = ac",
            "de = ad",
            "e^2 = c^2",
        ],
        heaps: "1 a a 1 a a b b b b b c a a ab^2 d e",
        history: &[2, 2, 2, 2, 2, 6, 6, 6, 6, 6, 10, 10, 10, 10, 18, 20],
    },
    Expected {
        code: "0.137",
        max_heap: 12,
        order: 12,
        p_portion: &["a", "b^2", "ac"],
        relations: &["a^2 = 1", "b^4 = b^2", "b^2c = ab^3", "c^2 = 1"],
        heaps: "1 a a b 1 ab a a 1 c ab ac b",
        history: &[2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12],
    },
    Expected {
        code: "0.312",
        max_heap: 16,
        order: 12,
        p_portion: &["a", "b^2", "ac"],
        relations: &["a^2 = 1", "b^4 = b^2", "b^2c = b^3", "c^2 = 1"],
        heaps: "1 a b b^2 c b^2 ab^2 b^2 ab^2 b^2 ab^2 b^2 ab^2 b^2 ab^2 b^2 ab^2",
        history: &[2, 6, 6, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12],
    },
    Expected {
        code: "0.77",
        max_heap: 12,
        order: 24,
        p_portion: &["a", "b^2", "ac", "ac^2", "d", "ad^2", "e", "ade"],
        relations: &[
            "a^2 = 1", "b^3 = b", "bc^2 = b", "c^3 = c", "bd = bc", "cd = b^2", "d^3 = d",
            "be = bc", "ce = b^2", "e^2 = de",
        ],
        heaps: "1 a b ab a c ab b ab^2 d b bc e",
        history: &[2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24],
    },
    Expected {
        code: "0.07",
        max_heap: 12,
        order: 12,
        p_portion: &["a", "b^2", "ac"],
        relations: &["a^2 = 1", "b^4 = b^2", "b^2c = ab^3", "c^2 = 1"],
        heaps: "1 1 a a b 1 ab a a 1 c ab ac",
        history: &[1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12],
    },
];

fn quotient(code: &str, max_heap: u64) -> MisereQuotient {
    let game: Octal = code.parse().expect("a valid octal code");
    MisereQuotient::compute(&game, max_heap).expect("within the limits")
}

/// Every relation as text, `word = element`.
fn relations(q: &MisereQuotient) -> Vec<String> {
    q.presentation
        .relations
        .iter()
        .map(|(word, x)| format!("{} = {}", word_text(word), q.name(*x)))
        .collect()
}

fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names
}

#[test]
fn every_quotient_misere_solver_computes_is_reproduced_letter_for_letter() {
    for expected in MISERE_SOLVER {
        let code = expected.code;
        let q = quotient(code, expected.max_heap);
        assert_eq!(q.order(), expected.order, "{code}: order");
        assert_eq!(
            q.p_portion().len(),
            expected.p_portion.len(),
            "{code}: size of the P-portion"
        );
        assert_eq!(relations(&q), expected.relations, "{code}: relations");
        assert_eq!(
            sorted(q.p_portion().into_iter().map(|x| q.name(x)).collect()),
            sorted(expected.p_portion.iter().map(|s| s.to_string()).collect()),
            "{code}: P-portion"
        );
        let heaps: Vec<String> = q.heap_element.iter().map(|&x| q.name(x)).collect();
        assert_eq!(heaps.join(" "), expected.heaps, "{code}: heaps");
        let orders: Vec<usize> = q.history.iter().map(|h| h.1).collect();
        assert_eq!(orders, expected.history, "{code}: orders by heap");
    }
    assert!(MISERE_SOLVER.len() >= 10);
}

/// [PS08]: the misère quotient of a closed set of impartial games holding a
/// game other than 0 has even order (as cited by Rubinstein-Salzedo and
/// Zhou, arXiv:2603.18244).
#[test]
fn every_order_is_even() {
    for expected in MISERE_SOLVER {
        assert_eq!(expected.order % 2, 0, "{}", expected.code);
    }
}

/// [P05]: R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2},
/// `a`, `b`, `c` the heaps 1, 2 and 5, from heap 5 on.
#[test]
fn octal_0_75_is_plambecks_r8() {
    let q = quotient("0.75", 20);
    assert_eq!(q.order(), 8);
    assert_eq!(q.presentation.generator_heaps, [1, 2, 5]);
    assert_eq!(
        relations(&q),
        ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]
    );
    assert_eq!(
        sorted(q.p_portion().into_iter().map(|x| q.name(x)).collect()),
        ["a", "b^2"]
    );
    assert_eq!(q.stable_since(), 5);
}

/// [PS08]: misère Nim on heaps of at most 3 (0.333, and 0.33, 0.31, 0.52,
/// whose heaps play as such) has the tame quotient T2 = <a, b | a^2 = 1,
/// b^3 = b>, P = {a, b^2}.
#[test]
fn games_whose_heaps_are_small_nim_heaps_have_t2() {
    for (code, max_heap) in [("0.333", 3), ("0.33", 12), ("0.31", 12), ("0.52", 12)] {
        let q = quotient(code, max_heap);
        assert_eq!(q.order(), 6, "{code}");
        assert_eq!(relations(&q), ["a^2 = 1", "b^3 = b"], "{code}");
        assert_eq!(
            sorted(q.p_portion().into_iter().map(|x| q.name(x)).collect()),
            ["a", "b^2"],
            "{code}"
        );
    }
}

/// [P03]: in 0.312 the heap of size 4 is the one that is not a Nim heap, and
/// it is its own inverse (`A + A = 0`): the generator `c` with `c^2 = 1`.
#[test]
fn octal_0_312_has_plambecks_heap_four() {
    let q = quotient("0.312", 12);
    let four = q.heap_element[4];
    assert_eq!(q.presentation.generator_heaps, [1, 2, 4]);
    assert_eq!(q.name(four), "c");
    assert_eq!(q.table[four][four], 0);
    assert_eq!(q.order(), 12);
}

/// [WW]: Dawson's Kayles heaps are Dawson's Chess heaps shifted by one, so
/// their quotients agree heap for heap.
#[test]
fn dawsons_kayles_is_dawsons_chess_shifted_by_one() {
    let kayles = quotient("0.07", 13);
    let chess = quotient("0.137", 12);
    let names =
        |q: &MisereQuotient| -> Vec<String> { q.heap_element.iter().map(|&x| q.name(x)).collect() };
    assert_eq!(names(&kayles)[1..], names(&chess)[..]);
    assert_eq!(relations(&kayles), relations(&chess));
}
