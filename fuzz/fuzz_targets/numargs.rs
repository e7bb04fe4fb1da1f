//! Numeric arguments of every builtin and utility (issue 22): a command
//! form picked by the first byte gets numbers built from the rest, drawn
//! from huge, negative, fractional, overflowing and suffixed values. Every
//! run ends under the tight limits (see `common.rs`) with output or an
//! error, never a panic, an allocation sized by the number, or a loop
//! past the deadline (`numarg.rs` is the mechanism under test).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use toolsh_interp::Profile;

/// Command forms; `$1` and `$2` are the fuzzed numbers.
const FORMS: &[&str] = &[
    "echo abc | head -n \"$1\"",
    "echo abc | head -c \"$1\"",
    "printf 'a\\nb\\n' | tail -n \"$1\"",
    "echo abc | tail -c \"$1\"",
    "echo abcdef > f; split -l \"$1\" f",
    "echo abcdef > f; split -b \"$1\" f",
    "echo abcdef > f; split -n \"$1\" f",
    "echo abcdef > f; split -a \"$1\" f",
    "seq \"$1\" \"$2\" 5",
    "seq -f \"%.${1}f\" 1 2",
    "printf \"%${1}.${2}f|\" 1.5",
    "printf \"%.${1}e|%.${2}g\" 1.5 2",
    "printf '%*.*d' \"$1\" \"$2\" 7",
    "echo a | nl -w \"$1\" -i \"$2\" -v \"$2\"",
    "echo abcdef | fold -w \"$1\"",
    "printf 'a\\nb\\n' | column -c \"$1\"",
    "printf 'a b\\na b\\n' | uniq -f \"$1\" -s \"$2\" -w \"$1\"",
    "echo abcdef | cut -c \"$1-$2\"",
    "sleep \"$1\"",
    "timeout \"$1\" sleep \"$2\"",
    "expr substr abcdef \"$1\" \"$2\"",
    "expr index abc \"$1\"; expr \"$1\" + \"$2\"",
    "date -u -d \"@$1\"; date -u -d \"$1 days\"",
    "date -u -d @0 \"+%${1}Y\"",
    "shuf -n \"$1\" -e a b c",
    "shuf -i \"1-$1\" -n 3",
    "echo abc | od -N \"$1\" -j \"$2\" -w \"$1\"",
    "eval \"exec $1>/dev/null\"; echo $?",
    "eval \"echo x >&$1\"",
    "read -n \"$1\" x <<< abc; read -t \"$2\" y <<< d",
    "x=abcdef; echo \"${x:$1:$2}\"",
    "a=(1 2 3); echo \"${a[@]:$1:$2}\"",
    "eval \"echo {1..10..$1}\"",
    "set -- a b c; shift \"$1\"; echo $#",
    "awk -v n=\"$1\" -v m=\"$2\" 'BEGIN { printf \"%.*f|%*d\\n\", n, 1, m, 2; print substr(\"abc\", n, m) }'",
    "printf '%(%Y)T\\n' \"$1\"",
    "echo a | xargs -n \"$1\" echo",
    "printf 'b\\na\\n' | sort -k \"$1\"",
    "echo a | grep -m \"$1\" -A \"$2\" a",
    "echo abc | sed -n \"${1}p\"",
];

/// Pieces a number is built from.
const PIECES: &[&str] = &[
    "0", "1", "7", "9", "-", "+", ".", "e", "inf", "nan", "99999999999", "18446744073709551616",
    "9223372036854775807", "2147483648", "4294967296", "65536", "100001", "1e19", "K", "M", "G",
    "E", "kB", "b", "d", "h", "0x", "-1", "0.5",
];

fn number(bytes: &[u8]) -> String {
    bytes
        .iter()
        .take(6)
        .map(|&b| PIECES[usize::from(b) % PIECES.len()])
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let form = FORMS[usize::from(pick) % FORMS.len()];
    let half = rest.len() / 2;
    let args = [number(&rest[..half]), number(&rest[half..])];
    let r = common::run(Profile::Sandbox, form, &args, b"");
    common::check(&r);
});
