//! Octal games and coins in a circle on the built binary: complete lists of
//! winning moves at every size, in the contract's order, families where the
//! moves are too many, and answers from checkpoints for the count asked.

use crate::common;

use serde_json::{json, Value};

use common::{compiled_baseline, grundy, json_of};

/// A JSON integer (a number, or a decimal string when large) as a u128.
fn int(v: &Value) -> u128 {
    match v {
        Value::Number(n) => u128::from(n.as_u64().expect("a natural number")),
        Value::String(s) => s.parse().expect("a decimal integer"),
        other => panic!("not an integer: {other}"),
    }
}

/// The `to` of every listed winning move, as integers.
fn reached(answer: &Value) -> Vec<Vec<u128>> {
    answer["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_array().unwrap().iter().map(int).collect())
        .collect()
}

/// Kayles values, from the rules (heaps below 200).
fn kayles_values(count: usize) -> Vec<u64> {
    let mut values = vec![0u64; count];
    for n in 1..count {
        let mut seen = vec![false; 2 * count];
        for take in 1..=2.min(n) {
            let rest = n - take;
            for a in 0..=rest / 2 {
                seen[(values[a] ^ values[rest - a]) as usize] = true;
            }
        }
        values[n] = seen.iter().position(|s| !s).unwrap() as u64;
    }
    values
}

/// Kayles' value of any heap: period 12 from 71 (Guy and Smith), checked
/// against the rules on the first 200 heaps.
fn kayles(n: u128, small: &[u64]) -> u64 {
    if n < small.len() as u128 {
        small[n as usize]
    } else {
        small[(71 + (n - 71) % 12) as usize]
    }
}

#[test]
fn every_winning_move_of_a_kayles_heap_above_2_to_the_20_is_listed() {
    // Listed 14 of 87,382 before: splits with a large first part were skipped.
    let small = kayles_values(200);
    assert!((71..188).all(|n| small[n] == small[n + 12]));
    let n: u128 = (1 << 20) + 1;
    let answer = json_of(&["analyze", "kayles", &n.to_string()]);
    let target = 0;
    let mut expected = Vec::new();
    for take in [1u128, 2] {
        let rest = n - take;
        for a in 1..=rest / 2 {
            if kayles(a, &small) ^ kayles(rest - a, &small) == target {
                expected.push(vec![a, rest - a]);
            }
        }
        if kayles(rest, &small) == target {
            expected.push(vec![rest]);
        }
    }
    expected.sort();
    assert_eq!(expected.len(), 87_382);
    assert_eq!(
        reached(&answer),
        expected,
        "every move, in the contract's order"
    );
    assert!(answer.get("winning_moves_complete").is_none());
}

#[test]
fn the_first_move_is_first_in_the_contracts_order() {
    // `--moves one` gave [2, 2]: splits were tried before single heaps.
    for (code, heap) in [("octal:4.406", "4"), ("octal:0.0472", "5")] {
        let all = reached(&json_of(&["analyze", code, heap]));
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(all, sorted, "{code} {heap}");
        let one = reached(&json_of(&["analyze", code, heap, "--moves", "one"]));
        assert_eq!(one, [vec![1]], "{code} {heap}");
        assert_eq!(one[0], all[0]);
    }
    // The same with several heaps and huge ones.
    let huge = format!("1{}", "0".repeat(30));
    let args = ["analyze", "kayles", "3", &huge, "1000001"];
    let one = reached(&json_of(&[&args[..], &["--moves", "one"]].concat()));
    let all = json_of(&args);
    assert_eq!(one[0], reached(&all)[0]);
}

#[test]
fn too_many_winning_moves_are_counted_and_given_as_families() {
    // `analyze kayles 10^39 10^39` was refused (exit 2).
    let huge = format!("1{}", "0".repeat(39));
    let both = json_of(&["analyze", "kayles", &huge, &huge]);
    assert_eq!(
        (both["outcome"].clone(), both["grundy"].clone()),
        (json!("P"), json!(0))
    );
    // Within u128 for the checks below: 3 and 10^38 + 1.
    let big = 10u128.pow(38) + 1;
    let answer = json_of(&["analyze", "kayles", "3", &big.to_string()]);
    assert_eq!(answer["outcome"], "N");
    assert_eq!(answer["winning_moves_complete"], false);
    let count = int(&answer["winning_move_count"]);
    let families = answer["winning_move_families"].as_array().unwrap();
    let in_families: u128 = families.iter().map(|f| int(&f["count"])).sum();
    assert_eq!(in_families, count);
    assert!(count > 10u128.pow(36));
    let listed = reached(&answer);
    assert!(!listed.is_empty() && (listed.len() as u128) < count);
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(listed, sorted);
    let small = kayles_values(200);
    let value = |heaps: &[u128]| heaps.iter().fold(0, |acc, &h| acc ^ kayles(h, &small));
    for to in listed.iter().step_by(997) {
        assert_eq!(value(to), 0, "{to:?}");
    }
    // Every member of every family wins: check the ends and the middle.
    let heaps = [3, big];
    for f in families {
        let (heap, take) = (f["heap"].as_u64().unwrap() as usize, int(&f["take"]));
        let (first, step, last) = (int(&f["first"]), int(&f["step"]), int(&f["last"]));
        assert_eq!(first + (int(&f["count"]) - 1) * step, last);
        for a in [first, first + (last - first) / step / 2 * step, last] {
            let mut after = heaps.to_vec();
            let rest = heaps[heap] - take;
            after.splice(heap..=heap, [a, rest - a]);
            assert_eq!(value(&after), 0, "{f}");
        }
    }
    let text = grundy(&["analyze", "kayles", "3", &big.to_string()]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("the list is cut:"), "{text}");
    assert!(text.contains("mod 12"), "{text}");
}

#[test]
fn a_checkpoint_answers_for_the_count_asked() {
    let dir = std::env::temp_dir().join(format!("grundy-octal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kayles.ckpt");
    let path = file.to_str().unwrap();
    json_of(&[
        "sequence",
        "kayles",
        "--count",
        "5000",
        "--checkpoint",
        path,
    ]);
    let before = std::fs::read(&file).unwrap();
    let ten = json_of(&["sequence", "kayles", "--count", "10", "--checkpoint", path]);
    let fresh = json_of(&["sequence", "kayles", "--count", "10"]);
    assert_eq!(ten["values"], fresh["values"]);
    let stats = &ten["stats"];
    assert_eq!(int(&stats["rare"]) + int(&stats["common"]), 9, "{stats}");
    let max = *kayles_values(10).iter().max().unwrap();
    assert_eq!(stats["max_value"], max);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the checkpoint is kept whole"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_period_cut_by_max_says_it_is_not_certified() {
    // Kayles' certificate needs 168 values; 150 show the period 12 from 71
    // (the apparent-period rule wants three periods and half the values).
    let report = json_of(&["period", "kayles", "--max", "150"]);
    assert_eq!(report["certified"], false);
    assert_eq!(report["checked_to"], 150);
    assert_eq!(
        (report["preperiod"].clone(), report["period"].clone()),
        (json!(71), json!(12))
    );
    let method = report["method"].as_str().unwrap();
    assert!(method.contains("not certified") && method.contains("nothing is known beyond"));
    let none = grundy(&["period", "octal:0.007", "--max", "3000"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("unknown beyond"));
    let out = grundy(&["period", "octal:0.007", "--max", "4294967297"]);
    assert_eq!(out.status.code(), Some(2), "refused before any work");
}

#[test]
fn sequences_and_huge_heaps_use_the_certified_period() {
    // Kayles to 10^6 took 5.6 s; now the period fills the values.
    let values = json_of(&["sequence", "kayles", "--count", "1000000"]);
    let values = values["values"].as_array().unwrap();
    let small = kayles_values(200);
    for n in [0usize, 70, 71, 199, 123_456, 999_999] {
        assert_eq!(values[n].as_u64(), Some(kayles(n as u128, &small)), "{n}");
    }
}

#[test]
fn circles_of_any_size_have_their_value() {
    // circle:1 with an odd number of coins: one move, to a row of N - 1 (0.7).
    let huge_odd = format!("1{}1", "0".repeat(30));
    let answer = json_of(&["analyze", "circle:1", &huge_odd]);
    assert_eq!(answer["outcome"], "N");
    assert_eq!(answer["grundy"], 1);
    assert_eq!(json_of(&["analyze", "circle:1", "2000001"])["grundy"], 1);
    assert_eq!(json_of(&["analyze", "circle:1", "7"])["grundy"], 1);
}

#[test]
fn a_period_is_certified_as_soon_as_the_values_computed_prove_it() {
    // Guy-Smith needs G(n + p) = G(n) for 71 <= n < 2*71 + 12 + 2 in Kayles,
    // so 168 values certify it, whatever the engine's own checking schedule.
    for (game, enough) in [("kayles", "168"), ("dawson", "176")] {
        let report = json_of(&["period", game, "--max", enough]);
        assert_eq!(report["certified"], true, "{game} --max {enough}");
        assert_eq!(report["checked_to"].as_u64().unwrap().to_string(), enough);
    }
}

#[test]
fn a_heap_of_thousands_of_digits_lists_few_moves_and_describes_all() {
    // 262,144 moves of a 3000-digit heap wrote 2.4 GB; the list is now bounded
    // by the digits it holds, and the families still hold every move.
    let heap = "9".repeat(3000);
    let out = grundy(&["analyze", "kayles", &heap, "--json"]);
    assert!(out.status.success());
    assert!(out.stdout.len() < 32 << 20, "{} bytes", out.stdout.len());
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["winning_moves_complete"], false);
    let listed = answer["winning_moves"].as_array().unwrap().len();
    assert!((1000..5000).contains(&listed), "{listed} moves listed");
    let big = |v: &Value| -> dashu_int::UBig {
        match v {
            Value::Number(n) => n.as_u64().unwrap().into(),
            Value::String(s) => s.parse().unwrap(),
            other => panic!("not an integer: {other}"),
        }
    };
    let families = answer["winning_move_families"].as_array().unwrap();
    let in_families: dashu_int::UBig = families.iter().map(|f| big(&f["count"])).sum();
    assert_eq!(in_families, big(&answer["winning_move_count"]));
    assert!(in_families > dashu_int::UBig::from(u128::MAX));
}

/// A sequence from a period is the fill-and-write floor's output (the
/// baseline of README's timings, `crates/grundy/benches/baselines/fill_write.c`),
/// byte for byte: Kayles (period 12 from heap 71) at counts around its
/// preperiod, its values and stats given by grundy for the first heaps.
#[test]
fn a_sequence_from_its_period_is_the_floor_programs() {
    let binary = compiled_baseline("fill_write");
    let first = json_of(&["sequence", "kayles", "--count", "83"]);
    let first: Vec<String> = first["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    for count in [83, 84, 1000, 100_000] {
        let ours = grundy(&[
            "sequence",
            "kayles",
            "--count",
            &count.to_string(),
            "--json",
        ]);
        assert!(ours.status.success());
        let text = String::from_utf8(ours.stdout.clone()).unwrap();
        let tail = &text[text.find(",\"stats\":").unwrap()..text.trim_end().len() - 1];
        let count = count.to_string();
        let args = [count.as_str(), "octal:0.77", "71", "12", "0", tail];
        let floor = std::process::Command::new(&binary)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all(first.join(" ").as_bytes())?;
                child.wait_with_output()
            })
            .expect("the floor runs");
        assert!(floor.stdout == ours.stdout, "count {count}");
    }
    let _ = std::fs::remove_file(&binary);
}
