//! `toolsh check` against `toolsh run`: the same parse limits, and
//! warnings for command names that nothing defines.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn toolsh() -> Command {
    Command::new(env!("CARGO_BIN_EXE_toolsh"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    toolsh()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("spawn")
}

/// `check` parses under exactly `run`'s limits: at every nesting depth
/// around the limit, check accepts the script if and only if run parses
/// it, and a script past a parse limit exits 124 from both, as a limit
/// (a syntax error is 2).
#[test]
fn check_accepts_exactly_what_run_parses() {
    let dir = tempfile::tempdir().unwrap();
    let mut accepted = 0;
    for n in [150, 199, 200, 201, 230, 255, 300] {
        let script = format!("{}echo deep{}\n", "{ ".repeat(n), "; }".repeat(n));
        std::fs::write(dir.path().join("deep.sh"), script).unwrap();
        let check = run(dir.path(), &["check", "deep.sh"]);
        let ran = run(dir.path(), &["run", "deep.sh"]);
        let parsed = !text(&ran.stderr).contains("nesting depth limit exceeded");
        assert_eq!(
            check.status.code() == Some(0),
            parsed,
            "depth {n}: check {:?} {}, run {:?} {}",
            check.status.code(),
            text(&check.stderr),
            ran.status.code(),
            text(&ran.stderr)
        );
        if parsed {
            accepted += 1;
            assert_eq!(text(&ran.stdout), "deep\n");
        } else {
            assert_eq!(check.status.code(), Some(124));
            assert_eq!(ran.status.code(), Some(124));
            // In the same words as run.
            assert_eq!(text(&check.stderr), text(&ran.stderr));
            assert!(text(&check.stderr).contains("nesting depth limit exceeded"));
        }
    }
    // Both outcomes were exercised.
    assert!((1..7).contains(&accepted), "{accepted}");
}

/// A script over the source-size limit is a limit for check and fmt as
/// for run: 124 and run's one line naming the limit, word for word; a
/// syntax error on a line of a megabyte shows an excerpt around the
/// column, not the whole line.
#[test]
fn oversized_scripts_and_long_lines() {
    let dir = tempfile::tempdir().unwrap();
    let big = format!("echo {}\n", "a".repeat(2_000_000));
    std::fs::write(dir.path().join("big.sh"), &big).unwrap();
    for cmd in ["check", "run", "fmt"] {
        let out = run(dir.path(), &[cmd, "big.sh"]);
        assert_eq!(out.status.code(), Some(124), "{cmd}");
        assert_eq!(
            text(&out.stderr),
            "toolsh: source size limit exceeded (1048576)\n",
            "{cmd}"
        );
        assert_eq!(text(&out.stdout), "", "{cmd}");
    }
    let long = format!("echo {} )\n", "a".repeat(900_000));
    std::fs::write(dir.path().join("long.sh"), &long).unwrap();
    for cmd in ["check", "run"] {
        let out = run(dir.path(), &[cmd, "long.sh"]);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = text(&out.stderr);
        assert!(
            err.contains("long.sh:1:900007: syntax error near unexpected token `)'"),
            "{cmd}: {}",
            &err[..err.len().min(300)]
        );
        assert!(err.len() < 600, "{cmd}: {} bytes of stderr", err.len());
        // The caret sits under the `)` of the excerpt.
        let lines: Vec<&str> = err.lines().collect();
        let shown = lines
            .iter()
            .find(|l| l.contains(" | ..."))
            .expect("excerpt line");
        let caret = lines.iter().find(|l| l.ends_with('^')).expect("caret line");
        assert_eq!(shown.as_bytes()[caret.len() - 1], b')', "{shown}\n{caret}");
    }
}

/// A simple command whose literal name nothing defines (not a builtin,
/// utility, function defined anywhere in the script, alias or tool) is a
/// warning with its line and column and the closest known name when one
/// is close; warnings leave the exit status at 0, as check's other
/// advisory lines do (only schema problems make it 1).
#[test]
fn unknown_command_names_are_warned_with_a_suggestion() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("tools.toml"),
        r#"[[tool]]
name = "get_user"
description = "A user."
input_schema = { type = "object", properties = { id = { type = "integer" } } }
exec = ["true"]
"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("script.sh"),
        r"get_user --id 1 | jq .name
get_usr --id 2
later
x=$(echoo hi)
if true; then sortt; fi
./local.sh
$cmd arg
frobnicate
later() { get_user --id 3; }
alias ll='ls -l'
ll
help; printf '%s\n' ok; [ -n x ]
",
    )
    .unwrap();
    let out = run(dir.path(), &["check", "--tools", "tools.toml", "script.sh"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let warnings: Vec<&str> = report.lines().filter(|l| l.contains("warning:")).collect();
    assert_eq!(
        warnings,
        [
            "script.sh:2:1: warning: get_usr: command not found (did you mean get_user?)",
            "script.sh:4:5: warning: echoo: command not found (did you mean echo?)",
            "script.sh:5:15: warning: sortt: command not found (did you mean sort?)",
            "script.sh:8:1: warning: frobnicate: command not found",
            // toolsh has no `alias` builtin (the names it defines count
            // as known all the same).
            "script.sh:10:1: warning: alias: command not found",
        ],
        "{report}"
    );
    assert!(
        report
            .starts_with("script.sh: syntax ok; 2 tool call site(s), 0 problem(s), 5 warning(s)\n"),
        "{report}"
    );
    // A script with nothing unknown has no warnings part.
    std::fs::write(dir.path().join("ok.sh"), "get_user --id 1\necho done\n").unwrap();
    let out = run(dir.path(), &["check", "--tools", "tools.toml", "ok.sh"]);
    assert_eq!(
        (out.status.code(), text(&out.stdout)),
        (
            Some(0),
            "ok.sh: syntax ok; 1 tool call site(s), 0 problem(s)\nok.sh:1:1: get_user ok\n"
                .to_string()
        )
    );
}
