//! The 2024-11-05 HTTP+SSE client transport, for servers that predate
//! streamable HTTP (MCP specification 2024-11-05, transports, HTTP with
//! SSE): a GET on the server's URL opens an event stream whose first
//! event, `endpoint`, names the URL to POST messages to; the server's
//! messages arrive as `message` events on that stream.
//!
//! rmcp 3.11 no longer ships this client, so this is a small adapter over
//! reqwest (the HTTP) and `sse-stream` (the event parsing), with the same
//! fault handling as the stdio transport ([`crate::faults`]): an event
//! that is not a usable message fails the requests in flight at once. An
//! event larger than [`MAX_UPSTREAM_LINE_BYTES`] does too.

use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::{Stream, StreamExt, TryStreamExt};
use reqwest::header::{ACCEPT, CONTENT_TYPE, HeaderMap, HeaderValue};
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::child::MAX_UPSTREAM_LINE_BYTES;
use crate::faults::{Pending, classify, fault_all, forward, note_sent};

/// The client transport over an SSE stream and POSTs (see the module
/// docs).
pub(crate) struct SseTransport {
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleClient>>,
    client: reqwest::Client,
    endpoint: reqwest::Url,
    headers: HeaderMap,
    pending: Arc<Mutex<Pending>>,
    reader: JoinHandle<()>,
}

/// Why the SSE transport could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SseError {
    /// The request failed (connection refused, TLS, ...).
    #[error("{0}")]
    Http(#[from] reqwest::Error),
    /// The server answered, but not as an SSE server.
    #[error("{0}")]
    Protocol(String),
}

/// Open the event stream at `url` and wait for its `endpoint` event. The
/// endpoint must be on the same origin as `url` (scheme, host and port),
/// so `headers` (which may carry a token) go nowhere else.
///
/// # Errors
/// [`SseError::Http`] when the GET fails; [`SseError::Protocol`] when the
/// answer is not an event stream, or the stream ends or breaks before a
/// usable `endpoint` event.
pub(crate) async fn open(
    client: reqwest::Client,
    url: &str,
    headers: HeaderMap,
) -> Result<SseTransport, SseError> {
    let base = reqwest::Url::parse(url)
        .map_err(|e| SseError::Protocol(format!("invalid URL '{url}': {e}")))?;
    let response = client
        .get(base.clone())
        .headers(headers.clone())
        .header(ACCEPT, "text/event-stream")
        .send()
        .await
        .map_err(reqwest::Error::without_url)?;
    let status = response.status();
    let is_sse = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("text/event-stream"));
    if !status.is_success() || !is_sse {
        return Err(SseError::Protocol(format!(
            "GET {base} answered HTTP {status}{}, not an event stream",
            if is_sse {
                ""
            } else {
                " without text/event-stream"
            }
        )));
    }
    let counted = Arc::new(AtomicUsize::new(0));
    let mut events = Box::pin(bounded(response.bytes_stream(), counted.clone()));
    let endpoint = loop {
        match events.next().await {
            Some(Ok(e)) if e.event.as_deref() == Some("endpoint") => {
                counted.store(0, Ordering::Relaxed);
                let data = e.data.unwrap_or_default();
                let endpoint = base.join(data.trim()).map_err(|err| {
                    SseError::Protocol(format!("the endpoint event '{data}' is no URL: {err}"))
                })?;
                if endpoint.origin() != base.origin() {
                    return Err(SseError::Protocol(format!(
                        "the endpoint event names another origin ({})",
                        endpoint.origin().ascii_serialization()
                    )));
                }
                break endpoint;
            }
            Some(Ok(_)) => counted.store(0, Ordering::Relaxed),
            Some(Err(e)) => {
                return Err(SseError::Protocol(format!(
                    "the event stream broke before the endpoint event: {}",
                    crate::errors::without_urls(&e.to_string())
                )));
            }
            None => {
                return Err(SseError::Protocol(
                    "the event stream ended before the endpoint event".into(),
                ));
            }
        }
    };
    let pending = Arc::new(Mutex::new(Pending::default()));
    let (tx, incoming) = mpsc::channel(16);
    let reader = tokio::spawn(read_events(events, counted, tx, pending.clone()));
    Ok(SseTransport {
        incoming,
        client,
        endpoint,
        headers,
        pending,
        reader,
    })
}

/// The events of a byte stream, failing once more than
/// [`MAX_UPSTREAM_LINE_BYTES`] arrive without an event being taken
/// (`counted` is reset by the consumer after each event).
fn bounded<S, E>(
    bytes: S,
    counted: Arc<AtomicUsize>,
) -> impl Stream<Item = Result<sse_stream::Sse, sse_stream::Error>> + Send
where
    S: Stream<Item = Result<bytes::Bytes, E>> + Send + 'static,
    E: std::error::Error + Send + Sync + 'static,
{
    let limited = bytes.map_err(std::io::Error::other).and_then(move |chunk| {
        let total = counted.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
        std::future::ready(if total > MAX_UPSTREAM_LINE_BYTES {
            Err(std::io::Error::other(TooLarge))
        } else {
            Ok(chunk)
        })
    });
    sse_stream::SseStream::from_bytes_stream(limited)
}

/// The marker error of an event past the size limit.
#[derive(Debug)]
struct TooLarge;

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the server sent a message longer than {MAX_UPSTREAM_LINE_BYTES} bytes (the line-size limit)"
        )
    }
}

impl std::error::Error for TooLarge {}

/// Read `message` events until the stream ends; each becomes a message for
/// rmcp or a fault answer. A broken stream fails what is in flight.
async fn read_events<S>(
    mut events: std::pin::Pin<Box<S>>,
    counted: Arc<AtomicUsize>,
    tx: mpsc::Sender<RxJsonRpcMessage<RoleClient>>,
    pending: Arc<Mutex<Pending>>,
) where
    S: Stream<Item = Result<sse_stream::Sse, sse_stream::Error>> + Send + ?Sized,
{
    while let Some(event) = events.next().await {
        counted.store(0, Ordering::Relaxed);
        let message = match event {
            Ok(e) if matches!(e.event.as_deref(), None | Some("message")) => {
                let data = e.data.unwrap_or_default();
                match pending.lock() {
                    Ok(mut p) => classify(data.as_bytes(), &mut p),
                    Err(_) => return,
                }
            }
            Ok(_) => continue,
            Err(e) => {
                let cause = too_large_cause(&e).unwrap_or_else(|| {
                    format!(
                        "the server's event stream broke: {}",
                        crate::errors::without_urls(&e.to_string())
                    )
                });
                let _ = forward(fault_all(&pending, cause), &tx).await;
                return;
            }
        };
        if !forward(message, &tx).await {
            return;
        }
    }
}

/// The size-limit message when `e` is the [`TooLarge`] marker.
fn too_large_cause(e: &sse_stream::Error) -> Option<String> {
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if s.is::<TooLarge>() {
            return Some(TooLarge.to_string());
        }
        source = s.source();
    }
    None
}

impl Transport<RoleClient> for SseTransport {
    type Error = std::io::Error;

    fn name() -> Cow<'static, str> {
        "toolsh-sse".into()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        note_sent(&self.pending, &item);
        let request = self
            .client
            .post(self.endpoint.clone())
            .headers(self.headers.clone())
            .header(CONTENT_TYPE, HeaderValue::from_static("application/json"))
            .json(&item);
        async move {
            // Without the URL: the endpoint may carry the session and
            // the configured query (a `${NAME}` secret).
            let response = request
                .send()
                .await
                .map_err(|e| std::io::Error::other(e.without_url()))?;
            let status = response.status();
            if status.is_success() {
                Ok(())
            } else {
                Err(std::io::Error::other(format!(
                    "the server refused a message with HTTP {status}"
                )))
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        self.incoming.recv().await
    }

    /// Close the event stream (the server ends the session with it).
    async fn close(&mut self) -> Result<(), Self::Error> {
        self.reader.abort();
        Ok(())
    }
}
