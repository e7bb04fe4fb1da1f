//! sed (POSIX sed, GNU sed manual): any script over any input gives output
//! or an error, never a panic or a hang (`:a; ba` loops stop at a limit);
//! file commands (`w`, `r`, `e`) never reach the host.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::Profile;

fuzz_target!(|data: &[u8]| {
    let parts = common::split(data, 2);
    let input = parts.get(1).map_or("one\ntwo\nthree\n", String::as_str);
    common::run(
        Profile::LogicOnly,
        "sed -e \"$1\"; echo \"status $?\"; sed -n -E -e \"$1\" <<<\"$2\"",
        &[parts[0].clone(), input.to_string()],
        input.as_bytes(),
    );
});
