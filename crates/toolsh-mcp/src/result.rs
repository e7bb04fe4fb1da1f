//! A `tools/call` result as the script sees it (MCP specification, server
//! features, tools, tool result): structured content is the JSON on
//! stdout; otherwise each content block in order, text as it is and every
//! other block as a one-line placeholder; a result with `isError: true` is
//! the server's own text, meant for the model to read, on stderr.

use rmcp::model::{CallToolResult, ContentBlock, ResourceContents};
use serde_json::Value;

/// The most bytes of an upstream's `isError` text shown to the script;
/// longer text is cut at a character boundary with a note of how much
/// was left out.
pub const MAX_TOOL_ERROR_BYTES: usize = 4096;

/// What a call result is for the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallResult {
    /// A result: the text for stdout.
    Output(String),
    /// `isError: true`: the server's text (cleaned and bounded, see
    /// [`tool_error_text`]), for stderr as `<server>.<tool>: <text>`.
    ToolError(String),
}

/// Turn a `tools/call` result into stdout text or the server's error text.
/// Structured content wins over content (the specification has servers
/// repeat it as text for older clients). An image or audio block becomes
/// `[image image/png, 95 bytes]`, an embedded resource `[resource URI
/// text/plain, 12 bytes]`, a resource link `[resource link URI
/// MIME, N bytes]` (parts the server left out are left out), sizes
/// being the decoded content's.
pub fn render_result(result: &CallToolResult) -> CallResult {
    if result.is_error == Some(true) {
        let text = content_text(&result.content);
        let text = if text.is_empty() {
            result.structured_content.as_ref().map_or_else(
                || "the tool reported an error".to_string(),
                Value::to_string,
            )
        } else {
            text
        };
        return CallResult::ToolError(tool_error_text(&text));
    }
    if let Some(v) = &result.structured_content {
        return CallResult::Output(v.to_string());
    }
    CallResult::Output(content_text(&result.content))
}

/// Every block as a line (text blocks as they are), newline-separated.
fn content_text(content: &[ContentBlock]) -> String {
    content
        .iter()
        .map(block_text)
        .collect::<Vec<_>>()
        .join("\n")
}

fn block_text(block: &ContentBlock) -> String {
    match block {
        ContentBlock::Text(t) => t.text.clone(),
        ContentBlock::Image(i) => {
            placeholder("image", None, Some(&i.mime_type), base64_size(&i.data))
        }
        ContentBlock::Audio(a) => {
            placeholder("audio", None, Some(&a.mime_type), base64_size(&a.data))
        }
        ContentBlock::Resource(r) => match &r.resource {
            ResourceContents::TextResourceContents {
                uri,
                mime_type,
                text,
                ..
            } => placeholder(
                "resource",
                Some(uri),
                mime_type.as_deref(),
                Some(text.len()),
            ),
            ResourceContents::BlobResourceContents {
                uri,
                mime_type,
                blob,
                ..
            } => placeholder(
                "resource",
                Some(uri),
                mime_type.as_deref(),
                base64_size(blob),
            ),
            other => placeholder(
                "resource",
                None,
                None,
                serde_json::to_string(other).ok().map(|s| s.len()),
            ),
        },
        ContentBlock::ResourceLink(l) => placeholder(
            "resource link",
            Some(&l.uri),
            l.mime_type.as_deref(),
            l.size.and_then(|s| usize::try_from(s).ok()),
        ),
        other => placeholder(
            "content",
            None,
            None,
            serde_json::to_string(other).ok().map(|s| s.len()),
        ),
    }
}

/// `[KIND URI MIME, N bytes]` without the parts that are `None`. The URI
/// is cut at 200 characters and loses control characters.
fn placeholder(kind: &str, uri: Option<&str>, mime: Option<&str>, size: Option<usize>) -> String {
    let mut s = format!("[{kind}");
    for part in [uri, mime].into_iter().flatten() {
        s.push(' ');
        s.extend(part.chars().filter(|c| !c.is_control()).take(200));
    }
    if let Some(n) = size {
        s.push_str(&format!(", {n} bytes"));
    }
    s.push(']');
    s
}

/// The decoded size of base64 text (padding and whitespace ignored).
fn base64_size(data: &str) -> Option<usize> {
    let digits = data
        .bytes()
        .filter(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_'))
        .count();
    Some(digits / 4 * 3 + (digits % 4).saturating_sub(1))
}

/// An upstream's error text made safe for a terminal and bounded: control
/// characters other than newline and tab are dropped (no escape sequences
/// reach the user's terminal), trailing whitespace trimmed, and text past
/// [`MAX_TOOL_ERROR_BYTES`] cut with `... (N more bytes)`.
pub fn tool_error_text(text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect();
    let clean = clean.trim_end();
    if clean.len() <= MAX_TOOL_ERROR_BYTES {
        return clean.to_string();
    }
    let mut cut = MAX_TOOL_ERROR_BYTES;
    while !clean.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}... ({} more bytes)", &clean[..cut], clean.len() - cut)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::Resource;

    #[test]
    fn blocks_become_text_and_placeholders() {
        let r = CallToolResult::success(vec![
            ContentBlock::text("hello"),
            ContentBlock::image("aGVsbG8=", "image/png"),
            ContentBlock::resource(ResourceContents::text("abc", "file:///a.txt")),
        ]);
        assert_eq!(
            render_result(&r),
            CallResult::Output(
                "hello\n[image image/png, 5 bytes]\n[resource file:///a.txt text/plain, 3 bytes]"
                    .into()
            )
        );
        let link = ContentBlock::resource_link(Resource::new("file:///b", "b"));
        assert_eq!(block_text(&link), "[resource link file:///b]");
    }

    #[test]
    fn an_error_result_is_the_servers_text_cleaned_and_bounded() {
        let r = CallToolResult::error(vec![ContentBlock::text(
            "Access denied - path outside allowed directories\x1b[31m\n",
        )]);
        assert_eq!(
            render_result(&r),
            CallResult::ToolError("Access denied - path outside allowed directories[31m".into())
        );
        let long = "é".repeat(3000);
        let t = tool_error_text(&long);
        assert!(
            t.ends_with("... (1904 more bytes)"),
            "{}",
            &t[t.len() - 30..]
        );
    }

    #[test]
    fn structured_content_is_the_json() {
        let r = CallToolResult::structured(serde_json::json!({"sum": 3}));
        assert_eq!(render_result(&r), CallResult::Output(r#"{"sum":3}"#.into()));
    }
}
