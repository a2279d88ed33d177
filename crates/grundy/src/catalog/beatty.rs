//! The `beatty` verb: exact Beatty sequences of quadratic irrationals.

use dashu_int::UBig;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::check_count;
use crate::arith::{BeattySequence, QuadraticIrrational};
use crate::error::Error;
use crate::json::Ints;

/// `floor(n*alpha)` for `n = 1..=count`, and the complementary sequence when
/// `alpha > 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeattyReport {
    /// `alpha` in canonical form `(P+Q*sqrt(D))/S`.
    pub alpha: String,
    /// `floor(1*alpha), ..., floor(count*alpha)`.
    pub values: Vec<UBig>,
    /// For `alpha > 1`: the same for `beta = alpha/(alpha-1)`; the two sequences
    /// partition the positive integers (Rayleigh).
    pub complement: Option<Box<BeattyReport>>,
}

impl Serialize for BeattyReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("alpha", &self.alpha)?;
        map.serialize_entry("values", &Ints(&self.values))?;
        if let Some(complement) = &self.complement {
            map.serialize_entry("complement", complement)?;
        }
        map.end()
    }
}

/// The Beatty sequence of `alpha` (`phi`, `sqrt2`, `sqrt(D)` or
/// `(P+Q*sqrt(D))/S`), its first `count` terms.
pub fn beatty(alpha: &str, count: u64) -> Result<BeattyReport, Error> {
    let count = check_count(count)?;
    let alpha: QuadraticIrrational = alpha
        .parse()
        .map_err(|e| Error::BadArgument(format!("alpha '{alpha}': {e}")))?;
    let complement = BeattySequence::new(alpha.clone())
        .ok()
        .map(|sequence| Box::new(terms(sequence.complement().alpha(), count)));
    Ok(BeattyReport {
        complement,
        ..terms(&alpha, count)
    })
}

fn terms(alpha: &QuadraticIrrational, count: usize) -> BeattyReport {
    BeattyReport {
        alpha: alpha.to_string(),
        values: (1..=count as u64)
            .map(|n| alpha.floor_mul(&UBig::from(n)))
            .collect(),
        complement: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_ratio_and_its_complement() {
        let report = beatty("phi", 5).unwrap();
        assert_eq!(report.alpha, "(1+1*sqrt(5))/2");
        assert_eq!(report.values, [1u8, 3, 4, 6, 8].map(UBig::from));
        let complement = report.complement.unwrap();
        assert_eq!(complement.values, [2u8, 5, 7, 10, 13].map(UBig::from));
    }

    #[test]
    fn below_one_there_is_no_complement() {
        let report = beatty("(-1+sqrt(5))/2", 3).unwrap();
        assert_eq!(report.values, [0u8, 1, 1].map(UBig::from));
        assert!(report.complement.is_none());
    }

    #[test]
    fn malformed_alpha_is_an_error() {
        assert!(matches!(beatty("pi", 3), Err(Error::BadArgument(_))));
        assert!(matches!(beatty("sqrt(4)", 3), Err(Error::BadArgument(_))));
    }
}
