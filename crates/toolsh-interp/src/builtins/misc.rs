//! `eval`, `type`, `command`, `builtin`, `source`, `trap`, `cd`, `pwd`,
//! `pushd`, `popd`, `dirs`, `wait`, `jobs`, `exec`, `help`, `caller`.

use std::sync::Arc;

use super::builtin;
use crate::exec::{Ctl, Interp};
use crate::profile::Profile;

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc",
];

builtin!(
    /// `eval [arg ...]`.
    eval,
    |it, c| {
        let src = c.args[1..].join(" ");
        if src.trim().is_empty() {
            return Ok(0);
        }
        it.eval_string(&src, "eval").await
    }
);

/// What a name is, for `type` and `command -v`.
fn kind_of(it: &Interp, name: &str) -> Option<&'static str> {
    if it.st.aliases.contains_key(name) {
        return Some("alias");
    }
    if KEYWORDS.contains(&name) {
        return Some("keyword");
    }
    if it.st.funcs.contains_key(name) {
        return Some("function");
    }
    if super::lookup(name).is_some() || it.sh.commands.contains_key(name) {
        return Some("builtin");
    }
    None
}

builtin!(
    /// `type [-afptP] name ...` (bash manual 4.2): every kind of command a
    /// name is with `-a` (alias, keyword, function, builtin), only the
    /// kind word with `-t`, no functions with `-f`; `-p`/`-P` print file
    /// paths, and the sandbox has no command files.
    type_,
    |it, c| {
        let (mut all, mut short, mut path, mut force_path, mut no_funcs) =
            (false, false, false, false, false);
        let mut i = 1;
        while i < c.args.len() && c.args[i].starts_with('-') && c.args[i].len() > 1 {
            if c.args[i] == "--" {
                i += 1;
                break;
            }
            for f in c.args[i][1..].chars() {
                match f {
                    'a' => all = true,
                    't' => short = true,
                    'p' => path = true,
                    'P' => force_path = true,
                    'f' => no_funcs = true,
                    _ => {
                        it.error(&format!("type: -{f}: invalid option")).await?;
                        it.error("type: usage: type [-afptP] name [name ...]").await?;
                        return Ok(2);
                    }
                }
            }
            i += 1;
        }
        let mut out = String::new();
        let mut status = 0;
        for n in &c.args[i..] {
            let mut kinds: Vec<&str> = Vec::new();
            if !force_path {
                if it.st.aliases.contains_key(n.as_str()) {
                    kinds.push("alias");
                }
                if KEYWORDS.contains(&n.as_str()) {
                    kinds.push("keyword");
                }
                if !no_funcs && it.st.funcs.contains_key(n.as_str()) {
                    kinds.push("function");
                }
                if super::lookup(n).is_some() || it.sh.commands.contains_key(n.as_str()) {
                    kinds.push("builtin");
                }
            }
            if !all {
                kinds.truncate(1);
            }
            if kinds.is_empty() {
                if !(short || path || force_path) {
                    it.error(&format!("type: {n}: not found")).await?;
                }
                status = 1;
                continue;
            }
            if path {
                continue;
            }
            for k in kinds {
                if short {
                    out.push_str(k);
                    out.push('\n');
                    continue;
                }
                match k {
                    "alias" => out.push_str(&format!(
                        "{n} is aliased to `{}'\n",
                        it.st.aliases.get(n.as_str()).cloned().unwrap_or_default()
                    )),
                    "keyword" => out.push_str(&format!("{n} is a shell keyword\n")),
                    "function" => {
                        out.push_str(&format!("{n} is a function\n"));
                        if let Some(text) = it.function_definition(n) {
                            out.push_str(&text);
                        }
                    }
                    _ => out.push_str(&format!("{n} is a shell builtin\n")),
                }
            }
        }
        it.out(out.as_bytes()).await?;
        Ok(status)
    }
);

builtin!(
    /// `command [-pVv] name [arg ...]`: skip functions.
    command,
    |it, c| {
        let mut i = 1;
        let mut describe = None;
        while i < c.args.len() && c.args[i].starts_with('-') && c.args[i].len() > 1 {
            if c.args[i].contains('v') {
                describe = Some('v');
            } else if c.args[i].contains('V') {
                describe = Some('V');
            }
            i += 1;
        }
        if i >= c.args.len() {
            return Ok(0);
        }
        if let Some(d) = describe {
            let mut out = String::new();
            let mut status = 0;
            for n in &c.args[i..] {
                match kind_of(it, n) {
                    Some(k) if d == 'v' => {
                        if k == "alias" {
                            out.push_str(&format!("alias {n}='{}'\n", it.st.aliases.get(n).cloned().unwrap_or_default()));
                        } else {
                            out.push_str(&format!("{n}\n"));
                        }
                    }
                    Some("function") => out.push_str(&format!("{n} is a function\n")),
                    Some("keyword") => out.push_str(&format!("{n} is a shell keyword\n")),
                    Some(_) => out.push_str(&format!("{n} is a shell builtin\n")),
                    None => {
                        if d == 'V' {
                            it.error(&format!("command: {n}: not found")).await?;
                        }
                        status = 1;
                    }
                }
            }
            it.out(out.as_bytes()).await?;
            return Ok(status);
        }
        let argv = c.args[i..].to_vec();
        if let Some(b) = super::lookup(&argv[0]) {
            return b(it, crate::exec::Call { args: argv, arrays: Vec::new() }).await;
        }
        it.run_external(argv).await
    }
);

builtin!(
    /// `builtin name [arg ...]`.
    builtin_,
    |it, c| {
        let argv = c.args[1..].to_vec();
        let Some(name) = argv.first() else {
            return Ok(0);
        };
        if let Some(b) = super::lookup(name) {
            return b(it, crate::exec::Call { args: argv, arrays: Vec::new() }).await;
        }
        if it.sh.commands.contains_key(name) {
            return it.run_external(argv).await;
        }
        it.error(&format!("builtin: {name}: not a shell builtin")).await?;
        Ok(1)
    }
);

builtin!(
    /// `source file [args]` / `. file [args]`.
    source,
    |it, c| {
        let Some(file) = c.args.get(1).cloned() else {
            it.error(&format!("{}: filename argument required", c.args[0])).await?;
            return Ok(2);
        };
        let mut path = crate::fs::normalize_path(&it.st.cwd, &file);
        // `source <(list)` and `source /dev/stdin` read one of the shell's
        // own descriptors, no file.
        let stdin = crate::fs::STDIN_NAMES.contains(&path.as_str());
        let procsub = it.is_procsub_path(&path);
        if it.sh.profile == Profile::LogicOnly && !procsub && !stdin {
            it.error(&format!("{}: {file}: source is disabled in the logic-only profile", c.args[0]))
                .await?;
            return Ok(1);
        }
        let fs = if stdin {
            path = "/dev/fd/0".into();
            it.stdin_fs()
        } else if procsub {
            it.devfd_fs()
        } else {
            it.sh.fs.clone()
        };
        let data = match fs.read(&path).await {
            Ok(d) => d,
            Err(e) => {
                it.error(&format!("{file}: {e}")).await?;
                return Ok(1);
            }
        };
        let src = String::from_utf8_lossy(&data).into_owned();
        let saved = if c.args.len() > 2 {
            Some(std::mem::replace(&mut it.st.positional, c.args[2..].to_vec().into()))
        } else {
            None
        };
        it.st.subst_depth += 1;
        it.st.source_depth += 1;
        let r = it.run_sourced(&src).await;
        it.st.source_depth -= 1;
        it.st.subst_depth -= 1;
        if let Some(p) = saved {
            it.st.positional = p;
        }
        match r {
            Err(Ctl::Return(s)) => Ok(s),
            other => other,
        }
    }
);

fn normalize_signal(s: &str) -> Option<String> {
    let u = s.to_ascii_uppercase();
    let u = u.strip_prefix("SIG").unwrap_or(&u).to_string();
    Some(match u.as_str() {
        "0" | "EXIT" => "EXIT".into(),
        "ERR" | "RETURN" | "DEBUG" => u,
        "1" | "HUP" => "HUP".into(),
        "2" | "INT" => "INT".into(),
        "3" | "QUIT" => "QUIT".into(),
        "9" | "KILL" => "KILL".into(),
        "10" | "USR1" => "USR1".into(),
        "12" | "USR2" => "USR2".into(),
        "13" | "PIPE" => "PIPE".into(),
        "14" | "ALRM" => "ALRM".into(),
        "15" | "TERM" => "TERM".into(),
        "17" | "CHLD" => "CHLD".into(),
        _ => return None,
    })
}

builtin!(
    /// `trap [-lp] [action] [condition ...]`: EXIT, ERR, RETURN run;
    /// signals are recorded but never delivered.
    trap,
    |it, c| {
        let args: Vec<String> = c.args[1..].iter().filter(|a| *a != "--").cloned().collect();
        if args.is_empty() || args[0] == "-p" {
            let mut out = String::new();
            let rank = |k: &str| match k {
                "EXIT" => 0,
                "DEBUG" => 100,
                "ERR" => 101,
                "RETURN" => 102,
                _ => 50,
            };
            let mut keys: Vec<(&String, &String)> = it.st.traps.iter().collect();
            keys.sort_by_key(|(k, _)| (rank(k), (*k).clone()));
            // `trap -p SIG...`: only the named conditions, in argument order.
            let mut status = 0;
            if args.len() > 1 {
                let mut named = Vec::new();
                for a in &args[1..] {
                    match normalize_signal(a) {
                        Some(n) => named.extend(keys.iter().copied().filter(|(k, _)| **k == n)),
                        None => {
                            it.error(&format!("trap: {a}: invalid signal specification"))
                                .await?;
                            status = 1;
                        }
                    }
                }
                keys = named;
            }
            for (k, v) in keys {
                let name = if matches!(k.as_str(), "EXIT" | "ERR" | "RETURN" | "DEBUG") {
                    k.clone()
                } else {
                    format!("SIG{k}")
                };
                out.push_str(&format!("trap -- {} {name}\n", crate::quote::single(v)));
            }
            it.out(out.as_bytes()).await?;
            return Ok(status);
        }
        if args[0] == "-l" {
            it.out(b" 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP\n").await?;
            return Ok(0);
        }
        let (action, conds) = if args.len() == 1 || normalize_signal(&args[0]).is_some() && args[0].parse::<u32>().is_ok() {
            ("-".to_string(), &args[..])
        } else {
            (args[0].clone(), &args[1..])
        };
        let mut status = 0;
        for cond in conds {
            match normalize_signal(cond) {
                Some(n) => {
                    if n == "RETURN" {
                        it.st.return_trap_depth = it.st.frames.len();
                    }
                    if n == "DEBUG" {
                        it.st.debug_trap_depth = it.st.frames.len();
                    }
                    let traps = Arc::make_mut(&mut it.st.traps);
                    if action == "-" {
                        traps.remove(&n);
                    } else {
                        traps.insert(n, action.clone());
                    }
                }
                None => {
                    it.error(&format!("trap: {cond}: invalid signal specification")).await?;
                    status = 1;
                }
            }
        }
        Ok(status)
    }
);

impl Interp {
    async fn change_dir(&mut self, target: &str) -> crate::exec::R<Result<(), String>> {
        let path = crate::fs::normalize_path(&self.st.cwd, target);
        if path != "/" {
            match self.sh.fs.metadata(&path).await {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Ok(Err(format!("{target}: Not a directory"))),
                Err(e) => return Ok(Err(format!("{target}: {e}"))),
            }
        }
        let old = std::mem::replace(&mut self.st.cwd, path.clone());
        let _ = self.set_var("OLDPWD", old);
        let _ = self.set_var("PWD", path);
        Ok(Ok(()))
    }
}

builtin!(
    /// `cd [dir]`.
    cd,
    |it, c| {
        if let Some(bad) = c.args[1..].iter().find(|a| a.len() > 1 && a.starts_with('-') && !matches!(a.as_str(), "-L" | "-P" | "--" | "-e" | "-@")) {
            it.error(&format!("cd: {bad}: invalid option")).await?;
            return Ok(2);
        }
        let args: Vec<&String> = c.args[1..].iter().filter(|a| !matches!(a.as_str(), "-L" | "-P" | "--" | "-e" | "-@")).collect();
        if args.len() > 1 {
            it.error("cd: too many arguments").await?;
            return Ok(1);
        }
        let mut print = false;
        let target = match args.first() {
            None => match it.get_scalar("HOME") {
                Some(h) => h,
                None => {
                    it.error("cd: HOME not set").await?;
                    return Ok(1);
                }
            },
            Some(a) if a.as_str() == "-" => {
                print = true;
                match it.get_scalar("OLDPWD") {
                    Some(o) => o,
                    None => {
                        it.error("cd: OLDPWD not set").await?;
                        return Ok(1);
                    }
                }
            }
            Some(a) => (*a).clone(),
        };
        match it.change_dir(&target).await? {
            Ok(()) => {
                if print {
                    let line = format!("{}\n", it.st.cwd);
                    it.out(line.as_bytes()).await?;
                }
                Ok(0)
            }
            Err(m) => {
                it.error(&format!("cd: {m}")).await?;
                Ok(1)
            }
        }
    }
);

builtin!(
    /// `pwd`.
    pwd,
    |it, _c| {
        let line = format!("{}\n", it.st.cwd);
        it.out(line.as_bytes()).await?;
        Ok(0)
    }
);

/// How `dirs` prints the stack: `-l` full paths (no `~`), `-p` one per
/// line, `-v` one per line with its index (bash manual 6.8.1).
#[derive(Default, Clone, Copy)]
struct DirsStyle {
    long: bool,
    per_line: bool,
    numbered: bool,
}

async fn print_dirs(it: &mut Interp) -> crate::exec::R<()> {
    print_dirs_as(it, DirsStyle::default()).await
}

async fn print_dirs_as(it: &mut Interp, style: DirsStyle) -> crate::exec::R<()> {
    let mut parts = vec![it.st.cwd.clone()];
    parts.extend(it.st.dir_stack.iter().rev().cloned());
    let home = if style.long {
        None
    } else {
        it.get_scalar("HOME")
    };
    let shown: Vec<String> = parts
        .into_iter()
        .map(|p| match &home {
            Some(h) if !h.is_empty() && (p == *h || p.starts_with(&format!("{h}/"))) => {
                format!("~{}", &p[h.len()..])
            }
            _ => p,
        })
        .collect();
    let mut text = String::new();
    if style.numbered || style.per_line {
        for (i, d) in shown.iter().enumerate() {
            if style.numbered {
                text.push_str(&format!("{i:2}  "));
            }
            text.push_str(d);
            text.push('\n');
        }
    } else {
        text = shown.join(" ");
        text.push('\n');
    }
    it.out(text.as_bytes()).await?;
    Ok(())
}

builtin!(
    /// `pushd dir`.
    pushd,
    |it, c| {
        let Some(dir) = c.args.get(1).cloned() else {
            let Some(top) = it.st.dir_stack.pop() else {
                it.error("pushd: no other directory").await?;
                return Ok(1);
            };
            let cur = it.st.cwd.clone();
            if let Err(m) = it.change_dir(&top).await? {
                it.error(&format!("pushd: {m}")).await?;
                return Ok(1);
            }
            it.st.dir_stack.push(cur);
            print_dirs(it).await?;
            return Ok(0);
        };
        let cur = it.st.cwd.clone();
        match it.change_dir(&dir).await? {
            Ok(()) => {
                it.st.dir_stack.push(cur);
                print_dirs(it).await?;
                Ok(0)
            }
            Err(m) => {
                it.error(&format!("pushd: {m}")).await?;
                Ok(1)
            }
        }
    }
);

builtin!(
    /// `popd`.
    popd,
    |it, _c| {
        let Some(top) = it.st.dir_stack.pop() else {
            it.error("popd: directory stack empty").await?;
            return Ok(1);
        };
        if let Err(m) = it.change_dir(&top).await? {
            it.error(&format!("popd: {m}")).await?;
            return Ok(1);
        }
        print_dirs(it).await?;
        Ok(0)
    }
);

builtin!(
    /// `dirs [-clpv]`.
    dirs,
    |it, c| {
        let mut style = DirsStyle::default();
        for a in &c.args[1..] {
            let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else {
                it.error(&format!("dirs: {a}: invalid option")).await?;
                return Ok(2);
            };
            for f in flags.chars() {
                match f {
                    'c' => {
                        it.st.dir_stack.clear();
                        return Ok(0);
                    }
                    'l' => style.long = true,
                    'p' => style.per_line = true,
                    'v' => style.numbered = true,
                    _ => {
                        it.error(&format!("dirs: -{f}: invalid option")).await?;
                        return Ok(2);
                    }
                }
            }
        }
        print_dirs_as(it, style).await?;
        Ok(0)
    }
);

builtin!(
    /// `wait [-n] [pid ...]`.
    wait,
    |it, c| {
        let args: Vec<String> = c.args[1..].to_vec();
        if args.first().is_some_and(|a| a == "-n") {
            return Ok(match it.wait_any().await? {
                Some((_, s)) => s,
                None => 127,
            });
        }
        if args.is_empty() {
            it.wait_all_jobs().await?;
            return Ok(0);
        }
        let mut status = 0;
        for a in args {
            let pid = a.trim_start_matches('%').parse::<u32>().unwrap_or(0);
            match it.wait_job(pid).await? {
                Some(s) => status = s,
                None => {
                    it.error(&format!("wait: pid {a} is not a child of this shell")).await?;
                    status = 127;
                }
            }
        }
        Ok(status)
    }
);

builtin!(
    /// `jobs [-lp]`.
    jobs,
    |it, c| {
        let pids_only = c.args.iter().any(|a| a == "-p");
        let list: Vec<(u32, bool)> = {
            let jobs = it.sh.jobs.lock().expect("jobs");
            jobs.iter()
                .filter(|j| j.handle.is_some())
                .map(|j| (j.pid, j.handle.as_ref().is_some_and(tokio::task::JoinHandle::is_finished)))
                .collect()
        };
        let mut out = String::new();
        for (n, (pid, done)) in list.iter().enumerate() {
            if pids_only {
                out.push_str(&format!("{pid}\n"));
            } else {
                out.push_str(&format!("[{}]  {} \n", n + 1, if *done { "Done" } else { "Running" }));
            }
        }
        it.out(out.as_bytes()).await?;
        Ok(0)
    }
);

builtin!(
    /// `exec` with redirections only (no command replacement).
    exec,
    |it, c| {
        if c.args.len() > 1 {
            let argv = c.args[1..].to_vec();
            let s = it.dispatch(argv, Vec::new()).await?;
            return Err(Ctl::Exit(s));
        }
        Ok(0)
    }
);

builtin!(
    /// `help [pattern]`.
    help,
    |it, c| {
        let mut out = String::new();
        if c.args.len() > 1 {
            let mut found = false;
            for n in super::NAMES {
                let hit = it.with_pattern_budget(|b| {
                    Interp::pattern_matches(&c.args[1], n, false, true, b)
                })?;
                if hit {
                    out.push_str(&format!("{n}: {n} (shell builtin)\n"));
                    found = true;
                }
            }
            if !found {
                it.error(&format!("help: no help topics match `{}'.", c.args[1])).await?;
                return Ok(1);
            }
        } else {
            out.push_str("toolsh: a sandboxed bash. Shell builtins:\n");
            for n in super::NAMES {
                out.push_str(&format!(" {n}\n"));
            }
        }
        it.out(out.as_bytes()).await?;
        Ok(0)
    }
);

builtin!(
    /// `caller [n]`.
    caller,
    |it, c| {
        let n: usize = c.args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
        let frames = &it.st.frames;
        if frames.len() <= n {
            return Ok(1);
        }
        let f = &frames[frames.len() - 1 - n];
        let caller = if frames.len() >= n + 2 {
            frames[frames.len() - 2 - n].name.clone()
        } else {
            "main".to_string()
        };
        let line = if c.args.len() > 1 {
            format!("{} {caller} main\n", f.call_line)
        } else {
            format!("{} {caller}\n", f.call_line)
        };
        it.out(line.as_bytes()).await?;
        Ok(0)
    }
);
