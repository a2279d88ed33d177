//! Every limit grundy states and enforces, in one place.
//!
//! A limit bounds the work, the memory or the size of one answer. Each is
//! checked before the work it bounds starts, and a request beyond it gets an
//! [`Error::Limit`](crate::Error::Limit) that says which limit and, where the
//! verb has one, the option that moves it (`--count`, `--max`, `--size`). A
//! budget that cuts a search short is reported in the answer ("unknown below
//! X", "unsettled below X"), never turned into a verdict. The book's table of
//! limits lists the same names and values, and a test keeps the two equal.

// Sequences and periods of heap games.
/// The most values `sequence` of a heap game computes in one call.
pub const MAX_COUNT: u64 = 100_000_000;

/// The most values of an octal game one run computes: heaps are indexed by
/// `u32` in the engine, and 2^32 values take 8 GiB (in a values file, mapped).
pub const MAX_OCTAL_COUNT: u64 = 1 << 32;

/// How many values the period search of a subtraction game computes when
/// `--max` does not say (fewer for large sets: see [`SUBTRACTION_WORK`]).
pub const DEFAULT_PERIOD_SEARCH: u64 = 10_000_000;

/// The most look-ups of earlier values (one per amount per value) that the
/// period search of a subtraction game costs outside `period`.
pub const SUBTRACTION_WORK: u64 = 1_000_000_000;

/// The largest amount a subtraction set may hold: the period search keeps a
/// window of that many values.
pub const MAX_SUBTRACTION: u64 = 10_000_000;

/// The most heaps `analyze` of a subtraction game whose period is not known
/// visits when it computes only the heaps a position can reach.
pub const REACHABLE_HEAPS: usize = 1 << 20;

/// How many values of an octal game `period` (when `--max` does not say) and
/// `conjecture` compute while looking for a period certified by the
/// Guy-Smith theorem (0.16 needs about 594,000).
pub const OCTAL_PERIOD_SEARCH: u64 = 1 << 20;

/// Heaps below this size are answered from their values, computed by the
/// engine (which uses a period as soon as it is certified); beyond, a period
/// certified within this many values is needed. It bounds `analyze`'s work.
pub const OCTAL_ANALYZE_SEARCH: u64 = 1 << 22;

/// How many values of a hexadecimal game whose moves may leave three heaps
/// `period` (when `--max` does not say) and `conjecture` compute: their
/// values cost about the cube of the count (2^12 in about 0.3 s).
pub const HEX_PERIOD_SEARCH: u64 = 1 << 12;

/// The most values of such a game one run computes (`sequence --count`,
/// `period --max`): 2^15 take about a minute.
pub const MAX_HEX_COUNT: u64 = 1 << 15;

/// The largest heap of such a game whose moves `analyze` lists by the rules
/// (its values, and the moves of each heap, about `n^2 / 12` three-way
/// splits); larger heaps are answered when the first `HEX_PERIOD_SEARCH`
/// values certify a period.
pub const HEX_ANALYZE_SEARCH: u64 = 1 << 13;

// Winning moves.
/// The most winning moves `analyze` lists one by one. Beyond, it lists the
/// first ones in the contract's order, says how many there are in all
/// (`winning_move_count`), and describes every one of them exactly in
/// `winning_move_families` (when there are at most this many families). A
/// list this long is about 30 MB of JSON.
pub const MOVE_LIST_LIMIT: usize = 1 << 18;

/// The most steps `analyze` spends listing every winning move of Moore's
/// Nim_K: `4^j` per binary digit for each set of `j <= K` heaps. Beyond,
/// `--moves one` gives Moore's winning move at any size.
pub const MOORE_LISTING_WORK: u128 = 1 << 26;

/// The most vertices of a `staircase-tree` file.
pub const MAX_TREE_VERTICES: usize = 1 << 23;

/// The most bits of heap sizes the listed winning moves of an octal game may
/// hold together (about 20 MB of decimal digits): a heap of 3000 digits lists
/// about 1700 moves, not 2^18 of 12,000 digits each.
pub const MOVE_LIST_BITS: usize = 1 << 26;

/// The most coordinates a position may have for each of its winning moves to be
/// written with the whole position it reaches (the contract's `to`).
///
/// Beyond it, writing the position reached by every move would make the answer
/// grow with the square of the input (20,000 Nim heaps wrote 394 MB), so each
/// move names only what it changes: see [`Analysis::shows_positions_reached`](crate::catalog::Analysis::shows_positions_reached).
pub const FULL_POSITION_LIMIT: usize = 64;

/// The most positions plus options the remoteness search of `analyze`
/// examines (Smith's remoteness of a P-position and its longest defence;
/// beyond, they are left out of the answer); for a sum of `k` heaps, a `k`th
/// of it, since each costs `k` words. It also bounds the memory: a position
/// kept costs about 100 bytes.
pub const REMOTENESS_BUDGET: u64 = 1 << 20;

// Play.
/// The most legal moves of one position `play` enumerates (it lists them all,
/// to count them and to check a typed move), and the largest number in a
/// position of a game whose moves it lists from that number (heaps, piles):
/// positions with more moves are refused.
pub const PLAY_OPTIONS: usize = 1 << 16;

// Play conventions.
/// Positions plus options that misère play and Every-SG examine: the
/// summands' rules as a graph, then the misère search of the sum (each
/// budgeted apart); beyond, the answer is "unknown", an error, never a
/// verdict.
pub const CONVENTION_BUDGET: u64 = 1 << 22;

/// Heaps the exhaustive misère search behind a misère quotient of
/// `analyze --misere` stores (as `QUOTIENT_SEARCH` counts them): a sum of
/// heaps of one game that `CONVENTION_BUDGET` does not settle is answered
/// by the quotient of its heaps within these two limits.
pub const CONVENTION_QUOTIENT_SEARCH: usize = 1 << 19;

/// Sums the verification of a misère quotient of `analyze --misere` visits
/// (the memory of `QUOTIENT_CHECKS` is gigabytes).
pub const CONVENTION_QUOTIENT_CHECKS: u64 = 1 << 19;

/// Positions plus options of the summands' rules and of the sums a
/// position of `analyze --misere` reaches that its genus may examine (each
/// apart; beyond, the genus is left out: the verdict does not depend on
/// it, and a tenth of a second at most is spent on it).
pub const GENUS_BUDGET: u64 = 1 << 18;

/// Layers of misère values (`k` Nim heaps of 2 added, `k = 0, 1, ...`) the
/// genus computes over the sums its positions reach before it gives up on
/// seeing one repeat the layer two before it (a genus is "unknown" then);
/// each layer costs about as much as those sums, which `CONVENTION_BUDGET`
/// bounds. Genera seen so far need fewer than ten.
pub const GENUS_LAYERS: usize = 64;

/// Heaps `sequence --misere` values in one call.
pub const MISERE_SEQUENCE_LIMIT: u64 = 1 << 20;

// Two-pile games: tables, values and the explorer.
/// The largest side the `table` verb draws.
pub const MAX_TABLE_SIDE: u64 = 8192;

/// The largest side accepted: a table of this side holds 2^28 values (1 GiB).
pub const MAX_TABLE_SIZE: usize = 1 << 14;

/// The largest side of Wythoff's own table (`table wythoff`), which has an
/// engine of its own: 2^30 values, 4 GiB in `u32` (beside 0.8 GiB of value
/// sets), and its JSON about 6.5 GB.
pub const MAX_WYTHOFF_SIDE: usize = 1 << 15;

/// The most cells a [`RectTable`](crate::solve::table::RectTable) holds (as many as the largest square table).
pub const MAX_RECT_CELLS: usize = MAX_TABLE_SIZE * MAX_TABLE_SIZE;

/// The most option look-ups a Grundy table from the rules may cost (`table`,
/// and the rows `conjecture` reports).
pub const RULES_BUDGET: u128 = 2_000_000_000;

/// The most option look-ups `analyze` spends on the Grundy value of a
/// position of a two-pile game without a closed form for values.
pub const VALUE_BUDGET: u128 = 1 << 30;

/// The most cells of the table of smaller positions `analyze` keeps for one
/// Grundy value (4 bytes each).
pub const VALUE_CELLS: u128 = 1 << 25;

/// Rows of the P-position search of `conjecture`.
pub const CONJECTURE_ROWS: usize = 2000;

/// The most cells (times rays) the rectangle sieve of `conjecture` visits,
/// for games whose rows may hold several P-positions.
pub const SIEVE_BUDGET: u128 = 1 << 31;

/// The most attacks (earlier P-position times rays) the row sieve of
/// `conjecture` examines.
pub const ROW_SIEVE_BUDGET: u128 = 1 << 32;

/// The widest rows whose additive periods `conjecture` reports.
pub const ROW_WIDTH: usize = 2048;

/// Rows of the ratio game `conjecture` examines.
pub const RATIOS_ROWS: usize = 2000;

/// How far `conjecture` and `sequence` search a row of the ratio game for its
/// P-position before calling it unsettled (every row below 2000 settles long
/// before: its P-position is found, or it is proved to hold none).
pub const RATIOS_ROW_CAP: u128 = 1 << 20;

/// The most rows of the ratio game one call examines (the work grows with
/// the square of the rows: 8192 rows take about 4 s, for 3,700 P-pairs).
pub const RATIOS_MAX_ROWS: usize = 1 << 13;

/// The largest pile of a ratio position `analyze` takes: it lists every
/// option, about `pile * log(pile)` of them.
pub const RATIOS_MAX_PILE: u64 = 1 << 24;

// Game parameters.
/// The most digits after the point a code may have: codes of thousands of
/// digits ("take any s of a set S up to 1000") run at the engine's speed.
pub const MAX_DIGITS: usize = 1 << 16;

/// The most families a game may list.
pub const MAX_FAMILIES: usize = 64;

/// The largest multiplier `K` that [`DynSub::new`](crate::games::dynsub::DynSub::new) accepts.
pub const MAX_K: u64 = 1_000_000_000_000_000_000;

/// The most machine words of base-sequence runs one query may store (64 MiB).
pub const MEMORY_WORDS_LIMIT: usize = 1 << 23;

/// The largest pile whose Grundy value [`DynSub::grundy_by_rules`](crate::games::dynsub::DynSub::grundy_by_rules) computes:
/// its table holds one value for every pile up to it and every limit up to
/// the pile, about 8.4 million 16-bit values (17 MB) at this bound.
pub const GRUNDY_PILE_LIMIT: u64 = 4096;

// Input.

/// The most bytes a graph or grid file may hold: far more than any graph whose
/// game can be solved, and a bound on what `/dev/zero` or an endless pipe costs.
pub const MAX_GRAPH_BYTES: u64 = 64 << 20;

/// The most vertices, and the most arcs, of a `digraph` game graph. Measured
/// end to end (`grundy sequence digraph FILE --json`, max RSS): 86 MB for 10^6
/// vertices and 10^6 arcs, 223 MB for 3*10^6 arcs on 2.8*10^6 vertices (about
/// 40 bytes per arc and vertex, the file's text included), 0.3 GB for 2^23
/// arcs; files of longer numbers meet [`MAX_GRAPH_BYTES`] first.
pub const MAX_DIGRAPH_SIZE: usize = 1 << 23;

// Chomp, node Kayles and directed geography.
/// The most column-height profiles the exhaustive search of Chomp values
/// (4 bytes each: 64 MiB): `binomial(R + C, C)` for the smallest board that
/// holds the position (8 x 8: 12,870; 3 x 100: 176,851; 12 x 12: 2.7 million).
pub const CHOMP_PROFILES: usize = 1 << 24;

/// The most option look-ups (profiles times squares of the board) one Chomp
/// search may cost.
pub const CHOMP_WORK: u128 = 1 << 33;

/// The most vertices reachable from the start of `geography:directed`: a
/// state of its search is a vertex and a set of them, one machine word.
pub const DIRECTED_GEOGRAPHY_VERTICES: usize = 32;

/// The most states (vertex, set of vertices still reachable) one search of
/// `geography:directed` values, about 20 bytes each; beyond, the position is
/// reported unknown, not guessed.
pub const DIRECTED_GEOGRAPHY_STATES: usize = 1 << 24;

/// The most words (4 bytes each, hash tables' spare room counted) the
/// memoised search of `node-kayles` stores for the trees and sets of
/// vertices it values (about 256 MB); beyond, the graph is reported
/// unknown, not guessed.
pub const NODE_KAYLES_WORDS: usize = 1 << 26;

// Scripted games (`script:FILE`).
/// The most positions one search of a scripted game values (with those kept
/// from earlier calls): about 100 bytes each, so at most about 400 MB.
pub const SCRIPT_POSITIONS: usize = 1 << 22;

/// The most Rhai operations one call of a script's function may run: an
/// endless loop stops after about a second.
pub const SCRIPT_OPERATIONS: u64 = 10_000_000;
/// The most milliseconds one call of a script's function runs: the bound on
/// its time that [`SCRIPT_OPERATIONS`] is not, where one operation is long
/// (growing an array by `push` recounts the whole array each time).
pub const SCRIPT_CALL_MILLIS: u64 = 1000;
/// The most seconds the calls of a script's functions run in all, over every
/// verb asked of the game: with [`SCRIPT_CALL_MILLIS`] and
/// [`SCRIPT_POSITIONS`], a bound on the time of a search. A call on the
/// fast path counts from its first look at the clock, after 4096
/// operations: shorter calls (most) are bounded by their operations and the
/// positions.
pub const SCRIPT_TOTAL_SECONDS: u64 = 300;

/// How deep a script's functions may call each other (recursion included).
pub const SCRIPT_CALL_DEPTH: usize = 48;

/// How deeply a script's expressions may nest (half of it inside functions).
pub const SCRIPT_EXPR_DEPTH: usize = 64;

/// The most elements a script's arrays (nested ones counted) or maps may hold.
pub const SCRIPT_ARRAY_SIZE: usize = 1 << 20;

/// The most bytes a script's string may hold.
pub const SCRIPT_STRING_SIZE: usize = 1 << 16;

/// How many values `period` of a scripted game computes when `--max` does
/// not say (a script is slow: Lasker's Nim takes a few seconds for these).
pub const SCRIPT_PERIOD_SEARCH: u64 = 1000;

/// The side of the square of two-integer positions `conjecture` of a scripted
/// game values.
pub const SCRIPT_CONJECTURE_SIDE: usize = 128;

/// The last row `x` of a two-pile game with row shape (`wythoff`,
/// `wythoff:k=K`, `twopile:` with the family `0,1`) whose additive period is
/// certified by a repeated state, so that `G(x, y)` is answered for any `y`.
pub const CERTIFIED_ROWS: u64 = 40;

/// Option look-ups the certification of rows `0..=x` spends in all.
pub const ROW_WORK: u128 = 1 << 28;

/// Columns of one row computed while looking for a repeated state (8 bytes
/// each), and the most options in lower rows a certified row may have.
pub const ROW_COLUMNS: u64 = 1 << 22;
/// Elements of a misère quotient `period --misere` computes, and of a
/// candidate for one.
pub const QUOTIENT_ORDER: usize = 4096;

/// Heaps the exhaustive misère search behind `period --misere` stores, summed
/// over its positions (each counting one more): a bound on its memory.
pub const QUOTIENT_SEARCH: usize = 1 << 23;

/// Sums the verification of a misère quotient visits.
pub const QUOTIENT_CHECKS: u64 = 1 << 26;

/// Elements of a monoid a candidate misère quotient is made from (before
/// merging the elements no sum tells apart); past it the candidate is not
/// built and the quotient is learned from search.
pub const QUOTIENT_CANDIDATE: usize = 1 << 16;

/// Candidates tried for one heap of a misère quotient before it is learned
/// from search instead.
pub const QUOTIENT_RECALIBRATIONS: usize = 1 << 10;

/// Sets of heaps set free to repair one candidate misère quotient before it
/// is learned from search instead.
pub const QUOTIENT_RECALIBRATION_TRIES: usize = 1 << 8;

/// The largest heap `period --misere` takes (`--max`).
pub const QUOTIENT_HEAPS: u64 = 256;

/// The largest heap of `period --misere` when `--max` does not say.
pub const QUOTIENT_DEFAULT_HEAPS: u64 = 12;

/// The largest order whose multiplication table `period --misere` prints.
pub const QUOTIENT_TABLE: usize = 16;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// `(name, value)` of every `pub const NAME: TYPE = VALUE;` line of `text`.
    fn declared(text: &str) -> BTreeSet<(String, String)> {
        text.lines()
            .filter_map(|line| line.strip_prefix("pub const "))
            .filter_map(|rest| {
                let (name, rest) = rest.split_once(':')?;
                let (_, value) = rest.split_once(" = ")?;
                Some((name.to_string(), value.trim_end_matches(';').to_string()))
            })
            .collect()
    }

    /// `(name, value)` of every row `` | `NAME` | `VALUE` | ... `` of the
    /// book's page of limits.
    fn documented(readme: &str) -> BTreeSet<(String, String)> {
        readme
            .lines()
            .filter_map(|line| {
                let mut cells = line.split('|').map(str::trim).skip(1);
                let name = cells.next()?.strip_prefix('`')?.strip_suffix('`')?;
                let value = cells.next()?.strip_prefix('`')?.strip_suffix('`')?;
                let is_limit =
                    !name.is_empty() && name.bytes().all(|b| b.is_ascii_uppercase() || b == b'_');
                is_limit.then(|| (name.to_string(), value.to_string()))
            })
            .collect()
    }

    #[test]
    fn the_book_states_every_limit_with_its_value_and_no_other() {
        let here = declared(include_str!("limits.rs"));
        assert!(here.len() >= 20, "the parser found {} limits", here.len());
        let page = include_str!("../../../docs/book/src/reference/limits.md");
        assert_eq!(documented(page), here);
    }
}
