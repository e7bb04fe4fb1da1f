//! A mutable walk over the tree that puts here-document bodies into their
//! placeholders (see `heredoc`).

use crate::ast::*;
use crate::heredoc::PLACEHOLDER;

type Bodies = Vec<Option<HereDoc>>;

/// Fills the bodies of the here-documents inside one list item.
pub(crate) fn fill_item(item: &mut ListItem, b: &mut Bodies) {
    pipeline(&mut item.and_or.first, b);
    for (_, p) in &mut item.and_or.rest {
        pipeline(p, b);
    }
}

fn list(l: &mut List, b: &mut Bodies) {
    for item in &mut l.items {
        fill_item(item, b);
    }
}

fn pipeline(p: &mut Pipeline, b: &mut Bodies) {
    for stage in &mut p.commands {
        command(&mut stage.command, b);
    }
}

fn command(c: &mut Command, b: &mut Bodies) {
    match c {
        Command::Simple(s) => {
            for a in &mut s.assignments {
                assignment(a, b);
            }
            for w in &mut s.words {
                fill_word(w, b);
            }
            redirects(&mut s.redirects, b);
        }
        Command::Compound(cc, r) => {
            compound(cc, b);
            redirects(r, b);
        }
        Command::Function(f) => {
            compound(&mut f.body, b);
            redirects(&mut f.redirects, b);
        }
        Command::Coproc(c) => command(&mut c.body, b),
    }
}

fn assignment(a: &mut Assignment, b: &mut Bodies) {
    if let Some(s) = &mut a.subscript {
        fill_word(s, b);
    }
    match &mut a.value {
        AssignValue::Scalar(w) => fill_word(w, b),
        AssignValue::Array(items) => {
            for i in items {
                match i {
                    ArrayItem::Value(w) => fill_word(w, b),
                    ArrayItem::Keyed { key, value, .. } => {
                        fill_word(key, b);
                        fill_word(value, b);
                    }
                }
            }
        }
    }
}

fn redirects(rs: &mut [Redirect], b: &mut Bodies) {
    for r in rs {
        match &mut r.target {
            RedirTarget::Word(w) => fill_word(w, b),
            RedirTarget::HereDoc(h) => {
                if h.body.span.end == PLACEHOLDER {
                    if let Some(Some(body)) =
                        b.get_mut(h.body.span.start as usize).map(Option::take)
                    {
                        *h = body;
                    } else {
                        h.body.span = Span::default();
                    }
                }
                fill_word(&mut h.body, b);
            }
        }
    }
}

fn compound(c: &mut CompoundCommand, b: &mut Bodies) {
    match c {
        CompoundCommand::BraceGroup(l, _) | CompoundCommand::Subshell(l, _) => list(l, b),
        CompoundCommand::If {
            branches,
            otherwise,
            ..
        } => {
            for (c, body) in branches {
                list(c, b);
                list(body, b);
            }
            if let Some(o) = otherwise {
                list(o, b);
            }
        }
        CompoundCommand::While { cond, body, .. } => {
            list(cond, b);
            list(body, b);
        }
        CompoundCommand::For { words, body, .. } | CompoundCommand::Select { words, body, .. } => {
            for w in words.iter_mut().flatten() {
                fill_word(w, b);
            }
            list(body, b);
        }
        CompoundCommand::ArithFor {
            init,
            cond,
            step,
            body,
            ..
        } => {
            for e in [init, cond, step].into_iter().flatten() {
                arith(e, b);
            }
            list(body, b);
        }
        CompoundCommand::Case { word, items, .. } => {
            fill_word(word, b);
            for i in items {
                for p in &mut i.patterns {
                    fill_word(p, b);
                }
                list(&mut i.body, b);
            }
        }
        CompoundCommand::Arith(e, _) => arith(e, b),
        CompoundCommand::Cond(e, _) => cond(e, b),
    }
}

fn cond(e: &mut CondExpr, b: &mut Bodies) {
    match e {
        CondExpr::Unary { operand, .. } => fill_word(operand, b),
        CondExpr::Binary { lhs, rhs, .. } => {
            fill_word(lhs, b);
            fill_word(rhs, b);
        }
        CondExpr::Word(w) => fill_word(w, b),
        CondExpr::Not(e) | CondExpr::Group(e) => cond(e, b),
        CondExpr::And(l, r) | CondExpr::Or(l, r) => {
            cond(l, b);
            cond(r, b);
        }
    }
}

pub(crate) fn fill_word(w: &mut Word, b: &mut Bodies) {
    for p in &mut w.parts {
        part(p, b);
    }
}

fn part(p: &mut WordPart, b: &mut Bodies) {
    match p {
        WordPart::DoubleQuoted { parts, .. } => {
            for p in parts {
                part(p, b);
            }
        }
        WordPart::Param(pe) => param(pe, b),
        WordPart::CommandSubst { script, .. } | WordPart::ProcessSubst { script, .. } => {
            list(&mut script.body, b);
        }
        WordPart::Arith(e) => arith(e, b),
        WordPart::Brace(brace) => {
            if let BraceExpansion::List(ws) = &mut **brace {
                for w in ws {
                    fill_word(w, b);
                }
            }
        }
        WordPart::ExtGlob { alternatives, .. } => {
            for w in alternatives {
                fill_word(w, b);
            }
        }
        WordPart::AssignmentWord(a) => assignment(a, b),
        _ => {}
    }
}

fn param(pe: &mut ParamExpansion, b: &mut Bodies) {
    if let Some(Subscript::Index(w)) = &mut pe.subscript {
        fill_word(w, b);
    }
    match pe.op.as_deref_mut() {
        Some(ParamOp::Default { word, .. }) => fill_word(word, b),
        Some(ParamOp::RemovePrefix { pattern, .. } | ParamOp::RemoveSuffix { pattern, .. }) => {
            fill_word(pattern, b);
        }
        Some(ParamOp::Replace {
            pattern,
            replacement,
            ..
        }) => {
            fill_word(pattern, b);
            if let Some(r) = replacement {
                fill_word(r, b);
            }
        }
        Some(ParamOp::Substring { offset, length }) => {
            arith(offset, b);
            if let Some(l) = length {
                arith(l, b);
            }
        }
        Some(ParamOp::Case {
            pattern: Some(p), ..
        }) => fill_word(p, b),
        _ => {}
    }
}

fn arith(e: &mut ArithExpr, b: &mut Bodies) {
    match e {
        ArithExpr::Variable {
            subscript: Some(w), ..
        } => fill_word(w, b),
        ArithExpr::Expansion(p) => part(p, b),
        ArithExpr::Group(e)
        | ArithExpr::Unary { operand: e, .. }
        | ArithExpr::Increment { target: e, .. } => arith(e, b),
        ArithExpr::Binary { lhs, rhs, .. } | ArithExpr::Comma(lhs, rhs) => {
            arith(lhs, b);
            arith(rhs, b);
        }
        ArithExpr::Chain { first, rest } => {
            arith(first, b);
            for (_, e) in rest {
                arith(e, b);
            }
        }
        ArithExpr::Assign { target, value, .. } => {
            arith(target, b);
            arith(value, b);
        }
        ArithExpr::Conditional {
            cond,
            then,
            otherwise,
        } => {
            arith(cond, b);
            arith(then, b);
            arith(otherwise, b);
        }
        ArithExpr::Deferred(w) => fill_word(w, b),
        _ => {}
    }
}
