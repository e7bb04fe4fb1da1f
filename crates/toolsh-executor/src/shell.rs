//! [`ShellExecutor`]: scripts in a persistent Sandbox session (with
//! undo/redo checkpoints over its in-memory file system) or in a fresh
//! `LogicOnly` shell per call.

use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use async_trait::async_trait;
use serde_json::json;
use toolsh_interp::fs::{FsSnapshot, MemoryFs};
use toolsh_interp::{Profile, Shell, ShellBuilder};
use toolsh_tools::ToolDef;

use crate::call::{
    CheckpointInfo, CheckpointList, OfferedTool, OutputStatus, ToolCall, ToolError, ToolOutput,
};
use crate::executor::{ExecOutcome, ToolExecutor};
use crate::fenced::extract_blocks;

/// Most checkpoints kept; older ones are dropped.
pub const MAX_CHECKPOINTS: usize = 32;

/// Decides whether a script needs confirmation: `Some(reason)` if so.
pub type ConfirmFn = dyn Fn(&str) -> Option<String> + Send + Sync;

/// Customizes each shell the executor builds (add tools, limits, env).
pub type ConfigureFn = dyn Fn(ShellBuilder) -> ShellBuilder + Send + Sync;

enum Mode {
    Session {
        shell: Arc<tokio::sync::Mutex<Shell>>,
        cancel: toolsh_interp::CancelHandle,
        fs: Arc<MemoryFs>,
    },
    Fresh,
}

#[derive(Default)]
struct Checkpoints {
    undo: Vec<(CheckpointInfo, FsSnapshot)>,
    redo: Vec<(CheckpointInfo, FsSnapshot)>,
}

/// Runs scripts for the model.
pub struct ShellExecutor {
    tool_id: String,
    mode: Mode,
    configure: Arc<ConfigureFn>,
    confirm: Option<Arc<ConfirmFn>>,
    checkpoints: Arc<Mutex<Checkpoints>>,
    speculatable: bool,
}

impl std::fmt::Debug for ShellExecutor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShellExecutor")
            .field("tool_id", &self.tool_id)
            .field("session", &matches!(self.mode, Mode::Session { .. }))
            .finish_non_exhaustive()
    }
}

impl ShellExecutor {
    /// A persistent Sandbox session over a fresh `MemoryFs`: variables,
    /// functions and files persist between calls; every call that changes
    /// the file system pushes a checkpoint.
    pub fn sandbox_session() -> Self {
        Self::sandbox_session_with(Arc::new(MemoryFs::new()), Arc::new(|b| b))
    }

    /// A persistent Sandbox session over `fs`, each shell customized by
    /// `configure`.
    pub fn sandbox_session_with(fs: Arc<MemoryFs>, configure: Arc<ConfigureFn>) -> Self {
        let shell = configure(
            Shell::builder()
                .profile(Profile::Sandbox)
                .utilities(toolsh_utils::standard())
                .fs(fs.clone())
                .cwd("/tmp"),
        )
        .build();
        Self {
            tool_id: "bash".into(),
            mode: Mode::Session {
                cancel: shell.cancel_handle(),
                shell: Arc::new(tokio::sync::Mutex::new(shell)),
                fs,
            },
            configure,
            confirm: None,
            checkpoints: Arc::default(),
            speculatable: false,
        }
    }

    /// A fresh `LogicOnly` shell per call, customized by `configure`. With
    /// no tools added such calls change nothing, so they are speculatable
    /// unless [`ShellExecutor::speculatable`] says otherwise.
    pub fn logic_only(configure: Arc<ConfigureFn>) -> Self {
        Self {
            tool_id: "bash".into(),
            mode: Mode::Fresh,
            configure,
            confirm: None,
            checkpoints: Arc::default(),
            speculatable: false,
        }
    }

    /// The tool id (default `bash`).
    #[must_use]
    pub fn tool_id(mut self, id: impl Into<String>) -> Self {
        self.tool_id = id.into();
        self
    }

    /// Require confirmation for scripts the predicate flags.
    #[must_use]
    pub fn confirm_when(mut self, f: Arc<ConfirmFn>) -> Self {
        self.confirm = Some(f);
        self
    }

    /// Declare calls idempotent and side-effect free (only true for
    /// executors whose shells have no side-effecting tools).
    #[must_use]
    pub fn speculatable(mut self, on: bool) -> Self {
        self.speculatable = on;
        self
    }

    /// The session's file system, if this is a session.
    pub fn fs(&self) -> Option<&Arc<MemoryFs>> {
        match &self.mode {
            Mode::Session { fs, .. } => Some(fs),
            Mode::Fresh => None,
        }
    }

    async fn run_script(&self, call_id: &str, script: &str) -> ToolOutput {
        let start = Instant::now();
        let r = match &self.mode {
            Mode::Fresh => {
                let mut shell = (self.configure)(
                    Shell::builder()
                        .profile(Profile::LogicOnly)
                        .utilities(toolsh_utils::standard()),
                )
                .build();
                shell.exec(script).await
            }
            Mode::Session { shell, cancel, fs } => {
                // The run owns the session lock in a task of its own, so a
                // caller that stops waiting (a timeout layer dropping this
                // future) cannot cut it between the change and its
                // checkpoint: the script is cancelled (it stops at its next
                // check, background jobs aborted) and its changes so far are
                // recorded under this call's id before the lock is released.
                let guard = shell.clone().lock_owned().await;
                let run = tokio::spawn(record_run(
                    guard,
                    fs.clone(),
                    self.checkpoints.clone(),
                    call_id.to_string(),
                    script.to_string(),
                ));
                let mut stop = CancelOnDrop(Some(cancel.clone()));
                let joined = run.await;
                stop.0 = None;
                match joined {
                    Ok(r) => r,
                    Err(e) => toolsh_interp::ExecResult {
                        stdout: String::new(),
                        stderr: format!("toolsh: the session run failed: {e}\n"),
                        exit_code: 1,
                        limit: None,
                    },
                }
            }
        };
        output_from(
            call_id,
            &self.tool_id,
            r.exit_code,
            &r.stdout,
            &r.stderr,
            start,
        )
    }

    fn confirmation(&self, script: &str) -> Option<String> {
        self.confirm.as_ref().and_then(|f| f(script))
    }

    async fn run_blocks(&self, response: &str, confirmed: bool) -> ExecOutcome {
        let blocks = extract_blocks(response);
        if blocks.is_empty() {
            return Ok(None);
        }
        if !confirmed {
            for b in &blocks {
                if let Some(reason) = self.confirmation(&b.script) {
                    return Err(ToolError::ConfirmationRequired {
                        tool_id: self.tool_id.clone(),
                        reason,
                    });
                }
            }
        }
        let start = Instant::now();
        let mut parts = Vec::new();
        let mut status = OutputStatus::Done;
        let mut last_code = 0;
        for (i, b) in blocks.iter().enumerate() {
            let o = self
                .run_script(&format!("block-{}", i + 1), &b.script)
                .await;
            if o.status == OutputStatus::Error {
                status = OutputStatus::Error;
            }
            last_code = o.exit_code.unwrap_or(0);
            parts.push(if blocks.len() == 1 {
                o.result
            } else {
                format!("[block {}]\n{}", i + 1, o.result)
            });
        }
        Ok(Some(ToolOutput {
            call_id: "blocks".into(),
            tool_id: self.tool_id.clone(),
            status,
            result: parts.join("\n"),
            exit_code: Some(last_code),
            spool_path: None,
            duration_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
            lease_id: None,
            audit_ids: Vec::new(),
        }))
    }

    async fn run_call(&self, call: &ToolCall, confirmed: bool) -> ExecOutcome {
        if call.tool_id != self.tool_id {
            return Ok(None);
        }
        let script = call
            .params
            .get("commands")
            .or_else(|| call.params.get("script"))
            .and_then(|v| v.as_str())
            .ok_or_else(|| {
                ToolError::InvalidParams("expected {\"commands\": \"<bash script>\"}".into())
            })?;
        if !confirmed && let Some(reason) = self.confirmation(script) {
            return Err(ToolError::ConfirmationRequired {
                tool_id: self.tool_id.clone(),
                reason,
            });
        }
        Ok(Some(self.run_script(&call.id, script).await))
    }
}

/// Cancels the session's script when the caller stops waiting.
struct CancelOnDrop(Option<toolsh_interp::CancelHandle>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(c) = self.0.take() {
            c.cancel();
        }
    }
}

/// One session run under the held lock: the "before" snapshot, the run,
/// and the checkpoint of any change, all before the lock is released, so
/// concurrent calls each record exactly their own change.
async fn record_run(
    mut shell: tokio::sync::OwnedMutexGuard<Shell>,
    fs: Arc<MemoryFs>,
    checkpoints: Arc<Mutex<Checkpoints>>,
    call_id: String,
    script: String,
) -> toolsh_interp::ExecResult {
    let before = fs.snapshot();
    let r = shell.exec(&script).await;
    if !fs.unchanged_since(&before) {
        let after = fs.snapshot();
        let mut cp = checkpoints.lock().expect("checkpoint lock");
        let index = cp.undo.len();
        cp.undo.push((
            CheckpointInfo {
                index,
                call_id,
                bytes: after.bytes(),
            },
            before,
        ));
        if cp.undo.len() > MAX_CHECKPOINTS {
            cp.undo.remove(0);
            for (i, (info, _)) in cp.undo.iter_mut().enumerate() {
                info.index = i;
            }
        }
        cp.redo.clear();
    }
    drop(shell);
    r
}

impl ToolOutput {
    /// The model-facing output of a script run that started at `start`:
    /// `result` is stdout, then `[stderr]` and stderr when it is not
    /// empty, then `[exit status N]` when N is not 0 (each on a line of
    /// its own); `status` is done for exit status 0, else error. Every
    /// executor that runs scripts uses this form, and so does `toolsh run
    /// --trajectory`, so a recorded run replays against an executor.
    pub fn from_script(
        call_id: &str,
        tool_id: &str,
        code: i32,
        stdout: &str,
        stderr: &str,
        start: Instant,
    ) -> ToolOutput {
        output_from(call_id, tool_id, code, stdout, stderr, start)
    }
}

fn output_from(
    call_id: &str,
    tool_id: &str,
    code: i32,
    stdout: &str,
    stderr: &str,
    start: Instant,
) -> ToolOutput {
    let mut result = stdout.to_string();
    if !stderr.is_empty() {
        if !result.is_empty() && !result.ends_with('\n') {
            result.push('\n');
        }
        result.push_str("[stderr]\n");
        result.push_str(stderr);
    }
    if code != 0 {
        if !result.is_empty() && !result.ends_with('\n') {
            result.push('\n');
        }
        let _ = write!(result, "[exit status {code}]");
    }
    ToolOutput {
        call_id: call_id.to_string(),
        tool_id: tool_id.to_string(),
        status: if code == 0 {
            OutputStatus::Done
        } else {
            OutputStatus::Error
        },
        result,
        exit_code: Some(code),
        spool_path: None,
        duration_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        lease_id: None,
        audit_ids: Vec::new(),
    }
}

#[async_trait]
impl ToolExecutor for ShellExecutor {
    async fn execute(&self, response: &str) -> ExecOutcome {
        self.run_blocks(response, false).await
    }

    async fn execute_confirmed(&self, response: &str) -> ExecOutcome {
        self.run_blocks(response, true).await
    }

    async fn execute_tool_call(&self, call: &ToolCall) -> ExecOutcome {
        self.run_call(call, false).await
    }

    async fn execute_tool_call_confirmed(&self, call: &ToolCall) -> ExecOutcome {
        self.run_call(call, true).await
    }

    fn tool_definitions(&self) -> Vec<OfferedTool> {
        let session = matches!(self.mode, Mode::Session { .. });
        vec![OfferedTool {
            def: ToolDef::new(self.tool_id.clone(), if session {
                "Run a bash script in a persistent sandbox session (bash 5.2 semantics, an in-memory file system, no host access). Variables and files persist between calls."
            } else {
                "Run a bash script in a fresh sandbox (bash 5.2 semantics, no files, no host access)."
            }).with_schema(json!({
                "type": "object",
                "properties": {"commands": {"type": "string", "description": "The bash script."}},
                "required": ["commands"],
                "additionalProperties": false
            })),
            idempotent: self.speculatable,
            side_effect_free: self.speculatable,
            requires_confirmation: self.confirm.is_some(),
            risk: if session {
                toolsh_caps::RiskClass::Write
            } else {
                toolsh_caps::RiskClass::Read
            },
        }]
    }

    fn requires_confirmation(&self, call: &ToolCall) -> bool {
        call.tool_id == self.tool_id
            && call
                .params
                .get("commands")
                .and_then(|v| v.as_str())
                .is_some_and(|s| self.confirmation(s).is_some())
    }

    fn is_tool_speculatable(&self, tool_id: &str) -> bool {
        tool_id == self.tool_id && self.speculatable && self.confirm.is_none()
    }

    fn is_tool_retryable(&self, tool_id: &str) -> bool {
        tool_id == self.tool_id && self.speculatable
    }

    async fn checkpoint_undo(&self, n: usize) -> Result<Vec<CheckpointInfo>, ToolError> {
        let Mode::Session { fs, shell, .. } = &self.mode else {
            return Err(crate::executor::no_checkpoints());
        };
        // Hold the session so no script runs while the tree is swapped.
        let _session = shell.lock().await;
        let mut cp = self.checkpoints.lock().expect("checkpoint lock");
        if n == 0 || n > cp.undo.len() {
            return Err(ToolError::InvalidParams(format!(
                "can undo 1 to {} change(s), not {n}",
                cp.undo.len()
            )));
        }
        let mut undone = Vec::new();
        for _ in 0..n {
            let (info, before) = cp.undo.pop().expect("checked length");
            cp.redo.push((info.clone(), fs.snapshot()));
            fs.restore(&before);
            undone.push(info);
        }
        Ok(undone)
    }

    async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError> {
        let Mode::Session { fs, shell, .. } = &self.mode else {
            return Err(crate::executor::no_checkpoints());
        };
        let _session = shell.lock().await;
        let mut cp = self.checkpoints.lock().expect("checkpoint lock");
        let (info, after) = cp
            .redo
            .pop()
            .ok_or_else(|| ToolError::InvalidParams("nothing to redo".into()))?;
        cp.undo.push((info.clone(), fs.snapshot()));
        fs.restore(&after);
        Ok(info)
    }

    fn checkpoint_list(&self) -> Result<CheckpointList, ToolError> {
        if !matches!(self.mode, Mode::Session { .. }) {
            return Err(crate::executor::no_checkpoints());
        }
        let cp = self.checkpoints.lock().expect("checkpoint lock");
        Ok(CheckpointList {
            undo: cp.undo.iter().map(|(i, _)| i.clone()).collect(),
            redo: cp.redo.iter().rev().map(|(i, _)| i.clone()).collect(),
        })
    }
}
