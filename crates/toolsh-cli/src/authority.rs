//! Capability authority for a run or a server: when grants or a permission
//! mode are asked for (`--grant`, `--mode`, or the manifest's `[grants]` and
//! `mode`), every tool goes into a `toolsh-caps` catalog with its risk
//! class, a lease is issued over the grants, and every call is reserved
//! against it (denials reach the script as `<tool>: denied: <reason>`, exit
//! 1, and are audited). Without either, tools run ungated, as before.
//!
//! Risk classes: the manifest's `risk`, else the tool's tags (`read` /
//! `read-only` → read, `write` → write, `external` / `open-world` →
//! external, `destructive` → destructive; the highest wins), else `write`,
//! so an undeclared tool is never taken for a read.

use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;

use async_trait::async_trait;
use toolsh_caps::{
    ApprovalDecision, ApprovalHandler, ApprovalRequest, CapabilityCatalogLimits, CapabilityGrant,
    CapabilityLease, CapabilityRuntime, CapsErrorKind, PermissionMode, RiskClass, ToolPolicy,
};
use toolsh_interp::ExecutionLimits;
use toolsh_tools::ToolImpl;

use crate::cli::ModeArg;
use crate::manifest::{Grant, Manifest};

/// Calls per run a CLI tool allows when its grant gives no count.
pub const DEFAULT_MAX_CALLS: u32 = 10_000;

/// What the operator asked for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AuthoritySettings {
    /// Granted tools and their call counts (`None`: [`DEFAULT_MAX_CALLS`]).
    /// Empty with `all_granted`: every tool.
    pub grants: BTreeMap<String, Option<u32>>,
    /// No grant was given: the lease covers the whole catalog.
    pub all_granted: bool,
    /// The permission mode.
    pub mode: PermissionMode,
}

/// Parse `NAME[:COUNT]`.
///
/// # Errors
/// A message naming the bad grant.
pub fn parse_grant(s: &str) -> Result<(String, Option<u32>), String> {
    match s.split_once(':') {
        None if !s.is_empty() => Ok((s.to_string(), None)),
        Some((name, n)) if !name.is_empty() => n
            .parse::<u32>()
            .map(|n| (name.to_string(), Some(n)))
            .map_err(|_| format!("--grant {s}: COUNT must be a whole number")),
        _ => Err(format!("--grant '{s}': expected NAME or NAME:COUNT")),
    }
}

/// The settings from the manifest and the flags (flags win), or `None`
/// when neither asks for grants or a mode.
///
/// # Errors
/// A malformed `--grant`.
pub fn settings(
    manifest: Option<&Manifest>,
    grant_flags: &[String],
    mode_flag: Option<ModeArg>,
) -> Result<Option<AuthoritySettings>, String> {
    let mut grants: BTreeMap<String, Option<u32>> = BTreeMap::new();
    let mut mode = None;
    if let Some(m) = manifest {
        for (name, g) in &m.grants {
            match g {
                Grant::Count(n) => {
                    grants.insert(name.clone(), Some(*n));
                }
                Grant::Flag(true) => {
                    grants.insert(name.clone(), None);
                }
                Grant::Flag(false) => {}
            }
        }
        mode = m.mode.as_ref().map(|s| mode_from_str(s.get_ref()));
    }
    if !grant_flags.is_empty() {
        grants.clear();
        for g in grant_flags {
            let (name, n) = parse_grant(g)?;
            grants.insert(name, n);
        }
    }
    if let Some(m) = mode_flag {
        mode = Some(m.into());
    }
    let asked = manifest.is_some_and(|m| !m.grants.is_empty()) || !grant_flags.is_empty();
    if !asked && mode.is_none() {
        return Ok(None);
    }
    Ok(Some(AuthoritySettings {
        all_granted: !asked,
        grants,
        mode: mode.unwrap_or_default(),
    }))
}

fn mode_from_str(s: &str) -> PermissionMode {
    match s {
        "read-only" => PermissionMode::ReadOnly,
        "auto" => PermissionMode::Auto,
        _ => PermissionMode::Full,
    }
}

impl From<ModeArg> for PermissionMode {
    fn from(m: ModeArg) -> Self {
        match m {
            ModeArg::ReadOnly => PermissionMode::ReadOnly,
            ModeArg::Auto => PermissionMode::Auto,
            ModeArg::Full => PermissionMode::Full,
        }
    }
}

/// The risk class of a tool: the manifest's `risk`, else its tags, else
/// `write`.
pub fn risk_of(tool: &ToolImpl, manifest: Option<&Manifest>) -> RiskClass {
    let declared = manifest.and_then(|m| {
        m.tool
            .iter()
            .map(toml::Spanned::get_ref)
            .find(|t| t.name == tool.def.name)
            .and_then(|t| t.risk.as_deref())
            .and_then(RiskClass::from_tag)
    });
    if let Some(r) = declared {
        return r;
    }
    RiskClass::from_tags(&tool.def.tags)
}

/// The catalog and the lease of a run.
pub struct Authority {
    /// Every tool with its risk class.
    pub runtime: CapabilityRuntime,
    /// The lease over the grants.
    pub lease: CapabilityLease,
}

/// Put `tools` into a capability catalog and issue the lease `settings`
/// describe (see [`register`] for how each tool enters the catalog).
///
/// # Errors
/// A grant naming no tool, or a catalog limit.
pub fn build(
    tools: &[ToolImpl],
    manifest: Option<&Manifest>,
    settings: &AuthoritySettings,
    limits: ExecutionLimits,
    approver: Arc<dyn ApprovalHandler>,
) -> Result<Authority, String> {
    let runtime = CapabilityRuntime::new(
        limits,
        CapabilityCatalogLimits {
            max_tools: tools.len().max(128),
            max_serialized_bytes: 64 * 1024 * 1024,
            ..CapabilityCatalogLimits::default()
        },
    );
    for t in tools {
        let policy = ToolPolicy::new()
            .risk(risk_of(t, manifest))
            .max_calls(DEFAULT_MAX_CALLS)
            .byte_limits(1024 * 1024, 64 * 1024 * 1024);
        register(&runtime, t, policy);
    }
    runtime.set_permission_mode(settings.mode);
    runtime.set_approval_handler(approver);
    let lease = if settings.all_granted {
        runtime.issue_full_lease()
    } else {
        unknown_grant(&runtime, &settings.grants)?;
        let grants: Vec<CapabilityGrant> = settings
            .grants
            .iter()
            .map(|(name, n)| CapabilityGrant::limited(name, n.unwrap_or(DEFAULT_MAX_CALLS)))
            .collect();
        runtime.issue_capability_lease(&grants)
    }
    .map_err(|e| format!("grants: {e}"))?;
    Ok(Authority { runtime, lease })
}

/// Put `tool` into the catalog: a tool with an `output_schema` as a
/// validated JSON tool (its schemas an enforced contract), others as text
/// tools. An output schema outside the contract subset
/// (`toolsh_caps::CONTRACT_KEYWORDS`) leaves the tool a text tool, with a
/// warning naming why (the tool layer still checks its output against
/// the schema); a tool the catalog refuses altogether is left out with a
/// warning: it cannot be granted.
fn register(runtime: &CapabilityRuntime, tool: &ToolImpl, policy: ToolPolicy) {
    let name = &tool.def.name;
    match runtime.register_tool_impl(tool, policy) {
        Ok(()) => {}
        Err(e) if e.kind == CapsErrorKind::Contract => {
            eprintln!(
                "toolsh: warning: tool {name}'s schemas are not an enforceable contract ({e}); it runs as a text tool"
            );
            let imp = tool.clone();
            if let Err(e) =
                runtime.register_tool(tool.def.clone(), policy, move |args| imp.invoke(args))
            {
                eprintln!("toolsh: warning: tool {name} cannot be put under a lease: {e}");
            }
        }
        Err(e) => eprintln!("toolsh: warning: tool {name} cannot be put under a lease: {e}"),
    }
}

/// The first grant naming no catalog tool, as the user wrote it (the caps
/// runtime would show an invalid name only as its audit digest, since it
/// cannot tell a user's grant from a script's text). A grant names one
/// tool exactly (README, "Grants and permission modes"): a `*` pattern is
/// not supported, and the message lists the tools it was likely meant for.
pub(crate) fn unknown_grant(
    runtime: &CapabilityRuntime,
    grants: &BTreeMap<String, Option<u32>>,
) -> Result<(), String> {
    let catalog: Vec<String> = runtime
        .tool_catalog()
        .into_iter()
        .map(|d| d.def.name)
        .collect();
    let Some(name) = grants.keys().find(|g| !catalog.contains(g)) else {
        return Ok(());
    };
    let mut msg = format!("grants: no tool '{name}' in the catalog");
    if name.contains('*') {
        let prefix = &name[..name.find('*').unwrap_or(name.len())];
        let near: Vec<&str> = catalog
            .iter()
            .filter(|t| t.starts_with(prefix))
            .map(String::as_str)
            .collect();
        msg.push_str(" (a grant names one tool; patterns are not supported");
        if !near.is_empty() {
            msg.push_str(": grant each of ");
            msg.push_str(&near.join(", "));
        }
        msg.push(')');
    }
    Err(msg)
}

/// The authority the flags and manifest ask for over `loaded`'s tools, or
/// `None` when they ask for none and `always` is false (with `always`, a
/// lease over the whole catalog in `full` mode: what `--audit` needs).
///
/// # Errors
/// A malformed `--grant`, a grant naming no tool, a catalog limit.
pub fn for_run(
    flags: &crate::cli::AuthorityArgs,
    loaded: &crate::tools::LoadedTools,
    limits: &ExecutionLimits,
    approver: Arc<dyn ApprovalHandler>,
    always: bool,
) -> Result<Option<Authority>, String> {
    let manifest = loaded.manifest.as_ref();
    let s = match settings(manifest, &flags.grants, flags.mode)? {
        Some(s) => s,
        None if always => AuthoritySettings {
            all_granted: true,
            ..AuthoritySettings::default()
        },
        None => return Ok(None),
    };
    build(&loaded.tools, manifest, &s, limits.clone(), approver).map(Some)
}

/// The capability catalog of `loaded`'s tools as `toolsh catalog` prints
/// it: `{"fingerprint": <64 hex digits: BLAKE3 of the canonical catalog,
/// what leases are bound to>, "limits": <the catalog limits in force>,
/// "tools": [<descriptor: the definition with the schemas in force, its
/// format, dispatch, risk, call and byte limits, contract_enforced>, ...]}`,
/// tools in name order. The whole catalog: every tool, as in `full` mode.
///
/// # Errors
/// A catalog limit.
pub fn catalog_json(loaded: &crate::tools::LoadedTools) -> Result<serde_json::Value, String> {
    let settings = AuthoritySettings {
        all_granted: true,
        ..AuthoritySettings::default()
    };
    let a = build(
        &loaded.tools,
        loaded.manifest.as_ref(),
        &settings,
        ExecutionLimits::default(),
        Arc::new(TerminalApprover::new()),
    )?;
    Ok(serde_json::json!({
        "fingerprint": a.runtime.fingerprint(),
        "limits": a.runtime.catalog_limits(),
        "tools": a.runtime.tool_catalog(),
    }))
}

/// Approvals asked on the controlling terminal (`auto` mode): the call,
/// its risk and parameters on stderr, an answer read from stdin. When
/// stdin or stderr is not a terminal nobody can answer: every call that
/// needs approval is denied.
pub struct TerminalApprover {
    lock: tokio::sync::Mutex<()>,
    /// The run's spinner, hidden while a question waits for its answer
    /// (its ticks would otherwise overwrite the question line).
    spinner: std::sync::OnceLock<crate::progress::Spinner>,
}

impl TerminalApprover {
    /// An approver over this process's terminal.
    pub fn new() -> Self {
        Self {
            lock: tokio::sync::Mutex::new(()),
            spinner: std::sync::OnceLock::new(),
        }
    }

    /// Hide `spinner` while asking (set once; later calls are ignored).
    pub fn hide_while_asking(&self, spinner: crate::progress::Spinner) {
        let _ = self.spinner.set(spinner);
    }
}

impl Default for TerminalApprover {
    fn default() -> Self {
        Self::new()
    }
}

#[async_trait]
impl ApprovalHandler for TerminalApprover {
    async fn decide(&self, request: ApprovalRequest) -> ApprovalDecision {
        if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
            return ApprovalDecision::Deny(
                "approval required, and no terminal to ask (stdin is not a terminal)".into(),
            );
        }
        // One question at a time, even with background calls.
        let _guard = self.lock.lock().await;
        let question = format!(
            "toolsh: allow {} ({:?}) with {}? [y/N] ",
            request.tool, request.risk, request.params
        );
        let spinner = self.spinner.get().cloned();
        let answer = tokio::task::spawn_blocking(move || {
            let ask = || {
                let mut err = std::io::stderr().lock();
                let _ = err.write_all(question.as_bytes());
                let _ = err.flush();
                let mut line = String::new();
                std::io::stdin().lock().read_line(&mut line).map(|_| line)
            };
            match spinner {
                Some(s) => s.suspend(ask),
                None => ask(),
            }
        })
        .await;
        match answer {
            Ok(Ok(line)) if matches!(line.trim(), "y" | "Y" | "yes") => ApprovalDecision::Approve,
            _ => ApprovalDecision::Deny("not approved on the terminal".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_tools::ToolDef;

    #[test]
    fn grants_parse() {
        assert_eq!(parse_grant("a.b"), Ok(("a.b".into(), None)));
        assert_eq!(parse_grant("a.b:3"), Ok(("a.b".into(), Some(3))));
        assert!(parse_grant("a.b:x").is_err());
        assert!(parse_grant(":3").is_err());
        assert!(parse_grant("").is_err());
    }

    #[test]
    fn risk_comes_from_tags_then_defaults_to_write() {
        let t =
            |tags: &[&str]| ToolImpl::new(ToolDef::new("x.y", "d").with_tags(tags.iter().copied()));
        assert_eq!(risk_of(&t(&["read"]), None), RiskClass::Read);
        assert_eq!(
            risk_of(&t(&["read", "external"]), None),
            RiskClass::External
        );
        assert_eq!(
            risk_of(&t(&["mcp", "destructive"]), None),
            RiskClass::Destructive
        );
        assert_eq!(risk_of(&t(&["mcp"]), None), RiskClass::Write);
    }

    #[test]
    fn no_grants_and_no_mode_means_no_authority() {
        assert_eq!(settings(None, &[], None), Ok(None));
        let s = settings(None, &[], Some(ModeArg::ReadOnly))
            .unwrap()
            .unwrap();
        assert!(s.all_granted);
        assert_eq!(s.mode, PermissionMode::ReadOnly);
        let s = settings(None, &["a.b:2".into()], None).unwrap().unwrap();
        assert!(!s.all_granted);
        assert_eq!(s.grants["a.b"], Some(2));
        assert_eq!(s.mode, PermissionMode::Full);
    }
}
