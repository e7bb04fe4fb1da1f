//! sed's input: the lines of every input file in turn (standard input for
//! `-`), read ahead by one line so `$` can be known, streaming standard
//! input chunk by chunk.

use toolsh_command::limits::{Interrupt, within_buffer};
use toolsh_command::utility::{OperandError, UtilityContext};

/// One input line.
#[derive(Debug, Clone, Default)]
pub(super) struct Line {
    /// The bytes, without the terminator.
    pub bytes: Vec<u8>,
    /// `false` for a last line that had no terminator.
    pub terminated: bool,
    /// Index of the input file it came from.
    pub file: usize,
}

/// An open input.
enum Source {
    Stdin { buf: Vec<u8>, pos: usize, eof: bool },
    Data { data: Vec<u8>, pos: usize },
}

/// Errors met while opening inputs, reported as GNU sed does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct OpenError {
    /// The message after `sed: `.
    pub message: String,
    /// The exit status it implies (2 unreadable, 4 read error).
    pub status: i32,
}

/// The input files and the read-ahead line.
pub(super) struct Reader {
    files: Vec<String>,
    next_file: usize,
    current: Option<(usize, Source)>,
    #[allow(clippy::option_option)] // not peeked / peeked end of input / a line
    peeked: Option<Option<Line>>,
    delim: u8,
    /// Errors to report (the caller prints and drains them).
    pub errors: Vec<OpenError>,
    /// The longest line kept in memory (`max_buffer_bytes`).
    max_line: usize,
    /// Standard output's reader has gone (found while flushing).
    pub broken_pipe: bool,
}

impl Reader {
    pub(super) fn new(files: Vec<String>, delim: u8, max_line: usize) -> Self {
        Self {
            files,
            next_file: 0,
            current: None,
            peeked: None,
            delim,
            errors: Vec::new(),
            max_line,
            broken_pipe: false,
        }
    }

    /// The name of input file `i` (`-` for standard input).
    pub(super) fn file_name(&self, i: usize) -> &str {
        self.files.get(i).map_or("-", String::as_str)
    }

    /// The name of the file read most recently (GNU's `F` names it; with
    /// the read-ahead that can be the file after the current line's).
    pub(super) fn latest_file_name(&self) -> &str {
        self.file_name(self.next_file.saturating_sub(1))
    }

    /// The next line, or `None` at the end of all input. `pending` output
    /// is written to standard output before waiting on standard input, so
    /// output streams.
    pub(super) async fn next(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        pending: &mut Vec<u8>,
    ) -> Result<Option<Line>, Interrupt> {
        if let Some(p) = self.peeked.take() {
            return Ok(p);
        }
        self.read(ctx, pending).await
    }

    /// Look at the next line without taking it.
    pub(super) async fn peek(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        pending: &mut Vec<u8>,
    ) -> Result<Option<&Line>, Interrupt> {
        if self.peeked.is_none() {
            let l = self.read(ctx, pending).await?;
            self.peeked = Some(l);
        }
        Ok(self.peeked.as_ref().and_then(Option::as_ref))
    }

    async fn read(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        pending: &mut Vec<u8>,
    ) -> Result<Option<Line>, Interrupt> {
        loop {
            if self.current.is_none() && !self.open_next(ctx).await? {
                return Ok(None);
            }
            let Some((file, source)) = self.current.as_mut() else {
                continue;
            };
            let file = *file;
            match source {
                Source::Data { data, pos } => {
                    if *pos >= data.len() {
                        self.current = None;
                        continue;
                    }
                    let rest = &data[*pos..];
                    let (bytes, terminated, used) = match rest.iter().position(|&b| b == self.delim)
                    {
                        Some(i) => (rest[..i].to_vec(), true, i + 1),
                        None => (rest.to_vec(), false, rest.len()),
                    };
                    *pos += used;
                    return Ok(Some(Line {
                        bytes,
                        terminated,
                        file,
                    }));
                }
                Source::Stdin { buf, pos, eof } => {
                    if let Some(i) = buf[*pos..].iter().position(|&b| b == self.delim) {
                        let bytes = buf[*pos..*pos + i].to_vec();
                        *pos += i + 1;
                        return Ok(Some(Line {
                            bytes,
                            terminated: true,
                            file,
                        }));
                    }
                    if *eof {
                        if *pos < buf.len() {
                            let bytes = buf[*pos..].to_vec();
                            *pos = buf.len();
                            return Ok(Some(Line {
                                bytes,
                                terminated: false,
                                file,
                            }));
                        }
                        self.current = None;
                        continue;
                    }
                    buf.drain(..*pos);
                    *pos = 0;
                    within_buffer(buf.len(), self.max_line)?;
                    if !pending.is_empty() {
                        let data = std::mem::take(pending);
                        if !toolsh_command::utility::write_status(ctx.stdout.write(&data).await)? {
                            self.broken_pipe = true;
                            return Ok(None);
                        }
                    }
                    ctx.shell.checkpoint()?;
                    // Small chunks waiting behind the first are read (and
                    // their output sent) as one.
                    match ctx.stdin.read_gathered(64 * 1024).await {
                        Some(chunk) => buf.extend_from_slice(&chunk),
                        None => *eof = true,
                    }
                }
            }
        }
    }

    /// Open the next input file; `false` when there is none.
    async fn open_next(&mut self, ctx: &mut UtilityContext<'_>) -> Result<bool, Interrupt> {
        while self.next_file < self.files.len() {
            let i = self.next_file;
            self.next_file += 1;
            let name = self.files[i].clone();
            if name == "-" {
                self.current = Some((
                    i,
                    Source::Stdin {
                        buf: Vec::new(),
                        pos: 0,
                        eof: false,
                    },
                ));
                return Ok(true);
            }
            match ctx.read_operand(&name).await {
                Ok(data) => {
                    self.current = Some((i, Source::Data { data, pos: 0 }));
                    return Ok(true);
                }
                Err(OperandError::Interrupt(e)) => return Err(e),
                Err(OperandError::Fs(toolsh_command::fs::FsError::IsADirectory)) => {
                    self.errors.push(OpenError {
                        message: format!("read error on {name}: Is a directory"),
                        status: 4,
                    });
                }
                Err(OperandError::Fs(e)) => self.errors.push(OpenError {
                    message: format!("can't read {name}: {e}"),
                    status: 2,
                }),
            }
        }
        Ok(false)
    }
}
