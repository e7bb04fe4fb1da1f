//! Asking the MCP client to approve a tool call (MCP elicitation, form
//! mode). The server records which client peer started each execution;
//! a host's approval handler asks that peer. A client that did not declare
//! elicitation support cannot be asked, and the caller should deny.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::Peer;
use rmcp::service::{ElicitationError, RoleServer};
use serde::Deserialize;

/// The form the client fills in.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct ApprovalForm {
    /// Whether to run the call.
    approve: bool,
}

rmcp::elicit_safe!(ApprovalForm);

/// How long a client has to answer.
pub const APPROVAL_TIMEOUT: Duration = Duration::from_mins(2);

/// Which client peer started each running execution. Cheap to clone
/// (shared state).
#[derive(Clone, Default)]
pub struct ClientApprovals {
    peers: Arc<Mutex<HashMap<u64, Peer<RoleServer>>>>,
}

impl std::fmt::Debug for ClientApprovals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.peers.lock().map_or(0, |p| p.len());
        f.debug_struct("ClientApprovals")
            .field("executions", &n)
            .finish()
    }
}

impl ClientApprovals {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    pub(crate) fn begin(&self, execution: u64, peer: Peer<RoleServer>) {
        if let Ok(mut p) = self.peers.lock() {
            p.insert(execution, peer);
        }
    }

    pub(crate) fn end(&self, execution: u64) {
        if let Ok(mut p) = self.peers.lock() {
            p.remove(&execution);
        }
    }

    /// Ask the client that started `execution` to approve; `message`
    /// describes the call. `Ok(true)` approved, `Ok(false)` declined.
    ///
    /// # Errors
    /// A reason when nobody can be asked: no client for the execution, a
    /// client without elicitation support, a cancelled or timed-out
    /// request.
    pub async fn ask(&self, execution: u64, message: String) -> Result<bool, String> {
        let peer = self
            .peers
            .lock()
            .ok()
            .and_then(|p| p.get(&execution).cloned())
            .ok_or_else(|| "no MCP client to ask for approval".to_string())?;
        match peer
            .elicit_with_timeout::<ApprovalForm>(message, Some(APPROVAL_TIMEOUT))
            .await
        {
            Ok(Some(form)) => Ok(form.approve),
            Ok(None) | Err(ElicitationError::UserDeclined | ElicitationError::UserCancelled) => {
                Ok(false)
            }
            Err(ElicitationError::CapabilityNotSupported) => {
                Err("approval required, and the MCP client does not support elicitation".into())
            }
            Err(e) => Err(format!("approval request failed: {e}")),
        }
    }
}
