//! `set` and `shopt` (bash manual 4.3).

use super::builtin;
use crate::state::options::{SET_O_NAMES, SHOPT_NAMES};

fn letter_option(c: char) -> Option<&'static str> {
    Some(match c {
        'e' => "errexit",
        'u' => "nounset",
        'x' => "xtrace",
        'f' => "noglob",
        'a' => "allexport",
        'C' => "noclobber",
        'n' => "noexec",
        'v' => "verbose",
        'h' => "hashall",
        'B' => "braceexpand",
        'E' => "errtrace",
        'T' => "functrace",
        'b' | 'm' | 'H' | 'P' | 'k' | 't' | 'p' => "",
        _ => return None,
    })
}

/// What `set` and `declare` without arguments print (bash manual 4.3.1):
/// every variable as `name=value` (quoted for re-input), sorted, then every
/// function definition.
pub(crate) fn set_listing(it: &crate::exec::Interp) -> String {
    let mut out = String::new();
    for (k, v) in it.st.vars.visible() {
        if let Some(s) = v.scalar_value()
            && !v.is_array()
        {
            out.push_str(&format!("{k}={}\n", crate::quote::for_set(s)));
        } else if v.is_array() {
            let line = super::declare::declare_line(k, v);
            if let Some(eq) = line.find(&format!(" {k}=")) {
                out.push_str(&line[eq + 1..]);
                out.push('\n');
            }
        }
    }
    let mut names: Vec<&String> = it.st.funcs.keys().collect();
    names.sort();
    for n in names {
        if let Some(text) = it.function_definition(n) {
            out.push_str(&text);
        }
    }
    out
}

builtin!(
    /// `set [-+options] [-o name] [--] [arg ...]`.
    set,
    |it, c| {
        if c.args.len() == 1 {
            let out = set_listing(it);
            it.out(out.as_bytes()).await?;
            return Ok(0);
        }
        let mut i = 1;
        while i < c.args.len() {
            let a = c.args[i].clone();
            if a == "--" {
                i += 1;
                it.st.positional = c.args[i..].to_vec().into();
                it.charge_positional()?;
                return Ok(0);
            }
            if a == "-" {
                i += 1;
                it.st.opts.xtrace = false;
                it.st.opts.verbose = false;
                it.st.positional = c.args[i..].to_vec().into();
                it.charge_positional()?;
                return Ok(0);
            }
            let on = a.starts_with('-');
            if !(on || a.starts_with('+')) || a.len() < 2 {
                break;
            }
            let letters: Vec<char> = a[1..].chars().collect();
            for ch in letters {
                if ch == 'o' {
                    i += 1;
                    match c.args.get(i) {
                        None => {
                            let mut out = String::new();
                            for n in SET_O_NAMES {
                                let v = it.st.opts.get_o(n).unwrap_or(false);
                                if on {
                                    out.push_str(&format!("{n:<15}\t{}\n", if v { "on" } else { "off" }));
                                } else {
                                    out.push_str(&format!("set {}o {n}\n", if v { '-' } else { '+' }));
                                }
                            }
                            it.out(out.as_bytes()).await?;
                        }
                        Some(name) => {
                            let name = name.clone();
                            match it.st.opts.set_o(&name) {
                                Some(slot) => *slot = on,
                                None if SET_O_NAMES.contains(&name.as_str()) => {}
                                None => {
                                    it.error(&format!("set: {name}: invalid option name")).await?;
                                    return Ok(2);
                                }
                            }
                        }
                    }
                    continue;
                }
                match letter_option(ch) {
                    Some("") => {}
                    Some(name) => {
                        if let Some(slot) = it.st.opts.set_o(name) {
                            *slot = on;
                        }
                    }
                    None => {
                        it.error(&format!("set: {}{ch}: invalid option", if on { '-' } else { '+' }))
                            .await?;
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        if i < c.args.len() {
            it.st.positional = c.args[i..].to_vec().into();
                it.charge_positional()?;
        }
        Ok(0)
    }
);

builtin!(
    /// `shopt [-pqsu] [-o] [optname ...]`.
    shopt,
    |it, c| {
        let mut set: Option<bool> = None;
        let mut quiet = false;
        let mut print = false;
        let mut o_mode = false;
        let mut i = 1;
        while i < c.args.len() && c.args[i].starts_with('-') {
            for ch in c.args[i][1..].chars() {
                match ch {
                    's' => set = Some(true),
                    'u' => set = Some(false),
                    'q' => quiet = true,
                    'p' => print = true,
                    'o' => o_mode = true,
                    _ => {
                        it.error(&format!("shopt: -{ch}: invalid option")).await?;
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let names: Vec<String> = c.args[i..].to_vec();
        let get = |it: &crate::exec::Interp, n: &str| {
            if o_mode {
                it.st.opts.get_o(n)
            } else {
                it.st.opts.get_shopt(n)
            }
        };
        if let Some(on) = set {
            let mut status = 0;
            for n in &names {
                let slot = if o_mode {
                    it.st.opts.set_o(n)
                } else {
                    it.st.opts.shopt(n)
                };
                let known = slot.is_some();
                if let Some(s) = slot {
                    *s = on;
                }
                match known {
                    true => {}
                    false if get(it, n).is_some() => {}
                    false => {
                        it.error(&format!("shopt: {n}: invalid shell option name")).await?;
                        status = 1;
                    }
                }
            }
            if names.is_empty() {
                // shopt -s alone lists the options that are on.
                let mut out = String::new();
                for n in SHOPT_NAMES {
                    if get(it, n) == Some(on) {
                        out.push_str(&format!("{n:<15}\t{}\n", if on { "on" } else { "off" }));
                    }
                }
                it.out(out.as_bytes()).await?;
            }
            return Ok(status);
        }
        let list: Vec<String> = if names.is_empty() {
            let src: &[&str] = if o_mode { SET_O_NAMES } else { SHOPT_NAMES };
            src.iter().map(|s| (*s).to_string()).collect()
        } else {
            names.clone()
        };
        let mut out = String::new();
        let mut status = 0;
        for n in &list {
            match get(it, n) {
                Some(v) => {
                    if !v {
                        status = 1;
                    }
                    if quiet {
                        continue;
                    }
                    if print {
                        let flag = if v { "-s" } else { "-u" };
                        if o_mode {
                            out.push_str(&format!("set {}o {n}\n", if v { '-' } else { '+' }));
                        } else {
                            out.push_str(&format!("shopt {flag} {n}\n"));
                        }
                    } else {
                        out.push_str(&format!("{n:<15}\t{}\n", if v { "on" } else { "off" }));
                    }
                }
                None => {
                    it.error(&format!("shopt: {n}: invalid shell option name")).await?;
                    status = 1;
                }
            }
        }
        it.out(out.as_bytes()).await?;
        Ok(status)
    }
);
