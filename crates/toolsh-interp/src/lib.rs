//! toolsh-interp: a sandboxed, async bash interpreter.
//!
//! The second layer of toolsh. It walks the syntax tree from
//! `toolsh-parser` and prints what GNU bash 5.2 prints, with the text
//! utilities an orchestration script needs (jq, grep, sed, awk, sort, ...)
//! built in. It may depend only on the parser and on general-purpose
//! libraries; it knows nothing of tools, capabilities or MCP (tools arrive
//! as [`Builtin`]s).
//!
//! Invariants: the host is never reached: files only through the
//! [`FileSystem`] trait, commands only through [`Builtin`]s, no processes,
//! network or host environment. Every resource is bounded by
//! [`ExecutionLimits`]; hitting a bound ends the script with a message and
//! status [`EXIT_LIMIT`], keeping the output produced so far.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod budget;
mod builtin;
mod builtins;
pub mod contain;
mod exec;
mod expand;
pub mod fs;
mod io;
mod limits;
mod locale;
mod numarg;
mod parse;
pub mod pattern;
mod profile;
mod quote;
mod shell;
mod state;
#[cfg(test)]
mod testing;
mod utils;

pub use budget::{MemoryBudget, Reservation};
pub use builtin::{
    Builtin, BuiltinContext, BuiltinResult, OperandError, ShellAccess, write_status,
};
pub use builtins::names as shell_builtin_names;
pub use bytes::Bytes;
pub use contain::EXIT_INTERNAL;
pub use fs::{
    DirEntry, DisabledFs, FileSystem, FileType, FsError, FsLimits, FsSnapshot, FsStats, MemoryFs,
    Metadata,
};
pub use io::{Capture, FileSink, Input, Output, OutputError, OutputSink, ReadWriteFile};
pub use limits::{EXIT_CANCELLED, EXIT_LIMIT, ExecutionLimits, Interrupt, LimitKind};
pub use locale::Locale;
pub use parse::limit_interrupt;
pub use profile::Profile;
pub use shell::{CancelHandle, ExecResult, Shell, ShellBuilder};
pub use toolsh_parser as parser;
pub use utils::all as standard_utilities;
