//! Issue 22, mechanisms 1 and 4: every number a script gives a builtin or
//! a utility is bounded where it enters (`numarg`), and every loop over
//! script-controlled work checks the deadline. Each case below took the
//! host down before (a panic, an abort on a failed allocation, or a loop
//! that outlived its deadline); now it prints what GNU bash 5.2 and GNU
//! coreutils 9.1 print (expected values from running them, C locale), or
//! stops with the named limit and status 124.
//!
//! Every script runs on its own thread under a wall-clock bound, so a
//! loop that ignores the deadline fails the test instead of hanging it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use toolsh_interp::{EXIT_LIMIT, ExecResult, ExecutionLimits, LimitKind, MemoryFs, Shell};

/// How long any script here may take on a loaded 2-core machine (debug
/// build): far above its deadline, far below a hang.
const WALL: Duration = Duration::from_secs(5);

/// Default limits with a short deadline: the values a host runs with.
fn limits(deadline_ms: u64) -> ExecutionLimits {
    ExecutionLimits {
        timeout: Some(Duration::from_millis(deadline_ms)),
        ..ExecutionLimits::default()
    }
}

/// Run `script` in the Sandbox profile (a fresh `MemoryFs`) on a thread
/// of its own; panics when it does not end within [`WALL`].
fn run(limits: ExecutionLimits, script: &str) -> ExecResult {
    let (tx, rx) = std::sync::mpsc::channel();
    let text = script.to_string();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let r = rt.block_on(async {
            let fs = Arc::new(MemoryFs::new());
            Shell::builder()
                .utilities(toolsh_utils::standard())
                .limits(limits)
                .fs(fs)
                .build()
                .exec(&text)
                .await
        });
        let _ = tx.send(r);
    });
    let start = Instant::now();
    match rx.recv_timeout(WALL) {
        Ok(r) => r,
        Err(e) => panic!("{script}: no result after {:?} ({e})", start.elapsed()),
    }
}

/// `r` printed exactly `stdout` and `stderr` with status `status`. A
/// long mismatch is reported by its length and first difference.
#[track_caller]
fn assert_out(r: &ExecResult, stdout: &str, stderr: &str, status: i32) {
    let short = |s: &str| -> String { s.chars().take(200).collect() };
    if r.stdout != stdout {
        let at = r
            .stdout
            .bytes()
            .zip(stdout.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(r.stdout.len().min(stdout.len()));
        panic!(
            "stdout: {} bytes, want {}; first difference at {at}: {:?} (stderr {:?}, status {})",
            r.stdout.len(),
            stdout.len(),
            short(r.stdout.get(at.saturating_sub(10)..).unwrap_or("")),
            short(&r.stderr),
            r.exit_code
        );
    }
    assert_eq!((r.stderr.as_str(), r.exit_code), (stderr, status));
}

/// `r` stopped on `kind` with `toolsh: <limit> exceeded (<value>)` last
/// on stderr and status 124.
#[track_caller]
fn assert_limit(r: &ExecResult, kind: LimitKind, value: &str) {
    let want = format!("toolsh: {} exceeded ({value})\n", kind.name());
    assert_eq!(r.limit, Some(kind), "{r:?}");
    assert_eq!(r.exit_code, EXIT_LIMIT, "{r:?}");
    assert!(r.stderr.ends_with(&want), "want {want:?}: {r:?}");
}

/// A script that must stop at its deadline (300 ms), well within [`WALL`].
#[track_caller]
fn assert_stops_at_deadline(script: &str) {
    let start = Instant::now();
    let r = run(limits(300), script);
    let took = start.elapsed();
    assert_limit(&r, LimitKind::Timeout, "300ms");
    assert!(took < WALL, "{script}: took {took:?}");
}

fn zeros(n: usize) -> String {
    "0".repeat(n)
}

// ---- Panics: a precision or width past Rust's formatter (65,535) ----

#[test]
fn printf_precisions_past_65535_print_what_bash_prints() {
    let l = || limits(5_000);
    // `printf '%.70000f' 0.5`: "0.5" and 69,999 zeros.
    let r = run(l(), "printf '%.70000f' 0.5");
    assert_out(&r, &format!("0.5{}", zeros(69_999)), "", 0);
    let r = run(l(), "printf '%.*f' 70000 0.5");
    assert_out(&r, &format!("0.5{}", zeros(69_999)), "", 0);
    // `%e`: "5." then 70,000 zeros and "e-01" (70,006 bytes).
    let r = run(l(), "printf '%.70000e' 0.5");
    assert_out(&r, &format!("5.{}e-01", zeros(70_000)), "", 0);
    // `%g` drops the zeros; `%#g` keeps 70,000 significant digits.
    let r = run(l(), "printf '%.70000g\\n' 0.5");
    assert_out(&r, "0.5\n", "", 0);
    let r = run(l(), "printf '%#.70000g' 0.5");
    assert_out(&r, &format!("0.5{}", zeros(69_999)), "", 0);
    // The large-but-sane value bash prints too.
    let r = run(l(), "printf '%.500f\\n' 1");
    assert_out(&r, &format!("1.{}\n", zeros(500)), "", 0);
}

#[test]
fn awk_printf_precisions_past_65535_print() {
    let r = run(limits(5_000), "awk 'BEGIN { printf \"%.70000f\", 0.5 }'");
    assert_out(&r, &format!("0.5{}", zeros(69_999)), "", 0);
}

#[test]
fn nl_width_65536_pads_as_gnu_nl() {
    let r = run(limits(5_000), "echo a | nl -w 65536");
    assert_out(&r, &format!("{}1\ta\n", " ".repeat(65_535)), "", 0);
}

#[test]
fn seq_with_a_70000_digit_operand_prints_every_digit() {
    // GNU: the precision of FIRST (70,001 decimals) for every number;
    // FIRST itself underflows to 0 (140,008 bytes).
    let first = format!("0.{}1", zeros(70_000));
    let r = run(limits(5_000), &format!("seq {first} 1"));
    let want = format!("0.{z}\n1.{z}\n", z = zeros(70_001));
    assert_out(&r, &want, "", 0);
    // A plain large-but-sane value as GNU prints it.
    let r = run(limits(5_000), "seq 1e3 | tail -n 1");
    assert_out(&r, "1000\n", "", 0);
}

#[test]
fn sleep_of_inf_or_1e19_waits_until_the_deadline() {
    assert_stops_at_deadline("sleep inf");
    assert_stops_at_deadline("sleep 1e19");
    assert_stops_at_deadline("sleep 9223372036854775807d");
    assert_stops_at_deadline("timeout 99999999999999999999 sleep inf");
}

#[test]
fn expr_substr_with_a_position_past_u64_is_empty() {
    let r = run(limits(5_000), "expr substr abc 18446744073709551616 1");
    assert_out(&r, "\n", "", 1);
    // A length of any size is the rest of the string (GNU uses bignums).
    let r = run(
        limits(5_000),
        "expr substr abc 2 99999999999999999999999999999999999999999",
    );
    assert_out(&r, "bc\n", "", 0);
}

#[test]
fn date_with_99999999999_days_is_an_invalid_date() {
    for d in [
        "99999999999 days",
        "999999999999999999 hours",
        "99999999999 weeks",
        "-999999999999999999 minutes ago",
    ] {
        let r = run(limits(5_000), &format!("date -d '{d}'"));
        assert_out(&r, "", &format!("date: invalid date '{d}'\n"), 1);
    }
}

#[test]
fn uniq_skip_and_width_at_usize_max_do_not_overflow() {
    let r = run(
        limits(5_000),
        "printf 'a b\\na b\\n' | uniq -s 18446744073709551615 -w 18446744073709551615",
    );
    assert_out(&r, "a b\n", "", 0);
}

// ---- Memory from one number ----

#[test]
fn a_descriptor_number_never_sizes_the_table() {
    // bash past `ulimit -n` (1024 here, `numarg::MAX_FD`): `N: Bad file
    // descriptor`, the redirection fails with status 1 and the script
    // goes on.
    let r = run(limits(2_000), "exec 2147483647>/dev/null; echo ok $?");
    assert_out(
        &r,
        "ok 1\n",
        "toolsh: line 1: 2147483647: Bad file descriptor\n",
        0,
    );
    let r = run(limits(2_000), "echo hi 1024>/dev/null; echo $?");
    assert_out(&r, "1\n", "toolsh: line 1: 1024: Bad file descriptor\n", 0);
    let r = run(limits(2_000), "echo hi 1023>/dev/null");
    assert_out(&r, "hi\n", "", 0);
    // Past `i32::MAX` the digits are a word, as in bash: an argument of
    // echo, a command for exec.
    let r = run(limits(2_000), "echo hi 99999999999>/dev/null; echo $?");
    assert_out(&r, "0\n", "", 0);
    let r = run(
        limits(2_000),
        "exec 99999999999>/dev/null; echo not reached",
    );
    assert_eq!((r.stdout.as_str(), r.exit_code), ("", 127), "{r:?}");
    // `{var}>` takes the lowest free descriptor from 10 and fails, as
    // bash does at `ulimit -n`, once none is left below the bound (bash
    // fails at i=1012: it holds three descriptors of its own).
    let r = run(
        limits(4_000),
        "for i in $(seq 1100); do exec {v}>/dev/null || break; done; echo $i $v",
    );
    assert_out(
        &r,
        "1015 1023\n",
        "toolsh: line 1: redirection error: cannot duplicate fd: Too many open files\n",
        0,
    );
}

#[test]
fn split_makes_its_pieces_one_at_a_time() {
    // 99,999,999,999 chunks: the file system's node limit ends it
    // (GNU would create them all), with nothing built up front.
    let r = run(
        limits(4_000),
        "echo abc > f; split -n 99999999999 f; echo $?",
    );
    assert!(r.stdout.ends_with("1\n"), "{r:?}");
    assert!(r.stderr.contains("No space left on device"), "{r:?}");
    // A suffix as long as the number says is a buffer: refused by name.
    let r = run(limits(2_000), "echo abc > f; split -a 99999999999 f");
    assert_limit(&r, LimitKind::BufferBytes, "67108864");
    // Past u64: GNU's refusal.
    let r = run(
        limits(2_000),
        "echo abc > f; split -l 99999999999999999999 f",
    );
    assert_out(
        &r,
        "",
        "split: invalid number of lines: '99999999999999999999': Value too large for defined data type\n",
        1,
    );
}

#[test]
fn widths_in_stat_find_and_nl_formats_hit_the_format_limit() {
    for s in [
        "stat -c '%99999999999s' .",
        "find . -printf '%99999999999p'",
        "echo a | nl -w 99999999999",
        "printf '%*d' 99999999999999999999 1",
        "seq -f '%99999999999f' 1 1",
    ] {
        let r = run(limits(2_000), s);
        assert_limit(&r, LimitKind::FormatWidth, "100000");
    }
}

#[test]
fn read_counts_end_with_the_input_or_a_limit() {
    let r = run(limits(2_000), "read -n 99999999999 x <<< abc; echo $x");
    assert_out(&r, "abc\n", "", 0);
    let small = ExecutionLimits {
        max_variable_bytes: 4096,
        ..limits(4_000)
    };
    let r = run(small, "yes | read -N 99999999999 x");
    assert_limit(&r, LimitKind::VariableBytes, "4096");
}

// ---- Counts GNU refuses ----

#[test]
fn counts_past_u64_get_gnu_errors() {
    let r = run(limits(2_000), "echo a | head -n 99999999999999999999999");
    assert_out(
        &r,
        "",
        "head: invalid number of lines: '99999999999999999999999': Value too large for defined data type\n",
        1,
    );
    let r = run(limits(2_000), "echo a | tail -c 99999999999999999999999");
    assert_out(
        &r,
        "",
        "tail: invalid number of bytes: '99999999999999999999999': Value too large for defined data type\n",
        1,
    );
    let r = run(limits(2_000), "echo a | column -c 9223372036854775807");
    assert_out(
        &r,
        "",
        "column: invalid columns argument: '9223372036854775807': Numerical result out of range\n",
        1,
    );
}

// ---- Time: loops over a script's count end with the input or the deadline ----

#[test]
fn uniq_skipping_99999999999_fields_is_one_pass() {
    let r = run(
        limits(2_000),
        "printf 'a b\\na b\\nc d\\n' | uniq -f 99999999999",
    );
    assert_out(&r, "a b\n", "", 0);
}

#[test]
fn column_width_of_u32_max_is_one_row() {
    let r = run(limits(2_000), "printf 'a\\nb\\n' | column -c 4294967295");
    assert_out(&r, "a\tb\n", "", 0);
}

#[test]
fn endless_work_stops_at_the_deadline() {
    for s in [
        "read -n 5 x < /dev/zero",
        "yes | uniq -f 99999999999 > /dev/null",
        "yes > /dev/null",
        "seq inf > /dev/null",
        "shuf -r -n 99999999999 -e a b > /dev/null",
        "head -c 99999999999 /dev/zero | od > /dev/null",
    ] {
        assert_stops_at_deadline(s);
    }
}

#[test]
fn date_and_printf_time_widths_follow_gnu_and_bash() {
    // GNU date pads to any width; past the format limit toolsh stops.
    let r = run(limits(5_000), "date -u -d @0 +%99999Y");
    assert_out(&r, &format!("{}1970\n", zeros(99_995)), "", 0);
    let r = run(limits(2_000), "date -u -d @0 +%99999999999Y");
    assert_limit(&r, LimitKind::FormatWidth, "100000");
    // bash's `%(fmt)T` buffer holds 127 bytes: a longer result is empty.
    let r = run(limits(2_000), "TZ=UTC printf '%(%127Y)T|%(%128Y)T|\\n' 0 0");
    assert_out(&r, &format!("{}1970||\n", zeros(123)), "", 0);
}

#[test]
fn seq_with_a_wide_format_stops_at_the_deadline() {
    assert_stops_at_deadline("seq -f %100000f 1 99999999999 > /dev/null");
}
