//! A profiling target for the tool-call path: one `ScriptedTool` with a
//! trivial schema-validated tool `ping`, run as `perf record` fodder.
//!
//! ```sh
//! cargo run --release -p toolsh-tools --example dispatch_loop -- calls 10000
//! cargo run --release -p toolsh-tools --example dispatch_loop -- executes 20000
//! ```
//! `calls N`: one script making N `ping --n $i` calls; `executes N`: N
//! executions of the one-call script `ping --n 1`. Prints the mean time per
//! call or execution.

use std::time::Instant;

use serde_json::json;
use toolsh_tools::{ScriptedTool, ToolArgs, ToolDef, ToolRequest};

fn main() {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "calls".to_string());
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let def = ToolDef::new("ping", "Answer ok.").with_schema(json!({
        "type": "object",
        "properties": {"n": {"type": "integer", "minimum": 0}},
        "required": ["n"]
    }));
    let tool = ScriptedTool::builder("bench")
        .tool_fn(def, |_: &ToolArgs| Ok("ok".to_string()))
        .build()
        .expect("valid tool");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let start = Instant::now();
        if mode == "executes" {
            for _ in 0..n {
                let r = tool.execute(ToolRequest::new("ping --n 1")).await;
                assert_eq!(r.exit_code, 0, "{}", r.stderr);
            }
        } else {
            let script = format!("for ((i = 0; i < {n}; i++)); do ping --n $i; done");
            let r = tool.execute(ToolRequest::new(script)).await;
            assert_eq!(r.exit_code, 0, "{}", r.stderr);
            assert_eq!(r.stdout.lines().count(), n);
        }
        let per = start.elapsed() / u32::try_from(n).unwrap_or(u32::MAX);
        println!("{mode}: {n} in {:?}, {per:?} each", start.elapsed());
    });
}
