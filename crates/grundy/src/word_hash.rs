//! The crate's one fast hash for tables keyed by machine words (sorted heaps,
//! sets of vertices as bit masks, lists of ids): a multiply and a rotation per
//! word (FxHash's). The keys come from this process, not from an adversary, so
//! the default SipHash's protection against hash flooding is only cost; on the
//! keys the searches look up most this is a fraction of it. It imports nothing
//! of the crate.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map with [`WordHasher`].
pub type WordTable<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// The hasher of [`WordTable`].
#[derive(Default)]
pub struct WordHasher(u64);

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last) ^ rest.len() as u64);
    }

    fn write_u32(&mut self, word: u32) {
        self.add(word.into());
    }

    fn write_u64(&mut self, word: u64) {
        self.add(word);
    }

    fn write_usize(&mut self, word: usize) {
        self.add(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
