//! Parsing of expressions, by precedence from lowest (assignment) to
//! highest (grouping), as in the POSIX awk grammar's precedence table.

use std::rc::Rc;

use super::Parser;
use crate::ast::{Arith, Bf, Cmp, Expr, GetlineSource, LValue};
use crate::error::SyntaxError;
use crate::lexer::{Kw, Tok};

type R = Result<Expr, SyntaxError>;

fn lvalue_of(e: &Expr) -> Option<LValue> {
    match e {
        Expr::Var(v) => Some(LValue::Var(*v)),
        Expr::Field(i) => Some(LValue::Field(i.clone())),
        Expr::Index(v, s) => Some(LValue::Index(*v, s.clone())),
        _ => None,
    }
}

impl Parser<'_> {
    /// A full expression: assignment and the ternary operator.
    pub(super) fn expr(&mut self) -> R {
        self.enter()?;
        let r = self.assignment();
        self.leave();
        r
    }

    fn assignment(&mut self) -> R {
        let pos = self.tok.pos;
        let lhs = self.ternary()?;
        let op = match self.tok.tok {
            Tok::Assign => None,
            Tok::OpAssign(b'+') => Some(Arith::Add),
            Tok::OpAssign(b'-') => Some(Arith::Sub),
            Tok::OpAssign(b'*') => Some(Arith::Mul),
            Tok::OpAssign(b'/') => Some(Arith::Div),
            Tok::OpAssign(b'%') => Some(Arith::Mod),
            Tok::OpAssign(b'^') => Some(Arith::Pow),
            _ => return Ok(lhs),
        };
        let Some(lv) = lvalue_of(&lhs) else {
            // `x /= 2` after a non-lvalue cannot be a regex here either.
            return Err(SyntaxError::new(
                pos,
                "syntax error (assignment to a non-variable)",
            ));
        };
        self.advance()?;
        self.opt_newlines()?;
        let rhs = self.expr()?;
        Ok(Expr::Assign(op, Box::new(lv), Box::new(rhs)))
    }

    fn ternary(&mut self) -> R {
        let cond = self.or()?;
        if !self.is(&Tok::Question) {
            return Ok(cond);
        }
        self.advance()?;
        self.opt_newlines()?;
        let a = self.expr()?;
        self.opt_newlines()?;
        self.expect(&Tok::Colon)?;
        self.opt_newlines()?;
        let b = self.expr()?;
        Ok(Expr::Cond(Box::new(cond), Box::new(a), Box::new(b)))
    }

    fn or(&mut self) -> R {
        let mut l = self.and()?;
        while self.is(&Tok::Or) {
            self.advance()?;
            self.opt_newlines()?;
            let r = self.and()?;
            l = Expr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn and(&mut self) -> R {
        let mut l = self.in_expr()?;
        while self.is(&Tok::And) {
            self.advance()?;
            self.opt_newlines()?;
            let r = self.in_expr()?;
            l = Expr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn in_expr(&mut self) -> R {
        let mut l = self.match_expr()?;
        while self.is_kw(Kw::In) && !self.no_in {
            self.advance()?;
            let Tok::Name(n) = self.tok.tok.clone() else {
                return self.error();
            };
            self.advance()?;
            let arr = self.var(&n);
            let subs = match l {
                Expr::Group(inner) => vec![*inner],
                other => vec![other],
            };
            l = Expr::In(subs, arr);
        }
        Ok(l)
    }

    fn match_expr(&mut self) -> R {
        let mut l = self.rel()?;
        loop {
            let neg = match self.tok.tok {
                Tok::Tilde => false,
                Tok::NoMatch => true,
                _ => return Ok(l),
            };
            self.advance()?;
            let r = self.rel()?;
            l = Expr::Match(neg, Box::new(l), Box::new(r));
        }
    }

    fn rel(&mut self) -> R {
        let l = self.pipe_getline()?;
        let op = match self.tok.tok {
            Tok::Lt => Cmp::Lt,
            Tok::Le => Cmp::Le,
            Tok::Eq => Cmp::Eq,
            Tok::Ne => Cmp::Ne,
            Tok::Gt if !self.no_gt => Cmp::Gt,
            Tok::Ge => Cmp::Ge,
            _ => return Ok(l),
        };
        self.advance()?;
        let r = self.pipe_getline()?;
        Ok(Expr::Cmp(op, Box::new(l), Box::new(r)))
    }

    /// `cmd | getline [var]` (parsed so the error is a clear runtime one).
    fn pipe_getline(&mut self) -> R {
        let mut l = self.concat_expr()?;
        while matches!(self.tok.tok, Tok::Pipe | Tok::PipeAmp)
            && self.peek2()? == Tok::Keyword(Kw::Getline)
        {
            self.advance()?;
            self.advance()?;
            let lv = self.opt_getline_lvalue()?;
            l = Expr::Getline(GetlineSource::Command(Box::new(l)), lv);
        }
        Ok(l)
    }

    fn starts_concat_operand(&self) -> bool {
        match &self.tok.tok {
            Tok::Number(_)
            | Tok::Str(_)
            | Tok::Name(_)
            | Tok::FuncName(_)
            | Tok::Builtin(_)
            | Tok::Dollar
            | Tok::Not
            | Tok::LParen
            | Tok::Minus
            | Tok::Plus
            | Tok::Incr
            | Tok::Decr => true,
            Tok::Keyword(Kw::In) => false,
            _ => false,
        }
    }

    /// Concatenation: a sequence of additive expressions.
    pub(super) fn concat_expr(&mut self) -> R {
        let mut l = self.additive()?;
        // `-` and `+` continue the additive expression, never a
        // concatenation; `!` before `~`/`=` is an operator.
        while self.starts_concat_operand()
            && !matches!(self.tok.tok, Tok::Minus | Tok::Plus | Tok::Not)
        {
            if self.is(&Tok::Keyword(Kw::In)) {
                break;
            }
            let r = self.additive()?;
            l = Expr::Concat(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn additive(&mut self) -> R {
        let mut l = self.multiplicative()?;
        loop {
            let op = match self.tok.tok {
                Tok::Plus => Arith::Add,
                Tok::Minus => Arith::Sub,
                _ => return Ok(l),
            };
            self.advance()?;
            let r = self.multiplicative()?;
            l = Expr::Arith(op, Box::new(l), Box::new(r));
        }
    }

    fn multiplicative(&mut self) -> R {
        let mut l = self.unary()?;
        loop {
            let op = match self.tok.tok {
                Tok::Star => Arith::Mul,
                Tok::Slash => Arith::Div,
                Tok::Percent => Arith::Mod,
                _ => return Ok(l),
            };
            self.advance()?;
            let r = self.unary()?;
            l = Expr::Arith(op, Box::new(l), Box::new(r));
        }
    }

    fn unary(&mut self) -> R {
        self.enter()?;
        let r = match self.tok.tok {
            Tok::Not => {
                self.advance()?;
                let e = self.unary()?;
                Ok(Expr::Not(Box::new(e)))
            }
            Tok::Minus => {
                self.advance()?;
                let e = self.unary()?;
                Ok(Expr::Neg(Box::new(e)))
            }
            Tok::Plus => {
                self.advance()?;
                let e = self.unary()?;
                Ok(Expr::Plus(Box::new(e)))
            }
            _ => self.power(),
        };
        self.leave();
        r
    }

    fn power(&mut self) -> R {
        let base = self.postfix()?;
        if self.is(&Tok::Caret) {
            self.advance()?;
            // Right associative; the exponent may carry a sign.
            let exp = self.unary()?;
            return Ok(Expr::Arith(Arith::Pow, Box::new(base), Box::new(exp)));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> R {
        let e = self.primary()?;
        if matches!(self.tok.tok, Tok::Incr | Tok::Decr)
            && let Some(lv) = lvalue_of(&e)
        {
            let inc = self.advance()?.tok == Tok::Incr;
            return Ok(Expr::IncDec(inc, false, Box::new(lv)));
        }
        Ok(e)
    }

    /// The operand of `$`: a primary, or a prefix increment/sign.
    fn field_operand(&mut self) -> R {
        match self.tok.tok {
            Tok::Incr | Tok::Decr => {
                let inc = self.advance()?.tok == Tok::Incr;
                let e = self.primary()?;
                let Some(lv) = lvalue_of(&e) else {
                    return self.error();
                };
                Ok(Expr::IncDec(inc, true, Box::new(lv)))
            }
            Tok::Minus => {
                self.advance()?;
                let e = self.field_operand()?;
                Ok(Expr::Neg(Box::new(e)))
            }
            Tok::Plus => {
                self.advance()?;
                let e = self.field_operand()?;
                Ok(Expr::Plus(Box::new(e)))
            }
            Tok::Not => {
                self.advance()?;
                let e = self.field_operand()?;
                Ok(Expr::Not(Box::new(e)))
            }
            _ => self.primary(),
        }
    }

    fn opt_getline_lvalue(&mut self) -> Result<Option<Box<LValue>>, SyntaxError> {
        match self.tok.tok.clone() {
            Tok::Dollar => {
                self.advance()?;
                let e = self.field_operand()?;
                Ok(Some(Box::new(LValue::Field(Box::new(e)))))
            }
            Tok::Name(n) => {
                self.advance()?;
                let v = self.var(&n);
                if self.is(&Tok::LBracket) {
                    self.advance()?;
                    let subs = self.with_flags_reset(Self::expr_list)?;
                    self.expect(&Tok::RBracket)?;
                    Ok(Some(Box::new(LValue::Index(v, subs))))
                } else {
                    Ok(Some(Box::new(LValue::Var(v))))
                }
            }
            _ => Ok(None),
        }
    }

    fn with_flags_reset<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, SyntaxError>,
    ) -> Result<T, SyntaxError> {
        let old = (self.no_gt, self.no_in);
        self.no_gt = false;
        self.no_in = false;
        let r = f(self);
        (self.no_gt, self.no_in) = old;
        r
    }

    fn primary(&mut self) -> R {
        let pos = self.tok.pos;
        match self.tok.tok.clone() {
            Tok::Number(n) => {
                self.advance()?;
                Ok(Expr::Num(n))
            }
            Tok::Str(s) => {
                self.advance()?;
                Ok(Expr::Str(Rc::from(s)))
            }
            Tok::Slash | Tok::OpAssign(b'/') => {
                let t = self.lx.regex(pos)?;
                let Tok::Regex(re) = t.tok else {
                    return self.error();
                };
                self.tok = self.lx.next_token()?;
                let idx = self.add_regex(re);
                Ok(Expr::Regex(idx))
            }
            Tok::Dollar => {
                self.advance()?;
                let e = self.field_operand()?;
                Ok(Expr::Field(Box::new(e)))
            }
            Tok::Incr | Tok::Decr => {
                let inc = self.advance()?.tok == Tok::Incr;
                let e = self.primary()?;
                let Some(lv) = lvalue_of(&e) else {
                    return Err(SyntaxError::new(
                        pos,
                        "syntax error (++ or -- needs a variable)",
                    ));
                };
                Ok(Expr::IncDec(inc, true, Box::new(lv)))
            }
            Tok::Minus | Tok::Plus | Tok::Not => self.unary(),
            Tok::LParen => {
                self.advance()?;
                let list = self.with_flags_reset(|p| {
                    p.opt_newlines()?;
                    let l = p.expr_list()?;
                    p.opt_newlines()?;
                    Ok(l)
                })?;
                self.expect(&Tok::RParen)?;
                if list.len() > 1 {
                    if !self.is_kw(Kw::In) {
                        return self.error();
                    }
                    self.advance()?;
                    let Tok::Name(n) = self.tok.tok.clone() else {
                        return self.error();
                    };
                    self.advance()?;
                    let arr = self.var(&n);
                    return Ok(Expr::In(list, arr));
                }
                let e = list.into_iter().next().unwrap_or(Expr::Num(0.0));
                Ok(Expr::Group(Box::new(e)))
            }
            Tok::Name(n) => {
                self.advance()?;
                let v = self.var(&n);
                if self.is(&Tok::LBracket) {
                    self.advance()?;
                    let subs = self.with_flags_reset(Self::expr_list)?;
                    self.expect(&Tok::RBracket)?;
                    return Ok(Expr::Index(v, subs));
                }
                Ok(Expr::Var(v))
            }
            Tok::FuncName(n) => {
                self.advance()?;
                let idx = self.func_ref(&n, pos);
                self.expect(&Tok::LParen)?;
                let args = self.call_args()?;
                Ok(Expr::Call(idx, args))
            }
            Tok::Builtin(n) => {
                self.advance()?;
                let bf = Bf::from_name(&n).ok_or_else(|| SyntaxError::new(pos, "syntax error"))?;
                let args = if self.is(&Tok::LParen) {
                    self.advance()?;
                    self.call_args()?
                } else if bf == Bf::Length {
                    Vec::new()
                } else {
                    return self.error();
                };
                let (min, max) = bf.arity();
                if args.len() < min || args.len() > max {
                    return Err(SyntaxError::new(
                        pos,
                        format!("{n}: called with {} arguments", args.len()),
                    ));
                }
                Ok(Expr::Builtin(bf, args))
            }
            Tok::Keyword(Kw::Getline) => {
                self.advance()?;
                let lv = self.opt_getline_lvalue()?;
                if self.is(&Tok::Lt) {
                    self.advance()?;
                    let f = self.getline_file()?;
                    return Ok(Expr::Getline(GetlineSource::File(Box::new(f)), lv));
                }
                Ok(Expr::Getline(GetlineSource::Main, lv))
            }
            _ => self.error(),
        }
    }

    /// The file operand of `getline < file`: a primary (concatenation needs
    /// parentheses, as in gawk).
    fn getline_file(&mut self) -> R {
        let e = self.primary()?;
        if matches!(self.tok.tok, Tok::Incr | Tok::Decr)
            && let Some(lv) = lvalue_of(&e)
        {
            let inc = self.advance()?.tok == Tok::Incr;
            return Ok(Expr::IncDec(inc, false, Box::new(lv)));
        }
        Ok(e)
    }

    /// Arguments after `(` up to and including `)`.
    fn call_args(&mut self) -> Result<Vec<Expr>, SyntaxError> {
        self.with_flags_reset(|p| {
            p.opt_newlines()?;
            if p.is(&Tok::RParen) {
                p.advance()?;
                return Ok(Vec::new());
            }
            let args = p.expr_list()?;
            p.opt_newlines()?;
            p.expect(&Tok::RParen)?;
            Ok(args)
        })
    }
}
