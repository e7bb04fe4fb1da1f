//! [`ScriptedTool`]: a tool set exposed to an LLM as one "run a bash
//! script" tool. Each execution gets a fresh `LogicOnly` shell whose
//! commands are the tools, `help`, `discover` and any custom builtins.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolsh_interp::{ExecutionLimits, Profile, Shell, Utility};

use crate::call::ToolCallRequest;
use crate::commands::commands_for;
use crate::def::ToolDef;
use crate::locale::Locale;
use crate::prompt;
use crate::registry::{CallGate, PendingCall, PolicyDecision, RegistryError, ToolRegistry};
use crate::tool::{ToolImpl, ToolResult};
use crate::trace::InvocationTrace;

/// One execution request: the script and an optional timeout.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ToolRequest {
    /// The bash script to run.
    pub commands: String,
    /// Wall-clock limit in milliseconds (capped by the tool's limits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
}

impl ToolRequest {
    /// A request for `script` with the default timeout.
    pub fn new(script: impl Into<String>) -> Self {
        Self {
            commands: script.into(),
            timeout_ms: None,
        }
    }
}

/// What an execution produced.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ToolResponse {
    /// The script's standard output.
    pub stdout: String,
    /// The script's standard error.
    pub stderr: String,
    /// The script's exit status (124 when a limit stopped it).
    pub exit_code: i32,
    /// Set when the execution itself failed (a limit, cancellation), as a
    /// short message; `None` for a script that ran to its end, whatever its
    /// status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Builds a [`ScriptedTool`].
pub struct ScriptedToolBuilder {
    name: String,
    short_description: Option<String>,
    tools: Vec<ToolImpl>,
    builtins: Vec<Arc<dyn Utility>>,
    locale: Locale,
    env: Vec<(String, String)>,
    limits: ExecutionLimits,
    compact_prompt: bool,
    sanitize_errors: Option<bool>,
    base: Option<ToolRegistry>,
    policy: Option<Arc<crate::registry::PolicyFn>>,
    gates: Vec<Arc<dyn CallGate>>,
    call_timeout: Option<Duration>,
}

impl ScriptedToolBuilder {
    fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            short_description: None,
            tools: Vec::new(),
            builtins: Vec::new(),
            locale: Locale::default(),
            env: Vec::new(),
            limits: ExecutionLimits::default(),
            compact_prompt: false,
            sanitize_errors: None,
            base: None,
            policy: None,
            gates: Vec::new(),
            call_timeout: None,
        }
    }

    /// Add a tool with a synchronous callback.
    #[must_use]
    pub fn tool_fn<F>(mut self, def: ToolDef, f: F) -> Self
    where
        F: Fn(&crate::ToolArgs) -> ToolResult + Send + Sync + 'static,
    {
        self.tools.push(ToolImpl::new(def).with_exec(f));
        self
    }

    /// Add a tool with an asynchronous callback.
    #[must_use]
    pub fn async_tool_fn<F, Fut>(mut self, def: ToolDef, f: F) -> Self
    where
        F: Fn(crate::ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = ToolResult> + Send + 'static,
    {
        self.tools.push(ToolImpl::new(def).with_async_exec(f));
        self
    }

    /// Add a ready-made tool.
    #[must_use]
    pub fn tool(mut self, tool: ToolImpl) -> Self {
        self.tools.push(tool);
        self
    }

    /// Add a custom command that receives its raw argv. It can never shadow
    /// a tool, `help` or `discover` (those are installed after it).
    #[must_use]
    pub fn utility(mut self, utility: Arc<dyn Utility>) -> Self {
        self.builtins.push(utility);
        self
    }

    /// The one-line description of the whole tool (first line of the
    /// system prompt and of the tool definition).
    #[must_use]
    pub fn short_description(mut self, text: impl Into<String>) -> Self {
        self.short_description = Some(text.into());
        self
    }

    /// The locale of generated text (system prompt, tool definition);
    /// English by default.
    #[must_use]
    pub fn locale(mut self, locale: Locale) -> Self {
        self.locale = locale;
        self
    }

    /// A shell variable set (exported) in every execution.
    #[must_use]
    pub fn env(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }

    /// The limits of every execution.
    #[must_use]
    pub fn limits(mut self, limits: ExecutionLimits) -> Self {
        self.limits = limits;
        self
    }

    /// List tools one line each in the system prompt, without schemas.
    #[must_use]
    pub fn compact_prompt(mut self, on: bool) -> Self {
        self.compact_prompt = on;
        self
    }

    /// Hide callback error messages from scripts (default on).
    #[must_use]
    pub fn sanitize_errors(mut self, on: bool) -> Self {
        self.sanitize_errors = Some(on);
        self
    }

    /// A policy hook consulted before every call.
    #[must_use]
    pub fn policy<F>(mut self, f: F) -> Self
    where
        F: Fn(&PendingCall<'_>) -> PolicyDecision + Send + Sync + 'static,
    {
        self.policy = Some(Arc::new(f));
        self
    }

    /// A gate on the call path (leases, approvals).
    #[must_use]
    pub fn gate(mut self, gate: Arc<dyn CallGate>) -> Self {
        self.gates.push(gate);
        self
    }

    /// A per-call timeout for callbacks.
    #[must_use]
    pub fn call_timeout(mut self, timeout: Duration) -> Self {
        self.call_timeout = Some(timeout);
        self
    }

    /// Build: registers every tool (names, schemas and callbacks are checked
    /// here) and refuses custom builtins named like a tool, `help` or
    /// `discover`.
    pub fn build(self) -> Result<ScriptedTool, RegistryError> {
        let mut registry = self.base.unwrap_or_default();
        if let Some(on) = self.sanitize_errors {
            registry.sanitize_errors = on;
        }
        if self.policy.is_some() {
            registry.policy = self.policy;
        }
        registry.gates.extend(self.gates);
        if self.call_timeout.is_some() {
            registry.call_timeout = self.call_timeout;
        }
        for t in self.tools {
            registry.register(t)?;
        }
        for b in &self.builtins {
            let n = b.name();
            if registry.contains(n) || crate::registry::RESERVED_NAMES.contains(&n) {
                return Err(RegistryError::Duplicate(n.to_string()));
            }
        }
        Ok(ScriptedTool {
            inner: Arc::new(Inner {
                name: self.name,
                short_description: self.short_description,
                registry: Arc::new(registry),
                builtins: self.builtins,
                locale: self.locale,
                env: self.env,
                limits: self.limits,
                compact_prompt: self.compact_prompt,
            }),
            last_trace: Arc::new(Mutex::new(Vec::new())),
        })
    }
}

struct Inner {
    name: String,
    short_description: Option<String>,
    registry: Arc<ToolRegistry>,
    builtins: Vec<Arc<dyn Utility>>,
    locale: Locale,
    env: Vec<(String, String)>,
    limits: ExecutionLimits,
    compact_prompt: bool,
}

/// A tool set as one script-running tool. Cheap to clone; clones share the
/// callbacks (by `Arc`) and the last-execution trace.
#[derive(Clone)]
pub struct ScriptedTool {
    inner: Arc<Inner>,
    last_trace: Arc<Mutex<Vec<InvocationTrace>>>,
}

impl std::fmt::Debug for ScriptedTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptedTool")
            .field("name", &self.inner.name)
            .field("registry", &self.inner.registry)
            .finish_non_exhaustive()
    }
}

impl ScriptedTool {
    /// A builder for a tool named `name` (the name the LLM calls, e.g.
    /// `script`).
    pub fn builder(name: impl Into<String>) -> ScriptedToolBuilder {
        ScriptedToolBuilder::new(name)
    }

    /// A builder that starts from an existing registry (its tools, policy,
    /// gates and settings); builder settings given afterwards add to it.
    pub fn from_registry(name: impl Into<String>, registry: &ToolRegistry) -> ScriptedToolBuilder {
        let mut b = ScriptedToolBuilder::new(name);
        b.base = Some(registry.clone());
        b
    }

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The registry behind the tool.
    pub fn registry(&self) -> &Arc<ToolRegistry> {
        &self.inner.registry
    }

    /// The limits of each execution.
    pub fn limits(&self) -> &ExecutionLimits {
        &self.inner.limits
    }

    /// Build a fresh `LogicOnly` shell for one execution.
    pub fn shell_for(&self, request: &Arc<ToolCallRequest>, timeout_ms: Option<u64>) -> Shell {
        let mut limits = self.inner.limits.clone();
        if let Some(ms) = timeout_ms {
            let t = Duration::from_millis(ms);
            limits.timeout = Some(limits.timeout.map_or(t, |d| d.min(t)));
        }
        let mut b = Shell::builder()
            .profile(Profile::LogicOnly)
            .utilities(toolsh_utils::standard())
            .limits(limits)
            .envs(self.inner.env.iter().cloned());
        for c in &self.inner.builtins {
            b = b.utility(c.clone());
        }
        for c in commands_for(&self.inner.registry, request) {
            b = b.utility(c);
        }
        b.command_not_found(Arc::new(crate::commands::UnknownCommand::for_execution(
            &self.inner.registry,
            request,
        )))
        .build()
    }

    /// Run a script in a fresh shell; the trace is kept for
    /// [`ScriptedTool::take_last_execution_trace`].
    pub async fn execute(&self, request: ToolRequest) -> ToolResponse {
        self.execute_for(request, ToolCallRequest::default()).await
    }

    /// [`ScriptedTool::execute`] on behalf of a tenant / surface.
    pub async fn execute_for(&self, request: ToolRequest, call: ToolCallRequest) -> ToolResponse {
        ToolExecution::new(self.clone(), request, call).run().await
    }

    /// A single-use execution handle (run once, cancel from elsewhere, read
    /// its trace).
    pub fn execution(&self, request: ToolRequest) -> ToolExecution {
        ToolExecution::new(self.clone(), request, ToolCallRequest::default())
    }

    /// [`ScriptedTool::execution`] on behalf of a tenant / surface.
    pub fn execution_for(&self, request: ToolRequest, call: ToolCallRequest) -> ToolExecution {
        ToolExecution::new(self.clone(), request, call)
    }

    /// The trace of the last finished execution (empty after taking).
    pub fn take_last_execution_trace(&self) -> Vec<InvocationTrace> {
        std::mem::take(&mut *self.last_trace.lock().expect("trace lock"))
    }

    /// The markdown system prompt: the commands (with schemas, or one line
    /// each in compact mode) and usage tips, for the `LogicOnly` profile its
    /// executions run in (no file system).
    pub fn system_prompt(&self) -> String {
        self.system_prompt_for(Profile::LogicOnly)
    }

    /// [`ScriptedTool::system_prompt`] for a host that runs the scripts in
    /// its own shell under `profile` (`toolsh run` defaults to `Sandbox`):
    /// the prompt tells what that profile gives for files.
    pub fn system_prompt_for(&self, profile: Profile) -> String {
        prompt::system_prompt(
            &self.inner.name,
            self.inner.short_description.as_deref(),
            &self.inner.registry.definitions(),
            self.inner.compact_prompt,
            self.inner.locale,
            profile,
        )
    }

    /// The description used in tool definitions: the short description (or
    /// a default) followed by the one-line list of commands.
    pub fn description(&self) -> String {
        prompt::tool_description(
            self.inner.short_description.as_deref(),
            &self.inner.registry.definitions(),
            self.inner.locale,
        )
    }

    /// The JSON Schema of [`ToolRequest`].
    pub fn build_input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "commands": {"type": "string", "description": self.inner.locale.text(crate::locale::Text::CommandsField)},
                "timeout_ms": {"type": "integer", "minimum": 1, "description": self.inner.locale.text(crate::locale::Text::TimeoutField)}
            },
            "required": ["commands"],
            "additionalProperties": false
        })
    }

    /// The JSON Schema of [`ToolResponse`].
    pub fn build_output_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "stdout": {"type": "string"},
                "stderr": {"type": "string"},
                "exit_code": {"type": "integer"},
                "error": {"type": "string"}
            },
            "required": ["stdout", "stderr", "exit_code"]
        })
    }

    /// The tool as an LLM tool definition, in both common shapes:
    /// `{"openai": {"type": "function", "function": {name, description,
    /// parameters}}, "anthropic": {name, description, input_schema}}`.
    pub fn build_tool_definition(&self) -> Value {
        let def = self.tool_def();
        json!({"openai": def.to_openai(), "anthropic": def.to_anthropic()})
    }

    /// The script tool's own definition: its name, [`Self::description`]
    /// and [`Self::build_input_schema`].
    pub fn tool_def(&self) -> ToolDef {
        ToolDef::new(self.inner.name.clone(), self.description())
            .with_schema(self.build_input_schema())
    }

    /// A tower `Service` over [`ToolRequest`]s, so hosts can layer timeouts,
    /// rate limits and retries.
    pub fn build_service(&self) -> crate::service::ScriptedToolService {
        crate::service::ScriptedToolService::new(self.clone())
    }

    pub(crate) fn store_trace(&self, trace: Vec<InvocationTrace>) {
        *self.last_trace.lock().expect("trace lock") = trace;
    }
}

/// Exit status of an execution that failed inside toolsh (a panic): the
/// interpreter's, re-exported (one constant for the whole stack).
pub use toolsh_interp::EXIT_INTERNAL;

/// A single-use execution: run it once; cancel it from another task with
/// the handle from [`ToolExecution::cancel_handle`]; read its trace after.
pub struct ToolExecution {
    tool: ScriptedTool,
    request: ToolRequest,
    call: Arc<ToolCallRequest>,
    shell: Shell,
}

impl ToolExecution {
    fn new(tool: ScriptedTool, request: ToolRequest, call: ToolCallRequest) -> Self {
        let call = Arc::new(call);
        let shell = tool.shell_for(&call, request.timeout_ms);
        Self {
            tool,
            request,
            call,
            shell,
        }
    }

    /// A handle that stops the execution at its next check.
    pub fn cancel_handle(&self) -> toolsh_interp::CancelHandle {
        self.shell.cancel_handle()
    }

    /// [`ToolExecution::run`] on a thread and runtime of its own
    /// ([`crate::isolate::run_isolated`]), so a script that computes
    /// without pause never holds a worker of the caller's runtime; dropping
    /// the returned future cancels the script. A panic in the execution is
    /// reported as a response with status [`EXIT_INTERNAL`] and
    /// `toolsh: internal error: MESSAGE` on stderr, without a backtrace.
    pub async fn run_isolated(self) -> ToolResponse {
        self.run_isolated_holding(()).await
    }

    /// [`ToolExecution::run_isolated`], dropping `held` on the execution's
    /// thread once the script has ended (a server's admission permit, so a
    /// slot is free only when the execution's memory is).
    pub async fn run_isolated_holding<H: Send + 'static>(self, held: H) -> ToolResponse {
        let cancel = self.cancel_handle();
        let run = move || async move {
            let r = self.run().await;
            drop(held);
            r
        };
        match crate::isolate::run_isolated(run, Some(cancel)).await {
            Ok(r) => r,
            Err(e) => ToolResponse {
                stdout: String::new(),
                stderr: format!("toolsh: {e}\n"),
                exit_code: EXIT_INTERNAL,
                error: Some(e.to_string()),
            },
        }
    }

    /// Run the script (consumes the handle: an execution runs once).
    ///
    /// When it ends, `toolsh.exit_status` (the status) and, when a limit
    /// stopped it, `toolsh.limit` (the limit's name, as in
    /// `toolsh: <limit> exceeded`) are recorded on the current `tracing`
    /// span, for a host whose execution span declares those fields.
    pub async fn run(mut self) -> ToolResponse {
        let r = self.shell.exec(&self.request.commands).await;
        let trace = self.call.trace.take();
        self.tool.store_trace(trace);
        let span = tracing::Span::current();
        span.record("toolsh.exit_status", r.exit_code);
        if let Some(kind) = r.limit {
            span.record("toolsh.limit", kind.name());
        }
        let error = match (r.limit, r.exit_code) {
            (Some(kind), _) => Some(format!("{} exceeded", kind.name())),
            (None, toolsh_interp::EXIT_CANCELLED) => Some("execution cancelled".to_string()),
            _ => None,
        };
        ToolResponse {
            stdout: r.stdout,
            stderr: r.stderr,
            exit_code: r.exit_code,
            error,
        }
    }
}
