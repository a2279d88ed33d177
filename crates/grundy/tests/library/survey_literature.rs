//! The survey against the literature: every solved octal game of at most
//! three digits in `tests/data/octal_solved.txt` (its source is named there)
//! is computed as `grundy survey octal` computes it, and its published period
//! is reproduced and certified by the Guy-Smith theorem; where the values
//! are published, they are reproduced too.

use grundy::catalog::survey::survey_game;
use grundy::catalog::Quiet;
use grundy::game::HeapGame;
use grundy::games::octal::sparse::SparseSolver;
use grundy::games::octal::Octal;

/// The most heaps a game is given in this test (the dev profile); games whose
/// certificate needs more are computed once in release (data/README.md).
const TEST_COUNT: u64 = 1 << 21;

/// The games whose certificate needs more than [`TEST_COUNT`] heaps.
const RELEASE_ONLY: [&str; 2] = ["0.376", "0.354"];

/// One line of the fixture.
struct Solved {
    game: Octal,
    preperiod: u64,
    period: u64,
    /// Published values `G'(0) ...`, the period in parentheses.
    values: Option<String>,
}

fn fixture() -> Vec<Solved> {
    include_str!("../data/octal_solved.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 4, "{line}");
            Solved {
                game: fields[0].parse().unwrap(),
                preperiod: fields[1].parse().unwrap(),
                period: fields[2].parse().unwrap(),
                values: (fields[3] != "-").then(|| fields[3].to_string()),
            }
        })
        .collect()
}

/// The heaps `n >= 1` below the first heap that has a move: the table of
/// values drops them (see the fixture's header).
fn dead_heaps(game: &Octal) -> u64 {
    (1..)
        .find(|&n| {
            let mut moves = 0;
            game.for_each_move(n, |_| moves += 1);
            moves > 0
        })
        .unwrap()
        - 1
}

/// The first `count` published values: the part before the parentheses,
/// then the period repeated.
fn published_values(text: &str, count: usize) -> Vec<u16> {
    let (before, rest) = text.split_once('(').unwrap();
    let period = rest.strip_suffix(')').unwrap();
    before
        .chars()
        .chain(period.chars().cycle())
        .take(count)
        .map(|c| c.to_digit(36).unwrap() as u16)
        .collect()
}

#[test]
fn the_fixture_holds_the_games_of_the_tables() {
    let games = fixture();
    assert_eq!(games.len(), 92);
    // Kayles, as Winning Ways gives it.
    let kayles = games.iter().find(|g| g.game.to_string() == "0.77").unwrap();
    assert_eq!((kayles.preperiod, kayles.period), (71, 12));
}

#[test]
fn solved_games_are_reproduced_and_certified() {
    let mut release_only = Vec::new();
    for solved in fixture() {
        let code = solved.game.to_string();
        let dead = dead_heaps(&solved.game);
        // The values published are written from the first heap with a move.
        let shift = if solved.values.is_some() { dead } else { 0 };
        let preperiod = solved.preperiod + if solved.preperiod > 0 { shift } else { 0 };
        // The Guy-Smith theorem checks G(n + p) = G(n) for n0 <= n < 2 n0 + p + t
        // (n0 at least 1): values up to 2 n0 + 2p + t. Exactly so many are computed.
        let n0 = preperiod.max(shift).max(1);
        let needed = 2 * n0 + 2 * solved.period + solved.game.last_digit() as u64;
        if needed > TEST_COUNT {
            release_only.push(code);
            continue;
        }
        let record = survey_game(&solved.game, needed, &mut Quiet).unwrap();
        assert!(record.certified, "{code}: not certified in {needed} heaps");
        assert_eq!(record.period, Some(solved.period), "{code}");
        if solved.preperiod > 0 {
            assert_eq!(record.preperiod, Some(preperiod), "{code}");
        } else {
            // Periodic from the start once the dead heaps are dropped:
            // from `shift` on, or earlier.
            assert!(record.preperiod.unwrap() <= shift, "{code}");
        }
        if let Some(text) = &solved.values {
            let count = text.len() + 2 * solved.period as usize;
            let mut solver = SparseSolver::new(&solved.game);
            solver.extend_to(count + dead as usize).unwrap();
            let ours = &solver.values()[dead as usize..];
            assert_eq!(ours, published_values(text, count), "{code}");
        }
    }
    assert_eq!(release_only, RELEASE_ONLY);
}

/// The periods the survey found for games listed as open (data/README.md),
/// where the certificate needs few enough heaps for the dev profile: the
/// values are recomputed by the plain mex over the rules (not the engine),
/// and the Guy-Smith condition is checked on them. 4.064 and 4.406 need
/// 2 * 10^5 and 6 * 10^5 heaps: checked once by a separate program
/// (data/README.md).
#[test]
fn periods_found_for_open_games_hold_on_the_plain_values() {
    for (code, preperiod, period) in [("4.344", 998, 51), ("4.364", 11687, 62)] {
        let game: Octal = code.parse().unwrap();
        let needed = 2 * preperiod + 2 * period + game.last_digit();
        let values = grundy::games::octal::sparse::naive_values(&game, needed);
        for n in preperiod..needed - period {
            assert_eq!(values[n], values[n + period], "{code}: heap {n}");
        }
        assert_ne!(
            values[preperiod - 1],
            values[preperiod - 1 + period],
            "{code}: the preperiod is the least"
        );
        let record = survey_game(&game, needed as u64, &mut Quiet).unwrap();
        assert!(record.certified, "{code}");
        assert_eq!(
            (record.preperiod, record.period),
            (Some(preperiod as u64), Some(period as u64))
        );
    }
}
