//! The registry: one entry per game family, the single list that the parser,
//! the unknown-game error, the command line's help, `grundy games` and
//! book's table of games (docs/book/src/reference/games.md) are all drawn from.
//!
//! Adding a game is one module in [`crate::games`], its adapter in the
//! catalogue (with its [`Entry`]), and one line in [`GAMES`].

use std::sync::{PoisonError, RwLock};

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::adapters::{
    chomp, circle, digraph, directed_geography, dynsub, graphs, grundys_game, heap, hexadecimal,
    lasker, moore, node_kayles, octal, script, staircase_tree, twopile, wythoff,
};
use super::entry::{Build, Entry, Verb};
use super::Game;
use crate::error::{Error, Result};

/// Every game family, in the order of the help and the book's table.
pub static GAMES: &[Entry] = &[
    heap::NIM,
    heap::BASH,
    heap::SUBTRACTION,
    heap::STAIRCASE,
    wythoff::ENTRY,
    dynsub::ENTRY,
    octal::ENTRY,
    hexadecimal::ENTRY,
    circle::ENTRY,
    graphs::HACKENBUSH,
    directed_geography::GEOGRAPHY,
    digraph::ENTRY,
    twopile::ENTRY,
    script::ENTRY,
    lasker::ENTRY,
    grundys_game::ENTRY,
    moore::ENTRY,
    staircase_tree::ENTRY,
    chomp::ENTRY,
    node_kayles::ENTRY,
];

/// Parses a game spec (`name` or `name:params`, case-insensitive).
pub fn parse(spec: &str) -> Result<Box<dyn Game>> {
    let lower = spec.to_ascii_lowercase();
    let (name, params) = match lower.split_once(':') {
        Some((name, params)) => (name, Some(params)),
        None => (lower.as_str(), None),
    };
    for entry in entries() {
        if entry.name == name {
            return build(&entry, spec, name, params);
        }
        if let Some(alias) = entry.aliases.iter().find(|a| a.name == name) {
            return match params {
                Some(_) => Err(no_parameters(spec, name)),
                None => build(&entry, spec, name, Some(alias.params)),
            };
        }
    }
    Err(unknown_game(spec))
}

/// Builds `entry`'s game from the parameters of `spec`.
fn build(entry: &Entry, spec: &str, name: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    match (entry.build, params) {
        (Build::Plain(build), None) => Ok(build()),
        (Build::Plain(_), Some(_)) => Err(no_parameters(spec, name)),
        (Build::Optional(build), params) => build(spec, params),
        (Build::Required { build, .. }, Some(params)) => build(spec, params),
        (Build::Required { missing, .. }, None) => Err(Error::spec(spec, missing)),
    }
}

fn no_parameters(spec: &str, name: &str) -> Error {
    Error::spec(spec, format!("{name} takes no parameters"))
}

/// The error for a spec whose name is not in the registry, with the nearest
/// name when one is near.
fn unknown_game(spec: &str) -> Error {
    Error::UnknownGame {
        spec: spec.to_string(),
        suggestion: did_you_mean(spec),
        known: known_games(),
    }
}

/// The specs the catalogue accepts, for error messages and help: every form
/// and alias, in the registry's order.
pub fn known_games() -> String {
    let specs: Vec<String> = entries()
        .into_iter()
        .flat_map(|entry| {
            let note = entry.form_note;
            entry.spellings().map(move |s| {
                if note.is_empty() || !entry.forms.contains(&s) {
                    s.to_string()
                } else {
                    format!("{s} ({note})")
                }
            })
        })
        .collect();
    specs.join(", ")
}

/// The names of the games, without parameters (aliases included): the names
/// an unknown spec is compared with.
pub fn game_names() -> Vec<&'static str> {
    entries().iter().flat_map(Entry::names).collect()
}

/// `NAME:PARAMS` for the game name nearest to the name of `spec` (its
/// parameters kept), or `None` when no name is near: one or two typing slips
/// (one for names of up to four letters), or the start of one name only.
fn did_you_mean(spec: &str) -> Option<String> {
    let lower = spec.to_ascii_lowercase();
    let (name, params) = match lower.split_once(':') {
        Some((name, params)) => (name, format!(":{params}")),
        None => (lower.as_str(), String::new()),
    };
    nearest_name(name).map(|near| format!("{near}{params}"))
}

/// The game name nearest to `name`, if one is near enough to be a typo of it.
fn nearest_name(name: &str) -> Option<&'static str> {
    let names = game_names();
    let slips = if name.chars().count() <= 4 { 1 } else { 2 };
    let closest = names
        .iter()
        .map(|known| (typing_distance(name, known), *known))
        .min()
        .filter(|&(distance, _)| distance <= slips);
    if let Some((_, known)) = closest {
        return Some(known);
    }
    let mut started = names.iter().filter(|known| known.starts_with(name));
    match (started.next(), started.next()) {
        (Some(known), None) if name.len() >= 3 => Some(known),
        _ => None,
    }
}

/// How many one-letter slips (a letter added, dropped, changed, or two
/// neighbours swapped) turn `a` into `b`: the optimal string alignment
/// distance. The command line ranks its near names of verbs and options by it.
pub fn typing_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: the distance between the first i letters of a and the first j of b.
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let changed = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + changed);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The games `verb` answers, with an example of it for each: the game list of
/// the verb's help.
pub fn verb_help(verb: Verb) -> String {
    let rows: Vec<(String, String)> = entries()
        .into_iter()
        .filter(|entry| entry.answers(verb))
        .map(|entry| (spec_column(&entry, ", "), entry.example_for(verb)))
        .collect();
    let width = rows.iter().map(|(spec, _)| spec.len()).max().unwrap_or(0);
    let mut help = format!(
        "Games that {} answers, each with an example:\n",
        verb.name()
    );
    for (spec, example) in rows {
        help.push_str(&format!("  {spec:width$}  {example}\n"));
    }
    help.push_str("Every game, its position and its theory: grundy games");
    help
}

/// The forms and aliases of `entry` joined by `separator`.
fn spec_column(entry: &Entry, separator: &str) -> String {
    entry.spellings().collect::<Vec<_>>().join(separator)
}

/// The book's table of games, in Markdown: spec, game and theory of each entry.
pub fn markdown_table() -> String {
    let mut table = String::from("| spec | game | theory |\n|---|---|---|\n");
    for entry in entries() {
        let specs: Vec<String> = entry.spellings().map(|s| format!("`{s}`")).collect();
        table.push_str(&format!(
            "| {} | {} | {} |\n",
            specs.join(", "),
            entry.summary,
            entry.theory
        ));
    }
    table
}

/// A text of the registry without its Markdown code marks, for plain text
/// and JSON (the book's table keeps them).
pub fn plain(markdown: &str) -> String {
    markdown.replace('`', "")
}

/// The answer of `grundy games`: every entry of the registry.
#[derive(Clone, Debug)]
pub struct GameList {
    /// The entries, in the registry's order.
    pub games: Vec<Entry>,
}

/// Every game of the registry.
pub fn games() -> GameList {
    GameList { games: entries() }
}

/// The games registered from outside the crate, after the built-in ones.
static REGISTERED: RwLock<Vec<Entry>> = RwLock::new(Vec::new());

/// Every entry: the built-in games, in the order of the help and the book,
/// then those registered, in the order they were.
pub fn entries() -> Vec<Entry> {
    let registered = REGISTERED.read().unwrap_or_else(PoisonError::into_inner);
    GAMES.iter().chain(registered.iter()).copied().collect()
}

/// Adds a game from outside the crate (a user's own, written in Rust) to the
/// catalogue, as the built-in games are: its spec then parses, every face
/// answers it, and `grundy games` lists it. Refused when its name or one of
/// its aliases is already a game's.
pub fn register(entry: Entry) -> Result<()> {
    let mut registered = REGISTERED.write().unwrap_or_else(PoisonError::into_inner);
    let taken = GAMES
        .iter()
        .chain(registered.iter())
        .flat_map(Entry::names)
        .find(|name| entry.names().any(|n| n == *name));
    if let Some(name) = taken {
        return Err(Error::spec(
            entry.name,
            format!("'{name}' is already the name of a game of the catalogue"),
        ));
    }
    registered.push(entry);
    Ok(())
}

impl Serialize for GameList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("games", &EntriesJson(&self.games))?;
        map.end()
    }
}

struct EntriesJson<'a>(&'a [Entry]);

impl Serialize for EntriesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0)
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let aliases: Vec<_> = self
            .aliases
            .iter()
            .map(|a| AliasJson {
                name: a.name,
                spec: self.spec_of(a),
            })
            .collect();
        let verbs: Vec<&str> = self.verbs.iter().map(|v| v.name()).collect();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("spec", self.forms[0])?;
        map.serialize_entry("forms", self.forms)?;
        map.serialize_entry("aliases", &aliases)?;
        map.serialize_entry("summary", &plain(self.summary))?;
        map.serialize_entry("position", &plain(self.position))?;
        map.serialize_entry("theory", &plain(self.theory))?;
        map.serialize_entry("example", &self.example())?;
        map.serialize_entry("verbs", &verbs)?;
        map.end()
    }
}

#[derive(Serialize)]
struct AliasJson {
    name: &'static str,
    spec: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ByWords;
    use crate::catalog::Quiet;

    /// Every entry an adapter declares is in [`GAMES`]: a game added without
    /// its line in the list fails here.
    #[test]
    fn every_adapter_entry_is_in_the_list() {
        let catalog = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/catalog");
        let registry = std::fs::read_to_string(catalog.join("registry.rs")).unwrap();
        let dir = catalog.join("adapters");
        let list = &registry[registry.find("pub static GAMES").unwrap()..];
        let list = &list[..list.find("];").unwrap()];
        let mut declared = 0;
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            let Some(module) = path.file_stem().and_then(|m| m.to_str()) else {
                continue;
            };
            let Ok(source) = std::fs::read_to_string(&path) else {
                continue;
            };
            for line in source.lines() {
                let Some(rest) = line.strip_prefix("pub(crate) const ") else {
                    continue;
                };
                let Some(name) = rest.strip_suffix(": Entry = Entry {") else {
                    continue;
                };
                declared += 1;
                assert!(
                    list.contains(&format!("    {module}::{name},")),
                    "{module}::{name} is not in GAMES"
                );
            }
        }
        assert_eq!(declared, GAMES.len(), "GAMES lists an entry twice");
    }

    #[test]
    fn names_and_aliases_are_unique_lowercase_and_parse() {
        let names = game_names();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
            assert_eq!(name.to_ascii_lowercase(), *name);
            assert!(
                !matches!(parse(name), Err(Error::UnknownGame { .. })),
                "{name}"
            );
            assert!(known_games().contains(name), "{name}");
        }
    }

    #[test]
    fn aliases_are_their_family_instance() {
        for entry in GAMES {
            for alias in entry.aliases {
                let game = parse(alias.name).unwrap();
                assert_eq!(game.spec(), entry.spec_of(alias), "{}", alias.name);
            }
        }
    }

    /// The verbs an entry claims are exactly those that answer its example
    /// spec: the per-verb help cannot promise a verb that refuses, nor hide
    /// one that answers.
    #[test]
    fn claimed_verbs_are_the_verbs_that_answer() {
        for entry in GAMES {
            let game = parse(entry.example_spec).unwrap();
            let refused = |result: Result<()>| matches!(result, Err(Error::Unsupported { .. }));
            let answers = [
                (
                    Verb::Sequence,
                    refused(
                        game.sequence(super::super::SequenceOf::Heaps(4), &mut Quiet)
                            .map(drop),
                    ),
                ),
                (
                    Verb::Period,
                    refused(game.period(Some(64), &mut Quiet).map(drop)),
                ),
                (
                    Verb::Table,
                    refused(game.table(4, false, &mut Quiet).map(drop)),
                ),
            ];
            for (verb, is_refused) in answers {
                assert_eq!(
                    entry.answers(verb),
                    !is_refused,
                    "{} {}",
                    entry.name,
                    verb.name()
                );
            }
            assert!(entry.answers(Verb::Analyze), "{}", entry.name);
        }
    }

    #[test]
    fn conjecture_claims_match_the_refusals() {
        // Only the games without the verb: the others are run by the CLI
        // test of every example (a conjecture is slow in the dev profile).
        for entry in GAMES.iter().filter(|e| !e.answers(Verb::Conjecture)) {
            let game = parse(entry.example_spec).unwrap();
            assert!(
                matches!(game.conjecture(&mut Quiet), Err(Error::Unsupported { .. })),
                "{}",
                entry.name
            );
        }
    }

    #[test]
    fn the_examples_parse_and_analyze() {
        for entry in GAMES {
            let game = parse(entry.example_spec).unwrap();
            if entry.example_stdin.is_empty() {
                let (args, _) = entry.example_args(Verb::Analyze);
                game.analyze_words(&args[2..], false, &mut Quiet)
                    .unwrap_or_else(|e| panic!("{}: {e}", entry.example()));
            } else {
                assert!(
                    game.form().graph.is_some() || game.form().script.is_some(),
                    "{}",
                    entry.name
                );
            }
        }
    }

    #[test]
    fn unknown_games_carry_the_suggestion_and_the_known_list() {
        match parse("kayle") {
            Err(Error::UnknownGame {
                spec,
                suggestion,
                known,
            }) => {
                assert_eq!(spec, "kayle");
                assert_eq!(suggestion.as_deref(), Some("kayles"));
                assert_eq!(known, known_games());
            }
            other => panic!("{:?}", other.map(|g| g.spec())),
        }
    }

    #[test]
    fn the_known_list_is_unchanged() {
        assert_eq!(
            known_games(),
            "nim, bash:M, bash:M,overshoot, subtraction:S1,S2,..., staircase, wythoff, wythoff:k=K, wythoff:ratios, \
             dynsub:k=K, fibonacci-nim, octal:CODE, kayles, dawson, hex:CODE, circle:K, circle:exactly=M, \
             hackenbush, hackenbush:ground=V, geography, geography:directed, digraph, \
             twopile:DX,DY[:T]+... (take t*(DX,DY), 1 <= t [<= T]; e.g. twopile:1,0+0,1+1,1 is Wythoff), \
             script:FILE, lasker, grundys-game, moore:k=K, staircase-tree, staircase-tree:k=K,root=V, chomp:RxC, node-kayles"
        );
    }

    #[test]
    fn verb_help_lists_exactly_the_games_that_verb_answers() {
        for verb in Verb::ALL {
            let help = verb_help(verb);
            for entry in GAMES {
                let example = entry.example_for(verb);
                assert_eq!(help.contains(&example), entry.answers(verb), "{example}");
            }
        }
        assert!(verb_help(Verb::Table).contains("grundy table wythoff --size 8"));
    }

    /// The book's table of games is the registry's: on a difference, the
    /// test prints the table to paste between the markers.
    #[test]
    fn the_books_table_is_the_registry() {
        let page = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/book/src/reference/games.md"
        ))
        .expect("docs/book/src/reference/games.md in the workspace");
        let begin = "<!-- games:begin -->\n";
        let end = "<!-- games:end -->";
        let start = page.find(begin).expect("the page has <!-- games:begin -->") + begin.len();
        let stop = page[start..]
            .find(end)
            .expect("the page has <!-- games:end -->")
            + start;
        let expected = markdown_table();
        assert!(
            page[start..stop] == expected,
            "the book's table of games differs from the registry; put this between the markers:\n{expected}"
        );
    }

    #[test]
    fn unknown_games_get_the_nearest_name() {
        for (typed, meant) in [
            ("kayle", "kayles"),
            ("KAYLSE", "kayles"),
            ("wythof", "wythoff"),
            ("nimm", "nim"),
            ("bsh:3", "bash:3"),
            ("subtarction:1,3,4", "subtraction:1,3,4"),
            ("hack", "hackenbush"),
            ("fibonacci", "fibonacci-nim"),
            ("geograpy", "geography"),
        ] {
            let message = parse(typed).err().unwrap().to_string();
            let hint = format!("; did you mean '{meant}'? known games: ");
            assert!(message.contains(&hint), "{typed}: {message}");
            assert!(!message.contains('\n'), "{typed}: {message}");
        }
        // Nothing near: no guess.
        for typed in ["chess", "go", "x", "octopus:7"] {
            let message = parse(typed).err().unwrap().to_string();
            assert!(!message.contains("did you mean"), "{typed}: {message}");
        }
    }

    #[test]
    fn typing_distance_counts_slips() {
        assert_eq!(typing_distance("kayles", "kayles"), 0);
        assert_eq!(typing_distance("kalyes", "kayles"), 1);
        assert_eq!(typing_distance("", "nim"), 3);
        assert_eq!(typing_distance("dawson", "bash"), 4);
        assert_eq!(typing_distance("ab", "ba"), 1);
    }
}
