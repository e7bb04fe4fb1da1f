//! Manifest tool backends. These run on the host, outside the sandbox:
//! `exec` starts a program (params as JSON on stdin, the tool's piped stdin
//! in `TOOLSH_STDIN`, stdout is the result, a non-zero exit is a callback
//! error whose stdout is discarded: docs/tool-contract.md, "Failures"); `http` makes a request (secrets come from `${VAR}` in the URL or
//! headers and are never shown to the script).

use std::fmt::Write as _;
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
        async move {
            let fut = async move {
                tokio::task::spawn_blocking(move || run_http(&http, &args))
                    .await
                    .map_err(|e| e.to_string())?
            };
            with_timeout(timeout, fut).await
        }
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

fn run_http(h: &HttpEntry, args: &ToolArgs) -> ToolResult {
    let method = h.method.as_deref().unwrap_or("POST").to_ascii_uppercase();
    let mut url = interpolate_env(&h.url);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_mins(1)))
        .build()
        .into();
    let headers: Vec<(String, String)> = h
        .headers
        .iter()
        .map(|(k, v)| (k.clone(), interpolate_env(v)))
        .collect();
    let response = if method == "GET" || method == "DELETE" {
        if let Value::Object(map) = &args.params
            && !map.is_empty()
        {
            let query: Vec<String> = map
                .iter()
                .map(|(k, v)| {
                    let v = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                    format!("{}={}", encode(k), encode(&v))
                })
                .collect();
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str(&query.join("&"));
        }
        let mut req = if method == "GET" {
            agent.get(&url)
        } else {
            agent.delete(&url)
        };
        for (k, v) in &headers {
            req = req.header(k, v);
        }
        req.call()
    } else {
        let mut req = match method.as_str() {
            "PUT" => agent.put(&url),
            "PATCH" => agent.patch(&url),
            _ => agent.post(&url),
        };
        for (k, v) in &headers {
            req = req.header(k, v);
        }
        req.header("content-type", "application/json")
            .send(args.params.to_string())
    };
    // The URL may hold a secret: errors name only the method and status.
    let mut resp = response.map_err(|e| format!("{method} request failed: {e}"))?;
    let status = resp.status();
    let body = resp
        .body_mut()
        .with_config()
        .limit(MAX_BACKEND_OUTPUT)
        .read_to_string()
        .map_err(|e| format!("reading response: {e}"))?;
    if status.is_success() {
        Ok(body)
    } else {
        Err(format!(
            "HTTP {status}: {}",
            body.chars().take(500).collect::<String>()
        ))
    }
}

/// Percent-encode a query component (RFC 3986 unreserved characters kept).
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::encode;

    #[test]
    fn percent_encoding() {
        assert_eq!(encode("a b&c=d/é"), "a%20b%26c%3Dd%2F%C3%A9");
    }
}
