//! Nim-multiplication: the integers below `2^64` as the field of nimbers
//! `GF(2^64)`, with nim-addition (XOR) and nim-multiplication.
//!
//! Conway's definition is `a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}`
//! (sums are nim-sums). Two facts make it computable: a Fermat 2-power
//! `F = 2^(2^k)` times any `x < F` is the ordinary product `x*F`, and
//! `F*F = F + F/2` (`3F/2`). Writing `a = a1*F + a0` and `b = b1*F + b0` with
//! halves below `F`, this gives [`nim_product_recursive`], the plain recursion.
//!
//! The fast product [`NimTables::product`] splits both factors into bytes:
//! `a*b = sum over i, j of (a_i*b_j) * (2^(8i) * 2^(8j))`, since a byte times
//! `2^(8i)` is the ordinary shift (a product of distinct Fermat 2-powers `>= 2^8`).
//! A byte product `a_i*b_j` stays a byte (the nimbers below 256 are the
//! subfield `GF(2^8)`), read from a 64 KiB table; its product with the
//! constant `2^(8i) * 2^(8j)` is read from a second table of 64 x 256 words.
//! Both tables are filled by linearity (nim-multiplication distributes over
//! XOR) from a few recursive products.

use std::sync::OnceLock;

/// The nim-product of `a` and `b` by the plain recursion on halves: the
/// definition the tables are built from and tested against.
pub fn nim_product_recursive(a: u64, b: u64) -> u64 {
    product_of_width(a, b, 64)
}

/// The nim-product of `a` and `b`, both below `2^width` (`width` a power of 2).
fn product_of_width(a: u64, b: u64, width: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b; // 0 and 1 are the field's 0 and 1
    }
    let half = width / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = product_of_width(a1, b1, half);
    let low = product_of_width(a0, b0, half);
    let cross = product_of_width(a1 ^ a0, b1 ^ b0, half) ^ low;
    // (a1 F + a0)(b1 F + b0) = a1 b1 (F + F/2) + (a1 b0 + a0 b1) F + a0 b0.
    let high_times_half_f = product_of_width(high, 1 << (half - 1), half);
    (cross << half) | (low ^ high_times_half_f)
}

/// The tables of the fast nim-product (192 KiB).
pub struct NimTables {
    /// `bytes[a][b]`: the nim-product of two bytes (a byte).
    bytes: Box<[[u8; 256]; 256]>,
    /// `shifted[8 * i + j][c]`: `c * (2^(8i) * 2^(8j))` for a byte `c`.
    shifted: Box<[[u64; 256]; 64]>,
}

impl NimTables {
    /// The tables, built once per process and shared.
    pub fn get() -> &'static NimTables {
        static TABLES: OnceLock<NimTables> = OnceLock::new();
        TABLES.get_or_init(NimTables::build)
    }

    /// Fills both tables from the recursive product of single bits, by
    /// linearity: `x * (c ^ d) = x*c ^ x*d`.
    fn build() -> NimTables {
        let mut bytes = Box::new([[0u8; 256]; 256]);
        for (a, row) in bytes.iter_mut().enumerate() {
            fill_linear(row, |bit| {
                nim_product_recursive(a as u64, bit) as u8 // a byte: GF(2^8) is closed
            });
        }
        let mut shifted = Box::new([[0u64; 256]; 64]);
        for (ij, row) in shifted.iter_mut().enumerate() {
            let (i, j) = (ij / 8, ij % 8);
            let constant = nim_product_recursive(1 << (8 * i), 1 << (8 * j));
            fill_linear(row, |bit| nim_product_recursive(bit, constant));
        }
        NimTables { bytes, shifted }
    }

    /// The nim-product of `a` and `b`: 64 byte products, each times its
    /// constant, by two table reads.
    #[inline]
    pub fn product(&self, a: u64, b: u64) -> u64 {
        let (a, b) = (a.to_le_bytes(), b.to_le_bytes());
        let mut result = 0;
        for (i, &ai) in a.iter().enumerate() {
            if ai == 0 {
                continue;
            }
            let row = &self.bytes[usize::from(ai)];
            let constants = &self.shifted[8 * i..8 * i + 8];
            for (j, &bj) in b.iter().enumerate() {
                result ^= constants[j][usize::from(row[usize::from(bj)])];
            }
        }
        result
    }
}

/// Fills `row[c]` for every byte `c` from `of_bit(2^k)`, `k < 8`, by
/// linearity over XOR: `row[c] = row[c without its lowest bit] ^ row[lowest bit]`.
fn fill_linear<T: Copy + Default + std::ops::BitXor<Output = T>>(
    row: &mut [T; 256],
    of_bit: impl Fn(u64) -> T,
) {
    row[0] = T::default();
    for c in 1..256usize {
        let lowest = c & c.wrapping_neg();
        row[c] = if lowest == c {
            of_bit(c as u64)
        } else {
            row[c ^ lowest] ^ row[lowest]
        };
    }
}

/// The nim-product of `a` and `b` (the fast tables, built on first use).
pub fn nim_product(a: u64, b: u64) -> u64 {
    NimTables::get().product(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::{mex, Nimber};
    use proptest::prelude::*;

    /// Conway's definition, `a*b = mex{a'*b ^ a*b' ^ a'*b'}`, for all
    /// `a, b < size`: the oracle of the recursion.
    fn mex_table(size: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; size]; size];
        for a in 0..size {
            for b in 0..size {
                let options = (0..a).flat_map(|x| (0..b).map(move |y| (x, y)));
                let value =
                    mex(options.map(|(x, y)| Nimber(table[x][b] ^ table[a][y] ^ table[x][y])));
                table[a][b] = value.0;
            }
        }
        table
    }

    #[test]
    fn the_recursion_is_conways_mex_definition_below_64() {
        let table = mex_table(64);
        for (a, row) in table.iter().enumerate() {
            for (b, &product) in row.iter().enumerate() {
                assert_eq!(
                    nim_product_recursive(a as u64, b as u64),
                    product,
                    "{a}*{b}"
                );
            }
        }
    }

    #[test]
    fn known_products() {
        // 2*2 = 3, 4*4 = 6, 16*16 = 24 (F*F = 3F/2), 2^32 * 2^32 = 3 * 2^31.
        for (a, b, product) in [
            (2, 2, 3),
            (4, 4, 6),
            (16, 16, 24),
            (1 << 32, 1 << 32, 3 << 31),
            (u64::MAX, 1, u64::MAX),
            (0, u64::MAX, 0),
        ] {
            assert_eq!(nim_product_recursive(a, b), product, "{a}*{b}");
            assert_eq!(nim_product(a, b), product, "{a}*{b}");
        }
    }

    #[test]
    fn the_tables_equal_the_recursion_on_every_pair_of_bytes_and_bits() {
        for a in 0..256u64 {
            for b in 0..256u64 {
                assert_eq!(nim_product(a, b), nim_product_recursive(a, b));
            }
        }
        for i in 0..64 {
            for j in 0..64 {
                let (a, b) = (1u64 << i, 1u64 << j);
                assert_eq!(nim_product(a, b), nim_product_recursive(a, b), "{i} {j}");
            }
        }
    }

    proptest! {
        #[test]
        fn the_tables_equal_the_recursion(a in any::<u64>(), b in any::<u64>()) {
            prop_assert_eq!(nim_product(a, b), nim_product_recursive(a, b));
        }

        #[test]
        fn the_product_is_a_field_multiplication(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            prop_assert_eq!(nim_product(a, b), nim_product(b, a));
            prop_assert_eq!(nim_product(nim_product(a, b), c), nim_product(a, nim_product(b, c)));
            prop_assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            // No zero divisors: a field.
            prop_assert_eq!(nim_product(a, b) == 0, a == 0 || b == 0);
        }
    }
}
