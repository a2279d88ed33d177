//! Why a run failed, and how that reaches the user: one `error:` line on
//! stderr and the exit status of the contract (2 for bad input, 1 otherwise).

use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status for bad input, as the contract says.
pub const BAD_INPUT: u8 = 2;
/// Exit status for every other failure.
pub const FAILURE: u8 = 1;

/// Why a run failed.
pub enum Failure {
    /// The user's input was wrong (exit status 2).
    BadInput(grundy::Error),
    /// The answer could not be written (exit status 1).
    Output(io::Error),
    /// The answer was written, but a checkpoint could not be (exit status 1).
    Checkpoint(io::Error),
}

impl From<grundy::Error> for Failure {
    fn from(e: grundy::Error) -> Self {
        Failure::BadInput(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

impl Failure {
    /// Says what failed on stderr and gives the exit status (a closed stdout
    /// is no failure: the reader has what it wanted).
    pub fn report(self) -> ExitCode {
        match self {
            Failure::BadInput(e) => {
                print_error(&e.to_string());
                ExitCode::from(BAD_INPUT)
            }
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Failure::Output(e) => {
                print_error(&format!("cannot write the answer: {e}"));
                ExitCode::from(FAILURE)
            }
            Failure::Checkpoint(e) => {
                print_error(&format!(
                    "the answer is complete, but the checkpoint could not be written: {e}"
                ));
                ExitCode::from(FAILURE)
            }
        }
    }
}

/// Bad input described by `message`.
pub fn bad_argument(message: String) -> Failure {
    Failure::BadInput(grundy::Error::BadArgument(message))
}

/// Prints `error: MESSAGE` on stderr: the one place every error line goes
/// through. The message stays one line whatever it quotes (control characters,
/// such as a newline in an argument, are escaped), and an unwritable stderr
/// (a closed pipe, a full disk) is ignored rather than a crash.
pub fn print_error(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {}", escape_controls(message));
}

/// `text` with control characters, line separators and the marks that reorder
/// text (bidirectional overrides) written as Rust escapes (`\n`, `\u{1b}`,
/// `\u{202e}`), so that it prints on one line, reads as it is, and cannot drive
/// a terminal.
pub fn escape_controls(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        let reorders = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || reorders {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape_controls("'3\n' héllo"), "'3\\n' héllo");
        assert_eq!(
            escape_controls("a\tb\u{1b}[31mc\rd\u{2028}\u{85}"),
            "a\\tb\\u{1b}[31mc\\rd\\u{2028}\\u{85}"
        );
        assert_eq!(
            escape_controls("nim\u{202e}321 \u{2066}x\u{2069}"),
            "nim\\u{202e}321 \\u{2066}x\\u{2069}"
        );
    }
}
