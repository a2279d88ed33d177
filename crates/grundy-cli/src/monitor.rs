//! Long computations from the shell: a progress bar on stderr, and checkpoints.
//!
//! The bar appears only on a terminal and only once a run has worked for a
//! second (a quick answer never flickers), fits 80 columns, and is cleared when
//! the run ends, however it ends.
//!
//! Ctrl-C (SIGINT) ends a run with exit status 130 and one line on stderr,
//! written after the bar is cleared. A run that keeps a checkpoint first saves
//! one: the computation is asked for a snapshot at its next progress report,
//! the snapshot is written atomically, and the line says how to resume (the
//! same command). A second Ctrl-C, or a computation that keeps no snapshot
//! (it reports none within [`SNAPSHOT_GRACE`]), stops at once.
//!
//! A checkpoint is locked for the whole run ([`crate::lock`]: the file at the
//! end of its links, whatever path names it), so a second run on the same
//! file is refused instead of corrupting it; it is written atomically (see
//! [`crate::files`]), so a run stopped at any moment resumes from its last
//! checkpoint.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use grundy::catalog::{LentValues, Monitor};
use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::failure::{bad_argument, escape_controls, Failure};
use crate::files;
use crate::lock::RunLock;
use crate::values_file::ValuesFile;

/// How often a checkpoint is written while a computation runs.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(30);
/// How long a run works before its progress is shown.
const QUIET_FOR: Duration = Duration::from_secs(1);
/// The bar: the label (a verb), the bar itself (whatever the line leaves,
/// at least [`MIN_BAR`] columns), and the status of [`status`].
const BAR_TEMPLATE: &str = "{prefix} {wide_bar} {msg}";
/// The fewest columns the bar itself is given.
const MIN_BAR: usize = 10;
/// The width the bar's line is made to fit.
const LINE_WIDTH: usize = 80;
/// The exit status of a run stopped by Ctrl-C (128 + SIGINT), as shells report it.
pub const INTERRUPTED: u8 = 130;
/// How long a run that keeps a checkpoint is given, after Ctrl-C, to report
/// progress and save a snapshot before it is stopped without one.
const SNAPSHOT_GRACE: Duration = Duration::from_secs(10);

/// A checkpoint file, locked by this run and known to be writable.
pub struct Checkpoint {
    /// The path as given, for messages.
    path: PathBuf,
    /// The file's lock for the run; the file itself is its target.
    lock: RunLock,
}

/// Why a checkpoint cannot be used (bad input: exit status 2).
#[derive(Debug)]
pub struct CheckpointError(pub String);

impl Checkpoint {
    /// Locks the checkpoint at `path` and checks, before any work, that it can
    /// be written. A checkpoint locked by another run is refused.
    pub fn open(path: PathBuf) -> Result<Checkpoint, CheckpointError> {
        let cannot_write = |e: io::Error| {
            CheckpointError(format!(
                "cannot write the checkpoint {}: {e}",
                path.display()
            ))
        };
        if path.as_os_str().is_empty() {
            return Err(CheckpointError("--checkpoint needs a file name".into()));
        }
        let lock = RunLock::take(&path, "checkpoint", "--checkpoint").map_err(CheckpointError)?;
        let target = lock.target();
        if fs::metadata(target).is_ok_and(|m| !m.is_file()) {
            return Err(CheckpointError(format!(
                "the checkpoint {} is not a regular file",
                path.display()
            )));
        }
        files::remove_stale_temporaries(target);
        files::check_replaceable(target).map_err(cannot_write)?;
        Ok(Checkpoint { path, lock })
    }

    /// The checkpoint's bytes, or `None` if there is no file yet.
    pub fn read(&self) -> io::Result<Option<Vec<u8>>> {
        match fs::read(self.lock.target()) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Checks that the checkpoint, if it exists, can be opened for reading.
    pub fn check_readable(&self) -> io::Result<()> {
        match File::open(self.lock.target()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// The checkpoint's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn save(&self, bytes: &[u8]) -> io::Result<()> {
        files::replace(self.lock.target(), |out| out.write_all(bytes))
    }
}

/// What a Ctrl-C needs to know of the run: its bar, to clear it before the
/// last line, and whether a snapshot is to be saved before it stops.
struct RunState {
    /// The bar shown, if any; locked while it is drawn, so that no bar is
    /// drawn after the last line.
    bar: Mutex<Option<ProgressBar>>,
    /// Set when the run keeps a checkpoint: Ctrl-C then asks for a snapshot.
    checkpointed: AtomicBool,
    /// Set by a Ctrl-C that waits for a snapshot.
    stop_wanted: AtomicBool,
    /// Held while a checkpoint is written, so that a forced stop waits for
    /// the write to end (the file is replaced atomically either way).
    saving: Mutex<()>,
    /// What a run without a checkpoint keeps when stopped (a survey keeps
    /// the games it finished); `None`: nothing.
    kept: Mutex<Option<String>>,
}

static RUN: RunState = RunState {
    bar: Mutex::new(None),
    checkpointed: AtomicBool::new(false),
    stop_wanted: AtomicBool::new(false),
    saving: Mutex::new(()),
    kept: Mutex::new(None),
};

/// Says what this run keeps if Ctrl-C stops it (the line then ends with
/// `what` instead of "nothing was saved").
pub fn keeps_when_stopped(what: String) {
    *lock(&RUN.kept) = Some(what);
}

/// A lock that a panic elsewhere cannot make unusable.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Handles Ctrl-C from now on (see the module's documentation), on a thread of
/// its own. If the handler cannot be installed, Ctrl-C keeps the system's
/// default (the run stops at once); so it does on systems without POSIX
/// signals.
#[cfg(unix)]
pub fn watch_interrupts() {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT]) else {
        return;
    };
    std::thread::spawn(move || {
        for _ in signals.forever() {
            on_interrupt();
        }
    });
}

/// Ctrl-C keeps the system's default: see the Unix version.
#[cfg(not(unix))]
pub fn watch_interrupts() {}

/// One Ctrl-C: stop now, or ask for a snapshot and stop after it.
fn on_interrupt() {
    let first = !RUN.stop_wanted.swap(true, Ordering::SeqCst);
    if !(first && RUN.checkpointed.load(Ordering::SeqCst)) {
        if !first {
            stop(
                "interrupted again: stopped without saving a checkpoint; \
                 the last one saved, if any, is kept",
            );
        }
        let kept = lock(&RUN.kept).clone();
        stop(&format!(
            "interrupted: stopped before the answer was complete; {}",
            kept.as_deref().unwrap_or("nothing was saved")
        ));
    }
    say("stopping: saving a checkpoint first (press Ctrl-C again to stop at once)");
    std::thread::spawn(|| {
        std::thread::sleep(SNAPSHOT_GRACE);
        let _saving = lock(&RUN.saving);
        stop("interrupted: stopped without saving a checkpoint, as this computation keeps none");
    });
}

/// Writes `line` on stderr on a line of its own: the bar, if shown, is
/// cleared first and drawn again after.
fn say(line: &str) {
    let bar = lock(&RUN.bar);
    let write = || {
        let _ = writeln!(io::stderr().lock(), "{line}");
    };
    match bar.as_ref() {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}

/// Clears the bar for good, writes `line` on stderr and ends the process with
/// exit status [`INTERRUPTED`]. The bar stays locked: nothing draws after.
fn stop(line: &str) -> ! {
    crate::terminal::restore_terminal();
    let mut bar = lock(&RUN.bar);
    if let Some(bar) = bar.take() {
        bar.finish_and_clear();
    }
    let _ = writeln!(io::stderr().lock(), "{}", escape_controls(line));
    std::process::exit(INTERRUPTED.into())
}

/// The command that was run, quoted for a POSIX shell where needed, to say
/// how to resume.
fn this_command() -> String {
    std::env::args_os()
        .map(|arg| shell_quoted(&arg.to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `arg` as a POSIX shell reads it back: as it is when it holds only
/// characters the shell leaves alone, else in single quotes.
fn shell_quoted(arg: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-+=.,:/^@%".contains(c);
    if !arg.is_empty() && arg.chars().all(plain) {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

/// The shell's monitor: a progress bar (on a terminal, after a second) and an
/// optional checkpoint.
pub struct ShellMonitor {
    label: &'static str,
    started: Instant,
    checkpoint: Option<Checkpoint>,
    /// The values file lent to an octal run (`--values-file`).
    values: Option<ValuesFile>,
    last_saved: Instant,
    /// The first error met writing a checkpoint, reported when the run ends.
    save_error: Option<io::Error>,
}

impl ShellMonitor {
    /// A monitor whose bar is labelled `label` (a verb), writing checkpoints
    /// to `checkpoint`, if given.
    pub fn new(label: &'static str, checkpoint: Option<Checkpoint>) -> Self {
        Self::keeping(label, checkpoint, None)
    }

    /// A monitor that also lends `values` to an octal run, if given (a run
    /// has a checkpoint or a values file, not both).
    pub fn keeping(
        label: &'static str,
        checkpoint: Option<Checkpoint>,
        values: Option<ValuesFile>,
    ) -> Self {
        RUN.checkpointed
            .store(checkpoint.is_some() || values.is_some(), Ordering::SeqCst);
        ShellMonitor {
            label,
            started: Instant::now(),
            checkpoint,
            values,
            last_saved: Instant::now(),
            save_error: None,
        }
    }

    /// Writes checkpoints to `checkpoint` from now on (`None`: to none), as
    /// a survey does for each game it computes.
    pub fn keep_checkpoint(&mut self, checkpoint: Option<Checkpoint>) {
        RUN.checkpointed.store(
            checkpoint.is_some() || self.values.is_some(),
            Ordering::SeqCst,
        );
        self.checkpoint = checkpoint;
        self.last_saved = Instant::now();
    }

    /// Fails if a checkpoint could not be written during the run. The answer
    /// is written first: it is complete, and a full disk must not throw it
    /// away.
    pub fn checkpoint_saved(&self) -> Result<(), Failure> {
        match &self.save_error {
            Some(e) => Err(Failure::Checkpoint(io::Error::new(e.kind(), e.to_string()))),
            None => Ok(()),
        }
    }

    /// Clears the progress bar.
    pub fn finish(&self) {
        if let Some(bar) = lock(&RUN.bar).take() {
            bar.finish_and_clear();
        }
    }

    /// Shows `done` of `total` on the bar, created once the run has worked
    /// for [`QUIET_FOR`].
    fn show(&self, done: u64, total: u64) {
        let elapsed = self.started.elapsed();
        let mut bar = lock(&RUN.bar);
        if bar.is_none() && elapsed < QUIET_FOR {
            return;
        }
        let status = status(done, total, elapsed, room(self.label));
        match bar.as_ref() {
            Some(bar) => {
                bar.set_length(total);
                bar.set_position(done);
                bar.set_message(status);
            }
            None => {
                let target = ProgressDrawTarget::stderr();
                *bar = Some(progress_bar(self.label, (done, total), status, target));
            }
        }
    }

    /// Writes a checkpoint; after a Ctrl-C that waited for it, says how to
    /// resume and stops.
    fn save(&mut self, bytes: &[u8]) {
        let _saving = lock(&RUN.saving);
        let Some(checkpoint) = &self.checkpoint else {
            return;
        };
        let saved = checkpoint.save(bytes);
        let path = checkpoint.path().display().to_string();
        self.saved(saved, &format!("the checkpoint {path}"));
    }

    /// Commits the values file; after a Ctrl-C that waited for it, says how
    /// to resume and stops.
    fn commit(&mut self, values: &[u16]) {
        let _saving = lock(&RUN.saving);
        let Some(file) = &mut self.values else {
            return;
        };
        let saved = file.commit(values);
        let path = file.path().display().to_string();
        self.saved(saved, &format!("the values file {path}"));
    }

    /// After `what` was saved (or not): stops if a Ctrl-C waits for it, else
    /// keeps the first error for the end of the run.
    fn saved(&mut self, saved: io::Result<()>, what: &str) {
        if RUN.stop_wanted.load(Ordering::SeqCst) {
            match saved {
                Ok(()) => stop(&format!(
                    "interrupted: {what} is saved; to resume, run the same command: {}",
                    this_command()
                )),
                Err(e) => stop(&format!("interrupted: {what} could not be written: {e}")),
            }
        }
        if let Err(e) = saved {
            self.save_error.get_or_insert(e);
        }
    }
}

/// What the bar says after itself, in at most `room` columns: the count
/// with thousands separators, the rate, the time elapsed and the time left,
/// e.g. `1,234,567/30,000,000  411,522/s  3s  eta 1m`. The rate and the time
/// elapsed are left out when the line would not fit (counts near 2^64).
fn status(done: u64, total: u64, elapsed: Duration, room: usize) -> String {
    let count = format!("{}/{}", HumanCount(done), HumanCount(total));
    let millis = elapsed.as_millis().max(1);
    let rate = u128::from(done) * 1000 / millis;
    let rate = format!("{}/s", HumanCount(u64::try_from(rate).unwrap_or(u64::MAX)));
    let spent = format!("{:#}", HumanDuration(elapsed));
    let eta = match done {
        0 => "eta ?".to_string(),
        _ => {
            let left = u128::from(total.saturating_sub(done)) * millis / u128::from(done);
            match u64::try_from(left / 1000) {
                Ok(secs) if secs < 100 * 365 * 86_400 => {
                    format!("eta {:#}", HumanDuration(Duration::from_secs(secs)))
                }
                _ => "eta >99y".to_string(),
            }
        }
    };
    let full = format!("{count}  {rate}  {spent}  {eta}");
    if full.chars().count() <= room {
        full
    } else {
        format!("{count}  {eta}")
    }
}

/// The columns [`status`] may take on a bar labelled `label`.
fn room(label: &str) -> usize {
    LINE_WIDTH - label.len() - MIN_BAR - 2
}

/// A bar labelled `label` at `done` of `total` steps, saying `status`, drawn
/// on `target`.
fn progress_bar(
    label: &str,
    (done, total): (u64, u64),
    status: String,
    target: ProgressDrawTarget,
) -> ProgressBar {
    let bar = ProgressBar::hidden()
        .with_prefix(label.to_string())
        .with_message(status)
        .with_position(done);
    bar.set_length(total);
    if let Ok(style) = ProgressStyle::with_template(BAR_TEMPLATE) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_draw_target(target);
    bar
}

impl Drop for ShellMonitor {
    /// A run that ends in an error leaves no bar behind either.
    fn drop(&mut self) {
        self.finish();
    }
}

impl Monitor for ShellMonitor {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        self.show(done, total);
        (self.checkpoint.is_some() || self.values.is_some())
            && (self.last_saved.elapsed() >= CHECKPOINT_EVERY
                || RUN.stop_wanted.load(Ordering::SeqCst))
    }

    fn snapshot(&mut self, bytes: &[u8]) {
        self.save(bytes);
        self.last_saved = Instant::now();
    }

    fn resume(&mut self) -> Option<Vec<u8>> {
        self.checkpoint.as_ref()?.read().ok().flatten()
    }

    fn keeps_snapshots(&self) -> bool {
        self.checkpoint.is_some()
    }

    fn lend_values(&mut self, game: &str, capacity: u64) -> Result<Option<LentValues>, String> {
        self.values
            .as_mut()
            .map(|file| file.lend(game, capacity))
            .transpose()
    }

    fn values_kept(&mut self, values: &[u16]) {
        self.commit(values);
        self.last_saved = Instant::now();
    }
}

/// A monitor for a long run, its bar labelled `label`. Its checkpoint, if
/// any, is locked and checked writable before the work starts; one that
/// exists but cannot be read is refused.
pub fn checkpointing(
    label: &'static str,
    path: Option<PathBuf>,
    values_file: Option<PathBuf>,
) -> Result<ShellMonitor, Failure> {
    let checkpoint = path.map(usable_checkpoint).transpose()?;
    let values_file = values_file
        .map(ValuesFile::check)
        .transpose()
        .map_err(bad_argument)?;
    Ok(ShellMonitor::keeping(label, checkpoint, values_file))
}

/// The checkpoint at `path`, locked for this run and checked writable, and
/// readable if it exists, before the work starts.
pub fn usable_checkpoint(path: PathBuf) -> Result<Checkpoint, Failure> {
    let checkpoint = Checkpoint::open(path).map_err(|e| bad_argument(e.0))?;
    checkpoint.check_readable().map_err(|e| {
        bad_argument(format!(
            "cannot read the checkpoint {}: {e}",
            checkpoint.path().display()
        ))
    })?;
    Ok(checkpoint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locked_checkpoint_is_refused_until_its_run_ends() {
        let dir = std::env::temp_dir().join(format!("grundy-lock-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.ckpt");
        let first = Checkpoint::open(path.clone()).unwrap();
        let second = Checkpoint::open(path.clone()).err().unwrap();
        assert!(
            second.0.contains("in use by another grundy run"),
            "{}",
            second.0
        );
        drop(first);
        Checkpoint::open(path).unwrap();
    }

    /// A terminal of 80 columns that records the lines drawn on it.
    #[derive(Debug, Default)]
    struct Recorder(std::sync::Arc<Mutex<Vec<String>>>);

    impl indicatif::TermLike for Recorder {
        fn width(&self) -> u16 {
            LINE_WIDTH as u16
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            if !s.is_empty() {
                lock(&self.0).push(s.to_string());
            }
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn arguments_are_quoted_only_when_the_shell_would_change_them() {
        assert_eq!(shell_quoted("octal:0.16"), "octal:0.16");
        assert_eq!(shell_quoted("2^20"), "2^20");
        assert_eq!(shell_quoted("/tmp/a b.ckpt"), "'/tmp/a b.ckpt'");
        assert_eq!(shell_quoted("it's"), "'it'\\''s'");
        assert_eq!(shell_quoted("$HOME"), "'$HOME'");
        assert_eq!(shell_quoted(""), "''");
    }

    #[test]
    fn the_status_has_separators_a_rate_and_the_times() {
        let second = Duration::from_secs(1);
        assert_eq!(
            status(1_234_567, 30_000_000, 3 * second, 60),
            "1,234,567/30,000,000  411,522/s  3s  eta 69s"
        );
        assert_eq!(status(0, 10, second, 60), "0/10  0/s  1s  eta ?");
        assert_eq!(
            status(1, u64::MAX, 100 * second, 60),
            "1/18,446,744,073,709,551,615  0/s  2m  eta >99y"
        );
        // Counts near 2^64 leave no room for the rate and the time elapsed.
        assert_eq!(
            status(u64::MAX / 2, u64::MAX, second, 58),
            "9,223,372,036,854,775,807/18,446,744,073,709,551,615  eta 1s"
        );
    }

    #[test]
    fn the_bar_fits_eighty_columns() {
        let day = Duration::from_secs(86_400);
        let counts = [
            0,
            1,
            999,
            123_456_789,
            99_999_999_999,
            u64::MAX / 3,
            u64::MAX,
        ];
        let times = [Duration::ZERO, Duration::from_millis(1), day, 999 * day];
        for label in ["analyze", "sequence", "conjecture"] {
            for (done, total) in counts.iter().flat_map(|&t| counts.map(|d| (d.min(t), t))) {
                for elapsed in times {
                    let lines = std::sync::Arc::new(Mutex::new(Vec::new()));
                    let target = ProgressDrawTarget::term_like(Box::new(Recorder(lines.clone())));
                    let said = status(done, total, elapsed, room(label));
                    let bar = progress_bar(label, (done, total), said, target);
                    bar.tick();
                    let lines = lock(&lines);
                    assert!(!lines.is_empty());
                    for line in lines.iter() {
                        let width = line.chars().count();
                        assert!(width <= LINE_WIDTH, "{width}: {line}");
                        assert!(line.starts_with(label), "{line}");
                    }
                    let last = lines.last().unwrap();
                    assert!(
                        last.ends_with(&status(done, total, elapsed, room(label))),
                        "{last}"
                    );
                    assert!(last.contains(&HumanCount(total).to_string()), "{last}");
                }
            }
        }
    }
}
