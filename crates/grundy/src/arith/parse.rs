//! Reading numbers from text.
//!
//! - [`decimal`] and [`is_decimal`]: the one reader of natural numbers in the
//!   crate (and the command line): decimal digits only, no sign, no spaces, not
//!   empty, into any integer type (`u64`, `u32`, `UBig`, ...).
//! - Quadratic irrationals: `phi`, `sqrt2`, `sqrt(D)` and `(P+Q*sqrt(D))/S` with
//!   its variants (`(1+sqrt(5))/2`, `(3-sqrt(5))/2`, `Q*sqrt(D)`, ...). The
//!   canonical [`Display`](std::fmt::Display) form reads back to the same number.

use std::str::FromStr;

use dashu_int::{IBig, UBig};

use super::quadratic::{QuadraticError, QuadraticIrrational};

impl FromStr for QuadraticIrrational {
    type Err = QuadraticError;

    /// Reads `phi`, `sqrt2`, `sqrt(D)` or `[(][P+|P-|-][Q*]sqrt(D)[)][/S]`, with
    /// decimal integers, case-insensitive, surrounding spaces ignored.
    fn from_str(text: &str) -> Result<Self, QuadraticError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "phi" => Ok(Self::phi()),
            "sqrt2" => Ok(Self::sqrt2()),
            other => {
                let (p, q, d, s) = parts(other).ok_or_else(|| QuadraticError::Syntax {
                    input: text.to_string(),
                })?;
                Self::new(p, q, d, s)
            }
        }
    }
}

/// `(P, Q, D, S)` from the general form, or `None` when the text has another shape.
fn parts(text: &str) -> Option<(IBig, IBig, UBig, IBig)> {
    let (numerator, s) = match text.rsplit_once('/') {
        Some((numerator, s)) => (numerator, signed(s)?),
        None => (text, IBig::ONE),
    };
    let numerator = strip_parentheses(numerator);
    let (before, radicand) = numerator.split_once("sqrt(")?;
    let d = unsigned(radicand.strip_suffix(')')?)?;
    let (p, q) = rational_part_and_coefficient(before)?;
    Some((p, q, d, s))
}

/// The text inside one pair of enclosing parentheses, or the text itself.
fn strip_parentheses(text: &str) -> &str {
    text.strip_prefix('(')
        .and_then(|inner| inner.strip_suffix(')'))
        .unwrap_or(text)
}

/// `(P, Q)` from what precedes `sqrt(`: empty, `-`, `Q*`, `-Q*`, `P+`, `P-Q*`, ...
fn rational_part_and_coefficient(before: &str) -> Option<(IBig, IBig)> {
    let (rest, magnitude) = match before.strip_suffix('*') {
        Some(head) => {
            let digits_start = head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            (
                &head[..digits_start],
                IBig::from(unsigned(&head[digits_start..])?),
            )
        }
        None => (before, IBig::ONE),
    };
    if let Some(p) = rest.strip_suffix('+') {
        return Some((signed(p)?, magnitude));
    }
    match rest.strip_suffix('-') {
        Some("") => Some((IBig::ZERO, -magnitude)),
        Some(p) => Some((signed(p)?, -magnitude)),
        None => rest.is_empty().then_some((IBig::ZERO, magnitude)),
    }
}

/// Whether `text` is a non-empty run of ASCII decimal digits: no sign, no
/// spaces, nothing else.
///
/// ```
/// use grundy::arith::is_decimal;
///
/// assert!(is_decimal("0042"));
/// assert!(!is_decimal("") && !is_decimal("+1") && !is_decimal(" 1") && !is_decimal("1_000"));
/// ```
pub fn is_decimal(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// `text` read as a natural number of type `T` when it [`is_decimal`] and the
/// number fits `T`; `None` otherwise. The check comes first because the
/// standard readers also take a leading `+` (and `UBig` other bases).
///
/// ```
/// use dashu_int::UBig;
/// use grundy::arith::decimal;
///
/// assert_eq!(decimal::<u64>("18446744073709551615"), Some(u64::MAX));
/// assert_eq!(decimal::<u64>("18446744073709551616"), None); // too large
/// assert_eq!(decimal::<UBig>("18446744073709551616"), Some(UBig::from(u64::MAX) + UBig::ONE));
/// assert_eq!(decimal::<u64>("+1"), None);
/// assert_eq!(decimal::<u64>("-0"), None);
/// ```
pub fn decimal<T: FromStr>(text: &str) -> Option<T> {
    is_decimal(text).then(|| text.parse().ok()).flatten()
}

/// A non-empty run of decimal digits.
fn unsigned(text: &str) -> Option<UBig> {
    decimal(text)
}

/// Decimal digits with an optional leading `-`.
fn signed(text: &str) -> Option<IBig> {
    match text.strip_prefix('-') {
        Some(magnitude) => unsigned(magnitude).map(|m| -IBig::from(m)),
        None => unsigned(text).map(IBig::from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn decimals_are_digits_only() {
        for text in [
            "", " ", "+1", "-1", "-0", " 1", "1 ", "1_0", "1e3", "0x1", "١", "1.0",
        ] {
            assert!(!is_decimal(text), "{text:?}");
            assert_eq!(decimal::<u64>(text), None, "{text:?}");
            assert_eq!(decimal::<UBig>(text), None, "{text:?}");
        }
        assert_eq!(decimal::<u64>("007"), Some(7));
        assert_eq!(decimal::<u32>("4294967296"), None);
        let huge = format!("1{}", "0".repeat(40));
        assert_eq!(decimal::<u64>(&huge), None);
        assert_eq!(decimal::<UBig>(&huge), Some(UBig::from(10u8).pow(40)));
    }

    proptest! {
        #[test]
        fn decimal_reads_what_display_writes(n: u64) {
            prop_assert_eq!(decimal::<u64>(&n.to_string()), Some(n));
            prop_assert_eq!(decimal::<UBig>(&n.to_string()), Some(UBig::from(n)));
        }

        #[test]
        fn decimal_accepts_exactly_digit_strings(text in "[0-9+ -]{0,6}") {
            let digits = !text.is_empty() && text.chars().all(|c| c.is_ascii_digit());
            prop_assert_eq!(decimal::<u64>(&text).is_some(), digits);
        }
    }

    fn parsed(text: &str) -> String {
        text.parse::<QuadraticIrrational>().unwrap().to_string()
    }

    #[test]
    fn accepted_forms() {
        let cases = [
            ("phi", "(1+1*sqrt(5))/2"),
            ("PHI", "(1+1*sqrt(5))/2"),
            ("sqrt2", "(0+1*sqrt(2))/1"),
            ("sqrt(5)", "(0+1*sqrt(5))/1"),
            ("sqrt(12)", "(0+2*sqrt(3))/1"),
            ("(1+sqrt(5))/2", "(1+1*sqrt(5))/2"),
            ("(-1+sqrt(13))/2", "(-1+1*sqrt(13))/2"),
            ("(3-sqrt(5))/2", "(3-1*sqrt(5))/2"),
            ("(1+1*sqrt(5))/2", "(1+1*sqrt(5))/2"),
            ("(7+3*sqrt(11))/5", "(7+3*sqrt(11))/5"),
            ("(-7-3*sqrt(11))/-5", "(7+3*sqrt(11))/5"),
            ("(1*sqrt(5))/2", "(0+1*sqrt(5))/2"),
            ("(1-2*sqrt(5))/-1", "(-1+2*sqrt(5))/1"),
            ("(3-1*sqrt(5))/2", "(3-1*sqrt(5))/2"),
            ("-1+2*sqrt(3)", "(-1+2*sqrt(3))/1"),
            ("3*sqrt(2)", "(0+3*sqrt(2))/1"),
            ("sqrt(5)/2", "(0+1*sqrt(5))/2"),
            ("(2+2*sqrt(20))/4", "(1+2*sqrt(5))/2"),
            (" phi ", "(1+1*sqrt(5))/2"),
        ];
        for (text, canonical) in cases {
            assert_eq!(parsed(text), canonical, "{text}");
        }
    }

    #[test]
    fn rejected_forms_say_what_is_accepted() {
        let malformed = [
            "",
            "pi",
            "sqrt",
            "sqrt()",
            "sqrt(x)",
            "sqrt(5",
            "(1+sqrt(5))/",
            "(1+sqrt(5))/x",
            "1+sqrt(5))/2",
            "(+sqrt(5))/2",
            "(1+sqrt(5)é)/2",
            "é+sqrt(5)",
            "(1++sqrt(5))/2",
            "sqrt(-5)",
            "(1+2**sqrt(5))/2",
            "(1.5+sqrt(5))/2",
            "(1+sqrt(5))/2/3",
            "--sqrt(5)",
        ];
        for text in malformed {
            let error = text.parse::<QuadraticIrrational>().unwrap_err();
            assert!(
                matches!(error, QuadraticError::Syntax { .. }),
                "{text}: {error:?}"
            );
            assert!(error.to_string().contains("(P+Q*sqrt(D))/S"), "{error}");
        }
        let invalid = [
            ("sqrt(4)", "perfect square"),
            ("sqrt(1)", "greater than 1"),
            ("(1+sqrt(5))/0", "denominator"),
            ("(1-sqrt(5))/2", "negative"),
            ("(1+0*sqrt(5))/2", "rational"),
        ];
        for (text, reason) in invalid {
            let error = text.parse::<QuadraticIrrational>().unwrap_err().to_string();
            assert!(error.contains(reason), "{text}: {error}");
        }
    }
}
