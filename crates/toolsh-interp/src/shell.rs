//! The public entry point: [`Shell`], built with [`ShellBuilder`], runs
//! scripts with [`Shell::exec`] and keeps its state between calls.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime};

use bytes::Bytes;

use crate::contain::{CatchPanic, EXIT_INTERNAL};
use crate::exec::shared::{CancelState, ClockFn, CommandTable, Commands};
use crate::exec::{Fds, Interp, Shared};
use crate::fs::{DisabledFs, FileSystem};
use crate::io::{Capture, Input, Output, OutputSink};
use crate::limits::{ExecutionLimits, Interrupt, LimitKind};
use crate::profile::Profile;
use crate::state::{ShellState, Value, Var, attr};
use crate::utility::Utility;
use toolsh_command::UtilitySet;

/// What one [`Shell::exec`] produced.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExecResult {
    /// Everything written to standard output (lossy UTF-8).
    pub stdout: String,
    /// Everything written to standard error (lossy UTF-8).
    pub stderr: String,
    /// The script's exit status: the last command's, `exit N`, 2 for a
    /// syntax error, [`crate::EXIT_LIMIT`] for a limit,
    /// [`crate::EXIT_CANCELLED`] for cancellation,
    /// [`crate::EXIT_INTERNAL`] when toolsh itself failed (a panic inside
    /// the execution, reported as `toolsh: internal error` on stderr).
    pub exit_code: i32,
    /// The limit that stopped the script, if one did.
    pub limit: Option<LimitKind>,
}

/// Stops a running [`Shell::exec`] from another task: the script ends at
/// its next check with its output kept and status
/// [`crate::EXIT_CANCELLED`]. Cheap to clone.
#[derive(Debug, Clone)]
pub struct CancelHandle {
    state: Arc<CancelState>,
}

impl CancelHandle {
    /// Request cancellation of the current (or next) execution.
    pub fn cancel(&self) {
        self.state.flag.store(true, Ordering::SeqCst);
        self.state.notify.notify_waiters();
    }

    /// `true` once cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.state.flag.load(Ordering::SeqCst)
    }
}

/// Builds a [`Shell`]. Every setting has a sandbox-safe default: Sandbox
/// profile over a disabled file system unless [`ShellBuilder::fs`] is
/// given, default limits, no environment, empty stdin, a fixed clock.
pub struct ShellBuilder {
    profile: Profile,
    fs: Option<Arc<dyn FileSystem>>,
    limits: ExecutionLimits,
    env: Vec<(String, String)>,
    args: Vec<String>,
    arg0: Option<String>,
    stdin: Bytes,
    stdin_stream: Option<Arc<tokio::sync::Mutex<Input>>>,
    command_string: bool,
    locale: crate::Locale,
    host_commands: Vec<Arc<dyn Utility>>,
    utilities: UtilitySet,
    not_found: Option<Arc<dyn Utility>>,
    seed: u64,
    clock: Option<ClockFn>,
    virtual_time: bool,
    cwd: String,
    stdout_sink: Option<OutputSink>,
    stderr_sink: Option<OutputSink>,
}

impl Default for ShellBuilder {
    fn default() -> Self {
        ShellBuilder {
            profile: Profile::default(),
            fs: None,
            limits: ExecutionLimits::default(),
            env: Vec::new(),
            args: Vec::new(),
            arg0: None,
            stdin: Bytes::new(),
            stdin_stream: None,
            command_string: false,
            locale: crate::Locale::default(),
            host_commands: Vec::new(),
            utilities: UtilitySet::new(),
            not_found: None,
            seed: 0x5eed,
            clock: None,
            virtual_time: false,
            cwd: "/".to_string(),
            stdout_sink: None,
            stderr_sink: None,
        }
    }
}

impl ShellBuilder {
    /// The sandbox profile (default [`Profile::Sandbox`]). `LogicOnly`
    /// forces the disabled file system.
    #[must_use]
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self
    }

    /// The file-system backend (ignored under [`Profile::LogicOnly`]).
    #[must_use]
    pub fn fs(mut self, fs: Arc<dyn FileSystem>) -> Self {
        self.fs = Some(fs);
        self
    }

    /// Resource limits.
    #[must_use]
    pub fn limits(mut self, limits: ExecutionLimits) -> Self {
        self.limits = limits;
        self
    }

    /// One exported environment variable.
    #[must_use]
    pub fn env(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Several exported environment variables.
    #[must_use]
    pub fn envs<I, K, V>(mut self, vars: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        self.env
            .extend(vars.into_iter().map(|(k, v)| (k.into(), v.into())));
        self
    }

    /// Positional parameters `$1`, `$2`, ...
    #[must_use]
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.args = args.into_iter().map(Into::into).collect();
        self
    }

    /// `$0` (default `toolsh`).
    #[must_use]
    pub fn arg0(mut self, name: impl Into<String>) -> Self {
        self.arg0 = Some(name.into());
        self
    }

    /// Bytes every `exec` reads as standard input.
    #[must_use]
    pub fn stdin(mut self, data: impl Into<Bytes>) -> Self {
        self.stdin = data.into();
        self.stdin_stream = None;
        self
    }

    /// Run scripts as `bash -c` runs its command string rather than as a
    /// script file: the one difference bash 5.2 shows is the status after
    /// a fatal expansion error in the shell itself (`set -u` on an unset
    /// variable, `${x:?}`): 127 instead of 1. Default `false`.
    #[must_use]
    pub fn command_string(mut self, yes: bool) -> Self {
        self.command_string = yes;
        self
    }

    /// The character-type locale when the script's environment sets none
    /// of `LC_ALL`, `LC_CTYPE`, `LANG` (default [`crate::Locale::Utf8`]).
    /// A value of those, from [`ShellBuilder::env`] or assigned by the
    /// script, wins, as in bash (`LC_ALL=C` switches to bytes).
    #[must_use]
    pub fn locale(mut self, locale: crate::Locale) -> Self {
        self.locale = locale;
        self
    }

    /// A stream as standard input, shared by every `exec` of the shell
    /// (each continues where the last stopped reading, as commands of one
    /// shell session share a pipe). Read on demand, so a script that reads
    /// three lines of an endless stream (`yes | toolsh run -c 'head -n 3'`)
    /// ends. Replaces [`ShellBuilder::stdin`].
    #[must_use]
    pub fn stdin_stream(mut self, input: Input) -> Self {
        self.stdin = Bytes::new();
        self.stdin_stream = Some(Arc::new(tokio::sync::Mutex::new(input)));
        self
    }

    /// The utilities the shell finds by name (`grep`, `ls`, `jq`, ...):
    /// for the standard set, `toolsh_utils::standard()`. Replaces any set
    /// given before; the default is none (the shell's own builtins only).
    /// Cheap: the set is shared, not copied.
    #[must_use]
    pub fn utilities(mut self, utilities: UtilitySet) -> Self {
        self.utilities = utilities;
        self
    }

    /// A host command (a tool), found before the [`ShellBuilder::utilities`],
    /// so it replaces a utility of the same name. Functions still come
    /// first in lookup, and so do POSIX special builtins (`set`, `export`,
    /// `eval`, ...; POSIX 2.14); a regular shell builtin of the same name
    /// (`help`, `type`, `read`, ...) is shadowed by the host's command, the
    /// way a host that registers `help` for its tools expects.
    #[must_use]
    pub fn utility(mut self, utility: Arc<dyn Utility>) -> Self {
        self.host_commands.push(utility);
        self
    }

    /// A host command run in place of the `NAME: command not found` error
    /// (status 127) when a simple command names nothing the shell knows
    /// and contains no `/`: it gets the whole argv (`args[0]` is the
    /// unknown name) and its status is the command's. Hosts use it to
    /// audit or redirect unknown names; it should print its own error.
    #[must_use]
    pub fn command_not_found(mut self, handler: Arc<dyn Utility>) -> Self {
        self.not_found = Some(handler);
        self
    }

    /// Seed of `$RANDOM` and [`crate::ShellAccess::random_u32`].
    #[must_use]
    pub fn random_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The host clock (`date`, `$SECONDS`, `printf %()T`). Without one,
    /// time stands at a fixed epoch (2023-11-14T22:13:20Z).
    #[must_use]
    pub fn clock(mut self, clock: impl Fn() -> SystemTime + Send + Sync + 'static) -> Self {
        self.clock = Some(Arc::new(clock));
        self
    }

    /// Virtual time: `sleep` returns at once and advances the clock instead
    /// of waiting (still bounded by the deadline's value).
    #[must_use]
    pub fn virtual_time(mut self, on: bool) -> Self {
        self.virtual_time = on;
        self
    }

    /// The initial current directory (absolute; default `/`).
    #[must_use]
    pub fn cwd(mut self, path: impl Into<String>) -> Self {
        self.cwd = path.into();
        self
    }

    /// Stream the script's standard output to `sink` as it is written,
    /// instead of collecting it in [`ExecResult::stdout`] (which is then
    /// empty). `max_stdout_bytes` still applies: the bytes up to the
    /// limit are sent, then the script ends. For hosts that show output
    /// live, e.g. a CLI writing to its own stdout.
    #[must_use]
    pub fn stdout_sink(mut self, sink: OutputSink) -> Self {
        self.stdout_sink = Some(sink);
        self
    }

    /// Stream standard error to `sink` (see [`ShellBuilder::stdout_sink`]);
    /// limit and error messages of the shell itself go there too, and
    /// [`ExecResult::stderr`] is empty.
    #[must_use]
    pub fn stderr_sink(mut self, sink: OutputSink) -> Self {
        self.stderr_sink = Some(sink);
        self
    }

    /// Build the shell. Cheap: the standard command table is shared.
    pub fn build(self) -> Shell {
        let host_overrides: Arc<HashSet<String>> = Arc::new(
            self.host_commands
                .iter()
                .map(|b| b.name().to_string())
                .filter(|n| crate::builtins::is_regular(n))
                .collect(),
        );
        let mut host = CommandTable::default();
        for b in self.host_commands {
            host.insert(b.name().to_string(), b);
        }
        let commands = Commands {
            host: Arc::new(host),
            standard: self.utilities,
        };
        let fs: Arc<dyn FileSystem> = match (self.profile, self.fs) {
            (Profile::Sandbox, Some(fs)) => fs,
            _ => Arc::new(DisabledFs),
        };
        // `/dev/null` and the stream names exist in every profile.
        let fs: Arc<dyn FileSystem> = Arc::new(crate::fs::DevicesFs::new(fs));
        let cwd = crate::fs::normalize_path("/", &self.cwd);
        let mut state = ShellState::new(cwd.clone(), self.seed);
        if let Some(a0) = self.arg0 {
            state.arg0 = a0;
        }
        state.positional = self.args.into();
        init_vars(&mut state, &self.env, &cwd);
        Shell {
            state: Some(state),
            profile: self.profile,
            fs,
            limits: self.limits,
            commands,
            host_overrides,
            not_found: self.not_found,
            stdin: self.stdin,
            stdin_stream: self.stdin_stream,
            command_string: self.command_string,
            locale: self.locale,
            clock: self.clock,
            virtual_time: self.virtual_time,
            cancel: Arc::new(CancelState::default()),
            next_pid: 1001,
            stdout_sink: self.stdout_sink,
            stderr_sink: self.stderr_sink,
        }
    }
}

fn init_vars(st: &mut ShellState, env: &[(String, String)], cwd: &str) {
    let defaults: [(&str, &str); 16] = [
        ("IFS", " \t\n"),
        ("OPTIND", "1"),
        ("PS4", "+ "),
        ("PWD", cwd),
        ("BASH", "/bin/bash"),
        ("BASH_VERSION", "5.2.15(1)-release"),
        ("HOSTNAME", "toolsh"),
        ("HOSTTYPE", "x86_64"),
        ("MACHTYPE", "x86_64-pc-linux-gnu"),
        ("OSTYPE", "linux-gnu"),
        ("PPID", "999"),
        ("UID", "1000"),
        ("EUID", "1000"),
        ("SHLVL", "1"),
        ("OPTERR", "1"),
        ("PS2", "> "),
    ];
    for (k, v) in defaults {
        st.vars.set_global_var(k, Var::scalar(v.to_string()));
    }
    let mut info = std::collections::BTreeMap::new();
    for (i, v) in ["5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"]
        .iter()
        .enumerate()
    {
        info.insert(i as i64, (*v).to_string());
    }
    st.vars.set_global_var(
        "BASH_VERSINFO",
        Var {
            value: Value::Indexed(info),
            attrs: attr::INDEXED | attr::READONLY,
        },
    );
    for (k, v) in env {
        st.vars.set_global_var(
            k,
            Var {
                value: Value::Scalar(v.clone()),
                attrs: attr::EXPORT,
            },
        );
    }
    if let Some(v) = st.vars.get_raw_mut("PWD") {
        v.attrs |= attr::EXPORT;
    }
}

/// A bash session: run scripts with [`Shell::exec`]; variables, functions,
/// options and the current directory persist between calls.
///
/// ```
/// # tokio::runtime::Runtime::new().unwrap().block_on(async {
/// let mut sh = toolsh_interp::Shell::builder().build();
/// let r = sh.exec("x=world; echo \"hello $x\"").await;
/// assert_eq!(r.stdout, "hello world\n");
/// assert_eq!(r.exit_code, 0);
/// # });
/// ```
pub struct Shell {
    state: Option<ShellState>,
    profile: Profile,
    fs: Arc<dyn FileSystem>,
    limits: ExecutionLimits,
    commands: Commands,
    /// Host commands that shadow a regular shell builtin of the same name.
    host_overrides: Arc<HashSet<String>>,
    /// The host's handler for unknown command names.
    not_found: Option<Arc<dyn Utility>>,
    stdin: Bytes,
    stdin_stream: Option<Arc<tokio::sync::Mutex<Input>>>,
    command_string: bool,
    locale: crate::Locale,
    clock: Option<ClockFn>,
    virtual_time: bool,
    cancel: Arc<CancelState>,
    next_pid: u32,
    stdout_sink: Option<OutputSink>,
    stderr_sink: Option<OutputSink>,
}

impl std::fmt::Debug for Shell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shell")
            .field("profile", &self.profile)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Shell {
    /// A builder with sandbox-safe defaults.
    pub fn builder() -> ShellBuilder {
        ShellBuilder::default()
    }

    /// A handle that cancels a running [`Shell::exec`].
    pub fn cancel_handle(&self) -> CancelHandle {
        CancelHandle {
            state: self.cancel.clone(),
        }
    }

    /// The profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The value of a shell variable after the last `exec` (scalar, or
    /// element 0 of an array).
    pub fn var(&self, name: &str) -> Option<String> {
        let st = self.state.as_ref()?;
        st.vars.get(name)?.scalar_value().map(str::to_string)
    }

    /// Run a script; never panics or hangs (limits and the deadline
    /// apply). A panic inside the execution is contained
    /// ([`crate::contain`]): the output so far is kept, stderr ends with
    /// `toolsh: internal error`, the status is [`crate::EXIT_INTERNAL`].
    /// State changes persist for the next call.
    pub async fn exec(&mut self, script: &str) -> ExecResult {
        let memory = crate::MemoryBudget::new(self.limits.max_memory_bytes);
        let capture = |limit, kind, sink: &Option<OutputSink>| {
            let cap = match sink {
                Some(s) => Capture::forwarding(limit, kind, s.clone()),
                None => Capture::new(limit, kind),
            };
            cap.charge_to(&memory);
            (Output::Capture(cap.clone()), cap)
        };
        let (out, out_cap) = capture(
            self.limits.max_stdout_bytes,
            LimitKind::StdoutBytes,
            &self.stdout_sink,
        );
        let (err, err_cap) = capture(
            self.limits.max_stderr_bytes,
            LimitKind::StderrBytes,
            &self.stderr_sink,
        );
        // A fresh cancellation state per run only if the last one fired.
        if self.cancel.flag.load(Ordering::SeqCst) {
            self.cancel.flag.store(false, Ordering::SeqCst);
        }
        let now = Instant::now();
        let shared = Arc::new(Shared {
            limits: self.limits.clone(),
            fs: self.fs.clone(),
            profile: self.profile,
            commands: self.commands.clone(),
            host_overrides: self.host_overrides.clone(),
            not_found: self.not_found.clone(),
            cancel: self.cancel.clone(),
            // A timeout past what an `Instant` can hold means no deadline.
            deadline: self.limits.timeout.and_then(|t| now.checked_add(t)),
            started: now,
            commands_run: AtomicU64::new(0),
            loop_total: AtomicU64::new(0),
            clock: self.clock.clone(),
            virtual_time: self.virtual_time,
            virtual_elapsed_ms: AtomicU64::new(0),
            next_pid: AtomicU32::new(self.next_pid),
            jobs: Mutex::new(Vec::new()),
            fatal: Mutex::new(None),
            has_fatal: std::sync::atomic::AtomicBool::new(false),
            ticks: std::sync::atomic::AtomicU32::new(0),
            live_stages: std::sync::atomic::AtomicUsize::new(0),
            command_string: self.command_string,
            locale: self.locale,
            memory,
        });
        let state = self
            .state
            .take()
            .unwrap_or_else(|| ShellState::new("/".into(), 1));
        let mut state = state;
        state.vars.recount_bytes();
        let mut interp = Interp {
            st: state,
            sh: shared.clone(),
            fds: match &self.stdin_stream {
                Some(shared) => Fds::with_shared_stdin(shared.clone(), out, err),
                None => Fds::new(Input::from_bytes(self.stdin.clone()), out, err),
            },
            // A script over the source limit is refused before parsing:
            // do not copy it.
            source: if script.len() > self.limits.max_source_bytes {
                Arc::from("")
            } else {
                Arc::from(script)
            },
            procsubs: Vec::new(),
            arith_subs: Vec::new(),
            arith_assigned: false,
            arith_reports: Vec::new(),
            var_charge: shared.memory.reservation(),
            pos_charge: shared.memory.reservation(),
        };
        // The variables kept from earlier runs count from the start.
        let _ = interp
            .var_charge
            .resize(interp.st.vars.total_memory_bytes());
        let deadline = shared.deadline;
        // A panic anywhere in the execution (a utility, a builtin,
        // expansion, a tool) ends this execution only.
        crate::contain::install_quiet_panic_hook();
        let mut panicked = None;
        let run = async {
            match CatchPanic::new(crate::exec::top::run_top(&mut interp, script)).await {
                Ok(r) => r,
                Err(p) => {
                    panicked = Some(p);
                    Ok(EXIT_INTERNAL)
                }
            }
        };
        let res: Result<i32, Interrupt> = {
            let cancelled = shared.cancelled();
            let timed = async {
                match deadline {
                    Some(d) => match tokio::time::timeout_at(d.into(), run).await {
                        Ok(r) => r,
                        Err(_) => Err(shared.timeout_interrupt()),
                    },
                    None => run.await,
                }
            };
            tokio::select! {
                r = timed => r,
                () = cancelled => Err(Interrupt::Cancelled),
            }
        };
        if panicked.is_some() {
            // The message and location went to the log (the quiet hook);
            // the script sees only that toolsh failed, after its output.
            err_cap.force_append_line(b"toolsh: internal error\n");
        }
        let (exit_code, limit) = match &res {
            Ok(s) => (*s, None),
            Err(i) => {
                let msg = format!("toolsh: {i}\n");
                // Write the message even past the stderr limit.
                err_cap.force_append_line(msg.as_bytes());
                let kind = match i {
                    Interrupt::Limit { kind, .. } => Some(*kind),
                    Interrupt::Cancelled => None,
                };
                (i.exit_status(), kind)
            }
        };
        // Abort background jobs still running.
        for j in shared.jobs.lock().expect("jobs").iter_mut() {
            if let Some(h) = j.handle.take() {
                h.abort();
            }
        }
        self.next_pid = shared.next_pid.load(Ordering::Relaxed);
        let mut st = interp.st;
        if res.is_err() || panicked.is_some() {
            // Keep what the script changed, but reset per-run nesting; the
            // next run's `$?` is this one's status (130 after a
            // cancellation, as bash's after Ctrl-C).
            st.last_status = exit_code;
            st.subst_depth = 0;
            st.loop_depth = 0;
            st.errexit_suppressed = 0;
            st.in_trap = false;
            while st.vars.depth() > 0 {
                st.vars.pop_scope();
            }
            st.frames.clear();
        }
        self.state = Some(st);
        ExecResult {
            stdout: String::from_utf8_lossy(&out_cap.take()).into_owned(),
            stderr: String::from_utf8_lossy(&err_cap.take()).into_owned(),
            exit_code,
            limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exec_future_is_send() {
        fn is_send<T: Send>(_: &T) {}
        let mut sh = Shell::builder().build();
        let f = sh.exec("");
        is_send(&f);
    }
}
