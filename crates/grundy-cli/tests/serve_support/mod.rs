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
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("a timeout");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        stream
            .write_all(head.as_bytes())
            .expect("the request is sent");
        // A body refused for its size may be cut off by the server: the
        // answer is read all the same.
        let _ = stream.write_all(body);
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
