//! Shell arithmetic (bash manual 6.5): 64-bit wrapping integers, every C
//! operator bash accepts, variables evaluated recursively as expressions,
//! `0x`, octal and `base#digits` constants, bash's error messages.
//!
//! Expressions containing `$` expansions are first printed with the
//! expansions' text substituted and parsed again (as bash substitutes text
//! before evaluating); the evaluation itself is synchronous.

use toolsh_parser::{ArithBinaryOp, ArithExpr, ArithUnaryOp, Word, WordPart};

use crate::exec::{Ctl, Interp, R};

/// Deepest recursion through variable values (bash's limit).
const MAX_RECURSION: usize = 1024;

/// An arithmetic error, displayed as bash prints it (without the
/// `line N:` prefix).
#[derive(Debug, Clone)]
pub(crate) struct ArithError {
    /// The expression text.
    pub expr: String,
    /// The message.
    pub msg: String,
    /// The error token, when bash names one.
    pub token: Option<String>,
    /// `set -u` and an unset variable: the shell exits.
    pub unbound: bool,
    /// A limit was hit (the nesting depth of text parsed at run time): the
    /// script ends with the limit's status, as for any other limit.
    pub limit: Option<crate::limits::Interrupt>,
    /// An assignment to a readonly variable: bash prints the message alone
    /// and reports it with `report_error` (`set -e` exits).
    pub report: bool,
}

impl std::fmt::Display for ArithError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.unbound || self.report {
            return write!(f, "{}", self.msg);
        }
        match &self.token {
            Some(t) => write!(f, "{}: {} (error token is \"{t}\")", self.expr, self.msg),
            None => write!(f, "{}: {}", self.expr, self.msg),
        }
    }
}

fn err(expr: &str, msg: &str, token: Option<&str>) -> ArithError {
    ArithError {
        expr: expr.to_string(),
        msg: msg.to_string(),
        token: token.map(str::to_string),
        unbound: false,
        limit: None,
        report: false,
    }
}

/// Parse an integer constant (bash's `strlong` rules).
pub(crate) fn parse_number(s: &str) -> Result<i64, ArithError> {
    let bad = |msg: &str| err(s, msg, Some(s));
    let (base, digits): (u32, &str) = if let Some((b, d)) = s.split_once('#') {
        let b: u32 = b.parse().map_err(|_| bad("invalid number"))?;
        if !(2..=64).contains(&b) {
            return Err(bad("invalid arithmetic base"));
        }
        if d.is_empty() {
            return Err(bad("invalid integer constant"));
        }
        (b, d)
    } else if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        if h.is_empty() {
            return Err(bad("invalid integer constant"));
        }
        (16, h)
    } else if s.len() > 1 && s.starts_with('0') {
        (8, &s[1..])
    } else {
        (10, s)
    };
    let mut v: i64 = 0;
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            'A'..='Z' => {
                if base <= 36 {
                    c as u32 - 'A' as u32 + 10
                } else {
                    c as u32 - 'A' as u32 + 36
                }
            }
            '@' => 62,
            '_' => 63,
            _ => return Err(bad("invalid number")),
        };
        if d >= base {
            return Err(bad("value too great for base"));
        }
        v = v.wrapping_mul(i64::from(base)).wrapping_add(i64::from(d));
    }
    Ok(v)
}

/// Print an expression; `subs` supplies the text of expansion nodes in
/// traversal order.
fn print(e: &ArithExpr, subs: &mut std::vec::IntoIter<String>, out: &mut String) {
    match e {
        ArithExpr::Number(s) => out.push_str(s),
        ArithExpr::Variable { name, subscript } => {
            out.push_str(name);
            if let Some(w) = subscript {
                out.push('[');
                match literal_text(w) {
                    Some(t) => out.push_str(&t),
                    None => out.push_str(&subs.next().unwrap_or_default()),
                }
                out.push(']');
            }
        }
        ArithExpr::Expansion(_) | ArithExpr::Deferred(_) => {
            out.push_str(&subs.next().unwrap_or_default());
        }
        ArithExpr::Group(g) => {
            out.push('(');
            print(g, subs, out);
            out.push(')');
        }
        ArithExpr::Unary { op, operand } => {
            out.push(match op {
                ArithUnaryOp::Minus => '-',
                ArithUnaryOp::Plus => '+',
                ArithUnaryOp::Not => '!',
                ArithUnaryOp::BitNot => '~',
            });
            out.push(' ');
            print(operand, subs, out);
        }
        ArithExpr::Increment {
            target,
            increment,
            prefix,
        } => {
            let op = if *increment { "++" } else { "--" };
            if *prefix {
                out.push_str(op);
                print(target, subs, out);
            } else {
                print(target, subs, out);
                out.push_str(op);
            }
        }
        ArithExpr::Binary { op, lhs, rhs } => {
            print(lhs, subs, out);
            out.push(' ');
            out.push_str(op_text(*op));
            out.push(' ');
            print(rhs, subs, out);
        }
        ArithExpr::Chain { first, rest } => {
            print(first, subs, out);
            for (op, e) in rest {
                out.push(' ');
                out.push_str(op_text(*op));
                out.push(' ');
                print(e, subs, out);
            }
        }
        ArithExpr::Assign { op, target, value } => {
            print(target, subs, out);
            out.push(' ');
            if let Some(o) = op {
                out.push_str(op_text(*o));
            }
            out.push_str("= ");
            print(value, subs, out);
        }
        ArithExpr::Conditional {
            cond,
            then,
            otherwise,
        } => {
            print(cond, subs, out);
            out.push_str(" ? ");
            print(then, subs, out);
            out.push_str(" : ");
            print(otherwise, subs, out);
        }
        ArithExpr::Comma(a, b) => {
            print(a, subs, out);
            out.push_str(" , ");
            print(b, subs, out);
        }
    }
}

fn op_text(op: ArithBinaryOp) -> &'static str {
    match op {
        ArithBinaryOp::Pow => "**",
        ArithBinaryOp::Mul => "*",
        ArithBinaryOp::Div => "/",
        ArithBinaryOp::Rem => "%",
        ArithBinaryOp::Add => "+",
        ArithBinaryOp::Sub => "-",
        ArithBinaryOp::Shl => "<<",
        ArithBinaryOp::Shr => ">>",
        ArithBinaryOp::Lt => "<",
        ArithBinaryOp::Le => "<=",
        ArithBinaryOp::Gt => ">",
        ArithBinaryOp::Ge => ">=",
        ArithBinaryOp::Eq => "==",
        ArithBinaryOp::Ne => "!=",
        ArithBinaryOp::BitAnd => "&",
        ArithBinaryOp::BitXor => "^",
        ArithBinaryOp::BitOr => "|",
        ArithBinaryOp::And => "&&",
        ArithBinaryOp::Or => "||",
    }
}

/// The text of a word made only of literal parts.
fn literal_text(w: &Word) -> Option<String> {
    let mut s = String::new();
    for p in &w.parts {
        match p {
            WordPart::Literal(t) => s.push_str(t),
            _ => return None,
        }
    }
    Some(s)
}

/// Collect the nodes that need expansion, in print order.
enum Need<'a> {
    Part(&'a WordPart),
    Word(&'a Word),
}

fn collect<'a>(e: &'a ArithExpr, out: &mut Vec<Need<'a>>) {
    match e {
        ArithExpr::Number(_) => {}
        ArithExpr::Variable { subscript, .. } => {
            if let Some(w) = subscript
                && literal_text(w).is_none()
            {
                out.push(Need::Word(w));
            }
        }
        ArithExpr::Expansion(p) => out.push(Need::Part(p)),
        ArithExpr::Deferred(w) => out.push(Need::Word(w)),
        ArithExpr::Group(g) => collect(g, out),
        ArithExpr::Unary { operand, .. } => collect(operand, out),
        ArithExpr::Increment { target, .. } => collect(target, out),
        ArithExpr::Binary { lhs, rhs, .. } => {
            collect(lhs, out);
            collect(rhs, out);
        }
        ArithExpr::Chain { first, rest } => {
            collect(first, out);
            for (_, e) in rest {
                collect(e, out);
            }
        }
        ArithExpr::Assign { target, value, .. } => {
            collect(target, out);
            collect(value, out);
        }
        ArithExpr::Conditional {
            cond,
            then,
            otherwise,
        } => {
            collect(cond, out);
            collect(then, out);
            collect(otherwise, out);
        }
        ArithExpr::Comma(a, b) => {
            collect(a, out);
            collect(b, out);
        }
    }
}

/// `true` when evaluating `e` changes no variable (no assignment, no
/// `++`/`--`), so it may be evaluated twice.
fn is_pure(e: &ArithExpr) -> bool {
    match e {
        ArithExpr::Number(_)
        | ArithExpr::Variable { .. }
        | ArithExpr::Expansion(_)
        | ArithExpr::Deferred(_) => true,
        ArithExpr::Group(g) => is_pure(g),
        ArithExpr::Unary { operand, .. } => is_pure(operand),
        ArithExpr::Increment { .. } | ArithExpr::Assign { .. } => false,
        ArithExpr::Binary { lhs, rhs, .. } => is_pure(lhs) && is_pure(rhs),
        ArithExpr::Chain { first, rest } => is_pure(first) && rest.iter().all(|(_, e)| is_pure(e)),
        ArithExpr::Conditional {
            cond,
            then,
            otherwise,
        } => is_pure(cond) && is_pure(then) && is_pure(otherwise),
        ArithExpr::Comma(a, b) => is_pure(a) && is_pure(b),
    }
}

/// The expression as text (expansion nodes left empty).
pub(crate) fn expr_text(e: &ArithExpr) -> String {
    let mut s = String::new();
    print(e, &mut Vec::new().into_iter(), &mut s);
    s
}

impl Interp {
    /// Evaluate arithmetic text (a variable value, a subscript).
    pub fn eval_text(&mut self, text: &str) -> Result<i64, ArithError> {
        self.eval_text_depth(text, 0)
    }

    fn eval_text_depth(&mut self, text: &str, depth: usize) -> Result<i64, ArithError> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            self.eval_text_inner(text, depth)
        })
    }

    fn eval_text_inner(&mut self, text: &str, depth: usize) -> Result<i64, ArithError> {
        let t = text.trim();
        if t.is_empty() {
            return Ok(0);
        }
        if let Some(v) = fast_decimal(t) {
            return Ok(v);
        }
        if depth > MAX_RECURSION {
            return Err(err(t, "expression recursion level exceeded", Some(t)));
        }
        match crate::parse::parse_arith(t, &self.sh.limits) {
            Ok(e) => {
                let mut needs = Vec::new();
                collect(&e, &mut needs);
                if !needs.is_empty() {
                    return Err(err(t, "syntax error: operand expected", Some(t)));
                }
                self.ev(&e, depth, t)
            }
            Err(pe) => Err(ArithError {
                expr: t.to_string(),
                msg: strip_token(&pe.message).0,
                token: strip_token(&pe.message).1,
                unbound: false,
                limit: crate::parse::limit_interrupt(&pe, &self.sh.limits),
                report: false,
            }),
        }
    }

    /// Evaluate an expression, expanding `$` parts first; then report the
    /// errors the evaluation went on after ([`Interp::arith_reports`]).
    pub async fn arith_value(&mut self, e: &ArithExpr) -> R<Result<i64, ArithError>> {
        let r = self.arith_value_unreported(e).await;
        self.report_arith_errors().await?;
        r
    }

    /// Report, as bash's `report_error` does, the errors arithmetic
    /// evaluation went on after (a bad array subscript: the element reads
    /// as 0, an assignment to it is dropped, the value stands).
    pub(crate) async fn report_arith_errors(&mut self) -> R<()> {
        if self.arith_reports.is_empty() {
            return Ok(());
        }
        // Boxed: rare, and inline it would enlarge the future of every
        // arithmetic evaluation.
        Box::pin(async move {
            for m in std::mem::take(&mut self.arith_reports) {
                self.report_error(&m).await?;
            }
            Ok(())
        })
        .await
    }

    async fn arith_value_unreported(&mut self, e: &ArithExpr) -> R<Result<i64, ArithError>> {
        let mut needs = Vec::new();
        collect(e, &mut needs);
        if needs.is_empty() {
            let text = String::new();
            return Ok(self.ev(e, 0, &text).map_err(|mut er| {
                if er.expr.is_empty() {
                    er.expr = expr_text(e);
                }
                er
            }));
        }
        let mut subs = Vec::with_capacity(needs.len());
        for n in &needs {
            subs.push(match *n {
                Need::Part(p) => {
                    let mut pieces = Vec::new();
                    self.expand_part(p, true, &mut pieces).await?;
                    super::join_pieces(pieces, " ")
                }
                Need::Word(w) => self.expand_heredoc(w).await?,
            });
        }
        // Fast path: a side-effect-free expression whose expansions are
        // all plain decimals evaluates as parsed, with each expansion's
        // value in place, instead of re-parsing the substituted text
        // (bash manual 6.5: the expansions happen first, then the
        // evaluation; a plain decimal in operand position parses as that
        // number). Any error re-runs the text path for bash's message.
        let fast: Option<Vec<(usize, i64)>> = if is_pure(e) {
            needs
                .iter()
                .zip(&subs)
                .map(|(n, s)| match n {
                    Need::Part(p) => {
                        Some((std::ptr::from_ref(*p) as usize, fast_decimal(s.trim())?))
                    }
                    Need::Word(_) => None,
                })
                .collect()
        } else {
            None
        };
        if let Some(vals) = fast {
            self.arith_subs = vals;
            self.arith_assigned = false;
            let reported = self.arith_reports.len();
            let r = self.ev(e, 0, "");
            self.arith_subs.clear();
            match r {
                Ok(v) => return Ok(Ok(v)),
                // A variable's value assigned something (`x='y++'`): the
                // expression must not run twice.
                Err(er) if self.arith_assigned => return Ok(Err(er)),
                // The text path below meets the same errors again.
                Err(_) => self.arith_reports.truncate(reported),
            }
        }
        let mut text = String::new();
        print(e, &mut subs.into_iter(), &mut text);
        Ok(self.eval_text(&text))
    }

    /// Report an arithmetic error; unbound variables exit the shell.
    async fn arith_fail(&mut self, e: ArithError, status_abort: bool) -> R<i32> {
        if let Some(i) = e.limit {
            return Err(Ctl::Interrupt(i));
        }
        if e.report {
            self.report_error(&e.to_string()).await?;
        } else {
            self.error(&e.to_string()).await?;
        }
        if e.unbound {
            self.st.expansion_exit = true;
            return Err(Ctl::Exit(1));
        }
        if status_abort {
            return Err(Ctl::Abort(1));
        }
        Ok(1)
    }

    /// `$(( ))`: errors abandon the command line.
    pub async fn arith_expand(&mut self, e: &ArithExpr) -> R<i64> {
        match self.arith_value(e).await? {
            Ok(v) => Ok(v),
            Err(er) => {
                self.arith_fail(er, true).await?;
                Err(Ctl::Abort(1))
            }
        }
    }

    /// `(( ))`, `let`, `for (( ))`: `Ok(Ok(v))`, or `Ok(Err(1))` after an
    /// error was reported.
    pub async fn arith_command(&mut self, e: &ArithExpr) -> R<Result<i64, i32>> {
        match self.arith_value(e).await? {
            Ok(v) => Ok(Ok(v)),
            Err(er) => Ok(Err(self.arith_fail(er, false).await?)),
        }
    }

    /// Evaluate text where an error abandons the command (subscripts,
    /// substring offsets).
    pub async fn arith_text(&mut self, text: &str) -> R<i64> {
        let r = self.eval_text(text);
        self.report_arith_errors().await?;
        match r {
            Ok(v) => Ok(v),
            Err(er) => {
                self.arith_fail(er, true).await?;
                Err(Ctl::Abort(1))
            }
        }
    }

    fn var_int(
        &mut self,
        name: &str,
        sub: Option<&Word>,
        depth: usize,
        expr: &str,
    ) -> Result<i64, ArithError> {
        let val = match sub {
            None => {
                if let Some(n) = self.plain_scalar(name).and_then(|v| fast_decimal(v.trim())) {
                    return Ok(n);
                }
                self.get_scalar(name)
            }
            Some(w) => {
                let t = literal_text(w).unwrap_or_default();
                let key = self.key_for(name, &t).map_err(|m| err(expr, &m, None))?;
                match key {
                    // bash reports it and reads 0 (`(( b = a[-9] ))`).
                    crate::exec::vars::Key::Index(i) if self.bad_negative_index(name, i) => {
                        self.arith_reports
                            .push(format!("{name}: bad array subscript"));
                        return Ok(0);
                    }
                    crate::exec::vars::Key::Index(i) => self.get_index(name, i),
                    crate::exec::vars::Key::Assoc(k) => {
                        self.st.vars.get(name).and_then(|v| match &v.value {
                            crate::state::Value::Assoc(a) => a.get(&k).map(str::to_string),
                            _ => None,
                        })
                    }
                }
            }
        };
        match val {
            None => {
                if self.st.opts.nounset {
                    return Err(ArithError {
                        expr: expr.to_string(),
                        msg: format!("{name}: unbound variable"),
                        token: None,
                        unbound: true,
                        limit: None,
                        report: false,
                    });
                }
                Ok(0)
            }
            Some(v) => self.eval_text_depth(&v, depth + 1),
        }
    }

    fn assign_int(&mut self, target: &ArithExpr, v: i64, expr: &str) -> Result<(), ArithError> {
        self.arith_assigned = true;
        let ArithExpr::Variable { name, subscript } = target else {
            return Err(err(
                expr,
                "attempted assignment to non-variable",
                Some(&expr_text(target)),
            ));
        };
        let r = match subscript {
            None => self.set_var(name, v.to_string()),
            Some(w) => {
                let t = literal_text(w).unwrap_or_default();
                match self.key_for(name, &t) {
                    Ok(k) => self.assign_elem(name, k, v.to_string(), false),
                    Err(m) => Err(m),
                }
            }
        };
        match r {
            Ok(()) => Ok(()),
            // bash reports it and goes on: `(( a[-9] = 1 ))` is 1, status 0;
            // so too an assignment through a circular nameref.
            Err(m)
                if m.ends_with(": bad array subscript")
                    || m.ends_with(": circular name reference") =>
            {
                self.arith_reports.push(m);
                Ok(())
            }
            Err(m) if crate::exec::vars::is_report_error(&m) => Err(ArithError {
                report: true,
                ..err(expr, &m, None)
            }),
            Err(m) => Err(err(expr, &m, None)),
        }
    }

    /// Evaluate a parsed expression.
    fn ev(&mut self, e: &ArithExpr, depth: usize, expr: &str) -> Result<i64, ArithError> {
        Ok(match e {
            ArithExpr::Number(s) => parse_number(s)?,
            ArithExpr::Variable { name, subscript } => {
                self.var_int(name, subscript.as_deref(), depth, expr)?
            }
            ArithExpr::Expansion(p) => {
                let at = std::ptr::from_ref(&**p) as usize;
                match self.arith_subs.iter().find(|(a, _)| *a == at) {
                    Some(&(_, v)) => v,
                    None => {
                        return Err(err(expr, "syntax error: operand expected", Some(expr)));
                    }
                }
            }
            ArithExpr::Deferred(_) => {
                return Err(err(expr, "syntax error: operand expected", Some(expr)));
            }
            ArithExpr::Group(g) => self.ev(g, depth, expr)?,
            ArithExpr::Unary { op, operand } => {
                let v = self.ev(operand, depth, expr)?;
                match op {
                    ArithUnaryOp::Minus => v.wrapping_neg(),
                    ArithUnaryOp::Plus => v,
                    ArithUnaryOp::Not => i64::from(v == 0),
                    ArithUnaryOp::BitNot => !v,
                }
            }
            ArithExpr::Increment {
                target,
                increment,
                prefix,
            } => {
                let ArithExpr::Variable { name, subscript } = &**target else {
                    return Err(err(expr, "syntax error: operand expected", Some(expr)));
                };
                let old = self.var_int(name, subscript.as_deref(), depth, expr)?;
                let new = if *increment {
                    old.wrapping_add(1)
                } else {
                    old.wrapping_sub(1)
                };
                self.assign_int(target, new, expr)?;
                if *prefix { new } else { old }
            }
            ArithExpr::Binary { op, lhs, rhs } => {
                let l = self.ev(lhs, depth, expr)?;
                self.apply(l, *op, rhs, depth, expr)?
            }
            // Left to right, one operand at a time: no recursion per
            // operand however long the run.
            ArithExpr::Chain { first, rest } => {
                let mut acc = self.ev(first, depth, expr)?;
                for (op, e) in rest {
                    acc = self.apply(acc, *op, e, depth, expr)?;
                }
                acc
            }
            ArithExpr::Assign { op, target, value } => {
                let v = self.ev(value, depth, expr)?;
                let v = match op {
                    None => v,
                    Some(o) => {
                        let ArithExpr::Variable { name, subscript } = &**target else {
                            return Err(err(
                                expr,
                                "attempted assignment to non-variable",
                                Some(&expr_text(target)),
                            ));
                        };
                        let cur = self.var_int(name, subscript.as_deref(), depth, expr)?;
                        binop(*o, cur, v, expr, value)?
                    }
                };
                self.assign_int(target, v, expr)?;
                v
            }
            ArithExpr::Conditional {
                cond,
                then,
                otherwise,
            } => {
                if self.ev(cond, depth, expr)? != 0 {
                    self.ev(then, depth, expr)?
                } else {
                    self.ev(otherwise, depth, expr)?
                }
            }
            ArithExpr::Comma(a, b) => {
                self.ev(a, depth, expr)?;
                self.ev(b, depth, expr)?
            }
        })
    }
}

impl Interp {
    /// `l op rhs` with `l` already evaluated: `&&` and `||` evaluate `rhs`
    /// only when `l` does not decide the result (bash manual 6.5).
    fn apply(
        &mut self,
        l: i64,
        op: ArithBinaryOp,
        rhs: &ArithExpr,
        depth: usize,
        expr: &str,
    ) -> Result<i64, ArithError> {
        match op {
            ArithBinaryOp::And if l == 0 => Ok(0),
            ArithBinaryOp::Or if l != 0 => Ok(1),
            ArithBinaryOp::And | ArithBinaryOp::Or => {
                Ok(i64::from(self.ev(rhs, depth, expr)? != 0))
            }
            _ => {
                let r = self.ev(rhs, depth, expr)?;
                binop(op, l, r, expr, rhs)
            }
        }
    }
}

fn binop(
    op: ArithBinaryOp,
    l: i64,
    r: i64,
    expr: &str,
    rhs: &ArithExpr,
) -> Result<i64, ArithError> {
    Ok(match op {
        ArithBinaryOp::Pow => {
            if r < 0 {
                return Err(err(expr, "exponent less than 0", Some(&expr_text(rhs))));
            }
            let mut acc: i64 = 1;
            let mut base = l;
            let mut e = r as u64;
            while e > 0 {
                if e & 1 == 1 {
                    acc = acc.wrapping_mul(base);
                }
                base = base.wrapping_mul(base);
                e >>= 1;
            }
            acc
        }
        ArithBinaryOp::Mul => l.wrapping_mul(r),
        ArithBinaryOp::Div | ArithBinaryOp::Rem => {
            if r == 0 {
                return Err(err(expr, "division by 0", Some(&expr_text(rhs))));
            }
            if op == ArithBinaryOp::Div {
                l.wrapping_div(r)
            } else {
                l.wrapping_rem(r)
            }
        }
        ArithBinaryOp::Add => l.wrapping_add(r),
        ArithBinaryOp::Sub => l.wrapping_sub(r),
        ArithBinaryOp::Shl => l.wrapping_shl(r as u32),
        ArithBinaryOp::Shr => l.wrapping_shr(r as u32),
        ArithBinaryOp::Lt => i64::from(l < r),
        ArithBinaryOp::Le => i64::from(l <= r),
        ArithBinaryOp::Gt => i64::from(l > r),
        ArithBinaryOp::Ge => i64::from(l >= r),
        ArithBinaryOp::Eq => i64::from(l == r),
        ArithBinaryOp::Ne => i64::from(l != r),
        ArithBinaryOp::BitAnd => l & r,
        ArithBinaryOp::BitXor => l ^ r,
        ArithBinaryOp::BitOr => l | r,
        ArithBinaryOp::And => i64::from(l != 0 && r != 0),
        ArithBinaryOp::Or => i64::from(l != 0 || r != 0),
    })
}

/// A plain decimal without leading zeros.
fn fast_decimal(t: &str) -> Option<i64> {
    let b = t.as_bytes();
    if b.is_empty() || b.len() > 18 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if b.len() > 1 && b[0] == b'0' {
        return None;
    }
    t.parse().ok()
}

/// Split a parser message `msg (error token is "x")`.
fn strip_token(m: &str) -> (String, Option<String>) {
    if let Some(i) = m.find(" (error token is \"") {
        let tok = m[i + 18..].trim_end_matches(')').trim_end_matches('"');
        return (m[..i].to_string(), Some(tok.to_string()));
    }
    (m.to_string(), None)
}

#[cfg(test)]
mod tests {
    use super::parse_number;

    #[test]
    fn constants_match_bash() {
        // bash: echo $((0x1f)) $((017)) $((2#101)) $((36#z)) $((64#_)) $((62#Z))
        assert_eq!(parse_number("0x1f").unwrap(), 31);
        assert_eq!(parse_number("017").unwrap(), 15);
        assert_eq!(parse_number("2#101").unwrap(), 5);
        assert_eq!(parse_number("36#z").unwrap(), 35);
        assert_eq!(parse_number("64#_").unwrap(), 63);
        assert_eq!(parse_number("62#Z").unwrap(), 61);
        assert!(parse_number("08").is_err());
        assert!(parse_number("65#1").is_err());
        // bash: echo $((9223372036854775808)) -> -9223372036854775808
        assert_eq!(parse_number("9223372036854775808").unwrap(), i64::MIN);
    }
}
