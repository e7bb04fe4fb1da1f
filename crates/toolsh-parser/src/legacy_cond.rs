//! The hand-written `[[ ]]` parser that `cond.rs` replaced, kept (for
//! tests only) as the reference the nom version is checked against by
//! `differential.rs` until the migration is proven; then it goes.

use crate::ast::{CompactString, CompoundCommand, CondBinaryOp, CondExpr, Word};
use crate::cond::{BINARY, UNARY};
use crate::error::{ParseError, ParseErrorKind};
use crate::lexer::is_meta;
use crate::parser::Parser;
use crate::word::WordCtx;

impl Parser<'_> {
    pub(crate) fn legacy_cond_command(
        &mut self,
        start: usize,
    ) -> Result<CompoundCommand, ParseError> {
        self.pos += 2;
        let e = self.legacy_cond_or()?;
        self.skip_blanks();
        if self.at_reserved("]]") {
            self.pos += 2;
            return Ok(CompoundCommand::Cond(Box::new(e), self.span_from(start)));
        }
        if self.at_eof() || self.peek() == Some(b'\n') {
            let kind = if self.at_eof() {
                ParseErrorKind::Incomplete
            } else {
                ParseErrorKind::UnexpectedToken
            };
            return Err(self.error(
                kind,
                "unexpected EOF while looking for `]]'".to_string(),
                self.pos,
            ));
        }
        let tok = self.token_text();
        Err(self.error(
            ParseErrorKind::UnexpectedToken,
            format!("syntax error in conditional expression: unexpected token `{tok}'"),
            self.pos,
        ))
    }

    fn legacy_cond_blanks(&mut self) -> Result<(), ParseError> {
        self.skip_newlines()
    }

    fn legacy_cond_or(&mut self) -> Result<CondExpr, ParseError> {
        let mut lhs = self.legacy_cond_and()?;
        let mut chain = 0;
        loop {
            self.skip_blanks();
            if self.starts_with("||") {
                self.pos += 2;
                self.enter()?;
                chain += 1;
                let rhs = self.legacy_cond_and()?;
                lhs = CondExpr::Or(Box::new(lhs), Box::new(rhs));
            } else {
                self.depth -= chain;
                return Ok(lhs);
            }
        }
    }

    fn legacy_cond_and(&mut self) -> Result<CondExpr, ParseError> {
        let mut lhs = self.legacy_cond_not()?;
        let mut chain = 0;
        loop {
            self.skip_blanks();
            if self.starts_with("&&") {
                self.pos += 2;
                self.enter()?;
                chain += 1;
                let rhs = self.legacy_cond_not()?;
                lhs = CondExpr::And(Box::new(lhs), Box::new(rhs));
            } else {
                self.depth -= chain;
                return Ok(lhs);
            }
        }
    }

    fn legacy_cond_not(&mut self) -> Result<CondExpr, ParseError> {
        self.legacy_cond_blanks()?;
        if self.peek() == Some(b'!')
            && self
                .peek_at(1)
                .is_none_or(|c| matches!(c, b' ' | b'\t' | b'\n'))
        {
            self.pos += 1;
            self.enter()?;
            let e = self.legacy_cond_not()?;
            self.leave();
            return Ok(CondExpr::Not(Box::new(e)));
        }
        self.legacy_cond_primary()
    }

    fn legacy_cond_token_error(&mut self, what: &str) -> ParseError {
        let tok = if self.at_eof() {
            "EOF".to_string()
        } else {
            self.token_text()
        };
        let kind = if self.at_eof() {
            ParseErrorKind::Incomplete
        } else {
            ParseErrorKind::UnexpectedToken
        };
        let msg = what.replace("{}", &tok);
        self.error(kind, msg, self.pos)
    }

    /// `true` when the cursor is at a word operand (not `]]`, `&&`, ...).
    fn legacy_at_cond_word(&self) -> bool {
        self.at_word_start() && !self.at_reserved("]]")
    }

    fn legacy_cond_word(&mut self) -> Result<Word, ParseError> {
        self.parse_word(WordCtx::Pattern)
    }

    fn legacy_cond_primary(&mut self) -> Result<CondExpr, ParseError> {
        self.legacy_cond_blanks()?;
        if self.peek() == Some(b'(') {
            self.pos += 1;
            self.enter()?;
            let e = self.legacy_cond_or()?;
            self.skip_newlines()?;
            if self.peek() != Some(b')') {
                return Err(self.legacy_cond_token_error("unexpected token `{}', expected `)'"));
            }
            self.pos += 1;
            self.leave();
            self.skip_newlines()?;
            return Ok(CondExpr::Group(Box::new(e)));
        }
        if !self.legacy_at_cond_word() {
            return Err(
                self.legacy_cond_token_error("unexpected token `{}' in conditional command")
            );
        }
        let first_start = self.pos;
        let first = self.legacy_cond_word()?;
        let first_text = &self.src[first_start..self.pos];
        if UNARY.contains(&first_text) {
            let op = CompactString::from(first_text);
            self.skip_blanks();
            if !self.legacy_at_cond_word() {
                return Err(self.legacy_cond_token_error(
                    "unexpected argument `{}' to conditional unary operator",
                ));
            }
            let operand = self.legacy_cond_word()?;
            // After a complete test, newlines (and comments) may come
            // before `&&`, `||`, `)` or `]]`; after a lone word they may
            // not (bash: "conditional binary operator expected").
            self.skip_newlines()?;
            return Ok(CondExpr::Unary { op, operand });
        }
        self.skip_blanks();
        if self.at_reserved("]]")
            || self.at_eof()
            || self.starts_with("&&")
            || self.starts_with("||")
            || self.peek() == Some(b')')
        {
            return Ok(CondExpr::Word(first));
        }
        let Some(&(text, op)) = BINARY.iter().find(|(t, _)| {
            self.starts_with(t)
                && (matches!(*t, "<" | ">") || self.peek_at(t.len()).is_none_or(is_meta))
        }) else {
            if self.at_word_start() {
                return Err(self.error(
                    ParseErrorKind::UnexpectedToken,
                    "conditional binary operator expected".to_string(),
                    self.pos,
                ));
            }
            let tok = self.token_text();
            return Err(self.error(
                ParseErrorKind::UnexpectedToken,
                format!("unexpected token `{tok}', conditional binary operator expected"),
                self.pos,
            ));
        };
        self.pos += text.len();
        self.skip_blanks();
        let rhs = if op == CondBinaryOp::RegexMatch {
            if !(self.at_word_start() || self.peek() == Some(b'(')) || self.at_reserved("]]") {
                return Err(self.legacy_cond_token_error(
                    "unexpected argument `{}' to conditional binary operator",
                ));
            }
            self.parse_word(WordCtx::Regex)?
        } else {
            if !self.legacy_at_cond_word() {
                return Err(self.legacy_cond_token_error(
                    "unexpected argument `{}' to conditional binary operator",
                ));
            }
            self.legacy_cond_word()?
        };
        self.skip_newlines()?;
        Ok(CondExpr::Binary {
            op,
            lhs: first,
            rhs,
        })
    }
}
