//! Word expansion in bash's order (bash manual 3.5): brace, tilde,
//! parameter and variable, arithmetic, command substitution (left to
//! right), word splitting, pathname expansion, quote removal.
//!
//! A word first becomes a list of [`Piece`]s that remember how each piece
//! of text was quoted; [`split`] turns pieces into fields, [`glob`]
//! expands fields with unquoted pattern characters.

#![allow(
    clippy::format_push_string,
    clippy::many_single_char_names,
    clippy::single_match_else
)]

pub(crate) mod arith;
mod brace;
mod cat_file;
pub(crate) mod glob;
mod length;
mod parameter;
mod prompt;
mod rewrite;
mod split;
mod transform;

use toolsh_parser::{Word, WordPart};

use crate::exec::{Ctl, Interp, R};
use crate::limits::{Interrupt, LimitKind, within_buffer};
use crate::pattern::{Budget, Pattern, PatternOptions};

pub(crate) use brace::BPart;

/// A piece of an expanded word.
#[derive(Debug, Clone)]
pub(crate) enum Piece {
    /// Unquoted literal text: pattern characters active, never split.
    Lit(String),
    /// Quoted text: literal, not split; an empty one still makes a field.
    Quoted(String),
    /// Unquoted expansion result: split on IFS, pattern characters active.
    Split(String),
    /// `"$@"` / `"${a[@]}"` (quoted: one field per item) or their
    /// unquoted forms (each item split).
    Fields {
        /// The items.
        items: Vec<String>,
        /// Inside double quotes.
        quoted: bool,
        /// `$*` / `${a[*]}`: where the items are joined into one string
        /// (assignments, `case`, `[[ ]]`, here-strings) the separator is
        /// the first character of IFS, not a space.
        star: bool,
    },
}

/// An unbraced `$name` followed, after brace expansion, by text parts
/// that start with name characters: the longer parameter, the text left
/// over, and how many parts after `parts[0]` were used.
fn rejoin_name(parts: &[BPart<'_>]) -> Option<(WordPart, String, usize)> {
    let BPart::Part(WordPart::Param(pe)) = parts.first()? else {
        return None;
    };
    let toolsh_parser::Parameter::Named(name) = &pe.param else {
        return None;
    };
    if pe.braced || pe.indirect || pe.subscript.is_some() || pe.op.is_some() {
        return None;
    }
    let mut longer_name = name.clone();
    let mut used = 0;
    let mut rest = String::new();
    for p in &parts[1..] {
        let text = match p {
            BPart::Text(t) => t.as_str(),
            BPart::Part(WordPart::Literal(t)) => t.as_str(),
            BPart::Part(_) => break,
        };
        used += 1;
        let n = text
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        longer_name.push_str(&text[..n]);
        if n < text.len() {
            rest = text[n..].to_string();
            break;
        }
    }
    if longer_name.len() == name.len() {
        return None;
    }
    let mut longer = (**pe).clone();
    longer.param = toolsh_parser::Parameter::Named(longer_name);
    Some((WordPart::Param(Box::new(longer)), rest, used))
}

/// The separator `$*` joins with: the first character of IFS (none when
/// IFS is empty), bash manual 3.4.2.
pub(crate) fn star_separator(ifs: &str) -> String {
    ifs.chars().next().map(String::from).unwrap_or_default()
}

impl Interp {
    /// Expand words fully into fields.
    pub async fn expand_words(&mut self, words: &[Word]) -> R<Vec<String>> {
        let mut out = Vec::with_capacity(words.len());
        let mut bytes = 0;
        for w in words {
            self.expand_word_counted(w, &mut out, &mut bytes).await?;
        }
        Ok(out)
    }

    /// Expand one word fully (brace ... quote removal), appending fields.
    /// A list of fields (a command's arguments, a `for` list, an array's
    /// items) longer than `max_array_entries` stops with that limit: `set
    /// -- "$@" "$@"` repeated would otherwise hold millions of strings.
    pub async fn expand_word_into(&mut self, w: &Word, out: &mut Vec<String>) -> R<()> {
        let mut bytes = 0;
        self.expand_word_counted(w, out, &mut bytes).await
    }

    /// [`Interp::expand_word_into`] for one word of a longer list:
    /// `list_bytes` carries the bytes of the list's fields so far, and a
    /// list past `max_buffer_bytes` stops with that limit. Splitting stops
    /// as soon as the list passes `max_array_entries` or one field passes
    /// `max_variable_bytes`, so `set -- $x` on 16 MB of `y\n` never
    /// builds its 8 million fields (T21c in docs/threat-model.md).
    pub async fn expand_word_counted(
        &mut self,
        w: &Word,
        out: &mut Vec<String>,
        list_bytes: &mut usize,
    ) -> R<()> {
        let start = out.len();
        self.expand_word_fields(w, out).await?;
        if out.len() > self.sh.limits.max_array_entries {
            return Err(Ctl::Interrupt(Interrupt::limit(
                LimitKind::ArrayEntries,
                self.sh.limits.max_array_entries,
            )));
        }
        *list_bytes = out[start..]
            .iter()
            .fold(*list_bytes, |n, f| n.saturating_add(f.len()));
        within_buffer(*list_bytes, self.sh.limits.max_buffer_bytes).map_err(Ctl::Interrupt)?;
        Ok(())
    }

    async fn expand_word_fields(&mut self, w: &Word, out: &mut Vec<String>) -> R<()> {
        // Fast path: plain literal text without pattern characters.
        if let [WordPart::Literal(s)] = w.parts.as_slice()
            && !crate::pattern::has_meta(s, true)
        {
            out.push(s.to_string());
            return Ok(());
        }
        let has_brace =
            self.st.opts.braceexpand && w.parts.iter().any(|p| matches!(p, WordPart::Brace(_)));
        if has_brace {
            let variants =
                brace::expand(&w.parts, self.sh.limits.max_brace_expansion).map_err(|()| {
                    Ctl::Interrupt(Interrupt::limit(
                        LimitKind::BraceExpansion,
                        self.sh.limits.max_brace_expansion,
                    ))
                })?;
            for v in variants {
                let mut pieces = Vec::new();
                let mut i = 0;
                while i < v.len() {
                    if let Some((joined, rest, used)) = rejoin_name(&v[i..]) {
                        // `$a{1,2}` is `$a1 $a2`: brace expansion comes
                        // first, on the text (bash manual 3.5.1).
                        self.expand_part(&joined, false, &mut pieces).await?;
                        if !rest.is_empty() {
                            pieces.push(Piece::Lit(rest));
                        }
                        i += 1 + used;
                        continue;
                    }
                    match &v[i] {
                        BPart::Text(t) => pieces.push(Piece::Lit(t.clone())),
                        BPart::Part(p) => self.expand_part(p, false, &mut pieces).await?,
                    }
                    self.check_word_bytes(&pieces)?;
                    i += 1;
                }
                self.finish_fields(pieces, out).await?;
            }
            return Ok(());
        }
        let mut pieces = Vec::with_capacity(w.parts.len());
        for p in &w.parts {
            self.expand_part(p, false, &mut pieces).await?;
            self.check_word_bytes(&pieces)?;
        }
        self.finish_fields(pieces, out).await
    }

    /// Split, glob and quote-remove pieces into fields. Splitting stops
    /// as soon as `out` would pass `max_array_entries` or a field would
    /// pass `max_variable_bytes`.
    async fn finish_fields(&mut self, pieces: Vec<Piece>, out: &mut Vec<String>) -> R<()> {
        let ifs = self.ifs();
        let limits = &self.sh.limits;
        let bounds = split::SplitBounds {
            // One past the room left, so a list exactly at the bound
            // still splits and the caller's check reports the limit.
            max_fields: limits
                .max_array_entries
                .saturating_sub(out.len())
                .saturating_add(1),
            max_field_bytes: limits.max_variable_bytes,
        };
        let fields = match split::split(pieces, &ifs, bounds) {
            Ok(f) => f,
            Err(split::SplitStop::Fields) => {
                return Err(Ctl::Interrupt(Interrupt::limit(
                    LimitKind::ArrayEntries,
                    limits.max_array_entries,
                )));
            }
            Err(split::SplitStop::FieldBytes) => {
                return Err(Ctl::Interrupt(Interrupt::limit(
                    LimitKind::VariableBytes,
                    limits.max_variable_bytes,
                )));
            }
        };
        let glob_on = !self.st.opts.noglob && self.sh.profile.allows_files();
        out.reserve(fields.len());
        for f in fields {
            if glob_on && f.has_meta() {
                let pat = f.pattern_text();
                let matches = Box::pin(self.glob(&pat)).await?;
                if matches.is_empty() {
                    if self.st.opts.failglob {
                        self.error(&format!("no match: {}", f.text())).await?;
                        return Err(Ctl::Abort(1));
                    }
                    if !self.st.opts.nullglob {
                        out.push(f.into_text());
                    }
                } else {
                    out.extend(matches);
                }
            } else {
                out.push(f.into_text());
            }
        }
        Ok(())
    }

    /// The value of `IFS` (default when unset).
    ///
    /// Borrowed (no allocation) while `IFS` holds the default
    /// `" \t\n"` or is unset.
    pub fn ifs(&self) -> std::borrow::Cow<'static, str> {
        const DEFAULT: &str = " \t\n";
        match self
            .st
            .vars
            .get("IFS")
            .map(|v| v.scalar_value().unwrap_or(DEFAULT))
        {
            Some(v) if v != DEFAULT => std::borrow::Cow::Owned(v.to_string()),
            _ => std::borrow::Cow::Borrowed(DEFAULT),
        }
    }

    /// Expand a word without splitting or globbing (assignment values,
    /// `case` subjects, here-strings, `[[ ]]` operands): the text.
    pub async fn expand_string(&mut self, w: &Word) -> R<String> {
        if let [WordPart::Literal(s)] = w.parts.as_slice() {
            return Ok(s.to_string());
        }
        let mut pieces = Vec::with_capacity(w.parts.len());
        for p in &w.parts {
            self.expand_part(p, false, &mut pieces).await?;
            self.check_word_bytes(&pieces)?;
        }
        Ok(join_pieces(pieces, &self.ifs()))
    }

    /// An assignment value (no splitting or globbing).
    pub async fn expand_assign_value(&mut self, w: &Word) -> R<String> {
        self.expand_string(w).await
    }

    /// A here-document body: expansions as inside double quotes.
    pub async fn expand_heredoc(&mut self, w: &Word) -> R<String> {
        let mut pieces = Vec::with_capacity(w.parts.len());
        for p in &w.parts {
            match p {
                WordPart::Literal(s) => pieces.push(Piece::Quoted(s.to_string())),
                _ => self.expand_part(p, true, &mut pieces).await?,
            }
            self.check_word_bytes(&pieces)?;
        }
        Ok(join_pieces(pieces, &self.ifs()))
    }

    /// Expand a word as a pattern: quoted parts escaped, unquoted pattern
    /// characters active.
    pub async fn expand_pattern(&mut self, w: &Word) -> R<String> {
        let ifs = self.ifs();
        let mut pieces = Vec::with_capacity(w.parts.len());
        for p in &w.parts {
            self.expand_part(p, false, &mut pieces).await?;
        }
        let mut out = String::new();
        for p in pieces {
            match p {
                Piece::Lit(s) | Piece::Split(s) => out.push_str(&s),
                Piece::Quoted(s) => crate::pattern::escape_into(&s, &mut out),
                Piece::Fields {
                    items,
                    quoted,
                    star,
                } => {
                    let sep = if star {
                        star_separator(&ifs)
                    } else {
                        " ".into()
                    };
                    let joined = items.join(&sep);
                    if quoted {
                        crate::pattern::escape_into(&joined, &mut out);
                    } else {
                        out.push_str(&joined);
                    }
                }
            }
        }
        Ok(out)
    }

    /// `true` when `subject` matches the pattern word (case, `[[ == ]]`).
    /// Extended patterns are on in `[[ ]]` always (bash 5.2), in `case`
    /// only with `shopt -s extglob`.
    pub async fn matches_pattern_word(
        &mut self,
        subject: &str,
        w: &Word,
        in_cond: bool,
    ) -> R<bool> {
        let pat = self.expand_pattern(w).await?;
        let nocase = self.st.opts.nocasematch;
        let extglob = in_cond || self.st.opts.extglob;
        self.with_pattern_budget(|b| Self::pattern_matches(&pat, subject, nocase, extglob, b))
    }

    /// Match `subject` against pattern text; a pattern that does not
    /// compile matches nothing.
    ///
    /// # Errors
    /// The budget's interrupt.
    pub fn pattern_matches(
        pat: &str,
        subject: &str,
        nocase: bool,
        extglob: bool,
        budget: &mut Budget,
    ) -> Result<bool, Interrupt> {
        match Pattern::new(pat, PatternOptions { extglob, nocase }) {
            Ok(p) => p.matches(subject, budget),
            Err(_) => Ok(false),
        }
    }

    /// Run one pattern-matching operation under a [`Budget`] of
    /// [`crate::ExecutionLimits::max_pattern_steps`] that checks the
    /// deadline and cancellation as it goes; its interrupt stops the
    /// script like any other limit.
    pub fn with_pattern_budget<T>(
        &self,
        f: impl FnOnce(&mut Budget) -> Result<T, Interrupt>,
    ) -> R<T> {
        let sh = &self.sh;
        let mut check = || sh.checkpoint();
        let mut budget = Budget::new(sh.limits.max_pattern_steps).with_checkpoint(&mut check);
        f(&mut budget).map_err(Ctl::Interrupt)
    }

    /// Expand one part, appending pieces. `dq` is `true` inside double
    /// quotes.
    pub fn expand_part<'a>(
        &'a mut self,
        part: &'a WordPart,
        dq: bool,
        out: &'a mut Vec<Piece>,
    ) -> crate::exec::BoxFut<'a, R<()>> {
        Box::pin(async move {
            match part {
                WordPart::Literal(s) => out.push(if dq {
                    Piece::Quoted(s.to_string())
                } else {
                    Piece::Lit(s.to_string())
                }),
                WordPart::Escaped(c) => out.push(Piece::Quoted(c.to_string())),
                WordPart::SingleQuoted(s) | WordPart::AnsiC(s) => {
                    out.push(Piece::Quoted(s.to_string()));
                }
                WordPart::DoubleQuoted { parts, .. } => {
                    let start = out.len();
                    for p in parts {
                        self.expand_part(p, true, out).await?;
                        self.check_word_bytes(&out[start..])?;
                    }
                    // `""` around expansions that vanished still makes an
                    // (empty) field, except for "$@" with no items.
                    let produced = &out[start..];
                    let only_at = !produced.is_empty()
                        && produced
                            .iter()
                            .all(|p| matches!(p, Piece::Fields { quoted: true, .. }));
                    if !only_at {
                        out.push(Piece::Quoted(String::new()));
                    }
                }
                WordPart::Param(pe) => self.expand_param(pe, dq, out).await?,
                WordPart::CommandSubst { script, .. } => {
                    let s = self.command_subst(script).await?;
                    out.push(if dq {
                        Piece::Quoted(s)
                    } else {
                        Piece::Split(s)
                    });
                }
                WordPart::Arith(e) => {
                    let v = self.arith_expand(e).await?;
                    out.push(if dq {
                        Piece::Quoted(v.to_string())
                    } else {
                        Piece::Split(v.to_string())
                    });
                }
                WordPart::ProcessSubst { read, script } => {
                    // design.md, Sandbox: the logic-only profile has no
                    // process substitution (nor any file path to read).
                    if self.sh.profile == crate::Profile::LogicOnly {
                        self.error(
                            "process substitution is not available in the logic-only profile",
                        )
                        .await?;
                        return Err(Ctl::Abort(1));
                    }
                    let path = self.process_subst(*read, script).await?;
                    out.push(if dq {
                        Piece::Quoted(path)
                    } else {
                        Piece::Split(path)
                    });
                }
                WordPart::BadSubstitution(text) => {
                    // bash 5.2 finds it when expanding (subst.c
                    // `parameter_brace_expand`): the rest of the line goes.
                    self.error(&format!("{text}: bad substitution")).await?;
                    if self.st.opts.errexit {
                        return Err(Ctl::Exit(1));
                    }
                    return Err(Ctl::Abort(1));
                }
                WordPart::Tilde(user) => {
                    let s = match user.as_deref() {
                        None => self.get_scalar("HOME").unwrap_or_else(|| "~".to_string()),
                        Some("+") => self
                            .get_scalar("PWD")
                            .unwrap_or_else(|| self.st.cwd.clone()),
                        Some("-") => self
                            .get_scalar("OLDPWD")
                            .unwrap_or_else(|| "~-".to_string()),
                        Some(u) => format!("~{u}"),
                    };
                    out.push(Piece::Quoted(s));
                }
                WordPart::Brace(b) => {
                    // Not expanded here (quoted context or braceexpand off):
                    // the text as written.
                    out.push(Piece::Lit(brace::unexpanded(b)));
                }
                WordPart::ExtGlob { op, alternatives } => {
                    let mut s = String::new();
                    s.push(*op);
                    s.push('(');
                    for (i, alt) in alternatives.iter().enumerate() {
                        if i > 0 {
                            s.push('|');
                        }
                        s.push_str(&self.expand_pattern(alt).await?);
                    }
                    s.push(')');
                    out.push(Piece::Lit(s));
                }
                WordPart::AssignmentWord(a) => {
                    // Outside a declaration command: the text as an argument.
                    let mut s = a.name.to_string();
                    s.push_str(if a.append { "+=" } else { "=" });
                    if let toolsh_parser::AssignValue::Scalar(v) = &a.value {
                        s.push_str(&self.expand_string(v).await?);
                    }
                    out.push(Piece::Quoted(s));
                }
            }
            Ok(())
        })
    }

    /// `$(...)`: run on a fork, capture standard output, strip trailing
    /// newlines. Sets the status used by assignment-only commands.
    /// `$(< file)` reads the file instead ([`cat_file`]).
    pub async fn command_subst(&mut self, script: &toolsh_parser::Script) -> R<String> {
        let mut child = self.fork();
        child.enter_subst_depth()?;
        if !child.st.opts.inherit_errexit {
            child.st.opts.errexit = false;
        }
        let (out, cap) =
            crate::io::Output::capture(self.sh.limits.max_buffer_bytes, LimitKind::BufferBytes);
        cap.charge_to(&self.sh.memory);
        child.fds.set(1, Some(crate::exec::Fd::Out(out)));
        let r = match cat_file::cat_file_redirect(script) {
            Some(redirect) => child.cat_file(redirect).await,
            None => child.run_list(&script.body).await,
        };
        let status = child.finish_subshell(r).await?;
        drop(child);
        self.st.subst_status = Some(status);
        self.st.last_status = status;
        let mut bytes = cap.take();
        while bytes.last() == Some(&b'\n') {
            bytes.pop();
        }
        if bytes.contains(&0) {
            bytes.retain(|&b| b != 0);
            self.error("warning: command substitution: ignored null byte in input")
                .await?;
        }
        let s = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        self.check_var_size(s.len())?;
        Ok(s)
    }

    /// Fail when the pieces of one word being expanded hold more than
    /// `max_buffer_bytes`: `$x$x...$x` (or the same in double quotes) of a
    /// 16 MB value built every copy before any value was checked, 1.6 GB
    /// for 100 copies (T21c in docs/threat-model.md). Checked after each
    /// part; the parts of one word are few, so the sum is cheap.
    fn check_word_bytes(&self, pieces: &[Piece]) -> R<()> {
        let max = self.sh.limits.max_buffer_bytes;
        let mut n = 0usize;
        for p in pieces {
            n += match p {
                Piece::Lit(s) | Piece::Quoted(s) | Piece::Split(s) => s.len(),
                Piece::Fields { items, .. } => items.iter().map(|i| i.len() + 1).sum(),
            };
        }
        within_buffer(n, max).map_err(Ctl::Interrupt)?;
        Ok(())
    }

    /// Fail when a value is larger than `max_variable_bytes`.
    pub fn check_var_size(&self, n: usize) -> R<()> {
        if n > self.sh.limits.max_variable_bytes {
            return Err(Ctl::Interrupt(Interrupt::limit(
                LimitKind::VariableBytes,
                self.sh.limits.max_variable_bytes,
            )));
        }
        Ok(())
    }
}

/// Concatenate pieces without splitting (`"$@"` items joined by a
/// space).
pub(crate) fn join_pieces(pieces: Vec<Piece>, ifs: &str) -> String {
    let mut s = String::new();
    for p in pieces {
        match p {
            Piece::Lit(t) | Piece::Quoted(t) | Piece::Split(t) => {
                if s.is_empty() {
                    s = t;
                } else {
                    s.push_str(&t);
                }
            }
            Piece::Fields { items, star, .. } => {
                let sep = if star {
                    star_separator(ifs)
                } else {
                    " ".into()
                };
                s.push_str(&items.join(&sep));
            }
        }
    }
    s
}
