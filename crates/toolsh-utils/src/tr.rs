//! `tr`: translate, squeeze and delete bytes (GNU coreutils manual, "tr
//! invocation"): escapes (`\n`, `\NNN`), ranges, `[:class:]`, `[=c=]`,
//! `[c*N]` and `[c*]` in SET2, `-c`/`-C`, `-d`, `-s`, `-t`. Streams.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OutBuf, Source, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `tr [OPTION]... SET1 [SET2]`.
    Tr,
    "tr",
    body
);

const SPEC: Spec = Spec {
    short: "cCdst",
    long: &[
        long("complement", HasArg::No, 'c'),
        long("delete", HasArg::No, 'd'),
        long("squeeze-repeats", HasArg::No, 's'),
        long("truncate-set1", HasArg::No, 't'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: tr [OPTION]... SET1 [SET2]
Translate, squeeze, and/or delete characters from standard input,
writing to standard output.

  -c, -C, --complement    use the complement of SET1
  -d, --delete            delete characters in SET1, do not translate
  -s, --squeeze-repeats   replace each sequence of a repeated character
                            that is listed in the last specified SET,
                            with a single occurrence of that character
  -t, --truncate-set1     first truncate SET1 to length of SET2
      --help              display this help and exit

SETs are specified as strings of characters: \\NNN (octal), \\\\, \\a, \\b,
\\f, \\n, \\r, \\t, \\v, CHAR1-CHAR2, [CHAR*], [CHAR*REPEAT], [:alnum:],
[:alpha:], [:blank:], [:cntrl:], [:digit:], [:graph:], [:lower:],
[:print:], [:punct:], [:space:], [:upper:], [:xdigit:], [=CHAR=].
";

/// One element of a parsed set.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Elem {
    /// Literal bytes (ranges expanded).
    Bytes(Vec<u8>),
    /// A character class, by name.
    Class(&'static str),
    /// `[c*n]`; `None` = fill (`[c*]`).
    Repeat(u8, Option<usize>),
}

const CLASSES: [&str; 12] = [
    "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
    "upper", "xdigit",
];

fn class_bytes(name: &str) -> Vec<u8> {
    (0u8..=255)
        .filter(|&c| match name {
            "alnum" => c.is_ascii_alphanumeric(),
            "alpha" => c.is_ascii_alphabetic(),
            "blank" => c == b' ' || c == b'\t',
            "cntrl" => c.is_ascii_control(),
            "digit" => c.is_ascii_digit(),
            "graph" => c.is_ascii_graphic(),
            "lower" => c.is_ascii_lowercase(),
            "print" => c.is_ascii_graphic() || c == b' ',
            "punct" => c.is_ascii_punctuation(),
            "space" => matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
            "upper" => c.is_ascii_uppercase(),
            "xdigit" => c.is_ascii_hexdigit(),
            _ => false,
        })
        .collect()
}

/// Decode one possibly-escaped byte at `s[i..]`: (byte, length).
fn one(s: &[u8], i: usize) -> (u8, usize) {
    if s[i] != b'\\' || i + 1 >= s.len() {
        return (s[i], 1);
    }
    let c = s[i + 1];
    let b = match c {
        b'a' => 7,
        b'b' => 8,
        b'f' => 12,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'v' => 11,
        b'0'..=b'7' => {
            let mut v: u32 = 0;
            let mut n = 0;
            while n < 3 && i + 1 + n < s.len() && (b'0'..=b'7').contains(&s[i + 1 + n]) {
                let nv = v * 8 + u32::from(s[i + 1 + n] - b'0');
                if nv > 255 {
                    break;
                }
                v = nv;
                n += 1;
            }
            return (v as u8, 1 + n);
        }
        other => other,
    };
    (b, 2)
}

fn parse_set(s: &[u8], is_set2: bool) -> Result<Vec<Elem>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'[' && i + 1 < s.len() {
            // [:class:]
            if s[i + 1] == b':'
                && let Some(end) = find(s, i + 2, b":]")
            {
                let name = String::from_utf8_lossy(&s[i + 2..end]).into_owned();
                if let Some(c) = CLASSES.iter().find(|c| **c == name) {
                    out.push(Elem::Class(c));
                    i = end + 2;
                    continue;
                }
                return Err(format!("invalid character class '{name}'"));
            }
            // [=c=]
            if s[i + 1] == b'='
                && let Some(end) = find(s, i + 2, b"=]")
            {
                let inner = &s[i + 2..end];
                let (b, n) = if inner.is_empty() {
                    (0, 0)
                } else {
                    one(inner, 0)
                };
                if n != inner.len() || inner.is_empty() {
                    let t = String::from_utf8_lossy(inner);
                    return Err(format!(
                        "{t}: equivalence class operand must be a single character"
                    ));
                }
                out.push(Elem::Bytes(vec![b]));
                i = end + 2;
                continue;
            }
            // [c*n]
            let (c, n) = one(s, i + 1);
            let star = i + 1 + n;
            if star < s.len()
                && s[star] == b'*'
                && let Some(close) = s[star..].iter().position(|&b| b == b']')
            {
                let count = &s[star + 1..star + close];
                let text = String::from_utf8_lossy(count);
                let rep = if count.is_empty() {
                    None
                } else {
                    let parsed = if count[0] == b'0' {
                        usize::from_str_radix(&text, 8).ok()
                    } else {
                        text.parse().ok()
                    };
                    match parsed {
                        Some(0) => None,
                        Some(v) => Some(v),
                        None => {
                            return Err(format!(
                                "invalid repeat count '{text}' in [c*n] construct"
                            ));
                        }
                    }
                };
                if !is_set2 {
                    return Err("the [c*] repeat construct may not appear in string1".to_string());
                }
                out.push(Elem::Repeat(c, rep));
                i = star + close + 1;
                continue;
            }
        }
        let (a, n) = one(s, i);
        if i + n + 1 < s.len() && s[i + n] == b'-' {
            let (b, m) = one(s, i + n + 1);
            if b < a {
                return Err(format!(
                    "range-endpoints of '{}-{}' are in reverse collating sequence order",
                    a as char, b as char
                ));
            }
            out.push(Elem::Bytes((a..=b).collect()));
            i += n + 1 + m;
            continue;
        }
        out.push(Elem::Bytes(vec![a]));
        i += n;
    }
    Ok(out)
}

fn find(s: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    (from..s.len().saturating_sub(pat.len() - 1)).find(|&k| s[k..].starts_with(pat))
}

fn expand(set: &[Elem], fill_to: usize) -> Vec<u8> {
    let fixed: usize = set
        .iter()
        .map(|e| match e {
            Elem::Bytes(b) => b.len(),
            Elem::Class(c) => class_bytes(c).len(),
            Elem::Repeat(_, Some(n)) => *n,
            Elem::Repeat(_, None) => 0,
        })
        .sum();
    let mut out = Vec::new();
    for e in set {
        match e {
            Elem::Bytes(b) => out.extend_from_slice(b),
            Elem::Class(c) => out.extend(class_bytes(c)),
            Elem::Repeat(c, Some(n)) => out.extend(std::iter::repeat_n(*c, (*n).min(1 << 20))),
            Elem::Repeat(c, None) => {
                out.extend(std::iter::repeat_n(*c, fill_to.saturating_sub(fixed)));
            }
        }
    }
    out
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let compl = args.has('c') || args.has('C');
    let delete = args.has('d');
    let squeeze = args.has('s');
    let truncate = args.has('t');
    let ops = &args.operands;
    let need = if delete && squeeze || !delete && !squeeze {
        2
    } else {
        1
    };
    if ops.is_empty() {
        usage_error(ctx, "missing operand", 1).await?;
        return Ok(1);
    }
    if ops.len() < need {
        let m = if delete && squeeze {
            format!(
                "missing operand after '{}'\nTwo strings must be given when both deleting and squeezing repeats.",
                ops[0]
            )
        } else {
            format!(
                "missing operand after '{}'\nTwo strings must be given when translating.",
                ops[0]
            )
        };
        usage_error(ctx, &m, 1).await?;
        return Ok(1);
    }
    let max_ops = if delete && !squeeze { 1 } else { 2 };
    if ops.len() > max_ops {
        let mut m = format!("extra operand '{}'", ops[max_ops]);
        if delete && !squeeze {
            m.push_str("\nOnly one string may be given when deleting without squeezing repeats.");
        }
        usage_error(ctx, &m, 1).await?;
        return Ok(1);
    }
    let s1 = match parse_set(ops[0].as_bytes(), false) {
        Ok(s) => s,
        Err(m) => {
            usage_error(ctx, &m, 1).await?;
            return Ok(1);
        }
    };
    let s2 = match ops.get(1).map(|s| parse_set(s.as_bytes(), true)) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(m)) => {
            usage_error(ctx, &m, 1).await?;
            return Ok(1);
        }
    };
    let mut set1 = expand(&s1, 0);
    if compl {
        let mut inset = [false; 256];
        for &b in &set1 {
            inset[b as usize] = true;
        }
        set1 = (0u8..=255).filter(|&b| !inset[b as usize]).collect();
    }
    let mut in1 = [false; 256];
    for &b in &set1 {
        in1[b as usize] = true;
    }
    let mut map: [u8; 256] = std::array::from_fn(|i| i as u8);
    let mut in_sq = [false; 256];
    let translating = !delete && s2.is_some();
    if let Some(s2) = &s2 {
        let mut set2 = expand(s2, set1.len());
        if translating {
            if set2.is_empty() && !set1.is_empty() {
                usage_error(
                    ctx,
                    "when not truncating set1, string2 must be non-empty",
                    1,
                )
                .await?;
                return Ok(1);
            }
            // Upper/lower class pairs map case.
            let case_pair = matches!(
                (s1.as_slice(), s2.as_slice()),
                ([Elem::Class(a)], [Elem::Class(b)]) if (*a == "lower" || *a == "upper") && (*b == "lower" || *b == "upper")
            );
            if !case_pair
                && s2
                    .iter()
                    .any(|e| matches!(e, Elem::Class(c) if *c != "lower" && *c != "upper"))
            {
                usage_error(ctx, "when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'", 1).await?;
                return Ok(1);
            }
            let n1 = if truncate {
                set1.len().min(set2.len())
            } else {
                set1.len()
            };
            if set2.len() < n1 {
                let last = *set2.last().unwrap_or(&0);
                set2.resize(n1, last);
            }
            for i in 0..n1 {
                map[set1[i] as usize] = set2[i];
            }
        }
        for &b in &set2 {
            in_sq[b as usize] = true;
        }
    }
    if squeeze && s2.is_none() {
        in_sq = in1;
    }
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut src = Source::stdin();
    let mut last: Option<u8> = None;
    let mut buf = Vec::new();
    while let Some(chunk) = src.chunk(ctx.stdin).await {
        ctx.shell.checkpoint()?;
        buf.clear();
        for &c in &chunk {
            if delete && in1[c as usize] {
                continue;
            }
            let t = if translating { map[c as usize] } else { c };
            if squeeze && in_sq[t as usize] && last == Some(t) {
                continue;
            }
            last = Some(t);
            buf.push(t);
        }
        out.write(&buf).await?;
    }
    out.flush().await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str], input: &str) -> String {
        let mut sh = TestShell::default();
        sh.run(&Tr, args, input).await.stdout
    }

    #[tokio::test]
    async fn sets() {
        assert_eq!(run(&["tr", "a-z", "A-Z"], "hello\n").await, "HELLO\n");
        assert_eq!(run(&["tr", "[:lower:]", "[:upper:]"], "hi\n").await, "HI\n");
        assert_eq!(run(&["tr", "-d", "0-9"], "a1b2\n").await, "ab\n");
        assert_eq!(run(&["tr", "-s", " "], "a   b\n").await, "a b\n");
        assert_eq!(run(&["tr", "-cd", "a-z\\n"], "a1B b\n").await, "ab\n");
        assert_eq!(run(&["tr", "abc", "x"], "abcd").await, "xxxd");
        assert_eq!(run(&["tr", "-t", "abc", "x"], "abcd").await, "xbcd");
        assert_eq!(run(&["tr", "a-c", "[x*]"], "abcd").await, "xxxd");
        assert_eq!(run(&["tr", "\\n", " "], "a\nb\n").await, "a b ");
    }
}
