//! A bound on a jq program's size in syntax nodes, checked before jaq
//! sees the text.
//!
//! jaq's lexer, parser and compiler recurse once per nested block and per
//! operator of a chain (`1|1|...`, `1,1,...`, `- - 1`, `[[[...]]]`): 50,000
//! of any of them overflowed even the jq thread's 256 MiB stack and
//! aborted the whole process. This scan does not recurse: it counts the
//! tokens that can add a level to jaq's trees (brackets, operators,
//! keywords, string interpolations) and refuses a program with more than
//! [`MAX_PROGRAM_NODES`] of them. Path steps (`.a.b.c`) are not counted:
//! jaq builds them as a flat list.

/// Most nodes a program may have: 10,000 of any one shape ran on the jq
/// thread's stack in a debug build (50,000 did not), so this leaves a
/// margin of more than two for mixed shapes. jq 1.7.1 has no such bound.
pub(crate) const MAX_PROGRAM_NODES: usize = 4096;

/// Keywords that open or join a node in jaq's syntax tree.
const KEYWORDS: &[&str] = &[
    "if", "elif", "reduce", "foreach", "try", "catch", "def", "label", "as", "and", "or",
];

/// The number of nodes of `code` counted as the module docs say, stopping
/// early once it passes [`MAX_PROGRAM_NODES`].
pub(crate) fn nodes(code: &str) -> usize {
    let b = code.as_bytes();
    let mut n = 0usize;
    // One entry per string being read: the parenthesis depth of the
    // interpolation it is inside of (`"\( "\(1)" )"` nests strings).
    let mut interps: Vec<usize> = Vec::new();
    let mut in_string = false;
    let mut parens = 0usize;
    let mut i = 0;
    while i < b.len() && n <= MAX_PROGRAM_NODES {
        let c = b[i];
        if in_string {
            match c {
                b'\\' if b.get(i + 1) == Some(&b'(') => {
                    n += 1;
                    interps.push(parens);
                    parens += 1;
                    in_string = false;
                    i += 2;
                    continue;
                }
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                n += 1;
                in_string = true;
            }
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                n += 1;
                parens += 1;
            }
            b')' => {
                parens = parens.saturating_sub(1);
                if interps.last() == Some(&parens) {
                    interps.pop();
                    in_string = true;
                }
            }
            b'[' | b'{' | b'|' | b',' | b'+' | b'-' | b'*' | b'/' | b'%' | b'=' | b'<' | b'>'
            | b'?' | b';' | b':' => n += 1,
            c if c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c == b'@' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let word = &code[start..i.max(start + 1)];
                if KEYWORDS.contains(&word) {
                    n += 1;
                }
                if i > start {
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_structure_not_paths_or_string_text() {
        assert_eq!(nodes(".a.b.c"), 0);
        assert_eq!(nodes("\"a|b,c[\""), 1);
        assert_eq!(nodes("[1,2] | if . then 1 else 2 end"), 4);
        assert_eq!(nodes("\"x\\(1+\"y\\(2)\")z\" # a,b"), 5);
        assert!(nodes(&"[".repeat(50_000)) > MAX_PROGRAM_NODES);
        assert!(nodes(&"1|".repeat(50_000)) > MAX_PROGRAM_NODES);
    }
}
