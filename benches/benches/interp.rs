//! Interpreter benchmarks (issue 3): shell build + `echo hi`, a 100k-
//! iteration arithmetic loop, 10k function calls, `s+=x` appends at 10k
//! and 100k (linearity), and 1k command substitutions. Each script except
//! the first is also run by real bash, spawned per iteration in the same
//! run (`<bench>/bash`), for the ratio.

use std::process::{Command, Stdio};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use toolsh_interp::Shell;

/// (bench name, script, expected stdout).
const SCRIPTS: [(&str, &str, &str); 5] = [
    (
        "arith_loop_100k",
        "s=0; for ((i = 0; i < 100000; i++)); do s=$((s + i)); done; echo $s",
        "4999950000\n",
    ),
    (
        "function_calls_10k",
        "f() { r=$(( $1 + 1 )); }; for ((i = 0; i < 10000; i++)); do f $i; done; echo $r",
        "10000\n",
    ),
    (
        "append_10k",
        "s=; for ((i = 0; i < 10000; i++)); do s+=x; done; echo ${#s}",
        "10000\n",
    ),
    (
        "append_100k",
        "s=; for ((i = 0; i < 100000; i++)); do s+=x; done; echo ${#s}",
        "100000\n",
    ),
    (
        "command_substitution_1k",
        "t=0; for ((i = 0; i < 1000; i++)); do v=$(echo $i); t=$((t + v)); done; echo $t",
        "499500\n",
    ),
];

fn bash(script: &str) -> Vec<u8> {
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .expect("bash runs")
        .stdout
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");

    let mut g = c.benchmark_group("interp");
    g.bench_function("startup_echo_hi", |b| {
        b.to_async(&rt).iter(|| async {
            let mut sh = Shell::builder().build();
            let r = sh.exec("echo hi").await;
            assert_eq!(r.stdout, "hi\n");
        });
    });
    g.finish();

    for (name, script, want) in SCRIPTS {
        // Same work on both sides: check the outputs once before timing.
        assert_eq!(String::from_utf8_lossy(&bash(script)), want, "bash: {name}");
        let mut g = c.benchmark_group(format!("interp/{name}"));
        g.sample_size(10);
        g.bench_function(BenchmarkId::from_parameter("toolsh"), |b| {
            b.to_async(&rt).iter(|| async {
                let mut sh = Shell::builder().build();
                let r = sh.exec(script).await;
                assert_eq!(r.stdout, want, "{}", r.stderr);
            });
        });
        g.bench_function(BenchmarkId::from_parameter("bash"), |b| {
            b.iter(|| bash(script));
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
