//! Fan-out and memory per execution (issue 29, targets 4 and 5), through
//! `ScriptedTool::execute` with one asynchronous tool `slow --ms N --id I`
//! that sleeps N ms on the host's runtime and answers `{"id":I}`:
//!
//! - `fanout/amp_wait_50x100ms`: 50 `slow --ms 100 &`, then `wait`
//!   (target: under 150 ms);
//! - `fanout/xargs_p50_50x100ms`: the same 50 calls through
//!   `xargs -P 50` (target: under 150 ms);
//! - `fanout/xargs_p50_1000x1ms`: 1,000 calls of 1 ms at concurrency 50
//!   (target: under 50 ms);
//! - `memory/concurrent_1000_two_calls`: 1,000 executions at once of a
//!   script making two 50 ms calls; the peak resident memory of the process
//!   (`VmHWM`, reset through `/proc/self/clear_refs`) over the first batch,
//!   less the resident memory before it, is printed per execution
//!   (`memory per execution: ... KiB`, target ≤ 256 KiB); later batches
//!   reuse what the first one's allocations left, so only the first is
//!   printed. The time is that of the whole batch.
//!
//! The runtime is tokio's multi-threaded one with two workers, as a server
//! would run it.

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use toolsh_tools::{ScriptedTool, ToolArgs, ToolDef, ToolRequest};

fn tool() -> ScriptedTool {
    let def = ToolDef::new("slow", "Answer after a delay.").with_schema(json!({
        "type": "object",
        "properties": {
            "ms": {"type": "integer", "minimum": 0, "maximum": 10000},
            "id": {"type": "integer"}
        },
        "required": ["ms"]
    }));
    ScriptedTool::builder("bench")
        .async_tool_fn(def, |a: ToolArgs| async move {
            let ms = a.param_i64("ms").unwrap_or(0).clamp(0, 10_000);
            tokio::time::sleep(Duration::from_millis(ms.unsigned_abs())).await;
            Ok(format!("{{\"id\":{}}}", a.param_i64("id").unwrap_or(0)))
        })
        .build()
        .expect("valid tool")
}

/// A line of `/proc/self/status` in KiB (`VmRSS`, `VmHWM`), when Linux
/// says.
fn status_kib(key: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn run(t: &ScriptedTool, script: &str, want: &str) {
    let r = t.execute(ToolRequest::new(script)).await;
    assert_eq!((r.exit_code, r.stdout.as_str()), (0, want), "{}", r.stderr);
}

/// The memory figure is printed for the first batch only.
static PRINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let t = tool();

    let mut g = c.benchmark_group("fanout");
    g.sample_size(10);
    g.bench_function("amp_wait_50x100ms", |b| {
        b.to_async(&rt).iter(|| {
            run(
                &t,
                "for i in $(seq 50); do slow --ms 100 --id $i >/dev/null & done; wait; echo done",
                "done\n",
            )
        });
    });
    g.bench_function("xargs_p50_50x100ms", |b| {
        b.to_async(&rt).iter(|| {
            run(
                &t,
                "seq 50 | xargs -P 50 -I{} slow --ms 100 --id {} | wc -l",
                "50\n",
            )
        });
    });
    g.bench_function("xargs_p50_1000x1ms", |b| {
        b.to_async(&rt).iter(|| {
            run(
                &t,
                "seq 1000 | xargs -P 50 -I{} slow --ms 1 --id {} | wc -l",
                "1000\n",
            )
        });
    });
    g.finish();

    let mut g = c.benchmark_group("memory");
    g.sample_size(10);
    g.bench_function("concurrent_1000_two_calls", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for i in 0..iters {
                let t = t.clone();
                let start = Instant::now();
                rt.block_on(async move {
                    let before = status_kib("VmRSS:");
                    let _ = std::fs::write("/proc/self/clear_refs", "5");
                    let mut set = tokio::task::JoinSet::new();
                    for n in 0..1000 {
                        let t = t.clone();
                        set.spawn(async move {
                            let script = format!(
                                "a=$(slow --ms 50 --id {n}); b=$(slow --ms 50 --id 2); echo \"$a$b\" | wc -c"
                            );
                            t.execute(ToolRequest::new(script)).await.exit_code
                        });
                    }
                    while let Some(r) = set.join_next().await {
                        assert_eq!(r.expect("execution task"), 0);
                    }
                    let peak = status_kib("VmHWM:");
                    if i == 0
                        && !PRINTED.swap(true, std::sync::atomic::Ordering::Relaxed)
                        && let (Some(b), Some(d)) = (before, peak)
                    {
                        eprintln!(
                            "memory per execution: {:.1} KiB ({} KiB grown for 1000 executions)",
                            d.saturating_sub(b) as f64 / 1000.0,
                            d.saturating_sub(b)
                        );
                    }
                });
                total += start.elapsed();
            }
            total
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
