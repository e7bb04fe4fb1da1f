//! Sort keys: `-k POS1[,POS2]` parsing and the field arithmetic of GNU
//! sort's `begfield`/`limfield` (GNU coreutils manual, "sort invocation":
//! fields are separated by the `-t` character, or else each field starts
//! at the blanks before it).

/// How one key compares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Order {
    /// `-b` on the start position.
    pub skip_start_blanks: bool,
    /// `-b` on the end position.
    pub skip_end_blanks: bool,
    /// `-d`: only blanks and alphanumerics count.
    pub dictionary: bool,
    /// `-f`: fold lower case to upper case.
    pub fold: bool,
    /// `-i`: only printable characters count.
    pub printable: bool,
    /// Comparison mode.
    pub mode: Mode,
    /// `-r`.
    pub reverse: bool,
}

impl Order {
    /// `true` when no ordering option was given (the key then inherits
    /// the global ones).
    pub fn is_default(&self) -> bool {
        *self == Order::default()
    }
}

/// The comparison a key uses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Bytes (C locale collation).
    #[default]
    Text,
    /// `-n`.
    Numeric,
    /// `-g`.
    General,
    /// `-h`.
    Human,
    /// `-M`.
    Month,
    /// `-V`.
    Version,
    /// `-R`.
    Random,
}

/// One key: 0-based start field and character, 0-based end field and
/// 1-based end character (0 = end of field; `None` = end of line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key {
    /// Start field (0-based).
    pub sword: usize,
    /// Start character within the field (0-based).
    pub schar: usize,
    /// End field (0-based) and character (1-based, 0 = whole field).
    pub end: Option<(usize, usize)>,
    /// Ordering.
    pub order: Order,
}

impl Key {
    /// The whole line.
    pub fn whole(order: Order) -> Self {
        Key {
            sword: 0,
            schar: 0,
            end: None,
            order,
        }
    }
}

/// Apply ordering letters; `end` says whether `b` applies to the end.
pub(crate) fn apply_letter(order: &mut Order, c: char, end: bool) -> bool {
    match c {
        'b' if end => order.skip_end_blanks = true,
        'b' => order.skip_start_blanks = true,
        'd' => order.dictionary = true,
        'f' => order.fold = true,
        'i' => order.printable = true,
        'g' => order.mode = Mode::General,
        'h' => order.mode = Mode::Human,
        'M' => order.mode = Mode::Month,
        'n' => order.mode = Mode::Numeric,
        'R' => order.mode = Mode::Random,
        'V' => order.mode = Mode::Version,
        'r' => order.reverse = true,
        _ => return false,
    }
    true
}

fn number(s: &str) -> (Option<usize>, &str) {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 {
        return (None, s);
    }
    (Some(s[..n].parse().unwrap_or(usize::MAX)), &s[n..])
}

/// Parse a `-k` argument. Errors are GNU's messages (`invalid number at
/// field start`, `field number is zero`, ...), to be printed as
/// `sort: invalid number at field start: invalid count at start of '0'`.
pub(crate) fn parse_key(spec: &str) -> Result<Key, String> {
    let bad = |what: &str| format!("{what}: invalid count at start of '{spec}'");
    let (f, rest) = number(spec);
    let Some(f) = f else {
        return Err(bad("invalid number at field start"));
    };
    if f == 0 {
        return Err(format!(
            "field number is zero: invalid field specification '{spec}'"
        ));
    }
    let mut rest = rest;
    let mut schar = 0;
    if let Some(r) = rest.strip_prefix('.') {
        let (c, r) = number(r);
        match c {
            Some(0) => {
                return Err(format!(
                    "character offset is zero: invalid field specification '{spec}'"
                ));
            }
            Some(c) => schar = c - 1,
            None => return Err(bad("invalid number after '.'")),
        }
        rest = r;
    }
    let mut order = Order::default();
    let mut chars = rest.char_indices();
    let mut end = None;
    loop {
        match chars.next() {
            None => break,
            Some((i, ',')) => {
                let tail = &rest[i + 1..];
                let (f2, r) = number(tail);
                let Some(f2) = f2 else {
                    return Err(bad("invalid number after ','"));
                };
                if f2 == 0 {
                    return Err(format!(
                        "field number is zero: invalid field specification '{spec}'"
                    ));
                }
                let mut r = r;
                let mut echar = 0;
                if let Some(x) = r.strip_prefix('.') {
                    let (c, x) = number(x);
                    let Some(c) = c else {
                        return Err(bad("invalid number after '.'"));
                    };
                    echar = c;
                    r = x;
                }
                for c in r.chars() {
                    if !apply_letter(&mut order, c, true) {
                        return Err(format!("invalid field specification '{spec}'"));
                    }
                }
                end = Some((f2 - 1, echar));
                break;
            }
            Some((_, c)) => {
                if !apply_letter(&mut order, c, false) {
                    return Err(format!("invalid field specification '{spec}'"));
                }
            }
        }
    }
    Ok(Key {
        sword: f - 1,
        schar,
        end,
        order,
    })
}

/// `true` for the C locale's blank characters.
#[inline]
pub(crate) fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The key's byte range within `line` (GNU `begfield`/`limfield`).
pub(crate) fn key_range(line: &[u8], key: &Key, tab: Option<u8>) -> (usize, usize) {
    let lim = line.len();
    let mut p = 0;
    for _ in 0..key.sword {
        if p >= lim {
            break;
        }
        match tab {
            Some(t) => {
                while p < lim && line[p] != t {
                    p += 1;
                }
                if p < lim {
                    p += 1;
                }
            }
            None => {
                while p < lim && is_blank(line[p]) {
                    p += 1;
                }
                while p < lim && !is_blank(line[p]) {
                    p += 1;
                }
            }
        }
    }
    if key.order.skip_start_blanks {
        while p < lim && is_blank(line[p]) {
            p += 1;
        }
    }
    let start = lim.min(p + key.schar);
    let end = match key.end {
        None => lim,
        Some((eword, echar)) => {
            let mut e = 0;
            let mut n = if echar == 0 { eword + 1 } else { eword };
            while e < lim && n > 0 {
                n -= 1;
                match tab {
                    Some(t) => {
                        while e < lim && line[e] != t {
                            e += 1;
                        }
                        if e < lim && (n > 0 || echar != 0) {
                            e += 1;
                        }
                    }
                    None => {
                        while e < lim && is_blank(line[e]) {
                            e += 1;
                        }
                        while e < lim && !is_blank(line[e]) {
                            e += 1;
                        }
                    }
                }
            }
            if echar != 0 {
                if key.order.skip_end_blanks {
                    while e < lim && is_blank(line[e]) {
                        e += 1;
                    }
                }
                e = lim.min(e + echar);
            }
            e
        }
    };
    (start, end.max(start))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field<'a>(line: &'a str, spec: &str, tab: Option<u8>) -> &'a str {
        let k = parse_key(spec).unwrap();
        let (s, e) = key_range(line.as_bytes(), &k, tab);
        &line[s..e]
    }

    #[test]
    fn gnu_field_arithmetic() {
        assert_eq!(field("a  b c", "2,2", None), "  b");
        assert_eq!(field("a  b c", "2b,2", None), "b");
        assert_eq!(field("a:b:c", "2", Some(b':')), "b:c");
        assert_eq!(field("a:b:c", "2,2", Some(b':')), "b");
        assert_eq!(field("abc def", "1.2,1.3", None), "bc");
        assert_eq!(field("x", "3", None), "");
        assert!(parse_key("0").is_err());
        assert!(parse_key("1,0").is_err());
        assert!(parse_key("1x").is_err());
    }
}
