//! Checkpoints of long octal computations: the values so far, tied to their game.
//!
//! Layout: the line `grundy-octal-checkpoint 1`, the game's code and a newline,
//! the number of values (u64, little-endian), the values (u16, little-endian),
//! and an FNV-1a hash of everything before it, so that a truncated or damaged
//! file is refused instead of resumed from. Writing the bytes atomically is the
//! front end's work (the library does no I/O).

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
    /// A checkpoint of another game.
    #[error("the checkpoint is for octal:{found}, not octal:{expected}")]
    OtherGame {
        /// The game asked for.
        expected: String,
        /// The game in the file.
        found: String,
    },
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
    let hash = fnv1a(&bytes);
    bytes.extend_from_slice(&hash.to_le_bytes());
    bytes
}

/// The values of a checkpoint of `game`.
pub fn decode(game: &Octal, bytes: &[u8]) -> Result<Vec<Value>, CheckpointError> {
    let (body, hash) = bytes
        .split_at_checked(bytes.len().saturating_sub(8))
        .ok_or(CheckpointError::Damaged)?;
    if hash.len() != 8 || fnv1a(body).to_le_bytes() != hash {
        return Err(CheckpointError::Damaged);
    }
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
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
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
}
