//! One agent turn through the executor: the model's structured call runs
//! the shop tools through a `ScriptedTool`, a plain `bash` tool runs over a
//! persistent sandbox session, a legacy fenced block falls through to the
//! same executors, and a large result is spooled. Every call is one JSON
//! line in the trajectory.
//!
//! `RUST_LOG=toolsh_executor=debug cargo run -p toolsh-executor --example
//! agent_turn` shows the `tool_call` spans (tool_id, tool_name, status,
//! elapsed_ms, result_chars).

use std::sync::Arc;

use serde_json::json;
use toolsh_executor::{
    CallPipeline, CompositeExecutor, ScriptedToolExecutor, ShellExecutor, SpoolTarget, Spooler,
    ToolCall, ToolExecutor, Trajectory,
};
use toolsh_tools::{ScriptedTool, demo::shop_tools};

#[tokio::main]
async fn main() {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("toolsh_executor=info")),
        )
        .with_writer(std::io::stderr)
        .init();

    let mut shop = ScriptedTool::builder("shop");
    for t in shop_tools() {
        shop = shop.tool(t);
    }
    let shop = ScriptedToolExecutor::new(shop.build().expect("valid tools"));
    // The sandbox session first: it also takes the legacy fenced blocks.
    let executor: Arc<dyn ToolExecutor> = Arc::new(CompositeExecutor::new(
        ShellExecutor::sandbox_session(),
        shop,
    ));
    let workspace = std::env::temp_dir().join("toolsh-agent-turn");
    let pipeline = CallPipeline::new(executor.clone())
        .spooler(Spooler::new(SpoolTarget::Workspace(workspace.clone())))
        .trajectory(Trajectory::new(&workspace, "example"));

    println!("tools offered to the model:");
    for d in executor.tool_definitions() {
        println!("  {}", d.def.name);
    }

    let calls = [
        ToolCall::new(
            "call-1",
            "shop",
            json!({"commands": "customers.list --tier gold | jq -r '.[].name'"}),
        ),
        ToolCall::new(
            "call-2",
            "bash",
            json!({"commands": "mkdir -p notes && echo 'gold: 2' > notes/summary && cat notes/summary"}),
        ),
        ToolCall::new(
            "call-3",
            "bash",
            json!({"commands": "seq 1 5000 | awk '{ printf \"row %d\\n\", $1 }'"}),
        ),
    ];
    for call in &calls {
        let r = pipeline.handle_call(call, false).await;
        let result = r.model_json["result"].as_str().unwrap_or_default();
        println!(
            "{} -> {} ({} chars to the model{})",
            call.id,
            r.model_json["status"],
            result.len(),
            r.spool_path
                .as_deref()
                .map(|p| format!(", spooled to {p}"))
                .unwrap_or_default()
        );
    }
    let fenced = pipeline
        .handle_response("Let me check:\n```bash\ncat notes/summary\n```\n", false)
        .await;
    println!("fenced block -> {}", fenced.model_json);
    println!(
        "trajectory: {}",
        workspace
            .join(".toolsh/trajectories/example.jsonl")
            .display()
    );
}
