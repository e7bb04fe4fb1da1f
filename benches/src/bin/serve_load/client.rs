//! MCP streamable HTTP, as one load client speaks it: `initialize` and
//! `notifications/initialized` (once per client, or once for all in a
//! shared session), then `tools/call` requests, each answered as
//! `application/json` or as an SSE stream that ends after the answer.
//! Every request is bounded by the endpoint's timeout: an answer that
//! does not come within it is a stuck request, not a slow one.

use std::time::Duration;

use reqwest::header::{ACCEPT, CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue};
use serde_json::{Value, json};

/// The protocol version asked for in `initialize` (the server's answer
/// is what later requests send in `MCP-Protocol-Version`).
const PROTOCOL_VERSION: &str = "2025-11-25";

/// Where the load goes and how each request is sent.
pub struct Endpoint {
    pub client: reqwest::Client,
    /// The MCP URL (`http://127.0.0.1:8080/mcp`).
    pub url: String,
    /// Sent with every request (`--header`).
    pub headers: HeaderMap,
    /// The response header naming the replica that answered (HAProxy adds
    /// it); absent from direct answers.
    pub replica_header: HeaderName,
    /// The bound on one request, from send to the last byte of its answer.
    pub timeout: Duration,
}

/// What later requests of a client carry: its session (none when
/// stateless or when the server gave none) and the negotiated version.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: Option<String>,
    pub protocol: String,
}

/// How one attempt ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A result whose checked field held the expected text.
    Ok,
    /// A result, but an error result or not the expected text.
    Wrong(String),
    /// A JSON-RPC error answer, by code.
    Rpc(i64),
    /// An HTTP status other than 200, or a 200 without the answer.
    Http(u16),
    /// Connecting, sending or reading failed (reset, refused, closed).
    Transport,
    /// No complete answer within the timeout.
    Timeout,
}

/// One attempt: how it ended and which replica answered.
#[derive(Debug)]
pub struct Attempt {
    pub outcome: Outcome,
    pub replica: Option<String>,
}

/// One kind of call of the mix: the `params` of its `tools/call`
/// (pre-serialized) and what its answer must hold.
#[derive(Clone, Debug)]
pub struct Call {
    pub name: String,
    pub params: String,
    /// JSON pointer into the result (`/structuredContent/stdout`).
    pub expect_pointer: String,
    /// The text that must be there.
    pub expect: String,
    pub weight: u32,
}

impl Endpoint {
    fn post(&self, session: Option<&Session>, body: String) -> reqwest::RequestBuilder {
        let mut r = self
            .client
            .post(&self.url)
            .headers(self.headers.clone())
            .header(ACCEPT, "application/json, text/event-stream")
            .header(CONTENT_TYPE, "application/json")
            .timeout(self.timeout)
            .body(body);
        if let Some(s) = session {
            r = r.header("MCP-Protocol-Version", &s.protocol);
            if let Some(id) = &s.id {
                r = r.header("Mcp-Session-Id", id);
            }
        }
        r
    }

    /// `initialize` then `notifications/initialized`; `use_session`:
    /// keep the session id the server gives (stateless clients drop it).
    pub async fn open(&self, use_session: bool) -> Result<Session, String> {
        let body = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": PROTOCOL_VERSION, "capabilities": {},
            "clientInfo": {"name": "toolsh-serve-load", "version": "0"}}})
        .to_string();
        let r = self
            .post(None, body)
            .send()
            .await
            .map_err(|e| format!("initialize: {e}"))?;
        let status = r.status().as_u16();
        let id = r
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let ctype = content_type(r.headers());
        let bytes = r.bytes().await.map_err(|e| format!("initialize: {e}"))?;
        let message = find_message(&ctype, &bytes, 0)
            .ok_or_else(|| format!("initialize: HTTP {status}, no answer"))?;
        let protocol = message["result"]["protocolVersion"]
            .as_str()
            .ok_or_else(|| format!("initialize refused: {message}"))?
            .to_string();
        let session = Session {
            id: if use_session { id } else { None },
            protocol,
        };
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
        let r = self
            .post(Some(&session), note)
            .send()
            .await
            .map_err(|e| format!("notifications/initialized: {e}"))?;
        if !r.status().is_success() {
            return Err(format!("notifications/initialized: HTTP {}", r.status()));
        }
        Ok(session)
    }

    /// One `tools/call` of `call` with JSON-RPC id `id`.
    pub async fn call(&self, session: &Session, id: u64, call: &Call) -> Attempt {
        let body = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{}}}"#,
            call.params
        );
        let sent = self.post(Some(session), body).send().await;
        let r = match sent {
            Ok(r) => r,
            Err(e) => {
                return Attempt {
                    outcome: if e.is_timeout() {
                        Outcome::Timeout
                    } else {
                        Outcome::Transport
                    },
                    replica: None,
                };
            }
        };
        let status = r.status().as_u16();
        let replica = r
            .headers()
            .get(&self.replica_header)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let ctype = content_type(r.headers());
        let bytes = r.bytes().await;
        let outcome = match bytes {
            Err(e) if e.is_timeout() => Outcome::Timeout,
            Err(_) => Outcome::Transport,
            Ok(_) if status != 200 => Outcome::Http(status),
            Ok(b) => match find_message(&ctype, &b, id) {
                None => Outcome::Http(status),
                Some(m) => judge(&m, call),
            },
        };
        Attempt { outcome, replica }
    }
}

fn content_type(h: &HeaderMap) -> String {
    h.get(CONTENT_TYPE)
        .and_then(|v: &HeaderValue| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// The JSON-RPC answer with `id` in a body: the JSON object itself, or
/// the SSE event whose `data` is it (multi-line data joined by `\n`).
fn find_message(ctype: &str, body: &[u8], id: u64) -> Option<Value> {
    let is_ours = |v: &Value| v.get("id").and_then(Value::as_u64) == Some(id);
    if !ctype.starts_with("text/event-stream") {
        return serde_json::from_slice::<Value>(body).ok().filter(is_ours);
    }
    let text = std::str::from_utf8(body).ok()?;
    let mut data = String::new();
    for line in text.lines().chain(std::iter::once("")) {
        if let Some(d) = line.strip_prefix("data:") {
            if !data.is_empty() {
                data.push('\n');
            }
            data.push_str(d.strip_prefix(' ').unwrap_or(d));
        } else if line.is_empty() && !data.is_empty() {
            if let Ok(v) = serde_json::from_str::<Value>(&data)
                && is_ours(&v)
            {
                return Some(v);
            }
            data.clear();
        }
    }
    None
}

/// Ok when the result's `expect_pointer` holds `expect` and it is not an
/// error result.
fn judge(m: &Value, call: &Call) -> Outcome {
    if let Some(e) = m.get("error") {
        return Outcome::Rpc(e["code"].as_i64().unwrap_or(0));
    }
    let result = &m["result"];
    if result["isError"] == true {
        return Outcome::Wrong(format!("error result: {result}"));
    }
    match result.pointer(&call.expect_pointer).and_then(Value::as_str) {
        Some(s) if s == call.expect => Outcome::Ok,
        other => Outcome::Wrong(format!(
            "{}: {:?} at {}, expected {:?}",
            call.name, other, call.expect_pointer, call.expect
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_found_in_an_sse_stream_among_other_events() {
        let body = b"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n\
id: 3\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\n\
data: \"result\":{}}\n\n";
        let m = find_message("text/event-stream", body, 7).unwrap();
        assert_eq!(m["id"], 7);
        assert!(find_message("text/event-stream", body, 8).is_none());
        assert!(find_message("application/json", br#"{"id":8}"#, 7).is_none());
    }

    #[test]
    fn a_result_is_judged_by_its_pointer() {
        let call = Call {
            name: "echo".into(),
            params: String::new(),
            expect_pointer: "/structuredContent/stdout".into(),
            expect: "hi\n".into(),
            weight: 1,
        };
        let ok = json!({"id": 1, "result": {"structuredContent": {"stdout": "hi\n"}}});
        assert_eq!(judge(&ok, &call), Outcome::Ok);
        let other = json!({"id": 1, "result": {"structuredContent": {"stdout": "ho\n"}}});
        assert!(matches!(judge(&other, &call), Outcome::Wrong(_)));
        let err = json!({"id": 1, "error": {"code": -32001, "message": "x"}});
        assert_eq!(judge(&err, &call), Outcome::Rpc(-32001));
    }
}
