//! `toolsh workflow run FILE` and `toolsh workflow resume CHECKPOINT`: a
//! workflow file (TOML, ordered `[[step]]`s, each a script and its grants)
//! run step by step under `toolsh_caps` workflows: each step under a lease
//! of its own grants only, in a fresh `LogicOnly` shell. A step that
//! exits non-zero stops the run and leaves an attested checkpoint file
//! (`toolsh_caps::WorkflowCheckpoint`, JSON, the failed step first in its
//! suffix); `resume` verifies it under the same key and runs only the
//! unexecuted suffix, under fresh leases from the workflow file's grants.
//!
//! The attestation key is a 32-byte secret in a key file (`--key-file`,
//! 64 hex digits), created with OS randomness when missing (mode 0600):
//! an agent that can edit the checkpoint but not read the key cannot
//! smuggle in a script or skip a step.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toolsh_caps::{
    ApprovedWorkflow, CapabilityGrant, CapabilityRuntime, StepAuthority, WorkflowCheckpoint,
    WorkflowPlan, WorkflowStepCapabilityPolicy,
};

use crate::authority::{self, AuthoritySettings, DEFAULT_MAX_CALLS};
use crate::cli::{WorkflowArgs, WorkflowCommand, WorkflowSources};
use crate::run::{EXIT_USAGE, limits_for};
use crate::script_file::read_text_file;
use crate::tools;

/// Most steps in one workflow file.
pub const MAX_STEPS: usize = 256;

/// The most bytes read from a workflow file or a checkpoint (4 MiB, as
/// for a manifest): `/dev/zero` or a FIFO fails past it instead of being
/// read whole.
pub const MAX_WORKFLOW_FILE_BYTES: usize = crate::manifest::MAX_MANIFEST_BYTES;

/// A workflow file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WorkflowFile {
    /// The steps, in order.
    step: Vec<StepEntry>,
}

/// One `[[step]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepEntry {
    /// A unique id.
    id: String,
    /// The script.
    script: String,
    /// `NAME` or `NAME:COUNT` grants (none: the step may call no tool).
    #[serde(default)]
    grants: Vec<String>,
}

/// Each step id with its grants, in order.
type StepGrants = Vec<(String, Vec<CapabilityGrant>)>;

/// The plan and each step's grants, from a workflow file.
fn load(path: &Path) -> Result<(WorkflowPlan, StepGrants), String> {
    let text = read_text_file(path, MAX_WORKFLOW_FILE_BYTES, "workflow file")
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let f: WorkflowFile = toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if f.step.is_empty() || f.step.len() > MAX_STEPS {
        return Err(format!(
            "{}: a workflow has 1 to {MAX_STEPS} steps, not {}",
            path.display(),
            f.step.len()
        ));
    }
    let mut seen = BTreeSet::new();
    let mut grants = Vec::new();
    for s in &f.step {
        if !seen.insert(s.id.as_str()) {
            return Err(format!(
                "{}: step id '{}' is used twice",
                path.display(),
                s.id
            ));
        }
        let mut g = Vec::new();
        for text in &s.grants {
            let (name, n) = authority::parse_grant(text)
                .map_err(|e| format!("{}: step '{}': {e}", path.display(), s.id))?;
            g.push(CapabilityGrant::limited(
                name,
                n.unwrap_or(DEFAULT_MAX_CALLS),
            ));
        }
        grants.push((s.id.clone(), g));
    }
    let plan = WorkflowPlan::new(f.step.iter().map(|s| (s.id.clone(), s.script.clone())));
    Ok((plan, grants))
}

/// The key in `path` (64 hex digits), created from OS randomness when the
/// file does not exist.
fn key(path: &Path) -> Result<[u8; 32], String> {
    let shown = path.display();
    let parse = |text: &str| -> Result<[u8; 32], String> {
        let t = text.trim();
        let mut k = [0u8; 32];
        if t.len() != 64 || !t.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("{shown}: a key file holds 64 hex digits"));
        }
        for (i, b) in k.iter_mut().enumerate() {
            *b = u8::from_str_radix(&t[2 * i..2 * i + 2], 16).map_err(|e| e.to_string())?;
        }
        Ok(k)
    };
    // A key is 64 hex digits and a newline: anything much longer is not one.
    match std::fs::metadata(path).map(|_| read_text_file(path, 4096, "key file")) {
        Ok(Ok(text)) => parse(&text),
        Ok(Err(e)) => Err(format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut k = [0u8; 32];
            std::fs::File::open("/dev/urandom")
                .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut k))
                .map_err(|e| format!("cannot make a key: /dev/urandom: {e}"))?;
            let hex = k.iter().fold(String::new(), |mut h, b| {
                let _ = write!(h, "{b:02x}");
                h
            });
            let mut opts = std::fs::OpenOptions::new();
            opts.write(true).create_new(true);
            std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
            opts.open(path)
                .and_then(|mut f| f.write_all(format!("{hex}\n").as_bytes()))
                .map_err(|e| format!("{shown}: {e}"))?;
            Ok(k)
        }
        Err(e) => Err(format!("{shown}: {e}")),
    }
}

/// Step authority from the file's grants for `ids`, in order.
fn authority_for(
    ids: &[String],
    grants: &[(String, Vec<CapabilityGrant>)],
) -> Result<Vec<(String, StepAuthority)>, String> {
    ids.iter()
        .map(|id| {
            let g = grants
                .iter()
                .find(|(s, _)| s == id)
                .map(|(_, g)| g.clone())
                .ok_or_else(|| format!("step '{id}' is not in the workflow file"))?;
            Ok((
                id.clone(),
                StepAuthority::Policy(WorkflowStepCapabilityPolicy {
                    step: id.clone(),
                    grants: g,
                }),
            ))
        })
        .collect()
}

/// `toolsh workflow ...`: exit 0 when every step ran and succeeded, the
/// failed step's status when one failed (its checkpoint written), 2 for
/// usage errors (a bad file, key or checkpoint, a grant naming no tool).
pub async fn workflow(args: WorkflowArgs) -> i32 {
    let src: &WorkflowSources = match &args.command {
        WorkflowCommand::Run { common, .. } | WorkflowCommand::Resume { common, .. } => common,
    };
    let loaded = match tools::load(&src.sources).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    let code = match prepare(&args, src, &loaded) {
        Ok((runtime, wf, checkpoint_path)) => run_steps(&runtime, wf, &checkpoint_path).await,
        Err(e) => {
            eprintln!("toolsh: workflow: {e}");
            EXIT_USAGE
        }
    };
    loaded.shutdown().await;
    code
}

/// The runtime (every tool in its catalog, the key set), the approved
/// workflow and where its checkpoint goes.
fn prepare(
    args: &WorkflowArgs,
    src: &WorkflowSources,
    loaded: &tools::LoadedTools,
) -> Result<(Arc<CapabilityRuntime>, ApprovedWorkflow, PathBuf), String> {
    let manifest = loaded.manifest.as_ref();
    let settings = authority::settings(manifest, &[], src.mode)?.unwrap_or(AuthoritySettings {
        all_granted: true,
        ..AuthoritySettings::default()
    });
    let settings = AuthoritySettings {
        all_granted: true,
        grants: std::collections::BTreeMap::default(),
        ..settings
    };
    let limits = limits_for(manifest, &crate::cli::LimitArgs::default());
    let a = authority::build(
        &loaded.tools,
        manifest,
        &settings,
        limits,
        Arc::new(authority::TerminalApprover::new()),
    )?;
    let runtime = Arc::new(a.runtime);
    runtime.set_workflow_key(key(&src.key_file)?);
    let (plan, grants) = load(&src.workflow)?;
    for (id, g) in &grants {
        let names = g.iter().map(|g| (g.name.clone(), None)).collect();
        authority::unknown_grant(&runtime, &names).map_err(|e| format!("step '{id}': {e}"))?;
    }
    let (wf, checkpoint) = match &args.command {
        WorkflowCommand::Run { checkpoint, .. } => {
            let ids: Vec<String> = plan.steps.iter().map(|s| s.id.clone()).collect();
            let wf = plan
                .approve(&runtime, authority_for(&ids, &grants)?)
                .map_err(|e| e.to_string())?;
            let path = checkpoint.clone().unwrap_or_else(|| {
                let mut p = src.workflow.clone().into_os_string();
                p.push(".checkpoint.json");
                PathBuf::from(p)
            });
            (wf, path)
        }
        WorkflowCommand::Resume { checkpoint, .. } => {
            let text = read_text_file(checkpoint, MAX_WORKFLOW_FILE_BYTES, "checkpoint")
                .map_err(|e| format!("{}: {e}", checkpoint.display()))?;
            let cp: WorkflowCheckpoint = serde_json::from_str(&text)
                .map_err(|e| format!("{}: {e}", checkpoint.display()))?;
            if cp.plan != plan.digest() {
                return Err(format!(
                    "{} was made for another version of {}",
                    checkpoint.display(),
                    src.workflow.display()
                ));
            }
            let ids: Vec<String> = cp.remaining.iter().map(|s| s.id.clone()).collect();
            let wf = cp
                .resume(&runtime, authority_for(&ids, &grants)?)
                .map_err(|e| format!("{}: {e}", checkpoint.display()))?;
            (wf, checkpoint.clone())
        }
    };
    Ok((runtime, wf, checkpoint))
}

/// Run every remaining step, its stdout and stderr passed through; at
/// the first failure write the checkpoint taken before that step.
async fn run_steps(runtime: &CapabilityRuntime, mut wf: ApprovedWorkflow, path: &Path) -> i32 {
    loop {
        let before = wf.checkpoint();
        let Some(step) = before.remaining.first().map(|s| s.id.clone()) else {
            return 0;
        };
        let r = match wf.run_next(runtime).await {
            None => return 0,
            Some(Ok(r)) => r.clone(),
            Some(Err(e)) => {
                eprintln!("toolsh: workflow: step '{step}': {e}");
                return EXIT_USAGE;
            }
        };
        let written = crate::commands::emit(&r.stdout);
        eprint!("{}", r.stderr);
        if written != 0 {
            return written;
        }
        if r.exit_code != 0 {
            let text = serde_json::to_string_pretty(&before).unwrap_or_default() + "\n";
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("toolsh: workflow: {}: {e}", path.display());
                return EXIT_USAGE;
            }
            eprintln!(
                "toolsh: workflow: step '{step}' failed with status {}; checkpoint at {} (step {} of {})",
                r.exit_code,
                path.display(),
                before.position() + 1,
                before.position() + before.remaining.len()
            );
            return r.exit_code;
        }
    }
}
