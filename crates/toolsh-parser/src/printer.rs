//! The printer: a tree back to source text. In the canonical layout the
//! text parses to the same tree: commands one per line, compound bodies
//! indented by two spaces, here-document bodies after the line that opens
//! them. The `declare -f` layout (`printer_declare`) shares the pieces
//! that both print alike: and-or lists, pipelines, assignments, `[[ ]]`
//! expressions, redirections and words.

use crate::ast::*;
use crate::lexer::RESERVED;

/// Commands whose `name=value` arguments are parsed as assignments.
const DECLARATION_UTILITIES: &[&str] = &["declare", "typeset", "local", "export", "readonly"];

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

/// How a printed tree is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Layout {
    /// The canonical form of [`crate::print`]: one command per line,
    /// bodies indented by two spaces; parses back to the same tree.
    #[default]
    Canonical,
    /// GNU bash 5.2's layout for `declare -f`, `typeset -f` and `type`
    /// (its `print_cmd.c`): `name () `, the body in `{ ... }` indented by
    /// four spaces, one command per line ended by `;`, `then`/`do` on the
    /// line of their keyword, `elif` as a nested `else if`. Words,
    /// assignments and `((...))` commands are printed as written when the
    /// definition's source text is given, else in canonical form.
    DeclareF,
}

#[derive(Default)]
pub(crate) struct Printer<'a> {
    pub out: String,
    /// Canonical layout: nesting level (two spaces each); `declare -f`
    /// layout: the indent of the list being printed, in spaces.
    pub(crate) indent: usize,
    pub(crate) pending: Vec<HereDoc>,
    pub(crate) layout: Layout,
    /// `declare -f` layout: the definition's source text and the offset of
    /// its first byte in the script the spans index.
    pub(crate) src: Option<(&'a str, usize)>,
    /// `declare -f` layout: a here-document body was printed since the
    /// last `;` between commands (bash's `was_heredoc`).
    pub(crate) was_heredoc: bool,
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
    /// Printing the script of a `$(...)`: a here-document still pending at
    /// its end stays pending for the enclosing line.
    carry_pending: bool,
    /// Printing the script of a substitution: its top-level commands go
    /// on one line, `;`-separated, while no here-document is pending.
    inline: bool,
    /// Canonical layout of a whole script: its comments, in order, and
    /// how many are printed (see [`Self::comments_before`]).
    pub(crate) comments: &'a [Comment],
    pub(crate) next_comment: usize,
    /// The output length at the last place a comment line could go.
    pub(crate) comment_mark: usize,
}

impl<'a> Printer<'a> {
    /// A printer for the `declare -f` layout; `src` is the definition's
    /// source text and the offset of its first byte.
    pub(crate) fn declare(src: Option<(&'a str, usize)>) -> Self {
        Printer {
            layout: Layout::DeclareF,
            src,
            ..Printer::default()
        }
    }
}

impl Printer<'_> {
    /// Ends the current line: a newline, then the bodies of the
    /// here-documents opened on it.
    pub(crate) fn newline(&mut self) {
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
                self.parts(&h.body.parts, Ctx::HereDoc);
                self.enclosing.pop();
            }
            if self.unterminated(&h) {
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

    pub(crate) fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    pub(crate) fn script(&mut self, s: &Script) {
        self.list(&s.body, u32::MAX);
        self.remaining_comments();
    }

    /// The items of `l`, each ended by a newline (or `;`); `bound` is
    /// where the body ends (the offset of the keyword after it) for the
    /// comments at its end.
    fn list(&mut self, l: &List, bound: u32) {
        let mut same_line = false;
        for (i, item) in l.items.iter().enumerate() {
            if same_line {
                self.out.push(' ');
            } else {
                self.comments_before(item.span.start);
                self.pad();
            }
            self.and_or(&item.and_or);
            if item.background {
                self.out.push_str(" &");
            }
            let last = i + 1 == l.items.len();
            let after = l.items.get(i + 1).map_or(bound, |n| n.span.start + 1);
            if self.sub_end_is_eof
                && self.indent == 0
                && last
                && !self.pending.is_empty()
                && self.pending.iter().all(|h| h.body.parts.is_empty())
            {
                // The end of the substitution gives pending here-documents
                // empty bodies; a newline would read the text after it.
                self.pending.clear();
                continue;
            }
            if self.pending.iter().any(|h| self.unterminated(h)) {
                // That body runs to the end of the input: what followed the
                // command stays on its line, and a substitution leaves it
                // pending for the line that holds the substitution.
                same_line = !last;
                if same_line && !item.background {
                    self.out.push(';');
                }
                if !last || (self.carry_pending && self.indent == 0) {
                    continue;
                }
            }
            same_line = false;
            if self.inline && self.indent == 0 && self.pending.is_empty() {
                // A substitution's commands on one line: a newline there
                // would end an assignment's `[...]` or a `for ((...))`.
                if !last {
                    self.out.push_str(if item.background { " " } else { "; " });
                }
                continue;
            }
            self.trailing_comment(after);
            self.newline();
        }
        self.comments_ending_before(bound);
    }

    /// `true` when no line can end `h`'s body: its delimiter holds a
    /// newline, or a line equal to it would have ended the body it is
    /// printed into.
    fn unterminated(&self, h: &HereDoc) -> bool {
        h.delimiter.contains('\n') || self.enclosing.contains(&h.delimiter)
    }

    /// `l` indented one level; `bound` as for [`Self::list`].
    pub(crate) fn body(&mut self, l: &List, bound: u32) {
        self.indent += 1;
        self.list(l, bound);
        self.indent -= 1;
    }

    pub(crate) fn and_or(&mut self, a: &AndOrList) {
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

    pub(crate) fn command(&mut self, c: &Command) {
        let declare = self.layout == Layout::DeclareF;
        match c {
            Command::Simple(s) => self.simple(s),
            Command::Compound(cc, r) => {
                if declare {
                    self.declare_compound(cc, self.indent);
                } else {
                    self.compound(cc);
                }
                self.redirects(r);
            }
            Command::Function(f) if declare => self.declare_function(f, self.indent, true),
            Command::Function(f) => self.function(f),
            Command::Coproc(c) => {
                self.out.push_str("coproc ");
                match &c.name {
                    Some(n) => {
                        self.out.push_str(n);
                        self.out.push(' ');
                    }
                    // bash shows the default name.
                    None if declare => self.out.push_str("COPROC "),
                    None => {}
                }
                self.command(&c.body);
            }
        }
    }

    /// A function definition in canonical form.
    pub(crate) fn function(&mut self, f: &FunctionDef) {
        if f.keyword {
            self.out.push_str("function ");
        }
        self.out.push_str(&f.name);
        self.out.push_str("() ");
        self.compound(&f.body);
        self.redirects(&f.redirects);
    }

    fn simple(&mut self, s: &SimpleCommand) {
        let mut first = true;
        let mut sep = |p: &mut Printer| {
            if !first {
                p.out.push(' ');
            }
            first = false;
        };
        if self.layout == Layout::DeclareF {
            // As written: assignments, words, then redirections.
            for a in &s.assignments {
                sep(self);
                self.assignment(a);
            }
            for w in &s.words {
                sep(self);
                self.cmd_word(w);
            }
            for r in &s.redirects {
                sep(self);
                self.redirect(r);
            }
            return;
        }
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
        let decl = matches!(s.words.first().map(|w| w.parts.as_slice()),
            Some([WordPart::Literal(l)]) if DECLARATION_UTILITIES.contains(&l.as_str()));
        for (i, w) in s.words.iter().enumerate() {
            sep(self);
            let start = self.out.len();
            self.word(w, Ctx::Unquoted);
            // Words the parser would read otherwise from their plain text:
            // a reserved word (`!` before `;`, `w\<newline>hile`) or an
            // assignment in command position, or an assignment argument of
            // a declaration utility that was an ordinary word.
            let split = if i == 0 {
                (keyword_first && s.redirects.is_empty()) || self.printed_assignment_shape(start)
            } else if !matches!(w.parts.as_slice(), [WordPart::AssignmentWord(_)])
                && self.printed_assignment_shape(start)
            {
                // An argument that looks like an assignment is parsed as
                // one by a declaration utility, and with tilde expansion
                // after `=` and `:` otherwise: keep it apart when that
                // would give other parts.
                decl || !self.reparses_as_argument(start, w)
            } else {
                false
            };
            if split {
                self.split_word_start(start);
            }
        }
        if !redirects_first {
            for r in &s.redirects {
                sep(self);
                self.redirect(r);
            }
        }
    }

    pub(crate) fn redirects(&mut self, rs: &[Redirect]) {
        for r in rs {
            self.out.push(' ');
            self.redirect(r);
        }
    }

    /// One redirection. Canonical: `>f`, `2>&1`, `<<EOF`. `declare -f`
    /// (bash): `> f`, `1>&2` (the default descriptor shown), `<<< w`.
    /// A here-document's body waits in `pending` for the end of the line.
    fn redirect(&mut self, r: &Redirect) {
        let declare = self.layout == Layout::DeclareF;
        match &r.fd {
            Some(RedirFd::Number(n)) => self.out.push_str(&n.to_string()),
            Some(RedirFd::Var(v)) => {
                self.out.push('{');
                self.out.push_str(v);
                self.out.push('}');
            }
            None if declare && r.op == RedirOp::DupWrite => self.out.push('1'),
            None if declare && r.op == RedirOp::DupRead => self.out.push('0'),
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
            RedirTarget::Word(w) if declare => {
                if !matches!(r.op, RedirOp::DupRead | RedirOp::DupWrite) {
                    self.out.push(' ');
                }
                self.cmd_word(w);
            }
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
                if declare {
                    if h.quoted {
                        self.out.push('\'');
                        self.out.push_str(&h.delimiter);
                        self.out.push('\'');
                    } else {
                        self.out.push_str(&h.delimiter);
                    }
                } else {
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
                }
                self.pending.push(h.clone());
            }
        }
    }

    pub(crate) fn assignment(&mut self, a: &Assignment) {
        if let Some(t) = self.verbatim(a.span) {
            self.out.push_str(t);
            return;
        }
        self.out.push_str(&a.name);
        if let Some(s) = &a.subscript {
            self.out.push('[');
            self.cmd_word(s);
            self.out.push(']');
        }
        self.out.push_str(if a.append { "+=" } else { "=" });
        match &a.value {
            AssignValue::Scalar(w) => self.cmd_word(w),
            AssignValue::Array(items) => {
                self.out.push('(');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(' ');
                    }
                    match item {
                        ArrayItem::Value(w) => self.cmd_word(w),
                        ArrayItem::Keyed { key, value, append } => {
                            self.out.push('[');
                            self.cmd_word(key);
                            self.out.push_str(if *append { "]+=" } else { "]=" });
                            self.cmd_word(value);
                        }
                    }
                }
                self.out.push(')');
            }
        }
    }

    /// `(( expr ))` as a command, in canonical form (both layouts).
    pub(crate) fn arith_command(&mut self, e: &ArithExpr) {
        self.out.push_str("((");
        self.arith(e);
        self.out.push_str("))");
    }

    /// `[[ expr ]]` (both layouts).
    pub(crate) fn cond_command(&mut self, e: &CondExpr) {
        self.out.push_str("[[ ");
        self.cond(e);
        self.out.push_str(" ]]");
    }

    pub(crate) fn word(&mut self, w: &Word, ctx: Ctx) {
        self.parts(&w.parts, ctx);
    }

    /// Word parts side by side (a word, the inside of double quotes, a
    /// here-document body).
    pub(crate) fn parts(&mut self, parts: &[WordPart], ctx: Ctx) {
        let mut prev: Option<&WordPart> = None;
        for p in parts {
            let start = self.out.len();
            self.part(p, ctx);
            if prev.is_none()
                && ctx == Ctx::Unquoted
                && matches!(p, WordPart::Literal(l) if l.starts_with('~'))
                && self.reads_as_tilde_prefix(start)
            {
                // Not a tilde prefix when parsed: a continuation followed.
                self.out.insert_str(start + 1, "\\\n");
            }
            // A line continuation keeps two parts apart where printing them
            // side by side would read as one: a literal `$` before a quote
            // or an expansion (`$'...'`, `${...}`), a name after `$name`.
            // The parser met one there (or the parts could not be adjacent).
            let split = match prev {
                Some(WordPart::Literal(l)) => {
                    l.ends_with('$') && matches!(ctx, Ctx::Unquoted | Ctx::ParamDq)
                }
                Some(WordPart::Param(pe)) => {
                    !pe.braced
                        && matches!(pe.param, Parameter::Named(_))
                        && self
                            .out
                            .as_bytes()
                            .get(start)
                            .is_some_and(|&c| crate::lexer::is_name_char(c))
                }
                _ => false,
            };
            if split {
                self.out.insert_str(start, "\\\n");
            }
            prev = Some(p);
        }
    }

    /// `true` when the text printed from `start` (a `~`) would be read as
    /// a tilde prefix (bash manual 3.5.2): `~` and login-name characters
    /// up to the end of the word, a `/` or a `:`.
    fn reads_as_tilde_prefix(&self, start: usize) -> bool {
        let rest = &self.out.as_bytes()[start + 1..];
        let n = rest
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+'))
            .count();
        rest.get(n)
            .is_none_or(|&c| c == b'/' || c == b':' || crate::lexer::is_meta(c))
    }

    /// A line continuation after the first character of the word printed
    /// from `start`: the word is then read as an ordinary word, not a
    /// reserved word or an assignment (the continuation is dropped).
    fn split_word_start(&mut self, start: usize) {
        if let Some(c) = self.out[start..].chars().next() {
            self.out.insert_str(start + c.len_utf8(), "\\\n");
        }
    }

    /// `true` when the text printed from `start`, as an argument of a
    /// command that is not a declaration utility, parses back to `w`.
    fn reparses_as_argument(&self, start: usize, w: &Word) -> bool {
        let text = format!(": {}", &self.out[start..]);
        crate::parse(&text).is_ok_and(|s| {
            matches!(
                s.body.items.first().map(|i| &i.and_or.first.commands[0].command),
                Some(Command::Simple(c))
                    if c.words.get(1).is_some_and(|x| crate::visit::eq_ignoring_spans(x, w))
            )
        })
    }

    /// `true` when the text printed from `start` begins like an
    /// assignment (`name=`, `name+=`, `name[...]=`).
    fn printed_assignment_shape(&self, start: usize) -> bool {
        let text = &self.out[start..];
        if !text
            .as_bytes()
            .first()
            .is_some_and(|&c| crate::lexer::is_name_start(c))
        {
            return false;
        }
        crate::parser::Parser::new(text, crate::ParseLimits::default())
            .assignment_shape()
            .is_some()
    }

    /// A command substitution's script as text. `end_is_eof`: the parser
    /// reads the substitution's text on its own (backquotes), or outside
    /// any newline token (directly in a here-document body), so its end
    /// ends pending here-documents.
    ///
    /// Otherwise (`$(...)`), a here-document pending at the end whose body
    /// ran to the end of the input was read after the substitution: it
    /// moves to this printer's pending list.
    pub(crate) fn sub_script(&mut self, s: &Script, end_is_eof: bool) -> String {
        let mut p = Printer {
            enclosing: self.enclosing.clone(),
            sub_end_is_eof: end_is_eof,
            carry_pending: !end_is_eof,
            inline: true,
            ..Printer::default()
        };
        p.script(s);
        self.pending.append(&mut p.pending);
        p.out
    }
}
