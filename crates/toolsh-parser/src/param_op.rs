//! The operator of a `${...}` expansion (bash manual 3.5.3) on nom: what
//! follows the parameter and its subscript, up to (not including) the
//! closing brace. `:-` `:=` `:?` `:+` and the forms without the colon,
//! `:offset[:length]`, `#` `##` `%` `%%`, `/` `//` `/#` `/%`, `^` `^^` `,`
//! `,,` `~` `~~`, and `@Q` and the other transformations.
//!
//! The words and arithmetic after an operator are parsed by the
//! hand-written word parser through the input's host; its errors pass
//! through unchanged. Text that starts no operator is bash's
//! `${...}: bad substitution` (or the missing `}` at the end of the text).

use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::{map, map_opt, opt, peek, success, value};
use nom::sequence::{preceded, terminated};
use nom::{Err, Parser as _};

use crate::ast::{CaseMode, ParamOp, ReplaceMode, Word};
use crate::input::{GrammarError, Input, PResult};
use crate::param::{arith_operand, default_kind};
use crate::parser::Parser;
use crate::word::{WordCtx, word};

impl Parser<'_> {
    /// The operator at the cursor of the `${` at `open`; `None` before
    /// the closing brace. The cursor stops before the brace. (For
    /// `legacy_expand.rs`: `param.rs` calls [`param_operator`].)
    #[cfg(test)]
    pub(crate) fn param_op(
        &mut self,
        in_dq: bool,
        open: usize,
    ) -> Result<Option<ParamOp>, crate::ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_param() {
            return self.legacy_param_op(in_dq, open);
        }
        self.run_nom(crate::input::Flags::default(), |i| {
            param_operator(i, in_dq, open)
        })
        .map_err(|e| self.grammar_error(e))
    }
}

/// The operator at the cursor of the `${` at `open` (`in_dq`: inside
/// double quotes); `None` before the closing brace, where the input
/// stops. Every error is a finished one of the host's (bash's `${...}:
/// bad substitution`, a missing `}`, or one of the words inside).
pub(crate) fn param_operator<'h, 'a>(
    i: Input<'h, 'a>,
    in_dq: bool,
    open: usize,
) -> PResult<'h, 'a, Option<ParamOp>> {
    operator(i, Ctx { in_dq, open }).map_err(|e| match e {
        Err::Error(g) | Err::Failure(g) if g.fatal.is_none() => {
            let e = i.host().borrow_mut().invalid(g.message.to_string(), g.at);
            i.fatal(e)
        }
        e => e,
    })
}

/// What every production here needs to know about the expansion.
#[derive(Clone, Copy)]
struct Ctx {
    /// Inside double quotes (quote removal in the words differs).
    in_dq: bool,
    /// Offset of the `$` of `${`, for bash's messages.
    open: usize,
}

fn operator<'h, 'a>(i: Input<'h, 'a>, ctx: Ctx) -> PResult<'h, 'a, Option<ParamOp>> {
    let r = alt((
        value(None, peek(char('}'))),
        map(
            preceded(
                char(':'),
                alt((|j| default_op(j, ctx, true), |j| substring(j, ctx))),
            ),
            Some,
        ),
        map(|j| default_op(j, ctx, false), Some),
        map(|j| remove(j, ctx), Some),
        map(|j| replace(j, ctx), Some),
        map(|j| case(j, ctx), Some),
        map(transform, Some),
    ))
    .parse(i);
    match r {
        Err(Err::Error(_)) => Err(no_operator(i, ctx)),
        r => r,
    }
}

/// The error for text that starts no operator: the missing `}` at the
/// end, else `${...}: bad substitution`.
fn no_operator(i: Input<'_, '_>, ctx: Ctx) -> Err<GrammarError> {
    let (after, e) = i.call_host(|p| {
        Err::<(), _>(if p.at_eof() {
            p.eof_matching('}', ctx.open)
        } else {
            p.bad_substitution(ctx.open)
        })
    });
    let e = e.err().map(Box::new);
    Err::Failure(GrammarError {
        message: GrammarError::GENERIC,
        at: after.pos,
        last: after.last,
        fatal: e,
    })
}

/// The word after an operator, parsed by the word parser.
fn op_word<'h, 'a>(
    i: Input<'h, 'a>,
    ctx: Ctx,
    pattern: bool,
    slash: bool,
) -> PResult<'h, 'a, Word> {
    word(
        i,
        WordCtx::Param {
            dq: ctx.in_dq,
            pattern,
            slash,
        },
    )
}

/// `-word` `=word` `?word` `+word` (after `:` when `colon`).
fn default_op<'h, 'a>(i: Input<'h, 'a>, ctx: Ctx, colon: bool) -> PResult<'h, 'a, ParamOp> {
    let (j, kind) = map_opt(one_of("-=?+"), |c: char| default_kind(c as u8)).parse(i)?;
    let (j, word) = op_word(j, ctx, false, false)?;
    Ok((j, ParamOp::Default { kind, colon, word }))
}

/// `:offset` or `:offset:length` (the colon read), each arithmetic or
/// deferred text.
fn substring<'h, 'a>(i: Input<'h, 'a>, ctx: Ctx) -> PResult<'h, 'a, ParamOp> {
    let (j, offset) = arith_operand(i, b":}", ctx.open)?;
    let (j, length) = opt(preceded(char(':'), |k| arith_operand(k, b"}", ctx.open))).parse(j)?;
    Ok((j, ParamOp::Substring { offset, length }))
}

/// `#pat` `##pat` `%pat` `%%pat`.
fn remove<'h, 'a>(i: Input<'h, 'a>, ctx: Ctx) -> PResult<'h, 'a, ParamOp> {
    let (j, c) = one_of("#%").parse(i)?;
    let (j, longest) = map(opt(char(c)), |x| x.is_some()).parse(j)?;
    let (j, pattern) = op_word(j, ctx, true, false)?;
    Ok((
        j,
        if c == '#' {
            ParamOp::RemovePrefix { longest, pattern }
        } else {
            ParamOp::RemoveSuffix { longest, pattern }
        },
    ))
}

/// `/pat[/rep]` `//pat[/rep]` `/#pat[/rep]` `/%pat[/rep]`. bash 5.2
/// removes single quotes in the replacement too, even inside double
/// quotes.
fn replace<'h, 'a>(i: Input<'h, 'a>, ctx: Ctx) -> PResult<'h, 'a, ParamOp> {
    let (j, _) = char('/').parse(i)?;
    let (j, mode) = alt((
        value(ReplaceMode::All, char('/')),
        value(ReplaceMode::Prefix, char('#')),
        value(ReplaceMode::Suffix, char('%')),
        success(ReplaceMode::First),
    ))
    .parse(j)?;
    let (j, pattern) = op_word(j, ctx, true, true)?;
    let (j, replacement) = opt(preceded(char('/'), |k| op_word(k, ctx, true, false))).parse(j)?;
    Ok((
        j,
        ParamOp::Replace {
            mode,
            pattern,
            replacement,
        },
    ))
}

/// `^[pat]` `^^[pat]` `,[pat]` `,,[pat]` `~[pat]` `~~[pat]`.
fn case<'h, 'a>(i: Input<'h, 'a>, ctx: Ctx) -> PResult<'h, 'a, ParamOp> {
    let (j, c) = one_of("^,~").parse(i)?;
    let (j, all) = map(opt(char(c)), |x| x.is_some()).parse(j)?;
    let mode = match (c, all) {
        ('^', false) => CaseMode::UpperFirst,
        ('^', true) => CaseMode::UpperAll,
        ('~', false) => CaseMode::ToggleFirst,
        ('~', true) => CaseMode::ToggleAll,
        (_, false) => CaseMode::LowerFirst,
        (_, true) => CaseMode::LowerAll,
    };
    let (j, w) = op_word(j, ctx, true, false)?;
    let pattern = if w.parts.is_empty() { None } else { Some(w) };
    Ok((j, ParamOp::Case { mode, pattern }))
}

/// `@Q` `@E` `@P` `@A` `@a` `@U` `@u` `@L` `@K` `@k` right before `}`.
fn transform<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ParamOp> {
    map(
        preceded(char('@'), terminated(one_of("QEPAaUuLKk"), peek(char('}')))),
        ParamOp::Transform,
    )
    .parse(i)
}
