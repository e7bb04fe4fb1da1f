//! `echo` (bash manual 4.2): `-n`, `-e`, `-E`; escapes with `-e` or
//! `xpg_echo` (the shared decoder, [`toolsh_command::escape`], in its
//! `echo` dialect); `\c` stops output. Octal and hex escapes give raw
//! bytes; `\u`/`\U` give UTF-8 in a UTF-8 locale and, in the C locale,
//! the escape spelled back (`\u00E9`) for characters outside ASCII, as
//! bash.

use toolsh_command::escape::{Dialect, decode_all};

use super::builtin;

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
                if decode_all(a.as_bytes(), Dialect::Echo, utf8, &mut out).0 {
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
