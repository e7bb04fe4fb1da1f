//! Fenced code blocks in an LLM response: ```bash and ```sh blocks are
//! scripts; other languages are ignored; an unterminated fence runs to the
//! end of the response (models get cut off mid-block).

/// A script found in a response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FencedBlock {
    /// The info string's language (`bash` or `sh`).
    pub lang: String,
    /// The script.
    pub script: String,
    /// `false` when the closing fence was missing.
    pub terminated: bool,
}

/// Every ```bash / ```sh / ```shell block, in order. Fences are three or
/// more backticks or tildes at the start of a line (up to three spaces of
/// indentation); the closing fence uses the same character, at least as
/// many, and nothing else on its line (CommonMark's rules).
pub fn extract_blocks(response: &str) -> Vec<FencedBlock> {
    let mut out = Vec::new();
    let mut lines = response.lines();
    while let Some(line) = lines.next() {
        let Some((ch, len, info)) = opening_fence(line) else {
            continue;
        };
        let lang = info
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let mut body = Vec::new();
        let mut terminated = false;
        for l in lines.by_ref() {
            if is_closing_fence(l, ch, len) {
                terminated = true;
                break;
            }
            body.push(l);
        }
        if matches!(lang.as_str(), "bash" | "sh" | "shell") {
            let mut script = body.join("\n");
            if !script.is_empty() {
                script.push('\n');
            }
            out.push(FencedBlock {
                lang,
                script,
                terminated,
            });
        }
    }
    out
}

fn opening_fence(line: &str) -> Option<(char, usize, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let ch = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = rest.chars().take_while(|c| *c == ch).count();
    if len < 3 {
        return None;
    }
    let info = rest[len..].trim();
    if ch == '`' && info.contains('`') {
        return None;
    }
    Some((ch, len, info))
}

fn is_closing_fence(line: &str, ch: char, len: usize) -> bool {
    let t = line.trim_start_matches(' ');
    if line.len() - t.len() > 3 {
        return false;
    }
    let n = t.chars().take_while(|c| *c == ch).count();
    n >= len && t[n..].trim().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_blocks_other_languages_and_unterminated() {
        let r = "Let me check.\n```bash\necho one\n```\nThen python:\n```python\nprint(1)\n```\n~~~sh\necho two\n~~~\n```bash\necho cut off";
        let b = extract_blocks(r);
        assert_eq!(b.len(), 3);
        assert_eq!(b[0].script, "echo one\n");
        assert_eq!(b[1].script, "echo two\n");
        assert!(b[1].terminated);
        assert_eq!(b[2].script, "echo cut off\n");
        assert!(!b[2].terminated);
    }

    #[test]
    fn fences_need_matching_length_and_no_trailing_text() {
        let r = "````bash\n```\nstill inside\n````\n";
        let b = extract_blocks(r);
        assert_eq!(b[0].script, "```\nstill inside\n");
        assert!(extract_blocks("no code here").is_empty());
        assert!(extract_blocks("``bash\nx\n``").is_empty());
        assert!(extract_blocks("    ```bash\nindented code\n```").is_empty());
        let b = extract_blocks("```Bash extra info\necho a\n```   \n");
        assert_eq!(b[0].lang, "bash");
        assert!(b[0].terminated);
    }

    #[test]
    fn empty_block() {
        let b = extract_blocks("```bash\n```\n");
        assert_eq!(b[0].script, "");
    }
}
