//! Checkpoints of long octal computations: the values so far, tied to their game.
//!
//! Layout: the line `grundy-octal-checkpoint 1`, the game's code and a newline,
//! the number of values (u64, little-endian), the values (u16, little-endian),
//! and an FNV-1a hash of everything before it, so that a truncated or damaged
//! file is refused instead of resumed from. Writing the bytes atomically is the
//! front end's work (the library does no I/O).
//!
//! A *values file* is the other form, for runs too long to rewrite: the
//! values stay in the file (the front end maps it into memory and lends it to
//! the engine, see [`store`](super::store)) and only a small commit record
//! is rewritten. Layout: a header of [`VALUES_OFFSET`] bytes, then the values
//! (u16, little-endian) from slot 0. The header holds the line
//! `grundy-octal-values 1`, the game's spec and a newline (zeros after), and
//! two commit records at [`COMMIT_SLOTS`]: a sequence number, the number of
//! values committed and the FNV-1a hash of their bytes, then the hash of the
//! identity and those three numbers (u64 each, little-endian). A commit makes
//! the values durable first, then writes the record of the next sequence
//! number over the older one: a record torn by a crash fails its hash and the
//! other, older one stands, so a run resumes from its last complete commit.

use thiserror::Error;

use super::marks::Value;
use super::Octal;

const MAGIC: &[u8] = b"grundy-octal-checkpoint 1\n";

/// Why a checkpoint cannot be resumed from.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CheckpointError {
    /// Not a checkpoint, truncated, or damaged.
    #[error("the checkpoint is damaged or not a grundy octal checkpoint")]
    Damaged,
    /// A values file of another game.
    #[error("it holds the values of {found}, not of {expected}")]
    OtherValues {
        /// The game asked for.
        expected: String,
        /// The game in the file.
        found: String,
    },
    /// A checkpoint of another game.
    #[error("the checkpoint is for octal:{found}, not octal:{expected}")]
    OtherGame {
        /// The game asked for.
        expected: String,
        /// The game in the file.
        found: String,
    },
}

/// Where the values of a values file start: room for the header, and a
/// multiple of every page size in use, so that the values can be mapped alone.
pub const VALUES_OFFSET: usize = 1 << 16;

/// Where the two commit records of a values file are.
pub const COMMIT_SLOTS: [usize; 2] = [4096, 8192];

/// The bytes of one commit record.
pub const COMMIT_BYTES: usize = 32;

const VALUES_MAGIC: &[u8] = b"grundy-octal-values 1\n";

/// The hash of no bytes, from which [`hash_values`] starts.
pub const HASH_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A point a values file resumes from: the first `count` values, whose
/// bytes hash to `hash`, as committed by commit number `seq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commit {
    /// The commit's number: the larger of two valid records is the last.
    pub seq: u64,
    /// How many values are committed.
    pub count: u64,
    /// [`hash_values`] of them, from [`HASH_START`].
    pub hash: u64,
}

/// The identity line of a values file of the game `spec`.
fn identity(spec: &str) -> Vec<u8> {
    let mut bytes = VALUES_MAGIC.to_vec();
    bytes.extend_from_slice(spec.as_bytes());
    bytes.push(b'\n');
    bytes
}

/// The header of a new values file of the game `spec` (its canonical spec,
/// at most a few hundred bytes): the identity, and a first commit of no values.
pub fn values_header(spec: &str) -> Vec<u8> {
    let mut header = identity(spec);
    header.resize(VALUES_OFFSET, 0);
    let first = Commit {
        seq: 1,
        count: 0,
        hash: HASH_START,
    };
    let (at, record) = commit_record(spec, first);
    header[at..at + COMMIT_BYTES].copy_from_slice(&record);
    header
}

/// The record of `commit` and the offset it is written at (the slot of the
/// older record, as the sequence numbers alternate between the two).
pub fn commit_record(spec: &str, commit: Commit) -> (usize, [u8; COMMIT_BYTES]) {
    let mut record = [0; COMMIT_BYTES];
    for (i, n) in [commit.seq, commit.count, commit.hash]
        .into_iter()
        .enumerate()
    {
        record[8 * i..8 * i + 8].copy_from_slice(&n.to_le_bytes());
    }
    let check = record_check(spec, &record[..24]);
    record[24..].copy_from_slice(&check.to_le_bytes());
    (COMMIT_SLOTS[(commit.seq % 2) as usize], record)
}

/// The hash that seals a commit record: of the identity and its numbers.
fn record_check(spec: &str, numbers: &[u8]) -> u64 {
    fnv1a_from(fnv1a(&identity(spec)), numbers)
}

/// The last complete commit of a values file of the game `spec`, from its
/// header (the first [`VALUES_OFFSET`] bytes, or all there are).
pub fn read_values_header(spec: &str, header: &[u8]) -> Result<Commit, CheckpointError> {
    let rest = header
        .strip_prefix(VALUES_MAGIC)
        .ok_or(CheckpointError::Damaged)?;
    let line_end = rest
        .iter()
        .take(COMMIT_SLOTS[0] - VALUES_MAGIC.len())
        .position(|&b| b == b'\n')
        .ok_or(CheckpointError::Damaged)?;
    let found = std::str::from_utf8(&rest[..line_end]).map_err(|_| CheckpointError::Damaged)?;
    if found != spec {
        return Err(CheckpointError::OtherValues {
            expected: spec.to_string(),
            found: found.to_string(),
        });
    }
    COMMIT_SLOTS
        .iter()
        .filter_map(|&at| read_record(spec, header.get(at..at + COMMIT_BYTES)?))
        .max_by_key(|commit| commit.seq)
        .ok_or(CheckpointError::Damaged)
}

/// The commit of a record, if its seal holds.
fn read_record(spec: &str, record: &[u8]) -> Option<Commit> {
    let number = |i: usize| u64::from_le_bytes(record[8 * i..8 * i + 8].try_into().expect("8"));
    (record_check(spec, &record[..24]) == number(3)).then(|| Commit {
        seq: number(0),
        count: number(1),
        hash: number(2),
    })
}

/// The FNV-1a hash of the little-endian bytes of `values`, continued from
/// `state` (the hash of the values before them, or [`HASH_START`]).
pub fn hash_values(state: u64, values: &[Value]) -> u64 {
    values
        .iter()
        .fold(state, |hash, v| fnv1a_from(hash, &v.to_le_bytes()))
}

/// The bytes of a checkpoint of `game` holding `values`.
pub fn encode(game: &Octal, values: &[Value]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(game.to_string().as_bytes());
    bytes.push(b'\n');
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    sealed(bytes)
}

/// `bytes` followed by their FNV-1a hash (u64, little endian), so that a
/// truncated or damaged copy is found out by [`unsealed`].
pub fn sealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let hash = fnv1a(&bytes);
    bytes.extend_from_slice(&hash.to_le_bytes());
    bytes
}

/// The bytes that [`sealed`] sealed, if their hash still matches.
pub fn unsealed(bytes: &[u8]) -> Option<&[u8]> {
    let (body, hash) = bytes.split_at_checked(bytes.len().checked_sub(8)?)?;
    (fnv1a(body).to_le_bytes() == hash).then_some(body)
}

/// The values of a checkpoint of `game`.
pub fn decode(game: &Octal, bytes: &[u8]) -> Result<Vec<Value>, CheckpointError> {
    let body = unsealed(bytes).ok_or(CheckpointError::Damaged)?;
    let rest = body.strip_prefix(MAGIC).ok_or(CheckpointError::Damaged)?;
    let line_end = rest
        .iter()
        .position(|&b| b == b'\n')
        .ok_or(CheckpointError::Damaged)?;
    let found = std::str::from_utf8(&rest[..line_end]).map_err(|_| CheckpointError::Damaged)?;
    if found != game.to_string() {
        return Err(CheckpointError::OtherGame {
            expected: game.to_string(),
            found: found.to_string(),
        });
    }
    let rest = &rest[line_end + 1..];
    let (count, values) = rest.split_at_checked(8).ok_or(CheckpointError::Damaged)?;
    let count = u64::from_le_bytes(count.try_into().expect("eight bytes"));
    if values.len() as u64 != count.saturating_mul(2) {
        return Err(CheckpointError::Damaged);
    }
    Ok(values
        .chunks_exact(2)
        .map(|pair| Value::from_le_bytes([pair[0], pair[1]]))
        .collect())
}

fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_from(HASH_START, bytes)
}

/// FNV-1a continued from the hash `state` of the bytes before `bytes`.
pub fn fnv1a_from(state: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(state, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let kayles: Octal = "0.77".parse().unwrap();
        let values = vec![0, 1, 2, 3, 1, 4];
        let bytes = encode(&kayles, &values);
        assert_eq!(decode(&kayles, &bytes), Ok(values));
        let dawson: Octal = "0.07".parse().unwrap();
        assert!(matches!(
            decode(&dawson, &bytes),
            Err(CheckpointError::OtherGame { .. })
        ));
        for cut in [0, 5, bytes.len() - 1] {
            assert_eq!(
                decode(&kayles, &bytes[..cut]),
                Err(CheckpointError::Damaged)
            );
        }
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        assert_eq!(decode(&kayles, &flipped), Err(CheckpointError::Damaged));
    }

    #[test]
    fn the_hash_of_values_continues_over_any_cut() {
        let values: Vec<Value> = (0..300).map(|n| (n * 7919 % 1000) as Value).collect();
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        for cut in [0, 1, 150, 300] {
            let hash = hash_values(hash_values(HASH_START, &values[..cut]), &values[cut..]);
            assert_eq!(hash, fnv1a(&bytes), "{cut}");
        }
    }

    /// A header with `commit` written in its slot, as a front end writes it.
    fn committed(mut header: Vec<u8>, spec: &str, commit: Commit) -> Vec<u8> {
        let (at, record) = commit_record(spec, commit);
        header[at..at + COMMIT_BYTES].copy_from_slice(&record);
        header
    }

    #[test]
    fn a_values_header_resumes_from_its_last_whole_commit() {
        let spec = "octal:0.167";
        let header = values_header(spec);
        assert_eq!(header.len(), VALUES_OFFSET);
        let start = read_values_header(spec, &header).unwrap();
        assert_eq!((start.seq, start.count, start.hash), (1, 0, HASH_START));
        let second = Commit {
            seq: 2,
            count: 1000,
            hash: 42,
        };
        let header = committed(header, spec, second);
        assert_eq!(read_values_header(spec, &header), Ok(second));
        let third = Commit {
            seq: 3,
            count: 2000,
            hash: 43,
        };
        let after = committed(header.clone(), spec, third);
        assert_eq!(read_values_header(spec, &after), Ok(third));
        // A third record torn at any byte leaves the second one standing.
        let (at, record) = commit_record(spec, third);
        for torn in 1..COMMIT_BYTES {
            let mut partial = header.clone();
            partial[at..at + torn].copy_from_slice(&record[..torn]);
            assert_eq!(read_values_header(spec, &partial), Ok(second), "{torn}");
        }
    }

    #[test]
    fn a_values_header_of_another_game_or_damaged_is_refused() {
        let header = values_header("octal:0.16");
        assert!(matches!(
            read_values_header("octal:0.167", &header),
            Err(CheckpointError::OtherValues { .. })
        ));
        for damaged in [
            &b""[..],
            &header[..100],
            b"grundy-octal-checkpoint 1\n0.16\n",
        ] {
            assert_eq!(
                read_values_header("octal:0.16", damaged),
                Err(CheckpointError::Damaged)
            );
        }
        let mut both_torn = header.clone();
        for at in COMMIT_SLOTS {
            both_torn[at] ^= 1;
        }
        assert_eq!(
            read_values_header("octal:0.16", &both_torn),
            Err(CheckpointError::Damaged)
        );
    }
}
