//! The context shared by every thread of one `exec`: limits and their
//! counters, the file system, the command table, the clock, jobs.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime};

use tokio::sync::Notify;

use crate::fs::FileSystem;
use crate::limits::{ExecutionLimits, Interrupt, LimitKind};
use crate::profile::Profile;
use crate::utility::Utility;
use toolsh_command::UtilitySet;

/// Commands by name (utilities and host builtins).
pub(crate) type CommandTable = crate::state::Map<String, Arc<dyn Utility>>;

/// The command table of one shell: the host's commands (tools) over its
/// utilities. Two layers, so that building a shell with host commands
/// never copies the shared utility set.
#[derive(Clone)]
pub(crate) struct Commands {
    /// The host's commands; they shadow a standard utility of the same name.
    pub host: Arc<CommandTable>,
    /// The utilities (a shared set, usually one per process).
    pub standard: UtilitySet,
}

impl Commands {
    /// The command `name`: the host's first, then the standard one.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn Utility>> {
        self.host.get(name).or_else(|| self.standard.get(name))
    }

    /// `true` when there is a command `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

/// A host clock.
pub(crate) type ClockFn = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// The cancellation flag and its wake-up.
#[derive(Debug, Default)]
pub(crate) struct CancelState {
    pub flag: AtomicBool,
    pub notify: Notify,
}

/// A background job.
pub(crate) struct Job {
    /// `$!` of the job.
    pub pid: u32,
    /// The task, until waited for.
    pub handle: Option<tokio::task::JoinHandle<i32>>,
    /// The status once known.
    pub status: Option<i32>,
}

/// Per-execution shared context.
pub(crate) struct Shared {
    pub limits: ExecutionLimits,
    pub fs: Arc<dyn FileSystem>,
    pub profile: Profile,
    pub commands: Commands,
    /// Host commands that shadow a regular shell builtin (see
    /// `ShellBuilder::builtin`).
    pub host_overrides: Arc<std::collections::HashSet<String>>,
    /// The host's handler for unknown command names
    /// (`ShellBuilder::command_not_found`).
    pub not_found: Option<Arc<dyn crate::Utility>>,
    pub cancel: Arc<CancelState>,
    pub deadline: Option<Instant>,
    pub started: Instant,
    pub commands_run: AtomicU64,
    pub loop_total: AtomicU64,
    pub clock: Option<ClockFn>,
    pub virtual_time: bool,
    pub virtual_elapsed_ms: AtomicU64,
    pub next_pid: AtomicU32,
    pub jobs: Mutex<Vec<Job>>,
    /// An interrupt raised inside a background job, re-raised in the main
    /// thread at its next check.
    pub fatal: Mutex<Option<Interrupt>>,
    pub has_fatal: AtomicBool,
    /// Checkpoints since the clock was last read (see
    /// [`Shared::checkpoint`]).
    pub ticks: AtomicU32,
    /// Pipeline stages running now (see [`Shared::enter_pipeline`]).
    pub live_stages: AtomicUsize,
    /// The script is a command string (`bash -c`), not a script file.
    pub command_string: bool,
    /// The locale when the script sets none of `LC_ALL`, `LC_CTYPE`,
    /// `LANG` ([`crate::ShellBuilder::locale`]).
    pub locale: crate::Locale,
    /// The memory budget ([`ExecutionLimits::max_memory_bytes`]).
    pub memory: Arc<crate::MemoryBudget>,
}

/// The stages of one running pipeline, counted against
/// [`ExecutionLimits::max_pipeline_stages`] until dropped.
pub(crate) struct StageGuard {
    shared: Arc<Shared>,
    stages: usize,
}

impl Drop for StageGuard {
    fn drop(&mut self) {
        self.shared
            .live_stages
            .fetch_sub(self.stages, Ordering::Relaxed);
    }
}

/// The clock is read on every `CLOCK_EVERY`-th checkpoint: a checkpoint
/// runs several times per simple command, and reading the clock each time
/// cost about 5% of a tight loop, while a few checkpoints of delay stay far
/// below the deadline's millisecond resolution.
const CLOCK_EVERY: u32 = 8;

impl Shared {
    /// Check cancellation and the deadline (the clock is read on every
    /// [`CLOCK_EVERY`]-th call).
    pub fn checkpoint(&self) -> Result<(), Interrupt> {
        if self.cancel.flag.load(Ordering::Relaxed) {
            return Err(Interrupt::Cancelled);
        }
        if self.has_fatal.load(Ordering::Relaxed)
            && let Some(i) = self.fatal.lock().expect("fatal").clone()
        {
            return Err(i);
        }
        if let Some(d) = self.deadline
            && self
                .ticks
                .fetch_add(1, Ordering::Relaxed)
                .is_multiple_of(CLOCK_EVERY)
            && Instant::now() >= d
        {
            return Err(self.timeout_interrupt());
        }
        Ok(())
    }

    /// The interrupt for the deadline.
    pub fn timeout_interrupt(&self) -> Interrupt {
        let t = self.limits.timeout.unwrap_or_default();
        let shown = if t.subsec_millis() == 0 {
            format!("{}s", t.as_secs())
        } else {
            format!("{}ms", t.as_millis())
        };
        Interrupt::limit(LimitKind::Timeout, shown)
    }

    /// Count one simple command against the limit.
    pub fn count_command(&self) -> Result<(), Interrupt> {
        let n = self.commands_run.fetch_add(1, Ordering::Relaxed) + 1;
        if n > self.limits.max_commands {
            return Err(Interrupt::limit(
                LimitKind::Commands,
                self.limits.max_commands,
            ));
        }
        self.checkpoint()
    }

    /// Count the `stages` of a pipeline about to start against
    /// [`ExecutionLimits::max_pipeline_stages`]; they stay counted until
    /// the guard is dropped.
    ///
    /// # Errors
    /// [`LimitKind::PipelineStages`] when the stages already running plus
    /// `stages` would pass the bound (nothing is counted then).
    pub fn enter_pipeline(self: &Arc<Self>, stages: usize) -> Result<StageGuard, Interrupt> {
        let before = self.live_stages.fetch_add(stages, Ordering::Relaxed);
        let guard = StageGuard {
            shared: self.clone(),
            stages,
        };
        if before.saturating_add(stages) > self.limits.max_pipeline_stages {
            return Err(Interrupt::limit(
                LimitKind::PipelineStages,
                self.limits.max_pipeline_stages,
            ));
        }
        Ok(guard)
    }

    /// Count one loop iteration (`n` is this loop's count so far).
    pub fn count_iteration(&self, n: u64) -> Result<(), Interrupt> {
        if n > self.limits.max_loop_iterations {
            return Err(Interrupt::limit(
                LimitKind::LoopIterations,
                self.limits.max_loop_iterations,
            ));
        }
        let t = self.loop_total.fetch_add(1, Ordering::Relaxed) + 1;
        if t > self.limits.max_total_loop_iterations {
            return Err(Interrupt::limit(
                LimitKind::TotalLoopIterations,
                self.limits.max_total_loop_iterations,
            ));
        }
        self.checkpoint()
    }

    /// Record an interrupt from a background job.
    pub fn set_fatal(&self, i: Interrupt) {
        *self.fatal.lock().expect("fatal") = Some(i);
        self.has_fatal.store(true, Ordering::Relaxed);
    }

    /// Re-raise a background job's interrupt.
    pub fn check_fatal(&self) -> Result<(), Interrupt> {
        if self.has_fatal.load(Ordering::Relaxed)
            && let Some(i) = self.fatal.lock().expect("fatal").clone()
        {
            return Err(i);
        }
        Ok(())
    }

    /// A new process id for a fork or job.
    pub fn new_pid(&self) -> u32 {
        self.next_pid.fetch_add(1, Ordering::Relaxed)
    }

    /// The current time on the host's clock (a fixed epoch when none).
    pub fn now(&self) -> SystemTime {
        let base = match &self.clock {
            Some(c) => c(),
            None => SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000),
        };
        base + std::time::Duration::from_millis(self.virtual_elapsed_ms.load(Ordering::Relaxed))
    }

    /// Wait until cancelled.
    pub async fn cancelled(&self) {
        loop {
            let n = self.cancel.notify.notified();
            if self.cancel.flag.load(Ordering::Relaxed) {
                return;
            }
            n.await;
        }
    }
}
