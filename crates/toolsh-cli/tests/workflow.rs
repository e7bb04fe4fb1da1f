//! `toolsh workflow run` and `resume`: steps under their own grants, a
//! checkpoint at the failed step, and a resume that runs only the
//! unexecuted suffix and refuses an edited checkpoint.

use std::process::{Output, Stdio};

use serde_json::Value;

use crate::common::{text, toolsh};

fn wf(args: &[&str]) -> Output {
    toolsh()
        .arg("workflow")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_failed_step_checkpoints_and_resume_runs_only_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let runs = d.join("runs.log");
    let flag = d.join("ready");
    std::fs::write(
        d.join("tools.toml"),
        format!(
            "[[tool]]\nname = \"log.add\"\nexec = [\"sh\", \"-c\", \"cat >/dev/null; echo run >> {runs}; echo logged\"]\n\n\
             [[tool]]\nname = \"gate.check\"\nexec = [\"sh\", \"-c\", \"cat >/dev/null; test -f {flag} && echo ready\"]\n",
            runs = runs.display(),
            flag = flag.display()
        ),
    )
    .unwrap();
    std::fs::write(
        d.join("flow.toml"),
        "[[step]]\nid = \"first\"\nscript = \"log.add\"\ngrants = [\"log.add:1\"]\n\n\
         [[step]]\nid = \"check\"\nscript = \"gate.check || exit 7; log.add; echo \\\"log.add st=$?\\\"\"\ngrants = [\"gate.check\"]\n\n\
         [[step]]\nid = \"last\"\nscript = \"log.add\"\ngrants = [\"log.add\"]\n",
    )
    .unwrap();
    let p = |n: &str| d.join(n).display().to_string();
    let common = [
        "--workflow",
        &p("flow.toml"),
        "--key-file",
        &p("key"),
        "--tools",
        &p("tools.toml"),
    ];
    let cp_path = p("cp.json");
    let mut run = vec!["run", "--checkpoint", &cp_path];
    run.extend(common);
    let out = wf(&run);
    assert_eq!(out.status.code(), Some(7), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "logged\n");
    assert!(
        text(&out.stderr).contains("step 'check' failed with status 7"),
        "{}",
        text(&out.stderr)
    );
    let cp: Value = serde_json::from_str(&std::fs::read_to_string(p("cp.json")).unwrap()).unwrap();
    assert_eq!(cp["completed"], serde_json::json!(["first"]));
    assert_eq!(cp["remaining"][0]["id"], "check");

    // An edited checkpoint does not verify.
    let mut edited = cp.clone();
    edited["remaining"][0]["script"] = Value::from("log.add; log.add");
    std::fs::write(p("edited.json"), edited.to_string()).unwrap();
    let edited_path = p("edited.json");
    let mut resume = vec!["resume", &edited_path];
    resume.extend(common);
    let out = wf(&resume);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("attestation does not verify"),
        "{}",
        text(&out.stderr)
    );

    std::fs::write(&flag, "").unwrap();
    let mut resume = vec!["resume", &cp_path];
    resume.extend(common);
    let out = wf(&resume);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // `check` is granted gate.check only: its log.add is denied (status 1).
    assert_eq!(text(&out.stdout), "ready\nlog.add st=1\nlogged\n");
    assert!(
        text(&out.stderr).contains("log.add: denied"),
        "{}",
        text(&out.stderr)
    );
    let lines = std::fs::read_to_string(&runs).unwrap().lines().count();
    assert_eq!(
        lines, 2,
        "first ran once, last once; the denied call never ran"
    );
}

#[test]
fn workflow_files_are_checked_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let p = |n: &str| d.join(n).display().to_string();
    for (body, want) in [
        (
            "[[step]]\nid = \"a\"\nscript = \"true\"\ngrants = [\"nope.tool\"]\n",
            "no tool 'nope.tool'",
        ),
        (
            "[[step]]\nid = \"a\"\nscript = \"true\"\n[[step]]\nid = \"a\"\nscript = \"true\"\n",
            "used twice",
        ),
        ("step = []\n", "1 to 256 steps"),
    ] {
        std::fs::write(d.join("flow.toml"), body).unwrap();
        let out = wf(&[
            "run",
            "--workflow",
            &p("flow.toml"),
            "--key-file",
            &p("key"),
            "--demo-tools",
        ]);
        assert_eq!(out.status.code(), Some(2), "{body}");
        assert!(
            text(&out.stderr).contains(want),
            "{body}: {}",
            text(&out.stderr)
        );
    }
    std::fs::write(p("bad.key"), "xyz\n").unwrap();
    std::fs::write(
        d.join("flow.toml"),
        "[[step]]\nid = \"a\"\nscript = \"echo hi\"\n",
    )
    .unwrap();
    let out = wf(&[
        "run",
        "--workflow",
        &p("flow.toml"),
        "--key-file",
        &p("bad.key"),
        "--demo-tools",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("64 hex digits"),
        "{}",
        text(&out.stderr)
    );
}
