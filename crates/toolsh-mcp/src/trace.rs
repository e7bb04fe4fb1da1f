//! W3C trace context on calls to upstream servers: taken from the host's
//! tracing (a source the host installs), sent in the request's `_meta`
//! (MCP SEP-414: `traceparent`, `tracestate`) and, over HTTP, also as the
//! `traceparent` and `tracestate` headers (W3C Trace Context, section 3).
//!
//! This crate emits `tracing` spans only and knows no exporter: the host
//! that exports traces (`toolsh serve` with OpenTelemetry) installs the
//! [`TraceContextSource`] that turns the current span into a context.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use futures_util::stream::BoxStream;
use http::{HeaderName, HeaderValue};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, GetMeta, MetaObject};
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpError, StreamableHttpPostResponse,
    StreamableHttpResponseLimits,
};
use sse_stream::Sse;

/// A W3C trace context: the `traceparent` header value
/// (`00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`) and the
/// optional `tracestate` list (W3C Trace Context, sections 3.2 and 3.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceContext {
    /// The `traceparent` value.
    pub traceparent: String,
    /// The `tracestate` value, when there is one.
    pub tracestate: Option<String>,
}

/// What gives the trace context of the span current on the calling
/// thread, or `None` when nothing is being traced.
pub type TraceContextSource = fn() -> Option<TraceContext>;

static SOURCE: OnceLock<TraceContextSource> = OnceLock::new();

/// Install the process's trace context source (once; later calls are
/// ignored and return `false`). Without one, upstream calls carry no
/// trace context.
pub fn set_trace_context_source(source: TraceContextSource) -> bool {
    SOURCE.set(source).is_ok()
}

/// The current trace context, when a source is installed and gives one.
pub(crate) fn current() -> Option<TraceContext> {
    SOURCE.get().and_then(|f| f())
}

/// Put the current trace context, if any, in a request's `_meta`.
pub(crate) fn inject(meta: &mut Option<rmcp::model::RequestMetaObject>) {
    if let Some(cx) = current() {
        let meta = meta.get_or_insert_with(Default::default);
        meta.set_traceparent(cx.traceparent);
        if let Some(state) = cx.tracestate {
            meta.set_tracestate(state);
        }
    }
}

/// The trace context a message to an upstream carries in its `_meta`.
fn of_message(message: &ClientJsonRpcMessage) -> Option<(String, Option<String>)> {
    let ClientJsonRpcMessage::Request(r) = message else {
        return None;
    };
    let pick = |m: &MetaObject| {
        m.get_traceparent()
            .map(|p| (p.to_string(), m.get_tracestate().map(str::to_string)))
    };
    if let ClientRequest::CallToolRequest(call) = &r.request
        && let Some(found) = call.params.meta.as_deref().and_then(pick)
    {
        return Some(found);
    }
    pick(r.request.get_meta())
}

/// A streamable HTTP client that copies a request's `_meta` trace
/// context into the `traceparent` / `tracestate` headers, for upstreams
/// (and proxies in between) that read the headers. Values that are not
/// valid header text are left out.
#[derive(Clone)]
pub(crate) struct Traced<C>(pub(crate) C);

fn with_context(
    mut headers: HashMap<HeaderName, HeaderValue>,
    message: &ClientJsonRpcMessage,
) -> HashMap<HeaderName, HeaderValue> {
    if let Some((parent, state)) = of_message(message) {
        if let Ok(v) = HeaderValue::from_str(&parent) {
            headers.insert(HeaderName::from_static("traceparent"), v);
        }
        if let Some(Ok(v)) = state.as_deref().map(HeaderValue::from_str) {
            headers.insert(HeaderName::from_static("tracestate"), v);
        }
    }
    headers
}

impl<C: StreamableHttpClient + Sync> StreamableHttpClient for Traced<C> {
    type Error = C::Error;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>> {
        let headers = with_context(custom_headers, &message);
        self.0
            .post_message(uri, message, session_id, auth_header, headers)
            .await
    }

    async fn post_message_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>> {
        let headers = with_context(custom_headers, &message);
        self.0
            .post_message_with_max_sse_event_size(
                uri,
                message,
                session_id,
                auth_header,
                headers,
                max_sse_event_size,
            )
            .await
    }

    async fn post_message_with_response_limits(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        limits: StreamableHttpResponseLimits,
    ) -> Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>> {
        let headers = with_context(custom_headers, &message);
        self.0
            .post_message_with_response_limits(
                uri,
                message,
                session_id,
                auth_header,
                headers,
                limits,
            )
            .await
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(), StreamableHttpError<Self::Error>> {
        self.0
            .delete_session(uri, session_id, auth_header, custom_headers)
            .await
    }

    async fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<BoxStream<'static, Result<Sse, SseError>>, StreamableHttpError<Self::Error>> {
        self.0
            .get_stream(uri, session_id, last_event_id, auth_header, custom_headers)
            .await
    }

    async fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> Result<BoxStream<'static, Result<Sse, SseError>>, StreamableHttpError<Self::Error>> {
        self.0
            .get_stream_with_max_sse_event_size(
                uri,
                session_id,
                last_event_id,
                auth_header,
                custom_headers,
                max_sse_event_size,
            )
            .await
    }
}
