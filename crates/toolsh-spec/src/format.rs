//! The case-file format: parsing and canonical rendering of `*.test.sh` files.
//!
//! ```text
//! file comment (any lines before the first case)
//! #### a case name
//! script lines
//! ## stdout:
//! expected stdout lines (each one gets "\n")
//! ## status: 0
//! ```
//!
//! The expected output takes one of three forms: `## stdout:` (lines, each
//! ending in a newline), `## stdout-no-eol:` (lines joined by newlines, no
//! final newline) and `## stdout-json: "..."` (one JSON string, for output
//! with control characters or lines that would read as section markers).
//! `## divergence: <reason>` marks a case where toolsh differs from bash on
//! purpose. Lines after the last section of a case (blank separators,
//! comments) are kept verbatim. A `## locale: NAME` line in the file comment
//! runs every case of the file with `LC_ALL=NAME` (oracle and toolsh alike)
//! instead of the default `LC_ALL=C`.

use std::fmt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A parsed corpus file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecFile {
    /// Where it was read from (used in error messages and reports).
    pub path: PathBuf,
    /// Lines before the first case, verbatim.
    pub comment: Vec<String>,
    /// The `LC_ALL` of every case: the comment's `## locale:` line, else
    /// [`DEFAULT_LOCALE`].
    pub locale: String,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// One case: a script and what real bash (or the oracle tool) prints for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The text after `#### `; unique within its file.
    pub name: String,
    /// 1-based line of the `####` header.
    pub line: usize,
    /// The script, lines joined with `\n`, with a final `\n` when non-empty.
    pub script: String,
    /// The recorded expectation; `None` for a case not blessed yet.
    pub expected: Option<Expected>,
    /// The reason of a `## divergence:` line, if any.
    pub divergence: Option<String>,
    /// Lines after the case's last section up to the next case, verbatim.
    pub trailer: Vec<String>,
}

/// What the oracle printed and returned for a case.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Expected {
    /// Standard output (invalid UTF-8 replaced by U+FFFD).
    pub stdout: String,
    /// Exit status (128 + N when the oracle was killed by signal N).
    pub status: i32,
}

/// A syntax error in a corpus file, naming the file and the 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.path.display(), self.line, self.message)
    }
}

impl std::error::Error for FormatError {}

/// How strictly [`parse`] treats cases without an expectation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strictness {
    /// Every case must have `## status:` (verify and the toolsh runner).
    Complete,
    /// Cases may lack their sections (bless fills them in).
    AllowUnblessed,
}

const CASE_PREFIX: &str = "####";
const STDOUT: &str = "## stdout:";
const STDOUT_NO_EOL: &str = "## stdout-no-eol:";
const STDOUT_JSON: &str = "## stdout-json:";
const STATUS: &str = "## status:";
const DIVERGENCE: &str = "## divergence:";
const LOCALE: &str = "## locale:";

/// The `LC_ALL` of a file without a `## locale:` line.
pub const DEFAULT_LOCALE: &str = "C";

/// A section marker line, classified.
enum Marker<'a> {
    Stdout,
    StdoutNoEol,
    StdoutJson(&'a str),
    Status(&'a str),
    Divergence(&'a str),
}

fn marker(line: &str) -> Option<Marker<'_>> {
    // Order matters: `## stdout:` is not a prefix of the others, but keep the
    // longer names first for clarity.
    if let Some(rest) = line.strip_prefix(STDOUT_NO_EOL) {
        rest.trim().is_empty().then_some(Marker::StdoutNoEol)
    } else if let Some(rest) = line.strip_prefix(STDOUT_JSON) {
        Some(Marker::StdoutJson(rest.trim()))
    } else if let Some(rest) = line.strip_prefix(STDOUT) {
        rest.trim().is_empty().then_some(Marker::Stdout)
    } else if let Some(rest) = line.strip_prefix(STATUS) {
        Some(Marker::Status(rest.trim()))
    } else {
        line.strip_prefix(DIVERGENCE)
            .map(|rest| Marker::Divergence(rest.trim()))
    }
}

fn is_case_header(line: &str) -> bool {
    line == CASE_PREFIX || line.starts_with("#### ")
}

/// Parses a corpus file's text. `path` is only used for messages.
///
/// Errors: a `####` header without a name, a duplicate case name, a stdout
/// section not followed by `## status:`, a malformed status or JSON string,
/// repeated sections, and (with [`Strictness::Complete`]) a case without
/// `## status:`.
pub fn parse(path: &Path, text: &str, strictness: Strictness) -> Result<SpecFile, FormatError> {
    let err = |line: usize, message: String| FormatError {
        path: path.to_path_buf(),
        line,
        message,
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut comment = Vec::new();
    while i < lines.len() && !is_case_header(lines[i]) {
        comment.push(lines[i].to_string());
        i += 1;
    }
    let mut locale = DEFAULT_LOCALE.to_string();
    for (n, line) in comment.iter().enumerate() {
        if let Some(name) = line.strip_prefix(LOCALE) {
            let name = name.trim();
            if name.is_empty()
                || !name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"._-@".contains(&b))
            {
                return Err(err(
                    n + 1,
                    format!("`## locale:` needs a locale name, got {name:?}"),
                ));
            }
            locale = name.to_string();
        }
    }
    let mut cases: Vec<Case> = Vec::new();
    while i < lines.len() {
        let header_line = i + 1;
        let name = lines[i][CASE_PREFIX.len()..].trim().to_string();
        if name.is_empty() {
            return Err(err(header_line, "case header `####` without a name".into()));
        }
        if let Some(prev) = cases.iter().find(|c| c.name == name) {
            return Err(err(
                header_line,
                format!("duplicate case name {name:?} (first at line {})", prev.line),
            ));
        }
        i += 1;
        // Script: up to the first marker or the next case.
        let start = i;
        while i < lines.len() && !is_case_header(lines[i]) && marker(lines[i]).is_none() {
            i += 1;
        }
        let mut script_lines: Vec<&str> = lines[start..i].to_vec();
        let mut trailer: Vec<String> = Vec::new();
        let mut stdout: Option<String> = None;
        let mut status: Option<i32> = None;
        let mut divergence: Option<String> = None;
        let has_sections = i < lines.len() && !is_case_header(lines[i]);
        if !has_sections {
            while script_lines.last().is_some_and(|l| l.trim().is_empty()) {
                trailer.insert(0, String::new());
                script_lines.pop();
            }
        }
        // Sections.
        while i < lines.len() && !is_case_header(lines[i]) {
            let line_no = i + 1;
            let Some(m) = marker(lines[i]) else {
                trailer.push(lines[i].to_string());
                i += 1;
                continue;
            };
            if !trailer.is_empty() {
                return Err(err(
                    line_no,
                    "section after free text: the stdout lines must be followed directly by `## status:`"
                        .into(),
                ));
            }
            i += 1;
            match m {
                Marker::Stdout | Marker::StdoutNoEol | Marker::StdoutJson(_)
                    if stdout.is_some() =>
                {
                    return Err(err(line_no, "second stdout section in one case".into()));
                }
                Marker::Stdout | Marker::StdoutNoEol => {
                    let body_start = i;
                    while i < lines.len() && !is_case_header(lines[i]) && marker(lines[i]).is_none()
                    {
                        i += 1;
                    }
                    if i >= lines.len() || is_case_header(lines[i]) {
                        return Err(err(
                            line_no,
                            "stdout lines must be followed by `## status:` (or another section) before the next case".into(),
                        ));
                    }
                    let body = &lines[body_start..i];
                    let mut out = body.join("\n");
                    if matches!(m, Marker::Stdout) {
                        if !body.is_empty() {
                            out.push('\n');
                        }
                    } else if body.is_empty() {
                        return Err(err(
                            line_no,
                            "`## stdout-no-eol:` with no lines (use `## stdout:`)".into(),
                        ));
                    }
                    stdout = Some(out);
                }
                Marker::StdoutJson(json) => {
                    let value: String = serde_json::from_str(json).map_err(|e| {
                        err(
                            line_no,
                            format!("`## stdout-json:` needs one JSON string: {e}"),
                        )
                    })?;
                    stdout = Some(value);
                }
                Marker::Status(_) if status.is_some() => {
                    return Err(err(line_no, "second `## status:` in one case".into()));
                }
                Marker::Status(n) => {
                    status = Some(n.parse().map_err(|_| {
                        err(line_no, format!("`## status:` needs an integer, got {n:?}"))
                    })?);
                }
                Marker::Divergence(_) if divergence.is_some() => {
                    return Err(err(line_no, "second `## divergence:` in one case".into()));
                }
                Marker::Divergence(reason) => {
                    if reason.is_empty() {
                        return Err(err(line_no, "`## divergence:` needs a reason".into()));
                    }
                    divergence = Some(reason.to_string());
                }
            }
        }
        let expected = match (stdout, status) {
            (stdout, Some(status)) => Some(Expected {
                stdout: stdout.unwrap_or_default(),
                status,
            }),
            (Some(_), None) => {
                return Err(err(
                    header_line,
                    format!("case {name:?} has stdout but no `## status:`"),
                ));
            }
            (None, None) => {
                if strictness == Strictness::Complete {
                    return Err(err(
                        header_line,
                        format!(
                            "case {name:?} has no `## status:` (run `spec bless` on this file)"
                        ),
                    ));
                }
                None
            }
        };
        let mut script = script_lines.join("\n");
        if !script.is_empty() {
            script.push('\n');
        }
        cases.push(Case {
            name,
            line: header_line,
            script,
            expected,
            divergence,
            trailer,
        });
    }
    Ok(SpecFile {
        path: path.to_path_buf(),
        comment,
        locale,
        cases,
    })
}

/// Reads and parses a corpus file.
pub fn read(path: &Path, strictness: Strictness) -> Result<SpecFile, FormatError> {
    let text = std::fs::read_to_string(path).map_err(|e| FormatError {
        path: path.to_path_buf(),
        line: 0,
        message: format!("cannot read: {e}"),
    })?;
    parse(path, &text, strictness)
}

/// `true` when `stdout` must be written as `## stdout-json:`: a line that
/// reads as a marker (starts with `##`), a control character other than
/// tab, or a replacement character from invalid UTF-8.
fn needs_json(stdout: &str) -> bool {
    stdout.lines().any(|l| l.starts_with("##"))
        || stdout
            .chars()
            .any(|c| (c.is_control() && c != '\n' && c != '\t') || c == '\u{fffd}')
}

/// Renders the expected-output sections of `expected` (stdout form chosen
/// canonically, then the status line).
pub fn render_expected(expected: &Expected, out: &mut String) {
    let stdout = &expected.stdout;
    if needs_json(stdout) {
        out.push_str(STDOUT_JSON);
        out.push(' ');
        out.push_str(&serde_json::to_string(stdout).expect("a string serializes"));
        out.push('\n');
    } else if stdout.is_empty() || stdout.ends_with('\n') {
        out.push_str(STDOUT);
        out.push('\n');
        out.push_str(stdout);
    } else {
        out.push_str(STDOUT_NO_EOL);
        out.push('\n');
        out.push_str(stdout);
        out.push('\n');
    }
    let _ = writeln!(out, "{STATUS} {}", expected.status);
}

/// Renders a file in the canonical form: comment, then per case the header,
/// script, expected sections, divergence line and trailer.
pub fn render(file: &SpecFile) -> String {
    let mut out = String::new();
    for line in &file.comment {
        out.push_str(line);
        out.push('\n');
    }
    for case in &file.cases {
        let _ = writeln!(out, "{CASE_PREFIX} {}", case.name);
        out.push_str(&case.script);
        if let Some(expected) = &case.expected {
            render_expected(expected, &mut out);
        }
        if let Some(reason) = &case.divergence {
            let _ = writeln!(out, "{DIVERGENCE} {reason}");
        }
        for line in &case.trailer {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Result<SpecFile, FormatError> {
        parse(Path::new("t.test.sh"), text, Strictness::Complete)
    }

    const CANONICAL: &str = "\
# file comment
# second line

#### plain lines
echo a
echo
## stdout:
a

## status: 0

#### no eol
printf 'x\\ny'
## stdout-no-eol:
x
y
## status: 3
## divergence: sandbox has no /etc

#### json form
printf '## not a marker\\n\\001\\n'
## stdout-json: \"## not a marker\\n\\u0001\\n\"
## status: 0
# a comment between cases

#### empty output
true
## stdout:
## status: 1
";

    #[test]
    fn canonical_text_round_trips() {
        let f = p(CANONICAL).unwrap();
        assert_eq!(render(&f), CANONICAL);
        assert_eq!(p(&render(&f)).unwrap(), f);
    }

    #[test]
    fn three_stdout_forms() {
        let f = p(CANONICAL).unwrap();
        let got: Vec<(&str, i32)> = f
            .cases
            .iter()
            .map(|c| {
                let e = c.expected.as_ref().unwrap();
                (e.stdout.as_str(), e.status)
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("a\n\n", 0),
                ("x\ny", 3),
                ("## not a marker\n\u{1}\n", 0),
                ("", 1)
            ]
        );
    }

    #[test]
    fn names_scripts_lines_divergence_comment() {
        let f = p(CANONICAL).unwrap();
        assert_eq!(f.comment, vec!["# file comment", "# second line", ""]);
        let c = &f.cases[0];
        assert_eq!((c.name.as_str(), c.line), ("plain lines", 4));
        assert_eq!(c.script, "echo a\necho\n");
        assert_eq!(
            f.cases[1].divergence.as_deref(),
            Some("sandbox has no /etc")
        );
        assert_eq!(f.cases[2].trailer, vec!["# a comment between cases", ""]);
        assert_eq!(f.cases[3].line, 26);
    }

    #[test]
    fn render_chooses_the_form_from_the_content() {
        let mut s = String::new();
        for (stdout, head) in [
            ("", "## stdout:\n## status: 0\n"),
            ("\n", "## stdout:\n\n## status: 0\n"),
            ("a\nb", "## stdout-no-eol:\na\nb\n## status: 0\n"),
            ("tab\there\n", "## stdout:\ntab\there\n## status: 0\n"),
            ("#### x\n", "## stdout-json: \"#### x\\n\"\n## status: 0\n"),
            ("a\r\n", "## stdout-json: \"a\\r\\n\"\n## status: 0\n"),
            (
                "bad \u{fffd}",
                "## stdout-json: \"bad \u{fffd}\"\n## status: 0\n",
            ),
        ] {
            s.clear();
            let e = Expected {
                stdout: stdout.to_string(),
                status: 0,
            };
            render_expected(&e, &mut s);
            assert_eq!(s, head, "for {stdout:?}");
            let text = format!("#### c\n:\n{s}");
            let back = p(&text).unwrap();
            assert_eq!(back.cases[0].expected.as_ref(), Some(&e));
        }
    }

    #[test]
    fn unblessed_cases_parse_only_when_allowed() {
        let text = "#### new one\necho hi\n\n#### other\necho x\n## stdout:\nx\n## status: 0\n";
        let e = p(text).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().starts_with("t.test.sh:1: "), "{e}");
        let f = parse(Path::new("t"), text, Strictness::AllowUnblessed).unwrap();
        assert_eq!(f.cases[0].expected, None);
        assert_eq!(f.cases[0].script, "echo hi\n");
        assert_eq!(f.cases[0].trailer, vec![""]);
        assert_eq!(render(&f), text);
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("####\n", 1, "without a name"),
            ("#### a\n## status: x\n", 2, "integer"),
            ("#### a\n## stdout-json: nope\n## status: 0\n", 2, "JSON"),
            ("#### a\n## stdout:\nx\n#### b\n", 2, "followed by"),
            (
                "#### a\n## status: 0\n#### a\n## status: 0\n",
                3,
                "duplicate",
            ),
            ("#### a\n## status: 0\n## status: 1\n", 3, "second"),
            (
                "#### a\n## stdout:\n## status: 0\nfree\n## divergence: x\n",
                5,
                "free text",
            ),
            ("#### a\necho\n", 1, "no `## status:`"),
            ("#### a\n## divergence:\n## status: 0\n", 2, "reason"),
        ];
        for (text, line, needle) in cases {
            let e = p(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.message.contains(needle), "{text:?}: {e}");
        }
    }

    #[test]
    fn locale_line_in_the_file_comment() {
        assert_eq!(p("#### a\n## status: 0\n").unwrap().locale, "C");
        let text = "# utf-8 cases\n## locale: C.UTF-8\n\n#### a\n## stdout:\n## status: 0\n";
        let f = p(text).unwrap();
        assert_eq!(f.locale, "C.UTF-8");
        assert_eq!(render(&f), text);
        let e = p("## locale: a b\n#### a\n## status: 0\n").unwrap_err();
        assert_eq!(e.line, 1, "{e}");
    }

    #[test]
    fn bash_comments_in_scripts_are_not_markers() {
        let f =
            p("#### a\n## just a comment\n# stdout:\necho\n## stdout:\n\n## status: 0\n").unwrap();
        assert_eq!(f.cases[0].script, "## just a comment\n# stdout:\necho\n");
    }
}
