//! The lease gate: every tool call of an execution is reserved here, in
//! order: trust level → lease grant → input bytes → call budget → a place
//! in the external queue (external tools) → authorizer → permission mode
//! and approval. Denials and results are
//! audited.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use toolsh_tools::{CallGate, CallReport, PendingCall, PolicyDecision};

use crate::audit::{AuditEntry, AuditOutcome};
use crate::descriptor::{Dispatch, RiskClass, ToolPolicy};
use crate::lease::CapabilityLease;
use crate::names::audit_label;
use crate::permission::{ApprovalDecision, ApprovalRequest, PermissionMode, allowed_by_level};
use crate::runtime::Shared;

/// What the gate knows of each tool.
#[derive(Clone)]
pub(crate) struct ToolFacts {
    pub risk: RiskClass,
    pub policy: ToolPolicy,
}

/// Most executions whose call counts a shared gate keeps; the oldest are
/// dropped beyond it (their scripts have long ended).
const MAX_TRACKED_EXECUTIONS: usize = 4096;

/// The lease gate. Call budgets are per execution, keyed by the calling
/// execution's id; `execution` is the audit id (fixed for a gate made for
/// one execution, `None` for a gate shared by many, which audits each
/// call under its request's execution id).
pub(crate) struct LeaseGate {
    pub shared: Arc<Shared>,
    pub lease: CapabilityLease,
    pub facts: HashMap<String, ToolFacts>,
    pub execution: Option<u64>,
    pub catalog_version: u64,
    pub used: Mutex<HashMap<(u64, String), u32>>,
}

impl LeaseGate {
    fn audit(&self, call: &PendingCall<'_>, outcome: AuditOutcome, bytes_in: usize) {
        let name = call.name;
        self.shared.audit.record(AuditEntry {
            seq: 0,
            execution: self.execution.unwrap_or(call.execution),
            label: audit_label(&self.shared.nonce, name),
            outcome,
            bytes_in,
            bytes_out: 0,
            duration_ms: 0,
            exit_code: None,
        });
    }

    fn deny(&self, call: &PendingCall<'_>, reason: String, bytes_in: usize) -> PolicyDecision {
        self.audit(call, AuditOutcome::Denied(reason.clone()), bytes_in);
        PolicyDecision::Deny(reason)
    }

    /// Give back a reservation (the call was refused after it): its call
    /// budget, and its place in the external queue.
    fn release(&self, call: &PendingCall<'_>) {
        self.release_budget(call);
        self.release_external(call);
    }

    /// Give back the call budget only.
    fn release_budget(&self, call: &PendingCall<'_>) {
        let key = (call.execution, call.name.to_string());
        if let Some(n) = self.used.lock().expect("lease lock").get_mut(&key) {
            *n = n.saturating_sub(1);
        }
    }

    /// Give back the external-queue place of an external tool's call.
    fn release_external(&self, call: &PendingCall<'_>) {
        if self
            .facts
            .get(call.name)
            .is_some_and(|f| f.policy.dispatch == Dispatch::External)
        {
            self.shared.external.release();
        }
    }
}

#[async_trait]
impl CallGate for LeaseGate {
    async fn admit(&self, call: &PendingCall<'_>) -> PolicyDecision {
        let name = call.name;
        let bytes_in = call.params.to_string().len() + call.stdin_bytes;
        if self.shared.catalog_version.load(Ordering::SeqCst) != self.catalog_version {
            return self.deny(
                call,
                "the catalog changed since the lease was issued".into(),
                bytes_in,
            );
        }
        let Some(facts) = self.facts.get(name) else {
            return self.deny(call, "not in the capability catalog".into(), bytes_in);
        };
        let mode = self.shared.controls.permission_mode();
        if let Err(reason) =
            allowed_by_level(facts.risk, mode, self.shared.controls.effective_trust())
        {
            return self.deny(call, reason, bytes_in);
        }
        let Some(limit) = self.lease.limit(name) else {
            return self.deny(call, "not granted by the capability lease".into(), bytes_in);
        };
        if bytes_in > facts.policy.max_input_bytes as usize {
            let reason = format!(
                "input of {bytes_in} bytes exceeds the limit of {}",
                facts.policy.max_input_bytes
            );
            self.audit(call, AuditOutcome::Limit(reason.clone()), bytes_in);
            return PolicyDecision::Deny(reason);
        }
        // Reserve atomically: concurrent background calls race here.
        {
            let mut used = self.used.lock().expect("lease lock");
            if used.len() >= MAX_TRACKED_EXECUTIONS * 4 {
                // Keep the newest executions' counts (ids only grow).
                let mut ids: Vec<u64> = used.keys().map(|k| k.0).collect();
                ids.sort_unstable();
                ids.dedup();
                if ids.len() > MAX_TRACKED_EXECUTIONS {
                    let cut = ids[ids.len() - MAX_TRACKED_EXECUTIONS];
                    used.retain(|k, _| k.0 >= cut);
                }
            }
            let n = used.entry((call.execution, name.to_string())).or_insert(0);
            if *n >= limit {
                drop(used);
                let reason = format!("call limit reached ({limit} per execution)");
                self.audit(call, AuditOutcome::Limit(reason.clone()), bytes_in);
                return PolicyDecision::Deny(reason);
            }
            *n += 1;
        }
        let external = facts.policy.dispatch == Dispatch::External;
        if external && let Err(reason) = self.shared.external.reserve() {
            self.release_budget(call);
            self.audit(call, AuditOutcome::Limit(reason.clone()), bytes_in);
            return PolicyDecision::Deny(reason);
        }
        let authorizer = self
            .shared
            .authorizer
            .read()
            .expect("authorizer lock")
            .clone();
        if let Some(a) = authorizer
            && let Err(reason) = a.authorize(name, call.params, call.tenant).await
        {
            self.release(call);
            return self.deny(call, reason, bytes_in);
        }
        if mode == PermissionMode::Auto && facts.risk != RiskClass::Read {
            let handler = self.shared.approval.read().expect("approval lock").clone();
            let Some(handler) = handler else {
                self.release(call);
                return self.deny(
                    call,
                    "approval required, and no approver is available".into(),
                    bytes_in,
                );
            };
            let request = ApprovalRequest {
                call_id: self.shared.next_call.fetch_add(1, Ordering::SeqCst) + 1,
                tool: name.to_string(),
                params: call.params.clone(),
                risk: facts.risk,
                execution: call.execution,
            };
            if let ApprovalDecision::Deny(reason) = handler.decide(request).await {
                self.release(call);
                return self.deny(call, reason, bytes_in);
            }
        }
        PolicyDecision::Allow
    }

    fn finish(&self, call: &PendingCall<'_>, report: &CallReport) {
        self.release_external(call);
        self.shared.audit.record(AuditEntry {
            seq: 0,
            execution: self.execution.unwrap_or(call.execution),
            label: audit_label(&self.shared.nonce, call.name),
            outcome: AuditOutcome::Granted,
            bytes_in: report.bytes_in,
            bytes_out: report.bytes_out,
            duration_ms: u64::try_from(report.duration.as_millis()).unwrap_or(u64::MAX),
            exit_code: Some(report.exit_code),
        });
    }

    fn rejected(&self, tool: &str, message: &str) {
        self.shared.audit.record(AuditEntry {
            seq: 0,
            execution: self.execution.unwrap_or(0),
            label: audit_label(&self.shared.nonce, tool),
            outcome: AuditOutcome::ContractError(message.to_string()),
            bytes_in: 0,
            bytes_out: 0,
            duration_ms: 0,
            exit_code: None,
        });
    }
}
