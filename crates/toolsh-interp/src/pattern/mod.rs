//! Shell pattern matching (bash manual 3.5.8.1 "Pattern Matching"): `*`,
//! `?`, bracket expressions with ranges and `[:class:]`, and the extended
//! patterns `?(..)` `*(..)` `+(..)` `@(..)` `!(..)`.
//!
//! A pattern is compiled from text in which a backslash makes the next
//! character literal; [`escape`] quotes text so that it matches itself.
//! The shell builds pattern text from expanded words by escaping the quoted
//! parts, so `"*"` matches only a star. Used by `case`, `[[ == ]]`,
//! `${x#p}` and friends, pathname expansion and `find -name`.
//!
//! Matching works on characters by tracking the set of text positions each
//! pattern element can reach, so it is polynomial (no exponential
//! backtracking) even for nested extended patterns.

#![allow(
    clippy::format_push_string,
    clippy::many_single_char_names,
    clippy::single_match_else
)]

mod class;
mod parse;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

pub use class::CharClass;

/// How to compile a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PatternOptions {
    /// Recognise `?(..)` `*(..)` `+(..)` `@(..)` `!(..)` (bash's `extglob`).
    pub extglob: bool,
    /// Match letters regardless of case (`nocasematch`, `nocaseglob`).
    pub nocase: bool,
}

/// Why a pattern could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// Extended patterns nested deeper than [`MAX_NESTING`].
    #[error("pattern nested too deeply")]
    TooDeep,
}

/// Deepest nesting of extended patterns accepted.
pub const MAX_NESTING: usize = 64;

/// One element of a compiled pattern.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Elem {
    /// A literal character.
    Char(char),
    /// `?`.
    Any,
    /// `*`.
    Star,
    /// `[...]`.
    Class(CharClass),
    /// An extended pattern: operator and alternatives.
    Ext(char, Vec<Vec<Elem>>),
}

/// A compiled shell pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    elems: Vec<Elem>,
    nocase: bool,
}

/// Quote `text` so that it matches itself literally: a backslash before
/// every character that is special in a pattern.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(text, &mut out);
    out
}

/// [`escape`], appending to `out`.
pub fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        if matches!(
            c,
            '*' | '?' | '[' | ']' | '\\' | '(' | ')' | '|' | '!' | '@' | '+' | '^' | '-'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// `true` when `text` contains an unescaped `*`, `?` or `[` (or, with
/// `extglob`, an extended-pattern opener): it may match something other
/// than itself.
pub fn has_meta(text: &str, extglob: bool) -> bool {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '*' | '?' | '[' => return true,
            '@' | '+' | '!' if extglob && chars.peek() == Some(&'(') => return true,
            _ => {}
        }
    }
    false
}

impl Pattern {
    /// Compile pattern text (a backslash escapes the next character).
    /// Malformed constructs (an unclosed `[`, an unclosed `@(`) are taken
    /// literally, as bash does.
    pub fn new(text: &str, options: PatternOptions) -> Result<Pattern, PatternError> {
        let elems = parse::parse(text, options.extglob)?;
        Ok(Pattern {
            elems,
            nocase: options.nocase,
        })
    }

    /// The literal text this pattern matches when it has no special
    /// elements; `None` otherwise.
    pub fn as_literal(&self) -> Option<String> {
        if self.nocase {
            return None;
        }
        self.elems
            .iter()
            .map(|e| match e {
                Elem::Char(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    /// `true` when the pattern starts with a literal `.` (so it may match
    /// hidden files in pathname expansion).
    pub fn starts_with_dot(&self) -> bool {
        matches!(self.elems.first(), Some(Elem::Char('.')))
    }

    /// `true` when the whole of `text` matches.
    pub fn matches(&self, text: &str) -> bool {
        if let Some(lit) = self.as_literal() {
            return lit == text;
        }
        let chars: Vec<char> = text.chars().collect();
        let ends = self.ends_from(&chars, 0);
        ends[chars.len()]
    }

    /// `true` when the whole of `chars` matches.
    pub fn matches_chars(&self, chars: &[char]) -> bool {
        self.ends_from(chars, 0)[chars.len()]
    }

    /// Positions `e` such that `chars[start..e]` matches, as a bit table of
    /// length `chars.len() + 1`.
    pub fn ends_from(&self, chars: &[char], start: usize) -> Vec<bool> {
        let mut set = vec![false; chars.len() + 1];
        set[start] = true;
        let m = Matcher {
            text: chars,
            nocase: self.nocase,
            memo: RefCell::default(),
            memo_size: Cell::new(0),
        };
        m.seq(&self.elems, set)
    }

    /// The end of the shortest (or longest) match that starts at `start`.
    pub fn match_at(&self, chars: &[char], start: usize, longest: bool) -> Option<usize> {
        let ends = self.ends_from(chars, start);
        if longest {
            ends.iter().rposition(|&b| b)
        } else {
            ends.iter().position(|&b| b)
        }
    }

    /// The length (in characters) of every match when each element
    /// matches exactly one character (no `*`, no extended group); `None`
    /// otherwise. Lets a caller scanning a long text try only the window
    /// a match can cover.
    pub fn fixed_len(&self) -> Option<usize> {
        self.elems
            .iter()
            .all(|e| matches!(e, Elem::Char(_) | Elem::Any | Elem::Class(_)))
            .then_some(self.elems.len())
    }

    /// Leftmost match at or after `from`, longest at that position:
    /// `(start, end)` character offsets (for `${x/pat/rep}`).
    pub fn find(&self, chars: &[char], from: usize) -> Option<(usize, usize)> {
        (from..=chars.len()).find_map(|s| self.match_at(chars, s, true).map(|e| (s, e)))
    }
}

struct Matcher<'t> {
    text: &'t [char],
    nocase: bool,
    /// The end positions of an extended pattern's alternatives from one
    /// start, by (alternatives' address, start): nested `*(...)` would
    /// otherwise recompute them once per enclosing repetition, which made
    /// `*(*(*(*(*(*)?)))))` take 13 s on 80 characters (fuzz target
    /// `pattern`).
    memo: RefCell<Memo>,
    /// Booleans held by `memo`, bounded by [`MEMO_LIMIT`].
    memo_size: Cell<usize>,
}

/// End-position tables by (alternatives' address, start position).
type Memo = HashMap<(usize, usize), Rc<[bool]>>;

/// Most position-table entries memoized per match (a table is one entry
/// per text position): about 32 MB.
const MEMO_LIMIT: usize = 32 << 20;

impl Matcher<'_> {
    fn eq(&self, a: char, b: char) -> bool {
        a == b || (self.nocase && a.to_lowercase().eq(b.to_lowercase()))
    }

    /// Advance the position set through a sequence of elements.
    fn seq(&self, elems: &[Elem], mut set: Vec<bool>) -> Vec<bool> {
        let n = self.text.len();
        for e in elems {
            if !set.iter().any(|&b| b) {
                return set;
            }
            let mut next = vec![false; n + 1];
            match e {
                Elem::Char(c) => {
                    for p in 0..n {
                        if set[p] && self.eq(self.text[p], *c) {
                            next[p + 1] = true;
                        }
                    }
                }
                Elem::Any => {
                    for p in 0..n {
                        if set[p] {
                            next[p + 1] = true;
                        }
                    }
                }
                Elem::Class(cls) => {
                    for p in 0..n {
                        if set[p] && cls.matches(self.text[p], self.nocase) {
                            next[p + 1] = true;
                        }
                    }
                }
                Elem::Star => {
                    if let Some(first) = set.iter().position(|&b| b) {
                        for b in &mut next[first..] {
                            *b = true;
                        }
                    }
                }
                Elem::Ext(op, alts) => self.ext(*op, alts, &set, &mut next),
            }
            set = next;
        }
        set
    }

    /// Positions reachable from `p` by matching one alternative
    /// (memoized, see [`Matcher::memo`]).
    fn one(&self, alts: &[Vec<Elem>], p: usize) -> Rc<[bool]> {
        let key = (alts.as_ptr() as usize, p);
        if let Some(r) = self.memo.borrow().get(&key) {
            return r.clone();
        }
        let n = self.text.len();
        let mut out = vec![false; n + 1];
        for alt in alts {
            let mut start = vec![false; n + 1];
            start[p] = true;
            let r = self.seq(alt, start);
            for (o, x) in out.iter_mut().zip(r) {
                *o |= x;
            }
        }
        let out: Rc<[bool]> = out.into();
        let size = self.memo_size.get() + out.len();
        if size <= MEMO_LIMIT {
            self.memo_size.set(size);
            self.memo.borrow_mut().insert(key, out.clone());
        }
        out
    }

    fn ext(&self, op: char, alts: &[Vec<Elem>], set: &[bool], next: &mut [bool]) {
        let n = self.text.len();
        for p in 0..=n {
            if !set[p] {
                continue;
            }
            match op {
                '@' => or_into(next, &self.one(alts, p)),
                '?' => {
                    next[p] = true;
                    or_into(next, &self.one(alts, p));
                }
                '*' | '+' => {
                    // Closure: repeat one alternative while it advances.
                    let mut reach = vec![false; n + 1];
                    let mut frontier = vec![p];
                    let mut seen = vec![false; n + 1];
                    seen[p] = true;
                    if op == '*' {
                        reach[p] = true;
                    }
                    while let Some(q) = frontier.pop() {
                        let r = self.one(alts, q);
                        for (e, &hit) in r.iter().enumerate() {
                            if hit {
                                reach[e] = true;
                                if !seen[e] {
                                    seen[e] = true;
                                    frontier.push(e);
                                }
                            }
                        }
                    }
                    or_into(next, &reach);
                }
                _ => {
                    // '!': any text that matches none of the alternatives.
                    let r = self.one(alts, p);
                    for e in p..=n {
                        if !r[e] {
                            next[e] = true;
                        }
                    }
                }
            }
        }
    }
}

fn or_into(dst: &mut [bool], src: &[bool]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= *s;
    }
}

#[cfg(test)]
mod tests;
