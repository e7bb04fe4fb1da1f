//! POSIX bracket expressions (`[a-z]`, `[^]x]`, `[[:alpha:]]`, `[[=a=]]`,
//! `[[.-.]]`), read in the C locale, where a character is a byte, or in a
//! UTF-8 locale, where it is a UTF-8 sequence.
//!
//! Source: POSIX XBD 9.3.5 "RE Bracket Expression"; GNU sed additionally
//! reads `\n`, `\t`, ... inside brackets ("Escapes" in the sed manual).
//! Under UTF-8 the named classes follow glibc's `C.UTF-8` (checked
//! against GNU grep 3.8 there): `alpha` holds every Unicode letter and the
//! non-ASCII decimal digits, `digit` and `xdigit` only ASCII, `space` the
//! Unicode white space except the no-break spaces and U+0085, `punct`
//! every graphic character that is not `alnum`. A range or a `[= =]` /
//! `[. .]` with a non-ASCII character is "Invalid collation character"
//! in glibc's `regcomp` (grep, sed, bash's `=~`); gawk and expr take a
//! range in code-point order ([`super::RegexFlags::wide_ranges`]).

use std::fmt::Write as _;

use super::{ErrorKind, RegexError};

/// A set of bytes.
#[derive(Clone, Copy, Default)]
struct ByteSet([u64; 4]);

impl ByteSet {
    fn insert(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }
    fn contains(self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }
    fn insert_range(&mut self, lo: u8, hi: u8) {
        for b in lo..=hi {
            self.insert(b);
        }
    }
}

/// The bytes of a named class in the C locale, or `None` for an unknown
/// name.
fn class_bytes(name: &[u8]) -> Option<ByteSet> {
    let pred: fn(u8) -> bool = match name {
        b"alpha" => |b| b.is_ascii_alphabetic(),
        b"digit" => |b| b.is_ascii_digit(),
        b"alnum" => |b| b.is_ascii_alphanumeric(),
        b"upper" => |b| b.is_ascii_uppercase(),
        b"lower" => |b| b.is_ascii_lowercase(),
        b"space" => |b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
        b"blank" => |b| b == b' ' || b == b'\t',
        b"punct" => |b| b.is_ascii_punctuation(),
        b"print" => |b| (0x20..0x7f).contains(&b),
        b"graph" => |b| b.is_ascii_graphic(),
        b"cntrl" => |b| b < 0x20 || b == 0x7f,
        b"xdigit" => |b| b.is_ascii_hexdigit(),
        _ => return None,
    };
    let mut set = ByteSet::default();
    for b in 0..=255u8 {
        if pred(b) {
            set.insert(b);
        }
    }
    Some(set)
}

/// The non-ASCII members of a named class under UTF-8, in `regex`
/// (Unicode mode) class syntax, restricted to non-ASCII by the caller.
fn wide_class(name: &[u8]) -> Option<&'static str> {
    const PRINT: &str = r"[^\p{Cc}\x{2028}\x{2029}]";
    const SPACE: &str = r"[\p{White_Space}--[\x{85}\x{A0}\x{2007}\x{202F}]]";
    const ALNUM: &str = r"[\p{Alphabetic}\p{Nd}]";
    Some(match name {
        b"alpha" | b"alnum" => ALNUM,
        b"upper" => r"\p{Uppercase}",
        b"lower" => r"\p{Lowercase}",
        b"space" => SPACE,
        b"blank" => r"[\p{Zs}--[\x{A0}\x{2007}\x{202F}]]",
        b"cntrl" => r"[\p{Cc}\x{2028}\x{2029}]",
        b"print" => PRINT,
        b"graph" => concat!(
            r"[[^\p{Cc}\x{2028}\x{2029}]",
            r"--[\p{White_Space}--[\x{85}\x{A0}\x{2007}\x{202F}]]]"
        ),
        b"punct" => concat!(
            r"[[^\p{Cc}\x{2028}\x{2029}]",
            r"--[\p{White_Space}--[\x{85}\x{A0}\x{2007}\x{202F}]]",
            r"--[\p{Alphabetic}\p{Nd}]]"
        ),
        b"digit" | b"xdigit" => return Some(""),
        _ => return None,
    })
}

/// One element of a bracket expression: a character (a byte in the C
/// locale, a code point under UTF-8) or a named class.
enum Element {
    Char(u32),
    Class(ByteSet, &'static str),
}

fn unmatched() -> RegexError {
    RegexError::new(ErrorKind::UnmatchedBracket)
}

/// Read one element at `src[*i..]`.
fn element(
    src: &[u8],
    i: &mut usize,
    sed_escapes: bool,
    utf8: bool,
) -> Result<Element, RegexError> {
    let c = *src.get(*i).ok_or_else(unmatched)?;
    if c == b'['
        && let Some(&kind @ (b':' | b'=' | b'.')) = src.get(*i + 1)
    {
        let body_start = *i + 2;
        let close = [kind, b']'];
        let len = src[body_start..]
            .windows(2)
            .position(|w| w == close)
            .ok_or_else(unmatched)?;
        let body = &src[body_start..body_start + len];
        *i = body_start + len + 2;
        return match kind {
            b':' => match (class_bytes(body), wide_class(body)) {
                (Some(ascii), Some(wide)) => {
                    Ok(Element::Class(ascii, if utf8 { wide } else { "" }))
                }
                _ => Err(RegexError::new(ErrorKind::BadClass)),
            },
            _ => match body {
                [b] => Ok(Element::Char(u32::from(*b))),
                _ => Err(RegexError::new(ErrorKind::BadCollation)),
            },
        };
    }
    if sed_escapes && c == b'\\' {
        let esc = match src.get(*i + 1) {
            Some(b'n') => Some(b'\n'),
            Some(b't') => Some(b'\t'),
            Some(b'r') => Some(b'\r'),
            Some(b'f') => Some(0x0c),
            Some(b'v') => Some(0x0b),
            Some(b'a') => Some(0x07),
            Some(b'\\') => Some(b'\\'),
            Some(b']') => None,
            _ => None,
        };
        if let Some(b) = esc {
            *i += 2;
            return Ok(Element::Char(u32::from(b)));
        }
    }
    if utf8
        && c >= 0x80
        && let Some((ch, len)) = super::translate::decode_char(&src[*i..])
    {
        *i += len;
        return Ok(Element::Char(u32::from(ch)));
    }
    *i += 1;
    Ok(Element::Char(u32::from(c)))
}

/// The members of a bracket expression.
#[derive(Default)]
struct Members {
    /// Bytes (C locale) or ASCII characters (UTF-8).
    bytes: ByteSet,
    /// Non-ASCII code-point ranges (UTF-8 only).
    wide: Vec<(u32, u32)>,
    /// Non-ASCII parts of named classes, in `regex` syntax (UTF-8 only).
    classes: Vec<&'static str>,
}

impl Members {
    fn insert_range(&mut self, lo: u32, hi: u32, utf8: bool) {
        let ascii_top = if utf8 { 0x7f } else { 0xff };
        if lo <= ascii_top {
            // Both fit in a byte here: `lo <= hi`, and `hi` is a byte in
            // the C locale.
            let top = hi.min(ascii_top);
            self.bytes.insert_range(lo as u8, top as u8);
        }
        if hi > ascii_top {
            self.wide.push((lo.max(0x80), hi));
        }
    }
}

/// Parse a bracket expression whose `[` was just consumed. Returns the
/// class in `regex` syntax and the number of bytes of `src` used
/// (through the closing `]`). With `utf8`, members are characters and the
/// class is for a Unicode-mode regex; `wide_ranges` allows a range with a
/// non-ASCII end (else, as in glibc, "Invalid collation character").
pub(super) fn parse_bracket(
    src: &[u8],
    sed_escapes: bool,
    utf8: bool,
    wide_ranges: bool,
) -> Result<(String, usize), RegexError> {
    let mut i = 0;
    let negate = src.first() == Some(&b'^');
    if negate {
        i = 1;
    }
    // `[:alpha:]` written without the outer brackets is an error in GNU.
    if let Some(end) = src[i..].iter().position(|&b| b == b']') {
        let body = &src[i..i + end];
        if body.len() >= 2 && body[0] == b':' && body[body.len() - 1] == b':' {
            return Err(RegexError::new(ErrorKind::ClassSyntax));
        }
    }
    let mut set = Members::default();
    let mut first = true;
    loop {
        let c = *src.get(i).ok_or_else(unmatched)?;
        if c == b']' && !first {
            i += 1;
            break;
        }
        first = false;
        let collating = c == b'[' && matches!(src.get(i + 1), Some(b'=' | b'.'));
        match element(src, &mut i, sed_escapes, utf8)? {
            Element::Class(cls, wide) => {
                for b in 0..=255u8 {
                    if cls.contains(b) {
                        set.bytes.insert(b);
                    }
                }
                if !wide.is_empty() {
                    set.classes.push(wide);
                }
            }
            Element::Char(lo) => {
                if src.get(i) == Some(&b'-') && src.get(i + 1).is_some_and(|&n| n != b']') {
                    i += 1;
                    match element(src, &mut i, sed_escapes, utf8)? {
                        Element::Char(hi) if utf8 && !wide_ranges && (lo > 0x7f || hi > 0x7f) => {
                            return Err(RegexError::new(ErrorKind::BadCollation));
                        }
                        Element::Char(hi) if hi >= lo => set.insert_range(lo, hi, utf8),
                        _ => return Err(RegexError::new(ErrorKind::BadRange)),
                    }
                } else if collating && lo > 0x7f {
                    return Err(RegexError::new(ErrorKind::BadCollation));
                } else {
                    set.insert_range(lo, lo, utf8);
                }
            }
        }
    }
    Ok((render(&set, negate), i))
}

/// Render the members as a `regex` class: byte ranges as `\xLL-\xHH`,
/// code points as `\x{H}`, named classes restricted to non-ASCII.
fn render(set: &Members, negate: bool) -> String {
    let mut out = String::from(if negate { "[^" } else { "[" });
    let mut b: u16 = 0;
    let mut any = false;
    while b < 256 {
        if set.bytes.contains(b as u8) {
            let lo = b;
            while b + 1 < 256 && set.bytes.contains((b + 1) as u8) {
                b += 1;
            }
            any = true;
            if lo == b {
                let _ = write!(out, "\\x{lo:02X}");
            } else {
                let _ = write!(out, "\\x{lo:02X}-\\x{b:02X}");
            }
        }
        b += 1;
    }
    for &(lo, hi) in &set.wide {
        any = true;
        let _ = write!(out, "\\x{{{lo:X}}}-\\x{{{hi:X}}}");
    }
    for cls in &set.classes {
        any = true;
        let _ = write!(out, "[{cls}&&[^\\x00-\\x7F]]");
    }
    if !any {
        // Cannot happen for valid input (a bracket has an element), but an
        // empty class must still be valid syntax.
        return if negate {
            "(?s:.)".to_string()
        } else {
            "(?-u:[^\\x00-\\xFF])".to_string()
        };
    }
    out.push(']');
    out
}
