//! A game written outside the crate joins the catalogue as the built-in games
//! do: one entry, registered; then its spec parses, its analysis answers, and
//! the lists of games name it. The rules are the oracle: the user's closed
//! form is checked against the catalogue's own subtraction game of the same
//! rules, and games written in Rust from the rules of Kayles, Lasker's Nim and
//! a subtraction game give the built-in games' values, periods and sums.

use grundy::catalog::{
    entries, known_games, native, parse, register, Analysis, Build, Entry, Form, Game, Monitor,
    Position, Quiet, SequenceOf, Verb,
};
use grundy::games::user::NativeGame;
use grundy::{Error, Impartial, Outcome, UBig};

/// Take one or two counters from a heap: `G(n) = n mod 3`, by the user's own
/// theory.
struct TakeTwo;

impl Game for TakeTwo {
    fn spec(&self) -> String {
        "take-two".into()
    }

    fn form(&self) -> Form<'_> {
        Form::numbers("heap size")
    }

    fn analyze(&self, at: &Position, _: bool, _: &mut dyn Monitor) -> Result<Analysis, Error> {
        let value = at
            .numbers
            .iter()
            .fold(UBig::ZERO, |sum, heap| sum ^ (heap % 3u8));
        Ok(Analysis::valued(
            self,
            at.numbers.clone(),
            value,
            Vec::new(),
            "closed form: G(n) = n mod 3",
        ))
    }
}

const TAKE_TWO: Entry = Entry {
    name: "take-two",
    forms: &["take-two"],
    form_note: "",
    aliases: &[],
    summary: "take one or two counters from one heap",
    position: "heap sizes",
    theory: "`G(n) = n mod 3`",
    verbs: &[Verb::Analyze],
    example_spec: "take-two",
    example_position: "4 5",
    example_stdin: "",
    build: Build::Plain(|| Box::new(TakeTwo)),
};

#[test]
fn a_registered_game_parses_answers_and_is_listed() {
    register(TAKE_TWO).expect("a new name");
    let game = parse("Take-Two").expect("registered");
    let rules = parse("subtraction:1,2").unwrap();
    for heaps in [[0u64, 0], [1, 2], [3, 4], [4, 5], [10, 7], [1000, 2000]] {
        let at = Position::heaps(heaps);
        let mine = game.analyze(&at, false, &mut Quiet).unwrap();
        let theirs = rules.analyze(&at, false, &mut Quiet).unwrap();
        assert_eq!(mine.grundy, theirs.grundy, "{heaps:?}");
        assert_eq!(mine.outcome, theirs.outcome, "{heaps:?}");
    }
    let p = game.analyze(&Position::heaps([3u64]), false, &mut Quiet);
    assert_eq!(p.unwrap().outcome, Outcome::P);
    assert!(entries().iter().any(|e| e.name == "take-two"));
    assert!(known_games().contains("take-two"));
    // A name is one game's: neither a built-in name nor a second registration.
    assert!(register(TAKE_TWO).is_err());
    assert!(register(Entry {
        name: "nim",
        ..TAKE_TWO
    })
    .is_err());
}

/// Heap games written in Rust as a user would write them: a position is a
/// list of heaps, a move replaces one heap by what the rule leaves, and each
/// heap is a component. `rule(n)` lists what a move from a heap of `n` leaves.
struct Written(fn(u64) -> Vec<Vec<u64>>);

impl Impartial for Written {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for left in (self.0)(n) {
                let mut next = heaps.clone();
                next.splice(i..=i, left);
                options.push(next);
            }
        }
        options
    }
}

impl NativeGame for Written {
    fn components(&self, heaps: &[u64], heap: &mut dyn FnMut(&[u64])) {
        heaps.chunks(1).for_each(heap);
    }
}

/// Kayles: knock down one pin or two adjacent ones from a row.
fn kayles(n: u64) -> Vec<Vec<u64>> {
    let take = [1, 2].into_iter().filter(|&t| t <= n);
    take.flat_map(|t| (0..=(n - t) / 2).map(move |a| vec![a, n - t - a]))
        .collect()
}

/// Lasker's Nim: take any number from a heap, or split it into two.
fn lasker(n: u64) -> Vec<Vec<u64>> {
    let take = (0..n).map(|left| vec![left]);
    take.chain((1..=n / 2).map(|a| vec![a, n - a])).collect()
}

/// The subtraction game {1, 3, 4}.
fn take_134(n: u64) -> Vec<Vec<u64>> {
    [1, 3, 4]
        .into_iter()
        .filter(|&t| t <= n)
        .map(|t| vec![n - t])
        .collect()
}

const RUST_KAYLES: Entry = Entry::native("rust-kayles", &["rust-kayles"], || {
    native("rust-kayles", Written(kayles))
});
const RUST_LASKER: Entry = Entry::native("rust-lasker", &["rust-lasker"], || {
    native("rust-lasker", Written(lasker))
});
const RUST_134: Entry = Entry::native("rust-134", &["rust-134"], || {
    native("rust-134", Written(take_134))
});

/// The `values` of `game`'s sequence of `count` heaps, as the JSON writes them.
fn sequence_of(game: &dyn Game, count: u64) -> serde_json::Value {
    let sequence = game.sequence(SequenceOf::Heaps(count), &mut Quiet).unwrap();
    serde_json::to_value(&sequence).unwrap()["values"].clone()
}

#[test]
fn games_written_in_rust_equal_the_built_in_ones() {
    for entry in [RUST_KAYLES, RUST_LASKER, RUST_134] {
        register(entry).expect("a new name");
    }
    for (mine, built_in, count) in [
        ("rust-kayles", "kayles", 300),
        ("rust-lasker", "lasker", 200),
        ("rust-134", "subtraction:1,3,4", 3000),
    ] {
        let (mine, built_in) = (parse(mine).unwrap(), parse(built_in).unwrap());
        assert_eq!(sequence_of(&*mine, count), sequence_of(&*built_in, count));
        let (found, proved) = (
            mine.period(Some(count), &mut Quiet).unwrap(),
            built_in.period(None, &mut Quiet).unwrap(),
        );
        assert!(!found.certified);
        assert_eq!((found.period, found.saltus), (proved.period, proved.saltus));
        // Sums: the value and the winning moves of the built-in game.
        for heaps in [vec![3u64, 5, 7], vec![4, 4], vec![1, 2, 9, 10]] {
            let at = Position::heaps(heaps.clone());
            let (a, b) = (
                mine.analyze(&at, false, &mut Quiet).unwrap(),
                built_in.analyze(&at, false, &mut Quiet).unwrap(),
            );
            assert_eq!((a.grundy, a.outcome), (b.grundy, b.outcome), "{heaps:?}");
            assert_eq!(a.winning_moves.is_empty(), b.winning_moves.is_empty());
        }
    }
}

/// The subtraction game {1, 2, 3}, whose components forget the last heap.
struct Forgetful;

impl Impartial for Forgetful {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        Written(|n| (1..=3.min(n)).map(|t| vec![n - t]).collect()).options(heaps)
    }
}

impl NativeGame for Forgetful {
    fn components(&self, heaps: &[u64], heap: &mut dyn FnMut(&[u64])) {
        heaps[..heaps.len() - 1].chunks(1).for_each(heap);
    }
}

#[test]
fn a_rust_game_whose_components_contradict_its_options_is_refused() {
    let game = native("forgetful", Forgetful);
    let at = Position::heaps([3u64, 5, 7]);
    let refused = game
        .analyze(&at, false, &mut Quiet)
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("forgetful: components and options disagree at [3, 5, 7]"),
        "{refused}"
    );
}
