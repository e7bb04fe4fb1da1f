//! OpenTelemetry traces over OTLP/HTTP (`[telemetry]`): the exporter,
//! the `tracing` layer that turns toolsh's spans into OpenTelemetry
//! spans, and W3C trace context in and out.
//!
//! The spans come from the layers below as plain `tracing` spans
//! (`toolsh.tool_call` from toolsh-tools); this module opens the
//! `toolsh.execution` span of each call, parented on the trace context
//! the request brings, and is the only place that knows OpenTelemetry.

use std::collections::HashMap;
use std::time::Duration;

use opentelemetry::propagation::TextMapPropagator as _;
use opentelemetry::trace::{TraceContextExt as _, TracerProvider as _};
use opentelemetry_otlp::{Protocol, WithExportConfig as _, WithHttpConfig as _};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{Sampler, SdkTracerProvider};
use rmcp::model::MetaObject;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;
use tracing_subscriber::Layer;
use tracing_subscriber::registry::LookupSpan;

use crate::config::TelemetrySection;
use crate::error::ServeError;

/// The installed trace pipeline: an OTLP/HTTP (protobuf) span exporter
/// behind a batch processor (its own thread), sampling parent-based over
/// a trace-id ratio, with the `service.name` resource attribute.
///
/// A host (the CLI) builds it from `[telemetry]`, adds [`Telemetry::layer`]
/// to its `tracing` subscriber, and calls [`Telemetry::shutdown`] before
/// exiting so the last spans are sent. Building it also installs the
/// trace context source of toolsh-mcp, so upstream calls carry the
/// current span's context (`_meta` and the `traceparent` header).
#[derive(Debug)]
pub struct Telemetry {
    provider: SdkTracerProvider,
}

impl Telemetry {
    /// The pipeline of `section`. Nothing is sent until spans end.
    ///
    /// # Errors
    /// [`crate::ServeErrorKind::Config`] when the HTTP client or the
    /// exporter cannot be built.
    pub fn new(section: &TelemetrySection) -> Result<Self, ServeError> {
        // The TLS provider toolsh uses everywhere (ring), installed once.
        toolsh_mcp::http_client().map_err(ServeError::config)?;
        let timeout = Duration::from_millis(section.export_timeout_ms);
        // The blocking client runs a runtime of its own: build it off any
        // async context (dropping one inside a runtime panics).
        let client = std::thread::spawn(move || {
            reqwest::blocking::Client::builder()
                .timeout(timeout)
                .connect_timeout(timeout.min(Duration::from_secs(10)))
                .build()
        })
        .join()
        .map_err(|_| ServeError::config("[telemetry]: the HTTP client could not be built"))?
        .map_err(|e| ServeError::config(format!("[telemetry]: HTTP client: {e}")))?;
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_protocol(Protocol::HttpBinary)
            .with_endpoint(section.otlp_endpoint.clone())
            .with_timeout(timeout)
            .with_http_client(client)
            .build()
            .map_err(|e| ServeError::config(format!("[telemetry]: OTLP exporter: {e}")))?;
        let provider = SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_sampler(Sampler::ParentBased(Box::new(Sampler::TraceIdRatioBased(
                section.sample_ratio,
            ))))
            .with_resource(
                Resource::builder()
                    .with_service_name(section.service_name.clone())
                    .build(),
            )
            .build();
        toolsh_mcp::set_trace_context_source(current_context);
        Ok(Self { provider })
    }

    /// The `tracing` layer that records toolsh's spans (targets
    /// `toolsh*`, spans only: events, which may hold raw callback
    /// errors, are not exported) as OpenTelemetry spans.
    pub fn layer<S>(&self) -> impl Layer<S> + use<S>
    where
        S: tracing::Subscriber + for<'a> LookupSpan<'a>,
    {
        tracing_opentelemetry::layer()
            .with_tracer(self.provider.tracer("toolsh"))
            .with_filter(tracing_subscriber::filter::filter_fn(|m| {
                m.is_span() && m.target().starts_with("toolsh")
            }))
    }

    /// Send the spans still buffered and stop the exporter (blocks up to
    /// the export timeout).
    pub fn shutdown(self) {
        let provider = self.provider;
        // The SDK waits on its batch thread; keep that off async workers.
        let _ = std::thread::spawn(move || provider.shutdown()).join();
    }
}

/// The W3C trace context of the current span (toolsh-mcp's
/// [`toolsh_mcp::TraceContextSource`]); `None` when it is not recorded.
fn current_context() -> Option<toolsh_mcp::TraceContext> {
    let cx = tracing::Span::current().context();
    if !cx.span().span_context().is_valid() {
        return None;
    }
    let mut carrier: HashMap<String, String> = HashMap::new();
    TraceContextPropagator::new().inject_context(&cx, &mut carrier);
    Some(toolsh_mcp::TraceContext {
        traceparent: carrier.remove("traceparent")?,
        tracestate: carrier.remove("tracestate").filter(|s| !s.is_empty()),
    })
}

/// Longest `traceparent` / `tracestate` taken from a request (W3C Trace
/// Context: `tracestate` is at most 32 members; 512 bytes each is
/// generous), so a request cannot hand the propagator a huge string.
const MAX_CONTEXT_BYTES: usize = 8192;

/// Open `span`'s parent from a request's W3C trace context: the
/// `traceparent` (and `tracestate`) of its `_meta` (MCP SEP-414) when it
/// has one, else of its HTTP headers. An absent or malformed context
/// leaves the span a root.
pub(crate) fn adopt_parent(
    span: &tracing::Span,
    meta: &[&MetaObject],
    headers: Option<&http::HeaderMap>,
) {
    let mut carrier: HashMap<String, String> = HashMap::new();
    let bounded = |s: &str| (s.len() <= MAX_CONTEXT_BYTES).then(|| s.to_string());
    if let Some(m) = meta.iter().find(|m| m.get_traceparent().is_some()) {
        carrier.extend(
            m.get_traceparent()
                .and_then(bounded)
                .map(|v| ("traceparent".to_string(), v)),
        );
        carrier.extend(
            m.get_tracestate()
                .and_then(bounded)
                .map(|v| ("tracestate".to_string(), v)),
        );
    } else if let Some(h) = headers {
        for name in ["traceparent", "tracestate"] {
            if let Some(v) = h.get(name).and_then(|v| v.to_str().ok()).and_then(bounded) {
                carrier.insert(name.to_string(), v);
            }
        }
    }
    if carrier.is_empty() {
        return;
    }
    let cx = TraceContextPropagator::new().extract(&carrier);
    if cx.span().span_context().is_valid() {
        let _ = span.set_parent(cx);
    }
}
