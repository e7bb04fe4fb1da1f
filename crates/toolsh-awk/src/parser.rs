//! Parsing: program structure and statements (POSIX XCU awk "Grammar").
//! Expressions are in `parser/expr.rs`.

use std::collections::HashMap;

use super::ast::{Expr, Function, Item, LValue, Pattern, Program, Redirect, Stmt, Var};
use super::error::SyntaxError;
use super::lexer::{Kw, Lexer, Tok, Token};

mod expr;

/// The special variables, in slot order (they are globals 0..N).
pub const SPECIAL_VARS: &[&str] = &[
    "NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "SUBSEP", "CONVFMT", "OFMT", "RSTART", "RLENGTH",
    "FILENAME", "ENVIRON", "ARGC", "ARGV", "RT",
];

/// Parse a whole program. `max_depth` bounds statement and expression
/// nesting.
pub fn parse_program(src: &[u8], max_depth: usize) -> Result<Program, SyntaxError> {
    let mut p = Parser::new(src, max_depth)?;
    p.program()?;
    p.finish()
}

/// The parser state.
pub(super) struct Parser<'a> {
    lx: Lexer<'a>,
    tok: Token,
    globals: HashMap<String, usize>,
    global_names: Vec<String>,
    locals: Option<HashMap<String, usize>>,
    func_index: HashMap<String, usize>,
    funcs: Vec<Option<Function>>,
    func_refs: Vec<(String, usize)>,
    regexes: Vec<Vec<u8>>,
    depth: usize,
    max_depth: usize,
    /// Inside an unparenthesized print list: `>` is a redirection.
    no_gt: bool,
    /// Inside a for-init: `in` is not an operator.
    no_in: bool,
    program: Program,
}

impl<'a> Parser<'a> {
    fn new(src: &'a [u8], max_depth: usize) -> Result<Self, SyntaxError> {
        let mut lx = Lexer::new(src);
        let tok = lx.next_token()?;
        let mut p = Self {
            lx,
            tok,
            globals: HashMap::new(),
            global_names: Vec::new(),
            locals: None,
            func_index: HashMap::new(),
            funcs: Vec::new(),
            func_refs: Vec::new(),
            regexes: Vec::new(),
            depth: 0,
            max_depth,
            no_gt: false,
            no_in: false,
            program: Program::default(),
        };
        for name in SPECIAL_VARS {
            p.global(name);
        }
        Ok(p)
    }

    fn finish(mut self) -> Result<Program, SyntaxError> {
        for (name, pos) in &self.func_refs {
            let idx = self.func_index[name];
            if self.funcs[idx].is_none() {
                let mut e = SyntaxError::new(*pos, format!("function `{name}' not defined"));
                e.fatal = true;
                return Err(e);
            }
        }
        self.program.functions = self
            .funcs
            .into_iter()
            .map(|f| f.unwrap_or_else(unreachable_fn))
            .collect();
        self.program.globals = self.global_names;
        self.program.regexes = self.regexes;
        Ok(self.program)
    }

    // ---- token helpers ----

    pub(super) fn advance(&mut self) -> Result<Token, SyntaxError> {
        let next = self.lx.next_token()?;
        Ok(std::mem::replace(&mut self.tok, next))
    }

    pub(super) fn is(&self, t: &Tok) -> bool {
        &self.tok.tok == t
    }

    pub(super) fn is_kw(&self, k: Kw) -> bool {
        self.tok.tok == Tok::Keyword(k)
    }

    pub(super) fn error<T>(&self) -> Result<T, SyntaxError> {
        let msg = if self.tok.tok == Tok::Eof {
            "syntax error (unexpected end of program)"
        } else {
            "syntax error"
        };
        Err(SyntaxError::new(self.tok.pos, msg))
    }

    pub(super) fn expect(&mut self, t: &Tok) -> Result<(), SyntaxError> {
        if self.is(t) {
            self.advance()?;
            Ok(())
        } else {
            self.error()
        }
    }

    pub(super) fn opt_newlines(&mut self) -> Result<(), SyntaxError> {
        while self.is(&Tok::Newline) {
            self.advance()?;
        }
        Ok(())
    }

    fn skip_terminators(&mut self) -> Result<(), SyntaxError> {
        while self.is(&Tok::Newline) || self.is(&Tok::Semi) {
            self.advance()?;
        }
        Ok(())
    }

    /// Save the parser position for backtracking.
    pub(super) fn save(&self) -> (Lexer<'a>, Token) {
        (self.lx.clone(), self.tok.clone())
    }

    /// Return to a saved position.
    pub(super) fn restore(&mut self, s: (Lexer<'a>, Token)) {
        self.lx = s.0;
        self.tok = s.1;
    }

    /// The token after the current one, without consuming anything.
    pub(super) fn peek2(&self) -> Result<Tok, SyntaxError> {
        let mut lx = self.lx.clone();
        Ok(lx.next_token()?.tok)
    }

    pub(super) fn enter(&mut self) -> Result<(), SyntaxError> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(SyntaxError::new(self.tok.pos, "program nesting too deep"));
        }
        Ok(())
    }

    pub(super) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- names ----

    pub(super) fn global(&mut self, name: &str) -> usize {
        if let Some(&i) = self.globals.get(name) {
            return i;
        }
        let i = self.global_names.len();
        self.globals.insert(name.to_string(), i);
        self.global_names.push(name.to_string());
        i
    }

    pub(super) fn var(&mut self, name: &str) -> Var {
        if let Some(&i) = self.locals.as_ref().and_then(|l| l.get(name)) {
            return Var::Local(i);
        }
        Var::Global(self.global(name))
    }

    pub(super) fn func_ref(&mut self, name: &str, pos: usize) -> usize {
        self.func_refs.push((name.to_string(), pos));
        self.func_slot(name)
    }

    fn func_slot(&mut self, name: &str) -> usize {
        if let Some(&i) = self.func_index.get(name) {
            return i;
        }
        let i = self.funcs.len();
        self.funcs.push(None);
        self.func_index.insert(name.to_string(), i);
        i
    }

    pub(super) fn add_regex(&mut self, re: Vec<u8>) -> usize {
        self.regexes.push(re);
        self.regexes.len() - 1
    }

    // ---- program structure ----

    fn program(&mut self) -> Result<(), SyntaxError> {
        self.skip_terminators()?;
        while !self.is(&Tok::Eof) {
            self.item()?;
            self.skip_terminators()?;
        }
        Ok(())
    }

    fn item(&mut self) -> Result<(), SyntaxError> {
        match &self.tok.tok {
            Tok::Keyword(Kw::Begin) => {
                self.advance()?;
                self.opt_newlines()?;
                if !self.is(&Tok::LBrace) {
                    return self.error();
                }
                let b = self.block()?;
                self.program.begin.push(b);
            }
            Tok::Keyword(Kw::End) => {
                self.advance()?;
                self.opt_newlines()?;
                if !self.is(&Tok::LBrace) {
                    return self.error();
                }
                let b = self.block()?;
                self.program.end.push(b);
            }
            Tok::Keyword(Kw::Function) => self.function()?,
            Tok::LBrace => {
                let b = self.block()?;
                self.program.items.push(Item {
                    pattern: Pattern::All,
                    action: Some(b),
                });
            }
            _ => {
                let first = self.expr()?;
                let pattern = if self.is(&Tok::Comma) {
                    self.advance()?;
                    self.opt_newlines()?;
                    let second = self.expr()?;
                    let idx = self.program.ranges;
                    self.program.ranges += 1;
                    Pattern::Range(first, second, idx)
                } else {
                    Pattern::Expr(first)
                };
                let action = if self.is(&Tok::LBrace) {
                    Some(self.block()?)
                } else if matches!(self.tok.tok, Tok::Newline | Tok::Semi | Tok::Eof) {
                    None
                } else {
                    return self.error();
                };
                self.program.items.push(Item { pattern, action });
            }
        }
        Ok(())
    }

    fn function(&mut self) -> Result<(), SyntaxError> {
        self.advance()?;
        let pos = self.tok.pos;
        let name = match &self.tok.tok {
            Tok::Name(n) | Tok::FuncName(n) => n.clone(),
            _ => return self.error(),
        };
        if self.globals.contains_key(&name) && SPECIAL_VARS.contains(&name.as_str()) {
            return Err(SyntaxError::new(
                pos,
                format!("function name `{name}' previously defined"),
            ));
        }
        self.advance()?;
        self.expect(&Tok::LParen)?;
        let mut params = Vec::new();
        let mut locals = HashMap::new();
        self.opt_newlines()?;
        while let Tok::Name(p) = &self.tok.tok {
            let p = p.clone();
            if locals.contains_key(&p) {
                return Err(SyntaxError::new(
                    self.tok.pos,
                    format!("function `{name}': duplicate parameter `{p}'"),
                ));
            }
            locals.insert(p.clone(), params.len());
            params.push(p);
            self.advance()?;
            self.opt_newlines()?;
            if self.is(&Tok::Comma) {
                self.advance()?;
                self.opt_newlines()?;
            } else {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.opt_newlines()?;
        if !self.is(&Tok::LBrace) {
            return self.error();
        }
        let idx = self.func_slot(&name);
        if self.funcs[idx].is_some() {
            return Err(SyntaxError::new(
                pos,
                format!("function `{name}' previously defined"),
            ));
        }
        self.locals = Some(locals);
        let body = self.block();
        self.locals = None;
        let body = body?;
        self.funcs[idx] = Some(Function {
            nparams: params.len(),
            body,
        });
        Ok(())
    }

    /// `{ statements }`
    fn block(&mut self) -> Result<Vec<Stmt>, SyntaxError> {
        self.enter()?;
        self.expect(&Tok::LBrace)?;
        let mut stmts = Vec::new();
        loop {
            self.skip_terminators()?;
            if self.is(&Tok::RBrace) {
                self.advance()?;
                break;
            }
            stmts.push(self.stmt()?);
        }
        self.leave();
        Ok(stmts)
    }

    /// The end of a simple statement: `;`, newline, or (not consumed) `}`
    /// or end of program.
    fn end_simple(&mut self) -> Result<(), SyntaxError> {
        match self.tok.tok {
            Tok::Semi | Tok::Newline => {
                self.advance()?;
                Ok(())
            }
            Tok::RBrace | Tok::Eof => Ok(()),
            _ => self.error(),
        }
    }

    fn stmt(&mut self) -> Result<Stmt, SyntaxError> {
        self.enter()?;
        let s = self.stmt_inner();
        self.leave();
        s
    }

    fn body(&mut self) -> Result<Box<Stmt>, SyntaxError> {
        self.opt_newlines()?;
        if self.is(&Tok::Semi) {
            self.advance()?;
            return Ok(Box::new(Stmt::Block(Vec::new())));
        }
        Ok(Box::new(self.stmt()?))
    }

    fn paren_expr(&mut self) -> Result<Expr, SyntaxError> {
        self.expect(&Tok::LParen)?;
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(e)
    }

    fn stmt_inner(&mut self) -> Result<Stmt, SyntaxError> {
        match self.tok.tok.clone() {
            Tok::LBrace => Ok(Stmt::Block(self.block()?)),
            Tok::Semi => {
                self.advance()?;
                Ok(Stmt::Block(Vec::new()))
            }
            Tok::Keyword(Kw::If) => {
                self.advance()?;
                let cond = self.paren_expr()?;
                let then = self.body()?;
                // `else` may follow after newlines and one semicolon.
                let saved = self.save();
                self.skip_terminators()?;
                if self.is_kw(Kw::Else) {
                    self.advance()?;
                    let els = self.body()?;
                    Ok(Stmt::If(cond, then, Some(els)))
                } else {
                    self.restore(saved);
                    Ok(Stmt::If(cond, then, None))
                }
            }
            Tok::Keyword(Kw::While) => {
                self.advance()?;
                let cond = self.paren_expr()?;
                if self.is(&Tok::Semi) {
                    self.advance()?;
                    return Ok(Stmt::While(cond, Box::new(Stmt::Block(Vec::new()))));
                }
                let body = self.body()?;
                Ok(Stmt::While(cond, body))
            }
            Tok::Keyword(Kw::Do) => {
                self.advance()?;
                let body = self.body()?;
                self.skip_terminators()?;
                if !self.is_kw(Kw::While) {
                    return self.error();
                }
                self.advance()?;
                let cond = self.paren_expr()?;
                self.end_simple()?;
                Ok(Stmt::Do(body, cond))
            }
            Tok::Keyword(Kw::For) => self.for_stmt(),
            _ => {
                let s = self.simple_stmt()?;
                self.end_simple()?;
                Ok(s)
            }
        }
    }

    fn for_stmt(&mut self) -> Result<Stmt, SyntaxError> {
        self.advance()?;
        self.expect(&Tok::LParen)?;
        // for (name in array)
        if let Tok::Name(n) = &self.tok.tok {
            let n = n.clone();
            let mut lx = self.lx.clone();
            let t2 = lx.next_token()?.tok;
            let t3 = lx.next_token()?.tok;
            let t4 = lx.next_token()?.tok;
            if t2 == Tok::Keyword(Kw::In)
                && let Tok::Name(arr) = t3
                && t4 == Tok::RParen
            {
                let v = self.var(&n);
                let a = self.var(&arr);
                self.advance()?;
                self.advance()?;
                self.advance()?;
                self.advance()?;
                let body = self.body()?;
                return Ok(Stmt::ForIn(LValue::Var(v), a, body));
            }
        }
        let init = if self.is(&Tok::Semi) {
            None
        } else {
            Some(self.simple_expr_stmt()?)
        };
        self.expect(&Tok::Semi)?;
        self.opt_newlines()?;
        let cond = if self.is(&Tok::Semi) {
            None
        } else {
            Some(self.expr()?)
        };
        self.expect(&Tok::Semi)?;
        self.opt_newlines()?;
        let step = if self.is(&Tok::RParen) {
            None
        } else {
            Some(self.simple_expr_stmt()?)
        };
        self.expect(&Tok::RParen)?;
        if self.is(&Tok::Semi) {
            self.advance()?;
            return Ok(Stmt::For(
                init,
                cond,
                step,
                Box::new(Stmt::Block(Vec::new())),
            ));
        }
        let body = self.body()?;
        Ok(Stmt::For(init, cond, step, body))
    }

    fn simple_expr_stmt(&mut self) -> Result<Expr, SyntaxError> {
        self.expr()
    }

    fn simple_stmt(&mut self) -> Result<Stmt, SyntaxError> {
        let pos = self.tok.pos;
        match self.tok.tok.clone() {
            Tok::Keyword(Kw::Print) => {
                self.advance()?;
                let (args, redir) = self.print_args()?;
                Ok(Stmt::Print(args, redir))
            }
            Tok::Keyword(Kw::Printf) => {
                self.advance()?;
                let (args, redir) = self.print_args()?;
                if args.is_empty() {
                    return Err(SyntaxError::new(pos, "printf: no format"));
                }
                Ok(Stmt::Printf(args, redir))
            }
            Tok::Keyword(Kw::Next) => {
                self.advance()?;
                Ok(Stmt::Next)
            }
            Tok::Keyword(Kw::Nextfile) => {
                self.advance()?;
                Ok(Stmt::NextFile)
            }
            Tok::Keyword(Kw::Break) => {
                self.advance()?;
                Ok(Stmt::Break)
            }
            Tok::Keyword(Kw::Continue) => {
                self.advance()?;
                Ok(Stmt::Continue)
            }
            Tok::Keyword(Kw::Exit) => {
                self.advance()?;
                let e = if self.at_simple_end() {
                    None
                } else {
                    Some(self.expr()?)
                };
                Ok(Stmt::Exit(e))
            }
            Tok::Keyword(Kw::Return) => {
                self.advance()?;
                if self.locals.is_none() {
                    return Err(SyntaxError::new(
                        pos,
                        "`return' used outside function context",
                    ));
                }
                let e = if self.at_simple_end() {
                    None
                } else {
                    Some(self.expr()?)
                };
                Ok(Stmt::Return(e))
            }
            Tok::Keyword(Kw::Delete) => {
                self.advance()?;
                let paren = self.is(&Tok::LParen);
                if paren {
                    self.advance()?;
                }
                let Tok::Name(n) = self.tok.tok.clone() else {
                    return self.error();
                };
                self.advance()?;
                let v = self.var(&n);
                let subs = if self.is(&Tok::LBracket) {
                    self.advance()?;
                    let subs = self.expr_list()?;
                    self.expect(&Tok::RBracket)?;
                    Some(subs)
                } else {
                    None
                };
                if paren {
                    self.expect(&Tok::RParen)?;
                }
                Ok(Stmt::Delete(v, subs))
            }
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    fn at_simple_end(&self) -> bool {
        matches!(
            self.tok.tok,
            Tok::Semi | Tok::Newline | Tok::RBrace | Tok::Eof
        )
    }

    fn at_print_end(&self) -> bool {
        self.at_simple_end()
            || matches!(
                self.tok.tok,
                Tok::Gt | Tok::Append | Tok::Pipe | Tok::PipeAmp
            )
    }

    /// The argument list and redirection of `print`/`printf`.
    fn print_args(&mut self) -> Result<(Vec<Expr>, Option<Redirect>), SyntaxError> {
        let mut args = Vec::new();
        if !self.at_print_end() {
            let mut done = false;
            if self.is(&Tok::LParen) {
                // `print (a, b) > f`: a parenthesized list, if what follows
                // the ')' ends the statement.
                let saved = self.save();
                self.advance()?;
                let old = (self.no_gt, self.no_in);
                self.no_gt = false;
                self.no_in = false;
                let list = self.expr_list();
                (self.no_gt, self.no_in) = old;
                if let Ok(list) = list
                    && self.is(&Tok::RParen)
                {
                    self.advance()?;
                    if self.at_print_end() {
                        args = list;
                        done = true;
                    }
                }
                if !done {
                    self.restore(saved);
                }
            }
            if !done {
                let old = self.no_gt;
                self.no_gt = true;
                let list = self.expr_list();
                self.no_gt = old;
                args = list?;
            }
        }
        let redir = match self.tok.tok {
            Tok::Gt | Tok::Append | Tok::Pipe | Tok::PipeAmp => {
                let kind = self.advance()?.tok;
                let old = self.no_gt;
                self.no_gt = true;
                let target = self.concat_expr();
                self.no_gt = old;
                let target = target?;
                Some(match kind {
                    Tok::Gt => Redirect::Write(target),
                    Tok::Append => Redirect::Append(target),
                    _ => Redirect::Pipe(target),
                })
            }
            _ => None,
        };
        Ok((args, redir))
    }

    /// A comma-separated expression list (newlines allowed after commas).
    pub(super) fn expr_list(&mut self) -> Result<Vec<Expr>, SyntaxError> {
        let mut v = vec![self.expr()?];
        while self.is(&Tok::Comma) {
            self.advance()?;
            self.opt_newlines()?;
            v.push(self.expr()?);
        }
        Ok(v)
    }
}

fn unreachable_fn() -> Function {
    Function {
        nparams: 0,
        body: Vec::new(),
    }
}

#[cfg(test)]
mod tests;
