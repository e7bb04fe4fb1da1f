//! The exit status of a script that ends inside an unterminated construct,
//! as bash 5.2 gives it (measured with a script file and `bash -c`; the
//! rule follows from where bash's reader meets the end of input):
//! - inside an open compound assignment `NAME=(...` (at any depth of
//!   quotes or `$(` within it): 1, whatever ran before;
//! - otherwise inside an open quote, backquote or `${` (also within
//!   `$(`): the previous command's status when it is not 0, else 2;
//! - otherwise inside an open `$((`: the same;
//! - an error inside `[[ ]]` (bash's `cond_error`, also mid-script):
//!   the previous command's status, 0 included; but one met at the end of
//!   the input (`[[ a` on the last line) follows the quote rule;
//! - otherwise (an open `if`, loop, `case`, `(`, `{`, `$(`): 2.

use toolsh_parser::{ParseError, ParseErrorKind};

/// The status a script ends with after the syntax error `e` in `src`,
/// once the complete commands before it ran and left `previous`.
pub(crate) fn syntax_error_status(src: &str, e: &ParseError, previous: i32) -> i32 {
    const EOF_MATCHING: &str = "unexpected EOF while looking for matching `";
    if is_conditional_error(&e.message) {
        // Met at the end of the input (`[[ a` on the last line: bash reads
        // on for the operand and meets EOF), the rule of an open quote;
        // anywhere else bash's cond_error, which keeps the status.
        let at_end = src
            .get(e.span.start as usize..)
            .is_none_or(|rest| rest.trim().is_empty());
        return if (e.kind == ParseErrorKind::Incomplete || at_end) && previous == 0 {
            2
        } else {
            previous
        };
    }
    if e.kind != ParseErrorKind::Incomplete {
        return 2;
    }
    let start = (e.command_start as usize).min(src.len());
    if src.get(start..).is_some_and(open_compound_assignment) {
        return 1;
    }
    let quote = e
        .message
        .strip_prefix(EOF_MATCHING)
        .and_then(|rest| rest.chars().next());
    let arithmetic = quote == Some(')')
        && src
            .get(e.span.start as usize..)
            .is_some_and(|t| t.starts_with("$(("));
    match quote {
        Some('\'' | '"' | '`' | '}') if previous != 0 => previous,
        Some(')') if arithmetic && previous != 0 => previous,
        _ => 2,
    }
}

/// Whether `message` is one of the parser's errors inside `[[ ]]`.
fn is_conditional_error(message: &str) -> bool {
    message.contains("conditional")
        || message.ends_with("expected `)'")
        || message.contains("looking for `]]'")
}

/// Whether `text` (a command left open at the end of the script) leaves a
/// compound assignment `NAME=(`, `NAME+=(` or `NAME[sub]=(` unclosed: a
/// rough scan of quotes, escapes, comments and parentheses, enough for a
/// text that the parser has already found incomplete.
fn open_compound_assignment(text: &str) -> bool {
    let b = text.as_bytes();
    // One entry per open `(`: whether it opened a compound assignment.
    let mut parens: Vec<bool> = Vec::new();
    let mut i = 0;
    let mut word_start = true;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => i += 1,
            b'\'' => {
                let dollar = i > 0 && b[i - 1] == b'$';
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    if dollar && b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'#' if word_start => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => parens.push(i > 0 && b[i - 1] == b'=' && is_assignment_lhs(&b[..i - 1])),
            b')' => {
                parens.pop();
            }
            _ => {}
        }
        word_start = matches!(c, b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')');
        i += 1;
    }
    parens.contains(&true)
}

/// Whether the text before an `=` ends with an assignment's left side:
/// `NAME`, `NAME+` or `NAME[...]`, starting a word.
fn is_assignment_lhs(before: &[u8]) -> bool {
    let mut end = before.len();
    if end > 0 && before[end - 1] == b'+' {
        end -= 1;
    }
    if end > 0 && before[end - 1] == b']' {
        match before[..end].iter().rposition(|&c| c == b'[') {
            Some(open) => end = open,
            None => return false,
        }
    }
    let name_start = before[..end]
        .iter()
        .rposition(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))
        .map_or(0, |p| p + 1);
    let name = &before[name_start..end];
    let at_word_start = name_start == 0
        || matches!(
            before[name_start - 1],
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'('
        );
    !name.is_empty() && !name[0].is_ascii_digit() && at_word_start
}

#[cfg(test)]
mod tests {
    use super::open_compound_assignment;

    #[test]
    fn finds_open_compound_assignments() {
        assert!(open_compound_assignment("x=(1 2\n"));
        assert!(open_compound_assignment("declare -a x=(1 'a\n"));
        assert!(open_compound_assignment("if true; then a[1]+=(1 $(echo\n"));
        assert!(!open_compound_assignment("x=(1 2)\necho 'a\n"));
        assert!(!open_compound_assignment("echo $(echo 'a\n"));
        assert!(!open_compound_assignment("echo '=(a'\nif true\n"));
        assert!(!open_compound_assignment("echo 1=(a\n"));
    }
}
