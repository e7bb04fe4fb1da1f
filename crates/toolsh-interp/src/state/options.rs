//! Shell options: `set -o` flags and `shopt` options (bash manual 4.3.1
//! "The Set Builtin", 4.3.2 "The Shopt Builtin").

/// The options the interpreter honours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub(crate) struct Options {
    pub errexit: bool,
    pub nounset: bool,
    pub xtrace: bool,
    pub noglob: bool,
    pub pipefail: bool,
    pub allexport: bool,
    pub noclobber: bool,
    pub noexec: bool,
    pub verbose: bool,
    pub hashall: bool,
    pub braceexpand: bool,
    pub posix: bool,
    // shopt
    pub extglob: bool,
    pub nullglob: bool,
    pub failglob: bool,
    pub dotglob: bool,
    pub globstar: bool,
    pub nocaseglob: bool,
    pub nocasematch: bool,
    pub lastpipe: bool,
    pub expand_aliases: bool,
    pub inherit_errexit: bool,
    pub xpg_echo: bool,
    pub globskipdots: bool,
    pub extquote: bool,
    pub sourcepath: bool,
    pub patsub_replacement: bool,
    pub localvar_inherit: bool,
    pub assoc_expand_once: bool,
    pub shift_verbose: bool,
    pub errtrace: bool,
    pub functrace: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            errexit: false,
            nounset: false,
            xtrace: false,
            noglob: false,
            pipefail: false,
            allexport: false,
            noclobber: false,
            noexec: false,
            verbose: false,
            hashall: true,
            braceexpand: true,
            posix: false,
            extglob: false,
            nullglob: false,
            failglob: false,
            dotglob: false,
            globstar: false,
            nocaseglob: false,
            nocasematch: false,
            lastpipe: false,
            expand_aliases: false,
            inherit_errexit: false,
            xpg_echo: false,
            globskipdots: true,
            extquote: true,
            sourcepath: true,
            patsub_replacement: true,
            localvar_inherit: false,
            assoc_expand_once: false,
            shift_verbose: false,
            errtrace: false,
            functrace: false,
        }
    }
}

/// `set -o` names in the order `set -o` lists them.
pub(crate) const SET_O_NAMES: &[&str] = &[
    "allexport",
    "braceexpand",
    "emacs",
    "errexit",
    "errtrace",
    "functrace",
    "hashall",
    "histexpand",
    "history",
    "ignoreeof",
    "interactive-comments",
    "keyword",
    "monitor",
    "noclobber",
    "noexec",
    "noglob",
    "nolog",
    "notify",
    "nounset",
    "onecmd",
    "physical",
    "pipefail",
    "posix",
    "privileged",
    "verbose",
    "vi",
    "xtrace",
];

/// `shopt` names, in the order `shopt` lists them.
pub(crate) const SHOPT_NAMES: &[&str] = &[
    "assoc_expand_once",
    "autocd",
    "cdable_vars",
    "cdspell",
    "checkhash",
    "checkjobs",
    "checkwinsize",
    "cmdhist",
    "compat31",
    "compat32",
    "compat40",
    "compat41",
    "compat42",
    "compat43",
    "compat44",
    "complete_fullquote",
    "direxpand",
    "dirspell",
    "dotglob",
    "execfail",
    "expand_aliases",
    "extdebug",
    "extglob",
    "extquote",
    "failglob",
    "force_fignore",
    "globasciiranges",
    "globskipdots",
    "globstar",
    "gnu_errfmt",
    "histappend",
    "histreedit",
    "histverify",
    "hostcomplete",
    "huponexit",
    "inherit_errexit",
    "interactive_comments",
    "lastpipe",
    "lithist",
    "localvar_inherit",
    "localvar_unset",
    "login_shell",
    "mailwarn",
    "no_empty_cmd_completion",
    "nocaseglob",
    "nocasematch",
    "noexpand_translation",
    "nullglob",
    "patsub_replacement",
    "progcomp",
    "progcomp_alias",
    "promptvars",
    "restricted_shell",
    "shift_verbose",
    "sourcepath",
    "varredir_close",
    "xpg_echo",
];

impl Options {
    /// A `set -o` option by name: `None` when unknown; options we accept but
    /// ignore read as their bash default.
    pub fn set_o(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "errexit" => &mut self.errexit,
            "nounset" => &mut self.nounset,
            "xtrace" => &mut self.xtrace,
            "noglob" => &mut self.noglob,
            "pipefail" => &mut self.pipefail,
            "allexport" => &mut self.allexport,
            "noclobber" => &mut self.noclobber,
            "noexec" => &mut self.noexec,
            "verbose" => &mut self.verbose,
            "hashall" => &mut self.hashall,
            "braceexpand" => &mut self.braceexpand,
            "posix" => &mut self.posix,
            "errtrace" => &mut self.errtrace,
            "functrace" => &mut self.functrace,
            _ => return None,
        })
    }

    /// Read a `set -o` option (unknown-but-valid names read `false`,
    /// `interactive-comments` reads `true`).
    pub fn get_o(&self, name: &str) -> Option<bool> {
        let mut c = *self;
        if let Some(v) = c.set_o(name) {
            return Some(*v);
        }
        if SET_O_NAMES.contains(&name) {
            return Some(name == "interactive-comments");
        }
        None
    }

    /// A `shopt` option by name.
    pub fn shopt(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "extglob" => &mut self.extglob,
            "nullglob" => &mut self.nullglob,
            "failglob" => &mut self.failglob,
            "dotglob" => &mut self.dotglob,
            "globstar" => &mut self.globstar,
            "nocaseglob" => &mut self.nocaseglob,
            "nocasematch" => &mut self.nocasematch,
            "lastpipe" => &mut self.lastpipe,
            "expand_aliases" => &mut self.expand_aliases,
            "inherit_errexit" => &mut self.inherit_errexit,
            "xpg_echo" => &mut self.xpg_echo,
            "globskipdots" => &mut self.globskipdots,
            "extquote" => &mut self.extquote,
            "sourcepath" => &mut self.sourcepath,
            "patsub_replacement" => &mut self.patsub_replacement,
            "localvar_inherit" => &mut self.localvar_inherit,
            "assoc_expand_once" => &mut self.assoc_expand_once,
            "shift_verbose" => &mut self.shift_verbose,
            _ => return None,
        })
    }

    /// Read a `shopt` option (known-but-ignored names read their bash
    /// default for a non-interactive shell).
    pub fn get_shopt(&self, name: &str) -> Option<bool> {
        let mut c = *self;
        if let Some(v) = c.shopt(name) {
            return Some(*v);
        }
        if SHOPT_NAMES.contains(&name) {
            return Some(matches!(
                name,
                "checkwinsize"
                    | "cmdhist"
                    | "complete_fullquote"
                    | "force_fignore"
                    | "globasciiranges"
                    | "hostcomplete"
                    | "interactive_comments"
                    | "progcomp"
                    | "promptvars"
            ));
        }
        None
    }

    /// The value of `$-`.
    pub fn dollar_dash(&self) -> String {
        let mut s = String::new();
        if self.allexport {
            s.push('a');
        }
        if self.errexit {
            s.push('e');
        }
        if self.noglob {
            s.push('f');
        }
        if self.hashall {
            s.push('h');
        }
        if self.noexec {
            s.push('n');
        }
        if self.nounset {
            s.push('u');
        }
        if self.verbose {
            s.push('v');
        }
        if self.xtrace {
            s.push('x');
        }
        if self.braceexpand {
            s.push('B');
        }
        if self.noclobber {
            s.push('C');
        }
        if self.errtrace {
            s.push('E');
        }
        if self.functrace {
            s.push('T');
        }
        s
    }
}
