//! `toolsh serve --config FILE` through the real binary: a network
//! address without `[auth]` is refused (exit 2), a bad file is exit 2, and
//! a served tenant answers stateless `tools/call`s (no session), then
//! drains and exits 0 on SIGTERM; with `[telemetry]`, its spans reach
//! an OTLP/HTTP receiver, the last of them sent while it exits.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::mcp_http::{request, toolsh};
use serde_json::json;

fn config(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
    std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
    f
}

#[test]
fn a_network_address_without_auth_exits_2() {
    let f = config("[server]\nlisten = \"0.0.0.0:0\"\n[[tenant]]\nname = \"a\"\n");
    let out = toolsh()
        .args(["serve", "--config"])
        .arg(f.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is not a loopback address and [auth] is absent"),
        "{err}"
    );
    let f = config("[server]\nlisten = \"127.0.0.1:0\"\nbogus = 1\n[[tenant]]\nname = \"a\"\n");
    let out = toolsh()
        .args(["serve", "--config"])
        .arg(f.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown field `bogus`"));
}

#[test]
fn a_tenant_is_served_statelessly_and_sigterm_drains() {
    let f = config(
        "[server]\nlisten = \"127.0.0.1:0\"\ndrain_seconds = 5\n[[tenant]]\nname = \"shop\"\ndemo_tools = true\n",
    );
    let mut child = toolsh()
        .args(["serve", "--config"])
        .arg(f.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr = first
        .strip_prefix("toolsh: serving MCP on http://")
        .and_then(|r| r.strip_suffix("/mcp"))
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    // No initialize, no session: the call stands alone.
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "script", "arguments": {"commands": "customers.list | jq -r '.[0].id'"}}})
    .to_string();
    let r = request(
        &addr,
        "POST",
        &[("MCP-Protocol-Version", "2025-11-25")],
        &body,
        Duration::from_secs(30),
    )
    .unwrap();
    assert_eq!(r.status, 200, "{r:?}");
    assert!(r.header("mcp-session-id").is_none());
    let m = r.message().unwrap();
    assert_eq!(m["result"]["structuredContent"]["exit_code"], 0, "{m}");
    // As `toolsh run --demo-tools` prints it.
    assert_eq!(
        m["result"]["structuredContent"]["stdout"], "c-acme\n",
        "{m}"
    );
    let ok = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let start = Instant::now();
    let code = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code();
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no exit after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(code, Some(0));
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(
        rest.iter().any(|l| l.starts_with("toolsh: draining")),
        "{rest:?}"
    );
}

/// A bare OTLP/HTTP receiver on loopback: the body of every POST, each
/// answered 200 with an empty (protobuf) response. The serve crate's own
/// test decodes the spans; here only their arrival is checked.
fn otlp_receiver() -> (String, std::sync::Arc<std::sync::Mutex<Vec<Vec<u8>>>>) {
    use std::io::{Read as _, Write as _};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1/traces", listener.local_addr().unwrap());
    let bodies = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let b = bodies.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(mut conn) = conn else { continue };
            let mut reader = BufReader::new(conn.try_clone().unwrap());
            loop {
                let mut length = 0usize;
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                loop {
                    line.clear();
                    reader.read_line(&mut line).unwrap();
                    let l = line.trim_end().to_ascii_lowercase();
                    if l.is_empty() {
                        break;
                    }
                    if let Some(v) = l.strip_prefix("content-length:") {
                        length = v.trim().parse().unwrap();
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                b.lock().unwrap().push(body);
                let _ = conn.write_all(
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 0\r\n\r\n",
                );
            }
        }
    });
    (url, bodies)
}

#[test]
fn with_telemetry_spans_reach_the_collector_by_exit() {
    let (url, bodies) = otlp_receiver();
    let f = config(&format!(
        "[server]\nlisten = \"127.0.0.1:0\"\n[telemetry]\notlp_endpoint = \"{url}\"\n[[tenant]]\nname = \"shop\"\ndemo_tools = true\n"
    ));
    let mut child = toolsh()
        .args(["serve", "--config"])
        .arg(f.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr = first
        .strip_prefix("toolsh: serving MCP on http://")
        .and_then(|r| r.strip_suffix("/mcp"))
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "script", "arguments": {"commands": "customers.list | jq length"}}})
    .to_string();
    let trace_id = "5bf92f3577b34da6a3ce929d0e0e4737";
    let r = request(
        &addr,
        "POST",
        &[
            ("MCP-Protocol-Version", "2025-11-25"),
            ("traceparent", &format!("00-{trace_id}-10f067aa0ba902b7-01")),
        ],
        &body,
        Duration::from_secs(30),
    )
    .unwrap();
    assert_eq!(r.status, 200, "{r:?}");
    // The batch processor holds the spans; the exit sends them.
    assert!(
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap()
            .success()
    );
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    let all: Vec<u8> = bodies.lock().unwrap().concat();
    let has = |needle: &[u8]| all.windows(needle.len()).any(|w| w == needle);
    let id: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&trace_id[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    for needle in [
        &b"toolsh.execution"[..],
        b"toolsh.tool_call",
        b"customers.list",
        &id,
    ] {
        assert!(
            has(needle),
            "{:?} not in what the receiver got ({} bytes)",
            String::from_utf8_lossy(needle),
            all.len()
        );
    }
}
