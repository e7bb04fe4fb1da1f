//! Temporary fold check (not committed).
#![allow(clippy::all, clippy::pedantic, missing_docs, dead_code)]
mod old {

    use toolsh_parser::{
        AndOr, AndOrList, ArithExpr, AssignValue, Assignment, CaseTerminator, Command,
        CompoundCommand, CondBinaryOp, CondExpr, FunctionDef, HereDoc, List, Pipeline, RedirFd,
        RedirOp, RedirTarget, Redirect, SimpleCommand, Span, Word, WordPart, print_arith,
        print_word,
    };

    /// The text of `def` as `declare -f` prints it, ending with a newline.
    /// `source` is the text of the definition itself (`def.span` of the
    /// script that defined it), used to print words as written.
    pub fn function_text(def: &FunctionDef, source: Option<&str>) -> String {
        let src = source.filter(|s| s.len() == def.span.end.saturating_sub(def.span.start));
        let mut p = FuncPrinter {
            out: String::new(),
            src: src.map(|s| (s, def.span.start)),
        };
        p.function(def, 0);
        p.out.push('\n');
        p.out
    }

    struct FuncPrinter<'a> {
        out: String,
        /// The definition's source text and the offset of its first byte in
        /// the script the spans index.
        src: Option<(&'a str, usize)>,
    }

    impl FuncPrinter<'_> {
        /// The source text of `span`, when known.
        fn verbatim(&self, span: Span) -> Option<&str> {
            let (s, base) = self.src?;
            if span.end <= span.start || span.start < base {
                return None;
            }
            s.get(span.start - base..span.end - base)
        }

        fn pad(&mut self, indent: usize) {
            for _ in 0..indent {
                self.out.push(' ');
            }
        }

        fn word(&mut self, w: &Word) {
            // `$'...'` is shown decoded, in single quotes, as bash does.
            if let [WordPart::AnsiC(s)] = w.parts.as_slice() {
                self.out.push('\'');
                self.out.push_str(&s.replace('\'', "'\\''"));
                self.out.push('\'');
                return;
            }
            match self.verbatim(w.span) {
                Some(t) => {
                    let t = t.to_string();
                    self.out.push_str(&t);
                }
                None => self.out.push_str(&print_word(w)),
            }
        }

        fn function(&mut self, def: &FunctionDef, indent: usize) {
            self.out.push_str(&def.name);
            self.out.push_str(" () \n");
            self.pad(indent);
            match &*def.body {
                CompoundCommand::BraceGroup(l, _) => {
                    self.out.push_str("{ \n");
                    self.list(l, indent + 4, true);
                    self.out.push('\n');
                    self.pad(indent);
                    self.out.push('}');
                }
                other => {
                    self.out.push_str("{ \n");
                    self.pad(indent + 4);
                    self.compound(other, indent + 4);
                    self.out.push('\n');
                    self.pad(indent);
                    self.out.push('}');
                }
            }
            self.redirects(&def.redirects);
        }

        /// The items of `l`, one per line at `indent` (the first padded only
        /// when `pad_first`), `;` between them, here-document bodies after
        /// the line that opens them.
        fn list(&mut self, l: &List, indent: usize, pad_first: bool) {
            let mut heredoc_done = false;
            let mut after_background = false;
            for (i, item) in l.items.iter().enumerate() {
                if i > 0 {
                    if after_background {
                        self.out.push(' ');
                    } else {
                        if !heredoc_done {
                            self.out.push(';');
                        }
                        self.out.push('\n');
                        self.pad(indent);
                    }
                } else if pad_first {
                    self.pad(indent);
                }
                let mut docs = Vec::new();
                self.and_or(&item.and_or, indent, &mut docs);
                after_background = item.background;
                if item.background {
                    self.out.push_str(" &");
                }
                heredoc_done = !docs.is_empty();
                for h in docs {
                    self.heredoc_body(&h);
                }
            }
        }

        fn heredoc_body(&mut self, h: &HereDoc) {
            self.out.push('\n');
            let start = self.out.len();
            for p in &h.body.parts {
                match p {
                    WordPart::Literal(l) => self.out.push_str(l),
                    other => {
                        let w = Word {
                            parts: vec![other.clone()],
                            span: Span::default(),
                        };
                        self.out.push_str(&print_word(&w));
                    }
                }
            }
            if self.out.len() > start && !self.out.ends_with('\n') {
                self.out.push('\n');
            }
            self.out.push_str(&h.delimiter);
            self.out.push('\n');
        }

        fn and_or(&mut self, a: &AndOrList, indent: usize, docs: &mut Vec<HereDoc>) {
            self.pipeline(&a.first, indent, docs);
            for (op, p) in &a.rest {
                self.out.push_str(match op {
                    AndOr::And => " && ",
                    AndOr::Or => " || ",
                });
                self.pipeline(p, indent, docs);
            }
        }

        fn pipeline(&mut self, p: &Pipeline, indent: usize, docs: &mut Vec<HereDoc>) {
            if let Some(t) = p.timed {
                self.out
                    .push_str(if t.posix { "time -p " } else { "time " });
            }
            if p.negated {
                self.out.push_str("! ");
            }
            for (i, stage) in p.commands.iter().enumerate() {
                self.command(&stage.command, indent, docs);
                if i + 1 < p.commands.len() {
                    self.out
                        .push_str(if stage.pipe_stderr { " |& " } else { " | " });
                }
            }
        }

        fn command(&mut self, c: &Command, indent: usize, docs: &mut Vec<HereDoc>) {
            match c {
                Command::Simple(s) => self.simple(s, docs),
                Command::Compound(cc, r) => {
                    self.compound(cc, indent);
                    self.redirects_collect(r, docs);
                }
                Command::Function(f) => self.function(f, indent),
                Command::Coproc(c) => {
                    self.out.push_str("coproc ");
                    self.out.push_str(c.name.as_deref().unwrap_or("COPROC"));
                    self.out.push(' ');
                    self.command(&c.body, indent, docs);
                }
            }
        }

        fn simple(&mut self, s: &SimpleCommand, docs: &mut Vec<HereDoc>) {
            let mut first = true;
            for a in &s.assignments {
                if !first {
                    self.out.push(' ');
                }
                first = false;
                self.assignment(a);
            }
            for w in &s.words {
                if !first {
                    self.out.push(' ');
                }
                first = false;
                self.word(w);
            }
            for r in &s.redirects {
                if !first {
                    self.out.push(' ');
                }
                first = false;
                self.redirect(r, docs);
            }
        }

        fn assignment(&mut self, a: &Assignment) {
            if let Some(t) = self.verbatim(a.span) {
                let t = t.to_string();
                self.out.push_str(&t);
                return;
            }
            self.out.push_str(&a.name);
            if let Some(s) = &a.subscript {
                self.out.push('[');
                self.word(s);
                self.out.push(']');
            }
            self.out.push_str(if a.append { "+=" } else { "=" });
            match &a.value {
                AssignValue::Scalar(w) => self.word(w),
                AssignValue::Array(items) => {
                    self.out.push('(');
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            self.out.push(' ');
                        }
                        match item {
                            toolsh_parser::ArrayItem::Value(w) => self.word(w),
                            toolsh_parser::ArrayItem::Keyed { key, value, append } => {
                                self.out.push('[');
                                self.word(key);
                                self.out.push_str(if *append { "]+=" } else { "]=" });
                                self.word(value);
                            }
                        }
                    }
                    self.out.push(')');
                }
            }
        }

        /// Redirections after a compound command or a function body.
        fn redirects(&mut self, rs: &[Redirect]) {
            let mut docs = Vec::new();
            self.redirects_collect(rs, &mut docs);
            for h in docs {
                self.heredoc_body(&h);
            }
        }

        fn redirects_collect(&mut self, rs: &[Redirect], docs: &mut Vec<HereDoc>) {
            for r in rs {
                self.out.push(' ');
                self.redirect(r, docs);
            }
        }

        /// One redirection as bash prints it: `> f`, `2> f`, `1>&2`, `<<< w`,
        /// `<<EOF` (the body is printed after the line).
        fn redirect(&mut self, r: &Redirect, docs: &mut Vec<HereDoc>) {
            let dup = matches!(r.op, RedirOp::DupRead | RedirOp::DupWrite);
            match &r.fd {
                Some(RedirFd::Number(n)) => self.out.push_str(&n.to_string()),
                Some(RedirFd::Var(v)) => {
                    self.out.push('{');
                    self.out.push_str(v);
                    self.out.push('}');
                }
                None if r.op == RedirOp::DupWrite => self.out.push('1'),
                None if r.op == RedirOp::DupRead => self.out.push('0'),
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
                    if !dup {
                        self.out.push(' ');
                    }
                    self.word(w);
                }
                RedirTarget::HereDoc(h) => {
                    if h.quoted {
                        self.out.push('\'');
                        self.out.push_str(&h.delimiter);
                        self.out.push('\'');
                    } else {
                        self.out.push_str(&h.delimiter);
                    }
                    docs.push(h.clone());
                }
            }
        }

        fn arith_or_empty(&mut self, e: Option<&ArithExpr>) {
            if let Some(e) = e {
                self.out.push_str(&print_arith(e));
            }
        }

        /// A compound command starting at the current position of a line
        /// indented by `indent`.
        fn compound(&mut self, c: &CompoundCommand, indent: usize) {
            match c {
                CompoundCommand::BraceGroup(l, _) => {
                    self.out.push_str("{ \n");
                    self.list(l, indent + 4, true);
                    self.out.push('\n');
                    self.pad(indent);
                    self.out.push('}');
                }
                CompoundCommand::Subshell(l, _) => {
                    self.out.push_str("( ");
                    self.list(l, indent, false);
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
                    self.list(cond, indent, false);
                    self.out.push_str("; do\n");
                    self.list(body, indent + 4, true);
                    self.out.push_str(";\n");
                    self.pad(indent);
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
                                self.word(w);
                            }
                        }
                        None => self.out.push_str(" \"$@\""),
                    }
                    self.out.push_str(";\n");
                    self.do_done(body, indent);
                }
                CompoundCommand::ArithFor {
                    init,
                    cond,
                    step,
                    body,
                    span,
                } => {
                    // bash keeps each expression as written, trimmed.
                    let written = self.verbatim(*span).and_then(|t| {
                        let inner = t.strip_prefix("for")?.trim_start().strip_prefix("((")?;
                        let inner = &inner[..inner.find("))")?];
                        let parts: Vec<&str> = inner.split(';').map(str::trim).collect();
                        (parts.len() == 3).then(|| parts.join("; "))
                    });
                    self.out.push_str("for ((");
                    if let Some(w) = written {
                        self.out.push_str(&w);
                    } else {
                        self.arith_or_empty(init.as_ref());
                        self.out.push_str("; ");
                        self.arith_or_empty(cond.as_ref());
                        self.out.push_str("; ");
                        self.arith_or_empty(step.as_ref());
                    }
                    self.out.push_str("))\n");
                    self.do_done(body, indent);
                }
                CompoundCommand::Case { word, items, .. } => {
                    self.out.push_str("case ");
                    self.word(word);
                    self.out.push_str(" in \n");
                    for item in items {
                        self.pad(indent + 4);
                        for (i, p) in item.patterns.iter().enumerate() {
                            if i > 0 {
                                self.out.push_str(" | ");
                            }
                            self.word(p);
                        }
                        self.out.push_str(")\n");
                        if !item.body.items.is_empty() {
                            self.list(&item.body, indent + 8, true);
                        }
                        self.out.push('\n');
                        self.pad(indent + 4);
                        self.out.push_str(match item.terminator {
                            CaseTerminator::Break => ";;",
                            CaseTerminator::FallThrough => ";&",
                            CaseTerminator::Continue => ";;&",
                        });
                        self.out.push('\n');
                    }
                    self.pad(indent);
                    self.out.push_str("esac");
                }
                CompoundCommand::Arith(e, span) => match self.verbatim(*span) {
                    Some(t) => {
                        let t = t.to_string();
                        self.out.push_str(&t);
                    }
                    None => {
                        self.out.push_str("((");
                        self.out.push_str(&print_arith(e));
                        self.out.push_str("))");
                    }
                },
                CompoundCommand::Cond(e, _) => {
                    self.out.push_str("[[ ");
                    self.cond(e);
                    self.out.push_str(" ]]");
                }
            }
        }

        fn do_done(&mut self, body: &List, indent: usize) {
            self.pad(indent);
            self.out.push_str("do\n");
            self.list(body, indent + 4, true);
            self.out.push_str(";\n");
            self.pad(indent);
            self.out.push_str("done");
        }

        /// `if`, with each `elif` printed as `else` + a nested `if` (bash).
        fn if_chain(&mut self, branches: &[(List, List)], otherwise: Option<&List>, indent: usize) {
            let Some(((cond, body), rest)) = branches.split_first() else {
                return;
            };
            self.out.push_str("if ");
            self.list(cond, indent, false);
            self.out.push_str("; then\n");
            self.list(body, indent + 4, true);
            self.out.push_str(";\n");
            if !rest.is_empty() {
                self.pad(indent);
                self.out.push_str("else\n");
                self.pad(indent + 4);
                self.if_chain(rest, otherwise, indent + 4);
                self.out.push_str(";\n");
            } else if let Some(o) = otherwise {
                self.pad(indent);
                self.out.push_str("else\n");
                self.list(o, indent + 4, true);
                self.out.push_str(";\n");
            }
            self.pad(indent);
            self.out.push_str("fi");
        }

        fn cond(&mut self, e: &CondExpr) {
            match e {
                CondExpr::Unary { op, operand } => {
                    self.out.push_str(op);
                    self.out.push(' ');
                    self.word(operand);
                }
                CondExpr::Binary { op, lhs, rhs } => {
                    self.word(lhs);
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
                    self.word(rhs);
                }
                CondExpr::Word(w) => self.word(w),
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
}
use toolsh_parser::*;
fn collect<'a>(l: &'a List, out: &mut Vec<&'a FunctionDef>) {
    for item in &l.items {
        let mut ps = vec![&item.and_or.first];
        for (_, p) in &item.and_or.rest {
            ps.push(p);
        }
        for p in ps {
            for st in &p.commands {
                cmd(&st.command, out);
            }
        }
    }
}
fn cmd<'a>(c: &'a Command, out: &mut Vec<&'a FunctionDef>) {
    match c {
        Command::Function(f) => {
            out.push(f);
            comp(&f.body, out);
        }
        Command::Compound(cc, _) => comp(cc, out),
        Command::Coproc(c) => cmd(&c.body, out),
        _ => {}
    }
}
fn comp<'a>(c: &'a CompoundCommand, out: &mut Vec<&'a FunctionDef>) {
    match c {
        CompoundCommand::BraceGroup(l, _) | CompoundCommand::Subshell(l, _) => collect(l, out),
        CompoundCommand::If {
            branches,
            otherwise,
            ..
        } => {
            for (a, b) in branches {
                collect(a, out);
                collect(b, out);
            }
            if let Some(o) = otherwise {
                collect(o, out);
            }
        }
        CompoundCommand::While { cond, body, .. } => {
            collect(cond, out);
            collect(body, out);
        }
        CompoundCommand::For { body, .. }
        | CompoundCommand::Select { body, .. }
        | CompoundCommand::ArithFor { body, .. } => collect(body, out),
        CompoundCommand::Case { items, .. } => {
            for i in items {
                collect(&i.body, out)
            }
        }
        _ => {}
    }
}
fn main() {
    if let Ok(out) = std::env::var("DUMP") {
        let mut lines = String::new();
        for path in std::env::args().skip(1) {
            let Ok(src) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(script) = parse(&src) else { continue };
            let mut defs = Vec::new();
            collect(&script.body, &mut defs);
            for d in defs {
                let Some(text) = src.get(d.span.start..d.span.end) else {
                    continue;
                };
                let ours = print_function(d, Layout::DeclareF, Some(text));
                lines.push_str(&format!(
                    "{}\t{}\t{}\t{}\n",
                    path,
                    d.name,
                    text.escape_default(),
                    ours.escape_default()
                ));
            }
        }
        std::fs::write(out, lines).unwrap();
        return;
    }
    let (mut n, mut bad) = (0, 0);
    for path in std::env::args().skip(1) {
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(script) = parse(&src) else { continue };
        let mut defs = Vec::new();
        collect(&script.body, &mut defs);
        for d in defs {
            let text = src.get(d.span.start..d.span.end);
            for t in [text, None] {
                n += 1;
                let a = old::function_text(d, t);
                let b = print_function(d, Layout::DeclareF, t);
                if a != b {
                    bad += 1;
                    if bad < 5 {
                        println!("DIFF {path}:\n--old\n{a}\n--new\n{b}");
                    }
                }
            }
        }
    }
    println!("{n} functions compared, {bad} differ");
}
