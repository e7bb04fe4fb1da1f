//! Arithmetic expressions (bash manual 6.5 "Shell Arithmetic") on nom:
//! operator precedence as in bash's `expr.c`, from `,` (lowest) through
//! assignment, `?:`, `||`, `&&`, `|`, `^`, `&`, equality, comparison,
//! shifts, `+ -`, `* / %`, `**` (right-associative) to the prefix and
//! postfix operators.
//!
//! Each level is a function over [`Input`] returning [`PResult`]; runs of
//! one level are `fold_many0` loops (precedence climbing), so a long run
//! such as `1+1+...+1` adds no depth. Every error is a `Failure`
//! (arithmetic never backtracks once a token is read); an operator that is
//! not there is an `Error` that ends a loop. `$`-expansions and
//! subscripts inside the expression are parsed by the hand-written word
//! parser through the input's host.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, satisfy};
use nom::combinator::{cut, not, recognize, value};
use nom::error::{ParseError as _, context};
use nom::multi::fold_many0;
use nom::sequence::{preceded, terminated};
use nom::{Err, Parser as _};

use crate::ast::{ArithBinaryOp, ArithExpr, ArithUnaryOp, CompactString, Word, WordPart};
use crate::error::{ParseError, ParseErrorKind};
use crate::input::{Flags, GrammarError, Input, PResult};
use crate::lexer::{is_name_char, is_name_start};
use crate::parser::Parser;
use crate::word::{DqMode, Parts, WordCtx};

pub(crate) fn prec(op: ArithBinaryOp) -> u8 {
    #[allow(clippy::enum_glob_use)]
    use ArithBinaryOp::*;
    match op {
        Or => 1,
        And => 2,
        BitOr => 3,
        BitXor => 4,
        BitAnd => 5,
        Eq | Ne => 6,
        Lt | Le | Gt | Ge => 7,
        Shl | Shr => 8,
        Add | Sub => 9,
        Mul | Div | Rem => 10,
        Pow => 11,
    }
}

/// `lhs op rhs`, where `lhs` was built by the same loop of [`binary`]: a
/// `Binary` or `Chain` of `op`'s level gets `op rhs` appended (a `Chain`
/// of three or more operands), anything else becomes the left operand of
/// a new `Binary`.
pub(crate) fn extend_run(lhs: ArithExpr, op: ArithBinaryOp, rhs: ArithExpr) -> ArithExpr {
    match lhs {
        ArithExpr::Chain { first, mut rest }
            if rest.first().is_some_and(|(o, _)| prec(*o) == prec(op)) =>
        {
            rest.push((op, rhs));
            ArithExpr::Chain { first, rest }
        }
        ArithExpr::Binary {
            op: o,
            lhs: l,
            rhs: r,
        } if o != ArithBinaryOp::Pow && prec(o) == prec(op) => ArithExpr::Chain {
            first: l,
            rest: vec![(o, *r), (op, rhs)],
        },
        lhs => ArithExpr::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
    }
}

impl Parser<'_> {
    /// Parses an expression at the cursor; the caller checks what follows.
    /// A limit error is returned as is; any other error means the text is
    /// not a valid expression as written.
    pub(crate) fn arith_top(&mut self, stop: u8) -> Result<ArithExpr, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_arith() {
            return self.legacy_arith_top(stop);
        }
        let _ = stop;
        self.run_nom(Flags::ARITH, whole)
            .map_err(|e| match e.fatal {
                Some(f) => *f,
                None => self.error(ParseErrorKind::Invalid, e.message.to_string(), e.at),
            })
    }

    /// Parses a whole arithmetic text (run-time parsing); errors carry
    /// bash's message with the error token.
    pub(crate) fn arith_text(&mut self) -> Result<ArithExpr, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_arith() {
            return self.legacy_arith_text();
        }
        self.run_nom(Flags::ARITH, text).map_err(|e| {
            if let Some(f) = e.fatal {
                return *f;
            }
            let tok = self.src.get(e.at..).unwrap_or("").to_string();
            self.error(
                ParseErrorKind::Invalid,
                format!("{} (error token is \"{tok}\")", e.message),
                e.at,
            )
        })
    }

    /// Arithmetic text kept as a word for run time, ending before one of
    /// `stops` at parenthesis depth 0.
    pub(crate) fn deferred_arith(
        &mut self,
        stop: u8,
        open: usize,
    ) -> Result<ArithExpr, ParseError> {
        let w = self.deferred_word(&[stop])?;
        if self.at_eof() {
            return Err(self.eof_matching(if stop == b']' { ']' } else { ')' }, open));
        }
        Ok(ArithExpr::Deferred(Box::new(w)))
    }

    /// Double-quote-like text up to one of `stops` at depth 0 (or the end).
    pub(crate) fn deferred_word(&mut self, stops: &[u8]) -> Result<Word, ParseError> {
        let start = self.pos;
        let mut parts = Parts::default();
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            if depth == 0 && stops.contains(&c) {
                break;
            }
            match c {
                b'(' | b'[' => {
                    depth += 1;
                    parts.ch(c as char);
                    self.pos += 1;
                }
                b')' | b']' => {
                    depth = depth.saturating_sub(1);
                    parts.ch(c as char);
                    self.pos += 1;
                }
                b':' | b'}' | b';' => {
                    parts.ch(c as char);
                    self.pos += 1;
                }
                _ => self.dq_char(&mut parts, DqMode::Arith)?,
            }
        }
        Ok(Word {
            parts: parts.0,
            span: self.span_from(start),
        })
    }
}

/// An expression with the blanks around it (the caller checks what
/// follows).
fn whole<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    debug_assert!(i.flags.contains(Flags::ARITH));
    terminated(preceded(ws, comma), ws).parse(i)
}

/// A whole run-time text: blank is `0`; text after the expression is an
/// error at its first byte.
fn text<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    debug_assert!(i.flags.contains(Flags::ARITH));
    let (i, ()) = ws(i)?;
    if i.at_end() {
        return Ok((i, ArithExpr::Number(CompactString::const_new("0"))));
    }
    let (i, e) = terminated(comma, ws).parse(i)?;
    match i.at(0) {
        None => Ok((i, e)),
        Some(c) => {
            let msg = if is_name_char(c) || matches!(c, b'$' | b'(' | b'`') {
                "syntax error in expression"
            } else {
                "syntax error: invalid arithmetic operator"
            };
            Err(i.fail(msg, i.pos))
        }
    }
}

/// Blanks, newlines, carriage returns and line continuations.
fn ws<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    // Most tokens follow one another directly: no loop set up for them.
    if !matches!(i.at(0), Some(b' ' | b'\t' | b'\n' | b'\r' | b'\\')) {
        return Ok((i, ()));
    }
    fold_many0(
        alt((
            value(
                (),
                take_while1(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')),
            ),
            value((), tag("\\\n")),
        )),
        || (),
        |(), ()| (),
    )
    .parse(i)
}

/// The operator `t` after blanks, as the last token.
fn op<'h, 'a: 'h>(t: &'static str) -> impl FnMut(Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    move |i| {
        let (i, ()) = ws(i)?;
        let start = i.pos;
        let (mut rest, _) = tag(t).parse(i)?;
        rest.last = start;
        Ok((rest, ()))
    }
}

/// `a, b, ...`: each link one level deeper than the one before (the tree
/// nests to the left).
fn comma<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (rest, first) = assign(i)?;
    let mut first = Some(first);
    let (rest, e) = fold_many0(
        preceded(op(","), |j: Input<'h, 'a>| assign(j.deeper()?)),
        move || first.take().unwrap_or_else(zero),
        |lhs, rhs| ArithExpr::Comma(Box::new(lhs), Box::new(rhs)),
    )
    .parse(rest)?;
    Ok((rest.leave_to(&i), e))
}

/// A placeholder no parse returns (`fold_many0` takes its seed from a
/// closure, which gives the already-parsed left operand once).
fn zero() -> ArithExpr {
    ArithExpr::Number(CompactString::const_new("0"))
}

/// The assignment operators, longest first where one is a prefix of
/// another; `==` is not `=`.
fn assign_op<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, Option<ArithBinaryOp>> {
    #[allow(clippy::enum_glob_use)]
    use ArithBinaryOp::*;
    alt((
        value(None, terminated(char('='), not(char('=')))),
        value(Some(Shl), tag("<<=")),
        value(Some(Shr), tag(">>=")),
        value(Some(Mul), tag("*=")),
        value(Some(Div), tag("/=")),
        value(Some(Rem), tag("%=")),
        value(Some(Add), tag("+=")),
        value(Some(Sub), tag("-=")),
        value(Some(BitAnd), tag("&=")),
        value(Some(BitXor), tag("^=")),
        value(Some(BitOr), tag("|=")),
    ))
    .parse(i)
}

/// `target op= value` (right-associative), or a conditional.
fn assign<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (rest, lhs) = cond(i)?;
    let (at_op, ()) = ws(rest)?;
    // Only these bytes start an assignment operator (the common case,
    // none, costs one test instead of eleven tags).
    if !matches!(
        at_op.at(0),
        Some(b'=' | b'<' | b'>' | b'*' | b'/' | b'%' | b'+' | b'-' | b'&' | b'^' | b'|')
    ) {
        return Ok((at_op, lhs));
    }
    let Ok((after, op)) = assign_op(at_op) else {
        return Ok((at_op, lhs));
    };
    if !matches!(lhs, ArithExpr::Variable { .. } | ArithExpr::Expansion(_)) {
        return Err(at_op.fail("attempted assignment to non-variable", at_op.pos));
    }
    let after = after.with_last(at_op.pos);
    let (rest, value) = assign(after.deeper()?)?;
    Ok((
        rest.leave_to(&i),
        ArithExpr::Assign {
            op,
            target: Box::new(lhs),
            value: Box::new(value),
        },
    ))
}

/// `cond ? then : otherwise`.
fn cond<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (rest, c) = binary(i, 1)?;
    let (q, ()) = ws(rest)?;
    if q.at(0) != Some(b'?') {
        return Ok((q, c));
    }
    let (j, then) = comma(q.token(1).deeper()?)?;
    let (j, ()) = context("`:' expected for conditional expression", cut(op(":"))).parse(j)?;
    let (j, otherwise) = cond(j)?;
    Ok((
        j.leave_to(&i),
        ArithExpr::Conditional {
            cond: Box::new(c),
            then: Box::new(then),
            otherwise: Box::new(otherwise),
        },
    ))
}

/// Binary operators of precedence `min` and above (precedence
/// climbing). The operand on the right of each operator is one level
/// deeper than this call; a run of operators of one level adds no depth
/// however long it is (bash evaluates 10,000 terms), and three or more
/// operands of one level become one flat [`ArithExpr::Chain`], so no
/// later walk recurses per operand.
fn binary<'h, 'a>(i: Input<'h, 'a>, min: u8) -> PResult<'h, 'a, ArithExpr> {
    let (rest, first) = pow(i)?;
    let mut first = Some(first);
    fold_many0(
        |j: Input<'h, 'a>| {
            let (j, op) = binop(j, min)?;
            let (k, rhs) = binary(j.deeper()?, prec(op) + 1)?;
            Ok((k.leave_to(&j), (op, rhs)))
        },
        move || first.take().unwrap_or_else(zero),
        |lhs, (op, rhs)| extend_run(lhs, op, rhs),
    )
    .parse(rest)
}

/// A binary operator of precedence `min` or more, other than `**`, after
/// blanks; not a compound assignment (`+=`).
fn binop<'h, 'a>(i: Input<'h, 'a>, min: u8) -> PResult<'h, 'a, ArithBinaryOp> {
    #[allow(clippy::enum_glob_use)]
    use ArithBinaryOp::*;
    let (i, ()) = ws(i)?;
    let none = || {
        Err(Err::Error(GrammarError::from_error_kind(
            i,
            nom::error::ErrorKind::Tag,
        )))
    };
    let (Some(c), n, n2) = (i.at(0), i.at(1), i.at(2)) else {
        return none();
    };
    let (op, len, assignable) = match (c, n) {
        (b'*', Some(b'*')) => (Pow, 2, true),
        (b'*', _) => (Mul, 1, true),
        (b'/', _) => (Div, 1, true),
        (b'%', _) => (Rem, 1, true),
        (b'+', _) => (Add, 1, true),
        (b'-', _) => (Sub, 1, true),
        (b'<', Some(b'<')) => (Shl, 2, true),
        (b'>', Some(b'>')) => (Shr, 2, true),
        (b'<', Some(b'=')) => (Le, 2, false),
        (b'>', Some(b'=')) => (Ge, 2, false),
        (b'<', _) => (Lt, 1, true),
        (b'>', _) => (Gt, 1, true),
        (b'=', Some(b'=')) => (Eq, 2, false),
        (b'!', Some(b'=')) => (Ne, 2, false),
        (b'&', Some(b'&')) => (And, 2, false),
        (b'|', Some(b'|')) => (Or, 2, false),
        (b'&', _) => (BitAnd, 1, true),
        (b'^', _) => (BitXor, 1, true),
        (b'|', _) => (BitOr, 1, true),
        _ => return none(),
    };
    // `+=` and friends are assignments.
    let after = if len == 1 { n } else { n2 };
    if (assignable && after == Some(b'=')) || op == Pow || prec(op) < min {
        return none();
    }
    Ok((i.token(len), op))
}

/// `base ** exp` (right-associative).
fn pow<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (rest, base) = unary(i)?;
    let (p, ()) = ws(rest)?;
    let Ok((after, ())) = terminated(op("**"), not(char('='))).parse(p) else {
        return Ok((p, base));
    };
    let (j, exp) = pow(after.deeper()?)?;
    Ok((
        j.leave_to(&i),
        ArithExpr::Binary {
            op: ArithBinaryOp::Pow,
            lhs: Box::new(base),
            rhs: Box::new(exp),
        },
    ))
}

/// Prefix operators: `! ~ - +`, and `++x` / `--x` before an identifier.
fn unary<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (i, ()) = ws(i)?;
    let (first, second) = (i.at(0), i.at(1));
    let op = match first {
        Some(b'!') if second != Some(b'=') => ArithUnaryOp::Not,
        Some(b'~') => ArithUnaryOp::BitNot,
        Some(s @ (b'-' | b'+')) if second != Some(b'=') => {
            if second == Some(s) && ident_after(&i, 2) {
                let (j, target) = primary(i.token(2))?;
                return Ok((
                    j,
                    ArithExpr::Increment {
                        target: Box::new(target),
                        increment: s == b'+',
                        prefix: true,
                    },
                ));
            }
            if s == b'-' {
                ArithUnaryOp::Minus
            } else {
                ArithUnaryOp::Plus
            }
        }
        _ => return postfix(i),
    };
    let (j, operand) = unary(i.token(1).deeper()?)?;
    Ok((
        j.leave_to(&i),
        ArithExpr::Unary {
            op,
            operand: Box::new(operand),
        },
    ))
}

/// `true` when an identifier (or expansion) starts `n` bytes past the
/// cursor, after blanks.
fn ident_after(i: &Input<'_, '_>, n: usize) -> bool {
    let rest = i.rest();
    let skip = rest
        .iter()
        .skip(n)
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count();
    rest.get(n + skip)
        .is_some_and(|&c| is_name_start(c) || c == b'$')
}

/// An operand, then `++` / `--` when it is a variable or expansion.
fn postfix<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (rest, operand) = primary(i)?;
    if !matches!(
        operand,
        ArithExpr::Variable { .. } | ArithExpr::Expansion(_)
    ) {
        return Ok((rest, operand));
    }
    let (after, ()) = ws(rest)?;
    match (after.at(0), after.at(1)) {
        (Some(s @ (b'+' | b'-')), Some(n)) if n == s => Ok((
            after.token(2),
            ArithExpr::Increment {
                target: Box::new(operand),
                increment: s == b'+',
                prefix: false,
            },
        )),
        _ => Ok((after, operand)),
    }
}

/// A group, number, variable or expansion. At the end of the text the
/// error token is the last one read; elsewhere it is the operand's start,
/// which becomes the last token.
fn primary<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (i, ()) = ws(i)?;
    if i.at_end() {
        return Err(i.fail("syntax error: operand expected", i.last));
    }
    let i = i.with_last(i.pos);
    context(
        "syntax error: operand expected",
        cut(alt((group, number, variable, expansion))),
    )
    .parse(i)
}

/// `( expr )`; the closing parenthesis is not a token of its own.
fn group<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (j, _) = char('(').parse(i)?;
    let (j, e) = comma(j.deeper()?)?;
    let (j, _) = context("missing `)'", cut(preceded(ws, char(')')))).parse(j)?;
    Ok((j.leave_to(&i), ArithExpr::Group(Box::new(e))))
}

/// A number as written: a digit, then letters, digits, `_`, `@`, `#`
/// (`0x1F`, `2#101`, `64#@_`); its base is checked at run time.
fn number<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (j, n) = recognize((
        satisfy(|c| c.is_ascii_digit()),
        take_while(|c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'@' | b'#')),
    ))
    .parse(i)?;
    Ok((j, ArithExpr::Number(CompactString::from(n.text()))))
}

/// A name, with a subscript word when `[` follows.
fn variable<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let (j, name) = recognize((take_while1(is_name_start), take_while(is_name_char))).parse(i)?;
    let name = CompactString::from(name.text());
    if j.at(0) != Some(b'[') {
        return Ok((
            j,
            ArithExpr::Variable {
                name,
                subscript: None,
            },
        ));
    }
    let start = i.pos;
    let (j, w) = hosted(j.advance(1), "bad array subscript", start, |p| {
        let w = p.parse_word(WordCtx::Subscript)?;
        Ok((p.peek() == Some(b']')).then_some(w))
    })?;
    Ok((
        j.advance(1),
        ArithExpr::Variable {
            name,
            subscript: Some(Box::new(w)),
        },
    ))
}

/// `$...` or a backquoted substitution, parsed by the word parser; one
/// that is only literal text (`$` before a blank) is not an operand.
fn expansion<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArithExpr> {
    let c = i.at(0);
    if !matches!(c, Some(b'$' | b'`')) {
        return Err(Err::Error(GrammarError::from_error_kind(
            i,
            nom::error::ErrorKind::Char,
        )));
    }
    let start = i.pos;
    let (j, part) = hosted(i, "syntax error: operand expected", start, |p| {
        let mut parts = Parts::default();
        if c == Some(b'$') {
            p.dollar(&mut parts, true)?;
        } else {
            let part = p.backquote(false)?;
            parts.push(part);
        }
        Ok(match parts.0.pop() {
            Some(WordPart::Literal(_)) | None => None,
            Some(part) => Some(part),
        })
    })?;
    Ok((j, ArithExpr::Expansion(Box::new(part))))
}

/// Runs the hand-written parser's `run` at the cursor and goes on where
/// it stopped. `Ok(None)` and a non-limit error are `message` at `at`; a
/// limit error passes through.
fn hosted<'h, 'a, O>(
    i: Input<'h, 'a>,
    message: &'static str,
    at: usize,
    run: impl FnOnce(&mut Parser<'a>) -> Result<Option<O>, ParseError>,
) -> PResult<'h, 'a, O> {
    match i.call_host(run) {
        (after, Ok(Some(o))) => Ok((after, o)),
        (after, Ok(None)) => Err(after.fail(message, at)),
        (after, Err(e)) => {
            let fatal = (e.kind == ParseErrorKind::LimitExceeded).then(|| Box::new(e));
            Err(Err::Failure(GrammarError {
                message,
                at,
                last: after.last,
                fatal,
            }))
        }
    }
}
