//! The canonical printer for word parts, parameter expansions and
//! arithmetic.

use std::fmt::Write as _;

use crate::ast::*;
use crate::printer::{Ctx, Printer};

impl Printer<'_> {
    pub(crate) fn part(&mut self, p: &WordPart, ctx: Ctx) {
        match p {
            WordPart::Literal(l) => self.literal(l, ctx),
            WordPart::Escaped(c) => {
                self.out.push('\\');
                self.out.push(*c);
            }
            WordPart::SingleQuoted(s) => {
                self.out.push('\'');
                self.out.push_str(s);
                self.out.push('\'');
            }
            WordPart::DoubleQuoted { parts, locale } => {
                if *locale {
                    self.out.push('$');
                }
                self.out.push('"');
                self.parts(parts, Ctx::Dq);
                self.out.push('"');
            }
            WordPart::AnsiC(s) => self.ansi_c(s),
            WordPart::Param(pe) => self.param(pe, ctx),
            WordPart::CommandSubst { script, backquoted } => {
                let text = self.sub_script(script, *backquoted || ctx == Ctx::HereDoc);
                if *backquoted {
                    self.out.push('`');
                    for c in text.chars() {
                        if matches!(c, '\\' | '`') {
                            self.out.push('\\');
                        }
                        self.out.push(c);
                    }
                    self.out.push('`');
                } else {
                    self.out.push_str("$(");
                    if text.starts_with('(') {
                        self.out.push(' ');
                    }
                    self.out.push_str(&text);
                    self.out.push(')');
                }
            }
            WordPart::Arith(e) => {
                self.out.push_str("$((");
                let start = self.out.len();
                self.arith(e);
                if matches!(**e, ArithExpr::Deferred(_))
                    && !dollar_parens_fit(&self.out[start..], p)
                {
                    // Deferred text that `$((...))` would end early (an
                    // unmatched `)`) came from the obsolete `$[...]` form.
                    self.out.replace_range(start - 3..start, "$[");
                    self.out.push(']');
                } else {
                    self.out.push_str("))");
                }
            }
            WordPart::ProcessSubst { read, script } => {
                let text = self.sub_script(script, false);
                self.out.push_str(if *read { "<(" } else { ">(" });
                self.out.push_str(&text);
                self.out.push(')');
            }
            WordPart::Tilde(user) => {
                self.out.push('~');
                if let Some(u) = user {
                    self.out.push_str(u);
                }
            }
            WordPart::Brace(brace) => match &**brace {
                BraceExpansion::List(ws) => {
                    self.out.push('{');
                    for (i, w) in ws.iter().enumerate() {
                        if i > 0 {
                            self.out.push(',');
                        }
                        self.word(w, ctx);
                    }
                    self.out.push('}');
                }
                BraceExpansion::Sequence { start, end, step } => {
                    self.out.push('{');
                    self.out.push_str(start);
                    self.out.push_str("..");
                    self.out.push_str(end);
                    if let Some(s) = step {
                        self.out.push_str("..");
                        self.out.push_str(s);
                    }
                    self.out.push('}');
                }
            },
            WordPart::ExtGlob { op, alternatives } => {
                self.out.push(*op);
                self.out.push('(');
                for (i, w) in alternatives.iter().enumerate() {
                    if i > 0 {
                        self.out.push('|');
                    }
                    self.word(w, ctx);
                }
                self.out.push(')');
            }
            WordPart::AssignmentWord(a) => self.assignment(a),
            WordPart::BadSubstitution(text) => self.out.push_str(text),
        }
    }

    fn literal(&mut self, l: &str, ctx: Ctx) {
        match ctx {
            Ctx::Dq | Ctx::HereDoc | Ctx::Arith => {
                // Arithmetic text kept for run time reads `\` escapes and
                // nested quotes as double quotes do.
                for c in l.chars() {
                    let esc = matches!(c, '\\' | '$' | '`') || (c == '"' && ctx != Ctx::HereDoc);
                    if esc {
                        self.out.push('\\');
                    }
                    self.out.push(c);
                }
            }
            Ctx::Unquoted | Ctx::ParamDq => {
                let b = l.as_bytes();
                let mut from = 0;
                for (i, &c) in b.iter().enumerate() {
                    // A literal `$` before what would start an expansion
                    // came from a line continuation between them.
                    if c == b'$' && b.get(i + 1).is_some_and(|&n| starts_expansion(n)) {
                        self.out.push_str(&l[from..=i]);
                        self.out.push_str("\\\n");
                        from = i + 1;
                    }
                }
                self.out.push_str(&l[from..]);
                if ctx == Ctx::Unquoted && l.ends_with('\\') {
                    self.backslash_end = Some(self.out.len());
                }
            }
        }
    }

    fn ansi_c(&mut self, s: &str) {
        self.out.push_str("$'");
        for c in s.chars() {
            match c {
                '\\' => self.out.push_str("\\\\"),
                '\'' => self.out.push_str("\\'"),
                '\n' => self.out.push_str("\\n"),
                '\t' => self.out.push_str("\\t"),
                '\r' => self.out.push_str("\\r"),
                c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                    let _ = write!(self.out, "\\x{:02x}", c as u32);
                }
                c => self.out.push(c),
            }
        }
        self.out.push('\'');
    }

    fn param_name(&mut self, p: &Parameter) {
        match p {
            Parameter::Named(n) => self.out.push_str(n),
            // `${0}` is `$0`; only leading zeros (`${00}`) make position 0.
            Parameter::Positional(0) => self.out.push_str("00"),
            Parameter::Positional(n) => self.out.push_str(&n.to_string()),
            Parameter::Special(c) => self.out.push(*c),
        }
    }

    fn param(&mut self, pe: &ParamExpansion, ctx: Ctx) {
        if !pe.braced {
            self.out.push('$');
            self.param_name(&pe.param);
            return;
        }
        let wctx = if matches!(ctx, Ctx::Dq | Ctx::ParamDq | Ctx::HereDoc) {
            Ctx::ParamDq
        } else {
            Ctx::Unquoted
        };
        self.out.push_str("${");
        if pe.indirect
            || matches!(
                pe.op.as_deref(),
                Some(ParamOp::PrefixNames { .. } | ParamOp::Keys { .. })
            )
        {
            self.out.push('!');
        }
        if matches!(pe.op.as_deref(), Some(ParamOp::Length)) {
            self.out.push('#');
        }
        self.param_name(&pe.param);
        match &pe.subscript {
            Some(Subscript::At) => self.out.push_str("[@]"),
            Some(Subscript::Star) => self.out.push_str("[*]"),
            Some(Subscript::Index(w)) => {
                self.out.push('[');
                let start = self.out.len();
                self.word(w, Ctx::Unquoted);
                if matches!(&self.out[start..], "@" | "*") {
                    // An index that reads `@` or `*` only through a line
                    // continuation (`[@\<newline>]`) is not `[@]`.
                    self.out.insert_str(start, "\\\n");
                }
                self.out.push(']');
            }
            None => {}
        }
        match pe.op.as_deref() {
            None | Some(ParamOp::Length) => {}
            Some(ParamOp::Default { kind, colon, word }) => {
                if *colon {
                    self.out.push(':');
                }
                self.out.push(match kind {
                    DefaultKind::UseDefault => '-',
                    DefaultKind::Assign => '=',
                    DefaultKind::Error => '?',
                    DefaultKind::Alternative => '+',
                });
                self.word(word, wctx);
            }
            Some(ParamOp::RemovePrefix { longest, pattern }) => {
                self.out.push_str(if *longest { "##" } else { "#" });
                self.word(pattern, wctx);
            }
            Some(ParamOp::RemoveSuffix { longest, pattern }) => {
                self.out.push_str(if *longest { "%%" } else { "%" });
                self.word(pattern, wctx);
            }
            Some(ParamOp::Replace {
                mode,
                pattern,
                replacement,
            }) => {
                self.out.push_str(match mode {
                    ReplaceMode::First => "/",
                    ReplaceMode::All => "//",
                    ReplaceMode::Prefix => "/#",
                    ReplaceMode::Suffix => "/%",
                });
                self.word(pattern, wctx);
                if let Some(r) = replacement {
                    self.out.push('/');
                    self.word(r, wctx);
                }
            }
            Some(ParamOp::Substring { offset, length }) => {
                self.out.push(':');
                let start = self.out.len();
                self.arith(offset);
                if matches!(
                    self.out.as_bytes().get(start),
                    Some(b'-' | b'=' | b'?' | b'+')
                ) {
                    // Not `:-` and the like. Deferred text keeps its blanks,
                    // so it gets a line continuation instead of a space.
                    let sep = if matches!(offset, ArithExpr::Deferred(_)) {
                        "\\\n"
                    } else {
                        " "
                    };
                    self.out.insert_str(start, sep);
                }
                if let Some(l) = length {
                    self.out.push(':');
                    self.arith(l);
                }
            }
            Some(ParamOp::Case { mode, pattern }) => {
                self.out.push_str(match mode {
                    CaseMode::UpperFirst => "^",
                    CaseMode::UpperAll => "^^",
                    CaseMode::LowerFirst => ",",
                    CaseMode::LowerAll => ",,",
                    CaseMode::ToggleFirst => "~",
                    CaseMode::ToggleAll => "~~",
                });
                if let Some(p) = pattern {
                    self.word(p, wctx);
                }
            }
            Some(ParamOp::Transform(c)) => {
                self.out.push('@');
                self.out.push(*c);
            }
            Some(ParamOp::PrefixNames { star }) => self.out.push(if *star { '*' } else { '@' }),
            Some(ParamOp::Keys { star }) => self.out.push_str(if *star { "[*]" } else { "[@]" }),
        }
        self.out.push('}');
    }

    /// Prints an arithmetic expression exactly as structured: operands
    /// separated from binary operators by spaces, no parentheses beyond
    /// [`ArithExpr::Group`].
    pub(crate) fn arith(&mut self, e: &ArithExpr) {
        match e {
            ArithExpr::Number(n) => self.out.push_str(n),
            ArithExpr::Variable { name, subscript } => {
                self.out.push_str(name);
                if let Some(s) = subscript {
                    self.out.push('[');
                    self.word(s, Ctx::Unquoted);
                    self.out.push(']');
                }
            }
            ArithExpr::Expansion(p) => self.part(p, Ctx::Arith),
            ArithExpr::Group(e) => {
                self.out.push('(');
                self.arith(e);
                self.out.push(')');
            }
            ArithExpr::Unary { op, operand } => {
                let c = match op {
                    ArithUnaryOp::Minus => '-',
                    ArithUnaryOp::Plus => '+',
                    ArithUnaryOp::Not => '!',
                    ArithUnaryOp::BitNot => '~',
                };
                self.out.push(c);
                let start = self.out.len();
                self.arith(operand);
                let next = self.out.as_bytes().get(start).copied();
                if matches!(next, Some(b'-' | b'+')) && next == Some(c as u8) || next == Some(b'=')
                {
                    self.out.insert(start, ' ');
                }
            }
            ArithExpr::Increment {
                target,
                increment,
                prefix,
            } => {
                let op = if *increment { "++" } else { "--" };
                if *prefix {
                    self.out.push_str(op);
                }
                self.arith(target);
                if !*prefix {
                    self.out.push_str(op);
                }
            }
            ArithExpr::Binary { op, lhs, rhs } => {
                self.arith(lhs);
                self.out.push(' ');
                self.out.push_str(binop(*op));
                self.out.push(' ');
                self.arith(rhs);
            }
            ArithExpr::Chain { first, rest } => {
                self.arith(first);
                for (op, e) in rest {
                    self.out.push(' ');
                    self.out.push_str(binop(*op));
                    self.out.push(' ');
                    self.arith(e);
                }
            }
            ArithExpr::Assign { op, target, value } => {
                self.arith(target);
                self.out.push(' ');
                if let Some(op) = op {
                    self.out.push_str(binop(*op));
                }
                self.out.push_str("= ");
                self.arith(value);
            }
            ArithExpr::Conditional {
                cond,
                then,
                otherwise,
            } => {
                self.arith(cond);
                self.out.push_str(" ? ");
                self.arith(then);
                self.out.push_str(" : ");
                self.arith(otherwise);
            }
            ArithExpr::Comma(a, b) => {
                self.arith(a);
                self.out.push_str(", ");
                self.arith(b);
            }
            ArithExpr::Deferred(w) => self.word(w, Ctx::Arith),
        }
    }
}

/// `true` when `$((text))` parses back to `part`. Deferred arithmetic
/// text is whatever the parser could not read as an expression, so the
/// parser itself decides: a `)` may be unmatched yet protected by a `[`
/// before it (`$((][)))` holds `][)`), where `$[...]` would end at the `]`.
fn dollar_parens_fit(text: &str, part: &WordPart) -> bool {
    if !parens_balanced(text) && !text.contains('[') {
        return false;
    }
    let src = format!("echo $(({text}))");
    let Ok(script) = crate::parse(&src) else {
        return false;
    };
    let [item] = script.body.items.as_slice() else {
        return false;
    };
    if !item.and_or.rest.is_empty() || item.and_or.first.commands.len() != 1 {
        return false;
    }
    match &item.and_or.first.commands[0].command {
        Command::Simple(c) => {
            matches!(c.words.as_slice(), [_, w] if w.parts.len() == 1
                && crate::visit::eq_ignoring_spans(&w.parts[0], part))
        }
        _ => false,
    }
}

/// `true` when every `)` in `text` closes an earlier `(`.
fn parens_balanced(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.bytes() {
        match c {
            b'(' => depth += 1,
            b')' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    true
}

/// `true` when `$` followed by `c` starts an expansion (see `dollar`).
fn starts_expansion(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'_' | b'{'
                | b'('
                | b'['
                | b'\''
                | b'"'
                | b'@'
                | b'*'
                | b'#'
                | b'?'
                | b'-'
                | b'$'
                | b'!'
        )
}

fn binop(op: ArithBinaryOp) -> &'static str {
    #[allow(clippy::enum_glob_use)]
    use ArithBinaryOp::*;
    match op {
        Pow => "**",
        Mul => "*",
        Div => "/",
        Rem => "%",
        Add => "+",
        Sub => "-",
        Shl => "<<",
        Shr => ">>",
        Lt => "<",
        Le => "<=",
        Gt => ">",
        Ge => ">=",
        Eq => "==",
        Ne => "!=",
        BitAnd => "&",
        BitXor => "^",
        BitOr => "|",
        And => "&&",
        Or => "||",
    }
}
