//! `grep`: print lines that match patterns (GNU grep 3.8 behaviour; see
//! the GNU grep manual). Reads standard input as a stream; file operands
//! and `-f`/`-r` go through the FileSystem backend (Sandbox profile).
//! Exit status 0 when a line was selected, 1 when none, 2 on an error
//! (unless `-q` selected a line).

mod options;
mod search;

use async_trait::async_trait;

use options::{FilenameMode, HELP, Options, PatternSource};
use search::{Flow, InputSearch, Shared};
use toolsh_command::fs::FileType;
use toolsh_command::posix_regex::{PosixRegex, RegexFlags, Syntax};
use toolsh_command::utility::{Utility, UtilityContext, UtilityResult};

/// Bytes of a file fed to the searcher at a time (so `checkpoint` runs
/// and output flushes while a large file is searched).
const FILE_CHUNK: usize = 256 * 1024;

/// The `grep` utility.
#[derive(Debug, Default, Clone, Copy)]
pub struct Grep;

/// `egrep` and `fgrep`: `grep -E` and `grep -F` under their old names.
/// As GNU grep 3.8's scripts (`src/egrep.sh` in grep's source; Debian's
/// package drops the warning), each first writes `NAME: warning: NAME is
/// obsolescent; using grep -E` (or `-F`) to standard error, then runs
/// grep with the option before the arguments, so a later `-G`/`-E`/`-F`
/// still wins.
#[derive(Debug, Clone, Copy)]
pub struct Obsolescent {
    name: &'static str,
    option: &'static str,
}

impl Obsolescent {
    /// `egrep`: `grep -E`.
    pub const EGREP: Obsolescent = Obsolescent {
        name: "egrep",
        option: "-E",
    };
    /// `fgrep`: `grep -F`.
    pub const FGREP: Obsolescent = Obsolescent {
        name: "fgrep",
        option: "-F",
    };
}

#[async_trait]
impl Utility for Obsolescent {
    fn name(&self) -> &'static str {
        self.name
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let cmd = ctx.args[0]
            .rsplit('/')
            .next()
            .unwrap_or(self.name)
            .to_string();
        let warning = format!(
            "{cmd}: warning: {cmd} is obsolescent; using grep {}\n",
            self.option
        );
        toolsh_command::utility::write_status(ctx.stderr.write_str(&warning).await)?;
        ctx.args[0] = "grep".to_string();
        ctx.args.insert(1, self.option.to_string());
        Grep.run(ctx).await
    }
}

/// Outcome of searching one input.
enum Step {
    Continue,
    /// `-q` found a line, or the reader of our output has gone.
    Stop,
}

#[async_trait]
impl Utility for Grep {
    fn name(&self) -> &'static str {
        "grep"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let opts = match options::parse(&ctx.args[1..]) {
            Ok(o) => o,
            Err(e) => {
                if let Some(m) = &e.message {
                    ctx.err_msg(m).await?;
                }
                if e.show_usage {
                    let text = "Usage: grep [OPTION]... PATTERNS [FILE]...\n\
                                Try 'grep --help' for more information.\n";
                    toolsh_command::utility::write_status(ctx.stderr.write_str(text).await)?;
                }
                return Ok(2);
            }
        };
        if opts.help {
            ctx.out(HELP.as_bytes()).await?;
            return Ok(0);
        }
        if opts.version {
            ctx.out(b"grep (toolsh) 3.8-compatible\n").await?;
            return Ok(0);
        }
        let Some(re) = compile(ctx, &opts).await? else {
            return Ok(2);
        };
        if opts.max_count == Some(0) {
            return Ok(1);
        }
        let implicit_dot = opts.files.is_empty() && opts.recursive;
        let files: Vec<String> = if opts.files.is_empty() {
            vec![if opts.recursive { "." } else { "-" }.to_string()]
        } else {
            opts.files.clone()
        };
        let mut sh = Shared {
            re: &re,
            opts: &opts,
            show_names: false,
            out: Vec::new(),
            err: Vec::new(),
            printed_any: false,
            any_selected: false,
        };
        let mut error = false;
        for file in &files {
            let show = match opts.filename {
                FilenameMode::Always => true,
                FilenameMode::Never => false,
                FilenameMode::Default => {
                    files.len() > 1 || (opts.recursive && file != "-" && is_dir(ctx, file).await)
                }
            };
            sh.show_names = show;
            let step = if file == "-" {
                search_stdin(ctx, &mut sh).await?
            } else if opts.recursive {
                search_tree(ctx, &mut sh, file, implicit_dot, &mut error).await?
            } else {
                search_file(ctx, &mut sh, file, file, &mut error).await?
            };
            if matches!(step, Step::Stop) {
                break;
            }
        }
        if opts.quiet && sh.any_selected {
            return Ok(0);
        }
        Ok(if error {
            2
        } else {
            i32::from(!sh.any_selected)
        })
    }
}

/// Gather the patterns and compile them; `None` after reporting an error.
async fn compile(
    ctx: &mut UtilityContext<'_>,
    opts: &Options,
) -> Result<Option<PosixRegex>, toolsh_command::limits::Interrupt> {
    let mut patterns: Vec<Vec<u8>> = Vec::new();
    for src in &opts.patterns {
        match src {
            PatternSource::Inline(p) => {
                patterns.extend(p.as_bytes().split(|&b| b == b'\n').map(<[u8]>::to_vec));
            }
            PatternSource::File(f) => match ctx.read_operand(f).await {
                Ok(data) => {
                    let body = data.strip_suffix(b"\n").unwrap_or(&data);
                    if !data.is_empty() {
                        patterns.extend(body.split(|&b| b == b'\n').map(<[u8]>::to_vec));
                    }
                }
                Err(toolsh_command::utility::OperandError::Interrupt(i)) => return Err(i),
                Err(e) => {
                    ctx.err_msg(&format!("{f}: {e}")).await?;
                    return Ok(None);
                }
            },
        }
    }
    if opts.syntax == Syntax::Perl && patterns.len() > 1 {
        ctx.err_msg("the -P option only supports a single pattern")
            .await?;
        return Ok(None);
    }
    let flags = RegexFlags {
        ignore_case: opts.ignore_case,
        whole_word: opts.word,
        whole_line: opts.line,
        lax_interval: true,
        utf8: ctx.shell.locale().is_utf8(),
        ..RegexFlags::default()
    };
    let refs: Vec<&[u8]> = patterns.iter().map(Vec::as_slice).collect();
    match PosixRegex::new_multi(&refs, opts.syntax, flags) {
        Ok(re) => Ok(Some(re)),
        Err(e) => {
            ctx.err_msg(&e.to_string()).await?;
            Ok(None)
        }
    }
}

async fn is_dir(ctx: &UtilityContext<'_>, file: &str) -> bool {
    let path = ctx.resolve_path(file);
    ctx.shell
        .fs()
        .metadata(&path)
        .await
        .is_ok_and(|m| m.is_dir())
}

/// Write what the searcher produced; `false` when stdout's reader has gone.
async fn flush(
    ctx: &UtilityContext<'_>,
    sh: &mut Shared<'_>,
) -> Result<bool, toolsh_command::limits::Interrupt> {
    if !sh.err.is_empty() {
        let err = std::mem::take(&mut sh.err);
        toolsh_command::utility::write_status(ctx.stderr.write(&err).await)?;
    }
    if sh.out.is_empty() {
        return Ok(true);
    }
    let out = std::mem::take(&mut sh.out);
    ctx.out(&out).await
}

async fn search_stdin(
    ctx: &mut UtilityContext<'_>,
    sh: &mut Shared<'_>,
) -> Result<Step, toolsh_command::limits::Interrupt> {
    let mut s = InputSearch::new(sh.opts.label.clone());
    loop {
        ctx.shell.checkpoint()?;
        // Small chunks waiting behind the first are searched (and their
        // output sent) as one.
        let Some(chunk) = ctx.stdin.read_gathered(FILE_CHUNK).await else {
            break;
        };
        match s.feed(sh, &chunk) {
            Flow::More => {}
            Flow::DoneWithInput => break,
            Flow::Quit => return Ok(Step::Stop),
        }
        if !flush(ctx, sh).await? {
            return Ok(Step::Stop);
        }
    }
    let flow = s.finish(sh);
    if !flush(ctx, sh).await? || flow == Flow::Quit {
        return Ok(Step::Stop);
    }
    Ok(Step::Continue)
}

/// Search the file at `path`, reporting it as `display`.
async fn search_file(
    ctx: &mut UtilityContext<'_>,
    sh: &mut Shared<'_>,
    path: &str,
    display: &str,
    error: &mut bool,
) -> Result<Step, toolsh_command::limits::Interrupt> {
    let data = match ctx.read_operand(path).await {
        Ok(d) => d,
        Err(toolsh_command::utility::OperandError::Interrupt(i)) => return Err(i),
        Err(e) => {
            *error = true;
            if !sh.opts.no_messages {
                ctx.err_msg(&format!("{display}: {e}")).await?;
            }
            return Ok(Step::Continue);
        }
    };
    let mut s = InputSearch::new(display.to_string());
    let binary = !sh.opts.text && !sh.opts.null_data && data.contains(&0);
    if binary {
        // GNU decides from the first buffer; a file is searched whole.
        s.feed(sh, b"\0");
    }
    for chunk in data.chunks(FILE_CHUNK) {
        ctx.shell.checkpoint()?;
        match s.feed(sh, chunk) {
            Flow::More => {}
            Flow::DoneWithInput => break,
            Flow::Quit => return Ok(Step::Stop),
        }
        if !flush(ctx, sh).await? {
            return Ok(Step::Stop);
        }
    }
    let flow = s.finish(sh);
    if !flush(ctx, sh).await? || flow == Flow::Quit {
        return Ok(Step::Stop);
    }
    Ok(Step::Continue)
}

/// `-r`: search a file, or every file under a directory (symbolic links
/// met in the walk are not followed, as GNU `-r` does).
async fn search_tree(
    ctx: &mut UtilityContext<'_>,
    sh: &mut Shared<'_>,
    root: &str,
    implicit_dot: bool,
    error: &mut bool,
) -> Result<Step, toolsh_command::limits::Interrupt> {
    if !is_dir(ctx, root).await {
        return search_file(ctx, sh, root, root, error).await;
    }
    let fs = ctx.shell.fs();
    // Depth first in name order: (absolute path, display name, directory?),
    // popped from the end, so children are pushed in reverse.
    let top = if implicit_dot {
        String::new()
    } else {
        root.to_string()
    };
    let mut stack = vec![(ctx.resolve_path(root), top, true)];
    while let Some((abs, display, dir)) = stack.pop() {
        ctx.shell.checkpoint()?;
        if !dir {
            if matches!(
                search_file(ctx, sh, &abs, &display, error).await?,
                Step::Stop
            ) {
                return Ok(Step::Stop);
            }
            continue;
        }
        let entries = match fs.read_dir(&abs).await {
            Ok(e) => e,
            Err(e) => {
                *error = true;
                if !sh.opts.no_messages {
                    let shown = if display.is_empty() {
                        "."
                    } else {
                        display.as_str()
                    };
                    ctx.err_msg(&format!("{shown}: {e}")).await?;
                }
                continue;
            }
        };
        for entry in entries.into_iter().rev() {
            let child_abs = if abs == "/" {
                format!("/{}", entry.name)
            } else {
                format!("{abs}/{}", entry.name)
            };
            let child_display = if display.is_empty() {
                entry.name.clone()
            } else if display.ends_with('/') {
                format!("{display}{}", entry.name)
            } else {
                format!("{display}/{}", entry.name)
            };
            match entry.file_type {
                FileType::Dir => stack.push((child_abs, child_display, true)),
                FileType::File => stack.push((child_abs, child_display, false)),
                FileType::Symlink | FileType::CharDevice => {}
            }
        }
    }
    Ok(Step::Continue)
}

#[cfg(test)]
mod tests;
