//! Running a parsed sed script over the input: the cycle, addresses and
//! ranges, the pattern and hold spaces, and every command (GNU sed 4.9
//! manual, "How sed Works", "Commands", "Addresses"; GNU's handling of a
//! missing final newline, `n`/`N` at end of input and `c` in ranges).

use std::collections::HashMap;
use std::sync::Arc;

use super::edit::{list, substitute};
use super::input::{Line, Reader};
use super::script::{Addr, Addr2, BranchKind, Cmd, Script, TextKind};
use toolsh_command::limits::{Interrupt, within_buffer};
use toolsh_command::posix_regex::PosixRegex;
use toolsh_command::utility::UtilityContext;

/// Output buffered before it is written to standard output.
const FLUSH_AT: usize = 64 * 1024;

/// Run-time settings from the command line.
#[derive(Debug, Clone, Default)]
pub(super) struct Settings {
    pub quiet: bool,
    pub separate: bool,
    /// `-i[SUFFIX]`: edit files in place, backing up to SUFFIX if not empty.
    pub in_place: Option<String>,
    pub null_data: bool,
    /// `-l N` (70 by default).
    pub line_wrap: usize,
    pub debug_posix: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Range {
    Inactive,
    /// Active; for numeric ends, the last line number of the range.
    Active(Option<u64>),
}

enum Queued {
    Text(Vec<u8>),
    File(String),
}

/// How a cycle ended.
enum End {
    /// End of script: autoprint.
    Normal,
    /// `d`, `c`, `D` without newline: no autoprint.
    Delete,
    /// `D` with a newline: start again without reading.
    Restart,
    /// `q` (print) or `Q`.
    Quit { print: bool, code: i32 },
    /// A run-time error (message after `sed: `), exit status 1... 4.
    Fail(String, i32),
}

/// The executor state.
pub(super) struct Exec<'a> {
    script: &'a Script,
    set: &'a Settings,
    delim: u8,
    max_buffer: usize,
    ps: Vec<u8>,
    hold: Vec<u8>,
    terminated: bool,
    line_no: u64,
    cur_file: Option<usize>,
    ranges: Vec<Range>,
    last_re: Option<Arc<PosixRegex>>,
    subst_flag: bool,
    queue: Vec<Queued>,
    /// Bytes for standard output and its missing-newline state.
    stdout: Vec<u8>,
    stdout_missing: bool,
    /// With `-i`, the new contents of the current file.
    file_out: Vec<u8>,
    file_missing: bool,
    stderr: Vec<u8>,
    w_files: Vec<(String, Vec<u8>)>,
    r_lines: HashMap<String, (Vec<u8>, usize)>,
    /// The input file operands (for `-i`).
    files: Vec<String>,
    /// Exit status so far (input errors).
    pub status: i32,
    /// The pattern and hold spaces and the output not yet written, held
    /// against the execution's memory budget.
    pub held: toolsh_command::Reservation,
}

impl<'a> Exec<'a> {
    pub(super) fn new(
        script: &'a Script,
        set: &'a Settings,
        files: Vec<String>,
        max_buffer: usize,
    ) -> Self {
        let ranges = script
            .commands
            .iter()
            .map(|c| match (&c.addr.a1, &c.addr.a2) {
                (Some(Addr::Line(0)), Some(_)) => Range::Active(None),
                _ => Range::Inactive,
            })
            .collect();
        Self {
            script,
            set,
            delim: if set.null_data { 0 } else { b'\n' },
            max_buffer,
            ps: Vec::new(),
            hold: Vec::new(),
            terminated: true,
            line_no: 0,
            cur_file: None,
            ranges,
            last_re: None,
            subst_flag: false,
            queue: Vec::new(),
            stdout: Vec::new(),
            stdout_missing: false,
            file_out: Vec::new(),
            file_missing: false,
            stderr: Vec::new(),
            w_files: script
                .write_files()
                .into_iter()
                .map(|f| (f, Vec::new()))
                .collect(),
            r_lines: HashMap::new(),
            files,
            status: 0,
            held: toolsh_command::MemoryBudget::unlimited().reservation(),
        }
    }

    /// Run the script over all input; returns the exit status.
    pub(super) async fn run(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        reader: &mut Reader,
    ) -> Result<i32, Interrupt> {
        let mut restart = false;
        let mut code = None;
        loop {
            if !restart {
                let Some(line) = reader.next(ctx, &mut self.stdout).await? else {
                    break;
                };
                self.start_line(ctx, line).await;
                self.subst_flag = false;
                // GNU sed always reads one line ahead.
                reader.peek(ctx, &mut self.stdout).await?;
            }
            restart = false;
            self.report_input_errors(reader);
            let end = self.cycle(ctx, reader).await?;
            match end {
                End::Normal => {
                    if !self.set.quiet {
                        self.output_ps();
                    }
                }
                End::Delete => {}
                End::Restart => restart = true,
                End::Quit { print, code: c } => {
                    if print {
                        if !self.set.quiet {
                            self.output_ps();
                        }
                        self.dump_queue(ctx).await;
                    }
                    code = Some(c);
                    break;
                }
                End::Fail(msg, st) => {
                    self.stderr
                        .extend_from_slice(format!("sed: {msg}\n").as_bytes());
                    code = Some(st);
                    break;
                }
            }
            self.dump_queue(ctx).await;
            if !self.flush(ctx, false).await? || reader.broken_pipe {
                return Ok(code.unwrap_or(self.status));
            }
            ctx.shell.checkpoint()?;
        }
        self.report_input_errors(reader);
        self.finish_file(ctx).await;
        self.flush(ctx, true).await?;
        Ok(code.unwrap_or(self.status))
    }

    fn report_input_errors(&mut self, reader: &mut Reader) {
        for e in reader.errors.drain(..) {
            self.stderr
                .extend_from_slice(format!("sed: {}\n", e.message).as_bytes());
            self.status = self.status.max(e.status);
        }
    }

    /// Write buffered output; `false` when standard output's reader has
    /// gone.
    async fn flush(&mut self, ctx: &mut UtilityContext<'_>, all: bool) -> Result<bool, Interrupt> {
        for (name, data) in &mut self.w_files {
            if data.is_empty() {
                continue;
            }
            let data = std::mem::take(data);
            match name.as_str() {
                "/dev/stdout" => self.stdout.extend_from_slice(&data),
                "/dev/stderr" => self.stderr.extend_from_slice(&data),
                _ => {
                    let path = ctx.resolve_path(name);
                    let _ = ctx.shell.fs().append(&path, &data).await;
                }
            }
        }
        if !self.stderr.is_empty() {
            let err = std::mem::take(&mut self.stderr);
            toolsh_command::utility::write_status(ctx.stderr.write(&err).await)?;
        }
        if self.stdout.len() >= FLUSH_AT || (all && !self.stdout.is_empty()) {
            let out = std::mem::take(&mut self.stdout);
            return toolsh_command::utility::write_status(ctx.stdout.write(&out).await);
        }
        Ok(true)
    }

    async fn start_line(&mut self, ctx: &mut UtilityContext<'_>, line: Line) {
        if self.cur_file != Some(line.file) {
            if self.cur_file.is_some() {
                self.finish_file(ctx).await;
                if self.set.separate {
                    self.line_no = 0;
                }
            }
            self.cur_file = Some(line.file);
        }
        self.line_no += 1;
        self.ps = line.bytes;
        self.terminated = line.terminated;
    }

    /// With `-i`: replace the current file by what was written for it.
    async fn finish_file(&mut self, ctx: &mut UtilityContext<'_>) {
        let (Some(suffix), Some(idx)) = (&self.set.in_place, self.cur_file) else {
            return;
        };
        let Some(name) = self.files.get(idx).cloned() else {
            return;
        };
        let path = ctx.resolve_path(&name);
        let fs = ctx.shell.fs();
        if !suffix.is_empty() {
            let backup = if suffix.contains('*') {
                let base = name.rsplit('/').next().unwrap_or(&name);
                suffix.replace('*', base)
            } else {
                format!("{name}{suffix}")
            };
            if let Ok(orig) = fs.read(&path).await {
                let _ = fs.write(&ctx.resolve_path(&backup), &orig).await;
            }
        }
        let data = std::mem::take(&mut self.file_out);
        self.file_missing = false;
        if let Err(e) = fs.write(&path, &data).await {
            self.stderr
                .extend_from_slice(format!("sed: couldn't edit {name}: {e}\n").as_bytes());
            self.status = 4;
        }
    }

    fn main_out(&mut self) -> (&mut Vec<u8>, &mut bool) {
        if self.set.in_place.is_some() {
            (&mut self.file_out, &mut self.file_missing)
        } else {
            (&mut self.stdout, &mut self.stdout_missing)
        }
    }

    /// Write text (already terminated) to the main output.
    fn write_text(&mut self, text: &[u8]) {
        let delim = self.delim;
        let (buf, missing) = self.main_out();
        if *missing {
            buf.push(delim);
            *missing = false;
        }
        buf.extend_from_slice(text);
    }

    /// Print `data` as a line of the pattern space (no terminator when the
    /// input line had none).
    fn output_line(&mut self, data: &[u8], terminated: bool) {
        let delim = self.delim;
        let (buf, missing) = self.main_out();
        if *missing {
            buf.push(delim);
        }
        buf.extend_from_slice(data);
        if terminated {
            buf.push(delim);
            *missing = false;
        } else {
            *missing = true;
        }
    }

    fn output_ps(&mut self) {
        let ps = std::mem::take(&mut self.ps);
        self.output_line(&ps, self.terminated);
        self.ps = ps;
    }

    async fn dump_queue(&mut self, ctx: &mut UtilityContext<'_>) {
        for q in std::mem::take(&mut self.queue) {
            match q {
                Queued::Text(t) => self.write_text(&t),
                Queued::File(name) => {
                    let data = if name == "/dev/stdin" {
                        ctx.stdin
                            .read_to_end(self.max_buffer)
                            .await
                            .unwrap_or_default()
                    } else {
                        let path = ctx.resolve_path(&name);
                        ctx.shell.fs().read(&path).await.unwrap_or_default()
                    };
                    if !data.is_empty() {
                        self.write_text(&data);
                    }
                }
            }
        }
    }

    async fn is_last(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        reader: &mut Reader,
    ) -> Result<bool, Interrupt> {
        let cur = self.cur_file;
        let separate = self.set.separate;
        Ok(match reader.peek(ctx, &mut self.stdout).await? {
            None => true,
            Some(l) => separate && Some(l.file) != cur,
        })
    }

    fn regex(&mut self, re: Option<&Arc<PosixRegex>>) -> Result<Arc<PosixRegex>, String> {
        if let Some(re) = re {
            self.last_re = Some(re.clone());
            return Ok(re.clone());
        }
        self.last_re
            .clone()
            .ok_or_else(|| "no previous regular expression".to_string())
    }

    async fn match_a1(
        &mut self,
        a: &Addr,
        ctx: &mut UtilityContext<'_>,
        reader: &mut Reader,
    ) -> Result<Result<bool, String>, Interrupt> {
        Ok(Ok(match a {
            Addr::Line(n) => self.line_no == *n,
            Addr::Last => self.is_last(ctx, reader).await?,
            Addr::Regex(re) => match self.regex(re.as_ref()) {
                Ok(re) => re.is_match(&self.ps),
                Err(e) => return Ok(Err(e)),
            },
            Addr::Step(first, step) => {
                if *step == 0 {
                    self.line_no == *first
                } else {
                    self.line_no >= *first && (self.line_no - first).is_multiple_of(*step)
                }
            }
        }))
    }

    /// Does command `i`'s address select the current line? Updates the
    /// command's range state.
    async fn selected(
        &mut self,
        i: usize,
        ctx: &mut UtilityContext<'_>,
        reader: &mut Reader,
    ) -> Result<Result<bool, String>, Interrupt> {
        let addr = &self.script.commands[i].addr;
        let Some(a1) = &addr.a1 else {
            return Ok(Ok(!addr.negate));
        };
        let negate = addr.negate;
        let hit = match &addr.a2 {
            None => match self.match_a1(a1, ctx, reader).await? {
                Ok(b) => b,
                Err(e) => return Ok(Err(e)),
            },
            Some(a2) => match self.ranges[i] {
                Range::Inactive => match self.match_a1(a1, ctx, reader).await? {
                    Ok(false) => false,
                    Err(e) => return Ok(Err(e)),
                    Ok(true) => {
                        let line = self.line_no;
                        let state = match a2 {
                            Addr2::Line(n) => (*n > line).then_some(Range::Active(Some(*n))),
                            Addr2::Plus(n) => {
                                (*n > 0).then(|| Range::Active(Some(line.saturating_add(*n))))
                            }
                            Addr2::Multiple(n) => (*n > 0).then_some(Range::Active(None)),
                            Addr2::Last => {
                                if self.is_last(ctx, reader).await? {
                                    None
                                } else {
                                    Some(Range::Active(None))
                                }
                            }
                            Addr2::Regex(_) => Some(Range::Active(None)),
                        };
                        self.ranges[i] = state.unwrap_or(Range::Inactive);
                        true
                    }
                },
                Range::Active(end) => {
                    let line = self.line_no;
                    let close = match a2 {
                        Addr2::Line(_) | Addr2::Plus(_) => end.is_none_or(|e| line >= e),
                        Addr2::Multiple(n) => line.is_multiple_of(*n),
                        Addr2::Last => self.is_last(ctx, reader).await?,
                        Addr2::Regex(re) => match self.regex(re.as_ref()) {
                            Ok(re) => re.is_match(&self.ps),
                            Err(e) => return Ok(Err(e)),
                        },
                    };
                    if close {
                        self.ranges[i] = Range::Inactive;
                    }
                    true
                }
            },
        };
        Ok(Ok(hit != negate))
    }

    fn check_size(&mut self) -> Result<(), Interrupt> {
        within_buffer(self.ps.len().max(self.hold.len()), self.max_buffer)?;
        let files: usize = self.w_files.iter().map(|(_, b)| b.len()).sum();
        let bytes = self.ps.capacity()
            + self.hold.capacity()
            + self.stdout.len()
            + self.file_out.len()
            + files;
        self.held.resize(bytes)
    }

    /// Read the next line into the pattern space for `n` (replace) or `N`
    /// (append); `false` at the end of input (of the file, with `-s`).
    async fn read_next(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        reader: &mut Reader,
        append: bool,
    ) -> Result<bool, Interrupt> {
        if self.is_last(ctx, reader).await? {
            return Ok(false);
        }
        self.dump_queue(ctx).await;
        let Some(line) = reader.next(ctx, &mut self.stdout).await? else {
            return Ok(false);
        };
        self.line_no += 1;
        if append {
            self.ps.push(self.delim);
            self.ps.extend_from_slice(&line.bytes);
        } else {
            self.ps = line.bytes;
        }
        self.terminated = line.terminated;
        self.check_size()?;
        Ok(true)
    }

    async fn cycle(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        reader: &mut Reader,
    ) -> Result<End, Interrupt> {
        let script = self.script;
        let n = script.commands.len();
        let mut pc = 0;
        while pc < n {
            let selected = match self.selected(pc, ctx, reader).await? {
                Ok(b) => b,
                Err(e) => return Ok(End::Fail(e, 1)),
            };
            let cmd = &script.commands[pc].cmd;
            if !selected {
                pc = match cmd {
                    Cmd::Block(end) => end + 1,
                    _ => pc + 1,
                };
                continue;
            }
            pc += 1;
            match cmd {
                Cmd::Block(_) | Cmd::EndBlock | Cmd::Label => {}
                Cmd::LineNumber => {
                    let text = format!("{}\n", self.line_no);
                    self.write_text(text.as_bytes());
                }
                Cmd::Text(TextKind::Append, t) => self.queue.push(Queued::Text(t.clone())),
                Cmd::Text(TextKind::Insert, t) => self.write_text(t),
                Cmd::Text(TextKind::Change, t) => {
                    let in_range = matches!(self.ranges[pc - 1], Range::Active(_))
                        && !script.commands[pc - 1].addr.negate;
                    if !in_range {
                        self.write_text(t);
                    }
                    return Ok(End::Delete);
                }
                Cmd::Branch(kind, target) => {
                    let jump = match kind {
                        BranchKind::Always => true,
                        BranchKind::IfSubst => std::mem::take(&mut self.subst_flag),
                        BranchKind::IfNoSubst => !std::mem::take(&mut self.subst_flag),
                    };
                    if jump {
                        ctx.shell.checkpoint()?;
                        pc = target.unwrap_or(n);
                    }
                }
                Cmd::Delete => return Ok(End::Delete),
                Cmd::DeleteFirst => {
                    let Some(i) = self.ps.iter().position(|&b| b == self.delim) else {
                        return Ok(End::Delete);
                    };
                    self.ps.drain(..=i);
                    return Ok(End::Restart);
                }
                Cmd::FileName => {
                    let name = reader.latest_file_name().to_string();
                    self.write_text(format!("{name}\n").as_bytes());
                }
                Cmd::GetHold => self.ps.clone_from(&self.hold),
                Cmd::AppendHold => {
                    self.ps.push(self.delim);
                    self.ps.extend_from_slice(&self.hold);
                }
                Cmd::Hold => self.hold.clone_from(&self.ps),
                Cmd::AppendToHold => {
                    self.hold.push(self.delim);
                    self.hold.extend_from_slice(&self.ps);
                }
                Cmd::List(width) => {
                    let w = width.unwrap_or(self.set.line_wrap);
                    let text = list(&self.ps, w);
                    self.write_text(&text);
                }
                Cmd::Next => {
                    if self.is_last(ctx, reader).await? {
                        return Ok(End::Normal);
                    }
                    if !self.set.quiet {
                        self.output_ps();
                    }
                    if !self.read_next(ctx, reader, false).await? {
                        return Ok(End::Delete);
                    }
                }
                Cmd::AppendNext => {
                    if !self.read_next(ctx, reader, true).await? {
                        return Ok(End::Normal);
                    }
                }
                Cmd::Print => self.output_ps(),
                Cmd::PrintFirst => {
                    let end = self
                        .ps
                        .iter()
                        .position(|&b| b == self.delim)
                        .unwrap_or(self.ps.len());
                    let first = self.ps[..end].to_vec();
                    self.output_line(&first, true);
                }
                Cmd::Quit { code, print } => {
                    return Ok(End::Quit {
                        print: *print,
                        code: *code,
                    });
                }
                Cmd::ReadFile(f) => self.queue.push(Queued::File(f.clone())),
                Cmd::ReadLine(f) => {
                    if let Some(line) = self.next_r_line(ctx, f).await {
                        self.queue.push(Queued::Text(line));
                    }
                }
                Cmd::Subst(s) => {
                    let re = match self.regex(s.re.as_ref()) {
                        Ok(r) => r,
                        Err(e) => return Ok(End::Fail(e, 1)),
                    };
                    if let Some(new) = substitute(&re, s, &self.ps) {
                        self.ps = new;
                        self.subst_flag = true;
                        self.check_size()?;
                        if s.print {
                            self.output_ps();
                        }
                        if let Some(f) = &s.write {
                            let mut data = self.ps.clone();
                            data.push(self.delim);
                            self.write_file(f, &data);
                        }
                    }
                }
                Cmd::Write(f) => {
                    let mut data = self.ps.clone();
                    data.push(self.delim);
                    self.write_file(f, &data);
                }
                Cmd::WriteFirst(f) => {
                    let end = self
                        .ps
                        .iter()
                        .position(|&b| b == self.delim)
                        .unwrap_or(self.ps.len());
                    let mut data = self.ps[..end].to_vec();
                    data.push(self.delim);
                    self.write_file(f, &data);
                }
                Cmd::Exchange => std::mem::swap(&mut self.ps, &mut self.hold),
                Cmd::Translate(map) => {
                    for b in &mut self.ps {
                        *b = map[usize::from(*b)];
                    }
                }
                Cmd::Zap => self.ps.clear(),
            }
            self.check_size()?;
        }
        Ok(End::Normal)
    }

    fn write_file(&mut self, name: &str, data: &[u8]) {
        if name == "/dev/stdout" && self.set.in_place.is_none() {
            // Keep the order with the main output.
            self.write_text(data);
            return;
        }
        if let Some((_, buf)) = self.w_files.iter_mut().find(|(n, _)| n == name) {
            buf.extend_from_slice(data);
        }
    }

    async fn next_r_line(&mut self, ctx: &mut UtilityContext<'_>, name: &str) -> Option<Vec<u8>> {
        if !self.r_lines.contains_key(name) {
            let path = ctx.resolve_path(name);
            let data = ctx.shell.fs().read(&path).await.unwrap_or_default();
            self.r_lines.insert(name.to_string(), (data, 0));
        }
        let (data, pos) = self.r_lines.get_mut(name)?;
        if *pos >= data.len() {
            return None;
        }
        let rest = &data[*pos..];
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        let mut line = rest[..end].to_vec();
        *pos += end;
        if line.last() != Some(&b'\n') {
            line.push(b'\n');
        }
        Some(line)
    }
}
