//! `toolsh fmt` keeps a script's comments: every comment text, the
//! shebang first, in source order; its output is a fixed point; and GNU
//! bash prints the same for the formatted script as for the original.

use std::io::Write;
use std::process::{Command, Stdio};

/// A script with a comment in every place the canonical form keeps one.
const SCRIPT: &str = r#"#!/usr/bin/env bash
# Leading block, line one.
# Line two.

greet() {   # after the brace
  # before the body
  echo "hi $1"   # trailing
  # end of the body
}

if [ -n "x" ]; then # on the then line
  # inside then
  greet you
  # end of then
else
  # inside else
  echo no
fi # after fi

i=0
while [ $i -lt 2 ] # the condition
do
  # loop body
  i=$((i + 1)); echo "i=$i" # counted
  # end of loop body
done

case "$i" in # subject
  # before the first pattern
  2) echo two # in the clause
    # end of the clause
    ;; # after the terminator
  *) echo other ;;
  # before esac
esac
echo "a # not a comment" a#b $(echo sub # inside a substitution
)
# the last line
"#;

/// `toolsh fmt -` over `src`: its standard output.
fn fmt(src: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(src.as_bytes())
        .expect("write script");
    let out = child.wait_with_output().expect("toolsh fmt");
    assert!(
        out.status.success(),
        "toolsh fmt failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// GNU bash's standard output for `src` (status 0 required).
fn bash(src: &str) -> String {
    let out = Command::new("bash")
        .arg("-c")
        .arg(src)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .expect("run bash");
    assert!(out.status.success(), "bash failed on:\n{src}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The comment texts of `SCRIPT`, in order: every `#` that bash reads as
/// a comment, through the end of its line.
const COMMENTS: &[&str] = &[
    "#!/usr/bin/env bash",
    "# Leading block, line one.",
    "# Line two.",
    "# after the brace",
    "# before the body",
    "# trailing",
    "# end of the body",
    "# on the then line",
    "# inside then",
    "# end of then",
    "# inside else",
    "# after fi",
    "# the condition",
    "# loop body",
    "# counted",
    "# end of loop body",
    "# subject",
    "# before the first pattern",
    "# in the clause",
    "# end of the clause",
    "# after the terminator",
    "# before esac",
    "# inside a substitution",
    "# the last line",
];

#[test]
fn fmt_keeps_every_comment_in_order() {
    let out = fmt(SCRIPT);
    assert!(out.starts_with("#!/usr/bin/env bash\n"), "{out}");
    let mut rest = out.as_str();
    for c in COMMENTS {
        let at = rest
            .find(c)
            .unwrap_or_else(|| panic!("{c:?} missing or out of order in:\n{out}"));
        rest = &rest[at + c.len()..];
    }
    // Each once, and no `#` added or lost (the script's other `#`s are
    // in a quoted string and in a word).
    for c in COMMENTS {
        assert_eq!(out.matches(c).count(), 1, "{c:?} in:\n{out}");
    }
    assert_eq!(
        out.matches('#').count(),
        SCRIPT.matches('#').count(),
        "{out}"
    );
}

#[test]
fn fmt_output_is_stable() {
    let once = fmt(SCRIPT);
    assert_eq!(fmt(&once), once);
}

#[test]
fn formatted_script_runs_as_the_original_under_bash() {
    let want = bash(SCRIPT);
    assert_eq!(want, "hi you\ni=1\ni=2\ntwo\na # not a comment a#b sub\n");
    assert_eq!(bash(&fmt(SCRIPT)), want);
}
