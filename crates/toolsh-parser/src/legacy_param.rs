//! The hand-written parameter-operator parser that `param_op.rs`
//! replaced, kept (for tests only) as the reference the nom version is
//! checked against by `differential.rs` until the migration is proven;
//! then it goes.

use crate::ast::{CaseMode, DefaultKind, ParamOp, ReplaceMode};
use crate::error::ParseError;
use crate::param::default_kind;
use crate::parser::Parser;

impl Parser<'_> {
    pub(crate) fn legacy_param_op(
        &mut self,
        in_dq: bool,
        open: usize,
    ) -> Result<Option<ParamOp>, ParseError> {
        let Some(c) = self.peek() else {
            return Err(self.eof_matching('}', open));
        };
        let op = match c {
            b'}' => return Ok(None),
            b':' => {
                let kind = self.peek_at(1).and_then(default_kind);
                if let Some(kind) = kind {
                    self.pos += 2;
                    let word = self.op_word(in_dq, false, false)?;
                    ParamOp::Default {
                        kind,
                        colon: true,
                        word,
                    }
                } else {
                    self.pos += 1;
                    let offset = self.arith_in_param(b":}", open)?;
                    let length = if self.peek() == Some(b':') {
                        self.pos += 1;
                        Some(self.arith_in_param(b"}", open)?)
                    } else {
                        None
                    };
                    ParamOp::Substring { offset, length }
                }
            }
            c if default_kind(c).is_some() => {
                self.pos += 1;
                let word = self.op_word(in_dq, false, false)?;
                ParamOp::Default {
                    kind: default_kind(c).unwrap_or(DefaultKind::UseDefault),
                    colon: false,
                    word,
                }
            }
            b'#' | b'%' => {
                self.pos += 1;
                let longest = self.peek() == Some(c);
                if longest {
                    self.pos += 1;
                }
                let pattern = self.op_word(in_dq, true, false)?;
                if c == b'#' {
                    ParamOp::RemovePrefix { longest, pattern }
                } else {
                    ParamOp::RemoveSuffix { longest, pattern }
                }
            }
            b'/' => {
                self.pos += 1;
                let mode = match self.peek() {
                    Some(b'/') => ReplaceMode::All,
                    Some(b'#') => ReplaceMode::Prefix,
                    Some(b'%') => ReplaceMode::Suffix,
                    _ => ReplaceMode::First,
                };
                if mode != ReplaceMode::First {
                    self.pos += 1;
                }
                let pattern = self.op_word(in_dq, true, true)?;
                let replacement = if self.peek() == Some(b'/') {
                    self.pos += 1;
                    // bash 5.2 removes single quotes in the replacement
                    // too, even inside double quotes.
                    Some(self.op_word(in_dq, true, false)?)
                } else {
                    None
                };
                ParamOp::Replace {
                    mode,
                    pattern,
                    replacement,
                }
            }
            b'^' | b',' | b'~' => {
                self.pos += 1;
                let all = self.peek() == Some(c);
                if all {
                    self.pos += 1;
                }
                let mode = match (c, all) {
                    (b'^', false) => CaseMode::UpperFirst,
                    (b'^', true) => CaseMode::UpperAll,
                    (b'~', false) => CaseMode::ToggleFirst,
                    (b'~', true) => CaseMode::ToggleAll,
                    (_, false) => CaseMode::LowerFirst,
                    (_, true) => CaseMode::LowerAll,
                };
                let w = self.op_word(in_dq, true, false)?;
                let pattern = if w.parts.is_empty() { None } else { Some(w) };
                ParamOp::Case { mode, pattern }
            }
            b'@' => match self.peek_at(1) {
                Some(t @ (b'Q' | b'E' | b'P' | b'A' | b'a' | b'U' | b'u' | b'L' | b'K' | b'k'))
                    if self.peek_at(2) == Some(b'}') =>
                {
                    self.pos += 2;
                    ParamOp::Transform(t as char)
                }
                _ => return Err(self.bad_substitution(open)),
            },
            _ => return Err(self.bad_substitution(open)),
        };
        Ok(Some(op))
    }
}
