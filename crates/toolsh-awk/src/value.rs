//! Values and conversions: numbers, strings, strnums (POSIX XCU awk,
//! "Expressions in awk") and the number-to-string rules of CONVFMT/OFMT.

use std::cmp::Ordering;
use std::rc::Rc;

use super::format;

/// An awk string: bytes (the C locale), cheap to clone.
pub type Str = Rc<[u8]>;

/// A scalar awk value.
///
/// `StrNum` is a string that came from input (fields, `getline`, `split`,
/// ARGV, ENVIRON, `-v`): it compares as a number when it looks like one
/// (POSIX "numeric string").
#[derive(Debug, Clone, Default)]
pub enum Value {
    /// Never assigned: both "" and 0.
    #[default]
    Uninit,
    /// A number.
    Num(f64),
    /// A string constant or the result of a string operation.
    Str(Str),
    /// A string from input that may be a numeric string.
    StrNum(Str),
}

/// The empty string.
pub fn empty_str() -> Str {
    Rc::from(&b""[..])
}

impl Value {
    /// A string value from bytes.
    pub fn str(bytes: &[u8]) -> Value {
        Value::Str(Rc::from(bytes))
    }

    /// A strnum (input) value from bytes.
    pub fn strnum(bytes: &[u8]) -> Value {
        Value::StrNum(Rc::from(bytes))
    }

    /// The numeric value (strings converted by their leading numeric prefix,
    /// as `strtod` does).
    pub fn to_num(&self) -> f64 {
        match self {
            Value::Uninit => 0.0,
            Value::Num(n) => *n,
            Value::Str(s) | Value::StrNum(s) => str_to_num(s),
        }
    }

    /// The string value, converting numbers with `convfmt` (integers print
    /// as integers).
    pub fn to_str(&self, convfmt: &[u8]) -> Str {
        match self {
            Value::Uninit => empty_str(),
            Value::Num(n) => Rc::from(num_to_str(*n, convfmt)),
            Value::Str(s) | Value::StrNum(s) => s.clone(),
        }
    }

    /// Append the string value to `out` (numbers through `convfmt`).
    pub fn write_str(&self, convfmt: &[u8], out: &mut Vec<u8>) {
        match self {
            Value::Uninit => {}
            Value::Num(n) => out.extend_from_slice(&num_to_str(*n, convfmt)),
            Value::Str(s) | Value::StrNum(s) => out.extend_from_slice(s),
        }
    }

    /// Truth value: numbers are true when non-zero, strings when non-empty,
    /// numeric strings by their number.
    pub fn is_true(&self) -> bool {
        match self {
            Value::Uninit => false,
            Value::Num(n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::StrNum(s) => match looks_numeric(s) {
                Some(n) => n != 0.0,
                None => !s.is_empty(),
            },
        }
    }

    /// The number this value compares as, or `None` when it compares as a
    /// string.
    fn numeric_value(&self) -> Option<f64> {
        match self {
            Value::Uninit => Some(0.0),
            Value::Num(n) => Some(*n),
            Value::Str(_) => None,
            Value::StrNum(s) => looks_numeric(s),
        }
    }

    /// `true` when the value is numeric for `printf %c` and comparisons.
    pub fn is_numeric(&self) -> bool {
        matches!(self, Value::Num(_))
            || matches!(self, Value::StrNum(s) if looks_numeric(s).is_some())
    }
}

/// Compare two values by the POSIX rules: numerically when both are
/// numeric (numbers, uninitialized, numeric strings), otherwise as strings
/// (bytes, the C locale's collation).
pub fn compare(a: &Value, b: &Value, convfmt: &[u8]) -> Ordering {
    if let (Some(x), Some(y)) = (a.numeric_value(), b.numeric_value()) {
        // NaN is unordered; treat it as greater so sorting stays total.
        return x
            .partial_cmp(&y)
            .unwrap_or_else(|| x.is_nan().cmp(&y.is_nan()));
    }
    let sa = a.to_str(convfmt);
    let sb = b.to_str(convfmt);
    sa.as_ref().cmp(sb.as_ref())
}

/// Is `c` white space for number parsing (`isspace` in the C locale)?
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Length of the decimal floating-point number at the start of `s`
/// (optional sign, digits, optional fraction, optional exponent), or 0.
fn number_prefix_len(s: &[u8]) -> usize {
    let mut i = 0;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        i += 1;
    }
    let digits_start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let mut ndigits = i - digits_start;
    if i < s.len() && s[i] == b'.' {
        i += 1;
        let f = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        ndigits += i - f;
    }
    if ndigits == 0 {
        return 0;
    }
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        let mut j = i + 1;
        if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
            j += 1;
        }
        let e = j;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if j > e {
            i = j;
        }
    }
    i
}

/// gawk's special values: `+inf`, `-inf`, `+nan`, `-nan` (sign required),
/// case-insensitive. Returns the value and the length used.
fn special_prefix(s: &[u8]) -> Option<(f64, usize)> {
    if s.len() < 4 || !(s[0] == b'+' || s[0] == b'-') {
        return None;
    }
    let word = s[1..4].to_ascii_lowercase();
    let neg = s[0] == b'-';
    match &word[..] {
        b"inf" => Some((
            if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            },
            4,
        )),
        b"nan" => Some((if neg { -f64::NAN } else { f64::NAN }, 4)),
        _ => None,
    }
}

fn parse_prefix(s: &[u8]) -> f64 {
    let n = number_prefix_len(s);
    if n == 0 {
        return 0.0;
    }
    if let Some(v) = small_integer(&s[..n]) {
        return v;
    }
    // The prefix is ASCII digits, signs, '.', 'e': valid UTF-8.
    std::str::from_utf8(&s[..n])
        .ok()
        .and_then(|t| t.parse::<f64>().ok())
        .unwrap_or(0.0)
}

/// A sign and at most 15 digits (below 2^53, so exact in an `f64`, as
/// `strtod` gives it): the value without the general float parser, which
/// costs several times more on the integers most input holds.
fn small_integer(t: &[u8]) -> Option<f64> {
    let (neg, digits) = match t.split_first() {
        Some((b'-', d)) => (true, d),
        Some((b'+', d)) => (false, d),
        _ => (false, t),
    };
    if digits.is_empty() || digits.len() > 15 {
        return None;
    }
    let mut n: u64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(c - b'0');
    }
    #[allow(clippy::cast_precision_loss)] // below 2^53: exact
    let v = n as f64;
    Some(if neg { -v } else { v })
}

/// The numeric value of a string: its longest leading decimal number after
/// leading white space (`strtod` without hex), 0 when there is none.
pub fn str_to_num(s: &[u8]) -> f64 {
    let start = s.iter().position(|&c| !is_space(c)).unwrap_or(s.len());
    let s = &s[start..];
    if let Some((v, _)) = special_prefix(s) {
        return v;
    }
    parse_prefix(s)
}

/// If the whole string (leading and trailing blanks allowed) is a decimal
/// number, its value (POSIX "numeric string").
pub fn looks_numeric(s: &[u8]) -> Option<f64> {
    let start = s.iter().position(|&c| !is_space(c))?;
    let end = s.iter().rposition(|&c| !is_space(c))? + 1;
    let t = &s[start..end];
    if let Some((v, len)) = special_prefix(t) {
        return (len == t.len()).then_some(v);
    }
    let n = number_prefix_len(t);
    if n == 0 || n != t.len() {
        return None;
    }
    Some(parse_prefix(t))
}

/// Format a number as awk does when it needs a string: integral values
/// print as integers, others through `fmt` (CONVFMT or OFMT).
pub fn num_to_str(n: f64, fmt: &[u8]) -> Vec<u8> {
    if n.is_nan() {
        return if n.is_sign_negative() {
            b"-nan".to_vec()
        } else {
            b"+nan".to_vec()
        };
    }
    if n.is_infinite() {
        return if n < 0.0 {
            b"-inf".to_vec()
        } else {
            b"+inf".to_vec()
        };
    }
    if n == n.trunc() {
        if n.abs() < 1e18 {
            return (n as i64).to_string().into_bytes();
        }
        return format!("{n:.0}").into_bytes();
    }
    if fmt == b"%.6g" {
        return format::format_g(n, 6, false, false).into_bytes();
    }
    // `CONVFMT`/`OFMT` come from the script: their widths are bounded too.
    format::sprintf(
        fmt,
        &[Value::Num(n)],
        b"%.6g",
        toolsh_command::numarg::CONVERSION_WIDTH,
        false,
    )
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_prefixes() {
        assert_eq!(str_to_num(b"  12abc"), 12.0);
        assert_eq!(str_to_num(b"1e3x"), 1000.0);
        assert_eq!(str_to_num(b"1e"), 1.0);
        assert_eq!(str_to_num(b".5"), 0.5);
        assert_eq!(str_to_num(b"0x1A"), 0.0);
        assert_eq!(str_to_num(b"abc"), 0.0);
        assert_eq!(str_to_num(b"-"), 0.0);
    }

    #[test]
    fn numeric_strings() {
        assert_eq!(looks_numeric(b" 1 "), Some(1.0));
        assert_eq!(looks_numeric(b"1e3"), Some(1000.0));
        assert_eq!(looks_numeric(b"1x"), None);
        assert_eq!(looks_numeric(b""), None);
        assert_eq!(looks_numeric(b"."), None);
        assert_eq!(looks_numeric(b"+5"), Some(5.0));
    }

    #[test]
    fn number_strings() {
        assert_eq!(num_to_str(3.0, b"%.6g"), b"3");
        assert_eq!(num_to_str(0.1 + 0.2, b"%.6g"), b"0.3");
        assert_eq!(
            num_to_str(1e30, b"%.6g"),
            b"1000000000000000019884624838656"
        );
        assert_eq!(num_to_str(1.234_567, b"%.2f"), b"1.23");
        assert_eq!(num_to_str(-0.0, b"%.6g"), b"0");
    }
}
