//! `expr`: evaluate an expression given as separate arguments (GNU
//! coreutils manual, "expr invocation"): `| & < <= = == != >= > + - * / %
//! :`, `match substr index length`, `+ TOKEN`, parentheses. Integers are
//! 128-bit (GNU uses arbitrary precision; overflow is reported). Exit
//! status 0 for a non-null, non-zero result, 1 for null or 0, 2 for an
//! invalid expression, 3 for other errors.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use std::cmp::Ordering;

use toolsh_command::limits::{Interrupt, LimitKind};
use toolsh_command::posix_regex::{PosixRegex, RegexFlags, Syntax};
use toolsh_command::textio::{Flow, error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `expr EXPRESSION`.
    Expr,
    "expr",
    body
);

const HELP: &str = "Usage: expr EXPRESSION
Print the value of EXPRESSION to standard output.

  ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2
  ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0
  ARG1 < ARG2       ARG1 is less than ARG2 (also <= = == != >= >)
  ARG1 + ARG2       arithmetic sum of ARG1 and ARG2 (also - * / %)
  STRING : REGEXP   anchored pattern match of REGEXP in STRING
  match STRING REGEXP        same as STRING : REGEXP
  substr STRING POS LENGTH   substring of STRING, POS counted from 1
  index STRING CHARS         index in STRING where any CHARS is found, or 0
  length STRING              length of STRING
  + TOKEN                    interpret TOKEN as a string
  ( EXPRESSION )             value of EXPRESSION
";

#[derive(Debug, Clone)]
enum Val {
    Int(i128),
    Str(String),
}

impl Val {
    fn text(&self) -> String {
        match self {
            Val::Int(i) => i.to_string(),
            Val::Str(s) => s.clone(),
        }
    }
    fn as_int(&self) -> Option<i128> {
        match self {
            Val::Int(i) => Some(*i),
            Val::Str(s) => parse_int(s),
        }
    }
    fn is_null(&self) -> bool {
        match self {
            Val::Int(i) => *i == 0,
            Val::Str(s) => s.is_empty() || parse_int(s) == Some(0),
        }
    }
}

fn parse_int(s: &str) -> Option<i128> {
    let b = s.as_bytes();
    let digits = b.strip_prefix(b"-").unwrap_or(b);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    s.parse().ok()
}

/// A `substr` position or length: a decimal integer of any size,
/// saturated at `usize::MAX`; 0 for a negative one (every negative is
/// out of range). `None` when not an integer.
fn position(s: &str) -> Option<usize> {
    match s.strip_prefix('-') {
        Some(d) => toolsh_command::numarg::scan_decimal(d).map(|_| 0),
        None => toolsh_command::numarg::scan_decimal(s)
            .map(|(v, _)| toolsh_command::numarg::to_usize(v)),
    }
}

enum Error {
    Syntax(String),
    Other(String),
    /// Parentheses nested past `max_ast_depth` (GNU expr has no bound and
    /// recurses on the C stack).
    TooDeep,
}

struct Parser<'a> {
    args: &'a [String],
    pos: usize,
    /// Parentheses open around `pos`, at most `max_depth`.
    depth: usize,
    max_depth: usize,
    /// A UTF-8 locale: `length`, `index`, `substr` and the length `:`
    /// returns count characters, and regexes match them (GNU expr in a
    /// multibyte locale); else bytes.
    utf8: bool,
}

type R = Result<Val, Error>;

impl Parser<'_> {
    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).map(String::as_str)
    }
    fn next_arg(&mut self, after: &str) -> Result<String, Error> {
        let Some(a) = self.args.get(self.pos) else {
            return Err(Error::Syntax(format!("missing argument after '{after}'")));
        };
        self.pos += 1;
        Ok(a.clone())
    }
    fn or(&mut self) -> R {
        let mut l = self.and()?;
        while self.peek() == Some("|") {
            self.pos += 1;
            let r = self.and()?;
            l = if l.is_null() {
                if r.is_null() { Val::Int(0) } else { r }
            } else {
                l
            };
        }
        Ok(l)
    }
    fn and(&mut self) -> R {
        let mut l = self.cmp()?;
        while self.peek() == Some("&") {
            self.pos += 1;
            let r = self.cmp()?;
            l = if l.is_null() || r.is_null() {
                Val::Int(0)
            } else {
                l
            };
        }
        Ok(l)
    }
    fn cmp(&mut self) -> R {
        let mut l = self.add()?;
        while let Some(op) = self
            .peek()
            .filter(|o| ["<", "<=", "=", "==", "!=", ">=", ">"].contains(o))
        {
            let op = op.to_string();
            self.pos += 1;
            let r = self.add()?;
            let ord = match (l.as_int(), r.as_int()) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => l.text().as_bytes().cmp(r.text().as_bytes()),
            };
            let t = match op.as_str() {
                "<" => ord == Ordering::Less,
                "<=" => ord != Ordering::Greater,
                "=" | "==" => ord == Ordering::Equal,
                "!=" => ord != Ordering::Equal,
                ">=" => ord != Ordering::Less,
                _ => ord == Ordering::Greater,
            };
            l = Val::Int(i128::from(t));
        }
        Ok(l)
    }
    fn arith(l: &Val, r: &Val, op: &str) -> R {
        let (Some(a), Some(b)) = (l.as_int(), r.as_int()) else {
            return Err(Error::Syntax("non-integer argument".into()));
        };
        let v = match op {
            "+" => a.checked_add(b),
            "-" => a.checked_sub(b),
            "*" => a.checked_mul(b),
            "/" | "%" if b == 0 => return Err(Error::Syntax("division by zero".into())),
            "/" => a.checked_div(b),
            _ => a.checked_rem(b),
        };
        v.map(Val::Int)
            .ok_or_else(|| Error::Other("integer result too large".into()))
    }
    fn add(&mut self) -> R {
        let mut l = self.mul()?;
        while let Some(op) = self.peek().filter(|o| *o == "+" || *o == "-") {
            let op = op.to_string();
            self.pos += 1;
            let r = self.mul()?;
            l = Self::arith(&l, &r, &op)?;
        }
        Ok(l)
    }
    fn mul(&mut self) -> R {
        let mut l = self.matching()?;
        while let Some(op) = self.peek().filter(|o| ["*", "/", "%"].contains(o)) {
            let op = op.to_string();
            self.pos += 1;
            let r = self.matching()?;
            l = Self::arith(&l, &r, &op)?;
        }
        Ok(l)
    }
    fn matching(&mut self) -> R {
        let mut l = self.primary()?;
        while self.peek() == Some(":") {
            self.pos += 1;
            let r = self.primary()?;
            l = regex_match(&l.text(), &r.text(), self.utf8)?;
        }
        Ok(l)
    }
    fn primary(&mut self) -> R {
        let Some(tok) = self.peek().map(str::to_string) else {
            let after = self.pos.checked_sub(1).and_then(|p| self.args.get(p));
            return Err(Error::Syntax(match after {
                Some(a) => format!("missing argument after '{a}'"),
                None => "missing argument".into(),
            }));
        };
        self.pos += 1;
        match tok.as_str() {
            "(" => {
                if self.depth >= self.max_depth {
                    return Err(Error::TooDeep);
                }
                self.depth += 1;
                // Each level recurses through every precedence level.
                let v = stacker::maybe_grow(64 * 1024, 1 << 20, || self.or())?;
                self.depth -= 1;
                match self.peek() {
                    Some(")") => {
                        self.pos += 1;
                        Ok(v)
                    }
                    Some(other) => {
                        Err(Error::Syntax(format!("expecting ')' instead of '{other}'")))
                    }
                    None => Err(Error::Syntax(format!(
                        "expecting ')' after '{}'",
                        self.args[self.pos - 1]
                    ))),
                }
            }
            "+" => Ok(Val::Str(self.next_arg("+")?)),
            "length" => {
                let s = self.next_arg("length")?;
                Ok(Val::Int(char_len(&s, self.utf8) as i128))
            }
            "match" => {
                let s = self.next_arg("match")?;
                let r = self.next_arg("match")?;
                regex_match(&s, &r, self.utf8)
            }
            "index" => {
                let s = self.next_arg("index")?;
                let chars = self.next_arg("index")?;
                let i = if self.utf8 {
                    s.chars().position(|c| chars.contains(c))
                } else {
                    s.bytes().position(|b| chars.as_bytes().contains(&b))
                };
                Ok(Val::Int(i.map_or(0, |i| i as i128 + 1)))
            }
            "substr" => {
                let s = self.next_arg("substr")?;
                let p = self.next_arg("substr")?;
                let n = self.next_arg("substr")?;
                // GNU takes any size of number (bignums): a position
                // past the string is an empty result, a length past it
                // the rest of the string.
                let (Some(p), Some(n)) = (position(&p), position(&n)) else {
                    return Ok(Val::Str(String::new()));
                };
                if p < 1 || n < 1 || p > char_len(&s, self.utf8) {
                    return Ok(Val::Str(String::new()));
                }
                let start = p - 1;
                if self.utf8 {
                    return Ok(Val::Str(s.chars().skip(start).take(n).collect()));
                }
                let end = start.saturating_add(n).min(s.len());
                Ok(Val::Str(
                    String::from_utf8_lossy(&s.as_bytes()[start..end]).into_owned(),
                ))
            }
            ")" => Err(Error::Syntax("unexpected ')'".into())),
            _ => Ok(match parse_int(&tok) {
                Some(i) if !tok.starts_with('+') => Val::Int(i),
                _ => Val::Str(tok),
            }),
        }
    }
}

/// The length of `s`: characters under UTF-8, else bytes.
fn char_len(s: &str, utf8: bool) -> usize {
    if utf8 { s.chars().count() } else { s.len() }
}

fn regex_match(s: &str, re: &str, utf8: bool) -> R {
    let pat = format!("^{}", re.strip_prefix('^').unwrap_or(re));
    let flags = RegexFlags {
        utf8,
        wide_ranges: true,
        ..RegexFlags::default()
    };
    let rx = PosixRegex::new(pat.as_bytes(), Syntax::Basic, flags)
        .map_err(|e| Error::Syntax(e.to_string()))?;
    let caps = rx.captures_at(s.as_bytes(), 0);
    if rx.groups() > 0 {
        let g = caps.and_then(|c| c.get(1));
        Ok(Val::Str(g.map_or(String::new(), |(a, b)| {
            String::from_utf8_lossy(&s.as_bytes()[a..b]).into_owned()
        })))
    } else {
        let n = caps.map_or(0, |c| {
            let (a, b) = c.whole();
            let matched = &s.as_bytes()[a..b];
            if utf8 {
                String::from_utf8_lossy(matched).chars().count()
            } else {
                matched.len()
            }
        });
        Ok(Val::Int(n as i128))
    }
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let mut args: Vec<String> = ctx.args[1..].to_vec();
    if args.len() == 1 && args[0] == "--help" {
        let out = ctx.stdout;
        out.write_str(HELP).await?;
        return Ok(0);
    }
    if args.first().is_some_and(|a| a == "--") {
        args.remove(0);
    }
    if args.is_empty() {
        error(
            ctx,
            "missing operand\nTry 'expr --help' for more information.",
        )
        .await?;
        return Ok(2);
    }
    let max_depth = ctx.shell.limits().max_ast_depth;
    let mut p = Parser {
        args: &args,
        pos: 0,
        depth: 0,
        max_depth,
        utf8: ctx.shell.locale().is_utf8(),
    };
    let result = p.or().and_then(|v| {
        if p.pos < args.len() {
            Err(Error::Syntax(format!(
                "syntax error: unexpected argument '{}'",
                args[p.pos]
            )))
        } else {
            Ok(v)
        }
    });
    match result {
        Ok(v) => {
            let out = ctx.stdout;
            out.write_str(&format!("{}\n", v.text())).await?;
            Ok(i32::from(v.is_null()))
        }
        Err(Error::Syntax(m)) => {
            let m = if m.starts_with("syntax error")
                || m == "non-integer argument"
                || m == "division by zero"
            {
                m
            } else if m.starts_with("missing")
                || m.starts_with("expecting")
                || m.starts_with("unexpected")
            {
                format!("syntax error: {m}")
            } else {
                m
            };
            error(ctx, &m).await?;
            Ok(2)
        }
        Err(Error::Other(m)) => {
            error(ctx, &m).await?;
            Ok(3)
        }
        Err(Error::TooDeep) => Err(Interrupt::limit(LimitKind::AstDepth, max_depth).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str]) -> (String, i32) {
        let mut sh = TestShell::default();
        let mut v = vec!["expr"];
        v.extend_from_slice(args);
        let r = sh.run(&Expr, &v, "").await;
        (r.stdout, r.status.unwrap())
    }

    #[tokio::test]
    async fn operators() {
        assert_eq!(run(&["1", "+", "2", "*", "3"]).await, ("7\n".into(), 0));
        assert_eq!(run(&["abc", ":", "a\\(.\\)"]).await, ("b\n".into(), 0));
        assert_eq!(run(&["abc", ":", "a.*"]).await, ("3\n".into(), 0));
        assert_eq!(run(&["0", "|", ""]).await, ("0\n".into(), 1));
        assert_eq!(run(&["length", "hello"]).await, ("5\n".into(), 0));
        assert_eq!(
            run(&["substr", "hello", "2", "3"]).await,
            ("ell\n".into(), 0)
        );
        assert_eq!(run(&["b", "<", "a"]).await, ("0\n".into(), 1));
        assert_eq!(run(&["1", "/", "0"]).await.1, 2);
        assert_eq!(run(&["1", "+"]).await.1, 2);
    }
}
