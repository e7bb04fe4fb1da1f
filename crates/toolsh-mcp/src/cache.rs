//! Cached tool lists, so an upstream can be started on its first call
//! while `help` and `discover` list its tools from the start.
//!
//! Where: one JSON file per upstream, `<dir>/<name>-<fingerprint>.json`,
//! holding the `tools/list` result (the array of tools); `<dir>` is what
//! the host passes ([`crate::UpstreamOptions::tool_cache`]; `toolsh` uses
//! `$XDG_CACHE_HOME/toolsh/mcp-tools`, else `~/.cache/toolsh/mcp-tools`).
//! The fingerprint digests the server's name and transport (command,
//! arguments, environment, URL, headers), so changing any of them uses
//! another entry. When: written after every successful `tools/list` (each
//! connection lists once, and again after the server's
//! `notifications/tools/list_changed`), so a stale entry lasts at most
//! until the server is next used; a run that found the entry uses it as
//! is for its own tool set. An entry that cannot be read or parsed counts
//! as missing.

use std::path::{Path, PathBuf};

use rmcp::model::Tool;

use crate::spec::UpstreamSpec;

/// The most bytes of a cache entry read back (a bigger one is ignored).
const MAX_ENTRY_BYTES: u64 = 16 * 1024 * 1024;

/// The cache entry of `spec` under `dir`.
fn entry(dir: &Path, spec: &UpstreamSpec) -> PathBuf {
    dir.join(format!("{}-{}.json", spec.name, spec.fingerprint()))
}

/// The cached tools of `spec`, if any.
pub(crate) fn load(dir: &Path, spec: &UpstreamSpec) -> Option<Vec<Tool>> {
    let path = entry(dir, spec);
    let meta = std::fs::metadata(&path).ok()?;
    if meta.len() > MAX_ENTRY_BYTES {
        return None;
    }
    let text = std::fs::read(&path).ok()?;
    match serde_json::from_slice(&text) {
        Ok(tools) => Some(tools),
        Err(e) => {
            tracing::debug!(path = %path.display(), error = %e, "ignoring a broken tool cache entry");
            None
        }
    }
}

/// Write the tools of `spec` (atomically: a temporary file renamed over
/// the entry). Failures are logged, never fatal: the cache only saves a
/// connection.
pub(crate) fn store(dir: &Path, spec: &UpstreamSpec, tools: &[Tool]) {
    let path = entry(dir, spec);
    let result = (|| {
        std::fs::create_dir_all(dir)?;
        let tmp = dir.join(format!(".{}.{}.tmp", spec.name, std::process::id()));
        std::fs::write(
            &tmp,
            serde_json::to_vec(tools).map_err(std::io::Error::other)?,
        )?;
        std::fs::rename(&tmp, &path)
    })();
    if let Err(e) = result {
        tracing::debug!(path = %path.display(), error = %e, "cannot write the tool cache");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_list_loads_back_and_a_changed_spec_misses() {
        let dir = std::env::temp_dir().join(format!("toolsh-cache-test-{}", std::process::id()));
        let spec = UpstreamSpec::stdio("s", "true", Vec::new());
        assert!(load(&dir, &spec).is_none());
        let tool: Tool = serde_json::from_value(serde_json::json!({
            "name": "t", "inputSchema": {"type": "object"}
        }))
        .unwrap();
        store(&dir, &spec, std::slice::from_ref(&tool));
        let back = load(&dir, &spec).unwrap();
        assert_eq!(back[0].name, "t");
        let other = UpstreamSpec::stdio("s", "false", Vec::new());
        assert!(load(&dir, &other).is_none());
        std::fs::write(entry(&dir, &spec), b"{broken").unwrap();
        assert!(load(&dir, &spec).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
