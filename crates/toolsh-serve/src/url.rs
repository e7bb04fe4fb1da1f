//! The canonical form of a resource URL (RFC 8707 section 2; MCP
//! authorization, canonical server URI): lower-case scheme and host, no
//! fragment, no trailing `/` unless the path is only `/`.

/// `url` in canonical form.
///
/// # Errors
/// Not an absolute `http` or `https` URL, or it has a fragment.
pub fn canonical(url: &str) -> Result<String, String> {
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("{url:?}: {e}"))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(format!("{url:?}: expected an http:// or https:// URL"));
    }
    if parsed.fragment().is_some() {
        return Err(format!("{url:?}: a resource URL must not have a fragment"));
    }
    // The parser lower-cases the scheme and host and drops a default port.
    let mut s = parsed.to_string();
    if parsed.path() != "/" && parsed.query().is_none() && s.ends_with('/') {
        s.pop();
    }
    if parsed.path() == "/" && parsed.query().is_none() {
        s.pop();
    }
    Ok(s)
}

/// The path part of `url` (`/mcp` for `https://h/mcp`); `/` when none.
pub fn path_of(url: &str) -> String {
    reqwest::Url::parse(url).map_or_else(|_| "/mcp".into(), |u| u.path().to_string())
}

/// `scheme://host[:port]` of `url`.
pub fn origin_of(url: &str) -> String {
    reqwest::Url::parse(url).map_or_else(|_| String::new(), |u| u.origin().ascii_serialization())
}

/// `host[:port]` of `url`, as a `Host` header carries it.
pub fn authority_of(url: &str) -> Option<(String, Option<u16>)> {
    let u = reqwest::Url::parse(url).ok()?;
    Some((u.host_str()?.to_string(), u.port()))
}

#[cfg(test)]
mod tests {
    use super::canonical;

    #[test]
    fn canonical_urls() {
        assert_eq!(
            canonical("HTTPS://MCP.Example.com:443/mcp/").unwrap(),
            "https://mcp.example.com/mcp"
        );
        assert_eq!(
            canonical("http://127.0.0.1:8080/").unwrap(),
            "http://127.0.0.1:8080"
        );
        assert!(canonical("https://h/mcp#x").is_err());
        assert!(canonical("ftp://h/mcp").is_err());
        assert!(canonical("mcp").is_err());
    }
}
