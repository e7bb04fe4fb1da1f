//! `/dev/null` and the standard-stream names as file operands in the
//! `LogicOnly` profile, which has no file system but allows them (as it
//! allows `> /dev/null`). The Sandbox profile is covered by the spec
//! corpus (`tests/spec/files/dev-files.test.sh`); the expected output here
//! is what bash 5.2 with GNU coreutils, grep, sed and gawk prints for the
//! same script.

use toolsh_interp::{Profile, Shell};

const SCRIPT: &str = r#"cat /dev/null; echo "cat:$?"
wc -c /dev/null
echo x | cat /dev/stdin
echo x | grep x /dev/stdin
printf 'b\na\n' | sort /dev/stdin
printf 'l1\nl2\n' | head -n1 /dev/stdin
echo y | sed p /dev/stdin
echo 1 2 | awk '{print $2}' /dev/stdin
echo x | tee /dev/stdout | cat
echo y | tee /dev/stderr /dev/null 2>&1 | sort
[ -e /dev/null ] && echo e-yes
test -c /dev/null && echo c-yes
[ -f /dev/null ] || echo not-f
"#;

const BASH_OUTPUT: &str = "cat:0
0 /dev/null
x
x
a
b
l1
y
y
2
x
x
y
y
e-yes
c-yes
not-f
";

#[tokio::test]
async fn device_names_work_without_a_file_system() {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::LogicOnly)
        .build();
    let r = sh.exec(SCRIPT).await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        (BASH_OUTPUT, 0),
        "{}",
        r.stderr
    );
    // Other files stay out of reach.
    let r = sh.exec("cat /etc/passwd; echo $?").await;
    assert_eq!(r.stdout, "1\n");
    assert!(r.stderr.contains("disabled"), "{}", r.stderr);
}

/// `/dev/zero` and `/dev/urandom` in the `LogicOnly` profile, as file
/// operands and redirections; the expected output is what bash 5.2 with
/// GNU coreutils prints for the same script.
#[tokio::test]
async fn endless_devices_work_without_a_file_system() {
    let script = r"head -c 16 /dev/zero | base64
head -c 4 /dev/urandom | wc -c
head -c 3 < /dev/zero | tr '\0' z; echo
cat /dev/urandom | head -c 5 | wc -c
test -c /dev/zero && echo c-yes
echo x > /dev/zero; echo st=$?
";
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::LogicOnly)
        .build();
    let r = sh.exec(script).await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        ("AAAAAAAAAAAAAAAAAAAAAA==\n4\nzzz\n5\nc-yes\nst=0\n", 0),
        "{}",
        r.stderr
    );
}

/// Reading an endless device never holds more than a chunk and always
/// ends at a limit, with the limit's status (124): the output limit for
/// `cat /dev/zero` and for `head -n 1` (it streams the line that never
/// ends, as GNU head does), the buffer limit for a utility that reads its
/// operand whole (`sort`, `tac`), the deadline when the output goes
/// nowhere.
#[tokio::test]
async fn endless_devices_stop_at_the_limits() {
    use std::time::{Duration, Instant};
    use toolsh_interp::{ExecutionLimits, LimitKind};
    let limits = ExecutionLimits {
        max_stdout_bytes: 1 << 20,
        max_buffer_bytes: 4 << 20,
        timeout: Some(Duration::from_millis(300)),
        ..ExecutionLimits::default()
    };
    let cases = [
        ("cat /dev/zero", LimitKind::StdoutBytes),
        ("cat /dev/urandom", LimitKind::StdoutBytes),
        ("tr '\\0' x < /dev/zero", LimitKind::StdoutBytes),
        ("sort /dev/zero", LimitKind::BufferBytes),
        ("tac /dev/zero", LimitKind::BufferBytes),
        ("head -n -1 /dev/zero", LimitKind::BufferBytes),
        ("head -n 1 /dev/zero", LimitKind::StdoutBytes),
        ("cat /dev/zero > /dev/null", LimitKind::Timeout),
        // `od` streams too: every line printed (`-v`, or a changing input)
        // ends at the output limit; folding duplicates prints nothing after
        // the first `*`, so it ends at the deadline (GNU od never ends
        // there either).
        ("od -v /dev/zero", LimitKind::StdoutBytes),
        ("od -t x1z /dev/urandom", LimitKind::StdoutBytes),
        ("od -c < /dev/urandom", LimitKind::StdoutBytes),
        ("od /dev/zero", LimitKind::Timeout),
    ];
    for (script, kind) in cases {
        let mut sh = Shell::builder()
            .utilities(toolsh_utils::standard())
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
        // At most the limit's bytes were kept (`stdout` is lossy UTF-8: a
        // random byte that is not UTF-8 becomes a 3-byte U+FFFD).
        assert!(
            r.stdout.len() <= 3 << 20,
            "{script}: {} bytes",
            r.stdout.len()
        );
        assert!(!r.stdout.ends_with("after\n"), "{script}");
        assert!(start.elapsed() < Duration::from_secs(10), "{script}");
    }
}

/// A bounded read of an endless device ends normally (expected output
/// from GNU od 9.1: the short last line is never folded).
#[tokio::test]
async fn od_reads_a_bounded_part_of_an_endless_device() {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::LogicOnly)
        .build();
    let r = sh.exec("od -N 20 -t x1 /dev/zero; echo $?").await;
    assert_eq!(
        r.stdout,
        "0000000 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n0000020 00 00 00 00\n0000024\n0\n"
    );
}
