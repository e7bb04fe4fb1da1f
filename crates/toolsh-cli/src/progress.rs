//! A spinner on stderr naming the current tool call, shown only when
//! stderr is a terminal (never in pipes or files).

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use indicatif::{ProgressBar, ProgressStyle};
use toolsh_tools::{CallGate, CallReport, PendingCall, PolicyDecision};

/// The spinner of one run (clones share it).
#[derive(Clone)]
pub struct Spinner {
    bar: ProgressBar,
}

impl Spinner {
    /// A spinner when stderr is a terminal, else `None`.
    pub fn for_stderr() -> Option<Self> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(100));
        bar.set_message("running");
        if let Ok(mut current) = CURRENT.lock() {
            *current = Some(bar.clone());
        }
        Some(Self { bar })
    }

    /// The call gate that shows each call; it always admits.
    pub fn gate(&self) -> Arc<dyn CallGate> {
        Arc::new(SpinnerGate {
            bar: self.bar.clone(),
        })
    }

    /// Run `f` (which writes to the terminal) with the spinner hidden.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Remove the spinner.
    pub fn finish(self) {
        if let Ok(mut current) = CURRENT.lock() {
            *current = None;
        }
        self.bar.finish_and_clear();
    }
}

/// The spinner showing now, for progress that arrives from outside a call
/// gate (upstream MCP servers' progress notifications).
static CURRENT: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// The sink for upstream progress notifications: each becomes the
/// spinner's message (`progress memory: indexing (3/10)`) when a spinner
/// is showing, and nothing otherwise.
pub fn upstream_sink() -> toolsh_mcp::ProgressSink {
    Arc::new(|p: toolsh_mcp::UpstreamProgress| {
        if let Ok(current) = CURRENT.lock()
            && let Some(bar) = current.as_ref()
        {
            bar.set_message(format!("progress {p}"));
        }
    })
}

struct SpinnerGate {
    bar: ProgressBar,
}

#[async_trait]
impl CallGate for SpinnerGate {
    async fn admit(&self, call: &PendingCall<'_>) -> PolicyDecision {
        self.bar.set_message(format!("calling {}", call.name));
        PolicyDecision::Allow
    }
    fn finish(&self, call: &PendingCall<'_>, report: &CallReport) {
        self.bar
            .set_message(format!("{} done (exit {})", call.name, report.exit_code));
    }
}
