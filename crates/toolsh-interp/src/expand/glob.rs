//! Pathname expansion (bash manual 3.5.8) through the file-system backend:
//! each `/`-separated component with pattern characters is matched against
//! a directory listing; hidden names need a leading `.` unless `dotglob`.

use crate::exec::{Interp, R};
use crate::pattern::{Pattern, PatternOptions, has_meta};

/// Split pattern text at unescaped slashes.
fn components(pat: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = pat.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let last = out.last_mut().expect("one component");
                last.push('\\');
                if let Some(n) = chars.next() {
                    last.push(n);
                }
            }
            '/' => out.push(String::new()),
            _ => out.last_mut().expect("one component").push(c),
        }
    }
    out
}

/// Remove backslash escapes.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

impl Interp {
    /// Expand pattern text into matching paths, sorted; empty when none.
    pub async fn glob(&mut self, pat: &str) -> R<Vec<String>> {
        let comps = components(pat);
        let absolute = pat.starts_with('/');
        let opts = PatternOptions {
            extglob: true,
            nocase: self.st.opts.nocaseglob,
        };
        // (display prefix, absolute directory)
        let mut cands: Vec<(String, String)> = vec![if absolute {
            (String::new(), "/".to_string())
        } else {
            (String::new(), self.st.cwd.clone())
        }];
        let comps: Vec<&String> = if absolute {
            comps.iter().skip(1).collect()
        } else {
            comps.iter().collect()
        };
        let n = comps.len();
        let fs = self.sh.fs.clone();
        for (i, comp) in comps.into_iter().enumerate() {
            let last = i + 1 == n;
            let mut next = Vec::new();
            for (shown, dir) in &cands {
                let sep = if shown.is_empty() {
                    if absolute { "/" } else { "" }
                } else if shown.ends_with('/') {
                    ""
                } else {
                    "/"
                };
                if comp.is_empty() {
                    // `a//b` or a trailing slash: keep directories only.
                    next.push((format!("{shown}/"), dir.clone()));
                    continue;
                }
                if !has_meta(comp, true) {
                    let name = unescape(comp);
                    let path = crate::fs::normalize_path(dir, &name);
                    next.push((format!("{shown}{sep}{name}"), path));
                    continue;
                }
                let Ok(p) = Pattern::new(comp, opts) else {
                    continue;
                };
                let Ok(entries) = fs.read_dir(dir).await else {
                    continue;
                };
                let dot_ok = self.st.opts.dotglob || p.starts_with_dot();
                for e in entries {
                    if e.name.starts_with('.') && !dot_ok {
                        continue;
                    }
                    if (e.name == "." || e.name == "..") && self.st.opts.globskipdots {
                        continue;
                    }
                    if !last && e.file_type != crate::fs::FileType::Dir {
                        let path = crate::fs::normalize_path(dir, &e.name);
                        if !fs.metadata(&path).await.is_ok_and(|m| m.is_dir()) {
                            continue;
                        }
                    }
                    if p.matches(&e.name) {
                        let path = crate::fs::normalize_path(dir, &e.name);
                        next.push((format!("{shown}{sep}{}", e.name), path));
                    }
                }
            }
            cands = next;
            if cands.is_empty() {
                break;
            }
            self.checkpoint()?;
        }
        let mut out = Vec::new();
        for (shown, path) in cands {
            if fs.symlink_metadata(&path).await.is_ok() || fs.metadata(&path).await.is_ok() {
                out.push(shown);
            }
        }
        out.sort();
        Ok(out)
    }
}
