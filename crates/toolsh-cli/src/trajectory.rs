//! `toolsh run --trajectory FILE`, `toolsh mcp --spool-dir DIR
//! --trajectory FILE` and `toolsh replay FILE`: a run recorded
//! as a line of the executor layer's trajectory (`toolsh_executor::
//! Trajectory`: the script as a `bash` call, its normalized result in the
//! executor's script-output form, the lease and audit entries when it ran
//! under a lease), and the replay of such a file against the same tools,
//! each recorded run in a fresh sandbox session as `run` gives it, with
//! every gate active (grants, mode, approvals), reporting divergences.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde_json::json;
use toolsh_executor::{
    CallFinisher, ShellExecutor, SpoolTarget, Spooler, ToolCall, ToolOutput, Trajectory,
    TrajectoryEntry,
};
use toolsh_interp::OutputSink;
use toolsh_interp::fs::MemoryFs;
use toolsh_tools::ToolCallRequest;

use crate::cli::ReplayArgs;
use crate::run::{EXIT_USAGE, limits_for};
use crate::{authority, tools};

/// Most bytes of each stream a recording keeps (the executor's bound on a
/// trajectory entry's content).
const MAX_CAPTURE: usize = toolsh_executor::MAX_TRAJECTORY_CONTENT_BYTES;

/// The session name of recorded runs.
const SESSION: &str = "toolsh-run";

/// A bounded copy of what a stream's sink wrote.
#[derive(Clone, Default)]
pub struct Capture(Arc<Mutex<(Vec<u8>, bool)>>);

impl Capture {
    /// `sink`, with every write also kept here (up to [`MAX_CAPTURE`]
    /// bytes; past it the capture is marked cut).
    pub fn tee(&self, sink: OutputSink) -> OutputSink {
        let keep = self.0.clone();
        Arc::new(move |data: &[u8]| {
            {
                let mut g = keep.lock().expect("capture lock");
                let room = MAX_CAPTURE.saturating_sub(g.0.len());
                g.0.extend_from_slice(&data[..data.len().min(room)]);
                g.1 |= data.len() > room;
            }
            sink(data)
        })
    }

    fn text(&self) -> (String, bool) {
        let g = self.0.lock().expect("capture lock");
        (String::from_utf8_lossy(&g.0).into_owned(), g.1)
    }
}

/// What `run` hands over to be recorded.
pub struct Recording<'a> {
    /// The trajectory file.
    pub path: &'a PathBuf,
    /// The script.
    pub script: &'a str,
    /// Its stdout and stderr.
    pub stdout: &'a Capture,
    /// Its stderr.
    pub stderr: &'a Capture,
    /// Its exit status.
    pub exit_code: i32,
    /// When it started.
    pub start: Instant,
    /// The lease it ran under and the audit entries of its execution.
    pub lease: Option<(u64, Vec<u64>)>,
}

/// Append the run to its trajectory file.
///
/// # Errors
/// The file cannot be written.
pub fn record(r: &Recording<'_>) -> std::io::Result<()> {
    let (out, out_cut) = r.stdout.text();
    let (err, err_cut) = r.stderr.text();
    let o = ToolOutput::from_script("run", "bash", r.exit_code, &out, &err, r.start);
    let (lease_id, audit_ids) = r
        .lease
        .clone()
        .map_or((None, Vec::new()), |(l, a)| (Some(l), a));
    let cut = out_cut || err_cut;
    let entry = TrajectoryEntry {
        session: SESSION.into(),
        started_ms: toolsh_executor::now_ms().saturating_sub(o.duration_ms),
        request: ToolCall::new("run", "bash", json!({"commands": r.script})),
        result: o.to_model_json(),
        // A cut capture is compared as a prefix on replay.
        content: cut.then(|| o.result.clone()),
        content_truncated: cut,
        spool_path: None,
        duration_ms: o.duration_ms,
        lease_id,
        audit_ids,
    };
    Trajectory::at(r.path, SESSION).append(&entry)
}

/// What `toolsh mcp --spool-dir DIR --trajectory FILE` puts every script
/// result through (the executor layer's [`CallFinisher`]); `None` when
/// neither is asked for.
pub fn finisher(spool_dir: Option<&PathBuf>, trajectory: Option<&PathBuf>) -> Option<CallFinisher> {
    if spool_dir.is_none() && trajectory.is_none() {
        return None;
    }
    let mut f = CallFinisher::default();
    if let Some(d) = spool_dir {
        f = f.spooler(Spooler::new(SpoolTarget::Workspace(d.clone())));
    }
    if let Some(t) = trajectory {
        f = f.trajectory(Trajectory::at(t, "toolsh-mcp"));
    }
    Some(f)
}

/// `toolsh replay FILE`: re-run every recorded run against the tools the
/// flags name (each in a fresh sandbox session, as `run` gives it, under
/// the same grants and mode), and print the report as JSON
/// (`{"total", "matched", "divergences": [{"index", "call_id",
/// "recorded", "replayed"}]}`). Exit 0 when every run matched, 1 when any
/// diverged, 2 when the file or the tools cannot be loaded.
pub async fn replay(args: ReplayArgs) -> i32 {
    let entries = match Trajectory::read(&args.file) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("toolsh: {}: {e}", args.file.display());
            return EXIT_USAGE;
        }
    };
    let loaded = match tools::load(&args.sources).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    let limits = limits_for(loaded.manifest.as_ref(), &args.limits);
    let approver = Arc::new(authority::TerminalApprover::new());
    let authority = match authority::for_run(&args.authority, &loaded, &limits, approver, false) {
        Ok(a) => a.map(Arc::new),
        Err(e) => {
            eprintln!("toolsh: {e}");
            loaded.shutdown().await;
            return EXIT_USAGE;
        }
    };
    let mut total = toolsh_executor::ReplayReport {
        total: 0,
        matched: 0,
        divergences: Vec::new(),
    };
    for (index, entry) in entries.iter().enumerate() {
        let registry = Arc::new(loaded.registry.clone());
        let authority = authority.clone();
        let limits = limits.clone();
        let configure = move |b: toolsh_interp::ShellBuilder| {
            let request = ToolCallRequest {
                surface: Some("cli".into()),
                ..ToolCallRequest::default()
            };
            let b = b.limits(limits.clone()).env("HOME", "/tmp");
            match &authority {
                Some(a) => match a.runtime.prepare_execution(&a.lease, request) {
                    Ok(p) => {
                        let mut b = b;
                        for c in p.commands() {
                            b = b.utility(c);
                        }
                        b.command_not_found(p.command_not_found())
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "replay: the lease cannot run");
                        b
                    }
                },
                None => crate::run::with_tools(b, &registry, &Arc::new(request)),
            }
        };
        let ex =
            ShellExecutor::sandbox_session_with(Arc::new(MemoryFs::new()), Arc::new(configure));
        let one = toolsh_executor::replay(std::slice::from_ref(entry), &ex).await;
        total.total += one.total;
        total.matched += one.matched;
        total
            .divergences
            .extend(one.divergences.into_iter().map(|mut d| {
                d.index = index;
                d
            }));
    }
    loaded.shutdown().await;
    let text = serde_json::to_string_pretty(&total).unwrap_or_default() + "\n";
    match crate::commands::emit(&text) {
        0 => i32::from(!total.divergences.is_empty()),
        e => e,
    }
}
