//! Pathname expansion (bash manual 3.5.8) through the file-system backend:
//! each `/`-separated component with pattern characters is matched against
//! a directory listing; hidden names need a leading `.` unless `dotglob`
//! (or a non-empty `GLOBIGNORE`). With `globstar`, a `**` component
//! matches zero or more directories (all files too when it is last),
//! without descending into symbolic links. `GLOBIGNORE` (bash manual 5.2
//! "Bash Variables") removes matches of its colon-separated patterns, a
//! `*` there not matching `/`.

use std::sync::Arc;

use crate::exec::{Interp, R};
use crate::fs::{FileSystem, FileType, normalize_path};
use crate::limits::Interrupt;
use crate::pattern::{Budget, Pattern, PatternOptions, has_meta};

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

/// `true` when `path` matches the `GLOBIGNORE` pattern `pat` as
/// `fnmatch(3)` with `FNM_PATHNAME` does: slash by slash.
fn ignore_matches(
    pat: &str,
    path: &str,
    opts: PatternOptions,
    budget: &mut Budget,
) -> Result<bool, Interrupt> {
    let pc = components(pat);
    let tc: Vec<&str> = path.split('/').collect();
    if pc.len() != tc.len() {
        return Ok(false);
    }
    for (p, t) in pc.iter().zip(tc) {
        let Ok(p) = Pattern::new(p, opts) else {
            return Ok(false);
        };
        if !p.matches(t, budget)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// One match of a `**` component: the path as shown (relative to where
/// the walk started), its absolute path, and whether it is a directory
/// (or a symbolic link to one).
struct Found {
    rel: String,
    path: String,
    dir: bool,
    link: bool,
}

impl Interp {
    /// Everything below `dir` (not `dir` itself), depth first, skipping
    /// hidden names unless `dot_ok`; symbolic links are listed but not
    /// followed (bash 5.2 globstar).
    async fn walk_tree(
        &mut self,
        fs: &Arc<dyn FileSystem>,
        dir: &str,
        dot_ok: bool,
    ) -> R<Vec<Found>> {
        let mut out = Vec::new();
        let mut stack = vec![(String::new(), dir.to_string())];
        while let Some((rel, abs)) = stack.pop() {
            self.checkpoint()?;
            let Ok(entries) = fs.read_dir(&abs).await else {
                continue;
            };
            for e in entries {
                if e.name == "." || e.name == ".." || (e.name.starts_with('.') && !dot_ok) {
                    continue;
                }
                let path = normalize_path(&abs, &e.name);
                let child = if rel.is_empty() {
                    e.name.clone()
                } else {
                    format!("{rel}/{}", e.name)
                };
                let dir = match e.file_type {
                    FileType::Dir => {
                        stack.push((child.clone(), path.clone()));
                        true
                    }
                    FileType::Symlink => fs.metadata(&path).await.is_ok_and(|m| m.is_dir()),
                    FileType::File | FileType::CharDevice => false,
                };
                out.push(Found {
                    rel: child,
                    path,
                    dir,
                    link: e.file_type == FileType::Symlink,
                });
            }
        }
        Ok(out)
    }

    /// `GLOBIGNORE`'s patterns when it is set and not empty.
    fn globignore(&self) -> Option<Vec<String>> {
        let v = self.st.vars.get("GLOBIGNORE")?.scalar_value()?;
        if v.is_empty() {
            return None;
        }
        Some(
            v.split(':')
                .filter(|p| !p.is_empty())
                .map(str::to_string)
                .collect(),
        )
    }

    /// Expand pattern text into matching paths, sorted; empty when none.
    pub async fn glob(&mut self, pat: &str) -> R<Vec<String>> {
        let comps = components(pat);
        let absolute = pat.starts_with('/');
        let opts = PatternOptions {
            extglob: self.st.opts.extglob,
            nocase: self.st.opts.nocaseglob,
        };
        let ignore = self.globignore();
        let dotglob = self.st.opts.dotglob;
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
        for (i, comp) in comps.iter().enumerate() {
            let last = i + 1 == n;
            let literal_prefix = comps[..i].iter().all(|c| !has_meta(c, true));
            let trailing_slash = i + 2 == n && comps[i + 1].is_empty();
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
                    // `a//b` or a trailing slash: keep directories only
                    // (`**/` matching zero directories adds nothing).
                    if !shown.is_empty() || absolute {
                        next.push((format!("{shown}/"), dir.clone()));
                    }
                    continue;
                }
                if comp.as_str() == "**" && self.st.opts.globstar {
                    if last {
                        // Zero directories: the directory itself, with a
                        // slash when it was named literally (bash 5.2).
                        if !shown.is_empty() {
                            let me = if literal_prefix {
                                format!("{shown}{sep}")
                            } else {
                                shown.clone()
                            };
                            next.push((me, dir.clone()));
                        }
                    } else {
                        next.push((shown.clone(), dir.clone()));
                    }
                    for f in self.walk_tree(&fs, dir, dotglob).await? {
                        // Links to directories only end a `**/`; the
                        // walk never goes through them.
                        if last || (f.dir && (trailing_slash || !f.link)) {
                            next.push((format!("{shown}{sep}{}", f.rel), f.path));
                        }
                    }
                    continue;
                }
                if !has_meta(comp, true) {
                    let name = unescape(comp);
                    let path = normalize_path(dir, &name);
                    next.push((format!("{shown}{sep}{name}"), path));
                    continue;
                }
                let Ok(p) = Pattern::new(comp, opts) else {
                    continue;
                };
                let Ok(entries) = fs.read_dir(dir).await else {
                    continue;
                };
                let dot_ok = dotglob || p.starts_with_dot();
                for e in entries {
                    if e.name.starts_with('.') && !dot_ok {
                        continue;
                    }
                    if (e.name == "." || e.name == "..")
                        && (self.st.opts.globskipdots || ignore.is_some())
                    {
                        continue;
                    }
                    if !last && e.file_type != FileType::Dir {
                        let path = normalize_path(dir, &e.name);
                        if !fs.metadata(&path).await.is_ok_and(|m| m.is_dir()) {
                            continue;
                        }
                    }
                    if self.with_pattern_budget(|b| p.matches(&e.name, b))? {
                        let path = normalize_path(dir, &e.name);
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
        if let Some(pats) = &ignore {
            out = self.with_pattern_budget(|b| {
                let mut kept = Vec::with_capacity(out.len());
                'paths: for m in out {
                    for p in pats {
                        if ignore_matches(p, &m, opts, b)? {
                            continue 'paths;
                        }
                    }
                    kept.push(m);
                }
                Ok(kept)
            })?;
        }
        out.sort();
        out.dedup();
        Ok(out)
    }
}
