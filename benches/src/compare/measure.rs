//! Repeated runs and medians. Each (script, runner) pair gets one warm-up
//! run (its output is the one compared with bash's), then timed runs until
//! both a minimum count and a time budget are reached, or a maximum count.

use std::time::{Duration, Instant};

use super::runners::{RunOutcome, Runner, Runners};
use super::scripts::Script;

/// How many runs a (script, runner) pair gets.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Timed runs at least (0: the warm-up run is the only, timed, run).
    pub min_iters: usize,
    /// Timed runs at most.
    pub max_iters: usize,
    /// Keep running (up to `max_iters`) until this much time was spent.
    pub time: Duration,
}

impl Budget {
    /// One run, no warm-up: the `--smoke` mode.
    pub const SMOKE: Budget = Budget {
        min_iters: 0,
        max_iters: 0,
        time: Duration::ZERO,
    };
}

/// The result of measuring one (script, runner) pair.
#[derive(Debug, Clone)]
pub struct Measurement {
    /// Median wall-clock time of the timed runs.
    pub median: Duration,
    /// Number of timed runs.
    pub iters: usize,
    /// The first run (output, status).
    pub first: RunOutcome,
}

/// Measure `script` under `runner`.
pub fn measure(runners: &Runners, runner: Runner, script: &Script, budget: Budget) -> Measurement {
    let first = runners.run(runner, script);
    if budget.max_iters == 0 {
        return Measurement {
            median: first.elapsed,
            iters: 1,
            first,
        };
    }
    // A script slower than a second gets a single timed run (some peer
    // runs take tens of seconds; the whole comparison must stay short).
    let min_iters = if first.elapsed > Duration::from_secs(1) {
        1
    } else {
        budget.min_iters
    };
    let start = Instant::now();
    let mut times = Vec::with_capacity(min_iters.max(8));
    while times.len() < budget.max_iters
        && (times.len() < min_iters || start.elapsed() < budget.time)
    {
        times.push(runners.run(runner, script).elapsed);
    }
    Measurement {
        median: median(&mut times),
        iters: times.len(),
        first,
    }
}

/// The median of `times` (mean of the middle two for an even count; zero
/// for none).
pub fn median(times: &mut [Duration]) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

/// The geometric mean of positive `values` (`None` for none).
pub fn geomean(values: &[f64]) -> Option<f64> {
    let v: Vec<f64> = values.iter().copied().filter(|x| *x > 0.0).collect();
    if v.is_empty() {
        return None;
    }
    Some((v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(3), ms(1), ms(2)]), ms(2));
        assert_eq!(
            median(&mut [ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
        assert_eq!(median(&mut []), Duration::ZERO);
    }

    #[test]
    fn geomean_of_ratios() {
        let g = geomean(&[0.5, 2.0]).unwrap();
        assert!((g - 1.0).abs() < 1e-12);
        let g = geomean(&[0.1, 0.1, 0.1]).unwrap();
        assert!((g - 0.1).abs() < 1e-12);
        assert_eq!(geomean(&[]), None);
    }
}
