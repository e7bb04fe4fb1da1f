//! Workflows: an ordered plan of trusted steps, each run under its own
//! lease, with a checkpoint after each step so a host can resume the
//! unexecuted suffix with fresh leases, never re-granting completed steps.
//! Checkpoints are plain data (serde) attested with a keyed BLAKE3 MAC, so
//! a host can persist one, restart, and resume it under the same key.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{CapsError, CapsErrorKind};
use crate::eval::EvalResult;
use crate::lease::{CapabilityGrant, CapabilityLease};
use crate::runtime::CapabilityRuntime;

/// One step: an id and its script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkflowStep {
    /// A unique id within the plan.
    pub id: String,
    /// The script.
    pub script: String,
}

/// A static per-step policy: the grants a step gets when the plan is
/// approved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkflowStepCapabilityPolicy {
    /// The step id.
    pub step: String,
    /// Its grants.
    pub grants: Vec<CapabilityGrant>,
}

/// What approval takes for each step.
#[derive(Debug, Clone)]
pub enum StepAuthority {
    /// A lease issued by the host.
    Lease(CapabilityLease),
    /// Grants to issue a lease from at approval.
    Policy(WorkflowStepCapabilityPolicy),
}

/// An ordered list of steps.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct WorkflowPlan {
    /// The steps, in order.
    pub steps: Vec<WorkflowStep>,
}

/// The hint report of one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepReview {
    /// The step id.
    pub step: String,
    /// Its direct tool-call sites, or the parse error.
    pub hints: Result<toolsh_tools::hints::HintReport, String>,
}

impl WorkflowPlan {
    /// A plan from `(id, script)` pairs.
    pub fn new<I, S, T>(steps: I) -> Self
    where
        I: IntoIterator<Item = (S, T)>,
        S: Into<String>,
        T: Into<String>,
    {
        Self {
            steps: steps
                .into_iter()
                .map(|(id, script)| WorkflowStep {
                    id: id.into(),
                    script: script.into(),
                })
                .collect(),
        }
    }

    /// The hint report grouped by step, for review before approval.
    pub fn review(&self, runtime: &CapabilityRuntime) -> Vec<StepReview> {
        self.steps
            .iter()
            .map(|s| StepReview {
                step: s.id.clone(),
                hints: runtime
                    .tool_call_hint_report(&s.script)
                    .map_err(|e| e.to_string()),
            })
            .collect()
    }

    /// Approve the plan: one authority per step, in order, checked for count
    /// and ids before any lease is issued.
    ///
    /// # Errors
    /// `Workflow` when the authority does not match the steps;
    /// `StaleLease` when a given lease was issued for another version of
    /// the catalog (it could never run); what issuing a lease from a
    /// policy returns.
    pub fn approve(
        &self,
        runtime: &CapabilityRuntime,
        authority: Vec<(String, StepAuthority)>,
    ) -> Result<ApprovedWorkflow, CapsError> {
        let digest = plan_digest(&self.steps);
        approve_steps(runtime, &self.steps, authority, Vec::new(), digest)
    }

    /// The BLAKE3 digest (hex) of the plan's canonical JSON: what a
    /// checkpoint names as its plan.
    pub fn digest(&self) -> String {
        plan_digest(&self.steps)
    }
}

fn plan_digest(steps: &[WorkflowStep]) -> String {
    let v = serde_json::to_value(steps).unwrap_or(Value::Null);
    blake3::hash(crate::runtime::canonical(&v).as_bytes())
        .to_hex()
        .to_string()
}

fn approve_steps(
    runtime: &CapabilityRuntime,
    steps: &[WorkflowStep],
    authority: Vec<(String, StepAuthority)>,
    done_before: Vec<String>,
    plan: String,
) -> Result<ApprovedWorkflow, CapsError> {
    if authority.len() != steps.len() {
        return Err(CapsError::new(
            CapsErrorKind::Workflow,
            format!(
                "{} step(s) need approval, {} given",
                steps.len(),
                authority.len()
            ),
        ));
    }
    for (step, (id, auth)) in steps.iter().zip(&authority) {
        if &step.id != id {
            return Err(CapsError::new(
                CapsErrorKind::Workflow,
                format!("expected approval for step '{}', got '{id}'", step.id),
            ));
        }
        match auth {
            StepAuthority::Policy(p) if p.step != step.id => {
                return Err(CapsError::new(
                    CapsErrorKind::Workflow,
                    format!("policy for '{}' given for step '{}'", p.step, step.id),
                ));
            }
            StepAuthority::Lease(l) if l.fingerprint != runtime.fingerprint() => {
                return Err(CapsError::new(
                    CapsErrorKind::StaleLease,
                    format!(
                        "the lease for step '{}' was issued for another version of the catalog; issue a new one",
                        step.id
                    ),
                ));
            }
            _ => {}
        }
    }
    let mut leases = Vec::with_capacity(steps.len());
    for (_, auth) in authority {
        leases.push(match auth {
            StepAuthority::Lease(l) => l,
            StepAuthority::Policy(p) => runtime.issue_capability_lease(&p.grants)?,
        });
    }
    Ok(ApprovedWorkflow {
        steps: steps.to_vec(),
        leases,
        next: 0,
        done_before,
        plan,
        key: runtime.workflow_key(),
        results: Vec::new(),
    })
}

/// A plan with a lease per step; run it step by step.
pub struct ApprovedWorkflow {
    steps: Vec<WorkflowStep>,
    leases: Vec<CapabilityLease>,
    next: usize,
    /// Steps completed before this approval (by earlier runs).
    done_before: Vec<String>,
    plan: String,
    key: [u8; 32],
    results: Vec<(String, EvalResult)>,
}

impl std::fmt::Debug for ApprovedWorkflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApprovedWorkflow")
            .field("steps", &self.steps)
            .field("next", &self.next)
            .field("done_before", &self.done_before)
            .finish_non_exhaustive()
    }
}

/// The checkpoint format this version writes and reads.
pub const CHECKPOINT_FORMAT: u32 = 1;

/// Where a workflow stopped: every step completed since the plan began
/// (over any number of resumes) and the unexecuted suffix, attested with a
/// keyed BLAKE3 MAC under the runtime's workflow key
/// ([`CapabilityRuntime::set_workflow_key`]). Serialize it (JSON) to
/// persist it; [`WorkflowCheckpoint::resume`] refuses one whose
/// attestation does not verify, so an edited checkpoint cannot smuggle in
/// a script or skip a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkflowCheckpoint {
    /// [`CHECKPOINT_FORMAT`].
    pub format: u32,
    /// The digest of the whole plan ([`WorkflowPlan::digest`]).
    pub plan: String,
    /// Steps already run, in order, since the plan began.
    pub completed: Vec<String>,
    /// Steps not yet run.
    pub remaining: Vec<WorkflowStep>,
    /// 64 hex digits: the keyed BLAKE3 hash of the canonical JSON of the
    /// fields above.
    pub attestation: String,
}

/// The MAC of a checkpoint's content under `key`.
fn attest(
    key: &[u8; 32],
    format: u32,
    plan: &str,
    completed: &[String],
    remaining: &[WorkflowStep],
) -> String {
    let body = serde_json::json!({
        "format": format,
        "plan": plan,
        "completed": completed,
        "remaining": remaining,
    });
    let mac_key = blake3::derive_key("toolsh-caps 2026 workflow checkpoint attestation", key);
    blake3::keyed_hash(&mac_key, crate::runtime::canonical(&body).as_bytes())
        .to_hex()
        .to_string()
}

impl WorkflowCheckpoint {
    /// Whether the attestation verifies under `runtime`'s workflow key.
    ///
    /// # Errors
    /// `Workflow` for another format or an attestation that does not
    /// verify.
    pub fn verify(&self, runtime: &CapabilityRuntime) -> Result<(), CapsError> {
        if self.format != CHECKPOINT_FORMAT {
            return Err(CapsError::new(
                CapsErrorKind::Workflow,
                format!(
                    "checkpoint format {} is not {CHECKPOINT_FORMAT}",
                    self.format
                ),
            ));
        }
        let want = attest(
            &runtime.workflow_key(),
            self.format,
            &self.plan,
            &self.completed,
            &self.remaining,
        );
        // Both are 64 hex digits; compare without an early exit.
        let same = want.len() == self.attestation.len()
            && want
                .bytes()
                .zip(self.attestation.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        if same {
            Ok(())
        } else {
            Err(CapsError::new(
                CapsErrorKind::Workflow,
                "the checkpoint's attestation does not verify (edited, or made under another workflow key)",
            ))
        }
    }

    /// The index in the plan of the next step (the count of completed
    /// steps).
    pub fn position(&self) -> usize {
        self.completed.len()
    }

    /// Resume with fresh authority for the remaining steps only, after
    /// checking the attestation.
    ///
    /// # Errors
    /// As [`WorkflowCheckpoint::verify`] and [`WorkflowPlan::approve`].
    pub fn resume(
        &self,
        runtime: &CapabilityRuntime,
        authority: Vec<(String, StepAuthority)>,
    ) -> Result<ApprovedWorkflow, CapsError> {
        self.verify(runtime)?;
        approve_steps(
            runtime,
            &self.remaining,
            authority,
            self.completed.clone(),
            self.plan.clone(),
        )
    }
}

impl ApprovedWorkflow {
    /// Run the next step under its own lease (only that lease is active);
    /// `None` when every step has run.
    pub async fn run_next(
        &mut self,
        runtime: &CapabilityRuntime,
    ) -> Option<Result<&EvalResult, CapsError>> {
        let step = self.steps.get(self.next)?.clone();
        let lease = self.leases[self.next].clone();
        match runtime
            .eval_with_capability_lease(&step.script, &lease)
            .await
        {
            Ok(r) => {
                self.next += 1;
                self.results.push((step.id, r));
                self.results.last().map(|(_, r)| Ok(r))
            }
            Err(e) => Some(Err(e)),
        }
    }

    /// The checkpoint after the steps run so far, attested under the
    /// workflow key the runtime had at approval.
    pub fn checkpoint(&self) -> WorkflowCheckpoint {
        let mut completed = self.done_before.clone();
        completed.extend(self.steps[..self.next].iter().map(|s| s.id.clone()));
        let remaining = self.steps[self.next..].to_vec();
        let attestation = attest(
            &self.key,
            CHECKPOINT_FORMAT,
            &self.plan,
            &completed,
            &remaining,
        );
        WorkflowCheckpoint {
            format: CHECKPOINT_FORMAT,
            plan: self.plan.clone(),
            completed,
            remaining,
            attestation,
        }
    }

    /// The results of the steps run so far, with their ids.
    pub fn results(&self) -> &[(String, EvalResult)] {
        &self.results
    }

    /// The index in the original plan of the next step (steps completed
    /// by earlier runs included).
    pub fn position(&self) -> usize {
        self.done_before.len() + self.next
    }
}

impl CapabilityRuntime {
    /// Set the key workflow checkpoints are attested with. A host that
    /// persists checkpoints across restarts keeps this key secret and sets
    /// the same one after restarting; without it the key is the runtime's
    /// session nonce, so checkpoints verify only in the runtime that made
    /// them. Applies to workflows approved afterwards.
    pub fn set_workflow_key(&self, key: [u8; 32]) {
        *self.shared.workflow_key.write().expect("key lock") = Some(key);
    }

    pub(crate) fn workflow_key(&self) -> [u8; 32] {
        self.shared
            .workflow_key
            .read()
            .expect("key lock")
            .unwrap_or(self.shared.nonce)
    }
}
