//! The errors a user's input can cause. Each message says what was wrong and
//! what is accepted, in one line, so the command line can print it as is.

use thiserror::Error;

/// What was wrong with a request to the [catalogue](crate::catalog).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Error {
    /// The spec names no game the catalogue knows.
    #[error(
        "unknown game '{0}'; {hint}known games: {known}",
        hint = crate::catalog::did_you_mean(.0),
        known = crate::catalog::KNOWN_GAMES
    )]
    UnknownGame(String),
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
