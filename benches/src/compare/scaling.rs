//! Scaling series: how toolsh's time grows with loop count, string length,
//! array size, JSON size and the number of registered tools. Each point is
//! the median of repeated fresh executions; each series gets a least-squares
//! linear fit (time = a + b·n, with R²) and the log-log slope (1 = linear).

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use toolsh_interp::{MemoryFs, Profile, Shell};
use toolsh_tools::{ToolArgs, ToolDef, ToolImpl, ToolRegistry};

use super::measure::median;
use super::report::{fmt_time, sig3};
use super::runners::toolsh_limits;
use super::tools::toolsh_commands;

/// One series: a name, the unit of n, and the sizes.
struct Series {
    name: &'static str,
    unit: &'static str,
    sizes: &'static [usize],
}

const SERIES: [Series; 7] = [
    Series {
        name: "loop count: `for ((i = 0; i < n; i++)); do :; done`",
        unit: "iteration",
        sizes: &[10_000, 30_000, 100_000],
    },
    Series {
        name: "string appends: `s+=x` n times",
        unit: "append",
        sizes: &[10_000, 30_000, 100_000],
    },
    Series {
        name: "string size: `s=$(cat); t=${s//a/bc}` over n bytes of stdin",
        unit: "byte",
        sizes: &[100_000, 300_000, 1_000_000],
    },
    Series {
        name: "array size: `a+=($i)` n times, then `${#a[@]}`",
        unit: "element",
        sizes: &[10_000, 30_000, 100_000],
    },
    Series {
        name: "array iteration: `for x in \"${a[@]}\"` over n elements",
        unit: "element",
        sizes: &[10_000, 30_000, 100_000],
    },
    Series {
        name: "JSON size: `jq 'map(.v) \\| add'` over an n-element array on stdin",
        unit: "element",
        sizes: &[1_000, 10_000, 100_000],
    },
    Series {
        name: "registered tools: fresh execute of one call with n tools registered",
        unit: "tool",
        sizes: &[10, 100, 1_000],
    },
];

/// The script, stdin and tool count of series `i` at size `n`.
fn case(i: usize, n: usize) -> (String, Vec<u8>, usize) {
    match i {
        0 => (
            format!("for ((i = 0; i < {n}; i++)); do :; done; echo $i"),
            Vec::new(),
            0,
        ),
        1 => (
            format!("s=; for ((i = 0; i < {n}; i++)); do s+=x; done; echo ${{#s}}"),
            Vec::new(),
            0,
        ),
        2 => (
            "s=$(cat); t=${s//a/bc}; echo ${#t}".into(),
            vec![b'a'; n],
            0,
        ),
        3 => (
            format!("a=(); for ((i = 0; i < {n}; i++)); do a+=($i); done; echo ${{#a[@]}}"),
            Vec::new(),
            0,
        ),
        4 => (
            "mapfile -t a; s=0; for x in \"${a[@]}\"; do s=$((s + x)); done; echo $s".into(),
            (0..n)
                .flat_map(|i| [b'0' + (i % 10) as u8, b'\n'])
                .collect(),
            0,
        ),
        5 => {
            let items: Vec<String> = (0..n)
                .map(|i| format!("{{\"id\":{i},\"v\":{}}}", i % 100))
                .collect();
            (
                "jq 'map(.v) | add'".into(),
                format!("[{}]", items.join(",")).into_bytes(),
                0,
            )
        }
        _ => ("tool_7 --id 3".into(), Vec::new(), n),
    }
}

/// A registry of `n` trivial tools `tool_0`..`tool_{n-1}`.
fn registry(n: usize) -> ToolRegistry {
    let mut reg = ToolRegistry::new();
    for i in 0..n {
        let def = ToolDef::new(format!("tool_{i}"), "A trivial tool.").with_schema(json!({
            "type": "object",
            "properties": {"id": {"type": "integer"}},
            "required": ["id"]
        }));
        reg.register(ToolImpl::new(def).with_exec(|a: &ToolArgs| {
            Ok(format!("{{\"id\":{}}}", a.param_i64("id").unwrap_or(0)))
        }))
        .expect("valid tool");
    }
    reg
}

fn run_once(
    rt: &tokio::runtime::Runtime,
    script: &str,
    stdin: &[u8],
    reg: &Arc<ToolRegistry>,
) -> (Duration, String) {
    let start = Instant::now();
    let mut b = Shell::builder()
        .profile(Profile::Sandbox)
        .utilities(toolsh_utils::standard())
        .fs(Arc::new(MemoryFs::new()))
        .limits(toolsh_limits())
        .stdin(stdin.to_vec());
    if !reg.is_empty() {
        for c in toolsh_commands(reg) {
            b = b.utility(c);
        }
    }
    let mut sh = b.build();
    let r = rt.block_on(sh.exec(script));
    (start.elapsed(), r.stdout)
}

/// Least squares of y = a + b·x: (a, b, R²).
pub fn linear_fit(xs: &[f64], ys: &[f64]) -> (f64, f64, f64) {
    let n = xs.len() as f64;
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = xs.iter().map(|x| (x - mx).powi(2)).sum();
    let syy: f64 = ys.iter().map(|y| (y - my).powi(2)).sum();
    let b = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    let a = my - b * mx;
    let r2 = if sxx > 0.0 && syy > 0.0 {
        (sxy * sxy) / (sxx * syy)
    } else {
        1.0
    };
    (a, b, r2)
}

/// Run every series (`smoke`: the smallest size once) and return the
/// markdown section.
pub fn run(smoke: bool) -> String {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let mut out = String::from(
        "## Scaling (toolsh)\n\n\
         Each point is the median wall-clock time of fresh executions (shell build + script). \
         Fit: least squares time = a + b·n over the points (b = cost per unit, R² of the fit) \
         and the slope of log(time) against log(n) between the two largest sizes (1.00 = \
         linear, 2.00 = quadratic).\n\n\
         | series | n → median time | b per unit | a (fixed) | R² | log-log slope |\n\
         |---|---|---|---|---|---|\n",
    );
    for (i, s) in SERIES.iter().enumerate() {
        let sizes: &[usize] = if smoke { &s.sizes[..1] } else { s.sizes };
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        let mut points = Vec::new();
        for &n in sizes {
            let (script, stdin, tools) = case(i, n);
            let reg = Arc::new(registry(tools));
            let (first, stdout) = run_once(&rt, &script, &stdin, &reg);
            // The first run is a warm-up unless it is slow; then timed
            // runs until 3 runs or 3 s, and on up to 30 runs within 1 s.
            let mut times = vec![first];
            if !smoke {
                if first < Duration::from_millis(200) {
                    times.clear();
                }
                let start = Instant::now();
                while (times.len() < 3 && start.elapsed() < Duration::from_secs(3))
                    || (times.len() < 30 && start.elapsed() < Duration::from_secs(1))
                {
                    times.push(run_once(&rt, &script, &stdin, &reg).0);
                }
            }
            let m = median(&mut times);
            eprintln!(
                "scaling {} n={n}: {} ({})",
                s.unit,
                fmt_time(m),
                stdout.trim()
            );
            xs.push(n as f64);
            ys.push(m.as_secs_f64());
            points.push(format!("{n} → {}", fmt_time(m)));
        }
        let (a, b, r2) = linear_fit(&xs, &ys);
        let k = xs.len();
        let slope = if k >= 2 {
            (ys[k - 1] / ys[k - 2]).ln() / (xs[k - 1] / xs[k - 2]).ln()
        } else {
            f64::NAN
        };
        let _ = writeln!(
            out,
            "| {} | {} | {}/{} | {} | {:.4} | {} |",
            s.name,
            points.join("; "),
            fmt_time(Duration::from_secs_f64(b.max(0.0))),
            s.unit,
            fmt_time(Duration::from_secs_f64(a.max(0.0))),
            r2,
            if slope.is_finite() {
                sig3(slope)
            } else {
                "n/a".into()
            },
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_of_a_line_is_exact() {
        let (a, b, r2) = linear_fit(&[1.0, 2.0, 3.0], &[5.0, 7.0, 9.0]);
        assert!((a - 3.0).abs() < 1e-9 && (b - 2.0).abs() < 1e-9 && (r2 - 1.0).abs() < 1e-9);
    }
}
