//! `printf`/`sprintf` formatting (POSIX XCU awk "Output Statements", the
//! C `printf` conversions with gawk's handling of infinities and NaN).

use super::value::Value;
use toolsh_command::chars;
use toolsh_command::number::render::{exp_digits, fixed_digits};

/// Why a format could not be applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// More conversions than arguments (gawk: "not enough arguments to
    /// satisfy format string").
    NotEnoughArgs,
    /// A width or precision above the format width limit.
    TooWide(usize),
}

/// Parsed flags of one conversion.
#[derive(Debug, Default, Clone, Copy)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
    /// A UTF-8 locale: widths, `%s` precisions and `%c` count
    /// characters, as gawk's do.
    utf8: bool,
}

/// Format `args` by `fmt`. Numbers converted to strings for `%s` use
/// `convfmt`. Widths and precisions are bounded by `max_width`. With
/// `utf8` (a UTF-8 locale) widths and `%s` precisions count characters,
/// `%c` of a number is that code point in UTF-8 and `%c` of a string its
/// first character, as gawk; else all of them work in bytes.
pub fn sprintf(
    fmt: &[u8],
    args: &[Value],
    convfmt: &[u8],
    max_width: usize,
    utf8: bool,
) -> Result<Vec<u8>, FormatError> {
    let mut out = Vec::with_capacity(fmt.len() + 16);
    let mut next = 0usize;
    let take = |next: &mut usize| -> Result<&Value, FormatError> {
        let v = args.get(*next).ok_or(FormatError::NotEnoughArgs)?;
        *next += 1;
        Ok(v)
    };
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            let end = fmt[i..]
                .iter()
                .position(|&b| b == b'%')
                .map_or(fmt.len(), |p| i + p);
            out.extend_from_slice(&fmt[i..end]);
            i = end;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec {
            utf8,
            ..Spec::default()
        };
        while i < fmt.len() {
            match fmt[i] {
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        if i < fmt.len() && fmt[i] == b'*' {
            let w = take(&mut next)?.to_num();
            if w < 0.0 {
                spec.minus = true;
            }
            spec.width = clamp_width(w.abs(), max_width)?;
            i += 1;
        } else {
            let (w, j) = read_int(fmt, i);
            spec.width = clamp_width(w, max_width)?;
            i = j;
        }
        if i < fmt.len() && fmt[i] == b'.' {
            i += 1;
            if i < fmt.len() && fmt[i] == b'*' {
                let p = take(&mut next)?.to_num();
                spec.prec = if p < 0.0 {
                    None
                } else {
                    Some(clamp_width(p, max_width)?)
                };
                i += 1;
            } else {
                let (p, j) = read_int(fmt, i);
                spec.prec = Some(clamp_width(p, max_width)?);
                i = j;
            }
        }
        // One length modifier is accepted and ignored, as gawk does; a
        // second one makes the conversion invalid (printed literally).
        let mut modifiers = 0;
        while i < fmt.len() && matches!(fmt[i], b'h' | b'l' | b'L' | b'q' | b'j' | b'z' | b't') {
            i += 1;
            modifiers += 1;
        }
        if modifiers > 1 {
            let end = (i + 1).min(fmt.len());
            out.extend_from_slice(&fmt[start..end]);
            i = end;
            continue;
        }
        let Some(&conv) = fmt.get(i) else {
            // A lone '%' at the end is printed as is.
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        match conv {
            b'%' => out.push(b'%'),
            b'c' => {
                let v = take(&mut next)?;
                let bytes = if v.is_numeric() {
                    let n = v.to_num();
                    let code = if n.is_finite() { n as i64 } else { 0 };
                    char_bytes(code, utf8)
                } else {
                    let s = v.to_str(convfmt);
                    let first = chars::offset(&s, 1, utf8);
                    s[..first].to_vec()
                };
                pad(&mut out, &bytes, spec, false);
            }
            b's' => {
                let v = take(&mut next)?;
                let s = v.to_str(convfmt);
                let s = match spec.prec {
                    Some(p) if p < s.len() => &s[..chars::offset(&s, p, utf8)],
                    _ => &s[..],
                };
                pad(&mut out, s, spec, false);
            }
            b'd' | b'i' => {
                let n = take(&mut next)?.to_num();
                format_int(&mut out, n, spec);
            }
            b'o' | b'x' | b'X' | b'u' => {
                let n = take(&mut next)?.to_num();
                format_unsigned(&mut out, n, conv, spec);
            }
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' | b'a' | b'A' => {
                let n = take(&mut next)?.to_num();
                format_float(&mut out, n, conv, spec);
            }
            _ => {
                // Unknown conversion: printed literally, like gawk.
                out.extend_from_slice(&fmt[start..i]);
            }
        }
    }
    Ok(out)
}

fn clamp_width(w: f64, max: usize) -> Result<usize, FormatError> {
    if w.is_nan() {
        return Ok(0);
    }
    if w > max as f64 {
        return Err(FormatError::TooWide(max));
    }
    Ok(w as usize)
}

fn read_int(fmt: &[u8], mut i: usize) -> (f64, usize) {
    let mut v = 0f64;
    while i < fmt.len() && fmt[i].is_ascii_digit() {
        v = v * 10.0 + f64::from(fmt[i] - b'0');
        i += 1;
    }
    (v, i)
}

/// The bytes of character `code`: under UTF-8 the code point's encoding
/// when it is one (gawk 5.2: `printf "%c", 233` is `é`), else, as in the
/// C locale, its two's-complement low byte (-1 is 0xff, 321 is 0x41).
fn char_bytes(code: i64, utf8: bool) -> Vec<u8> {
    if utf8
        && code >= 0x80
        && let Some(c) = u32::try_from(code).ok().and_then(char::from_u32)
    {
        return c.to_string().into_bytes();
    }
    vec![(code & 0xff) as u8]
}

/// Pad `body` to the width; `numeric` allows zero padding after the sign.
fn pad(out: &mut Vec<u8>, body: &[u8], spec: Spec, numeric: bool) {
    let len = chars::count(body, spec.utf8);
    if spec.width <= len {
        out.extend_from_slice(body);
        return;
    }
    let fill = spec.width - len;
    if spec.minus {
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if spec.zero && numeric {
        let sign_len = body
            .iter()
            .take_while(|&&b| b == b'-' || b == b'+' || b == b' ')
            .count();
        let prefix = if body[sign_len..].starts_with(b"0x") || body[sign_len..].starts_with(b"0X") {
            sign_len + 2
        } else {
            sign_len
        };
        out.extend_from_slice(&body[..prefix]);
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(&body[prefix..]);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(body);
    }
}

/// Infinity and NaN as gawk prints them for any numeric conversion.
fn non_finite(out: &mut Vec<u8>, n: f64, spec: Spec, upper: bool) {
    let mut s = if n.is_nan() {
        if n.is_sign_negative() { "-nan" } else { "+nan" }.to_string()
    } else if n < 0.0 {
        "-inf".to_string()
    } else {
        "+inf".to_string()
    };
    if upper {
        s = s.to_uppercase();
    }
    let spec = Spec {
        zero: false,
        ..spec
    };
    pad(out, s.as_bytes(), spec, false);
}

fn sign_prefix(neg: bool, spec: Spec) -> &'static str {
    if neg {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

fn format_int(out: &mut Vec<u8>, n: f64, spec: Spec) {
    if !n.is_finite() {
        non_finite(out, n, spec, false);
        return;
    }
    let t = n.trunc();
    let neg = t < 0.0;
    let mut digits = if t.abs() < 1e18 {
        (t.abs() as u64).to_string()
    } else {
        format!("{:.0}", t.abs())
    };
    if let Some(p) = spec.prec {
        if p == 0 && t == 0.0 {
            digits.clear();
        } else if digits.len() < p {
            digits = "0".repeat(p - digits.len()) + &digits;
        }
    }
    let body = format!("{}{digits}", sign_prefix(neg, spec));
    let zero_ok = spec.prec.is_none();
    pad(
        out,
        body.as_bytes(),
        Spec {
            zero: spec.zero && zero_ok,
            ..spec
        },
        true,
    );
}

fn format_unsigned(out: &mut Vec<u8>, n: f64, conv: u8, spec: Spec) {
    if !n.is_finite() {
        non_finite(out, n, spec, conv == b'X');
        return;
    }
    let t = n.trunc();
    let v: u64 = if t < 0.0 {
        (t as i64) as u64
    } else if t >= 18_446_744_073_709_551_616.0 {
        // Too large for an integer conversion: gawk falls back to %g-like
        // output; print the integral value.
        let body = format!("{t:.0}");
        pad(out, body.as_bytes(), spec, true);
        return;
    } else {
        t as u64
    };
    let mut digits = match conv {
        b'o' => format!("{v:o}"),
        b'x' => format!("{v:x}"),
        b'X' => format!("{v:X}"),
        _ => v.to_string(),
    };
    if let Some(p) = spec.prec {
        if p == 0 && v == 0 {
            digits.clear();
        } else if digits.len() < p {
            digits = "0".repeat(p - digits.len()) + &digits;
        }
    }
    if spec.alt {
        match conv {
            b'o' if !digits.starts_with('0') => digits.insert(0, '0'),
            b'x' if v != 0 => digits.insert_str(0, "0x"),
            b'X' if v != 0 => digits.insert_str(0, "0X"),
            _ => {}
        }
    }
    let zero_ok = spec.prec.is_none();
    pad(
        out,
        digits.as_bytes(),
        Spec {
            zero: spec.zero && zero_ok,
            ..spec
        },
        true,
    );
}

/// `%e` body for a non-negative finite number: `d.ddde+XX`.
fn format_e(n: f64, prec: usize, alt: bool) -> String {
    let s = exp_digits(n, prec);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut m = mant.to_string();
    if alt && prec == 0 {
        m.push('.');
    }
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{m}e{sign}{:02}", exp.abs())
}

/// `%g` for a finite number (sign included when negative).
pub fn format_g(n: f64, prec: usize, alt: bool, upper: bool) -> String {
    let neg = n.is_sign_negative() && n != 0.0 || (n == 0.0 && n.is_sign_negative());
    let a = n.abs();
    let p = if prec == 0 { 1 } else { prec };
    let body = if a == 0.0 {
        if alt {
            format!("0.{}", "0".repeat(p - 1))
        } else {
            "0".to_string()
        }
    } else {
        let e = format_e(a, p - 1, false);
        let exp: i32 = e
            .rsplit_once('e')
            .map_or(0, |(_, x)| x.parse().unwrap_or(0));
        let mut s = if exp < -4 || exp >= p as i32 {
            e
        } else {
            let fp = (p as i32 - 1 - exp).max(0) as usize;
            fixed_digits(a, fp)
        };
        if !alt {
            s = strip_zeros(&s);
        }
        s
    };
    let body = if upper { body.to_uppercase() } else { body };
    if neg { format!("-{body}") } else { body }
}

/// Remove trailing zeros of the fraction (and a bare '.') from a `%g` body.
fn strip_zeros(s: &str) -> String {
    let (mant, exp) = match s.find('e') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    if !mant.contains('.') {
        return s.to_string();
    }
    let m = mant.trim_end_matches('0').trim_end_matches('.');
    format!("{m}{exp}")
}

fn format_float(out: &mut Vec<u8>, n: f64, conv: u8, spec: Spec) {
    let upper = conv.is_ascii_uppercase();
    if !n.is_finite() {
        non_finite(out, n, spec, upper);
        return;
    }
    let prec = spec.prec.unwrap_or(6);
    let neg = n.is_sign_negative();
    let a = n.abs();
    let body = match conv {
        b'e' | b'E' => format_e(a, prec, spec.alt),
        b'f' | b'F' => {
            let mut s = fixed_digits(a, prec);
            if spec.alt && prec == 0 {
                s.push('.');
            }
            s
        }
        b'a' | b'A' => format_hex_float(a, spec.prec),
        _ => format_g(a, prec, spec.alt, false),
    };
    let body = if upper { body.to_uppercase() } else { body };
    let full = format!("{}{body}", sign_prefix(neg, spec));
    pad(out, full.as_bytes(), spec, true);
}

/// `%a`: hexadecimal floating point, as glibc prints it.
fn format_hex_float(a: f64, prec: Option<usize>) -> String {
    if a == 0.0 {
        return match prec {
            Some(p) if p > 0 => format!("0x0.{}p+0", "0".repeat(p)),
            _ => "0x0p+0".to_string(),
        };
    }
    let bits = a.to_bits();
    let mut exp = ((bits >> 52) & 0x7ff) as i64;
    let mut mant = bits & ((1u64 << 52) - 1);
    let lead = if exp == 0 {
        exp = -1022;
        0
    } else {
        exp -= 1023;
        1
    };
    let mut lead = lead;
    let mut hex = format!("{mant:013x}");
    if let Some(p) = prec
        && p < 13
    {
        let shift = (13 - p) * 4;
        let round = (mant >> (shift - 1)) & 1;
        mant >>= shift;
        mant += round;
        if p == 0 {
            lead += mant;
            hex.clear();
        } else {
            if mant >> (p * 4) != 0 {
                lead += 1;
                mant &= (1u64 << (p * 4)) - 1;
            }
            hex = format!("{mant:0p$x}");
        }
    } else {
        let trimmed = hex.trim_end_matches('0').to_string();
        hex = match prec {
            Some(p) => {
                let mut h = hex;
                if h.len() < p {
                    h.extend(std::iter::repeat_n('0', p - h.len()));
                }
                h
            }
            None => trimmed,
        };
    }
    let dot = if hex.is_empty() { "" } else { "." };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("0x{lead}{dot}{hex}p{sign}{}", exp.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        String::from_utf8(sprintf(fmt.as_bytes(), args, b"%.6g", 1000, false).unwrap()).unwrap()
    }

    #[test]
    fn conversions_match_gawk() {
        let n = Value::Num;
        let s = |x: &str| Value::str(x.as_bytes());
        assert_eq!(
            f(
                "%5.3d|%-5d|%05d|%+d|% d|%x|%#x|%#o|%e|%E|%G|%#g|%.0e|%c|%5s|%-5s|%.2s|%5%|",
                &[
                    n(7.0),
                    n(3.0),
                    n(-42.0),
                    n(5.0),
                    n(5.0),
                    n(255.0),
                    n(255.0),
                    n(8.0),
                    n(1234.5678),
                    n(0.000_012_345),
                    n(1e-10),
                    n(1.0),
                    n(12345.0),
                    s("hello"),
                    s("ab"),
                    s("ab"),
                    s("abcdef")
                ]
            ),
            "  007|3    |-0042|+5| 5|ff|0xff|010|1.234568e+03|1.234500E-05|1E-10|1.00000|1e+04|h|   ab|ab   |ab|%|"
        );
        assert_eq!(
            f("%x %u", &[n(-1.0), n(-3.0)]),
            "ffffffffffffffff 18446744073709551613"
        );
        assert_eq!(
            f("%d %5.2f", &[n(f64::NEG_INFINITY), n(f64::INFINITY)]),
            "-inf  +inf"
        );
        assert_eq!(
            f("%g %g %g", &[n(100_000.0), n(1_000_000.0), n(0.0001)]),
            "100000 1e+06 0.0001"
        );
    }

    #[test]
    fn missing_argument_is_an_error() {
        assert_eq!(
            sprintf(b"%d %d", &[Value::Num(1.0)], b"%.6g", 100, false),
            Err(FormatError::NotEnoughArgs)
        );
    }
}
