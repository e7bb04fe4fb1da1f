//! `rev`: reverse the characters of each line (util-linux `rev`): UTF-8
//! sequences under a UTF-8 locale, bytes in the C locale. A line that is
//! not valid UTF-8 has its stray bytes reversed as single characters
//! (util-linux stops there with "Invalid or incomplete multibyte or wide
//! character"; see docs/compatibility.md).

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
    let utf8 = ctx.shell.locale().is_utf8();
    filter_lines(ctx, &names, wording, b'\n', |line, ended, res| {
        if utf8 && !line.is_ascii() {
            reverse_chars(line, res);
        } else {
            res.extend(line.iter().rev());
        }
        if ended {
            res.push(b'\n');
        }
    })
    .await
}

/// Append the UTF-8 characters of `line` to `res` in reverse order; a
/// byte outside a valid sequence is one character.
fn reverse_chars(line: &[u8], res: &mut Vec<u8>) {
    let mut pieces: Vec<&[u8]> = Vec::new();
    for chunk in line.utf8_chunks() {
        let valid = chunk.valid();
        pieces.extend(
            valid
                .char_indices()
                .map(|(i, c)| &valid.as_bytes()[i..i + c.len_utf8()]),
        );
        pieces.extend(chunk.invalid().chunks(1));
    }
    for p in pieces.iter().rev() {
        res.extend_from_slice(p);
    }
}
