//! `toolsh mcp` (stdio and `--http`) and `toolsh run` under scripts that
//! compute without pause and clients that hold on: SIGTERM interrupts a
//! running script at once, busy scripts do not freeze the server for other
//! clients, executions beyond the cap and queue are refused (JSON-RPC
//! -32000 / HTTP 503 with `Retry-After`), sessions are capped and expire,
//! a foreign `Origin` gets 403 and a half-open connection is closed after
//! the header timeout. Through the real binary; loopback only; every wait
//! bounded. `TOOLSH_BIN` runs them against another build.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::mcp_http::{Server, call_script, open_session, ping, request, toolsh};
use serde_json::{Value, json};

const SPIN: &str = "while :; do :; done";

/// Send SIGTERM to `child`.
fn term(child: &Child) {
    let ok = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -TERM");
}

/// Wait up to `limit` for `child` to exit; its status code, or `None` (it
/// is killed then).
fn wait_within(child: &mut Child, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(s) = child.try_wait().unwrap() {
            return s.code();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn sigterm_interrupts_a_running_script_in_run() {
    let mut child = toolsh()
        .args(["run", "-c", SPIN])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    term(&child);
    let code = wait_within(&mut child, Duration::from_secs(10));
    let took = sent.elapsed();
    assert_eq!(code, Some(143), "toolsh run ignored SIGTERM for {took:?}");
    eprintln!("SIGTERM to exit: {took:?}");
    assert!(took < Duration::from_secs(1), "{took:?}");
}

/// A `toolsh mcp --demo-tools EXTRA...` on stdio after the handshake.
struct StdioServer {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Value>,
}

impl StdioServer {
    fn start(extra: &[&str]) -> Self {
        let mut child = toolsh()
            .args(["mcp", "--demo-tools"])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Ok(v) = serde_json::from_str(&line)
                    && tx.send(v).is_err()
                {
                    break;
                }
            }
        });
        let mut s = Self {
            child,
            stdin,
            lines,
        };
        s.send(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"}}}),
        );
        assert_eq!(s.answer(1, Duration::from_secs(30))["id"], 1);
        s.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        s
    }

    fn send(&mut self, v: &Value) {
        self.stdin.write_all(format!("{v}\n").as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn call(&mut self, id: u64, commands: &str, timeout_ms: u64) {
        self.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "script", "arguments": {"commands": commands, "timeout_ms": timeout_ms}}}),
        );
    }

    /// The answer to request `id` within `limit` (others are skipped).
    fn answer(&self, id: u64, limit: Duration) -> Value {
        let start = Instant::now();
        loop {
            let left = limit.saturating_sub(start.elapsed());
            let v = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer to request {id} within {limit:?}"));
            if v["id"] == id {
                return v;
            }
        }
    }
}

impl Drop for StdioServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn two_busy_scripts_do_not_freeze_the_stdio_server() {
    let mut s = StdioServer::start(&[]);
    s.call(10, SPIN, 20_000);
    s.call(11, SPIN, 20_000);
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    s.send(&json!({"jsonrpc": "2.0", "id": 12, "method": "ping"}));
    let pong = s.answer(12, Duration::from_secs(5));
    assert!(pong.get("result").is_some(), "{pong}");
    s.call(13, "echo still here", 5_000);
    let r = s.answer(13, Duration::from_secs(5));
    assert_eq!(
        r["result"]["structuredContent"]["stdout"], "still here\n",
        "{r}"
    );
    eprintln!(
        "ping and a call beside two busy scripts: {:?}",
        asked.elapsed()
    );
}

#[test]
fn a_call_beyond_the_cap_and_queue_gets_a_busy_error_on_stdio() {
    let mut s = StdioServer::start(&["--max-executions", "1", "--max-queued", "0"]);
    s.call(10, SPIN, 20_000);
    std::thread::sleep(Duration::from_millis(300));
    s.call(11, "echo hi", 5_000);
    let r = s.answer(11, Duration::from_secs(5));
    assert_eq!(r["error"]["code"], -32000, "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("server busy"),
        "{r}"
    );
    assert_eq!(r["error"]["data"]["retry_after_seconds"], 1, "{r}");
    // Cancelling the busy call frees its slot at once.
    s.send(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                   "params": {"requestId": 10}}),
    );
    std::thread::sleep(Duration::from_millis(500));
    s.call(12, "echo free", 5_000);
    let r = s.answer(12, Duration::from_secs(5));
    assert_eq!(r["result"]["structuredContent"]["stdout"], "free\n", "{r}");
}

#[test]
fn sigterm_ends_the_mcp_server_during_a_busy_script() {
    let mut s = StdioServer::start(&[]);
    s.call(10, SPIN, 20_000);
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    term(&s.child);
    let code = wait_within(&mut s.child, Duration::from_secs(10));
    assert_eq!(code, Some(143), "after {:?}", sent.elapsed());
    assert!(
        sent.elapsed() < Duration::from_secs(1),
        "{:?}",
        sent.elapsed()
    );
}

const LIMIT: Duration = Duration::from_secs(10);

#[test]
fn a_foreign_origin_is_refused_and_a_loopback_one_accepted() {
    let server = Server::start(&[]);
    let body = crate::mcp_http::initialize_body();
    let r = request(
        &server.addr,
        "POST",
        &[("Origin", "http://evil.example")],
        &body,
        LIMIT,
    )
    .unwrap();
    assert_eq!(r.status, 403, "{r:?}");
    let r = request(
        &server.addr,
        "POST",
        &[("Origin", "http://localhost:5173")],
        &body,
        LIMIT,
    )
    .unwrap();
    assert_eq!(r.status, 200, "{r:?}");
    // An allow-list from the command line replaces the default.
    let server = Server::start(&["--allow-origin", "https://app.example:443"]);
    let r = request(
        &server.addr,
        "POST",
        &[("Origin", "https://app.example")],
        &body,
        LIMIT,
    )
    .unwrap();
    assert_eq!(r.status, 200, "{r:?}");
    let r = request(
        &server.addr,
        "POST",
        &[("Origin", "http://localhost:5173")],
        &body,
        LIMIT,
    )
    .unwrap();
    assert_eq!(r.status, 403, "{r:?}");
}

#[test]
fn sessions_are_capped_and_expire_when_idle() {
    let server = Server::start(&["--max-sessions", "2", "--session-idle", "1"]);
    open_session(&server.addr, LIMIT).expect("a first session");
    open_session(&server.addr, LIMIT).expect("a second session");
    let refused = open_session(&server.addr, LIMIT).expect_err("a third session past the cap");
    assert_eq!(refused.status, 503, "{refused:?}");
    assert_eq!(refused.header("retry-after"), Some("1"), "{refused:?}");
    // Idle sessions expire and make room.
    std::thread::sleep(Duration::from_millis(2500));
    let id = open_session(&server.addr, LIMIT).expect("a session after the others expired");
    assert_eq!(ping(&server.addr, &id, 5, LIMIT).unwrap().status, 200);
}

#[test]
fn a_half_open_connection_is_closed_after_the_header_timeout() {
    let server = Server::start(&["--header-timeout", "1"]);
    let mut s = std::net::TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .unwrap();
    let start = Instant::now();
    let mut rest = Vec::new();
    let read = s.read_to_end(&mut rest);
    let took = start.elapsed();
    assert!(
        read.is_ok(),
        "the connection was left open: {read:?} after {took:?}"
    );
    assert!(took < Duration::from_secs(5), "closed after {took:?}");
}

#[test]
fn a_call_beyond_the_cap_and_queue_gets_503_over_http() {
    let server = Server::start(&["--max-executions", "1", "--max-queued", "0"]);
    let id = open_session(&server.addr, LIMIT).unwrap();
    let (addr, busy_id) = (server.addr.clone(), id.clone());
    let busy = std::thread::spawn(move || call_script(&addr, &busy_id, 2, SPIN, 3_000, LIMIT));
    std::thread::sleep(Duration::from_millis(500));
    let r = call_script(&server.addr, &id, 3, "echo hi", 3_000, LIMIT).unwrap();
    assert_eq!(r.status, 503, "{r:?}");
    assert_eq!(r.header("retry-after"), Some("1"), "{r:?}");
    let done = busy.join().unwrap().unwrap();
    let m = done.message().expect("the busy call's answer");
    assert_eq!(m["result"]["structuredContent"]["exit_code"], 124, "{m}");
    // The slot is free again.
    let r = call_script(&server.addr, &id, 4, "echo hi", 3_000, LIMIT).unwrap();
    let m = r.message().expect("an answer");
    assert_eq!(m["result"]["structuredContent"]["stdout"], "hi\n", "{m}");
}

#[test]
fn two_busy_scripts_do_not_freeze_the_http_server() {
    let server = Server::start(&[]);
    let id = open_session(&server.addr, LIMIT).unwrap();
    let spinners: Vec<_> = (0..2)
        .map(|n| {
            let (addr, id) = (server.addr.clone(), id.clone());
            std::thread::spawn(move || call_script(&addr, &id, 10 + n, SPIN, 6_000, LIMIT))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let asked = Instant::now();
    let pong = ping(&server.addr, &id, 20, Duration::from_secs(3)).expect("a ping answer");
    assert_eq!(pong.status, 200, "{pong:?}");
    let r = call_script(
        &server.addr,
        &id,
        21,
        "echo beside",
        3_000,
        Duration::from_secs(3),
    )
    .expect("a call beside the busy scripts");
    let m = r.message().expect("an answer");
    assert_eq!(
        m["result"]["structuredContent"]["stdout"], "beside\n",
        "{m}"
    );
    eprintln!(
        "ping and a call beside two busy scripts: {:?}",
        asked.elapsed()
    );
    for s in spinners {
        let _ = s.join();
    }
}
