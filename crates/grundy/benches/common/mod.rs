//! What several benchmarks share: reproducible pseudo-random inputs.

/// A reproducible pseudo-random sequence without a dependency (xorshift64).
pub struct Random(pub u64);

impl Random {
    /// The next number below `bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}
