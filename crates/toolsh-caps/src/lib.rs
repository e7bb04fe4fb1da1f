//! toolsh-caps: least-privilege authority for every tool call.
//!
//! The fourth layer. A [`CapabilityRuntime`] holds a bounded catalog of
//! tools (text tools, and JSON tools under a [`JsonToolContract`] enforced
//! on every call), each with a [`ToolPolicy`] (call and byte limits,
//! attempts, local or external dispatch) and a risk class. The host issues a
//! [`CapabilityLease`] (a subset of the catalog, bound to its BLAKE3
//! fingerprint) and runs a script with
//! [`CapabilityRuntime::eval_with_capability_lease`]: every tool command is
//! reserved against the lease at call time, then passes the trust level,
//! the permission mode and, in `Auto` mode, an approval. Everything is
//! audited; invalid names appear only as fixed-length digest labels.
//!
//! Depends on toolsh-tools (and below). The script can never widen its
//! authority: the catalog is invisible to it, a lease is checked on every
//! call, and any catalog change invalidates outstanding leases.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod audit;
mod contract;
mod descriptor;
mod error;
mod eval;
mod external;
mod gate;
mod lease;
mod modules;
pub mod names;
mod permission;
mod runtime;
mod skill_env;
mod tool_impl;
mod workflow;

pub use audit::{AuditEntry, AuditLog, AuditOutcome, MAX_AUDIT_ENTRIES};
pub use contract::{
    CONTRACT_KEYWORDS, JsonToolContract, MAX_CONTRACT_BYTES, MAX_CONTRACT_DEPTH,
    MAX_CONTRACT_PROPERTIES,
};
pub use descriptor::{Dispatch, RiskClass, StreamLimits, ToolDescriptor, ToolFormat, ToolPolicy};
pub use error::{CapsError, CapsErrorKind};
pub use eval::{EvalResult, LeasedExecution};
pub use external::ExternalCall;
pub use lease::{CapabilityGrant, CapabilityLease};
pub use modules::{ModuleDescriptor, ModuleMode};
pub use permission::{
    ApprovalDecision, ApprovalHandler, ApprovalRequest, OutputRedactor, PermissionMode,
    ToolCallAuthorizer, TrustLevel, TrustState, allowed_by_level,
};
pub use runtime::{CapabilityCatalogLimits, CapabilityRuntime, JsonHandler, TextHandler};
pub use skill_env::{MAX_SKILL_ENV_BYTES, MAX_SKILL_ENV_VARS};
pub use toolsh_tools::ToolDef;
pub use toolsh_tools::hints::{HintReport, HintSite};
pub use workflow::{
    ApprovedWorkflow, CHECKPOINT_FORMAT, StepAuthority, StepReview, WorkflowCheckpoint,
    WorkflowPlan, WorkflowStep, WorkflowStepCapabilityPolicy,
};
