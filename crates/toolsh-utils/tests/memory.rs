//! The execution's memory budget (issue 22, mechanism 2):
//! `ExecutionLimits::max_memory_bytes` bounds what the buffers of one
//! execution hold together, and a script that would pass it stops with
//! `toolsh: memory limit exceeded (<bound>)`, status 124, its output so
//! far kept. Each script here grew this process far past its limits
//! before (jq values: 2.5 GB; printf output formatted whole: 4 GB); the
//! test measures the peak resident memory of this process around each
//! run (`VmHWM` in `/proc/self/status`, reset through
//! `/proc/self/clear_refs`) and holds it near the bound.

use std::time::{Duration, Instant};

use toolsh_interp::{EXIT_LIMIT, ExecResult, ExecutionLimits, LimitKind, Shell};

/// The budget under test: 64 MiB.
const BUDGET: usize = 64 << 20;

/// Peak growth allowed over the budget: the debug build's copies while
/// a value is made, the allocator's slack.
const SLACK_KIB: u64 = 96 * 1024;

/// Every test runs alone, so a peak belongs to its own script.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn limits() -> ExecutionLimits {
    ExecutionLimits::default()
        .with_max_memory_bytes(BUDGET)
        .with_timeout(Some(Duration::from_secs(20)))
}

fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Run `script` and assert that the peak resident memory grew by less
/// than the budget plus [`SLACK_KIB`] and that it ended in `secs`.
fn measured(script: &str, secs: u64) -> ExecResult {
    let _serial = SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = peak_rss_kib();
    let start = Instant::now();
    let r = rt.block_on(async {
        Shell::builder()
            .utilities(toolsh_utils::standard())
            .limits(limits())
            .build()
            .exec(script)
            .await
    });
    let took = start.elapsed();
    assert!(took < Duration::from_secs(secs), "{script}: took {took:?}");
    if let (Some(b), Some(a)) = (before, peak_rss_kib()) {
        let bound = (BUDGET as u64) / 1024 + SLACK_KIB;
        assert!(
            a.saturating_sub(b) < bound,
            "{script}: peak grew {b} -> {a} KiB (bound {bound} KiB)"
        );
    }
    r
}

#[track_caller]
fn assert_memory_limit(r: &ExecResult, stdout: &str) {
    assert_eq!(
        (r.exit_code, r.limit),
        (EXIT_LIMIT, Some(LimitKind::Memory)),
        "{r:?}"
    );
    assert!(
        r.stderr
            .ends_with(&format!("toolsh: memory limit exceeded ({BUDGET})\n")),
        "{r:?}"
    );
    assert_eq!(r.stdout, stdout, "{r:?}");
}

#[test]
fn doubling_jq_values_hit_the_memory_limit() {
    for program in [
        r#"reduce range(40) as $i ("x"; .+.) | length"#,
        "reduce range(40) as $i ([1]; .+.) | length",
        r#"reduce range(40) as $i ("x"; try (.+.) catch .) | length"#,
        r#"[limit(40; repeat("x" * 1000000))] | add | length"#,
    ] {
        let r = measured(&format!("echo before; jq -n '{program}'; echo after"), 15);
        assert_memory_limit(&r, "before\n");
    }
}

#[test]
fn printf_output_streams_as_it_is_formatted() {
    // Written pass by pass: the stdout limit (10 MiB) stops it with the
    // bytes up to the limit, not the memory of 10 GB formatted first.
    let r = measured(r"printf '%099999d\n' {1..100000}", 15);
    assert_eq!(
        (r.exit_code, r.limit),
        (EXIT_LIMIT, Some(LimitKind::StdoutBytes)),
        "{:?}",
        r.stderr
    );
    assert_eq!(r.stdout.len(), 10 << 20);
    // Into a pipe it streams too; the reader keeps nothing.
    let r = measured(r"printf '%099999d\n' {1..1000} | wc -c", 15);
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        ("100000000\n", 0),
        "{r:?}"
    );
    // One pass of many wide conversions is bounded as it grows.
    let r = measured(
        r#"f=$(printf '%%099999d%.0s' {1..1000}); printf "$f" 1 | wc -c"#,
        15,
    );
    assert_eq!(r.stdout, "", "{r:?}");
    assert_eq!(r.limit, Some(LimitKind::BufferBytes), "{r:?}");
}

#[test]
fn buffers_held_at_once_share_one_budget() {
    // Each command substitution is within `max_buffer_bytes` (64 MiB)
    // and each variable within `max_variable_bytes` (16 MiB); together
    // they pass the 64 MiB budget.
    let r = measured(
        "echo before; a=$(yes | head -c 15000000); b=$(yes | head -c 15000000)
         c=$(yes | head -c 15000000); d=$(yes | head -c 15000000); e=$(yes | head -c 15000000)
         echo after",
        15,
    );
    assert_memory_limit(&r, "before\n");
}

#[test]
fn the_default_budget_is_256_mib() {
    assert_eq!(ExecutionLimits::default().max_memory_bytes, 256 << 20);
}
