//! Word splitting (bash manual 3.5.7): unquoted expansion results are split
//! on `IFS`; IFS white space is trimmed and collapses, every other IFS
//! character delimits a field (with adjacent IFS white space).

use smallvec::SmallVec;

use super::Piece;

/// A field after splitting: its text, and which byte ranges of it came
/// from quoted text (their pattern characters are literal).
///
/// Kept small (the text plus one inline range) because a split can make
/// up to `max_array_entries` of them before the list is checked.
#[derive(Debug, Clone, Default)]
pub(crate) struct Field {
    text: String,
    quoted: SmallVec<[(usize, usize); 1]>,
    has: bool,
    meta: bool,
    /// The last text pushed was unquoted.
    last_active: bool,
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
                && self.last_active
                && self.text.ends_with(['?', '*', '+', '@', '!']);
            if extglob_open || crate::pattern::has_meta(s, true) {
                self.meta = true;
            }
        }
        let start = self.text.len();
        self.text.push_str(s);
        if !active {
            match self.quoted.last_mut() {
                Some(last) if last.1 == start => last.1 = self.text.len(),
                _ => self.quoted.push((start, self.text.len())),
            }
        }
        self.last_active = active;
    }

    /// `true` when an unquoted pattern character is present.
    pub fn has_meta(&self) -> bool {
        self.meta
    }

    /// The field text after quote removal.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The field text after quote removal, taken.
    pub fn into_text(self) -> String {
        self.text
    }

    /// The field as pattern text: quoted segments escaped.
    pub fn pattern_text(&self) -> String {
        let mut s = String::with_capacity(self.text.len());
        let mut at = 0;
        for &(a, b) in &self.quoted {
            s.push_str(&self.text[at..a]);
            crate::pattern::escape_into(&self.text[a..b], &mut s);
            at = b;
        }
        s.push_str(&self.text[at..]);
        s
    }
}

/// Why a split stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SplitStop {
    /// More fields than allowed.
    Fields,
    /// One field longer than allowed.
    FieldBytes,
}

/// Bounds on one split: the fields it may make and the bytes of each.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SplitBounds {
    /// Fields the split may produce.
    pub max_fields: usize,
    /// Bytes of one field.
    pub max_field_bytes: usize,
}

struct Splitter<'i> {
    ifs: &'i str,
    fields: Vec<Field>,
    cur: Field,
    ws_pending: bool,
    bounds: SplitBounds,
    stop: Option<SplitStop>,
}

impl Splitter<'_> {
    fn end_field(&mut self) {
        if self.fields.len() >= self.bounds.max_fields {
            self.stop = Some(SplitStop::Fields);
            return;
        }
        let f = std::mem::take(&mut self.cur);
        self.fields.push(f);
    }

    /// Add text to the current field, checking its size.
    fn push(&mut self, s: &str, active: bool) {
        if self.cur.text.len() + s.len() > self.bounds.max_field_bytes {
            self.stop = Some(SplitStop::FieldBytes);
            return;
        }
        self.cur.push(s, active);
    }

    fn split_text(&mut self, s: &str) {
        if self.ifs.is_empty() {
            self.push(s, true);
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
                // Stop as soon as a bound is passed: the rest of a long
                // text would only make fields to throw away.
                if self.stop.is_some() {
                    return;
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
        self.push(run, true);
        self.cur.has = true;
    }
}

/// Split pieces into fields with `ifs`, stopping as soon as the fields
/// pass `bounds` (so a long text never becomes more fields than the
/// bound allows, however many it holds).
///
/// # Errors
/// Which bound was passed.
pub(crate) fn split(
    pieces: Vec<Piece>,
    ifs: &str,
    bounds: SplitBounds,
) -> Result<Vec<Field>, SplitStop> {
    let mut sp = Splitter {
        ifs,
        fields: Vec::new(),
        cur: Field::default(),
        ws_pending: false,
        bounds,
        stop: None,
    };
    for p in pieces {
        match p {
            Piece::Lit(s) => {
                sp.ws_pending = false;
                sp.push(&s, true);
                sp.cur.has = true;
            }
            Piece::Quoted(s) => {
                sp.ws_pending = false;
                sp.push(&s, false);
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
                    sp.push(it, false);
                    sp.cur.has = true;
                    if sp.stop.is_some() {
                        break;
                    }
                }
            }
            Piece::Fields {
                items,
                quoted: false,
                ..
            } => {
                // Unquoted `$@`/`$*` split as the items joined by the first
                // IFS character (`set -- a '' b; IFS=:; echo $@` gives
                // `a`, ``, `b`, as bash); with a null IFS each item is a
                // field and empty ones vanish.
                let mut sep = [0; 4];
                let sep = ifs.chars().next().map(|c| &*c.encode_utf8(&mut sep));
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        if let Some(sep) = sep {
                            sp.split_text(sep);
                        } else if sp.cur.has {
                            sp.end_field();
                            sp.ws_pending = false;
                        }
                    }
                    sp.split_text(it);
                    if sp.stop.is_some() {
                        break;
                    }
                }
            }
        }
        if let Some(stop) = sp.stop {
            return Err(stop);
        }
    }
    if sp.cur.has {
        sp.end_field();
    }
    match sp.stop {
        Some(stop) => Err(stop),
        None => Ok(sp.fields),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNBOUNDED: SplitBounds = SplitBounds {
        max_fields: usize::MAX,
        max_field_bytes: usize::MAX,
    };

    fn texts(p: Vec<Piece>, ifs: &str) -> Vec<String> {
        split(p, ifs, UNBOUNDED)
            .unwrap()
            .into_iter()
            .map(Field::into_text)
            .collect()
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

    #[test]
    fn unquoted_fields_split_as_joined_by_the_first_ifs_character() {
        let fields = |items: &[&str]| Piece::Fields {
            items: items.iter().map(ToString::to_string).collect(),
            quoted: false,
            star: false,
        };
        // bash: set -- a '' b; IFS=:; printf '<%s>' $@  -> <a><><b>
        assert_eq!(texts(vec![fields(&["a", "", "b"])], ":"), ["a", "", "b"]);
        // set -- a ''  -> <a>;  set -- '' a  -> <><a>
        assert_eq!(texts(vec![fields(&["a", ""])], ":"), ["a"]);
        assert_eq!(texts(vec![fields(&["", "a"])], ":"), ["", "a"]);
        // IFS=' :' joins with a blank: empty items vanish.
        assert_eq!(texts(vec![fields(&["a", "", "b"])], " :"), ["a", "b"]);
        // A null IFS: one field per non-empty item.
        assert_eq!(texts(vec![fields(&["a b", "", "c"])], ""), ["a b", "c"]);
    }
}
