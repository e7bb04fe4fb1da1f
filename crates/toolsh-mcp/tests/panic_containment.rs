//! A panic in one MCP request answers that request with an error (status
//! 70, `toolsh: internal error: ...`, no backtrace) and leaves the server
//! serving every other request. The panic comes from a host builtin that
//! panics on purpose: the interpreter's own panics are being removed one by
//! one, and this must hold for the next one found.

use std::sync::Arc;

use serde_json::{Map, Value, json};
use toolsh_mcp::ScriptServer;
use toolsh_tools::interp::{Utility, UtilityContext, UtilityResult};
use toolsh_tools::{DiscoveryMode, ScriptedTool, ScriptingToolSet};

struct Boom;

#[async_trait::async_trait]
impl Utility for Boom {
    fn name(&self) -> &'static str {
        "boom"
    }
    async fn run(&self, _ctx: &mut UtilityContext<'_>) -> UtilityResult {
        panic!("boom went the builtin")
    }
}

fn args(commands: &str) -> Option<Map<String, Value>> {
    match json!({ "commands": commands }) {
        Value::Object(m) => Some(m),
        _ => None,
    }
}

#[tokio::test]
async fn a_panicking_request_gets_an_error_and_the_server_goes_on() {
    let tool = ScriptedTool::builder("script")
        .utility(Arc::new(Boom))
        .build()
        .unwrap();
    let server = ScriptServer::new(ScriptingToolSet::from_tool(tool, DiscoveryMode::Exclusive));
    let r = server
        .call("script", args("echo before; boom"))
        .await
        .unwrap();
    assert_eq!(r.is_error, Some(true));
    let s = r.structured_content.unwrap();
    assert_eq!(s["exit_code"], 70, "{s}");
    assert_eq!(
        // The panic's message goes to the host's log, not to the script.
        s["stderr"],
        "toolsh: internal error\n",
        "{s}"
    );
    // The next requests, and several at once, are served.
    let calls = (0..4).map(|i| {
        let server = server.clone();
        async move { server.call("script", args(&format!("echo {i}"))).await }
    });
    for (i, r) in futures_join(calls).await.into_iter().enumerate() {
        let s = r.unwrap().structured_content.unwrap();
        assert_eq!(s["stdout"], format!("{i}\n"), "{s}");
    }
}

/// Run the futures concurrently on this runtime; their outputs in order.
async fn futures_join<F: Future + Send + 'static>(fs: impl Iterator<Item = F>) -> Vec<F::Output>
where
    F::Output: Send + 'static,
{
    let handles: Vec<_> = fs.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}
