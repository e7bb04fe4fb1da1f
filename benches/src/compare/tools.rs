//! The tools of the `tool_calls` and `agent` scripts, one definition per runner: a
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

/// `get_orders --user N [--status S]`: user N's three orders
/// `[{"id":N*10+K,"user":N,"total":T,"status":S}]` (K = 1..3, T =
/// (7N + 13K) mod 100 + 5, status `open` for K = 2, else `paid`), only
/// those with status S when given. Fails for N mod 10 = 9 (`no such user:
/// N`), which the agent scripts' fallback branches take.
pub fn get_orders(user: i64, status: Option<&str>) -> Result<String, String> {
    if user.rem_euclid(10) == 9 {
        return Err(format!("no such user: {user}"));
    }
    let mut out = String::from("[");
    for k in 1..=3 {
        let st = if k == 2 { "open" } else { "paid" };
        if status.is_some_and(|s| s != st) {
            continue;
        }
        if out.len() > 1 {
            out.push(',');
        }
        let total = (7 * user + 13 * k).rem_euclid(100) + 5;
        let id = user * 10 + k;
        let _ = write!(
            out,
            "{{\"id\":{id},\"user\":{user},\"total\":{total},\"status\":\"{st}\"}}"
        );
    }
    out.push(']');
    Ok(out)
}

/// `send_message --to X --text T`: `{"ok":true,"to":"X","bytes":<T's length>}`.
pub fn send_message(to: &str, text: &str) -> String {
    format!("{{\"ok\":true,\"to\":\"{to}\",\"bytes\":{}}}", text.len())
}

/// The five tools as a toolsh registry (each with a JSON Schema that the
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
    let orders_of = ToolDef::new("get_orders", "A user's orders, optionally by status.")
        .with_schema(json!({
            "type": "object",
            "properties": {
                "user": {"type": "integer", "minimum": 0},
                "status": {"type": "string", "enum": ["open", "paid"]}
            },
            "required": ["user"]
        }));
    let message = ToolDef::new("send_message", "Send a message to a user.").with_schema(json!({
        "type": "object",
        "properties": {"to": {"type": "string"}, "text": {"type": "string"}},
        "required": ["to", "text"]
    }));
    let tools = [
        ToolImpl::new(orders_of).with_exec(|a: &ToolArgs| {
            get_orders(a.param_i64("user").unwrap_or(0), a.param_str("status"))
        }),
        ToolImpl::new(message).with_exec(|a: &ToolArgs| {
            Ok(send_message(
                a.param_str("to").unwrap_or_default(),
                a.param_str("text").unwrap_or_default(),
            ))
        }),
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
            "get_orders" => match get_orders(flag_i64(a, "user", 0), flag(a, "status")) {
                Ok(out) => out,
                Err(e) => return Ok(bashkit::ExecResult::err(format!("get_orders: {e}\n"), 1)),
            },
            "send_message" => send_message(
                flag(a, "to").unwrap_or_default(),
                flag(a, "text").unwrap_or_default(),
            ),
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
pub const TOOL_NAMES: [&str; 5] = [
    "get_user",
    "list_orders",
    "search",
    "get_orders",
    "send_message",
];
