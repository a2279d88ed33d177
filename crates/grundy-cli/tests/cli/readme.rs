//! README.md and docs/ cannot drift: every command of README's tour, of the
//! pages of docs/ (the book in docs/book/ included) and of examples/README.md runs, through the built binary,
//! and prints exactly what the page shows under it.
//!
//! The convention (README says it too, under "A short tour"):
//!
//! - Only ```` ```console ```` blocks are run. In them a line starting `$ ` is
//!   a command, and the lines after it, up to the next command or the end of
//!   the block, are what it prints: stdout, then stderr.
//! - A command is `grundy ARGS`, `cargo run --release -- ARGS` (the same
//!   binary) or `printf 'TEXT' | grundy ARGS` (TEXT on stdin, with `\n` for a
//!   line end). Arguments are split at spaces; `'...'` quotes one argument.
//!   Anything else fails the test, so nothing is skipped silently.
//! - Commands run in a scratch directory holding a copy of `examples/`, so
//!   `examples/...` paths work and files a command writes land there.
//! - A command succeeds (exit status 0), unless what it prints ends with an
//!   `error:` line: then it must exit with status 2.
//! - Two elision marks, and no others, let README show part of a long output:
//!   a line `...` alone, last in the output, stands for all the lines after
//!   the ones shown; a line ending in `...}` stands for a JSON document cut
//!   short: the real line starts with the text before `...}` and ends with `}`.
//! - Commands shown but not run go in ```` ```sh ```` blocks.
//!
//! `GRUNDY_BLESS=1 cargo test -p grundy-cli --test cli readme` rewrites every
//! output shown that differs with what the binary prints now, keeping the elision
//! marks where they are (see [`bless_output`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root, where README.md and examples/ are.
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn readme_path() -> PathBuf {
    repository().join("README.md")
}

/// The book's tour of every verb.
fn tour_path() -> PathBuf {
    repository().join("docs/book/src/tour.md")
}

/// A command of the tour and the output README shows for it.
#[derive(Debug)]
struct Example {
    /// The line number (from 1) of the `$ ` line in README.md.
    line: usize,
    /// The command, without `$ `.
    command: String,
    /// The lines shown under it.
    shown: Vec<String>,
}

/// Every command of every ```` ```console ```` block of `readme`.
fn examples(readme: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (index, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line.trim_end() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                line: index + 1,
                command: command.to_string(),
                shown: Vec::new(),
            });
        } else {
            let example = found
                .last_mut()
                .unwrap_or_else(|| panic!("README.md:{}: output before a command", index + 1));
            example.shown.push(line.to_string());
        }
    }
    found
}

/// How to run a command: its arguments, and what goes to stdin.
#[derive(Debug, PartialEq, Eq)]
struct Invocation {
    args: Vec<String>,
    stdin: Option<String>,
}

/// Reads a command of the forms the convention allows.
fn invocation(command: &str) -> Result<Invocation, String> {
    let (stdin, rest) = match command.strip_prefix("printf ") {
        Some(piped) => {
            let (text, after) = quoted(piped)?;
            let rest = after
                .trim_start()
                .strip_prefix("| ")
                .ok_or("printf must be piped into grundy: printf 'TEXT' | grundy ...")?;
            (Some(unescape(&text)?), rest)
        }
        None => (None, command),
    };
    let args = words(rest)?;
    let args = if let Some(args) = args.strip_prefix(&["grundy".to_string()]) {
        args.to_vec()
    } else if let Some(args) = args.strip_prefix(&[
        "cargo".to_string(),
        "run".to_string(),
        "--release".to_string(),
        "--".to_string(),
    ]) {
        if stdin.is_some() {
            return Err("printf is piped into grundy, not cargo".into());
        }
        args.to_vec()
    } else {
        return Err("a command is 'grundy ...', 'cargo run --release -- ...' or 'printf '...' | grundy ...'".into());
    };
    Ok(Invocation { args, stdin })
}

/// The text of a `'...'` at the start of `text`, and what follows it.
fn quoted(text: &str) -> Result<(String, &str), String> {
    let inner = text.strip_prefix('\'').ok_or("expected a '...' argument")?;
    let end = inner.find('\'').ok_or("unclosed quote")?;
    Ok((inner[..end].to_string(), &inner[end + 1..]))
}

/// `text` split at spaces, a `'...'` being one word; shell syntax beyond
/// that (redirections, pipes, variables, double quotes) is refused.
fn words(mut text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    loop {
        text = text.trim_start();
        if text.is_empty() {
            return Ok(words);
        }
        if text.starts_with('\'') {
            let (word, rest) = quoted(text)?;
            words.push(word);
            text = rest;
            continue;
        }
        let end = text.find(' ').unwrap_or(text.len());
        let word = &text[..end];
        if let Some(c) = word
            .chars()
            .find(|c| matches!(c, '|' | '>' | '<' | '$' | '"' | ';' | '&' | '`' | '\\'))
        {
            return Err(format!(
                "'{c}' is shell syntax the README test does not run"
            ));
        }
        words.push(word.to_string());
        text = &text[end..];
    }
}

/// printf's `\n` and `\\`; any other escape, and any `%` directive, is refused.
fn unescape(text: &str) -> Result<String, String> {
    if text.contains('%') {
        return Err("printf directives (%) are not supported".into());
    }
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            other => return Err(format!("printf escape \\{other:?} is not supported")),
        }
    }
    Ok(out)
}

/// What a command printed, and whether its exit status is the one expected.
struct Ran {
    /// stdout, then stderr.
    printed: String,
    /// Why the exit status is wrong, if it is.
    status_error: Option<String>,
}

fn run(invocation: &Invocation, dir: &Path) -> Ran {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&invocation.args)
        .current_dir(dir)
        .stdin(if invocation.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(text) = &invocation.stdin {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("piped");
        stdin
            .write_all(text.as_bytes())
            .expect("stdin takes the text");
    }
    let out = child.wait_with_output().expect("the binary ends");
    let stdout = String::from_utf8(out.stdout).expect("stdout is UTF-8");
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    let refused = stderr
        .lines()
        .last()
        .is_some_and(|l| l.starts_with("error:"));
    let expected = if refused { 2 } else { 0 };
    let status_error = (out.status.code() != Some(expected))
        .then(|| format!("exit status {:?}, expected {expected}", out.status.code()));
    Ran {
        printed: stdout + stderr.as_str(),
        status_error,
    }
}

/// Whether a shown line ends in the mark of a JSON document cut short, and
/// the text before the mark.
fn cut_json(shown: &str) -> Option<&str> {
    shown.strip_suffix("...}")
}

/// Whether the lines shown match the lines printed, elisions included.
fn matches(shown: &[String], printed: &[&str]) -> bool {
    let (shown, rest_elided) = match shown.split_last() {
        Some((last, before)) if last == "..." => (before, true),
        _ => (shown, false),
    };
    if shown.len() > printed.len() || (!rest_elided && shown.len() != printed.len()) {
        return false;
    }
    shown.iter().zip(printed).all(|(s, p)| match cut_json(s) {
        Some(prefix) => p.starts_with(prefix) && p.ends_with('}') && p.len() > prefix.len() + 1,
        None => s == p,
    })
}

/// The lines to show for `printed`, keeping the elision marks of `shown`:
/// a final `...` keeps as many lines as before; a JSON line cut short is
/// cut again after the last `,` that ends a value within the old length
/// (the whole line when there is none).
fn bless_output(shown: &[String], printed: &[&str]) -> Vec<String> {
    let elide_rest = shown.last().is_some_and(|l| l == "...");
    let keep = if elide_rest {
        (shown.len() - 1).min(printed.len())
    } else {
        printed.len()
    };
    let mut blessed: Vec<String> = printed[..keep]
        .iter()
        .enumerate()
        .map(|(i, p)| match shown.get(i).and_then(|s| cut_json(s)) {
            Some(prefix) => cut_json_line(p, prefix.len()),
            None => p.to_string(),
        })
        .collect();
    if elide_rest && keep < printed.len() {
        blessed.push("...".into());
    }
    blessed
}

/// `line` cut after its last `,"` (a comma before a key) within the first
/// `length` bytes, then `...}`; the whole line when it has no such place.
fn cut_json_line(line: &str, length: usize) -> String {
    let window = &line[..floor_char_boundary(line, length + 1)];
    match window.rfind(",\"") {
        Some(comma) => format!("{}...}}", &line[..=comma]),
        None => line.to_string(),
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// A fresh scratch directory holding a copy of `examples/`.
fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("readme-tour-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let examples = dir.join("examples");
    std::fs::create_dir_all(&examples).unwrap();
    // The files only: the template crate (examples/rust-game) is not a
    // command's input.
    for entry in std::fs::read_dir(repository().join("examples")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), examples.join(entry.file_name())).unwrap();
        }
    }
    dir
}

/// README.md, the pages of docs/ (the book's included, at any depth) and
/// examples/README.md: the documents whose commands are run.
fn documents() -> Vec<PathBuf> {
    let mut pages = markdown_under(&repository().join("docs"));
    pages.sort();
    pages.insert(0, readme_path());
    pages.push(repository().join("examples/README.md"));
    pages
}

/// Every `.md` file under `dir`, at any depth.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(markdown_under(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
    found
}

/// Runs the commands of one document in `dir`, in their order (a command may
/// read what an earlier one wrote, such as a checkpoint). Returns the
/// failures; with `bless`, rewrites the outputs that differ instead.
/// `markdown` without its ```` ```console ```` blocks (the outputs shown).
fn without_console_blocks(markdown: &str) -> String {
    let mut kept = String::new();
    let mut in_console = false;
    for line in markdown.lines() {
        match (in_console, line.trim_start()) {
            (false, "```console") => in_console = true,
            (true, "```") => in_console = false,
            (false, _) => {
                kept.push_str(line);
                kept.push('\n');
            }
            (true, _) => {}
        }
    }
    kept
}

/// Every key of the JSON documents in `printed` (one a line; other lines,
/// such as a progress or an error line, are skipped), at any depth.
fn json_keys(printed: &str, keys: &mut BTreeSet<String>) {
    fn walk(value: &serde_json::Value, keys: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    keys.insert(key.clone());
                    walk(inner, keys);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, keys)),
            _ => {}
        }
    }
    for line in printed.lines().filter(|l| l.starts_with('{')) {
        if let Ok(value) = serde_json::from_str(line) {
            walk(&value, keys);
        }
    }
}

/// Runs every example of the document at `path` in `dir`; returns what
/// differs from the page (rewriting the page instead when `bless`), and adds
/// the keys of the JSON the examples printed to `keys`.
fn check_document(
    path: &Path,
    dir: &Path,
    bless: bool,
    keys: &mut BTreeSet<String>,
) -> Vec<String> {
    let name = path
        .strip_prefix(repository())
        .unwrap_or(path)
        .display()
        .to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut failures = Vec::new();
    let mut rewrites = Vec::new();
    for example in examples(&text) {
        let at = format!("{name}:{}: {}", example.line, example.command);
        let invocation = invocation(&example.command).unwrap_or_else(|e| panic!("{at}: {e}"));
        let ran = run(&invocation, dir);
        json_keys(&ran.printed, keys);
        let printed: Vec<&str> = ran.printed.lines().collect();
        if let Some(e) = ran.status_error {
            failures.push(format!("{at}: {e}"));
        }
        if matches(&example.shown, &printed) {
            continue;
        }
        if bless {
            let blessed = bless_output(&example.shown, &printed);
            rewrites.push((example, blessed));
        } else {
            failures.push(format!(
                "{at}\n--- shown:\n{}\n--- printed:\n{}",
                example.shown.join("\n"),
                ran.printed.trim_end()
            ));
        }
    }
    if !rewrites.is_empty() {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        // From the last up, so that each rewrite keeps the line numbers of
        // those above it (`example.line` is also the index of its first
        // output line).
        for (example, blessed) in rewrites.into_iter().rev() {
            lines.splice(example.line..example.line + example.shown.len(), blessed);
        }
        let mut blessed = lines.join("\n");
        blessed.push('\n');
        std::fs::write(path, blessed).unwrap();
    }
    failures
}

#[test]
fn every_documented_command_prints_what_is_shown() {
    let readme = std::fs::read_to_string(readme_path()).unwrap();
    assert!(examples(&readme).len() >= 3, "README shows a taste");
    let tour = std::fs::read_to_string(tour_path()).unwrap();
    assert!(examples(&tour).len() >= 10, "the tour has its commands");
    let bless = std::env::var_os("GRUNDY_BLESS").is_some_and(|v| v == "1");
    let dir = scratch();
    let mut keys = BTreeSet::new();
    let failures: Vec<String> = documents()
        .iter()
        .flat_map(|path| check_document(path, &dir, bless, &mut keys))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "the documents have drifted from the binary (GRUNDY_BLESS=1 cargo test -p grundy-cli \
         --test cli readme rewrites the outputs shown):\n\n{}",
        failures.join("\n\n")
    );
    // The JSON reference cannot fall behind the answers: every key that a
    // documented command prints (hundreds of commands, every verb) is one
    // that docs/json.md names in its prose and tables (`key`, or "key" in an
    // object written out there), not only in the outputs it shows.
    assert!(keys.len() >= 50, "only {} JSON keys seen", keys.len());
    let reference = without_console_blocks(
        &std::fs::read_to_string(repository().join("docs/json.md")).unwrap(),
    );
    let undocumented: Vec<&String> = keys
        .iter()
        .filter(|key| {
            !reference.contains(&format!("`{key}`")) && !reference.contains(&format!("\"{key}\""))
        })
        .collect();
    assert!(
        undocumented.is_empty(),
        "keys the documented commands print that docs/json.md does not name: {undocumented:?}"
    );
}

/// The text of the section of `readme` whose heading is `heading`.
fn section<'a>(readme: &'a str, heading: &str) -> &'a str {
    let start = readme
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("README.md has a section '{heading}'"));
    let body = &readme[start + heading.len() + 2..];
    let end = body.find("\n## ").unwrap_or(body.len());
    &body[..end]
}

/// The commands of the ```` ```sh ```` blocks of `text`.
fn shell_commands(text: &str) -> Vec<&str> {
    let mut commands = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_sh = line.trim_end() == "```sh";
        } else if in_sh && !line.trim().is_empty() {
            commands.push(line.trim());
        }
    }
    commands
}

#[test]
fn the_two_commands_are_the_example_and_the_ci_test_command() {
    let readme = std::fs::read_to_string(readme_path()).unwrap();
    let two = section(&readme, "## The two commands");
    // The first is a tour command, run by the test above.
    let run: Vec<Example> = examples(two);
    assert_eq!(run.len(), 1, "one example to run");
    assert!(run[0].command.starts_with("cargo run --release -- "));
    // The second is the command .ci/run runs the tests with.
    assert_eq!(shell_commands(two), ["./test.sh"]);
    let ci = std::fs::read_to_string(repository().join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l == "./test.sh"),
        ".ci/run runs README's test command"
    );
    let tests = std::fs::read_to_string(repository().join("test.sh")).unwrap();
    assert!(
        tests.lines().any(|l| l == "cargo test --workspace"),
        "test.sh runs Rust's tests"
    );
}

#[test]
fn the_tour_installs_the_grundy_binary() {
    let tour = std::fs::read_to_string(tour_path()).unwrap();
    let install = shell_commands(&tour)
        .into_iter()
        .find_map(|c| c.strip_prefix("cargo install --path "))
        .expect("the tour says how to install grundy");
    let manifest = std::fs::read_to_string(repository().join(install).join("Cargo.toml"))
        .expect("the path holds a crate");
    assert!(
        manifest.contains("[[bin]]\nname = \"grundy\""),
        "{install} builds the grundy binary"
    );
}

#[test]
fn the_documents_point_only_inside_the_repository() {
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        let name = document.display();
        assert!(
            !text.contains("shared/"),
            "{name} names a file outside the repository"
        );
        // Every relative link leads to a file of the repository.
        let here = document.parent().unwrap();
        for link in text.split("](").skip(1) {
            let target = &link[..link.find(')').expect("a link ends with )")];
            if target.contains("://") || target.starts_with('#') {
                continue;
            }
            let path = target.split('#').next().unwrap();
            assert!(
                here.join(path).exists(),
                "{name} links to {target}, which is missing"
            );
        }
        // The example files it names exist.
        for word in text.split(|c: char| c.is_whitespace() || c == '`') {
            if let Some(file) = word.strip_prefix("examples/") {
                let file = file.trim_end_matches(|c: char| !c.is_alphanumeric());
                assert!(
                    repository().join("examples").join(file).exists(),
                    "{name} names examples/{file}, which is missing"
                );
            }
        }
    }
}

#[test]
fn the_convention_reads_commands_and_elisions_as_documented() {
    assert_eq!(
        invocation("printf '0 1\\n1 2\\n' | grundy analyze hackenbush - --json").unwrap(),
        Invocation {
            args: ["analyze", "hackenbush", "-", "--json"]
                .map(String::from)
                .to_vec(),
            stdin: Some("0 1\n1 2\n".into()),
        }
    );
    assert_eq!(
        invocation("cargo run --release -- analyze nim 3")
            .unwrap()
            .args,
        ["analyze", "nim", "3"]
    );
    for refused in [
        "grundy sequence kayles > values.json",
        "ls examples",
        "grundy analyze \"nim\" 3",
        "printf '%d' 3 | grundy analyze hackenbush -",
    ] {
        assert!(invocation(refused).is_err(), "{refused}");
    }
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    let json = r#"{"game":"nim","position":[3],"outcome":"N","method":"m"}"#;
    assert!(matches(&shown(&[r#"{"game":"nim",...}"#]), &[json]));
    assert!(!matches(&shown(&[r#"{"game":"kayles",...}"#]), &[json]));
    assert!(matches(&shown(&["a", "..."]), &["a", "b", "c"]));
    assert!(!matches(&shown(&["a"]), &["a", "b"]));
    assert!(!matches(&shown(&["a", "b"]), &["a"]));
    // Blessing keeps the marks, and cuts a JSON line after a whole value.
    assert_eq!(
        bless_output(&shown(&[r#"{"game":"nim","posi...}"#]), &[json]),
        [r#"{"game":"nim",...}"#]
    );
    assert_eq!(
        bless_output(&shown(&["x", "..."]), &["a", "b", "c"]),
        ["a", "..."]
    );
    assert_eq!(bless_output(&shown(&["x"]), &["a", "b"]), ["a", "b"]);
}
