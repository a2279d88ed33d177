//! What a request must be before the server works on it: addressed to this
//! server by name (against DNS rebinding), sent from its own page or from no
//! page (against other sites' forms and scripts), with a JSON body of a
//! bounded size that arrives in bounded time.
//!
//! - `Host` must be `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT`, the
//!   port the server listens on; else 403;
//! - `Origin`, when sent, must be `http://` and one of those; else 403;
//! - a `POST` must say `Content-Type: application/json` (a page of another
//!   site cannot send that without the browser asking first, and the server
//!   answers no such question); else 415;
//! - the body is read whole within [`BODY_SECONDS`] (else 408); one of more
//!   than [`MAX_BODY`] bytes is read on and discarded up to [`MAX_DRAINED`]
//!   bytes, so that a client that sends all before it reads still reads its
//!   413, and the connection is closed.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use http_body_util::BodyExt;

use super::refusal;

/// The most bytes a request body may hold: room for a graph or a script of
/// any size the page would send, and a bound on what one request costs to read.
pub const MAX_BODY: usize = 1 << 20;
/// The most bytes of a refused body read and discarded before the 413; a
/// body announced larger is refused before it is read.
pub const MAX_DRAINED: usize = 16 << 20;
/// How long the whole body may take to arrive.
pub const BODY_SECONDS: u64 = 10;

/// The names this server answers to on `port`.
fn own_hosts(port: u16) -> [String; 3] {
    ["127.0.0.1", "localhost", "[::1]"].map(|name| format!("{name}:{port}"))
}

/// Lets through a request addressed to this server (on `port`) and sent
/// from its own page or from none; refuses any other in one line.
pub async fn admit(State(port): State<u16>, request: Request, next: Next) -> Response {
    match refused(port, request.method(), request.headers()) {
        Some(refused) => refused,
        None => next.run(request).await,
    }
}

/// The refusal of a request with these head fields, if it is refused.
fn refused(port: u16, method: &Method, headers: &HeaderMap) -> Option<Response> {
    let hosts = own_hosts(port);
    let field = |name| headers.get(name).map(|v| v.to_str().unwrap_or("?"));
    let host = field(header::HOST).unwrap_or("");
    if !hosts.iter().any(|own| own == host) {
        return Some(refusal(
            StatusCode::FORBIDDEN,
            format!(
                "the request is addressed to host '{host}'; this server answers only to {}",
                hosts.join(", ")
            ),
        ));
    }
    if let Some(origin) = field(header::ORIGIN) {
        let own = origin
            .strip_prefix("http://")
            .is_some_and(|rest| hosts.iter().any(|own| own == rest));
        if !own {
            return Some(refusal(
                StatusCode::FORBIDDEN,
                format!(
                    "the request comes from the page of '{origin}'; this server answers only \
                     its own page (http://{}) and programs that send no Origin",
                    hosts[0]
                ),
            ));
        }
    }
    let json = field(header::CONTENT_TYPE).is_some_and(|kind| {
        kind.split(';')
            .next()
            .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
    });
    if method == Method::POST && !json {
        return Some(refusal(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the request body must be JSON, sent with Content-Type: application/json".into(),
        ));
    }
    None
}

/// The body of a request whose head fields are `headers`, or the refusal
/// that ends its connection.
pub async fn read_body(headers: &HeaderMap, mut body: Body) -> Result<Bytes, Response> {
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|length| length > MAX_DRAINED as u64) {
        return Err(too_large());
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(BODY_SECONDS);
    let mut kept = Vec::new();
    let mut length = 0usize;
    loop {
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => return Err(closing(too_slow())),
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                return Err(closing(refusal(
                    StatusCode::BAD_REQUEST,
                    format!("the request body could not be read: {e}"),
                )))
            }
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        length = length.saturating_add(data.len());
        if length > MAX_DRAINED {
            return Err(too_large());
        }
        if length <= MAX_BODY {
            kept.extend_from_slice(&data);
        }
    }
    if length > MAX_BODY {
        return Err(too_large());
    }
    Ok(Bytes::from(kept))
}

/// The 413 of a body beyond [`MAX_BODY`].
fn too_large() -> Response {
    closing(refusal(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request body holds more than {} KiB, the most the server reads",
            MAX_BODY >> 10
        ),
    ))
}

/// The 408 of a body that did not arrive in time.
fn too_slow() -> Response {
    refusal(
        StatusCode::REQUEST_TIMEOUT,
        format!("the request body did not arrive within {BODY_SECONDS} s"),
    )
}

/// `response`, after which the connection is closed (the rest of the
/// request, if any, is not read).
fn closing(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CONNECTION,
        header::HeaderValue::from_static("close"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(method: Method, fields: &[(&'static str, &str)]) -> Option<StatusCode> {
        let mut headers = HeaderMap::new();
        for (name, value) in fields {
            headers.insert(*name, value.parse().unwrap());
        }
        refused(8080, &method, &headers).map(|r| r.status())
    }

    #[test]
    fn only_the_servers_own_names_and_page_are_admitted() {
        let json = ("content-type", "application/json; charset=utf-8");
        for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"] {
            assert_eq!(status(Method::POST, &[("host", host), json]), None);
            let origin = format!("http://{host}");
            let fields = [("host", host), ("origin", origin.as_str()), json];
            assert_eq!(status(Method::POST, &fields), None);
        }
        let forbidden = Some(StatusCode::FORBIDDEN);
        for host in [
            "evil.example",
            "127.0.0.1",
            "127.0.0.1:8081",
            "localhost:80800",
        ] {
            assert_eq!(status(Method::GET, &[("host", host)]), forbidden, "{host}");
        }
        assert_eq!(status(Method::GET, &[]), forbidden);
        for origin in ["http://evil.example", "https://127.0.0.1:8080", "null"] {
            let fields = [("host", "127.0.0.1:8080"), ("origin", origin), json];
            assert_eq!(status(Method::POST, &fields), forbidden, "{origin}");
        }
    }

    #[test]
    fn a_post_must_be_json() {
        let host = ("host", "127.0.0.1:8080");
        let unsupported = Some(StatusCode::UNSUPPORTED_MEDIA_TYPE);
        for kind in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/jsonx",
        ] {
            assert_eq!(
                status(Method::POST, &[host, ("content-type", kind)]),
                unsupported
            );
        }
        assert_eq!(status(Method::POST, &[host]), unsupported);
        assert_eq!(status(Method::GET, &[host]), None);
    }
}
