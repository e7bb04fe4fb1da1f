//! Call limits shared through a real Redis (`redis-server` from the
//! distribution, started here on a loopback port): two replicas of one
//! configuration together admit exactly `calls_per_minute` executions of
//! a tenant under concurrent load, and Redis's counter equals the calls
//! admitted. Without `redis-server` every test is reported ignored.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use toolsh_serve::{LIMIT_CODE, ScriptServer, ServeConfig, Server};
use toolsh_spec::harness::{self, Requirement};
use toolsh_tools::{DiscoveryMode, ScriptedTool, ScriptingToolSet};

fn main() -> std::process::ExitCode {
    let tests: Vec<harness::Test<Path>> = vec![(
        "two_replicas_admit_exactly_the_limit",
        two_replicas_admit_exactly_the_limit,
    )];
    harness::run_with(Requirement::check("redis-server", redis_server), tests)
}

/// The `redis-server` binary on `PATH`.
fn redis_server() -> Result<PathBuf, String> {
    let out = Command::new("sh")
        .args(["-c", "command -v redis-server"])
        .output()
        .map_err(|e| e.to_string())?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if path.is_empty() {
        return Err("not installed (apt-get install redis-server)".into());
    }
    Ok(path.into())
}

/// A redis-server on a free loopback port, without persistence; killed
/// when dropped.
struct Redis {
    child: Child,
    port: u16,
}

impl Redis {
    fn start(bin: &Path) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(bin)
            .args([
                "--port",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "redis-server did not start"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Self { child, port }
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn server() -> ScriptServer {
    let tool = ScriptedTool::builder("script").build().unwrap();
    ScriptServer::new(ScriptingToolSet::from_tool(tool, DiscoveryMode::Exclusive))
}

fn two_replicas_admit_exactly_the_limit(bin: &Path) {
    let redis = Redis::start(bin);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        const LIMIT: usize = 30;
        let mut bases = Vec::new();
        let mut stops = Vec::new();
        for _ in 0..2 {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let config = ServeConfig::from_toml(&format!(
                "[server]\nlisten = \"{addr}\"\nmax_in_flight = 64\n\
                 [redis]\nurl = \"redis://127.0.0.1:{}\"\nkey_prefix = \"t\"\n\
                 [[tenant]]\nname = \"solo\"\ncalls_per_minute = {LIMIT}\n",
                redis.port
            ))
            .unwrap();
            let servers: BTreeMap<String, ScriptServer> = [("solo".to_string(), server())].into();
            let s = Server::new(config, servers).await.unwrap();
            let (tx, rx) = tokio::sync::oneshot::channel::<()>();
            tokio::spawn(s.serve(listener, async move {
                let _ = rx.await;
            }));
            bases.push(format!("http://{addr}/mcp"));
            stops.push(tx);
        }
        toolsh_mcp::http_client().unwrap();
        let client = reqwest::Client::new();
        let calls = (0..80).map(|i| {
            let (client, url) = (client.clone(), bases[i % 2].clone());
            tokio::spawn(async move {
                let body = json!({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                    "params": {"name": "script", "arguments": {"commands": "echo hi"}}});
                let r = client
                    .post(url)
                    .header("content-type", "application/json")
                    .header("accept", "application/json, text/event-stream")
                    .header("mcp-protocol-version", "2025-11-25")
                    .body(body.to_string())
                    .send()
                    .await
                    .unwrap();
                let v: Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
                v
            })
        });
        let (mut admitted, mut limited) = (0, 0);
        for c in calls {
            let v = c.await.unwrap();
            if v["result"]["structuredContent"]["stdout"] == "hi\n" {
                admitted += 1;
            } else if v["error"]["code"] == LIMIT_CODE.0 {
                assert_eq!(v["error"]["data"]["window"], "minute", "{v}");
                limited += 1;
            } else {
                panic!("neither answered nor limited: {v}");
            }
        }
        eprintln!("{admitted} admitted, {limited} limited across 2 replicas");
        assert_eq!((admitted, limited), (LIMIT, 80 - LIMIT));
        // Redis's counter is the calls admitted.
        let mut conn = redis::Client::open(format!("redis://127.0.0.1:{}", redis.port))
            .unwrap()
            .get_multiplexed_async_connection()
            .await
            .unwrap();
        let count: usize = redis::cmd("GET")
            .arg("t:solo:minute")
            .query_async(&mut conn)
            .await
            .unwrap();
        assert_eq!(count, LIMIT);
        let ttl: i64 = redis::cmd("TTL")
            .arg("t:solo:minute")
            .query_async(&mut conn)
            .await
            .unwrap();
        assert!((1..=60).contains(&ttl), "{ttl}");
        drop(stops);
    });
}
