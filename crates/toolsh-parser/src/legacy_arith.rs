//! The hand-written arithmetic parser that `arith.rs` replaced, kept (for
//! tests only) as the reference the nom parser is checked against by the
//! differential test (`differential.rs`) until the migration is proven;
//! then it goes.

use crate::arith::{extend_run, prec};
use crate::ast::{ArithBinaryOp, ArithExpr, ArithUnaryOp, CompactString, WordPart};
use crate::error::{ParseError, ParseErrorKind};
use crate::lexer::{is_name_char, is_name_start};
use crate::parser::Parser;
use crate::word::{Parts, WordCtx};

/// An arithmetic syntax error: bash's message and where its error token
/// starts.
pub(crate) struct ArithError {
    pub message: &'static str,
    pub at: usize,
    /// A hard error (limit) that must not be turned into deferred text.
    pub fatal: Option<ParseError>,
}

type AResult<T> = Result<T, ArithError>;

impl Parser<'_> {
    #[allow(clippy::unused_self)]
    fn legacy_aerr(&self, message: &'static str, at: usize) -> ArithError {
        ArithError {
            message,
            at,
            fatal: None,
        }
    }

    fn legacy_aenter(&mut self) -> AResult<()> {
        self.enter().map_err(|e| ArithError {
            message: "",
            at: self.pos,
            fatal: Some(e),
        })
    }

    fn legacy_arith_ws(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'\\') if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                _ => return,
            }
        }
    }

    /// Parses an expression at the cursor; the caller checks what follows.
    /// A limit error is returned as is; any other error means the text is
    /// not a valid expression as written.
    pub(crate) fn legacy_arith_top(&mut self, _stop: u8) -> Result<ArithExpr, ParseError> {
        self.legacy_arith_ws();
        let r = self.legacy_arith_comma();
        self.legacy_arith_ws();
        r.map_err(|e| match e.fatal {
            Some(f) => f,
            None => self.error(ParseErrorKind::Invalid, e.message.to_string(), e.at),
        })
    }

    /// Parses a whole arithmetic text (run-time parsing); errors carry
    /// bash's message with the error token.
    pub(crate) fn legacy_arith_text(&mut self) -> Result<ArithExpr, ParseError> {
        self.legacy_arith_ws();
        if self.at_eof() {
            return Ok(ArithExpr::Number(CompactString::const_new("0")));
        }
        let r = self.legacy_arith_comma().and_then(|e| {
            self.legacy_arith_ws();
            if self.at_eof() {
                Ok(e)
            } else {
                let c = self.peek().unwrap_or(0);
                let msg = if is_name_char(c) || matches!(c, b'$' | b'(' | b'`') {
                    "syntax error in expression"
                } else {
                    "syntax error: invalid arithmetic operator"
                };
                Err(self.legacy_aerr(msg, self.pos))
            }
        });
        r.map_err(|e| {
            if let Some(f) = e.fatal {
                return f;
            }
            let tok = self.src.get(e.at..).unwrap_or("").to_string();
            self.error(
                ParseErrorKind::Invalid,
                format!("{} (error token is \"{tok}\")", e.message),
                e.at,
            )
        })
    }

    fn legacy_arith_comma(&mut self) -> AResult<ArithExpr> {
        let mut lhs = self.legacy_arith_assign()?;
        let mut chain = 0;
        loop {
            self.legacy_arith_ws();
            if self.peek() == Some(b',') {
                self.arith_last = self.pos;
                self.pos += 1;
                // Each link deepens the (left-nested) tree.
                self.legacy_aenter()?;
                chain += 1;
                let rhs = self.legacy_arith_assign()?;
                lhs = ArithExpr::Comma(Box::new(lhs), Box::new(rhs));
            } else {
                self.depth -= chain;
                return Ok(lhs);
            }
        }
    }

    fn legacy_arith_assign(&mut self) -> AResult<ArithExpr> {
        let lhs = self.legacy_arith_cond()?;
        self.legacy_arith_ws();
        let Some((op, len)) = self.legacy_peek_assign_op() else {
            return Ok(lhs);
        };
        let at = self.pos;
        if !matches!(lhs, ArithExpr::Variable { .. } | ArithExpr::Expansion(_)) {
            return Err(self.legacy_aerr("attempted assignment to non-variable", at));
        }
        self.arith_last = self.pos;
        self.pos += len;
        self.legacy_aenter()?;
        let value = self.legacy_arith_assign()?;
        self.leave();
        Ok(ArithExpr::Assign {
            op,
            target: Box::new(lhs),
            value: Box::new(value),
        })
    }

    fn legacy_arith_cond(&mut self) -> AResult<ArithExpr> {
        let cond = self.legacy_arith_binary(1)?;
        self.legacy_arith_ws();
        if self.peek() != Some(b'?') {
            return Ok(cond);
        }
        self.arith_last = self.pos;
        self.pos += 1;
        self.legacy_aenter()?;
        let then = self.legacy_arith_comma()?;
        self.legacy_arith_ws();
        if self.peek() != Some(b':') {
            let at = if self.at_eof() {
                self.arith_last
            } else {
                self.pos
            };
            return Err(self.legacy_aerr("`:' expected for conditional expression", at));
        }
        self.arith_last = self.pos;
        self.pos += 1;
        let otherwise = self.legacy_arith_cond()?;
        self.leave();
        Ok(ArithExpr::Conditional {
            cond: Box::new(cond),
            then: Box::new(then),
            otherwise: Box::new(otherwise),
        })
    }

    /// Binary operators of precedence `min` and above (precedence
    /// climbing). The operand on the right of each operator is one level
    /// deeper than this call; a run of operators of one level adds no
    /// depth however long it is (`1+1+...+1`, bash evaluates 10,000 terms),
    /// and three or more operands of one level become one flat
    /// [`ArithExpr::Chain`], so no later walk recurses per operand.
    fn legacy_arith_binary(&mut self, min: u8) -> AResult<ArithExpr> {
        let mut lhs = self.legacy_arith_pow()?;
        loop {
            self.legacy_arith_ws();
            let op = match self.legacy_peek_binop() {
                Some((op, len)) if prec(op) >= min && op != ArithBinaryOp::Pow => {
                    self.arith_last = self.pos;
                    self.pos += len;
                    op
                }
                _ => return Ok(lhs),
            };
            self.legacy_aenter()?;
            let rhs = self.legacy_arith_binary(prec(op) + 1)?;
            self.leave();
            lhs = extend_run(lhs, op, rhs);
        }
    }

    fn legacy_arith_pow(&mut self) -> AResult<ArithExpr> {
        let base = self.legacy_arith_unary()?;
        self.legacy_arith_ws();
        if self.starts_with("**") && self.peek_at(2) != Some(b'=') {
            self.arith_last = self.pos;
            self.pos += 2;
            self.legacy_aenter()?;
            let exp = self.legacy_arith_pow()?;
            self.leave();
            return Ok(ArithExpr::Binary {
                op: ArithBinaryOp::Pow,
                lhs: Box::new(base),
                rhs: Box::new(exp),
            });
        }
        Ok(base)
    }

    fn legacy_arith_unary(&mut self) -> AResult<ArithExpr> {
        self.legacy_arith_ws();
        let c = self.peek();
        let n = self.peek_at(1);
        let op = match c {
            Some(b'!') if n != Some(b'=') => ArithUnaryOp::Not,
            Some(b'~') => ArithUnaryOp::BitNot,
            Some(s @ (b'-' | b'+')) if n != Some(b'=') => {
                if n == Some(s) && self.legacy_ident_after(2) {
                    // `++x` / `--x`
                    self.arith_last = self.pos;
                    self.pos += 2;
                    self.legacy_arith_ws();
                    let target = self.legacy_arith_primary()?;
                    return Ok(ArithExpr::Increment {
                        target: Box::new(target),
                        increment: s == b'+',
                        prefix: true,
                    });
                }
                if s == b'-' {
                    ArithUnaryOp::Minus
                } else {
                    ArithUnaryOp::Plus
                }
            }
            _ => return self.legacy_arith_postfix(),
        };
        self.arith_last = self.pos;
        self.pos += 1;
        self.legacy_aenter()?;
        let operand = self.legacy_arith_unary()?;
        self.leave();
        Ok(ArithExpr::Unary {
            op,
            operand: Box::new(operand),
        })
    }

    /// `true` when an identifier (or expansion) starts after `n` bytes and
    /// blanks.
    fn legacy_ident_after(&self, n: usize) -> bool {
        let mut i = self.pos + n;
        while matches!(self.b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        self.b
            .get(i)
            .is_some_and(|&c| is_name_start(c) || c == b'$')
    }

    fn legacy_arith_postfix(&mut self) -> AResult<ArithExpr> {
        let e = self.legacy_arith_primary()?;
        if matches!(e, ArithExpr::Variable { .. } | ArithExpr::Expansion(_)) {
            self.legacy_arith_ws();
            if let Some(s @ (b'+' | b'-')) = self.peek()
                && self.peek_at(1) == Some(s)
            {
                self.arith_last = self.pos;
                self.pos += 2;
                return Ok(ArithExpr::Increment {
                    target: Box::new(e),
                    increment: s == b'+',
                    prefix: false,
                });
            }
        }
        Ok(e)
    }

    fn legacy_arith_primary(&mut self) -> AResult<ArithExpr> {
        self.legacy_arith_ws();
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.legacy_aerr("syntax error: operand expected", self.arith_last));
        };
        self.arith_last = start;
        match c {
            b'(' => {
                self.pos += 1;
                self.legacy_aenter()?;
                let e = self.legacy_arith_comma()?;
                self.legacy_arith_ws();
                if self.peek() != Some(b')') {
                    let at = if self.at_eof() {
                        self.arith_last
                    } else {
                        self.pos
                    };
                    return Err(self.legacy_aerr("missing `)'", at));
                }
                self.pos += 1;
                self.leave();
                Ok(ArithExpr::Group(Box::new(e)))
            }
            b'0'..=b'9' => {
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'@' | b'#'))
                {
                    self.pos += 1;
                }
                Ok(ArithExpr::Number(CompactString::from(
                    &self.src[start..self.pos],
                )))
            }
            c if is_name_start(c) => {
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                let name = CompactString::from(&self.src[start..self.pos]);
                let subscript = if self.peek() == Some(b'[') {
                    self.pos += 1;
                    let w = self
                        .parse_word(WordCtx::Subscript)
                        .map_err(|e| ArithError {
                            message: "bad array subscript",
                            at: start,
                            fatal: (e.kind == ParseErrorKind::LimitExceeded).then_some(e),
                        })?;
                    if self.peek() != Some(b']') {
                        return Err(self.legacy_aerr("bad array subscript", start));
                    }
                    self.pos += 1;
                    Some(Box::new(w))
                } else {
                    None
                };
                Ok(ArithExpr::Variable { name, subscript })
            }
            b'$' | b'`' => {
                let mut parts = Parts::default();
                let r = if c == b'$' {
                    self.dollar(&mut parts, true)
                } else {
                    self.backquote(false).map(|p| parts.push(p))
                };
                r.map_err(|e| ArithError {
                    message: "syntax error: operand expected",
                    at: start,
                    fatal: (e.kind == ParseErrorKind::LimitExceeded).then_some(e),
                })?;
                match parts.0.pop() {
                    Some(WordPart::Literal(_)) | None => {
                        self.pos = start;
                        Err(self.legacy_aerr("syntax error: operand expected", start))
                    }
                    Some(p) => Ok(ArithExpr::Expansion(Box::new(p))),
                }
            }
            _ => Err(self.legacy_aerr("syntax error: operand expected", start)),
        }
    }

    fn legacy_peek_binop(&self) -> Option<(ArithBinaryOp, usize)> {
        #[allow(clippy::enum_glob_use)]
        use ArithBinaryOp::*;
        let c = self.peek()?;
        let n = self.peek_at(1);
        let n2 = self.peek_at(2);
        let (op, len) = match (c, n) {
            (b'*', Some(b'*')) => (Pow, 2),
            (b'*', _) => (Mul, 1),
            (b'/', _) => (Div, 1),
            (b'%', _) => (Rem, 1),
            (b'+', _) => (Add, 1),
            (b'-', _) => (Sub, 1),
            (b'<', Some(b'<')) => (Shl, 2),
            (b'>', Some(b'>')) => (Shr, 2),
            (b'<', Some(b'=')) => return Some((Le, 2)),
            (b'>', Some(b'=')) => return Some((Ge, 2)),
            (b'<', _) => (Lt, 1),
            (b'>', _) => (Gt, 1),
            (b'=', Some(b'=')) => return Some((Eq, 2)),
            (b'!', Some(b'=')) => return Some((Ne, 2)),
            (b'&', Some(b'&')) => return Some((And, 2)),
            (b'|', Some(b'|')) => return Some((Or, 2)),
            (b'&', _) => (BitAnd, 1),
            (b'^', _) => (BitXor, 1),
            (b'|', _) => (BitOr, 1),
            _ => return None,
        };
        // `+=` and friends are assignments.
        let after = if len == 1 { n } else { n2 };
        if after == Some(b'=') {
            return None;
        }
        Some((op, len))
    }

    fn legacy_peek_assign_op(&self) -> Option<(Option<ArithBinaryOp>, usize)> {
        #[allow(clippy::enum_glob_use)]
        use ArithBinaryOp::*;
        let c = self.peek()?;
        let n = self.peek_at(1);
        let n2 = self.peek_at(2);
        match (c, n, n2) {
            (b'=', Some(b'='), _) => None,
            (b'=', _, _) => Some((None, 1)),
            (b'<', Some(b'<'), Some(b'=')) => Some((Some(Shl), 3)),
            (b'>', Some(b'>'), Some(b'=')) => Some((Some(Shr), 3)),
            (_, Some(b'='), _) => {
                let op = match c {
                    b'*' => Mul,
                    b'/' => Div,
                    b'%' => Rem,
                    b'+' => Add,
                    b'-' => Sub,
                    b'&' => BitAnd,
                    b'^' => BitXor,
                    b'|' => BitOr,
                    _ => return None,
                };
                Some((Some(op), 2))
            }
            _ => None,
        }
    }
}
