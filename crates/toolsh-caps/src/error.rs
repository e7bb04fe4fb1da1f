//! The capability layer's error.

/// What kind of failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CapsErrorKind {
    /// A name outside the rules (ASCII letters, digits, `.`, `_`, `-`; at
    /// most 128 bytes).
    InvalidName,
    /// A name already registered.
    Duplicate,
    /// A catalog limit (tool count, serialized size) would be exceeded.
    CatalogLimit,
    /// A contract schema outside the supported subset or its bounds.
    Contract,
    /// A lease names a tool the catalog does not have.
    UnknownTool,
    /// The lease was issued for another catalog version.
    StaleLease,
    /// Registration while an execution is running, or module changes
    /// after sealing.
    Busy,
    /// A direct command module definition is invalid.
    Module,
    /// Workflow approval or resumption does not match the plan.
    Workflow,
    /// An external call id that is unknown or already finished.
    External,
    /// The tool layer refused the registration, or the policy does not
    /// fit the dispatch (attempts on a local tool).
    Registry,
    /// A skill environment that is not valid shell variables or too large.
    Environment,
}

/// An error of the capability layer: a kind and a message naming what is
/// wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct CapsError {
    /// The kind.
    pub kind: CapsErrorKind,
    /// The message.
    pub message: String,
}

impl CapsError {
    pub(crate) fn new(kind: CapsErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }
}
