//! The person's side of the authorization code grant: showing the
//! authorization URL (and opening a browser on it), and the loopback
//! redirect the browser comes back to (RFC 8252, "OAuth 2.0 for Native
//! Apps", section 7.3: a loopback IP literal and a port of the client's
//! choosing).

use std::time::Duration;

use axum::extract::State;
use axum::http::Uri;
use tokio::sync::mpsc;

use super::LOGIN_TIMEOUT;

/// How the authorization URL reaches a person: always printed on stderr,
/// and handed to a browser command when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Browser {
    command: Option<Vec<String>>,
    timeout: Duration,
}

impl Browser {
    /// The command in `$BROWSER` (split on whitespace; the URL is appended
    /// as the last argument), else `xdg-open` when it is on `PATH`, else
    /// none; waiting [`LOGIN_TIMEOUT`] for the redirect.
    pub fn from_env() -> Self {
        let command = std::env::var("BROWSER")
            .ok()
            .map(|b| b.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .filter(|words| !words.is_empty())
            .or_else(|| on_path("xdg-open").then(|| vec!["xdg-open".to_string()]));
        Self {
            command,
            timeout: LOGIN_TIMEOUT,
        }
    }

    /// Print the URL only; the person opens it themselves.
    pub fn print_only() -> Self {
        Self {
            command: None,
            timeout: LOGIN_TIMEOUT,
        }
    }

    /// Run `command` with the URL appended instead.
    #[must_use]
    pub fn with_command(mut self, command: Vec<String>) -> Self {
        self.command = Some(command).filter(|c| !c.is_empty());
        self
    }

    /// Wait `timeout` for the redirect instead of [`LOGIN_TIMEOUT`].
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    pub(crate) fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Show `url` for server `name` on stderr and start the browser
    /// command on it (its exit is reaped in the background; a command that
    /// cannot start is reported and the printed URL still works).
    pub(crate) fn open(&self, name: &str, url: &str) {
        eprintln!(
            "toolsh: MCP server '{name}' needs your authorization. Open this URL in a browser:\n  {url}"
        );
        let Some((program, args)) = self.command.as_ref().and_then(|c| c.split_first()) else {
            return;
        };
        let spawned = tokio::process::Command::new(program)
            .args(args)
            .arg(url)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(false)
            .spawn();
        match spawned {
            Ok(mut child) => {
                tokio::spawn(async move {
                    let _ = child.wait().await;
                });
            }
            Err(e) => eprintln!("toolsh: could not start the browser ({program}): {e}"),
        }
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

/// A loopback HTTP listener for one authorization redirect
/// (`http://127.0.0.1:PORT/callback`), served by axum until dropped.
pub(crate) struct Redirect {
    port: u16,
    received: mpsc::Receiver<String>,
    server: tokio::task::JoinHandle<()>,
}

impl Redirect {
    /// Listen on 127.0.0.1 at `port` (`None`: a free port).
    pub(crate) async fn bind(port: Option<u16>) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port.unwrap_or(0))).await?;
        let port = listener.local_addr()?.port();
        let (tx, received) = mpsc::channel::<String>(4);
        let app = axum::Router::new()
            .route("/callback", axum::routing::get(callback))
            .with_state(tx);
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::debug!(error = %e, "OAuth redirect listener");
            }
        });
        Ok(Self {
            port,
            received,
            server,
        })
    }

    /// The redirect URI to register and send.
    pub(crate) fn uri(&self) -> String {
        format!("http://127.0.0.1:{}/callback", self.port)
    }

    /// The full URL the browser was redirected to, or `None` after
    /// `timeout`.
    pub(crate) async fn wait(&mut self, timeout: Duration) -> Option<String> {
        let path = tokio::time::timeout(timeout, self.received.recv())
            .await
            .ok()
            .flatten()?;
        Some(format!("http://127.0.0.1:{}{path}", self.port))
    }
}

impl Drop for Redirect {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// The redirect's page: hand the path and query to the waiting flow, and
/// tell the person they are done.
async fn callback(State(tx): State<mpsc::Sender<String>>, uri: Uri) -> &'static str {
    let path = uri
        .path_and_query()
        .map_or_else(|| "/callback".to_string(), ToString::to_string);
    let _ = tx.try_send(path);
    "toolsh: authorization received. You can close this page."
}
