//! `read` and `mapfile`/`readarray` (bash manual 4.2).

use super::builtin;
use crate::exec::{Ctl, Interp, R};
use crate::limits::{Interrupt, LimitKind};

/// Split a line for `read` into at most `n` fields (the last takes the
/// rest). `chars` carries an "escaped" flag (backslash without `-r`).
fn read_split(chars: &[(char, bool)], ifs: &str, n: usize) -> Vec<String> {
    let is_ws = |c: char| matches!(c, ' ' | '\t' | '\n') && ifs.contains(c);
    let is_delim = |(c, esc): (char, bool)| !esc && ifs.contains(c);
    let len = chars.len();
    let mut pos = 0;
    while pos < len && !chars[pos].1 && is_ws(chars[pos].0) {
        pos += 1;
    }
    let mut out = Vec::new();
    while out.len() + 1 < n && pos < len {
        let mut f = String::new();
        while pos < len && !is_delim(chars[pos]) {
            f.push(chars[pos].0);
            pos += 1;
        }
        out.push(f);
        // Consume one delimiter with surrounding IFS white space.
        while pos < len && !chars[pos].1 && is_ws(chars[pos].0) {
            pos += 1;
        }
        if pos < len && is_delim(chars[pos]) && !is_ws(chars[pos].0) {
            pos += 1;
            while pos < len && !chars[pos].1 && is_ws(chars[pos].0) {
                pos += 1;
            }
        }
    }
    if pos < len || out.len() + 1 == n {
        // Trimmed as a slice: the rest can be the whole line (a copy of
        // it as (char, bool) pairs cost 8 bytes per byte of input).
        fn trim_ws<'a>(
            mut s: &'a [(char, bool)],
            is_ws: &dyn Fn(char) -> bool,
        ) -> &'a [(char, bool)] {
            while s.last().is_some_and(|&(c, e)| !e && is_ws(c)) {
                s = &s[..s.len() - 1];
            }
            s
        }
        let mut rest = trim_ws(&chars[pos..], &is_ws);
        if let Some(&(c, false)) = rest.last()
            && ifs.contains(c)
            && !is_ws(c)
        {
            let prefix = trim_ws(&rest[..rest.len() - 1], &is_ws);
            if !prefix.iter().any(|&x| is_delim(x)) {
                rest = prefix;
            }
        }
        if pos < len || !out.is_empty() || !rest.is_empty() {
            out.push(rest.iter().map(|&(c, _)| c).collect());
        }
    }
    out
}

struct ReadOpts {
    raw: bool,
    array: Option<String>,
    delim: u8,
    nchars: Option<usize>,
    exact: bool,
    timeout: Option<f64>,
    fd: usize,
}

impl Interp {
    /// Read one record for `read`. `Ok(None)` at EOF before any byte;
    /// `Ok(Some((bytes, complete)))`. NUL bytes are dropped, as bash 5.2
    /// drops them silently (`printf 'a\0b\n' | read x` gives `ab`); they
    /// do not count toward `-n`/`-N`, and with `-d ''` a NUL ends the
    /// record.
    async fn read_record(&mut self, o: &ReadOpts) -> R<Option<(Vec<u8>, bool)>> {
        let Some(input) = self.fds.input(o.fd) else {
            self.error(&format!(
                "read: {}: invalid file descriptor: Bad file descriptor",
                o.fd
            ))
            .await?;
            return Ok(None);
        };
        let max = self.sh.limits.max_variable_bytes;
        let mut guard = input.lock().await;
        let mut buf = Vec::new();
        if let Some(n) = o.nchars {
            let utf8 = self.utf8_locale();
            // The count only bounds this loop, which ends with the input,
            // the variable limit or the deadline (NUL bytes from an
            // endless `/dev/zero` are dropped, so check it every byte).
            let mut count = 0;
            while count < n {
                self.checkpoint()?;
                if buf.len() >= max {
                    return Err(Ctl::Interrupt(Interrupt::limit(
                        LimitKind::VariableBytes,
                        max,
                    )));
                }
                let mut one = Vec::new();
                if guard.read_up_to(1, &mut one).await == 0 {
                    return Ok(if buf.is_empty() {
                        None
                    } else {
                        Some((buf, false))
                    });
                }
                // Without -r a backslash does not count: the character
                // after it does, taken literally (a delimiter too), and a
                // backslash-newline counts nothing (bash 5.2).
                let mut escaped = false;
                if !o.raw && one[0] == b'\\' {
                    one.clear();
                    if guard.read_up_to(1, &mut one).await == 0 {
                        return Ok(if buf.is_empty() {
                            None
                        } else {
                            Some((buf, false))
                        });
                    }
                    if one[0] == b'\n' && o.delim == b'\n' {
                        continue;
                    }
                    escaped = true;
                }
                if !o.exact && !escaped && one[0] == o.delim {
                    return Ok(Some((buf, true)));
                }
                if one[0] == 0 {
                    continue;
                }
                if escaped {
                    buf.push(b'\\');
                }
                buf.extend_from_slice(&one);
                count += 1;
                // A UTF-8 locale counts characters: take the rest of a
                // multibyte one with its first byte.
                let rest = match one[0] {
                    0xC0..=0xDF => 1,
                    0xE0..=0xEF => 2,
                    0xF0..=0xF7 => 3,
                    _ => 0,
                };
                if rest > 0 && utf8 {
                    let mut tail = Vec::new();
                    guard.read_up_to(rest, &mut tail).await;
                    buf.extend_from_slice(&tail);
                }
            }
            return Ok(Some((buf, true)));
        }
        loop {
            match guard.read_until_max(o.delim, &mut buf, max).await {
                Err(()) => {
                    return Err(Ctl::Interrupt(Interrupt::limit(
                        LimitKind::VariableBytes,
                        max,
                    )));
                }
                Ok(false) => {
                    buf.retain(|&b| b != 0);
                    return Ok(if buf.is_empty() {
                        None
                    } else {
                        Some((buf, false))
                    });
                }
                Ok(true) => {
                    if o.delim != 0 {
                        buf.retain(|&b| b != 0);
                    }
                    if buf.last() != Some(&o.delim) {
                        return Ok(Some((buf, false)));
                    }
                    buf.pop();
                    // A backslash-newline continues the line without -r.
                    if !o.raw && o.delim == b'\n' && buf.last() == Some(&b'\\') {
                        let bs = buf.iter().rev().take_while(|&&b| b == b'\\').count();
                        if bs % 2 == 1 {
                            buf.pop();
                            continue;
                        }
                    }
                    return Ok(Some((buf, true)));
                }
            }
        }
    }
}

builtin!(
    /// `read [-ers] [-a array] [-d delim] [-n n] [-N n] [-p prompt] [-t
    /// timeout] [-u fd] [name ...]`.
    read,
    |it, c| {
        let mut o = ReadOpts {
            raw: false,
            array: None,
            delim: b'\n',
            nchars: None,
            exact: false,
            timeout: None,
            fd: 0,
        };
        let mut i = 1;
        while i < c.args.len() && c.args[i].starts_with('-') && c.args[i].len() > 1 {
            let a = c.args[i].clone();
            if a == "--" {
                i += 1;
                break;
            }
            let chars: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let ch = chars[k];
                let needs = matches!(ch, 'a' | 'd' | 'n' | 'N' | 'p' | 't' | 'u' | 'i');
                let val = if needs {
                    let rest: String = chars[k + 1..].iter().collect();
                    if rest.is_empty() {
                        i += 1;
                        match c.args.get(i) {
                            Some(v) => Some(v.clone()),
                            None => {
                                it.error(&format!("read: -{ch}: option requires an argument")).await?;
                                return Ok(2);
                            }
                        }
                    } else {
                        Some(rest)
                    }
                } else {
                    None
                };
                match ch {
                    'r' => o.raw = true,
                    's' | 'e' => {}
                    'a' => o.array = val,
                    'd' => o.delim = val.and_then(|v| v.bytes().next()).unwrap_or(0),
                    'n' | 'N' => {
                        let v = val.unwrap_or_default();
                        match v.parse::<usize>() {
                            Ok(n) => {
                                o.nchars = Some(n);
                                o.exact = ch == 'N';
                            }
                            Err(_) => {
                                // bash 5.2: status 1, as for a bad `-t` or `-u`.
                                it.error(&format!("read: {v}: invalid number")).await?;
                                return Ok(1);
                            }
                        }
                    }
                    'p' | 'i' => {}
                    't' => {
                        let v = val.unwrap_or_default();
                        match v.parse::<f64>() {
                            Ok(t) if t >= 0.0 => o.timeout = Some(t),
                            _ => {
                                it.error(&format!("read: {v}: invalid timeout specification")).await?;
                                return Ok(1);
                            }
                        }
                    }
                    'u' => {
                        let v = val.unwrap_or_default();
                        match v.parse::<usize>() {
                            Ok(n) => o.fd = n,
                            Err(_) => {
                                it.error(&format!("read: {v}: invalid file descriptor specification")).await?;
                                return Ok(1);
                            }
                        }
                    }
                    _ => {
                        it.error(&format!("read: -{ch}: invalid option")).await?;
                        return Ok(2);
                    }
                }
                if needs {
                    break;
                }
                k += 1;
            }
            i += 1;
        }
        let names: Vec<String> = c.args[i..].to_vec();
        let valid = |n: &str| crate::exec::vars::is_name(crate::exec::vars::split_subscript(n).0);
        // bash checks the first name before reading; a later bad name is
        // found while assigning, after the record was consumed and the
        // names before it were set.
        if let Some(n) = names.first().filter(|n| !valid(n)) {
            it.error(&format!("read: `{n}': not a valid identifier")).await?;
            return Ok(1);
        }
        let rec = match o.timeout {
            Some(0.0) => {
                return Ok(i32::from(it.fds.input(o.fd).is_none()));
            }
            Some(t) => {
                let d = crate::numarg::duration(t).unwrap_or(crate::numarg::MAX_DURATION);
                match tokio::time::timeout(d, it.read_record(&o)).await {
                    Ok(r) => r?,
                    Err(_) => return Ok(142),
                }
            }
            None => it.read_record(&o).await?,
        };
        let (bytes, complete) = rec.unwrap_or_default();
        let eof = !complete;
        // The record's bytes become the text without a copy when valid.
        let text = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        // Backslash processing.
        let mut chars: Vec<(char, bool)> = Vec::with_capacity(text.len());
        let mut it_chars = text.chars();
        while let Some(ch) = it_chars.next() {
            if ch == '\\' && !o.raw {
                if let Some(n) = it_chars.next() {
                    chars.push((n, true));
                }
            } else {
                chars.push((ch, false));
            }
        }
        drop(text);
        let ifs = it.ifs();
        if let Some(arr) = o.array {
            // At most one field past the bound (the rest of the line):
            // a long line never becomes millions of fields first.
            let max = it.sh.limits.max_array_entries;
            let fields = read_split(&chars, &ifs, max.saturating_add(1));
            if fields.len() > max {
                return Err(Ctl::Interrupt(Interrupt::limit(LimitKind::ArrayEntries, max)));
            }
            let _ = it.unset_var(&arr);
            let items: Vec<toolsh_parser::ArrayItem> = Vec::new();
            if let Err(m) = it.assign_array(&arr, &items, false, false).await? {
                it.error(&m).await?;
                return Ok(1);
            }
            for (k, f) in fields.into_iter().enumerate() {
                if let Err(m) = it.assign_elem(&arr, crate::exec::vars::Key::Index(k as i64), f, false) {
                    it.report_assign_error(m).await?;
                    return Ok(1);
                }
            }
            return Ok(i32::from(eof));
        }
        if names.is_empty() {
            let line: String = chars.into_iter().map(|(c, _)| c).collect();
            if let Err(m) = it.set_var("REPLY", line) {
                it.report_assign_error(m).await?;
                return Ok(1);
            }
            return Ok(i32::from(eof));
        }
        let fields = if o.nchars.is_some() && o.exact {
            vec![chars.into_iter().map(|(c, _)| c).collect()]
        } else {
            read_split(&chars, &ifs, names.len())
        };
        for (k, n) in names.iter().enumerate() {
            if !valid(n) {
                it.error(&format!("read: `{n}': not a valid identifier")).await?;
                return Ok(1);
            }
            let v = fields.get(k).cloned().unwrap_or_default();
            if let Err(m) = it.set_var(n, v) {
                it.report_assign_error(m).await?;
                return Ok(1);
            }
        }
        Ok(i32::from(eof))
    }
);

builtin!(
    /// `mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd]
    /// [array]`.
    mapfile,
    |it, c| {
        let mut delim = b'\n';
        let mut count: usize = 0;
        let mut origin: Option<i64> = None;
        let mut skip: usize = 0;
        let mut trim = false;
        let mut fd = 0;
        let mut callback: Option<String> = None;
        let mut quantum: usize = 5000;
        let mut i = 1;
        while i < c.args.len() && c.args[i].starts_with('-') && c.args[i].len() > 1 {
            let a = c.args[i].clone();
            let ch = a.chars().nth(1).unwrap_or(' ');
            let val = |i: &mut usize| -> Option<String> {
                if a.len() > 2 {
                    Some(a[2..].to_string())
                } else {
                    *i += 1;
                    c.args.get(*i).cloned()
                }
            };
            // A numeric argument that is not a count bash accepts is an
            // error before anything is read (bash 5.2 `mapfile_builtin`).
            let number = |i: &mut usize, what: &str| -> Result<u32, String> {
                let v = val(i).unwrap_or_default();
                mapfile_count(&v).ok_or_else(|| format!("{}: {v}: invalid {what}", c.args[0]))
            };
            let parsed = match ch {
                't' => {
                    trim = true;
                    Ok(())
                }
                'd' => {
                    delim = val(&mut i).and_then(|v| v.bytes().next()).unwrap_or(0);
                    Ok(())
                }
                'n' => number(&mut i, "line count").map(|v| count = v as usize),
                'O' => number(&mut i, "array origin").map(|v| origin = Some(i64::from(v))),
                's' => number(&mut i, "line count").map(|v| skip = v as usize),
                'u' => {
                    let v = val(&mut i).unwrap_or_default();
                    match mapfile_count(&v) {
                        Some(n) => {
                            fd = n as usize;
                            Ok(())
                        }
                        None => Err(format!(
                            "{}: {v}: invalid file descriptor specification",
                            c.args[0]
                        )),
                    }
                }
                'C' => {
                    callback = val(&mut i);
                    Ok(())
                }
                'c' => match number(&mut i, "callback quantum") {
                    Ok(0) => Err(format!("{}: 0: invalid callback quantum", c.args[0])),
                    r => r.map(|v| quantum = v as usize),
                },
                _ => {
                    it.error(&format!("{}: -{ch}: invalid option", c.args[0])).await?;
                    return Ok(2);
                }
            };
            if let Err(m) = parsed {
                it.error(&m).await?;
                return Ok(1);
            }
            i += 1;
        }
        let name = c.args.get(i).cloned().unwrap_or_else(|| "MAPFILE".to_string());
        if !crate::exec::vars::is_name(&name) {
            it.error(&format!("{}: `{name}': not a valid identifier", c.args[0])).await?;
            return Ok(1);
        }
        let Some(input) = it.fds.input(fd) else {
            it.error(&format!("{}: {fd}: invalid file descriptor: Bad file descriptor", c.args[0]))
                .await?;
            return Ok(1);
        };
        if origin.is_none() {
            // The array is emptied, its value attributes kept: bash 5.2
            // stores `declare -u a; mapfile a` upper-cased (`declare -au`).
            let target = it.st.vars.resolve(&name).to_string();
            let keep = it.st.vars.get_raw(&target).map_or(0, |v| {
                v.attrs & (crate::state::attr::INTEGER | crate::state::attr::LOWER | crate::state::attr::UPPER)
            });
            let _ = it.unset_var(&name);
            if let Err(m) = it.assign_array(&name, &[], false, false).await? {
                it.report_assign_error(m).await?;
                return Ok(1);
            }
            if keep != 0
                && let Some(v) = it.st.vars.get_raw_mut(&target)
            {
                v.attrs |= keep;
            }
        }
        let mut idx = origin.unwrap_or(0);
        let max = it.sh.limits.max_variable_bytes;
        if callback.is_none() {
            let lines = Lines { delim, count, skip, trim, max };
            return mapfile_runs(it, &input, &name, idx, lines).await;
        }
        let mut read = 0usize;
        let mut n = 0u64;
        loop {
            if count > 0 && read >= count {
                break;
            }
            n += 1;
            it.sh.count_iteration(n).map_err(Ctl::Interrupt)?;
            let mut buf = Vec::new();
            let got = {
                let mut g = input.lock().await;
                g.read_until_max(delim, &mut buf, max).await
            };
            match got {
                Err(()) => return Err(Ctl::Interrupt(Interrupt::limit(LimitKind::VariableBytes, max))),
                Ok(false) => break,
                Ok(true) => {}
            }
            if skip > 0 {
                skip -= 1;
                continue;
            }
            if trim && buf.last() == Some(&delim) {
                buf.pop();
            }
            // bash keeps a line up to its first NUL byte (its lines are C
            // strings): `a\0b\n` is `a`, the newline gone too.
            if let Some(nul) = buf.iter().position(|&b| b == 0) {
                buf.truncate(nul);
            }
            if let Some(cb) = &callback
                && quantum > 0
                && (read + 1).is_multiple_of(quantum)
            {
                let line = String::from_utf8_lossy(&buf).into_owned();
                let src = format!("{cb} {idx} {}", crate::quote::single(&line));
                let _ = it.eval_string(&src, "mapfile").await?;
            }
            let s = String::from_utf8_lossy(&buf).into_owned();
            if let Err(m) = it.assign_elem(&name, crate::exec::vars::Key::Index(idx), s, false) {
                it.report_assign_error(m).await?;
                return Ok(1);
            }
            idx += 1;
            read += 1;
        }
        Ok(0)
    }
);

/// How `mapfile` cuts its input: the delimiter, at most `count` lines
/// (0: all) after skipping `skip`, the delimiter removed with `trim`
/// (`-t`), each line at most `max` bytes.
struct Lines {
    delim: u8,
    count: usize,
    skip: usize,
    trim: bool,
    max: usize,
}

/// A run of elements is assigned once it holds this many bytes or
/// [`RUN_ELEMENTS`] elements (bounding how far past the variable limits
/// a run goes before they are checked).
const RUN_BYTES: usize = 64 * 1024;
const RUN_ELEMENTS: usize = 4096;

/// `mapfile` without a callback: lines read with the input locked once
/// per run and assigned as a run ([`Interp::assign_elem_run`]), each line
/// still counted as a loop iteration. The status.
async fn mapfile_runs(
    it: &mut Interp,
    input: &std::sync::Arc<tokio::sync::Mutex<crate::io::Input>>,
    name: &str,
    mut idx: i64,
    mut l: Lines,
) -> R<i32> {
    let mut read = 0usize;
    let mut n = 0u64;
    let mut buf = Vec::new();
    let mut eof = false;
    while !eof {
        let mut run = Vec::new();
        let mut run_bytes = 0;
        {
            let mut g = input.lock().await;
            while run.len() < RUN_ELEMENTS && run_bytes < RUN_BYTES {
                if l.count > 0 && read >= l.count {
                    eof = true;
                    break;
                }
                n += 1;
                it.sh.count_iteration(n).map_err(Ctl::Interrupt)?;
                buf.clear();
                match g.read_until_max(l.delim, &mut buf, l.max).await {
                    Err(()) => {
                        // The lines before it are assigned, as one by one.
                        drop(g);
                        let _ = it.assign_elem_run(name, idx, run);
                        return Err(Ctl::Interrupt(Interrupt::limit(
                            LimitKind::VariableBytes,
                            l.max,
                        )));
                    }
                    Ok(false) => {
                        eof = true;
                        break;
                    }
                    Ok(true) => {}
                }
                if l.skip > 0 {
                    l.skip -= 1;
                    continue;
                }
                if l.trim && buf.last() == Some(&l.delim) {
                    buf.pop();
                }
                // bash keeps a line up to its first NUL byte (its lines
                // are C strings): `a\0b\n` is `a`, the newline gone too.
                if let Some(nul) = buf.iter().position(|&b| b == 0) {
                    buf.truncate(nul);
                }
                run_bytes += buf.len();
                run.push(String::from_utf8_lossy(&buf).into_owned());
                read += 1;
            }
        }
        if run.is_empty() {
            continue;
        }
        let len = i64::try_from(run.len()).unwrap_or(i64::MAX);
        if let Err(m) = it.assign_elem_run(name, idx, run) {
            it.report_assign_error(m).await?;
            return Ok(1);
        }
        idx = idx.saturating_add(len);
    }
    Ok(0)
}

/// A count, origin, quantum or descriptor argument of `mapfile`: a decimal
/// integer (blanks around it and a sign allowed, as bash's `legal_number`)
/// from 0 to `u32::MAX`; `None` for anything else.
fn mapfile_count(v: &str) -> Option<u32> {
    let n: i64 = v.trim_matches([' ', '\t', '\n']).parse().ok()?;
    u32::try_from(n).ok()
}

#[cfg(test)]
mod tests {
    use super::read_split;

    fn sp(s: &str, ifs: &str, n: usize) -> Vec<String> {
        let chars: Vec<(char, bool)> = s.chars().map(|c| (c, false)).collect();
        read_split(&chars, ifs, n)
    }

    #[test]
    fn matches_bash() {
        // Values from bash 5.2 (`IFS=: read a b <<< 'x:y:'` etc.).
        assert_eq!(sp("x:y:", ":", 2), ["x", "y"]);
        assert_eq!(sp("x:y:z:", ":", 2), ["x", "y:z:"]);
        assert_eq!(sp("x:y::", ":", 2), ["x", "y::"]);
        assert_eq!(sp(" x : y : ", " :", 2), ["x", "y"]);
        assert_eq!(sp("  p  q  r  ", " \t\n", 2), ["p", "q  r"]);
    }
}
