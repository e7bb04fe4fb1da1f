//! `od` output types (GNU coreutils manual, "od invocation", `-t TYPE`):
//! parsing type strings such as `x1z`, `dI`, `fD` or `ox2`, and rendering
//! one line of a block for one type with GNU od 9.1's column alignment
//! (every type's fields padded so that all types of a line line up).

#![allow(clippy::many_single_char_names)] // byte loops read best like the C description they follow

/// What a field shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `a`: named characters (`nul`, `sp`, ...), high bit ignored.
    Named,
    /// `c`: printable characters, C escapes, or three octal digits.
    Char,
    /// `d`: signed decimal.
    Signed,
    /// `u`: unsigned decimal.
    Unsigned,
    /// `o`: octal, zero-padded.
    Octal,
    /// `x`: hexadecimal, zero-padded.
    Hex,
    /// `f`: floating point, shortest `%g` precision that reads back.
    Float,
}

/// One output type: kind, size in bytes, field width in columns, the
/// padding spread over a line's fields, and whether the `z` trailer
/// (`>printable<`) follows.
#[derive(Debug, Clone, Copy)]
pub(super) struct OutType {
    /// The kind of field.
    pub kind: Kind,
    /// Bytes per field: 1, 2, 4 or 8.
    pub size: usize,
    /// Columns of the widest value.
    pub width: usize,
    /// Extra columns spread over a full line's fields.
    pub pad: usize,
    /// `z` suffix: print the printable characters after the line.
    pub trailer: bool,
}

impl OutType {
    fn new(kind: Kind, size: usize) -> Self {
        let width = match (kind, size) {
            (Kind::Named | Kind::Char, _) | (Kind::Unsigned | Kind::Octal, 1) => 3,
            (Kind::Signed, 1) | (Kind::Hex, 2) => 4,
            (Kind::Signed | Kind::Octal, 2) => 6,
            (Kind::Signed | Kind::Octal, 4) => 11,
            (Kind::Unsigned, 2) => 5,
            (Kind::Unsigned, 4) => 10,
            (Kind::Signed | Kind::Unsigned, _) => 20,
            (Kind::Octal, _) => 22,
            (Kind::Hex, 1) => 2,
            (Kind::Hex, 4) => 8,
            (Kind::Hex, _) => 16,
            (Kind::Float, 4) => 15,
            (Kind::Float, _) => 24,
        };
        OutType {
            kind,
            size,
            width,
            pad: 0,
            trailer: false,
        }
    }
}

/// The type a traditional option stands for (`-b` is `-t o1`, `-i` is
/// `-t dI`, ...; `int` is 4 bytes and `long` 8 on this x86-64 target).
pub(super) fn traditional(opt: char) -> Option<&'static str> {
    Some(match opt {
        'a' => "a",
        'b' => "o1",
        'c' => "c",
        'd' => "u2",
        'f' => "fF",
        'h' | 'x' => "x2",
        'i' => "dI",
        'l' | 'I' | 'L' => "dL",
        'o' | 'B' => "o2",
        's' => "d2",
        'D' => "u4",
        'e' | 'F' => "fD",
        'H' | 'X' => "x4",
        'O' => "o4",
        _ => return None,
    })
}

/// Append the types of type string `s` (several may follow each other:
/// `ox2`) to `out`. The error is GNU's message.
pub(super) fn parse_types(s: &str, out: &mut Vec<OutType>) -> Result<(), String> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        let kind = match c {
            b'a' => Kind::Named,
            b'c' => Kind::Char,
            b'd' => Kind::Signed,
            b'u' => Kind::Unsigned,
            b'o' => Kind::Octal,
            b'x' => Kind::Hex,
            b'f' => Kind::Float,
            _ => {
                return Err(format!(
                    "invalid character '{}' in type string '{s}'",
                    char::from(c)
                ));
            }
        };
        let size = match kind {
            Kind::Named | Kind::Char => 1,
            _ => {
                let float = kind == Kind::Float;
                let size = match b.get(i) {
                    Some(d) if d.is_ascii_digit() => {
                        let n = b[i..].iter().take_while(|d| d.is_ascii_digit()).count();
                        let v: usize = s[i..i + n].parse().unwrap_or(usize::MAX);
                        i += n;
                        v
                    }
                    Some(&l) if !float && matches!(l, b'C' | b'S' | b'I' | b'L') => {
                        i += 1;
                        match l {
                            b'C' => 1,
                            b'S' => 2,
                            b'I' => 4,
                            _ => 8,
                        }
                    }
                    Some(&l) if float && matches!(l, b'F' | b'D' | b'L') => {
                        i += 1;
                        match l {
                            b'F' => 4,
                            b'D' => 8,
                            _ => 16,
                        }
                    }
                    _ if float => 8,
                    _ => 4,
                };
                let ok = if float {
                    matches!(size, 4 | 8)
                } else {
                    matches!(size, 1 | 2 | 4 | 8)
                };
                if !ok {
                    if float && size == 16 {
                        return Err(format!(
                            "invalid type string '{s}': long double (fL, f16) is not supported"
                        ));
                    }
                    let what = if float { "floating point" } else { "integral" };
                    return Err(format!(
                        "invalid type string '{s}';\nthis system doesn't provide a {size}-byte {what} type"
                    ));
                }
                size
            }
        };
        let mut t = OutType::new(kind, size);
        if b.get(i) == Some(&b'z') {
            t.trailer = true;
            i += 1;
        }
        out.push(t);
    }
    Ok(())
}

/// Spread the columns of a `per_line`-byte line over every type so all
/// types' fields line up (GNU od: the widest type's line width, each
/// field taking its width plus one separating space).
pub(super) fn align(types: &mut [OutType], per_line: usize) {
    let line = types
        .iter()
        .map(|t| (t.width + 1) * (per_line / t.size))
        .max()
        .unwrap_or(0);
    for t in types {
        t.pad = line - t.width * (per_line / t.size);
    }
}

/// Render one type's fields of `block` (a line of `per_line` bytes, of
/// which the first `n` are data and the rest zeros up to a multiple of
/// the size) into `out`, with the `z` trailer when asked. `big` selects
/// big-endian byte order for multi-byte fields.
pub(super) fn render(
    t: &OutType,
    block: &[u8],
    n: usize,
    per_line: usize,
    big: bool,
    out: &mut Vec<u8>,
) {
    let fields = per_line / t.size;
    let blank = (per_line - n) / t.size;
    let mut pad_left = t.pad;
    let mut p = 0;
    let mut i = fields;
    while i > blank {
        let next_pad = t.pad * (i - 1) / fields;
        let width = pad_left - next_pad + t.width;
        let bytes = &block[p..p + t.size];
        p += t.size;
        let text = field(t, bytes, big);
        for _ in text.len()..width {
            out.push(b' ');
        }
        out.extend_from_slice(text.as_bytes());
        pad_left = next_pad;
        i -= 1;
    }
    if t.trailer {
        let spaces = blank * t.width + t.pad * blank / fields;
        out.resize(out.len() + spaces, b' ');
        out.extend_from_slice(b"  >");
        out.extend(
            block[..n]
                .iter()
                .map(|&c| if (b' '..=b'~').contains(&c) { c } else { b'.' }),
        );
        out.push(b'<');
    }
}

const NAMES: [&str; 33] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr",
    "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc",
    "fs", "gs", "rs", "us", "sp",
];

fn field(t: &OutType, bytes: &[u8], big: bool) -> String {
    let mut v: u64 = 0;
    if big {
        for &b in bytes {
            v = (v << 8) | u64::from(b);
        }
    } else {
        for &b in bytes.iter().rev() {
            v = (v << 8) | u64::from(b);
        }
    }
    let w = t.width;
    match t.kind {
        Kind::Named => {
            let c = bytes[0] & 0x7f;
            match c {
                0..=32 => NAMES[usize::from(c)].to_string(),
                127 => "del".to_string(),
                _ => char::from(c).to_string(),
            }
        }
        Kind::Char => {
            let c = bytes[0];
            match c {
                0 => "\\0".into(),
                7 => "\\a".into(),
                8 => "\\b".into(),
                9 => "\\t".into(),
                10 => "\\n".into(),
                11 => "\\v".into(),
                12 => "\\f".into(),
                13 => "\\r".into(),
                b' '..=b'~' => char::from(c).to_string(),
                _ => format!("{c:03o}"),
            }
        }
        Kind::Signed => {
            let bits = 8 * t.size;
            #[allow(clippy::cast_possible_wrap)] // two's complement reading
            let s = ((v << (64 - bits)) as i64) >> (64 - bits);
            s.to_string()
        }
        Kind::Unsigned => v.to_string(),
        Kind::Octal => format!("{v:0w$o}"),
        Kind::Hex => format!("{v:0w$x}"),
        Kind::Float => {
            if t.size == 4 {
                #[allow(clippy::cast_possible_truncation)] // v holds 4 bytes
                let x = f32::from_bits(v as u32);
                shortest(f64::from(x), 9, |s| {
                    s.parse::<f32>().is_ok_and(|y| y.to_bits() == x.to_bits())
                })
            } else {
                let x = f64::from_bits(v);
                shortest(x, 17, |s| {
                    s.parse::<f64>().is_ok_and(|y| y.to_bits() == x.to_bits())
                })
            }
        }
    }
}

/// The `%.*g` text of `x` at the smallest precision (from the type's
/// decimal digits, or 1 for subnormals, as gnulib's `ftoastr` does) that
/// reads back as the same value.
fn shortest(x: f64, max: usize, reads_back: impl Fn(&str) -> bool) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    let (dig, min_normal) = if max == 9 {
        (6, f64::from(f32::MIN_POSITIVE))
    } else {
        (15, f64::MIN_POSITIVE)
    };
    let mut prec = if x.abs() < min_normal { 1 } else { dig };
    loop {
        let s = g_format(x, prec);
        if prec >= max || reads_back(&s) {
            return s;
        }
        prec += 1;
    }
}

/// C's `%.{prec}g`.
fn g_format(x: f64, prec: usize) -> String {
    let e = format!("{:.*e}", prec - 1, x);
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    #[allow(clippy::cast_possible_wrap)] // precision is at most 17
    let p = prec as i64;
    if exp < -4 || exp >= p {
        let mant = strip_zeros(mant);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.abs())
    } else {
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // 0..=p+4
        let decimals = (p - 1 - exp) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_matches_c() {
        assert_eq!(g_format(1.0, 6), "1");
        assert_eq!(g_format(1.539_989_6e-36, 8), "1.5399896e-36");
        assert_eq!(g_format(0.0001, 6), "0.0001");
        assert_eq!(g_format(123_456_789.0, 6), "1.23457e+08");
    }

    #[test]
    fn type_strings() {
        let mut v = Vec::new();
        assert!(parse_types("ox2dIfz", &mut v).is_ok());
        assert_eq!(v.len(), 4);
        assert_eq!((v[1].kind, v[1].size), (Kind::Hex, 2));
        assert_eq!((v[2].kind, v[2].size), (Kind::Signed, 4));
        assert!(v[3].trailer && v[3].size == 8);
        assert!(parse_types("d3", &mut v).is_err());
        assert!(parse_types("q", &mut v).is_err());
    }
}
