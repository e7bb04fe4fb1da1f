//! The comparison runner: every script of `benches/scripts/` through
//! toolsh, bashkit and bash in the same run; regenerates the "Side by
//! side" and "Scaling" sections of docs/benchmarks.md.
//!
//! ```text
//! cargo run --release -p toolsh-benches --bin compare [-- OPTIONS]
//!   --smoke        one run per script and runner, smallest scaling sizes,
//!                  no memory table; prints, does not write the docs
//!   --filter S     only the scripts whose category/name contains S (or
//!                  any of S's comma-separated parts)
//!   --no-scaling   skip the scaling series
//!   --no-write     print the report instead of writing docs/benchmarks.md
//!   --write        write the docs even with --smoke or --filter
//! ```
//! Exit status 1 when a runner could not run at all (bash missing, a
//! script file unreadable); output differences are reported, not fatal.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use toolsh_benches::compare::measure::{Budget, measure};
use toolsh_benches::compare::report::{self, RunInfo, ScriptResult};
use toolsh_benches::compare::runners::{Runner, Runners};
use toolsh_benches::compare::{
    bashkit_version, first_line_of, load_average, machine, rss, scaling, scripts,
};

struct Options {
    smoke: bool,
    filter: Option<String>,
    scaling: bool,
    write: Option<bool>,
    rss_child: Option<(String, String)>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        smoke: false,
        filter: None,
        scaling: true,
        write: None,
        rss_child: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--smoke" => o.smoke = true,
            "--filter" => o.filter = Some(args.next().ok_or("--filter needs a value")?),
            "--no-scaling" => o.scaling = false,
            "--no-write" => o.write = Some(false),
            "--write" => o.write = Some(true),
            "--rss-child" => {
                let r = args.next().ok_or("--rss-child needs RUNNER ID")?;
                let id = args.next().ok_or("--rss-child needs RUNNER ID")?;
                o.rss_child = Some((r, id));
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let opts = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("compare: {e}");
            return ExitCode::from(2);
        }
    };
    let work = std::env::temp_dir().join(format!("toolsh-compare-{}", std::process::id()));
    let code = run(&opts, &work);
    let _ = std::fs::remove_dir_all(&work);
    code
}

fn run(opts: &Options, work: &std::path::Path) -> ExitCode {
    let runners = match Runners::new(work.join("cwd")) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("compare: cannot set up the runners: {e}");
            return ExitCode::FAILURE;
        }
    };
    let filter = opts
        .rss_child
        .as_ref()
        .map(|(_, id)| id.as_str())
        .or(opts.filter.as_deref());
    let all = match scripts::load(&scripts::scripts_dir(), &work.join("bash"), filter) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("compare: cannot load the scripts: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some((runner, id)) = &opts.rss_child {
        let Some(runner) = Runner::from_name(runner) else {
            eprintln!("compare: unknown runner {runner}");
            return ExitCode::from(2);
        };
        let Some(script) = all.iter().find(|s| s.id() == *id) else {
            eprintln!("compare: no script {id}");
            return ExitCode::from(2);
        };
        rss::child(&runners, runner, script);
        return ExitCode::SUCCESS;
    }

    let load_start = load_average();
    let started = Instant::now();
    let budget = if opts.smoke {
        Budget::SMOKE
    } else {
        Budget {
            min_iters: 3,
            max_iters: 100,
            time: Duration::from_millis(300),
        }
    };
    let mut results = Vec::with_capacity(all.len());
    let mut broken = false;
    for s in &all {
        let runs = Runner::ALL.map(|r| measure(&runners, r, s, budget));
        let r = ScriptResult {
            script: s.clone(),
            runs,
        };
        if r.of(Runner::Bash).first.status == -1 {
            eprintln!(
                "compare: bash could not run {}: {}",
                s.id(),
                r.of(Runner::Bash).first.stderr
            );
            broken = true;
        }
        eprintln!(
            "{:<40} bash {:>9} bashkit {:>9} toolsh {:>9}  toolsh={} bashkit={}",
            s.id(),
            report::fmt_time(r.of(Runner::Bash).median),
            report::fmt_time(r.of(Runner::Bashkit).median),
            report::fmt_time(r.of(Runner::Toolsh).median),
            if r.matches(Runner::Toolsh) {
                "ok"
            } else {
                "DIFF"
            },
            if r.matches(Runner::Bashkit) {
                "ok"
            } else {
                "DIFF"
            },
        );
        if !r.matches(Runner::Toolsh) {
            // Every script's output is bash's (the suite's first target):
            // a difference fails the run, after the report is written.
            eprintln!("compare: toolsh's output of {} differs from bash's", s.id());
            broken = true;
        }
        results.push(r);
    }

    let mut extra = String::new();
    if !opts.smoke {
        let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("compare"));
        let rss_scripts: Vec<&scripts::Script> = all
            .iter()
            .filter(|s| {
                s.id() == "startup/echo_hi"
                    || s.id() == "tool_calls/single_call"
                    || s.id().starts_with("large_data/")
            })
            .collect();
        if !rss_scripts.is_empty() {
            extra = rss::table(&exe, &runners, &rss_scripts);
        }
    }
    let total = started.elapsed();
    let load_end = load_average();

    let mut command = String::from("cargo run --release -p toolsh-benches --bin compare");
    if opts.smoke || opts.filter.is_some() || !opts.scaling {
        command.push_str(" --");
        if opts.smoke {
            command.push_str(" --smoke");
        }
        if let Some(f) = &opts.filter {
            command.push_str(" --filter ");
            command.push_str(f);
        }
        if !opts.scaling {
            command.push_str(" --no-scaling");
        }
    }
    let info = RunInfo {
        command,
        date: first_line_of("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_default(),
        machine: machine(),
        load: format!(
            "load average {load_start} at the start, {load_end} at the end (1, 5, 15 min); the 2 cores were shared with other engineers' builds, so absolute times are inflated and noisy"
        ),
        versions: format!(
            "toolsh {} (release build), bashkit {} (crates.io, in-process), {}, {}, {}, {}",
            env!("CARGO_PKG_VERSION"),
            bashkit_version(),
            first_line_of("bash", &["--version"]).unwrap_or_default(),
            first_line_of(&format!("{}/jq", oracle_bin()), &["--version"])
                .or_else(|| first_line_of("jq", &["--version"]))
                .unwrap_or_default(),
            first_line_of("gawk", &["--version"]).unwrap_or_default(),
            first_line_of("rustc", &["--version"]).unwrap_or_default(),
        ),
        method: format!(
            "each script runs once per runner untimed (its stdout is the one compared with bash's), then {}; each toolsh run builds a fresh `Shell` (Sandbox profile, fresh `MemoryFs`, default limits; compiled jq programs are shared process-wide, 32 most recent, as in any long-running host, so the untimed first run compiles them), each bashkit run a fresh `Bash` (CLI limits), each bash run spawns `bash FILE` with a clean environment (utilities are the real GNU tools and jq 1.7.1, spawned by bash). Tool calls: toolsh registers `ToolDef`s with JSON Schemas (validated on every call), bashkit registers custom builtins, bash defines shell functions printing the same JSON",
            if opts.smoke {
                "nothing more (smoke mode: the median is that single run)".to_string()
            } else {
                format!(
                    "timed runs until at least {} runs and {} ms, at most {} runs; the median is reported",
                    budget.min_iters,
                    budget.time.as_millis(),
                    budget.max_iters
                )
            }
        ),
        total,
    };
    let compare_md = report::markdown(&results, &info, &extra);
    let scaling_md = opts.scaling.then(|| scaling::run(opts.smoke));

    let write = opts.write.unwrap_or(!opts.smoke && opts.filter.is_none());
    if write {
        let path = toolsh_benches::repo_root().join("docs/benchmarks.md");
        let doc = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".into());
        let mut doc = report::splice(&doc, "compare", &compare_md);
        if let Some(s) = &scaling_md {
            doc = report::splice(&doc, "scaling", s);
        }
        if let Err(e) = std::fs::write(&path, doc) {
            eprintln!("compare: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        eprintln!("compare: wrote {}", path.display());
    } else {
        println!("{compare_md}");
        if let Some(s) = &scaling_md {
            println!("{s}");
        }
    }
    for t in report::targets(&results) {
        eprintln!("target: {t}");
    }
    if broken {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn oracle_bin() -> String {
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    format!("{home}/.cache/toolsh-oracles/bin")
}
