//! Workflows: an ordered plan of trusted steps, each run under its own
//! lease, with a checkpoint after each step so a host can resume the
//! unexecuted suffix with fresh leases, never re-granting completed steps.

use serde::Serialize;

use crate::error::{CapsError, CapsErrorKind};
use crate::eval::EvalResult;
use crate::lease::{CapabilityGrant, CapabilityLease};
use crate::runtime::CapabilityRuntime;

/// One step: an id and its script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
    pub fn approve(
        &self,
        runtime: &CapabilityRuntime,
        authority: Vec<(String, StepAuthority)>,
    ) -> Result<ApprovedWorkflow, CapsError> {
        approve_steps(runtime, &self.steps, authority, 0)
    }
}

fn approve_steps(
    runtime: &CapabilityRuntime,
    steps: &[WorkflowStep],
    authority: Vec<(String, StepAuthority)>,
    offset: usize,
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
        if let StepAuthority::Policy(p) = auth
            && p.step != step.id
        {
            return Err(CapsError::new(
                CapsErrorKind::Workflow,
                format!("policy for '{}' given for step '{}'", p.step, step.id),
            ));
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
        offset,
        results: Vec::new(),
    })
}

/// A plan with a lease per step; run it step by step.
#[derive(Debug)]
pub struct ApprovedWorkflow {
    steps: Vec<WorkflowStep>,
    leases: Vec<CapabilityLease>,
    next: usize,
    offset: usize,
    results: Vec<(String, EvalResult)>,
}

/// Where a workflow stopped: the completed step ids and the plan's
/// unexecuted suffix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WorkflowCheckpoint {
    /// Steps already run, in order.
    pub completed: Vec<String>,
    /// Steps not yet run.
    pub remaining: Vec<WorkflowStep>,
}

impl WorkflowCheckpoint {
    /// Resume with fresh authority for the remaining steps only.
    pub fn resume(
        &self,
        runtime: &CapabilityRuntime,
        authority: Vec<(String, StepAuthority)>,
    ) -> Result<ApprovedWorkflow, CapsError> {
        approve_steps(runtime, &self.remaining, authority, self.completed.len())
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

    /// The checkpoint after the steps run so far.
    pub fn checkpoint(&self) -> WorkflowCheckpoint {
        WorkflowCheckpoint {
            completed: self.steps[..self.next]
                .iter()
                .map(|s| s.id.clone())
                .collect(),
            remaining: self.steps[self.next..].to_vec(),
        }
    }

    /// The results of the steps run so far, with their ids.
    pub fn results(&self) -> &[(String, EvalResult)] {
        &self.results
    }

    /// The index in the original plan of the next step.
    pub fn position(&self) -> usize {
        self.offset + self.next
    }
}
