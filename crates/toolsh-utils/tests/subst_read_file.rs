//! `$(< file)` (bash manual 3.5.4) against the limits and the profiles:
//! the endless devices and an oversized file stop on the buffer limit
//! (bash would read until memory ran out), and the logic-only profile
//! reads the devices but no file. The bash behaviour itself is in
//! `tests/spec/shell/subst-read-file.test.sh`.

use std::sync::Arc;

use toolsh_interp::{EXIT_LIMIT, ExecutionLimits, LimitKind, MemoryFs, Profile, Shell};

fn limits() -> ExecutionLimits {
    ExecutionLimits {
        max_buffer_bytes: 4096,
        timeout: Some(std::time::Duration::from_secs(10)),
        ..ExecutionLimits::default()
    }
}

/// A shell with a memory file system (the sandbox profile) or none.
fn shell(sandbox: bool) -> Shell {
    let b = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits());
    if sandbox {
        b.fs(Arc::new(MemoryFs::new()))
            .profile(Profile::Sandbox)
            .build()
    } else {
        b.profile(Profile::LogicOnly).build()
    }
}

#[tokio::test]
async fn endless_devices_stop_on_the_buffer_limit() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        for sandbox in [true, false] {
            let mut sh = shell(sandbox);
            let r = sh.exec(&format!("echo a; x=$(< {dev}); echo no")).await;
            assert_eq!(r.limit, Some(LimitKind::BufferBytes), "{dev}: {r:?}");
            assert_eq!(
                (r.stdout.as_str(), r.exit_code),
                ("a\n", EXIT_LIMIT),
                "{r:?}"
            );
        }
    }
}

#[tokio::test]
async fn a_file_larger_than_the_buffer_limit_stops() {
    let mut sh = shell(true);
    let script = "printf '%05000d' 0 > big; echo a; x=$(<big); echo no";
    let r = sh.exec(script).await;
    assert_eq!(r.limit, Some(LimitKind::BufferBytes), "{r:?}");
    assert_eq!(r.stdout, "a\n", "{r:?}");
    // Just under the limit reads whole.
    let r = sh
        .exec("printf '%04000d' 0 > ok; x=$(<ok); echo ${#x}")
        .await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("4000\n", 0), "{r:?}");
}

#[tokio::test]
async fn logic_only_reads_devices_but_no_file() {
    let mut sh = shell(false);
    let r = sh
        .exec("x=$(</dev/null); echo \"[$x] $?\"; y=$(</etc/passwd); echo \"[$y] $?\"")
        .await;
    assert_eq!(r.stdout, "[] 0\n[] 1\n", "{r:?}");
    assert!(r.stderr.contains("disabled"), "{}", r.stderr);
}
