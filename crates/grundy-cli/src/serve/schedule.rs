//! When and how long the server computes: a request's work runs on a thread
//! of its own inside [`grundy::stop::run`], and is stopped (within the
//! library's polling interval, milliseconds) at its time limit, when its
//! client goes away, or when it yields its place.
//!
//! Every request first runs in the quick lane ([`QUICK_PLACES`] places a
//! job, first come, first served) for [`QUICK_SLICE`]: most requests end
//! there, and the lane's places turn over every slice, so that a cheap
//! request is answered within a second however many long ones compute. A
//! request still running then continues if a job is free; else it is
//! stopped and waits for a job, its time limit running, and starts again
//! there. At most `--jobs` computations hold a job and a few more the quick
//! lane; [`MAX_WAITING`] more wait, beyond that 503 at once.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::response::Response;
use grundy::catalog::{Monitor, Quiet};
use grundy::stop::{self, Stop, Stopped};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;

use super::{json_answer, refusal};
use crate::failure::Failure;

/// The most requests that wait for a job while others compute.
pub const MAX_WAITING: usize = 64;
/// Places in the quick lane for each job: the lane a burst of requests
/// waits for, each place free again after a slice.
pub const QUICK_PLACES: usize = 2;
/// How long a request runs in the quick lane before it needs a job.
pub const QUICK_SLICE: Duration = Duration::from_millis(250);

/// A request's work: the answer's JSON. It may run twice (when it yields
/// the quick lane), so it takes its inputs by reference.
pub type Work = Arc<dyn Fn(&mut dyn Monitor) -> Result<Vec<u8>, Failure> + Send + Sync>;

/// The places to compute, shared by every request.
pub struct Schedule {
    /// How long a request may take from its arrival.
    time_limit: Duration,
    /// `--jobs`: the places of the long computations.
    places: usize,
    jobs: Arc<Semaphore>,
    quick: Arc<Semaphore>,
    /// One permit per request computing or waiting to.
    admitted: Semaphore,
    /// Requests waiting for a place.
    waiting: AtomicUsize,
}

/// What `GET /api/status` answers: the places and how many are taken.
#[derive(serde::Serialize)]
pub struct Status {
    /// `--jobs`.
    jobs: usize,
    /// Computations holding a job (a stopped one until its thread ends).
    computing: usize,
    /// Requests waiting for a place (in the quick lane or a job).
    waiting: usize,
    /// Computations in the quick lane.
    quick: usize,
}

impl Schedule {
    /// `jobs` places for long computations and [`QUICK_PLACES`] times as
    /// many in the quick lane;
    /// each request answered within `time_limit` of its arrival.
    pub fn new(jobs: usize, time_limit: Duration) -> Self {
        Schedule {
            time_limit,
            places: jobs,
            jobs: Arc::new(Semaphore::new(jobs)),
            quick: Arc::new(Semaphore::new(QUICK_PLACES * jobs)),
            admitted: Semaphore::new((1 + QUICK_PLACES) * jobs + MAX_WAITING),
            waiting: AtomicUsize::new(0),
        }
    }

    /// How many places are taken now.
    pub fn status(&self) -> Status {
        Status {
            jobs: self.places,
            computing: self.places - self.jobs.available_permits(),
            waiting: self.waiting.load(Ordering::Relaxed),
            quick: QUICK_PLACES * self.places - self.quick.available_permits(),
        }
    }

    /// The answer of `work` for a request that arrived at `arrival`; every
    /// way it can fail is a refusal.
    pub async fn answer(&self, arrival: Instant, work: Work) -> Response {
        let Ok(_admitted) = self.admitted.try_acquire() else {
            return refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: {MAX_WAITING} requests already wait for a turn; try again later"
                ),
            );
        };
        let deadline = tokio::time::Instant::from_std(arrival + self.time_limit);
        let Some(quick) = self.wait_for(&self.quick, deadline).await else {
            return self.out_of_time();
        };
        let mut run = Run::start(&work, quick);
        let slice = deadline.min(tokio::time::Instant::now() + QUICK_SLICE);
        if let Some(computed) = run.finish_by(slice).await {
            return self.respond(computed);
        }
        if let Ok(job) = self.jobs.clone().try_acquire_owned() {
            run.promote(job);
            return self.respond_by(run, deadline).await;
        }
        // Stopped, to start again when a job is free.
        drop(run);
        let Some(job) = self.wait_for(&self.jobs, deadline).await else {
            return self.out_of_time();
        };
        self.respond_by(Run::start(&work, job), deadline).await
    }

    /// A place of `places` once one is free (first come, first served),
    /// unless `deadline` comes first.
    async fn wait_for(
        &self,
        places: &Arc<Semaphore>,
        deadline: tokio::time::Instant,
    ) -> Option<OwnedSemaphorePermit> {
        let _waiting = Waiting::count(&self.waiting);
        match tokio::time::timeout_at(deadline, places.clone().acquire_owned()).await {
            Ok(Ok(place)) => Some(place),
            _ => None,
        }
    }

    /// The answer of `run` if it ends by `deadline`, else the refusal (and
    /// `run` is stopped).
    async fn respond_by(&self, mut run: Run, deadline: tokio::time::Instant) -> Response {
        match run.finish_by(deadline).await {
            Some(computed) => self.respond(computed),
            None => self.out_of_time(),
        }
    }

    fn respond(&self, computed: Computed) -> Response {
        match computed {
            Computed::Answer(json) => json_answer(json),
            Computed::BadInput(message) => refusal(StatusCode::BAD_REQUEST, message),
            Computed::Stopped => self.out_of_time(),
            Computed::Bug(message) => refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error, please report it: {message}"),
            ),
        }
    }

    fn out_of_time(&self) -> Response {
        refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took more than {} s, the server's --time-limit: ask for less \
                 (a smaller count, size or max), or start grundy serve with a larger --time-limit",
                self.time_limit.as_secs()
            ),
        )
    }
}

/// One count in `waiting` while alive.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn count(waiting: &'a AtomicUsize) -> Self {
        waiting.fetch_add(1, Ordering::Relaxed);
        Waiting(waiting)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A computation on its thread, stopped when dropped: at the time limit,
/// when the client goes away, when it yields the quick lane.
struct Run {
    stop: Stop,
    /// The place it holds, given back when both the thread and this end.
    place: Arc<std::sync::Mutex<OwnedSemaphorePermit>>,
    thread: JoinHandle<Computed>,
}

impl Run {
    fn start(work: &Work, place: OwnedSemaphorePermit) -> Run {
        let stop = Stop::new();
        let place = Arc::new(std::sync::Mutex::new(place));
        let thread = {
            let (work, stop, place) = (work.clone(), stop.clone(), place.clone());
            tokio::task::spawn_blocking(move || {
                let computed = compute(&work, &stop);
                drop(place);
                computed
            })
        };
        Run {
            stop,
            place,
            thread,
        }
    }

    /// How it ended, if it ends by `deadline`.
    async fn finish_by(&mut self, deadline: tokio::time::Instant) -> Option<Computed> {
        match tokio::time::timeout_at(deadline, &mut self.thread).await {
            Ok(Ok(computed)) => Some(computed),
            Ok(Err(e)) => Some(Computed::Bug(e.to_string())),
            Err(_) => None,
        }
    }

    /// Moves it to `place`, giving back the one it held.
    fn promote(&self, place: OwnedSemaphorePermit) {
        let mut held = self.place.lock().unwrap_or_else(|e| e.into_inner());
        *held = place;
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// How a computation ended.
enum Computed {
    /// The answer's JSON.
    Answer(Vec<u8>),
    /// The input was refused: the command line's error line.
    BadInput(String),
    /// Stopped from outside.
    Stopped,
    /// A panic: a bug, with its message.
    Bug(String),
}

/// How `work` ends under `stop`, every way caught.
fn compute(work: &Work, stop: &Stop) -> Computed {
    match panic::catch_unwind(AssertUnwindSafe(|| stop::run(stop, || work(&mut Quiet)))) {
        Ok(Ok(Ok(json))) => Computed::Answer(json),
        Ok(Err(Stopped)) => Computed::Stopped,
        Ok(Ok(Err(Failure::BadInput(e)))) => Computed::BadInput(e.to_string()),
        Ok(Ok(Err(Failure::Output(e)))) => Computed::Bug(e.to_string()),
        Ok(Ok(Err(Failure::Checkpoint(e)))) => Computed::Bug(e.to_string()),
        Err(payload) => Computed::Bug(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into()),
        ),
    }
}
