//! Tests across utilities.

use crate::{cat::Cat, head::Head, rev::Rev, tac::Tac, tail::Tail};
use toolsh_command::Utility;
use toolsh_command::testing::TestShell;

/// Each utility keeps its own wording for an operand it cannot open,
/// prints what it wrote before the message, and goes on (status 1).
#[tokio::test]
async fn open_failure_wording() {
    let cases: [(&dyn Utility, &str, &str); 5] = [
        (&Cat, "cat", "cat: nope: "),
        (&Head, "head", "head: cannot open 'nope' for reading: "),
        (&Tail, "tail", "tail: cannot open 'nope' for reading: "),
        (&Rev, "rev", "rev: cannot open nope: "),
        (&Tac, "tac", "tac: failed to open 'nope' for reading: "),
    ];
    for (b, name, want) in cases {
        let mut sh = TestShell::default();
        let r = sh.run(b, &[name, "-", "nope", "-"], "x\n").await;
        assert!(matches!(r.status, Ok(1)), "{name}: {:?}", r.status);
        assert!(r.stderr.starts_with(want), "{name}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{name}: {}", r.stderr);
        assert!(!r.stdout.is_empty(), "{name}: nothing before the error");
    }
}
