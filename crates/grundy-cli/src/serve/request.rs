//! A request body of the web API read as the command line it stands for, so
//! that the server and `grundy VERB ... --json` parse, default and refuse
//! alike (one parser: clap's, with the command line's own messages).

use clap::FromArgMatches;
use grundy::catalog::GraphInput;
use serde_json::{Map, Value};

use crate::args::{self, Cli, Verb};
use crate::dispatch::{self, Inputs};
use crate::failure::Failure;

/// The verbs of the API: those that answer data.
pub const VERBS: [&str; 6] = [
    "analyze",
    "sequence",
    "period",
    "table",
    "conjecture",
    "games",
];

/// The options each verb takes in a body, as `"name": value` for `--name`.
/// Only these: options that name files (`--png`, `--checkpoint`, ...) are not
/// the server's to write, and `--json` is implied.
fn options(verb: &str) -> &'static [&'static str] {
    match verb {
        "analyze" => &["moves", "misere", "every"],
        "sequence" => &["count", "misere"],
        "period" => &["max", "misere"],
        "table" => &["size", "values"],
        _ => &[],
    }
}

/// The keys besides the options: which verbs take them.
fn takes(verb: &str, key: &str) -> bool {
    match key {
        "game" | "script" => verb != "games",
        "position" | "grid" => verb == "analyze",
        "graph" => matches!(verb, "analyze" | "sequence"),
        _ => options(verb).contains(&key),
    }
}

/// Every key `verb` takes, for the message that refuses another.
fn keys(verb: &str) -> String {
    let mut keys: Vec<&str> = ["game", "position", "graph", "grid", "script"]
        .into_iter()
        .filter(|key| takes(verb, key))
        .collect();
    keys.extend(options(verb));
    if keys.is_empty() {
        "none".into()
    } else {
        keys.join(", ")
    }
}

/// The parsed command of `verb` with the JSON `body`, and its inputs (the
/// graph and script texts the body carries); the error is the one line the
/// command line would print (without `error: `).
pub fn parse(verb: &str, body: &[u8]) -> Result<(Verb, Inputs), String> {
    let body: Map<String, Value> = if body.iter().all(u8::is_ascii_whitespace) {
        Map::new()
    } else {
        serde_json::from_slice::<Entries>(body)
            .map_err(|e| {
                format!("the request body is not a JSON object: {e}; send {{\"game\": SPEC, ...}}")
            })?
            .0
    };
    if verb != "games" && !body.contains_key("game") {
        return Err(format!(
            "{verb} needs the game: send {{\"game\": SPEC, ...}}"
        ));
    }
    let mut words = vec!["grundy".to_string(), verb.to_string(), "--json".to_string()];
    let mut positional = Vec::new();
    let mut inputs = Inputs {
        read_files: false,
        graph: None,
        script: None,
    };
    for (key, value) in &body {
        if !takes(verb, key) {
            return Err(format!(
                "unknown key \"{key}\" for {verb}; it takes: {}",
                keys(verb)
            ));
        }
        match key.as_str() {
            "game" => positional.insert(0, word(key, value)?),
            "position" => positional.extend(position(value)?),
            "graph" | "grid" => inputs.graph = Some(graph(key, value, inputs.graph.is_some())?),
            "script" => inputs.script = Some(text(key, value)?),
            _ => words.extend(option(key, value)?),
        }
    }
    // After `--` every word is an argument, never an option, whatever it holds.
    words.push("--".into());
    words.extend(positional);
    let matches = args::command()
        .try_get_matches_from(words)
        .map_err(|e| args::one_line(&e))?;
    let cli = Cli::from_arg_matches(&matches).map_err(|e| args::one_line(&e))?;
    Ok((cli.verb, inputs))
}

/// A JSON object whose keys are all different (`serde_json`'s own map keeps
/// the last of a repeated key silently).
struct Entries(Map<String, Value>);

impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(EntriesVisitor)
    }
}

struct EntriesVisitor;

impl<'de> serde::de::Visitor<'de> for EntriesVisitor {
    type Value = Entries;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut access: A) -> Result<Entries, A::Error> {
        let mut map = Map::new();
        while let Some((key, value)) = access.next_entry::<String, Value>()? {
            if map.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "the key \"{key}\" is given twice"
                )));
            }
            map.insert(key, value);
        }
        Ok(Entries(map))
    }
}

/// A one-word value: a string, or a number written in decimal.
fn word(key: &str, value: &Value) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        _ => Err(format!("\"{key}\" must be a string or a number")),
    }
}

/// The position arguments: an array of numbers or strings (numbers beyond
/// 2^64 as decimal strings, `"+"` between the components of a sum).
pub fn position(value: &Value) -> Result<Vec<String>, String> {
    let Value::Array(items) = value else {
        return Err("\"position\" must be an array of numbers or strings".into());
    };
    items.iter().map(|item| word("position", item)).collect()
}

/// `"key": value` as the command line's `--key=value`; `true` as `--key`.
fn option(key: &str, value: &Value) -> Result<Option<String>, String> {
    match value {
        Value::Bool(true) => Ok(Some(format!("--{key}"))),
        Value::Bool(false) => Ok(None),
        Value::String(_) | Value::Number(_) => Ok(Some(format!("--{key}={}", word(key, value)?))),
        _ => Err(format!("\"{key}\" must be a number, a string or a boolean")),
    }
}

/// A text carried by the body (a graph, a grid, a script).
fn text(key: &str, value: &Value) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        _ => Err(format!("\"{key}\" must be a string (the text of the file)")),
    }
}

/// The graph of `"graph"` (edge lines) or `"grid"` (rows of cells); only one.
fn graph(key: &str, value: &Value, twice: bool) -> Result<(GraphInput, &'static str), String> {
    if twice {
        return Err("give \"graph\" or \"grid\", not both".into());
    }
    let text = text(key, value)?;
    let name = if key == "grid" {
        "\"grid\""
    } else {
        "\"graph\""
    };
    dispatch::check_graph_size(&text, name).map_err(|e| match e {
        Failure::BadInput(e) => e.to_string(),
        _ => unreachable!("a size check fails only as bad input"),
    })?;
    let graph = if key == "grid" {
        GraphInput::Grid(text)
    } else {
        GraphInput::Edges(text)
    };
    Ok((graph, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(verb: &str, body: &str) -> String {
        parse(verb, body.as_bytes()).err().expect("refused")
    }

    #[test]
    fn a_body_is_read_as_its_command_line() {
        let (verb, _) = parse("sequence", br#"{"game": "kayles", "count": "2^4"}"#).unwrap();
        let Verb::Sequence(s) = verb else {
            panic!("not a sequence")
        };
        assert_eq!((s.game.as_str(), s.count), ("kayles", 16));
        let (verb, _) = parse("analyze", br#"{"game": "nim", "position": [3, "-4"]}"#).unwrap();
        let Verb::Analyze(a) = verb else {
            panic!("not an analysis")
        };
        assert_eq!(a.position, ["3", "-4"]);
    }

    #[test]
    fn options_that_name_files_and_unknown_keys_are_refused() {
        for key in ["png", "svg", "tex", "csv", "checkpoint", "json", "colour"] {
            let message = error("table", &format!(r#"{{"game": "wythoff", "{key}": "x"}}"#));
            assert!(
                message.starts_with(&format!("unknown key \"{key}\"")),
                "{message}"
            );
        }
        for (verb, key) in [("sequence", "png"), ("sequence", "tex"), ("period", "svg")] {
            let message = error(verb, &format!(r#"{{"game": "kayles", "{key}": "x"}}"#));
            assert!(
                message.starts_with(&format!("unknown key \"{key}\"")),
                "{message}"
            );
        }
    }

    #[test]
    fn a_position_word_is_never_an_option() {
        let (verb, _) = parse(
            "analyze",
            br#"{"game": "wythoff", "position": ["--png=x"]}"#,
        )
        .expect("an argument");
        let Verb::Analyze(a) = verb else {
            panic!("not an analysis")
        };
        assert_eq!(a.position, ["--png=x"]);
    }

    #[test]
    fn malformed_bodies_are_refused_in_one_line() {
        assert!(error("games", "[1]").contains("not a JSON object"));
        assert!(error("analyze", r#"{"game": "nim", "position": 3}"#).contains("must be an array"));
        assert!(error("sequence", r#"{"game": "nim", "count": [1]}"#).contains("\"count\""));
        assert!(error("sequence", r#"{"game": "nim", "count": "ten"}"#).contains("'ten'"));
    }
}
