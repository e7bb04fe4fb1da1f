//! POSIX bracket expressions (`[a-z]`, `[^]x]`, `[[:alpha:]]`, `[[=a=]]`,
//! `[[.-.]]`) read in the C locale, where a character is a byte.
//!
//! Source: POSIX XBD 9.3.5 "RE Bracket Expression"; GNU sed additionally
//! reads `\n`, `\t`, ... inside brackets ("Escapes" in the sed manual).

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

/// One element of a bracket expression.
enum Element {
    Byte(u8),
    Class(ByteSet),
}

fn unmatched() -> RegexError {
    RegexError::new(ErrorKind::UnmatchedBracket)
}

/// Read one element at `src[*i..]`.
fn element(src: &[u8], i: &mut usize, sed_escapes: bool) -> Result<Element, RegexError> {
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
            b':' => class_bytes(body)
                .map(Element::Class)
                .ok_or_else(|| RegexError::new(ErrorKind::BadClass)),
            _ => match body {
                [b] => Ok(Element::Byte(*b)),
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
            return Ok(Element::Byte(b));
        }
    }
    *i += 1;
    Ok(Element::Byte(c))
}

/// Parse a bracket expression whose `[` was just consumed. Returns the
/// class in `regex` syntax and the number of bytes of `src` used
/// (through the closing `]`).
pub(super) fn parse_bracket(src: &[u8], sed_escapes: bool) -> Result<(String, usize), RegexError> {
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
    let mut set = ByteSet::default();
    let mut first = true;
    loop {
        let c = *src.get(i).ok_or_else(unmatched)?;
        if c == b']' && !first {
            i += 1;
            break;
        }
        first = false;
        match element(src, &mut i, sed_escapes)? {
            Element::Class(cls) => {
                for b in 0..=255u8 {
                    if cls.contains(b) {
                        set.insert(b);
                    }
                }
            }
            Element::Byte(lo) => {
                if src.get(i) == Some(&b'-') && src.get(i + 1).is_some_and(|&n| n != b']') {
                    i += 1;
                    match element(src, &mut i, sed_escapes)? {
                        Element::Byte(hi) if hi >= lo => set.insert_range(lo, hi),
                        _ => return Err(RegexError::new(ErrorKind::BadRange)),
                    }
                } else {
                    set.insert(lo);
                }
            }
        }
    }
    Ok((render(set, negate), i))
}

/// Render a byte set as a `regex` class, ranges as `\xLL-\xHH`.
fn render(set: ByteSet, negate: bool) -> String {
    let mut out = String::from(if negate { "[^" } else { "[" });
    let mut b: u16 = 0;
    let mut any = false;
    while b < 256 {
        if set.contains(b as u8) {
            let lo = b;
            while b + 1 < 256 && set.contains((b + 1) as u8) {
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
    if !any {
        // Cannot happen for valid input (a bracket has an element), but an
        // empty class must still be valid syntax.
        return if negate {
            "(?s:.)".to_string()
        } else {
            "[^\\x00-\\xFF]".to_string()
        };
    }
    out.push(']');
    out
}
