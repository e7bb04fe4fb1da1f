//! `dirname`: strip the last component from file names (GNU coreutils).

use super::common::{HasArg, Spec, long, parse_with_operands};
use super::file_command;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `dirname [-z] NAME...`.
    Dirname,
    "dirname"
);

const SPEC: Spec = Spec {
    short: "z",
    long: &[long("zero", HasArg::No, 'z')],
    stop_at_operand: false,
};

/// The directory part of `name`: `.` when there is none, `/` for names
/// made only of slashes.
pub(crate) fn dir_of(name: &str) -> String {
    let trimmed = name.trim_end_matches('/');
    if trimmed.is_empty() {
        return if name.is_empty() {
            ".".into()
        } else {
            "/".into()
        };
    }
    match trimmed.rfind('/') {
        None => ".".into(),
        Some(i) => {
            let d = trimmed[..i].trim_end_matches('/');
            if d.is_empty() { "/".into() } else { d.into() }
        }
    }
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_with_operands(ctx, &SPEC).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let end = if p.has('z') { "\0" } else { "\n" };
    let mut out = String::new();
    for n in &p.operands {
        out.push_str(&dir_of(n));
        out.push_str(end);
    }
    ctx.out(out.as_bytes()).await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::dir_of;

    #[test]
    fn gnu_cases() {
        for (i, o) in [
            ("/a/b", "/a"),
            ("a/b/", "a"),
            ("a", "."),
            ("/", "/"),
            ("//a", "/"),
            ("a//b", "a"),
            ("", "."),
            ("/a", "/"),
        ] {
            assert_eq!(dir_of(i), o, "{i}");
        }
    }
}
