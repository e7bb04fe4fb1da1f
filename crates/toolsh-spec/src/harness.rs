//! A test harness for tests that need something from outside the
//! workspace (the oracles, the pinned npm MCP servers, Node 22, Redis).
//!
//! The standard harness can only skip at compile time (`#[ignore]`), so a
//! test whose dependency is missing would return early and be reported as
//! passed. A test binary built with `harness = false` hands its tests and
//! one [`Requirement`] to [`run_with`]: when the requirement cannot be met,
//! every test is reported as *ignored* (never as passed) and the harness
//! prints `N skipped: <what>: <why>` on stdout with no flag needed; the
//! README's test command (`scripts/test.sh`) repeats those lines at the end.
//! Command-line arguments are the standard harness's (filters, `--list`,
//! `--ignored`, `--test-threads`), through `libtest-mimic`.

use std::process::ExitCode;

use libtest_mimic::{Arguments, Trial};

/// A named test function over the requirement's value.
pub type Test<B> = (&'static str, fn(&B));

/// A check that yields what the tests need, or why it cannot be had.
type Check<T> = Box<dyn FnOnce() -> Result<T, String>>;

/// What a group of tests needs, checked once before any of them runs.
pub struct Requirement<T> {
    what: &'static str,
    check: Check<T>,
}

impl<T> Requirement<T> {
    /// A requirement named `what` (for the skip line), met when `check`
    /// returns `Ok` with the value every test gets (a directory, a
    /// handle); `Err` carries why it cannot be met. `check` may install
    /// what is missing; it does not run for `--list`.
    pub fn check(what: &'static str, check: impl FnOnce() -> Result<T, String> + 'static) -> Self {
        Self {
            what,
            check: Box::new(check),
        }
    }
}

/// Runs `tests` (name, function) with the value of `requirement` (each
/// test borrows it as `B`: a `PathBuf` as a `&Path`, an `Arc<X>` as a
/// `&X`), as the standard harness would, and returns the process exit
/// status (101 when any test failed). A test fails by panicking.
pub fn run_with<T, B>(requirement: Requirement<T>, tests: Vec<Test<B>>) -> ExitCode
where
    T: std::borrow::Borrow<B> + Clone + Send + 'static,
    B: ?Sized + 'static,
{
    let args = Arguments::from_args();
    let met = if args.list {
        Err("not checked when listing".to_owned())
    } else {
        (requirement.check)()
    };
    let trials = tests
        .into_iter()
        .map(|(name, test)| match &met {
            Ok(value) => {
                let value = value.clone();
                Trial::test(name, move || {
                    test(value.borrow());
                    Ok(())
                })
            }
            Err(_) => Trial::test(name, || Ok(())).with_ignored_flag(true),
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    if let Err(why) = &met
        && !args.list
    {
        println!(
            "{} skipped: {}: {why}",
            conclusion.num_ignored, requirement.what
        );
    }
    conclusion.exit_code()
}
