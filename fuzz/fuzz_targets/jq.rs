//! jq (jq 1.7 manual): any filter over any input gives output or an error
//! with a status, never a panic, unbounded recursion or a hang
//! (`def f: f; f`, `repeat(.)`, `range(1e18)` stop at a limit).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::Profile;

fuzz_target!(|data: &[u8]| {
    let parts = common::split(data, 2);
    let filter = parts[0].clone();
    let input = parts
        .get(1)
        .map_or("{\"a\":[1,2,{\"b\":null}],\"s\":\"x\"}", String::as_str);
    common::run(
        Profile::LogicOnly,
        "jq -c -- \"$1\"",
        &[filter],
        input.as_bytes(),
    );
});
