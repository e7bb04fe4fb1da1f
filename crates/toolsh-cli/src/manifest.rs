//! The tool manifest (TOML): host tools backed by programs or HTTP
//! endpoints, upstream MCP servers, limits, grants and the permission mode.
//!
//! ```toml
//! mode = "full"                      # read-only | auto | full
//! [limits]
//! timeout_ms = 10000
//! [grants]
//! "weather.get" = 5                  # at most 5 calls per run (true = unlimited)
//! [[tool]]
//! name = "weather.get"
//! description = "Current weather for a city."
//! input_schema = { type = "object", properties = { city = { type = "string" } }, required = ["city"] }
//! risk = "read"                      # read | write | external | destructive
//! exec = ["python3", "weather.py"]   # params as JSON on stdin; stdout is the result
//! [[mcp]]
//! name = "memory"
//! command = "npx"
//! args = ["-y", "@modelcontextprotocol/server-memory"]
//! timeout_ms = 20000                 # per call (default 60 s)
//! [[mcp]]
//! name = "remote"
//! url = "https://mcp.example.com/mcp"  # streamable HTTP, or an old HTTP+SSE server
//! headers = { Authorization = "Bearer ${REMOTE_TOKEN}" }
//! max_concurrent_calls = 4           # default 8
//! elicitation = "defaults"           # answer input requests with form defaults (default: decline)
//! [[mcp]]
//! name = "crm"
//! url = "https://crm.example.com/mcp"
//! # OAuth 2.1 when the server answers 401 (all keys optional):
//! oauth = { grant = "client_credentials", client_id = "${CRM_ID}", client_secret = "${CRM_SECRET}", scopes = ["crm.read"] }
//! ```
//!
//! An `http` backend's `url` and header values, and an `[[mcp]]` entry's
//! `url`, header values and `oauth` client ID, secret and metadata URL,
//! may refer to host environment variables as
//! `${NAME}` (no default syntax); a reference to an unset variable is a
//! load error.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;
use toml::Spanned;

/// A manifest error with its position: `file:line:column: message`, or
/// `file: message` when the file could not be read (line and column 0).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", position(*.line, *.column))]
pub struct ManifestError {
    /// The manifest path as given.
    pub file: String,
    /// 1-based line; 0 when the file could not be read.
    pub line: usize,
    /// 1-based column; 0 when the file could not be read.
    pub column: usize,
    /// What is wrong, naming the key.
    pub message: String,
}

/// `:line:column` of a [`ManifestError`], or nothing for an unread file.
fn position(line: usize, column: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(":{line}:{column}")
    }
}

/// The whole manifest.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// `read-only`, `auto` or `full`.
    #[serde(default)]
    pub mode: Option<Spanned<String>>,
    /// Execution limits.
    #[serde(default)]
    pub limits: Limits,
    /// Capability grants: tool name → call count (or `true` for unlimited).
    #[serde(default)]
    pub grants: BTreeMap<String, Grant>,
    /// Host tools.
    #[serde(default)]
    pub tool: Vec<Spanned<ToolEntry>>,
    /// Upstream MCP servers.
    #[serde(default)]
    pub mcp: Vec<Spanned<McpEntry>>,
    /// Where the manifest was read from (for relative paths).
    #[serde(skip)]
    pub base_dir: PathBuf,
}

/// A grant value: a call count or `true` (unlimited).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Grant {
    /// At most this many calls per run.
    Count(u32),
    /// `true`: granted without a count; `false`: not granted.
    Flag(bool),
}

/// `[limits]`.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Wall-clock limit of a run, in milliseconds.
    pub timeout_ms: Option<u64>,
    /// Commands executed.
    pub max_commands: Option<u64>,
    /// Bytes of stdout.
    pub max_output_bytes: Option<usize>,
    /// Iterations of one loop.
    pub max_loop_iterations: Option<u64>,
    /// Function call depth.
    pub max_function_depth: Option<usize>,
    /// Memory one run may hold, in bytes (`ExecutionLimits::max_memory_bytes`,
    /// default 256 MiB); `toolsh mcp` admits as many runs at once as its
    /// `--max-memory` holds of these.
    pub max_memory_bytes: Option<usize>,
}

/// One `[[tool]]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolEntry {
    /// The command name (`weather.get`).
    pub name: String,
    /// The description.
    #[serde(default)]
    pub description: String,
    /// Inline input schema (a TOML table, or a JSON string).
    pub input_schema: Option<toml::Value>,
    /// Input schema from a JSON file (relative to the manifest).
    pub input_schema_file: Option<String>,
    /// Inline output schema.
    pub output_schema: Option<toml::Value>,
    /// Output schema from a JSON file.
    pub output_schema_file: Option<String>,
    /// Tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Category.
    pub category: Option<String>,
    /// `read`, `write`, `external` or `destructive`.
    pub risk: Option<String>,
    /// Program backend: argv.
    pub exec: Option<Vec<String>>,
    /// HTTP backend.
    pub http: Option<HttpEntry>,
    /// Per-call timeout in milliseconds.
    pub timeout_ms: Option<u64>,
}

/// An HTTP backend.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpEntry {
    /// The URL; `${VAR}` is replaced by the host environment variable
    /// (which must be set when the manifest is loaded).
    pub url: String,
    /// GET (params as query string) or POST/PUT/PATCH/DELETE (params as a
    /// JSON body). Default POST.
    #[serde(default)]
    pub method: Option<String>,
    /// Request headers; values may use `${VAR}`.
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
}

/// One `[[mcp]]`: exactly one of `command` (a child process over stdio)
/// and `url` (streamable HTTP, falling back to HTTP+SSE).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpEntry {
    /// The namespace of its tools.
    pub name: String,
    /// The program.
    #[serde(default)]
    pub command: Option<String>,
    /// Its arguments.
    #[serde(default)]
    pub args: Vec<String>,
    /// Extra environment for the child.
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// The server's URL (`http://` or `https://`); `${VAR}` is replaced by
    /// the host environment variable.
    #[serde(default)]
    pub url: Option<String>,
    /// Headers sent with every request to `url`; values may use `${VAR}`.
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    /// How toolsh authorizes itself with the server at `url` (OAuth 2.1;
    /// only used when the server answers 401).
    #[serde(default)]
    pub oauth: Option<crate::oauth::OAuthEntry>,
    /// What the server's `elicitation/create` (a request for input in the
    /// middle of a call) gets: `decline` (default; elicitation not
    /// announced) or `defaults` (each form accepted with its schema's
    /// defaults, `toolsh_mcp::ElicitationPolicy`).
    #[serde(default)]
    pub elicitation: Option<String>,
    /// Calls in flight to this server at once (default 8).
    #[serde(default)]
    pub max_concurrent_calls: Option<usize>,
    /// How long one call of its tools may wait for the answer, in
    /// milliseconds, at least 1 (default 60 s; the script's remaining
    /// time bounds it too).
    pub timeout_ms: Option<u64>,
}

/// 1-based line and column of byte offset `pos` in `text`.
fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let pos = pos.min(text.len());
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

impl Manifest {
    /// Read and check a manifest file.
    pub fn load(path: &Path) -> Result<Self, ManifestError> {
        let file = path.display().to_string();
        let unread = |message: String| ManifestError {
            file: file.clone(),
            line: 0,
            column: 0,
            message,
        };
        let text = read_text(path).map_err(unread)?;
        let mut m = Self::parse(&text, &file)?;
        m.base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        m.check_files(&text, &file)?;
        m.check_env(&text, &file, |name| std::env::var_os(name).is_some())?;
        Ok(m)
    }

    /// Parse and check manifest text (`file` names it in errors).
    pub fn parse(text: &str, file: &str) -> Result<Self, ManifestError> {
        let m: Manifest = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |s| line_col(text, s.start));
            ManifestError {
                file: file.to_string(),
                line,
                column,
                message: e.message().trim().to_string(),
            }
        })?;
        let err = |pos: usize, message: String| {
            let (line, column) = line_col(text, pos);
            ManifestError {
                file: file.to_string(),
                line,
                column,
                message,
            }
        };
        if let Some(mode) = &m.mode
            && !matches!(mode.get_ref().as_str(), "read-only" | "auto" | "full")
        {
            return Err(err(
                mode.span().start,
                format!(
                    "mode: expected read-only, auto or full, got '{}'",
                    mode.get_ref()
                ),
            ));
        }
        // A zero timeout would end every run before its first command, as
        // `--timeout 0` is refused for.
        if m.limits.timeout_ms == Some(0) {
            let at = text.find("timeout_ms").unwrap_or(0);
            return Err(err(at, "limits.timeout_ms must be at least 1".to_string()));
        }
        let mut seen = std::collections::HashSet::new();
        for t in &m.tool {
            let at = t.span().start;
            let e = t.get_ref();
            if !toolsh_tools::is_valid_tool_name(&e.name) {
                return Err(err(
                    at,
                    format!("tool.name: invalid tool name '{}'", e.name),
                ));
            }
            if !seen.insert(e.name.clone()) {
                return Err(err(at, format!("tool.name: '{}' is defined twice", e.name)));
            }
            match (&e.exec, &e.http) {
                (Some(_), Some(_)) => {
                    return Err(err(
                        at,
                        format!("tool '{}': give exec or http, not both", e.name),
                    ));
                }
                (None, None) => {
                    return Err(err(
                        at,
                        format!(
                            "tool '{}': missing backend (exec = [...] or http = {{ url = ... }})",
                            e.name
                        ),
                    ));
                }
                (Some(argv), None) if argv.is_empty() => {
                    return Err(err(
                        at,
                        format!("tool '{}': exec must name a program", e.name),
                    ));
                }
                _ => {}
            }
            if e.input_schema.is_some() && e.input_schema_file.is_some() {
                return Err(err(
                    at,
                    format!(
                        "tool '{}': give input_schema or input_schema_file, not both",
                        e.name
                    ),
                ));
            }
            if let Some(r) = &e.risk
                && !matches!(r.as_str(), "read" | "write" | "external" | "destructive")
            {
                return Err(err(
                    at,
                    format!(
                        "tool '{}': risk must be read, write, external or destructive, got '{r}'",
                        e.name
                    ),
                ));
            }
            if let Some(h) = &e.http
                && !matches!(
                    h.method
                        .as_deref()
                        .unwrap_or("POST")
                        .to_ascii_uppercase()
                        .as_str(),
                    "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
                )
            {
                return Err(err(
                    at,
                    format!(
                        "tool '{}': http.method must be GET, POST, PUT, PATCH or DELETE",
                        e.name
                    ),
                ));
            }
            for (key, schema) in [
                ("input_schema", &e.input_schema),
                ("output_schema", &e.output_schema),
            ] {
                if let Some(s) = schema
                    && let Err(msg) = toml_to_json(s)
                {
                    return Err(err(at, format!("tool '{}': {key}: {msg}", e.name)));
                }
            }
        }
        for s in &m.mcp {
            let e = s.get_ref();
            if e.name.is_empty()
                || e.name.contains('.')
                || !toolsh_tools::is_valid_tool_name(&e.name)
            {
                return Err(err(
                    s.span().start,
                    format!("mcp.name: invalid server name '{}'", e.name),
                ));
            }
            let problem = match (&e.command, &e.url) {
                (Some(_), Some(_)) => Some("give either command or url, not both"),
                (None, None) => Some("give a command or a url"),
                (None, Some(u))
                    if !u.starts_with("http://")
                        && !u.starts_with("https://")
                        && !u.starts_with("${") =>
                {
                    Some("url must start with http:// or https://")
                }
                (Some(_), None) if !e.headers.is_empty() => Some("headers need a url"),
                (None, Some(_)) if !e.args.is_empty() || !e.env.is_empty() => {
                    Some("args and env need a command")
                }
                (Some(_), None) if e.oauth.is_some() => Some("oauth needs a url"),
                _ if !matches!(
                    e.elicitation.as_deref(),
                    None | Some("decline" | "defaults")
                ) =>
                {
                    Some("elicitation: expected decline or defaults")
                }
                _ => None,
            };
            let problem = problem
                .map(str::to_string)
                .or_else(|| e.oauth.as_ref().and_then(crate::oauth::OAuthEntry::problem));
            if let Some(p) = problem {
                return Err(err(s.span().start, format!("mcp '{}': {p}", e.name)));
            }
            if e.max_concurrent_calls == Some(0) {
                return Err(err(
                    s.span().start,
                    format!("mcp '{}': max_concurrent_calls must be at least 1", e.name),
                ));
            }
            // A zero timeout would fail every call before it is sent.
            if e.timeout_ms == Some(0) {
                return Err(err(
                    s.span().start,
                    format!("mcp '{}': timeout_ms must be at least 1", e.name),
                ));
            }
        }
        Ok(m)
    }

    fn check_files(&self, text: &str, file: &str) -> Result<(), ManifestError> {
        for t in &self.tool {
            for f in [
                &t.get_ref().input_schema_file,
                &t.get_ref().output_schema_file,
            ]
            .into_iter()
            .flatten()
            {
                let p = self.base_dir.join(f);
                if let Err(e) = read_json_file(&p) {
                    let (line, column) = line_col(text, t.span().start);
                    return Err(ManifestError {
                        file: file.to_string(),
                        line,
                        column,
                        message: format!("tool '{}': {}: {e}", t.get_ref().name, p.display()),
                    });
                }
            }
        }
        Ok(())
    }

    /// Every `${VAR}` an `http` backend's or an `[[mcp]]` entry's `url`
    /// or header values refer to must be set (`is_set`, the host
    /// environment at load time): an unset variable would otherwise send
    /// an empty token or URL part on every call. Only `${NAME}` is
    /// supported: no default syntax. The error points at the reference
    /// (the first one in the entry's table).
    pub(crate) fn check_env(
        &self,
        text: &str,
        file: &str,
        is_set: impl Fn(&str) -> bool,
    ) -> Result<(), ManifestError> {
        let mut entries: Vec<EnvScope<'_>> = Vec::new();
        for t in &self.tool {
            let e = t.get_ref();
            let Some(h) = &e.http else { continue };
            let values = std::iter::once(("http.url".to_string(), &h.url))
                .chain(
                    h.headers
                        .iter()
                        .map(|(k, v)| (format!("http.headers.{k}"), v)),
                )
                .collect();
            entries.push(("tool", &e.name, t.span().start, "[tool.", values));
        }
        for m in &self.mcp {
            let e = m.get_ref();
            let values = e
                .url
                .iter()
                .map(|u| ("url".to_string(), u))
                .chain(e.headers.iter().map(|(k, v)| (format!("headers.{k}"), v)))
                .chain(
                    e.oauth
                        .iter()
                        .flat_map(crate::oauth::OAuthEntry::env_values),
                )
                .collect();
            entries.push(("mcp", &e.name, m.span().start, "[mcp.", values));
        }
        for (what, name, start, sub, values) in entries {
            for (key, value) in values {
                for var in env_references(value) {
                    let problem = if !is_env_name(var) {
                        "is not a supported reference (only ${NAME}; there is no default syntax)"
                    } else if is_set(var) {
                        continue;
                    } else {
                        "is not set in the environment"
                    };
                    let at = reference_position(text, start, var, sub);
                    let (line, column) = line_col(text, at);
                    return Err(ManifestError {
                        file: file.to_string(),
                        line,
                        column,
                        message: format!("{what} '{name}': {key}: ${{{var}}} {problem}"),
                    });
                }
            }
        }
        Ok(())
    }

    /// The input schema of a tool entry as JSON (`{}` when absent).
    pub fn input_schema(&self, t: &ToolEntry) -> Value {
        schema_of(
            &self.base_dir,
            t.input_schema.as_ref(),
            t.input_schema_file.as_deref(),
        )
        .unwrap_or_else(|| serde_json::json!({}))
    }

    /// The output schema of a tool entry, if any.
    pub fn output_schema(&self, t: &ToolEntry) -> Option<Value> {
        schema_of(
            &self.base_dir,
            t.output_schema.as_ref(),
            t.output_schema_file.as_deref(),
        )
    }
}

fn schema_of(base: &Path, inline: Option<&toml::Value>, file: Option<&str>) -> Option<Value> {
    if let Some(v) = inline {
        return toml_to_json(v).ok();
    }
    file.and_then(|f| read_json_file(&base.join(f)).ok())
}

/// The most bytes read from a manifest or from a schema file it names
/// (4 MiB): a manifest from an endless source (`--tools /dev/zero`, a
/// FIFO) fails once past it instead of being read whole first.
pub const MAX_MANIFEST_BYTES: usize = 4 * 1024 * 1024;

/// The UTF-8 text of `path`, at most [`MAX_MANIFEST_BYTES`] of it.
///
/// # Errors
/// The I/O error as bash words it, `not valid UTF-8 text`, or
/// `manifest size limit exceeded (4194304 bytes)`.
fn read_text(path: &Path) -> Result<String, String> {
    crate::script_file::read_text_file(path, MAX_MANIFEST_BYTES, "manifest")
}

fn read_json_file(p: &Path) -> Result<Value, String> {
    let text = read_text(p)?;
    serde_json::from_str(&text).map_err(|e| {
        format!(
            "invalid JSON at line {} column {}: {e}",
            e.line(),
            e.column()
        )
    })
}

/// A schema given in TOML: a table, or a string holding JSON.
fn toml_to_json(v: &toml::Value) -> Result<Value, String> {
    match v {
        toml::Value::String(s) => serde_json::from_str(s).map_err(|e| format!("invalid JSON: {e}")),
        toml::Value::Table(_) => serde_json::to_value(v).map_err(|e| e.to_string()),
        _ => Err("expected a table or a JSON string".to_string()),
    }
}

/// One table whose values [`Manifest::check_env`] checks: what it is
/// (`tool`, `mcp`), its name, where its table starts, its sub-table prefix
/// and its `(key, value)` pairs.
type EnvScope<'a> = (&'a str, &'a str, usize, &'a str, Vec<(String, &'a String)>);

/// Where `${name}` is written in the table that starts at `start` (its
/// `[[tool]]` or `[[mcp]]` header, where the entry's span starts): the
/// table runs to the next header that is not one of its own sub-tables
/// (those starting with `sub`, as `[tool.http]`). `start` when it is not
/// found there.
fn reference_position(text: &str, start: usize, name: &str, sub: &str) -> usize {
    let reference = format!("${{{name}}}");
    let table = text.get(start..).unwrap_or_default();
    let mut end = table.len();
    let mut from = 1.min(table.len());
    while let Some(i) = table[from..].find("\n[") {
        let header = from + i + 1;
        if !table[header..].starts_with(sub) {
            end = header;
            break;
        }
        from = header;
    }
    table[..end].find(&reference).map_or(start, |i| start + i)
}

/// The names inside each complete `${...}` of `s`, in order.
fn env_references(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        let start = rest.find("${")?;
        let end = rest[start + 2..].find('}')?;
        let name = &rest[start + 2..start + 2 + end];
        rest = &rest[start + 3 + end..];
        Some(name)
    })
}

/// An environment variable name as a reference may use: a letter or `_`,
/// then letters, digits and `_` (POSIX, Base Definitions 8.1).
fn is_env_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Replace `${VAR}` with the host environment variable. [`Manifest::load`]
/// refuses a manifest that refers to an unset one, so the empty string an
/// unset variable gives here is never sent.
pub fn interpolate_env(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        if let Some(end) = rest[start + 2..].find('}') {
            let name = &rest[start + 2..start + 2 + end];
            out.push_str(&std::env::var(name).unwrap_or_default());
            rest = &rest[start + 3 + end..];
        } else {
            out.push_str(&rest[start..]);
            rest = "";
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mcp_entry_is_a_command_or_a_url() {
        let m = Manifest::parse(
            "[[mcp]]\nname = \"r\"\nurl = \"https://h/mcp\"\nheaders = { Authorization = \"Bearer x\" }\nmax_concurrent_calls = 2\n",
            "m.toml",
        )
        .unwrap();
        let e = m.mcp[0].get_ref();
        assert_eq!(e.url.as_deref(), Some("https://h/mcp"));
        assert_eq!(e.max_concurrent_calls, Some(2));
        let bad = |text: &str| Manifest::parse(text, "m.toml").unwrap_err().to_string();
        assert_eq!(
            bad("[[mcp]]\nname = \"r\"\ncommand = \"x\"\nurl = \"https://h\"\n"),
            "m.toml:1:1: mcp 'r': give either command or url, not both"
        );
        assert_eq!(
            bad("[[mcp]]\nname = \"r\"\n"),
            "m.toml:1:1: mcp 'r': give a command or a url"
        );
        assert_eq!(
            bad("[[mcp]]\nname = \"r\"\nurl = \"ftp://h\"\n"),
            "m.toml:1:1: mcp 'r': url must start with http:// or https://"
        );
        assert_eq!(
            bad("[[mcp]]\nname = \"r\"\nurl = \"http://h\"\nelicitation = \"accept\"\n"),
            "m.toml:1:1: mcp 'r': elicitation: expected decline or defaults"
        );
        assert_eq!(
            bad("[[mcp]]\nname = \"r\"\nurl = \"http://h\"\nmax_concurrent_calls = 0\n"),
            "m.toml:1:1: mcp 'r': max_concurrent_calls must be at least 1"
        );
        assert_eq!(
            bad("[[mcp]]\nname = \"r\"\nurl = \"http://h\"\ntimeout_ms = 0\n"),
            "m.toml:1:1: mcp 'r': timeout_ms must be at least 1"
        );
        assert_eq!(
            bad("[limits]\ntimeout_ms = 0\n"),
            "m.toml:2:1: limits.timeout_ms must be at least 1"
        );
        let text = "[[mcp]]\nname = \"r\"\nurl = \"http://h\"\n[mcp.headers]\nAuthorization = \"Bearer ${TOKEN_MCP_X}\"\n";
        let m = Manifest::parse(text, "m.toml").unwrap();
        let e = m.check_env(text, "m.toml", |_| false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.toml:5:25: mcp 'r': headers.Authorization: ${TOKEN_MCP_X} is not set in the environment"
        );
    }

    #[test]
    fn parses_a_full_manifest() {
        let m = Manifest::parse(
            r#"
mode = "auto"
[limits]
timeout_ms = 5000
max_memory_bytes = 33554432
[grants]
"a.b" = 3
"c" = true
[[tool]]
name = "a.b"
description = "A."
input_schema = { type = "object", properties = { x = { type = "integer" } } }
exec = ["echo"]
[[tool]]
name = "c"
input_schema = '{"type":"object"}'
http = { url = "http://127.0.0.1:1/x", method = "GET" }
[[mcp]]
name = "memory"
command = "node"
args = ["server.js"]
"#,
            "m.toml",
        )
        .unwrap();
        assert_eq!(m.tool.len(), 2);
        assert_eq!(
            m.input_schema(m.tool[0].get_ref())["properties"]["x"]["type"],
            "integer"
        );
        assert_eq!(
            m.input_schema(m.tool[1].get_ref()),
            serde_json::json!({"type": "object"})
        );
        assert_eq!(m.grants["a.b"], Grant::Count(3));
        assert_eq!(m.limits.timeout_ms, Some(5000));
        assert_eq!(m.limits.max_memory_bytes, Some(32 << 20));
    }

    #[test]
    fn errors_name_file_line_column_and_key() {
        let e = Manifest::parse(
            "[[tool]]\nname = \"x\"\nexec = [\"a\"]\nbogus = 1\n",
            "m.toml",
        )
        .unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("m.toml", 4), "{e}");
        assert!(e.message.contains("bogus"), "{e}");
        let e = Manifest::parse("mode = \"sometimes\"\n", "m.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.toml:1:8: mode: expected read-only, auto or full, got 'sometimes'"
        );
        let e = Manifest::parse("[[tool]]\nname = \"x\"\n", "m.toml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("m.toml:1:1: tool 'x': missing backend"),
            "{e}"
        );
        let e =
            Manifest::parse("[[tool]]\nname = \"bad name\"\nexec=[\"a\"]\n", "m.toml").unwrap_err();
        assert!(e.message.contains("invalid tool name"), "{e}");
    }

    #[test]
    fn env_interpolation() {
        // PATH is set in any test environment.
        let path = std::env::var("PATH").unwrap();
        assert_eq!(interpolate_env("a${PATH}b"), format!("a{path}b"));
        assert_eq!(interpolate_env("${TOOLSH_SURELY_UNSET_VAR}x"), "x");
        assert_eq!(interpolate_env("${open"), "${open");
    }

    #[test]
    fn an_unset_header_variable_is_a_load_error_at_its_reference() {
        let text = "[[tool]]\nname = \"t\"\nhttp = { url = \"http://h/${HOST_OK}\", headers = { Authorization = \"Bearer ${TOKEN_X}\" } }\n";
        let m = Manifest::parse(text, "m.toml").unwrap();
        let set = |n: &str| n == "HOST_OK";
        let e = m.check_env(text, "m.toml", set).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.toml:3:75: tool 't': http.headers.Authorization: ${TOKEN_X} is not set in the environment"
        );
        assert!(m.check_env(text, "m.toml", |_| true).is_ok());
        let e = m.check_env(text, "m.toml", |_| false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.toml:3:26: tool 't': http.url: ${HOST_OK} is not set in the environment"
        );
        // Sub-tables of the tool are its table; the next tool is not.
        let text = "[[tool]]\nname = \"t\"\n[tool.http]\nurl = \"http://h\"\n[tool.http.headers]\nA = \"${B_X}\"\n[[tool]]\nname = \"u\"\nexec = [\"true\"]\n";
        let m = Manifest::parse(text, "m.toml").unwrap();
        let e = m.check_env(text, "m.toml", |_| false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.toml:6:6: tool 't': http.headers.A: ${B_X} is not set in the environment"
        );
        let text = "[[tool]]\nname = \"t\"\nhttp = { url = \"http://h/${HOST:-x}\" }\n";
        let m = Manifest::parse(text, "m.toml").unwrap();
        let e = m.check_env(text, "m.toml", |_| true).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.toml:3:26: tool 't': http.url: ${HOST:-x} is not a supported reference (only ${NAME}; there is no default syntax)"
        );
    }
}
