//! Running a case with the real programs (bash 5.2, gawk, GNU tools, jq 1.7.1).
//!
//! Each case runs as `bash <temp root>/case.sh` with its cwd and `HOME` the
//! fresh empty `<temp root>/work`, stdin `/dev/null`, and an environment of exactly
//! `PATH=<private bin>:<oracle dir>/bin:/usr/bin:/bin`, `HOME`, `LC_ALL=C`
//! (or the case file's `## locale:`), `TZ=UTC`. The private bin dir holds `awk -> gawk`, so `awk` means gawk
//! whatever the system alternative says. The script lives outside the cwd,
//! so the cwd starts empty.

use std::fmt;
use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::format::Expected;

/// The default per-case timeout of the oracle run.
pub const ORACLE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why the oracle could not produce an expectation.
#[derive(Debug)]
pub enum OracleError {
    /// The oracle programs are not installed.
    Missing(String),
    /// An I/O error creating temp files or spawning bash.
    Io(std::io::Error),
    /// The case did not finish within the timeout (it was killed).
    Timeout(Duration),
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::Missing(m) => write!(f, "oracle missing: {m}"),
            OracleError::Io(e) => write!(f, "oracle I/O error: {e}"),
            OracleError::Timeout(t) => write!(f, "timed out after {}s", t.as_secs_f64()),
        }
    }
}

impl std::error::Error for OracleError {}

impl From<std::io::Error> for OracleError {
    fn from(e: std::io::Error) -> Self {
        OracleError::Io(e)
    }
}

/// A prepared oracle environment; reusable across cases and threads.
#[derive(Debug)]
pub struct Oracle {
    /// Holds the private `bin/awk` symlink; kept alive, never read.
    _bin_dir: tempfile::TempDir,
    path_var: String,
    timeout: Duration,
}

/// Finds the oracle directory: `$TOOLSH_ORACLES`, else
/// `$HOME/.cache/toolsh-oracles` (what `scripts/install-oracles.sh` uses).
pub fn oracle_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("TOOLSH_ORACLES") {
        return PathBuf::from(d);
    }
    let home = std::env::var_os("HOME").unwrap_or_else(|| "/root".into());
    Path::new(&home).join(".cache/toolsh-oracles")
}

fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into());
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin"), PathBuf::from("/bin")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

impl Oracle {
    /// Prepares the environment. Errors when jq 1.7.1 (the oracle dir) or
    /// gawk is missing, naming the install script.
    pub fn new() -> Result<Oracle, OracleError> {
        let dir = oracle_dir();
        let jq = dir.join("bin/jq");
        if !jq.is_file() {
            return Err(OracleError::Missing(format!(
                "{} not found; run scripts/install-oracles.sh",
                jq.display()
            )));
        }
        let gawk = find_program("gawk").ok_or_else(|| {
            OracleError::Missing("gawk not found; run scripts/install-oracles.sh".into())
        })?;
        let scratch = tempfile::Builder::new()
            .prefix("toolsh-oracle-")
            .tempdir()?;
        let bin = scratch.path().join("bin");
        std::fs::create_dir(&bin)?;
        std::os::unix::fs::symlink(&gawk, bin.join("awk"))?;
        let path_var = format!(
            "{}:{}:/usr/bin:/bin",
            bin.display(),
            dir.join("bin").display()
        );
        Ok(Oracle {
            _bin_dir: scratch,
            path_var,
            timeout: ORACLE_TIMEOUT,
        })
    }

    /// Sets the per-case timeout.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Runs `script` with bash and returns its stdout (lossy UTF-8) and
    /// exit status (128 + N when killed by signal N).
    ///
    /// stdout and stderr are pipes, as in a pipeline or a host capturing
    /// output (a file would change `> /dev/stdout`, which reopens it with
    /// truncation). Processes the script leaves behind are killed with
    /// its process group when bash exits.
    pub fn run(&self, script: &str) -> Result<Expected, OracleError> {
        self.run_in(script, crate::format::DEFAULT_LOCALE)
    }

    /// [`Oracle::run`] with `LC_ALL=locale` (a case file's `## locale:`).
    pub fn run_in(&self, script: &str, locale: &str) -> Result<Expected, OracleError> {
        // One temp root per run (so runs can go in parallel): the script
        // beside the empty working directory.
        let root = tempfile::Builder::new().prefix("toolsh-case-").tempdir()?;
        let script_path = root.path().join("case.sh");
        std::fs::write(&script_path, script)?;
        let work = root.path().join("work");
        std::fs::create_dir(&work)?;
        let mut child = Command::new("bash")
            .arg(&script_path)
            .current_dir(&work)
            .env_clear()
            .env("PATH", &self.path_var)
            .env("HOME", &work)
            .env("LC_ALL", locale)
            .env("TZ", "UTC")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let kill_group = |pid: u32| {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .stderr(Stdio::null())
                .status();
        };
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if started.elapsed() > self.timeout {
                kill_group(child.id());
                let _ = child.kill();
                let _ = child.wait();
                let _ = (stdout.join(), stderr.join());
                return Err(OracleError::Timeout(self.timeout));
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        kill_group(child.id());
        let code = status
            .code()
            .unwrap_or_else(|| 128 + status.signal().unwrap_or(0));
        let out = stdout.join().unwrap_or_default();
        let _ = stderr.join();
        Ok(Expected {
            stdout: String::from_utf8_lossy(&out).into_owned(),
            status: code,
        })
    }
}

/// Reads a child's pipe to its end on a thread.
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    })
}

/// Runs every script through `oracle` with `LC_ALL=locale` on up to `jobs`
/// threads; results in input order.
pub fn run_all(
    oracle: &Oracle,
    scripts: &[&str],
    locale: &str,
    jobs: usize,
) -> Vec<Result<Expected, OracleError>> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Expected, OracleError>>>> =
        Mutex::new((0..scripts.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, scripts.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(script) = scripts.get(i) else { break };
                    let r = oracle.run_in(script, locale);
                    results.lock().expect("no panics while locked")[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no panics while locked")
        .into_iter()
        .map(|r| r.expect("every index ran"))
        .collect()
}
