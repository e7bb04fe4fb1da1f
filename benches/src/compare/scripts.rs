//! The comparison scripts: `benches/scripts/<category>/<name>.sh`, loaded
//! in a fixed category order. `tool_calls/tools.bash` holds the bash
//! definitions of the tools; it is prepended to each `tool_calls` script
//! and `agent` script for bash only (toolsh and bashkit register the
//! tools as commands).

use std::io;
use std::path::{Path, PathBuf};

/// The categories, in report order: (directory, display name).
pub const CATEGORIES: [(&str, &str); 12] = [
    ("startup", "startup"),
    ("variables", "variables"),
    ("arithmetic", "arithmetic"),
    ("control_flow", "control flow"),
    ("strings", "strings"),
    ("arrays", "arrays"),
    ("pipelines", "pipelines"),
    ("jq", "jq"),
    ("awk_sed_grep", "awk/sed/grep"),
    ("tool_calls", "tool calls"),
    ("agent", "agent-sized"),
    ("large_data", "large data"),
];

/// One script.
#[derive(Debug, Clone)]
pub struct Script {
    /// Index into [`CATEGORIES`].
    pub category: usize,
    /// File stem (`echo_hi`).
    pub name: String,
    /// The script text toolsh and bashkit run.
    pub text: String,
    /// The file bash runs (the text, after the tool functions for
    /// `tool_calls`).
    pub bash_file: PathBuf,
    /// Whether the tools must be registered (the `tool_calls` and `agent`
    /// categories).
    pub uses_tools: bool,
}

impl Script {
    /// `category/name`.
    pub fn id(&self) -> String {
        format!("{}/{}", CATEGORIES[self.category].0, self.name)
    }

    /// The category's display name.
    pub fn category_name(&self) -> &'static str {
        CATEGORIES[self.category].1
    }
}

/// The scripts directory of the repository.
pub fn scripts_dir() -> PathBuf {
    crate::repo_root().join("benches/scripts")
}

/// Load every script under `dir`, writing bash's copies to `bash_dir`.
/// Categories follow [`CATEGORIES`]; scripts within one are sorted by
/// name. `filter`, when given, keeps the scripts whose `category/name`
/// contains it, or any of its comma-separated parts.
pub fn load(dir: &Path, bash_dir: &Path, filter: Option<&str>) -> io::Result<Vec<Script>> {
    std::fs::create_dir_all(bash_dir)?;
    let prelude = std::fs::read_to_string(dir.join("tool_calls/tools.bash"))?;
    let mut out = Vec::new();
    for (category, (cat_dir, _)) in CATEGORIES.iter().enumerate() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(cat_dir))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "sh"))
            .collect();
        files.sort();
        for path in files {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let id = format!("{cat_dir}/{name}");
            if let Some(f) = filter
                && !f.split(',').any(|part| id.contains(part))
            {
                continue;
            }
            let text = std::fs::read_to_string(&path)?;
            let uses_tools = matches!(*cat_dir, "tool_calls" | "agent");
            let bash_text = if uses_tools {
                format!("{prelude}{text}")
            } else {
                text.clone()
            };
            let bash_file = bash_dir.join(format!("{cat_dir}__{name}.sh"));
            std::fs::write(&bash_file, bash_text)?;
            out.push(Script {
                category,
                name,
                text,
                bash_file,
                uses_tools,
            });
        }
    }
    Ok(out)
}
