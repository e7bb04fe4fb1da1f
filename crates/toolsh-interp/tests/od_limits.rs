//! `od` on an endless device streams it a chunk at a time and ends at a
//! limit with status 124: the output limit when every line is printed
//! (`-v`, or a changing input), the deadline when duplicate folding
//! prints nothing after the first `*` (GNU od never ends there either).

use std::time::{Duration, Instant};

use toolsh_interp::{ExecutionLimits, LimitKind, Profile, Shell};

#[tokio::test]
async fn od_on_endless_devices_stops_at_a_limit() {
    let limits = ExecutionLimits {
        max_stdout_bytes: 1 << 20,
        max_buffer_bytes: 4 << 20,
        timeout: Some(Duration::from_millis(500)),
        ..ExecutionLimits::default()
    };
    let cases = [
        ("od -v /dev/zero", LimitKind::StdoutBytes),
        ("od -t x1z /dev/urandom", LimitKind::StdoutBytes),
        ("od -c < /dev/urandom", LimitKind::StdoutBytes),
        ("od /dev/zero", LimitKind::Timeout),
    ];
    for (script, kind) in cases {
        let mut sh = Shell::builder()
            .profile(Profile::LogicOnly)
            .limits(limits.clone())
            .build();
        let start = Instant::now();
        let r = sh.exec(&format!("{script}; echo after")).await;
        assert_eq!(
            (r.exit_code, r.limit),
            (124, Some(kind)),
            "{script}: {}",
            r.stderr
        );
        assert!(
            r.stdout.len() <= 3 << 20,
            "{script}: {} bytes",
            r.stdout.len()
        );
        assert!(!r.stdout.ends_with("after\n"), "{script}");
        assert!(start.elapsed() < Duration::from_secs(10), "{script}");
    }
    // A bounded read of an endless device ends normally (expected output
    // from GNU od 9.1: the short last line is never folded).
    let mut sh = Shell::builder()
        .profile(Profile::LogicOnly)
        .limits(limits)
        .build();
    let r = sh.exec("od -N 20 -t x1 /dev/zero; echo $?").await;
    assert_eq!(
        r.stdout,
        "0000000 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n0000020 00 00 00 00\n0000024\n0\n"
    );
}
