//! The system prompt and tool description generated for an LLM.

use std::fmt::Write as _;

use crate::def::ToolDef;
use crate::help;
use crate::locale::{Locale, Text};
use toolsh_interp::Profile;

/// What the prompt says of files under `profile`.
fn files_text(profile: Profile) -> Text {
    if profile.allows_files() {
        Text::InMemoryFileSystem
    } else {
        Text::NoFileSystem
    }
}

/// The markdown system prompt: title, intro, what scripts have for files
/// under `profile` (none in `LogicOnly`; an empty in-memory file system in
/// `Sandbox`), the commands (usage line, description and input and output
/// schemas; one line each when `compact`), tips.
pub fn system_prompt(
    name: &str,
    short: Option<&str>,
    defs: &[&ToolDef],
    compact: bool,
    locale: Locale,
    profile: Profile,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {name}\n");
    if let Some(s) = short {
        let _ = writeln!(out, "{s}\n");
    }
    let _ = writeln!(
        out,
        "{} {}\n",
        locale.text(Text::Intro),
        locale.text(files_text(profile))
    );
    let _ = writeln!(out, "## {}\n", locale.text(Text::Commands));
    for d in defs {
        if compact {
            let _ = writeln!(
                out,
                "- `{}`: {}",
                help::usage_line(d).trim_start_matches("usage: "),
                d.summary()
            );
        } else {
            let _ = writeln!(out, "### {}\n", d.name);
            let _ = writeln!(out, "{}\n", d.description.trim());
            let _ = writeln!(out, "```\n{}\n```", help::usage_line(d));
            if d.input_schema.as_object().is_some_and(|o| !o.is_empty()) {
                let _ = writeln!(
                    out,
                    "\nInput schema:\n```json\n{}\n```",
                    serde_json::to_string(&d.input_schema).unwrap_or_default()
                );
            }
            if let Some(o) = &d.output_schema {
                let _ = writeln!(
                    out,
                    "\nOutput schema:\n```json\n{}\n```",
                    serde_json::to_string(o).unwrap_or_default()
                );
            }
            out.push('\n');
        }
    }
    if compact {
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "## {}\n\n{}",
        locale.text(Text::Tips),
        locale.text(Text::TipList)
    );
    out
}

/// A tool description: the short description (or the default), what the
/// sandbox lacks (no file system: the `LogicOnly` profile) and a one-line
/// list of the commands.
pub fn tool_description(short: Option<&str>, defs: &[&ToolDef], locale: Locale) -> String {
    let mut out = short
        .unwrap_or_else(|| locale.text(Text::DefaultDescription))
        .to_string();
    let _ = write!(out, " {}", locale.text(Text::NoFileSystem));
    if !defs.is_empty() {
        let names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
        let _ = write!(
            out,
            " {}: {}. `help` lists them; `help <tool>` shows flags.",
            locale.text(Text::ToolsLabel),
            names.join(", ")
        );
    }
    out
}
