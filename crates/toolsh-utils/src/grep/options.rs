//! grep's command line, read as GNU grep 3.8 reads it (getopt_long with
//! argument permutation, bundled short options, `-NUM` for context,
//! unambiguous prefixes of long options), through the one parser
//! ([`toolsh_command::getopt`]).

use toolsh_command::getopt::{self, HasArg, Spec, long};
use toolsh_command::posix_regex::Syntax;

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

// Keys of the long-only options (private-use characters).
const NO_IGNORE_CASE: char = '\u{e000}';
const HELP_KEY: char = '\u{e001}';
const NO_LINE_NUMBER: char = '\u{e002}';
const LINE_BUFFERED: char = '\u{e003}';
const LABEL: char = '\u{e004}';
const BINARY_FILES: char = '\u{e005}';
const DIRECTORIES: char = '\u{e006}';
const INCLUDE: char = '\u{e007}';
const EXCLUDE: char = '\u{e008}';
const EXCLUDE_FROM: char = '\u{e009}';
const EXCLUDE_DIR: char = '\u{e00a}';
const GROUP_SEPARATOR: char = '\u{e00b}';
const NO_GROUP_SEPARATOR: char = '\u{e00c}';
const COLOR: char = '\u{e00d}';

/// grep's options for the one parser ([`getopt`]): the short options
/// (digits for `-NUM`) and the long ones, each with its short key.
const SPEC: Spec = Spec {
    short: "0123456789EFGPiywxzsvVbnHhoqaIrRLlcTZUue:f:m:A:B:C:d:D:",
    long: &[
        long("extended-regexp", HasArg::No, 'E'),
        long("fixed-strings", HasArg::No, 'F'),
        long("basic-regexp", HasArg::No, 'G'),
        long("perl-regexp", HasArg::No, 'P'),
        long("regexp", HasArg::Yes, 'e'),
        long("file", HasArg::Yes, 'f'),
        long("ignore-case", HasArg::No, 'i'),
        long("no-ignore-case", HasArg::No, NO_IGNORE_CASE),
        long("word-regexp", HasArg::No, 'w'),
        long("line-regexp", HasArg::No, 'x'),
        long("null-data", HasArg::No, 'z'),
        long("no-messages", HasArg::No, 's'),
        long("invert-match", HasArg::No, 'v'),
        long("version", HasArg::No, 'V'),
        long("help", HasArg::No, HELP_KEY),
        long("max-count", HasArg::Yes, 'm'),
        long("byte-offset", HasArg::No, 'b'),
        long("line-number", HasArg::No, 'n'),
        long("no-line-number", HasArg::No, NO_LINE_NUMBER),
        long("line-buffered", HasArg::No, LINE_BUFFERED),
        long("with-filename", HasArg::No, 'H'),
        long("no-filename", HasArg::No, 'h'),
        long("label", HasArg::Yes, LABEL),
        long("only-matching", HasArg::No, 'o'),
        long("quiet", HasArg::No, 'q'),
        long("silent", HasArg::No, 'q'),
        long("binary-files", HasArg::Yes, BINARY_FILES),
        long("text", HasArg::No, 'a'),
        long("directories", HasArg::Yes, DIRECTORIES),
        long("devices", HasArg::Yes, 'D'),
        long("recursive", HasArg::No, 'r'),
        long("dereference-recursive", HasArg::No, 'R'),
        long("include", HasArg::Yes, INCLUDE),
        long("exclude", HasArg::Yes, EXCLUDE),
        long("exclude-from", HasArg::Yes, EXCLUDE_FROM),
        long("exclude-dir", HasArg::Yes, EXCLUDE_DIR),
        long("files-without-match", HasArg::No, 'L'),
        long("files-with-matches", HasArg::No, 'l'),
        long("count", HasArg::No, 'c'),
        long("initial-tab", HasArg::No, 'T'),
        long("null", HasArg::No, 'Z'),
        long("before-context", HasArg::Yes, 'B'),
        long("after-context", HasArg::Yes, 'A'),
        long("context", HasArg::Yes, 'C'),
        long("group-separator", HasArg::Yes, GROUP_SEPARATOR),
        long("no-group-separator", HasArg::No, NO_GROUP_SEPARATOR),
        long("color", HasArg::Optional, COLOR),
        long("colour", HasArg::Optional, COLOR),
    ],
    stop_at_operand: false,
};

fn context_arg(v: &str) -> Result<usize, UsageError> {
    v.parse::<u64>()
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
        .map_err(|_| fatal(format!("{v}: invalid context length argument")))
}

impl Options {
    fn apply(&mut self, key: char, arg: Option<String>) -> Result<(), UsageError> {
        let arg_s = || arg.clone().unwrap_or_default();
        match key {
            'E' => self.syntax = Syntax::Extended,
            'F' => self.syntax = Syntax::Fixed,
            'G' => self.syntax = Syntax::Basic,
            'P' => self.syntax = Syntax::Perl,
            'e' => self.patterns.push(PatternSource::Inline(arg_s())),
            'f' => self.patterns.push(PatternSource::File(arg_s())),
            'i' | 'y' => self.ignore_case = true,
            NO_IGNORE_CASE => self.ignore_case = false,
            'w' => self.word = true,
            'x' => self.line = true,
            'z' => self.null_data = true,
            's' => self.no_messages = true,
            'v' => self.invert = true,
            'V' => self.version = true,
            HELP_KEY => self.help = true,
            'm' => {
                let v = arg_s();
                let n: i64 = v.trim().parse().map_err(|_| fatal("invalid max count"))?;
                self.max_count = u64::try_from(n).ok();
            }
            'b' => self.byte_offset = true,
            'n' => self.line_number = true,
            NO_LINE_NUMBER => self.line_number = false,
            'H' => self.filename = FilenameMode::Always,
            'h' => self.filename = FilenameMode::Never,
            LABEL => self.label = arg_s(),
            'o' => self.only_matching = true,
            'q' => self.quiet = true,
            'a' => self.text = true,
            'r' | 'R' => self.recursive = true,
            'L' => self.list = ListFiles::NonMatching,
            'l' => self.list = ListFiles::Matching,
            'c' => self.count = true,
            'T' => self.initial_tab = true,
            'Z' => self.null_after_name = true,
            'A' => {
                self.after = context_arg(&arg_s())?;
                self.context_given = true;
            }
            'B' => {
                self.before = context_arg(&arg_s())?;
                self.context_given = true;
            }
            'C' => {
                let n = context_arg(&arg_s())?;
                self.after = n;
                self.before = n;
                self.context_given = true;
            }
            GROUP_SEPARATOR => self.group_separator = Some(arg_s()),
            NO_GROUP_SEPARATOR => self.group_separator = None,
            COLOR => {
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
            BINARY_FILES => match arg_s().as_str() {
                "text" => self.text = true,
                "binary" | "without-match" => {}
                _ => return Err(fatal("unknown binary-files type")),
            },
            // Accepted for compatibility; no effect here.
            'I' | 'U' | 'u' | 'd' | 'D' | DIRECTORIES | LINE_BUFFERED | INCLUDE | EXCLUDE
            | EXCLUDE_FROM | EXCLUDE_DIR => {}
            _ => return Err(usage(format!("invalid option -- '{key}'"))),
        }
        Ok(())
    }
}

/// Parse `args` (without the command name) with [`getopt::parse`], then
/// apply the options in order. `-NUM` is a run of digit options from one
/// argument (`-5`, `-n12`); a letter between digits ends the run.
pub(super) fn parse(args: &[String]) -> Result<Options, UsageError> {
    let parsed = getopt::parse(&SPEC, args).map_err(|getopt::UsageError(m)| usage(m))?;
    let mut o = Options::default();
    let mut digits = String::new();
    let mut digits_at = usize::MAX;
    for ((key, arg), &at) in parsed.opts.into_iter().zip(&parsed.positions) {
        if key.is_ascii_digit() {
            if at != digits_at {
                digits.clear();
            }
            digits.push(key);
            digits_at = at;
            let n = context_arg(&digits)?;
            o.after = n;
            o.before = n;
            o.context_given = true;
            continue;
        }
        digits.clear();
        digits_at = usize::MAX;
        let key = match key {
            getopt::HELP => HELP_KEY,
            getopt::VERSION => 'V',
            k => k,
        };
        o.apply(key, arg)?;
    }
    if o.help || o.version {
        return Ok(o);
    }
    let mut operands = parsed.operands.into_iter();
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
