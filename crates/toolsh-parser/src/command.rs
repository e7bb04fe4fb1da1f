//! Lists, and-or lists, pipelines, simple commands, assignments and
//! redirections (bash manual 3.2.2–3.2.4, 3.4, 3.6).

use crate::ast::{
    AndOr, AndOrList, Command, List, ListItem, Pipeline, PipelineStage, Redirect, Script,
    SimpleCommand, ThinVec, Timed, Word, WordPart, WordParts,
};
use crate::error::ParseError;
use crate::lexer::{Op, is_meta, is_name_char, is_name_start};
use crate::parser::Parser;
use crate::visit::VisitMut;
use crate::word::WordCtx;

const DECLARATION_UTILITIES: &[&str] = &["declare", "typeset", "local", "export", "readonly"];

/// Where an assignment word's parts are: `name`, optional subscript range,
/// `=` position, `+=`.
#[derive(Clone, Copy)]
pub(crate) struct AssignShape {
    /// Local offset one past the name.
    pub name_end: usize,
    /// Local offset of the `=`.
    pub eq: usize,
    /// `+=`.
    pub append: bool,
}

impl Parser<'_> {
    /// Parses a whole (sub)script to its end.
    pub(crate) fn parse_script_text(&mut self) -> Result<Script, ParseError> {
        let start = self.pos;
        // Here-document ids taken before each top-level item, so that only
        // the items that hold a here-document are walked to fill bodies in.
        let mut marks = Vec::new();
        let body = self.compound_list(Some(&mut marks))?;
        self.skip_blanks();
        if !self.at_eof() {
            // Every item so far was whole: the error begins a new command.
            self.top_command_start = self.pos;
            return Err(self.unexpected());
        }
        if !self.pending.is_empty() {
            self.read_heredoc_bodies()?;
        }
        let mut script = Script {
            body,
            span: self.span_from(start),
            comments: std::mem::take(&mut self.comments),
        };
        if !self.bodies.is_empty() {
            let mut bodies = std::mem::take(&mut self.bodies);
            marks.push(bodies.len());
            for (item, ids) in script.body.items.iter_mut().zip(marks.windows(2)) {
                if ids[0] < ids[1] {
                    crate::heredoc::FillBodies(&mut bodies).visit_list_item(item);
                }
            }
        }
        Ok(script)
    }

    /// `true` when a command can start at the cursor (after blanks).
    pub(crate) fn at_command_start(&mut self) -> bool {
        self.skip_blanks();
        match self.peek_op() {
            Some(Op::LParen) => return true,
            Some(_) => return false,
            None => {}
        }
        if self.at_eof() {
            return false;
        }
        if let Some(w) = self.peek_reserved() {
            return !matches!(
                w,
                "then" | "elif" | "else" | "fi" | "do" | "done" | "esac" | "}" | "]]"
            );
        }
        self.at_word_start() || self.at_redirect()
    }

    /// A compound list: and-or lists separated by `;`, `&` or newlines,
    /// up to a token that cannot start a command. May be empty.
    pub(crate) fn parse_compound_list(&mut self) -> Result<List, ParseError> {
        self.compound_list(None)
    }

    /// [`Self::parse_compound_list`], recording in `marks` the number of
    /// here-documents registered before each item.
    fn compound_list(&mut self, mut marks: Option<&mut Vec<usize>>) -> Result<List, ParseError> {
        let start = self.pos;
        let base = self.item_stack.len();
        loop {
            self.skip_newlines()?;
            if !self.at_command_start() {
                break;
            }
            let item_start = self.pos;
            if let Some(m) = marks.as_deref_mut() {
                // The top-level list (only it records here-document marks).
                m.push(self.bodies.len());
                self.top_command_start = item_start;
            }
            let and_or = self.parse_and_or()?;
            self.skip_blanks();
            let (background, more) = match self.peek_op() {
                Some(Op::Semi) => {
                    self.pos += 1;
                    (false, true)
                }
                Some(Op::Amp) => {
                    self.pos += 1;
                    (true, true)
                }
                Some(Op::Newline) => (false, true),
                _ => (false, false),
            };
            let span = self.span_from(item_start);
            self.item_stack.push(ListItem {
                and_or,
                background,
                span,
            });
            if !more {
                break;
            }
        }
        let span = self.span_from(start);
        let items = if base == 0 && self.item_stack.len() >= 64 {
            // A long outermost list (a whole script): hand over the stack
            // itself, shrunk in place, instead of copying every item.
            let mut items = std::mem::take(&mut self.item_stack);
            items.shrink_to_fit();
            items
        } else {
            self.item_stack.drain(base..).collect()
        };
        Ok(List { items, span })
    }

    /// A compound list that must hold at least one command.
    pub(crate) fn parse_nonempty_list(&mut self) -> Result<List, ParseError> {
        let list = self.parse_compound_list()?;
        if list.items.is_empty() {
            self.skip_blanks();
            return Err(self.unexpected());
        }
        Ok(list)
    }

    fn parse_and_or(&mut self) -> Result<AndOrList, ParseError> {
        let start = self.pos;
        let first = self.parse_pipeline()?;
        let mut rest = ThinVec::new();
        loop {
            self.skip_blanks();
            let op = match self.peek_op() {
                Some(Op::AndAnd) => AndOr::And,
                Some(Op::OrOr) => AndOr::Or,
                _ => break,
            };
            self.pos += 2;
            self.skip_newlines()?;
            let next = self.parse_pipeline()?;
            push_first_exact(&mut rest, (op, next));
        }
        Ok(AndOrList {
            first,
            rest,
            span: self.span_from(start),
        })
    }

    fn parse_pipeline(&mut self) -> Result<Pipeline, ParseError> {
        self.skip_blanks();
        let start = self.pos;
        let mut timed = None;
        let mut negated = false;
        if self.at_reserved("time") {
            self.pos += 4;
            self.skip_blanks();
            let mut posix = false;
            if self.starts_with("-p") && self.peek_at(2).is_none_or(is_meta) {
                self.pos += 2;
                posix = true;
            }
            timed = Some(Timed { posix });
        }
        loop {
            self.skip_blanks();
            if self.at_reserved("!") {
                self.pos += 1;
                negated = !negated;
            } else {
                break;
            }
        }
        let mut commands = smallvec::SmallVec::new();
        if (timed.is_some() || negated) && !self.at_command_start() {
            let span = self.span_from(self.pos);
            commands.push(PipelineStage {
                command: Command::Simple(SimpleCommand {
                    span,
                    ..SimpleCommand::default()
                }),
                pipe_stderr: false,
            });
        } else {
            loop {
                let command = self.parse_command()?;
                self.skip_blanks();
                let pipe_stderr = match self.peek_op() {
                    Some(Op::Pipe) => false,
                    Some(Op::PipeAmp) => true,
                    _ => {
                        commands.push(PipelineStage {
                            command,
                            pipe_stderr: false,
                        });
                        break;
                    }
                };
                self.pos += if pipe_stderr { 2 } else { 1 };
                commands.push(PipelineStage {
                    command,
                    pipe_stderr,
                });
                self.skip_newlines()?;
            }
        }
        Ok(Pipeline {
            timed,
            negated,
            commands,
            span: self.span_from(start),
        })
    }

    /// One command of a pipeline.
    pub(crate) fn parse_command(&mut self) -> Result<Command, ParseError> {
        self.skip_blanks();
        if let Some(w) = self.peek_reserved() {
            match w {
                "if" | "while" | "until" | "for" | "select" | "case" | "{" | "[[" => {
                    return self.compound_with_redirects();
                }
                "function" => return self.function_keyword(),
                "coproc" => return self.coproc(),
                "then" | "elif" | "else" | "fi" | "do" | "done" | "esac" | "}" | "]]" => {
                    return Err(self.unexpected());
                }
                _ => {}
            }
        }
        if self.peek() == Some(b'(') {
            return self.compound_with_redirects();
        }
        self.simple_command()
    }

    /// Redirections after a compound command.
    pub(crate) fn trailing_redirects(&mut self) -> Result<ThinVec<Redirect>, ParseError> {
        let mut redirects = ThinVec::new();
        loop {
            self.skip_blanks();
            if self.at_redirect() {
                let r = self.parse_redirect()?;
                push_first_exact(&mut redirects, r);
            } else {
                redirects.shrink_to_fit();
                return Ok(redirects);
            }
        }
    }

    fn simple_command(&mut self) -> Result<Command, ParseError> {
        let start = self.pos;
        self.enter()?;
        let mut cmd = SimpleCommand::default();
        let base = self.word_stack.len();
        let mut decl = false;
        let mut let_cmd = false;
        loop {
            self.skip_blanks();
            if self.at_redirect() {
                let r = self.parse_redirect()?;
                push_first_exact(&mut cmd.redirects, r);
            } else if self.at_word_start() {
                let shape = self.assignment_shape();
                if self.word_stack.len() == base {
                    if let Some(shape) = shape {
                        let a = self.parse_assignment(&shape)?;
                        push_first_exact(&mut cmd.assignments, a);
                        continue;
                    }
                    let w = self.parse_word(WordCtx::Normal)?;
                    decl = matches!(w.parts.as_slice(), [WordPart::Literal(l)] if DECLARATION_UTILITIES.contains(&l.as_str()));
                    let_cmd = matches!(w.parts.as_slice(), [WordPart::Literal(l)] if l == "let");
                    let plain_name = matches!(w.parts.as_slice(), [WordPart::Literal(_)]);
                    self.word_stack.push(w);
                    if plain_name && cmd.assignments.is_empty() && cmd.redirects.is_empty() {
                        self.skip_blanks();
                        if self.peek() == Some(b'(') && self.empty_parens_ahead() {
                            self.leave();
                            cmd.words = self.word_stack.drain(base..).collect();
                            return self.function_def(cmd, start);
                        }
                    }
                } else if let Some(shape) = shape {
                    let wstart = self.pos;
                    if let_cmd && self.b.get(shape.eq + 1) == Some(&b'(') {
                        // `let x=( 1 + 2 )*3`: bash reads the parenthesised
                        // text, blanks and newlines included, into the word
                        // and `let` evaluates it.
                        let w = self.parse_word(WordCtx::Regex)?;
                        self.word_stack.push(w);
                    } else if decl {
                        let a = self.parse_assignment(&shape)?;
                        let span = self.span_from(wstart);
                        self.word_stack.push(Word {
                            parts: smallvec::smallvec![WordPart::AssignmentWord(Box::new(a))],
                            span,
                        });
                    } else {
                        let w = self.assignment_like_word(&shape)?;
                        self.word_stack.push(w);
                    }
                } else {
                    let w = self.parse_word(WordCtx::Normal)?;
                    self.word_stack.push(w);
                }
            } else {
                break;
            }
        }
        self.leave();
        cmd.words = self.word_stack.drain(base..).collect();
        // Growth leaves room for four; most commands have one of each at
        // most, and the tree is kept (a shrinking realloc stays in place).
        cmd.assignments.shrink_to_fit();
        cmd.redirects.shrink_to_fit();
        if cmd.words.is_empty() && cmd.assignments.is_empty() && cmd.redirects.is_empty() {
            return Err(self.unexpected());
        }
        cmd.span = self.span_from(start);
        Ok(Command::Simple(cmd))
    }

    /// `name=value` as an ordinary argument: bash still performs tilde
    /// expansion after `=` and `:` (bash manual 3.5.2).
    fn assignment_like_word(&mut self, shape: &AssignShape) -> Result<Word, ParseError> {
        let start = self.pos;
        let has_subscript = shape.name_end != shape.eq - usize::from(shape.append);
        if has_subscript {
            return self.parse_word(WordCtx::Normal);
        }
        let value_start = shape.eq + 1;
        self.pos = value_start;
        let value = self.parse_word(WordCtx::Assign)?;
        let mut parts: WordParts =
            smallvec::smallvec![WordPart::Literal(self.src[start..value_start].into())];
        let mut rest = value.parts.into_iter();
        if let Some(WordPart::Literal(l)) = rest.as_slice().first() {
            if let WordPart::Literal(p) = &mut parts[0] {
                p.push_str(l);
            }
            rest.next();
        }
        parts.extend(rest);
        crate::brace::expand_braces(&mut parts, self)?;
        Ok(Word {
            parts,
            span: self.span_from(start),
        })
    }

    /// `( )` follows (blanks allowed inside), as in a function definition.
    fn empty_parens_ahead(&self) -> bool {
        let mut i = self.pos + 1;
        while matches!(self.b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        self.b.get(i) == Some(&b')')
    }

    /// The shape of an assignment word at the cursor, if it is one.
    pub(crate) fn assignment_shape(&self) -> Option<AssignShape> {
        let b = self.b;
        let mut i = self.pos;
        if !b.get(i).is_some_and(|&c| is_name_start(c)) {
            return None;
        }
        while b.get(i).is_some_and(|&c| is_name_char(c)) {
            i += 1;
        }
        let name_end = i;
        if b.get(i) == Some(&b'[') {
            let mut depth = 0usize;
            loop {
                match b.get(i)? {
                    b'[' => depth += 1,
                    b']' => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    b'\\' => i += 1,
                    b'\'' => i += crate::word::memchr(b'\'', &b[i + 1..])? + 1,
                    b'"' => i += crate::word::memchr(b'"', &b[i + 1..])? + 1,
                    b'\n' => return None,
                    _ => {}
                }
                i += 1;
            }
        }
        match (b.get(i), b.get(i + 1)) {
            (Some(b'='), _) => Some(AssignShape {
                name_end,
                eq: i,
                append: false,
            }),
            (Some(b'+'), Some(b'=')) => Some(AssignShape {
                name_end,
                eq: i + 1,
                append: true,
            }),
            _ => None,
        }
    }
}

/// Pushes `x`, making room for exactly one element when `v` has none:
/// most and-or lists have one `&&`/`||` and most commands one redirection
/// or assignment, where a vector's first growth makes room for four (136-176
/// bytes each) that a later `shrink_to_fit` reallocates away.
fn push_first_exact<T>(v: &mut ThinVec<T>, x: T) {
    if v.capacity() == 0 {
        v.reserve_exact(1);
    }
    v.push(x);
}
