//! What a run counted: per client while it runs, merged at the end into
//! rates, latency percentiles, failures by kind and per replica.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};

use crate::client::Outcome;

/// The JSON-RPC code of a refusal because every execution slot is busy
/// (toolsh's `BUSY_CODE`): retried like an HTTP 503.
pub const BUSY: i64 = -32000;

/// What one replica (by the load balancer's header) did for the clients.
#[derive(Default, Clone, Debug)]
pub struct Replica {
    /// Attempts it answered with a JSON-RPC message.
    pub answered: u64,
    /// Of those, the ones its call limits admitted (a result, or busy:
    /// toolsh counts a call before it looks for a slot); a `-32001` call
    /// limit refusal is not admitted.
    pub admitted: u64,
    /// Attempts sent to it that got no answer (the balancer's 502/503/504,
    /// a dropped connection).
    pub failed: u64,
}

/// Counters of one client, merged into the run's.
#[derive(Default, Debug)]
pub struct Tally {
    /// Logical calls (a call and its retries are one).
    pub calls: u64,
    pub ok: u64,
    /// Calls answered with a result that was not the expected one.
    pub wrong: u64,
    /// Calls answered with a JSON-RPC error (after retries), by code.
    pub rpc_errors: BTreeMap<i64, u64>,
    /// Calls that never got an answer, every retry used.
    pub lost: u64,
    /// Calls whose answer did not come within the timeout.
    pub stuck: u64,
    pub attempts: u64,
    /// Failed attempts by kind (`transport`, `http 502`, `busy`, ...).
    pub failed_attempts: BTreeMap<String, u64>,
    /// Calls that needed more than one attempt, and of those the ones
    /// that ended with a result.
    pub retried: u64,
    pub retried_answered: u64,
    /// Latency of each ok call, first attempt to answer, in microseconds.
    pub latencies_us: Vec<u32>,
    pub replicas: BTreeMap<String, Replica>,
    /// Per second of the run: ok calls and failed attempts.
    pub timeline: Vec<[u64; 2]>,
    /// The first few wrong answers, for the report.
    pub samples: Vec<String>,
}

impl Tally {
    /// Count one attempt at `second` of the run.
    pub fn attempt(&mut self, outcome: &Outcome, replica: Option<&str>, second: usize) {
        self.attempts += 1;
        let answered = matches!(outcome, Outcome::Ok | Outcome::Wrong(_) | Outcome::Rpc(_));
        let kind = match outcome {
            Outcome::Ok | Outcome::Wrong(_) => None,
            Outcome::Rpc(BUSY) => Some("busy (-32000)".to_string()),
            Outcome::Rpc(_) => None,
            Outcome::Http(s) => Some(format!("http {s}")),
            Outcome::Transport => Some("transport".to_string()),
            Outcome::Timeout => Some("timeout".to_string()),
        };
        if let Some(k) = &kind {
            *self.failed_attempts.entry(k.clone()).or_default() += 1;
        }
        if self.timeline.len() <= second {
            self.timeline.resize(second + 1, [0, 0]);
        }
        if *outcome == Outcome::Ok {
            self.timeline[second][0] += 1;
        } else if kind.is_some() {
            self.timeline[second][1] += 1;
        }
        let name = replica.unwrap_or("-").to_string();
        let r = self.replicas.entry(name).or_default();
        if answered {
            r.answered += 1;
            if !matches!(outcome, Outcome::Rpc(c) if *c != BUSY) {
                r.admitted += 1;
            }
        } else {
            r.failed += 1;
        }
    }

    /// Count a finished logical call: its last outcome, attempts used,
    /// latency from its first attempt.
    pub fn call(&mut self, last: &Outcome, attempts: u32, latency: Duration) {
        self.calls += 1;
        if attempts > 1 {
            self.retried += 1;
            if matches!(last, Outcome::Ok | Outcome::Wrong(_)) {
                self.retried_answered += 1;
            }
        }
        match last {
            Outcome::Ok => {
                self.ok += 1;
                self.latencies_us
                    .push(u32::try_from(latency.as_micros()).unwrap_or(u32::MAX));
            }
            Outcome::Wrong(why) => {
                self.wrong += 1;
                if self.samples.len() < 5 {
                    self.samples.push(why.clone());
                }
            }
            Outcome::Rpc(c) => *self.rpc_errors.entry(*c).or_default() += 1,
            Outcome::Timeout => self.stuck += 1,
            Outcome::Http(_) | Outcome::Transport => self.lost += 1,
        }
    }

    /// Add `other`'s counts to these.
    pub fn merge(&mut self, other: Tally) {
        self.calls += other.calls;
        self.ok += other.ok;
        self.wrong += other.wrong;
        self.lost += other.lost;
        self.stuck += other.stuck;
        self.attempts += other.attempts;
        self.retried += other.retried;
        self.retried_answered += other.retried_answered;
        for (k, v) in other.rpc_errors {
            *self.rpc_errors.entry(k).or_default() += v;
        }
        for (k, v) in other.failed_attempts {
            *self.failed_attempts.entry(k).or_default() += v;
        }
        for (k, v) in other.replicas {
            let r = self.replicas.entry(k).or_default();
            r.answered += v.answered;
            r.admitted += v.admitted;
            r.failed += v.failed;
        }
        if self.timeline.len() < other.timeline.len() {
            self.timeline.resize(other.timeline.len(), [0, 0]);
        }
        for (i, t) in other.timeline.into_iter().enumerate() {
            self.timeline[i][0] += t[0];
            self.timeline[i][1] += t[1];
        }
        self.latencies_us.extend(other.latencies_us);
        for s in other.samples {
            if self.samples.len() < 5 {
                self.samples.push(s);
            }
        }
    }

    /// The latency percentiles of the ok calls, in milliseconds:
    /// `[p50, p95, p99, max]` (nearest rank; zeros when none).
    pub fn percentiles_ms(&mut self) -> [f64; 4] {
        let v = &mut self.latencies_us;
        if v.is_empty() {
            return [0.0; 4];
        }
        v.sort_unstable();
        let at = |p: f64| {
            let rank = ((p / 100.0) * v.len() as f64).ceil() as usize;
            f64::from(v[rank.clamp(1, v.len()) - 1]) / 1000.0
        };
        [at(50.0), at(95.0), at(99.0), at(100.0)]
    }

    /// The counts as JSON (the latencies as their percentiles).
    pub fn report(&mut self, seconds: f64) -> Value {
        let [p50, p95, p99, max] = self.percentiles_ms();
        let replicas: serde_json::Map<String, Value> = self
            .replicas
            .iter()
            .map(|(k, r)| {
                (
                    k.clone(),
                    json!({"answered": r.answered, "admitted": r.admitted, "failed": r.failed}),
                )
            })
            .collect();
        json!({
            "seconds": seconds,
            "executions_per_second": self.ok as f64 / seconds.max(1e-9),
            "calls": self.calls, "ok": self.ok, "wrong": self.wrong,
            "rpc_errors": self.rpc_errors.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "lost": self.lost, "stuck": self.stuck,
            "attempts": self.attempts,
            "failed_attempts": self.failed_attempts,
            "retried": self.retried, "retried_answered": self.retried_answered,
            "latency_ms": {"p50": p50, "p95": p95, "p99": p99, "max": max},
            "replicas": replicas,
            "timeline": self.timeline,
            "wrong_samples": self.samples,
        })
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // whole milliseconds, exact in f64
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let mut t = Tally {
            latencies_us: (1..=100).map(|i| i * 1000).collect(),
            ..Tally::default()
        };
        assert_eq!(t.percentiles_ms(), [50.0, 95.0, 99.0, 100.0]);
    }

    #[test]
    fn a_limit_refusal_is_answered_but_not_admitted() {
        let mut t = Tally::default();
        t.attempt(&Outcome::Rpc(-32001), Some("a"), 0);
        t.attempt(&Outcome::Rpc(BUSY), Some("a"), 0);
        t.attempt(&Outcome::Ok, Some("a"), 1);
        t.attempt(&Outcome::Http(502), Some("a"), 1);
        let a = &t.replicas["a"];
        assert_eq!((a.answered, a.admitted, a.failed), (3, 2, 1));
        assert_eq!(t.timeline, vec![[0, 1], [1, 1]]);
    }
}
