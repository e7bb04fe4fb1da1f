//! What the UTF-8 locale costs the text utilities on ASCII input: each
//! script of the `utils` criterion bench (and the `awk_sed_grep` compare
//! scripts' shapes) run in one process under `Locale::C` and under the
//! default `Locale::Utf8`, alternated, fastest and median of N runs each.
//! The same build, the same input, the same moment: the ratio is the
//! locale's cost, which issue 25 bounds at 5%.
//!
//! `cargo run --release -p toolsh-benches --example locale_ab -- [RUNS]`
//! (default 7). Prints one line per script: fastest and median of C and
//! of UTF-8 in ms, and UTF-8 / C of the fastest runs.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use toolsh_interp::{Locale, Shell};

/// A deterministic generator (the bench inputs need no quality).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (self.0 >> 33) % n
    }
}

const WORDS: [&str; 8] = [
    "GET", "POST", "users", "orders", "alpha", "beta", "gamma", "delta",
];

/// About `bytes` of log lines like the criterion bench's.
fn log(bytes: usize) -> String {
    let mut r = Lcg(2);
    let mut s = String::new();
    let mut i = 0u64;
    while s.len() < bytes {
        let status = [200, 200, 201, 304, 404, 500, 503, 200][r.next(8) as usize];
        let _ = writeln!(
            s,
            "2026-11-30T12:{:02}:{:02} {} /api/v1/{}/{i} status={status} ms={} {}",
            r.next(60),
            r.next(60),
            WORDS[r.next(2) as usize],
            WORDS[2 + r.next(2) as usize],
            r.next(900),
            WORDS[4 + r.next(4) as usize],
        );
        i += 1;
    }
    s
}

fn run(rt: &tokio::runtime::Runtime, locale: Locale, script: &str, input: &str) -> Duration {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .locale(locale)
        .stdin(input.as_bytes().to_vec())
        .build();
    let t = Instant::now();
    let r = rt.block_on(sh.exec(script));
    let took = t.elapsed();
    assert_eq!(r.exit_code, 0, "{script}: {}", r.stderr);
    took
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    sigpipe::reset();
    let runs: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 7,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: locale_ab [RUNS]   (RUNS a positive whole number)");
            std::process::exit(2);
        }
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let input = log(4 << 20);
    let scripts = [
        "grep -c 'status=5[0-9][0-9]'",
        "grep -c -w -e 42 -e 420",
        "grep -c -E '^(2026|x).*(GET|POST)'",
        "sed 's/status=/code=/g' | tail -1",
        "sed -n '/^2026.*5$/p' | wc -l",
        "sed 's/\\(.\\)0 /\\1-zero /' | tail -1",
        "awk '{ s += length($0) } END { print s }'",
        "awk '{ n += gsub(/[0-9]+/, \"#\") } END { print n }'",
        "wc -m",
        "[[ $(head -1) =~ ^2026.*(GET|POST) ]] && echo y",
    ];
    println!("script | C fastest/median ms | UTF-8 fastest/median ms | UTF-8/C");
    for script in scripts {
        let mut c = Vec::with_capacity(runs);
        let mut u = Vec::with_capacity(runs);
        for _ in 0..runs {
            c.push(run(&rt, Locale::C, script, &input));
            u.push(run(&rt, Locale::Utf8, script, &input));
        }
        c.sort_unstable();
        u.sort_unstable();
        println!(
            "{script} | {:.1}/{:.1} | {:.1}/{:.1} | {:.3}",
            ms(c[0]),
            ms(c[runs / 2]),
            ms(u[0]),
            ms(u[runs / 2]),
            u[0].as_secs_f64() / c[0].as_secs_f64()
        );
    }
}
