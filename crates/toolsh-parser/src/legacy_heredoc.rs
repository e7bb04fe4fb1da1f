//! The hand-written here-document body parser `heredoc.rs` held before
//! the body moved onto nom, kept (for tests only) as the reference the
//! nom version is checked against by `differential.rs` until the
//! migration is proven; then it goes.

use crate::ast::{Span, Word};
use crate::error::ParseError;
use crate::heredoc::FillBodies;
use crate::parser::Parser;
use crate::visit::VisitMut;
use crate::word::{DqMode, Parts};

impl Parser<'_> {
    /// An unquoted here-document body: the whole text, expanded as inside
    /// double quotes except that `"` is ordinary.
    pub(crate) fn legacy_heredoc_body(&mut self) -> Result<Word, ParseError> {
        let start = self.pos;
        self.enter()?;
        let mut parts = Parts::default();
        while !self.at_eof() {
            self.dq_char(&mut parts, DqMode::HereDoc)?;
        }
        self.leave();
        let mut parts = parts.0;
        if !self.bodies.is_empty() {
            // Here-documents inside substitutions of this body.
            let mut w = Word {
                parts: std::mem::take(&mut parts),
                span: Span::default(),
            };
            let mut bodies = std::mem::take(&mut self.bodies);
            FillBodies(&mut bodies).visit_word(&mut w);
            parts = w.parts;
        }
        Ok(Word {
            parts,
            span: self.span_from(start),
        })
    }
}
