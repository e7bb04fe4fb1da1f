//! An upstream MCP server's process and the client transport over its
//! stdio (MCP specification, transports, stdio: newline-delimited
//! JSON-RPC 2.0 messages).
//!
//! rmcp's own child-process transport drops a line it cannot use (too
//! long, not JSON, an answer to no request) without a word, so the call
//! waiting for that answer hangs until the script's deadline. This one
//! keeps the ids of the requests in flight and turns each such fault into
//! an error answer to them: the script's tool call fails at once, with
//! status 1 and the cause. The server runs in a process group of its own,
//! killed as a whole, so no grandchild of it outlives toolsh; the last
//! lines of its stderr are kept for the report when it dies early.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::io::{AsyncRead, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::faults::{Pending, classify, fault_all, forward, note_sent};
use crate::transport::{LineEnd, read_line};

/// The longest line accepted from an upstream server, in bytes (16 MiB,
/// as for the server side and rmcp's streamable HTTP client). A longer
/// message fails the calls in flight.
pub const MAX_UPSTREAM_LINE_BYTES: usize = 16 * 1024 * 1024;

/// How many stderr lines, and bytes, of an upstream server are kept for
/// reports.
const TAIL_LINES: usize = 20;
const TAIL_BYTES: usize = 4096;

/// How long [`Transport::close`] waits for the server to exit once its
/// stdin is closed, before the group is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// Kills the server's process group (SIGKILL to every member: the server
/// and whatever it started) when dropped or asked to.
#[derive(Debug)]
pub(crate) struct ProcessGroup {
    /// The group id: the server's pid (it was started as the group's
    /// leader); `None` when the OS gave no pid.
    pgid: Option<i32>,
}

impl ProcessGroup {
    /// Signal every process of the group. A group already gone is fine.
    pub(crate) fn kill(&self) {
        if let Some(pgid) = self.pgid {
            let _ = nix::sys::signal::killpg(
                nix::unistd::Pid::from_raw(pgid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
    }
}

impl Drop for ProcessGroup {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The last [`TAIL_LINES`] lines (at most [`TAIL_BYTES`]) of a server's
/// stderr.
#[derive(Debug, Default)]
pub(crate) struct StderrTail {
    lines: VecDeque<String>,
    bytes: usize,
}

impl StderrTail {
    fn push(&mut self, line: String) {
        self.bytes += line.len();
        self.lines.push_back(line);
        while self.lines.len() > TAIL_LINES || self.bytes > TAIL_BYTES {
            match self.lines.pop_front() {
                Some(l) => self.bytes -= l.len(),
                None => break,
            }
        }
    }

    /// The kept lines, each indented by two spaces, newline-separated.
    pub(crate) fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| format!("  {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A running upstream server process: its group and its stderr tail.
pub(crate) struct UpstreamProcess {
    /// The server process (waited on for its exit status).
    pub(crate) child: Arc<tokio::sync::Mutex<Child>>,
    /// Its process group.
    pub(crate) group: Arc<ProcessGroup>,
    /// The last lines of its stderr.
    pub(crate) tail: Arc<Mutex<StderrTail>>,
    /// The task reading its stderr; ends at the stderr's end.
    pub(crate) stderr_reader: Option<JoinHandle<()>>,
}

impl UpstreamProcess {
    /// Start `cmd` (stdio piped, in a new process group) and the transport
    /// over its stdin and stdout. Each stderr line goes to `tracing` at
    /// debug level (target `toolsh_mcp::child`, field `server`) and to the
    /// tail.
    ///
    /// # Errors
    /// The OS error of the spawn.
    pub(crate) fn spawn(
        server: &str,
        mut cmd: tokio::process::Command,
    ) -> std::io::Result<(Self, ChildTransport)> {
        cmd.stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .process_group(0);
        let mut child = cmd.spawn()?;
        let group = Arc::new(ProcessGroup {
            pgid: child.id().and_then(|p| i32::try_from(p).ok()),
        });
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(std::io::Error::other("the server's stdio is not piped"));
        };
        let tail = Arc::new(Mutex::new(StderrTail::default()));
        let stderr_reader = child.stderr.take().map(|stderr| {
            let tail = tail.clone();
            let server = server.to_string();
            tokio::spawn(read_stderr(stderr, server, tail))
        });
        let child = Arc::new(tokio::sync::Mutex::new(child));
        let transport = ChildTransport::new(stdout, stdin, child.clone(), group.clone());
        Ok((
            Self {
                child,
                group,
                tail,
                stderr_reader,
            },
            transport,
        ))
    }

    /// After a failed handshake: the server's exit status if it exits
    /// within `grace`, and its stderr tail (read to its end when it
    /// exited).
    pub(crate) async fn post_mortem(&mut self, grace: Duration) -> (Option<String>, String) {
        let status = {
            let mut child = self.child.lock().await;
            tokio::time::timeout(grace, child.wait())
                .await
                .ok()
                .and_then(Result::ok)
        };
        if status.is_some()
            && let Some(reader) = self.stderr_reader.take()
        {
            // The group may still hold the pipe open (a grandchild).
            let _ = tokio::time::timeout(grace, reader).await;
        }
        let tail = self.tail.lock().map(|t| t.text()).unwrap_or_default();
        (status.map(|s| s.to_string()), tail)
    }
}

/// Forward a server's stderr to `tracing` and keep its tail.
async fn read_stderr<R: AsyncRead + Unpin>(
    stderr: R,
    server: String,
    tail: Arc<Mutex<StderrTail>>,
) {
    let mut read = BufReader::new(stderr);
    let mut buf = Vec::new();
    loop {
        let line = match read_line(&mut read, &mut buf, TAIL_BYTES).await {
            Ok(LineEnd::Line) => String::from_utf8_lossy(&buf).into_owned(),
            Ok(LineEnd::TooLong) => format!("[a line of more than {TAIL_BYTES} bytes]"),
            Ok(LineEnd::Eof) | Err(_) => return,
        };
        tracing::debug!(server = %server, "{line}");
        if let Ok(mut t) = tail.lock() {
            t.push(line);
        }
    }
}

/// The client transport over a server's stdio (see the module docs).
pub(crate) struct ChildTransport {
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleClient>>,
    writer: Arc<tokio::sync::Mutex<Option<ChildStdin>>>,
    pending: Arc<Mutex<Pending>>,
    reader: JoinHandle<()>,
    child: Arc<tokio::sync::Mutex<Child>>,
    group: Arc<ProcessGroup>,
}

impl ChildTransport {
    fn new(
        stdout: tokio::process::ChildStdout,
        stdin: ChildStdin,
        child: Arc<tokio::sync::Mutex<Child>>,
        group: Arc<ProcessGroup>,
    ) -> Self {
        let pending = Arc::new(Mutex::new(Pending::default()));
        let (tx, incoming) = mpsc::channel(16);
        let reader = tokio::spawn(read_messages(
            stdout,
            tx,
            pending.clone(),
            MAX_UPSTREAM_LINE_BYTES,
        ));
        Self {
            incoming,
            writer: Arc::new(tokio::sync::Mutex::new(Some(stdin))),
            pending,
            reader,
            child,
            group,
        }
    }
}

impl Transport<RoleClient> for ChildTransport {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        note_sent(&self.pending, &item);
        let writer = self.writer.clone();
        async move {
            let mut line = serde_json::to_vec(&item)?;
            line.push(b'\n');
            let mut w = writer.lock().await;
            let Some(stdin) = w.as_mut() else {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::NotConnected,
                    "the server's stdin is closed",
                ));
            };
            stdin.write_all(&line).await?;
            stdin.flush().await
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        self.incoming.recv().await
    }

    /// The MCP stdio shutdown: close the server's stdin, give it
    /// [`EXIT_GRACE`] to exit, then kill its whole group.
    async fn close(&mut self) -> Result<(), Self::Error> {
        self.writer.lock().await.take();
        {
            let mut child = self.child.lock().await;
            let _ = tokio::time::timeout(EXIT_GRACE, child.wait()).await;
        }
        self.group.kill();
        self.reader.abort();
        Ok(())
    }
}

/// Read the server's messages until its stdout ends; faults become error
/// answers to the requests they fail.
async fn read_messages<R: AsyncRead + Unpin>(
    stdout: R,
    tx: mpsc::Sender<RxJsonRpcMessage<RoleClient>>,
    pending: Arc<Mutex<Pending>>,
    max: usize,
) {
    let mut read = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        let line = match read_line(&mut read, &mut buf, max).await {
            Ok(LineEnd::Line) => match pending.lock() {
                Ok(mut p) => classify(&buf, &mut p),
                Err(_) => return,
            },
            Ok(LineEnd::TooLong) => fault_all(
                &pending,
                format!("the server sent a message longer than {max} bytes (the line-size limit)"),
            ),
            Ok(LineEnd::Eof) | Err(_) => return,
        };
        if !forward(line, &tx).await {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_keeps_the_last_lines() {
        let mut t = StderrTail::default();
        for i in 0..30 {
            t.push(format!("line {i}"));
        }
        let text = t.text();
        assert!(text.starts_with("  line 10\n"), "{text}");
        assert!(text.ends_with("  line 29"), "{text}");
        t.push("x".repeat(5000));
        assert!(t.bytes <= TAIL_BYTES || t.lines.len() == 1);
    }
}
