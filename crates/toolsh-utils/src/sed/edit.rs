//! The text transformations of sed commands: `s` (with `&`, `\1`..`\9`
//! and GNU's `\L \U \l \u \E` case conversion) and the `l` listing (GNU
//! sed 4.9 manual, "The s Command", "Other Commands").

use std::fmt::Write as _;

use super::script::{ReplPart, Subst};
use toolsh_command::posix_regex::PosixRegex;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Case {
    Upper,
    Lower,
}

struct CaseWriter<'o> {
    out: &'o mut Vec<u8>,
    span: Option<Case>,
    next: Option<Case>,
}

impl CaseWriter<'_> {
    fn push(&mut self, bytes: &[u8]) {
        if self.span.is_none() && self.next.is_none() {
            self.out.extend_from_slice(bytes);
            return;
        }
        for &b in bytes {
            let case = self.next.take().or(self.span);
            self.out.push(match case {
                Some(Case::Upper) => b.to_ascii_uppercase(),
                Some(Case::Lower) => b.to_ascii_lowercase(),
                None => b,
            });
        }
    }
}

/// Append the replacement for one match to `out`.
fn expand(
    parts: &[ReplPart],
    hay: &[u8],
    groups: &dyn Fn(usize) -> Option<(usize, usize)>,
    out: &mut Vec<u8>,
) {
    let mut w = CaseWriter {
        out,
        span: None,
        next: None,
    };
    for part in parts {
        match part {
            ReplPart::Literal(bytes) => w.push(bytes),
            ReplPart::Group(n) => {
                if let Some((s, e)) = groups(*n) {
                    w.push(&hay[s..e]);
                }
            }
            ReplPart::Lower => {
                w.span = Some(Case::Lower);
                w.next = None;
            }
            ReplPart::Upper => {
                w.span = Some(Case::Upper);
                w.next = None;
            }
            ReplPart::LowerNext => w.next = Some(Case::Lower),
            ReplPart::UpperNext => w.next = Some(Case::Upper),
            ReplPart::End => {
                w.span = None;
                w.next = None;
            }
        }
    }
}

/// Apply `s` to `ps`: the new pattern space, or `None` when nothing was
/// replaced. Matches are leftmost-longest; an empty match right after the
/// previous match is skipped, as GNU sed does (`s/a*/x/g` on `baaac`
/// gives `xbxcx`).
pub(super) fn substitute(re: &PosixRegex, s: &Subst, ps: &[u8]) -> Option<Vec<u8>> {
    let needs_groups = s
        .replacement
        .iter()
        .any(|p| matches!(p, ReplPart::Group(n) if *n > 0));
    let mut out = Vec::new();
    let mut copied = 0;
    let mut pos = 0;
    let mut count = 0u64;
    let mut replaced = false;
    let mut prev_end: Option<usize> = None;
    while pos <= ps.len() {
        let (whole, caps) = if needs_groups {
            // No further match ends the scan; the replacements made so
            // far stand (a `?` here returned "nothing replaced" after
            // every global substitution with a back-reference).
            let Some(caps) = re.captures_at(ps, pos) else {
                break;
            };
            (caps.whole(), Some(caps))
        } else {
            match re.find_at(ps, pos) {
                Some(m) => (m, None),
                None => break,
            }
        };
        let (start, end) = whole;
        if start == end && prev_end == Some(start) {
            // Empty match adjacent to the previous match: not a match.
            if start >= ps.len() {
                break;
            }
            pos = start + 1;
            continue;
        }
        count += 1;
        if count >= s.nth {
            out.extend_from_slice(&ps[copied..start]);
            let groups = |i: usize| match &caps {
                Some(c) => c.get(i),
                None => (i == 0).then_some((start, end)),
            };
            expand(&s.replacement, ps, &groups, &mut out);
            copied = end;
            replaced = true;
            if !s.global {
                break;
            }
        }
        prev_end = Some(end);
        if start == end {
            if end >= ps.len() {
                break;
            }
            pos = end + 1;
        } else {
            pos = end;
        }
    }
    if !replaced {
        return None;
    }
    out.extend_from_slice(&ps[copied..]);
    Some(out)
}

/// The `l` listing of `ps`: C escapes, other non-printable bytes in octal,
/// lines folded to `width - 1` characters plus `\` (no folding for a
/// width of 0 or 1), and `$` at the end.
pub(super) fn list(ps: &[u8], width: usize) -> Vec<u8> {
    let mut out = String::new();
    let mut col = 0;
    for &b in ps {
        let esc = match b {
            b'\\' => "\\\\".to_string(),
            0x07 => "\\a".to_string(),
            0x08 => "\\b".to_string(),
            0x0c => "\\f".to_string(),
            b'\n' => "\\n".to_string(),
            b'\r' => "\\r".to_string(),
            b'\t' => "\\t".to_string(),
            0x0b => "\\v".to_string(),
            0x20..=0x7e => char::from(b).to_string(),
            _ => {
                let mut s = String::new();
                let _ = write!(s, "\\{b:03o}");
                s
            }
        };
        if width > 1 && col + esc.len() > width - 1 {
            out.push_str("\\\n");
            col = 0;
        }
        col += esc.len();
        out.push_str(&esc);
    }
    out.push_str("$\n");
    out.into_bytes()
}
