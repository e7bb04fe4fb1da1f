//! The known-failures list (`tests/spec/known-failures.txt`).
//!
//! One entry a line: `relative/path.test.sh :: case name`, optionally
//! followed by `  # reason`. The path is relative to `tests/spec/`. Blank
//! lines and lines starting with `#` are ignored. A listed case that fails
//! is reported as a known failure (never as passed); a listed case that
//! passes is reported so the entry can be removed.

use std::collections::BTreeMap;

/// A case's identity across the corpus: its file (relative to `tests/spec`,
/// `/`-separated) and its name.
pub type CaseKey = (String, String);

/// The parsed list: keys with their optional reasons, in sorted order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnownFailures {
    entries: BTreeMap<CaseKey, Option<String>>,
}

const SEPARATOR: &str = " :: ";
const REASON: &str = " # ";

const HEADER: &str = "\
# Spec cases that toolsh does not pass yet: `file :: case name  # reason`.
# A listed case that fails is a known failure (never counted as passed).
# Regenerate with: TOOLSH_SPEC_UPDATE_KNOWN=1 cargo test -p toolsh-spec --test corpus
";

impl KnownFailures {
    /// Parses the list. Errors name the 1-based line of an entry without
    /// ` :: `.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut entries = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (entry, reason) = match line.find(REASON) {
                Some(at) => (
                    &line[..at],
                    Some(line[at + REASON.len()..].trim().to_string()),
                ),
                None => (line, None),
            };
            let Some((file, case)) = entry.split_once(SEPARATOR) else {
                return Err(format!(
                    "known-failures.txt:{}: expected `file :: case name`, got {line:?}",
                    i + 1
                ));
            };
            entries.insert((file.trim().to_string(), case.trim().to_string()), reason);
        }
        Ok(KnownFailures { entries })
    }

    /// `true` when the case is listed.
    pub fn contains(&self, key: &CaseKey) -> bool {
        self.entries.contains_key(key)
    }

    /// The listed keys, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &CaseKey> {
        self.entries.keys()
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// `true` when nothing is listed.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A list of exactly `failing`, keeping the reasons this list has for
    /// entries that stay.
    #[must_use]
    pub fn replaced_by(&self, failing: impl IntoIterator<Item = CaseKey>) -> KnownFailures {
        let entries = failing
            .into_iter()
            .map(|k| {
                let reason = self.entries.get(&k).cloned().flatten();
                (k, reason)
            })
            .collect();
        KnownFailures { entries }
    }

    /// Renders the file: a header comment, then one entry a line, sorted.
    pub fn render(&self) -> String {
        let mut out = HEADER.to_string();
        for ((file, case), reason) in &self.entries {
            out.push_str(file);
            out.push_str(SEPARATOR);
            out.push_str(case);
            if let Some(r) = reason {
                out.push_str("  #");
                out.push(' ');
                out.push_str(r);
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(f: &str, c: &str) -> CaseKey {
        (f.to_string(), c.to_string())
    }

    #[test]
    fn parse_render_round_trip() {
        let text = format!(
            "{HEADER}shell/a.test.sh :: first case  # not yet\nshell/b.test.sh :: x :: y\n"
        );
        let k = KnownFailures::parse(&text).unwrap();
        assert!(k.contains(&key("shell/a.test.sh", "first case")));
        assert!(k.contains(&key("shell/b.test.sh", "x :: y")));
        assert_eq!(k.len(), 2);
        assert_eq!(k.render(), text);
    }

    #[test]
    fn replaced_keeps_reasons() {
        let k = KnownFailures::parse("a :: 1 # r1\na :: 2 # r2\n").unwrap();
        let k2 = k.replaced_by([key("a", "2"), key("b", "3")]);
        assert!(
            k2.render().ends_with("a :: 2  # r2\nb :: 3\n"),
            "{}",
            k2.render()
        );
    }

    #[test]
    fn bad_line_is_named() {
        let e = KnownFailures::parse("# c\n\nnonsense\n").unwrap_err();
        assert!(e.contains(":3:"), "{e}");
    }
}
