//! The tools of the `tool_calls` scripts, one definition per runner: a
//! toolsh [`ToolRegistry`] (schema-validated commands), bashkit custom
//! builtins, and the bash shell functions in
//! `benches/scripts/tool_calls/tools.bash`. All three print the same
//! compact JSON for the same arguments.

use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::json;
use toolsh_interp::Utility;
use toolsh_tools::{ToolArgs, ToolCallRequest, ToolDef, ToolImpl, ToolRegistry, commands_for};

/// `get_user --id N`: `{"id":N,"name":"user N","active":<N is even>}`.
pub fn get_user(id: i64) -> String {
    format!(
        "{{\"id\":{id},\"name\":\"user {id}\",\"active\":{}}}",
        id % 2 == 0
    )
}

/// `list_orders --limit N`: `[{"id":1,"total":11},...]`, `total = id*10 + id%3`.
pub fn list_orders(limit: i64) -> String {
    let mut out = String::from("[");
    for i in 1..=limit {
        if i > 1 {
            out.push(',');
        }
        let _ = write!(out, "{{\"id\":{i},\"total\":{}}}", i * 10 + i % 3);
    }
    out.push(']');
    out
}

/// `search --query Q --limit N`: `{"query":"Q","hits":["Q-1",...]}`.
pub fn search(query: &str, limit: i64) -> String {
    let hits: Vec<String> = (1..=limit).map(|i| format!("\"{query}-{i}\"")).collect();
    format!("{{\"query\":\"{query}\",\"hits\":[{}]}}", hits.join(","))
}

/// The three tools as a toolsh registry (each with a JSON Schema that the
/// registry validates every call against).
pub fn toolsh_registry() -> ToolRegistry {
    let mut reg = ToolRegistry::new();
    let user = ToolDef::new("get_user", "Look up one user by id.").with_schema(json!({
        "type": "object",
        "properties": {"id": {"type": "integer", "minimum": 0}},
        "required": ["id"]
    }));
    let orders = ToolDef::new("list_orders", "List the most recent orders.").with_schema(json!({
        "type": "object",
        "properties": {"limit": {"type": "integer", "minimum": 0, "default": 5}}
    }));
    let search_def = ToolDef::new("search", "Search the catalog.").with_schema(json!({
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "limit": {"type": "integer", "minimum": 0, "default": 3}
        },
        "required": ["query"]
    }));
    let tools = [
        ToolImpl::new(user).with_exec(|a: &ToolArgs| Ok(get_user(a.param_i64("id").unwrap_or(0)))),
        ToolImpl::new(orders)
            .with_exec(|a: &ToolArgs| Ok(list_orders(a.param_i64("limit").unwrap_or(5)))),
        ToolImpl::new(search_def).with_exec(|a: &ToolArgs| {
            Ok(search(
                a.param_str("query").unwrap_or_default(),
                a.param_i64("limit").unwrap_or(3),
            ))
        }),
    ];
    for t in tools {
        reg.register(t).expect("valid tool definitions");
    }
    reg
}

/// The shell commands of a registry for one fresh execution (each tool,
/// `help` and `discover`), ready for [`toolsh_interp::ShellBuilder::builtin`].
pub fn toolsh_commands(registry: &Arc<ToolRegistry>) -> Vec<Arc<dyn Utility>> {
    commands_for(registry, &Arc::new(ToolCallRequest::default()))
}

/// `--key value` or `--key=value` from bashkit's argv (without the command
/// name), as the bash functions parse it.
fn flag<'a>(args: &'a [String], key: &str) -> Option<&'a str> {
    let long = format!("--{key}");
    let eq = format!("--{key}=");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if *a == long {
            return it.next().map(String::as_str);
        }
        if let Some(v) = a.strip_prefix(&eq) {
            return Some(v);
        }
    }
    None
}

fn flag_i64(args: &[String], key: &str, default: i64) -> i64 {
    flag(args, key)
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One of the tools as a bashkit custom builtin (bashkit's mechanism for
/// host commands: `BashBuilder::builtin`). bashkit has no schema
/// validation, so the arguments are parsed by hand like the bash functions.
pub struct BashkitTool(pub &'static str);

#[bashkit::async_trait]
impl bashkit::Builtin for BashkitTool {
    async fn execute(
        &self,
        ctx: bashkit::BuiltinContext<'_>,
    ) -> bashkit::Result<bashkit::ExecResult> {
        let a = ctx.args;
        let out = match self.0 {
            "get_user" => get_user(flag_i64(a, "id", 0)),
            "list_orders" => list_orders(flag_i64(a, "limit", 5)),
            _ => search(
                flag(a, "query").unwrap_or_default(),
                flag_i64(a, "limit", 3),
            ),
        };
        Ok(bashkit::ExecResult::ok(out + "\n"))
    }
}

/// The names of the tools, for registering [`BashkitTool`]s.
pub const TOOL_NAMES: [&str; 3] = ["get_user", "list_orders", "search"];
