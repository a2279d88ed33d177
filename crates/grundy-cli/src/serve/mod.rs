//! `grundy serve`: a local web app over the same verbs as the command line.
//!
//! `POST /api/VERB` reads its JSON body as the command line it stands for
//! ([`request`]) and answers with [`crate::dispatch::answer`], the function
//! `grundy VERB ... --json` calls, so the JSON is the same byte for byte.
//! `POST /api/play` plays against the program ([`play`]). `GET /` is a single
//! page (HTML, JavaScript and CSS embedded in the binary).
//!
//! Its bounds, each refusal an `{"error": "one line"}`:
//! - who may ask, and what a body may be ([`gate`]): the server's own names
//!   and page only (else 403), JSON only (else 415), a body of at most
//!   [`gate::MAX_BODY`] bytes (else 413) that arrives in time (else 408);
//! - bad input: status 400, the command line's error line without `error: `;
//! - the time limit (`--time-limit`): a request is given that long from its
//!   arrival, waiting for a turn included; past it, status 503, and its work
//!   is stopped ([`schedule`]: every long loop of the library polls the stop
//!   signal), its place free within milliseconds;
//! - `--jobs` long computations at once besides a quick lane where every
//!   request starts, [`schedule::MAX_WAITING`] more waiting, beyond that
//!   status 503 at once;
//! - connections: slow, idle or too many are closed ([`listen`]);
//! - a panic (a bug) in a request: status 500, and the server goes on.
//!
//! `GET /api/status` says how many places are taken (`{"jobs", "computing",
//! "waiting", "quick"}`).
//!
//! The server listens on 127.0.0.1 only: the page and the API are for the
//! user of this machine.

mod gate;
mod listen;
mod play;
mod request;
mod schedule;

use std::net::{Ipv4Addr, SocketAddr};
use std::panic;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use crate::args::Serve;
use crate::dispatch;
use crate::failure::Failure;
use schedule::Schedule;

/// The page, its scripts and its style, embedded so that the app works offline.
const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const BOARD_JS: &str = include_str!("../../web/board.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");
/// The example scripts and graph files of the repository's `examples/` (the
/// link `web/examples`, so that the crate packs them), for the page's
/// workbench to load: `(file name, text)`.
const EXAMPLES: [(&str, &str); 10] = [
    (
        "lasker.rhai",
        include_str!("../../web/examples/lasker.rhai"),
    ),
    (
        "subtraction-134.rhai",
        include_str!("../../web/examples/subtraction-134.rhai"),
    ),
    (
        "divisors.rhai",
        include_str!("../../web/examples/divisors.rhai"),
    ),
    (
        "twopile-t2t.rhai",
        include_str!("../../web/examples/twopile-t2t.rhai"),
    ),
    ("graph.txt", include_str!("../../web/examples/graph.txt")),
    ("arcs.txt", include_str!("../../web/examples/arcs.txt")),
    (
        "hackenbush.txt",
        include_str!("../../web/examples/hackenbush.txt"),
    ),
    ("tree.txt", include_str!("../../web/examples/tree.txt")),
    (
        "digraph.txt",
        include_str!("../../web/examples/digraph.txt"),
    ),
    ("maze.txt", include_str!("../../web/examples/maze.txt")),
];
/// [`EXAMPLES`] as `{"examples": [{"name", "text"}]}`.
static EXAMPLES_JSON: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let examples: Vec<_> = EXAMPLES
        .iter()
        .map(|(name, text)| serde_json::json!({ "name": name, "text": text }))
        .collect();
    serde_json::json!({ "examples": examples }).to_string()
});
/// The pictures' colours (`render::palette_json`), for the page's table.
static PALETTE: std::sync::LazyLock<String> = std::sync::LazyLock::new(crate::render::palette_json);

/// Serves until the process is stopped; fails only when it cannot listen.
pub fn run(options: &Serve) -> Result<(), grundy::Error> {
    let jobs = usize::try_from(options.jobs).expect("--jobs is at most 256");
    let schedule = Arc::new(Schedule::new(jobs, Duration::from_secs(options.time_limit)));
    keep_serving_after_panics();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| cannot_listen(options.port, &e))?;
    runtime.block_on(async {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| cannot_listen(options.port, &e))?;
        let address = listener
            .local_addr()
            .map_err(|e| cannot_listen(options.port, &e))?;
        announce(address, options.output.json);
        listen::serve(listener, app(schedule, address.port())).await;
        Ok(())
    })
}

fn cannot_listen(port: u16, e: &dyn std::fmt::Display) -> grundy::Error {
    grundy::Error::BadArgument(format!(
        "cannot serve on 127.0.0.1:{port}: {e}; choose another --port (0: any free port)"
    ))
}

/// The first line on stdout: where the app is (with `--json`, as JSON).
fn announce(address: SocketAddr, json: bool) {
    use std::io::Write;
    let url = format!("http://{address}/");
    let line = if json {
        serde_json::json!({"url": url, "port": address.port()}).to_string()
    } else {
        format!("grundy serve: open {url} (Ctrl-C stops the server)")
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// A panic in a request is reported on stderr and answered with status 500;
/// the command line's hook, which ends the process, is replaced.
fn keep_serving_after_panics() {
    panic::set_hook(Box::new(|info| {
        crate::failure::print_error(&format!(
            "internal error in a request, please report it: {info}"
        ));
    }));
}

/// The routes, behind the gate of the server listening on `port`.
fn app(schedule: Arc<Schedule>, port: u16) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/board.js",
            get(|| async { asset("text/javascript; charset=utf-8", BOARD_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route(
            "/examples.json",
            get(|| async { asset("application/json", &EXAMPLES_JSON) }),
        )
        .route(
            "/palette.json",
            get(|| async { asset("application/json", &PALETTE) }),
        )
        .route(
            "/api/status",
            get(status).post(|| async { not_a_verb("status") }),
        )
        .route("/api/play", post(play_turn))
        .route("/api/{verb}", post(api))
        .fallback(|| async {
            refusal(
                StatusCode::NOT_FOUND,
                "no such page: the API is POST /api/VERB".into(),
            )
        })
        .with_state(schedule)
        .layer(axum::middleware::from_fn_with_state(port, gate::admit))
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// `{"error": message}` with `status`.
fn refusal(status: StatusCode, message: String) -> Response {
    let body = serde_json::json!({ "error": crate::failure::escape_controls(&message) });
    (status, axum::Json(body)).into_response()
}

/// An answer's JSON, with status 200.
fn json_answer(json: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], json).into_response()
}

/// The 404 of `POST /api/VERB` for a word that is no verb of the API.
fn not_a_verb(verb: &str) -> Response {
    refusal(
        StatusCode::NOT_FOUND,
        format!(
            "'{verb}' is not a verb of the API; POST /api/VERB with VERB one of {}, or play",
            request::VERBS.join(", ")
        ),
    )
}

/// `GET /api/status`.
async fn status(State(schedule): State<Arc<Schedule>>) -> Response {
    axum::Json(schedule.status()).into_response()
}

/// `POST /api/VERB`.
async fn api(
    State(schedule): State<Arc<Schedule>>,
    Path(verb): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let arrival = Instant::now();
    if !request::VERBS.contains(&verb.as_str()) {
        return not_a_verb(&verb);
    }
    let body = match gate::read_body(&headers, body).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    let (verb, inputs) = match request::parse(&verb, &body) {
        Ok(parsed) => parsed,
        Err(message) => return refusal(StatusCode::BAD_REQUEST, message),
    };
    let work = Arc::new(move |monitor: &mut dyn grundy::catalog::Monitor| {
        let answer = dispatch::answer(&verb, &inputs, monitor).expect("a verb of the API")?;
        serde_json::to_vec(&answer).map_err(|e| Failure::Output(e.into()))
    });
    schedule.answer(arrival, work).await
}

/// `POST /api/play`.
async fn play_turn(
    State(schedule): State<Arc<Schedule>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let arrival = Instant::now();
    let body = match gate::read_body(&headers, body).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    let request: play::Request = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(e) => {
            return refusal(
                StatusCode::BAD_REQUEST,
                format!("the request body is not a play request: {e}"),
            )
        }
    };
    schedule
        .answer(arrival, Arc::new(move |_| play::answer(request.clone())))
        .await
}

#[cfg(test)]
mod tests {
    use super::EXAMPLES;

    /// The page offers every example script and graph file of `examples/`.
    #[test]
    fn the_workbench_has_every_example() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/web/examples");
        let mut files: Vec<String> = std::fs::read_dir(folder)
            .expect("examples/")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .into_string()
                    .expect("UTF-8")
            })
            .filter(|name| name.ends_with(".rhai") || name.ends_with(".txt"))
            .collect();
        files.sort();
        let mut offered: Vec<String> = EXAMPLES.iter().map(|(name, _)| name.to_string()).collect();
        offered.sort();
        assert_eq!(offered, files);
    }
}
