//! `grundy play GAME POS...`: you against the program, in the terminal.
//!
//! Everything that can be refused (the game, the position, the graph file)
//! is checked before the terminal is taken over, so that a bad argument is
//! the usual one `error:` line with exit status 2. The terminal is restored
//! on every way out: a normal quit, an error, a panic (the panic hook calls
//! [`restore_terminal`]) and an interrupt signal (the interrupt handler
//! does too); Ctrl-C typed in the player is a key that quits.

mod app;
mod view;

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use dashu_int::UBig;
use grundy::catalog::play::{Position, Session};
use grundy::json::Ints;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::{cursor, execute, terminal};
use serde::ser::SerializeMap;
use serde::Serialize;

use crate::args::Play;
use crate::dispatch::{self, Inputs};
use crate::Failure;
use app::{App, Key};

/// Whether this process has the terminal in raw mode on its alternate screen.
static TERMINAL_TAKEN: AtomicBool = AtomicBool::new(false);

/// Runs `grundy play`.
pub fn run(play: Play) -> Result<Record, Failure> {
    let inputs = Inputs::command_line(play.grid.as_deref())?;
    let game = inputs.game(&play.game)?;
    let position = if game.reads_graph() {
        let (graph, rest) = inputs.graph(&play.position)?;
        let rest = dispatch::cell_vertices(dispatch::grid_cells(&graph), rest)?;
        Position::new(Some(graph), &rest)?
    } else {
        inputs.refuse_graph_for(game.as_ref(), "play")?;
        Position::new(None, &play.position)?
    };
    let name = crate::text::game_name(&play.game, &game.spec());
    let mut app = App::new(Session::new(game, position)?)?;
    if play.program_first {
        app.key(Key::Char('s'));
    }
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        return Err(crate::bad_argument(
            "play needs a terminal: its keys come from stdin and its screen goes to stdout".into(),
        ));
    }
    let mut terminal =
        Terminal::take().map_err(|e| crate::bad_argument(format!("play needs a terminal: {e}")))?;
    let played = play_loop(&mut terminal, &mut app, &name);
    drop(terminal);
    played.map_err(Failure::Output)?;
    Ok(Record::of(&app, name))
}

/// How a game went, written when the player is left: a line, or with
/// `--json` one JSON document (`game`, `position`, `moves`, `result`).
pub struct Record {
    game: String,
    position: Vec<UBig>,
    moves: usize,
    result: &'static str,
}

impl Record {
    fn of(app: &App, game: String) -> Record {
        let result = match (app.is_over(), app.users_turn()) {
            (true, true) => "lost",
            (true, false) => "won",
            (false, _) => "unfinished",
        };
        Record {
            game,
            position: app.session.position().numbers.clone(),
            moves: app.session.moves_made(),
            result,
        }
    }

    /// The record for people.
    pub fn write(out: &mut dyn Write, record: &Record) -> io::Result<()> {
        let result = match record.result {
            "won" => "you won",
            "lost" => "the program won",
            _ => "left unfinished",
        };
        writeln!(
            out,
            "{}: {result} after {} moves",
            record.game, record.moves
        )
    }
}

impl Serialize for Record {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("position", &Ints(&self.position))?;
        map.serialize_entry("moves", &self.moves)?;
        map.serialize_entry("result", self.result)?;
        map.end()
    }
}

/// Draws and reads keys until the user quits.
fn play_loop(terminal: &mut Terminal, app: &mut App, name: &str) -> io::Result<()> {
    while !app.quit {
        terminal.0.draw(|frame| view::draw(frame, app, name))?;
        if !event::poll(Duration::from_millis(500))? {
            continue;
        }
        if let Event::Key(k) = event::read()? {
            if k.kind == KeyEventKind::Release {
                continue;
            }
            let key = match k.code {
                KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => Key::Interrupt,
                KeyCode::Char(c) => Key::Char(c),
                KeyCode::Up => Key::Up,
                KeyCode::Down => Key::Down,
                KeyCode::PageUp => Key::PageUp,
                KeyCode::PageDown => Key::PageDown,
                KeyCode::Enter => Key::Enter,
                KeyCode::Esc => Key::Escape,
                KeyCode::Backspace => Key::Backspace,
                _ => continue,
            };
            app.key(key);
        }
    }
    Ok(())
}

/// The terminal, taken over (raw mode, alternate screen) until dropped.
struct Terminal(ratatui::Terminal<ratatui::backend::CrosstermBackend<io::Stdout>>);

impl Terminal {
    fn take() -> io::Result<Terminal> {
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
