//! Backslash escapes: the one decoder behind `printf` formats and `%b`
//! arguments, `echo -e`, `${x@E}` (bash reference manual, "Bash
//! Builtins" for `printf` and `echo`, "ANSI-C Quoting" for `@E`; bash
//! 5.2's behaviour where the manual is silent), `stat --printf`
//! (coreutils 9.1) and `find -printf` (findutils 4.9). The dialects differ only
//! in which octal forms they take, what `\c` means and whether `\"`,
//! `\'`, `\?` lose their backslash; [`Dialect`] names each caller's.
//! (The parser decodes `$'...'` itself, when it reads the word.)
//!
//! `\u`/`\U` write the code point as UTF-8 under a UTF-8 locale, with
//! bash's own encoder (surrogates and values past U+10FFFF encoded as
//! written, up to six bytes; nothing above 0x7FFFFFFF); in the C locale an
//! ASCII code point is its byte and any other is spelled back as
//! `\uXXXX` / `\UXXXXXXXX`. Octal escapes past `\377` keep the low eight
//! bits (`\400` is a NUL byte), as bash does.

/// Which escapes a caller decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// A `printf` format: `\"`, `\'`, `\?` lose the backslash; octal is
    /// `\NNN` (one to three digits, a leading 0 counting as one); `\c`
    /// is kept as written.
    Format,
    /// A `printf %b` argument: `\"`, `\'`, `\?` stay as written; octal is
    /// `\0NNN` (up to three digits after the 0) or `\NNN`; `\c` ends all
    /// output.
    Arg,
    /// `echo -e`: octal only as `\0NNN`; `\c` ends all output; `\"`,
    /// `\'`, `\?`, `\1` stay as written.
    Echo,
    /// ANSI-C quoting (`${x@E}`): `\"`, `\'`, `\?` lose the backslash;
    /// octal is `\NNN`; `\cX` is the control character of `X`.
    Ansi,
    /// `stat --printf`: octal is `\NNN`, `\"` loses the backslash, and
    /// any escape it does not know (`\u`, `\?`, `\c`) drops the
    /// backslash with the warning `unrecognized escape`.
    Stat,
    /// `find -printf` (findutils 4.9 "Format Directives"): `\a \b \f \n
    /// \r \t \v \\`, octal `\NNN` (one to three digits, so `\0` is a NUL
    /// byte), `\c` stops this file's output; any other escape (`\e`, `\x`,
    /// `\u`, `\"`, ...) keeps its backslash and the byte after it, with
    /// the warning `unrecognized escape`.
    Find,
}

/// The outcome of decoding one escape sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decoded {
    /// Bytes consumed after the backslash (at least 1).
    pub consumed: usize,
    /// `\c` in [`Dialect::Arg`], [`Dialect::Echo`] or [`Dialect::Find`]:
    /// stop printing.
    pub stop: bool,
    /// The warning `printf` prints for this escape
    /// (`missing hex digit for \x`); `echo` and `@E` print none.
    pub warning: Option<&'static str>,
}

/// Decode the escape whose text after the backslash starts `s`,
/// appending its bytes to `out`. An empty `s` (a trailing backslash) is
/// the backslash itself, consuming nothing.
pub fn decode(s: &[u8], dialect: Dialect, utf8: bool, out: &mut Vec<u8>) -> Decoded {
    let done = |consumed| Decoded {
        consumed,
        stop: false,
        warning: None,
    };
    let Some(&c) = s.first() else {
        out.push(b'\\');
        return Decoded {
            consumed: 0,
            ..done(0)
        };
    };
    let simple = match c {
        b'a' => Some(7u8),
        b'b' => Some(8),
        b'e' | b'E' if dialect != Dialect::Find => Some(27),
        b'f' => Some(12),
        b'n' => Some(b'\n'),
        b'r' => Some(b'\r'),
        b't' => Some(b'\t'),
        b'v' => Some(11),
        b'\\' => Some(b'\\'),
        b'"' | b'\'' | b'?' if matches!(dialect, Dialect::Format | Dialect::Ansi) => Some(c),
        b'"' if dialect == Dialect::Stat => Some(c),
        _ => None,
    };
    if let Some(b) = simple {
        out.push(b);
        return done(1);
    }
    match (c, dialect) {
        (b'c', Dialect::Arg | Dialect::Echo | Dialect::Find) => Decoded {
            stop: true,
            ..done(1)
        },
        (b'c', Dialect::Ansi) if s.len() > 1 => {
            out.push(control_of(s[1]));
            done(2)
        }
        (b'0', Dialect::Arg | Dialect::Echo) => {
            let (v, n) = digits(&s[1..], 3, 8);
            out.push((v & 0xff) as u8);
            done(1 + n)
        }
        (
            b'0'..=b'7',
            Dialect::Format | Dialect::Arg | Dialect::Ansi | Dialect::Stat | Dialect::Find,
        ) => {
            let (v, n) = digits(s, 3, 8);
            out.push((v & 0xff) as u8);
            done(n)
        }
        (_, Dialect::Find) => {
            // The backslash stays, and the character after it, whole.
            let len = utf8_len(c).min(s.len());
            out.push(b'\\');
            out.extend_from_slice(&s[..len]);
            Decoded {
                warning: Some("unrecognized escape"),
                ..done(len)
            }
        }
        (b'x', _) if dialect != Dialect::Stat || digits(&s[1..], 2, 16).1 > 0 => {
            match digits(&s[1..], 2, 16) {
                (_, 0) => {
                    out.extend_from_slice(b"\\x");
                    Decoded {
                        warning: Some("missing hex digit for \\x"),
                        ..done(1)
                    }
                }
                (v, n) => {
                    out.push(v as u8);
                    done(1 + n)
                }
            }
        }
        (_, Dialect::Stat) => {
            // The character itself; a multibyte one stays whole.
            let len = utf8_len(c).min(s.len());
            out.extend_from_slice(&s[..len]);
            Decoded {
                warning: Some("unrecognized escape"),
                ..done(len)
            }
        }
        (b'u' | b'U', _) => {
            let wide = c == b'U';
            match digits(&s[1..], if wide { 8 } else { 4 }, 16) {
                (_, 0) => {
                    out.push(b'\\');
                    out.push(c);
                    Decoded {
                        warning: Some(if wide {
                            "missing unicode digit for \\U"
                        } else {
                            "missing unicode digit for \\u"
                        }),
                        ..done(1)
                    }
                }
                (v, n) => {
                    push_code_point(v, wide, utf8, out);
                    done(1 + n)
                }
            }
        }
        _ => {
            out.push(b'\\');
            out.push(c);
            done(1)
        }
    }
}

/// Decode every escape of `s` in `dialect`, appending to `out`. Returns
/// `true` when `\c` asked to stop (the rest of `s` is dropped) and the
/// warnings met, in order.
pub fn decode_all(
    s: &[u8],
    dialect: Dialect,
    utf8: bool,
    out: &mut Vec<u8>,
) -> (bool, Vec<&'static str>) {
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let Some(at) = s[i..].iter().position(|&b| b == b'\\') else {
            out.extend_from_slice(&s[i..]);
            break;
        };
        out.extend_from_slice(&s[i..i + at]);
        i += at + 1;
        let d = decode(&s[i..], dialect, utf8, out);
        if let Some(w) = d.warning {
            warnings.push(w);
        }
        if d.stop {
            return (true, warnings);
        }
        i += d.consumed;
    }
    (false, warnings)
}

/// The value of up to `max` leading digits of `s` in `radix`, and how
/// many there were.
fn digits(s: &[u8], max: usize, radix: u32) -> (u32, usize) {
    let mut v: u32 = 0;
    let mut n = 0;
    while let Some(d) = s
        .get(n)
        .filter(|_| n < max)
        .and_then(|&b| char::from(b).to_digit(radix))
    {
        v = v.wrapping_mul(radix).wrapping_add(d);
        n += 1;
    }
    (v, n)
}

/// How many bytes the UTF-8 sequence led by `lead` takes (1 for ASCII
/// and for a byte that leads nothing).
fn utf8_len(lead: u8) -> usize {
    match lead {
        0xf0.. => 4,
        0xe0.. => 3,
        0xc0.. => 2,
        _ => 1,
    }
}

/// `\cX`: the control character of `X` (`\c?` is DEL).
fn control_of(x: u8) -> u8 {
    if x == b'?' {
        0x7f
    } else {
        x.to_ascii_uppercase() & 0x1f
    }
}

/// Append code point `v` of a `\u` (`wide` false) or `\U` escape: as
/// UTF-8 under a UTF-8 locale (any value up to 0x7FFFFFFF, in as many
/// bytes as it needs, as bash's `u32toutf8`), else ASCII as its byte and
/// anything else spelled back as `\uXXXX` / `\UXXXXXXXX`.
pub fn push_code_point(v: u32, wide: bool, utf8: bool, out: &mut Vec<u8>) {
    if v < 0x80 {
        out.push(v as u8);
    } else if !utf8 {
        let text = if wide {
            format!("\\U{v:08X}")
        } else {
            format!("\\u{v:04X}")
        };
        out.extend_from_slice(text.as_bytes());
    } else {
        let len = match v {
            0..0x800 => 2,
            0x800..0x1_0000 => 3,
            0x1_0000..0x20_0000 => 4,
            0x20_0000..0x400_0000 => 5,
            0x400_0000..0x8000_0000 => 6,
            _ => return,
        };
        let lead: u8 = [0, 0, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc][len];
        let shift = 6 * (len - 1);
        out.push(lead | (v >> shift) as u8);
        for k in (0..len - 1).rev() {
            out.push(0x80 | ((v >> (6 * k)) & 0x3f) as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(s: &str, dialect: Dialect, utf8: bool) -> (Vec<u8>, bool) {
        let mut out = Vec::new();
        let (stop, _) = decode_all(s.as_bytes(), dialect, utf8, &mut out);
        (out, stop)
    }

    // Expected values: bash 5.2.15 under LC_ALL=C.UTF-8 and LC_ALL=C
    // (`printf '\U7FFFFFFF' | od -tx1` and so on).
    #[test]
    fn code_points_as_bash_encodes_them() {
        let f = |s| all(s, Dialect::Format, true).0;
        assert_eq!(f("\\u00e9"), "é".as_bytes());
        assert_eq!(f("\\U0001F600"), "😀".as_bytes());
        assert_eq!(f("\\ud800"), b"\xed\xa0\x80");
        assert_eq!(f("\\U110000"), b"\xf4\x90\x80\x80");
        assert_eq!(f("\\U00200000"), b"\xf8\x88\x80\x80\x80");
        assert_eq!(f("\\U7FFFFFFF"), b"\xfd\xbf\xbf\xbf\xbf\xbf");
        assert_eq!(f("\\U80000000|"), b"|");
        assert_eq!(f("\\U0"), b"\0");
        let c = |s| all(s, Dialect::Format, false).0;
        assert_eq!(
            c("\\u00e9|\\U0001F600|\\u263a|\\u41"),
            b"\\u00E9|\\U0001F600|\\u263A|A"
        );
    }

    #[test]
    fn dialects_differ_as_bash_does() {
        assert_eq!(
            all("\\c|\\?|\\\"", Dialect::Format, true),
            (b"\\c|?|\"".to_vec(), false)
        );
        assert_eq!(
            all("\\?|\\\"|\\cx", Dialect::Arg, true),
            (b"\\?|\\\"|".to_vec(), true)
        );
        assert_eq!(
            all("a\\101\\cb", Dialect::Echo, true),
            (b"a\\101".to_vec(), true)
        );
        assert_eq!(all("\\0101\\0400", Dialect::Echo, true).0, b"A\0");
        assert_eq!(
            all("\\0101\\101\\400\\777", Dialect::Arg, true).0,
            b"AA\0\xff"
        );
        assert_eq!(
            all("\\400\\777\\1234", Dialect::Format, true).0,
            b"\0\xffS4"
        );
        let ansi = all("a\\cAb\\101\\x41\\u00e9\\\"\\0101\\c?", Dialect::Ansi, true).0;
        assert_eq!(ansi, "a\x01bAAé\"\x081\x7f".as_bytes());
        assert_eq!(all("\\x|\\u|", Dialect::Format, true).0, b"\\x|\\u|");
        assert_eq!(all("end\\", Dialect::Format, true).0, b"end\\");
        // coreutils 9.1: `stat --printf '\101|\x41|\e|\u00e9|\?|\"|\c|\0101'`.
        let (stat, _) = all(
            "\\101|\\x41|\\e|\\u00e9|\\?|\\\"|\\c|\\0101",
            Dialect::Stat,
            false,
        );
        assert_eq!(stat, b"A|A|\x1b|u00e9|?|\"|c|\x081");
    }
}
