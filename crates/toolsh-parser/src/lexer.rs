//! Token-level lexing: blanks, comments, operators and reserved words.

use crate::parser::Parser;

/// Control operators and the newline token (bash manual 2 "Definitions").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    AndAnd,
    OrOr,
    Semi,
    DSemi,
    SemiAmp,
    DSemiAmp,
    Amp,
    Pipe,
    PipeAmp,
    LParen,
    RParen,
    Newline,
}

impl Op {
    pub(crate) fn len(self) -> usize {
        match self {
            Op::Semi | Op::Amp | Op::Pipe | Op::LParen | Op::RParen | Op::Newline => 1,
            Op::DSemiAmp => 3,
            _ => 2,
        }
    }
}

/// Byte classes for the lexer's hottest tests, one table load each.
const META: u8 = 1;
const NAME_START: u8 = 2;
const NAME_CHAR: u8 = 4;
/// A byte that starts a control operator (`\n & | ; ( )`).
const OP_START: u8 = 8;
/// A byte that may start a redirection (`< > &`, a digit, `{`).
const REDIR_START: u8 = 16;
/// A byte that never starts anything special in an unquoted word: not a
/// metacharacter, quote, expansion, brace, bracket, `/`, `:`, or extglob
/// operator.
const PLAIN: u8 = 32;

/// A byte that ends a run of literal text inside double quotes (and in
/// an unquoted here-document body): a backslash, `$`, a backquote or `"`.
const DQ_STOP: u8 = 64;
/// A byte that ends a run of literal text in arithmetic kept for run
/// time: a [`DQ_STOP`] byte or one of `( ) : } [ ] ;`.
const ARITH_STOP: u8 = 128;

static BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut class = 0;
        if matches!(
            c,
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')'
        ) {
            class |= META;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            class |= NAME_START | NAME_CHAR;
        }
        if c.is_ascii_digit() {
            class |= NAME_CHAR | REDIR_START;
        }
        if matches!(c, b'\n' | b'&' | b'|' | b';' | b'(' | b')') {
            class |= OP_START;
        }
        if matches!(c, b'<' | b'>' | b'&' | b'{') {
            class |= REDIR_START;
        }
        if class & META == 0
            && !matches!(
                c,
                b'\\' | b'\'' | b'"' | b'$' | b'`' | b'{' | b'}' | b'[' | b']' | b'/' | b':' | b'('
            )
            && !matches!(c, b'@' | b'*' | b'+' | b'?' | b'!')
        {
            class |= PLAIN;
        }
        if matches!(c, b'\\' | b'$' | b'`' | b'"') {
            class |= DQ_STOP | ARITH_STOP;
        }
        if matches!(c, b'(' | b')' | b':' | b'}' | b'[' | b']' | b';') {
            class |= ARITH_STOP;
        }
        t[b] = class;
        b += 1;
    }
    t
};

/// A metacharacter (bash manual 2 "metacharacter": blank, newline,
/// `; & | < > ( )`): ends an unquoted word.
#[inline]
pub(crate) fn is_meta(b: u8) -> bool {
    BYTE_CLASS[b as usize] & META != 0
}

/// A byte that may start a name (bash manual 2 "name"): a letter or `_`.
#[inline]
pub(crate) fn is_name_start(b: u8) -> bool {
    BYTE_CLASS[b as usize] & NAME_START != 0
}

/// A byte that may continue a name: a letter, a digit or `_`.
#[inline]
pub(crate) fn is_name_char(b: u8) -> bool {
    BYTE_CLASS[b as usize] & NAME_CHAR != 0
}

/// A byte that never starts anything special in an unquoted word (see
/// `PLAIN`): a run of them is literal text.
#[inline]
pub(crate) fn is_plain(b: u8) -> bool {
    BYTE_CLASS[b as usize] & PLAIN != 0
}

/// A byte that ends literal text inside double quotes (see `DQ_STOP`).
#[inline]
pub(crate) fn is_dq_stop(b: u8) -> bool {
    BYTE_CLASS[b as usize] & DQ_STOP != 0
}

/// A byte that ends literal text in deferred arithmetic (see
/// `ARITH_STOP`).
#[inline]
pub(crate) fn is_arith_stop(b: u8) -> bool {
    BYTE_CLASS[b as usize] & ARITH_STOP != 0
}

/// A byte that may start a redirection operator or its fd prefix.
#[inline]
pub(crate) fn may_start_redirect(b: u8) -> bool {
    BYTE_CLASS[b as usize] & REDIR_START != 0
}

/// Words that are reserved in command position (bash manual 2 "reserved
/// word").
pub(crate) const RESERVED: &[&str] = &[
    "if", "then", "elif", "else", "fi", "time", "for", "in", "until", "while", "do", "done",
    "case", "esac", "coproc", "select", "function", "{", "}", "[[", "]]", "!",
];

impl Parser<'_> {
    /// Skips blanks, line continuations and a comment (not the newline).
    pub(crate) fn skip_blanks(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t') => self.pos += 1,
                Some(b'\\') if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                Some(b'#') => self.comment(),
                _ => return,
            }
        }
    }

    /// Consumes a comment (the `#` at the cursor through the end of the
    /// line, not the newline) and records it. A comment met again after
    /// backtracking is recorded once.
    #[cold]
    fn comment(&mut self) {
        let start = self.pos;
        let end = memchr::memchr(b'\n', &self.b[start..]).map_or(self.b.len(), |i| start + i);
        self.pos = end;
        self.record_comment(start, end);
    }

    /// Records the comment at local offsets `start..end` (from its `#` to
    /// the end of its line); one met again after backtracking is recorded
    /// once.
    #[cold]
    pub(crate) fn record_comment(&mut self, start: usize, end: usize) {
        let span = self.span(start, end);
        if self
            .comments
            .last()
            .is_some_and(|c| c.span.start >= span.start)
        {
            return;
        }
        let own_line = self.b[..start]
            .iter()
            .rev()
            .find(|&&c| c != b' ' && c != b'\t')
            .is_none_or(|&c| c == b'\n');
        self.comments.push(crate::ast::Comment {
            text: self.src[start..end].to_string(),
            span,
            own_line,
            next_token: span.end,
        });
    }

    /// The control operator at the cursor, if any (longest match). `&>` is
    /// a redirection, not `&`.
    #[inline]
    pub(crate) fn peek_op(&self) -> Option<Op> {
        let c = self.peek()?;
        if BYTE_CLASS[c as usize] & OP_START == 0 {
            return None;
        }
        self.op_at_offset(self.pos, c)
    }

    /// The control operator at local offset `at`, whose byte is `c`.
    #[inline(never)]
    fn op_at_offset(&self, at: usize, c: u8) -> Option<Op> {
        let n = self.b.get(at + 1).copied();
        Some(match c {
            b'\n' => Op::Newline,
            b'&' => match n {
                Some(b'&') => Op::AndAnd,
                Some(b'>') => return None,
                _ => Op::Amp,
            },
            b'|' => match n {
                Some(b'|') => Op::OrOr,
                Some(b'&') => Op::PipeAmp,
                _ => Op::Pipe,
            },
            b';' => match n {
                Some(b';') => {
                    if self.b.get(at + 2) == Some(&b'&') {
                        Op::DSemiAmp
                    } else {
                        Op::DSemi
                    }
                }
                Some(b'&') => Op::SemiAmp,
                _ => Op::Semi,
            },
            b'(' => Op::LParen,
            b')' => Op::RParen,
            _ => return None,
        })
    }

    /// The reserved word at the cursor, if the text there is exactly one.
    ///
    /// Called at every command start, so it looks at the candidate word
    /// once instead of comparing against each entry of [`RESERVED`]: the
    /// letter words are runs of lowercase letters, which a match must be
    /// since a reserved word ends at a metacharacter.
    #[inline]
    pub(crate) fn peek_reserved(&self) -> Option<&'static str> {
        let (at, answer) = self.reserved_cache.get();
        if at == self.pos {
            return answer;
        }
        let answer = self.find_reserved();
        self.reserved_cache.set((self.pos, answer));
        answer
    }

    /// [`Self::peek_reserved`] without the memo.
    #[inline(never)]
    fn find_reserved(&self) -> Option<&'static str> {
        let rest = &self.b[self.pos.min(self.b.len())..];
        let (word, len): (&'static str, usize) = match *rest.first()? {
            b'{' => ("{", 1),
            b'}' => ("}", 1),
            b'!' => ("!", 1),
            b'[' if rest.get(1) == Some(&b'[') => ("[[", 2),
            b']' if rest.get(1) == Some(&b']') => ("]]", 2),
            b'a'..=b'z' => {
                let len = rest.iter().take_while(|c| c.is_ascii_lowercase()).count();
                let word = match &rest[..len] {
                    b"if" => "if",
                    b"then" => "then",
                    b"elif" => "elif",
                    b"else" => "else",
                    b"fi" => "fi",
                    b"time" => "time",
                    b"for" => "for",
                    b"in" => "in",
                    b"until" => "until",
                    b"while" => "while",
                    b"do" => "do",
                    b"done" => "done",
                    b"case" => "case",
                    b"esac" => "esac",
                    b"coproc" => "coproc",
                    b"select" => "select",
                    b"function" => "function",
                    _ => return None,
                };
                (word, len)
            }
            _ => return None,
        };
        let ends = match rest.get(len).copied() {
            None => true,
            Some(c) if word == "!" => matches!(c, b' ' | b'\t' | b'\n'),
            Some(c) => is_meta(c),
        };
        ends.then_some(word)
    }

    /// `true` if the reserved word `w` is at the cursor.
    pub(crate) fn at_reserved(&self, w: &str) -> bool {
        self.peek_reserved() == Some(w)
    }

    /// Consumes the reserved word `w` (after blanks) or fails with
    /// "unexpected token".
    pub(crate) fn expect_reserved(&mut self, w: &str) -> Result<(), crate::ParseError> {
        self.skip_blanks();
        if self.at_reserved(w) {
            self.pos += w.len();
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    /// The text of the token at the cursor, for error messages.
    pub(crate) fn token_text(&self) -> String {
        self.token_text_at(self.pos)
    }

    /// The text of the token at local offset `at` (`EOF` at the end,
    /// `newline` for a newline), for error messages.
    pub(crate) fn token_text_at(&self, at: usize) -> String {
        let c = self.b.get(at).copied();
        if let Some(op) = c.and_then(|c| self.op_at_offset(at, c)) {
            if op == Op::Newline {
                return "newline".to_string();
            }
            return self.src[at..at + op.len()].to_string();
        }
        let rest = &self.src[at.min(self.src.len())..];
        let b = rest.as_bytes();
        if b.is_empty() {
            return "EOF".to_string();
        }
        // A redirection operator.
        let ops = [
            "&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", ">>", ">|", ">&", "<", ">",
        ];
        for o in ops {
            if rest.starts_with(o) {
                return o.to_string();
            }
        }
        let mut end = 0;
        let mut quote: Option<u8> = None;
        while end < b.len() {
            let c = b[end];
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == b'\'' || c == b'"' => quote = Some(c),
                None if c == b'\\' => end += 1,
                None if is_meta(c) => break,
                None => {}
            }
            end += 1;
        }
        let end = end.min(b.len());
        let mut e = end;
        while !rest.is_char_boundary(e) {
            e += 1;
        }
        rest[..e].to_string()
    }

    /// Consumes a newline token and reads any pending here-document bodies
    /// that start after it.
    pub(crate) fn newline(&mut self) -> Result<(), crate::ParseError> {
        debug_assert_eq!(self.peek(), Some(b'\n'));
        self.pos += 1;
        if !self.pending.is_empty() {
            self.read_heredoc_bodies()?;
        }
        Ok(())
    }

    /// Skips blanks, comments and newline tokens (a "linebreak").
    #[inline]
    pub(crate) fn skip_newlines(&mut self) -> Result<(), crate::ParseError> {
        loop {
            self.skip_blanks();
            if self.peek() == Some(b'\n') {
                self.newline()?;
            } else {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        is_arith_stop, is_dq_stop, is_meta, is_name_char, is_name_start, is_plain,
        may_start_redirect,
    };

    /// The class table against the definitions written out, for all 256
    /// bytes (bash manual 2: metacharacter, name).
    #[test]
    fn byte_classes_match_their_definitions() {
        for b in 0..=255u8 {
            let meta = b" \t\n;&|<>()".contains(&b);
            assert_eq!(is_meta(b), meta, "meta {b}");
            assert_eq!(
                is_name_start(b),
                b.is_ascii_alphabetic() || b == b'_',
                "start {b}"
            );
            assert_eq!(
                is_name_char(b),
                b.is_ascii_alphanumeric() || b == b'_',
                "char {b}"
            );
            let special = b"\\'\"$`{}[]/:(@*+?!".contains(&b);
            assert_eq!(is_plain(b), !meta && !special, "plain {b}");
            let redir = b"<>&{".contains(&b) || b.is_ascii_digit();
            assert_eq!(may_start_redirect(b), redir, "redirect {b}");
            let dq = b"\\$`\"".contains(&b);
            assert_eq!(is_dq_stop(b), dq, "dq {b}");
            assert_eq!(is_arith_stop(b), dq || b"():}[];".contains(&b), "arith {b}");
        }
    }
}
