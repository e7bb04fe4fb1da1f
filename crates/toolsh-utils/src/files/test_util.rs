//! Helpers for the file commands' unit tests: a [`TestShell`] over a
//! fresh [`MemoryFs`] with every file command registered.

use std::sync::Arc;

use toolsh_command::fs::MemoryFs;
use toolsh_command::profile::Profile;
use toolsh_command::testing::{RunOutput, TestShell};
use toolsh_command::utility::Utility;

/// A Sandbox test shell over a fresh `MemoryFs`, cwd `/tmp`, with the
/// utilities registered for `run_command`.
pub(crate) fn shell() -> (TestShell, Arc<MemoryFs>) {
    let fs = Arc::new(MemoryFs::new());
    let mut sh = TestShell {
        fs: fs.clone(),
        profile: Profile::Sandbox,
        cwd: "/tmp".into(),
        ..TestShell::default()
    };
    for b in crate::all() {
        sh.utilities.insert(b.name().to_string(), b);
    }
    (sh, fs)
}

/// Run the registered command `args[0]`.
pub(crate) async fn run(sh: &mut TestShell, args: &[&str]) -> RunOutput {
    let b: Arc<dyn Utility> = sh.utilities.get(args[0]).cloned().expect("registered");
    sh.run(b.as_ref(), args, "").await
}

/// Run and return (stdout, status), with stderr appended to stdout after
/// a `|` when not empty.
pub(crate) async fn out(sh: &mut TestShell, args: &[&str]) -> (String, i32) {
    let o = run(sh, args).await;
    let status = o.status.expect("no interrupt");
    if o.stderr.is_empty() {
        (o.stdout, status)
    } else {
        (format!("{}|{}", o.stdout, o.stderr), status)
    }
}
