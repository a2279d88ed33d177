//! `chomp:RxC`: Chomp on an R by C bar, by exhaustive search over the
//! column-height profiles (see [`crate::games::chomp`]).

use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use crate::catalog::{Board, Form, Numbers};
use dashu_int::UBig;

use crate::arith::decimal;
use crate::catalog::kit::options::{applied, too_many};
use crate::catalog::{Analysis, Component, Game, Monitor, Move, PlayMove, Position};
use crate::error::{Error, Result};
use crate::games::chomp::{Chomp, ChompError, ChompMove, ChompTable};
use crate::limits::PLAY_OPTIONS;

/// The registry's entry of `chomp`.
pub(crate) const ENTRY: Entry = Entry {
    name: "chomp",
    forms: &["chomp:RxC"],
    form_note: "",
    aliases: &[],
    summary: "eat a square and every square above and to the right of it; \
              whoever eats the poisoned square (column 1, row 1) loses",
    position: "column heights `H1 ... HC`, not increasing (none: the full bar)",
    theory: "exhaustive search over the `binomial(R+C, C)` column-height profiles, \
             ranked in colex order; 3 x 100 and 8 x 8 with every winning move",
    verbs: ANALYZE_ONLY,
    example_spec: "chomp:3x4",
    example_position: "3 3 2 1",
    example_stdin: "",
    build: Build::Required {
        build: chomp,
        missing: "write chomp:RxC, R >= 1 rows and C >= 1 columns (e.g. chomp:3x100)",
    },
};

/// `chomp:RxC`.
pub(crate) fn chomp(spec: &str, params: &str) -> Result<Box<dyn Game>> {
    let usage = "write chomp:RxC, R >= 1 rows and C >= 1 columns (e.g. chomp:3x100)";
    let (rows, columns) = params
        .split_once('x')
        .and_then(|(r, c)| Some((decimal::<u32>(r)?, decimal::<u32>(c)?)))
        .ok_or_else(|| Error::spec(spec, usage))?;
    let game = Chomp::new(rows, columns).map_err(|e| Error::spec(spec, format!("{e}; {usage}")))?;
    Ok(Box::new(ChompEntry(game)))
}

struct ChompEntry(Chomp);

impl ChompEntry {
    /// The column heights of `position`, checked (none: the full bar).
    fn heights(&self, at: &Position) -> Result<Vec<u32>> {
        if at.numbers.is_empty() {
            return Ok(self.0.full());
        }
        let heights = at
            .numbers
            .iter()
            .map(|h| {
                u32::try_from(h).map_err(|_| {
                    Error::BadPosition(format!(
                        "a column of height {h} does not fit in {} rows",
                        self.0.rows()
                    ))
                })
            })
            .collect::<Result<Vec<u32>>>()?;
        self.0.check(&heights).map_err(chomp_error)?;
        Ok(heights)
    }

    /// The heights, the table of values of the board that holds them, and
    /// how the values were found.
    fn solved(&self, at: &Position) -> Result<(Vec<u32>, ChompTable, String)> {
        let heights = self.heights(at)?;
        let table = self.0.solve(&heights).map_err(chomp_error)?;
        let method = format!(
            "exhaustive search over the {} column-height profiles of the {} x {} board that holds the position \
             (eating the poisoned square is never a winning move: the position with only it left is a P-position)",
            table.profiles(),
            heights[0],
            heights.iter().filter(|&&h| h > 0).count()
        );
        Ok((heights, table, method))
    }
}

/// The library's refusal as the catalogue's.
fn chomp_error(e: ChompError) -> Error {
    match e {
        ChompError::TooLarge { .. } => Error::Limit(e.to_string()),
        _ => Error::BadPosition(e.to_string()),
    }
}

/// A move of the library as a catalogue move: the columns it cuts.
fn eat(heights: &[u32], m: ChompMove) -> Move {
    let changes = (m.column as usize - 1..heights.len())
        .filter(|&k| heights[k] != m.to[k])
        .map(|k| (k, vec![UBig::from(m.to[k])]))
        .collect();
    Move {
        changes,
        description: format!(
            "eat the square in column {}, row {} (and every square above and to the right of it)",
            m.column, m.row
        ),
        target: None,
    }
}

/// The heights as the contract's position.
fn position_of(heights: &[u32]) -> Vec<UBig> {
    heights.iter().map(|&h| UBig::from(h)).collect()
}

impl Game for ChompEntry {
    fn form(&self) -> Form<'_> {
        Form {
            numbers: Numbers::Optional("column height"),
            graph: None,
            script: None,
            board: Board::Counters("column"),
        }
    }

    fn spec(&self) -> String {
        format!("chomp:{}x{}", self.0.rows(), self.0.columns())
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let (heights, table, method) = self.solved(at)?;
        let moves = table
            .winning_moves(&heights)
            .into_iter()
            .map(|m| eat(&heights, m))
            .collect();
        let value = UBig::from(table.value(&heights));
        Ok(Analysis::valued(
            self,
            position_of(&heights),
            value,
            moves,
            &method,
        ))
    }

    /// Every square but the poisoned one eaten, refused beyond
    /// [`PLAY_OPTIONS`] squares. Play needs the heights written out: the
    /// moves are changes of them, which an empty position (the full bar)
    /// does not have.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        if at.numbers.is_empty() {
            return Err(Error::BadPosition(format!(
                "play {} from its column heights: the full bar is {} heights of {}",
                self.spec(),
                self.0.columns(),
                self.0.rows()
            )));
        }
        let heights = self.heights(at)?;
        let squares = heights.iter().map(|&h| u64::from(h)).sum::<u64>();
        if squares > PLAY_OPTIONS as u64 {
            return Err(too_many(self));
        }
        let mut moves = Vec::new();
        for (i, &h) in heights.iter().enumerate() {
            // Row 1 of column 1 is the poisoned square, never eaten.
            for row in u32::from(i == 0)..h {
                let mut to = heights.clone();
                for x in &mut to[i..] {
                    *x = (*x).min(row);
                }
                let column = i as u32 + 1;
                moves.push(eat(
                    &heights,
                    ChompMove {
                        column,
                        row: row + 1,
                        to,
                    },
                ));
            }
        }
        Ok(applied(at, moves))
    }

    fn component(&self, at: &Position, _: &mut dyn Monitor) -> Result<Component<'_>> {
        let (heights, table, method) = self.solved(at)?;
        let value = UBig::from(table.value(&heights));
        let position = position_of(&heights);
        let moves_to = move |target: &UBig| {
            let Ok(target) = u32::try_from(target) else {
                return Ok(Vec::new());
            };
            Ok(table
                .moves_to(&heights, target)
                .into_iter()
                .map(|m| eat(&heights, m))
                .collect())
        };
        Ok(Component::new(position, value, method, moves_to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::{parse, Quiet};
    use crate::error::ErrorKind;
    use crate::game::Outcome;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_full_bar_is_the_default_and_the_moves_reach_p_positions() {
        let game = parse("Chomp:3X4").unwrap();
        assert_eq!(game.spec(), "chomp:3x4");
        let full = game.analyze_words(&[], false, &mut Quiet).unwrap();
        assert_eq!(full.position, position_of(&[3, 3, 3, 3]));
        assert_eq!(full.outcome, Outcome::N);
        assert!(!full.winning_moves.is_empty());
        for m in &full.winning_moves {
            let to: Vec<String> = m
                .apply(&full.position)
                .iter()
                .map(|h| h.to_string())
                .collect();
            let after = game.analyze_words(&to, false, &mut Quiet).unwrap();
            assert_eq!(after.outcome, Outcome::P, "{}", m.description);
        }
        let poisoned = game
            .analyze_words(&args(&["1", "0", "0", "0"]), false, &mut Quiet)
            .unwrap();
        assert_eq!(poisoned.outcome, Outcome::P);
        assert!(poisoned.winning_moves.is_empty());
    }

    #[test]
    fn bad_specs_positions_and_sizes_say_why() {
        for bad in ["chomp:3", "chomp:0x4", "chomp:ax4", "chomp:3x-1"] {
            assert!(matches!(parse(bad), Err(Error::BadSpec { .. })), "{bad}");
        }
        assert!(matches!(parse("chomp"), Err(Error::BadSpec { .. })));
        let game = parse("chomp:3x3").unwrap();
        for bad in [
            &["1", "2", "0"][..],
            &["4", "0", "0"],
            &["0", "0", "0"],
            &["3"],
            &["99999999999", "0", "0"],
        ] {
            let e = game
                .analyze_words(&args(bad), false, &mut Quiet)
                .err()
                .unwrap();
            assert_eq!(e.kind(), ErrorKind::BadPosition, "{bad:?}: {e}");
        }
        let huge = parse("chomp:40x40").unwrap();
        let e = huge.analyze_words(&[], false, &mut Quiet).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Limit);
        assert!(e.to_string().contains("CHOMP_PROFILES"), "{e}");
    }
}
