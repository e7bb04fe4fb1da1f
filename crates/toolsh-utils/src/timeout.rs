//! `timeout`: run a command (builtin, function or tool) and stop it after
//! a duration (GNU coreutils manual, "timeout invocation"). Status 124 on
//! timeout (or the signal's 128+N with `--preserve-status`), 125 for
//! timeout's own errors, otherwise the command's status.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use crate::sleep::parse_duration;
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::io::Input;
use toolsh_command::textio::{Flow, error, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `timeout [OPTION] DURATION COMMAND [ARG]...`.
    Timeout,
    "timeout",
    body
);

const SPEC: Spec = Spec {
    short: "k:s:v",
    long: &[
        long("kill-after", HasArg::Yes, 'k'),
        long("signal", HasArg::Yes, 's'),
        long("verbose", HasArg::No, 'v'),
        long("preserve-status", HasArg::No, 'p'),
        long("foreground", HasArg::No, 'f'),
    ],
    stop_at_operand: true,
};

const HELP: &str = "Usage: timeout [OPTION] DURATION COMMAND [ARG]...
Start COMMAND, and kill it if still running after DURATION.

      --preserve-status  exit with the same status as COMMAND, even when the
                           command times out
      --foreground       (accepted)
  -k, --kill-after=DURATION  (accepted)
  -s, --signal=SIGNAL    specify the signal to be sent on timeout
  -v, --verbose          diagnose to stderr any signal sent upon timeout
      --help             display this help and exit

DURATION is a floating point number with an optional suffix: 's' for
seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.
A duration of 0 disables the associated timeout.

Exit status: 124 if COMMAND times out, 125 if timeout itself fails,
otherwise the exit status of COMMAND.
";

fn signal_number(s: &str) -> Option<i32> {
    let name = s.trim_start_matches("SIG");
    if let Ok(n) = name.parse::<i32>() {
        return Some(n);
    }
    Some(match name {
        "HUP" => 1,
        "INT" => 2,
        "QUIT" => 3,
        "KILL" => 9,
        "USR1" => 10,
        "USR2" => 12,
        "TERM" => 15,
        _ => return None,
    })
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 125).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let signal = match args.last('s') {
        None => 15,
        Some(s) => match signal_number(s) {
            Some(n) => n,
            None => {
                error(ctx, &format!("{s}: invalid signal")).await?;
                return Ok(125);
            }
        },
    };
    let ops = &args.operands;
    if ops.len() < 2 {
        let m = if ops.is_empty() {
            "missing operand".to_string()
        } else {
            format!("missing operand after '{}'", ops[0])
        };
        usage_error(ctx, &m, 125).await?;
        return Ok(125);
    }
    let Some(secs) = parse_duration(&ops[0]) else {
        error(ctx, &format!("invalid time interval '{}'", ops[0])).await?;
        return Ok(125);
    };
    let argv = ops[1..].to_vec();
    let (out, err) = (ctx.stdout, ctx.stderr);
    let stdin = std::mem::take(ctx.stdin);
    let fut = ctx.shell.run_command(argv.clone(), stdin, out, err);
    if secs == 0.0 {
        return Ok(fut.await?);
    }
    let d = toolsh_command::numarg::duration(secs).unwrap_or(toolsh_command::numarg::MAX_DURATION);
    match tokio::time::timeout(d, fut).await {
        Ok(r) => Ok(r?),
        Err(_) => {
            if args.has('v') {
                error(
                    ctx,
                    &format!(
                        "sending signal {} to command '{}'",
                        signal_name(signal),
                        argv[0]
                    ),
                )
                .await?;
            }
            Ok(if args.has('p') { 128 + signal } else { 124 })
        }
    }
}

fn signal_name(n: i32) -> String {
    match n {
        1 => "HUP".into(),
        2 => "INT".into(),
        9 => "KILL".into(),
        15 => "TERM".into(),
        n => n.to_string(),
    }
}

#[allow(dead_code)]
fn _keep(_: Input) {}
