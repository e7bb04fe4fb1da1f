//! The hand-written assignment parser that `assign.rs` replaced, kept
//! (for tests only) as the reference the nom version is checked against
//! by `differential.rs` until the migration is proven; then it goes.

use crate::ast::{ArrayItem, AssignValue, Assignment, CompactString};
use crate::command::AssignShape;
use crate::error::ParseError;
use crate::parser::Parser;
use crate::word::WordCtx;

impl Parser<'_> {
    pub(crate) fn legacy_parse_assignment(
        &mut self,
        shape: &AssignShape,
    ) -> Result<Assignment, ParseError> {
        let start = self.pos;
        let name = CompactString::from(&self.src[start..shape.name_end]);
        self.pos = shape.name_end;
        let subscript = if self.peek() == Some(b'[') {
            let open = self.pos;
            self.pos += 1;
            let w = self.parse_word(WordCtx::Subscript)?;
            if self.peek() != Some(b']') {
                return Err(self.eof_matching(']', open));
            }
            self.pos += 1;
            Some(w)
        } else {
            None
        };
        self.pos = shape.eq + 1;
        let value = if self.peek() == Some(b'(') {
            AssignValue::Array(self.legacy_array_items()?)
        } else {
            AssignValue::Scalar(self.parse_word(WordCtx::Assign)?)
        };
        Ok(Assignment {
            name,
            subscript,
            append: shape.append,
            value,
            span: self.span_from(start),
        })
    }

    /// `(item ...)` of a compound array assignment.
    fn legacy_array_items(&mut self) -> Result<Vec<ArrayItem>, ParseError> {
        let open = self.pos;
        self.pos += 1;
        self.enter()?;
        let mut items = Vec::new();
        loop {
            self.skip_newlines()?;
            match self.peek() {
                None => return Err(self.eof_matching(')', open)),
                Some(b')') => {
                    self.pos += 1;
                    break;
                }
                Some(_) if !self.at_word_start() => return Err(self.unexpected()),
                Some(b'[') => {
                    if let Some(item) = self.legacy_keyed_item()? {
                        items.push(item);
                    } else {
                        items.push(ArrayItem::Value(self.parse_word(WordCtx::Normal)?));
                    }
                }
                Some(_) => items.push(ArrayItem::Value(self.parse_word(WordCtx::Normal)?)),
            }
        }
        self.leave();
        Ok(items)
    }

    /// `[key]=value` at the cursor, or `None` (cursor unchanged).
    fn legacy_keyed_item(&mut self) -> Result<Option<ArrayItem>, ParseError> {
        let cp = self.checkpoint();
        self.pos += 1;
        let key = self.parse_word(WordCtx::Subscript)?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            let append = self.peek() == Some(b'+');
            if append {
                self.pos += 1;
            }
            if self.peek() == Some(b'=') {
                self.pos += 1;
                let value = self.parse_word(WordCtx::Assign)?;
                return Ok(Some(ArrayItem::Keyed { key, value, append }));
            }
        }
        self.restore(cp);
        Ok(None)
    }
}
