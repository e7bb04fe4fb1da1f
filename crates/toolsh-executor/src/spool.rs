//! Large-output spooling: a result at or above the threshold is written
//! whole to `<workspace>/.toolsh/tool_outputs/<id>.txt` (or into the
//! session's `MemoryFs`), and the model gets the first 2,000 and the last
//! 500 characters plus one line saying how to read the rest with what it
//! has: for a memory target the path inside its own file system (`sed -n`
//! / `cat`), for a workspace target the spool id and the `read_tool_output`
//! tool ([`Spooler::read`] serves it); never a host path, which a sandboxed
//! model cannot open. A host whose model reaches the spool through a
//! shell rather than a tool ([`Spooler::read_by_command`]) names the
//! [`ReadToolOutput`] command instead. Ids are `<unix_ms>-<seq>-<sanitized call id, at most
//! 40 chars>-<16 hex digits of BLAKE3 of the raw call id>`, created
//! exclusively, so two calls never share a file. Spooled files are never
//! deleted automatically.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use async_trait::async_trait;
use toolsh_interp::fs::MemoryFs;
use toolsh_interp::{Utility, UtilityContext, UtilityResult, write_status};

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
    seq: Arc<AtomicU64>,
    by_command: bool,
}

impl Spooler {
    /// A spooler with the default threshold.
    pub fn new(target: SpoolTarget) -> Self {
        Self {
            target,
            threshold: DEFAULT_SPOOL_THRESHOLD,
            seq: Arc::default(),
            by_command: false,
        }
    }

    /// Name the [`ReadToolOutput`] shell command in a workspace target's
    /// preview (`read more with: read_tool_output ID 2000`) instead of
    /// the `read_tool_output` tool: for a model that reads the spool with
    /// a later script (`toolsh run --spool-dir`), not a tool call.
    #[must_use]
    pub fn read_by_command(mut self) -> Self {
        self.by_command = true;
        self
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
            .take(40)
            .collect();
        let digest = blake3::hash(call_id.as_bytes()).to_hex();
        let digest = &digest[..16];
        for _ in 0..64 {
            let seq = self.seq.fetch_add(1, Ordering::SeqCst);
            let id = format!("{ms}-{seq}-{safe_id}-{digest}");
            let name = format!("{id}.txt");
            match &self.target {
                SpoolTarget::Workspace(dir) => {
                    let d = dir.join(".toolsh").join("tool_outputs");
                    let p = d.join(&name);
                    let written = std::fs::create_dir_all(&d).and_then(|()| {
                        std::fs::OpenOptions::new()
                            .write(true)
                            .create_new(true)
                            .open(&p)
                            .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()))
                    });
                    match written {
                        Ok(()) => {
                            let hint = if self.by_command {
                                format!(
                                    "saved as tool output {id}; read more with: {READ_TOOL} {id} {HEAD_CHARS}"
                                )
                            } else {
                                format!(
                                    "saved as tool output {id}; read more with {READ_TOOL} {{\"id\": \"{id}\", \"offset\": {HEAD_CHARS}}}"
                                )
                            };
                            return (preview(&text, &hint), Some(p.display().to_string()));
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                        Err(e) => {
                            tracing::warn!(error = %e, path = %p.display(), "could not spool tool output");
                            return (text, None);
                        }
                    }
                }
                SpoolTarget::Memory(fs) => {
                    let p = format!("/.toolsh/tool_outputs/{name}");
                    if fs.read_file(&p).is_ok() {
                        continue;
                    }
                    if let Err(e) = fs.write_file(&p, text.as_bytes()) {
                        tracing::warn!(error = %e, path = %p, "could not spool tool output");
                        return (text, None);
                    }
                    let hint = format!(
                        "saved to {p} in your file system; read it with: sed -n '1,100p' {p}"
                    );
                    return (preview(&text, &hint), Some(p));
                }
            }
        }
        tracing::warn!("could not find a free spool id");
        (text, None)
    }

    /// Read `length` characters from character `offset` of the spooled
    /// output `id` (a workspace target's id from the preview).
    ///
    /// # Errors
    /// A message for an id that is not a spool id of this spooler or
    /// cannot be read.
    pub fn read(&self, id: &str, offset: usize, length: usize) -> Result<String, String> {
        let valid = !id.is_empty()
            && id.len() <= 128
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
            && !id.starts_with('.');
        if !valid {
            return Err("not a tool output id".into());
        }
        let text = match &self.target {
            SpoolTarget::Workspace(dir) => std::fs::read_to_string(
                dir.join(".toolsh")
                    .join("tool_outputs")
                    .join(format!("{id}.txt")),
            )
            .map_err(|_| format!("no tool output {id}"))?,
            SpoolTarget::Memory(fs) => fs
                .read_file(&format!("/.toolsh/tool_outputs/{id}.txt"))
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .map_err(|_| format!("no tool output {id}"))?,
        };
        Ok(text
            .chars()
            .skip(offset)
            .take(length.min(MAX_READ_CHARS))
            .collect())
    }
}

/// The structured tool that reads spooled outputs.
pub const READ_TOOL: &str = "read_tool_output";
/// Most characters one `read_tool_output` call returns.
pub const MAX_READ_CHARS: usize = 8000;

/// The `read_tool_output` shell command over a [`Spooler`]:
/// `read_tool_output ID [OFFSET [LENGTH]]` prints `LENGTH` characters
/// (default and most [`MAX_READ_CHARS`]) of the spooled output `ID` from
/// character `OFFSET` (default 0), as [`Spooler::read`] reads them.
/// Status 0 (also past the end: nothing is printed), 2 for a usage error
/// (a missing id, a count that is not a whole number), 1 for an id that
/// is not a spooled output of this spooler.
#[derive(Debug, Clone)]
pub struct ReadToolOutput {
    spooler: Spooler,
}

impl ReadToolOutput {
    /// The command over `spooler`.
    pub fn new(spooler: Spooler) -> Self {
        Self { spooler }
    }
}

#[async_trait]
impl Utility for ReadToolOutput {
    fn name(&self) -> &'static str {
        READ_TOOL
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let args = ctx.args.get(1..).unwrap_or_default();
        let count = |i: usize, default: usize| -> Result<usize, String> {
            args.get(i).map_or(Ok(default), |a| {
                a.parse()
                    .map_err(|_| format!("{READ_TOOL}: {a}: not a whole number"))
            })
        };
        let parsed = match (args.first(), args.len()) {
            (Some(id), 1..=3) => {
                count(1, 0).and_then(|o| count(2, MAX_READ_CHARS).map(|l| (id.clone(), o, l)))
            }
            _ => Err(format!("usage: {READ_TOOL} ID [OFFSET [LENGTH]]")),
        };
        let (id, offset, length) = match parsed {
            Ok(p) => p,
            Err(usage) => {
                write_status(ctx.stderr.write_str(&format!("{usage}\n")).await)?;
                return Ok(2);
            }
        };
        match self.spooler.read(&id, offset, length) {
            Ok(text) => {
                write_status(ctx.stdout.write_str(&text).await)?;
                Ok(0)
            }
            Err(e) => {
                write_status(ctx.stderr.write_str(&format!("{READ_TOOL}: {e}\n")).await)?;
                Ok(1)
            }
        }
    }
}

/// The first [`HEAD_CHARS`] and last [`TAIL_CHARS`] characters with a
/// marker between them and a last line saying where the whole output is
/// (`hint`, a handle the model can use).
pub fn preview(text: &str, hint: &str) -> String {
    let total = text.chars().count();
    let head: String = text.chars().take(HEAD_CHARS).collect();
    let tail: String = text
        .chars()
        .skip(total.saturating_sub(TAIL_CHARS).max(HEAD_CHARS))
        .collect();
    let omitted = total.saturating_sub(HEAD_CHARS + TAIL_CHARS);
    format!(
        "{head}\n[... {omitted} characters omitted ...]\n{tail}\n[full output ({total} characters) {hint}]"
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
        let digest = &blake3::hash(b"c/2").to_hex()[..16];
        assert!(
            path.contains(".toolsh/tool_outputs/") && path.ends_with(&format!("-c_2-{digest}.txt")),
            "{path}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), exact);
        assert!(shown.starts_with(&"a".repeat(2000)));
        let id = path.rsplit('/').next().unwrap().trim_end_matches(".txt");
        assert!(shown.contains(&format!(
            "\n{}\n[full output (16384 characters) saved as tool output {id}; read more with read_tool_output {{\"id\": \"{id}\", \"offset\": 2000}}]",
            "z".repeat(500)
        )), "{}", &shown[shown.len() - 300..]);
        assert_eq!(s.read(id, 16384 - 3, 10).unwrap(), "zzz");
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
