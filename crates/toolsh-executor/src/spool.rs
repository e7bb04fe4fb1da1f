//! Large-output spooling: a result at or above the threshold is written
//! whole to `<workspace>/.toolsh/tool_outputs/<unix_ms>__<call_id>.txt` (or
//! into a `MemoryFs` when there is no workspace), and the model gets the
//! first 2,000 and the last 500 characters plus one line naming the file.
//! Spooled files are never deleted automatically.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use toolsh_interp::fs::MemoryFs;

/// Default threshold: 16 KiB.
pub const DEFAULT_SPOOL_THRESHOLD: usize = 16 * 1024;
/// Characters kept from the start.
pub const HEAD_CHARS: usize = 2000;
/// Characters kept from the end.
pub const TAIL_CHARS: usize = 500;

/// Where spooled files go.
#[derive(Debug, Clone)]
pub enum SpoolTarget {
    /// A host directory (the workspace); files under `.toolsh/tool_outputs`.
    Workspace(PathBuf),
    /// The session's in-memory file system; files under
    /// `/.toolsh/tool_outputs`.
    Memory(Arc<MemoryFs>),
}

/// Spools large results.
#[derive(Debug, Clone)]
pub struct Spooler {
    target: SpoolTarget,
    threshold: usize,
}

impl Spooler {
    /// A spooler with the default threshold.
    pub fn new(target: SpoolTarget) -> Self {
        Self {
            target,
            threshold: DEFAULT_SPOOL_THRESHOLD,
        }
    }

    /// Set the threshold in bytes.
    #[must_use]
    pub fn threshold(mut self, bytes: usize) -> Self {
        self.threshold = bytes;
        self
    }

    /// Spool `text` when it is at least the threshold: returns the text for
    /// the model and the path of the spooled file. Below the threshold (or
    /// if the file cannot be written, which is logged) the text is returned
    /// whole.
    pub fn spool(&self, call_id: &str, text: String) -> (String, Option<String>) {
        if text.len() < self.threshold {
            return (text, None);
        }
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        let safe_id: String = call_id
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                    c
                } else {
                    '_'
                }
            })
            .take(64)
            .collect();
        let name = format!("{ms}__{safe_id}.txt");
        let path = match &self.target {
            SpoolTarget::Workspace(dir) => {
                let d = dir.join(".toolsh").join("tool_outputs");
                let p = d.join(&name);
                if let Err(e) = std::fs::create_dir_all(&d).and_then(|()| std::fs::write(&p, &text))
                {
                    tracing::warn!(error = %e, path = %p.display(), "could not spool tool output");
                    return (text, None);
                }
                p.display().to_string()
            }
            SpoolTarget::Memory(fs) => {
                let p = format!("/.toolsh/tool_outputs/{name}");
                if let Err(e) = fs.write_file(&p, text.as_bytes()) {
                    tracing::warn!(error = %e, path = %p, "could not spool tool output");
                    return (text, None);
                }
                p
            }
        };
        (preview(&text, &path), Some(path))
    }
}

/// The first [`HEAD_CHARS`] and last [`TAIL_CHARS`] characters with a
/// marker between them and a last line naming the spool file.
pub fn preview(text: &str, path: &str) -> String {
    let total = text.chars().count();
    let head: String = text.chars().take(HEAD_CHARS).collect();
    let tail: String = text
        .chars()
        .skip(total.saturating_sub(TAIL_CHARS).max(HEAD_CHARS))
        .collect();
    let omitted = total.saturating_sub(HEAD_CHARS + TAIL_CHARS);
    format!(
        "{head}\n[... {omitted} characters omitted ...]\n{tail}\n[full output ({total} characters) saved to {path}]"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threshold_edges() {
        let dir = tempfile::tempdir().unwrap();
        let s = Spooler::new(SpoolTarget::Workspace(dir.path().to_path_buf()));
        let below = "x".repeat(DEFAULT_SPOOL_THRESHOLD - 1);
        let (shown, path) = s.spool("c1", below.clone());
        assert_eq!((shown, path), (below, None));
        let exact = format!(
            "{}{}",
            "a".repeat(DEFAULT_SPOOL_THRESHOLD - 500),
            "z".repeat(500)
        );
        let (shown, path) = s.spool("c/2", exact.clone());
        let path = path.unwrap();
        assert!(
            path.contains(".toolsh/tool_outputs/") && path.ends_with("__c_2.txt"),
            "{path}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), exact);
        assert!(shown.starts_with(&"a".repeat(2000)));
        assert!(shown.contains(&format!(
            "\n{}\n[full output (16384 characters) saved to {path}]",
            "z".repeat(500)
        )));
        assert!(shown.contains(&format!("[... {} characters omitted ...]", 16384 - 2500)));
    }

    #[test]
    fn memory_target() {
        let fs = Arc::new(MemoryFs::new());
        let s = Spooler::new(SpoolTarget::Memory(fs.clone())).threshold(10);
        let (_, path) = s.spool("id", "0123456789".into());
        let path = path.unwrap();
        assert_eq!(fs.read_file(&path).unwrap(), b"0123456789");
    }
}
