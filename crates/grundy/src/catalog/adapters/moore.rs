//! Moore's Nim_K in the catalogue: the outcome and a winning move at any
//! size; every winning move within [`MOORE_LISTING_WORK`].

use crate::catalog::entry::{Build, Entry, ANALYZE_ONLY};
use dashu_int::UBig;

use crate::arith::decimal;
use crate::catalog::kit::options::{heap_parts, rules_options, too_many};
use crate::catalog::{Analysis, Game, Monitor, Move, PlayMove, Position};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::games::moore::{Moore, MooreMove};
use crate::limits::{MOORE_LISTING_WORK, MOVE_LIST_LIMIT, PLAY_OPTIONS};
use crate::stop;

/// The registry's entry of `moore`.
pub(crate) const ENTRY: Entry = Entry {
    name: "moore",
    forms: &["moore:k=K"],
    form_note: "",
    aliases: &[],
    summary: "Moore's Nim_K: take from at least one and at most K heaps",
    position: "heap sizes",
    theory: "P iff every binary digit column sums to 0 mod K+1 (Moore 1910); \
             a winning move at any size, every one by a digit search",
    verbs: ANALYZE_ONLY,
    example_spec: "moore:k=2",
    example_position: "3 5 6 7",
    example_stdin: "",
    build: Build::Required {
        build: moore,
        missing: "write moore:k=K, K >= 1 the most heaps a move changes",
    },
};

/// `moore:k=K`.
pub(crate) fn moore(spec: &str, params: &str) -> Result<Box<dyn Game>> {
    let game = params
        .strip_prefix("k=")
        .and_then(decimal::<u64>)
        .and_then(Moore::new)
        .ok_or_else(|| {
            Error::spec(
                spec,
                format!(
                    "write moore:k=K with K an integer from 1 to {} (the most heaps a move changes)",
                    u64::MAX
                ),
            )
        })?;
    Ok(Box::new(MooreEntry(game)))
}

struct MooreEntry(Moore);

const METHOD: &str = "Moore's theorem: P iff every binary digit column sums to 0 mod K+1";

impl Game for MooreEntry {
    fn spec(&self) -> String {
        format!("moore:k={}", self.0.k())
    }

    fn analyze(&self, at: &Position, first: bool, _: &mut dyn Monitor) -> Result<Analysis> {
        let heaps = at.numbers.clone();
        let outcome = Outcome::from_p(self.0.is_p_position(&heaps));
        if first {
            let moves = self.0.winning_move(&heaps).into_iter();
            let moves = moves.map(|m| describe(&heaps, m)).collect();
            let method = format!("{METHOD}; one winning move by Moore's construction");
            return Ok(Analysis::new(self, heaps, outcome, None, moves, &method));
        }
        let (count, moves) = self
            .0
            .winning_moves(&heaps, MOORE_LISTING_WORK, MOVE_LIST_LIMIT)
            .map_err(|e| {
                Error::Limit(format!(
                    "listing every winning move of this position takes about {} steps, more \
                     than the {MOORE_LISTING_WORK} allowed (each set of at most K heaps is \
                     searched); --moves one gives a winning move at any size",
                    e.work
                ))
            })?;
        if count > UBig::from(MOVE_LIST_LIMIT) {
            return Err(Error::Limit(format!(
                "this position has {count} winning moves, more than the {MOVE_LIST_LIMIT} analyze \
                 lists; --moves one gives one of them"
            )));
        }
        let moves = stop::polling(moves.into_iter())
            .map(|m| describe(&heaps, m))
            .collect();
        let method = format!("{METHOD}; every winning move by a digit-by-digit search");
        Ok(Analysis::new(self, heaps, outcome, None, moves, &method).sorted())
    }

    /// Every move, refused (before any is built) when there are more than
    /// [`PLAY_OPTIONS`]: a move changes 1..K heaps, so sets of heaps multiply.
    fn options(&self, at: &Position) -> Result<Vec<PlayMove>> {
        let heaps = at.small_numbers(self)?;
        if move_count(&heaps, self.0.k()) > PLAY_OPTIONS as u64 {
            return Err(too_many(self));
        }
        rules_options(
            self,
            &self.0,
            &heaps,
            |to| to.iter().map(|&h| UBig::from(h)).collect(),
            |to| describe(&at.numbers, changed(&at.numbers, to)),
        )
    }

    fn parts(&self, at: &Position) -> Vec<(String, Position)> {
        // Only Nim (K = 1) is the nim-sum of its heaps.
        match self.0.k() {
            1 => heap_parts(at),
            _ => Vec::new(),
        }
    }
}

/// How many moves `heaps` has with at most `k` heaps changed (saturating):
/// the elementary symmetric sums `e_1 + ... + e_k` of the heap sizes.
fn move_count(heaps: &[u64], k: u64) -> u64 {
    let k = usize::try_from(k).unwrap_or(usize::MAX).min(heaps.len());
    // sums[j]: the products of the sizes of j heaps, summed over the heaps seen.
    let mut sums = vec![0u64; k + 1];
    sums[0] = 1;
    for &h in heaps {
        for j in (1..=k).rev() {
            sums[j] = sums[j].saturating_add(sums[j - 1].saturating_mul(h));
        }
    }
    sums[1..].iter().fold(0, |a, &s| a.saturating_add(s))
}

/// The move from `heaps` to `to`: the heaps it changes and their new sizes.
fn changed(heaps: &[UBig], to: &[UBig]) -> MooreMove {
    heaps
        .iter()
        .zip(to)
        .enumerate()
        .filter(|(_, (from, to))| from != to)
        .map(|(i, (_, to))| (i, to.clone()))
        .collect()
}

/// A move as the heaps it changes.
fn describe(heaps: &[UBig], m: MooreMove) -> Move {
    let parts: Vec<String> = m
        .iter()
        .map(|(i, to)| format!("heap {}: {} -> {to}", i + 1, heaps[*i]))
        .collect();
    Move {
        description: parts.join(", "),
        changes: m.into_iter().map(|(i, to)| (i, vec![to])).collect(),
        target: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::Quiet;
    use crate::games::oracle::{check_claim, heap_tuples, Claim};
    use crate::solve::Memo;

    #[test]
    fn the_answers_are_those_of_the_rules() {
        for k in [1, 2, 3] {
            let entry = MooreEntry(Moore::new(k).unwrap());
            let mut memo = Memo::new(entry.0);
            for heaps in heap_tuples(3, 4) {
                let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
                let a = entry.analyze_words(&args, false, &mut Quiet).unwrap();
                let reached = crate::catalog::reached_heaps(&a);
                let claim = Claim {
                    outcome: Some(a.outcome),
                    value: None,
                    reached,
                };
                check_claim(&mut memo, &heaps, claim, &(k, &heaps));
            }
        }
    }

    #[test]
    fn specs_are_checked() {
        assert_eq!(parse_spec("moore:k=3"), Some("moore:k=3".into()));
        for bad in ["moore:k=0", "moore:3", "moore:k=-1", "moore:k=x"] {
            assert!(parse_spec(bad).is_none(), "{bad}");
        }
    }

    fn parse_spec(spec: &str) -> Option<String> {
        crate::catalog::parse(spec).ok().map(|g| g.spec())
    }
}
