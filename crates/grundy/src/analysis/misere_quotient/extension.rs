//! The quotient of heaps up to `n` from the quotient of heaps below `n`,
//! without searching sums: candidates are built from monoids and checked by
//! the local conditions (see the module docs of [`super`] for why a candidate
//! that passes them is the quotient).

use std::cmp::Ordering;

use super::{HeapMoves, QuotientError, QuotientLimits};
use crate::limits::{QUOTIENT_CANDIDATE, QUOTIENT_RECALIBRATION_TRIES};
use crate::stop;
use crate::word_hash::WordTable;

/// A word over the letters (heaps with moves): the exponent of each letter.
/// Words are ordered as Siegel's MisereSolver orders them, the exponent of
/// the *last* letter the most significant (see [`word_cmp`]).
pub(super) type Word = Vec<u32>;

/// MisereSolver's order on words of the same length: a monomial order
/// (`u < v` implies `u + w < v + w`) in which an option of a sum (one heap
/// replaced by smaller heaps) comes before the sum.
pub(super) fn word_cmp(u: &[u32], v: &[u32]) -> Ordering {
    u.iter().rev().cmp(v.iter().rev())
}

/// A finite commutative monoid whose elements are numbered, 0 the identity.
pub(super) trait Monoid {
    /// The product of `x` and `y`.
    fn times(&self, x: usize, y: usize) -> usize;
}

impl Monoid for Vec<Vec<usize>> {
    fn times(&self, x: usize, y: usize) -> usize {
        self[x][y]
    }
}

/// A direct product of monoids given by their tables: an element is the
/// mixed-radix number of its components, the first the least significant.
struct Product {
    factors: Vec<Vec<Vec<usize>>>,
}

impl Product {
    /// The number of elements, if it fits in a `usize`.
    fn size(&self) -> Option<usize> {
        self.factors
            .iter()
            .try_fold(1usize, |n, factor| n.checked_mul(factor.len()))
    }

    /// The element whose component `i` is `x`, the others the identity.
    fn embed(&self, i: usize, x: usize) -> usize {
        x * self.factors[..i].iter().map(Vec::len).product::<usize>()
    }
}

impl Monoid for Product {
    fn times(&self, mut x: usize, mut y: usize) -> usize {
        let (mut product, mut place) = (0, 1);
        for factor in &self.factors {
            let n = factor.len();
            product += factor[x % n][y % n] * place;
            place *= n;
            x /= n;
            y /= n;
        }
        product
    }
}

/// The cyclic monoid `<g | g^(index + period) = g^index>`, `g^i` numbered `i`.
fn cyclic(index: usize, period: usize) -> Vec<Vec<usize>> {
    let size = index + period;
    let reduce = |k: usize| {
        if k < size {
            k
        } else {
            index + (k - index) % period
        }
    };
    (0..size)
        .map(|i| (0..size).map(|j| reduce(i + j)).collect())
        .collect()
}

/// The least `i` with `x^i = x^j` for some `j > i`.
fn index_of(table: &[Vec<usize>], x: usize) -> usize {
    let mut first = vec![None; table.len()];
    let (mut power, mut i) = (0, 0);
    while first[power].is_none() {
        first[power] = Some(i);
        power = table[power][x];
        i += 1;
    }
    first[power].unwrap_or(0)
}

/// The elements a set of generators reaches, each with its least word.
pub(super) struct LeastWords {
    /// The elements reached, in the order of their least words.
    pub(super) order: Vec<usize>,
    /// The least word of each element reached.
    pub(super) word_of: WordTable<usize, Word>,
    /// The element of each least word.
    pub(super) element_of: WordTable<Word, usize>,
}

/// The least word of every element `generators` reach. Taking the
/// generators one by one: an element reached with the first `j + 1` has as
/// least word the least word of some `y` reached with the first `j`, times
/// the least power `e` of generator `j` that reaches it from such a `y`
/// (the exponent of generator `j` is the most significant), the least such
/// `y` first. The powers stop when one reaches nothing new: the next ones
/// are then within the earlier ones.
pub(super) fn least_words(m: &impl Monoid, generators: &[usize]) -> LeastWords {
    let empty: Word = vec![0; generators.len()];
    let mut walk = LeastWords {
        order: vec![0],
        word_of: WordTable::default(),
        element_of: WordTable::default(),
    };
    walk.word_of.insert(0, empty.clone());
    walk.element_of.insert(empty, 0);
    for (j, &g) in generators.iter().enumerate() {
        let below = walk.order.clone();
        let mut power = below.clone();
        for e in 1.. {
            let mut reached_new = false;
            for (y, x) in below.iter().zip(power.iter_mut()) {
                *x = m.times(*x, g);
                if !walk.word_of.contains_key(x) {
                    let mut word = walk.word_of[y].clone();
                    word[j] = e;
                    walk.order.push(*x);
                    walk.element_of.insert(word.clone(), *x);
                    walk.word_of.insert(*x, word);
                    reached_new = true;
                }
            }
            if !reached_new {
                break;
            }
        }
    }
    walk
}

/// A candidate quotient ("pretension"): a finite commutative monoid, its
/// P-portion and the element of each letter. It predicts the misère outcome
/// of every sum: P exactly when the product of its letters is in `p`.
#[derive(Clone, Debug)]
pub(super) struct Pretension {
    pub(super) table: Vec<Vec<usize>>,
    pub(super) p: Vec<bool>,
    /// The element of each letter.
    pub(super) letters: Vec<usize>,
}

impl Pretension {
    /// The quotient of no heap: the trivial monoid, `P` empty.
    pub(super) fn trivial() -> Self {
        Pretension {
            table: vec![vec![0]],
            p: vec![false],
            letters: Vec::new(),
        }
    }

    pub(super) fn order(&self) -> usize {
        self.table.len()
    }

    pub(super) fn p_count(&self) -> usize {
        self.p.iter().filter(|&&p| p).count()
    }

    /// The element of a word.
    fn element(&self, word: &[u32]) -> usize {
        word.iter()
            .zip(&self.letters)
            .fold(0, |x, (&e, &g)| (0..e).fold(x, |y, _| self.table[y][g]))
    }

    /// The candidate `m` makes of the letters' elements there: the elements
    /// reached, each in `P` when its least word has a move and none of the
    /// moves of that word reaches `P` (the moves of a word come before it),
    /// then merged while no sum tells them apart. `None` if more than
    /// `max_order` elements remain.
    fn marked(
        m: &impl Monoid,
        letters: &[usize],
        heaps: &HeapMoves,
        max_order: usize,
    ) -> Option<Self> {
        let transitions = transitions(m, letters, heaps);
        let walk = least_words(m, letters);
        let mut p: WordTable<usize, bool> = WordTable::default();
        for &x in &walk.order {
            stop::poll();
            let word = &walk.word_of[&x];
            let is_p = word.iter().any(|&e| e > 0)
                && !(0..letters.len()).filter(|&l| word[l] > 0).any(|l| {
                    let mut rest = word.clone();
                    rest[l] -= 1;
                    let y = walk.element_of[&rest];
                    transitions[l]
                        .iter()
                        .any(|&t| p.get(&m.times(y, t)) == Some(&true))
                });
            p.insert(x, is_p);
        }
        Self::reduced(m, letters, &walk, &p, max_order)
    }

    /// The elements of `walk` merged by Moore's refinement: two stay apart
    /// when one is in `P` and the other not, or a letter takes them to
    /// elements apart. Merged elements then have the same outcome in every
    /// context, so the quotient predicts what `m` predicts.
    fn reduced(
        m: &impl Monoid,
        letters: &[usize],
        walk: &LeastWords,
        p: &WordTable<usize, bool>,
        max_order: usize,
    ) -> Option<Self> {
        let position: WordTable<usize, usize> = walk
            .order
            .iter()
            .enumerate()
            .map(|(i, &x)| (x, i))
            .collect();
        let mut generators: Vec<usize> = letters.to_vec();
        generators.sort_unstable();
        generators.dedup();
        let moves: Vec<Vec<usize>> = walk
            .order
            .iter()
            .map(|&x| {
                generators
                    .iter()
                    .map(|&g| position[&m.times(x, g)])
                    .collect()
            })
            .collect();
        let mut class: Vec<usize> = walk.order.iter().map(|x| usize::from(p[x])).collect();
        let mut classes = 0;
        loop {
            stop::poll();
            let mut ids: WordTable<Vec<usize>, usize> = WordTable::default();
            let next: Vec<usize> = (0..class.len())
                .map(|i| {
                    let mut signature = vec![class[i]];
                    signature.extend(moves[i].iter().map(|&j| class[j]));
                    let fresh = ids.len();
                    *ids.entry(signature).or_insert(fresh)
                })
                .collect();
            class = next;
            if ids.len() == classes {
                break;
            }
            classes = ids.len();
        }
        if classes > max_order {
            return None;
        }
        let mut rep = vec![usize::MAX; classes];
        for (i, &c) in class.iter().enumerate().rev() {
            rep[c] = i;
        }
        let of = |x: usize| class[position[&x]];
        Some(Pretension {
            table: rep
                .iter()
                .map(|&i| {
                    rep.iter()
                        .map(|&j| of(m.times(walk.order[i], walk.order[j])))
                        .collect()
                })
                .collect(),
            p: rep.iter().map(|&i| p[&walk.order[i]]).collect(),
            letters: letters.iter().map(|&g| of(g)).collect(),
        })
    }

    /// The elements renumbered breadth first from the identity, letters in
    /// order: the numbering the learned candidates of [`super`] have.
    pub(super) fn renumbered(&self) -> Self {
        let mut number = vec![usize::MAX; self.order()];
        let mut found = vec![0];
        number[0] = 0;
        let mut i = 0;
        while i < found.len() {
            for &g in &self.letters {
                let y = self.table[found[i]][g];
                if number[y] == usize::MAX {
                    number[y] = found.len();
                    found.push(y);
                }
            }
            i += 1;
        }
        Pretension {
            table: found
                .iter()
                .map(|&x| found.iter().map(|&y| number[self.table[x][y]]).collect())
                .collect(),
            p: found.iter().map(|&x| self.p[x]).collect(),
            letters: self.letters.iter().map(|&g| number[g]).collect(),
        }
    }
}

/// The elements of the options of each letter's heap, without repeats.
fn transitions(m: &impl Monoid, letters: &[usize], heaps: &HeapMoves) -> Vec<Vec<usize>> {
    heaps.options[..letters.len()]
        .iter()
        .map(|options| {
            let mut elements: Vec<usize> = options
                .iter()
                .map(|option| option.iter().fold(0, |x, &l| m.times(x, letters[l])))
                .collect();
            elements.sort_unstable();
            elements.dedup();
            elements
        })
        .collect()
}

/// A set of elements as bits.
type Bits = Vec<u64>;

/// The set of `elements`, of a monoid of `size` elements.
fn bits_with(size: usize, elements: impl IntoIterator<Item = usize>) -> Bits {
    let mut bits = vec![0; size.div_ceil(64)];
    for x in elements {
        bits[x / 64] |= 1 << (x % 64);
    }
    bits
}

/// The elements of a set, ascending.
fn elements_of(bits: &Bits) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(i, &word)| {
        (0..64)
            .filter(move |b| word >> b & 1 == 1)
            .map(move |b| i * 64 + b)
    })
}

/// Whether every element of `small` is in `large`.
fn is_subset(small: &Bits, large: &Bits) -> bool {
    small.iter().zip(large).all(|(s, l)| s & !l == 0)
}

/// For each element, the least sets of transitions (elements of the options)
/// of the sums met that have it: a sum with the same element and more
/// transitions than one of them has no failure the other has not first.
#[derive(Clone)]
pub(super) struct Antichains(Vec<Vec<Bits>>);

impl Antichains {
    fn new(order: usize) -> Self {
        Antichains(vec![Vec::new(); order])
    }

    /// Whether no set of `x` is within `transitions`; if so, it is added.
    fn keep(&mut self, x: usize, transitions: &Bits) -> bool {
        let sets = &mut self.0[x];
        if sets.iter().any(|set| is_subset(set, transitions)) {
            return false;
        }
        sets.retain(|set| !is_subset(transitions, set));
        sets.push(transitions.clone());
        true
    }

    fn subsumes(&self, x: usize, transitions: &Bits) -> bool {
        self.0[x].iter().any(|set| is_subset(set, transitions))
    }
}

/// The search of the sums for the least one outside `P` with no move into
/// `P` (an *N-failure*): the sums are met in increasing order (nested
/// loops, the last letter's exponent outermost), and a sum is passed over
/// with every sum that adds to it copies of its smallest letter and of
/// smaller letters when its transitions hold those of a smaller sum with
/// the same element (that sum plus the same heaps is smaller, has the same
/// element and fewer transitions, so fails if this one does).
struct Sweep<'a> {
    q: &'a Pretension,
    transitions: Vec<Bits>,
    p: Bits,
    antichains: Antichains,
    word: Word,
    /// Stop at the first sum not below it.
    bound: Option<Word>,
    failure: Option<Word>,
    visited: u64,
    max_visits: u64,
}

impl<'a> Sweep<'a> {
    fn new(
        q: &'a Pretension,
        transitions: &[Vec<usize>],
        antichains: Antichains,
        max: u64,
    ) -> Self {
        Sweep {
            q,
            transitions: transitions
                .iter()
                .map(|t| bits_with(q.order(), t.iter().copied()))
                .collect(),
            p: bits_with(q.order(), (0..q.order()).filter(|&x| q.p[x])),
            antichains,
            word: vec![0; q.letters.len()],
            bound: None,
            failure: None,
            visited: 0,
            max_visits: max,
        }
    }

    /// Every sum (below the bound); `true` when the sweep stopped.
    fn all(&mut self) -> Result<bool, QuotientError> {
        let empty = bits_with(self.q.order(), []);
        self.sums(self.q.letters.len(), 0, &empty)
    }

    /// Every sum holding the last letter, the others having been swept with
    /// these antichains: a failure among them must be of one of these.
    fn with_last_letter(&mut self) -> Result<bool, QuotientError> {
        let Some(l) = self.q.letters.len().checked_sub(1) else {
            return Ok(false);
        };
        let x = self.q.letters[l];
        let transitions = self.transitions[l].clone();
        self.word[l] = 1;
        if !self.antichains.keep(x, &transitions) {
            return Ok(false);
        }
        self.letter(l, x, transitions)
    }

    /// The sums that add letters below `d` to the current word, of element `x`.
    fn sums(&mut self, d: usize, x: usize, transitions: &Bits) -> Result<bool, QuotientError> {
        match d.checked_sub(1) {
            None => self.check(x, transitions),
            Some(l) => self.letter(l, x, transitions.clone()),
        }
    }

    /// The sums with each number of copies of letter `l` from the current
    /// one on, until one is passed over.
    fn letter(
        &mut self,
        l: usize,
        mut x: usize,
        mut transitions: Bits,
    ) -> Result<bool, QuotientError> {
        let exponent = self.word[l];
        loop {
            if self.sums(l, x, &transitions)? {
                return Ok(true);
            }
            self.word[l] += 1;
            if let Some(bound) = &self.bound {
                if word_cmp(&self.word, bound) != Ordering::Less {
                    return Ok(true);
                }
            }
            transitions = self.plus(l, x, &transitions);
            x = self.q.table[x][self.q.letters[l]];
            if !self.antichains.keep(x, &transitions) {
                break;
            }
        }
        self.word[l] = exponent;
        Ok(false)
    }

    /// The transitions of the current sum plus letter `l`, the sum's being
    /// `transitions` and its element `x`.
    fn plus(&self, l: usize, x: usize, transitions: &Bits) -> Bits {
        let table = &self.q.table;
        let g = self.q.letters[l];
        let moved = elements_of(transitions).map(|t| table[t][g]);
        let in_l = elements_of(&self.transitions[l]).map(|t| table[x][t]);
        bits_with(self.q.order(), moved.chain(in_l))
    }

    /// Whether the current sum is an N-failure (then it is kept).
    fn check(&mut self, x: usize, transitions: &Bits) -> Result<bool, QuotientError> {
        if self.visited % 1024 == 0 {
            stop::poll();
        }
        self.visited += 1;
        if self.visited > self.max_visits {
            return Err(QuotientError::Limit(format!(
                "verifying the misère quotient visits more than {} sums (QUOTIENT_CHECKS)",
                self.max_visits
            )));
        }
        let has_move = transitions.iter().any(|&w| w != 0);
        let reaches_p = transitions.iter().zip(&self.p).any(|(t, p)| t & p != 0);
        if has_move && !self.q.p[x] && !reaches_p {
            self.failure = Some(self.word.clone());
            return Ok(true);
        }
        Ok(false)
    }
}

impl Pretension {
    /// The least sum that fails a local condition: in `P` with a move into
    /// `P` (a P-failure), or outside `P`, not empty, with no move into `P`
    /// (an N-failure); the empty sum if it is in `P`. `None` when every sum
    /// passes; then also the antichains the sweep left.
    pub(super) fn least_failure(
        &self,
        heaps: &HeapMoves,
        max_checks: u64,
    ) -> Result<(Option<Word>, Antichains), QuotientError> {
        let transitions = transitions(&self.table, &self.letters, heaps);
        if self.p[0] {
            return Ok((
                Some(vec![0; self.letters.len()]),
                Antichains::new(self.order()),
            ));
        }
        let p_failure = self.least_p_failure(&transitions);
        let mut sweep = Sweep::new(
            self,
            &transitions,
            Antichains::new(self.order()),
            max_checks,
        );
        sweep.bound = p_failure.clone();
        sweep.all()?;
        Ok((sweep.failure.or(p_failure), sweep.antichains))
    }

    /// The least sum in `P` with a move into `P`: the least word of some
    /// element `x` plus a letter `l` with `x l` in `P` and `x t` in `P` for
    /// an option `t` of `l` (any such sum is at least that one).
    fn least_p_failure(&self, transitions: &[Vec<usize>]) -> Option<Word> {
        let walk = least_words(&self.table, &self.letters);
        let mut least: Option<Word> = None;
        for &x in &walk.order {
            stop::poll();
            for (l, options) in transitions.iter().enumerate() {
                let row = &self.table[x];
                if self.p[row[self.letters[l]]] && options.iter().any(|&t| self.p[row[t]]) {
                    let mut word = walk.word_of[&x].clone();
                    word[l] += 1;
                    if !least
                        .as_ref()
                        .is_some_and(|w| word_cmp(&word, w) != Ordering::Less)
                    {
                        least = Some(word);
                    }
                }
            }
        }
        least
    }
}

/// The quotient of heaps up to the bound whose letters are all of `heaps`,
/// from `q`, the quotient of the smaller heaps (all letters but the last),
/// and `antichains`, left by a complete sweep of `q` (updated for the new
/// quotient). `None` when no candidate is found within the limits of the
/// method (the caller then learns the quotient from search).
pub(super) fn extend(
    q: &Pretension,
    antichains: &mut Option<Antichains>,
    heaps: &HeapMoves,
    limits: &QuotientLimits,
    learning: &mut dyn FnMut(),
) -> Result<Option<Pretension>, QuotientError> {
    let previous = match antichains.take() {
        Some(found) => found,
        None => match q.least_failure(heaps, limits.checks)? {
            (None, found) => found,
            (Some(_), _) => {
                return Err(QuotientError::Limit(
                    "the misère quotient of the smaller heaps failed its checks (internal inconsistency)"
                        .into(),
                ))
            }
        },
    };
    if let Some((kept, found)) = conservative(q, &previous, heaps, limits)? {
        *antichains = Some(found);
        return Ok(Some(kept));
    }
    let oversized = || {
        QuotientError::Limit(format!(
            "a candidate misère quotient has more than {} elements (QUOTIENT_ORDER)",
            limits.order
        ))
    };
    let mut candidate = with_new_generator(q, heaps, limits.order).ok_or_else(oversized)?;
    for _ in 0..limits.recalibrations {
        learning();
        let failure = match candidate.least_failure(heaps, limits.checks)? {
            (None, found) => {
                *antichains = Some(found);
                return Ok(Some(candidate));
            }
            (Some(failure), _) => failure,
        };
        candidate = match recalibrated(&candidate, &failure, heaps, limits.order) {
            Repair::Found(next) => next,
            Repair::Oversized => return Err(oversized()),
            Repair::NotFound => return Ok(None),
        };
    }
    Ok(None)
}

/// `q` itself with the new heap as one of its elements, if one passes: the
/// heap's own P-failures are checked at once; its N-failures are those of
/// sums holding it (the others passed), and none is possible when the
/// heap's transitions hold the least of a sum of smaller heaps with the same
/// element (each copy of the heap can be traded for that sum).
fn conservative(
    q: &Pretension,
    previous: &Antichains,
    heaps: &HeapMoves,
    limits: &QuotientLimits,
) -> Result<Option<(Pretension, Antichains)>, QuotientError> {
    let mut placeholder = q.letters.clone();
    placeholder.push(0);
    // The options of the new heap hold only smaller heaps.
    let all = transitions(&q.table, &placeholder, heaps);
    let own = &all[q.letters.len()];
    let own_bits = bits_with(q.order(), own.iter().copied());
    let admissible = |x: usize| {
        (0..q.order()).all(|y| !q.p[q.table[y][x]] || own.iter().all(|&t| !q.p[q.table[y][t]]))
            && q.p[x] == own.iter().all(|&t| !q.p[t])
    };
    let candidates: Vec<usize> = (0..q.order()).filter(|&x| admissible(x)).collect();
    let with = |x: usize| {
        let mut letters = q.letters.clone();
        letters.push(x);
        Pretension {
            table: q.table.clone(),
            p: q.p.clone(),
            letters,
        }
    };
    if let Some(&x) = candidates
        .iter()
        .find(|&&x| previous.subsumes(x, &own_bits))
    {
        return Ok(Some((with(x), previous.clone())));
    }
    for x in candidates {
        stop::poll();
        let trial = with(x);
        let transitions = transitions(&trial.table, &trial.letters, heaps);
        let mut sweep = Sweep::new(&trial, &transitions, previous.clone(), limits.checks);
        if !sweep.with_last_letter()? {
            let found = sweep.antichains;
            return Ok(Some((trial, found)));
        }
    }
    Ok(None)
}

/// The first candidate for a heap that is no element of `q`: `q` times a
/// cyclic monoid `<g | g^4 = g^2>` whose `g` is the new heap.
fn with_new_generator(q: &Pretension, heaps: &HeapMoves, max_order: usize) -> Option<Pretension> {
    let product = Product {
        factors: vec![q.table.clone(), cyclic(2, 2)],
    };
    let mut letters = q.letters.clone();
    letters.push(product.embed(1, 1));
    Pretension::marked(&product, &letters, heaps, max_order)
}

/// A candidate that predicts the outcome of `failure`, the least sum that
/// `candidate` fails on, the other way (its options, smaller, are predicted
/// right, so its outcome is the other one): some of the heaps of `failure`
/// are set free of the relations `candidate` gave them, each as the
/// generator of a cyclic monoid whose index reaches its exponent in
/// `failure`, fewest heaps first; none if no such candidate is found
/// within [`QUOTIENT_CANDIDATE`] elements and
/// [`QUOTIENT_RECALIBRATION_TRIES`] tries.
fn recalibrated(
    candidate: &Pretension,
    failure: &[u32],
    heaps: &HeapMoves,
    max_order: usize,
) -> Repair {
    let mut oversized = false;
    let should_be_p = !candidate.p[candidate.element(failure)];
    let involved: Vec<usize> = (0..failure.len()).filter(|&l| failure[l] > 0).collect();
    let tries = (1..=involved.len())
        .flat_map(|size| combinations(&involved, size))
        .take(QUOTIENT_RECALIBRATION_TRIES);
    {
        for freed in tries {
            stop::poll();
            let mut factors = vec![candidate.table.clone()];
            for &l in &freed {
                let index = index_of(&candidate.table, candidate.letters[l])
                    .max(failure[l].saturating_sub(1) as usize);
                // An even period that grows with the index, as MisereSolver's.
                let period = if index >= 6 { 2 * ((index - 4) / 2) } else { 2 };
                factors.push(cyclic(index, period));
            }
            let product = Product { factors };
            if !product.size().is_some_and(|n| n <= QUOTIENT_CANDIDATE) {
                continue;
            }
            let mut letters = candidate.letters.clone();
            for (i, &l) in freed.iter().enumerate() {
                letters[l] = product.embed(i + 1, 1);
            }
            let Some(next) = Pretension::marked(&product, &letters, heaps, max_order) else {
                oversized = true;
                continue;
            };
            if next.p[next.element(failure)] == should_be_p {
                return Repair::Found(next);
            }
        }
    }
    if oversized {
        Repair::Oversized
    } else {
        Repair::NotFound
    }
}

/// What repairing a candidate gave.
enum Repair {
    /// A candidate predicting the failure right.
    Found(Pretension),
    /// None, and some tried had more elements than the limit.
    Oversized,
    /// None.
    NotFound,
}

/// The subsets of `items` of `size` elements, in lexicographic order.
struct Combinations<'a> {
    items: &'a [usize],
    /// The positions of the next subset; `None` when all were given.
    chosen: Option<Vec<usize>>,
}

fn combinations(items: &[usize], size: usize) -> Combinations<'_> {
    Combinations {
        items,
        chosen: (size <= items.len()).then(|| (0..size).collect()),
    }
}

impl Iterator for Combinations<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let chosen = self.chosen.as_mut()?;
        let subset = chosen.iter().map(|&i| self.items[i]).collect();
        let size = chosen.len();
        let last = self.items.len();
        match (0..size).rev().find(|&i| chosen[i] < last - size + i) {
            Some(i) => {
                chosen[i] += 1;
                for j in i + 1..size {
                    chosen[j] = chosen[j - 1] + 1;
                }
            }
            None => self.chosen = None,
        }
        Some(subset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::misere_quotient::MisereQuotient;
    use crate::games::octal::Octal;

    /// The quotient of `code` up to `max_heap` as a candidate, with its heaps.
    fn pretension(code: &str, max_heap: u64) -> (Pretension, HeapMoves) {
        let game: Octal = code.parse().unwrap();
        let q = MisereQuotient::compute(&game, max_heap).unwrap();
        let heaps = HeapMoves::of(&game, max_heap);
        let letters = heaps
            .heaps
            .iter()
            .map(|&h| q.heap_element[h as usize])
            .collect();
        let candidate = Pretension {
            table: q.table,
            p: q.p,
            letters,
        };
        (candidate, heaps)
    }

    /// Every word with each exponent at most `most`, in increasing order.
    fn words(letters: usize, most: u32) -> Vec<Word> {
        let mut all = vec![Vec::new()];
        for _ in 0..letters {
            all = all
                .into_iter()
                .flat_map(|w: Word| (0..=most).map(move |e| [&w[..], &[e]].concat()))
                .collect();
        }
        all.sort_by(|u, v| word_cmp(u, v));
        all
    }

    /// Whether the sum of `word` fails a local condition, from the rules.
    fn fails(q: &Pretension, heaps: &HeapMoves, word: &[u32]) -> bool {
        let x = q.element(word);
        let options = transitions(&q.table, &q.letters, heaps);
        let mut reaches_p = false;
        for l in (0..word.len()).filter(|&l| word[l] > 0) {
            let mut rest = word.to_vec();
            rest[l] -= 1;
            let y = q.element(&rest);
            reaches_p |= options[l].iter().any(|&t| q.p[q.table[y][t]]);
        }
        let empty = word.iter().all(|&e| e == 0);
        if q.p[x] {
            empty || reaches_p
        } else {
            !empty && !reaches_p
        }
    }

    /// The least words the generator powers find are the least of all the
    /// words of each element (those with exponents up to 3, which reach
    /// every element here).
    #[test]
    fn least_words_are_least() {
        for code in ["0.77", "0.07", "0.137"] {
            let (q, _) = pretension(code, 9);
            let walk = least_words(&q.table, &q.letters);
            let mut least: WordTable<usize, Word> = WordTable::default();
            for word in words(q.letters.len(), 3) {
                least.entry(q.element(&word)).or_insert(word);
            }
            assert_eq!(walk.order.len(), q.order(), "{code}");
            for (x, word) in &least {
                assert_eq!(&walk.word_of[x], word, "{code}: element {x}");
            }
            let orders: Vec<&Word> = walk.order.iter().map(|x| &walk.word_of[x]).collect();
            assert!(orders
                .windows(2)
                .all(|w| word_cmp(w[0], w[1]) == Ordering::Less));
        }
    }

    /// A quotient passes; with one element moved in or out of `P`, the
    /// sweep's least failure fails the conditions and no smaller sum (of
    /// those with exponents up to 2) does.
    #[test]
    fn the_least_failure_is_least() {
        for code in ["0.77", "0.07", "0.75"] {
            let (q, heaps) = pretension(code, 8);
            assert!(q.least_failure(&heaps, 1 << 20).unwrap().0.is_none());
            let all = words(q.letters.len(), 2);
            assert!(all.iter().all(|w| !fails(&q, &heaps, w)), "{code}");
            for x in 1..q.order() {
                let mut wrong = q.clone();
                wrong.p[x] = !wrong.p[x];
                let failure = wrong
                    .least_failure(&heaps, 1 << 20)
                    .unwrap()
                    .0
                    .expect("a wrong P-portion fails");
                assert!(fails(&wrong, &heaps, &failure), "{code} {x}: {failure:?}");
                let smaller = all
                    .iter()
                    .take_while(|w| word_cmp(w, &failure) == Ordering::Less)
                    .find(|w| fails(&wrong, &heaps, w));
                assert_eq!(smaller, None, "{code} {x}: {failure:?}");
            }
        }
    }

    #[test]
    fn cyclic_monoids_and_indices() {
        let c = cyclic(2, 2);
        assert_eq!(c.len(), 4);
        assert_eq!(c[3][1], 2); // g^4 = g^2
        assert_eq!(c[3][3], 2); // g^6 = g^2
        assert_eq!(index_of(&c, 1), 2);
        assert_eq!(index_of(&cyclic(0, 2), 1), 0);
        assert_eq!(index_of(&c, 0), 0);
    }

    #[test]
    fn combinations_in_lexicographic_order() {
        let all: Vec<Vec<usize>> = combinations(&[1, 4, 7, 9], 2).collect();
        assert_eq!(
            all,
            [[1, 4], [1, 7], [1, 9], [4, 7], [4, 9], [7, 9]].map(|c| c.to_vec())
        );
        assert_eq!(combinations(&[1], 2).count(), 0);
        assert_eq!(combinations(&[], 0).count(), 1);
    }

    #[test]
    fn products_multiply_componentwise() {
        let product = Product {
            factors: vec![cyclic(0, 2), cyclic(2, 2)],
        };
        assert_eq!(product.size(), Some(8));
        let (a, g) = (product.embed(0, 1), product.embed(1, 1));
        assert_eq!(product.times(a, a), 0);
        let ag = product.times(a, g);
        assert_eq!(ag, a + g);
        assert_eq!(product.times(ag, ag), product.embed(1, 2));
    }
}
