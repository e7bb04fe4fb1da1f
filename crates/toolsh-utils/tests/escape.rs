//! The escape suite: every way a script could try to reach the host (host
//! files, /proc, sockets, processes, the host environment, signals) or
//! exhaust it (memory, CPU), in both profiles. Each attempt must fail
//! cleanly: a clear message on stderr, a defined status, the output before
//! it kept, within its limit. docs/threat-model.md names these tests.

#[path = "escape/support.rs"]
mod support;

#[path = "escape/host.rs"]
mod host;

#[path = "escape/env.rs"]
mod env;

#[path = "escape/fs.rs"]
mod fs;

#[path = "escape/dos.rs"]
mod dos;

#[path = "escape/tool_output.rs"]
mod tool_output;
