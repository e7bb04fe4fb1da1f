//! `toolsh mcp` over raw stdio, as an MCP client sees it: newline-delimited
//! JSON-RPC 2.0 messages written to the real binary's stdin, answers read
//! from its stdout. No npm needed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

/// A running `toolsh mcp --demo-tools` and its output lines.
pub(crate) struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Session {
    /// Start the server and complete the MCP handshake; returns the
    /// session and the `initialize` result.
    fn start() -> (Self, Value) {
        Self::start_with(&[])
    }

    /// [`Session::start`] with more `toolsh mcp` arguments.
    pub(crate) fn start_with(extra: &[&str]) -> (Self, Value) {
        Self::start_in(extra, &[])
    }

    /// [`Session::start_with`] with more environment variables.
    pub(crate) fn start_in(extra: &[&str], env: &[(&str, &std::path::Path)]) -> (Self, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
            .args(["mcp", "--demo-tools"])
            .args(extra)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn toolsh mcp");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut s = Self {
            child,
            stdin,
            lines,
        };
        s.send_line(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "mcp-stdio-test", "version": "0"}
            }})
            .to_string(),
        );
        let init = s.next();
        assert_eq!(init["id"], 1, "{init}");
        s.send_line(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        (s, init)
    }

    pub(crate) fn send_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Close the server's stdin (the end of the session) and wait for it
    /// to exit; returns its exit status.
    pub(crate) fn close(&mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        self.child.wait().unwrap()
    }

    /// The next message from the server (fails after 20 s of silence).
    pub(crate) fn next(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(20))
            .expect("a message from toolsh mcp");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }

    /// Call the `script` tool with `arguments`; returns the whole response.
    pub(crate) fn call_script(&mut self, id: u64, arguments: &Value) -> Value {
        self.send_line(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                    "params": {"name": "script", "arguments": arguments}})
            .to_string(),
        );
        self.next()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn server_info_names_toolsh() {
    let (_s, init) = Session::start();
    assert_eq!(init["result"]["serverInfo"]["name"], "toolsh", "{init}");
    assert_eq!(
        init["result"]["serverInfo"]["version"],
        env!("CARGO_PKG_VERSION"),
        "{init}"
    );
}

#[test]
fn a_line_that_is_not_json_gets_a_parse_error_and_the_server_keeps_serving() {
    let (mut s, _) = Session::start();
    s.send_line("this is not json");
    let err = s.next();
    assert_eq!(
        err,
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}})
    );
    // Truncated JSON is a parse error too.
    s.send_line(r#"{"jsonrpc":"2.0","id":7,"method":"#);
    assert_eq!(s.next()["error"]["code"], -32700);
    let ok = s.call_script(2, &json!({"commands": "echo still here"}));
    assert_eq!(ok["id"], 2, "{ok}");
    assert_eq!(ok["result"]["structuredContent"]["stdout"], "still here\n");
}

#[test]
fn script_is_accepted_as_an_alias_of_commands() {
    let (mut s, _) = Session::start();
    let r = s.call_script(2, &json!({"script": "echo via alias"}));
    assert_eq!(
        r["result"]["structuredContent"]["stdout"], "via alias\n",
        "{r}"
    );
    // Both at once is ambiguous.
    let r = s.call_script(3, &json!({"script": "echo a", "commands": "echo b"}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // The schema advertises one name and the description tells of the alias.
    s.send_line(r#"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#);
    let list = s.next();
    let tool = &list["result"]["tools"][0];
    assert_eq!(tool["name"], "script");
    let props = tool["inputSchema"]["properties"].as_object().unwrap();
    assert!(props.contains_key("commands"), "{tool}");
    assert!(!props.contains_key("script"), "{tool}");
    assert!(
        props["commands"]["description"]
            .as_str()
            .unwrap()
            .contains("`script`"),
        "{tool}"
    );
}
