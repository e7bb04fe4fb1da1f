//! The load generator of the serve load run (scripts/load-run.sh, issue
//! #30): N concurrent MCP clients for T seconds, each calling a weighted
//! mix of `tools/call`s over streamable HTTP as fast as answers come, in
//! one shared session, one session per client, or stateless. Prints
//! executions/s, latency percentiles, every failure by kind, per-replica
//! counts (from the balancer's replica header), the watched servers'
//! RSS and CPU, and its own CPU time; `--json FILE` writes the same.
//!
//! ```text
//! cargo run --release -p toolsh-benches --bin serve_load -- \
//!   --url http://127.0.0.1:8080/mcp --mix mix.json --clients 200 --duration 60
//!   --session MODE       stateless (default) | per-client | shared
//!   --timeout S          bound on one request (default 15): past it, stuck
//!   --retries N          retries of a call that got no answer (dropped
//!                        connection, HTTP 502/503/504, busy -32000); default 3
//!   --header 'K: V'      sent with every request (e.g. an API key)
//!   --replica-header H   the response header naming the replica (x-replica)
//!   --watch NAME=PID     sample this server's RSS and CPU once a second
//!   --kill NAME@SECS     kill -9 the watched NAME that many seconds in
//!   --metrics NAME=URL   scrape toolsh_executions_total before and after
//!   --label TEXT         the run's name in the report
//!   --json FILE          write the report as JSON
//!   --fail-on-loss       exit 1 when a call was lost, stuck or wrong, or a
//!                        session could not be opened
//! ```
//! The mix file is a JSON array of `{"name", "tool", "arguments",
//! "expect_pointer", "expect", "weight"}`: a call is ok when its result is
//! not an error result and the string at `expect_pointer` (a JSON pointer
//! into the result) equals `expect`.

mod client;
mod procs;
mod stats;

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use serde_json::{Value, json};

use client::{Call, Endpoint, Outcome, Session};
use procs::Watched;
use stats::{BUSY, Tally};

#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How clients use sessions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SessionMode {
    /// Every client initializes, then sends no session id.
    Stateless,
    /// Every client opens a session of its own.
    PerClient,
    /// One session opened first, all clients call in it.
    Shared,
}

#[derive(Parser, Debug)]
#[command(about = "MCP streamable HTTP load generator (toolsh serve load run)")]
struct Args {
    #[arg(long)]
    url: String,
    #[arg(long)]
    mix: std::path::PathBuf,
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    clients: u32,
    /// Seconds of load (0.1 to 3600).
    #[arg(long, default_value_t = 10.0, value_parser = seconds)]
    duration: f64,
    #[arg(long, value_enum, default_value_t = SessionMode::Stateless)]
    session: SessionMode,
    #[arg(long, default_value_t = 15.0, value_parser = seconds)]
    timeout: f64,
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=10))]
    retries: u32,
    #[arg(long = "header")]
    headers: Vec<String>,
    #[arg(long, default_value = "x-replica")]
    replica_header: String,
    #[arg(long = "watch")]
    watch: Vec<String>,
    #[arg(long)]
    kill: Option<String>,
    #[arg(long = "metrics")]
    metrics: Vec<String>,
    #[arg(long, default_value = "run")]
    label: String,
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    #[arg(long)]
    fail_on_loss: bool,
}

fn seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|e| format!("{s:?}: {e}"))?;
    if (0.1..=3600.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is not within 0.1..=3600 seconds"))
    }
}

fn split_pair<'a>(s: &'a str, sep: char, what: &str) -> Result<(&'a str, &'a str), String> {
    s.split_once(sep)
        .filter(|(a, b)| !a.is_empty() && !b.is_empty())
        .ok_or_else(|| format!("{what}: expected A{sep}B, got {s:?}"))
}

/// The mix file's calls.
fn load_mix(path: &std::path::Path) -> Result<Vec<Call>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: Vec<Value> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let calls: Vec<Call> = v
        .iter()
        .map(|c| {
            let field = |k: &str| {
                c[k].as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("{}: a call without {k:?}: {c}", path.display()))
            };
            Ok(Call {
                name: field("name")?,
                params: json!({"name": field("tool")?, "arguments": c["arguments"]}).to_string(),
                expect_pointer: field("expect_pointer")?,
                expect: field("expect")?,
                weight: c["weight"]
                    .as_u64()
                    .map_or(1, |w| u32::try_from(w.min(1_000)).unwrap_or(1)),
            })
        })
        .collect::<Result<_, String>>()?;
    if calls.is_empty() || calls.iter().all(|c| c.weight == 0) {
        return Err(format!("{}: no call with a weight", path.display()));
    }
    Ok(calls)
}

/// A small xorshift generator per client: the mix's pick, no shared state.
struct Pick(u64);

impl Pick {
    fn next<'a>(&mut self, calls: &'a [Call], total: u64) -> &'a Call {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        let mut n = self.0 % total;
        for c in calls {
            if n < u64::from(c.weight) {
                return c;
            }
            n -= u64::from(c.weight);
        }
        &calls[0]
    }
}

/// Whether an attempt's failure is worth another try: no answer came
/// (the replica went away or refused before running anything).
fn retryable(o: &Outcome) -> bool {
    matches!(
        o,
        Outcome::Transport | Outcome::Http(502..=504) | Outcome::Rpc(BUSY)
    )
}

struct Run {
    ep: Endpoint,
    calls: Vec<Call>,
    total_weight: u64,
    retries: u32,
    mode: SessionMode,
}

/// One client: its session, then calls until `end`.
async fn client(
    run: Arc<Run>,
    no: u32,
    shared: Option<Session>,
    start: Arc<tokio::sync::Barrier>,
    t0: Arc<std::sync::OnceLock<Instant>>,
    end_after: Duration,
) -> (Tally, Option<String>) {
    let mut tally = Tally::default();
    let session = if let Some(s) = shared {
        Ok(s)
    } else {
        let mut r = Err(String::new());
        for _ in 0..=run.retries {
            r = run.ep.open(run.mode == SessionMode::PerClient).await;
            if r.is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        r
    };
    start.wait().await;
    let session = match session {
        Ok(s) => s,
        Err(e) => return (tally, Some(format!("client {no}: {e}"))),
    };
    let t0 = *t0.get_or_init(Instant::now);
    let end = t0 + end_after;
    let mut pick =
        Pick(0x9E37_79B9_7F4A_7C15 ^ (u64::from(no) + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    let mut id = u64::from(no) * 1_000_000_000;
    while Instant::now() < end {
        let call = pick.next(&run.calls, run.total_weight);
        let first = Instant::now();
        let mut n = 0;
        loop {
            n += 1;
            id += 1;
            let a = run.ep.call(&session, id, call).await;
            let second = t0.elapsed().as_secs() as usize;
            tally.attempt(&a.outcome, a.replica.as_deref(), second);
            if retryable(&a.outcome) && n <= run.retries {
                tokio::time::sleep(Duration::from_millis(20 * u64::from(n))).await;
                continue;
            }
            tally.call(&a.outcome, n, first.elapsed());
            break;
        }
    }
    (tally, None)
}

#[tokio::main]
async fn main() -> ExitCode {
    match real_main().await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("serve_load: {e}");
            ExitCode::from(2)
        }
    }
}

async fn real_main() -> Result<ExitCode, String> {
    let args = Args::parse();
    let calls = load_mix(&args.mix)?;
    let total_weight = calls.iter().map(|c| u64::from(c.weight)).sum();
    let mut headers = reqwest::header::HeaderMap::new();
    for h in &args.headers {
        let (k, v) = split_pair(h, ':', "--header")?;
        headers.insert(
            reqwest::header::HeaderName::from_bytes(k.trim().as_bytes())
                .map_err(|e| e.to_string())?,
            reqwest::header::HeaderValue::from_str(v.trim()).map_err(|e| e.to_string())?,
        );
    }
    let http = reqwest::Client::builder()
        .no_proxy()
        .tcp_nodelay(true)
        .pool_max_idle_per_host(args.clients as usize + 8)
        .build()
        .map_err(|e| e.to_string())?;
    let ticks = procs::clock_ticks();
    let mut watched = Vec::new();
    for w in &args.watch {
        let (name, pid) = split_pair(w, '=', "--watch")?;
        let pid: u32 = pid.parse().map_err(|e| format!("--watch {w}: {e}"))?;
        watched.push(Watched {
            name: name.to_string(),
            pid,
            samples: Vec::new(),
        });
    }
    let kill = match &args.kill {
        Some(k) => {
            let (name, secs) = split_pair(k, '@', "--kill")?;
            let pid = watched
                .iter()
                .find(|w| w.name == name)
                .ok_or_else(|| format!("--kill {k}: {name} is not --watch'ed"))?
                .pid;
            Some((name.to_string(), pid, seconds(secs)?))
        }
        None => None,
    };
    let mut metrics = Vec::new();
    for m in &args.metrics {
        let (name, url) = split_pair(m, '=', "--metrics")?;
        let before = procs::scrape(&http, url).await;
        metrics.push((name.to_string(), url.to_string(), before));
    }
    for w in &mut watched {
        w.sample(0.0);
    }
    let run = Arc::new(Run {
        ep: Endpoint {
            client: http.clone(),
            url: args.url.clone(),
            headers,
            replica_header: reqwest::header::HeaderName::from_bytes(
                args.replica_header.to_ascii_lowercase().as_bytes(),
            )
            .map_err(|e| e.to_string())?,
            timeout: Duration::from_secs_f64(args.timeout),
        },
        calls,
        total_weight,
        retries: args.retries,
        mode: args.session,
    });
    let shared = if args.session == SessionMode::Shared {
        let s = run.ep.open(true).await?;
        if s.id.is_none() {
            eprintln!("serve_load: the server gave no session id: the shared session is stateless");
        }
        Some(s)
    } else {
        None
    };
    let cpu = procs::SelfCpu::start();
    let barrier = Arc::new(tokio::sync::Barrier::new(args.clients as usize + 1));
    let t0 = Arc::new(std::sync::OnceLock::new());
    let duration = Duration::from_secs_f64(args.duration);
    let tasks: Vec<_> = (0..args.clients)
        .map(|no| {
            tokio::spawn(client(
                run.clone(),
                no,
                shared.clone(),
                barrier.clone(),
                t0.clone(),
                duration,
            ))
        })
        .collect();
    barrier.wait().await;
    let t0 = *t0.get_or_init(Instant::now);
    let watched = Arc::new(Mutex::new(watched));
    let sampler = {
        let watched = watched.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            tick.tick().await;
            loop {
                tick.tick().await;
                let t = t0.elapsed().as_secs_f64();
                for w in watched.lock().unwrap().iter_mut() {
                    w.sample(t);
                }
            }
        })
    };
    let killed = kill.as_ref().map(|(name, pid, secs)| {
        let (name, pid, at) = (name.clone(), *pid, Duration::from_secs_f64(*secs));
        tokio::spawn(async move {
            tokio::time::sleep_until((t0 + at).into()).await;
            let r = procs::kill9(pid);
            (name, t0.elapsed().as_secs_f64(), r)
        })
    });
    let mut tally = Tally::default();
    let mut open_failed = Vec::new();
    for t in tasks {
        let (c, failed) = t.await.map_err(|e| e.to_string())?;
        tally.merge(c);
        open_failed.extend(failed);
    }
    let seconds = t0.elapsed().as_secs_f64();
    sampler.abort();
    let (cpu_secs, cpu_share) = cpu.used(ticks);
    let kill_report = match killed {
        Some(k) => {
            let (name, at, r) = k.await.map_err(|e| e.to_string())?;
            Some(json!({"replica": name, "at_seconds": at, "error": r.err()}))
        }
        None => None,
    };
    let mut servers = serde_json::Map::new();
    {
        let mut ws = watched.lock().unwrap();
        for w in ws.iter_mut() {
            w.sample(seconds);
            servers.insert(w.name.clone(), w.to_json(ticks));
        }
    }
    let mut scraped = serde_json::Map::new();
    for (name, url, before) in metrics {
        let after = procs::scrape(&http, &url).await;
        let delta = match (&before, &after) {
            (Some(b), Some(a)) => Some(
                a.iter()
                    .map(|(k, v)| (k.clone(), json!(v - b.get(k).copied().unwrap_or(0.0))))
                    .collect::<serde_json::Map<_, _>>(),
            ),
            _ => None,
        };
        scraped.insert(name, json!({"executions_delta": delta}));
    }
    let mut report = tally.report(seconds);
    report["label"] = json!(args.label);
    report["url"] = json!(args.url);
    report["clients"] = json!(args.clients);
    report["session"] = json!(format!("{:?}", args.session));
    report["duration_asked"] = json!(args.duration);
    report["open_failed"] = json!(open_failed);
    report["servers"] = Value::Object(servers);
    report["metrics"] = Value::Object(scraped);
    report["kill"] = kill_report.unwrap_or(Value::Null);
    report["load_generator_cpu"] = json!({"seconds": cpu_secs, "share_of_one_core": cpu_share});
    print_report(&report);
    if let Some(path) = &args.json {
        std::fs::write(path, format!("{report:#}\n"))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let lost = tally.lost + tally.stuck + tally.wrong + open_failed.len() as u64;
    Ok(if args.fail_on_loss && lost > 0 {
        eprintln!(
            "serve_load: {}: {} lost, {} stuck, {} wrong, {} sessions not opened",
            args.label,
            tally.lost,
            tally.stuck,
            tally.wrong,
            open_failed.len()
        );
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The report as text.
fn print_report(r: &Value) {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let l = &r["latency_ms"];
    println!(
        "== {}: {} clients, {:.1} s, {} session, {}",
        r["label"].as_str().unwrap_or(""),
        r["clients"],
        f(&r["seconds"]),
        r["session"].as_str().unwrap_or(""),
        r["url"].as_str().unwrap_or("")
    );
    println!(
        "   {:.0} executions/s ({} ok of {} calls); latency ms p50 {:.2} p95 {:.2} p99 {:.2} max {:.1}",
        f(&r["executions_per_second"]),
        r["ok"],
        r["calls"],
        f(&l["p50"]),
        f(&l["p95"]),
        f(&l["p99"]),
        f(&l["max"])
    );
    println!(
        "   lost {}, stuck {}, wrong {}, JSON-RPC errors {}; attempts {}, failed attempts {}; retried {} (answered {})",
        r["lost"],
        r["stuck"],
        r["wrong"],
        r["rpc_errors"],
        r["attempts"],
        r["failed_attempts"],
        r["retried"],
        r["retried_answered"]
    );
    if let Some(o) = r["open_failed"].as_array().filter(|o| !o.is_empty()) {
        println!("   sessions not opened: {} (first: {})", o.len(), o[0]);
    }
    for s in r["wrong_samples"].as_array().into_iter().flatten() {
        println!("   wrong: {}", s.as_str().unwrap_or(""));
    }
    if let Some(k) = r["kill"].as_object() {
        println!(
            "   kill -9 {} at {:.2} s{}",
            k["replica"].as_str().unwrap_or(""),
            f(&k["at_seconds"]),
            k["error"]
                .as_str()
                .map(|e| format!(": {e}"))
                .unwrap_or_default()
        );
    }
    for (name, v) in r["replicas"].as_object().into_iter().flatten() {
        println!(
            "   replica {name}: answered {}, admitted {}, failed {}",
            v["answered"], v["admitted"], v["failed"]
        );
    }
    for (name, v) in r["servers"].as_object().into_iter().flatten() {
        println!(
            "   {name} (pid {}): RSS MB before {:.1}, min {:.1}, max {:.1}, last {:.1}; CPU {:.0}% of a core",
            v["pid"],
            f(&v["rss_mb_before"]),
            f(&v["rss_mb_min"]),
            f(&v["rss_mb_max"]),
            f(&v["rss_mb_last"]),
            100.0 * f(&v["cpu_share_of_one_core"])
        );
    }
    for (name, v) in r["metrics"].as_object().into_iter().flatten() {
        println!("   {name} /metrics executions: {}", v["executions_delta"]);
    }
    let c = &r["load_generator_cpu"];
    println!(
        "   load generator CPU: {:.1} s, {:.0}% of one core",
        f(&c["seconds"]),
        100.0 * f(&c["share_of_one_core"])
    );
}
