//! grep's command line, read as GNU grep 3.8 reads it (getopt_long with
//! argument permutation, bundled short options, `-NUM` for context,
//! unambiguous prefixes of long options).

use crate::utils::posix_regex::Syntax;

/// Where a pattern comes from: given inline or in a file (`-f`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum PatternSource {
    /// `-e PATTERNS` or the first operand (newlines separate patterns).
    Inline(String),
    /// `-f FILE` (`-` is standard input).
    File(String),
}

/// How file names are shown before output lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FilenameMode {
    /// GNU's default: shown when more than one file is searched or with -r.
    Default,
    /// `-H`.
    Always,
    /// `-h`.
    Never,
}

/// Which file names to list instead of lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ListFiles {
    /// Print lines.
    None,
    /// `-l`.
    Matching,
    /// `-L`.
    NonMatching,
}

/// Parsed options.
#[derive(Debug, Clone)]
pub(super) struct Options {
    pub syntax: Syntax,
    pub patterns: Vec<PatternSource>,
    pub ignore_case: bool,
    pub invert: bool,
    pub count: bool,
    pub line_number: bool,
    pub byte_offset: bool,
    pub only_matching: bool,
    pub quiet: bool,
    pub no_messages: bool,
    pub word: bool,
    pub line: bool,
    pub after: usize,
    pub before: usize,
    /// Some context option was given (even `-A0`): groups get separators.
    pub context_given: bool,
    pub max_count: Option<u64>,
    pub list: ListFiles,
    pub filename: FilenameMode,
    pub recursive: bool,
    pub null_data: bool,
    pub null_after_name: bool,
    pub text: bool,
    pub label: String,
    pub initial_tab: bool,
    pub group_separator: Option<String>,
    pub files: Vec<String>,
    pub help: bool,
    pub version: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            syntax: Syntax::Basic,
            patterns: Vec::new(),
            ignore_case: false,
            invert: false,
            count: false,
            line_number: false,
            byte_offset: false,
            only_matching: false,
            quiet: false,
            no_messages: false,
            word: false,
            line: false,
            after: 0,
            before: 0,
            context_given: false,
            max_count: None,
            list: ListFiles::None,
            filename: FilenameMode::Default,
            recursive: false,
            null_data: false,
            null_after_name: false,
            text: false,
            label: "(standard input)".to_string(),
            initial_tab: false,
            group_separator: Some("--".to_string()),
            files: Vec::new(),
            help: false,
            version: false,
        }
    }
}

/// A usage error: the message (without the `grep: ` prefix) and whether
/// the "Usage: ... Try 'grep --help'" lines follow it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct UsageError {
    pub message: Option<String>,
    pub show_usage: bool,
}

fn usage(message: impl Into<String>) -> UsageError {
    UsageError {
        message: Some(message.into()),
        show_usage: true,
    }
}

fn fatal(message: impl Into<String>) -> UsageError {
    UsageError {
        message: Some(message.into()),
        show_usage: false,
    }
}

/// Long options: name, takes an argument (`Some(true)` required,
/// `Some(false)` optional, `None` none), and the equivalent short key.
const LONG: &[(&str, Option<bool>, &str)] = &[
    ("extended-regexp", None, "E"),
    ("fixed-strings", None, "F"),
    ("basic-regexp", None, "G"),
    ("perl-regexp", None, "P"),
    ("regexp", Some(true), "e"),
    ("file", Some(true), "f"),
    ("ignore-case", None, "i"),
    ("no-ignore-case", None, "no-ignore-case"),
    ("word-regexp", None, "w"),
    ("line-regexp", None, "x"),
    ("null-data", None, "z"),
    ("no-messages", None, "s"),
    ("invert-match", None, "v"),
    ("version", None, "V"),
    ("help", None, "help"),
    ("max-count", Some(true), "m"),
    ("byte-offset", None, "b"),
    ("line-number", None, "n"),
    ("no-line-number", None, "no-line-number"),
    ("line-buffered", None, "line-buffered"),
    ("with-filename", None, "H"),
    ("no-filename", None, "h"),
    ("label", Some(true), "label"),
    ("only-matching", None, "o"),
    ("quiet", None, "q"),
    ("silent", None, "q"),
    ("binary-files", Some(true), "binary-files"),
    ("text", None, "a"),
    ("directories", Some(true), "directories"),
    ("devices", Some(true), "D"),
    ("recursive", None, "r"),
    ("dereference-recursive", None, "R"),
    ("include", Some(true), "include"),
    ("exclude", Some(true), "exclude"),
    ("exclude-from", Some(true), "exclude-from"),
    ("exclude-dir", Some(true), "exclude-dir"),
    ("files-without-match", None, "L"),
    ("files-with-matches", None, "l"),
    ("count", None, "c"),
    ("initial-tab", None, "T"),
    ("null", None, "Z"),
    ("before-context", Some(true), "B"),
    ("after-context", Some(true), "A"),
    ("context", Some(true), "C"),
    ("group-separator", Some(true), "group-separator"),
    ("no-group-separator", None, "no-group-separator"),
    ("color", Some(false), "color"),
    ("colour", Some(false), "color"),
];

/// Short options that take an argument.
const SHORT_WITH_ARG: &[u8] = b"efmABCdD";
/// Short options without an argument.
const SHORT_FLAGS: &[u8] = b"EFGPiywxzsvVbnHhoqaIrRLlcTZUu";

fn context_arg(v: &str) -> Result<usize, UsageError> {
    v.parse::<u64>()
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
        .map_err(|_| fatal(format!("{v}: invalid context length argument")))
}

impl Options {
    fn apply(&mut self, key: &str, arg: Option<String>) -> Result<(), UsageError> {
        let arg_s = || arg.clone().unwrap_or_default();
        match key {
            "E" => self.syntax = Syntax::Extended,
            "F" => self.syntax = Syntax::Fixed,
            "G" => self.syntax = Syntax::Basic,
            "P" => self.syntax = Syntax::Perl,
            "e" => self.patterns.push(PatternSource::Inline(arg_s())),
            "f" => self.patterns.push(PatternSource::File(arg_s())),
            "i" | "y" => self.ignore_case = true,
            "no-ignore-case" => self.ignore_case = false,
            "w" => self.word = true,
            "x" => self.line = true,
            "z" => self.null_data = true,
            "s" => self.no_messages = true,
            "v" => self.invert = true,
            "V" => self.version = true,
            "help" => self.help = true,
            "m" => {
                let v = arg_s();
                let n: i64 = v.trim().parse().map_err(|_| fatal("invalid max count"))?;
                self.max_count = u64::try_from(n).ok();
            }
            "b" => self.byte_offset = true,
            "n" => self.line_number = true,
            "no-line-number" => self.line_number = false,
            "H" => self.filename = FilenameMode::Always,
            "h" => self.filename = FilenameMode::Never,
            "label" => self.label = arg_s(),
            "o" => self.only_matching = true,
            "q" => self.quiet = true,
            "a" => self.text = true,
            "r" | "R" => self.recursive = true,
            "L" => self.list = ListFiles::NonMatching,
            "l" => self.list = ListFiles::Matching,
            "c" => self.count = true,
            "T" => self.initial_tab = true,
            "Z" => self.null_after_name = true,
            "A" => {
                self.after = context_arg(&arg_s())?;
                self.context_given = true;
            }
            "B" => {
                self.before = context_arg(&arg_s())?;
                self.context_given = true;
            }
            "C" => {
                let n = context_arg(&arg_s())?;
                self.after = n;
                self.before = n;
                self.context_given = true;
            }
            "group-separator" => self.group_separator = Some(arg_s()),
            "no-group-separator" => self.group_separator = None,
            "color" => {
                let v = arg.unwrap_or_else(|| "auto".to_string());
                match v.as_str() {
                    "never" | "no" | "none" | "auto" | "tty" | "if-tty" | "always" | "yes"
                    | "force" => {}
                    _ => {
                        return Err(usage(format!(
                            "invalid argument '{v}' for '--color'\nValid arguments are:\n  - 'always', 'yes', 'force'\n  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'"
                        )));
                    }
                }
            }
            "binary-files" => match arg_s().as_str() {
                "text" => self.text = true,
                "binary" | "without-match" => {}
                _ => return Err(fatal("unknown binary-files type")),
            },
            // Accepted for compatibility; no effect here.
            "I" | "U" | "u" | "d" | "D" | "directories" | "line-buffered" | "include"
            | "exclude" | "exclude-from" | "exclude-dir" => {}
            _ => return Err(usage(format!("invalid option -- '{key}'"))),
        }
        Ok(())
    }
}

/// Parse `args` (without the command name).
#[allow(clippy::many_single_char_names)]
pub(super) fn parse(args: &[String]) -> Result<Options, UsageError> {
    let mut o = Options::default();
    let mut operands = Vec::new();
    let mut i = 0;
    // A pending `-NUM` context value being accumulated across a bundle.
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            operands.extend(args[i..].iter().cloned());
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let exact = LONG.iter().find(|(n, _, _)| *n == name);
            let candidates: Vec<_> = LONG
                .iter()
                .filter(|(n, _, _)| n.starts_with(name))
                .collect();
            let entry = match (exact, candidates.as_slice()) {
                (Some(e), _) => e,
                (None, [e]) => *e,
                (None, []) => return Err(usage(format!("unrecognized option '{a}'"))),
                (None, many) => {
                    // Aliases of the same option are not ambiguous.
                    if many.iter().all(|(_, _, k)| *k == many[0].2) {
                        many[0]
                    } else {
                        return Err(usage(format!("option '{a}' is ambiguous")));
                    }
                }
            };
            let (full, has_arg, key) = *entry;
            let value = match has_arg {
                None => {
                    if inline.is_some() {
                        return Err(usage(format!(
                            "option '--{full}' doesn't allow an argument"
                        )));
                    }
                    None
                }
                Some(false) => inline,
                Some(true) => {
                    if let Some(v) = inline {
                        Some(v)
                    } else {
                        let Some(v) = args.get(i) else {
                            return Err(usage(format!("option '--{full}' requires an argument")));
                        };
                        i += 1;
                        Some(v.clone())
                    }
                }
            };
            o.apply(key, value)?;
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let bytes = a.as_bytes();
            let mut j = 1;
            let mut digits = String::new();
            while j < bytes.len() {
                let c = bytes[j];
                j += 1;
                if c.is_ascii_digit() {
                    digits.push(c as char);
                    continue;
                }
                if !digits.is_empty() {
                    let n = context_arg(&digits)?;
                    o.after = n;
                    o.before = n;
                    o.context_given = true;
                    digits.clear();
                }
                let key = (c as char).to_string();
                if SHORT_WITH_ARG.contains(&c) {
                    let value = if j < bytes.len() {
                        let v = a[j..].to_string();
                        j = bytes.len();
                        v
                    } else if let Some(v) = args.get(i) {
                        i += 1;
                        v.clone()
                    } else {
                        return Err(usage(format!("option requires an argument -- '{key}'")));
                    };
                    o.apply(&key, Some(value))?;
                } else if SHORT_FLAGS.contains(&c) {
                    o.apply(&key, None)?;
                } else {
                    return Err(usage(format!("invalid option -- '{}'", c as char)));
                }
            }
            if !digits.is_empty() {
                let n = context_arg(&digits)?;
                o.after = n;
                o.before = n;
                o.context_given = true;
            }
            continue;
        }
        operands.push(a.clone());
    }
    if o.help || o.version {
        return Ok(o);
    }
    let mut operands = operands.into_iter();
    if o.patterns.is_empty() {
        let Some(p) = operands.next() else {
            return Err(UsageError {
                message: None,
                show_usage: true,
            });
        };
        o.patterns.push(PatternSource::Inline(p));
    }
    o.files = operands.collect();
    Ok(o)
}

/// `grep --help`, abridged from GNU grep 3.8's.
pub(super) const HELP: &str = "\
Usage: grep [OPTION]... PATTERNS [FILE]...
Search for PATTERNS in each FILE.
Example: grep -i 'hello world' menu.h main.c
PATTERNS can contain multiple patterns separated by newlines.

Pattern selection and interpretation:
  -E, --extended-regexp     PATTERNS are extended regular expressions
  -F, --fixed-strings       PATTERNS are strings
  -G, --basic-regexp        PATTERNS are basic regular expressions
  -P, --perl-regexp         PATTERNS are Perl regular expressions
  -e, --regexp=PATTERNS     use PATTERNS for matching
  -f, --file=FILE           take PATTERNS from FILE
  -i, --ignore-case         ignore case distinctions in patterns and data
      --no-ignore-case      do not ignore case distinctions (default)
  -w, --word-regexp         match only whole words
  -x, --line-regexp         match only whole lines
  -z, --null-data           a data line ends in 0 byte, not newline

Miscellaneous:
  -s, --no-messages         suppress error messages
  -v, --invert-match        select non-matching lines
  -V, --version             display version information and exit
      --help                display this help text and exit

Output control:
  -m, --max-count=NUM       stop after NUM selected lines
  -b, --byte-offset         print the byte offset with output lines
  -n, --line-number         print line number with output lines
  -H, --with-filename       print file name with output lines
  -h, --no-filename         suppress the file name prefix on output
      --label=LABEL         use LABEL as the standard input file name prefix
  -o, --only-matching       show only nonempty parts of lines that match
  -q, --quiet, --silent     suppress all normal output
  -a, --text                equivalent to --binary-files=text
  -r, --recursive           search directories recursively (Sandbox profile)
  -R, --dereference-recursive  likewise
  -L, --files-without-match  print only names of FILEs with no selected lines
  -l, --files-with-matches  print only names of FILEs with selected lines
  -c, --count               print only a count of selected lines per FILE
  -T, --initial-tab         make tabs line up (if needed)
  -Z, --null                print 0 byte after FILE name

Context control:
  -B, --before-context=NUM  print NUM lines of leading context
  -A, --after-context=NUM   print NUM lines of trailing context
  -C, --context=NUM         print NUM lines of output context
  -NUM                      same as --context=NUM
      --group-separator=SEP  print SEP on line between matches with context
      --no-group-separator  do not print separator for matches with context
      --color[=WHEN],
      --colour[=WHEN]       accepted; output is never coloured

When FILE is '-', read standard input.  With no FILE, read '.' if
recursive, '-' otherwise.  With fewer than two FILEs, assume -h.
Exit status is 0 if any line is selected, 1 otherwise;
if any error occurs and -q is not given, the exit status is 2.
";

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Options, UsageError> {
        parse(&args.iter().map(|s| (*s).to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn bundles_permutation_and_context() {
        let o = p(&["-inC2", "pat", "f", "-v", "-5"]).unwrap();
        assert!(o.ignore_case && o.line_number && o.invert);
        assert_eq!((o.after, o.before), (5, 5));
        assert_eq!(o.files, ["f"]);
        let o = p(&["-epat", "-e", "x", "--", "-v"]).unwrap();
        assert_eq!(o.patterns.len(), 2);
        assert_eq!(o.files, ["-v"]);
        let o = p(&["--ignore", "--after=3", "x"]).unwrap();
        assert!(o.ignore_case);
        assert_eq!(o.after, 3);
    }

    #[test]
    fn usage_errors() {
        assert!(p(&[]).unwrap_err().show_usage);
        assert_eq!(
            p(&["-k", "x"]).unwrap_err().message.as_deref(),
            Some("invalid option -- 'k'")
        );
        assert_eq!(
            p(&["-A", "x", "y"]).unwrap_err().message.as_deref(),
            Some("x: invalid context length argument")
        );
        assert_eq!(
            p(&["-e"]).unwrap_err().message.as_deref(),
            Some("option requires an argument -- 'e'")
        );
    }
}
