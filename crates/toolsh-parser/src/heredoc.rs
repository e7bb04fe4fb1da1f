//! Here-documents (bash manual 3.6.6): delimiters, and bodies read after
//! the next newline token. An unquoted body is a nom production ([`body`]:
//! double-quote-like text to the end of a parser over the body alone);
//! finding the body's lines and the delimiter is written out over the
//! bytes (`memchr` for each line's end).
//!
//! The redirection is parsed before its body exists, so it gets a
//! placeholder (an empty body whose span end is [`PLACEHOLDER`] and whose
//! span start is the here-document's id); [`FillBodies`] (a `VisitMut`)
//! swaps the bodies in once the script is parsed.

use crate::ast::{HereDoc, RedirTarget, Redirect, Span, Word, WordPart, WordParts};
use crate::error::{ParseError, ParseErrorKind};
use crate::input::{Flags, Input, PResult};
use crate::parser::Parser;
use crate::visit::{VisitMut, mutable::walk_redirect};
use crate::word::{DqMode, Parts, WordCtx, dq_element};

/// Span end marking a body not yet read.
pub(crate) const PLACEHOLDER: u32 = u32::MAX;

/// Puts the bodies read (indexed by here-document id; each taken once)
/// into the placeholders of the nodes it walks, nested ones included. A
/// placeholder whose body never came (the text ended first) gets an empty
/// body with a default span.
pub(crate) struct FillBodies<'a>(pub &'a mut Vec<Option<HereDoc>>);

impl VisitMut for FillBodies<'_> {
    fn visit_redirect(&mut self, r: &mut Redirect) {
        if let RedirTarget::HereDoc(h) = &mut r.target
            && h.body.span.end == PLACEHOLDER
        {
            if let Some(Some(body)) = self.0.get_mut(h.body.span.start as usize).map(Option::take) {
                *h = body;
            } else {
                h.body.span = Span::default();
            }
        }
        walk_redirect(self, r);
    }
}

/// A here-document whose body has not been read yet.
pub(crate) struct PendingHereDoc {
    id: usize,
    delimiter: String,
    quoted: bool,
    strip_tabs: bool,
}

impl Parser<'_> {
    /// Parses the delimiter word after `<<` / `<<-` and registers the
    /// pending body.
    pub(crate) fn heredoc_delimiter(
        &mut self,
        strip_tabs: bool,
    ) -> Result<RedirTarget, ParseError> {
        let start = self.pos;
        let bodies_before = self.bodies.len();
        self.parse_word(WordCtx::Pattern)?;
        if self.bodies.len() != bodies_before {
            // `cat <<a$( <<b)c`: bash reads b's body from the lines after
            // the command and folds it into the delimiter it then looks
            // for, which no later line can match. Refused instead: the
            // delimiter is compared as text, so a here-document inside it
            // has no meaning (docs/compatibility.md).
            return Err(self.error(
                ParseErrorKind::Invalid,
                "here-document delimiter contains a here-document".to_string(),
                start,
            ));
        }
        let raw = &self.src[start..self.pos];
        let (delimiter, quoted) = unquote(raw);
        self.heredoc_count += 1;
        if self.heredoc_count > self.limits.max_heredocs {
            return Err(self.error(
                ParseErrorKind::LimitExceeded,
                format!(
                    "here-document limit exceeded ({} here-documents)",
                    self.limits.max_heredocs
                ),
                start,
            ));
        }
        let id = self.bodies.len();
        self.bodies.push(None);
        self.pending.push(PendingHereDoc {
            id,
            delimiter: delimiter.clone(),
            quoted,
            strip_tabs,
        });
        Ok(RedirTarget::HereDoc(HereDoc {
            delimiter,
            quoted,
            body: Word {
                parts: WordParts::new(),
                span: Span {
                    start: u32::try_from(id).unwrap_or(u32::MAX),
                    end: PLACEHOLDER,
                    line: 0,
                    column: 0,
                },
            },
        }))
    }

    /// Reads the bodies of all pending here-documents, starting at the
    /// cursor (just after a newline, or at the end of input).
    pub(crate) fn read_heredoc_bodies(&mut self) -> Result<(), ParseError> {
        let pending = std::mem::take(&mut self.pending);
        for h in pending {
            let body_start = self.pos;
            let mut body_end = self.b.len();
            let mut stripped = String::new();
            while self.pos < self.b.len() {
                let line_start = self.pos;
                let line_end = crate::word::memchr(b'\n', &self.b[line_start..])
                    .map_or(self.b.len(), |i| line_start + i);
                let line = &self.src[line_start..line_end];
                let check = if h.strip_tabs {
                    line.trim_start_matches('\t')
                } else {
                    line
                };
                self.pos = (line_end + 1).min(self.b.len());
                if check == h.delimiter {
                    body_end = line_start;
                    break;
                }
                if h.strip_tabs {
                    stripped.push_str(check);
                    stripped.push('\n');
                }
            }
            // bash ends a body cut off by the end of input with a newline.
            let missing_newline = body_end > body_start && self.b[body_end - 1] != b'\n';
            let body = if h.quoted {
                let mut text = if h.strip_tabs {
                    stripped
                } else {
                    self.src[body_start..body_end].to_string()
                };
                if missing_newline && !h.strip_tabs {
                    text.push('\n');
                }
                let parts = if text.is_empty() {
                    WordParts::new()
                } else {
                    smallvec::smallvec![WordPart::Literal(text.into())]
                };
                Word {
                    parts,
                    span: self.span(body_start, body_end),
                }
            } else if h.strip_tabs {
                let mut sub = self.derived(&stripped, body_start);
                let mut w = sub.heredoc_body()?;
                self.heredoc_count = sub.heredoc_count;
                self.comments.append(&mut sub.comments);
                w.span = self.span(body_start, body_end);
                w
            } else {
                let mut sub = self.prefix(body_end, body_start);
                let mut w = sub.heredoc_body()?;
                self.heredoc_count = sub.heredoc_count;
                self.comments.append(&mut sub.comments);
                w.span = self.span(body_start, body_end);
                if missing_newline {
                    let mut parts = crate::word::Parts(std::mem::take(&mut w.parts));
                    parts.ch('\n');
                    w.parts = parts.0;
                }
                w
            };
            self.bodies[h.id] = Some(HereDoc {
                delimiter: h.delimiter,
                quoted: h.quoted,
                body,
            });
        }
        Ok(())
    }

    /// Text parsed as a here-document body at run time
    /// ([`crate::parse_expandable_text`]).
    pub(crate) fn heredoc_text(&mut self) -> Result<Word, ParseError> {
        self.heredoc_body()
    }

    /// An unquoted here-document body: the whole text, expanded as inside
    /// double quotes except that `"` is ordinary ([`body`]).
    fn heredoc_body(&mut self) -> Result<Word, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_heredoc() {
            return self.legacy_heredoc_body();
        }
        self.run_nom(Flags::default(), body)
            .map_err(|e| self.grammar_error(e))
    }
}

/// An unquoted here-document body, the whole text of the input (the
/// host is a parser over the body alone), one level deeper: elements of
/// double-quote-like text (`word::dq_element`) to the end. Bodies of
/// here-documents begun inside its substitutions are filled in.
fn body<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, Word> {
    let start = i.pos;
    let mut j = i.deeper()?;
    let mut parts = Parts::default();
    while !j.at_end() {
        j = dq_element(j, &mut parts, DqMode::HereDoc)?.0;
    }
    let j = j.leave_to(&i);
    let mut parts = parts.0;
    let mut host = j.host().borrow_mut();
    if !host.bodies.is_empty() {
        // Here-documents inside substitutions of this body.
        let mut w = Word {
            parts: std::mem::take(&mut parts),
            span: Span::default(),
        };
        let mut bodies = std::mem::take(&mut host.bodies);
        FillBodies(&mut bodies).visit_word(&mut w);
        parts = w.parts;
    }
    let span = host.span(start, j.pos);
    drop(host);
    Ok((j, Word { parts, span }))
}

/// The delimiter with quote removal, and whether any part was quoted.
fn unquote(raw: &str) -> (String, bool) {
    let mut out = String::new();
    let mut quoted = false;
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                quoted = true;
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            '\'' => {
                quoted = true;
                for n in chars.by_ref() {
                    if n == '\'' {
                        break;
                    }
                    out.push(n);
                }
            }
            '"' => {
                quoted = true;
                while let Some(n) = chars.next() {
                    match n {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => {
                            if let Some(e) = chars.next() {
                                out.push(e);
                            }
                        }
                        n => out.push(n),
                    }
                }
            }
            '$' if matches!(chars.peek(), Some('\'' | '"')) => {}
            c => out.push(c),
        }
    }
    (out, quoted)
}
