//! toolsh-utils: the standard utilities of the toolsh shell.
//!
//! The commands a shell script finds on `$PATH` in a GNU system, sandboxed:
//! text tools (`cat`, `sort`, `grep`, `sed`, `cut`, ...), the file commands
//! of the Sandbox profile (`ls`, `cp`, `find`, ...), `jq` (the toolsh-jq
//! crate) and `awk` (toolsh-awk). Each is a [`Utility`] of the command
//! contract in `toolsh-command`, in a module named after it; this crate
//! depends on that contract, never on the interpreter, so the two compile
//! side by side. Output, messages and exit statuses are GNU coreutils 9.1's
//! (grep 3.8, sed 4.9, findutils 4.9, diffutils 3.8).
//!
//! Each family is a cargo feature (`text`, `grep`, `sed`, `sort`, `date`,
//! `digest`, `files`, `diff`, `jq`, `awk`; all on by default). A host takes
//! [`standard()`] (every utility compiled in), a [`family`], or builds its
//! own [`UtilitySet`], and leaves out what it does not want.
//!
//! Architecture invariant: a utility reaches files only through the shell's
//! [`FileSystem`](toolsh_command::FileSystem), runs other commands only
//! through [`ShellAccess::run_command`](toolsh_command::ShellAccess::run_command),
//! and bounds every buffer by the execution's limits.
//!
//! ```
//! let set = toolsh_utils::standard().without(["find", "xargs"]);
//! assert!(!set.contains("find"));
//! # #[cfg(feature = "sort")]
//! assert!(set.contains("sort"));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::sync::{Arc, OnceLock};

pub use toolsh_command::{Utility, UtilitySet};

/// Define a utility's unit struct and its [`Utility`] impl: the run
/// method calls `$body(ctx)` and maps the outcome with
/// [`toolsh_command::textio::finish`].
#[allow(unused_macros)] // unused when only grep, sed, date, jq or awk is on
macro_rules! utility {
    ($(#[$m:meta])* $ty:ident, $name:literal, $body:path) => {
        $(#[$m])*
        #[derive(Debug, Default)]
        pub struct $ty;

        #[async_trait::async_trait]
        impl toolsh_command::Utility for $ty {
            fn name(&self) -> &'static str {
                $name
            }

            async fn run(
                &self,
                ctx: &mut toolsh_command::UtilityContext<'_>,
            ) -> toolsh_command::UtilityResult {
                let r = $body(ctx).await;
                toolsh_command::textio::finish(ctx, r).await
            }
        }
    };
}

#[cfg(feature = "text")]
mod base64;
#[cfg(feature = "text")]
mod cat;
#[cfg(feature = "text")]
mod column;
#[cfg(feature = "text")]
mod comm;
#[cfg(feature = "text")]
mod cut;
// printf's `%(fmt)T` formats with date's strftime.
#[cfg(any(feature = "text", feature = "date"))]
#[cfg_attr(not(feature = "date"), allow(dead_code))]
mod date;
#[cfg(feature = "text")]
mod env;
#[cfg(feature = "text")]
mod expr;
#[cfg(any(feature = "files", feature = "digest", feature = "diff"))]
mod files;
#[cfg(feature = "text")]
mod fold;
#[cfg(feature = "grep")]
mod grep;
#[cfg(feature = "text")]
mod head;
#[cfg(feature = "text")]
mod join;
#[cfg(feature = "text")]
mod nl;
#[cfg(feature = "text")]
mod nproc;
#[cfg(feature = "text")]
mod od;
#[cfg(feature = "text")]
mod paste;
#[cfg(feature = "text")]
mod printenv;
#[cfg(feature = "text")]
mod printf;
#[cfg(feature = "text")]
mod rev;
#[cfg(feature = "sed")]
mod sed;
#[cfg(feature = "text")]
mod seq;
#[cfg(feature = "text")]
mod shuf;
#[cfg(feature = "text")]
mod sleep;
#[cfg(feature = "sort")]
mod sort;
#[cfg(feature = "text")]
mod tabs;
#[cfg(feature = "text")]
mod tac;
#[cfg(feature = "text")]
mod tail;
#[cfg(feature = "text")]
mod tee;
#[cfg(feature = "text")]
mod timeout;
#[cfg(feature = "text")]
mod tr;
#[cfg(feature = "text")]
mod uniq;
#[cfg(feature = "text")]
mod wc;
#[cfg(feature = "text")]
mod window;
#[cfg(feature = "text")]
mod xargs;
#[cfg(feature = "text")]
mod yes;

#[cfg(all(test, feature = "text"))]
mod tests;

/// A family of utilities: one cargo feature each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// Line and byte tools (`cat`, `head`, `cut`, `tr`, `printf`, `xargs`, ...).
    Text,
    /// `grep`, and `egrep` / `fgrep`.
    Grep,
    /// `sed`.
    Sed,
    /// `sort`.
    Sort,
    /// `date`.
    Date,
    /// `md5sum`, `sha1sum` ... `sha512sum`, `cksum`.
    Digest,
    /// The file commands (`ls`, `cp`, `find`, `stat`, ...).
    Files,
    /// `diff`.
    Diff,
    /// `jq`.
    Jq,
    /// `awk`.
    Awk,
}

impl Family {
    /// Every family, enabled in this build or not.
    pub const ALL: [Family; 10] = [
        Family::Text,
        Family::Grep,
        Family::Sed,
        Family::Sort,
        Family::Date,
        Family::Digest,
        Family::Files,
        Family::Diff,
        Family::Jq,
        Family::Awk,
    ];
}

/// The utilities of `family`; empty when its feature is off in this build.
pub fn family(family: Family) -> Vec<Arc<dyn Utility>> {
    let v: Vec<Arc<dyn Utility>> = match family {
        #[cfg(feature = "text")]
        Family::Text => vec![
            Arc::new(cat::Cat),
            Arc::new(column::Column),
            Arc::new(comm::Comm),
            Arc::new(env::Env),
            Arc::new(printenv::Printenv),
            Arc::new(nproc::Nproc),
            Arc::new(expr::Expr),
            Arc::new(join::Join),
            Arc::new(sleep::Sleep),
            Arc::new(timeout::Timeout),
            Arc::new(xargs::Xargs),
            Arc::new(base64::Base64),
            Arc::new(od::Od),
            Arc::new(cut::Cut),
            Arc::new(fold::Fold),
            Arc::new(nl::Nl),
            Arc::new(paste::Paste),
            Arc::new(seq::Seq),
            Arc::new(shuf::Shuf),
            Arc::new(tr::Tr),
            Arc::new(uniq::Uniq),
            Arc::new(head::Head),
            Arc::new(rev::Rev),
            Arc::new(tac::Tac),
            Arc::new(tabs::Expand),
            Arc::new(tabs::Unexpand),
            Arc::new(tail::Tail),
            Arc::new(tee::Tee),
            Arc::new(wc::Wc),
            Arc::new(yes::Yes),
            Arc::new(printf::Printf),
        ],
        #[cfg(feature = "grep")]
        Family::Grep => vec![
            Arc::new(grep::Grep),
            Arc::new(grep::Obsolescent::EGREP),
            Arc::new(grep::Obsolescent::FGREP),
        ],
        #[cfg(feature = "sed")]
        Family::Sed => vec![Arc::new(sed::Sed)],
        #[cfg(feature = "sort")]
        Family::Sort => vec![Arc::new(sort::Sort)],
        #[cfg(feature = "date")]
        Family::Date => vec![Arc::new(date::Date)],
        #[cfg(feature = "digest")]
        Family::Digest => vec![
            Arc::new(files::cksum::Cksum),
            Arc::new(files::md5sum::Md5sum),
            Arc::new(files::sha256sum::Sha256sum),
            Arc::new(files::shasum::SHA1SUM),
            Arc::new(files::shasum::SHA224SUM),
            Arc::new(files::shasum::SHA384SUM),
            Arc::new(files::shasum::SHA512SUM),
        ],
        #[cfg(feature = "files")]
        Family::Files => vec![
            Arc::new(files::basename::Basename),
            Arc::new(files::chmod::Chmod),
            Arc::new(files::cp::Cp),
            Arc::new(files::df::Df),
            Arc::new(files::dirname::Dirname),
            Arc::new(files::du::Du),
            Arc::new(files::file::File),
            Arc::new(files::find::Find),
            Arc::new(files::ln::Ln),
            Arc::new(files::ls::Ls),
            Arc::new(files::mkdir::Mkdir),
            Arc::new(files::mktemp::Mktemp),
            Arc::new(files::mv::Mv),
            Arc::new(files::readlink::Readlink),
            Arc::new(files::realpath::Realpath),
            Arc::new(files::rm::Rm),
            Arc::new(files::rmdir::Rmdir),
            Arc::new(files::split::Split),
            Arc::new(files::stat::Stat),
            Arc::new(files::touch::Touch),
            Arc::new(files::tree::Tree),
            Arc::new(files::truncate::Truncate),
        ],
        #[cfg(feature = "diff")]
        Family::Diff => vec![Arc::new(files::diff::Diff)],
        #[cfg(feature = "jq")]
        Family::Jq => vec![Arc::new(toolsh_jq::Jq)],
        #[cfg(feature = "awk")]
        Family::Awk => vec![Arc::new(toolsh_awk::Awk)],
        #[allow(unreachable_patterns)] // every family's feature may be on
        _ => Vec::new(),
    };
    v
}

/// Every utility compiled into this build (every family whose feature is
/// on), in family order.
pub fn all() -> Vec<Arc<dyn Utility>> {
    Family::ALL.into_iter().flat_map(family).collect()
}

/// The standard set: [`all`] as a [`UtilitySet`], built once per process
/// and shared (cloning it is one reference count).
pub fn standard() -> UtilitySet {
    static SET: OnceLock<UtilitySet> = OnceLock::new();
    SET.get_or_init(|| all().into_iter().collect()).clone()
}
