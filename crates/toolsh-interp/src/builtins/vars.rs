//! `shift`, `unset`, `let`, `getopts`.

use std::sync::Arc;

use super::builtin;

builtin!(
    /// `shift [n]`.
    shift,
    |it, c| {
        let n = match c.args.get(1) {
            None => 1,
            Some(a) => match a.parse::<i64>() {
                Ok(n) if n >= 0 => n as usize,
                _ => {
                    it.error(&format!("shift: {a}: numeric argument required")).await?;
                    return Ok(1);
                }
            },
        };
        if !it.st.positional.shift(n) {
            if it.st.opts.shift_verbose {
                it.error(&format!("shift: {n}: shift count out of range")).await?;
            }
            return Ok(1);
        }
        Ok(0)
    }
);

builtin!(
    /// `unset [-fvn] name ...`.
    unset,
    |it, c| {
        let mut funcs = false;
        let mut vars_only = false;
        let mut nameref = false;
        let mut i = 1;
        while i < c.args.len() && c.args[i].starts_with('-') && c.args[i].len() > 1 {
            for ch in c.args[i][1..].chars() {
                match ch {
                    'f' => funcs = true,
                    'v' => vars_only = true,
                    'n' => nameref = true,
                    _ => {
                        it.error(&format!("unset: -{ch}: invalid option")).await?;
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let mut status = 0;
        for name in &c.args[i..] {
            if funcs {
                remove_function(&mut it.st, name);
                continue;
            }
            let (base, _) = crate::exec::vars::split_subscript(name);
            if !crate::exec::vars::is_name(base) {
                if vars_only {
                    it.error(&format!("unset: `{name}': not a valid identifier")).await?;
                    status = 1;
                } else {
                    remove_function(&mut it.st, name);
                }
                continue;
            }
            if nameref
                && it
                    .st
                    .vars
                    .get_raw(name)
                    .is_some_and(|v| v.has(crate::state::attr::NAMEREF))
            {
                it.st.vars.remove(name);
                continue;
            }
            let exists = it.st.vars.get(base).is_some();
            if !exists && !vars_only && it.st.funcs.contains_key(name) {
                remove_function(&mut it.st, name);
                continue;
            }
            if let Err(m) = it.unset_var(name) {
                it.error(&format!("unset: {m}")).await?;
                status = 1;
            }
        }
        Ok(status)
    }
);

builtin!(
    /// `let expr ...`: status 0 when the last value is non-zero.
    let_,
    |it, c| {
        if c.args.len() < 2 {
            it.error("let: expression expected").await?;
            return Ok(1);
        }
        let mut last = 0;
        for a in &c.args[1..] {
            let r = it.eval_text(a);
            it.report_arith_errors().await?;
            match r {
                Ok(v) => last = v,
                Err(e) => {
                    if let Some(i) = e.limit {
                        return Err(crate::exec::Ctl::Interrupt(i));
                    }
                    if e.report {
                        it.report_error(&e.to_string()).await?;
                        return Ok(1);
                    }
                    it.error(&format!("let: {e}")).await?;
                    if e.unbound {
                        return Err(crate::exec::Ctl::Exit(1));
                    }
                    return Ok(1);
                }
            }
        }
        Ok(i32::from(last == 0))
    }
);

builtin!(
    /// `getopts optstring name [arg ...]` (POSIX getopts). When `name` is
    /// readonly bash reports it as an assignment error (`set -e` exits,
    /// see `Interp::report_error`) and returns 2 for an option, 1 at the
    /// end of the options; OPTIND still advances.
    getopts,
    |it, c| {
        let name = c.args.get(2).cloned();
        let status = getopts_parse(it, c).await?;
        if let Some(name) = name
            && crate::exec::vars::is_name(&name)
            && it
                .st
                .vars
                .get(&name)
                .is_some_and(|v| v.has(crate::state::attr::READONLY))
        {
            it.report_error(&format!("{name}: readonly variable")).await?;
            return Ok(if status == 0 { 2 } else { status });
        }
        Ok(status)
    }
);

builtin!(
    /// `getopts` itself, setting `name` (when it can), OPTIND and OPTARG.
    getopts_parse,
    |it, c| {
        if c.args.len() < 3 {
            it.error("getopts: usage: getopts optstring name [arg ...]").await?;
            return Ok(2);
        }
        let optstring = c.args[1].clone();
        let name = c.args[2].clone();
        // bash parses the option first (OPTIND and OPTARG move) and only
        // then binds `name` (getopts.c `getopts_bind_variable`): an invalid
        // name is reported afterwards, with status 1.
        let valid = crate::exec::vars::is_name(&name);
        let bind = |it: &mut crate::exec::Interp, value: &str| {
            if valid {
                let _ = it.set_var(&name, value.to_string());
            }
        };
        let status = getopts_step(it, &c.args, &optstring, bind).await?;
        if !valid {
            it.error(&format!("getopts: `{name}': not a valid identifier")).await?;
            return Ok(1);
        }
        Ok(status)
    }
);

/// One step of `getopts` over `args` (`args[3..]`, else the positional
/// parameters): sets OPTIND and OPTARG and passes the option character
/// (or `?`, `:`) to `bind`; the status is 0 for an option, 1 at the end.
async fn getopts_step(
    it: &mut crate::exec::Interp,
    call_args: &[String],
    optstring: &str,
    bind: impl Fn(&mut crate::exec::Interp, &str),
) -> crate::exec::R<i32> {
    let args: Vec<String> = if call_args.len() > 3 {
        call_args[3..].to_vec()
    } else {
        it.st.positional.to_vec()
    };
    let silent = optstring.starts_with(':');
    let spec = optstring.trim_start_matches(':');
    let mut optind: usize = it
        .get_scalar("OPTIND")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    let mut charpos = it.st.getopts_char;
    let done = |it: &mut crate::exec::Interp, optind: usize| {
        let _ = it.set_var("OPTIND", optind.to_string());
        bind(it, "?");
        it.st.getopts_char = 0;
    };
    let Some(arg) = args.get(optind - 1).cloned() else {
        // Past the arguments bash sets OPTIND to their count + 1
        // (`OPTIND=5; getopts a o -a b` leaves 3), so
        // `shift $((OPTIND-1))` stays valid.
        done(it, args.len() + 1);
        return Ok(1);
    };
    if charpos == 0 {
        if arg == "--" {
            done(it, optind + 1);
            return Ok(1);
        }
        if !arg.starts_with('-') || arg == "-" {
            done(it, optind);
            return Ok(1);
        }
        charpos = 1;
    }
    let chars: Vec<char> = arg.chars().collect();
    let opt = chars[charpos];
    charpos += 1;
    let at_end = charpos >= chars.len();
    let pos = spec.find(opt);
    let takes_arg = pos.is_some_and(|p| spec[p + opt.len_utf8()..].starts_with(':'));
    let _ = it.unset_var("OPTARG");
    if pos.is_none() || opt == ':' {
        if silent {
            let _ = it.set_var("OPTARG", opt.to_string());
        } else {
            it.error(&format!("illegal option -- {opt}")).await?;
        }
        bind(it, "?");
    } else if takes_arg {
        if !at_end {
            let rest: String = chars[charpos..].iter().collect();
            let _ = it.set_var("OPTARG", rest);
            optind += 1;
            charpos = 0;
            bind(it, opt.encode_utf8(&mut [0; 4]));
            it.st.getopts_char = charpos;
            let _ = it.set_var("OPTIND", optind.to_string());
            return Ok(0);
        }
        match args.get(optind) {
            Some(v) => {
                let _ = it.set_var("OPTARG", v.clone());
                bind(it, opt.encode_utf8(&mut [0; 4]));
                optind += 2;
            }
            None => {
                if silent {
                    let _ = it.set_var("OPTARG", opt.to_string());
                    bind(it, ":");
                } else {
                    it.error(&format!("option requires an argument -- {opt}"))
                        .await?;
                    bind(it, "?");
                }
                optind += 1;
            }
        }
        it.st.getopts_char = 0;
        let _ = it.set_var("OPTIND", optind.to_string());
        return Ok(0);
    } else {
        bind(it, opt.encode_utf8(&mut [0; 4]));
    }
    if at_end {
        optind += 1;
        charpos = 0;
    }
    it.st.getopts_char = charpos;
    let _ = it.set_var("OPTIND", optind.to_string());
    Ok(0)
}

/// Removes function `name` with its trace attribute (`unset -f`).
fn remove_function(st: &mut crate::state::ShellState, name: &str) {
    if Arc::make_mut(&mut st.funcs).remove(name).is_some() {
        Arc::make_mut(&mut st.traced_funcs).retain(|t| t != name);
    }
}
