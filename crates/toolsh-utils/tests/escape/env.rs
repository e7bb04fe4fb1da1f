//! The host environment never reaches a script: only what the host passes
//! to the builder is visible, and `$HOME`/`$PATH` are the sandbox's.

use std::process::Command;

use super::support::{expect, logic, sandbox};

/// Every way a script can list or read variables.
const DUMP: &str = "set; env; printenv; export -p; declare -p; declare -x; compgen -v; \
    echo \"$HOME $PATH $USER $SHELL $PWD $OLDPWD $TMPDIR $LANG\"; echo ~ ~root; \
    printf '%s\\n' \"${!T@}\" \"${!S@}\" \"${!C@}\"; echo \"$TOOLSH_ESCAPE_SECRET\"";

/// The secret this test binary's child process is given.
const SECRET: &str = "s3cr3t-0f-the-h0st-7c1f";

/// Run in a child process of this test binary that has the secret in its
/// environment (setting it here would need `unsafe`).
#[test]
fn host_environment_secret_never_appears_in_any_output() {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            "escape::env::child_dumps_the_environment",
            "--nocapture",
        ])
        .env("TOOLSH_ESCAPE_SECRET", SECRET)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "child failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("1 passed"),
        "the child test did not run:\n{stdout}"
    );
}

/// The child half of the test above (ignored when run on its own).
#[tokio::test]
#[ignore = "run by host_environment_secret_never_appears_in_any_output"]
async fn child_dumps_the_environment() {
    assert_eq!(std::env::var("TOOLSH_ESCAPE_SECRET").unwrap(), SECRET);
    let host_home = std::env::var("HOME").unwrap_or_default();
    let host_path = std::env::var("PATH").unwrap();
    for r in [sandbox(DUMP).await, logic(DUMP).await] {
        for (name, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
            assert!(!text.contains(SECRET), "secret in {name}:\n{text}");
            assert!(!text.contains(&host_path), "host PATH in {name}:\n{text}");
            if host_home.len() > 1 {
                assert!(
                    !text.contains(&format!("={host_home}"))
                        && !text.contains(&format!("{host_home} ")),
                    "host HOME in {name}:\n{text}"
                );
            }
        }
        assert_eq!(r.exit_code, 0, "{r:#?}");
    }
}

#[tokio::test]
async fn only_the_hosts_chosen_variables_are_exported() {
    let mut sh = toolsh_interp::Shell::builder()
        .utilities(toolsh_utils::standard())
        .env("HOME", "/home/agent")
        .env("PATH", "/usr/bin")
        .build();
    let r = sh.exec("echo \"$HOME $PATH\"; env | sort; echo ~").await;
    expect(
        &r,
        "/home/agent /usr/bin\nHOME=/home/agent\nPATH=/usr/bin\nPWD=/\n/home/agent\n",
        "",
        0,
    );
}

#[tokio::test]
async fn without_host_variables_home_and_path_are_unset() {
    let r = sandbox("echo \"[$HOME][$PATH][$USER]\"; echo ~; env").await;
    expect(&r, "[][][]\n~\nPWD=/\n", "", 0);
}
