//! Comparing an actual run against the recorded expectation, with a
//! readable diff for the report.

use std::fmt::Write as _;

use crate::format::Expected;

/// Returns `None` when stdout and status match, else a report: a status
/// line when the statuses differ and a unified line diff of stdout (lines
/// shown with `{:?}`-style escapes so whitespace and control characters are
/// visible).
pub fn mismatch(expected: &Expected, actual: &Expected) -> Option<String> {
    if expected == actual {
        return None;
    }
    let mut out = String::new();
    if expected.status != actual.status {
        let _ = writeln!(
            out,
            "  status: expected {}, got {}",
            expected.status, actual.status
        );
    }
    if expected.stdout != actual.stdout {
        out.push_str("  stdout (- expected, + actual):\n");
        let diff = similar::TextDiff::from_lines(&expected.stdout, &actual.stdout);
        for change in diff.iter_all_changes() {
            let sign = match change.tag() {
                similar::ChangeTag::Delete => '-',
                similar::ChangeTag::Insert => '+',
                similar::ChangeTag::Equal => ' ',
            };
            let _ = writeln!(out, "   {sign} {}", escape_line(change.value()));
        }
    }
    Some(out)
}

/// A line for display: printable text as is, a final newline dropped and a
/// missing one marked, other control characters escaped.
fn escape_line(line: &str) -> String {
    let (body, eol) = match line.strip_suffix('\n') {
        Some(b) => (b, true),
        None => (line, false),
    };
    let mut s = String::with_capacity(body.len());
    for c in body.chars() {
        if c.is_control() && c != '\t' {
            let _ = write!(s, "\\u{{{:x}}}", c as u32);
        } else {
            s.push(c);
        }
    }
    if !eol {
        s.push_str("⏎̸ (no newline)");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(stdout: &str, status: i32) -> Expected {
        Expected {
            stdout: stdout.into(),
            status,
        }
    }

    #[test]
    fn equal_is_none() {
        assert_eq!(mismatch(&e("a\n", 0), &e("a\n", 0)), None);
    }

    #[test]
    fn status_and_lines_are_reported() {
        let m = mismatch(&e("a\nb\n", 0), &e("a\nc\x01\n", 1)).unwrap();
        assert_eq!(
            m,
            "  status: expected 0, got 1\n  stdout (- expected, + actual):\n     a\n   - b\n   + c\\u{1}\n"
        );
        let m = mismatch(&e("a\n", 0), &e("a", 0)).unwrap();
        assert!(m.contains("+ a⏎̸ (no newline)"), "{m}");
    }
}
