//! [`CallPipeline`]: what happens around each call in an agent loop:
//! a tracing span, panic capture, normalization to `{status, result}`,
//! large-output spooling and the trajectory log.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Instant;

use futures_util::FutureExt;
use serde_json::{Value, json};
use tracing::Instrument;

use crate::call::{ToolCall, ToolError, normalize};
use crate::executor::{ExecOutcome, ToolExecutor};
use crate::spool::Spooler;
use crate::trajectory::{Trajectory, TrajectoryEntry, now_ms};

/// The `tool_id` recorded for fenced-block responses.
pub const FENCED_TOOL_ID: &str = "<fenced>";

/// Runs calls through an executor and returns what the model should see.
pub struct CallPipeline {
    executor: Arc<dyn ToolExecutor>,
    finisher: CallFinisher,
}

impl std::fmt::Debug for CallPipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CallPipeline")
            .field("finisher", &self.finisher)
            .finish_non_exhaustive()
    }
}

/// What the model gets for one call.
#[derive(Debug, Clone, PartialEq)]
pub struct PipelineResult {
    /// `{"status": "done" | "error", "result": "..."}`.
    pub model_json: Value,
    /// Where a large result was spooled.
    pub spool_path: Option<String>,
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

impl CallPipeline {
    /// A pipeline over `executor` with no spooling and no trajectory.
    pub fn new(executor: Arc<dyn ToolExecutor>) -> Self {
        Self {
            executor,
            finisher: CallFinisher::default(),
        }
    }

    /// Spool large results.
    #[must_use]
    pub fn spooler(mut self, s: Spooler) -> Self {
        self.finisher = self.finisher.spooler(s);
        self
    }

    /// Record every call.
    #[must_use]
    pub fn trajectory(mut self, t: Trajectory) -> Self {
        self.finisher = self.finisher.trajectory(t);
        self
    }

    /// The executor.
    pub fn executor(&self) -> &Arc<dyn ToolExecutor> {
        &self.executor
    }

    /// Run a structured call (confirmed or not). Never fails: every outcome
    /// (including a panic inside the executor) becomes `{status, result}`.
    pub async fn handle_call(&self, call: &ToolCall, confirmed: bool) -> PipelineResult {
        let fut = async {
            if confirmed {
                self.executor.execute_tool_call_confirmed(call).await
            } else {
                self.executor.execute_tool_call(call).await
            }
        };
        self.finish(call.clone(), fut).await
    }

    /// Run the fenced blocks of an LLM response.
    pub async fn handle_response(&self, response: &str, confirmed: bool) -> PipelineResult {
        let call = ToolCall::new("blocks", FENCED_TOOL_ID, json!({"response": response}));
        let fut = async {
            if confirmed {
                self.executor.execute_confirmed(response).await
            } else {
                self.executor.execute(response).await
            }
        };
        self.finish(call, fut).await
    }

    async fn finish(
        &self,
        call: ToolCall,
        fut: impl Future<Output = ExecOutcome> + Send,
    ) -> PipelineResult {
        let started_ms = now_ms();
        let start = Instant::now();
        let tool_name = self
            .executor
            .tool_definitions()
            .into_iter()
            .find(|d| d.def.name == call.tool_id)
            .map_or_else(|| call.tool_id.clone(), |d| d.def.name);
        let span = tracing::info_span!("tool_call", tool_id = %call.id, tool_name = %tool_name, status = tracing::field::Empty, elapsed_ms = tracing::field::Empty, result_chars = tracing::field::Empty);
        let outcome: ExecOutcome = AssertUnwindSafe(fut)
            .catch_unwind()
            .instrument(span.clone())
            .await
            .unwrap_or_else(|p| Err(ToolError::Panic(panic_message(&*p))));
        let elapsed = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
        let result = self.finisher.finish(call, outcome, started_ms, elapsed);
        let chars = result.model_json["result"]
            .as_str()
            .map_or(0, |s| s.chars().count());
        span.record(
            "status",
            result.model_json["status"].as_str().unwrap_or("error"),
        );
        span.record("elapsed_ms", elapsed);
        span.record("result_chars", chars);
        tracing::debug!(parent: &span, "tool call finished");
        result
    }
}

/// What happens to a finished call's outcome, for a [`CallPipeline`] and
/// for a host that runs scripts its own way (the MCP server): a large
/// result is spooled (the model gets the preview), the outcome is
/// normalized to `{status, result}`, and a trajectory line is appended
/// with the whole content, the lease and the audit ids.
#[derive(Debug, Default)]
pub struct CallFinisher {
    spooler: Option<Spooler>,
    trajectory: Option<Trajectory>,
}

impl CallFinisher {
    /// Spool large results.
    #[must_use]
    pub fn spooler(mut self, s: Spooler) -> Self {
        self.spooler = Some(s);
        self
    }

    /// Record every call.
    #[must_use]
    pub fn trajectory(mut self, t: Trajectory) -> Self {
        self.trajectory = Some(t);
        self
    }

    /// The spooler, if results are spooled (to serve
    /// [`crate::spool::READ_TOOL`] from it).
    pub fn spool(&self) -> Option<&Spooler> {
        self.spooler.as_ref()
    }

    /// Spool, normalize and record `outcome` of `call`, which started at
    /// `started_ms` (Unix ms) and took `elapsed_ms`. A trajectory that
    /// cannot be written is logged, never an error of the call.
    pub fn finish(
        &self,
        call: ToolCall,
        outcome: ExecOutcome,
        started_ms: u64,
        elapsed_ms: u64,
    ) -> PipelineResult {
        let mut spool_path = None;
        let mut content = None;
        let outcome = match outcome {
            Ok(Some(mut o)) => {
                if let Some(s) = &self.spooler {
                    let whole = std::mem::take(&mut o.result);
                    let bounded = crate::trajectory::bounded_content(&whole);
                    let (shown, path) = s.spool(&call.id, whole);
                    if path.is_some() {
                        content = Some(bounded);
                    }
                    o.result = shown;
                    o.spool_path.clone_from(&path);
                    spool_path = path;
                }
                Ok(Some(o))
            }
            other => other,
        };
        let (lease_id, audit_ids) = match &outcome {
            Ok(Some(o)) => (o.lease_id, o.audit_ids.clone()),
            _ => (None, Vec::new()),
        };
        let model_json = normalize(&outcome);
        if let Some(t) = &self.trajectory {
            let entry = TrajectoryEntry {
                session: t.session().to_string(),
                started_ms,
                request: call,
                result: model_json.clone(),
                content_truncated: content.as_ref().is_some_and(|c| c.1),
                content: content.map(|c| c.0),
                spool_path: spool_path.clone(),
                duration_ms: elapsed_ms,
                lease_id,
                audit_ids,
            };
            if let Err(e) = t.append(&entry) {
                tracing::warn!(error = %e, "could not append to the trajectory");
            }
        }
        PipelineResult {
            model_json,
            spool_path,
        }
    }
}
