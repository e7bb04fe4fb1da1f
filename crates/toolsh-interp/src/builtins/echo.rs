//! `echo` (bash manual 4.2): `-n`, `-e`, `-E`; escapes with `-e` or
//! `xpg_echo`; `\c` stops output. Octal and hex escapes give raw bytes;
//! `\u`/`\U` give UTF-8 in a UTF-8 locale and, in the C locale, the
//! escape spelled back (`\u00E9`) for characters outside ASCII, as bash.

use super::builtin;

/// Decode backslash escapes as `echo -e` / `$'...'` do. Returns the text
/// and `true` when `\c` asked to stop.
pub(crate) fn ansi_escapes(s: &str) -> (String, bool) {
    let mut out = String::with_capacity(s.len());
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' || i + 1 >= chars.len() {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        let e = chars[i];
        i += 1;
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'v' => out.push('\x0b'),
            'e' | 'E' => out.push('\x1b'),
            '\\' => out.push('\\'),
            'c' => return (out, true),
            '0' => {
                let mut v = 0u32;
                let mut n = 0;
                while n < 3 && i < chars.len() && chars[i].is_digit(8) {
                    v = v * 8 + chars[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                out.push(char::from_u32(v).unwrap_or('\0'));
            }
            'x' => {
                let mut v = 0u32;
                let mut n = 0;
                while n < 2 && i < chars.len() && chars[i].is_ascii_hexdigit() {
                    v = v * 16 + chars[i].to_digit(16).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                if n == 0 {
                    out.push_str("\\x");
                } else {
                    out.push(char::from_u32(v).unwrap_or('\0'));
                }
            }
            'u' | 'U' => {
                let max = if e == 'u' { 4 } else { 8 };
                let mut v = 0u32;
                let mut n = 0;
                while n < max && i < chars.len() && chars[i].is_ascii_hexdigit() {
                    v = v * 16 + chars[i].to_digit(16).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                if n == 0 {
                    out.push('\\');
                    out.push(e);
                } else {
                    out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                }
            }
            _ => {
                out.push('\\');
                out.push(e);
            }
        }
    }
    (out, false)
}

/// [`ansi_escapes`] as bytes for `echo -e`: `\0NNN` and `\xHH` are single
/// bytes; `\u`/`\U` are UTF-8 when `utf8`, else spelled back as
/// `\uXXXX`/`\UXXXXXXXX` above ASCII. Returns the bytes and `true` at `\c`.
pub(crate) fn echo_escapes(s: &str, utf8: bool, out: &mut Vec<u8>) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize, max: usize, radix: u32| -> (u32, usize) {
        let (mut v, mut n) = (0u32, 0);
        while n < max && *i < b.len() && char::from(b[*i]).is_digit(radix) {
            v = v * radix + char::from(b[*i]).to_digit(radix).unwrap_or(0);
            *i += 1;
            n += 1;
        }
        (v, n)
    };
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let e = b[i + 1];
        i += 2;
        match e {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(0x07),
            b'b' => out.push(0x08),
            b'f' => out.push(0x0c),
            b'v' => out.push(0x0b),
            b'e' | b'E' => out.push(0x1b),
            b'\\' => out.push(b'\\'),
            b'c' => return true,
            b'0' => out.push((digits(&mut i, 3, 8).0 & 0xff) as u8),
            b'x' => match digits(&mut i, 2, 16) {
                (_, 0) => out.extend_from_slice(b"\\x"),
                (v, _) => out.push(v as u8),
            },
            b'u' | b'U' => {
                let max = if e == b'u' { 4 } else { 8 };
                match digits(&mut i, max, 16) {
                    (_, 0) => {
                        out.push(b'\\');
                        out.push(e);
                    }
                    (v, _) if v < 0x80 => out.push(v as u8),
                    (v, _) if utf8 => {
                        let c = char::from_u32(v).unwrap_or('\u{fffd}');
                        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    }
                    (v, _) if e == b'u' => out.extend_from_slice(format!("\\u{v:04X}").as_bytes()),
                    (v, _) => out.extend_from_slice(format!("\\U{v:08X}").as_bytes()),
                }
            }
            _ => {
                out.push(b'\\');
                out.push(e);
            }
        }
    }
    false
}

builtin!(
    /// `echo [-neE] [arg ...]`.
    echo,
    |it, c| {
        let mut newline = true;
        let mut escapes = it.st.opts.xpg_echo;
        let mut i = 1;
        while i < c.args.len() {
            let a = &c.args[i];
            if a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|ch| matches!(ch, 'n' | 'e' | 'E')) {
                for ch in a[1..].chars() {
                    match ch {
                        'n' => newline = false,
                        'e' => escapes = true,
                        _ => escapes = false,
                    }
                }
                i += 1;
            } else {
                break;
            }
        }
        let utf8 = it.utf8_locale();
        let mut out = Vec::new();
        let mut stop = false;
        for (k, a) in c.args[i..].iter().enumerate() {
            if k > 0 {
                out.push(b' ');
            }
            if escapes {
                if echo_escapes(a, utf8, &mut out) {
                    stop = true;
                    break;
                }
            } else {
                out.extend_from_slice(a.as_bytes());
            }
        }
        if newline && !stop {
            out.push(b'\n');
        }
        Ok(i32::from(!it.out_for("echo", &out).await?))
    }
);
