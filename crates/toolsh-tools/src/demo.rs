//! A small in-memory shop API (customers, orders, inventory, shipping,
//! payments) for examples, `toolsh run --demo-tools` and tests. Sync and
//! async callbacks, JSON outputs with output schemas, and one tool that
//! always fails, so every part of the call path can be shown.

use std::time::Duration;

use serde_json::{Value, json};

use crate::args::ToolArgs;
use crate::def::ToolDef;
use crate::tool::ToolImpl;

fn customers() -> Value {
    json!([
        {"id": "c-acme", "name": "Acme Corp", "tier": "gold", "country": "DE"},
        {"id": "c-globex", "name": "Globex", "tier": "silver", "country": "US"},
        {"id": "c-initech", "name": "Initech", "tier": "bronze", "country": "US"},
        {"id": "c-umbrella", "name": "Umbrella", "tier": "gold", "country": "GB"}
    ])
}

fn orders() -> Value {
    json!([
        {"id": "o-1001", "customer": "c-acme", "status": "shipped", "items": [{"sku": "WIDGET", "qty": 10, "price": 2.5}, {"sku": "GADGET", "qty": 1, "price": 99.0}]},
        {"id": "o-1002", "customer": "c-acme", "status": "open", "items": [{"sku": "GIZMO", "qty": 3, "price": 15.0}]},
        {"id": "o-1003", "customer": "c-globex", "status": "open", "items": [{"sku": "WIDGET", "qty": 100, "price": 2.25}]},
        {"id": "o-1004", "customer": "c-initech", "status": "cancelled", "items": [{"sku": "GADGET", "qty": 2, "price": 99.0}]},
        {"id": "o-1005", "customer": "c-umbrella", "status": "open", "items": [{"sku": "GADGET", "qty": 5, "price": 95.0}, {"sku": "GIZMO", "qty": 2, "price": 15.0}]},
        {"id": "o-1006", "customer": "c-globex", "status": "shipped", "items": [{"sku": "GIZMO", "qty": 4, "price": 15.0}]}
    ])
}

fn stock(sku: &str) -> Option<i64> {
    match sku {
        "WIDGET" => Some(500),
        "GADGET" => Some(3),
        "GIZMO" => Some(0),
        _ => None,
    }
}

fn order_total(o: &Value) -> f64 {
    o["items"].as_array().map_or(0.0, |items| {
        items
            .iter()
            .map(|i| i["qty"].as_f64().unwrap_or(0.0) * i["price"].as_f64().unwrap_or(0.0))
            .sum()
    })
}

/// The shop's tools: `customers.list`, `customers.get`, `orders.list`,
/// `orders.get`, `inventory.check`, `shipping.quote` (async, 20 ms) and
/// `payments.charge` (async; always fails: the processor is down).
pub fn shop_tools() -> Vec<ToolImpl> {
    vec![
        ToolImpl::new(
            ToolDef::new("customers.list", "List customers, optionally by tier.\nReturns a JSON array of {id, name, tier, country}.")
                .with_schema(json!({"type": "object", "additionalProperties": false, "properties": {"tier": {"enum": ["gold", "silver", "bronze"], "description": "Only customers of this tier."}}}))
                .with_output_schema(json!({"type": "array", "items": {"type": "object", "required": ["id", "name"]}}))
                .with_category("customers")
                .with_tags(["read"]),
        )
        .with_exec(|a: &ToolArgs| {
            let all = customers();
            let list: Vec<&Value> = all
                .as_array()
                .into_iter()
                .flatten()
                .filter(|c| a.param_str("tier").is_none_or(|t| c["tier"] == t))
                .collect();
            Ok(serde_json::to_string(&list).unwrap_or_default())
        }),
        ToolImpl::new(
            ToolDef::new("customers.get", "Get one customer by id.")
                .with_schema(json!({"type": "object", "additionalProperties": false, "required": ["id"], "properties": {"id": {"type": "string", "description": "Customer id, e.g. c-acme."}}}))
                .with_category("customers")
                .with_tags(["read"]),
        )
        .with_exec(|a: &ToolArgs| {
            let id = a.param_str("id").unwrap_or_default();
            customers()
                .as_array()
                .and_then(|cs| cs.iter().find(|c| c["id"] == id).cloned())
                .map(|c| c.to_string())
                .ok_or_else(|| format!("no customer {id}"))
        }),
        ToolImpl::new(
            ToolDef::new("orders.list", "List a customer's orders with their totals.\nReturns a JSON array of {id, customer, status, items, total}.")
                .with_schema(json!({"type": "object", "additionalProperties": false, "required": ["customer"], "properties": {
                    "customer": {"type": "string", "description": "Customer id."},
                    "status": {"enum": ["open", "shipped", "cancelled"]},
                    "limit": {"type": "integer", "minimum": 1, "default": 50}
                }}))
                .with_category("orders")
                .with_tags(["read"]),
        )
        .with_exec(|a: &ToolArgs| {
            let customer = a.param_str("customer").unwrap_or_default();
            let limit = usize::try_from(a.param_i64("limit").unwrap_or(50)).unwrap_or(50);
            let all = orders();
            let list: Vec<Value> = all
                .as_array()
                .into_iter()
                .flatten()
                .filter(|o| o["customer"] == customer)
                .filter(|o| a.param_str("status").is_none_or(|s| o["status"] == s))
                .take(limit)
                .map(|o| {
                    let mut o = o.clone();
                    o["total"] = json!(order_total(&o));
                    o
                })
                .collect();
            Ok(Value::Array(list).to_string())
        }),
        ToolImpl::new(
            ToolDef::new("orders.get", "Get one order by id.")
                .with_schema(json!({"type": "object", "additionalProperties": false, "required": ["id"], "properties": {"id": {"type": "string"}}}))
                .with_category("orders")
                .with_tags(["read"]),
        )
        .with_exec(|a: &ToolArgs| {
            let id = a.param_str("id").unwrap_or_default();
            orders()
                .as_array()
                .and_then(|os| os.iter().find(|o| o["id"] == id).cloned())
                .map(|mut o| {
                    o["total"] = json!(order_total(&o));
                    o.to_string()
                })
                .ok_or_else(|| format!("no order {id}"))
        }),
        ToolImpl::new(
            ToolDef::new("inventory.check", "Units in stock for one or more SKUs.\nReturns {sku: units}; unknown SKUs map to null.")
                .with_schema(json!({"type": "object", "additionalProperties": false, "required": ["sku"], "properties": {"sku": {"type": "array", "items": {"type": "string"}, "minItems": 1}}}))
                .with_output_schema(json!({"type": "object", "additionalProperties": {"type": ["integer", "null"]}}))
                .with_category("inventory")
                .with_tags(["read"]),
        )
        .with_exec(|a: &ToolArgs| {
            let mut out = serde_json::Map::new();
            for s in a.params["sku"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                out.insert(s.to_string(), stock(s).map_or(Value::Null, |n| json!(n)));
            }
            Ok(Value::Object(out).to_string())
        }),
        ToolImpl::new(
            ToolDef::new("shipping.quote", "Quote shipping for a weight to a country (async carrier API).")
                .with_schema(json!({"type": "object", "additionalProperties": false, "required": ["country", "kg"], "properties": {
                    "country": {"type": "string", "minLength": 2, "maxLength": 2},
                    "kg": {"type": "number", "exclusiveMinimum": 0}
                }}))
                .with_category("shipping")
                .with_tags(["read", "external"]),
        )
        .with_async_exec(|a: ToolArgs| async move {
            tokio::time::sleep(Duration::from_millis(20)).await;
            let kg = a.param_f64("kg").unwrap_or(0.0);
            let base = if a.param_str("country") == Some("DE") { 4.0 } else { 12.0 };
            let price = (base + kg * 1.5) * 100.0;
            Ok(json!({"country": a.param_str("country"), "kg": kg, "price": price.round() / 100.0, "days": if base < 5.0 { 2 } else { 6 }}).to_string())
        }),
        ToolImpl::new(
            ToolDef::new("payments.charge", "Charge a customer (always fails in the demo: the processor is down).")
                .with_schema(json!({"type": "object", "additionalProperties": false, "required": ["customer", "amount"], "properties": {
                    "customer": {"type": "string"},
                    "amount": {"type": "number", "exclusiveMinimum": 0}
                }}))
                .with_category("payments")
                .with_tags(["write"]),
        )
        .with_async_exec(|_a: ToolArgs| async move { Err("payment processor unreachable: connection refused (10.0.0.7:443)".to_string()) }),
    ]
}
