//! Any bytes: the parser returns a tree or an error, never panics, and
//! arithmetic text is handled the same way.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        let _ = toolsh_parser::parse(src);
        let _ = toolsh_parser::parse_arith(src);
    }
});
