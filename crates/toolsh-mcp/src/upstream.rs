//! Importing an upstream MCP server: spawn it as a child process (stdio
//! transport), list its tools, and expose each as a toolsh tool named
//! `<server>.<tool>` whose callback calls the upstream.

use std::sync::Arc;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Tool};
use rmcp::service::{Peer, RoleClient, RunningService, ServiceError};
use serde_json::{Map, Value};
use toolsh_tools::{ToolArgs, ToolDef, ToolImpl, is_valid_tool_name, transport_error};

use crate::child::{FAULT_CODE, ProcessGroup, UpstreamProcess};

/// Why an upstream could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UpstreamError {
    /// The server name is not usable as a command namespace.
    #[error("invalid MCP server name '{0}': use letters, digits, '_' and '-'")]
    InvalidName(String),
    /// The process could not be started.
    #[error("could not start MCP server '{name}' ({command}): {error}")]
    Spawn {
        /// The server name.
        name: String,
        /// The command.
        command: String,
        /// The OS error.
        error: std::io::Error,
    },
    /// The MCP handshake or `tools/list` failed.
    #[error("MCP server '{name}': {error}")]
    Protocol {
        /// The server name.
        name: String,
        /// What failed.
        error: String,
    },
    /// The handshake did not finish in time.
    #[error("MCP server '{0}' did not answer within {1:?}")]
    Timeout(String, Duration),
    /// The server exited before the handshake finished: its exit status
    /// and the last lines of its stderr (up to 20 lines, 4 KiB), so a
    /// cause such as `npx canceled due to missing packages and no YES
    /// option` shows without `RUST_LOG`.
    #[error("MCP server '{name}' exited during the MCP handshake ({status}){}", stderr_note(.stderr))]
    Exited {
        /// The server name.
        name: String,
        /// The exit status as the OS reports it (`exit status: 1`).
        status: String,
        /// The last lines of its stderr, each indented by two spaces.
        stderr: String,
    },
}

/// `; its stderr ended with:` and the lines, or nothing.
fn stderr_note(stderr: &str) -> String {
    if stderr.is_empty() {
        "; it wrote nothing to stderr".to_string()
    } else {
        format!("; its stderr ended with:\n{stderr}")
    }
}

/// How to start an upstream server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpstreamSpec {
    /// The namespace of its tools (`memory` gives `memory.create_entities`).
    pub name: String,
    /// The program to run.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Environment variables for the child, on top of [`INHERITED_ENV`]
    /// (nothing else of the host's environment is passed: a server's tool
    /// could hand it to the script, e.g. a `get-env` tool).
    pub env: Vec<(String, String)>,
    /// How long one `tools/call` may wait for its answer; `None` means
    /// [`DEFAULT_CALL_TIMEOUT`]. The script's remaining time bounds it too
    /// (the registry gives a callback at most that).
    pub call_timeout: Option<Duration>,
}

/// The per-call timeout of an upstream that sets none: 60 s, the MCP
/// TypeScript SDK's default request timeout.
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_mins(1);

/// The host environment variables an upstream server inherits (the MCP
/// TypeScript SDK's default for stdio servers on POSIX); anything else,
/// such as an API key, must be given in [`UpstreamSpec::env`] (the
/// manifest's `env` table).
pub const INHERITED_ENV: &[&str] = &["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

impl UpstreamSpec {
    /// Parse `NAME=COMMAND [ARGS...]` (the CLI's `--mcp` form); the command
    /// line is split on whitespace, with single and double quotes grouping.
    pub fn parse(spec: &str) -> Result<Self, String> {
        let (name, cmd) = spec
            .split_once('=')
            .ok_or_else(|| format!("--mcp expects NAME=COMMAND, got '{spec}'"))?;
        let words = split_command_line(cmd)?;
        let (command, args) = words
            .split_first()
            .ok_or_else(|| format!("--mcp {name}: empty command"))?;
        Ok(Self {
            name: name.trim().to_string(),
            command: command.clone(),
            args: args.to_vec(),
            env: Vec::new(),
            call_timeout: None,
        })
    }
}

/// Split a command line on whitespace with `'...'` and `"..."` grouping and
/// backslash escapes (outside single quotes).
fn split_command_line(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(x) => cur.push(x),
                        None => return Err("unterminated ' in command".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => cur.push(chars.next().ok_or("trailing \\ in command")?),
                        Some(x) => cur.push(x),
                        None => return Err("unterminated \" in command".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                cur.push(chars.next().ok_or("trailing \\ in command")?);
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// A running upstream MCP server and the tools it offers.
pub struct McpUpstream {
    name: String,
    service: RunningService<RoleClient, ClientConfig>,
    tools: Vec<Tool>,
    call_timeout: Duration,
    /// The server's process group, killed when the upstream is dropped.
    group: Arc<ProcessGroup>,
}

impl std::fmt::Debug for McpUpstream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpUpstream")
            .field("name", &self.name)
            .field(
                "tools",
                &self
                    .tools
                    .iter()
                    .map(|t| t.name.as_ref())
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

/// How long the handshake and `tools/list` may take when the caller sets
/// nothing ([`McpUpstream::spawn`]): 30 s, the default script timeout.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a server that failed its handshake is given to exit, so its
/// exit status and stderr can be reported.
const EXIT_WAIT: Duration = Duration::from_millis(500);

impl McpUpstream {
    /// [`McpUpstream::spawn_within`] 30 seconds.
    pub async fn spawn(spec: &UpstreamSpec) -> Result<Self, UpstreamError> {
        Self::spawn_within(spec, CONNECT_TIMEOUT).await
    }

    /// Start the server, complete the MCP handshake and list its tools,
    /// all within `handshake` (the run's `--timeout`). The server runs in a
    /// process group of its own, killed as a whole when the upstream is
    /// shut down or dropped. The child's stderr (where servers log) is
    /// forwarded line by line to `tracing` at debug level under target
    /// `toolsh_mcp::child`, so a script's stderr carries only what the
    /// script wrote.
    ///
    /// # Errors
    /// [`UpstreamError::InvalidName`], [`UpstreamError::Spawn`];
    /// [`UpstreamError::Exited`] when the server exits before the
    /// handshake is done; [`UpstreamError::Timeout`] after `handshake`;
    /// [`UpstreamError::Protocol`] for any other failure (with the
    /// server's stderr tail when it wrote any).
    pub async fn spawn_within(
        spec: &UpstreamSpec,
        handshake: Duration,
    ) -> Result<Self, UpstreamError> {
        let name = spec.name.clone();
        if name.is_empty() || name.contains('.') || !is_valid_tool_name(&name) {
            return Err(UpstreamError::InvalidName(name));
        }
        let mut cmd = tokio::process::Command::new(&spec.command);
        cmd.args(&spec.args);
        cmd.env_clear();
        for k in INHERITED_ENV {
            if let Some(v) = std::env::var_os(k) {
                cmd.env(k, v);
            }
        }
        for (k, v) in &spec.env {
            cmd.env(k, v);
        }
        let (mut process, transport) =
            UpstreamProcess::spawn(&name, cmd).map_err(|error| UpstreamError::Spawn {
                name: name.clone(),
                command: spec.command.clone(),
                error,
            })?;
        let connect = async {
            let client = ClientConfig::new(ClientCapabilities::default(), crate::implementation());
            let service = client.serve(transport).await.map_err(|e| e.to_string())?;
            let tools = service.list_all_tools().await.map_err(|e| e.to_string())?;
            Ok::<_, String>((service, tools))
        };
        let failed = match tokio::time::timeout(handshake, connect).await {
            Ok(Ok((service, tools))) => {
                tracing::debug!(server = %name, tools = tools.len(), "MCP upstream connected");
                return Ok(Self {
                    name,
                    service,
                    tools,
                    call_timeout: spec.call_timeout.unwrap_or(DEFAULT_CALL_TIMEOUT),
                    group: process.group.clone(),
                });
            }
            Ok(Err(error)) => UpstreamError::Protocol {
                name: name.clone(),
                error,
            },
            Err(_) => UpstreamError::Timeout(name.clone(), handshake),
        };
        // A timeout is the server's silence: dropping the handshake closed
        // its stdin, so an exit now says nothing about the cause.
        let grace = match failed {
            UpstreamError::Timeout(..) => Duration::ZERO,
            _ => EXIT_WAIT,
        };
        let (status, stderr) = process.post_mortem(grace).await;
        process.group.kill();
        Err(match (status, failed) {
            (Some(status), UpstreamError::Protocol { name, .. }) => UpstreamError::Exited {
                name,
                status,
                stderr,
            },
            (_, UpstreamError::Protocol { name, error }) if !stderr.is_empty() => {
                UpstreamError::Protocol {
                    name,
                    error: format!("{error}; its stderr ended with:\n{stderr}"),
                }
            }
            (_, other) => other,
        })
    }

    /// The server's namespace.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The upstream tools as listed.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// Each upstream tool as a toolsh tool `<server>.<tool>` (characters
    /// not allowed in command names become `_`), with the upstream
    /// description, input schema and output schema. Text content becomes
    /// stdout, structured content becomes JSON on stdout, and `isError`
    /// becomes a callback error.
    pub fn tool_impls(&self) -> Vec<ToolImpl> {
        let peer = Arc::new(self.service.peer().clone());
        self.tools
            .iter()
            .map(|t| {
                let local = format!("{}.{}", self.name, command_safe(&t.name));
                let mut def =
                    ToolDef::new(local, t.description.as_deref().unwrap_or("").to_string())
                        .with_schema(Value::Object((*t.input_schema).clone()))
                        .with_category(self.name.clone())
                        .with_tags(annotation_tags(t));
                if let Some(o) = &t.output_schema {
                    def = def.with_output_schema(Value::Object((**o).clone()));
                }
                let peer = peer.clone();
                let remote = t.name.to_string();
                let timeout = self.call_timeout;
                ToolImpl::new(def).with_async_exec(move |args: ToolArgs| {
                    let peer = peer.clone();
                    let remote = remote.clone();
                    async move { call_remote(&peer, remote, args, timeout).await }
                })
            })
            .collect()
    }

    /// Shut the server down: close its stdin, give it half a second to
    /// exit, then kill its process group (the server and everything it
    /// started).
    pub async fn shutdown(self) {
        if let Err(e) = self.service.cancel().await {
            tracing::debug!(server = %self.name, error = %e, "MCP upstream shutdown");
        }
        self.group.kill();
    }
}

/// `mcp` plus a tag for each hint the server set to true (MCP tool
/// annotations): `read-only`, `destructive`, `open-world`. Hosts map them
/// to risk classes; absent hints say nothing.
fn annotation_tags(t: &Tool) -> Vec<String> {
    let mut tags = vec!["mcp".to_string()];
    if let Some(a) = &t.annotations {
        if a.read_only_hint == Some(true) {
            tags.push("read-only".into());
        }
        if a.destructive_hint == Some(true) {
            tags.push("destructive".into());
        }
        if a.open_world_hint == Some(true) {
            tags.push("open-world".into());
        }
    }
    tags
}

fn command_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// One `tools/call` within `timeout` (the registry bounds the callback by
/// the script's remaining time as well). A fault of the transport (no
/// answer in time, a closed connection, a protocol fault the transport
/// turned into an error) is reported in toolsh's own words
/// ([`transport_error`]), so the script sees `<server>.<tool>: <cause>`
/// and status 1 even with sanitized callback errors; the server's own
/// error text stays subject to sanitizing.
async fn call_remote(
    peer: &Peer<RoleClient>,
    tool: String,
    args: ToolArgs,
    timeout: Duration,
) -> Result<String, String> {
    let arguments: Map<String, Value> = match args.params {
        Value::Object(m) => m,
        Value::Null => Map::new(),
        other => return Err(format!("parameters must be an object, got {other}")),
    };
    let call = peer.call_tool(CallToolRequestParams::new(tool).with_arguments(arguments));
    let result = match tokio::time::timeout(timeout, call).await {
        Ok(Ok(r)) => r,
        Ok(Err(ServiceError::McpError(e))) if e.code == FAULT_CODE => {
            return Err(transport_error(e.message));
        }
        Ok(Err(ServiceError::TransportClosed | ServiceError::TransportSend(_))) => {
            return Err(transport_error("the MCP server closed the connection"));
        }
        Ok(Err(e)) => return Err(e.to_string()),
        Err(_) => {
            return Err(transport_error(format!(
                "the MCP server did not answer within {} ms",
                timeout.as_millis()
            )));
        }
    };
    render_result(&result)
}

/// Turn a `tools/call` result into stdout text or an error message.
pub fn render_result(result: &CallToolResult) -> Result<String, String> {
    let text: Vec<&str> = result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.as_str()))
        .collect();
    if result.is_error == Some(true) {
        let msg = if text.is_empty() {
            result
                .structured_content
                .as_ref()
                .map_or_else(|| "tool error".to_string(), Value::to_string)
        } else {
            text.join("\n")
        };
        return Err(msg);
    }
    if let Some(v) = &result.structured_content {
        return Ok(v.to_string());
    }
    Ok(text.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_mcp_specs() {
        let s = UpstreamSpec::parse("memory=node /x/dist/index.js --flag 'a b'").unwrap();
        assert_eq!(s.name, "memory");
        assert_eq!(s.command, "node");
        assert_eq!(s.args, ["/x/dist/index.js", "--flag", "a b"]);
        assert!(UpstreamSpec::parse("nocommand").is_err());
        assert!(UpstreamSpec::parse("x=").is_err());
        assert!(UpstreamSpec::parse("x='open").is_err());
    }

    #[test]
    fn tool_names_are_made_command_safe() {
        assert_eq!(command_safe("get weather/now"), "get_weather_now");
    }
}
