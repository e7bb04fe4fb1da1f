//! Invocation traces: a bounded, per-execution record of every tool,
//! `help` and `discover` command a script ran.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

/// Entries kept per execution; older ones are dropped (and counted).
pub const MAX_TRACE_ENTRIES: usize = 256;
/// Bytes of each argument kept in a trace entry.
pub const MAX_TRACE_ARG_BYTES: usize = 1024;

/// What kind of command was traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TraceKind {
    /// A tool call.
    Tool,
    /// `help`.
    Help,
    /// `discover`.
    Discover,
}

/// One traced command.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InvocationTrace {
    /// The command name.
    pub name: String,
    /// Tool, help or discover.
    pub kind: TraceKind,
    /// The arguments after the name, each cut at [`MAX_TRACE_ARG_BYTES`].
    pub argv: Vec<String>,
    /// The exit status.
    pub exit_code: i32,
    /// Wall time of the call.
    #[serde(serialize_with = "as_millis")]
    pub duration: Duration,
    /// The validated parameters (tool calls that got that far).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<Value>,
    /// The output as a JSON value, when it parsed as JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<Value>,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn as_millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64() * 1000.0)
}

/// A bounded trace buffer for one execution.
#[derive(Debug, Default)]
pub struct TraceLog {
    inner: Mutex<(VecDeque<InvocationTrace>, usize)>,
}

impl TraceLog {
    /// An empty log.
    pub fn new() -> Self {
        Self::default()
    }

    /// Append an entry, cutting long arguments and dropping the oldest
    /// entry when full.
    pub fn push(&self, mut entry: InvocationTrace) {
        for a in &mut entry.argv {
            if a.len() > MAX_TRACE_ARG_BYTES {
                let mut cut = MAX_TRACE_ARG_BYTES;
                while !a.is_char_boundary(cut) {
                    cut -= 1;
                }
                a.truncate(cut);
                a.push('…');
            }
        }
        let mut g = self.inner.lock().expect("trace lock");
        if g.0.len() >= MAX_TRACE_ENTRIES {
            g.0.pop_front();
            g.1 += 1;
        }
        g.0.push_back(entry);
    }

    /// Take every entry, leaving the log empty.
    pub fn take(&self) -> Vec<InvocationTrace> {
        let mut g = self.inner.lock().expect("trace lock");
        g.1 = 0;
        g.0.drain(..).collect()
    }

    /// A copy of the entries.
    pub fn entries(&self) -> Vec<InvocationTrace> {
        self.inner
            .lock()
            .expect("trace lock")
            .0
            .iter()
            .cloned()
            .collect()
    }

    /// How many entries were dropped because the log was full.
    pub fn dropped(&self) -> usize {
        self.inner.lock().expect("trace lock").1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(i: usize, arg: String) -> InvocationTrace {
        InvocationTrace {
            name: format!("t{i}"),
            kind: TraceKind::Tool,
            argv: vec![arg],
            exit_code: 0,
            duration: Duration::ZERO,
            params: None,
            output: None,
        }
    }

    #[test]
    fn bounded_and_cut() {
        let log = TraceLog::new();
        for i in 0..MAX_TRACE_ENTRIES + 3 {
            log.push(entry(i, "é".repeat(600)));
        }
        let e = log.entries();
        assert_eq!(e.len(), MAX_TRACE_ENTRIES);
        assert_eq!(e[0].name, "t3");
        assert_eq!(log.dropped(), 3);
        assert!(e[0].argv[0].len() <= MAX_TRACE_ARG_BYTES + '…'.len_utf8());
        assert!(e[0].argv[0].ends_with('…'));
        assert_eq!(log.take().len(), MAX_TRACE_ENTRIES);
        assert!(log.entries().is_empty());
    }
}
