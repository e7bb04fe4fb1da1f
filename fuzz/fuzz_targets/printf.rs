//! The printf builtin (bash manual 4.2, POSIX printf): any format and
//! arguments give output or an error, never a panic; widths and
//! precisions are bounded by `max_format_width`, so output stays within
//! the stdout limit.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::Profile;

fuzz_target!(|data: &[u8]| {
    let args = common::split(data, 6);
    let r = common::run(
        Profile::LogicOnly,
        "printf -- \"$@\"; echo; printf -v v -- \"$@\"; echo ${#v}",
        &args,
        b"",
    );
    let _ = r;
});
