//! `basename`: strip directory and suffix from names (GNU coreutils).

use super::common::{HasArg, Spec, base_name, long, missing_operand, parse_or_usage, usage_error};
use super::file_command;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `basename NAME [SUFFIX]`, `basename -a [-s SUFFIX] NAME...`, `-z`.
    Basename,
    "basename"
);

const SPEC: Spec = Spec {
    short: "as:z",
    long: &[
        long("multiple", HasArg::No, 'a'),
        long("suffix", HasArg::Yes, 's'),
        long("zero", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

/// The last component of `name` with `suffix` removed unless it is the
/// whole component.
pub(crate) fn strip(name: &str, suffix: &str) -> String {
    let base = base_name(name);
    match base.strip_suffix(suffix) {
        Some(b) if !b.is_empty() && !suffix.is_empty() && base != "/" => b.to_string(),
        _ => base.to_string(),
    }
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.is_empty() {
        missing_operand(ctx).await?;
        return Ok(1);
    }
    let multiple = p.has('a') || p.has('s');
    let suffix = p.last('s').unwrap_or("").to_string();
    let names: Vec<(String, String)> = if multiple {
        p.operands
            .iter()
            .map(|n| (n.clone(), suffix.clone()))
            .collect()
    } else {
        match p.operands.as_slice() {
            [n] => vec![(n.clone(), String::new())],
            [n, s] => vec![(n.clone(), s.clone())],
            [_, _, extra, ..] => {
                usage_error(
                    ctx,
                    &format!("extra operand {}", super::common::quote(extra)),
                )
                .await?;
                return Ok(1);
            }
            [] => unreachable!("checked above"),
        }
    };
    let end = if p.has('z') { "\0" } else { "\n" };
    let mut out = String::new();
    for (n, s) in names {
        out.push_str(&strip(&n, &s));
        out.push_str(end);
    }
    ctx.out(out.as_bytes()).await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};

    #[tokio::test]
    async fn names_and_suffixes() {
        let (mut sh, _) = shell();
        assert_eq!(
            out(&mut sh, &["basename", "/a/b.txt", ".txt"]).await,
            ("b\n".into(), 0)
        );
        assert_eq!(out(&mut sh, &["basename", "a/b/"]).await, ("b\n".into(), 0));
        assert_eq!(
            out(&mut sh, &["basename", ".txt", ".txt"]).await,
            (".txt\n".into(), 0)
        );
        assert_eq!(
            out(&mut sh, &["basename", "-s", ".c", "x.c", "y/z.c"]).await,
            ("x\nz\n".into(), 0)
        );
        assert_eq!(out(&mut sh, &["basename", "//"]).await, ("/\n".into(), 0));
        assert_eq!(out(&mut sh, &["basename"]).await.1, 1);
    }
}
