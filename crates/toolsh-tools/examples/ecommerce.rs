//! A small shop API as toolsh tools, and one script an LLM might write to
//! answer "which gold customers have open orders we cannot ship, and what
//! would shipping the rest cost?" in a single tool call.
//!
//! Shows: a schema derived with `schemars` (`ToolDef::from_type`), typed
//! parameters (`ToolArgs::deserialize`), sync and async callbacks, a
//! failing callback (its error sanitized), and the trace of the execution.
//!
//! Run: `cargo run -p toolsh-tools --example ecommerce`

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};
use toolsh_tools::{ScriptedTool, ToolArgs, ToolDef, ToolRequest};

/// Orders of one customer.
#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
struct ListOrders {
    /// Customer id, e.g. c-acme.
    customer: String,
    /// Only orders in this state.
    status: Option<OrderStatus>,
}

#[derive(Deserialize, schemars::JsonSchema, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum OrderStatus {
    Open,
    Shipped,
}

/// A shipping quote for a parcel.
#[derive(Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
struct Quote {
    /// ISO country code.
    country: String,
    /// Weight in kilograms.
    kg: f64,
}

fn customers() -> Value {
    json!([
        {"id": "c-acme", "tier": "gold", "country": "DE"},
        {"id": "c-globex", "tier": "silver", "country": "US"},
        {"id": "c-umbrella", "tier": "gold", "country": "GB"}
    ])
}

fn orders() -> Vec<(
    &'static str,
    &'static str,
    OrderStatus,
    &'static str,
    u32,
    f64,
)> {
    // (order, customer, status, sku, qty, kg per unit)
    vec![
        ("o-1", "c-acme", OrderStatus::Open, "GIZMO", 3, 0.5),
        ("o-2", "c-acme", OrderStatus::Shipped, "WIDGET", 10, 0.1),
        ("o-3", "c-umbrella", OrderStatus::Open, "WIDGET", 20, 0.1),
        ("o-4", "c-umbrella", OrderStatus::Open, "GADGET", 5, 1.2),
        ("o-5", "c-globex", OrderStatus::Open, "WIDGET", 100, 0.1),
    ]
}

fn stock(sku: &str) -> u32 {
    match sku {
        "WIDGET" => 500,
        "GADGET" => 3,
        _ => 0,
    }
}

fn shop() -> ScriptedTool {
    ScriptedTool::builder("shop")
        .short_description("A small shop API.")
        .tool_fn(
            ToolDef::new("customers.list", "List customers as [{id, tier, country}].").with_schema(
                json!({"type": "object", "additionalProperties": false,
                       "properties": {"tier": {"enum": ["gold", "silver"]}}}),
            ),
            |a: &ToolArgs| {
                let all = customers();
                let tier = a.param_str("tier");
                let picked: Vec<&Value> = all
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|c| tier.is_none_or(|t| c["tier"] == t))
                    .collect();
                Ok(json!(picked).to_string())
            },
        )
        .tool_fn(
            ToolDef::from_type::<ListOrders>().named("orders.list"),
            |a: &ToolArgs| {
                let q: ListOrders = a.deserialize().map_err(|e| e.to_string())?;
                let list: Vec<Value> = orders()
                    .into_iter()
                    .filter(|o| o.1 == q.customer && q.status.is_none_or(|s| s == o.2))
                    .map(|(id, customer, _, sku, qty, kg)| {
                        json!({"id": id, "customer": customer, "sku": sku, "qty": qty, "kg": f64::from(qty) * kg})
                    })
                    .collect();
                Ok(json!(list).to_string())
            },
        )
        .tool_fn(
            ToolDef::new("inventory.check", "Units in stock for a SKU, as {sku, units}.")
                .with_schema(json!({"type": "object", "required": ["sku"],
                                    "properties": {"sku": {"type": "string"}}})),
            |a: &ToolArgs| {
                let sku = a.param_str("sku").unwrap_or_default();
                Ok(json!({"sku": sku, "units": stock(sku)}).to_string())
            },
        )
        .async_tool_fn(
            ToolDef::from_type::<Quote>().named("shipping.quote"),
            |a: ToolArgs| async move {
                // A remote rate service: slow, so scripts run quotes in
                // the background and `wait`.
                tokio::time::sleep(Duration::from_millis(50)).await;
                let q: Quote = a.deserialize().map_err(|e| e.to_string())?;
                let base = if q.country == "DE" { 4.0 } else { 12.0 };
                Ok(json!({"country": q.country, "price": base + q.kg * 1.5}).to_string())
            },
        )
        .async_tool_fn(
            ToolDef::new("payments.charge", "Charge a customer.").with_schema(
                json!({"type": "object", "required": ["customer", "amount"],
                       "properties": {"customer": {"type": "string"}, "amount": {"type": "number"}}}),
            ),
            |_a: ToolArgs| async move {
                // The raw error goes to tracing only; the script sees
                // "payments.charge: callback failed".
                Err::<String, String>("processor unreachable at 10.0.0.7:443".into())
            },
        )
        .build()
        .expect("valid tool definitions")
}

/// What the model writes: one script, many calls.
const SCRIPT: &str = r#"
set -o pipefail
open=$(for id in $(customers.list --tier gold | jq -r '.[].id'); do
  orders.list --customer "$id" --status open | jq -c '.[]'
done)

echo "== cannot ship in full =="
while read -r order; do
  sku=$(jq -r .sku <<< "$order")
  have=$(inventory.check --sku "$sku" | jq .units)
  jq -r --argjson have "$have" 'select(.qty > $have) | "\(.id) \(.sku): need \(.qty), have \($have)"' <<< "$order"
done <<< "$open"

echo "== shipping quotes, fetched in parallel =="
declare -A country=([c-acme]=DE [c-umbrella]=GB)
{
  while read -r order; do
    shipping.quote --country "${country[$(jq -r .customer <<< "$order")]}" \
      --kg "$(jq .kg <<< "$order")" &
  done <<< "$open"
  wait
} | jq -s -r 'sort_by(.price)[] | "\(.country) \(.price)"'

payments.charge --customer c-acme --amount 10 || echo "charge failed ($?); will retry later"
"#;

#[tokio::main]
async fn main() {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let tool = shop();
    let response = tool.execute(ToolRequest::new(SCRIPT)).await;
    print!("{}", response.stdout);
    eprint!("{}", response.stderr);
    println!("exit status: {}", response.exit_code);
    println!("== trace ==");
    for t in tool.take_last_execution_trace() {
        println!(
            "{:<16} exit {} in {:>5.1} ms",
            t.name,
            t.exit_code,
            t.duration.as_secs_f64() * 1000.0
        );
    }
}
