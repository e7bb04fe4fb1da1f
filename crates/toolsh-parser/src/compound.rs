//! Compound commands (bash manual 3.2.5), function definitions (3.3) and
//! coprocesses (3.2.6).

use crate::ast::{
    ArithExpr, CaseItem, CaseTerminator, Command, CompactString, CompoundCommand, Coproc,
    FunctionDef, List, SimpleCommand, Word, WordPart,
};
use crate::error::{ParseError, ParseErrorKind};
use crate::lexer::Op;
use crate::parser::Parser;
use crate::word::WordCtx;

impl Parser<'_> {
    /// A compound command and the redirections after it.
    pub(crate) fn compound_with_redirects(&mut self) -> Result<Command, ParseError> {
        let cc = self.compound()?;
        let redirects = self.trailing_redirects()?;
        Ok(Command::Compound(Box::new(cc), redirects))
    }

    /// `true` when a compound command starts at the cursor.
    fn at_compound_start(&self) -> bool {
        self.peek() == Some(b'(')
            || matches!(
                self.peek_reserved(),
                Some("if" | "while" | "until" | "for" | "select" | "case" | "{" | "[[")
            )
    }

    pub(crate) fn compound(&mut self) -> Result<CompoundCommand, ParseError> {
        self.skip_blanks();
        let start = self.pos;
        self.enter()?;
        let cc = if self.peek() == Some(b'(') {
            if self.peek_at(1) == Some(b'(') {
                self.arith_command(start)?
            } else {
                self.subshell(start)?
            }
        } else {
            match self.peek_reserved() {
                Some("if") => self.if_command(start)?,
                Some(w @ ("while" | "until")) => {
                    self.pos += w.len();
                    let cond = self.parse_nonempty_list()?;
                    let body = self.do_group()?;
                    CompoundCommand::While {
                        until: w == "until",
                        cond,
                        body,
                        span: self.span_from(start),
                    }
                }
                Some("for") => self.for_command(start)?,
                Some("select") => {
                    self.pos += 6;
                    let (var, words) = self.loop_head()?;
                    let body = self.loop_body()?;
                    CompoundCommand::Select {
                        var,
                        words,
                        body,
                        span: self.span_from(start),
                    }
                }
                Some("case") => self.case_command(start)?,
                Some("{") => {
                    self.pos += 1;
                    let list = self.parse_nonempty_list()?;
                    self.expect_reserved("}")?;
                    CompoundCommand::BraceGroup(list, self.span_from(start))
                }
                Some("[[") => self.cond_command(start)?,
                _ => return Err(self.unexpected()),
            }
        };
        self.leave();
        Ok(cc)
    }

    fn subshell(&mut self, start: usize) -> Result<CompoundCommand, ParseError> {
        self.pos += 1;
        let list = self.parse_nonempty_list()?;
        self.skip_blanks();
        if self.peek() != Some(b')') {
            return Err(self.unexpected());
        }
        self.pos += 1;
        Ok(CompoundCommand::Subshell(list, self.span_from(start)))
    }

    /// `(( ... ))`, or nested subshells when the text does not close with
    /// `))`.
    fn arith_command(&mut self, start: usize) -> Result<CompoundCommand, ParseError> {
        let cp = self.checkpoint();
        self.pos += 2;
        match self.arith_top(b')') {
            Ok(e) if self.starts_with("))") => {
                self.pos += 2;
                return Ok(CompoundCommand::Arith(e, self.span_from(start)));
            }
            Err(e) if e.kind == ParseErrorKind::LimitExceeded => return Err(e),
            _ => {}
        }
        self.restore(cp);
        self.pos += 2;
        match self.deferred_word(b")") {
            Ok(w) if self.starts_with("))") => {
                self.pos += 2;
                return Ok(CompoundCommand::Arith(
                    ArithExpr::Deferred(Box::new(w)),
                    self.span_from(start),
                ));
            }
            Err(e) if e.kind == ParseErrorKind::LimitExceeded => return Err(e),
            Err(e) if self.at_eof() => return Err(e),
            Ok(_) if self.at_eof() => return Err(self.eof_matching(')', start)),
            _ => {}
        }
        self.restore(cp);
        self.subshell(start)
    }

    fn if_command(&mut self, start: usize) -> Result<CompoundCommand, ParseError> {
        self.pos += 2;
        let mut branches = Vec::new();
        let mut otherwise = None;
        loop {
            let cond = self.parse_nonempty_list()?;
            self.expect_reserved("then")?;
            let body = self.parse_nonempty_list()?;
            branches.push((cond, body));
            self.skip_blanks();
            match self.peek_reserved() {
                Some("elif") => self.pos += 4,
                Some("else") => {
                    self.pos += 4;
                    otherwise = Some(self.parse_nonempty_list()?);
                    self.expect_reserved("fi")?;
                    break;
                }
                Some("fi") => {
                    self.pos += 2;
                    break;
                }
                _ => return Err(self.unexpected()),
            }
        }
        Ok(CompoundCommand::If {
            branches,
            otherwise,
            span: self.span_from(start),
        })
    }

    fn do_group(&mut self) -> Result<List, ParseError> {
        self.expect_reserved("do")?;
        let body = self.parse_nonempty_list()?;
        self.expect_reserved("done")?;
        Ok(body)
    }

    /// The body of `for`/`select`: `do list done` or `{ list; }`.
    fn loop_body(&mut self) -> Result<List, ParseError> {
        self.skip_newlines()?;
        if self.at_reserved("{") {
            self.pos += 1;
            let list = self.parse_nonempty_list()?;
            self.expect_reserved("}")?;
            return Ok(list);
        }
        self.do_group()
    }

    /// `name [in words] ;` of `for` and `select`.
    fn loop_head(&mut self) -> Result<(CompactString, Option<Vec<Word>>), ParseError> {
        self.skip_blanks();
        if !self.at_word_start() {
            return Err(self.unexpected());
        }
        let vs = self.pos;
        let w = self.parse_word(WordCtx::Pattern)?;
        let [WordPart::Literal(var)] = w.parts.as_slice() else {
            self.pos = vs;
            return Err(self.unexpected());
        };
        let var = var.clone();
        self.skip_blanks();
        if self.peek_op() == Some(Op::Semi) {
            self.pos += 1;
            return Ok((var, None));
        }
        self.skip_newlines()?;
        if !self.at_reserved("in") {
            return Ok((var, None));
        }
        self.pos += 2;
        let mut words = Vec::new();
        loop {
            self.skip_blanks();
            if self.at_word_start() {
                words.push(self.parse_word(WordCtx::Normal)?);
            } else {
                break;
            }
        }
        match self.peek_op() {
            Some(Op::Semi) => self.pos += 1,
            Some(Op::Newline) => {}
            _ => return Err(self.unexpected()),
        }
        Ok((var, Some(words)))
    }

    fn for_command(&mut self, start: usize) -> Result<CompoundCommand, ParseError> {
        self.pos += 3;
        self.skip_blanks();
        if self.starts_with("((") {
            self.pos += 2;
            let init = self.for_section(b';')?;
            let cond = self.for_section(b';')?;
            let step = self.for_section(b')')?;
            if !self.starts_with("))") {
                return Err(self.unexpected());
            }
            self.pos += 2;
            self.skip_blanks();
            if self.peek_op() == Some(Op::Semi) {
                self.pos += 1;
            }
            let body = self.loop_body()?;
            return Ok(CompoundCommand::ArithFor {
                init: init.map(Box::new),
                cond: cond.map(Box::new),
                step: step.map(Box::new),
                body,
                span: self.span_from(start),
            });
        }
        let (var, words) = self.loop_head()?;
        let body = self.loop_body()?;
        Ok(CompoundCommand::For {
            var,
            words,
            body,
            span: self.span_from(start),
        })
    }

    /// One `;`-separated section of `for ((...))`, through its terminator
    /// (`;`, or `)` for the last, which is left for the caller).
    fn for_section(&mut self, stop: u8) -> Result<Option<ArithExpr>, ParseError> {
        let open = self.pos;
        let cp = self.checkpoint();
        self.skip_arith_blanks();
        let e = if self.peek() == Some(stop) {
            None
        } else {
            match self.arith_top(stop) {
                Ok(e) if self.peek() == Some(stop) => Some(e),
                Err(e) if e.kind == ParseErrorKind::LimitExceeded => return Err(e),
                _ => {
                    self.restore(cp);
                    let w = self.deferred_word(&[stop, b')'])?;
                    Some(ArithExpr::Deferred(Box::new(w)))
                }
            }
        };
        match self.peek() {
            None => return Err(self.eof_matching(')', open)),
            Some(b')') if stop == b';' => {
                return Err(self.error(
                    ParseErrorKind::UnexpectedToken,
                    "syntax error: arithmetic expression required".to_string(),
                    open,
                ));
            }
            Some(c) if c == stop => {
                if stop == b';' {
                    self.pos += 1;
                }
            }
            Some(_) => return Err(self.unexpected()),
        }
        Ok(e)
    }

    fn skip_arith_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n')) {
            self.pos += 1;
        }
    }

    fn case_command(&mut self, start: usize) -> Result<CompoundCommand, ParseError> {
        self.pos += 4;
        self.skip_blanks();
        if !self.at_word_start() {
            return Err(self.unexpected());
        }
        let word = self.parse_word(WordCtx::Pattern)?;
        self.skip_newlines()?;
        self.expect_reserved("in")?;
        let mut items = Vec::new();
        loop {
            self.skip_newlines()?;
            if self.at_reserved("esac") {
                self.pos += 4;
                break;
            }
            let item_start = self.pos;
            if self.peek() == Some(b'(') {
                self.pos += 1;
            }
            let mut patterns = Vec::new();
            loop {
                self.skip_blanks();
                if !self.at_word_start() {
                    return Err(self.unexpected());
                }
                patterns.push(self.parse_word(WordCtx::Pattern)?);
                self.skip_blanks();
                match self.peek() {
                    Some(b'|') => self.pos += 1,
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return Err(self.unexpected()),
                }
            }
            let body = self.parse_compound_list()?;
            self.skip_blanks();
            let terminator = match self.peek_op() {
                Some(Op::DSemi) => CaseTerminator::Break,
                Some(Op::SemiAmp) => CaseTerminator::FallThrough,
                Some(Op::DSemiAmp) => CaseTerminator::Continue,
                _ if self.at_reserved("esac") => CaseTerminator::Break,
                _ => return Err(self.unexpected()),
            };
            if let Some(op) = self.peek_op() {
                self.pos += op.len();
            }
            items.push(CaseItem {
                patterns,
                body,
                terminator,
                span: self.span_from(item_start),
            });
        }
        Ok(CompoundCommand::Case {
            word,
            items,
            span: self.span_from(start),
        })
    }

    /// `name () compound-command [redirections]`; the name word is parsed.
    pub(crate) fn function_def(
        &mut self,
        cmd: SimpleCommand,
        start: usize,
    ) -> Result<Command, ParseError> {
        let name = match cmd.words.into_iter().next().map(|w| w.parts) {
            Some(mut parts) => match parts.pop() {
                Some(WordPart::Literal(l)) => l,
                _ => CompactString::default(),
            },
            None => CompactString::default(),
        };
        // `(` blanks `)`
        self.pos += 1;
        self.skip_blanks();
        self.pos += 1;
        self.function_body(name, false, start)
    }

    fn function_body(
        &mut self,
        name: CompactString,
        keyword: bool,
        start: usize,
    ) -> Result<Command, ParseError> {
        self.skip_newlines()?;
        if !self.at_compound_start() {
            return Err(self.unexpected());
        }
        let body = self.compound()?;
        let redirects = self.trailing_redirects()?;
        Ok(Command::Function(Box::new(FunctionDef {
            name,
            body: Box::new(body),
            redirects,
            keyword,
            span: self.span_from(start),
        })))
    }

    /// `function name [()] compound-command`.
    pub(crate) fn function_keyword(&mut self) -> Result<Command, ParseError> {
        let start = self.pos;
        self.pos += 8;
        self.skip_blanks();
        if !self.at_word_start() {
            return Err(self.unexpected());
        }
        let ns = self.pos;
        let w = self.parse_word(WordCtx::Pattern)?;
        let [WordPart::Literal(name)] = w.parts.as_slice() else {
            self.pos = ns;
            return Err(self.unexpected());
        };
        let name = name.clone();
        self.skip_blanks();
        if self.peek() == Some(b'(') && self.peek_at(1) != Some(b'(') {
            let save = self.pos;
            self.pos += 1;
            self.skip_blanks();
            if self.peek() == Some(b')') {
                self.pos += 1;
            } else {
                self.pos = save;
            }
        }
        self.function_body(name, true, start)
    }

    /// `coproc [NAME] command`.
    pub(crate) fn coproc(&mut self) -> Result<Command, ParseError> {
        let start = self.pos;
        self.pos += 6;
        self.skip_blanks();
        let mut name = None;
        if !self.at_compound_start() && self.at_word_start() {
            // A name is taken only when a compound command follows it.
            let cp = self.checkpoint();
            let w = self.parse_word(WordCtx::Pattern)?;
            self.skip_blanks();
            match w.parts.as_slice() {
                [WordPart::Literal(l)] if self.at_compound_start() => name = Some(l.clone()),
                _ => self.restore(cp),
            }
        }
        self.enter()?;
        let body = self.parse_command()?;
        self.leave();
        Ok(Command::Coproc(Coproc {
            name,
            body: Box::new(body),
            span: self.span_from(start),
        }))
    }
}
