//! `test` and `[` (bash manual 4.1; POSIX rules by argument count).

use super::builtin;
use crate::exec::{Interp, R};

const UNARY: &[&str] = &[
    "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
    "-G", "-L", "-N", "-O", "-S", "-n", "-z", "-o", "-v", "-R",
];
const BINARY: &[&str] = &[
    "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef",
];

/// A syntax error: message; status 2.
struct Bad(String);

fn parse_int(s: &str) -> Result<i64, Bad> {
    s.trim()
        .parse::<i64>()
        .map_err(|_| Bad(format!("{s}: integer expression expected")))
}

struct T<'a> {
    args: &'a [String],
    pos: usize,
    /// Parentheses open around `pos`, at most `max_ast_depth`.
    depth: usize,
}

impl Interp {
    async fn t_binary(&mut self, l: &str, op: &str, r: &str) -> Result<bool, Bad> {
        Ok(match op {
            "=" | "==" => l == r,
            "!=" => l != r,
            "<" => l < r,
            ">" => l > r,
            "-eq" => parse_int(l)? == parse_int(r)?,
            "-ne" => parse_int(l)? != parse_int(r)?,
            "-lt" => parse_int(l)? < parse_int(r)?,
            "-le" => parse_int(l)? <= parse_int(r)?,
            "-gt" => parse_int(l)? > parse_int(r)?,
            "-ge" => parse_int(l)? >= parse_int(r)?,
            "-nt" => {
                self.file_compare(toolsh_parser::CondBinaryOp::NewerThan, l, r)
                    .await
            }
            "-ot" => {
                self.file_compare(toolsh_parser::CondBinaryOp::OlderThan, l, r)
                    .await
            }
            "-ef" => {
                self.file_compare(toolsh_parser::CondBinaryOp::SameFile, l, r)
                    .await
            }
            _ => return Err(Bad(format!("{op}: binary operator expected"))),
        })
    }

    async fn t_unary(&mut self, op: &str, v: &str) -> R<bool> {
        self.unary_test(op, v).await
    }

    /// `expr -o expr`; polled on a grown stack when the current one runs
    /// low, since each parenthesis level recurses through here.
    fn t_expr<'a>(&'a mut self, t: &'a mut T<'_>) -> crate::exec::BoxFut<'a, R<Result<bool, Bad>>> {
        Box::pin(crate::exec::GrowStack::new(async move {
            let mut v = match self.t_and(t).await? {
                Ok(v) => v,
                Err(e) => return Ok(Err(e)),
            };
            while t.args.get(t.pos).is_some_and(|a| a == "-o") {
                t.pos += 1;
                let r = match self.t_and(t).await? {
                    Ok(v) => v,
                    Err(e) => return Ok(Err(e)),
                };
                v = v || r;
            }
            Ok(Ok(v))
        }))
    }

    async fn t_and(&mut self, t: &mut T<'_>) -> R<Result<bool, Bad>> {
        let mut v = match self.t_not(t).await? {
            Ok(v) => v,
            Err(e) => return Ok(Err(e)),
        };
        while t.args.get(t.pos).is_some_and(|a| a == "-a") {
            t.pos += 1;
            let r = match self.t_not(t).await? {
                Ok(v) => v,
                Err(e) => return Ok(Err(e)),
            };
            v = v && r;
        }
        Ok(Ok(v))
    }

    /// `! expr`: a run of `!` is counted, not recursed on (3,000 of them
    /// overflowed the stack).
    async fn t_not(&mut self, t: &mut T<'_>) -> R<Result<bool, Bad>> {
        let mut negate = false;
        while t.args.get(t.pos).is_some_and(|a| a == "!") {
            t.pos += 1;
            negate = !negate;
        }
        Ok(self.t_primary(t).await?.map(|b| b != negate))
    }

    async fn t_primary(&mut self, t: &mut T<'_>) -> R<Result<bool, Bad>> {
        let Some(a) = t.args.get(t.pos).cloned() else {
            return Ok(Err(Bad("argument expected".into())));
        };
        if a == "(" {
            let max = self.sh.limits.max_ast_depth;
            if t.depth >= max {
                return Err(crate::exec::Ctl::Interrupt(
                    crate::limits::Interrupt::limit(crate::limits::LimitKind::AstDepth, max),
                ));
            }
            t.pos += 1;
            t.depth += 1;
            let v = self.t_expr(t).await?;
            t.depth -= 1;
            if t.args.get(t.pos).is_some_and(|x| x == ")") {
                t.pos += 1;
            } else {
                return Ok(Err(Bad("`)' expected".into())));
            }
            return Ok(v);
        }
        if let Some(op) = t.args.get(t.pos + 1).cloned()
            && BINARY.contains(&op.as_str())
            && t.pos + 2 < t.args.len()
        {
            let r = t.args[t.pos + 2].clone();
            t.pos += 3;
            return Ok(self.t_binary(&a, &op, &r).await);
        }
        if UNARY.contains(&a.as_str()) && t.pos + 1 < t.args.len() {
            let v = t.args[t.pos + 1].clone();
            t.pos += 2;
            return Ok(Ok(self.t_unary(&a, &v).await?));
        }
        t.pos += 1;
        Ok(Ok(!a.is_empty()))
    }

    /// Evaluate test arguments (without the command name or `]`).
    async fn test_args(&mut self, args: &[String]) -> R<Result<bool, Bad>> {
        let n = args.len();
        let s = |i: usize| args[i].as_str();
        match n {
            0 => return Ok(Ok(false)),
            1 => return Ok(Ok(!args[0].is_empty())),
            2 => {
                if s(0) == "!" {
                    return Ok(Ok(args[1].is_empty()));
                }
                if UNARY.contains(&s(0)) {
                    return Ok(Ok(self.t_unary(s(0), s(1)).await?));
                }
                return Ok(Err(Bad(format!("{}: unary operator expected", s(0)))));
            }
            3 => {
                if BINARY.contains(&s(1)) {
                    return Ok(self.t_binary(s(0), s(1), s(2)).await);
                }
                if s(1) == "-a" || s(1) == "-o" {
                    let (l, r) = (!args[0].is_empty(), !args[2].is_empty());
                    return Ok(Ok(if s(1) == "-a" { l && r } else { l || r }));
                }
                if s(0) == "!" {
                    return Ok(Box::pin(self.test_args(&args[1..])).await?.map(|b| !b));
                }
                if s(0) == "(" && s(2) == ")" {
                    return Ok(Ok(!args[1].is_empty()));
                }
                return Ok(Err(Bad(format!("{}: binary operator expected", s(1)))));
            }
            4 => {
                if s(0) == "!" {
                    return Ok(Box::pin(self.test_args(&args[1..])).await?.map(|b| !b));
                }
                if s(0) == "(" && s(3) == ")" {
                    return Box::pin(self.test_args(&args[1..3])).await;
                }
            }
            _ => {}
        }
        let mut t = T {
            args,
            pos: 0,
            depth: 0,
        };
        let v = self.t_expr(&mut t).await?;
        if v.is_ok() && t.pos < n {
            return Ok(Err(Bad("too many arguments".into())));
        }
        Ok(v)
    }
}

builtin!(
    /// `test expr` / `[ expr ]`.
    test,
    |it, c| {
        let name = c.args[0].clone();
        let mut args = &c.args[1..];
        if name == "[" {
            if args.last().map(String::as_str) != Some("]") {
                it.error("[: missing `]'").await?;
                return Ok(2);
            }
            args = &args[..args.len() - 1];
        }
        let args = args.to_vec();
        match it.test_args(&args).await? {
            Ok(b) => Ok(i32::from(!b)),
            Err(Bad(m)) => {
                it.error(&format!("{name}: {m}")).await?;
                Ok(2)
            }
        }
    }
);
