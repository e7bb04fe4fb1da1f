//! The audit log: one entry per tool reservation, bounded, exported as
//! JSON lines.

use std::collections::VecDeque;
use std::sync::Mutex;

use serde::Serialize;

/// Entries kept; older ones are dropped and counted.
pub const MAX_AUDIT_ENTRIES: usize = 4096;

/// What happened to a call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", content = "reason", rename_all = "snake_case")]
pub enum AuditOutcome {
    /// Reserved and run (see `exit_code`).
    Granted,
    /// Refused (not granted, trust, mode, approval, authorizer, unknown
    /// command).
    Denied(String),
    /// Its input did not fit the flags or the contract (no budget used).
    ContractError(String),
    /// Refused because a call or byte limit was reached.
    Limit(String),
}

/// One audit entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuditEntry {
    /// Sequence number within the runtime.
    pub seq: u64,
    /// The execution the call belonged to.
    pub execution: u64,
    /// The tool name, or a fixed-length digest label for a name that is
    /// not valid (never the raw name).
    pub label: String,
    /// The outcome.
    #[serde(flatten)]
    pub outcome: AuditOutcome,
    /// Bytes in (params and stdin).
    pub bytes_in: usize,
    /// Bytes out.
    pub bytes_out: usize,
    /// Callback time in milliseconds.
    pub duration_ms: u64,
    /// The exit status of a granted call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
}

/// A bounded, thread-safe audit log.
#[derive(Debug, Default)]
pub struct AuditLog {
    inner: Mutex<(VecDeque<AuditEntry>, u64, usize)>,
}

impl AuditLog {
    pub(crate) fn record(&self, mut entry: AuditEntry) {
        let mut g = self.inner.lock().expect("audit lock");
        g.1 += 1;
        entry.seq = g.1;
        if g.0.len() >= MAX_AUDIT_ENTRIES {
            g.0.pop_front();
            g.2 += 1;
        }
        g.0.push_back(entry);
    }

    /// A copy of the entries, oldest first.
    pub fn entries(&self) -> Vec<AuditEntry> {
        self.inner
            .lock()
            .expect("audit lock")
            .0
            .iter()
            .cloned()
            .collect()
    }

    /// The sequence numbers of the entries of `execution` still in the
    /// log, oldest first (at most [`MAX_AUDIT_ENTRIES`]).
    pub fn ids_of_execution(&self, execution: u64) -> Vec<u64> {
        self.inner
            .lock()
            .expect("audit lock")
            .0
            .iter()
            .filter(|e| e.execution == execution)
            .map(|e| e.seq)
            .collect()
    }

    /// Entries dropped because the log was full.
    pub fn dropped(&self) -> usize {
        self.inner.lock().expect("audit lock").2
    }

    /// The entries as JSON lines.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for e in self.entries() {
            out.push_str(&serde_json::to_string(&e).unwrap_or_default());
            out.push('\n');
        }
        out
    }
}
