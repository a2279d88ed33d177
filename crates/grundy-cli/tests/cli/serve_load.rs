//! Load on `grundy serve`: 8 clients at once on loopback, every request
//! answered with status 200. The number of requests is
//! `GRUNDY_LOAD_REQUESTS` (200 by default, so that CI stays quick); README's
//! figure is the run with 1000 on the release build:
//!
//!     GRUNDY_LOAD_REQUESTS=1000 cargo test --release -p grundy-cli --test cli serve_load -- --nocapture
//!
//! And a cheap request answered within a second while 16 clients send the
//! heaviest requests they can, for `GRUNDY_HOSTILE_SECONDS` (10 by default;
//! README's figure is the minute of the issue that asked for it):
//!
//!     GRUNDY_HOSTILE_SECONDS=60 cargo test --release -p grundy-cli --test cli serve_load::a_cheap_request -- --nocapture

use crate::serve_support;

use std::time::{Duration, Instant};

use serve_support::{heavy_requests, Server};

/// Concurrent clients.
const CLIENTS: usize = 8;

/// The `i`-th request of the mix: analyzes, a sequence, a table, a period,
/// a turn of play, the games.
fn request(i: usize) -> (&'static str, String) {
    match i % 8 {
        0 => ("games", "{}".into()),
        1 => (
            "sequence",
            format!(r#"{{"game": "kayles", "count": {}}}"#, 50 + i % 50),
        ),
        2 => (
            "table",
            format!(r#"{{"game": "wythoff", "size": {}}}"#, 16 + i % 16),
        ),
        3 => ("period", r#"{"game": "subtraction:1,3,4"}"#.into()),
        4 => (
            "play",
            format!(
                r#"{{"game": "nim", "position": [{}, 5, 6], "reply": true}}"#,
                i % 20
            ),
        ),
        _ => (
            "analyze",
            format!(
                r#"{{"game": "wythoff", "position": [{}, {}]}}"#,
                i % 97,
                i % 89
            ),
        ),
    }
}

#[test]
fn eight_clients_get_every_answer() {
    let total: usize = std::env::var("GRUNDY_LOAD_REQUESTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let server = Server::start(&[]);
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let clients: Vec<_> = (0..CLIENTS)
            .map(|client| {
                let server = &server;
                scope.spawn(move || {
                    (client..total)
                        .step_by(CLIENTS)
                        .map(|i| {
                            let (verb, body) = request(i);
                            let sent = Instant::now();
                            let (status, answer) = server.api(verb, &body);
                            assert_eq!(status, 200, "{verb} {body}: {answer}");
                            sent.elapsed()
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        clients
            .into_iter()
            .flat_map(|c| c.join().expect("a client"))
            .collect()
    });
    let elapsed = started.elapsed();
    assert_eq!(latencies.len(), total);
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{total} requests from {CLIENTS} clients in {:.2} s: {:.0} requests/s, latency median {:.1} ms, p99 {:.1} ms",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
    );
}

#[test]
fn a_cheap_request_is_answered_within_a_second_under_sixteen_hostile_clients() {
    let seconds: u64 = std::env::var("GRUNDY_HOSTILE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let server = Server::start(&[]);
    let heavy = heavy_requests();
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut latencies = std::thread::scope(|scope| {
        for client in 0..16 {
            let (server, heavy) = (&server, &heavy);
            scope.spawn(move || {
                let mut i = client;
                while Instant::now() < until {
                    let (verb, body) = &heavy[i % heavy.len()];
                    let (status, answer) = server.api(verb, body);
                    assert!(
                        status == 503 || status == 200,
                        "{verb} {body:.60}: {status} {answer}"
                    );
                    i += 1;
                }
            });
        }
        let mut latencies = Vec::new();
        while Instant::now() < until {
            let sent = Instant::now();
            let answer = server.json("analyze", r#"{"game": "nim", "position": [1, 2]}"#);
            assert_eq!(answer["outcome"], "N");
            latencies.push(sent.elapsed());
            std::thread::sleep(Duration::from_millis(100));
        }
        latencies
    });
    latencies.sort();
    let worst = *latencies.last().expect("cheap requests");
    println!(
        "{} cheap requests beside 16 hostile clients for {seconds} s: median {:?}, 99th percentile {:?}, worst {worst:?}",
        latencies.len(),
        latencies[latencies.len() / 2],
        latencies[(latencies.len() - 1) * 99 / 100]
    );
    assert!(
        worst < Duration::from_secs(1),
        "a cheap request took {worst:?}"
    );
}
