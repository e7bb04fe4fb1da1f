//! Protocol faults of an upstream server turned into answers: every
//! client transport (stdio, HTTP+SSE) keeps the ids of the requests in
//! flight, and a message it cannot use (not JSON, malformed, an answer to
//! no pending request, too long) becomes a JSON-RPC error answer to the
//! requests it fails, so the script's tool call fails at once with the
//! cause instead of waiting for its deadline.

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;

use rmcp::model::{ClientNotification, ErrorCode, ErrorData, JsonRpcMessage, RequestId};
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use serde_json::Value;
use tokio::sync::mpsc;

/// The JSON-RPC error code of the answers a transport makes up for a
/// protocol fault (in the range JSON-RPC 2.0 reserves for implementations).
pub(crate) const FAULT_CODE: ErrorCode = ErrorCode(-32099);

/// How many ids of abandoned requests (timed out, cancelled, failed by a
/// fault) are remembered, so a late answer to one is ignored rather than
/// taken for a wrong id.
const ABANDONED: usize = 256;

/// The requests sent and not yet answered, and those abandoned.
#[derive(Debug, Default)]
pub(crate) struct Pending {
    in_flight: HashSet<RequestId>,
    abandoned: VecDeque<RequestId>,
}

impl Pending {
    fn abandon(&mut self, id: RequestId) {
        self.in_flight.remove(&id);
        if self.abandoned.len() >= ABANDONED {
            self.abandoned.pop_front();
        }
        self.abandoned.push_back(id);
    }

    /// Every request in flight, now abandoned.
    pub(crate) fn fail_all(&mut self) -> Vec<RequestId> {
        let ids: Vec<RequestId> = self.in_flight.drain().collect();
        for id in &ids {
            self.abandon(id.clone());
        }
        ids
    }

    /// Note a message about to be sent: a request is in flight until
    /// answered; a `notifications/cancelled` abandons its request.
    pub(crate) fn note_sent(&mut self, item: &TxJsonRpcMessage<RoleClient>) {
        match item {
            JsonRpcMessage::Request(r) => {
                self.in_flight.insert(r.id.clone());
            }
            JsonRpcMessage::Notification(n) => {
                if let ClientNotification::CancelledNotification(c) = &n.notification
                    && let Some(id) = &c.params.request_id
                {
                    self.abandon(id.clone());
                }
            }
            _ => {}
        }
    }
}

/// [`Pending::note_sent`] through a shared lock (a poisoned lock notes
/// nothing: the reader then treats the answer as unexpected).
pub(crate) fn note_sent(pending: &Mutex<Pending>, item: &TxJsonRpcMessage<RoleClient>) {
    if let Ok(mut p) = pending.lock() {
        p.note_sent(item);
    }
}

/// What one message from the server is.
pub(crate) enum Message {
    /// A message for rmcp.
    Deliver(Box<RxJsonRpcMessage<RoleClient>>),
    /// Nothing to do (a blank line, an unknown notification, a late answer
    /// to an abandoned request).
    Ignore,
    /// A protocol fault: the cause, and the requests it fails.
    Fault(String, Vec<RequestId>),
}

/// A fault that fails every request in flight.
pub(crate) fn fault_all(pending: &Mutex<Pending>, cause: String) -> Message {
    Message::Fault(
        cause,
        pending.lock().map(|mut p| p.fail_all()).unwrap_or_default(),
    )
}

/// Hand `message` to rmcp: deliver it, or answer each request a fault
/// fails with a [`FAULT_CODE`] error. `false` when rmcp has gone.
pub(crate) async fn forward(
    message: Message,
    tx: &mpsc::Sender<RxJsonRpcMessage<RoleClient>>,
) -> bool {
    match message {
        Message::Deliver(m) => tx.send(*m).await.is_ok(),
        Message::Ignore => true,
        Message::Fault(cause, ids) => {
            tracing::debug!(%cause, requests = ids.len(), "MCP upstream protocol fault");
            for id in ids {
                let answer = JsonRpcMessage::error(
                    ErrorData::new(FAULT_CODE, cause.clone(), None),
                    Some(id),
                );
                if tx.send(answer).await.is_err() {
                    return false;
                }
            }
            true
        }
    }
}

/// Classify one message's JSON text (a stdio line without its newline, or
/// an SSE event's data) against the requests pending.
pub(crate) fn classify(line: &[u8], p: &mut Pending) -> Message {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Message::Ignore;
    }
    match serde_json::from_slice::<RxJsonRpcMessage<RoleClient>>(line) {
        Ok(m) => {
            let id = match &m {
                JsonRpcMessage::Response(r) => Some(r.id.clone()),
                JsonRpcMessage::Error(e) => {
                    let Some(id) = &e.id else {
                        let cause = format!("the server reported an error: {}", e.error.message);
                        return Message::Fault(cause, p.fail_all());
                    };
                    Some(id.clone())
                }
                JsonRpcMessage::Request(_) | JsonRpcMessage::Notification(_) => None,
            };
            match id {
                None => Message::Deliver(Box::new(m)),
                Some(id) if p.in_flight.remove(&id) => Message::Deliver(Box::new(m)),
                Some(id) if p.abandoned.contains(&id) => Message::Ignore,
                Some(id) => Message::Fault(
                    format!(
                        "the server answered request id {}, which is not pending",
                        id.into_json_value()
                    ),
                    p.fail_all(),
                ),
            }
        }
        Err(e) => {
            let Ok(value) = serde_json::from_slice::<Value>(line) else {
                return Message::Fault(format!("the server sent invalid JSON ({e})"), p.fail_all());
            };
            // A notification rmcp does not know is the server's business.
            if value.get("method").is_some() && value.get("id").is_none() {
                return Message::Ignore;
            }
            let cause = format!("the server sent a malformed message ({e})");
            let answered = value
                .get("id")
                .and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok())
                .filter(|id| p.in_flight.contains(id));
            match answered {
                Some(id) => {
                    p.abandon(id.clone());
                    Message::Fault(cause, vec![id])
                }
                None => Message::Fault(cause, p.fail_all()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pending(ids: &[i64]) -> Pending {
        let mut p = Pending::default();
        for id in ids {
            p.in_flight.insert(RequestId::Number(*id));
        }
        p
    }

    #[test]
    fn faults_fail_the_requests_in_flight() {
        let mut p = pending(&[1, 2]);
        let Message::Fault(cause, ids) = classify(b"{not json", &mut p) else {
            panic!("a fault")
        };
        assert!(cause.starts_with("the server sent invalid JSON"), "{cause}");
        assert_eq!(ids.len(), 2);
        assert!(p.in_flight.is_empty());
        // A late answer to a failed request is ignored.
        assert!(matches!(
            classify(br#"{"jsonrpc":"2.0","id":1,"result":{}}"#, &mut p),
            Message::Ignore
        ));
        // An answer to a request never sent is a fault.
        let mut p = pending(&[3]);
        let Message::Fault(cause, ids) =
            classify(br#"{"jsonrpc":"2.0","id":99,"result":{}}"#, &mut p)
        else {
            panic!("a fault")
        };
        assert_eq!(
            cause,
            "the server answered request id 99, which is not pending"
        );
        assert_eq!(ids, [RequestId::Number(3)]);
        // The right answer is delivered.
        let mut p = pending(&[4]);
        assert!(matches!(
            classify(br#"{"jsonrpc":"2.0","id":4,"result":{}}"#, &mut p),
            Message::Deliver(_)
        ));
        assert!(matches!(classify(b"  \r", &mut p), Message::Ignore));
    }
}
