//! Text-utility benchmarks (issues 5 and 6): each toolsh utility and the
//! real program on the same generated input in the same run. toolsh reads
//! the input as the shell's stdin (in memory); the real program reads it
//! from a file in a temporary directory (page cache) and its stdout is
//! collected through a pipe. Outputs are checked equal once before timing.
//!
//! - jq `.[] | select(.x > 5) | .name` over 10 MB of JSON (jq 1.7.1)
//! - `grep -c` over 10 MB of log text (GNU grep)
//! - `sort -n` of 1M lines (GNU sort, `LC_ALL=C`)
//! - `sed s///g` over 10 MB (GNU sed)
//! - awk: summing a column of 1M lines, word frequencies over 10 MB
//!   (gawk and mawk)

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use bytes::Bytes;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use toolsh_interp::{ExecutionLimits, Shell};

const TEN_MB: usize = 10 * 1000 * 1000;

/// A deterministic pseudo-random sequence (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % bound
    }
}

fn json_10mb() -> String {
    let mut r = Lcg(1);
    let mut s = String::from("[");
    let mut i = 0u64;
    while s.len() < TEN_MB {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(
            s,
            "{{\"id\":{i},\"x\":{},\"name\":\"user-{i}\",\"email\":\"u{i}@example.com\",\"tags\":[\"t{}\",\"t{}\"],\"score\":{}.{}}}",
            r.next(10),
            r.next(20),
            r.next(20),
            r.next(1000),
            r.next(100)
        );
        i += 1;
    }
    s.push(']');
    s
}

const WORDS: [&str; 16] = [
    "GET", "POST", "user", "order", "alpha", "beta", "gamma", "delta", "cache", "miss", "hit",
    "timeout", "retry", "ok", "error", "warn",
];

fn log_10mb() -> String {
    let mut r = Lcg(2);
    let mut s = String::new();
    let mut i = 0u64;
    while s.len() < TEN_MB {
        let status = [200, 200, 200, 201, 304, 404, 500, 503][r.next(8) as usize];
        let _ = writeln!(
            s,
            "2026-11-30T12:{:02}:{:02} {} /api/v1/{}/{} status={status} ms={} {} {}",
            r.next(60),
            r.next(60),
            WORDS[r.next(2) as usize],
            WORDS[2 + r.next(2) as usize],
            i,
            r.next(900),
            WORDS[4 + r.next(12) as usize],
            WORDS[4 + r.next(12) as usize],
        );
        i += 1;
    }
    s
}

fn numbers_1m() -> String {
    let mut r = Lcg(3);
    let mut s = String::new();
    for _ in 0..1_000_000 {
        let _ = writeln!(s, "{}", r.next(10_000_000));
    }
    s
}

fn columns_1m() -> String {
    let mut r = Lcg(4);
    let mut s = String::new();
    for i in 0..1_000_000u64 {
        let _ = writeln!(
            s,
            "k{} {} {}",
            i % 100,
            r.next(100_000),
            WORDS[r.next(16) as usize]
        );
    }
    s
}

fn jq_bin() -> String {
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    let oracle = format!("{home}/.cache/toolsh-oracles/bin/jq");
    if Path::new(&oracle).exists() {
        oracle
    } else {
        "jq".into()
    }
}

fn limits() -> ExecutionLimits {
    ExecutionLimits {
        max_stdout_bytes: 64 * 1024 * 1024,
        ..ExecutionLimits::default()
    }
}

/// One utility: a name, the toolsh script over stdin, the real program
/// and its arguments (the input file is appended), and the input.
struct Case {
    name: &'static str,
    script: &'static str,
    program: String,
    args: Vec<&'static str>,
    input: PathBuf,
    /// Compare outputs as sorted line sets (awk `for (k in a)` order).
    unordered: bool,
}

fn real(case: &Case) -> Vec<u8> {
    Command::new(&case.program)
        .args(&case.args)
        .arg(&case.input)
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .expect("the real program runs")
        .stdout
}

fn toolsh(rt: &tokio::runtime::Runtime, script: &str, input: &Bytes) -> String {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits())
        .stdin(input.clone())
        .build();
    let r = rt.block_on(sh.exec(script));
    assert_eq!(r.exit_code, 0, "{script}: {}", r.stderr);
    r.stdout
}

fn same(a: &[u8], b: &[u8], unordered: bool) -> bool {
    if !unordered {
        return a == b;
    }
    let mut x: Vec<&[u8]> = a.split(|c| *c == b'\n').collect();
    let mut y: Vec<&[u8]> = b.split(|c| *c == b'\n').collect();
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let dir = std::env::temp_dir().join(format!("toolsh-utils-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let write = |name: &str, text: String| -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("write input");
        p
    };
    let json = write("data.json", json_10mb());
    let log = write("log.txt", log_10mb());
    let nums = write("numbers.txt", numbers_1m());
    let cols = write("columns.txt", columns_1m());

    let mut cases = vec![
        Case {
            name: "jq_select_10mb",
            script: "jq '.[] | select(.x > 5) | .name'",
            program: jq_bin(),
            args: vec![".[] | select(.x > 5) | .name"],
            input: json,
            unordered: false,
        },
        Case {
            name: "grep_count_10mb",
            script: "grep -c 'status=5[0-9][0-9]'",
            program: "grep".into(),
            args: vec!["-c", "status=5[0-9][0-9]"],
            input: log.clone(),
            unordered: false,
        },
        Case {
            name: "sort_n_1m",
            script: "sort -n",
            program: "sort".into(),
            args: vec!["-n"],
            input: nums,
            unordered: false,
        },
        Case {
            name: "sed_subst_g_10mb",
            script: "sed 's/status=/code=/g'",
            program: "sed".into(),
            args: vec!["s/status=/code=/g"],
            input: log.clone(),
            unordered: false,
        },
    ];
    for prog in ["gawk", "mawk"] {
        cases.push(Case {
            name: if prog == "gawk" {
                "awk_sum_column_1m_vs_gawk"
            } else {
                "awk_sum_column_1m_vs_mawk"
            },
            script: "awk '{ s += $2 } END { print s }'",
            program: prog.into(),
            args: vec!["{ s += $2 } END { print s }"],
            input: cols.clone(),
            unordered: false,
        });
        cases.push(Case {
            name: if prog == "gawk" { "awk_word_freq_10mb_vs_gawk" } else { "awk_word_freq_10mb_vs_mawk" },
            script: "awk '{ for (i = 1; i <= NF; i++) c[$i]++ } END { for (w in c) print c[w], w }'",
            program: prog.into(),
            args: vec!["{ for (i = 1; i <= NF; i++) c[$i]++ } END { for (w in c) print c[w], w }"],
            input: log.clone(),
            unordered: true,
        });
    }

    for case in &cases {
        let input = Bytes::from(std::fs::read(&case.input).expect("read input"));
        let want = real(case);
        let got = toolsh(&rt, case.script, &input);
        if !same(&want, got.as_bytes(), case.unordered) {
            eprintln!(
                "WARNING {}: toolsh's output differs from {} ({} vs {} bytes)",
                case.name,
                case.program,
                got.len(),
                want.len()
            );
        }
        let mut g = c.benchmark_group(format!("utils/{}", case.name));
        g.sample_size(10);
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_function(BenchmarkId::from_parameter("toolsh"), |b| {
            b.iter(|| toolsh(&rt, case.script, &input));
        });
        let real_name = Path::new(&case.program)
            .file_name()
            .map_or_else(|| "real".into(), |f| f.to_string_lossy().into_owned());
        g.bench_function(BenchmarkId::from_parameter(real_name), |b| {
            b.iter(|| real(case));
        });
        g.finish();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
