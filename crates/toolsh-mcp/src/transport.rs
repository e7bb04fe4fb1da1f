//! The server's stdio transport: newline-delimited JSON-RPC that answers
//! every line it cannot use, and keeps serving.
//!
//! rmcp's own stdio transport drops a line that is not JSON without a word.
//! JSON-RPC 2.0 (section 5.1) asks for an error response with `id` null:
//! `-32700 Parse error` for invalid JSON, `-32600 Invalid Request` for JSON
//! that is not a request. A client that sent a broken line then learns why
//! it gets no answer, instead of waiting for one.

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Mutex, mpsc};
use tokio::task::JoinHandle;

/// The longest line read, in bytes (rmcp's limit for its stdio transport);
/// a longer one is discarded and answered with `-32600`.
pub(crate) const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// Messages read ahead of the service loop.
const QUEUE: usize = 16;

/// The write half, shared by `send` and the reader's error replies so whole
/// lines never interleave; `None` once closed.
type Writer<W> = Arc<Mutex<Option<W>>>;

/// A server transport over a byte reader and writer (stdin and stdout).
/// A reader task parses each line; messages go to [`Transport::receive`],
/// unusable lines get their error response on the writer.
pub(crate) struct LineTransport<W> {
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
    writer: Writer<W>,
    reader: JoinHandle<()>,
}

impl<W: AsyncWrite + Unpin + Send + 'static> LineTransport<W> {
    /// Start reading `read`; responses go to `write`.
    pub(crate) fn new<R: AsyncRead + Unpin + Send + 'static>(read: R, write: W) -> Self {
        let writer = Arc::new(Mutex::new(Some(write)));
        let (tx, incoming) = mpsc::channel(QUEUE);
        let reader = tokio::spawn(read_lines(read, writer.clone(), tx));
        Self {
            incoming,
            writer,
            reader,
        }
    }
}

impl<W: AsyncWrite + Unpin + Send + 'static> Transport<RoleServer> for LineTransport<W> {
    type Error = std::io::Error;

    fn name() -> Cow<'static, str> {
        "toolsh-stdio".into()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let writer = self.writer.clone();
        async move {
            let line = serde_json::to_vec(&item)?;
            write_line(&writer, &line).await
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.reader.abort();
        self.writer.lock().await.take();
        Ok(())
    }
}

/// Write `line` and a newline, then flush, under the writer's lock.
async fn write_line<W: AsyncWrite + Unpin>(writer: &Writer<W>, line: &[u8]) -> std::io::Result<()> {
    let mut guard = writer.lock().await;
    let Some(w) = guard.as_mut() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotConnected,
            "the transport is closed",
        ));
    };
    w.write_all(line).await?;
    w.write_all(b"\n").await?;
    w.flush().await
}

/// What one input line is.
#[derive(Debug)]
enum Incoming {
    /// A message for the service.
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// An error response to write back.
    Reply(Value),
    /// Nothing to do: a blank line.
    Skip,
}

/// The JSON-RPC error response `code`/`message` for request `id`.
fn error_response(id: &Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// Classify one line (without its newline). A UTF-8 byte order mark and a
/// trailing carriage return are ignored (RFC 8259 section 8.1).
fn classify(line: &[u8]) -> Incoming {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Incoming::Skip;
    }
    if let Ok(message) = serde_json::from_slice(line) {
        return Incoming::Message(Box::new(message));
    }
    let Ok(value) = serde_json::from_slice::<Value>(line) else {
        return Incoming::Reply(error_response(&Value::Null, -32700, "Parse error"));
    };
    // Echo the id when it is a valid one, so the client can match it.
    let id = match value.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::Null,
    };
    Incoming::Reply(error_response(&id, -32600, "Invalid Request"))
}

/// How one bounded line read ended.
pub(crate) enum LineEnd {
    /// A whole line (its newline dropped) is in the buffer; also the last
    /// bytes before end of file.
    Line,
    /// The line was longer than the bound and was skipped.
    TooLong,
    /// End of input.
    Eof,
}

/// Read one line into `buf` (cleared first) without holding more than
/// `max` bytes of it: the one bounded line reader for every line-based
/// stream toolsh reads from a peer (a client's stdin, an upstream server's
/// stdout and stderr).
pub(crate) async fn read_line<R: AsyncRead + Unpin>(
    read: &mut BufReader<R>,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<LineEnd> {
    buf.clear();
    let mut too_long = false;
    loop {
        let available = read.fill_buf().await?;
        if available.is_empty() {
            return Ok(match (too_long, buf.is_empty()) {
                (true, _) => LineEnd::TooLong,
                (false, true) => LineEnd::Eof,
                (false, false) => LineEnd::Line,
            });
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let take = newline.unwrap_or(available.len());
        if !too_long && buf.len() + take > max {
            too_long = true;
            buf.clear();
        }
        if !too_long {
            buf.extend_from_slice(&available[..take]);
        }
        read.consume(newline.map_or(take, |n| n + 1));
        if newline.is_some() {
            return Ok(if too_long {
                LineEnd::TooLong
            } else {
                LineEnd::Line
            });
        }
    }
}

/// The reader task: until end of input, a read error, a closed writer or
/// the service gone.
async fn read_lines<R, W>(
    read: R,
    writer: Writer<W>,
    tx: mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
) where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut read = BufReader::new(read);
    let mut buf = Vec::new();
    loop {
        let incoming = match read_line(&mut read, &mut buf, MAX_LINE_BYTES).await {
            Ok(LineEnd::Eof) => return,
            Ok(LineEnd::Line) => classify(&buf),
            Ok(LineEnd::TooLong) => {
                tracing::error!("an incoming message is longer than {MAX_LINE_BYTES} bytes");
                Incoming::Reply(error_response(&Value::Null, -32600, "Invalid Request"))
            }
            Err(e) => {
                tracing::error!("reading the MCP input: {e}");
                return;
            }
        };
        match incoming {
            Incoming::Skip => {}
            Incoming::Message(m) => {
                if tx.send(*m).await.is_err() {
                    return;
                }
            }
            Incoming::Reply(v) => {
                if write_line(&writer, v.to_string().as_bytes()).await.is_err() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_lines() {
        assert!(matches!(classify(b""), Incoming::Skip));
        assert!(matches!(classify(b"  \r"), Incoming::Skip));
        let Incoming::Reply(r) = classify(b"{not json") else {
            panic!("a reply")
        };
        assert_eq!(r, error_response(&Value::Null, -32700, "Parse error"));
        let Incoming::Reply(r) = classify(br#"{"jsonrpc":"2.0","id":5,"params":1}"#) else {
            panic!("a reply")
        };
        assert_eq!(r, error_response(&json!(5), -32600, "Invalid Request"));
        let Incoming::Reply(r) = classify(b"[1,2]") else {
            panic!("a reply")
        };
        assert_eq!(r["id"], Value::Null);
        // The JSON-RPC 2.0 specification's own example of an invalid
        // request.
        let Incoming::Reply(r) = classify(br#"{"jsonrpc":"2.0","method":1,"params":"bar"}"#) else {
            panic!("a reply")
        };
        assert_eq!(r, error_response(&Value::Null, -32600, "Invalid Request"));
        // Unknown notifications are the service's to ignore.
        assert!(matches!(
            classify(br#"{"jsonrpc":"2.0","method":"notifications/x-unknown"}"#),
            Incoming::Message(_)
        ));
        assert!(matches!(
            classify(b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r"),
            Incoming::Message(_)
        ));
    }

    #[tokio::test]
    async fn an_oversized_line_is_skipped_whole() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nnext\nlast");
        let mut read = BufReader::new(&input[..]);
        let mut buf = Vec::new();
        assert!(matches!(
            read_line(&mut read, &mut buf, MAX_LINE_BYTES)
                .await
                .unwrap(),
            LineEnd::TooLong
        ));
        assert!(matches!(
            read_line(&mut read, &mut buf, MAX_LINE_BYTES)
                .await
                .unwrap(),
            LineEnd::Line
        ));
        assert_eq!(buf, b"next");
        assert!(matches!(
            read_line(&mut read, &mut buf, MAX_LINE_BYTES)
                .await
                .unwrap(),
            LineEnd::Line
        ));
        assert_eq!(buf, b"last");
        assert!(matches!(
            read_line(&mut read, &mut buf, MAX_LINE_BYTES)
                .await
                .unwrap(),
            LineEnd::Eof
        ));
    }
}
