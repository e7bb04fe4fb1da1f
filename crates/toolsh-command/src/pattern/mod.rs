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
//! pattern element can reach (bitsets, see `matcher`), so it is polynomial
//! (no exponential backtracking) even for nested extended patterns; every
//! match runs under a [`Budget`] that bounds its work and checks the
//! deadline.

#![allow(
    clippy::format_push_string,
    clippy::many_single_char_names,
    clippy::single_match_else
)]

mod budget;
mod class;
mod matcher;
mod parse;
mod posset;

pub use budget::{Budget, Checkpoint};
pub use class::CharClass;
pub use posset::PosSet;

use crate::limits::Interrupt;
use matcher::Matcher;

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
pub enum Elem {
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
    /// The text matched when every element is a literal character.
    literal: Option<String>,
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
    ///
    /// # Errors
    /// [`PatternError::TooDeep`] past [`MAX_NESTING`] nested extended
    /// patterns.
    pub fn new(text: &str, options: PatternOptions) -> Result<Pattern, PatternError> {
        let elems = parse::parse(text, options.extglob)?;
        let literal = if options.nocase {
            None
        } else {
            elems
                .iter()
                .map(|e| match e {
                    Elem::Char(c) => Some(*c),
                    _ => None,
                })
                .collect()
        };
        Ok(Pattern {
            elems,
            nocase: options.nocase,
            literal,
        })
    }

    /// The literal text this pattern matches when it has no special
    /// elements (and is case-sensitive); `None` otherwise.
    pub fn as_literal(&self) -> Option<&str> {
        self.literal.as_deref()
    }

    /// `true` when the pattern starts with a literal `.` (so it may match
    /// hidden files in pathname expansion).
    pub fn starts_with_dot(&self) -> bool {
        matches!(self.elems.first(), Some(Elem::Char('.')))
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

    /// `true` when the whole of `text` matches.
    ///
    /// # Errors
    /// The budget's interrupt when the match needs more work than it
    /// allows (see [`Budget`]).
    pub fn matches(&self, text: &str, budget: &mut Budget) -> Result<bool, Interrupt> {
        if let Some(lit) = &self.literal {
            return Ok(lit == text);
        }
        let chars: Vec<char> = text.chars().collect();
        self.matcher(&chars).matches(budget)
    }

    /// Queries on one text that share their work (see [`TextMatcher`]).
    pub fn matcher<'p, 't>(&'p self, text: &'t [char]) -> TextMatcher<'p, 't> {
        TextMatcher {
            pattern: self,
            engine: Matcher::new(text, self.nocase),
            text,
            starts: None,
        }
    }

    /// The end of the shortest (or longest) match of `chars` that starts
    /// at `start`, as [`TextMatcher::match_at`].
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn match_at(
        &self,
        chars: &[char],
        start: usize,
        longest: bool,
        budget: &mut Budget,
    ) -> Result<Option<usize>, Interrupt> {
        self.matcher(chars).match_at(start, longest, budget)
    }

    /// Leftmost match at or after `from`, longest at that position, as
    /// [`TextMatcher::find`].
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn find(
        &self,
        chars: &[char],
        from: usize,
        budget: &mut Budget,
    ) -> Result<Option<(usize, usize)>, Interrupt> {
        self.matcher(chars).find(from, budget)
    }
}

/// A pattern applied to one text (a sequence of characters): the queries
/// of `${x#p}` `${x%p}` `${x/p/r}` and `[[ == ]]`. Positions are character
/// offsets `0..=text.len()`. Queries made on the same matcher share
/// memoized work, so a `${x//p/r}` runs as one matcher.
pub struct TextMatcher<'p, 't> {
    pattern: &'p Pattern,
    engine: Matcher<'t>,
    text: &'t [char],
    /// The positions where some match starts, once computed.
    starts: Option<PosSet>,
}

impl TextMatcher<'_, '_> {
    /// The positions `e` such that `text[start..e]` matches.
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn ends_from(&mut self, start: usize, budget: &mut Budget) -> Result<PosSet, Interrupt> {
        let n = self.engine.positions();
        if start >= n {
            return Ok(PosSet::empty(n));
        }
        self.engine
            .seq(&self.pattern.elems, PosSet::single(n, start), budget)
    }

    /// `true` when the whole text matches.
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn matches(&mut self, budget: &mut Budget) -> Result<bool, Interrupt> {
        Ok(self.ends_from(0, budget)?.contains(self.text.len()))
    }

    /// The end of the shortest (or longest) match that starts at `start`.
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn match_at(
        &mut self,
        start: usize,
        longest: bool,
        budget: &mut Budget,
    ) -> Result<Option<usize>, Interrupt> {
        let ends = self.ends_from(start, budget)?;
        Ok(if longest { ends.last() } else { ends.first() })
    }

    /// Run the reversed pattern over the reversed text from `starts`
    /// (positions of the original text, which are ends there): the
    /// positions `s` of the original text such that `text[s..e]` matches
    /// for some `e` in `starts`. Reversal preserves every construct
    /// (`!(p)` included: a text is outside a set exactly when its reverse
    /// is outside the reversed set).
    fn starts_of_matches_ending_in(
        &self,
        ends: &PosSet,
        budget: &mut Budget,
    ) -> Result<PosSet, Interrupt> {
        let rev_text: Vec<char> = self.text.iter().rev().copied().collect();
        let rev_elems = reversed(&self.pattern.elems);
        let mut m = Matcher::new(&rev_text, self.pattern.nocase);
        let r = m.seq(&rev_elems, ends.mirrored(), budget)?;
        Ok(r.mirrored())
    }

    /// The positions where at least one match starts (computed once, by
    /// matching the reversed pattern backwards from every position).
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn starts(&mut self, budget: &mut Budget) -> Result<&PosSet, Interrupt> {
        if self.starts.is_none() {
            let all = PosSet::from_to_end(self.engine.positions(), 0);
            self.starts = Some(self.starts_of_matches_ending_in(&all, budget)?);
        }
        Ok(self.starts.as_ref().expect("computed above"))
    }

    /// Leftmost match at or after `from`, longest at that position:
    /// `(start, end)` (for `${x/pat/rep}`).
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn find(
        &mut self,
        from: usize,
        budget: &mut Budget,
    ) -> Result<Option<(usize, usize)>, Interrupt> {
        let Some(s) = self.starts(budget)?.next_from(from) else {
            return Ok(None);
        };
        Ok(self.match_at(s, true, budget)?.map(|e| (s, e)))
    }

    /// The start of the shortest (or longest) suffix of the text that
    /// matches (`${x%p}`, `${x%%p}`).
    ///
    /// # Errors
    /// The budget's interrupt (see [`Budget`]).
    pub fn suffix(
        &mut self,
        longest: bool,
        budget: &mut Budget,
    ) -> Result<Option<usize>, Interrupt> {
        let end = PosSet::single(self.engine.positions(), self.text.len());
        let starts = self.starts_of_matches_ending_in(&end, budget)?;
        Ok(if longest {
            starts.first()
        } else {
            starts.last()
        })
    }
}

/// The pattern that matches the reverse of every text `elems` matches.
fn reversed(elems: &[Elem]) -> Vec<Elem> {
    elems
        .iter()
        .rev()
        .map(|e| match e {
            Elem::Ext(op, alts) => Elem::Ext(*op, alts.iter().map(|a| reversed(a)).collect()),
            other => other.clone(),
        })
        .collect()
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
