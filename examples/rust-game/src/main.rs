//! `my-grundy`: the whole `grundy` command, with two games of our own written
//! in Rust beside the built-in ones. Copy this crate, change the rules, and
//! every verb answers your game: `analyze` (with every winning move, and in
//! sums with built-in games), `sequence`, `period`, `table` (pictures too),
//! `conjecture`, `play` and `serve`.
//!
//! ```text
//! cargo run --release -p rust-game -- table cutting --size 8
//! cargo run --release -p rust-game -- analyze cutting 3 4 5 5 + nim 2
//! ```

use std::process::ExitCode;

use grundy::catalog::{native, register, Entry};
use grundy::games::user::NativeGame;
use grundy::Impartial;

/// Cutting: a position is a list of sheets of squares, `rows columns` each; a
/// move cuts one sheet along a grid line into two sheets.
struct Cutting;

impl Impartial for Cutting {
    type Position = Vec<u64>;

    fn options(&self, sheets: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, sheet) in sheets.chunks(2).enumerate() {
            let (rows, columns) = (sheet[0], sheet[1]);
            let across = (1..rows).map(|r| [r, columns, rows - r, columns]);
            let down = (1..columns).map(|c| [rows, c, rows, columns - c]);
            for cut in across.chain(down) {
                let (before, after) = (&sheets[..2 * i], &sheets[2 * i + 2..]);
                options.push([before, &cut, after].concat());
            }
        }
        options
    }
}

impl NativeGame for Cutting {
    /// Each sheet is a game of its own: a position of several is their sum.
    fn components(&self, sheets: &[u64], sheet: &mut dyn FnMut(&[u64])) {
        sheets.chunks(2).for_each(sheet);
    }

    /// Rows and columns come in pairs.
    fn position(&self, numbers: &[u64]) -> Result<Vec<u64>, String> {
        match numbers.len() % 2 {
            0 => Ok(numbers.to_vec()),
            _ => Err("a position of cutting is sheets, each its rows and columns: an even count of numbers".into()),
        }
    }
}

/// Take one, three or four counters from a heap (a position is one heap).
struct Take134;

impl Impartial for Take134 {
    type Position = Vec<u64>;

    fn options(&self, heap: &Vec<u64>) -> Vec<Vec<u64>> {
        [1, 3, 4]
            .into_iter()
            .filter(|&take| take <= heap[0])
            .map(|take| vec![heap[0] - take])
            .collect()
    }
}

impl NativeGame for Take134 {}

const CUTTING: Entry = Entry {
    summary: "cut one sheet of squares along a grid line into two sheets",
    position: "sheets, each its rows and columns",
    example_position: "3 4",
    ..Entry::native("cutting", &["cutting"], || native("cutting", Cutting))
};

const TAKE_134: Entry = Entry {
    summary: "take 1, 3 or 4 counters from a heap",
    position: "a heap size",
    example_position: "10",
    ..Entry::native("take-134", &["take-134"], || native("take-134", Take134))
};

fn main() -> ExitCode {
    for game in [CUTTING, TAKE_134] {
        register(game).expect("names of their own");
    }
    grundy_cli::main()
}
