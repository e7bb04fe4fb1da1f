//! The `discover` command: find tools by category, tag or text.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::def::ToolDef;
use crate::help;

/// Usage text of `discover`.
pub const DISCOVER_USAGE: &str =
    "usage: discover --categories | --category NAME | --tag TAG | --search TEXT [--json]\n";

/// What `discover` was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Query {
    Categories,
    Category(String),
    Tag(String),
    Search(String),
}

/// Run `discover` over `defs` with arguments `args` (after the name).
/// Returns (exit status, stdout, stderr).
pub fn run(defs: &[&ToolDef], args: &[String]) -> (i32, String, String) {
    let mut json_out = false;
    let mut query = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) => (f, Some(v.to_string())),
            None => (a.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| it.next().cloned());
        let q = match flag {
            "--json" => {
                json_out = true;
                continue;
            }
            "--categories" => Query::Categories,
            "--category" => match value() {
                Some(v) => Query::Category(v),
                None => return usage("--category needs a value"),
            },
            "--tag" => match value() {
                Some(v) => Query::Tag(v),
                None => return usage("--tag needs a value"),
            },
            "--search" => match value() {
                Some(v) => Query::Search(v),
                None => return usage("--search needs a value"),
            },
            "--help" => return (0, DISCOVER_USAGE.to_string(), String::new()),
            other => return usage(&format!("unknown argument '{other}'")),
        };
        if query.replace(q).is_some() {
            return usage("give one of --categories, --category, --tag, --search");
        }
    }
    let Some(query) = query else {
        return usage("nothing to discover");
    };
    let out = match query {
        Query::Categories => categories(defs, json_out),
        Query::Category(c) => tools(
            defs.iter()
                .copied()
                .filter(|d| d.category.as_deref() == Some(c.as_str())),
            json_out,
        ),
        Query::Tag(t) => tools(
            defs.iter()
                .copied()
                .filter(|d| d.tags.iter().any(|x| x == &t)),
            json_out,
        ),
        Query::Search(text) => tools(search(defs, &text), json_out),
    };
    (0, out, String::new())
}

fn usage(msg: &str) -> (i32, String, String) {
    (
        2,
        String::new(),
        format!("discover: {msg}\n{DISCOVER_USAGE}"),
    )
}

fn categories(defs: &[&ToolDef], json_out: bool) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for d in defs {
        *counts
            .entry(d.category.as_deref().unwrap_or("uncategorized"))
            .or_default() += 1;
    }
    if json_out {
        let v: Vec<Value> = counts
            .iter()
            .map(|(c, n)| json!({"category": c, "count": n}))
            .collect();
        return format!("{}\n", Value::Array(v));
    }
    let mut out = String::new();
    for (c, n) in &counts {
        let _ = writeln!(out, "{c} ({n})");
    }
    out
}

fn tools<'a>(found: impl IntoIterator<Item = &'a ToolDef>, json_out: bool) -> String {
    let found: Vec<&ToolDef> = found.into_iter().collect();
    if json_out {
        let v: Vec<Value> = found
            .iter()
            .map(|d| json!({"name": d.name, "description": d.summary(), "category": d.category, "tags": d.tags}))
            .collect();
        return format!("{}\n", Value::Array(v));
    }
    help::list(found)
}

/// Tools matching every word of `text` (case-insensitive) in their name,
/// description or tags, ranked by where the words matched: name first,
/// then description, then tags; ties by name.
pub fn search<'a>(defs: &[&'a ToolDef], text: &str) -> Vec<&'a ToolDef> {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let mut scored: Vec<(u32, &ToolDef)> = defs
        .iter()
        .filter_map(|d| {
            let name = d.name.to_lowercase();
            let desc = d.description.to_lowercase();
            let tags: Vec<String> = d.tags.iter().map(|t| t.to_lowercase()).collect();
            let mut score = 0;
            for w in &words {
                let s = if name.contains(w.as_str()) {
                    100
                } else if desc.contains(w.as_str()) {
                    10
                } else if tags.iter().any(|t| t.contains(w.as_str())) {
                    1
                } else {
                    return None;
                };
                score += s;
            }
            Some((score, *d))
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
    scored.into_iter().map(|(_, d)| d).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs() -> Vec<ToolDef> {
        vec![
            ToolDef::new("orders.list", "List orders.")
                .with_category("orders")
                .with_tags(["read"]),
            ToolDef::new("invoice.get", "Fetch an invoice for orders.").with_category("billing"),
            ToolDef::new("ship.quote", "Quote shipping.")
                .with_category("orders")
                .with_tags(["orders-adjacent"]),
        ]
    }

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn search_ranks_name_then_description_then_tags() {
        let d = defs();
        let refs: Vec<&ToolDef> = d.iter().collect();
        let names: Vec<&str> = search(&refs, "orders")
            .iter()
            .map(|d| d.name.as_str())
            .collect();
        assert_eq!(names, ["orders.list", "invoice.get", "ship.quote"]);
    }

    #[test]
    fn categories_and_filters() {
        let d = defs();
        let refs: Vec<&ToolDef> = d.iter().collect();
        assert_eq!(
            run(&refs, &args(&["--categories"])).1,
            "billing (1)\norders (2)\n"
        );
        assert_eq!(
            run(&refs, &args(&["--category", "billing"])).1,
            "invoice.get  Fetch an invoice for orders.\n"
        );
        let (code, out, _) = run(&refs, &args(&["--tag=read", "--json"]));
        assert_eq!(code, 0);
        assert_eq!(
            out,
            "[{\"name\":\"orders.list\",\"description\":\"List orders.\",\"category\":\"orders\",\"tags\":[\"read\"]}]\n"
        );
    }

    #[test]
    fn usage_errors_exit_2() {
        let d = defs();
        let refs: Vec<&ToolDef> = d.iter().collect();
        assert_eq!(run(&refs, &[]).0, 2);
        assert_eq!(run(&refs, &args(&["--search"])).0, 2);
        assert_eq!(run(&refs, &args(&["--bogus"])).0, 2);
    }
}
