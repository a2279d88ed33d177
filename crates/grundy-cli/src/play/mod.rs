//! `grundy play GAME POS...`: you against the program, in the terminal.
//!
//! Everything that can be refused (the game, the position, the graph file)
//! is checked before the terminal is taken over, so that a bad argument is
//! the usual one `error:` line with exit status 2; the check for a terminal
//! comes after the arguments are read and before the analysis, which may be
//! long. The terminal is restored
//! on every way out: a normal quit, an error, a panic (the panic hook calls
//! [`restore_terminal`](crate::terminal::restore_terminal)) and an interrupt signal (the interrupt handler
//! does too); Ctrl-C typed in the player is a key that quits.

mod app;
mod view;

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use dashu_int::UBig;
use grundy::catalog::play::Session;
use grundy::catalog::Position;
use grundy::json::Ints;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use serde::ser::SerializeMap;
use serde::Serialize;

use crate::args;
use crate::dispatch::{self, Inputs};
use crate::failure::Failure;
use crate::terminal::Terminal;
use app::{App, Key};
use grundy::catalog::Convention;

/// Runs `grundy play`.
pub fn run(play: &args::Play) -> Result<Record, Failure> {
    let inputs = Inputs::command_line(play.grid.as_deref())?;
    let (parts, name) = parts(play, &inputs)?;
    // Before the analysis, which may take seconds and gigabytes.
    if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
        return Err(crate::failure::bad_argument(
            "play needs a terminal: its keys come from stdin and its screen goes to stdout".into(),
        ));
    }
    let mut app = App::new(Session::sum(parts)?)?;
    if play.program_first {
        app.key(Key::Char('s'));
    }
    let mut terminal = Terminal::take()
        .map_err(|e| crate::failure::bad_argument(format!("play needs a terminal: {e}")))?;
    let played = play_loop(&mut terminal, &mut app, &name);
    drop(terminal);
    played.map_err(Failure::Output)?;
    Ok(Record::of(&app, name))
}

/// The games of the command line and their start positions (several: a sum
/// of games, when the words hold a lone `+`), and the name for the record;
/// each read and checked, nothing analyzed yet.
type Parts = Vec<(Box<dyn grundy::catalog::Game>, Position)>;
fn parts(play: &args::Play, inputs: &Inputs) -> Result<(Parts, String), Failure> {
    let words: Vec<String> = std::iter::once(play.game.clone())
        .chain(play.position.iter().cloned())
        .collect();
    let Some(groups) = grundy::catalog::split_sum(&words) else {
        let game = inputs.game(&play.game)?;
        inputs.refuse_graph_for(game.as_ref(), "play")?;
        let name = crate::text::game_name(&play.game, &game.spec());
        let (position, _) = inputs.position(game.as_ref(), &play.position)?;
        return Ok((vec![(game, position)], name));
    };
    if let Some((_, given)) = &inputs.graph {
        return Err(crate::failure::bad_argument(format!(
            "{given} is for one game played on a graph, not for a sum of games"
        )));
    }
    let groups = groups?;
    let mut names = Vec::new();
    let mut parts = Vec::new();
    for part in dispatch::sum_parts(groups.clone(), inputs)? {
        names.push(part.game.spec());
        parts.push((part.game, part.at));
    }
    let typed: Vec<String> = groups.iter().map(|g| g[0].clone()).collect();
    let name = typed
        .iter()
        .zip(&names)
        .map(|(typed, spec)| crate::text::game_name(typed, spec))
        .collect::<Vec<_>>()
        .join(" + ");
    Ok((parts, name))
}

/// How a game went, written when the player is left: a line, or with
/// `--json` one JSON document (`game`, `position` or for a sum
/// `components`, `play` under misère play, `moves`, `result`).
pub struct Record {
    game: String,
    /// The position of one game, or each component's game and position.
    components: Vec<(String, Vec<UBig>)>,
    misere: bool,
    moves: usize,
    result: &'static str,
}

impl Record {
    fn of(app: &App, game: String) -> Record {
        let result = match app.user_won() {
            Some(false) => "lost",
            Some(true) => "won",
            None => "unfinished",
        };
        let specs = app.session.specs();
        let positions = app.session.positions();
        Record {
            game,
            components: specs
                .into_iter()
                .zip(positions)
                .map(|(spec, at)| (spec, at.numbers.clone()))
                .collect(),
            misere: app.misere(),
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
        let mut map = serializer.serialize_map(None)?;
        match &self.components[..] {
            [(_, position)] => {
                map.serialize_entry("game", &self.game)?;
                map.serialize_entry("position", &Ints(position))?;
            }
            components => {
                map.serialize_entry("game", "sum")?;
                let components: Vec<Component> = components
                    .iter()
                    .map(|(game, position)| Component {
                        game,
                        position: Ints(position),
                    })
                    .collect();
                map.serialize_entry("components", &components)?;
            }
        }
        if self.misere {
            map.serialize_entry("play", Convention::Misere.key())?;
        }
        map.serialize_entry("moves", &self.moves)?;
        map.serialize_entry("result", self.result)?;
        map.end()
    }
}

/// A component of a sum in the record.
#[derive(Serialize)]
struct Component<'a> {
    game: &'a str,
    position: Ints<'a>,
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
