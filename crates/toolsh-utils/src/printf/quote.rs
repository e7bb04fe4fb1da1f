//! `printf %q`: quote a string so bash reads it back unchanged, in the
//! forms bash 5.2 prints (lib/sh/shquote.c behaviour: `''` for the empty
//! string, `$'...'` when a character is not printable in the locale,
//! backslashes before shell-special characters otherwise; under UTF-8 a
//! printable multibyte character is printable, in the C locale its bytes
//! are not).

use toolsh_command::quote::{ansi_c_bytes, needs_ansi_bytes};

/// Quote `s` as `printf %q` does under the locale (`utf8`).
pub(crate) fn shell_quote(s: &[u8], utf8: bool) -> Vec<u8> {
    if s.is_empty() {
        return b"''".to_vec();
    }
    if needs_ansi_bytes(s, utf8) {
        return ansi_c_bytes(s, utf8);
    }
    let mut out = Vec::with_capacity(s.len() + 8);
    for (i, &c) in s.iter().enumerate() {
        let special = match c {
            b' ' | b'\t' | b'\n' | b'\'' | b'"' | b'\\' | b'|' | b'&' | b';' | b'(' | b')'
            | b'<' | b'>' | b'!' | b'{' | b'}' | b'*' | b'[' | b'?' | b']' | b'^' | b'$' | b'`'
            | b',' => true,
            b'~' => i == 0 || s[i - 1] == b'=' || s[i - 1] == b':',
            b'#' => i == 0,
            _ => false,
        };
        if special {
            out.push(b'\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::shell_quote;

    fn q(s: &str) -> String {
        String::from_utf8(shell_quote(s.as_bytes(), false)).unwrap()
    }

    fn q8(s: &[u8]) -> String {
        String::from_utf8(shell_quote(s, true)).unwrap()
    }

    #[test]
    fn matches_bash() {
        assert_eq!(q(""), "''");
        assert_eq!(q("it's"), "it\\'s");
        assert_eq!(q("a~"), "a~");
        assert_eq!(q("=~"), "=\\~");
        assert_eq!(q("#a#"), "\\#a#");
        assert_eq!(q("a\tb"), "$'a\\tb'");
        assert_eq!(q("\u{e9} b"), "$'\\303\\251 b'");
        assert_eq!(q("a\\b'c\n"), "$'a\\\\b\\'c\\n'");
        // bash 5.2 under C.UTF-8.
        assert_eq!(q8("é☠".as_bytes()), "é☠");
        assert_eq!(q8("é b".as_bytes()), "é\\ b");
        assert_eq!(q8(b"\x85"), "$'\\205'");
        assert_eq!(q8("é\t".as_bytes()), "$'é\\t'");
    }
}
