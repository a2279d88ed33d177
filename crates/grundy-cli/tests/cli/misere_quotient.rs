//! `period octal:CODE --misere`: the misère quotient, checked on the built
//! binary against the analyzes it must agree with.

use crate::common;

use common::{json_of, refusal, text_of};

/// Plambeck's R8 (INTEGERS 5, 2005): 0.75 has a quotient of order 8 with a
/// P-portion of two elements, from heap 5 on.
#[test]
fn period_misere_of_0_75_is_r8() {
    let q = json_of(&["period", "octal:0.75", "--misere", "--max", "8"]);
    assert_eq!(q["game"], "octal:0.75");
    assert_eq!(q["convention"], "misere");
    assert_eq!(q["max_heap"], 8);
    assert_eq!(q["order"], 8);
    assert_eq!(q["p_portion"].as_array().unwrap().len(), 2);
    assert_eq!(q["stable_since"], 5);
    assert_eq!(q["heaps"].as_array().unwrap().len(), 9);
    assert_eq!(q["heaps"][0], "1");
    assert_eq!(q["heaps"][1], "a");
    let table = q["table"].as_array().unwrap();
    assert_eq!(table.len(), 8);
    let orders: Vec<u64> = q["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["order"].as_u64().unwrap())
        .collect();
    assert_eq!(orders, [2, 6, 6, 6, 8, 8, 8, 8]);
    assert!(q["proved"].as_str().unwrap().contains("at most 8"));
}

/// Every element a heap maps to, and every relation's sides, are elements.
#[test]
fn the_presentation_names_only_elements() {
    let q = json_of(&["period", "kayles", "--misere", "--max", "9"]);
    let elements: Vec<&str> = q["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(elements.len() as u64, q["order"].as_u64().unwrap());
    for name in q["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .chain(q["p_portion"].as_array().unwrap())
    {
        assert!(elements.contains(&name.as_str().unwrap()), "{name}");
    }
    for relation in q["relations"].as_array().unwrap() {
        assert!(elements.contains(&relation["equals"].as_str().unwrap()));
        assert!(!elements.contains(&relation["word"].as_str().unwrap()));
    }
}

#[test]
fn period_misere_text_says_what_is_proved() {
    let text = text_of(&["period", "dawson", "--misere", "--max", "6"]);
    assert!(
        text.starts_with(
            "dawson (octal:0.07), misère play: the quotient of the sums of heaps up to 6"
        ),
        "{text}"
    );
    assert!(
        text.contains("nothing is claimed for larger heaps"),
        "{text}"
    );
    assert!(text.contains("multiplication table:"), "{text}");
}

#[test]
fn period_misere_refuses_what_it_cannot_do() {
    assert!(refusal(&["period", "nim", "--misere"]).contains("octal games"));
    assert!(
        refusal(&["period", "kayles", "--misere", "--max", "100000"]).contains("QUOTIENT_HEAPS")
    );
    refusal(&["period", "kayles", "--misere", "--checkpoint", "x"]);
}
