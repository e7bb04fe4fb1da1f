//! Whatever parses must print to text that parses back to the same tree
//! (at other positions: compared without spans).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(script) = toolsh_parser::parse(src) else {
        return;
    };
    let printed = toolsh_parser::print(&script);
    match toolsh_parser::parse(&printed) {
        Ok(again) => assert!(
            toolsh_parser::visit::eq_ignoring_spans(&again, &script),
            "round trip changed the tree:\n{src:?}\n{printed:?}"
        ),
        Err(e) => panic!("printed text does not parse: {e}\n{src:?}\n{printed:?}"),
    }
});
