//! The character-type locale: whether text is UTF-8 characters or bytes.
//!
//! bash takes `LC_CTYPE` from the first set and non-empty of `LC_ALL`,
//! `LC_CTYPE` and `LANG` (bash manual 3.4.2, 6.6), re-reading it whenever
//! a script assigns one of them. toolsh does the same with the script's
//! own variables; when none is set, the shell's [`Locale`]
//! ([`crate::ShellBuilder::locale`], default [`Locale::Utf8`]) applies.
//! Every character-aware operation asks `Interp::utf8_locale`: `${#x}`,
//! `$'\u...'`, `echo -e '\u...'`, `printf` escapes.

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
}
