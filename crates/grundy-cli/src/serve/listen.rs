//! The server's accept loop: hyper's HTTP/1 connections with the router as
//! their service, under bounds that no slow or hostile client outlasts.
//! (`axum::serve` sets no timeout and no cap: a thousand connections that
//! each send a byte every ten seconds were all kept open.)
//!
//! - at most [`MAX_CONNECTIONS`] connections at once, so that descriptors
//!   never run out: one more closes the connection that has waited longest
//!   for a request (idle, or sending its head slowly); when every one is in
//!   a request (bounded by the body's and the computation's time limits),
//!   the new one is answered 503 and closed;
//! - a request's head must arrive within [`HEADER_SECONDS`] of the
//!   connection's opening or of the previous answer (an idle kept-alive
//!   connection is closed after as long);
//! - a write of the answer that makes no progress for [`STALL_SECONDS`] (a
//!   client that does not read) closes the connection;
//! - an error of `accept` (no descriptor left) is waited out, never the end
//!   of the server.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper::service::{service_fn, Service as _};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::time::Sleep;

/// The most connections open at once: many more than a page opens, and
/// far fewer than the 1,024 descriptors a process is commonly allowed.
pub const MAX_CONNECTIONS: usize = 256;
/// How long a request's head may take to arrive, and an idle connection
/// may stay open.
pub const HEADER_SECONDS: u64 = 10;
/// How long a write of an answer may make no progress.
pub const STALL_SECONDS: u64 = 10;

/// How long to wait after `accept` failed (descriptors ran out) before
/// accepting again: connections that end meanwhile free theirs.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// The answer to a connection beyond [`MAX_CONNECTIONS`], sent before any
/// of its request is read.
fn too_many_connections() -> String {
    let body = serde_json::json!({
        "error": format!(
            "the server has {MAX_CONNECTIONS} connections open, the most it keeps; try again later"
        )
    })
    .to_string();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Serves `app` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, app: Router) {
    let open = Arc::new(Open::default());
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let Some((id, connection)) = open.admit() else {
            // One try to say why, then the descriptor is closed.
            let _ = stream.try_write(too_many_connections().as_bytes());
            continue;
        };
        let router = TowerToHyperService::new(app.clone());
        let watched = connection.clone();
        let service = service_fn(move |request| {
            watched.set_busy(true);
            let answer = router.call(request);
            let watched = watched.clone();
            async move {
                let answer = answer.await;
                watched.set_busy(false);
                answer
            }
        });
        let open = open.clone();
        tokio::spawn(async move {
            let served = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(Duration::from_secs(HEADER_SECONDS))
                .serve_connection(TokioIo::new(Stalling::new(stream)), service);
            // A connection's end (closed, timed out, broken, evicted) is no event.
            tokio::select! {
                _ = served => {}
                () = connection.evicted.notified() => {}
            }
            open.close(id);
        });
    }
}

/// The connections open.
#[derive(Default)]
struct Open {
    connections: Mutex<HashMap<u64, Arc<Connection>>>,
    next: AtomicU64,
}

/// One connection: whether it is in a request, and the signal that closes it.
struct Connection {
    /// When it was last found out of a request, in nanoseconds since it
    /// opened plus one; 0 while it is in one.
    idle_since: AtomicU64,
    opened: Instant,
    evicted: Notify,
}

impl Connection {
    fn set_busy(&self, busy: bool) {
        let since = if busy {
            0
        } else {
            u64::try_from(self.opened.elapsed().as_nanos()).unwrap_or(u64::MAX - 1) + 1
        };
        self.idle_since.store(since, Ordering::Relaxed);
    }

    /// When it became idle, if it is.
    fn idle_at(&self) -> Option<Instant> {
        match self.idle_since.load(Ordering::Relaxed) {
            0 => None,
            nanos => Some(self.opened + Duration::from_nanos(nanos - 1)),
        }
    }
}

impl Open {
    /// A place for one more connection, evicting the longest idle one at the
    /// cap; `None` when every connection is in a request.
    fn admit(&self) -> Option<(u64, Arc<Connection>)> {
        let mut connections = self.connections.lock().unwrap_or_else(|e| e.into_inner());
        if connections.len() >= MAX_CONNECTIONS {
            let (&longest, _) = connections
                .iter()
                .filter_map(|(id, c)| Some((id, c.idle_at()?)))
                .min_by_key(|&(_, at)| at)?;
            let evicted = connections.remove(&longest).expect("a connection open");
            evicted.evicted.notify_one();
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let opened = Instant::now();
        let connection = Arc::new(Connection {
            idle_since: AtomicU64::new(1),
            opened,
            evicted: Notify::new(),
        });
        connections.insert(id, connection.clone());
        Some((id, connection))
    }

    fn close(&self, id: u64) {
        let mut connections = self.connections.lock().unwrap_or_else(|e| e.into_inner());
        connections.remove(&id);
    }
}

/// A TCP stream whose writes fail once they have made no progress for
/// [`STALL_SECONDS`].
struct Stalling {
    stream: TcpStream,
    /// Running while a write waits.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Stalling {
    fn new(stream: TcpStream) -> Self {
        Stalling {
            stream,
            stalled: None,
        }
    }

    /// `poll` of a write, failing with `TimedOut` once it waited too long.
    fn unless_stalled<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll(Pin::new(&mut self.stream), cx) {
            Poll::Ready(result) => {
                self.stalled = None;
                Poll::Ready(result)
            }
            Poll::Pending => {
                let stalled = self.stalled.get_or_insert_with(|| {
                    Box::pin(tokio::time::sleep(Duration::from_secs(STALL_SECONDS)))
                });
                match stalled.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::ErrorKind::TimedOut.into())),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl AsyncRead for Stalling {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Stalling {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.get_mut()
            .unless_stalled(cx, |stream, cx| stream.poll_write(cx, buf))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut()
            .unless_stalled(cx, |stream, cx| stream.poll_flush(cx))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut()
            .unless_stalled(cx, |stream, cx| stream.poll_shutdown(cx))
    }
}
