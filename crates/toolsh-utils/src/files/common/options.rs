//! GNU `getopt_long`-style option parsing shared by the file commands:
//! clustered short options, long options with unique-prefix abbreviation,
//! `--` ending options, options and operands in any order.

/// Whether an option takes an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arg {
    /// No argument.
    No,
    /// A required argument (`-m 755`, `-m755`, `--mode=755`, `--mode 755`).
    Required,
    /// An optional argument, only attached (`--backup=simple`).
    Optional,
}

/// The options a command accepts.
pub(crate) struct Spec {
    /// Short options; a letter followed by `:` takes an argument.
    pub short: &'static str,
    /// Long options: name, the key reported for it, argument kind. Keys
    /// may be letters shared with a short option or any other char for
    /// long-only options.
    pub long: &'static [(&'static str, char, Arg)],
}

/// The parsed command line.
#[derive(Debug, Default)]
pub(crate) struct Parsed {
    /// Options in order, with their argument.
    pub opts: Vec<(char, Option<String>)>,
    /// Operands in order.
    pub operands: Vec<String>,
}

impl Parsed {
    /// `true` when option `key` was given.
    pub fn has(&self, key: char) -> bool {
        self.opts.iter().any(|(k, _)| *k == key)
    }

    /// The argument of the last occurrence of option `key`.
    pub fn value(&self, key: char) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.as_deref())
    }
}

impl Spec {
    fn short_arg(&self, c: char) -> Option<Arg> {
        let mut chars = self.short.chars().peekable();
        while let Some(s) = chars.next() {
            let takes = chars.peek() == Some(&':');
            if takes {
                chars.next();
            }
            if s == c {
                return Some(if takes { Arg::Required } else { Arg::No });
            }
        }
        None
    }

    /// Parse `args` (without the command name). The error is the GNU
    /// diagnostic without the command-name prefix (`invalid option -- 'z'`).
    #[allow(clippy::many_single_char_names)]
    pub fn parse(&self, args: &[String]) -> Result<Parsed, String> {
        let mut out = Parsed::default();
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            i += 1;
            if a == "--" {
                out.operands.extend(args[i..].iter().cloned());
                break;
            }
            if let Some(body) = a.strip_prefix("--") {
                let (name, attached) = match body.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (body, None),
                };
                let exact = self.long.iter().find(|(n, _, _)| *n == name);
                let candidates: Vec<_> = self
                    .long
                    .iter()
                    .filter(|(n, _, _)| n.starts_with(name))
                    .collect();
                let &(full, key, kind) = match (exact, candidates.as_slice()) {
                    (Some(e), _) => e,
                    (None, [one]) => one,
                    (None, []) => return Err(format!("unrecognized option '{a}'")),
                    (None, _) => return Err(format!("option '{a}' is ambiguous")),
                };
                let value = match (kind, attached) {
                    (Arg::No, Some(_)) => {
                        return Err(format!("option '--{full}' doesn't allow an argument"));
                    }
                    (Arg::No | Arg::Optional, v) => v,
                    (Arg::Required, Some(v)) => Some(v),
                    (Arg::Required, None) => {
                        let Some(v) = args.get(i) else {
                            return Err(format!("option '--{full}' requires an argument"));
                        };
                        i += 1;
                        Some(v.clone())
                    }
                };
                out.opts.push((key, value));
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                let chars: Vec<char> = a.chars().skip(1).collect();
                let mut j = 0;
                while j < chars.len() {
                    let c = chars[j];
                    j += 1;
                    match self.short_arg(c) {
                        None => return Err(format!("invalid option -- '{c}'")),
                        Some(Arg::Required) => {
                            let rest: String = chars[j..].iter().collect();
                            let value = if rest.is_empty() {
                                let Some(v) = args.get(i) else {
                                    return Err(format!("option requires an argument -- '{c}'"));
                                };
                                i += 1;
                                v.clone()
                            } else {
                                rest
                            };
                            out.opts.push((c, Some(value)));
                            break;
                        }
                        Some(_) => out.opts.push((c, None)),
                    }
                }
                continue;
            }
            out.operands.push(a.clone());
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        short: "alm:",
        long: &[
            ("all", 'a', Arg::No),
            ("mode", 'm', Arg::Required),
            ("almost-all", 'A', Arg::No),
        ],
    };

    fn parse(args: &[&str]) -> Result<Parsed, String> {
        let v: Vec<String> = args.iter().map(|s| (*s).to_string()).collect();
        SPEC.parse(&v)
    }

    #[test]
    fn clusters_permutes_and_ends() {
        let p = parse(&["x", "-la", "-m755", "y", "--mode", "644", "--", "-a"]).unwrap();
        assert!(p.has('l') && p.has('a'));
        assert_eq!(p.value('m'), Some("644"));
        assert_eq!(p.operands, ["x", "y", "-a"]);
        assert_eq!(parse(&["-"]).unwrap().operands, ["-"]);
    }

    #[test]
    fn long_prefixes_and_errors() {
        assert!(parse(&["--mo=1"]).unwrap().has('m'));
        assert!(parse(&["--all"]).unwrap().has('a'));
        assert_eq!(parse(&["--al"]).unwrap_err(), "option '--al' is ambiguous");
        assert_eq!(parse(&["-z"]).unwrap_err(), "invalid option -- 'z'");
        assert_eq!(parse(&["--zz"]).unwrap_err(), "unrecognized option '--zz'");
        assert_eq!(
            parse(&["-m"]).unwrap_err(),
            "option requires an argument -- 'm'"
        );
    }
}
