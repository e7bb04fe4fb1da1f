//! Quoting values for re-input, as bash prints them: `${x@Q}`
//! (single quotes), `declare -p` (double quotes), and `$'...'` when the
//! text has control characters; and file names in diagnostics as GNU
//! coreutils quote them ([`gnu`]).

use std::fmt::Write as _;

/// `true` when `s` needs the `$'...'` form.
fn needs_ansi(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// bash's `$'...'` quoting.
pub fn ansi_c(s: &str) -> String {
    let mut out = String::from("$'");
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0b' => out.push_str("\\v"),
            '\x0c' => out.push_str("\\f"),
            '\x1b' => out.push_str("\\E"),
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\{:03o}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
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
