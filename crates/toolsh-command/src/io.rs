//! Byte streams between commands: [`Input`] (a command's standard input)
//! and [`Output`] (standard output or error).
//!
//! Pipes are bounded async channels of byte chunks, so pipeline stages run
//! concurrently and stream: a writer waits when its reader is behind, and
//! gets [`OutputError::BrokenPipe`] once the reader has gone (the shell
//! reports status 141, as bash does for SIGPIPE). A pipe holds at most
//! [`PIPE_CAPACITY`] chunks of at most [`PIPE_CHUNK`] bytes, each held
//! against the execution's memory budget while it waits. Captured output
//! (the script's stdout, `$(...)`) is bounded by a byte limit and keeps
//! what was written before the limit was hit.

use std::sync::{Arc, Mutex};

use bytes::{Buf, Bytes};
use tokio::sync::mpsc;

use crate::fs::FileSystem;
use crate::limits::{Interrupt, LimitKind, within_buffer};
use crate::{MemoryBudget, Reservation};

/// Chunks buffered in one pipe before the writer waits.
pub const PIPE_CAPACITY: usize = 16;

/// The largest chunk a pipe carries, in bytes (Linux's default pipe
/// buffer): a longer write is sent piece by piece, so a pipe never holds
/// more than `PIPE_CAPACITY * PIPE_CHUNK` bytes (1 MiB) whatever one write
/// holds.
pub const PIPE_CHUNK: usize = 64 * 1024;

/// One chunk in flight in a pipe, its bytes held against the execution's
/// memory budget until the reader takes it.
#[derive(Debug)]
pub struct PipeChunk {
    data: Bytes,
    charge: Reservation,
}

/// Where an [`Input`]'s chunks come from.
#[derive(Debug)]
enum Source {
    /// A stream the host feeds (uncharged: the host holds its bytes).
    Host(mpsc::Receiver<Bytes>),
    /// The read end of a pipe between commands.
    Pipe(mpsc::Receiver<PipeChunk>),
}

impl Source {
    async fn recv(&mut self) -> Option<(Bytes, Option<Reservation>)> {
        match self {
            Source::Host(rx) => rx.recv().await.map(|b| (b, None)),
            Source::Pipe(rx) => rx.recv().await.map(|c| (c.data, Some(c.charge))),
        }
    }

    /// A chunk already waiting, without waiting for one.
    fn try_recv(&mut self) -> Option<Bytes> {
        match self {
            Source::Host(rx) => rx.try_recv().ok(),
            Source::Pipe(rx) => rx.try_recv().ok().map(|c| c.data),
        }
    }
}

/// The write end of a pipe ([`Output::Pipe`]): cheap to clone, clones
/// write to the same pipe.
#[derive(Debug, Clone)]
pub struct PipeWriter {
    tx: mpsc::Sender<PipeChunk>,
    budget: Arc<MemoryBudget>,
}

impl PipeWriter {
    /// `true` once the read end has gone (a write would fail with
    /// [`OutputError::BrokenPipe`]).
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Send one chunk of at most [`PIPE_CHUNK`] bytes, held against the
    /// budget while it waits in the pipe.
    async fn send(&self, data: Bytes) -> Result<(), OutputError> {
        let mut charge = self.budget.reservation();
        charge.grow(data.len())?;
        self.tx
            .send(PipeChunk { data, charge })
            .await
            .map_err(|_| OutputError::BrokenPipe)
    }

    /// Send `data` in pieces of at most [`PIPE_CHUNK`] bytes, each its
    /// own allocation (a piece waiting in the pipe never keeps a larger
    /// buffer alive).
    async fn write(&self, data: &[u8]) -> Result<(), OutputError> {
        for piece in data.chunks(PIPE_CHUNK) {
            self.send(Bytes::copy_from_slice(piece)).await?;
        }
        Ok(())
    }

    /// Send owned bytes, without a copy when they fit in one chunk.
    async fn write_bytes(&self, data: Bytes) -> Result<(), OutputError> {
        if data.len() <= PIPE_CHUNK {
            self.send(data).await
        } else {
            self.write(&data).await
        }
    }
}

/// A command's standard input: empty, a fixed byte string (here-document,
/// here-string, file contents) or the read end of a pipe.
#[derive(Debug)]
pub struct Input {
    pending: Bytes,
    /// `pending`'s bytes held against the execution's memory budget (a
    /// pipe chunk, a here-document body), given back once they are read.
    held: Option<Reservation>,
    source: Option<Source>,
    /// An endless device read as a stream (`< /dev/zero`), one chunk at a
    /// time.
    device: Option<crate::fs::EndlessDevice>,
}

impl Default for Input {
    fn default() -> Self {
        Self::empty()
    }
}

impl Input {
    /// An input at end of file (like `</dev/null`).
    pub fn empty() -> Self {
        Self {
            pending: Bytes::new(),
            held: None,
            source: None,
            device: None,
        }
    }

    /// An input that yields `data` and then end of file.
    pub fn from_bytes(data: impl Into<Bytes>) -> Self {
        Self {
            pending: data.into(),
            held: None,
            source: None,
            device: None,
        }
    }

    /// [`Input::from_bytes`] for bytes held against `budget` until they
    /// are read (a here-document, a here-string, a file's contents).
    ///
    /// # Errors
    /// [`LimitKind::Memory`] when the budget cannot hold `data`.
    pub fn from_charged_bytes(
        data: impl Into<Bytes>,
        budget: &Arc<MemoryBudget>,
    ) -> Result<Self, Interrupt> {
        let data = data.into();
        let mut held = budget.reservation();
        held.grow(data.len())?;
        Ok(Self {
            held: Some(held),
            ..Self::from_bytes(data)
        })
    }

    /// An input that reads `device` without end, generating one chunk at a
    /// time as it is read (never more than a chunk held). Whoever reads it
    /// is bounded by its own limits: [`Input::read_to_end`]'s maximum, the
    /// output limits, the deadline, as with an endless pipe from `yes`.
    pub fn from_device(device: crate::fs::EndlessDevice) -> Self {
        Self {
            pending: Bytes::new(),
            held: None,
            source: None,
            device: Some(device),
        }
    }

    /// An input that yields the chunks received on `rx`, then end of file
    /// once every sender is dropped: a stream the host feeds while the
    /// script runs (a pipe into `toolsh run`), read no further ahead than
    /// the channel's capacity.
    pub fn from_channel(rx: mpsc::Receiver<Bytes>) -> Self {
        Self::from_source(Source::Host(rx))
    }

    fn from_source(source: Source) -> Self {
        Self {
            pending: Bytes::new(),
            held: None,
            source: Some(source),
            device: None,
        }
    }

    /// Fill `pending` if it is empty; `false` at end of file.
    async fn fill(&mut self) -> bool {
        while self.pending.is_empty() {
            // What was held for the bytes read is given back.
            self.held = None;
            if let Some(device) = self.device {
                self.pending = device.chunk();
                if self.pending.is_empty() {
                    self.device = None;
                    return false;
                }
                return true;
            }
            let Some(rx) = self.source.as_mut() else {
                return false;
            };
            if let Some((chunk, held)) = rx.recv().await {
                self.pending = chunk;
                self.held = held;
            } else {
                self.source = None;
                return false;
            }
        }
        true
    }

    /// The next chunk of bytes, or `None` at end of file. Chunks are never
    /// empty.
    pub async fn read_chunk(&mut self) -> Option<Bytes> {
        if self.fill().await {
            // The reader holds the chunk now, and its budget with it.
            self.held = None;
            Some(std::mem::take(&mut self.pending))
        } else {
            None
        }
    }

    /// [`Input::read_chunk`], joined with the chunks already waiting in
    /// the pipe behind it (none is waited for) up to about `max` bytes:
    /// a reader that pays per chunk (a request across threads, a flush)
    /// pays once for a writer's many small writes (`echo` in a loop sends
    /// one chunk per line). `None` at end of file.
    pub async fn read_gathered(&mut self, max: usize) -> Option<Bytes> {
        let first = self.read_chunk().await?;
        if first.len() >= max {
            return Some(first);
        }
        let Some(src) = self.source.as_mut() else {
            return Some(first);
        };
        let Some(next) = src.try_recv() else {
            return Some(first);
        };
        let mut joined = Vec::with_capacity(max.min(first.len() + next.len() * 16));
        joined.extend_from_slice(&first);
        joined.extend_from_slice(&next);
        while joined.len() < max {
            let Some(more) = src.try_recv() else { break };
            if joined.len() + more.len() > max {
                // Kept for the next read: never more than `max` joined.
                self.pending = more;
                break;
            }
            joined.extend_from_slice(&more);
        }
        Some(Bytes::from(joined))
    }

    /// Append bytes up to and including `delim` to `out`. Returns `false`
    /// when end of file was reached before any byte was read; at end of file
    /// after some bytes, those are appended without the delimiter and the
    /// result is `true`.
    pub async fn read_until(&mut self, delim: u8, out: &mut Vec<u8>) -> bool {
        let mut read_any = false;
        loop {
            if !self.fill().await {
                return read_any;
            }
            read_any = true;
            if let Some(pos) = memchr::memchr(delim, &self.pending) {
                out.extend_from_slice(&self.pending[..=pos]);
                self.pending.advance(pos + 1);
                return true;
            }
            out.extend_from_slice(&self.pending);
            self.pending.clear();
        }
    }

    /// [`Input::read_until`], failing with `Err(())` (bytes read so far
    /// kept in `out`) once `out` would grow past `max` bytes.
    pub async fn read_until_max(
        &mut self,
        delim: u8,
        out: &mut Vec<u8>,
        max: usize,
    ) -> Result<bool, ()> {
        let mut read_any = false;
        loop {
            if !self.fill().await {
                return Ok(read_any);
            }
            read_any = true;
            let (take, found) = match memchr::memchr(delim, &self.pending) {
                Some(pos) => (pos + 1, true),
                None => (self.pending.len(), false),
            };
            if out.len() + take > max {
                return Err(());
            }
            out.extend_from_slice(&self.pending[..take]);
            self.pending.advance(take);
            if found {
                return Ok(true);
            }
        }
    }

    /// [`Input::read_until`] with `\n`.
    pub async fn read_line(&mut self, out: &mut Vec<u8>) -> bool {
        self.read_until(b'\n', out).await
    }

    /// Read at most `n` bytes (fewer at end of file) and append them to `out`.
    /// Returns the number read.
    pub async fn read_up_to(&mut self, n: usize, out: &mut Vec<u8>) -> usize {
        let mut got = 0;
        while got < n {
            if !self.fill().await {
                break;
            }
            let take = (n - got).min(self.pending.len());
            out.extend_from_slice(&self.pending[..take]);
            self.pending.advance(take);
            got += take;
        }
        got
    }

    /// Read everything to end of file, failing with
    /// [`LimitKind::BufferBytes`] once more than `max` bytes arrive (the
    /// bytes are discarded, the rest of the input is left unread).
    pub async fn read_to_end(&mut self, max: usize) -> Result<Vec<u8>, Interrupt> {
        let mut out = Vec::new();
        while let Some(chunk) = self.read_chunk().await {
            within_buffer(out.len() + chunk.len(), max)?;
            out.extend_from_slice(&chunk);
        }
        Ok(out)
    }

    /// The bytes held and not read yet (all of a fixed input; what is
    /// buffered of a pipe).
    pub fn buffered_len(&self) -> usize {
        self.pending.len()
    }

    /// Drop up to `n` buffered bytes unread (a write through a read-write
    /// descriptor moved the shared offset past them).
    pub fn skip_buffered(&mut self, n: usize) {
        let n = n.min(self.pending.len());
        self.pending.advance(n);
    }

    /// `true` when this input is a pipe or holds unread bytes (used by
    /// utilities that behave differently when stdin is empty).
    pub fn has_source(&self) -> bool {
        self.source.is_some() || self.device.is_some() || !self.pending.is_empty()
    }
}

/// Why a write failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutputError {
    /// The reading end of the pipe has gone. Writers stop quietly; the
    /// shell gives the command status 141.
    #[error("Broken pipe")]
    BrokenPipe,
    /// The descriptor was closed (`>&-`).
    #[error("Bad file descriptor")]
    Closed,
    /// A limit (stdout/stderr bytes) was hit; the bytes up to the limit were
    /// kept.
    #[error(transparent)]
    Interrupt(#[from] Interrupt),
    /// A file-system error while writing to a file.
    #[error("{0}")]
    Io(String),
}

/// Where a forwarding [`Capture`] sends bytes as they are written (e.g. the
/// host process's stdout or stderr). Called in the order the script
/// writes, under the capture's lock, so output sent to two sinks keeps its
/// interleaving. An [`std::io::ErrorKind::BrokenPipe`] error becomes
/// [`OutputError::BrokenPipe`] (the script sees a closed reader), any
/// other error [`OutputError::Io`].
pub type OutputSink = Arc<dyn Fn(&[u8]) -> std::io::Result<()> + Send + Sync>;

/// The text of a host I/O error as C's `strerror` gives it (what bash and
/// GNU tools print): Rust's ` (os error N)` suffix removed.
fn strerror(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// A bounded in-memory buffer shared by clones of an [`Output`], or a
/// bounded forwarder to an [`OutputSink`] that keeps nothing.
pub struct Capture {
    state: Mutex<CaptureState>,
    limit: usize,
    kind: LimitKind,
    forward: Option<OutputSink>,
}

#[derive(Default)]
struct CaptureState {
    /// The bytes kept (always empty when forwarding).
    buf: Vec<u8>,
    /// Bytes written in all.
    len: usize,
    /// The last byte written.
    last: Option<u8>,
    /// The bytes kept, held against the execution's memory budget.
    charge: Option<crate::Reservation>,
}

impl std::fmt::Debug for Capture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Capture")
            .field("limit", &self.limit)
            .field("kind", &self.kind)
            .field("forwarding", &self.forward.is_some())
            .finish_non_exhaustive()
    }
}

impl Capture {
    /// A new buffer that accepts at most `limit` bytes; writing past it
    /// fails with `kind`.
    pub fn new(limit: usize, kind: LimitKind) -> Arc<Self> {
        Self::build(limit, kind, None)
    }

    /// A capture that passes every byte to `sink` at once instead of
    /// keeping it, under the same limit: past `limit` bytes, the bytes up
    /// to the limit are sent and the write fails with `kind`.
    pub fn forwarding(limit: usize, kind: LimitKind, sink: OutputSink) -> Arc<Self> {
        Self::build(limit, kind, Some(sink))
    }

    fn build(limit: usize, kind: LimitKind, forward: Option<OutputSink>) -> Arc<Self> {
        Arc::new(Self {
            state: Mutex::new(CaptureState::default()),
            limit,
            kind,
            forward,
        })
    }

    /// Take the bytes kept so far, leaving the buffer empty (nothing when
    /// forwarding).
    pub fn take(&self) -> Vec<u8> {
        let mut st = self.lock();
        if let Some(r) = st.charge.as_mut() {
            let _ = r.resize(0);
        }
        std::mem::take(&mut st.buf)
    }

    /// Hold the bytes this capture keeps against `budget` from now on: a
    /// write the budget cannot cover fails with
    /// [`LimitKind::Memory`], keeping what was written before it.
    pub fn charge_to(&self, budget: &Arc<crate::MemoryBudget>) {
        if self.forward.is_none() {
            self.lock().charge = Some(budget.reservation());
        }
    }

    /// The number of bytes written so far (forwarded ones included).
    pub fn len(&self) -> usize {
        self.lock().len
    }

    /// `true` when nothing has been written.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CaptureState> {
        self.state.lock().expect("capture lock")
    }

    /// Keep or forward `data`, whatever the limit.
    fn push(&self, st: &mut CaptureState, data: &[u8]) -> Result<(), OutputError> {
        let Some(&last) = data.last() else {
            return Ok(());
        };
        st.len += data.len();
        st.last = Some(last);
        match &self.forward {
            None => {
                st.buf.extend_from_slice(data);
                Ok(())
            }
            Some(sink) => sink(data).map_err(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => OutputError::BrokenPipe,
                _ => OutputError::Io(strerror(&e)),
            }),
        }
    }

    /// Append `data` regardless of the limit (for the final limit message).
    pub fn force_append(&self, data: &[u8]) {
        let mut st = self.lock();
        let _ = self.push(&mut st, data);
    }

    /// Append `line` regardless of the limit, on a line of its own: a
    /// newline first when the bytes so far do not end with one.
    pub fn force_append_line(&self, line: &[u8]) {
        let mut st = self.lock();
        if st.last.is_some_and(|b| b != b'\n') {
            let _ = self.push(&mut st, b"\n");
        }
        let _ = self.push(&mut st, line);
    }

    fn write(&self, data: &[u8]) -> Result<(), OutputError> {
        let mut st = self.lock();
        let room = self.limit.saturating_sub(st.len);
        let take = data.len().min(room);
        if let Some(r) = st.charge.as_mut() {
            r.grow(take)?;
        }
        if data.len() > room {
            self.push(&mut st, &data[..room])?;
            return Err(Interrupt::limit(self.kind, self.limit).into());
        }
        self.push(&mut st, data)
    }
}

/// A destination for bytes written by a command. Cheap to clone; clones
/// write to the same place.
#[derive(Debug, Clone)]
pub enum Output {
    /// Discards everything (`/dev/null`).
    Null,
    /// A closed descriptor: every write fails with [`OutputError::Closed`].
    Closed,
    /// An in-memory buffer (the script's stdout, a command substitution).
    Capture(Arc<Capture>),
    /// The write end of a pipe.
    Pipe(PipeWriter),
    /// A file in the file-system backend (`> file`); every write appends.
    File(Arc<FileSink>),
    /// A file opened for reading and writing (`<> file`): writes land at
    /// the offset reads have reached.
    ReadWrite(Arc<ReadWriteFile>),
}

/// A file opened with `<>` (bash manual 3.6.10): one descriptor, one
/// offset shared by reads and writes, no truncation. Reads consume
/// [`ReadWriteFile::input`] (the contents when it was opened); a write
/// replaces the bytes at the current offset and moves it past them.
#[derive(Debug)]
pub struct ReadWriteFile {
    /// The backend.
    pub fs: Arc<dyn FileSystem>,
    /// The absolute, normalised path.
    pub path: String,
    /// The reading side: the contents at open, consumed by reads.
    pub input: Arc<tokio::sync::Mutex<Input>>,
    /// The file's length when it was opened, in bytes.
    pub opened_len: u64,
    /// Where the last write ended (starts at `opened_len`).
    pub end: std::sync::atomic::AtomicU64,
}

impl ReadWriteFile {
    /// Open `path` whose contents are `data`.
    pub fn new(fs: Arc<dyn FileSystem>, path: String, data: Vec<u8>) -> Self {
        let opened_len = data.len() as u64;
        Self {
            fs,
            path,
            input: Arc::new(tokio::sync::Mutex::new(Input::from_bytes(data))),
            opened_len,
            end: std::sync::atomic::AtomicU64::new(opened_len),
        }
    }

    /// Write `data` at the shared offset.
    async fn write(&self, data: &[u8]) -> Result<(), OutputError> {
        use std::sync::atomic::Ordering;
        let io = |e: crate::fs::FsError| OutputError::Io(e.to_string());
        // A reader holding the stream (the same descriptor as standard
        // input and output of one command) leaves the offset where the
        // last write ended.
        let mut reader = self.input.try_lock().ok();
        let unread = reader.as_ref().map_or(0, |r| r.buffered_len()) as u64;
        let offset = if unread > 0 {
            self.opened_len - unread
        } else {
            self.opened_len.max(self.end.load(Ordering::Relaxed))
        };
        let mut contents = self.fs.read(&self.path).await.map_err(io)?;
        let start = usize::try_from(offset).unwrap_or(usize::MAX);
        let stop = start.saturating_add(data.len());
        if contents.len() < stop {
            contents.resize(stop, 0);
        }
        contents[start..stop].copy_from_slice(data);
        self.fs.write(&self.path, &contents).await.map_err(io)?;
        if let Some(r) = reader.as_mut() {
            r.skip_buffered(data.len());
        }
        self.end.store(stop as u64, Ordering::Relaxed);
        Ok(())
    }
}

/// Where [`Output::File`] writes: a path in a file-system backend.
#[derive(Debug)]
pub struct FileSink {
    /// The backend.
    pub fs: Arc<dyn FileSystem>,
    /// The absolute, normalised path.
    pub path: String,
}

impl Output {
    /// A new pipe: the write end and the read end. Its chunks are held
    /// against no budget (for pipes outside an execution's accounting).
    pub fn pipe() -> (Output, Input) {
        Self::charged_pipe(&MemoryBudget::unlimited())
    }

    /// A new pipe whose chunks in flight are held against `budget`: a
    /// write the budget cannot cover fails with [`LimitKind::Memory`].
    pub fn charged_pipe(budget: &Arc<MemoryBudget>) -> (Output, Input) {
        let (tx, rx) = mpsc::channel(PIPE_CAPACITY);
        let writer = PipeWriter {
            tx,
            budget: budget.clone(),
        };
        (Output::Pipe(writer), Input::from_source(Source::Pipe(rx)))
    }

    /// A new bounded capture buffer and an output writing to it.
    pub fn capture(limit: usize, kind: LimitKind) -> (Output, Arc<Capture>) {
        let cap = Capture::new(limit, kind);
        (Output::Capture(cap.clone()), cap)
    }

    /// Write all of `data`.
    pub async fn write(&self, data: &[u8]) -> Result<(), OutputError> {
        if data.is_empty() {
            return Ok(());
        }
        match self {
            Output::Null => Ok(()),
            Output::Closed => Err(OutputError::Closed),
            Output::Capture(cap) => cap.write(data),
            Output::Pipe(pipe) => pipe.write(data).await,
            Output::File(sink) => sink
                .fs
                .append(&sink.path, data)
                .await
                .map_err(|e| OutputError::Io(e.to_string())),
            Output::ReadWrite(file) => file.write(data).await,
        }
    }

    /// Write a string.
    pub async fn write_str(&self, s: &str) -> Result<(), OutputError> {
        self.write(s.as_bytes()).await
    }

    /// Write owned bytes without copying them into a pipe.
    pub async fn write_bytes(&self, data: Bytes) -> Result<(), OutputError> {
        match self {
            Output::Pipe(pipe) if !data.is_empty() => pipe.write_bytes(data).await,
            _ => self.write(&data).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn pipe_streams_lines_and_reports_eof() {
        let (out, mut input) = Output::pipe();
        let writer = tokio::spawn(async move {
            out.write_str("a\nb").await.unwrap();
            out.write_str("c\n").await.unwrap();
        });
        let mut line = Vec::new();
        assert!(input.read_line(&mut line).await);
        assert_eq!(line, b"a\n");
        line.clear();
        assert!(input.read_line(&mut line).await);
        assert_eq!(line, b"bc\n");
        line.clear();
        assert!(!input.read_line(&mut line).await);
        writer.await.unwrap();
    }

    #[tokio::test]
    async fn writer_sees_broken_pipe_when_reader_drops() {
        let (out, input) = Output::pipe();
        drop(input);
        assert_eq!(out.write_str("x").await, Err(OutputError::BrokenPipe));
    }

    #[tokio::test]
    async fn capture_keeps_bytes_up_to_limit() {
        let (out, cap) = Output::capture(4, LimitKind::StdoutBytes);
        out.write_str("ab").await.unwrap();
        let err = out.write_str("cdef").await.unwrap_err();
        assert!(matches!(
            err,
            OutputError::Interrupt(Interrupt::Limit {
                kind: LimitKind::StdoutBytes,
                ..
            })
        ));
        assert_eq!(cap.take(), b"abcd");
    }

    #[tokio::test]
    async fn read_write_file_shares_one_offset() {
        use crate::fs::{FileSystem, MemoryFs};
        let fs: Arc<dyn FileSystem> = Arc::new(MemoryFs::new());
        fs.write("/f", b"12345\n").await.unwrap();
        let file = ReadWriteFile::new(fs.clone(), "/f".into(), b"12345\n".to_vec());
        let out = Output::ReadWrite(Arc::new(file));
        let Output::ReadWrite(f) = &out else {
            unreachable!()
        };
        let mut got = Vec::new();
        f.input.lock().await.read_up_to(1, &mut got).await;
        out.write_str("ab").await.unwrap();
        f.input.lock().await.read_line(&mut got).await;
        assert_eq!(got, b"145\n");
        out.write_str("zz").await.unwrap();
        assert_eq!(fs.read("/f").await.unwrap(), b"1ab45\nzz");
    }

    #[tokio::test]
    async fn forwarding_capture_sends_at_once_and_keeps_the_limit() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink_seen = seen.clone();
        let cap = Capture::forwarding(
            4,
            LimitKind::StdoutBytes,
            Arc::new(move |d: &[u8]| {
                sink_seen.lock().unwrap().push(d.to_vec());
                Ok(())
            }),
        );
        let out = Output::Capture(cap.clone());
        out.write_str("ab").await.unwrap();
        assert_eq!(*seen.lock().unwrap(), [b"ab".to_vec()]);
        assert!(out.write_str("cdef").await.is_err());
        cap.force_append_line(b"limit\n");
        assert_eq!(
            *seen.lock().unwrap(),
            [
                b"ab".to_vec(),
                b"cd".to_vec(),
                b"\n".to_vec(),
                b"limit\n".to_vec()
            ]
        );
        assert_eq!(cap.take(), b"");
        assert_eq!(cap.len(), 11);
        let broken = Capture::forwarding(
            9,
            LimitKind::StdoutBytes,
            Arc::new(|_: &[u8]| Err(std::io::ErrorKind::BrokenPipe.into())),
        );
        assert_eq!(
            Output::Capture(broken).write_str("x").await,
            Err(OutputError::BrokenPipe)
        );
    }

    #[tokio::test]
    async fn read_to_end_is_bounded() {
        let mut input = Input::from_bytes(vec![b'x'; 10]);
        assert!(input.read_to_end(5).await.is_err());
        let mut input = Input::from_bytes(vec![b'x'; 10]);
        assert_eq!(input.read_to_end(10).await.unwrap().len(), 10);
    }
}
