//! `grundy serve` under hostile use, on loopback with small limits: a
//! request past its time limit is stopped and frees its place at once; the
//! server answers only to its own names, its own page and JSON; slow, idle
//! and surplus connections do not make it stop answering; an oversized body
//! is answered 413 however the client sends it. (Cheap requests beside
//! hostile clients: `serve_load`, a binary of its own so that its load
//! does not slow these down.)

use crate::serve_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use serve_support::{heavy_requests, Server};

/// What a refusal at the time limit may take beyond it.
const GRACE: Duration = Duration::from_millis(100);
/// What a stopped computation may take to give its place back: the stop
/// itself takes milliseconds (the library polls its signal every few
/// milliseconds of work), then what the computation built in its second is
/// freed, in time that grows with it (node Kayles' tables of small boxes, the
/// misère search's summands: about 90 ms on the release build, 130 ms on the
/// debug build the tests run, and up to 500 ms seen while the other tests of
/// this binary load both cores).
const FREED_WITHIN: Duration = Duration::from_millis(800);

/// Held by each test: one at a time, so that the load of one (a thousand
/// connections, megabytes of bodies) does not slow the timings of another.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The turn of a test.
fn turn() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A cheap request and its check.
fn cheap(server: &Server) -> Duration {
    let sent = Instant::now();
    let answer = server.json("analyze", r#"{"game": "nim", "position": [1, 2]}"#);
    assert_eq!(answer["outcome"], "N");
    sent.elapsed()
}

/// How long after now every place of the server is free again.
fn until_free(server: &Server) -> Duration {
    let since = Instant::now();
    loop {
        let status = server.status();
        if status["computing"] == 0 && status["quick"] == 0 && status["waiting"] == 0 {
            return since.elapsed();
        }
        assert!(since.elapsed() < Duration::from_secs(10), "{status}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_request_past_its_time_limit_is_stopped_and_frees_its_place() {
    let _turn = turn();
    let server = Server::start(&["--time-limit", "1", "--jobs", "1"]);
    let mut failures = Vec::new();
    for (verb, body) in heavy_requests() {
        let sent = Instant::now();
        let (status, answer) = server.api(verb, &body);
        let took = sent.elapsed();
        let freed = until_free(&server);
        println!("{verb} {body:.60}: {status} after {took:?}, free {freed:?} later");
        if status != 503 || !answer.contains("--time-limit") {
            failures.push(format!("{verb} {body:.60}: {status} {answer}"));
        }
        if took > Duration::from_secs(1) + GRACE || freed > FREED_WITHIN {
            failures.push(format!(
                "{verb} {body:.60}: answered after {took:?}, its place free {freed:?} later"
            ));
        }
        assert!(cheap(&server) < Duration::from_secs(1));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `POST /api/analyze` of a cheap body with the head fields `fields`.
fn with_fields(server: &Server, fields: &str) -> (u16, String) {
    let body = r#"{"game": "nim", "position": [1, 2]}"#;
    let request = format!(
        "POST /api/analyze HTTP/1.1\r\n{fields}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    server.send(request.as_bytes())
}

#[test]
fn only_its_own_names_its_own_page_and_json_are_answered() {
    let _turn = turn();
    let server = Server::start(&[]);
    let port = server.port;
    let json = "Content-Type: application/json\r\n";
    for host in ["127.0.0.1", "localhost", "[::1]"] {
        let own = format!("Host: {host}:{port}\r\n{json}");
        assert_eq!(with_fields(&server, &own).0, 200, "{host}");
        let page = format!("Host: {host}:{port}\r\nOrigin: http://{host}:{port}\r\n{json}");
        assert_eq!(with_fields(&server, &page).0, 200, "{host}");
    }
    for host in [
        "evil.example",
        "127.0.0.1",
        "127.0.0.1:1",
        "localhost.evil.example",
    ] {
        let (status, answer) = with_fields(&server, &format!("Host: {host}\r\n{json}"));
        assert_eq!(status, 403, "{host}: {answer}");
        assert!(answer.contains("this server answers only to"), "{answer}");
    }
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    for origin in ["http://evil.example", "http://127.0.0.1:1", "null"] {
        let (status, answer) = with_fields(&server, &format!("{host}Origin: {origin}\r\n{json}"));
        assert_eq!(status, 403, "{origin}: {answer}");
        assert!(answer.contains("its own page"), "{answer}");
    }
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ] {
        let (status, answer) = with_fields(&server, &format!("{host}Content-Type: {kind}\r\n"));
        assert_eq!(status, 415, "{kind}: {answer}");
        assert!(
            answer.contains("Content-Type: application/json"),
            "{answer}"
        );
    }
    assert_eq!(with_fields(&server, &host).0, 415);
}

#[test]
fn slow_idle_and_surplus_connections_do_not_stop_the_answers() {
    let _turn = turn();
    let server = Server::start(&[]);
    // More connections than the server keeps, each sending a byte now and then.
    let mut slow: Vec<TcpStream> = (0..1100)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("accepted");
            let _ = stream.write_all(b"P");
            stream
        })
        .collect();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(12) {
        assert!(cheap(&server) < Duration::from_secs(1));
        for stream in &mut slow {
            let _ = stream.write_all(b"O");
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    // Past the time a head may take, every slow connection was closed.
    let open = slow
        .iter()
        .filter(|&stream| {
            stream
                .set_read_timeout(Some(Duration::from_millis(1)))
                .expect("a timeout");
            let mut byte = [0u8; 1];
            let mut stream: &TcpStream = stream;
            matches!(stream.read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
        })
        .count();
    assert_eq!(open, 0, "slow connections still open after 12 s");
}

#[test]
fn an_oversized_body_sent_whole_before_reading_gets_its_413() {
    let _turn = turn();
    let server = Server::start(&[]);
    let body = format!(
        r#"{{"game": "nim", "position": [{}1]}}"#,
        "1, ".repeat(1_000_000)
    );
    for _ in 0..30 {
        let (status, answer) = server.request("POST", "/api/analyze", body.as_bytes());
        assert_eq!(status, 413, "{answer}");
        assert!(answer.contains("more than 1024 KiB"), "{answer}");
    }
    // A body announced beyond what is drained is refused before it is read.
    let head = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        server.port,
        1u64 << 40
    );
    assert_eq!(server.send(head.as_bytes()).0, 413);
    cheap(&server);
}
