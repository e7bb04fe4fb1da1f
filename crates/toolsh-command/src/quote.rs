//! Quoting values for re-input, as bash prints them: `${x@Q}`
//! (single quotes), `declare -p` (double quotes), and `$'...'` when the
//! text has control characters; and file names in diagnostics as GNU
//! coreutils quote them ([`gnu`]).

use std::fmt::Write as _;

/// `true` when `s` needs the `$'...'` form.
fn needs_ansi(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// bash's `$'...'` quoting of text (`${x@Q}`, `declare -p` and `set`
/// for values with control characters): [`ansi_c_bytes`] under UTF-8.
pub fn ansi_c(s: &str) -> String {
    String::from_utf8_lossy(&ansi_c_bytes(s.as_bytes(), true)).into_owned()
}

/// `true` when `s` has something `$'...'` must spell as an escape: a
/// control character or, in the C locale (`utf8` false), any byte outside
/// printable ASCII; under UTF-8, a byte that is not part of a valid
/// sequence.
pub fn needs_ansi_bytes(s: &[u8], utf8: bool) -> bool {
    if !utf8 || s.is_ascii() {
        return s.iter().any(|&b| !(0x20..0x7f).contains(&b));
    }
    s.utf8_chunks()
        .any(|c| !c.invalid().is_empty() || c.valid().chars().any(char::is_control))
}

/// The one `$'...'` encoder (bash's `ansic_quote`, lib/sh/strtrans.c
/// behaviour): `\a \b \f \n \r \t \v \E`, `\\` and `\'` by name,
/// printable ASCII as itself, a printable multibyte character as itself
/// under UTF-8 (`utf8`), and every other byte as `\NNN` in octal (the C
/// locale spells `é` as `\303\251`).
pub fn ansi_c_bytes(s: &[u8], utf8: bool) -> Vec<u8> {
    let mut out = b"$'".to_vec();
    let byte = |out: &mut Vec<u8>, c: u8| match c {
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
        0x20..0x7f => out.push(c),
        c => {
            let _ = write!(Octal(out), "\\{c:03o}");
        }
    };
    if utf8 {
        for chunk in s.utf8_chunks() {
            for c in chunk.valid().chars() {
                if c.is_ascii() || c.is_control() {
                    let mut buf = [0; 4];
                    for &b in c.encode_utf8(&mut buf).as_bytes() {
                        byte(&mut out, b);
                    }
                } else {
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
            for &b in chunk.invalid() {
                byte(&mut out, b);
            }
        }
    } else {
        for &b in s {
            byte(&mut out, b);
        }
    }
    out.push(b'\'');
    out
}

/// `fmt::Write` into a byte buffer, for the octal escapes.
struct Octal<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Octal<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// `${x@Q}`: single quotes, `'\''` for a quote; `$'...'` for control
/// characters.
pub fn single(s: &str) -> String {
    if needs_ansi(s) {
        return ansi_c(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

/// `declare -p` values: double quotes with `\"`, `\\`, `\$`, `` \` ``
/// escaped; `$'...'` for control characters.
pub fn double(s: &str) -> String {
    if needs_ansi(s) {
        return ansi_c(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// `printf %q` / `${x@Q}`-style quoting with backslashes (used by `set`
/// listing values that need quoting).
pub fn for_set(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./:,@%+=".contains(c))
    {
        return s.to_string();
    }
    single(s)
}

/// Quote a file name for a diagnostic the way GNU coreutils does in the C
/// locale (`'name'`; names with a single quote in double quotes; control
/// characters as `$'\n'` pieces are approximated with `?`).
pub fn gnu(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if clean.contains('\'') {
        if clean.contains(['"', '$', '`', '\\']) {
            format!("'{}'", clean.replace('\'', "'\\''"))
        } else {
            format!("\"{clean}\"")
        }
    } else {
        format!("'{clean}'")
    }
}

/// [`gnu`] only when the name needs it for a shell (gnulib's
/// `quotef`, used by `realpath` and others): names made of letters,
/// digits, non-ASCII and `-_./,:@%+=^` print as they are.
pub fn gnu_if_needed(name: &str) -> String {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || !c.is_ascii() || "-_./,:@%+=^".contains(c));
    if plain { name.to_string() } else { gnu(name) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_matches_bash() {
        // bash: x="a'b c"; echo ${x@Q}; y=$'t\tx'; echo ${y@Q}
        assert_eq!(single("a'b c"), "'a'\\''b c'");
        assert_eq!(single("t\tx"), "$'t\\tx'");
        assert_eq!(single(""), "''");
        // bash: s='a"b$c\d`e'; declare -p s
        assert_eq!(double("a\"b$c\\d`e"), "\"a\\\"b\\$c\\\\d\\`e\"");
    }
}
