//! `$(< file)`: the command substitution that reads a file instead of
//! running a command (bash manual 3.5.4 "Command Substitution": "The
//! command substitution `$(cat file)` can be replaced by the equivalent
//! but faster `$(< file)`").

use crate::limits::within_buffer;
use toolsh_parser::{Command, RedirFd, RedirOp, Redirect, Script};

use super::{Ctl, Interp, R};

/// The one `<` redirection when `script` is bash's `$(< file)` form: a
/// single simple command (a `!` before it allowed and, as in bash,
/// ignored) with no words, no assignments and exactly one redirection,
/// `< word` or `0< word`, run in the foreground. Anything else (a second
/// redirection, a here-string, `3< f`, `< f; cmd`) is an ordinary command
/// substitution. The shape bash checks is in `parse_and_execute`
/// (builtins/evalstring.c) before it calls `cat_file`.
pub(super) fn cat_file_redirect(script: &Script) -> Option<&Redirect> {
    let [item] = script.body.items.as_slice() else {
        return None;
    };
    if item.background || !item.and_or.rest.is_empty() {
        return None;
    }
    let pipeline = &item.and_or.first;
    if pipeline.timed.is_some() {
        return None;
    }
    let [stage] = pipeline.commands.as_slice() else {
        return None;
    };
    let Command::Simple(cmd) = &stage.command else {
        return None;
    };
    if !cmd.words.is_empty() || !cmd.assignments.is_empty() {
        return None;
    }
    let [r] = cmd.redirects.as_slice() else {
        return None;
    };
    let fd0 = matches!(r.fd, None | Some(RedirFd::Number(0)));
    (r.op == RedirOp::Read && fd0).then_some(r)
}

impl Interp {
    /// Run `$(< file)` in the substitution's subshell `self` (its standard
    /// output already the capture): open the file as `< file` would
    /// (the same file-system backend, `/dev/stdin`, `/dev/null` and the
    /// endless devices), then copy all of it to standard output. Reading
    /// more than `max_buffer_bytes` (`$(< /dev/zero)`) fails with that
    /// limit. Status 1 when the file cannot be opened (the error is
    /// reported as for any redirection), else 0.
    pub(super) async fn cat_file(&mut self, r: &Redirect) -> R<i32> {
        self.st.lineno = self.st.line_base + r.span.line;
        if !self.apply_redirects(std::slice::from_ref(r)).await? {
            return Ok(1);
        }
        let Some(input) = self.fds.input(0) else {
            return Ok(0);
        };
        let max = self.sh.limits.max_buffer_bytes;
        let mut read = 0usize;
        loop {
            self.checkpoint()?;
            let Some(chunk) = input.lock().await.read_chunk().await else {
                break;
            };
            read += chunk.len();
            within_buffer(read, max).map_err(Ctl::Interrupt)?;
            self.write_fd(1, &chunk).await?;
        }
        Ok(0)
    }
}
