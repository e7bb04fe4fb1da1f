//! Peak resident memory per script, each run in a fresh child process so
//! that one script's peak does not hide another's. For toolsh and bashkit
//! the compare binary re-runs itself as `compare --rss-child RUNNER ID`,
//! which runs the script once and prints `VmHWM` from
//! `/proc/self/status` before and after (kB); for bash, GNU time's `%M`
//! (maximum resident set size of bash or of the largest process it
//! waited for, kB).

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use super::runners::{Runner, Runners, bash_command};
use super::scripts::Script;

/// `VmHWM` (peak resident set size) of this process in kB.
pub fn vm_hwm_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The child side: run `script` once under `runner` and print
/// `BEFORE_KB PEAK_KB STATUS`.
pub fn child(runners: &Runners, runner: Runner, script: &Script) {
    let before = vm_hwm_kb().unwrap_or(0);
    let r = runners.run(runner, script);
    let after = vm_hwm_kb().unwrap_or(0);
    println!("{before} {after} {}", r.status);
}

/// Peak memory of one script under one runner, in kB: (baseline of the
/// process before the script, peak). For bash the baseline is 0.
pub fn measure(
    exe: &Path,
    runners: &Runners,
    runner: Runner,
    script: &Script,
) -> Option<(u64, u64)> {
    let out = match runner {
        Runner::Bash => {
            let time = Path::new("/usr/bin/time");
            if !time.exists() {
                return None;
            }
            let c = bash_command(&script.bash_file, Path::new("/tmp"), runners.path_env());
            let prog = c.get_program().to_owned();
            let args: Vec<_> = c.get_args().map(ToOwned::to_owned).collect();
            let mut t = Command::new(time);
            t.arg("-f").arg("RSS %M").arg(prog).args(args);
            let work = std::env::temp_dir().join("toolsh-compare-rss");
            std::fs::create_dir_all(&work).ok()?;
            t.env_clear()
                .envs(c.get_envs().filter_map(|(k, v)| v.map(|v| (k, v))))
                .current_dir(work)
                .stdin(Stdio::null())
                .stdout(Stdio::null());
            let o = t.output().ok()?;
            let err = String::from_utf8_lossy(&o.stderr);
            let kb = err.lines().rev().find_map(|l| l.strip_prefix("RSS "))?;
            return kb.trim().parse().ok().map(|k| (0, k));
        }
        _ => Command::new(exe)
            .arg("--rss-child")
            .arg(runner.name())
            .arg(script.id())
            .stdin(Stdio::null())
            .output()
            .ok()?,
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace();
    let before = it.next()?.parse().ok()?;
    let peak = it.next()?.parse().ok()?;
    Some((before, peak))
}

/// The markdown table of peak memory for `scripts`.
pub fn table(exe: &Path, runners: &Runners, scripts: &[&Script]) -> String {
    let mut out = String::from(
        "### Peak memory (fresh child process per script)\n\n\
         toolsh and bashkit: `VmHWM` of a child process that builds the runner and runs the \
         script once; \"baseline\" is the child's peak before the script (binary, runtime, tool \
         registry), \"+script\" the growth the script caused. bash: GNU time `%M` (the largest \
         process: bash or one of the utilities it spawned).\n\n\
         | script | toolsh peak (baseline +script) | bashkit peak (baseline +script) | bash peak |\n\
         |---|---|---|---|\n",
    );
    let fmt = |m: Option<(u64, u64)>| match m {
        Some((b, p)) if b > 0 => format!("{} ({} +{})", mb(p), mb(b), mb(p.saturating_sub(b))),
        Some((_, p)) => mb(p),
        None => "n/a".into(),
    };
    for s in scripts {
        let t = measure(exe, runners, Runner::Toolsh, s);
        let k = measure(exe, runners, Runner::Bashkit, s);
        let b = measure(exe, runners, Runner::Bash, s);
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} |",
            s.id(),
            fmt(t),
            fmt(k),
            fmt(b)
        );
    }
    out
}

fn mb(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}
