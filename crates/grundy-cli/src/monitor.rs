//! Long computations from the shell: a progress bar on stderr, and checkpoints.
//!
//! The bar appears only on a terminal and only once a run has worked for a
//! second (a quick answer never flickers), fits 80 columns, and is cleared when
//! the run ends, however it ends.
//!
//! A checkpoint is locked for the whole run (an advisory lock on `PATH.lock`,
//! released by the system when the process ends, even killed), so a second
//! run on the same file is refused instead of corrupting it; it is written
//! atomically (see [`crate::files`]), so a run stopped at any moment resumes
//! from its last checkpoint.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grundy::catalog::Monitor;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::files;

/// How often a checkpoint is written while a computation runs.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(30);
/// How long a run works before its progress is shown.
const QUIET_FOR: Duration = Duration::from_secs(1);
/// The bar: at most 24 + 1 + 4 + 2 + 23 + 6 + 8 = 68 columns (positions up to
/// `99,999,999,999`, the eta up to days), within 80.
const BAR_TEMPLATE: &str = "{bar:24} {percent:>3}%  {human_pos}/{human_len}  eta {eta}";

/// A checkpoint file, locked by this run and known to be writable.
pub struct Checkpoint {
    path: PathBuf,
    /// Holds the advisory lock while the run lasts.
    _lock: File,
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
        if fs::metadata(&path).is_ok_and(|m| !m.is_file()) {
            return Err(CheckpointError(format!(
                "the checkpoint {} is not a regular file",
                path.display()
            )));
        }
        let lock_path = lock_path(&path);
        let lock = fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(cannot_write)?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                return Err(CheckpointError(format!(
                    "the checkpoint {} is in use by another grundy run (it holds the lock {}); \
                     wait for it to end, or give another --checkpoint file",
                    path.display(),
                    lock_path.display()
                )))
            }
            Err(fs::TryLockError::Error(e)) => return Err(cannot_write(e)),
        }
        files::remove_stale_temporaries(&path);
        files::check_replaceable(&path).map_err(cannot_write)?;
        Ok(Checkpoint { path, _lock: lock })
    }

    /// The checkpoint's bytes, or `None` if there is no file yet.
    pub fn read(&self) -> io::Result<Option<Vec<u8>>> {
        match fs::read(&self.path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Checks that the checkpoint, if it exists, can be opened for reading.
    pub fn check_readable(&self) -> io::Result<()> {
        match File::open(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// The checkpoint's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn save(&self, bytes: &[u8]) -> io::Result<()> {
        files::replace(&self.path, |out| out.write_all(bytes))
    }
}

/// The lock file of a checkpoint: `PATH.lock`. It stays after the run (removing
/// it would let a run that opened it just before lock a file no one else sees).
fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".lock");
    PathBuf::from(name)
}

/// The shell's monitor: a progress bar (on a terminal, after a second) and an
/// optional checkpoint.
pub struct ShellMonitor {
    bar: Option<ProgressBar>,
    started: Instant,
    checkpoint: Option<Checkpoint>,
    last_saved: Instant,
    /// The first error met writing a checkpoint, reported when the run ends.
    pub save_error: Option<io::Error>,
}

impl ShellMonitor {
    /// A monitor writing checkpoints to `checkpoint`, if given.
    pub fn new(checkpoint: Option<Checkpoint>) -> Self {
        ShellMonitor {
            bar: None,
            started: Instant::now(),
            checkpoint,
            last_saved: Instant::now(),
            save_error: None,
        }
    }

    /// Clears the progress bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    /// The bar, created once the run has worked for [`QUIET_FOR`].
    fn bar(&mut self, total: u64) -> Option<&ProgressBar> {
        if self.bar.is_none() && self.started.elapsed() >= QUIET_FOR {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(BAR_TEMPLATE) {
                bar.set_style(style);
            }
            self.bar = Some(bar);
        }
        self.bar.as_ref()
    }
}

impl Drop for ShellMonitor {
    /// A run that ends in an error leaves no bar behind either.
    fn drop(&mut self) {
        self.finish();
    }
}

impl Monitor for ShellMonitor {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        if let Some(bar) = self.bar(total) {
            bar.set_length(total);
            bar.set_position(done);
        }
        self.checkpoint.is_some() && self.last_saved.elapsed() >= CHECKPOINT_EVERY
    }

    fn snapshot(&mut self, bytes: &[u8]) {
        if let Some(checkpoint) = &self.checkpoint {
            if let Err(e) = checkpoint.save(bytes) {
                self.save_error.get_or_insert(e);
            }
        }
        self.last_saved = Instant::now();
    }

    fn resume(&mut self) -> Option<Vec<u8>> {
        self.checkpoint.as_ref()?.read().ok().flatten()
    }

    fn keeps_snapshots(&self) -> bool {
        self.checkpoint.is_some()
    }
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

    #[test]
    fn the_bar_fits_eighty_columns() {
        ProgressStyle::with_template(BAR_TEMPLATE).unwrap();
        // Every field at its widest: 100%, positions near 10^11, an eta in days.
        let widest = BAR_TEMPLATE
            .replace("{bar:24}", &"#".repeat(24))
            .replace("{percent:>3}", "100")
            .replace("{human_pos}", "99,999,999,999")
            .replace("{human_len}", "99,999,999,999")
            .replace("{eta}", "99999d");
        assert!(!widest.contains('{'), "{widest}");
        assert!(widest.chars().count() <= 80, "{widest}");
    }
}
