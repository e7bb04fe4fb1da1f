//! `true`, `false`, `:`, `exit`, `return`, `break`, `continue`.

use super::builtin;
use crate::exec::Ctl;

builtin!(
    /// `true` and `:`.
    true_,
    |_it, _c| { Ok(0) }
);

builtin!(
    /// `false`.
    false_,
    |_it, _c| { Ok(1) }
);

/// Parse an optional status argument (`exit N`, `return N`).
async fn status_arg(
    it: &mut crate::exec::Interp,
    c: &crate::exec::Call<'_>,
) -> crate::exec::R<Result<i32, i32>> {
    match c.args.get(1) {
        None => Ok(Ok(it.st.last_status)),
        Some(a) => match a.trim().parse::<i64>() {
            Ok(n) => {
                if c.args.len() > 2 {
                    it.error(&format!("{}: too many arguments", c.args[0]))
                        .await?;
                    return Ok(Err(1));
                }
                Ok(Ok((n & 0xff) as i32))
            }
            Err(_) => {
                it.error(&format!("{}: {a}: numeric argument required", c.args[0]))
                    .await?;
                Ok(Err(2))
            }
        },
    }
}

builtin!(
    /// `exit [n]`.
    exit,
    |it, c| {
        match status_arg(it, &c).await? {
            Ok(s) => Err(Ctl::Exit(s)),
            Err(s) => Err(Ctl::Exit(s)),
        }
    }
);

builtin!(
    /// `return [n]`.
    return_,
    |it, c| {
        if it.st.frames.is_empty() && it.st.source_depth == 0 {
            it.error("return: can only `return' from a function or sourced script")
                .await?;
            return Ok(2);
        }
        match status_arg(it, &c).await? {
            Ok(s) => Err(Ctl::Return(s)),
            Err(s) => Err(Ctl::Return(s)),
        }
    }
);

async fn loop_count(
    it: &mut crate::exec::Interp,
    c: &crate::exec::Call<'_>,
) -> crate::exec::R<Result<u32, i32>> {
    let n = match c.args.get(1) {
        None => 1,
        Some(a) => match a.parse::<i64>() {
            Ok(n) if n >= 1 => n.min(i64::from(u32::MAX)) as u32,
            Ok(n) => {
                it.error(&format!("{}: {n}: loop count out of range", c.args[0]))
                    .await?;
                if it.st.loop_depth == 0 {
                    return Ok(Err(1));
                }
                // bash (break.def): an out-of-range count breaks out of
                // every enclosing loop with status 1, for `continue` too.
                it.st.break_status = 1;
                return Err(Ctl::Break(it.st.loop_depth));
            }
            Err(_) => {
                it.error(&format!("{}: {a}: numeric argument required", c.args[0]))
                    .await?;
                return Ok(Err(128));
            }
        },
    };
    if it.st.loop_depth == 0 {
        it.error(&format!(
            "{}: only meaningful in a `for', `while', or `until' loop",
            c.args[0]
        ))
        .await?;
        return Ok(Err(0));
    }
    Ok(Ok(n.min(it.st.loop_depth)))
}

builtin!(
    /// `break [n]`.
    break_,
    |it, c| {
        match loop_count(it, &c).await? {
            Ok(n) => Err(Ctl::Break(n)),
            Err(s) => Ok(s),
        }
    }
);

builtin!(
    /// `continue [n]`.
    continue_,
    |it, c| {
        match loop_count(it, &c).await? {
            Ok(n) => Err(Ctl::Continue(n)),
            Err(s) => Ok(s),
        }
    }
);
