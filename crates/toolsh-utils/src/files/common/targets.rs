//! Working out source/destination pairs for `cp` and `mv`
//! (`SRC DEST`, `SRC... DIR`, `-t DIR`, `-T`), as GNU does.

use super::{base_name, join_path, quote, usage_error};
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::UtilityContext;

/// Pairs of (source operand, destination name as shown), or the exit
/// status after a usage error was printed.
pub(crate) async fn pairs(
    ctx: &UtilityContext<'_>,
    operands: &[String],
    target_dir: Option<&str>,
    no_target_dir: bool,
) -> Result<Result<Vec<(String, String)>, i32>, Interrupt> {
    let fs = ctx.shell.fs();
    if let Some(dir) = target_dir {
        if operands.is_empty() {
            usage_error(ctx, "missing file operand").await?;
            return Ok(Err(1));
        }
        let abs = ctx.resolve_path(dir);
        if !fs.metadata(&abs).await.is_ok_and(|m| m.is_dir()) {
            ctx.err_msg(&format!("target directory {}: Not a directory", quote(dir)))
                .await?;
            return Ok(Err(1));
        }
        return Ok(Ok(operands
            .iter()
            .map(|s| (s.clone(), join_path(dir, base_name(s))))
            .collect()));
    }
    match operands {
        [] => {
            usage_error(ctx, "missing file operand").await?;
            Ok(Err(1))
        }
        [one] => {
            usage_error(
                ctx,
                &format!("missing destination file operand after {}", quote(one)),
            )
            .await?;
            Ok(Err(1))
        }
        [src, dest] if no_target_dir => Ok(Ok(vec![(src.clone(), dest.clone())])),
        _ if no_target_dir => {
            usage_error(ctx, &format!("extra operand {}", quote(&operands[2]))).await?;
            Ok(Err(1))
        }
        _ => {
            let (dest, srcs) = operands.split_last().expect("two or more");
            let abs = ctx.resolve_path(dest);
            let is_dir = fs.metadata(&abs).await.is_ok_and(|m| m.is_dir());
            if is_dir {
                Ok(Ok(srcs
                    .iter()
                    .map(|s| (s.clone(), join_path(dest, base_name(s))))
                    .collect()))
            } else if srcs.len() > 1 {
                ctx.err_msg(&format!("target {}: Not a directory", quote(dest)))
                    .await?;
                Ok(Err(1))
            } else {
                Ok(Ok(vec![(srcs[0].clone(), dest.clone())]))
            }
        }
    }
}
