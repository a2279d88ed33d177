//! Playing a sum of different games (`GAME POS + GAME POS`): a move is a
//! legal move of one component; the answers are `analyze`'s on the sum (the
//! nim-sum of the components' values and every winning move in each
//! component, or under misère play the convention's rules on the sum), and
//! the longest defence is the remoteness search over the sum's own tree.

use std::cell::Cell;

use dashu_int::UBig;

use super::{
    choose, defence_reason, fallback_reason, largest_by, longest_defence, misere_why, nim_sum_why,
    option_reaching, options, winning_reason, Answer, Choice, Games, Hint, Listed, Reply, Turn,
};
use crate::catalog::conventions::convention_sum_of;
use crate::catalog::{analyze_sum_of, Convention, Game, PartRef, Position, Quiet};
use crate::error::{Error, Result};
use crate::game::{Impartial, Outcome};
use crate::solve::misere::Misere;

/// The components' games, resolved at each position (a move may change a
/// component's game: a circle opens into its row game).
struct Components<'g> {
    games: Vec<Games<'g>>,
}

impl<'g> Components<'g> {
    fn new(roots: &[&'g dyn Game]) -> Self {
        Components {
            games: roots.iter().map(|&g| Games::new(g)).collect(),
        }
    }

    /// The game of component `i` at `at`.
    fn game(&self, i: usize, at: &Position) -> Result<&dyn Game> {
        self.games[i].of(at)
    }

    /// Every legal move of the sum at `at`: component by component, each
    /// component's moves in its own order.
    fn turns(&self, at: &[Position]) -> Result<Vec<Turn>> {
        let mut turns = Vec::new();
        for (i, part) in at.iter().enumerate() {
            let game = self.game(i, part)?;
            for m in options(game, part)? {
                turns.push(turn(game, i, at, m.step.description, m.to));
            }
        }
        Ok(turns)
    }

    /// `analyze` of the sum at `at` under `play`.
    fn analysis(&self, at: &[Position], play: Convention) -> Result<Answer> {
        let games = at
            .iter()
            .enumerate()
            .map(|(i, part)| self.game(i, part))
            .collect::<Result<Vec<_>>>()?;
        let args: Vec<Vec<String>> = at.iter().map(Position::args).collect();
        let words: Vec<String> = games
            .iter()
            .zip(&args)
            .map(|(game, args)| format!("{} {}", game.spec(), args.join(" ")))
            .collect();
        let parts: Vec<PartRef<'_>> = (0..at.len())
            .map(|i| PartRef {
                game: games[i],
                at: &at[i],
                words: &words[i],
            })
            .collect();
        if play == Convention::Misere {
            return Ok(Answer::ConventionSum(convention_sum_of(
                &parts,
                Convention::Misere,
            )?));
        }
        Ok(Answer::Sum(analyze_sum_of(&parts, false, &mut Quiet)?))
    }

    /// The winning moves `analyze` lists at `at`, as legal moves of the sum.
    fn winning(&self, at: &[Position], answer: &Answer) -> Result<Vec<Turn>> {
        let moves = match answer {
            Answer::Sum(a) => &a.winning_moves,
            Answer::ConventionSum(a) => &a.winning_moves,
            Answer::One(_) => unreachable!("a sum is answered as a sum"),
        };
        let mut turns = Vec::new();
        for w in moves {
            let part = &at[w.component];
            let game = self.game(w.component, part)?;
            let listed = options(game, part)?;
            if let Some(m) = option_reaching(&listed, part, &w.to) {
                turns.push(turn(
                    game,
                    w.component,
                    at,
                    m.step.description.clone(),
                    m.to.clone(),
                ));
            }
        }
        Ok(turns)
    }
}

/// The move of component `i` of `game` from `at` to `to`.
fn turn(game: &dyn Game, i: usize, at: &[Position], description: String, to: Position) -> Turn {
    let mut after = at.to_vec();
    after[i] = to;
    Turn {
        component: i,
        description: format!("component {} ({}): {description}", i + 1, game.spec()),
        to: after,
    }
}

/// Every legal move of the sum of the games `roots` at `at` (one position
/// per component), component by component.
pub fn sum_turns(roots: &[&dyn Game], at: &[Position]) -> Result<Vec<Turn>> {
    Components::new(roots).turns(at)
}

/// The move a user chose in the sum: a listed move's index, or the
/// component's number (from 1) followed by that component's position reached.
pub fn sum_choose(roots: &[&dyn Game], at: &[Position], choice: Choice<'_>) -> Result<Turn> {
    let components = Components::new(roots);
    match choice {
        Choice::Index(i) => {
            let mut turns = components.turns(at)?;
            match i < turns.len() {
                true => Ok(turns.swap_remove(i)),
                false if turns.is_empty() => Err(Error::BadArgument(
                    "the game is over: there is no legal move".into(),
                )),
                false => Err(Error::BadArgument(format!(
                    "there is no move {}: choose 1 to {}",
                    i + 1,
                    turns.len()
                ))),
            }
        }
        Choice::Reached(words) => {
            let which = words
                .first()
                .and_then(|w| w.parse::<usize>().ok())
                .filter(|&c| (1..=at.len()).contains(&c))
                .ok_or_else(|| {
                    Error::BadArgument(format!(
                        "in a sum, type the component's number (1 to {}) and then its position \
                         reached",
                        at.len()
                    ))
                })?;
            let i = which - 1;
            let game = components.game(i, &at[i])?;
            let m = choose(game, &at[i], Choice::Reached(&words[1..]))?;
            Ok(turn(game, i, at, m.step.description, m.to))
        }
    }
}

/// The hint at `at` of the sum of the games `roots` under `play`.
pub fn sum_hint(roots: &[&dyn Game], at: &[Position], play: Convention) -> Result<Hint<Turn>> {
    let components = Components::new(roots);
    let analysis = components.analysis(at, play)?;
    let winning = components.winning(at, &analysis)?;
    let why = match &analysis {
        Answer::Sum(a) => match a.components.iter().all(|c| c.grundy.finite().is_some()) {
            true => {
                let values: Vec<(String, UBig)> = a
                    .components
                    .iter()
                    .zip(at)
                    .enumerate()
                    .map(|(i, (c, part))| {
                        let value = c.grundy.finite().cloned().unwrap_or(UBig::ZERO);
                        let label =
                            format!("component {}, {} {}", i + 1, c.game, part.args().join(" "));
                        (label, value)
                    })
                    .collect();
                nim_sum_why(&values)
            }
            false => format!("value {}: {}", a.grundy, a.method),
        },
        other => misere_why(other.method()),
    };
    Ok(Hint {
        analysis,
        winning,
        why,
    })
}

/// The program's move in the sum of the games `roots` at `at` under `play`:
/// the first winning move of the sum's theory from an N-position; from a
/// P-position the longest defence by the remoteness search over the sum's
/// own tree within the budget; else the move to the largest remaining game.
/// `None` when there is no legal move.
pub fn sum_reply(
    roots: &[&dyn Game],
    at: &[Position],
    play: Convention,
) -> Result<Option<Reply<Turn>>> {
    let components = Components::new(roots);
    let turns = components.turns(at)?;
    if turns.is_empty() {
        return Ok(None);
    }
    let analysis = components.analysis(at, play)?;
    let chosen = |t: &Turn, reason: String| Reply {
        step: t.clone(),
        reason,
    };
    match analysis.outcome() {
        Outcome::N => {
            if let Some(t) = components.winning(at, &analysis)?.into_iter().next() {
                return Ok(Some(Reply {
                    step: t,
                    reason: winning_reason(play),
                }));
            }
        }
        Outcome::P => {
            let to = turns.iter().map(|t| t.to.clone());
            let rules = SumRules::new(roots);
            let found = match play {
                Convention::Misere => {
                    longest_defence(Misere(rules), Some(at.to_vec()), to.map(Some))
                }
                _ => longest_defence(rules, at.to_vec(), to),
            };
            if let Some((i, r)) = found {
                return Ok(Some(chosen(&turns[i], defence_reason(play, &r.into()))));
            }
        }
        Outcome::D => {
            let drawn = |t: &Turn| {
                components
                    .analysis(&t.to, Convention::Normal)
                    .is_ok_and(|a| a.outcome() == Outcome::D)
            };
            if let Some(t) = turns.iter().find(|t| drawn(t)) {
                return Ok(Some(chosen(t, "a move that keeps the game drawn".into())));
            }
        }
    }
    let size = |t: &Turn| t.to.iter().fold(UBig::ZERO, |a, p| a + p.size());
    let largest = largest_by(&turns, size);
    Ok(Some(chosen(largest, fallback_reason(analysis.outcome()))))
}

/// The sum as its options, for the remoteness search: a position is one
/// position per component; a failure to list options voids the search.
pub(crate) struct SumRules<'g> {
    components: Components<'g>,
    failed: Cell<bool>,
}

impl<'g> SumRules<'g> {
    pub(crate) fn new(roots: &[&'g dyn Game]) -> Self {
        SumRules {
            components: Components::new(roots),
            failed: Cell::new(false),
        }
    }
}

impl Listed for SumRules<'_> {
    fn failed(&self) -> bool {
        self.failed.get()
    }
}

impl Impartial for SumRules<'_> {
    type Position = Vec<Position>;

    fn options(&self, at: &Vec<Position>) -> Vec<Vec<Position>> {
        match self.components.turns(at) {
            Ok(turns) => turns.into_iter().map(|t| t.to).collect(),
            Err(_) => {
                self.failed.set(true);
                Vec::new()
            }
        }
    }
}
