//! The page of `grundy serve` in headless Chromium, driven over the DevTools
//! protocol as a person would: clicks and typing at the elements' places on
//! the screen; what the page shows is checked against the command line.
//!
//! Chromium is Debian's `chromium` package (installed by `.ci/run`); without
//! it the test says so and passes, except in CI (`CI` set), where it fails.

use crate::common;
use crate::serve_support;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use serve_support::Server;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long the page may take to show an answer.
const PATIENCE: Duration = Duration::from_secs(30);

/// A headless Chromium and one page of it, driven over the DevTools protocol.
struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    _profile: TempDir,
}

/// A directory removed when dropped (Chromium's profile).
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Browser {
    /// Chromium with one page at `url`; `None` when Chromium is not installed.
    fn open(url: &str, name: &str) -> Option<Browser> {
        let profile = TempDir(std::env::temp_dir().join(format!(
            "grundy-serve-browser-{}-{name}",
            std::process::id()
        )));
        let mut child = match Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--window-size=1280,900",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.0.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => panic!("chromium does not start: {e}"),
        };
        let stderr = BufReader::new(child.stderr.take().expect("piped"));
        let endpoint = stderr
            .lines()
            .map_while(Result::ok)
            .find_map(|line| {
                line.strip_prefix("DevTools listening on ")
                    .map(str::to_string)
            })
            .expect("chromium says where its DevTools listen");
        let (socket, _) = tungstenite::connect(endpoint).expect("the DevTools socket");
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({ "url": url }));
        let attached = browser.call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        );
        browser.session = attached["sessionId"].as_str().expect("a session").into();
        Some(browser)
    }

    /// Calls a DevTools method (on the page, once attached) and waits for its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::Text(message.to_string().into()))
            .expect("sent");
        loop {
            let Message::Text(text) = self.socket.read().expect("an answer") else {
                continue;
            };
            let answer: Value = serde_json::from_str(text.as_str()).expect("JSON");
            if answer["id"] == id {
                assert!(answer["error"].is_null(), "{method}: {answer}");
                return answer["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(
            result["exceptionDetails"].is_null(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page (an exception, such as
    /// an element not there yet, counts as false).
    fn wait_for(&mut self, expression: &str) {
        let start = Instant::now();
        let guarded =
            format!("(() => {{ try {{ return {expression}; }} catch (e) {{ return false; }} }})()");
        while self.eval(&guarded) != json!(true) {
            assert!(
                start.elapsed() < PATIENCE,
                "the page never showed: {expression}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The text of the element with id `id`.
    fn text(&mut self, id: &str) -> String {
        let value = self.eval(&format!("document.getElementById('{id}').textContent"));
        value.as_str().expect("a text").to_string()
    }

    /// The centre of the element selected by `selector`, plus `(dx, dy)` from
    /// its top left corner when given, in the page's pixels, once the page's
    /// layout has settled: the element is where it was 50 ms before (text
    /// still arriving above it would move it, and a click at the old place
    /// would miss).
    fn point(&mut self, selector: &str, offset: Option<(f64, f64)>) -> (f64, f64) {
        let start = Instant::now();
        let mut rect = self.rectangle(selector);
        loop {
            std::thread::sleep(Duration::from_millis(50));
            let now = self.rectangle(selector);
            if now == rect {
                break;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "{selector} never stopped moving"
            );
            rect = now;
        }
        let (dx, dy) = offset.unwrap_or((rect[2] / 2.0, rect[3] / 2.0));
        (rect[0] + dx, rect[1] + dy)
    }

    /// The rectangle `[left, top, width, height]` of the element selected by
    /// `selector`, scrolled into view.
    fn rectangle(&mut self, selector: &str) -> Vec<f64> {
        let rect = self.eval(&format!(
            "(() => {{ const e = document.querySelector({selector:?}); e.scrollIntoView(); \
             const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }})()"
        ));
        serde_json::from_value(rect).expect("a rectangle")
    }

    /// A mouse event at `(x, y)`.
    fn mouse(&mut self, kind: &str, (x, y): (f64, f64)) {
        let button = if kind == "mouseMoved" { "none" } else { "left" };
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": button, "clickCount": 1 }),
        );
    }

    /// A left click on the element selected by `selector` (at `offset`).
    fn click(&mut self, selector: &str, offset: Option<(f64, f64)>) {
        let at = self.point(selector, offset);
        self.mouse("mouseMoved", at);
        self.mouse("mousePressed", at);
        self.mouse("mouseReleased", at);
    }

    /// Clicks into the input `selector`, selects what it holds and types `text`.
    fn type_into(&mut self, selector: &str, text: &str) {
        self.click(selector, None);
        self.eval(&format!("document.querySelector({selector:?}).select()"));
        self.call("Input.insertText", json!({ "text": text }));
        self.wait_for(&format!(
            "document.querySelector({selector:?}).value === {text:?}"
        ));
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The browser on the page of `server` (its profile named `name`), or `None`
/// (outside CI) without Chromium.
fn browser_on(server: &Server, name: &str) -> Option<Browser> {
    let browser = Browser::open(&format!("http://127.0.0.1:{}/", server.port), name);
    if browser.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is not installed: .ci/run installs Debian's chromium package"
        );
        common::skipped("the browser tests of grundy serve (chromium is not installed: Debian's chromium package)");
    }
    browser
}

/// Picks the registry entry whose spec is `spec` in the game list.
fn pick_game(browser: &mut Browser, spec: &str) {
    browser.wait_for("document.getElementById('games').options.length > 0");
    let picked = browser.eval(&format!(
        "(() => {{ const s = document.getElementById('games'); \
         const i = [...s.options].findIndex(o => o.textContent.startsWith({:?})); \
         s.selectedIndex = i; s.dispatchEvent(new Event('change')); return i; }})()",
        format!("{spec}: ")
    ));
    assert!(picked.as_i64().is_some_and(|i| i >= 0), "{spec} is listed");
}

#[test]
fn the_page_analyzes_a_position_plays_a_move_and_reads_the_table() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "table") else {
        return;
    };
    pick_game(&mut browser, "wythoff");
    browser.wait_for("document.getElementById('spec').value === 'wythoff'");

    // Type a position and analyze it: the page shows the command line's answer.
    browser.type_into("#position", "3 4");
    browser.click("#analyze", None);
    let expected = common::json_of(&["analyze", "wythoff", "3", "4"]);
    browser.wait_for("document.getElementById('outcome').textContent.startsWith('N')");
    assert_eq!(
        browser.text("value"),
        format!("Grundy value {}", expected["grundy"])
    );
    let moves = expected["winning_moves"].as_array().expect("moves");
    let buttons = browser.eval("document.querySelectorAll('#moves button').length");
    assert_eq!(buttons, json!(moves.len()));

    // Play the first winning move by clicking it: the page goes there, a P-position.
    browser.click("#moves button", None);
    let to = moves[0]["to"].as_array().expect("a position");
    let to = format!("{} {}", to[0], to[1]);
    browser.wait_for(&format!(
        "document.getElementById('position').value === '{to}' && \
         document.getElementById('outcome').textContent.startsWith('P')"
    ));

    // The table: hovering a cell names it, clicking it analyzes it.
    browser.wait_for("document.getElementById('canvas').width > 0");
    let zoom = browser.eval("zoom").as_f64().expect("a zoom");
    let (left, top) = (
        browser.eval("origin.left").as_f64().expect("a margin"),
        browser.eval("origin.top").as_f64().expect("a margin"),
    );
    assert!(left > 0.0 && top > 0.0, "axes beside the table");
    let cell = Some((
        left + 7.0 * zoom + zoom / 2.0,
        top + 4.0 * zoom + zoom / 2.0,
    ));
    let at = browser.point("#canvas", cell);
    browser.mouse("mouseMoved", at);
    assert_eq!(browser.text("cell"), "(4, 7): P");
    browser.click("#canvas", cell);
    browser.wait_for(
        "document.getElementById('position').value === '4 7' && \
         document.getElementById('outcome').textContent.startsWith('P')",
    );
    // The PNG's colours: P black and N white; with values, 0 red and the
    // others on the scale. Ticks and labels above the table, a legend under it.
    let pixel = |browser: &mut Browser, x: f64, y: f64| {
        browser.eval(&format!(
            "[...document.getElementById('canvas').getContext('2d')\
             .getImageData(origin.left + {y} * zoom + zoom / 2, origin.top + {x} * zoom + zoom / 2, 1, 1).data]"
        ))
    };
    assert_eq!(pixel(&mut browser, 0.0, 0.0), json!([0, 0, 0, 255]));
    assert_eq!(pixel(&mut browser, 0.0, 1.0), json!([255, 255, 255, 255]));
    let marked = browser.eval(
        "(() => { const c = document.getElementById('canvas'); \
         const top = c.getContext('2d').getImageData(origin.left, 0, c.width - origin.left, origin.top).data; \
         const under = c.getContext('2d').getImageData(origin.left, c.height - 30, 40, 20).data; \
         const dark = (d) => d.some((v, i) => i % 4 < 3 && v < 100); return dark(top) && dark(under); })()",
    );
    assert_eq!(marked, json!(true));
    browser.click("#values", None);
    browser.wait_for("table.values !== undefined");
    assert_eq!(pixel(&mut browser, 0.0, 0.0), json!([230, 20, 30, 255]));
    // Zooming in draws bigger cells.
    browser.click("#zoom-in", None);
    let bigger = browser.eval("zoom").as_f64().expect("a zoom");
    assert!(bigger > zoom, "{bigger} > {zoom}");
}

#[test]
fn the_page_marks_the_period_and_lists_the_conjectures() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "period") else {
        return;
    };
    pick_game(&mut browser, "octal:CODE");
    browser.wait_for("document.getElementById('spec').value === 'kayles'");
    browser.wait_for("document.querySelectorAll('#terms span').length === 96");
    browser.wait_for(
        "document.getElementById('period').textContent\
         .startsWith('G(n + 12) = G(n) for n >= 71, certified')",
    );
    // The period's first term is marked, the preperiod's terms apart.
    let start = browser.eval("[...document.querySelectorAll('#terms span')].findIndex(s => s.classList.contains('start'))");
    assert_eq!(start, json!(71));
    let preperiod = browser.eval("document.querySelectorAll('#terms span.pre').length");
    assert_eq!(preperiod, json!(71));
    // A period a row: G(71) starts a row, and G(59), G(71), G(83) are one
    // column.
    let wrapped = browser.eval(
        "(() => { const s = document.querySelectorAll('#terms span'); \
         return s[71].offsetTop > s[70].offsetTop && s[59].offsetLeft === s[71].offsetLeft \
         && s[83].offsetLeft === s[71].offsetLeft && s[84].offsetLeft > s[83].offsetLeft; })()",
    );
    assert_eq!(wrapped, json!(true));
    let expected = common::json_of(&["conjecture", "kayles"]);
    let listed = expected["conjectures"]
        .as_array()
        .expect("conjectures")
        .len();
    browser.wait_for(&format!(
        "document.querySelectorAll('#conjecture-list li').length === {listed}"
    ));
    assert!(browser.text("conjecture-list").contains("checked up to"));
    // Kinds in words; a closed form is certified, not "checked up to 0".
    pick_game(&mut browser, "nim");
    browser.wait_for(
        "document.getElementById('conjecture-list').textContent.includes('(arithmetic period')",
    );
    let listed = browser.text("conjecture-list");
    assert!(
        !listed.contains("checked up to 0") && !listed.contains('_'),
        "{listed}"
    );
    assert!(
        listed.contains("(arithmetic period, certified)"),
        "{listed}"
    );
}

#[test]
fn back_and_forward_bring_the_page_to_the_address() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "history") else {
        return;
    };
    pick_game(&mut browser, "nim");
    browser.wait_for("document.getElementById('spec').value === 'nim'");
    for position in ["1 2 3", "3 4 5"] {
        browser.type_into("#position", position);
        browser.click("#analyze", None);
        browser.wait_for(&format!(
            "location.hash.endsWith('position={}')",
            position.replace(' ', "+")
        ));
    }
    browser.wait_for("document.getElementById('outcome').textContent.startsWith('N')");
    browser.eval("window.history.back()");
    browser.wait_for(
        "document.getElementById('position').value === '1 2 3' && \
         document.getElementById('outcome').textContent.startsWith('P')",
    );
    browser.eval("window.history.forward()");
    browser.wait_for(
        "document.getElementById('position').value === '3 4 5' && \
         document.getElementById('outcome').textContent.startsWith('N')",
    );
    // Back to another game: the game list follows.
    pick_game(&mut browser, "wythoff");
    browser.wait_for("document.getElementById('spec').value === 'wythoff'");
    browser.eval("window.history.back()");
    browser.wait_for(
        "document.getElementById('spec').value === 'nim' && \
         document.getElementById('games').value.startsWith('nim: ')",
    );
}

#[test]
fn the_page_fits_a_phone_screen() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "phone") else {
        return;
    };
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    );
    pick_game(&mut browser, "wythoff");
    browser.wait_for("document.getElementById('canvas').width > 0");
    // Nothing runs off the screen: no card, input or list is wider than it.
    let widest = browser.eval(
        "Math.max(document.documentElement.scrollWidth, \
         ...[...document.querySelectorAll('section, input, select, textarea, #terms')]\
         .map(e => e.getBoundingClientRect().right))",
    );
    assert!(widest.as_f64().is_some_and(|w| w <= 390.0), "{widest}");
}

#[test]
fn the_page_plays_a_game_with_hints_and_undo() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "play") else {
        return;
    };
    pick_game(&mut browser, "nim");
    browser.wait_for("document.getElementById('spec').value === 'nim'");
    browser.type_into("#position", "1 2");
    browser.click("#play-start", None);
    browser
        .wait_for("document.getElementById('play-status').textContent === 'Your move, from 1 2:'");
    // Every legal move is offered: 1 -> 0, 2 -> 0, 2 -> 1.
    let offered = browser.eval("document.querySelectorAll('#play-body button').length");
    assert_eq!(offered, json!(3));
    // Hints mark the one winning move (to 1 1) and say why.
    browser.click("#hints", None);
    browser.wait_for("document.querySelectorAll('#play-body button.win').length === 1");
    assert!(browser
        .text("play-body")
        .contains("1 (heap 1) xor 2 (heap 2) = 3"));
    browser.click("#play-body button.win", None);
    // The program answers from 1 1 (a P-position) by emptying a heap, which
    // is gone from the position, and it is our turn again.
    browser.wait_for(
        "document.getElementById('play-body').textContent.includes('Program: heap ') && \
         document.getElementById('play-status').textContent === 'Your move, from 1:'",
    );
    // Undo goes back to 1 2, and the log forgets the moves taken back.
    browser.click("#play-undo", None);
    browser
        .wait_for("document.getElementById('play-status').textContent === 'Your move, from 1 2:'");
    let log = browser.eval("document.querySelector('.play-log').textContent");
    assert_eq!(log, json!(""));
    // Perfect play wins: winning move, the program's reply, winning move.
    browser.click("#play-body button.win", None);
    browser.wait_for(
        "document.getElementById('play-status').textContent.startsWith('Your move, from ') && \
                      !document.getElementById('play-status').textContent.includes('1 2')",
    );
    browser.wait_for("document.querySelectorAll('#play-body button.win').length === 1");
    browser.click("#play-body button.win", None);
    browser.wait_for("document.getElementById('play-status').textContent === 'You win: the program has no move.'");
}

#[test]
fn the_page_plays_misere_and_refuses_it_where_the_game_has_no_misere_theory() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "misere") else {
        return;
    };
    pick_game(&mut browser, "nim");
    browser.wait_for("document.getElementById('spec').value === 'nim'");
    browser.type_into("#position", "1 1 5");
    browser.click("#play-start", None);
    browser.wait_for(
        "document.getElementById('play-status').textContent === 'Your move, from 1 1 5:'",
    );
    // Misère on: the hint marks the one winning move (to 1 1 1) and names the rule.
    browser.click("#misere", None);
    browser.wait_for(
        "document.getElementById('play-status').textContent === 'Misère play. Your move, from 1 1 5:'",
    );
    browser.click("#hints", None);
    browser.wait_for("document.querySelectorAll('#play-body button.win').length === 1");
    assert_eq!(
        browser.eval("document.querySelector('#play-body button.win').textContent"),
        json!("heap 3: 5 -> 1 (take 4)")
    );
    assert!(browser.text("play-body").contains("Bouton's misère rule"));
    // Perfect play: every move the hint marks, until the program takes the last counter.
    for _ in 0..3 {
        let before = browser.text("play-status");
        browser.click("#play-body button.win", None);
        browser.wait_for(&format!(
            "document.getElementById('play-status').textContent !== {before:?} && \
             (document.getElementById('play-status').textContent.startsWith('You win') || \
             document.querySelectorAll('#play-body button.win').length >= 1)"
        ));
        if browser.text("play-status").starts_with("You win") {
            break;
        }
    }
    browser.wait_for(
        "document.getElementById('play-status').textContent === \
         'You win (misère play): you have no move, the program moved last.'",
    );
    // Lasker's Nim has no misère theory here: the toggle is refused and play goes on normally.
    pick_game(&mut browser, "lasker");
    browser.wait_for("document.getElementById('spec').value === 'lasker'");
    // The page may still be laying out the new game's panels: click again until
    // the start is taken (a click that lands beside the button does nothing).
    let started = "!document.getElementById('play-status').textContent.startsWith('Press Start')";
    for _ in 0..10 {
        browser.click("#play-start", None);
        std::thread::sleep(Duration::from_millis(300));
        if browser.eval(started) == json!(true) {
            break;
        }
    }
    browser.wait_for(
        "document.getElementById('misere').checked === false && \
         document.getElementById('play-body').textContent.includes('no misère play here') && \
         document.getElementById('play-status').textContent.startsWith('Your move, from ')",
    );
}

/// The number of elements matching `selector` in the page.
fn count(browser: &mut Browser, selector: &str) -> Value {
    browser.eval(&format!("document.querySelectorAll({selector:?}).length"))
}

#[test]
fn the_page_draws_the_board_of_heaps_piles_and_graphs() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "boards") else {
        return;
    };
    // Nim: a row of counters a heap; the empty heap of the start is gone.
    pick_game(&mut browser, "nim");
    browser.wait_for("document.getElementById('spec').value === 'nim'");
    browser.type_into("#position", "3 0 2");
    browser.click("#play-start", None);
    browser
        .wait_for("document.getElementById('play-status').textContent === 'Your move, from 3 2:'");
    assert_eq!(
        count(&mut browser, "#play-body svg.board circle.counter"),
        json!(5)
    );
    // Emptying a heap removes it from the board and the position.
    let emptied = browser.eval(
        "[...document.querySelectorAll('#play-body button')].findIndex(b => b.textContent === 'heap 2: 2 -> 0 (take 2)')",
    );
    let index = emptied.as_i64().expect("the move is offered");
    assert!(index >= 0, "emptying heap 2 is offered");
    browser.click(
        &format!("#play-body button:nth-of-type({})", index + 1),
        None,
    );
    browser.wait_for("document.getElementById('play-body').textContent.includes('Program: ')");
    browser.wait_for(
        "!document.getElementById('play-status').textContent.includes(' 0') && \
         document.querySelectorAll('#play-body svg.board text').length <= 2",
    );
    // Wythoff: the queen on the board whose corner ends the game.
    pick_game(&mut browser, "wythoff");
    browser.wait_for("document.getElementById('spec').value === 'wythoff'");
    browser.type_into("#position", "4 2");
    browser.click("#play-start", None);
    browser.wait_for("document.querySelector('#play-body svg.board .queen') !== null");
    // 5 x 3 squares for piles 4 and 2.
    assert_eq!(
        count(
            &mut browser,
            "#play-body svg.board rect.dark, #play-body svg.board rect.light"
        ),
        json!(15)
    );
    // Geography on the example graph: its 7 vertices, the token on 0.
    pick_game(&mut browser, "geography");
    browser.wait_for("document.getElementById('spec').value === 'geography'");
    browser.wait_for("document.getElementById('source-examples').options.length > 1");
    browser.eval(
        "(() => { const m = document.getElementById('source-examples'); m.value = 'graph.txt'; \
         m.dispatchEvent(new Event('change')); })()",
    );
    browser.type_into("#position", "0");
    browser.click("#play-start", None);
    browser.wait_for("document.querySelector('#play-body svg.board circle.token') !== null");
    assert_eq!(count(&mut browser, "#play-body svg.board circle"), json!(7));
    assert_eq!(
        count(&mut browser, "#play-body svg.board line.edge"),
        json!(7)
    );
}

#[test]
fn the_workbench_loads_an_example_script_and_marks_its_error() {
    let server = Server::start(&[]);
    let Some(mut browser) = browser_on(&server, "workbench") else {
        return;
    };
    pick_game(&mut browser, "script:FILE");
    browser.wait_for("document.getElementById('source-examples').options.length > 1");
    // Loading Lasker's Nim takes the position its header analyzes.
    browser.eval(
        "(() => { const m = document.getElementById('source-examples'); m.value = 'lasker.rhai'; \
         m.dispatchEvent(new Event('change')); })()",
    );
    browser.wait_for("document.getElementById('position').value === '3 5 7'");
    let lasker = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/lasker.rhai");
    let expected = common::json_of(&["analyze", &format!("script:{lasker}"), "3", "5", "7"]);
    browser.wait_for(&format!(
        "document.getElementById('value').textContent === 'Grundy value {}'",
        expected["grundy"]
    ));
    // Its values repeat with saltus 4 (G(4k+3) = 4k+4 ...), seen in the sequence.
    browser.wait_for(
        "document.getElementById('period').textContent.startsWith('G(n + 4) = G(n) + 4')",
    );
    // A typing error: shown at its line and column, every answer withdrawn.
    browser.eval(
        "(() => { const t = document.getElementById('source'); \
         t.value = t.value.replace('heaps.sort();', 'heaps.sort(;'); \
         t.dispatchEvent(new Event('input')); })()",
    );
    browser.wait_for("!document.getElementById('source-error').hidden");
    let shown = browser.text("source-error");
    let lines: Vec<&str> = shown.lines().collect();
    assert!(
        lines[0].starts_with("line ") && lines[0].contains(", column "),
        "{shown}"
    );
    assert_eq!(lines[1].trim(), "heaps.sort(;");
    let column: usize = lines[0]
        .split(", column ")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|c| c.parse().ok())
        .expect("a column");
    assert!(lines[0].ends_with(": Unexpected ';'"), "{shown}");
    assert_eq!(lines[2].find('^'), Some(column - 1), "{shown}");
    assert_eq!(lines[1].chars().nth(column - 1), Some(';'), "{shown}");
    browser.wait_for(
        "document.getElementById('analysis').hidden && document.getElementById('sequence').hidden",
    );
    // The repair brings every answer back.
    browser.eval(
        "(() => { const t = document.getElementById('source'); \
         t.value = t.value.replace('heaps.sort(;', 'heaps.sort();'); \
         t.dispatchEvent(new Event('input')); })()",
    );
    browser.wait_for(
        "document.getElementById('source-error').hidden && \
         !document.getElementById('analysis').hidden && !document.getElementById('sequence').hidden",
    );
}
