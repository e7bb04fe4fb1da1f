//! A minimal MCP streamable HTTP client over a raw TCP socket, and the
//! `toolsh mcp --http` process it talks to: enough to send one JSON-RPC
//! message per connection and read the answer (JSON or SSE), with a hard
//! time bound on every step. Loopback only.

#![allow(dead_code)]

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// The toolsh binary (`TOOLSH_BIN` to test another build).
pub fn toolsh() -> Command {
    Command::new(
        std::env::var_os("TOOLSH_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_toolsh").into()),
    )
}

/// A running `toolsh mcp --demo-tools --http 127.0.0.1:0 EXTRA...`.
pub struct Server {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Start the server and wait (up to 60 s) for its address.
    pub fn start(extra: &[&str]) -> Self {
        let mut child = toolsh()
            .args(["mcp", "--demo-tools", "--http", "127.0.0.1:0"])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn toolsh mcp --http");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stderr).lines();
            while let Some(Ok(line)) = lines.next() {
                if let Some(rest) = line.strip_prefix("toolsh: serving MCP on http://") {
                    let _ = tx.send(rest.trim_end_matches("/mcp").to_string());
                }
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_mins(1))
            .expect("toolsh mcp --http printed its address");
        Self { child, addr }
    }

    /// The server's resident memory in bytes (`VmRSS` of /proc/PID/status).
    pub fn rss_bytes(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC message with an `id` in the body (JSON or SSE `data:`).
    pub fn message(&self) -> Option<Value> {
        if let Ok(v) = serde_json::from_str::<Value>(&self.body) {
            return Some(v);
        }
        self.body
            .lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str::<Value>(d.trim()).ok())
            .find(|v| v.get("id").is_some())
    }
}

/// Send `method` with `body` (and `headers`) on a fresh connection; the
/// whole exchange must end within `limit`.
pub fn request(
    addr: &str,
    method: &str,
    headers: &[(&str, &str)],
    body: &str,
    limit: Duration,
) -> std::io::Result<Reply> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(limit))?;
    s.set_write_timeout(Some(limit))?;
    let mut head = format!(
        "{method} /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nConnection: close\r\n\
         Content-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        let _ = write!(head, "{k}: {v}\r\n");
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    s.write_all(body.as_bytes())?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    parse(&raw)
}

fn parse(raw: &[u8]) -> std::io::Result<Reply> {
    let bad = |m: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, m.to_string());
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| bad("no header end"))?;
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Ok(Reply {
        status,
        headers,
        body,
    })
}

/// The data of a chunked body (RFC 9112 section 7.1).
fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            out.push_str(&rest[..rest.len().min(n)]);
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].strip_prefix("\r\n").unwrap_or(&rest[n..]);
    }
    out
}

/// The `initialize` request body.
pub fn initialize_body() -> String {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "toolsh-test", "version": "0"}}})
    .to_string()
}

/// Open a session: `initialize` and `notifications/initialized`; the
/// session id, or the refusing reply.
pub fn open_session(addr: &str, limit: Duration) -> Result<String, Reply> {
    let r = request(addr, "POST", &[], &initialize_body(), limit).map_err(|e| Reply {
        status: 0,
        headers: Vec::new(),
        body: e.to_string(),
    })?;
    let Some(id) = r.header("mcp-session-id").map(str::to_string) else {
        return Err(r);
    };
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    let _ = request(addr, "POST", &session_headers(&id), &note, limit);
    Ok(id)
}

/// The headers of a request in session `id`.
pub fn session_headers(id: &str) -> Vec<(&'static str, &str)> {
    vec![
        ("Mcp-Session-Id", id),
        ("MCP-Protocol-Version", "2025-06-18"),
    ]
}

/// `tools/call` of `script` with `commands`, in session `id`.
pub fn call_script(
    addr: &str,
    id: &str,
    rpc_id: u64,
    commands: &str,
    timeout_ms: u64,
    limit: Duration,
) -> std::io::Result<Reply> {
    let body = json!({"jsonrpc": "2.0", "id": rpc_id, "method": "tools/call", "params": {
        "name": "script", "arguments": {"commands": commands, "timeout_ms": timeout_ms}}})
    .to_string();
    request(addr, "POST", &session_headers(id), &body, limit)
}

/// `ping` in session `id`.
pub fn ping(addr: &str, id: &str, rpc_id: u64, limit: Duration) -> std::io::Result<Reply> {
    let body = json!({"jsonrpc": "2.0", "id": rpc_id, "method": "ping"}).to_string();
    request(addr, "POST", &session_headers(id), &body, limit)
}
