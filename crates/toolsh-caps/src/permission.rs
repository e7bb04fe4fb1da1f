//! Permission modes, approvals, trust levels and the dynamic authorizer.

use std::sync::atomic::{AtomicU8, Ordering};

use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;

use crate::descriptor::RiskClass;

/// How calls are reviewed (agent-host convention).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PermissionMode {
    /// Only `Read` tools: others are hidden from the catalog and denied.
    ReadOnly,
    /// `Read` tools run; any other call waits for the approval handler.
    Auto,
    /// Every granted call runs without asking.
    #[default]
    Full,
}

/// What an approval handler is asked.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApprovalRequest {
    /// A unique id of the call within the runtime.
    pub call_id: u64,
    /// The tool.
    pub tool: String,
    /// The validated parameters.
    pub params: Value,
    /// The tool's risk class.
    pub risk: RiskClass,
    /// The execution making the call
    /// ([`toolsh_tools::ToolCallRequest::execution`]): lets a host route the
    /// question to whoever started that execution.
    pub execution: u64,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApprovalDecision {
    /// Run the call.
    Approve,
    /// Refuse it; the script sees `<tool>: denied: <reason>`.
    Deny(String),
}

/// Decides calls in `Auto` mode; the script waits for the answer.
#[async_trait]
pub trait ApprovalHandler: Send + Sync {
    /// Decide one call.
    async fn decide(&self, request: ApprovalRequest) -> ApprovalDecision;
}

/// A dynamic per-call decision by the host, consulted at reservation.
#[async_trait]
pub trait ToolCallAuthorizer: Send + Sync {
    /// `Ok(())` to allow, `Err(reason)` to deny.
    async fn authorize(
        &self,
        tool: &str,
        params: &Value,
        tenant: Option<&str>,
    ) -> Result<(), String>;
}

/// How far the runtime as a whole is trusted. Changing it takes effect on
/// the next call, also inside a running script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum TrustLevel {
    /// Everything the mode and lease allow.
    #[default]
    Trusted = 0,
    /// As `Trusted` (a host-verified state, for audit).
    Verified = 1,
    /// Only `Read` tools.
    Quarantined = 2,
    /// Nothing runs.
    Blocked = 3,
}

/// A trust level shared between the runtime and its running executions.
#[derive(Debug, Default)]
pub(crate) struct SharedTrust(AtomicU8);

impl SharedTrust {
    pub fn get(&self) -> TrustLevel {
        match self.0.load(Ordering::SeqCst) {
            0 => TrustLevel::Trusted,
            1 => TrustLevel::Verified,
            2 => TrustLevel::Quarantined,
            _ => TrustLevel::Blocked,
        }
    }
    pub fn set(&self, t: TrustLevel) {
        self.0.store(t as u8, Ordering::SeqCst);
    }
}

/// Whether a tool of `risk` is visible and callable under `mode` and
/// `trust`; `Err` carries the denial reason.
pub fn allowed_by_level(
    risk: RiskClass,
    mode: PermissionMode,
    trust: TrustLevel,
) -> Result<(), String> {
    match trust {
        TrustLevel::Blocked => return Err("the runtime is blocked".into()),
        TrustLevel::Quarantined if risk != RiskClass::Read => {
            return Err("the runtime is quarantined: only read tools may run".into());
        }
        _ => {}
    }
    if mode == PermissionMode::ReadOnly && risk != RiskClass::Read {
        return Err("read-only mode".into());
    }
    Ok(())
}
