//! Parsing JSON text straight into jaq values, reading what jq 1.7.1's
//! parser reads: number literals kept as written (`1.0`, `1E+1000`, `-0`),
//! decNumber's `nan`/`infinity` spellings, invalid UTF-8 replaced by
//! U+FFFD, nesting limited to 256 levels, and jq's error messages. One
//! pass over the bytes with no intermediate tree; arrays and objects are
//! collected on reusable scratch stacks so each gets one exact allocation.

use bytes::Bytes;
use jaq_json::{Map, Num, Rc, Val};

/// Deepest nesting accepted (jq 1.7.1's parser: the 257th level is
/// "Exceeds depth limit for parsing").
pub(crate) const MAX_DEPTH: usize = 256;

/// Why a value could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Error {
    /// The text ended inside the value and more input may complete it.
    Incomplete,
    /// Malformed input: jq's message and the byte offset of the byte that
    /// revealed it (the text's length when it ended too soon).
    Syntax(&'static str, usize),
}

/// Scratch stacks reused across values, and a small cache of recent
/// object keys so that the keys repeated in every element of an array of
/// objects share one buffer instead of one allocation each.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    items: Vec<Val>,
    entries: Vec<(Val, Val)>,
    keys: Vec<Bytes>,
}

/// Slots of the key cache (direct-mapped by a hash of the key).
const KEY_SLOTS: usize = 512;
/// Longest key the cache holds.
const KEY_MAX: usize = 64;

impl Scratch {
    fn key(&mut self, raw: &[u8]) -> Bytes {
        if raw.len() > KEY_MAX {
            return text_bytes(raw);
        }
        if self.keys.is_empty() {
            self.keys = vec![Bytes::new(); KEY_SLOTS];
        }
        // FNV-1a.
        let h = raw.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let slot = usize::try_from(h % KEY_SLOTS as u64).unwrap_or(0);
        if self.keys[slot] == raw {
            return self.keys[slot].clone();
        }
        let b = text_bytes(raw);
        self.keys[slot] = b.clone();
        b
    }
}

/// A parsed value and where it ended.
#[derive(Debug)]
pub(crate) struct Parsed {
    /// The value.
    pub val: Val,
    /// Offset just after the value (for a bare literal or number: the
    /// offset of the delimiter that ended it, not consumed).
    pub end: usize,
    /// Offset of the byte at which jq's parser emits the value: the
    /// closing bracket or quote, or the delimiter after a literal (the
    /// text's length at end of input).
    pub completed_at: usize,
}

pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn is_delim(b: u8) -> bool {
    is_ws(b) || matches!(b, b'[' | b']' | b'{' | b'}' | b',' | b':' | b'"')
}

struct Parser<'t, 's> {
    text: &'t [u8],
    shared: Option<&'t Bytes>,
    pos: usize,
    eof: bool,
    scratch: &'s mut Scratch,
}

/// Parse the value starting at `text[0]` (not whitespace). `eof` says
/// whether `text` runs to the end of the input; when it does not, a value
/// cut off by the end of `text` is [`Error::Incomplete`]. When `shared`
/// holds `text`, strings without escapes are slices of it (no copy; they
/// keep it alive).
pub(crate) fn parse_value<'t>(
    text: &'t [u8],
    shared: Option<&'t Bytes>,
    eof: bool,
    scratch: &mut Scratch,
) -> Result<Parsed, Error> {
    let mut p = Parser {
        text,
        shared,
        pos: 0,
        eof,
        scratch,
    };
    let token = !matches!(text.first(), Some(b'[' | b'{' | b'"'));
    let result = p.value(0);
    match result {
        Ok(val) => Ok(Parsed {
            val,
            end: p.pos,
            completed_at: if token { p.pos } else { p.pos - 1 },
        }),
        Err(e) => {
            p.scratch.items.clear();
            p.scratch.entries.clear();
            Err(e)
        }
    }
}

/// jq's "at line L, column C" for an error revealed by `text[at]` (or at
/// the end): lines count the newlines up to and including that byte.
pub(crate) fn position(text: &[u8], at: usize) -> (usize, usize) {
    let upto = (at + 1).min(text.len());
    let head = &text[..upto];
    let line = 1 + memchr::memchr_iter(b'\n', head).count();
    let start = memchr::memrchr(b'\n', head).map_or(0, |i| i + 1);
    (line, upto - start)
}

/// The complete message for a syntax error at `at` in `text`.
pub(crate) fn message(text: &[u8], msg: &str, at: usize) -> String {
    let (line, col) = position(text, at);
    let at_eof = if at >= text.len() && !msg.contains("at EOF") {
        " at EOF"
    } else {
        ""
    };
    format!("{msg}{at_eof} at line {line}, column {col}")
}

/// Parse exactly one JSON text with optional surrounding whitespace
/// (`fromjson`, `--argjson`, `--jsonargs`); the error is jq's message.
pub(crate) fn parse_text(text: &[u8]) -> Result<Val, String> {
    let mut scratch = Scratch::default();
    let skip = |from: usize| {
        text[from..]
            .iter()
            .position(|&b| !is_ws(b))
            .map_or(text.len(), |i| from + i)
    };
    let start = skip(0);
    if start == text.len() {
        return Err("Expected JSON value".to_string());
    }
    let first = match parse_value(&text[start..], None, true, &mut scratch) {
        Ok(p) => p,
        Err(Error::Syntax(m, at)) => return Err(message(text, m, start + at)),
        Err(Error::Incomplete) => return Err(message(text, "Unfinished JSON term", text.len())),
    };
    let next = skip(start + first.end);
    if next == text.len() {
        return Ok(first.val);
    }
    match parse_value(&text[next..], None, true, &mut scratch) {
        Ok(_) | Err(Error::Incomplete) => Err("Unexpected extra JSON values".to_string()),
        Err(Error::Syntax(m, at)) => Err(message(text, m, next + at)),
    }
}

impl<'t> Parser<'t, '_> {
    fn end_err(&self) -> Error {
        if self.eof {
            Error::Syntax("Unfinished JSON term at EOF", self.text.len())
        } else {
            Error::Incomplete
        }
    }

    fn peek(&self) -> Result<u8, Error> {
        self.text
            .get(self.pos)
            .copied()
            .ok_or_else(|| self.end_err())
    }

    fn skip_ws(&mut self) {
        while let Some(&b) = self.text.get(self.pos) {
            if !is_ws(b) {
                break;
            }
            self.pos += 1;
        }
    }

    fn syntax<T>(&self, msg: &'static str) -> Result<T, Error> {
        Err(Error::Syntax(msg, self.pos))
    }

    fn value(&mut self, depth: usize) -> Result<Val, Error> {
        match self.peek()? {
            b'[' => self.array(depth + 1),
            b'{' => self.object(depth + 1),
            b'"' => {
                self.pos += 1;
                Ok(Val::TStr(Box::new(self.string()?)))
            }
            b']' => self.syntax("Unmatched ']'"),
            b'}' => self.syntax("Unmatched '}'"),
            b',' => self.syntax("Expected value before ','"),
            b':' => self.syntax("':' not as part of an object"),
            _ => self.token(),
        }
    }

    /// Past the opening byte of an array or object at `depth` (jq 1.7.1
    /// refuses more than 256 levels): `true` when `close` follows at once
    /// (the container is empty and consumed).
    fn open(&mut self, depth: usize, close: u8) -> Result<bool, Error> {
        if depth > MAX_DEPTH {
            return self.syntax("Exceeds depth limit for parsing");
        }
        self.pos += 1;
        self.skip_ws();
        if self.peek()? == close {
            self.pos += 1;
            return Ok(true);
        }
        Ok(false)
    }

    fn array(&mut self, depth: usize) -> Result<Val, Error> {
        if self.open(depth, b']')? {
            return Ok(Val::Arr(Rc::new(Vec::new())));
        }
        let start = self.scratch.items.len();
        loop {
            let v = self.value(depth)?;
            self.scratch.items.push(v);
            if !self.after_member(b']')? {
                break;
            }
        }
        let items: Vec<Val> = self.scratch.items.drain(start..).collect();
        Ok(Val::Arr(Rc::new(items)))
    }

    /// After an array element or object member: `,` with another member
    /// to follow (`true`), or the closing byte `close` (`false`); jq
    /// 1.7.1's messages for anything else.
    fn after_member(&mut self, close: u8) -> Result<bool, Error> {
        let in_array = close == b']';
        self.skip_ws();
        match self.peek()? {
            b',' => {
                self.pos += 1;
                self.skip_ws();
                if self.peek()? != close {
                    return Ok(true);
                }
                if in_array {
                    self.syntax("Expected another array element")
                } else {
                    self.syntax("Expected another key-value pair")
                }
            }
            c if c == close => {
                self.pos += 1;
                Ok(false)
            }
            b'}' => self.syntax("Unmatched '}'"),
            b']' => self.syntax("Unmatched ']'"),
            b':' if in_array => self.syntax("':' not as part of an object"),
            _ => self.syntax("Expected separator between values"),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Val, Error> {
        if self.open(depth, b'}')? {
            return Ok(Val::obj(Map::default()));
        }
        let start = self.scratch.entries.len();
        loop {
            if self.peek()? != b'"' {
                return self.syntax("Object keys must be strings");
            }
            self.pos += 1;
            let key = Val::TStr(Box::new(self.key()?));
            self.skip_ws();
            if self.peek()? != b':' {
                return self.syntax("Objects must consist of key:value pairs");
            }
            self.pos += 1;
            self.skip_ws();
            let v = self.value(depth)?;
            self.scratch.entries.push((key, v));
            if !self.after_member(b'}')? {
                break;
            }
        }
        let n = self.scratch.entries.len() - start;
        let mut map = Map::default();
        map.reserve(n);
        for (k, v) in self.scratch.entries.drain(start..) {
            map.insert(k, v);
        }
        Ok(Val::obj(map))
    }

    /// The string whose opening quote was just consumed.
    fn string(&mut self) -> Result<Bytes, Error> {
        Ok(match self.raw_string()? {
            Ok(raw) => match self.shared {
                Some(b) if !raw.is_empty() && std::str::from_utf8(raw).is_ok() => b.slice_ref(raw),
                _ => text_bytes(raw),
            },
            Err(owned) => text_bytes(&owned),
        })
    }

    /// An object key: like [`Self::string`], through the key cache.
    fn key(&mut self) -> Result<Bytes, Error> {
        Ok(match self.raw_string()? {
            Ok(raw) => self.scratch.key(raw),
            Err(owned) => text_bytes(&owned),
        })
    }

    /// The string whose opening quote was just consumed: `Ok` with its
    /// bytes in the text when it has no escapes, else `Err` with them
    /// decoded.
    #[allow(clippy::type_complexity)]
    fn raw_string(&mut self) -> Result<Result<&'t [u8], Vec<u8>>, Error> {
        let t = self.text;
        let start = self.pos;
        let mut i = start;
        loop {
            match t.get(i) {
                None => {
                    self.pos = i;
                    return Err(self.end_err());
                }
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(Ok(&t[start..i]));
                }
                Some(b'\\') => break,
                Some(&b) if b < 0x20 => {
                    self.pos = i;
                    return self.syntax(CONTROL);
                }
                Some(_) => i += 1,
            }
        }
        let mut out = Vec::with_capacity(i - start + 16);
        out.extend_from_slice(&t[start..i]);
        loop {
            match t.get(i) {
                None => {
                    self.pos = i;
                    return Err(self.end_err());
                }
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(Err(out));
                }
                Some(b'\\') => {
                    self.pos = i;
                    i = self.escape(i + 1, &mut out)?;
                }
                Some(&b) if b < 0x20 => {
                    self.pos = i;
                    return self.syntax(CONTROL);
                }
                Some(&b) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
    }

    /// Decode the escape after the backslash at `i - 1`; returns the offset
    /// after it.
    fn escape(&mut self, i: usize, out: &mut Vec<u8>) -> Result<usize, Error> {
        let t = self.text;
        let Some(&c) = t.get(i) else {
            self.pos = i;
            return Err(self.end_err());
        };
        let simple = match c {
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            b'/' => Some(b'/'),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            return Ok(i + 1);
        }
        if c != b'u' {
            self.pos = i;
            return self.syntax("Invalid escape");
        }
        let unit = self.hex4(i + 1)?;
        let mut next = i + 5;
        let ch = match unit {
            0xD800..=0xDBFF => {
                if t.get(next) != Some(&b'\\') || t.get(next + 1) != Some(&b'u') {
                    if next + 1 >= t.len() && !self.eof {
                        return Err(Error::Incomplete);
                    }
                    self.pos = next;
                    return self.syntax(SURROGATE);
                }
                let low = self.hex4(next + 2)?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    self.pos = next + 5;
                    return self.syntax(SURROGATE);
                }
                next += 6;
                char::from_u32(
                    0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00),
                )
                .unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            0xDC00..=0xDFFF => char::REPLACEMENT_CHARACTER,
            u => char::from_u32(u32::from(u)).unwrap_or(char::REPLACEMENT_CHARACTER),
        };
        out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(next)
    }

    fn hex4(&mut self, i: usize) -> Result<u16, Error> {
        let t = self.text;
        if t.len() < i + 4 && !self.eof {
            return Err(Error::Incomplete);
        }
        let mut v = 0u16;
        for k in 0..4 {
            let d = t.get(i + k).and_then(|&b| char::from(b).to_digit(16));
            let Some(d) = d else {
                self.pos = (i + k).min(t.len());
                return self.syntax("Invalid \\uXXXX escape");
            };
            v = v * 16 + d as u16;
        }
        Ok(v)
    }

    /// A bare word: `true`, `false`, `null`, `nan` or a number.
    fn token(&mut self) -> Result<Val, Error> {
        let t = self.text;
        let start = self.pos;
        let len = t[start..]
            .iter()
            .position(|&b| is_delim(b))
            .unwrap_or(t.len() - start);
        if start + len == t.len() && !self.eof {
            return Err(Error::Incomplete);
        }
        self.pos = start + len;
        literal(&t[start..start + len]).or_else(|msg| self.syntax(msg))
    }
}

const CONTROL: &str =
    "Invalid string: control characters from U+0000 through U+001F must be escaped";
const SURROGATE: &str = "Invalid \\uXXXX\\uXXXX surrogate pair escape";

/// A string's bytes, invalid UTF-8 replaced by U+FFFD as jq does.
pub(crate) fn text_bytes(s: &[u8]) -> Bytes {
    if s.is_empty() {
        Bytes::new()
    } else if std::str::from_utf8(s).is_ok() {
        Bytes::copy_from_slice(s)
    } else {
        Bytes::from(String::from_utf8_lossy(s).into_owned().into_bytes())
    }
}

/// jq's literal check: words starting with `t`, `f` or `nu` must be
/// `true`, `false`, `null`; anything else is a number as decNumber reads
/// it.
fn literal(tok: &[u8]) -> Result<Val, &'static str> {
    let exact = |word: &[u8], v: Val| {
        if tok == word {
            Ok(v)
        } else {
            Err("Invalid literal")
        }
    };
    match tok {
        [b't', ..] => exact(b"true", Val::Bool(true)),
        [b'f', ..] => exact(b"false", Val::Bool(false)),
        [b'n', b'u', ..] => exact(b"null", Val::Null),
        b"nan" => Ok(Val::Num(Num::Float(f64::NAN))),
        _ => number(tok).map(Val::Num).ok_or("Invalid numeric literal"),
    }
}

/// A number token: `[sign] digits [. digits] [e [sign] digits]` (either
/// side of the point may be empty, not both), or `[sign]` `inf`,
/// `infinity`, `nan`/`snan` followed by digits, in any case.
fn number(tok: &[u8]) -> Option<Num> {
    let (neg, rest) = match tok.first()? {
        b'-' => (true, &tok[1..]),
        b'+' => (false, &tok[1..]),
        _ => (false, tok),
    };
    let first = *rest.first()?;
    if first.is_ascii_alphabetic() {
        let lower = rest.to_ascii_lowercase();
        if lower == b"inf" || lower == b"infinity" {
            return Some(Num::Float(if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }));
        }
        let digits = lower
            .strip_prefix(b"nan")
            .or_else(|| lower.strip_prefix(b"snan"))?;
        return digits
            .iter()
            .all(u8::is_ascii_digit)
            .then_some(Num::Float(f64::NAN));
    }
    let int_len = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let mut i = int_len;
    let mut frac_len = 0;
    let mut dot = false;
    if rest.get(i) == Some(&b'.') {
        dot = true;
        i += 1;
        frac_len = rest[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        i += frac_len;
    }
    if int_len + frac_len == 0 {
        return None;
    }
    let mut exp = false;
    if matches!(rest.get(i), Some(b'e' | b'E')) {
        exp = true;
        i += 1;
        if matches!(rest.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let n = rest[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        i += n;
    }
    if i != rest.len() {
        return None;
    }
    let text = std::str::from_utf8(tok).ok()?;
    if dot && !exp && prints_as_double(&rest[..int_len], &rest[int_len + 1..]) {
        return text.parse().ok().map(Num::Float);
    }
    if dot || exp {
        return Some(Num::Dec(Rc::new(text.to_string())));
    }
    if int_len <= 18 {
        let mut v: i64 = 0;
        for &d in rest {
            v = v * 10 + i64::from(d - b'0');
        }
        if v == 0 && neg {
            // jq keeps the literal `-0`.
            return Some(Num::Dec(Rc::new(text.to_string())));
        }
        let v = if neg { -v } else { v };
        if let Ok(v) = isize::try_from(v) {
            return Some(Num::Int(v));
        }
    }
    let digits = if neg {
        format!("-{}", std::str::from_utf8(rest).ok()?)
    } else {
        std::str::from_utf8(rest).ok()?.to_string()
    };
    Num::from_str_radix(&digits, 10)
}

/// Whether the literal `int.frac` prints the same kept as written
/// (decNumber's canonical form) and as a double (shortest round trip), so
/// it can be stored as a double and spare the literal's two allocations:
/// no exponent, no redundant zeros, at most 15 significant digits (each
/// such decimal is its own double) and not below 0.001 (where the double
/// form switches to `1e-05` style while decNumber's stays plain).
fn prints_as_double(int: &[u8], frac: &[u8]) -> bool {
    if frac.is_empty() || frac.last() == Some(&b'0') {
        return false;
    }
    let int_zero = int.iter().all(|&d| d == b'0');
    if int_zero {
        let zeros = frac.iter().take_while(|&&d| d == b'0').count();
        int.len() <= 1 && zeros <= 2 && frac.len() - zeros <= 15
    } else {
        int[0] != b'0' && int.len() + frac.len() <= 15
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_json;

    fn one(text: &str) -> Result<String, String> {
        parse_text(text.as_bytes()).map(|v| to_json(&v))
    }

    #[test]
    fn literals_and_numbers_as_jq_reads_them() {
        // Expected values from jq 1.7.1 (`printf '[X]' | jq -c .`).
        for (text, want) in [
            (
                "[01, 1., .5, +1, 00.5, -0, 1e5, 1.e1, -1.]",
                "[1,1,0.5,1,0.5,-0,1E+5,1E+1,-1]",
            ),
            ("[nan, NAN, sNaN, nan1, -nan]", "[null,null,null,null,null]"),
            (
                "[inf, -Infinity, +INF]",
                "[1.7976931348623157e+308,-1.7976931348623157e+308,1.7976931348623157e+308]",
            ),
            ("100000000000000000001", "100000000000000000001"),
            (
                "[123.45, -0.5, 0.001, 0.0001, 0.00001, 1.10, 0.0, -0.0, 00.5, 12345678901234.5, 1234567890123456.5]",
                "[123.45,-0.5,0.001,0.0001,0.00001,1.10,0.0,-0.0,0.5,12345678901234.5,1234567890123456.5]",
            ),
            ("[true,false,null]", "[true,false,null]"),
        ] {
            assert_eq!(one(text).as_deref(), Ok(want), "{text}");
        }
        for bad in [
            "tru",
            "nul",
            "nulll",
            "n",
            "1e",
            "0x10",
            ".",
            "1-2",
            "Infinityx",
            "nan12x",
        ] {
            assert!(one(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn strings_escapes_and_surrogates() {
        assert_eq!(
            one(r#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#).as_deref(),
            Ok(r#""a\"\\/\b\f\n\r\té😀""#)
        );
        assert_eq!(one(r#""\udc00""#).as_deref(), Ok("\"\u{fffd}\""));
        assert!(one(r#""\ud800x""#).is_err());
        assert!(one("\"a\tb\"").is_err());
        assert!(one(r#""\x""#).is_err());
        assert_eq!(
            parse_text(b"\"\xff\"").map(|v| to_json(&v)).as_deref(),
            Ok("\"\u{fffd}\"")
        );
    }

    #[test]
    fn structure_errors_carry_jq_messages() {
        for (text, want) in [
            ("[1,]", "Expected another array element at line 1, column 4"),
            ("[,1]", "Expected value before ',' at line 1, column 2"),
            (
                "[1 2]",
                "Expected separator between values at line 1, column 4",
            ),
            ("[1]]", "Unmatched ']' at line 1, column 4"),
            (
                "{\"a\":1\n",
                "Unfinished JSON term at EOF at line 2, column 0",
            ),
            ("1 2", "Unexpected extra JSON values"),
            ("", "Expected JSON value"),
            ("1x", "Invalid numeric literal at EOF at line 1, column 2"),
        ] {
            assert_eq!(one(text), Err(want.to_string()), "{text:?}");
        }
    }

    #[test]
    fn strings_may_share_the_input() {
        let text = Bytes::from_static("[\"ab\",\"c\\\"d\",\"\",{\"k\":\"\u{e9}\"}]".as_bytes());
        let p = parse_value(&text, Some(&text), true, &mut Scratch::default()).unwrap();
        assert_eq!(
            to_json(&p.val),
            "[\"ab\",\"c\\\"d\",\"\",{\"k\":\"\u{e9}\"}]"
        );
    }

    #[test]
    fn depth_limit_is_256() {
        let ok = format!("{}{}", "[".repeat(256), "]".repeat(256));
        assert!(one(&ok).is_ok());
        let deep = format!("{}{}", "[".repeat(257), "]".repeat(257));
        assert!(
            one(&deep)
                .unwrap_err()
                .starts_with("Exceeds depth limit for parsing")
        );
    }

    #[test]
    fn incomplete_until_the_end_is_known() {
        let mut s = Scratch::default();
        for cut in ["[1,2", "12", "\"ab", "{\"a\":", "tru", "\"\\u12"] {
            assert_eq!(
                parse_value(cut.as_bytes(), None, false, &mut s).map(|p| p.end),
                Err(Error::Incomplete),
                "{cut}"
            );
        }
        let p = parse_value(b"12 ", None, false, &mut s).unwrap();
        assert_eq!((p.end, p.completed_at), (2, 2));
        let p = parse_value(b"[1] ", None, false, &mut s).unwrap();
        assert_eq!((p.end, p.completed_at), (3, 2));
    }
}
