//! Traces of toolsh-serve end to end on loopback: a real OTLP/HTTP
//! receiver started here decodes the protobuf export requests it gets
//! (opentelemetry-proto's generated messages), a real upstream MCP
//! server over streamable HTTP records the `traceparent` headers it is
//! sent, and requests go over real HTTP. It asserts span names,
//! attributes and parent links: a client's trace context (in `_meta`, or
//! as a header) becomes the execution span's parent, each tool command
//! is a child of the execution, and an upstream call carries the tool
//! call's context.
//!
//! Its own binary: it installs the process's global `tracing` subscriber.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message as _;
use serde_json::{Value, json};
use toolsh_serve::{ScriptServer, ServeConfig, Server, Telemetry};
use toolsh_tools::{DiscoveryMode, ScriptedTool, ScriptingToolSet, ToolDef};
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

/// The OTLP receiver: every span of every export request, and the
/// resource attributes seen.
#[derive(Default)]
struct Received {
    spans: Vec<Span>,
    service_names: Vec<String>,
}

async fn otlp_receiver() -> (String, Arc<Mutex<Received>>) {
    let got = Arc::new(Mutex::new(Received::default()));
    let g = got.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        axum::routing::post(move |body: axum::body::Bytes| {
            let g = g.clone();
            async move {
                let request = ExportTraceServiceRequest::decode(body).expect("OTLP protobuf");
                let mut g = g.lock().unwrap();
                for rs in request.resource_spans {
                    for a in rs.resource.iter().flat_map(|r| &r.attributes) {
                        if a.key == "service.name"
                            && let Some(AnyValue::StringValue(s)) =
                                a.value.as_ref().and_then(|v| v.value.clone())
                        {
                            g.service_names.push(s);
                        }
                    }
                    for ss in rs.scope_spans {
                        g.spans.extend(ss.spans);
                    }
                }
                // An empty ExportTraceServiceResponse.
                (
                    [("content-type", "application/x-protobuf")],
                    Vec::<u8>::new(),
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1/traces", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, got)
}

/// An upstream MCP server over stateless streamable HTTP (a toolsh script
/// server with one tool, `ping`), recording the `traceparent` header of
/// each request that has one.
async fn upstream() -> (String, Arc<Mutex<Vec<String>>>) {
    use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService,
    };
    let tool = ScriptedTool::builder("script")
        .tool_fn(ToolDef::new("ping", "Answers pong."), |_| {
            Ok("pong\n".into())
        })
        .build()
        .unwrap();
    let server = ScriptServer::new(ScriptingToolSet::from_tool(tool, DiscoveryMode::Exclusive));
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(NeverSessionManager::default()),
        StreamableHttpServerConfig::default()
            .with_legacy_session_mode(false)
            .with_json_response(true),
    );
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    let app = axum::Router::new()
        .nest_service("/mcp", service)
        .layer(axum::middleware::from_fn(
            move |req: axum::extract::Request, next: axum::middleware::Next| {
                let s = s.clone();
                async move {
                    if let Some(v) = req.headers().get("traceparent") {
                        s.lock()
                            .unwrap()
                            .push(v.to_str().unwrap_or_default().to_string());
                    }
                    next.run(req).await
                }
            },
        ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, seen)
}

/// The tenant: `greet` of its own, and the upstream's `script` as
/// `up.script`.
async fn tenant(upstream_url: &str) -> (ScriptServer, toolsh_mcp::McpUpstream) {
    let spec = toolsh_mcp::UpstreamSpec::http("up", upstream_url, Vec::new());
    let up = toolsh_mcp::McpUpstream::open(
        &spec,
        &toolsh_mcp::UpstreamOptions::with_handshake(Duration::from_secs(20)),
    )
    .await
    .unwrap();
    let mut b = ScriptedTool::builder("script")
        .tool_fn(ToolDef::new("greet", "Says hello."), |_| {
            Ok("hello\n".into())
        });
    for t in up.tool_impls() {
        b = b.tool(t);
    }
    let tool = b.build().unwrap();
    (
        ScriptServer::new(ScriptingToolSet::from_tool(tool, DiscoveryMode::Exclusive)),
        up,
    )
}

fn attr<'a>(span: &'a Span, key: &str) -> Option<&'a AnyValue> {
    span.attributes
        .iter()
        .find(|a| a.key == key)
        .and_then(|a| a.value.as_ref())
        .and_then(|v| v.value.as_ref())
}

fn attr_int(span: &Span, key: &str) -> Option<i64> {
    match attr(span, key)? {
        AnyValue::IntValue(i) => Some(*i),
        other => panic!("{key}: not an integer: {other:?}"),
    }
}

fn attr_str(span: &Span, key: &str) -> Option<String> {
    match attr(span, key)? {
        AnyValue::StringValue(s) => Some(s.clone()),
        other => panic!("{key}: not a string: {other:?}"),
    }
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

async fn rpc(base: &str, body: &Value, traceparent_header: Option<&str>) -> Value {
    toolsh_mcp::http_client().unwrap();
    let mut r = reqwest::Client::new()
        .post(format!("{base}/mcp"))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2025-11-25")
        .timeout(Duration::from_mins(1))
        .body(body.to_string());
    if let Some(t) = traceparent_header {
        r = r.header("traceparent", t);
    }
    let text = r.send().await.unwrap().text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

const TRACE_A: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_A: &str = "00f067aa0ba902b7";
const TRACE_B: &str = "0af7651916cd43dd8448eb211c80319c";
const PARENT_B: &str = "b7ad6b7169203331";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn spans_reach_an_otlp_receiver_with_their_parents() {
    let (otlp, received) = otlp_receiver().await;
    let (up_url, up_seen) = upstream().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = ServeConfig::from_toml(&format!(
        r#"
[server]
listen = "{addr}"
[telemetry]
otlp_endpoint = "{otlp}"
service_name = "toolsh-test"
export_timeout_ms = 5000
[[tenant]]
name = "acme"
"#
    ))
    .unwrap();
    let telemetry = Telemetry::new(config.telemetry.as_ref().unwrap()).unwrap();
    tracing_subscriber::registry()
        .with(telemetry.layer())
        .init();
    let (server, up) = tenant(&up_url).await;
    let server = Server::new(config, BTreeMap::from([("acme".to_string(), server)]))
        .await
        .unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(server.serve(listener, async move {
        let _ = stopped.await;
    }));
    let base = format!("http://{addr}");

    // A: the client's context in `_meta`; a local tool and an upstream one.
    let script_a = "greet; up.script --commands ping";
    let a = rpc(
        &base,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "script", "arguments": {"commands": script_a},
            "_meta": {"traceparent": format!("00-{TRACE_A}-{PARENT_A}-01"), "tracestate": "vendor=1"}}}),
        None,
    )
    .await;
    assert_eq!(
        a["result"]["structuredContent"]["exit_code"], 0,
        "request A: {a}"
    );
    assert!(
        a["result"]["structuredContent"]["stdout"]
            .as_str()
            .unwrap()
            .starts_with("hello\n"),
        "{a}"
    );
    // B: the context as an HTTP header; the script hits its time limit.
    let b = rpc(
        &base,
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "script", "arguments": {"commands": "greet; while :; do :; done", "timeout_ms": 200}}}),
        Some(&format!("00-{TRACE_B}-{PARENT_B}-01")),
    )
    .await;
    assert_eq!(
        b["result"]["structuredContent"]["exit_code"], 124,
        "request B: {b}"
    );

    let _ = stop.send(());
    let _ = serving.await;
    up.shutdown().await;
    // Flush: the batch processor sends what it holds (to the receiver on
    // this runtime, so off its workers).
    tokio::task::spawn_blocking(move || telemetry.shutdown())
        .await
        .unwrap();

    let got = received.lock().unwrap();
    assert!(
        got.service_names.iter().all(|s| s == "toolsh-test") && !got.service_names.is_empty(),
        "service.name: {:?}",
        got.service_names
    );
    let spans = &got.spans;
    let names: Vec<&str> = spans.iter().map(|s| s.name.as_str()).collect();
    let execution_of = |trace: &str| {
        spans
            .iter()
            .find(|s| s.name == "toolsh.execution" && hex(&s.trace_id) == trace)
            .unwrap_or_else(|| panic!("no execution span in trace {trace}: {names:?}"))
    };
    let children = |parent: &Span| -> Vec<&Span> {
        spans
            .iter()
            .filter(|s| s.trace_id == parent.trace_id && s.parent_span_id == parent.span_id)
            .collect()
    };

    // A's execution: the client's span is its parent.
    let ea = execution_of(TRACE_A);
    assert_eq!(hex(&ea.parent_span_id), PARENT_A);
    assert_eq!(ea.kind, 2, "span kind server");
    assert_eq!(attr_str(ea, "toolsh.tenant").as_deref(), Some("acme"));
    assert_eq!(attr_str(ea, "toolsh.tool").as_deref(), Some("script"));
    assert_eq!(
        attr_int(ea, "toolsh.script_bytes"),
        Some(script_a.len() as i64)
    );
    assert_eq!(attr_int(ea, "toolsh.exit_status"), Some(0));
    assert_eq!(attr(ea, "toolsh.limit"), None);
    assert_eq!(attr_str(ea, "toolsh.outcome").as_deref(), Some("ok"));
    let calls = children(ea);
    let tool_of = |s: &&Span| attr_str(s, "toolsh.tool").unwrap_or_default();
    let mut tools: Vec<String> = calls.iter().map(tool_of).collect();
    tools.sort();
    assert_eq!(tools, ["greet", "up.script"], "children of A: {calls:?}");
    for c in &calls {
        assert_eq!(c.name, "toolsh.tool_call");
        assert_eq!(attr_int(c, "toolsh.status"), Some(0));
        assert!(
            attr_int(c, "toolsh.bytes_in").is_some_and(|n| n > 0),
            "{c:?}"
        );
        assert!(
            matches!(attr(c, "toolsh.duration_ms"), Some(AnyValue::DoubleValue(d)) if *d >= 0.0)
        );
        assert!(c.start_time_unix_nano >= ea.start_time_unix_nano);
        assert!(c.end_time_unix_nano <= ea.end_time_unix_nano);
    }
    let greet = calls.iter().find(|c| tool_of(c) == "greet").unwrap();
    assert_eq!(
        attr_int(greet, "toolsh.bytes_out"),
        Some("hello\n".len() as i64)
    );
    // The upstream got the up.script call's context as its header.
    let up_call = calls.iter().find(|c| tool_of(c) == "up.script").unwrap();
    let expected = format!("00-{TRACE_A}-{}-01", hex(&up_call.span_id));
    let seen = up_seen.lock().unwrap();
    assert!(
        seen.contains(&expected),
        "upstream traceparent headers {seen:?}, expected {expected}"
    );

    // B's execution: the header's span is its parent; the limit is named.
    let eb = execution_of(TRACE_B);
    assert_eq!(hex(&eb.parent_span_id), PARENT_B);
    assert_eq!(attr_int(eb, "toolsh.exit_status"), Some(124));
    assert!(attr_str(eb, "toolsh.limit").is_some(), "{eb:?}");
    assert_eq!(attr_str(eb, "toolsh.outcome").as_deref(), Some("error"));
    let b_calls = children(eb);
    assert_eq!(b_calls.len(), 1, "{b_calls:?}");
    assert_eq!(tool_of(&b_calls[0]), "greet");
}
