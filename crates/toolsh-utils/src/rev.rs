//! `rev`: reverse the bytes of each line (util-linux `rev`; in the C
//! locale characters are bytes).

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::Spec;
use toolsh_command::textio::{Flow, OpenWording, filter_lines, operand_names, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `rev [FILE]...`.
    Rev,
    "rev",
    body
);

const SPEC: Spec = Spec {
    short: "",
    long: &[],
    stop_at_operand: false,
};

const HELP: &str = "Usage: rev [options] [file ...]
Reverse lines characterwise.

      --help     display this help
";

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let names = operand_names(&args);
    let wording = OpenWording::Prefixed("cannot open ");
    filter_lines(ctx, &names, wording, b'\n', |line, ended, res| {
        res.extend(line.iter().rev());
        if ended {
            res.push(b'\n');
        }
    })
    .await
}
