//! Manifest tool backends. These run on the host, outside the sandbox:
//! `exec` starts a program (params as JSON on stdin, the tool's piped stdin
//! in `TOOLSH_STDIN`, stdout is the result, a non-zero exit is a callback
//! error whose stdout is discarded: docs/tool-contract.md, "Failures"); `http` makes a request (secrets come from `${VAR}` in the URL or
//! headers and are never shown to the script).

use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;
use tokio::io::AsyncWriteExt;
use toolsh_tools::{ToolArgs, ToolDef, ToolImpl, ToolResult};

use crate::manifest::{HttpEntry, Manifest, ToolEntry, interpolate_env};

/// Largest response accepted from a backend, in bytes.
const MAX_BACKEND_OUTPUT: u64 = 16 * 1024 * 1024;

/// The tool for a manifest entry.
pub fn tool_from_entry(manifest: &Manifest, e: &ToolEntry) -> ToolImpl {
    let mut def = ToolDef::new(e.name.clone(), e.description.clone())
        .with_schema(manifest.input_schema(e))
        .with_tags(e.tags.clone());
    if let Some(o) = manifest.output_schema(e) {
        def = def.with_output_schema(o);
    }
    if let Some(c) = &e.category {
        def = def.with_category(c.clone());
    }
    let timeout = e.timeout_ms.map(Duration::from_millis);
    if let Some(argv) = e.exec.clone() {
        let cwd = manifest.base_dir.clone();
        return ToolImpl::new(def).with_async_exec(move |args: ToolArgs| {
            let argv = argv.clone();
            let cwd = cwd.clone();
            async move { with_timeout(timeout, run_exec(argv, cwd, args)).await }
        });
    }
    let http = e.http.clone().unwrap_or_else(|| HttpEntry {
        url: String::new(),
        method: None,
        headers: std::collections::BTreeMap::default(),
    });
    ToolImpl::new(def).with_async_exec(move |args: ToolArgs| {
        let http = http.clone();
        async move { with_timeout(timeout, async move { run_http(&http, &args).await }).await }
    })
}

async fn with_timeout(t: Option<Duration>, fut: impl Future<Output = ToolResult>) -> ToolResult {
    match t {
        Some(d) => tokio::time::timeout(d, fut)
            .await
            .unwrap_or_else(|_| Err(format!("timed out after {} ms", d.as_millis()))),
        None => fut.await,
    }
}

async fn run_exec(argv: Vec<String>, cwd: std::path::PathBuf, args: ToolArgs) -> ToolResult {
    let (prog, rest) = argv.split_first().ok_or("empty exec")?;
    let mut cmd = tokio::process::Command::new(prog);
    cmd.args(rest)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    if !cwd.as_os_str().is_empty() {
        cmd.current_dir(&cwd);
    }
    if let Some(s) = &args.stdin {
        cmd.env("TOOLSH_STDIN", s);
    }
    if let Some(t) = args.tenant() {
        cmd.env("TOOLSH_TENANT", t);
    }
    let mut child = cmd.spawn().map_err(|e| format!("{prog}: {e}"))?;
    let input = args.params.to_string();
    let stdin = child.stdin.take();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    // Feed stdin and read stderr beside reading stdout, so that a program
    // that writes before it reads cannot block on a full pipe; read at
    // most one byte past each cap, so a program that floods its output
    // costs the cap in memory, not the flood, and is killed then.
    let feed = tokio::spawn(async move {
        if let Some(mut stdin) = stdin {
            // A program that does not read its stdin must not make us fail.
            let _ = stdin.write_all(input.as_bytes()).await;
        }
    });
    let err = tokio::spawn(read_capped(stderr, MAX_BACKEND_STDERR, true));
    let out = read_capped(stdout, MAX_BACKEND_OUTPUT + 1, false).await;
    let out = match out {
        Ok(out) if out.len() as u64 <= MAX_BACKEND_OUTPUT => out,
        other => {
            let _ = child.kill().await;
            feed.abort();
            err.abort();
            return Err(match other {
                Err(e) => format!("{prog}: {e}"),
                Ok(_) => format!("{prog}: output larger than {MAX_BACKEND_OUTPUT} bytes"),
            });
        }
    };
    let _ = feed.await;
    let err = err.await.ok().and_then(Result::ok);
    let err = err.unwrap_or_default();
    let status = child.wait().await.map_err(|e| format!("{prog}: {e}"))?;
    if status.success() {
        Ok(String::from_utf8_lossy(&out).into_owned())
    } else {
        // The error is all a failed call has (the tool contract): the
        // partial stdout is not a result; the host's log says it existed.
        let err = String::from_utf8_lossy(&err);
        let dropped = if out.is_empty() {
            String::new()
        } else {
            format!(" ({} bytes of stdout discarded)", out.len())
        };
        Err(format!(
            "{prog} exited with {status}{dropped}: {}",
            err.trim()
        ))
    }
}

/// The most bytes of a failing exec tool's stderr kept for its error
/// (which is sanitized before the script sees it, and logged whole up to
/// this size).
const MAX_BACKEND_STDERR: u64 = 64 * 1024;

/// Up to `cap` bytes of `stream` (all of it when shorter). With `drain`
/// the rest is read and dropped, so the writer never blocks on a full
/// pipe; without it the rest is left unread.
async fn read_capped(
    stream: Option<impl tokio::io::AsyncRead + Unpin>,
    cap: u64,
    drain: bool,
) -> std::io::Result<Vec<u8>> {
    use tokio::io::AsyncReadExt;
    let mut buf = Vec::new();
    if let Some(mut s) = stream {
        (&mut s).take(cap).read_to_end(&mut buf).await?;
        if drain {
            tokio::io::copy(&mut s, &mut tokio::io::sink()).await?;
        }
    }
    Ok(buf)
}

/// The process's one HTTP client, built on first use and shared by every
/// `http` tool (one connection pool).
fn http_client() -> Result<reqwest::Client, String> {
    static CLIENT: std::sync::OnceLock<reqwest::Client> = std::sync::OnceLock::new();
    if let Some(c) = CLIENT.get() {
        return Ok(c.clone());
    }
    let c = toolsh_mcp::http_client()?;
    Ok(CLIENT.get_or_init(|| c).clone())
}

/// An error and its sources, `: `-separated (reqwest's own text names
/// only the kind of failure; the cause, such as "Connection refused", is
/// in the chain).
fn causes(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut src = e.source();
    while let Some(s) = src {
        let t = s.to_string();
        if !out.ends_with(&t) {
            out.push_str(": ");
            out.push_str(&t);
        }
        src = s.source();
    }
    out
}

/// One `http` tool call on the process's one HTTP client
/// ([`toolsh_mcp::http_client`]: rustls, the system's roots). `GET` and
/// `DELETE` send the parameters as the query string
/// (`application/x-www-form-urlencoded`, WHATWG URL standard), the other
/// methods as a JSON body. Errors name the method and the cause without
/// the URL (it may hold a `${NAME}` secret); a response past
/// [`MAX_BACKEND_OUTPUT`] bytes is an error, read no further.
async fn run_http(h: &HttpEntry, args: &ToolArgs) -> ToolResult {
    let method = h.method.as_deref().unwrap_or("POST").to_ascii_uppercase();
    let client = http_client()?;
    let mut url = reqwest::Url::parse(&interpolate_env(&h.url))
        .map_err(|e| format!("{method} request failed: invalid URL: {e}"))?;
    let verb = match method.as_str() {
        "GET" => reqwest::Method::GET,
        "DELETE" => reqwest::Method::DELETE,
        "PUT" => reqwest::Method::PUT,
        "PATCH" => reqwest::Method::PATCH,
        _ => reqwest::Method::POST,
    };
    let query = verb == reqwest::Method::GET || verb == reqwest::Method::DELETE;
    if query
        && let Value::Object(map) = &args.params
        && !map.is_empty()
    {
        let mut pairs = url.query_pairs_mut();
        for (k, v) in map {
            pairs.append_pair(k, &v.as_str().map_or_else(|| v.to_string(), str::to_string));
        }
    }
    let mut req = client.request(verb, url).timeout(Duration::from_mins(1));
    for (k, v) in &h.headers {
        req = req.header(k.as_str(), interpolate_env(v));
    }
    if !query {
        req = req
            .header("content-type", "application/json")
            .body(args.params.to_string());
    }
    let fail =
        |what: &str, e: reqwest::Error| format!("{method} {what}: {}", causes(&e.without_url()));
    let mut resp = req.send().await.map_err(|e| fail("request failed", e))?;
    let status = resp.status();
    let mut body = Vec::new();
    while let Some(chunk) = resp
        .chunk()
        .await
        .map_err(|e| fail("reading response", e))?
    {
        if (body.len() + chunk.len()) as u64 > MAX_BACKEND_OUTPUT {
            return Err(format!(
                "{method} response larger than {MAX_BACKEND_OUTPUT} bytes"
            ));
        }
        body.extend_from_slice(&chunk);
    }
    let body = String::from_utf8_lossy(&body).into_owned();
    if status.is_success() {
        Ok(body)
    } else {
        Err(format!(
            "HTTP {status}: {}",
            body.chars().take(500).collect::<String>()
        ))
    }
}
