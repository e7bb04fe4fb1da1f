//! The oracle runner itself: the environment it gives bash, statuses, the
//! order of parallel runs and the timeout. These need the oracles
//! (`scripts/install-oracles.sh`, which `scripts/test.sh` runs); without
//! them every test is reported as ignored and a `N skipped:` line says why.

use std::sync::Arc;
use std::time::{Duration, Instant};

use toolsh_spec::harness::{self, Requirement};
use toolsh_spec::oracle::{Oracle, OracleError, run_all};

fn main() -> std::process::ExitCode {
    let tests: Vec<harness::Test<Oracle>> = vec![
        (
            "environment_is_the_documented_one",
            environment_is_the_documented_one,
        ),
        ("status_and_signals", status_and_signals),
        ("run_all_keeps_the_order", run_all_keeps_the_order),
        ("timeout_kills_the_group", timeout_kills_the_group),
    ];
    let requirement = Requirement::check("the oracles (scripts/install-oracles.sh)", || {
        Oracle::new().map(Arc::new).map_err(|e| e.to_string())
    });
    harness::run_with(requirement, tests)
}

fn environment_is_the_documented_one(o: &Oracle) {
    let got = o
        .run("echo \"$LC_ALL $TZ\"; [[ $HOME == \"$PWD\" ]] && echo home=cwd; ls -A | wc -l; read x; echo \"read=$?\"; awk --version | head -c 8; echo; jq --version; env | cut -d= -f1 | sort | tr '\\n' ' '\n")
        .unwrap();
    assert_eq!(
        got.stdout,
        "C UTC\nhome=cwd\n0\nread=1\nGNU Awk \njq-1.7.1\nHOME LC_ALL PATH PWD SHLVL TZ _ "
    );
    assert_eq!(got.status, 0);
    let utf8 = o
        .run_in("echo \"$LC_ALL\"; x=é; echo ${#x}\n", "C.UTF-8")
        .unwrap();
    assert_eq!(utf8.stdout, "C.UTF-8\n1\n");
}

fn status_and_signals(o: &Oracle) {
    assert_eq!(o.run("exit 7").unwrap().status, 7);
    assert_eq!(o.run("kill -TERM $$").unwrap().status, 143);
}

fn run_all_keeps_the_order(o: &Oracle) {
    let scripts: Vec<String> = (0..20).map(|i| format!("echo {i}; exit {i}")).collect();
    let refs: Vec<&str> = scripts.iter().map(String::as_str).collect();
    let got = run_all(o, &refs, "C", 4);
    for (i, r) in got.into_iter().enumerate() {
        let e = r.unwrap();
        assert_eq!((e.stdout, e.status), (format!("{i}\n"), i as i32));
    }
}

fn timeout_kills_the_group(_: &Oracle) {
    let o = Oracle::new()
        .expect("checked by the requirement")
        .with_timeout(Duration::from_millis(300));
    let started = Instant::now();
    let e = o.run("sleep 30 & sleep 30").unwrap_err();
    assert!(matches!(e, OracleError::Timeout(_)), "{e}");
    assert!(started.elapsed() < Duration::from_secs(5));
}
