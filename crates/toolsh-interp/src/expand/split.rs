//! Word splitting (bash manual 3.5.7): unquoted expansion results are split
//! on `IFS`; IFS white space is trimmed and collapses, every other IFS
//! character delimits a field (with adjacent IFS white space).

use super::Piece;

/// A field after splitting: segments of text, each marked whether its
/// pattern characters are active (unquoted).
#[derive(Debug, Clone, Default)]
pub(crate) struct Field {
    segs: Vec<(String, bool)>,
    has: bool,
    meta: bool,
}

impl Field {
    fn push(&mut self, s: &str, active: bool) {
        if s.is_empty() {
            return;
        }
        if active && !self.meta {
            // An extended pattern's `@(` may arrive one character at a
            // time from splitting.
            let extglob_open = s.starts_with('(')
                && self
                    .segs
                    .last()
                    .is_some_and(|(t, a)| *a && t.ends_with(['?', '*', '+', '@', '!']));
            if extglob_open || crate::pattern::has_meta(s, true) {
                self.meta = true;
            }
        }
        if let Some(last) = self.segs.last_mut()
            && last.1 == active
        {
            last.0.push_str(s);
            return;
        }
        self.segs.push((s.to_string(), active));
    }

    /// `true` when an unquoted pattern character is present.
    pub fn has_meta(&self) -> bool {
        self.meta
    }

    /// The field text after quote removal.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (t, _) in &self.segs {
            s.push_str(t);
        }
        s
    }

    /// The field as pattern text: quoted segments escaped.
    pub fn pattern_text(&self) -> String {
        let mut s = String::new();
        for (t, active) in &self.segs {
            if *active {
                s.push_str(t);
            } else {
                crate::pattern::escape_into(t, &mut s);
            }
        }
        s
    }
}

struct Splitter<'i> {
    ifs: &'i str,
    fields: Vec<Field>,
    cur: Field,
    ws_pending: bool,
}

impl Splitter<'_> {
    fn end_field(&mut self) {
        let f = std::mem::take(&mut self.cur);
        self.fields.push(f);
    }

    fn split_text(&mut self, s: &str) {
        if self.ifs.is_empty() {
            self.cur.push(s, true);
            if !s.is_empty() {
                self.cur.has = true;
                self.ws_pending = false;
            }
            return;
        }
        // Runs of non-IFS characters are pushed whole (one copy and one
        // pattern-character scan per run, not per character).
        let mut run_start = None;
        for (i, c) in s.char_indices() {
            if self.ifs.contains(c) {
                if let Some(start) = run_start.take() {
                    self.push_run(&s[start..i]);
                }
                if matches!(c, ' ' | '\t' | '\n') {
                    if self.cur.has {
                        self.end_field();
                        self.ws_pending = true;
                    }
                } else if self.ws_pending {
                    self.ws_pending = false;
                } else {
                    self.end_field();
                }
            } else if run_start.is_none() {
                run_start = Some(i);
            }
        }
        if let Some(start) = run_start {
            self.push_run(&s[start..]);
        }
    }

    /// Add a run of non-IFS characters to the current field.
    fn push_run(&mut self, run: &str) {
        self.ws_pending = false;
        self.cur.push(run, true);
        self.cur.has = true;
    }
}

/// Split pieces into fields with `ifs`.
pub(crate) fn split(pieces: Vec<Piece>, ifs: &str) -> Vec<Field> {
    let mut sp = Splitter {
        ifs,
        fields: Vec::new(),
        cur: Field::default(),
        ws_pending: false,
    };
    for p in pieces {
        match p {
            Piece::Lit(s) => {
                sp.ws_pending = false;
                sp.cur.push(&s, true);
                sp.cur.has = true;
            }
            Piece::Quoted(s) => {
                sp.ws_pending = false;
                sp.cur.push(&s, false);
                sp.cur.has = true;
            }
            Piece::Split(s) => sp.split_text(&s),
            Piece::Fields {
                items,
                quoted: true,
                ..
            } => {
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        sp.end_field();
                    }
                    sp.ws_pending = false;
                    sp.cur.push(it, false);
                    sp.cur.has = true;
                }
            }
            Piece::Fields {
                items,
                quoted: false,
                ..
            } => {
                for (i, it) in items.iter().enumerate() {
                    if i > 0 && sp.cur.has {
                        sp.end_field();
                        sp.ws_pending = false;
                    }
                    sp.split_text(it);
                }
            }
        }
    }
    if sp.cur.has {
        let f = std::mem::take(&mut sp.cur);
        sp.fields.push(f);
    }
    sp.fields
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(p: Vec<Piece>, ifs: &str) -> Vec<String> {
        split(p, ifs).iter().map(Field::text).collect()
    }

    #[test]
    fn whitespace_and_delimiters() {
        // bash: x='  a  b '; printf '<%s>' A${x}B  -> <A><a><b><B>
        let p = vec![
            Piece::Lit("A".into()),
            Piece::Split("  a  b ".into()),
            Piece::Lit("B".into()),
        ];
        assert_eq!(texts(p, " \t\n"), ["A", "a", "b", "B"]);
        // IFS=': '; x='a: :b' -> <a><><b>
        assert_eq!(
            texts(vec![Piece::Split("a: :b".into())], ": "),
            ["a", "", "b"]
        );
        // IFS=:; x='a::' -> <a><>
        assert_eq!(texts(vec![Piece::Split("a::".into())], ":"), ["a", ""]);
        assert_eq!(texts(vec![Piece::Split(":a".into())], ":"), ["", "a"]);
        assert!(texts(vec![Piece::Split("   ".into())], " ").is_empty());
        assert_eq!(texts(vec![Piece::Quoted(String::new())], " "), [""]);
    }
}
