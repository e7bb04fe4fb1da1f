//! `df`: report file-system space usage (GNU coreutils layout) for the
//! sandbox's single file system, sized by its limits.

use std::fmt::Write as _;

use super::common::{HasArg, Spec, human, long, parse_or_usage};
use super::file_command;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `df [-h] [-i] [-k] [FILE...]`.
    Df,
    "df"
);

const SPEC: Spec = Spec {
    short: "hikPTa",
    long: &[
        long("human-readable", HasArg::No, 'h'),
        long("inodes", HasArg::No, 'i'),
        long("portability", HasArg::No, 'P'),
        long("print-type", HasArg::No, 'T'),
        long("all", HasArg::No, 'a'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let fs = ctx.shell.fs();
    for op in &p.operands {
        if let Err(e) = fs.metadata(&ctx.resolve_path(op)).await {
            ctx.err_msg(&format!("{op}: {e}")).await?;
            return Ok(1);
        }
    }
    let st = match fs.stats().await {
        Ok(s) => s,
        Err(e) => {
            ctx.err_msg(&e.to_string()).await?;
            return Ok(1);
        }
    };
    let (headers, total, used): ([&str; 4], u64, u64) = if p.has('i') {
        (
            ["Inodes", "IUsed", "IFree", "IUse%"],
            st.total_nodes,
            st.used_nodes,
        )
    } else if p.has('h') {
        (
            ["Size", "Used", "Avail", "Use%"],
            st.total_bytes,
            st.used_bytes,
        )
    } else {
        (
            ["1K-blocks", "Used", "Available", "Use%"],
            st.total_bytes,
            st.used_bytes,
        )
    };
    let free = total.saturating_sub(used);
    let show = |n: u64| {
        if p.has('i') {
            n.to_string()
        } else if p.has('h') {
            human(n)
        } else {
            n.div_ceil(1024).to_string()
        }
    };
    let pct = if total == 0 {
        "-".to_string()
    } else {
        format!("{}%", (used * 100).div_ceil(total))
    };
    let cols = [show(total), show(used), show(free), pct];
    let mut line1 = format!("{:<14}", "Filesystem");
    let mut line2 = format!("{:<14}", "toolsh");
    if p.has('T') {
        line1.push_str(" Type  ");
        line2.push_str(" memfs ");
    }
    for (h, v) in headers.iter().zip(cols.iter()) {
        let w = h.len().max(v.len());
        let _ = write!(line1, " {h:>w$}");
        let _ = write!(line2, " {v:>w$}");
    }
    let out = format!("{line1} Mounted on\n{line2} /\n");
    ctx.out(out.as_bytes()).await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};

    #[tokio::test]
    async fn reports_limits() {
        let (mut sh, _) = shell();
        let (o, s) = out(&mut sh, &["df", "-h"]).await;
        assert_eq!(s, 0);
        assert_eq!(
            o,
            "Filesystem     Size Used Avail Use% Mounted on\ntoolsh         128M    0  128M   0% /\n"
        );
    }
}
