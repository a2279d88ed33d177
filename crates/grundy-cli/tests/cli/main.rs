//! The command line, the web API and the player, checked on the built
//! binary: one test binary (linked once) whose modules are the contract's
//! parts. `cargo test -p grundy-cli --test cli MODULE` runs one part, e.g.
//! `readme` (every command of README.md) or `serve_load`.

mod common;
mod serve_support;

mod contract;
mod conventions;
mod digraph;
mod fuzz;
mod games;
mod heap_answers;
mod interrupt;
mod learn;
mod misere;
mod misere_quotient;
mod nimber_and_new_games;
mod octal_answers;
mod pictures;
mod pile_answers;
mod play;
mod readme;
mod remoteness;
mod robustness;
mod script;
mod serve;
mod serve_browser;
mod serve_hostile;
mod serve_load;
mod sums;
mod survey;
mod text;
mod values_file;
