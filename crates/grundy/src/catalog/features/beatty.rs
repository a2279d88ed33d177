//! The `beatty` verb: exact Beatty sequences of quadratic irrationals.
//!
//! The terms are not stored: a report holds `alpha` and the count, and its
//! terms are computed again each time they are read ([`BeattyReport::values`]),
//! so that writing a hundred million of them needs memory for one term only.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::arith::{BeattySequence, FloorMultiples, QuadraticIrrational};
use crate::catalog::check_count;
use crate::error::{Error, Result};
use crate::json::IntStream;

/// `floor(n*alpha)` for `n = 1..=count`, and the complementary sequence when
/// `alpha > 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeattyReport {
    /// `alpha`, written in canonical form `(P+Q*sqrt(D))/S`.
    pub alpha: QuadraticIrrational,
    /// How many terms, from `n = 1`.
    pub count: u64,
    /// For `alpha > 1`: the same for `beta = alpha/(alpha-1)`; the two sequences
    /// partition the positive integers (Rayleigh).
    pub complement: Option<Box<BeattyReport>>,
}

impl BeattyReport {
    /// The terms `floor(1*alpha), ..., floor(count*alpha)`, computed as they
    /// are read.
    pub fn values(&self) -> FloorMultiples {
        FloorMultiples::new(&self.alpha, self.count)
    }
}

impl Serialize for BeattyReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("alpha", &self.alpha.to_string())?;
        map.serialize_entry("values", &IntStream(self.values()))?;
        if let Some(complement) = &self.complement {
            map.serialize_entry("complement", complement)?;
        }
        map.end()
    }
}

/// The Beatty sequence of `alpha` (`phi`, `sqrt2`, `sqrt(D)` or
/// `(P+Q*sqrt(D))/S`), its first `count` terms.
pub fn beatty(alpha: &str, count: u64) -> Result<BeattyReport> {
    check_count(count)?;
    let alpha: QuadraticIrrational = alpha
        .parse()
        .map_err(|e| Error::BadArgument(format!("alpha '{alpha}': {e}")))?;
    let complement = BeattySequence::new(alpha.clone()).ok().map(|sequence| {
        Box::new(BeattyReport {
            alpha: sequence.complement().alpha().clone(),
            count,
            complement: None,
        })
    });
    Ok(BeattyReport {
        alpha,
        count,
        complement,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dashu_int::UBig;

    fn values(report: &BeattyReport) -> Vec<UBig> {
        report.values().collect()
    }

    #[test]
    fn golden_ratio_and_its_complement() {
        let report = beatty("phi", 5).unwrap();
        assert_eq!(report.alpha.to_string(), "(1+1*sqrt(5))/2");
        assert_eq!(values(&report), [1u8, 3, 4, 6, 8].map(UBig::from));
        let complement = report.complement.unwrap();
        assert_eq!(values(&complement), [2u8, 5, 7, 10, 13].map(UBig::from));
    }

    #[test]
    fn below_one_there_is_no_complement() {
        let report = beatty("(-1+sqrt(5))/2", 3).unwrap();
        assert_eq!(values(&report), [0u8, 1, 1].map(UBig::from));
        assert!(report.complement.is_none());
    }

    #[test]
    fn malformed_alpha_is_an_error() {
        assert!(matches!(beatty("pi", 3), Err(Error::BadArgument(_))));
        assert!(matches!(beatty("sqrt(4)", 3), Err(Error::BadArgument(_))));
    }

    #[test]
    fn json_streams_the_terms_and_writes_big_ones_as_strings() {
        // sqrt(2^130 + 1): the first term is 2^65, beyond u64.
        let report = beatty("sqrt(1361129467683753853853498429727072845825)", 3).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["values"][0], "36893488147419103232");
        let report = beatty("phi", 4).unwrap();
        assert_eq!(
            serde_json::to_string(&report).unwrap(),
            r#"{"alpha":"(1+1*sqrt(5))/2","values":[1,3,4,6],"complement":{"alpha":"(3+1*sqrt(5))/2","values":[2,5,7,10]}}"#
        );
    }
}
