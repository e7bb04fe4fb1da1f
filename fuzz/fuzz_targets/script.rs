//! Whole-script execution under tight limits, in both profiles: any
//! script ends (output, time, memory bounded by `ExecutionLimits`), never
//! panics, and a limit stop carries status 124.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::{EXIT_LIMIT, Profile};

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let profile = if data[0] & 1 == 0 {
        Profile::Sandbox
    } else {
        Profile::LogicOnly
    };
    let Ok(src) = std::str::from_utf8(&data[1..]) else {
        return;
    };
    let r = common::run(profile, src, &["arg one".into(), "2".into()], b"in1\nin2\n");
    if r.limit.is_some() {
        assert_eq!(r.exit_code, EXIT_LIMIT, "{r:?}");
    }
});
