//! Integration tests of the interpreter alone (no utilities installed):
//! its public API and panic containment. One test binary
//! (`autotests = false`); the tests that run utilities live in
//! toolsh-utils' `tests/`.

mod panics;
mod shell_api;
