//! Tool policies and the descriptors of the catalog. What a tool is
//! (name, description, schemas, tags) is the tool layer's [`ToolDef`];
//! this layer adds how it may be called ([`ToolPolicy`]).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use toolsh_tools::ToolDef;

/// What a tool's output is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ToolFormat {
    /// Free text.
    #[default]
    Text,
    /// A JSON value (under a contract).
    Json,
}

/// Who runs a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Dispatch {
    /// A local handler, pumped by the host's runtime.
    #[default]
    HostPump,
    /// The host claims the call from a queue and completes it later
    /// (`CapabilityRuntime::claim_external`).
    External,
}

/// The risk class of a tool, set by the host; permission modes and trust
/// levels decide by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum RiskClass {
    /// Reads data; no side effects.
    #[default]
    Read,
    /// Changes state the host owns.
    Write,
    /// Reaches outside (sends mail, calls third parties).
    External,
    /// Deletes or irreversibly changes things.
    Destructive,
}

impl RiskClass {
    /// The class a tag names: `read` / `read-only` → read, `write` → write,
    /// `external` / `open-world` (MCP tool annotation hints) → external,
    /// `destructive` → destructive, each also with a `risk:` prefix
    /// (`risk:read`); `None` for any other tag.
    pub fn from_tag(tag: &str) -> Option<Self> {
        Some(match tag.strip_prefix("risk:").unwrap_or(tag) {
            "read" | "read-only" => Self::Read,
            "write" => Self::Write,
            "external" | "open-world" => Self::External,
            "destructive" => Self::Destructive,
            _ => return None,
        })
    }

    /// The highest class among `tags`, else `Write`: a tool that declares
    /// nothing is never taken for a read.
    pub fn from_tags<S: AsRef<str>>(tags: &[S]) -> Self {
        tags.iter()
            .filter_map(|t| Self::from_tag(t.as_ref()))
            .max_by_key(|r| *r as u8)
            .unwrap_or(Self::Write)
    }
}

/// Bounds on a streamed external result. A chunk past `max_chunks` or
/// `max_chunk_bytes`, or a chunk or completion that takes the source's
/// bytes past `max_source_bytes`, is refused to the host
/// (`CapsErrorKind::External`); the last two fail the call for the script.
/// After the runtime's `OutputRedactor`, the text the script gets is at
/// most `max_redacted_bytes` (else the call fails: a redactor cannot
/// widen the bound).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StreamLimits {
    /// Most chunks.
    pub max_chunks: u32,
    /// Most bytes per chunk.
    pub max_chunk_bytes: u32,
    /// Most bytes from the source in all: every chunk plus the completion.
    pub max_source_bytes: u32,
    /// Most bytes the script receives, after redaction.
    pub max_redacted_bytes: u32,
}

impl StreamLimits {
    /// `max_chunks` chunks of at most `max_chunk_bytes`; the aggregate
    /// and post-redaction bounds are their product (saturating).
    pub fn new(max_chunks: u32, max_chunk_bytes: u32) -> Self {
        let total = max_chunks.saturating_mul(max_chunk_bytes);
        Self {
            max_chunks,
            max_chunk_bytes,
            max_source_bytes: total,
            max_redacted_bytes: total,
        }
    }

    /// Set the aggregate source bound.
    #[must_use]
    pub fn source_bytes(mut self, n: u32) -> Self {
        self.max_source_bytes = n;
        self
    }

    /// Set the post-redaction bound.
    #[must_use]
    pub fn redacted_bytes(mut self, n: u32) -> Self {
        self.max_redacted_bytes = n;
        self
    }
}

/// How a tool may be called: the capability layer's part of a catalog
/// entry, beside the tool's [`ToolDef`] (whose name is the capability
/// name and the shell command).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolPolicy {
    /// The risk class, checked against the permission mode and trust
    /// level. Default `Read`.
    pub risk: RiskClass,
    /// Text or JSON.
    pub format: ToolFormat,
    /// Local handler or external completion.
    pub dispatch: Dispatch,
    /// Most calls in one execution (a lease may narrow it). Default 100.
    pub max_calls_per_execution: u32,
    /// Most attempts of one external call: a failed completion
    /// (`CapabilityRuntime::fail`) queues the call again until this bound.
    /// Default 1. Attempts bound external operations only: a local handler
    /// runs exactly once per call (retrying it could repeat a write), and
    /// registering a local tool with more than one attempt is refused.
    pub max_attempts: u32,
    /// Most bytes of input (params as JSON plus stdin). Default 64 KiB.
    pub max_input_bytes: u32,
    /// Most bytes of output. Default 1 MiB.
    pub max_output_bytes: u32,
    /// For external dispatch: how long a script waits for completion.
    pub deferred_deadline: Option<Duration>,
    /// For external dispatch: bounds on streamed chunks.
    pub stream: Option<StreamLimits>,
}

impl Default for ToolPolicy {
    fn default() -> Self {
        Self::new()
    }
}

impl ToolPolicy {
    /// A text tool policy with the defaults.
    pub fn new() -> Self {
        Self {
            risk: RiskClass::default(),
            format: ToolFormat::Text,
            dispatch: Dispatch::HostPump,
            max_calls_per_execution: 100,
            max_attempts: 1,
            max_input_bytes: 64 * 1024,
            max_output_bytes: 1024 * 1024,
            deferred_deadline: None,
            stream: None,
        }
    }

    /// Set the risk class.
    #[must_use]
    pub fn risk(mut self, risk: RiskClass) -> Self {
        self.risk = risk;
        self
    }

    /// Set the per-execution call limit.
    #[must_use]
    pub fn max_calls(mut self, n: u32) -> Self {
        self.max_calls_per_execution = n;
        self
    }

    /// Set the attempt bound.
    #[must_use]
    pub fn max_attempts(mut self, n: u32) -> Self {
        self.max_attempts = n.max(1);
        self
    }

    /// Set the input and output byte limits.
    #[must_use]
    pub fn byte_limits(mut self, input: u32, output: u32) -> Self {
        self.max_input_bytes = input;
        self.max_output_bytes = output;
        self
    }

    /// External dispatch with a deadline.
    #[must_use]
    pub fn external(mut self, deadline: Duration) -> Self {
        self.dispatch = Dispatch::External;
        self.deferred_deadline = Some(deadline);
        self
    }

    /// Streamed chunk limits (external dispatch).
    #[must_use]
    pub fn stream(mut self, limits: StreamLimits) -> Self {
        self.stream = Some(limits);
        self
    }
}

/// One entry of the catalog as hosts, prompts and operator UIs see it:
/// the tool's definition with the schemas in force (the contract's, when
/// it has one), and its policy. Serialized flat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolDescriptor {
    /// What the tool is, with the schemas in force.
    #[serde(flatten)]
    pub def: ToolDef,
    /// Text or JSON.
    pub format: ToolFormat,
    /// Local or external.
    pub dispatch: Dispatch,
    /// The risk class.
    pub risk: RiskClass,
    /// Most calls per execution.
    pub max_calls_per_execution: u32,
    /// Most attempts per call.
    pub max_attempts: u32,
    /// Most input bytes.
    pub max_input_bytes: u32,
    /// Most output bytes.
    pub max_output_bytes: u32,
    /// `true` when both schemas are a contract enforced on every call.
    pub contract_enforced: bool,
    /// External dispatch deadline, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_deferred_millis: Option<u64>,
    /// Streamed chunk limits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stream: Option<StreamLimits>,
}
