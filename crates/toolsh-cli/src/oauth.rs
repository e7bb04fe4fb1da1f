//! The `oauth = { ... }` table of an `[[mcp]]` entry with a `url`: how
//! toolsh authorizes itself with that server (`toolsh_mcp::auth`).
//!
//! Every key is optional; with none toolsh discovers the authorization
//! server from the server's 401 and registers itself dynamically. The
//! values of `client_id`, `client_secret` and `client_metadata_url` may
//! refer to host environment variables as `${NAME}`, under the same rule
//! as header values (checked at load, replaced by [`OAuthEntry::config`]).

use serde::Deserialize;
use toolsh_mcp::auth::{OAuthConfig, OAuthGrant};

use crate::manifest::interpolate_env;

/// `[[mcp]] oauth = { ... }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OAuthEntry {
    /// A client registered with the authorization server out of band.
    #[serde(default)]
    pub client_id: Option<String>,
    /// Its secret (needed by `grant = "client_credentials"`).
    #[serde(default)]
    pub client_secret: Option<String>,
    /// `authorization_code` (default; a person approves with
    /// `toolsh login NAME`) or `client_credentials` (unattended).
    #[serde(default)]
    pub grant: Option<String>,
    /// Scopes to ask for (default: the server's challenge, else its
    /// `scopes_supported`).
    #[serde(default)]
    pub scopes: Vec<String>,
    /// An `https://` URL of a client ID metadata document for toolsh.
    #[serde(default)]
    pub client_metadata_url: Option<String>,
    /// The loopback port of the login redirect, 1 to 65535 (default: any
    /// free port). Read as any integer so that a value out of range is
    /// reported with the key's name.
    #[serde(default)]
    pub redirect_port: Option<i64>,
}

impl OAuthEntry {
    /// The values `${NAME}` may appear in, as `(key, value)` for the
    /// manifest's environment check.
    pub fn env_values(&self) -> Vec<(String, &String)> {
        [
            ("oauth.client_id", &self.client_id),
            ("oauth.client_secret", &self.client_secret),
            ("oauth.client_metadata_url", &self.client_metadata_url),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| (k.to_string(), v)))
        .collect()
    }

    /// What is wrong with the table, naming the key; `None` when it is
    /// usable.
    pub fn problem(&self) -> Option<String> {
        let grant = self.grant.as_deref().unwrap_or("authorization_code");
        if !matches!(grant, "authorization_code" | "client_credentials") {
            return Some(format!(
                "oauth.grant: expected authorization_code or client_credentials, got '{grant}'"
            ));
        }
        if grant == "client_credentials" {
            for (key, value) in [
                ("client_id", &self.client_id),
                ("client_secret", &self.client_secret),
            ] {
                if value.as_deref().is_none_or(str::is_empty) {
                    return Some(format!(
                        "oauth.{key}: the client_credentials grant needs oauth.client_id and oauth.client_secret"
                    ));
                }
            }
        }
        if let Some(u) = &self.client_metadata_url
            && !u.starts_with("https://")
            && !u.starts_with("${")
        {
            return Some(format!(
                "oauth.client_metadata_url: must be an https:// URL, got '{u}'"
            ));
        }
        if let Some(p) = self.redirect_port
            && !(1..=i64::from(u16::MAX)).contains(&p)
        {
            return Some(format!(
                "oauth.redirect_port: must be 1 to 65535 (leave it out for any free port), got {p}"
            ));
        }
        if let Some(s) = self
            .scopes
            .iter()
            .find(|s| s.is_empty() || s.chars().any(|c| c.is_whitespace() || c == '"'))
        {
            return Some(format!(
                "oauth.scopes: '{s}' is not a scope (one non-empty word each)"
            ));
        }
        None
    }

    /// The settings `toolsh_mcp::auth` takes, `${NAME}` references
    /// replaced (the manifest loader checked they are set).
    pub fn config(&self) -> OAuthConfig {
        let env = |v: &Option<String>| v.as_deref().map(interpolate_env);
        OAuthConfig {
            client_id: env(&self.client_id),
            client_secret: env(&self.client_secret),
            grant: match self.grant.as_deref() {
                Some("client_credentials") => OAuthGrant::ClientCredentials,
                _ => OAuthGrant::AuthorizationCode,
            },
            scopes: self.scopes.clone(),
            client_metadata_url: env(&self.client_metadata_url),
            redirect_port: self.redirect_port.and_then(|p| u16::try_from(p).ok()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::manifest::Manifest;

    #[test]
    fn an_oauth_table_is_checked_key_by_key() {
        let text = "[[mcp]]\nname = \"r\"\nurl = \"https://h/mcp\"\noauth = { grant = \"client_credentials\", client_id = \"${R_ID}\", client_secret = \"${R_SECRET}\", scopes = [\"a\", \"b\"], redirect_port = 8765 }\n";
        let m = Manifest::parse(text, "m.toml").unwrap();
        let o = m.mcp[0].get_ref().oauth.clone().unwrap();
        assert_eq!(o.scopes, ["a", "b"]);
        assert_eq!(o.config().redirect_port, Some(8765));
        assert_eq!(
            o.config().grant,
            toolsh_mcp::auth::OAuthGrant::ClientCredentials
        );
        let e = m.check_env(text, "m.toml", |v| v == "R_ID").unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.toml:4:81: mcp 'r': oauth.client_secret: ${R_SECRET} is not set in the environment"
        );
        let bad = |oauth: &str| {
            Manifest::parse(
                &format!("[[mcp]]\nname = \"r\"\nurl = \"https://h/mcp\"\noauth = {oauth}\n"),
                "m.toml",
            )
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            bad("{ grant = \"password\" }"),
            "m.toml:1:1: mcp 'r': oauth.grant: expected authorization_code or client_credentials, got 'password'"
        );
        assert_eq!(
            bad("{ grant = \"client_credentials\", client_id = \"x\" }"),
            "m.toml:1:1: mcp 'r': oauth.client_secret: the client_credentials grant needs oauth.client_id and oauth.client_secret"
        );
        assert_eq!(
            bad("{ client_metadata_url = \"http://h/c.json\" }"),
            "m.toml:1:1: mcp 'r': oauth.client_metadata_url: must be an https:// URL, got 'http://h/c.json'"
        );
        assert_eq!(
            bad("{ redirect_port = 0 }"),
            "m.toml:1:1: mcp 'r': oauth.redirect_port: must be 1 to 65535 (leave it out for any free port), got 0"
        );
        assert_eq!(
            bad("{ scopes = [\"a b\"] }"),
            "m.toml:1:1: mcp 'r': oauth.scopes: 'a b' is not a scope (one non-empty word each)"
        );
        assert_eq!(
            bad("{ redirect_port = 70000 }"),
            "m.toml:1:1: mcp 'r': oauth.redirect_port: must be 1 to 65535 (leave it out for any free port), got 70000"
        );
        let e = bad("{ client = \"x\" }");
        assert!(
            e.starts_with("m.toml:4:") && e.contains("unknown field `client`"),
            "{e}"
        );
        let e = Manifest::parse(
            "[[mcp]]\nname = \"r\"\ncommand = \"x\"\noauth = {}\n",
            "m.toml",
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "m.toml:1:1: mcp 'r': oauth needs a url");
    }
}
