//! `[[ expression ]]` (bash manual 3.2.5.2, 6.4 "Bash Conditional
//! Expressions").

use toolsh_command::posix_regex::{self, PosixRegex, RegexFlags, Syntax};
use toolsh_parser::{CondBinaryOp, CondExpr, Word, WordPart};

use super::{Ctl, Interp, R};

impl Interp {
    /// Evaluate `[[ ]]`: 0 true, 1 false, 2 for an invalid regex.
    pub async fn eval_cond(&mut self, e: &CondExpr) -> R<i32> {
        match self.cond(e).await {
            Ok(b) => Ok(i32::from(!b)),
            Err(Ctl::Abort(2)) => Ok(2),
            Err(e) => Err(e),
        }
    }

    fn cond<'a>(&'a mut self, e: &'a CondExpr) -> super::BoxFut<'a, R<bool>> {
        Box::pin(async move {
            Ok(match e {
                CondExpr::Word(w) => !self.expand_string(w).await?.is_empty(),
                CondExpr::Not(e) => !self.cond(e).await?,
                CondExpr::And(a, b) => self.cond(a).await? && self.cond(b).await?,
                CondExpr::Or(a, b) => self.cond(a).await? || self.cond(b).await?,
                CondExpr::Group(e) => self.cond(e).await?,
                CondExpr::Unary { op, operand } => {
                    let v = self.expand_string(operand).await?;
                    self.unary_test(op, &v).await?
                }
                CondExpr::Binary { op, lhs, rhs } => {
                    let l = self.expand_string(lhs).await?;
                    match op {
                        CondBinaryOp::Match | CondBinaryOp::NotMatch => {
                            let m = self.matches_pattern_word(&l, rhs, true).await?;
                            m == (*op == CondBinaryOp::Match)
                        }
                        CondBinaryOp::RegexMatch => self.regex_match(&l, rhs).await?,
                        CondBinaryOp::Less => l < self.expand_string(rhs).await?,
                        CondBinaryOp::Greater => l > self.expand_string(rhs).await?,
                        CondBinaryOp::Eq
                        | CondBinaryOp::Ne
                        | CondBinaryOp::Lt
                        | CondBinaryOp::Le
                        | CondBinaryOp::Gt
                        | CondBinaryOp::Ge => {
                            let r = self.expand_string(rhs).await?;
                            let a = self.arith_text(&l).await?;
                            let b = self.arith_text(&r).await?;
                            match op {
                                CondBinaryOp::Eq => a == b,
                                CondBinaryOp::Ne => a != b,
                                CondBinaryOp::Lt => a < b,
                                CondBinaryOp::Le => a <= b,
                                CondBinaryOp::Gt => a > b,
                                _ => a >= b,
                            }
                        }
                        CondBinaryOp::NewerThan
                        | CondBinaryOp::OlderThan
                        | CondBinaryOp::SameFile => {
                            let r = self.expand_string(rhs).await?;
                            self.file_compare(*op, &l, &r).await
                        }
                    }
                }
            })
        })
    }

    /// `=~` (bash manual, "Conditional Constructs"): the right side is a
    /// POSIX extended regular expression, as `regcomp(3)` reads it (the
    /// one translator, [`toolsh_command::posix_regex`], in characters
    /// under a UTF-8 locale and bytes in the C locale, see
    /// [`Interp::utf8_locale`]); quoted parts match literally; the match and its
    /// groups go to `BASH_REMATCH`. An invalid pattern gives status 2.
    async fn regex_match(&mut self, subject: &str, rhs: &Word) -> R<bool> {
        let mut re = Vec::new();
        for p in &rhs.parts {
            match p {
                WordPart::Literal(s) => re.extend_from_slice(s.as_bytes()),
                WordPart::Param(_) | WordPart::CommandSubst { .. } | WordPart::Arith(_) => {
                    let mut pieces = Vec::new();
                    self.expand_part(p, false, &mut pieces).await?;
                    re.extend_from_slice(crate::expand::join_pieces(pieces, " ").as_bytes());
                }
                other => {
                    let mut pieces = Vec::new();
                    self.expand_part(other, false, &mut pieces).await?;
                    let text = crate::expand::join_pieces(pieces, " ");
                    posix_regex::escape_ere(text.as_bytes(), &mut re);
                }
            }
        }
        let flags = RegexFlags {
            ignore_case: self.st.opts.nocasematch,
            utf8: self.utf8_locale(),
            ..RegexFlags::default()
        };
        let Ok(rx) = PosixRegex::new(&re, Syntax::Extended, flags) else {
            return Err(Ctl::Abort(2));
        };
        let Some(caps) = rx.captures_at(subject.as_bytes(), 0) else {
            let _ = self.unset_var("BASH_REMATCH");
            return Ok(false);
        };
        let _ = self.unset_var("BASH_REMATCH");
        for i in 0..caps.len() {
            let v = caps.get(i).map_or_else(String::new, |(s, e)| {
                String::from_utf8_lossy(&subject.as_bytes()[s..e]).into_owned()
            });
            let _ = self.assign_elem("BASH_REMATCH", super::vars::Key::Index(i as i64), v, false);
        }
        Ok(true)
    }

    /// `-nt`, `-ot`, `-ef`.
    pub async fn file_compare(&mut self, op: CondBinaryOp, a: &str, b: &str) -> bool {
        let fs = self.sh.fs.clone();
        let pa = crate::fs::normalize_path(&self.st.cwd, a);
        let pb = crate::fs::normalize_path(&self.st.cwd, b);
        let ma = fs.metadata(&pa).await.ok();
        let mb = fs.metadata(&pb).await.ok();
        match op {
            CondBinaryOp::NewerThan => match (ma, mb) {
                (Some(x), Some(y)) => x.mtime > y.mtime,
                (Some(_), None) => true,
                _ => false,
            },
            CondBinaryOp::OlderThan => match (ma, mb) {
                (Some(x), Some(y)) => x.mtime < y.mtime,
                (None, Some(_)) => true,
                _ => false,
            },
            _ => {
                ma.is_some()
                    && mb.is_some()
                    && fs.canonicalize(&pa).await.ok() == fs.canonicalize(&pb).await.ok()
            }
        }
    }

    /// A unary test shared by `[[ ]]` and `test`.
    pub async fn unary_test(&mut self, op: &str, v: &str) -> R<bool> {
        Ok(match op {
            "-n" => !v.is_empty(),
            "-z" => v.is_empty(),
            "-v" => {
                let (base, sub) = super::vars::split_subscript(v);
                match sub {
                    Some(s) => {
                        let t = s.to_string();
                        let is_assoc = self.st.vars.get(base).is_some_and(|x| {
                            matches!(x.value, crate::state::Value::Assoc(_))
                                || x.has(crate::state::attr::ASSOC)
                        });
                        // An associative subscript is a key, `@` too.
                        if is_assoc {
                            self.array_keys(base).contains(&t)
                        } else if t == "@" || t == "*" {
                            !self.array_keys(base).is_empty()
                        } else {
                            let i = self.arith_text(&t).await?;
                            if self.bad_negative_index(base, i) {
                                self.report_error(&format!("{base}: bad array subscript"))
                                    .await?;
                                false
                            } else {
                                self.get_index(base, i).is_some()
                            }
                        }
                    }
                    None => {
                        self.special_array(v).is_some()
                            || self.st.vars.get(v).is_some_and(crate::state::Var::is_set)
                            || matches!(v, "RANDOM" | "LINENO" | "SECONDS")
                    }
                }
            }
            "-R" => self
                .st
                .vars
                .get_raw(v)
                .is_some_and(|x| x.has(crate::state::attr::NAMEREF)),
            "-o" => self.st.opts.get_o(v).unwrap_or(false),
            "-t" => false,
            _ => self.file_test(op, v).await,
        })
    }

    /// File tests through the backend.
    pub async fn file_test(&mut self, op: &str, path: &str) -> bool {
        if path.is_empty() {
            return false;
        }
        let fs = self.sh.fs.clone();
        let p = crate::fs::normalize_path(&self.st.cwd, path);
        if self.is_procsub_path(&p) {
            // A process substitution's `/dev/fd/N`: on Linux a symlink to
            // a pipe the shell owns, readable and writable.
            return matches!(
                op,
                "-e" | "-a" | "-r" | "-w" | "-p" | "-O" | "-G" | "-L" | "-h"
            );
        }
        if op == "-L" || op == "-h" {
            return fs.symlink_metadata(&p).await.is_ok_and(|m| m.is_symlink());
        }
        let Ok(m) = fs.metadata(&p).await else {
            return false;
        };
        match op {
            "-e" | "-a" => true,
            "-f" => m.is_file(),
            "-d" => m.is_dir(),
            "-c" => m.is_char_device(),
            "-s" => m.len > 0,
            "-r" => m.mode & 0o444 != 0,
            "-w" => m.mode & 0o222 != 0,
            "-x" => m.mode & 0o111 != 0,
            "-O" | "-G" | "-N" => true,
            _ => false,
        }
    }
}
