//! awk (POSIX awk, gawk manual): any program over any input gives output
//! or an error, never a panic or a hang (`while (1)`, recursion,
//! `getline` and `system` never reach the host).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::Profile;

fuzz_target!(|data: &[u8]| {
    let parts = common::split(data, 2);
    let input = parts.get(1).map_or("a b c\n1 2 3\nx,y,z\n", String::as_str);
    common::run(
        Profile::LogicOnly,
        "awk -- \"$1\"",
        &[parts[0].clone()],
        input.as_bytes(),
    );
});
