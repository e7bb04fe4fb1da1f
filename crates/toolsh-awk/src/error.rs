//! Errors: syntax errors with a position (reported like gawk's, with the
//! source line and a caret) and fatal runtime errors.

use std::fmt::Write as _;

/// A syntax error at a byte offset of the program text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset in the (combined) program text.
    pub pos: usize,
    /// What is wrong (`syntax error`, `unterminated string`).
    pub msg: String,
    /// gawk reports this as `fatal:` (exit status 2), not as a syntax
    /// error (status 1): calling an undefined function.
    pub fatal: bool,
}

impl SyntaxError {
    /// An error at `pos`.
    pub fn new(pos: usize, msg: impl Into<String>) -> Self {
        Self {
            pos,
            msg: msg.into(),
            fatal: false,
        }
    }
}

/// One piece of program text: a `-f` file or the command-line program.
#[derive(Debug, Clone)]
pub struct SourcePart {
    /// The name used in messages (`cmd. line` or the file name).
    pub name: String,
    /// Offset of the part in the combined text.
    pub start: usize,
}

/// Render a syntax error like gawk:
///
/// ```text
/// awk: cmd. line:1: BEGIN { x = }
/// awk: cmd. line:1:             ^ syntax error
/// ```
pub fn render_syntax_error(src: &[u8], parts: &[SourcePart], err: &SyntaxError) -> String {
    let pos = err.pos.min(src.len());
    let part = parts
        .iter()
        .rev()
        .find(|p| p.start <= pos)
        .cloned()
        .unwrap_or(SourcePart {
            name: "cmd. line".into(),
            start: 0,
        });
    let before = &src[part.start..pos];
    let line_no = memchr::memchr_iter(b'\n', before).count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(part.start, |i| part.start + i + 1);
    let line_end = src[pos..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(src.len(), |i| pos + i);
    let line = String::from_utf8_lossy(&src[line_start..line_end]);
    let col = pos - line_start;
    let prefix = format!("awk: {}:{line_no}: ", part.name);
    let mut out = String::new();
    let _ = writeln!(out, "{prefix}{line}");
    let _ = writeln!(out, "{prefix}{}^ {}", " ".repeat(col), err.msg);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_offending_token() {
        let src = b"BEGIN { x = }";
        let parts = [SourcePart {
            name: "cmd. line".into(),
            start: 0,
        }];
        let s = render_syntax_error(src, &parts, &SyntaxError::new(12, "syntax error"));
        assert_eq!(
            s,
            "awk: cmd. line:1: BEGIN { x = }\nawk: cmd. line:1:             ^ syntax error\n"
        );
    }
}
