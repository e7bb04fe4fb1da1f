//! Warnings bash 5.2 prints on stderr, which the spec corpus does not
//! compare: the text toolsh prints for the same scripts.

use toolsh_interp::Shell;

async fn run(script: &str) -> (String, String, i32) {
    let mut sh = Shell::builder().utilities(toolsh_utils::standard()).build();
    let r = sh.exec(script).await;
    (r.stdout, r.stderr, r.exit_code)
}

#[tokio::test]
async fn here_document_delimited_by_end_of_file() {
    let (out, err, status) = run("echo one\ncat <<EOF; echo after\nx\n").await;
    assert_eq!((out.as_str(), status), ("one\nx\nafter\n", 0));
    assert_eq!(
        err,
        "toolsh: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')\n"
    );
    // Once, though the command runs twice.
    let (out, err, _) = run("for i in 1 2; do cat <<E; done\n$i").await;
    assert_eq!(out, "1\n2\n");
    assert_eq!(err.matches("delimited by end-of-file").count(), 1, "{err}");
    // A delimited body: no warning.
    let (_, err, _) = run("cat <<EOF\nx\nEOF").await;
    assert_eq!(err, "");
}

#[tokio::test]
async fn circular_name_reference() {
    let (out, err, status) =
        run("declare -n a=b; declare -n b=a\necho \"[$a]\"\na=1; echo no\n").await;
    assert_eq!((out.as_str(), status), ("[]\n", 1));
    assert_eq!(
        err,
        "toolsh: line 2: warning: a: circular name reference\n\
         toolsh: line 3: warning: a: circular name reference\n"
    );
}

#[tokio::test]
async fn element_length_unbound_names_the_array() {
    let (out, err, status) = run("set -u\ndeclare -A m\necho \"${#m[x]}\"\necho next $?\n").await;
    assert_eq!((out.as_str(), status), ("next 1\n", 0));
    assert_eq!(err, "toolsh: line 3: m: unbound variable\n");
}
