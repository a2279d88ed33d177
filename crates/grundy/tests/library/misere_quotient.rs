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

/// [MS] at larger bounds, where sums hold several copies of heaps whose
/// quotient search could not reach (Kayles up to 18 took 23 s and 582 MB
/// learned from search): Kayles (0.77) to its order 40 from heap 27 and on
/// to 90, Dawson's Kayles (0.07) and Dawson's Chess (0.137) to 30 (orders
/// 360 and 520).
const MISERE_SOLVER_LARGER: &[Expected] = &[
    Expected {
        code: "0.77",
        max_heap: 90,
        order: 40,
        p_portion: &["a", "b^2", "ac", "ac^2", "d", "ad^2", "e", "ade", "adf"],
        relations: &["a^2 = 1", "b^3 = b", "bc^2 = b", "c^3 = c", "bd = bc", "cd = b^2", "d^3 = d", "be = bc", "ce = b^2", "e^2 = de", "bf = ab", "cf = ab^2c", "d^2f = f", "f^2 = b^2", "b^2g = g", "c^2g = g", "dg = cg", "eg = cg", "fg = ag", "g^2 = b^2"],
        heaps: "1 a b ab a c ab b ab^2 d b bc e ab^2 b abc ab^2 d^2e ab b ade b^2c bc abc b^2c f b g ab^2c b^2c abc b ab^2 g bc abc b^2c ab^2 b ab ab^2 b^2c abc b ab^2 g b abc b^2c ab^2 b g ab^2 b^2c abc b ab^2 b^2c b abc b^2c ab^2 b g ab^2 b^2c abc b ab^2 g bc abc b^2c ab^2 b g ab^2 b^2c abc b ab^2 g b abc b^2c ab^2 b g ab^2 b^2c abc",
        history: &[2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 32, 32, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40],
    },
    Expected {
        code: "0.07",
        max_heap: 30,
        order: 360,
        p_portion: &["a", "b^2", "c", "ac^2", "ad", "cd", "ac^2d", "ad^2", "cd^2", "ac^2d^2", "e", "d^2e", "f", "df", "d^2f", "aef", "ad^2ef", "ag", "cg", "ac^2g", "adg", "ad^2g", "fg", "dfg", "d^2fg", "abh", "ab^3h", "abd^2h", "eh", "bdeh", "d^2eh", "bfh", "bd^2fh", "befh", "bd^2efh", "aefgh", "h^2", "b^2h^2", "afh^2", "ahi", "adhi", "ad^2hi", "abfhi", "fh^2i", "aj", "fj", "ahj", "k", "ack", "c^2k", "dk", "afk", "gk", "acgk", "c^2gk", "afgk", "achk", "dhk", "abehk", "ghk", "afghk", "cik", "ak^2", "ack^3", "gk^3"],
        relations: &["a^2 = 1", "b^4 = b^2", "b^2c = b^3", "c^3 = c", "b^2d^2 = b^2", "bcd^2 = bc", "d^3 = d", "b^2e = b^2", "ce = b^3", "e^2 = b^2", "b^2f = ab^2", "cf = ac", "f^2 = 1", "bg = abc", "cdg = ac^2d", "d^2eg = eg", "g^2 = acg", "bch = b^2h", "cgh = ac^2h", "b^3h^2 = bh^2", "ch^2 = bh^2", "d^2h^2 = h^2", "eh^2 = b^2h^2", "bfh^2 = abh^2", "gh^2 = abh^2", "h^3 = b^2h^2", "b^2i = ab^2", "bci = ab^2", "bdi = deg", "cdi = abc^2d", "ei = ab^2", "gi = aci", "chi = ab^3h", "bh^2i = abh^2", "i^2 = b^2", "bj = abe", "cj = ab^3", "dj = ade", "ej = ab^2", "gj = abi", "h^2j = ab^2h^2", "ij = b^2", "j^2 = b^2", "b^2k = b^2d", "bck = b^2d", "cdk = b^3", "dek = b^2", "dfk = adk", "dgk = ab^3", "egk = ab^3d", "h^2k = b^2dh^2", "bik = abek", "dik = ab^2", "hik = aehk", "bk^2 = b^3", "c^2k^2 = k^2", "dk^2 = b^2d", "ek^2 = b^2", "fk^2 = ak^2", "hk^2 = b^2h", "jk^2 = ab^2", "ik^3 = c^2ik", "k^4 = k^2"],
        heaps: "1 1 a a b 1 ab a a 1 c^2g ab c b d 1 ad ac^2g b ac ab e f ae g h c i j c^2 k",
        history: &[1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 144, 144, 176, 176, 176, 360],
    },
    Expected {
        code: "0.137",
        max_heap: 30,
        order: 520,
        p_portion: &["a", "b^2", "c", "ac^2", "ad", "cd", "ac^2d", "ad^2", "cd^2", "ac^2d^2", "e", "d^2e", "f", "df", "d^2f", "aef", "ad^2ef", "ag", "cg", "ac^2g", "adg", "ad^2g", "fg", "dfg", "d^2fg", "abh", "ab^3h", "abd^2h", "eh", "bdeh", "d^2eh", "bfh", "bd^2fh", "befh", "bd^2efh", "aefgh", "h^2", "b^2h^2", "afh^2", "ahi", "adhi", "ad^2hi", "abfhi", "abd^2fhi", "fh^2i", "aj", "fj", "ahj", "fghj", "k", "ack", "c^2k", "dk", "afk", "gk", "acgk", "c^2gk", "afgk", "achk", "dhk", "abehk", "ghk", "afghk", "cik", "ak^2", "ack^3", "gk^3", "l", "dl", "d^2l", "adel", "afl", "adfl", "ad^2fl", "defl", "gl", "afgl", "bdhl", "bdehl", "abdfhl", "defhl", "akl", "fkl", "efkl", "fhkl", "fghkl", "al^2", "adl^2", "abhl^2"],
        relations: &["a^2 = 1", "b^4 = b^2", "b^2c = b^3", "c^3 = c", "b^2d^2 = b^2", "bcd^2 = bc", "d^3 = d", "b^2e = b^2", "ce = b^3", "e^2 = b^2", "b^2f = ab^2", "cf = ac", "f^2 = 1", "bg = abc", "cdg = ac^2d", "d^2eg = eg", "g^2 = acg", "bch = b^2h", "cgh = ac^2h", "b^3h^2 = bh^2", "ch^2 = bh^2", "d^2h^2 = h^2", "eh^2 = b^2h^2", "bfh^2 = abh^2", "gh^2 = abh^2", "h^3 = b^2h^2", "b^2i = ab^2", "bci = ab^2", "cdi = abc^2d", "ei = ab^2", "gi = aci", "chi = ab^3h", "bh^2i = abh^2", "i^2 = b^2", "bj = abe", "cj = ab^3", "dj = ade", "ej = ab^2", "h^2j = ab^2h^2", "ij = b^2", "j^2 = b^2", "b^2k = b^2d", "bck = b^2d", "cdk = b^3", "dek = b^2", "dfk = adk", "dgk = ab^3", "egk = ab^3d", "h^2k = b^2dh^2", "bik = abek", "dik = ab^2", "hik = aehk", "gjk = bek", "bk^2 = b^3", "c^2k^2 = k^2", "dk^2 = b^2d", "ek^2 = b^2", "fk^2 = ak^2", "hk^2 = b^2h", "jk^2 = ab^2", "ik^3 = c^2ik", "k^4 = k^2", "b^2l = ab^2d", "cl = acd", "bd^2l = bl", "dgl = cd^2", "egl = b^3d", "d^2ehl = ehl", "h^2l = ab^2dh^2", "bil = abel", "hil = aehl", "jl = ael", "bkl = abdk", "dkl = ad^2k", "ehkl = ab^2h", "ikl = aekl", "k^2l = ab^2d", "d^2l^2 = l^2", "el^2 = dk", "fl^2 = al^2", "gl^2 = acd^2", "kl^2 = d^2k", "l^3 = adl^2"],
        heaps: "1 a a b 1 ab a a 1 c^2g ab c b d 1 ad ac^2g b ac ab e f ae g h c i j c^2 k l",
        history: &[2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 144, 144, 176, 176, 176, 360, 520],
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

/// The quotient of `expected`'s game and bound, against it letter for letter.
fn assert_reproduces(expected: &Expected) -> MisereQuotient {
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
    q
}

#[test]
fn every_quotient_misere_solver_computes_is_reproduced_letter_for_letter() {
    for expected in MISERE_SOLVER {
        assert_reproduces(expected);
    }
    assert!(MISERE_SOLVER.len() >= 10);
}

/// Constructed without any search of sums (the construction found a
/// candidate at every bound).
#[test]
fn larger_quotients_misere_solver_computes_are_reproduced_without_search() {
    for expected in MISERE_SOLVER_LARGER {
        let q = assert_reproduces(expected);
        assert_eq!(q.searched, Vec::<u64>::new(), "{}", expected.code);
    }
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
