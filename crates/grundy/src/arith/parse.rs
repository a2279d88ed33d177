//! Reading quadratic irrationals from text: `phi`, `sqrt2`, `sqrt(D)` and
//! `(P+Q*sqrt(D))/S` with its variants (`(1+sqrt(5))/2`, `(3-sqrt(5))/2`,
//! `Q*sqrt(D)`, ...). The canonical [`Display`](std::fmt::Display) form reads back
//! to the same number.

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

/// A non-empty run of decimal digits.
fn unsigned(text: &str) -> Option<UBig> {
    let digits_only = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits_only.then(|| text.parse().ok()).flatten()
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
