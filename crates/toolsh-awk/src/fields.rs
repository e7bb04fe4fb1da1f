//! Fields: splitting a record by FS (POSIX XCU awk "Regular Expressions"
//! and "Variables and Special Variables": FS) and rebuilding `$0` with OFS
//! after a field or NF is assigned.

use std::rc::Rc;

use super::regex::{Re, find_nonempty};

use super::value::{Str, Value, empty_str};

/// How records are split into fields (the current FS, or `split`'s third
/// argument).
#[derive(Debug, Clone)]
pub enum FieldSep {
    /// `" "`: runs of blanks and newlines; leading and trailing ignored.
    Space,
    /// A single literal byte (tab, `,`, `|`, ...).
    Byte(u8),
    /// `""`: every character is a field (gawk): a UTF-8 sequence when
    /// the flag is set (a UTF-8 locale), else a byte.
    Chars(bool),
    /// Any other string: an extended regular expression.
    Regex(Re),
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t' || c == b'\n'
}

impl FieldSep {
    /// Split `s`, calling `each` with every field, and `sep` with every
    /// separator (for `split`'s fourth argument; with [`FieldSep::Space`]
    /// the leading and trailing blanks are reported too, as gawk does:
    /// index 0 and index n).
    pub fn split(&self, s: &[u8], mut each: impl FnMut(&[u8]), mut sep: impl FnMut(usize, &[u8])) {
        match self {
            FieldSep::Space => {
                let mut n = 0;
                let lead_end = s.iter().position(|&c| !is_blank(c)).unwrap_or(s.len());
                if lead_end > 0 {
                    sep(0, &s[..lead_end]);
                }
                let mut i = lead_end;
                while i < s.len() {
                    let start = i;
                    while i < s.len() && !is_blank(s[i]) {
                        i += 1;
                    }
                    each(&s[start..i]);
                    n += 1;
                    let sep_start = i;
                    while i < s.len() && is_blank(s[i]) {
                        i += 1;
                    }
                    if i > sep_start {
                        sep(n, &s[sep_start..i]);
                    }
                }
            }
            FieldSep::Byte(b) => {
                if s.is_empty() {
                    return;
                }
                for (n, part) in s.split(|c| c == b).enumerate() {
                    if n > 0 {
                        sep(n, std::slice::from_ref(b));
                    }
                    each(part);
                }
            }
            FieldSep::Chars(utf8) => {
                let mut rest = s;
                let mut n = 0;
                while !rest.is_empty() {
                    if n > 0 {
                        sep(n, b"");
                    }
                    let len = toolsh_command::chars::offset(rest, 1, *utf8);
                    each(&rest[..len]);
                    rest = &rest[len..];
                    n += 1;
                }
            }
            FieldSep::Regex(re) => {
                if s.is_empty() {
                    return;
                }
                let mut start = 0;
                let mut n = 0;
                let mut at = 0;
                // Empty matches do not separate fields; a separator at the
                // very start still yields an empty first field.
                while let Some((ms, me)) = find_nonempty(re, s, at) {
                    each(&s[start..ms]);
                    n += 1;
                    sep(n, &s[ms..me]);
                    start = me;
                    at = me;
                }
                each(&s[start..]);
            }
        }
    }
}

/// The current record: `$0`, its fields (split lazily) and whether `$0`
/// must be rebuilt from the fields.
#[derive(Debug, Default)]
pub struct Record {
    text: Option<Str>,
    fields: Vec<Value>,
    split_done: bool,
}

impl Record {
    /// Replace `$0`; fields are split on the next access.
    pub fn set(&mut self, text: Str) {
        self.text = Some(text);
        self.split_done = false;
        self.fields.clear();
    }

    /// Split now (with the current FS) if not done yet.
    pub fn ensure_split(&mut self, fs: &FieldSep) {
        if self.split_done {
            return;
        }
        self.fields.clear();
        let text = self.text.clone().unwrap_or_else(empty_str);
        let fields = &mut self.fields;
        fs.split(
            &text,
            |f| {
                // A field that is the whole record (one column of input)
                // shares `$0`'s bytes.
                fields.push(if f.len() == text.len() {
                    Value::StrNum(text.clone())
                } else {
                    Value::strnum(f)
                });
            },
            |_, _| {},
        );
        self.split_done = true;
    }

    /// NF.
    pub fn nf(&mut self, fs: &FieldSep) -> usize {
        self.ensure_split(fs);
        self.fields.len()
    }

    /// `$0`, rebuilt with `ofs` (numbers by `convfmt`) if a field changed.
    pub fn text(&mut self, ofs: &[u8], convfmt: &[u8]) -> Str {
        if let Some(t) = &self.text {
            return t.clone();
        }
        let mut out = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(ofs);
            }
            f.write_str(convfmt, &mut out);
        }
        let t: Str = Rc::from(out);
        self.text = Some(t.clone());
        t
    }

    /// `$i` for i >= 1 (uninitialized beyond NF).
    pub fn field(&mut self, i: usize, fs: &FieldSep) -> Value {
        self.ensure_split(fs);
        // A field beyond NF is an empty input string: it compares as a
        // string ("" != 0), unlike an uninitialized variable.
        self.fields
            .get(i - 1)
            .cloned()
            .unwrap_or_else(|| Value::StrNum(empty_str()))
    }

    /// Assign `$i` for i >= 1, growing NF as needed; `$0` is rebuilt later.
    pub fn set_field(&mut self, i: usize, v: Value, fs: &FieldSep) {
        self.ensure_split(fs);
        if i > self.fields.len() {
            self.fields.resize(i, Value::StrNum(empty_str()));
        }
        self.fields[i - 1] = v;
        self.text = None;
    }

    /// Assign NF: truncate or extend the fields; `$0` is rebuilt later.
    pub fn set_nf(&mut self, n: usize, fs: &FieldSep) {
        self.ensure_split(fs);
        self.fields.resize(n, Value::StrNum(empty_str()));
        self.text = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(fs: &FieldSep, s: &str) -> Vec<String> {
        let mut v = Vec::new();
        fs.split(
            s.as_bytes(),
            |f| v.push(String::from_utf8_lossy(f).into_owned()),
            |_, _| {},
        );
        v
    }

    #[test]
    fn splits_like_awk() {
        assert_eq!(split(&FieldSep::Space, "  a b\t c  "), ["a", "b", "c"]);
        assert_eq!(split(&FieldSep::Byte(b':'), "a::b"), ["a", "", "b"]);
        assert_eq!(split(&FieldSep::Byte(b':'), ""), Vec::<String>::new());
        assert_eq!(split(&FieldSep::Chars(false), "abc"), ["a", "b", "c"]);
        assert_eq!(split(&FieldSep::Chars(true), "aéb"), ["a", "é", "b"]);
        let re = FieldSep::Regex(Rc::new(
            super::super::regex::compile(b"[,;]+", false).unwrap(),
        ));
        assert_eq!(split(&re, ",a;;b,"), ["", "a", "b", ""]);
    }

    #[test]
    fn record_rebuilds_with_ofs() {
        let mut r = Record::default();
        r.set(Rc::from(&b"a b c"[..]));
        r.set_field(5, Value::str(b"e"), &FieldSep::Space);
        assert_eq!(&*r.text(b"-", b"%.6g"), b"a-b-c--e");
        r.set_nf(2, &FieldSep::Space);
        assert_eq!(&*r.text(b"-", b"%.6g"), b"a-b");
    }
}
