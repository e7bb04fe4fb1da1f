//! Helpers shared by the parser tests.
#![allow(dead_code)]

use toolsh_parser::*;

/// Parses `src`, failing the test with the error otherwise, and checks
/// that the canonical printer's output parses back to the same tree (at
/// other positions: compared without spans). The tree keeps its spans.
pub fn parse_ok(src: &str) -> Script {
    let script = match parse(src) {
        Ok(s) => s,
        Err(e) => panic!("{src:?}: {}:{}: {}", e.line, e.column, e.message),
    };
    let printed = print(&script);
    match parse(&printed) {
        Ok(again) => assert_eq!(
            visit::without_spans(again),
            visit::without_spans(script.clone()),
            "round trip of {src:?} via {printed:?}"
        ),
        Err(e) => panic!("reparse of {printed:?} (from {src:?}): {e}"),
    }
    script
}

/// [`parse_ok`] with every span erased ([`visit::without_spans`]): the
/// structure alone, for comparing with trees built by hand (whose spans
/// are [`Span::default`]). The helpers below build on it.
pub fn shape(src: &str) -> Script {
    visit::without_spans(parse_ok(src))
}

/// The parse error of `src`.
pub fn parse_err(src: &str) -> ParseError {
    match parse(src) {
        Ok(s) => panic!("{src:?} parsed: {s:?}"),
        Err(e) => e,
    }
}

/// The single command of a one-command script, without spans.
pub fn command(src: &str) -> Command {
    let s = shape(src);
    assert_eq!(s.body.items.len(), 1, "{src:?}");
    let p = &s.body.items[0].and_or.first;
    assert_eq!(p.commands.len(), 1, "{src:?}");
    p.commands[0].command.clone()
}

/// The simple command of a one-command script.
pub fn simple(src: &str) -> SimpleCommand {
    match command(src) {
        Command::Simple(c) => c,
        other => panic!("{src:?}: not a simple command: {other:?}"),
    }
}

/// The compound command of a one-command script.
pub fn compound(src: &str) -> CompoundCommand {
    match command(src) {
        Command::Compound(c, _) => *c,
        other => panic!("{src:?}: not a compound command: {other:?}"),
    }
}

/// The parts of the `n`-th word of a simple command.
pub fn word_parts(src: &str, n: usize) -> Vec<WordPart> {
    simple(src).words[n].parts.to_vec()
}

pub fn lit(s: &str) -> WordPart {
    WordPart::Literal(s.into())
}

pub fn word(parts: Vec<WordPart>) -> Word {
    Word {
        parts: parts.into(),
        span: Span::default(),
    }
}

pub fn lit_word(s: &str) -> Word {
    word(vec![lit(s)])
}

pub fn named(name: &str) -> WordPart {
    WordPart::Param(Box::new(ParamExpansion {
        param: Parameter::Named(name.into()),
        subscript: None,
        indirect: false,
        op: None,
        braced: false,
        span: Span::default(),
    }))
}

/// The parameter expansion that is the only part of word 1 of `src`.
pub fn param(src: &str) -> ParamExpansion {
    match word_parts(src, 1).as_slice() {
        [WordPart::Param(p)] => (**p).clone(),
        other => panic!("{src:?}: {other:?}"),
    }
}

/// The arithmetic of `echo $((text))`.
pub fn arith(text: &str) -> ArithExpr {
    let src = format!("echo $(({text}))");
    match word_parts(&src, 1).as_slice() {
        [WordPart::Arith(e)] => (**e).clone(),
        other => panic!("{src:?}: {other:?}"),
    }
}

pub fn num(n: &str) -> ArithExpr {
    ArithExpr::Number(n.into())
}

pub fn var(n: &str) -> ArithExpr {
    ArithExpr::Variable {
        name: n.into(),
        subscript: None,
    }
}

pub fn bin(op: ArithBinaryOp, l: ArithExpr, r: ArithExpr) -> ArithExpr {
    ArithExpr::Binary {
        op,
        lhs: Box::new(l),
        rhs: Box::new(r),
    }
}
