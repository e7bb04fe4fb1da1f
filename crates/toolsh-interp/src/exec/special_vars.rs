//! The dynamic special variables, computed when read (bash manual 5.2
//! "Bash Variables"): `RANDOM`, `SRANDOM`, `LINENO`, `SECONDS`,
//! `EPOCHSECONDS`, `EPOCHREALTIME`, `BASH_COMMAND`, `FUNCNAME`, `BASH_SOURCE`, `PIPESTATUS`
//! and the others [`Interp::get_scalar`] and [`Interp::special_array`]
//! consult before the variable table.

use super::Interp;

impl Interp {
    /// Dynamic special variables.
    pub(super) fn special_scalar(&mut self, name: &str) -> Option<String> {
        if !maybe_special(name) {
            return None;
        }
        Some(match name {
            "RANDOM" if !self.st.random_unset => self.st.next_random().to_string(),
            "SRANDOM" if !self.st.srandom_unset => self.st.next_random32().to_string(),
            "BASH_COMMAND" => self.bash_command()?,
            // Without a subscript, element 0 (bash manual 3.4).
            "BASH_LINENO" | "BASH_SOURCE" => self.special_array(name)?.into_iter().next()?,
            "_" => self.st.last_arg.clone(),
            "SHELLOPTS" => {
                let mut v: Vec<&str> = Vec::new();
                for n in crate::state::options::SET_O_NAMES {
                    if self.st.opts.get_o(n) == Some(true) {
                        v.push(n);
                    }
                }
                v.join(":")
            }
            "BASHOPTS" => {
                let mut v: Vec<&str> = Vec::new();
                for n in crate::state::options::SHOPT_NAMES {
                    if self.st.opts.get_shopt(n) == Some(true) {
                        v.push(n);
                    }
                }
                v.join(":")
            }
            "LINENO" => self.st.lineno.to_string(),
            "SECONDS" => self.sh.started.elapsed().as_secs().to_string(),
            "BASHPID" => self.st.pid.to_string(),
            "BASH_SUBSHELL" => self.st.subshell.to_string(),
            "EPOCHSECONDS" => self
                .sh
                .now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
                .to_string(),
            // Seconds and microseconds since the epoch, `.`-separated
            // (bash prints the locale's decimal point; toolsh's locales
            // all use `.`).
            "EPOCHREALTIME" => {
                let d = self
                    .sh
                    .now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default();
                format!("{}.{:06}", d.as_secs(), d.subsec_micros())
            }
            "FUNCNAME" => self.st.frames.last()?.name.clone(),
            "PIPESTATUS" => self.st.pipestatus.first()?.to_string(),
            _ => return None,
        })
    }

    /// `$BASH_COMMAND`: the command being executed (or, in a trap, the
    /// one that triggered it) much as bash prints it: the canonical form of
    /// its source text (`echo   "a"` is `echo "a"`; bash also spaces
    /// redirections, `> /dev/null`, which we print `>/dev/null`) without
    /// comments, and an arithmetic command's text as written.
    pub(super) fn bash_command(&self) -> Option<String> {
        let (src, span) = self.st.command.as_ref()?;
        let text = src.get(span.start as usize..span.end as usize)?;
        if text.starts_with("((") {
            // bash keeps an arithmetic command's text as written.
            return Some(text.to_string());
        }
        Some(
            match toolsh_parser::parse_with_limits(text, &self.sh.limits.parse_limits()) {
                Ok(mut script) => {
                    // A comment after the command is not part of it
                    // (`false # why` is `false`).
                    script.comments.clear();
                    one_line_subshell(toolsh_parser::print(&script).trim_end())
                }
                Err(_) => text.to_string(),
            },
        )
    }

    /// Array view of special arrays (`FUNCNAME`, `PIPESTATUS`), if `name`
    /// is one.
    pub fn special_array(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "PIPESTATUS" => Some(self.st.pipestatus.iter().map(ToString::to_string).collect()),
            "FUNCNAME" => {
                if self.st.frames.is_empty() {
                    return None;
                }
                let mut v: Vec<String> = self
                    .st
                    .frames
                    .iter()
                    .rev()
                    .map(|f| f.name.clone())
                    .collect();
                // `bash -c` has no `main` frame for the command string.
                if !self.sh.command_string {
                    v.push("main".to_string());
                }
                Some(v)
            }
            "BASH_LINENO" => {
                let mut v: Vec<String> = self
                    .st
                    .frames
                    .iter()
                    .rev()
                    .map(|f| f.call_line.to_string())
                    .collect();
                // `bash -c` has no entry for the command string itself.
                if !self.sh.command_string {
                    v.push("0".to_string());
                }
                Some(v)
            }
            "BASH_SOURCE" => {
                // One entry per call frame and one for the script: its
                // file name (`$0` of a script file). Under `bash -c` the
                // command string has none and functions defined in it
                // show `environment` (bash 5.2). Sourced files are not
                // told apart.
                let (name, extra) = if self.sh.command_string {
                    ("environment", 0)
                } else {
                    (self.st.arg0.as_str(), 1)
                };
                Some(vec![name.to_string(); self.st.frames.len() + extra])
            }
            _ => None,
        }
    }
}

/// `true` when `name` may be one of the dynamic variables that
/// [`Interp::get_scalar`] computes (all start with one of these letters).
pub(super) fn maybe_special(name: &str) -> bool {
    matches!(
        name.as_bytes().first(),
        Some(b'R' | b'L' | b'S' | b'B' | b'E' | b'F' | b'P' | b'_')
    )
}

/// A subshell as bash prints it in `$BASH_COMMAND`, on one line
/// (`( exit 3 )`, `( a; b )`), from the canonical printer's layout of
/// `(`, the indented commands, `)`; any other text unchanged.
fn one_line_subshell(printed: &str) -> String {
    let lines: Vec<&str> = printed.lines().collect();
    match lines.as_slice() {
        ["(", body @ .., ")"] if !body.is_empty() => {
            let body: Vec<&str> = body.iter().map(|l| l.trim()).collect();
            format!("( {} )", body.join("; "))
        }
        _ => printed.to_string(),
    }
}
