//! Walks over the syntax tree: [`Visit`] (shared references) and
//! [`VisitMut`] (mutable references), both generated from one walk so
//! they reach the same nodes in the same (source) order.
//!
//! Each trait has one method per node kind; its default calls the
//! matching `walk_*` function, which visits the node's children. Override
//! a method to act on a node, and call the `walk_*` function from it to go
//! on into the children (or leave it out to skip them). Every [`Span`] in
//! the tree is passed to `visit_span`, comments' spans included.
//!
//! ```
//! use toolsh_parser::visit::{self, Visit};
//! use toolsh_parser::{parse, SimpleCommand};
//!
//! /// Counts simple commands, those inside substitutions too.
//! struct Count(usize);
//! impl Visit for Count {
//!     fn visit_simple_command(&mut self, c: &SimpleCommand) {
//!         self.0 += 1;
//!         visit::walk_simple_command(self, c);
//!     }
//! }
//! let script = parse("a | b; if c; then echo \"$(d)\"; fi\n").unwrap();
//! let mut count = Count(0);
//! count.visit_script(&script);
//! assert_eq!(count.0, 5);
//! ```

use crate::ast::*;

/// Generates a visitor trait and its walk functions; `$($m)?` is empty
/// for shared references and `mut` for mutable ones.
macro_rules! visitor {
    ($(#[$doc:meta])* $Trait:ident; $($m:tt)?) => {
        $(#[$doc])*
        pub trait $Trait {
            /// A whole script: its comments' spans, its body, its span.
            fn visit_script(&mut self, s: & $($m)? Script) {
                walk_script(self, s);
            }
            /// A list of commands.
            fn visit_list(&mut self, l: & $($m)? List) {
                walk_list(self, l);
            }
            /// One item of a list: an and-or list, maybe backgrounded.
            fn visit_list_item(&mut self, i: & $($m)? ListItem) {
                walk_list_item(self, i);
            }
            /// A pipeline.
            fn visit_pipeline(&mut self, p: & $($m)? Pipeline) {
                walk_pipeline(self, p);
            }
            /// A command of any kind.
            fn visit_command(&mut self, c: & $($m)? Command) {
                walk_command(self, c);
            }
            /// A simple command: assignments, words, redirections.
            fn visit_simple_command(&mut self, c: & $($m)? SimpleCommand) {
                walk_simple_command(self, c);
            }
            /// A function definition.
            fn visit_function(&mut self, f: & $($m)? FunctionDef) {
                walk_function(self, f);
            }
            /// A compound command.
            fn visit_compound(&mut self, c: & $($m)? CompoundCommand) {
                walk_compound(self, c);
            }
            /// One `case` item.
            fn visit_case_item(&mut self, i: & $($m)? CaseItem) {
                walk_case_item(self, i);
            }
            /// A `[[ ]]` expression.
            fn visit_cond(&mut self, e: & $($m)? CondExpr) {
                walk_cond(self, e);
            }
            /// An assignment (also an assignment word of `declare` and the like).
            fn visit_assignment(&mut self, a: & $($m)? Assignment) {
                walk_assignment(self, a);
            }
            /// A redirection, here-documents included.
            fn visit_redirect(&mut self, r: & $($m)? Redirect) {
                walk_redirect(self, r);
            }
            /// A word.
            fn visit_word(&mut self, w: & $($m)? Word) {
                walk_word(self, w);
            }
            /// One part of a word.
            fn visit_word_part(&mut self, p: & $($m)? WordPart) {
                walk_word_part(self, p);
            }
            /// A parameter expansion.
            fn visit_param(&mut self, p: & $($m)? ParamExpansion) {
                walk_param(self, p);
            }
            /// An arithmetic expression.
            fn visit_arith(&mut self, e: & $($m)? ArithExpr) {
                walk_arith(self, e);
            }
            /// A span (every node's, in the order the walk meets them).
            fn visit_span(&mut self, _span: & $($m)? Span) {}
        }

        /// Visits the comments' spans, the body and the span of `s`.
        pub fn walk_script<V: $Trait + ?Sized>(v: &mut V, s: & $($m)? Script) {
            for c in & $($m)? s.comments {
                v.visit_span(& $($m)? c.span);
            }
            v.visit_list(& $($m)? s.body);
            v.visit_span(& $($m)? s.span);
        }

        /// Visits the items of `l`, then its span.
        pub fn walk_list<V: $Trait + ?Sized>(v: &mut V, l: & $($m)? List) {
            for item in & $($m)? l.items {
                v.visit_list_item(item);
            }
            v.visit_span(& $($m)? l.span);
        }

        /// Visits the pipelines of `i` in order, then its spans.
        pub fn walk_list_item<V: $Trait + ?Sized>(v: &mut V, i: & $($m)? ListItem) {
            v.visit_pipeline(& $($m)? i.and_or.first);
            for (_, p) in & $($m)? i.and_or.rest {
                v.visit_pipeline(p);
            }
            v.visit_span(& $($m)? i.and_or.span);
            v.visit_span(& $($m)? i.span);
        }

        /// Visits the stages of `p`, then its span.
        pub fn walk_pipeline<V: $Trait + ?Sized>(v: &mut V, p: & $($m)? Pipeline) {
            for stage in & $($m)? p.commands {
                v.visit_command(& $($m)? stage.command);
            }
            v.visit_span(& $($m)? p.span);
        }

        /// Dispatches on the kind of `c`.
        pub fn walk_command<V: $Trait + ?Sized>(v: &mut V, c: & $($m)? Command) {
            match c {
                Command::Simple(s) => v.visit_simple_command(s),
                Command::Compound(cc, redirects) => {
                    v.visit_compound(cc);
                    for r in redirects {
                        v.visit_redirect(r);
                    }
                }
                Command::Function(f) => v.visit_function(f),
                Command::Coproc(co) => {
                    v.visit_command(& $($m)? co.body);
                    v.visit_span(& $($m)? co.span);
                }
            }
        }

        /// Visits the assignments, words and redirections of `c`, then its span.
        pub fn walk_simple_command<V: $Trait + ?Sized>(v: &mut V, c: & $($m)? SimpleCommand) {
            for a in & $($m)? c.assignments {
                v.visit_assignment(a);
            }
            for w in & $($m)? c.words {
                v.visit_word(w);
            }
            for r in & $($m)? c.redirects {
                v.visit_redirect(r);
            }
            v.visit_span(& $($m)? c.span);
        }

        /// Visits the body and redirections of `f`, then its span.
        pub fn walk_function<V: $Trait + ?Sized>(v: &mut V, f: & $($m)? FunctionDef) {
            v.visit_compound(& $($m)? f.body);
            for r in & $($m)? f.redirects {
                v.visit_redirect(r);
            }
            v.visit_span(& $($m)? f.span);
        }

        /// Visits the lists, words and expressions of `c`, then its span.
        pub fn walk_compound<V: $Trait + ?Sized>(v: &mut V, c: & $($m)? CompoundCommand) {
            match c {
                CompoundCommand::BraceGroup(l, span) | CompoundCommand::Subshell(l, span) => {
                    v.visit_list(l);
                    v.visit_span(span);
                }
                CompoundCommand::If { branches, otherwise, span } => {
                    for (cond, body) in branches {
                        v.visit_list(cond);
                        v.visit_list(body);
                    }
                    if let Some(o) = otherwise {
                        v.visit_list(o);
                    }
                    v.visit_span(span);
                }
                CompoundCommand::While { cond, body, span, .. } => {
                    v.visit_list(cond);
                    v.visit_list(body);
                    v.visit_span(span);
                }
                CompoundCommand::For { words, body, span, .. }
                | CompoundCommand::Select { words, body, span, .. } => {
                    if let Some(ws) = words {
                        for w in ws {
                            v.visit_word(w);
                        }
                    }
                    v.visit_list(body);
                    v.visit_span(span);
                }
                CompoundCommand::ArithFor { init, cond, step, body, span } => {
                    for e in [init, cond, step].into_iter().flatten() {
                        v.visit_arith(e);
                    }
                    v.visit_list(body);
                    v.visit_span(span);
                }
                CompoundCommand::Case { word, items, span } => {
                    v.visit_word(word);
                    for i in items {
                        v.visit_case_item(i);
                    }
                    v.visit_span(span);
                }
                CompoundCommand::Arith(e, span) => {
                    v.visit_arith(e);
                    v.visit_span(span);
                }
                CompoundCommand::Cond(e, span) => {
                    v.visit_cond(e);
                    v.visit_span(span);
                }
            }
        }

        /// Visits the patterns and body of `i`, then its span.
        pub fn walk_case_item<V: $Trait + ?Sized>(v: &mut V, i: & $($m)? CaseItem) {
            for p in & $($m)? i.patterns {
                v.visit_word(p);
            }
            v.visit_list(& $($m)? i.body);
            v.visit_span(& $($m)? i.span);
        }

        /// Visits the words and subexpressions of `e`.
        pub fn walk_cond<V: $Trait + ?Sized>(v: &mut V, e: & $($m)? CondExpr) {
            match e {
                CondExpr::Unary { operand, .. } | CondExpr::Word(operand) => v.visit_word(operand),
                CondExpr::Binary { lhs, rhs, .. } => {
                    v.visit_word(lhs);
                    v.visit_word(rhs);
                }
                CondExpr::Not(x) | CondExpr::Group(x) => v.visit_cond(x),
                CondExpr::And(a, b) | CondExpr::Or(a, b) => {
                    v.visit_cond(a);
                    v.visit_cond(b);
                }
            }
        }

        /// Visits the subscript and value words of `a`, then its span.
        pub fn walk_assignment<V: $Trait + ?Sized>(v: &mut V, a: & $($m)? Assignment) {
            if let Some(s) = & $($m)? a.subscript {
                v.visit_word(s);
            }
            match & $($m)? a.value {
                AssignValue::Scalar(w) => v.visit_word(w),
                AssignValue::Array(items) => {
                    for i in items {
                        match i {
                            ArrayItem::Value(w) => v.visit_word(w),
                            ArrayItem::Keyed { key, value, .. } => {
                                v.visit_word(key);
                                v.visit_word(value);
                            }
                        }
                    }
                }
            }
            v.visit_span(& $($m)? a.span);
        }

        /// Visits the target word (a here-document's body) of `r`, then its span.
        pub fn walk_redirect<V: $Trait + ?Sized>(v: &mut V, r: & $($m)? Redirect) {
            match & $($m)? r.target {
                RedirTarget::Word(w) => v.visit_word(w),
                RedirTarget::HereDoc(h) => v.visit_word(& $($m)? h.body),
            }
            v.visit_span(& $($m)? r.span);
        }

        /// Visits the parts of `w`, then its span.
        pub fn walk_word<V: $Trait + ?Sized>(v: &mut V, w: & $($m)? Word) {
            for p in & $($m)? w.parts {
                v.visit_word_part(p);
            }
            v.visit_span(& $($m)? w.span);
        }

        /// Visits what `p` contains: quoted parts, expansions, substituted
        /// scripts, brace alternatives, extended-glob alternatives.
        pub fn walk_word_part<V: $Trait + ?Sized>(v: &mut V, p: & $($m)? WordPart) {
            match p {
                WordPart::DoubleQuoted { parts, .. } => {
                    for q in parts {
                        v.visit_word_part(q);
                    }
                }
                WordPart::Param(pe) => v.visit_param(pe),
                WordPart::CommandSubst { script, .. } | WordPart::ProcessSubst { script, .. } => {
                    v.visit_script(script);
                }
                WordPart::Arith(e) => v.visit_arith(e),
                WordPart::Brace(brace) => {
                    if let BraceExpansion::List(ws) = & $($m)? **brace {
                        for w in ws {
                            v.visit_word(w);
                        }
                    }
                }
                WordPart::ExtGlob { alternatives, .. } => {
                    for w in alternatives {
                        v.visit_word(w);
                    }
                }
                WordPart::AssignmentWord(a) => v.visit_assignment(a),
                WordPart::Literal(_)
                | WordPart::Escaped(_)
                | WordPart::SingleQuoted(_)
                | WordPart::AnsiC(_)
                | WordPart::Tilde(_)
                | WordPart::BadSubstitution(_) => {}
            }
        }

        /// Visits the subscript and the operator's words and expressions
        /// of `p`, then its span.
        pub fn walk_param<V: $Trait + ?Sized>(v: &mut V, p: & $($m)? ParamExpansion) {
            if let Some(Subscript::Index(w)) = & $($m)? p.subscript {
                v.visit_word(w);
            }
            if let Some(op) = & $($m)? p.op {
                match & $($m)? **op {
                    ParamOp::Default { word, .. }
                    | ParamOp::RemovePrefix { pattern: word, .. }
                    | ParamOp::RemoveSuffix { pattern: word, .. }
                    | ParamOp::Case { pattern: Some(word), .. } => v.visit_word(word),
                    ParamOp::Replace { pattern, replacement, .. } => {
                        v.visit_word(pattern);
                        if let Some(r) = replacement {
                            v.visit_word(r);
                        }
                    }
                    ParamOp::Substring { offset, length } => {
                        v.visit_arith(offset);
                        if let Some(l) = length {
                            v.visit_arith(l);
                        }
                    }
                    ParamOp::Length
                    | ParamOp::Case { pattern: None, .. }
                    | ParamOp::Transform(_)
                    | ParamOp::PrefixNames { .. }
                    | ParamOp::Keys { .. } => {}
                }
            }
            v.visit_span(& $($m)? p.span);
        }

        /// Visits the operands of `e`, and the words inside it (subscripts,
        /// expansions, text kept for run time).
        pub fn walk_arith<V: $Trait + ?Sized>(v: &mut V, e: & $($m)? ArithExpr) {
            match e {
                ArithExpr::Number(_) | ArithExpr::Variable { subscript: None, .. } => {}
                ArithExpr::Variable { subscript: Some(w), .. } | ArithExpr::Deferred(w) => {
                    v.visit_word(w);
                }
                ArithExpr::Expansion(p) => v.visit_word_part(p),
                ArithExpr::Group(x)
                | ArithExpr::Unary { operand: x, .. }
                | ArithExpr::Increment { target: x, .. } => v.visit_arith(x),
                ArithExpr::Binary { lhs, rhs, .. }
                | ArithExpr::Assign { target: lhs, value: rhs, .. }
                | ArithExpr::Comma(lhs, rhs) => {
                    v.visit_arith(lhs);
                    v.visit_arith(rhs);
                }
                ArithExpr::Chain { first, rest } => {
                    v.visit_arith(first);
                    for (_, x) in rest {
                        v.visit_arith(x);
                    }
                }
                ArithExpr::Conditional { cond, then, otherwise } => {
                    v.visit_arith(cond);
                    v.visit_arith(then);
                    v.visit_arith(otherwise);
                }
            }
        }
    };
}

/// Walks over shared references (`walk_*` here).
pub mod shared {
    use super::*;
    visitor! {
        /// A read-only walk over the tree: override what you look for.
        Visit;
    }
}

/// Walks over mutable references (`walk_*` here).
pub mod mutable {
    use super::*;
    visitor! {
        /// A walk that may change the nodes it meets.
        VisitMut; mut
    }
}

pub use mutable::VisitMut;
pub use shared::*;

/// A node a walk can start from: the nodes a caller holds on its own.
pub trait Node: Clone + PartialEq {
    /// Walk this node with a read-only visitor.
    fn accept(&self, v: &mut dyn Visit);
    /// Walk this node with a mutating visitor.
    fn accept_mut(&mut self, v: &mut dyn VisitMut);
}

macro_rules! node {
    ($($ty:ty => $method:ident),* $(,)?) => {
        $(
            impl Node for $ty {
                fn accept(&self, v: &mut dyn Visit) {
                    v.$method(self);
                }
                fn accept_mut(&mut self, v: &mut dyn VisitMut) {
                    v.$method(self);
                }
            }
        )*
    };
}

node! {
    Script => visit_script,
    List => visit_list,
    Command => visit_command,
    CompoundCommand => visit_compound,
    CondExpr => visit_cond,
    Word => visit_word,
    WordPart => visit_word_part,
    ArithExpr => visit_arith,
}

/// Sets every span to [`Span::default`].
struct EraseSpans;

impl VisitMut for EraseSpans {
    fn visit_span(&mut self, span: &mut Span) {
        *span = Span::default();
    }
}

/// `node` with every span set to [`Span::default`]: what is left is the
/// tree's structure, for comparing trees from different sources (a tree
/// and the tree of its printed text, a parse and a tree built by hand).
pub fn without_spans<T: Node>(mut node: T) -> T {
    node.accept_mut(&mut EraseSpans);
    node
}

/// `true` when `a` and `b` are the same tree wherever their nodes sit in
/// the source: `==` of [`without_spans`] of each (the trees' own `==`
/// compares spans too).
pub fn eq_ignoring_spans<T: Node>(a: &T, b: &T) -> bool {
    without_spans(a.clone()) == without_spans(b.clone())
}
