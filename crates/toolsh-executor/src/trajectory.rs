//! The trajectory log: every call as one JSON line in
//! `<workspace>/.toolsh/trajectories/<session>.jsonl`, and replay of a
//! recorded session against an executor, reporting divergences.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::call::{ToolCall, normalize};
use crate::executor::ToolExecutor;

/// The most bytes [`Trajectory::read`] takes from a file (256 MiB:
/// a run records each call's full output up to 1 MiB, so this is hundreds
/// of calls).
pub const MAX_TRAJECTORY_FILE_BYTES: usize = 256 * 1024 * 1024;

/// One recorded call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrajectoryEntry {
    /// The session.
    pub session: String,
    /// Unix time in milliseconds when the call started.
    pub started_ms: u64,
    /// The request: a structured call, or a fenced response (`tool_id` =
    /// `"<fenced>"`, params `{"response": ...}`).
    pub request: ToolCall,
    /// The normalized result the model received (a preview when spooled).
    pub result: Value,
    /// The whole result text when the model saw a spooled preview: at
    /// most [`MAX_TRAJECTORY_CONTENT_BYTES`] bytes (cut at a character
    /// boundary, `content_truncated` set), so replay compares against what
    /// the tool produced, not the preview.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// Whether `content` was cut at the bound.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub content_truncated: bool,
    /// Where the whole result was spooled, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spool_path: Option<String>,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
    /// The capability lease the call ran under, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_id: Option<u64>,
    /// Audit entry sequence numbers produced by the call, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audit_ids: Vec<u64>,
}

/// Most bytes of a spooled result kept whole in a trajectory entry.
pub const MAX_TRAJECTORY_CONTENT_BYTES: usize = 1024 * 1024;

/// `text` cut to [`MAX_TRAJECTORY_CONTENT_BYTES`] at a character boundary,
/// and whether it was cut.
pub(crate) fn bounded_content(text: &str) -> (String, bool) {
    if text.len() <= MAX_TRAJECTORY_CONTENT_BYTES {
        return (text.to_string(), false);
    }
    let mut end = MAX_TRAJECTORY_CONTENT_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (text[..end].to_string(), true)
}

/// Appends entries to a session's JSON-lines file.
#[derive(Debug)]
pub struct Trajectory {
    session: String,
    path: PathBuf,
    /// Whether an append creates the file's directory (only under a
    /// workspace, whose `.toolsh/trajectories` is the runtime's own).
    make_dir: bool,
    lock: Mutex<()>,
}

impl Trajectory {
    /// The trajectory of `session` under `workspace` (the directory is
    /// created on the first append).
    pub fn new(workspace: &Path, session: impl Into<String>) -> Self {
        let session = session.into();
        let safe: String = session
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        Self {
            path: workspace
                .join(".toolsh")
                .join("trajectories")
                .join(format!("{safe}.jsonl")),
            session,
            make_dir: true,
            lock: Mutex::new(()),
        }
    }

    /// The trajectory of `session` in the file `path` (a host's own
    /// choice, e.g. `toolsh run --trajectory FILE`). Its directory must
    /// exist, as for a shell's `>>`: an append to a file in a missing
    /// directory fails with `NotFound` and creates nothing.
    pub fn at(path: impl Into<PathBuf>, session: impl Into<String>) -> Self {
        Self {
            session: session.into(),
            path: path.into(),
            make_dir: false,
            lock: Mutex::new(()),
        }
    }

    /// The session id.
    pub fn session(&self) -> &str {
        &self.session
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Append one entry (one line, written with a single write).
    pub fn append(&self, entry: &TrajectoryEntry) -> std::io::Result<()> {
        let _g = self.lock.lock().expect("trajectory lock");
        if let Some(dir) = self.path.parent().filter(|_| self.make_dir) {
            std::fs::create_dir_all(dir)?;
        }
        let mut line = serde_json::to_string(entry).map_err(std::io::Error::other)?;
        line.push('\n');
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)?
            .write_all(line.as_bytes())
    }

    /// Read every entry of a trajectory file, at most
    /// [`MAX_TRAJECTORY_FILE_BYTES`] of it.
    ///
    /// # Errors
    /// The I/O error; `InvalidData` for a line that is not an entry (with
    /// its number), for text that is not UTF-8, and for a file past the
    /// bound (`trajectory size limit exceeded (N bytes)`): an endless
    /// source such as `/dev/zero` fails there instead of being read whole.
    pub fn read(path: &Path) -> std::io::Result<Vec<TrajectoryEntry>> {
        use std::io::Read as _;
        let invalid = |m: String| std::io::Error::new(std::io::ErrorKind::InvalidData, m);
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(MAX_TRAJECTORY_FILE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() > MAX_TRAJECTORY_FILE_BYTES {
            return Err(invalid(format!(
                "trajectory size limit exceeded ({MAX_TRAJECTORY_FILE_BYTES} bytes)"
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| invalid("not valid UTF-8 text".into()))?;
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .enumerate()
            .map(|(i, l)| {
                serde_json::from_str(l).map_err(|e| {
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!("line {}: {e}", i + 1),
                    )
                })
            })
            .collect()
    }
}

/// Unix time in milliseconds (0 before 1970).
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// One call whose replayed result differs from the recording.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Divergence {
    /// Position in the trajectory.
    pub index: usize,
    /// The call id.
    pub call_id: String,
    /// The recorded normalized result.
    pub recorded: Value,
    /// The replayed one.
    pub replayed: Value,
}

/// The outcome of a replay.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplayReport {
    /// Calls replayed.
    pub total: usize,
    /// Calls whose result matched.
    pub matched: usize,
    /// The others.
    pub divergences: Vec<Divergence>,
}

/// Re-run a recorded session, in order, against `executor` (typically one
/// whose tools answer from recorded outputs) and compare each normalized
/// result with the recording (with the whole content of a spooled result,
/// not its preview). Confirmation gates stay active: a call that needs
/// confirmation is not run, and its `confirmation required` error is
/// reported as a divergence; a host that re-approves calls runs them
/// itself through the `_confirmed` methods.
pub async fn replay(entries: &[TrajectoryEntry], executor: &dyn ToolExecutor) -> ReplayReport {
    let mut report = ReplayReport {
        total: entries.len(),
        matched: 0,
        divergences: Vec::new(),
    };
    for (index, e) in entries.iter().enumerate() {
        let outcome = if e.request.tool_id == crate::pipeline::FENCED_TOOL_ID {
            let text = e
                .request
                .params
                .get("response")
                .and_then(Value::as_str)
                .unwrap_or("");
            executor.execute(text).await
        } else {
            executor.execute_tool_call(&e.request).await
        };
        let replayed = normalize(&outcome);
        let matches = match &e.content {
            Some(full) => {
                let text = replayed["result"].as_str().unwrap_or("");
                replayed["status"] == e.result["status"]
                    && if e.content_truncated {
                        text.starts_with(full.as_str())
                    } else {
                        text == full
                    }
            }
            None => replayed == e.result,
        };
        if matches {
            report.matched += 1;
        } else {
            report.divergences.push(Divergence {
                index,
                call_id: e.request.id.clone(),
                recorded: e.result.clone(),
                replayed,
            });
        }
    }
    report
}
