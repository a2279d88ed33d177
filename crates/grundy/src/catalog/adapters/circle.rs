//! Coins in a circle (`circle:K`, `circle:exactly=M`): a first move opens
//! the circle into a row, an octal game, whose values the
//! [octal entry](super::octal) computes.

use crate::arith::decimal;
use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Board, Form, Position};
use crate::limits::MAX_DIGITS;
use dashu_int::UBig;

use super::octal::OctalEntry;
use crate::catalog::kit::options::PlayMove;
use crate::catalog::{Analysis, Component, Game, Monitor, Move, Summands};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::games::circle::{exactly_case, Circle, CirclePosition, ExactlyCase, Take};
use crate::games::octal::moves::HeapValues;
use crate::nimber::Nimber;

/// The registry's entry of `circle`.
pub(crate) const ENTRY: Entry = Entry {
    name: "circle",
    forms: &["circle:K", "circle:exactly=M"],
    form_note: "",
    aliases: &[],
    summary: "N coins in a circle, take 1..K (or exactly M) adjacent",
    position: "coins N",
    theory: "the symmetry theorem, tested against the rules; exactly M: the row left is the octal game `0.0...07`",
    verbs: ANALYZE_ONLY,
    example_spec: "circle:2",
    example_position: "10",
    example_stdin: "",
    build: Build::Optional(circle),
};

/// `circle:K` or `circle:exactly=M`.
pub(crate) fn circle(spec: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    let game = match params.and_then(|p| p.strip_prefix("exactly=")) {
        Some(m) => decimal::<u64>(m).and_then(Circle::exactly),
        None => params.and_then(decimal::<u64>).and_then(Circle::new),
    };
    let game = game.ok_or_else(|| {
        Error::spec(
            spec,
            "write circle:K with K >= 1 the most adjacent coins one move takes, \
             or circle:exactly=M with M >= 1 the adjacent coins every move takes",
        )
    })?;
    Ok(Box::new(CircleEntry(game)))
}

struct CircleEntry(Circle);

impl CircleEntry {
    /// The Grundy value of a circle of `n` coins: the mex over the rows
    /// left, whose values the engine gives for any size once a period is
    /// certified; else why it is not computed.
    fn grundy(&self, n: &UBig, monitor: &mut dyn Monitor) -> Result<UBig, String> {
        let options = self.options(n, monitor)?;
        Ok(UBig::from(
            crate::nimber::mex(options.into_iter().map(Nimber)).0,
        ))
    }

    /// The numbers of coins a first move may take from a circle of `n`.
    fn takes(&self, n: &UBig) -> std::ops::RangeInclusive<u64> {
        self.0.takes(u64::try_from(n).unwrap_or(u64::MAX))
    }

    /// The value of the row each first move leaves, by the number of coins
    /// taken ([`Circle::takes`], in order); or why they are not computed.
    /// Rows shorter than the fewest coins a move takes have no move and are
    /// worth 0 without the engine.
    fn options(&self, n: &UBig, monitor: &mut dyn Monitor) -> Result<Vec<u64>, String> {
        let left: Vec<UBig> = self.takes(n).map(|j| n - UBig::from(j)).collect();
        let least = UBig::from(self.0.least());
        if left.iter().all(|h| *h < least) {
            return Ok(vec![0; left.len()]);
        }
        let below = u64::try_from(n).unwrap_or(u64::MAX);
        let rows = self.0.rows_below(below).ok_or(format!(
            "its rows are octal games of more than {MAX_DIGITS} digits"
        ))?;
        let rows = OctalEntry(rows);
        let solver = rows.values_for(&left, monitor).map_err(|e| e.to_string())?;
        let values = HeapValues::new(solver.values(), solver.period()).expect("a certified period");
        Ok(left.iter().map(|h| values.value(h)).collect())
    }

    /// The move taking `j` adjacent coins from a circle of `n`.
    fn take(n: &UBig, j: UBig) -> Move {
        Move {
            description: format!("take {j} adjacent coins, leaving a row of {}", n - &j),
            changes: vec![(0, vec![n - &j])],
            target: None,
        }
    }

    /// The octal code of the rows, for messages: written out when short.
    fn row_code(&self) -> String {
        match self.0.row_game() {
            Some(code) if self.0.k() <= 8 => code.to_string(),
            _ => match self.0.take() {
                Take::UpTo(_) => "0.77...7 (K sevens)".into(),
                Take::Exactly(_) => "0.0...07 (a 7 at place M)".into(),
            },
        }
    }

    /// How a circle of `n` coins is answered, once the outcome is known.
    fn method(&self, n: &UBig) -> String {
        let Take::Exactly(m) = self.0.take() else {
            return "symmetry: N <= K, take all; K = 1, parity; N > K >= 2, the second player \
                    splits the row into two equal rows and copies"
                .into();
        };
        let row = format!(
            "taking M opens the circle into one row of N - M coins, a heap of the octal game {}",
            self.row_code()
        );
        match exactly_case(m, n) {
            ExactlyCase::NoMove => "exactly M: fewer than M coins, no move".into(),
            ExactlyCase::RowWithoutMove => {
                format!("exactly M: {row}; N - M < M, so the row has no move and taking M wins")
            }
            ExactlyCase::Symmetric => {
                "exactly M, symmetry: N even >= 2M, the second player takes the middle M coins \
                 of the row of N - M, leaving two equal rows, and copies"
                    .into()
            }
            ExactlyCase::RowDecides => format!(
                "exactly M: {row}, valued by the octal engine; the circle is worth 1 if the row \
                 is worth 0, else 0"
            ),
        }
    }
}

impl Game for CircleEntry {
    fn form(&self) -> Form<'_> {
        Form::numbers("number of coins").drawn(Board::Circle)
    }

    fn spec(&self) -> String {
        match self.0.take() {
            Take::UpTo(k) => format!("circle:{k}"),
            Take::Exactly(m) => format!("circle:exactly={m}"),
        }
    }

    /// Take `1..=min(K, N)` (or exactly M) adjacent coins: the circle opens
    /// into a row, a position of the octal game of the rows.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let n = parse_coins(at)?;
        let takes = self.takes(&n);
        let takes = at.small_numbers(self).map(|_| takes)?;
        if takes.is_empty() {
            return Ok(Vec::new());
        }
        let rows = self.0.row_game().ok_or_else(|| {
            Error::Limit(format!(
                "its rows are octal games of more than {MAX_DIGITS} digits"
            ))
        })?;
        Ok(takes
            .map(|j| PlayMove {
                step: Self::take(&n, UBig::from(j)),
                to: Position {
                    game: Some(format!("octal:{rows}")),
                    graph: None,
                    numbers: vec![&n - UBig::from(j)],
                },
            })
            .collect())
    }

    fn analyze(&self, at: &Position, _: bool, monitor: &mut dyn Monitor) -> Result<Analysis> {
        let n = parse_coins(at)?;
        let mut method = self.method(&n);
        let (outcome, grundy, takes) = match self.0.outcome(&n) {
            Some(outcome) => {
                let takes = self.0.winning_moves(&n).expect("the outcome is known");
                let grundy = if outcome == Outcome::P {
                    Ok(UBig::ZERO)
                } else {
                    self.grundy(&n, monitor)
                };
                if let Err(why) = &grundy {
                    method += &format!("; the Grundy value is not computed: {why}");
                }
                (outcome, grundy.ok(), takes)
            }
            // Exactly M, N >= 2M odd: the row's value decides.
            None => {
                let options = self.options(&n, monitor).map_err(|why| {
                    Error::Limit(format!(
                        "the outcome of {} {n} is not computed: {why}",
                        self.spec()
                    ))
                })?;
                let takes: Vec<u64> = self
                    .takes(&n)
                    .zip(&options)
                    .filter(|(_, v)| **v == 0)
                    .map(|(j, _)| j)
                    .collect();
                let value = crate::nimber::mex(options.into_iter().map(Nimber)).0;
                (Outcome::from_p(value == 0), Some(UBig::from(value)), takes)
            }
        };
        let moves = takes
            .into_iter()
            .map(|j| Self::take(&n, UBig::from(j)))
            .collect();
        Ok(Analysis::new(
            self,
            vec![n],
            outcome,
            grundy,
            moves,
            &method,
        ))
    }

    /// Misère play and Every-SG by the rules: the circle, then its rows
    /// (every position reachable, searched within the budget).
    fn summands(&self, at: &Position) -> Result<Summands<'_>> {
        let n = parse_coins(at)?;
        let budget = crate::limits::CONVENTION_BUDGET;
        let small = u64::try_from(&n)
            .ok()
            .filter(|&c| c <= budget)
            .ok_or_else(|| {
                Error::Limit(format!(
                    "unknown: a circle of {n} coins is beyond the search budget of {budget} \
                 positions of misère play and Every-SG"
                ))
            })?;
        // Rows shorter than a move have none, whatever the size of the code.
        if self.0.row_game().is_none() && small >= 2 * self.0.least() {
            return Err(Error::Limit(format!(
                "its rows are octal games of more than {MAX_DIGITS} digits"
            )));
        }
        let names = self
            .0
            .takes(small)
            .map(|j| Self::take(&n, UBig::from(j)))
            .collect();
        let start = CirclePosition::Circle(small);
        let coordinates = |_: &CirclePosition| Vec::new();
        Ok(Summands::whole(self.0.clone(), start, vec![n], coordinates).named(names))
    }

    /// The mex of the rows a first move leaves, each valued as an octal
    /// game by the engine (as `analyze` values N-positions).
    fn component(&self, at: &Position, monitor: &mut dyn Monitor) -> Result<Component<'_>> {
        let n = parse_coins(at)?;
        let options = self.options(&n, monitor).map_err(|why| {
            Error::Limit(format!(
                "the Grundy value of {} {n} is not computed: {why}",
                self.spec()
            ))
        })?;
        let value = crate::nimber::mex(options.iter().copied().map(Nimber)).0;
        let method =
            "the mex of the rows a first move leaves, each an octal game valued by the engine";
        let position = vec![n.clone()];
        let takes = self.takes(&n);
        let moves_to = move |target: &UBig| {
            let takes = takes
                .clone()
                .zip(&options)
                .filter(|(_, v)| UBig::from(**v) == *target);
            Ok(takes.map(|(j, _)| Self::take(&n, UBig::from(j))).collect())
        };
        Ok(Component::new(
            position,
            UBig::from(value),
            method,
            moves_to,
        ))
    }
}

/// The number of coins `N`.
fn parse_coins(at: &Position) -> Result<UBig> {
    let [n] = <[UBig; 1]>::try_from(at.numbers.clone()).map_err(|p| {
        Error::BadPosition(format!(
            "circle takes one number N of coins, not {}",
            p.len()
        ))
    })?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::Quiet;
    use crate::games::octal::sparse::naive_values;
    use crate::games::octal::Octal;

    #[test]
    fn circles_take_their_values_from_the_rows() {
        for k in 1..=4 {
            let entry = CircleEntry(Circle::new(k).unwrap());
            let rows = entry.0.row_game().unwrap();
            assert_eq!(rows, entry.0.rows_below(u64::MAX).unwrap());
            let table = naive_values(&rows, 40);
            for n in 0..30u64 {
                let a = entry
                    .analyze_words(&[n.to_string()], false, &mut Quiet)
                    .unwrap();
                let options = (1..=k.min(n)).map(|j| Nimber(u64::from(table[(n - j) as usize])));
                assert_eq!(
                    a.grundy,
                    Some(UBig::from(crate::nimber::mex(options).0)),
                    "k={k} n={n}"
                );
            }
        }
        // K beyond the digits of a code: a circle of 50 coins opens into rows
        // shorter than 50, those of 0.77...7 with 49 sevens (was null).
        let entry = CircleEntry(Circle::new(1000).unwrap());
        let a = entry
            .analyze_words(&["50".to_string()], false, &mut Quiet)
            .unwrap();
        let rows: Octal = format!("0.{}", "7".repeat(49)).parse().unwrap();
        let table = naive_values(&rows, 50);
        let options = (1..=50).map(|j| Nimber(u64::from(table[50 - j])));
        assert_eq!(a.grundy, Some(UBig::from(crate::nimber::mex(options).0)));
    }

    fn analyze(spec: &str, n: &str) -> Result<Analysis> {
        crate::catalog::parse(spec)
            .unwrap()
            .analyze_words(&[n.to_string()], false, &mut Quiet)
    }

    /// The coins taken by each winning move of `a`.
    fn taken(a: &Analysis, n: &UBig) -> Vec<UBig> {
        a.winning_moves
            .iter()
            .map(|m| n - &m.apply(&a.position)[0])
            .collect()
    }

    /// `circle:exactly=M` against the coins on a circle searched from the
    /// rules: value, outcome and winning moves, for M up to 5 and N up to 30
    /// (20 for M = 1, whose positions are every set of coins).
    #[test]
    fn exactly_m_answers_as_the_coins_on_a_circle() {
        use crate::games::circle::tests::OnACircle;
        for m in 1..=5u64 {
            let spec = format!("circle:exactly={m}");
            let most = if m == 1 { 20 } else { 30 };
            for n in 0..=most {
                let mut coins = OnACircle::new(n as u32, m as u32..=m as u32);
                let full = coins.full();
                let value = coins.grundy(full);
                let a = analyze(&spec, &n.to_string()).unwrap();
                let what = format!("{spec} {n}: {}", a.method);
                assert_eq!(a.game, spec);
                assert_eq!(a.grundy, Some(UBig::from(value)), "{what}");
                assert_eq!(a.outcome, Outcome::from_p(value == 0), "{what}");
                let winning: Vec<UBig> = match n >= m {
                    true if coins.grundy(full & !coins.window(0, m as u32).unwrap()) == 0 => {
                        vec![UBig::from(m)]
                    }
                    _ => Vec::new(),
                };
                assert_eq!(taken(&a, &UBig::from(n)), winning, "{what}");
                // The method says which theory answered.
                let expected = if n < m {
                    "no move"
                } else if n < 2 * m {
                    "has no move and taking M wins"
                } else if n % 2 == 0 {
                    "symmetry"
                } else {
                    "valued by the octal engine"
                };
                assert!(a.method.contains(expected), "{what}");
            }
        }
    }

    /// Huge circles: N even is the symmetry's, N odd the row's value from
    /// the engine's certified period (Dawson's Kayles, 0.07, for M = 2:
    /// period 34 from 52 on), checked against the rules' values at a small
    /// row of the same residue.
    #[test]
    fn exactly_m_answers_huge_circles() {
        let rows: Octal = "0.07".parse().unwrap();
        let table = naive_values(&rows, 200);
        let big = UBig::from(10u8).pow(30);
        for extra in 0..68u64 {
            let n = &big + UBig::from(extra);
            let a = analyze("circle:exactly=2", &n.to_string()).unwrap();
            let left = &n - UBig::from(2u8);
            let small = 100
                + (u64::try_from(&(left.clone() % UBig::from(34u8))).unwrap() + 34 - 100 % 34) % 34;
            let row = table[small as usize];
            if extra % 2 == 0 {
                assert_eq!(a.outcome, Outcome::P, "{n}");
                assert_eq!(a.grundy, Some(UBig::ZERO), "{n}");
                assert!(a.method.contains("symmetry"), "{}", a.method);
            } else {
                assert_eq!(a.grundy, Some(UBig::from(u8::from(row == 0))), "{n}");
                assert!(a.method.contains("0.07"), "{}", a.method);
            }
            // The value of a sum's component agrees.
            let game = crate::catalog::parse("circle:exactly=2").unwrap();
            let at = game.at_words(&[n.to_string()]);
            let component = game.component(&at, &mut Quiet).unwrap();
            let value = a.grundy.clone().map(crate::catalog::SumValue::Finite);
            assert_eq!(Some(component.grundy), value, "{n}");
        }
        // M beyond the digits of a code: circles below 2M need no code.
        let a = analyze("circle:exactly=100000", "100001").unwrap();
        assert_eq!((a.outcome, a.grundy), (Outcome::N, Some(UBig::ONE)));
        let a = analyze("circle:exactly=100000", "99999").unwrap();
        assert_eq!((a.outcome, a.grundy), (Outcome::P, Some(UBig::ZERO)));
        let a = analyze("circle:exactly=100000", "300000").unwrap();
        assert_eq!(a.outcome, Outcome::P);
        let e = analyze("circle:exactly=100000", "300001").unwrap_err();
        assert!(e.to_string().contains("more than 65536 digits"), "{e}");
    }

    /// Misère play and Every-SG of `circle:exactly=M` by the search over the
    /// circle's rules, against the coins on a circle.
    #[test]
    fn exactly_m_misere_and_play_follow_the_rules() {
        use crate::catalog::features::play::PlayRules;
        use crate::catalog::{analyze_convention, Convention};
        use crate::solve::Memo;
        use std::collections::HashMap;
        /// Whether the player to move wins misère play on the coins of `mask`.
        fn misere(n: u32, m: u32, mask: u32, memo: &mut HashMap<u32, bool>) -> bool {
            if let Some(&w) = memo.get(&mask) {
                return w;
            }
            let windows: Vec<u32> = (0..n)
                .filter(|_| m <= n)
                .map(|i| (0..m).fold(0, |w, t| w | 1 << ((i + t) % n)))
                .filter(|&w| mask & w == w)
                .collect();
            let wins =
                windows.is_empty() || windows.iter().any(|&w| !misere(n, m, mask & !w, memo));
            memo.insert(mask, wins);
            wins
        }
        for m in 1..=4u32 {
            let spec = format!("circle:exactly={m}");
            let game = crate::catalog::parse(&spec).unwrap();
            for n in 0..=16u32 {
                let at = game.at_words(&[n.to_string()]);
                let full = ((1u64 << n) - 1) as u32;
                let wins = misere(n, m, full, &mut HashMap::new());
                let a = analyze_convention(game.as_ref(), &at, Convention::Misere).unwrap();
                assert_eq!(a.outcome, Outcome::from_p(!wins), "misère {spec} {n}");
                let mut coins = crate::games::circle::tests::OnACircle::new(n, m..=m);
                let value = coins.grundy(full);
                let every = analyze_convention(game.as_ref(), &at, Convention::Every).unwrap();
                assert_eq!(
                    every.outcome,
                    Outcome::from_p(value == 0),
                    "every {spec} {n}"
                );
                let mut play = Memo::new(PlayRules::new(game.as_ref()));
                assert_eq!(play.grundy(&at).unwrap(), Nimber(value), "play {spec} {n}");
            }
        }
    }

    #[test]
    fn circle_specs_are_canonical_and_bad_ones_refused_in_one_line() {
        let spec = |s: &str| crate::catalog::parse(s).unwrap().spec();
        assert_eq!(spec("circle:3"), "circle:3");
        assert_eq!(spec("Circle:Exactly=3"), "circle:exactly=3");
        for bad in [
            "circle:exactly=0",
            "circle:exactly=",
            "circle:exactly=x",
            "circle:exactly=-2",
            "circle:exact=3",
            "circle:0",
            "circle",
        ] {
            let e = crate::catalog::parse(bad).err().unwrap();
            assert_eq!(e.kind(), crate::error::ErrorKind::BadSpec, "{bad}");
            let message = e.to_string();
            assert!(message.contains(bad), "{bad}: {message}");
            assert!(message.contains("circle:exactly=M"), "{bad}: {message}");
            assert!(!message.contains('\n'), "{bad}: {message}");
        }
    }
}
