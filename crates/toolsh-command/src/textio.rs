//! Plumbing shared by the text utilities: buffered output that reports a
//! vanished reader, operand sources (standard input streamed, files read
//! through the backend), bounded record reading, and the standard GNU
//! usage/`--help` handling.

use bytes::{Buf, Bytes};

use crate::Reservation;
use crate::getopt::{self, Args, Spec};
use crate::io::{Input, Output, OutputError};
use crate::limits::{Interrupt, LimitKind, within_buffer};
use crate::quote::gnu as quote;
use crate::utility::{OperandError, UtilityContext, UtilityResult};

/// Why a utility stopped early.
#[derive(Debug)]
pub enum Fail {
    /// A limit or cancellation: ends the script.
    Interrupt(Interrupt),
    /// The reader of standard output has gone (status 141, like SIGPIPE).
    Pipe,
    /// Writing failed (`>&-`): GNU prints `write error: ...`, status 1.
    Write(String),
}

impl From<Interrupt> for Fail {
    fn from(i: Interrupt) -> Self {
        Fail::Interrupt(i)
    }
}

impl From<OutputError> for Fail {
    fn from(e: OutputError) -> Self {
        match e {
            OutputError::Interrupt(i) => Fail::Interrupt(i),
            OutputError::BrokenPipe => Fail::Pipe,
            OutputError::Closed => Fail::Write("Bad file descriptor".into()),
            OutputError::Io(m) => Fail::Write(m),
        }
    }
}

/// The result of a utility body: an exit status or an early stop.
pub type Flow<T> = Result<T, Fail>;

/// Map a utility body's result to the builtin's result.
pub async fn finish(ctx: &mut UtilityContext<'_>, r: Flow<i32>) -> UtilityResult {
    match r {
        Ok(s) => Ok(s),
        Err(Fail::Interrupt(i)) => Err(i),
        Err(Fail::Pipe) => Ok(141),
        Err(Fail::Write(m)) => {
            if let Err(Fail::Interrupt(i)) = error(ctx, &format!("write error: {m}")).await {
                return Err(i);
            }
            Ok(1)
        }
    }
}

/// Output with an in-memory buffer flushed every 32 KiB and at the end.
pub struct OutBuf<'a> {
    out: &'a Output,
    buf: Vec<u8>,
}

/// The bytes an [`OutBuf`] gathers before it sends them (32 KiB).
pub const FLUSH_AT: usize = 32 * 1024;

impl<'a> OutBuf<'a> {
    /// A buffer in front of `out`.
    pub fn new(out: &'a Output) -> Self {
        Self {
            out,
            buf: Vec::with_capacity(FLUSH_AT + 1024),
        }
    }

    /// Append bytes, flushing when the buffer is full.
    pub async fn write(&mut self, data: &[u8]) -> Flow<()> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= FLUSH_AT {
            self.flush().await?;
        }
        Ok(())
    }

    /// Append a string.
    pub async fn write_str(&mut self, s: &str) -> Flow<()> {
        self.write(s.as_bytes()).await
    }

    /// The buffer itself, to append to without an `await` per piece (a
    /// utility that formats many small items: `seq`'s numbers). The
    /// caller flushes once [`OutBuf::is_full`] says so, and passes its
    /// cancellation checkpoint there: once per [`FLUSH_AT`] bytes.
    pub fn buffer(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }

    /// `true` once the buffer holds [`FLUSH_AT`] bytes or more: time to
    /// [`OutBuf::flush`].
    pub fn is_full(&self) -> bool {
        self.buf.len() >= FLUSH_AT
    }

    /// Send the buffered bytes.
    pub async fn flush(&mut self) -> Flow<()> {
        if !self.buf.is_empty() {
            let data = Bytes::from(std::mem::replace(
                &mut self.buf,
                Vec::with_capacity(FLUSH_AT + 1024),
            ));
            self.out.write_bytes(data).await?;
        }
        Ok(())
    }
}

/// Print `{name}: {msg}` on standard error.
/// (Takes `&mut` so the future stays `Send`: a shared borrow of the
/// context is not, because the shell handle is not `Sync`.)
pub async fn error(ctx: &mut UtilityContext<'_>, msg: &str) -> Flow<()> {
    let line = format!("{}: {msg}\n", ctx.name());
    let err = ctx.stderr;
    err.write_str(&line).await.or_else(ignore_pipe)?;
    Ok(())
}

/// Parse the command line; print `--help` (status 0) or a usage error
/// followed by `Try 'NAME --help' for more information.` (status
/// `usage_status`). `Ok(Err(status))` means "exit now with this status".
pub async fn parse_args(
    ctx: &mut UtilityContext<'_>,
    spec: &Spec,
    help: &str,
    usage_status: i32,
) -> Flow<Result<Args, i32>> {
    match getopt::parse(spec, &ctx.args[1..]) {
        Ok(a) if a.has(getopt::HELP) => {
            let out = ctx.stdout;
            out.write_str(help).await?;
            Ok(Err(0))
        }
        Ok(a) if a.has(getopt::VERSION) => {
            let line = format!("{} (toolsh) {}\n", ctx.name(), env!("CARGO_PKG_VERSION"));
            let out = ctx.stdout;
            out.write_str(&line).await?;
            Ok(Err(0))
        }
        Ok(a) => Ok(Ok(a)),
        Err(e) => {
            usage_error(ctx, &e.0, usage_status).await?;
            Ok(Err(usage_status))
        }
    }
}

/// Print `{name}: {msg}` and the `Try '{name} --help'` hint.
pub async fn usage_error(ctx: &mut UtilityContext<'_>, msg: &str, _status: i32) -> Flow<()> {
    let name = ctx.name().to_string();
    let text = format!("{name}: {msg}\nTry '{name} --help' for more information.\n");
    let err = ctx.stderr;
    err.write_str(&text).await.or_else(ignore_pipe)?;
    Ok(())
}

fn ignore_pipe(e: OutputError) -> Result<(), OutputError> {
    match e {
        OutputError::Interrupt(_) => Err(e),
        _ => Ok(()),
    }
}

/// Where a utility reads one operand from.
pub enum Source {
    /// Standard input, streamed; `pending` holds bytes read but not yet
    /// consumed.
    Stdin {
        /// Unconsumed bytes of the last chunk.
        pending: Bytes,
    },
    /// A file's contents (read whole through the backend).
    Data {
        /// The bytes.
        data: Bytes,
    },
    /// An endless device (`/dev/zero`, `/dev/urandom`), generated chunk by
    /// chunk as it is read.
    Device {
        /// The stream.
        input: Input,
    },
}

impl Source {
    /// Standard input.
    pub fn stdin() -> Self {
        Source::Stdin {
            pending: Bytes::new(),
        }
    }

    /// Open operand `name` (`-` is standard input). The error is the
    /// message GNU tools print: `NAME: No such file or directory`.
    pub async fn open(ctx: &mut UtilityContext<'_>, name: &str) -> Flow<Result<Source, String>> {
        if ctx.is_stdin_operand(name) {
            return Ok(Ok(Source::stdin()));
        }
        if let Some(device) = ctx.endless_operand(name) {
            return Ok(Ok(Source::Device {
                input: Input::from_device(device),
            }));
        }
        match ctx.read_operand(name).await {
            Ok(data) => Ok(Ok(Source::Data { data: data.into() })),
            Err(OperandError::Interrupt(i)) => Err(i.into()),
            Err(OperandError::Fs(e)) => Ok(Err(format!("{name}: {e}"))),
        }
    }

    /// Open operand `name` like [`Source::open`]; when it cannot be
    /// opened, send what `out` holds so far (so the message follows the
    /// output before it, as GNU's unbuffered-stderr order has it), print
    /// the message in the utility's `wording` and give `None`: the caller
    /// sets its exit status to 1 and goes on with the next operand.
    pub async fn open_or_report(
        ctx: &mut UtilityContext<'_>,
        name: &str,
        wording: OpenWording,
        out: Option<&mut OutBuf<'_>>,
    ) -> Flow<Option<Source>> {
        match Source::open(ctx, name).await? {
            Ok(s) => Ok(Some(s)),
            Err(msg) => {
                if let Some(out) = out {
                    out.flush().await?;
                }
                error(ctx, &wording.message(name, &msg)).await?;
                Ok(None)
            }
        }
    }

    /// The next chunk of bytes, `None` at end of file.
    pub async fn chunk(&mut self, stdin: &mut Input) -> Option<Bytes> {
        match self {
            Source::Stdin { pending } => {
                if pending.is_empty() {
                    stdin.read_chunk().await
                } else {
                    Some(std::mem::take(pending))
                }
            }
            Source::Data { data } => {
                if data.is_empty() {
                    return None;
                }
                let n = data.len().min(64 * 1024);
                Some(data.split_to(n))
            }
            Source::Device { input } => input.read_chunk().await,
        }
    }

    /// Append the next record (through `delim`, included when present) to
    /// `out`. `Ok(false)` at end of file. Records longer than `max` bytes
    /// fail with the buffer limit.
    pub async fn record(
        &mut self,
        stdin: &mut Input,
        delim: u8,
        out: &mut Vec<u8>,
        max: usize,
    ) -> Flow<bool> {
        let start = out.len();
        if let Source::Device { input } = self {
            return input
                .read_until_max(delim, out, start.saturating_add(max))
                .await
                .map_err(|()| Interrupt::limit(LimitKind::BufferBytes, max).into());
        }
        let mut any = false;
        loop {
            let buf = match self {
                Source::Stdin { pending } => {
                    if pending.is_empty() {
                        match stdin.read_chunk().await {
                            Some(c) => *pending = c,
                            None => return Ok(any),
                        }
                    }
                    pending
                }
                Source::Data { data } => {
                    if data.is_empty() {
                        return Ok(any);
                    }
                    data
                }
                Source::Device { .. } => return Ok(any), // handled above
            };
            any = true;
            let (n, done) = match memchr_pos(delim, buf) {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            within_buffer(out.len() - start + n, max)?;
            out.extend_from_slice(&buf[..n]);
            buf.advance(n);
            if done {
                return Ok(true);
            }
        }
    }

    /// Read the next record into `line` (cleared first) without its
    /// `delim`, bounded by `max` bytes, then pass a cancellation
    /// checkpoint. `Some(true)` when the record ended in `delim`,
    /// `Some(false)` for a last record without one, `None` at end of file.
    pub async fn line(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        delim: u8,
        line: &mut Vec<u8>,
        max: usize,
    ) -> Flow<Option<bool>> {
        line.clear();
        if !self.record(ctx.stdin, delim, line, max).await? {
            return Ok(None);
        }
        ctx.shell.checkpoint()?;
        let ended = line.last() == Some(&delim);
        if ended {
            line.pop();
        }
        Ok(Some(ended))
    }

    /// Everything left, bounded by `max` bytes.
    pub async fn read_all(&mut self, stdin: &mut Input, max: usize) -> Flow<Vec<u8>> {
        let mut v = Vec::new();
        while let Some(c) = self.chunk(stdin).await {
            within_buffer(v.len() + c.len(), max)?;
            v.extend_from_slice(&c);
        }
        Ok(v)
    }

    /// [`Source::read_all`], the bytes held against `charge` as they
    /// arrive (a whole-input utility: sort, tac, shuf, ...).
    pub async fn read_all_charged(
        &mut self,
        stdin: &mut Input,
        max: usize,
        charge: &mut Reservation,
    ) -> Flow<Vec<u8>> {
        let mut v = Vec::new();
        while let Some(c) = self.chunk(stdin).await {
            within_buffer(v.len() + c.len(), max)?;
            charge.grow(c.len())?;
            v.extend_from_slice(&c);
        }
        Ok(v)
    }
}

/// Run a line filter over the operands `names` in turn: each record,
/// without its `delim`, goes to `filter` with whether it ended in `delim`
/// (the last record of an input may not), and what `filter` appends to
/// the (cleared) buffer it is given is written out. An operand that cannot
/// be opened is reported in `wording` after the output so far and makes
/// the status 1; the others are still read. Gives the exit status.
pub async fn filter_lines<F>(
    ctx: &mut UtilityContext<'_>,
    names: &[String],
    wording: OpenWording,
    delim: u8,
    mut filter: F,
) -> Flow<i32>
where
    F: FnMut(&[u8], bool, &mut Vec<u8>) + Send,
{
    let max = ctx.shell.limits().max_buffer_bytes;
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    let (mut line, mut res) = (Vec::new(), Vec::new());
    for name in names {
        let Some(mut src) = Source::open_or_report(ctx, name, wording, Some(&mut out)).await?
        else {
            status = 1;
            continue;
        };
        while let Some(ended) = src.line(ctx, delim, &mut line, max).await? {
            res.clear();
            filter(&line, ended, &mut res);
            out.write(&res).await?;
        }
    }
    out.flush().await?;
    Ok(status)
}

/// How a utility words the message for an operand it cannot open; `msg`
/// below is [`Source::open`]'s `NAME: strerror`.
#[derive(Clone, Copy, Debug)]
pub enum OpenWording {
    /// `msg` as it is (cat, cut, fold, nl, expand, od, ...).
    Plain,
    /// A fixed prefix before `msg`: util-linux rev's `cannot open `.
    Prefixed(&'static str),
    /// `cannot open 'NAME' for reading: strerror` (GNU head and tail).
    ForReading,
    /// `failed to open 'NAME' for reading: strerror` (GNU tac).
    FailedToOpen,
    /// `Cannot open input file 'NAME': strerror` (GNU xargs `-a`, whose
    /// name is quoted with C escapes rather than for a shell).
    InputFile,
}

impl OpenWording {
    /// The message for operand `name` that failed with `msg`. Names are
    /// quoted as GNU does in the C locale (`'a b'`, `"it's"`).
    pub fn message(self, name: &str, msg: &str) -> String {
        let tail = msg_tail(msg, name);
        match self {
            OpenWording::Plain => msg.to_string(),
            OpenWording::Prefixed(p) => format!("{p}{msg}"),
            OpenWording::ForReading => {
                format!("cannot open {} for reading: {tail}", quote(name))
            }
            OpenWording::FailedToOpen => {
                format!("failed to open {} for reading: {tail}", quote(name))
            }
            OpenWording::InputFile => {
                format!("Cannot open input file {}: {tail}", c_quote(name))
            }
        }
    }
}

/// gnulib's `quote` in the C locale: `'NAME'` with `'`, `\` and control
/// characters backslash-escaped as in C.
fn c_quote(name: &str) -> String {
    let mut q = String::from("'");
    for c in name.chars() {
        match c {
            '\'' => q.push_str("\\'"),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\t' => q.push_str("\\t"),
            '\r' => q.push_str("\\r"),
            '\x07' => q.push_str("\\a"),
            '\x08' => q.push_str("\\b"),
            '\x0b' => q.push_str("\\v"),
            '\x0c' => q.push_str("\\f"),
            c if c.is_ascii_control() => {
                let b = c as u8;
                q.extend([
                    '\\',
                    char::from(b'0' + (b >> 6)),
                    char::from(b'0' + (b >> 3 & 7)),
                ]);
                q.push(char::from(b'0' + (b & 7)));
            }
            c => q.push(c),
        }
    }
    q.push('\'');
    q
}

/// The strerror part of a `NAME: message` error.
pub fn msg_tail<'a>(msg: &'a str, name: &str) -> &'a str {
    msg.strip_prefix(name)
        .and_then(|m| m.strip_prefix(": "))
        .unwrap_or(msg)
}

/// The operands, `-` (standard input) when there are none.
pub fn operand_names(args: &Args) -> Vec<String> {
    if args.operands.is_empty() {
        vec!["-".to_string()]
    } else {
        args.operands.clone()
    }
}

/// Position of `b` in `s` (`memchr`).
pub fn memchr_pos(b: u8, s: &[u8]) -> Option<usize> {
    memchr::memchr(b, s)
}

/// Read all records of all `operands` (standard input when empty),
/// bounded by `max_buffer_bytes` in total. File errors are printed as
/// `NAME: message` and make the returned flag `false`.
pub async fn read_all_operands(
    ctx: &mut UtilityContext<'_>,
    operands: &[String],
    charge: &mut Reservation,
) -> Flow<(Vec<u8>, bool)> {
    let max = ctx.shell.limits().max_buffer_bytes;
    let default = vec!["-".to_string()];
    let names = if operands.is_empty() {
        &default
    } else {
        operands
    };
    let mut all = Vec::new();
    let mut ok = true;
    for name in names {
        if let Some(mut src) = Source::open_or_report(ctx, name, OpenWording::Plain, None).await? {
            let room = max.saturating_sub(all.len());
            let data = src.read_all_charged(ctx.stdin, room, charge).await?;
            if all.is_empty() {
                all = data;
            } else {
                all.extend_from_slice(&data);
            }
        } else {
            ok = false;
        }
        ctx.shell.checkpoint()?;
    }
    Ok((all, ok))
}

/// Push `item` onto `v`, holding what the vector's growth allocates
/// against `charge` first (a line index of 33 million one-byte lines is
/// 530 MB of slices beside its 64 MiB of text).
pub fn push_held<T>(v: &mut Vec<T>, item: T, charge: &mut Reservation) -> Flow<()> {
    if v.len() == v.capacity() {
        let more = v.capacity().max(64);
        charge.grow(more.saturating_mul(std::mem::size_of::<T>()))?;
        v.reserve_exact(more);
    }
    v.push(item);
    Ok(())
}

/// Split `data` into records ending in `delim` (the last may lack it);
/// the returned slices exclude the delimiter. The index is counted first
/// and held against `charge` once, at its exact size (16 bytes a record).
pub fn split_records<'d>(
    data: &'d [u8],
    delim: u8,
    charge: &mut Reservation,
) -> Flow<Vec<&'d [u8]>> {
    map_records(data, delim, charge, |r| r)
}

/// [`split_records`] with each record turned into a `T` by `f` as it is
/// split: the vector is sized to the record count up front and its
/// `count * size_of::<T>()` bytes are held against `charge` before it is
/// allocated (so a large input fails with the memory limit, not an
/// allocation the budget never saw).
pub fn map_records<'d, T>(
    data: &'d [u8],
    delim: u8,
    charge: &mut Reservation,
    mut f: impl FnMut(&'d [u8]) -> T,
) -> Flow<Vec<T>> {
    let ends = memchr::memchr_iter(delim, data).count();
    let count = ends + usize::from(data.last().is_some_and(|&b| b != delim));
    charge.grow(count.saturating_mul(std::mem::size_of::<T>()))?;
    let mut v = Vec::with_capacity(count);
    v.extend(
        data.split_inclusive(|&b| b == delim)
            .map(|r| f(r.strip_suffix(&[delim]).unwrap_or(r))),
    );
    Ok(v)
}

/// The name GNU tools print for an operand in headers and messages.
pub fn display_name(name: &str) -> &str {
    if name == "-" { "standard input" } else { name }
}
