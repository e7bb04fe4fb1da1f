//! `toolsh login NAME`: authorize toolsh with an OAuth-protected upstream
//! MCP server once, interactively, so that later runs (which never ask a
//! person) find a token in the user's cache.

use std::path::Path;

use toolsh_mcp::auth::{Browser, OAuthConfig, TokenCache, login as oauth_login};

use crate::cli::LoginArgs;
use crate::manifest::{Manifest, interpolate_env};

/// Run `toolsh login`: find the server, run the authorization (the URL on
/// stderr, `$BROWSER` or `xdg-open` on it, the loopback redirect), save
/// the tokens. Exit status 0 when saved, 1 when the authorization failed,
/// 2 for a usage or manifest error. Never prints a token.
pub async fn login(args: LoginArgs) -> i32 {
    let (url, config) = match target(&args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("toolsh: login: {e}");
            return 2;
        }
    };
    let cache = match TokenCache::user_default() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("toolsh: login: {e}");
            return 1;
        }
    };
    let browser = if args.no_browser {
        Browser::print_only()
    } else {
        Browser::from_env()
    };
    match oauth_login(&args.name, &url, &config, &cache, &browser).await {
        Ok(outcome) => {
            let scopes = if outcome.scopes.is_empty() {
                "none requested".to_string()
            } else {
                outcome.scopes.join(" ")
            };
            eprintln!(
                "toolsh: logged in to MCP server '{}' (scopes: {scopes}; {}); tokens saved in {}",
                args.name,
                if outcome.refreshable {
                    "refreshable"
                } else {
                    "not refreshable: log in again when it expires"
                },
                cache.file_for(&args.name, &url).display()
            );
            0
        }
        Err(e) => {
            eprintln!("toolsh: login: {e}");
            1
        }
    }
}

/// The server's URL and OAuth settings: from `--url`, else from the
/// manifest's `[[mcp]]` entry named `NAME` (which must have a `url`).
fn target(args: &LoginArgs) -> Result<(String, OAuthConfig), String> {
    if let Some(url) = &args.url {
        if !url.starts_with("http://") && !url.starts_with("https://") {
            return Err(format!(
                "--url must start with http:// or https://, got '{url}'"
            ));
        }
        return Ok((url.clone(), OAuthConfig::default()));
    }
    let Some(file) = &args.manifest else {
        return Err(format!(
            "give --manifest FILE (with an [[mcp]] entry named '{}') or --url URL",
            args.name
        ));
    };
    let m = Manifest::load(Path::new(file)).map_err(|e| e.to_string())?;
    let entry = m
        .mcp
        .iter()
        .map(toml::Spanned::get_ref)
        .find(|e| e.name == args.name)
        .ok_or_else(|| format!("{}: no [[mcp]] entry named '{}'", file.display(), args.name))?;
    let url = entry.url.as_deref().ok_or_else(|| {
        format!(
            "{}: [[mcp]] '{}' has no url (only HTTP servers use OAuth)",
            file.display(),
            args.name
        )
    })?;
    let config = entry
        .oauth
        .as_ref()
        .map(crate::oauth::OAuthEntry::config)
        .unwrap_or_default();
    Ok((interpolate_env(url), config))
}
