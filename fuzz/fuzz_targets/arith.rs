//! Arithmetic expansion (bash manual 6.5): any text evaluated by `$(( ))`,
//! `let` and `declare -i` gives a number or an error, never a panic
//! (overflow wraps, division by zero and bad bases are errors).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::Profile;

fuzz_target!(|data: &[u8]| {
    let Ok(expr) = std::str::from_utf8(data) else {
        return;
    };
    let _ = toolsh_parser::parse_arith(expr);
    let args = [expr.to_string()];
    common::run(
        Profile::LogicOnly,
        "a=(1 2 3); x=7; echo \"$(( $1 ))\"; let \"y = $1\"; echo $? $y; declare -i z; z=$1; echo $z",
        &args,
        b"",
    );
});
