//! Brace expansion (bash manual 3.5.1): words over a brace-heavy alphabet
//! expand within `max_brace_expansion` or stop with the limit, never a
//! panic, overflow or unbounded allocation (huge `{1..N}` ranges, steps
//! of 0 or i64::MIN, nested lists).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::Profile;

/// Bytes map onto the characters brace expansion cares about; a few
/// multi-character tokens make large sequences reachable.
const ALPHABET: [&str; 24] = [
    "{",
    "}",
    ",",
    "..",
    ".",
    "a",
    "z",
    "A",
    "1",
    "9",
    "0",
    "-",
    "-1",
    "\\",
    "'",
    "\"",
    "$x",
    "${x}",
    "9223372036854775807",
    "-9223372036854775808",
    "100",
    "é",
    "_",
    "20",
];

fuzz_target!(|data: &[u8]| {
    let word: String = data
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()])
        .collect();
    if word.is_empty() {
        return;
    }
    let script = format!("x=v; set -f; printf '<%s>' {word}; echo");
    let r = common::run(Profile::LogicOnly, &script, &[], b"");
    // Every word printed is at most the limit's count.
    assert!(
        r.stdout.matches('<').count() <= 1_000 * 2 + word.len(),
        "{word:?} gave {} words",
        r.stdout.matches('<').count()
    );
});
