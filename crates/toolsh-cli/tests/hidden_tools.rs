//! Tools a run's `--mode` or `--grant` denies are hidden everywhere a
//! script can look (`help`, `TOOL --help`, `--dry-run`, `type`,
//! `command -v`, `discover`), and a call that names one is
//! denied with the gate's reason (status 1, distinct from the 127 of a
//! name nothing defines).

use std::process::{Command, Output, Stdio};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn run(extra: &[&str], script: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args(["run", "--demo-tools"])
        .args(extra)
        .args(["-c", script])
        .stdin(Stdio::null())
        .output()
        .expect("spawn")
}

/// Every way a script can look at `payments.charge`, each followed by its
/// status.
const PROBES: &str = "payments.charge --help; echo \"help=$?\"
payments.charge --dry-run --customer c-acme --amount 1; echo \"dry=$?\"
payments.charge --no-such-flag; echo \"flag=$?\"
payments.charge --customer c-acme --amount 1; echo \"call=$?\"
type payments.charge; echo \"type=$?\"
type -t payments.charge; echo \"type-t=$?\"
command -v payments.charge; echo \"v=$?\"
help payments.charge; echo \"help-tool=$?\"
help --list | grep -c payments; echo \"list=$?\"
discover --search charge | grep -c payments; echo \"discover=$?\"
payments.chargex; echo \"unknown=$?\"
type -t customers.get";

/// The statuses (and counts) the probes print for a hidden tool: denied
/// (1) for every call form, not found (1) for `type` and `command -v`,
/// unknown (127) for `help TOOL`, no listing line; a name
/// nothing defines still exits 127; a visible tool is still a command.
const HIDDEN_STDOUT: &str = "help=1\ndry=1\nflag=1\ncall=1\ntype=1\ntype-t=1\nv=1\n\
help-tool=127\n0\nlist=1\n0\ndiscover=1\nunknown=127\nbuiltin\n";

fn hidden_stderr(reason: &str) -> String {
    let denied = format!("payments.charge: denied: {reason}\n");
    format!(
        "{denied}{denied}{denied}{denied}\
         toolsh: line 5: type: payments.charge: not found\n\
         help: payments.charge: unknown tool\n\
         toolsh: line 11: payments.chargex: command not found\n"
    )
}

#[test]
fn read_only_mode_hides_write_tools_everywhere() {
    let out = run(&["--mode", "read-only"], PROBES);
    assert_eq!(text(&out.stdout), HIDDEN_STDOUT, "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), hidden_stderr("read-only mode"));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn grants_hide_ungranted_tools_everywhere() {
    let out = run(&["--grant", "customers.get"], PROBES);
    assert_eq!(text(&out.stdout), HIDDEN_STDOUT, "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        hidden_stderr("not granted by the capability lease")
    );
}

/// Without a mode or grant the same probes see the tool: the contrast
/// that shows the hidden runs' answers come from hiding.
#[test]
fn without_a_lease_the_tool_is_visible() {
    let out = run(
        &[],
        "payments.charge --help >/dev/null; echo \"help=$?\"; type -t payments.charge; \
         command -v payments.charge; help --list | grep -c payments",
    );
    assert_eq!(
        text(&out.stdout),
        "help=0\nbuiltin\npayments.charge\n1\n",
        "{}",
        text(&out.stderr)
    );
}
