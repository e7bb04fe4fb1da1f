//! Execution limits: every resource a script can consume is bounded here.

use std::time::Duration;

/// Exit status of a script stopped by an [`ExecutionLimits`] bound.
/// Chosen to match `timeout(1)`'s status for a deadline, and used for every
/// limit so a host can tell "stopped by the sandbox" from a script failure.
pub const EXIT_LIMIT: i32 = 124;

/// Exit status of a script stopped by the host's cancellation handle
/// (as bash reports a command killed by SIGINT: 128 + 2).
pub const EXIT_CANCELLED: i32 = 130;

/// Hard bounds on one execution. Every field is enforced; hitting one stops
/// the script with `toolsh: <limit name> exceeded (<value>)` on stderr and
/// exit status [`EXIT_LIMIT`], keeping the output produced so far.
///
/// Build one from [`ExecutionLimits::new`] (the defaults below) and the
/// chained `with_*` setters, one per field; the fields stay readable (and
/// assignable) but new ones may be added, so a struct literal is not
/// accepted outside this crate:
///
/// ```
/// use std::time::Duration;
/// use toolsh_command::ExecutionLimits;
///
/// let limits = ExecutionLimits::new()
///     .with_max_commands(10_000)
///     .with_timeout(Some(Duration::from_secs(5)));
/// assert_eq!(limits.max_commands, 10_000);
/// assert_eq!(limits.max_loop_iterations, ExecutionLimits::default().max_loop_iterations);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExecutionLimits {
    /// Simple commands executed (builtins, functions, tools). Default 1,000,000.
    pub max_commands: u64,
    /// Iterations of any single loop. Default 1,000,000.
    pub max_loop_iterations: u64,
    /// Iterations of all loops together. Default 10,000,000. A `jq`
    /// program gets its own budget of this many steps (at least
    /// 1,000,000), a step being a loop iteration or a definition call, so
    /// endless recursion run as a tail call (`def f: f; f`) stops here too.
    pub max_total_loop_iterations: u64,
    /// Nesting of function calls. Default 1,000 (bash's FUNCNEST is unlimited
    /// and overflows the C stack around 10k-100k).
    pub max_function_depth: usize,
    /// Nesting of command substitutions, subshells and `eval`. Default 64.
    pub max_subst_depth: usize,
    /// Bytes written to the script's standard output. Default 10 MiB.
    pub max_stdout_bytes: usize,
    /// Bytes written to the script's standard error. Default 1 MiB.
    pub max_stderr_bytes: usize,
    /// Bytes in any one variable value (or array element). Default 16 MiB.
    pub max_variable_bytes: usize,
    /// Bytes in all variables together. Default 64 MiB.
    pub max_total_variable_bytes: usize,
    /// Entries in any one array. Default 1,000,000.
    pub max_array_entries: usize,
    /// Words produced by one brace expansion. Default 100,000.
    pub max_brace_expansion: usize,
    /// Width or precision in a printf-style format. Default 100,000.
    pub max_format_width: usize,
    /// Bytes of script source (also for `eval` and `source`). Default 1 MiB.
    pub max_source_bytes: usize,
    /// Nesting depth of the syntax tree. Default 200.
    pub max_ast_depth: usize,
    /// Here-documents in one parsed text (the script, or one `eval` or
    /// `source`). Default 1,024.
    pub max_heredocs: usize,
    /// Wall-clock deadline for the whole execution. Default 30 s.
    pub timeout: Option<Duration>,
    /// Background jobs running at once. Default 64.
    pub max_background_jobs: usize,
    /// Bytes a single pipe stage or utility may buffer (e.g. `sort` input,
    /// `$(...)` output, a here-string). Default 64 MiB.
    pub max_buffer_bytes: usize,
    /// Pipeline stages (bash manual 3.2.3) running at once in the whole
    /// execution: a pipeline of `n` commands takes `n` for as long as it
    /// runs, nested pipelines and background pipelines included; a
    /// pipeline that would pass the bound is not started. Each stage is a
    /// forked shell, so this bounds their memory (`:|:|...` with 100,000
    /// stages). Default 1,000.
    pub max_pipeline_stages: usize,
    /// Steps of one pattern-matching operation (a `case` arm, a `[[ == ]]`
    /// test, one `${x//p/r}`, one name in pathname expansion, one
    /// `find -name` test); a step is a 64-bit word of a position set or a
    /// character tested, a few nanoseconds. Default 500,000,000 (a few
    /// seconds of matching, which only nested extended patterns on long
    /// texts reach). The deadline is also checked while matching.
    pub max_pattern_steps: u64,
    /// Bytes the execution's buffers may hold together: captured output
    /// and command substitutions, variables, printf output, jq values,
    /// the input a utility holds whole (`sort`, `tac`, ...). The
    /// backstop behind the per-buffer bounds above, shared by every
    /// pipeline stage, job and utility thread of the execution (see
    /// [`crate::MemoryBudget`]). Default 256 MiB.
    pub max_memory_bytes: usize,
}

impl Default for ExecutionLimits {
    fn default() -> Self {
        Self {
            max_commands: 1_000_000,
            max_loop_iterations: 1_000_000,
            max_total_loop_iterations: 10_000_000,
            max_function_depth: 1_000,
            max_subst_depth: 64,
            max_stdout_bytes: 10 * 1024 * 1024,
            max_stderr_bytes: 1024 * 1024,
            max_variable_bytes: 16 * 1024 * 1024,
            max_total_variable_bytes: 64 * 1024 * 1024,
            max_array_entries: 1_000_000,
            max_brace_expansion: 100_000,
            max_format_width: 100_000,
            max_source_bytes: 1024 * 1024,
            max_ast_depth: 200,
            max_heredocs: 1024,
            timeout: Some(Duration::from_secs(30)),
            max_background_jobs: 64,
            max_buffer_bytes: 64 * 1024 * 1024,
            max_pipeline_stages: 1_000,
            max_pattern_steps: 500_000_000,
            max_memory_bytes: 256 * 1024 * 1024,
        }
    }
}

/// One chained setter per field: `with_<field>(value)` sets the field and
/// returns the limits.
macro_rules! setters {
    ($($setter:ident => $field:ident: $ty:ty;)*) => {
        $(
            #[doc = concat!("Set [`Self::", stringify!($field), "`].")]
            #[must_use]
            pub fn $setter(mut self, value: $ty) -> Self {
                self.$field = value;
                self
            }
        )*
    };
}

impl ExecutionLimits {
    /// The default limits (the same as [`ExecutionLimits::default`]).
    pub fn new() -> Self {
        Self::default()
    }

    setters! {
        with_max_commands => max_commands: u64;
        with_max_loop_iterations => max_loop_iterations: u64;
        with_max_total_loop_iterations => max_total_loop_iterations: u64;
        with_max_function_depth => max_function_depth: usize;
        with_max_subst_depth => max_subst_depth: usize;
        with_max_stdout_bytes => max_stdout_bytes: usize;
        with_max_stderr_bytes => max_stderr_bytes: usize;
        with_max_variable_bytes => max_variable_bytes: usize;
        with_max_total_variable_bytes => max_total_variable_bytes: usize;
        with_max_array_entries => max_array_entries: usize;
        with_max_brace_expansion => max_brace_expansion: usize;
        with_max_format_width => max_format_width: usize;
        with_max_source_bytes => max_source_bytes: usize;
        with_max_ast_depth => max_ast_depth: usize;
        with_max_heredocs => max_heredocs: usize;
        with_timeout => timeout: Option<Duration>;
        with_max_background_jobs => max_background_jobs: usize;
        with_max_buffer_bytes => max_buffer_bytes: usize;
        with_max_pipeline_stages => max_pipeline_stages: usize;
        with_max_pattern_steps => max_pattern_steps: u64;
        with_max_memory_bytes => max_memory_bytes: usize;
    }

    /// The parser's bounds under these limits: [`Self::max_source_bytes`],
    /// [`Self::max_ast_depth`] and [`Self::max_heredocs`]. The one mapping
    /// used wherever a script is parsed for this execution (the
    /// interpreter, `eval`, `source`, and hosts that check a script
    /// before running it), so a script a check accepts parses when run.
    pub fn parse_limits(&self) -> toolsh_parser::ParseLimits {
        toolsh_parser::ParseLimits {
            max_source_bytes: self.max_source_bytes,
            max_depth: self.max_ast_depth,
            max_heredocs: self.max_heredocs,
            ..toolsh_parser::ParseLimits::default()
        }
    }
}

/// Which limit was hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LimitKind {
    /// [`ExecutionLimits::max_commands`].
    Commands,
    /// [`ExecutionLimits::max_loop_iterations`].
    LoopIterations,
    /// [`ExecutionLimits::max_total_loop_iterations`].
    TotalLoopIterations,
    /// [`ExecutionLimits::max_function_depth`].
    FunctionDepth,
    /// [`ExecutionLimits::max_subst_depth`].
    SubstDepth,
    /// [`ExecutionLimits::max_stdout_bytes`].
    StdoutBytes,
    /// [`ExecutionLimits::max_stderr_bytes`].
    StderrBytes,
    /// [`ExecutionLimits::max_variable_bytes`].
    VariableBytes,
    /// [`ExecutionLimits::max_total_variable_bytes`].
    TotalVariableBytes,
    /// [`ExecutionLimits::max_array_entries`].
    ArrayEntries,
    /// [`ExecutionLimits::max_brace_expansion`].
    BraceExpansion,
    /// [`ExecutionLimits::max_format_width`].
    FormatWidth,
    /// [`ExecutionLimits::max_source_bytes`].
    SourceBytes,
    /// [`ExecutionLimits::max_ast_depth`].
    AstDepth,
    /// [`ExecutionLimits::max_heredocs`].
    HereDocuments,
    /// [`ExecutionLimits::timeout`].
    Timeout,
    /// [`ExecutionLimits::max_background_jobs`].
    BackgroundJobs,
    /// [`ExecutionLimits::max_buffer_bytes`].
    BufferBytes,
    /// [`ExecutionLimits::max_pipeline_stages`].
    PipelineStages,
    /// [`ExecutionLimits::max_pattern_steps`].
    PatternSteps,
    /// [`ExecutionLimits::max_memory_bytes`].
    Memory,
}

impl LimitKind {
    /// The name used in the error message (`toolsh: <name> exceeded (...)`).
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::Commands => "command limit",
            LimitKind::LoopIterations => "loop iteration limit",
            LimitKind::TotalLoopIterations => "total loop iteration limit",
            LimitKind::FunctionDepth => "function depth limit",
            LimitKind::SubstDepth => "subshell depth limit",
            LimitKind::StdoutBytes => "stdout limit",
            LimitKind::StderrBytes => "stderr limit",
            LimitKind::VariableBytes => "variable size limit",
            LimitKind::TotalVariableBytes => "total variable size limit",
            LimitKind::ArrayEntries => "array size limit",
            LimitKind::BraceExpansion => "brace expansion limit",
            LimitKind::FormatWidth => "format width limit",
            LimitKind::SourceBytes => "source size limit",
            LimitKind::AstDepth => "nesting depth limit",
            LimitKind::HereDocuments => "here-document limit",
            LimitKind::Timeout => "time limit",
            LimitKind::BackgroundJobs => "background job limit",
            LimitKind::BufferBytes => "buffer size limit",
            LimitKind::PipelineStages => "pipeline stage limit",
            LimitKind::PatternSteps => "pattern matching limit",
            LimitKind::Memory => "memory limit",
        }
    }
}

/// Why execution must stop now: a limit, or the host cancelled.
/// Builtins return it (via `?`) from long loops; the interpreter unwinds to
/// the top, prints the message and sets the exit status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Interrupt {
    /// A limit was exceeded; `value` is the configured bound.
    #[error("{} exceeded ({value})", kind.name())]
    Limit {
        /// Which limit.
        kind: LimitKind,
        /// The bound, as displayed (`30s`, `10485760`).
        value: String,
    },
    /// The host's cancellation handle fired.
    #[error("execution cancelled")]
    Cancelled,
}

/// The one check of a buffer bound ([`ExecutionLimits::max_buffer_bytes`]
/// or a bound derived from it): `Ok` while `held` bytes fit in `max`,
/// else the [`LimitKind::BufferBytes`] interrupt that names `max`
/// (`toolsh: buffer size limit exceeded (<max>)`, status [`EXIT_LIMIT`]).
///
/// # Errors
/// [`Interrupt::Limit`] when `held > max`.
pub fn within_buffer(held: usize, max: usize) -> Result<(), Interrupt> {
    if held > max {
        return Err(Interrupt::limit(LimitKind::BufferBytes, max));
    }
    Ok(())
}

impl Interrupt {
    /// A limit interrupt with its bound.
    pub fn limit(kind: LimitKind, value: impl std::fmt::Display) -> Self {
        Interrupt::Limit {
            kind,
            value: value.to_string(),
        }
    }

    /// The exit status for this interrupt.
    pub fn exit_status(&self) -> i32 {
        match self {
            Interrupt::Limit { .. } => EXIT_LIMIT,
            Interrupt::Cancelled => EXIT_CANCELLED,
        }
    }
}
