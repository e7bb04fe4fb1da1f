//! `printenv`: print exported shell variables (GNU coreutils manual,
//! "printenv invocation"). Only the shell's own exported variables exist:
//! the host environment is never visible.

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OutBuf, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `printenv [-0] [VARIABLE]...`: every exported variable as
    /// `NAME=VALUE`, or the value of each named one; status 1 when a named
    /// variable is not exported, 2 on a usage error.
    Printenv,
    "printenv",
    body
);

const SPEC: Spec = Spec {
    short: "0",
    long: &[long("null", HasArg::No, '0')],
    stop_at_operand: false,
};

const HELP: &str = "Usage: printenv [OPTION]... [VARIABLE]...
Print the values of the specified environment VARIABLE(s).
If no VARIABLE is specified, print name and value pairs for them all.

  -0, --null     end each output line with NUL, not newline
      --help     display this help and exit
";

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 2).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let end = if args.has('0') { '\0' } else { '\n' };
    let vars = ctx.shell.exported_vars();
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    if args.operands.is_empty() {
        for (n, v) in vars {
            out.write_str(&format!("{n}={v}{end}")).await?;
        }
    } else {
        for name in &args.operands {
            // A name holding `=` is never a variable (coreutils).
            match vars.iter().find(|(n, _)| n == name && !name.contains('=')) {
                Some((_, v)) => out.write_str(&format!("{v}{end}")).await?,
                None => status = 1,
            }
        }
    }
    out.flush().await?;
    Ok(status)
}
