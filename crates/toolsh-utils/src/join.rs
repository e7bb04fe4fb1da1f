//! `join`: join the lines of two sorted files on a common field (GNU
//! coreutils manual, "join invocation"): `-1 -2 -j`, `-t`, `-a`, `-v`,
//! `-e`, `-o` (including `auto` and `0`), `-i`, `--header`. Fields are
//! separated by runs of blanks unless `-t` is given.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use std::cmp::Ordering;

use crate::comm::read_two;
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OutBuf, error, parse_args, split_records};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `join [OPTION]... FILE1 FILE2`.
    Join,
    "join",
    body
);

const SPEC: Spec = Spec {
    short: "a:e:ij:o:t:v:1:2:z",
    long: &[
        long("ignore-case", HasArg::No, 'i'),
        long("check-order", HasArg::No, 'c'),
        long("nocheck-order", HasArg::No, 'N'),
        long("header", HasArg::No, 'H'),
        long("zero-terminated", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: join [OPTION]... FILE1 FILE2
For each pair of input lines with identical join fields, write a line to
standard output.  The default join field is the first, delimited by blanks.

  -a FILENUM        also print unpairable lines from file FILENUM
  -e STRING         replace missing (empty) input fields with STRING
  -i, --ignore-case  ignore differences in case when comparing fields
  -j FIELD          equivalent to '-1 FIELD -2 FIELD'
  -o FORMAT         obey FORMAT while constructing output line
  -t CHAR           use CHAR as input and output field separator
  -v FILENUM        like -a FILENUM, but suppress joined output lines
  -1 FIELD          join on this FIELD of file 1
  -2 FIELD          join on this FIELD of file 2
      --header      treat the first line in each file as field headers
  -z, --zero-terminated     line delimiter is NUL, not newline
      --help        display this help and exit
";

fn fields(line: &[u8], tab: Option<u8>) -> Vec<&[u8]> {
    match tab {
        Some(t) => line.split(|&b| b == t).collect(),
        None => line
            .split(|&b| b == b' ' || b == b'\t')
            .filter(|f| !f.is_empty())
            .collect(),
    }
}

enum Out {
    Default,
    Auto,
    List(Vec<(usize, usize)>),
}

struct Cfg {
    k1: usize,
    k2: usize,
    tab: Option<u8>,
    empty: Option<Vec<u8>>,
    icase: bool,
    out: Out,
    width: [usize; 2],
}

fn key<'a>(f: &[&'a [u8]], k: usize) -> &'a [u8] {
    f.get(k).copied().unwrap_or(b"")
}

fn cmp_keys(a: &[u8], b: &[u8], icase: bool) -> Ordering {
    if icase {
        a.to_ascii_lowercase().cmp(&b.to_ascii_lowercase())
    } else {
        a.cmp(b)
    }
}

fn render(cfg: &Cfg, a: Option<&[&[u8]]>, b: Option<&[&[u8]]>) -> Vec<u8> {
    let sep = cfg.tab.unwrap_or(b' ');
    let empty: &[u8] = cfg.empty.as_deref().unwrap_or(b"");
    let mut parts: Vec<&[u8]> = Vec::new();
    let join_field = a.map_or_else(|| key(b.unwrap_or(&[]), cfg.k2), |a| key(a, cfg.k1));
    let pick = |file: usize, n: usize| -> &[u8] {
        let f = if file == 0 { a } else { b };
        f.and_then(|f| f.get(n).copied()).unwrap_or(empty)
    };
    match &cfg.out {
        Out::List(list) => {
            for &(file, n) in list {
                if file == 2 {
                    parts.push(join_field);
                } else {
                    parts.push(pick(file, n));
                }
            }
        }
        Out::Default | Out::Auto => {
            parts.push(join_field);
            for (file, (f, k)) in [(a, cfg.k1), (b, cfg.k2)].into_iter().enumerate() {
                let count = match (&cfg.out, f) {
                    (Out::Auto, _) => cfg.width[file],
                    (_, Some(f)) => f.len(),
                    (_, None) => 0,
                };
                for n in 0..count {
                    if n != k {
                        parts.push(pick(file, n));
                    }
                }
            }
        }
    }
    let mut v = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            v.push(sep);
        }
        v.extend_from_slice(p);
    }
    v
}

fn field_num(s: &str) -> Option<usize> {
    s.parse::<usize>().ok().filter(|&n| n > 0).map(|n| n - 1)
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut cfg = Cfg {
        k1: 0,
        k2: 0,
        tab: None,
        empty: None,
        icase: args.has('i'),
        out: Out::Default,
        width: [0, 0],
    };
    let mut unpaired = [false, false];
    let mut only_unpaired = false;
    for (k, v) in &args.opts {
        let v = v.as_deref().unwrap_or("");
        match k {
            '1' | '2' | 'j' => {
                let Some(n) = field_num(v) else {
                    error(ctx, &format!("invalid field number: '{v}'")).await?;
                    return Ok(1);
                };
                if *k != '2' {
                    cfg.k1 = n;
                }
                if *k != '1' {
                    cfg.k2 = n;
                }
            }
            'a' | 'v' => {
                match v {
                    "1" => unpaired[0] = true,
                    "2" => unpaired[1] = true,
                    _ => {
                        error(ctx, &format!("invalid file number: '{v}'")).await?;
                        return Ok(1);
                    }
                }
                if *k == 'v' {
                    only_unpaired = true;
                }
            }
            'e' => cfg.empty = Some(v.as_bytes().to_vec()),
            't' => cfg.tab = Some(v.as_bytes().first().copied().unwrap_or(b'\n')),
            'o' if v == "auto" => cfg.out = Out::Auto,
            'o' => {
                let mut list = Vec::new();
                for spec in v.split([',', ' ']).filter(|s| !s.is_empty()) {
                    if spec == "0" {
                        list.push((2, 0));
                        continue;
                    }
                    let parsed = spec.split_once('.').and_then(|(f, n)| {
                        let file = match f {
                            "1" => 0,
                            "2" => 1,
                            _ => return None,
                        };
                        Some((file, field_num(n)?))
                    });
                    let Some(p) = parsed else {
                        error(ctx, &format!("invalid field specifier: '{spec}'")).await?;
                        return Ok(1);
                    };
                    list.push(p);
                }
                cfg.out = Out::List(list);
            }
            _ => {}
        }
    }
    let (a, b) = match read_two(ctx, &args.operands).await? {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let eol = if args.has('z') { 0 } else { b'\n' };
    let mut charge = ctx.shell.memory().reservation();
    let la: Vec<Vec<&[u8]>> = split_records(&a, eol, &mut charge)?
        .into_iter()
        .map(|l| fields(l, cfg.tab))
        .collect();
    let lb: Vec<Vec<&[u8]>> = split_records(&b, eol, &mut charge)?
        .into_iter()
        .map(|l| fields(l, cfg.tab))
        .collect();
    cfg.width = [
        la.first().map_or(0, Vec::len),
        lb.first().map_or(0, Vec::len),
    ];
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let (mut i, mut j) = (0, 0);
    if args.has('H') && !la.is_empty() && !lb.is_empty() {
        let mut l = render(&cfg, Some(&la[0]), Some(&lb[0]));
        l.push(eol);
        out.write(&l).await?;
        (i, j) = (1, 1);
    }
    while i < la.len() || j < lb.len() {
        ctx.shell.checkpoint()?;
        let o = if i >= la.len() {
            Ordering::Greater
        } else if j >= lb.len() {
            Ordering::Less
        } else {
            cmp_keys(key(&la[i], cfg.k1), key(&lb[j], cfg.k2), cfg.icase)
        };
        match o {
            Ordering::Less => {
                if unpaired[0] {
                    let mut l = render(&cfg, Some(&la[i]), None);
                    l.push(eol);
                    out.write(&l).await?;
                }
                i += 1;
            }
            Ordering::Greater => {
                if unpaired[1] {
                    let mut l = render(&cfg, None, Some(&lb[j]));
                    l.push(eol);
                    out.write(&l).await?;
                }
                j += 1;
            }
            Ordering::Equal => {
                let ka = key(&la[i], cfg.k1);
                let mut i2 = i;
                while i2 < la.len()
                    && cmp_keys(key(&la[i2], cfg.k1), ka, cfg.icase) == Ordering::Equal
                {
                    i2 += 1;
                }
                let mut j2 = j;
                while j2 < lb.len()
                    && cmp_keys(key(&lb[j2], cfg.k2), ka, cfg.icase) == Ordering::Equal
                {
                    j2 += 1;
                }
                if !only_unpaired {
                    for x in &la[i..i2] {
                        for y in &lb[j..j2] {
                            let mut l = render(&cfg, Some(x), Some(y));
                            l.push(eol);
                            out.write(&l).await?;
                        }
                    }
                }
                (i, j) = (i2, j2);
            }
        }
    }
    out.flush().await?;
    Ok(0)
}
