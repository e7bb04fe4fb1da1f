//! Shells for the escape suite and the assertion they all use.

use std::sync::Arc;
use std::time::Duration;

use toolsh_interp::{ExecResult, ExecutionLimits, MemoryFs, Profile, Shell};

/// Default limits with a 10 s deadline (every attempt must end well
/// before it unless it is the deadline being tested).
pub fn limits() -> ExecutionLimits {
    ExecutionLimits {
        timeout: Some(Duration::from_secs(10)),
        ..ExecutionLimits::default()
    }
}

/// Run `script` in the logic-only profile.
pub async fn logic(script: &str) -> ExecResult {
    Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::LogicOnly)
        .limits(limits())
        .build()
        .exec(script)
        .await
}

/// Run `script` in the sandbox profile over a fresh `MemoryFs`.
pub async fn sandbox(script: &str) -> ExecResult {
    on_fs(Arc::new(MemoryFs::new()), script).await
}

/// Run `script` in the sandbox profile over `fs`.
pub async fn on_fs(fs: Arc<MemoryFs>, script: &str) -> ExecResult {
    Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::Sandbox)
        .fs(fs)
        .limits(limits())
        .build()
        .exec(script)
        .await
}

/// Assert the whole outcome: stdout, stderr and status.
#[track_caller]
pub fn expect(r: &ExecResult, stdout: &str, stderr: &str, status: i32) {
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.exit_code),
        (stdout, stderr, status),
        "{r:#?}"
    );
}
