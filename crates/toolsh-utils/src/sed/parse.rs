//! Parsing sed scripts (GNU sed 4.9: "sed scripts", "Commands",
//! "Addresses", "The s Command", "Escapes"), with GNU's error messages.

use std::sync::Arc;

use super::script::{
    Addr, Addr2, Address, BranchKind, Cmd, Command, Re, ReplPart, Script, Subst, TextKind,
};
use toolsh_command::posix_regex::{PosixRegex, RegexFlags, Syntax};

/// A script error: the GNU message and the byte offset (0-based) in the
/// combined script where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ParseError {
    pub message: String,
    pub offset: usize,
    /// Exit status GNU uses for it (1; 4 for a few regex class errors).
    pub status: i32,
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
    extended: bool,
    /// Characters are UTF-8 sequences (a UTF-8 locale) in the regexes.
    utf8: bool,
    commands: Vec<Command>,
    /// Indices of open `{`.
    blocks: Vec<usize>,
    /// Pending branches: command index and label.
    jumps: Vec<(usize, String)>,
    labels: Vec<(String, usize)>,
}

/// Parse a whole script. `extended` selects ERE (`-E`); `utf8` reads the
/// regexes in characters (a UTF-8 locale) rather than bytes.
pub(super) fn parse(src: &[u8], extended: bool, utf8: bool) -> Result<Script, ParseError> {
    let quiet = src.starts_with(b"#n") && matches!(src.get(2), None | Some(b'\n'));
    let mut p = Parser {
        src,
        pos: 0,
        extended,
        utf8,
        commands: Vec::new(),
        blocks: Vec::new(),
        jumps: Vec::new(),
        labels: Vec::new(),
    };
    p.script()?;
    if let Some(&open) = p.blocks.last() {
        let _ = open;
        return Err(p.err("unmatched `{'"));
    }
    for (at, label) in std::mem::take(&mut p.jumps) {
        let Some(&(_, target)) = p.labels.iter().find(|(l, _)| *l == label) else {
            return Err(ParseError {
                message: format!("can't find label for jump to `{label}'"),
                offset: usize::MAX,
                status: 4,
            });
        };
        if let Cmd::Branch(_, t) = &mut p.commands[at].cmd {
            *t = Some(target);
        }
    }
    Ok(Script {
        commands: p.commands,
        quiet,
    })
}

/// The sed escapes that stand for one byte: `\n \t \r \f \v \a`,
/// `\dNNN`, `\oNNN`, `\xHH`, `\cX`. `rest` starts after the backslash;
/// returns the byte and the number of bytes of `rest` used.
pub(super) fn byte_escape(rest: &[u8]) -> Option<(u8, usize)> {
    let c = *rest.first()?;
    let simple = match c {
        b'n' => Some(b'\n'),
        b't' => Some(b'\t'),
        b'r' => Some(b'\r'),
        b'f' => Some(0x0c),
        b'v' => Some(0x0b),
        b'a' => Some(0x07),
        _ => None,
    };
    if let Some(b) = simple {
        return Some((b, 1));
    }
    let number = |radix: u32, max_digits: usize| -> Option<(u8, usize)> {
        let digits: Vec<u8> = rest[1..]
            .iter()
            .take(max_digits)
            .take_while(|d| char::from(**d).is_digit(radix))
            .copied()
            .collect();
        if digits.is_empty() {
            return None;
        }
        let text = std::str::from_utf8(&digits).ok()?;
        let v = u32::from_str_radix(text, radix).ok()?;
        Some(((v & 0xff) as u8, 1 + digits.len()))
    };
    match c {
        b'd' => number(10, 3),
        b'o' => number(8, 3),
        b'x' => number(16, 2),
        b'c' => rest.get(1).map(|x| (x.to_ascii_uppercase() ^ 0x40, 2)),
        _ => None,
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

impl Parser<'_> {
    fn err(&self, message: &str) -> ParseError {
        ParseError {
            message: message.to_string(),
            offset: self.pos,
            status: 1,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(is_blank) {
            self.pos += 1;
        }
    }

    fn script(&mut self) -> Result<(), ParseError> {
        loop {
            while self
                .peek()
                .is_some_and(|b| is_blank(b) || b == b'\n' || b == b';')
            {
                self.pos += 1;
            }
            let Some(c) = self.peek() else {
                return Ok(());
            };
            if c == b'#' {
                self.skip_line();
                continue;
            }
            self.command()?;
        }
    }

    fn skip_line(&mut self) {
        while let Some(b) = self.peek() {
            self.pos += 1;
            if b == b'\n' {
                break;
            }
        }
    }

    fn number(&mut self) -> Option<u64> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        let text = std::str::from_utf8(&self.src[start..self.pos]).ok()?;
        Some(text.parse().unwrap_or(u64::MAX))
    }

    fn address(&mut self) -> Result<Address, ParseError> {
        let mut addr = Address::default();
        let Some(a1) = self.addr1()? else {
            return Ok(addr);
        };
        addr.a1 = Some(a1);
        self.skip_blanks();
        if self.peek() == Some(b',') {
            self.pos += 1;
            self.skip_blanks();
            let a2 = match self.peek() {
                Some(b'+') => {
                    self.pos += 1;
                    Addr2::Plus(
                        self.number()
                            .ok_or_else(|| self.err("expected newer version of sed"))?,
                    )
                }
                Some(b'~') => {
                    self.pos += 1;
                    Addr2::Multiple(
                        self.number()
                            .ok_or_else(|| self.err("expected newer version of sed"))?,
                    )
                }
                _ => match self.addr1()? {
                    Some(Addr::Line(n)) => Addr2::Line(n),
                    Some(Addr::Last) => Addr2::Last,
                    Some(Addr::Regex(r)) => Addr2::Regex(r),
                    Some(Addr::Step(n, _)) => Addr2::Line(n),
                    None => return Err(self.err("unexpected `,'")),
                },
            };
            addr.a2 = Some(a2);
        }
        if matches!(addr.a1, Some(Addr::Line(0))) && !matches!(addr.a2, Some(Addr2::Regex(_))) {
            return Err(self.err("invalid usage of line address 0"));
        }
        Ok(addr)
    }

    fn addr1(&mut self) -> Result<Option<Addr>, ParseError> {
        match self.peek() {
            Some(b) if b.is_ascii_digit() => {
                let n = self.number().unwrap_or(0);
                if self.peek() == Some(b'~') {
                    self.pos += 1;
                    let step = self.number().unwrap_or(0);
                    return Ok(Some(Addr::Step(n, step)));
                }
                Ok(Some(Addr::Line(n)))
            }
            Some(b'$') => {
                self.pos += 1;
                Ok(Some(Addr::Last))
            }
            Some(b'/') => {
                self.pos += 1;
                Ok(Some(Addr::Regex(self.address_regex(b'/')?)))
            }
            Some(b'\\') => {
                self.pos += 1;
                let Some(delim) = self.peek() else {
                    return Err(self.err("unexpected end of file"));
                };
                self.pos += 1;
                Ok(Some(Addr::Regex(self.address_regex(delim)?)))
            }
            _ => Ok(None),
        }
    }

    fn address_regex(&mut self, delim: u8) -> Result<Re, ParseError> {
        let Some(text) = self.delimited(delim, true) else {
            return Err(self.err("unterminated address regex"));
        };
        let mut flags = RegexFlags::default();
        loop {
            match self.peek() {
                Some(b'I') => flags.ignore_case = true,
                Some(b'M') => flags.multi_line = true,
                _ => break,
            }
            self.pos += 1;
        }
        self.compile(&text, flags)
    }

    fn compile(&self, text: &[u8], mut flags: RegexFlags) -> Result<Re, ParseError> {
        if text.is_empty() {
            return Ok(None);
        }
        flags.sed_escapes = true;
        flags.utf8 = self.utf8;
        let text = expand_numeric_escapes(text);
        let syntax = if self.extended {
            Syntax::Extended
        } else {
            Syntax::Basic
        };
        PosixRegex::new(&text, syntax, flags)
            .map(|r| Some(Arc::new(r)))
            .map_err(|e| {
                let status = if e.kind == toolsh_command::posix_regex::ErrorKind::ClassSyntax {
                    4
                } else {
                    1
                };
                ParseError {
                    message: e.to_string(),
                    offset: self.pos,
                    status,
                }
            })
    }

    /// Read up to the unescaped `delim`; `\delim` becomes `delim`, other
    /// escapes are kept. In a regex, bracket expressions are skipped
    /// whole. `None` at end of line or script.
    fn delimited(&mut self, delim: u8, regex: bool) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        loop {
            let c = self.peek()?;
            self.pos += 1;
            if c == delim {
                return Some(out);
            }
            match c {
                b'\n' if regex => return None,
                b'\\' => {
                    let n = self.peek()?;
                    self.pos += 1;
                    if n == delim {
                        out.push(delim);
                    } else if n == b'\n' {
                        if regex {
                            out.extend_from_slice(b"\\n");
                        } else {
                            out.extend_from_slice(b"\\\n");
                        }
                    } else {
                        out.push(b'\\');
                        out.push(n);
                    }
                }
                b'[' if regex => {
                    out.push(b'[');
                    let end = bracket_end(&self.src[self.pos..]);
                    if let Some(len) = end {
                        out.extend_from_slice(&self.src[self.pos..self.pos + len]);
                        self.pos += len;
                    }
                }
                _ => out.push(c),
            }
        }
    }

    fn end_of_command(&mut self) -> Result<(), ParseError> {
        self.skip_blanks();
        match self.peek() {
            None | Some(b'\n' | b';' | b'}' | b'#') => Ok(()),
            Some(_) => Err(self.err("extra characters after command")),
        }
    }

    fn rest_of_line(&mut self) -> Vec<u8> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b != b'\n') {
            self.pos += 1;
        }
        self.src[start..self.pos].to_vec()
    }

    fn filename(&mut self) -> Result<String, ParseError> {
        self.skip_blanks();
        let name = self.rest_of_line();
        if name.is_empty() {
            return Err(self.err("missing filename in r/R/w/W commands"));
        }
        Ok(String::from_utf8_lossy(&name).into_owned())
    }

    /// The label of `:`, `b`, `t`, `T` (or `v`'s version): GNU sed 4.9
    /// skips blanks, then ends the label at a newline, `;`, whitespace or
    /// `}`, which stay for the next command (`3{:a;n;ba}` closes the
    /// block; `:a}` at the top level is "unexpected `}'").
    fn label(&mut self) -> String {
        self.skip_blanks();
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b != b';' && b != b'}' && !b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.src[start..self.pos]).into_owned()
    }

    fn command(&mut self) -> Result<(), ParseError> {
        let addr = self.address()?;
        self.skip_blanks();
        let mut addr = addr;
        while self.peek() == Some(b'!') {
            self.pos += 1;
            addr.negate = true;
            self.skip_blanks();
        }
        let Some(c) = self.peek() else {
            return Err(self.err("missing command"));
        };
        self.pos += 1;
        let has_addr = addr.a1.is_some();
        let one_addr = |p: &Self| {
            if addr.a2.is_some() {
                Err(p.err("command only uses one address"))
            } else {
                Ok(())
            }
        };
        let cmd = match c {
            b'{' => {
                self.blocks.push(self.commands.len());
                Cmd::Block(0)
            }
            b'}' => {
                if has_addr {
                    return Err(self.err("} doesn't want any addresses"));
                }
                let Some(open) = self.blocks.pop() else {
                    return Err(self.err("unexpected `}'"));
                };
                let here = self.commands.len();
                self.commands[open].cmd = Cmd::Block(here);
                self.end_of_command()?;
                Cmd::EndBlock
            }
            b'#' => {
                if has_addr {
                    return Err(self.err("comments don't accept any addresses"));
                }
                self.skip_line();
                return Ok(());
            }
            b':' => {
                if has_addr {
                    return Err(self.err(": doesn't want any addresses"));
                }
                let label = self.label();
                if label.is_empty() {
                    return Err(self.err("\":\" lacks a label"));
                }
                self.labels.push((label, self.commands.len()));
                Cmd::Label
            }
            b'=' => {
                self.end_of_command()?;
                Cmd::LineNumber
            }
            b'a' | b'i' | b'c' => {
                let kind = match c {
                    b'a' => TextKind::Append,
                    b'i' => TextKind::Insert,
                    _ => TextKind::Change,
                };
                Cmd::Text(kind, self.text()?)
            }
            b'b' | b't' | b'T' => {
                let kind = match c {
                    b'b' => BranchKind::Always,
                    b't' => BranchKind::IfSubst,
                    _ => BranchKind::IfNoSubst,
                };
                let label = self.label();
                if !label.is_empty() {
                    self.jumps.push((self.commands.len(), label));
                }
                Cmd::Branch(kind, None)
            }
            b'd' | b'D' | b'F' | b'g' | b'G' | b'h' | b'H' | b'n' | b'N' | b'p' | b'P' | b'x'
            | b'z' => {
                self.end_of_command()?;
                match c {
                    b'd' => Cmd::Delete,
                    b'D' => Cmd::DeleteFirst,
                    b'F' => Cmd::FileName,
                    b'g' => Cmd::GetHold,
                    b'G' => Cmd::AppendHold,
                    b'h' => Cmd::Hold,
                    b'H' => Cmd::AppendToHold,
                    b'n' => Cmd::Next,
                    b'N' => Cmd::AppendNext,
                    b'p' => Cmd::Print,
                    b'P' => Cmd::PrintFirst,
                    b'x' => Cmd::Exchange,
                    _ => Cmd::Zap,
                }
            }
            b'l' | b'L' => {
                self.skip_blanks();
                let n = self
                    .number()
                    .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
                self.end_of_command()?;
                Cmd::List(n)
            }
            b'q' | b'Q' => {
                one_addr(self)?;
                self.skip_blanks();
                let code = self.number().map_or(0, |n| (n & 0xff) as i32);
                self.end_of_command()?;
                Cmd::Quit {
                    code,
                    print: c == b'q',
                }
            }
            b'r' => Cmd::ReadFile(self.filename()?),
            b'R' => Cmd::ReadLine(self.filename()?),
            b'w' => Cmd::Write(self.filename()?),
            b'W' => Cmd::WriteFirst(self.filename()?),
            b's' => Cmd::Subst(Box::new(self.subst()?)),
            b'y' => Cmd::Translate(self.translate()?),
            b'e' => return Err(self.err("e/r/w commands disabled in sandbox mode")),
            b'v' => {
                self.label();
                Cmd::Label
            }
            _ => {
                self.pos -= 1;
                let shown = String::from_utf8_lossy(&self.src[self.pos..=self.pos]).into_owned();
                self.pos += 1;
                return Err(self.err(&format!("unknown command: `{shown}'")));
            }
        };
        self.commands.push(Command { addr, cmd });
        Ok(())
    }

    /// The text of `a`, `i`, `c`: the one-line form (`a text`) or the
    /// classic form (`a\` newline text, lines continued by `\`).
    fn text(&mut self) -> Result<Vec<u8>, ParseError> {
        self.skip_blanks();
        if self.peek() == Some(b'\\') {
            self.pos += 1;
            if self.peek() == Some(b'\n') {
                self.pos += 1;
            }
        } else if matches!(self.peek(), None | Some(b'\n')) {
            return Err(self.err("expected \\ after `a', `c' or `i'"));
        }
        let mut text = Vec::new();
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                b'\n' => break,
                b'\\' => {
                    let Some(n) = self.peek() else { break };
                    if let Some((b, used)) = byte_escape(&self.src[self.pos..]) {
                        text.push(b);
                        self.pos += used;
                    } else {
                        text.push(n);
                        self.pos += 1;
                    }
                }
                _ => text.push(c),
            }
        }
        if !text.is_empty() {
            text.push(b'\n');
        }
        Ok(text)
    }

    fn subst(&mut self) -> Result<Subst, ParseError> {
        let Some(delim) = self.peek().filter(|&d| d != b'\n' && d != b'\\') else {
            return Err(self.err("unterminated `s' command"));
        };
        self.pos += 1;
        let Some(pattern) = self.delimited(delim, true) else {
            return Err(self.err("unterminated `s' command"));
        };
        let Some(raw) = self.delimited(delim, false) else {
            return Err(self.err("unterminated `s' command"));
        };
        let replacement = replacement(&raw);
        let mut s = Subst {
            re: None,
            replacement,
            global: false,
            nth: 1,
            print: false,
            write: None,
        };
        let mut flags = RegexFlags::default();
        let mut have_nth = false;
        loop {
            match self.peek() {
                Some(b'g') => {
                    if s.global {
                        return Err(self.err("multiple `g' options to `s' command"));
                    }
                    s.global = true;
                }
                Some(b'p') => {
                    if s.print {
                        return Err(self.err("multiple `p' options to `s' command"));
                    }
                    s.print = true;
                }
                Some(b'i' | b'I') => flags.ignore_case = true,
                Some(b'm' | b'M') => flags.multi_line = true,
                Some(b'e') => return Err(self.err("e/r/w commands disabled in sandbox mode")),
                Some(b'0'..=b'9') => {
                    if have_nth {
                        return Err(self.err("multiple number options to `s' command"));
                    }
                    let n = self.number().unwrap_or(0);
                    if n == 0 {
                        return Err(self.err("number option to `s' command may not be zero"));
                    }
                    s.nth = n;
                    have_nth = true;
                    continue;
                }
                Some(b'w') => {
                    self.pos += 1;
                    s.write = Some(self.filename()?);
                    break;
                }
                _ => {
                    self.end_of_command()
                        .map_err(|_| self.err("unknown option to `s'"))?;
                    break;
                }
            }
            self.pos += 1;
        }
        s.re = self.compile(&pattern, flags)?;
        if let Some(re) = &s.re {
            let max = s
                .replacement
                .iter()
                .filter_map(|p| match p {
                    ReplPart::Group(n) => Some(*n),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            if max > re.groups() {
                return Err(self.err(&format!("invalid reference \\{max} on `s' command's RHS")));
            }
        }
        Ok(s)
    }

    fn translate(&mut self) -> Result<Box<[u8; 256]>, ParseError> {
        let Some(delim) = self.peek().filter(|&d| d != b'\n' && d != b'\\') else {
            return Err(self.err("unterminated `y' command"));
        };
        self.pos += 1;
        let unterminated = |p: &Self| p.err("unterminated `y' command");
        let src = self
            .delimited(delim, false)
            .ok_or_else(|| unterminated(self))?;
        let dst = self
            .delimited(delim, false)
            .ok_or_else(|| unterminated(self))?;
        let (src, dst) = (unescape_y(&src), unescape_y(&dst));
        if src.len() != dst.len() {
            return Err(self.err("strings for `y' command are different lengths"));
        }
        self.end_of_command()?;
        let mut map = Box::new([0u8; 256]);
        for (i, slot) in map.iter_mut().enumerate() {
            *slot = i as u8;
        }
        for (&a, &b) in src.iter().zip(&dst) {
            map[usize::from(a)] = b;
        }
        Ok(map)
    }
}

/// Length of the rest of a bracket expression (after its `[`) through
/// the closing `]`, or `None` when it does not close on this line.
fn bracket_end(src: &[u8]) -> Option<usize> {
    let mut i = 0;
    if src.first() == Some(&b'^') {
        i += 1;
    }
    if src.get(i) == Some(&b']') {
        i += 1;
    }
    while let Some(&c) = src.get(i) {
        match c {
            b'\n' => return None,
            b']' => return Some(i + 1),
            b'[' if matches!(src.get(i + 1), Some(b':' | b'.' | b'=')) => {
                let kind = src[i + 1];
                let close = src[i + 2..]
                    .windows(2)
                    .position(|w| w[0] == kind && w[1] == b']')?;
                i += 2 + close + 2;
            }
            _ => i += 1,
        }
    }
    None
}

/// Replace `\dNNN`, `\oNNN`, `\xHH` and `\cX` in a regex by the byte they
/// stand for (GNU sed does this before compiling; the byte keeps any
/// special meaning, as GNU's does).
fn expand_numeric_escapes(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'\\' && i + 1 < text.len() {
            if matches!(text[i + 1], b'd' | b'o' | b'x' | b'c')
                && let Some((b, used)) = byte_escape(&text[i + 1..])
            {
                out.push(b);
                i += 1 + used;
                continue;
            }
            out.extend_from_slice(&text[i..i + 2]);
            i += 2;
            continue;
        }
        out.push(text[i]);
        i += 1;
    }
    out
}

/// Parse the replacement of `s` (already split at its delimiter).
fn replacement(raw: &[u8]) -> Vec<ReplPart> {
    let mut parts = Vec::new();
    let mut lit = Vec::new();
    let flush = |lit: &mut Vec<u8>, parts: &mut Vec<ReplPart>| {
        if !lit.is_empty() {
            parts.push(ReplPart::Literal(std::mem::take(lit)));
        }
    };
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        i += 1;
        match c {
            b'&' => {
                flush(&mut lit, &mut parts);
                parts.push(ReplPart::Group(0));
            }
            b'\\' if i < raw.len() => {
                let n = raw[i];
                i += 1;
                let special = match n {
                    b'0'..=b'9' => Some(ReplPart::Group(usize::from(n - b'0'))),
                    b'L' => Some(ReplPart::Lower),
                    b'U' => Some(ReplPart::Upper),
                    b'l' => Some(ReplPart::LowerNext),
                    b'u' => Some(ReplPart::UpperNext),
                    b'E' => Some(ReplPart::End),
                    _ => None,
                };
                if let Some(part) = special {
                    flush(&mut lit, &mut parts);
                    parts.push(part);
                } else if n == b'\n' {
                    lit.push(b'\n');
                } else if let Some((b, used)) = byte_escape(&raw[i - 1..]) {
                    lit.push(b);
                    i += used - 1;
                } else {
                    lit.push(n);
                }
            }
            _ => lit.push(c),
        }
    }
    flush(&mut lit, &mut parts);
    parts
}

/// `y` strings: `\\` is a backslash, `\n` etc. the control characters.
fn unescape_y(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && i + 1 < raw.len() {
            if let Some((b, used)) = byte_escape(&raw[i + 1..]) {
                out.push(b);
                i += 1 + used;
                continue;
            }
            out.push(raw[i + 1]);
            i += 2;
            continue;
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}
