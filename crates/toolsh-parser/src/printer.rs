//! The canonical printer: a tree back to source text that parses to the
//! same tree. Commands are printed one per line, compound bodies indented
//! by two spaces, here-document bodies after the line that opens them.

use crate::ast::*;
use crate::lexer::RESERVED;

/// How literal text must be escaped where it is printed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ctx {
    /// An unquoted word (also inside `${...}` outside double quotes).
    Unquoted,
    /// Between double quotes.
    Dq,
    /// Inside `${...}` inside double quotes.
    ParamDq,
    /// An unquoted here-document body.
    HereDoc,
    /// Arithmetic text kept for run time.
    Arith,
}

#[derive(Default)]
pub(crate) struct Printer {
    pub out: String,
    indent: usize,
    pending: Vec<HereDoc>,
    /// The output length right after an unquoted literal ending in `\`:
    /// the parser makes one only from a backslash at the end of the input,
    /// so no newline may follow it (it would become a line continuation).
    pub(crate) backslash_end: Option<usize>,
    /// Delimiters of the here-document bodies this text is printed into
    /// (through command substitutions in them): a line equal to one would
    /// end that body early.
    enclosing: Vec<String>,
    /// Printing the script of a substitution whose end the parser treats
    /// as the end of input for pending here-documents.
    sub_end_is_eof: bool,
}

impl Printer {
    fn newline(&mut self) {
        if self.backslash_end == Some(self.out.len())
            && self.pending.iter().all(|h| h.body.parts.is_empty())
        {
            // Here-documents pending at the end of the input have empty
            // bodies.
            self.pending.clear();
            return;
        }
        self.out.push('\n');
        for h in std::mem::take(&mut self.pending) {
            let start = self.out.len();
            if h.quoted {
                for p in &h.body.parts {
                    if let WordPart::Literal(l) = p {
                        self.out.push_str(l);
                    }
                }
            } else {
                self.enclosing.push(h.delimiter.clone());
                for p in &h.body.parts {
                    self.part(p, Ctx::HereDoc);
                }
                self.enclosing.pop();
            }
            if h.delimiter.contains('\n') || self.enclosing.contains(&h.delimiter) {
                // No line can equal this delimiter (or such a line would
                // have ended the enclosing body): the body ran to the end
                // of the input, and so does the printed one (the parser
                // gave every later here-document an empty body).
                break;
            }
            if self.out.len() > start && !self.out.ends_with('\n') {
                // An unquoted body without a final newline ended in a line
                // continuation; a quoted one always ends with a newline.
                self.out.push_str(if h.quoted { "\n" } else { "\\\n" });
            }
            self.out.push_str(&h.delimiter);
            self.out.push('\n');
        }
    }

    fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    pub(crate) fn script(&mut self, s: &Script) {
        self.list(&s.body);
    }

    fn list(&mut self, l: &List) {
        for (i, item) in l.items.iter().enumerate() {
            self.pad();
            self.and_or(&item.and_or);
            if item.background {
                self.out.push_str(" &");
            }
            if self.sub_end_is_eof
                && self.indent == 0
                && i + 1 == l.items.len()
                && !self.pending.is_empty()
                && self.pending.iter().all(|h| h.body.parts.is_empty())
            {
                // The end of the substitution gives pending here-documents
                // empty bodies; a newline would read the text after it.
                self.pending.clear();
                continue;
            }
            self.newline();
        }
    }

    fn body(&mut self, l: &List) {
        self.indent += 1;
        self.list(l);
        self.indent -= 1;
    }

    fn and_or(&mut self, a: &AndOrList) {
        self.pipeline(&a.first);
        for (op, p) in &a.rest {
            self.out.push_str(match op {
                AndOr::And => " && ",
                AndOr::Or => " || ",
            });
            self.pipeline(p);
        }
    }

    fn pipeline(&mut self, p: &Pipeline) {
        if let Some(t) = p.timed {
            self.out
                .push_str(if t.posix { "time -p " } else { "time " });
        }
        if p.negated {
            self.out.push_str("! ");
        }
        for (i, stage) in p.commands.iter().enumerate() {
            self.command(&stage.command);
            if i + 1 < p.commands.len() {
                self.out
                    .push_str(if stage.pipe_stderr { " |& " } else { " | " });
            }
        }
    }

    fn command(&mut self, c: &Command) {
        match c {
            Command::Simple(s) => self.simple(s),
            Command::Compound(cc, r) => {
                self.compound(cc);
                self.redirects(r);
            }
            Command::Function(f) => {
                if f.keyword {
                    self.out.push_str("function ");
                }
                self.out.push_str(&f.name);
                self.out.push_str("() ");
                self.compound(&f.body);
                self.redirects(&f.redirects);
            }
            Command::Coproc(c) => {
                self.out.push_str("coproc ");
                if let Some(n) = &c.name {
                    self.out.push_str(n);
                    self.out.push(' ');
                }
                self.command(&c.body);
            }
        }
    }

    fn simple(&mut self, s: &SimpleCommand) {
        let mut first = true;
        let mut sep = |p: &mut Printer| {
            if !first {
                p.out.push(' ');
            }
            first = false;
        };
        let keyword_first = s.assignments.is_empty()
            && matches!(s.words.first().map(|w| w.parts.as_slice()),
                Some([WordPart::Literal(l)]) if RESERVED.contains(&l.as_str()));
        // A word ending in a literal `\` came from the end of the input:
        // nothing may follow it.
        let backslash_last = matches!(
            s.words.last().and_then(|w| w.parts.last()),
            Some(WordPart::Literal(l)) if l.ends_with('\\')
        );
        let redirects_first = keyword_first || backslash_last;
        if redirects_first {
            for r in &s.redirects {
                sep(self);
                self.redirect(r);
            }
        }
        for a in &s.assignments {
            sep(self);
            self.assignment(a);
        }
        for (i, w) in s.words.iter().enumerate() {
            sep(self);
            self.word(w, Ctx::Unquoted);
            if i == 0
                && s.redirects.is_empty()
                && matches!(w.parts.as_slice(), [WordPart::Literal(l)] if l == "!")
            {
                // `!` is reserved only before a blank: a line continuation
                // keeps it a command name whatever follows.
                self.out.push_str("\\\n");
            }
        }
        if !redirects_first {
            for r in &s.redirects {
                sep(self);
                self.redirect(r);
            }
        }
    }

    fn redirects(&mut self, rs: &[Redirect]) {
        for r in rs {
            self.out.push(' ');
            self.redirect(r);
        }
    }

    fn redirect(&mut self, r: &Redirect) {
        match &r.fd {
            Some(RedirFd::Number(n)) => self.out.push_str(&n.to_string()),
            Some(RedirFd::Var(v)) => {
                self.out.push('{');
                self.out.push_str(v);
                self.out.push('}');
            }
            None => {}
        }
        self.out.push_str(match r.op {
            RedirOp::Read => "<",
            RedirOp::Write => ">",
            RedirOp::Append => ">>",
            RedirOp::Clobber => ">|",
            RedirOp::ReadWrite => "<>",
            RedirOp::WriteBoth => "&>",
            RedirOp::AppendBoth => "&>>",
            RedirOp::DupRead => "<&",
            RedirOp::DupWrite => ">&",
            RedirOp::HereDoc { strip_tabs: false } => "<<",
            RedirOp::HereDoc { strip_tabs: true } => "<<-",
            RedirOp::HereString => "<<<",
        });
        match &r.target {
            RedirTarget::Word(w) => {
                let start = self.out.len();
                self.word(w, Ctx::Unquoted);
                if matches!(
                    self.out.as_bytes().get(start),
                    Some(b'<' | b'>' | b'(' | b'&')
                ) {
                    self.out.insert(start, ' ');
                }
            }
            RedirTarget::HereDoc(h) => {
                if h.delimiter.starts_with(['-', '<', '>', '(', '&']) {
                    // `<< -t` is not `<<- t`, `<< <(x)` not `<<< (x)`.
                    self.out.push(' ');
                }
                if h.quoted {
                    self.out.push('\'');
                    self.out.push_str(&h.delimiter.replace('\'', "'\\''"));
                    self.out.push('\'');
                } else {
                    self.out.push_str(&h.delimiter);
                }
                self.pending.push(h.clone());
            }
        }
    }

    pub(crate) fn assignment(&mut self, a: &Assignment) {
        self.out.push_str(&a.name);
        if let Some(s) = &a.subscript {
            self.out.push('[');
            self.word(s, Ctx::Unquoted);
            self.out.push(']');
        }
        self.out.push_str(if a.append { "+=" } else { "=" });
        match &a.value {
            AssignValue::Scalar(w) => self.word(w, Ctx::Unquoted),
            AssignValue::Array(items) => {
                self.out.push('(');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(' ');
                    }
                    match item {
                        ArrayItem::Value(w) => self.word(w, Ctx::Unquoted),
                        ArrayItem::Keyed { key, value, append } => {
                            self.out.push('[');
                            self.word(key, Ctx::Unquoted);
                            self.out.push_str(if *append { "]+=" } else { "]=" });
                            self.word(value, Ctx::Unquoted);
                        }
                    }
                }
                self.out.push(')');
            }
        }
    }

    fn keyword_block(&mut self, kw: &str, l: &List) {
        self.pad();
        self.out.push_str(kw);
        self.newline();
        self.body(l);
    }

    fn compound(&mut self, c: &CompoundCommand) {
        match c {
            CompoundCommand::BraceGroup(l, _) => {
                self.out.push('{');
                self.newline();
                self.body(l);
                self.pad();
                self.out.push('}');
            }
            CompoundCommand::Subshell(l, _) => {
                self.out.push('(');
                self.newline();
                self.body(l);
                self.pad();
                self.out.push(')');
            }
            CompoundCommand::If {
                branches,
                otherwise,
                ..
            } => {
                for (i, (cond, body)) in branches.iter().enumerate() {
                    if i == 0 {
                        self.out.push_str("if");
                        self.newline();
                    } else {
                        self.pad();
                        self.out.push_str("elif");
                        self.newline();
                    }
                    self.body(cond);
                    self.keyword_block("then", body);
                }
                if let Some(o) = otherwise {
                    self.keyword_block("else", o);
                }
                self.pad();
                self.out.push_str("fi");
            }
            CompoundCommand::While {
                until, cond, body, ..
            } => {
                self.out.push_str(if *until { "until" } else { "while" });
                self.newline();
                self.body(cond);
                self.do_done(body);
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
                self.newline();
                self.do_done(body);
            }
            CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                ..
            } => {
                self.out.push_str("for ((");
                for (i, e) in [init, cond, step].into_iter().enumerate() {
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
                self.newline();
                self.do_done(body);
            }
            CompoundCommand::Case { word, items, .. } => {
                self.out.push_str("case ");
                self.word(word, Ctx::Unquoted);
                self.out.push_str(" in");
                self.newline();
                for item in items {
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
                    self.body(&item.body);
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
                self.pad();
                self.out.push_str("esac");
            }
            CompoundCommand::Arith(e, _) => {
                self.out.push_str("((");
                self.arith(e);
                self.out.push_str("))");
            }
            CompoundCommand::Cond(e, _) => {
                self.out.push_str("[[ ");
                self.cond(e);
                self.out.push_str(" ]]");
            }
        }
    }

    fn do_done(&mut self, body: &List) {
        self.keyword_block("do", body);
        self.pad();
        self.out.push_str("done");
    }

    fn cond(&mut self, e: &CondExpr) {
        match e {
            CondExpr::Unary { op, operand } => {
                self.out.push_str(op);
                self.out.push(' ');
                self.word(operand, Ctx::Unquoted);
            }
            CondExpr::Binary { op, lhs, rhs } => {
                self.word(lhs, Ctx::Unquoted);
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
                self.word(rhs, Ctx::Unquoted);
            }
            CondExpr::Word(w) => self.word(w, Ctx::Unquoted),
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

    pub(crate) fn word(&mut self, w: &Word, ctx: Ctx) {
        for p in &w.parts {
            self.part(p, ctx);
        }
    }

    /// A command substitution's script as text. `end_is_eof`: the parser
    /// reads the substitution's text on its own (backquotes), or outside
    /// any newline token (directly in a here-document body), so its end
    /// ends pending here-documents.
    pub(crate) fn sub_script(&self, s: &Script, end_is_eof: bool) -> String {
        let mut p = Printer {
            enclosing: self.enclosing.clone(),
            sub_end_is_eof: end_is_eof,
            ..Printer::default()
        };
        p.script(s);
        p.out
    }
}
