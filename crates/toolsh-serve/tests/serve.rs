//! toolsh-serve end to end on loopback: a JWT issuer made here (Ed25519
//! keys generated at test time, its key set served over HTTP), static API
//! keys, two tenants with their own tools, the health, readiness,
//! metrics and metadata endpoints, the in-flight bound, the body limit
//! and the drain. Requests go over real HTTP (reqwest).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use ring::signature::{Ed25519KeyPair, KeyPair as _};
use serde_json::{Value, json};
use toolsh_serve::{ScriptServer, ServeConfig, Server};
use toolsh_tools::{DiscoveryMode, ScriptedTool, ScriptingToolSet, ToolDef};

/// A signing key and its public JWK.
struct Signer {
    kid: String,
    pkcs8: Vec<u8>,
    jwk: Value,
}

impl Signer {
    fn new(kid: &str) -> Self {
        let rng = ring::rand::SystemRandom::new();
        let pkcs8 = Ed25519KeyPair::generate_pkcs8(&rng)
            .unwrap()
            .as_ref()
            .to_vec();
        let pair = Ed25519KeyPair::from_pkcs8(&pkcs8).unwrap();
        let x = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(pair.public_key().as_ref());
        Self {
            kid: kid.into(),
            jwk: json!({"kty": "OKP", "crv": "Ed25519", "x": x, "kid": kid, "alg": "EdDSA", "use": "sig"}),
            pkcs8,
        }
    }

    fn token(&self, claims: &Value) -> String {
        let mut h = Header::new(Algorithm::EdDSA);
        h.kid = Some(self.kid.clone());
        jsonwebtoken::encode(&h, claims, &EncodingKey::from_ed_der(&self.pkcs8)).unwrap()
    }
}

/// The issuer's key set, served at `http://ADDR/jwks`; keys can be added
/// while it runs (a rotation).
struct Issuer {
    addr: String,
    keys: Arc<Mutex<Vec<Value>>>,
    fetches: Arc<Mutex<u32>>,
}

async fn issuer(initial: &Signer) -> Issuer {
    let keys = Arc::new(Mutex::new(vec![initial.jwk.clone()]));
    let fetches = Arc::new(Mutex::new(0));
    let (k, f) = (keys.clone(), fetches.clone());
    let app = axum::Router::new().route(
        "/jwks",
        axum::routing::get(move || {
            let (k, f) = (k.clone(), f.clone());
            async move {
                *f.lock().unwrap() += 1;
                axum::Json(json!({"keys": *k.lock().unwrap()}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(async move { axum::serve(listener, app).await });
    Issuer {
        addr,
        keys,
        fetches,
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// A tenant's server: the script tool with one tool of its own,
/// `<tenant>.secret`, printing the tenant's name.
fn tenant_server(tenant: &str) -> ScriptServer {
    let name = tenant.to_string();
    let tool = ScriptedTool::builder("script")
        .tool_fn(
            ToolDef::new(format!("{tenant}.secret"), format!("{tenant}'s own tool")),
            move |_| Ok(format!("secret of {name}\n")),
        )
        .build()
        .unwrap();
    ScriptServer::new(ScriptingToolSet::from_tool(tool, DiscoveryMode::Exclusive))
}

fn sha256_hex(s: &str) -> String {
    use sha2::Digest as _;
    use std::fmt::Write as _;
    sha2::Sha256::digest(s.as_bytes())
        .iter()
        .fold(String::new(), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
}

/// A running server; dropped, it is told to shut down.
struct Running {
    base: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    done: tokio::task::JoinHandle<()>,
}

async fn start(config: &str, tenants: &[&str]) -> Running {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = config.replace("{ADDR}", &addr.to_string());
    let config = ServeConfig::from_toml(&config).unwrap();
    let servers: BTreeMap<String, ScriptServer> = tenants
        .iter()
        .map(|t| ((*t).to_string(), tenant_server(t)))
        .collect();
    let server = Server::new(config, servers).await.unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let done = tokio::spawn(async move {
        server
            .serve(listener, async move {
                let _ = rx.await;
            })
            .await
            .unwrap();
    });
    Running {
        base: format!("http://{addr}"),
        stop: Some(tx),
        done,
    }
}

fn client() -> reqwest::Client {
    // Installs the process's rustls provider (ring).
    toolsh_mcp::http_client().unwrap();
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// POST one JSON-RPC request to `/mcp` with `token`; status, headers, body.
async fn rpc(
    base: &str,
    token: Option<&str>,
    body: &Value,
) -> (u16, reqwest::header::HeaderMap, String) {
    let mut r = client()
        .post(format!("{base}/mcp"))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2025-11-25")
        .body(body.to_string());
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let resp = r.send().await.unwrap();
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    (status, headers, resp.text().await.unwrap())
}

fn call(commands: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "script", "arguments": {"commands": commands}}})
}

fn stdout_of(body: &str) -> String {
    let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    v["result"]["structuredContent"]["stdout"]
        .as_str()
        .unwrap_or_else(|| panic!("no stdout: {body}"))
        .to_string()
}

fn jwt_config(issuer: &Issuer) -> String {
    format!(
        r#"
[server]
listen = "{{ADDR}}"
public_url = "https://MCP.example.test/mcp"
allowed_hosts = ["{{ADDR}}"]
[auth]
required_scopes = ["mcp:tools"]
[auth.jwt]
issuer = "https://issuer.test"
jwks_url = "http://{}/jwks"
jwks_min_refresh_seconds = 0
leeway_seconds = 0
[[auth.api_keys]]
tenant = "beta"
sha256 = "{}"
[[tenant]]
name = "alpha"
claim_values = ["user-1"]
[[tenant]]
name = "beta"
"#,
        issuer.addr,
        sha256_hex("beta-key-123")
    )
}

fn claims(sub: &str) -> Value {
    json!({"iss": "https://issuer.test", "aud": "https://mcp.example.test/mcp", "sub": sub,
        "scope": "mcp:tools other", "exp": now() + 300, "nbf": now() - 10})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn jwt_bearer_tokens_are_verified_and_select_the_tenant() {
    let k1 = Signer::new("k1");
    let iss = issuer(&k1).await;
    let s = start(&jwt_config(&iss), &["alpha", "beta"]).await;
    let meta = "https://mcp.example.test/.well-known/oauth-protected-resource/mcp";

    // Valid: the claim value selects alpha, whose tool runs.
    let (st, _, body) = rpc(
        &s.base,
        Some(&k1.token(&claims("user-1"))),
        &call("alpha.secret"),
    )
    .await;
    assert_eq!(st, 200, "{body}");
    assert_eq!(stdout_of(&body), "secret of alpha\n");

    // No token: 401 with the metadata URL.
    let (st, h, _) = rpc(&s.base, None, &call("echo")).await;
    assert_eq!(st, 401);
    assert_eq!(
        h["www-authenticate"],
        format!("Bearer resource_metadata=\"{meta}\"").as_str()
    );

    // Expired, not yet valid, another audience, another issuer, a bad
    // signature: 401 invalid_token.
    let mut expired = claims("user-1");
    expired["exp"] = json!(now() - 5);
    let mut early = claims("user-1");
    early["nbf"] = json!(now() + 300);
    let mut other_aud = claims("user-1");
    other_aud["aud"] = json!("https://other.example.test/mcp");
    let mut other_iss = claims("user-1");
    other_iss["iss"] = json!("https://evil.test");
    let forged = {
        let mut f = Signer::new("k1");
        f.kid = "k1".into();
        f.token(&claims("user-1"))
    };
    for (what, token) in [
        ("expired", k1.token(&expired)),
        ("nbf", k1.token(&early)),
        ("audience", k1.token(&other_aud)),
        ("issuer", k1.token(&other_iss)),
        ("signature", forged),
        ("garbage", "not-a-token".into()),
    ] {
        let (st, h, body) = rpc(&s.base, Some(&token), &call("echo")).await;
        assert_eq!(st, 401, "{what}: {body}");
        let challenge = h["www-authenticate"].to_str().unwrap();
        assert!(
            challenge.starts_with("Bearer error=\"invalid_token\"")
                && challenge.contains(&format!("resource_metadata=\"{meta}\"")),
            "{what}: {challenge}"
        );
    }

    // Missing scope: 403 insufficient_scope naming the required scope.
    let mut narrow = claims("user-1");
    narrow["scope"] = json!("other");
    let (st, h, _) = rpc(&s.base, Some(&k1.token(&narrow)), &call("echo")).await;
    assert_eq!(st, 403);
    let challenge = h["www-authenticate"].to_str().unwrap();
    assert!(
        challenge.starts_with("Bearer error=\"insufficient_scope\", scope=\"mcp:tools\""),
        "{challenge}"
    );

    // A subject without a tenant profile: 403.
    let (st, _, body) = rpc(&s.base, Some(&k1.token(&claims("nobody"))), &call("echo")).await;
    assert_eq!(st, 403);
    assert!(
        body.contains("no tenant profile for sub \"nobody\""),
        "{body}"
    );

    // Rotation: a key the issuer adds after start is fetched on its first
    // use (unknown kid), and its tokens pass.
    let k2 = Signer::new("k2");
    iss.keys.lock().unwrap().push(k2.jwk.clone());
    let before = *iss.fetches.lock().unwrap();
    let (st, _, body) = rpc(
        &s.base,
        Some(&k2.token(&claims("beta"))),
        &call("beta.secret"),
    )
    .await;
    assert_eq!(st, 200, "{body}");
    assert_eq!(stdout_of(&body), "secret of beta\n");
    assert_eq!(
        *iss.fetches.lock().unwrap(),
        before + 1,
        "one refetch for the new kid"
    );

    // The protected-resource metadata (RFC 9728), at both locations.
    for path in [
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-protected-resource",
    ] {
        let m: Value = client()
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(m["resource"], "https://mcp.example.test/mcp");
        assert_eq!(m["authorization_servers"], json!(["https://issuer.test"]));
        assert_eq!(m["scopes_supported"], json!(["mcp:tools"]));
    }
    drop(s);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn tenants_see_only_their_own_tools() {
    let k1 = Signer::new("k1");
    let iss = issuer(&k1).await;
    let s = start(&jwt_config(&iss), &["alpha", "beta"]).await;
    // beta by its API key: its tool runs, alpha's is not a command.
    let (st, _, body) = rpc(
        &s.base,
        Some("beta-key-123"),
        &call("beta.secret; alpha.secret; echo $?"),
    )
    .await;
    assert_eq!(st, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["result"]["structuredContent"]["stdout"],
        "secret of beta\n127\n"
    );
    assert!(
        v["result"]["structuredContent"]["stderr"]
            .as_str()
            .unwrap()
            .contains("alpha.secret: command not found"),
        "{body}"
    );
    // The script tool's description (the tool list) names only the
    // tenant's own tools.
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    let (_, _, alpha) = rpc(&s.base, Some(&k1.token(&claims("alpha"))), &list).await;
    let (_, _, beta) = rpc(&s.base, Some("beta-key-123"), &list).await;
    assert!(
        alpha.contains("alpha.secret") && !alpha.contains("beta.secret"),
        "{alpha}"
    );
    assert!(
        beta.contains("beta.secret") && !beta.contains("alpha.secret"),
        "{beta}"
    );
    // A wrong API key: 401.
    let (st, _, _) = rpc(&s.base, Some("beta-key-124"), &call("echo")).await;
    assert_eq!(st, 401);
}

const OPEN: &str = r#"
[server]
listen = "{ADDR}"
max_in_flight = 1
max_queued = 0
max_body_bytes = 4096
drain_seconds = 10
[[tenant]]
name = "solo"
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn health_metrics_bounds_and_drain() {
    let mut s = start(OPEN, &["solo"]).await;
    let get = |p: &str| client().get(format!("{}{p}", s.base)).send();
    assert_eq!(get("/healthz").await.unwrap().status(), 200);
    assert_eq!(get("/readyz").await.unwrap().status(), 200);
    let (st, _, body) = rpc(&s.base, None, &call("echo hi")).await;
    assert_eq!((st, stdout_of(&body).as_str()), (200, "hi\n"));

    // The body limit: 413.
    let big = call(&"x".repeat(8000));
    let (st, _, _) = rpc(&s.base, None, &big).await;
    assert_eq!(st, 413);

    // One slot, no queue: while a slow script runs, another request gets
    // 503 with Retry-After.
    let base = s.base.clone();
    let slow = tokio::spawn(async move { rpc(&base, None, &call("sleep 2; echo slow")).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (st, h, _) = rpc(&s.base, None, &call("echo hi")).await;
    assert_eq!(st, 503);
    assert_eq!(h["retry-after"], "1");

    // Shut down while it runs: the request in flight still gets its
    // answer, and the server ends within the drain deadline.
    s.stop.take().unwrap().send(()).unwrap();
    let (st, _, body) = slow.await.unwrap();
    assert_eq!((st, stdout_of(&body).as_str()), (200, "slow\n"));
    tokio::time::timeout(Duration::from_secs(10), &mut s.done)
        .await
        .expect("drained within the deadline")
        .unwrap();

    // The metrics before the end (a fresh server: counts from zero).
    let s = start(OPEN, &["solo"]).await;
    let _ = rpc(&s.base, None, &call("echo hi")).await;
    let _ = rpc(&s.base, None, &call("exit 3")).await;
    let text = client()
        .get(format!("{}/metrics", s.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for line in [
        "toolsh_executions_total{tenant=\"solo\",outcome=\"ok\"} 1",
        "toolsh_executions_total{tenant=\"solo\",outcome=\"error\"} 1",
        "toolsh_execution_seconds_count{tenant=\"solo\"} 2",
        "toolsh_http_responses_total{code=\"200\"} 2",
        "toolsh_requests_in_flight 0",
    ] {
        assert!(text.contains(line), "no {line:?} in\n{text}");
    }
}

#[test]
fn a_network_address_without_auth_is_refused() {
    let e =
        ServeConfig::from_toml("[server]\nlisten = \"0.0.0.0:8080\"\n[[tenant]]\nname = \"a\"\n")
            .unwrap_err();
    assert!(e.is_config());
    assert!(e.to_string().contains("not a loopback address"), "{e}");
    let e = ServeConfig::from_toml(
        "[server]\nlisten = \"127.0.0.1:1\"\n[[tenant]]\nname = \"a\"\nmode = \"auto\"\n",
    )
    .unwrap_err();
    assert!(e.to_string().contains("mode \"auto\""), "{e}");
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

#[test]
fn the_example_configuration_loads() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/serve/serve.toml"
    );
    let c = ServeConfig::load(std::path::Path::new(path)).unwrap();
    assert_eq!(c.tenants.len(), 2);
    assert_eq!(c.public_url(), "http://127.0.0.1:8080/mcp");
    let t = c.telemetry.as_ref().unwrap();
    assert_eq!(t.otlp_endpoint, "http://127.0.0.1:4318/v1/traces");
    assert_eq!((t.service_name.as_str(), t.sample_ratio), ("toolsh", 1.0));
}

/// `[telemetry]`: defaults, and each bad value refused with its field named.
#[test]
fn telemetry_configuration_is_checked() {
    let with = |section: &str| {
        ServeConfig::from_toml(&format!(
            "[server]\nlisten = \"127.0.0.1:1\"\n[telemetry]\n{section}\n[[tenant]]\nname = \"a\"\n"
        ))
    };
    let c = with("otlp_endpoint = \"http://c:4318/v1/traces\"").unwrap();
    let t = c.telemetry.unwrap();
    assert_eq!(
        (t.service_name.as_str(), t.sample_ratio, t.export_timeout_ms),
        ("toolsh", 1.0, 10_000)
    );
    for (bad, says) in [
        ("otlp_endpoint = \"ftp://c/v1/traces\"", "otlp_endpoint"),
        (
            "otlp_endpoint = \"http://c\"\nsample_ratio = 1.5",
            "sample_ratio",
        ),
        (
            "otlp_endpoint = \"http://c\"\nservice_name = \"\"",
            "service_name",
        ),
        (
            "otlp_endpoint = \"http://c\"\nexport_timeout_ms = 0",
            "export_timeout_ms",
        ),
        ("otlp_endpoint = \"http://c\"\nheaders = 1", "unknown field"),
        ("service_name = \"x\"", "otlp_endpoint"),
    ] {
        let e = with(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn calls_per_minute_in_memory() {
    let s = start(
        "[server]\nlisten = \"{ADDR}\"\n[[tenant]]\nname = \"solo\"\ncalls_per_minute = 3\n",
        &["solo"],
    )
    .await;
    for _ in 0..3 {
        let (st, _, body) = rpc(&s.base, None, &call("echo hi")).await;
        assert_eq!((st, stdout_of(&body).as_str()), (200, "hi\n"));
    }
    let (_, _, body) = rpc(&s.base, None, &call("echo hi")).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["error"]["code"], toolsh_serve::LIMIT_CODE.0, "{body}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("call limit reached: tenant \"solo\" has used its calls per minute"),
        "{body}"
    );
}

/// rmcp's own streamable HTTP client, with a bearer token: it initializes,
/// lists the tools and calls the script tool against the stateless server
/// (no session id is handed out, and none is needed).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_rmcp_client_with_a_bearer_token() {
    use rmcp::ServiceExt as _;
    use rmcp::model::CallToolRequestParams;
    use rmcp::transport::StreamableHttpClientTransport;
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;

    let k1 = Signer::new("k1");
    let iss = issuer(&k1).await;
    let s = start(&jwt_config(&iss), &["alpha", "beta"]).await;
    client(); // the rustls provider
    let config = StreamableHttpClientTransportConfig::with_uri(format!("{}/mcp", s.base))
        .auth_header(k1.token(&claims("alpha")));
    let transport = StreamableHttpClientTransport::from_config(config);
    let peer = ().serve(transport).await.expect("the MCP handshake");
    let tools = peer.list_all_tools().await.unwrap();
    assert_eq!(tools[0].name, "script");
    assert!(
        tools[0]
            .description
            .as_deref()
            .unwrap_or_default()
            .contains("alpha.secret")
    );
    let mut args = serde_json::Map::new();
    args.insert("commands".into(), json!("alpha.secret | tr a-z A-Z"));
    let r = peer
        .call_tool(CallToolRequestParams::new("script").with_arguments(args))
        .await
        .unwrap();
    assert_eq!(r.structured_content.unwrap()["stdout"], "SECRET OF ALPHA\n");
    peer.cancel().await.unwrap();
}
