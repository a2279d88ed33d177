//! `--values-file FILE`: the values of an octal-game run kept in a file,
//! memory-mapped, and committed so that the run can be stopped at any moment
//! (Ctrl-C, `kill -9`, a crash) and resumed by the same command.
//!
//! The format is the library's (`grundy::games::octal::checkpoint`: a header
//! with the game and two commit records, then the values); this module does
//! the I/O. The values are written by the engine straight into the mapping;
//! a commit syncs them to disk, then writes the next commit record over the
//! older of the two and syncs again, so the file always holds a whole commit:
//! a run killed in the middle of one resumes from the one before.

use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use grundy::catalog::LentValues;
use grundy::games::octal::checkpoint::{
    commit_record, hash_values, read_values_header, values_header, CheckpointError, Commit,
    HASH_START, VALUES_OFFSET,
};
use grundy::games::octal::sparse::Value;
use grundy::games::octal::store::ValueSlots;
use memmap2::{MmapMut, MmapOptions};

use crate::lock::RunLock;

/// Bytes a value takes in the file.
const VALUE_BYTES: u64 = 2;

/// A values file, locked by this run (by the caller), and what it last
/// committed once it is lent.
pub struct ValuesFile {
    /// The path as given, for messages.
    path: PathBuf,
    /// The file's lock for the run; the file itself is its target.
    lock: RunLock,
    /// The file and the game's spec, once lent to a run.
    open: Option<(File, String)>,
    /// The last commit written or read.
    committed: Commit,
}

/// The values of the file, mapped: the memory lent to the engine.
struct MappedSlots(MmapMut);

impl ValueSlots for MappedSlots {
    fn slots(&self) -> &[Value] {
        bytemuck::cast_slice(&self.0)
    }

    fn slots_mut(&mut self) -> &mut [Value] {
        bytemuck::cast_slice_mut(&mut self.0)
    }
}

impl ValuesFile {
    /// The values file at `path`, locked for this run and checked before any
    /// work (not yet opened): it may not exist yet, but then a file must be
    /// creatable beside it.
    pub fn check(path: PathBuf) -> Result<ValuesFile, String> {
        if !cfg!(target_endian = "little") {
            return Err("--values-file needs a little-endian machine".into());
        }
        if path.as_os_str().is_empty() {
            return Err("--values-file needs a file name".into());
        }
        let lock = RunLock::take(&path, "values file", "--values-file")?;
        let target = lock.target();
        let usable = match fs::metadata(target) {
            Ok(m) if m.is_file() => fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(target)
                .map(drop),
            Ok(_) => {
                return Err(format!(
                    "the values file {} is not a regular file",
                    path.display()
                ))
            }
            Err(_) => crate::files::check_replaceable(target),
        };
        usable.map_err(|e| format!("cannot write the values file {}: {e}", path.display()))?;
        Ok(ValuesFile {
            path,
            lock,
            open: None,
            committed: Commit {
                seq: 0,
                count: 0,
                hash: 0,
            },
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Opens the file for the run of `spec` (creating it if it is missing or
    /// empty), makes room for `capacity` values and maps them: a file of
    /// another game, or damaged (a bad header, fewer bytes than its commit
    /// says, values that do not hash as committed), is refused.
    pub fn lend(&mut self, spec: &str, capacity: u64) -> Result<LentValues, String> {
        let path = self.path.display().to_string();
        let io_error = |e: io::Error| format!("cannot use the values file {path}: {e}");
        let damaged = || format!("the values file {path} is damaged or not a grundy values file");
        let target = self.lock.target();
        if fs::metadata(target).map_or(true, |m| m.len() == 0) {
            // A new file appears whole or not at all: a run killed while
            // creating it leaves no damaged header.
            crate::files::replace(target, |out| out.write_all(&values_header(spec)))
                .map_err(io_error)?;
        }
        let file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(target)
            .map_err(io_error)?;
        let length = file.metadata().map_err(io_error)?.len();
        let mut header = vec![0; VALUES_OFFSET.min(usize::try_from(length).unwrap_or(usize::MAX))];
        read_at(&file, &mut header, 0).map_err(io_error)?;
        let committed = read_values_header(spec, &header).map_err(|e| match e {
            CheckpointError::OtherValues { .. } => format!("the values file {path}: {e}"),
            _ => damaged(),
        })?;
        let offset = VALUES_OFFSET as u64;
        let held_bytes = committed.count.saturating_mul(VALUE_BYTES);
        if length < offset.saturating_add(held_bytes) {
            return Err(damaged());
        }
        let slots = capacity.max(committed.count);
        let needed = offset + slots * VALUE_BYTES;
        if length < needed {
            // Grown sparse: the disk holds only what is written.
            file.set_len(needed).map_err(io_error)?;
        }
        file.sync_all().map_err(io_error)?;
        let map_len = usize::try_from(slots * VALUE_BYTES).map_err(|_| damaged())?;
        // SAFETY: the mapping is of a regular file this run holds the lock of
        // (`FILE.lock`, taken before the run), so no other grundy run writes
        // it; it is never truncated while mapped (it only grows, before
        // mapping). Another program writing it would change values, which
        // the commit hash finds on the next resume.
        let map = unsafe {
            MmapOptions::new()
                .offset(offset)
                .len(map_len)
                .map_mut(&file)
        }
        .map_err(io_error)?;
        let slots = MappedSlots(map);
        let held = usize::try_from(committed.count).map_err(|_| damaged())?;
        if hash_values(HASH_START, &slots.slots()[..held]) != committed.hash {
            return Err(damaged());
        }
        self.open = Some((file, spec.to_string()));
        self.committed = committed;
        Ok(LentValues {
            slots: Box::new(slots),
            held: committed.count,
        })
    }

    /// Commits `values`, the first values of the run, which are in the
    /// mapping: syncs them, then writes and syncs the next commit record.
    pub fn commit(&mut self, values: &[Value]) -> io::Result<()> {
        let Some((file, spec)) = &self.open else {
            return Ok(());
        };
        let count = values.len() as u64;
        if count == self.committed.count {
            return Ok(());
        }
        let hash = match usize::try_from(self.committed.count) {
            Ok(from) if from <= values.len() => hash_values(self.committed.hash, &values[from..]),
            _ => hash_values(HASH_START, values),
        };
        // The values first: on Linux the mapped pages are the file's page
        // cache, which fdatasync writes, dirtied through the mapping or not.
        file.sync_data()?;
        let next = Commit {
            seq: self.committed.seq + 1,
            count,
            hash,
        };
        let (at, record) = commit_record(spec, next);
        write_at(file, &record, at as u64)?;
        file.sync_data()?;
        self.committed = next;
        Ok(())
    }
}

/// Reads `buffer.len()` bytes of `file` from `offset`.
fn read_at(mut file: &File, buffer: &mut [u8], offset: u64) -> io::Result<()> {
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(buffer)
}

/// Writes `bytes` into `file` at `offset`.
fn write_at(mut file: &File, bytes: &[u8], offset: u64) -> io::Result<()> {
    file.seek(SeekFrom::Start(offset))?;
    file.write_all(bytes)
}
