//! The `declare -f` layout of the printer: function definitions as GNU
//! bash 5.2 prints them for `declare -f`, `typeset -f` and `type` (its
//! `print_cmd.c`): `name () `, the body in `{ ... }` indented by four
//! spaces, one command per line ended by `;`, `then`/`do` placement as
//! bash, `elif` printed as a nested `else if`. Words, assignments and
//! `((...))` commands are printed as written when the definition's source
//! text is known, else in canonical form.

use crate::ast::*;
use crate::printer::{Ctx, Layout, Printer};

impl<'a> Printer<'a> {
    /// The source text of `span`, when known.
    pub(crate) fn verbatim(&self, span: Span) -> Option<&'a str> {
        let (s, base) = self.src?;
        let range = span.range();
        if range.end <= range.start || range.start < base {
            return None;
        }
        s.get(range.start - base..range.end - base)
    }

    /// A word where a command, a redirection, an assignment or a `[[ ]]`
    /// expression holds one.
    pub(crate) fn cmd_word(&mut self, w: &Word) {
        if self.layout == Layout::Canonical {
            self.word(w, Ctx::Unquoted);
            return;
        }
        // `$'...'` is shown decoded, in single quotes, as bash does.
        if let [WordPart::AnsiC(s)] = w.parts.as_slice() {
            self.out.push('\'');
            self.out.push_str(&s.replace('\'', "'\\''"));
            self.out.push('\'');
            return;
        }
        match self.verbatim(w.span) {
            Some(t) => self.out.push_str(t),
            None => self.out.push_str(&crate::print_word(w)),
        }
    }

    /// bash's `semicolon()`: a `;` unless the text just printed ends a
    /// line (a here-document) or is a `&`.
    fn semicolon(&mut self) {
        if !self.out.ends_with(['\n', '&']) {
            self.out.push(';');
        }
    }

    fn pad_to(&mut self, indent: usize) {
        for _ in 0..indent {
            self.out.push(' ');
        }
    }

    /// `name () ` and the body, the braces at `indent`; a definition
    /// inside another one (`nested`) gets the `function` keyword, as bash
    /// prints it.
    pub(crate) fn declare_function(&mut self, def: &FunctionDef, indent: usize, nested: bool) {
        if nested {
            self.out.push_str("function ");
        }
        self.out.push_str(&def.name);
        self.out.push_str(" () \n");
        self.pad_to(indent);
        self.out.push_str("{ \n");
        match &*def.body {
            CompoundCommand::BraceGroup(l, _) => self.declare_list(l, indent + 4, true),
            other => {
                self.pad_to(indent + 4);
                self.declare_compound(other, indent + 4);
            }
        }
        self.out.push('\n');
        self.pad_to(indent);
        self.out.push('}');
        let mark = self.pending.len();
        self.redirects(&def.redirects);
        self.heredoc_bodies(mark);
    }

    /// The items of `l`, one per line at `indent` (the first padded only
    /// when `pad_first`), `;` between them, here-document bodies after
    /// the line that opens them.
    fn declare_list(&mut self, l: &List, indent: usize, pad_first: bool) {
        let mut after_background = false;
        for (i, item) in l.items.iter().enumerate() {
            if i > 0 {
                if after_background {
                    self.out.push(' ');
                } else {
                    // bash drops the first `;` after a here-document body
                    // (its `was_heredoc`).
                    if !std::mem::take(&mut self.was_heredoc) {
                        self.out.push(';');
                    }
                    self.out.push('\n');
                    self.pad_to(indent);
                }
            } else if pad_first {
                self.pad_to(indent);
            }
            let mark = self.pending.len();
            let saved = std::mem::replace(&mut self.indent, indent);
            self.and_or(&item.and_or);
            self.indent = saved;
            after_background = item.background;
            if item.background {
                self.out.push_str(" &");
            }
            self.heredoc_bodies(mark);
        }
    }

    /// The bodies of the here-documents opened since `pending[mark]`, each
    /// on the lines after the current one, then its delimiter.
    fn heredoc_bodies(&mut self, mark: usize) {
        for h in self.pending.split_off(mark) {
            self.was_heredoc = true;
            self.out.push('\n');
            let start = self.out.len();
            for p in &h.body.parts {
                match p {
                    WordPart::Literal(l) => self.out.push_str(l),
                    other => {
                        let w = Word {
                            parts: smallvec::smallvec![other.clone()],
                            span: Span::default(),
                        };
                        self.out.push_str(&crate::print_word(&w));
                    }
                }
            }
            if self.out.len() > start && !self.out.ends_with('\n') {
                self.out.push('\n');
            }
            self.out.push_str(&h.delimiter);
            self.out.push('\n');
        }
    }

    fn arith_or_empty(&mut self, e: Option<&ArithExpr>) {
        match e {
            Some(e) => self.arith(e),
            None => self.out.push('1'),
        }
    }

    /// A compound command starting at the current position of a line
    /// indented by `indent`.
    pub(crate) fn declare_compound(&mut self, c: &CompoundCommand, indent: usize) {
        match c {
            CompoundCommand::BraceGroup(l, _) => {
                self.out.push_str("{ \n");
                self.declare_list(l, indent + 4, true);
                self.out.push('\n');
                self.pad_to(indent);
                self.out.push('}');
            }
            CompoundCommand::Subshell(l, _) => {
                self.out.push_str("( ");
                self.declare_list(l, indent, false);
                self.out.push_str(" )");
            }
            CompoundCommand::If {
                branches,
                otherwise,
                ..
            } => self.if_chain(branches, otherwise.as_ref(), indent),
            CompoundCommand::While {
                until, cond, body, ..
            } => {
                self.out.push_str(if *until { "until " } else { "while " });
                self.declare_list(cond, indent, false);
                self.semicolon();
                self.out.push_str(" do\n");
                self.declare_list(body, indent + 4, true);
                self.semicolon();
                self.out.push('\n');
                self.pad_to(indent);
                self.out.push_str("done");
            }
            CompoundCommand::For {
                var, words, body, ..
            }
            | CompoundCommand::Select {
                var, words, body, ..
            } => {
                self.out
                    .push_str(if matches!(c, CompoundCommand::For { .. }) {
                        "for "
                    } else {
                        "select "
                    });
                self.out.push_str(var);
                self.out.push_str(" in");
                match words {
                    Some(ws) => {
                        for w in ws {
                            self.out.push(' ');
                            self.cmd_word(w);
                        }
                    }
                    None => self.out.push_str(" \"$@\""),
                }
                self.out.push_str(";\n");
                self.declare_do_done(body, indent);
            }
            CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                span,
            } => {
                // bash keeps each expression as written, trimmed, and shows
                // an empty one as `1`.
                let written = self.verbatim(*span).and_then(|t| {
                    let inner = t.strip_prefix("for")?.trim_start().strip_prefix("((")?;
                    let inner = &inner[..inner.find("))")?];
                    let parts: Vec<&str> = inner
                        .split(';')
                        .map(|p| match p.trim() {
                            "" => "1",
                            p => p,
                        })
                        .collect();
                    (parts.len() == 3).then(|| parts.join("; "))
                });
                self.out.push_str("for ((");
                if let Some(w) = written {
                    self.out.push_str(&w);
                } else {
                    self.arith_or_empty(init.as_deref());
                    self.out.push_str("; ");
                    self.arith_or_empty(cond.as_deref());
                    self.out.push_str("; ");
                    self.arith_or_empty(step.as_deref());
                }
                self.out.push_str("))\n");
                self.declare_do_done(body, indent);
            }
            CompoundCommand::Case { word, items, .. } => {
                self.out.push_str("case ");
                self.cmd_word(word);
                self.out.push_str(" in \n");
                for item in items {
                    self.pad_to(indent + 4);
                    for (i, p) in item.patterns.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(" | ");
                        }
                        self.cmd_word(p);
                    }
                    self.out.push_str(")\n");
                    if !item.body.items.is_empty() {
                        self.declare_list(&item.body, indent + 8, true);
                    }
                    self.out.push('\n');
                    self.pad_to(indent + 4);
                    self.out.push_str(match item.terminator {
                        CaseTerminator::Break => ";;",
                        CaseTerminator::FallThrough => ";&",
                        CaseTerminator::Continue => ";;&",
                    });
                    self.out.push('\n');
                }
                self.pad_to(indent);
                self.out.push_str("esac");
            }
            CompoundCommand::Arith(e, span) => {
                if let Some(t) = self.verbatim(*span) {
                    self.out.push_str(t);
                } else {
                    self.arith_command(e);
                }
            }
            CompoundCommand::Cond(e, _) => self.cond_command(e),
        }
    }

    fn declare_do_done(&mut self, body: &List, indent: usize) {
        self.pad_to(indent);
        self.out.push_str("do\n");
        self.declare_list(body, indent + 4, true);
        self.semicolon();
        self.out.push('\n');
        self.pad_to(indent);
        self.out.push_str("done");
    }

    /// `if`, with each `elif` printed as `else` + a nested `if` (bash).
    fn if_chain(&mut self, branches: &[(List, List)], otherwise: Option<&List>, indent: usize) {
        let Some(((cond, body), rest)) = branches.split_first() else {
            return;
        };
        self.out.push_str("if ");
        self.declare_list(cond, indent, false);
        self.semicolon();
        self.out.push_str(" then\n");
        self.declare_list(body, indent + 4, true);
        self.semicolon();
        self.out.push('\n');
        if !rest.is_empty() {
            self.pad_to(indent);
            self.out.push_str("else\n");
            self.pad_to(indent + 4);
            self.if_chain(rest, otherwise, indent + 4);
            self.semicolon();
            self.out.push('\n');
        } else if let Some(o) = otherwise {
            self.pad_to(indent);
            self.out.push_str("else\n");
            self.declare_list(o, indent + 4, true);
            self.semicolon();
            self.out.push('\n');
        }
        self.pad_to(indent);
        self.out.push_str("fi");
    }
}
