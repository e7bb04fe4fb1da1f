//! The comparisons of `sort` in the C locale: byte order with `-f -d -i`
//! translations, `-n` (arbitrary-length decimal, no `+`, `-0 == 0`), `-g`
//! (strtod; errors before NaNs before numbers), `-h` (SI suffix first),
//! `-M` (month abbreviations) and `-V` (GNU `filevercmp`). Behaviour from
//! the GNU coreutils manual, "sort invocation".

#![allow(clippy::many_single_char_names)] // short names mirror the C algorithms

use std::cmp::Ordering;

use super::keys::{Mode, Order, is_blank};
use toolsh_command::number::scan::scan_float;

/// A parsed `-n` number: sign, integer digits without leading zeros,
/// fraction digits without trailing zeros.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Num<'a> {
    neg: bool,
    int: &'a [u8],
    frac: &'a [u8],
}

/// Parse the leading number of `s` as `sort -n` does.
pub(crate) fn parse_num(s: &[u8]) -> Num<'_> {
    let (neg, int, frac) = num_bounds(s);
    Num {
        neg,
        int: &s[int.0..int.1],
        frac: &s[frac.0..frac.1],
    }
}

/// Where `sort -n`'s number lies in `s`: the sign, the integer digits
/// without leading zeros and the fraction digits without trailing zeros,
/// as `(start, end)` byte ranges.
fn num_bounds(s: &[u8]) -> (bool, (usize, usize), (usize, usize)) {
    let mut i = 0;
    while i < s.len() && is_blank(s[i]) {
        i += 1;
    }
    let mut neg = false;
    if i < s.len() && s[i] == b'-' {
        neg = true;
        i += 1;
    }
    while i < s.len() && s[i] == b'0' {
        i += 1;
    }
    let start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let int = (start, i);
    let mut frac = (i, i);
    if i < s.len() && s[i] == b'.' {
        i += 1;
        let fs = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        let mut fe = i;
        while fe > fs && s[fe - 1] == b'0' {
            fe -= 1;
        }
        frac = (fs, fe);
    }
    if int.0 == int.1 && frac.0 == frac.1 {
        neg = false;
    }
    (neg, int, frac)
}

/// A line with its `-n` key kept as offsets into it: 32 bytes a line
/// where a line and its [`Num`] take 56, which is what lets `sort -n`
/// hold millions of lines under the memory budget. Built only for lines
/// shorter than 4 GiB (the caller checks the input's length).
#[derive(Debug, Clone, Copy)]
pub(crate) struct NumLine<'a> {
    line: &'a [u8],
    int_start: u32,
    int_len: u32,
    frac_len: u32,
    neg: bool,
}

impl<'a> NumLine<'a> {
    /// Parse `line`'s key. `line.len()` must fit in a `u32`.
    pub(crate) fn new(line: &'a [u8]) -> Self {
        let (neg, int, frac) = num_bounds(line);
        let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Self {
            line,
            int_start: narrow(int.0),
            int_len: narrow(int.1 - int.0),
            frac_len: narrow(frac.1 - frac.0),
            neg,
        }
    }

    /// The line itself, without its delimiter.
    pub(crate) fn line(&self) -> &'a [u8] {
        self.line
    }

    /// The parsed key (the fraction starts one byte after the integer
    /// digits, past the `.`).
    pub(crate) fn num(&self) -> Num<'a> {
        let is = self.int_start as usize;
        let ie = is + self.int_len as usize;
        let fs = if self.frac_len == 0 { ie } else { ie + 1 };
        Num {
            neg: self.neg,
            int: &self.line[is..ie],
            frac: &self.line[fs..fs + self.frac_len as usize],
        }
    }
}

/// Compare two parsed numbers.
pub(crate) fn cmp_num(a: &Num<'_>, b: &Num<'_>) -> Ordering {
    let mag = |a: &Num<'_>, b: &Num<'_>| {
        a.int
            .len()
            .cmp(&b.int.len())
            .then_with(|| a.int.cmp(b.int))
            .then_with(|| a.frac.cmp(b.frac))
    };
    match (a.neg, b.neg) {
        (false, false) => mag(a, b),
        (true, true) => mag(b, a),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
    }
}

fn general(s: &[u8]) -> Option<f64> {
    let (v, used) = scan_float(s);
    (used > 0).then_some(v)
}

fn cmp_general(a: &[u8], b: &[u8]) -> Ordering {
    match (general(a), general(b)) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => match (x.is_nan(), y.is_nan()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        },
    }
}

fn suffix_rank(c: Option<u8>) -> u8 {
    match c {
        Some(b'k' | b'K') => 1,
        Some(b'M') => 2,
        Some(b'G') => 3,
        Some(b'T') => 4,
        Some(b'P') => 5,
        Some(b'E') => 6,
        Some(b'Z') => 7,
        Some(b'Y') => 8,
        Some(b'R') => 9,
        Some(b'Q') => 10,
        _ => 0,
    }
}

fn human_parts(s: &[u8]) -> (Num<'_>, u8) {
    let n = parse_num(s);
    // Find the byte after the number to read its suffix.
    let mut i = 0;
    while i < s.len() && is_blank(s[i]) {
        i += 1;
    }
    if i < s.len() && s[i] == b'-' {
        i += 1;
    }
    while i < s.len() && (s[i].is_ascii_digit() || s[i] == b'.') {
        i += 1;
    }
    (n, suffix_rank(s.get(i).copied()))
}

fn cmp_human(a: &[u8], b: &[u8]) -> Ordering {
    let (na, sa) = human_parts(a);
    let (nb, sb) = human_parts(b);
    let sign = |n: &Num<'_>| {
        if n.neg {
            -1
        } else if n.int.is_empty() && n.frac.is_empty() {
            0
        } else {
            1
        }
    };
    let (ga, gb) = (sign(&na), sign(&nb));
    ga.cmp(&gb).then_with(|| {
        let by_suffix = sa.cmp(&sb);
        let o = by_suffix.then_with(|| cmp_num(&na, &nb));
        if ga < 0 && by_suffix != Ordering::Equal {
            o.reverse()
        } else {
            o
        }
    })
}

const MONTHS: [&[u8]; 12] = [
    b"JAN", b"FEB", b"MAR", b"APR", b"MAY", b"JUN", b"JUL", b"AUG", b"SEP", b"OCT", b"NOV", b"DEC",
];

fn month(s: &[u8]) -> usize {
    let mut i = 0;
    while i < s.len() && is_blank(s[i]) {
        i += 1;
    }
    let w = &s[i..];
    if w.len() < 3 {
        return 0;
    }
    let up = [
        w[0].to_ascii_uppercase(),
        w[1].to_ascii_uppercase(),
        w[2].to_ascii_uppercase(),
    ];
    MONTHS.iter().position(|m| **m == up).map_or(0, |p| p + 1)
}

/// Byte order with `-f`/`-d`/`-i` applied.
fn cmp_text(a: &[u8], b: &[u8], o: &Order) -> Ordering {
    if !o.fold && !o.dictionary && !o.printable {
        return a.cmp(b);
    }
    let keep = |c: u8| {
        (!o.dictionary || is_blank(c) || c.is_ascii_alphanumeric())
            && (!o.printable || (0x20..0x7f).contains(&c))
    };
    let tr = |c: u8| if o.fold { c.to_ascii_uppercase() } else { c };
    let mut ia = a.iter().copied().filter(|&c| keep(c)).map(tr);
    let mut ib = b.iter().copied().filter(|&c| keep(c)).map(tr);
    loop {
        match (ia.next(), ib.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(&y);
                }
            }
        }
    }
}

/// Compare two key texts under `o` (without `-r`).
pub(crate) fn compare(a: &[u8], b: &[u8], o: &Order) -> Ordering {
    match o.mode {
        Mode::Numeric => cmp_num(&parse_num(a), &parse_num(b)),
        Mode::General => cmp_general(a, b),
        Mode::Human => cmp_human(a, b),
        Mode::Month => month(a).cmp(&month(b)),
        Mode::Version => version(a, b),
        Mode::Text | Mode::Random => cmp_text(a, b, o),
    }
}

/// The rank of a byte in Debian version comparison: `~` first, then the
/// end of the part, letters, then everything else.
fn rank(c: Option<u8>) -> i32 {
    match c {
        None => 0,
        Some(b'~') => -1,
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_alphabetic() => i32::from(c),
        Some(c) => i32::from(c) + 256,
    }
}

/// Debian `verrevcmp`.
fn verrevcmp(a: &[u8], b: &[u8]) -> Ordering {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let mut first_diff = 0;
        while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
            let ac = rank(a.get(i).copied());
            let bc = rank(b.get(j).copied());
            if ac != bc {
                return ac.cmp(&bc);
            }
            i += 1;
            j += 1;
        }
        while i < a.len() && a[i] == b'0' {
            i += 1;
        }
        while j < b.len() && b[j] == b'0' {
            j += 1;
        }
        while i < a.len() && a[i].is_ascii_digit() && j < b.len() && b[j].is_ascii_digit() {
            if first_diff == 0 {
                first_diff = i32::from(a[i]) - i32::from(b[j]);
            }
            i += 1;
            j += 1;
        }
        if i < a.len() && a[i].is_ascii_digit() {
            return Ordering::Greater;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            return Ordering::Less;
        }
        if first_diff != 0 {
            return first_diff.cmp(&0);
        }
    }
    Ordering::Equal
}

/// Length of `s` without its file suffix `(\.[A-Za-z~][A-Za-z0-9~]*)*$`.
fn suffix_start(s: &[u8]) -> usize {
    let mut end = s.len();
    let mut i = s.len();
    // Scan backwards over suffix groups.
    loop {
        let mut k = i;
        while k > 0 && (s[k - 1].is_ascii_alphanumeric() || s[k - 1] == b'~') {
            k -= 1;
        }
        if k > 0 && k < i && s[k - 1] == b'.' && (s[k].is_ascii_alphabetic() || s[k] == b'~') {
            end = k - 1;
            i = k - 1;
        } else {
            break;
        }
    }
    end
}

/// GNU `filevercmp`.
pub(crate) fn version(a: &[u8], b: &[u8]) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    if a.is_empty() {
        return Ordering::Less;
    }
    if b.is_empty() {
        return Ordering::Greater;
    }
    for special in [&b"."[..], b".."] {
        if a == special {
            return Ordering::Less;
        }
        if b == special {
            return Ordering::Greater;
        }
    }
    match (a[0] == b'.', b[0] == b'.') {
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        (true, true) => return version_body(&a[1..], &b[1..]),
        _ => {}
    }
    version_body(a, b)
}

fn version_body(a: &[u8], b: &[u8]) -> Ordering {
    let (pa, pb) = (&a[..suffix_start(a)], &b[..suffix_start(b)]);
    let r = if pa == pb {
        verrevcmp(a, b)
    } else {
        verrevcmp(pa, pb)
    };
    r.then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(a: &str, b: &str) -> Ordering {
        cmp_num(&parse_num(a.as_bytes()), &parse_num(b.as_bytes()))
    }

    #[test]
    fn numeric() {
        assert_eq!(n("10", "9"), Ordering::Greater);
        assert_eq!(n("-0", "0"), Ordering::Equal);
        assert_eq!(n("-1", ""), Ordering::Less);
        assert_eq!(n("1.5", "1.50"), Ordering::Equal);
        assert_eq!(n("-2", "-10"), Ordering::Greater);
        assert_eq!(n(".5", "0.4"), Ordering::Greater);
    }

    #[test]
    fn human_and_version() {
        assert_eq!(cmp_human(b"2M", b"1G"), Ordering::Less);
        assert_eq!(cmp_human(b"-1K", b"500"), Ordering::Less);
        assert_eq!(version(b"a-1.9", b"a-1.10"), Ordering::Less);
        assert_eq!(version(b"a-1.1a", b"a-1.9"), Ordering::Less);
        assert_eq!(version(b"1.0~rc1", b"1.0"), Ordering::Less);
    }
}
