//! Rendering one C `printf` conversion (ISO C 7.21.6.1 semantics as glibc
//! implements them): flags, width and precision applied to integers,
//! floating-point values and strings. Shared by `printf` and `seq -f`.

#![allow(clippy::many_single_char_names)] // short names mirror the C algorithms

/// Flags, width and precision of one conversion.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spec {
    /// `-`: left-justify.
    pub left: bool,
    /// `+`: always print a sign.
    pub plus: bool,
    /// ` `: a space where a plus sign would go.
    pub space: bool,
    /// `#`: alternate form.
    pub alt: bool,
    /// `0`: pad numbers with zeros.
    pub zero: bool,
    /// Minimum field width.
    pub width: usize,
    /// Precision, if given.
    pub precision: Option<usize>,
}

impl Spec {
    /// Pad `body` (already signed/prefixed) to the width with spaces.
    pub fn pad(&self, body: &[u8], out: &mut Vec<u8>) {
        let fill = self.width.saturating_sub(body.len());
        if !self.left {
            out.resize(out.len() + fill, b' ');
        }
        out.extend_from_slice(body);
        if self.left {
            out.resize(out.len() + fill, b' ');
        }
    }

    /// Pad a number: `prefix` (sign, `0x`) then `digits`, zero-filled
    /// between them when the `0` flag applies.
    fn pad_number(&self, prefix: &str, digits: &str, zero_ok: bool, out: &mut Vec<u8>) {
        let len = prefix.len() + digits.len();
        if self.zero && !self.left && zero_ok && len < self.width {
            out.extend_from_slice(prefix.as_bytes());
            out.resize(out.len() + self.width - len, b'0');
            out.extend_from_slice(digits.as_bytes());
        } else {
            let body = format!("{prefix}{digits}");
            self.pad(body.as_bytes(), out);
        }
    }

    fn sign(&self, negative: bool) -> &'static str {
        if negative {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        }
    }
}

/// `%d`/`%i`.
pub fn signed(spec: &Spec, v: i64, out: &mut Vec<u8>) {
    let digits = with_precision(spec, v.unsigned_abs().to_string(), v == 0);
    let sign = spec.sign(v < 0);
    spec.pad_number(sign, &digits, spec.precision.is_none(), out);
}

fn with_precision(spec: &Spec, digits: String, zero: bool) -> String {
    match spec.precision {
        Some(0) if zero => String::new(),
        Some(p) if p > digits.len() => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    }
}

/// `%u`, `%o`, `%x`, `%X` (`conv` is the conversion character).
pub fn unsigned(spec: &Spec, conv: char, v: u64, out: &mut Vec<u8>) {
    let raw = match conv {
        'o' => format!("{v:o}"),
        'x' => format!("{v:x}"),
        'X' => format!("{v:X}"),
        _ => v.to_string(),
    };
    let mut digits = with_precision(spec, raw, v == 0);
    let mut prefix = "";
    if spec.alt {
        match conv {
            'o' if !digits.starts_with('0') => digits.insert(0, '0'),
            'x' if v != 0 => prefix = "0x",
            'X' if v != 0 => prefix = "0X",
            _ => {}
        }
    }
    spec.pad_number(prefix, &digits, spec.precision.is_none(), out);
}

/// `%s`-style: precision truncates (bytes), width pads with spaces.
pub fn string(spec: &Spec, s: &[u8], out: &mut Vec<u8>) {
    let s = match spec.precision {
        Some(p) if p < s.len() => &s[..p],
        _ => s,
    };
    spec.pad(s, out);
}

/// `%f %F %e %E %g %G %a %A` of `v`.
pub fn float(spec: &Spec, conv: char, v: f64, out: &mut Vec<u8>) {
    let upper = conv.is_ascii_uppercase();
    let neg = v.is_sign_negative() && !v.is_nan() || (v.is_nan() && v.is_sign_negative());
    let sign = spec.sign(neg);
    if !v.is_finite() {
        let word = if v.is_nan() { "nan" } else { "inf" };
        let word = if upper {
            word.to_ascii_uppercase()
        } else {
            word.to_string()
        };
        spec.pad_number(sign, &word, false, out);
        return;
    }
    let a = v.abs();
    let prec = spec.precision.unwrap_or(6);
    let (prefix, body) = match conv.to_ascii_lowercase() {
        'f' => ("", fixed(a, prec, spec.alt)),
        'e' => ("", exponent(a, prec, spec.alt, upper)),
        'g' => ("", general(a, prec, spec.alt, upper)),
        _ => (
            if upper { "0X" } else { "0x" },
            hex(a, spec.precision, spec.alt, upper),
        ),
    };
    let prefix = format!("{sign}{prefix}");
    spec.pad_number(&prefix, &body, true, out);
}

/// Every `f64`'s exact decimal expansion ends within this many digits
/// after the point (the smallest subnormal, 2^-1074, has 1074), and has
/// fewer significant digits (at most 767). Rust's formatter panics on a
/// precision past `u16::MAX`, so longer precisions are formatted at this
/// one and padded with the zeros that follow.
const EXACT_DIGITS: usize = 1100;

/// `a` with `prec` digits after the point (`{:.prec$}`), for any `prec`.
pub fn fixed_digits(a: f64, prec: usize) -> String {
    if prec <= EXACT_DIGITS {
        return format!("{a:.prec$}");
    }
    let mut s = format!("{a:.EXACT_DIGITS$}");
    s.extend(std::iter::repeat_n('0', prec - EXACT_DIGITS));
    s
}

/// `a` as `d.ddd` with `prec` digits after the point and Rust's `e<exp>`
/// (`{:.prec$e}`), for any `prec`.
pub fn exp_digits(a: f64, prec: usize) -> String {
    if prec <= EXACT_DIGITS {
        return format!("{a:.prec$e}");
    }
    let s = format!("{a:.EXACT_DIGITS$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mut m = String::with_capacity(prec + 8);
    m.push_str(mant);
    m.extend(std::iter::repeat_n('0', prec - EXACT_DIGITS));
    m.push('e');
    m.push_str(exp);
    m
}

fn fixed(a: f64, prec: usize, alt: bool) -> String {
    let mut s = fixed_digits(a, prec);
    if alt && prec == 0 {
        s.push('.');
    }
    s
}

/// `d.ddde±XX` with at least two exponent digits.
fn exponent(a: f64, prec: usize, alt: bool, upper: bool) -> String {
    let s = exp_digits(a, prec);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut m = mant.to_string();
    if alt && prec == 0 {
        m.push('.');
    }
    let e = if upper { 'E' } else { 'e' };
    let esign = if exp < 0 { '-' } else { '+' };
    format!("{m}{e}{esign}{:02}", exp.unsigned_abs())
}

fn general(a: f64, prec: usize, alt: bool, upper: bool) -> String {
    let p = if prec == 0 { 1 } else { prec };
    let exp_form = exp_digits(a, p - 1);
    let x: i64 = exp_form
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    let p = p as i64;
    let mut s = if p > x && x >= -4 {
        fixed(a, (p - 1 - x) as usize, alt)
    } else {
        exponent(a, (p - 1) as usize, alt, upper)
    };
    if !alt {
        let (mant, tail) = match s.find(['e', 'E']) {
            Some(i) => (s[..i].to_string(), s[i..].to_string()),
            None => (s.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        s = format!("{mant}{tail}");
    }
    s
}

/// `%a` in the x87 long-double layout bash uses (`0x8p-3` for 1): a
/// leading hex digit holding the top four mantissa bits.
fn hex(a: f64, precision: Option<usize>, alt: bool, upper: bool) -> String {
    let (mut mant, mut exp): (u64, i64) = if a == 0.0 {
        (0, 0)
    } else {
        let bits = a.to_bits();
        let e = ((bits >> 52) & 0x7ff) as i64;
        let f = bits & ((1 << 52) - 1);
        if e == 0 {
            // Subnormal: normalise.
            let lz = i64::from(f.leading_zeros());
            (f << lz, -1074 + 63 - lz)
        } else {
            ((f | (1 << 52)) << 11, e - 1023)
        }
    };
    // mant has its top bit set; value = mant / 2^63 * 2^exp. Print the
    // first hex digit from the top 4 bits: value = (mant/2^60)/8 * 2^exp.
    if mant != 0 {
        exp -= 3;
    }
    let mut digits: Vec<u8> = (0..16)
        .map(|i| ((mant >> (60 - 4 * i)) & 0xf) as u8)
        .collect();
    if let Some(p) = precision
        && p < 15
    {
        // Round to p fraction digits, half to even.
        let keep = p + 1;
        let round_up = {
            let first = digits[keep];
            let rest_nonzero = digits[keep + 1..].iter().any(|&d| d != 0);
            first > 8 || (first == 8 && (rest_nonzero || digits[keep - 1] % 2 == 1))
        };
        digits.truncate(keep);
        if round_up {
            let mut i = keep;
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    exp += 4;
                    break;
                }
                i -= 1;
                if digits[i] == 15 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
        mant = 1;
    }
    let _ = mant;
    let first = digits[0];
    let mut frac: Vec<u8> = digits[1..].to_vec();
    match precision {
        Some(p) => frac.resize(p, 0),
        None => {
            while frac.last() == Some(&0) {
                frac.pop();
            }
        }
    }
    let hexd = |d: u8| {
        let c = char::from_digit(u32::from(d), 16).unwrap_or('0');
        if upper { c.to_ascii_uppercase() } else { c }
    };
    let mut s = String::new();
    s.push(hexd(first));
    if !frac.is_empty() || alt {
        s.push('.');
    }
    s.extend(frac.iter().map(|&d| hexd(d)));
    s.push(if upper { 'P' } else { 'p' });
    s.push(if exp < 0 { '-' } else { '+' });
    s.push_str(&exp.unsigned_abs().to_string());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(conv: char, spec: Spec, v: f64) -> String {
        let mut out = Vec::new();
        float(&spec, conv, v, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn floats_like_glibc() {
        let d = Spec::default();
        assert_eq!(f('e', d, 1234.5), "1.234500e+03");
        assert_eq!(f('g', d, 0.000_123_4), "0.0001234");
        assert_eq!(f('G', d, 1e-10), "1E-10");
        assert_eq!(f('g', d, 1e6), "1e+06");
        assert_eq!(f('g', d, 123_456_789.0), "1.23457e+08");
        let p0 = Spec {
            precision: Some(0),
            ..d
        };
        assert_eq!(f('f', p0, 0.5), "0");
        assert_eq!(f('f', p0, 2.5), "2");
        assert_eq!(f('f', p0, 1.5), "2");
        assert_eq!(f('a', d, 1.0), "0x8p-3");
        assert_eq!(f('A', d, 0.5), "0X8P-4");
        let alt = Spec { alt: true, ..d };
        assert_eq!(f('g', alt, 1.0), "1.00000");
    }

    #[test]
    fn integers_like_glibc() {
        let mut out = Vec::new();
        let s = Spec {
            width: 5,
            precision: Some(3),
            ..Spec::default()
        };
        signed(&s, 7, &mut out);
        let z = Spec {
            zero: true,
            width: 5,
            ..Spec::default()
        };
        signed(&z, -42, &mut out);
        let alt = Spec {
            alt: true,
            ..Spec::default()
        };
        unsigned(&alt, 'x', 255, &mut out);
        unsigned(&alt, 'o', 8, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "  007-00420xff010");
    }
}
