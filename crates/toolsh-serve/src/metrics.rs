//! Prometheus metrics (the `prometheus-client` crate, text exposition
//! format at `/metrics`).

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// Labels of an execution: its tenant and outcome (`ok`: exit status 0,
/// `error`: another status, `busy`: refused for lack of a slot,
/// `invalid`: bad arguments).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct ExecutionLabels {
    pub(crate) tenant: String,
    pub(crate) outcome: &'static str,
}

/// Labels of an HTTP answer: its status code.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct StatusLabels {
    pub(crate) code: u16,
}

/// Labels of a refused credential: why.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct AuthLabels {
    pub(crate) reason: &'static str,
}

/// Labels of a tenant.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct TenantLabels {
    pub(crate) tenant: String,
}

fn latency() -> Histogram {
    // 1 ms to about 65 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 17))
}

/// Every metric the server keeps.
pub(crate) struct Metrics {
    registry: Registry,
    pub(crate) executions: Family<ExecutionLabels, Counter>,
    pub(crate) execution_seconds: Family<TenantLabels, Histogram, fn() -> Histogram>,
    pub(crate) responses: Family<StatusLabels, Counter>,
    pub(crate) auth_failures: Family<AuthLabels, Counter>,
    pub(crate) in_flight: Gauge,
    pub(crate) queued: Gauge,
}

impl Metrics {
    pub(crate) fn new() -> Self {
        let mut registry = Registry::with_prefix("toolsh");
        let executions = Family::<ExecutionLabels, Counter>::default();
        let execution_seconds =
            Family::<TenantLabels, Histogram, fn() -> Histogram>::new_with_constructor(latency);
        let responses = Family::<StatusLabels, Counter>::default();
        let auth_failures = Family::<AuthLabels, Counter>::default();
        let in_flight = Gauge::default();
        let queued = Gauge::default();
        registry.register(
            "executions",
            "Script executions (tools/call of the script tool), by tenant and outcome",
            executions.clone(),
        );
        registry.register(
            "execution_seconds",
            "Wall-clock time of script executions, by tenant",
            execution_seconds.clone(),
        );
        registry.register(
            "http_responses",
            "HTTP responses to MCP requests, by status code",
            responses.clone(),
        );
        registry.register(
            "auth_failures",
            "Requests refused for their credentials, by reason",
            auth_failures.clone(),
        );
        registry.register(
            "requests_in_flight",
            "MCP requests being handled",
            in_flight.clone(),
        );
        registry.register(
            "requests_queued",
            "MCP requests waiting for a slot",
            queued.clone(),
        );
        Self {
            registry,
            executions,
            execution_seconds,
            responses,
            auth_failures,
            in_flight,
            queued,
        }
    }

    /// The text exposition (OpenMetrics text format).
    pub(crate) fn render(&self) -> String {
        let mut out = String::new();
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}
