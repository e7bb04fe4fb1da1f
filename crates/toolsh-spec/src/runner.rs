//! Running the corpus through a subject (toolsh) and judging the results
//! against the recorded expectations and the known-failures list.
//!
//! Each case runs on its own thread with its own current-thread tokio
//! runtime under a timeout, so a panic or a hang in the subject is one
//! failed case, never an aborted or hung test run.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use crate::compare::mismatch;
use crate::format::{Expected, SpecFile};
use crate::known::{CaseKey, KnownFailures};

/// The boxed future a subject returns: stdout and status plus the stderr
/// text (shown in failure reports, never compared), or an error text
/// (which fails the case).
pub type SubjectFuture = Pin<Box<dyn Future<Output = Result<(Expected, String), String>>>>;

/// Runs one script (the first argument) with `LC_ALL` set to the second
/// (the case file's locale); called on the case's own thread, inside a
/// current-thread runtime, so the future need not be `Send`.
pub type Subject = Arc<dyn Fn(String, String) -> SubjectFuture + Send + Sync>;

/// The default per-case timeout of the subject.
pub const SUBJECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How one case went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Stdout and status as recorded.
    Pass,
    /// Something differs (or the run failed); the text says what.
    Fail(String),
    /// A `## divergence:` case; `matches` tells whether toolsh printed what
    /// bash printed anyway. Never counted as passed.
    Divergence {
        /// The stated reason.
        reason: String,
        /// Whether the output happened to match bash's.
        matches: bool,
    },
}

/// Runs `script` through `subject` with `LC_ALL=locale` and `timeout`,
/// catching panics.
pub fn run_case(
    subject: &Subject,
    script: &str,
    locale: &str,
    timeout: Duration,
) -> Result<(Expected, String), String> {
    let (tx, rx) = mpsc::channel();
    let subject = Arc::clone(subject);
    let script = script.to_string();
    let locale = locale.to_string();
    let spawned = std::thread::Builder::new()
        .name("spec-case".into())
        .stack_size(64 * 1024 * 1024)
        .spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("runtime: {e}"))?;
                rt.block_on(async {
                    match tokio::time::timeout(timeout, subject(script, locale)).await {
                        Ok(r) => r,
                        Err(_) => Err(format!("timed out after {}s", timeout.as_secs_f64())),
                    }
                })
            }));
            let _ = tx.send(result.unwrap_or_else(|p| {
                let msg = p
                    .downcast_ref::<&str>()
                    .map(ToString::to_string)
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "non-string panic".into());
                Err(format!("panicked: {msg}"))
            }));
        });
    if let Err(e) = spawned {
        return Err(format!("cannot spawn the case thread: {e}"));
    }
    // A subject stuck in a loop without awaiting ignores the tokio timeout;
    // give up on it (the thread is left behind) after a grace period.
    match rx.recv_timeout(timeout + Duration::from_secs(2)) {
        Ok(r) => r,
        Err(_) => Err(format!(
            "hung: no result after {}s (not even the timeout fired)",
            timeout.as_secs_f64()
        )),
    }
}

/// Judges one case, run with `LC_ALL=locale`: runs it unless it has no
/// expectation.
pub fn judge(
    subject: &Subject,
    case: &crate::format::Case,
    locale: &str,
    timeout: Duration,
) -> Verdict {
    let Some(expected) = &case.expected else {
        return Verdict::Fail("  not blessed (no expected output)\n".into());
    };
    let got = run_case(subject, &case.script, locale, timeout);
    let diff = match &got {
        Ok((actual, stderr)) => mismatch(expected, actual).map(|mut d| {
            if !stderr.is_empty() {
                d.push_str("  stderr (not compared):\n");
                for line in stderr.lines().take(5) {
                    let _ = writeln!(d, "    {line}");
                }
            }
            d
        }),
        Err(e) => Some(format!("  run failed: {e}\n")),
    };
    if let Some(reason) = &case.divergence {
        return Verdict::Divergence {
            reason: reason.clone(),
            matches: diff.is_none(),
        };
    }
    match diff {
        None => Verdict::Pass,
        Some(d) => Verdict::Fail(d),
    }
}

/// The results of a corpus run, judged against the known-failures list.
#[derive(Debug, Default)]
pub struct Report {
    /// Per file: key, passed, total (divergences included in total).
    pub files: Vec<(String, usize, usize)>,
    /// Cases that passed.
    pub passed: usize,
    /// Failing cases listed in known-failures (not passes).
    pub known: Vec<CaseKey>,
    /// Failing cases not listed, with their diff: these fail the run.
    pub unexpected: Vec<(CaseKey, String)>,
    /// Listed cases that now pass.
    pub now_passing: Vec<CaseKey>,
    /// Divergence cases with their reason and whether they match bash.
    pub divergences: Vec<(CaseKey, String, bool)>,
    /// Listed entries naming no case of the files that ran.
    pub stale: Vec<CaseKey>,
}

impl Report {
    /// Runs every case of `files` (`(key, file)` pairs, key relative to
    /// `tests/spec`) through `subject` and judges them against `known`.
    /// `progress` receives each file's summary line as it completes.
    pub fn run(
        files: &[(String, SpecFile)],
        subject: &Subject,
        known: &KnownFailures,
        timeout: Duration,
        mut progress: impl FnMut(&str),
    ) -> Report {
        let mut report = Report::default();
        let mut seen: BTreeSet<CaseKey> = BTreeSet::new();
        for (file_key, file) in files {
            let mut passed = 0;
            let (mut failed, mut known_failed, mut diverged) = (0, 0, 0);
            for case in &file.cases {
                let key = (file_key.clone(), case.name.clone());
                seen.insert(key.clone());
                match judge(subject, case, &file.locale, timeout) {
                    Verdict::Pass => {
                        passed += 1;
                        if known.contains(&key) {
                            report.now_passing.push(key);
                        }
                    }
                    Verdict::Fail(diff) => {
                        failed += 1;
                        if known.contains(&key) {
                            known_failed += 1;
                            report.known.push(key);
                        } else {
                            report.unexpected.push((key, diff));
                        }
                    }
                    Verdict::Divergence { reason, matches } => {
                        diverged += 1;
                        report.divergences.push((key, reason, matches));
                    }
                }
            }
            report.passed += passed;
            let total = file.cases.len();
            report.files.push((file_key.clone(), passed, total));
            progress(&format!(
                "{file_key}: {passed}/{total} passed, {failed} failed ({known_failed} known), {diverged} divergences"
            ));
        }
        let ran_files: BTreeSet<&String> = files.iter().map(|(k, _)| k).collect();
        report.stale = known
            .keys()
            .filter(|k| ran_files.contains(&k.0) && !seen.contains(*k))
            .cloned()
            .collect();
        report
    }

    /// Cases that failed (known or not).
    pub fn failed(&self) -> usize {
        self.known.len() + self.unexpected.len()
    }

    /// Every failing case, for rewriting the known-failures list.
    pub fn failing_keys(&self) -> Vec<CaseKey> {
        let mut keys: Vec<CaseKey> = self.known.clone();
        keys.extend(self.unexpected.iter().map(|(k, _)| k.clone()));
        keys.sort();
        keys
    }

    /// The summary: the total line first
    /// (`spec: N passed, M failed (K known failures, U unexpected), D divergences, T cases`),
    /// then now-passing, stale and divergence notes, then (with
    /// `with_diffs`) each unexpected failure with its diff.
    pub fn summary(&self, with_diffs: bool) -> String {
        let total: usize = self.files.iter().map(|f| f.2).sum();
        let mut s = format!(
            "spec: {} passed, {} failed ({} known failures, {} unexpected), {} divergences, {} cases\n",
            self.passed,
            self.failed(),
            self.known.len(),
            self.unexpected.len(),
            self.divergences.len(),
            total
        );
        for (f, c) in &self.now_passing {
            let _ = writeln!(s, "now passing: remove from known-failures: {f} :: {c}");
        }
        for (f, c) in &self.stale {
            let _ = writeln!(s, "stale known-failures entry (no such case): {f} :: {c}");
        }
        for ((f, c), reason, matches) in &self.divergences {
            let m = if *matches { "matches bash" } else { "differs" };
            let _ = writeln!(s, "divergence ({m}): {f} :: {c}: {reason}");
        }
        if with_diffs {
            for ((f, c), diff) in &self.unexpected {
                let _ = write!(s, "FAILED {f} :: {c}\n{diff}");
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Strictness, parse};
    use std::path::Path;

    /// A fake subject: prints the script's first line back, except for a
    /// few trigger scripts.
    fn echo_subject() -> Subject {
        Arc::new(|script: String, _locale: String| -> SubjectFuture {
            Box::pin(async move {
                match script.trim() {
                    "hang" => {
                        std::future::pending::<()>().await;
                        unreachable!()
                    }
                    "panic" => panic!("boom"),
                    "spin" => loop {
                        std::hint::spin_loop();
                    },
                    s => Ok((
                        Expected {
                            stdout: format!("{s}\n"),
                            status: 0,
                        },
                        "note on stderr".to_string(),
                    )),
                }
            })
        })
    }

    fn file(text: &str) -> SpecFile {
        parse(Path::new("x"), text, Strictness::Complete).unwrap()
    }

    #[test]
    fn hangs_panics_and_spins_are_failures() {
        let s = echo_subject();
        let t = Duration::from_millis(200);
        assert!(
            run_case(&s, "hang", "C", t)
                .unwrap_err()
                .contains("timed out")
        );
        assert!(run_case(&s, "panic", "C", t).unwrap_err().contains("boom"));
        assert!(run_case(&s, "spin", "C", t).unwrap_err().contains("hung"));
        assert_eq!(run_case(&s, "ok", "C", t).unwrap().0.stdout, "ok\n");
    }

    #[test]
    fn verdicts_are_judged_against_known_failures() {
        let f = file(
            "#### pass\nok\n## stdout:\nok\n## status: 0\n\n\
             #### known\nx\n## stdout:\ny\n## status: 0\n\n\
             #### unexpected\nx\n## stdout:\nz\n## status: 0\n\n\
             #### fixed\nok\n## stdout:\nok\n## status: 0\n\n\
             #### div\nok\n## stdout:\nok\n## status: 0\n## divergence: on purpose\n",
        );
        let known =
            KnownFailures::parse("a.test.sh :: known\na.test.sh :: fixed\na.test.sh :: gone\n")
                .unwrap();
        let r = Report::run(
            &[("a.test.sh".into(), f)],
            &echo_subject(),
            &known,
            Duration::from_secs(2),
            |_| {},
        );
        assert_eq!(r.passed, 2);
        assert_eq!(r.known.len(), 1);
        assert_eq!(r.unexpected.len(), 1);
        assert_eq!(r.now_passing, vec![("a.test.sh".into(), "fixed".into())]);
        assert_eq!(r.stale, vec![("a.test.sh".into(), "gone".into())]);
        assert_eq!(r.divergences.len(), 1);
        let s = r.summary(true);
        assert!(!r.summary(false).contains("FAILED"));
        assert!(
            s.starts_with("spec: 2 passed, 2 failed (1 known failures, 1 unexpected), 1 divergences, 5 cases\n"),
            "{s}"
        );
        assert!(s.contains("FAILED a.test.sh :: unexpected\n"), "{s}");
        assert!(
            s.contains("  stderr (not compared):\n    note on stderr\n"),
            "{s}"
        );
        assert_eq!(
            r.failing_keys(),
            vec![
                ("a.test.sh".to_string(), "known".to_string()),
                ("a.test.sh".to_string(), "unexpected".to_string())
            ]
        );
    }
}
