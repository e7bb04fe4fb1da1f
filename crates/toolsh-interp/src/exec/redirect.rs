//! Redirections (bash manual 3.6), applied left to right to the
//! descriptor table. Files go through the [`crate::FileSystem`] backend;
//! the logic-only profile allows only `/dev/null`, `/dev/zero`,
//! `/dev/urandom` and the standard streams.

use std::sync::Arc;

use toolsh_parser::{HereDoc, RedirFd, RedirOp, RedirTarget, Redirect};

use super::{Ctl, Fd, Interp, R};
use crate::io::{FileSink, Input, Output, ReadWriteFile};
use crate::limits::within_buffer;
use crate::profile::Profile;

impl Interp {
    /// Apply redirections to `self.fds`. `Ok(false)` after reporting an
    /// error (the command is not run, status 1).
    ///
    /// Most commands have none: that case returns at once, and the work
    /// is boxed so its large future does not enlarge every caller's.
    pub async fn apply_redirects(&mut self, redirs: &[Redirect]) -> R<bool> {
        if redirs.is_empty() {
            return Ok(true);
        }
        Box::pin(self.apply_redirect_list(redirs)).await
    }

    async fn apply_redirect_list(&mut self, redirs: &[Redirect]) -> R<bool> {
        for r in redirs {
            if !self.apply_redirect(r).await? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    async fn target_word(&mut self, r: &Redirect) -> R<Option<String>> {
        let RedirTarget::Word(w) = &r.target else {
            return Ok(Some(String::new()));
        };
        let mut v = Vec::new();
        self.expand_word_into(w, &mut v).await?;
        if v.len() != 1 {
            let raw = &self.source[(w.span.start as usize).min(self.source.len())
                ..(w.span.end as usize).min(self.source.len())];
            self.error(&format!("{raw}: ambiguous redirect")).await?;
            return Ok(None);
        }
        Ok(v.pop())
    }

    async fn apply_redirect(&mut self, r: &Redirect) -> R<bool> {
        let default_fd = match r.op {
            RedirOp::Read
            | RedirOp::ReadWrite
            | RedirOp::DupRead
            | RedirOp::HereDoc { .. }
            | RedirOp::HereString => 0,
            _ => 1,
        };
        let fd: usize = match &r.fd {
            None => default_fd,
            // The table is indexed by the number: at or past `MAX_FD`
            // it fails as bash fails one past `ulimit -n` (the parser
            // leaves numbers past `i32::MAX` to be words, as bash does).
            Some(RedirFd::Number(n)) => match crate::numarg::fd(u64::from(*n)) {
                Some(fd) => fd,
                None => {
                    self.error(&format!("{n}: Bad file descriptor")).await?;
                    return Ok(false);
                }
            },
            Some(RedirFd::Var(name)) => {
                let Some(n) = self.fds.free_from(10) else {
                    // bash's words when `ulimit -n` is reached.
                    self.error("redirection error: cannot duplicate fd: Too many open files")
                        .await?;
                    return Ok(false);
                };
                if let Err(m) = self.set_var(name, n.to_string()) {
                    self.error(&m).await?;
                    return Ok(false);
                }
                n
            }
        };
        match r.op {
            RedirOp::HereDoc { .. } => {
                let RedirTarget::HereDoc(h) = &r.target else {
                    return Ok(true);
                };
                self.warn_heredoc_at_eof(h, r.span.line).await?;
                let body = if h.quoted {
                    word_literal(&h.body)
                } else {
                    self.expand_heredoc(&h.body).await?
                };
                self.check_buffer(body.len())?;
                let input = self.held_input(body.into_bytes())?;
                self.set_input(fd, input);
                return Ok(true);
            }
            RedirOp::HereString => {
                let RedirTarget::Word(w) = &r.target else {
                    return Ok(true);
                };
                let mut s = self.expand_string(w).await?;
                s.push('\n');
                self.check_buffer(s.len())?;
                let input = self.held_input(s.into_bytes())?;
                self.set_input(fd, input);
                return Ok(true);
            }
            _ => {}
        }
        let Some(target) = self.target_word(r).await? else {
            return Ok(false);
        };
        match r.op {
            RedirOp::DupRead | RedirOp::DupWrite => {
                if target == "-" {
                    self.fds.set(fd, None);
                    return Ok(true);
                }
                let (num, close) = match target.strip_suffix('-') {
                    Some(n) => (n, true),
                    None => (target.as_str(), false),
                };
                let Ok(src) = num.parse::<usize>() else {
                    if r.op == RedirOp::DupWrite {
                        return self.open_write(1, &target, false, true).await;
                    }
                    self.error(&format!("{target}: ambiguous redirect")).await?;
                    return Ok(false);
                };
                let Some(f) = self.fds.get(src).cloned() else {
                    self.error(&format!("{src}: Bad file descriptor")).await?;
                    return Ok(false);
                };
                self.fds.set(fd, Some(f));
                if close && src != fd {
                    self.fds.set(src, None);
                }
                Ok(true)
            }
            RedirOp::Read | RedirOp::ReadWrite => {
                let device = self.device_path(&target);
                if device.as_deref() == Some(crate::fs::DEV_NULL) {
                    self.set_input(fd, Input::empty());
                    return Ok(true);
                }
                // `< /dev/zero`, `< /dev/urandom`: an endless stream, in
                // every profile (like `/dev/null`, it exposes nothing).
                if r.op == RedirOp::Read
                    && let Some(device) = device.as_deref().and_then(crate::fs::EndlessDevice::at)
                {
                    self.set_input(fd, Input::from_device(device));
                    return Ok(true);
                }
                // `< /dev/stdin`, `< /dev/fd/N` of a descriptor open for
                // reading (a process substitution): the same stream, as
                // opening a pipe is.
                if let Some(n) = device.as_deref().and_then(stream_number) {
                    if n == fd {
                        return Ok(true);
                    }
                    if let Some(input) = self.fds.input(n) {
                        self.fds.set(fd, Some(Fd::In(input)));
                        return Ok(true);
                    }
                }
                if !self.files_allowed(&target).await? {
                    return Ok(false);
                }
                let path = crate::fs::normalize_path(&self.st.cwd, &target);
                match self.sh.fs.read(&path).await {
                    Ok(data) if r.op == RedirOp::ReadWrite => {
                        self.open_read_write(fd, path, data);
                        Ok(true)
                    }
                    Ok(data) => {
                        let input = self.held_input(data)?;
                        self.set_input(fd, input);
                        Ok(true)
                    }
                    Err(crate::fs::FsError::NotFound) if r.op == RedirOp::ReadWrite => {
                        if let Err(e) = self.sh.fs.write(&path, b"").await {
                            self.error(&format!("{target}: {e}")).await?;
                            return Ok(false);
                        }
                        self.open_read_write(fd, path, Vec::new());
                        Ok(true)
                    }
                    Err(e) => {
                        self.error(&format!("{target}: {e}")).await?;
                        Ok(false)
                    }
                }
            }
            RedirOp::Write | RedirOp::Clobber => {
                let clobber = r.op == RedirOp::Clobber;
                self.open_write(fd, &target, false, clobber).await
            }
            RedirOp::Append => self.open_write(fd, &target, true, true).await,
            RedirOp::WriteBoth | RedirOp::AppendBoth => {
                let append = r.op == RedirOp::AppendBoth;
                if !self.open_write(1, &target, append, false).await? {
                    return Ok(false);
                }
                let o = self.fds.output(1);
                self.fds.set(2, Some(Fd::Out(o)));
                Ok(true)
            }
            RedirOp::HereDoc { .. } | RedirOp::HereString => Ok(true),
        }
    }

    /// `<>`: one descriptor for reading and writing with a shared offset
    /// (bash manual 3.6.10).
    fn open_read_write(&mut self, fd: usize, path: String, data: Vec<u8>) {
        let file = ReadWriteFile::new(self.sh.fs.clone(), path, data);
        self.fds
            .set(fd, Some(Fd::Out(Output::ReadWrite(Arc::new(file)))));
    }

    /// bash 5.2 runs a here-document whose delimiter never comes with
    /// the rest of the script as its body, and warns (`here-document at
    /// line N delimited by end-of-file (wanted `EOF')`). The parser ends
    /// such a body at the end of the source, where a delimited body ends
    /// before its delimiter line.
    async fn warn_heredoc_at_eof(&mut self, h: &HereDoc, line: u32) -> R<()> {
        if self.st.heredoc_eof_warned || h.body.span.end as usize != self.source.len() {
            return Ok(());
        }
        self.st.heredoc_eof_warned = true;
        let eof_line = self.line_of(self.source.len());
        let lineno = std::mem::replace(&mut self.st.lineno, eof_line);
        let r = self
            .error(&format!(
                "warning: here-document at line {line} delimited by end-of-file (wanted `{}')",
                h.delimiter
            ))
            .await;
        self.st.lineno = lineno;
        r
    }

    fn set_input(&mut self, fd: usize, input: Input) {
        self.fds
            .set(fd, Some(Fd::In(Arc::new(tokio::sync::Mutex::new(input)))));
    }

    /// An input of `data` (a here-document, a here-string, a file's
    /// contents) held against the execution's memory budget until read.
    pub(crate) fn held_input(&self, data: Vec<u8>) -> R<Input> {
        Input::from_charged_bytes(data, &self.sh.memory).map_err(Ctl::Interrupt)
    }

    fn check_buffer(&self, n: usize) -> R<()> {
        within_buffer(n, self.sh.limits.max_buffer_bytes).map_err(Ctl::Interrupt)?;
        Ok(())
    }

    /// The absolute path a redirection target names, for recognising a
    /// device: bash matches `/dev/stdout` and the like by spelling, but on
    /// Linux any spelling the kernel resolves there (`/dev/./stdout`,
    /// `/dev//stdout`, `fd/1` in `/dev`) opens the same file. `None` for a
    /// target ending in `/` (the kernel refuses a device as a directory).
    fn device_path(&self, target: &str) -> Option<String> {
        if target.ends_with('/') {
            return None;
        }
        let path = crate::fs::normalize_path(&self.st.cwd, target);
        path.starts_with("/dev/").then_some(path)
    }

    /// In the logic-only profile, report that file redirection is disabled.
    async fn files_allowed(&mut self, target: &str) -> R<bool> {
        if self.sh.profile == Profile::LogicOnly {
            self.error(&format!(
                "{target}: file redirection is disabled in the logic-only profile"
            ))
            .await?;
            return Ok(false);
        }
        Ok(true)
    }

    async fn open_write(
        &mut self,
        fd: usize,
        target: &str,
        append: bool,
        clobber: bool,
    ) -> R<bool> {
        let device = self.device_path(target);
        let special = match device.as_deref() {
            // `/dev/zero` and `/dev/urandom` discard writes, as on Linux.
            Some(crate::fs::DEV_NULL | crate::fs::DEV_ZERO | crate::fs::DEV_URANDOM) => {
                Some(Output::Null)
            }
            Some(path) => stream_number(path).map(|n| self.fds.output(n)),
            None => None,
        };
        if let Some(o) = special {
            self.fds.set(fd, Some(Fd::Out(o)));
            return Ok(true);
        }
        if !self.files_allowed(target).await? {
            return Ok(false);
        }
        let path = crate::fs::normalize_path(&self.st.cwd, target);
        let fs = self.sh.fs.clone();
        if !append && !clobber && self.st.opts.noclobber && fs.metadata(&path).await.is_ok() {
            self.error(&format!("{target}: cannot overwrite existing file"))
                .await?;
            return Ok(false);
        }
        let res = if append {
            fs.append(&path, b"").await
        } else {
            fs.write(&path, b"").await
        };
        if let Err(e) = res {
            self.error(&format!("{target}: {e}")).await?;
            return Ok(false);
        }
        self.fds.set(
            fd,
            Some(Fd::Out(Output::File(Arc::new(FileSink { fs, path })))),
        );
        Ok(true)
    }
}

/// The text of a word made only of literal parts (a quoted here-document).
fn word_literal(w: &toolsh_parser::Word) -> String {
    let mut s = String::new();
    for p in &w.parts {
        match p {
            toolsh_parser::WordPart::Literal(t) => s.push_str(t),
            toolsh_parser::WordPart::SingleQuoted(t) => s.push_str(t),
            toolsh_parser::WordPart::Escaped(c) => s.push(*c),
            _ => {}
        }
    }
    s
}

/// The descriptor a stream device names: `/dev/stdin`, `/dev/stdout`,
/// `/dev/stderr` or `/dev/fd/N` (an absolute, normalised path).
fn stream_number(path: &str) -> Option<usize> {
    match path {
        "/dev/stdin" => Some(0),
        "/dev/stdout" => Some(1),
        "/dev/stderr" => Some(2),
        _ => path.strip_prefix("/dev/fd/")?.parse().ok(),
    }
}
