//! Tool-dispatch benchmarks (issue 7), through `ScriptedTool::execute`
//! (fresh LogicOnly shell per execution) with one trivial tool `ping`
//! whose JSON Schema (`{"n": integer}`) is validated on every call:
//!
//! - `calls_10k`: one script making 10,000 `ping --n $i` calls;
//! - `baseline_10k`: the same loop running the builtin `: --n $i`
//!   instead, so `calls_10k - baseline_10k` is the dispatch overhead of
//!   10k tool calls (flag parsing, JSON params, schema validation, the
//!   callback, trace, output);
//! - `execute_one_call`: `ScriptedTool::execute` of `ping --n 1`;
//! - `execute_echo`: `ScriptedTool::execute` of `echo hi` (no tool call).

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;
use toolsh_tools::{ScriptedTool, ToolArgs, ToolDef, ToolRequest};

fn tool() -> ScriptedTool {
    let def = ToolDef::new("ping", "Answer ok.").with_schema(json!({
        "type": "object",
        "properties": {"n": {"type": "integer", "minimum": 0}},
        "required": ["n"]
    }));
    ScriptedTool::builder("bench")
        .tool_fn(def, |_: &ToolArgs| Ok("ok".to_string()))
        .build()
        .expect("valid tool")
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let t = tool();
    let run = |script: &'static str, want_lines: usize| {
        let t = t.clone();
        async move {
            let r = t.execute(ToolRequest::new(script)).await;
            assert_eq!(r.exit_code, 0, "{}", r.stderr);
            assert_eq!(r.stdout.lines().count(), want_lines);
        }
    };

    let mut g = c.benchmark_group("tools");
    g.bench_function("execute_echo", |b| {
        b.to_async(&rt).iter(|| run("echo hi", 1));
    });
    g.bench_function("execute_one_call", |b| {
        b.to_async(&rt).iter(|| run("ping --n 1", 1));
    });
    g.sample_size(10);
    g.bench_function("calls_10k", |b| {
        b.to_async(&rt).iter(|| {
            run(
                "for ((i = 0; i < 10000; i++)); do ping --n $i; done; echo end",
                10_001,
            )
        });
    });
    g.bench_function("baseline_10k", |b| {
        b.to_async(&rt).iter(|| {
            run(
                "for ((i = 0; i < 10000; i++)); do : --n $i; done; echo end",
                1,
            )
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
