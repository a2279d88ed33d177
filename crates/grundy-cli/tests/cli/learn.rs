//! A command line that teaches itself (issue 10): typos get a "did you mean"
//! on their one error line, shells get completions and a manual page, and the
//! text answers say what they mean without doubled words.

use crate::common;

use std::path::PathBuf;

use common::{grundy, json_of, refusal, text_of};

/// A file holding `text` in this test binary's scratch directory.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_mistyped_verb_or_option_gets_clap_s_tip_on_one_line() {
    assert_eq!(
        refusal(&["sequense", "nim"]),
        "error: unrecognized subcommand 'sequense'; did you mean 'sequence'?"
    );
    assert_eq!(
        refusal(&["analyze", "nim", "3", "--jsn"]),
        "error: unexpected argument '--jsn' found; did you mean '--json'?"
    );
    // clap's near names, least likely first and 'table' among them, are
    // ranked by typing slips and the far ones dropped.
    assert_eq!(
        refusal(&["anlyze", "nim", "3"]),
        "error: unrecognized subcommand 'anlyze'; did you mean 'analyze' or 'analyse'?"
    );
    // Without a near name, clap's other tips stay, and the help is named.
    let err = refusal(&["analyze", "nim", "3", "--frobnicate"]);
    assert!(err.contains("use '-- --frobnicate'"), "{err}");
    assert!(err.ends_with("see 'grundy --help'"), "{err}");
}

#[test]
fn analyse_is_analyze() {
    assert_eq!(
        json_of(&["analyse", "nim", "3", "4"]),
        json_of(&["analyze", "nim", "3", "4"])
    );
}

#[test]
fn an_unknown_game_gets_the_nearest_name() {
    let err = refusal(&["analyze", "kayle", "3"]);
    assert!(
        err.starts_with("error: unknown game 'kayle'; did you mean 'kayles'? known games: nim,"),
        "{err}"
    );
    let err = refusal(&["period", "subtraktion:1,3,4"]);
    assert!(err.contains("did you mean 'subtraction:1,3,4'?"), "{err}");
    let err = refusal(&["analyze", "chess", "3"]);
    assert!(!err.contains("did you mean"), "{err}");
}

#[test]
fn completions_name_the_verbs_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let script = text_of(&["completions", shell]);
        for verb in ["analyze", "sequence", "completions", "man"] {
            assert!(script.contains(verb), "{shell}: {verb}");
        }
    }
    // bash and zsh complete a verb's games (fish's generator lists no
    // values of positional arguments): names and forms up to a parameter.
    for shell in ["bash", "zsh"] {
        let script = text_of(&["completions", shell]);
        for name in ["kayles", "fibonacci-nim", "wythoff", "octal", "node-kayles"] {
            assert!(script.contains(name), "{shell}: {name}");
        }
    }
    let bash = text_of(&["completions", "bash"]);
    let table = bash
        .lines()
        .find(|l| l.contains("--size") && l.contains("opts="))
        .unwrap();
    assert!(
        table.contains("wythoff:k=") && !table.contains("hackenbush"),
        "{table}"
    );
    // The names are for completion only: any spec still parses.
    assert_eq!(json_of(&["analyze", "octal:0.137", "5"])["outcome"], "N");
    let json = json_of(&["completions", "bash"]);
    assert_eq!(json["script"], text_of(&["completions", "bash"]).as_str());
    let err = refusal(&["completions", "tcsh"]);
    assert!(err.contains("possible values: bash"), "{err}");
}

#[test]
fn the_manual_page_is_roff_and_lists_the_verbs() {
    let page = text_of(&["man"]);
    assert!(page.contains(".TH grundy 1"), "{page}");
    for verb in [
        "analyze",
        "sequence",
        "period",
        "beatty",
        "table",
        "conjecture",
    ] {
        assert!(page.contains(&format!("grundy\\-{verb}(1)")), "{verb}");
    }
    assert!(
        page.contains(".SH EXAMPLES") && page.contains(".SH SEE ALSO"),
        "{page}"
    );
    // Each verb's own page, which the main page refers to, its games'
    // examples under EXAMPLES (clap's "EXTRA").
    let verb_page = text_of(&["man", "analyze"]);
    assert!(verb_page.contains(".TH grundy-analyze 1"), "{verb_page}");
    assert!(verb_page.contains("\\-\\-moves"), "{verb_page}");
    assert!(
        verb_page.contains(".SH EXAMPLES\nGames that analyze answers"),
        "{verb_page}"
    );
    assert!(!verb_page.contains(".SH EXTRA"), "{verb_page}");
    // --dir writes every page the main page refers to.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("man-pages");
    let _ = std::fs::remove_dir_all(&dir);
    let listed = text_of(&["man", "--dir", dir.to_str().unwrap()]);
    let referred = page.split("grundy\\-").skip(1).filter_map(|rest| {
        let name = rest.split_once("(1)")?.0;
        name.chars()
            .all(|c| c.is_ascii_lowercase())
            .then(|| format!("grundy-{name}.1"))
    });
    for file in std::iter::once("grundy.1".to_string()).chain(referred) {
        let path = dir.join(&file);
        assert!(path.is_file(), "{file} missing");
        assert!(listed.contains(&path.display().to_string()), "{listed}");
    }
    let written = std::fs::read_to_string(dir.join("grundy.1")).unwrap();
    assert_eq!(written, page);
    let err = refusal(&["man", "analyse-this"]);
    assert!(err.contains("'analyse-this' is not a verb"), "{err}");
}

#[test]
fn conjecture_and_period_agree_on_octal_games() {
    // Issue 10: both verbs must state the same certified period (heap games
    // are checked in heap_answers.rs).
    for game in ["kayles", "dawson", "octal:0.137"] {
        let period = json_of(&["period", game]);
        assert_eq!(period["certified"], true, "{game}");
        let conjectures = json_of(&["conjecture", game]);
        let conjecture = &conjectures["conjectures"][0];
        for key in ["preperiod", "period", "saltus", "certified"] {
            assert_eq!(conjecture[key], period[key], "{game} {key}");
        }
        let text = text_of(&["conjecture", game]);
        assert!(!text.contains("not certified"), "{game}: {text}");
        assert!(
            text.contains("certified by the Guy-Smith"),
            "{game}: {text}"
        );
    }
}

#[test]
fn a_p_position_says_every_move_loses() {
    let graph = scratch_file("learn-path.txt", "0 1\n1 2\n2 3\n3 4\n");
    let graph = graph.to_str().unwrap();
    for args in [
        &["analyze", "nim", "2", "2"][..],
        &["analyze", "wythoff", "3", "5"],
        &["analyze", "geography", graph, "0"],
    ] {
        let text = text_of(args);
        assert!(text.contains("outcome: P"), "{args:?}: {text}");
        assert!(
            text.contains("winning moves: none; every move loses"),
            "{args:?}: {text}"
        );
    }
    let text = text_of(&["analyze", "nim", "2", "3"]);
    assert!(!text.contains("every move loses"), "{text}");
}

#[test]
fn graph_games_name_their_moves_without_echoing_a_position() {
    let graph = scratch_file("learn-graph.txt", "0 1\n1 2\n2 3\n3 0\n3 4\n");
    let graph = graph.to_str().unwrap();
    let text = text_of(&["analyze", "geography", graph, "3"]);
    assert!(
        text.contains("winning moves:\n  move the token to 0\n  move the token to 2\n"),
        "{text}"
    );
    let text = text_of(&["analyze", "hackenbush", graph]);
    assert!(text.contains("winning moves:\n  cut the edge"), "{text}");
    for text in [text, text_of(&["analyze", "geography", graph])] {
        assert!(!text.contains("=>"), "{text}");
    }
    // Heap games still show the position reached.
    assert!(text_of(&["analyze", "nim", "3", "4"]).contains("=>  3 3"));
}

#[test]
fn the_sequence_header_names_the_last_index() {
    let text = text_of(&["sequence", "nim", "--count", "12"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "nim: the first 12 values, G(n) for n = 0..11");
    assert_eq!(lines.last().unwrap(), &"10: 10 11");
    assert_eq!(
        text_of(&["sequence", "nim", "--count", "1"]),
        "nim: the first value, G(0)\n0: 0\n"
    );
    assert_eq!(
        text_of(&["sequence", "nim", "--count", "0"]),
        "nim: no values (--count 0)\n"
    );
}

/// The first word written twice in a row in `text` ("certified: certified
/// by"), ignoring case, punctuation and numbers.
fn doubled_word(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let words: Vec<String> = line
            .split_whitespace()
            .map(|token| {
                if token.contains(|c: char| c.is_ascii_digit()) {
                    String::new()
                } else {
                    token
                        .trim_matches(|c: char| !c.is_alphanumeric())
                        .to_lowercase()
                }
            })
            .collect();
        words
            .windows(2)
            .find(|pair| pair[0].len() > 1 && pair[0] == pair[1])
            .map(|_| line.to_string())
    })
}

#[test]
fn the_doubled_word_check_finds_doubled_words() {
    assert!(doubled_word("x\ncertified: certified by a theorem").is_some());
    assert!(doubled_word("the The end").is_some());
    assert!(doubled_word("(0, 0) (1, 2): G(n) = G(n)").is_none());
}

#[test]
fn no_text_answer_doubles_a_word() {
    let games = [
        "nim",
        "bash:3",
        "subtraction:1,3,4",
        "subtraction:2,5,7",
        "kayles",
        "dawson",
        "octal:0.137",
        "wythoff",
        "wythoff:k=2",
        "twopile:1,0+0,1+1,1",
        "staircase",
        "circle:3",
        "dynsub:k=2",
    ];
    for game in games {
        for verb in ["period", "conjecture"] {
            let out = grundy(&[verb, game]);
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + String::from_utf8_lossy(&out.stderr).as_ref();
            assert_eq!(doubled_word(&text), None, "{verb} {game}");
        }
    }
    let text = text_of(&["period", "kayles", "--max", "150"]);
    assert_eq!(doubled_word(&text), None);
}
