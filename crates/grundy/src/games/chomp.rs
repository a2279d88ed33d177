//! Chomp on an `R` by `C` bar of chocolate.
//!
//! A position is the column heights `H1 >= H2 >= ... >= HC` (a Young diagram
//! standing on the bottom row). A move eats a square, column `i` and row `j`
//! (both from 1, the square present), and every square above and to the right
//! of it: every column `k >= i` is cut to height `min(Hk, j - 1)`. The bottom
//! square of column 1 is poisoned and whoever eats it loses. Under normal play
//! this is modelled by leaving that move out: eating the poison is never
//! better than having no move, so the position holding only the poisoned square
//! has no move and is a P-position (the player to move must eat it and loses),
//! and the game is otherwise ordinary. Every position therefore holds the
//! poisoned square (`H1 >= 1`).
//!
//! There is no known closed form. The theory is exhaustive search over every
//! column-height profile of the smallest board that holds the position
//! (`H1` rows, as many columns as are not empty): `binomial(R + C, C)`
//! profiles, each ranked in the combinatorial number system (colex order) so
//! that the values fit in one array and every option's rank is found in
//! constant time from its parent's; smaller profiles have smaller ranks, so one
//! pass in rank order is bottom-up. Strategy stealing shows that every full
//! rectangle larger than 1 x 1 is an N-position (if eating the top-right
//! square lost, the reply that wins after it would win at once), without
//! saying which move wins: the search says.

use thiserror::Error;

use crate::game::Impartial;
use crate::limits::{CHOMP_PROFILES, CHOMP_WORK};
use crate::nimber::MexSet;
use crate::stop;

/// Chomp on a board of `rows` by `columns` squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chomp {
    rows: u32,
    columns: u32,
}

/// Why a board or a position of Chomp is refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ChompError {
    /// A side of the board is 0.
    #[error("a Chomp board has at least one row and one column")]
    EmptyBoard,
    /// The position is not a column-height profile of the board.
    #[error("{0}")]
    BadPosition(String),
    /// The search needs more profiles or work than the limits allow.
    #[error(
        "the {rows} x {columns} board that holds this position has {profiles} column-height profiles \
         ({work} option look-ups); the exhaustive search takes at most {CHOMP_PROFILES} profiles \
         and {CHOMP_WORK} look-ups (CHOMP_PROFILES, CHOMP_WORK)"
    )]
    TooLarge {
        /// Rows of the board searched.
        rows: u32,
        /// Columns of the board searched.
        columns: u32,
        /// Its number of profiles, as far as it was counted.
        profiles: u128,
        /// Profiles times squares.
        work: u128,
    },
}

/// A move: eat the square in `column`, `row` (both from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChompMove {
    /// The column of the square eaten, from 1.
    pub column: u32,
    /// The row of the square eaten, from 1 (the bottom row is 1).
    pub row: u32,
    /// The column heights after the move, as many as before.
    pub to: Vec<u32>,
}

impl Chomp {
    /// The game on a `rows` by `columns` board, both at least 1.
    pub fn new(rows: u32, columns: u32) -> Result<Chomp, ChompError> {
        if rows == 0 || columns == 0 {
            return Err(ChompError::EmptyBoard);
        }
        Ok(Chomp { rows, columns })
    }

    /// The number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// The full bar: every column `rows` high.
    pub fn full(&self) -> Vec<u32> {
        vec![self.rows; self.columns as usize]
    }

    /// Checks that `heights` is a position of this board: `columns` heights,
    /// not increasing, at most `rows`, the first at least 1 (the poisoned
    /// square is still there).
    pub fn check(&self, heights: &[u32]) -> Result<(), ChompError> {
        let bad = |why: String| Err(ChompError::BadPosition(why));
        if heights.len() != self.columns as usize {
            return bad(format!(
                "give the {} column heights of the {} x {} board (or none: the full bar), not {}",
                self.columns,
                self.rows,
                self.columns,
                heights.len()
            ));
        }
        if let Some(h) = heights.iter().find(|&&h| h > self.rows) {
            return bad(format!(
                "a column of height {h} does not fit in {} rows",
                self.rows
            ));
        }
        if let Some(i) = (1..heights.len()).find(|&i| heights[i] > heights[i - 1]) {
            return bad(format!(
                "column heights must not increase from left to right: column {} ({}) is higher than column {} ({})",
                i + 1,
                heights[i],
                i,
                heights[i - 1]
            ));
        }
        if heights[0] == 0 {
            return bad("the poisoned square (column 1, row 1) is always on the board".into());
        }
        Ok(())
    }

    /// The values of every profile of the smallest board holding `heights`
    /// (a position of this board, see [`Chomp::check`]).
    pub fn solve(&self, heights: &[u32]) -> Result<ChompTable, ChompError> {
        let columns = heights.iter().take_while(|&&h| h > 0).count() as u32;
        ChompTable::new(heights[0], columns)
    }
}

impl Impartial for Chomp {
    type Position = Vec<u32>;

    /// Every square but the poisoned one may be eaten.
    fn options(&self, heights: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut options = Vec::new();
        for (i, &h) in heights.iter().enumerate() {
            for j in 0..h {
                if i == 0 && j == 0 {
                    continue;
                }
                let mut next = heights.clone();
                for x in &mut next[i..] {
                    *x = (*x).min(j);
                }
                options.push(next);
            }
        }
        options
    }
}

/// The Grundy value of every column-height profile of a board.
#[derive(Clone, Debug)]
pub struct ChompTable {
    rows: u32,
    columns: u32,
    /// `weight[k][h]`: what column `k` of height `h` adds to a profile's rank,
    /// `binomial(h + C - 1 - k, C - k)`, at `k * (rows + 1) + h`.
    weight: Vec<u64>,
    /// `prefix[h][k]`: the ranks added by columns `0..k` all of height `h`, at
    /// `h * (columns + 1) + k`.
    prefix: Vec<u64>,
    /// The value of each profile, by rank.
    values: Vec<u32>,
}

/// `binomial(n, k)`, or `None` beyond `u128`.
fn binomial(n: u128, k: u128) -> Option<u128> {
    let k = k.min(n - k);
    let mut b: u128 = 1;
    for i in 1..=k {
        b = b.checked_mul(n - k + i)? / i;
    }
    Some(b)
}

impl ChompTable {
    /// The values of the `rows` by `columns` board, searched exhaustively.
    pub fn new(rows: u32, columns: u32) -> Result<ChompTable, ChompError> {
        let profiles = binomial(u128::from(rows) + u128::from(columns), columns.into());
        let squares = u128::from(rows) * u128::from(columns);
        let too_large = |profiles: u128| ChompError::TooLarge {
            rows,
            columns,
            profiles,
            work: profiles.saturating_mul(squares),
        };
        let profiles = profiles.ok_or_else(|| too_large(u128::MAX))?;
        if profiles > CHOMP_PROFILES as u128 || profiles.saturating_mul(squares) > CHOMP_WORK {
            return Err(too_large(profiles));
        }
        let mut table = ChompTable {
            rows,
            columns,
            weight: Vec::new(),
            prefix: Vec::new(),
            values: vec![0; profiles as usize],
        };
        table.weigh();
        table.fill();
        Ok(table)
    }

    fn weight(&self, column: usize, height: u32) -> u64 {
        self.weight[column * (self.rows as usize + 1) + height as usize]
    }

    fn prefix(&self, height: u32, column: usize) -> u64 {
        self.prefix[height as usize * (self.columns as usize + 1) + column]
    }

    /// The weights, by `weight(k, h) = weight(k, h - 1) + weight(k + 1, h)`
    /// (Pascal's rule), and their prefix sums by height.
    fn weigh(&mut self) {
        let (r, c) = (self.rows as usize + 1, self.columns as usize);
        // Column c (beyond the board) has weight 1 at every height.
        let mut weight = vec![0u64; (c + 1) * r];
        weight[c * r..].fill(1);
        for k in (0..c).rev() {
            for h in 1..r {
                weight[k * r + h] = weight[k * r + h - 1] + weight[(k + 1) * r + h];
            }
        }
        weight.truncate(c * r);
        let mut prefix = vec![0u64; r * (c + 1)];
        for h in 0..r {
            for k in 0..c {
                prefix[h * (c + 1) + k + 1] = prefix[h * (c + 1) + k] + weight[k * r + h];
            }
        }
        self.weight = weight;
        self.prefix = prefix;
    }

    /// The rank of a profile of this board: its colex rank as a set of
    /// `columns` numbers, smaller for every smaller profile.
    pub fn rank(&self, heights: &[u32]) -> usize {
        heights
            .iter()
            .enumerate()
            .map(|(k, &h)| self.weight(k, h))
            .sum::<u64>() as usize
    }

    /// The profile of rank `rank`, into `heights`: column by column, the
    /// greatest height whose weight fits in what is left of the rank.
    fn unrank(&self, mut rank: u64, heights: &mut [u32]) {
        let mut h = self.rows;
        for (k, slot) in heights.iter_mut().enumerate() {
            while self.weight(k, h) > rank {
                h -= 1;
            }
            rank -= self.weight(k, h);
            *slot = h;
        }
    }

    /// Calls `visit(square, rank)` for every option of the profile `heights`
    /// of rank `rank`: `square` is `(column, new height)` from 0, so that the
    /// columns from `column` on are cut to `new height`, and `rank` that of
    /// the option.
    fn for_each_option(
        &self,
        heights: &[u32],
        rank: u64,
        mut visit: impl FnMut((usize, u32), u64),
    ) {
        // Ranks added by the columns before k, as they stand.
        let mut standing = Vec::with_capacity(heights.len() + 1);
        standing.push(0u64);
        for (k, &h) in heights.iter().enumerate() {
            standing.push(standing[k] + self.weight(k, h));
        }
        // taller[j]: how many columns are taller than j (they come first).
        let mut taller = vec![0usize; heights.first().map_or(0, |&h| h as usize)];
        for &h in heights {
            for t in &mut taller[..h as usize] {
                *t += 1;
            }
        }
        for (i, &h) in heights.iter().enumerate() {
            for j in 0..h {
                if i == 0 && j == 0 {
                    continue; // the poisoned square
                }
                // The columns i..end, taller than j, are cut to j.
                let end = taller[j as usize];
                let cut = standing[end] - standing[i];
                let added = self.prefix(j, end) - self.prefix(j, i);
                visit((i, j), rank - cut + added);
            }
        }
    }

    /// Every value, bottom-up in rank order.
    fn fill(&mut self) {
        let mut heights = vec![0u32; self.columns as usize];
        let mut seen = MexSet::default();
        // Rank 0 is the empty board, which no move reaches (value unused).
        for rank in 1..self.values.len() as u64 {
            stop::poll();
            self.unrank(rank, &mut heights);
            seen.clear();
            self.for_each_option(&heights, rank, |_, option| {
                seen.insert(u64::from(self.values[option as usize]));
            });
            self.values[rank as usize] = seen.mex() as u32;
        }
    }

    /// The board's number of profiles.
    pub fn profiles(&self) -> usize {
        self.values.len()
    }

    /// The Grundy value of a position of a board this board fits in (its
    /// empty columns beyond this board's width are left out).
    pub fn value(&self, heights: &[u32]) -> u32 {
        self.values[self.rank(&heights[..self.columns as usize])]
    }

    /// Every move of the position `heights` (of a board this one fits in) to
    /// a position of value `target`, ascending by the position reached.
    pub fn moves_to(&self, heights: &[u32], target: u32) -> Vec<ChompMove> {
        let inside = &heights[..self.columns as usize];
        let mut moves = Vec::new();
        self.for_each_option(inside, self.rank(inside) as u64, |(i, j), option| {
            if self.values[option as usize] == target {
                let mut to = heights.to_vec();
                for x in &mut to[i..] {
                    *x = (*x).min(j);
                }
                moves.push(ChompMove {
                    column: i as u32 + 1,
                    row: j + 1,
                    to,
                });
            }
        });
        moves.sort_by(|a, b| a.to.cmp(&b.to));
        moves
    }

    /// Every winning move of `heights`: the moves to a P-position.
    pub fn winning_moves(&self, heights: &[u32]) -> Vec<ChompMove> {
        self.moves_to(heights, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oracle::{check_claim, Claim};
    use crate::solve::Memo;
    use dashu_int::UBig;
    use proptest::prelude::*;

    /// Every position of the `rows` by `columns` board (poisoned square kept).
    fn profiles(rows: u32, columns: u32) -> Vec<Vec<u32>> {
        let mut all: Vec<Vec<u32>> = (1..=rows).map(|h| vec![h]).collect();
        for _ in 1..columns {
            all = all
                .into_iter()
                .flat_map(|p| {
                    (0..=*p.last().unwrap()).map(move |h| {
                        let mut q = p.clone();
                        q.push(h);
                        q
                    })
                })
                .collect();
        }
        all
    }

    /// Value and winning moves of `heights` against memoised search over the rules.
    fn check(memo: &mut Memo<Chomp>, heights: &[u32]) {
        let game = *memo.game();
        game.check(heights).unwrap();
        let table = game.solve(heights).unwrap();
        let moves = table.winning_moves(heights);
        let claim = Claim {
            outcome: None,
            value: Some(UBig::from(table.value(heights))),
            reached: moves.iter().map(|m| m.to.clone()).collect(),
        };
        for m in &moves {
            let mut eaten = heights.to_vec();
            for x in &mut eaten[m.column as usize - 1..] {
                *x = (*x).min(m.row - 1);
            }
            assert_eq!(eaten, m.to, "{m:?}");
        }
        check_claim(memo, &heights.to_vec(), claim, &heights);
    }

    #[test]
    fn every_small_position_agrees_with_the_rules() {
        for (rows, columns) in [(1, 6), (6, 1), (2, 5), (3, 4), (4, 4), (5, 3), (4, 5)] {
            let mut memo = Memo::new(Chomp::new(rows, columns).unwrap());
            for heights in profiles(rows, columns) {
                check(&mut memo, &heights);
            }
        }
    }

    #[test]
    fn ranks_are_a_bijection_onto_the_binomial_coefficient() {
        for (rows, columns) in [(1, 1), (3, 4), (4, 3), (2, 7), (5, 5)] {
            let table = ChompTable::new(rows, columns).unwrap();
            let mut all: Vec<Vec<u32>> = profiles(rows, columns);
            all.push(vec![0; columns as usize]);
            let mut ranks: Vec<usize> = all.iter().map(|p| table.rank(p)).collect();
            ranks.sort_unstable();
            assert_eq!(ranks, (0..table.profiles()).collect::<Vec<_>>());
            for p in &all {
                let mut back = vec![0; columns as usize];
                table.unrank(table.rank(p) as u64, &mut back);
                assert_eq!(&back, p);
            }
        }
    }

    /// Strategy stealing: every full rectangle but 1 x 1 is won by the first player.
    #[test]
    fn every_full_rectangle_larger_than_one_square_is_an_n_position() {
        for rows in 1..=9 {
            for columns in 1..=9 {
                let game = Chomp::new(rows, columns).unwrap();
                let full = game.full();
                let table = game.solve(&full).unwrap();
                let winning = table.winning_moves(&full);
                assert_eq!(
                    winning.is_empty(),
                    rows * columns == 1,
                    "{rows} x {columns}"
                );
                assert_eq!(table.value(&full) == 0, rows * columns == 1);
            }
        }
    }

    /// Two rows: the P-positions are those whose bottom row is one square
    /// longer than the top row; one row is a Nim heap of its squares but one.
    #[test]
    fn two_rows_and_one_row() {
        let table = ChompTable::new(2, 12).unwrap();
        for heights in profiles(2, 12) {
            let bottom = heights.iter().filter(|&&h| h >= 1).count();
            let top = heights.iter().filter(|&&h| h == 2).count();
            assert_eq!(table.value(&heights) == 0, bottom == top + 1, "{heights:?}");
        }
        let table = ChompTable::new(1, 30).unwrap();
        for n in 1..=30u32 {
            let heights: Vec<u32> = (0..30).map(|i| u32::from(i < n)).collect();
            assert_eq!(table.value(&heights), n - 1);
        }
    }

    #[test]
    fn a_square_board_is_won_by_leaving_two_equal_arms() {
        for n in 2..=8u32 {
            let game = Chomp::new(n, n).unwrap();
            let full = game.full();
            let moves = game.solve(&full).unwrap().winning_moves(&full);
            assert!(
                moves.iter().any(|m| (m.column, m.row) == (2, 2)),
                "{n}: {moves:?}"
            );
        }
    }

    #[test]
    fn bad_positions_and_boards_are_refused() {
        assert_eq!(Chomp::new(0, 3), Err(ChompError::EmptyBoard));
        let game = Chomp::new(3, 3).unwrap();
        for bad in [
            &[3, 2][..],
            &[3, 4, 1],
            &[1, 2, 0],
            &[0, 0, 0],
            &[3, 3, 3, 3],
        ] {
            assert!(matches!(game.check(bad), Err(ChompError::BadPosition(_))));
        }
        assert!(matches!(
            ChompTable::new(40, 40),
            Err(ChompError::TooLarge { .. })
        ));
        assert!(matches!(
            ChompTable::new(u32::MAX, u32::MAX),
            Err(ChompError::TooLarge { .. })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn random_positions_agree_with_the_rules(
            rows in 1u32..=6, columns in 1u32..=6, seed in proptest::collection::vec(0u32..=6, 6)
        ) {
            // A profile: the seed's heights sorted down, capped by the board.
            let mut heights: Vec<u32> = seed[..columns as usize].iter().map(|&h| h.min(rows)).collect();
            heights.sort_unstable_by(|a, b| b.cmp(a));
            heights[0] = heights[0].max(1);
            let mut memo = Memo::new(Chomp::new(rows, columns).unwrap());
            check(&mut memo, &heights);
        }
    }
}
