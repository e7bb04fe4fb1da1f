//! `declare`/`typeset`, `local`, `export`, `readonly` (bash manual 4.2)
//! and the `declare -p` format.

use std::sync::Arc;

use super::builtin;
use crate::exec::Interp;
use crate::quote;
use crate::state::{Value, Var, attr};

/// The attribute letters of `declare -p`, in bash's order.
pub(crate) fn attr_flags(v: &Var, for_p: bool) -> String {
    let mut s = String::new();
    let a = v.attrs;
    if matches!(v.value, Value::Indexed(_))
        || (a & attr::INDEXED != 0 && !matches!(v.value, Value::Assoc(_)))
    {
        s.push('a');
    }
    if matches!(v.value, Value::Assoc(_)) || a & attr::ASSOC != 0 {
        s.push('A');
    }
    if a & attr::INTEGER != 0 {
        s.push('i');
    }
    if a & attr::NAMEREF != 0 {
        s.push('n');
    }
    if a & attr::READONLY != 0 {
        s.push('r');
    }
    if a & attr::TRACE != 0 {
        s.push('t');
    }
    if a & attr::EXPORT != 0 {
        s.push('x');
    }
    if a & attr::LOWER != 0 {
        s.push('l');
    }
    if a & attr::UPPER != 0 {
        s.push('u');
    }
    if s.is_empty() && for_p {
        s.push('-');
    }
    s
}

/// One `declare -p` line (without the newline).
pub(crate) fn declare_line(name: &str, v: &Var) -> String {
    let flags = attr_flags(v, true);
    let head = format!("declare -{flags} {name}");
    match &v.value {
        Value::Unset => head,
        Value::Scalar(s) => format!("{head}={}", quote::double(s)),
        Value::Indexed(m) => {
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("[{k}]={}", quote::double(v)))
                .collect();
            format!("{head}=({})", items.join(" "))
        }
        Value::Assoc(a) => {
            if a.is_empty() {
                return format!("{head}=()");
            }
            let mut s = format!("{head}=(");
            for (k, v) in a.iter() {
                let key = if k.chars().any(|c| " \t\n\"'\\$`[]".contains(c)) || k.is_empty() {
                    quote::double(k)
                } else {
                    k.to_string()
                };
                s.push_str(&format!("[{key}]={} ", quote::double(v)));
            }
            s.push(')');
            s
        }
    }
}

fn letter_attr(c: char) -> Option<u16> {
    Some(match c {
        'a' => attr::INDEXED,
        'A' => attr::ASSOC,
        'i' => attr::INTEGER,
        'l' => attr::LOWER,
        'u' => attr::UPPER,
        'r' => attr::READONLY,
        'x' => attr::EXPORT,
        'n' => attr::NAMEREF,
        't' => attr::TRACE,
        _ => return None,
    })
}

async fn print_vars(
    it: &mut Interp,
    names: &[String],
    filter: u16,
    only_local: bool,
) -> crate::exec::R<i32> {
    let mut out = String::new();
    let mut status = 0;
    if names.is_empty() {
        let vars = if only_local {
            it.st.vars.innermost()
        } else {
            it.st.vars.visible()
        };
        for (k, v) in vars {
            if filter != 0 && v.attrs & filter == 0 {
                continue;
            }
            out.push_str(&declare_line(k, v));
            out.push('\n');
        }
    } else {
        for n in names {
            match it.st.vars.get_raw(n) {
                Some(v) => {
                    out.push_str(&declare_line(n, v));
                    out.push('\n');
                }
                None => {
                    if let Some(vals) = it.special_array(n) {
                        let mut m = std::collections::BTreeMap::new();
                        for (i, v) in vals.into_iter().enumerate() {
                            m.insert(i as i64, v);
                        }
                        let var = Var {
                            value: Value::Indexed(m),
                            attrs: attr::INDEXED,
                        };
                        out.push_str(&declare_line(n, &var));
                        out.push('\n');
                        continue;
                    }
                    it.error(&format!("declare: {n}: not found")).await?;
                    status = 1;
                }
            }
        }
    }
    it.out(out.as_bytes()).await?;
    Ok(status)
}

builtin!(
    /// `declare [-aAfFgilnrtux] [-p] [name[=value] ...]` and its aliases.
    declare,
    |it, c| {
        let cmd = c.args[0].clone();
        let mut set: u16 = 0;
        let mut clear: u16 = 0;
        let mut print = false;
        let mut global = false;
        let mut funcs = false;
        let mut func_names = false;
        let mut unexport = false;
        match cmd.as_str() {
            "export" => set |= attr::EXPORT,
            "readonly" => set |= attr::READONLY,
            "local" if it.st.frames.is_empty() => {
                it.error("local: can only be used in a function").await?;
                return Ok(1);
            }
            _ => {}
        }
        let mut i = 1;
        while i < c.args.len() {
            let a = &c.args[i];
            if a == "--" {
                i += 1;
                break;
            }
            let Some(first) = a.chars().next() else { break };
            if (first != '-' && first != '+') || a.len() < 2 || c.arrays.iter().any(|(k, _)| *k == i) {
                break;
            }
            for ch in a[1..].chars() {
                match ch {
                    'p' => print = true,
                    'g' => global = true,
                    // `+f` does not select functions: bash then treats the
                    // names as variables (`declare +ft f` declares `f`).
                    'f' => funcs |= first == '-',
                    'F' => func_names = true,
                    'n' if cmd == "export" => unexport = true,
                    _ => match letter_attr(ch) {
                        Some(b) if first == '-' => set |= b,
                        Some(b) => clear |= b,
                        None => {
                            it.error(&format!("{cmd}: -{ch}: invalid option")).await?;
                            return Ok(2);
                        }
                    },
                }
            }
            i += 1;
        }
        let names: Vec<String> = c.args[i..].to_vec();
        if funcs && (set | clear) & attr::TRACE != 0 {
            // `declare -ft NAME` / `+ft`: the trace attribute of existing
            // functions; nothing is printed.
            let traced = Arc::make_mut(&mut it.st.traced_funcs);
            let mut status = 0;
            for n in &names {
                if !it.st.funcs.contains_key(n) {
                    status = 1;
                } else if set & attr::TRACE != 0 {
                    if !traced.contains(n) {
                        traced.push(n.clone());
                    }
                } else {
                    traced.retain(|t| t != n);
                }
            }
            return Ok(status);
        }
        if funcs && set & attr::READONLY != 0 {
            let ro = Arc::make_mut(&mut it.st.readonly_funcs);
            ro.extend(names.iter().cloned());
            return Ok(0);
        }
        if funcs || func_names {
            let mut out = String::new();
            let mut status = 0;
            let list: Vec<String> = if names.is_empty() {
                let mut v: Vec<String> = it.st.funcs.keys().cloned().collect();
                v.sort();
                v
            } else {
                names.clone()
            };
            for n in list {
                if it.st.funcs.contains_key(&n) {
                    if func_names && !names.is_empty() {
                        out.push_str(&format!("{n}\n"));
                    } else if func_names {
                        out.push_str(&format!("declare -f {n}\n"));
                    } else if let Some(text) = it.function_definition(&n) {
                        out.push_str(&text);
                    }
                } else {
                    status = 1;
                }
            }
            it.out(out.as_bytes()).await?;
            return Ok(status);
        }
        if names.is_empty() && !print && set == 0 && i == 1 && matches!(cmd.as_str(), "declare" | "typeset") {
            let out = super::set::set_listing(it);
            it.out(out.as_bytes()).await?;
            return Ok(0);
        }
        if print || (names.is_empty() && matches!(cmd.as_str(), "export" | "readonly" | "declare" | "typeset" | "local")) {
            let filter = if cmd == "export" { attr::EXPORT } else if cmd == "readonly" { attr::READONLY } else { set };
            return print_vars(it, &names, filter, cmd == "local").await;
        }
        let local = cmd == "local"
            || (matches!(cmd.as_str(), "declare" | "typeset") && !global && !it.st.frames.is_empty());
        let mut status = 0;
        for (k, arg) in names.iter().enumerate() {
            let idx = i + k;
            let array = c.arrays.iter().find(|(j, _)| *j == idx).map(|(_, a)| *a);
            let (name, value, append) = match array {
                Some(a) => (a.name.to_string(), None, a.append),
                None => match arg.find('=') {
                    Some(eq) => {
                        let (n, app) = match arg[..eq].strip_suffix('+') {
                            Some(n) => (n.to_string(), true),
                            None => (arg[..eq].to_string(), false),
                        };
                        (n, Some(arg[eq + 1..].to_string()), app)
                    }
                    None => (arg.clone(), None, false),
                },
            };
            let (base, sub) = crate::exec::vars::split_subscript(&name);
            if !crate::exec::vars::is_name(base) {
                it.error(&format!("{cmd}: `{arg}': not a valid identifier")).await?;
                status = 1;
                continue;
            }
            let base = base.to_string();
            if set & attr::NAMEREF == 0
                && (value.is_some() || array.is_some())
                && it.st.vars.circular(&base)
            {
                // bash 5.2 warns: `declare` leaves the chain as it is
                // (status 0), `export` and `readonly` fail.
                it.error(&crate::exec::circular_message(&base)).await?;
                if matches!(cmd.as_str(), "export" | "readonly") {
                    status = 1;
                }
                continue;
            }
            // Create / find the variable and set its attributes.
            {
                let exists_readonly = it.st.vars.get(&base).is_some_and(|v| v.has(attr::READONLY));
                if exists_readonly && (value.is_some() || array.is_some() || clear & attr::READONLY != 0) {
                    if matches!(cmd.as_str(), "export" | "readonly") {
                        // bash reports these as for an assignment statement
                        // (`err_readonly`): `set -e` exits.
                        it.report_error(&format!("{base}: readonly variable")).await?;
                    } else {
                        it.error(&format!("{cmd}: {base}: readonly variable")).await?;
                    }
                    status = 1;
                    continue;
                }
                // bash: an array keeps its kind (in the scope being set).
                let current = if local {
                    it.st.vars.innermost().into_iter().find(|(k, _)| *k == base).map(|(_, v)| v.clone())
                } else {
                    it.st.vars.get(&base).cloned()
                };
                let is_indexed = current.as_ref().is_some_and(|v| matches!(v.value, Value::Indexed(_)) || v.has(attr::INDEXED));
                let is_assoc = current.as_ref().is_some_and(|v| matches!(v.value, Value::Assoc(_)) || v.has(attr::ASSOC));
                let conflict = if is_indexed && set & attr::ASSOC != 0 {
                    Some("indexed to associative")
                } else if is_assoc && set & attr::INDEXED != 0 {
                    Some("associative to indexed")
                } else {
                    None
                };
                if let Some(what) = conflict {
                    it.error(&format!("{cmd}: {base}: cannot convert {what} array")).await?;
                    status = 1;
                    continue;
                }
                let var = if local {
                    it.st.vars.entry_local(&base).0
                } else {
                    it.st.vars.entry_global(&base)
                };
                let before_ro = var.attrs & attr::READONLY;
                var.attrs |= set & !attr::READONLY;
                var.attrs &= !clear;
                if unexport {
                    var.attrs &= !attr::EXPORT;
                }
                if set & attr::LOWER != 0 {
                    var.attrs &= !attr::UPPER;
                }
                if set & attr::UPPER != 0 {
                    var.attrs &= !attr::LOWER;
                }
                if set & attr::INDEXED != 0
                    && let Value::Scalar(s) = &var.value
                {
                    let mut m = std::collections::BTreeMap::new();
                    m.insert(0, s.clone());
                    var.value = Value::Indexed(m);
                }
                if set & attr::ASSOC != 0 && !matches!(var.value, Value::Assoc(_)) {
                    var.value = if array.is_some() || value.is_some() {
                        Value::Assoc(Box::default())
                    } else {
                        match std::mem::replace(&mut var.value, Value::Unset) {
                            Value::Unset => Value::Unset,
                            // A scalar becomes element "0" (bash 5.2).
                            Value::Scalar(s) => {
                                let mut a = crate::state::assoc::AssocArray::default();
                                a.insert("0".to_string(), s);
                                Value::Assoc(Box::new(a))
                            }
                            _ => Value::Assoc(Box::default()),
                        }
                    };
                }
                var.attrs |= before_ro;
            }
            if let Some(a) = array {
                let toolsh_parser::AssignValue::Array(items) = &a.value else {
                    continue;
                };
                match it.assign_array(&base, items, append, local).await? {
                    Ok(()) => {}
                    Err(m) => {
                        it.report_assign_error(m).await?;
                        status = 1;
                    }
                }
            } else if let Some(v) = value {
                let r = if set & attr::NAMEREF != 0 {
                    let tbase = crate::exec::vars::split_subscript(&v).0;
                    if v == base {
                        it.error(&format!("{cmd}: {base}: nameref variable self references not allowed")).await?;
                        if let Some(var) = it.st.vars.get_raw_mut(&base) {
                            var.attrs &= !attr::NAMEREF;
                        }
                        status = 1;
                        continue;
                    }
                    if !crate::exec::vars::is_name(tbase) {
                        it.error(&format!("{cmd}: `{v}': invalid variable name for name reference")).await?;
                        if let Some(var) = it.st.vars.get_raw_mut(&base) {
                            var.attrs &= !attr::NAMEREF;
                        }
                        status = 1;
                        continue;
                    }
                    let var = if local { it.st.vars.entry_local(&base).0 } else { it.st.vars.entry_global(&base) };
                    var.value = Value::Scalar(v);
                    Ok(())
                } else {
                    match sub {
                        Some(s) => {
                            let s = s.to_string();
                            match it.key_for(&base, &s) {
                                Ok(k) => it.assign_elem(&base, k, v, append),
                                Err(e) => Err(e),
                            }
                        }
                        None => {
                            let is_arr = it.st.vars.get_raw(&base).is_some_and(Var::is_array);
                            if is_arr && !append {
                                // declare a=x on an array sets element 0.
                                it.assign_scalar(&base, v, false)
                            } else {
                                it.assign_scalar(&base, v, append)
                            }
                        }
                    }
                };
                if let Err(m) = r {
                    it.report_assign_error(m).await?;
                    status = 1;
                }
            }
            if set & attr::READONLY != 0
                && let Some(v) = it.st.vars.get_raw_mut(&base)
            {
                v.attrs |= attr::READONLY;
            }
        }
        Ok(status)
    }
);
