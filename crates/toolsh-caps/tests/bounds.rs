//! Bounds a host relies on past the per-call ones: a streamed external
//! call's aggregate source bytes and its bytes after redaction, and the
//! module catalog (its mode in the fingerprint, its hard ceilings).

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use toolsh_caps::*;
use toolsh_interp::ExecutionLimits;

fn rt() -> Arc<CapabilityRuntime> {
    Arc::new(CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    ))
}

fn streamed(rt: &CapabilityRuntime, limits: StreamLimits) {
    rt.register_external_tool(
        ToolDef::new("feed.read", "A feed."),
        ToolPolicy::new()
            .external(Duration::from_secs(5))
            .stream(limits),
        None,
    )
    .unwrap();
}

/// Chunks each under the per-chunk bound still cannot add up past the
/// aggregate source bound: the chunk that would is refused, and a
/// completion that passes it fails the call for the script.
#[tokio::test]
async fn streamed_bytes_are_bounded_in_aggregate() {
    let rt = rt();
    streamed(&rt, StreamLimits::new(10, 8).source_bytes(20));
    let lease = rt.issue_full_lease().unwrap();
    let host = {
        let rt = rt.clone();
        tokio::spawn(async move {
            let c = rt.claim_external_wait().await;
            rt.push_chunk(c.id, "12345678").unwrap();
            rt.push_chunk(c.id, "12345678").unwrap();
            let err = rt.push_chunk(c.id, "12345").unwrap_err();
            assert!(
                err.message.contains("max_source_bytes (20)"),
                "{}",
                err.message
            );
            assert!(rt.complete(c.id, "12345").is_err(), "16 + 5 > 20");
        })
    };
    let r = rt
        .eval_with_capability_lease("feed.read; echo \"st=$?\"", &lease)
        .await
        .unwrap();
    host.await.unwrap();
    assert_eq!(r.stdout, "st=1\n", "{}", r.stderr);
    // The script sees the sanitized failure; the host got the reason.
    assert_eq!(r.stderr, "feed.read: callback failed\n");
}

struct Expand;
impl OutputRedactor for Expand {
    fn redact(&self, _tool: &str, output: String) -> String {
        output.replace("secret", "[REDACTED BY POLICY]")
    }
}

/// The post-redaction bound holds on what the redactor returns: a
/// redactor that lengthens the output cannot push it past the bound.
#[tokio::test]
async fn the_redacted_output_is_bounded() {
    let rt = rt();
    streamed(&rt, StreamLimits::new(4, 16).redacted_bytes(30));
    rt.set_redactor(Arc::new(Expand));
    let lease = rt.issue_full_lease().unwrap();
    // 22 bytes after redaction fit 30; 41 do not.
    for (out, fits) in [("a secret", true), ("secret secret", false)] {
        let host = {
            let rt = rt.clone();
            tokio::spawn(async move {
                let c = rt.claim_external_wait().await;
                rt.complete(c.id, out).unwrap();
            })
        };
        let r = rt
            .eval_with_capability_lease("feed.read; echo \"st=$?\"", &lease)
            .await
            .unwrap();
        host.await.unwrap();
        if fits {
            assert_eq!(r.stdout, "a [REDACTED BY POLICY]\nst=0\n", "{}", r.stderr);
        } else {
            assert_eq!(
                (r.stdout.as_str(), r.stderr.as_str()),
                ("st=1\n", "feed.read: callback failed\n")
            );
        }
    }
}

fn json_tool(rt: &CapabilityRuntime, name: &str) {
    rt.register_validated_json_tool(
        ToolDef::new(name, "Add."),
        ToolPolicy::new(),
        JsonToolContract::new(
            json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}),
            json!({"type": "integer"}),
        ),
        |v: Value| async move { Ok(json!(v["a"].as_i64().unwrap_or(0) + v["b"].as_i64().unwrap_or(0))) },
    )
    .unwrap();
}

/// A module's mode is part of the fingerprint (a lease for a synchronous
/// module does not fit a deferred one), the module catalog lists what a
/// host registered, and the ceilings hold whatever limits a host asks for.
#[tokio::test]
async fn modules_are_listed_fingerprinted_and_bounded() {
    let sync = rt();
    json_tool(&sync, "math.add");
    sync.add_module("arith.add", "math.add", ModuleMode::Synchronous)
        .unwrap();
    let deferred = rt();
    deferred
        .register_external_tool(
            ToolDef::new("math.add", "Add."),
            ToolPolicy::new().external(Duration::from_secs(1)),
            Some(JsonToolContract::new(
                json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}),
                json!({"type": "integer"}),
            )),
        )
        .unwrap();
    assert!(
        deferred
            .add_module("arith.add", "math.add", ModuleMode::Synchronous)
            .is_err(),
        "the mode must match the target's dispatch"
    );
    deferred
        .add_module("arith.add", "math.add", ModuleMode::Deferred)
        .unwrap();
    assert_ne!(sync.fingerprint(), deferred.fingerprint());
    assert_eq!(
        sync.module_catalog(),
        [ModuleDescriptor {
            command: "arith.add".into(),
            module: "arith".into(),
            method: "add".into(),
            target: "math.add".into(),
            mode: ModuleMode::Synchronous,
        }]
    );
    let lease = sync.issue_full_lease().unwrap();
    let r = sync
        .eval_with_capability_lease("arith.add --a 2 --b 3", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "5\n", "{}", r.stderr);

    let wide = CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits {
            max_tools: usize::MAX,
            max_modules: usize::MAX,
            max_module_methods: usize::MAX,
            max_pending_external: usize::MAX,
            max_serialized_bytes: usize::MAX,
        },
    );
    let l = wide.catalog_limits();
    let c = CapabilityCatalogLimits::CEILING;
    assert_eq!(
        (
            l.max_tools,
            l.max_modules,
            l.max_module_methods,
            l.max_pending_external,
            l.max_serialized_bytes
        ),
        (
            c.max_tools,
            c.max_modules,
            c.max_module_methods,
            c.max_pending_external,
            c.max_serialized_bytes
        )
    );
    assert!(c.max_tools < usize::MAX && c.max_pending_external < usize::MAX);
}
