//! A game family's entry in the catalogue: its name and spec forms, what it
//! is and how grundy answers it, the verbs it answers and the constructor that
//! reads its spec. Each adapter declares its own entry beside its code; the
//! [registry](super::registry) lists them.

use super::Game;
use crate::error::Result;

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
type Built = Result<Box<dyn Game>>;

/// How an entry's spec takes parameters, and the constructor that reads them.
#[derive(Clone, Copy)]
pub enum Build {
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
    /// How the spec takes parameters, and the constructor that reads them.
    pub build: Build,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).finish()
    }
}

impl Entry {
    /// The entry of a game written outside the crate, answering every verb:
    /// named `name`, written as the `forms` (the first, its name alone), made
    /// by `build` (which calls [`native`](crate::catalog::native)). What the
    /// lists of games say of it (`summary`, `position`, the example's
    /// position) is the caller's to fill in, with `..Entry::native(...)`.
    pub const fn native(
        name: &'static str,
        forms: &'static [&'static str],
        build: fn() -> Box<dyn Game>,
    ) -> Entry {
        Entry {
            name,
            forms,
            form_note: "",
            aliases: &[],
            summary: "a game written in Rust",
            position: "the integers of a position: one for `sequence` and `period`, two for `table` and `conjecture`",
            theory: "memoised search over the game's moves; sums by nim-sum of its components; periods apparent only",
            verbs: &Verb::ALL,
            example_spec: name,
            example_position: "",
            example_stdin: "",
            build: Build::Plain(build),
        }
    }

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

    /// The names a spec of the entry starts with: its own, then its aliases'.
    pub(crate) fn names(&self) -> impl Iterator<Item = &'static str> {
        let aliases: &'static [Alias] = self.aliases;
        std::iter::once(self.name).chain(aliases.iter().map(|a| a.name))
    }

    /// Every accepted name and form: the forms, then the aliases.
    pub(crate) fn spellings(&self) -> impl Iterator<Item = &'static str> {
        let aliases: &'static [Alias] = self.aliases;
        self.forms
            .iter()
            .copied()
            .chain(aliases.iter().map(|a| a.name))
    }
}

pub(super) const HEAP_VERBS: &[Verb] = &[
    Verb::Analyze,
    Verb::Sequence,
    Verb::Period,
    Verb::Conjecture,
];
pub(super) const PILE_VERBS: &[Verb] =
    &[Verb::Analyze, Verb::Sequence, Verb::Table, Verb::Conjecture];
pub(super) const ANALYZE_ONLY: &[Verb] = &[Verb::Analyze];
pub(super) const GRAPH_VERBS: &[Verb] = &[Verb::Analyze, Verb::Sequence];
