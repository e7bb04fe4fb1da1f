//! Capabilities from Python: grants with call counts, the permission mode,
//! an approval callback (sync or async) and the audit log, all by
//! toolsh-caps (a catalog, a lease over the grants, the lease gate on every
//! call).

use std::collections::BTreeMap;
use std::sync::Arc;

use async_trait::async_trait;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use toolsh::caps::{
    ApprovalDecision, ApprovalHandler, ApprovalRequest, CapabilityCatalogLimits, CapabilityGrant,
    CapabilityRuntime, PermissionMode, RiskClass, ToolPolicy,
};
use toolsh::interp::ExecutionLimits;
use toolsh::tools::{ToolImpl, ToolRegistry};

use crate::callback::{self, Surface};

/// Calls per execution a tool granted without a count allows (as the CLI).
pub const DEFAULT_MAX_CALLS: u32 = 10_000;

/// What the builder was asked for.
#[derive(Default)]
pub struct Settings {
    /// Granted tools and their call counts; empty: every tool.
    pub grants: BTreeMap<String, Option<u32>>,
    /// The permission mode.
    pub mode: PermissionMode,
    /// The approval callback for `auto` mode and whether it is async.
    pub approve: Option<(Py<PyAny>, bool)>,
}

/// Parse a mode name.
///
/// # Errors
/// `ValueError` naming the accepted modes.
pub fn parse_mode(s: &str) -> PyResult<PermissionMode> {
    match s {
        "read-only" => Ok(PermissionMode::ReadOnly),
        "auto" => Ok(PermissionMode::Auto),
        "full" => Ok(PermissionMode::Full),
        _ => Err(PyValueError::new_err(format!(
            "mode must be 'read-only', 'auto' or 'full', not '{s}'"
        ))),
    }
}

/// The tools under a lease: the gated registry to build the script tool
/// from, and the runtime (for its audit log).
pub struct Gated {
    /// The catalog's tools, those the lease cannot call hidden, with the
    /// lease gate on every call.
    pub registry: ToolRegistry,
    /// The runtime.
    pub runtime: Arc<CapabilityRuntime>,
}

/// Put `tools` in a catalog (risk class from their tags), issue the lease
/// `settings` describe, and gate the registry with it.
///
/// # Errors
/// `ValueError` for a grant naming no tool or a catalog refusal.
pub fn gate(
    tools: &[ToolImpl],
    settings: Settings,
    limits: ExecutionLimits,
    surface: &Arc<Surface>,
) -> PyResult<Gated> {
    let err = |e: toolsh::caps::CapsError| PyValueError::new_err(e.to_string());
    let runtime = CapabilityRuntime::new(
        limits,
        CapabilityCatalogLimits {
            max_tools: tools.len().max(128),
            ..CapabilityCatalogLimits::default()
        },
    );
    for t in tools {
        let policy = ToolPolicy::new()
            .risk(RiskClass::from_tags(&t.def.tags))
            .max_calls(DEFAULT_MAX_CALLS);
        // The one registration the CLI uses too: a tool with an output
        // schema is a validated JSON tool (`contract_enforced`).
        runtime.register_tool_impl(t, policy).map_err(err)?;
    }
    runtime.set_permission_mode(settings.mode);
    if let Some((func, is_async)) = settings.approve {
        runtime.set_approval_handler(Arc::new(Approver {
            func,
            is_async,
            surface: surface.clone(),
        }));
    }
    let lease = if settings.grants.is_empty() {
        runtime.issue_full_lease()
    } else {
        // Every registered tool, also those the mode hides from the
        // catalog listing (a grant may outlive a mode change).
        if let Some(name) = settings
            .grants
            .keys()
            .find(|g| !tools.iter().any(|t| &t.def.name == *g))
        {
            return Err(PyValueError::new_err(format!("grant: no tool '{name}'")));
        }
        let grants: Vec<CapabilityGrant> = settings
            .grants
            .iter()
            .map(|(n, c)| CapabilityGrant::limited(n, c.unwrap_or(DEFAULT_MAX_CALLS)))
            .collect();
        runtime.issue_capability_lease(&grants)
    }
    .map_err(err)?;
    let registry = runtime
        .registry_for_lease(&lease)
        .map_err(err)?
        .with_gate(runtime.lease_gate(&lease).map_err(err)?);
    Ok(Gated {
        registry,
        runtime: Arc::new(runtime),
    })
}

/// The approval callback, called as `approve(request: dict)` with the
/// request's `call_id`, `tool`, `params`, `risk` and `execution`, in the
/// scope of the execution asking (its context; its loop for `async def`).
/// `True` approves; `False`/`None` denies; a string denies with that
/// reason; an exception denies (`approval callback failed`).
struct Approver {
    func: Py<PyAny>,
    is_async: bool,
    surface: Arc<Surface>,
}

#[async_trait]
impl ApprovalHandler for Approver {
    async fn decide(&self, request: ApprovalRequest) -> ApprovalDecision {
        let execution = request.execution;
        let first = serde_json::to_value(&request).unwrap_or_default();
        let answer = if self.is_async {
            callback::call_async(&self.func, execution, &self.surface, &first, None).await
        } else {
            callback::call_sync(&self.func, execution, &self.surface, &first, None)
        };
        match answer {
            Ok(v) if v.is_empty() => ApprovalDecision::Approve,
            Ok(reason) => ApprovalDecision::Deny(reason),
            Err(_) => ApprovalDecision::Deny("approval callback failed".into()),
        }
    }
}
