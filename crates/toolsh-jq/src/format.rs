//! Writing values as jq 1.7 prints them: indentation, key sorting, ASCII
//! escaping and jq's number formatting (see the jq manual, "Invoking jq").

use jaq_json::{Num, Val};

/// How values are written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Style {
    /// Indentation per level: `None` for compact output (`-c`,
    /// `--indent 0`), otherwise the unit string (two spaces, a tab, ...).
    pub indent: Option<String>,
    /// Sort object keys (`-S`).
    pub sort_keys: bool,
    /// Escape every non-ASCII character as `\uXXXX` (`-a`).
    pub ascii: bool,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            indent: Some("  ".to_string()),
            sort_keys: false,
            ascii: false,
        }
    }
}

impl Style {
    /// Compact style, used by `tojson` and `tostring`.
    pub fn compact() -> Self {
        Self {
            indent: None,
            sort_keys: false,
            ascii: false,
        }
    }
}

/// Append the JSON text of `v` to `out`.
pub(crate) fn write_value(out: &mut Vec<u8>, v: &Val, style: &Style) {
    write_at(out, v, style, 0);
}

/// The compact JSON text of `v` (jq's `tojson`).
pub(crate) fn to_json(v: &Val) -> String {
    let mut out = Vec::new();
    write_value(&mut out, v, &Style::compact());
    String::from_utf8(out).unwrap_or_default()
}

fn newline(out: &mut Vec<u8>, style: &Style, level: usize) {
    if let Some(unit) = &style.indent {
        out.push(b'\n');
        for _ in 0..level {
            out.extend_from_slice(unit.as_bytes());
        }
    }
}

/// Deepest nesting level printed; a value below it prints as
/// `<skipped: too deep>`, as jq 1.7.1's `jv_dump_term` does (which also
/// bounds the indentation written for a deeply nested value).
const MAX_PRINT_DEPTH: usize = 256;

fn write_at(out: &mut Vec<u8>, v: &Val, style: &Style, level: usize) {
    if level > MAX_PRINT_DEPTH {
        out.extend_from_slice(b"<skipped: too deep>");
        return;
    }
    match v {
        Val::Null => out.extend_from_slice(b"null"),
        Val::Bool(true) => out.extend_from_slice(b"true"),
        Val::Bool(false) => out.extend_from_slice(b"false"),
        Val::Num(n) => write_num(out, n),
        Val::TStr(s) | Val::BStr(s) => write_str(out, s, style.ascii),
        Val::Arr(a) => {
            if a.is_empty() {
                out.extend_from_slice(b"[]");
                return;
            }
            out.push(b'[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                newline(out, style, level + 1);
                write_at(out, x, style, level + 1);
            }
            newline(out, style, level);
            out.push(b']');
        }
        Val::Obj(o) => {
            if o.is_empty() {
                out.extend_from_slice(b"{}");
                return;
            }
            out.push(b'{');
            if style.sort_keys {
                let mut entries: Vec<(&Val, &Val)> = o.iter().collect();
                entries.sort_by_key(|(a, _)| key_bytes(a));
                write_entries(out, entries.into_iter(), style, level);
            } else {
                write_entries(out, o.iter(), style, level);
            }
            newline(out, style, level);
            out.push(b'}');
        }
    }
}

fn write_entries<'v>(
    out: &mut Vec<u8>,
    entries: impl Iterator<Item = (&'v Val, &'v Val)>,
    style: &Style,
    level: usize,
) {
    for (i, (k, x)) in entries.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        newline(out, style, level + 1);
        match k {
            Val::TStr(s) | Val::BStr(s) => write_str(out, s, style.ascii),
            other => write_str(out, to_json(other).as_bytes(), style.ascii),
        }
        out.push(b':');
        if style.indent.is_some() {
            out.push(b' ');
        }
        write_at(out, x, style, level + 1);
    }
}

fn key_bytes(k: &Val) -> Vec<u8> {
    match k {
        Val::TStr(s) | Val::BStr(s) => s.to_vec(),
        other => to_json(other).into_bytes(),
    }
}

/// Write a JSON string literal with jq's escapes; invalid UTF-8 becomes
/// U+FFFD.
pub(crate) fn write_str(out: &mut Vec<u8>, s: &[u8], ascii: bool) {
    out.push(b'"');
    for chunk in s.utf8_chunks() {
        write_valid(out, chunk.valid(), ascii);
        if !chunk.invalid().is_empty() {
            write_char(out, char::REPLACEMENT_CHARACTER, ascii);
        }
    }
    out.push(b'"');
}

/// Copy runs of characters that need no escape in one go.
fn write_valid(out: &mut Vec<u8>, s: &str, ascii: bool) {
    let b = s.as_bytes();
    let (mut run, mut i) = (0, 0);
    while i < b.len() {
        let c = b[i];
        if c >= 0x20 && c != b'"' && c != b'\\' && c != 0x7f && (c < 0x80 || !ascii) {
            i += 1;
            continue;
        }
        out.extend_from_slice(&b[run..i]);
        let ch = s[i..].chars().next().unwrap_or(char::REPLACEMENT_CHARACTER);
        write_char(out, ch, ascii);
        i += ch.len_utf8();
        run = i;
    }
    out.extend_from_slice(&b[run..]);
}

fn write_char(out: &mut Vec<u8>, c: char, ascii: bool) {
    match c {
        '"' => out.extend_from_slice(b"\\\""),
        '\\' => out.extend_from_slice(b"\\\\"),
        '\n' => out.extend_from_slice(b"\\n"),
        '\t' => out.extend_from_slice(b"\\t"),
        '\r' => out.extend_from_slice(b"\\r"),
        '\u{8}' => out.extend_from_slice(b"\\b"),
        '\u{c}' => out.extend_from_slice(b"\\f"),
        c if (c as u32) < 0x20 || c == '\u{7f}' => {
            out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes());
        }
        c if ascii && !c.is_ascii() => {
            let mut buf = [0u16; 2];
            for unit in c.encode_utf16(&mut buf) {
                out.extend_from_slice(format!("\\u{unit:04x}").as_bytes());
            }
        }
        c => {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
}

/// Write a number as jq 1.7.1 does: integers in full, literals (from the
/// program or the input) in decNumber's canonical form, computed doubles
/// in the shortest round-trip form (`1e+17`, `1.5e-07`), NaN as `null`
/// and infinities as the largest finite double.
pub(crate) fn write_num(out: &mut Vec<u8>, n: &Num) {
    match n {
        Num::Int(i) => {
            use std::io::Write as _;
            let _ = write!(out, "{i}");
        }
        Num::BigInt(_) => out.extend_from_slice(n.to_string().as_bytes()),
        Num::Float(f) => out.extend_from_slice(format_double(*f).as_bytes()),
        Num::Dec(s) => out.extend_from_slice(format_literal(s).as_bytes()),
    }
}

/// A computed double as jq prints it.
pub(crate) fn format_double(f: f64) -> String {
    if f.is_nan() {
        return "null".to_string();
    }
    let f = if f.is_infinite() {
        f64::MAX.copysign(f)
    } else {
        f
    };
    // `{:e}` gives the shortest round-trip digits: "-1.2345e-7".
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (neg, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let nd = digits.len() as i32;
    let decpt = exp + 1;
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    if decpt <= -4 || decpt > nd + 15 {
        s.push_str(&digits[..1]);
        if nd > 1 {
            s.push('.');
            s.push_str(&digits[1..]);
        }
        let e = decpt - 1;
        s.push('e');
        s.push(if e < 0 { '-' } else { '+' });
        let abs = e.abs();
        if abs < 10 {
            s.push('0');
        }
        s.push_str(&abs.to_string());
    } else if decpt <= 0 {
        s.push_str("0.");
        for _ in 0..-decpt {
            s.push('0');
        }
        s.push_str(&digits);
    } else if decpt >= nd {
        s.push_str(&digits);
        for _ in 0..decpt - nd {
            s.push('0');
        }
    } else {
        s.push_str(&digits[..decpt as usize]);
        s.push('.');
        s.push_str(&digits[decpt as usize..]);
    }
    s
}

/// A number literal in decNumber's canonical scientific-string form, as
/// jq 1.7 prints unmodified literals (`1.0`, `1E+1000`, `0.00001`).
pub(crate) fn format_literal(lit: &str) -> String {
    let (neg, rest) = match lit.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, lit.strip_prefix('+').unwrap_or(lit)),
    };
    let (mant, exp) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, "0"),
    };
    let Ok(mut exp) = exp.parse::<i64>() else {
        return lit.to_string();
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return lit.to_string();
    }
    exp -= frac.len() as i64;
    let all: String = format!("{int}{frac}");
    let coef = all.trim_start_matches('0');
    let coef = if coef.is_empty() { "0" } else { coef };
    let nd = coef.len() as i64;
    let adjusted = exp + nd - 1;
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    if exp <= 0 && adjusted >= -6 {
        if exp == 0 {
            s.push_str(coef);
        } else {
            let point = nd + exp;
            if point > 0 {
                s.push_str(&coef[..point as usize]);
                s.push('.');
                s.push_str(&coef[point as usize..]);
            } else {
                s.push_str("0.");
                for _ in 0..-point {
                    s.push('0');
                }
                s.push_str(coef);
            }
        }
    } else {
        s.push_str(&coef[..1]);
        if nd > 1 {
            s.push('.');
            s.push_str(&coef[1..]);
        }
        s.push('E');
        s.push(if adjusted < 0 { '-' } else { '+' });
        s.push_str(&adjusted.abs().to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_print_like_jq() {
        // Expected values from jq 1.7.1 (`jq -n 'X*1'`).
        for (f, want) in [
            (3.0, "3"),
            (1e100, "1e+100"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1.5e-7, "1.5e-07"),
            (1e17, "1e+17"),
            (1e16, "1e+16"),
            (12_345_678_901_234_568.0, "12345678901234568"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (f64::INFINITY, "1.7976931348623157e+308"),
            (f64::NAN, "null"),
            (1.0 / 3.0, "0.3333333333333333"),
        ] {
            assert_eq!(format_double(f), want, "{f}");
        }
    }

    #[test]
    fn literals_print_in_canonical_form() {
        // Expected values from jq 1.7.1 (`jq -n 'X'`).
        for (lit, want) in [
            ("1.0", "1.0"),
            ("1e1000", "1E+1000"),
            ("1e100", "1E+100"),
            ("1E2", "1E+2"),
            ("1e-5", "0.00001"),
            ("3.14159", "3.14159"),
            ("1.10", "1.10"),
        ] {
            assert_eq!(format_literal(lit), want, "{lit}");
        }
    }

    #[test]
    fn strings_escape_like_jq() {
        let mut out = Vec::new();
        write_str(&mut out, "a\"\\\n\u{1}\u{7f}é😀".as_bytes(), true);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#""a\"\\\n\u0001\u007f\u00e9\ud83d\ude00""#
        );
    }
}
