//! External (deferred) dispatch: a call becomes a pending request that the
//! host claims, then completes or fails; the script waits, bounded by the
//! tool's deadline and attempt limit.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use serde_json::Value;
use tokio::sync::{Notify, oneshot};

use crate::descriptor::StreamLimits;
use crate::error::{CapsError, CapsErrorKind};

/// A call waiting for the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalCall {
    /// The id to complete or fail.
    pub id: u64,
    /// The tool.
    pub tool: String,
    /// The validated parameters.
    pub params: Value,
    /// The piped stdin, if any.
    pub stdin: Option<String>,
    /// 1 for the first attempt.
    pub attempt: u32,
}

struct Pending {
    call: ExternalCall,
    max_attempts: u32,
    stream: Option<StreamLimits>,
    chunks: Vec<String>,
    /// Bytes of the chunks so far.
    source_bytes: usize,
    reply: Option<oneshot::Sender<Result<String, String>>>,
}

/// The queue of external calls, bounded: at most `max_pending` calls are
/// in flight (reserved at the lease gate, released when the call ends), and
/// `submit` refuses past the same bound for a registry used without a gate.
pub(crate) struct ExternalQueue {
    max_pending: usize,
    reserved: AtomicUsize,
    next_id: AtomicU64,
    queue: Mutex<VecDeque<u64>>,
    pending: Mutex<HashMap<u64, Pending>>,
    notify: Notify,
}

/// The message of a call refused because the queue is full.
pub(crate) fn queue_full(max: usize) -> String {
    format!("too many pending external calls ({max})")
}

impl ExternalQueue {
    /// A queue of at most `max_pending` calls in flight.
    pub fn new(max_pending: usize) -> Self {
        Self {
            max_pending,
            reserved: AtomicUsize::new(0),
            next_id: AtomicU64::new(0),
            queue: Mutex::new(VecDeque::new()),
            pending: Mutex::new(HashMap::new()),
            notify: Notify::new(),
        }
    }

    /// Reserve a place for one call; `Err` with the reason when
    /// `max_pending` calls are already in flight.
    pub fn reserve(&self) -> Result<(), String> {
        self.reserved
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.max_pending).then_some(n + 1)
            })
            .map(|_| ())
            .map_err(|_| queue_full(self.max_pending))
    }

    /// Give back a place taken by [`ExternalQueue::reserve`].
    pub fn release(&self) {
        let _ = self
            .reserved
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }

    /// Enqueue a call; the receiver yields the final result. Refused when
    /// `max_pending` calls are already pending.
    pub fn submit(
        &self,
        tool: &str,
        params: Value,
        stdin: Option<String>,
        max_attempts: u32,
        stream: Option<StreamLimits>,
    ) -> Result<(u64, oneshot::Receiver<Result<String, String>>), String> {
        if self.pending.lock().expect("external lock").len() >= self.max_pending {
            return Err(queue_full(self.max_pending));
        }
        let id = self.next_id.fetch_add(1, Ordering::SeqCst) + 1;
        let (tx, rx) = oneshot::channel();
        let call = ExternalCall {
            id,
            tool: tool.to_string(),
            params,
            stdin,
            attempt: 1,
        };
        self.pending.lock().expect("external lock").insert(
            id,
            Pending {
                call,
                max_attempts: max_attempts.max(1),
                stream,
                chunks: Vec::new(),
                source_bytes: 0,
                reply: Some(tx),
            },
        );
        self.queue.lock().expect("external lock").push_back(id);
        self.notify.notify_waiters();
        Ok((id, rx))
    }

    /// Drop a call whose script stopped waiting.
    pub fn abandon(&self, id: u64) {
        self.pending.lock().expect("external lock").remove(&id);
        self.queue
            .lock()
            .expect("external lock")
            .retain(|x| *x != id);
    }

    /// The next unclaimed call, if any.
    pub fn claim(&self) -> Option<ExternalCall> {
        loop {
            let id = self.queue.lock().expect("external lock").pop_front()?;
            if let Some(p) = self.pending.lock().expect("external lock").get(&id) {
                return Some(p.call.clone());
            }
        }
    }

    /// Wait until a call is available, then claim it.
    pub async fn claim_wait(&self) -> ExternalCall {
        loop {
            let notified = self.notify.notified();
            if let Some(c) = self.claim() {
                return c;
            }
            notified.await;
        }
    }

    /// Add a streamed chunk to a claimed call.
    pub fn push_chunk(&self, id: u64, chunk: String) -> Result<(), CapsError> {
        let mut g = self.pending.lock().expect("external lock");
        let p = g.get_mut(&id).ok_or_else(|| {
            CapsError::new(
                CapsErrorKind::External,
                format!("no pending external call {id}"),
            )
        })?;
        let Some(limits) = p.stream else {
            return Err(CapsError::new(
                CapsErrorKind::External,
                format!("tool {} does not stream", p.call.tool),
            ));
        };
        if chunk.len() > limits.max_chunk_bytes as usize {
            return Err(CapsError::new(
                CapsErrorKind::External,
                format!(
                    "chunk of {} bytes exceeds {}",
                    chunk.len(),
                    limits.max_chunk_bytes
                ),
            ));
        }
        if p.chunks.len() >= limits.max_chunks as usize {
            return Err(CapsError::new(
                CapsErrorKind::External,
                format!("more than {} chunks", limits.max_chunks),
            ));
        }
        if p.source_bytes + chunk.len() > limits.max_source_bytes as usize {
            return Err(CapsError::new(
                CapsErrorKind::External,
                format!(
                    "streamed bytes would exceed max_source_bytes ({})",
                    limits.max_source_bytes
                ),
            ));
        }
        p.source_bytes += chunk.len();
        p.chunks.push(chunk);
        Ok(())
    }

    /// Complete a call: the script receives the streamed chunks (if any)
    /// followed by `output`. For a streamed tool whose chunks and `output`
    /// together pass `max_source_bytes`, the call fails for the script and
    /// the host gets the error.
    pub fn complete(&self, id: u64, output: &str) -> Result<(), CapsError> {
        let mut p = self
            .pending
            .lock()
            .expect("external lock")
            .remove(&id)
            .ok_or_else(|| {
                CapsError::new(
                    CapsErrorKind::External,
                    format!("no pending external call {id}"),
                )
            })?;
        if let Some(limits) = p.stream
            && p.source_bytes + output.len() > limits.max_source_bytes as usize
        {
            let msg = format!(
                "streamed result of {} bytes exceeds max_source_bytes ({})",
                p.source_bytes + output.len(),
                limits.max_source_bytes
            );
            if let Some(tx) = p.reply.take() {
                let _ = tx.send(Err(msg.clone()));
            }
            return Err(CapsError::new(CapsErrorKind::External, msg));
        }
        let mut all = p.chunks.concat();
        all.push_str(output);
        if let Some(tx) = p.reply.take() {
            let _ = tx.send(Ok(all));
        }
        Ok(())
    }

    /// Fail a call. While attempts remain, the call is queued again for
    /// another claim (attempt + 1); after the last, the script gets the
    /// error.
    pub fn fail(&self, id: u64, error: String) -> Result<(), CapsError> {
        let mut g = self.pending.lock().expect("external lock");
        let p = g.get_mut(&id).ok_or_else(|| {
            CapsError::new(
                CapsErrorKind::External,
                format!("no pending external call {id}"),
            )
        })?;
        if p.call.attempt < p.max_attempts {
            p.call.attempt += 1;
            p.chunks.clear();
            p.source_bytes = 0;
            drop(g);
            self.queue.lock().expect("external lock").push_back(id);
            self.notify.notify_waiters();
            return Ok(());
        }
        let mut p = g.remove(&id).expect("present");
        if let Some(tx) = p.reply.take() {
            let _ = tx.send(Err(error));
        }
        Ok(())
    }
}
