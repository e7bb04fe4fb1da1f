//! What an upstream MCP server is: its namespace, how to reach it (a child
//! process over stdio, or a URL over streamable HTTP with the HTTP+SSE
//! fallback) and its per-call bounds.

use std::hash::{Hash, Hasher};
use std::time::Duration;

/// How toolsh reaches an upstream server (MCP specification, transports).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UpstreamTransport {
    /// A child process speaking newline-delimited JSON-RPC on its stdin and
    /// stdout (the stdio transport).
    Stdio {
        /// The program to run.
        command: String,
        /// Its arguments.
        args: Vec<String>,
        /// Environment variables for the child, on top of
        /// [`INHERITED_ENV`] (nothing else of the host's environment is
        /// passed: a server's tool could hand it to the script, e.g. a
        /// `get-env` tool).
        env: Vec<(String, String)>,
    },
    /// A server at an `http://` or `https://` URL: streamable HTTP (the
    /// 2025-11-25 protocol with sessions, or the stateless 2026-07-28
    /// protocol when the server offers it; rmcp negotiates), and, when the
    /// server does not take a streamable HTTP `initialize`, the 2024-11-05
    /// HTTP+SSE transport (a GET opening an event stream whose first event
    /// is `endpoint`), as the specification's backwards-compatibility
    /// section has a client try.
    Http {
        /// The URL (the streamable HTTP endpoint, or the SSE endpoint of an
        /// old server).
        url: String,
        /// Headers sent with every request, such as `Authorization`.
        /// Their values are never shown in errors or logs.
        headers: Vec<(String, String)>,
    },
}

/// One upstream server.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UpstreamSpec {
    /// The namespace of its tools (`memory` gives `memory.create_entities`):
    /// letters, digits, `_` and `-`.
    pub name: String,
    /// How to reach it.
    pub transport: UpstreamTransport,
    /// How long one `tools/call` may wait for its answer; `None` means
    /// [`DEFAULT_CALL_TIMEOUT`]. The script's remaining time bounds it too
    /// (the registry gives a callback at most that).
    pub call_timeout: Option<Duration>,
    /// How many calls to this server may be in flight at once; more wait
    /// for a free slot (within their timeout). `None` means
    /// [`DEFAULT_MAX_CONCURRENT_CALLS`].
    pub max_concurrent_calls: Option<usize>,
}

/// The per-call timeout of an upstream that sets none: 60 s, the MCP
/// TypeScript SDK's default request timeout.
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_mins(1);

/// The calls in flight to one upstream when the spec sets no bound: 8
/// (a script's `&` jobs beyond that queue).
pub const DEFAULT_MAX_CONCURRENT_CALLS: usize = 8;

/// The host environment variables a stdio upstream inherits (the MCP
/// TypeScript SDK's default for stdio servers on POSIX); anything else,
/// such as an API key, must be given in the transport's `env` (the
/// manifest's `env` table).
pub const INHERITED_ENV: &[&str] = &["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

impl UpstreamSpec {
    /// A stdio upstream with no extra environment and default bounds.
    pub fn stdio(name: impl Into<String>, command: impl Into<String>, args: Vec<String>) -> Self {
        Self::new(
            name,
            UpstreamTransport::Stdio {
                command: command.into(),
                args,
                env: Vec::new(),
            },
        )
    }

    /// An HTTP upstream (streamable HTTP, with the SSE fallback) with the
    /// given headers and default bounds.
    pub fn http(
        name: impl Into<String>,
        url: impl Into<String>,
        headers: Vec<(String, String)>,
    ) -> Self {
        Self::new(
            name,
            UpstreamTransport::Http {
                url: url.into(),
                headers,
            },
        )
    }

    fn new(name: impl Into<String>, transport: UpstreamTransport) -> Self {
        Self {
            name: name.into(),
            transport,
            call_timeout: None,
            max_concurrent_calls: None,
        }
    }

    /// Parse the CLI's `--mcp` form: `NAME=http://…` or `NAME=https://…`
    /// is an HTTP upstream; anything else is `NAME=COMMAND [ARGS...]`, the
    /// command line split on whitespace with single and double quotes
    /// grouping and backslash escapes (outside single quotes).
    ///
    /// # Errors
    /// A message naming what is wrong: no `=`, an empty command, an
    /// unterminated quote, a URL whose scheme is not `http` or `https`
    /// (`ftp://host/mcp` is refused, not run as a command).
    pub fn parse(spec: &str) -> Result<Self, String> {
        let (name, rest) = spec
            .split_once('=')
            .ok_or_else(|| format!("--mcp expects NAME=COMMAND or NAME=URL, got '{spec}'"))?;
        let name = name.trim();
        let rest = rest.trim();
        if is_http_url(rest) {
            return Ok(Self::http(name, rest, Vec::new()));
        }
        if let Some(scheme) = url_scheme(rest) {
            return Err(format!(
                "--mcp {name}: unsupported URL scheme '{scheme}' (an MCP server is an http:// or https:// URL, or a command)"
            ));
        }
        let words = split_command_line(rest)?;
        let (command, args) = words
            .split_first()
            .ok_or_else(|| format!("--mcp {name}: empty command"))?;
        Ok(Self::stdio(name, command.clone(), args.to_vec()))
    }

    /// The per-call timeout in effect.
    pub fn effective_call_timeout(&self) -> Duration {
        self.call_timeout.unwrap_or(DEFAULT_CALL_TIMEOUT)
    }

    /// A short, stable digest of everything that identifies this server
    /// (hex), naming its cached tool list: a changed command, URL or
    /// header gives another cache entry. The digest does not reveal the
    /// header values.
    pub(crate) fn fingerprint(&self) -> String {
        // FNV-1a over the Hash encoding: stable across runs and builds.
        struct Fnv(u64);
        impl Hasher for Fnv {
            fn finish(&self) -> u64 {
                self.0
            }
            fn write(&mut self, bytes: &[u8]) {
                for b in bytes {
                    self.0 ^= u64::from(*b);
                    self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        self.name.hash(&mut h);
        self.transport.hash(&mut h);
        format!("{:016x}", h.finish())
    }
}

/// Whether `s` is an `http://` or `https://` URL (case-insensitive scheme).
pub(crate) fn is_http_url(s: &str) -> bool {
    let lower = s.get(..8).unwrap_or(s).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// The scheme of `s` when it starts like a URL (`scheme://`, the scheme
/// as RFC 3986 section 3.1 spells it), else `None`.
pub(crate) fn url_scheme(s: &str) -> Option<&str> {
    let (scheme, _) = s.split_once("://")?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(scheme)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_mcp_specs() {
        let s = UpstreamSpec::parse("memory=node /x/dist/index.js --flag 'a b'").unwrap();
        assert_eq!(s.name, "memory");
        assert_eq!(
            s.transport,
            UpstreamTransport::Stdio {
                command: "node".into(),
                args: vec!["/x/dist/index.js".into(), "--flag".into(), "a b".into()],
                env: Vec::new(),
            }
        );
        assert!(UpstreamSpec::parse("nocommand").is_err());
        assert!(UpstreamSpec::parse("x=").is_err());
        assert!(UpstreamSpec::parse("x='open").is_err());
    }

    #[test]
    fn a_url_is_an_http_upstream() {
        let s = UpstreamSpec::parse("remote=HTTPS://example.com/mcp").unwrap();
        assert_eq!(
            s.transport,
            UpstreamTransport::Http {
                url: "HTTPS://example.com/mcp".into(),
                headers: Vec::new(),
            }
        );
        let s = UpstreamSpec::parse("local=http://127.0.0.1:3001/sse").unwrap();
        assert!(matches!(s.transport, UpstreamTransport::Http { .. }));
        // A command that merely mentions a URL is a command.
        let e = UpstreamSpec::parse("x=ftp://h/mcp").unwrap_err();
        assert!(e.contains("unsupported URL scheme 'ftp'"), "{e}");
        let s = UpstreamSpec::parse("x=curl http://h").unwrap();
        assert!(matches!(s.transport, UpstreamTransport::Stdio { .. }));
    }

    #[test]
    fn the_fingerprint_follows_the_spec() {
        let a = UpstreamSpec::http("a", "http://h/mcp", vec![("K".into(), "v1".into())]);
        let mut b = a.clone();
        assert_eq!(a.fingerprint(), b.fingerprint());
        b.transport = UpstreamTransport::Http {
            url: "http://h/mcp".into(),
            headers: vec![("K".into(), "v2".into())],
        };
        assert_ne!(a.fingerprint(), b.fingerprint());
        assert_eq!(a.fingerprint().len(), 16);
    }
}
