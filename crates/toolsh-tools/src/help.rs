//! Usage text generated from schemas, and the `help` command's output.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::def::ToolDef;
use crate::schema::{self, Types};

/// The placeholder shown after a flag: `<integer>`, `<open|closed>`,
/// `<json|key=value...>`, `<json|a,b,c>`; empty for booleans.
fn placeholder(root: &Value, prop: &Value) -> String {
    let t = schema::types(root, prop);
    if let Some(Value::Array(vals)) = schema::resolve(root, prop).get("enum") {
        let shown: Vec<String> = vals
            .iter()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            .collect();
        return format!("<{}>", shown.join("|"));
    }
    if t == (Types {
        boolean: true,
        ..Types::default()
    }) {
        return String::new();
    }
    if t.array {
        let item_obj = schema::items(root, prop).is_some_and(|i| schema::types(root, i).object);
        return if item_obj {
            "<json|key=value...>".into()
        } else {
            "<json|a,b,c>".into()
        };
    }
    if t.object {
        return "<json|key=value...>".into();
    }
    format!("<{}>", t.describe())
}

/// One-line usage: `usage: name --req <type> [--opt <type>] [--flag]`.
pub fn usage_line(def: &ToolDef) -> String {
    let root = &def.input_schema;
    let required = schema::required(root, root);
    let mut line = format!("usage: {}", def.name);
    let names = schema::property_names(root, root);
    for name in &names {
        let Some(prop) = schema::property(root, root, name) else {
            continue;
        };
        let ph = placeholder(root, prop);
        let flag = if ph.is_empty() {
            format!("--{name}")
        } else {
            format!("--{name} {ph}")
        };
        if required.contains(name) {
            let _ = write!(line, " {flag}");
        } else {
            let _ = write!(line, " [{flag}]");
        }
    }
    if !schema::is_closed(root, root) && names.is_empty() {
        line.push_str(" [--key value ...]");
    }
    line
}

/// The full help of one tool: summary, usage, and one line per flag with
/// its required mark, description, enum values and default.
pub fn tool_usage(def: &ToolDef) -> String {
    let root = &def.input_schema;
    let mut out = String::new();
    let _ = writeln!(out, "{} - {}", def.name, def.summary());
    let rest: Vec<&str> = def.description.lines().skip(1).collect();
    if rest.iter().any(|l| !l.trim().is_empty()) {
        let _ = writeln!(out, "{}", rest.join("\n").trim_end());
    }
    let _ = writeln!(out, "\n{}", usage_line(def));
    let names = schema::property_names(root, root);
    if !names.is_empty() {
        let required = schema::required(root, root);
        let _ = writeln!(out, "\nflags:");
        let rows: Vec<(String, String)> = names
            .iter()
            .filter_map(|n| schema::property(root, root, n).map(|p| (n, p)))
            .map(|(n, p)| {
                let ph = placeholder(root, p);
                let left = if ph.is_empty() {
                    format!("--{n}")
                } else {
                    format!("--{n} {ph}")
                };
                let mut right = String::new();
                if required.contains(n) {
                    right.push_str("(required) ");
                }
                if let Some(d) = p.get("description").and_then(Value::as_str) {
                    right.push_str(d.trim());
                }
                if let Some(d) = p.get("default") {
                    let _ = write!(right, " [default: {d}]");
                }
                (left, right.trim_end().to_string())
            })
            .collect();
        let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0).min(40);
        for (l, r) in rows {
            if r.is_empty() {
                let _ = writeln!(out, "  {l}");
            } else {
                let _ = writeln!(out, "  {l:<width$}  {r}");
            }
        }
    }
    if let Some(c) = &def.category {
        let _ = writeln!(out, "\ncategory: {c}");
    }
    if !def.tags.is_empty() {
        let _ = writeln!(out, "tags: {}", def.tags.join(", "));
    }
    out.push_str("\nOutput goes to stdout (JSON tools: pipe to jq). Exit status: 0 ok, 1 failed or denied, 2 bad flags.\n");
    out
}

/// `help <tool> --json`: name, description, input_schema (and
/// output_schema when set).
pub fn tool_json(def: &ToolDef) -> String {
    let mut v =
        json!({"name": def.name, "description": def.description, "input_schema": def.input_schema});
    if let Some(o) = &def.output_schema {
        v["output_schema"] = o.clone();
    }
    format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
}

/// `help --list`: one line per tool, name and summary, aligned.
pub fn list<'a>(defs: impl IntoIterator<Item = &'a ToolDef>) -> String {
    let defs: Vec<&ToolDef> = defs.into_iter().collect();
    let width = defs.iter().map(|d| d.name.len()).max().unwrap_or(0).min(40);
    let mut out = String::new();
    for d in defs {
        let _ = writeln!(out, "{:<width$}  {}", d.name, d.summary());
    }
    out
}

/// `help` with no arguments: the commands and how to use them.
pub fn overview<'a>(defs: impl IntoIterator<Item = &'a ToolDef>) -> String {
    let defs: Vec<&ToolDef> = defs.into_iter().collect();
    let mut out = format!("{} tool command(s):\n", defs.len());
    for line in list(defs.iter().copied()).lines() {
        let _ = writeln!(out, "  {line}");
    }
    out.push_str(
        "\nUsage: <tool> --flag value ... (see 'help <tool>' or '<tool> --help').\n\
         'help --list' lists tools; 'help <tool> --json' prints a tool's schema;\n\
         'discover --search TEXT' finds tools; '<tool> --dry-run' validates without calling.\n\
         Tools print their result on stdout: pipe JSON to jq. Exit status 0 ok, 1 failed or denied,\n\
         2 bad flags or parameters, 127 unknown tool.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def() -> ToolDef {
        ToolDef::new("orders.list", "List orders.\nNewest first.").with_schema(json!({
            "type": "object",
            "required": ["customer"],
            "properties": {
                "customer": {"type": "string", "description": "Customer id."},
                "limit": {"type": "integer", "default": 10},
                "status": {"enum": ["open", "shipped"]},
                "verbose": {"type": "boolean"},
                "server": {"type": "object", "properties": {"host": {"type": "string"}}},
                "tags": {"type": "array", "items": {"type": "string"}}
            }
        }))
    }

    #[test]
    fn usage_line_marks_required_and_types() {
        assert_eq!(
            usage_line(&def()),
            "usage: orders.list --customer <string> [--limit <integer>] [--status <open|shipped>] [--verbose] [--server <json|key=value...>] [--tags <json|a,b,c>]"
        );
    }

    #[test]
    fn tool_usage_lists_flags_with_defaults() {
        let u = tool_usage(&def());
        assert!(
            u.starts_with("orders.list - List orders.\nNewest first.\n"),
            "{u}"
        );
        assert!(u.contains("  --customer <string>"), "{u}");
        assert!(u.contains("(required) Customer id."), "{u}");
        assert!(u.contains("[default: 10]"), "{u}");
    }

    #[test]
    fn list_aligns_names() {
        let a = ToolDef::new("a", "First.");
        let b = ToolDef::new("bbb", "Second.\nmore");
        assert_eq!(list([&a, &b]), "a    First.\nbbb  Second.\n");
    }
}
