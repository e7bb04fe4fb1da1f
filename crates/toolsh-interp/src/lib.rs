//! toolsh-interp: a sandboxed, async bash interpreter.
//!
//! The second layer of toolsh. It walks the syntax tree from
//! `toolsh-parser` and prints what GNU bash 5.2 prints. It has the shell's
//! own builtins (`cd`, `read`, `declare`, `printf`, `test`, ...) and no
//! utilities: those (jq, grep, sed, awk, sort, ls, ...) live in
//! `toolsh-utils`, `toolsh-jq` and `toolsh-awk` and arrive, like tools, as
//! [`Utility`]s through [`ShellBuilder::utilities`] and
//! [`ShellBuilder::utility`]. It may depend only on the parser, the command
//! contract (`toolsh-command`, whose types it re-exports) and
//! general-purpose libraries; it knows nothing of tools, capabilities or
//! MCP.
//!
//! Architecture invariant: the host is never reached: files only through
//! the [`FileSystem`] trait, commands only through [`Utility`]s, no
//! processes, network or host environment. Every resource is bounded by
//! [`ExecutionLimits`]; hitting a bound ends the script with a message and
//! status [`EXIT_LIMIT`], keeping the output produced so far.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let mut sh = toolsh_interp::Shell::builder().build();
//! let r = sh.exec("x=world; echo \"hello ${x^^}\"").await;
//! assert_eq!(r.stdout, "hello WORLD\n");
//! # });
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod builtins;
mod exec;
mod expand;
mod parse;
mod shell;
mod state;

// The contract's modules under the paths the interpreter uses.
pub use toolsh_command::{contain, fs, pattern};
use toolsh_command::{io, limits, numarg, profile, quote, utility};

pub use builtins::names as shell_builtin_names;
pub use parse::limit_interrupt;
pub use shell::{CancelHandle, ExecResult, Shell, ShellBuilder};
pub use toolsh_command::Locale;
pub use toolsh_command::{
    Bytes, Capture, DirEntry, DisabledFs, EXIT_CANCELLED, EXIT_INTERNAL, EXIT_LIMIT,
    ExecutionLimits, FileSink, FileSystem, FileType, FsError, FsLimits, FsSnapshot, FsStats, Input,
    Interrupt, LimitKind, MemoryBudget, MemoryFs, Metadata, OperandError, Output, OutputError,
    OutputSink, Profile, ReadWriteFile, Reservation, ShellAccess, Utility, UtilityContext,
    UtilityResult, UtilitySet, write_status,
};
pub use toolsh_parser as parser;
