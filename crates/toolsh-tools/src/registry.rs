//! The tool registry: definitions, callbacks and the configuration of the
//! call path (policy, gates, sanitization, timeouts). The call path itself
//! is in `call.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde_json::Value;

use crate::def::{ToolDef, is_valid_tool_name};
use crate::schema::SchemaError;
use crate::tool::ToolImpl;
use crate::validate::CompiledSchema;

/// Exit status of a successful call.
pub const EXIT_OK: i32 = 0;
/// Exit status of a callback failure, a denial or a timeout.
pub const EXIT_FAILURE: i32 = 1;
/// Exit status of a usage or schema error (bad flags, invalid params).
pub const EXIT_USAGE: i32 = 2;
/// Exit status of an unknown tool.
pub const EXIT_NOT_FOUND: i32 = 127;

/// Names that tools may not take: the commands every tool set gets.
pub const RESERVED_NAMES: [&str; 2] = ["help", "discover"];

/// A call about to run, as shown to policy hooks and gates.
#[derive(Debug, Clone, Copy)]
pub struct PendingCall<'a> {
    /// The tool name.
    pub name: &'a str,
    /// The validated parameters.
    pub params: &'a Value,
    /// The tenant of the execution, if any.
    pub tenant: Option<&'a str>,
    /// The surface of the execution (`script`, `mcp`, ...), if any.
    pub surface: Option<&'a str>,
    /// Bytes of piped stdin given to the call.
    pub stdin_bytes: usize,
    /// The id of the execution making the call
    /// ([`crate::ToolCallRequest::execution`]).
    pub execution: u64,
}

/// A policy decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolicyDecision {
    /// Run the call.
    Allow,
    /// Refuse it; the script sees `<tool>: denied: <reason>` and status 1.
    Deny(String),
}

/// A synchronous policy hook.
pub type PolicyFn = dyn Fn(&PendingCall<'_>) -> PolicyDecision + Send + Sync;

/// What happened to a call, reported to gates after it ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallReport {
    /// The exit status.
    pub exit_code: i32,
    /// Bytes of the parameters (as JSON) and of the stdin.
    pub bytes_in: usize,
    /// Bytes of the output.
    pub bytes_out: usize,
    /// Wall time of the callback.
    pub duration: Duration,
}

/// An async gate on the call path, consulted after validation and before
/// the policy hook: the capability layer reserves leases and asks for
/// approvals here. `admit` runs once per call that passed validation (so a
/// call with invalid input never reaches a gate); `finish` runs after every
/// admitted call.
#[async_trait]
pub trait CallGate: Send + Sync {
    /// Decide whether the call may run.
    async fn admit(&self, call: &PendingCall<'_>) -> PolicyDecision;
    /// Observe the end of an admitted call.
    fn finish(&self, _call: &PendingCall<'_>, _report: &CallReport) {}
    /// Observe a call refused before the gates: bad flags or parameters
    /// that do not match the input schema (`message` says why). Such a call
    /// never used any budget.
    fn rejected(&self, _tool: &str, _message: &str) {}
}

/// Why a tool cannot be registered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegistryError {
    /// The name is not a valid command name.
    #[error("invalid tool name '{0}': use letters, digits, '.', '_', '-' (at most 128 bytes)")]
    InvalidName(String),
    /// The name is taken (or reserved).
    #[error("tool '{0}' is already registered")]
    Duplicate(String),
    /// A schema is unusable.
    #[error("tool '{tool}': {which} schema: {error}")]
    Schema {
        /// The tool.
        tool: String,
        /// `input` or `output`.
        which: &'static str,
        /// What is wrong.
        error: SchemaError,
    },
    /// No callback was set.
    #[error("tool '{0}' has no callback")]
    NoCallback(String),
}

/// A registered tool with its compiled schemas.
#[derive(Debug)]
pub(crate) struct RegisteredTool {
    pub imp: ToolImpl,
    pub input: CompiledSchema,
    pub output: Option<CompiledSchema>,
}

/// Tool definitions, callbacks and the call-path configuration. Shared
/// (`Arc`) by every execution; it holds no per-execution state (traces and
/// the tenant travel with each execution's [`crate::ToolCallRequest`]).
#[derive(Clone)]
pub struct ToolRegistry {
    pub(crate) tools: BTreeMap<String, Arc<RegisteredTool>>,
    pub(crate) policy: Option<Arc<PolicyFn>>,
    pub(crate) gates: Vec<Arc<dyn CallGate>>,
    pub(crate) sanitize_errors: bool,
    pub(crate) call_timeout: Option<Duration>,
    /// Tools left out of every listing (see [`ToolRegistry::hide`]).
    pub(crate) hidden: Arc<BTreeSet<String>>,
}

impl std::fmt::Debug for ToolRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolRegistry")
            .field("tools", &self.tools.keys().collect::<Vec<_>>())
            .field("policy", &self.policy.is_some())
            .field("gates", &self.gates.len())
            .field("sanitize_errors", &self.sanitize_errors)
            .field("call_timeout", &self.call_timeout)
            .field("hidden", &self.hidden)
            .finish()
    }
}

impl Default for ToolRegistry {
    fn default() -> Self {
        Self {
            tools: BTreeMap::new(),
            policy: None,
            gates: Vec::new(),
            sanitize_errors: true,
            call_timeout: None,
            hidden: Arc::new(BTreeSet::new()),
        }
    }
}

impl ToolRegistry {
    /// An empty registry with error sanitization on.
    pub fn new() -> Self {
        Self::default()
    }

    /// Register a tool: checks the name, compiles both schemas (local
    /// `$ref` only; unresolved, external, non-string and cyclic references
    /// fail here) and requires a callback.
    pub fn register(&mut self, tool: ToolImpl) -> Result<(), RegistryError> {
        let name = tool.def.name.clone();
        if !is_valid_tool_name(&name) {
            return Err(RegistryError::InvalidName(name));
        }
        if self.tools.contains_key(&name) || RESERVED_NAMES.contains(&name.as_str()) {
            return Err(RegistryError::Duplicate(name));
        }
        if tool.sync_exec.is_none() && tool.async_exec.is_none() {
            return Err(RegistryError::NoCallback(name));
        }
        let input = CompiledSchema::compile(&tool.def.input_schema).map_err(|error| {
            RegistryError::Schema {
                tool: name.clone(),
                which: "input",
                error,
            }
        })?;
        let output = match &tool.def.output_schema {
            Some(s) => Some(
                CompiledSchema::compile(s).map_err(|error| RegistryError::Schema {
                    tool: name.clone(),
                    which: "output",
                    error,
                })?,
            ),
            None => None,
        };
        self.tools.insert(
            name,
            Arc::new(RegisteredTool {
                imp: tool,
                input,
                output,
            }),
        );
        Ok(())
    }

    /// Set the policy hook, consulted for every validated call after the
    /// gates.
    #[must_use]
    pub fn with_policy<F>(mut self, f: F) -> Self
    where
        F: Fn(&PendingCall<'_>) -> PolicyDecision + Send + Sync + 'static,
    {
        self.policy = Some(Arc::new(f));
        self
    }

    /// Add a gate (leases, approvals). Gates run in the order added.
    #[must_use]
    pub fn with_gate(mut self, gate: Arc<dyn CallGate>) -> Self {
        self.gates.push(gate);
        self
    }

    /// Whether callback error messages are hidden from the script (default
    /// `true`: the script sees `<tool>: callback failed`; the message goes
    /// to `tracing` only).
    #[must_use]
    pub fn sanitize_errors(mut self, on: bool) -> Self {
        self.sanitize_errors = on;
        self
    }

    /// A per-call timeout, applied in addition to the execution deadline.
    #[must_use]
    pub fn with_call_timeout(mut self, timeout: Duration) -> Self {
        self.call_timeout = Some(timeout);
        self
    }

    /// Leave the tools named in `names` out of every listing: a host
    /// whose gate denies them (a capability lease that does not grant
    /// them, a read-only permission mode) hides them so that `help`,
    /// `discover`, the system prompt, tool descriptions and "did you
    /// mean" hints show only what the script can call. A hidden tool is
    /// not a shell command either ([`crate::commands_for`] leaves it out,
    /// so `type`, `command -v` and `--help` do not know it); a call that
    /// names it reaches [`ToolRegistry::call`] through
    /// [`crate::UnknownCommand::for_execution`], which denies it without
    /// reading its flags (`<tool>: denied: <reason>`, status 1). Names
    /// that are not registered are ignored; calls add to the hidden set.
    #[must_use]
    pub fn hide<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut set = (*self.hidden).clone();
        set.extend(names.into_iter().map(Into::into));
        self.hidden = Arc::new(set);
        self
    }

    fn listed(&self, name: &str) -> bool {
        !self.hidden.contains(name)
    }

    /// Whether `name` is a registered tool hidden by [`ToolRegistry::hide`].
    pub fn is_hidden(&self, name: &str) -> bool {
        self.tools.contains_key(name) && self.hidden.contains(name)
    }

    /// The definitions of the listed (not hidden) tools, in name order.
    pub fn definitions(&self) -> Vec<&ToolDef> {
        self.tools
            .iter()
            .filter(|(n, _)| self.listed(n))
            .map(|(_, t)| &t.imp.def)
            .collect()
    }

    /// A listed tool's definition (`None` for an unknown or hidden tool).
    pub fn get(&self, name: &str) -> Option<&ToolDef> {
        self.tools
            .get(name)
            .filter(|_| self.listed(name))
            .map(|t| &t.imp.def)
    }

    /// The names of the listed (not hidden) tools, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.tools
            .keys()
            .map(String::as_str)
            .filter(|n| self.listed(n))
    }

    /// Every registered tool name, hidden ones included, in order.
    pub fn command_names(&self) -> impl Iterator<Item = &str> {
        self.tools.keys().map(String::as_str)
    }

    /// Whether a tool of this name is registered (hidden or not).
    pub fn contains(&self, name: &str) -> bool {
        self.tools.contains_key(name)
    }

    /// The number of registered tools (hidden ones included).
    pub fn len(&self) -> usize {
        self.tools.len()
    }

    /// `true` when no tool is registered.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }
}
