//! `grundy serve`: a local web app over the same verbs as the command line.
//!
//! `POST /api/VERB` reads its JSON body as the command line it stands for
//! ([`request`]) and answers with [`crate::dispatch::answer`], the function
//! `grundy VERB ... --json` calls, so the JSON is the same byte for byte.
//! `POST /api/play` plays against the program ([`play`]). `GET /` is a single
//! page (HTML, JavaScript and CSS embedded in the binary).
//!
//! Limits, each refused with `{"error": "one line"}`:
//! - a body of more than [`MAX_BODY`] bytes: status 413;
//! - bad input: status 400, the command line's error line without `error: `;
//! - the time limit (`--time-limit`): a request is given that long from its
//!   arrival, waiting for a turn included; past it, status 503. The work
//!   itself is stopped at its next progress report (the library reports
//!   between rows and chunks), and the answer is sent at the time limit
//!   whatever the work does;
//! - `--jobs` computations at once; at most [`MAX_WAITING`] more wait for a
//!   turn, beyond that status 503 at once;
//! - a panic (a bug) in a request: status 500, and the server goes on.
//!
//! The server listens on 127.0.0.1 only: the page and the API are for the
//! user of this machine.

mod play;
mod request;

use std::net::{Ipv4Addr, SocketAddr};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use grundy::catalog::Monitor;
use tokio::sync::Semaphore;

use crate::args::Serve;
use crate::dispatch;
use crate::Failure;

/// The most bytes a request body may hold: room for a graph or a script of
/// any size the page would send, and a bound on what one request costs to read.
pub const MAX_BODY: usize = 1 << 20;
/// The most requests that wait for a turn while `--jobs` others compute.
pub const MAX_WAITING: usize = 64;

/// The page, its script and its style, embedded so that the app works offline.
const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");

/// What every request shares.
struct Limits {
    /// How long a request may take from its arrival.
    time_limit: Duration,
    /// One permit per computation running.
    jobs: Arc<Semaphore>,
    /// One permit per request computing or waiting to.
    admitted: Semaphore,
}

/// Serves until the process is stopped; fails only when it cannot listen.
pub fn run(options: &Serve) -> Result<(), grundy::Error> {
    let jobs = usize::try_from(options.jobs).expect("--jobs is at most 256");
    let limits = Arc::new(Limits {
        time_limit: Duration::from_secs(options.time_limit),
        jobs: Arc::new(Semaphore::new(jobs)),
        admitted: Semaphore::new(jobs + MAX_WAITING),
    });
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
        axum::serve(listener, app(limits))
            .await
            .map_err(|e| cannot_listen(options.port, &e))
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
        crate::print_error(&format!(
            "internal error in a request, please report it: {info}"
        ));
    }));
}

fn app(limits: Arc<Limits>) -> Router {
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
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/api/play", post(play_turn))
        .route("/api/{verb}", post(api))
        .fallback(|| async {
            refusal(
                StatusCode::NOT_FOUND,
                "no such page: the API is POST /api/VERB".into(),
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(limits)
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// `{"error": message}` with `status`.
fn refusal(status: StatusCode, message: String) -> Response {
    let body = serde_json::json!({ "error": crate::escape_controls(&message) });
    (status, axum::Json(body)).into_response()
}

/// The refusal of a body that could not be read (too large, cut off).
fn body_refusal(rejection: BytesRejection) -> Response {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request body holds more than {} KiB, the most the server reads",
                MAX_BODY >> 10
            ),
        );
    }
    refusal(rejection.status(), rejection.body_text())
}

/// `POST /api/VERB`.
async fn api(
    State(limits): State<Arc<Limits>>,
    Path(verb): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let arrival = Instant::now();
    if !request::VERBS.contains(&verb.as_str()) {
        return refusal(
            StatusCode::NOT_FOUND,
            format!(
                "'{verb}' is not a verb of the API; POST /api/VERB with VERB one of {}, or play",
                request::VERBS.join(", ")
            ),
        );
    }
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return refusal(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the request body holds more than {} KiB, the most the server reads",
                    MAX_BODY >> 10
                ),
            )
        }
        Err(rejection) => return refusal(rejection.status(), rejection.body_text()),
    };
    let (verb, inputs) = match request::parse(&verb, &body) {
        Ok(parsed) => parsed,
        Err(message) => return refusal(StatusCode::BAD_REQUEST, message),
    };
    within_limits(&limits, arrival, move |monitor| {
        let answer = dispatch::answer(&verb, &inputs, monitor).expect("a verb of the API")?;
        serde_json::to_vec(&answer).map_err(|e| Failure::Output(e.into()))
    })
    .await
}

/// `POST /api/play`.
async fn play_turn(
    State(limits): State<Arc<Limits>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let arrival = Instant::now();
    let body = match body {
        Ok(body) => body,
        Err(rejection) => return body_refusal(rejection),
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
    within_limits(&limits, arrival, move |_| play::answer(request)).await
}

/// The answer of `work`, run on a blocking thread once a job is free, within
/// the time limit from `arrival`; every way it can fail is a refusal.
async fn within_limits(
    limits: &Limits,
    arrival: Instant,
    work: impl FnOnce(&mut Deadline) -> Result<Vec<u8>, Failure> + Send + 'static,
) -> Response {
    let Ok(_admitted) = limits.admitted.try_acquire() else {
        return refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: {MAX_WAITING} requests already wait for a turn; try again later"
            ),
        );
    };
    let deadline = arrival + limits.time_limit;
    let out_of_time = || {
        refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took more than {} s, the server's --time-limit: ask for less \
                 (a smaller count, size or max), or start grundy serve with a larger --time-limit",
                limits.time_limit.as_secs()
            ),
        )
    };
    let deadline_at = tokio::time::Instant::from_std(deadline);
    let Ok(Ok(job)) =
        tokio::time::timeout_at(deadline_at, limits.jobs.clone().acquire_owned()).await
    else {
        return out_of_time();
    };
    let work = tokio::task::spawn_blocking(move || {
        // The permit is held until the work ends, even after its answer was
        // given up at the time limit: at most --jobs computations run.
        let _job = job;
        compute(work, deadline)
    });
    match tokio::time::timeout_at(deadline_at, work).await {
        Err(_) | Ok(Ok(Computed::OutOfTime)) => out_of_time(),
        Ok(Ok(Computed::Answer(json))) => {
            ([(header::CONTENT_TYPE, "application/json")], json).into_response()
        }
        Ok(Ok(Computed::BadInput(message))) => refusal(StatusCode::BAD_REQUEST, message),
        Ok(Ok(Computed::Bug(message))) => refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error, please report it: {message}"),
        ),
        Ok(Err(e)) => refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error, please report it: {e}"),
        ),
    }
}

/// How a computation ended.
enum Computed {
    /// The answer's JSON.
    Answer(Vec<u8>),
    /// The input was refused: the command line's error line.
    BadInput(String),
    /// The deadline passed.
    OutOfTime,
    /// A panic: a bug, with its message.
    Bug(String),
}

/// The panic payload that stops a computation past its deadline (raised by
/// `resume_unwind`, which skips the panic hook: it is no bug).
struct PastDeadline;

/// A monitor that stops the computation at its first progress report past
/// the deadline, by unwinding to [`compute`].
struct Deadline(Instant);

impl Monitor for Deadline {
    fn progress(&mut self, _done: u64, _total: u64) -> bool {
        if Instant::now() > self.0 {
            panic::resume_unwind(Box::new(PastDeadline));
        }
        false
    }
}

/// The answer of `work`, as JSON, with every way it can end caught.
fn compute(
    work: impl FnOnce(&mut Deadline) -> Result<Vec<u8>, Failure>,
    deadline: Instant,
) -> Computed {
    match panic::catch_unwind(AssertUnwindSafe(|| work(&mut Deadline(deadline)))) {
        Ok(Ok(json)) => Computed::Answer(json),
        Ok(Err(Failure::BadInput(e))) => Computed::BadInput(e.to_string()),
        Ok(Err(Failure::Output(e))) => Computed::Bug(e.to_string()),
        Ok(Err(Failure::Checkpoint(e))) => Computed::Bug(e.to_string()),
        Err(payload) if payload.is::<PastDeadline>() => Computed::OutOfTime,
        Err(payload) => Computed::Bug(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into()),
        ),
    }
}
