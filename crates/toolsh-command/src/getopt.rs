//! GNU-style command-line parsing, the one parser of the utilities (text
//! tools, file commands, grep): short option clusters, long options with
//! unique-prefix abbreviation, argument permutation, `--`, and getopt's
//! exact diagnostics (GNU libc `getopt_long` behaviour, as documented in
//! the GNU C Library manual, "Getopt"). sed, awk and jq keep parsers of
//! their own: their command lines are not getopt's (sed's script operand
//! and `-i[SUFFIX]`/`-s` rules, awk's `-v`/`-f` program assembly and
//! operands that are assignments, jq's positional `--arg NAME VALUE`
//! pairs and `--args`/`--jsonargs` modes).

#![allow(clippy::many_single_char_names)] // short names mirror the C algorithms

/// Whether an option takes an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HasArg {
    /// A flag (`-n`, `--numeric-sort`).
    No,
    /// Requires an argument (`-k 2`, `-k2`, `--key=2`, `--key 2`).
    Yes,
    /// Long form only: an optional `=VALUE` (`--color[=WHEN]`).
    Optional,
}

/// One long option: its name, argument kind and the key reported for it
/// (the equivalent short option, or a private character for long-only
/// options).
#[derive(Debug, Clone, Copy)]
pub struct Long {
    /// Name without the leading `--`.
    pub name: &'static str,
    /// Argument kind.
    pub arg: HasArg,
    /// Key reported in [`Args::opts`].
    pub key: char,
}

/// Shorthand constructor for a [`Long`].
pub const fn long(name: &'static str, arg: HasArg, key: char) -> Long {
    Long { name, arg, key }
}

/// The options a command accepts. `short` uses getopt's syntax: each
/// option character, followed by `:` when it takes an argument and `::`
/// when the argument is optional (attached only: `-Iseconds`).
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// getopt short-option string (`"nrk:t:"`).
    pub short: &'static str,
    /// Long options (`--help` and `--version` are always added).
    pub long: &'static [Long],
    /// Stop at the first operand (POSIX order), as `env`, `xargs` and
    /// `timeout` do, instead of permuting.
    pub stop_at_operand: bool,
}

/// Key of the implicit `--help`.
pub const HELP: char = '\u{f001}';
/// Key of the implicit `--version`.
pub const VERSION: char = '\u{f002}';

/// A parsed command line.
#[derive(Debug, Default, Clone)]
pub struct Args {
    /// Options in command-line order, with their arguments.
    pub opts: Vec<(char, Option<String>)>,
    /// For each entry of [`Args::opts`], the index in the parsed slice of
    /// the argument it came from (grep's `-NUM` joins the digits of one
    /// argument only).
    pub positions: Vec<usize>,
    /// The operands, in order.
    pub operands: Vec<String>,
}

impl Args {
    /// `true` when option `key` was given.
    pub fn has(&self, key: char) -> bool {
        self.opts.iter().any(|(k, _)| *k == key)
    }
    /// The last argument given to option `key`.
    pub fn last(&self, key: char) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// A usage error: the getopt message (without the program name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

fn short_arg(spec: &Spec, c: char) -> Option<HasArg> {
    let mut it = spec.short.chars().peekable();
    while let Some(x) = it.next() {
        let mut kind = HasArg::No;
        if it.peek() == Some(&':') {
            it.next();
            kind = HasArg::Yes;
            if it.peek() == Some(&':') {
                it.next();
                kind = HasArg::Optional;
            }
        }
        if x == c && x != ':' {
            return Some(kind);
        }
    }
    None
}

const BUILTIN_LONGS: [Long; 2] = [
    long("help", HasArg::No, HELP),
    long("version", HasArg::No, VERSION),
];

fn find_long(spec: &Spec, name: &str, arg: &str) -> Result<Long, UsageError> {
    let all = || spec.long.iter().chain(BUILTIN_LONGS.iter());
    if let Some(l) = all().find(|l| l.name == name) {
        return Ok(*l);
    }
    let matches: Vec<&Long> = all().filter(|l| l.name.starts_with(name)).collect();
    match matches.as_slice() {
        [] => Err(UsageError(format!("unrecognized option '{arg}'"))),
        [one] => Ok(**one),
        many => {
            // Several names that map to the same key are not ambiguous.
            if many
                .iter()
                .all(|l| l.key == many[0].key && l.arg == many[0].arg)
            {
                return Ok(*many[0]);
            }
            let list: Vec<String> = many.iter().map(|l| format!("'--{}'", l.name)).collect();
            Err(UsageError(format!(
                "option '{arg}' is ambiguous; possibilities: {}",
                list.join(" ")
            )))
        }
    }
}

/// Parse `args` (without the command name) against `spec`.
///
/// Errors carry getopt's messages: `invalid option -- 'x'`,
/// `option requires an argument -- 'x'`, `unrecognized option '--foo'`,
/// `option '--foo' requires an argument`,
/// `option '--foo' doesn't allow an argument`.
pub fn parse(spec: &Spec, args: &[String]) -> Result<Args, UsageError> {
    fn push(out: &mut Args, at: usize, opt: (char, Option<String>)) {
        out.opts.push(opt);
        out.positions.push(at);
    }
    let mut out = Args::default();
    let mut i = 0;
    while i < args.len() {
        let at = i;
        let a = &args[i];
        i += 1;
        if a == "--" {
            out.operands.extend(args[i..].iter().cloned());
            break;
        }
        if let Some(body) = a.strip_prefix("--") {
            let (name, value) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let l = find_long(spec, name, a)?;
            match (l.arg, value) {
                (HasArg::No, Some(_)) => {
                    return Err(UsageError(format!(
                        "option '--{}' doesn't allow an argument",
                        l.name
                    )));
                }
                (HasArg::No, None) => push(&mut out, at, (l.key, None)),
                (HasArg::Optional, v) => push(&mut out, at, (l.key, v)),
                (HasArg::Yes, Some(v)) => push(&mut out, at, (l.key, Some(v))),
                (HasArg::Yes, None) => {
                    let Some(v) = args.get(i) else {
                        return Err(UsageError(format!(
                            "option '--{}' requires an argument",
                            l.name
                        )));
                    };
                    i += 1;
                    push(&mut out, at, (l.key, Some(v.clone())));
                }
            }
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                j += 1;
                match short_arg(spec, c) {
                    None => return Err(UsageError(format!("invalid option -- '{c}'"))),
                    Some(HasArg::Yes) => {
                        let rest: String = chars[j..].iter().collect();
                        let v = if rest.is_empty() {
                            let Some(v) = args.get(i) else {
                                return Err(UsageError(format!(
                                    "option requires an argument -- '{c}'"
                                )));
                            };
                            i += 1;
                            v.clone()
                        } else {
                            rest
                        };
                        push(&mut out, at, (c, Some(v)));
                        j = chars.len();
                    }
                    Some(HasArg::Optional) => {
                        let rest: String = chars[j..].iter().collect();
                        push(&mut out, at, (c, (!rest.is_empty()).then_some(rest)));
                        j = chars.len();
                    }
                    Some(HasArg::No) => push(&mut out, at, (c, None)),
                }
            }
            continue;
        }
        out.operands.push(a.clone());
        if spec.stop_at_operand {
            out.operands.extend(args[i..].iter().cloned());
            break;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        short: "nk:t:r",
        long: &[
            long("numeric-sort", HasArg::No, 'n'),
            long("key", HasArg::Yes, 'k'),
            long("reverse", HasArg::No, 'r'),
            long("random-sort", HasArg::No, 'R'),
        ],
        stop_at_operand: false,
    };

    fn v(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn clusters_permutation_and_dashdash() {
        let a = parse(&SPEC, &v(&["f", "-nk2,3", "-t", ":", "--", "-r"])).unwrap();
        assert_eq!(
            a.opts,
            vec![
                ('n', None),
                ('k', Some("2,3".into())),
                ('t', Some(":".into()))
            ]
        );
        assert_eq!(a.operands, v(&["f", "-r"]));
        assert_eq!(a.positions, [1, 1, 2]);
    }

    #[test]
    fn long_prefixes_and_errors() {
        let a = parse(&SPEC, &v(&["--num", "--key=1"])).unwrap();
        assert_eq!(a.opts, vec![('n', None), ('k', Some("1".into()))]);
        assert_eq!(
            parse(&SPEC, &v(&["--r"])).unwrap_err().0,
            "option '--r' is ambiguous; possibilities: '--reverse' '--random-sort'"
        );
        assert_eq!(
            parse(&SPEC, &v(&["--nope=1"])).unwrap_err().0,
            "unrecognized option '--nope=1'"
        );
        assert_eq!(
            parse(&SPEC, &v(&["-x"])).unwrap_err().0,
            "invalid option -- 'x'"
        );
        assert_eq!(
            parse(&SPEC, &v(&["-k"])).unwrap_err().0,
            "option requires an argument -- 'k'"
        );
        assert_eq!(
            parse(&SPEC, &v(&["--nope"])).unwrap_err().0,
            "unrecognized option '--nope'"
        );
        assert_eq!(
            parse(&SPEC, &v(&["--reverse=1"])).unwrap_err().0,
            "option '--reverse' doesn't allow an argument"
        );
    }
}
