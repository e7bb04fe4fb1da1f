//! Backslash escapes of `printf`: those of the format string and those of
//! `%b` arguments (bash reference manual, "Bash Builtins", `printf`; the
//! C-locale behaviour of `\u`/`\U`, which prints characters outside ASCII
//! back as `\uXXXX`, is bash 5.2's).

#![allow(clippy::many_single_char_names)] // short names mirror the C algorithms

/// Which escape dialect to decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// The format string: `\"`, `\'`, `\?` lose the backslash; octal is
    /// `\NNN` (up to three digits, a leading 0 counting as one).
    Format,
    /// A `%b` argument: `\"`, `\'`, `\?` stay as written; octal is
    /// `\0NNN` (up to three digits after the 0) or `\NNN`; `\c` ends all
    /// output.
    Arg,
}

/// The outcome of decoding one escape sequence.
pub(crate) struct Decoded {
    /// Bytes consumed after the backslash.
    pub consumed: usize,
    /// `\c` in a `%b` argument: stop printing.
    pub stop: bool,
    /// A warning to print (`missing hex digit for \x`).
    pub warning: Option<&'static str>,
}

fn hex_val(b: u8) -> Option<u32> {
    (b as char).to_digit(16)
}

/// Decode the escape whose text (after the backslash) starts at `s`,
/// appending its bytes to `out`. `s` is non-empty.
pub(crate) fn decode(s: &[u8], dialect: Dialect, out: &mut Vec<u8>) -> Decoded {
    let plain = |consumed| Decoded {
        consumed,
        stop: false,
        warning: None,
    };
    let c = s[0];
    let simple = match c {
        b'a' => Some(7u8),
        b'b' => Some(8),
        b'e' | b'E' => Some(27),
        b'f' => Some(12),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(11),
        b'\\' => Some(b'\\'),
        _ => None,
    };
    if let Some(b) = simple {
        out.push(b);
        return plain(1);
    }
    match c {
        b'"' | b'\'' | b'?' if dialect == Dialect::Format => {
            out.push(c);
            plain(1)
        }
        b'c' if dialect == Dialect::Arg => Decoded {
            consumed: 1,
            stop: true,
            warning: None,
        },
        b'0'..=b'7' => {
            // In %b a leading 0 introduces up to three more digits.
            let (skip, maxd) = if dialect == Dialect::Arg && c == b'0' {
                (1, 3)
            } else {
                (0, 3)
            };
            let mut v: u32 = 0;
            let mut n = 0;
            while n < maxd && skip + n < s.len() && (b'0'..=b'7').contains(&s[skip + n]) {
                v = v * 8 + u32::from(s[skip + n] - b'0');
                n += 1;
            }
            out.push((v & 0xff) as u8);
            plain(skip + n)
        }
        b'x' => {
            let mut v = 0;
            let mut n = 0;
            while n < 2 && 1 + n < s.len() {
                let Some(d) = hex_val(s[1 + n]) else { break };
                v = v * 16 + d;
                n += 1;
            }
            if n == 0 {
                out.extend_from_slice(b"\\x");
                return Decoded {
                    consumed: 1,
                    stop: false,
                    warning: Some("missing hex digit for \\x"),
                };
            }
            out.push(v as u8);
            plain(1 + n)
        }
        b'u' | b'U' => {
            let maxd = if c == b'u' { 4 } else { 8 };
            let mut v: u32 = 0;
            let mut n = 0;
            while n < maxd && 1 + n < s.len() {
                let Some(d) = hex_val(s[1 + n]) else { break };
                v = v.wrapping_mul(16).wrapping_add(d);
                n += 1;
            }
            if n == 0 {
                out.push(b'\\');
                out.push(c);
                return Decoded {
                    consumed: 1,
                    stop: false,
                    warning: Some(if c == b'u' {
                        "missing unicode digit for \\u"
                    } else {
                        "missing unicode digit for \\U"
                    }),
                };
            }
            push_code_point(v, out);
            plain(1 + n)
        }
        _ => {
            out.push(b'\\');
            out.push(c);
            plain(1)
        }
    }
}

/// Append code point `v` as the C locale does: ASCII as the byte, others
/// spelled back as `\uXXXX` / `\UXXXXXXXX`.
fn push_code_point(v: u32, out: &mut Vec<u8>) {
    if v < 0x80 {
        out.push(v as u8);
    } else if v <= 0xFFFF {
        out.extend_from_slice(format!("\\u{v:04X}").as_bytes());
    } else {
        out.extend_from_slice(format!("\\U{v:08X}").as_bytes());
    }
}

/// Expand a `%b` argument. Returns the bytes, whether `\c` was seen, and
/// the warnings to print.
pub(crate) fn expand_arg(s: &[u8]) -> (Vec<u8>, bool, Vec<&'static str>) {
    let mut out = Vec::with_capacity(s.len());
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' && i + 1 < s.len() {
            let d = decode(&s[i + 1..], Dialect::Arg, &mut out);
            if let Some(w) = d.warning {
                warnings.push(w);
            }
            if d.stop {
                return (out, true, warnings);
            }
            i += 1 + d.consumed;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    (out, false, warnings)
}
