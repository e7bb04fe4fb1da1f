//! `sed`: the GNU stream editor (GNU sed 4.9 behaviour; see the GNU sed
//! manual). Reads standard input line by line as a stream; file operands,
//! `-f`, `-i`, `r`/`R` and `w`/`W` go through the FileSystem backend
//! (Sandbox profile). `e` and the `s///e` flag are refused (no processes).
//! Exit status: 0, 1 for an invalid script or usage, 2 for an unreadable
//! input file, 4 for an I/O error, or the code given to `q`/`Q`.

mod edit;
mod exec;
mod input;
mod parse;
mod script;

use async_trait::async_trait;

use exec::{Exec, Settings};
use input::Reader;
use toolsh_command::utility::{OperandError, Utility, UtilityContext, UtilityResult, write_status};

/// The `sed` utility.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sed;

/// Where a piece of the script came from (for error positions).
enum Piece {
    Expression(String),
    File(String),
}

struct Cli {
    pieces: Vec<Piece>,
    extended: bool,
    set: Settings,
    files: Vec<String>,
    help: bool,
    version: bool,
}

const USAGE: &str = "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n";

/// `sed --help`, after GNU sed 4.9's.
const HELP: &str = "\
Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...

  -n, --quiet, --silent
                 suppress automatic printing of pattern space
  -e script, --expression=script
                 add the script to the commands to be executed
  -f script-file, --file=script-file
                 add the contents of script-file to the commands to be executed
  -i[SUFFIX], --in-place[=SUFFIX]
                 edit files in place (makes backup if SUFFIX supplied)
  -l N, --line-length=N
                 specify the desired line-wrap length for the `l' command
  --posix
                 disable all GNU extensions.
  -E, -r, --regexp-extended
                 use extended regular expressions in the script
                 (for portability use POSIX -E).
  -s, --separate
                 consider files as separate rather than as a single,
                 continuous long stream.
      --sandbox
                 operate in sandbox mode (disable e/r/w commands).
  -u, --unbuffered
                 load minimal amounts of data from the input files and flush
                 the output buffers more often
  -z, --null-data
                 separate lines by NUL characters
      --help     display this help and exit
      --version  output version information and exit

If no -e, --expression, -f, or --file option is given, then the first
non-option argument is taken as the sed script to interpret.  All
remaining arguments are names of input files; if no input files are
specified, then the standard input is read.

Files are read and written only in the Sandbox profile; the e command
and the s///e flag are not available.
";

const LONG: &[(&str, bool, char)] = &[
    ("quiet", false, 'n'),
    ("silent", false, 'n'),
    ("expression", true, 'e'),
    ("file", true, 'f'),
    ("regexp-extended", false, 'E'),
    ("separate", false, 's'),
    ("null-data", false, 'z'),
    ("zero-terminated", false, 'z'),
    ("line-length", true, 'l'),
    ("posix", false, 'P'),
    ("unbuffered", false, 'u'),
    ("binary", false, 'b'),
    ("follow-symlinks", false, 'F'),
    ("debug", false, 'D'),
    ("sandbox", false, 'S'),
    ("help", false, 'h'),
    ("version", false, 'V'),
];

#[allow(clippy::many_single_char_names)]
fn parse_args(args: &[String]) -> Result<Cli, String> {
    let mut cli = Cli {
        pieces: Vec::new(),
        extended: false,
        set: Settings {
            line_wrap: 70,
            ..Settings::default()
        },
        files: Vec::new(),
        help: false,
        version: false,
    };
    let mut operands = Vec::new();
    let mut i = 0;
    let apply = |cli: &mut Cli, key: char, value: Option<String>| -> Result<(), String> {
        match key {
            'n' => cli.set.quiet = true,
            'e' => cli
                .pieces
                .push(Piece::Expression(value.unwrap_or_default())),
            'f' => cli.pieces.push(Piece::File(value.unwrap_or_default())),
            'E' | 'r' => cli.extended = true,
            's' => cli.set.separate = true,
            'z' => cli.set.null_data = true,
            'l' => {
                let v = value.unwrap_or_default();
                cli.set.line_wrap = v.parse().map_err(|_| format!("invalid line length: {v}"))?;
            }
            'i' => {
                cli.set.in_place = Some(value.unwrap_or_default());
                cli.set.separate = true;
            }
            'P' => cli.set.debug_posix = true,
            'h' => cli.help = true,
            'V' => cli.version = true,
            _ => {}
        }
        Ok(())
    };
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
            if "in-place".starts_with(name) && name.len() >= 3 {
                apply(&mut cli, 'i', inline)?;
                continue;
            }
            let found: Vec<_> = LONG
                .iter()
                .filter(|(n, _, _)| n.starts_with(name))
                .collect();
            let exact = LONG.iter().find(|(n, _, _)| *n == name);
            let Some(&(full, takes, key)) = exact.or(if found.len() == 1 {
                found.first().copied()
            } else {
                None
            }) else {
                return Err(if found.is_empty() {
                    format!("unrecognized option '{a}'")
                } else {
                    format!("option '{a}' is ambiguous")
                });
            };
            let value = match (takes, inline) {
                (false, _) => None,
                (true, Some(v)) => Some(v),
                (true, None) => {
                    let v = args
                        .get(i)
                        .ok_or_else(|| format!("option '--{full}' requires an argument"))?;
                    i += 1;
                    Some(v.clone())
                }
            };
            apply(&mut cli, key, value)?;
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                j += 1;
                match c {
                    'e' | 'f' | 'l' => {
                        let value = if j < chars.len() {
                            let v: String = chars[j..].iter().collect();
                            j = chars.len();
                            v
                        } else {
                            let v = args
                                .get(i)
                                .ok_or_else(|| format!("option requires an argument -- '{c}'"))?;
                            i += 1;
                            v.clone()
                        };
                        apply(&mut cli, c, Some(value))?;
                    }
                    'i' => {
                        let suffix: String = chars[j..].iter().collect();
                        j = chars.len();
                        apply(&mut cli, 'i', Some(suffix))?;
                    }
                    'n' | 'E' | 'r' | 's' | 'z' | 'u' | 'b' => apply(&mut cli, c, None)?,
                    _ => return Err(format!("invalid option -- '{c}'")),
                }
            }
            continue;
        }
        operands.push(a.clone());
    }
    let mut operands = operands.into_iter();
    if cli.pieces.is_empty() && !cli.help && !cli.version {
        let Some(script) = operands.next() else {
            return Err(String::new());
        };
        cli.pieces.push(Piece::Expression(script));
    }
    cli.files = operands.collect();
    Ok(cli)
}

/// Join the script pieces; errors are printed messages.
async fn assemble(
    ctx: &mut UtilityContext<'_>,
    pieces: &[Piece],
) -> Result<Result<Vec<u8>, String>, toolsh_command::limits::Interrupt> {
    let mut script = Vec::new();
    for (n, piece) in pieces.iter().enumerate() {
        if n > 0 {
            script.push(b'\n');
        }
        match piece {
            Piece::Expression(e) => script.extend_from_slice(e.as_bytes()),
            Piece::File(f) => match ctx.read_operand(f).await {
                Ok(data) => {
                    let body = data.strip_suffix(b"\n").unwrap_or(&data);
                    script.extend_from_slice(body);
                }
                Err(OperandError::Interrupt(i)) => return Err(i),
                Err(OperandError::Fs(e)) => return Ok(Err(format!("couldn't open file {f}: {e}"))),
            },
        }
    }
    Ok(Ok(script))
}

/// Where offset `at` of the joined script falls, as GNU names it.
fn location(pieces: &[Piece], at: usize) -> String {
    let mut start = 0;
    let mut expr = 0;
    for piece in pieces {
        let len = match piece {
            Piece::Expression(e) => e.len(),
            Piece::File(_) => 0,
        };
        if let Piece::Expression(_) = piece {
            expr += 1;
        }
        if at <= start + len {
            return match piece {
                Piece::Expression(_) => format!("-e expression #{expr}, char {}", at - start),
                Piece::File(f) => format!("file {f} line 1"),
            };
        }
        start += len + 1;
    }
    format!("-e expression #{}, char {at}", expr.max(1))
}

#[async_trait]
impl Utility for Sed {
    fn name(&self) -> &'static str {
        "sed"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let cli = match parse_args(&ctx.args[1..]) {
            Ok(c) => c,
            Err(msg) => {
                if !msg.is_empty() {
                    ctx.err_msg(&msg).await?;
                }
                write_status(ctx.stderr.write_str(USAGE).await)?;
                return Ok(1);
            }
        };
        if cli.help {
            ctx.out(HELP.as_bytes()).await?;
            return Ok(0);
        }
        if cli.version {
            ctx.out(b"sed (toolsh) 4.9-compatible\n").await?;
            return Ok(0);
        }
        let text = match assemble(ctx, &cli.pieces).await? {
            Ok(t) => t,
            Err(msg) => {
                ctx.err_msg(&msg).await?;
                return Ok(1);
            }
        };
        let mut script = match parse::parse(&text, cli.extended, ctx.shell.locale().is_utf8()) {
            Ok(s) => s,
            Err(e) => {
                let msg = if e.offset == usize::MAX {
                    e.message
                } else {
                    format!("{}: {}", location(&cli.pieces, e.offset), e.message)
                };
                ctx.err_msg(&msg).await?;
                return Ok(e.status);
            }
        };
        let mut set = cli.set;
        set.quiet |= script.quiet;
        script.quiet = set.quiet;
        if set.in_place.is_some() && cli.files.is_empty() {
            ctx.err_msg("no input files").await?;
            return Ok(4);
        }
        // `w` files are created (truncated) before any input is read.
        for f in script.write_files() {
            if f == "/dev/stdout" || f == "/dev/stderr" {
                continue;
            }
            let path = ctx.resolve_path(&f);
            if let Err(e) = ctx.shell.fs().write(&path, b"").await {
                ctx.err_msg(&format!("couldn't open file {f}: {e}")).await?;
                return Ok(4);
            }
        }
        let files = if cli.files.is_empty() {
            vec!["-".to_string()]
        } else {
            cli.files.clone()
        };
        let delim = if set.null_data { 0 } else { b'\n' };
        let max = ctx.shell.limits().max_buffer_bytes;
        let mut reader = Reader::new(files.clone(), delim, max);
        let mut exec = Exec::new(&script, &set, files, max);
        exec.held = ctx.shell.memory().reservation();
        exec.run(ctx, &mut reader).await
    }
}

#[cfg(test)]
mod tests;
