//! The `printf` builtin (bash reference manual, "Bash Builtins"):
//! `printf [-v VAR] FORMAT [ARGUMENTS]`, every conversion of bash 5.2
//! (`%d %i %o %u %x %X %f %F %e %E %g %G %a %A %c %s %b %q %Q %(fmt)T
//! %%`), the format reused until the arguments are consumed, widths and
//! precisions (also `*`) bounded by `ExecutionLimits::max_format_width`.

// Byte-level algorithms ported from their C descriptions read best with
// the short names and explicit matches of those descriptions.
#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::trivially_copy_pass_by_ref,
    clippy::bool_to_int_with_if
)]

mod escape;
pub(crate) use toolsh_command::number::scan as number;
mod quote;
pub(crate) use toolsh_command::number::render;

use std::time::UNIX_EPOCH;

use async_trait::async_trait;

use crate::date::strftime;
use escape::Dialect;
use render::Spec;
use toolsh_command::limits::{Interrupt, LimitKind, within_buffer};
use toolsh_command::utility::{Utility, UtilityContext, UtilityResult};

/// `printf`: formatted output.
#[derive(Debug, Default)]
pub struct Printf;

#[async_trait]
impl Utility for Printf {
    fn name(&self) -> &'static str {
        "printf"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let args = ctx.args.clone();
        let mut i = 1;
        let mut var = None;
        while i < args.len() {
            let a = &args[i];
            if a == "--" {
                i += 1;
                break;
            } else if a == "-v" {
                let Some(name) = args.get(i + 1) else {
                    return usage(ctx, "-v: option requires an argument").await;
                };
                var = Some(name.clone());
                i += 2;
            } else if let Some(name) = a.strip_prefix("-v") {
                var = Some(name.to_string());
                i += 1;
            } else if a == "--help" {
                let out = ctx.stdout;
                out.write_str(HELP).await.ok();
                return Ok(0);
            } else if a.len() > 1 && a.starts_with('-') {
                let c = a.chars().nth(1).unwrap_or('-');
                return usage(ctx, &format!("-{c}: invalid option")).await;
            } else {
                break;
            }
        }
        let Some(format) = args.get(i) else {
            return usage(ctx, "").await;
        };
        let rest = &args[i + 1..];
        let tz = ctx.shell.var("TZ");
        let now = ctx
            .shell
            .now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let limits = ctx.shell.limits().clone();
        let env = Env {
            limits: &limits,
            max_pass: ctx.shell.limits().max_buffer_bytes,
            tz: tz.as_deref(),
            now,
        };
        // The format is applied pass by pass (it is reused while arguments
        // remain) and the output written as it grows, held against the
        // memory budget meanwhile: formatting everything first built 4 GB
        // for `printf '%099999d\n' {1..100000}` before any limit applied.
        let max_var = ctx.shell.limits().max_variable_bytes;
        let mut charge = ctx.shell.memory().reservation();
        let mut list = ArgList {
            args: rest,
            next: 0,
            status: 0,
        };
        let mut out = Vec::new();
        let mut diags = Vec::new();
        loop {
            let before = list.next;
            let pass = one_pass(format.as_bytes(), &mut list, &env, &mut out, &mut diags);
            for d in diags.drain(..) {
                say(ctx, &d).await?;
            }
            let done = match pass? {
                Pass::Done => {
                    (list.next >= rest.len() || list.next == before).then_some(list.status)
                }
                Pass::Stop => Some(list.status),
                Pass::Error => Some(1),
            };
            charge.resize(out.len())?;
            ctx.shell.checkpoint()?;
            if var.is_some() {
                if out.len() > max_var {
                    return Err(Interrupt::limit(LimitKind::VariableBytes, max_var));
                }
            } else if out.len() >= FLUSH_BYTES || done.is_some() {
                if let Some(failed) = write_out(ctx, &out).await? {
                    return Ok(failed);
                }
                out.clear();
                charge.resize(0)?;
            }
            let Some(status) = done else { continue };
            if let Some(name) = var {
                let value = String::from_utf8_lossy(&out).into_owned();
                if let Err(m) = ctx.shell.set_var(&name, value) {
                    say(ctx, &m).await?;
                    return Ok(1);
                }
            }
            return Ok(status);
        }
    }
}

/// Output is written once this much has been formatted (and at the end).
const FLUSH_BYTES: usize = 32 * 1024;

/// Write `out` to standard output: `None` when written, else the status
/// to stop with. bash: a vanished reader kills the shell with SIGPIPE
/// (status 141); any other failure is `printf: write error: REASON`,
/// status 1 (`sh_chkwrite` in bash's builtins/common.c).
async fn write_out(ctx: &mut UtilityContext<'_>, out: &[u8]) -> Result<Option<i32>, Interrupt> {
    let stdout = ctx.stdout;
    match stdout.write(out).await {
        Ok(()) => Ok(None),
        Err(toolsh_command::io::OutputError::Interrupt(i)) => Err(i),
        Err(toolsh_command::io::OutputError::BrokenPipe) => Ok(Some(141)),
        Err(e) => {
            say(ctx, &format!("write error: {e}")).await?;
            Ok(Some(1))
        }
    }
}

async fn usage(ctx: &mut UtilityContext<'_>, msg: &str) -> UtilityResult {
    if !msg.is_empty() {
        say(ctx, msg).await?;
    }
    say(ctx, "usage: printf [-v var] format [arguments]").await?;
    Ok(2)
}

/// `printf: MSG` on standard error.
async fn say(
    ctx: &mut UtilityContext<'_>,
    msg: &str,
) -> Result<(), toolsh_command::limits::Interrupt> {
    let line = format!("{}: {msg}\n", ctx.name());
    let err = ctx.stderr;
    toolsh_command::utility::write_status(err.write_str(&line).await).map(|_| ())
}

const HELP: &str = "printf: printf [-v var] format [arguments]
    Formats and prints ARGUMENTS under control of the FORMAT.

    Options:
      -v var\tassign the output to shell variable VAR rather than
    \t\tdisplay it on the standard output

    FORMAT is a character string which contains three types of objects:
    plain characters, which are simply copied to standard output; character
    escape sequences, which are converted and copied to the standard output;
    and format specifications, each of which causes printing of the next
    successive argument.  Besides the C conversions, %b expands backslash
    escapes in its argument, %q and %Q quote it for reuse as shell input and
    %(fmt)T prints a date-time string from strftime(3) format FMT.

    Exit Status:
    Returns success unless an invalid option is given or a write or
    assignment error occurs.
";

/// The size of bash's `%(fmt)T` buffer (`TIMELEN_MAX`, builtins/printf.def):
/// results of this many bytes or more print as empty.
const TIME_BUFFER: usize = 128;

/// What the formatter needs from the shell.
struct Env<'a> {
    /// The execution's limits: `max_format_width` bounds widths and
    /// precisions, strftime's output too.
    limits: &'a toolsh_command::limits::ExecutionLimits,
    /// Most bytes one pass of the format may produce
    /// (`max_buffer_bytes`): one pass of thousands of wide conversions is
    /// stopped as it grows, not after.
    max_pass: usize,
    tz: Option<&'a str>,
    now: i64,
}

/// The argument cursor, with the errors its conversions produced.
struct ArgList<'a> {
    args: &'a [String],
    next: usize,
    status: i32,
}

impl ArgList<'_> {
    fn take(&mut self) -> Option<&str> {
        let a = self.args.get(self.next)?;
        self.next += 1;
        Some(a)
    }

    fn int(&mut self, diags: &mut Vec<String>) -> i64 {
        let Some(a) = self.take() else { return 0 };
        let p = number::to_int(a);
        self.report(p.error, p.warning, diags);
        p.value
    }

    fn uint(&mut self, diags: &mut Vec<String>) -> u64 {
        let Some(a) = self.take() else { return 0 };
        let p = number::to_uint(a);
        self.report(p.error, p.warning, diags);
        p.value
    }

    fn float(&mut self, diags: &mut Vec<String>) -> f64 {
        let Some(a) = self.take() else { return 0.0 };
        let p = number::to_float(a);
        self.report(p.error, p.warning, diags);
        p.value
    }

    fn report(&mut self, e: Option<String>, w: Option<String>, diags: &mut Vec<String>) {
        if let Some(e) = e {
            diags.push(e);
            self.status = 1;
        }
        if let Some(w) = w {
            diags.push(w);
        }
    }
}

/// A width or precision from the format or a `*` argument, bounded by
/// `max_format_width` (before any padding is made).
fn limit(env: &Env<'_>, n: u64) -> Result<usize, Interrupt> {
    toolsh_command::numarg::format_width(env.limits, n)
}

enum Pass {
    Done,
    /// `\c` in `%b`: stop all output.
    Stop,
    /// An invalid format: status 1, output stops.
    Error,
}

fn one_pass(
    fmt: &[u8],
    list: &mut ArgList<'_>,
    env: &Env<'_>,
    out: &mut Vec<u8>,
    diags: &mut Vec<String>,
) -> Result<Pass, Interrupt> {
    let mut i = 0;
    let start = out.len();
    while i < fmt.len() {
        within_buffer(out.len() - start, env.max_pass)?;
        let c = fmt[i];
        if c == b'\\' && i + 1 < fmt.len() {
            let d = escape::decode(&fmt[i + 1..], Dialect::Format, out);
            if let Some(w) = d.warning {
                diags.push(w.to_string());
            }
            i += 1 + d.consumed;
            continue;
        }
        if c != b'%' {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            out.push(b'%');
            i += 1;
            continue;
        }
        let mut spec = Spec::default();
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                b'\'' => {}
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            let w = list.int(diags);
            if w < 0 {
                spec.left = true;
            }
            spec.width = limit(env, w.unsigned_abs())?;
        } else {
            let (n, used) = digits(&fmt[i..]);
            spec.width = limit(env, n)?;
            i += used;
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                let p = list.int(diags);
                spec.precision = if p < 0 {
                    None
                } else {
                    Some(limit(env, p.unsigned_abs())?)
                };
            } else {
                let (n, used) = digits(&fmt[i..]);
                spec.precision = Some(limit(env, n)?);
                i += used;
            }
        }
        while matches!(fmt.get(i), Some(b'h' | b'l' | b'L' | b'j' | b'z' | b't')) {
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            let start = fmt[..i].iter().rposition(|&b| b == b'%').unwrap_or(0);
            diags.push(format!(
                "`{}': missing format character",
                String::from_utf8_lossy(&fmt[start..])
            ));
            return Ok(Pass::Error);
        };
        i += 1;
        match conv {
            b'd' | b'i' => render::signed(&spec, list.int(diags), out),
            b'u' | b'o' | b'x' | b'X' => {
                render::unsigned(&spec, conv as char, list.uint(diags), out);
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                render::float(&spec, conv as char, list.float(diags), out);
            }
            b'c' => {
                let a = list.take().unwrap_or("");
                let b = a.as_bytes().first().copied().unwrap_or(0);
                spec.precision = None;
                render::string(&spec, &[b], out);
            }
            b's' => render::string(&spec, list.take().unwrap_or("").as_bytes(), out),
            b'b' => {
                let (bytes, stop, warns) = escape::expand_arg(list.take().unwrap_or("").as_bytes());
                diags.extend(warns.into_iter().map(str::to_string));
                render::string(&spec, &bytes, out);
                if stop {
                    return Ok(Pass::Stop);
                }
            }
            b'q' => {
                let q = quote::shell_quote(list.take().unwrap_or("").as_bytes());
                render::string(&spec, &q, out);
            }
            b'Q' => {
                let a = list.take().unwrap_or("").as_bytes();
                let a = match spec.precision {
                    Some(p) if p < a.len() => &a[..p],
                    _ => a,
                };
                let q = quote::shell_quote(a);
                spec.precision = None;
                render::string(&spec, &q, out);
            }
            b'(' => {
                let Some(close) = fmt[i..].iter().position(|&b| b == b')') else {
                    diags.push("`(': missing time format specification".to_string());
                    return Ok(Pass::Error);
                };
                let tfmt = &fmt[i..i + close];
                i += close + 1;
                if fmt.get(i) != Some(&b'T') {
                    diags.push(format!(
                        "`{}': invalid time format specification",
                        fmt.get(i).map_or('\0', |&b| b as char)
                    ));
                    return Ok(Pass::Error);
                }
                i += 1;
                let secs = match list.take() {
                    None | Some("") => env.now,
                    Some(a) => {
                        let p = number::to_int(a);
                        list.report(p.error, p.warning, diags);
                        if p.value < 0 { env.now } else { p.value }
                    }
                };
                let tfmt = if tfmt.is_empty() { &b"%X"[..] } else { tfmt };
                let zone = strftime::Zone::from_tz(env.tz);
                let mut text = strftime::format(tfmt, secs, 0, &zone, env.limits)?;
                // bash formats into a 128-byte buffer (`TIMELEN_MAX`):
                // a longer result prints nothing.
                if text.len() >= TIME_BUFFER {
                    text.clear();
                }
                render::string(&spec, &text, out);
            }
            other => {
                diags.push(format!("`{}': invalid format character", other as char));
                return Ok(Pass::Error);
            }
        }
    }
    Ok(Pass::Done)
}

/// The digits at the start of `s`: their value (saturated) and count.
fn digits(s: &[u8]) -> (u64, usize) {
    let n = s.iter().take_while(|b| b.is_ascii_digit()).count();
    let text = std::str::from_utf8(&s[..n]).unwrap_or("");
    let v = toolsh_command::numarg::scan_decimal(text).map_or(0, |(v, _)| v);
    (v, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str]) -> (String, String, i32) {
        let mut sh = TestShell::default();
        let mut argv = vec!["printf"];
        argv.extend_from_slice(args);
        let r = sh.run(&Printf, &argv, "").await;
        (r.stdout, r.stderr, r.status.unwrap())
    }

    #[tokio::test]
    async fn reuses_format_and_reports_bad_numbers() {
        assert_eq!(run(&["%d %s\n", "1", "a", "2"]).await.0, "1 a\n2 \n");
        let (out, err, st) = run(&["%d\n", "12abc"]).await;
        assert_eq!((out.as_str(), st), ("12\n", 1));
        assert_eq!(err, "printf: 12abc: invalid number\n");
    }

    #[tokio::test]
    async fn stops_at_backslash_c_and_bad_conversion() {
        assert_eq!(run(&["%b|%s", "a\\cb", "z"]).await.0, "a");
        let (out, _, st) = run(&["a%sb%kc", "x"]).await;
        assert_eq!((out.as_str(), st), ("axb", 1));
    }

    #[tokio::test]
    async fn assigns_with_v_and_bounds_width() {
        let mut sh = TestShell::default();
        let r = sh
            .run(&Printf, &["printf", "-v", "x", "%s-%s", "a", "b", "c"], "")
            .await;
        assert_eq!(r.status.unwrap(), 0);
        assert_eq!(sh.vars["x"], "a-bc-");
        sh.limits.max_format_width = 10;
        let r = sh.run(&Printf, &["printf", "%20s", "a"], "").await;
        assert!(r.status.is_err());
    }

    #[tokio::test]
    async fn time_conversion() {
        assert_eq!(
            run(&["%(%Y-%m-%d %H:%M:%S)T\n", "86399"]).await.0,
            "1970-01-01 23:59:59\n"
        );
    }
}
