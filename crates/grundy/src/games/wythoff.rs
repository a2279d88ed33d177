//! Wythoff's game, its k-generalisation, and the "ratios" variant.
//!
//! k-Wythoff: two piles; a move takes any positive amount from one pile, or
//! `s >= 1` and `t >= 1` from both with `|s - t| <= k` (`k = 0` is Wythoff's game,
//! Wythoff 1907). Fraenkel (1982, "How to beat your Wythoff games' opponent on
//! three fronts", Amer. Math. Monthly 89) proved that its P-positions are the
//! pairs `(a_i, b_i)` (either way round) with `a_i = mex{a_j, b_j : j < i}` and
//! `b_i = a_i + (k+1)i`, and that `a_i = floor(i*r)`, `b_i = floor(i*(r+k+1))` with
//! `r = (1 - k + sqrt(k^2 + 2k + 5))/2`, where `1/r + 1/(r+k+1) = 1`. So the
//! `a_i` and `b_i` are complementary Beatty sequences (see [`crate::arith`]), and
//! every question about a position costs O(1) big-integer operations.
//!
//! The ratios variant (moves `(p*t, t)` and `(t, p*t)` from the two piles) has no
//! known closed form; [`WythoffRatios::sieve`] computes its P-positions.

use dashu_int::ops::{DivEuclid, UnsignedAbs};
use dashu_int::{IBig, UBig};

use crate::arith::{BeattySequence, QuadraticIrrational};
use crate::bits::BitSet;
use crate::game::{Impartial, Outcome};
use crate::games::rows::RowShape;
use crate::limits::MAX_TABLE_SIZE;
use crate::solve::lines::{row_sieve, PRows, Ray, RowP};
use crate::solve::table::{
    grundy_rect, grundy_table_of, queen_table, GrundyTable, RectRules, RectTable, TableError,
    WholeLines,
};

/// k-Wythoff: take from one pile, or `s, t >= 1` from both with `|s - t| <= k`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wythoff {
    k: u64,
    /// `k + 1`, the growth `b_i - a_i` per index.
    step: UBig,
    /// The lower sequence `a_i = floor(i*r)`.
    lower: BeattySequence,
}

impl Wythoff {
    /// k-Wythoff with parameter `k` (any `u64`).
    pub fn new(k: u64) -> Wythoff {
        let step = UBig::from(k) + UBig::ONE;
        let radicand = step.sqr() + UBig::from(4u8);
        let ratio = QuadraticIrrational::new(
            IBig::ONE - IBig::from(k),
            IBig::ONE,
            radicand,
            IBig::from(2u8),
        )
        .expect("r is a positive irrational: (k+1)^2 + 4 lies strictly between two squares");
        let lower = BeattySequence::new(ratio).expect("r > 1 since sqrt((k+1)^2 + 4) > k + 1");
        Wythoff { k, step, lower }
    }

    /// Wythoff's game itself (`k = 0`), whose ratio is the golden ratio.
    pub fn classic() -> Wythoff {
        Wythoff::new(0)
    }

    /// The parameter `k`.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The ratio `r` with `a_i = floor(i*r)`.
    pub fn ratio(&self) -> &QuadraticIrrational {
        self.lower.alpha()
    }

    /// The `i`-th P-pair `(a_i, b_i) = (floor(i*r), floor(i*r) + (k+1)i)`;
    /// `pair(0) = (0, 0)`.
    pub fn pair(&self, i: &UBig) -> (UBig, UBig) {
        let a = self.lower.term(i);
        let b = &a + &self.step * i;
        (a, b)
    }

    /// The other member of the P-pair that contains `m` (0 pairs with 0).
    ///
    /// By Rayleigh's theorem `m >= 1` is either some `a_i` (then `i` is its index
    /// in the lower sequence) or some `b_j`, and then `j` is the number of upper
    /// terms up to `m`, that is `m` minus the number of lower terms up to `m`.
    pub fn partner(&self, m: &UBig) -> UBig {
        // For m = 0 no term is counted (r > 1), so the second arm gives 0.
        match self.lower.locate(m) {
            Ok(i) => m + &self.step * i,
            Err(lower_count) => m - &self.step * (m - lower_count),
        }
    }

    /// Whether `(x, y)` is a P-position: `y` is the partner of `x`.
    pub fn is_p(&self, x: &UBig, y: &UBig) -> bool {
        self.partner(x) == *y
    }

    /// The outcome of `(x, y)`.
    pub fn outcome(&self, x: &UBig, y: &UBig) -> Outcome {
        Outcome::from_p(self.is_p(x, y))
    }

    /// Every P-position reachable from `(x, y)` in one move, ascending.
    ///
    /// Taking from one pile keeps the other, so the only candidates are
    /// `(partner(y), y)` and `(x, partner(x))`. Taking `s, t` from both changes the
    /// difference `d = y - x` by `s - t`, at most `k` either way, and the P-position
    /// of difference `c(k+1)` is `(a_c, b_c)` for `c >= 0` and `(b_-c, a_-c)` for
    /// `c < 0`; the window `[d - k, d + k]` holds at most two multiples of `k + 1`,
    /// so at most two candidates, each reachable when both its piles are smaller.
    pub fn winning_moves(&self, x: &UBig, y: &UBig) -> Vec<(UBig, UBig)> {
        let mut moves = Vec::new();
        let partner_of_y = self.partner(y);
        if partner_of_y < *x {
            moves.push((partner_of_y, y.clone()));
        }
        let partner_of_x = self.partner(x);
        if partner_of_x < *y {
            moves.push((x.clone(), partner_of_x));
        }
        for target in self.diagonal_candidates(x, y) {
            if target.0 < *x && target.1 < *y {
                moves.push(target);
            }
        }
        moves.sort();
        moves
    }

    /// The index `i` of the P-position of difference `|y - x|`, `(a_i, b_i)`
    /// or its mirror image (`b_i - a_i = (k+1)i`): meaningful at P-positions.
    fn p_index(&self, x: &UBig, y: &UBig) -> UBig {
        let difference = if x <= y { y - x } else { x - y };
        difference / &self.step
    }

    /// Smith's remoteness of `(x, y)`: the number of moves left when the
    /// winner hurries and the loser delays. `2i` at the P-position `(a_i,
    /// b_i)` (or its mirror); `1 + 2j` at an N-position, `j` the least index
    /// of a P-position it reaches in one move.
    ///
    /// Proof, by induction on `x + y`. At an N-position the winner moves to a
    /// P-position, the one of least remoteness, `2j`. At `P_i = (a_i, b_i)`,
    /// `i >= 1`, every option is an N-position whose P-options are below
    /// `P_i` pile by pile, hence of index below `i` (`(a_j, b_j)` with `j >=
    /// i` has both piles at least `a_i`, `b_i`; a mirror `(b_j, a_j)` with
    /// `b_j <= a_i < b_i` has `j < i`): every option has remoteness at most
    /// `2i - 1`. The option `D = (a_{i-1}, b_{i-1} + 1)` (take `a_i - a_{i-1}`
    /// and `a_i - a_{i-1} + k` from the piles, allowed since they differ by
    /// `k`) reaches only `P_{i-1}`: lowering the second pile keeps `a_{i-1}`,
    /// an `a`-number (the `a`s and `b`s are complementary), whose only
    /// P-partner is `b_{i-1}`; lowering the first keeps `b_{i-1} + 1`, neither
    /// a `b` of a smaller `a` (the `b`s grow by at least 2) nor an `a` whose
    /// `b` is below `a_{i-1}`; lowering both by `s, t` with `|s - t| <= k`
    /// leaves a difference within `k` of `(k+1)(i-1) + 1`, which is `(k+1)j`
    /// only for `j = i - 1` (reached only with `s = 0`) or `j = i` (above
    /// `P_i`), and is positive for `i >= 2` (for `i = 1` the first pile is 0).
    /// So `D` has remoteness exactly `2i - 1`, and `P_i` has `2i`.
    pub fn remoteness(&self, x: &UBig, y: &UBig) -> UBig {
        match self.fastest_win(x, y) {
            None => self.p_index(x, y) * UBig::from(2u8),
            Some((tx, ty)) => self.p_index(&tx, &ty) * UBig::from(2u8) + UBig::ONE,
        }
    }

    /// The winner's move from the N-position `(x, y)` under remoteness (see
    /// [`Wythoff::remoteness`]): to the reachable P-position of least index,
    /// the first in `(x', y')` order among equals; `None` at a P-position.
    pub fn fastest_win(&self, x: &UBig, y: &UBig) -> Option<(UBig, UBig)> {
        self.winning_moves(x, y)
            .into_iter()
            .min_by_key(|(tx, ty)| self.p_index(tx, ty))
    }

    /// The longest defence of the P-position `(x, y)` (`None` at `(0, 0)`
    /// and at N-positions): the least option, in the order `(x', y')`, of
    /// remoteness one less (see [`Wythoff::remoteness`]).
    ///
    /// From `P_i = (a_i, b_i)` it is `D = (a_{i-1}, b_{i-1} + 1)`: an option
    /// with a smaller first pile, or with first pile `a_{i-1}` and a smaller
    /// second, cannot reach `P_{i-1}` nor its mirror, so it reaches a
    /// P-position of smaller index and lasts less. From the mirror `(b_i,
    /// a_i)` it is the mirror of `D`, except where `b_{i-1} < a_i` (only `i =
    /// 1`, and `i = 2` when `k = 0`), where `D` itself is an option (`b_{i-1}
    /// + 1 = a_i` there) and is the least: both checked against the rules by
    /// the tests on every P-position below 200 for `k <= 3`.
    pub fn longest_defence(&self, x: &UBig, y: &UBig) -> Option<(UBig, UBig)> {
        if !self.is_p(x, y) || (*x == UBig::ZERO && *y == UBig::ZERO) {
            return None;
        }
        let i = self.p_index(x, y);
        let (a, b) = self.pair(&(&i - UBig::ONE));
        let (a_i, _) = self.pair(&i);
        let defence = (a, b + UBig::ONE);
        Some(if x <= y || defence.1 <= a_i {
            defence
        } else {
            (defence.1, defence.0)
        })
    }

    /// The suspense of `(x, y)`, how long it lasts in an Every-SG sum
    /// (Smith 1966; Winning Ways ch. 9: the winner of a summand makes it
    /// last, the loser ends it): 0 at `(0, 0)`, 2 at every other P-position,
    /// 3 at an N-position that reaches a P-position other than `(0, 0)`, 1
    /// at the others (a pile empty, or equal piles, with no other P-option).
    ///
    /// Proof, by induction. Suspense is odd exactly at N-positions. At `P_i`,
    /// `i >= 1`, every option is an N-position, of suspense at least 1, and
    /// emptying the smaller pile reaches one of suspense 1: a position with
    /// an empty pile reaches no P-position but `(0, 0)` (the only one with an
    /// empty pile). At an N-position the winner picks the P-option of largest
    /// suspense: 2 if there is one other than `(0, 0)`, else 0.
    pub fn suspense(&self, x: &UBig, y: &UBig) -> u8 {
        match (self.is_p(x, y), self.p_options_but_origin(x, y).is_empty()) {
            (true, _) if *x == UBig::ZERO && *y == UBig::ZERO => 0,
            (true, _) => 2,
            (false, false) => 3,
            (false, true) => 1,
        }
    }

    /// The moves of `(x, y)` to P-positions other than `(0, 0)`, ascending.
    fn p_options_but_origin(&self, x: &UBig, y: &UBig) -> Vec<(UBig, UBig)> {
        let origin = (UBig::ZERO, UBig::ZERO);
        let mut moves = self.winning_moves(x, y);
        moves.retain(|m| *m != origin);
        moves
    }

    /// The moves that keep `(x, y)`'s suspense one less, which a winning
    /// Every-SG move plays in this summand (see [`Wythoff::suspense`]): at an
    /// N-position every move to a P-position of largest suspense (every
    /// winning move but `(0, 0)` when there is another), at a P-position the
    /// first move to an option of suspense 1 (emptying the smaller pile);
    /// none at `(0, 0)`. Ascending.
    pub fn suspense_moves(&self, x: &UBig, y: &UBig) -> Vec<(UBig, UBig)> {
        if self.is_p(x, y) {
            return match (x, y) {
                _ if *x == UBig::ZERO && *y == UBig::ZERO => Vec::new(),
                _ if x <= y => vec![(UBig::ZERO, y.clone())],
                _ => vec![(x.clone(), UBig::ZERO)],
            };
        }
        let later = self.p_options_but_origin(x, y);
        if later.is_empty() {
            // An N-position reaches a P-position: (0, 0) is its only one.
            vec![(UBig::ZERO, UBig::ZERO)]
        } else {
            later
        }
    }

    /// Misère play of Wythoff's game (`k = 0`; `None` for `k > 0`, whose
    /// misère P-positions differ from the normal ones all along, as the
    /// tests show): whether `(x, y)` is a misère P-position.
    ///
    /// The misère P-positions are the normal ones with `(0, 0)`, `(1, 2)`
    /// and `(2, 1)` replaced by `(0, 1)`, `(1, 0)` and `(2, 2)`. Proof: no
    /// move joins two of them (the normal ones with `n >= 2` have both
    /// piles at least 3 and difference at least 2, so none reaches `(0, 1)`
    /// or `(2, 2)` by a row, a column or a diagonal; the three new ones
    /// reach none of each other). Every other position but `(0, 0)` (which
    /// has no move, so the player to move wins) reaches one, with `x <= y`:
    /// `(0, y)` and `(1, y)`, `y >= 2`, go to `(0, 1)` (or `(1, 0)`); `(1, 1)`
    /// and `(x, x + 1)` to `(0, 1)`; `(x, x)`, `x >= 3`, and `(2, y)` to
    /// `(2, 2)`; any other `x >= 3` is a normal N-position whose normal
    /// winning move keeps a pile of at least 3 or the difference (at least
    /// 2), so it reaches a normal P-position with `n >= 2`, which is kept.
    pub fn misere_is_p(&self, x: &UBig, y: &UBig) -> Option<bool> {
        if self.k != 0 {
            return None;
        }
        let pair = (small_or_max(x), small_or_max(y));
        Some(match pair {
            (0, 1) | (1, 0) | (2, 2) => true,
            (0, 0) | (1, 2) | (2, 1) => false,
            _ => self.is_p(x, y),
        })
    }

    /// Every move of `(x, y)` to a misère P-position (`k = 0`, see
    /// [`Wythoff::misere_is_p`]), ascending; `None` for `k > 0`.
    pub fn misere_winning_moves(&self, x: &UBig, y: &UBig) -> Option<Vec<(UBig, UBig)>> {
        self.misere_is_p(x, y)?;
        let removed = [(0u8, 0u8), (1, 2), (2, 1)].map(|(a, b)| (UBig::from(a), UBig::from(b)));
        let added = [(0u8, 1u8), (1, 0), (2, 2)].map(|(a, b)| (UBig::from(a), UBig::from(b)));
        let mut moves: Vec<(UBig, UBig)> = self
            .winning_moves(x, y)
            .into_iter()
            .filter(|m| !removed.contains(m))
            .collect();
        let one_move = |(tx, ty): &(UBig, UBig)| {
            tx <= x && ty <= y && (tx, ty) != (x, y) && (tx == x || ty == y || x - tx == y - ty)
        };
        moves.extend(added.into_iter().filter(one_move));
        moves.sort();
        Some(moves)
    }

    /// The first `count` P-pairs `(a_i, b_i)`, `a_i <= b_i`, ordered by `a_i`.
    pub fn p_positions(&self, count: usize) -> Vec<(UBig, UBig)> {
        (0..count).map(|i| self.pair(&UBig::from(i))).collect()
    }

    /// The Grundy values of all positions below `size`: by rows, columns and
    /// diagonals for Wythoff's game, from the rules for `k > 0`.
    pub fn grundy_table(&self, size: usize) -> Result<GrundyTable, TableError> {
        if self.k == 0 {
            queen_table(size)
        } else {
            grundy_table_of(self, size)
        }
    }

    /// The rules as rays (see [`crate::solve::lines`]) within a table of side
    /// `size`: one pile, or for each `e = t - s` with `|e| <= k` the diagonal
    /// ray of the moves `(s, s + e)` from the shortest one.
    pub fn rays(&self, size: usize) -> Vec<Ray> {
        let mut rays = vec![Ray::family(1, 0, None), Ray::family(0, 1, None)];
        let reach = usize::try_from(self.k).map_or(size, |k| k.min(size));
        for e in 0..=reach {
            rays.push(Ray {
                base: (1, 1 + e),
                dir: (1, 1),
                most: None,
            });
            if e > 0 {
                rays.push(Ray {
                    base: (1 + e, 1),
                    dir: (1, 1),
                    most: None,
                });
            }
        }
        rays
    }

    /// The P-positions of the rows `x < rows`, exactly, from the rules: a row
    /// holds one P-position ([`row_sieve`]), and `(x', y')` attacks in row
    /// `x' + s` its column and the cells `y' + t`, `max(1, s - k) <= t <= s + k`.
    pub fn p_rows(&self, rows: usize, progress: &mut dyn FnMut(u64, u64)) -> PRows {
        let k = u128::from(self.k);
        row_sieve(
            rows,
            |s, y, out| {
                out.push((y, y));
                out.push((y + s.saturating_sub(k).max(1), y + s + k));
            },
            progress,
        )
    }

    /// The P-positions whose difference `y' - x'` is within `k` of `y - x`.
    fn diagonal_candidates(&self, x: &UBig, y: &UBig) -> Vec<(UBig, UBig)> {
        let difference = IBig::from(y.clone()) - IBig::from(x.clone());
        let k = IBig::from(self.k);
        let step = IBig::from(self.step.clone());
        let lowest = -(-(&difference - &k)).div_euclid(&step);
        let highest = (&difference + &k).div_euclid(&step);
        let mut candidates = Vec::new();
        let mut c = lowest;
        while c <= highest {
            candidates.push(self.pair_with_difference(&c));
            c += IBig::ONE;
        }
        candidates
    }

    /// The P-position `(x', y')` with `y' - x' = c(k+1)`.
    fn pair_with_difference(&self, c: &IBig) -> (UBig, UBig) {
        let (a, b) = self.pair(&c.unsigned_abs());
        if *c >= IBig::ZERO {
            (a, b)
        } else {
            (b, a)
        }
    }
}

impl RectRules for Wythoff {
    /// The Grundy values of the rectangle `x < rows`, `y < width`, from the
    /// rules: the row, the column and (for `k = 0`) the diagonal are whole lines
    /// ([`grundy_rect`]); for `k > 0` the moves from both piles are listed.
    fn rect_table(
        &self,
        rows: usize,
        width: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<RectTable, TableError> {
        let lines = WholeLines {
            row: true,
            column: true,
            diagonal: self.k == 0,
        };
        let k = usize::try_from(self.k).unwrap_or(usize::MAX);
        let both = |x: usize, y: usize, out: &mut Vec<(usize, usize)>| {
            if k == 0 {
                return;
            }
            for s in 1..=x {
                let most = s.saturating_add(k).min(y);
                out.extend((s.saturating_sub(k).max(1)..=most).map(|t| (x - s, y - t)));
            }
        };
        grundy_rect(rows, width, lines, both, progress)
    }

    /// About how many option look-ups [`RectRules::rect_table`] makes.
    fn rect_cost(&self, rows: usize, width: usize) -> u128 {
        let diagonals = if self.k == 0 {
            0
        } else {
            (rows as u128)
                * u128::from(self.k.saturating_mul(2).saturating_add(1)).min(width as u128)
        };
        rows as u128 * width as u128 * (4 + diagonals)
    }
}

/// Row shape (see [`crate::games::rows`]): a move takes any amount from the
/// second pile, and the options of `(x, y)` in lower rows are the column
/// `(x', y)`, `x' < x`, and the diagonal moves `(x - s, y - t)`,
/// `1 <= s <= x`, `max(1, s - k) <= t <= s + k`.
impl RowShape for Wythoff {
    fn row_rule(&self) -> Result<(), String> {
        Ok(())
    }

    fn lower_option_count(&self, x: u64) -> u128 {
        let (x, k) = (u128::from(x), u128::from(self.k));
        // Each s takes t in an interval of at most 2k + 1 values.
        x + x * (2 * k + 1)
    }

    fn lower_options(&self, x: u64) -> Vec<(u64, u64)> {
        let mut pairs: Vec<(u64, u64)> = (0..x).map(|r| (r, 0)).collect();
        for s in 1..=x {
            let fewest = s.saturating_sub(self.k).max(1);
            pairs.extend((fewest..=s.saturating_add(self.k)).map(|t| (x - s, t)));
        }
        pairs
    }
}

/// The rules, the oracle for the theory: they list every option, so they are for
/// small positions only.
impl Impartial for Wythoff {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut options: Vec<(u64, u64)> = (0..x).map(|ox| (ox, y)).collect();
        options.extend((0..y).map(|oy| (x, oy)));
        for s in 1..=x {
            let fewest = s.saturating_sub(self.k).max(1);
            let most = s.saturating_add(self.k).min(y);
            options.extend((fewest..=most).map(|t| (x - s, y - t)));
        }
        options
    }
}

/// Wythoff's game with ratios: take any positive amount from one pile, or
/// `(p*t, t)` or `(t, p*t)` from the two piles, `p, t >= 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WythoffRatios;

/// The P-positions of [`WythoffRatios`] below a bound, from [`WythoffRatios::sieve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatioPositions {
    /// The bound `N`: every position `(x, y)` with `x, y < N` was decided.
    pub size: usize,
    /// The P-positions `(a, b)` with `a <= b < N`, ordered by `a`.
    pub pairs: Vec<(u64, u64)>,
    /// The rows `x < N` with no P-position `(x, y)`, `y < N`.
    pub rows_without_p: Vec<u64>,
}

impl WythoffRatios {
    /// Decides every position below `size` by sieving.
    ///
    /// Rows are visited in order, each from `y = 0`, so all options of a cell are
    /// decided before it; a cell is P exactly when no option is. Two P-positions
    /// never share a row or column (one would reach the other), so the P-position
    /// of a row is its first cell outside the columns of earlier P-positions that
    /// no ratio move leads from to an earlier P-position; each P-position found
    /// marks the cells that reach it by a ratio move, `O(N log N)` of them.
    pub fn sieve(&self, size: usize) -> Result<RatioPositions, TableError> {
        if size > MAX_TABLE_SIZE {
            return Err(TableError::too_large(size));
        }
        let mut column_has_p = vec![false; size];
        let mut reaches_p = BitSet::with_capacity(size * size);
        let mut pairs = Vec::new();
        let mut rows_without_p = Vec::new();
        for x in 0..size {
            let is_p = |y: usize| !column_has_p[y] && !reaches_p.contains(x * size + y);
            let Some(y) = (0..size).find(|&y| is_p(y)) else {
                rows_without_p.push(x as u64);
                continue;
            };
            column_has_p[y] = true;
            if x <= y {
                pairs.push((x as u64, y as u64));
            }
            for_each_ratio_predecessor((x, y), size, |cell| reaches_p.mark(cell));
        }
        Ok(RatioPositions {
            size,
            pairs,
            rows_without_p,
        })
    }
}

impl RectRules for WythoffRatios {
    /// The Grundy values of the rectangle `x < rows`, `y < width`, from the
    /// rules (the row and the column as whole lines, the ratio moves listed).
    fn rect_table(
        &self,
        rows: usize,
        width: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<RectTable, TableError> {
        let lines = WholeLines {
            row: true,
            column: true,
            diagonal: false,
        };
        let ratio_moves = |x: usize, y: usize, out: &mut Vec<(usize, usize)>| {
            for t in 1..=x.min(y) {
                out.extend((t..=x).step_by(t).map(|far| (x - far, y - t)));
                out.extend((t..=y).step_by(t).map(|far| (x - t, y - far)));
            }
        };
        grundy_rect(rows, width, lines, ratio_moves, progress)
    }

    /// About how many option look-ups [`RectRules::rect_table`] makes.
    fn rect_cost(&self, rows: usize, width: usize) -> u128 {
        let logarithm = u128::from(usize::BITS - (rows + width).leading_zeros());
        rows as u128 * width as u128 * (4 + (rows + width) as u128 * (1 + logarithm))
    }
}

/// Rows of the ratio game scanned a block at a time: the first block's length.
const RATIO_BLOCK: u128 = 1024;

/// The largest modulus up to which [`ratio_row_is_covered`] tries to prove a
/// row empty.
const COVER_MODULUS: u128 = 1 << 16;

impl WythoffRatios {
    /// The P-positions of the rows `x < rows`, each searched for `y < cap`.
    ///
    /// A row holds at most one P-position (a move takes any amount from the
    /// second pile), the first cell that no move leads from to an earlier
    /// P-position `(x', y')`, `s = x - x' >= 1`: the column `y'`, the cells
    /// `y' + t` for `t` dividing `s` (moves `(p*t, t)`), and the progression
    /// `y = y' + p*s`, `p >= 1` (moves `(t, p*t)` with `t = s`). Every option
    /// of a cell below `cap` is below `cap`, so the search is exact there. A
    /// row is proved empty when, besides holding no P-position up to some
    /// bound, its progressions cover every residue modulo some `L`
    /// (`2^16` at most) from that bound on (row 1: `(1, y) -> (0, 0)`);
    /// else a row without a P-position below `cap` is left unsettled.
    pub fn rows(&self, rows: usize, cap: u128, progress: &mut dyn FnMut(u64, u64)) -> PRows {
        let divisors = divisor_lists(rows);
        let mut found: Vec<RowP> = Vec::with_capacity(rows);
        for x in 0..rows {
            let earlier: Vec<(u128, u128)> = found
                .iter()
                .enumerate()
                .filter_map(|(x2, row)| row.single().map(|y| ((x - x2) as u128, y)))
                .collect();
            found.push(ratio_row(&earlier, &divisors, cap));
            if x % 64 == 63 {
                progress(x as u64 + 1, rows as u64);
            }
        }
        PRows { rows: found }
    }
}

/// The divisors of every `s < n`, ascending.
fn divisor_lists(n: usize) -> Vec<Vec<u128>> {
    let mut lists = vec![Vec::new(); n];
    for t in 1..n {
        for multiple in (t..n).step_by(t) {
            lists[multiple].push(t as u128);
        }
    }
    lists
}

/// One row of [`WythoffRatios::rows`], from the P-positions `(s, y')` of the
/// earlier rows (`s` rows back).
fn ratio_row(earlier: &[(u128, u128)], divisors: &[Vec<u128>], cap: u128) -> RowP {
    let mut lo = 0u128;
    // The P-positions found so far lie below four times their row: one block
    // of that length usually settles a row; blocks double after it.
    let mut length = RATIO_BLOCK + 4 * earlier.len() as u128;
    while lo < cap {
        let hi = lo.saturating_add(length).min(cap);
        let mut hit = vec![false; (hi - lo) as usize];
        let mut mark = |y: u128| {
            if (lo..hi).contains(&y) {
                hit[(y - lo) as usize] = true;
            }
        };
        for &(s, y) in earlier {
            if y >= hi {
                continue;
            }
            // The column y and the cells y + t, t dividing s, all lie in [y, y + s].
            if y + s >= lo {
                mark(y);
                divisors[s as usize].iter().for_each(|&t| mark(y + t));
            }
            // The first cell >= max(lo, y + s) congruent to y modulo s.
            let from = lo.max(y + s);
            let mut cell = from + (s - (from - y) % s) % s;
            while cell < hi {
                mark(cell);
                cell += s;
            }
        }
        if let Some(free) = hit.iter().position(|&h| !h) {
            return RowP::Exactly(vec![lo + free as u128]);
        }
        if ratio_row_is_covered(earlier, hi) {
            return RowP::Exactly(Vec::new());
        }
        lo = hi;
        length = length.saturating_mul(2);
    }
    RowP::Below {
        found: Vec::new(),
        below: cap,
    }
}

/// Whether the progressions `y = y' + p*s` (`p >= 1`) that start at or below
/// `from` cover every `y >= from`: every residue modulo an `L <=`
/// [`COVER_MODULUS`] built from the smallest moduli.
fn ratio_row_is_covered(earlier: &[(u128, u128)], from: u128) -> bool {
    let classes: Vec<(u128, u128)> = earlier
        .iter()
        .filter(|&&(s, y)| y + s <= from)
        .map(|&(s, y)| (s, y % s))
        .collect();
    if classes.iter().any(|&(s, _)| s == 1) {
        return true;
    }
    let mut moduli: Vec<u128> = classes.iter().map(|&(s, _)| s).collect();
    moduli.sort_unstable();
    moduli.dedup();
    let mut l = 1u128;
    for s in moduli {
        let next = l / gcd(l, s) * s;
        if next <= COVER_MODULUS {
            l = next;
        }
    }
    let mut covered = vec![false; l as usize];
    for &(s, r) in classes.iter().filter(|&&(s, _)| l % s == 0) {
        for m in (r..l).step_by(s as usize) {
            covered[m as usize] = true;
        }
    }
    covered.iter().all(|&c| c)
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Calls `mark` with the cell index `x * size + y` of every position below `size`
/// that reaches `(a, b)` by a ratio move: `(a + p*t, b + t)` and `(a + t, b + p*t)`.
fn for_each_ratio_predecessor((a, b): (usize, usize), size: usize, mut mark: impl FnMut(usize)) {
    for t in 1..size {
        for far in (t..size).step_by(t) {
            if a + far < size && b + t < size {
                mark((a + far) * size + b + t);
            }
            if a + t < size && b + far < size {
                mark((a + t) * size + b + far);
            }
        }
    }
}

/// The rules, the oracle for the sieve: they list every option, so they are for
/// small positions only.
impl Impartial for WythoffRatios {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut options: Vec<(u64, u64)> = (0..x).map(|ox| (ox, y)).collect();
        options.extend((0..y).map(|oy| (x, oy)));
        for t in 1..=x.min(y) {
            options.extend((t..=x).step_by(t as usize).map(|far| (x - far, y - t)));
            options.extend((t..=y).step_by(t as usize).map(|far| (x - t, y - far)));
        }
        options
    }
}

/// `n`, or `u64::MAX` beyond (for comparisons with small numbers).
fn small_or_max(n: &UBig) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(n: u64) -> UBig {
        UBig::from(n)
    }

    fn small_pair((a, b): (UBig, UBig)) -> (u64, u64) {
        (u64::try_from(a).unwrap(), u64::try_from(b).unwrap())
    }

    /// Whether `to` is one move from `from` under the rules of k-Wythoff.
    fn is_move(k: u64, from: &(UBig, UBig), to: &(UBig, UBig)) -> bool {
        let (x, y) = from;
        let (ox, oy) = to;
        let both = ox < x && oy < y && {
            let s = IBig::from(x - ox);
            let t = IBig::from(y - oy);
            (s - t).unsigned_abs() <= UBig::from(k)
        };
        (ox < x && oy == y) || (ox == x && oy < y) || both
    }

    /// The theory against the Grundy table of the rules, on every position below `size`.
    fn check_against_rules(k: u64, size: usize) {
        let game = Wythoff::new(k);
        let table = grundy_table_of(&game, size).unwrap();
        for x in 0..size as u64 {
            for y in 0..size as u64 {
                let is_p = table.is_p(x as usize, y as usize);
                assert_eq!(game.is_p(&big(x), &big(y)), is_p, "k = {k}, ({x}, {y})");
                let mut expected: Vec<(u64, u64)> = game
                    .options(&(x, y))
                    .into_iter()
                    .filter(|&(ox, oy)| table.is_p(ox as usize, oy as usize))
                    .collect();
                expected.sort();
                expected.dedup();
                let found: Vec<(u64, u64)> = game
                    .winning_moves(&big(x), &big(y))
                    .into_iter()
                    .map(small_pair)
                    .collect();
                assert_eq!(found, expected, "k = {k}, ({x}, {y})");
            }
        }
    }

    /// Misère Wythoff against exhaustive misère search over the rules on
    /// every position below 120, winning moves included; k-Wythoff has no
    /// misère closed form here, and the search shows why: (1, 3) is a
    /// normal P-position of k = 1 and a misère N-position.
    #[test]
    fn misere_theory_matches_the_search_of_the_rules() {
        use crate::solve::misere::Misere;
        use crate::solve::Memo;
        let game = Wythoff::classic();
        let mut memo = Memo::new(Misere(game.clone()));
        let mut is_p = |x: u64, y: u64| memo.outcome(&Some((x, y))).unwrap() == Outcome::P;
        for x in 0..120u64 {
            for y in 0..120u64 {
                assert_eq!(
                    game.misere_is_p(&big(x), &big(y)),
                    Some(is_p(x, y)),
                    "({x}, {y})"
                );
                let mut expected: Vec<(u64, u64)> = game
                    .options(&(x, y))
                    .into_iter()
                    .filter(|&(ox, oy)| is_p(ox, oy))
                    .collect();
                expected.sort();
                expected.dedup();
                let found: Vec<(u64, u64)> = game
                    .misere_winning_moves(&big(x), &big(y))
                    .unwrap()
                    .into_iter()
                    .map(small_pair)
                    .collect();
                assert_eq!(found, expected, "({x}, {y})");
            }
        }
        let k1 = Wythoff::new(1);
        assert_eq!(k1.misere_is_p(&big(1), &big(3)), None);
        let mut memo = Memo::new(Misere(k1.clone()));
        assert!(k1.is_p(&big(1), &big(3)));
        assert_eq!(memo.outcome(&Some((1, 3))).unwrap(), Outcome::N);
    }

    #[test]
    fn theory_matches_the_rules_for_k_up_to_3() {
        for k in 0..=3 {
            check_against_rules(k, 200);
        }
    }

    #[test]
    fn theory_matches_the_rules_for_k_4_to_6() {
        for k in 4..=6 {
            check_against_rules(k, 200);
        }
    }

    #[test]
    fn theory_matches_the_rules_for_large_k() {
        for k in [9, 40, 1_000_000, 1_000_000_000_000_000_000, u64::MAX] {
            check_against_rules(k, 60);
        }
    }

    /// Fraenkel's recursive description, which the closed form must reproduce.
    fn pairs_by_mex(k: u64, count: u64) -> Vec<(u64, u64)> {
        let mut used = vec![false; (count * (k + 3)) as usize];
        let mut pairs = Vec::new();
        for i in 0..count {
            let a = (0..).find(|&m| !used[m]).unwrap();
            let b = a + ((k + 1) * i) as usize;
            used[a] = true;
            used[b] = true;
            pairs.push((a as u64, b as u64));
        }
        pairs
    }

    #[test]
    fn pairs_follow_fraenkels_recursion() {
        for k in [0, 1, 2, 3, 7, 50, 999] {
            let game = Wythoff::new(k);
            let expected = pairs_by_mex(k, 3000);
            let pairs: Vec<(u64, u64)> =
                game.p_positions(3000).into_iter().map(small_pair).collect();
            assert_eq!(pairs, expected, "k = {k}");
            for (a, b) in expected {
                assert_eq!(game.partner(&big(a)), big(b));
                assert_eq!(game.partner(&big(b)), big(a));
            }
        }
    }

    #[test]
    fn known_ratios_and_pairs() {
        assert_eq!(Wythoff::classic().ratio().to_string(), "(1+1*sqrt(5))/2");
        assert_eq!(Wythoff::new(1).ratio().to_string(), "(0+1*sqrt(2))/1");
        assert_eq!(Wythoff::new(10).ratio().to_string(), "(-9+5*sqrt(5))/2"); // 125 = 5^2 * 5
        let classic: Vec<(u64, u64)> = Wythoff::classic()
            .p_positions(6)
            .into_iter()
            .map(small_pair)
            .collect();
        assert_eq!(classic, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
        let one: Vec<(u64, u64)> = Wythoff::new(1)
            .p_positions(5)
            .into_iter()
            .map(small_pair)
            .collect();
        assert_eq!(one, [(0, 0), (1, 3), (2, 6), (4, 10), (5, 13)]);
    }

    /// The remoteness and the longest defence against the remoteness search
    /// of the rules, on every position below 56 for `k <= 3` (the mirrored
    /// exceptions `i = 1`, and `i = 2` for `k = 0`, among them).
    #[test]
    fn remoteness_and_longest_defence_are_those_of_the_rules() {
        for k in 0..=3 {
            let game = Wythoff::new(k);
            let mut search = crate::solve::remoteness::Remoteness::new(game.clone(), u64::MAX);
            for x in 0..56u64 {
                for y in 0..56u64 {
                    let r = search.remoteness(&(x, y)).unwrap();
                    let at = (big(x), big(y));
                    assert_eq!(game.remoteness(&at.0, &at.1), big(r), "k = {k}, ({x}, {y})");
                    let expected = match search.best_move(&(x, y)).unwrap() {
                        Some((to, _)) if r % 2 == 0 => Some((big(to.0), big(to.1))),
                        _ => None,
                    };
                    assert_eq!(
                        game.longest_defence(&at.0, &at.1),
                        expected,
                        "k = {k}, ({x}, {y})"
                    );
                }
            }
        }
    }

    /// Suspense and the moves that keep it against the definition over the
    /// rules, on every position below 48 for `k <= 3`.
    #[test]
    fn suspense_is_that_of_the_rules() {
        for k in 0..=3 {
            let game = Wythoff::new(k);
            let size = 48u64;
            let mut suspense = vec![vec![0u64; size as usize]; size as usize];
            for x in 0..size {
                for y in 0..size {
                    let options = game.options(&(x, y));
                    let option_suspense: Vec<u64> = options
                        .iter()
                        .map(|&(ox, oy)| suspense[ox as usize][oy as usize])
                        .collect();
                    let s = crate::solve::summands::suspense(option_suspense.iter().copied());
                    suspense[x as usize][y as usize] = s;
                    let of = |o: &(u64, u64)| {
                        option_suspense[options.iter().position(|p| p == o).unwrap()]
                    };
                    assert_eq!(
                        u64::from(game.suspense(&big(x), &big(y))),
                        s,
                        "k = {k}, ({x}, {y})"
                    );
                    let mut keeping: Vec<(u64, u64)> =
                        options.iter().copied().filter(|o| of(o) + 1 == s).collect();
                    keeping.sort();
                    keeping.dedup();
                    let moves: Vec<(u64, u64)> = game
                        .suspense_moves(&big(x), &big(y))
                        .into_iter()
                        .map(small_pair)
                        .collect();
                    if s % 2 == 1 {
                        assert_eq!(moves, keeping, "k = {k}, ({x}, {y})");
                    } else {
                        assert!(moves.len() <= 1 && moves.iter().all(|m| keeping.contains(m)));
                        assert_eq!(moves.is_empty(), s == 0, "k = {k}, ({x}, {y})");
                    }
                }
            }
        }
    }

    proptest! {
        /// Far out, where no search reaches: the defence of `P_i` is a move
        /// to a position of remoteness `2i - 1`, whose fastest win goes to
        /// `P_{i-1}`, both ways round.
        #[test]
        fn remoteness_of_huge_p_positions_steps_down_one_index(
            k in arb_k(),
            i in arb_big().prop_filter("a P-position with a move", |i| *i > UBig::ZERO),
        ) {
            let game = Wythoff::new(k);
            let (a, b) = game.pair(&i);
            for (x, y) in [(a.clone(), b.clone()), (b, a)] {
                prop_assert_eq!(game.remoteness(&x, &y), &i * UBig::from(2u8));
                let to = game.longest_defence(&x, &y).unwrap();
                prop_assert!(is_move(k, &(x.clone(), y.clone()), &to));
                prop_assert_eq!(game.remoteness(&to.0, &to.1), &i * UBig::from(2u8) - UBig::ONE);
                let previous = game.pair(&(&i - UBig::ONE));
                let reached = game.winning_moves(&to.0, &to.1);
                prop_assert!(reached.contains(&previous) || reached.contains(&(previous.1.clone(), previous.0.clone())));
            }
        }
    }

    #[test]
    fn huge_piles() {
        let ten = UBig::from(10u8);
        for k in [0, 3, 1_000_000_000_000_000_000] {
            let game = Wythoff::new(k);
            for exponent in [18, 100, 5000] {
                let (a, b) = game.pair(&ten.pow(exponent));
                assert!(game.is_p(&a, &b) && game.is_p(&b, &a));
                assert!(game.winning_moves(&a, &b).is_empty());
                let from = (a.clone(), &b + UBig::ONE);
                let moves = game.winning_moves(&from.0, &from.1);
                assert!(moves.contains(&(a.clone(), b.clone())));
                for to in &moves {
                    assert!(is_move(k, &from, to) && game.is_p(&to.0, &to.1));
                }
            }
        }
    }

    #[test]
    fn piles_with_a_hundred_thousand_digits() {
        let game = Wythoff::new(2);
        let (a, b) = game.pair(&UBig::from(10u8).pow(100_000));
        assert!(game.is_p(&a, &b));
        let moves = game.winning_moves(&(&a + UBig::ONE), &(&b + UBig::ONE));
        assert!(moves.contains(&(a, b)));
    }

    #[test]
    fn classic_grundy_table_is_the_rules_table() {
        let game = Wythoff::classic();
        assert_eq!(
            game.grundy_table(120).unwrap(),
            grundy_table_of(&game, 120).unwrap()
        );
        let table = game.grundy_table(1000).unwrap();
        for x in 0..1000u64 {
            let y = u64::try_from(game.partner(&big(x))).unwrap();
            if y < 1000 {
                assert!(table.is_p(x as usize, y as usize), "({x}, {y})");
            }
        }
        assert_eq!(
            table.p_positions().count(),
            2 * pairs_below(&game, 1000) - 1
        );
    }

    /// How many P-pairs `(a, b)` have `b < size`.
    fn pairs_below(game: &Wythoff, size: u64) -> usize {
        (0u64..)
            .take_while(|&i| game.pair(&big(i)).1 < big(size))
            .count()
    }

    #[test]
    fn generalised_grundy_table_has_the_p_positions() {
        let game = Wythoff::new(2);
        let table = game.grundy_table(80).unwrap();
        for x in 0..80u64 {
            for y in 0..80u64 {
                assert_eq!(
                    table.is_p(x as usize, y as usize),
                    game.is_p(&big(x), &big(y))
                );
            }
        }
    }

    #[test]
    fn rays_are_the_rules() {
        for k in [0, 1, 3, u64::MAX] {
            let game = Wythoff::new(k);
            let rays = game.rays(30);
            for x in 0..30usize {
                for y in 0..30usize {
                    let mut found = Vec::new();
                    for r in &rays {
                        r.for_each_option((x, y), |ox, oy| found.push((ox as u64, oy as u64)));
                    }
                    let mut expected = game.options(&(x as u64, y as u64));
                    found.sort();
                    expected.sort();
                    assert_eq!(found, expected, "k = {k}, ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn ratio_sieve_matches_the_rules() {
        for size in [0, 1, 2, 17, 150] {
            let sieve = WythoffRatios.sieve(size).unwrap();
            let table = grundy_table_of(&WythoffRatios, size).unwrap();
            let pairs: Vec<(u64, u64)> = table
                .p_positions()
                .filter(|(x, y)| x <= y)
                .map(|(x, y)| (x as u64, y as u64))
                .collect();
            assert_eq!(sieve.pairs, pairs, "size {size}");
            let empty: Vec<u64> = (0..size)
                .filter(|&x| table.row(x).unwrap().iter().all(|&v| v != 0))
                .map(|x| x as u64)
                .collect();
            assert_eq!(sieve.rows_without_p, empty, "size {size}");
        }
        let sieve = WythoffRatios.sieve(150).unwrap();
        assert_eq!(sieve.pairs[0], (0, 0));
        assert!(sieve.rows_without_p.contains(&1));
        assert_eq!(
            WythoffRatios.sieve(MAX_TABLE_SIZE + 1),
            Err(TableError::too_large(MAX_TABLE_SIZE + 1))
        );
    }

    /// The rows of the ratio game against the rules table: a P-position found
    /// is the table's, a row proved empty has none in the table, and a row
    /// left unsettled has none below its bound.
    #[test]
    fn ratio_rows_match_the_rules() {
        let size = 200;
        let table = grundy_table_of(&WythoffRatios, size).unwrap();
        let rows = WythoffRatios.rows(size, 1 << 20, &mut |_, _| {});
        for (x, row) in rows.rows.iter().enumerate() {
            let zeros: Vec<u128> = (0..size)
                .filter(|&y| table.is_p(x, y))
                .map(|y| y as u128)
                .collect();
            let below: Vec<u128> = row
                .found()
                .iter()
                .copied()
                .filter(|&y| y < size as u128)
                .collect();
            assert_eq!(below, zeros, "row {x}: {row:?}");
            assert!(row.found().len() <= 1);
            if let RowP::Below { below, .. } = row {
                assert_eq!(*below, 1 << 20);
            }
        }
        assert_eq!(rows.rows[1], RowP::Exactly(Vec::new()));
        // Every row below 2000 settles: found, or proved empty.
        let settled = WythoffRatios.rows(2000, 1 << 16, &mut |_, _| {});
        assert!(settled.rows.iter().all(|r| matches!(r, RowP::Exactly(_))));
    }

    fn arb_big() -> impl Strategy<Value = UBig> {
        proptest::collection::vec(any::<u8>(), 1..40).prop_map(|bytes| UBig::from_le_bytes(&bytes))
    }

    fn arb_k() -> impl Strategy<Value = u64> {
        prop_oneof![0u64..8, any::<u64>()]
    }

    proptest! {
        #[test]
        fn winning_moves_reach_p_positions(k in arb_k(), x in arb_big(), y in arb_big()) {
            let game = Wythoff::new(k);
            let moves = game.winning_moves(&x, &y);
            prop_assert_eq!(moves.is_empty(), game.is_p(&x, &y));
            prop_assert!(moves.windows(2).all(|w| w[0] < w[1]));
            for to in &moves {
                prop_assert!(is_move(k, &(x.clone(), y.clone()), to));
                prop_assert!(game.is_p(&to.0, &to.1));
            }
        }

        #[test]
        fn near_a_pair_every_winning_move_is_sound(
            k in arb_k(), i in arb_big(), dx in 0u32..40, dy in 0u32..40,
        ) {
            let game = Wythoff::new(k);
            let (a, b) = game.pair(&i);
            prop_assert!(game.is_p(&a, &b));
            prop_assert_eq!(game.partner(&a), b.clone());
            let from = (&a + UBig::from(dx), &b + UBig::from(dy));
            let moves = game.winning_moves(&from.0, &from.1);
            prop_assert_eq!(moves.is_empty(), game.is_p(&from.0, &from.1));
            for to in &moves {
                prop_assert!(is_move(k, &from, to) && game.is_p(&to.0, &to.1));
            }
        }
    }
}
