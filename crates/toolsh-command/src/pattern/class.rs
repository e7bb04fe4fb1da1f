//! Bracket expressions: `[abc]`, `[!a-z]`, `[[:digit:]]` (POSIX XCU 2.13.1,
//! XBD 9.3.5).

/// A named character class (`[:alpha:]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    Alnum,
    Alpha,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Xdigit,
    Word,
}

impl Named {
    fn parse(name: &str) -> Option<Named> {
        Some(match name {
            "alnum" => Named::Alnum,
            "alpha" => Named::Alpha,
            "blank" => Named::Blank,
            "cntrl" => Named::Cntrl,
            "digit" => Named::Digit,
            "graph" => Named::Graph,
            "lower" => Named::Lower,
            "print" => Named::Print,
            "punct" => Named::Punct,
            "space" => Named::Space,
            "upper" => Named::Upper,
            "xdigit" => Named::Xdigit,
            "word" => Named::Word,
            _ => return None,
        })
    }

    fn matches(self, c: char) -> bool {
        if !c.is_ascii() {
            return self.matches_wide(c);
        }
        match self {
            Named::Alnum => c.is_ascii_alphanumeric(),
            Named::Alpha => c.is_ascii_alphabetic(),
            Named::Blank => c == ' ' || c == '\t',
            Named::Cntrl => c.is_ascii_control(),
            Named::Digit => c.is_ascii_digit(),
            Named::Graph => c.is_ascii_graphic(),
            Named::Lower => c.is_ascii_lowercase(),
            Named::Print => c.is_ascii_graphic() || c == ' ',
            Named::Punct => c.is_ascii_punctuation(),
            Named::Space => matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c'),
            Named::Upper => c.is_ascii_uppercase(),
            Named::Xdigit => c.is_ascii_hexdigit(),
            Named::Word => c.is_ascii_alphanumeric() || c == '_',
        }
    }

    /// A character above ASCII, as glibc's `C.UTF-8` classifies it
    /// (Unicode letters are `alpha`, digits stay ASCII-only, symbols such
    /// as `☠` are `punct`). Text reaches a pattern as characters only in
    /// a UTF-8 locale's terms; the C locale's bytes are not classified.
    fn matches_wide(self, c: char) -> bool {
        let graph = !c.is_control() && !c.is_whitespace();
        match self {
            Named::Alnum | Named::Word => c.is_alphanumeric(),
            Named::Alpha => c.is_alphabetic(),
            Named::Blank => {
                c.is_whitespace() && c != '\u{85}' && !matches!(c, '\u{2028}' | '\u{2029}')
            }
            Named::Cntrl => c.is_control(),
            Named::Digit | Named::Xdigit => false,
            Named::Graph => graph,
            Named::Lower => c.is_lowercase(),
            Named::Print => graph || c.is_whitespace() && !c.is_control(),
            Named::Punct => graph && !c.is_alphanumeric(),
            Named::Space => c.is_whitespace(),
            Named::Upper => c.is_uppercase(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Item {
    Char(char),
    Range(char, char),
    Named(Named),
}

/// A compiled bracket expression.
#[derive(Debug, Clone, PartialEq)]
pub struct CharClass {
    negated: bool,
    items: Vec<Item>,
}

impl CharClass {
    /// Parse a bracket expression starting just after `[` at `chars[i]`.
    /// Returns the class and the index just past `]`, or `None` when the
    /// expression is not closed (the `[` is then literal).
    pub(crate) fn parse(chars: &[char], mut i: usize) -> Option<(CharClass, usize)> {
        let mut negated = false;
        if i < chars.len() && (chars[i] == '!' || chars[i] == '^') {
            negated = true;
            i += 1;
        }
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let c = *chars.get(i)?;
            if c == ']' && !first {
                return Some((CharClass { negated, items }, i + 1));
            }
            first = false;
            let lo = if c == '[' && chars.get(i + 1) == Some(&':') {
                // [:name:]
                let rest: String = chars[i + 2..].iter().collect();
                if let Some(end) = rest.find(":]") {
                    let name = &rest[..end];
                    if let Some(n) = Named::parse(name) {
                        items.push(Item::Named(n));
                    }
                    i += 2 + name.chars().count() + 2;
                    continue;
                }
                i += 1;
                '['
            } else if c == '\\' {
                i += 1;
                let e = *chars.get(i)?;
                i += 1;
                e
            } else {
                i += 1;
                c
            };
            if chars.get(i) == Some(&'-') && chars.get(i + 1).is_some_and(|&n| n != ']') {
                let mut hi = chars[i + 1];
                i += 2;
                if hi == '\\' {
                    hi = *chars.get(i)?;
                    i += 1;
                }
                items.push(Item::Range(lo, hi));
            } else {
                items.push(Item::Char(lo));
            }
        }
    }

    /// `true` when `c` is in the class.
    pub fn matches(&self, c: char, nocase: bool) -> bool {
        let hit = |c: char| {
            self.items.iter().any(|it| match *it {
                Item::Char(x) => x == c,
                Item::Range(a, b) => a <= c && c <= b,
                Item::Named(n) => n.matches(c),
            })
        };
        let mut m = hit(c);
        if !m && nocase {
            m = hit(c.to_ascii_lowercase()) || hit(c.to_ascii_uppercase());
        }
        m != self.negated
    }
}
