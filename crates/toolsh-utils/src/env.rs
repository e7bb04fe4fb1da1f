//! `env`: print the exported shell variables, or run a command with
//! extra variables (GNU coreutils manual, "env invocation"). Only the
//! shell's own variables exist: the host environment is never visible.
//! `NAME=VALUE` assignments before a command are set for its duration
//! and restored afterwards (a variable that was unset comes back empty).

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OutBuf, error, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `env [-i] [-u NAME] [-0] [NAME=VALUE]... [COMMAND [ARG]...]`.
    Env,
    "env",
    body
);

const SPEC: Spec = Spec {
    short: "+i0u:C:S:v",
    long: &[
        long("ignore-environment", HasArg::No, 'i'),
        long("null", HasArg::No, '0'),
        long("unset", HasArg::Yes, 'u'),
        long("chdir", HasArg::Yes, 'C'),
        long("split-string", HasArg::Yes, 'S'),
        long("debug", HasArg::No, 'v'),
    ],
    stop_at_operand: true,
};

const HELP: &str = "Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
Set each NAME to VALUE in the environment and run COMMAND.

  -i, --ignore-environment  start with an empty environment
  -0, --null           end each output line with NUL, not newline
  -u, --unset=NAME     remove variable from the environment
      --help     display this help and exit

A mere - implies -i.  If no COMMAND, print the resulting environment.
";

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 125).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut ignore = args.has('i');
    let unset: Vec<String> = args
        .opts
        .iter()
        .filter(|(k, _)| *k == 'u')
        .filter_map(|(_, v)| v.clone())
        .collect();
    let mut ops = args.operands.as_slice();
    if ops.first().is_some_and(|o| o == "-") {
        ignore = true;
        ops = &ops[1..];
    }
    let mut assigns = Vec::new();
    while let Some(first) = ops.first() {
        match first.split_once('=') {
            Some((name, value)) if !name.is_empty() => {
                assigns.push((name.to_string(), value.to_string()));
                ops = &ops[1..];
            }
            _ => break,
        }
    }
    if ops.is_empty() {
        let mut vars: Vec<(String, String)> = if ignore {
            Vec::new()
        } else {
            ctx.shell.exported_vars()
        };
        vars.retain(|(n, _)| !unset.contains(n));
        for (n, v) in assigns {
            if let Some(slot) = vars.iter_mut().find(|(k, _)| *k == n) {
                slot.1 = v;
            } else {
                vars.push((n, v));
            }
        }
        let end = if args.has('0') { '\0' } else { '\n' };
        let stdout = ctx.stdout;
        let mut out = OutBuf::new(stdout);
        for (n, v) in vars {
            out.write_str(&format!("{n}={v}{end}")).await?;
        }
        out.flush().await?;
        return Ok(0);
    }
    let mut saved = Vec::new();
    for (n, v) in &assigns {
        saved.push((n.clone(), ctx.shell.var(n)));
        if let Err(m) = ctx.shell.set_var(n, v.clone()) {
            error(ctx, &m).await?;
            return Ok(125);
        }
    }
    let (out, err) = (ctx.stdout, ctx.stderr);
    let stdin = std::mem::take(ctx.stdin);
    let result = ctx.shell.run_command(ops.to_vec(), stdin, out, err).await;
    for (n, old) in saved.into_iter().rev() {
        let _ = ctx.shell.set_var(&n, old.unwrap_or_default());
    }
    Ok(result?)
}
