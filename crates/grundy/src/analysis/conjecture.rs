//! The explorer's conjectures: patterns read off values that the rules
//! computed, each stated with its parameters and how far it was checked.
//!
//! - heap games: an eventual period, with saltus ([`heap_period`]), or a
//!   period certified by a theorem ([`certified_period`]);
//! - two-pile games, from what is known of the P-positions of each row
//!   ([`pile_conjectures`]): one P-position per row (a row known only below a
//!   bound is "unsettled", never "empty"), and, on the leading settled rows
//!   only (where no P-pair can be missing), the P-pairs `(a_i, b_i)`, whether
//!   `b_i - a_i` is linear in `i`, whether the `a_i` and `b_i` partition the
//!   positive integers (and `a_i` is their mex), and the slope
//!   `a_i = floor(i*alpha)`: fitted on the first quarter of the pairs, an
//!   exact quadratic irrational (continued fraction readings, [`super::cfrac`],
//!   or the root that complementary Beatty sequences with `b_i - a_i = c*i`
//!   force) tried before a rational of small denominator, and stated only when
//!   it holds on all the pairs;
//! - Grundy tables: the additive period of each of the first rows
//!   ([`row_periods`]), read from the first quarter of a row and stated only
//!   when it holds on all of it.

use dashu_int::{IBig, UBig};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::cfrac::{
    periodic_readings, quadratic, shared_terms, slope_interval, Fraction, PeriodicFraction,
};
use super::periodicity::{apparent_arithmetic_period, ArithmeticPeriod, APPARENT_PERIODS};
use crate::arith::QuadraticIrrational;
use crate::solve::lines::{PRows, RowP};
use crate::stop;

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
        format!(" from the first {checked_to} values")
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

/// How many times longer than the stretch a pattern was read from it must be
/// checked before it is stated: row periods are read from the first quarter
/// of a row and checked on all of it, slopes fitted on the first quarter of
/// the pairs and checked on all of them.
pub const FIT_FRACTION: usize = 4;

/// A row's additive period `G(x, y + period) = G(x, y) + period` for every
/// `y >= preperiod`, proved by a repeated state of the row: its state at
/// `repeat.0` is its state at `repeat.1` (the rows of two-pile games, see
/// `games::rows`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowCertificate {
    /// The least preperiod.
    pub preperiod: u64,
    /// The least period, which is the saltus too.
    pub period: u64,
    /// The two columns whose states are equal.
    pub repeat: (u64, u64),
}

/// The additive period of each row given, `G(x, y + p) = G(x, y) + s`: read
/// from the first quarter of the row and stated only if it holds on all of
/// it; or, for the rows `x < certified.len()`, the certified period, which
/// holds for every `y`, stated as such once the row agrees with it.
pub fn row_periods(rows: &[Vec<u64>], certified: &[RowCertificate]) -> Vec<Conjecture> {
    rows.iter()
        .enumerate()
        .map(|(x, row)| {
            let len = row.len() as u64;
            let fitted = row.len() / FIT_FRACTION;
            let holds = |a: &ArithmeticPeriod| {
                (a.preperiod as usize..row.len().saturating_sub(a.period as usize))
                    .all(|y| row[y + a.period as usize] == row[y] + a.saltus)
            };
            let proved = certified
                .get(x)
                .map(|c| {
                    let a = ArithmeticPeriod {
                        preperiod: c.preperiod,
                        period: c.period,
                        saltus: c.period,
                    };
                    (a, c.repeat)
                })
                .filter(|(a, _)| holds(a));
            let seen = apparent_arithmetic_period(&row[..fitted]);
            let found = seen.filter(holds);
            let statement = match (&proved, &found, &seen) {
                (Some((a, (from, to))), _, _) => format!(
                    "row x = {x}: G({x}, y + {}) = G({x}, y) + {} for all y >= {}: certified (the \
                     row's state at y = {from} recurs at y = {to}, so it repeats for ever; Dress, \
                     Flammenkamp and Pink 1999), {}",
                    a.period,
                    a.saltus,
                    a.preperiod,
                    match a.preperiod + a.period < len {
                        true => format!("and seen on every y < {len}"),
                        false => format!("a period longer than the y < {len} computed here"),
                    }
                ),
                (None, Some(a), _) => format!(
                    "row x = {x}: G({x}, y + {}) = G({x}, y) + {} for all y >= {}: read from y < {fitted}, \
                     holds for every y < {len} (not proved beyond)",
                    a.period, a.saltus, a.preperiod
                ),
                (None, None, Some(a)) => format!(
                    "row x = {x}: the period {} (saltus {}) that y < {fitted} suggests fails below {len}; \
                     no period is stated",
                    a.period, a.saltus
                ),
                (None, None, None) => {
                    format!("row x = {x}: no additive period shows three times for y < {fitted}")
                }
            };
            let stated = proved.as_ref().map(|(a, _)| a).or(found.as_ref());
            let mut params = vec![
                ("row", Param::Int(x as u64)),
                ("found", Param::Flag(stated.is_some())),
            ];
            if let Some(a) = stated {
                params.extend(period_params(a, proved.is_some()));
            }
            Conjecture { kind: "row_period", statement, params, verified_up_to: len }
        })
        .collect()
}

/// The fewest P-pairs from which a sequence pattern is read.
const MIN_PAIRS: usize = 8;

/// The P-positions `(a, b)`, `a <= b`, ordered by `a` then `b`, of the leading
/// settled rows, and the bound `A` of those rows: every P-pair with `a < A` is
/// listed, and no other (a row whose P-position does not fit a `u64` ends the list).
pub fn certain_pairs(rows: &PRows) -> (Vec<(u64, u64)>, u64) {
    let mut pairs = Vec::new();
    for (x, row) in rows.rows.iter().enumerate() {
        let RowP::Exactly(ys) = row else {
            return (pairs, x as u64);
        };
        let upper: Option<Vec<u64>> = ys
            .iter()
            .filter(|&&y| y >= x as u128)
            .map(|&y| u64::try_from(y).ok())
            .collect();
        let Some(upper) = upper else {
            return (pairs, x as u64);
        };
        pairs.extend(upper.into_iter().map(|y| (x as u64, y)));
    }
    (pairs, rows.rows.len() as u64)
}

/// Everything read off the P-positions of the rows searched. Statements about
/// the sequence of P-pairs use only the leading settled rows, where no pair can
/// be missing; a row known only below a bound is called unsettled, never empty.
pub fn pile_conjectures(rows: &PRows) -> Vec<Conjecture> {
    let (pairs, limit) = certain_pairs(rows);
    let mut found = vec![rows_conjecture(rows), pairs_conjecture(&pairs, limit, rows)];
    if pairs.len() < MIN_PAIRS {
        return found;
    }
    let difference = linear_difference(&pairs);
    let c = difference
        .as_ref()
        .filter(|d| d.param("holds") == Some(&Param::Flag(true)))
        .and_then(|d| match d.param("c") {
            Some(Param::Int(c)) => Some(*c),
            _ => None,
        });
    let partition = partition_failure(&pairs, limit);
    found.extend(difference);
    found.push(partition_conjecture(&pairs, partition, limit));
    found.push(slope_conjecture(&pairs, partition.is_none(), c));
    found
}

fn first_ten(rows: &[u64]) -> String {
    format!("{:?}", &rows[..rows.len().min(10)])
}

fn rows_conjecture(p: &PRows) -> Conjecture {
    let (mut empty, mut several, mut unsettled) = (Vec::new(), Vec::new(), Vec::new());
    let mut bound: Option<u128> = None;
    for (x, row) in p.rows.iter().enumerate() {
        let x = x as u64;
        match row {
            RowP::Exactly(ys) if ys.is_empty() => empty.push(x),
            RowP::Exactly(ys) if ys.len() > 1 => several.push(x),
            RowP::Exactly(_) => {}
            RowP::Below { found, .. } if found.len() > 1 => several.push(x),
            RowP::Below { below, .. } => {
                unsettled.push(x);
                bound = Some(bound.map_or(*below, |b| b.min(*below)));
            }
        }
    }
    let n = p.rows.len();
    let holds = if !empty.is_empty() || !several.is_empty() {
        Some(false)
    } else {
        unsettled.is_empty().then_some(true)
    };
    let open = match bound {
        Some(b) => format!(
            "{} rows are unsettled: they hold no P-position, or only one, with y < {b}, and nothing is \
             known beyond (the first: {})",
            unsettled.len(),
            first_ten(&unsettled)
        ),
        None => String::new(),
    };
    let statement = match holds {
        Some(true) => format!(
            "every row x < {n} holds exactly one P-position (x, y): each was found, and no row holds a \
             second since a move takes any amount from the second pile"
        ),
        Some(false) => {
            let mut s = format!(
                "not every row holds one P-position: for x < {n}, {} rows are proved to hold none (the \
                 first: {}) and {} hold more than one (the first: {})",
                empty.len(),
                first_ten(&empty),
                several.len(),
                first_ten(&several)
            );
            if bound.is_some() {
                s.push_str("; ");
                s.push_str(&open);
            }
            s
        }
        None => format!("unknown: every settled row x < {n} holds exactly one P-position, but {open}"),
    };
    let mut params = Vec::new();
    if let Some(h) = holds {
        params.push(("holds", Param::Flag(h)));
    }
    params.extend([
        ("rows_without_p", Param::Ints(empty)),
        ("rows_with_several_p", Param::Ints(several)),
        ("rows_unsettled", Param::Ints(unsettled)),
    ]);
    if let Some(b) = bound {
        params.push(("unsettled_below", big_natural(b)));
    }
    Conjecture {
        kind: "one_p_per_row",
        statement,
        params,
        verified_up_to: n as u64,
    }
}

fn big_natural(v: u128) -> Param {
    u64::try_from(v).map_or_else(|_| Param::Text(v.to_string()), Param::Int)
}

fn pairs_text(pairs: &[[u64; 2]]) -> String {
    pairs
        .iter()
        .map(|[a, b]| format!("({a}, {b})"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn pairs_conjecture(pairs: &[(u64, u64)], limit: u64, rows: &PRows) -> Conjecture {
    let shown: Vec<[u64; 2]> = pairs
        .iter()
        .take(PAIRS_SHOWN)
        .map(|&(a, b)| [a, b])
        .collect();
    let mut statement = if limit == 0 {
        "no row is settled, so no P-pair is certain".to_string()
    } else {
        format!(
            "the P-positions (a_i, b_i), a_i <= b_i, with a_i < {limit} (every row below {limit} is \
             settled, so none is missing): {} pairs, beginning {}",
            pairs.len(),
            pairs_text(&shown)
        )
    };
    let mut params = vec![
        ("count", Param::Int(pairs.len() as u64)),
        ("first", Param::Pairs(shown)),
        ("settled_below", Param::Int(limit)),
    ];
    match rows.rows.get(limit as usize) {
        Some(RowP::Exactly(ys)) => {
            let y = ys.iter().max().copied().unwrap_or_default();
            statement.push_str(&format!(
                "; the list stops at row {limit}, whose P-position ({limit}, {y}) is beyond 2^64"
            ));
        }
        Some(RowP::Below { .. }) => {
            let beyond: Vec<[u64; 2]> = rows.rows[limit as usize..]
                .iter()
                .enumerate()
                .flat_map(|(i, row)| {
                    let x = limit + i as u64;
                    row.found().iter().filter_map(move |&y| {
                        u64::try_from(y).ok().filter(|&y| y >= x).map(|y| [x, y])
                    })
                })
                .take(PAIRS_SHOWN)
                .collect();
            statement.push_str(&format!(
                "; from row {limit} on, rows are not all settled: P-positions found there within the \
                 search bounds (others may lie beyond): {}",
                if beyond.is_empty() { "none".to_string() } else { pairs_text(&beyond) }
            ));
            params.push(("found_in_unsettled_rows", Param::Pairs(beyond)));
        }
        None => {}
    }
    Conjecture {
        kind: "p_pairs",
        statement,
        params,
        verified_up_to: limit,
    }
}

/// `b_i - a_i = c*i` with `c = b_1 - a_1`, or where it fails.
fn linear_difference(pairs: &[(u64, u64)]) -> Option<Conjecture> {
    let c = pairs.get(1).map(|&(a, b)| b - a)?;
    let failure = pairs
        .iter()
        .enumerate()
        .find(|&(i, &(a, b))| Some(b - a) != c.checked_mul(i as u64));
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

/// The first `m < limit` that breaks "the `a_i`, `b_i` (`i >= 1`) hold every
/// positive integer below `limit` exactly once, and never 0", if any.
fn partition_failure(pairs: &[(u64, u64)], limit: u64) -> Option<u64> {
    let mut seen = vec![0u32; limit as usize];
    for &(a, b) in pairs.iter().skip(1) {
        for v in [a, b] {
            if v < limit {
                seen[v as usize] += 1;
            }
        }
    }
    (0..limit).find(|&m| seen[m as usize] != u32::from(m != 0))
}

/// Whether `a_i = mex{a_j, b_j : j < i}` for every pair given.
fn mex_rule_holds(pairs: &[(u64, u64)]) -> bool {
    let mut used = std::collections::HashSet::new();
    let mut mex = 0u64;
    pairs.iter().all(|&(a, b)| {
        while used.contains(&mex) {
            mex += 1;
        }
        let ok = a == mex;
        used.insert(a);
        used.insert(b);
        ok
    })
}

fn partition_conjecture(pairs: &[(u64, u64)], failure: Option<u64>, limit: u64) -> Conjecture {
    let mex = mex_rule_holds(pairs);
    let statement = match failure {
        None => {
            let mut s = format!(
                "the a_i and b_i (i >= 1) together hold every positive integer below {limit} exactly \
                 once: complementary sequences"
            );
            if mex {
                s.push_str(&format!(
                    ", and a_i = mex{{a_j, b_j : j < i}} for every i < {}",
                    pairs.len()
                ));
            }
            s
        }
        Some(0) => "the a_i and b_i are not complementary: 0 is one of them for some i >= 1".into(),
        Some(m) => format!("the a_i and b_i are not complementary: {m} is not exactly one of them"),
    };
    Conjecture {
        kind: "complementary",
        statement,
        params: vec![
            ("holds", Param::Flag(failure.is_none())),
            ("mex_rule", Param::Flag(mex)),
        ],
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

/// Whether `floor(i*alpha)` is the `i`-th value of `values` for every `i`.
fn floors_hold(values: impl Iterator<Item = u64>, alpha: &QuadraticIrrational) -> bool {
    values
        .enumerate()
        .all(|(i, v)| alpha.floor_mul(&UBig::from(i)) == UBig::from(v))
}

fn natural(v: &UBig) -> Param {
    u64::try_from(v).map_or_else(|_| Param::Text(v.to_string()), Param::Int)
}

fn signed(v: &IBig) -> Param {
    i64::try_from(v).map_or_else(|_| Param::Text(v.to_string()), Param::Signed)
}

/// The quadratic irrationals worth trying for a slope whose continued fraction
/// begins with `terms`, most plausible first: the periodic readings (a period
/// seen twice), the readings that repeat the last one to three terms (a period
/// seen once), and, when `b_i - a_i = c*i` and the pairs are complementary, the
/// one `alpha` for which `floor(i*alpha)` and `floor(i*(alpha + c))` are
/// complementary Beatty sequences: `1/alpha + 1/(alpha + c) = 1`, so
/// `alpha = (2 - c + sqrt(c^2 + 4))/2`.
fn slope_candidates(
    terms: &[u128],
    c: Option<u64>,
) -> Vec<(QuadraticIrrational, PeriodicFraction)> {
    let mut readings: Vec<PeriodicFraction> = periodic_readings(terms)
        .into_iter()
        .take(READINGS_TRIED)
        .collect();
    readings.extend(
        (1..=3.min(terms.len().saturating_sub(1))).map(|p| PeriodicFraction {
            preperiod: terms[..terms.len() - p].to_vec(),
            period: terms[terms.len() - p..].to_vec(),
        }),
    );
    let mut candidates: Vec<(QuadraticIrrational, PeriodicFraction)> = readings
        .into_iter()
        .filter_map(|r| Some((quadratic(&r)?, r)))
        .collect();
    if let Some(c) = c.filter(|&c| c >= 1) {
        let c = IBig::from(c);
        let d = UBig::try_from(&c * &c + IBig::from(4u8)).expect("positive");
        if let Ok(alpha) =
            QuadraticIrrational::new(IBig::from(2u8) - c, IBig::ONE, d, IBig::from(2u8))
        {
            let reading = PeriodicFraction {
                preperiod: Vec::new(),
                period: Vec::new(),
            };
            candidates.push((alpha, reading));
        }
    }
    let mut seen = Vec::new();
    candidates.retain(|(a, _)| {
        let new = !seen.contains(a);
        seen.push(a.clone());
        new
    });
    candidates
}

/// The slope of the `a_i`: fitted on the first `n / FIT_FRACTION` pairs and
/// stated only when it holds on all `n`: an exact quadratic irrational, else a
/// rational whose denominator is at most half the pairs fitted, else an honest
/// account of what was not found.
fn slope_conjecture(pairs: &[(u64, u64)], complementary: bool, c: Option<u64>) -> Conjecture {
    let n = pairs.len() as u64;
    let fit = pairs.len() / FIT_FRACTION;
    let points: Vec<(u64, u64)> = pairs
        .iter()
        .take(fit)
        .enumerate()
        .map(|(i, &(a, _))| (i as u64, a))
        .collect();
    let not_found = |statement: String, params| Conjecture {
        kind: "slope",
        statement,
        params,
        verified_up_to: n,
    };
    let Some((lower, upper)) = slope_interval(&points) else {
        return not_found(
            "too few P-pairs to fit a slope".into(),
            vec![("found", Param::Flag(false))],
        );
    };
    if lower.0 * upper.1 >= upper.0 * lower.1 {
        return not_found(
            format!(
                "not found: no alpha has a_i = floor(i*alpha) for every i < {fit}: max a_i/i = {} is not \
                 below min (a_i + 1)/i = {}",
                fraction_text(lower),
                fraction_text(upper)
            ),
            vec![("found", Param::Flag(false))],
        );
    }
    let terms = shared_terms(lower, upper);
    let mut params = fit_params((lower, upper), &terms, fit);
    let how = format!("read from the first {fit} pairs, checked on all {n}");
    for (alpha, reading) in slope_candidates(&terms, c) {
        stop::poll();
        if !floors_hold(pairs.iter().map(|p| p.0), &alpha) {
            continue;
        }
        let beta = complementary
            .then(|| alpha.complement().ok())
            .flatten()
            .filter(|beta| floors_hold(pairs.iter().map(|p| p.1), beta));
        let found = Found {
            alpha: &alpha,
            reading: &reading,
            beta: beta.as_ref(),
            c,
            n,
        };
        return beatty_found(found, &how, params);
    }
    if let Some(r) = rational_slope(pairs, lower, fit) {
        params.push(("found", Param::Flag(true)));
        params.push(("slope", Param::Text(fraction_text(r))));
        return Conjecture {
            kind: "rational_slope",
            statement: format!(
                "a_i = floor(i*{}) for every i < {n} ({how})",
                fraction_text(r)
            ),
            params,
            verified_up_to: n,
        };
    }
    params.push(("found", Param::Flag(false)));
    not_found(
        format!(
            "not found: on the first {fit} pairs a_i/i lies in [{}, {}) and its continued fraction begins \
             {:?}, but no quadratic irrational tried (nor a rational of denominator at most {}) gives \
             a_i = floor(i*alpha) for all {n} pairs (the a_i may not be a Beatty sequence at all)",
            fraction_text(lower),
            fraction_text(upper),
            small_terms(&terms),
            fit / 2
        ),
        params,
    )
}

/// What a slope fit saw: the interval of slopes of the first `fit` pairs,
/// the continued fraction its ends share.
fn fit_params(
    (lower, upper): ((u128, u128), (u128, u128)),
    terms: &[u128],
    fit: usize,
) -> Vec<(&'static str, Param)> {
    vec![
        (
            "slope_interval",
            Param::Text(format!(
                "[{}, {})",
                fraction_text(lower),
                fraction_text(upper)
            )),
        ),
        ("continued_fraction_seen", Param::Ints(small_terms(terms))),
        ("fitted_on", Param::Int(fit as u64)),
    ]
}

/// A Beatty slope that holds on every pair: the slope, the continued
/// fraction it was read from, the complementary slope of the `b_i` if it
/// holds too, the constant `c` of the `b_i - a_i` difference, and how many
/// pairs were checked.
struct Found<'a> {
    alpha: &'a QuadraticIrrational,
    reading: &'a PeriodicFraction,
    beta: Option<&'a QuadraticIrrational>,
    c: Option<u64>,
    n: u64,
}

/// The conjecture `a_i = floor(i*alpha)` of a slope `found` on every pair
/// (`how` says how it was read), with the slope's parameters added to `params`.
fn beatty_found(found: Found<'_>, how: &str, mut params: Vec<(&'static str, Param)>) -> Conjecture {
    let Found {
        alpha,
        reading,
        beta,
        c,
        n,
    } = found;
    params.extend([
        ("alpha", Param::Text(alpha.to_string())),
        ("p", signed(alpha.p())),
        ("q", signed(alpha.q())),
        ("d", natural(alpha.d())),
        ("s", natural(alpha.s())),
    ]);
    let mut statement = format!("a_i = floor(i*alpha) with alpha = {alpha}");
    if reading.period.is_empty() {
        statement.push_str(&format!(
            " (the root of 1/alpha + 1/(alpha + {}) = 1)",
            c.unwrap_or_default()
        ));
    } else {
        let list = |t: &[u128]| {
            small_terms(t)
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        statement.push_str(&format!(
            " = [{}; ({})*] (continued fraction)",
            list(&reading.preperiod),
            list(&reading.period)
        ));
        params.push(("cf_preperiod", Param::Ints(small_terms(&reading.preperiod))));
        params.push(("cf_period", Param::Ints(small_terms(&reading.period))));
    }
    statement.push_str(&format!(", for every i < {n} ({how})"));
    if let Some(beta) = &beta {
        statement.push_str(&format!(
                "; b_i = floor(i*beta), beta = alpha/(alpha - 1) = {beta}: complementary Beatty sequences"
            ));
        params.push(("beta", Param::Text(beta.to_string())));
    }
    params.push(("found", Param::Flag(true)));
    Conjecture {
        kind: "beatty",
        statement,
        params,
        verified_up_to: n,
    }
}

/// The rational lower end of the fitted interval, if its denominator is at
/// most `fit / 2` (so the data spans many of its periods) and
/// `a_i = floor(i*r)` for all pairs.
fn rational_slope(pairs: &[(u64, u64)], (num, den): Fraction, fit: usize) -> Option<Fraction> {
    (den <= fit as u128 / 2
        && pairs
            .iter()
            .enumerate()
            .all(|(i, &(a, _))| (i as u128 * num) / den == a as u128))
    .then_some((num, den))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(ys: &[u128]) -> RowP {
        RowP::Exactly(ys.to_vec())
    }

    #[test]
    fn zeros_are_not_complementary_and_no_mex_rule_is_claimed() {
        // twopile:1,1+1,0 said "a_i = mex{a_j, b_j}" while every a_i is 0.
        let pairs: Vec<(u64, u64)> = (0..20).map(|b| (0, b)).collect();
        assert_eq!(partition_failure(&pairs, 20), Some(0));
        assert!(!mex_rule_holds(&pairs));
        let c = partition_conjecture(&pairs, Some(0), 20);
        assert_eq!(c.param("holds"), Some(&Param::Flag(false)));
        assert!(!c.statement.contains("mex"));
        let wythoff = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)];
        assert_eq!(partition_failure(&wythoff, 7), None);
        assert!(mex_rule_holds(&wythoff));
    }

    #[test]
    fn unsettled_rows_are_never_called_empty() {
        let rows = PRows {
            rows: vec![
                exact(&[0]),
                exact(&[2]),
                RowP::Below {
                    found: Vec::new(),
                    below: 100,
                },
                exact(&[]),
            ],
        };
        let c = rows_conjecture(&rows);
        assert_eq!(c.param("holds"), Some(&Param::Flag(false)));
        assert_eq!(c.param("rows_without_p"), Some(&Param::Ints(vec![3])));
        assert_eq!(c.param("rows_unsettled"), Some(&Param::Ints(vec![2])));
        assert_eq!(c.param("unsettled_below"), Some(&Param::Int(100)));
        assert_eq!(certain_pairs(&rows), (vec![(0, 0), (1, 2)], 2));
        let open = PRows {
            rows: vec![
                exact(&[0]),
                RowP::Below {
                    found: vec![5],
                    below: 9,
                },
            ],
        };
        let c = rows_conjecture(&open);
        assert_eq!(c.param("holds"), None);
        assert!(c.statement.starts_with("unknown"), "{c:?}");
    }

    #[test]
    fn row_periods_are_stated_only_when_they_hold_on_the_whole_row() {
        // Period 3 on the first quarter, broken later.
        let mut row: Vec<u64> = (0..400).map(|y| y % 3).collect();
        row[300] = 9;
        let c = &row_periods(&[row], &[])[0];
        assert_eq!(c.param("found"), Some(&Param::Flag(false)));
        assert!(c.statement.contains("fails below 400"), "{c:?}");
        let good: Vec<u64> = (0..400).map(|y| y % 3).collect();
        let c = &row_periods(&[good], &[])[0];
        assert_eq!(c.param("period"), Some(&Param::Int(3)));
        assert_eq!(c.param("certified"), Some(&Param::Flag(false)));
    }

    #[test]
    fn a_rational_slope_needs_many_periods() {
        // a_i = floor(i*157/145) for i < 1000: too few periods of 145 to state it
        // from 250 fitted pairs.
        let pairs: Vec<(u64, u64)> = (0..1000u64)
            .map(|i| (i * 157 / 145, i * 157 / 145 + 12 * i))
            .collect();
        assert_eq!(rational_slope(&pairs, (157, 145), 250), None);
        assert_eq!(rational_slope(&pairs, (157, 145), 290), Some((157, 145)));
    }
}
