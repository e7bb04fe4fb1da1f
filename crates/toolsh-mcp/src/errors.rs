//! rmcp's errors as messages for people: rmcp's own `Display` names Rust
//! types (`Transport [rmcp::transport::worker::WorkerTransport<…>] error`)
//! and prints whole messages with `{:?}`; these say what failed, with the
//! underlying cause (an HTTP status, an OS error), and nothing else.

use rmcp::ServiceError;
use rmcp::service::ClientInitializeError;
use rmcp::transport::DynamicTransportError;

/// The cause of a failed MCP lifecycle (`server/discover` or
/// `initialize`).
pub(crate) fn init_error(e: &ClientInitializeError) -> String {
    match e {
        ClientInitializeError::ExpectedInitResponse(_) => {
            "the server sent something other than an answer to `initialize`".into()
        }
        ClientInitializeError::ExpectedInitResult(_) => {
            "the server answered the handshake with a result that is not a handshake result".into()
        }
        ClientInitializeError::ConflictInitResponseId(..)
        | ClientInitializeError::UncorrelatedErrorResponse { .. } => {
            "the server answered the handshake with a wrong request id".into()
        }
        ClientInitializeError::ConnectionClosed(_) => {
            "the connection closed during the MCP handshake".into()
        }
        ClientInitializeError::TransportError { error, .. } => transport_error(error),
        ClientInitializeError::JsonRpcError(data) => {
            format!("the server refused the handshake: {}", data.message)
        }
        ClientInitializeError::NoCompatibleProtocolVersion {
            server_supported, ..
        } => format!(
            "no MCP protocol version in common (the server speaks {})",
            server_supported
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ClientInitializeError::LegacyFallbackFailed { fallback, .. } => init_error(fallback),
        ClientInitializeError::Cancelled => "the handshake was cancelled".into(),
        other => first_line(&other.to_string()),
    }
}

/// The cause of a failed request after the handshake.
pub(crate) fn service_error(e: &ServiceError) -> String {
    match e {
        ServiceError::McpError(data) => {
            format!("the server answered with an error: {}", data.message)
        }
        ServiceError::TransportSend(error) => transport_error(error),
        ServiceError::TransportClosed => "the connection to the MCP server closed".into(),
        ServiceError::UnexpectedResponse => {
            "the server's answer is not of the requested kind".into()
        }
        ServiceError::Timeout { timeout } => {
            format!(
                "the MCP server did not answer within {} ms",
                timeout.as_millis()
            )
        }
        other => first_line(&other.to_string()),
    }
}

/// A transport failure without the transport's Rust type name: the
/// causes, joined by `: ` ([`chain`]). For rmcp's streamable HTTP client
/// the chain starts at the HTTP client's error (rmcp's `Client error:`
/// wrapper does not link to it).
pub(crate) fn transport_error(e: &DynamicTransportError) -> String {
    use rmcp::transport::streamable_http_client::StreamableHttpError;
    if let Some(StreamableHttpError::Client(http)) = e
        .error
        .downcast_ref::<StreamableHttpError<reqwest::Error>>()
    {
        return chain(http);
    }
    chain(e.error.as_ref())
}

/// `e` and its sources, joined by `: `, each said once (a cause whose
/// text its parent already holds is left out), reqwest's ` for url (…)`
/// cut ([`without_urls`]), on one line (`error sending request: client
/// error (Connect): tcp connect error: Connection refused (os error 111)`).
pub(crate) fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut next = Some(e);
    while let Some(err) = next {
        let text = without_urls(&err.to_string());
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        next = err.source();
    }
    let joined = parts.join(": ");
    if joined.is_empty() {
        "the connection to the MCP server failed".into()
    } else {
        first_line(&joined)
    }
}

/// When a transport failure is an authorization failure (toolsh's OAuth
/// client gave up: "run `toolsh login NAME`", a refused token exchange),
/// its message: the connection itself is fine, and the message says what
/// to do.
pub(crate) fn auth_failure(e: &DynamicTransportError) -> Option<String> {
    use rmcp::transport::auth::AuthError;
    use rmcp::transport::streamable_http_client::StreamableHttpError;
    match e
        .error
        .downcast_ref::<StreamableHttpError<reqwest::Error>>()?
    {
        StreamableHttpError::Auth(AuthError::AuthorizationFailed(msg)) => {
            Some(first_line(&without_urls(msg)))
        }
        StreamableHttpError::Auth(other) => Some(first_line(&without_urls(&other.to_string()))),
        StreamableHttpError::AuthRequired(_) => {
            Some("the MCP server requires authorization (HTTP 401)".into())
        }
        StreamableHttpError::InsufficientScope(_) => {
            Some("the MCP server refused the token's scope (HTTP 403 insufficient_scope)".into())
        }
        _ => None,
    }
}

/// `text` without the ` for url (…)` reqwest's errors append: an
/// upstream's URL may hold a `${NAME}` secret in its path or query, and
/// the message of a failed call reaches the script
/// (docs/tool-contract.md, "Upstream MCP servers").
pub(crate) fn without_urls(text: &str) -> String {
    const MARK: &str = " for url (";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at]);
        let after = &rest[at + MARK.len()..];
        rest = after.find(')').map_or("", |end| &after[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// The first line of `s`, at most 300 characters.
fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").chars().take(300).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transport_errors_name_no_rust_type() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "connection refused");
        let e = DynamicTransportError::from_parts(
            "rmcp::transport::worker::WorkerTransport<X>",
            std::any::TypeId::of::<u8>(),
            Box::new(io),
        );
        let msg = service_error(&ServiceError::TransportSend(e));
        assert_eq!(msg, "connection refused");
    }

    #[test]
    fn urls_are_cut_from_http_errors() {
        let text = "error sending request for url (http://h/mcp?key=SECRET): connection refused";
        assert_eq!(
            without_urls(text),
            "error sending request: connection refused"
        );
        assert_eq!(without_urls("no url here"), "no url here");
    }
}
