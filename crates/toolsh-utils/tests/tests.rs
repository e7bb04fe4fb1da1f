//! Integration tests of the utilities inside the shell: scripts run by
//! `toolsh-interp` with [`toolsh_utils::standard`] installed. One test
//! binary (`autotests = false`) to keep link time down.

mod depth;
mod dev_files;
mod differential;
mod escape;
mod jq_recursion;
mod limits;
mod memory;
mod numeric_args;
mod open_failure_wording;
mod stderr_warnings;
mod subst_read_file;
mod xargs_procs;
