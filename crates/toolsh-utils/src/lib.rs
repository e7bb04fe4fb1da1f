//! The utilities: text tools (jq, grep, sed, awk, sort, ...) and, in the
//! Sandbox profile, file commands. Each is a [`Builtin`] in a module named
//! after it; [`all`] lists them for the shell's command table.

use std::sync::Arc;

use crate::builtin::Builtin;

mod awk;
mod base64;
mod cat;
mod cli;
mod column;
mod comm;
mod cut;
mod date;
mod env;
mod expr;
mod files;
mod fold;
mod grep;
mod head;
mod join;
mod jq;
mod nl;
mod nproc;
mod od;
mod paste;
pub(crate) mod posix_regex;
mod printenv;
mod printf;
mod rev;
mod sed;
mod seq;
mod shuf;
mod sleep;
mod sort;
mod tabs;
mod tac;
mod tail;
mod tee;
mod textio;
mod timeout;
mod tr;
mod uniq;
mod wc;
mod xargs;
mod yes;

/// Every utility, in no particular order. Shell builtins (echo, read,
/// declare, ...) live in the interpreter core, not here.
pub fn all() -> Vec<Arc<dyn Builtin>> {
    let v: Vec<Arc<dyn Builtin>> = vec![
        // jq, grep, sed
        Arc::new(jq::Jq),
        Arc::new(grep::Grep),
        Arc::new(sed::Sed),
        Arc::new(awk::Awk),
        // text utilities (sort, uniq, cut, tr, wc, head, tail, ...)
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
        Arc::new(date::Date),
        Arc::new(head::Head),
        Arc::new(rev::Rev),
        Arc::new(sort::Sort),
        Arc::new(tac::Tac),
        Arc::new(tabs::Expand),
        Arc::new(tabs::Unexpand),
        Arc::new(tail::Tail),
        Arc::new(tee::Tee),
        Arc::new(wc::Wc),
        Arc::new(yes::Yes),
        Arc::new(printf::Printf),
        // file commands (ls, mkdir, rm, cp, mv, find, ...)
        Arc::new(files::basename::Basename),
        Arc::new(files::chmod::Chmod),
        Arc::new(files::cksum::Cksum),
        Arc::new(files::cp::Cp),
        Arc::new(files::df::Df),
        Arc::new(files::diff::Diff),
        Arc::new(files::dirname::Dirname),
        Arc::new(files::du::Du),
        Arc::new(files::file::File),
        Arc::new(files::find::Find),
        Arc::new(files::ln::Ln),
        Arc::new(files::ls::Ls),
        Arc::new(files::md5sum::Md5sum),
        Arc::new(files::mkdir::Mkdir),
        Arc::new(files::mktemp::Mktemp),
        Arc::new(files::mv::Mv),
        Arc::new(files::readlink::Readlink),
        Arc::new(files::realpath::Realpath),
        Arc::new(files::rm::Rm),
        Arc::new(files::rmdir::Rmdir),
        Arc::new(files::sha256sum::Sha256sum),
        Arc::new(files::shasum::SHA1SUM),
        Arc::new(files::shasum::SHA224SUM),
        Arc::new(files::shasum::SHA384SUM),
        Arc::new(files::shasum::SHA512SUM),
        Arc::new(files::split::Split),
        Arc::new(files::stat::Stat),
        Arc::new(files::touch::Touch),
        Arc::new(files::tree::Tree),
        Arc::new(files::truncate::Truncate),
    ];
    v
}
