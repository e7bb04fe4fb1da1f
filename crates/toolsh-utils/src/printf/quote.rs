//! `printf %q`: quote a string so bash reads it back unchanged, in the
//! forms bash 5.2 prints (lib/sh/shquote.c behaviour: `''` for the empty
//! string, `$'...'` when a byte is not printable in the C locale,
//! backslashes before shell-special characters otherwise).

fn printable(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

/// Quote `s` as `printf %q` does.
pub(crate) fn shell_quote(s: &[u8]) -> Vec<u8> {
    if s.is_empty() {
        return b"''".to_vec();
    }
    if s.iter().any(|&b| !printable(b)) {
        return ansi_c_quote(s);
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

/// The `$'...'` form.
fn ansi_c_quote(s: &[u8]) -> Vec<u8> {
    let mut out = b"$'".to_vec();
    for &c in s {
        match c {
            7 => out.extend_from_slice(b"\\a"),
            8 => out.extend_from_slice(b"\\b"),
            12 => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            11 => out.extend_from_slice(b"\\v"),
            27 => out.extend_from_slice(b"\\E"),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\'' => out.extend_from_slice(b"\\'"),
            c if printable(c) => out.push(c),
            c => out.extend_from_slice(format!("\\{c:03o}").as_bytes()),
        }
    }
    out.push(b'\'');
    out
}

#[cfg(test)]
mod tests {
    use super::shell_quote;

    fn q(s: &str) -> String {
        String::from_utf8(shell_quote(s.as_bytes())).unwrap()
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
    }
}
