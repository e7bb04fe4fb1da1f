//! The file commands of the `Sandbox` profile (`ls`, `cp`, `find`, ...),
//! one module per command, all going through the shell's
//! [`FileSystem`](crate::fs::FileSystem). Output formats, messages and
//! exit statuses are GNU coreutils 9.1's (findutils 4.9 for `find`,
//! diffutils 3.8 for `diff`, `tree` 2.1 for `tree`, `file` 5.44 for
//! `file`), with every file owned by `user:user` and times in UTC.

pub(crate) mod common;

pub(crate) mod basename;
pub(crate) mod chmod;
pub(crate) mod cksum;
pub(crate) mod cp;
pub(crate) mod df;
pub(crate) mod diff;
pub(crate) mod dirname;
pub(crate) mod du;
pub(crate) mod file;
pub(crate) mod find;
pub(crate) mod ln;
pub(crate) mod ls;
pub(crate) mod md5sum;
pub(crate) mod mkdir;
pub(crate) mod mktemp;
pub(crate) mod mv;
pub(crate) mod readlink;
pub(crate) mod realpath;
pub(crate) mod rm;
pub(crate) mod rmdir;
pub(crate) mod sha256sum;
pub(crate) mod shasum;
pub(crate) mod split;
pub(crate) mod stat;
pub(crate) mod touch;
pub(crate) mod tree;
pub(crate) mod truncate;

#[cfg(test)]
pub(crate) mod test_util;

/// Declare a unit struct implementing [`Builtin`](crate::builtin::Builtin)
/// by calling an async `run(ctx)` function of the module.
macro_rules! file_command {
    ($(#[$doc:meta])* $ty:ident, $name:literal) => {
        $(#[$doc])*
        pub(crate) struct $ty;

        #[async_trait::async_trait]
        impl crate::builtin::Builtin for $ty {
            fn name(&self) -> &str {
                $name
            }
            async fn run(
                &self,
                ctx: &mut crate::builtin::BuiltinContext<'_>,
            ) -> crate::builtin::BuiltinResult {
                run(ctx).await
            }
        }
    };
}
pub(crate) use file_command;
