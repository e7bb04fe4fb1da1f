//! Capability leases: which tools one execution may call, and how often.

use std::collections::BTreeMap;

use serde::Serialize;

/// One tool granted by a lease, optionally with a call limit narrower than
/// the tool's policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CapabilityGrant {
    /// The tool name.
    pub name: String,
    /// Most calls per execution under this lease (`None`: the policy's).
    pub max_calls: Option<u32>,
}

impl CapabilityGrant {
    /// Grant `name` with the policy's call limit.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            max_calls: None,
        }
    }

    /// Grant `name` with at most `n` calls.
    pub fn limited(name: impl Into<String>, n: u32) -> Self {
        Self {
            name: name.into(),
            max_calls: Some(n),
        }
    }

    /// Parse the CLI form `NAME` or `NAME:COUNT`.
    pub fn parse(s: &str) -> Result<Self, String> {
        match s.rsplit_once(':') {
            Some((n, c)) => c
                .parse::<u32>()
                .map(|c| Self::limited(n, c))
                .map_err(|_| format!("invalid grant '{s}': COUNT must be a whole number")),
            None => Ok(Self::new(s)),
        }
    }
}

/// A lease: a subset of the catalog bound to the catalog's fingerprint.
/// Any change to the catalog invalidates it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CapabilityLease {
    /// A unique id within the runtime (for audit and trajectories).
    pub id: u64,
    /// The fingerprint (hex BLAKE3) of the catalog it was issued for.
    pub fingerprint: String,
    /// The granted tools and their effective call limits.
    pub grants: BTreeMap<String, u32>,
}

impl CapabilityLease {
    /// `true` when the lease grants `name`.
    pub fn grants(&self, name: &str) -> bool {
        self.grants.contains_key(name)
    }

    /// The call limit of `name` under this lease.
    pub fn limit(&self, name: &str) -> Option<u32> {
        self.grants.get(name).copied()
    }
}
