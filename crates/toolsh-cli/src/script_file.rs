//! Reading a script operand the way `bash FILE` does: one rule, with
//! bash's statuses, for `run`, `check` and `fmt`.

use std::io::Read;

/// Exit status when the script file does not exist (`bash missing.sh`
/// exits 127, as for a command not found).
pub const EXIT_NOT_FOUND: i32 = 127;

/// Exit status when the script file exists but cannot be used: unreadable,
/// a directory, a binary file, not UTF-8 text (`bash dir/` and
/// `bash binary-file` exit 126, bash's "cannot execute").
pub const EXIT_CANNOT_EXECUTE: i32 = 126;

/// How many leading bytes bash examines for a NUL (`check_binary_file`
/// in bash's `general.c`: 80).
const BINARY_CHECK_BYTES: usize = 80;

/// A script operand toolsh cannot run: the message for stderr
/// (`toolsh: FILE: REASON`) and the exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptFileError {
    /// The whole line for stderr, without the newline.
    pub message: String,
    /// [`EXIT_NOT_FOUND`] or [`EXIT_CANNOT_EXECUTE`].
    pub status: i32,
}

/// The text of an I/O error as bash prints it (`strerror`, without Rust's
/// `(os error N)` suffix).
pub fn io_message(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "No such file or directory".to_string(),
        ErrorKind::PermissionDenied => "Permission denied".to_string(),
        ErrorKind::IsADirectory => "Is a directory".to_string(),
        ErrorKind::InvalidData => "not valid UTF-8 text".to_string(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_string(),
                None => s,
            }
        }
    }
}

/// Read the script `file` (`-` is standard input) as `bash FILE` would:
///
/// - a missing file: `toolsh: FILE: No such file or directory`, status
///   [`EXIT_NOT_FOUND`];
/// - any other read error (a directory, no permission), or text that is
///   not UTF-8: status [`EXIT_CANNOT_EXECUTE`];
/// - a NUL byte in the first 80 bytes before the first newline (bash's
///   test for a binary file): `toolsh: FILE: cannot execute binary file`,
///   status [`EXIT_CANNOT_EXECUTE`];
/// - more than the source-size limit
///   ([`toolsh_interp::ExecutionLimits::max_source_bytes`] of the default
///   limits): `toolsh: source size limit exceeded (N)`, status
///   [`toolsh_interp::EXIT_LIMIT`], as the interpreter reports a script
///   over the limit. At most one byte past the limit is read, so an
///   endless source (`/dev/zero`, a FIFO, `yes | toolsh run -`) fails
///   as soon as the limit is passed instead of being read whole first;
/// - NUL bytes elsewhere are dropped, as bash's input reader drops them.
///
/// Standard input gets no binary check (bash reads it as it comes).
///
/// # Errors
/// A [`ScriptFileError`] as above.
pub fn read(file: &str) -> Result<String, ScriptFileError> {
    read_bounded(
        file,
        toolsh_interp::ExecutionLimits::default().max_source_bytes,
    )
}

/// [`read`] with the source-size limit `max_bytes`.
///
/// # Errors
/// A [`ScriptFileError`] as for [`read`].
pub fn read_bounded(file: &str, max_bytes: usize) -> Result<String, ScriptFileError> {
    let cannot = |e: &std::io::Error| ScriptFileError {
        message: format!("toolsh: {file}: {}", io_message(e)),
        status: if e.kind() == std::io::ErrorKind::NotFound {
            EXIT_NOT_FOUND
        } else {
            EXIT_CANNOT_EXECUTE
        },
    };
    let bytes = if file == "-" {
        read_at_most(std::io::stdin().lock(), max_bytes).map_err(|e| ScriptFileError {
            message: format!("toolsh: reading the script from stdin: {}", io_message(&e)),
            status: EXIT_CANNOT_EXECUTE,
        })?
    } else {
        // Opening a FIFO blocks until a writer comes: a signal meanwhile
        // ends the process as during the read.
        let f = crate::in_blocking_read(|| std::fs::File::open(file)).map_err(|e| cannot(&e))?;
        let b = read_at_most(f, max_bytes).map_err(|e| cannot(&e))?;
        if is_binary(&b) {
            return Err(ScriptFileError {
                message: format!("toolsh: {file}: cannot execute binary file"),
                status: EXIT_CANNOT_EXECUTE,
            });
        }
        b
    };
    if bytes.len() > max_bytes {
        let limit =
            toolsh_interp::Interrupt::limit(toolsh_interp::LimitKind::SourceBytes, max_bytes);
        return Err(ScriptFileError {
            message: format!("toolsh: {limit}"),
            status: limit.exit_status(),
        });
    }
    let mut bytes = bytes;
    bytes.retain(|&b| b != 0);
    String::from_utf8(bytes).map_err(|_| {
        cannot(&std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "not UTF-8",
        ))
    })
}

/// Up to `max_bytes + 1` bytes of `source`: enough to tell that it is
/// over `max_bytes` without reading the rest (which may never end).
/// While it reads, a SIGINT, SIGTERM or SIGHUP ends the process at once
/// with 128 + the signal's number ([`crate::in_blocking_read`]): the read
/// itself cannot be cancelled, and a terminal user typing a script into
/// `toolsh run -` expects Ctrl-C to stop it.
///
/// # Errors
/// The read error (a directory gives `EISDIR` here).
pub fn read_at_most(source: impl Read, max_bytes: usize) -> std::io::Result<Vec<u8>> {
    crate::in_blocking_read(|| {
        let mut b = Vec::new();
        let cap = u64::try_from(max_bytes)
            .unwrap_or(u64::MAX)
            .saturating_add(1);
        source.take(cap).read_to_end(&mut b)?;
        Ok(b)
    })
}

/// The UTF-8 text of the host file `path`, at most `max_bytes` of it
/// (read by [`read_at_most`]), for the files toolsh itself reads: a
/// manifest, a workflow, a checkpoint, a key.
///
/// # Errors
/// The I/O error as bash words it, `not valid UTF-8 text`, or
/// `{what} size limit exceeded ({max_bytes} bytes)`.
pub fn read_text_file(
    path: &std::path::Path,
    max_bytes: usize,
    what: &str,
) -> Result<String, String> {
    let io = |e: std::io::Error| io_message(&e);
    let f = crate::in_blocking_read(|| std::fs::File::open(path)).map_err(io)?;
    let bytes = read_at_most(f, max_bytes).map_err(io)?;
    if bytes.len() > max_bytes {
        return Err(format!("{what} size limit exceeded ({max_bytes} bytes)"));
    }
    String::from_utf8(bytes).map_err(|_| "not valid UTF-8 text".to_string())
}

/// bash's binary-file test: a NUL among the first
/// [`BINARY_CHECK_BYTES`] bytes, before any newline.
fn is_binary(b: &[u8]) -> bool {
    b.iter()
        .take(BINARY_CHECK_BYTES)
        .take_while(|&&c| c != b'\n')
        .any(|&c| c == 0)
}

#[cfg(test)]
mod tests {
    use super::is_binary;

    #[test]
    fn binary_means_a_nul_in_the_first_line_within_80_bytes() {
        assert!(is_binary(b"echo hi\0\necho there\n"));
        assert!(is_binary(b"\0"));
        assert!(!is_binary(b"echo hi\n\0echo x\n"));
        let mut late = vec![b' '; 80];
        late.extend_from_slice(b"\0\n");
        assert!(!is_binary(&late));
        late.remove(0);
        assert!(is_binary(&late));
    }
}
