//! Parameter expansion (bash manual 3.5.3): `$x`, `${x}`, specials,
//! arrays, indirection, namerefs and every operator, applied element-wise
//! to arrays and `$@`.

use toolsh_parser::{DefaultKind, ParamExpansion, ParamOp, Parameter, Subscript};

use super::Piece;
use super::rewrite::{case_mod, replace};
use crate::exec::{Ctl, Interp, R};
use crate::pattern::{Pattern, PatternOptions};
use crate::state::Value;

/// The value a parameter expands to before its operator.
#[derive(Debug, Clone)]
pub(crate) enum PVal {
    /// Unset.
    Unset,
    /// One string.
    Scalar(String),
    /// Several (`$@`, `${a[@]}`); `star` for `$*` / `[*]`.
    List(Vec<String>, bool),
}

impl PVal {
    fn is_unset(&self) -> bool {
        match self {
            PVal::Unset => true,
            PVal::List(v, _) => v.is_empty(),
            PVal::Scalar(_) => false,
        }
    }
    fn is_null(&self) -> bool {
        match self {
            PVal::Unset => true,
            PVal::Scalar(s) => s.is_empty(),
            PVal::List(v, _) => v.iter().all(String::is_empty),
        }
    }
    fn try_map<E>(self, mut f: impl FnMut(String) -> Result<String, E>) -> Result<PVal, E> {
        Ok(match self {
            PVal::Unset => PVal::Unset,
            PVal::Scalar(s) => PVal::Scalar(f(s)?),
            PVal::List(v, st) => PVal::List(v.into_iter().map(f).collect::<Result<_, E>>()?, st),
        })
    }
}

impl Interp {
    /// The name a `${...}` refers to, for error messages.
    fn param_name(pe: &ParamExpansion) -> String {
        match &pe.param {
            Parameter::Named(n) => n.to_string(),
            Parameter::Positional(n) => n.to_string(),
            Parameter::Special(c) => c.to_string(),
        }
    }

    /// Base value of a parameter (without operator). `${!ref}` of a
    /// nameref is the name it refers to; other indirections were resolved
    /// by [`Self::indirect_target`] before.
    async fn param_base(&mut self, pe: &ParamExpansion) -> R<PVal> {
        if pe.indirect
            && pe.subscript.is_none()
            && let Parameter::Named(n) = &pe.param
            && let Some(v) = self.st.vars.get_raw(n)
            && v.has(crate::state::attr::NAMEREF)
        {
            return Ok(v
                .scalar_value()
                .map_or(PVal::Unset, |s| PVal::Scalar(s.to_string())));
        }
        // `${#x[-9]}` stops the command; `${x[-9]}` only warns (bash 5.2).
        let fatal = matches!(pe.op.as_deref(), Some(ParamOp::Length));
        self.simple_value(&pe.param, pe.subscript.as_ref(), fatal)
            .await
    }

    /// `true` for `${!ref...}` where `ref` is a nameref: the expansion is
    /// of the name it holds, not of its target.
    fn nameref_indirection(&self, pe: &ParamExpansion) -> bool {
        pe.indirect
            && pe.subscript.is_none()
            && matches!(&pe.param, Parameter::Named(n)
                if self.st.vars.get_raw(n).is_some_and(|v| v.has(crate::state::attr::NAMEREF)))
    }

    /// `${!x...}` (bash manual 3.5.3, indirect expansion): the value of x
    /// names the parameter (`v`, `a[i]`, `a[@]`, `1`, `@`), and the
    /// expansion goes on as `${<that>...}` with the same operator, so
    /// `${!r:=v}` assigns and `${!r@a}` reads the target.
    /// `None` when x is an array without element 0: bash expands that to
    /// nothing, without an error.
    async fn indirect_target(&mut self, pe: &ParamExpansion) -> R<Option<ParamExpansion>> {
        let target = match self
            .simple_value(&pe.param, pe.subscript.as_ref(), false)
            .await?
        {
            PVal::Scalar(s) => s,
            PVal::List(v, _) => v.join(" "),
            PVal::Unset
                if pe.subscript.is_none()
                    && matches!(&pe.param, Parameter::Named(n)
                        if self.st.vars.get(n).is_some_and(crate::state::Var::is_array)) =>
            {
                return Ok(None);
            }
            PVal::Unset => {
                let n = Self::param_name(pe);
                self.error(&format!("{n}: invalid indirect expansion"))
                    .await?;
                return Err(Ctl::Abort(1));
            }
        };
        let (base, sub) = crate::exec::vars::split_subscript(&target);
        let assigns = matches!(
            pe.op.as_deref(),
            Some(ParamOp::Default {
                kind: DefaultKind::Assign,
                ..
            })
        );
        let param = if sub.is_some() && assigns {
            // bash assigns through `${!r:=v}` to a name only.
            self.error(&format!("{target}: invalid variable name"))
                .await?;
            return Err(Ctl::Abort(1));
        } else if let Ok(n) = base.parse::<u32>() {
            Parameter::Positional(n)
        } else if base.len() == 1 && "@*#?-$!0".contains(base) {
            Parameter::Special(base.chars().next().unwrap_or('@'))
        } else if crate::exec::vars::is_name(base) {
            Parameter::Named(base.into())
        } else {
            self.error(&format!("{target}: invalid variable name"))
                .await?;
            return Err(Ctl::Abort(1));
        };
        let subscript = sub.map(|s| match s {
            "@" => Subscript::At,
            "*" => Subscript::Star,
            t => Subscript::Index(toolsh_parser::Word {
                parts: std::iter::once(toolsh_parser::WordPart::Literal(t.into())).collect(),
                span: toolsh_parser::Span::default(),
            }),
        });
        Ok(Some(ParamExpansion {
            param,
            subscript,
            indirect: false,
            op: pe.op.clone(),
            braced: true,
            span: pe.span,
        }))
    }

    /// The value of `param[subscript]`; `fatal_subscript` as for
    /// [`Self::element`].
    async fn simple_value(
        &mut self,
        param: &Parameter,
        sub: Option<&Subscript>,
        fatal_subscript: bool,
    ) -> R<PVal> {
        Ok(match param {
            Parameter::Positional(n) => {
                let n = *n as usize;
                if n == 0 {
                    PVal::Scalar(self.st.arg0.clone())
                } else {
                    match self.st.positional.get(n - 1) {
                        Some(s) => PVal::Scalar(s.clone()),
                        None => PVal::Unset,
                    }
                }
            }
            Parameter::Special(c) => match c {
                '@' => PVal::List(self.st.positional.to_vec(), false),
                '*' => PVal::List(self.st.positional.to_vec(), true),
                '#' => PVal::Scalar(self.st.positional.len().to_string()),
                '?' => PVal::Scalar(self.st.last_status.to_string()),
                '-' => {
                    // `bash -c` adds `c` (bash manual 6.1 "Invoking Bash").
                    let mut flags = self.st.opts.dollar_dash();
                    if self.sh.command_string {
                        flags.push('c');
                    }
                    PVal::Scalar(flags)
                }
                '$' => PVal::Scalar("1000".to_string()),
                '!' => match self.st.last_bg {
                    Some(p) => PVal::Scalar(p.to_string()),
                    None => PVal::Unset,
                },
                '0' => PVal::Scalar(self.st.arg0.clone()),
                _ => PVal::Unset,
            },
            Parameter::Named(name) => {
                let Some(resolved) = self.st.vars.follow(name).map(str::to_string) else {
                    // bash 5.2 warns and reads the name as unset.
                    self.error(&crate::exec::circular_message(name)).await?;
                    return Ok(match sub {
                        Some(Subscript::At) => PVal::List(Vec::new(), false),
                        Some(Subscript::Star) => PVal::List(Vec::new(), true),
                        _ => PVal::Unset,
                    });
                };
                let (base, inner_sub) = crate::exec::vars::split_subscript(&resolved);
                let base = base.to_string();
                match sub {
                    Some(Subscript::At) => match self.array_values(&base) {
                        Some(v) => PVal::List(v, false),
                        None => PVal::List(Vec::new(), false),
                    },
                    Some(Subscript::Star) => match self.array_values(&base) {
                        Some(v) => PVal::List(v, true),
                        None => PVal::List(Vec::new(), true),
                    },
                    Some(Subscript::Index(w)) => {
                        let text = self.expand_string(w).await?;
                        self.element(&base, &text, fatal_subscript).await?
                    }
                    None => {
                        if let Some(s) = inner_sub {
                            let s = s.to_string();
                            if s == "@" || s == "*" {
                                return Ok(PVal::List(
                                    self.array_values(&base).unwrap_or_default(),
                                    s == "*",
                                ));
                            }
                            return self.element(&base, &s, fatal_subscript).await;
                        }
                        match self.get_scalar(&base) {
                            Some(s) => PVal::Scalar(s),
                            None => PVal::Unset,
                        }
                    }
                }
            }
        })
    }

    /// Element `text` of array `base`. A negative index before the first
    /// element (any negative index of a scalar or an unset variable) is a
    /// "bad array subscript": bash 5.2 warns and expands to nothing,
    /// leaving `$?` alone (`echo "v=${x[-3]}"` prints `v=`); with `fatal`
    /// (the `${#x[-3]}` length form) it abandons the command with status
    /// 1. Under `set -e` either exits ([`Interp::report_error`]).
    async fn element(&mut self, base: &str, text: &str, fatal: bool) -> R<PVal> {
        if let Some(v) = self.special_array(base) {
            let i = self.arith_text(text).await?;
            let idx = if i < 0 { v.len() as i64 + i } else { i };
            return Ok(usize::try_from(idx)
                .ok()
                .and_then(|i| v.get(i).cloned())
                .map_or(PVal::Unset, PVal::Scalar));
        }
        let is_assoc = self.st.vars.get(base).is_some_and(|v| {
            // `declare -A m` with no element yet holds no Assoc value
            // but its keys are still strings, never arithmetic.
            matches!(v.value, Value::Assoc(_)) || v.has(crate::state::attr::ASSOC)
        });
        if is_assoc {
            if text.is_empty() {
                // bash 5.2 warns, expands to nothing; `set -e` exits.
                self.report_error(&format!("{base}: bad array subscript"))
                    .await?;
                return Ok(PVal::Unset);
            }
            let v = self.st.vars.get(base).and_then(|v| match &v.value {
                Value::Assoc(a) => a.get(text).map(str::to_string),
                _ => None,
            });
            return Ok(v.map_or(PVal::Unset, PVal::Scalar));
        }
        let i = self.arith_text(text).await?;
        if self.bad_negative_index(base, i) {
            if fatal {
                // `${#u[-1]}` of an unset `u` is 0 without a word.
                if self.st.vars.get(base).is_some() {
                    self.report_error(&format!("{text}]: bad array subscript"))
                        .await?;
                    return Err(Ctl::Abort(1));
                }
            } else {
                self.report_error(&format!("{base}: bad array subscript"))
                    .await?;
            }
            return Ok(PVal::Unset);
        }
        Ok(self.get_index(base, i).map_or(PVal::Unset, PVal::Scalar))
    }

    /// Expand `${...}` / `$x` into pieces.
    pub async fn expand_param(
        &mut self,
        pe: &ParamExpansion,
        dq: bool,
        out: &mut Vec<Piece>,
    ) -> R<()> {
        // Operators that do not start from the value.
        match pe.op.as_deref() {
            Some(ParamOp::PrefixNames { star }) => {
                let Parameter::Named(prefix) = &pe.param else {
                    return Ok(());
                };
                let names: Vec<String> = self
                    .st
                    .vars
                    .visible()
                    .into_iter()
                    .filter(|(k, v)| k.starts_with(prefix.as_str()) && (v.is_set() || v.is_array()))
                    .map(|(k, _)| k.to_string())
                    .collect();
                push_value(PVal::List(names, *star), dq, &self.ifs(), out);
                return Ok(());
            }
            Some(ParamOp::Keys { star }) => {
                let Parameter::Named(name) = &pe.param else {
                    return Ok(());
                };
                let resolved = self.st.vars.resolve(name).to_string();
                let keys = self.array_keys(&resolved);
                push_value(PVal::List(keys, *star), dq, &self.ifs(), out);
                return Ok(());
            }
            _ => {}
        }
        if pe.indirect && !self.nameref_indirection(pe) {
            return match self.indirect_target(pe).await? {
                Some(target) => Box::pin(self.expand_param(&target, dq, out)).await,
                None => {
                    push_value(PVal::Scalar(String::new()), dq, "", out);
                    Ok(())
                }
            };
        }
        // `${#name[sub]}` (and `${#name[@]}` without copying the elements:
        // a `for ((i = 0; i < ${#a[@]}; i++))` loop would otherwise copy
        // the whole array on every iteration).
        if self.element_length(pe, dq, out).await? {
            return Ok(());
        }
        let val = self.param_base(pe).await?;
        let Some(op) = pe.op.as_deref() else {
            if val.is_unset() && self.st.opts.nounset && !is_at_star(pe) {
                return self.unbound(pe).await;
            }
            push_value(val, dq, &self.ifs(), out);
            return Ok(());
        };
        match op {
            ParamOp::Length => {
                let var_missing = match &pe.param {
                    Parameter::Named(n) => {
                        self.st.vars.get(n).is_none() && self.special_array(n).is_none()
                    }
                    _ => val.is_unset(),
                };
                if self.st.opts.nounset
                    && !matches!(pe.param, Parameter::Special('@' | '*'))
                    && val.is_unset()
                    && (pe.subscript.is_none() || var_missing)
                {
                    return self.unbound(pe).await;
                }
                let n = match &val {
                    PVal::List(v, _) => v.len(),
                    PVal::Scalar(s) => self.char_count(s),
                    PVal::Unset => 0,
                };
                push_value(PVal::Scalar(n.to_string()), dq, "", out);
            }
            ParamOp::Default { kind, colon, word } => {
                let missing = if *colon {
                    val.is_null()
                } else {
                    val.is_unset()
                };
                match kind {
                    DefaultKind::UseDefault => {
                        if missing {
                            self.expand_word_parts(word, dq, out).await?;
                        } else {
                            push_value(val, dq, &self.ifs(), out);
                        }
                    }
                    DefaultKind::Alternative => {
                        if !missing {
                            self.expand_word_parts(word, dq, out).await?;
                        } else if dq {
                            // "${x:+w}" with x unset is an empty field.
                        }
                    }
                    DefaultKind::Assign => {
                        if missing {
                            let v = self.expand_string(word).await?;
                            let target = match (&pe.param, &pe.subscript) {
                                (Parameter::Named(n), None) => n.to_string(),
                                (Parameter::Named(n), Some(Subscript::Index(w))) => {
                                    let t = self.expand_string(w).await?;
                                    format!("{n}[{t}]")
                                }
                                _ => {
                                    let n = Self::param_name(pe);
                                    self.error(&format!("${n}: cannot assign in this way"))
                                        .await?;
                                    return Err(Ctl::Abort(1));
                                }
                            };
                            if let Err(m) = self.set_var(&target, v.clone()) {
                                self.error(&m).await?;
                                return Err(Ctl::Abort(1));
                            }
                            let stored = self.get_scalar(&target).unwrap_or(v);
                            push_value(PVal::Scalar(stored), dq, "", out);
                        } else {
                            push_value(val, dq, &self.ifs(), out);
                        }
                    }
                    DefaultKind::Error => {
                        if missing {
                            let msg = self.expand_string(word).await?;
                            let n = Self::param_name(pe);
                            let msg = if msg.is_empty() {
                                if *colon {
                                    "parameter null or not set".to_string()
                                } else {
                                    "parameter not set".to_string()
                                }
                            } else {
                                msg
                            };
                            self.error(&format!("{n}: {msg}")).await?;
                            self.st.expansion_exit = true;
                            return Err(Ctl::Exit(1));
                        }
                        push_value(val, dq, &self.ifs(), out);
                    }
                }
            }
            _ => {
                if val.is_unset() && self.st.opts.nounset && !is_at_star(pe) {
                    return self.unbound(pe).await;
                }
                let v = self.apply_op(op, val, pe).await?;
                push_value(v, dq, &self.ifs(), out);
            }
        }
        Ok(())
    }

    async fn unbound(&mut self, pe: &ParamExpansion) -> R<()> {
        let mut n = Self::param_name(pe);
        if let Some(Subscript::Index(w)) = &pe.subscript {
            let t = self.expand_string(w).await?;
            n = format!("{n}[{t}]");
        }
        self.error(&format!("{n}: unbound variable")).await?;
        self.st.expansion_exit = true;
        Err(Ctl::Exit(1))
    }

    /// Expand the word of `${x:-word}` in the surrounding quoting.
    async fn expand_word_parts(
        &mut self,
        w: &toolsh_parser::Word,
        dq: bool,
        out: &mut Vec<Piece>,
    ) -> R<()> {
        if dq && w.parts.is_empty() {
            return Ok(());
        }
        let start = out.len();
        for (i, p) in w.parts.iter().enumerate() {
            // A leading `~` in the word is a tilde prefix.
            if i == 0
                && !dq
                && let toolsh_parser::WordPart::Literal(s) = p
                && let Some(rest) = s.strip_prefix('~')
            {
                let (user, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
                if user.is_empty() {
                    let home = self.get_scalar("HOME").unwrap_or_else(|| "~".into());
                    out.push(Piece::Quoted(home));
                    out.push(Piece::Lit(tail.to_string()));
                    continue;
                }
            }
            self.expand_part(p, dq, out).await?;
        }
        if !dq {
            // The word's own literal text is part of the expansion result:
            // it is split too.
            for p in &mut out[start..] {
                if let Piece::Lit(s) = p {
                    *p = Piece::Split(std::mem::take(s));
                }
            }
        }
        Ok(())
    }

    async fn compile(&mut self, w: &toolsh_parser::Word) -> R<Pattern> {
        let extglob = self.st.opts.extglob;
        self.compile_with(w, extglob).await
    }

    /// Compile a pattern word, recognising extended patterns when
    /// `extglob`.
    async fn compile_with(&mut self, w: &toolsh_parser::Word, extglob: bool) -> R<Pattern> {
        let text = self.expand_pattern(w).await?;
        Ok(Pattern::new(
            &text,
            PatternOptions {
                extglob,
                nocase: false,
            },
        )
        .unwrap_or_else(|_| {
            Pattern::new("", PatternOptions::default()).expect("empty pattern compiles")
        }))
    }

    async fn apply_op(&mut self, op: &ParamOp, val: PVal, pe: &ParamExpansion) -> R<PVal> {
        Ok(match op {
            ParamOp::RemovePrefix { longest, pattern } => {
                let p = self.compile(pattern).await?;
                let longest = *longest;
                self.with_pattern_budget(|b| {
                    val.try_map(|s| {
                        let chars: Vec<char> = s.chars().collect();
                        Ok(match p.match_at(&chars, 0, longest, b)? {
                            Some(e) => chars[e..].iter().collect(),
                            None => s,
                        })
                    })
                })?
            }
            ParamOp::RemoveSuffix { longest, pattern } => {
                let p = self.compile(pattern).await?;
                let longest = *longest;
                self.with_pattern_budget(|b| {
                    val.try_map(|s| {
                        let chars: Vec<char> = s.chars().collect();
                        Ok(match p.matcher(&chars).suffix(longest, b)? {
                            Some(st) => chars[..st].iter().collect(),
                            None => s,
                        })
                    })
                })?
            }
            ParamOp::Replace {
                mode,
                pattern,
                replacement,
            } => {
                let p = self.compile(pattern).await?;
                let rep = match replacement {
                    Some(w) => self.expand_replacement(w).await?,
                    None => Vec::new(),
                };
                let mode = *mode;
                let empty_pat = pattern.parts.is_empty();
                let max = self.sh.limits.max_variable_bytes;
                self.with_pattern_budget(|b| {
                    val.try_map(|s| replace(&s, &p, &rep, mode, empty_pat, max, b))
                })?
            }
            ParamOp::Substring { offset, length } => {
                // bash 5.2 rejects an empty offset without a length
                // (`${x:}`) when it expands the word: "bad substitution",
                // status 1, the rest of the command line abandoned.
                // `${x::2}` and `${x: }` are fine (offset 0).
                if length.is_none()
                    && matches!(offset, toolsh_parser::ArithExpr::Deferred(w) if w.parts.is_empty())
                {
                    let text = empty_offset_text(pe);
                    self.error(&format!("{text}: bad substitution")).await?;
                    return Err(Ctl::Abort(1));
                }
                let off = self.arith_expand(offset).await?;
                let len = match length {
                    Some(l) => Some(self.arith_expand(l).await?),
                    None => None,
                };
                self.substring(val, off, len, pe).await?
            }
            ParamOp::Case { mode, pattern } => {
                // bash 5.2 matches each character against the pattern
                // with extended patterns on whatever `extglob` says
                // (`s=abc; echo ${s^^@(c)}` prints `abC`).
                let p = match pattern {
                    Some(w) => Some(self.compile_with(w, true).await?),
                    None => None,
                };
                let mode = *mode;
                self.with_pattern_budget(|b| val.try_map(|s| case_mod(&s, mode, p.as_ref(), b)))?
            }
            ParamOp::Transform(c) => self.transform(*c, val, pe).await?,
            ParamOp::Length
            | ParamOp::Default { .. }
            | ParamOp::PrefixNames { .. }
            | ParamOp::Keys { .. } => val,
        })
    }

    /// The replacement of `${x/p/r}` as segments (`true` = an unquoted `&`
    /// stands for the match, with `patsub_replacement`).
    async fn expand_replacement(&mut self, w: &toolsh_parser::Word) -> R<Vec<(String, bool)>> {
        let mut pieces = Vec::new();
        for p in &w.parts {
            self.expand_part(p, false, &mut pieces).await?;
        }
        let active = self.st.opts.patsub_replacement;
        let mut out = Vec::new();
        for p in pieces {
            match p {
                Piece::Lit(s) | Piece::Split(s) => {
                    // An unquoted backslash-escape of & arrives as Quoted.
                    out.push((s, active));
                }
                Piece::Quoted(s) => out.push((s, false)),
                Piece::Fields { items, .. } => out.push((items.join(" "), false)),
            }
        }
        Ok(out)
    }

    async fn substring(
        &mut self,
        val: PVal,
        off: i64,
        len: Option<i64>,
        pe: &ParamExpansion,
    ) -> R<PVal> {
        Ok(match val {
            PVal::Unset => PVal::Unset,
            PVal::Scalar(s) => {
                let chars: Vec<char> = s.chars().collect();
                let n = chars.len() as i64;
                let start = if off < 0 { n + off } else { off };
                if start < 0 || start > n {
                    return Ok(PVal::Scalar(String::new()));
                }
                let end = match len {
                    None => n,
                    Some(l) if l < 0 => {
                        let e = n + l;
                        if e < start {
                            self.error(&format!("{l}: substring expression < 0"))
                                .await?;
                            return Err(Ctl::Abort(1));
                        }
                        e
                    }
                    Some(l) => start.saturating_add(l).min(n),
                };
                PVal::Scalar(chars[start as usize..end as usize].iter().collect())
            }
            PVal::List(items, star) => {
                // "$@" slices count $0 as position 0.
                let positional = matches!(pe.param, Parameter::Special('@' | '*'));
                let mut all = items;
                if positional {
                    all.insert(0, self.st.arg0.clone());
                }
                let n = all.len() as i64;
                let assoc = !positional
                    && matches!(&pe.param, Parameter::Named(name)
                        if self.st.vars.get(name).is_some_and(|v| matches!(v.value, Value::Assoc(_))));
                let mut sel: Vec<String> = if assoc {
                    // bash (assoc.c `assoc_subrange`) counts n + 1
                    // positions and skips offset - 1 values: offsets 0
                    // and 1 both start at the first, -1 is the last.
                    let start = if off < 0 { off + n + 1 } else { off };
                    if start < 0 {
                        return Ok(PVal::List(Vec::new(), star));
                    }
                    let skip = usize::try_from(start.max(1) - 1).unwrap_or(usize::MAX);
                    all.into_iter().skip(skip).collect()
                } else {
                    // Sparse arrays: offsets are indices, not positions.
                    let keys: Vec<i64> = match (&pe.param, positional) {
                        (Parameter::Named(name), false) => self
                            .array_keys(name)
                            .iter()
                            .map(|k| k.parse().unwrap_or(0))
                            .collect(),
                        _ => (0..n).collect(),
                    };
                    let last = keys.last().map_or(0, |k| k.saturating_add(1));
                    let start = if off < 0 {
                        last.saturating_add(off)
                    } else {
                        off
                    };
                    if start < 0 {
                        return Ok(PVal::List(Vec::new(), star));
                    }
                    keys.iter()
                        .zip(all)
                        .filter(|(k, _)| **k >= start)
                        .map(|(_, v)| v)
                        .collect()
                };
                if let Some(l) = len {
                    if l < 0 {
                        self.error(&format!("{l}: substring expression < 0"))
                            .await?;
                        return Err(Ctl::Abort(1));
                    }
                    sel.truncate(usize::try_from(l).unwrap_or(usize::MAX));
                }
                PVal::List(sel, star)
            }
        })
    }
}

fn is_at_star(pe: &ParamExpansion) -> bool {
    matches!(pe.param, Parameter::Special('@' | '*'))
        || matches!(pe.subscript, Some(Subscript::At | Subscript::Star))
}

/// Push a value as pieces for the quoting context.
pub(crate) fn push_value(v: PVal, dq: bool, ifs: &str, out: &mut Vec<Piece>) {
    match v {
        PVal::Unset => {
            if dq {
                out.push(Piece::Quoted(String::new()));
            }
        }
        PVal::Scalar(s) => out.push(if dq {
            Piece::Quoted(s)
        } else {
            Piece::Split(s)
        }),
        PVal::List(items, star) => {
            if dq && star {
                let sep = ifs.chars().next().map(String::from).unwrap_or_default();
                out.push(Piece::Quoted(items.join(&sep)));
            } else {
                out.push(Piece::Fields {
                    items,
                    quoted: dq,
                    star,
                });
            }
        }
    }
}

/// `${name:}` / `${name[@]:}` as written, for the "bad substitution"
/// message of an empty substring offset.
fn empty_offset_text(pe: &ParamExpansion) -> String {
    let name = match &pe.param {
        Parameter::Named(n) => n.to_string(),
        Parameter::Positional(p) => p.to_string(),
        Parameter::Special(c) => c.to_string(),
    };
    let sub = match &pe.subscript {
        Some(Subscript::At) => "[@]",
        Some(Subscript::Star) => "[*]",
        Some(Subscript::Index(_)) => "[...]",
        None => "",
    };
    format!("${{{name}{sub}:}}")
}
