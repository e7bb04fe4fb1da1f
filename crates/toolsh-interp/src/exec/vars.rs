//! Reading and assigning variables with attributes, arrays and namerefs
//! (bash manual 3.4, 6.7 "Arrays"); the dynamic special variables they
//! consult first are in `special_vars`.

use std::collections::BTreeMap;

use toolsh_parser::{ArrayItem, AssignValue, Assignment};

use super::special_vars::maybe_special;
use super::{Ctl, Interp, R};
use crate::limits::{Interrupt, LimitKind, within_buffer};
use crate::state::assoc::AssocArray;
use crate::state::{Value, Var, attr};

/// A subscript after expansion.
#[derive(Debug, Clone)]
pub(crate) enum Key {
    /// An indexed-array index (negative counts from the end).
    Index(i64),
    /// An associative-array key.
    Assoc(String),
}

/// Split `name[sub]` into the name and the subscript text.
pub(crate) fn split_subscript(s: &str) -> (&str, Option<&str>) {
    if let Some(open) = s.find('[')
        && s.ends_with(']')
    {
        return (&s[..open], Some(&s[open + 1..s.len() - 1]));
    }
    (s, None)
}

/// `true` for a valid variable name.
pub(crate) fn is_name(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(ch) if ch == '_' || ch.is_ascii_alphabetic())
        && c.all(|ch| ch == '_' || ch.is_ascii_alphanumeric())
}

impl Interp {
    /// The scalar value of a variable (specials included); element 0 of an
    /// array. `name` may be `a[sub]` with a literal subscript.
    pub fn get_scalar(&mut self, name: &str) -> Option<String> {
        if let Some(v) = self.special_scalar(name) {
            return Some(v);
        }
        let resolved = self.st.vars.resolve(name).to_string();
        if let (base, Some(sub)) = split_subscript(&resolved) {
            return self.get_element_text(base, sub);
        }
        self.st
            .vars
            .get_raw(&resolved)?
            .scalar_value()
            .map(str::to_string)
    }

    /// The value of a plain variable, borrowed: `None` for a name that may
    /// be a dynamic variable (`$RANDOM`, `$LINENO`, ...), an array element
    /// or an unset or array variable. A fast path for [`Interp::get_scalar`].
    pub fn plain_scalar(&self, name: &str) -> Option<&str> {
        if maybe_special(name) {
            return None;
        }
        let var = self.st.vars.get_raw(name)?;
        let var = if var.has(crate::state::attr::NAMEREF) {
            let resolved = self.st.vars.resolve(name);
            if resolved.ends_with(']') {
                return None;
            }
            self.st.vars.get_raw(resolved)?
        } else {
            var
        };
        match &var.value {
            Value::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// [`Interp::get_scalar`] without side effects (`$RANDOM` is not
    /// advanced).
    pub fn get_scalar_ref(&self, name: &str) -> Option<String> {
        let resolved = self.st.vars.resolve(name);
        self.st
            .vars
            .get_raw(resolved)?
            .scalar_value()
            .map(str::to_string)
    }

    fn get_element_text(&mut self, base: &str, sub: &str) -> Option<String> {
        let var = self.st.vars.get(base)?;
        match &var.value {
            Value::Assoc(a) => a.get(sub).map(str::to_string),
            Value::Indexed(_) | Value::Scalar(_) | Value::Unset => {
                let i = self.eval_text(sub).ok()?;
                self.get_index(base, i)
            }
        }
    }

    /// Element `i` of an indexed array (negative from the end); a scalar
    /// is element 0 (and has no negative index: bash 5.2 reports
    /// `${s[-1]}` of a scalar as a bad array subscript, see
    /// [`Interp::bad_negative_index`]).
    pub fn get_index(&self, name: &str, i: i64) -> Option<String> {
        let var = self.st.vars.get(name)?;
        match &var.value {
            Value::Indexed(m) => {
                let idx = if i < 0 {
                    m.keys().next_back().and_then(|&k| k.checked_add(i + 1))?
                } else {
                    i
                };
                m.get(&idx).cloned()
            }
            Value::Scalar(s) if i == 0 => Some(s.clone()),
            Value::Assoc(a) => a.get(&i.to_string()).map(str::to_string),
            _ => None,
        }
    }

    /// Whether index `i` of `name` is a "bad array subscript" (bash 5.2,
    /// arrayfunc.c): a negative index before the first element of an
    /// indexed array, or any negative index of a scalar or an unset
    /// variable. Associative arrays take any key.
    pub fn bad_negative_index(&self, name: &str, i: i64) -> bool {
        if i >= 0 {
            return false;
        }
        match self.st.vars.get(name).map(|v| &v.value) {
            Some(Value::Indexed(m)) => m
                .keys()
                .next_back()
                .is_none_or(|&k| k.checked_add(i + 1).is_none_or(|x| x < 0)),
            Some(Value::Assoc(_)) => false,
            _ => true,
        }
    }

    /// Assign a scalar (honouring namerefs, `-i`, `-l`, `-u`, readonly;
    /// an array's element 0). Errors are bash's messages.
    pub fn set_var(&mut self, name: &str, value: String) -> Result<(), String> {
        self.assign_scalar(name, value, false)
    }

    /// `name=value` or `name+=value`.
    pub fn assign_scalar(&mut self, name: &str, value: String, append: bool) -> Result<(), String> {
        // The common case first: `name=value` on an existing plain string
        // variable (no attributes, no nameref, not a special name).
        if !append
            && !self.st.opts.allexport
            && name != "GLOBIGNORE"
            && name != "RANDOM"
            && value.len() <= self.sh.limits.max_variable_bytes
            && let Some(Var {
                value: Value::Scalar(s),
                attrs: 0,
            }) = self.st.vars.get_raw_mut(name)
        {
            let grown = value.len() + name.len();
            *s = value;
            return self.charge_var_bytes(grown);
        }
        if self.st.vars.circular(name) {
            // bash 5.2 (variables.c `bind_variable`): a global cycle is an
            // error; a function's own cycle leaves everything unchanged.
            if self.st.vars.is_local(name) {
                return Ok(());
            }
            return Err(super::nameref::circular_message(name));
        }
        let resolved = self.st.vars.resolve(name).to_string();
        if let (base, Some(sub)) = split_subscript(&resolved) {
            let base = base.to_string();
            let key = self.key_for(&base, sub).map_err(|e| e.clone())?;
            return self.assign_elem(&base, key, value, append);
        }
        let name = resolved.as_str();
        if !is_name(name) {
            return Err(format!("`{name}': not a valid identifier"));
        }
        if name == "RANDOM" && !self.st.random_unset {
            let seed = self.eval_text(&value).unwrap_or(0);
            self.st.rng = seed as u64;
            return Ok(());
        }
        let allexport = self.st.opts.allexport;
        let attrs = self.st.vars.get_raw(name).map_or(0, |v| v.attrs);
        if attrs & attr::READONLY != 0 {
            return Err(format!("{name}: readonly variable"));
        }
        let mut value = value;
        if append
            && attrs & (attr::INTEGER | attr::LOWER | attr::UPPER) == 0
            && !allexport
            && name != "GLOBIGNORE"
        {
            // `s+=x` on a plain string: grow it in place and charge only
            // the new bytes, so n appends cost O(n), not O(n^2).
            let max = self.sh.limits.max_variable_bytes;
            if let Some(Var {
                value: Value::Scalar(s),
                ..
            }) = self.st.vars.get_raw_mut(name)
            {
                if s.len() + value.len() > max {
                    return Err(limit_msg(LimitKind::VariableBytes, max));
                }
                s.push_str(&value);
                return self.charge_var_bytes(value.len());
            }
        }
        if attrs & attr::INTEGER != 0 {
            let n = self.eval_text(&value).map_err(|e| e.to_string())?;
            let n = if append {
                let old = self.get_scalar_ref(name).unwrap_or_default();
                self.eval_text(&old).unwrap_or(0).wrapping_add(n)
            } else {
                n
            };
            value = n.to_string();
        } else if append {
            let old = self
                .st
                .vars
                .get_raw(name)
                .and_then(Var::scalar_value)
                .unwrap_or("");
            let mut s = String::with_capacity(old.len() + value.len());
            s.push_str(old);
            s.push_str(&value);
            value = s;
        }
        value = case_convert(attrs, value);
        if value.len() > self.sh.limits.max_variable_bytes {
            return Err(limit_msg(
                LimitKind::VariableBytes,
                self.sh.limits.max_variable_bytes,
            ));
        }
        let grown = value.len() + name.len();
        if name == "GLOBIGNORE" && !value.is_empty() {
            // Setting GLOBIGNORE turns dotglob on (bash manual 4.3.2).
            self.st.opts.dotglob = true;
        }
        let var = self.st.vars.entry_global(name);
        if allexport {
            var.attrs |= attr::EXPORT;
        }
        match &mut var.value {
            Value::Indexed(m) => {
                m.insert(0, value);
            }
            Value::Assoc(a) => a.insert("0".to_string(), value),
            v => *v = Value::Scalar(value),
        }
        self.charge_var_bytes(grown)
    }

    /// `true` when the character-type locale is UTF-8: the first set and
    /// non-empty of `LC_ALL`, `LC_CTYPE`, `LANG` names a UTF-8 codeset
    /// ([`crate::Locale::from_name`]); with none set, the shell's
    /// [`crate::ShellBuilder::locale`]. In the C locale a character is a
    /// byte (`${#x}` counts bytes, `\u` escapes above ASCII are not
    /// decoded), as bash 5.2 behaves.
    pub fn utf8_locale(&self) -> bool {
        crate::Locale::from_vars(
            |n| self.st.vars.get(n).and_then(Var::scalar_value),
            self.sh.locale,
        )
        .is_utf8()
    }

    /// Charge `grown` bytes of new variable storage against
    /// [`crate::ExecutionLimits::max_total_variable_bytes`].
    /// The growth is also held against the execution's memory budget
    /// ([`crate::ExecutionLimits::max_memory_bytes`]) with the cost of a
    /// new entry ([`crate::state::ENTRY_BYTES`]: an array of a million
    /// one-byte elements holds about 80 MB, not 9), once per (sub)shell
    /// that makes it: a forked shell writing a shared scope copies it.
    pub fn charge_var_bytes(&mut self, grown: usize) -> Result<(), String> {
        self.charge_var_entries(grown, 1)
    }

    /// [`Interp::charge_var_bytes`] for `entries` new entries holding
    /// `grown` bytes between them (a run of array elements).
    pub fn charge_var_entries(&mut self, grown: usize, entries: usize) -> Result<(), String> {
        let max = self.sh.limits.max_total_variable_bytes;
        if !self.st.vars.charge_bytes(grown, max) {
            return Err(limit_msg(LimitKind::TotalVariableBytes, max));
        }
        let held = grown.saturating_add(entries.saturating_mul(crate::state::ENTRY_BYTES));
        if self.var_charge.grow(held).is_err() {
            // The running charge never subtracts what was freed: bring it
            // down to the exact size of the variables, then try again.
            let exact = self
                .st
                .vars
                .total_memory_bytes()
                .min(self.var_charge.bytes());
            let _ = self.var_charge.resize(exact);
            if self.var_charge.grow(held).is_err() {
                return Err(limit_msg(
                    LimitKind::Memory,
                    self.sh.limits.max_memory_bytes,
                ));
            }
        }
        Ok(())
    }

    /// The key for subscript text of array `base`.
    pub fn key_for(&mut self, base: &str, sub: &str) -> Result<Key, String> {
        let is_assoc = self
            .st
            .vars
            .get(base)
            .is_some_and(|v| matches!(v.value, Value::Assoc(_)) || v.has(attr::ASSOC));
        if is_assoc {
            return Ok(Key::Assoc(sub.to_string()));
        }
        self.eval_text(sub)
            .map(Key::Index)
            .map_err(|e| e.to_string())
    }

    /// Assign one array element.
    pub fn assign_elem(
        &mut self,
        name: &str,
        key: Key,
        value: String,
        append: bool,
    ) -> Result<(), String> {
        let resolved = self.resolve_for_array(name);
        let name = resolved.as_str();
        let attrs = self.st.vars.get_raw(name).map_or(0, |v| v.attrs);
        if attrs & attr::READONLY != 0 {
            return Err(format!("{name}: readonly variable"));
        }
        let mut value = value;
        let mut append = append;
        if attrs & attr::INTEGER != 0 {
            let mut n = self.eval_text(&value).map_err(|e| e.to_string())?;
            if append {
                let old = match &key {
                    Key::Index(i) => self.get_index(name, *i),
                    Key::Assoc(k) => self.st.vars.get(name).and_then(|v| match &v.value {
                        Value::Assoc(a) => a.get(k).map(str::to_string),
                        _ => None,
                    }),
                };
                n = n.wrapping_add(old.map_or(0, |o| self.eval_text(&o).unwrap_or(0)));
                append = false;
            }
            value = n.to_string();
        }
        value = case_convert(attrs, value);
        if value.len() > self.sh.limits.max_variable_bytes {
            return Err(limit_msg(
                LimitKind::VariableBytes,
                self.sh.limits.max_variable_bytes,
            ));
        }
        let max_entries = self.sh.limits.max_array_entries;
        let max_bytes = self.sh.limits.max_variable_bytes;
        let grown = value.len()
            + 8
            + match &key {
                Key::Assoc(k) => k.len(),
                Key::Index(_) => 0,
            };
        let var = self.st.vars.entry_global(name);
        if matches!(var.value, Value::Unset | Value::Scalar(_)) {
            let old = match std::mem::replace(&mut var.value, Value::Unset) {
                Value::Scalar(s) => Some(s),
                _ => None,
            };
            if var.has(attr::ASSOC) {
                let mut a = AssocArray::default();
                if let Some(s) = old {
                    a.insert("0".into(), s);
                }
                var.value = Value::Assoc(Box::new(a));
            } else {
                let mut m = BTreeMap::new();
                if let Some(s) = old {
                    m.insert(0, s);
                }
                var.value = Value::Indexed(m);
                var.attrs |= attr::INDEXED;
            }
        }
        match (&mut var.value, key) {
            (Value::Indexed(m), Key::Index(i)) => {
                let idx = if i < 0 {
                    let last = m.keys().next_back().copied();
                    match last.and_then(|l| l.checked_add(i + 1)) {
                        Some(idx) if idx >= 0 => idx,
                        _ => return Err(format!("{name}[{i}]: bad array subscript")),
                    }
                } else {
                    i
                };
                if !m.contains_key(&idx) && m.len() >= max_entries {
                    return Err(limit_msg(LimitKind::ArrayEntries, max_entries));
                }
                let slot = m.entry(idx).or_default();
                if append {
                    if slot.len() + value.len() > max_bytes {
                        return Err(limit_msg(LimitKind::VariableBytes, max_bytes));
                    }
                    slot.push_str(&value);
                } else {
                    *slot = value;
                }
            }
            (Value::Indexed(m), Key::Assoc(k)) => {
                m.insert(k.parse().unwrap_or(0), value);
            }
            (Value::Assoc(_), Key::Assoc(k)) if k.is_empty() => {
                return Err(format!("{name}[]: bad array subscript"));
            }
            (Value::Assoc(a), Key::Assoc(k)) => {
                if a.get(&k).is_none() && a.len() >= max_entries {
                    return Err(limit_msg(LimitKind::ArrayEntries, max_entries));
                }
                if append {
                    if a.get(&k).map_or(0, str::len) + value.len() > max_bytes {
                        return Err(limit_msg(LimitKind::VariableBytes, max_bytes));
                    }
                    let mut old = a.get(&k).unwrap_or("").to_string();
                    old.push_str(&value);
                    a.insert(k, old);
                } else {
                    a.insert(k, value);
                }
            }
            (Value::Assoc(a), Key::Index(i)) => a.insert(i.to_string(), value),
            _ => {}
        }
        self.charge_var_bytes(grown)
    }

    /// Run an assignment statement (`name=value`, `a[i]=v`, `a=(...)`).
    /// `Ok(false)` after reporting an error. With `export`, the variable is
    /// marked exported (temporary environment of a command).
    pub async fn assign_stmt(&mut self, a: &Assignment, export: bool) -> R<bool> {
        if self.st.opts.xtrace {
            // traced by the caller for commands; keep assignments quiet
        }
        if export && let (Some(sub), AssignValue::Scalar(_)) = (&a.subscript, &a.value) {
            // bash 5.2 takes no array element into a command's temporary
            // environment: it reports the word as written and runs the
            // command (`a[0]=5 echo hi` prints `hi`, `a` is unchanged).
            let raw = self
                .source
                .get(sub.span.start as usize..sub.span.end as usize)
                .unwrap_or_default()
                .to_string();
            self.error(&format!("`{}[{raw}]': not a valid identifier", a.name))
                .await?;
            return Ok(true);
        }
        let r = match &a.value {
            AssignValue::Scalar(w) => {
                let v = self.expand_assign_value(w).await?;
                match &a.subscript {
                    Some(sub) => {
                        let subtext = self.expand_string(sub).await?;
                        match self.key_for(&a.name, &subtext) {
                            Ok(k) => self.assign_elem(&a.name, k, v, a.append),
                            Err(e) => Err(e),
                        }
                    }
                    None => {
                        if export {
                            // The temporary environment: a new variable in
                            // the temp scope, exported.
                            let old_attrs = self.st.vars.get(&a.name).map_or(0, |v| v.attrs);
                            if old_attrs & attr::READONLY != 0 {
                                // bash 5.2 reports it and runs the command
                                // anyway (`R=2 echo hi` prints `hi`, $? 0).
                                // Under `set -e` it exits first ([`Interp::report_error`]).
                                self.report_error(&format!("{}: readonly variable", a.name))
                                    .await?;
                                return Ok(true);
                            }
                            let v = if a.append {
                                let mut o = self.get_scalar_ref(&a.name).unwrap_or_default();
                                o.push_str(&v);
                                o
                            } else {
                                v
                            };
                            let max = self.sh.limits.max_variable_bytes;
                            if v.len() > max {
                                return Err(Ctl::Interrupt(Interrupt::limit(
                                    LimitKind::VariableBytes,
                                    max,
                                )));
                            }
                            let grown = v.len() + a.name.len();
                            self.st.vars.set_innermost(
                                &a.name,
                                Var {
                                    value: Value::Scalar(v),
                                    attrs: attr::EXPORT | (old_attrs & !attr::READONLY),
                                },
                            );
                            self.charge_var_bytes(grown)
                        } else {
                            self.assign_scalar(&a.name, v, a.append)
                        }
                    }
                }
            }
            AssignValue::Array(items) => {
                Box::pin(self.assign_array(&a.name, items, a.append, false)).await?
            }
        };
        match r {
            Ok(()) => Ok(true),
            Err(m) => self.report_stmt_error(m).await,
        }
    }

    /// Report an assignment error: limits stop the script, others print
    /// (a builtin such as `declare`, `read` or `printf -v` then fails
    /// with status 1 and the line goes on, as in bash 5.2).
    ///
    /// A readonly variable or a bad array subscript is reported as bash's
    /// `report_error` does ([`Interp::report_error`]): `set -e` exits.
    pub async fn report_assign_error(&mut self, m: String) -> R<bool> {
        if let Some(i) = parse_limit_msg(&m) {
            return Err(Ctl::Interrupt(i));
        }
        if is_report_error(&m) {
            self.report_error(&m).await?;
        } else {
            self.error(&m).await?;
        }
        Ok(false)
    }

    /// An assignment statement's error. Assigning to a readonly variable
    /// abandons the current top-level command with status 1 and the
    /// script goes on with the next line, as bash 5.2 does outside POSIX
    /// mode (`readonly R=1`, then `R=2; echo a` on one line and `echo
    /// "next $?"` on the next prints only `next 1`; POSIX 2.8.1 would
    /// exit the shell).
    ///
    /// A bad array subscript (`x[-3]=1` on two elements) abandons the
    /// command the same way.
    pub async fn report_stmt_error(&mut self, m: String) -> R<bool> {
        let abandon = is_report_error(&m) || m.ends_with(": circular name reference");
        let r = self.report_assign_error(m).await?;
        if abandon {
            return Err(Ctl::Abort(1));
        }
        Ok(r)
    }

    /// `name=(items)`; `local` places it in the innermost scope.
    pub async fn assign_array(
        &mut self,
        name: &str,
        items: &[ArrayItem],
        append: bool,
        local: bool,
    ) -> R<Result<(), String>> {
        let resolved = self.resolve_for_array(name);
        let name = resolved.as_str();
        let existing = self.st.vars.get_raw(name).map_or(0, |v| v.attrs);
        if existing & attr::READONLY != 0 {
            return Ok(Err(format!("{name}: readonly variable")));
        }
        let is_assoc = existing & attr::ASSOC != 0
            || self
                .st
                .vars
                .get_raw(name)
                .is_some_and(|v| matches!(v.value, Value::Assoc(_)));
        // Expand every item first (bash evaluates the list before assigning).
        // The list is checked as it grows (entries and bytes), not once
        // built: `a=($x $x ...)` must stop at the bound, not past it.
        let mut pairs: Vec<(Option<String>, String, bool)> = Vec::new();
        let mut bytes: usize = 0;
        let mut v = Vec::new();
        // bash 5.1+: an associative list whose first word is not `[key]=`
        // is key/value pairs (arrayfunc.c `assign_assoc_from_kvlist`).
        let kv = is_assoc && matches!(items.first(), Some(ArrayItem::Value(_)));
        let mut pending_key: Option<String> = None;
        for it in items {
            match it {
                _ if kv => {
                    let word = self.kv_word(it).await?;
                    bytes = bytes.saturating_add(word.len());
                    match pending_key.take() {
                        None => pending_key = Some(word),
                        Some(k) => pairs.push((Some(k), word, false)),
                    }
                }
                ArrayItem::Value(w) => {
                    self.expand_word_counted(w, &mut v, &mut bytes).await?;
                    pairs.extend(v.drain(..).map(|s| (None, s, false)));
                }
                ArrayItem::Keyed { key, value, append } => {
                    let k = self.expand_string(key).await?;
                    let v = self.expand_assign_value(value).await?;
                    bytes = bytes.saturating_add(v.len());
                    pairs.push((Some(k), v, *append));
                }
            }
            if pairs.len() > self.sh.limits.max_array_entries {
                return Err(Ctl::Interrupt(Interrupt::limit(
                    LimitKind::ArrayEntries,
                    self.sh.limits.max_array_entries,
                )));
            }
            within_buffer(bytes, self.sh.limits.max_buffer_bytes).map_err(Ctl::Interrupt)?;
        }
        if let Some(k) = pending_key {
            // A key without a value gets the empty string.
            pairs.push((Some(k), String::new(), false));
        }
        {
            let var = if local {
                self.st.vars.entry_local(name).0
            } else {
                self.st.vars.entry_global(name)
            };
            if !append || !var.is_array() {
                let keep_old = append
                    .then(|| match &var.value {
                        Value::Scalar(s) => Some(s.clone()),
                        _ => None,
                    })
                    .flatten();
                if is_assoc {
                    var.value = Value::Assoc(Box::default());
                    var.attrs |= attr::ASSOC;
                } else {
                    let mut m = BTreeMap::new();
                    if let Some(s) = keep_old {
                        m.insert(0, s);
                    }
                    var.value = Value::Indexed(m);
                    var.attrs |= attr::INDEXED;
                }
            }
        }
        let mut next: i64 = match self.st.vars.get_raw(name).map(|v| &v.value) {
            Some(Value::Indexed(m)) => m.keys().next_back().map_or(0, |k| k.wrapping_add(1)),
            _ => 0,
        };
        for (k, v, app) in pairs {
            let key = match k {
                Some(k) if kv && k.is_empty() => {
                    // bash reports the pair and goes on with the next.
                    self.error("'': bad array subscript").await?;
                    continue;
                }
                Some(k) if is_assoc => Key::Assoc(k),
                Some(k) => match self.eval_text(&k) {
                    Ok(i) => Key::Index(i),
                    Err(e) => return Ok(Err(e.to_string())),
                },
                None if is_assoc => {
                    // bash reports the word and assigns the rest.
                    self.error(&format!(
                        "{name}: {v}: must use subscript when assigning associative array"
                    ))
                    .await?;
                    continue;
                }
                None => Key::Index(next),
            };
            if let Key::Index(i) = key {
                next = i.wrapping_add(1);
            }
            if let Err(e) = self.assign_elem(name, key, v, app) {
                return Ok(Err(e));
            }
        }
        Ok(Ok(()))
    }

    /// One word of a key/value-pair list, expanded as an assignment value
    /// (no splitting, no globbing); a `[key]=value` word among pairs is
    /// text like any other (bash keys it as `[key]=value`).
    async fn kv_word(&mut self, item: &ArrayItem) -> R<String> {
        Ok(match item {
            ArrayItem::Value(w) => self.expand_assign_value(w).await?,
            ArrayItem::Keyed { key, value, append } => {
                let mut s = format!("[{}]", self.expand_string(key).await?);
                s.push_str(if *append { "+=" } else { "=" });
                s.push_str(&self.expand_assign_value(value).await?);
                s
            }
        })
    }

    /// Unset a variable or element (`unset name`, `unset 'a[i]'`).
    pub fn unset_var(&mut self, name: &str) -> Result<(), String> {
        let (base, sub) = split_subscript(name);
        if let Some(sub) = sub {
            let resolved = self.st.vars.resolve(base).to_string();
            let key = if sub == "@" || sub == "*" {
                None
            } else {
                Some(self.key_for(&resolved, sub)?)
            };
            if let Some(v) = self.st.vars.get_raw(&resolved)
                && v.has(attr::READONLY)
            {
                return Err(format!("{resolved}: cannot unset: readonly variable"));
            }
            let Some(var) = self.st.vars.get_raw_mut(&resolved) else {
                return Ok(());
            };
            match (&mut var.value, key) {
                (Value::Indexed(m), None) => m.clear(),
                (Value::Assoc(a), None) => **a = AssocArray::default(),
                (Value::Indexed(m), Some(Key::Index(i))) => {
                    let idx = if i < 0 {
                        m.keys().next_back().map_or(i, |l| l + 1 + i)
                    } else {
                        i
                    };
                    if idx < 0 {
                        // bash 5.2: `unset 'x[-3]'` on two elements.
                        return Err(format!("[{sub}]: bad array subscript"));
                    }
                    m.remove(&idx);
                }
                (Value::Assoc(a), Some(Key::Assoc(k))) => {
                    a.remove(&k);
                }
                (Value::Scalar(_), Some(Key::Index(0))) => var.value = Value::Unset,
                _ => {}
            }
            return Ok(());
        }
        // `unset` of a circular nameref unsets the nameref itself.
        let resolved = if self.st.vars.circular(name) {
            name.to_string()
        } else {
            self.st.vars.resolve(name).to_string()
        };
        if resolved.contains('[') {
            // A nameref to an element (`declare -n e='M[k]'`) unsets it.
            return self.unset_var(&resolved);
        }
        if let Some(v) = self.st.vars.get_raw(&resolved)
            && v.has(attr::READONLY)
        {
            return Err(format!("{resolved}: cannot unset: readonly variable"));
        }
        if resolved == "RANDOM" {
            self.st.random_unset = true;
        }
        if resolved == "SRANDOM" {
            self.st.srandom_unset = true;
        }
        if resolved == "GLOBIGNORE" {
            // Unsetting GLOBIGNORE turns dotglob off again (bash 5.2).
            self.st.opts.dotglob = false;
        }
        self.st.vars.remove(&resolved);
        Ok(())
    }

    /// All values of an array variable (or a scalar as one element).
    pub fn array_values(&self, name: &str) -> Option<Vec<String>> {
        if let Some(v) = self.special_array(name) {
            return Some(v);
        }
        let var = self.st.vars.get(name)?;
        Some(match &var.value {
            Value::Unset => return None,
            Value::Scalar(s) => vec![s.clone()],
            Value::Indexed(m) => m.values().cloned().collect(),
            Value::Assoc(a) => a.iter().map(|(_, v)| v.to_string()).collect(),
        })
    }

    /// All keys of an array variable.
    pub fn array_keys(&self, name: &str) -> Vec<String> {
        if let Some(v) = self.special_array(name) {
            return (0..v.len()).map(|i| i.to_string()).collect();
        }
        let Some(var) = self.st.vars.get(name) else {
            return Vec::new();
        };
        match &var.value {
            Value::Unset => Vec::new(),
            Value::Scalar(_) => vec!["0".to_string()],
            Value::Indexed(m) => m.keys().map(ToString::to_string).collect(),
            Value::Assoc(a) => a.iter().map(|(k, _)| k.to_string()).collect(),
        }
    }
}

/// Apply `-l` / `-u`.
pub(crate) fn case_convert(attrs: u16, value: String) -> String {
    if attrs & attr::LOWER != 0 {
        value.to_lowercase()
    } else if attrs & attr::UPPER != 0 {
        value.to_uppercase()
    } else {
        value
    }
}

const LIMIT_PREFIX: &str = "\u{0}limit:";

pub(super) fn limit_msg(kind: LimitKind, value: usize) -> String {
    format!("{LIMIT_PREFIX}{}:{value}", kind as u8)
}

/// Recover a limit encoded in an assignment error.
pub(crate) fn parse_limit_msg(m: &str) -> Option<Interrupt> {
    let rest = m.strip_prefix(LIMIT_PREFIX)?;
    let (k, v) = rest.split_once(':')?;
    let kind = match k.parse::<u8>().ok()? {
        x if x == LimitKind::VariableBytes as u8 => LimitKind::VariableBytes,
        x if x == LimitKind::ArrayEntries as u8 => LimitKind::ArrayEntries,
        x if x == LimitKind::Memory as u8 => LimitKind::Memory,
        _ => LimitKind::TotalVariableBytes,
    };
    Some(Interrupt::limit(kind, v))
}

/// Whether assignment error `m` is one bash reports with `report_error`
/// (`err_readonly`, `err_badarraysub`), which exits under `set -e`
/// whatever the context ([`Interp::report_error`]).
pub(crate) fn is_report_error(m: &str) -> bool {
    (m.ends_with(": readonly variable") && !m.ends_with("cannot unset: readonly variable"))
        || m.ends_with(": bad array subscript")
}
