//! An OAuth-protected upstream reached from the manifest: a server that
//! answers 401 fails the load with a message telling the user to run
//! `toolsh login NAME` (no person is asked during a run), with toolsh's
//! load-error status, and nothing secret in it.
//!
//! The server is `tests/fixtures/oauth_401.py`, a loopback HTTP server in
//! Python's standard library that answers every request with the MCP
//! authorization spec's 401 challenge (no real OAuth-protected MCP server
//! runs offline on loopback; python3 is on every machine this runs on, as
//! for the other fixture servers).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_401_server_asks_for_toolsh_login_without_leaking_credentials() {
    let dir = std::env::temp_dir().join(format!("toolsh-oauth-401-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let seen = dir.join("authorization-headers");
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/oauth_401.py");
    let mut child = match Command::new("python3")
        .arg(&fixture)
        .arg(&seen)
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => Server(c),
        Err(e) => {
            eprintln!("skipped: python3 not runnable: {e}");
            return;
        }
    };
    let mut port = String::new();
    BufReader::new(child.0.stdout.take().unwrap())
        .read_line(&mut port)
        .unwrap();
    let port = port.trim();
    let manifest = dir.join("m.toml");
    std::fs::write(
        &manifest,
        format!(
            "[[mcp]]\nname = \"crm\"\nurl = \"http://127.0.0.1:{port}/mcp\"\n\
             headers = {{ X-Api-Key = \"${{CRM_KEY_401}}\" }}\n\
             oauth = {{ client_id = \"${{CRM_ID_401}}\", scopes = [\"files.read\"] }}\n"
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("CRM_KEY_401", "key-s3cr3t-401")
        .env("CRM_ID_401", "toolsh-test-client")
        .args(["run", "--timeout", "20", "--tools"])
        .arg(&manifest)
        .args(["-c", "crm.search q"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("MCP server 'crm' needs authorization: run `toolsh login crm`"),
        "{stderr}"
    );
    assert!(!stderr.contains("key-s3cr3t-401"), "{stderr}");
    assert!(out.stdout.is_empty());
    // No token was ever sent: the cache is empty and the run asked nobody.
    assert!(!seen.exists(), "{:?}", std::fs::read_to_string(&seen));
    let _ = std::fs::remove_dir_all(&dir);
}
