//! `date`: print the shell clock's time, or a time given with `-d`, in a
//! GNU format (GNU coreutils manual, "date invocation"). Setting the clock
//! is refused.

// Byte-level algorithms ported from their C descriptions read best with
// the short names and explicit matches of those descriptions.
#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::trivially_copy_pass_by_ref,
    clippy::bool_to_int_with_if
)]

mod parse;
pub(crate) mod strftime;

use std::time::UNIX_EPOCH;

use async_trait::async_trait;

use strftime::Zone;
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, error, finish, parse_args, usage_error};
use toolsh_command::utility::{Utility, UtilityContext, UtilityResult};

/// `date [-u] [-d STRING] [-I[FMT] | -R | --rfc-3339=FMT] [+FORMAT]`.
#[derive(Debug, Default)]
pub struct Date;

const SPEC: Spec = Spec {
    short: "d:uRI::r:",
    long: &[
        long("date", HasArg::Yes, 'd'),
        long("utc", HasArg::No, 'u'),
        long("universal", HasArg::No, 'u'),
        long("rfc-email", HasArg::No, 'R'),
        long("rfc-2822", HasArg::No, 'R'),
        long("iso-8601", HasArg::Optional, 'I'),
        long("rfc-3339", HasArg::Yes, '3'),
        long("reference", HasArg::Yes, 'r'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: date [OPTION]... [+FORMAT]
Display the date and time in the given FORMAT.

  -d, --date=STRING          display time described by STRING, not 'now'
  -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format;
                               FMT is 'date', 'hours', 'minutes', 'seconds' or 'ns'
  -R, --rfc-email            output date and time in RFC 5322 format
      --rfc-3339=FMT         output date/time in RFC 3339 format;
                               FMT is 'date', 'seconds' or 'ns'
  -r, --reference=FILE       display the last modification time of FILE
  -u, --utc, --universal     print Coordinated Universal Time (UTC)
      --help                 display this help and exit

FORMAT conversions are those of GNU date (%Y %m %d %H %M %S %N %s %z %:z
%Z %a %b %j %u %V ...), with the flags - _ 0 ^ # and a field width.
TZ may be UTC or a POSIX fixed offset such as EST5.
";

#[async_trait]
impl Utility for Date {
    fn name(&self) -> &'static str {
        "date"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let r = body(ctx).await;
        finish(ctx, r).await
    }
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut zone = Zone::from_tz(ctx.shell.var("TZ").as_deref());
    let mut format: Option<String> = None;
    let mut date_str = None;
    let mut reference = None;
    for (k, v) in &args.opts {
        match k {
            'u' => zone = Zone::utc(),
            'd' => date_str.clone_from(v),
            'r' => reference.clone_from(v),
            'R' => format = Some("%a, %d %b %Y %H:%M:%S %z".into()),
            'I' => {
                let which = v.as_deref().unwrap_or("date");
                let f = match which {
                    "date" | "d" | "da" | "dat" => "%Y-%m-%d",
                    "hours" | "h" | "ho" | "hou" | "hour" => "%Y-%m-%dT%H%:z",
                    "minutes" | "m" | "mi" | "min" => "%Y-%m-%dT%H:%M%:z",
                    "seconds" | "s" | "se" | "sec" => "%Y-%m-%dT%H:%M:%S%:z",
                    "ns" | "n" => "%Y-%m-%dT%H:%M:%S,%N%:z",
                    _ => {
                        let msg = format!(
                            "invalid argument '{which}' for '--iso-8601'\nValid arguments are:\n  - 'hours'\n  - 'minutes'\n  - 'date'\n  - 'seconds'\n  - 'ns'"
                        );
                        usage_error(ctx, &msg, 1).await?;
                        return Ok(1);
                    }
                };
                format = Some(f.into());
            }
            '3' => {
                let which = v.as_deref().unwrap_or("");
                let f = match which {
                    "date" => "%Y-%m-%d",
                    "seconds" => "%Y-%m-%d %H:%M:%S%:z",
                    "ns" => "%Y-%m-%d %H:%M:%S.%N%:z",
                    _ => {
                        let msg = format!(
                            "invalid argument '{which}' for '--rfc-3339'\nValid arguments are:\n  - 'date'\n  - 'seconds'\n  - 'ns'"
                        );
                        usage_error(ctx, &msg, 1).await?;
                        return Ok(1);
                    }
                };
                format = Some(f.into());
            }
            _ => {}
        }
    }
    let mut operands = args.operands.iter();
    if let Some(op) = operands.next() {
        if let Some(f) = op.strip_prefix('+') {
            if format.is_some() {
                usage_error(ctx, "multiple output formats specified", 1).await?;
                return Ok(1);
            }
            format = Some(f.to_string());
        } else {
            if date_str.is_some() || reference.is_some() {
                usage_error(
                    ctx,
                    &format!("the argument '{op}' lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'"),
                    1,
                )
                .await?;
                return Ok(1);
            }
            error(ctx, "cannot set date: Operation not permitted").await?;
            return Ok(1);
        }
        if let Some(extra) = operands.next() {
            usage_error(ctx, &format!("extra operand '{extra}'"), 1).await?;
            return Ok(1);
        }
    }
    let now = ctx
        .shell
        .now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let now = parse::Instant {
        secs: now.as_secs() as i64,
        nanos: now.subsec_nanos(),
    };
    let when = if let Some(path) = reference {
        let abs = ctx.resolve_path(&path);
        match ctx.shell.fs().metadata(&abs).await {
            Ok(m) => {
                let d = m.mtime.duration_since(UNIX_EPOCH).unwrap_or_default();
                parse::Instant {
                    secs: d.as_secs() as i64,
                    nanos: d.subsec_nanos(),
                }
            }
            Err(e) => {
                error(ctx, &format!("{path}: {e}")).await?;
                return Ok(1);
            }
        }
    } else if let Some(s) = date_str {
        let Some(t) = parse::parse(&s, now, &zone) else {
            error(ctx, &format!("invalid date '{s}'")).await?;
            return Ok(1);
        };
        t
    } else {
        now
    };
    let fmt = format.unwrap_or_else(|| "%a %b %e %H:%M:%S %Z %Y".to_string());
    let mut text = strftime::format(
        fmt.as_bytes(),
        when.secs,
        when.nanos,
        &zone,
        ctx.shell.limits(),
    )?;
    text.push(b'\n');
    let out = ctx.stdout;
    out.write(&text).await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    #[tokio::test]
    async fn formats_given_dates() {
        let mut sh = TestShell::default();
        let r = sh
            .run(
                &Date,
                &["date", "-u", "-d", "2024-03-01 12:34:56", "+%F %T %a %j"],
                "",
            )
            .await;
        assert_eq!(r.stdout, "2024-03-01 12:34:56 Fri 061\n");
        let r = sh.run(&Date, &["date", "-d", "@0"], "").await;
        assert_eq!(r.stdout, "Thu Jan  1 00:00:00 UTC 1970\n");
        let r = sh.run(&Date, &["date", "-d", "nope"], "").await;
        assert_eq!(
            (r.stderr.as_str(), r.status.unwrap()),
            ("date: invalid date 'nope'\n", 1)
        );
        let r = sh.run(&Date, &["date", "-Iseconds", "-d", "@0"], "").await;
        assert_eq!(r.stdout, "1970-01-01T00:00:00+00:00\n");
    }
}
