//! The player's state: a [`Session`] of the library, whose turn it is, what
//! the user is typing, and what to show. Keys come in as [`Key`]s, so that
//! this part holds no terminal code; the library decides every move.

use grundy::catalog::play::{Choice, MoveList, Session, Turn};
use grundy::catalog::Convention;
use grundy::game::Outcome;
use grundy::Error;

/// How many moves the list shows at most (the rest is counted).
pub const LISTED: usize = 200;

/// The mark of a winning move in the list, while the hint is shown.
pub const WINS: &str = "<- wins";

/// A key the player understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Move the selection up.
    Up,
    /// Move the selection down.
    Down,
    /// A page up.
    PageUp,
    /// A page down.
    PageDown,
    /// Play the selected (or numbered, or typed) move.
    Enter,
    /// Leave typing; quit otherwise.
    Escape,
    /// Delete the last character typed.
    Backspace,
    /// A character.
    Char(char),
    /// Ctrl-C: quit at once.
    Interrupt,
}

/// What the user is entering, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Nothing: keys are commands.
    None,
    /// The number of a listed move (digits typed).
    Number(String),
    /// The position reached, as numbers separated by spaces.
    Position(String),
}

/// The player.
pub struct App {
    /// The game being played.
    pub session: Session,
    /// Whether the program moved first (it plays the even plies).
    pub program_first: bool,
    /// The selected move of the list.
    pub selected: usize,
    /// The moves now (refreshed after each move).
    pub moves: MoveList<Turn>,
    /// What the user is entering.
    pub entry: Entry,
    /// The last thing that happened: the program's move and why, an error.
    pub message: String,
    /// The hint, when shown: its lines.
    pub hint: Option<Vec<String>>,
    /// Which listed moves the shown hint names as winning (by index).
    pub winning: Vec<usize>,
    /// Whether to stop.
    pub quit: bool,
}

impl App {
    /// The player of `session`, the user moving first.
    pub fn new(session: Session) -> Result<App, Error> {
        let moves = session.list_moves(LISTED)?;
        Ok(App {
            session,
            program_first: false,
            selected: 0,
            moves,
            entry: Entry::None,
            message: "Your move.".into(),
            hint: None,
            winning: Vec::new(),
            quit: false,
        })
    }

    /// Whether it is the user's turn.
    pub fn users_turn(&self) -> bool {
        self.session.moves_made().is_multiple_of(2) != self.program_first
    }

    /// Whether the player to move has no move.
    pub fn is_over(&self) -> bool {
        self.moves.count == 0
    }

    /// Whether misère play is on.
    pub fn misere(&self) -> bool {
        self.session.play_convention() == Convention::Misere
    }

    /// When the game is over, whether the user won: under normal play the
    /// player left without a move has lost, under misère play won (the
    /// other made the last move).
    pub fn user_won(&self) -> Option<bool> {
        self.is_over().then(|| self.users_turn() == self.misere())
    }

    /// Handles one key.
    pub fn key(&mut self, key: Key) {
        let entering = self.entry != Entry::None;
        match (key, entering) {
            (Key::Interrupt, _) => self.quit = true,
            (Key::Escape, true) => self.entry = Entry::None,
            (Key::Escape, false) => self.quit = true,
            (Key::Backspace, _) => self.backspace(),
            (Key::Enter, _) => self.enter(),
            (Key::Up, _) => self.select(-1),
            (Key::Down, _) => self.select(1),
            (Key::PageUp, _) => self.select(-10),
            (Key::PageDown, _) => self.select(10),
            (Key::Char(c), true) => self.type_char(c),
            (Key::Char(c), false) => self.command(c),
        }
    }

    /// A command key.
    fn command(&mut self, c: char) {
        match c.to_ascii_lowercase() {
            'q' => self.quit = true,
            'h' | '?' => self.toggle_hint(),
            'u' => self.undo(),
            'r' => self.restart(),
            's' => self.swap(),
            'm' => self.toggle_misere(),
            't' | 'p' => self.entry = Entry::Position(String::new()),
            'k' => self.select(-1),
            'j' => self.select(1),
            d if d.is_ascii_digit() => self.entry = Entry::Number(d.to_string()),
            _ => {}
        }
    }

    fn type_char(&mut self, c: char) {
        match &mut self.entry {
            Entry::Number(n) if c.is_ascii_digit() => n.push(c),
            Entry::Position(p) if c.is_ascii_digit() || c == ' ' || c == ',' => p.push(c),
            _ => {}
        }
    }

    fn backspace(&mut self) {
        match &mut self.entry {
            Entry::Number(text) | Entry::Position(text) => {
                text.pop();
            }
            Entry::None => {}
        }
    }

    fn select(&mut self, by: isize) {
        let last = self.moves.moves.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(by).min(last);
    }

    /// Plays the numbered, typed or selected move.
    fn enter(&mut self) {
        let entry = std::mem::replace(&mut self.entry, Entry::None);
        if !self.users_turn() || self.is_over() {
            self.message = match self.is_over() {
                true => "The game is over: r restarts, u takes back.".into(),
                false => "It is the program's turn.".into(),
            };
            return;
        }
        let words: Vec<String>;
        let choice = match &entry {
            Entry::None => Choice::Index(self.selected),
            Entry::Number(n) => match n.parse::<usize>() {
                Ok(n) if n >= 1 => Choice::Index(n - 1),
                _ => return self.message = format!("there is no move {n}"),
            },
            Entry::Position(p) => {
                words = p
                    .split([' ', ','])
                    .filter(|w| !w.is_empty())
                    .map(String::from)
                    .collect();
                Choice::Reached(&words)
            }
        };
        match self.session.play(choice) {
            Ok(m) => {
                self.message = format!("You: {}.", m.description);
                self.after_move();
                self.program_moves();
            }
            Err(e) => self.message = format!("Not a legal move: {e}"),
        }
    }

    /// The program moves if it is its turn and it has a move.
    fn program_moves(&mut self) {
        if self.users_turn() || self.is_over() {
            return;
        }
        match self.session.reply() {
            Ok(Some(r)) => {
                self.message
                    .push_str(&format!(" Program: {} ({}).", r.step.description, r.reason));
                self.after_move();
            }
            Ok(None) => {}
            Err(e) => self.message = format!("The program cannot move: {e}"),
        }
    }

    /// Refreshes the moves and the hint after a change of position.
    fn after_move(&mut self) {
        match self.session.list_moves(LISTED) {
            Ok(moves) => self.moves = moves,
            Err(e) => {
                self.message = format!("{e}");
                self.moves = MoveList {
                    moves: Vec::new(),
                    count: 0,
                };
            }
        }
        self.selected = 0;
        if self.hint.is_some() {
            self.show_hint();
        }
    }

    fn toggle_hint(&mut self) {
        match self.hint {
            Some(_) => (self.hint, self.winning) = (None, Vec::new()),
            None => self.show_hint(),
        }
    }

    /// Shows the hint of the position now, its winning moves marked in the
    /// list.
    fn show_hint(&mut self) {
        let (lines, winning) = self.hint_lines();
        self.hint = Some(lines);
        self.winning = winning;
    }

    /// The hint's lines (outcome, value, winning moves, why) and the indices
    /// of the winning moves among those listed.
    fn hint_lines(&self) -> (Vec<String>, Vec<usize>) {
        let hint = match self.session.hint() {
            Ok(hint) => hint,
            Err(e) => return (vec![format!("No hint: {e}")], Vec::new()),
        };
        let listed = &self.moves.moves;
        let winning = hint
            .winning
            .iter()
            .filter_map(|w| {
                listed
                    .iter()
                    .position(|m| m.component == w.component && m.to == w.to)
            })
            .collect();
        let a = &hint.analysis;
        let outcome = match a.outcome() {
            Outcome::N => "N: the player to move wins",
            Outcome::P => "P: the player to move loses",
            Outcome::D => "D: a draw with best play",
        };
        let value = match (self.misere(), a.value()) {
            (true, _) => "Misère play: the player who makes the last move loses".to_string(),
            (false, Some(v)) => format!("Grundy value: {v}"),
            (false, None) => "Grundy value: not computed".to_string(),
        };
        let mut lines = vec![format!("Outcome: {outcome}"), value];
        match hint.winning.len() {
            0 => lines.push("Winning moves: none".into()),
            n => {
                lines.push(format!("Winning moves ({n}, marked {WINS} in the list):"));
                lines.extend(hint.winning.iter().map(|m| format!("  {}", m.description)));
            }
        }
        lines.push(format!("Why: {}", hint.why));
        (lines, winning)
    }

    /// Takes back the user's last move and the program's reply to it.
    fn undo(&mut self) {
        self.entry = Entry::None;
        let plies = if self.users_turn() { 2 } else { 1 };
        let taken = self.session.undo(plies);
        self.message = match taken {
            0 => "Nothing to take back.".into(),
            _ => "Took back your last move.".into(),
        };
        self.after_move();
        // Back to the program's turn only when it moved first from the start.
        self.program_moves();
    }

    fn restart(&mut self) {
        self.session.restart();
        self.message = "Restarted.".into();
        self.after_move();
        self.program_moves();
    }

    /// Swaps sides: the program plays the side the user had, and moves now.
    fn swap(&mut self) {
        self.program_first = !self.program_first;
        self.message = "Swapped sides.".into();
        self.program_moves();
    }

    /// Switches misère play on or off; refused, with the reason, where the
    /// game has no misère answer, and once the game is over (its verdict
    /// was reached under the rule it was played by). The rule itself is on
    /// the line above the message.
    fn toggle_misere(&mut self) {
        if self.is_over() {
            self.message = "The game is over: r restarts or u takes back, then m switches.".into();
            return;
        }
        let on = !self.misere();
        self.message = match self.session.set_misere(on) {
            Ok(()) if on => "Switched to misère play.".into(),
            Ok(()) => "Switched to normal play.".into(),
            Err(e) => format!("No misère play here: {e}"),
        };
        self.after_move();
    }
}
