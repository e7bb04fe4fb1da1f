//! Input and output: the main input over ARGV operands (with `var=value`
//! assignments), `getline` in its sandbox forms, output redirection to
//! `/dev/stdout`, `/dev/stderr` and files, `close` and `fflush` (POSIX XCU
//! awk "Input/Output and General Functions").

use std::collections::HashMap;

use super::ast::{GetlineSource, LValue, Var};
use super::host::{Host, Reply, Request, StdStream};
use super::interp::{Cell, Ex, Interp, fatal, slot};
use super::lexer::unescape_str;
use super::records::{RecordAndTerminator, RecordReader};
use super::value::Value;

/// Bytes of standard output buffered before they are sent.
const STDOUT_BUFFER: usize = 32 * 1024;

/// Bytes of file output buffered before they are appended.
const FILE_BUFFER: usize = 64 * 1024;

/// How an output file was opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutMode {
    /// `>`: truncate on first open.
    Write,
    /// `>>`: append.
    Append,
}

/// An open output file.
#[derive(Debug)]
struct OutFile {
    buf: Vec<u8>,
}

/// The state of the main input.
#[derive(Debug, Default)]
pub struct MainInput {
    /// Next ARGV index to look at.
    pub argi: usize,
    /// The open input.
    pub reader: Option<RecordReader>,
    /// A file operand (or `-`) was used: stdin is not read by default.
    pub used_operand: bool,
    /// All input consumed.
    pub done: bool,
}

/// Streams of one awk run.
pub struct Io {
    /// The bridge to the shell.
    pub host: Host,
    stdout: Vec<u8>,
    files: HashMap<Vec<u8>, OutFile>,
    inputs: HashMap<Vec<u8>, RecordReader>,
    /// The main input.
    pub main: MainInput,
}

impl Io {
    /// Streams over `host`.
    pub fn new(host: Host) -> Self {
        Self {
            host,
            stdout: Vec::new(),
            files: HashMap::new(),
            inputs: HashMap::new(),
            main: MainInput::default(),
        }
    }

    /// Write to standard output (buffered).
    pub fn write_stdout(&mut self, data: &[u8]) -> Ex<()> {
        self.stdout.extend_from_slice(data);
        if self.stdout.len() >= STDOUT_BUFFER {
            self.flush_stdout()?;
        }
        Ok(())
    }

    /// Send buffered standard output.
    pub fn flush_stdout(&mut self) -> Ex<()> {
        if !self.stdout.is_empty() {
            let data = std::mem::take(&mut self.stdout);
            self.host.write(StdStream::Stdout, data)?;
        }
        Ok(())
    }

    fn flush_file(&mut self, name: &[u8]) -> Ex<()> {
        let Some(f) = self.files.get_mut(name) else {
            return Ok(());
        };
        if f.buf.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut f.buf);
        let path = String::from_utf8_lossy(name).into_owned();
        match self.host.call(Request::WriteFile {
            path,
            data,
            append: true,
        })? {
            Reply::Failed(e) => fatal(format!(
                "can't write to `{}' ({e})",
                String::from_utf8_lossy(name)
            )),
            _ => Ok(()),
        }
    }

    /// Flush every output.
    pub fn flush_all(&mut self) -> Ex<()> {
        self.flush_stdout()?;
        let names: Vec<Vec<u8>> = self.files.keys().cloned().collect();
        for n in names {
            self.flush_file(&n)?;
        }
        Ok(())
    }

    /// Write to a named output (`print > name`).
    pub fn write_to(&mut self, name: &[u8], mode: OutMode, data: &[u8]) -> Ex<()> {
        match name {
            b"/dev/stdout" | b"-" => return self.write_stdout(data),
            b"/dev/stderr" => {
                self.flush_stdout()?;
                self.host.write(StdStream::Stderr, data.to_vec())?;
                return Ok(());
            }
            b"/dev/null" => return Ok(()),
            _ => {}
        }
        if !self.files.contains_key(name) {
            let path = String::from_utf8_lossy(name).into_owned();
            let reply = self.host.call(Request::WriteFile {
                path,
                data: Vec::new(),
                append: mode == OutMode::Append,
            })?;
            if let Reply::Failed(e) = reply {
                return fatal(format!(
                    "can't redirect to `{}' ({e})",
                    String::from_utf8_lossy(name)
                ));
            }
            self.files
                .insert(name.to_vec(), OutFile { buf: Vec::new() });
        }
        let f = self.files.get_mut(name).expect("file just opened");
        f.buf.extend_from_slice(data);
        if f.buf.len() >= FILE_BUFFER {
            self.flush_file(name)?;
        }
        Ok(())
    }

    /// `close(name)`: 0 when something was closed, -1 otherwise.
    pub fn close(&mut self, name: &[u8]) -> Ex<f64> {
        if self.files.contains_key(name) {
            self.flush_file(name)?;
            self.files.remove(name);
            return Ok(0.0);
        }
        if self.inputs.remove(name).is_some() {
            return Ok(0.0);
        }
        if name == b"/dev/stdout" || name == b"-" {
            self.flush_stdout()?;
            return Ok(0.0);
        }
        Ok(-1.0)
    }

    /// `fflush([name])`.
    pub fn fflush(&mut self, name: Option<&[u8]>) -> Ex<f64> {
        match name {
            None => {
                self.flush_all()?;
                Ok(0.0)
            }
            Some(b"/dev/stdout" | b"-") => {
                self.flush_stdout()?;
                Ok(0.0)
            }
            Some(b"/dev/stderr") => Ok(0.0),
            Some(n) if self.files.contains_key(n) => {
                self.flush_file(n)?;
                Ok(0.0)
            }
            Some(_) => Ok(-1.0),
        }
    }

    /// Read a whole file through the shell (flushing pending file output
    /// first so the script sees what it wrote).
    pub fn read_file(&mut self, name: &[u8]) -> Ex<Result<Vec<u8>, String>> {
        self.flush_all()?;
        let path = String::from_utf8_lossy(name).into_owned();
        match self.host.call(Request::ReadFile(path))? {
            Reply::File(r) => Ok(r),
            _ => Ok(Err("unexpected reply".into())),
        }
    }
}

/// `true` for an operand of the form `name=value` with a valid name.
fn assignment_operand(arg: &[u8]) -> Option<(&[u8], &[u8])> {
    let eq = arg.iter().position(|&b| b == b'=')?;
    let name = &arg[..eq];
    let first = *name.first()?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    if !name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    Some((name, &arg[eq + 1..]))
}

impl Interp<'_> {
    /// Apply a command-line assignment `name=value` (escapes processed,
    /// the value is a strnum). Unknown names are ignored (the program
    /// never reads them).
    pub fn command_line_assign(&mut self, name: &[u8], value: &[u8]) -> Ex<()> {
        let name = String::from_utf8_lossy(name);
        let Some(i) = self.prog.globals.iter().position(|g| *g == name) else {
            return Ok(());
        };
        let v = Value::strnum(&unescape_str(value));
        self.set_var(Var::Global(i), v)
    }

    fn argv_get(&mut self, i: usize) -> Ex<Value> {
        let argv = self.array(Var::Global(slot::ARGV))?;
        let key = self.key_of(&Value::Num(i as f64));
        Ok(argv.borrow().get(&key).cloned().unwrap_or_default())
    }

    /// The next record of the main input with its terminator, advancing
    /// NR and FNR; opens ARGV operands in turn and applies assignments.
    pub fn next_main_record(&mut self) -> Ex<Option<RecordAndTerminator>> {
        if self.io.main.done || self.in_end {
            return Ok(None);
        }
        loop {
            if let Some(reader) = self.io.main.reader.as_mut() {
                let rs = self.rs.clone();
                if let Some(rec) = reader.next_record(&rs, &self.io.host, self.bounds.max_buffer)? {
                    self.bump(slot::NR);
                    self.bump(slot::FNR);
                    return Ok(Some(rec));
                }
                self.io.main.reader = None;
            }
            let argc = self.get_var(Var::Global(slot::ARGC))?.to_num();
            let mut opened = false;
            while (self.io.main.argi as f64) < argc {
                let i = self.io.main.argi;
                self.io.main.argi += 1;
                if i == 0 {
                    continue;
                }
                let arg = self.argv_get(i)?.to_str(&self.convfmt);
                if arg.is_empty() {
                    continue;
                }
                if let Some((name, value)) = assignment_operand(&arg) {
                    self.command_line_assign(name, value)?;
                    continue;
                }
                self.io.main.used_operand = true;
                self.open_main(&arg)?;
                opened = true;
                break;
            }
            if opened {
                continue;
            }
            if !self.io.main.used_operand {
                self.io.main.used_operand = true;
                self.io.main.reader = Some(RecordReader::stdin());
                self.globals[slot::FNR] = Cell::Val(Value::Num(0.0));
                continue;
            }
            self.io.main.done = true;
            return Ok(None);
        }
    }

    fn open_main(&mut self, name: &[u8]) -> Ex<()> {
        self.globals[slot::FILENAME] = Cell::Val(Value::str(name));
        self.globals[slot::FNR] = Cell::Val(Value::Num(0.0));
        if name == b"-" || name == b"/dev/stdin" {
            self.io.main.reader = Some(RecordReader::stdin());
            return Ok(());
        }
        match self.io.read_file(name)? {
            Ok(data) => {
                self.io.main.reader = Some(RecordReader::memory(data));
                Ok(())
            }
            Err(e) => fatal(format!(
                "cannot open file `{}' for reading: {e}",
                String::from_utf8_lossy(name)
            )),
        }
    }

    fn bump(&mut self, i: usize) {
        let n = match &self.globals[i] {
            Cell::Val(v) => v.to_num(),
            _ => 0.0,
        };
        self.globals[i] = Cell::Val(Value::Num(n + 1.0));
    }

    /// `getline` in its sandbox forms; returns 1, 0 at end of input, -1
    /// when the file cannot be read.
    pub fn getline(&mut self, src: &GetlineSource, lv: Option<&LValue>) -> Ex<Value> {
        match src {
            GetlineSource::Main => {
                let Some((rec, rt)) = self.next_main_record()? else {
                    return Ok(Value::Num(0.0));
                };
                self.globals[slot::RT] = Cell::Val(Value::Str(rt));
                match lv {
                    Some(lv) => self.assign(lv, Value::StrNum(rec))?,
                    None => self.set_record(rec),
                }
                Ok(Value::Num(1.0))
            }
            GetlineSource::File(f) => {
                let name = self.eval(f)?.to_str(&self.convfmt).to_vec();
                if !self.io_has_input(&name) {
                    let reader = if name == b"-" || name == b"/dev/stdin" {
                        RecordReader::stdin()
                    } else {
                        match self.io.read_file(&name)? {
                            Ok(data) => RecordReader::memory(data),
                            Err(_) => return Ok(Value::Num(-1.0)),
                        }
                    };
                    self.io_insert_input(name.clone(), reader);
                }
                let rs = self.rs.clone();
                let max = self.bounds.max_buffer;
                let rec = {
                    let (inputs, host) = self.io_inputs_and_host();
                    let reader = inputs.get_mut(&name).expect("input just opened");
                    reader.next_record(&rs, host, max)?
                };
                let Some((rec, rt)) = rec else {
                    return Ok(Value::Num(0.0));
                };
                self.globals[slot::RT] = Cell::Val(Value::Str(rt));
                match lv {
                    Some(lv) => self.assign(lv, Value::StrNum(rec))?,
                    None => self.set_record(rec),
                }
                Ok(Value::Num(1.0))
            }
            GetlineSource::Command(cmd) => {
                let cmd = self.eval(cmd)?.to_str(&self.convfmt);
                fatal(format!(
                    "\"{}\" | getline: running commands is not available in the sandbox",
                    String::from_utf8_lossy(&cmd)
                ))
            }
        }
    }

    fn io_has_input(&self, name: &[u8]) -> bool {
        self.io.inputs.contains_key(name)
    }

    fn io_insert_input(&mut self, name: Vec<u8>, r: RecordReader) {
        self.io.inputs.insert(name, r);
    }

    fn io_inputs_and_host(&mut self) -> (&mut HashMap<Vec<u8>, RecordReader>, &Host) {
        (&mut self.io.inputs, &self.io.host)
    }
}
