//! The layering rules of ARCHITECTURE.md ("Per-module invariants"), checked on
//! the source: which top-level module may import which, that the library does
//! no I/O and prints nothing, where threads are started and where values are
//! serialised; and of the binary, that its modules import each other without
//! a cycle and that it compares no string with a game's name. Test modules (from the first `#[cfg(test)]` of a file on) and
//! comments are left out: tests may use anything.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every top-level module a layer may import (besides itself). `lib.rs` and
/// `catalog` (the top layer, which may import everything) are not listed.
const MAY_IMPORT: &[(&str, &[&str])] = &[
    ("bits", &[]),
    ("limits", &[]),
    ("json", &["stop"]),
    ("word_hash", &[]),
    ("stop", &[]),
    ("nimber", &["bits"]),
    ("arith", &["bits", "limits", "stop"]),
    ("game", &["bits", "nimber", "stop"]),
    ("graph", &["arith", "bits", "limits", "stop"]),
    (
        "solve",
        &["arith", "bits", "game", "limits", "nimber", "stop"],
    ),
    (
        "analysis",
        &[
            "arith",
            "bits",
            "game",
            "limits",
            "nimber",
            "solve",
            "stop",
            "word_hash",
        ],
    ),
    (
        "games",
        &[
            "analysis",
            "arith",
            "bits",
            "game",
            "graph",
            "limits",
            "nimber",
            "solve",
            "stop",
            "word_hash",
        ],
    ),
    // The error type keeps the error types of games and graphs as sources.
    ("error", &["games", "graph"]),
];

/// Files that may start threads (the octal helper thread, the parallel
/// two-pile tables, the helpers that work out a user's moves ahead and the
/// script's count of them), as paths below `src/`.
const THREADED: &[&str] = &[
    "games/octal/sparse.rs",
    "games/octal/lookahead.rs",
    "games/ahead.rs",
    "games/script/ahead.rs",
    "solve/wavefront.rs",
    "solve/lines.rs",
];

/// Files that may implement `Serialize` (JSON is known in the answers of the
/// catalogue and in `json.rs`; nimbers, outcomes and conjectures are data in
/// those answers).
const SERIALISED: &[&str] = &[
    "nimber.rs",
    "game.rs",
    "json.rs",
    "analysis/conjecture.rs",
    "catalog/",
];

/// What no library file may contain outside its tests: I/O and printing.
const NO_IO: &[&str] = &[
    "std::fs",
    "std::net",
    "std::process",
    "std::env",
    "stdin(",
    "stdout(",
    "stderr(",
    "File::",
    "println!",
    "print!",
    "eprintln!",
    "eprint!",
    "dbg!",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`, as paths relative to `root`.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("the source directory is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(
                path.strip_prefix(root)
                    .expect("below the root")
                    .to_path_buf(),
            );
        }
    }
}

/// The code of a file without its tests and comments: everything from the
/// first top-level `#[cfg(test)]` on (one on an indented item, such as an enum
/// variant, does not end the library code).
fn library_code(text: &str) -> String {
    let tests_start = text
        .match_indices("#[cfg(test)]")
        .map(|(at, _)| at)
        .find(|&at| at == 0 || text[..at].ends_with('\n'))
        .unwrap_or(text.len());
    let before_tests = &text[..tests_start];
    before_tests
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module path of a file: `games/octal/sparse.rs` is `[games, octal,
/// sparse]`, `games/mod.rs` is `[games]`.
fn module_path(file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first segment of every path in a `{a::b, c, d::{e, f}}` group.
fn group_heads(text: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let (mut depth, mut start_of_item) = (0, true);
    for (i, c) in text.char_indices() {
        match c {
            '{' => {
                depth += 1;
                start_of_item = depth == 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => start_of_item = true,
            c if start_of_item && depth == 1 && !c.is_whitespace() => {
                heads.push(ident(&text[i..]).to_string());
                start_of_item = false;
            }
            _ => {}
        }
    }
    heads
}

/// The top-level modules named by the paths that start at `at` (just after
/// `crate::`, or after the `super::`s that reach the crate root).
fn heads_at(rest: &str) -> Vec<String> {
    if rest.starts_with('{') {
        group_heads(rest)
    } else {
        vec![ident(rest).to_string()]
    }
}

/// Every chain of `super::` in `code`: how many `super`s, and the path after
/// them.
fn super_chains(code: &str) -> Vec<(usize, &str)> {
    let mut chains = Vec::new();
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with(':') {
            continue; // counted from the first `super::` of the chain
        }
        let mut rest = &code[at..];
        let mut supers = 0;
        while let Some(after) = rest.strip_prefix("super::") {
            supers += 1;
            rest = after;
        }
        chains.push((supers, rest));
    }
    chains
}

/// The top-level modules of the crate that `code` (of the file at `module`)
/// refers to by `crate::` or by enough `super::` to reach the crate root.
fn referenced_modules(code: &str, module: &[String]) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let prefix_ok = code[..at]
            .chars()
            .next_back()
            .map_or(true, |c| !(c.is_alphanumeric() || c == '_' || c == '$'));
        if prefix_ok {
            found.extend(heads_at(&code[at + "crate::".len()..]));
        }
    }
    for (supers, rest) in super_chains(code) {
        // A file's own module is its path; `super` from `a/b.rs` is `a`.
        let parent_depth = module.len().saturating_sub(supers);
        if parent_depth == 0 {
            found.extend(heads_at(rest));
        }
    }
    found
}

struct Source {
    path: PathBuf,
    module: Vec<String>,
    code: String,
}

fn library_sources() -> Vec<Source> {
    sources_below(&src())
}

/// Every source file below `root` (a crate's `src/`), its code without tests
/// and comments.
fn sources_below(root: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    rust_files(root, root, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(root.join(&path)).expect("a readable source file");
            Source {
                module: module_path(&path),
                code: library_code(&text),
                path,
            }
        })
        .collect()
}

fn unix(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

#[test]
fn layers_import_only_the_layers_below() {
    let rules: BTreeMap<&str, &[&str]> = MAY_IMPORT.iter().copied().collect();
    let sources = library_sources();
    let mut checked_files = 0;
    let mut imports_seen = 0;
    let mut violations = Vec::new();
    for source in &sources {
        let top = source.module[0].as_str();
        let referenced = referenced_modules(&source.code, &source.module);
        imports_seen += referenced.len();
        let Some(allowed) = rules.get(top) else {
            continue;
        };
        checked_files += 1;
        for name in referenced {
            if name != top && !allowed.contains(&name.as_str()) {
                violations.push(format!("{} imports crate::{name}", unix(&source.path)));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "layer violations:\n{}",
        violations.join("\n")
    );
    // Not vacuous: the walk found the layered files and their imports.
    assert!(checked_files >= 40, "only {checked_files} files checked");
    assert!(imports_seen >= 60, "only {imports_seen} imports seen");
    let imports_of = |file: &str| {
        let source = sources.iter().find(|s| unix(&s.path) == file).expect(file);
        referenced_modules(&source.code, &source.module)
    };
    assert!(imports_of("solve/table.rs").contains("nimber"));
    assert!(imports_of("games/octal/sparse.rs").contains("analysis"));
    for layer in rules.keys() {
        assert!(
            sources.iter().any(|s| s.module[0] == *layer),
            "no file of layer {layer}"
        );
    }
}

#[test]
fn the_import_reader_sees_every_form_of_path() {
    let module = |p: &str| module_path(Path::new(p));
    let code = "use crate::nimber::Nimber;\nuse crate::{game::Impartial, solve::{Memo, table}};\n\
                let x = crate::limits::MAX; use super::super::catalog::parse; use super::sparse;";
    let found = referenced_modules(code, &module("games/octal/x.rs"));
    let expected: BTreeSet<String> = ["nimber", "game", "solve", "limits"]
        .map(String::from)
        .into();
    assert_eq!(
        found, expected,
        "super::super from games/octal stays in games"
    );
    let found = referenced_modules("use super::super::catalog::parse;", &module("solve/x/y.rs"));
    assert!(found.is_empty());
    let found = referenced_modules("use super::super::catalog;", &module("solve/x.rs"));
    assert_eq!(found, BTreeSet::from(["catalog".to_string()]));
    let found = referenced_modules("$crate::catalog; my_crate::catalog", &module("bits.rs"));
    assert!(found.is_empty());
    assert_eq!(
        library_code("use a; // crate::catalog\n#[cfg(test)]\nuse crate::catalog;"),
        "use a; "
    );
}

#[test]
fn the_library_does_no_io_and_prints_nothing() {
    let sources = library_sources();
    assert!(sources.len() >= 50, "only {} files", sources.len());
    let found: Vec<String> = sources
        .iter()
        .flat_map(|s| {
            NO_IO
                .iter()
                .filter(|word| s.code.contains(*word))
                .map(move |word| format!("{}: {word}", unix(&s.path)))
        })
        .collect();
    assert!(
        found.is_empty(),
        "I/O in the library:\n{}",
        found.join("\n")
    );
}

#[test]
fn threads_live_in_the_octal_helper_the_two_pile_tables_and_the_helpers_of_users_games_only() {
    let sources = library_sources();
    let starts_threads = |code: &str| {
        ["thread::scope", "thread::spawn", "rayon", "par_iter"]
            .iter()
            .any(|w| code.contains(w))
    };
    let threaded: BTreeSet<String> = sources
        .iter()
        .filter(|s| starts_threads(&s.code))
        .map(|s| unix(&s.path))
        .collect();
    // Both places really start threads: the check is not vacuous.
    assert!(threaded.contains("games/octal/sparse.rs"), "{threaded:?}");
    assert!(threaded.contains("solve/wavefront.rs"), "{threaded:?}");
    let strays: Vec<&String> = threaded
        .iter()
        .filter(|f| !THREADED.contains(&f.as_str()))
        .collect();
    assert!(
        strays.is_empty(),
        "threads outside {THREADED:?}: {strays:?}"
    );
}

#[test]
fn values_are_serialised_only_where_json_is_known() {
    let sources = library_sources();
    let serialises = |code: &str| code.contains("Serialize") || code.contains("serde_json");
    let files: Vec<String> = sources
        .iter()
        .filter(|s| serialises(&s.code))
        .map(|s| unix(&s.path))
        .collect();
    assert!(files.iter().any(|f| f == "json.rs"), "{files:?}");
    assert!(files.iter().any(|f| f.starts_with("catalog/")), "{files:?}");
    let strays: Vec<&String> = files
        .iter()
        .filter(|f| !SERIALISED.iter().any(|allowed| f.starts_with(allowed)))
        .collect();
    assert!(
        strays.is_empty(),
        "Serialize outside {SERIALISED:?}: {strays:?}"
    );
    assert!(
        sources.iter().all(|s| !s.code.contains("serde_json")),
        "serde_json is for tests only"
    );
}

/// The parts of the catalogue (ARCHITECTURE.md, "The catalogue") and which
/// each may import besides itself: the interface (`catalog/mod.rs`, positions,
/// answers, entries) and the kit the adapters build their answers with sit
/// beneath the adapters, the registry lists the adapters' entries, and the
/// features that cut across games sit on top.
const CATALOGUE_MAY_IMPORT: &[(&str, &[&str])] = &[
    ("interface", &["kit"]),
    ("kit", &["interface"]),
    ("adapters", &["interface", "kit"]),
    ("registry", &["interface", "kit", "adapters"]),
    ("features", &["interface", "kit", "adapters", "registry"]),
];

/// The part of the catalogue of its submodule `segment` (a directory or file
/// below `catalog/`), if `segment` is one.
fn catalogue_submodule(segment: &str) -> Option<&'static str> {
    match segment {
        "adapters" => Some("adapters"),
        "kit" => Some("kit"),
        "registry" => Some("registry"),
        "features" => Some("features"),
        "position" | "answer" | "entry" => Some("interface"),
        _ => None,
    }
}

/// The `use` statements of `code`, each as the text between `use ` and `;`.
fn use_statements(code: &str) -> Vec<&str> {
    let mut statements = Vec::new();
    let mut line_start = 0;
    for line in code.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let body = trimmed
            .strip_prefix("pub use ")
            .or_else(|| trimmed.strip_prefix("use "));
        if let Some(body) = body {
            let start = line_start + line.len() - body.len();
            if let Some(end) = code[start..].find(';') {
                statements.push(&code[start..start + end]);
            }
        }
        line_start += line.len();
    }
    statements
}

/// The names `catalog/mod.rs` brings into the catalogue's root by `use`, each
/// with the part of the catalogue that defines it (names the crate's other
/// modules define are left out).
fn catalogue_root_names(mod_rs: &str) -> BTreeMap<String, &'static str> {
    let mut names: BTreeMap<String, &'static str> = BTreeMap::new();
    for statement in use_statements(mod_rs) {
        let first = ident(statement);
        let part = catalogue_submodule(first).or_else(|| names.get(first).copied());
        let Some(part) = part else {
            continue; // `crate::...`: from outside the catalogue
        };
        let imported = match statement.find('{') {
            Some(at) => group_heads(&statement[at..]),
            None => vec![ident(statement.rsplit("::").next().unwrap_or("")).to_string()],
        };
        for name in imported {
            names.insert(name, part);
        }
    }
    names
}

/// The part of the catalogue that `head`, a name at the catalogue's root, is
/// from: a submodule's, a re-exported name's, or the interface for names
/// `catalog/mod.rs` defines.
fn catalogue_part_of(head: &str, root_names: &BTreeMap<String, &'static str>) -> &'static str {
    catalogue_submodule(head)
        .or_else(|| root_names.get(head).copied())
        .unwrap_or("interface")
}

/// The parts of the catalogue that `code`, of the catalogue file at `module`,
/// refers to: by `crate::catalog::`, and by `super::` chains (up to the
/// catalogue's root, or to a submodule below it).
fn catalogue_references(
    code: &str,
    module: &[String],
    root_names: &BTreeMap<String, &'static str>,
) -> BTreeSet<&'static str> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::catalog::") {
        for head in heads_at(&code[at + "crate::catalog::".len()..]) {
            found.insert(catalogue_part_of(&head, root_names));
        }
    }
    for (supers, rest) in super_chains(code) {
        let parent = &module[..module.len().saturating_sub(supers)];
        match parent {
            [catalog] if catalog == "catalog" => {
                for head in heads_at(rest) {
                    found.insert(catalogue_part_of(&head, root_names));
                }
            }
            [catalog, below, ..] if catalog == "catalog" => {
                found.extend(catalogue_submodule(below));
            }
            _ => {}
        }
    }
    found
}

/// The part of the catalogue a file at `module` (below `catalog`) is in.
fn catalogue_part_of_file(module: &[String]) -> &'static str {
    module
        .get(1)
        .and_then(|segment| catalogue_submodule(segment))
        .unwrap_or("interface")
}

/// The code of `catalog/mod.rs` without its `use` statements, which are the
/// catalogue's facade (they re-export every part).
fn without_use_statements(code: &str) -> String {
    let mut rest = code.to_string();
    for statement in use_statements(code) {
        rest = rest.replacen(statement, "", 1);
    }
    rest
}

#[test]
fn the_catalogue_is_layered_adapters_import_no_feature() {
    let rules: BTreeMap<&str, &[&str]> = CATALOGUE_MAY_IMPORT.iter().copied().collect();
    let sources = library_sources();
    let mod_rs = sources
        .iter()
        .find(|s| unix(&s.path) == "catalog/mod.rs")
        .expect("catalog/mod.rs");
    let root_names = catalogue_root_names(&mod_rs.code);
    let mut violations = Vec::new();
    let mut seen: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for source in sources.iter().filter(|s| s.module[0] == "catalog") {
        let part = catalogue_part_of_file(&source.module);
        let code = match source.module.len() {
            1 => without_use_statements(&source.code),
            _ => source.code.clone(),
        };
        for used in catalogue_references(&code, &source.module, &root_names) {
            seen.entry(part).or_default().insert(used);
            if used != part && !rules[part].contains(&used) {
                violations.push(format!(
                    "{} ({part}) imports the {used}",
                    unix(&source.path)
                ));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "catalogue layer violations:\n{}",
        violations.join("\n")
    );
    // Not vacuous: re-exported names are traced to their part, and each
    // part's imports of the parts beneath it are seen.
    assert_eq!(root_names.get("Summands"), Some(&"kit"));
    assert_eq!(root_names.get("analyze_sum"), Some(&"features"));
    assert_eq!(root_names.get("parse"), Some(&"registry"));
    assert!(seen["adapters"].contains("kit") && seen["adapters"].contains("interface"));
    assert!(seen["registry"].contains("adapters"));
    assert!(seen["features"].contains("registry"));
    let planted = catalogue_references(
        "use crate::catalog::{analyze_sum, Game}; use super::super::play::Session;",
        &module_path(Path::new("catalog/adapters/heap.rs")),
        &root_names,
    );
    assert_eq!(planted, BTreeSet::from(["features", "interface"]));
}

/// The binary's sources (`crates/grundy-cli/src`), as the library's are read.
fn binary_sources() -> Vec<Source> {
    sources_below(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-cli/src"))
}

/// The modules of the binary that `top` imports, for each top-level module
/// but the crate roots (`lib.rs` declares them all, `main.rs` calls it).
fn binary_imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in binary_sources() {
        let top = source.module[0].clone();
        if top == "main" || top == "lib" {
            continue;
        }
        let mut referenced = referenced_modules(&source.code, &source.module);
        referenced.remove(&top);
        imports.entry(top).or_default().extend(referenced);
    }
    imports
}

/// A cycle of `imports`, as the modules along it, if there is one.
fn cycle_of(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for next in imports.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, imports, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|module| visit(module, imports, &mut Vec::new(), &mut done))
}

#[test]
fn the_binary_imports_without_a_cycle_and_never_from_main() {
    let imports = binary_imports();
    assert!(imports.len() >= 15, "only {} modules read", imports.len());
    assert!(imports["output"].contains("text"), "{imports:?}");
    for (module, imported) in &imports {
        assert!(!imported.contains("main"), "{module} imports main.rs");
        assert!(!imported.contains("lib"), "{module} imports lib.rs");
    }
    assert_eq!(cycle_of(&imports), None);
    // Not vacuous: a cycle is found where there is one.
    let mut with_cycle = imports.clone();
    with_cycle
        .entry("text".into())
        .or_default()
        .insert("output".into());
    assert!(cycle_of(&with_cycle).is_some());
}

/// The places of `code` that compare a string with a game's name (`== "nim"`,
/// `starts_with("wythoff")`) or write a spec (`"dynsub:`).
fn spec_matching(code: &str, names: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for name in names {
        for pattern in [
            format!("starts_with(\"{name}"),
            format!("== \"{name}\""),
            format!("\"{name}:"),
        ] {
            if code.contains(&pattern) {
                found.push(pattern);
            }
        }
    }
    found
}

#[test]
fn the_faces_hold_no_game_names() {
    let names = grundy::catalog::game_names();
    assert!(names.contains(&"wythoff") && names.contains(&"dynsub"));
    let mut matched = Vec::new();
    for source in binary_sources() {
        for pattern in spec_matching(&source.code, &names) {
            matched.push(format!("{}: {pattern}", unix(&source.path)));
        }
    }
    assert!(
        matched.is_empty(),
        "game names in the binary:\n{}",
        matched.join("\n")
    );
    // Not vacuous: the matching the player held before is found.
    let old = "None if spec.starts_with(\"wythoff\") => pile_lines(position),";
    assert_eq!(spec_matching(old, &names), ["starts_with(\"wythoff"]);
}
