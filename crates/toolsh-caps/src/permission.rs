//! Permission modes, approvals, trust levels and the dynamic authorizer.

use std::sync::atomic::{AtomicU8, Ordering};

use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;

use crate::descriptor::RiskClass;

/// How calls are reviewed (agent-host convention).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum PermissionMode {
    /// Only `Read` tools: others are hidden from the catalog and denied.
    ReadOnly = 0,
    /// `Read` tools run; any other call waits for the approval handler.
    Auto = 1,
    /// Every granted call runs without asking.
    #[default]
    Full = 2,
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

/// Rewrites a tool's output before the script sees it (masking secrets,
/// say). Every output passes it, local or external; the output bounds
/// (`ToolPolicy::max_output_bytes`, `StreamLimits::max_redacted_bytes`)
/// are checked on what it returns, so a redactor cannot widen them.
pub trait OutputRedactor: Send + Sync {
    /// The text the script receives for `output` of `tool`.
    fn redact(&self, tool: &str, output: String) -> String;
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

/// The one source of truth for the trust level and the permission mode:
/// the capability runtime's lease gate, its catalog listings and the
/// executor layer's trust gate all read the same `TrustState` when they
/// share it ([`crate::CapabilityRuntime::trust_state`]). A change takes
/// effect at the next call everywhere, also inside running scripts.
#[derive(Debug)]
pub struct TrustState {
    trust: AtomicU8,
    mode: AtomicU8,
}

impl Default for TrustState {
    fn default() -> Self {
        Self::new(PermissionMode::default(), TrustLevel::default())
    }
}

impl TrustState {
    /// A state with this mode and trust level.
    pub fn new(mode: PermissionMode, trust: TrustLevel) -> Self {
        Self {
            trust: AtomicU8::new(trust as u8),
            mode: AtomicU8::new(mode as u8),
        }
    }

    /// The effective trust level.
    pub fn effective_trust(&self) -> TrustLevel {
        match self.trust.load(Ordering::SeqCst) {
            0 => TrustLevel::Trusted,
            1 => TrustLevel::Verified,
            2 => TrustLevel::Quarantined,
            _ => TrustLevel::Blocked,
        }
    }

    /// Set the effective trust level (every holder sees it at its next
    /// call).
    pub fn set_effective_trust(&self, t: TrustLevel) {
        self.trust.store(t as u8, Ordering::SeqCst);
    }

    /// The permission mode.
    pub fn permission_mode(&self) -> PermissionMode {
        match self.mode.load(Ordering::SeqCst) {
            0 => PermissionMode::ReadOnly,
            1 => PermissionMode::Auto,
            _ => PermissionMode::Full,
        }
    }

    /// Set the permission mode.
    pub fn set_permission_mode(&self, m: PermissionMode) {
        self.mode.store(m as u8, Ordering::SeqCst);
    }

    /// [`allowed_by_level`] under the current mode and trust level.
    ///
    /// # Errors
    /// The denial reason.
    pub fn check(&self, risk: RiskClass) -> Result<(), String> {
        allowed_by_level(risk, self.permission_mode(), self.effective_trust())
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
