//! The token cache: one JSON file per upstream server, readable only by
//! the user.

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rmcp::transport::auth::{
    AuthError, CredentialRefreshGuard, CredentialStore, StoredCredentials,
};

use super::OAuthError;

/// Where OAuth tokens are kept: a directory (mode 0700) holding one file
/// per server (mode 0600), `<name>-<hash>.json`, where the hash is the
/// first 16 hex digits of the BLAKE3 hash of the server URL, so a name
/// reused for another server never sends it the first one's token. A file
/// holds what rmcp's `StoredCredentials` holds: the client ID, the token
/// response (access and refresh token, expiry), the granted scopes, the
/// time the token arrived and the issuer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenCache {
    dir: PathBuf,
}

impl TokenCache {
    /// `$XDG_CACHE_HOME/toolsh/oauth`, else `$HOME/.cache/toolsh/oauth`
    /// (the XDG base directory specification's cache directory).
    ///
    /// # Errors
    /// [`OAuthError::Cache`] when neither variable is set to an absolute path.
    pub fn user_default() -> Result<Self, OAuthError> {
        let base = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| {
                std::env::var_os("HOME")
                    .map(PathBuf::from)
                    .filter(|p| p.is_absolute())
                    .map(|h| h.join(".cache"))
            })
            .ok_or_else(|| OAuthError::Cache {
                path: "$XDG_CACHE_HOME or $HOME".into(),
                error: "neither is set to an absolute path".into(),
            })?;
        Ok(Self::at(base.join("toolsh").join("oauth")))
    }

    /// A cache in `dir` (created on first save).
    pub fn at(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of server `name` at `url`.
    pub fn file_for(&self, name: &str, url: &str) -> PathBuf {
        let hash = blake3::hash(url.as_bytes()).to_hex();
        self.dir.join(format!("{name}-{}.json", &hash[..16]))
    }

    /// The rmcp credential store of one server.
    pub(crate) fn store(&self, name: &str, url: &str) -> FileStore {
        FileStore {
            dir: self.dir.clone(),
            path: self.file_for(name, url),
            refresh: Arc::new(tokio::sync::Mutex::new(())),
        }
    }
}

/// One server's file, as an rmcp [`CredentialStore`]. Refreshes within the
/// process are serialized by a mutex (rmcp holds the guard across the
/// token request and the save).
#[derive(Clone)]
pub(crate) struct FileStore {
    dir: PathBuf,
    path: PathBuf,
    refresh: Arc<tokio::sync::Mutex<()>>,
}

impl FileStore {
    fn fail(&self, error: impl std::fmt::Display) -> AuthError {
        AuthError::CredentialStoreError(format!("{}: {error}", self.path.display()))
    }

    /// Read the file; a file others may read is first narrowed to 0600.
    pub(crate) fn read(&self) -> Result<Option<StoredCredentials>, AuthError> {
        let meta = match std::fs::metadata(&self.path) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.fail(e)),
        };
        if meta.permissions().mode() & 0o077 != 0 {
            tracing::warn!(path = %self.path.display(), "OAuth token file was readable by others; narrowing it to 0600");
            std::fs::set_permissions(&self.path, std::fs::Permissions::from_mode(0o600))
                .map_err(|e| self.fail(e))?;
        }
        let text = std::fs::read(&self.path).map_err(|e| self.fail(e))?;
        serde_json::from_slice(&text).map(Some).map_err(|e| {
            self.fail(format!(
                "not a token file ({e}); delete it and log in again"
            ))
        })
    }

    /// Write the file atomically: a temporary file created with mode 0600
    /// in the same directory, then renamed over the old one.
    pub(crate) fn write(&self, credentials: &StoredCredentials) -> Result<(), AuthError> {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&self.dir)
            .map_err(|e| self.fail(e))?;
        let text = serde_json::to_vec(credentials).map_err(|e| self.fail(e))?;
        let tmp = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&tmp)
            .map_err(|e| self.fail(e))?;
        file.write_all(&text)
            .and_then(|()| file.sync_all())
            .map_err(|e| self.fail(e))?;
        std::fs::rename(&tmp, &self.path).map_err(|e| self.fail(e))
    }
}

impl FileStore {
    /// The file of the scopes a run found missing (a 403
    /// `insufficient_scope` while nobody could be asked): one line,
    /// space-separated, next to the token file.
    fn wanted_path(&self) -> PathBuf {
        self.path.with_extension("wanted-scopes")
    }

    /// Note the scopes the next `toolsh login` asks for (the granted ones
    /// plus those a 403 named), so the person's next authorization is the
    /// step-up (MCP authorization, "Step-Up Authorization Flow").
    pub(crate) fn set_wanted_scopes(&self, scopes: &[String]) -> Result<(), AuthError> {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&self.dir)
            .map_err(|e| self.fail(e))?;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(self.wanted_path())
            .map_err(|e| self.fail(e))?;
        file.write_all(scopes.join(" ").as_bytes())
            .map_err(|e| self.fail(e))
    }

    /// The scopes [`FileStore::set_wanted_scopes`] noted (none when it
    /// never ran or the file is unreadable).
    pub(crate) fn wanted_scopes(&self) -> Vec<String> {
        std::fs::read_to_string(self.wanted_path())
            .map(|t| t.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// Forget the noted scopes (after a login granted them).
    pub(crate) fn clear_wanted_scopes(&self) {
        let _ = std::fs::remove_file(self.wanted_path());
    }
}

#[async_trait::async_trait]
impl CredentialStore for FileStore {
    async fn load(&self) -> Result<Option<StoredCredentials>, AuthError> {
        self.read()
    }

    async fn save(&self, credentials: StoredCredentials) -> Result<(), AuthError> {
        self.write(&credentials)
    }

    async fn clear(&self) -> Result<(), AuthError> {
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(self.fail(e)),
        }
    }

    async fn acquire_refresh_guard(&self) -> Result<Option<CredentialRefreshGuard>, AuthError> {
        Ok(Some(CredentialRefreshGuard::new(
            self.refresh.clone().lock_owned().await,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn credentials() -> StoredCredentials {
        let token = serde_json::from_value(serde_json::json!({
            "access_token": "secret-access-token",
            "refresh_token": "secret-refresh-token",
            "token_type": "Bearer",
            "expires_in": 3600
        }))
        .unwrap();
        StoredCredentials::new(
            "client".into(),
            Some(token),
            vec!["mcp:read".into()],
            Some(1),
        )
    }

    #[test]
    fn token_files_are_private_and_round_trip() {
        let tmp = tempfile::tempdir().unwrap();
        let cache = TokenCache::at(tmp.path().join("oauth"));
        let store = cache.store("files", "https://example.com/mcp");
        assert!(store.read().unwrap().is_none());
        store.write(&credentials()).unwrap();
        let file = cache.file_for("files", "https://example.com/mcp");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(cache.dir()), 0o700);
        let back = store.read().unwrap().unwrap();
        assert_eq!(back.client_id, "client");
        assert_eq!(back.granted_scopes, ["mcp:read"]);
        // Another URL under the same name is another file.
        assert_ne!(file, cache.file_for("files", "https://other.example/mcp"));
        // Debug output of what was stored never shows the tokens.
        assert!(!format!("{back:?}").contains("secret-"));
    }

    #[test]
    fn wanted_scopes_round_trip_and_clear() {
        let tmp = tempfile::tempdir().unwrap();
        let store = TokenCache::at(tmp.path().join("oauth")).store("s", "http://h/mcp");
        assert!(store.wanted_scopes().is_empty());
        store
            .set_wanted_scopes(&["mcp:basic".into(), "mcp:write".into()])
            .unwrap();
        assert_eq!(store.wanted_scopes(), ["mcp:basic", "mcp:write"]);
        store.clear_wanted_scopes();
        assert!(store.wanted_scopes().is_empty());
    }

    #[test]
    fn a_file_others_can_read_is_narrowed_on_load() {
        let tmp = tempfile::tempdir().unwrap();
        let cache = TokenCache::at(tmp.path().to_path_buf());
        let store = cache.store("s", "http://127.0.0.1:1/mcp");
        store.write(&credentials()).unwrap();
        let file = cache.file_for("s", "http://127.0.0.1:1/mcp");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert!(store.read().unwrap().is_some());
        assert_eq!(
            std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
}
