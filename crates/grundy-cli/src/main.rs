//! `grundy`: solve impartial games from the shell (the command is the
//! library `grundy_cli`'s).

fn main() -> std::process::ExitCode {
    grundy_cli::main()
}
