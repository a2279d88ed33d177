//! The errors a user's input can cause. Each message says what was wrong and
//! what is accepted, in one line, so the command line can print it as is.

use thiserror::Error;

use crate::games::octal::search::SearchError;
use crate::graph::parse::{GridError, ParseError};

/// The result of a request to the [catalogue](crate::catalog): its answer or
/// what was wrong with the request.
pub type Result<T, E = Error> = std::result::Result<T, E>;

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
    /// A graph file is not valid; its error (with the line) is the source.
    #[error("bad position: graph file {0}")]
    GraphFile(#[from] ParseError),
    /// A grid is not valid; its error (with the line and column) is the source.
    #[error("bad position: grid {0}")]
    Grid(#[from] GridError),
    /// The values an octal position needs are beyond the engine's search;
    /// the search's error is the source.
    #[error("limit exceeded: {0}")]
    OctalSearch(#[from] SearchError),
    /// A component of a sum of games was refused; its error is the source.
    #[error("component {index} of the sum ('{words}', counted from 0): {source}")]
    Component {
        /// The component's index in the sum, from 0.
        index: usize,
        /// The component as typed: its spec and position.
        words: String,
        /// Why it was refused.
        source: Box<Error>,
    },
}

/// What kind of input an [`Error`](enum@Error) refuses, for programs that act on it
/// (the message is for people).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The spec names no known game.
    UnknownGame,
    /// The game's parameters are not valid.
    BadSpec,
    /// A position (or the graph it is played on) is not valid.
    BadPosition,
    /// The verb does not apply to the game.
    Unsupported,
    /// Another argument is not valid.
    BadArgument,
    /// A stated limit would be exceeded.
    Limit,
}

impl Error {
    /// What kind of input was refused.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::UnknownGame { .. } => ErrorKind::UnknownGame,
            Error::BadSpec { .. } => ErrorKind::BadSpec,
            Error::BadPosition(_) | Error::GraphFile(_) | Error::Grid(_) => ErrorKind::BadPosition,
            Error::Unsupported { .. } => ErrorKind::Unsupported,
            Error::BadArgument(_) => ErrorKind::BadArgument,
            Error::Limit(_) | Error::OctalSearch(_) => ErrorKind::Limit,
            Error::Component { source, .. } => source.kind(),
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of refusal, as a program sees it; the CLI prints the same
    /// one line for each (exit status 2).
    #[test]
    fn every_error_has_its_kind() {
        let cases = [
            (
                Error::UnknownGame {
                    spec: "chess".into(),
                    suggestion: None,
                    known: "nim".into(),
                },
                ErrorKind::UnknownGame,
                "unknown game 'chess'; known games: nim",
            ),
            (
                Error::UnknownGame {
                    spec: "nimm".into(),
                    suggestion: Some("nim".into()),
                    known: "nim".into(),
                },
                ErrorKind::UnknownGame,
                "unknown game 'nimm'; did you mean 'nim'? known games: nim",
            ),
            (
                Error::spec("bash", "write bash:M"),
                ErrorKind::BadSpec,
                "bad game spec 'bash': write bash:M",
            ),
            (
                Error::BadPosition("x".into()),
                ErrorKind::BadPosition,
                "bad position: x",
            ),
            (
                Error::Unsupported {
                    verb: "table",
                    game: "nim".into(),
                    reason: "r".into(),
                },
                ErrorKind::Unsupported,
                "'table' is not available for nim: r",
            ),
            (
                Error::BadArgument("x".into()),
                ErrorKind::BadArgument,
                "bad argument: x",
            ),
            (
                Error::Limit("x".into()),
                ErrorKind::Limit,
                "limit exceeded: x",
            ),
            (
                Error::OctalSearch(SearchError::Overflow(
                    crate::games::octal::sparse::ValueOverflow { heap: 7 },
                )),
                ErrorKind::Limit,
                "limit exceeded: the value of heap 7 exceeds",
            ),
        ];
        for (error, kind, message) in cases {
            assert_eq!(error.kind(), kind, "{error}");
            assert!(error.to_string().starts_with(message), "{error}");
        }
    }
}
