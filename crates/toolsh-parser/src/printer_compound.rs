//! Compound commands in the canonical layout of the printer: `{ }`,
//! `( )`, `if`, `while`/`until`, `for`, `select`, `case`, `((...))` and
//! `[[ ]]`, with the rule that puts a one-line condition on the keyword's
//! line, plus the `[[ ]]` expression grammar (shared with the `declare -f`
//! layout).

use crate::ast::*;
use crate::printer::{Ctx, Layout, Printer};
use crate::printer_comment::list_start;

impl Printer<'_> {
    /// `if COND; then`, `while COND; do`: a condition of one single-line
    /// command goes on the keyword's line. Anything else (several
    /// commands, a here-document whose body must follow the line, a
    /// multi-line command) keeps the condition in its own indented block
    /// with the keyword on the next line.
    ///
    /// `bound` is where the body after `kw` starts: a comment before it
    /// (and after the condition's first token) also needs the block.
    pub(crate) fn cond_head(&mut self, head: &str, cond: &List, kw: &str, bound: u32) {
        if let [item] = cond.items.as_slice()
            && !item.background
            && !self.comment_within(bound)
        {
            let mark = self.out.len();
            // A multi-line condition may flush here-documents pending from
            // earlier on the line: keep them for the fallback.
            let pending = self.pending.clone();
            let backslash_end = self.backslash_end;
            let (next_comment, comment_mark) = (self.next_comment, self.comment_mark);
            self.out.push_str(head);
            self.out.push(' ');
            self.and_or(&item.and_or);
            if self.pending.len() == pending.len()
                && self.backslash_end != Some(self.out.len())
                && !self.out[mark..].contains('\n')
            {
                self.out.push_str("; ");
                self.out.push_str(kw);
                self.newline();
                return;
            }
            self.out.truncate(mark);
            self.pending = pending;
            self.backslash_end = backslash_end;
            self.next_comment = next_comment;
            self.comment_mark = comment_mark;
        }
        self.out.push_str(head);
        self.newline();
        self.body(cond, bound);
        self.pad();
        self.out.push_str(kw);
        self.newline();
    }

    /// The end of a loop head (`for x in a b`, `for ((...))`): `; do` on
    /// the same line unless a pending here-document needs the newline.
    pub(crate) fn head_end(&mut self, kw: &str) {
        if self.pending.is_empty() && self.backslash_end != Some(self.out.len()) {
            self.out.push_str("; ");
        } else {
            self.newline();
            self.pad();
        }
        self.out.push_str(kw);
        self.newline();
    }

    pub(crate) fn keyword_block(&mut self, kw: &str, l: &List, bound: u32) {
        self.pad();
        self.out.push_str(kw);
        self.newline();
        self.body(l, bound);
    }

    pub(crate) fn compound(&mut self, c: &CompoundCommand) {
        // A body's comments end before the closing keyword.
        let end = c.span().end;
        match c {
            CompoundCommand::BraceGroup(l, _) => {
                self.out.push('{');
                self.newline();
                self.body(l, end);
                self.pad();
                self.out.push('}');
            }
            CompoundCommand::Subshell(l, _) => {
                self.out.push('(');
                self.newline();
                self.body(l, end);
                self.pad();
                self.out.push(')');
            }
            CompoundCommand::If {
                branches,
                otherwise,
                ..
            } => {
                for (i, (cond, body)) in branches.iter().enumerate() {
                    if i > 0 {
                        self.pad();
                    }
                    let head = if i == 0 { "if" } else { "elif" };
                    self.cond_head(head, cond, "then", list_start(body, end));
                    // The body ends at the next `elif` or `else`.
                    let next = branches
                        .get(i + 1)
                        .map(|(c, _)| c)
                        .or(otherwise.as_ref())
                        .map_or(end, |l| list_start(l, end));
                    self.body(body, next);
                }
                if let Some(o) = otherwise {
                    self.keyword_block("else", o, end);
                }
                self.pad();
                self.out.push_str("fi");
            }
            CompoundCommand::While {
                until, cond, body, ..
            } => {
                let head = if *until { "until" } else { "while" };
                self.cond_head(head, cond, "do", list_start(body, end));
                self.body(body, end);
                self.pad();
                self.out.push_str("done");
            }
            CompoundCommand::For {
                var, words, body, ..
            }
            | CompoundCommand::Select {
                var, words, body, ..
            } => {
                let kw = if matches!(c, CompoundCommand::For { .. }) {
                    "for "
                } else {
                    "select "
                };
                self.out.push_str(kw);
                self.out.push_str(var);
                if let Some(ws) = words {
                    self.out.push_str(" in");
                    for w in ws {
                        self.out.push(' ');
                        self.word(w, Ctx::Unquoted);
                    }
                }
                self.head_end("do");
                self.body(body, end);
                self.pad();
                self.out.push_str("done");
            }
            CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                ..
            } => {
                self.out.push_str("for ((");
                for (i, e) in [init, cond, step]
                    .map(|e| e.as_deref())
                    .into_iter()
                    .enumerate()
                {
                    if i > 0 {
                        // Deferred text keeps its own leading blanks.
                        self.out
                            .push_str(if matches!(e, Some(ArithExpr::Deferred(_))) {
                                ";"
                            } else {
                                "; "
                            });
                    }
                    if let Some(e) = e {
                        self.arith(e);
                    }
                }
                self.out.push_str("))");
                self.head_end("do");
                self.body(body, end);
                self.pad();
                self.out.push_str("done");
            }
            CompoundCommand::Case { word, items, .. } => {
                self.out.push_str("case ");
                self.word(word, Ctx::Unquoted);
                self.out.push_str(" in");
                self.newline();
                for item in items {
                    self.comments_before(item.span.start);
                    self.pad();
                    self.out.push('(');
                    for (i, p) in item.patterns.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(" | ");
                        }
                        self.word(p, Ctx::Unquoted);
                    }
                    self.out.push(')');
                    self.newline();
                    // The clause's span ends with its `;;`.
                    self.body(&item.body, item.span.end);
                    self.indent += 1;
                    self.pad();
                    self.indent -= 1;
                    self.out.push_str(match item.terminator {
                        CaseTerminator::Break => ";;",
                        CaseTerminator::FallThrough => ";&",
                        CaseTerminator::Continue => ";;&",
                    });
                    self.newline();
                }
                self.comments_ending_before(end);
                self.pad();
                self.out.push_str("esac");
            }
            CompoundCommand::Arith(e, _) => self.arith_command(e),
            CompoundCommand::Cond(e, _) => self.cond_command(e),
        }
    }

    pub(crate) fn cond(&mut self, e: &CondExpr) {
        match e {
            CondExpr::Unary { op, operand } => {
                self.out.push_str(op);
                self.out.push(' ');
                self.cmd_word(operand);
            }
            CondExpr::Binary { op, lhs, rhs } => {
                self.cmd_word(lhs);
                self.out.push_str(match op {
                    CondBinaryOp::Match => " == ",
                    CondBinaryOp::NotMatch => " != ",
                    CondBinaryOp::RegexMatch => " =~ ",
                    CondBinaryOp::Less => " < ",
                    CondBinaryOp::Greater => " > ",
                    CondBinaryOp::Eq => " -eq ",
                    CondBinaryOp::Ne => " -ne ",
                    CondBinaryOp::Lt => " -lt ",
                    CondBinaryOp::Le => " -le ",
                    CondBinaryOp::Gt => " -gt ",
                    CondBinaryOp::Ge => " -ge ",
                    CondBinaryOp::NewerThan => " -nt ",
                    CondBinaryOp::OlderThan => " -ot ",
                    CondBinaryOp::SameFile => " -ef ",
                });
                self.cmd_word(rhs);
            }
            CondExpr::Word(w) => {
                if self.layout == Layout::DeclareF {
                    // bash shows the implicit test.
                    self.out.push_str("-n ");
                }
                self.cmd_word(w);
            }
            CondExpr::Not(e) => {
                self.out.push_str("! ");
                self.cond(e);
            }
            CondExpr::And(a, b) => {
                self.cond(a);
                self.out.push_str(" && ");
                self.cond(b);
            }
            CondExpr::Or(a, b) => {
                self.cond(a);
                self.out.push_str(" || ");
                self.cond(b);
            }
            CondExpr::Group(e) => {
                self.out.push_str("( ");
                self.cond(e);
                self.out.push_str(" )");
            }
        }
    }
}
