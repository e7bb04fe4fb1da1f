//! The call path of one tool command, in order, each step in one place:
//! argv → schema-driven flags → JSON params → schema validation → gates
//! (leases, approvals) → policy → callback under the deadline → error
//! sanitization → output check → trace → stdout.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tracing::Instrument as _;

use crate::args::ToolArgs;
use crate::flags::{parse_flags, suggest};
use crate::help;
use crate::registry::{
    CallReport, EXIT_FAILURE, EXIT_NOT_FOUND, EXIT_OK, EXIT_USAGE, PendingCall, PolicyDecision,
    RegisteredTool, ToolRegistry,
};
use crate::tool::ToolResult;
use crate::trace::{InvocationTrace, TraceKind, TraceLog};

/// The per-execution context of tool calls: who is calling and where the
/// trace goes. Passed with each execution, never stored in the shared
/// registry, so one registry serves many tenants concurrently.
#[derive(Debug, Clone)]
pub struct ToolCallRequest {
    /// The tenant, visible to callbacks (`ToolArgs::tenant`) and policy.
    pub tenant: Option<String>,
    /// The surface (`script`, `mcp`, ...).
    pub surface: Option<String>,
    /// This execution's trace.
    pub trace: Arc<TraceLog>,
    /// The execution's id, unique in this process (a fresh one per
    /// `default()`): gates key per-execution budgets by it.
    pub execution: u64,
}

impl Default for ToolCallRequest {
    fn default() -> Self {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Self {
            tenant: None,
            surface: None,
            trace: Arc::default(),
            execution: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }
}

impl ToolCallRequest {
    /// A request for `tenant` with a fresh trace.
    pub fn for_tenant(tenant: impl Into<String>) -> Self {
        Self {
            tenant: Some(tenant.into()),
            ..Self::default()
        }
    }
}

/// The result of one tool command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallOutcome {
    /// 0 ok, 1 failure/denial/timeout, 2 usage or schema error, 127 unknown
    /// tool.
    pub exit_code: i32,
    /// What the command prints on stdout (the output, newline-terminated).
    pub stdout: String,
    /// What it prints on stderr.
    pub stderr: String,
}

impl CallOutcome {
    fn fail(code: i32, stderr: String) -> Self {
        Self {
            exit_code: code,
            stdout: String::new(),
            stderr,
        }
    }
}

impl ToolRegistry {
    /// Run tool `name` with arguments `argv` (after the name) and piped
    /// `stdin`, under an optional `deadline`. Never panics, whatever the
    /// callback does: a panicking callback is reported as a failure.
    ///
    /// The call runs in a `toolsh.tool_call` `tracing` span (target
    /// `toolsh_tools::call`, level info; fields `toolsh.tool`,
    /// `toolsh.status`, `toolsh.duration_ms`, `toolsh.bytes_in`,
    /// `toolsh.bytes_out`), a child of the span current where it is
    /// called; an async callback runs inside it.
    pub async fn call(
        &self,
        name: &str,
        argv: &[String],
        stdin: Option<String>,
        request: &ToolCallRequest,
        deadline: Option<Instant>,
    ) -> CallOutcome {
        in_call_span(name, self.call_traced(name, argv, stdin, request, deadline)).await
    }

    async fn call_traced(
        &self,
        name: &str,
        argv: &[String],
        stdin: Option<String>,
        request: &ToolCallRequest,
        deadline: Option<Instant>,
    ) -> CallOutcome {
        let start = Instant::now();
        let tool = match self.tool_or_unknown(name) {
            Ok(t) => t,
            Err(outcome) => return outcome,
        };
        let mut params_for_trace = None;
        let mut output_for_trace = None;
        let outcome = self
            .call_steps(
                &tool,
                argv,
                stdin,
                request,
                deadline,
                &mut params_for_trace,
                &mut output_for_trace,
            )
            .await;
        request.trace.push(InvocationTrace {
            name: name.to_string(),
            kind: TraceKind::Tool,
            argv: argv.to_vec(),
            exit_code: outcome.exit_code,
            duration: start.elapsed(),
            params: params_for_trace,
            output: output_for_trace,
        });
        outcome
    }

    #[allow(clippy::too_many_arguments)]
    async fn call_steps(
        &self,
        tool: &RegisteredTool,
        argv: &[String],
        stdin: Option<String>,
        request: &ToolCallRequest,
        deadline: Option<Instant>,
        params_out: &mut Option<Value>,
        output_out: &mut Option<Value>,
    ) -> CallOutcome {
        let def = &tool.imp.def;
        let name = def.name.as_str();
        if self.is_hidden(name) {
            let params =
                parse_flags(&def.input_schema, argv).map_or_else(|_| json!({}), Value::Object);
            return self
                .deny_hidden(name, &params, stdin.as_deref(), request)
                .await;
        }
        if argv.iter().any(|a| a == "--help") {
            return CallOutcome {
                exit_code: EXIT_OK,
                stdout: help::tool_usage(def),
                stderr: String::new(),
            };
        }
        let dry_run = argv.iter().any(|a| a == "--dry-run");
        let argv: Vec<String> = argv.iter().filter(|a| *a != "--dry-run").cloned().collect();

        // Flags → params.
        let params = match parse_flags(&def.input_schema, &argv) {
            Ok(map) => Value::Object(map),
            Err(e) => {
                self.notify_rejected(name, &e.to_string());
                return CallOutcome::fail(
                    EXIT_USAGE,
                    format!("{name}: {e}\n{}\n", help::usage_line(def)),
                );
            }
        };
        *params_out = Some(params.clone());
        self.run_params(tool, params, dry_run, stdin, request, deadline, output_out)
            .await
    }

    /// Run tool `name` with parameters given as JSON (the structured-call
    /// path: no flag parsing), validated like flags are, in the same
    /// `toolsh.tool_call` span as [`ToolRegistry::call`].
    pub async fn call_params(
        &self,
        name: &str,
        params: Value,
        stdin: Option<String>,
        request: &ToolCallRequest,
        deadline: Option<Instant>,
    ) -> CallOutcome {
        in_call_span(
            name,
            self.call_params_traced(name, params, stdin, request, deadline),
        )
        .await
    }

    async fn call_params_traced(
        &self,
        name: &str,
        params: Value,
        stdin: Option<String>,
        request: &ToolCallRequest,
        deadline: Option<Instant>,
    ) -> CallOutcome {
        let start = Instant::now();
        let tool = match self.tool_or_unknown(name) {
            Ok(t) => t,
            Err(outcome) => return outcome,
        };
        let mut output = None;
        let outcome = if self.is_hidden(name) {
            self.deny_hidden(name, &params, stdin.as_deref(), request)
                .await
        } else {
            self.run_params(
                &tool,
                params.clone(),
                false,
                stdin,
                request,
                deadline,
                &mut output,
            )
            .await
        };
        request.trace.push(InvocationTrace {
            name: name.to_string(),
            kind: TraceKind::Tool,
            argv: Vec::new(),
            exit_code: outcome.exit_code,
            duration: start.elapsed(),
            params: Some(params),
            output,
        });
        outcome
    }

    #[allow(clippy::too_many_arguments)]
    async fn run_params(
        &self,
        tool: &RegisteredTool,
        params: Value,
        dry_run: bool,
        stdin: Option<String>,
        request: &ToolCallRequest,
        deadline: Option<Instant>,
        output_out: &mut Option<Value>,
    ) -> CallOutcome {
        let def = &tool.imp.def;
        let name = def.name.as_str();

        // Validation.
        if let Err(errors) = tool.input.validate(&params) {
            self.notify_rejected(name, &errors.join("; "));
            if dry_run {
                let report =
                    json!({"dry_run": true, "valid": false, "params": params, "errors": errors});
                return CallOutcome {
                    exit_code: EXIT_USAGE,
                    stdout: format!("{report}\n"),
                    stderr: String::new(),
                };
            }
            let mut msg = format!("{name}: invalid parameters:\n");
            for e in &errors {
                msg.push_str("  ");
                msg.push_str(e);
                msg.push('\n');
            }
            msg.push_str(&help::usage_line(def));
            msg.push('\n');
            return CallOutcome::fail(EXIT_USAGE, msg);
        }

        let args = ToolArgs {
            params,
            stdin,
            tenant: request.tenant.clone(),
            surface: request.surface.clone(),
            execution: request.execution,
        };
        if dry_run {
            let out = match &tool.imp.dry_run {
                Some(f) => match run_sync(f.as_ref(), &args) {
                    Ok(o) => o,
                    Err(e) => return self.failure(name, &e),
                },
                None => json!({"dry_run": true, "valid": true, "params": args.params}).to_string(),
            };
            return CallOutcome {
                exit_code: EXIT_OK,
                stdout: terminate(out),
                stderr: String::new(),
            };
        }

        // Gates (leases, approvals), then the policy hook.
        let call = PendingCall {
            name,
            params: &args.params,
            tenant: args.tenant.as_deref(),
            surface: args.surface.as_deref(),
            stdin_bytes: args.stdin.as_ref().map_or(0, String::len),
            execution: request.execution,
        };
        let bytes_in = args.params.to_string().len() + args.stdin.as_ref().map_or(0, String::len);
        tracing::Span::current().record("toolsh.bytes_in", as_attribute(bytes_in));
        for (admitted, gate) in self.gates.iter().enumerate() {
            if let PolicyDecision::Deny(reason) = gate.admit(&call).await {
                let report = CallReport {
                    exit_code: EXIT_FAILURE,
                    bytes_in,
                    bytes_out: 0,
                    duration: Duration::ZERO,
                };
                for g in &self.gates[..admitted] {
                    g.finish(&call, &report);
                }
                return CallOutcome::fail(EXIT_FAILURE, format!("{name}: denied: {reason}\n"));
            }
        }
        let finish = |code: i32, bytes_out: usize, duration: Duration| {
            let report = CallReport {
                exit_code: code,
                bytes_in,
                bytes_out,
                duration,
            };
            for g in &self.gates {
                g.finish(&call, &report);
            }
        };
        if let Some(policy) = &self.policy
            && let PolicyDecision::Deny(reason) = policy(&call)
        {
            finish(EXIT_FAILURE, 0, Duration::ZERO);
            return CallOutcome::fail(EXIT_FAILURE, format!("{name}: denied: {reason}\n"));
        }

        // The callback, under the deadline.
        let started = Instant::now();
        let limit = effective_timeout(deadline, self.call_timeout);
        let result = self.run_callback(tool, args.clone(), limit).await;
        let elapsed = started.elapsed();
        let output = match result {
            Ok(o) => o,
            Err(CallbackError::Failed(msg)) => {
                finish(EXIT_FAILURE, 0, elapsed);
                return self.failure(name, &msg);
            }
            Err(CallbackError::TimedOut(d)) => {
                finish(EXIT_FAILURE, 0, elapsed);
                return CallOutcome::fail(
                    EXIT_FAILURE,
                    format!("{name}: timed out after {} ms\n", d.as_millis()),
                );
            }
        };

        // Output contract.
        let parsed: Option<Value> = serde_json::from_str(&output).ok();
        if let Some(out_schema) = &tool.output {
            let problem = match &parsed {
                None => Some(vec!["output is not JSON".to_string()]),
                Some(v) => out_schema.validate(v).err(),
            };
            if let Some(errors) = problem {
                finish(EXIT_FAILURE, output.len(), elapsed);
                tracing::warn!(tool = name, errors = ?errors, "tool output does not match its output schema");
                return CallOutcome::fail(
                    EXIT_FAILURE,
                    format!(
                        "{name}: output does not match the output schema: {}\n",
                        errors.join("; ")
                    ),
                );
            }
        }
        finish(EXIT_OK, output.len(), elapsed);
        *output_out = parsed;
        CallOutcome {
            exit_code: EXIT_OK,
            stdout: terminate(output),
            stderr: String::new(),
        }
    }

    /// The outcome of a call of a hidden tool ([`ToolRegistry::hide`]):
    /// no help, dry run or flag and schema errors (they would show the
    /// tool's flags), only the gates' denial, `<tool>: denied: <reason>`,
    /// status 1 ([`EXIT_FAILURE`]), the reason being the first gate's or
    /// the policy hook's that denies it. `params` are the flags as far as
    /// they parse (`{}` otherwise), for the gates' audit. When nothing
    /// denies it (a host hid a tool its gates allow) it is denied all the
    /// same: "not available to this script". The callback never runs.
    async fn deny_hidden(
        &self,
        name: &str,
        params: &Value,
        stdin: Option<&str>,
        request: &ToolCallRequest,
    ) -> CallOutcome {
        let call = PendingCall {
            name,
            params,
            tenant: request.tenant.as_deref(),
            surface: request.surface.as_deref(),
            stdin_bytes: stdin.map_or(0, str::len),
            execution: request.execution,
        };
        let report = CallReport {
            exit_code: EXIT_FAILURE,
            bytes_in: params.to_string().len() + stdin.map_or(0, str::len),
            bytes_out: 0,
            duration: Duration::ZERO,
        };
        let mut reason = None;
        let mut admitted = 0;
        for gate in &self.gates {
            if let PolicyDecision::Deny(r) = gate.admit(&call).await {
                reason = Some(r);
                break;
            }
            admitted += 1;
        }
        for g in &self.gates[..admitted] {
            g.finish(&call, &report);
        }
        if reason.is_none()
            && let Some(policy) = &self.policy
            && let PolicyDecision::Deny(r) = policy(&call)
        {
            reason = Some(r);
        }
        let reason = reason.unwrap_or_else(|| "not available to this script".to_string());
        CallOutcome::fail(
            EXIT_FAILURE,
            format!(
                "{name}: denied: {reason}
"
            ),
        )
    }

    /// The registered tool `name`, or the outcome of an unknown name
    /// (status 127 with a "did you mean" hint when one is close).
    fn tool_or_unknown(&self, name: &str) -> Result<Arc<RegisteredTool>, CallOutcome> {
        self.tools.get(name).cloned().ok_or_else(|| {
            let hint = suggest(name, self.names())
                .map(|s| format!(" (did you mean {s}?)"))
                .unwrap_or_default();
            CallOutcome::fail(EXIT_NOT_FOUND, format!("{name}: unknown tool{hint}\n"))
        })
    }

    fn notify_rejected(&self, name: &str, message: &str) {
        for g in &self.gates {
            g.rejected(name, message);
        }
    }

    /// The script-visible message for a callback failure.
    fn failure(&self, name: &str, msg: &str) -> CallOutcome {
        tracing::warn!(tool = name, error = %msg, "tool callback failed");
        let shown = if let Some(own) = msg.strip_prefix(OWN_WORDS) {
            format!("{name}: {}\n", own.trim_end())
        } else if self.sanitize_errors {
            format!("{name}: callback failed\n")
        } else {
            format!("{name}: {}\n", msg.trim_end())
        };
        CallOutcome::fail(EXIT_FAILURE, shown)
    }

    async fn run_callback(
        &self,
        tool: &RegisteredTool,
        args: ToolArgs,
        limit: Option<Duration>,
    ) -> Result<String, CallbackError> {
        if let Some(f) = &tool.imp.async_exec {
            // The callback is its own task: its panic is caught there, in
            // a contained region (no backtrace on the host's stderr).
            // In the call's span, so what the callback logs or sends on
            // (an upstream request's trace context) is the call's child.
            let handle =
                tokio::spawn(toolsh_interp::contain::CatchPanic::new(f(args)).in_current_span());
            let abort = handle.abort_handle();
            let joined = match limit {
                Some(d) => {
                    let Ok(j) = tokio::time::timeout(d, handle).await else {
                        abort.abort();
                        return Err(CallbackError::TimedOut(d));
                    };
                    j
                }
                None => handle.await,
            };
            return match joined {
                Ok(Ok(r)) => r.map_err(CallbackError::Failed),
                Ok(Err(p)) => Err(CallbackError::Failed(format!(
                    "callback panicked: {}",
                    p.message
                ))),
                Err(_) => Err(CallbackError::Failed("callback was cancelled".to_string())),
            };
        }
        match &tool.imp.sync_exec {
            Some(f) => {
                if limit.is_some_and(|d| d.is_zero()) {
                    return Err(CallbackError::TimedOut(Duration::ZERO));
                }
                run_sync(f.as_ref(), &args).map_err(CallbackError::Failed)
            }
            None => Err(CallbackError::Failed("no callback".to_string())),
        }
    }
}

/// The span of one tool command, `toolsh.tool_call` (target
/// `toolsh_tools::call`, level info): `toolsh.tool` (the name),
/// `toolsh.status` (the exit status, see [`CallOutcome::exit_code`]),
/// `toolsh.duration_ms` (wall time of the whole call path), `toolsh.bytes_in`
/// (the JSON parameters' length plus stdin's, in bytes; absent when the
/// call stopped before validation), `toolsh.bytes_out` (stdout's bytes).
/// Its parent is the span current where the shell runs the command (a
/// host's execution span); the callback runs inside it.
/// Runs one tool call inside its `toolsh.tool_call` span and records the
/// outcome's status, duration and bytes out on it when the call returns.
async fn in_call_span(name: &str, call: impl Future<Output = CallOutcome>) -> CallOutcome {
    let (span, began) = (call_span(name), Instant::now());
    let outcome = call.instrument(span.clone()).await;
    finish_span(&span, &outcome, began.elapsed());
    outcome
}

fn call_span(name: &str) -> tracing::Span {
    tracing::info_span!(
        target: "toolsh_tools::call",
        "toolsh.tool_call",
        toolsh.tool = name,
        toolsh.status = tracing::field::Empty,
        toolsh.duration_ms = tracing::field::Empty,
        toolsh.bytes_in = tracing::field::Empty,
        toolsh.bytes_out = tracing::field::Empty,
        otel.status_code = tracing::field::Empty,
    )
}

/// Record the outcome's fields on a [`call_span`] (`took`: since it opened).
fn finish_span(span: &tracing::Span, outcome: &CallOutcome, took: Duration) {
    span.record("toolsh.status", outcome.exit_code);
    span.record("toolsh.duration_ms", took.as_secs_f64() * 1000.0);
    span.record("toolsh.bytes_out", as_attribute(outcome.stdout.len()));
    if outcome.exit_code != EXIT_OK {
        span.record("otel.status_code", "ERROR");
    }
}

/// A count as a signed 64-bit integer, OpenTelemetry's integer attribute
/// type (`tracing-opentelemetry` records unsigned values as text).
fn as_attribute(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

enum CallbackError {
    Failed(String),
    TimedOut(Duration),
}

/// Run a sync callback, turning a panic into an error (the interpreter's
/// one containment mechanism, [`toolsh_interp::contain`]).
fn run_sync(f: &(dyn Fn(&ToolArgs) -> ToolResult + Send + Sync), args: &ToolArgs) -> ToolResult {
    match toolsh_interp::contain::catch_sync(|| f(args)) {
        Ok(r) => r,
        Err(p) => Err(format!("callback panicked: {}", p.message)),
    }
}

/// The mark [`transport_error`] puts before a message.
const OWN_WORDS: &str = "\u{0}toolsh-own-words\u{0}";

/// A callback error in toolsh's own words, shown to the script even when
/// callback errors are sanitized (as a timeout is): for faults of the
/// transport to a tool's backend that carry no host data, such as an
/// upstream MCP server that sent invalid JSON or did not answer. The
/// script sees `<tool>: <message>` with status 1 and can branch on it.
/// Host-provided error text (an upstream tool's own error message) must
/// not go through this.
pub fn transport_error(message: impl std::fmt::Display) -> String {
    format!("{OWN_WORDS}{message}")
}

/// A callback error that is the backend's own answer meant for the model
/// to read and act on (an MCP tool result with `isError: true`, such as
/// `Access denied - path outside allowed directories`): shown to the
/// script as `<tool>: <message>` with status 1 even when callback errors
/// are sanitized, through the same mark as [`transport_error`]. The
/// caller cleans and bounds the text; errors of the host or the backend's
/// machinery (exceptions, protocol errors) must not go through this.
pub fn tool_result_error(message: impl std::fmt::Display) -> String {
    format!("{OWN_WORDS}{message}")
}

/// The time a callback may take: the remaining execution time, capped by
/// the per-call timeout.
fn effective_timeout(deadline: Option<Instant>, per_call: Option<Duration>) -> Option<Duration> {
    let remaining = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    match (remaining, per_call) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Output text with a final newline (unless empty), so that consecutive
/// outputs in a script do not run together.
fn terminate(mut s: String) -> String {
    if !s.is_empty() && !s.ends_with('\n') {
        s.push('\n');
    }
    s
}
