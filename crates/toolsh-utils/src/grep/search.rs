//! Searching one input: line selection, context, counting and output
//! formatting, fed chunk by chunk so grep streams (GNU grep 3.8's output
//! format: `FILE:LINE:OFFSET:text`, `-` for context lines, `--` between
//! non-adjacent groups).

use std::collections::VecDeque;

use super::options::{ListFiles, Options};
use toolsh_command::posix_regex::PosixRegex;

/// What the caller should do after a chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Flow {
    /// Feed more input.
    More,
    /// This input needs no more bytes (`-l`, `-m`, binary match).
    DoneWithInput,
    /// The whole search is over (`-q` found a line).
    Quit,
}

/// State shared by every input of one grep run.
pub(super) struct Shared<'a> {
    pub re: &'a PosixRegex,
    pub opts: &'a Options,
    pub show_names: bool,
    /// Bytes to write to standard output.
    pub out: Vec<u8>,
    /// Messages for standard error (binary file matches).
    pub err: Vec<u8>,
    /// Some output line (or separator) was printed, for `--` between files.
    pub printed_any: bool,
    /// Some line was selected in some input.
    pub any_selected: bool,
}

/// The search of one input.
pub(super) struct InputSearch {
    name: String,
    carry: Vec<u8>,
    lineno: u64,
    offset: u64,
    selected: u64,
    before: VecDeque<(u64, u64, Vec<u8>)>,
    after_left: usize,
    last_printed: Option<u64>,
    binary: bool,
    /// `-m` reached: only trailing context remains to print.
    stopping: bool,
    done: bool,
}

impl InputSearch {
    pub(super) fn new(name: String) -> Self {
        Self {
            name,
            carry: Vec::new(),
            lineno: 0,
            offset: 0,
            selected: 0,
            before: VecDeque::new(),
            after_left: 0,
            last_printed: None,
            binary: false,
            stopping: false,
            done: false,
        }
    }

    /// Feed bytes; complete lines are processed, the rest is kept.
    pub(super) fn feed(&mut self, sh: &mut Shared<'_>, data: &[u8]) -> Flow {
        if self.done {
            return Flow::DoneWithInput;
        }
        let eol = if sh.opts.null_data { 0 } else { b'\n' };
        if !sh.opts.text && !sh.opts.null_data && data.contains(&0) {
            self.binary = true;
        }
        let mut start = 0;
        if !self.carry.is_empty() {
            let Some(pos) = memchr::memchr(eol, data) else {
                self.carry.extend_from_slice(data);
                return Flow::More;
            };
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(&data[..pos]);
            start = pos + 1;
            let flow = self.line(sh, &line, None);
            if flow != Flow::More {
                return flow;
            }
        }
        // The complete lines; the rest waits for the next chunk.
        let end = memchr::memrchr(eol, &data[start..]).map_or(start, |p| start + p + 1);
        let flow = if self.search_whole(sh) {
            self.lines_by_search(sh, &data[..end], start, eol)
        } else {
            self.lines_one_by_one(sh, &data[..end], start, eol)
        };
        if flow != Flow::More {
            return flow;
        }
        self.carry.extend_from_slice(&data[end..]);
        Flow::More
    }

    /// Whether the complete lines of a chunk can be searched as one
    /// haystack: only the selected lines matter (no inversion, no
    /// context, not winding down after `-m`) and the pattern finds the
    /// same lines that way ([`PosixRegex::finds_across_lines`]).
    fn search_whole(&self, sh: &Shared<'_>) -> bool {
        let o = sh.opts;
        !o.invert && o.before == 0 && o.after == 0 && !self.stopping && sh.re.finds_across_lines()
    }

    /// Each line of `hay[start..]` (complete lines, each ending in `eol`)
    /// searched on its own.
    fn lines_one_by_one(&mut self, sh: &mut Shared<'_>, hay: &[u8], start: usize, eol: u8) -> Flow {
        let mut from = start;
        for pos in memchr::memchr_iter(eol, &hay[start..]) {
            let flow = self.line(sh, &hay[from..start + pos], None);
            from = start + pos + 1;
            if flow != Flow::More {
                return flow;
            }
        }
        Flow::More
    }

    /// The lines of `hay[start..]` (complete lines, each ending in `eol`)
    /// found by searching the whole buffer, as GNU grep does: the line a
    /// match starts in is selected, the lines before it are skipped
    /// unread beyond counting them. A match that runs past its line's end
    /// has that line searched on its own.
    fn lines_by_search(&mut self, sh: &mut Shared<'_>, hay: &[u8], start: usize, eol: u8) -> Flow {
        let mut pos = start;
        while pos < hay.len() {
            let Some((s, e)) = sh.re.find_leftmost_at(hay, pos) else {
                self.skip_lines(&hay[pos..], eol);
                break;
            };
            let line_start = memchr::memrchr(eol, &hay[pos..s]).map_or(pos, |p| pos + p + 1);
            let Some(line_end) = memchr::memchr(eol, &hay[s..]).map(|p| s + p) else {
                // A match in the final delimiter's wake: no line left.
                self.skip_lines(&hay[pos..], eol);
                break;
            };
            self.skip_lines(&hay[pos..line_start], eol);
            let known = (e <= line_end).then_some(true);
            let flow = self.line(sh, &hay[line_start..line_end], known);
            pos = line_end + 1;
            if flow != Flow::More {
                return flow;
            }
        }
        Flow::More
    }

    /// Count lines passed over unselected (`data` is whole lines).
    fn skip_lines(&mut self, data: &[u8], eol: u8) {
        self.lineno += memchr::memchr_iter(eol, data).count() as u64;
        self.offset += data.len() as u64;
    }

    /// End of input: the last line without its terminator, then the
    /// per-input summaries (`-c`, `-l`, `-L`).
    pub(super) fn finish(&mut self, sh: &mut Shared<'_>) -> Flow {
        if !self.done && !self.carry.is_empty() {
            let line = std::mem::take(&mut self.carry);
            if self.line(sh, &line, None) == Flow::Quit {
                return Flow::Quit;
            }
        }
        let o = sh.opts;
        if o.quiet {
            return Flow::More;
        }
        match o.list {
            ListFiles::Matching => {
                if self.selected > 0 {
                    self.name_line(sh);
                }
                return Flow::More;
            }
            ListFiles::NonMatching => {
                if self.selected == 0 {
                    self.name_line(sh);
                }
                return Flow::More;
            }
            ListFiles::None => {}
        }
        if o.count {
            if sh.show_names {
                sh.out.extend_from_slice(self.name.as_bytes());
                sh.out.push(if o.null_after_name { 0 } else { b':' });
            }
            sh.out
                .extend_from_slice(self.selected.to_string().as_bytes());
            sh.out.push(b'\n');
        }
        Flow::More
    }

    fn name_line(&self, sh: &mut Shared<'_>) {
        sh.out.extend_from_slice(self.name.as_bytes());
        sh.out.push(if sh.opts.null_after_name { 0 } else { b'\n' });
    }

    /// One line (without its delimiter); `matched` is `Some(true)` when a
    /// search already found a match in it, `None` to search it here.
    fn line(&mut self, sh: &mut Shared<'_>, line: &[u8], matched: Option<bool>) -> Flow {
        let o = sh.opts;
        self.lineno += 1;
        let offset = self.offset;
        self.offset += line.len() as u64 + 1;
        if self.stopping {
            // After `-m NUM`: trailing context only, whatever it matches.
            if self.after_left > 0 {
                self.after_left -= 1;
                self.print_line(sh, self.lineno, offset, line, b'-');
            }
            if self.after_left == 0 {
                self.done = true;
                return Flow::DoneWithInput;
            }
            return Flow::More;
        }
        let is_selected = matched.unwrap_or_else(|| sh.re.is_match(line)) != o.invert;
        if !is_selected {
            if self.after_left > 0 {
                self.after_left -= 1;
                self.print_line(sh, self.lineno, offset, line, b'-');
            } else if o.before > 0 && self.emits_lines() {
                if self.before.len() == o.before {
                    self.before.pop_front();
                }
                self.before.push_back((self.lineno, offset, line.to_vec()));
            }
            return Flow::More;
        }
        self.selected += 1;
        sh.any_selected = true;
        if o.quiet {
            return Flow::Quit;
        }
        if o.list != ListFiles::None {
            self.done = true;
            return Flow::DoneWithInput;
        }
        if !o.count {
            if self.binary {
                let msg = format!("grep: {}: binary file matches\n", self.name);
                sh.err.extend_from_slice(msg.as_bytes());
                self.done = true;
                return Flow::DoneWithInput;
            }
            for (n, off, text) in std::mem::take(&mut self.before) {
                self.print_line(sh, n, off, &text, b'-');
            }
            self.print_line(sh, self.lineno, offset, line, b':');
            self.after_left = o.after;
        }
        if o.max_count.is_some_and(|m| self.selected >= m) {
            if self.after_left == 0 || o.count {
                self.done = true;
                return Flow::DoneWithInput;
            }
            self.stopping = true;
        }
        Flow::More
    }

    /// `true` when lines (not just counts or names) are printed.
    fn emits_lines(&self) -> bool {
        !self.binary
    }

    fn prefix(&self, sh: &mut Shared<'_>, lineno: u64, offset: u64, sep: u8) {
        let o = sh.opts;
        if sh.show_names {
            sh.out.extend_from_slice(self.name.as_bytes());
            sh.out.push(if o.null_after_name { 0 } else { sep });
        }
        if o.line_number {
            sh.out.extend_from_slice(lineno.to_string().as_bytes());
            sh.out.push(sep);
        }
        if o.byte_offset {
            sh.out.extend_from_slice(offset.to_string().as_bytes());
            sh.out.push(sep);
        }
        if o.initial_tab && (sh.show_names || o.line_number || o.byte_offset) {
            sh.out.push(b'\t');
        }
    }

    fn print_line(&mut self, sh: &mut Shared<'_>, lineno: u64, offset: u64, line: &[u8], sep: u8) {
        let o = sh.opts;
        let eol = if o.null_data { 0 } else { b'\n' };
        if o.context_given {
            let gap = self
                .last_printed
                .map_or(sh.printed_any, |last| lineno > last + 1);
            if gap && let Some(s) = &o.group_separator {
                sh.out.extend_from_slice(s.as_bytes());
                sh.out.push(b'\n');
            }
        }
        self.last_printed = Some(lineno);
        sh.printed_any = true;
        if o.only_matching {
            if sep != b':' || o.invert {
                return;
            }
            let mut pos = 0;
            while pos <= line.len() {
                let Some((s, e)) = sh.re.find_at(line, pos) else {
                    break;
                };
                if e == s {
                    pos = e + 1;
                    continue;
                }
                self.prefix(sh, lineno, offset + s as u64, sep);
                sh.out.extend_from_slice(&line[s..e]);
                sh.out.push(eol);
                pos = e;
            }
            return;
        }
        self.prefix(sh, lineno, offset, sep);
        sh.out.extend_from_slice(line);
        sh.out.push(eol);
    }
}
