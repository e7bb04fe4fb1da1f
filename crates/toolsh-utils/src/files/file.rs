//! `file`: determine file type by content sniffing (the descriptions of
//! `file` 5.44 for the common cases: text flavours, scripts, JSON, HTML,
//! XML, PNG, GIF, JPEG, PDF, gzip, ELF).

use super::common::{HasArg, Spec, long, parse_or_usage, usage_error};
use super::file_command;
use toolsh_command::fs::FsError;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `file [-b] [-i] [-L] FILE...`.
    File,
    "file"
);

const SPEC: Spec = Spec {
    short: "biLhz",
    long: &[
        long("brief", HasArg::No, 'b'),
        long("mime", HasArg::No, 'i'),
        long("dereference", HasArg::No, 'L'),
        long("no-dereference", HasArg::No, 'h'),
    ],
    stop_at_operand: false,
};

/// A description and a MIME type.
struct Kind {
    desc: String,
    mime: String,
}

fn kind(desc: impl Into<String>, mime: &str) -> Kind {
    Kind {
        desc: desc.into(),
        mime: mime.to_string(),
    }
}

fn be32(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(d.get(at..at + 4)?.try_into().ok()?))
}

fn le16(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(d.get(at..at + 2)?.try_into().ok()?))
}

/// Binary formats recognised by their magic numbers.
fn magic(d: &[u8]) -> Option<Kind> {
    if d.starts_with(b"\x89PNG\r\n\x1a\n") && d.get(12..16) == Some(b"IHDR") {
        let (w, h) = (be32(d, 16)?, be32(d, 20)?);
        let depth = *d.get(24)?;
        let color = match d.get(25)? {
            0 => "grayscale",
            2 => "RGB",
            3 => "colormap",
            4 => "gray+alpha",
            _ => "RGBA",
        };
        let interlace = if d.get(28) == Some(&1) {
            "interlaced"
        } else {
            "non-interlaced"
        };
        return Some(kind(
            format!("PNG image data, {w} x {h}, {depth}-bit/color {color}, {interlace}"),
            "image/png",
        ));
    }
    if d.starts_with(b"GIF87a") || d.starts_with(b"GIF89a") {
        let v = String::from_utf8_lossy(&d[3..6]).into_owned();
        let (w, h) = (le16(d, 6)?, le16(d, 8)?);
        return Some(kind(
            format!("GIF image data, version {v}, {w} x {h}"),
            "image/gif",
        ));
    }
    if d.starts_with(b"\xff\xd8\xff") {
        return Some(kind("JPEG image data", "image/jpeg"));
    }
    if let Some(rest) = d.strip_prefix(b"%PDF-") {
        let v: String = rest
            .iter()
            .take_while(|b| b.is_ascii_digit() || **b == b'.')
            .map(|b| *b as char)
            .collect();
        return Some(kind(
            format!("PDF document, version {v}"),
            "application/pdf",
        ));
    }
    if d.starts_with(b"\x1f\x8b") {
        return Some(kind("gzip compressed data", "application/gzip"));
    }
    if d.starts_with(b"\x7fELF") {
        let bits = if d.get(4) == Some(&2) {
            "64-bit"
        } else {
            "32-bit"
        };
        let endian = if d.get(5) == Some(&2) { "MSB" } else { "LSB" };
        return Some(kind(
            format!("ELF {bits} {endian}"),
            "application/x-executable",
        ));
    }
    None
}

/// The interpreter named by a `#!` line, as `file` describes it.
fn script_kind(first_line: &str) -> Option<(&'static str, &'static str, u8)> {
    let line = first_line.strip_prefix("#!")?.trim();
    let mut words = line.split_whitespace();
    let mut prog = words.next()?.rsplit('/').next()?;
    if prog == "env" {
        prog = words.find(|w| !w.starts_with('-'))?;
    }
    // (description, mime, layout: 0 `NAME, CHARSET executable`,
    // 1 `NAME executable, CHARSET`, 2 `NAME executable`)
    Some(match prog {
        "bash" => ("Bourne-Again shell script", "text/x-shellscript", 0),
        "sh" | "dash" => ("POSIX shell script", "text/x-shellscript", 0),
        "zsh" => ("Paul Falstad's zsh script", "text/x-shellscript", 0),
        p if p.starts_with("python") => ("Python script", "text/x-script.python", 0),
        "node" => ("Node.js script", "application/javascript", 1),
        "perl" => ("Perl script text", "text/x-perl", 2),
        "ruby" => ("Ruby script", "text/x-ruby", 0),
        "awk" | "gawk" => ("awk or perl script", "text/x-awk", 0),
        _ => return None,
    })
}

fn classify(d: &[u8]) -> Kind {
    if d.is_empty() {
        return kind("empty", "inode/x-empty");
    }
    if let Some(k) = magic(d) {
        return k;
    }
    if d.len() == 1 {
        return kind("very short file (no magic)", "application/octet-stream");
    }
    let body = d.strip_prefix(b"\xef\xbb\xbf");
    let text = body.unwrap_or(d);
    let binary = text
        .iter()
        .any(|&b| b == 0 || (b < 0x20 && !b"\t\n\r\x0c\x1b\x08\x07".contains(&b)) || b == 0x7f);
    if binary {
        return kind("data", "application/octet-stream");
    }
    let utf8 = std::str::from_utf8(text).is_ok();
    let (charset_desc, charset) = if body.is_some() && utf8 {
        ("Unicode text, UTF-8 (with BOM) text", "utf-8")
    } else if text.is_ascii() {
        ("ASCII text", "us-ascii")
    } else if utf8 {
        ("Unicode text, UTF-8 text", "utf-8")
    } else {
        ("ISO-8859 text", "iso-8859-1")
    };
    let s = String::from_utf8_lossy(text);
    let first = s.lines().next().unwrap_or("");
    let trimmed = s.trim_start();
    let (mut desc, mime) = if let Some((name, mime, layout)) = script_kind(first) {
        match layout {
            0 => (format!("{name}, {charset_desc} executable"), mime),
            1 => (format!("{name} executable, {charset_desc}"), mime),
            _ => (format!("{name} executable"), mime),
        }
    } else if (trimmed.starts_with('{') || trimmed.starts_with('['))
        && serde_json::from_str::<serde_json::Value>(&s).is_ok()
    {
        ("JSON text data".to_string(), "application/json")
    } else if trimmed.starts_with("<?xml") {
        let v = trimmed
            .split("version=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or("1.0");
        (format!("XML {v} document, {charset_desc}"), "text/xml")
    } else if trimmed
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("<html"))
        || trimmed
            .get(..14)
            .is_some_and(|p| p.eq_ignore_ascii_case("<!doctype html"))
    {
        (format!("HTML document, {charset_desc}"), "text/html")
    } else {
        (charset_desc.to_string(), "text/plain")
    };
    let mut notes = Vec::new();
    let longest = s.split(['\n', '\r']).map(str::len).max().unwrap_or(0);
    if longest > 300 {
        notes.push(format!("with very long lines ({longest})"));
    }
    if s.contains("\r\n") {
        notes.push("with CRLF line terminators".to_string());
    } else if s.contains('\r') && !s.contains('\n') {
        notes.push("with CR line terminators".to_string());
    } else if !s.contains('\n') {
        notes.push("with no line terminators".to_string());
    }
    if text.contains(&0x1b) {
        notes.push("with escape sequences".to_string());
    }
    if text.contains(&0x08) {
        notes.push("with overstriking".to_string());
    }
    if mime != "application/json" {
        for n in notes {
            desc.push_str(", ");
            desc.push_str(&n);
        }
    }
    let mime = format!("{mime}; charset={charset}");
    Kind { desc, mime }
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.is_empty() {
        usage_error(ctx, "missing file operand").await?;
        return Ok(1);
    }
    let fs = ctx.shell.fs();
    let width = p.operands.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for op in &p.operands {
        ctx.shell.checkpoint()?;
        let abs = ctx.resolve_path(op);
        let meta = if p.has('L') {
            fs.metadata(&abs).await
        } else {
            fs.symlink_metadata(&abs).await
        };
        let k = match meta {
            Err(FsError::NotFound) if p.has('L') && fs.symlink_metadata(&abs).await.is_ok() => {
                let t = fs.read_link(&abs).await.unwrap_or_default();
                kind(
                    format!("broken symbolic link to {t}"),
                    "inode/symlink; charset=binary",
                )
            }
            Err(e) => kind(format!("cannot open `{op}' ({e})"), "cannot open"),
            Ok(m) if m.is_dir() => kind("directory", "inode/directory; charset=binary"),
            Ok(m) if m.is_symlink() => {
                let t = fs.read_link(&abs).await.unwrap_or_default();
                let word = if fs.metadata(&abs).await.is_ok() {
                    "symbolic link"
                } else {
                    "broken symbolic link"
                };
                kind(format!("{word} to {t}"), "inode/symlink; charset=binary")
            }
            Ok(_) => match fs.read(&abs).await {
                Ok(d) => classify(&d),
                Err(e) => kind(format!("cannot open `{op}' ({e})"), "cannot open"),
            },
        };
        let text = if p.has('i') { k.mime } else { k.desc };
        if p.has('b') {
            out.push_str(&text);
        } else {
            out.push_str(op);
            out.push(':');
            out.push_str(&" ".repeat(width - op.len() + 1));
            out.push_str(&text);
        }
        out.push('\n');
    }
    ctx.out(out.as_bytes()).await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::classify;

    #[test]
    fn descriptions_match_file_5_44() {
        let cases: &[(&[u8], &str)] = &[
            (b"abc", "ASCII text, with no line terminators"),
            (b"ab\n", "ASCII text"),
            (b"a\r\nb\r\n", "ASCII text, with CRLF line terminators"),
            (b"a\rb\r", "ASCII text, with CR line terminators"),
            (b"[1,2]\n", "JSON text data"),
            (b"\xef\xbb\xbfhi\n", "Unicode text, UTF-8 (with BOM) text"),
            (b"h\xc3\xa9\n", "Unicode text, UTF-8 text"),
            (b"caf\xe9\n", "ISO-8859 text"),
            (
                b"#!/bin/bash\necho\n",
                "Bourne-Again shell script, ASCII text executable",
            ),
            (
                b"#!/bin/sh\nx\n",
                "POSIX shell script, ASCII text executable",
            ),
            (
                b"#!/usr/bin/env node\n",
                "Node.js script executable, ASCII text",
            ),
            (b"#!/usr/bin/perl\n", "Perl script text executable"),
            (
                b"#!/usr/bin/env python3\nprint(1)\n",
                "Python script, ASCII text executable",
            ),
            (b"<html><body></body></html>\n", "HTML document, ASCII text"),
            (
                b"<?xml version=\"1.0\"?>\n<a/>\n",
                "XML 1.0 document, ASCII text",
            ),
            (b"%PDF-1.4\nxx\n", "PDF document, version 1.4"),
            (
                b"GIF89a\x01\x00\x01\x00",
                "GIF image data, version 89a, 1 x 1",
            ),
            (b"\x00\x01", "data"),
            (b"x", "very short file (no magic)"),
            (b"a\x1bb\n", "ASCII text, with escape sequences"),
        ];
        for (data, want) in cases {
            assert_eq!(classify(data).desc, *want, "{data:?}");
        }
    }
}
