//! Parsing `find`'s expression (GNU findutils 4.9 "Expressions"):
//! operators `!`/`-not`, `-a`/`-and` (also implicit), `-o`/`-or`,
//! parentheses, tests, actions and the global options.

use toolsh_command::pattern::{Pattern, PatternOptions};

use super::super::common::mode::apply_mode;

/// How a numeric argument compares (`+N`, `-N`, `N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cmp {
    Greater(u64),
    Less(u64),
    Equal(u64),
}

impl Cmp {
    fn parse(s: &str) -> Option<Cmp> {
        let (ctor, digits): (fn(u64) -> Cmp, &str) = if let Some(r) = s.strip_prefix('+') {
            (Cmp::Greater, r)
        } else if let Some(r) = s.strip_prefix('-') {
            (Cmp::Less, r)
        } else {
            (Cmp::Equal, s)
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(ctor(digits.parse().ok()?))
    }

    pub(crate) fn test(self, v: u64) -> bool {
        match self {
            Cmp::Greater(n) => v > n,
            Cmp::Less(n) => v < n,
            Cmp::Equal(n) => v == n,
        }
    }
}

/// How `-perm` compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Perm {
    Exact(u32),
    All(u32),
    Any(u32),
}

/// One test or action.
#[derive(Debug)]
pub(crate) enum Primary {
    Name(Pattern),
    Path(Pattern),
    Type(Vec<char>),
    /// Units of `unit` bytes, rounded up.
    Size(Cmp, u64),
    Empty,
    /// Whole days (`-mtime`) or minutes (`-mmin`) of age.
    Age(Cmp, u64),
    Newer(String),
    Perm(Perm),
    Owner(String),
    Links(Cmp),
    Executable,
    Const(bool),
    Print,
    Print0,
    Printf(String),
    Exec {
        argv: Vec<String>,
        batch: bool,
        dir: bool,
    },
    Ok(Vec<String>),
    Delete,
    Prune,
    Quit,
}

/// An expression tree. `-a` and `-o` chains are flat lists (never a
/// left-deep tree a long generated chain would make as deep as it is
/// long), runs of `!` collapse to at most one `Not`, and parentheses nest
/// at most `max_depth` deep ([`parse`]): the tree's depth, which its
/// evaluation and its drop recurse on, is bounded.
#[derive(Debug)]
pub(crate) enum Expr {
    /// Every operand true, evaluated left to right until one is false.
    And(Vec<Expr>),
    /// Some operand true, evaluated left to right until one is true.
    Or(Vec<Expr>),
    Not(Box<Expr>),
    Primary(Primary),
}

impl Expr {
    /// `true` when the expression has an action that prints or runs
    /// something (so no implicit `-print`).
    pub(crate) fn has_action(&self) -> bool {
        match self {
            Expr::And(es) | Expr::Or(es) => es.iter().any(Expr::has_action),
            Expr::Not(e) => e.has_action(),
            Expr::Primary(p) => matches!(
                p,
                Primary::Print
                    | Primary::Print0
                    | Primary::Printf(_)
                    | Primary::Exec { .. }
                    | Primary::Ok(_)
                    | Primary::Delete
                    | Primary::Quit
            ),
        }
    }

    pub(crate) fn has_delete(&self) -> bool {
        match self {
            Expr::And(es) | Expr::Or(es) => es.iter().any(Expr::has_delete),
            Expr::Not(e) => e.has_delete(),
            Expr::Primary(p) => matches!(p, Primary::Delete),
        }
    }
}

/// Global options found in the expression.
#[derive(Debug, Default)]
pub(crate) struct Globals {
    pub max_depth: Option<usize>,
    pub min_depth: usize,
    pub depth_first: bool,
    pub follow: bool,
    /// What GNU find warns of while it parses (a `-printf` format's
    /// unknown escapes), printed before any file is visited.
    pub warnings: Vec<String>,
}

struct Parser<'a> {
    args: &'a [String],
    pos: usize,
    globals: Globals,
    /// Parentheses open around the current position.
    depth: usize,
    max_depth: usize,
}

/// Why the expression words were refused.
#[derive(Debug)]
pub(crate) enum ParseError {
    /// GNU find's message.
    Syntax(String),
    /// Parentheses nested deeper than the bound given to [`parse`].
    TooDeep,
}

impl From<String> for ParseError {
    fn from(m: String) -> Self {
        ParseError::Syntax(m)
    }
}

/// Parse the expression words, with parentheses nested at most
/// `max_depth` deep (the execution's `max_ast_depth`; GNU find has no
/// bound and recurses on the C stack).
pub(crate) fn parse(
    args: &[String],
    max_depth: usize,
) -> Result<(Option<Expr>, Globals), ParseError> {
    let mut p = Parser {
        args,
        pos: 0,
        globals: Globals::default(),
        depth: 0,
        max_depth,
    };
    if args.is_empty() {
        return Ok((None, p.globals));
    }
    let e = p.or()?;
    if let Some(extra) = args.get(p.pos) {
        return Err(ParseError::Syntax(if extra == ")" {
            "invalid expression; you have too many ')'".to_string()
        } else {
            format!("paths must precede expression: `{extra}'")
        }));
    }
    Ok((e, p.globals))
}

fn and(a: Option<Expr>, b: Option<Expr>) -> Option<Expr> {
    match (a, b) {
        (Some(Expr::And(mut es)), Some(b)) => {
            es.push(b);
            Some(Expr::And(es))
        }
        (Some(a), Some(b)) => Some(Expr::And(vec![a, b])),
        (a, None) => a,
        (None, b) => b,
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).map(String::as_str)
    }

    fn next_arg(&mut self, pred: &str) -> Result<String, String> {
        let Some(v) = self.args.get(self.pos) else {
            return Err(format!("missing argument to `{pred}'"));
        };
        self.pos += 1;
        Ok(v.clone())
    }

    fn or(&mut self) -> Result<Option<Expr>, ParseError> {
        let mut left = self.and()?;
        while matches!(self.peek(), Some("-o" | "-or")) {
            self.pos += 1;
            let right = self.and()?;
            let (Some(l), Some(r)) = (left.take(), right) else {
                return Err(ParseError::Syntax("invalid expression; you have used a binary operator '-o' with nothing before it.".to_string()));
            };
            left = Some(match l {
                Expr::Or(mut es) => {
                    es.push(r);
                    Expr::Or(es)
                }
                l => Expr::Or(vec![l, r]),
            });
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Option<Expr>, ParseError> {
        let mut left = self.unary()?;
        loop {
            match self.peek() {
                None | Some(")" | "-o" | "-or") => return Ok(left),
                Some("-a" | "-and") => {
                    self.pos += 1;
                    let right = self.unary()?;
                    if right.is_none() {
                        return Err(ParseError::Syntax("invalid expression; you have used a binary operator '-a' with nothing after it.".to_string()));
                    }
                    left = and(left, right);
                }
                Some(_) => {
                    let right = self.unary()?;
                    left = and(left, right);
                }
            }
        }
    }

    fn unary(&mut self) -> Result<Option<Expr>, ParseError> {
        // A run of `!` is counted, not recursed on: an even run is no
        // negation at all.
        let mut nots = 0usize;
        while matches!(self.peek(), Some("!" | "-not")) {
            self.pos += 1;
            nots += 1;
        }
        let e = match self.peek() {
            Some("(") => {
                if self.depth >= self.max_depth {
                    return Err(ParseError::TooDeep);
                }
                self.pos += 1;
                self.depth += 1;
                let e = self.or()?;
                self.depth -= 1;
                if self.peek() != Some(")") {
                    return Err(ParseError::Syntax("invalid expression; I was expecting to find a ')' somewhere but did not see one.".to_string()));
                }
                self.pos += 1;
                match e {
                    Some(e) => Some(e),
                    None => {
                        return Err(ParseError::Syntax(
                            "invalid expression; empty parentheses are not allowed.".to_string(),
                        ));
                    }
                }
            }
            Some(_) => self.primary()?,
            None => None,
        };
        match (e, nots) {
            (None, 0) => Ok(None),
            (None, _) => Err(ParseError::Syntax(
                "invalid expression; '!' with nothing after it".to_string(),
            )),
            (Some(e), n) if n % 2 == 1 => Ok(Some(Expr::Not(Box::new(e)))),
            (Some(e), _) => Ok(Some(e)),
        }
    }

    #[allow(clippy::too_many_lines)]
    fn primary(&mut self) -> Result<Option<Expr>, String> {
        let word = self.args[self.pos].clone();
        self.pos += 1;
        let pattern = |text: &str, nocase: bool| {
            Pattern::new(
                text,
                PatternOptions {
                    extglob: false,
                    nocase,
                },
            )
            .map_err(|e| format!("{word}: {e}"))
        };
        let prim = match word.as_str() {
            "-name" | "-iname" => {
                let v = self.next_arg(&word)?;
                Primary::Name(pattern(&v, word == "-iname")?)
            }
            "-path" | "-ipath" | "-wholename" | "-iwholename" => {
                let v = self.next_arg(&word)?;
                Primary::Path(pattern(&v, word.starts_with("-i"))?)
            }
            "-type" | "-xtype" => {
                let v = self.next_arg(&word)?;
                let kinds: Vec<char> = v.split(',').filter_map(|s| s.chars().next()).collect();
                if kinds.is_empty()
                    || v.split(',')
                        .any(|s| s.len() != 1 || !"bcdpflsD".contains(s))
                {
                    return Err(format!("Unknown argument to {word}: {v}"));
                }
                Primary::Type(kinds)
            }
            "-size" => {
                let v = self.next_arg(&word)?;
                let (num, unit) = match v.chars().last() {
                    Some(c) if c.is_ascii_alphabetic() => (&v[..v.len() - 1], c),
                    _ => (v.as_str(), 'b'),
                };
                let unit = match unit {
                    'b' => 512,
                    'c' => 1,
                    'w' => 2,
                    'k' => 1024,
                    'M' => 1 << 20,
                    'G' => 1 << 30,
                    _ => return Err(format!("invalid -size type `{unit}'")),
                };
                let cmp =
                    Cmp::parse(num).ok_or_else(|| format!("invalid argument `{v}' to `-size'"))?;
                Primary::Size(cmp, unit)
            }
            "-empty" => Primary::Empty,
            "-mtime" | "-mmin" | "-atime" | "-amin" | "-ctime" | "-cmin" => {
                let v = self.next_arg(&word)?;
                let cmp =
                    Cmp::parse(&v).ok_or_else(|| format!("invalid argument `{v}' to `{word}'"))?;
                Primary::Age(cmp, if word.ends_with("min") { 60 } else { 86_400 })
            }
            "-newer" | "-anewer" | "-cnewer" => Primary::Newer(self.next_arg(&word)?),
            "-perm" => {
                let v = self.next_arg(&word)?;
                let (kind, rest): (fn(u32) -> Perm, &str) = if let Some(r) = v.strip_prefix('-') {
                    (Perm::All, r)
                } else if let Some(r) = v.strip_prefix('/') {
                    (Perm::Any, r)
                } else {
                    (Perm::Exact, v.as_str())
                };
                let mode =
                    apply_mode(rest, 0, false).ok_or_else(|| format!("invalid mode `{v}'"))?;
                Primary::Perm(kind(mode))
            }
            "-user" | "-group" | "-uid" | "-gid" => Primary::Owner(self.next_arg(&word)?),
            "-nouser" | "-nogroup" => Primary::Const(false),
            "-links" => {
                let v = self.next_arg(&word)?;
                Primary::Links(
                    Cmp::parse(&v).ok_or_else(|| format!("invalid argument `{v}' to `-links'"))?,
                )
            }
            "-readable" | "-writable" => Primary::Const(true),
            "-executable" => Primary::Executable,
            "-true" => Primary::Const(true),
            "-false" => Primary::Const(false),
            "-print" => Primary::Print,
            "-print0" => Primary::Print0,
            "-printf" => {
                let fmt = self.next_arg(&word)?;
                let warnings = super::printf::check_format(&fmt)?;
                self.globals.warnings.extend(warnings);
                Primary::Printf(fmt)
            }
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let mut argv = Vec::new();
                let mut batch = false;
                loop {
                    let Some(a) = self.args.get(self.pos) else {
                        return Err(format!("missing argument to `{word}'"));
                    };
                    self.pos += 1;
                    if a == ";" {
                        break;
                    }
                    if a == "+" && argv.last().is_some_and(|l: &String| l == "{}") {
                        batch = true;
                        argv.pop();
                        break;
                    }
                    argv.push(a.clone());
                }
                if argv.is_empty() {
                    return Err(format!("missing argument to `{word}'"));
                }
                if word.starts_with("-ok") {
                    Primary::Ok(argv)
                } else {
                    Primary::Exec {
                        argv,
                        batch,
                        dir: word == "-execdir",
                    }
                }
            }
            "-delete" => Primary::Delete,
            "-prune" => Primary::Prune,
            "-quit" => Primary::Quit,
            "-maxdepth" | "-mindepth" => {
                let v = self.next_arg(&word)?;
                let n: usize = v.parse().map_err(|_| {
                    format!("Expected a positive decimal integer argument to {word}, but got `{v}'")
                })?;
                if word == "-maxdepth" {
                    self.globals.max_depth = Some(n);
                } else {
                    self.globals.min_depth = n;
                }
                return Ok(None);
            }
            "-depth" | "-d" => {
                self.globals.depth_first = true;
                return Ok(None);
            }
            "-follow" => {
                self.globals.follow = true;
                return Ok(None);
            }
            "-noleaf" | "-xdev" | "-mount" | "-ignore_readdir_race" | "-nowarn" | "-warn" => {
                return Ok(None);
            }
            w if w.starts_with('-') && w.len() > 1 => {
                return Err(format!("unknown predicate `{w}'"));
            }
            w => return Err(format!("paths must precede expression: `{w}'")),
        };
        Ok(Some(Expr::Primary(prim)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(words: &[&str]) -> Result<(Option<Expr>, Globals), String> {
        let v: Vec<String> = words.iter().map(|s| (*s).to_string()).collect();
        parse(&v, 200).map_err(|e| match e {
            ParseError::Syntax(m) => m,
            ParseError::TooDeep => "too deep".to_string(),
        })
    }

    #[test]
    fn precedence_and_errors() {
        let (e, _) = p(&["-name", "a", "-o", "-name", "b", "-print"]).unwrap();
        assert!(matches!(e, Some(Expr::Or(_))));
        let (e, g) = p(&["-maxdepth", "1", "!", "(", "-type", "d", ")"]).unwrap();
        assert!(matches!(e, Some(Expr::Not(_))));
        assert_eq!(g.max_depth, Some(1));
        assert_eq!(p(&["-bogus"]).unwrap_err(), "unknown predicate `-bogus'");
        assert_eq!(p(&["-name"]).unwrap_err(), "missing argument to `-name'");
        assert!(p(&["(", "-true"]).is_err());
        assert!(p(&["-exec", "echo", "{}"]).is_err());
        let (e, _) = p(&["-exec", "echo", "{}", "+"]).unwrap();
        assert!(matches!(
            e,
            Some(Expr::Primary(Primary::Exec { batch: true, .. }))
        ));
    }
}
