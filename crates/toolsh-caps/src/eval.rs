//! Running a script under a lease: a fresh `LogicOnly` shell whose tool
//! commands all pass through the execution's lease gate.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use toolsh_interp::{
    Builtin, BuiltinContext, BuiltinResult, LimitKind, Profile, Shell, write_status,
};
use toolsh_tools::{
    InvocationTrace, ToolArgs, ToolCallRequest, ToolDef, ToolImpl, ToolRegistry, commands_for,
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
}

/// The tool-layer tool for a catalog entry: the contract (or metadata)
/// schemas, and a callback that honours the policy's attempts, output
/// bytes and external dispatch.
pub(crate) fn tool_impl(e: &Entry, shared: &Arc<Shared>) -> ToolImpl {
    let mut def = ToolDef::new(e.policy.name.clone(), e.metadata.description.clone())
        .with_schema(e.input_schema())
        .with_tags(e.metadata.tags.clone());
    if let Some(c) = &e.contract {
        def = def.with_output_schema(c.output.clone());
    }
    if let Some(c) = &e.metadata.category {
        def = def.with_category(c.clone());
    }
    let policy = e.policy.clone();
    let handler = e.handler.clone();
    let shared = shared.clone();
    ToolImpl::new(def).with_async_exec(move |args: ToolArgs| {
        let policy = policy.clone();
        let handler = handler.clone();
        let shared = shared.clone();
        async move { run_handler(&policy, &handler, &shared, args).await }
    })
}

async fn run_handler(
    policy: &ToolPolicy,
    handler: &Handler,
    shared: &Shared,
    args: ToolArgs,
) -> Result<String, String> {
    let out = match handler {
        Handler::External => {
            let (id, rx) = shared.external.submit(
                &policy.name,
                args.params.clone(),
                args.stdin.clone(),
                policy.max_attempts,
                policy.stream,
            );
            let wait = policy.deferred_deadline.unwrap_or(Duration::from_secs(30));
            match tokio::time::timeout(wait, rx).await {
                Ok(Ok(r)) => r?,
                Ok(Err(_)) => return Err("the host dropped the external call".into()),
                Err(_) => {
                    shared.external.abandon(id);
                    return Err(format!("no completion within {} ms", wait.as_millis()));
                }
            }
        }
        Handler::Text(f) => {
            let mut last = String::new();
            let mut result = None;
            for _ in 0..policy.max_attempts.max(1) {
                match f(args.clone()).await {
                    Ok(o) => {
                        result = Some(o);
                        break;
                    }
                    Err(e) => last = e,
                }
            }
            result.ok_or(last)?
        }
        Handler::Json(f) => {
            let mut last = String::new();
            let mut result = None;
            for _ in 0..policy.max_attempts.max(1) {
                match f(args.params.clone()).await {
                    Ok(v) => {
                        result = Some(v.to_string());
                        break;
                    }
                    Err(e) => last = e,
                }
            }
            result.ok_or(last)?
        }
    };
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
impl Builtin for ModuleCommand {
    fn name(&self) -> &str {
        &self.command
    }

    async fn run(&self, ctx: &mut BuiltinContext<'_>) -> BuiltinResult {
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
                        risk: e.metadata.risk,
                        policy: e.policy.clone(),
                    },
                )
            })
            .collect();
        let modules: Vec<(String, String)> = cat
            .modules
            .iter()
            .map(|(a, b)| (a.clone(), b.clone()))
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

    /// Run `script` in a fresh `LogicOnly` shell in which every tool command
    /// is reserved against `lease` at call time (names computed at run time
    /// included). A lease issued for another catalog version is refused
    /// before anything runs.
    pub async fn eval_with_capability_lease(
        &self,
        script: &str,
        lease: &CapabilityLease,
    ) -> Result<EvalResult, CapsError> {
        self.active.fetch_add(1, Ordering::SeqCst);
        let _guard = ActiveGuard(&self.active);
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
            execution,
            used: Mutex::new(HashMap::new()),
        });
        let registry = Arc::new((*base).clone().with_gate(gate));
        let request = Arc::new(ToolCallRequest {
            surface: Some("caps".into()),
            ..ToolCallRequest::default()
        });
        let mut b = Shell::builder()
            .profile(Profile::LogicOnly)
            .limits(self.limits.clone());
        for c in commands_for(&registry, &request) {
            b = b.builtin(c);
        }
        for (command, target) in modules {
            b = b.builtin(Arc::new(ModuleCommand {
                command,
                target,
                registry: registry.clone(),
                request: request.clone(),
            }));
        }
        let mut shell = b.build();
        let r = shell.exec(script).await;
        Ok(EvalResult {
            stdout: r.stdout,
            stderr: r.stderr,
            exit_code: r.exit_code,
            limit: r.limit,
            execution,
            lease_id: lease.id,
            trace: request.trace.take(),
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
