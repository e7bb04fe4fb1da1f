//! The limit flags of `run` (and `mcp`): a negative or non-numeric value
//! is clap's invalid-value usage error naming the flag (exit 2), not an
//! "unexpected argument" that suggests `-- -1`.

use std::process::{Command, Stdio};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The first stderr line and the status of `toolsh run FLAG VALUE -c true`.
fn usage_error(flag: &str, value: &str) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args(["run", flag, value, "-c", "true"])
        .stdin(Stdio::null())
        .output()
        .expect("spawn");
    assert_eq!(text(&out.stdout), "");
    let err = text(&out.stderr);
    (
        err.lines().next().unwrap_or("").to_string(),
        out.status.code(),
    )
}

#[test]
fn negative_limits_are_invalid_values() {
    for (flag, name, value, why) in [
        (
            "--timeout",
            "--timeout <SECONDS>",
            "-1",
            "`-1`: the timeout must be more than 0 and at most 1e9 seconds",
        ),
        (
            "--timeout",
            "--timeout <SECONDS>",
            "-0.5",
            "`-0.5`: the timeout must be more than 0 and at most 1e9 seconds",
        ),
        (
            "--max-output",
            "--max-output <BYTES>",
            "-5",
            "`-5` is negative: the limit must be 0 or more",
        ),
        (
            "--max-commands",
            "--max-commands <N>",
            "-1",
            "`-1` is negative: the limit must be 0 or more",
        ),
        (
            "--max-loop-iterations",
            "--max-loop-iterations <N>",
            "-100",
            "`-100` is negative: the limit must be 0 or more",
        ),
        (
            "--max-output",
            "--max-output <BYTES>",
            "lots",
            "`lots` is not a whole number from 0 to 2^64-1",
        ),
    ] {
        assert_eq!(
            usage_error(flag, value),
            (
                format!("error: invalid value '{value}' for '{name}': {why}"),
                Some(2)
            ),
            "{flag} {value}"
        );
    }
}

/// Valid values still work, including 0 for a count.
#[test]
fn valid_limits_still_apply() {
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args([
            "run",
            "--max-output",
            "4",
            "--timeout",
            "5",
            "-c",
            "echo 123456789",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("spawn");
    assert_eq!(out.status.code(), Some(124), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "toolsh: stdout limit exceeded (4)\n");
}
