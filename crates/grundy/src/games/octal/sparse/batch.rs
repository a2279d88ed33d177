//! The rare passes of the general path on one thread, done for [`LANES`]
//! remainders together (as the small path does, see its `RareBatch`), with
//! byte marks instead of bits: 0.161, whose values reach 147, spends 40% of
//! its time in rare passes over its 488 rare heaps, one split at a time, which
//! this does with one load of partners for sixteen.
//!
//! A batch holds the marks of the splits `(r, first + lane - r)` for the rare
//! heaps `LANES <= r < first`; the heap being computed adds the lane of each
//! remainder it leaves to its own marks, and marks the splits with the other
//! rare heaps (below `LANES`, and from `first` on) itself.

use crate::games::octal::marks::{for_lane_splits, lane_range, Marks, RareHeap, Value, LANES};

/// The largest span of marks a batch holds: values below 512, which keeps a
/// batch at 16 KiB. Beyond it the rare passes are done one by one.
pub(super) const BATCH_SPAN: usize = 1024;

/// The marks of the rare passes of the remainders `first..first + LANES`.
pub(super) struct MarkBatch {
    /// The first remainder (`usize::MAX` when there is none).
    first: usize,
    /// The span of the marks made, all of them below it (0 when none).
    span: usize,
    /// For each lane, 1 for the values of its splits with a rare heap taken.
    marks: Box<[[u8; BATCH_SPAN]; LANES]>,
}

impl MarkBatch {
    /// A batch holding nothing.
    pub(super) fn new() -> MarkBatch {
        MarkBatch {
            first: usize::MAX,
            span: 0,
            marks: Box::new([[0; BATCH_SPAN]; LANES]),
        }
    }

    /// Forgets the batch (its rare heaps are no longer the solver's).
    pub(super) fn clear(&mut self) {
        self.first = usize::MAX;
    }

    /// Adds to `seen[..span]` the values of the splits of each remainder in
    /// `remainders` (at most `LANES - 1` apart) with a rare heap `LANES <= r <
    /// first`, and returns `first`: every remainder's splits with the other
    /// rare heaps are still to mark. Makes a new batch, from the smallest
    /// remainder, when this one does not hold them all or was made for
    /// another span.
    pub(super) fn mark(
        &mut self,
        remainders: impl Iterator<Item = usize> + Clone,
        values: &[Value],
        rare: &[RareHeap],
        span: usize,
        seen: &mut Marks,
    ) -> usize {
        debug_assert!(span <= BATCH_SPAN);
        let held = |m: usize| m.checked_sub(self.first).is_some_and(|lane| lane < LANES);
        if span != self.span || !remainders.clone().all(held) {
            let first = remainders.clone().min().unwrap_or(0);
            self.make(first, values, rare, span);
        }
        for m in remainders {
            let lane = &self.marks[m - self.first][..span];
            for (seen, &marked) in seen[..span].iter_mut().zip(lane) {
                *seen |= marked;
            }
        }
        self.first
    }

    /// The batch from remainder `first`, with marks of span `span`.
    fn make(&mut self, first: usize, values: &[Value], rare: &[RareHeap], span: usize) {
        for lane in self.marks.iter_mut() {
            lane[..self.span.max(span)].fill(0);
        }
        let (from, to) = lane_range(rare, first);
        let marks = &mut self.marks;
        // The value of a split is below `span` (both parts are below half of
        // it), so the remainder by `BATCH_SPAN` changes nothing; it only
        // shows that the index is in bounds.
        for_lane_splits(values, &rare[from..to], first, |lane, v| {
            marks[lane][usize::from(v) % BATCH_SPAN] = 1;
        });
        self.first = first;
        self.span = span;
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{alone, general};
    use super::super::{naive_values, EAGER};
    use super::*;
    use crate::games::octal::marks::VALUES;
    use crate::games::octal::Octal;
    use proptest::prelude::*;

    #[test]
    fn batched_rare_passes_equal_the_rules() {
        // One split move (0.161, 0.6, 0.16), several (0.167: 2 and 3; 4.07:
        // 0, 1 and 2 apart, 0.0477: 3 and 4, 0.400000004: 1 and 9), and
        // amounts taken LANES (16) or more apart, which a batch cannot hold
        // (0.40000000000000004: 1 and 17) and which are done one by one.
        assert_eq!(LANES, 16, "the codes below are chosen for 16 lanes");
        for code in [
            "0.161",
            "0.6",
            "0.16",
            "0.167",
            "0.007",
            "4.07",
            "0.137",
            "0.0477",
            "0.4",
            "0.400000004",
            "0.40000000000000004",
            "4.7",
            "0.77",
        ] {
            let game: Octal = code.parse().unwrap();
            assert_eq!(
                general(code, 2500, EAGER),
                naive_values(&game, 2500),
                "{code}"
            );
        }
    }

    #[test]
    fn a_batch_made_again_for_a_wider_span_equals_the_rules() {
        // 0.161's values pass 127 at heap 5011: the marks' span doubles, and
        // the batch is made again for it; on one thread, past the small path.
        let game: Octal = "0.161".parse().unwrap();
        let naive = naive_values(&game, 5400);
        assert!(naive[..5011].iter().all(|&v| v < 128) && naive[5011] >= 128);
        assert_eq!(alone("0.161", 5400), naive);
    }

    #[test]
    fn a_lane_holds_the_splits_with_its_rare_heaps() {
        // Every split (r, m - r) of each remainder asked, for the rare heaps
        // LANES <= r < first of the batch (made again or not), by the rules'
        // values; the rare heaps are any list.
        let game: Octal = "0.161".parse().unwrap();
        let values = naive_values(&game, 3000);
        let rare: Vec<RareHeap> = (1..3000)
            .filter(|&n| n % 7 == 0 || n % 11 == 3)
            .map(|n| (n as u32, values[n]))
            .collect();
        let span = 512;
        let mut batch = MarkBatch::new();
        for (low, made) in [(0, 0), (5, 5), (8, 5), (13, 13), (100, 100), (2990, 2990)] {
            let mut seen: Box<Marks> = Box::new([0; VALUES]);
            let remainders = (low..low + LANES - 2).step_by(3);
            let first = batch.mark(remainders.clone(), &values, &rare, span, &mut seen);
            assert_eq!(first, made, "the batch is made again only when it must be");
            let mut expected: Box<Marks> = Box::new([0; VALUES]);
            for m in remainders {
                for &(r, value) in &rare {
                    if (LANES..first).contains(&(r as usize)) {
                        expected[usize::from(value ^ values[m - r as usize])] = 1;
                    }
                }
            }
            assert_eq!(&seen[..span], &expected[..span], "from {low}");
            assert!(seen[span..].iter().all(|&mark| mark == 0));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Codes of up to five digits on the general path on one thread,
        /// against the rules.
        #[test]
        fn random_codes_on_the_general_path_equal_the_rules(
            first in prop::sample::select(vec!["0", "4"]),
            digits in prop::collection::vec(0u8..8, 1..=5),
        ) {
            let digits: String = digits.iter().map(u8::to_string).collect();
            let code = format!("{first}.{digits}");
            let game: Octal = code.parse().unwrap();
            prop_assert_eq!(general(&code, 900, EAGER), naive_values(&game, 900), "{}", code);
        }
    }
}
