//! toolsh-command: the command contract of toolsh.
//!
//! What a command implemented in Rust sees of the shell that runs it: the
//! [`Utility`] trait that utilities (jq, grep, ls, ...) and tools implement,
//! its [`UtilityContext`] (arguments, standard streams, [`ShellAccess`]), the
//! [`FileSystem`] trait and its sandbox backends, [`ExecutionLimits`],
//! [`Interrupt`] and the [`MemoryBudget`]. Below it is only the parser
//! (for [`ExecutionLimits::parse_limits`]); above it, side by side, the
//! interpreter (`toolsh-interp`) and the utility crates (`toolsh-utils`,
//! `toolsh-jq`, `toolsh-awk`), which therefore compile in parallel.
//!
//! It also holds the plumbing both the interpreter and the utilities use, one
//! mechanism per job (the way `uucore` serves uutils): GNU-style option
//! parsing ([`getopt`]), glob patterns ([`pattern`]), POSIX regular
//! expressions ([`posix_regex`]), number arguments ([`numarg`]), quoting
//! ([`quote`]) and line-oriented text I/O ([`textio`]).
//!
//! Architecture invariant: nothing here reaches the host. Files are reached
//! only through [`FileSystem`]; there are no processes, network or host
//! environment. Every number a script supplies is bounded (see [`numarg`])
//! before it sizes an allocation or a loop.
//!
//! ```
//! use toolsh_command::{Utility, UtilityContext, UtilityResult, write_status};
//!
//! /// `hello`: prints a greeting.
//! struct Hello;
//!
//! #[async_trait::async_trait]
//! impl Utility for Hello {
//!     fn name(&self) -> &str {
//!         "hello"
//!     }
//!     async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
//!         write_status(ctx.stdout.write(b"hello\n").await)?;
//!         Ok(0)
//!     }
//! }
//! assert_eq!(Hello.name(), "hello");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod budget;
pub mod calendar;
pub mod contain;
pub mod fs;
pub mod getopt;
pub mod io;
pub mod limits;
pub mod numarg;
pub mod number;
pub mod pattern;
pub mod posix_regex;
pub mod profile;
pub mod quote;
mod set;
pub mod stack;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod textio;
pub mod utility;

pub use budget::{MemoryBudget, Reservation};
pub use bytes::Bytes;
pub use contain::EXIT_INTERNAL;
pub use fs::{
    DirEntry, DisabledFs, FileSystem, FileType, FsError, FsLimits, FsSnapshot, FsStats, MemoryFs,
    Metadata,
};
pub use io::{Capture, FileSink, Input, Output, OutputError, OutputSink, ReadWriteFile};
pub use limits::{EXIT_CANCELLED, EXIT_LIMIT, ExecutionLimits, Interrupt, LimitKind};
pub use profile::Profile;
pub use set::UtilitySet;
pub use utility::{
    OperandError, ShellAccess, Spawned, Utility, UtilityContext, UtilityResult, write_status,
};
