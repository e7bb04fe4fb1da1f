//! The three runners of the comparison: toolsh in-process, the bashkit
//! crate in-process, and real bash spawned per script. Each run starts
//! from nothing (a fresh shell, a fresh bashkit instance, a new process),
//! and its time covers building the shell, running the script and
//! collecting its output.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use toolsh_interp::{ExecutionLimits, MemoryFs, Profile, Shell};
use toolsh_tools::ToolRegistry;

use super::scripts::Script;
use super::tools;

/// Which implementation runs a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Runner {
    /// `toolsh_interp::Shell`, Sandbox profile over a fresh `MemoryFs`.
    Toolsh,
    /// `bashkit::Bash` with CLI limits.
    Bashkit,
    /// `bash SCRIPT` in a temporary directory, `env -i` plus PATH, HOME,
    /// LC_ALL=C, TZ=UTC.
    Bash,
}

impl Runner {
    /// All runners, in table order.
    pub const ALL: [Runner; 3] = [Runner::Bash, Runner::Bashkit, Runner::Toolsh];

    /// The short name used in tables and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Runner::Toolsh => "toolsh",
            Runner::Bashkit => "bashkit",
            Runner::Bash => "bash",
        }
    }

    /// Parse [`Runner::name`].
    pub fn from_name(s: &str) -> Option<Runner> {
        Runner::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// What one run produced.
#[derive(Debug, Clone)]
pub struct RunOutcome {
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Standard output (lossy UTF-8).
    pub stdout: String,
    /// Exit status (-1 when the runner itself failed, e.g. a bashkit error).
    pub status: i32,
    /// Standard error, or the runner's error message.
    pub stderr: String,
}

/// Shared state of the runners: the tokio runtime for the in-process
/// shells, the toolsh tool registry, and bash's working directory.
pub struct Runners {
    rt: tokio::runtime::Runtime,
    registry: Arc<ToolRegistry>,
    work: PathBuf,
    path_env: String,
}

impl Runners {
    /// Build the runners. `work` is an empty directory bash scripts run in
    /// (their file names are relative).
    pub fn new(work: PathBuf) -> std::io::Result<Runners> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::fs::create_dir_all(&work)?;
        Ok(Runners {
            rt,
            registry: Arc::new(tools::toolsh_registry()),
            work,
            path_env: bash_path(),
        })
    }

    /// The PATH bash runs with (jq 1.7.1 oracle first, then the system).
    pub fn path_env(&self) -> &str {
        &self.path_env
    }

    /// Run `script` once with `runner`.
    pub fn run(&self, runner: Runner, script: &Script) -> RunOutcome {
        match runner {
            Runner::Toolsh => self.run_toolsh(script),
            Runner::Bashkit => self.run_bashkit(script),
            Runner::Bash => self.run_bash(script),
        }
    }

    fn run_toolsh(&self, script: &Script) -> RunOutcome {
        let start = Instant::now();
        let mut b = Shell::builder()
            .profile(Profile::Sandbox)
            .utilities(toolsh_utils::standard())
            .fs(Arc::new(MemoryFs::new()))
            .limits(toolsh_limits());
        if script.uses_tools {
            for c in tools::toolsh_commands(&self.registry) {
                b = b.utility(c);
            }
        }
        let mut sh = b.build();
        let r = self.rt.block_on(sh.exec(&script.text));
        RunOutcome {
            elapsed: start.elapsed(),
            stdout: r.stdout,
            status: r.exit_code,
            stderr: r.stderr,
        }
    }

    fn run_bashkit(&self, script: &Script) -> RunOutcome {
        let start = Instant::now();
        let mut b = bashkit::Bash::builder().limits(bashkit_limits());
        if script.uses_tools {
            for name in tools::TOOL_NAMES {
                b = b.builtin(name, Box::new(tools::BashkitTool(name)));
            }
        }
        let mut bash = b.build();
        let r = self.rt.block_on(bash.exec(&script.text));
        let elapsed = start.elapsed();
        match r {
            Ok(r) => RunOutcome {
                elapsed,
                stdout: r.stdout.text_lossy().into_owned(),
                status: r.exit_code,
                stderr: r.stderr.text_lossy().into_owned(),
            },
            Err(e) => RunOutcome {
                elapsed,
                stdout: String::new(),
                status: -1,
                stderr: format!("bashkit error: {e}"),
            },
        }
    }

    fn run_bash(&self, script: &Script) -> RunOutcome {
        let start = Instant::now();
        let out = bash_command(&script.bash_file, &self.work, &self.path_env)
            .stdin(Stdio::null())
            .output();
        let elapsed = start.elapsed();
        match out {
            Ok(o) => RunOutcome {
                elapsed,
                stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
                status: o.status.code().unwrap_or(-1),
                stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
            },
            Err(e) => RunOutcome {
                elapsed,
                stdout: String::new(),
                status: -1,
                stderr: format!("cannot spawn bash: {e}"),
            },
        }
    }
}

/// `bash FILE` in `work` with a clean environment.
pub fn bash_command(file: &Path, work: &Path, path_env: &str) -> Command {
    let mut c = Command::new("bash");
    c.arg(file)
        .current_dir(work)
        .env_clear()
        .env("PATH", path_env)
        .env("HOME", work)
        .env("LC_ALL", "C")
        .env("TZ", "UTC");
    c
}

/// toolsh's limits for the comparison: the defaults (what an embedding
/// host gets without configuring anything).
pub fn toolsh_limits() -> ExecutionLimits {
    ExecutionLimits::default()
}

/// bashkit's limits: its CLI preset (no command or loop counting, no
/// timeout, 10 MB output) so that no script stops on a limit.
pub fn bashkit_limits() -> bashkit::ExecutionLimits {
    bashkit::ExecutionLimits::cli()
}

/// PATH for bash: the jq 1.7.1 oracle (`~/.cache/toolsh-oracles/bin`)
/// when installed, then the system directories.
fn bash_path() -> String {
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    let oracle = format!("{home}/.cache/toolsh-oracles/bin");
    if Path::new(&oracle).join("jq").exists() {
        format!("{oracle}:/usr/local/bin:/usr/bin:/bin")
    } else {
        "/usr/local/bin:/usr/bin:/bin".into()
    }
}
