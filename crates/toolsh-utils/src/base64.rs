//! `base64`: encode or decode RFC 4648 base64 (GNU coreutils manual,
//! "base64 invocation"), wrapping encoded lines at 76 columns (`-w`),
//! ignoring newlines (and with `-i` all non-alphabet bytes) when decoding.
//! The codec is the `base64` crate.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OpenWording, OutBuf, Source, error, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `base64 [-d] [-i] [-w COLS] [FILE]`.
    Base64,
    "base64",
    body
);

const SPEC: Spec = Spec {
    short: "diw:",
    long: &[
        long("decode", HasArg::No, 'd'),
        long("ignore-garbage", HasArg::No, 'i'),
        long("wrap", HasArg::Yes, 'w'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: base64 [OPTION]... [FILE]
Base64 encode or decode FILE, or standard input, to standard output.

With no FILE, or when FILE is -, read standard input.

  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                          Use 0 to disable line wrapping
      --help            display this help and exit
";

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let decode = args.has('d');
    let garbage = args.has('i');
    let wrap = match args.last('w') {
        None => 76,
        Some(w) => match w.parse::<usize>() {
            Ok(n) => n,
            Err(_) => {
                error(ctx, &format!("invalid wrap size: '{w}'")).await?;
                return Ok(1);
            }
        },
    };
    if args.operands.len() > 1 {
        usage_error(ctx, &format!("extra operand '{}'", args.operands[1]), 1).await?;
        return Ok(1);
    }
    let name = args.operands.first().cloned().unwrap_or_else(|| "-".into());
    let max = ctx.shell.limits().max_buffer_bytes;
    let Some(mut src) = Source::open_or_report(ctx, &name, OpenWording::Plain, None).await? else {
        return Ok(1);
    };
    let data = src.read_all(ctx.stdin, max).await?;
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    if decode {
        let clean: Vec<u8> = data
            .iter()
            .copied()
            .filter(|&b| {
                if garbage {
                    b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'='
                } else {
                    b != b'\n'
                }
            })
            .collect();
        // Decode whole quanta, so a bad tail still yields the good prefix.
        let good = clean.len() / 4 * 4;
        let mut ok = true;
        let mut end = good;
        // With -i, padding only counts at the end.
        match STANDARD.decode(&clean[..good]) {
            Ok(bytes) => out.write(&bytes).await?,
            Err(_) => {
                // Find the longest decodable prefix of whole quanta.
                end = 0;
                while end + 4 <= good {
                    let Ok(b) = STANDARD.decode(&clean[end..end + 4]) else {
                        break;
                    };
                    out.write(&b).await?;
                    end += 4;
                    if b.len() < 3 {
                        break;
                    }
                }
                ok = false;
            }
        }
        if ok && end < clean.len() {
            ok = false;
            // A final partial quantum without padding: GNU decodes it.
            let tail = &clean[end..];
            let mut padded = tail.to_vec();
            while !padded.len().is_multiple_of(4) {
                padded.push(b'=');
            }
            if let Ok(b) = STANDARD.decode(&padded) {
                out.write(&b).await?;
            }
        }
        out.flush().await?;
        if !ok {
            error(ctx, "invalid input").await?;
            return Ok(1);
        }
        return Ok(0);
    }
    let enc = STANDARD.encode(&data);
    if wrap == 0 {
        out.write_str(&enc).await?;
    } else {
        for chunk in enc.as_bytes().chunks(wrap) {
            out.write(chunk).await?;
            out.write(b"\n").await?;
        }
        if enc.is_empty() {
            // GNU prints nothing for empty input.
        }
    }
    out.flush().await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    #[tokio::test]
    async fn round_trip() {
        let mut sh = TestShell::default();
        assert_eq!(
            sh.run(&Base64, &["base64"], "hello\n").await.stdout,
            "aGVsbG8K\n"
        );
        assert_eq!(
            sh.run(&Base64, &["base64", "-d"], "aGVsbG8K\n")
                .await
                .stdout,
            "hello\n"
        );
        let r = sh.run(&Base64, &["base64", "-d"], "aGV!").await;
        assert_eq!(r.status.unwrap(), 1);
        assert_eq!(
            sh.run(&Base64, &["base64", "-w", "4"], "hello")
                .await
                .stdout,
            "aGVs\nbG8=\n"
        );
    }
}
