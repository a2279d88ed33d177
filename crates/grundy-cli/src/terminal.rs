//! The terminal the player takes over (raw mode, the alternate screen) and
//! gives back on every way out: a normal quit, an error, a panic and an
//! interrupt all call [`restore_terminal`].

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::crossterm::{cursor, execute, terminal};

/// Whether this process has the terminal in raw mode on its alternate screen.
static TERMINAL_TAKEN: AtomicBool = AtomicBool::new(false);

/// The terminal, taken over (raw mode, alternate screen) until dropped; its
/// field draws.
pub struct Terminal(pub ratatui::Terminal<ratatui::backend::CrosstermBackend<io::Stdout>>);

impl Terminal {
    /// Takes the terminal over; given back on drop.
    pub fn take() -> io::Result<Terminal> {
        terminal::enable_raw_mode()?;
        TERMINAL_TAKEN.store(true, Ordering::SeqCst);
        let entered = execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide);
        let backend = ratatui::backend::CrosstermBackend::new(io::stdout());
        match entered.and_then(|()| ratatui::Terminal::new(backend)) {
            Ok(t) => Ok(Terminal(t)),
            Err(e) => {
                restore_terminal();
                Err(e)
            }
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Gives the terminal back as it was (cooked mode, the main screen, the
/// cursor shown), if this process took it; safe to call from anywhere, any
/// number of times.
pub fn restore_terminal() {
    if TERMINAL_TAKEN.swap(false, Ordering::SeqCst) {
        let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
        let _ = terminal::disable_raw_mode();
    }
}
