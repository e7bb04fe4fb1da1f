//! Prompt expansion for `${x@P}` (bash manual 6.9 "Controlling the
//! Prompt"): the backslash escapes are decoded, then the text is expanded
//! as a here-document body is (parameters, command substitution,
//! arithmetic; `promptvars` is on in bash by default).

use crate::exec::{Interp, R};

impl Interp {
    /// `s` expanded as a prompt string. A syntax error inside a
    /// substitution is reported and the value is empty, as in bash.
    pub(crate) async fn expand_prompt(&mut self, s: &str) -> R<String> {
        let decoded = self.decode_prompt(s);
        if !decoded.contains(['$', '`', '\\']) {
            return Ok(decoded);
        }
        let limits = self.sh.limits.parse_limits();
        match toolsh_parser::parse_expandable_text(&decoded, &limits) {
            Ok(word) => self.expand_heredoc(&word).await,
            Err(e) => {
                self.error(&e.message).await?;
                Ok(String::new())
            }
        }
    }

    /// The prompt escapes of `s` decoded (bash's `decode_prompt_string`).
    /// The sandbox's user, host and shell are those its variables name;
    /// escapes for times, jobs and history are kept as written.
    fn decode_prompt(&mut self, s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let Some(e) = chars.next() else {
                out.push('\\');
                break;
            };
            match e {
                'a' => out.push('\x07'),
                'e' => out.push('\x1b'),
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                '\\' => out.push('\\'),
                '[' => out.push('\x01'),
                ']' => out.push('\x02'),
                's' => out.push_str("bash"),
                'v' => out.push_str("5.2"),
                'V' => out.push_str("5.2.15"),
                'u' => out.push_str(&self.get_scalar("USER").unwrap_or_default()),
                'h' => {
                    let host = self.get_scalar("HOSTNAME").unwrap_or_default();
                    out.push_str(host.split('.').next().unwrap_or(""));
                }
                'H' => out.push_str(&self.get_scalar("HOSTNAME").unwrap_or_default()),
                'w' | 'W' => {
                    let pwd = self.get_scalar("PWD").unwrap_or_default();
                    let home = self.get_scalar("HOME").unwrap_or_default();
                    let shown = if !home.is_empty() && pwd == home {
                        "~".to_string()
                    } else if e == 'W' {
                        pwd.rsplit('/')
                            .next()
                            .filter(|b| !b.is_empty())
                            .unwrap_or("/")
                            .to_string()
                    } else if !home.is_empty() && pwd.starts_with(&format!("{home}/")) {
                        format!("~{}", &pwd[home.len()..])
                    } else {
                        pwd
                    };
                    out.push_str(&shown);
                }
                '0'..='7' => {
                    let mut v = e as u32 - '0' as u32;
                    for _ in 0..2 {
                        match chars.peek() {
                            Some(d @ '0'..='7') => {
                                v = v * 8 + (*d as u32 - '0' as u32);
                                chars.next();
                            }
                            _ => break,
                        }
                    }
                    out.push(char::from((v & 0xff) as u8));
                }
                other => {
                    out.push('\\');
                    out.push(other);
                }
            }
        }
        out
    }
}
