//! Long computations from the shell: a progress bar on stderr, and checkpoints
//! written atomically (a temporary file, synced, then renamed over the old one),
//! so a run stopped at any moment resumes from its last checkpoint.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::catalog::Monitor;
use indicatif::{ProgressBar, ProgressStyle};

/// How often a checkpoint is written while a computation runs.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(30);

/// The shell's monitor: a progress bar (hidden when stderr is not a terminal)
/// and an optional checkpoint file.
pub struct ShellMonitor {
    bar: Option<ProgressBar>,
    checkpoint: Option<PathBuf>,
    last_saved: Instant,
    /// The first error met writing a checkpoint, reported when the run ends.
    pub save_error: Option<io::Error>,
}

impl ShellMonitor {
    /// A monitor writing checkpoints to `checkpoint`, if given.
    pub fn new(checkpoint: Option<PathBuf>) -> Self {
        ShellMonitor {
            bar: None,
            checkpoint,
            last_saved: Instant::now(),
            save_error: None,
        }
    }

    /// The checkpoint to resume from: its bytes, or `None` if there is no file yet.
    pub fn read_checkpoint(&self) -> io::Result<Option<Vec<u8>>> {
        match &self.checkpoint {
            Some(path) if path.exists() => fs::read(path).map(Some),
            _ => Ok(None),
        }
    }

    fn save(&self, bytes: &[u8]) -> io::Result<()> {
        let Some(path) = &self.checkpoint else {
            return Ok(());
        };
        let mut temporary = path.clone().into_os_string();
        temporary.push(".tmp");
        let temporary = PathBuf::from(temporary);
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    }

    /// Clears the progress bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Monitor for ShellMonitor {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::new(total);
            if let Ok(style) =
                ProgressStyle::with_template("{bar:40} {pos}/{len} values, {per_sec}, eta {eta}")
            {
                bar.set_style(style);
            }
            bar
        });
        bar.set_length(total);
        bar.set_position(done);
        self.checkpoint.is_some() && self.last_saved.elapsed() >= CHECKPOINT_EVERY
    }

    fn snapshot(&mut self, bytes: &[u8]) {
        if let Err(e) = self.save(bytes) {
            self.save_error.get_or_insert(e);
        }
        self.last_saved = Instant::now();
    }

    fn resume(&mut self) -> Option<Vec<u8>> {
        self.read_checkpoint().ok().flatten()
    }
}
