//! `hash` (bash manual 4.1): the table of remembered command paths. The
//! sandbox runs no program files, so the table is always empty: `hash`
//! reports that, `-r` clears nothing, and a name is accepted when it is a
//! builtin, function or tool (bash does not hash those either).

use super::builtin;

builtin!(
    /// `hash [-lr] [-p pathname] [-dt] [name ...]`.
    hash,
    |it, c| {
        let (mut reset, mut list, mut delete, mut show) = (false, false, false, false);
        let mut i = 1;
        while i < c.args.len() && c.args[i].starts_with('-') && c.args[i].len() > 1 {
            if c.args[i] == "--" {
                i += 1;
                break;
            }
            for f in c.args[i][1..].chars() {
                match f {
                    'r' => reset = true,
                    'l' => list = true,
                    'd' => delete = true,
                    't' => show = true,
                    'p' => {
                        it.error("hash: -p: there are no program files in the sandbox")
                            .await?;
                        return Ok(1);
                    }
                    _ => {
                        it.error(&format!("hash: -{f}: invalid option")).await?;
                        it.error("hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]")
                            .await?;
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let names = &c.args[i..];
        if names.is_empty() {
            if delete || show {
                let o = if show { 't' } else { 'd' };
                it.error(&format!("hash: -{o}: option requires an argument"))
                    .await?;
                return Ok(1);
            }
            if !reset && !list {
                it.out(b"hash: hash table empty\n").await?;
            }
            return Ok(0);
        }
        let mut status = 0;
        for n in names {
            let known = !(delete || show)
                && (n.contains('/')
                    || it.st.funcs.contains_key(n.as_str())
                    || super::lookup(n).is_some()
                    || it.sh.commands.contains_key(n.as_str()));
            if !known {
                it.error(&format!("hash: {n}: not found")).await?;
                status = 1;
            }
        }
        Ok(status)
    }
);
