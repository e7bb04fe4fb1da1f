//! The file commands of the `Sandbox` profile (`ls`, `cp`, `find`, ...),
//! one module per command, all going through the shell's
//! [`FileSystem`](toolsh_command::fs::FileSystem). Output formats, messages and
//! exit statuses are GNU coreutils 9.1's (findutils 4.9 for `find`,
//! diffutils 3.8 for `diff`, `tree` 2.1 for `tree`, `file` 5.44 for
//! `file`), with every file owned by `user:user` and times in UTC.

pub(crate) mod common;

#[cfg(feature = "files")]
pub(crate) mod basename;
#[cfg(feature = "files")]
pub(crate) mod chmod;
#[cfg(feature = "digest")]
pub(crate) mod cksum;
#[cfg(feature = "files")]
pub(crate) mod cp;
#[cfg(feature = "files")]
pub(crate) mod df;
#[cfg(feature = "diff")]
pub(crate) mod diff;
#[cfg(feature = "files")]
pub(crate) mod dirname;
#[cfg(feature = "files")]
pub(crate) mod du;
#[cfg(feature = "files")]
pub(crate) mod file;
#[cfg(feature = "files")]
pub(crate) mod find;
#[cfg(feature = "files")]
pub(crate) mod ln;
#[cfg(feature = "files")]
pub(crate) mod ls;
#[cfg(feature = "digest")]
pub(crate) mod md5sum;
#[cfg(feature = "files")]
pub(crate) mod mkdir;
#[cfg(feature = "files")]
pub(crate) mod mktemp;
#[cfg(feature = "files")]
pub(crate) mod mv;
#[cfg(feature = "files")]
pub(crate) mod readlink;
#[cfg(feature = "files")]
pub(crate) mod realpath;
#[cfg(feature = "files")]
pub(crate) mod rm;
#[cfg(feature = "files")]
pub(crate) mod rmdir;
#[cfg(feature = "digest")]
pub(crate) mod sha256sum;
#[cfg(feature = "digest")]
pub(crate) mod shasum;
#[cfg(feature = "files")]
pub(crate) mod split;
#[cfg(feature = "files")]
pub(crate) mod stat;
#[cfg(feature = "files")]
pub(crate) mod touch;
#[cfg(feature = "files")]
pub(crate) mod tree;
#[cfg(feature = "files")]
pub(crate) mod truncate;

#[cfg(test)]
#[cfg(feature = "files")]
pub(crate) mod test_util;

/// Declare a unit struct implementing [`Utility`](toolsh_command::utility::Utility)
/// by calling an async `run(ctx)` function of the module.
macro_rules! file_command {
    ($(#[$doc:meta])* $ty:ident, $name:literal) => {
        $(#[$doc])*
        pub(crate) struct $ty;

        #[async_trait::async_trait]
        impl toolsh_command::utility::Utility for $ty {
            fn name(&self) -> &str {
                $name
            }
            async fn run(
                &self,
                ctx: &mut toolsh_command::utility::UtilityContext<'_>,
            ) -> toolsh_command::utility::UtilityResult {
                run(ctx).await
            }
        }
    };
}
pub(crate) use file_command;
