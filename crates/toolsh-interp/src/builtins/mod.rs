//! Shell builtins (bash manual 4.1 "Bourne Shell Builtins", 4.2 "Bash
//! Builtin Commands"): commands that need the interpreter's internals.
//! One file per command; utilities (jq, grep, printf, ...) are
//! [`crate::Utility`]s in `utils`.

#![allow(
    clippy::format_push_string,
    clippy::many_single_char_names,
    clippy::single_match_else
)]

pub(crate) mod declare;
pub(crate) mod echo;
mod flow;
mod hash;
mod misc;
mod read;
mod set;
mod test;
mod vars;

use crate::exec::{BoxFut, Call, Interp, R};

/// A shell builtin.
pub(crate) type BuiltinFn = for<'a> fn(&'a mut Interp, Call<'a>) -> BoxFut<'a, R<i32>>;

/// Define a builtin function with an async body.
macro_rules! builtin {
    ($(#[$m:meta])* $name:ident, |$it:ident, $c:ident| $body:block) => {
        $(#[$m])*
        pub(crate) fn $name<'a>(
            $it: &'a mut crate::exec::Interp,
            $c: crate::exec::Call<'a>,
        ) -> crate::exec::BoxFut<'a, crate::exec::R<i32>> {
            Box::pin(async move $body)
        }
    };
}
pub(crate) use builtin;

/// Names of every shell builtin, sorted (for `help`, `type`, `compgen`).
/// The names of the shell builtins (bash manual 4), sorted.
pub fn names() -> &'static [&'static str] {
    NAMES
}

pub(crate) const NAMES: &[&str] = &[
    ".",
    ":",
    "[",
    "break",
    "builtin",
    "caller",
    "cd",
    "command",
    "continue",
    "declare",
    "dirs",
    "echo",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "getopts",
    "hash",
    "help",
    "jobs",
    "let",
    "local",
    "mapfile",
    "popd",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "shift",
    "shopt",
    "source",
    "test",
    "trap",
    "true",
    "type",
    "typeset",
    "unset",
    "wait",
];

/// POSIX special builtins (POSIX 2.14 "Special Built-In Utilities"):
/// a host command never shadows these.
const SPECIAL: &[&str] = &[
    ".", ":", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set",
    "shift", "source", "times", "trap", "unset",
];

/// Whether `name` is a regular (not special) shell builtin.
pub(crate) fn is_regular(name: &str) -> bool {
    NAMES.contains(&name) && !SPECIAL.contains(&name)
}

/// Find a shell builtin by name.
pub(crate) fn lookup(name: &str) -> Option<BuiltinFn> {
    Some(match name {
        "echo" => echo::echo,
        ":" | "true" => flow::true_,
        "false" => flow::false_,
        "exit" => flow::exit,
        "return" => flow::return_,
        "break" => flow::break_,
        "continue" => flow::continue_,
        "set" => set::set,
        "shopt" => set::shopt,
        "shift" => vars::shift,
        "declare" | "typeset" | "local" | "export" | "readonly" => declare::declare,
        "unset" => vars::unset,
        "eval" => misc::eval,
        "let" => vars::let_,
        "test" | "[" => test::test,
        "read" => read::read,
        "mapfile" | "readarray" => read::mapfile,
        "getopts" => vars::getopts,
        "type" => misc::type_,
        "command" => misc::command,
        "builtin" => misc::builtin_,
        "source" | "." => misc::source,
        "trap" => misc::trap,
        "cd" => misc::cd,
        "pwd" => misc::pwd,
        "pushd" => misc::pushd,
        "popd" => misc::popd,
        "dirs" => misc::dirs,
        "wait" => misc::wait,
        "jobs" => misc::jobs,
        "exec" => misc::exec,
        "help" => misc::help,
        "caller" => misc::caller,
        "hash" => hash::hash,
        _ => return None,
    })
}
