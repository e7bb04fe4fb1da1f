//! Built-in functions (POSIX XCU awk "String Functions", "Arithmetic
//! Functions", "Input/Output and General Functions"; gawk's gensub,
//! asort, asorti, time and bit functions, strtonum, typeof).

use std::cmp::Ordering;
use std::rc::Rc;

use super::ast::{Bf, Expr, LValue, Var};
use super::host::HostStop;
use super::interp::{Cell, Ex, Interp, Jump, fatal, new_array, slot};
use super::regex::Re;
use super::timefmt;
use super::value::{Str, Value, compare, looks_numeric, str_to_num};
use toolsh_command::chars;
use toolsh_command::limits::{Interrupt, LimitKind};

/// How a replacement string is read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ReplStyle {
    /// sub/gsub: `&` is the match, `\&` a literal `&`, `\\&` a backslash
    /// and the match (gawk's rules).
    Sub,
    /// gensub: also `\0`..`\9` for groups.
    Gensub,
}

/// Append the replacement for one match to `out`.
fn expand_repl(
    repl: &[u8],
    style: ReplStyle,
    s: &[u8],
    groups: &[Option<(usize, usize)>],
    out: &mut Vec<u8>,
) {
    let whole = groups.first().copied().flatten().unwrap_or((0, 0));
    let mut i = 0;
    while i < repl.len() {
        let c = repl[i];
        if c == b'\\' && style == ReplStyle::Sub {
            // gawk's rules: `\\\&` is a literal `\&`, `\\&` a backslash and
            // the match, `\&` a literal `&`; other backslashes are kept.
            let rest = &repl[i..];
            if rest.starts_with(b"\\\\\\&") {
                out.extend_from_slice(b"\\&");
                i += 4;
            } else if rest.starts_with(b"\\\\&") {
                out.push(b'\\');
                out.extend_from_slice(&s[whole.0..whole.1]);
                i += 3;
            } else if rest.starts_with(b"\\&") {
                out.push(b'&');
                i += 2;
            } else {
                out.push(b'\\');
                i += 1;
            }
            continue;
        }
        if c == b'\\' && i + 1 < repl.len() {
            let n = repl[i + 1];
            match n {
                b'\\' | b'&' => {
                    out.push(n);
                    i += 2;
                    continue;
                }
                b'0'..=b'9' if style == ReplStyle::Gensub => {
                    let g = usize::from(n - b'0');
                    if let Some(Some((a, b))) = groups.get(g) {
                        out.extend_from_slice(&s[*a..*b]);
                    }
                    i += 2;
                    continue;
                }
                _ => {
                    out.push(b'\\');
                    i += 1;
                    continue;
                }
            }
        }
        if c == b'&' {
            out.extend_from_slice(&s[whole.0..whole.1]);
        } else {
            out.push(c);
        }
        i += 1;
    }
}

/// Replace matches of `re` in `s`: all (`nth == 0`) or only the `nth`
/// (1-based). An empty match right after a previous match is skipped, as
/// in gawk. Returns the new string and the number of replacements.
fn substitute(
    re: &Re,
    s: &[u8],
    repl: &[u8],
    style: ReplStyle,
    nth: usize,
    first_only: bool,
) -> (Vec<u8>, usize) {
    let need_groups = style == ReplStyle::Gensub && repl.contains(&b'\\');
    let mut out = Vec::with_capacity(s.len());
    let mut pos = 0;
    let mut count = 0;
    let mut idx = 0;
    let mut last_end: Option<usize> = None;
    let mut at = 0;
    while at <= s.len() {
        let groups: Vec<Option<(usize, usize)>> = if need_groups {
            let Some(c) = re.captures_at(s, at) else {
                break;
            };
            (0..c.len()).map(|i| c.get(i)).collect()
        } else {
            let Some(m) = re.find_at(s, at) else { break };
            vec![Some(m)]
        };
        let (ms, me) = groups[0].unwrap_or((at, at));
        if ms == me && last_end == Some(ms) {
            at = ms + 1;
            continue;
        }
        idx += 1;
        if nth == 0 || idx == nth {
            out.extend_from_slice(&s[pos..ms]);
            expand_repl(repl, style, s, &groups, &mut out);
            pos = me;
            count += 1;
            if first_only || nth != 0 {
                break;
            }
        }
        last_end = Some(me);
        at = if ms == me { me + 1 } else { me };
    }
    out.extend_from_slice(&s[pos.min(s.len())..]);
    (out, count)
}

/// gawk's default array sort order: numbers (numerically) before strings.
fn sort_cmp(a: &Value, b: &Value) -> Ordering {
    match (
        a.is_numeric() || matches!(a, Value::Uninit),
        b.is_numeric() || matches!(b, Value::Uninit),
    ) {
        (true, true) => a
            .to_num()
            .partial_cmp(&b.to_num())
            .unwrap_or(Ordering::Equal),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => compare(a, b, b"%.6g"),
    }
}

fn strtonum(v: &Value) -> f64 {
    let s = match v {
        Value::Num(n) => return *n,
        Value::Uninit => return 0.0,
        Value::Str(s) | Value::StrNum(s) => s,
    };
    let t = s
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .map_or(&s[..0], |i| &s[i..]);
    let (neg, t) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let v = if t.len() > 1 && t[0] == b'0' && (t[1] == b'x' || t[1] == b'X') {
        t[2..]
            .iter()
            .map_while(|c| (*c as char).to_digit(16))
            .fold(0f64, |acc, d| acc * 16.0 + f64::from(d))
    } else if t.len() > 1 && t[0] == b'0' && t[1].is_ascii_digit() {
        t[1..]
            .iter()
            .map_while(|c| (*c as char).to_digit(8))
            .fold(0f64, |acc, d| acc * 8.0 + f64::from(d))
    } else {
        return str_to_num(s);
    };
    if neg { -v } else { v }
}

fn to_bits(x: f64, name: &str) -> Ex<u64> {
    if x < 0.0 {
        return fatal(format!("{name}: negative values are not allowed"));
    }
    Ok(x.trunc() as u64)
}

impl Interp<'_> {
    fn str_arg(&mut self, e: &Expr) -> Ex<Str> {
        Ok(self.eval(e)?.to_str(&self.convfmt))
    }

    fn num_arg(&mut self, e: &Expr) -> Ex<f64> {
        Ok(self.eval(e)?.to_num())
    }

    fn array_arg(&mut self, e: &Expr, func: &str) -> Ex<super::interp::ArrRef> {
        match e {
            Expr::Var(v) => self.array(*v),
            Expr::Group(inner) => self.array_arg(inner, func),
            _ => fatal(format!("{func}: argument is not an array")),
        }
    }

    fn set_num(&mut self, i: usize, n: f64) {
        self.globals[i] = Cell::Val(Value::Num(n));
    }

    /// Call a built-in function.
    pub fn builtin(&mut self, bf: Bf, args: &[Expr]) -> Ex<Value> {
        let num = |n: f64| Ok(Value::Num(n));
        match bf {
            Bf::Length => {
                let Some(a) = args.first() else {
                    let t = self.rec.text(&self.ofs, &self.convfmt);
                    return num(chars::count(&t, self.utf8) as f64);
                };
                if let Expr::Var(v) = a
                    && self.is_array(*v)
                {
                    let arr = self.array(*v)?;
                    return num(arr.borrow().len() as f64);
                }
                let s = self.str_arg(a)?;
                num(chars::count(&s, self.utf8) as f64)
            }
            Bf::Substr => {
                let s = self.str_arg(&args[0])?;
                let m = self.num_arg(&args[1])?;
                let len = match args.get(2) {
                    Some(e) => self.num_arg(e)?,
                    None => f64::INFINITY,
                };
                let start = if m.is_nan() { 1.0 } else { m.trunc().max(1.0) };
                let len = if len.is_nan() { 0.0 } else { len.trunc() };
                let chars = chars::count(&s, self.utf8);
                if len <= 0.0 || start > chars as f64 {
                    return Ok(Value::str(b""));
                }
                let from = start as usize - 1;
                let to = (start + len - 1.0).min(chars as f64) as usize;
                let from_byte = chars::offset(&s, from, self.utf8);
                let to_byte = from_byte + chars::offset(&s[from_byte..], to - from, self.utf8);
                Ok(Value::str(&s[from_byte..to_byte]))
            }
            Bf::Index => {
                let s = self.str_arg(&args[0])?;
                let t = self.str_arg(&args[1])?;
                if t.is_empty() {
                    // The empty string is found at the start (gawk, mawk).
                    return num(1.0);
                }
                let pos = memchr::memmem::find(&s, &t)
                    .map_or(0.0, |p| (chars::count(&s[..p], self.utf8) + 1) as f64);
                num(pos)
            }
            Bf::Split => self.split(args),
            Bf::Sub | Bf::Gsub => {
                let re = self.regex_of(&args[0])?;
                let repl = self.str_arg(&args[1])?;
                let target = match args.get(2) {
                    Some(e) => lvalue_of(e),
                    None => Some(LValue::Field(Box::new(Expr::Num(0.0)))),
                };
                let cur = match (&target, args.get(2)) {
                    (Some(lv), _) => self.get_lvalue(lv)?,
                    (None, Some(e)) => self.eval(e)?,
                    (None, None) => Value::Uninit,
                };
                let s = cur.to_str(&self.convfmt);
                let (out, n) = substitute(&re, &s, &repl, ReplStyle::Sub, 0, bf == Bf::Sub);
                if n > 0
                    && let Some(lv) = target
                {
                    self.assign(&lv, Value::Str(Rc::from(out)))?;
                }
                num(n as f64)
            }
            Bf::Gensub => {
                let re = self.regex_of(&args[0])?;
                let repl = self.str_arg(&args[1])?;
                let how = self.eval(&args[2])?;
                let s = match args.get(3) {
                    Some(e) => self.str_arg(e)?,
                    None => self.rec.text(&self.ofs, &self.convfmt),
                };
                let how_s = how.to_str(&self.convfmt);
                let nth = if matches!(how_s.first(), Some(b'g' | b'G')) {
                    0
                } else {
                    let n = how.to_num();
                    if n < 1.0 { 1 } else { n as usize }
                };
                let (out, _) = substitute(&re, &s, &repl, ReplStyle::Gensub, nth, false);
                Ok(Value::Str(Rc::from(out)))
            }
            Bf::Match => {
                let s = self.str_arg(&args[0])?;
                let re = self.regex_of(&args[1])?;
                let arr = match args.get(2) {
                    Some(e) => {
                        let a = self.array_arg(e, "match")?;
                        a.borrow_mut().clear();
                        Some(a)
                    }
                    None => None,
                };
                let caps = re.captures_at(&s, 0);
                let Some(c) = caps else {
                    self.set_num(slot::RSTART, 0.0);
                    self.set_num(slot::RLENGTH, -1.0);
                    return num(0.0);
                };
                let (ms, me) = c.whole();
                let before = chars::count(&s[..ms], self.utf8);
                let matched = chars::count(&s[ms..me], self.utf8);
                self.set_num(slot::RSTART, (before + 1) as f64);
                self.set_num(slot::RLENGTH, matched as f64);
                if let Some(arr) = arr {
                    for g in 0..c.len() {
                        if let Some((a, b)) = c.get(g) {
                            let key = self.key_of(&Value::Num(g as f64));
                            self.array_insert(&arr, key.clone(), Value::strnum(&s[a..b]))?;
                            let mut k = key.to_vec();
                            k.extend_from_slice(&self.subsep);
                            let mut ks = k.clone();
                            ks.extend_from_slice(b"start");
                            self.array_insert(&arr, Rc::from(ks), Value::Num((a + 1) as f64))?;
                            k.extend_from_slice(b"length");
                            self.array_insert(&arr, Rc::from(k), Value::Num((b - a) as f64))?;
                        }
                    }
                }
                num((ms + 1) as f64)
            }
            Bf::Sprintf => Ok(Value::Str(Rc::from(self.sprintf_args(args)?))),
            Bf::Sin => num(self.num_arg(&args[0])?.sin()),
            Bf::Cos => num(self.num_arg(&args[0])?.cos()),
            Bf::Atan2 => {
                let y = self.num_arg(&args[0])?;
                let x = self.num_arg(&args[1])?;
                num(y.atan2(x))
            }
            Bf::Exp => num(self.num_arg(&args[0])?.exp()),
            Bf::Log => {
                let x = self.num_arg(&args[0])?;
                if x < 0.0 {
                    // glibc returns -nan for a negative argument.
                    return num(-f64::NAN);
                }
                num(x.ln())
            }
            Bf::Sqrt => {
                let x = self.num_arg(&args[0])?;
                if x < 0.0 {
                    return num(-f64::NAN);
                }
                num(x.sqrt())
            }
            Bf::Int => num(self.num_arg(&args[0])?.trunc()),
            Bf::Rand => num(self.rng.rand()),
            Bf::Srand => {
                let prev = self.rng.seed;
                let seed = match args.first() {
                    Some(e) => self.num_arg(e)?,
                    None => self
                        .now
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0.0, |d| d.as_secs() as f64),
                };
                self.rng.seed = seed;
                self.rng.srandom(seed as i64 as u32);
                num(prev)
            }
            Bf::Tolower => {
                let s = self.str_arg(&args[0])?;
                Ok(Value::Str(Rc::from(change_case(&s, self.utf8, false))))
            }
            Bf::Toupper => {
                let s = self.str_arg(&args[0])?;
                Ok(Value::Str(Rc::from(change_case(&s, self.utf8, true))))
            }
            Bf::System => fatal("system(): running commands is not available in the sandbox"),
            Bf::Close => {
                let name = self.str_arg(&args[0])?;
                num(self.io.close(&name)?)
            }
            Bf::Fflush => match args.first() {
                None => num(self.io.fflush(None)?),
                Some(e) => {
                    let name = self.str_arg(e)?;
                    num(self.io.fflush(Some(&name))?)
                }
            },
            Bf::Asort | Bf::Asorti => self.asort(bf == Bf::Asorti, args),
            Bf::Systime => num(self
                .now
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0.0, |d| d.as_secs() as f64)),
            Bf::Strftime => {
                let fmt = match args.first() {
                    Some(e) => self.str_arg(e)?.to_vec(),
                    None => timefmt::DEFAULT_FORMAT.to_vec(),
                };
                let t = match args.get(1) {
                    Some(e) => self.num_arg(e)? as i64,
                    None => self
                        .now
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs() as i64),
                };
                let utc = match args.get(2) {
                    Some(e) => self.eval(e)?.is_true(),
                    None => false,
                };
                Ok(Value::Str(Rc::from(timefmt::strftime(&fmt, t, utc))))
            }
            Bf::Mktime => {
                let s = self.str_arg(&args[0])?;
                if let Some(e) = args.get(1) {
                    self.eval(e)?;
                }
                num(timefmt::mktime(&s))
            }
            Bf::And | Bf::Or | Bf::Xor => {
                let name = match bf {
                    Bf::And => "and",
                    Bf::Or => "or",
                    _ => "xor",
                };
                let mut acc = to_bits(self.num_arg(&args[0])?, name)?;
                for a in &args[1..] {
                    let x = to_bits(self.num_arg(a)?, name)?;
                    acc = match bf {
                        Bf::And => acc & x,
                        Bf::Or => acc | x,
                        _ => acc ^ x,
                    };
                }
                num(acc as f64)
            }
            Bf::Lshift | Bf::Rshift => {
                let x = to_bits(self.num_arg(&args[0])?, "shift")?;
                let n = to_bits(self.num_arg(&args[1])?, "shift")?.min(63) as u32;
                num(if bf == Bf::Lshift {
                    x.wrapping_shl(n)
                } else {
                    x >> n
                } as f64)
            }
            Bf::Compl => {
                let x = to_bits(self.num_arg(&args[0])?, "compl")?;
                num((!x & ((1u64 << 53) - 1)) as f64)
            }
            Bf::Strtonum => {
                let v = self.eval(&args[0])?;
                num(strtonum(&v))
            }
            Bf::Isarray => {
                let is = matches!(&args[0], Expr::Var(v) if self.is_array(*v));
                num(if is { 1.0 } else { 0.0 })
            }
            Bf::Typeof => self.type_of(&args[0]),
        }
    }

    fn type_of(&mut self, e: &Expr) -> Ex<Value> {
        let name: &[u8] = match e {
            Expr::Var(v) if self.is_array(*v) => b"array",
            Expr::Var(v) if matches!(self.cell_of(*v), Cell::Val(Value::Uninit) | Cell::Ref(_)) => {
                b"untyped"
            }
            Expr::Regex(_) => b"regexp",
            _ => match self.eval(e)? {
                Value::Num(_) => b"number",
                Value::Str(_) => b"string",
                Value::StrNum(s) => {
                    if looks_numeric(&s).is_some() {
                        b"strnum"
                    } else {
                        b"string"
                    }
                }
                Value::Uninit => b"unassigned",
            },
        };
        Ok(Value::str(name))
    }

    fn cell_of(&self, v: Var) -> &Cell {
        match v {
            Var::Global(i) => &self.globals[i],
            Var::Local(i) => &self.stack[self.frame + i],
        }
    }

    /// `split(s, a [, fs [, seps]])`.
    fn split(&mut self, args: &[Expr]) -> Ex<Value> {
        let s = self.str_arg(&args[0])?;
        let sep = match args.get(2) {
            Some(Expr::Regex(i)) => super::fields::FieldSep::Regex(self.regexes[*i].clone()),
            Some(e) => {
                let f = self.str_arg(e)?;
                self.field_sep(&f)?
            }
            None => self.fs.clone(),
        };
        let arr = self.array_arg(&args[1], "split")?;
        let seps = match args.get(3) {
            Some(e) => Some(self.array_arg(e, "split")?),
            None => None,
        };
        // Collect at most one part past the entry bound (and separators
        // only when asked for): `split(s, a, "")` on 16 MB made 16
        // million parts before the array's bound was checked.
        let max = self.bounds.max_entries;
        let mut parts: Vec<Vec<u8>> = Vec::new();
        let mut sep_parts: Vec<(usize, Vec<u8>)> = Vec::new();
        let want_seps = seps.is_some();
        sep.split(
            &s,
            |f| {
                if parts.len() <= max {
                    parts.push(f.to_vec());
                }
            },
            |i, t| {
                if want_seps && sep_parts.len() <= max {
                    sep_parts.push((i, t.to_vec()));
                }
            },
        );
        if parts.len() > max || sep_parts.len() > max {
            return Err(Jump::Stop(HostStop::Interrupt(Interrupt::limit(
                LimitKind::ArrayEntries,
                max,
            ))));
        }
        arr.borrow_mut().clear();
        let n = parts.len();
        for (i, p) in parts.into_iter().enumerate() {
            let key = self.key_of(&Value::Num((i + 1) as f64));
            self.array_insert(&arr, key, Value::strnum(&p))?;
        }
        if let Some(seps) = seps {
            seps.borrow_mut().clear();
            for (i, t) in sep_parts {
                let key = self.key_of(&Value::Num(i as f64));
                self.array_insert(&seps, key, Value::strnum(&t))?;
            }
        }
        Ok(Value::Num(n as f64))
    }

    /// `asort`/`asorti`: sort values (or indices) into 1..n of the
    /// destination (or the source itself).
    fn asort(&mut self, indices: bool, args: &[Expr]) -> Ex<Value> {
        let src = self.array_arg(&args[0], if indices { "asorti" } else { "asort" })?;
        let how = match args.get(2) {
            Some(e) => self.str_arg(e)?.to_vec(),
            None => Vec::new(),
        };
        let mut items: Vec<Value> = if indices {
            src.borrow().keys().map(|k| Value::Str(k.clone())).collect()
        } else {
            src.borrow().values().cloned().collect()
        };
        let desc = how.ends_with(b"_desc");
        let by_num = how.windows(4).any(|w| w == b"_num");
        let by_str = how.windows(4).any(|w| w == b"_str");
        items.sort_by(|a, b| {
            let o = if by_num {
                a.to_num()
                    .partial_cmp(&b.to_num())
                    .unwrap_or(Ordering::Equal)
            } else if by_str || indices {
                a.to_str(b"%.6g").cmp(&b.to_str(b"%.6g"))
            } else {
                sort_cmp(a, b)
            };
            if desc { o.reverse() } else { o }
        });
        let dest = match args.get(1) {
            Some(e) => self.array_arg(e, "asort")?,
            None => src.clone(),
        };
        let n = items.len();
        let fresh = new_array();
        for (i, v) in items.into_iter().enumerate() {
            let key = self.key_of(&Value::Num((i + 1) as f64));
            self.array_insert(&fresh, key, v)?;
        }
        let fresh = Rc::try_unwrap(fresh)
            .map(std::cell::RefCell::into_inner)
            .unwrap_or_default();
        *dest.borrow_mut() = fresh;
        Ok(Value::Num(n as f64))
    }
}

fn lvalue_of(e: &Expr) -> Option<LValue> {
    match e {
        Expr::Var(v) => Some(LValue::Var(*v)),
        Expr::Field(i) => Some(LValue::Field(i.clone())),
        Expr::Index(v, s) => Some(LValue::Index(*v, s.clone())),
        Expr::Group(inner) => lvalue_of(inner),
        _ => None,
    }
}

/// `toupper`/`tolower`: ASCII letters in the C locale; under UTF-8 every
/// letter with a one-character simple case mapping, as gawk's
/// `towupper`/`towlower` (bytes outside valid UTF-8 are kept).
fn change_case(s: &[u8], utf8: bool, upper: bool) -> Vec<u8> {
    if !utf8 || s.is_ascii() {
        return if upper {
            s.to_ascii_uppercase()
        } else {
            s.to_ascii_lowercase()
        };
    }
    let mut out = Vec::with_capacity(s.len());
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            let mut mapped = if upper {
                c.to_uppercase().collect::<Vec<char>>()
            } else {
                c.to_lowercase().collect::<Vec<char>>()
            };
            if mapped.len() != 1 {
                // towupper maps one character to one: `ß` stays `ß`.
                mapped = vec![c];
            }
            let mut buf = [0; 4];
            out.extend_from_slice(mapped[0].encode_utf8(&mut buf).as_bytes());
        }
        out.extend_from_slice(chunk.invalid());
    }
    out
}
