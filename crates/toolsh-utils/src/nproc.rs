//! `nproc`: the number of processing units available (GNU coreutils
//! manual, "nproc invocation"). A sandboxed script runs on one
//! interpreter task and `xargs -P` runs one command at a time, so the
//! answer is 1 whatever the host has: the host's processor count is not
//! shown to the script.

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, error, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `nproc [--all] [--ignore=N]`: prints 1 (see the module docs);
    /// `--ignore` must be a non-negative integer (status 1 otherwise).
    Nproc,
    "nproc",
    body
);

const SPEC: Spec = Spec {
    short: "",
    long: &[
        long("all", HasArg::No, 'a'),
        long("ignore", HasArg::Yes, 'i'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: nproc [OPTION]...
Print the number of processing units available to the current process,
which may be less than the number of online processors

      --all       print the number of installed processors
      --ignore=N  if possible, exclude N processing units
      --help     display this help and exit
";

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    if let Some(op) = args.operands.first() {
        error(ctx, &format!("extra operand '{op}'")).await?;
        return Ok(1);
    }
    for (k, v) in &args.opts {
        if *k == 'i' {
            let v = v.as_deref().unwrap_or("");
            if v.parse::<u64>().is_err() {
                error(ctx, &format!("invalid number: '{v}'")).await?;
                return Ok(1);
            }
        }
    }
    ctx.out(b"1\n").await?;
    Ok(0)
}
