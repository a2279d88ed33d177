//! The registry: one entry per game family, the single list that the parser,
//! the unknown-game error, the command line's help, `grundy games` and
//! README's table of games are all drawn from.
//!
//! Adding a game is one module in [`crate::games`], its adapter in the
//! catalogue, and one [`Entry`] in [`GAMES`].

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::{
    chomp, circle, digraph, directed_geography, dynsub, graphs, grundys_game, heap, lasker, moore,
    node_kayles, octal, script, staircase_tree, twopile, wythoff, Game,
};
use crate::error::Error;

/// A verb of the catalogue: what can be asked of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// Outcome, Grundy value and winning moves of a position.
    Analyze,
    /// The Grundy values of single heaps (or the P-positions of a two-pile game).
    Sequence,
    /// The certified period of a heap game's sequence.
    Period,
    /// Every position below a size of a two-pile game.
    Table,
    /// Patterns found from the rules alone.
    Conjecture,
}

impl Verb {
    /// Every verb, in the order of the command line's help.
    pub const ALL: [Verb; 5] = [
        Verb::Analyze,
        Verb::Sequence,
        Verb::Period,
        Verb::Table,
        Verb::Conjecture,
    ];

    /// The verb as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Verb::Analyze => "analyze",
            Verb::Sequence => "sequence",
            Verb::Period => "period",
            Verb::Table => "table",
            Verb::Conjecture => "conjecture",
        }
    }

    /// The options a short example of this verb adds after the spec (and
    /// the position, for `analyze`).
    fn example_options(self) -> &'static str {
        match self {
            Verb::Sequence => " --count 10",
            Verb::Table => " --size 8",
            Verb::Analyze | Verb::Period | Verb::Conjecture => "",
        }
    }
}

/// A game built from a spec, or why the spec is refused.
type Built = Result<Box<dyn Game>, Error>;

/// How an entry's spec takes parameters, and the constructor that reads them.
#[derive(Clone, Copy)]
pub(super) enum Build {
    /// No parameters: `name` alone.
    Plain(fn() -> Box<dyn Game>),
    /// Parameters may follow `name:`; the constructor gets the spec as typed
    /// and the parameters (lowercased), if any.
    Optional(fn(&str, Option<&str>) -> Built),
    /// Parameters must follow `name:`; without them the spec is refused with
    /// `missing`, which says how to write them.
    Required {
        /// The constructor, given the spec as typed and the parameters.
        build: fn(&str, &str) -> Built,
        /// The refusal of the bare name: "write bash:M, ...".
        missing: &'static str,
    },
}

/// A second name for one instance of a family: `kayles` is `octal:0.77`.
#[derive(Clone, Copy, Debug)]
pub struct Alias {
    /// The name, written without parameters.
    pub name: &'static str,
    /// The parameters of the family it stands for (`0.77`).
    pub params: &'static str,
}

/// One game family of the catalogue.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The name a spec starts with (`bash`).
    pub name: &'static str,
    /// The forms of the spec, grammar in capitals (`bash:M`); the first is
    /// the main one.
    pub forms: &'static [&'static str],
    /// How to read the parameters, when the forms alone do not say it.
    pub form_note: &'static str,
    /// Other names of some instances of the family.
    pub aliases: &'static [Alias],
    /// What the game is, in one line.
    pub summary: &'static str,
    /// What the position arguments of `analyze` are.
    pub position: &'static str,
    /// How grundy answers it.
    pub theory: &'static str,
    /// The verbs that answer it.
    pub verbs: &'static [Verb],
    /// The spec of the examples (`bash:3`).
    pub example_spec: &'static str,
    /// The position arguments of the `analyze` example.
    pub example_position: &'static str,
    /// What the `analyze` example reads on stdin (a graph), or `""`.
    pub example_stdin: &'static str,
    pub(super) build: Build,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).finish()
    }
}

impl Entry {
    /// The spec an alias stands for (`octal:0.77`).
    pub fn spec_of(&self, alias: &Alias) -> String {
        format!("{}:{}", self.name, alias.params)
    }

    /// Whether `verb` answers this game.
    pub fn answers(&self, verb: Verb) -> bool {
        self.verbs.contains(&verb)
    }

    /// The arguments of a command of `verb` on the example spec, after
    /// `grundy` (`["analyze", "bash:3", "10"]`), and what it reads on stdin.
    pub fn example_args(&self, verb: Verb) -> (Vec<String>, &'static str) {
        let mut args = vec![verb.name().to_string(), self.example_spec.to_string()];
        if verb == Verb::Analyze {
            args.extend(self.example_position.split_whitespace().map(String::from));
        } else if !self.example_stdin.is_empty() && !self.example_spec.ends_with(":-") {
            // A game given by its graph reads it for every verb, and its
            // sequence is that of its vertices, without `--count`.
            args.push("-".into());
            return (args, self.example_stdin);
        }
        args.extend(verb.example_options().split_whitespace().map(String::from));
        // A graph for analyze, or a script for every verb.
        (args, self.example_stdin)
    }

    /// A shell command of `verb` on the example spec, e.g.
    /// `grundy analyze bash:3 10`, with its input piped in if it reads one.
    pub fn example_for(&self, verb: Verb) -> String {
        let (args, stdin) = self.example_args(verb);
        let command = format!("grundy {}", args.join(" "));
        if stdin.is_empty() {
            command
        } else {
            format!("printf '{}' | {command}", stdin.replace('\n', "\\n"))
        }
    }

    /// The example of the entry: an `analyze` command (every game answers it).
    pub fn example(&self) -> String {
        self.example_for(Verb::Analyze)
    }

    /// Every accepted name and form: the forms, then the aliases.
    fn spellings(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.forms
            .iter()
            .copied()
            .chain(self.aliases.iter().map(|a| a.name))
    }
}

const HEAP_VERBS: &[Verb] = &[
    Verb::Analyze,
    Verb::Sequence,
    Verb::Period,
    Verb::Conjecture,
];
const PILE_VERBS: &[Verb] = &[Verb::Analyze, Verb::Sequence, Verb::Table, Verb::Conjecture];
const ANALYZE_ONLY: &[Verb] = &[Verb::Analyze];
const GRAPH_VERBS: &[Verb] = &[Verb::Analyze, Verb::Sequence];

/// Every game family, in the order of the help and README.
pub static GAMES: &[Entry] = &[
    Entry {
        name: "nim",
        forms: &["nim"],
        form_note: "",
        aliases: &[],
        summary: "take any number from one heap",
        position: "heap sizes",
        theory: "nim-sum (Bouton)",
        verbs: HEAP_VERBS,
        example_spec: "nim",
        example_position: "3 4 5",
        example_stdin: "",
        build: Build::Plain(heap::nim),
    },
    Entry {
        name: "bash",
        forms: &["bash:M"],
        form_note: "",
        aliases: &[],
        summary: "take 1..M from one heap",
        position: "heap sizes",
        theory: "`G(n) = n mod (M+1)`",
        verbs: HEAP_VERBS,
        example_spec: "bash:3",
        example_position: "10",
        example_stdin: "",
        build: Build::Required {
            build: heap::bash,
            missing: "write bash:M, M >= 1 the most one move takes",
        },
    },
    Entry {
        name: "subtraction",
        forms: &["subtraction:S1,S2,..."],
        form_note: "",
        aliases: &[],
        summary: "take one of the listed amounts",
        position: "heap sizes",
        theory: "certified period, then any heap size",
        verbs: HEAP_VERBS,
        example_spec: "subtraction:1,3,4",
        example_position: "10 20",
        example_stdin: "",
        build: Build::Required {
            build: heap::subtraction,
            missing: "write subtraction:S1,S2,... with positive amounts",
        },
    },
    Entry {
        name: "staircase",
        forms: &["staircase"],
        form_note: "",
        aliases: &[],
        summary: "move coins from a stair to the one below",
        position: "coins on stairs 1, 2, ...",
        theory: "nim-sum of the odd stairs",
        verbs: ANALYZE_ONLY,
        example_spec: "staircase",
        example_position: "3 1 4 1 5",
        example_stdin: "",
        build: Build::Plain(heap::staircase),
    },
    Entry {
        name: "wythoff",
        forms: &["wythoff", "wythoff:k=K", "wythoff:ratios"],
        form_note: "",
        aliases: &[],
        summary: "one pile, or both with amounts differing by at most K \
                  (`ratios`: `(p*t, t)` / `(t, p*t)` from both)",
        position: "piles X Y",
        theory: "Beatty pairs `(floor(i*r), floor(i*r) + (K+1)i)`, exact at any size, \
                 K up to 2^64-1; `ratios`: no closed form, a sieve that says which rows \
                 have no P-position",
        verbs: PILE_VERBS,
        example_spec: "wythoff",
        example_position: "3 5",
        example_stdin: "",
        build: Build::Optional(wythoff::wythoff),
    },
    Entry {
        name: "dynsub",
        forms: &["dynsub:k=K"],
        form_note: "",
        aliases: &[Alias {
            name: "fibonacci-nim",
            params: "k=2",
        }],
        summary: "take 1..L; the next limit is K times the amount taken",
        position: "pile N and limit L",
        theory: "Schwenk's greedy decomposition; every winning amount",
        verbs: ANALYZE_ONLY,
        example_spec: "fibonacci-nim",
        example_position: "20 19",
        example_stdin: "",
        build: Build::Optional(dynsub::dynsub),
    },
    Entry {
        name: "octal",
        forms: &["octal:CODE"],
        form_note: "",
        aliases: &[
            Alias {
                name: "kayles",
                params: "0.77",
            },
            Alias {
                name: "dawson",
                params: "0.07",
            },
        ],
        summary: "take-and-break games",
        position: "heap sizes",
        theory: "sparse-space engine; periods certified by the Guy-Smith theorem; \
                 huge heaps from the period",
        verbs: HEAP_VERBS,
        example_spec: "kayles",
        example_position: "10 20 30",
        example_stdin: "",
        build: Build::Required {
            build: octal::octal,
            missing: "write octal:CODE, e.g. octal:0.77",
        },
    },
    Entry {
        name: "circle",
        forms: &["circle:K"],
        form_note: "",
        aliases: &[],
        summary: "N coins in a circle, take 1..K adjacent",
        position: "coins N",
        theory: "the symmetry theorem, tested against the rules",
        verbs: ANALYZE_ONLY,
        example_spec: "circle:2",
        example_position: "10",
        example_stdin: "",
        build: Build::Optional(circle::circle),
    },
    Entry {
        name: "hackenbush",
        forms: &["hackenbush"],
        form_note: "",
        aliases: &[],
        summary: "Green Hackenbush on a rooted multigraph (file or stdin)",
        position: "a graph file of edges `U V`, vertex 0 the ground (- for stdin)",
        theory: "colon and fusion principles",
        verbs: ANALYZE_ONLY,
        example_spec: "hackenbush",
        example_position: "-",
        example_stdin: "0 1\n1 2\n2 0\n",
        build: Build::Plain(graphs::hackenbush),
    },
    Entry {
        name: "geography",
        forms: &["geography", "geography:directed"],
        form_note: "",
        aliases: &[],
        summary: "move a token to an unvisited neighbour (file, or `--grid`); \
                  `directed`: along an arc `U V` of the file, from U to V",
        position: "a graph file (- for stdin) or --grid FILE, and a start vertex V \
                   (none: the start-choosing game; `directed`: V is needed)",
        theory: "maximum matchings (Hopcroft-Karp, Edmonds); `directed`: memoised search \
                 over (vertex, vertices still reachable), at most 32 of them",
        verbs: ANALYZE_ONLY,
        example_spec: "geography",
        example_position: "- 0",
        example_stdin: "0 1\n1 2\n2 3\n",
        build: Build::Optional(directed_geography::geography_of),
    },
    Entry {
        name: "digraph",
        forms: &["digraph"],
        form_note: "",
        aliases: &[],
        summary:
            "move a token along an arc of a game graph read from a file; cycles allowed (draws)",
        position:
            "a file of moves `U V` (- for stdin), then the vertices V1 V2 ... the tokens stand on",
        theory: "generalised Sprague-Grundy function of loopy games (Smith; Fraenkel and Yesha)",
        verbs: GRAPH_VERBS,
        example_spec: "digraph",
        example_position: "- 3 4",
        example_stdin: "1 2\n2 3\n3 1\n3 4\n4 0\n",
        build: Build::Plain(digraph::digraph),
    },
    Entry {
        name: "twopile",
        forms: &["twopile:DX,DY[:T]+..."],
        form_note: "take t*(DX,DY), 1 <= t [<= T]; e.g. twopile:1,0+0,1+1,1 is Wythoff",
        aliases: &[],
        summary: "two piles; a move takes `t*(DX,DY)` for one listed family",
        position: "piles X Y",
        theory: "from the rules (ray tables and sieves); explored by `table` and `conjecture`",
        verbs: &[Verb::Analyze, Verb::Table, Verb::Conjecture],
        example_spec: "twopile:1,0+0,1+1,2+2,1",
        example_position: "3 5",
        example_stdin: "",
        build: Build::Required {
            build: twopile::two_pile,
            missing: "write twopile:DX,DY+DX,DY+..., e.g. twopile:1,0+0,1+1,1",
        },
    },
    Entry {
        name: "script",
        forms: &["script:FILE"],
        form_note: "",
        aliases: &[],
        summary: "rules you write: `fn moves(p)` in a Rhai script (a file, or - for stdin)",
        position: "the integers of a position: one for `sequence` and `period`, two for `table` and `conjecture`",
        theory: "memoised search over the script's moves, sandboxed; sums by its `fn components`; periods apparent only",
        verbs: &Verb::ALL,
        example_spec: "script:-",
        example_position: "5 7",
        example_stdin: "fn moves(p) { let r = []; for i in 0..p.len() { for s in [1, 3, 4] { if p[i] >= s { let q = p; q[i] -= s; r.push(q); } } } r }\n",
        build: Build::Required {
            build: script::unread,
            missing: script::MISSING_FILE,
        },
    },
    Entry {
        name: "lasker",
        forms: &["lasker"],
        form_note: "",
        aliases: &[],
        summary: "Lasker's Nim: take any number from one heap, or split it into two",
        position: "heap sizes",
        theory: "closed form `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`, else `G(n) = n`; \
                 winning splits of any heap as families of sub-masks",
        verbs: HEAP_VERBS,
        example_spec: "lasker",
        example_position: "3 7 12",
        example_stdin: "",
        build: Build::Plain(lasker::lasker),
    },
    Entry {
        name: "grundys-game",
        forms: &["grundys-game"],
        form_note: "",
        aliases: &[],
        summary: "Grundy's game: split one heap into two unequal heaps",
        position: "heap sizes",
        theory: "sparse-space engine (no period known); heaps up to 2^22",
        verbs: &[Verb::Analyze, Verb::Sequence],
        example_spec: "grundys-game",
        example_position: "10 20 30",
        example_stdin: "",
        build: Build::Plain(grundys_game::grundys_game),
    },
    Entry {
        name: "moore",
        forms: &["moore:k=K"],
        form_note: "",
        aliases: &[],
        summary: "Moore's Nim_K: take from at least one and at most K heaps",
        position: "heap sizes",
        theory: "P iff every binary digit column sums to 0 mod K+1 (Moore 1910); \
                 a winning move at any size, every one by a digit search",
        verbs: ANALYZE_ONLY,
        example_spec: "moore:k=2",
        example_position: "3 5 6 7",
        example_stdin: "",
        build: Build::Required {
            build: moore::moore,
            missing: "write moore:k=K, K >= 1 the most heaps a move changes",
        },
    },
    Entry {
        name: "staircase-tree",
        forms: &["staircase-tree"],
        form_note: "",
        aliases: &[],
        summary: "move coins from a vertex of a rooted tree to its parent (file or stdin)",
        position: "a file of edges `U V` (vertex 0 the root) and `coins V N` lines (- for stdin)",
        theory: "nim-sum of the coins at odd depth; trees of 10^6 vertices",
        verbs: ANALYZE_ONLY,
        example_spec: "staircase-tree",
        example_position: "-",
        example_stdin: "0 1\n1 2\n0 3\ncoins 1 3\ncoins 2 4\ncoins 3 5\n",
        build: Build::Plain(staircase_tree::staircase_tree),
    },
    Entry {
        name: "chomp",
        forms: &["chomp:RxC"],
        form_note: "",
        aliases: &[],
        summary: "eat a square and every square above and to the right of it; \
                  whoever eats the poisoned square (column 1, row 1) loses",
        position: "column heights `H1 ... HC`, not increasing (none: the full bar)",
        theory: "exhaustive search over the `binomial(R+C, C)` column-height profiles, \
                 ranked in colex order; 3 x 100 and 8 x 8 with every winning move",
        verbs: ANALYZE_ONLY,
        example_spec: "chomp:3x4",
        example_position: "3 3 2 1",
        example_stdin: "",
        build: Build::Required {
            build: chomp::chomp,
            missing: "write chomp:RxC, R >= 1 rows and C >= 1 columns (e.g. chomp:3x100)",
        },
    },
    Entry {
        name: "node-kayles",
        forms: &["node-kayles"],
        form_note: "",
        aliases: &[],
        summary: "choose a vertex of a graph (file or stdin); it and its neighbours leave",
        position: "a graph file of edges `U V` (- for stdin)",
        theory: "nim-sum of the connected components, each by memoised search keyed by \
                 canonical form (AHU for trees); paths are Dawson's Kayles (0.137)",
        verbs: ANALYZE_ONLY,
        example_spec: "node-kayles",
        example_position: "-",
        example_stdin: "0 1\n0 2\n0 3\n3 4\n",
        build: Build::Plain(node_kayles::node_kayles),
    },
];

/// Parses a game spec (`name` or `name:params`, case-insensitive).
pub fn parse(spec: &str) -> Result<Box<dyn Game>, Error> {
    let lower = spec.to_ascii_lowercase();
    let (name, params) = match lower.split_once(':') {
        Some((name, params)) => (name, Some(params)),
        None => (lower.as_str(), None),
    };
    for entry in GAMES {
        if entry.name == name {
            return build(entry, spec, name, params);
        }
        if let Some(alias) = entry.aliases.iter().find(|a| a.name == name) {
            return match params {
                Some(_) => Err(no_parameters(spec, name)),
                None => build(entry, spec, name, Some(alias.params)),
            };
        }
    }
    Err(unknown_game(spec))
}

/// Builds `entry`'s game from the parameters of `spec`.
fn build(
    entry: &Entry,
    spec: &str,
    name: &str,
    params: Option<&str>,
) -> Result<Box<dyn Game>, Error> {
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
    let specs: Vec<String> = GAMES
        .iter()
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
    GAMES
        .iter()
        .flat_map(|entry| std::iter::once(entry.name).chain(entry.aliases.iter().map(|a| a.name)))
        .collect()
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
/// neighbours swapped) turn `a` into `b`: the optimal string alignment distance.
fn typing_distance(a: &str, b: &str) -> usize {
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
    let rows: Vec<(String, String)> = GAMES
        .iter()
        .filter(|entry| entry.answers(verb))
        .map(|entry| (spec_column(entry, ", "), entry.example_for(verb)))
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

/// README's table of games, in Markdown: spec, game and theory of each entry.
pub fn markdown_table() -> String {
    let mut table = String::from("| spec | game | theory |\n|---|---|---|\n");
    for entry in GAMES {
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
/// and JSON (README keeps them).
pub fn plain(markdown: &str) -> String {
    markdown.replace('`', "")
}

/// The answer of `grundy games`: every entry of the registry.
#[derive(Clone, Copy, Debug)]
pub struct GameList {
    /// The entries, in the registry's order.
    pub games: &'static [Entry],
}

/// Every game of the registry.
pub fn games() -> GameList {
    GameList { games: GAMES }
}

impl Serialize for GameList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("games", &EntriesJson(self.games))?;
        map.end()
    }
}

struct EntriesJson(&'static [Entry]);

impl Serialize for EntriesJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for entry in self.0 {
            seq.serialize_element(entry)?;
        }
        seq.end()
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
            let refused =
                |result: Result<(), Error>| matches!(result, Err(Error::Unsupported { .. }));
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
            "nim, bash:M, subtraction:S1,S2,..., staircase, wythoff, wythoff:k=K, wythoff:ratios, \
             dynsub:k=K, fibonacci-nim, octal:CODE, kayles, dawson, circle:K, \
             hackenbush, geography, geography:directed, digraph, \
             twopile:DX,DY[:T]+... (take t*(DX,DY), 1 <= t [<= T]; e.g. twopile:1,0+0,1+1,1 is Wythoff), \
             script:FILE, lasker, grundys-game, moore:k=K, staircase-tree, chomp:RxC, node-kayles"
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

    /// README's table of games is the registry's: on a difference, the test
    /// prints the table to paste between the markers.
    #[test]
    fn readme_table_is_the_registry() {
        let readme =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
                .expect("README.md at the workspace root");
        let begin = "<!-- games:begin -->\n";
        let end = "<!-- games:end -->";
        let start = readme.find(begin).expect("README has <!-- games:begin -->") + begin.len();
        let stop = readme[start..]
            .find(end)
            .expect("README has <!-- games:end -->")
            + start;
        let expected = markdown_table();
        assert!(
            readme[start..stop] == expected,
            "README's table of games differs from the registry; put this between the markers:\n{expected}"
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
