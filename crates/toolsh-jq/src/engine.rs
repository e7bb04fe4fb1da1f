//! Running a compiled program on its own thread: inputs arrive as byte
//! chunks over a channel and are parsed incrementally, outputs and
//! messages leave as [`Event`]s. The thread never touches the shell; the
//! async side (`mod.rs`) moves bytes, enforces the deadline and sets the
//! cancel flag, which `__guard` (in every loop and definition) observes.

use std::cell::{Cell, RefCell};
use std::rc::Rc as StdRc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use jaq_core::data::{DataT, HasLut};
use jaq_core::{Ctx, Vars};
use jaq_json::Val;
use tokio::sync::mpsc;

use super::cli::Options;
use super::format::{self, Style};
use super::input::{Piece, ReadError, Reader};
use super::value::JqVal;
use super::{cache, compile};
use toolsh_command::limits::{Interrupt, LimitKind};

/// Marker type binding our value type and global data for jaq.
pub(crate) struct JqData;

impl DataT for JqData {
    type V<'a> = JqVal;
    type Data<'a> = &'a Globals<'a>;
}

impl<'a> HasLut<'a, JqData> for &'a Globals<'a> {
    fn lut(&self) -> &'a jaq_core::Lut<JqData> {
        self.lut
    }
}

/// The halt code `__guard` uses to unwind; the real reason is in
/// [`Globals::stopped`].
const GUARD_HALT: i32 = i32::MIN + 7;

/// Stack the thread gets, and how much of it jq programs may use before
/// recursion is reported as an error.
pub(crate) const STACK_BYTES: usize = 256 << 20;
const STACK_BUDGET: usize = 200 << 20;

/// Why the program was stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The shell cancelled it (deadline, broken pipe).
    Cancelled,
    /// Recursion past [`STACK_BUDGET`]: jq's own error, status 5.
    Depth,
    /// [`Job::max_ticks`] steps: the execution limit on loop iterations.
    Steps,
    /// A value or slurped input past [`Job::max_buffer`].
    Buffer,
    /// A value the execution's memory budget could not cover
    /// ([`super::memory`]).
    Memory,
}

impl Stop {
    /// `true` for the stops that end the script with a limit.
    fn is_limit(self) -> bool {
        matches!(self, Stop::Steps | Stop::Buffer | Stop::Memory)
    }
}

/// Data every native filter can reach.
pub(crate) struct Globals<'a> {
    lut: &'a jaq_core::Lut<JqData>,
    /// `$ENV` / `env`.
    pub env: JqVal,
    /// `now`, seconds since the epoch on the shell's clock.
    pub now: f64,
    reader: RefCell<Reader<'static>>,
    raw: bool,
    messages: RefCell<Vec<u8>>,
    cancel: &'a AtomicBool,
    ticks: Cell<u64>,
    max_ticks: u64,
    stack_base: usize,
    stopped: Cell<Option<Stop>>,
    sink: &'a Sink,
}

impl Globals<'_> {
    /// The next input for `input`/`inputs` and the main loop.
    pub fn next_input(&self) -> Option<Result<JqVal, String>> {
        let mut r = self.reader.borrow_mut();
        let next = if self.raw {
            r.next_line()
        } else {
            r.next_value()
        };
        let errors = r.take_open_errors();
        drop(r);
        for e in errors {
            self.message(format!("jq: error: {e}\n").as_bytes());
        }
        match next? {
            Ok(v) => {
                // An input counts whole (a refusal stops the program at
                // the next step).
                let _ = super::memory::admit(super::memory::deep_bytes(&v));
                Some(Ok(JqVal(v)))
            }
            Err(ReadError::Parse(m)) => Some(Err(m)),
            Err(ReadError::Limit) => {
                self.stopped.set(Some(Stop::Buffer));
                Some(Err("buffer size limit exceeded".to_string()))
            }
        }
    }

    /// `input_line_number`.
    pub fn line_number(&self) -> usize {
        self.reader.borrow_mut().line()
    }

    /// `input_filename`.
    pub fn filename(&self) -> Option<String> {
        self.reader.borrow().filename()
    }

    /// Queue bytes for standard error.
    pub fn message(&self, bytes: &[u8]) {
        self.messages.borrow_mut().extend_from_slice(bytes);
    }

    /// Check cancellation, the step budget and the stack; `Err` carries
    /// the halt code that unwinds the program.
    pub fn guard(&self) -> Result<(), i32> {
        let t = self.ticks.get() + 1;
        self.ticks.set(t);
        if t > self.max_ticks {
            self.stopped.set(Some(Stop::Steps));
            return Err(GUARD_HALT);
        }
        // Every step: a step can be slow (a closure called deep in a
        // recursion resolves through every level), and the output made
        // before is only written once the program has stopped.
        if self.cancel.load(Ordering::Relaxed) {
            self.stopped.set(Some(Stop::Cancelled));
            return Err(GUARD_HALT);
        }
        if super::memory::spent() {
            self.stopped.set(Some(Stop::Memory));
            return Err(GUARD_HALT);
        }
        self.sink.flush_if_stale();
        let probe = 0u8;
        let here = std::ptr::addr_of!(probe) as usize;
        if self.stack_base.abs_diff(here) > STACK_BUDGET {
            self.stopped.set(Some(Stop::Depth));
            return Err(GUARD_HALT);
        }
        Ok(())
    }
}

/// What the engine thread reports.
#[derive(Debug)]
pub(crate) enum Event {
    /// Bytes for standard output.
    Out(Vec<u8>),
    /// Bytes for standard error.
    Err(Vec<u8>),
    /// A resource bound was hit: the buffer (`max_buffer_bytes`) or the
    /// step budget (loop iterations and definition calls, reported as the
    /// total loop iteration limit).
    Limit(Interrupt),
    /// The program finished with this exit status.
    Done(i32),
}

/// Everything the thread needs; built by the async side.
pub(crate) struct Job {
    /// The program text.
    pub program: String,
    /// Parsed options.
    pub opts: Options,
    /// Global variables (`$ENV`, `$ARGS`, named arguments) with values.
    pub globals: Vec<(String, JqVal)>,
    /// `$ENV`.
    pub env: JqVal,
    /// `now`.
    pub now: f64,
    /// The input files with their contents or jq's message for a file
    /// that could not be opened (empty: read standard input).
    pub files: Vec<(String, Result<Vec<u8>, String>)>,
    /// Largest value (or slurped input) in bytes.
    pub max_buffer: usize,
    /// Most `__guard` steps (loop iterations, definition calls, so also
    /// recursion that jaq runs as a tail call, like `def f: f; f`).
    pub max_ticks: u64,
    /// The execution's memory budget, which values are charged to.
    pub memory: Arc<toolsh_command::MemoryBudget>,
}

#[derive(Clone)]
struct Sink {
    buf: StdRc<RefCell<Vec<u8>>>,
    /// When `buf` was last handed over (or created).
    flushed_at: StdRc<Cell<Instant>>,
    events: mpsc::Sender<Event>,
    /// Output buffers the async side has written and handed back: reusing
    /// them keeps large allocations (which make glibc consolidate every
    /// small block freed meanwhile) out of the output path.
    recycled: StdRc<std::sync::mpsc::Receiver<Vec<u8>>>,
    gone: StdRc<Cell<bool>>,
}

/// Output older than this is handed over even if the buffer is not full,
/// so a program stopped by the deadline (which drops the shell side at
/// once) keeps what it printed before a long computation.
const STALE_OUTPUT: Duration = Duration::from_millis(20);

impl Sink {
    /// [`Sink::flush`] when output has waited past [`STALE_OUTPUT`].
    fn flush_if_stale(&self) {
        if !self.buf.borrow().is_empty() && self.flushed_at.get().elapsed() >= STALE_OUTPUT {
            self.flush();
        }
    }

    fn flush(&self) {
        self.flushed_at.set(Instant::now());
        if self.buf.borrow().is_empty() {
            return;
        }
        let fresh = match self.recycled.try_recv() {
            Ok(mut v) => {
                v.clear();
                v
            }
            Err(_) => Vec::with_capacity(FLUSH_BYTES + 256),
        };
        let data = std::mem::replace(&mut *self.buf.borrow_mut(), fresh);
        if self.events.blocking_send(Event::Out(data)).is_err() {
            self.gone.set(true);
        }
    }
}

/// Run `job` to completion; always ends with [`Event::Done`] or
/// [`Event::Limit`] unless the receiver has gone.
pub(crate) fn run(
    job: Job,
    mut stdin: mpsc::Receiver<Bytes>,
    events: &mpsc::Sender<Event>,
    recycled: std::sync::mpsc::Receiver<Vec<u8>>,
    cancel: &Arc<AtomicBool>,
) {
    super::memory::attach(&job.memory);
    let marker = 0u8;
    let stack_base = std::ptr::addr_of!(marker) as usize;
    let names: Vec<String> = job.globals.iter().map(|(n, _)| n.clone()).collect();
    let filter = match cache::compile(&job.program, &names) {
        Ok(f) => f,
        Err(msg) => {
            let _ = events.blocking_send(Event::Err(msg.into_bytes()));
            let _ = events.blocking_send(Event::Done(3));
            return;
        }
    };
    let sink = Sink {
        buf: StdRc::new(RefCell::new(Vec::with_capacity(FLUSH_BYTES + 256))),
        flushed_at: StdRc::new(Cell::new(Instant::now())),
        events: events.clone(),
        recycled: StdRc::new(recycled),
        gone: StdRc::new(Cell::new(false)),
    };
    let use_stdin = job.files.is_empty();
    let mut files = job
        .files
        .into_iter()
        .flat_map(|(name, data)| {
            let body = match data {
                Ok(d) => Piece::Data(Bytes::from(d)),
                Err(msg) => Piece::Missing(msg),
            };
            [Piece::File(name), body]
        })
        .collect::<Vec<_>>()
        .into_iter();
    let sink_ref = sink.clone();
    let mut stdin_named = false;
    let pull = move || {
        if !use_stdin {
            return files.next();
        }
        if !stdin_named {
            stdin_named = true;
            return Some(Piece::File("<stdin>".to_string()));
        }
        let chunk = match stdin.try_recv() {
            Ok(b) => Some(b),
            Err(mpsc::error::TryRecvError::Disconnected) => None,
            Err(mpsc::error::TryRecvError::Empty) => {
                sink_ref.flush();
                stdin.blocking_recv()
            }
        };
        chunk.map(Piece::Data)
    };
    let globals = Globals {
        lut: &filter.lut,
        env: job.env,
        now: job.now,
        reader: RefCell::new(Reader::new(pull, job.max_buffer)),
        raw: job.opts.raw_input,
        messages: RefCell::new(Vec::new()),
        cancel,
        ticks: Cell::new(0),
        max_ticks: job.max_ticks,
        stack_base,
        stopped: Cell::new(None),
        sink: &sink,
    };
    let (max_buffer, max_ticks) = (job.max_buffer, job.max_ticks);
    let status = main_loop(
        &job.opts,
        &filter,
        &globals,
        &sink,
        job.globals.into_iter().map(|(_, v)| v).collect(),
    );
    let msgs = std::mem::take(&mut *globals.messages.borrow_mut());
    sink.flush();
    if !msgs.is_empty() {
        let _ = events.blocking_send(Event::Err(msgs));
    }
    let _ = match status {
        Some(code) => events.blocking_send(Event::Done(code)),
        None => events.blocking_send(Event::Limit(match globals.stopped.get() {
            Some(Stop::Buffer) => Interrupt::limit(LimitKind::BufferBytes, max_buffer),
            Some(Stop::Memory) => job.memory.exceeded(),
            _ => Interrupt::limit(LimitKind::TotalLoopIterations, max_ticks),
        })),
    };
}

/// jq's "no output" result of one input (`JQ_OK_NO_OUTPUT`).
const NO_OUTPUT: i32 = -4;
/// jq's result of one input whose last output was `false` or `null`.
const NULL_KIND: i32 = -1;

/// Run the program on every input. The status follows jq 1.7.1's main
/// loop: the result of the *last* input counts (an error on an earlier
/// input does not), a parse error stops with 5, an input that could not
/// be opened makes it 2, and `-e` maps a last output of `false`/`null` to
/// 1 and no output at all to 4. `None` when a resource bound stopped the
/// program.
fn main_loop(
    opts: &Options,
    filter: &compile::Filter,
    g: &Globals<'_>,
    sink: &Sink,
    vars: Vec<JqVal>,
) -> Option<i32> {
    let vars = Vars::new(vars);
    let style: Style = opts.style.clone();
    let mut ret = NO_OUTPUT;
    // -1: no output yet; 0: last output false/null; 1: other.
    let mut last_result: i8 = -1;
    let location = |g: &Globals<'_>| {
        if opts.null_input {
            "<unknown>".to_string()
        } else {
            format!(
                "{}:{}",
                g.filename().as_deref().unwrap_or("<stdin>"),
                g.line_number()
            )
        }
    };
    let mut first = true;
    loop {
        let input = if opts.null_input {
            if !first {
                break;
            }
            JqVal(Val::Null)
        } else if opts.slurp {
            if !first {
                break;
            }
            match slurp(opts, g) {
                Ok(v) => v,
                Err(msg) => {
                    if g.stopped.get().is_some() {
                        return None;
                    }
                    g.message(format!("jq: parse error: {msg}\n").as_bytes());
                    ret = 5;
                    break;
                }
            }
        } else {
            match g.next_input() {
                None => break,
                Some(Ok(v)) => v,
                Some(Err(msg)) => {
                    if g.stopped.get().is_some() {
                        return None;
                    }
                    g.message(format!("jq: parse error: {msg}\n").as_bytes());
                    ret = 5;
                    break;
                }
            }
        };
        first = false;
        let ctx = Ctx::<JqData>::new(g, vars.clone());
        let mut result = NO_OUTPUT;
        for item in filter.id.run((ctx, input)) {
            match item {
                Ok(v) => {
                    result = if v.0 == Val::Null || v.0 == Val::Bool(false) {
                        NULL_KIND
                    } else {
                        0
                    };
                    let full = {
                        let mut buf = sink.buf.borrow_mut();
                        write_output(opts, &style, &v, &mut buf);
                        buf.len() >= FLUSH_BYTES
                    };
                    if full {
                        sink.flush();
                    }
                    if sink.gone.get() || g.cancel.load(Ordering::Relaxed) {
                        return Some(ret.max(0));
                    }
                }
                Err(exn) => match exn.get_err() {
                    Ok(e) => {
                        let v = e.into_val();
                        let line = match v.as_str_bytes() {
                            Some(s) => format!(
                                "jq: error (at {}): {}\n",
                                location(g),
                                String::from_utf8_lossy(s)
                            ),
                            None => format!(
                                "jq: error (at {}) (not a string): {}\n",
                                location(g),
                                format::to_json(&v.0)
                            ),
                        };
                        if super::memory::spent() {
                            g.stopped.set(Some(Stop::Memory));
                        }
                        if g.stopped.get().is_some_and(Stop::is_limit) {
                            return None;
                        }
                        g.message(line.as_bytes());
                        result = 5;
                        break;
                    }
                    Err(exn) => {
                        let code = exn.get_halt().unwrap_or(5);
                        return match g.stopped.get() {
                            None => Some(code),
                            Some(Stop::Cancelled) => Some(130),
                            Some(Stop::Steps | Stop::Buffer | Stop::Memory) => None,
                            Some(Stop::Depth) => {
                                g.message(b"jq: error: program recursion too deep\n");
                                Some(5)
                            }
                        };
                    }
                },
            }
            flush_messages(g, sink);
        }
        flush_messages(g, sink);
        if super::memory::spent() {
            g.stopped.set(Some(Stop::Memory));
        }
        if g.stopped.get().is_some_and(Stop::is_limit) {
            return None;
        }
        ret = result;
        if ret <= 0 && ret != NO_OUTPUT {
            last_result = i8::from(ret != NULL_KIND);
        }
    }
    // Messages for inputs that could not be opened, even if never read.
    let errors = g.reader.borrow_mut().take_open_errors();
    for e in errors {
        g.message(format!("jq: error: {e}\n").as_bytes());
    }
    if g.reader.borrow().open_failed() {
        ret = 2;
    }
    Some(if opts.exit_status {
        if ret == NO_OUTPUT {
            match last_result {
                -1 => 4,
                0 => 1,
                _ => 0,
            }
        } else {
            ret.abs()
        }
    } else {
        ret.max(0)
    })
}

/// Output is handed to the shell in pieces of about this size (small
/// enough that `yes | jq | head` sees its first lines at once).
const FLUSH_BYTES: usize = 1 << 14;

fn flush_messages(g: &Globals<'_>, sink: &Sink) {
    let msgs = std::mem::take(&mut *g.messages.borrow_mut());
    if !msgs.is_empty() {
        sink.flush();
        if sink.events.blocking_send(Event::Err(msgs)).is_err() {
            sink.gone.set(true);
        }
    }
}

fn slurp(opts: &Options, g: &Globals<'_>) -> Result<JqVal, String> {
    if opts.raw_input {
        let all = g.reader.borrow_mut().read_all();
        return match all {
            Ok(bytes) => Ok(JqVal(Val::utf8_str(bytes))),
            Err(ReadError::Parse(m)) => Err(m),
            Err(ReadError::Limit) => {
                g.stopped.set(Some(Stop::Buffer));
                Err("buffer size limit exceeded".to_string())
            }
        };
    }
    let mut items = Vec::new();
    let mut bytes = 0usize;
    while let Some(v) = g.next_input() {
        let v = v?;
        // The inputs slurped are held together.
        bytes = bytes.saturating_add(super::memory::deep_bytes(&v.0));
        let _ = super::memory::admit(bytes);
        items.push(v);
        if g.guard().is_err() {
            return Err("slurp stopped".to_string());
        }
    }
    Ok(items.into_iter().collect())
}

fn write_output(opts: &Options, style: &Style, v: &JqVal, out: &mut Vec<u8>) {
    if opts.seq {
        out.push(0x1e);
    }
    match (&v.0, opts.raw_output) {
        (Val::TStr(s) | Val::BStr(s), true) => out.extend_from_slice(s),
        (val, _) => format::write_value(out, val, style),
    }
    if opts.raw_output0 {
        out.push(0);
    } else if !opts.join_output {
        out.push(b'\n');
    }
}
