//! The explorer's conjectures: patterns read off values that the rules
//! computed, each stated with its parameters and how far it was checked.
//!
//! - heap games: an eventual period, with saltus ([`heap_period`]), or a
//!   period certified by a theorem ([`certified_period`]);
//! - two-pile games, from the P-positions of a rectangle ([`pile_conjectures`]):
//!   one P-position per row, the P-pairs `(a_i, b_i)`, whether `b_i - a_i` is
//!   linear in `i`, whether the `a_i` and `b_i` partition the positive integers,
//!   and the slope: `a_i = floor(i*alpha)` with `alpha` an exact quadratic
//!   irrational read from a continued fraction ([`super::cfrac`]), then checked
//!   on every pair;
//! - Grundy tables: the additive period of each of the first rows ([`row_periods`]).

use dashu_int::{IBig, UBig};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::cfrac::{periodic_readings, quadratic, shared_terms, slope_interval, Fraction};
use super::periodicity::{apparent_arithmetic_period, ArithmeticPeriod, APPARENT_PERIODS};
use crate::arith::QuadraticIrrational;
use crate::solve::lines::PSieve;

/// How many periodic readings of a continued fraction are tried.
const READINGS_TRIED: usize = 6;

/// How many P-pairs a conjecture lists (all are checked).
const PAIRS_SHOWN: usize = 12;

/// A parameter of a conjecture, as JSON: a number, a flag, text or a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Param {
    /// A natural number.
    Int(u64),
    /// A signed integer.
    Signed(i64),
    /// Yes or no.
    Flag(bool),
    /// Text, such as an irrational `(P+Q*sqrt(D))/S`.
    Text(String),
    /// A list of naturals.
    Ints(Vec<u64>),
    /// A list of pairs.
    Pairs(Vec<[u64; 2]>),
}

/// One conjecture: what kind, what it says, its parameters, and the largest
/// index or size up to which it was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conjecture {
    /// A short name: `period`, `one_p_per_row`, `beatty`, ...
    pub kind: &'static str,
    /// What it says, for people.
    pub statement: String,
    /// Its parameters by name.
    pub params: Vec<(&'static str, Param)>,
    /// How far it was checked (its meaning is in the statement).
    pub verified_up_to: u64,
}

impl Conjecture {
    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, p)| p)
    }
}

impl Serialize for Conjecture {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.params.len() + 3))?;
        map.serialize_entry("kind", self.kind)?;
        map.serialize_entry("statement", &self.statement)?;
        for (name, value) in &self.params {
            map.serialize_entry(name, value)?;
        }
        map.serialize_entry("verified_up_to", &self.verified_up_to)?;
        map.end()
    }
}

/// The answer of `conjecture`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConjectureReport {
    /// The canonical spec of the game.
    pub game: String,
    /// What was found, and what was not.
    pub conjectures: Vec<Conjecture>,
}

fn period_params(a: &ArithmeticPeriod, certified: bool) -> Vec<(&'static str, Param)> {
    vec![
        ("preperiod", Param::Int(a.preperiod)),
        ("period", Param::Int(a.period)),
        ("saltus", Param::Int(a.saltus)),
        ("certified", Param::Flag(certified)),
    ]
}

fn relation(name: &str, a: &ArithmeticPeriod) -> String {
    let shift = if a.saltus == 0 {
        String::new()
    } else {
        format!(" + {}", a.saltus)
    };
    format!(
        "{name}(n + {}) = {name}(n){shift} for all n >= {}",
        a.period, a.preperiod
    )
}

/// The kind of a period conjecture: `period`, or `arithmetic_period` with a saltus.
fn period_kind(a: &ArithmeticPeriod) -> &'static str {
    if a.saltus == 0 {
        "period"
    } else {
        "arithmetic_period"
    }
}

/// The eventual (arithmetic) period that a heap game's values `G(0..N)` show,
/// by the one rule of [`apparent_arithmetic_period`]: stated as apparent and
/// not certified, since no theorem was applied.
pub fn heap_period(values: &[u64]) -> Conjecture {
    let len = values.len() as u64;
    match apparent_arithmetic_period(values) {
        Some(a) => Conjecture {
            kind: period_kind(&a),
            statement: format!(
                "{} (apparent, not certified: seen on G(0..{len}), over at least {APPARENT_PERIODS} \
                 whole periods and half of the values)",
                relation("G", &a)
            ),
            params: period_params(&a, false),
            verified_up_to: len,
        },
        None => Conjecture {
            kind: "no_period",
            statement: format!(
                "no period with a constant saltus is seen over {APPARENT_PERIODS} whole periods \
                 and half of G(0..{len})"
            ),
            params: Vec::new(),
            verified_up_to: len,
        },
    }
}

/// A heap game's period with saltus, proved by `how` (a closed form, a
/// repeated window, a theorem) from `checked_to` values (0 for a closed form):
/// the claim `period` makes, so that both verbs agree.
pub fn certified_heap_period(a: &ArithmeticPeriod, checked_to: u64, how: &str) -> Conjecture {
    let from = if checked_to == 0 {
        String::new()
    } else {
        format!(" from G(0..{checked_to})")
    };
    Conjecture {
        kind: period_kind(a),
        statement: format!("{}: certified by {how}{from}", relation("G", a)),
        params: period_params(a, true),
        verified_up_to: checked_to,
    }
}

/// A period proved by a theorem (`how` names it), from `checked_to` values.
pub fn certified_period(preperiod: u64, period: u64, checked_to: u64, how: &str) -> Conjecture {
    let a = ArithmeticPeriod {
        preperiod,
        period,
        saltus: 0,
    };
    certified_heap_period(&a, checked_to, how)
}

/// The additive period of each row given, `G(x, y + p) = G(x, y) + s`.
pub fn row_periods(rows: &[Vec<u64>]) -> Vec<Conjecture> {
    rows.iter()
        .enumerate()
        .map(|(x, row)| {
            let len = row.len() as u64;
            let found = apparent_arithmetic_period(row);
            let statement = match &found {
                Some(a) => format!(
                    "row x = {x}: G({x}, y + {}) = G({x}, y) + {} for all y >= {} (seen for y < {len})",
                    a.period, a.saltus, a.preperiod
                ),
                None => format!("row x = {x}: no additive period repeats twice for y < {len}"),
            };
            let mut params = vec![("row", Param::Int(x as u64))];
            if let Some(a) = &found {
                params.extend(period_params(a, false).into_iter().take(3));
            }
            Conjecture { kind: "row_period", statement, params, verified_up_to: len }
        })
        .collect()
}

/// The P-positions `(x, y)` with `x <= y`, ordered by `x` then `y`.
pub fn upper_pairs(sieve: &PSieve) -> Vec<(u64, u64)> {
    sieve
        .p_of_row
        .iter()
        .enumerate()
        .flat_map(|(x, ys)| {
            ys.iter()
                .filter(move |&&y| y >= x)
                .map(move |&y| (x as u64, y as u64))
        })
        .collect()
}

/// Everything read off the P-positions of a rectangle.
pub fn pile_conjectures(sieve: &PSieve) -> Vec<Conjecture> {
    let pairs = upper_pairs(sieve);
    let partition = partition_failure(&pairs, sieve.rows as u64);
    let mut found = vec![rows_conjecture(sieve), pairs_conjecture(&pairs, sieve)];
    found.extend(linear_difference(&pairs));
    found.push(partition_conjecture(partition, sieve.rows as u64));
    found.push(slope_conjecture(&pairs, partition.is_none()));
    found
}

fn rows_conjecture(sieve: &PSieve) -> Conjecture {
    let count = |pred: fn(usize) -> bool| -> Vec<u64> {
        (0..sieve.rows)
            .filter(|&x| pred(sieve.p_of_row[x].len()))
            .map(|x| x as u64)
            .collect()
    };
    let empty = count(|n| n == 0);
    let crowded = count(|n| n > 1);
    let (rows, width) = (sieve.rows, sieve.width);
    let statement = if empty.is_empty() && crowded.is_empty() {
        format!("every row x < {rows} holds exactly one P-position (x, y), and it has y < {width}")
    } else {
        format!(
            "not every row holds one P-position: for x < {rows}, {} rows hold none with y < {width} \
             (the first: {:?}) and {} hold more than one (the first: {:?})",
            empty.len(),
            &empty[..empty.len().min(10)],
            crowded.len(),
            &crowded[..crowded.len().min(10)]
        )
    };
    Conjecture {
        kind: "one_p_per_row",
        statement,
        params: vec![
            ("holds", Param::Flag(empty.is_empty() && crowded.is_empty())),
            ("width", Param::Int(width as u64)),
            ("rows_without_p", Param::Ints(empty)),
            ("rows_with_several_p", Param::Ints(crowded)),
        ],
        verified_up_to: rows as u64,
    }
}

fn pairs_conjecture(pairs: &[(u64, u64)], sieve: &PSieve) -> Conjecture {
    let shown: Vec<[u64; 2]> = pairs
        .iter()
        .take(PAIRS_SHOWN)
        .map(|&(a, b)| [a, b])
        .collect();
    Conjecture {
        kind: "p_pairs",
        statement: format!(
            "the P-positions (a_i, b_i), a_i <= b_i, with a_i < {} and b_i < {}: {} pairs, beginning {}",
            sieve.rows,
            sieve.width,
            pairs.len(),
            shown.iter().map(|[a, b]| format!("({a}, {b})")).collect::<Vec<_>>().join(" ")
        ),
        params: vec![("count", Param::Int(pairs.len() as u64)), ("first", Param::Pairs(shown))],
        verified_up_to: sieve.rows as u64,
    }
}

/// `b_i - a_i = c*i` with `c = b_1 - a_1`, or where it fails.
fn linear_difference(pairs: &[(u64, u64)]) -> Option<Conjecture> {
    let c = pairs.get(1).map(|&(a, b)| b - a)?;
    let failure = pairs
        .iter()
        .enumerate()
        .find(|&(i, &(a, b))| b - a != c * i as u64);
    let n = pairs.len() as u64;
    Some(match failure {
        None => Conjecture {
            kind: "linear_difference",
            statement: format!("b_i - a_i = {c}*i for every i < {n}"),
            params: vec![("holds", Param::Flag(true)), ("c", Param::Int(c))],
            verified_up_to: n,
        },
        Some((i, &(a, b))) => Conjecture {
            kind: "linear_difference",
            statement: format!(
                "b_i - a_i is not c*i: b_1 - a_1 = {c}, but b_{i} - a_{i} = {} (pair ({a}, {b}))",
                b - a
            ),
            params: vec![
                ("holds", Param::Flag(false)),
                ("first_failure", Param::Int(i as u64)),
            ],
            verified_up_to: i as u64,
        },
    })
}

/// The first `m` in `1..limit` that is not exactly one of the `a_i`, `b_i`
/// (`i >= 1`), if any.
fn partition_failure(pairs: &[(u64, u64)], limit: u64) -> Option<u64> {
    let mut seen = vec![0u32; limit as usize];
    for &(a, b) in pairs.iter().skip(1) {
        for v in [a, b] {
            if v < limit {
                seen[v as usize] += 1;
            }
        }
    }
    (1..limit).find(|&m| seen[m as usize] != 1)
}

fn partition_conjecture(failure: Option<u64>, limit: u64) -> Conjecture {
    let statement = match failure {
        None => format!(
            "the a_i and b_i (i >= 1) together hold every positive integer below {limit} exactly once: \
             a_i = mex{{a_j, b_j : j < i}}, complementary sequences"
        ),
        Some(m) => format!("the a_i and b_i are not complementary: {m} is not exactly one of them"),
    };
    Conjecture {
        kind: "complementary",
        statement,
        params: vec![("holds", Param::Flag(failure.is_none()))],
        verified_up_to: failure.unwrap_or(limit),
    }
}

fn fraction_text((n, d): Fraction) -> String {
    format!("{n}/{d}")
}

fn small_terms(terms: &[u128]) -> Vec<u64> {
    terms
        .iter()
        .map(|&t| u64::try_from(t).unwrap_or(u64::MAX))
        .collect()
}

/// Whether `a_i = floor(i*alpha)` for every pair, and `b_i = floor(i*beta)`
/// too when `beta` is given.
fn floors_hold(
    pairs: &[(u64, u64)],
    alpha: &QuadraticIrrational,
    beta: Option<&QuadraticIrrational>,
) -> bool {
    pairs.iter().enumerate().all(|(i, &(a, b))| {
        let i = UBig::from(i);
        alpha.floor_mul(&i) == UBig::from(a)
            && beta.map_or(true, |beta| beta.floor_mul(&i) == UBig::from(b))
    })
}

fn natural(v: &UBig) -> Param {
    u64::try_from(v).map_or_else(|_| Param::Text(v.to_string()), Param::Int)
}

fn signed(v: &IBig) -> Param {
    i64::try_from(v).map_or_else(|_| Param::Text(v.to_string()), Param::Signed)
}

/// The slope of the `a_i`: an exact quadratic irrational checked on every
/// pair, a rational one, or an honest account of what was not found.
fn slope_conjecture(pairs: &[(u64, u64)], complementary: bool) -> Conjecture {
    let n = pairs.len() as u64;
    let points: Vec<(u64, u64)> = pairs
        .iter()
        .enumerate()
        .map(|(i, &(a, _))| (i as u64, a))
        .collect();
    let Some((lower, upper)) = slope_interval(&points) else {
        return Conjecture {
            kind: "slope",
            statement: "too few P-pairs to estimate a slope".into(),
            params: vec![("found", Param::Flag(false))],
            verified_up_to: n,
        };
    };
    if lower.0 * upper.1 >= upper.0 * lower.1 {
        return Conjecture {
            kind: "slope",
            statement: format!(
                "not found: no alpha has a_i = floor(i*alpha) for every i < {n}: max a_i/i = {} \
                 is not below min (a_i + 1)/i = {}",
                fraction_text(lower),
                fraction_text(upper)
            ),
            params: vec![("found", Param::Flag(false))],
            verified_up_to: n,
        };
    }
    let terms = shared_terms(lower, upper);
    let interval = Param::Text(format!(
        "[{}, {})",
        fraction_text(lower),
        fraction_text(upper)
    ));
    let mut params = vec![
        ("slope_interval", interval),
        ("continued_fraction_seen", Param::Ints(small_terms(&terms))),
    ];
    for reading in periodic_readings(&terms).into_iter().take(READINGS_TRIED) {
        let Some(alpha) = quadratic(&reading) else {
            continue;
        };
        let beta = complementary.then(|| alpha.complement().ok()).flatten();
        if !floors_hold(pairs, &alpha, beta.as_ref()) {
            continue;
        }
        params.extend([
            ("alpha", Param::Text(alpha.to_string())),
            ("p", signed(alpha.p())),
            ("q", signed(alpha.q())),
            ("d", natural(alpha.d())),
            ("s", natural(alpha.s())),
            ("cf_preperiod", Param::Ints(small_terms(&reading.preperiod))),
            ("cf_period", Param::Ints(small_terms(&reading.period))),
        ]);
        let pre: Vec<String> = small_terms(&reading.preperiod)
            .iter()
            .map(u64::to_string)
            .collect();
        let per: Vec<String> = small_terms(&reading.period)
            .iter()
            .map(u64::to_string)
            .collect();
        let mut statement = format!(
            "a_i = floor(i*alpha) with alpha = {alpha} = [{}; ({})*] (continued fraction), for every i < {n}",
            pre.join(", "),
            per.join(", ")
        );
        if let Some(beta) = &beta {
            statement.push_str(&format!(
                "; b_i = floor(i*beta), beta = alpha/(alpha - 1) = {beta}: complementary Beatty sequences"
            ));
            params.push(("beta", Param::Text(beta.to_string())));
        }
        params.push(("found", Param::Flag(true)));
        return Conjecture {
            kind: "beatty",
            statement,
            params,
            verified_up_to: n,
        };
    }
    if let Some(c) = rational_slope(pairs, lower) {
        params.push(("found", Param::Flag(true)));
        params.push(("slope", Param::Text(fraction_text(c))));
        return Conjecture {
            kind: "rational_slope",
            statement: format!("a_i = floor(i*{}) for every i < {n}", fraction_text(c)),
            params,
            verified_up_to: n,
        };
    }
    params.push(("found", Param::Flag(false)));
    Conjecture {
        kind: "slope",
        statement: format!(
            "not found: a_i/i lies in [{}, {}) and its continued fraction begins {:?}, but no eventually \
             periodic reading of these terms gives an alpha with a_i = floor(i*alpha) for all {n} pairs \
             (the a_i may not be a Beatty sequence at all)",
            fraction_text(lower),
            fraction_text(upper),
            small_terms(&terms)
        ),
        params,
        verified_up_to: n,
    }
}

/// The rational lower end of the slope interval, if `a_i = floor(i*r)` for all pairs.
fn rational_slope(pairs: &[(u64, u64)], (num, den): Fraction) -> Option<Fraction> {
    pairs
        .iter()
        .enumerate()
        .all(|(i, &(a, _))| (i as u128 * num) / den == a as u128)
        .then_some((num, den))
}
