//! POSIX regular expressions for grep, sed, awk and expr: GNU-flavoured
//! basic (BRE) and extended (ERE) syntax translated into the `regex`
//! crate's syntax, matched with POSIX leftmost-longest semantics.
//!
//! Source of the behaviour: POSIX XBD chapter 9 "Regular Expressions", the
//! GNU grep manual ("Regular Expressions") and the GNU sed manual ("BRE
//! syntax", "ERE syntax", "Escapes"), and glibc's `regcomp` messages.
//!
//! Engines: patterns without back-references run on `regex-automata`'s
//! meta engine (linear time). The overall match is leftmost-longest as
//! POSIX requires: the leftmost start is found with leftmost-first search,
//! then an anchored search with "all matches" semantics from that start
//! gives the longest end. Sub-matches inside that span follow the
//! automaton's choice, which can differ from POSIX's subexpression rule in
//! rare ambiguous patterns (documented in docs/compatibility.md).
//! Patterns with back-references (`\1`) and Perl syntax (`grep -P`) run on
//! `fancy-regex` (backtracking, leftmost-first, bounded by a backtrack
//! limit), in builds with the `backtrack` feature (the utilities enable
//! it; the interpreter core alone does not).
//!
//! Characters: in the C locale ([`RegexFlags::utf8`] off) a character is
//! a byte. Under a UTF-8 locale (`utf8` on) a character is a UTF-8
//! sequence, as in GNU grep, sed, gawk, expr and bash's `regcomp`: `.`,
//! `[...]` and `\w` match whole characters, `-i` folds Unicode case. The
//! haystack stays bytes and every span is a byte offset; bytes that are
//! not valid UTF-8 match only themselves, never `.` or a bracket. An
//! empty match may still fall inside a multibyte character, as GNU sed's
//! and gawk's `s/x*/-/g` do. A pattern that is not valid UTF-8 is read
//! as bytes.

mod bracket;
mod translate;

use std::borrow::Cow;

use regex_automata::meta;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind};
use regex_syntax::hir::{Hir, HirKind};

use translate::{ReadOptions, translate};

/// Bytes of compiled automaton one pattern may use (NFA, lazy DFA cache).
pub const REGEX_SIZE_LIMIT: usize = 8 * 1024 * 1024;

/// Nesting depth of groups and repetitions a pattern may have.
const NEST_LIMIT: u32 = 250;

/// Steps the backtracking engine may take in one search before giving up.
#[cfg(feature = "backtrack")]
const BACKTRACK_LIMIT: usize = 1_000_000;

/// Which syntax the pattern text is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// POSIX basic regular expressions with GNU extensions (`grep`, `sed`
    /// without `-E`): `\( \) \{ \} \| \+ \?` are operators.
    Basic,
    /// POSIX extended regular expressions with GNU extensions (`grep -E`,
    /// `sed -E`, awk).
    Extended,
    /// Perl-compatible syntax (`grep -P`), as `fancy-regex` reads it.
    Perl,
    /// A fixed string (`grep -F`).
    Fixed,
}

/// Append `text` to an ERE so that it matches literally: each ERE
/// operator character (`.[]()*+?{}|^$\`) gets a backslash. Used for the
/// quoted parts of `[[ s =~ re ]]` (bash manual, "Conditional
/// Constructs": "any part of the pattern may be quoted to force the quoted
/// portion to be matched literally").
pub fn escape_ere(text: &[u8], out: &mut Vec<u8>) {
    for &b in text {
        if b".[]()*+?{}|^$\\".contains(&b) {
            out.push(b'\\');
        }
        out.push(b);
    }
}

/// Options of a compiled pattern.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RegexFlags {
    /// Ignore ASCII case (`grep -i`, sed's `I`).
    pub ignore_case: bool,
    /// `^`/`$` also match after/before an embedded newline and `.` does not
    /// match a newline (sed's `M`).
    pub multi_line: bool,
    /// GNU sed escapes `\n \t \r \f \v \a`, also inside brackets.
    pub sed_escapes: bool,
    /// GNU grep's lenient ERE: a `{` that does not start a valid interval
    /// is a literal and a repetition with nothing to repeat is ignored.
    /// Off (GNU sed, regcomp's POSIX syntax for `[[ =~ ]]`), both are
    /// errors.
    pub lax_interval: bool,
    /// Match only whole words: no word character (`[[:alnum:]_]`) just
    /// before or after the match (`grep -w`).
    pub whole_word: bool,
    /// Match only the whole haystack (`grep -x`).
    pub whole_line: bool,
    /// Characters are UTF-8 sequences (a UTF-8 locale, see the module
    /// doc); off, they are bytes (the C locale). Callers take it from
    /// [`crate::Locale::is_utf8`].
    pub utf8: bool,
    /// Under [`RegexFlags::utf8`], a bracket range may have a non-ASCII
    /// end, in code-point order (gawk, GNU expr). Off, as in glibc's
    /// `regcomp` (grep, sed, bash's `=~`), that is "Invalid collation
    /// character".
    pub wide_ranges: bool,
}

/// What went wrong compiling a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `[` without its `]`.
    UnmatchedBracket,
    /// `\(` or `(` without its close.
    UnmatchedParen,
    /// `\)` without its open.
    UnmatchedCloseParen,
    /// `\{` without its close.
    UnmatchedBrace,
    /// `\{2,1\}`, `\{x\}`.
    BadInterval,
    /// `[z-a]`.
    BadRange,
    /// `[[:foo:]]`.
    BadClass,
    /// `[:alpha:]` outside a bracket.
    ClassSyntax,
    /// `[[.ab.]]`.
    BadCollation,
    /// `\3` with fewer groups.
    BadBackReference,
    /// A pattern ending in a lone `\`.
    TrailingBackslash,
    /// An ERE repetition with nothing to repeat (`*a`, `(+a)`, `a|?b`,
    /// `{1}a`) where the syntax is strict ([`RegexFlags::lax_interval`]
    /// off: sed -E, `[[ =~ ]]`).
    BadRepetition,
    /// A repetition count over 32767 or an automaton over the size limit.
    TooBig,
    /// A syntax error reported by the Perl-syntax engine.
    Perl,
}

/// A pattern that could not be compiled. `Display` gives the message GNU
/// tools print (`Unmatched ( or \(`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RegexError {
    /// What went wrong.
    pub kind: ErrorKind,
    message: String,
}

impl RegexError {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        let message = match kind {
            ErrorKind::UnmatchedBracket => "Unmatched [, [^, [:, [., or [=",
            ErrorKind::UnmatchedParen => "Unmatched ( or \\(",
            ErrorKind::UnmatchedCloseParen => "Unmatched ) or \\)",
            ErrorKind::UnmatchedBrace => "Unmatched \\{",
            ErrorKind::BadInterval => "Invalid content of \\{\\}",
            ErrorKind::BadRange => "Invalid range end",
            ErrorKind::BadClass => "Invalid character class name",
            ErrorKind::ClassSyntax => "character class syntax is [[:space:]], not [:space:]",
            ErrorKind::BadCollation => "Invalid collation character",
            ErrorKind::BadBackReference => "Invalid back reference",
            ErrorKind::TrailingBackslash => "Trailing backslash",
            ErrorKind::BadRepetition => "Invalid preceding regular expression",
            ErrorKind::TooBig => "Regular expression too big",
            ErrorKind::Perl => "invalid regular expression",
        };
        Self {
            kind,
            message: message.to_string(),
        }
    }

    fn with_message(kind: ErrorKind, message: String) -> Self {
        Self { kind, message }
    }
}

/// Sub-match spans of one match: index 0 is the whole match, `i` the
/// `i`-th group; `None` for a group that did not take part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Captures {
    spans: Vec<Option<(usize, usize)>>,
}

impl Captures {
    /// The span (byte offsets into the haystack) of group `i` (0 = whole
    /// match), `None` if it did not participate or does not exist.
    pub fn get(&self, i: usize) -> Option<(usize, usize)> {
        self.spans.get(i).copied().flatten()
    }

    /// The span of the whole match.
    pub fn whole(&self) -> (usize, usize) {
        self.get(0).unwrap_or((0, 0))
    }

    /// The number of spans (groups + 1).
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Always `false`: there is at least the whole match.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}

#[derive(Debug)]
enum Engine {
    Automata {
        /// Leftmost-first: finds the leftmost start, and the match itself
        /// when `longest` is `None`.
        first: meta::Regex,
        /// "All" semantics, searched anchored at the leftmost start: the
        /// longest match there. `None` when greedy matching is already
        /// longest for this pattern.
        longest: Option<meta::Regex>,
    },
    /// The backtracking engine and whether the haystack is read as UTF-8
    /// (else as Latin-1, one char per byte).
    #[cfg(feature = "backtrack")]
    Backtrack(Box<fancy_regex::Regex>, bool),
}

/// A compiled POSIX (or Perl) regular expression over bytes.
#[derive(Debug)]
pub struct PosixRegex {
    engine: Engine,
    groups: usize,
    /// No `^`/`$` anchor and the automata engine: see
    /// [`PosixRegex::finds_across_lines`].
    across_lines: bool,
}

impl PosixRegex {
    /// Compile `pattern` (bytes, as in the C locale).
    ///
    /// Errors: the GNU message for the syntax error (see [`ErrorKind`]), or
    /// [`ErrorKind::TooBig`] when the compiled form would exceed
    /// [`REGEX_SIZE_LIMIT`].
    pub fn new(pattern: &[u8], syntax: Syntax, flags: RegexFlags) -> Result<Self, RegexError> {
        Self::new_multi(&[pattern], syntax, flags)
    }

    /// Compile several patterns as one that matches where any of them
    /// matches (grep's `-e P1 -e P2`, a pattern list with newlines). Group
    /// numbers run on across the patterns; an empty list matches nothing.
    pub fn new_multi(
        patterns: &[&[u8]],
        syntax: Syntax,
        flags: RegexFlags,
    ) -> Result<Self, RegexError> {
        let mut flags = flags;
        flags.utf8 &= patterns.iter().all(|p| std::str::from_utf8(p).is_ok());
        // ASCII fast path: a pattern that only UTF-8 and bytes read alike
        // compiles to the byte automaton.
        if flags.utf8
            && !flags.ignore_case
            && !flags.whole_word
            && syntax != Syntax::Perl
            && patterns.iter().all(|p| reads_alike(p))
        {
            flags.utf8 = false;
        }
        let mut parts = Vec::with_capacity(patterns.len());
        let mut groups = 0;
        let mut backrefs = syntax == Syntax::Perl;
        for pattern in patterns {
            match syntax {
                Syntax::Perl if flags.utf8 => {
                    parts.push(String::from_utf8_lossy(pattern).into_owned());
                }
                Syntax::Perl => parts.push(latin1(pattern).into_owned()),
                Syntax::Fixed => {
                    let mut lit = String::with_capacity(pattern.len());
                    if flags.utf8 {
                        for c in String::from_utf8_lossy(pattern).chars() {
                            translate::push_char(&mut lit, c);
                        }
                    } else {
                        for &b in *pattern {
                            translate::push_literal(&mut lit, b);
                        }
                    }
                    parts.push(lit);
                }
                Syntax::Basic | Syntax::Extended => {
                    let opts = ReadOptions {
                        sed_escapes: flags.sed_escapes,
                        lax_interval: flags.lax_interval,
                        group_offset: groups,
                        utf8: flags.utf8,
                        wide_ranges: flags.wide_ranges,
                    };
                    let tr = translate(pattern, syntax, opts)?;
                    groups += tr.groups;
                    backrefs |= tr.backrefs;
                    parts.push(tr.pattern);
                }
            }
        }
        let mut pattern = match parts.len() {
            0 => "(?-u:[^\\x00-\\xFF])".to_string(),
            1 => parts.pop().unwrap_or_default(),
            _ => {
                let wrapped: Vec<String> = parts.iter().map(|p| format!("(?:{p})")).collect();
                wrapped.join("|")
            }
        };
        if flags.whole_line {
            pattern = format!("^(?:{pattern})$");
        } else if flags.whole_word {
            pattern = if backrefs {
                format!("(?<!\\w)(?:{pattern})(?!\\w)")
            } else {
                format!("\\b{{start-half}}(?:{pattern})\\b{{end-half}}")
            };
        }
        if backrefs {
            if syntax != Syntax::Perl {
                // fancy-regex lacks `\b{start}`/`\b{end}`; a literal `{`
                // is always escaped in translated text, so these are ours.
                pattern = pattern
                    .replace("\\b{start}", "(?<!\\w)(?=\\w)")
                    .replace("\\b{end}", "(?<=\\w)(?!\\w)");
            }
            let mut re = Self::backtracking(&pattern, flags)?;
            if syntax != Syntax::Perl {
                re.groups = groups;
            }
            return Ok(re);
        }
        Self::automata(&pattern, groups, flags)
    }

    fn automata(pattern: &str, groups: usize, flags: RegexFlags) -> Result<Self, RegexError> {
        let syn = syntax::Config::new()
            .unicode(flags.utf8)
            .utf8(false)
            .case_insensitive(flags.ignore_case)
            .multi_line(flags.multi_line)
            .dot_matches_new_line(!flags.multi_line)
            .nest_limit(NEST_LIMIT);
        let hir = syntax::parse_with(pattern, &syn).map_err(|e| {
            RegexError::with_message(
                ErrorKind::TooBig,
                format!("invalid regular expression: {e}"),
            )
        })?;
        let build = |kind: MatchKind| {
            meta::Regex::builder()
                .syntax(syn)
                .configure(
                    meta::Regex::config()
                        .match_kind(kind)
                        .utf8_empty(false)
                        .nfa_size_limit(Some(REGEX_SIZE_LIMIT))
                        .onepass_size_limit(Some(REGEX_SIZE_LIMIT))
                        .dfa_size_limit(Some(REGEX_SIZE_LIMIT))
                        .hybrid_cache_capacity(2 * 1024 * 1024),
                )
                .build_from_hir(&hir)
                .map_err(|_| RegexError::new(ErrorKind::TooBig))
        };
        let first = build(MatchKind::LeftmostFirst)?;
        let longest = if greedy_is_longest(&hir) {
            None
        } else {
            Some(build(MatchKind::All)?)
        };
        Ok(Self {
            engine: Engine::Automata { first, longest },
            groups,
            across_lines: !hir.properties().look_set().contains_anchor(),
        })
    }

    #[cfg(feature = "backtrack")]
    fn backtracking(pattern: &str, flags: RegexFlags) -> Result<Self, RegexError> {
        let mut prefix = String::new();
        if flags.ignore_case {
            prefix.push_str("(?i)");
        }
        if flags.multi_line {
            prefix.push_str("(?m)");
        } else {
            prefix.push_str("(?s)");
        }
        let full = format!("{prefix}{pattern}");
        let re = fancy_regex::RegexBuilder::new(&full)
            .backtrack_limit(BACKTRACK_LIMIT)
            .delegate_size_limit(REGEX_SIZE_LIMIT)
            .delegate_dfa_size_limit(REGEX_SIZE_LIMIT)
            .build()
            .map_err(|e| RegexError::with_message(ErrorKind::Perl, e.to_string()))?;
        let groups = re.captures_len().saturating_sub(1);
        Ok(Self {
            engine: Engine::Backtrack(Box::new(re), flags.utf8),
            groups,
            across_lines: false,
        })
    }

    /// Without the `backtrack` feature, a pattern that needs the
    /// backtracking engine (a back-reference, Perl syntax) is an error.
    #[cfg(not(feature = "backtrack"))]
    #[allow(clippy::unnecessary_wraps)]
    fn backtracking(_pattern: &str, _flags: RegexFlags) -> Result<Self, RegexError> {
        Err(RegexError::with_message(
            ErrorKind::Perl,
            "back-references and Perl syntax are not enabled in this build".to_string(),
        ))
    }

    /// The number of capturing groups.
    pub fn groups(&self) -> usize {
        self.groups
    }

    /// `true` when the pattern matches anywhere in `hay`.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        match &self.engine {
            Engine::Automata { first, .. } => first.is_match(hay),
            #[cfg(feature = "backtrack")]
            Engine::Backtrack(..) => self.find_at(hay, 0).is_some(),
        }
    }

    /// `true` when one search over a buffer of many lines finds the
    /// same lines as a search of each line on its own, so a line filter
    /// (grep) may search a whole buffer and look only at the lines a match
    /// starts in: the pattern has no `^`/`$` anchor (whose meaning depends
    /// on where the haystack starts and ends) and runs on the automata
    /// engine. Word boundaries see the newline between lines as the
    /// non-word context a line's start and end have. A match that runs
    /// across a newline is still possible (`a[^x]b`), so the caller checks
    /// the line it starts in on its own when the match ends past it.
    pub fn finds_across_lines(&self) -> bool {
        self.across_lines
    }

    /// The leftmost-first match at or after byte `start` (its start is the
    /// leftmost one, its end not necessarily the longest), as a byte span:
    /// enough to locate the first matching line of a buffer.
    pub fn find_leftmost_at(&self, hay: &[u8], start: usize) -> Option<(usize, usize)> {
        match &self.engine {
            Engine::Automata { first, .. } => first
                .search(&Input::new(hay).range(start..))
                .map(|m| (m.start(), m.end())),
            #[cfg(feature = "backtrack")]
            Engine::Backtrack(..) => self.find_at(hay, start),
        }
    }

    /// The leftmost-longest match starting at or after byte `start`
    /// (assertions such as `^` and `\b` see the whole haystack), as a
    /// byte span.
    pub fn find_at(&self, hay: &[u8], start: usize) -> Option<(usize, usize)> {
        match &self.engine {
            Engine::Automata { first, longest } => {
                let m = first.search(&Input::new(hay).range(start..))?;
                let Some(longest) = longest else {
                    return Some((m.start(), m.end()));
                };
                let input = Input::new(hay).range(m.start()..).anchored(Anchored::Yes);
                let end = longest
                    .search(&input)
                    .map_or(m.end(), |l| l.end().max(m.end()));
                Some((m.start(), end))
            }
            #[cfg(feature = "backtrack")]
            Engine::Backtrack(re, utf8) => {
                backtrack_captures(re, hay, start, *utf8).map(|c| c.whole())
            }
        }
    }

    /// The groups of the leftmost-longest match at or after `start`.
    pub fn captures_at(&self, hay: &[u8], start: usize) -> Option<Captures> {
        match &self.engine {
            Engine::Automata { first, longest } => {
                let (re, input) = match longest {
                    None => (first, Input::new(hay).range(start..)),
                    Some(longest) => {
                        let m = first.search(&Input::new(hay).range(start..))?;
                        (
                            longest,
                            Input::new(hay).range(m.start()..).anchored(Anchored::Yes),
                        )
                    }
                };
                let mut caps = re.create_captures();
                re.search_captures(&input, &mut caps);
                if !caps.is_match() {
                    return None;
                }
                let spans = (0..caps.group_len())
                    .map(|i| caps.get_group(i).map(|s| (s.start, s.end)))
                    .collect();
                Some(Captures { spans })
            }
            #[cfg(feature = "backtrack")]
            Engine::Backtrack(re, utf8) => backtrack_captures(re, hay, start, *utf8),
        }
    }
}

/// `true` when `pattern` means the same in bytes and in UTF-8
/// characters: ASCII, with no `.`, no negated bracket, no named class and
/// no word or space escape (each of which can match a non-ASCII
/// character under UTF-8). Conservative: `false` means "read it in
/// characters".
fn reads_alike(pattern: &[u8]) -> bool {
    pattern.is_ascii()
        && !pattern.contains(&b'.')
        && !pattern.windows(2).any(|w| {
            matches!(w, [b'[', b'^' | b'['])
                || matches!(
                    w,
                    [
                        b'\\',
                        b'w' | b'W' | b's' | b'S' | b'b' | b'B' | b'<' | b'>' | b'y'
                    ]
                )
        })
}

/// Bytes as a string with one char per byte (Latin-1), so the
/// backtracking engine (which works on `str`) sees bytes as the C locale
/// does.
fn latin1(bytes: &[u8]) -> Cow<'_, str> {
    if bytes.is_ascii() {
        // ASCII is valid UTF-8 with one byte per char.
        return Cow::Borrowed(std::str::from_utf8(bytes).unwrap_or_default());
    }
    Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect())
}

/// Byte offset in the original bytes of char offset `pos` in their
/// Latin-1 string.
#[cfg(feature = "backtrack")]
fn byte_offset(text: &str, pos: usize) -> usize {
    text[..pos].chars().count()
}

#[cfg(feature = "backtrack")]
fn backtrack_captures(
    re: &fancy_regex::Regex,
    hay: &[u8],
    start: usize,
    utf8: bool,
) -> Option<Captures> {
    if utf8 {
        return utf8_backtrack_captures(re, hay, start);
    }
    let text = latin1(hay);
    let ascii = matches!(text, Cow::Borrowed(_));
    let start_char = if ascii {
        start
    } else {
        text.char_indices()
            .nth(start)
            .map_or(text.len(), |(i, _)| i)
    };
    let caps = re
        .captures_from_pos(text.as_ref(), start_char)
        .ok()
        .flatten()?;
    let spans = (0..caps.len())
        .map(|i| {
            caps.get(i).map(|m| {
                if ascii {
                    (m.start(), m.end())
                } else {
                    (byte_offset(&text, m.start()), byte_offset(&text, m.end()))
                }
            })
        })
        .collect();
    Some(Captures { spans })
}

/// [`backtrack_captures`] under UTF-8: a valid haystack is searched as
/// is (its offsets are the byte offsets); in one with invalid bytes each
/// such byte stands for U+FFFD while searching, and the spans are mapped
/// back to the bytes.
#[cfg(feature = "backtrack")]
fn utf8_backtrack_captures(re: &fancy_regex::Regex, hay: &[u8], start: usize) -> Option<Captures> {
    let spans_of = |caps: fancy_regex::Captures<'_, str>, map: &dyn Fn(usize) -> usize| Captures {
        spans: (0..caps.len())
            .map(|i| caps.get(i).map(|m| (map(m.start()), map(m.end()))))
            .collect(),
    };
    if let Ok(text) = std::str::from_utf8(hay) {
        let caps = re.captures_from_pos(text, start).ok().flatten()?;
        return Some(spans_of(caps, &|i| i));
    }
    // `offsets[k]` is the haystack offset of byte `k` of the decoded
    // text (and of its end).
    let mut text = String::with_capacity(hay.len() + 8);
    let mut offsets = Vec::with_capacity(hay.len() + 9);
    let mut at = 0;
    for chunk in hay.utf8_chunks() {
        text.push_str(chunk.valid());
        offsets.extend(at..at + chunk.valid().len());
        at += chunk.valid().len();
        for _ in chunk.invalid() {
            text.push(char::REPLACEMENT_CHARACTER);
            offsets.extend([at; 3]);
            at += 1;
        }
    }
    offsets.push(at);
    let text_start = offsets.partition_point(|&o| o < start);
    let caps = re
        .captures_from_pos(text.as_str(), text_start)
        .ok()
        .flatten()?;
    Some(spans_of(caps, &|i| offsets[i]))
}

/// `true` when the leftmost-first (greedy) match of `hir` is always also
/// the longest one: fixed-width pieces followed by at most one greedy
/// repetition of a fixed-width piece. Conservative: `false` means "check".
fn greedy_is_longest(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Empty | HirKind::Literal(_) | HirKind::Class(_) | HirKind::Look(_) => true,
        HirKind::Capture(c) => greedy_is_longest(&c.sub),
        HirKind::Repetition(r) => r.greedy && fixed(&r.sub),
        HirKind::Concat(items) => match items.split_last() {
            Some((last, init)) => init.iter().all(fixed) && greedy_is_longest(last),
            None => true,
        },
        HirKind::Alternation(_) => false,
    }
}

/// `true` when `hir` can match in only one way at a given position
/// (no choices): literals, classes, assertions and exact repetitions.
fn fixed(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Empty | HirKind::Literal(_) | HirKind::Class(_) | HirKind::Look(_) => true,
        HirKind::Capture(c) => fixed(&c.sub),
        HirKind::Repetition(r) => r.max == Some(r.min) && fixed(&r.sub),
        HirKind::Concat(items) => items.iter().all(fixed),
        HirKind::Alternation(_) => false,
    }
}

#[cfg(test)]
mod tests;
