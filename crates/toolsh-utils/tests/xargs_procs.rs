//! `xargs -P` runs its invocations side by side (GNU findutils manual,
//! "xargs invocation": "Run up to max-procs processes at a time"). The
//! clock is tokio's paused test clock, so "side by side" is shown by the
//! virtual time that passes, not by timing the machine: four `sleep 1`
//! invocations take one virtual second under `-P 4` and four without.

use std::time::Duration;

use toolsh_interp::{ExecutionLimits, Shell};

async fn virtual_seconds(script: &str) -> (f64, String, i32) {
    let start = tokio::time::Instant::now();
    let r = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(ExecutionLimits::default().with_timeout(Some(Duration::from_mins(10))))
        .build()
        .exec(script)
        .await;
    (start.elapsed().as_secs_f64(), r.stdout, r.exit_code)
}

#[tokio::test(start_paused = true)]
async fn invocations_run_side_by_side_up_to_the_bound() {
    let (t, out, st) =
        virtual_seconds("yes 1 | head -n 4 | xargs -P 4 -n 1 sleep; echo done").await;
    assert_eq!((out.as_str(), st), ("done\n", 0));
    assert!((1.0..1.5).contains(&t), "-P 4: {t} s");
    let (t, _, _) = virtual_seconds("yes 1 | head -n 4 | xargs -P 2 -n 1 sleep").await;
    assert!((2.0..2.5).contains(&t), "-P 2: {t} s");
    let (t, _, _) = virtual_seconds("yes 1 | head -n 4 | xargs -n 1 sleep").await;
    assert!((4.0..4.5).contains(&t), "no -P: {t} s");
}

#[tokio::test(start_paused = true)]
async fn a_stop_waits_for_the_invocations_still_running() {
    // The invocation exiting 255 stops xargs (status 124), but the
    // `sleep 3` started beside it finishes first: nothing xargs started
    // outlives it.
    let (t, out, st) = virtual_seconds(
        "f() { [ \"$1\" = stop ] && return 255; sleep \"$1\"; echo \"slept $1\"; }
         printf '3\\nstop\\n5\\n' | xargs -P 2 -n 1 f; echo \"status $?\"",
    )
    .await;
    assert_eq!((out.as_str(), st), ("slept 3\nstatus 124\n", 0));
    assert!((3.0..3.5).contains(&t), "{t} s");
}

#[tokio::test(start_paused = true)]
async fn a_started_invocation_changes_nothing_in_the_shell() {
    // Each runs in a copy of the shell, as a child process would.
    let (_, out, _) = virtual_seconds(
        "n=0; bump() { n=$((n + $1)); echo \"in: $n\"; }
         printf '1\\n2\\n' | xargs -P 2 -n 1 bump | sort; echo \"after: $n\"",
    )
    .await;
    assert_eq!(out, "in: 1\nin: 2\nafter: 0\n");
}
