//! Glob/pattern matching (bash manual 3.5.8.1, extglob): any pattern
//! compiles or is refused, and matching any text terminates without a
//! panic, within its step budget or with the budget's limit error.
//! Nested extglob must not blow up exponentially (the fuzzer's per-input
//! timeout catches that). A pattern of plain text matches exactly itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toolsh_interp::pattern::{Budget, Pattern, PatternOptions, escape};

/// Steps per query: a few tens of milliseconds of matching.
const STEPS: u64 = 20_000_000;

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let opts = PatternOptions {
        extglob: data[0] & 1 != 0,
        nocase: data[0] & 2 != 0,
    };
    let Ok(s) = std::str::from_utf8(&data[1..]) else {
        return;
    };
    let (pat, text) = s.split_once('\0').unwrap_or((s, "abc.txt"));
    if let Ok(p) = Pattern::new(pat, opts) {
        let _ = p.matches(text, &mut Budget::new(STEPS));
        let chars: Vec<char> = text.chars().collect();
        let _ = p.find(&chars, 0, &mut Budget::new(STEPS));
        let _ = p.match_at(&chars, 0, true, &mut Budget::new(STEPS));
        let mut m = p.matcher(&chars);
        let _ = m.suffix(false, &mut Budget::new(STEPS));
    }
    // An escaped text is a pattern that matches exactly that text.
    let lit = Pattern::new(
        &escape(text),
        PatternOptions {
            extglob: opts.extglob,
            nocase: false,
        },
    )
    .expect("escaped text compiles");
    assert_eq!(
        lit.matches(text, &mut Budget::new(u64::MAX)),
        Ok(true),
        "escape({text:?}) does not match itself"
    );
});
