//! Command-line options of `jq`, as jq 1.7.1 parses them (jq manual,
//! "Invoking jq"): combined short flags, last-one-wins output layout,
//! `--arg`-style named arguments and `--args`/`--jsonargs` positionals.

use super::format::Style;

/// A named argument (`$name` in the program and `$ARGS.named`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NamedValue {
    /// `--arg name value`: a string.
    Str(String),
    /// `--argjson name text`: a JSON text (validated when the program runs).
    Json(String),
    /// `--slurpfile name file`: every JSON value in the file, as an array.
    SlurpFile(String),
    /// `--rawfile name file`: the file's contents as a string.
    RawFile(String),
}

/// A positional argument (`$ARGS.positional`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Positional {
    /// After `--args`: a string.
    Str(String),
    /// After `--jsonargs`: a JSON text.
    Json(String),
}

/// Everything the command line says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Options {
    /// `-n`: run once with `null` as input.
    pub null_input: bool,
    /// `-R`: inputs are lines of text.
    pub raw_input: bool,
    /// `-s`: all inputs as one array (or, with `-R`, one string).
    pub slurp: bool,
    /// `-r`: strings are printed without quotes.
    pub raw_output: bool,
    /// `-j`: `-r` and no newline after each output.
    pub join_output: bool,
    /// `--raw-output0`: `-r` and a NUL after each output.
    pub raw_output0: bool,
    /// `--seq`: an RS (0x1e) before each output.
    pub seq: bool,
    /// `-e`: exit status from the last output.
    pub exit_status: bool,
    /// Layout of JSON output.
    pub style: Style,
    /// The program text, or the path of the program file with `-f`.
    pub program: Option<String>,
    /// `-f`: `program` is a file path.
    pub from_file: bool,
    /// Input files (none: standard input).
    pub files: Vec<String>,
    /// Named arguments in command-line order.
    pub named: Vec<(String, NamedValue)>,
    /// Positional arguments.
    pub positional: Vec<Positional>,
    /// `-h`.
    pub help: bool,
    /// `-V`.
    pub version: bool,
}

/// A usage error: the message jq prints before its "Use jq --help" hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UsageError(pub String);

enum ArgMode {
    Files,
    Strings,
    Json,
}

/// Parse `args` (without the command name).
pub(crate) fn parse(args: &[String]) -> Result<Options, UsageError> {
    let mut o = Options::default();
    let mut mode = ArgMode::Files;
    let mut only_operands = false;
    let mut i = 0;
    let take = |i: &mut usize, n: usize, what: &str| -> Result<Vec<String>, UsageError> {
        if *i + n >= args.len() {
            return Err(UsageError(what.to_string()));
        }
        let v = args[*i + 1..=*i + n].to_vec();
        *i += n;
        Ok(v)
    };
    while i < args.len() {
        let a = &args[i];
        // jq 1.7.1 reads an argument as options only when a letter or a
        // second dash follows the dash: `jq -n '-1'` and `-.5` are programs.
        let option = a.starts_with("--")
            || (a.starts_with('-') && a.as_bytes().get(1).is_some_and(u8::is_ascii_alphabetic));
        if only_operands || !option {
            if o.program.is_none() {
                o.program = Some(a.clone());
            } else {
                match mode {
                    ArgMode::Files => o.files.push(a.clone()),
                    ArgMode::Strings => o.positional.push(Positional::Str(a.clone())),
                    ArgMode::Json => o.positional.push(Positional::Json(a.clone())),
                }
            }
            i += 1;
            continue;
        }
        if a == "--" {
            only_operands = true;
            i += 1;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "null-input" => o.null_input = true,
                "raw-input" => o.raw_input = true,
                "slurp" => o.slurp = true,
                "compact-output" => o.style.indent = None,
                "raw-output" => o.raw_output = true,
                "raw-output0" => {
                    o.raw_output = true;
                    o.raw_output0 = true;
                }
                "join-output" => {
                    o.raw_output = true;
                    o.join_output = true;
                }
                "ascii-output" => o.style.ascii = true,
                "sort-keys" => o.style.sort_keys = true,
                "color-output" | "monochrome-output" | "unbuffered" => {}
                "tab" => o.style.indent = Some("\t".to_string()),
                "indent" => {
                    let v = take(&mut i, 1, "--indent takes one parameter")?;
                    let n: i64 = v[0].parse().map_err(|_| {
                        UsageError("--indent takes a number between -1 and 7".to_string())
                    })?;
                    o.style.indent = match n {
                        -1 => Some("\t".to_string()),
                        0 => None,
                        1..=7 => Some(" ".repeat(n as usize)),
                        _ => {
                            return Err(UsageError(
                                "--indent takes a number between -1 and 7".to_string(),
                            ));
                        }
                    };
                }
                "seq" => o.seq = true,
                "exit-status" => o.exit_status = true,
                "from-file" => o.from_file = true,
                "arg" => {
                    let v = take(
                        &mut i,
                        2,
                        "--arg takes two parameters (e.g. --arg varname value)",
                    )?;
                    o.named.push((v[0].clone(), NamedValue::Str(v[1].clone())));
                }
                "argjson" => {
                    let v = take(
                        &mut i,
                        2,
                        "--argjson takes two parameters (e.g. --argjson varname text)",
                    )?;
                    o.named.push((v[0].clone(), NamedValue::Json(v[1].clone())));
                }
                "slurpfile" | "rawfile" => {
                    let msg =
                        format!("--{long} takes two parameters (e.g. --{long} varname filename)");
                    let v = take(&mut i, 2, &msg)?;
                    let value = if long == "slurpfile" {
                        NamedValue::SlurpFile(v[1].clone())
                    } else {
                        NamedValue::RawFile(v[1].clone())
                    };
                    o.named.push((v[0].clone(), value));
                }
                "args" => mode = ArgMode::Strings,
                "jsonargs" => mode = ArgMode::Json,
                "help" => o.help = true,
                "version" => o.version = true,
                "stream" | "stream-errors" => {
                    return Err(UsageError(format!("--{long} is not supported by toolsh")));
                }
                _ => return Err(UsageError(format!("Unknown option: {a}"))),
            }
            i += 1;
            continue;
        }
        // Combined short options: `-nr`, `-rc`.
        for c in a[1..].chars() {
            match c {
                'n' => o.null_input = true,
                'R' => o.raw_input = true,
                's' => o.slurp = true,
                'c' => o.style.indent = None,
                'r' => o.raw_output = true,
                'j' => {
                    o.raw_output = true;
                    o.join_output = true;
                }
                'a' => o.style.ascii = true,
                'S' => o.style.sort_keys = true,
                'C' | 'M' => {}
                'e' => o.exit_status = true,
                'f' => o.from_file = true,
                'h' => o.help = true,
                'V' => o.version = true,
                'L' => {
                    return Err(UsageError(
                        "-L (module search path) is not supported by toolsh".to_string(),
                    ));
                }
                _ => return Err(UsageError(format!("Unknown option: {a}"))),
            }
        }
        i += 1;
    }
    Ok(o)
}

/// `jq --help` (jq 1.7.1's text, minus the options toolsh does not offer).
pub(crate) const HELP: &str = "\
Usage:\tjq [options] <jq filter> [file...]
\tjq [options] --args <jq filter> [strings...]
\tjq [options] --jsonargs <jq filter> [JSON_TEXTS...]

jq is a tool for processing JSON inputs, applying the given filter to
its JSON text inputs and producing the filter's results as JSON on
standard output.

The simplest filter is ., which copies jq's input to its output
unmodified except for formatting.

Example:

\t$ echo '{\"foo\": 0}' | jq .
\t{
\t  \"foo\": 0
\t}

Command options:
  -n, --null-input          use `null` as the single input value;
  -R, --raw-input           read each line as string instead of JSON;
  -s, --slurp               read all inputs into an array and use it as
                            the single input value;
  -c, --compact-output      compact instead of pretty-printed output;
  -r, --raw-output          output strings without escapes and quotes;
      --raw-output0         implies -r and output NUL after each output;
  -j, --join-output         implies -r and output without newline after
                            each output;
  -a, --ascii-output        output strings by only ASCII characters
                            using escape sequences;
  -S, --sort-keys           sort keys of each object on output;
  -C, --color-output        accepted; toolsh never colours output;
  -M, --monochrome-output   disable colored output;
      --tab                 use tabs for indentation;
      --indent n            use n spaces for indentation (max 7 spaces);
      --seq                 output application/json-seq;
  -f, --from-file file      load filter from the file;
      --arg name value      set $name to the string value;
      --argjson name value  set $name to the JSON value;
      --slurpfile name file set $name to an array of JSON values read
                            from the file;
      --rawfile name file   set $name to string contents of file;
      --args                consume remaining arguments as positional
                            string values;
      --jsonargs            consume remaining arguments as positional
                            JSON values;
  -e, --exit-status         set exit status code based on the output;
  -V, --version             show the version;
  -h, --help                show the help;
  --                        terminates argument processing;

Named arguments are also available as $ARGS.named[], while
positional arguments are available as $ARGS.positional[].
";

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Options, UsageError> {
        parse(&args.iter().map(|s| (*s).to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn combined_flags_and_operands() {
        let o = p(&["-nrc", ".a", "f1", "f2"]).unwrap();
        assert!(o.null_input && o.raw_output && o.style.indent.is_none());
        assert_eq!(o.program.as_deref(), Some(".a"));
        assert_eq!(o.files, ["f1", "f2"]);
    }

    #[test]
    fn last_layout_option_wins() {
        assert_eq!(
            p(&["-c", "--indent", "3", "."])
                .unwrap()
                .style
                .indent
                .as_deref(),
            Some("   ")
        );
        assert_eq!(p(&["--indent", "3", "-c", "."]).unwrap().style.indent, None);
        assert!(p(&["--indent", "8", "."]).is_err());
    }

    #[test]
    fn named_and_positional_arguments() {
        let o = p(&["-n", "--arg", "x", "1", "$x", "--args", "a", "b"]).unwrap();
        assert_eq!(
            o.named,
            [("x".to_string(), NamedValue::Str("1".to_string()))]
        );
        assert_eq!(o.positional.len(), 2);
        assert!(p(&["--arg", "x"]).is_err());
        assert!(p(&["-z", "."]).is_err());
    }
}
