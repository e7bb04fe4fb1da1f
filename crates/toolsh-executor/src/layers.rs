//! Cross-cutting layers as one decorator, [`Layered`], over any executor:
//! a [`CallHook`] sees every execution (fenced or structured, confirmed or
//! not) and may refuse it, time it out or record it; every other method is
//! forwarded unchanged. Hooks provided: [`TrustGate`] (trust level and
//! permission mode), [`AuditHook`], [`RateLimit`] and [`Timeout`].

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use serde::Serialize;
use toolsh_caps::{PermissionMode, RiskClass, TrustLevel, TrustState};

use crate::call::{CheckpointInfo, CheckpointList, OfferedTool, OutputStatus, ToolCall, ToolError};
use crate::executor::{ExecOutcome, ToolExecutor};

/// A boxed execution.
pub type ExecFuture<'a> = Pin<Box<dyn Future<Output = ExecOutcome> + Send + 'a>>;

/// What is being executed.
#[derive(Debug, Clone, Copy)]
pub enum Request<'a> {
    /// An LLM response with fenced blocks.
    Response {
        /// The response text.
        text: &'a str,
        /// Whether the confirmation gate is skipped.
        confirmed: bool,
    },
    /// A structured call.
    Call {
        /// The call.
        call: &'a ToolCall,
        /// Whether the confirmation gate is skipped.
        confirmed: bool,
    },
}

impl<'a> Request<'a> {
    /// An LLM response with fenced blocks.
    pub fn response(text: &'a str, confirmed: bool) -> Self {
        Request::Response { text, confirmed }
    }

    /// A structured call.
    pub fn call(call: &'a ToolCall, confirmed: bool) -> Self {
        Request::Call { call, confirmed }
    }

    /// Run this request on `executor` through the matching method
    /// (`execute`, `execute_confirmed`, `execute_tool_call` or
    /// `execute_tool_call_confirmed`): how wrappers forward executions.
    pub fn run_on(self, executor: &'a (dyn ToolExecutor + 'a)) -> ExecFuture<'a> {
        match (self.confirmed(), self) {
            (false, Request::Response { text, .. }) => executor.execute(text),
            (true, Request::Response { text, .. }) => executor.execute_confirmed(text),
            (false, Request::Call { call, .. }) => executor.execute_tool_call(call),
            (true, Request::Call { call, .. }) => executor.execute_tool_call_confirmed(call),
        }
    }

    /// Whether the confirmation gate is skipped.
    pub fn confirmed(self) -> bool {
        match self {
            Request::Response { confirmed, .. } | Request::Call { confirmed, .. } => confirmed,
        }
    }
}

/// One execution as a [`CallHook`] sees it.
pub struct Execution<'a> {
    /// The wrapped executor, for metadata queries.
    pub inner: &'a (dyn ToolExecutor + 'a),
    /// What is executed.
    pub request: Request<'a>,
    /// The inner execution: await it to run, drop it to refuse.
    pub next: ExecFuture<'a>,
}

impl std::fmt::Debug for Execution<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Execution")
            .field("request", &self.request)
            .finish_non_exhaustive()
    }
}

/// A hook around executions.
#[async_trait]
pub trait CallHook: Send + Sync {
    /// Run the execution (await `exec.next`) or refuse it.
    async fn around(&self, exec: Execution<'_>) -> ExecOutcome;
    /// Adjust the definitions the inner executor reports (e.g. hide tools a
    /// mode forbids).
    fn definitions(&self, defs: Vec<OfferedTool>) -> Vec<OfferedTool> {
        defs
    }
    /// Whether the hook itself would ask for confirmation of `call`
    /// (added to the inner executor's answer).
    fn requires_confirmation(&self, _inner: &dyn ToolExecutor, _call: &ToolCall) -> bool {
        false
    }
    /// Whether the hook lets `tool_id` run speculatively (both this and
    /// the inner executor must agree).
    fn permits_speculation(&self, _inner: &dyn ToolExecutor, _tool_id: &str) -> bool {
        true
    }
}

/// An executor with a hook around its executions.
#[derive(Debug)]
pub struct Layered<E, H> {
    inner: E,
    hook: H,
}

impl<E: ToolExecutor, H: CallHook> Layered<E, H> {
    /// Wrap `inner` with `hook`.
    pub fn new(inner: E, hook: H) -> Self {
        Self { inner, hook }
    }

    /// The hook.
    pub fn hook(&self) -> &H {
        &self.hook
    }
}

impl<E: ToolExecutor, H: CallHook> Layered<E, H> {
    /// Run `request` on the inner executor inside the hook.
    async fn hooked(&self, request: Request<'_>) -> ExecOutcome {
        self.hook
            .around(Execution {
                inner: &self.inner,
                request,
                next: request.run_on(&self.inner),
            })
            .await
    }
}

#[async_trait]
impl<E: ToolExecutor, H: CallHook> ToolExecutor for Layered<E, H> {
    async fn execute(&self, text: &str) -> ExecOutcome {
        self.hooked(Request::response(text, false)).await
    }
    async fn execute_confirmed(&self, text: &str) -> ExecOutcome {
        self.hooked(Request::response(text, true)).await
    }
    async fn execute_tool_call(&self, call: &ToolCall) -> ExecOutcome {
        self.hooked(Request::call(call, false)).await
    }
    async fn execute_tool_call_confirmed(&self, call: &ToolCall) -> ExecOutcome {
        self.hooked(Request::call(call, true)).await
    }
    fn tool_definitions(&self) -> Vec<OfferedTool> {
        self.hook.definitions(self.inner.tool_definitions())
    }
    fn requires_confirmation(&self, call: &ToolCall) -> bool {
        self.inner.requires_confirmation(call) || self.hook.requires_confirmation(&self.inner, call)
    }
    fn is_tool_speculatable(&self, tool_id: &str) -> bool {
        self.inner.is_tool_speculatable(tool_id)
            && self.hook.permits_speculation(&self.inner, tool_id)
    }
    fn is_tool_retryable(&self, tool_id: &str) -> bool {
        self.inner.is_tool_retryable(tool_id)
    }
    async fn checkpoint_undo(&self, n: usize) -> Result<Vec<CheckpointInfo>, ToolError> {
        self.inner.checkpoint_undo(n).await
    }
    async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError> {
        self.inner.checkpoint_redo().await
    }
    fn checkpoint_list(&self) -> Result<CheckpointList, ToolError> {
        self.inner.checkpoint_list()
    }
}

/// Applies the capability layer's trust level and permission mode to whole
/// executions: `Blocked` (and a tool the mode or quarantine forbids) is
/// [`ToolError::Denied`]; in `Auto` mode a non-read tool is
/// [`ToolError::ConfirmationRequired`] until called through a `_confirmed`
/// method. A structured call of a tool the inner executor does not define
/// is not the gate's to judge: it answers `Ok(None)` so a
/// [`crate::CompositeExecutor`] tries the next executor. The metadata
/// follows the same rules: `requires_confirmation` is true where the gate
/// would ask, `is_tool_speculatable` false wherever it would deny or ask.
///
/// The mode and trust level live in a [`TrustState`]; build the gate with
/// [`TrustGate::shared`] over [`toolsh_caps::CapabilityRuntime::trust_state`]
/// so the gate and the runtime's lease gate read one state.
#[derive(Debug)]
pub struct TrustGate {
    state: Arc<TrustState>,
}

impl TrustGate {
    /// A gate with its own mode and trust level.
    pub fn new(mode: PermissionMode, trust: TrustLevel) -> Self {
        Self::shared(Arc::new(TrustState::new(mode, trust)))
    }

    /// A gate over a shared state (the runtime's, say).
    pub fn shared(state: Arc<TrustState>) -> Self {
        Self { state }
    }

    /// The state the gate reads.
    pub fn state(&self) -> &Arc<TrustState> {
        &self.state
    }

    /// Change the effective trust level (takes effect on the next call,
    /// for every holder of the state).
    pub fn set_effective_trust(&self, t: TrustLevel) {
        self.state.set_effective_trust(t);
    }

    /// Change the permission mode.
    pub fn set_permission_mode(&self, m: PermissionMode) {
        self.state.set_permission_mode(m);
    }

    fn decide(&self, risk: RiskClass, confirmed: bool, tool_id: &str) -> Result<(), ToolError> {
        self.state.check(risk).map_err(ToolError::Denied)?;
        if self.state.permission_mode() == PermissionMode::Auto
            && risk != RiskClass::Read
            && !confirmed
        {
            return Err(ToolError::ConfirmationRequired {
                tool_id: tool_id.to_string(),
                reason: format!("{tool_id} is a {risk:?} tool and the mode is auto"),
            });
        }
        Ok(())
    }
}

/// A `TrustGateExecutor` is a [`Layered`] executor with a [`TrustGate`].
pub type TrustGateExecutor<E> = Layered<E, TrustGate>;

/// The risk of `tool_id` as `inner` defines it; `None` when it does not.
fn risk_of(inner: &(dyn ToolExecutor + '_), tool_id: &str) -> Option<RiskClass> {
    inner
        .tool_definitions()
        .into_iter()
        .find(|d| d.def.name == tool_id)
        .map(|d| d.risk)
}

#[async_trait]
impl CallHook for TrustGate {
    async fn around(&self, exec: Execution<'_>) -> ExecOutcome {
        let Execution {
            inner,
            request,
            next,
        } = exec;
        let (tool_id, confirmed) = match request {
            Request::Call { call, confirmed } => (call.tool_id.clone(), confirmed),
            // Fenced blocks run in the executor's script tool.
            Request::Response { confirmed, .. } => (
                inner
                    .tool_definitions()
                    .first()
                    .map_or_else(|| "bash".to_string(), |d| d.def.name.clone()),
                confirmed,
            ),
        };
        let risk = match (risk_of(inner, &tool_id), request) {
            (Some(r), _) => r,
            // Not this executor's tool: not this gate's call.
            (None, Request::Call { .. }) => return Ok(None),
            (None, Request::Response { .. }) => RiskClass::Destructive,
        };
        self.decide(risk, confirmed, &tool_id)?;
        next.await
    }

    fn definitions(&self, defs: Vec<OfferedTool>) -> Vec<OfferedTool> {
        defs.into_iter()
            .filter(|d| self.state.check(d.risk).is_ok())
            .collect()
    }

    fn requires_confirmation(&self, inner: &dyn ToolExecutor, call: &ToolCall) -> bool {
        risk_of(inner, &call.tool_id).is_some_and(|risk| {
            matches!(
                self.decide(risk, false, &call.tool_id),
                Err(ToolError::ConfirmationRequired { .. })
            )
        })
    }

    fn permits_speculation(&self, inner: &dyn ToolExecutor, tool_id: &str) -> bool {
        risk_of(inner, tool_id).is_some_and(|risk| self.decide(risk, false, tool_id).is_ok())
    }
}

/// One audited execution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuditRecord {
    /// Sequence number.
    pub seq: u64,
    /// The call id (`blocks` for fenced responses).
    pub call_id: String,
    /// The tool id (empty for fenced responses).
    pub tool_id: String,
    /// `done`, `error`, `unhandled` or the error's text.
    pub outcome: String,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
}

/// Records every execution (bounded to the last 10,000).
#[derive(Debug, Default)]
pub struct AuditHook {
    records: Mutex<Vec<AuditRecord>>,
    seq: AtomicU64,
}

impl AuditHook {
    /// The records so far.
    pub fn records(&self) -> Vec<AuditRecord> {
        self.records.lock().expect("audit lock").clone()
    }
}

#[async_trait]
impl CallHook for AuditHook {
    async fn around(&self, exec: Execution<'_>) -> ExecOutcome {
        let start = Instant::now();
        let out = exec.next.await;
        let (call_id, tool_id) = match exec.request {
            Request::Call { call, .. } => (call.id.clone(), call.tool_id.clone()),
            Request::Response { .. } => ("blocks".to_string(), String::new()),
        };
        let outcome = match &out {
            Ok(Some(o)) if o.status == OutputStatus::Done => "done".to_string(),
            Ok(Some(_)) => "error".to_string(),
            Ok(None) => "unhandled".to_string(),
            Err(e) => e.to_string(),
        };
        let mut g = self.records.lock().expect("audit lock");
        if g.len() >= 10_000 {
            g.remove(0);
        }
        g.push(AuditRecord {
            seq: self.seq.fetch_add(1, Ordering::SeqCst) + 1,
            call_id,
            tool_id,
            outcome,
            duration_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        });
        out
    }
}

/// Refuses executions beyond a number per session (the executor's life).
#[derive(Debug)]
pub struct RateLimit {
    max: u64,
    used: AtomicU64,
}

impl RateLimit {
    /// At most `max` executions.
    pub fn per_session(max: u64) -> Self {
        Self {
            max,
            used: AtomicU64::new(0),
        }
    }
}

#[async_trait]
impl CallHook for RateLimit {
    async fn around(&self, exec: Execution<'_>) -> ExecOutcome {
        let n = self.used.fetch_add(1, Ordering::SeqCst);
        if n >= self.max {
            return Err(ToolError::RateLimited(format!(
                "{} executions per session",
                self.max
            )));
        }
        exec.next.await
    }
}

/// Bounds each execution's wall time (the execution is dropped at the
/// limit; scripts also have their own deadline).
#[derive(Debug, Clone, Copy)]
pub struct Timeout(pub Duration);

#[async_trait]
impl CallHook for Timeout {
    async fn around(&self, exec: Execution<'_>) -> ExecOutcome {
        tokio::time::timeout(self.0, exec.next)
            .await
            .unwrap_or_else(|_| {
                Err(ToolError::Timeout(
                    u64::try_from(self.0.as_millis()).unwrap_or(u64::MAX),
                ))
            })
    }
}

/// Shared hooks work too.
#[async_trait]
impl<H: CallHook + ?Sized> CallHook for Arc<H> {
    async fn around(&self, exec: Execution<'_>) -> ExecOutcome {
        (**self).around(exec).await
    }
    fn definitions(&self, defs: Vec<OfferedTool>) -> Vec<OfferedTool> {
        (**self).definitions(defs)
    }
    fn requires_confirmation(&self, inner: &dyn ToolExecutor, call: &ToolCall) -> bool {
        (**self).requires_confirmation(inner, call)
    }
    fn permits_speculation(&self, inner: &dyn ToolExecutor, tool_id: &str) -> bool {
        (**self).permits_speculation(inner, tool_id)
    }
}
