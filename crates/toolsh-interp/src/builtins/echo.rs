//! `echo` (bash manual 4.2): `-n`, `-e`, `-E`; escapes with `-e` or
//! `xpg_echo`; `\c` stops output.

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
        let mut out = String::new();
        let mut stop = false;
        for (k, a) in c.args[i..].iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            if escapes {
                let (t, st) = ansi_escapes(a);
                out.push_str(&t);
                if st {
                    stop = true;
                    break;
                }
            } else {
                out.push_str(a);
            }
        }
        if newline && !stop {
            out.push('\n');
        }
        Ok(i32::from(!it.out(out.as_bytes()).await?))
    }
);
