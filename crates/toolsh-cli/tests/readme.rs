//! Every shell command in README.md runs, so none can rot: the `toolsh`
//! lines (in a directory with the files they name), and the two set-up
//! commands (checked to be what `.ci/run` and the demo use, not re-run
//! here: one is this very test run). The `--mcp` lines need the npm test
//! servers and run in `mcp_upstreams.rs`.

use crate::common::{readme_commands, repo_root, run_readme_command, text};

/// A manifest and scripts for the README's example file names.
fn fixtures(dir: &std::path::Path) {
    std::fs::write(
        dir.join("tools.toml"),
        "[limits]\ntimeout_ms = 10000\n\n[[tool]]\nname = \"customers.list\"\n\
         description = \"List customers.\"\n\
         exec = [\"echo\", \"[{\\\"id\\\": \\\"c1\\\"}]\"]\n",
    )
    .unwrap();
    std::fs::write(dir.join("report.sh"), "customers.list | jq -r '.[0].id'\n").unwrap();
    std::fs::write(dir.join("script.sh"), "customers.list | jq length\n").unwrap();
    std::fs::write(
        dir.join("wf.toml"),
        "[[step]]\nid = \"count\"\nscript = \"customers.list | jq length\"\n\
         grants = [\"customers.list:1\"]\n",
    )
    .unwrap();
}

#[test]
fn every_toolsh_command_in_the_readme_runs() {
    let dir = tempfile::tempdir().unwrap();
    fixtures(dir.path());
    let commands: Vec<String> = readme_commands()
        .into_iter()
        .filter(|c| c.starts_with("toolsh ") && !c.contains("--mcp"))
        .collect();
    assert!(commands.len() >= 10, "README commands: {commands:#?}");
    for line in &commands {
        let out = run_readme_command(line, dir.path());
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(
            out.status.success(),
            "`{line}` exited {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
            out.status
        );
        assert!(!stderr.contains("panicked"), "`{line}`: {stderr}");
        if line.starts_with("toolsh mcp") {
            assert!(stdout.contains(r#""name":"script""#), "`{line}`: {stdout}");
        } else if !line.starts_with("toolsh repl") {
            assert!(!stdout.is_empty(), "`{line}` printed nothing");
        }
    }
}

#[test]
fn the_inline_example_prints_what_it_says() {
    let line = readme_commands()
        .into_iter()
        .find(|c| c.starts_with("toolsh run -c 'echo hi"))
        .expect("the inline example");
    let out = run_readme_command(&line, &repo_root());
    assert_eq!(text(&out.stdout), "HI\n");
}

#[test]
fn the_readme_set_up_commands_are_the_ones_ci_and_the_demo_use() {
    let commands = readme_commands();
    let ci = std::fs::read_to_string(repo_root().join(".ci/run")).unwrap();
    assert!(
        commands.iter().any(|c| c == "scripts/test.sh"),
        "the README's test command: {commands:#?}"
    );
    assert!(
        ci.lines().any(|l| l.trim() == "scripts/test.sh"),
        ".ci/run calls the README's test command as it is"
    );
    let main_job = commands
        .iter()
        .find(|c| c.starts_with("cargo run --release -p toolsh-cli -- run"))
        .expect("the README's main job");
    // The main job, run through the test's own binary.
    let args = main_job
        .strip_prefix("cargo run --release -p toolsh-cli -- ")
        .unwrap();
    let out = run_readme_command(&format!("toolsh {args}"), &repo_root());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Revenue"));
}
