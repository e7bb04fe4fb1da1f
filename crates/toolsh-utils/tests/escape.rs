//! The escape suite: every way a script could try to reach the host (host
//! files, /proc, sockets, processes, the host environment, signals) or
//! exhaust it (memory, CPU), in both profiles. Each attempt must fail
//! cleanly: a clear message on stderr, a defined status, the output before
//! it kept, within its limit. docs/threat-model.md names these tests.

mod support;

mod host;

mod env;

mod fs;

mod dos;

mod tool_output;
