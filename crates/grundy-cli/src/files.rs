//! Files written so that a failure never damages what was there: the new
//! content goes to a temporary file of a name no other run uses, beside the
//! target, and is renamed over it only once complete and synced. A failed write
//! (a full disk, a vanished directory) leaves the old file as it was.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use grundy::arith::is_decimal;

/// Counts the temporary files of this process, so that no two share a name.
static TEMPORARIES: AtomicU64 = AtomicU64::new(0);

/// A fresh temporary path beside `path` (same directory, so that the rename
/// stays on one file system): `PATH.PID-N.tmp`.
pub(crate) fn temporary_beside(path: &Path) -> PathBuf {
    let n = TEMPORARIES.fetch_add(1, Ordering::Relaxed);
    let mut name = OsString::from(path.as_os_str());
    name.push(format!(".{}-{n}.tmp", std::process::id()));
    PathBuf::from(name)
}

/// Removes the temporary files that runs killed while writing `path` left
/// beside it. Only for a path whose writers hold a lock: then no temporary
/// file of it is being written.
pub fn remove_stale_temporaries(path: &Path) {
    let (Some(name), Some(dir)) = (path.file_name(), path.parent()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!("{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let is_temporary = file_name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|rest| rest.split_once('-'))
            .is_some_and(|(pid, n)| is_decimal(pid) && is_decimal(n));
        if is_temporary {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Checks that `path` can be replaced by [`replace`]: a temporary file can be
/// created beside it (and is removed at once).
pub fn check_replaceable(path: &Path) -> io::Result<()> {
    if path.as_os_str().is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "an empty file name",
        ));
    }
    if is_special(path) {
        return fs::OpenOptions::new().write(true).open(path).map(drop);
    }
    let temporary = temporary_beside(&real_target(path));
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)?;
    fs::remove_file(&temporary)
}

/// Replaces the content of `path` by what `write` writes, atomically: readers
/// see the old file or the new one, never a part, and on failure the old file
/// is kept and the temporary one removed.
///
/// A path that exists and is not a regular file (`/dev/stdout`, a pipe) cannot
/// be replaced: it is written in place. A symbolic link is followed, so that
/// the file it points to is replaced and the link kept.
pub fn replace(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    if is_special(path) {
        let mut out = BufWriter::new(fs::OpenOptions::new().write(true).open(path)?);
        write(&mut out)?;
        return out.flush();
    }
    let target = real_target(path);
    let temporary = temporary_beside(&target);
    let written = write_new(&temporary, &target, write).and_then(|()| {
        // The rename is the one step that makes the new content visible.
        fs::rename(&temporary, &target)
    });
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// Writes a new file `temporary` holding what `write` writes, with the
/// permissions of `target` if it exists, and syncs it to disk.
fn write_new(
    temporary: &Path,
    target: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(temporary)?;
    if let Ok(old) = fs::metadata(target) {
        file.set_permissions(old.permissions())?;
    }
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    let file: File = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()
}

/// Whether `path` exists and is not a regular file (a device, a pipe).
fn is_special(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| !m.is_file())
}

/// The file a path names: the target of a symbolic link, else the path.
fn real_target(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    fn leftovers(path: &Path) -> Vec<String> {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(&name) && n != &name)
            .collect()
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary() {
        let path = scratch("kept.csv");
        fs::write(&path, "old content\n").unwrap();
        let error = replace(&path, |out: &mut dyn Write| {
            out.write_all(b"half of the new")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
        })
        .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        assert_eq!(fs::read_to_string(&path).unwrap(), "old content\n");
        assert!(leftovers(&path).is_empty(), "{:?}", leftovers(&path));
        replace(&path, |out: &mut dyn Write| out.write_all(b"new\n")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new\n");
        assert!(leftovers(&path).is_empty());
    }

    #[test]
    fn stale_temporaries_are_removed_and_nothing_else() {
        let path = scratch("stale.ckpt");
        let stale = temporary_beside(&path);
        let others = [
            "stale.ckpt",
            "stale.ckpt.lock",
            "stale.ckpt.1-x.tmp",
            "other.1-2.tmp",
        ];
        for name in others {
            fs::write(path.with_file_name(name), "keep").unwrap();
        }
        fs::write(&stale, "half").unwrap();
        remove_stale_temporaries(&path);
        assert!(!stale.exists());
        for name in others {
            assert!(path.with_file_name(name).exists(), "{name}");
        }
    }

    #[test]
    fn temporaries_never_share_a_name() {
        let path = Path::new("x.ckpt");
        assert_ne!(temporary_beside(path), temporary_beside(path));
        assert_eq!(temporary_beside(path).parent(), path.parent());
    }

    #[test]
    fn a_missing_directory_is_found_before_any_work() {
        let error = check_replaceable(Path::new("/nonexistent/dir/c.ckpt")).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        check_replaceable(&scratch("fresh.png")).unwrap();
        assert!(!scratch("fresh.png").exists());
    }

    #[test]
    fn devices_are_written_in_place() {
        replace(Path::new("/dev/null"), |out: &mut dyn Write| {
            out.write_all(b"x")
        })
        .unwrap();
        let full = replace(Path::new("/dev/full"), |out: &mut dyn Write| {
            out.write_all(b"x")
        });
        assert!(full.is_err());
    }
}
