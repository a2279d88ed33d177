//! The registry seen from the command line: `grundy games`, the help of each
//! verb, and every example of the registry run through the binary.

use crate::common;

use common::{grundy, grundy_with_stdin, json_of};
use grundy::catalog::{Verb, GAMES};

/// Every example of every verb of every game succeeds, as text and as one
/// JSON document: the examples that `games` and `--help` show all work.
#[test]
fn every_registry_example_runs() {
    for entry in GAMES {
        for &verb in entry.verbs {
            let (mut args, stdin) = entry.example_args(verb);
            let example = entry.example_for(verb);
            let text = grundy_with_stdin(&args, stdin);
            assert!(
                text.status.success() && !text.stdout.is_empty(),
                "{example}: {}",
                String::from_utf8_lossy(&text.stderr)
            );
            args.push("--json".into());
            let json = grundy_with_stdin(&args, stdin);
            assert!(
                json.status.success(),
                "{example} --json: {}",
                String::from_utf8_lossy(&json.stderr)
            );
            let value: serde_json::Value = serde_json::from_slice(&json.stdout)
                .unwrap_or_else(|e| panic!("{example} --json: {e}"));
            assert!(value.get("game").is_some(), "{example} --json: {value}");
        }
    }
}

#[test]
fn games_json_lists_the_registry() {
    let value = json_of(&["games"]);
    let games = value["games"].as_array().expect("a list of games");
    assert_eq!(games.len(), GAMES.len());
    for (json, entry) in games.iter().zip(GAMES) {
        assert_eq!(json["spec"], entry.forms[0]);
        assert_eq!(json["example"], entry.example());
        assert!(json["summary"].as_str().is_some_and(|s| !s.contains('`')));
        let verbs: Vec<&str> = entry.verbs.iter().map(|v| v.name()).collect();
        assert_eq!(json["verbs"], serde_json::json!(verbs));
    }
    let kayles = &games[6]["aliases"][0];
    assert_eq!(kayles["name"], "kayles");
    assert_eq!(kayles["spec"], "octal:0.77");
}

#[test]
fn games_text_shows_each_game_and_its_example() {
    let out = grundy(&["games"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for entry in GAMES {
        assert!(text.contains(&entry.example()), "{}", entry.name);
        assert!(text.contains(entry.forms[0]), "{}", entry.name);
    }
    assert!(text.contains("kayles (= octal:0.77)"));
    assert!(!text.contains('`'));
}

/// The help of each verb lists exactly the games that verb answers, each
/// with an example of that verb.
#[test]
fn verb_help_lists_the_games_it_answers() {
    for verb in Verb::ALL {
        let out = grundy(&[verb.name(), "--help"]);
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        for entry in GAMES {
            let example = entry.example_for(verb);
            assert_eq!(
                help.contains(&example),
                entry.answers(verb),
                "{} --help and {example}",
                verb.name()
            );
        }
    }
    let period = String::from_utf8(grundy(&["period", "--help"]).stdout).unwrap();
    assert!(period.contains("grundy period kayles"), "{period}");
    assert!(!period.contains("wythoff"), "{period}");
}
