//! `sleep`: pause for the sum of its arguments (`N[smhd]`, decimal
//! fractions allowed) on the shell's clock, bounded by the deadline (GNU
//! coreutils manual, "sleep invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::Spec;
use toolsh_command::number::scan::scan_float;
use toolsh_command::textio::{Flow, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `sleep NUMBER[SUFFIX]...`.
    Sleep,
    "sleep",
    body
);

const SPEC: Spec = Spec {
    short: "",
    long: &[],
    stop_at_operand: false,
};

const HELP: &str = "Usage: sleep NUMBER[SUFFIX]...
Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
integer.  Given two or more arguments, pause for the amount of time
specified by the sum of their values.

      --help     display this help and exit
";

/// Parse a GNU duration (`1.5`, `2m`, `inf`) into seconds.
pub(crate) fn parse_duration(s: &str) -> Option<f64> {
    let (v, used) = scan_float(s.as_bytes());
    if used == 0 || v.is_nan() || v < 0.0 {
        return None;
    }
    let mult = match &s[used..] {
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        _ => return None,
    };
    Some(v * mult)
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    if args.operands.is_empty() {
        usage_error(ctx, "missing operand", 1).await?;
        return Ok(1);
    }
    let mut total = 0.0;
    let mut bad = false;
    for op in &args.operands {
        match parse_duration(op) {
            Some(v) => total += v,
            None => {
                toolsh_command::textio::error(ctx, &format!("invalid time interval '{op}'"))
                    .await?;
                bad = true;
            }
        }
    }
    if bad {
        usage_error(ctx, "", 1).await.ok();
        return Ok(1);
    }
    // `inf` and `1e19` wait at most `MAX_DURATION`: the deadline first.
    let d = toolsh_command::numarg::duration(total).unwrap_or(toolsh_command::numarg::MAX_DURATION);
    ctx.shell.sleep(d).await?;
    Ok(0)
}
