//! Approvals asked of the MCP client through elicitation: an in-process
//! rmcp client (protocol 2025-11-25) that approves, declines, or does not
//! declare elicitation support, talking to a `ScriptServer` whose tool
//! registry has a gate asking [`ClientApprovals`].

use std::sync::Arc;

use async_trait::async_trait;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult,
    ElicitationAction, Implementation, ProtocolVersion,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::{ClientHandler, ErrorData, ServiceExt};
use serde_json::{Map, Value, json};
use toolsh_mcp::{ClientApprovals, ScriptServer};
use toolsh_tools::{
    CallGate, DiscoveryMode, PendingCall, PolicyDecision, ScriptedTool, ScriptingToolSet, ToolArgs,
    ToolDef,
};

/// Asks the client of the calling execution before `acct.delete` runs.
struct AskClient(ClientApprovals);

#[async_trait]
impl CallGate for AskClient {
    async fn admit(&self, call: &PendingCall<'_>) -> PolicyDecision {
        match self
            .0
            .ask(
                call.execution,
                format!("Allow {} {}?", call.name, call.params),
            )
            .await
        {
            Ok(true) => PolicyDecision::Allow,
            Ok(false) => PolicyDecision::Deny("declined by the MCP client".into()),
            Err(reason) => PolicyDecision::Deny(reason),
        }
    }
}

#[derive(Clone)]
struct Client {
    elicitation: bool,
    approve: bool,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let caps = if self.elicitation {
            ClientCapabilities::builder().enable_elicitation().build()
        } else {
            ClientCapabilities::default()
        };
        ClientConfig::new(caps, Implementation::new("approval-test", "0.0.0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let ElicitRequestParams::FormElicitationParams { message, .. } = request else {
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        };
        assert!(
            message.starts_with("Allow acct.delete {\"id\":7}"),
            "{message}"
        );
        Ok(ElicitResult::new(ElicitationAction::Accept)
            .with_content(json!({"approve": self.approve})))
    }
}

async fn run(client: Client) -> Value {
    let approvals = ClientApprovals::new();
    let tool = ScriptedTool::builder("script")
        .tool_fn(
            ToolDef::new("acct.delete", "Delete an account.").with_schema(json!({
                "type": "object",
                "required": ["id"],
                "properties": {"id": {"type": "integer"}}
            })),
            |a: &ToolArgs| Ok(format!("deleted {}", a.params["id"])),
        )
        .gate(Arc::new(AskClient(approvals.clone())))
        .build()
        .unwrap();
    let server = ScriptServer::new(ScriptingToolSet::from_tool(tool, DiscoveryMode::Exclusive))
        .with_approvals(approvals);
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server_task = tokio::spawn(async move {
        let running = server.serve(server_io).await.unwrap();
        let _ = running.waiting().await;
    });
    let running = client.serve(client_io).await.unwrap();
    let mut args = Map::new();
    args.insert(
        "commands".into(),
        json!("acct.delete --id 7; echo \"st=$?\""),
    );
    let result = running
        .peer()
        .call_tool(CallToolRequestParams::new("script").with_arguments(args))
        .await
        .unwrap();
    let _ = running.cancel().await;
    server_task.abort();
    result.structured_content.unwrap()
}

#[tokio::test]
async fn an_approving_client_lets_the_call_run() {
    let out = run(Client {
        elicitation: true,
        approve: true,
    })
    .await;
    assert_eq!(out["stdout"], "deleted 7\nst=0\n", "{out}");
}

#[tokio::test]
async fn a_declining_client_denies_it() {
    let out = run(Client {
        elicitation: true,
        approve: false,
    })
    .await;
    assert_eq!(out["stdout"], "st=1\n", "{out}");
    assert_eq!(
        out["stderr"], "acct.delete: denied: declined by the MCP client\n",
        "{out}"
    );
}

#[tokio::test]
async fn a_client_without_elicitation_cannot_approve() {
    let out = run(Client {
        elicitation: false,
        approve: true,
    })
    .await;
    assert_eq!(out["stdout"], "st=1\n", "{out}");
    assert_eq!(
        out["stderr"],
        "acct.delete: denied: approval required, and the MCP client does not support elicitation\n",
        "{out}"
    );
}
