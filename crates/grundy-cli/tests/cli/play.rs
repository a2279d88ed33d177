//! `grundy play` through a pseudo-terminal: keys are sent as a terminal
//! sends them, and the screen is read back by a terminal emulator (vt100).
//! Every wait is for something on the screen, with a generous timeout, so
//! that a slow, loaded machine only makes the tests slower.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};

const ROWS: u16 = 45;
const COLUMNS: u16 = 140;
/// How long a wait for the screen may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(120);
/// How long the screen must stay the same to count as drawn in full.
const SETTLE: Duration = Duration::from_millis(100);

const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const ENTER: &str = "\r";

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// `grundy play ARGS...` on a pseudo-terminal.
struct Player {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
}

impl Player {
    fn start(args: &[&str]) -> Player {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLUMNS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_grundy"));
        command.arg("play");
        command.args(args);
        command.cwd(examples());
        command.env("TERM", "xterm-256color");
        let child = pair.slave.spawn_command(command).expect("grundy starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("a reader");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(ROWS, COLUMNS, 0)));
        let feed = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                feed.lock().unwrap().process(&buffer[..n]);
            }
        });
        let writer = pair.master.take_writer().expect("a writer");
        Player {
            screen,
            writer,
            child,
            _master: pair.master,
        }
    }

    /// The screen's text now.
    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until `done` holds of the screen's text and the screen has
    /// settled; returns that text. A frame reaches the terminal in pieces, so
    /// a screen whose first lines are new may still show the old hint below
    /// (a test once played a stale winning move that way).
    fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if done(&text) {
                std::thread::sleep(SETTLE);
                if self.text() == text {
                    return text;
                }
                continue;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {what}; the screen:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |screen| screen.contains(text))
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Sends `keys` and waits for the move count in the list's title to
    /// change (a move was made): returns the new screen.
    fn play(&mut self, keys: &str) -> String {
        let before = moves_made(&self.text());
        self.send(keys);
        self.wait_until("a move", |screen| moves_made(screen) != before)
    }

    /// Quits with `q` and waits for the exit; returns the status and the
    /// screen left (the main screen again).
    fn quit(mut self, keys: &str) -> (u32, String) {
        self.send(keys);
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "grundy did not quit:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(25));
        };
        let text = self.wait_until("the terminal given back", |_| {
            let parser = self.screen.lock().unwrap();
            !parser.screen().alternate_screen() && !parser.screen().hide_cursor()
        });
        (status.exit_code(), text)
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// What identifies the position on the screen: the title line (game and
/// position) and the list's count; changes with every move.
fn moves_made(screen: &str) -> String {
    let title = screen.lines().next().unwrap_or_default().to_string();
    let count = screen
        .lines()
        .find_map(|l| l.find(" Moves (").map(|i| l[i..].to_string()))
        .unwrap_or_default();
    format!("{title}{count}{}", screen.contains("Game over"))
}

/// The text of the right-hand panel (what happened, the hint) as one line,
/// whatever the wrapping.
fn panel(screen: &str) -> String {
    let parts: Vec<&str> = screen
        .lines()
        .filter_map(|l| l.rsplit('│').nth(1))
        .collect();
    parts
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Waits until the right-hand panel says `text`.
fn says(player: &Player, text: &str) -> String {
    player.wait_until(text, |screen| panel(screen).contains(text))
}

/// The number of the listed move described as `description`.
fn number_of(screen: &str, description: &str) -> usize {
    let listed = format!(". {description}");
    // The list is the left-hand panel: each line up to where the right one starts.
    let line = screen
        .lines()
        .map(|l| l.split("││").next().unwrap_or(l))
        .find(|l| l.contains(&listed))
        .unwrap_or_else(|| panic!("{description} is not listed:\n{screen}"));
    let before = line[..line.find(&listed).unwrap()].trim_end();
    let digits = before.rsplit(|c: char| !c.is_ascii_digit()).next().unwrap();
    digits.parse().unwrap()
}

/// The first winning move the hint names.
fn first_winning_move(screen: &str) -> String {
    let mut lines = screen.lines();
    lines.find(|l| l.contains("Winning moves ("));
    let line = lines.next().expect("a winning move under the title");
    // The hint is in the right-hand panel: its text after the last border.
    let inside = line.rsplit('│').nth(1).unwrap_or(line);
    inside.trim().to_string()
}

#[test]
fn the_user_loses_a_p_position_against_perfect_play() {
    // Nim 1 2 3 is a P-position: whatever the user does, the program wins.
    let mut player = Player::start(&["nim", "1", "2", "3"]);
    player.wait_for("Your turn.");
    let mut moves = 0;
    while !player.text().contains("Game over") {
        let screen = player.play(ENTER);
        moves += 1;
        assert!(moves <= 6, "nim 1 2 3 lasts at most 6 moves:\n{screen}");
        if !screen.contains("Game over") {
            player.wait_for("Your turn.");
        }
    }
    player.wait_for("Game over: you have no move. You lost.");
    let (status, screen) = player.quit("q");
    assert_eq!(status, 0);
    assert!(screen.contains("nim: the program won after"), "{screen}");
}

#[test]
fn the_user_wins_from_an_n_position_by_following_the_hints() {
    let mut player = Player::start(&["nim", "3", "4", "5"]);
    player.wait_for("Your turn.");
    player.send("h");
    player.wait_for("Grundy value: 2");
    says(
        &player,
        "Why: the value is the nim-sum of the components' values: 3 (heap 1) xor 4 (heap 2) \
         xor 5 (heap 3) = 2: a winning move takes a component of value g to g xor 2",
    );
    // The winning move is marked in the list, and only it: 3 4 5 has one.
    let screen = player.wait_for("Winning moves (1, marked <- wins in the list)");
    let list = screen.lines().map(|l| l.split("││").next().unwrap_or(l));
    let marked: Vec<&str> = list.filter(|l| l.contains("<- wins")).collect();
    let winning = first_winning_move(&screen);
    assert!(
        marked.len() == 1 && marked[0].contains(&format!(". {winning}  <- wins")),
        "{screen}"
    );
    follow_the_hints(&mut player);
    player.wait_for("Game over: the program has no move. You won!");
    // The verdict stays: misère play is not switched on after the end.
    player.send("m");
    says(
        &player,
        "The game is over: r restarts or u takes back, then m switches.",
    );
    assert!(!player.text().contains("Misère play: you lost"));
    player.wait_for("Game over: the program has no move. You won!");
    let (status, screen) = player.quit("q");
    assert_eq!(status, 0);
    assert!(screen.contains("nim: you won after"), "{screen}");
}

#[test]
fn undo_restart_and_swapping_sides() {
    let mut player = Player::start(&["kayles", "6"]);
    player.wait_for("Your turn.");
    player.wait_for("grundy play kayles (octal:0.77): 6");
    // Type the position reached: take two from the end.
    player.send("t");
    player.wait_for("Position reached:");
    player.play(&format!("4{ENTER}"));
    player.wait_until("the program's reply", |s| s.contains("Program:"));
    // Undo takes back the reply and the move.
    player.play("u");
    player.wait_for("Took back your last move.");
    player.wait_for("octal:0.77): 6 ");
    // Swap sides: the program moves now, from the N-position, and wins.
    player.play("s");
    player.wait_for("You move second.");
    says(&player, "(a winning move: to a P-position)");
    // A move that is not legal is refused with the reason.
    player.send(&format!("t9 9{ENTER}"));
    says(&player, "Not a legal move");
    // Kayles has misère play (the misère search): on, and off again.
    player.send("m");
    says(
        &player,
        "Misère play: the player who makes the last move loses.",
    );
    player.send("m");
    says(
        &player,
        "Normal play: the player who makes the last move wins.",
    );
    // Restart: the program, now first, makes the same winning move again.
    player.send("r");
    says(
        &player,
        "Restarted. Program: heap 1: take 1 of 6, leaving 1 and 4",
    );
    let (status, _) = player.quit("\x1b");
    assert_eq!(status, 0);
}

#[test]
fn the_program_delays_its_loss_from_a_p_position() {
    // Nim 2 2 with the program first: a P-position for it. Emptying a heap
    // loses at once (remoteness 2); taking one lasts longest (4).
    let player = Player::start(&["nim", "2", "2", "--program-first"]);
    says(
        &player,
        "Program: heap 1: 2 -> 1 (take 1) (every move loses; this one delays the end most \
         (remoteness 4))",
    );
}

#[test]
fn graph_games_draw_their_graph() {
    let mut maze = Player::start(&["geography", "--grid", "maze.txt", "0,0"]);
    let screen = maze.wait_for("token @ at row 0, column 0");
    assert!(screen.contains("@...."), "{screen}");
    maze.send(DOWN);
    maze.play(ENTER);
    maze.wait_for("# blocked or visited");
    let (status, _) = maze.quit("\x03");
    assert_eq!(status, 0);

    let mut hackenbush = Player::start(&["hackenbush", "hackenbush.txt"]);
    let screen = hackenbush.wait_for("edges; 0 is the ground");
    assert!(screen.contains("0-1"), "{screen}");
    hackenbush.send("h");
    hackenbush.wait_for("cut the edge 0 4");
    hackenbush.quit("q");

    let mut wythoff = Player::start(&["wythoff", "3", "5"]);
    let screen = wythoff.wait_for("the queen Q at (3, 5)");
    assert!(screen.contains("...Q"), "{screen}");
    wythoff.send(UP);
    wythoff.quit("q");
}

#[test]
fn bad_arguments_are_one_error_line_before_the_terminal_is_taken() {
    for args in [
        &["play", "nim", "x"][..],
        &["play", "chess", "3"],
        &["play", "nim", "--grid", "maze.txt", "3"],
        &["play", "geography", "missing-file.txt", "0"],
        &["play", "nim", "100000000"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .current_dir(examples())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: the terminal was touched");
    }
    // Without a terminal the player cannot start: said in one line too, and
    // before the analysis (of this position: 5 s and 1.5 GB).
    for args in [
        &["play", "nim", "3"][..],
        &["play", "grundys-game", "8193", "65536"],
    ] {
        let started = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let took = started.elapsed();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains("play needs a terminal"),
            "{stderr}"
        );
        assert!(
            took < std::time::Duration::from_secs(1),
            "{args:?}: {took:?}"
        );
    }
}

#[test]
fn every_game_of_the_registry_can_be_played() {
    let plays: &[&[&str]] = &[
        &["nim", "3", "4", "5"],
        &["bash:3", "10"],
        &["subtraction:1,3,4", "10", "20"],
        &["staircase", "3", "1", "4", "1", "5"],
        &["wythoff", "3", "5"],
        &["wythoff:k=2", "6", "9"],
        &["wythoff:ratios", "4", "7"],
        &["fibonacci-nim", "20", "19"],
        &["kayles", "10", "20", "30"],
        &["circle:2", "10"],
        &["hackenbush", "hackenbush.txt"],
        &["geography", "graph.txt", "0"],
        &["geography", "graph.txt"],
        &["digraph", "digraph.txt", "6", "9"],
        &["twopile:1,0+0,1+1,2+2,1", "3", "5"],
        &["script:subtraction-134.rhai", "12"],
        &["lasker", "5", "7"],
        &["grundys-game", "9", "12"],
        &["hex:0.8", "7", "9"],
        &["moore:k=2", "3", "5", "6"],
        &["staircase-tree", "tree.txt"],
        &["chomp:3x4", "3", "3", "2", "1"],
        &["node-kayles", "graph.txt"],
        &["geography:directed", "arcs.txt", "0"],
    ];
    let games = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["games", "--json"])
        .output()
        .unwrap();
    let games: serde_json::Value = serde_json::from_slice(&games.stdout).unwrap();
    for entry in games["games"].as_array().unwrap() {
        let name = entry["spec"].as_str().unwrap().split(':').next().unwrap();
        let aliases: Vec<&str> = entry["aliases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["name"].as_str().unwrap())
            .collect();
        assert!(
            plays
                .iter()
                .any(|p| p[0].split(':').next() == Some(name) || aliases.contains(&p[0])),
            "{name} is not played here"
        );
    }
    for args in plays {
        let mut player = Player::start(args);
        player.wait_until(&format!("{args:?} to start"), |s| {
            s.contains("Your turn.") && s.contains(" Moves (")
        });
        player.send("h");
        says(&player, "Why:");
        let screen = player.play(ENTER);
        assert!(
            !panel(&screen).contains("cannot move"),
            "{args:?}:\n{screen}"
        );
        let (status, _) = player.quit("q");
        assert_eq!(status, 0, "{args:?}");
    }
}

#[test]
fn an_interrupt_signal_gives_the_terminal_back() {
    let player = Player::start(&["nim", "3", "4"]);
    player.wait_for("Your turn.");
    let pid = player.child.process_id().expect("a running child");
    let killed = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let (status, screen) = player.quit("");
    assert_eq!(status, 130, "{screen}");
    assert!(screen.contains("interrupted"), "{screen}");
}

/// Follows the hint's first winning move until the game is over.
fn follow_the_hints(player: &mut Player) {
    loop {
        let screen = player.wait_for("Winning moves (");
        let description = first_winning_move(&screen);
        let number = number_of(&screen, &description);
        let screen = player.play(&format!("{number}{ENTER}"));
        if screen.contains("Game over") {
            break;
        }
        player.wait_until("the program's reply", |s| {
            s.contains("Your turn.") || s.contains("Game over")
        });
        if player.text().contains("Game over") {
            break;
        }
    }
}

#[test]
fn a_misere_game_is_won_by_following_the_hints() {
    // Misère Nim 1 1 5: the winning move leaves 1 1 1 (Bouton's misère rule);
    // whoever takes the last counter loses.
    let mut player = Player::start(&["nim", "1", "1", "5", "--json"]);
    player.wait_for("Your turn.");
    player.send("m");
    says(&player, "Switched to misère play.");
    says(
        &player,
        "Misère play: the player who makes the last move loses.",
    );
    // The rule is said once, on its own line, not again as the message.
    let panel_text = panel(&player.text());
    assert_eq!(
        panel_text
            .matches("the player who makes the last move loses")
            .count(),
        1,
        "{panel_text}"
    );
    player.send("h");
    player.wait_for("Misère play: the player who makes the last move loses");
    says(&player, "Why: misère play (the player who makes the last move loses), decided by Bouton's misère rule");
    says(&player, "heap 3: 5 -> 1 (take 4)");
    follow_the_hints(&mut player);
    says(
        &player,
        "Game over: you have no move, the program moved last. Misère play: you won!",
    );
    let (status, screen) = player.quit("q");
    assert_eq!(status, 0);
    assert!(
        screen.contains(r#""play":"misere""#) && screen.contains(r#""result":"won""#),
        "{screen}"
    );
}

#[test]
fn a_sum_of_different_games_is_won_by_following_the_hints() {
    // nim 3 (value 3) + wythoff (3, 4) (value 2): nim-sum 1, an N-position.
    let mut player = Player::start(&["nim", "3", "+", "wythoff", "3", "4"]);
    player.wait_for("grundy play nim + wythoff: nim 3 + wythoff 3 4");
    player.wait_for("component 2: wythoff");
    player.send("h");
    player.wait_for("Grundy value: 1");
    says(
        &player,
        "Why: the value is the nim-sum of the components' values: 3 (component 1, nim 3) xor \
         2 (component 2, wythoff 3 4) = 1",
    );
    follow_the_hints(&mut player);
    player.wait_for("Game over: the program has no move. You won!");
    let (status, screen) = player.quit("q");
    assert_eq!(status, 0);
    assert!(screen.contains("nim + wythoff: you won after"), "{screen}");
}

#[test]
fn misere_play_is_refused_where_the_game_has_no_misere_theory() {
    let mut player = Player::start(&["lasker", "5"]);
    player.wait_for("Your turn.");
    player.send("m");
    says(&player, "No misère play here:");
    says(
        &player,
        "Normal play: the player who makes the last move wins.",
    );
    player.wait_for("m misère on/off");
    let (status, _) = player.quit("q");
    assert_eq!(status, 0);
}
