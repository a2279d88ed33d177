//! How answers are written as JSON: integers are JSON numbers when they fit in
//! an unsigned 64-bit integer and decimal strings otherwise, as the command-line
//! contract says, so that no consumer silently rounds a big value.

use dashu_int::UBig;
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use crate::stop::Ticker;

/// A list written element by element, checking for a stop every few hundred
/// (a list of 10^8 values takes a second to write, and the web server writes
/// its answers inside the run it may stop). Every long list of an answer is
/// written through it.
#[derive(Clone, Copy, Debug)]
pub struct Polled<'a, T>(pub &'a [T]);

impl<T: Serialize> Serialize for Polled<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        polled_seq(serializer, Some(self.0.len()), self.0.iter())
    }
}

/// Writes `items` as a list, checking for a stop every 256 of them.
pub fn polled_seq<S: Serializer, T: Serialize>(
    serializer: S,
    len: Option<usize>,
    items: impl IntoIterator<Item = T>,
) -> Result<S::Ok, S::Error> {
    let mut seq = serializer.serialize_seq(len)?;
    let mut ticker = Ticker::<8>::new();
    for item in items {
        ticker.tick();
        seq.serialize_element(&item)?;
    }
    seq.end()
}

/// An integer written as a number when it fits in `u64`, else as a string.
#[derive(Clone, Copy, Debug)]
pub struct Int<'a>(pub &'a UBig);

impl Serialize for Int<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(self.0) {
            Ok(small) => serializer.serialize_u64(small),
            Err(_) => serializer.collect_str(self.0),
        }
    }
}

/// An integer owned, written as [`Int`].
struct IntOwned(UBig);

impl Serialize for IntOwned {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Int(&self.0).serialize(serializer)
    }
}

/// A list of integers, each written as [`Int`].
#[derive(Clone, Copy, Debug)]
pub struct Ints<'a>(pub &'a [UBig]);

impl Serialize for Ints<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        polled_seq(serializer, Some(self.0.len()), self.0.iter().map(Int))
    }
}

/// A sequence of integers produced by an iterator and written as it is
/// produced, each as [`Int`]: a long sequence is never held in memory. The
/// iterator is cloned for each serialisation, so the same value can be written
/// twice.
#[derive(Clone, Debug)]
pub struct IntStream<I>(pub I);

impl<I> Serialize for IntStream<I>
where
    I: Iterator<Item = UBig> + Clone,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let terms = self.0.clone();
        let (low, high) = terms.size_hint();
        let len = (Some(low) == high).then_some(low);
        polled_seq(serializer, len, terms.map(IntOwned))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_integers_are_numbers_and_big_ones_strings() {
        let values: Vec<UBig> = ["0", "18446744073709551615", "18446744073709551616"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(
            serde_json::to_string(&Ints(&values)).unwrap(),
            r#"[0,18446744073709551615,"18446744073709551616"]"#
        );
    }

    #[test]
    fn streams_are_written_like_lists_and_can_be_written_twice() {
        let values: Vec<UBig> = ["7", "18446744073709551616"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let stream = IntStream(values.iter().cloned());
        let once = serde_json::to_string(&stream).unwrap();
        assert_eq!(once, serde_json::to_string(&Ints(&values)).unwrap());
        assert_eq!(serde_json::to_string(&stream).unwrap(), once);
        let unsized_stream = IntStream(values.iter().filter(|_| true).cloned());
        assert_eq!(serde_json::to_string(&unsized_stream).unwrap(), once);
    }
}
