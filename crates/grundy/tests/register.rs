//! A game written outside the crate joins the catalogue as the built-in games
//! do: one entry, registered; then its spec parses, its analysis answers, and
//! the lists of games name it. The rules are the oracle: the user's closed
//! form is checked against the catalogue's own subtraction game of the same
//! rules.

use grundy::catalog::{
    entries, known_games, parse, register, Analysis, Build, Entry, Form, Game, Monitor, Position,
    Quiet, Verb,
};
use grundy::{Error, Outcome, UBig};

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
