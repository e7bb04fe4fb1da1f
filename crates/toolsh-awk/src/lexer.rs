//! Lexing of awk program text (POSIX XCU awk "Lexical Conventions").
//!
//! The lexer is pulled by the parser one token at a time. Whether `/`
//! starts a regular expression or is division depends on the grammar, so
//! the parser asks for [`Lexer::regex`] when it expects an operand.

use super::error::SyntaxError;

/// A token kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// End of the program text.
    Eof,
    /// A newline (a statement terminator).
    Newline,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `;`
    Semi,
    /// `,`
    Comma,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `^` or `**`
    Caret,
    /// `!`
    Not,
    /// `>`
    Gt,
    /// `<`
    Lt,
    /// `|`
    Pipe,
    /// `|&`
    PipeAmp,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `~`
    Tilde,
    /// `!~`
    NoMatch,
    /// `$`
    Dollar,
    /// `=`
    Assign,
    /// `+=` `-=` `*=` `/=` `%=` `^=`: the operator byte.
    OpAssign(u8),
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `++`
    Incr,
    /// `--`
    Decr,
    /// `>>`
    Append,
    /// A numeric constant.
    Number(f64),
    /// A string constant (escapes processed).
    Str(Vec<u8>),
    /// A regular expression constant (the text between the slashes, `\/`
    /// turned into `/`).
    Regex(Vec<u8>),
    /// A name not followed by `(`.
    Name(String),
    /// A name immediately followed by `(` (a user function call).
    FuncName(String),
    /// A built-in function name.
    Builtin(String),
    /// A keyword.
    Keyword(Kw),
}

/// Keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kw {
    /// `BEGIN`
    Begin,
    /// `END`
    End,
    /// `function` / `func`
    Function,
    /// `if`
    If,
    /// `else`
    Else,
    /// `while`
    While,
    /// `for`
    For,
    /// `do`
    Do,
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// `next`
    Next,
    /// `nextfile`
    Nextfile,
    /// `exit`
    Exit,
    /// `return`
    Return,
    /// `delete`
    Delete,
    /// `in`
    In,
    /// `getline`
    Getline,
    /// `print`
    Print,
    /// `printf`
    Printf,
}

/// Built-in function names.
pub const BUILTINS: &[&str] = &[
    "length", "substr", "index", "split", "sub", "gsub", "match", "sprintf", "sin", "cos", "atan2",
    "exp", "log", "sqrt", "int", "rand", "srand", "tolower", "toupper", "system", "close",
    "fflush", "gensub", "asort", "asorti", "systime", "strftime", "mktime", "and", "or", "xor",
    "lshift", "rshift", "compl", "strtonum", "isarray", "typeof",
];

fn keyword(name: &str) -> Option<Kw> {
    Some(match name {
        "BEGIN" => Kw::Begin,
        "END" => Kw::End,
        "function" | "func" => Kw::Function,
        "if" => Kw::If,
        "else" => Kw::Else,
        "while" => Kw::While,
        "for" => Kw::For,
        "do" => Kw::Do,
        "break" => Kw::Break,
        "continue" => Kw::Continue,
        "next" => Kw::Next,
        "nextfile" => Kw::Nextfile,
        "exit" => Kw::Exit,
        "return" => Kw::Return,
        "delete" => Kw::Delete,
        "in" => Kw::In,
        "getline" => Kw::Getline,
        "print" => Kw::Print,
        "printf" => Kw::Printf,
        _ => return None,
    })
}

/// A token with the byte offset where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// The kind.
    pub tok: Tok,
    /// Byte offset in the program text.
    pub pos: usize,
}

/// The lexer state: the text and the current offset.
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer over `src`.
    pub fn new(src: &'a [u8]) -> Self {
        Self { src, pos: 0 }
    }

    fn peek_byte(&self, k: usize) -> u8 {
        self.src.get(self.pos + k).copied().unwrap_or(0)
    }

    /// Skip blanks, comments and backslash-newline continuations.
    fn skip_space(&mut self) {
        loop {
            match self.peek_byte(0) {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\\' if self.peek_byte(1) == b'\n' => self.pos += 2,
                b'\\' if self.peek_byte(1) == b'\r' && self.peek_byte(2) == b'\n' => self.pos += 3,
                b'#' => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// The next token.
    pub fn next_token(&mut self) -> Result<Token, SyntaxError> {
        self.skip_space();
        let pos = self.pos;
        if pos >= self.src.len() {
            return Ok(Token { tok: Tok::Eof, pos });
        }
        let c = self.src[pos];
        let c1 = self.peek_byte(1);
        let mut len = 1;
        let tok = match c {
            b'\n' => Tok::Newline,
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'[' => Tok::LBracket,
            b']' => Tok::RBracket,
            b';' => Tok::Semi,
            b',' => Tok::Comma,
            b'?' => Tok::Question,
            b':' => Tok::Colon,
            b'~' => Tok::Tilde,
            b'$' => Tok::Dollar,
            b'+' if c1 == b'+' => {
                len = 2;
                Tok::Incr
            }
            b'-' if c1 == b'-' => {
                len = 2;
                Tok::Decr
            }
            b'*' if c1 == b'*' => {
                if self.peek_byte(2) == b'=' {
                    len = 3;
                    Tok::OpAssign(b'^')
                } else {
                    len = 2;
                    Tok::Caret
                }
            }
            b'+' | b'-' | b'*' | b'/' | b'%' | b'^' if c1 == b'=' => {
                len = 2;
                Tok::OpAssign(c)
            }
            b'+' => Tok::Plus,
            b'-' => Tok::Minus,
            b'*' => Tok::Star,
            b'/' => Tok::Slash,
            b'%' => Tok::Percent,
            b'^' => Tok::Caret,
            b'=' if c1 == b'=' => {
                len = 2;
                Tok::Eq
            }
            b'=' => Tok::Assign,
            b'!' if c1 == b'=' => {
                len = 2;
                Tok::Ne
            }
            b'!' if c1 == b'~' => {
                len = 2;
                Tok::NoMatch
            }
            b'!' => Tok::Not,
            b'<' if c1 == b'=' => {
                len = 2;
                Tok::Le
            }
            b'<' => Tok::Lt,
            b'>' if c1 == b'=' => {
                len = 2;
                Tok::Ge
            }
            b'>' if c1 == b'>' => {
                len = 2;
                Tok::Append
            }
            b'>' => Tok::Gt,
            b'&' if c1 == b'&' => {
                len = 2;
                Tok::And
            }
            b'|' if c1 == b'|' => {
                len = 2;
                Tok::Or
            }
            b'|' if c1 == b'&' => {
                len = 2;
                Tok::PipeAmp
            }
            b'|' => Tok::Pipe,
            b'"' => return self.string(pos),
            b'0'..=b'9' | b'.' if c != b'.' || c1.is_ascii_digit() => return Ok(self.number(pos)),
            c if c.is_ascii_alphabetic() || c == b'_' => return Ok(self.word(pos)),
            _ => {
                return Err(SyntaxError::new(
                    pos,
                    format!("invalid char '{}' in expression", c.escape_ascii()),
                ));
            }
        };
        self.pos += len;
        Ok(Token { tok, pos })
    }

    fn word(&mut self, pos: usize) -> Token {
        let mut end = pos;
        while end < self.src.len()
            && (self.src[end].is_ascii_alphanumeric() || self.src[end] == b'_')
        {
            end += 1;
        }
        let name = String::from_utf8_lossy(&self.src[pos..end]).into_owned();
        self.pos = end;
        let tok = if let Some(kw) = keyword(&name) {
            Tok::Keyword(kw)
        } else if BUILTINS.contains(&name.as_str()) {
            Tok::Builtin(name)
        } else if self.src.get(end) == Some(&b'(') {
            Tok::FuncName(name)
        } else {
            Tok::Name(name)
        };
        Token { tok, pos }
    }

    fn number(&mut self, pos: usize) -> Token {
        let s = self.src;
        let mut i = pos;
        // gawk: hexadecimal constants in program text.
        if s[i] == b'0'
            && matches!(s.get(i + 1), Some(b'x' | b'X'))
            && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            i += 2;
            let start = i;
            while i < s.len() && s[i].is_ascii_hexdigit() {
                i += 1;
            }
            let text = std::str::from_utf8(&s[start..i]).unwrap_or("0");
            let v = u64::from_str_radix(text, 16).map_or(f64::INFINITY, |v| v as f64);
            self.pos = i;
            return Token {
                tok: Tok::Number(v),
                pos,
            };
        }
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        let int_end = i;
        if i < s.len() && s[i] == b'.' {
            i += 1;
            while i < s.len() && s[i].is_ascii_digit() {
                i += 1;
            }
        }
        if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
            let mut j = i + 1;
            if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
                j += 1;
            }
            if j < s.len() && s[j].is_ascii_digit() {
                while j < s.len() && s[j].is_ascii_digit() {
                    j += 1;
                }
                i = j;
            }
        }
        let text = std::str::from_utf8(&s[pos..i]).unwrap_or("0");
        // gawk: octal constants (a leading 0, all digits 0-7).
        let v = if int_end == i
            && text.len() > 1
            && text.starts_with('0')
            && text.bytes().all(|b| (b'0'..=b'7').contains(&b))
        {
            u64::from_str_radix(text, 8).map_or(f64::INFINITY, |v| v as f64)
        } else {
            text.parse::<f64>().unwrap_or(0.0)
        };
        self.pos = i;
        Token {
            tok: Tok::Number(v),
            pos,
        }
    }

    fn string(&mut self, pos: usize) -> Result<Token, SyntaxError> {
        let mut i = pos + 1;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.src.get(i) else {
                return Err(SyntaxError::new(pos, "unterminated string"));
            };
            match c {
                b'"' => {
                    i += 1;
                    break;
                }
                b'\n' => return Err(SyntaxError::new(pos, "unterminated string")),
                b'\\' => {
                    i += 1;
                    let Some(&e) = self.src.get(i) else {
                        return Err(SyntaxError::new(pos, "unterminated string"));
                    };
                    if e == b'\n' {
                        i += 1;
                        continue;
                    }
                    i = unescape_one(self.src, i, &mut out);
                }
                _ => {
                    out.push(c);
                    i += 1;
                }
            }
        }
        self.pos = i;
        Ok(Token {
            tok: Tok::Str(out),
            pos,
        })
    }

    /// Lex a regular expression constant whose opening `/` is at `start`
    /// (the parser saw `/` or `/=` where an operand was expected).
    pub fn regex(&mut self, start: usize) -> Result<Token, SyntaxError> {
        let mut i = start + 1;
        let mut out = Vec::new();
        let mut in_bracket = false;
        loop {
            let Some(&c) = self.src.get(i) else {
                return Err(SyntaxError::new(start, "unterminated regexp"));
            };
            match c {
                b'\n' => return Err(SyntaxError::new(start, "unterminated regexp")),
                b'/' if !in_bracket => {
                    i += 1;
                    break;
                }
                b'[' if !in_bracket => {
                    in_bracket = true;
                    out.push(c);
                    i += 1;
                    // `[]...]` and `[^]...]`: a leading ']' is literal.
                    if self.src.get(i) == Some(&b'^') {
                        out.push(b'^');
                        i += 1;
                    }
                    if self.src.get(i) == Some(&b']') {
                        out.push(b']');
                        i += 1;
                    }
                }
                b'[' if in_bracket && self.src.get(i + 1) == Some(&b':') => {
                    // A character class `[:alpha:]` inside a bracket.
                    let rest = &self.src[i..];
                    if let Some(end) = rest.windows(2).position(|w| w == b":]") {
                        out.extend_from_slice(&rest[..end + 2]);
                        i += end + 2;
                    } else {
                        out.push(c);
                        i += 1;
                    }
                }
                b']' if in_bracket => {
                    in_bracket = false;
                    out.push(c);
                    i += 1;
                }
                b'\\' => {
                    match self.src.get(i + 1) {
                        Some(b'/') => out.push(b'/'),
                        Some(b'\n') => {}
                        Some(&e) => {
                            out.push(b'\\');
                            out.push(e);
                        }
                        None => return Err(SyntaxError::new(start, "unterminated regexp")),
                    }
                    i += 2;
                }
                _ => {
                    out.push(c);
                    i += 1;
                }
            }
        }
        self.pos = i;
        Ok(Token {
            tok: Tok::Regex(out),
            pos: start,
        })
    }
}

/// Process one escape sequence whose character (after the backslash) is at
/// `src[i]`; push the result to `out` and return the index after it.
/// Unknown escapes keep the character (gawk drops the backslash).
pub fn unescape_one(src: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
    let e = src[i];
    let simple = match e {
        b'n' => Some(b'\n'),
        b't' => Some(b'\t'),
        b'r' => Some(b'\r'),
        b'\\' => Some(b'\\'),
        b'"' => Some(b'"'),
        b'/' => Some(b'/'),
        b'a' => Some(7),
        b'b' => Some(8),
        b'f' => Some(12),
        b'v' => Some(11),
        _ => None,
    };
    if let Some(b) = simple {
        out.push(b);
        return i + 1;
    }
    if (b'0'..=b'7').contains(&e) {
        let mut v: u32 = 0;
        let mut j = i;
        while j < src.len() && j < i + 3 && (b'0'..=b'7').contains(&src[j]) {
            v = v * 8 + u32::from(src[j] - b'0');
            j += 1;
        }
        out.push(v as u8);
        return j;
    }
    if e == b'x' {
        let mut v: u32 = 0;
        let mut j = i + 1;
        while j < src.len() && j < i + 3 && src[j].is_ascii_hexdigit() {
            v = v * 16 + (src[j] as char).to_digit(16).unwrap_or(0);
            j += 1;
        }
        if j == i + 1 {
            out.extend_from_slice(b"\\x");
            return j;
        }
        out.push(v as u8);
        return j;
    }
    // Unknown escapes: the character itself (gawk warns, then drops the
    // backslash).
    out.push(e);
    i + 1
}

/// Process escapes in a command-line assignment value (`-v`, operands).
pub fn unescape_str(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' && i + 1 < s.len() {
            i = unescape_one(s, i + 1, &mut out);
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok> {
        let mut lx = Lexer::new(src.as_bytes());
        let mut v = Vec::new();
        loop {
            let t = lx.next_token().unwrap();
            if t.tok == Tok::Eof {
                break;
            }
            v.push(t.tok);
        }
        v
    }

    #[test]
    fn operators_and_words() {
        assert_eq!(
            toks("x+=1 ** 2 f(a) length $1"),
            vec![
                Tok::Name("x".into()),
                Tok::OpAssign(b'+'),
                Tok::Number(1.0),
                Tok::Caret,
                Tok::Number(2.0),
                Tok::FuncName("f".into()),
                Tok::LParen,
                Tok::Name("a".into()),
                Tok::RParen,
                Tok::Builtin("length".into()),
                Tok::Dollar,
                Tok::Number(1.0),
            ]
        );
    }

    #[test]
    fn strings_and_numbers() {
        assert_eq!(
            toks(r#""a\tb\"" 1e3 .5 011 0x1f"#),
            vec![
                Tok::Str(b"a\tb\"".to_vec()),
                Tok::Number(1000.0),
                Tok::Number(0.5),
                Tok::Number(9.0),
                Tok::Number(31.0),
            ]
        );
    }

    #[test]
    fn regex_constant() {
        let mut lx = Lexer::new(br"/a\/b[/]/ x");
        assert_eq!(lx.regex(0).unwrap().tok, Tok::Regex(b"a/b[/]".to_vec()));
    }
}
