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

/// The options that remove a contest's hand reduction, through the binary:
/// a tree rooted at vertex 1 (`hackenbush:ground=V`) and a circle where a
/// move takes exactly M coins (`circle:exactly=M`); bad parameters are one
/// line of refusal.
#[test]
fn a_ground_elsewhere_and_exactly_m_coins_answer_through_the_binary() {
    // From 1: the branches 1 - 2 (1), 1 - 3 - 4 (2) and 1 - 0 (1); from 0:
    // one edge up to 1, where 1 ^ 2 hangs.
    let tree = "1 2\n1 3\n3 4\n1 0\n";
    let answer = |spec: &str| {
        let out = grundy_with_stdin(&["analyze", spec, "-", "--json"], tree);
        assert!(
            out.status.success(),
            "{spec}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let rooted = answer("hackenbush:ground=1");
    assert_eq!(rooted["game"], "hackenbush:ground=1");
    assert_eq!(rooted["grundy"], 2);
    assert_eq!(rooted["winning_moves"][0]["to"], serde_json::json!([1, 3]));
    assert!(rooted["method"]
        .as_str()
        .unwrap()
        .contains("the ground is vertex 1"));
    let at_zero = answer("hackenbush:ground=0");
    assert_eq!(at_zero["game"], "hackenbush");
    assert_eq!(at_zero["grundy"], 4);

    // Exactly 2 adjacent coins (the rows are Dawson's Kayles, 0.07, worth
    // 0, 0, 1, 1, 2, 0, 3, 1 for 0..=7 coins): a circle of 7 leaves a row of
    // 5, worth 0, so the circle is worth 1; one of 9 leaves 7, worth 1: 0.
    let circle = json_of(&["analyze", "circle:exactly=2", "7"]);
    assert_eq!(circle["game"], "circle:exactly=2");
    assert_eq!(circle["outcome"], "N");
    assert_eq!(circle["grundy"], 1);
    assert_eq!(circle["winning_moves"][0]["to"], serde_json::json!([5]));
    assert!(circle["method"].as_str().unwrap().contains("0.07"));
    let circle = json_of(&["analyze", "circle:exactly=2", "9"]);
    assert_eq!(
        (&circle["outcome"], &circle["grundy"]),
        (&"P".into(), &0.into())
    );
    let circle = json_of(&["analyze", "circle:exactly=3", "4"]);
    assert_eq!(circle["outcome"], "N");
    assert_eq!(circle["winning_moves"].as_array().unwrap().len(), 1);

    for bad in ["hackenbush:ground=x", "circle:exactly=0"] {
        let message = common::refusal(&["analyze", bad, "5"]);
        assert!(message.contains(bad), "{message}");
    }
}
