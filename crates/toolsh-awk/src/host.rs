//! The bridge between the awk interpreter (a synchronous tree walker on
//! its own thread) and the shell (async): every I/O operation and the
//! deadline check is a request answered by the builtin's async side.
//!
//! Running the interpreter on a thread keeps evaluation a plain recursive
//! function while reads still stream (`yes | awk '{print; exit}'` ends) and
//! writes still see a closed pipe.

use std::sync::mpsc as std_mpsc;

use bytes::Bytes;
use tokio::sync::mpsc;

use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{OperandError, UtilityContext, write_status};

/// At most this many bytes of standard input cross to the interpreter
/// thread in one reply.
const GATHER_BYTES: usize = 64 * 1024;

/// Which standard stream a write goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StdStream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// A request from the interpreter thread.
#[derive(Debug)]
pub enum Request {
    /// Write bytes to a standard stream.
    Write(StdStream, Vec<u8>),
    /// The next chunk of standard input.
    ReadStdin,
    /// A whole file (path as written by the script).
    ReadFile(String),
    /// Create/truncate (`append == false`) or append to a file.
    WriteFile {
        /// Path as written by the script.
        path: String,
        /// Bytes to write.
        data: Vec<u8>,
        /// Append instead of truncating.
        append: bool,
    },
    /// Check the deadline and cancellation.
    Checkpoint,
}

/// The answer to a [`Request`].
#[derive(Debug)]
pub enum Reply {
    /// Done.
    Ok,
    /// The reader of the stream has gone: stop quietly.
    Stop,
    /// A chunk of standard input (`None` at end of file).
    Chunk(Option<Bytes>),
    /// File contents, or the error text (`No such file or directory`).
    File(Result<Vec<u8>, String>),
    /// A file write failed with this error text.
    Failed(String),
    /// A limit was hit or the host cancelled.
    Interrupt(Interrupt),
}

/// Why the interpreter must stop an I/O operation.
#[derive(Debug)]
pub enum HostStop {
    /// The output's reader has gone (broken pipe).
    BrokenPipe,
    /// A limit or cancellation.
    Interrupt(Interrupt),
}

/// The interpreter's handle to the shell.
pub struct Host {
    tx: mpsc::Sender<Request>,
    rx: std_mpsc::Receiver<Reply>,
}

impl Host {
    /// Send a request and wait for its reply. A vanished async side (the
    /// builtin's future was dropped) counts as cancellation.
    pub fn call(&self, req: Request) -> Result<Reply, HostStop> {
        if self.tx.blocking_send(req).is_err() {
            return Err(HostStop::Interrupt(Interrupt::Cancelled));
        }
        match self.rx.recv() {
            Ok(Reply::Interrupt(i)) => Err(HostStop::Interrupt(i)),
            Ok(r) => Ok(r),
            Err(_) => Err(HostStop::Interrupt(Interrupt::Cancelled)),
        }
    }

    /// Write to a standard stream.
    pub fn write(&self, stream: StdStream, data: Vec<u8>) -> Result<(), HostStop> {
        if data.is_empty() {
            return Ok(());
        }
        match self.call(Request::Write(stream, data))? {
            Reply::Stop => Err(HostStop::BrokenPipe),
            _ => Ok(()),
        }
    }

    /// Check the deadline.
    pub fn checkpoint(&self) -> Result<(), HostStop> {
        self.call(Request::Checkpoint).map(|_| ())
    }
}

/// Create a connected pair: the interpreter's [`Host`] and the receiving
/// end for [`serve`].
pub fn channel() -> (Host, mpsc::Receiver<Request>, std_mpsc::Sender<Reply>) {
    let (tx, rx) = mpsc::channel(1);
    let (rtx, rrx) = std_mpsc::channel();
    (Host { tx, rx: rrx }, rx, rtx)
}

/// Answer the interpreter's requests until it finishes (drops its
/// [`Host`]).
pub async fn serve(
    ctx: &mut UtilityContext<'_>,
    mut requests: mpsc::Receiver<Request>,
    replies: std_mpsc::Sender<Reply>,
) {
    while let Some(req) = requests.recv().await {
        let reply = answer(ctx, req).await;
        if replies.send(reply).is_err() {
            break;
        }
    }
}

async fn answer(ctx: &mut UtilityContext<'_>, req: Request) -> Reply {
    match req {
        Request::Write(stream, data) => {
            let out = match stream {
                StdStream::Stdout => ctx.stdout,
                StdStream::Stderr => ctx.stderr,
            };
            match write_status(out.write(&data).await) {
                Ok(true) => Reply::Ok,
                Ok(false) => Reply::Stop,
                Err(i) => Reply::Interrupt(i),
            }
        }
        // Small chunks waiting behind the first are joined: one round trip
        // between the threads for a writer's many small writes.
        Request::ReadStdin => Reply::Chunk(ctx.stdin.read_gathered(GATHER_BYTES).await),
        Request::ReadFile(path) => match ctx.read_operand(&path).await {
            Ok(d) => Reply::File(Ok(d)),
            Err(OperandError::Fs(e)) => Reply::File(Err(e.to_string())),
            Err(OperandError::Interrupt(i)) => Reply::Interrupt(i),
        },
        Request::WriteFile { path, data, append } => {
            let abs = ctx.resolve_path(&path);
            let fs = ctx.shell.fs();
            let r = if append {
                fs.append(&abs, &data).await
            } else {
                fs.write(&abs, &data).await
            };
            match r {
                Ok(()) => Reply::Ok,
                Err(e) => Reply::Failed(e.to_string()),
            }
        }
        Request::Checkpoint => match ctx.shell.checkpoint() {
            Ok(()) => Reply::Ok,
            Err(i) => Reply::Interrupt(i),
        },
    }
}
