//! The errors a user's input can cause. Each message says what was wrong and
//! what is accepted, in one line, so the command line can print it as is.

use thiserror::Error;

/// What was wrong with a request to the [catalogue](crate::catalog).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Error {
    /// The spec names no game the catalogue knows. The catalogue fills in the
    /// nearest name and the list of known specs, so that this module needs
    /// nothing from it.
    #[error(
        "unknown game '{spec}'; {}known games: {known}",
        did_you_mean(suggestion.as_deref())
    )]
    UnknownGame {
        /// The spec as given.
        spec: String,
        /// The known spec nearest to it, when one is near enough to be a typo.
        suggestion: Option<String>,
        /// Every spec the catalogue accepts, for the message.
        known: String,
    },
    /// The game is known, but its parameters are not valid.
    #[error("bad game spec '{spec}': {reason}")]
    BadSpec {
        /// The spec as given.
        spec: String,
        /// What is wrong and what is accepted.
        reason: String,
    },
    /// A position argument is not valid for the game.
    #[error("bad position: {0}")]
    BadPosition(String),
    /// The verb does not apply to this game.
    #[error("'{verb}' is not available for {game}: {reason}")]
    Unsupported {
        /// The verb asked for.
        verb: &'static str,
        /// The game's canonical spec.
        game: String,
        /// Why, and what to use instead.
        reason: String,
    },
    /// An argument other than a game or a position is not valid.
    #[error("bad argument: {0}")]
    BadArgument(String),
    /// A stated limit would be exceeded.
    #[error("limit exceeded: {0}")]
    Limit(String),
}

impl Error {
    /// A bad-spec error for `spec`.
    pub fn spec(spec: &str, reason: impl Into<String>) -> Error {
        Error::BadSpec {
            spec: spec.to_string(),
            reason: reason.into(),
        }
    }
}

/// `"did you mean 'SPEC'? "`, or `""` without a suggestion.
fn did_you_mean(suggestion: Option<&str>) -> String {
    suggestion.map_or_else(String::new, |s| format!("did you mean '{s}'? "))
}
