//! Comments in the canonical layout: where the printer puts each of a
//! script's [`Comment`]s among the items it prints.

use crate::ast::{Comment, List, Script};
use crate::printer::Printer;

impl<'a> Printer<'a> {
    /// A canonical printer that prints `script`'s comments with it.
    pub(crate) fn with_comments(script: &'a Script) -> Self {
        let mut p = Printer::default();
        p.comments = &script.comments;
        p
    }
}

/// Comments. A comment is printed where a list item may start: those
/// before an item on their own lines above it, one on the line after an
/// item at the end of that line, those before the keyword that ends a
/// body at the end of the body. A comment the tree has no place for
/// (inside a command, a substitution or a `case` pattern list) goes to the
/// next such place; none is dropped and the order is kept. Positions are
/// the comments' source offsets against the items' spans, so a tree built
/// by hand (spans zero) gets its comments at the first place.
impl<'a> Printer<'a> {
    /// The next comment to print, if any.
    pub(crate) fn next_comment(&self) -> Option<&'a Comment> {
        self.comments.get(self.next_comment)
    }

    /// `true` at the start of an output line.
    pub(crate) fn at_line_start(&self) -> bool {
        self.out.is_empty() || self.out.ends_with('\n')
    }

    /// Prints one comment on its own line at the current indentation.
    pub(crate) fn own_line_comment(&mut self) {
        let text = &self.comments[self.next_comment].text;
        self.next_comment += 1;
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
        self.comment_mark = self.out.len();
    }

    /// At the start of a line: the comments that begin before offset
    /// `before`, each on its own line.
    pub(crate) fn comments_before(&mut self, before: u32) {
        if !self.at_line_start() {
            return;
        }
        self.comment_mark = self.out.len();
        while self.next_comment().is_some_and(|c| c.span.start < before) {
            self.own_line_comment();
        }
    }

    /// At the start of a line: the comments followed by a token before
    /// offset `bound` (the end of the body being printed), each on its own
    /// line.
    pub(crate) fn comments_ending_before(&mut self, bound: u32) {
        if !self.at_line_start() {
            return;
        }
        self.comment_mark = self.out.len();
        while self.next_comment().is_some_and(|c| c.next_token < bound) {
            self.own_line_comment();
        }
    }

    /// After an item, before its newline: a comment that was on the line
    /// after it (or inside it) and is followed by a token before `bound`.
    pub(crate) fn trailing_comment(&mut self, bound: u32) {
        if self.backslash_end == Some(self.out.len()) {
            return;
        }
        if let Some(c) = self.next_comment()
            && !c.own_line
            && c.next_token < bound
        {
            self.out.push(' ');
            self.out.push_str(&c.text);
            self.next_comment += 1;
        }
    }

    /// `true` when a comment waits that belongs before offset `bound`
    /// (such a list cannot be printed on its keyword's line).
    pub(crate) fn comment_within(&self, bound: u32) -> bool {
        self.next_comment().is_some_and(|c| c.next_token < bound)
    }

    /// The end of a whole script: every comment left.
    pub(crate) fn remaining_comments(&mut self) {
        if self.next_comment().is_none() {
            return;
        }
        if !self.at_line_start() {
            if self.backslash_end == Some(self.out.len()) {
                // A newline would make the final `\` a line continuation:
                // the comments go on lines before the last place one could
                // go.
                let mut lines = String::new();
                for c in &self.comments[self.next_comment..] {
                    lines.push_str(&c.text);
                    lines.push('\n');
                }
                self.next_comment = self.comments.len();
                let at = self.comment_mark.min(self.out.len());
                self.out.insert_str(at, &lines);
                self.backslash_end = Some(self.out.len());
                return;
            }
            self.newline();
        }
        while self.next_comment().is_some() {
            self.own_line_comment();
        }
    }
}

/// Where the first item of `l` starts, or `fallback` when it has none.
pub(crate) fn list_start(l: &List, fallback: u32) -> u32 {
    l.items.first().map_or(fallback, |i| i.span.start)
}
