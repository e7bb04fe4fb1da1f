//! The state a shell carries between commands: variables, functions,
//! options, positional parameters, traps, the directory stack.
//!
//! [`ShellState::clone`] is the fork used for subshells, command
//! substitutions, pipeline stages and background jobs: every large table is
//! behind an `Arc`, so a fork copies pointers and a write copies one table.

#![allow(
    clippy::format_push_string,
    clippy::many_single_char_names,
    clippy::single_match_else
)]

pub(crate) mod assoc;
pub(crate) mod options;
pub(crate) mod positional;
pub(crate) mod value;
pub(crate) mod vars;

use std::collections::HashMap;
use std::sync::Arc;

use toolsh_parser::FunctionDef;

pub(crate) use options::Options;
pub(crate) use positional::Positional;

/// The hash map of the shell's tables (variables, functions, traps,
/// aliases, commands): foldhash, seeded per process, which is several times
/// faster than SipHash on the short keys a script looks up on every
/// command.
pub(crate) type Map<K, V> = HashMap<K, V, foldhash::fast::RandomState>;
pub(crate) use value::{ENTRY_BYTES, Value, Var, attr};
pub(crate) use vars::Vars;

/// A function's definition, shared between forks.
pub(crate) type Function = Arc<FunctionDef>;

/// One active function call (for `FUNCNAME`, `caller`, `return`).
#[derive(Debug, Clone)]
pub(crate) struct CallFrame {
    /// The function name.
    pub name: String,
    /// Line of the call.
    pub call_line: u32,
    /// The function has the trace attribute (`declare -ft`): it inherits
    /// the DEBUG and RETURN traps as under `set -T`.
    pub traced: bool,
}

/// How a subshell, `( list )`, runs and whether its status runs the ERR
/// trap and `set -e` where it ends (bash 5.2 execute_cmd.c: the shell
/// that waits for the subshell checks it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum SubshellRun {
    /// Forked and checked when it ends.
    #[default]
    Checked,
    /// A pipeline stage: the stage's fork is the subshell, and the shell
    /// running the pipeline checks the last stage (see
    /// `Interp::run_pipeline`).
    Stage,
    /// The lone command of a subshell (`( (false) )`): bash runs it
    /// without a fork of its own, so nothing waits for it and checks it.
    NoFork,
}

/// The complete state of one shell (or subshell).
#[derive(Debug, Clone)]
pub(crate) struct ShellState {
    /// Variables.
    pub vars: Vars,
    /// Functions by name.
    pub funcs: Arc<Map<String, Function>>,
    /// `$0`.
    pub arg0: String,
    /// `$1`...
    pub positional: Positional,
    /// Options.
    pub opts: Options,
    /// Current directory (absolute).
    pub cwd: String,
    /// `$?`.
    pub last_status: i32,
    /// A fatal expansion error (`set -u`, `${x:?}`) is leaving the shell:
    /// under `bash -c` the status becomes 127 at top level (see
    /// [`crate::ShellBuilder::command_string`]).
    pub expansion_exit: bool,
    /// A utility met an error that bash reports with `report_error` (a
    /// readonly variable given to `printf -v`) under `set -e`: the shell
    /// exits when the utility returns (see `Interp::report_error`).
    pub report_exit: bool,
    /// The here-document cut off by the end of the script was warned
    /// about (bash warns once, when it reads the script).
    pub heredoc_eof_warned: bool,
    /// How the next subshell, `( list )`, this shell runs is run and
    /// checked; taken (reset) by that subshell.
    pub next_subshell: SubshellRun,
    /// `$!`.
    pub last_bg: Option<u32>,
    /// Traps by condition name (`EXIT`, `ERR`, `RETURN`, signals).
    pub traps: Arc<Map<String, String>>,
    /// `pushd` stack (without the current directory).
    pub dir_stack: Vec<String>,
    /// Aliases.
    pub aliases: Arc<Map<String, String>>,
    /// The active function calls, innermost last.
    pub frames: Vec<CallFrame>,
    /// Current line (`$LINENO`).
    pub lineno: u32,
    /// Files run as scripts (`./f`) inside one another. With the call
    /// frames and `source_depth` it counts against
    /// `ExecutionLimits::max_function_depth` (see [`ShellState::call_depth`]),
    /// so a file that sources or runs itself stops at the limit.
    pub script_depth: u32,
    /// Enclosing loops (for `break`/`continue`).
    pub loop_depth: u32,
    /// Nesting of subshells (`$BASH_SUBSHELL`).
    pub subshell: u32,
    /// Nesting of substitutions, subshells and `eval` (for the limit).
    pub subst_depth: usize,
    /// Greater than 0 while running a condition (`if`, `while`, `&&` lhs,
    /// `!`), where `set -e` does not apply.
    pub errexit_suppressed: u32,
    /// `true` inside a trap handler (no nested ERR).
    pub in_trap: bool,
    /// The random generator's state (`$RANDOM`).
    pub rng: u64,
    /// `$OPTIND` bookkeeping of `getopts`: character offset inside the
    /// current argument.
    pub getopts_char: usize,
    /// Status of the last command substitution in the current command.
    pub subst_status: Option<i32>,
    /// `$BASHPID`-like counter for forks.
    pub pid: u32,
    /// `PIPESTATUS` of the last pipeline.
    pub pipestatus: Vec<i32>,
    /// Added to source line numbers (code run by `eval` and traps counts
    /// from the line that ran it).
    pub line_base: u32,
    /// `$RANDOM` lost its special meaning (`unset RANDOM`).
    pub random_unset: bool,
    /// `$SRANDOM` lost its special meaning (`unset SRANDOM`).
    pub srandom_unset: bool,
    /// The simple command (or `[[ ]]`, `(( ))`) being executed, for
    /// `$BASH_COMMAND`: the source it is in and its span. Kept while a
    /// trap runs, so the trap sees the command that triggered it.
    pub command: Option<(Arc<str>, toolsh_parser::Span)>,
    /// `$_`: the last argument of the previous command.
    pub last_arg: String,
    /// Function depth at which the RETURN trap was set.
    pub return_trap_depth: usize,
    /// The DEBUG trap already ran for the next simple command (a pipeline
    /// stage's, in the shell before it forked).
    pub debug_trap_ran: bool,
    /// Function depth at which the DEBUG trap was set: calls deeper than
    /// it run the trap only when traced (`set -T` or `declare -ft`).
    pub debug_trap_depth: usize,
    /// Readonly functions.
    pub readonly_funcs: Arc<Vec<String>>,
    /// Functions with the trace attribute (`declare -ft NAME`).
    pub traced_funcs: Arc<Vec<String>>,
    /// The source text of each function's definition (for `declare -f`),
    /// with the definition it belongs to.
    pub func_text: Arc<Map<String, (Function, Arc<str>)>>,
    /// Status a `break` leaves as its loop's status (1 after `break 0`).
    pub break_status: i32,
    /// Nesting of `source`/`.` (where `return` is allowed at top level).
    pub source_depth: u32,
}

impl ShellState {
    /// Function calls, `source`d files and files run as scripts, nested:
    /// what `ExecutionLimits::max_function_depth` bounds.
    pub fn call_depth(&self) -> usize {
        self.frames.len() + self.source_depth as usize + self.script_depth as usize
    }

    /// A fresh state.
    pub fn new(cwd: String, seed: u64) -> Self {
        ShellState {
            vars: Vars::default(),
            funcs: Arc::new(Map::default()),
            arg0: "toolsh".to_string(),
            positional: Positional::default(),
            opts: Options::default(),
            cwd,
            last_status: 0,
            expansion_exit: false,
            report_exit: false,
            heredoc_eof_warned: false,
            next_subshell: SubshellRun::Checked,
            last_bg: None,
            traps: Arc::new(Map::default()),
            dir_stack: Vec::new(),
            aliases: Arc::new(Map::default()),
            frames: Vec::new(),
            lineno: 0,
            loop_depth: 0,
            script_depth: 0,
            subshell: 0,
            subst_depth: 0,
            errexit_suppressed: 0,
            in_trap: false,
            rng: seed,
            getopts_char: 0,
            subst_status: None,
            pid: 1000,
            pipestatus: vec![0],
            line_base: 0,
            random_unset: false,
            srandom_unset: false,
            command: None,
            last_arg: String::new(),
            return_trap_depth: 0,
            debug_trap_ran: false,
            debug_trap_depth: 0,
            readonly_funcs: Arc::new(Vec::new()),
            traced_funcs: Arc::new(Vec::new()),
            func_text: Arc::new(Map::default()),
            break_status: 0,
            source_depth: 0,
        }
    }

    /// The next pseudo-random 32-bit number (`$SRANDOM`, bash manual
    /// 5.2), from the same generator as `$RANDOM` (the high half of its
    /// next state).
    pub fn next_random32(&mut self) -> u32 {
        self.next_random();
        u32::try_from(self.rng >> 32).unwrap_or(u32::MAX)
    }

    /// The next pseudo-random 15-bit number (`$RANDOM`), from a 64-bit LCG
    /// seeded by the builder.
    pub fn next_random(&mut self) -> u32 {
        self.rng = self
            .rng
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.rng >> 33) & 0x7fff) as u32
    }
}
