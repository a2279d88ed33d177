//! Games a user brings: rules over positions written as lists of integers,
//! from a script ([`crate::games::script`]) or written in Rust
//! ([`crate::catalog::native`]), and the memoised search that values them.
//!
//! A game gives the positions one move reaches ([`UserRules::moves`]) and may
//! give the components a position is the sum of ([`UserRules::components`]),
//! so that its value is the nim-sum of theirs (the Sprague-Grundy theorem)
//! instead of a search of the sum's game tree. [`UserMemo`] values positions
//! by that search, checks a value added from components against the
//! position's own moves, reports a cycle instead of looping, and bounds the
//! positions it keeps.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;

use thiserror::Error;

use crate::game::Impartial;
use crate::limits::SCRIPT_POSITIONS;
use crate::nimber::{mex, Nimber};
use crate::stop;
use crate::word_hash::WordTable;

/// A position of a user's game: its integers, each `>= 0`.
pub type UserPosition = Vec<u64>;

/// What went wrong with a user's game, in one line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum UserError {
    /// A script does not compile, lacks `fn moves`, or a call of one of its
    /// functions failed or returned something that is not a list of positions.
    /// The message names the script, and its line and column where known.
    #[error("{0}")]
    Invalid(String),
    /// A position can be reached from itself: the moves never end.
    #[error("{game}: the moves never end: position {position} can be reached from itself (a cycle), so it has no Grundy value")]
    Cycle {
        /// The game, as messages name it ([`UserRules::game`]).
        game: String,
        /// The position on the cycle, as `[a, b, ...]`.
        position: String,
    },
    /// The game's components and moves disagree at a position: the nim-sum
    /// of its components' values is not the mex of its options' values, so
    /// its components are not a sum of games whose moves are its moves (the
    /// Sprague-Grundy theorem), and no answer can be trusted.
    #[error("{game}: {components_fn} and {moves_fn} disagree at {position}: the values of its components {components} nim-add to {by_components}, but the values of its moves give {by_moves} (their mex); a position's components must be games whose moves together are exactly its moves")]
    Inconsistent {
        /// The game, as messages name it ([`UserRules::game`]).
        game: String,
        /// What gives the components, as the user wrote it ([`UserRules::FUNCTIONS`]).
        components_fn: &'static str,
        /// What gives the moves, as the user wrote it.
        moves_fn: &'static str,
        /// The position, as `[a, b, ...]`.
        position: String,
        /// Its components, as `[[a], [b], ...]`.
        components: String,
        /// The nim-sum of its components' values.
        by_components: u64,
        /// The mex of its options' values.
        by_moves: u64,
    },
    /// Numbers that stand for no position of the game ([`UserRules::read`]).
    #[error("{0}")]
    Position(String),
    /// The search needs more positions than [`SCRIPT_POSITIONS`].
    #[error("{game}: the search needs more than {SCRIPT_POSITIONS} positions (SCRIPT_POSITIONS); ask for a smaller position or fewer values")]
    Budget {
        /// The game, as messages name it ([`UserRules::game`]).
        game: String,
    },
}

/// The rules of a user's game, as [`UserMemo`] asks them. They are also an
/// [`Impartial`] game, for the solvers of the other play conventions.
pub trait UserRules: Impartial<Position = UserPosition> {
    /// The names of the functions that give the components and the moves,
    /// as the user wrote them: messages name them.
    const FUNCTIONS: (&'static str, &'static str);

    /// Whose moves answers name: `script` (the script's moves) or `game`.
    const OWNER: &'static str;

    /// The largest integer of a position, as messages write it.
    const LARGEST: &'static str;

    /// The game as messages name it (`script lasker.rhai`).
    fn game(&self) -> String;

    /// The position the numbers of the command line stand for, or why they
    /// stand for none (one line); by default the numbers as they are.
    fn read(&self, numbers: &[u64]) -> Result<UserPosition, String> {
        Ok(numbers.to_vec())
    }

    /// Appends to `into` the positions one move from `position` reaches.
    fn moves(&self, position: &[u64], into: &mut Positions) -> Result<(), UserError>;

    /// Appends to `into` the positions whose sum `position` is, and says
    /// whether it did split it: `false` (and none appended), it is one
    /// component; `true` and none appended, it is the sum of none (worth 0).
    fn components(&self, position: &[u64], into: &mut Positions) -> Result<bool, UserError>;

    /// Whether the game gives components (so that answers say sums were
    /// added by nim-sum).
    fn has_components(&self) -> bool;

    /// Whether a position may split into components at all: `false` lets a
    /// search skip the split of each position it values. By default it may.
    fn may_split(&self) -> bool {
        true
    }

    /// Whether asking for moves or components costs far more than a look-up
    /// (a script's call): the values of sums met as options are then kept,
    /// so that a sum met again is not split again, and an option is looked
    /// up before it is split.
    fn calls_are_costly(&self) -> bool {
        false
    }

    /// Tells the rules what a search is about to ask: the moves of each of
    /// `positions`, in order. Rules that can answer many calls at once in
    /// parallel (a script's fast path) work out some of them now and keep
    /// the answers for the calls to come. Returns how many of the positions,
    /// from the first, need no telling again: the search tells the rules of
    /// the rest when it reaches them. By default the rules do nothing and
    /// need no telling. Answers must not depend on it.
    fn ask_ahead(&self, positions: &[&[u64]]) -> usize {
        positions.len()
    }

    /// Takes the failure that a call through [`Impartial::options`] met, if
    /// any (rules that cannot fail have none). After one, the options given
    /// since are empty, so every value a solver computed since is
    /// meaningless: discard the solver.
    fn take_failure(&self) -> Option<UserError> {
        None
    }
}

/// How many positions a search tells the rules of at once, ahead of asking
/// ([`UserRules::ask_ahead`]): at first few, so that rules can time their
/// calls on the first block, then twice as many each block up to
/// [`ASK_AHEAD_MOST`]: enough to share among threads, few enough that the
/// answers kept stay small.
const ASK_AHEAD_FIRST: usize = 64;

/// The most positions a search tells the rules of at once.
const ASK_AHEAD_MOST: usize = 1024;

/// Grundy values of a user's game by memoised search, kept between calls.
///
/// The value of a position is the nim-sum of the values of its components
/// (the position itself when it is one); the value of a component is the mex
/// of the values of its moves. Each component's moves are asked once. The
/// search keeps its own stack (positions may be millions of moves deep),
/// reports a cycle instead of looping, and values at most
/// [`SCRIPT_POSITIONS`] positions. Values found before an error stay valid.
///
/// A value it answers is checked against the rules: the value of a position
/// made of several components (their nim-sum) must be the mex of the values
/// of its own moves, or the answer is refused as
/// [`UserError::Inconsistent`]. A position that is one component is valued
/// by the mex of its moves, so it agrees with them by construction.
pub struct UserMemo<R> {
    rules: R,
    /// Values of components, by mex over their moves.
    bases: Values,
    /// Values of positions made of other components.
    sums: WordTable<UserPosition, Nimber>,
    /// The positions of `sums` whose value was checked against their moves.
    checked: HashSet<UserPosition>,
    /// The most positions valued: [`SCRIPT_POSITIONS`] but in tests.
    budget: usize,
    /// The moves of the last position a search started from, kept for
    /// [`UserMemo::moves_to_value`] of that position, which follows its
    /// value: the rules are asked once.
    root_moves: Option<(UserPosition, Positions)>,
    /// A buffer for the moves of the position being framed.
    scratch: Positions,
}

/// A component under evaluation.
struct Frame {
    position: UserPosition,
    /// Values of the options already known when the frame was made.
    known: Vec<Nimber>,
    /// The components of the other options, one after the other.
    parts: Positions,
    /// Where each of those options' components end among `parts`.
    ends: Vec<usize>,
    /// Those options themselves, when their values are kept.
    sums: Vec<UserPosition>,
    /// Parts before this one are valued.
    next: usize,
}

/// The values of components. Those of one integer below [`DENSE`] (a heap)
/// and of two below [`DENSE_PAIR`] (a sheet, two piles), most of what a
/// search meets, are held in arrays, found without hashing; the others in a
/// hash table.
#[derive(Default)]
struct Values {
    /// The values of `[n]`, at `n`.
    heaps: Dense,
    /// The values of `[x, y]`, at `y` of row `x`.
    pairs: Vec<Dense>,
    others: WordTable<UserPosition, Nimber>,
    len: usize,
}

/// The integers below which one-integer positions may be held in an array.
const DENSE: u64 = 1 << 26;
/// The same for each integer of a two-integer position.
const DENSE_PAIR: u64 = 1 << 13;

impl Values {
    /// How many positions are valued.
    fn len(&self) -> usize {
        self.len
    }

    /// The value of `position`, if known.
    fn get(&self, position: &[u64]) -> Option<Nimber> {
        self.get_dense(position)
            .or_else(|| self.others.get(position).copied())
    }

    /// The value of `position`, if known and held in an array.
    fn get_dense(&self, position: &[u64]) -> Option<Nimber> {
        match *position {
            [n] => self.heaps.get(n),
            [x, y] => self.pairs.get(x as usize).and_then(|row| row.get(y)),
            _ => None,
        }
    }

    /// Keeps the value of `position`, which was not known.
    fn insert(&mut self, position: UserPosition, value: Nimber) {
        self.len += 1;
        let kept = match *position.as_slice() {
            [n] if n < DENSE => self.heaps.put(n, value),
            [x, y] if x < DENSE_PAIR && y < DENSE_PAIR => {
                let rows = self.pairs.len().max(x as usize + 1);
                self.pairs.resize_with(rows, Dense::default);
                self.pairs[x as usize].put(y, value)
            }
            _ => false,
        };
        if !kept {
            self.others.insert(position, value);
        }
    }
}

/// Values by index, in an array that grows only while at least a quarter of
/// it is filled: a few scattered positions (a game that halves a heap) do not
/// make it huge.
#[derive(Default)]
struct Dense {
    values: Vec<u64>,
    filled: usize,
}

/// An entry of [`Dense`] not valued (no value is this large: a value is at
/// most the number of options).
const UNKNOWN: u64 = u64::MAX;

impl Dense {
    /// The value at `index`, if known.
    fn get(&self, index: u64) -> Option<Nimber> {
        let v = *self.values.get(usize::try_from(index).ok()?)?;
        (v != UNKNOWN).then_some(Nimber(v))
    }

    /// Keeps `value` at `index` if the array holds it or may grow to;
    /// whether it did.
    fn put(&mut self, index: u64, value: Nimber) -> bool {
        let Ok(index) = usize::try_from(index) else {
            return false;
        };
        if index >= self.values.len() {
            let grown = (2 * self.values.len()).max(index + 1);
            if grown > 4 * self.filled + 64 {
                return false;
            }
            self.values.resize(grown, UNKNOWN);
        }
        if value.0 == UNKNOWN {
            return false;
        }
        self.values[index] = value.0;
        self.filled += 1;
        true
    }
}

/// Positions one after the other in one buffer: a search meets millions of
/// options and their components, and one allocation each would be most of
/// its time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Positions {
    integers: Vec<u64>,
    /// Where each position ends in `integers`.
    ends: Vec<usize>,
}

impl Positions {
    /// How many positions it holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether it holds none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// How many integers its positions hold in all.
    #[inline]
    pub fn integers_len(&self) -> usize {
        self.integers.len()
    }

    /// The `i`-th position.
    #[inline]
    pub fn get(&self, i: usize) -> &[u64] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.integers[start..self.ends[i]]
    }

    /// Appends `position`.
    #[inline]
    pub fn push(&mut self, position: &[u64]) {
        self.integers.extend_from_slice(position);
        self.ends.push(self.integers.len());
    }

    /// Appends the positions of `more`.
    pub fn append(&mut self, more: &Positions) {
        self.append_flat(more.integers.iter().copied(), &more.ends);
    }

    /// Appends positions given as their integers one after the other, and
    /// where each ends among them.
    pub(crate) fn append_flat(&mut self, integers: impl Iterator<Item = u64>, ends: &[usize]) {
        let shift = self.integers.len();
        self.integers.extend(integers);
        self.ends.extend(ends.iter().map(|end| end + shift));
    }

    /// Makes room for `positions` more positions of `integers` integers in
    /// all.
    pub fn reserve(&mut self, positions: usize, integers: usize) {
        self.ends.reserve(positions);
        self.integers.reserve(integers);
    }

    /// Keeps the first `len` positions only.
    pub fn truncate(&mut self, len: usize) {
        self.ends.truncate(len);
        self.integers
            .truncate(self.ends.last().copied().unwrap_or(0));
    }

    /// Holds none.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// The positions, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[u64]> {
        self.from(0)
    }

    /// The positions, each in a vector of its own.
    pub fn to_vecs(&self) -> Vec<UserPosition> {
        self.iter().map(<[u64]>::to_vec).collect()
    }

    /// The positions from the `from`-th on.
    pub fn from(&self, from: usize) -> impl Iterator<Item = &[u64]> {
        (from..self.len()).map(|i| self.get(i))
    }
}

impl<R: UserRules> UserMemo<R> {
    /// A solver for `rules` with nothing computed yet.
    pub fn new(rules: R) -> UserMemo<R> {
        UserMemo {
            rules,
            bases: Values::default(),
            sums: WordTable::default(),
            checked: HashSet::new(),
            budget: SCRIPT_POSITIONS,
            root_moves: None,
            scratch: Positions::default(),
        }
    }

    /// The game's rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// How many positions have been valued so far.
    pub fn len(&self) -> usize {
        self.bases.len() + self.sums.len()
    }

    /// Whether nothing has been valued yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Values at most `budget` positions from now on (tests of the budget).
    #[cfg(test)]
    pub(crate) fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    /// The Grundy value of `position`, checked against its moves when its
    /// components are several (see [`UserMemo`]).
    pub fn value(&mut self, position: &[u64]) -> Result<Nimber, UserError> {
        if let Some(v) = self.bases.get(position) {
            return Ok(v);
        }
        // Most games have no components: no split to make, no sum kept.
        if !self.rules.may_split() {
            return self.base(position.to_vec());
        }
        if self.checked.contains(position) {
            return Ok(self.sums[position]);
        }
        let parts = self.split_alone(position)?;
        if parts.len() == 1 && parts.get(0) == position {
            return self.base(position.to_vec());
        }
        let total = self.sum_of(&parts)?;
        self.sums.insert(position.to_vec(), total);
        self.check_against_moves(position, &parts, total)?;
        self.checked.insert(position.to_vec());
        Ok(total)
    }

    /// The value of a position, unchecked: the nim-sum of its components'.
    fn unchecked_value(&mut self, position: &[u64]) -> Result<Nimber, UserError> {
        if let Some(v) = self.known(position) {
            return Ok(v);
        }
        let parts = self.split_alone(position)?;
        let total = self.sum_of(&parts)?;
        if self.keeps_sums() {
            self.sums.insert(position.to_vec(), total);
        }
        Ok(total)
    }

    /// Whether the values of sums met are kept ([`UserRules::calls_are_costly`]).
    fn keeps_sums(&self) -> bool {
        self.rules.calls_are_costly() && self.rules.has_components()
    }

    /// The nim-sum of the values of the components `parts`.
    fn sum_of(&mut self, parts: &Positions) -> Result<Nimber, UserError> {
        let mut total = Nimber::ZERO;
        for part in parts.iter() {
            total ^= self.base(part.to_vec())?;
        }
        Ok(total)
    }

    /// Refuses `position`, of components `parts` whose values nim-add to
    /// `total`, unless `total` is the mex of the values of its own moves.
    /// Its moves are kept for [`UserMemo::moves_to_value`].
    fn check_against_moves(
        &mut self,
        position: &[u64],
        parts: &Positions,
        total: Nimber,
    ) -> Result<(), UserError> {
        let moves = self.moves_alone(position)?;
        let mut values = Vec::with_capacity(moves.len());
        for option in moves.iter() {
            values.push(self.unchecked_value(option)?);
        }
        self.keep_root_moves(position, moves);
        let by_moves = mex(values);
        if by_moves == total {
            return Ok(());
        }
        let (components_fn, moves_fn) = R::FUNCTIONS;
        Err(UserError::Inconsistent {
            game: self.rules.game(),
            components_fn,
            moves_fn,
            position: show(position),
            components: format!("{:?}", parts.iter().collect::<Vec<_>>()),
            by_components: total.0,
            by_moves: by_moves.0,
        })
    }

    /// The position the numbers `numbers` stand for, by the rules.
    pub fn read(&self, numbers: &[u64]) -> Result<UserPosition, UserError> {
        self.rules.read(numbers).map_err(UserError::Position)
    }

    /// The values of the positions of one integer, `0, ..., count - 1`.
    pub fn heap_values(&mut self, count: u64) -> Result<Vec<Nimber>, UserError> {
        let numbers = (0..count).map(|n| vec![n]);
        self.values_of(numbers)
    }

    /// The values of the positions the numbers `numbers` stand for, in
    /// order; the rules are told of each block of them ahead.
    fn values_of(
        &mut self,
        numbers: impl Iterator<Item = Vec<u64>>,
    ) -> Result<Vec<Nimber>, UserError> {
        let mut values = Vec::new();
        let mut numbers = numbers.peekable();
        let mut block_size = ASK_AHEAD_FIRST;
        while numbers.peek().is_some() {
            let block: Vec<_> = numbers.by_ref().take(block_size).collect();
            block_size = (2 * block_size).min(ASK_AHEAD_MOST);
            // Read first, valued in order: an error stays where it was.
            let mut positions = Vec::with_capacity(block.len());
            let mut failure = None;
            for n in &block {
                match self.read(n) {
                    Ok(position) => positions.push(position),
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
            }
            let unknown: Vec<usize> = (0..positions.len())
                .filter(|&i| self.known(&positions[i]).is_none())
                .collect();
            let mut told = 0;
            for (i, position) in positions.iter().enumerate() {
                if unknown.get(told) == Some(&i) {
                    let rest: Vec<&[u64]> = unknown[told..]
                        .iter()
                        .map(|&j| positions[j].as_slice())
                        .collect();
                    told += self.rules.ask_ahead(&rest).max(1);
                }
                values.push(self.value(position)?);
            }
            if let Some(failure) = failure {
                return Err(failure);
            }
        }
        Ok(values)
    }

    /// The values of the positions of two integers `x y`, `x < rows`,
    /// `y < width`, row by row.
    pub fn pile_values(&mut self, rows: u64, width: u64) -> Result<Vec<Nimber>, UserError> {
        let numbers = (0..rows).flat_map(|x| (0..width).map(move |y| vec![x, y]));
        self.values_of(numbers)
    }

    /// The positions one move from `position` reaches whose value is `target`
    /// (`Nimber::ZERO`: the winning moves), in the rules' order.
    pub fn moves_to_value(
        &mut self,
        position: &[u64],
        target: Nimber,
    ) -> Result<Vec<UserPosition>, UserError> {
        let moves = match self.root_moves.take() {
            Some((root, moves)) if root == position => moves,
            _ => self.moves_alone(position)?,
        };
        let mut found = Vec::new();
        for option in moves.iter() {
            if self.unchecked_value(option)? == target {
                found.push(option.to_vec());
            }
        }
        Ok(found)
    }

    /// The positions one move from `position` reaches, by the rules.
    pub fn moves_of(&self, position: &[u64]) -> Result<Vec<UserPosition>, UserError> {
        Ok(self.moves_alone(position)?.to_vecs())
    }

    /// The moves of `position` in a buffer of their own.
    fn moves_alone(&self, position: &[u64]) -> Result<Positions, UserError> {
        let mut moves = Positions::default();
        self.rules.moves(position, &mut moves)?;
        Ok(moves)
    }

    /// The value of `position` if it is already known.
    fn known(&self, position: &[u64]) -> Option<Nimber> {
        let sum = || {
            let any = !self.sums.is_empty();
            any.then(|| self.sums.get(position).copied()).flatten()
        };
        self.bases.get(position).or_else(sum)
    }

    /// The value of the component `root` by mex over its moves.
    fn base(&mut self, root: UserPosition) -> Result<Nimber, UserError> {
        if let Some(v) = self.bases.get(&root) {
            return Ok(v);
        }
        let first = self.frame(root, 0)?;
        // Its options valued already, as in a search from the smallest up.
        if first.parts.is_empty() {
            return Ok(self.finish(first));
        }
        let mut on_path = HashSet::from([first.position.clone()]);
        let mut stack = vec![first];
        // The root is finished last: its value is the last one found.
        let mut value = Nimber::ZERO;
        // Calls of a few operations never reach a script engine's own polling.
        let mut ticker = stop::Ticker::<8>::new();
        while let Some(top) = stack.last_mut() {
            ticker.tick();
            while top.next < top.parts.len() && self.bases.get(top.parts.get(top.next)).is_some() {
                top.next += 1;
            }
            if top.next < top.parts.len() {
                let child = top.parts.get(top.next).to_vec();
                if !on_path.insert(child.clone()) {
                    return Err(UserError::Cycle {
                        game: self.rules.game(),
                        position: show(&child),
                    });
                }
                let frame = self.frame(child, stack.len())?;
                stack.push(frame);
            } else if let Some(done) = stack.pop() {
                on_path.remove(&done.position);
                value = self.finish(done);
            }
        }
        Ok(value)
    }

    /// A frame for `position`, with `open` others under evaluation: its moves
    /// from the rules, sorted into known values and components to value.
    fn frame(&mut self, position: UserPosition, open: usize) -> Result<Frame, UserError> {
        if self.len() + open >= self.budget {
            return Err(UserError::Budget {
                game: self.rules.game(),
            });
        }
        let mut frame = Frame {
            known: Vec::new(),
            parts: Positions::default(),
            ends: Vec::new(),
            sums: Vec::new(),
            next: 0,
            position,
        };
        let mut moves = std::mem::take(&mut self.scratch);
        moves.clear();
        self.rules.moves(&frame.position, &mut moves)?;
        let costly = self.rules.calls_are_costly();
        let keeps_sums = self.keeps_sums();
        for option in moves.iter() {
            // A look-up before a split: any, when calls are costly; else
            // one in an array only (a heap, two piles), cheaper than a call.
            let known = match costly {
                true => self.known(option),
                false => self.bases.get_dense(option),
            };
            if let Some(v) = known {
                frame.known.push(v);
                continue;
            }
            let from = frame.parts.len();
            self.split(option, &mut frame.parts)?;
            // Most options of a search are sums of components valued
            // already: added at once, they are not kept for the second pass.
            if let Some(v) = self.nim_sum_if_known(&frame.parts, from) {
                frame.parts.truncate(from);
                frame.known.push(v);
                if keeps_sums {
                    self.sums.insert(option.to_vec(), v);
                }
                continue;
            }
            frame.ends.push(frame.parts.len());
            if keeps_sums {
                frame.sums.push(option.to_vec());
            }
        }
        match open {
            0 => self.keep_root_moves(&frame.position, moves),
            _ => self.scratch = moves,
        }
        Ok(frame)
    }

    /// Keeps `moves`, those of `position`, for [`UserMemo::moves_to_value`];
    /// the buffers of the moves they replace become the scratch ones, so
    /// that a sequence, whose every position is a search's first, does not
    /// grow new buffers for each.
    fn keep_root_moves(&mut self, position: &[u64], moves: Positions) {
        match self.root_moves.as_mut() {
            Some((root, kept)) => {
                root.clear();
                root.extend_from_slice(position);
                self.scratch = std::mem::replace(kept, moves);
            }
            None => self.root_moves = Some((position.to_vec(), moves)),
        }
    }

    /// The nim-sum of the values of `parts` from the `from`-th on, if all
    /// are known.
    fn nim_sum_if_known(&self, parts: &Positions, from: usize) -> Option<Nimber> {
        parts.from(from).try_fold(Nimber::ZERO, |total, part| {
            self.bases.get(part).map(|v| total ^ v)
        })
    }

    /// Appends the components of `position` to `parts` (`position` itself
    /// when it is one component).
    fn split(&self, position: &[u64], parts: &mut Positions) -> Result<(), UserError> {
        if !self.rules.components(position, parts)? {
            parts.push(position);
        }
        Ok(())
    }

    /// The components of `position`, each a position of its own (`position`
    /// alone when it is one component).
    pub fn components_of(&self, position: &[u64]) -> Result<Vec<UserPosition>, UserError> {
        Ok(self.split_alone(position)?.to_vecs())
    }

    /// The components of `position` in a buffer of their own.
    fn split_alone(&self, position: &[u64]) -> Result<Positions, UserError> {
        let mut parts = Positions::default();
        self.split(position, &mut parts)?;
        Ok(parts)
    }

    /// Values a frame whose parts are all valued, and keeps the values.
    fn finish(&mut self, frame: Frame) -> Nimber {
        let mut values = frame.known;
        let mut start = 0;
        for (i, &end) in frame.ends.iter().enumerate() {
            let total = (start..end).fold(Nimber::ZERO, |acc, part| {
                acc ^ self.bases.get(frame.parts.get(part)).expect("valued")
            });
            values.push(total);
            if let Some(sum) = frame.sums.get(i) {
                self.sums.insert(sum.clone(), total);
            }
            start = end;
        }
        let value = mex(values);
        self.bases.insert(frame.position, value);
        value
    }
}

/// The options of `position` by `rules`' moves, for the solvers that ask
/// [`Impartial::options`], which cannot fail: a failure is kept in `failure`
/// for [`UserRules::take_failure`], and from then on every position has no
/// option (the values computed since are meaningless anyway).
pub fn options_or_failure<R: UserRules + ?Sized>(
    rules: &R,
    position: &[u64],
    failure: &RefCell<Option<UserError>>,
) -> Vec<UserPosition> {
    if failure.borrow().is_some() {
        return Vec::new();
    }
    let mut moves = Positions::default();
    match rules.moves(position, &mut moves) {
        Ok(()) => moves.to_vecs(),
        Err(e) => {
            *failure.borrow_mut() = Some(e);
            Vec::new()
        }
    }
}

/// `[a, b, ...]`, the way positions are written in messages.
pub(crate) fn show(position: &[u64]) -> String {
    format!("{position:?}")
}

/// A game written in Rust on positions that are lists of integers: its moves
/// are its [`Impartial::options`]; it may say which positions are sums, and
/// how the numbers of the command line read as a position. Registered with
/// [`crate::catalog::native`], it answers every verb as the built-in games do.
pub trait NativeGame: Impartial<Position = UserPosition> {
    /// Calls `component` with each of the positions whose sum `position`
    /// is, when it is a sum of several: its value is then the nim-sum of
    /// theirs (checked against its own options where an answer names it).
    /// By default it calls it never: every position is one component.
    fn components(&self, position: &[u64], component: &mut dyn FnMut(&[u64])) {
        let _ = (position, component);
    }

    /// The position the numbers of the command line stand for, or why they
    /// stand for none (one line); by default the numbers as they are.
    fn position(&self, numbers: &[u64]) -> Result<UserPosition, String> {
        Ok(numbers.to_vec())
    }
}

/// A [`NativeGame`] as the rules [`UserMemo`] asks, named in messages.
pub struct Native<G> {
    name: String,
    game: G,
    /// Whether a position was a sum of several components yet.
    split: Cell<bool>,
}

impl<G: NativeGame> Native<G> {
    /// The rules of `game`, named `name` in messages.
    pub fn new(name: &str, game: G) -> Native<G> {
        Native {
            name: name.to_string(),
            game,
            split: Cell::new(false),
        }
    }
}

impl<G: NativeGame> Impartial for Native<G> {
    type Position = UserPosition;

    fn options(&self, position: &UserPosition) -> Vec<UserPosition> {
        self.game.options(position)
    }
}

/// Rust's rules cannot fail, and a split costs less than a look-up.
impl<G: NativeGame> UserRules for Native<G> {
    const FUNCTIONS: (&'static str, &'static str) = ("components", "options");
    const OWNER: &'static str = "game";
    const LARGEST: &'static str = "2^64 - 1";

    fn game(&self) -> String {
        self.name.clone()
    }

    fn moves(&self, position: &[u64], into: &mut Positions) -> Result<(), UserError> {
        for option in self.game.options(&position.to_vec()) {
            into.push(&option);
        }
        Ok(())
    }

    fn components(&self, position: &[u64], into: &mut Positions) -> Result<bool, UserError> {
        let mut count = 0;
        self.game.components(position, &mut |part| {
            count += 1;
            into.push(part);
        });
        if count > 1 {
            self.split.set(true);
        }
        Ok(count > 0)
    }

    /// Whether the game split a position into components yet.
    fn has_components(&self) -> bool {
        self.split.get()
    }

    fn read(&self, numbers: &[u64]) -> Result<UserPosition, String> {
        self.game.position(numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    /// The subtraction game {1, 2}, whose rules take two positions at each
    /// telling ahead and note which, and refuse the heap `refused`.
    struct Told {
        told: RefCell<Vec<u64>>,
        refused: u64,
    }

    impl Impartial for Told {
        type Position = UserPosition;

        fn options(&self, position: &UserPosition) -> Vec<UserPosition> {
            (1..=2.min(position[0]))
                .map(|s| vec![position[0] - s])
                .collect()
        }
    }

    impl UserRules for Told {
        const FUNCTIONS: (&'static str, &'static str) = ("components", "moves");
        const OWNER: &'static str = "test";
        const LARGEST: &'static str = "2^64 - 1";

        fn game(&self) -> String {
            "told".to_string()
        }

        fn read(&self, numbers: &[u64]) -> Result<UserPosition, String> {
            match numbers {
                [n] if *n == self.refused => Err(format!("{n} refused")),
                _ => Ok(numbers.to_vec()),
            }
        }

        fn moves(&self, position: &[u64], into: &mut Positions) -> Result<(), UserError> {
            for option in self.options(&position.to_vec()) {
                into.push(&option);
            }
            Ok(())
        }

        fn components(&self, _: &[u64], _: &mut Positions) -> Result<bool, UserError> {
            Ok(false)
        }

        fn has_components(&self) -> bool {
            false
        }

        fn ask_ahead(&self, positions: &[&[u64]]) -> usize {
            let taken = positions.len().min(2);
            let mut told = self.told.borrow_mut();
            told.extend(positions[..taken].iter().map(|p| p[0]));
            taken
        }
    }

    fn told(refused: u64) -> UserMemo<Told> {
        UserMemo::new(Told {
            told: RefCell::default(),
            refused,
        })
    }

    #[test]
    fn each_unknown_position_of_a_sequence_is_told_once_in_order() {
        let mut memo = told(u64::MAX);
        memo.value(&[40]).unwrap();
        let values = memo.heap_values(300).unwrap();
        let expected: Vec<Nimber> = (0..300).map(|n| Nimber(n % 3)).collect();
        assert_eq!(values, expected);
        // Heaps 0-40 were valued before: only the others are told of.
        assert_eq!(*memo.rules().told.borrow(), (41..300).collect::<Vec<_>>());
    }

    #[test]
    fn a_position_that_cannot_be_read_fails_after_those_before_it() {
        let mut memo = told(100);
        let error = memo.heap_values(300).unwrap_err();
        assert!(error.to_string().contains("100 refused"), "{error}");
        assert_eq!(memo.known(&[99]), Some(Nimber(0)));
        assert_eq!(*memo.rules().told.borrow(), (0..100).collect::<Vec<_>>());
    }
}
