//! Numeric arguments of `printf`, converted as bash 5.2 does it: C
//! `strtoimax`/`strtoumax`/`strtold` on the argument, `'c` and `"c` for a
//! character's value, an `invalid number` error (status 1, the parsed
//! prefix used) when text is left over, and a `Numerical result out of
//! range` warning (status unchanged) on overflow.

#![allow(clippy::many_single_char_names)] // short names mirror the C algorithms

/// A converted argument and what to report about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed<T> {
    /// The value (the parsed prefix on error, clamped on overflow).
    pub value: T,
    /// An error message (`abc: invalid number`): sets status 1.
    pub error: Option<String>,
    /// A warning (`warning: N: Numerical result out of range`).
    pub warning: Option<String>,
}

fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// bash's `sh_invalidnum` wording.
fn invalid(s: &str) -> String {
    let b = s.as_bytes();
    let kind = if b.len() > 1 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        "invalid hex number"
    } else if b.len() > 1 && b[0] == b'0' && b[1].is_ascii_digit() {
        "invalid octal number"
    } else {
        "invalid number"
    };
    format!("{s}: {kind}")
}

fn range_warning(s: &str) -> String {
    format!("warning: {s}: Numerical result out of range")
}

/// The value of a character constant (`'a`, `"a`), if `s` is one.
fn char_constant(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if matches!(b.first(), Some(b'\'' | b'"')) {
        Some(b.get(1).copied().unwrap_or(0))
    } else {
        None
    }
}

/// strtoumax-style scan: (negative, magnitude, overflowed, bytes used,
/// digits seen).
fn scan_integer(b: &[u8]) -> (bool, u64, bool, usize, bool) {
    let mut i = 0;
    while i < b.len() && is_c_space(b[i]) {
        i += 1;
    }
    let mut neg = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        neg = b[i] == b'-';
        i += 1;
    }
    let mut base = 10;
    if i + 1 < b.len() && b[i] == b'0' && (b[i + 1] == b'x' || b[i + 1] == b'X') {
        if b.get(i + 2).is_some_and(u8::is_ascii_hexdigit) {
            base = 16;
            i += 2;
        } else {
            // "0x" without digits: the 0 is the number.
            return (neg, 0, false, i + 1, true);
        }
    } else if i < b.len() && b[i] == b'0' {
        base = 8;
    }
    let mut v: u64 = 0;
    let mut over = false;
    let mut any = false;
    while i < b.len() {
        let Some(d) = (b[i] as char).to_digit(base) else {
            break;
        };
        any = true;
        match v
            .checked_mul(u64::from(base))
            .and_then(|x| x.checked_add(u64::from(d)))
        {
            Some(x) => v = x,
            None => over = true,
        }
        i += 1;
    }
    (neg, v, over, if any { i } else { 0 }, any)
}

/// Convert for `%d`/`%i`/`*` (signed 64-bit).
pub fn to_int(s: &str) -> Parsed<i64> {
    if let Some(c) = char_constant(s) {
        return ok(i64::from(c));
    }
    if s.is_empty() {
        return ok(0);
    }
    let (neg, mag, over, used, _) = scan_integer(s.as_bytes());
    let mut warning = None;
    let value = if over || (!neg && mag > i64::MAX as u64) || (neg && mag > 1u64 << 63) {
        warning = Some(range_warning(s));
        if neg { i64::MIN } else { i64::MAX }
    } else if neg {
        0i64.wrapping_sub_unsigned(mag)
    } else {
        mag as i64
    };
    Parsed {
        value,
        error: (used != s.len()).then(|| invalid(s)),
        warning,
    }
}

/// Convert for `%u`/`%o`/`%x`/`%X` (unsigned 64-bit; negatives wrap).
pub fn to_uint(s: &str) -> Parsed<u64> {
    if let Some(c) = char_constant(s) {
        return ok(u64::from(c));
    }
    if s.is_empty() {
        return ok(0);
    }
    let (neg, mag, over, used, _) = scan_integer(s.as_bytes());
    let mut warning = None;
    let value = if over {
        warning = Some(range_warning(s));
        u64::MAX
    } else if neg {
        mag.wrapping_neg()
    } else {
        mag
    };
    Parsed {
        value,
        error: (used != s.len()).then(|| invalid(s)),
        warning,
    }
}

fn ok<T>(value: T) -> Parsed<T> {
    Parsed {
        value,
        error: None,
        warning: None,
    }
}

/// Convert for the floating conversions (strtold; here a 64-bit double).
pub fn to_float(s: &str) -> Parsed<f64> {
    if let Some(c) = char_constant(s) {
        return ok(f64::from(c));
    }
    if s.is_empty() {
        return ok(0.0);
    }
    let (value, used) = scan_float(s.as_bytes());
    Parsed {
        value,
        error: (used != s.len()).then(|| invalid(s)),
        warning: None,
    }
}

/// strtod-style scan of the longest valid prefix: (value, bytes used).
pub fn scan_float(b: &[u8]) -> (f64, usize) {
    let mut i = 0;
    while i < b.len() && is_c_space(b[i]) {
        i += 1;
    }
    let start = i;
    let mut neg = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        neg = b[i] == b'-';
        i += 1;
    }
    let sign = if neg { -1.0 } else { 1.0 };
    let rest = &b[i..];
    let lower: Vec<u8> = rest.iter().take(8).map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"infinity") {
        return (sign * f64::INFINITY, i + 8);
    }
    if lower.starts_with(b"inf") {
        return (sign * f64::INFINITY, i + 3);
    }
    if lower.starts_with(b"nan") {
        let mut j = i + 3;
        if b.get(j) == Some(&b'(')
            && let Some(k) = b[j..].iter().position(|&c| c == b')')
        {
            j += k + 1;
        }
        return (if neg { -f64::NAN } else { f64::NAN }, j);
    }
    if rest.len() > 1 && rest[0] == b'0' && (rest[1] | 0x20) == b'x' {
        if let Some((v, n)) = scan_hex_float(&rest[2..]) {
            return (sign * v, i + 2 + n);
        }
        return (0.0, i + 1);
    }
    let mut j = i;
    let mut digits = 0;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
        digits += 1;
    }
    if j < b.len() && b[j] == b'.' {
        j += 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return (0.0, 0);
    }
    if j < b.len() && (b[j] | 0x20) == b'e' {
        let mut k = j + 1;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            k += 1;
        }
        if k < b.len() && b[k].is_ascii_digit() {
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            j = k;
        }
    }
    let text = std::str::from_utf8(&b[start..j]).unwrap_or("0");
    let text = text.strip_prefix('+').unwrap_or(text);
    (text.parse().unwrap_or(0.0), j)
}

/// Hex digits `h.hhhp±d` after `0x`: (value, bytes used).
fn scan_hex_float(b: &[u8]) -> Option<(f64, usize)> {
    let mut i = 0;
    let mut mant = 0f64;
    let mut exp: i32 = 0;
    let mut any = false;
    while i < b.len() && b[i].is_ascii_hexdigit() {
        mant = mant * 16.0 + f64::from((b[i] as char).to_digit(16)?);
        i += 1;
        any = true;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            mant = mant * 16.0 + f64::from((b[i] as char).to_digit(16)?);
            exp -= 4;
            i += 1;
            any = true;
        }
    }
    if !any {
        return None;
    }
    if i < b.len() && (b[i] | 0x20) == b'p' {
        let mut k = i + 1;
        let mut eneg = false;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            eneg = b[k] == b'-';
            k += 1;
        }
        if k < b.len() && b[k].is_ascii_digit() {
            let mut e: i32 = 0;
            while k < b.len() && b[k].is_ascii_digit() {
                e = e.saturating_mul(10).saturating_add(i32::from(b[k] - b'0'));
                k += 1;
            }
            exp = exp.saturating_add(if eneg { -e } else { e });
            i = k;
        }
    }
    Some((mant * 2f64.powi(exp), i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_like_bash() {
        assert_eq!(to_int("0x1f").value, 31);
        assert_eq!(to_int("077").value, 63);
        assert_eq!(to_int("'a").value, 97);
        assert_eq!(to_int(" -5").value, -5);
        let p = to_int("12abc");
        assert_eq!(
            (p.value, p.error.as_deref()),
            (12, Some("12abc: invalid number"))
        );
        assert_eq!(
            to_int("08").error.as_deref(),
            Some("08: invalid octal number")
        );
        assert_eq!(
            to_int("0x").error.as_deref(),
            Some("0x: invalid hex number")
        );
        assert_eq!(to_int("99999999999999999999").value, i64::MAX);
        assert!(to_int("-99999999999999999999").warning.is_some());
        assert_eq!(to_uint("-1").value, u64::MAX);
    }

    #[test]
    #[allow(clippy::float_cmp)] // exact values
    fn floats_like_strtod() {
        assert_eq!(to_float("1e3").value, 1000.0);
        assert_eq!(to_float("0x10").value, 16.0);
        assert_eq!(to_float("0x1.8p1").value, 3.0);
        let p = to_float("1,5");
        assert_eq!((p.value, p.error.is_some()), (1.0, true));
        assert!(to_float("-inf").value.is_infinite());
    }
}
