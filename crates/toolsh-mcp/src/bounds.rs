//! The server's bounds across executions and connections: how many
//! scripts run at once and how many wait, the memory they may hold
//! together, sessions, allowed `Origin`s and connection timeouts. One
//! execution's own bounds are its `ExecutionLimits`; these keep many
//! executions, each within its limits, from adding up past the host.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rmcp::ErrorData;
use rmcp::model::ErrorCode;
use serde_json::json;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use toolsh_interp::ExecutionLimits;

/// The JSON-RPC error code of a `tools/call` refused because the server is
/// full (in the range JSON-RPC 2.0 reserves for implementation-defined
/// server errors).
pub const BUSY_CODE: ErrorCode = ErrorCode(-32000);

/// How long a refused client should wait before retrying, in seconds (the
/// HTTP `Retry-After` value and the busy error's `retry_after_seconds`).
pub const RETRY_AFTER_SECONDS: u64 = 1;

/// Bounds of a code-mode MCP server across requests. Every field has a
/// default sized for one host (see [`ServerLimits::default`]); `toolsh
/// mcp` sets them from its flags.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ServerLimits {
    /// Scripts executing at once. Default: twice the available cores.
    pub max_executions: usize,
    /// Calls waiting for a free execution slot; one more is refused at
    /// once. Default: as many as [`ServerLimits::max_executions`].
    pub max_queued: usize,
    /// How long a queued call waits for a slot before it is refused.
    /// Default 5 s.
    pub queue_wait: Duration,
    /// Memory all running executions may hold together, in bytes: at most
    /// `max_memory_bytes / execution_memory_budget(limits)` of them run at
    /// once (at least one), whatever [`ServerLimits::max_executions`] says.
    /// Default 2 GiB.
    pub max_memory_bytes: u64,
    /// Open MCP sessions of the streamable HTTP transport; an `initialize`
    /// past it gets HTTP 503. Default 256.
    pub max_sessions: usize,
    /// A session with no request for this long is closed. Default 5 min.
    pub session_idle: Duration,
    /// Browser origins allowed in an `Origin` header (MCP specification,
    /// transports, streamable HTTP, security warning: servers MUST validate
    /// it); a request with any other gets HTTP 403, one without the header
    /// passes. Entries are `scheme://host[:port]`, `:*` for any port.
    /// Default: the loopback origins ([`LOOPBACK_ORIGINS`]).
    pub allowed_origins: Vec<String>,
    /// How long a connection may take to send a request's headers, and
    /// stay idle between requests, before it is closed. Default 10 s.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive. Default 30 s.
    pub body_timeout: Duration,
    /// Open HTTP connections; more wait to be accepted. Default 512.
    pub max_connections: usize,
}

/// The origins allowed by default: pages served from this host's loopback
/// addresses, on any port.
pub const LOOPBACK_ORIGINS: &[&str] = &[
    "http://localhost:*",
    "http://127.0.0.1:*",
    "http://[::1]:*",
    "https://localhost:*",
    "https://127.0.0.1:*",
    "https://[::1]:*",
];

impl Default for ServerLimits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let max_executions = cores.saturating_mul(2).max(2);
        Self {
            max_executions,
            max_queued: max_executions,
            queue_wait: Duration::from_secs(5),
            max_memory_bytes: 2 * 1024 * 1024 * 1024,
            max_sessions: 256,
            session_idle: Duration::from_mins(5),
            allowed_origins: LOOPBACK_ORIGINS.iter().map(|s| (*s).to_string()).collect(),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_connections: 512,
        }
    }
}

/// The memory one execution under `limits` may hold, in bytes, as the
/// server counts it: its budget ([`ExecutionLimits::max_memory_bytes`],
/// which its captured output, variables, pipes, here-documents and the
/// utilities' buffers are charged to, and which stops the script with
/// status 124 when spent) and its thread's stack.
pub fn execution_memory_budget(limits: &ExecutionLimits) -> u64 {
    [
        limits.max_memory_bytes,
        toolsh_tools::isolate::EXECUTION_STACK_BYTES,
    ]
    .iter()
    .map(|&b| u64::try_from(b).unwrap_or(u64::MAX))
    .fold(0u64, u64::saturating_add)
}

/// Admission of executions: a fixed number of slots and a short queue.
#[derive(Debug)]
pub(crate) struct Admission {
    slots: Arc<Semaphore>,
    total: usize,
    queued: AtomicUsize,
    max_queued: usize,
    wait: Duration,
}

impl Admission {
    /// Slots for `limits` and executions of `per_execution` bytes each.
    pub(crate) fn new(limits: &ServerLimits, per_execution: u64) -> Self {
        let by_memory = limits.max_memory_bytes / per_execution.max(1);
        let total = limits
            .max_executions
            .min(usize::try_from(by_memory).unwrap_or(usize::MAX))
            .max(1);
        Self {
            slots: Arc::new(Semaphore::new(total)),
            total,
            queued: AtomicUsize::new(0),
            max_queued: limits.max_queued,
            wait: limits.queue_wait,
        }
    }

    /// How many executions may run at once.
    pub(crate) fn slots(&self) -> usize {
        self.total
    }

    /// Whether a call arriving now would be refused: every slot taken and
    /// the queue full.
    pub(crate) fn full(&self) -> bool {
        self.slots.available_permits() == 0
            && self.queued.load(Ordering::Relaxed) >= self.max_queued
    }

    /// A slot, held until the permit is dropped.
    ///
    /// # Errors
    /// The busy error (code [`BUSY_CODE`], `data.retry_after_seconds`)
    /// when the queue is full or the wait passes.
    pub(crate) async fn admit(&self) -> Result<OwnedSemaphorePermit, ErrorData> {
        if let Ok(p) = self.slots.clone().try_acquire_owned() {
            return Ok(p);
        }
        if self.queued.fetch_add(1, Ordering::Relaxed) >= self.max_queued {
            self.queued.fetch_sub(1, Ordering::Relaxed);
            return Err(self.busy());
        }
        let waited = tokio::time::timeout(self.wait, self.slots.clone().acquire_owned()).await;
        self.queued.fetch_sub(1, Ordering::Relaxed);
        match waited {
            Ok(Ok(p)) => Ok(p),
            _ => Err(self.busy()),
        }
    }

    fn busy(&self) -> ErrorData {
        ErrorData::new(
            BUSY_CODE,
            format!(
                "server busy: all {} execution slots are in use and {} calls are waiting; retry in {RETRY_AFTER_SECONDS} s",
                self.total, self.max_queued
            ),
            Some(json!({"retry_after_seconds": RETRY_AFTER_SECONDS})),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn slots_then_a_short_queue_then_busy() {
        let limits = ServerLimits {
            max_executions: 8,
            max_queued: 1,
            queue_wait: Duration::from_millis(50),
            // Memory for two executions of 100 bytes.
            max_memory_bytes: 250,
            ..ServerLimits::default()
        };
        let a = Arc::new(Admission::new(&limits, 100));
        assert_eq!(a.slots(), 2, "memory bounds the slots below max_executions");
        let p1 = a.admit().await.unwrap();
        let _p2 = a.admit().await.unwrap();
        assert!(!a.full());
        // The third waits in the queue and gets the slot the first frees.
        let waiting = {
            let a = a.clone();
            tokio::spawn(async move { a.admit().await.is_ok() })
        };
        tokio::time::sleep(Duration::from_millis(10)).await;
        assert!(a.full(), "both slots taken and the queue full");
        let e = a.admit().await.unwrap_err();
        assert_eq!(e.code, BUSY_CODE);
        drop(p1);
        assert!(waiting.await.unwrap());
        // Nobody frees a slot now: a queued call is refused after the wait.
        let _p3 = a.admit().await;
        let e = a.admit().await.unwrap_err();
        assert!(e.message.starts_with("server busy"), "{}", e.message);
    }

    #[test]
    fn the_budget_is_the_configured_memory_limit_and_the_stack() {
        let stack = toolsh_tools::isolate::EXECUTION_STACK_BYTES as u64;
        let b = execution_memory_budget(&ExecutionLimits::default());
        assert_eq!(b, (256 << 20) + stack);
        // A smaller budget admits more executions at once; the other
        // per-buffer bounds no longer count.
        let small = ExecutionLimits::default()
            .with_max_memory_bytes(16 << 20)
            .with_max_buffer_bytes(1 << 30);
        assert_eq!(execution_memory_budget(&small), (16 << 20) + stack);
        let server = ServerLimits {
            max_executions: 1000,
            max_memory_bytes: 10 * ((16 << 20) + stack),
            ..ServerLimits::default()
        };
        assert_eq!(
            Admission::new(&server, execution_memory_budget(&small)).slots(),
            10
        );
    }
}
