//! The lock a run holds on a file it keeps writing (a checkpoint, a values
//! file, a survey's partial file), so that a second run on the same file is
//! refused instead of corrupting it.
//!
//! The file is the one its path names at the end of its symbolic links (a
//! dangling link names the file it will create), so that two paths to one
//! file share one lock, and the run writes the target, leaving the links
//! links. The lock is an advisory lock on `TARGET.lock` (the target is
//! replaced by renames, so it cannot carry the lock itself), released by the
//! system when the process ends, even killed. The lock file is removed when
//! the run ends; a run that opened it just before sees, once it holds the
//! lock, that the path no longer names the file it locked, and starts over.

use std::fs::{self, File};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The most symbolic links followed from a path (as the system's own limit).
const MAX_LINKS: usize = 40;

/// A file locked for this run: written at [`RunLock::target`].
#[derive(Debug)]
pub struct RunLock {
    target: PathBuf,
    lock_path: PathBuf,
    /// Holds the lock while open.
    _file: File,
}

impl RunLock {
    /// Locks the file at `path` (a `what`, given with `option`) for this run:
    /// a file in use by another run is refused in one line.
    pub fn take(path: &Path, what: &str, option: &str) -> Result<RunLock, String> {
        let cannot_write =
            |e: io::Error| format!("cannot write the {what} {}: {e}", path.display());
        let target = resolve(path).map_err(cannot_write)?;
        let lock_path = lock_path(&target);
        loop {
            let file = fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock_path)
                .map_err(cannot_write)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    return Err(format!(
                        "the {what} {} is in use by another grundy run (it holds the lock {}); \
                         wait for it to end, or give another {option} file",
                        path.display(),
                        lock_path.display()
                    ))
                }
                Err(fs::TryLockError::Error(e)) => return Err(cannot_write(e)),
            }
            // The run that held it may have removed the lock file meanwhile:
            // then this lock is on a file no other run can see.
            if is_same_file(&file, &lock_path) {
                return Ok(RunLock {
                    target,
                    lock_path,
                    _file: file,
                });
            }
        }
    }

    /// The file the path named: where the run reads and writes.
    pub fn target(&self) -> &Path {
        &self.target
    }
}

impl Drop for RunLock {
    /// Removes the lock file, while still holding its lock.
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.lock_path);
    }
}

/// Whether `path` names the open file `file`.
fn is_same_file(file: &File, path: &Path) -> bool {
    match (file.metadata(), fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

/// `TARGET.lock`.
fn lock_path(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_os_string();
    name.push(".lock");
    PathBuf::from(name)
}

/// The file `path` names once its symbolic links are followed, in a
/// directory written without links (`..` resolved): the same for every path
/// to one file, existing or not yet.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let is_link = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
                return Ok(path);
            };
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            return Ok(fs::canonicalize(dir)?.join(name));
        }
        let link = fs::read_link(&path)?;
        path = match path.parent() {
            Some(dir) if link.is_relative() => dir.join(link),
            _ => link,
        };
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a row"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-lock-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn two_paths_to_one_file_share_one_lock() {
        let dir = scratch("share");
        let file = dir.join("a.ckpt");
        fs::write(&file, b"x").unwrap();
        std::os::unix::fs::symlink(&file, dir.join("link")).unwrap();
        std::os::unix::fs::symlink("link", dir.join("link2")).unwrap();
        let held = RunLock::take(&file, "checkpoint", "--checkpoint").unwrap();
        for other in ["link", "link2"] {
            let refused = RunLock::take(&dir.join(other), "checkpoint", "--checkpoint");
            assert!(refused
                .unwrap_err()
                .contains("in use by another grundy run"));
        }
        assert_eq!(held.target(), fs::canonicalize(&file).unwrap());
        assert!(
            dir.join("a.ckpt.lock").exists(),
            "refused runs leave the lock"
        );
        drop(held);
        assert!(!dir.join("a.ckpt.lock").exists(), "removed at the end");
        let again = RunLock::take(&dir.join("link2"), "checkpoint", "--checkpoint").unwrap();
        assert_eq!(again.target(), fs::canonicalize(&file).unwrap());
    }

    #[test]
    fn a_dangling_link_names_the_file_it_will_create() {
        let dir = scratch("dangling");
        std::os::unix::fs::symlink("sub/../new.ckpt", dir.join("link")).unwrap();
        fs::create_dir(dir.join("sub")).unwrap();
        let lock = RunLock::take(&dir.join("link"), "checkpoint", "--checkpoint").unwrap();
        assert_eq!(
            lock.target(),
            fs::canonicalize(&dir).unwrap().join("new.ckpt")
        );
    }

    #[test]
    fn a_lock_file_removed_under_a_waiting_run_is_not_trusted() {
        let dir = scratch("removed");
        let target = dir.join("a.ckpt");
        let lock_path = lock_path(&fs::canonicalize(&dir).unwrap().join("a.ckpt"));
        // A run that opened the lock file, then lost the race to its removal.
        let stale = File::create(&lock_path).unwrap();
        fs::remove_file(&lock_path).unwrap();
        stale.try_lock().unwrap();
        assert!(!is_same_file(&stale, &lock_path));
        let lock = RunLock::take(&target, "checkpoint", "--checkpoint").unwrap();
        assert!(lock_path.exists());
        drop(lock);
    }

    #[test]
    fn a_loop_of_links_is_an_error() {
        let dir = scratch("loop");
        std::os::unix::fs::symlink("b", dir.join("a")).unwrap();
        std::os::unix::fs::symlink("a", dir.join("b")).unwrap();
        let message = RunLock::take(&dir.join("a"), "checkpoint", "--checkpoint").unwrap_err();
        assert!(message.contains("symbolic links"), "{message}");
    }
}
