//! The hand-written redirection parser that `redirect.rs` replaced,
//! kept (for tests only) as the reference the nom version is checked
//! against by `differential.rs` until the migration is proven; then it
//! goes.

use crate::ast::{CompactString, RedirFd, RedirOp, RedirTarget, Redirect, WordPart};
use crate::error::ParseError;
use crate::parser::Parser;
use crate::word::WordCtx;

impl Parser<'_> {
    pub(crate) fn legacy_parse_redirect(&mut self) -> Result<Redirect, ParseError> {
        let start = self.pos;
        let fd = match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let s = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                Some(RedirFd::Number(
                    self.src[s..self.pos].parse::<u32>().unwrap_or(u32::MAX),
                ))
            }
            Some(b'{') => {
                let s = self.pos + 1;
                let e = s + crate::word::memchr(b'}', &self.b[s..]).unwrap_or(0);
                self.pos = e + 1;
                Some(RedirFd::Var(CompactString::from(&self.src[s..e])))
            }
            _ => None,
        };
        let ops: [(&str, RedirOp); 12] = [
            ("&>>", RedirOp::AppendBoth),
            ("&>", RedirOp::WriteBoth),
            ("<<<", RedirOp::HereString),
            ("<<-", RedirOp::HereDoc { strip_tabs: true }),
            ("<<", RedirOp::HereDoc { strip_tabs: false }),
            ("<>", RedirOp::ReadWrite),
            ("<&", RedirOp::DupRead),
            ("<", RedirOp::Read),
            (">>", RedirOp::Append),
            (">|", RedirOp::Clobber),
            (">&", RedirOp::DupWrite),
            (">", RedirOp::Write),
        ];
        let Some(&(text, mut op)) = ops.iter().find(|(t, _)| self.starts_with(t)) else {
            return Err(self.unexpected());
        };
        self.pos += text.len();
        self.skip_blanks();
        if !self.at_word_start() {
            return Err(self.unexpected());
        }
        if let RedirOp::HereDoc { strip_tabs } = op {
            let target = self.heredoc_delimiter(strip_tabs)?;
            return Ok(Redirect {
                fd,
                op,
                target,
                span: self.span_from(start),
            });
        }
        let word = self.parse_word(WordCtx::Normal)?;
        if op == RedirOp::DupWrite
            && fd.is_none()
            && let [WordPart::Literal(l)] = word.parts.as_slice()
        {
            let digits = l.trim_end_matches('-');
            if l != "-" && !digits.bytes().all(|c| c.is_ascii_digit()) {
                op = RedirOp::WriteBoth;
            }
        }
        Ok(Redirect {
            fd,
            op,
            target: RedirTarget::Word(word),
            span: self.span_from(start),
        })
    }
}
