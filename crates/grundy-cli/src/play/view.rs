//! Drawing the player: the board (heaps as rows of counters, the two piles
//! of a Wythoff-family game with the queen on its board, a grid maze, a
//! graph as its list of edges), the moves, and what happened.

use grundy::catalog::{Board, GraphInput, Position, Tokens};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

use super::app::{App, Entry, WINS};

/// The most counters a row draws; beyond, it is cut with its count written.
const ROW_COUNTERS: usize = 60;
/// The largest pile drawn as a board (the queen's square).
const BOARD_SIDE: u64 = 20;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App, name: &str) {
    let board = board_lines(app);
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(board.len().min(14) as u16 + 2),
            Constraint::Min(6),
            Constraint::Length(2),
        ])
        .split(frame.area());
    let title = format!(" grundy play {name}: {} ", position_text(app));
    let board = Paragraph::new(board.into_iter().map(Line::from).collect::<Vec<_>>())
        .block(Block::default().borders(Borders::ALL).title(title));
    frame.render_widget(board, rows[0]);
    let columns = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Percentage(50), Constraint::Percentage(50)])
        .split(rows[1]);
    draw_moves(frame, app, columns[0]);
    draw_info(frame, app, columns[1]);
    frame.render_widget(Paragraph::new(footer(app)), rows[2]);
}

/// The position as its numbers (and the game, once a move changed it); a
/// sum as each component's game and numbers.
fn position_text(app: &App) -> String {
    let positions = app.session.positions();
    if app.session.is_sum() {
        let parts: Vec<String> = app
            .session
            .specs()
            .iter()
            .zip(positions)
            .map(|(spec, at)| {
                format!("{spec} {}", at.args().join(" "))
                    .trim_end()
                    .to_string()
            })
            .collect();
        return parts.join(" + ");
    }
    let numbers = positions[0].args().join(" ");
    match &positions[0].game {
        Some(spec) => format!("{numbers} (now {spec})"),
        None => numbers,
    }
}

fn draw_moves(frame: &mut Frame, app: &App, area: Rect) {
    let mut items: Vec<ListItem> = app
        .moves
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mark = match app.winning.contains(&i) {
                true => format!("  {WINS}"),
                false => String::new(),
            };
            ListItem::new(format!("{:>3}. {}{mark}", i + 1, m.description))
        })
        .collect();
    if let Some(more) = app.moves.more() {
        items.push(ListItem::new(more));
    }
    let title = format!(" Moves ({}) ", app.moves.count);
    let list = List::new(items)
        .block(Block::default().borders(Borders::ALL).title(title))
        .highlight_style(Style::default().add_modifier(Modifier::REVERSED))
        .highlight_symbol(">");
    let mut state = ListState::default();
    if app.users_turn() && !app.is_over() {
        state.select(Some(app.selected));
    }
    frame.render_stateful_widget(list, area, &mut state);
}

fn draw_info(frame: &mut Frame, app: &App, area: Rect) {
    let status = match (app.user_won(), app.misere(), app.users_turn()) {
        (Some(false), false, _) => "Game over: you have no move. You lost.",
        (Some(true), false, _) => "Game over: the program has no move. You won!",
        (Some(true), true, _) => {
            "Game over: you have no move, the program moved last. Misère play: you won!"
        }
        (Some(false), true, _) => {
            "Game over: the program has no move, you moved last. Misère play: you lost."
        }
        (None, _, true) => "Your turn.",
        (None, _, false) => "The program's turn.",
    };
    let rule = match app.misere() {
        true => "Misère play: the player who makes the last move loses.",
        false => "Normal play: the player who makes the last move wins.",
    };
    let mut lines = vec![
        Line::from(Span::styled(
            status,
            Style::default().add_modifier(Modifier::BOLD),
        )),
        Line::from(format!(
            "You move {}. {rule}",
            if app.program_first { "second" } else { "first" }
        )),
        Line::from(app.message.clone()),
    ];
    if let Some(hint) = &app.hint {
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            "Hint",
            Style::default().add_modifier(Modifier::BOLD),
        )));
        lines.extend(hint.iter().map(|l| Line::from(l.clone())));
    }
    let info = Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::default().borders(Borders::ALL).title(" Game "));
    frame.render_widget(info, area);
}

/// The entry line and the keys.
fn footer(app: &App) -> Vec<Line<'static>> {
    let entry = match &app.entry {
        Entry::None => {
            "Enter plays the selected move; a number picks one; t types the position reached."
                .into()
        }
        Entry::Number(n) => format!("Move number: {n}_  (Enter plays it, Esc cancels)"),
        Entry::Position(p) => format!("Position reached: {p}_  (Enter plays it, Esc cancels)"),
    };
    vec![
        Line::from(entry),
        Line::from(
            "keys: up/down select  h hint  u undo  r restart  s swap sides  m misère on/off  q quit",
        ),
    ]
}

/// The board: what the position looks like; a sum's components one
/// after the other, each under its game.
fn board_lines(app: &App) -> Vec<String> {
    let positions = app.session.positions();
    let boards = app.session.boards();
    if !app.session.is_sum() {
        return component_lines(&positions[0], boards[0]);
    }
    let mut lines = Vec::new();
    let specs = app.session.specs();
    for (i, ((at, spec), board)) in positions.iter().zip(&specs).zip(boards).enumerate() {
        lines.push(format!("component {}: {spec}", i + 1));
        lines.extend(
            component_lines(at, board)
                .into_iter()
                .map(|l| format!("  {l}")),
        );
    }
    lines
}

/// One game's board.
fn component_lines(position: &Position, board: Board) -> Vec<String> {
    match (&position.graph, board) {
        (Some(GraphInput::Grid(text)), _) => grid_lines(text, position),
        (Some(GraphInput::Edges(text)), Board::Graph { arrow, tokens }) => {
            graph_lines(text, position, arrow, tokens)
        }
        (_, Board::Piles) => pile_lines(position),
        _ => counter_lines(position, board),
    }
}

/// A row of `n` counters, cut at [`ROW_COUNTERS`].
fn counters(n: &dashu_int::UBig) -> String {
    let shown = usize::try_from(n).map_or(ROW_COUNTERS, |n| n.min(ROW_COUNTERS));
    let cut = if *n > dashu_int::UBig::from(ROW_COUNTERS) {
        "..."
    } else {
        ""
    };
    format!("{}{cut} ({n})", "o".repeat(shown))
}

/// Heaps, stairs, a pile and its limit, or a circle of coins.
fn counter_lines(position: &Position, board: Board) -> Vec<String> {
    let numbers = &position.numbers;
    let label = match (board, &numbers[..]) {
        (Board::PileAndLimit, [pile, limit]) => {
            return vec![
                format!("pile  {}", counters(pile)),
                format!("the next move takes at most {limit}"),
            ]
        }
        (Board::Circle, [coins, ..]) => {
            return vec![format!("a circle of {} coins", counters(coins))]
        }
        (Board::Counters(label), _) => label,
        _ => "heap",
    };
    numbers
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{label} {:>2}  {}", i + 1, counters(n)))
        .collect()
}

/// The two piles, and for small piles the queen at `(x, y)` on the board
/// whose corner `(0, 0)` ends the game.
fn pile_lines(position: &Position) -> Vec<String> {
    let mut lines: Vec<String> = position
        .numbers
        .iter()
        .enumerate()
        .map(|(i, n)| format!("pile {}  {}", i + 1, counters(n)))
        .collect();
    let small: Option<Vec<u64>> = position
        .numbers
        .iter()
        .map(|n| u64::try_from(n).ok().filter(|&n| n <= BOARD_SIDE))
        .collect();
    if let Some([x, y]) = small.as_deref() {
        lines.push(format!(
            "the queen Q at ({x}, {y}) moves down, left or diagonally towards * (0, 0):"
        ));
        for row in (0..=*y).rev() {
            let cells: String = (0..=*x)
                .map(|column| match (column, row) {
                    (c, r) if (c, r) == (*x, *y) => 'Q',
                    (0, 0) => '*',
                    _ => '.',
                })
                .collect();
            lines.push(format!("  {cells}"));
        }
    }
    lines
}

/// A geography maze: `#` blocked or visited, `.` free, `@` the token.
fn grid_lines(text: &str, position: &Position) -> Vec<String> {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0).max(1) as u64;
    let token = position
        .numbers
        .first()
        .and_then(|v| u64::try_from(v).ok())
        .map(|v| ((v / width) as usize, (v % width) as usize));
    let mut lines: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, &ch)| if token == Some((r, c)) { '@' } else { ch })
                .collect()
        })
        .collect();
    lines.push(match token {
        Some((r, c)) => format!("token @ at row {r}, column {c}; # blocked or visited"),
        None => "place the token on a free cell . (the opponent then moves first)".into(),
    });
    lines
}

/// A graph as its edges (arcs for a digraph), with where the tokens are.
fn graph_lines(text: &str, position: &Position, arrow: &str, kind: Tokens) -> Vec<String> {
    let mut edges = Vec::new();
    let mut alone = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_whitespace().collect::<Vec<_>>()[..] {
            [u, v] => edges.push(format!("{u}{arrow}{v}")),
            [v] => alone.push(v.to_string()),
            _ => {}
        }
    }
    let tokens = position.args().join(" ");
    let mut lines = vec![match kind {
        Tokens::Ground(v) => format!("{} edges; {v} is the ground", edges.len()),
        Tokens::One if tokens.is_empty() => "no token yet: place it on any vertex".into(),
        Tokens::One => format!("token on {tokens}; visited vertices are gone"),
        Tokens::Many => format!("tokens on {tokens}"),
    }];
    lines.extend(wrap(&edges, 90));
    if !alone.is_empty() && !matches!(kind, Tokens::Ground(_)) {
        lines.push(format!("vertices: {}", alone.join(" ")));
    }
    lines
}

/// Words joined by two spaces into lines of at most `width` characters.
fn wrap(words: &[String], width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in words {
        let line = lines.last_mut().expect("never empty");
        if !line.is_empty() && line.len() + word.len() + 2 > width {
            lines.push(word.clone());
        } else {
            if !line.is_empty() {
                line.push_str("  ");
            }
            line.push_str(word);
        }
    }
    lines.retain(|l| !l.is_empty());
    lines
}
