//! What the tests of `grundy serve` share: the real binary started on a free
//! port of 127.0.0.1, and a small HTTP/1.1 client over a plain TCP stream.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `grundy serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// Its port on 127.0.0.1.
    pub port: u16,
}

impl Server {
    /// Starts `grundy serve --port 0 EXTRA...` and reads the port it chose
    /// from the first line it prints.
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0", "--json"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the server says where it is");
        let announced: serde_json::Value = serde_json::from_str(&line).expect("one JSON line");
        let port = announced["port"].as_u64().expect("a port") as u16;
        assert_eq!(
            announced["url"],
            format!("http://127.0.0.1:{port}/"),
            "the server listens on 127.0.0.1 only"
        );
        Server { child, port }
    }

    /// `POST /api/VERB` with `body`: the status and the response body.
    pub fn api(&self, verb: &str, body: &str) -> (u16, String) {
        self.request("POST", &format!("/api/{verb}"), body.as_bytes())
    }

    /// `POST /api/VERB` that must succeed: its JSON.
    pub fn json(&self, verb: &str, body: &str) -> serde_json::Value {
        let (status, text) = self.api(verb, body);
        assert_eq!(status, 200, "{verb} {body}: {text}");
        serde_json::from_str(&text).expect("JSON")
    }

    /// One request on a fresh connection: the status and the body.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len(),
            port = self.port,
        );
        self.send(&[head.as_bytes(), body].concat())
    }

    /// `GET /api/status`: how many of the server's places are taken.
    pub fn status(&self) -> serde_json::Value {
        let (status, text) = self.request("GET", "/api/status", b"");
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).expect("JSON")
    }

    /// `bytes` sent whole on a fresh connection, then the answer read to
    /// its end: the status and the body.
    pub fn send(&self, bytes: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("a timeout");
        // A body refused for its size may be cut off by the server: the
        // answer is read all the same.
        let _ = stream.write_all(bytes);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let response = String::from_utf8(response).expect("UTF-8");
        let (head, body) = response.split_once("\r\n\r\n").expect("a head and a body");
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        (status, body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A number of `0..n` that looks random, from `i` (the finaliser of
/// Steele, Lea and Flood's SplitMix64).
fn scattered(i: u64, n: u64) -> u64 {
    let mut x = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (x ^ (x >> 31)) % n
}

/// A tree of `n` vertices that looks random: vertex `i` hangs from an earlier one.
fn random_tree(n: u64) -> String {
    (1..n)
        .map(|i| format!("{} {i}\n", scattered(i, i)))
        .collect()
}

/// `m` arcs between `n` vertices that look random (loops left out).
fn random_arcs(n: u64, m: u64) -> String {
    (0..)
        .map(|k| (scattered(2 * k + 1, n), scattered(2 * k + 2, n)))
        .filter(|(u, v)| u != v)
        .take(m as usize)
        .map(|(u, v)| format!("{u} {v}\n"))
        .collect()
}

/// The heaviest requests found (each runs for minutes, or until it is
/// stopped), as `(verb, body)`: among them those that once kept their job
/// long past the time limit.
pub fn heavy_requests() -> Vec<(&'static str, String)> {
    let graph = |text: String| serde_json::to_string(&text).expect("a string");
    // 3 million operations a call, on every heap below 10^5.
    let script = serde_json::to_string(
        "fn moves(p) { let s = 0; for i in 0..3000000 { s += i; } \
         if p[0] > 0 { [[p[0] - 1]] } else { [] } }",
    )
    .expect("a string");
    vec![
        ("period", r#"{"game": "octal:0.1337", "max": "2^30"}"#.into()),
        (
            "analyze",
            format!(
                r#"{{"game": "node-kayles", "graph": {}}}"#,
                graph(random_tree(1000))
            ),
        ),
        (
            "analyze",
            format!(
                r#"{{"game": "geography:directed", "graph": {}, "position": [0]}}"#,
                graph(random_arcs(32, 200))
            ),
        ),
        (
            "analyze",
            format!(r#"{{"game": "script:heavy", "script": {script}, "position": [100000]}}"#),
        ),
        ("sequence", r#"{"game": "grundys-game", "count": "2^24"}"#.into()),
        (
            "sequence",
            r#"{"game": "subtraction:1,3", "count": "2^20", "misere": true}"#.into(),
        ),
        (
            "table",
            r#"{"game": "wythoff", "size": 16384, "values": true}"#.into(),
        ),
        ("sequence", r#"{"game": "octal:0.161", "count": "2^26"}"#.into()),
        ("analyze", r#"{"game": "chomp:12x12"}"#.into()),
        (
            "analyze",
            // Kayles' quotient (order 40) answers heaps 20..29 in about a
            // second: too near the limit; Dawson's (order 638) takes several.
            r#"{"game": "dawson", "position": [30, 31, 32, 33, 34, 35, 36, 37, 38, 39], "misere": true}"#
                .into(),
        ),
    ]
}
