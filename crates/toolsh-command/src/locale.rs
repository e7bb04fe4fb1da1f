//! The character-type locale: whether text is UTF-8 characters or bytes.
//!
//! bash takes `LC_CTYPE` from the first set and non-empty of `LC_ALL`,
//! `LC_CTYPE` and `LANG` (bash manual 3.4.2, 6.6), re-reading it whenever
//! a script assigns one of them; the GNU tools and gawk read the same
//! variables from their environment (`setlocale(LC_CTYPE, "")`, POSIX XBD
//! 8.2). [`Locale::from_vars`] is that rule; when none is set, the
//! shell's default applies (the interpreter's `ShellBuilder::locale`,
//! [`Locale::Utf8`] unless the host says otherwise). The shell asks it
//! with every variable the script set, a utility
//! ([`crate::ShellAccess::locale`]) with the exported ones only, as a
//! process sees its environment.

/// A character-type locale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Locale {
    /// A UTF-8 locale (`C.UTF-8`, `en_US.UTF-8`): a character is a UTF-8
    /// sequence; `${#x}` counts characters, `\u00e9` escapes decode.
    #[default]
    Utf8,
    /// The C (POSIX) locale: a character is a byte; `${#x}` counts bytes,
    /// `\u` escapes above ASCII are kept as text.
    C,
}

impl Locale {
    /// The locale a locale name selects: a name whose codeset is UTF-8
    /// (`C.UTF-8`, `en_US.utf8`, case-insensitive) is [`Locale::Utf8`];
    /// anything else (`C`, `POSIX`, `en_US.ISO-8859-1`) is [`Locale::C`].
    pub fn from_name(name: &str) -> Locale {
        let codeset = name.split_once('.').map_or("", |(_, c)| c);
        let codeset = codeset.split_once('@').map_or(codeset, |(c, _)| c);
        if codeset.eq_ignore_ascii_case("utf-8") || codeset.eq_ignore_ascii_case("utf8") {
            Locale::Utf8
        } else {
            Locale::C
        }
    }

    /// The locale the variables select: the first of `LC_ALL`,
    /// `LC_CTYPE`, `LANG` that `lookup` gives a non-empty value for,
    /// read with [`Locale::from_name`]; `default` when none is set.
    pub fn from_vars<S: AsRef<str>>(
        mut lookup: impl FnMut(&str) -> Option<S>,
        default: Locale,
    ) -> Locale {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let Some(v) = lookup(name)
                && !v.as_ref().is_empty()
            {
                return Locale::from_name(v.as_ref());
            }
        }
        default
    }

    /// `true` for [`Locale::Utf8`].
    pub fn is_utf8(self) -> bool {
        self == Locale::Utf8
    }
}

#[cfg(test)]
mod tests {
    use super::Locale;

    #[test]
    fn names_select_by_codeset() {
        for (name, want) in [
            ("C.UTF-8", Locale::Utf8),
            ("C.utf8", Locale::Utf8),
            ("en_US.UTF-8", Locale::Utf8),
            ("de_DE.utf8@euro", Locale::Utf8),
            ("C", Locale::C),
            ("POSIX", Locale::C),
            ("en_US.ISO-8859-1", Locale::C),
            ("UTF-8", Locale::C),
            ("", Locale::C),
        ] {
            assert_eq!(Locale::from_name(name), want, "{name:?}");
        }
    }

    #[test]
    fn first_non_empty_variable_wins() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |n: &str| pairs.iter().find(|(k, _)| *k == n).map(|(_, v)| *v)
        };
        let none: &[(&str, &str)] = &[];
        assert_eq!(Locale::from_vars(vars(none), Locale::C), Locale::C);
        assert_eq!(Locale::from_vars(vars(none), Locale::Utf8), Locale::Utf8);
        let c_all = &[("LC_ALL", "C"), ("LANG", "C.UTF-8")];
        assert_eq!(Locale::from_vars(vars(c_all), Locale::Utf8), Locale::C);
        let empty_all = &[("LC_ALL", ""), ("LC_CTYPE", "C.UTF-8"), ("LANG", "C")];
        assert_eq!(Locale::from_vars(vars(empty_all), Locale::C), Locale::Utf8);
        let lang = &[("LANG", "POSIX")];
        assert_eq!(Locale::from_vars(vars(lang), Locale::Utf8), Locale::C);
    }
}
