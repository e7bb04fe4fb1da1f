//! Running a script under a lease: a fresh `LogicOnly` shell whose tool
//! commands all pass through the execution's lease gate.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use toolsh_interp::{
    LimitKind, Profile, Shell, Utility, UtilityContext, UtilityResult, write_status,
};
use toolsh_tools::{
    InvocationTrace, ToolArgs, ToolCallRequest, ToolImpl, ToolRegistry, commands_for,
};

use crate::descriptor::ToolPolicy;
use crate::error::{CapsError, CapsErrorKind};
use crate::gate::{LeaseGate, ToolFacts};
use crate::lease::CapabilityLease;
use crate::runtime::{CapabilityRuntime, Entry, Handler, Shared};

/// What a leased execution produced.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalResult {
    /// The script's stdout.
    pub stdout: String,
    /// The script's stderr.
    pub stderr: String,
    /// Its exit status.
    pub exit_code: i32,
    /// The limit that stopped it, if any.
    pub limit: Option<LimitKind>,
    /// The execution id (audit entries carry it).
    pub execution: u64,
    /// The lease it ran under.
    pub lease_id: u64,
    /// Its tool-call trace.
    pub trace: Vec<InvocationTrace>,
    /// The sequence numbers of the audit entries this execution produced
    /// (those still in the bounded log), oldest first.
    pub audit_ids: Vec<u64>,
}

/// The tool-layer tool for a catalog entry: its definition with the
/// contract's schemas when it has one, and a callback that honours the policy's attempts, output
/// bytes and external dispatch.
pub(crate) fn tool_impl(e: &Entry, shared: &Arc<Shared>) -> ToolImpl {
    // The contract's schemas, else the definition's own: a host's
    // listing (`help TOOL --json`, the prompt) shows them as the unleased
    // registry does.
    let def = e.effective_def();
    let name: Arc<str> = Arc::from(def.name.as_str());
    let policy = e.policy;
    let handler = e.handler.clone();
    let shared = shared.clone();
    ToolImpl::new(def).with_async_exec(move |args: ToolArgs| {
        let policy = policy;
        let handler = handler.clone();
        let shared = shared.clone();
        let name = name.clone();
        async move { run_handler(&name, &policy, &handler, &shared, args).await }
    })
}

/// Abandons an external call when the waiting callback ends early (its
/// deadline, or the script's own deadline aborting the callback task), so
/// the host never claims a call nobody waits for.
struct AbandonOnDrop<'a> {
    shared: &'a Shared,
    id: Option<u64>,
}

impl Drop for AbandonOnDrop<'_> {
    fn drop(&mut self) {
        if let Some(id) = self.id {
            self.shared.external.abandon(id);
        }
    }
}

async fn run_handler(
    name: &str,
    policy: &ToolPolicy,
    handler: &Handler,
    shared: &Shared,
    args: ToolArgs,
) -> Result<String, String> {
    let out = match handler {
        Handler::External => {
            let (id, rx) = shared.external.submit(
                name,
                args.params.clone(),
                args.stdin.clone(),
                policy.max_attempts,
                policy.stream,
            )?;
            let mut guard = AbandonOnDrop {
                shared,
                id: Some(id),
            };
            let wait = policy.deferred_deadline.unwrap_or(Duration::from_secs(30));
            match tokio::time::timeout(wait, rx).await {
                Ok(Ok(r)) => {
                    guard.id = None;
                    r?
                }
                Ok(Err(_)) => return Err("the host dropped the external call".into()),
                Err(_) => return Err(format!("no completion within {} ms", wait.as_millis())),
            }
        }
        // A local handler runs exactly once per call: attempts bound
        // external operations only (a retried write could run twice).
        Handler::Text(f) => f(args).await?,
        Handler::Json(f) => f(args).await?.to_string(),
    };
    let redactor = shared.redactor.read().expect("redactor lock").clone();
    let out = match redactor {
        Some(r) => r.redact(name, out),
        None => out,
    };
    if let Some(limits) = policy.stream
        && out.len() > limits.max_redacted_bytes as usize
    {
        return Err(format!(
            "output of {} bytes after redaction exceeds max_redacted_bytes ({})",
            out.len(),
            limits.max_redacted_bytes
        ));
    }
    if out.len() > policy.max_output_bytes as usize {
        return Err(format!(
            "output of {} bytes exceeds the limit of {}",
            out.len(),
            policy.max_output_bytes
        ));
    }
    Ok(out)
}

/// A module command: runs the target tool (reserved against the lease as
/// the target) under another name.
struct ModuleCommand {
    command: String,
    target: String,
    registry: Arc<ToolRegistry>,
    request: Arc<ToolCallRequest>,
}

#[async_trait]
impl Utility for ModuleCommand {
    fn name(&self) -> &str {
        &self.command
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let stdin = if ctx.stdin.has_source() {
            let max = ctx.shell.limits().max_buffer_bytes;
            Some(String::from_utf8_lossy(&ctx.stdin.read_to_end(max).await?).into_owned())
        } else {
            None
        };
        let out = self
            .registry
            .call(
                &self.target,
                &ctx.args[1..],
                stdin,
                &self.request,
                ctx.shell.deadline(),
            )
            .await;
        write_status(ctx.stdout.write_str(&out.stdout).await)?;
        write_status(ctx.stderr.write_str(&out.stderr).await)?;
        Ok(out.exit_code)
    }
}

/// The registry of the current catalog with its fingerprint, the gate's
/// facts and the module commands.
type BaseRegistry = (
    String,
    Arc<ToolRegistry>,
    HashMap<String, ToolFacts>,
    Vec<(String, String)>,
);

/// The commands of one leased execution, from
/// [`CapabilityRuntime::prepare_execution`]. While it lives the runtime
/// counts an active execution.
pub struct LeasedExecution<'a> {
    _active: ActiveGuard<'a>,
    shared: Arc<Shared>,
    registry: Arc<ToolRegistry>,
    modules: Vec<(String, String)>,
    request: Arc<ToolCallRequest>,
    execution: u64,
    lease_id: u64,
    env: Vec<(String, String)>,
}

impl std::fmt::Debug for LeasedExecution<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LeasedExecution")
            .field("execution", &self.execution)
            .field("lease_id", &self.lease_id)
            .finish_non_exhaustive()
    }
}

impl LeasedExecution<'_> {
    /// Add a gate that runs after the lease gate (progress display, a
    /// host's own accounting).
    #[must_use]
    pub fn with_gate(mut self, gate: Arc<dyn toolsh_tools::CallGate>) -> Self {
        self.registry = Arc::new((*self.registry).clone().with_gate(gate));
        self
    }

    /// Every command to install in the shell: each tool the lease lets the
    /// script call, `help`, `discover`, and the module commands. The
    /// others are hidden: not commands, but their calls reach the lease
    /// gate through [`LeasedExecution::command_not_found`] and are denied
    /// there (exit 1).
    pub fn commands(&self) -> Vec<Arc<dyn Utility>> {
        let mut v = commands_for(&self.registry, &self.request);
        for (command, target) in &self.modules {
            v.push(Arc::new(ModuleCommand {
                command: command.clone(),
                target: target.clone(),
                registry: self.registry.clone(),
                request: self.request.clone(),
            }));
        }
        v
    }

    /// The handler for unknown command names to install with
    /// `ShellBuilder::command_not_found`: each unknown name is audited as
    /// denied ("unknown command") under its digest label, never verbatim,
    /// and the script gets bash's `NAME: command not found`, status 127.
    /// A hidden tool's call goes to the lease gate instead, which denies
    /// and audits it (`<tool>: denied: <reason>`, status 1).
    pub fn command_not_found(&self) -> Arc<dyn Utility> {
        Arc::new(UnknownCommand {
            shared: self.shared.clone(),
            execution: self.execution,
            message: toolsh_tools::UnknownCommand::for_execution(&self.registry, &self.request),
        })
    }

    /// The execution id (audit entries carry it).
    pub fn execution(&self) -> u64 {
        self.execution
    }

    /// The id of the lease it runs under.
    pub fn lease_id(&self) -> u64 {
        self.lease_id
    }

    /// The skill environment to export in the shell
    /// ([`CapabilityRuntime::set_skill_env`]), as it was when the
    /// execution was prepared.
    pub fn env(&self) -> &[(String, String)] {
        &self.env
    }

    /// The request (tenant, surface, trace) the commands report to.
    pub fn request(&self) -> &Arc<ToolCallRequest> {
        &self.request
    }
}

/// Audits an unknown command name, then fails as bash does.
struct UnknownCommand {
    shared: Arc<Shared>,
    execution: u64,
    message: toolsh_tools::UnknownCommand,
}

#[async_trait]
impl Utility for UnknownCommand {
    fn name(&self) -> &'static str {
        "command_not_found"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        // A hidden (uncallable) tool: denied and audited by the lease gate.
        if let Some(r) = self.message.run_hidden(ctx).await {
            return r;
        }
        let name = ctx.args.first().cloned().unwrap_or_default();
        self.shared.audit.record(crate::audit::AuditEntry {
            seq: 0,
            execution: self.execution,
            label: crate::names::audit_label(&self.shared.nonce, &name),
            outcome: crate::audit::AuditOutcome::Denied("unknown command".into()),
            bytes_in: 0,
            bytes_out: 0,
            duration_ms: 0,
            exit_code: Some(127),
        });
        let message = match ctx.shell.lineno() {
            0 => format!("toolsh: {}\n", self.message.message(&name)),
            line => format!("toolsh: line {line}: {}\n", self.message.message(&name)),
        };
        write_status(ctx.stderr.write_str(&message).await)?;
        Ok(127)
    }
}

/// Decrements the active-execution count when an execution ends (also on
/// cancellation of the future).
struct ActiveGuard<'a>(&'a std::sync::atomic::AtomicUsize);

impl Drop for ActiveGuard<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl CapabilityRuntime {
    /// The tool registry for the current catalog (built once per catalog
    /// version).
    fn base_registry(&self) -> Result<BaseRegistry, CapsError> {
        let cat = self.catalog.read().expect("catalog lock");
        let fp = cat.fingerprint();
        let facts: HashMap<String, ToolFacts> = cat
            .entries
            .iter()
            .map(|(n, e)| {
                (
                    n.clone(),
                    ToolFacts {
                        risk: e.policy.risk,
                        policy: e.policy,
                    },
                )
            })
            .collect();
        let modules: Vec<(String, String)> = cat
            .modules
            .iter()
            .map(|(a, b)| (a.clone(), b.target.clone()))
            .collect();
        let mut cache = self.registry_cache.lock().expect("cache lock");
        if let Some((f, r)) = cache.as_ref()
            && *f == fp
        {
            return Ok((fp, r.clone(), facts, modules));
        }
        let mut reg = ToolRegistry::new();
        for e in cat.entries.values() {
            reg.register(tool_impl(e, &self.shared))
                .map_err(|err| CapsError::new(CapsErrorKind::Registry, err.to_string()))?;
        }
        let reg = Arc::new(reg);
        *cache = Some((fp.clone(), reg.clone()));
        Ok((fp, reg, facts, modules))
    }

    /// Prepare one leased execution for a host that builds its own shell
    /// (a `Sandbox` profile, its own stdin, arguments or extra gates): the
    /// tool, `help`, `discover` and module commands, every tool call
    /// reserved against `lease` at call time. The runtime counts the
    /// execution as active (registration refused) until the returned value
    /// is dropped. `request` carries the tenant and surface; its trace
    /// collects the calls.
    ///
    /// # Errors
    /// `StaleLease` when `lease` was issued for another catalog version;
    /// `Registry` when a catalog tool cannot be compiled.
    pub fn prepare_execution(
        &self,
        lease: &CapabilityLease,
        request: ToolCallRequest,
    ) -> Result<LeasedExecution<'_>, CapsError> {
        self.active.fetch_add(1, Ordering::SeqCst);
        let active = ActiveGuard(&self.active);
        self.sealed.store(true, Ordering::SeqCst);
        let (fp, base, facts, modules) = self.base_registry()?;
        if lease.fingerprint != fp {
            return Err(CapsError::new(
                CapsErrorKind::StaleLease,
                "the lease was issued for another version of the catalog; issue a new one",
            ));
        }
        let execution = self.next_execution.fetch_add(1, Ordering::SeqCst) + 1;
        let gate = Arc::new(LeaseGate {
            shared: self.shared.clone(),
            lease: lease.clone(),
            facts,
            execution: Some(execution),
            catalog_version: self.shared.catalog_version.load(Ordering::SeqCst),
            used: Mutex::new(HashMap::new()),
        });
        Ok(LeasedExecution {
            _active: active,
            shared: self.shared.clone(),
            registry: Arc::new((*base).clone().hide(self.uncallable(lease)).with_gate(gate)),
            modules,
            request: Arc::new(request),
            execution,
            lease_id: lease.id,
            env: self.skill_env(),
        })
    }

    /// A gate enforcing `lease` for a host whose one registry serves many
    /// executions (a `ScriptedTool` served over MCP, say): trust level,
    /// grant, per-execution call budget (keyed by
    /// [`toolsh_tools::ToolCallRequest::execution`]), input bytes,
    /// authorizer, permission mode and approval, each call audited under
    /// its request's execution id. Calls are denied once the catalog
    /// changes. Add it with `ToolRegistry::with_gate` or
    /// `ScriptedToolBuilder::gate` over a registry from
    /// [`CapabilityRuntime::registry`].
    ///
    /// # Errors
    /// `StaleLease` when `lease` was issued for another catalog version.
    pub fn lease_gate(
        &self,
        lease: &CapabilityLease,
    ) -> Result<Arc<dyn toolsh_tools::CallGate>, CapsError> {
        self.sealed.store(true, Ordering::SeqCst);
        let version = self.shared.catalog_version.load(Ordering::SeqCst);
        let (fp, _, facts, _) = self.base_registry()?;
        if lease.fingerprint != fp {
            return Err(CapsError::new(
                CapsErrorKind::StaleLease,
                "the lease was issued for another version of the catalog; issue a new one",
            ));
        }
        Ok(Arc::new(LeaseGate {
            shared: self.shared.clone(),
            lease: lease.clone(),
            facts,
            execution: None,
            catalog_version: version,
            used: Mutex::new(HashMap::new()),
        }))
    }

    /// The catalog's tools as a tool registry without any gate (their
    /// contracts, output limits and external dispatch apply); combine with
    /// [`CapabilityRuntime::lease_gate`].
    ///
    /// # Errors
    /// `Registry` when a catalog tool cannot be compiled.
    pub fn registry(&self) -> Result<ToolRegistry, CapsError> {
        let (_, base, _, _) = self.base_registry()?;
        Ok((*base).clone())
    }

    /// [`CapabilityRuntime::registry`] as a script under `lease` should
    /// see it: the tools it cannot call (not granted, or refused by the
    /// permission mode or trust level as they are now) are hidden from
    /// `help`, `discover`, prompts and descriptions
    /// ([`ToolRegistry::hide`]); their calls still reach the lease gate
    /// and are denied with its reason. Combine with
    /// [`CapabilityRuntime::lease_gate`] over the same lease.
    ///
    /// # Errors
    /// `Registry` when a catalog tool cannot be compiled.
    pub fn registry_for_lease(&self, lease: &CapabilityLease) -> Result<ToolRegistry, CapsError> {
        let (_, base, _, _) = self.base_registry()?;
        Ok((*base).clone().hide(self.uncallable(lease)))
    }

    /// Run `script` in a fresh `LogicOnly` shell in which every tool command
    /// is reserved against `lease` at call time (names computed at run time
    /// included). A lease issued for another catalog version is refused
    /// before anything runs.
    ///
    /// # Errors
    /// As [`CapabilityRuntime::prepare_execution`].
    pub async fn eval_with_capability_lease(
        &self,
        script: &str,
        lease: &CapabilityLease,
    ) -> Result<EvalResult, CapsError> {
        let prepared = self.prepare_execution(
            lease,
            ToolCallRequest {
                surface: Some("caps".into()),
                ..ToolCallRequest::default()
            },
        )?;
        let mut b = Shell::builder()
            .profile(Profile::LogicOnly)
            .utilities(toolsh_utils::standard())
            .limits(self.limits.clone());
        for c in prepared.commands() {
            b = b.utility(c);
        }
        b = b.command_not_found(prepared.command_not_found());
        for (k, v) in prepared.env() {
            b = b.env(k.clone(), v.clone());
        }
        let mut shell = b.build();
        let r = shell.exec(script).await;
        Ok(EvalResult {
            stdout: r.stdout,
            stderr: r.stderr,
            exit_code: r.exit_code,
            limit: r.limit,
            execution: prepared.execution,
            lease_id: prepared.lease_id,
            trace: prepared.request.trace.take(),
            audit_ids: self.audit().ids_of_execution(prepared.execution),
        })
    }

    /// The static hint report of `script`: direct call sites of catalog
    /// tools and module commands (advisory; never a grant).
    pub fn tool_call_hint_report(
        &self,
        script: &str,
    ) -> Result<toolsh_tools::hints::HintReport, toolsh_interp::parser::ParseError> {
        let ast = toolsh_interp::parser::parse(script)?;
        let cat = self.catalog.read().expect("catalog lock");
        Ok(toolsh_tools::hints::tool_call_sites(
            &ast,
            &|n| cat.entries.contains_key(n) || cat.modules.contains_key(n),
            toolsh_tools::hints::MAX_HINT_SITES,
        ))
    }
}
