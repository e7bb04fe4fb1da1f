//! The processes around a run: the servers' resident memory and CPU time
//! sampled once a second from /proc, the `kill -9` of one mid-run, the
//! load generator's own CPU time, and the servers' Prometheus counters of
//! executions scraped before and after.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100
/// when it cannot be asked, Linux's value on every common architecture).
pub fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|t| *t > 0.0)
        .unwrap_or(100.0)
}

/// `VmRSS` of `pid` in KiB, `None` once it is gone.
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// User plus system CPU time of `pid` (all its threads), in ticks.
pub fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the parenthesized command name; utime and stime are
    // fields 14 and 15 of the line, 12 and 13 after `) `.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// One watched server: its samples, `(seconds into the run, RSS KiB, CPU
/// ticks)`, taken while it lives.
pub struct Watched {
    pub name: String,
    pub pid: u32,
    pub samples: Vec<(f64, u64, u64)>,
}

impl Watched {
    /// Sample it now, at `t` seconds (nothing once it is gone).
    pub fn sample(&mut self, t: f64) {
        if let (Some(rss), Some(cpu)) = (rss_kib(self.pid), cpu_ticks(&self.pid.to_string())) {
            self.samples.push((t, rss, cpu));
        }
    }

    /// RSS in MB: before the load (the first sample), then the least,
    /// most and last while it ran; CPU as the share of one core from the
    /// first sample to the last.
    pub fn to_json(&self, ticks: f64) -> Value {
        let mb = |k: u64| k as f64 / 1024.0;
        let Some(first) = self.samples.first() else {
            return json!({"pid": self.pid, "samples": 0});
        };
        let last = self.samples.last().unwrap_or(first);
        let during = if self.samples.len() > 1 {
            &self.samples[1..]
        } else {
            &self.samples[..]
        };
        let min = during.iter().map(|s| s.1).min().unwrap_or(0);
        let max = during.iter().map(|s| s.1).max().unwrap_or(0);
        let span = (last.0 - first.0).max(1e-9);
        json!({
            "pid": self.pid,
            "rss_mb_before": mb(first.1),
            "rss_mb_min": mb(min), "rss_mb_max": mb(max), "rss_mb_last": mb(last.1),
            "rss_mb_series": during.iter().map(|s| (mb(s.1) * 10.0).round() / 10.0).collect::<Vec<_>>(),
            "cpu_share_of_one_core": (last.2 - first.2) as f64 / ticks / span,
            "seconds_sampled": last.0 - first.0,
        })
    }
}

/// `kill -9 PID` (the kill(1) program: this crate has no unsafe code).
pub fn kill9(pid: u32) -> Result<(), String> {
    let s = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .map_err(|e| format!("kill: {e}"))?;
    if s.success() {
        Ok(())
    } else {
        Err(format!("kill -9 {pid}: {s}"))
    }
}

/// `toolsh_executions_total` of a `/metrics` text, summed per `outcome`.
pub fn executions_by_outcome(text: &str) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("toolsh_executions_total{") else {
            continue;
        };
        let Some((labels, value)) = rest.split_once("} ") else {
            continue;
        };
        let Some(outcome) = labels
            .split(',')
            .find_map(|l| l.strip_prefix("outcome=\""))
            .map(|o| o.trim_end_matches('"'))
        else {
            continue;
        };
        if let Ok(v) = value.trim().parse::<f64>() {
            *out.entry(outcome.to_string()).or_default() += v;
        }
    }
    out
}

/// Scrape `url` (a `/metrics`), `None` when it does not answer in 5 s.
pub async fn scrape(client: &reqwest::Client, url: &str) -> Option<BTreeMap<String, f64>> {
    let r = client
        .get(url)
        .timeout(Duration::from_secs(5))
        .send()
        .await
        .ok()?;
    Some(executions_by_outcome(&r.text().await.ok()?))
}

/// The load generator's own CPU time, for the report.
pub struct SelfCpu {
    ticks_at_start: u64,
    started: Instant,
}

impl SelfCpu {
    pub fn start() -> Self {
        Self {
            ticks_at_start: cpu_ticks("self").unwrap_or(0),
            started: Instant::now(),
        }
    }

    /// CPU seconds used since the start, and their share of one core.
    pub fn used(&self, ticks: f64) -> (f64, f64) {
        let secs = cpu_ticks("self")
            .unwrap_or(0)
            .saturating_sub(self.ticks_at_start) as f64
            / ticks;
        (secs, secs / self.started.elapsed().as_secs_f64().max(1e-9))
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // sums of small integers, exact in f64
mod tests {
    use super::*;

    #[test]
    fn executions_are_summed_per_outcome() {
        let text = "# TYPE toolsh_executions counter\n\
toolsh_executions_total{tenant=\"a\",outcome=\"ok\"} 5\n\
toolsh_executions_total{tenant=\"b\",outcome=\"ok\"} 2\n\
toolsh_executions_total{tenant=\"a\",outcome=\"limited\"} 1\n\
toolsh_execution_seconds_count{tenant=\"a\"} 8\n";
        let m = executions_by_outcome(text);
        assert_eq!(m["ok"], 7.0);
        assert_eq!(m["limited"], 1.0);
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn this_process_has_rss_and_cpu() {
        assert!(rss_kib(std::process::id()).unwrap() > 0);
        assert!(cpu_ticks("self").is_some());
    }
}
