//! Speculative dispatch: while a model is still streaming its response,
//! start the calls whose tool is speculatable (idempotent, side-effect free,
//! no confirmation) as soon as their arguments are complete, and reuse the
//! result when the final call matches.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::task::JoinHandle;

use crate::call::{ToolCall, ToolError};
use crate::executor::{ExecOutcome, ToolExecutor};

/// Starts and reuses speculative calls.
pub struct Speculator {
    executor: Arc<dyn ToolExecutor>,
    started: Mutex<HashMap<String, JoinHandle<ExecOutcome>>>,
}

impl std::fmt::Debug for Speculator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Speculator")
            .field(
                "started",
                &self.started.lock().expect("speculator lock").len(),
            )
            .finish_non_exhaustive()
    }
}

/// Canonical JSON (sorted keys) so equal arguments give equal keys.
fn canonical(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys
                .iter()
                .map(|k| format!("{:?}:{}", k, canonical(&m[*k])))
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(canonical).collect::<Vec<_>>().join(",")
        ),
        other => other.to_string(),
    }
}

fn key(call: &ToolCall) -> String {
    format!("{}\u{0}{}", call.tool_id, canonical(&call.params))
}

impl Speculator {
    /// A speculator over `executor`.
    pub fn new(executor: Arc<dyn ToolExecutor>) -> Self {
        Self {
            executor,
            started: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `call` may run before the user or the model confirms it:
    /// its tool is speculatable (which a trust gate answers false for
    /// while it would deny or ask) and this call needs no confirmation.
    fn may_run_early(&self, call: &ToolCall) -> bool {
        self.executor.is_tool_speculatable(&call.tool_id)
            && !self.executor.requires_confirmation(call)
    }

    /// Start `call` now if it may run early (speculatable tool, no
    /// confirmation needed, trusted) and the same call is not already
    /// running. Returns whether it was started.
    pub fn speculate(&self, call: &ToolCall) -> bool {
        if !self.may_run_early(call) {
            return false;
        }
        let k = key(call);
        let mut started = self.started.lock().expect("speculator lock");
        if started.contains_key(&k) {
            return false;
        }
        let executor = self.executor.clone();
        let call = call.clone();
        started.insert(
            k,
            tokio::spawn(async move { executor.execute_tool_call(&call).await }),
        );
        true
    }

    /// The result of the final `call`: the speculative one when the same
    /// call was started (same tool and arguments) and may still run early
    /// (the trust level or mode may have changed since), else a normal
    /// execution through every gate. A speculative run that a gate refused
    /// (denied, or confirmation required, as the gate stood when it ran)
    /// is no result of the call: it too is run again through the gates as
    /// they are now. The output carries the final call's id.
    pub async fn resolve(&self, call: &ToolCall) -> ExecOutcome {
        let mut handle = self
            .started
            .lock()
            .expect("speculator lock")
            .remove(&key(call));
        if handle.is_some()
            && !self.may_run_early(call)
            && let Some(h) = handle.take()
        {
            h.abort();
        }
        match handle {
            Some(h) => match h.await {
                Ok(Ok(Some(mut o))) => {
                    o.call_id.clone_from(&call.id);
                    Ok(Some(o))
                }
                Ok(Err(ToolError::Denied(_) | ToolError::ConfirmationRequired { .. })) => {
                    self.executor.execute_tool_call(call).await
                }
                Ok(other) => other,
                Err(e) => Err(ToolError::Panic(e.to_string())),
            },
            None => self.executor.execute_tool_call(call).await,
        }
    }

    /// Abort every speculative call that was not used.
    pub fn discard(&self) {
        for (_, h) in self.started.lock().expect("speculator lock").drain() {
            h.abort();
        }
    }
}

impl Drop for Speculator {
    fn drop(&mut self) {
        if let Ok(mut s) = self.started.lock() {
            for (_, h) in s.drain() {
                h.abort();
            }
        }
    }
}
