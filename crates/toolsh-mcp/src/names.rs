//! The command names of an upstream's tools.
//!
//! The rule: a tool `T` of server `S` is the command `S.T`. MCP allows
//! tool names that are no shell word (`get weather/now`, `über`, 128
//! characters plus the prefix), so each character outside `A-Z a-z 0-9 _
//! . -` becomes `_`, an empty name becomes `_`, the whole is cut to 128
//! bytes. A tool whose own name is a valid command keeps it; when a
//! changed name would take a command already given, it gets `-2`, `-3`,
//! ... appended (in the server's order).
//! Because every command has its server's prefix, no upstream tool can
//! shadow a shell builtin, a utility, `help` or `discover` (`S` itself is
//! refused when it contains a `.`, and `help.x` is not `help`). The call
//! always sends the original name, and when it differs from the command,
//! the tool's description (what `help` and `discover` show) names it. An
//! original that is a valid command is always its own command, so there is
//! no separate alias to register.

use std::collections::HashSet;

/// The longest command name the registry takes, in bytes.
const MAX_COMMAND_BYTES: usize = 128;

/// The command of each of `tools` (the server's order) under `server`.
pub(crate) fn command_names<'a>(
    server: &str,
    tools: impl IntoIterator<Item = &'a str>,
) -> Vec<String> {
    let bases: Vec<(String, bool)> = tools
        .into_iter()
        .map(|t| {
            let own = format!("{server}.{t}");
            let base = truncate(format!("{server}.{}", command_safe(t)), 0);
            let kept = base == own;
            (base, kept)
        })
        .collect();
    // Names kept as they are first, so a changed name never takes one.
    let mut taken: HashSet<String> = bases
        .iter()
        .filter(|(_, kept)| *kept)
        .map(|(b, _)| b.clone())
        .collect();
    bases
        .into_iter()
        .map(|(base, kept)| {
            if kept {
                return base;
            }
            let mut name = base.clone();
            let mut n = 2usize;
            while !taken.insert(name.clone()) {
                let suffix = format!("-{n}");
                name = format!("{}{suffix}", truncate(base.clone(), suffix.len()));
                n += 1;
            }
            name
        })
        .collect()
}

/// `name` cut to leave `reserve` bytes under the limit (names are ASCII).
fn truncate(mut name: String, reserve: usize) -> String {
    name.truncate(MAX_COMMAND_BYTES.saturating_sub(reserve));
    name
}

fn command_safe(name: &str) -> String {
    if name.is_empty() {
        return "_".into();
    }
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The note added to a description when the command differs from the
/// original tool name.
pub(crate) fn original_name_note(command: &str, server: &str, original: &str) -> Option<String> {
    (command != format!("{server}.{original}"))
        .then(|| format!("(MCP tool name: {original:?}; command {command})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_usable_and_unique() {
        let names = command_names(
            "s",
            ["get weather/now", "get_weather_now", "", "ok.v2", "über"],
        );
        assert_eq!(
            names,
            [
                "s.get_weather_now-2",
                "s.get_weather_now",
                "s._",
                "s.ok.v2",
                "s._ber"
            ]
        );
        let long = "x".repeat(200);
        let names = command_names("s", [long.as_str(), long.as_str()]);
        assert_eq!(names[0].len(), 128);
        assert_eq!(names[1].len(), 128);
        assert!(names[1].ends_with("-2"));
        for n in &names {
            assert!(toolsh_tools::is_valid_tool_name(n), "{n}");
        }
    }

    #[test]
    fn the_note_names_the_original_only_when_it_differs() {
        assert_eq!(original_name_note("s.a", "s", "a"), None);
        assert_eq!(
            original_name_note("s.a_b", "s", "a b").as_deref(),
            Some("(MCP tool name: \"a b\"; command s.a_b)")
        );
    }
}
